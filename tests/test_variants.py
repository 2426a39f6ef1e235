"""Variants: small files of changes that resolve to rulesets, and that really change the game."""

from __future__ import annotations

import contextlib
import itertools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import strategies as bst
from boomerang_rules.australia.playouts import random_game
from boomerang_rules.cli import cli
from boomerang_rules.core.canonical import digest
from boomerang_rules.core.errors import Problem
from boomerang_rules.core.loading import MAX_EXTENDS_DEPTH, VARIANT_FORMAT, _in_variant, rules_from_data, shipped_ids
from boomerang_rules.core.merge_patch import merge_patch
from boomerang_rules.core.validation import validate_file

from .helpers import play, random_policy, record_problems


def write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def variant(changes: dict[str, Any], extends: str = "standard", vid: str = "test") -> dict[str, Any]:
    return {"format": "boomerang-rules/variant", "version": 1, "id": vid, "name": "Test",
            "extends": extends, "changes": changes}


def test_shipped_variants_are_listed() -> None:
    infos = {i.id: i for i in br.list_rules() if i.game == "boomerang-australia"}
    assert set(infos) == {"standard", "direction", "reshuffle", "sites-exclude-throw"}
    assert infos["standard"].extends is None
    assert all(infos[v].extends == "standard" for v in ("direction", "reshuffle", "sites-exclude-throw"))


def test_each_variant_changes_only_its_field() -> None:
    base = br.rules_data(br.load_rules())
    expected = {
        "direction": {"pass_directions": ["left", "right", "left", "right"]},
        "reshuffle": {"leftover_cards": "reshuffle"},
        "sites-exclude-throw": {"sites_include_throw": False},
    }
    for vid, changed in expected.items():
        data = br.rules_data(br.load_rules(vid))
        diff = {k: v for k, v in data.items() if base[k] != v and k not in ("id", "name", "description")}
        assert diff == changed, vid


def test_digest_is_of_the_resolved_ruleset() -> None:
    for vid in br.shipped_ids():
        rules = br.load_rules(vid)
        assert rules.digest == digest(br.rules_data(rules))
    assert len({br.load_rules(v).digest for v in br.shipped_ids()}) == len(br.shipped_ids())


def test_direction_passes_right_in_round_two() -> None:
    rules = br.load_rules("direction")
    s = br.new_game(rules, 3, seed=12)
    s = play(s, random_policy(random.Random(0)), until=lambda x: x.round == 1)
    dealt = [br.legal_actions(s, seat) for seat in range(3)]
    for seat in range(3):
        s = br.apply(s, seat, dealt[seat][0])
    for seat in range(3):
        assert br.legal_actions(s, (seat - 1) % 3) == dealt[seat][1:]


def dealt_sets(state: br.GameState) -> list[int]:
    out = []
    for r in state.progress.rounds:
        mask = 0
        for hand in r.dealt:
            mask |= hand
        out.append(mask)
    return out


def undealt_left_undealt(rules: br.Ruleset, seed: int) -> bool:
    s = play(br.new_game(rules, 2, seed), random_policy(random.Random(seed)))
    masks = dealt_sets(s)
    full = (1 << 28) - 1
    return any((full & ~a) & ~b for a, b in itertools.pairwise(masks))


def test_reshuffle_lets_undealt_cards_stay_undealt() -> None:
    assert any(undealt_left_undealt(br.load_rules("reshuffle"), seed) for seed in range(5))
    assert not any(undealt_left_undealt(br.load_rules("standard"), seed) for seed in range(5))


def test_sites_exclude_throw_changes_the_score() -> None:
    deals = [[["A", "E", "I", "M", "Q", "U", "Y"], ["B", "F", "J", "N", "R", "V", "Z"]]]

    def first_round(rules: br.Ruleset) -> br.GameState:
        s = br.new_game(rules, 2, deals=deals)
        return play(s, lambda st, seat, actions: actions[0], until=lambda x: x.round == 1)

    with_throw = first_round(br.load_rules())
    without = first_round(br.load_rules("sites-exclude-throw"))
    assert [sheet.sites for sheet in br.score_sheets(with_throw)] == [7, 7]
    assert [sheet.sites for sheet in br.score_sheets(without)] == [6, 6]


def test_variant_file_extending_a_variant(tmp_path: Path) -> None:
    path = write(tmp_path / "both.json", variant({"leftover_cards": "reshuffle"}, extends="direction"))
    rules = br.load_rules(path)
    assert rules.pass_directions == ("left", "right", "left", "right")
    assert rules.leftover_cards == "reshuffle"
    assert rules.id == "test"


