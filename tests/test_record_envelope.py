"""The opening of a record, checked alike for every game: the ruleset it names, the digest, the
player count, each message whole (issue 17: a mutation run found them unchecked)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules.core.jsonio import parse_json
from boomerang_rules.core.loading import rules_from_data, shipped_ids
from boomerang_rules.core.records import holds_float

EXAMPLES = Path(__file__).parent.parent / "examples"
GAMES = {"game-2p": "standard", "ssp-game-2p": "sea-salt-paper", "boomerang-2010-3p": "boomerang-2010"}


def _record(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _messages(record: dict[str, Any]) -> list[str]:
    return [str(p) for p in br.validate_record(record)]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_ruleset_a_record_names(name: str) -> None:
    record = _record(name)
    rules_id = GAMES[name]
    assert _messages(record) == []
    assert _messages({**record, "rules": "nope"}) == [
        f"/rules: unknown ruleset 'nope' (shipped: {', '.join(shipped_ids())}); give any other ruleset or "
        "variant inline [rules-known]"]
    with pytest.raises(br.InvalidInput, match=r"^not a valid game record:"):
        br.state_of({**record, "rules": "nope"})
    inline = br.rules_data(br.load_rules(rules_id))
    assert _messages({**record, "rules": inline}) == []
    inline["players"] = {"min": inline["players"]["max"], "max": inline["players"]["min"]}
    lo, hi = br.load_rules(rules_id).players.min, br.load_rules(rules_id).players.max
    problems = _messages({**record, "rules": inline})
    assert problems[0] == f"/rules/players/min: the minimum ({hi}) is above the maximum ({lo}) [players-range]"
    players = br.load_rules(rules_id).players
    assert _messages({**record, "players": record["players"][:1]})[0] == (
        f"/players: 1 players; {rules_id!r} is for {players.min} to {players.max} [players-count]")


def test_a_record_naming_its_game_is_told_the_ruleset_s_id() -> None:
    """``load_rules`` takes a game's name (issue 26), but a record names its ruleset by id, as
    ``record_of`` writes it: ``"rules": "boomerang-australia"`` was an "unknown ruleset" whose list
    of shipped ids left the reader to guess that ``standard`` was meant."""
    record = _record("game-2p")
    assert _messages({**record, "rules": "boomerang-australia"}) == [
        "/rules: 'boomerang-australia' is a game's name, not a ruleset's id: a record names its ruleset "
        "('standard', the standard rules of 'boomerang-australia'), as record_of writes it [rules-known]"]
    assert record["rules"] == br.record_of(br.new_game("boomerang-australia", 2, seed=1))["rules"] == "standard"


def test_a_record_naming_another_game_is_not_told_that_game_s_ruleset() -> None:
    """A Sea Salt & Paper record naming ``"boomerang-australia"`` was told to name ``'standard'``,
    which is then refused as another game's ruleset (``rules-game``): it is told its own game's."""
    record = _record("ssp-game-3p")
    assert _messages({**record, "rules": "boomerang-australia"}) == [
        "/rules: 'boomerang-australia' is a game's name, not a ruleset's id, and the record is a 'sea-salt-paper' "
        "game: a record names its ruleset ('sea-salt-paper', the standard rules of 'sea-salt-paper'), as record_of "
        "writes it [rules-game]"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_changed_ruleset_is_reported_and_the_record_still_replayed(name: str) -> None:
    """In the same words in every game, both digests whole and where they part (Sea Salt & Paper and
    Boomerang (2010) gave the first 12 digits of each, Australia both whole)."""
    record = _record(name)
    rules = br.load_rules(GAMES[name])
    old = rules.digest[:20] + ("1" if rules.digest[20] == "0" else "0") + rules.digest[21:]
    assert _messages({**record, "rules_digest": old}) == [
        f"/rules_digest: the ruleset {rules.id!r} has changed since this game was recorded: its digest was "
        f"{old}, now {rules.digest} (they differ from character 21 on) [rules-digest]"]
    assert _messages({**record, "rules_digest": rules.digest}) == []
    assert br.check_record({**record, "rules_digest": old}).state == br.state_of(record)



@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_changed_ruleset_is_still_told_beside_a_player_count_that_stops_the_replay(name: str) -> None:
    """``core.records.record_opening``, alike in every game: a record that cannot be replayed for its
    player count still tells what was found before it (the changed digest), in pointer order."""
    record = _record(name)
    rules = br.load_rules(GAMES[name])
    old = rules.digest[:20] + ("1" if rules.digest[20] == "0" else "0") + rules.digest[21:]
    problems = br.check_record({**record, "rules_digest": old, "players": record["players"][:1]})
    assert problems.state is None
    assert [(p.pointer, p.rule) for p in problems.problems] == [("/rules_digest", "rules-digest"),
                                                                 ("/players", "players-count")]

def test_a_digest_that_is_the_start_of_the_other_parts_where_it_ends() -> None:
    """``core.records.digest_problems`` read past the schema (which holds a digest to 64 digits, so
    no record gets here with a shorter one): a digest that is all of the other's start parts where
    the shorter ends, not with ``StopIteration``."""
    from boomerang_rules.core.records import digest_problems

    rules = br.load_rules("standard")
    for written in (rules.digest[:10], rules.digest + "0"):
        (problem,) = digest_problems({"rules_digest": written}, rules)
        assert problem.message.endswith(f"(they differ from character {min(len(written), 64) + 1} on)")
    assert digest_problems({}, rules) == digest_problems({"rules_digest": rules.digest}, rules) == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_record_names_a_shipped_ruleset_by_id_and_any_other_inline(name: str) -> None:
    record = _record(name)
    state = br.state_of(record)
    assert br.record_of(state)["rules"] == GAMES[name]
    data = br.rules_data(br.load_rules(GAMES[name]))
    data["id"] = "my-copy"
    copy = rules_from_data(data)
    mine = br.state_of({**record, "rules": data, "rules_digest": copy.digest})
    written = br.record_of(mine)["rules"]
    assert isinstance(written, dict) and written["id"] == "my-copy"


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", [7.0, 7.5])
def test_a_seed_written_as_a_number_with_a_point_is_a_problem_of_the_record(name: str, seed: float) -> None:
    """The schema's "integer" takes ``7.0`` (JSON has one kind of number), but a seed is an int:
    every game reports it at ``/seed`` (``validate`` raised from inside the state's checks in
    Boomerang: Australia and Boomerang (2010), and Sea Salt & Paper took it)."""
    record = {**_record(name), "seed": seed}
    if seed == 7.5:  # the schema's own refusal, as before
        assert [p.rule for p in br.validate_record(record)] == ["schema:type"]
        return
    assert _messages(record) == ["/seed: a seed is an integer, not 7.0 [seed-integer]"]
    with pytest.raises(br.InvalidInput, match="seed-integer"):
        br.state_of(record)


def test_a_first_player_written_as_a_number_with_a_point_is_a_problem_of_the_record() -> None:
    """Sea Salt & Paper's first player reaches the engine as a seat: ``2.0`` is reported, not raised."""
    record = _record("ssp-game-2p")
    for r in range(len(record["rounds"])):
        broken = json.loads(json.dumps(record))
        broken["rounds"][r]["first"] = float(broken["rounds"][r]["first"])
        assert [p.rule for p in br.validate_record(broken)] == ["first-player"], r
        assert str(br.validate_record(broken)[0]).startswith(f"/rounds/{r}/first: ")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_state_of_refuses_a_record_that_replays_but_claims_a_wrong_result(name: str) -> None:
    record = _record(name)
    wrong = {**record, "result": {**record["result"], "winners": []}}
    assert _messages(wrong)
    with pytest.raises(br.InvalidInput, match=r"^not a valid game record:"):
        br.state_of(wrong)


