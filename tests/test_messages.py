"""Messages asserted whole: people act on the numbers in them (a position, a seat, a round).

Each case builds its input, so the expected text is worked out from the input, not copied
from a run.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules.australia.playouts import random_game
from boomerang_rules.core.loading import rules_from_data

ROOT = Path(__file__).resolve().parents[1]
RULES = br.load_rules()
IDS = sorted(c.id for c in RULES.cards)


def example(players: int) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "examples" / f"game-{players}p.json").read_text(encoding="utf-8"))
    return data


def messages(record: Any) -> list[str]:
    return [str(p) for p in br.validate_record(record)]


def dealt(rnd: dict[str, Any]) -> set[str]:
    return {c for hand in rnd["hands"] for c in hand}


# --- score_round ----------------------------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(st.permutations(IDS), st.data())
def test_a_repeated_card_names_its_first_position(deck: list[str], data: st.DataObject) -> None:
    cards = deck[:RULES.hand_size]
    first = data.draw(st.integers(0, RULES.hand_size - 2), label="first")
    again = data.draw(st.integers(first + 1, RULES.hand_size - 1), label="again")
    cards[again] = cards[first]
    with pytest.raises(br.InvalidInput) as info:
        br.score_round(RULES, cards)
    assert [str(p) for p in info.value.problems] == [
        f"/{again}: card {cards[first]!r} is repeated (first at position {first + 1}) [card-unique]"]


@pytest.mark.parametrize("count", [0, 1, 6, 8])
def test_a_wrong_card_count_and_an_unknown_card(count: int) -> None:
    cards = [*IDS[:count - 1], "??"] if count else []
    with pytest.raises(br.InvalidInput) as info:
        br.score_round(RULES, cards, "swimming")
    unknown = [f"/{count - 1}: unknown card '??' (cards are {' '.join(IDS)}) [card-known]"] if count else []
    assert [str(p) for p in info.value.problems] == [
        *unknown, f"a round scores {RULES.hand_size} cards, got {count} [card-count]"]
    assert info.value.problems[-1].pointer == ""  # the whole list of cards


def test_unknown_activity_and_one_string() -> None:
    with pytest.raises(br.InvalidInput) as info:
        br.score_round(RULES, IDS[:7], "surfing")
    kinds = ", ".join(RULES.scoring.activities.kinds)
    assert [(p.pointer, str(p)) for p in info.value.problems] == [
        ("", f"unknown activity 'surfing' (activities are {kinds}) [activity-known]")]
    with pytest.raises(br.InvalidInput) as info:
        br.score_round(RULES, "ABCDEFG")
    assert [(p.pointer, str(p)) for p in info.value.problems] == [
        ("", "cards must be a list of card ids, not one string [card-list]")]


def test_round_score_rows_by_name() -> None:
    score = br.score_round(RULES, IDS[:7], "none")
    assert [score[row] for row in ("throw_catch", "collections", "animals", "activity", "round_total")] == [
        score.throw_catch, score.collections, score.animals, score.activity, score.round_total]
    assert score.activity == 0
    with pytest.raises(KeyError, match=r"^'sites'$"):
        score["sites"]


# --- the engine's refusals -----------------------------------------------------------------------------

def test_new_game_messages() -> None:
    with pytest.raises(ValueError, match=r"^'standard' is for 2 to 4 players, not 5 \[players-count\]$"):
        br.new_game(RULES, 5, 1)
    with pytest.raises(ValueError, match=r"^'standard' is for 2 to 4 players, not 1 \[players-count\]$"):
        br.new_game(RULES, 1, 1)
    with pytest.raises(TypeError, match=r"^players must be an integer, not str$"):
        br.new_game(RULES, "2", 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^players must be an integer, not bool$"):
        br.new_game(RULES, True, 1)
    from boomerang_rules.australia.engine import new_game

    with pytest.raises(ValueError, match=r"^give a seed to deal from, or the deals \[deal-source\]$"):
        new_game(RULES, 2)  # the engine's own; br.new_game draws a seed from entropy (issue 16)
    assert br.to_act(br.new_game(RULES, 2, undealt_ok=True)) == ()
    for n in (2, 4):
        assert br.to_act(br.new_game(RULES, n, 0)) == tuple(range(n))


def test_given_deals_name_every_flaw() -> None:
    hands = [list(IDS[0:7]), list(IDS[7:14])]
    hands[1][2] = hands[0][4]
    hands[1][3] = hands[1][5]
    hands[0].append("??")
    with pytest.raises(br.InvalidInput) as info:
        br.new_game(RULES, 3, deals=[[list(IDS[14:21]), list(IDS[21:28]), list(IDS[:7])], hands])
    assert [str(p) for p in info.value.problems] == [
        "/1: 2 hands dealt for 3 players [deal-hands]",
        "/1/0/7: unknown card '??' [card-known]",
        "/1/0: 8 cards dealt to seat 0, the hand size is 7 [hand-size]",
        f'/1/1/2: card "{IDS[4]}" dealt twice in one round (also to seat 0) [card-unique]',
        f'/1/1/5: card "{IDS[12]}" dealt twice in one round (also to the same hand) [card-unique]',
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_refusals_say_why(players: int) -> None:
    s = br.new_game(RULES, players, 11)
    hand = br.legal_actions(s, 1)
    other = next(c for c in IDS if c not in hand)
    with pytest.raises(br.IllegalAction) as info:
        br.apply(s, 1, other)
    assert str(info.value) == (f"card {other!r} is not in the hand seat 1 holds at the Throw "
                               f"(it holds {', '.join(hand)})")
    with pytest.raises(br.IllegalAction) as info:
        br.apply(s, 1, "swimming")
    assert str(info.value) == f"seat 1 must choose a card for the Throw (it holds {', '.join(hand)}), not 'swimming'"
    s = br.apply(s, 1, hand[0])
    with pytest.raises(br.IllegalAction) as info:
        br.apply(s, 1, hand[1])
    waiting = ", ".join(str(x) for x in range(players) if x != 1)
    assert str(info.value) == f"seat 1 has already decided the Throw of round 1; waiting for seat(s) {waiting}"
    assert br.legal_actions(s, 1) == ()
    for seat in range(players):
        if seat != 1:
            s = br.apply(s, seat, br.legal_actions(s, seat)[0])
    hand = br.legal_actions(s, 0)
    with pytest.raises(br.IllegalAction) as info:
        br.apply(s, 0, "nothing")
    assert str(info.value) == f"seat 0 must choose a card for pick 1 (it holds {', '.join(hand)}), not 'nothing'"
    bad: tuple[Any, ...] = (players, -1, "0", 1.0, True)
    for seat in bad:
        with pytest.raises(br.IllegalAction) as info:
            br.apply(s, seat, hand[0])
        assert str(info.value) == (f"seat {seat!r} does not exist in a {players}-player game "
                                   f"(seats are 0 to {players - 1})")
        with pytest.raises(br.IllegalAction):
            br.legal_actions(s, seat)
    while br.view(s, 0).phase != "activity":
        for seat in range(players):
            s = br.apply(s, seat, br.legal_actions(s, seat)[0])
    choices = ", ".join(br.legal_actions(s, 0))
    with pytest.raises(br.IllegalAction) as info:
        br.apply(s, 0, hand[0])
    assert str(info.value) == (f"seat 0 must choose an activity or 'none' now (one of {choices}), "
                               f"not {hand[0]!r}")
    over = random_game(RULES, players, 3)
    with pytest.raises(br.IllegalAction) as info:
        br.apply(over, 0, "none")
    assert str(info.value) == "the game is over: no decisions are owed"


def test_an_undealt_round_owes_nothing() -> None:
    record = example(2)
    del record["result"]
    record["rounds"] = record["rounds"][:1]
    state = br.state_of(record)
    assert br.view(state, 0).phase == "deal"
    with pytest.raises(br.IllegalAction) as info:
        br.apply(state, 0, "A")
    assert str(info.value) == "round 2 has not been dealt: no decisions are owed"


# --- records ---------------------------------------------------------------------------------------

def test_activity_once_names_the_round_it_was_scored_in() -> None:
    record = example(3)
    seat, r = next((s, r) for r in (1, 0) for s, a in enumerate(record["rounds"][r]["activities"]) if a)
    kind = record["rounds"][r]["activities"][seat]
    record["rounds"][3]["activities"][seat] = kind
    assert messages(record) == [f"/rounds/3/activities/{seat}: seat {seat} already scored {kind} in round "
                                f"{r + 1}; each activity scores once a game [activity-once]"]


def test_activity_once_is_reported_where_the_replay_stopped_earlier() -> None:
    record = example(3)
    seat, r = next((s, r) for r in (1, 0) for s, a in enumerate(record["rounds"][r]["activities"]) if a)
    kind = record["rounds"][r]["activities"][seat]
    record["rounds"][3]["activities"][seat] = kind
    record["rounds"][2]["picks"][0][1] = "??"  # the replay stops before round 4
    assert messages(record) == [
        "/rounds/2/picks/0/1: unknown card '??' is not in the hand seat 0 holds at pick 2 "
        f"(it holds {', '.join(hand_at(record, 2, 0, 1))}) [pick-in-hand]",
        f"/rounds/3/activities/{seat}: seat {seat} already scored {kind} in round {r + 1}; each activity "
        "scores once a game [activity-once]"]


def hand_at(record: dict[str, Any], r: int, seat: int, step: int) -> tuple[str, ...]:
    """The hand ``seat`` holds at ``step`` of round ``r``, by replaying the record's picks."""
    partial = copy.deepcopy(record)
    partial.pop("result", None)
    partial["rounds"] = partial["rounds"][:r + 1]
    partial["rounds"][r].pop("activities", None)
    partial["rounds"][r]["picks"] = [p[:step] for p in partial["rounds"][r]["picks"]]
    return br.legal_actions(br.state_of(partial), seat)