def test_variant_extending_a_relative_path(tmp_path: Path) -> None:
    write(tmp_path / "base.json", variant({"rounds": 2, "pass_directions": ["left", "right"]}, vid="base"))
    rules = br.load_rules(write(tmp_path / "top.json", variant({"hand_size": 6}, extends="base.json")))
    assert (rules.rounds, rules.hand_size) == (2, 6)


def test_too_many_players_names_the_variant_field(tmp_path: Path) -> None:
    path = write(tmp_path / "too-many.json", variant({"players": {"max": 6}}))
    with pytest.raises(br.RulesError) as info:
        br.load_rules(path)
    assert [str(p) for p in info.value.problems] == [
        f"{path}:/changes/players/max: 6 players × 7 cards = 42 cards, the deck has 28 [deck-size]"]


def test_null_removes_a_field_and_the_schema_says_so(tmp_path: Path) -> None:
    path = write(tmp_path / "v.json", variant({"scoring": {"region_bonus": None}}))
    with pytest.raises(br.RulesError) as info:
        br.load_rules(path)
    [problem] = info.value.problems
    assert problem.file == str(path) and "region_bonus" in problem.message


def test_extends_cycle_is_reported(tmp_path: Path) -> None:
    write(tmp_path / "a.json", variant({}, extends="b.json", vid="a"))
    write(tmp_path / "b.json", variant({}, extends="a.json", vid="b"))
    with pytest.raises(br.RulesError) as info:
        br.load_rules(tmp_path / "a.json")
    assert any(p.rule == "extends-cycle" and p.pointer == "/extends" for p in info.value.problems)


def test_extends_unknown(tmp_path: Path) -> None:
    path = write(tmp_path / "v.json", variant({}, extends="nowhere"))
    with pytest.raises(br.RulesError) as info:
        br.load_rules(path)
    assert [(p.pointer, p.rule) for p in info.value.problems] == [("/extends", "extends")]


@pytest.mark.parametrize("game", ["boomerang-australia", "boomerang-2010", "sea-salt-paper"])
def test_a_variant_extends_a_game_by_its_name(tmp_path: Path, game: str) -> None:
    """A game's name stands for its default ruleset in ``extends`` as it does in ``load_rules``, inline
    (a record's variant, which may extend only what ships) and from a file; ``files_read`` follows it."""
    from boomerang_rules.core.loading import files_read

    default = br.load_rules(game)
    data = variant({}, extends=game)
    assert rules_from_data(data, None, allow_paths=False).game == default.game
    path = write(tmp_path / "v.json", data)
    loaded = br.load_rules(path)
    assert (loaded.game, loaded.cards) == (default.game, default.cards)
    assert files_read(path)[1:] == files_read(game)


@pytest.mark.parametrize("game", ["boomerang-australia", "boomerang-2010", "sea-salt-paper"])
def test_a_rulesets_name_and_description_have_the_same_limits_in_every_game(tmp_path: Path, game: str) -> None:
    """A name of at most 200 characters and a description of at most 10,000, in every game: a
    variant of Sea Salt & Paper or Boomerang (2010) with a name of any length loaded, the same
    variant of Boomerang: Australia was refused."""
    longest = variant({}, extends=game)
    longest.update(name="N" * 200, description="D" * 10000)
    assert br.load_rules(write(tmp_path / "ok.json", longest)).name == "N" * 200
    for field, length in (("name", 201), ("description", 10001)):
        data = variant({}, extends=game)
        data[field] = "x" * length
        with pytest.raises(br.RulesError) as info:
            br.load_rules(write(tmp_path / f"{field}.json", data))
        assert [(p.pointer, p.rule) for p in info.value.problems] == [(f"/{field}", "schema:maxLength")]
        result = CliRunner().invoke(cli, ["validate", str(tmp_path / f"{field}.json")])
        assert result.exit_code == 1 and "[schema:maxLength]" in result.output, result.output
        assert "resolves to" not in result.output  # the variant's own schema says it, of the file as written


def test_variant_schema(tmp_path: Path) -> None:
    data = variant({})
    del data["changes"]
    data["colour"] = "blue"
    with pytest.raises(br.RulesError) as info:
        br.load_rules(write(tmp_path / "v.json", data))
    assert {p.rule for p in info.value.problems} == {"schema:required", "schema:additionalProperties"}


def test_changes_may_not_touch_the_format(tmp_path: Path) -> None:
    with pytest.raises(br.RulesError):
        br.load_rules(write(tmp_path / "v.json", variant({"format": "x"})))


