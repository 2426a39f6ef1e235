"""The command line: exit codes, messages, and JSON output."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

import boomerang_rules as br
from boomerang_rules.cli import cli

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_help_lists_commands() -> None:
    code, out, _ = run("--help")
    assert code == 0 and "score" in out and "validate" in out and "Exit codes" in out


def test_the_command_list_says_score_scores_a_final_table_too() -> None:
    """The list said "score  Score one player's round.": a round is Boomerang: Australia's alone, and
    Boomerang (2010)'s score takes every player's final cards (``score --help`` says so)."""
    code, out, _ = run("--help")
    line = next(line for line in out.splitlines() if line.split()[:1] == ["score"])
    assert code == 0 and line.split(None, 1)[1] == "Score one player's cards, or a final table."


def test_the_bots_help_says_how_much_faster_random_plays_as_the_readme_measured() -> None:
    """``--bots`` said "random plays some 20 times faster, in every game"; the README's table measures
    greedy's game at 22 times random's in Boomerang: Australia, 11 in Sea Salt & Paper and 16 in
    Boomerang (2010). The help gives the range now, and every game's figure lies in it."""
    from boomerang_rules.cli.common import BOTS_HELP

    assert "random plays some 11 to 22 times faster (Sea Salt & Paper the least)" in BOTS_HELP
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (Boomerang: Australia|Sea Salt & Paper|Boomerang \(2010\)) \| ([\d.]+) ms \([\d.]+\) \| "
                      r"[\d.]+ ms \([\d.]+\) \| ([\d.]+) ms", readme, re.M)
    ratios = {game: float(greedy) / float(random) for game, random, greedy in rows}
    assert len(ratios) == 3 and all(9.5 <= ratio <= 22.5 for ratio in ratios.values()), ratios
    assert min(ratios, key=ratios.__getitem__) == "Sea Salt & Paper"


@pytest.mark.parametrize("command", ["play", "simulate", "tournament"])
def test_every_command_taking_bots_names_the_search_budget_it_takes(command: str) -> None:
    """``play --bots`` takes ``ismcts:N`` as simulate and tournament do, in every game, but its help
    named only "random, greedy or ismcts"."""
    code, out, _ = run(command, "--help")
    assert code == 0 and "ismcts:N searches N playouts a decision" in " ".join(out.split())
    code, _, err = run("play", "--rules", "boomerang-2010", "--bots", "ismcts:2", "--seed", "1")
    assert code == 2 and "input ended; the game was left unfinished" in err  # the game began: ismcts:2 was taken


def test_score_text() -> None:
    code, out, _ = run("score", "E", "A", "V", "W", "X", "J", "B", "--activity", "indigenous_culture")
    assert code == 0
    assert "Throw & Catch" in out and "Round total" in out and "25" in out


def test_score_json_keys_match_score_round() -> None:
    code, out, _ = run("score", "e", "a", "v", "w", "x", "j", "b", "--json")
    assert code == 0
    assert json.loads(out) == {"throw_catch": 3, "collections": 12, "animals": 3, "activity": 0, "round_total": 18}


def test_score_unknown_card_names_the_argument() -> None:
    code, _, err = run("score", "A", "B", "C", "D", "E", "F", "QQ")
    assert code == 1
    assert "argument 7 ('QQ')" in err and "unknown card" in err


def test_score_repeat_and_count() -> None:
    code, _, err = run("score", "A", "B", "A", "D", "E", "F")
    assert code == 1
    assert "argument 3 ('A')" in err and "repeated" in err and "got 6" in err


def test_score_unknown_activity() -> None:
    code, _, err = run("score", *"ABCDEFG", "--activity", "surfing")
    assert code == 1 and "surfing" in err


NOTHING = {"standard": [], "sea-salt-paper": [], "sea-salt-paper-extra-salt": [], "boomerang-2010": [],
           "standard+activity": ["--activity", "indigenous"]}
"""``score`` with nothing to score: no card (Australia, also with an activity), no --hand nor
--played (Sea Salt & Paper), no --player (Boomerang (2010))."""


@pytest.mark.parametrize("rules", sorted(NOTHING))
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_score_with_nothing_to_score_is_a_usage_error_in_every_game(rules: str, as_json: bool) -> None:
    """Nothing given is a usage error (exit 2) in every game, with what to give; cards the game
    refuses are invalid input (exit 1) (issue: exit 1, 0 and 2 by game, Sea Salt & Paper printing
    an empty hand's zeros)."""
    code, out, err = run("score", "--rules", rules.split("+")[0], *NOTHING[rules], *(["--json"] if as_json else []))
    assert (code, out) == (2, "")
    assert err.startswith("boomerang-rules: nothing to score: give ") and "\n" not in err.rstrip("\n")
    help_text = " ".join(run("score", "--help")[1].split())
    assert "Giving nothing to score is a usage error (exit 2) in every game" in help_text


