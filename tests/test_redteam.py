"""A red-team pass over the three games' CLI and API: each test guards a class of misuse found there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import boomerang_rules as br
from boomerang_rules.cli import cli

GAMES = {"standard": 3, "sea-salt-paper": 3, "boomerang-2010": 3}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stderr


@pytest.mark.parametrize("recorded", sorted(GAMES))
@pytest.mark.parametrize("replayed", sorted(GAMES))
def test_a_record_replayed_under_another_games_rules_is_refused_naming_game(
        tmp_path: Path, recorded: str, replayed: str) -> None:
    file = tmp_path / "g.json"
    code, _ = run("simulate", "--rules", recorded, "--players", str(GAMES[recorded]), "--out", str(file))
    assert code == 0
    record = json.loads(file.read_text())
    code, err = run("replay", "--rules", replayed, str(file))
    if br.load_rules(recorded).game == br.load_rules(replayed).game:
        assert code == 0
        return
    assert code == 1
    assert f"{file}:/game:" in err and "[game]" in err
    with pytest.raises(br.InvalidInput, match=r"/game: .*\[game\]"):
        br.state_of(record, replayed)
    with pytest.raises(br.InvalidInput, match=r"/game: .*\[game\]"):
        br.check_record(record, br.load_rules(replayed))


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
