"""The command line's output on bad and big input, in every registered game: a screenful of problems
(``score``, ``validate``, ``replay``, ``sheet``), a scorer's answers written with a point
(``check-scorer``), and replay lines that fit 80 columns whatever the players' names."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from boomerang_rules.cli import cli
from boomerang_rules.core.errors import Problem
from boomerang_rules.core.games import GAMES, game_module, rules_module
from boomerang_rules.terminal.problems import SHOWN_PROBLEMS, listed

MANY = 5000

BAD_SCORE_ARGS: dict[str, Callable[[int], list[str]]] = {
    "boomerang-australia": lambda n: ["ZZ"] * n,
    "sea-salt-paper": lambda n: ["--hand", *["zz"] * (n - 2), "--played", "crab-1", "crab-1"],
    "boomerang-2010": lambda n: [arg for _ in range(n // 2) for arg in ("--player", "ZZ,A1:1")],
}
"""Arguments of ``score`` for each game holding about ``n`` problems (unknown and repeated cards)."""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def rules_of(game: str) -> str:
    """The id of the game's shipped ruleset (``--rules``)."""
    return rules_module(game).DEFAULT_RULES


def finished_record(game: str, players: int = 3, seed: int = 1) -> dict[str, Any]:
    """A finished random game of ``game``, as its record."""
    from boomerang_rules import load_rules
    from boomerang_rules.core.playouts import random_game

    return game_module(game).record_of(random_game(load_rules(rules_of(game)), players, seed))


def pointed(value: Any) -> Any:
    """``value`` with every int (not bool) written as a float: a record of hundreds of problems."""
    if isinstance(value, list):
        return [pointed(v) for v in value]
    if isinstance(value, dict):
        return {k: v if k in ("version", "seed") else pointed(v) for k, v in value.items()}
    return float(value) if value.__class__ is int else value


def test_every_game_has_its_bad_arguments() -> None:
    assert set(BAD_SCORE_ARGS) == set(GAMES)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_score_lists_a_screenful_of_problems(game: str) -> None:
    """5,000 bad cards made 5,000 lines (284 KB): now the first ``SHOWN_PROBLEMS``, each with its
    argument and rule as before, and one line counting the rest by rule; exit 1 as before."""
    code, out, err = run("score", "--rules", rules_of(game), *BAD_SCORE_ARGS[game](MANY))
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert len(lines) == SHOWN_PROBLEMS + 1, err[:2000]
    assert lines[0].startswith("boomerang-rules: ") and all(line.endswith("]") for line in lines[:-1])
    place = re.compile(r"(boomerang-rules: )?(argument \d+|--(hand|played) card \d+|--player \d+) \(")
    whole = [line for line in lines[:-1] if not place.match(line)]  # of the input as a whole (its card count)
    assert len(whole) <= 1 and all("[card-count]" in line for line in whole), whole
    tail = lines[-1]
    assert tail.startswith("… and ") and "more problems, not listed: " in tail and "card-known (" in tail
    counted = sum(int(part.rsplit("(", 1)[1].rstrip("×)")) for part in tail.split(": ", 1)[1].split(", "))
    assert int(tail.split()[2]) == counted >= MANY // 2 - SHOWN_PROBLEMS
    assert len(err) < 4000
    few = run("score", "--rules", rules_of(game), *BAD_SCORE_ARGS[game](6))[2]  # a few: every one listed
    assert "more problems" not in few and len(few.splitlines()) >= 2