@pytest.mark.parametrize(("rules", "args"), [
    ("standard", ["A"]), ("sea-salt-paper", ["--hand", "nope-1"]), ("boomerang-2010", ["--player", ":36"])])
def test_score_with_cards_the_game_refuses_is_invalid_input(rules: str, args: list[str]) -> None:
    assert run("score", "--rules", rules, *args)[0] == 1


@pytest.mark.parametrize(("rules", "as_given", "as_written"), [
    ("standard", ["e", "a", "V", "w", "x", "j", "b"], list("EAVWXJB")),
    ("sea-salt-paper", ["--hand", "Crab-1", "CRAB-2", "--played", "Boat-1", "boat-2"],
     ["--hand", "crab-1", "crab-2", "--played", "boat-1", "boat-2"]),
    ("boomerang-2010", ["--player", "a1,b2:12", "--player", "k3:12", "--player", ":12"],
     ["--player", "A1,B2:12", "--player", "K3:12", "--player", ":12"])])
def test_score_reads_card_ids_in_any_case_in_every_game(rules: str, as_given: list[str],
                                                        as_written: list[str]) -> None:
    """A card id's case is its game's alone (Australia's and Boomerang (2010)'s upper, Sea Salt &
    Paper's lower, by their schemas), so ``score`` reads them in any case in every game, as
    ``play`` does (issue: Sea Salt & Paper's refused ``Crab-1`` as no card)."""
    code, out, err = run("score", "--rules", rules, *as_given, "--json")
    assert (code, err) == (0, "")
    assert out == run("score", "--rules", rules, *as_written, "--json")[1]


@pytest.mark.parametrize(("rules", "args"), [
    ("standard", ["E", "A", "V", "W", "X", "J", "B"]), ("sea-salt-paper", ["--hand", "crab-1"]),
    ("boomerang-2010", ["--player", "A1:12", "--player", ":12", "--player", ":12"])])
def test_score_names_an_option_of_another_game_alike_in_every_game(rules: str, args: list[str]) -> None:
    """An option the game's score does not take is a usage error worded alike in every game."""
    code, out, err = run("score", "--rules", rules, *args, "--bogus")
    assert (code, out) == (2, "")
    assert re.match(r"boomerang-rules: no such option for .+: --bogus \(give .+\)$", err.rstrip("\n")), err


@pytest.mark.parametrize(("rules", "spaced", "joined"), [
    ("standard", [*"EAVWXJB", "--activity", "swim"], [*"EAVWXJB", "--activity=swim"]),
    ("sea-salt-paper", ["--hand", "crab-1", "crab-2", "--played", "boat-1", "boat-2"],
     ["--hand=crab-1", "crab-2", "--played=boat-1", "boat-2"]),
    ("boomerang-2010", ["--player", "A1:12", "--player", "B2:12", "--player", ":12"],
     ["--player=A1:12", "--player=B2:12", "--player=:12"])])
def test_score_takes_an_option_and_its_value_joined_by_equals_in_every_game(rules: str, spaced: list[str],
                                                                            joined: list[str]) -> None:
    """``--option=VALUE`` reads as ``--option VALUE`` in every game's ``score``, as in every other
    command (click's options): Sea Salt & Paper's refused ``--hand=crab-1`` as no such option."""
    code, out, err = run("score", "--rules", rules, *joined, "--json")
    assert (code, err) == (0, "")
    assert out == run("score", "--rules", rules, *spaced, "--json")[1]


@pytest.mark.parametrize(("rules", "args", "said"), [
    ("standard", [*"EAVWXJB", "--activity"], "--activity needs "),
    ("sea-salt-paper", ["--hand", "crab-1", "--played="], "--played= needs a card id after '='"),
    ("sea-salt-paper", ["--hand="], "--hand= needs a card id after '='"),
    ("boomerang-2010", ["--player", "A1:12", "--player"], "--player needs "),
    ("boomerang-2010", ["--player", "A1:12", "--player="], "--player '': expected ")])
def test_score_names_an_option_left_without_its_value_in_every_game(rules: str, args: list[str], said: str) -> None:
    """An option given last without its value is named as such, a usage error (exit 2) in every game
    (Boomerang (2010)'s ``--player`` was an "unexpected argument '--player'"; Sea Salt & Paper's
    ``--hand=`` read the empty id as a card and exited 1)."""
    code, out, err = run("score", "--rules", rules, *args)
    assert code == 2 and out == "" and err.startswith(f"boomerang-rules: {said}"), err


