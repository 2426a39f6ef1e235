"""Files that round-trip (issue 16): whatever ``simulate`` writes, ``validate`` and ``replay`` read.

The format follows the file name (``*.jsonl``: one record a line, else one JSON document), in
what ``play --record`` writes too; a file in the other format is explained, not misparsed line by
line; ``-`` is standard input or output; the size limit applies to each record of a JSON Lines
file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from boomerang_rules.cli import cli

from .helpers import record_with_you

GAMES = [("standard", "3"), ("sea-salt-paper", "3"), ("boomerang-2010", "3")]


def run(*args: str, input: str | bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(("rules", "players"), GAMES)
def test_what_simulate_writes_validate_and_replay_read(tmp_path: Path, rules: str, players: str) -> None:
    many, one, single = tmp_path / "games.jsonl", tmp_path / "one.json", tmp_path / "one.jsonl"
    for path, games in ((many, "3"), (one, "1"), (single, "1")):
        code, _, err = run("simulate", "--rules", rules, "-p", players, "--games", games, "--out", str(path))
        assert code == 0, err
    assert len(many.read_text().splitlines()) == 3
    assert len(single.read_text().splitlines()) == 1  # one game, one line: still JSON Lines
    assert len(one.read_text().splitlines()) > 3  # indented
    code, out, _ = run("validate", str(many), str(one), str(single))
    assert code == 0
    assert out.splitlines()[-1] == "5 valid, 0 invalid"
    assert f"{many}:3: valid game-record" in out
    code, told, err = run("replay", str(many), "--game", "2")
    assert code == 0, err
    code, alone, _ = run("replay", str(single))
    assert code == 0 and told != alone and "seat 0" in alone
    code, _, err = run("replay", str(many))
    assert code == 2 and "holds 3 games" in err and "--game" in err
    code, _, err = run("replay", str(many), "--game", "4")
    assert code == 2 and "--game 4" in err


def test_several_games_into_a_json_file_are_refused_with_the_jsonl_name(tmp_path: Path) -> None:
    code, _, err = run("simulate", "--games", "2", "--out", str(tmp_path / "games10.json"))
    assert code == 2 and "games10.jsonl" in err and not (tmp_path / "games10.json").exists()
    assert err.rstrip().endswith("such as " + str(tmp_path / "games10.jsonl") + "); a .json file holds one game")
    # the refusal names the file's own kind: "a .json file" was said of games.txt and of games
    for name, holder in (("games.txt", "a .txt file"), ("games", "a file of another name")):
        code, _, err = run("simulate", "--games", "2", "--out", str(tmp_path / name))
        assert code == 2 and err.rstrip().endswith(f"{holder} holds one game") and not (tmp_path / name).exists()


def test_stdin_and_stdout_are_dash(tmp_path: Path) -> None:
    code, lines, _ = run("simulate", "--games", "3", "--out", "-")
    assert code == 0 and len(lines.splitlines()) == 3
    code, out, _ = run("validate", "-", input=lines)
    assert code == 0 and "<stdin>:2: valid game-record" in out and out.endswith("3 valid, 0 invalid\n")
    code, pretty, _ = run("simulate", "--out", "-")
    code, out, _ = run("validate", "-", input=pretty)
    assert code == 0 and out == "<stdin>: valid game-record\n1 valid, 0 invalid\n"
    code, out, _ = run("replay", "-", "--game", "3", input=lines)
    assert code == 0 and "seat 0" in out


def test_a_mismatch_of_name_and_format_is_explained(tmp_path: Path) -> None:
    _, lines, _ = run("simulate", "--games", "2", "--out", "-")
    _, pretty, _ = run("simulate", "--out", "-")
    (tmp_path / "lines.json").write_text(lines)
    (tmp_path / "pretty.jsonl").write_text(pretty)
    code, out, _ = run("validate", str(tmp_path / "lines.json"), str(tmp_path / "pretty.jsonl"))
    assert code == 1
    problems = out.splitlines()[:-1]
    assert len(problems) == 2  # one problem a file, not one a line
    assert "holds JSON Lines" in problems[0] and ".jsonl" in problems[0]
    assert "one JSON document spread over several lines" in problems[1] and ".json" in problems[1]
    assert out.splitlines()[-1] == "0 valid, 2 invalid"
    code, _, err = run("replay", str(tmp_path / "lines.json"))
    assert code == 1 and "holds JSON Lines" in err


def test_the_size_limit_applies_to_each_record_and_names_its_option(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    run("simulate", "--games", "4", "--out", str(path))
    longest = max(len(line) for line in path.read_bytes().split(b"\n"))
    code, out, _ = run("validate", "--max-bytes", str(longest), str(path))
    assert code == 0 and path.stat().st_size > longest and out.endswith("4 valid, 0 invalid\n")
    code, out, _ = run("validate", "--max-bytes", str(longest - 1), str(path))
    assert code == 1 and "--max-bytes" in out and "valid game-record" in out  # only the long line refused
    whole = tmp_path / "game.json"
    run("simulate", "--out", str(whole))
    code, out, _ = run("validate", "--max-bytes", "100", str(whole))
    assert code == 1 and "--max-bytes" in out


def test_quiet_prints_only_problems_and_json_covers_every_outcome(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    run("simulate", "--out", str(good))
    bad.write_text("{")
    code, out, _ = run("validate", "--quiet", str(good))
    assert (code, out) == (0, "")
    code, out, _ = run("validate", "-q", str(good), str(bad))
    assert code == 1 and out.count("\n") == 1 and "bad.json" in out
    code, out, err = run("validate", "--json", str(good), str(tmp_path / "missing.json"), str(bad))
    assert code == 2 and err == ""
    reports = [json.loads(line) for line in out.splitlines()]
    assert [r["valid"] for r in reports] == [True, False, False]
    assert reports[1]["problems"][0]["rule"] == "io" and "missing.json" in reports[1]["file"]


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_every_json_report_has_the_same_keys_whatever_became_of_its_file(tmp_path: Path, rules: str) -> None:
    """validate --json prints one shape of report for a valid document, an invalid one, one that is no
    JSON and a file it cannot read, in every game: ``readable`` was only in the last (a reader keying on
    it met a KeyError on every other report)."""
    good, bad, broken = tmp_path / "good.json", tmp_path / "bad.json", tmp_path / "broken.json"
    run("simulate", "--rules", rules, "--out", str(good))
    record = json.loads(good.read_text(encoding="utf-8"))
    bad.write_text(json.dumps({**record, "seed": "x"}), encoding="utf-8")
    broken.write_text("{", encoding="utf-8")
    code, out, _ = run("validate", "--json", str(good), str(bad), str(broken), str(tmp_path / "missing.json"))
    reports = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and len(reports) == 4
    assert {tuple(r) for r in reports} == {("file", "kind", "valid", "readable", "problems")}
    assert [(r["valid"], r["readable"]) for r in reports] == [(True, True), (False, True), (False, True),
                                                              (False, False)]
    assert {tuple(p) for r in reports for p in r["problems"]} == {("pointer", "message", "rule")}


def test_standard_input_named_twice_is_a_usage_error_not_an_empty_document(tmp_path: Path) -> None:
    """``validate - -`` read standard input whole for the first ``-`` and found the second empty: "<stdin>:
    empty: no JSON document in it", an invalid document (exit 1) that was no such thing."""
    record = tmp_path / "g.json"
    run("simulate", "--out", str(record))
    text = record.read_text(encoding="utf-8")
    code, out, err = run("validate", "-", str(record), "-", input=text)
    assert (code, out) == (2, "")
    assert err == "boomerang-rules: '-' (standard input) is given 2 times: it can be read once\n"
    assert run("validate", "-", str(record), input=text)[:2] == (0, f"<stdin>: valid game-record\n{record}: valid "
                                                                     "game-record\n2 valid, 0 invalid\n")


