"""The ``check-scorer`` machinery, shared by every game (``core.differential``), kept importable here."""

from ..core.differential import Difference, Game, ScorerError, check, compare, make_games, run_scorer, shortest

__all__ = ["Difference", "Game", "ScorerError", "check", "compare", "make_games", "run_scorer", "shortest"]
