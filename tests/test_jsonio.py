"""JSON input (``core/jsonio``): text that is not text, repeated keys, deep nesting, blank lines
of JSON lines, and the fit check ``json_problems`` against the walk of every node."""

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
from boomerang_rules.core.errors import Problem
from boomerang_rules.core.jsonio import json_problems, parse_json, read_json_file
from boomerang_rules.core.limits import MAX_DEPTH
from boomerang_rules.core.loading import rules_data, rules_from_data
from boomerang_rules.core.validation import validate_file

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, input: str | bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


NOT_TEXT = st.sampled_from(["\ud800", "a\udfff", "\udc80x", "A\ud83d", "\x07\x80\ud800", "é\udfff"])


@settings(max_examples=40, deadline=None)
@given(bst.records(rules="standard", finished=True), NOT_TEXT, st.data())
def test_lone_surrogates_anywhere_in_a_record_are_invalid(record: dict[str, Any], bad: str,
                                                         data: st.DataObject) -> None:
    where = data.draw(st.sampled_from(["players", "card", "activity", "rules", "key", "key above more"]))
    if where == "players":
        record["players"][0] = bad
    elif where == "card":
        record["rounds"][0]["hands"][0][0] = bad
    elif where == "activity":
        record["rounds"][-1]["activities"][0] = bad
    elif where == "rules":
        record["rules"] = {"format": "boomerang-rules/variant", "version": 1, "id": "x", "name": bad,
                           "extends": "standard", "changes": {}}
    elif where == "key":
        record[bad] = 1
    else:  # a key the walk of the document goes below, so its pointer is made from it
        record[bad] = {"a": [1]}
    problems = br.validate_record(record)
    assert any(p.rule == "json-text" for p in problems)
    text = json.dumps(record)  # the escaped form a file would hold
    value, problem = parse_json(text)
    assert value is None and problem is not None and problem.rule == "json-text"


def test_surrogates_in_files_never_crash_and_other_files_still_checked(tmp_path: Path) -> None:
    bad_record = tmp_path / "bad.json"
    bad_record.write_text('{"format": "boomerang-rules/game-record", "players": ["\\ud800"]}', encoding="utf-8")
    bad_rules = tmp_path / "rules.json"
    standard = rules_data(br.load_rules())
    standard["name"] = "\ud800"
    bad_rules.write_text(json.dumps(standard), encoding="utf-8")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(rules_data(br.load_rules())), encoding="utf-8")
    code, out, err = run("validate", str(bad_record), str(bad_rules), str(good))
    assert code == 1
    assert "bad.json:/players/0" in out and "rules.json:/name" in out and "good.json: valid ruleset" in out
    nested = tmp_path / "nested.json"  # a key of non-ASCII text and a lone surrogate, with more below it
    nested.write_text('{"format": "boomerang-rules/variant", "\\u0007\\u0080\\ud800": {"a": 1}}', encoding="utf-8")
    code, out, err = run("validate", "--json", str(nested))
    assert code == 1 and json.loads(out)["problems"][0]["rule"] == "json-text"
    for args in (["score", "A", "B", "C", "D", "E", "F", "G", "--rules", str(bad_rules)],
                 ["simulate", "--rules", str(bad_rules)], ["variants", "show", str(bad_rules)],
                 ["replay", str(bad_record)]):
        code, out, err = run(*args)
        assert code == 1 and "json-text" in err, args
    with pytest.raises(br.RulesError) as info:
        br.load_rules(bad_rules)
    assert info.value.problems[0].pointer == "/name"


def test_duplicate_keys_are_reported_with_their_pointer() -> None:
    value, problem = parse_json('{"a": {"b": 1, "c": 2, "b": 3}}')
    assert value is None and problem is not None
    assert (problem.pointer, problem.rule) == ("/a/b", "json-duplicate-key")


