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


@pytest.mark.parametrize("game", ["chess", "", "Boomerang-Australia"])
def test_a_record_of_an_unknown_game_gets_one_problem_listing_the_games(tmp_path: Path, game: str) -> None:
    file = tmp_path / "g.json"
    assert run("simulate", "--rules", "sea-salt-paper", "--players", "2", "--out", str(file))[0] == 0
    record = {**json.loads(file.read_text()), "game": game}
    file.write_text(json.dumps(record))
    expected = r"^/game: unknown game .* \(games: boomerang-2010, boomerang-australia, sea-salt-paper\) \[game\]$"
    assert [p.rule for p in br.validate_record(record)] == ["game"]
    assert [p.rule for p in br.check_record(record).problems] == ["game"]
    with pytest.raises(br.InvalidInput) as caught:
        br.state_of(record)
    assert [str(p) for p in caught.value.problems] == [str(br.validate_record(record)[0])]
    import re
    assert re.match(expected, str(br.validate_record(record)[0]))
    for command in ("validate", "replay"):
        code, err = run(command, str(file))
        assert code == 1
        assert f"{file}:/game: unknown game" in (err or "") + CliRunner().invoke(cli, [command, str(file)]).stdout


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_play_does_not_echo_a_huge_answer_back_in_full(rules: str) -> None:
    result = CliRunner().invoke(cli, ["play", "--rules", rules, "--players", str(GAMES[rules]), "--seed", "1"],
                                input="x" * 100_000 + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code == 1  # the input ends before the game does
    assert "'xxx" in result.stdout  # the answer is quoted back, cut short
    assert max(len(line) for line in result.stdout.splitlines()) < 1000


@pytest.mark.parametrize("seats", [1, 2, 6])
def test_boomerang_2010_score_refuses_a_seat_count_the_game_does_not_have(seats: int) -> None:
    rules = br.load_rules("boomerang-2010")
    assert not rules.players.min <= seats <= rules.players.max
    result = CliRunner().invoke(cli, ["score", "--rules", "boomerang-2010"] + ["--seat", ":1"] * seats)
    assert result.exit_code == 1
    assert f"is for {rules.players.min} to {rules.players.max} players" in result.stderr
    assert "[players-count]" in result.stderr