@pytest.mark.parametrize(("target", "patch", "result"), [
    ({"a": "b"}, {"a": "c"}, {"a": "c"}),
    ({"a": "b"}, {"b": "c"}, {"a": "b", "b": "c"}),
    ({"a": "b"}, {"a": None}, {}),
    ({"a": "b", "b": "c"}, {"a": None}, {"b": "c"}),
    ({"a": ["b"]}, {"a": "c"}, {"a": "c"}),
    ({"a": "c"}, {"a": ["b"]}, {"a": ["b"]}),
    ({"a": {"b": "c"}}, {"a": {"b": "d", "c": None}}, {"a": {"b": "d"}}),
    ({"a": [{"b": "c"}]}, {"a": [1]}, {"a": [1]}),
    (["a", "b"], ["c", "d"], ["c", "d"]),
    ({"a": "b"}, ["c"], ["c"]),
    ({"e": None}, {"a": 1}, {"e": None, "a": 1}),
    ([1, 2], {"a": "b", "c": None}, {"a": "b"}),
    ({}, {"a": {"bb": {"ccc": None}}}, {"a": {"bb": {}}}),
])
def test_merge_patch_rfc7396_examples(target: Any, patch: Any, result: Any) -> None:
    before = json.dumps(target)
    assert merge_patch(target, patch) == result
    assert json.dumps(target) == before


def test_the_variants_listing_fits_80_columns_and_holds_every_name_and_description() -> None:
    """Each ruleset's id and game on a line, its name and description wrapped below it: the names and
    descriptions were printed beside 60 columns of ids and games, lines of up to 533 characters."""
    listed = CliRunner().invoke(cli, ["variants"])
    assert listed.exit_code == 0
    assert max(map(len, listed.stdout.splitlines())) <= 80
    flat = " ".join(listed.stdout.split())
    for info in br.list_rules():
        assert re.search(rf"^{re.escape(info.id)} +{re.escape(info.game)}$", listed.stdout, re.M)
        assert " ".join(info.name.split()) in flat and " ".join(info.description.split()) in flat


def test_cli_variants_list_and_show() -> None:
    runner = CliRunner()
    listed = runner.invoke(cli, ["variants"])
    assert listed.exit_code == 0
    for vid in br.shipped_ids():
        assert vid in listed.stdout
    shown = runner.invoke(cli, ["variants", "show", "direction"])
    assert shown.exit_code == 0
    assert json.loads(shown.stdout) == br.rules_data(br.load_rules("direction"))
    missing = runner.invoke(cli, ["variants", "show", "nope"])
    assert missing.exit_code == 2


def test_cli_variants_show_names_its_argument_not_an_option(tmp_path: Path) -> None:
    """``variants show`` takes its ruleset as an argument: a refusal names it as given, and no
    ``--rules`` option that was never given (issue: "cannot use --rules nope")."""
    runner = CliRunner()
    missing = runner.invoke(cli, ["variants", "show", "nope"])
    assert missing.exit_code == 2
    assert missing.stderr.startswith("boomerang-rules: cannot show nope:\n  nope: no shipped ruleset")
    assert "--rules" not in missing.stderr
    bad = write(tmp_path / "bad.json", variant({"pass_directions": "left"}))
    invalid = runner.invoke(cli, ["variants", "show", str(bad)])
    assert invalid.exit_code == 1
    assert invalid.stderr.startswith(f"boomerang-rules: cannot show {bad}:\n  {bad}")
    assert "--rules" not in invalid.stderr


def test_cli_validate_variant_files(tmp_path: Path) -> None:
    good = write(tmp_path / "good.json", variant({"pass_directions": ["right"] * 4}))
    bad = write(tmp_path / "too-many.json", variant({"players": {"max": 6}}))
    result = CliRunner().invoke(cli, ["validate", str(good), str(bad)])
    assert result.exit_code == 1
    assert f"{good}: valid variant" in result.stdout
    assert f"{bad}:/changes/players/max:" in result.stdout


