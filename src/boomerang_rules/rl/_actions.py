"""The integer actions this package is built on: the library's own where it has them.

The numbering is the library's: card ``i`` in the engine's card order (sorted ids), then each
activity kind in the ruleset's order, then ``"none"``. Until the engine exports
``num_actions``/``action_id``/``action_of``/``legal_mask`` this module computes the same
numbering itself, privately.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..australia.rules import Ruleset
from ..australia.state import GameState
from ..australia.tables import NO_ACTIVITY, tables_for

num_actions: Callable[[Ruleset], int]
action_id: Callable[[Ruleset, Any], int]
action_of: Callable[[Ruleset, int], str]
legal_mask: Callable[[GameState, int], int]

try:
    from ..australia.actions import action_id, action_of, legal_mask, num_actions  # type: ignore[no-redef,import-untyped,unused-ignore]
except ImportError:  # the engine predates integer actions
    from ..australia.engine import legal_actions

    def _names(rules: Ruleset) -> tuple[str, ...]:
        t = tables_for(rules)
        return (*t.ids, *t.activity_kinds, NO_ACTIVITY)

    def num_actions(rules: Ruleset) -> int:  # type: ignore[misc,unused-ignore]
        return len(_names(rules))

    def action_of(rules: Ruleset, i: int) -> str:  # type: ignore[misc,unused-ignore]
        names = _names(rules)
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(names):
            raise ValueError(f"{i!r} is not an action id of {rules.id!r}")
        return names[i]

    def action_id(rules: Ruleset, action: Any) -> int:  # type: ignore[misc,unused-ignore]
        names = _names(rules)
        if isinstance(action, str):
            if action in names:
                return names.index(action)
            raise ValueError(f"{action!r} is not an action of {rules.id!r}")
        action_of(rules, action)
        return int(action)

    def legal_mask(state: GameState, seat: int) -> int:  # type: ignore[misc,unused-ignore]
        if not 0 <= seat < state.players:
            legal_actions(state, seat)  # raises IllegalAction naming the seat
        if not state.waiting >> seat & 1:
            return 0
        t = tables_for(state.rules)
        if state.step < t.activity_step:
            return state.hands[seat]
        kinds = len(t.activity_kinds)
        free = ((1 << kinds) - 1) & ~state.progress.used_activities[seat]
        return (free | 1 << kinds) << t.deck_size
