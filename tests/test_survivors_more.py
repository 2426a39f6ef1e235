"""The last survivors of the mutation run (issue 17), as the behaviour they stood for: the result
and river messages of a Boomerang (2010) record, score sheets read by row, the winners' tuple,
the generator a seedless Sea Salt & Paper game derives, and where a variant's problem is placed."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

import boomerang_rules as br
from boomerang_rules import boomerang2010 as b10
from boomerang_rules import seasaltpaper as ssp
from boomerang_rules.core.errors import Problem
from boomerang_rules.core.loading import VARIANT_FORMAT, _in_variant, rules_from_data, shipped_ids
from boomerang_rules.seasaltpaper.engine import _derived_seed
from boomerang_rules.seasaltpaper.tables import tables_for

EXAMPLES = Path(__file__).parent.parent / "examples"
B10_RECORDS = ["boomerang-2010-3p", "boomerang-2010-4p", "boomerang-2010-5p"]


def _record(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _messages(record: dict[str, Any]) -> list[str]:
    return [str(p) for p in br.validate_record(record)]


# Boomerang (2010): the result of a record -------------------------------------------------------

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


# Score sheets and winners ------------------------------------------------------------------------

def test_a_sea_salt_paper_sheet_reads_each_row_as_it_holds_it() -> None:
    for rounds, total in (((3, 0, 5), 11), ((), 4), ((7,), 0)):
        sheet = ssp.ScoreSheet(rounds, total)
        assert sheet.row_total("rounds") == sum(rounds)
        assert sheet.row_total("total") == total
        assert [sheet[row] for row in ssp.ROWS] == [rounds, total]
    for state in _ssp_games():
        for sheet in ssp.score_sheets(state):
            assert sheet.row_total("rounds") == sum(sheet.rounds) == sheet.total == sheet.row_total("total")


def test_a_boomerang_2010_sheet_refuses_an_unknown_row_by_its_name() -> None:
    rules = br.load_rules("boomerang-2010")
    [sheet, _] = b10.final_scores(rules, [[c.id for c in rules.cards[:3]], []], [2, 0])
    assert [sheet.row_total(row) for row in b10.ROWS] == [
        sum(sheet.cards.values()), sum(sheet.animals.values()), 2, sheet.sets, sheet.total]
    for row in ("nope", "ROWS", "as_dict"):
        with pytest.raises(KeyError) as info:
            sheet.row_total(row)
        assert info.value.args == (row,)


@pytest.mark.parametrize("name", B10_RECORDS)
def test_winners_are_a_tuple_equal_to_the_same_seats_in_any_form(name: str) -> None:
    record = _record(name)
    first, again = b10.winners(br.state_of(record)), b10.winners(br.state_of(copy.deepcopy(record)))
    assert first is not again
    seats = record["result"]["winners"]
    assert first == again and hash(first) == hash(again)
    assert (first != again) is False
    assert first == tuple(seats) and tuple(seats) == first and first == list(seats) and list(seats) == first
    assert first != [*seats, 9] and first != (*seats, 9) and first != "x"
    assert repr(first) == repr(tuple(seats)) == str(first)
    rules = br.load_rules("boomerang-2010")
    shared = b10.winners_of(rules, [[], []], [1, 1])
    assert shared == b10.winners_of(rules, [[], []], [1, 1]) == (0, 1) and repr(shared) == "(0, 1)"
    assert {first, again} == {tuple(seats)}


# Sea Salt & Paper: the generator of a game without a seed ---------------------------------------

def _ssp_games() -> list[Any]:
    """Every state of three short random games (2-4 players)."""
    rules = br.load_rules("sea-salt-paper")
    states = []
    for players in (2, 3, 4):
        rng = random.Random(players)
        state = ssp.new_game(rules, players, seed=players)
        for _ in range(60):
            if ssp.is_over(state):
                break
            states.append(state)
            seat = ssp.to_act(state)[0]
            state = ssp.apply(state, seat, rng.choice(ssp.legal_actions(state, seat)))
        states.append(state)
    return states


def test_a_seedless_game_derives_one_64_bit_generator_per_game_so_far() -> None:
    """A game replayed from a record and played on draws its steals from a SplitMix64 state
    derived from the game so far: a 64-bit state, the same for the same game, another for another."""
    states = _ssp_games()
    seeds = [_derived_seed(s) for s in states]
    assert all(0 <= seed < 1 << 64 for seed in seeds)
    distinct = {(s.round, s.deck0, s.entries(), s.totals) for s in states}
    assert len(set(seeds)) == len(distinct) > 100
    replayed = _ssp_games()
    assert [_derived_seed(s) for s in replayed] == seeds


def test_a_seedless_steal_draws_by_the_game_so_far() -> None:
    """Without a seed (a game from given decks, as a record replays) a steal still takes a card
    at random: the same card whenever the game so far is the same, not always the same place."""
    rules = br.load_rules("sea-salt-paper")
    t = tables_for(rules)
    start = ssp.new_game(rules, 2, decks=[[c.id for c in rules.cards]], first=0)
    assert start.chance.rng is None
    thief = tuple(sorted(t.index[c] for c in ("swimmer-1", "shark-1")))
    victim = tuple(sorted(t.index[c] for c in ("octopus-1", "octopus-2", "shell-1", "shell-2", "penguin-1",
                                               "fish-1")))
    taken = []
    for points in range(8):
        state = attrs.evolve(start, hands=(thief, victim), turn=0, phase="play", totals=(points, 0))
        state = ssp.apply(ssp.apply(state, 0, "duo:swimmer-1+shark-1"), 0, "steal:1")
        [card] = set(state.hands[0]) - set(thief)
        again = ssp.apply(ssp.apply(attrs.evolve(start, hands=(thief, victim), turn=0, phase="play",
                                                 totals=(points, 0)), 0, "duo:swimmer-1+shark-1"), 0, "steal:1")
        assert again == state and card in victim
        taken.append(card)
    assert len(set(taken)) > 1


# Core: where a variant's problem is placed, a relative parent, the player count ------------------

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
        f"/extends: 'no-such-base.json' is neither a shipped ruleset ({', '.join(shipped_ids())}) nor a file "
        "[extends]"]
    base = br.rules_data(br.load_rules("standard"))
    (tmp_path / "base.json").write_text(json.dumps({**base, "id": "my-base"}), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    rules = rules_from_data(_variant({"rounds": 3, "pass_directions": ["left", "right", "left"]},
                                     extends="base.json"))
    assert (rules.id, rules.rounds) == ("v", 3)


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_player_count_out_of_range_is_a_problem_of_the_whole_input(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    for players in (rules.players.min - 1, rules.players.max + 1):
        with pytest.raises(br.InvalidInput) as info:
            br.new_game(rules, players, seed=1)
        assert [(p.pointer, p.file, str(p)) for p in info.value.problems] == [
            ("", None, f"{rules_id!r} is for {rules.players.min} to {rules.players.max} players, not {players} "
                       "[players-count]")]
