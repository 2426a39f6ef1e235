"""Score sheets and winners, read off a game's finished rounds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from ..core.sheets import SheetRows
from ..core.ties import TieBreak, tie_told
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

    def row_figure(self, row: str) -> int:
        """A tournament's figure of ``row``: for the rounds, how many the game took (their points add
        up to the total, which the tournament gives already: its "Rounds" column repeated the mean
        total); for the total, the total."""
        return len(self.rounds) if row == "rounds" else self.row_total(row)


def score_sheets(state: GameState) -> tuple[ScoreSheet, ...]:
    """Every seat's score sheet so far, in seat order."""
    check_state(state)
    return tuple(ScoreSheet(tuple(r.scores[seat] for r in state.history), state.totals[seat])
                 for seat in range(state.players))


def tie_breaks(tie_break: str, last: Any) -> list[TieBreak]:
    """The ruleset's tie-break read off the game's last round ``last`` (a ``RoundResult`` or a
    view's past round), as ``engine._winners`` reads it."""
    n = len(last.scores)
    if tie_break == "last-round-points":
        return [TieBreak("most points in the last round", last.scores)]
    if tie_break == "ended-last-round":
        return [TieBreak("who ended the last round", [1 if s == last.ender else 0 for s in range(n)],
                         lambda s: "ended it" if s == last.ender else "did not")]
    turns = last.last_turns
    return [TieBreak("the latest turn in the last round", turns,
                     lambda s: f"turn {turns[s] + 1}" if turns[s] >= 0 else "no turn")]


def tie_words(rules: Any, totals: Sequence[int], history: Sequence[Any], names: Sequence[str]) -> str | None:
    """Which tie-break decided a finished game of these totals and rounds (``core.ties.tie_told``);
    None without a tie at the top, or when all the mermaids won it (no tie-break then)."""
    if not history or history[-1].end == "mermaids":
        return None
    return tie_told(totals, names, tie_breaks(rules.tie_break, history[-1]))


__all__ = ["ROWS", "ScoreSheet", "score_sheets", "tie_words", "winners"]