def test_an_empty_file_is_called_empty(tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text("\n")
    for command in (["validate"], ["replay"], ["sheet"]):
        code, out, err = run(*command, str(empty))
        assert code == 1 and "empty: no JSON document in it" in out + err and "Expecting value" not in out + err
    code, out, _ = run("validate", "-", input="")
    assert code == 1 and "empty" in out


def test_a_record_replayed_under_another_games_rules_says_what_to_do(tmp_path: Path) -> None:
    path = record_with_you(tmp_path, "boomerang-2010", 1)
    code, _, err = run("replay", str(path), "--rules", "standard")
    assert code == 1 and "the record is of 'boomerang-2010'" in err and "leave out --rules standard" in err


@pytest.mark.parametrize(("rules", "players"), GAMES)
def test_what_play_records_validate_and_replay_read_whatever_its_name(tmp_path: Path, rules: str,
                                                                      players: str) -> None:
    """``play --record`` follows the file name as ``simulate --out`` does: a ``.jsonl`` (or
    ``.ndjson``) record is one line, which ``validate`` and ``replay`` read (it was an indented
    document that ``validate`` refused as "one JSON document spread over several lines")."""
    from .readme_tour import ANSWERS, TOUR_GAMES

    answers = (ANSWERS / f"{rules}.answers").read_text(encoding="utf-8")
    seed = str(TOUR_GAMES[rules][1])
    texts = {}
    for name in ("game.jsonl", "game.ndjson", "game.json"):
        path = tmp_path / name
        code, _, err = run("play", "--rules", rules, "-p", players, "--seed", seed, "--record", str(path),
                           input=answers)
        assert code == 0, err
        texts[name] = path.read_text(encoding="utf-8")
    assert len(texts["game.jsonl"].splitlines()) == 1 and texts["game.ndjson"] == texts["game.jsonl"]
    assert len(texts["game.json"].splitlines()) > 3  # indented, as before
    assert json.loads(texts["game.jsonl"]) == json.loads(texts["game.json"])
    code, out, _ = run("validate", *(str(tmp_path / name) for name in texts))
    assert code == 0 and out.splitlines()[-1] == "3 valid, 0 invalid", out
    code, out, err = run("replay", str(tmp_path / "game.jsonl"))
    heading = " ".join(out.split("\n\n", 1)[0].split())  # wrapped at 80 columns
    assert code == 0 and heading.endswith("You (seat 0), greedy 1 (seat 1), greedy 2 (seat 2)"), err