def test_validate_refuses_a_ruleset_file_over_the_limit_load_rules_keeps_whatever_max_bytes(tmp_path: Path) -> None:
    """A ruleset or variant file has a fixed limit (4 MiB): ``--max-bytes`` raised it for ``validate``
    alone, which called a variant padded past it "valid" (and, without the option, told to raise it),
    while ``load_rules`` and every ``--rules`` refuse it. ``validate`` now refuses it as they do."""
    text = json.dumps(variant({"rounds": 2, "pass_directions": ["left", "right"]}))
    path = tmp_path / "padded.json"
    path.write_text(text[:-1] + " " * (4 * 1024 * 1024) + "}", encoding="utf-8")
    with pytest.raises(br.RulesError) as refused:
        br.load_rules(str(path))
    expected = f"{path}: file larger than the limit of 4194304 bytes for a ruleset or variant [size-limit]"
    assert [str(p) for p in refused.value.problems] == [expected]
    [report] = validate_file(path, max_bytes=10 * 1024 * 1024)
    assert [str(p) for p in report.problems] == [expected] and report.kind == "variant"
    result = CliRunner().invoke(cli, ["validate", "--max-bytes", str(10 * 1024 * 1024), str(path)])
    assert result.exit_code == 1 and expected in result.stdout
    result = CliRunner().invoke(cli, ["validate", "--json", "--max-bytes", str(10 * 1024 * 1024), str(path)])
    assert json.loads(result.stdout)["problems"] == [  # the whole file: the empty pointer, as JSON Pointer writes it
        {"pointer": "", "message": "file larger than the limit of 4194304 bytes for a ruleset or variant",
         "rule": "size-limit"}]
    small = write(tmp_path / "small.json", variant({"rounds": 2, "pass_directions": ["left", "right"]}))
    assert validate_file(small, max_bytes=10 * 1024 * 1024)[0].problems == ()  # the limit is the file's size alone


def test_score_with_a_variant() -> None:
    result = CliRunner().invoke(cli, ["score", *"EAVWXJB", "--rules", "sites-exclude-throw", "--json"])
    assert result.exit_code == 0


def _variant(changes: dict[str, Any], extends: str = "standard") -> dict[str, Any]:
    return {"format": VARIANT_FORMAT, "version": 1, "id": "v", "name": "V", "extends": extends, "changes": changes}


def test_a_problem_outside_the_changes_is_placed_in_the_resolved_ruleset_with_its_rule() -> None:
    with pytest.raises(br.RulesError) as info:
        rules_from_data(_variant({"rounds": 5}), "v.json")
    assert [str(p) for p in info.value.problems] == [
        "v.json:/pass_directions: 4 pass directions for 5 rounds: give one per round (in the ruleset that "
        "v.json resolves to) [pass-directions]"]
    with pytest.raises(br.RulesError) as info:
        rules_from_data(_variant({"pass_directions": ["left", "up", "left", "left"]}), "v.json")
    assert [str(p) for p in info.value.problems] == [
        "v.json:/changes/pass_directions/1: 'up' is not one of ['left', 'right'] [schema:enum]"]


@pytest.mark.parametrize(("where", "placed"), [
    ("/pass_directions/1", "/changes/pass_directions/1"),
    ("/pass_directions/3", "/changes/pass_directions/3"),
    ("/pass_directions/4", None),  # one past the end of the changed list
    ("/pass_directions/9", None),
    ("/pass_directions/-", None),  # not an index
    ("/pass_directions/x", None),
    ("/end_targets/6", "/changes/end_targets/6"),
    ("/end_targets/2", None),  # a key the changed object does not have, though a digit below its size
    ("/end_targets/0", None),
    ("/end_targets/6/1", None),  # below a number
    ("/rounds", None),
])
def test_a_problem_is_placed_in_the_changes_only_where_they_hold_its_place(where: str, placed: str | None) -> None:
    """Any pointer a check may give, inside the changes or not, is placed without failing."""
    variant = _variant({"pass_directions": ["left", "right", "left", "right"],
                        "end_targets": {"5": 30, "6": 30, "7": 30}})
    problem = Problem(where, "m", "some-rule")
    got = _in_variant(problem, variant, "v.json")
    if placed is None:
        assert got == Problem(where, "m (in the ruleset that v.json resolves to)", "some-rule", "v.json")
    else:
        assert got == Problem(placed, "m", "some-rule", "v.json")
    assert _in_variant(problem, None, "v.json") == Problem(where, "m", "some-rule", "v.json")
    assert _in_variant(problem, {"format": "boomerang-rules/ruleset"}, None) == problem


def test_a_variant_given_without_a_folder_extends_a_relative_path_from_the_working_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(br.RulesError) as info:
        rules_from_data(_variant({}, extends="no-such-base.json"))
    assert [str(p) for p in info.value.problems] == [
        f"/extends: 'no-such-base.json' is neither a shipped ruleset ({', '.join(shipped_ids())}), a game "
        "(boomerang-2010, boomerang-australia, sea-salt-paper) nor a file "
        "[extends]"]
    base = br.rules_data(br.load_rules("standard"))
    (tmp_path / "base.json").write_text(json.dumps({**base, "id": "my-base"}), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    rules = rules_from_data(_variant({"rounds": 3, "pass_directions": ["left", "right", "left"]},
                                     extends="base.json"))
    assert (rules.id, rules.rounds) == ("v", 3)


SEEDS = st.integers(0, 2**64 - 1)


SHIPPED = bst.rulesets(generated=False)


def write_variant(path: Path, extends: str) -> Path:
    path.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": path.stem,
                                "name": path.stem, "extends": extends, "changes": {}}), encoding="utf-8")
    return path