@pytest.mark.parametrize("game", sorted(GAMES))
def test_validate_replay_and_sheet_list_a_screenful_of_a_record(game: str, tmp_path: Path) -> None:
    """A record with every number written with a point holds hundreds of ``record-integer``
    problems: ``validate`` lists the first ``SHOWN_PROBLEMS`` of it and counts the rest, as
    ``replay`` and ``sheet`` refuse it; ``validate --json`` keeps every one."""
    path = tmp_path / "pointed.json"
    path.write_text(json.dumps(pointed(finished_record(game))), encoding="utf-8")
    done = CliRunner().invoke(cli, ["validate", "--json", str(path)])
    problems = json.loads(done.stdout)["problems"]
    assert done.exit_code == 1 and len(problems) > SHOWN_PROBLEMS + 1
    assert {p["rule"] for p in problems} == {"record-integer"}
    code, out, _ = run("validate", str(path))
    lines = out.splitlines()
    assert code == 1 and len(lines) == SHOWN_PROBLEMS + 2 and lines[-1] == "0 valid, 1 invalid"
    assert lines[0] == f"{path}:{problems[0]['pointer']}: {problems[0]['message']} [record-integer]"
    assert lines[-2] == (f"… and {len(problems) - SHOWN_PROBLEMS} more problems, not listed: record-integer "
                         f"({len(problems) - SHOWN_PROBLEMS}×)")
    for command in (["replay"], ["sheet", "--out", str(tmp_path / "s.svg")]):
        code, _, err = run(*command, str(path))
        assert code == 1 and err.splitlines()[-1] == lines[-2].join(["  ", ""])
        assert len(err.splitlines()) == SHOWN_PROBLEMS + 2  # "not a valid game record:", 20, the count


def test_listed_keeps_one_more_and_says_when_the_schema_stopped_looking() -> None:
    few = [Problem(f"/x/{i}", "wrong", "rule-a") for i in range(SHOWN_PROBLEMS + 1)]
    assert listed(few) == [str(p) for p in few]  # one past the limit: listed, not counted
    many = [*few, Problem("/y", "wrong", "rule-b"), Problem("", "more problems, not listed", "schema:more")]
    lines = listed(many)
    assert len(lines) == SHOWN_PROBLEMS + 1
    assert lines[-2] == "/y: wrong [rule-b]"  # the first of each rule listed, the others after the earliest
    assert lines[-1] == ("… and 2 more problems, not listed: rule-a (2×); and more, not looked for "
                         "(a document that wrong is checked no further)")
    stopped = [*few[:SHOWN_PROBLEMS], Problem("", "a", "schema:more"), Problem("", "b", "schema:more")]
    assert listed(stopped)[-1] == "… and more, not looked for (a document that wrong is checked no further)"
    assert listed(many, lambda p: p.pointer, limit=2) == ["/x/0", "/y", listed(many, limit=2)[-1]]
    assert listed(many, lambda p: p.pointer, limit=1) == ["/x/0", listed(many, limit=1)[-1]]
    assert listed(many, limit=1)[-1].startswith("… and 21 more problems, not listed: rule-a (20×), rule-b (1×)")


def test_a_problem_of_its_own_rule_is_listed_among_thousands_of_another() -> None:
    """Australia's ``score`` of 3,000 unknown cards: the round's card count ("a round scores 7 cards, got
    3000"), checked last, is listed among the first unknown cards, not counted in the last line."""
    code, out, err = run("score", *["ZZ"] * 3000)
    lines = err.splitlines()
    assert code == 1 and out == "" and len(lines) == SHOWN_PROBLEMS + 1, lines[:3]
    assert any("a round scores 7 cards, got 3000 [card-count]" in x for x in lines[:-1])
    assert lines[-1].startswith(f"… and {3000 - SHOWN_PROBLEMS + 1} more problems, not listed: card-known")


SCORERS = Path(__file__).resolve().parent / "scorers"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_check_scorer_refuses_totals_written_with_a_point(game: str) -> None:
    """A scorer answering ``96.0`` for a total of 96 agreed; it disagrees now (exit 1), each total
    said to be written with a point, and the report counts them apart; the same scorer writing
    integers still agrees (exit 0)."""
    import sys

    code, out, err = run("check-scorer", "--rules", rules_of(game), "--games", "4", "--",
                         sys.executable, str(SCORERS / "float_scorer.py"))
    assert code == 1, out + err
    lines = out.splitlines()
    assert lines[0] == f"4 of 4 games disagree with the rules ({rules_of(game)})."
    assert lines[1].startswith("rows that differ: total (") and "," not in lines[1]
    count = int(lines[1].split("(")[1].rstrip("×)"))
    assert lines[2] == f"{count} of them written with a point (96.0 for 96): a score is an integer."
    assert max(len(line) for line in lines) <= 80, out
    unwrapped = re.sub(r"\n {6}", " ", out).splitlines()  # a difference goes on, indented 6, past 80 columns
    said = [line for line in unwrapped if line.startswith("  seat ")]
    assert said and all(re.fullmatch(r"  seat \d+, total: the scorer says (\d+)\.0, the rules give \1 \(written "
                                     r"with a point: a score is an integer\)", line) for line in said), said
    code, out, _ = run("check-scorer", "--rules", rules_of(game), "--games", "4", "--",
                       sys.executable, str(SCORERS / "library_scorer.py"))
    assert code == 0 and out == f"all 4 games agree with the rules ({rules_of(game)}).\n"


