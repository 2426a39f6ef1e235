"""Fuzzing the command line: random bytes and random JSON through validate, replay and score.

Whatever the input, the exit code is 0, 1 or 2 and nothing escapes as a traceback.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import strategies as bst
from boomerang_rules.cli import cli

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
                    max_leaves=30)
KEYS = ["format", "version", "game", "rules", "players", "rounds", "result", "hands", "picks", "activities",
        "extends", "changes", "id", "name", "cards", "scoring"]


def _has(node: Any, part: str | int) -> bool:
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and part < len(node)


@st.composite
def documents(draw: st.DrawFn) -> bytes:
    """Bytes a careless or hostile user could hand over: noise, JSON, and records broken at random."""
    kind = draw(st.sampled_from(["bytes", "json", "shaped", "record"]))
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    if kind == "json":
        return json.dumps(draw(JSON)).encode()
    if kind == "shaped":
        value = draw(st.fixed_dictionaries({}, optional=dict.fromkeys(KEYS, JSON)))
        value["format"] = draw(st.sampled_from(["boomerang-rules/game-record", "boomerang-rules/ruleset",
                                                "boomerang-rules/variant"]))
        return json.dumps(value).encode()
    record: dict[str, Any] = draw(bst.records(rules="standard", finished=None))
    path = draw(st.lists(st.sampled_from(KEYS + [0, 1, 2]), min_size=1, max_size=4))
    node: Any = record
    for part in path[:-1]:
        if _has(node, part):
            node = node[part]
    last = path[-1]
    if (isinstance(node, dict) and isinstance(last, str)) or _has(node, last):
        node[last] = draw(JSON)
    text = json.dumps(record)
    if draw(st.booleans()):  # cut or splice the text itself
        i = draw(st.integers(0, len(text)))
        text = text[:i] + draw(st.sampled_from(["", "\\ud800", '"', "}", ",\"rounds\":[]", "\x0b"])) + text[i:]
    return text.encode("utf-8", "surrogatepass")


def _invoke(args: list[str]) -> Any:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code in (0, 1, 2), (args, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert "Traceback" not in result.output
    return result


@settings(max_examples=80, deadline=None)
@given(documents(), st.sampled_from(["game.json", "games.jsonl"]))
def test_validate_and_replay_survive_anything(data: bytes, name: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        _invoke(["validate", str(path)])
        _invoke(["validate", "--json", str(path)])
        if name.endswith(".json"):
            _invoke(["replay", str(path)])
            _invoke(["replay", "--seat", "1", str(path)])
        assert path.read_bytes() == data  # input is never changed


@settings(max_examples=40, deadline=None)
@given(documents())
def test_rulesets_given_to_score_survive_anything(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rules.json"
        path.write_bytes(data)
        _invoke(["score", "A", "B", "C", "D", "E", "F", "G", "--rules", str(path)])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=6), max_size=9), st.one_of(st.none(), st.text(max_size=12)))
def test_score_survives_any_arguments(cards: list[str], activity: str | None) -> None:
    args = ["score", "--", *cards] if activity is None else ["score", "--activity", activity, "--", *cards]
    _invoke(args)


GAMES = {"standard": 3, "sea-salt-paper": 3, "boomerang-2010": 3}


HUGE = 10**5000  # str() of it raises ValueError (Python's 4300-digit limit)


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_a_huge_int_anywhere_is_the_librarys_error_with_a_short_message(rules: str) -> None:
    players = br.load_rules(rules).players.min
    for bad in (HUGE, -HUGE):
        with pytest.raises(br.InvalidInput, match=r"players, not <int> \[players-count\]"):
            br.new_game(rules, bad, seed=1)
    state = br.new_game(rules, players, seed=1)
    seat = br.to_act(state)[0]
    with pytest.raises(br.IllegalAction) as caught:
        br.apply(state, seat, HUGE)
    assert len(str(caught.value)) < 300
