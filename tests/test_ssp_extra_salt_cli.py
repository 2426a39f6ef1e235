"""Extra Salt through every command (issue 29): simulate, validate, replay, sheet, score and play
for 2 to 4 players, and a tampered record refused with its pointer and rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from boomerang_rules.cli import cli

RULES = "sea-salt-paper-extra-salt"


def run(*args: str, input: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.output


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_simulated_game_validates_replays_and_draws(players: int, tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    bots = ",".join(["greedy", "random", "ismcts:5", "greedy"][:players])
    code, out = run("simulate", "--rules", RULES, "--players", str(players), "--seed", "5", "--bots", bots,
                    "--out", str(record))
    assert code == 0, out
    data = json.loads(record.read_text())
    assert data["rules"] == RULES and len(data["rounds"][0]["deck"]) == 66
    code, out = run("validate", str(record))
    assert code == 0 and "valid game-record" in out
    code, told = run("replay", str(record))
    assert code == 0 and "Round 1" in told
    code, svg = run("sheet", str(record))
    assert code == 0 and svg.lstrip().startswith("<")
    page = tmp_path / "g.html"
    code, _ = run("replay", str(record), "--html", str(page))
    html = page.read_text()
    assert code == 0 and "starfish-" in html and "jellyfish-" in html  # the new cards on the page


def test_a_tampered_record_is_refused_with_pointer_and_rule(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    run("simulate", "--rules", RULES, "--players", "2", "--seed", "5", "--out", str(record))
    data = json.loads(record.read_text())
    data["rounds"][0]["deck"][1] = data["rounds"][0]["deck"][0]
    record.write_text(json.dumps(data))
    code, out = run("validate", str(record))
    assert code == 1 and "/rounds/0/deck/1" in out and "deck-cards" in out


def test_score_takes_the_new_cards() -> None:
    code, out = run("score", "--rules", RULES, "--hand", "seahorse-1", "shell-1", "starfish-1", "crab-1", "crab-2",
                    "--played", "cast_of_crabs-1")
    assert code == 0 and "Card points     7" in out  # trio 3, shells 2 with the seahorse, cast of crabs 2


def test_play_in_the_terminal_with_the_expansion(tmp_path: Path) -> None:
    record = tmp_path / "p.json"
    code, out = run("play", "--rules", RULES, "--seed", "3", "--record", str(record), input="help\n" + "1\n" * 3000)
    assert code == 0 and "Winner" in out
    assert "plays lobster:" not in out and "trio:" not in out.replace("[trio:", "")  # told in words
    code, _ = run("validate", str(record))
    assert code == 0
