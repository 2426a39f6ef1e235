"""The command line's own arguments: numbers in ASCII digits only, one bot name per seat, none empty
(issue 25: ``score --rules boomerang-2010`` took non-ASCII digits, ``--bots random,random,random,``
passed)."""

from __future__ import annotations

from typing import Any

import click
import pytest
from click.testing import CliRunner

from boomerang_rules.cli import cli


def _run(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


def _numeric_options() -> list[tuple[str, str, Any]]:
    found = []
    for name, command in sorted(cli.commands.items()):
        for param in command.params:
            if isinstance(param, click.Option) and isinstance(param.type, click.types._NumberParamTypeBase):
                found.append((name, param.opts[0], param.type))
    return found


NUMERIC = _numeric_options()
NOT_ASCII = ["١٢", "²", "1_000", "٣", " 3", "3 ", "0x10", "nan", "inf", "-inf", "1e", "", "+"]


def test_every_numeric_option_is_read_in_ascii_digits() -> None:
    """Every command's number options: none reads Python's wider int()/float() (the whole class, by
    construction, so that an option added later is covered too)."""
    from boomerang_rules.cli.common import _AsciiNumber

    assert len(NUMERIC) >= 15
    assert [(c, o) for c, o, t in NUMERIC if not isinstance(t, _AsciiNumber)] == []


@pytest.mark.parametrize("written", NOT_ASCII)
@pytest.mark.parametrize(("command", "option"), [(c, o) for c, o, _ in NUMERIC])
def test_a_number_not_in_ascii_digits_is_a_usage_error(command: str, option: str, written: str) -> None:
    arguments = {"validate": ["x.json"], "replay": ["x.json"], "sheet": ["x.json"], "check-scorer": ["true"]}
    result = _run(command, f"{option}={written}", *arguments.get(command, []))
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '{option}'" in result.output and "written in ASCII digits (0-9)" in result.output


@pytest.mark.parametrize("written", ["3", "+3", "03"])
def test_ascii_digits_still_read(written: str, tmp_path: Any) -> None:
    out = tmp_path / "games.jsonl"
    result = _run("simulate", "--games", written, "--players", "2", "--rules", "sea-salt-paper", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert len(out.read_text().splitlines()) == 3


@pytest.mark.parametrize("count", ["١١", "²", "1_1", "1١", "-1", "+1", "1.0", ""])
def test_boomerang_2010_score_refuses_a_boomerang_count_not_in_ascii_digits(count: str) -> None:
    result = _run("score", "--rules", "boomerang-2010", "--seat", f"A1:{count}", "--seat", ":12", "--seat", ":13")
    assert result.exit_code == 2
    assert f"--seat 'A1:{count}': expected CARD,CARD,...:BOOMERANGS (e.g. A1,K3,F2:11)" in result.output


@pytest.mark.parametrize("command", [["simulate"], ["tournament"], ["check-scorer", "--", "true"]],
                         ids=["simulate", "tournament", "check-scorer"])
@pytest.mark.parametrize("seed", ["9" * 4300, "-" + "9" * 4300], ids=["4300-digits", "minus-4300-digits"])
def test_seeds_past_the_digits_a_record_holds_are_a_usage_error(command: list[str], seed: str, tmp_path: Any) -> None:
    """``--seed`` takes 4,300 digits, but game ``i`` is dealt from ``SEED + i``: one more digit, and
    its record could not be written (a ValueError's traceback, exit 1, after the first game)."""
    out = tmp_path / "games.jsonl"
    extra = ["--out", str(out)] if command == ["simulate"] else []
    result = _run(command[0], "--games", "2", "--seed", seed, *extra, *command[1:])
    if seed.startswith("-"):  # SEED + 1 has no more digits than SEED: played
        assert result.exit_code in (0, 1) and not isinstance(result.exception, ValueError), result.output[-300:]
        return
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.exception
    assert "--seed: the games' seeds run to SEED + 1, which has more than 4300 digits" in result.output
    assert len(result.output) < 1000 and not out.exists()


def test_boomerang_2010_score_refuses_a_boomerang_count_too_long_to_read() -> None:
    """A count of more digits than Python's ``int()`` reads is a usage error, as it is in every
    numeric option (it ended in a ValueError's traceback)."""
    count = "9" * 5000
    result = _run("score", "--rules", "boomerang-2010", "--player", f"A1:{count}", "--player", ":12", "--player", ":12")
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.exception
    assert "a number of 5000 digits: too long (at most 4300)" in result.output
    assert len(result.output) < 1000


@pytest.mark.parametrize("bots", ["random,random,random,", ",random,random,random", "random,,random,random",
                                  "random, ,random,random", "random,random,random,,"])
@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_an_empty_bot_name_is_refused(command: str, bots: str, tmp_path: Any) -> None:
    extra = ["--out", str(tmp_path / "x.jsonl")] if command == "simulate" else []
    result = _run(command, "--players", "3", "--bots", bots, *extra)
    assert result.exit_code == 2
    assert "--bots: bot name " in result.output and " is empty in " in result.output
    assert not (tmp_path / "x.jsonl").exists()


def test_an_empty_bot_name_is_refused_in_play_too() -> None:
    result = _run("play", "--players", "3", "--bots", "random,")
    assert result.exit_code == 2 and "--bots: bot name 2 of 2 is empty in 'random,'" in result.output


@pytest.mark.parametrize("command", ["simulate", "tournament", "play"])
@pytest.mark.parametrize("bots", ["x" * 100_000, "random," + "x" * 100_000, "random,,x" + "y" * 100_000],
                         ids=["unknown", "second unknown", "empty"])
def test_a_bot_name_of_a_megabyte_is_quoted_cut_short(command: str, bots: str) -> None:
    """``--bots`` quotes what it refuses cut short, as the library's messages do."""
    result = _run(command, "--players", "3", "--bots", bots)
    assert result.exit_code == 2 and "--bots: " in result.output and len(result.output) < 1_000


@pytest.mark.parametrize("answer", ["²", "١", "٢", "𝟐", "1_0"])
def test_play_reads_a_choice_number_in_ascii_digits_only(answer: str) -> None:
    """At the prompt, a choice is its number in ASCII digits: '²' passed str.isdigit and broke int()."""
    from boomerang_rules.terminal.prompts import pick_from

    assert pick_from(answer, ["draw", "take:crab-1"]) is None
    assert pick_from("2", ["draw", "take:crab-1"]) == "take:crab-1"


# One command line for three games (issue 28): the same options mean the same everywhere.

@pytest.mark.parametrize("command", ["play", "simulate", "tournament", "check-scorer"])
def test_players_help_shows_each_games_real_range(command: str) -> None:
    text = "".join(_run(command, "--help").stdout.split())  # help wraps lines at spaces and hyphens
    assert "2-4with--rulesstandard" in text and "3-5with--rulesboomerang-2010" in text
    assert "2-4with--rulessea-salt-paper" in text and "1<=x<=64" not in text


def test_play_simulate_and_tournament_deal_three_players_by_default() -> None:
    import json

    record = json.loads(_run("simulate", "--rules", "boomerang-2010").stdout)
    assert record["players"] == ["greedy 0", "greedy 1", "greedy 2"]
    out = _run("tournament", "--games", "2").stdout
    assert "3 players" in out
    played = CliRunner().invoke(cli, ["play", "--rules", "sea-salt-paper", "--seed", "1"], input="")
    assert "3 players" in played.stdout.splitlines()[0]


@pytest.mark.parametrize("command", ["play", "simulate", "tournament"])
def test_a_default_player_count_a_variant_leaves_out_is_said_to_be_the_default(command: str, tmp_path: Any) -> None:
    """A variant for 4 or 5 players, with no --players: the usage error says the 3 is the default, which
    the user never typed, and how to choose; a count the user gave is named as given."""
    import json

    variant = tmp_path / "four-five.json"
    variant.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "four-five",
                                   "name": "Four or five", "description": "Four or five players.",
                                   "extends": "boomerang-2010", "changes": {"players": {"min": 4, "max": 5}}}))
    defaulted = CliRunner().invoke(cli, [command, "--rules", str(variant)], input="")
    assert defaulted.exit_code == 2
    assert "--players 3 (the default; give --players N): 'four-five' is for 4 to 5 players" in defaulted.output
    given = CliRunner().invoke(cli, [command, "--rules", str(variant), "--players", "3"], input="")
    assert given.exit_code == 2 and "--players 3: 'four-five' is for 4 to 5 players" in given.output


