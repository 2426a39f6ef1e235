"""The standard ruleset file: its card table, its checks, and loading."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import boomerang_rules as br
from boomerang_rules.core.loading import rules_data, rules_from_data

ROOT = Path(__file__).resolve().parents[1]


def standard_data() -> dict[str, Any]:
    with (ROOT / "variants" / "standard.json").open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def problems_of(data: dict[str, Any]) -> list[br.Problem]:
    with pytest.raises(br.RulesError) as info:
        rules_from_data(data, "test.json")
    return list(info.value.problems)


def test_standard_top_level() -> None:
    rules = br.load_rules()
    assert (rules.id, rules.game, rules.format, rules.version) == (
        "standard", "boomerang-australia", "boomerang-rules/ruleset", 1)
    assert (rules.players.min, rules.players.max, rules.rounds, rules.hand_size) == (2, 4, 4, 7)
    assert rules.pass_directions == ("left",) * 4
    assert rules.leftover_cards == "deal-first"
    assert rules.sites_include_throw is True
    assert rules.scoring.activities.table == (0, 0, 2, 4, 7, 10, 15)
    assert (rules.scoring.site_points, rules.scoring.region_bonus) == (1, 3)
    assert rules.scoring.tie_breakers == ("throw_catch",)


def test_card_table_counts() -> None:
    """The counts the reference says a data file must reproduce."""
    rules = br.load_rules()
    cards = rules.cards
    assert len(cards) == 28
    assert [c.id for c in cards] == [*"ABCDEFGHIJKLMNOPQRSTUVWXYZ@#"]
    assert Counter(c.number for c in cards) == dict.fromkeys(range(1, 8), 4)
    assert Counter(c.collection for c in cards if c.collection) == {
        "leaves": 5, "wildflowers": 4, "shells": 3, "souvenirs": 1}
    assert dict(rules.scoring.collections.values) == {"leaves": 1, "wildflowers": 2, "shells": 3, "souvenirs": 5}
    assert Counter(c.animal for c in cards if c.animal) == {
        "kangaroos": 5, "emus": 5, "wombats": 4, "koalas": 3, "platypuses": 2}
    assert dict(rules.scoring.animals.values) == {
        "kangaroos": 3, "emus": 4, "wombats": 5, "koalas": 7, "platypuses": 9}
    assert Counter(c.activity for c in cards if c.activity) == {
        "indigenous_culture": 6, "sightseeing": 6, "bushwalking": 6, "swimming": 6}
    assert sorted(c.id for c in cards if c.activity is None) == ["C", "G", "X", "Y"]
    for card in cards:
        icons = [card.collection, card.animal, card.activity]
        assert sum(icon is not None for icon in icons) == 2, card


def test_regions_and_numbers() -> None:
    rules = br.load_rules()
    expected = {
        "western_australia": ("ABCD", 1), "victoria": ("UVWX", 2), "south_australia": ("MNOP", 3),
        "northern_territory": ("EFGH", 4), "new_south_wales": ("QRST", 5), "queensland": ("IJKL", 6),
        "tasmania": ("YZ@#", 7),
    }
    assert {r.id for r in rules.regions} == set(expected)
    for region, (sites, number) in expected.items():
        cards = [c for c in rules.cards if c.region == region]
        assert sorted(c.id for c in cards) == sorted(sites)
        assert {c.number for c in cards} == {number}


def test_some_cards_by_name() -> None:
    rules = br.load_rules()
    assert rules.card("K") == br.Card("K", "Daintree Rainforest", "queensland", 6, "souvenirs", None, "bushwalking")
    assert rules.card("@").site == "Port Arthur"
    with pytest.raises(KeyError):
        rules.card("ZZ")


# The reference's card table, row by row: id, site, region, throw number, collection, animal, activity.
REFERENCE_CARDS = [
    ('A', 'The Bungle Bungles', 'western_australia', 1, 'leaves', None, 'indigenous_culture'),
    ('B', 'The Pinnacles', 'western_australia', 1, None, 'kangaroos', 'sightseeing'),
    ('C', 'Margaret River', 'western_australia', 1, 'shells', 'kangaroos', None),
    ('D', 'Kalbarri National Park', 'western_australia', 1, 'wildflowers', None, 'bushwalking'),
    ('E', 'Uluru', 'northern_territory', 4, None, 'emus', 'indigenous_culture'),
    ('F', 'Kakadu National Park', 'northern_territory', 4, None, 'wombats', 'sightseeing'),
    ('G', 'Nitmiluk National Park', 'northern_territory', 4, 'shells', 'platypuses', None),
    ('H', "King's Canyon", 'northern_territory', 4, None, 'koalas', 'swimming'),
    ('I', 'The Great Barrier Reef', 'queensland', 6, 'wildflowers', None, 'sightseeing'),
    ('J', 'The Whitsundays', 'queensland', 6, None, 'kangaroos', 'indigenous_culture'),
    ('K', 'Daintree Rainforest', 'queensland', 6, 'souvenirs', None, 'bushwalking'),
    ('L', 'Surfers Paradise', 'queensland', 6, 'wildflowers', None, 'swimming'),
    ('M', 'Barossa Valley', 'south_australia', 3, None, 'koalas', 'bushwalking'),
    ('N', 'Lake Eyre', 'south_australia', 3, None, 'emus', 'swimming'),
    ('O', 'Kangaroo Island', 'south_australia', 3, None, 'kangaroos', 'bushwalking'),
    ('P', 'Mount Gambier', 'south_australia', 3, 'wildflowers', None, 'sightseeing'),
    ('Q', 'Blue Mountains', 'new_south_wales', 5, None, 'wombats', 'indigenous_culture'),
    ('R', 'Sydney Harbour', 'new_south_wales', 5, None, 'emus', 'sightseeing'),
    ('S', 'Bondi Beach', 'new_south_wales', 5, None, 'wombats', 'swimming'),
    ('T', 'Hunter Valley', 'new_south_wales', 5, None, 'emus', 'bushwalking'),
    ('U', 'Melbourne', 'victoria', 2, None, 'wombats', 'bushwalking'),
    ('V', 'The MCG', 'victoria', 2, 'leaves', None, 'indigenous_culture'),
    ('W', 'Twelve Apostles', 'victoria', 2, 'shells', None, 'swimming'),
    ('X', 'Royal Exhibition Building', 'victoria', 2, 'leaves', 'platypuses', None),
    ('Y', 'Salamanca Markets', 'tasmania', 7, 'leaves', 'emus', None),
    ('Z', 'Mount Wellington', 'tasmania', 7, None, 'koalas', 'sightseeing'),
    ('@', 'Port Arthur', 'tasmania', 7, 'leaves', None, 'indigenous_culture'),
    ('#', 'Richmond', 'tasmania', 7, None, 'kangaroos', 'swimming'),
]
REFERENCE_REGIONS = {"western_australia": "Western Australia", "victoria": "Victoria",
                     "south_australia": "South Australia", "northern_territory": "Northern Territory",
                     "new_south_wales": "New South Wales", "queensland": "Queensland", "tasmania": "Tasmania"}


def test_every_card_is_the_reference_tables_row() -> None:
    """Each card's site, region, number and icons as the reference's card table gives them: the
    counts above hold when two cards swap an icon, this does not."""
    rules = br.load_rules()
    assert [(c.id, c.site, c.region, c.number, c.collection, c.animal, c.activity) for c in rules.cards] == \
        REFERENCE_CARDS
    assert {r.id: r.name for r in rules.regions} == REFERENCE_REGIONS


def test_load_is_cached_and_equal_by_content(tmp_path: Path) -> None:
    a = br.load_rules()
    assert br.load_rules("standard") is a
    copy = tmp_path / "copy.json"
    copy.write_text(json.dumps(standard_data()), encoding="utf-8")
    b = br.load_rules(copy)
    assert b is not a and b == a and hash(b) == hash(a)
    assert len(a.digest) == 64


@pytest.mark.parametrize(("rid", "field", "value"), [("standard", "hand_size", 5),
                                                    ("sea-salt-paper", "tie_break", "went-last"),
                                                    ("boomerang-2010", "boomerangs_per_point", 3)])
def test_a_ruleset_built_by_hand_has_the_digest_of_what_it_holds_and_is_checked(rid: str, field: str,
                                                                               value: Any) -> None:
    """``attrs.evolve`` hands on the old digest: an evolved ruleset compared equal to its original,
    and the tables cached for the original served it (a hand size of 5 dealt 7 cards). Its digest is
    now taken of what it holds, and it is checked as a file is, ``RulesError`` naming the rule."""
    import attrs

    rules = br.load_rules(rid)
    renamed = attrs.evolve(rules, id="house", name="House")
    assert renamed != rules and renamed.digest == br.load_rules(_written(rules_data(renamed))).digest
    house = attrs.evolve(renamed, **{field: value})
    assert house != renamed and house.digest != renamed.digest and getattr(house, field) == value
    assert house == attrs.evolve(renamed, **{field: value}) and attrs.evolve(house, **{field: getattr(rules, field)})\
        == renamed
    if field == "hand_size":
        assert [len(hand) for hand in br.view(br.new_game(house, 4, 1), 0).hand] == [1] * 5
    with pytest.raises(br.RulesError) as refused:  # the id of a shipped ruleset, other rules
        attrs.evolve(rules, **{field: value})
    assert [(p.pointer, p.rule) for p in refused.value.problems] == [("/id", "rules-id")]
    with pytest.raises(br.RulesError) as refused:  # off the schema
        attrs.evolve(renamed, players=attrs.evolve(rules.players, max=99))
    assert [(p.pointer, p.rule) for p in refused.value.problems] == [("/players/max", "schema:maximum")]


def _written(data: dict[str, Any]) -> Path:
    """``data`` in a file of its own (a ruleset as a user would give it)."""
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as out:
        json.dump(data, out)
    return Path(out.name)


def test_ruleset_is_immutable() -> None:
    rules = br.load_rules()
    with pytest.raises(TypeError):
        rules.scoring.collections.values["leaves"] = 9
    with pytest.raises(AttributeError):
        rules.rounds = 5


def test_schema_problem_has_pointer() -> None:
    data = standard_data()
    data["pass_directions"][2] = "up"
    [problem] = problems_of(data)
    assert problem.pointer == "/pass_directions/2"
    assert problem.file == "test.json"
    assert problem.rule.startswith("schema:")


def test_duplicate_card_id() -> None:
    data = standard_data()
    data["cards"][3]["id"] = "A"
    found = {(p.pointer, p.rule) for p in problems_of(data)}
    assert found == {("/cards/0/id", "unique-card-ids"), ("/cards/3/id", "unique-card-ids")}


def test_unknown_icon_named() -> None:
    data = standard_data()
    data["cards"][5]["animal"] = "dingoes"
    [problem] = problems_of(data)
    assert (problem.pointer, problem.rule) == ("/cards/5/animal", "icon-known")
    assert "dingoes" in problem.message


def test_deck_too_small_for_players() -> None:
    data = standard_data()
    data["players"]["max"] = 6
    [problem] = problems_of(data)
    assert problem.pointer == "/players/max"
    assert problem.message == "6 players × 7 cards = 42 cards, the deck has 28"


def test_activity_table_too_short() -> None:
    data = standard_data()
    data["scoring"]["activities"]["table"] = [0, 0, 2, 4, 7, 10]
    [problem] = problems_of(data)
    assert (problem.pointer, problem.rule) == ("/scoring/activities/table", "activity-table")


def test_one_direction_per_round() -> None:
    data = standard_data()
    data["rounds"] = 5
    [problem] = problems_of(data)
    assert (problem.pointer, problem.rule) == ("/pass_directions", "pass-directions")


def test_unknown_name_or_missing_file() -> None:
    with pytest.raises(br.RulesError) as info:
        br.load_rules("no-such-ruleset")
    assert "no shipped ruleset" in str(info.value)


def test_bad_json_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ', encoding="utf-8")
    with pytest.raises(br.RulesError) as info:
        br.load_rules(bad)
    [problem] = info.value.problems
    assert problem.rule == "json-syntax" and problem.file == str(bad)


class _NotARuleset:
    """Has a ``game``, like a ruleset, of no game the library ships."""

    game = "chess"


@pytest.mark.parametrize(("rounds", "directions"), [(4, 5), (3, 4), (1, 2), (4, 3), (2, 1)])
def test_one_pass_direction_per_round(rounds: int, directions: int) -> None:
    data = br.rules_data(br.load_rules())
    data["rounds"] = rounds
    data["pass_directions"] = ["left"] * directions
    with pytest.raises(br.RulesError) as info:
        rules_from_data(data, "mine.json")
    assert [str(p) for p in info.value.problems] == [
        f"mine.json:/pass_directions: {directions} pass directions for {rounds} rounds: give one per round "
        "[pass-directions]"]


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_ruleset_names_a_missing_card(rules_id: str) -> None:
    """A ``KeyError`` whose id is its ``args[0]``, saying in words what is missing and where (a bare
    ``KeyError('??')`` printed ``'??'``); ``describe`` alike; an id that is no string a ``TypeError``."""
    import pickle

    rules = br.load_rules(rules_id)
    for lookup in (rules.card, rules.describe):
        with pytest.raises(KeyError) as info:
            lookup("??")
        ids = ", ".join(c.id for c in rules.cards[:8])
        assert str(info.value) == f"no card '??' in ruleset '{rules_id}' (its ids: {ids}, …)"
        assert info.value.args == ("??",)
        assert str(pickle.loads(pickle.dumps(info.value))) == str(info.value)  # our own object, pickled and back
        for wrong, said in ((None, "None: None"), (3, "int: 3"), (b"A", "bytes: b'A'")):
            with pytest.raises(TypeError) as refused:
                lookup(wrong)
            assert str(refused.value) == f"card_id must be a card's id (str), not {said}"


def test_an_unknown_card_quotes_its_id_clipped() -> None:
    """The id is the caller's input: quoted as every message quotes input (``core.display.shown``),
    not printed whole at a megabyte, and a lone surrogate escaped so that the message can be written."""
    for lookup in (br.load_rules().card, br.load_rules().describe):
        with pytest.raises(KeyError) as info:
            lookup("z" * 1_000_000)
        assert str(info.value).startswith(f"no card '{'z' * 60}'… (1,000,000 characters) in ruleset 'standard'")
        assert info.value.args == ("z" * 1_000_000,)
        with pytest.raises(KeyError) as info:
            lookup("\ud800")
        str(info.value).encode("utf-8")


@pytest.mark.parametrize(("ids", "shown"), [
    ((), ""), (("a",), "a"), (tuple("abcdefgh"), "a, b, c, d, e, f, g, h"),
    (tuple("abcdefghi"), "a, b, c, d, e, f, g, h, …"),
])
def test_an_unknown_card_shows_the_first_eight_ids(ids: tuple[str, ...], shown: str) -> None:
    from boomerang_rules.core.rulesets import UnknownCard

    assert str(UnknownCard("z", "mine", ids)) == f"no card 'z' in ruleset 'mine' (its ids: {shown})"


def test_list_rules_describes_each_shipped_file() -> None:
    root = Path(__file__).resolve().parents[1] / "variants"
    infos = br.list_rules()
    assert sorted(i.id for i in infos) == sorted(br.shipped_ids())
    for info in infos:
        data = json.loads((root / f"{info.id}.json").read_text(encoding="utf-8"))
        assert (info.name, info.description, info.extends, info.game) == (
            data["name"], data.get("description", ""), data.get("extends"), br.load_rules(info.id).game)


def test_a_file_that_is_not_an_object_or_cannot_be_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from boomerang_rules.core import loading

    path = tmp_path / "list.json"
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(br.RulesError) as info:
        br.load_rules(path)
    assert [(p.pointer, str(p)) for p in info.value.problems] == [
        ("", f"{path}: a ruleset or variant must be a JSON object [schema:type]")]

    def unreadable(*args: object, **kwargs: object) -> object:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(loading, "read_json_file", unreadable)
    with pytest.raises(br.RulesError) as info:
        br.load_rules(path)
    assert [(p.pointer, str(p)) for p in info.value.problems] == [
        ("", f"{path}: cannot read the file: Permission denied [io]")]


def test_a_ruleset_over_the_size_limit_is_refused_without_a_hint_no_command_takes(tmp_path: Path) -> None:
    """A ruleset or variant file is read under the library's fixed limit: its refusal does not
    suggest --max-bytes, which only the commands that read records take (and which does not
    raise the limit of the ruleset a command loads)."""
    from click.testing import CliRunner

    from boomerang_rules.cli import cli
    from boomerang_rules.core.limits import DEFAULT_MAX_BYTES

    path = tmp_path / "big.json"
    text = (ROOT / "variants" / "standard.json").read_text(encoding="utf-8")
    path.write_text(text + " " * (DEFAULT_MAX_BYTES - len(text.encode()) + 1), encoding="utf-8")
    with pytest.raises(br.RulesError) as info:
        br.load_rules(path)
    assert [str(p) for p in info.value.problems] == [
        f"{path}: file larger than the limit of {DEFAULT_MAX_BYTES} bytes for a ruleset or variant [size-limit]"]
    for args in (["score", *"EAVWXJB", "--rules", str(path)], ["variants", "show", str(path)],
                 ["replay", str(ROOT / "examples" / "game-2p.json"), "--rules", str(path)]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 1 and "[size-limit]" in result.stderr and "--max-bytes" not in result.stderr


def test_a_file_name_that_is_not_text_is_named_printably(tmp_path: Path) -> None:
    import os

    name = os.fsdecode(b"bad-\xff.json")
    path = tmp_path / name
    try:
        path.write_text("[]", encoding="utf-8")
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system takes only text names")
    with pytest.raises(br.RulesError) as info:
        br.load_rules(path)
    [problem] = info.value.problems
    assert problem.file == f"{tmp_path}/bad-\\udcff.json"
    assert str(problem).encode("utf-8")  # printable anywhere


@pytest.mark.parametrize(("value", "shown"), [
    ({"game": "boomerang-australia"}, "dict: {'game': 'boomerang-australia'}"),
    (_NotARuleset, "type: <class "),
    ("standard", "str: 'standard'")])
@pytest.mark.parametrize("check", ["rules_data", "require_ruleset"])
def test_rules_data_names_what_it_was_given_instead_of_a_ruleset(check: str, value: object, shown: str) -> None:
    from boomerang_rules.core import loading

    with pytest.raises(TypeError) as info:
        getattr(loading, check)(value)
    assert str(info.value).startswith(f"rules must be a loaded ruleset (see load_rules), not {shown}")


def test_require_ruleset_hands_back_the_ruleset_of_every_game() -> None:
    from boomerang_rules.core.games import GAMES
    from boomerang_rules.core.loading import require_ruleset

    for game in GAMES:
        rules = br.load_rules(game)
        assert require_ruleset(rules) is rules


class _DictWithAGame(dict):  # type: ignore[type-arg]
    """A mapping that names a game, as a ruleset's JSON does: still no ruleset."""

    game = "boomerang-australia"


