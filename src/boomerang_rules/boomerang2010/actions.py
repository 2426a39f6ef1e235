"""Actions as integers: a fixed numbering per ruleset, and legality as a bit mask.

Action ``i`` is the ``i``-th land in the ruleset's order, then ``pass``, then ``throw``: a
fixed action space for reinforcement-learning code. ``apply`` and ``step`` take an action's
id as well as its string.
"""

from __future__ import annotations

from ..core.arguments import as_id, brief, require
from .engine import check_seat, legal_actions
from .rules import PASS, THROW, Ruleset
from .state import GameState

RULES_WHAT = "a Boomerang (2010) Ruleset (see load_rules)"


def _names(rules: Ruleset) -> tuple[str, ...]:
    return (*rules.lands, PASS, THROW)


def num_actions(rules: Ruleset) -> int:
    """How many actions ``rules`` numbers: its lands, ``pass`` and ``throw``."""
    require(rules, Ruleset, "rules", RULES_WHAT)
    return len(rules.lands) + 2


def action_of(rules: Ruleset, i: int) -> str:
    """The action (a land, ``pass`` or ``throw``) numbered ``i``; ``ValueError`` if none is."""
    require(rules, Ruleset, "rules", RULES_WHAT)
    names = _names(rules)
    number = as_id(i)
    if number is None or not 0 <= number < len(names):
        raise ValueError(f"{brief(i)} is not an action id of {rules.id!r} (ids are 0 to {len(names) - 1})")
    return names[number]


def action_id(rules: Ruleset, action: str | int) -> int:
    """The number of ``action`` (a land, ``pass`` or ``throw``; an id is returned as it is)."""
    require(rules, Ruleset, "rules", RULES_WHAT)
    names = _names(rules)
    if isinstance(action, str):
        if action in names:
            return names.index(action)
        raise ValueError(f"{brief(action)} is not an action of {rules.id!r} (a land, 'pass' or 'throw')")
    number = as_id(action)
    if number is None or not 0 <= number < len(names):
        raise ValueError(f"{brief(action)} is not an action of {rules.id!r} (a land, 'pass' or 'throw', or an id "
                         f"from 0 to {len(names) - 1})")
    return number


def legal_mask(state: GameState, seat: int) -> int:
    """The legal actions of ``seat`` as a bit mask: bit ``i`` set when action ``i`` is legal now."""
    seat = check_seat(state, seat)
    names = _names(state.rules)
    mask = 0
    for action in legal_actions(state, seat):
        mask |= 1 << names.index(action)
    return mask