NAMES = {
    "long": ["Alexandra " * 19 + "Alexandr", "B" * 200, "\t" * 150 + "Tab", "Cy"],
    "wide": [("田中 太郎 " * 34)[:200], "佐藤" * 100, "😀" * 200, "山田"],
}
"""Names the schema takes (200 characters at most; a tab is allowed, and escaped it is two): of
words, of one word, of tabs, of wide characters (two columns each), and a short one, kept whole."""


def terminal_columns(line: str) -> int:
    """The columns ``line`` takes on a terminal (a wide character two): measured here, not by the
    library's ``terminal.wording.columns``."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in line)


def _replay_in_80_columns(tmp_path: Path, game: str, seed: int, names: list[str], seat: int | None) -> str:
    """``replay`` of a finished 4-player game of ``game`` whose players are ``names`` (from ``seat``'s
    seat, or all-seeing): its output, checked to exit 0 and to hold more than 20 lines, none past 80
    columns."""
    record = finished_record(game, players=4, seed=seed)
    record["players"] = names
    path = tmp_path / "named.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run("replay", str(path), *(["--seat", str(seat)] if seat is not None else []))
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) > 20 and max(map(terminal_columns, lines)) <= 80, \
        [line for line in lines if terminal_columns(line) > 80][:3]
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_replay_shows_a_names_bidirectional_controls_escaped(game: str, tmp_path: Path) -> None:
    """A name may hold Unicode's bidirectional controls (the schema takes them; right-to-left names
    need none of them): sent to a terminal that honours them, "\u202eBob" would draw the rest of its
    line, scores included, right to left, and an invisible right-to-left mark moves the ": 12" after
    it. ``replay`` writes each as its escape, visibly: the overrides, embeddings and isolates, and
    the marks (U+200E, U+200F, U+061C)."""
    names = ["\u202eBob0", "\u200fBob1\u202a", "Bob2\u061c\u200e\u202d", "\u2067علي\u2069"]
    out = _replay_in_80_columns(tmp_path, game, 2, names, None)
    assert not any(c in out for c in "\u202e\u202d\u202a\u2067\u2069\u200e\u200f\u061c")
    assert "\\u202eBob0 (seat 0)" in out and "\\u2067علي\\u2069 (seat 3)" in out
    assert "\\u200fBob1\\u202a (seat 1)" in out and "Bob2\\u061c\\u200e\\u202d (seat 2)" in out


@pytest.mark.parametrize("command", [["validate"], ["validate", "--json"], ["replay"], ["sheet", "--out", "-"]])
def test_a_problems_pointer_is_shown_escaped_as_a_name_is(command: list[str], tmp_path: Path) -> None:
    """A problem's JSON pointer names the keys of the input, and a record may have keys of any text
    (Boomerang (2010)'s result names its animals by key): ``validate`` printed one holding an escape
    sequence raw, so that a record turned the terminal red (or renamed its window), and every command
    printed its bidirectional controls raw. The pointer is escaped as a file's name is now, on every
    line that reports a problem; ``--json`` keeps the pointer, its controls as JSON escapes."""
    key = "\x1b[31m\u202ex\x9b"
    record = finished_record("boomerang-2010")
    record["result"]["sheets"][0]["cards"][key] = 1
    path = tmp_path / "keyed.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(cli, [*command[:1], str(path), *command[1:]], color=True)  # escapes kept
    assert result.exit_code == 1, result.output
    shown = result.stdout + result.stderr
    assert not any(c in shown for c in "\x1b\u202e\x9b\ufffd"), shown
    if "--json" in command:
        assert json.loads(result.stdout)["problems"][0]["pointer"] == f"/result/sheets/0/cards/{key}"
    else:
        assert f"{path}:/result/sheets/0/cards/\\x1b[31m\\u202ex\\x9b: " in shown, shown


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_rulesets_name_is_shown_escaped_as_a_players_is(game: str, tmp_path: Path) -> None:
    """A ruleset or variant file's name may hold bidirectional controls and a newline (its schema takes
    them, as a player's name): ``replay``'s first line and ``play``'s showed them raw in every game,
    where a player's name is escaped."""
    variant = tmp_path / "v.json"
    variant.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "evil",
                                   "name": "Evil \u202etxt.exe\nrest", "extends": game, "changes": {}}),
                       encoding="utf-8")
    record = tmp_path / "g.json"
    assert run("simulate", "--rules", str(variant), "--players", "3", "--bots", "random", "--out", str(record))[0] == 0
    code, out, _ = run("replay", str(record))
    assert code == 0 and out.startswith("Evil \\u202etxt.exe\\nrest [evil], 3 players"), out[:200]
    code, out, _ = run("play", "--rules", str(variant), "--players", "3", "--seed", "1")
    assert out.startswith("Evil \\u202etxt.exe\\nrest, 3 players, you are seat 0. Type help.\n"), out[:200]
    assert "\u202e" not in out