@pytest.mark.parametrize("rules_id", ["sea-salt-paper", "boomerang-2010"])
def test_player_counts_and_seats_are_checked_alike(rules_id: str) -> None:
    from boomerang_rules import boomerang2010 as b10
    from boomerang_rules import seasaltpaper as ssp

    game: Any = ssp if rules_id == "sea-salt-paper" else b10
    rules = br.load_rules(rules_id)
    low, high = rules.players.min, rules.players.max
    assert game.to_act(game.new_game(rules, high, seed=1))
    for players in (True, float(low)):
        with pytest.raises(TypeError) as info:
            game.new_game(rules, players, seed=1)
        assert str(info.value) == f"players must be an integer, not {type(players).__name__}"
    for players in (low - 1, high + 1):
        with pytest.raises(br.InvalidInput) as refused:
            game.new_game(rules, players, seed=1)
        assert [str(p) for p in refused.value.problems] == [
            f"{rules_id!r} is for {low} to {high} players, not {players} [players-count]"]
    state = game.new_game(rules, low, seed=1)
    assert game.legal_actions(state, low - 1) is not None
    for seat in (True, low, -1):
        with pytest.raises(br.IllegalAction) as illegal:
            game.legal_actions(state, seat)
        assert str(illegal.value) == (f"seat {seat} does not exist in a {low}-player game (seats are 0 to "
                                      f"{low - 1})")


