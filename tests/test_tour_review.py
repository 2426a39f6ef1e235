"""A newcomer's second pass over the tour (issue 16): what the first pass left reading oddly.
A record saved by ``play`` names its player "You": every story told of it agrees with that name;
other players' moves read in the third person; pictures fit long names."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from boomerang_rules.cli import cli
from boomerang_rules.core.textbox import text_width

GAMES = ["standard", "sea-salt-paper", "boomerang-2010"]
# "You" with a verb in the third person, or "You's": what a sentence about the player must never say.
DISAGREES = re.compile(r"\bYou(?:'s| (?:is|has|takes|throws|catches|completes|passes|opens|begins|draws|keeps|"
                       r"discards|ends|plays|looks|steals|calls|wins|chooses)\b)")


def run(*args: str, input: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


def _record_with_you(tmp_path: Path, rules: str, seed: int) -> Path:
    """A simulated game whose first player is named "You", as ``play`` names it."""
    path = tmp_path / f"{rules}.json"
    code, _, err = run("simulate", "--rules", rules, "--players", "3", "--seed", str(seed), "--out", str(path))
    assert code == 0, err
    record = json.loads(path.read_text())
    record["players"][0] = "You"
    path.write_text(json.dumps(record))
    return path


def _frame_texts(page: str) -> list[str]:
    found = re.search(r'<script id="frames" type="application/json">(.*?)</script>', page, re.S)
    assert found
    return [f"{frame['title']} {frame['note']}" for frame in json.loads(found.group(1))]


@pytest.mark.parametrize("rules", GAMES)
def test_stories_of_a_game_played_as_you_agree_with_you(rules: str, tmp_path: Path) -> None:
    path = _record_with_you(tmp_path, rules, 5)
    page = tmp_path / "g.html"
    code, _, err = run("replay", str(path), "--html", str(page))
    assert code == 0, err
    texts = _frame_texts(page.read_text())
    assert any("You " in text for text in texts)  # the player is in the story...
    assert [text for text in texts if DISAGREES.search(text)] == []  # ...and reads as English
    for seat in ([], ["--seat", "0"], ["--seat", "1"]):
        code, told, err = run("replay", str(path), *seat)
        assert code == 0, err
        assert "You " in told and [line for line in told.splitlines() if DISAGREES.search(line)] == []


def test_verbs_and_possessives_agree_with_you() -> None:
    from boomerang_rules.terminal.wording import verb_for, whose

    assert verb_for("You", "takes") == "take" and verb_for("Ana Lee", "takes") == "takes"
    assert whose("You") == "your" and whose("Ana") == "Ana's"


def test_the_australia_page_says_throw_for_the_throw(tmp_path: Path) -> None:
    path = _record_with_you(tmp_path, "standard", 2)
    page = tmp_path / "g.html"
    run("replay", str(path), "--html", str(page))
    throws = [text for text in _frame_texts(page.read_text()) if text.startswith("Round 1: the Throw")]
    assert len(throws) == 1 and "You throw " in throws[0] and "takes" not in throws[0]


def test_sea_salt_and_paper_tells_the_bots_moves_in_the_third_person() -> None:
    code, out, err = run("play", "--rules", "sea-salt-paper", "--seed", "6", input="1\n" * 2000)
    assert code == 0, err
    bots = [line for line in out.splitlines() if line.startswith(("  greedy 1 ", "  greedy 2 "))
            and " points, " not in line]
    imperative = re.compile(r"of your|your turn|^  greedy \d (?:draw|keep|take|end|play) ")
    assert bots and not [line for line in bots if imperative.search(line)]
    assert any(line.endswith("ends the turn") for line in bots)
    words = " ".join(out.split())  # lines are wrapped at 80 columns (issue 28)
    taken = words.split("from the top of ")[1:]
    assert taken and all(re.match(r"the (left|right) pile", after) for after in taken)


@pytest.mark.parametrize("rules", GAMES)
def test_a_long_name_stays_inside_its_sheet(rules: str, tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    path = _record_with_you(tmp_path, rules, 4)
    record = json.loads(path.read_text())
    record["players"][1] = "Maximilian Alexander von Habsburg-Lothringen " * 3
    path.write_text(json.dumps(record))
    svg = tmp_path / "s.svg"
    code, _, err = run("sheet", str(path), "-o", str(svg))
    assert code == 0, err
    ns = "{http://www.w3.org/2000/svg}"
    sheets = [g for g in ET.parse(svg).getroot().iter(ns + "g") if g.get("class") == "sheet"]
    heads = [next(t for t in g.iter(ns + "text") if t.get("class") == "player") for g in sheets]
    frames = [next(g.iter(ns + "rect")) for g in sheets]
    short, long = heads[0], heads[1]
    assert (short.text or "").startswith("You") and "…" not in (short.text or "")
    assert (long.text or "").startswith("Maximilian") and "…" in (long.text or "")
    room = float(frames[1].get("width") or 0) - 20
    assert long.get("textLength") is None  # cut to fit, not squeezed: every renderer draws it the same
    assert 0 < text_width(long.text or "", float(long.get("font-size") or 0), True) <= room
    assert long.find(ns + "title") is not None and long.find(ns + "title").text == record["players"][1]  # type: ignore[union-attr]


def _round_columns(out: str, names: list[str]) -> dict[str, int]:
    """Each seat's "Round" column summed over every round table of a told Boomerang: Australia game."""
    sums = dict.fromkeys(names, 0)
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if line.split()[-1:] == ["Round"] and "Sites" in line:
            for row in lines[i + 1:i + 1 + len(names)]:
                name = next(n for n in names if row.strip().startswith(n))
                sums[name] += int(row[len("  ") + max(map(len, names)):].split()[6])
    return sums


