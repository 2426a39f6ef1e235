"""Sea Salt & Paper game records: a game as JSON, made from a state, and a valid one read back.

A record holds every chance outcome as it happened (each round's deck order, the first
player, each steal's card, each lobster's shuffle) and every decision, so replaying it needs no
generator. Checking one is ``record_checks``' (``check_record``, kept importable here).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from ..core.errors import Problem
from ..core.records import Checked, envelope, located, player_names, reached, result_of
from ..core.validation import RECORD_FORMAT
from .engine import winners
from .hot_path import is_over
from .record_checks import check_record
from .rules import Ruleset
from .sheets import score_sheets
from .state import Entry, GameState, check_state
from .tables import Tables


def _entries(t: Tables, log: Sequence[Entry]) -> list[list[Any]]:
    """A round's decisions as the record writes them: ``[seat, action]``, a steal with its card (the
    card a crab pair's pick of a top keeps in the log is its action's: a record does not repeat it)."""
    ids = t.ids
    return [[seat, action, ids[card]] if card >= 0 and action[:6] == "steal:" else [seat, action]
            for seat, action, card in log]


def record_of(state: GameState, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The record of the game so far (with its ``result`` once it is over).

    ``names`` are the players' names, in seat order (default: those of the record the state
    was replayed from, else ``Seat 0``, ``Seat 1``, ...). A state drawn by ``determinize`` has
    none (``ValueError``): the view it was drawn from holds no deck order nor decisions to record.
    """
    return _record(state, names, _deck, _entries)


def _deck(t: Tables, cards: tuple[int, ...]) -> list[str]:
    """A round's deck as the record writes it: its cards' ids."""
    return list(t.ids_of(cards))


def _record(state: GameState, names: Sequence[str] | None, deck: Callable[[Tables, tuple[int, ...]], Any],
            actions: Callable[[Tables, Sequence[Entry]], Any]) -> dict[str, Any]:
    """``record_of``'s record, each round's ``deck`` made by ``deck(tables, cards)`` and its
    ``actions`` by ``actions(tables, log)``."""
    check_state(state)
    t = state.tables
    if any(not r.deck for r in state.history) or (state.phase not in ("over", "deal") and not state.deck0):
        raise ValueError("state has no game record: it was drawn by determinize, whose view holds neither the "
                         "round's deck order nor its decisions (a determinization plays on, but no record "
                         "replays to it; docs/sea-salt-paper.md)")
    names = player_names(names, state.players, state.names)
    rounds = [_shuffled({"deck": deck(t, r.deck), "first": r.first, "actions": actions(t, r.log)}, t, r.shuffles)
              for r in state.history]
    if state.phase not in ("over", "deal"):
        rounds.append(_shuffled({"deck": deck(t, state.deck0), "first": state.first,
                                 "actions": actions(t, state.entries())}, t,
                                state.shuffles if t.expansion else ()))
    record = envelope(state.rules, names, state.seed)
    record["rounds"] = rounds
    if is_over(state):
        record["result"] = result_of(score_sheets(state), winners(state))
    return record


_one_line = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode
"""``json.dumps(value, ensure_ascii=False, separators=(",", ":"))``, the encoder made once (as
``core.simulation``'s)."""


@attrs.define(slots=True)
class _Texts:
    """A ruleset's pieces of a record's line (``record_line``), by its card ids."""

    cards: tuple[str, ...]
    """Each card's id as JSON text (``"shell-1"``)."""
    entries: dict[Entry, str] = attrs.field(factory=dict)
    """A decision -> its text (``[0,"draw"]``), made on first need. Bounded: a ruleset's decisions
    are its seats by its actions (by the card a steal took)."""


_TEXTS: dict[tuple[str, ...], _Texts] = {}
"""Card ids -> their ``_Texts``; at most ``_MAX_TEXTS`` rulesets' are kept (then all are dropped and
made again as needed)."""
_MAX_TEXTS = 64


def _texts_of(t: Tables) -> _Texts:
    texts = _TEXTS.get(t.ids)
    if texts is None:
        if len(_TEXTS) >= _MAX_TEXTS:
            _TEXTS.clear()
        texts = _TEXTS[t.ids] = _Texts(tuple(map(_one_line, t.ids)))
    return texts


def _deck_text(t: Tables, cards: tuple[int, ...]) -> str:
    """``_one_line(_deck(t, cards))``, from the cards' texts."""
    return "[" + ",".join(map(_texts_of(t).cards.__getitem__, cards)) + "]"


def _actions_text(t: Tables, log: Sequence[Entry]) -> str:
    """``_one_line(_entries(t, log))``, from the decisions' texts (each made once per ruleset)."""
    known = _texts_of(t).entries
    try:
        return "[" + ",".join(map(known.__getitem__, log)) + "]"
    except KeyError:
        for entry, listed in zip(log, _entries(t, log)):
            if entry not in known:
                known[entry] = _one_line(listed)
        return "[" + ",".join(map(known.__getitem__, log)) + "]"


_KEYS: dict[str, str] = {}
"""A record's key -> its JSON text and the colon (``"deck":``): the keys ``_record`` writes, a few."""


def _object_text(value: dict[str, Any], written: tuple[str, ...]) -> str:
    """``_one_line(value)``, the values under the keys ``written`` already JSON text (an exact int's
    text is its ``repr``, as the encoder writes it)."""
    parts = []
    for k, v in value.items():
        key = _KEYS.get(k)
        if key is None:
            key = _KEYS[k] = _one_line(k) + ":"
        parts.append(key + (v if k in written else repr(v) if v.__class__ is int else _one_line(v)))
    return "{" + ",".join(parts) + "}"


def record_line(state: GameState, names: Sequence[str] | None = None) -> str:
    """``json.dumps(record_of(state, names), ensure_ascii=False, separators=(",", ":"))``, the same text
    made faster for ``simulate`` (issue 27): each decision's and each card's text is looked up rather
    than a list made and encoded a decision, a card's id escaped for each deck it is in (a random
    game's record written in half the time: 0.07 ms, not 0.14). JSON writes an object as its
    ``"key":value`` pairs in order between braces, and a list as its items' texts between brackets
    with commas, so the record is written key by key, each round's deck and actions from those
    texts (``tests/test_ssp_records.py`` compares the two on every shipped ruleset)."""
    record = _record(state, names, _deck_text, _actions_text)
    record["rounds"] = "[" + ",".join(_object_text(r, ("deck", "actions")) for r in record["rounds"]) + "]"
    return _object_text(record, ("rounds",))


def _shuffled(rnd: dict[str, Any], t: Tables, shuffles: tuple[tuple[int, ...], ...]) -> dict[str, Any]:
    """A record's round with its lobster shuffles (Extra Salt), when it had any."""
    if shuffles:
        rnd["shuffles"] = [list(t.ids_of(order)) for order in shuffles]
    return rnd


def validate_record(record: Any, file: str | os.PathLike[str] | None = None) -> list[Problem]:
    """Every problem of a parsed game record that can be found without guessing; [] when valid,
    each in ``file`` (a name or a path: ``core.records.located``)."""
    return located(check_record(record).problems, file)


def state_of(record: Any, rules: Ruleset | str | None = None) -> GameState:
    """The state a valid record ends in. ``InvalidInput`` lists the problems of an invalid one."""
    return reached(check_record(record, rules))


__all__ = ["RECORD_FORMAT", "Checked", "check_record", "record_line", "record_of", "state_of", "validate_record"]
