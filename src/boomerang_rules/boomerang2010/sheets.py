"""Score sheets and winners of a game state, from the cards captured and the boomerangs held."""

from __future__ import annotations

import attrs

from ..core.frozendict import FrozenDict
from . import engine
from .engine import is_over
from .scoring import Seats, SeatScore, best_seats, count_cards, score_counts
from .state import GameState, check_state


def score_sheets(state: GameState) -> tuple[SeatScore, ...]:
    """Every seat's score as if the game ended now (the final scores once it is over)."""
    check_state(state)
    t = state.tables
    return score_counts(t, [count_cards(t, c) for c in state.captured], state.boomerangs)


score_sheets_plain = score_sheets
"""The plain reading: the reference the compiled ``score_sheets`` is tested against, and its stand-in."""

if engine.COMPILED is not None:
    # The compiled twin (``_accel.c``), also as the state's method the top-level ``score_sheets`` calls.
    engine.STATE_METHODS.update(engine.COMPILED.accelerate_sheets(SeatScore, tuple(attrs.fields_dict(SeatScore)),
                                                                  FrozenDict, score_sheets_plain))
    score_sheets = engine.COMPILED.score_sheets


def winners(state: GameState) -> Seats:
    """The winning seats of a finished game (several on a shared victory); empty before the end."""
    check_state(state)
    if not is_over(state):
        return Seats()
    return best_seats(score_sheets(state), state.rules.tie_breakers)