def test_the_australia_round_tables_add_up_to_the_totals(tmp_path: Path) -> None:
    ids = "ABCDEFGHIJKLMNOPQRSTUVWXYZ@#"
    answers = "\n".join([*ids, "indigenous culture", "bush", "1", "none"] * 60) + "\n"
    record = tmp_path / "g.json"
    code, out, err = run("play", "--seed", "12", "--record", str(record), input=answers)
    assert code == 0, err
    names = ["You", "greedy 1", "greedy 2"]
    final = out.split("Final score sheets")[1].splitlines()[2:5]
    totals = {name: int(row.split()[-1]) for name, row in zip(names, final)}
    assert _round_columns(out, names) == totals  # each round says all it gained: sites and regions too
    assert "indigenous_culture" not in out and "(indigenous culture)" in out
    code, told, _ = run("replay", str(record))
    assert code == 0 and _round_columns(told, names) == totals and "indigenous_culture" not in told


def test_boomerang_2010_tables_name_every_animal_whole_and_explain_their_columns() -> None:
    import boomerang_rules as br

    answers = "sheet\n" + "d\nthr\np\n" * 400
    code, out, err = run("play", "--rules", "boomerang-2010", "--seed", "6", input=answers)
    assert code == 0, err
    rules = br.load_rules("boomerang-2010")
    heads = [line.split() for line in out.splitlines() if line.strip().startswith(rules.animals[0])]
    assert heads and all(head == [*rules.animals, "Boom", "Sets", "Total"] for head in heads)
    assert f"Sets: a point per {rules.boomerangs_per_point} of them" in out
    assert "last hunter left: their token" in out or "last hunter left: your token" in out


def test_a_count_of_bots_reads_as_english() -> None:
    code, _, err = run("play", "--bots", "greedy,random,random", input="")
    assert code == 2 and "3 bot names for 2 seats" in err
    code, _, err = run("play", "--players", "2", "--bots", "greedy,random", input="")
    assert code == 2 and "2 bot names for 1 seat " in err


def test_an_empty_file_is_called_empty(tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text("\n")
    for command in (["validate"], ["replay"], ["sheet"]):
        code, out, err = run(*command, str(empty))
        assert code == 1 and "empty: no JSON document in it" in out + err and "Expecting value" not in out + err
    code, out, _ = run("validate", "-", input="")
    assert code == 1 and "empty" in out


def test_no_all_zero_sheet_before_the_first_round_is_scored() -> None:
    code, out, _ = run("play", "--seed", "3", input="sheet\n")
    assert code == 1 and "No round has been scored yet" in out and "T&C" not in out


def test_sea_salt_and_paper_announces_each_round_before_anyone_moves() -> None:
    code, out, err = run("play", "--rules", "sea-salt-paper", "--seed", "6", input="1\n" * 2000)
    assert code == 0, err
    lines = out.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("Round ") and " begins: " in line]
    ends = [i for i, line in enumerate(lines) if line.startswith("The round ends: ")]
    assert len(starts) == len(ends) >= 2 and lines[starts[0]].startswith("Round 1 begins: ")
    first_move = next(i for i, line in enumerate(lines) if line.startswith(("  greedy", "Round 1. Deck")))
    assert starts[0] < first_move and all(s < e for s, e in zip(starts, ends))