class _ListedGame:
    """A ``game`` that is no name at all (a list: no key of the registry can even be looked up)."""

    def __init__(self) -> None:
        self.game = ["boomerang-australia"]


@pytest.mark.parametrize(("value", "shown"), [(_DictWithAGame(), "_DictWithAGame: {}"),
                                              (_ListedGame(), "_ListedGame: ")])
def test_require_ruleset_refuses_a_mapping_or_an_unnamed_game_in_its_own_words(value: object, shown: str) -> None:
    from boomerang_rules.core.loading import require_ruleset

    with pytest.raises(TypeError) as info:
        require_ruleset(value)
    assert str(info.value).startswith(f"rules must be a loaded ruleset (see load_rules), not {shown}")


def test_ruleset_argument_loads_an_id_or_a_path_and_names_its_caller_s_words_otherwise(tmp_path: Path) -> None:
    """What the strategies and the top-level record reading take: an id or a path is loaded, a ruleset
    handed back, anything else refused in the caller's words (``what``) and with where it came from
    (``drawn``)."""
    from boomerang_rules.core.loading import RULES_ARGUMENT, ruleset_argument

    ssp = br.load_rules("sea-salt-paper")
    assert ruleset_argument("sea-salt-paper") == ssp
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(br.rules_data(ssp)), encoding="utf-8")
    assert ruleset_argument(path) == ssp
    assert ruleset_argument(ssp) is ssp
    with pytest.raises(TypeError) as info:
        ruleset_argument(5, " (drawn by the strategy given)", what="an id of mine")
    assert str(info.value) == "rules must be an id of mine, not int: 5 (drawn by the strategy given)"
    with pytest.raises(TypeError) as info:
        ruleset_argument(5)
    assert str(info.value) == f"rules must be {RULES_ARGUMENT}, not int: 5"