@settings(max_examples=15, deadline=None)
@given(SHIPPED, st.integers(2, 4), SEEDS)
def test_site_points_and_region_bonus_scale_their_rows(rules: br.Ruleset, n: int, seed: int) -> None:
    data = br.rules_data(rules)
    data["scoring"]["site_points"] = 2
    data["scoring"]["region_bonus"] = rules.scoring.region_bonus + 2
    data["id"] = rules.id + "-scaled"  # a shipped id must name the shipped rules
    changed = rules_from_data(data)
    plain = br.score_sheets(random_game(rules, n, seed))
    state = random_game(changed, n, seed)
    record = br.record_of(state)
    for seat, (before, after) in enumerate(zip(plain, br.score_sheets(state))):
        start = 0 if rules.sites_include_throw else 1
        visited = {c for rnd in record["rounds"] for c in rnd["picks"][seat][start:]}
        assert after.sites == 2 * len(visited) == 2 * before.sites
        assert after.regions * rules.scoring.region_bonus == before.regions * (rules.scoring.region_bonus + 2)
        assert after.total - before.total == after.sites - before.sites + after.regions - before.regions
        assert [after[row] for row in br.ROWS[:4]] == [before[row] for row in br.ROWS[:4]]


@pytest.mark.parametrize("extends", ["base.json", "./base.json", "sub/../base.json", "standard.json"])
def test_an_inline_variant_cannot_extend_a_relative_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         extends: str) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("base.json", "standard.json"):
        (tmp_path / name).write_text(json.dumps(br.rules_data(br.load_rules())), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    record = br.record_of(random_game(br.load_rules(), 2, 5))
    record["rules"] = {"format": "boomerang-rules/variant", "version": 1, "id": "x", "name": "X",
                       "extends": extends, "changes": {}}
    shipped = ", ".join(br.shipped_ids())
    assert record_problems(record) == [f"/rules/extends: {extends!r} is not a shipped ruleset; a variant given inline "
                                f"may extend only {shipped} or a game (boomerang-2010, boomerang-australia, "
                                "sea-salt-paper) [extends]"]


@pytest.mark.parametrize("length", [1, 2, 3])
def test_an_extends_cycle_is_reported_as_the_cycle(tmp_path: Path, length: int) -> None:
    files = [tmp_path / f"v{i}.json" for i in range(length)]
    for i, path in enumerate(files):
        write_variant(path, files[(i + 1) % length].name)
    with pytest.raises(br.RulesError) as info:
        br.load_rules(files[0])
    chain = " -> ".join(str(p.resolve()) for p in [*files, files[0]])
    assert [str(p) for p in info.value.problems] == [
        f"{files[-1]}:/extends: variants extend each other in a cycle: {chain} [extends-cycle]"]


def test_an_extends_cycle_below_the_first_file(tmp_path: Path) -> None:
    top = write_variant(tmp_path / "top.json", "a.json")
    a = write_variant(tmp_path / "a.json", "b.json")
    b = write_variant(tmp_path / "b.json", "a.json")
    with pytest.raises(br.RulesError) as info:
        br.load_rules(top)
    chain = " -> ".join(str(p.resolve()) for p in (top, a, b, a))
    assert [str(p) for p in info.value.problems] == [
        f"{b}:/extends: variants extend each other in a cycle: {chain} [extends-cycle]"]


def test_a_long_chain_of_variants_loads_up_to_the_depth_limit(tmp_path: Path) -> None:
    files = [tmp_path / f"v{i}.json" for i in range(MAX_EXTENDS_DEPTH + 1)]
    for path, parent in itertools.pairwise(files):
        write_variant(path, parent.name)
    write_variant(files[-1], "standard")
    loaded = br.rules_data(br.load_rules(files[1]))  # as many variants as the limit allows
    assert {k: v for k, v in loaded.items() if k not in ("id", "name", "description")} == {
        k: v for k, v in br.rules_data(br.load_rules()).items() if k not in ("id", "name", "description")}
    with pytest.raises(br.RulesError) as info:
        br.load_rules(files[0])
    assert [str(p) for p in info.value.problems] == [
        f"{files[-1]}:/extends: more than {MAX_EXTENDS_DEPTH} variants extend each other: "
        f"{files[0].resolve()} -> … -> standard [extends-depth]"]


def test_validate_counts_a_chain_of_variants_as_load_rules_does(tmp_path: Path) -> None:
    """``validate`` (which reads the document, not its path) and a variant given as data count the
    document itself in the chain, as ``load_rules`` does: one past the limit is refused by all."""
    files = [tmp_path / f"v{i}.json" for i in range(MAX_EXTENDS_DEPTH + 1)]
    for path, parent in itertools.pairwise(files):
        write_variant(path, parent.name)
    write_variant(files[-1], "standard")
    for path, loads in ((files[0], False), (files[1], True)):
        assert [r.valid for r in validate_file(path)] == [loads]
        data = json.loads(path.read_text(encoding="utf-8"))
        if loads:
            br.load_rules(path)
            rules_from_data(data, path.name, tmp_path)
            continue
        with pytest.raises(br.RulesError, match="extends-depth"):
            br.load_rules(path)
        with pytest.raises(br.RulesError, match="extends-depth"):
            rules_from_data(data, path.name, tmp_path)
        [report] = validate_file(path)
        assert [p.rule for p in report.problems] == ["extends-depth"]


def test_a_problem_is_placed_in_the_variant_that_caused_it(tmp_path: Path) -> None:
    def load(changes: dict[str, Any]) -> list[tuple[str, str]]:
        path = tmp_path / "v.json"
        path.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "v", "name": "V",
                                    "extends": "standard", "changes": changes}), encoding="utf-8")
        with pytest.raises(br.RulesError) as info:
            br.load_rules(path)
        assert {p.file for p in info.value.problems} == {str(path)}
        return [(p.pointer, p.message) for p in info.value.problems]

    assert load({"rounds": 5}) == [
        ("/pass_directions", "4 pass directions for 5 rounds: give one per round "
         f"(in the ruleset that {tmp_path}/v.json resolves to)")]
    [(where, _)] = load({"pass_directions": ["left", "up", "left", "left"]})
    assert where == "/changes/pass_directions/1"
    assert [where for where, _ in load({"scoring": {"collections": {"values": {"a/b~c": -1}}}})] == [
        "/changes/scoring/collections/values/a~1b~0c", "/changes/scoring/collections/values/a~1b~0c"]