def test_pictures_never_overwrite_the_record_they_draw(tmp_path: Path) -> None:
    path = _record_with_you(tmp_path, "standard", 3)
    before = path.read_bytes()
    for args in (["sheet", str(path), "-o", str(path)], ["sheet", str(path), "-o", str(tmp_path / "." / path.name)],
                 ["replay", str(path), "--html", str(path)]):
        code, _, err = run(*args)
        assert code == 2 and "that is the record being read" in err
    assert path.read_bytes() == before
    code, _, err = run("sheet", str(path), "-o", str(tmp_path / "s.svg"))
    assert code == 0, err


def test_play_refuses_to_record_onto_its_own_conversation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run("play", "--record", "-", "--seed", "1", input="A\n")
    assert code == 2 and "needs a file" in err and "Round 1" not in out and not (tmp_path / "-").exists()


def test_no_help_shows_markup_meant_for_the_source() -> None:
    commands = cli.commands
    for name in ["", *commands]:
        code, out, _ = run(*([name] if name else []), "--help")
        assert code == 0 and "`" not in out, name


def test_a_record_replayed_under_another_games_rules_says_what_to_do(tmp_path: Path) -> None:
    path = _record_with_you(tmp_path, "boomerang-2010", 1)
    code, _, err = run("replay", str(path), "--rules", "standard")
    assert code == 1 and "the record is of 'boomerang-2010'" in err and "leave out --rules standard" in err


@pytest.mark.parametrize("rules", GAMES)
def test_an_empty_answer_asks_again_kindly(rules: str) -> None:
    code, out, _ = run("play", "--rules", rules, "--seed", "6", input="\n")
    assert code == 1 and "Please type your choice (or help)." in out and "'' is not" not in out


def test_a_hidden_throw_is_not_read_as_hidden_face_up() -> None:
    code, out, _ = run("play", "--seed", "12", input="C\n")
    assert code == 1 and "throw: hidden  face up: " in out and "hidden face up" not in out


@pytest.mark.parametrize("rules", GAMES)
def test_the_sheet_of_an_unfinished_game_says_so(rules: str, tmp_path: Path) -> None:
    path = _record_with_you(tmp_path, rules, 2)
    code, out, _ = run("sheet", str(path), "-o", str(tmp_path / "whole.svg"))
    assert code == 0 and "unfinished" not in out
    record = json.loads(path.read_text())
    record.pop("result", None)
    record["rounds"] = record["rounds"][:1]
    path.write_text(json.dumps(record))
    code, out, err = run("sheet", str(path), "-o", str(tmp_path / "s.svg"))
    assert code == 0 and "unfinished" in out, err


def test_the_australia_sheet_names_each_rounds_activity(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    path = _record_with_you(tmp_path, "standard", 8)
    record = json.loads(path.read_text())
    svg = tmp_path / "s.svg"
    assert run("sheet", str(path), "-o", str(svg))[0] == 0
    ns = "{http://www.w3.org/2000/svg}"
    sheets = [g for g in ET.parse(svg).getroot().iter(ns + "g") if g.get("class") == "sheet"]
    assert len(sheets) == len(record["players"])
    for s, sheet in enumerate(sheets):
        lines = [t for t in sheet.iter(ns + "text") if t.get("class") == "activities"]
        chosen = [(rnd["activities"][s] or "none").replace("_", " ") for rnd in record["rounds"]]
        # broken between rounds into lines that fit the sheet, none squeezed (textLength) or cut off
        assert " ".join(line.text or "" for line in lines) == "Activities: " + ", ".join(
            f"{r + 1} {a}" for r, a in enumerate(chosen))
        room = float(next(sheet.iter(ns + "rect")).get("width") or 0) - 20
        assert all(line.get("textLength") is None and text_width(line.text or "", 10) <= room for line in lines)
