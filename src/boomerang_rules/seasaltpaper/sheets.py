"""Score sheets and winners, read off a game's finished rounds."""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..core.sheets import SheetRows
from .engine import winners
from .state import GameState, check_state

ROWS = ("rounds", "total")
"""The rows of a score sheet: the points of each finished round, and the game total."""


@attrs.frozen
class ScoreSheet(SheetRows):
    """One seat's sheet: its points in each finished round (0 for a round the deck ended), and the total."""

    rounds: tuple[int, ...]
    total: int

    ROWS: ClassVar[tuple[str, ...]] = ROWS


def score_sheets(state: GameState) -> tuple[ScoreSheet, ...]:
    """Every seat's score sheet so far, in seat order."""
    check_state(state)
    return tuple(ScoreSheet(tuple(r.scores[seat] for r in state.history), state.totals[seat])
                 for seat in range(state.players))


__all__ = ["ROWS", "ScoreSheet", "score_sheets", "winners"]