RULES_DOCS = {"boomerang-australia": "rules.md", "sea-salt-paper": "sea-salt-paper.md",
              "boomerang-2010": "boomerang-2010.md"}
"""Each game's rules document: the rules as implemented and its ruleset file's fields (issue 4)."""
DOCS = Path(__file__).resolve().parents[1] / "docs"


def _field_names(node: Any, out: set[str]) -> set[str]:
    """Every property name a schema node declares, below it too (a card's own fields left out:
    a deck's table describes them in words)."""
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            out.add(name)
            if name != "cards":
                _field_names(sub, out)
        for key in ("items", "additionalProperties"):
            _field_names(node.get(key), out)
        for sub in node.get("$defs", {}).values():
            _field_names(sub, out)
    return out


@pytest.mark.parametrize("game", sorted(RULES_DOCS))
def test_each_games_rules_document_names_every_field_of_its_ruleset(game: str) -> None:
    """Issue 4's rules document gives every parameter of the ruleset with its meaning, for every
    game: Sea Salt & Paper's page named neither `min_points`, `win_with`, `end_targets` nor
    `empty_deck_during_last_chance`."""
    from boomerang_rules.core.games import GAMES, rules_module

    assert set(RULES_DOCS) == set(GAMES)
    schema = json.loads((Path(__file__).resolve().parents[1] / "schemas"
                         / f"{rules_module(game).SCHEMA}.schema.json").read_text(encoding="utf-8"))
    ticked = " ".join(re.findall(r"`([^`]*)`", (DOCS / RULES_DOCS[game]).read_text(encoding="utf-8")))
    missing = [name for name in sorted(_field_names(schema, set()) - {"$schema"})
               if not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", ticked)]
    assert missing == []


def test_every_shipped_variant_is_named_in_its_games_rules_document_and_the_referees_page() -> None:
    """``boomerang-rules variants`` lists them all; the referee's page listed only Boomerang:
    Australia's three, and each game's rules document must say what its own do."""
    referee = (DOCS / "referee.md").read_text(encoding="utf-8")
    for info in br.list_rules():
        if info.extends is not None:
            assert f"`{info.id}`" in referee, info.id
            assert f"`{info.id}`" in (DOCS / RULES_DOCS[info.game]).read_text(encoding="utf-8"), info.id


def _chain(tmp_path: Path, length: int, last_extends: str) -> list[Path]:
    """``length`` variant files, each extending the next; the last extends ``last_extends``."""
    files = [tmp_path / f"v{i}.json" for i in range(length)]
    for path, parent in itertools.pairwise(files):
        write_variant(path, parent.name)
    write_variant(files[-1], last_extends)
    return files


@pytest.mark.parametrize("case", ["chain", "cycle", "missing", "not-json", "ruleset-with-extends", "too-deep"])
def test_files_read_names_the_files_load_rules_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      case: str) -> None:
    """``files_read`` (what a command guards from being written over) names exactly the files
    ``load_rules`` opens, in order, whether the chain loads or is refused: a cycle read once, a
    missing or broken parent where the reading stops, a ruleset's stray ``extends`` never followed,
    and a chain past the depth limit no further than the file that is refused."""
    from boomerang_rules.core import loading

    if case == "chain":
        files = _chain(tmp_path, 3, str(tmp_path / "base.json"))
        (tmp_path / "base.json").write_text(json.dumps(br.rules_data(br.load_rules())), encoding="utf-8")
    elif case == "cycle":
        files = _chain(tmp_path, 3, "v1.json")
    elif case == "missing":
        files = _chain(tmp_path, 2, "gone.json")
    elif case == "not-json":
        files = _chain(tmp_path, 2, "broken.json")
        (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    elif case == "ruleset-with-extends":
        files = _chain(tmp_path, 1, "base.json")
        (tmp_path / "base.json").write_text(json.dumps({**br.rules_data(br.load_rules()), "extends": "stray.json"}),
                                            encoding="utf-8")
        write_variant(tmp_path / "stray.json", "standard")
    else:
        files = _chain(tmp_path, MAX_EXTENDS_DEPTH + 3, "standard")
    named = list(loading.files_read(files[0]))  # before _read records: files_read reads them too
    opened: list[Path] = []
    real_read = loading._read

    def recording_read(path: Path, label: str) -> dict[str, Any]:
        opened.append(path.resolve())
        return real_read(path, label)

    monkeypatch.setattr(loading, "_read", recording_read)
    with contextlib.suppress(br.RulesError):
        br.load_rules(files[0])
    assert opened and named == opened


def _as_floats(value: Any) -> Any:
    """``value`` with every int written as a float (``2`` as ``2.0``), as some JSON writers do."""
    if isinstance(value, bool) or not isinstance(value, int | dict | list):
        return value
    if isinstance(value, int):
        return float(value)
    if isinstance(value, dict):
        return {k: _as_floats(v) for k, v in value.items()}
    return [_as_floats(v) for v in value]


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "sea-salt-paper-extra-salt", "boomerang-2010"])
def test_whole_numbers_written_as_floats_load_in_every_game(tmp_path: Path, rules_id: str) -> None:
    """JSON Schema counts 2.0 as the integer 2: a ruleset, a variant's changes and a record's
    inline variant that write their numbers so load as the same rules in every game (Sea Salt &
    Paper's checks raised TypeError from ``range(2.0, ...)``), and the data given is not changed."""
    shipped = br.load_rules(rules_id)
    data = _as_floats(br.rules_data(shipped))
    data["id"] = "floats"
    kept = json.dumps(data)
    assert br.rules_data(rules_from_data(data)) == {**br.rules_data(shipped), "id": "floats"}
    assert json.dumps(data) == kept
    changes = {"players": _as_floats(br.rules_data(shipped)["players"])}
    path = write(tmp_path / "v.json", variant(changes, extends=rules_id, vid="floats"))
    loaded = br.load_rules(path).players
    assert loaded == shipped.players and type(loaded.min) is type(loaded.max) is int
    ruleset = write(tmp_path / "r.json", data)
    result = CliRunner().invoke(cli, ["validate", str(ruleset), str(path)])
    assert result.exit_code == 0, result.output
    assert "2 valid, 0 invalid" in result.output


