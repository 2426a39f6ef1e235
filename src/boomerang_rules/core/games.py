"""The games this library knows, and the module that holds each one's ruleset model.

A new game is a new entry here, a module with ``SCHEMA``, ``check`` and ``build``, and a
data file in ``variants/``.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol


class RulesModule(Protocol):
    """What core loading needs from a game's ruleset module."""

    SCHEMA: str

    def check(self, data: dict[str, Any]) -> list[Any]: ...

    def build(self, data: dict[str, Any]) -> Any: ...

    def to_data(self, rules: Any) -> dict[str, Any]: ...


GAMES: dict[str, str] = {
    "boomerang-australia": "boomerang_rules.australia.rules",
}

RECORDS: dict[str, str] = {
    "boomerang-australia": "boomerang_rules.australia.records",
}
"""Each game's record module, with ``validate_record(data, file) -> list[Problem]``."""


def records_module(game: str) -> Any:
    """The record module of ``game`` (the first game's for an unknown one: its schema reports it)."""
    return importlib.import_module(RECORDS.get(game, next(iter(RECORDS.values()))))


def rules_module(game: str) -> RulesModule:
    """The ruleset module of ``game``; ``KeyError`` for an unknown game."""
    module: Any = importlib.import_module(GAMES[game])
    return module  # type: ignore[no-any-return]