def test_a_card_not_dealt_that_round_names_the_round_and_seat() -> None:
    record = example(2)
    missing = next(c for c in IDS if c not in dealt(record["rounds"][1]))
    record["rounds"][1]["picks"][1][4] = missing
    held = ", ".join(hand_at(record, 1, 1, 4))
    assert messages(record) == [
        f'/rounds/1/picks/1/4: card "{missing}" is not in the hand seat 1 holds at pick 5 (it holds {held}) '
        "[pick-in-hand]"]
    record["rounds"][0]["picks"][0][0] = "??"
    assert messages(record)[-1] == (f'/rounds/1/picks/1/4: card "{missing}" was not dealt in round 2, so seat 1 '
                                    "cannot hold it [pick-in-hand]")


def test_a_round_another_follows_is_complete() -> None:
    record = example(3)
    del record["result"]
    record["rounds"][1]["picks"][2].pop()
    assert messages(record) == ["/rounds/1/picks/2: seat 2 took 6 cards; a round that another follows is "
                                "complete (7 cards) [round-complete]"]


def test_more_picks_than_the_hand_size() -> None:
    record = example(2)
    del record["result"]
    record["rounds"] = record["rounds"][:1]
    del record["rounds"][0]["activities"]
    for seat, picks in enumerate(record["rounds"][0]["picks"]):
        picks.append(picks[0] if seat else picks[1])
    assert messages(record) == ["/rounds/0/picks/0: 8 cards taken, the hand size is 7 [picks-step]"]


