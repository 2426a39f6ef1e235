"""Boomerang (2010) records: made from games, replayed into them, and every broken rule reported at its place."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import boomerang2010 as b10
from boomerang_rules import strategies as bst
from boomerang_rules.cli import cli
from boomerang_rules.core.bots import bot_game

from .helpers import b10_with_cards

RULES = br.load_rules("boomerang-2010")
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def game(players: int = 4, seed: int = 1) -> b10.GameState:
    return b10.play_game(RULES, [b10.GreedyBot(RULES, seed + i) if i % 2 else b10.RandomBot(RULES, seed + i)
                                 for i in range(players)], seed)


def record(players: int = 4, seed: int = 1) -> dict[str, Any]:
    rec: dict[str, Any] = json.loads(json.dumps(br.record_of(game(players, seed))))
    return rec


def found(rec: dict[str, Any]) -> set[tuple[str, str]]:
    return {(p.pointer, p.rule) for p in br.validate_record(rec)}


def test_a_finished_game_round_trips() -> None:
    s = game()
    rec = br.record_of(s, ["Ana", "Ben", "Cy", "Di"])
    assert rec["game"] == "boomerang-2010" and rec["rules"] == "boomerang-2010" and rec["seed"] == 1
    assert sorted(rec["deck"]) == sorted(c.id for c in RULES.cards)
    assert br.validate_record(rec) == []
    back = br.state_of(rec)
    assert back == s and br.record_of(back) == rec


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bst.b10_records())
def test_every_generated_record_validates_and_round_trips(rec: dict[str, Any]) -> None:
    assert br.validate_record(rec) == []
    again = br.record_of(br.state_of(rec))
    rec.pop("result", None)
    again.pop("result", None)
    assert again == rec


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bst.b10_invalid_records())
def test_one_broken_rule_is_reported_at_its_place(case: tuple[dict[str, Any], str, str]) -> None:
    rec, pointer, rule = case
    assert (pointer, rule) in found(rec)


def test_a_throw_without_a_boomerang() -> None:
    from boomerang_rules.core.loading import rules_from_data

    data = br.rules_data(RULES)
    data.update(boomerangs_each=1, id="one-boomerang")
    rules = rules_from_data(data)
    s = b10.new_game(rules, 3, seed=4)
    for seat, land in enumerate(["dunes", "forest", "prairie"]):
        s = br.apply(s, seat, land)
    for action in ["throw", "throw", "throw", "pass", "pass"]:
        s = br.apply(s, br.to_act(s)[0], action)
    rec = br.record_of(s)
    assert br.validate_record(rec) == []
    rec["rounds"][0]["hunt"][4] = "throw"            # seat 1 has no boomerang left
    [problem] = br.validate_record(rec, "g.json")
    assert (problem.pointer, problem.rule) == ("/rounds/0/hunt/4", "throw-needs-boomerang")
    assert str(problem).startswith("g.json:/rounds/0/hunt/4: seat 1 has no boomerang")


def test_a_capture_that_skips_a_card() -> None:
    rec = record()
    r, i = next((r, i) for r, rnd in enumerate(rec["rounds"]) for i, c in enumerate(rnd["captures"]) if c["cards"])
    skipped = rec["rounds"][r]["captures"][i]["cards"].pop()
    problems = br.validate_record(rec)
    assert [(p.pointer, p.rule) for p in problems] == [(f"/rounds/{r}/captures/{i}/cards", "capture-cards")]
    assert f"skips card {skipped!r}" in problems[0].message


def test_a_capture_that_takes_a_card_it_may_not() -> None:
    rec = record()
    rnd = rec["rounds"][0]
    land = rnd["captures"][0]["land"]
    other = next(c.id for c in RULES.cards if land not in c.lands and c.id in rnd["turned"])
    rnd["captures"][0]["cards"].append(other)
    assert (f"/rounds/0/captures/0/cards/{len(rnd['captures'][0]['cards']) - 1}", "capture-cards") in found(rec)


def test_a_token_used_twice_and_captures_out_of_order() -> None:
    rec = record()
    caps = rec["rounds"][0]["captures"]
    twice = copy.deepcopy(rec)
    twice["rounds"][0]["captures"][2]["seat"] = caps[0]["seat"]
    assert found(twice) == {("/rounds/0/captures/2/seat", "token-used-twice")}
    swapped = copy.deepcopy(rec)
    swapped["rounds"][0]["captures"][0], swapped["rounds"][0]["captures"][1] = caps[1], caps[0]
    assert found(swapped) == {("/rounds/0/captures/0/seat", "capture-order")}


def test_the_river_must_follow_the_deck_and_stop_when_every_land_shows() -> None:
    rec = record()
    early = copy.deepcopy(rec)
    early["rounds"][1]["turned"].pop()
    assert ("/rounds/1/turned", "river-stops") in found(early)
    late = copy.deepcopy(rec)
    late["rounds"][0]["turned"].append(rec["deck"][len(rec["rounds"][0]["turned"])])
    assert (f"/rounds/0/turned/{len(rec['rounds'][0]['turned'])}", "river-stops") in found(late)
    swapped = copy.deepcopy(rec)
    swapped["deck"][0], swapped["deck"][-1] = swapped["deck"][-1], swapped["deck"][0]
    assert ("/rounds/0/turned/0", "river-turned") in found(swapped)


def test_rounds_tokens_and_result_problems() -> None:
    rec = record(3, 5)
    extra = copy.deepcopy(rec)
    extra["rounds"].append({"turned": []})
    n = len(rec["rounds"])
    assert (f"/rounds/{n}", "rounds-count") in found(extra)
    unknown = copy.deepcopy(rec)
    unknown["rounds"][2]["tokens"][1] = "ocean"
    assert found(unknown) == {("/rounds/2/tokens/1", "token-known")}
    short = copy.deepcopy(rec)
    del short["rounds"][1]["hunt"][-1]
    assert ("/rounds/1/captures", "captures-early") in found(short)
    wrong = copy.deepcopy(rec)
    wrong["result"]["sheets"][0]["animals"]["fish"] += 1
    assert found(wrong) == {("/result/sheets/0/animals/fish", "result-sheet")}
    cut = copy.deepcopy(rec)
    del cut["rounds"][-1]
    assert ("/result", "result-unfinished") in found(cut)
    assert ("/players", "players-count") in found({**rec, "players": ["a", "b"]})


def test_a_claimed_sheet_missing_an_animal_or_naming_one_the_rules_lack_says_so() -> None:
    """A claimed ``cards`` or ``animals`` entry is compared by name: one the rules have and the claim
    lacks is named at its row, one the claim names and the rules lack at its place, each in words
    (both said "claimed None, the rules give 2", Python's None for an entry that is not there)."""
    rec = record(3, 5)
    sheet = rec["result"]["sheets"][0]
    wanted = sheet["cards"].pop("bird")
    sheet["animals"]["dragon"] = 0
    problems = {p.pointer: p for p in br.validate_record(rec)}
    assert set(problems) == {"/result/sheets/0/cards", "/result/sheets/0/animals/dragon"}
    assert problems["/result/sheets/0/cards"].message == f"the entry 'bird' is missing: the rules give {wanted}"
    assert problems["/result/sheets/0/animals/dragon"].message == (
        "'dragon' is no entry of animals under these rules (they have armadillo, bird, fish, kangaroo, lizard, "
        "turtle)")
    assert {p.rule for p in problems.values()} == {"result-sheet"}
    assert not any("None" in p.message for p in problems.values())


def test_records_of_another_game_are_refused_clearly() -> None:
    rec = record()
    rec["rules"] = "standard"
    assert found(rec) == {("/rules", "rules-game")}


def test_unfinished_records_replay_to_the_same_state() -> None:
    s = b10.new_game(RULES, 5, seed=9)
    for seat in range(5):
        s = br.apply(s, seat, "forest")
    s = br.apply(s, 0, "throw")
    rec = br.record_of(s)
    assert "result" not in rec and rec["rounds"][-1]["hunt"] == ["throw"]
    assert br.state_of(rec) == s


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_examples_validate(players: int) -> None:
    path = EXAMPLES / f"boomerang-2010-{players}p.json"
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert len(rec["players"]) == players and br.validate_record(rec) == []


def test_simulate_then_validate_and_replay(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    runner = CliRunner()
    made = runner.invoke(cli, ["simulate", "--rules", "boomerang-2010", "--players", "4", "--seed", "1",
                               "--out", str(out)])
    assert made.exit_code == 0, made.output
    checked = runner.invoke(cli, ["validate", str(out)])
    assert checked.exit_code == 0 and "valid game-record" in checked.stdout
    rec = json.loads(out.read_text(encoding="utf-8"))
    told = runner.invoke(cli, ["replay", str(out)])
    assert told.exit_code == 0 and "Final scores" in told.stdout
    first_tokens = rec["rounds"][0]["tokens"]
    seen = runner.invoke(cli, ["replay", str(out), "--seat", "2"])
    assert seen.exit_code == 0 and f"chooses {first_tokens[2]}; the others choose face down" in seen.stdout
    assert "Tokens (secret)" not in seen.stdout
    rec["rounds"][0]["hunt"].append("throw")
    out.write_text(json.dumps(rec), encoding="utf-8")
    bad = runner.invoke(cli, ["validate", str(out)])
    assert bad.exit_code == 1 and "[hunt-over]" in bad.stdout


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bst.invalid_records(rules="boomerang-2010"))
def test_the_generic_strategies_play_this_game_too(case: tuple[dict[str, Any], str, str]) -> None:
    rec, pointer, rule = case
    assert rec["game"] == "boomerang-2010" and (pointer, rule) in found(rec)


@settings(max_examples=10, deadline=None)
@given(st.integers(3, 5), st.lists(st.sampled_from(["random", "greedy"]), min_size=5, max_size=5),
       st.integers(0, 2**64 - 1))
def test_every_record_simulate_writes_validates(players: int, bots: list[str], seed: int) -> None:
    state = bot_game(RULES, bots[:players], seed)
    rec = json.loads(json.dumps(br.record_of(state)))
    assert br.validate_record(rec) == [] and rec["result"]["winners"] == list(br.winners(state))


def test_an_owners_deck_in_a_variant_file_plays_and_validates(tmp_path: Path) -> None:
    lands = list(RULES.lands)
    deck = [{"id": f"C{i}", "animal": RULES.animals[i % 6], "lands": [lands[i % 5], lands[(i + 1 + i // 5) % 5]]}
            for i in range(20)]
    deck = [c for c in deck if c["lands"][0] != c["lands"][1]]
    variant = {"format": "boomerang-rules/variant", "version": 1, "id": "my-deck", "name": "My printed deck",
               "extends": "boomerang-2010", "changes": {"cards": deck, "description": "my own copy"}}
    path = tmp_path / "my-deck.json"
    path.write_text(json.dumps(variant), encoding="utf-8")
    rules = br.load_rules(str(path))
    assert [c.id for c in rules.cards] == [c["id"] for c in deck]
    out = tmp_path / "g.json"
    made = CliRunner().invoke(cli, ["simulate", "--rules", str(path), "--players", "3", "--seed", "4",
                                    "--out", str(out)])
    assert made.exit_code == 0, made.output
    rec = json.loads(out.read_text(encoding="utf-8"))
    assert isinstance(rec["rules"], dict) and sorted(rec["deck"]) == sorted(c["id"] for c in deck)
    assert br.validate_record(rec) == [] and "result" in rec
    n = len(deck)
    for extra, where, rule in [({"id": "C99", "animal": "emu", "lands": ["dunes", "forest"]}, "animal", "animal-known"),
                               ({"id": "C99", "animal": "fish", "lands": ["dunes", "dunes"]}, "lands",
                                "schema:uniqueItems")]:
        path.write_text(json.dumps({**variant, "changes": {"cards": [*deck, extra]}}), encoding="utf-8")
        with pytest.raises(br.RulesError) as exc:
            br.load_rules(str(path))
        assert [(p.pointer, p.rule) for p in exc.value.problems] == [(f"/changes/cards/{n}/{where}", rule)]


def _river_orders(rec: dict[str, Any]) -> list[tuple[int, int, list[str]]]:
    """Each capture of two or more cards: its round, its index and its cards as written."""
    return [(r, i, c["cards"]) for r, rnd in enumerate(rec["rounds"]) for i, c in enumerate(rnd.get("captures", []))
            if len(c["cards"]) > 1]


@pytest.mark.parametrize("reorder", ["reversed", "first two swapped", "last moved first", "ruleset order"])
def test_a_capture_lists_its_cards_in_one_order_only(reorder: str) -> None:
    """Issue 25: any order of the right cards passed, so one game had many records. The river's order
    (cards left from earlier rounds first, then as turned up) is the one record_of writes and the only
    one validate accepts."""
    index = {c.id: k for k, c in enumerate(RULES.cards)}
    for seed in range(1, 6):
        rec = record(4, seed)
        assert found(rec) == set()
        for r, i, cards in _river_orders(rec):
            state = b10.state_of(rec)
            log = state.history[r]
            river = [RULES.cards[c].id for c in log.river]
            assert cards == [c for c in river if c in cards]  # record_of writes the river's order
            moved = {"reversed": cards[::-1], "first two swapped": [cards[1], cards[0], *cards[2:]],
                     "last moved first": [cards[-1], *cards[:-1]],
                     "ruleset order": sorted(cards, key=index.__getitem__)}[reorder]
            if moved == cards:
                continue
            bad = copy.deepcopy(rec)
            bad["rounds"][r]["captures"][i]["cards"] = moved
            problems = br.validate_record(bad)
            assert [(p.pointer, p.rule, p.message) for p in problems] == [(
                f"/rounds/{r}/captures/{i}/cards", "capture-card-order",
                f"the cards are listed as {', '.join(moved)}; a capture lists them as they lie in the river: "
                f"{', '.join(cards)}")]
            return
    pytest.fail("no capture of two cards in five games")  # pragma: no cover


B10_RECORDS = ["boomerang-2010-3p", "boomerang-2010-4p", "boomerang-2010-5p"]


def _record(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _messages(record: dict[str, Any]) -> list[str]:
    return [str(p) for p in br.validate_record(record)]


@pytest.mark.parametrize("name", B10_RECORDS)
def test_a_result_claimed_for_an_unfinished_game_names_the_round_and_the_deck_left(name: str) -> None:
    record = _record(name)
    rounds = record["rounds"]
    for played in sorted({1, len(rounds) // 2, len(rounds) - 1}):
        cut = {**record, "rounds": rounds[:played]}
        # Each round turns its river up as it begins: the next round's cards have left the deck too.
        left = len(record["deck"]) - sum(len(r["turned"]) for r in rounds[:played + 1])
        assert _messages(cut) == [
            f"/result: the game is unfinished (round {played + 1}, {left} cards in the deck), so it has no "
            "result yet [result-unfinished]"]


@pytest.mark.parametrize("name", B10_RECORDS)
def test_wrong_winners_are_refused_with_the_totals_and_the_tie_break(name: str) -> None:
    record = _record(name)
    result = record["result"]
    totals = ", ".join(str(sheet["total"]) for sheet in result["sheets"])
    right = sorted(result["winners"])
    seats = range(len(record["players"]))
    for wrong in ([next(s for s in seats if s not in right)], [*seats], []):
        assert wrong != right
        claimed = {**record, "result": {**result, "winners": wrong}}
        assert _messages(claimed) == [
            f"/result/winners: claimed {sorted(wrong)}, the rules give {right} (totals {totals}; ties go to the "
            "most boomerangs) [result-winners]"]


def test_a_river_that_stops_early_names_every_land_it_lacks() -> None:
    rules = br.load_rules("boomerang-2010")
    record = _record("boomerang-2010-3p")
    turned = record["rounds"][0]["turned"]
    for k in range(len(turned)):
        cut = copy.deepcopy(record)
        cut["rounds"][0]["turned"] = turned[:k]
        shown = {land for cid in turned[:k] for land in rules.card(cid).lands}
        lacks = ", ".join(land for land in rules.lands if land not in shown)
        assert lacks  # the example's first river shows every land only with its last card
        assert _messages(cut) == [
            f"/rounds/0/turned: the river stops after {k} card(s) though it lacks {lacks} and the deck still has "
            f"cards (next: {turned[k]!r}) [river-stops]"]


def _record_problems(record: dict[str, object], rules: b10.Ruleset | None = None) -> list[str]:
    return [str(p) for p in b10.check_record(record, rules).problems]


def _finished_record(players: int, seed: int) -> dict[str, object]:

    rng = random.Random(seed)
    s = b10.new_game(RULES, players, seed=seed)
    while not b10.is_over(s):
        seat = b10.to_act(s)[0]
        s = b10.apply(s, seat, rng.choice(b10.legal_actions(s, seat)))
    return b10.record_of(s)


def test_a_record_needs_one_name_per_seat() -> None:
    state = b10.new_game(RULES, 3, seed=1)
    with pytest.raises(br.InvalidInput) as info:
        b10.record_of(state, names=["Ann", "Bo"])
    assert [str(p) for p in info.value.problems] == ["2 names for 3 players [names-count]"]
    assert b10.record_of(state, names=["Ann", "Bo", "Cy"])["players"] == ["Ann", "Bo", "Cy"]


def test_a_record_naming_another_game_s_ruleset_says_whose_it_is() -> None:
    s = b10.new_game(RULES, 3, seed=2)
    record = {**b10.record_of(s), "rules": "standard"}
    del record["rules_digest"]
    assert [str(p) for p in b10.validate_record(record)] == [
        "/rules: the ruleset 'standard' is for 'boomerang-australia', but the record is a 'boomerang-2010' game "
        "[rules-game]"]


def test_a_card_turned_up_too_many_says_why_the_river_stops() -> None:
    record = b10.record_of(b10.new_game(RULES, 3, seed=5))
    turned = record["rounds"][0]["turned"]
    turned.append(record["deck"][len(turned)])
    assert _record_problems(record) == [
        f"/rounds/0/turned/{len(turned) - 1}: no card is turned up after {len(turned) - 1} in round 1: every land "
        "shows in the river [river-stops]"]
    # Every land is on a card (land-in-deck), so only a later round's deck runs out before its river
    # shows every land: round 1 turns C1 C2 (all four lands), seats 2 and 1 take them, round 2 turns
    # C3 (dunes, prairie) and the deck is empty.
    rules = b10_with_cards(("C1", "bird", "dunes", "forest"), ("C2", "fish", "prairie", "mountains"),
                           ("C3", "bird", "dunes", "prairie"))
    state = b10.new_game(rules, 3, deck=["C1", "C2", "C3"])
    for seat, action in enumerate(["dunes", "prairie", "forest", "pass", "pass"]):
        state = b10.apply(state, seat % 3, action)
    short = b10.record_of(state)
    assert [r["turned"] for r in short["rounds"]] == [["C1", "C2"], ["C3"]]
    short["rounds"][1]["turned"].append("C1")
    assert _record_problems(short, rules) == [
        "/rounds/1/turned/1: no card is turned up after 1 in round 2: the deck has run out [river-stops]"]


def test_a_turned_card_off_the_deck_s_order_names_the_right_one() -> None:
    record = b10.record_of(b10.new_game(RULES, 3, seed=5))
    turned = record["rounds"][0]["turned"]
    right, wrong = turned[1], record["deck"][-1]
    turned[1] = wrong
    assert _record_problems(record) == [
        f"/rounds/0/turned/1: the next card of the deck is {right!r}, not {wrong!r} [river-turned]"]


def test_a_round_missing_a_step_names_it_and_what_follows() -> None:
    import copy

    whole = _finished_record(3, 21)
    rounds = whole["rounds"]
    assert isinstance(rounds, list) and len(rounds) > 2
    first = rounds[0]["captures"][0]["seat"]  # the last seat left in round 1 opens round 2's hunt
    hunting = ", ".join(str((first + i) % 3) for i in range(3))

    def problems(change: object, keep: int | None = None) -> list[str]:
        record = copy.deepcopy(whole)
        if keep is not None:  # an unfinished game: no result
            record["rounds"] = record["rounds"][:keep]  # type: ignore[index]
            del record["result"]
        change(record["rounds"][1])  # type: ignore[index, operator]
        return _record_problems(record)

    def only(*fields: str) -> object:
        return lambda rnd: [rnd.pop(k) for k in ("tokens", "hunt", "captures") if k not in fields]

    tokens_missing = ("/rounds/1: the hunt and the captures come after every seat has chosen a land: the tokens "
                      "are missing [tokens-missing]")
    assert problems(only("hunt"), 2) == [tokens_missing]
    assert problems(only("captures"), 2) == [tokens_missing]
    assert problems(only()) == ["/rounds/1: the tokens are missing, and another round follows [round-complete]"]
    assert problems(only(), 2) == []
    assert problems(lambda rnd: rnd.update(hunt=[]), 2) == [
        f"/rounds/1/captures: the hunt is unfinished (seats {hunting} still hunt), so nothing is captured yet "
        "[captures-early]"]
    assert problems(lambda rnd: (rnd.update(hunt=[]), rnd.pop("captures"))) == [
        "/rounds/1/hunt: the hunt is unfinished, and another round follows [round-complete]"]
    assert problems(lambda rnd: (rnd.update(hunt=[]), rnd.pop("captures")), 2) == []
    assert problems(lambda rnd: rnd.pop("captures")) == [
        "/rounds/1: the hunt is over but the captures are missing [captures-missing]"]


def test_a_hunt_decision_after_the_hunt_or_without_a_boomerang_is_named() -> None:
    import copy

    whole = _finished_record(3, 21)
    record = copy.deepcopy(whole)
    rnd = record["rounds"][1]  # type: ignore[index]
    last = rnd["captures"][0]["seat"]  # the top of the stack: the last seat left
    rnd["hunt"].append("pass")
    assert _record_problems(record) == [
        f"/rounds/1/hunt/{len(rnd['hunt']) - 1}: the hunt is over: seat {last} was the last seat left after the "
        "previous decision [hunt-over]"]
    from boomerang_rules.core.loading import rules_from_data

    data = br.rules_data(RULES)
    data.update(boomerangs_each=1, id="one-boomerang-each")
    rules = rules_from_data(data)
    assert isinstance(rules, b10.Ruleset)
    s = b10.new_game(rules, 3, seed=4)
    for seat, land in enumerate(["dunes", "forest", "prairie"]):
        s = b10.apply(s, seat, land)
    for action in ["throw", "throw", "throw", "pass", "pass"]:
        s = b10.apply(s, b10.to_act(s)[0], action)
    short = b10.record_of(s)
    short["rounds"][0]["hunt"][4] = "throw"  # seat 1 threw its only boomerang and took no pot
    assert _record_problems(short, rules) == [
        "/rounds/0/hunt/4: seat 1 has no boomerang left to throw: a seat without boomerangs must pass "
        "[throw-needs-boomerang]"]


def test_a_round_s_tokens_are_one_known_land_per_seat() -> None:
    import copy

    whole = _finished_record(3, 21)
    lands = ", ".join(RULES.lands)
    cases: list[tuple[Callable[[list[str]], object], list[str]]] = [
            (lambda toks: toks.pop(), ["/rounds/1/tokens: 2 tokens for 3 players [tokens-seats]"]),
            (lambda toks: toks.append("dunes"), ["/rounds/1/tokens: 4 tokens for 3 players [tokens-seats]"]),
            (lambda toks: toks.__setitem__(slice(1, 3), ["swamp", "Dunes"]), [
                f"/rounds/1/tokens/1: unknown land 'swamp' (lands are {lands}) [token-known]",
                f"/rounds/1/tokens/2: unknown land 'Dunes' (lands are {lands}) [token-known]"])]
    for change, want in cases:
        record = copy.deepcopy(whole)
        change(record["rounds"][1]["tokens"])  # type: ignore[index]
        assert _record_problems(record) == want


def test_a_result_off_its_schema_does_not_stop_the_replay() -> None:
    """A result's shape is reported with the replay's problems; any other schema problem stops the check."""
    import copy

    whole = _finished_record(3, 21)
    record = copy.deepcopy(whole)
    record["result"]["winners"] = "nobody"  # type: ignore[index]
    assert _record_problems(record) == ["/result/winners: 'nobody' is not of type 'array' [schema:type]"]
    record["rounds"][1]["tokens"].pop()  # type: ignore[index]
    assert _record_problems(record) == ["/result/winners: 'nobody' is not of type 'array' [schema:type]",
                                        "/rounds/1/tokens: 2 tokens for 3 players [tokens-seats]"]
    record["players"] = "Ann"
    assert _record_problems(record) == ["/players: 'Ann' is not of type 'array' [schema:type]",
                                        "/result/winners: 'nobody' is not of type 'array' [schema:type]"]


def test_a_round_after_the_game_s_end_is_named_and_a_failed_round_keeps_the_state_reached() -> None:
    import copy

    record = _finished_record(3, 4)
    rounds = record["rounds"]
    assert isinstance(rounds, list)
    played = len(rounds)
    rounds.append(copy.deepcopy(rounds[-1]))
    assert _record_problems(record) == [
        f"/rounds/{played}: the game ended after round {played}: the deck was empty when the next round began "
        "[rounds-count]"]
    # A round that fails: the check still gives the state the replay reached (in that round).
    broken = b10.record_of(b10.new_game(RULES, 3, seed=5))
    turned = broken["rounds"][0]["turned"]
    turned[1] = broken["deck"][-1]
    checked = b10.check_record(broken)
    assert checked.problems
    assert checked.state is not None and checked.state.round == 0 and not b10.is_over(checked.state)


def test_a_record_checked_under_another_games_ruleset_or_no_ruleset_is_refused_in_words() -> None:
    """``check_record(record, rules)``: a ruleset of another game is a problem at ``/rules``; what is
    no ruleset, a ``TypeError`` naming what was given."""
    from boomerang_rules.boomerang2010.record_checks import check_record

    record = br.record_of(br.new_game(br.load_rules("boomerang-2010"), 3, 1))
    checked = check_record(record, rules=br.load_rules("standard"))
    assert checked.state is None and [(p.pointer, p.message, p.rule) for p in checked.problems] == [
        ("/rules", "replayed under a ruleset for 'boomerang-australia', but the record is a 'boomerang-2010' game",
         "rules-game")]
    with pytest.raises(TypeError) as info:
        check_record(record, rules=5)  # type: ignore[arg-type]
    assert str(info.value) == "rules must be a Boomerang (2010) Ruleset, a ruleset id or path, or None, not int: 5"
    assert check_record(record, rules="boomerang-2010") == check_record(record)  # an id, loaded