@pytest.mark.parametrize("key", ["result", "rules", "players", "rounds"])
def test_duplicate_top_level_keys_in_records(tmp_path: Path, key: str) -> None:
    record = br.record_of(bot_game(br.load_rules(), ["random"] * 2, 1))
    text = json.dumps(record)
    text = text[:-1] + f', "{key}": {json.dumps(record[key])}}}'
    path = tmp_path / "dup.json"
    path.write_text(text, encoding="utf-8")
    [report] = validate_file(path)
    assert [(p.pointer, p.rule) for p in report.problems] == [(f"/{key}", "json-duplicate-key")]


def test_deep_nesting_in_memory_is_a_problem_not_a_recursion_error() -> None:
    changes: dict[str, Any] = {}
    node = changes
    for _ in range(5000):
        node["scoring"] = {}
        node = node["scoring"]
    variant = {"format": "boomerang-rules/variant", "version": 1, "id": "deep", "name": "Deep",
               "extends": "standard", "changes": changes}
    with pytest.raises(br.RulesError) as info:
        rules_from_data(variant)
    assert info.value.problems[0].rule == "json-depth"
    assert json_problems([[[]]], max_depth=2)[0].rule == "json-depth"


@pytest.mark.parametrize("blank", [b"\x0b", b"\x0c", b"\x1c", b"\xc2\x85"])
def test_a_jsonl_line_of_non_json_whitespace_is_not_blank(tmp_path: Path, blank: bytes) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"\n" + blank + b"\n\t \r\n")
    reports = validate_file(path)
    assert [r.file for r in reports] == [f"{path}:2"] and not reports[0].valid


BOM = b"\xef\xbb\xbf"
LATE_BOM = ("this line begins with a byte-order mark (U+FEFF): only a file's first line may (a file joined from "
            "others keeps each one's mark: remove them) [json-syntax]")


@pytest.mark.parametrize("example", ["game-3p", "ssp-game-3p", "boomerang-2010-3p"])
def test_a_byte_order_mark_begins_only_the_first_line_of_a_json_lines_file(tmp_path: Path, example: str) -> None:
    """Each line was read past its mark as if it were a file: ``cat a.jsonl b.jsonl`` of two files
    written with marks passed whole. A mark may begin the file, no later line (a blank first line
    included), in a file and on standard input alike; ``replay`` refuses the line as ``validate`` does."""
    line = json.dumps(json.loads((ROOT / "examples" / f"{example}.json").read_text(encoding="utf-8"))).encode()
    path = tmp_path / "games.jsonl"
    path.write_bytes(BOM + line + b"\n" + line + b"\n")
    assert [r.valid for r in validate_file(path)] == [True, True]
    for text, late in [(line + b"\n" + BOM + line + b"\n", 2), (BOM + line + b"\n\n" + BOM + line, 3),
                       (b"\n" + BOM + line + b"\n", 2)]:
        path.write_bytes(text)
        reports = validate_file(path)
        assert [(r.file, [str(p) for p in r.problems]) for r in reports if not r.valid] == [
            (f"{path}:{late}", [f"{path}:{late}: {LATE_BOM}"])]
        assert len(reports) == (2 if text.startswith((BOM, line)) else 1)
        code, out, _ = run("validate", "-", input=text)
        assert code == 1 and f"<stdin>:{late}: {LATE_BOM}" in out
    code, _, err = run("replay", str(path), "--game", "1")
    assert code == 1 and f"{path}:2: {LATE_BOM}" in err


def test_a_byte_order_mark_begins_a_str_as_it_begins_a_file(tmp_path: Path) -> None:
    """``parse_json`` of a ``str`` beginning with U+FEFF said ``json``'s advice to a programmer ("decode
    using utf-8-sig") where the same document read from a file was valid: one mark is read past in
    both, the same problems follow it, and a second mark is refused in words in both."""
    path = tmp_path / "doc.json"
    twice = ("the text begins with two byte-order marks (U+FEFF): a document may begin with one only "
             "[json-syntax]")
    for document, expected in [('{"a": [1, true]}', ({"a": [1, True]}, None)),
                               ("", (None, "empty: no JSON document in it [json-syntax]")),
                               ('{"a": }', (None, "invalid JSON at line 1, column 7: Expecting value [json-syntax]")),
                               ("\ufeff{}", (None, twice))]:
        path.write_bytes(BOM + document.encode())
        for value, problem in (parse_json("\ufeff" + document), parse_json(BOM + document.encode()),
                               read_json_file(path)):
            assert (value, None if problem is None else str(problem)) == expected