def test_a_ruleset_of_an_unknown_format_is_named_whole() -> None:
    from boomerang_rules.core.loading import rules_from_data

    with pytest.raises(br.RulesError) as info:
        rules_from_data({"format": "nope"}, label="f.json")
    assert [(p.pointer, p.message, p.rule, p.file) for p in info.value.problems] == [
        ("/format", "expected 'boomerang-rules/ruleset' or 'boomerang-rules/variant', found 'nope'", "format",
         "f.json")]


# --- ruleset checks that once let nonsense through --------------------------------------------

def _ruleset_problems(change: Any) -> list[tuple[str, str]]:
    data = rules_data(br.load_rules())
    change(data)
    with pytest.raises(br.RulesError) as info:
        rules_from_data(data)
    return [(p.pointer, p.rule) for p in info.value.problems]


@pytest.mark.parametrize(("table", "name"), [("animals", "koala"), ("collections", "leaf")])
def test_a_scored_kind_no_card_shows_is_refused_as_in_sea_salt_and_paper(table: str, name: str) -> None:
    """A variant's patch of one value with a misspelt key (``koala`` for ``koalas``) loaded and changed
    nothing; it is refused where it stands, by the rule Sea Salt & Paper's tables have (``kind-in-deck``)."""
    def change(d: dict[str, Any]) -> None:
        d["scoring"][table]["values"][name] = 8

    assert _ruleset_problems(change) == [(f"/scoring/{table}/values/{name}", "kind-in-deck")]
    with pytest.raises(br.RulesError) as refused:
        rules_from_data(variant_of("standard", {"scoring": {table: {"values": {name: 8}}}}), "house.json")
    field = table.removesuffix("s")
    assert [str(p) for p in refused.value.problems] == [
        f"house.json:/changes/scoring/{table}/values/{name}: the deck has no card of the {field} {name!r}, so its "
        "value could never score [kind-in-deck]"]
    with pytest.raises(br.RulesError) as refused:
        rules_from_data(variant_of("sea-salt-paper", {"collectors": {"lobster": [1]}}), "house.json")
    assert [(p.pointer, p.rule) for p in refused.value.problems] == [("/changes/collectors/lobster", "kind-in-deck")]