BIDI = "\u202e\u202d\u202a\u2067\u2069\u200e\u200f\u061c"
"""Unicode's bidirectional controls the names below hold (``core.display.UNSHOWN_IN_NAMES``)."""


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("command", [["validate"], ["variants", "show"], ["simulate", "--rules"]])
def test_a_problems_message_quotes_a_value_with_its_controls_escaped(game: str, command: list[str],
                                                                     tmp_path: Path) -> None:
    """A problem's message quotes the value it refuses as JSON writes it, and JSON leaves the
    bidirectional controls, the line separators and the C1 controls raw: ``variants show`` of a
    variant whose ``players`` was ``["\u202e..."]`` wrote them to the terminal, in every
    game and command (its pointer and file name were escaped). They are JSON escapes now."""
    marks = BIDI + "\u2028\u2029\x85"
    variant = tmp_path / "v.json"
    variant.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "evil", "name": "Evil",
                                   "extends": rules_of(game), "changes": {"players": [marks]}}),
                       encoding="utf-8")
    code, out, err = run(*command, str(variant))
    assert code == 1, (out, err)
    assert not any(c in out + err for c in marks), [c for c in marks if c in out + err]
    assert '["\\u202e\\u202d' in out + err, (out, err)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_variants_show_writes_a_rulesets_bidirectional_controls_escaped(game: str, tmp_path: Path) -> None:
    """``variants show FILE`` printed the ruleset's name and description with their bidirectional
    controls and line separators raw (JSON allows them in a string), in every game, where ``play`` and
    ``replay`` escape them: a terminal turned the rest of the line around. It writes each as its JSON
    escape now, so the text is the same JSON, every character kept."""
    from boomerang_rules import load_rules
    from boomerang_rules.core.loading import rules_data

    marks = BIDI + "\u2028\u2029"
    variant = tmp_path / "v.json"
    variant.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "evil",
                                   "name": f"Evil {marks} name", "description": f"{marks}txt.exe",
                                   "extends": rules_of(game), "changes": {}}), encoding="utf-8")
    code, out, err = run("variants", "show", str(variant))
    assert code == 0, err
    assert not any(c in out for c in marks), [c for c in marks if c in out]
    assert '"name": "Evil \\u202e\\u202d\\u202a\\u2067\\u2069\\u200e\\u200f\\u061c\\u2028\\u2029 name"' in out
    assert json.loads(out) == rules_data(load_rules(str(variant)))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_pictures_show_names_escaped_as_replay_does(game: str, tmp_path: Path) -> None:
    """``sheet`` and ``replay --html`` put the ruleset's and the players' names into titles, headings,
    tooltips, the seats' table and the notes; each showed their bidirectional controls (and a
    ruleset name's newline) raw, where ``replay`` escapes them: in every game the pictures write each
    as its escape now, the same escapes as ``replay``."""
    import xml.etree.ElementTree as ET

    variant = tmp_path / "v.json"
    variant.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "evil",
                                   "name": "Evil \u202etxt.exe\nrest", "extends": rules_of(game), "changes": {}}),
                       encoding="utf-8")
    path = tmp_path / "g.json"
    assert run("simulate", "--rules", str(variant), "--players", "4", "--seed", "3", "--bots", "random",
               "--out", str(path))[0] == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    record["players"] = ["\u202eBob0", "\u200fBob1\u202a", "Bob2\u061c\u200e\u202d", "\u2067علي\u2069"]
    escaped = ["\\u202eBob0", "\\u200fBob1\\u202a", "Bob2\\u061c\\u200e\\u202d", "\\u2067علي\\u2069"]
    path.write_text(json.dumps(record), encoding="utf-8")
    code, svg, err = run("sheet", str(path), "--out", "-")
    assert code == 0, err
    code, page, err = run("replay", str(path), "--html", "-")
    assert code == 0, err
    for drawn in (svg, page):
        assert not any(c in drawn for c in BIDI), [c for c in BIDI if c in drawn]
    svg_ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(svg)
    assert root.find(svg_ns + "title").text == "Evil \\u202etxt.exe\\nrest: score sheets"  # type: ignore[union-attr]
    heads = [t for t in root.iter(svg_ns + "text") if t.get("class") == "player"]
    assert [head.find(svg_ns + "title").text for head in heads] == escaped  # type: ignore[union-attr]
    title = "Evil \\u202etxt.exe\\nrest: " + ", ".join(escaped)
    assert f"<title>{title}</title>" in page and f"<h1>{title}</h1>" in page
    found = re.search(r'<script id="frames" type="application/json">(.*?)</script>', page, re.S)
    assert found
    frames = json.loads(found.group(1))
    assert all([seat["name"] for seat in frame["seats"]] == escaped for frame in frames)
    assert any(escaped[0] in frame["title"] + frame["note"] for frame in frames)