_TEXTS = st.text(st.sampled_from(['a', '"', "\\", "[", "]", "{", "}", "é", "\ud800", "\udc00", "\x07"]), max_size=4)
_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | _TEXTS,
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner) | st.dictionaries(_TEXTS, inner, max_size=3),
    max_leaves=40)


@settings(max_examples=400, deadline=None)
@given(_JSON_VALUES, st.integers(1, 6), st.integers(1, 3))
def test_json_problems_finds_what_the_walk_of_every_node_finds(value: Any, max_depth: int, limit: int) -> None:
    """``json_problems`` tells a fit value by the C encoder and its text (issue 27: validate spent
    half its time walking records); it finds what the node-by-node walk finds, and a parse of the
    value's text (escaped or not, bytes or str) what a parse then the walk finds."""
    from boomerang_rules.core import jsonio

    assert json_problems(value, max_depth, limit) == jsonio._walk(value, max_depth, limit)
    for text in (json.dumps(value, ensure_ascii=False), json.dumps(value)):
        try:
            raw = text.encode("utf-8")
        except UnicodeEncodeError:
            raw = None
        for given_text in (text, raw) if raw is not None else (text,):
            parsed, problem = parse_json(given_text)
            again = json.loads(text)
            walked = jsonio._walk(again, MAX_DEPTH, 1)
            assert (parsed, problem) == ((None, walked[0]) if walked else (again, None))


def test_a_value_vouched_fit_is_not_encoded_again_and_only_it_only_in_its_block() -> None:
    """``vouched_fit`` (issue 27: a record was encoded twice more after its parse) answers for the
    one value it is given, at ``MAX_DEPTH`` or deeper, inside its block; any other value, a
    shallower depth, or after the block, is checked as ever."""
    from boomerang_rules.core import jsonio

    unfit = ["\ud800", [[[]]]]
    fit = [1, "a"]
    found = json_problems(unfit)
    assert found and json_problems(unfit, 2)
    with jsonio.vouched_fit(fit):
        assert json_problems(fit) == [] and json_problems(unfit) == found
        with jsonio.vouched_fit(unfit):  # what validate_file does for a value parse_json found fit
            assert json_problems(unfit) == [] and json_problems(unfit, MAX_DEPTH - 1) == found
        assert json_problems(unfit) == found
    assert json_problems(unfit) == found


def test_json_problems_of_values_no_encoder_writes_are_the_walk_s() -> None:
    from boomerang_rules.core import jsonio

    circular: list[Any] = []
    circular.append(circular)
    for value in ({"a": {1, 2}}, {(1, 2): "x"}, circular, [object()], "\ud800", "ok", 3):
        assert json_problems(value, 5) == jsonio._walk(value, 5, 20)
    assert json_problems([[[[]]]], 3)[0].rule == "json-depth" and json_problems([[[]]], 3) == []
    brackets: list[Any] = [["[[[[", {"]": ["x]"]}], ["a", "[", [""], "]]", ["{"]], {"": [["[", "", "]"]]}]
    for value in brackets:  # brackets in strings
        for depth in (1, 2, 3, 4):
            assert json_problems(value, depth) == jsonio._walk(value, depth, 20)
            text = json.dumps(value).encode()
            assert jsonio._nesting_fits(text, depth) == (not jsonio._walk(value, depth, 20))


@pytest.mark.parametrize("number", ["9" * 5000, "-" + "9" * 5000], ids=["positive", "negative"])
def test_an_integer_too_long_to_read_is_named_as_the_float_too_large_is(number: str) -> None:
    """An integer of more digits than Python reads is refused in the reader's words, as 1e400 is
    ("too large for a float"), never with Python's advice to call ``sys.set_int_max_str_digits()``."""
    value, problem = parse_json('{"seed": ' + number + "}")
    assert value is None and problem is not None and problem.rule == "json-number"
    assert problem.message == "a number of more than 4300 digits: too long to read"


