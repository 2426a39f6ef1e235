"""Tournaments, shared by every game (``core.tournament``), kept importable here."""

from ..core.tournament import GameResult, SeatSummary, Tournament, run

__all__ = ["GameResult", "SeatSummary", "Tournament", "run"]