def test_activities_before_the_catch() -> None:
    record = example(4)
    del record["result"]
    record["rounds"] = record["rounds"][:2]
    record["rounds"][1]["picks"] = [p[:4] for p in record["rounds"][1]["picks"]]
    assert messages(record) == ["/rounds/1/activities: activities are chosen after the Catch; this round stops "
                                "after 4 cards [activities-after-catch]"]


def test_missing_catch_and_activities() -> None:
    record = example(2)
    del record["result"]
    record["rounds"] = record["rounds"][:1]
    del record["rounds"][0]["activities"]
    for picks in record["rounds"][0]["picks"]:
        picks.pop()
    assert messages(record) == [f"/rounds/0/picks/{s}/6: the Catch is missing: the last card passed on is added "
                                "to the seat's cards at once [catch]" for s in range(2)]
    record = example(2)
    del record["rounds"][2]["activities"]
    del record["result"]
    assert messages(record) == ["/rounds/2: the activities are missing, and another round follows "
                                "[activities-missing]"]


def test_activities_for_the_wrong_number_of_seats_and_unknown_ones() -> None:
    record = example(3)
    record["rounds"][1]["activities"].append(None)
    assert messages(record) == ["/rounds/1/activities: 4 activities for 3 players [activities-seats]"]
    record = example(3)
    record["rounds"][1]["activities"][2] = "none"
    kinds = ", ".join(RULES.scoring.activities.kinds)
    assert messages(record) == [f"/rounds/1/activities/2: unknown activity 'none' (activities are {kinds}, "
                                "or null for none) [activity-known]"]
    record = example(3)
    record["rounds"][1]["picks"].pop()
    assert messages(record) == ["/rounds/1/picks: 2 lists of picks for 3 players [picks-seats]"]