@pytest.mark.parametrize("game", ["standard", "sea-salt-paper", "boomerang-2010"])
@pytest.mark.parametrize("sign", [1, -1], ids=["positive", "negative"])
def test_a_record_in_memory_holding_such_an_integer_is_a_problem_not_a_value_error(game: str, sign: int) -> None:
    """The same integer in a record handed to ``validate_record`` is a problem at its place, in
    every game and every place (Python refused to print it, from inside the schema's messages)."""
    record = br.record_of(br.new_game(game, 3, 1))
    huge = sign * 10 ** 5000
    for where in ("seed", "rules", "players"):
        broken = {**record, where: [huge] if where == "players" else huge}
        pointer = "/players/0" if where == "players" else f"/{where}"
        problems = br.validate_record(broken)
        assert [(p.pointer, p.message, p.rule) for p in problems] == [
            (pointer, "a number of more than 4300 digits: too long to read", "json-number")]
    assert [p.rule for p in br.validate_record(huge)] == ["json-number"]


@pytest.mark.parametrize(("text", "where"), [
    ('{"nope": 1', "line 1, column 11"),
    ('{"nope": 1\n', "line 1, column 11"),
    ('{"nope": 1\n\n  \n', "line 1, column 11"),
    ('[1,\n2\n', "line 2, column 2"),
    ('{"a" 1}\n', "line 1, column 6"),
    ('{"a": 1}\n\xa0\n', "line 2, column 1"),  # no JSON white space: the extra data itself, not passed over
    ('{"a": 1\n\x0c', "line 2, column 1"),
    ('\xa0\n', "line 1, column 1"),  # not "empty"
    ('{"a": 1\r\n\t \r\n', "line 1, column 8"),
])
def test_a_syntax_error_has_one_place_whether_read_as_a_file_or_a_line(text: str, where: str) -> None:
    """A document cut short is placed after its last character that is not white space: ``validate``
    (a record file read line by line) said line 1, column 11 where ``--rules`` (the file whole) said
    line 2, column 1 for the same file, its closing newline counted."""
    _, problem = parse_json(text)
    assert problem is not None and problem.rule == "json-syntax"
    assert f"invalid JSON at {where}:" in problem.message