def test_australia_pictures_show_a_regions_and_a_sites_name_escaped() -> None:
    """Boomerang: Australia's pictures name regions (the sheet's map, a note) and sites (a card's
    tooltip) from the ruleset: escaped as a player's name is, in the sheet and on the page."""
    from boomerang_rules import load_rules, record_of
    from boomerang_rules.australia.picture import replay_html, sheet_svg
    from boomerang_rules.core.loading import rules_data, rules_from_data
    from boomerang_rules.core.playouts import random_game

    data = rules_data(load_rules("standard"))
    data["id"] = "evil-regions"
    data["regions"] = [{**region, "name": f"\u202e{region['name']}"} for region in data["regions"]]
    data["cards"] = [{**card, "site": f"{card['site']}\u200f"} for card in data["cards"]]
    state = random_game(rules_from_data(data), 3, 1)
    svg = sheet_svg(state, ["Ana", "Ben", "Cy"])
    page = replay_html(record_of(state), state.rules, ["Ana", "Ben", "Cy"])
    for drawn in (svg, page):
        assert not any(c in drawn for c in BIDI)
    assert "\\u202eWestern Australia" in svg
    assert "The Bungle Bungles\\\\u200f" in page  # a tooltip, in the page's JSON


@pytest.mark.parametrize("game", sorted(GAMES))
def test_replay_fits_80_columns_whatever_a_word_of_the_rulesets_name(game: str, tmp_path: Path) -> None:
    """A ruleset's name of 200 characters without a space (its schema takes it) made ``replay``'s first
    line 200 columns wide in every game: a word wider than a line stood alone on its line. It is cut
    where the line ends, the rest on the next lines."""
    variant = tmp_path / "v.json"
    variant.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "long",
                                   "name": "N" * 199 + "\u202e", "extends": game, "changes": {}}),
                       encoding="utf-8")
    record = tmp_path / "g.json"
    assert run("simulate", "--rules", str(variant), "--players", "3", "--bots", "random", "--out", str(record))[0] == 0
    code, out, _ = run("replay", str(record))
    lines = out.splitlines()
    assert code == 0 and max(map(terminal_columns, lines)) <= 80, [terminal_columns(line) for line in lines[:4]]
    assert "".join(line.strip() for line in lines[:4]).startswith("N" * 199 + "\\u202e[long], 3 players"), lines[:4]