@pytest.mark.parametrize("name", ["game-2p", "ssp-game-2p"])
def test_a_sheet_is_read_by_row_name_as_the_record_holds_it(name: str) -> None:
    record = _record(name)
    sheets = br.score_sheets(br.state_of(record))
    for sheet, claimed in zip(sheets, record["result"]["sheets"]):
        rows = list(sheet.keys())
        assert rows == list(claimed)
        assert {row: sheet[row] for row in rows} == {row: getattr(sheet, row) for row in rows}
        assert sheet["total"] == claimed["total"]
        for missing in ("keys", "nope", "ROWS"):
            with pytest.raises(KeyError) as info:
                sheet[missing]
            assert info.value.args == (missing,)


GAME_PACKAGES = {"standard": "australia", "sea-salt-paper": "seasaltpaper", "boomerang-2010": "boomerang2010"}


@pytest.mark.parametrize("rules_id", sorted(GAME_PACKAGES))
@pytest.mark.parametrize("extra", [0, 1, 2])
@pytest.mark.parametrize("top_level", [True, False], ids=["br", "game"])
def test_record_of_names_every_flaw_of_the_names_given(rules_id: str, extra: int, top_level: bool) -> None:
    """``record_of``, top-level or the game's own, writes only names a valid record can hold."""
    import importlib

    rules = br.load_rules(rules_id)
    players = rules.players.min + extra
    state = br.new_game(rules, players, seed=players)
    record_of = br.record_of if top_level else importlib.import_module(
        f"boomerang_rules.{GAME_PACKAGES[rules_id]}").record_of
    assert record_of(state)["players"] == [f"Seat {seat}" for seat in range(players)]
    good = [f"P{seat}" for seat in range(players)]
    assert record_of(state, good)["players"] == good
    assert record_of(state, ("x" * 200,) * players)["players"] == ["x" * 200] * players
    names = [*good[:-2], "a\ud800", "y" * 201]
    with pytest.raises(br.InvalidInput) as info:
        record_of(state, names)
    assert [str(p) for p in info.value.problems] == [
        f"/{players - 2}: the name 'a\\ud800' is not text [json-text]",
        f"/{players - 1}: a name has at most 200 characters, not 201 [schema:maxLength]"]
    assert str(info.value).startswith("names: a record of them would not be valid:\n")
    with pytest.raises(br.InvalidInput) as info:
        record_of(state, [*good, "z" * 201])
    assert [str(p) for p in info.value.problems] == [
        f"/{players}: a name has at most 200 characters, not 201 [schema:maxLength]",
        f"{players + 1} names for {players} players [names-count]"]
    with pytest.raises(br.InvalidInput) as info:
        record_of(state, good[:-1])
    assert [str(p) for p in info.value.problems] == [f"{players - 1} names for {players} players [names-count]"]
    with pytest.raises(TypeError, match=r"^names\[1\] must be a name \(str\), not int: 3$"):
        record_of(state, ["a", 3])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"^names must be a list of names \(str\), not str"):
        record_of(state, "ab")
    assert names == [*good[:-2], "a\ud800", "y" * 201]  # the caller's list is left as it was


