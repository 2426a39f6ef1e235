"""Boomerang (2010) game records: a game as JSON, made from a state, replayed into one, checked.

A record holds the game's one chance outcome (the deck's order) and every decision (the
tokens, the hunt), with what followed from them (the cards turned up, the captures) for the
reader; checking it replays it with the engine and reports each place where it and the rules part.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ..core.errors import Problem
from ..core.records import Checked, envelope, located, player_names, reached, result_of
from .engine import is_over
from .record_checks import check_record
from .rules import Ruleset
from .sheets import score_sheets, winners
from .state import GameState, check_state


def record_of(state: GameState, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The record of the game so far (with its ``result`` once it is over).

    ``names`` are the players' names, in seat order (default: those of the record the state
    was replayed from, else ``Seat 0``, ``Seat 1``, ...). Tokens of a choice still under way
    are left out: a record holds complete steps only.
    """
    check_state(state)
    t = state.tables
    names = player_names(names, state.players, state.names)
    rounds: list[dict[str, Any]] = []
    for log in state.history:
        rounds.append({
            "turned": list(t.ids_of(log.turned)),
            "tokens": [t.lands[x] for x in log.tokens],
            "hunt": list(log.hunt),
            # each capture's cards as they lie in the river: the one order validate accepts
            "captures": [{"seat": seat, "land": t.lands[log.tokens[seat]], "cards": list(t.ids_of(took))}
                         for seat, took in zip(reversed(log.stack), log.captures)],
        })
    if not is_over(state):
        current: dict[str, Any] = {"turned": list(t.ids_of(state.turned))}
        if state.phase == "hunt":
            current["tokens"] = [t.lands[x] for x in state.tokens]
            current["hunt"] = list(state.hunt)
        rounds.append(current)
    record = envelope(state.rules, names, state.seed)
    record["deck"] = list(t.ids_of(state.deck_order))
    record["rounds"] = rounds
    if is_over(state):
        record["result"] = result_of(score_sheets(state), winners(state))
    return record


def validate_record(record: Any, file: str | os.PathLike[str] | None = None) -> list[Problem]:
    """Every problem of a parsed game record that can be found without guessing; [] when valid,
    each in ``file`` (a name or a path: ``core.records.located``)."""
    return located(check_record(record).problems, file)


def state_of(record: Any, rules: Ruleset | str | None = None) -> GameState:
    """The state a valid record ends in. ``InvalidInput`` lists the problems of an invalid one."""
    return reached(check_record(record, rules))


__all__ = ["Checked", "check_record", "record_of", "state_of", "validate_record"]