def test_every_bidirectional_control_is_escaped_in_a_name() -> None:
    """Unicode's ``Bidi_Control`` characters: every one whose bidirectional class is an embedding,
    override or isolate (found by class over all of Unicode, so one a later Unicode adds is caught),
    and the three invisible marks (by name); each comes out as its escape, and nothing else does. The
    line and paragraph separators too, where Python's ``splitlines`` would cut a name's line."""
    import sys
    import unicodedata

    from boomerang_rules.core.display import escaped_name

    explicit = {"LRE", "RLE", "PDF", "LRO", "RLO", "LRI", "RLI", "FSI", "PDI"}
    controls = [chr(c) for c in range(sys.maxunicode + 1) if unicodedata.bidirectional(chr(c)) in explicit]
    marks = [unicodedata.lookup(f"{name} MARK") for name in ("LEFT-TO-RIGHT", "RIGHT-TO-LEFT", "ARABIC LETTER")]
    assert len(controls) == 9
    for c in controls + marks:
        assert escaped_name(f"a{c}b") == f"a\\u{ord(c):04x}b"
    assert escaped_name("علي\u200dx") == "علي\u200dx"  # a joiner is no control of direction
    for separator in "\u2028\u2029\x85":  # what str.splitlines splits at: one line stays one
        assert escaped_name(f"a{separator}b").splitlines() == [escaped_name(f"a{separator}b")]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seat", [None, 1])
@pytest.mark.parametrize("names", sorted(NAMES))
def test_replay_fits_80_columns_whatever_the_names(game: str, seat: int | None, names: str, tmp_path: Path) -> None:
    """A name is never split, so one of 200 characters made lines of 200 and more: every line of
    the story fits 80 columns now, a long name clipped as messages clip what they quote
    (``core.display.clipped``: 60 columns of it and "…", a wide character taking two), a short
    one whole; in a score table, clipped to the room the table leaves it, so that each row is
    still one line (``terminal.wording.name_column``)."""
    from boomerang_rules.core.display import QUOTED
    from boomerang_rules.terminal.wording import clipped_to

    out = _replay_in_80_columns(tmp_path, game, 3, NAMES[names], seat)
    lines = out.splitlines()
    told = [clipped_to(name) for name in NAMES[names]]
    assert all(QUOTED - 1 <= terminal_columns(name) <= QUOTED + 1 and name.endswith("…") for name in told[:3])
    assert told[3] == NAMES[names][3]
    story = " ".join(line.strip() for line in lines)
    assert all(f"{name} (seat {i})" in story for i, name in enumerate(told))
    assert "\t" not in out
    rows = [line for line in lines if len(re.findall(r"\d+", line)) >= 4]  # a score table's rows, one line each
    assert any(line.lstrip().startswith(f"{told[3]} ") for line in rows)
    assert any(line.lstrip().startswith(told[1][:4]) and "…" in line for line in rows)


SPACED = [" " * 200, "a " * 100, "", "  x  "]
"""Names the schema takes too: of spaces alone, of words a letter long, empty, and padded."""


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seat", [None, 1])
def test_replay_fits_80_columns_with_names_of_spaces(game: str, seat: int | None, tmp_path: Path) -> None:
    """A name of spaces that starts a line was taken for the line's indent (64 columns, the rest of
    the line kept at it), and an empty name made a clause that starts with a space ("; " then
    " passes"), which, kept whole wherever it was found, glued itself to the name before it: lines of
    82 to 90 columns. Every line fits 80 columns with them too."""
    _replay_in_80_columns(tmp_path, game, 9, SPACED, seat)


def test_fit_line_keeps_an_indent_and_clauses_to_themselves() -> None:
    """``fit_line``'s indent is at most ``MAX_LEAD`` columns (more spaces are a told name's own,
    kept on the line's first word), and a clause kept whole is kept without the spaces around it."""
    from boomerang_rules.terminal.wording import MAX_LEAD, fit_line

    name = " " * 60 + "…"
    lines = fit_line("  " + name + " throws a card face down; " + "Bob passes, takes 0; " * 4, keep=[name])
    assert max(map(terminal_columns, lines)) <= 80 and lines[0].startswith("  " + name)
    assert all(len(line) - len(line.lstrip(" ")) == MAX_LEAD + 2 for line in lines[1:])
    glued = fit_line("  " + "a " * 30 + "…" + " passes, takes 0;  passes, takes 0; " * 3, keep=["a " * 30 + "…"])
    assert max(map(terminal_columns, glued)) <= 80


