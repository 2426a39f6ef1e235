"""Sea Salt & Paper — the ruleset model, scoring, the engine, records and bots.

The package exposes what ``core.games.GameModule`` names, so that the top-level API of
``boomerang_rules`` and the command line play it like any other game, and the game's own
scoring API:

```pycon
>>> import boomerang_rules as br
>>> from boomerang_rules import seasaltpaper as ssp
>>> rules = br.load_rules("sea-salt-paper")
>>> ssp.score_cards(rules, hand=["octopus-1", "octopus-2"], played=["fish-1", "fish-2"]).card_points
4
>>> ssp.round_points(rules, cards=[(["octopus-1", "octopus-2"], []), (["shell-1"], [])], ender=0, call="stop")
(3, 0)

```
"""

from __future__ import annotations

import sys

from ..core.games import register
from .actions import action_id, action_of, legal_mask, num_actions
from .bots import BOTS, GreedyBot, RandomBot, play_game
from .determinize import VIEW_TYPES as VIEW_TYPES  # for core.games.register
from .determinize import determinize as determinize
from .engine import new_game, winners
from .hot_path import STATE_METHODS, apply, is_over, legal_actions, step, to_act
from .hot_path import random_play as random_play  # for core.bots
from .loading import load_rules
from .records import Checked, check_record, record_of, state_of, validate_record
from .records import record_line as record_line  # for core.simulation
from .rules import GAME, SCHEMA, Card, Ruleset, build, check, to_data
from .scoring import Points, round_points, score_cards
from .sheets import ROWS, ScoreSheet, score_sheets
from .state import GameState
from .view import PastRound, SeatView, view

STATE_TYPES: tuple[type, ...] = (GameState,)

register(sys.modules[__name__])

__all__ = ["BOTS", "GAME", "ROWS", "SCHEMA", "STATE_METHODS", "STATE_TYPES", "Card", "Checked", "GameState",
           "GreedyBot", "PastRound", "Points", "RandomBot", "Ruleset", "ScoreSheet", "SeatView",
           "action_id", "action_of", "apply", "build", "check", "check_record", "determinize", "is_over",
           "legal_actions", "legal_mask", "load_rules", "new_game", "num_actions", "play_game", "record_of",
           "round_points", "score_cards", "score_sheets", "state_of", "step", "to_act", "to_data",
           "validate_record", "view", "winners"]