@pytest.mark.parametrize(("parent", "changes", "said"), [
    ("standard", {"scoring": {"activities": {"kinds": ["indigenous_culture", "sightseeing", "bushwalking",
                                                       "swimming", "surfing"]}}},
     "/changes/scoring/activities/kinds/4: the deck has no card of the activity 'surfing', so it could never score "
     "[kind-in-deck]"),
    ("sea-salt-paper", {"multipliers": {"lighthouse": {"kind": "lobster", "points": 1}}},  # an Extra Salt kind
     "/changes/multipliers/lighthouse/kind: the deck has no 'lobster' card, so multiplier 'lighthouse' could never "
     "score [kind-in-deck]"),
    ("boomerang-2010", {"animals": ["armadillo", "bird", "fish", "kangaroo", "lizzard", "lizard", "turtle"]},
     "/changes/animals/4: no card shows animal 'lizzard', so its majority could never score [animal-in-deck]"),
])
def test_an_id_in_a_table_that_no_card_carries_is_refused_in_every_game(parent: str, changes: dict[str, Any],
                                                                         said: str) -> None:
    """An activity, a multiplied kind or an animal that no card carries loaded and scored nothing: an
    author's slip (a misspelt id, a kind of another edition's deck) passed silently. Each game refuses
    it where it stands, naming the file, the JSON pointer and the rule, as Boomerang (2010)'s lands
    (``land-in-deck``) and the scored kinds of the other two games (``kind-in-deck``) were."""
    with pytest.raises(br.RulesError) as refused:
        rules_from_data(variant_of(parent, changes), "house.json")
    assert [str(p) for p in refused.value.problems] == [f"house.json:{said}"]