@pytest.mark.parametrize(("rules", "args", "game"), [
    ("direction", ["E", "A", "V", "W", "X", "J", "B"], "Boomerang: Australia"),
    ("sea-salt-paper-extra-salt", ["--hand", "crab-1"], "Sea Salt & Paper"),
    ("boomerang-2010", ["--player", "A1:12", "--player", ":12", "--player", ":12"], "Boomerang (2010)")])
def test_score_names_the_game_not_the_ruleset_for_an_option_it_does_not_take(rules: str, args: list[str],
                                                                             game: str) -> None:
    """Under a variant too, the option is said to be no option of the game, named as the game (Australia
    named the ruleset: "no such option for Direction variant: --bogus")."""
    code, out, err = run("score", "--rules", rules, *args, "--bogus")
    assert (code, out) == (2, "") and err.startswith(f"boomerang-rules: no such option for {game}: --bogus ("), err


def test_every_commands_help_fits_80_columns() -> None:
    """Text shown to people fits 80 columns: click wraps a help's paragraphs, not its examples, and
    ``simulate``'s, ``score``'s and ``tournament``'s ran to 89-106 columns (now continued with ``\\``)."""
    from boomerang_rules.terminal.wording import columns

    for name in ["", *sorted(cli.commands)]:
        code, out, _ = run(*([name] if name else []), "--help")
        assert code == 0
        assert max(map(columns, out.splitlines())) <= 80, (name, [line for line in out.splitlines()
                                                                  if columns(line) > 80])


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_commands_help_shows_an_example_and_its_exit_statuses(name: str) -> None:
    """Every command says how to call it and what its exit status means: validate's and replay's
    help showed no example, replay's, sheet's and simulate's no exit status, and tournament's, play's,
    bench's and variants' none either (tournament's two examples were under "Example:"). The
    examples call the command itself, under "Examples:" when there are several."""
    code, out, _ = run(name, "--help")
    assert code == 0
    example = re.search(r"^  (Examples?):\n((?:    .*\n)+)", out, re.MULTILINE)
    assert example is not None, out
    assert f"boomerang-rules {name}" in example.group(2)
    calls = example.group(2).count(f"boomerang-rules {name}")
    assert example.group(1) == ("Examples" if calls > 1 else "Example"), (name, calls)
    statuses = re.search(r"^  Exit status: (.*(?:\n  \S.*)*)", out, re.MULTILINE)
    assert statuses is not None, out
    assert all(f"{code} " in statuses.group(1) for code in (0, 2))


SCORED = [("standard", ["E", "A", "V", "W", "X", "J", "B"], "Boomerang: Australia"),
          ("sea-salt-paper", ["--hand", "crab-1", "crab-2", "--played", "boat-1", "boat-2"], "Sea Salt & Paper"),
          ("boomerang-2010", ["--player", "A1:12", "--player", ":12", "--player", ":12"], "Boomerang (2010)")]
"""A valid ``score`` of each game, and the game's name as its messages give it."""


@pytest.mark.parametrize("flag", ["-q", "--quiet", "-Q", "-x"])
@pytest.mark.parametrize("where", ["first", "among the cards", "last"])
@pytest.mark.parametrize(("rules", "args", "game"), SCORED)
def test_score_refuses_quiet_and_any_short_option_alike_in_every_game(rules: str, args: list[str], game: str,
                                                                     where: str, flag: str) -> None:
    """``score`` has no ``-q``/``--quiet`` (no progress to hide; Sea Salt & Paper's score has no one total
    to print alone): in every game, wherever it stands, it is refused as ``--bogus`` is, a usage error
    (exit 2) naming it. It was Australia's unknown card '-Q' (exit 1), Sea Salt & Paper's card '-q'
    after ``--hand`` (exit 1) or a card "in hand or played?" before it (exit 2), and Boomerang
    (2010)'s "unexpected argument"."""
    at = {"first": 0, "among the cards": 2, "last": len(args)}[where]
    code, out, err = run("score", "--rules", rules, *args[:at], flag, *args[at:])
    assert (code, out) == (2, ""), err
    assert err.startswith(f"boomerang-rules: no such option for {game}: {flag} (give "), err
    assert len(err.splitlines()) == 1


def test_score_help_says_it_has_no_quiet() -> None:
    code, out, _ = run("score", "--help")
    assert code == 0 and "-q" in out and "--quiet" in out


@pytest.mark.parametrize("spec", ["A1,,A2:12", ",:12", "A1,:12", ",A1:12"])
def test_score_refuses_an_empty_card_id_in_a_player_s_list(spec: str) -> None:
    """A stray comma in Boomerang (2010)'s ``--player`` is a usage error naming the argument, not a card
    list read without it (``--player :7`` is the way to give no cards)."""
    code, out, err = run("score", "--rules", "boomerang-2010", "--player", spec, "--player", ":12", "--player", ":12")
    assert (code, out) == (2, "") and f"--player {spec!r}: expected CARD,CARD,...:BOOMERANGS" in err