def test_validate_and_rules_place_a_syntax_error_alike(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"nope": 1\n', encoding="utf-8")
    validated = CliRunner().invoke(cli, ["validate", str(bad)])
    simulated = CliRunner().invoke(cli, ["simulate", "--rules", str(bad), "--games", "1"])
    assert validated.exit_code == simulated.exit_code == 1
    for result in (validated, simulated):
        assert "invalid JSON at line 1, column 11: Expecting ',' delimiter [json-syntax]" in result.output


def test_a_closed_standard_input_is_unreadable_not_a_traceback() -> None:
    """Started with standard input closed (``validate - <&-``), Python has no ``sys.stdin``: reading
    ``-`` was an ``AttributeError`` traceback (exit 1) in ``validate``, ``replay`` and ``sheet``; it is
    an unreadable file, exit 2, as every command reports one."""
    import os
    import subprocess
    import sys

    src = str(Path(br.__file__).resolve().parent.parent)
    for command in (["validate", "-"], ["replay", "-"], ["sheet", "-", "-o", os.devnull]):
        done = subprocess.run([sys.executable, "-m", "boomerang_rules", *command], preexec_fn=lambda: os.close(0),
                              capture_output=True, text=True, env={**os.environ, "PYTHONPATH": src}, timeout=120)
        assert done.returncode == 2, (command, done.stderr)
        assert "Traceback" not in done.stderr and "standard input is closed" in done.stdout + done.stderr


REFUSED_NUMBERS = [
    ("NaN", "NaN is not valid JSON", "json-syntax"),
    ("-Infinity", "-Infinity is not valid JSON", "json-syntax"),
    ("1e400", "the number 1e400 is too large for a float", "json-syntax"),
    ("-2.5e999", "the number -2.5e999 is too large for a float", "json-syntax"),
    ("9" * 5000, "a number of more than 4300 digits: too long to read", "json-number"),
]


@pytest.mark.parametrize("game", ["standard", "sea-salt-paper", "sea-salt-paper-extra-salt", "boomerang-2010"])
@pytest.mark.parametrize(("number", "message", "rule"), REFUSED_NUMBERS, ids=["nan", "infinity", "1e400", "float",
                                                                             "digits"])
def test_a_number_no_document_may_hold_is_refused_at_its_place(tmp_path: Path, game: str, number: str,
                                                                message: str, rule: str) -> None:
    """NaN, Infinity, a float past the largest and an integer past 4,300 digits in a record of every
    game are refused at their JSON pointer, the first in the document's order when there are more,
    in a file, a line of JSON Lines and ``--json`` alike (each was refused for the whole document,
    with no place: a referee had to search the record for it)."""
    record = br.record_of(br.new_game(game, 3, 1))
    text = json.dumps({**record, "seed": "SEED", "players": ["Ana", "NUMBER", "Cy"]})
    text = text.replace('"NUMBER"', number).replace('"SEED"', number)
    assert list(record).index("players") < list(record).index("seed")
    value, problem = parse_json(text)
    assert value is None and problem == br.Problem("/players/1", message, rule)
    later = text.replace(number, '"Bo"', 1)  # the player named: the seed is the first now
    assert parse_json(later)[1] == br.Problem("/seed", message, rule)
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run("validate", str(path))
    assert code == 1 and f"game.json:/players/1: {message}" in out and f"[{rule}]" in out
    lines = tmp_path / "games.jsonl"
    lines.write_text(json.dumps(record) + "\n" + later + "\n", encoding="utf-8")
    code, out, _ = run("validate", "--json", str(lines))
    reports = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and [r["valid"] for r in reports] == [True, False]
    assert reports[1]["file"].endswith("games.jsonl:2")
    assert reports[1]["problems"] == [{"pointer": "/seed", "message": message, "rule": rule}]


@pytest.mark.parametrize(("text", "where"), [("NaN", ""), ("[1, [2, Infinity]]", "/1/1"),
                                             ('{"a~/b": {"": [1e999]}}', "/a~0~1b//0"),
                                             ('{"a": 1, "a": NaN}', "/a"), ('[NaN, 1e999]', "/0")])
def test_a_refused_number_anywhere_is_placed_by_its_pointer(text: str, where: str) -> None:
    problem = parse_json(text)[1]
    assert problem is not None and problem.pointer == where and problem.rule == "json-syntax"


@pytest.mark.parametrize("levels", [65, 200, 10_000])
@pytest.mark.parametrize("kind", ["file", "jsonl"])
def test_a_document_nested_too_deeply_is_refused_at_the_place_the_limit_is_passed(tmp_path: Path, levels: int,
                                                                                   kind: str) -> None:
    """10,000 levels exhaust ``json``'s recursion, and the refusal had no pointer (``JSON nested too deeply``);
    200 levels parse, and ``_walk`` named the place. Both name it now, alike: the pointer of the first
    container deeper than ``MAX_DEPTH``, keys escaped (RFC 6901), in every reader (a file, a JSON Lines line)."""
    inner = "[" * (levels - 4) + "]" * (levels - 4)
    text = '{"a/b~": [1, "x[{", {"k\\"ey": {"y": ' + inner + "}}]}"
    wanted = "/a~1b~0/2/k\"ey/y" + "/0" * (MAX_DEPTH - 4)
    assert parse_json(text)[1] == Problem(wanted, f"nested more than {MAX_DEPTH} levels deep", "json-depth")
    path = tmp_path / ("deep.json" if kind == "file" else "deep.jsonl")
    path.write_text(text + "\n", encoding="utf-8")
    [report] = validate_file(path)
    assert [(p.pointer, p.rule) for p in report.problems] == [(wanted, "json-depth")]
