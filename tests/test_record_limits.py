"""Records whose checking could grow faster than the input (bounded arrays and problem lists,
unique items by JSON equality), and the record writers and readers that must agree with
validate: ``record_of`` never writes an invalid record, ``replay`` tells every record validate
accepts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import strategies as bst
from boomerang_rules.australia.bots import bot_game
from boomerang_rules.cli import cli

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, input: str | bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


def _finished_record() -> dict[str, Any]:
    return br.record_of(bot_game(br.load_rules(), ["random"] * 2, 1))


@pytest.mark.parametrize("field", ["winners", "sheets", "players", "rounds"])
def test_every_record_array_is_bounded(field: str) -> None:
    record = _finished_record()
    mixed = [i if i % 2 else str(i) for i in range(20_000)]  # mixed types: quadratic for jsonschema
    if field in ("winners", "sheets"):
        record["result"][field] = mixed
        where = f"/result/{field}"
    else:
        record[field] = mixed
        where = f"/{field}"
    problems = br.validate_record(record)
    assert (where, "schema:maxItems") in [(p.pointer, p.rule) for p in problems]


@given(st.lists(st.one_of(st.integers(0, 3), st.booleans(), st.text(max_size=2), st.floats(0, 3)), max_size=8))
def test_unique_items_agrees_with_json_equality(items: list[Any]) -> None:
    from boomerang_rules.core.schema import _json_key

    def same(a: Any, b: Any) -> bool:
        return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) else a == b

    pairwise = any(same(items[i], items[j]) for i in range(len(items)) for j in range(i))
    assert pairwise == (len({_json_key(x) for x in items}) < len(items))


def test_repeated_winners_are_reported() -> None:
    record = _finished_record()
    record["result"]["winners"] = [0, 0.0]
    assert [(p.pointer, p.rule) for p in br.validate_record(record)] == [("/result/winners", "schema:uniqueItems")]


def test_a_document_wrong_everywhere_lists_a_bounded_number_of_problems() -> None:
    from boomerang_rules.core.schema import MAX_PROBLEMS

    record = _finished_record()
    record["rules"] = {"format": "boomerang-rules/variant", "version": 1, "id": "x", "name": "x",
                       "extends": "standard", "changes": {"cards": [{"id": "A"}] * 100}}
    problems = br.validate_record(record)
    assert len(problems) == MAX_PROBLEMS + 1 and problems[-1].rule == "schema:more"
    record["rules"]["changes"]["cards"] = [{"id": "A"}] * 100_000  # too long: its items are not checked
    assert [p.rule for p in br.validate_record(record)] == ["schema:maxItems"]


@settings(max_examples=25, deadline=None)
@given(bst.games(rules="standard", finished=None), st.lists(st.text(max_size=210), min_size=1, max_size=5))
def test_record_of_never_writes_a_record_that_fails_validate(state: br.GameState, names: list[str]) -> None:
    try:
        record = br.record_of(state, names)
    except br.InvalidInput:
        return
    assert br.validate_record(record) == []


@settings(max_examples=25, deadline=None)
@given(bst.records(rules="standard", finished=None), st.sampled_from(["as is", "no rounds", "empty activities",
                                                                       "no picks"]))
def test_replay_tells_every_record_validate_accepts(record: dict[str, Any], change: str) -> None:
    import tempfile

    rounds = record["rounds"]
    record.pop("result", None) if change != "as is" else None
    if change == "no rounds":
        record["rounds"] = []
    elif change == "empty activities" and rounds and "activities" in rounds[-1]:
        rounds[-1]["activities"] = []
    elif change == "no picks" and rounds and not any(rounds[-1]["picks"]):
        rounds[-1]["picks"] = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        valid, _, _ = run("validate", str(path))
        code, _out, err = run("replay", str(path))
        seat_code, _, _ = run("replay", "--seat", "0", str(path))
    assert valid in (0, 1)
    if valid == 0:
        assert (code, seat_code) == (0, 0), err
    else:
        assert code == 1