HUGE = "x" * 100_000


@pytest.mark.parametrize("args", [
    ["standard", *"EAVWXJ", HUGE], ["sea-salt-paper", "--hand", HUGE],
    ["boomerang-2010", "--player", f"{HUGE}:12", "--player", ":12", "--player", ":12"],
    ["boomerang-2010", "--player", f"A1:{HUGE}"]], ids=["standard", "sea-salt-paper", "card", "count"])
def test_score_quotes_what_it_refuses_cut_short_in_every_game(args: list[str]) -> None:
    """A card or count of a megabyte is named cut short, as the library's messages name it."""
    code, out, err = run("score", "--rules", *args)
    assert code in (1, 2) and out == "" and len(err) < 1_000


@pytest.mark.parametrize("rules", ["sea-salt-paper", "sea-salt-paper-extra-salt"])
@pytest.mark.parametrize("args", [["--hand"], ["--played"], ["--hand", "--played"]])
def test_score_an_empty_sea_salt_and_paper_hand_when_asked_for(rules: str, args: list[str]) -> None:
    """A seat can hold no card (every card played as duos, or its last one stolen): --hand alone
    (or --played alone) scores it, as Boomerang (2010)'s --player :7 is a seat without cards."""
    code, out, _ = run("score", "--rules", rules, *args, "--json")
    assert code == 0 and set(json.loads(out).values()) == {0}


def test_score_unknown_rules_is_a_usage_error() -> None:
    code, _, err = run("score", *"ABCDEFG", "--rules", "nope")
    assert code == 2 and "nope" in err


def test_validate_standard_ruleset() -> None:
    code, out, _ = run("validate", str(ROOT / "variants" / "standard.json"))
    assert code == 0 and "valid ruleset" in out


def test_validate_reports_problems_with_pointers(tmp_path: Path) -> None:
    data = json.loads((ROOT / "variants" / "standard.json").read_text(encoding="utf-8"))
    data["cards"][2]["collection"] = "stamps"
    bad = tmp_path / "bad.json"
    text = json.dumps(data)
    bad.write_text(text, encoding="utf-8")
    code, out, _ = run("validate", str(bad))
    assert code == 1
    assert f"{bad}:/cards/2/collection:" in out and "[icon-known]" in out
    assert bad.read_text(encoding="utf-8") == text


