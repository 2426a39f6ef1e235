"""Game records: round trips, validation of every rule by replay, hostile input, the CLI."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import strategies as bst
from boomerang_rules.australia.playouts import random_game
from boomerang_rules.cli import cli
from boomerang_rules.core.jsonio import parse_json
from boomerang_rules.core.validation import validate_data

from .helpers import play, random_with, record_problems

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("game-*.json"))  # Boomerang: Australia's own
RULES = br.load_rules()


def example(players: int) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "examples" / f"game-{players}p.json").read_text(encoding="utf-8"))
    return data


def pointers(record: Any) -> list[tuple[str, str]]:
    return [(p.pointer, p.rule) for p in br.validate_record(record)]


# --- round trips ---------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(bst.games(finished=None))
def test_state_record_state(state: br.GameState) -> None:
    complete_steps = state.waiting == (1 << state.players) - 1 or br.is_over(state)
    again = br.state_of(br.record_of(state))
    if complete_steps:
        assert again == state
    else:  # a step under way is left out of the record
        assert again.progress.rounds == state.progress.rounds and again.drafted == state.drafted


@settings(max_examples=40, deadline=None)
@given(bst.records())
def test_record_state_record(record: dict[str, Any]) -> None:
    again = br.record_of(br.state_of(record))
    if "result" not in record:
        again.pop("result", None)
    assert again == record


@settings(max_examples=30, deadline=None)
@given(bst.records())
def test_every_generated_record_validates(record: dict[str, Any]) -> None:
    assert br.validate_record(record) == []


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_are_valid_and_finished(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    assert br.validate_record(record) == []
    assert br.is_over(br.state_of(record))
    assert len(EXAMPLES) == 3


def test_state_of_invalid_record_raises_with_problems() -> None:
    record = example(3)
    record["rounds"][0]["picks"][0][1] = record["rounds"][0]["picks"][0][0]
    with pytest.raises(br.InvalidInput) as info:
        br.state_of(record)
    assert info.value.problems[0].pointer == "/rounds/0/picks/0/1"


# --- each rule, broken once ------------------------------------------------------------------

@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bst.invalid_records())
def test_one_broken_rule_is_reported_at_its_place(case: tuple[dict[str, Any], str, str]) -> None:
    record, pointer, rule = case
    assert (pointer, rule) in pointers(record)


def test_pick_not_in_hand_message() -> None:
    record = example(3)
    state = br.new_game(RULES, 3, deals=[r["hands"] for r in record["rounds"]])
    for step in range(3):
        for seat in range(3):
            state = br.apply(state, seat, record["rounds"][0]["picks"][seat][step])
    held = br.legal_actions(state, 2)
    wrong = next(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ@#" if c not in held)
    record["rounds"][0]["picks"][2][3] = wrong
    [problem] = br.validate_record(record, "game.json")
    assert str(problem) == (f'game.json:/rounds/0/picks/2/3: card "{wrong}" is not in the hand seat 2 holds at '
                            f"pick 4 (it holds {', '.join(held)}) [pick-in-hand]")


def test_every_problem_is_reported_not_just_the_first() -> None:
    record = example(4)
    record["rounds"][0]["picks"][0][2], record["rounds"][0]["picks"][1][2] = "??", "??"
    record["rules_digest"] = "0" * 64
    found = pointers(record)
    assert ("/rules_digest", "rules-digest") in found
    assert ("/rounds/0/picks/0/2", "pick-in-hand") in found
    assert ("/rounds/0/picks/1/2", "pick-in-hand") in found


def test_catch_must_be_the_card_passed_on() -> None:
    record = example(2)
    picks = record["rounds"][1]["picks"][0]
    other = record["rounds"][1]["picks"][1]
    picks[6], other[6] = other[6], picks[6]
    found = pointers(record)
    assert found[0] == ("/rounds/1/picks/0/6", "catch")


def test_missing_catch() -> None:
    record = example(2)
    record["rounds"] = record["rounds"][:1]
    del record["result"]
    del record["rounds"][0]["activities"]
    for picks in record["rounds"][0]["picks"]:
        picks.pop()
    assert {rule for _, rule in pointers(record)} == {"catch"}


def test_activity_reused_message() -> None:
    record = example(3)
    first = record["rounds"][0]["activities"][1]
    assert first is not None
    record["rounds"][2]["activities"][1] = first
    [problem] = br.validate_record(record)
    assert problem.pointer == "/rounds/2/activities/1"
    assert f"already scored {first} in round 1" in problem.message


def test_unknown_activity() -> None:
    record = example(2)
    record["rounds"][0]["activities"][0] = "surfing"
    assert pointers(record) == [("/rounds/0/activities/0", "activity-known")]


def test_leftover_cards_must_be_dealt_first() -> None:
    record = example(3)
    r1 = {c for h in record["rounds"][0]["hands"] for c in h}
    r2 = {c for h in record["rounds"][1]["hands"] for c in h}
    leftover = sorted(set("ABCDEFGHIJKLMNOPQRSTUVWXYZ@#") - r1)
    unused = sorted(set("ABCDEFGHIJKLMNOPQRSTUVWXYZ@#") - r2)
    for hand in record["rounds"][1]["hands"]:
        if leftover[0] in hand:
            hand[hand.index(leftover[0])] = unused[0]
    [problem] = br.validate_record(record)
    assert (problem.pointer, problem.rule) == ("/rounds/1/hands", "leftover-dealt-first")
    assert leftover[0] in problem.message


def test_reshuffle_variant_allows_leftovers_to_stay_out() -> None:
    state = random_game(br.load_rules("reshuffle"), 2, 3)
    record = br.record_of(state)
    assert record["rules"] == "reshuffle"
    assert br.validate_record(record) == []


def test_card_dealt_twice_and_hand_size() -> None:
    record = example(2)
    hands = record["rounds"][0]["hands"]
    hands[1][3] = hands[0][5]
    hands[0].append("Q" if "Q" not in hands[0] else "R")
    found = pointers(record)
    assert ("/rounds/0/hands/1/3", "card-unique") in found
    assert ("/rounds/0/hands/0", "hand-size") in found


def test_claimed_result_checked_row_by_row() -> None:
    record = example(4)
    record["result"]["sheets"][2]["animals"][3] += 1
    record["result"]["sheets"][0]["total"] += 2
    record["result"]["winners"] = [3] if record["result"]["winners"] != [3] else [0]
    found = pointers(record)
    assert ("/result/sheets/2/animals/3", "result-sheet") in found
    assert ("/result/sheets/0/total", "result-sheet") in found
    assert ("/result/winners", "result-winners") in found
    assert len(found) == 3


def test_unfinished_game_has_no_result() -> None:
    record = example(2)
    record["rounds"] = record["rounds"][:2]
    assert pointers(record) == [("/result", "result-unfinished")]


@pytest.mark.parametrize("steps", [0, 1, 2, 5, 7])
def test_unfinished_records_are_valid(steps: int) -> None:
    record = example(3)
    del record["result"]
    record["rounds"] = record["rounds"][:2]
    last = record["rounds"][1]
    del last["activities"]
    last["picks"] = [p[:steps] for p in last["picks"]]
    assert pointers(record) == []
    state = br.state_of(record)
    assert br.view(state, 0).phase == ("activity" if steps == 7 else "throw" if steps == 0 else "pick")


def test_rounds_of_different_lengths_and_following_rounds() -> None:
    record = example(2)
    del record["result"]
    record["rounds"][1]["picks"][0].pop()
    assert pointers(record)[0] == ("/rounds/1/picks/0", "round-complete")
    record = example(2)
    del record["rounds"][1]["activities"]
    assert ("/rounds/1", "activities-missing") in pointers(record)


def test_wrong_player_count_and_unknown_rules() -> None:
    record = example(2)
    record["players"] = ["solo"]
    assert pointers(record) == [("/players", "players-count")]
    record = example(2)
    record["rules"] = "chess"
    assert pointers(record) == [("/rules", "rules-known")]


def test_rules_digest_mismatch() -> None:
    record = example(2)
    record["rules_digest"] = "f" * 64
    assert pointers(record) == [("/rules_digest", "rules-digest")]


def test_inline_variant(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "mine", "name": "Mine",
                                "extends": "direction", "changes": {"scoring": {"region_bonus": 5}}}),
                    encoding="utf-8")
    state = random_game(br.load_rules(path), 3, 2)
    record = br.record_of(state)
    assert isinstance(record["rules"], dict) and record["rules"]["scoring"]["region_bonus"] == 5
    assert br.validate_record(record) == []
    inline = copy.deepcopy(record)
    inline["rules"] = json.loads(path.read_text(encoding="utf-8"))
    assert br.validate_record(inline) == []
    inline["rules"]["changes"]["players"] = {"max": 9}
    assert [p.pointer for p in br.validate_record(inline)] == ["/rules/changes/players/max"]


def test_inline_variant_cannot_name_a_file(tmp_path: Path) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text("{}", encoding="utf-8")
    record = example(2)
    record["rules"] = {"format": "boomerang-rules/variant", "version": 1, "id": "x", "name": "X",
                       "extends": str(secret), "changes": {}}
    assert [(p.pointer, p.rule) for p in br.validate_record(record)] == [("/rules/extends", "extends")]


# --- hostile input -------------------------------------------------------------------------

@given(st.binary(max_size=300))
def test_fuzzed_bytes_never_raise(data: bytes) -> None:
    value, problem = parse_json(data)
    if problem is not None:
        assert problem.rule == "json-syntax"
    else:  # random bytes that happen to be JSON are never a valid document
        assert not validate_data(value, "fuzz").valid


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
                    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=4)))
def test_any_json_value_never_raises(value: Any) -> None:
    assert not validate_data(value, "x").valid
    record_like = validate_data({"format": "boomerang-rules/game-record", "rounds": value, "players": value}, "x")
    assert not record_like.valid and all(p.pointer == "" or p.pointer.startswith("/") for p in record_like.problems)


@settings(max_examples=60, deadline=None)
@given(bst.records(), st.data())
def test_wrong_types_anywhere_never_raise(record: dict[str, Any], data: st.DataObject) -> None:
    paths: list[list[Any]] = []

    def walk(node: Any, path: list[Any]) -> None:
        paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, [*path, k])
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, [*path, i])

    walk(record, [])
    path = data.draw(st.sampled_from(paths[1:]))
    node = record
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = data.draw(st.sampled_from([None, True, 3.5, -1, "x", [], {}, [[["A"]]], 10**30]))
    problems = br.validate_record(record)
    assert all(p.pointer.startswith("/") for p in problems)


@pytest.mark.parametrize("text", ["", " ", "[" * 100_000, "1e999999", "-1e999999", "9" * 5000, "NaN",
                                  '{"a": Infinity}', "\xff\xfe", '{"format": "boomerang-rules/game-record"}'])
def test_hostile_files(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "bad.json" in result.stdout


def test_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps(example(4)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "--max-bytes", "100", str(path)])
    assert result.exit_code == 1 and "limit of 100 bytes" in result.stdout
    assert CliRunner().invoke(cli, ["validate", str(path)]).exit_code == 0


# --- the CLI -------------------------------------------------------------------------------

def test_validate_examples_and_exit_codes(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(cli, ["validate", *map(str, EXAMPLES)])
    assert ok.exit_code == 0 and ok.stdout.count("valid game-record") == 3
    bad = tmp_path / "game.json"
    record = example(2)
    record["result"]["sheets"][0]["sites"] += 1
    text = json.dumps(record)
    bad.write_text(text, encoding="utf-8")
    result = runner.invoke(cli, ["validate", str(EXAMPLES[0]), str(bad)])
    assert result.exit_code == 1
    assert f"{bad}:/result/sheets/0/sites: claimed" in result.stdout
    assert bad.read_text(encoding="utf-8") == text
    assert runner.invoke(cli, ["validate", str(EXAMPLES[0]), str(tmp_path / "nope.json")]).exit_code == 2


def test_validate_json_reports() -> None:
    result = CliRunner().invoke(cli, ["validate", "--json", *map(str, EXAMPLES)])
    reports = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["valid"] for r in reports] == [True] * 3 and reports[0]["kind"] == "game-record"


def test_simulate_is_byte_for_byte_repeatable_and_valid(tmp_path: Path) -> None:
    runner = CliRunner()
    one = runner.invoke(cli, ["simulate", "--players", "3", "--seed", "7"])
    assert one.exit_code == 0
    assert one.stdout == runner.invoke(cli, ["simulate", "--players", "3", "--seed", "7"]).stdout
    record = json.loads(one.stdout)
    assert br.validate_record(record) == [] and len(record["players"]) == 3 and record["seed"] == 7
    out = tmp_path / "games.jsonl"
    many = runner.invoke(cli, ["simulate", "-p", "2", "-s", "5", "--games", "4", "--out", str(out),
                               "--rules", "direction"])
    assert many.exit_code == 0 and many.stdout == ""
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    assert [json.loads(x)["seed"] for x in lines] == [5, 6, 7, 8]
    assert all(br.validate_record(json.loads(x)) == [] for x in lines)
    checked = runner.invoke(cli, ["validate", str(out)])
    assert checked.exit_code == 0 and checked.stdout.count("valid game-record") == 4


def _simulated_digest(rules_id: str) -> str:
    """The SHA-256 of ``simulate``'s texts for a shipped ruleset: random, greedy and mixed seats at its
    fewest and most players, three games as JSON Lines and one as an indented document each."""
    from boomerang_rules.core.simulation import record_texts

    rules = br.load_rules(rules_id)
    texts: list[str] = []
    for n in sorted({rules.players.min, rules.players.max}):
        for names in (["random"] * n, ["greedy"] * n, (["greedy", "random"] * 3)[:n]):
            seats = [f"{name} {seat}" for seat, name in enumerate(names)]
            texts += record_texts(rules, names, seats, range(3), True) + record_texts(rules, names, seats, [7], False)
    return hashlib.sha256("".join(texts).encode()).hexdigest()


SIMULATED = {  # computed from main at 39b2907, before simulate and validate were made faster (issue 27)
    "boomerang-2010": "a391b7289456ce39db5040c64824db403a5f583565439f1e8cfd8865eda47198",
    "direction": "a21b4abaf48331790e28218b886974bf2c9658c8e1953ec6daeb83edcab599e2",
    "reshuffle": "79ebfc390d9e3f012846d0c7c770fd440d5a39969a811595b2a77d80bd13c26e",
    "sea-salt-paper": "4d3bd633eca77071b3e45d8d0b7d8e103e1f7fc30fa58f0355cb3cc11de5c7dd",
    "sea-salt-paper-boat-from-discards": "48fc9f501635192f4a84e386dfc0c22b3dd47372ac3abf8da2a87e45c3f3b694",
    "sea-salt-paper-extra-salt": "4ab6396f198dd66bb337c7f4e105871b82b9d66e055993748ed6e7b75a47ca68",
    "sea-salt-paper-last-chance-deck": "fed0ddf02fca150731b692aaa215ba19f0dff7939879f67e8c7f88e0cc9f440a",
    "sea-salt-paper-mermaids-without-white": "c7e0e708a08ae9cadd98ab1e227dff7b7fe5a67c57df6ac6242caef469f97ad6",
    "sea-salt-paper-tie-ender": "de827b4e430ab77f9756b1e8eef52f4c0168f94883d6b75a6bb96ce8981fcecf",
    "sea-salt-paper-tie-went-last": "532041c55d0e948e4ce933b9bc2ec9a78aafa46b85cda4ac85f5b09f7c4109df",
    "sites-exclude-throw": "374d61fb2e8a26788ab3134c616ef40ab9afca22bf2f18469274f2ed5395c6da",
    "standard": "fe14274d3fe44c570634c627e67b3457cbc2dafdbb8c31e317b82279da895e00",
}


@pytest.mark.parametrize("rules_id", sorted(SIMULATED))
def test_simulate_writes_the_same_bytes_as_before_it_was_made_faster(rules_id: str) -> None:
    """Lazy views, bots that read none, the faster JSON writing: the records stay byte for byte those of
    the plain loop that made every view in full (issue 27)."""
    assert _simulated_digest(rules_id) == SIMULATED[rules_id]


def test_simulate_usage_errors() -> None:
    assert CliRunner().invoke(cli, ["simulate", "--players", "9"]).exit_code == 2
    assert CliRunner().invoke(cli, ["simulate", "--games", "0"]).exit_code == 2


def test_replay_tells_the_game() -> None:
    result = CliRunner().invoke(cli, ["replay", str(ROOT / "examples" / "game-3p.json")])
    assert result.exit_code == 0
    text = result.stdout
    assert "Round 1 (passing left)" in text and "Round 4" in text
    assert "Throws revealed" in text and "Final score sheets" in text
    assert ("Winner: " in text) or ("Winners (shared): " in text)


def test_replay_as_one_seat_hides_other_throws() -> None:
    record = example(3)
    result = CliRunner().invoke(cli, ["replay", str(ROOT / "examples" / "game-3p.json"), "--seat", "1"])
    assert result.exit_code == 0
    throw_lines = [x for x in result.stdout.splitlines() if x.strip().startswith("Throw:")]
    assert len(throw_lines) == 4
    assert "Ana throws a card face down" in throw_lines[0]
    assert f"Ben throws {record['rounds'][0]['picks'][1][0]}" in throw_lines[0]
    hands = record["rounds"][0]["hands"]
    assert " ".join(sorted(hands[0])) not in result.stdout


def test_replay_refuses_invalid_records(tmp_path: Path) -> None:
    record = example(2)
    record["rounds"][0]["picks"][0][0] = "??"
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 1 and "/rounds/0/picks/0/0" in result.stderr


def test_problems_after_a_broken_step_are_still_reported_where_no_guess_is_needed() -> None:
    record = example(3)
    record["rounds"][0]["picks"][1][2] = "??"
    first = next(a for a in record["rounds"][0]["activities"] if a is not None)
    seat = record["rounds"][0]["activities"].index(first)
    record["rounds"][3]["activities"][seat] = first
    record["rounds"][2]["activities"][0] = "surfing"
    found = pointers(record)
    assert found[0] == ("/rounds/0/picks/1/2", "pick-in-hand")
    assert ("/rounds/2/activities/0", "activity-known") in found
    assert (f"/rounds/3/activities/{seat}", "activity-once") in found


def test_a_card_not_dealt_that_round() -> None:
    record = example(2)
    dealt = {c for hand in record["rounds"][1]["hands"] for c in hand}
    missing = next(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ@#" if c not in dealt)
    record["rounds"][1]["picks"][0][4] = missing
    [problem] = br.validate_record(record)
    assert (problem.pointer, problem.rule) == ("/rounds/1/picks/0/4", "pick-in-hand")
    assert f"\"{missing}\"" in problem.message


def test_every_round_deal_is_checked() -> None:
    record = example(4)
    record["rounds"][0]["hands"][1][0] = "??"
    record["rounds"][2]["hands"][3].pop()
    found = pointers(record)
    assert ("/rounds/0/hands/1/0", "card-known") in found
    assert ("/rounds/2/hands/3", "hand-size") in found


def test_an_empty_activities_list_means_none_chosen_yet() -> None:
    record = example(2)
    del record["result"]
    record["rounds"] = record["rounds"][:2]
    record["rounds"][1]["activities"] = []
    assert pointers(record) == []
    assert br.view(br.state_of(record), 0).phase == "activity"


def test_a_dealt_round_may_list_no_picks() -> None:
    record = example(3)
    del record["result"]
    record["rounds"] = record["rounds"][:2]
    record["rounds"][1]["picks"] = []
    del record["rounds"][1]["activities"]
    assert pointers(record) == []
    assert br.view(br.state_of(record), 0).phase == "throw"


SEEDS = st.integers(0, 2**64 - 1)


SHIPPED = bst.rulesets(generated=False)


def _example(players: int) -> dict[str, Any]:
    from pathlib import Path

    path = Path(__file__).parent.parent / "examples" / f"game-{players}p.json"
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    del record["result"]
    return record


@settings(max_examples=10, deadline=None)
@given(SHIPPED, st.integers(2, 4), SEEDS)
def test_state_of_replays_under_the_ruleset_given(rules: br.Ruleset, n: int, seed: int) -> None:
    from boomerang_rules.australia.playouts import random_game

    state = random_game(rules, n, seed)
    record = br.record_of(state)
    assert br.state_of(record) == state
    renamed = {**record, "rules": "house-rules-not-shipped"}
    del renamed["rules_digest"]
    with pytest.raises(br.InvalidInput):
        br.state_of(renamed)
    assert br.state_of(renamed, rules) == state
    assert br.state_of(renamed, rules.id) == state


def test_record_problems_in_record_order_with_their_numbers() -> None:
    record = _example(2)
    picks = record["rounds"][0]["picks"]
    picks[0][5] = "Q9"  # only known as wrong without replaying, after the replay stops
    picks[1][2] = picks[0][2]  # the replay stops here
    assert [str(p) for p in br.validate_record(record)] == [
        "/rounds/0/picks/0/5: unknown card 'Q9': it cannot be in the hand seat 0 holds at pick 6 [pick-in-hand]",
        '/rounds/0/picks/1/2: card "H" is not in the hand seat 1 holds at pick 3 (it holds #, D, E, K, W) '
        "[pick-in-hand]"]


def test_unknown_activities_are_reported_past_rounds_and_seats_without_one() -> None:
    record = _example(2)
    record["rounds"][0]["activities"] = [None, "flying"]
    record["rounds"][1]["activities"] = [None, "flying", "x"]  # not one a seat: the replay judges it
    record["rounds"][2]["activities"] = [None, "flying"]
    known = "indigenous_culture, sightseeing, bushwalking, swimming, or null for none"
    assert [str(p) for p in br.validate_record(record)] == [
        f"/rounds/{r}/activities/1: unknown activity 'flying' (activities are {known}) [activity-known]"
        for r in (0, 2)]


def test_a_deal_problem_is_placed_in_its_round() -> None:
    record = _example(2)
    hands = record["rounds"][1]["hands"]
    hands[1][0] = hands[0][0]
    assert [str(p) for p in br.validate_record(record)] == [
        '/rounds/1/hands/1/0: card "@" dealt twice in one round (also to seat 0) [card-unique]']


def test_problems_are_in_the_order_of_the_record_past_the_tenth_pick() -> None:
    record = _example(2)
    record["rounds"] = record["rounds"][:1]
    del record["rounds"][0]["activities"]
    record["rounds"][0]["picks"][0] += ["Q1", "Q2", "Q3", "Q4"]
    assert [str(p) for p in br.validate_record(record)] == [
        "/rounds/0/picks: the seats took different numbers of cards ([11, 7]); a record stops after a step "
        "every seat has completed [picks-step]",
        *(f"/rounds/0/picks/0/{k}: unknown card 'Q{k - 6}': it cannot be in the hand seat 0 holds at pick {k + 1} "
          "[pick-in-hand]" for k in range(7, 11))]


def test_given_deals_name_the_flaws_of_every_round() -> None:
    rules = br.load_rules()
    ids = sorted(c.id for c in rules.cards)
    first = [ids[0:7], ids[0:1] + ids[8:14]]
    second = [ids[14:21], [*ids[21:27], "Q9"]]
    with pytest.raises(br.InvalidInput) as info:
        br.new_game(rules, 2, deals=[first, second])
    assert [str(p) for p in info.value.problems] == [
        f'/0/1/0: card "{ids[0]}" dealt twice in one round (also to seat 0) [card-unique]',
        "/1/1/6: unknown card 'Q9' [card-known]"]


def taken(state: br.GameState, seat: int = 0) -> int:
    """How many cards ``seat`` has taken this round (its Throw, picks and Catch)."""
    v = br.view(state, seat)
    return len(v.face_up[seat]) + (v.throw is not None)


@settings(max_examples=20, deadline=None)
@given(SHIPPED, st.integers(2, 4), SEEDS, st.data())
def test_a_last_round_whose_seats_took_different_numbers_of_cards(rules: br.Ruleset, n: int, seed: int,
                                                                   data: st.DataObject) -> None:
    r = data.draw(st.integers(0, rules.rounds - 1), label="round")
    k = data.draw(st.integers(2, rules.hand_size - 2), label="cards taken")
    behind = data.draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=n - 1), label="seats a card behind")
    state = play(br.new_game(rules, n, seed), random_with(random.Random(seed)),
                 until=lambda s: s.round == r and taken(s) == k)
    record = br.record_of(state)
    picks = record["rounds"][r]["picks"]
    for seat in behind:
        picks[seat].pop()
    counts = [len(p) for p in picks]
    assert sorted(set(counts)) == [k - 1, k]
    assert record_problems(record) == [f"/rounds/{r}/picks: the seats took different numbers of cards ({counts}); "
                                "a record stops after a step every seat has completed [picks-step]"]


@settings(max_examples=20, deadline=None)
@given(SHIPPED, st.integers(3, 4), SEEDS, st.data())
def test_a_wrong_catch_names_the_seat_that_passed_the_card(rules: br.Ruleset, n: int, seed: int,
                                                           data: st.DataObject) -> None:
    r = data.draw(st.integers(0, rules.rounds - 1), label="round")
    seat = data.draw(st.integers(0, n - 1), label="seat")
    policy = random_with(random.Random(seed))
    last_pick = play(br.new_game(rules, n, seed), policy,
                     until=lambda s: s.round == r and taken(s) == rules.hand_size - 2)
    hands = {g: br.view(last_pick, g).hand for g in range(n)}
    state = play(last_pick, policy)
    record = br.record_of(state)
    picks = record["rounds"][r]["picks"][seat]
    catch = picks[-1]
    [giver] = [g for g in range(n) if catch in hands[g]]
    picks[-1] = picks[0]  # a card of this round, but not the one passed on
    assert record_problems(record) == [
        f"/rounds/{r}/picks/{seat}/{rules.hand_size - 1}: the Catch must be \"{catch}\", "
        f"the card seat {giver} passed on last, not {picks[0]!r} [catch]"]


@settings(max_examples=15, deadline=None)
@given(bst.records(finished=True, with_result=True))
def test_a_result_with_no_winner_is_refused(record: dict[str, Any]) -> None:
    best = record["result"]["winners"]
    totals = ", ".join(str(sheet["total"]) for sheet in record["result"]["sheets"])
    record["result"]["winners"] = []
    assert record_problems(record) == [f"/result/winners: claimed [], the rules give {best} (totals {totals}) "
                                "[result-winners]"]


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 6).flatmap(lambda n: bst.records(players=n, finished=True, with_result=True)), st.data())
def test_a_result_naming_a_wrong_winner_set_is_refused(record: dict[str, Any], data: st.DataObject) -> None:
    """Two players or more: a one-player game has no wrong winner set but the empty one (the test
    above), and the claim's filter below could never pass there."""
    n = len(record["players"])
    best = record["result"]["winners"]
    claim = data.draw(st.sets(st.integers(0, n - 1), min_size=1).filter(lambda c: sorted(c) != best))
    record["result"]["winners"] = sorted(claim, reverse=True)
    totals = ", ".join(str(sheet["total"]) for sheet in record["result"]["sheets"])
    assert record_problems(record) == [f"/result/winners: claimed {sorted(claim)}, the rules give {best} "
                                f"(totals {totals}) [result-winners]"]
    record["result"]["winners"] = sorted(best, reverse=True)  # the order of the claim does not matter
    assert record_problems(record) == []


def test_record_with_more_directions_than_rounds_inline() -> None:
    record = br.record_of(random_game(br.load_rules(), 2, 1))
    record["rules"] = {"format": "boomerang-rules/variant", "version": 1, "id": "x", "name": "X",
                       "extends": "standard", "changes": {"pass_directions": ["left"] * 5}}
    assert record_problems(record) == ["/rules/changes/pass_directions: 5 pass directions for 4 rounds: give one per "
                                "round [pass-directions]"]


def test_a_round_that_breaks_a_rule_still_gives_the_state_the_replay_reached() -> None:
    """``check_record`` of a record whose second round breaks a rule: the problems, and the state the
    replay reached in that round (not None: a referee sees where the game stood), as the other games do."""
    from boomerang_rules.australia.record_checks import check_record

    record = br.record_of(random_game(RULES, 3, 4))
    picks = record["rounds"][1]["picks"]
    picks[0][2], picks[1][2] = picks[1][2], picks[0][2]  # two seats' third picks swapped: cards they never held
    checked = check_record(record)
    assert checked.problems and all(p.pointer.startswith("/rounds/1") for p in checked.problems)
    assert checked.state is not None and checked.state.context.round == 1 and not br.is_over(checked.state)
