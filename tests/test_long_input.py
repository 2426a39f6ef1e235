"""A name a million characters long (a ``--rules`` name, a variant's ``extends``, a record's
``rules``, a player's, a bot's, an option, a key) is quoted cut short in every message that
echoes it, in every game: ``core.display.shown`` (quoted) and ``clipped`` (unquoted), with its
length; it was copied whole (two megabytes of ``cannot use --rules``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import boomerang_rules as br
from boomerang_rules.cli import cli
from boomerang_rules.core.display import MAX_PATH, clipped, shown, shown_name, shown_pointer

ROOT = Path(__file__).resolve().parents[1]
LONG = "z" * 1_000_000
CUT = "(1,000,000 characters)"
EXAMPLES = {"standard": "game-3p", "sea-salt-paper": "ssp-game-3p", "boomerang-2010": "boomerang-2010-3p"}
MOST = 1000
"""The longest output any of these refusals may print: a few lines."""


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout + result.stderr


def _record(rules_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "examples" / f"{EXAMPLES[rules_id]}.json").read_text(encoding="utf-8"))
    return data


def test_the_shortened_forms() -> None:
    assert shown("abc") == "'abc'" and shown("a" * 60) == repr("a" * 60)
    assert shown("a" * 61) == repr("a" * 60) + "…"  # a cut value: its first characters and an ellipsis
    assert shown("a" * 1001) == repr("a" * 60) + "… (1,001 characters)"  # a huge one: its length too
    assert shown("\ud800" * 70, 2) == "'\\ud800\\ud800'…"  # not text: escaped
    assert clipped("--" + "x" * 2000) == "--" + "x" * 58 + "… (2,002 characters)"
    assert clipped("a\x1bb") == "a\\x1bb"
    assert shown_name("d/" * 100) == "d/" * 100  # a file's name is shown whole...
    assert shown_name("q" * (MAX_PATH + 1)) == "q" * 60 + f"… ({MAX_PATH + 1:,} characters)"  # ...if a file can have it
    assert shown_pointer("/rounds/0/a~1b\x1b") == "/rounds/0/a~1b\\x1b"  # a pointer: one line, whole...
    assert shown_pointer("/rounds/0/" + "k" * 1001) == "/rounds/0/" + "k" * 60 + "… (1,001 characters)"  # ...keys cut


@pytest.mark.parametrize("rules_id", sorted(EXAMPLES))
@pytest.mark.parametrize("command", [["simulate", "--players", "3", "--seed", "1"], ["score"],
                                     ["tournament", "--players", "3", "--games", "1"], ["play"]])
def test_a_long_rules_name_is_quoted_short(rules_id: str, command: list[str]) -> None:
    code, out = _run(*command, "--rules", rules_id + LONG)
    assert code == 2 and len(out) < MOST and CUT.replace("1,000,000", f"{len(rules_id + LONG):,}") in out, out[:300]


@pytest.mark.parametrize("rules_id", sorted(EXAMPLES))
def test_a_long_name_in_a_variant_or_a_record_is_quoted_short(rules_id: str, tmp_path: Path) -> None:
    variant = {"format": "boomerang-rules/variant", "version": 1, "id": "v", "name": "v", "extends": LONG,
               "changes": {}}
    (tmp_path / "v.json").write_text(json.dumps(variant))
    (tmp_path / "id.json").write_text(json.dumps({**variant, "extends": rules_id, "id": LONG}))
    record = _record(rules_id)
    documents = {
        "inline.json": {**record, "rules": variant},  # a variant inline may not extend files: no file is looked up
        "player.json": {**record, "players": [LONG, *record["players"][1:]]},
        "key.json": {**record, LONG: 1},
        "game.json": {**record, "game": LONG},
    }
    for name, document in documents.items():
        (tmp_path / name).write_text(json.dumps(document))
    for name in ["v.json", "id.json", *documents]:
        code, out = _run("validate", str(tmp_path / name))
        assert code == 1 and len(out) < MOST and "zzz" in out, (name, out[:300])
        assert CUT in out or name in ("v.json", "inline.json", "game.json"), (name, out[:300])  # those: brief's form
    for command in (["simulate", "--players", "3"], ["tournament", "--players", "3", "--games", "1"]):
        code, out = _run(*command, "--rules", str(tmp_path / "v.json"))
        assert code == 1 and len(out) < MOST and "zzz" in out, (command, out[:300])
    for command in (["replay"], ["sheet", "-o", str(tmp_path / "x.svg")]):
        code, out = _run(*command, str(tmp_path / "key.json"))
        assert code == 1 and len(out) < MOST and CUT in out, (command, out[:300])
    for bots in (f"{LONG},random,random", f"random:{LONG}"):
        code, out = _run("simulate", "--rules", rules_id, "--players", "3", "--bots", bots)
        assert code == 2 and len(out) < MOST, out[:300]


@pytest.mark.parametrize("rules_id", sorted(EXAMPLES))
def test_a_long_option_or_argument_of_score_is_quoted_short(rules_id: str) -> None:
    for given in ("--" + LONG, LONG):
        code, out = _run("score", "--rules", rules_id, given)
        assert code in (1, 2) and len(out) < MOST, out[:300]


def test_the_python_api_quotes_a_long_name_short() -> None:
    for call in (lambda: br.load_rules(LONG), lambda: br.validate_record({**_record("standard"), "rules": LONG})):
        try:
            found: Any = call()
        except br.RulesError as exc:
            found = str(exc)
        assert len(str(found)) < MOST, str(found)[:300]
