"""End-of-game scoring: animal majorities, sets of boomerangs, and the tie-break.

For each animal the player(s) with the most cards of it score one point per card of it
(tied leaders all score; nobody scores an animal nobody holds); each complete set of
``boomerangs_per_point`` boomerangs held scores one point. Highest total wins; then the
ruleset's tie-breakers (most boomerangs); still tied, the victory is shared.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from ..core.arguments import brief, list_of, require
from ..core.errors import InvalidInput, Problem
from ..core.frozendict import FrozenDict
from ..core.pointer import pointer
from ..core.sheets import SheetRows
from .rules import Ruleset
from .tables import Tables, tables_for


def _frozen(value: Mapping[str, int]) -> Mapping[str, int]:
    return FrozenDict(value)


@attrs.frozen
class SeatScore(SheetRows):
    """One seat's score sheet: its cards per animal, points per animal, boomerangs and sets
    (``sheet["total"]``, ``row_total``, ``as_dict()``: ``core.sheets.SheetRows``)."""

    cards: Mapping[str, int] = attrs.field(converter=_frozen)
    """How many cards of each animal the seat holds."""
    animals: Mapping[str, int] = attrs.field(converter=_frozen)
    """Points per animal: the seat's card count where it leads (or ties the lead), else 0."""
    boomerangs: int
    sets: int
    """Complete sets of boomerangs: one point each."""
    total: int

    ROWS: ClassVar[tuple[str, ...]] = ("cards", "animals", "boomerangs", "sets", "total")
    """The rows of a score sheet, in order (``row_total`` sums ``cards`` and ``animals`` over the animals)."""


ROWS = SeatScore.ROWS
"""The fields of a score sheet, in order."""


def score_counts(t: Tables, counts: Sequence[Sequence[int]], boomerangs: Sequence[int]) -> tuple[SeatScore, ...]:
    """Scores from each seat's card count per animal (ruleset order) and boomerangs held."""
    per_point = t.rules.boomerangs_per_point
    animals = t.animals
    leads = [max(column) for column in zip(*counts)]  # each animal's most cards (counts: one per animal)
    out = []
    for seat_counts, held in zip(counts, boomerangs):
        points = [n if n == lead else 0 for n, lead in zip(seat_counts, leads)]  # 0 cards score 0 either way
        sets = held // per_point
        out.append(SeatScore(dict(zip(animals, seat_counts)), dict(zip(animals, points)), held, sets,
                             sum(points) + sets))
    return tuple(out)


def count_cards(t: Tables, cards: Sequence[int]) -> list[int]:
    """How many of ``cards`` (indices, each at most once) show each animal, in ruleset order.

    One sum over the cards of ``Tables.animal_unit`` (a card adds 1 to its animal's field of
    ``animal_width`` bits, wide enough for the whole deck), read back field by field.
    """
    total = sum(map(t.animal_unit.__getitem__, cards))
    mask = (1 << t.animal_width) - 1
    return [total >> shift & mask for shift in t.animal_shifts]