def test_validate_json_report(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2", encoding="utf-8")
    code, out, _ = run("validate", "--json", str(bad))
    assert code == 1
    report = json.loads(out)
    assert report["valid"] is False and report["problems"][0]["rule"] == "json-syntax"


def test_validate_missing_file_is_an_io_error(tmp_path: Path) -> None:
    code, _, err = run("validate", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err


def test_validate_needs_a_file() -> None:
    code, _, _ = run("validate")
    assert code == 2


GAMES = {"standard": 3, "sea-salt-paper": 3, "boomerang-2010": 3}


@pytest.mark.parametrize("recorded", sorted(GAMES))
@pytest.mark.parametrize("replayed", sorted(GAMES))
def test_a_record_replayed_under_another_games_rules_is_refused_naming_game(
        tmp_path: Path, recorded: str, replayed: str) -> None:
    file = tmp_path / "g.json"
    code, _, _ = run("simulate", "--rules", recorded, "--players", str(GAMES[recorded]), "--out", str(file))
    assert code == 0
    record = json.loads(file.read_text())
    code, _, err = run("replay", "--rules", replayed, str(file))
    if br.load_rules(recorded).game == br.load_rules(replayed).game:
        assert code == 0
        return
    assert code == 1
    assert f"{file}:/game:" in err and "[game]" in err
    with pytest.raises(br.InvalidInput, match=r"/game: .*\[game\]"):
        br.state_of(record, replayed)
    with pytest.raises(br.InvalidInput, match=r"/game: .*\[game\]"):
        br.check_record(record, br.load_rules(replayed))


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_a_json_array_of_records_is_told_how_a_file_holds_several(tmp_path: Path, rules: str) -> None:
    """Records gathered in a JSON array, as a program keeping them in a list writes them, are one problem
    saying how a file holds several (JSON Lines), in every command that reads records and in every game:
    validate said "not a document this library reads", replay and sheet quoted the array and said it is
    not an object, neither saying what to do."""
    lines, array = tmp_path / "g.jsonl", tmp_path / "g.json"
    code, _, _ = run("simulate", "--rules", rules, "--players", str(GAMES[rules]), "--games", "2", "--out", str(lines))
    assert code == 0
    records = [json.loads(line) for line in lines.read_text(encoding="utf-8").splitlines()]
    array.write_text(json.dumps(records), encoding="utf-8")
    said = (f"{array}: a JSON array of 2 documents: a file holds one document, or several one a line in a JSON Lines "
            "file (a name ending in .jsonl, as simulate --out games.jsonl writes) [format]")
    code, out, _ = run("validate", str(array))
    assert (code, out) == (1, f"{said}\n0 valid, 1 invalid\n")
    for command in (["replay", str(array)], ["sheet", str(array), "-o", str(tmp_path / "s.svg")]):
        code, out, err = run(*command)
        assert (code, out, err) == (1, "", f"boomerang-rules: not a valid game record:\n  {said}\n")
    assert [p.rule for p in br.validate_record(records)] == ["format"]
    assert not (tmp_path / "s.svg").exists()


@pytest.mark.parametrize("game", ["chess", "", "Boomerang-Australia", 5, None, True, ["sea-salt-paper"]])
def test_a_record_of_an_unknown_game_gets_one_problem_listing_the_games(tmp_path: Path, game: Any) -> None:
    """A ``game`` that is no text was checked against Boomerang: Australia's schema: 37 problems for this
    Sea Salt & Paper record, not one of them saying that the game is unknown."""
    file = tmp_path / "g.json"
    assert run("simulate", "--rules", "sea-salt-paper", "--players", "2", "--out", str(file))[0] == 0
    record = {**json.loads(file.read_text()), "game": game}
    file.write_text(json.dumps(record))
    shown = repr(game) if isinstance(game, str) else json.dumps(game)  # a value as JSON writes it: null, true
    expected = (rf"^/game: unknown game {re.escape(shown)} \(games: boomerang-2010, boomerang-australia, "
                r"sea-salt-paper\) \[game\]$")
    assert [p.rule for p in br.validate_record(record)] == ["game"]
    assert [p.rule for p in br.check_record(record).problems] == ["game"]
    with pytest.raises(br.InvalidInput) as caught:
        br.state_of(record)
    assert [str(p) for p in caught.value.problems] == [str(br.validate_record(record)[0])]
    assert re.match(expected, str(br.validate_record(record)[0]))
    for command in ("validate", "replay"):
        code, _, err = run(command, str(file))
        assert code == 1
        assert f"{file}:/game: unknown game" in (err or "") + CliRunner().invoke(cli, [command, str(file)]).stdout


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_record_without_its_game_gets_one_problem_in_every_game(tmp_path: Path, rules: str) -> None:
    """Without ``game`` a record was checked against Boomerang: Australia's schema: one problem for its own
    records, 37 for a Sea Salt & Paper one and 65 for a Boomerang (2010) one."""
    file = tmp_path / "g.json"
    assert run("simulate", "--rules", rules, "--players", "3", "--out", str(file))[0] == 0
    record = json.loads(file.read_text())
    del record["game"]
    expected = ["'game' is a required property (games: boomerang-2010, boomerang-australia, sea-salt-paper) "
                "[schema:required]"]
    assert [str(p) for p in br.validate_record(record)] == expected
    assert [str(p) for p in br.check_record(record).problems] == expected
    with pytest.raises(br.InvalidInput) as caught:
        br.state_of(record)
    assert [str(p) for p in caught.value.problems] == expected


CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""Characters a terminal obeys rather than shows (tab and newline aside)."""


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_every_command_that_reads_a_record_refuses_a_name_holding_a_control_character(
        tmp_path: Path, rules: str) -> None:
    """Such a record was "valid", then ``replay --html`` crashed, ``sheet`` wrote an SVG no XML parser
    reads and ``replay`` rang the terminal's bell: now each command refuses it, naming the place (exit 1)."""
    file = tmp_path / "g.json"
    assert run("simulate", "--rules", rules, "--players", str(GAMES[rules]), "--out", str(file))[0] == 0
    record = json.loads(file.read_text())
    record["players"][0] = bad = "Ana\x07\x1b[2J"
    file.write_text(json.dumps(record))
    want = (f"{file}:/players/0: {bad!r} holds U+0007 (character 4), which pictures and terminals cannot show: "
            "text players read may hold no control character but tab and newline, nor U+FFFE or U+FFFF "
            "[schema:pattern]")
    code, out, err = run("validate", str(file))
    assert (code, out.splitlines()) == (1, [want, "0 valid, 1 invalid"])
    page, svg = tmp_path / "g.html", tmp_path / "g.svg"
    for command in (["replay", str(file)], ["replay", str(file), "--html", str(page)],
                    ["sheet", str(file), "-o", str(svg)]):
        code, out, err = run(*command)
        assert (code, out) == (1, ""), command
        assert err.splitlines() == ["boomerang-rules: not a valid game record:", f"  {want}"], command
    assert not page.exists() and not svg.exists()


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_replay_writes_no_control_character_onto_the_terminal(tmp_path: Path, rules: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Behind the record's check: whatever the game's telling holds, ``replay`` shows a control character
    as U+FFFD rather than let the terminal obey it (a bell, an escape sequence that clears the screen)."""
    from boomerang_rules.cli.common import game_cli

    file = tmp_path / "g.json"
    assert run("simulate", "--rules", rules, "--players", str(GAMES[rules]), "--out", str(file))[0] == 0
    telling = game_cli(br.load_rules(rules))
    narrate = telling.narrate
    bad = "Ana\x00\x07\x1b[2J\r\x7f\x9b\ufffe!"

    def with_names(record: Any, rules: Any, names: list[str], seat: int | None) -> list[str]:
        return narrate(record, rules, [bad, *names[1:]], seat)  # type: ignore[no-any-return]

    monkeypatch.setattr(telling, "narrate", with_names)
    code, out, err = run("replay", str(file))
    assert code == 0, err
    assert not CONTROL.search(out) and "\ufffe" not in out
    assert "Ana\ufffd\ufffd\ufffd[2J\ufffd\ufffd\ufffd\ufffd!" in out


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
@pytest.mark.parametrize("seat", [None, 0])
def test_replay_shows_a_name_holding_a_newline_on_its_own_line(rules: str, seat: int | None, tmp_path: Path) -> None:
    """A player's name may hold a newline or a tab (the schema allows them), but ``replay`` writes it
    escaped, on one line, as messages write a file's name: a name cannot start a line of the story
    (a forged "Winner: ..." line) in any game."""
    import random

    state = br.new_game(rules, 3, 4)
    rng = random.Random(4)
    while not br.is_over(state):
        state = br.step(state, [rng.choice(br.legal_actions(state, s)) for s in br.to_act(state)])
    path = tmp_path / "g.json"
    path.write_text(json.dumps(br.record_of(state, ["Ana\nWinner: Ana", "B\tb", "Cy"])), encoding="utf-8")
    code, out, _ = run("replay", str(path), *(["--seat", str(seat)] if seat is not None else []))
    assert code == 0 and "\t" not in out
    assert not any(line.startswith("Winner: Ana") for line in out.splitlines())
    assert "Ana\\nWinner: Ana (seat 0)" in out and "B\\tb (seat 1)" in out


IMPOSSIBLE = [
    ("standard", [*"EAVWXJBC"], "the card ids (8 given): a round scores 7 cards, got 8 [card-count]"),
    ("standard", [*"EAVWXJB", "--activity", "surfing"], "--activity 'surfing': unknown activity 'surfing'"),
    ("sea-salt-paper", ["--hand", "shell-1", "--played", "crab-1"],
     "--played card 1 ('crab-1'): this crab has no partner among the played cards: a crab is played in a duo"),
    ("sea-salt-paper", ["--hand", "--played", "shell-1", "shell-2"],
     "--played card 2 ('shell-2'): this shell cannot be in front: only duos"),
    ("sea-salt-paper-extra-salt", ["--hand", "--played", "starfish-1"],
     "--played card 1 ('starfish-1'): this starfish has no duo"),
    ("sea-salt-paper", ["--hand", "--played", "mermaid-1"], "--played card 1 ('mermaid-1'): 1 mermaid in front"),
    ("boomerang-2010", ["--player", "A1:13", "--player", ":12", "--player", ":12"],
     "--player (3 given): the seats hold 37 boomerangs in all"),
    ("boomerang-2010", ["--player", "A1:18", "--player", ":18"], "--player (2 given): 'boomerang-2010' is for 3 to 5"),
    ("boomerang-2010", ["--player", ":12", "--player", "A1,A1:12", "--player", ":12"],
     "--player 2 (seat 1): card 'A1' is held twice"),
]


@pytest.mark.parametrize(("rules", "args", "said"), IMPOSSIBLE)
def test_score_refuses_what_no_game_can_hold_alike_in_every_game(rules: str, args: list[str], said: str) -> None:
    """Cards or counts no game can end with are invalid input (exit 1) in every game, each problem
    on a line naming the argument, what is wrong and the rule: a Sea Salt & Paper player's lone
    crab or shells in front were scored without a word (``score_cards`` scores any set; the
    command refuses one no table can hold)."""
    code, out, err = run("score", "--rules", rules, *args)
    assert (code, out) == (1, "")
    assert said in err
    lines = err.removeprefix("boomerang-rules: ").splitlines()
    assert all(re.fullmatch(r"(argument \d+ \(.+\)|the card ids \(\d+ given\)|--\w+( card \d+| \d+)? ?\(.*\)|"
                            r"--activity '.+'): .+ \[[a-z-]+\]", line) for line in lines), lines


def test_score_says_four_mermaids_in_front_win_the_game_rather_than_score_the_round() -> None:
    """A Sea Salt & Paper table with all four mermaids in front (the one set of them ``--played``
    takes) is a game won at once, its round unscored: ``score`` said "Card points 4" alone."""
    mermaids = ["mermaid-1", "mermaid-2", "mermaid-3", "mermaid-4"]
    code, out, _ = run("score", "--rules", "sea-salt-paper", "--hand", "crab-1", "--played", *mermaids)
    assert code == 0 and "Card points" in out
    assert out.splitlines()[-1] == "(all 4 mermaids in front win the game at once: the round is not scored)"
    assert max(map(len, out.splitlines())) <= 80
    code, out, _ = run("score", "--rules", "sea-salt-paper", "--hand", *mermaids)
    assert code == 0 and "mermaids in front" not in out  # in hand: scored as card points
    code, out, _ = run("score", "--rules", "sea-salt-paper", "--played", *mermaids, "--json", "--hand")
    assert code == 0 and json.loads(out)["mermaids"] == 4  # --json unchanged: the breakdown for a program


@pytest.mark.parametrize(("win_with", "said"), [
    (3, "(3 mermaids in front win the game at once: the round is not scored)"),
    (1, "(1 mermaid in front wins the game at once: the round is not scored)")])
def test_score_says_the_ruleset_s_number_of_mermaids_in_front(win_with: int, said: str, tmp_path: Path) -> None:
    """The line under ``score``'s table said "all 3 mermaids" where 3 of the deck's 4 win (and "all 1
    mermaids" where one does): it says the ruleset's number as every other text of the win does
    (``telling.winning_mermaids``), "all" only when they are the deck's every mermaid."""
    data = br.rules_data(br.load_rules("sea-salt-paper"))
    data.update(id="few-win", mermaids={**data["mermaids"], "win_with": win_with})
    path = tmp_path / "few-win.json"
    path.write_text(json.dumps(data))
    played = [f"mermaid-{i}" for i in range(1, win_with + 1)]
    code, out, _ = run("score", "--rules", str(path), "--hand", "crab-1", "--played", *played)
    assert code == 0 and out.splitlines()[-1] == said


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGHUP"), reason="no SIGHUP (Windows)")
def test_signals_end_a_command_through_its_exit_but_an_ignored_one_stays_ignored() -> None:
    """SIGTERM and SIGHUP raise ``Stopped`` (a ``KeyboardInterrupt``, as Ctrl-C raises, naming the signal)
    while a command runs, and the handlers are put back after; a signal ignored when the command starts
    (``nohup``'s SIGHUP) stays ignored."""
    import signal

    from boomerang_rules.cli.stopping import Stopped, ending_on_signals

    before = {signum: signal.getsignal(signum) for signum in (signal.SIGTERM, signal.SIGHUP)}
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # as a command starts (whatever the test runner set)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with ending_on_signals():
            assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
            with pytest.raises(Stopped) as ended:
                signal.raise_signal(signal.SIGTERM)
            assert ended.value.signum == signal.SIGTERM
        assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


def _stopped_twice(second: int, when: str, monkeypatch: pytest.MonkeyPatch) -> tuple[BaseException | None, str]:
    """What leaves a command stopped by Ctrl-C when ``second`` arrives as it tells the stop (``when`` is
    "telling") or as its handlers are put back on the way out ("leaving"), and what it said."""
    import io
    import signal

    from boomerang_rules.cli import stopping

    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    put_back = signal.signal
    echo = click.echo
    sent: list[int] = []

    def signalled(*args: Any, **kwargs: Any) -> Any:
        putting_back = when == "leaving" and args[1] in (signal.SIG_DFL, signal.default_int_handler)
        if not sent and (when == "telling" or putting_back):
            sent.append(second)
            signal.raise_signal(second)
        return (echo if when == "telling" else put_back)(*args, **kwargs)

    before = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    for signum in before:  # as a command starts (whatever the test runner set)
        signal.signal(signum, signal.default_int_handler if signum == signal.SIGINT else signal.SIG_DFL)
    left: BaseException | None = None
    try:
        try:
            with stopping.ending_on_signals():
                try:
                    raise KeyboardInterrupt
                except KeyboardInterrupt as stop:
                    monkeypatch.setattr(click, "echo", signalled) if when == "telling" else \
                        monkeypatch.setattr(signal, "signal", signalled)
                    stopping.interrupted(stop, "what was written")
        except BaseException as exc:  # a second stop's KeyboardInterrupt is the fault here
            left = exc
        monkeypatch.undo()
        after = {signum: signal.getsignal(signum) for signum in before}
        assert after[signal.SIGINT] is signal.default_int_handler
        assert after[signal.SIGTERM] is signal.SIG_DFL and after[signal.SIGHUP] is signal.SIG_DFL
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
    return left, err.getvalue()


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGHUP"), reason="no SIGHUP (Windows)")
@pytest.mark.parametrize("second", ["SIGINT", "SIGTERM", "SIGHUP"])
@pytest.mark.parametrize("when", ["telling", "leaving"])
def test_a_second_stop_while_the_first_is_told_or_the_command_leaves_is_no_traceback(
        second: str, when: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second signal on the heels of the first (SIGHUP 2 ms after a Ctrl-C to ``simulate --out``)
    met the command as it told the first or as it put its handlers back: its ``KeyboardInterrupt``
    left the command line, Python's traceback and a death by SIGINT (2 of 40 double signals). Once a
    stop is told the stops are let pass: one message, the first signal's exit."""
    import signal

    left, said = _stopped_twice(getattr(signal, second), when, monkeypatch)
    assert isinstance(left, SystemExit) and left.code == 130, repr(left)
    assert said == "boomerang-rules: interrupted (Ctrl-C): what was written\n"


@pytest.mark.parametrize("command", [["score", "A", "B", "C", "D", "E", "F", "G"], ["variants", "show", "standard"],
                                     ["play", "--rules", "sea-salt-paper"]])
def test_a_ctrl_c_a_command_does_not_meet_itself_exits_130_saying_so(command: list[str],
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C where a command has no words of its own for it (reading its ruleset, say) ended in
    click's "Aborted!" and exit 1, the code of invalid input: it exits 130, as the commands that
    meet it say, with one line."""
    import boomerang_rules.core.loading as loading

    def stopped(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(loading, "load_rules", stopped)
    monkeypatch.setattr(loading, "load_any_rules", stopped, raising=False)
    result = CliRunner().invoke(cli, command)
    assert (result.exit_code, result.stderr) == (130, "boomerang-rules: interrupted (Ctrl-C)\n"), result.output


@pytest.mark.parametrize("command", [["simulate", "--games", "2"], ["variants"], ["--help"]])
def test_a_ctrl_c_while_the_arguments_are_read_exits_130_saying_so(command: list[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while click reads the command line (before any command runs: a SIGINT sent 0.53 s
    after ``simulate`` started) ended in click's "Aborted!" and exit 1, the code of invalid input: it
    exits 130 with the line every other Ctrl-C gives."""
    def stopped(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(click.Group, "parse_args", stopped)
    result = CliRunner().invoke(cli, command)
    assert (result.exit_code, result.stderr) == (130, "boomerang-rules: interrupted (Ctrl-C)\n"), result.output


def test_variants_show_help_gives_its_exit_statuses() -> None:
    code, out, _ = run("variants", "show", "--help")
    assert code == 0
    statuses = re.search(r"^  Exit status: (.*(?:\n  \S.*)*)", out, re.MULTILINE)
    assert statuses is not None and all(f"{code} " in statuses.group(1) for code in (0, 1, 2)), out


def test_an_option_several_commands_take_reads_the_same_in_each() -> None:
    """The same option is explained in the same words wherever it appears: ``--seed`` of the commands
    that play many games read "Seed of the first game; game i of the batch uses SEED + i", "Game i is
    dealt from SEED + i" and "Seed of the first game", and ``--game`` "The N-th game (1 = first) of a
    file of several games" in replay but "The N-th game of a JSON Lines file" in sheet. ``play``'s
    ``--seed`` (one game) and ``--bots`` (the other seats), ``bench``'s and ``check-scorer``'s
    ``--players`` (their own defaults), ``replay``'s ``--rules`` (in place of the record's),
    ``check-scorer``'s ``--games`` (scored too) and ``validate``'s ``--quiet`` (its report) say what
    differs."""
    import click

    context = click.Context(cli)
    helps: dict[str, dict[str, str]] = {}
    for name in cli.list_commands(context):
        command = cli.get_command(context, name)
        assert command is not None
        for param in command.params:
            if isinstance(param, click.Option) and param.help:
                helps.setdefault(param.opts[-1] if param.opts[-1].startswith("--") else param.opts[0],
                                 {})[name] = param.help
    own = {("--seed", "play"), ("--bots", "play"), ("--players", "bench"), ("--players", "check-scorer"),
           ("--rules", "replay"), ("--games", "check-scorer"),
           ("--quiet", "validate")}
    shared = {option: {name: text for name, text in by.items() if (option, name) not in own}
              for option, by in helps.items()}
    same = {"--seed", "--rules", "--players", "--jobs", "--ray", "--quiet", "--game", "--max-bytes", "--games",
            "--bots"}
    assert {option for option in same if len(shared[option]) < 2} == set()
    for option in same:
        assert len(set(shared[option].values())) == 1, (option, shared[option])
