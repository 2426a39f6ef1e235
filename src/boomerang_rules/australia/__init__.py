"""Boomerang: Australia — the ruleset model, scoring and the engine.

The package exposes what ``core.games.GameModule`` names, so that the top-level API of
``boomerang_rules`` and the command line can play it like any other game.
"""

from __future__ import annotations

import sys

from ..core.games import register
from .actions import action_id, action_of, legal_mask, num_actions
from .bots import BOTS, GreedyBot, RandomBot, play_game
from .determinize import VIEW_TYPES as VIEW_TYPES  # for core.games.register
from .determinize import determinize as determinize
from .engine import STATE_METHODS, apply, is_over, legal_actions, new_game, step, to_act
from .loading import load_rules
from .records import check_record, record_of, state_of, validate_record
from .rules import GAME, SCHEMA, Card, Region, Ruleset, build, check, to_data
from .scoring import RoundScore, score_round
from .sheets import ROWS, ScoreSheet, score_sheets, winners
from .state import GameState
from .tables import NO_ACTIVITY
from .view import PastRound, SeatView, view

STATE_TYPES: tuple[type, ...] = (GameState,)

register(sys.modules[__name__])

__all__ = ["BOTS", "GAME", "NO_ACTIVITY", "ROWS", "SCHEMA", "STATE_METHODS", "STATE_TYPES", "Card", "GameState",
           "GreedyBot", "PastRound", "RandomBot", "Region", "RoundScore", "Ruleset", "ScoreSheet", "SeatView",
           "action_id", "action_of", "apply", "build", "check", "check_record", "determinize", "is_over",
           "legal_actions", "legal_mask", "load_rules", "new_game", "num_actions", "play_game", "record_of",
           "score_round", "score_sheets", "state_of", "step", "to_act", "to_data", "validate_record", "view",
           "winners"]
