"""Game records: a game as JSON, made from a state, replayed into one, and checked by the rules.

A record holds every chance outcome (the deals), so checking it needs no random generator:
the engine itself replays it, and every place where the record and the rules part is reported
with its JSON pointer.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ..core.errors import Problem
from ..core.records import Checked, envelope, located, player_names, reached, result_of
from ..core.validation import RECORD_FORMAT
from .engine import is_over
from .record_checks import check_record
from .rules import Ruleset
from .sheets import score_sheets, winners
from .state import GameState, check_state


def record_of(state: GameState, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The record of the game so far (with its ``result`` once it is over).

    ``names`` are the players' names, in seat order (default: those of the record the state
    was replayed from, else ``Seat 0``, ``Seat 1``, ...).

    Decisions of a step not yet complete are left out: a record holds complete steps only.
    """
    check_state(state)
    t = state.tables
    progress = state.progress
    names = player_names(names, state.players, progress.names)
    rounds: list[dict[str, Any]] = [
        {"hands": [t.hand_ids(m) for m in r.dealt], "picks": [list(t.ids_of(d)) for d in r.drafts],
         "activities": [t.activity_name(a) for a in r.activities]}
        for r in progress.rounds]
    if not is_over(state) and any(state.dealt):
        rounds.append({"hands": [t.hand_ids(m) for m in state.dealt],
                       "picks": [list(t.ids_of(d)) for d in state.drafted]})
    record = envelope(state.rules, names, progress.seed)
    record["rounds"] = [{k: [list(x) if isinstance(x, tuple) else x for x in v] for k, v in r.items()}
                        for r in rounds]
    if is_over(state):
        record["result"] = result_of(score_sheets(state), winners(state))
    return record


def validate_record(record: Any, file: str | os.PathLike[str] | None = None) -> list[Problem]:
    """Every problem of a parsed game record that can be found without guessing; [] when valid,
    each in ``file`` (a name or a path: ``core.records.located``)."""
    return located(check_record(record).problems, file)


def state_of(record: Any, rules: Ruleset | str | None = None) -> GameState:
    """The state a valid record ends in. ``InvalidInput`` lists the problems of an invalid one.

    The deals come from the record; a game that stops between rounds waits there for a deal.
    """
    return reached(check_record(record, rules))


__all__ = ["RECORD_FORMAT", "Checked", "check_record", "record_of", "state_of",
           "validate_record"]