def test_leftover_cards_message_names_both_rounds() -> None:
    record = example(3)
    leftover = sorted(set(IDS) - dealt(record["rounds"][1]))
    unused = sorted(set(IDS) - dealt(record["rounds"][2]))
    assert len(leftover) == len(unused) == 7
    for hand in record["rounds"][2]["hands"]:
        for old, new in zip(leftover[:2], unused[:2]):
            if old in hand:
                hand[hand.index(old)] = new
    assert messages(record) == [f"/rounds/2/hands: {leftover[0]}, {leftover[1]} set aside before round 3 must be "
                                "dealt first in round 3, before cards that waited less (cards left over are dealt "
                                "first, longest waiting first) [leftover-dealt-first]"]


def test_player_and_round_counts() -> None:
    record = example(2)
    record["players"] = ["a", "b", "c", "d", "e"]
    assert messages(record) == ["/players: 5 players; 'standard' is for 2 to 4 [players-count]"]
    record = example(2)
    record["rounds"].append(copy.deepcopy(record["rounds"][0]))
    assert messages(record)[0] == "/rounds/4: 5 rounds; the game has 4 [rounds-count]"


def test_result_messages() -> None:
    record = example(4)
    want = record["result"]["sheets"][2]["animals"][3]
    record["result"]["sheets"][2]["animals"][3] += 1
    total = record["result"]["sheets"][1]["total"]
    record["result"]["sheets"][1]["total"] -= 2
    assert messages(record) == [
        f"/result/sheets/1/total: claimed {total - 2}, the rules give {total} [result-sheet]",
        f"/result/sheets/2/animals/3: claimed {want + 1}, the rules give {want} [result-sheet]"]
    record = example(4)
    record["result"]["sheets"][0]["activity"].pop()
    record["result"]["sheets"].pop()
    activity = example(4)["result"]["sheets"][0]["activity"]
    assert messages(record) == [
        "/result/sheets: 3 sheets for 4 players [result-sheet]",
        f"/result/sheets/0/activity: claimed {activity[:-1]}, the rules give {activity} [result-sheet]"]
    record = example(2)
    record["rounds"] = record["rounds"][:3]
    assert messages(record) == ["/result: the game is unfinished (round 4 of 4), so it has no result yet "
                                "[result-unfinished]"]


def test_unknown_rules_and_digest() -> None:
    record = example(2)
    record["rules"] = "chess"
    assert messages(record) == [f"/rules: unknown ruleset 'chess' (shipped: {', '.join(br.shipped_ids())}); give "
                                "any other ruleset or variant inline [rules-known]"]
    record = example(2)
    digest = RULES.digest
    record["rules_digest"] = "0123456789abcdef" * 4
    at = next(i for i, (a, b) in enumerate(zip(record["rules_digest"], digest)) if a != b)
    assert messages(record) == [f"/rules_digest: the ruleset 'standard' has changed since this game was recorded: "
                                f"its digest was {'0123456789abcdef' * 4}, now {digest} (they differ from "
                                f"character {at + 1} on) [rules-digest]"]


# --- ruleset checks ---------------------------------------------------------------------------------

def ruleset_messages(data: dict[str, Any]) -> list[str]:
    with pytest.raises(br.RulesError) as info:
        rules_from_data(data, "r.json")
    return [str(p) for p in info.value.problems]


def standard() -> dict[str, Any]:
    return br.rules_data(RULES)