def test_fitted_never_glues_kept_phrases_into_one_word() -> None:
    """A name holding "; " overlaps the clause before it, both kept whole: their spaces all made
    one word of 110 columns. A phrase within or beside one kept already is not kept, and a line
    that still passes 80 columns is wrapped again with no phrase kept."""
    from boomerang_rules.terminal.wording import fit_line, fitted

    name = "w; " + "a " * 25 + "a"
    line = "  x " + "b " * 25 + name + " takes the crab and the shell"
    lines = fit_line(line, keep=[name, f"{name} (seat 1)"])
    assert max(map(terminal_columns, lines)) <= 80, lines
    assert " ".join(part.strip() for part in lines) == line.strip()
    glued = fitted("Ann,Bob Bob " + "Cy " * 30, keep=["Ann,Bob", "Bob Bob " + "Cy " * 22, "Ann,Bob Bob"])
    assert max(map(terminal_columns, glued)) <= 80
    assert fitted("Ana Lee takes; Bo Ray passes", 20, keep=["Ana Lee", "Bo Ray"]) == [
        "Ana Lee takes;", "  Bo Ray passes"]


def test_fitted_counts_a_wide_character_as_two_columns() -> None:
    """``fitted`` and ``fit_line`` wrapped by characters, so a line of wide characters took up to
    twice its width; they count columns now, and text of one column a character wraps as before."""
    import textwrap

    from boomerang_rules.terminal.wording import columns, fit_line, fitted

    wide = "田中 " * 40 + "end"
    lines = fitted(wide, indent="  ")
    assert max(map(terminal_columns, lines)) <= 80 and len(lines) == 3
    assert " ".join(line.strip() for line in lines) == wide.strip()
    assert all(terminal_columns(line) == columns(line) for line in [*lines, "😀 é ab"])
    assert fit_line("  " + "田" * 39) == ["  " + "田" * 39] and len(fit_line("  " + "田 " * 40)) == 2
    ascii_text = "Ana takes A; " * 20
    assert fitted(ascii_text, indent="  ") == textwrap.wrap(
        ascii_text, 80, initial_indent="  ", subsequent_indent="    ", break_long_words=False, break_on_hyphens=False)


def test_told_apart_tells_alike_names_apart_by_their_seats() -> None:
    """Names that read alike once clipped, or are alike, get their seat after them; the others are
    left as ``clipped_to`` leaves them, and every name keeps to its room."""
    from boomerang_rules.terminal.wording import columns, told_apart

    assert told_apart(["Ana", "Bo"], 10) == ["Ana", "Bo"]
    assert told_apart(["Bob", "Ana", "Bob"], 10) == ["Bob #0", "Ana", "Bob #2"]
    long = ["Alexandra the Great " * 3 + str(i) for i in range(3)]
    told = told_apart([*long, "Cy"], 20)
    assert told[3] == "Cy" and len(set(told)) == 4 and all(columns(t) <= 20 for t in told)
    assert [t[-3:] for t in told[:3]] == [" #0", " #1", " #2"] and all("…" in t for t in told[:3])
    assert told_apart(["Bob", "Bob", "Bob #1"], 10) == ["Bob #0", "Bob #1", "Bob #1 #2"]  # a tag met a name
    assert told_apart(["田中" * 20, "田中" * 20], 12) == ["田中田中… #0", "田中田中… #1"]


def test_told_apart_tells_apart_names_that_differ_only_unseen() -> None:
    """Names that differ only by what a terminal does not draw (a zero-width space or joiner, U+FEFF, a
    bidirectional mark, a no-break space for a space, spaces around) or by a compatibility form read
    alike: told apart by their seats too. "Bob\u200b", "\u200dBob" and "Bob" were each shown "Bob"."""
    from boomerang_rules.terminal.wording import told_apart

    assert told_apart(["Bob\u200b", "Bob", "\u200dBob", "Bo\ufeffb"], 10) == [
        "Bob\u200b #0", "Bob #1", "\u200dBob #2", "Bo\ufeffb #3"]
    assert told_apart(["Bob\u00a0", "Bob ", " Bob", "Ana"], 10) == ["Bob\u00a0 #0", "Bob  #1", " Bob #2", "Ana"]
    assert told_apart(["Bob\u200f", "Bob", "Ｂｏｂ"], 10) == ["Bob\u200f #0", "Bob #1", "Ｂｏｂ #2"]
    assert told_apart(["Bob", "Bób", "bob"], 10) == ["Bob", "Bób", "bob"]  # these read apart