UNSHOWN = ["\x00", "\x07", "\x1b", "\r", "\x0b", "\x7f", "\x9b", "\ufffe", "\uffff"]
"""Characters no player name may hold: a control character (but tab and newline), U+FFFE, U+FFFF."""


def unshown(value: str, char: str) -> str:
    """The words of ``schema:pattern`` for ``value``, whose first character no name may hold is ``char``."""
    return (f"{value!r} holds U+{ord(char):04X} (character {value.index(char) + 1}), which pictures and terminals "
            "cannot show: text players read may hold no control character but tab and newline, nor U+FFFE or "
            "U+FFFF")


# Ids in plain ASCII (`U+001B`), not `ascii`: see test_loading_words.py.
@pytest.mark.parametrize("char", UNSHOWN, ids=lambda c: f"U+{ord(c):04X}")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_player_name_holding_a_control_character_is_refused_at_its_place(name: str, char: str) -> None:
    """A name with a control character passed validate, then broke the pictures (an SVG no XML parser
    reads) and drove the terminal replay tells the game on. It is refused where it stands."""
    record = _record(name)
    bad = f"Ana{char}[31m"
    players = [record["players"][0], bad, *record["players"][2:]]
    assert _messages({**record, "players": players}) == [f"/players/1: {unshown(bad, char)} [schema:pattern]"]
    with pytest.raises(br.InvalidInput, match=r"^not a valid game record:"):
        br.state_of({**record, "players": players})
    assert _messages({**record, "players": ["Ana\tB", "Ben\nC", *record["players"][2:]]}) == []  # whitespace