def test_players_range_and_deck_size() -> None:
    data = standard()
    data["players"] = {"min": 4, "max": 3}
    assert ruleset_messages(data) == ["r.json:/players/min: the minimum (4) is above the maximum (3) [players-range]"]
    data = standard()
    data["players"]["max"] = 5
    assert ruleset_messages(data) == [
        "r.json:/players/max: 5 players × 7 cards = 35 cards, the deck has 28 [deck-size]"]
    data["players"]["max"] = 4
    data["hand_size"] = 8
    data["scoring"]["activities"]["table"].append(20)
    assert ruleset_messages(data) == [
        "r.json:/players/max: 4 players × 8 cards = 32 cards, the deck has 28 [deck-size]"]
    data = standard()  # one player (the schema's least): "1 players × 29 cards" was written
    data.update(players={"min": 1, "max": 1}, hand_size=29)
    data["scoring"]["activities"]["table"] += [20] * 22
    assert ruleset_messages(data) == [
        "r.json:/players/max: 1 player × 29 cards = 29 cards, the deck has 28 [deck-size]"]


def test_repeated_ids_icons_and_empty_regions() -> None:
    data = standard()
    data["cards"][3]["id"] = data["cards"][0]["id"]
    data["cards"][5]["animal"] = "dingoes"
    data["regions"].append({"id": "atlantis", "name": "Atlantis"})
    data["regions"].append(copy.deepcopy(data["regions"][0]))
    first = data["cards"][0]["id"]
    fifth = data["cards"][5]["id"]
    region = data["regions"][0]["id"]
    n = len(data["regions"])
    assert ruleset_messages(data) == [
        f"r.json:/cards/0/id: card id {first!r} is used 2 times [unique-card-ids]",
        f"r.json:/cards/3/id: card id {first!r} is used 2 times [unique-card-ids]",
        f"r.json:/regions/0/id: region id {region!r} is used 2 times [unique-region-ids]",
        f"r.json:/regions/{n - 1}/id: region id {region!r} is used 2 times [unique-region-ids]",
        f"r.json:/cards/5/animal: card {fifth!r} names animal 'dingoes', which /scoring/animals/values does not "
        "list [icon-known]",
        f"r.json:/regions/{n - 2}: region 'atlantis' has no cards, so it could never be completed [region-cards]",
    ]


@pytest.mark.parametrize("kind", list(RULES.scoring.activities.kinds))
def test_activity_table_must_reach_the_most_icons(kind: str) -> None:
    data = {**standard(), "id": "one-activity"}  # a shipped id must name the shipped rules
    for card in data["cards"]:
        if card["activity"] is not None:
            card["activity"] = kind if card["activity"] != kind else card["activity"]
    data["scoring"]["activities"]["kinds"] = [kind]  # an activity that no card shows is refused (kind-in-deck)
    most = min(RULES.hand_size, sum(1 for c in data["cards"] if c["activity"] == kind))
    data["scoring"]["activities"]["table"] = data["scoring"]["activities"]["table"][:most]
    assert ruleset_messages(data) == [
        f"r.json:/scoring/activities/table: the table scores 0 to {most - 1} icons, but a player can hold "
        f"{most} {kind} icons [activity-table]"]
    data["scoring"]["activities"]["table"].append(99)
    assert rules_from_data(data).scoring.activities.table[-1] == 99


def test_score_round_names_a_wrong_argument() -> None:
    bad: list[tuple[Any, Any, Any, str]] = [
        ("standard", IDS[:7], None,
         "rules must be a Boomerang: Australia Ruleset (see load_rules), not str: 'standard'"),
        (RULES, {"A": 1}, None, "cards must be a list of card ids (str), not dict"),
        (RULES, IDS[:7], 3, "activity must be an activity id (str) or None, not int: 3"),
    ]
    for rules, cards, activity, message in bad:
        with pytest.raises(TypeError) as info:
            br.score_round(rules, cards, activity)
        assert str(info.value) == message


def test_sheet_rows_by_name() -> None:
    [sheet, _] = br.score_sheets(random_game(RULES, 2, 4))
    assert [sheet[row] for row in br.ROWS] == [getattr(sheet, row) for row in br.ROWS]
    assert [sheet.row_total(row) for row in br.ROWS] == [
        *(sum(getattr(sheet, row)) for row in br.ROWS[:4]), sheet.sites, sheet.regions, sheet.total]
    with pytest.raises(KeyError, match=r"^'round_total'$"):
        sheet["round_total"]


def test_state_of_an_invalid_record_says_so_first() -> None:
    record = example(2)
    record["players"] = ["solo"]
    with pytest.raises(br.InvalidInput) as info:
        br.state_of(record)
    assert str(info.value) == "not a valid game record:\n/players: 1 players; 'standard' is for 2 to 4 [players-count]"