@pytest.mark.parametrize("game", sorted(GAMES))
def test_replay_tells_players_of_alike_names_apart(game: str, tmp_path: Path) -> None:
    """Two players of one name, and two whose long names clip alike: the story and its score tables
    name each with its seat ("Bob #1"), never two players alike."""
    names = ["Bob", "Alexandra " * 8 + "one", "Bob", "Alexandra " * 8 + "two"]
    out = _replay_in_80_columns(tmp_path, game, 2, names, None)
    assert "Bob #0 (seat 0)" in out and "Bob #2 (seat 2)" in out and "Bob (seat" not in out
    clipped = [line for line in out.splitlines() if "Alexandra" in line and "…" in line]
    assert any(" #1" in line for line in clipped) and any(" #3" in line for line in clipped)


def test_clipped_to_is_its_limit_and_an_ellipsis_whatever_the_text() -> None:
    """A name cut to ``limit`` columns and "…", never more (``core.display.clipped`` adds the length
    of a text of over 1,000 characters: here the width must be known), escaped to one line first."""
    from boomerang_rules.terminal.wording import clipped_to, columns

    assert clipped_to("Ana") == "Ana" and clipped_to("a\tb") == "a\\tb"
    for text in ("x" * 5000, "田" * 5000, "\n" * 1000, "a田" * 100):
        cut = clipped_to(text, 20)
        assert cut.endswith("…") and 19 <= columns(cut) - 1 <= 20 and "\n" not in cut


def test_australias_score_tables_keep_the_numbers_of_a_rulesets_large_scores_apart(tmp_path: Path) -> None:
    """Boomerang: Australia's sheets gave every number six columns in ``replay`` and the picture a column
    of a narrowest sheet's width, where a ruleset's tables (1,000 a collection icon, doubled up to a
    million, 64 rounds) reach totals of six digits and more: ``replay`` ran a row's numbers together
    ("14338380001302000") and the picture drew them over each other and past the sheet's edge. Each
    column is as wide as its widest number now, in both."""
    import xml.etree.ElementTree as ET

    from boomerang_rules.core.textbox import text_width

    big = {"collections": {"values": dict.fromkeys(("leaves", "wildflowers", "shells", "souvenirs"), 1000),
                           "double_limit": 1000000},
           "animals": {"values": dict.fromkeys(("kangaroos", "emus", "wombats", "koalas", "platypuses"), 1000)}}
    variant = tmp_path / "v.json"
    variant.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "big", "name": "Big",
                                   "extends": "standard", "changes": {"rounds": 64, "pass_directions": ["left"] * 64,
                                                                      "scoring": big}}), encoding="utf-8")
    path = tmp_path / "g.json"
    assert run("simulate", "--rules", str(variant), "--players", "3", "--bots", "random", "--out", str(path))[0] == 0
    from boomerang_rules import check_record, score_sheets

    sheets = score_sheets(check_record(json.loads(path.read_text(encoding="utf-8"))).state)
    assert max(sheet.total for sheet in sheets) >= 100_000  # six digits: no room left for the space before
    code, out, _ = run("replay", str(path))
    lines = out.splitlines()
    assert code == 0 and max(map(terminal_columns, lines)) <= 80
    rows = lines[lines.index("Final score sheets") + 2:][:3]
    assert [row.split()[-7:] for row in rows] == [
        [str(v) for v in (*(s.row_total(r) for r in ("throw_catch", "collections", "animals", "activity")),
                          s.sites, s.regions, s.total)] for s in sheets], rows
    code, svg, _ = run("sheet", str(path), "--out", "-")
    assert code == 0
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(svg)
    first = root.find(f"{ns}g")
    assert first is not None
    frame = first.find(f"{ns}rect")
    assert frame is not None
    right = float(frame.get("x", 0)) + float(frame.get("width", 0))
    by_row: dict[str, list[tuple[float, float]]] = {}
    for text in first.iter(f"{ns}text"):
        if text.get("text-anchor") == "middle" and (text.text or "").isdigit():
            half = text_width(text.text or "", float(text.get("font-size", 12)), text.get("font-weight") == "bold") / 2
            x = float(text.get("x", 0))
            by_row.setdefault(text.get("y", ""), []).append((x - half, x + half))
    for y, spans in by_row.items():
        spans.sort()
        assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans)), (y, spans)
        assert spans[-1][1] <= right, (y, spans[-1], right)