def test_every_command_that_seats_bots_seats_greedy_ones_by_default() -> None:
    import json

    for command in ("play", "simulate", "tournament"):
        assert "default: greedy for every seat" in " ".join(_run(command, "--help").stdout.split())
    record = json.loads(_run("simulate", "--players", "2", "--seed", "3").stdout)
    assert record["players"] == ["greedy 0", "greedy 1"]
    table = _run("tournament", "--players", "2", "--games", "2").stdout
    assert [line.split()[1] for line in table.splitlines()[2:4]] == ["greedy", "greedy"]
    played = CliRunner().invoke(cli, ["play", "--seed", "1"], input="")
    assert "greedy 1" in played.stdout and "greedy 2" in played.stdout
    record = json.loads(_run("simulate", "--players", "3", "--bots", "random").stdout)  # one name: every seat
    assert record["players"] == ["random 0", "random 1", "random 2"]


def test_seat_is_a_seat_number_in_play_and_replay() -> None:
    for command in ("play", "replay"):
        assert "counted from 0" in " ".join(_run(command, "--help").stdout.split())


def test_boomerang_2010_score_takes_player_and_its_older_spelling_seat() -> None:
    new = _run("score", "--rules", "boomerang-2010", "--player", "A1,A2,B1:11", "--player", "A3,B2:20",
               "--player", ":5")
    old = _run("score", "--rules", "boomerang-2010", "--seat", "A1,A2,B1:11", "--seat=A3,B2:20", "--seat", ":5")
    assert new.exit_code == old.exit_code == 0 and new.stdout == old.stdout and "Winner" in new.stdout


