"""Boomerang (Ehrhard & Lalet, Lui-même, 2010), the hunting game: the ruleset model, the engine,
scoring, records and bots.

The package exposes what ``core.games.GameModule`` names, so that the top-level API of
``boomerang_rules`` and the command line play it like any other game; ``final_scores`` and
``winners_of`` score a finished table directly::

    from boomerang_rules import boomerang2010 as b10
    s = b10.final_scores(rules, cards=[["A1", "K2"], ["B3"], []], boomerangs=[11, 20, 5])
    s[0].animals["armadillo"], s[0].sets, s[0].total
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
from .rules import GAME, PASS, SCHEMA, THROW, Card, Ruleset, build, check, to_data
from .scoring import ROWS, SeatScore, final_scores, winners_of
from .sheets import score_sheets, winners
from .state import GameState
from .view import PastRound, SeatView, view

STATE_TYPES: tuple[type, ...] = (GameState,)

register(sys.modules[__name__])

__all__ = ["BOTS", "GAME", "PASS", "ROWS", "SCHEMA", "STATE_METHODS", "STATE_TYPES", "THROW", "Card",
           "GameState", "GreedyBot", "PastRound", "RandomBot", "Ruleset", "SeatScore", "SeatView",
           "action_id", "action_of", "apply", "build", "check", "check_record", "determinize",
           "final_scores", "is_over", "legal_actions", "legal_mask", "load_rules", "new_game",
           "num_actions", "play_game", "record_of", "score_sheets", "state_of", "step", "to_act", "to_data",
           "validate_record", "view", "winners", "winners_of"]