class Seats(tuple[int, ...]):
    """Winning seats, ascending: a tuple that also equals the list of the same seats.

    A record's JSON gives winners as a list; comparing either form with either works.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list):
            return list(self) == other
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        return tuple.__repr__(self)


def best_seats(scores: Sequence[SeatScore], tie_breakers: Sequence[str]) -> Seats:
    """The winning seats: highest total, then each tie-breaker in turn; several on a shared victory."""
    keys = [(s.total, *(s.boomerangs for tb in tie_breakers if tb == "boomerangs")) for s in scores]
    if not keys:
        return Seats()
    best = max(keys)
    return Seats(seat for seat, key in enumerate(keys) if key == best)


def tie_words(scores: Sequence[SeatScore], tie_breakers: Sequence[str], names: Sequence[str]) -> str | None:
    """Which tie-break decided a game of these final scores (``core.ties.tie_told``); None without
    a tie at the top. ``best_seats`` decides alike."""
    from ..core.ties import TieBreak, tie_told

    breaks = [TieBreak("most boomerangs", [s.boomerangs for s in scores]) for tb in tie_breakers if tb == "boomerangs"]
    return tie_told([s.total for s in scores], names, breaks)


def _checked(rules: Ruleset, cards: Sequence[Sequence[str]], boomerangs: Sequence[int]
             ) -> tuple[Tables, list[list[int]]]:
    """Card indices per seat; ``TypeError`` naming the argument that is not a list, ``InvalidInput``
    naming every unknown or repeated card and bad count (any number of seats: the scoring is the
    same arithmetic; the command line refuses a count the ruleset has not)."""
    require(rules, Ruleset, "rules", "a Boomerang (2010) Ruleset (see load_rules)")
    t = tables_for(rules)
    problems: list[Problem] = []
    if isinstance(cards, str) or isinstance(boomerangs, str | bytes):
        raise InvalidInput([Problem("", "give one list of card ids and one boomerang count per seat",
                                    "seat-count")])
    list_of(cards, "cards", "seats' cards, each a list of card ids (str)")
    list_of(boomerangs, "boomerangs", "boomerang counts (int), one per seat")
    if len(cards) != len(boomerangs):
        problems.append(Problem("", f"{len(cards)} lists of cards for {len(boomerangs)} boomerang counts: "
                                "give one of each per seat", "seat-count"))
    seen: dict[str, tuple[int, int]] = {}
    out: list[list[int]] = []
    for s, hand in enumerate(cards):
        mine: list[int] = []
        if isinstance(hand, str):
            problems.append(Problem(pointer("cards", s), "a seat's cards must be a list of card ids, not one string",
                                    "card-list"))
            hand = []
        list_of(hand, f"cards[{s}]", "card ids (str)")
        for i, cid in enumerate(hand):
            where = pointer("cards", s, i)
            if not isinstance(cid, str) or cid not in t.index:
                problems.append(Problem(where, f"unknown card {brief(cid)}", "card-known"))
            elif cid in seen:
                other, k = seen[cid]
                problems.append(Problem(where, f"card {cid!r} is held twice (also by seat {other}, its card {k + 1})",
                                        "card-unique"))
            else:
                seen[cid] = (s, i)
                mine.append(t.index[cid])
        out.append(mine)
    for s, held in enumerate(boomerangs):
        if isinstance(held, bool) or not isinstance(held, int) or held < 0:
            problems.append(Problem(pointer("boomerangs", s), f"a boomerang count is a whole number ≥ 0, "
                                    f"not {brief(held)}", "boomerangs-count"))
    if problems:
        raise InvalidInput(problems)
    return t, out


def final_scores(rules: Ruleset, cards: Sequence[Sequence[str]], boomerangs: Sequence[int]
                 ) -> tuple[SeatScore, ...]:
    """Every seat's final score from the card ids it captured and the boomerangs it holds.

    Raises ``InvalidInput`` naming (``/cards/seat/i``, ``/boomerangs/seat``) each unknown or
    repeated card and each count that is not a whole number.

    ```pycon
    >>> from boomerang_rules.boomerang2010 import load_rules
    >>> s = final_scores(load_rules(), cards=[["A1", "A2", "B1"], ["A3", "B2"], []], boomerangs=[12, 7, 17])
    >>> [x.total for x in s], dict(s[0].animals)["armadillo"], s[2].sets
    ([5, 2, 2], 2, 2)

    ```
    """
    t, indices = _checked(rules, cards, boomerangs)
    return score_counts(t, [count_cards(t, c) for c in indices], list(boomerangs))


def winners_of(rules: Ruleset, cards: Sequence[Sequence[str]], boomerangs: Sequence[int]) -> Seats:
    """The winning seats for these cards and boomerangs; a shared victory lists several."""
    scores = final_scores(rules, cards, boomerangs)  # checks every argument
    return best_seats(scores, rules.tie_breakers)
