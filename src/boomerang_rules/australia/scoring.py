"""Scoring one player's round: Throw & Catch, collections, animals and the chosen activity.

Sites and region bonuses depend on the whole game, so the engine scores them (``sheets``).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..core.arguments import brief, is_list, kind, require
from ..core.errors import InvalidInput, Problem
from .rules import Ruleset
from .tables import NO_ACTIVITY, Tables, tables_for


@attrs.frozen
class RoundScore:
    """One player's points for one round, by row of the score sheet."""

    throw_catch: int
    collections: int
    animals: int
    activity: int
    round_total: int

    def __getitem__(self, row: str) -> int:
        """A row by name: ``score["collections"]``."""
        if row not in attrs.fields_dict(RoundScore):
            raise KeyError(row)
        value: int = getattr(self, row)
        return value


def score_cards(t: Tables, cards: Sequence[int], activity: int) -> RoundScore:
    """Score card indices in draft order (Throw first, Catch last); ``activity`` -1 for none."""
    throw_catch, collections, animals, points = t.score(list(cards), activity)
    return RoundScore(throw_catch, collections, animals, points, throw_catch + collections + animals + points)


def card_problems(t: Tables, cards: Sequence[object], what: str = "card") -> tuple[list[int], list[Problem]]:
    """Indices of the known card ids, and a problem for each unknown or repeated one."""
    problems = []
    seen: dict[str, int] = {}
    out = []
    for i, cid in enumerate(cards):
        if not isinstance(cid, str) or cid not in t.index:
            problems.append(Problem(f"/{i}", f"unknown {what} {brief(cid)} (cards are {' '.join(t.ids)})",
                                    "card-known"))
        elif cid in seen:
            problems.append(Problem(f"/{i}", f"{what} {cid!r} is repeated (first at position {seen[cid] + 1})",
                                    "card-unique"))
        else:
            seen[cid] = i
            out.append(t.index[cid])
    return out, problems


def score_round(rules: Ruleset, cards: Sequence[str], activity: str | None = None) -> RoundScore:
    """Score a player's round from their card ids in draft order (Throw first, Catch last).

    ``activity`` is the activity they score this round, or ``None``. Raises ``InvalidInput``
    for unknown or repeated ids, a card count other than the hand size, or an unknown activity.

    ```pycon
    >>> import boomerang_rules as br
    >>> br.score_round(br.load_rules(), ["E", "A", "V", "W", "X", "J", "B"], "indigenous_culture")
    RoundScore(throw_catch=3, collections=12, animals=3, activity=7, round_total=25)

    ```
    """
    require(rules, Ruleset, "rules", "a Boomerang: Australia Ruleset (see load_rules)")
    if isinstance(cards, str):
        raise InvalidInput([Problem("", "cards must be a list of card ids, not one string", "card-list")])
    if not is_list(cards):
        raise TypeError(f"cards must be a list of card ids (str), not {kind(cards)}")
    if activity is not None and not isinstance(activity, str):
        raise TypeError(f"activity must be an activity id (str) or None, not {kind(activity)}: {brief(activity)}")
    t = tables_for(rules)
    indices, problems = card_problems(t, cards)
    if len(cards) != t.hand_size:
        problems.append(Problem("", f"a round scores {t.hand_size} cards, got {len(cards)}", "card-count"))
    if problems:
        raise InvalidInput(problems)
    if activity is None or activity == NO_ACTIVITY:
        return score_cards(t, indices, -1)
    if activity not in t.activity_index:
        kinds = ", ".join(t.activity_kinds)
        raise InvalidInput([Problem("", f"unknown activity {brief(activity)} (activities are {kinds})",
                                    "activity-known")])
    return score_cards(t, indices, t.activity_index[activity])