@pytest.mark.parametrize("game", ["boomerang-australia", "sea-salt-paper", "boomerang-2010"])
def test_a_change_the_variants_own_id_name_or_description_replaces_is_refused(tmp_path: Path, game: str) -> None:
    """A variant's own ``id`` and ``name`` (both required) and ``description`` are written over the
    resolved ruleset's, so ``changes`` naming one of them to another value changed nothing, silently:
    the file read as a ruleset called "Other", which loaded as "Test". Refused at its place in every
    game, by ``load_rules`` and ``validate`` alike; a change of the description where the variant has
    none of its own still serves (it is the ruleset's)."""
    changes = {"id": "other", "name": "Other", "description": None}
    data = {**variant(changes, extends=game), "description": "Ours"}
    path = write(tmp_path / "v.json", data)
    want = [("/changes/description", "changes-overridden"), ("/changes/id", "changes-overridden"),
            ("/changes/name", "changes-overridden")]
    with pytest.raises(br.RulesError) as refused:
        br.load_rules(path)
    assert sorted((p.pointer, p.rule) for p in refused.value.problems) == want
    assert all(p.file == str(path) for p in refused.value.problems)
    said = {p.pointer: p.message for p in refused.value.problems}
    assert said["/changes/name"] == ("'Other' is replaced by the variant's own name ('Test'), so it changes "
                                     "nothing: give the name once, at /name")
    assert said["/changes/description"].startswith("null is replaced by the variant's own description ('Ours')")
    assert sorted((p.pointer, p.rule) for p in validate_file(path)[0].problems) == want
    same = write(tmp_path / "same.json", {**data, "changes": {"id": "test", "description": "Ours"}})
    assert br.load_rules(same).description == "Ours"
    del data["description"]
    own = write(tmp_path / "own.json", {**data, "changes": {"description": "Theirs"}})
    assert br.load_rules(own).description == "Theirs"


