"""Reliability: classes of hostile or careless input found by an adversarial pass (issue 10).

Each test names the class it guards; the examples of the issue are members, not the whole class.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import strategies as bst
from boomerang_rules.australia.bots import bot_game
from boomerang_rules.australia.dealing import queue_after, skipped
from boomerang_rules.cli import cli
from boomerang_rules.core.jsonio import json_problems, parse_json
from boomerang_rules.core.limits import MAX_DEPTH
from boomerang_rules.core.loading import rules_data, rules_from_data
from boomerang_rules.core.validation import validate_file

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, input: str | bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


def big_deck(hand: int = 2, cards: int = 56, players: tuple[int, int] = (1, 3), rounds: int = 4) -> br.Ruleset:
    """The standard deck repeated to ``cards`` cards, dealt ``hand`` a seat."""
    data = rules_data(br.load_rules())
    base = data["cards"]
    data["cards"] = [{**base[i % 28], "id": base[i % 28]["id"] + (str(i // 28) if i >= 28 else ""),
                      "site": f"{base[i % 28]['site']} {i // 28}"} for i in range(cards)]
    data["scoring"]["activities"]["table"] = [0, 0, 2, 4, 7, 10, 15, 20]
    data.update(id="big", hand_size=hand, players={"min": players[0], "max": players[1]}, rounds=rounds,
                pass_directions=["left"] * rounds)
    rules: br.Ruleset = rules_from_data(data)
    return rules


# --- valid games rejected: a deck more than twice what a deal takes ---------------------------

@settings(max_examples=30, deadline=None)
@given(bst.rulesets(), st.data())
def test_every_record_simulate_writes_validates(rules: br.Ruleset, data: st.DataObject) -> None:
    players = data.draw(st.integers(rules.players.min, rules.players.max), label="players")
    bots = data.draw(st.lists(st.sampled_from(["random", "greedy"]), min_size=players, max_size=players))
    record = br.record_of(bot_game(rules, bots, data.draw(st.integers(0, 2**64 - 1), label="seed")))
    assert br.validate_record(record) == []


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([(2, 56, 2), (2, 56, 3), (2, 250, 3), (3, 100, 1), (5, 60, 2)]), st.integers(0, 2**32),
       st.integers(1, 3))
def test_games_continued_from_given_deals_validate(case: tuple[int, int, int], seed: int, given_rounds: int) -> None:
    """A game whose first rounds come from a record and the rest from a seed deals the cards that
    waited longest first, so its record validates too."""
    hand, cards, players = case
    rules = big_deck(hand, cards)
    first = br.record_of(bot_game(rules, ["random"] * players, seed))
    deals = [r["hands"] for r in first["rounds"][:given_rounds]]
    state = br.new_game(rules, players, seed + 1, deals=deals)
    while not br.is_over(state):
        for seat in br.to_act(state):
            state = br.apply(state, seat, br.legal_actions(state, seat)[0])
    assert br.validate_record(br.record_of(state)) == []


def test_a_deal_may_not_pass_over_cards_that_waited_longer() -> None:
    rules = big_deck(2, 56)
    record = br.record_of(bot_game(rules, ["random"] * 3, 5))
    hands = [r["hands"] for r in record["rounds"]]
    ids = sorted(c.id for c in rules.cards)
    # Rounds 2 and 3 take only cards never dealt: swap one of round 3's for a card of round 1.
    first = {c for h in hands[0] for c in h}
    third = record["rounds"][2]["hands"]
    third[0][0] = sorted(first)[0]
    problems = br.validate_record(record)
    assert [(p.pointer, p.rule) for p in problems][:1] == [("/rounds/2/hands", "leftover-dealt-first")]
    assert len(ids) == 56


def test_queue_model_of_the_deck() -> None:
    full = 0b111111
    queue = queue_after((full,), 0b000011)
    assert queue == (0b111100, 0b000011)
    assert skipped(queue, 0b001100) == 0  # part of the longest-waiting group
    assert skipped(queue, 0b000101) == 0b111000  # a card used last round before three that waited
    assert queue_after(queue, 0b001100) == (0b110000, 0b000011, 0b001100)


def test_rules_document_states_the_decision() -> None:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "stay on top" in text


# --- text that is not text; repeated keys; deep nesting ---------------------------------------

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


# --- work that grows faster than the input ----------------------------------------------------

def _finished_record() -> dict[str, Any]:
    return br.record_of(bot_game(br.load_rules(), ["random"] * 2, 1))


@pytest.mark.parametrize("field", ["winners", "sheets", "players", "rounds"])
def test_every_record_array_is_bounded(field: str) -> None:
    record = _finished_record()
    mixed = [i if i % 2 else str(i) for i in range(20_000)]  # mixed types: quadratic for jsonschema
    if field in ("winners", "sheets"):
        record["result"][field] = mixed
        where = f"/result/{field}"
    else:
        record[field] = mixed
        where = f"/{field}"
    problems = br.validate_record(record)
    assert (where, "schema:maxItems") in [(p.pointer, p.rule) for p in problems]


@given(st.lists(st.one_of(st.integers(0, 3), st.booleans(), st.text(max_size=2), st.floats(0, 3)), max_size=8))
def test_unique_items_agrees_with_json_equality(items: list[Any]) -> None:
    from boomerang_rules.core.schema import _json_key

    def same(a: Any, b: Any) -> bool:
        return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) else a == b

    pairwise = any(same(items[i], items[j]) for i in range(len(items)) for j in range(i))
    assert pairwise == (len({_json_key(x) for x in items}) < len(items))


def test_repeated_winners_are_reported() -> None:
    record = _finished_record()
    record["result"]["winners"] = [0, 0.0]
    assert [(p.pointer, p.rule) for p in br.validate_record(record)] == [("/result/winners", "schema:uniqueItems")]


# --- ruleset checks that let nonsense through ---------------------------------------------------

def _ruleset_problems(change: Any) -> list[tuple[str, str]]:
    data = rules_data(br.load_rules())
    change(data)
    with pytest.raises(br.RulesError) as info:
        rules_from_data(data)
    return [(p.pointer, p.rule) for p in info.value.problems]


@pytest.mark.parametrize("value", ["A\n", "AB\n", "a", "AAAAA", "A\r"])
def test_card_ids_match_whole_strings(value: str) -> None:
    assert ("/cards/0/id", "schema:pattern") in _ruleset_problems(lambda d: d["cards"][0].update(id=value))


@pytest.mark.parametrize("field", ["id", "region", "activity"])
def test_ids_match_whole_strings(field: str) -> None:
    def change(d: dict[str, Any]) -> None:
        if field == "id":
            d["id"] = "standard\n"
        elif field == "region":
            d["regions"][0]["id"] += "\n"
        else:
            d["scoring"]["activities"]["kinds"][0] += "\n"
    assert any(rule == "schema:pattern" for _, rule in _ruleset_problems(change))


def test_an_activity_called_none_is_refused() -> None:
    def change(d: dict[str, Any]) -> None:
        d["scoring"]["activities"]["kinds"][0] = "none"
        for card in d["cards"]:
            if card["activity"] == "indigenous_culture":
                card["activity"] = "none"
    assert ("/scoring/activities/kinds/0", "activity-reserved") in _ruleset_problems(change)
    from boomerang_rules.australia.rules import RESERVED_ACTIVITY

    assert RESERVED_ACTIVITY == br.NO_ACTIVITY


@pytest.mark.parametrize("path", [("scoring", "site_points"), ("scoring", "region_bonus"),
                                  ("scoring", "collections", "double_limit"),
                                  ("scoring", "collections", "values", "leaves"),
                                  ("scoring", "animals", "values", "emus"),
                                  ("scoring", "activities", "table", 3)])
def test_point_values_are_bounded(path: tuple[str | int, ...]) -> None:
    def change(d: dict[str, Any]) -> None:
        node: Any = d
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = 10**4299
    assert ("/" + "/".join(map(str, path)), "schema:maximum") in _ruleset_problems(change)


# --- the API's raw exceptions -------------------------------------------------------------------

RULES = br.load_rules()
STATE = br.new_game(RULES, 4, 1)
api: Any = br  # called with wrong types on purpose

TYPE_ERRORS: list[tuple[str, Any, str]] = [
    ("new_game None", lambda: api.new_game(None, 4, 1), "ruleset"),
    ("new_game dict", lambda: api.new_game({}, 4, 1), "ruleset"),
    ("new_game seed", lambda: api.new_game(RULES, 4, "1"), "seed"),
    ("deals int", lambda: api.new_game(RULES, 2, deals=5), "deals"),
    ("deals [5]", lambda: api.new_game(RULES, 2, deals=[5]), "deals[0]"),
    ("deals [[5]]", lambda: api.new_game(RULES, 2, deals=[[5, 6]]), "deals[0][0]"),
    ("deals card", lambda: api.new_game(RULES, 2, deals=[[[5], [6]]]), "deals[0][0][0]"),
    ("deals str hand", lambda: api.new_game(RULES, 2, deals=[["ABCDEFG", "HIJKLMN"]]), "deals[0][0]"),
    ("deals dict", lambda: api.new_game(RULES, 2, deals={"a": 1}), "deals"),
    ("score activity", lambda: api.score_round(RULES, list("EAVWXJB"), activity=["x"]), "activity"),
    ("score rules", lambda: api.score_round(None, list("EAVWXJB")), "rules"),
    ("score cards", lambda: api.score_round(RULES, None), "cards"),
    ("load None", lambda: api.load_rules(None), "name_or_path"),
    ("load int", lambda: api.load_rules(5), "name_or_path"),
    ("apply None", lambda: api.apply(None, 0, "A"), "game state"),
    ("view dict", lambda: api.view({}, 0), "game state"),
    ("record_of string", lambda: api.record_of(STATE, "abcd"), "names"),
    ("record_of ints", lambda: api.record_of(STATE, [1, 2, 3, 4]), "names[0]"),
    ("record_of int", lambda: api.record_of(STATE, 5), "names"),
    ("state_of rules dict", lambda: api.state_of(api.record_of(STATE), {}), "rules"),
    ("rules_data None", lambda: api.rules_data(None), "rules"),
    ("rules_data dict", lambda: api.rules_data({}), "rules"),
]


@pytest.mark.parametrize(("call", "names"), [(c[1], c[2]) for c in TYPE_ERRORS], ids=[c[0] for c in TYPE_ERRORS])
def test_wrong_types_are_type_errors_naming_the_parameter(call: Any, names: str) -> None:
    with pytest.raises(TypeError) as info:
        call()
    assert names in str(info.value)


VALUE_ERRORS: list[tuple[str, Any]] = [
    ("players out of range", lambda: api.new_game(RULES, 9, 1)),
    ("no seed, no deals", lambda: api.new_game(RULES, 2, deals=None)),
    ("seat huge", lambda: api.apply(STATE, 10**5000, "A")),
    ("view seat huge", lambda: api.view(STATE, 10**5000)),
    ("action list", lambda: api.apply(STATE, 0, ["A"])),
    ("names surrogate", lambda: api.record_of(STATE, ["\ud800", "b", "c", "d"])),
    ("names too long", lambda: api.record_of(STATE, ["x" * 201, "b", "c", "d"])),
    ("names count", lambda: api.record_of(STATE, ["a", "b"])),
    ("score unknown", lambda: api.score_round(RULES, [[1]] * 7)),
    ("score one string", lambda: api.score_round(RULES, "EAVWXJB")),
]


@pytest.mark.parametrize("call", [c[1] for c in VALUE_ERRORS], ids=[c[0] for c in VALUE_ERRORS])
def test_wrong_values_are_the_librarys_value_errors(call: Any) -> None:
    with pytest.raises(br.BoomerangError) as info:
        call()
    assert isinstance(info.value, ValueError) and len(str(info.value)) < 2000


def test_new_game_takes_a_ruleset_id_as_load_rules_does() -> None:
    assert br.new_game("direction", 3, 7) == br.new_game(br.load_rules("direction"), 3, 7)


@given(st.sampled_from([lambda s: br.apply(STATE, 0, s), lambda s: br.score_round(RULES, [s] * 7),
                        lambda s: br.score_round(RULES, list("EAVWXJB"), s), lambda s: br.apply(STATE, s, "A")]),
       st.integers(10_000, 1_000_000))
def test_an_oversized_argument_is_not_copied_into_the_message(call: Any, size: int) -> None:
    with pytest.raises(br.BoomerangError) as info:
        call("Q" * size)
    assert len(str(info.value)) < 2000  # seven cards of 10 MB once gave a 70 MB message


@settings(max_examples=25, deadline=None)
@given(bst.games(rules="standard", finished=None), st.lists(st.text(max_size=210), min_size=1, max_size=5))
def test_record_of_never_writes_a_record_that_fails_validate(state: br.GameState, names: list[str]) -> None:
    try:
        record = br.record_of(state, names)
    except br.InvalidInput:
        return
    assert br.validate_record(record) == []


# --- mutable tables reachable from a state or a ruleset --------------------------------------------

MUTABLE = (dict, list, set, bytearray)


def _mutable_parts(root: object) -> list[str]:
    """Paths to every mutable container reachable from ``root`` through attributes, slots, items."""
    import types

    import attrs

    found: list[str] = []
    seen: set[int] = set()
    stack: list[tuple[object, str]] = [(root, "root")]
    while stack:
        node, path = stack.pop()
        if id(node) in seen or isinstance(node, str | int | float | bool | bytes | type(None)):
            continue
        seen.add(id(node))
        if isinstance(node, MUTABLE):
            found.append(f"{path}: {type(node).__name__}")
            continue
        if callable(node) and not attrs.has(type(node)):  # functions and caches: code, not tables
            continue
        if isinstance(node, types.MappingProxyType | Mapping):
            stack += [(v, f"{path}[{k!r}]") for k, v in node.items()]
            stack += [(k, f"{path} key") for k in node]
            continue
        if isinstance(node, tuple | frozenset):
            stack += [(v, f"{path}[{i}]") for i, v in enumerate(node)]
            continue
        names: list[str] = []
        for cls in type(node).__mro__:
            names += list(getattr(cls, "__slots__", ()))
        if hasattr(node, "__dict__"):
            names += list(vars(node))
            if not isinstance(vars(node), types.MappingProxyType):
                found.append(f"{path}.__dict__")
        for name in names:
            if hasattr(node, name):
                stack.append((getattr(node, name), f"{path}.{name}"))
    return found


@settings(max_examples=10, deadline=None)
@given(bst.games(finished=None))
def test_nothing_reachable_from_a_state_or_its_ruleset_is_mutable(state: br.GameState) -> None:
    assert _mutable_parts(state) == []
    assert _mutable_parts(state.rules) == []
    assert _mutable_parts(br.view(state, 0)) == []


def test_the_issue_s_example_cannot_change_the_rules() -> None:
    state = br.new_game(RULES, 3, 1)
    with pytest.raises((TypeError, AttributeError)):
        state.tables.card_codes["A"] = (0, 0)
    with pytest.raises(AttributeError):
        state.tables.card_codes = {}
    with pytest.raises((TypeError, AttributeError)):
        RULES.scoring.animals.values["emus"] = 100
    assert _mutable_parts([1]) == ["root: list"]  # the walk does find what it looks for


# --- files that are not files; output that cannot be written -----------------------------------

def _cli(*args: str, **kwargs: Any) -> Any:
    import subprocess
    import sys

    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "boomerang_rules", *args], stderr=subprocess.PIPE, timeout=120,
                          check=False, **kwargs)


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("command", ["validate", "replay"])
def test_a_fifo_without_a_writer_is_refused_not_waited_on(tmp_path: Path, command: str) -> None:
    import os

    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    done = _cli(command, str(fifo))
    assert done.returncode == 2 and b"not a regular file" in done.stderr and b"Traceback" not in done.stderr


@pytest.mark.parametrize("limit", ["9223372036854775807", "40000000000", "1"])
def test_a_huge_size_limit_allocates_nothing(limit: str) -> None:
    code, out, _err = run("validate", "--max-bytes", limit, str(ROOT / "examples" / "game-2p.json"))
    assert (code, ": valid " in out) == ((0, True) if limit != "1" else (1, False))


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("args", [["validate", str(ROOT / "examples" / "game-2p.json")],
                                  ["variants", "show", "standard"], ["simulate"], ["--help"]])
def test_a_full_disk_is_an_io_error(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = _cli(*args, stdout=full)
    assert done.returncode == 2 and b"No space left" in done.stderr and b"Traceback" not in done.stderr


def test_a_closed_pipe_is_an_io_error() -> None:
    import subprocess
    import sys

    process = subprocess.Popen([sys.executable, "-m", "boomerang_rules", "simulate", "--games", "400"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read(100)
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=120) == 2
    assert b"closed" in err and b"Traceback" not in err


# --- replay on what validate accepts -------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(bst.records(rules="standard", finished=None), st.sampled_from(["as is", "no rounds", "empty activities",
                                                                       "no picks"]))
def test_replay_tells_every_record_validate_accepts(record: dict[str, Any], change: str) -> None:
    import tempfile

    rounds = record["rounds"]
    record.pop("result", None) if change != "as is" else None
    if change == "no rounds":
        record["rounds"] = []
    elif change == "empty activities" and rounds and "activities" in rounds[-1]:
        rounds[-1]["activities"] = []
    elif change == "no picks" and rounds and not any(rounds[-1]["picks"]):
        rounds[-1]["picks"] = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        valid, _, _ = run("validate", str(path))
        code, _out, err = run("replay", str(path))
        seat_code, _, _ = run("replay", "--seat", "0", str(path))
    assert valid in (0, 1)
    if valid == 0:
        assert (code, seat_code) == (0, 0), err
    else:
        assert code == 1


# --- check-scorer: a scorer misbehaving ---------------------------------------------------------

SCORER_FAULTS = {
    "invalid UTF-8": "import sys\nn = sum(1 for _ in sys.stdin)\nsys.stdout.buffer.write(b'\\xff[]\\n' * n)\n",
    "deep JSON": "import sys\nn = sum(1 for _ in sys.stdin)\n"
                 "sys.stdout.write(('[' * 30000 + ']' * 30000 + '\\n') * n)\n",
    "unbounded output": "import sys\nsys.stdin.read()\nwhile True:\n    sys.stdout.write('x' * 65536)\n",
    "stderr mimicking a start failure": "import sys\nsys.stdin.read()\nsys.stderr.write('cannot run it')\n"
                                        "raise SystemExit(3)\n",
}


@pytest.mark.parametrize("fault", list(SCORER_FAULTS))
def test_check_scorer_reports_a_misbehaving_scorer(tmp_path: Path, fault: str) -> None:
    import sys

    script = tmp_path / "scorer.py"
    script.write_text(SCORER_FAULTS[fault], encoding="utf-8")
    code, out, err = run("check-scorer", "--games", "2", "--", sys.executable, str(script))
    assert code == 1, (out, err)


def test_check_scorer_on_a_script_without_a_shebang(tmp_path: Path) -> None:
    script = tmp_path / "scorer.py"
    script.write_text("print('[]')\n", encoding="utf-8")
    script.chmod(0o755)
    code, _, err = run("check-scorer", "--games", "2", "--", str(script))
    assert code == 2 and "'#!'" in err


@pytest.mark.skipif(not hasattr(__import__("os"), "killpg"), reason="no process groups here")
def test_check_scorer_timeout_ends_the_scorer_s_children(tmp_path: Path) -> None:
    import os
    import sys
    import time

    marker = tmp_path / "child.pid"
    script = tmp_path / "scorer.py"
    script.write_text("import subprocess, sys, time\n"
                      f"child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)'])\n"
                      f"open({str(marker)!r}, 'w').write(str(child.pid))\n"
                      "sys.stdin.read()\ntime.sleep(300)\n", encoding="utf-8")
    code, _, err = run("check-scorer", "--games", "1", "--timeout", "2", "--", sys.executable, str(script))
    assert code == 1 and "did not finish" in err
    pid = int(marker.read_text())
    for _ in range(50):  # the kill is sent; give the system a moment to reap it
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        try:  # a zombie child of an already dead parent is reaped by init, not us
            if Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z":
                break
        except OSError:
            break
        time.sleep(0.1)
    else:
        os.kill(pid, 9)
        raise AssertionError("the scorer's child outlived the timeout")


# --- hidden information: seeds ---------------------------------------------------------------------

def test_play_shows_the_seed_only_when_the_game_is_over() -> None:
    seed = "987654321987"
    code, out, _ = run("play", "--players", "2", "--seed", seed, input="")
    assert code == 1 and seed not in out
    answers = "\n".join([*(c.id for c in RULES.cards), *RULES.scoring.activities.kinds, "none"] * 60) + "\n"
    code, out, _ = run("play", "--players", "2", "--seed", seed, input=answers)
    assert code == 0
    before, _, after = out.partition("Final score sheets")
    assert seed not in before and seed in after


def _unmix(z: int) -> int:
    """The inverse of SplitMix64's output function (it is a bijection)."""
    mask = (1 << 64) - 1

    def unshift(v: int, k: int) -> int:
        x = v
        for _ in range(64 // k + 1):
            x = v ^ (x >> k)
        return x & mask

    z = unshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    z = unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    return unshift(z, 30)


@given(st.integers(0, 2**64 - 1), st.integers(0, 31))
def test_a_bot_cannot_invert_its_seed_into_the_game_s(seed: int, seat: int) -> None:
    from boomerang_rules.core.bots import bot_seed
    from boomerang_rules.core.rng import next_u64

    mask = (1 << 64) - 1
    state = (_unmix(bot_seed(seed, seat)) - 0x9E3779B97F4A7C15) & mask  # the attack that once worked
    assert state ^ (seat + 1) * 0xD1B54A32D192ED03 & mask != seed
    assert _unmix(next_u64(seed)[1]) == (seed + 0x9E3779B97F4A7C15) & mask  # the attack itself is sound


@pytest.mark.parametrize("rules_id", br.shipped_ids())
def test_every_game_keeps_its_state_and_tables_read_only(rules_id: str) -> None:
    from boomerang_rules.core.bots import bot_game as any_bot_game

    rules = br.load_rules(rules_id)
    start = br.new_game(rules, rules.players.min, 3)
    end = any_bot_game(rules, ["random"] * rules.players.min, 3)
    for state in (start, end):
        assert _mutable_parts(state) == [] and _mutable_parts(rules) == []
    import pickle

    assert pickle.loads(pickle.dumps(end)) == end


@pytest.mark.parametrize("rules_id", br.shipped_ids())
def test_no_game_shows_its_seed_before_the_end(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    seed = "918273645546"
    code, out, _ = run("play", "--rules", rules_id, "--players", str(max(2, rules.players.min)), "--seed", seed,
                       input="")
    assert code == 1 and seed not in out


def test_a_document_wrong_everywhere_lists_a_bounded_number_of_problems() -> None:
    from boomerang_rules.core.schema import MAX_PROBLEMS

    record = _finished_record()
    record["rules"] = {"format": "boomerang-rules/variant", "version": 1, "id": "x", "name": "x",
                       "extends": "standard", "changes": {"cards": [{"id": "A"}] * 100}}
    problems = br.validate_record(record)
    assert len(problems) == MAX_PROBLEMS + 1 and problems[-1].rule == "schema:more"
    record["rules"]["changes"]["cards"] = [{"id": "A"}] * 100_000  # too long: its items are not checked
    assert [p.rule for p in br.validate_record(record)] == ["schema:maxItems"]


GAME_IDS = sorted({br.load_rules(i).game: i for i in br.shipped_ids()}.values())


@pytest.mark.parametrize("rules_id", GAME_IDS)
def test_every_game_s_api_refuses_with_the_library_s_errors(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    n = rules.players.min
    state = br.new_game(rules_id, n, 1)  # an id, as load_rules takes
    seat = br.to_act(state)[0]
    from boomerang_rules.core.games import game_module

    engine = game_module(rules.game)  # its new_game refuses a missing seed (br.new_game draws one: issue 16)
    calls: list[Any] = [lambda: api.new_game(rules, 99, 1), lambda: engine.new_game(rules, n),
                 lambda: api.apply(state, 10**5000, "x"), lambda: api.view(state, 10**5000),
                 lambda: api.apply(state, seat, "Q" * 100_000), lambda: api.record_of(state, ["\ud800"] * n),
                 lambda: api.record_of(state, ["a"] * (n + 1))]
    for call in calls:
        with pytest.raises(br.BoomerangError) as info:
            call()
        assert isinstance(info.value, ValueError) and len(str(info.value)) < 2000
    for call in (lambda: api.record_of(state, "abcd"), lambda: api.record_of(state, list(range(n))),
                 lambda: api.state_of(br.record_of(state), {}), lambda: api.new_game(rules, n, "1")):
        with pytest.raises(TypeError):
            call()


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