@pytest.mark.parametrize("rules_id", sorted(GAME_PACKAGES))
def test_record_of_refuses_a_name_no_record_holds(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    players = rules.players.min
    state = br.new_game(rules, players, seed=players)
    names = [*(f"P{seat}" for seat in range(players - 1)), "Ana\x1b]0;title\x07"]
    with pytest.raises(br.InvalidInput) as info:
        br.record_of(state, names)
    assert [str(p) for p in info.value.problems] == [
        f"/{players - 1}: the name {unshown(names[-1], chr(27))} [schema:pattern]"]


def test_the_schemas_rule_and_the_pictures_defence_agree_on_every_character() -> None:
    """``SHOWN_TEXT`` (the schemas' pattern) refuses exactly what ``displayable`` replaces, lone
    surrogates aside (a document with one is refused as not text, ``json-text``)."""
    import re

    from boomerang_rules.core.display import SHOWN_TEXT, UNSHOWN, displayable

    pattern = re.compile(SHOWN_TEXT.removesuffix("$") + r"\Z")
    for code in [*range(0xD800), *range(0xE000, 0x10000), 0x10FFFF]:
        char = chr(code)
        assert (pattern.match(char) is None) == (UNSHOWN.search(char) is not None) == (displayable(char) != char)
    assert displayable("a\tb\nc") == "a\tb\nc" and displayable("\ud800") == "\ufffd"


def _with(record: dict[str, Any], where: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    changed: dict[str, Any] = json.loads(json.dumps(record))
    node: Any = changed
    for part in where[:-1]:
        node = node[part]
    node[where[-1]] = value
    return changed


def _integers(node: Any, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """The place of every integer in ``node`` (not a bool), in document order."""
    if isinstance(node, int) and not isinstance(node, bool):
        return [path]
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    return [found for key, child in items for found in _integers(child, (*path, key))]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_version_written_with_a_point_is_refused_as_another_version_is(name: str) -> None:
    """``"version": 1.0`` was valid (the schema's ``const`` 1 takes 1.0: JSON has one kind of number)."""
    record = _record(name)
    assert _messages(_with(record, ("version",), 2)) == ["/version: 1 was expected [schema:const]"]
    assert _messages(_with(record, ("version",), 1.0)) == [
        "/version: 1.0 is no integer as written (with a point or an exponent: 1.0, 1e0): a record's numbers are "
        "integers, in digits alone [record-integer]"]
    text = json.dumps(record).replace('"version": 1', '"version": 1e0', 1)  # not told "written with a point"
    assert [str(p) for p in br.validate_record(parse_json(text)[0])] == _messages(_with(record, ("version",), 1.0))
    with pytest.raises(br.InvalidInput, match="record-integer"):
        br.state_of(_with(record, ("version",), 1.0))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_integer_of_a_record_written_with_a_point_is_refused_at_its_place(name: str) -> None:
    """Every integer a record holds, written ``N.0``: the seed and Sea Salt & Paper's first player
    in their own words (as before), every other (a claimed total, a winner, a captor's seat...) as
    ``record-integer``, where each was valid or replayed as an int."""
    record = _record(name)
    places = _integers(record)
    assert ("version",) in places and ("result", "winners", 0) in places
    for where in places:
        value: Any = record
        for part in where:
            value = value[part]
        problems = br.validate_record(_with(record, where, float(value)))
        at = "/" + "/".join(map(str, where))
        own = "seed-integer" if at == "/seed" else "first-player" if at.endswith("/first") else "record-integer"
        assert [(p.pointer, p.rule) for p in problems] == [(at, own)], at


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_ruleset_inline_in_a_record_may_write_whole_numbers_with_a_point(name: str) -> None:
    """A ruleset inline is a ruleset: ``2.0`` is the integer 2 there, as in a ruleset file."""
    record = _record(name)
    inline = br.rules_data(br.load_rules(GAMES[name]))
    inline["players"] = {"min": float(inline["players"]["min"]), "max": float(inline["players"]["max"])}
    assert _messages({**record, "rules": inline}) == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_number_written_with_a_point_is_refused_in_pointer_order_whatever_comes_first(name: str) -> None:
    """The places whose numbers are left to their own words (the seed, a ruleset inline) stop no search
    of the rest, wherever they stand in the document; several such numbers are told in pointer order."""
    record = _record(name)
    places = [p for p in _integers(record) if p[0] not in ("seed", "rules") and p[-1] != "first"]
    first, last = places[0], places[-1]
    changed = record
    for where in (first, last):
        value: Any = record
        for part in where:
            value = value[part]
        changed = _with(changed, where, float(value))
    changed = {"seed": 1.0, "rules": record["rules"],
               **{k: v for k, v in changed.items() if k not in ("seed", "rules")}}
    got = [(p.pointer, p.rule) for p in br.validate_record(changed) if p.rule == "record-integer"]
    expected = sorted("/" + "/".join(map(str, where)) for where in (first, last))
    assert [pointer for pointer, _ in got] == expected


def _floats_plain(value: Any) -> bool:
    """``holds_float``'s plain reading: a float, or a dict or list holding one somewhere."""
    if isinstance(value, dict):
        return any(_floats_plain(v) for v in value.values())
    if isinstance(value, list):
        return any(_floats_plain(v) for v in value)
    return value.__class__ is float


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=3),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=2), inner, max_size=4), max_leaves=30)