DOCS = Path(__file__).resolve().parents[1] / "docs"


def _changed(base: dict[str, Any], data: dict[str, Any], prefix: str = "") -> set[str]:
    """The dotted fields in which a resolved ruleset differs from its base (names aside)."""
    fields = set()
    for key in set(base) | set(data):
        if key in ("id", "name", "description"):
            continue
        if isinstance(base.get(key), dict) and isinstance(data.get(key), dict):
            fields |= _changed(base[key], data[key], f"{prefix}{key}.")
        elif base.get(key) != data.get(key):
            fields.add(prefix + key)
    return fields


def test_each_rules_page_s_other_readings_are_shipped_variants_that_change_what_the_page_says() -> None:
    """Where a game's rules page offers the other reading of a decision as a variant, the variant is
    shipped and changes the field the page names: rules.md's table ("variant with the other reading")
    and sea-salt-paper.md's ruleset table ("shipped variant"); every ``sea-salt-paper-*`` id the page
    names is shipped."""
    rules_md = (DOCS / "rules.md").read_text(encoding="utf-8")
    table = rules_md.split("## Decisions where the texts disagree or are silent", 1)[1].split("\n\n")[1]
    offered = re.findall(r"\| `([\w-]+)` \(`(\w+)`\) \|$", table, re.M)
    assert {vid for vid, _ in offered} == {"direction", "reshuffle", "sites-exclude-throw"}
    base = br.rules_data(br.load_rules("standard"))
    for vid, field in offered:
        assert _changed(base, br.rules_data(br.load_rules(vid))) == {field}, vid
    ssp_md = (DOCS / "sea-salt-paper.md").read_text(encoding="utf-8")
    base = br.rules_data(br.load_rules("sea-salt-paper"))
    rows = re.findall(r"^\| `([\w.]+)`(?:, `[\w.]+`)* \|.*\| ([^|]*) \|$",
                      ssp_md.split("## The ruleset file", 1)[1].split("\n\n")[2], re.M)
    named = [(field, suffix) for field, cell in rows for suffix in re.findall(r"`-([\w-]+)`", cell)]
    assert len(named) >= 9
    for field, suffix in named:
        changed = _changed(base, br.rules_data(br.load_rules(f"sea-salt-paper-{suffix}")))
        assert any(c == field or c.startswith(field + ".") for c in changed), (suffix, field, changed)
    for vid in set(re.findall(r"`(sea-salt-paper-[\w-]+)`", ssp_md)):
        assert vid in shipped_ids(), vid


def test_boomerang_2010_s_page_variant_is_one_validate_takes_and_scores_as_it_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Boomerang (2010) ships no variant; its page shows the variant file a player wanting ties shared
    would write, and the score line it gives: the file validates and the line ends as the page says."""
    import shlex

    text = (DOCS / "boomerang-2010.md").read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)```\n\n\(`(boomerang-rules score [^`]*)`\s+then ends \"([^\"]*)\"", text, re.S)
    assert block, "boomerang-2010.md shows no variant file"
    data = json.loads(block.group(1))
    monkeypatch.chdir(tmp_path)
    write(tmp_path / f"{data['id']}.json", data)
    [report] = validate_file(tmp_path / f"{data['id']}.json")
    assert report.valid and report.kind == "variant", report
    done = CliRunner().invoke(cli, shlex.split(" ".join(block.group(2).split()))[1:])
    assert done.exit_code == 0, done.output
    assert " ".join(done.output.split()).endswith(block.group(3) + "."), done.output
