"""Actions as integers: one fixed numbering per ruleset, and legality as a bit mask.

Reinforcement-learning and search code wants a fixed action space. Action ``i`` is the
``i``-th of: ``draw``, ``pass``, ``end``, ``stop``, ``last_chance``, ``mermaids``; then
``take:CARD`` for every card, ``keep:CARD:PILE`` for every card and pile, ``pile:PILE``,
``pick:CARD``, ``steal:SEAT`` for every seat the ruleset allows, and every ``duo:A+B`` the deck
can make, sorted (cards in the ruleset's order); then Extra Salt's, when the ruleset has them:
``draw_one``, ``lobster:CARD`` for every card, and every ``trio:A+B+S``, sorted. ``apply`` and
``step`` take an action's id as well as its string. ``rl.seasaltpaper`` reads this numbering:
masks and observations keep it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..core.arguments import as_id, brief, require
from ..core.seats import as_listed
from .engine import _duo_pairs, duo_action, legal_actions
from .engine import apply as apply_string
from .engine import step as step_strings
from .rules import Ruleset
from .state import GameState
from .tables import PILES, tables_for


@lru_cache(maxsize=32)
def _numbering(rules: Ruleset, max_players: int) -> tuple[tuple[str, ...], dict[str, int]]:
    """The actions of ``rules`` in order and their numbers (keyed by the player range too: a
    ruleset's equality ignores it, and the ``steal:SEAT`` actions depend on it)."""
    t = tables_for(rules)
    ids = t.ids
    names = ["draw", "pass", "end", "stop", "last_chance", "mermaids"]
    names += [f"take:{c}" for c in ids]
    names += [f"keep:{c}:{p}" for c in ids for p in PILES]
    names += [f"pile:{p}" for p in PILES]
    names += [f"pick:{c}" for c in ids]
    names += [f"steal:{s}" for s in range(max_players)]
    names += sorted({duo_action(t, a, b) for a, b in _duo_pairs(t, tuple(range(len(ids))))})
    effects = {d.effect for d in rules.duos}
    if "restrict_opponents" in effects:  # Extra Salt's, after the base game's: its numbers unchanged
        names.append("draw_one")
    if "look_at_top" in effects:
        names += [f"lobster:{c}" for c in ids]
    names += sorted(t.trio_actions)
    return tuple(names), {name: i for i, name in enumerate(names)}


_KINDS = "draw, take:CARD, keep:CARD:PILE, duo:CARD+CARD, end, ... as legal_actions gives them"
"""The actions in words, for a refusal (the other games list theirs: a card id, an activity id or 'none'...)."""


def _of(rules: object) -> tuple[tuple[str, ...], dict[str, int]]:
    checked: Ruleset = require(rules, Ruleset, "rules", "a Sea Salt & Paper Ruleset (see load_rules)")
    return _numbering(checked, checked.players.max)


def action_names(rules: Ruleset) -> tuple[str, ...]:
    """Every action a game under ``rules`` can offer, in order: action ``i`` is ``action_names(rules)[i]``."""
    return _of(rules)[0]


def num_actions(rules: Ruleset) -> int:
    """How many actions ``rules`` numbers."""
    return len(_of(rules)[0])


def action_of(rules: Ruleset, i: int) -> str:
    """The action numbered ``i``; ``ValueError`` quoting ``i`` if none is, as every game's does."""
    names = _of(rules)[0]
    number = as_id(i)
    if number is None or not 0 <= number < len(names):
        raise ValueError(f"{brief(i)} is not an action id of {rules.id!r} (ids are 0 to {len(names) - 1})")
    return names[number]


def action_id(rules: Ruleset, action: str | int) -> int:
    """The number of ``action`` (an action string; an id is returned as it is); ``ValueError``
    naming ``action`` if it is neither."""
    names, index = _of(rules)
    if isinstance(action, str):
        number = index.get(action)
        if number is not None:
            return number
        raise ValueError(f"{brief(action)} is not an action of {rules.id!r} ({_KINDS})")
    number = as_id(action)
    if number is None or not 0 <= number < len(names):
        raise ValueError(f"{brief(action)} is not an action of {rules.id!r} ({_KINDS}, or an id from 0 to "
                         f"{len(names) - 1})")
    return number


def legal_mask(state: GameState, seat: int) -> int:
    """The legal actions of ``seat`` as a bit mask: bit ``i`` set when action ``i`` is legal now.

    0 when the seat owes no decision; ``IllegalAction`` for a seat the game does not have.
    """
    legal = legal_actions(state, seat)
    if not legal:
        return 0
    index = _of(state.rules)[1]
    mask = 0
    for action in legal:
        mask |= 1 << index[action]
    return mask


def _named(state: GameState, action: object) -> object:
    """``action`` as its string when it is the id of one of ``state``'s ruleset's actions; else itself
    (the engine refuses what is no action, as any other illegal action)."""
    if action.__class__ is not str:
        number = as_id(action)
        if number is not None:
            names = _of(state.rules)[0]
            if 0 <= number < len(names):
                return names[number]
    return action


def apply(state: GameState, seat: int, action: str | int) -> GameState:
    """``engine.apply`` taking an action's id as well as its string. An id no action has is
    refused by the engine, as any other illegal action (``IllegalAction`` saying why)."""
    if action.__class__ is str:
        return apply_string(state, seat, action)
    return apply_string(state, seat, _named(state, action))  # type: ignore[arg-type]  # the engine refuses a non-string


def step(state: GameState, actions: Sequence[str | int]) -> GameState:
    """``engine.step`` taking ids as well as strings (one decision a step: one seat acts at a time),
    in a list, a tuple or another sequence (a numpy array of ids, as every game's ``step``)."""
    if actions.__class__ is not list and actions.__class__ is not tuple:
        actions = as_listed(actions)  # type: ignore[assignment]
    if (actions.__class__ is list or actions.__class__ is tuple) and any(a.__class__ is not str for a in actions):
        actions = [_named(state, a) for a in actions]  # type: ignore[misc]
    return step_strings(state, actions)  # type: ignore[arg-type]
