"""Actions as integers: a fixed numbering per ruleset, and legality as a bit mask.

Reinforcement-learning code wants a fixed action space: action ``i`` is the ``i``-th card in
sorted id order (the engine's own card index), then each activity kind in the ruleset's
order, then ``"none"`` last. ``apply`` and ``step`` take an action's id as well as its string.
"""

from __future__ import annotations

import operator

from ..core.arguments import brief, require
from ..core.seats import check_seat
from .rules import Ruleset
from .state import GameState, check_state
from .tables import tables_for

RULES_WHAT = "a Boomerang: Australia Ruleset (see load_rules)"


def num_actions(rules: Ruleset) -> int:
    """How many actions ``rules`` numbers: its cards, its activity kinds, and ``"none"``."""
    require(rules, Ruleset, "rules", RULES_WHAT)
    t = tables_for(rules)
    return t.deck_size + len(t.activity_kinds) + 1


def action_of(rules: Ruleset, i: int) -> str:
    """The action (card id, activity id or ``"none"``) numbered ``i``; ``ValueError`` if none is."""
    require(rules, Ruleset, "rules", RULES_WHAT)
    t = tables_for(rules)
    number = as_id(i)
    if number is None or not 0 <= number < len(t.action_names):
        raise ValueError(f"{brief(i)} is not an action id of {rules.id!r} (ids are 0 to {len(t.action_names) - 1})")
    return t.action_names[number]


def action_id(rules: Ruleset, action: str | int) -> int:
    """The number of ``action`` (a card id, activity id or ``"none"``; an id is returned as it is)."""
    require(rules, Ruleset, "rules", RULES_WHAT)
    t = tables_for(rules)
    if isinstance(action, str):
        number = t.action_ids.get(action)
        if number is not None:
            return number
        raise ValueError(f"{brief(action)} is not an action of {rules.id!r} (a card id, an activity id or 'none')")
    number = as_id(action)
    if number is None or not 0 <= number < len(t.action_names):
        raise ValueError(f"{brief(action)} is not an action of {rules.id!r} (a card id, an activity id or 'none', "
                         f"or an id from 0 to {len(t.action_names) - 1})")
    return number


def as_id(value: object) -> int | None:
    """``value`` as an integer id if it is one (an int or anything with ``__index__``, never a bool)."""
    if isinstance(value, int):
        return None if isinstance(value, bool) else value
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def legal_mask(state: GameState, seat: int) -> int:
    """The legal actions of ``seat`` as a bit mask: bit ``i`` set when action ``i`` is legal now.

    0 when the seat owes no decision; ``IllegalAction`` for a seat the game does not have.
    """
    if state.__class__ is not GameState:
        check_state(state)
    if seat.__class__ is not int or seat < 0 or not state.waiting >> seat & 1:
        seat = check_seat(state.players, seat)
        if not state.waiting >> seat & 1:
            return 0
    context = state.context
    t = context.tables
    if state.step < t.activity_step:
        return state.hands[seat]
    return t.activity_masks[context.progress.used_activities[seat]]