@given(_JSON)
def test_holds_float_is_its_plain_reading(value: Any) -> None:
    """The level-at-a-time search ``point_problems`` asks first agrees with a plain recursive one on any
    JSON value (a float as a leaf, at any depth, or none)."""
    assert holds_float(value) == _floats_plain(value)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_valid_record_holds_no_float_and_one_written_with_a_point_does(name: str) -> None:
    record = _record(name)
    assert not holds_float(record)
    assert holds_float(_with(record, ("version",), 1.0))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_packages_own_check_refuses_a_string_that_is_not_text(name: str) -> None:
    """A game package's ``check_record`` (called directly, past the top level's own check) tells a
    string holding a lone surrogate as not text, at its place, before the schema reads it."""
    from boomerang_rules.core.games import game_module

    record = _with(_record(name), ("players", 0), "\ud800")
    problems = game_module(br.load_rules(GAMES[name]).game).check_record(record).problems
    assert [(p.pointer, p.rule) for p in problems] == [("/players/0", "json-text")]


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("other", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_record_whose_game_is_not_its_ruleset_s_says_so_first(name: str, other: str) -> None:
    """A record of one game whose ``game`` names another (a site writing the wrong name) broke the
    other game's schema 22 to 61 times, and no problem said why; the clash of its ``game`` and its
    ruleset's comes first now, in the words ``named_rules`` gives it, in every game."""
    record = _record(name)
    own = br.load_rules(record["rules"]).game
    game = br.load_rules(other).game
    if game == own:
        return
    record["game"] = game
    problems = br.validate_record(record)
    assert str(problems[0]) == (f"/rules: the ruleset {record['rules']!r} is for {own!r}, but the record is a "
                                f"{game!r} game [rules-game]")
    assert len(problems) > 1 and all(p.rule.startswith("schema:") for p in problems[1:])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_number_a_record_claims_is_bounded_alike_in_every_game(name: str) -> None:
    """Every integer of a record but its version and seed (a seat, a claimed score), set below 0 or
    past any game's, is the schema's ``minimum`` or ``maximum`` at its place in every game, its message
    a line long. Sea Salt & Paper's sheets and Boomerang (2010)'s capture seats and claimed points were
    unbounded: ``-1`` or ``10**9`` was a ``result-sheet`` (or ``capture-order``) there and the schema's
    refusal in Boomerang: Australia, and ``10**400`` was quoted whole, 400 digits in one message."""
    record = _record(name)
    places = [p for p in _integers(record) if p[0] not in ("version", "seed")]
    assert any(p[0] == "result" for p in places)
    for where in places:
        at = "/" + "/".join(map(str, where))
        for value, rule in ((-1, "schema:minimum"), (10**9, "schema:maximum"), (10**400, "schema:maximum")):
            problems = br.validate_record(_with(record, where, value))
            assert [(p.pointer, p.rule) for p in problems] == [(at, rule)], (at, value, problems)
            assert len(problems[0].message) <= 200


def test_boomerang_2010_s_claimed_animals_are_at_most_as_many_as_its_animals_and_named_briefly() -> None:
    """A claimed sheet's ``cards`` and ``animals`` rows are objects keyed by animal: they took any number
    of keys of any length (20,000 keys made 20,000 problems). A key too long is pointed at, as every
    wrong key is; the problem as shown cuts it (``core.display.shown_pointer``), the pointer keeps it."""
    record = _record("boomerang-2010-3p")
    many = _with(record, ("result", "sheets", 0, "animals"), {f"k{i}": 1 for i in range(20_000)})
    assert [(p.pointer, p.rule) for p in br.validate_record(many)] == [
        ("/result/sheets/0/animals", "schema:maxProperties")]
    long = _with(record, ("result", "sheets", 0, "cards", "x" * 5000), 1)
    [problem] = br.validate_record(long)
    assert (problem.pointer, problem.rule) == ("/result/sheets/0/cards/" + "x" * 5000, "schema:maxLength")
    assert str(problem).startswith(f"/result/sheets/0/cards/{'x' * 60}… (5,000 characters): ")
    assert len(str(problem)) < 300


@pytest.mark.parametrize("rules_id", ["standard", "direction", "sea-salt-paper", "sea-salt-paper-extra-salt",
                                      "boomerang-2010"])
def test_a_ruleset_or_variant_given_as_a_record_is_told_so_once(rules_id: str) -> None:
    """A ruleset or variant file given to ``replay``, ``sheet`` or ``validate_record``: one problem at
    ``/format`` in every game, as ``--rules record.json`` is one; it was the record schema's every
    required field first (``'players' is a required property``, ...), never saying what the file is."""
    from boomerang_rules.core.resources import data_dir

    document = json.loads((data_dir("variants") / f"{rules_id}.json").read_text(encoding="utf-8"))
    what = "a variant" if "extends" in document else "a ruleset"
    expected = [f"/format: expected 'boomerang-rules/game-record', found {document['format']!r}: {what}, not a game "
                "record [format]"]
    assert _messages(document) == expected
    assert [str(p) for p in br.check_record(document).problems] == expected
    with pytest.raises(br.InvalidInput) as refused:
        br.state_of(document)
    assert [str(p) for p in refused.value.problems] == expected


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_inline_ruleset_without_its_format_is_told_what_it_lacks(name: str) -> None:
    """``rules`` is an id or an object: an object without (or with a wrong) ``format`` was "{} is not of
    type 'string'", the schema's other branch, in every game; it is told by the object's own branch now."""
    record = _record(name)
    assert _messages({**record, "rules": {}}) == ["/rules: 'format' is a required property [schema:required]"]
    assert _messages({**record, "rules": {"format": "x"}}) == [
        "/rules/format: 'x' is not one of ['boomerang-rules/variant', 'boomerang-rules/ruleset'] [schema:enum]"]
    assert _messages({**record, "rules": 5}) == ["/rules: 5 is not of type 'string' [schema:type]"]


@pytest.mark.parametrize("record", [[], ["format"], "boomerang-rules/ruleset", 3, None])
def test_a_record_that_is_no_object_is_the_schema_s_one_problem_not_a_crash(record: Any) -> None:
    """A record that is no JSON object (a list, a string, a number, null) reaches the check of a ruleset
    given as a record (``not_a_record``), which reads its ``format`` only from an object: the schema's one
    ``type`` problem from ``validate_record``, ``check_record`` and ``state_of`` alike, no AttributeError."""
    written = repr(record) if isinstance(record, str) else json.dumps(record)  # JSON's null and ["format"]
    expected = [f"{written} is not of type 'object' [schema:type]"]
    assert _messages(record) == expected
    assert [str(p) for p in br.check_record(record).problems] == expected
    with pytest.raises(br.InvalidInput) as refused:
        br.state_of(record)
    assert [str(p) for p in refused.value.problems] == expected


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_schema_problem_says_the_rule_whatever_the_value_and_in_json_s_words(name: str) -> None:
    """A value the schema refuses opens its message as the record wrote it: a number of 400 digits cut
    to its first and last digits, so that the rule that follows it is said (the message was the value's
    first 199 digits and an ellipsis, the maximum never named), and ``true``, ``null`` and an object in
    JSON's words, not Python's ``True``, ``None`` and ``{'a': 1}``; in every game."""
    record = _record(name)
    huge = 10**400
    for winners, said in (([huge], "is greater than the maximum of"), ([-huge], "is less than the minimum of 0")):
        (message,) = _messages({**record, "result": {**record["result"], "winners": winners}})
        assert message.startswith("/result/winners/0: ") and said in message and len(message) < 150, message
        assert message.endswith("[schema:maximum]" if winners[0] > 0 else "[schema:minimum]")
    assert _messages({**record, "result": {**record["result"], "winners": [True]}}) == [
        "/result/winners/0: true is not of type 'integer' [schema:type]"]
    assert _messages({**record, "seed": None}) == ["/seed: null is not of type 'integer' [schema:type]"]
    assert _messages({**record, "seed": {"a": [1, None]}}) == [
        '/seed: {"a": [1, null]} is not of type \'integer\' [schema:type]']
    (message,) = _messages({**record, "seed": list(range(100_000))})
    assert message.startswith("/seed: [0, 1, 2,") and message.endswith("… is not of type 'integer' [schema:type]")
    ruleset = br.rules_data(br.load_rules(GAMES[name]))
    inline = {**ruleset, "id": "mine", "players": {**ruleset["players"], "max": huge}}
    (message,) = _messages({**record, "rules": inline})
    assert message.startswith("/rules/players/max: 100") and "is greater than the maximum of" in message
