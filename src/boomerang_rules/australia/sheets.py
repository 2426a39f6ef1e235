"""Score sheets and winners, read off a game's finished rounds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

from ..core.sheets import SheetRows
from ..core.ties import TieBreak, tie_told
from .engine import is_over
from .state import GameState, check_state, fast_init

ROWS = ("throw_catch", "collections", "animals", "activity", "sites", "regions", "total")
"""The rows of a score sheet, in the order the paper sheet has them."""


@attrs.frozen
class ScoreSheet(SheetRows):
    """One seat's sheet: a number per finished round for the round rows, game totals after."""

    throw_catch: tuple[int, ...]
    collections: tuple[int, ...]
    animals: tuple[int, ...]
    activity: tuple[int, ...]
    sites: int
    """Points for distinct sites visited (one each in the standard rules)."""
    regions: int
    """Points for region bonuses won."""
    total: int

    ROWS: ClassVar[tuple[str, ...]] = ROWS


def score_sheets(state: GameState) -> tuple[ScoreSheet, ...]:
    """Every seat's score sheet so far, in seat order (rounds not yet scored are absent)."""
    check_state(state)
    context = state[0]
    t = context.tables
    progress = context.progress
    rounds = progress.rounds
    site_points = t.site_points
    region_bonus = t.region_bonus
    if not rounds:
        return tuple([_SHEET((), (), (), (), site_points * visited.bit_count(), 0, site_points * visited.bit_count())
                      for visited in progress.visited])
    # Per seat, its rounds' scores; then per seat, a row per score kind.
    by_seat = zip(*[r[3] for r in rounds])  # RoundResult is tuple-backed: r[3] is r.scores, r[4] r.bonuses
    won = zip(*[r[4] for r in rounds])
    sheets = []
    bit_count = int.bit_count
    for visited, seat_scores, bonuses in zip(progress.visited, by_seat, won):
        throw_catch, collections, animals, activity = zip(*seat_scores)
        sites = site_points * visited.bit_count()
        regions = region_bonus * sum(map(bit_count, bonuses))
        total = sum(throw_catch) + sum(collections) + sum(animals) + sum(activity) + sites + regions
        sheets.append(_SHEET(throw_catch, collections, animals, activity, sites, regions, total))
    return tuple(sheets)


_SHEET = fast_init(ScoreSheet)


def winners(state: GameState) -> tuple[int, ...]:
    """The winning seats of a finished game (several on a shared win); empty before the end.

    Highest total wins; ties go to the ruleset's tie-breakers in turn (the standard rules:
    most Throw & Catch points); still tied, the win is shared.
    """
    check_state(state)
    if not is_over(state):
        return ()
    return best_sheets(score_sheets(state), state.rules.scoring.tie_breakers)


def best_sheets(sheets: Sequence[ScoreSheet], tie_breakers: Sequence[str]) -> tuple[int, ...]:
    """The positions of the winning sheets: highest total, then each tie-breaker row's total."""
    keys = [(sheet.total, *(sheet.row_total(row) for row in tie_breakers)) for sheet in sheets]
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)


ROW_WORDS = {"throw_catch": "Throw & Catch", "collections": "collection", "animals": "animal",
             "activity": "activity", "sites": "site", "regions": "region bonus"}
"""A score sheet row as a tie-break names it ("most Throw & Catch points")."""


def tie_words(sheets: Sequence[ScoreSheet], tie_breakers: Sequence[str], names: Sequence[str]) -> str | None:
    """Which tie-break decided a game with these final sheets (``core.ties.tie_told``); None
    without a tie at the top. ``best_sheets`` decides alike."""
    breaks = [TieBreak(f"most {ROW_WORDS.get(row, row.replace('_', ' '))} points",
                       [sheet.row_total(row) for sheet in sheets]) for row in tie_breakers]
    return tie_told([sheet.total for sheet in sheets], names, breaks)
