"""boomerang-rules: the rules of Boomerang: Australia as data and pure functions.

>>> import boomerang_rules as br
>>> rules = br.load_rules()                     # the standard ruleset
>>> s = br.new_game(rules, players=3, seed=7)
>>> br.to_act(s)
(0, 1, 2)
>>> s = br.apply(s, 0, br.legal_actions(s, 0)[0])
>>> br.to_act(s)
(1, 2)

States are immutable; ``apply`` returns a new one or raises ``IllegalAction``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .australia.engine import apply, is_over, legal_actions, new_game, to_act
    from .australia.loading import load_rules
    from .australia.records import check_record, record_of, state_of, validate_record
    from .australia.rules import Card, Region, Ruleset
    from .australia.scoring import RoundScore, score_round
    from .australia.sheets import ROWS, ScoreSheet, score_sheets, winners
    from .australia.state import GameState
    from .australia.tables import NO_ACTIVITY
    from .australia.view import PastRound, SeatView, view
    from .core.errors import BoomerangError, IllegalAction, InvalidInput, Problem, RulesError
    from .core.loading import RulesInfo, list_rules, rules_data, shipped_ids

# Names are imported on first use (PEP 562), so that ``import boomerang_rules`` and the
# command line start fast: a program that only validates never loads the engine, and one
# that only plays never loads jsonschema.
_LAZY: dict[str, str] = {
    "BoomerangError": ".core.errors",
    "Card": ".australia.rules",
    "GameState": ".australia.state",
    "IllegalAction": ".core.errors",
    "InvalidInput": ".core.errors",
    "NO_ACTIVITY": ".australia.tables",
    "PastRound": ".australia.view",
    "Problem": ".core.errors",
    "ROWS": ".australia.sheets",
    "Region": ".australia.rules",
    "RoundScore": ".australia.scoring",
    "RulesError": ".core.errors",
    "RulesInfo": ".core.loading",
    "Ruleset": ".australia.rules",
    "ScoreSheet": ".australia.sheets",
    "SeatView": ".australia.view",
    "apply": ".australia.engine",
    "check_record": ".australia.records",
    "is_over": ".australia.engine",
    "legal_actions": ".australia.engine",
    "list_rules": ".core.loading",
    "load_rules": ".australia.loading",
    "new_game": ".australia.engine",
    "record_of": ".australia.records",
    "rules_data": ".core.loading",
    "score_round": ".australia.scoring",
    "score_sheets": ".australia.sheets",
    "shipped_ids": ".core.loading",
    "state_of": ".australia.records",
    "to_act": ".australia.engine",
    "validate_record": ".australia.records",
    "view": ".australia.view",
    "winners": ".australia.sheets",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'boomerang_rules' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


__version__ = "0.1.0"

__all__ = [
    "NO_ACTIVITY",
    "ROWS",
    "BoomerangError",
    "Card",
    "GameState",
    "IllegalAction",
    "InvalidInput",
    "PastRound",
    "Problem",
    "Region",
    "RoundScore",
    "RulesError",
    "RulesInfo",
    "Ruleset",
    "ScoreSheet",
    "SeatView",
    "apply",
    "check_record",
    "is_over",
    "legal_actions",
    "list_rules",
    "load_rules",
    "new_game",
    "record_of",
    "rules_data",
    "score_round",
    "score_sheets",
    "shipped_ids",
    "state_of",
    "to_act",
    "validate_record",
    "view",
    "winners",
]