def variant_of(parent: str, changes: dict[str, Any]) -> dict[str, Any]:
    return {"format": "boomerang-rules/variant", "version": 1, "id": "house", "name": "House", "extends": parent,
            "changes": changes}


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


def _refusal(make: Any) -> list[Any]:
    """The problems of the ``RulesError`` ``make()`` raises; [] when it makes its ruleset (any other
    exception escapes)."""
    try:
        make()
    except br.RulesError as refused:
        return list(refused.problems) or [None]
    return []


_NOT_A_FIELD: list[Any] = [None, 5, "x", (1, 2), {"min": 1}, [], True, 1.5]
"""Values of the wrong type for a ruleset's structured fields (a range, tables, cards, mappings)."""


@pytest.mark.parametrize("rid", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_ruleset_built_by_hand_with_a_field_of_the_wrong_type_is_refused_naming_it(rid: str) -> None:
    """Every field of a hand-built ruleset (``attrs.evolve``, ``Ruleset(...)``) given a value of the wrong
    type is a ``RulesError`` naming a place, as a file's would be: ``players=(1, 2)`` raised "'tuple'
    object has no attribute 'min'", ``cards=None`` "'NoneType' object is not iterable",
    ``collectors='x'`` a dictionary's update error, from inside."""
    import attrs

    rules = attrs.evolve(br.load_rules(rid), id="house")
    for field in attrs.fields(type(rules)):
        if field.name == "digest":
            continue
        for junk in _NOT_A_FIELD:
            problems = _refusal(lambda: attrs.evolve(rules, **{field.name: junk}))  # noqa: B023 (called at once)
            assert all(p.pointer.startswith("/") for p in problems)  # a fitting type may break another rule
    for name, junk in (("players", (1, 2)), ("cards", None), ("cards", (1, 2)), ("players", 5)):
        with pytest.raises(br.RulesError) as refused:
            attrs.evolve(rules, **{name: junk})
        assert [(p.pointer, p.rule) for p in refused.value.problems] == [(f"/{name}", "schema:type")]
    assert str(refused.value) == "/players: players must be PlayerRange, not int: 5 [schema:type]"
    if rid == "sea-salt-paper":
        with pytest.raises(br.RulesError, match=r"^/collectors: collectors must be Mapping\[str, "
                                                r"tuple\[int, \.\.\.\]\], not str: 'x' \[schema:type\]$"):
            attrs.evolve(rules, collectors="x")