def test_validate_help_describes_every_game() -> None:
    text = " ".join(_run("validate", "--help").stdout.split())
    for game in ("Boomerang: Australia", "Sea Salt & Paper", "Boomerang (2010)"):
        assert game in text


@pytest.mark.parametrize("given", ["indigenous_culture", "Indigenous Culture", "indig", "INDIGENOUS-culture"])
def test_score_activity_takes_what_play_takes(given: str) -> None:
    result = _run("score", "E", "A", "V", "W", "X", "J", "B", "--activity", given)
    assert result.exit_code == 0 and "(indigenous_culture)" in result.stdout


def test_score_activity_ambiguous_or_unknown_is_refused() -> None:
    result = _run("score", "E", "A", "V", "W", "X", "J", "B", "--activity", "s")
    assert result.exit_code == 1 and "could be sightseeing or swimming" in result.stderr
    unknown = _run("score", "E", "A", "V", "W", "X", "J", "B", "--activity", "2")
    assert unknown.exit_code == 1
    # each names the rule broken, as every refusal of invalid input does (the ambiguous one named none)
    assert result.stderr.rstrip().endswith("[activity-known]") and unknown.stderr.rstrip().endswith("[activity-known]")


@pytest.mark.parametrize(("command", "option"), [(c, o) for c, o, _ in NUMERIC])
def test_a_number_of_too_many_digits_is_refused_in_words_cut_short(command: str, option: str) -> None:
    """A number of more digits than Python reads (4,300) is a usage error saying so, its digits cut
    short: click said "'999…' (every digit) is not a valid integer" (or "... a valid float"); a long
    value not in ASCII digits is quoted cut short too."""
    arguments = {"validate": ["x.json"], "replay": ["x.json"], "sheet": ["x.json"], "check-scorer": ["true"]}
    for written, said in (("9" * 5000, "a number of 5000 digits: too long (at most 4300)"),
                          ("x" * 5000, "written in ASCII digits (0-9)")):
        result = _run(command, f"{option}={written}", *arguments.get(command, []))
        assert result.exit_code == 2, result.output
        assert f"Invalid value for '{option}'" in result.output and said in result.output
        assert len(result.output) < 1000


@pytest.mark.parametrize(("command", "option"), [(c, o) for c, o, t in NUMERIC if isinstance(t, click.FloatRange)])
def test_a_number_too_large_for_a_float_is_refused(command: str, option: str) -> None:
    """``1e999`` is written in ASCII digits but reads as infinity: ``bench --seconds 1e999`` ran for ever."""
    arguments = {"check-scorer": ["true"]}
    result = _run(command, f"{option}=1e999", *arguments.get(command, []))
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '{option}'" in result.output and "'1e999' is too large: not a finite number" \
        in result.output
