"""Boomerang (2010) scoring: the seed's example, majorities with ties, sets of boomerangs, the tie-break."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings

import boomerang_rules as br
from boomerang_rules import boomerang2010 as b10
from boomerang_rules import strategies as bst
from boomerang_rules.core.loading import rules_data, rules_from_data

RULES = br.load_rules("boomerang-2010")


def table(counts: Sequence[dict[str, int]], rules: b10.Ruleset = RULES) -> list[list[str]]:
    """Card ids giving each seat ``counts[seat][animal]`` cards of that animal, taken from the deck."""
    free = {a: [c.id for c in rules.cards if c.animal == a] for a in rules.animals}
    return [[free[a].pop() for a, k in seat.items() for _ in range(k)] for seat in counts]


ANIMALS = ("armadillo", "bird", "fish", "kangaroo", "lizard", "turtle")


def seat(*counts: int) -> dict[str, int]:
    return dict(zip(ANIMALS, counts))


# The seed's example: Alice, Bob and Grace.
SEED_CARDS = [seat(3, 3, 1, 3, 5, 2), seat(2, 2, 1, 3, 4, 2), seat(4, 3, 7, 3, 0, 3)]
SEED_BOOMERANGS = [11, 20, 5]


def test_the_seeds_example() -> None:
    s = b10.final_scores(RULES, cards=table(SEED_CARDS), boomerangs=SEED_BOOMERANGS)
    assert [x.total for x in s] == [12, 6, 20]
    assert dict(s[0].animals) == seat(0, 3, 0, 3, 5, 0) and s[0].sets == 1
    assert dict(s[1].animals) == seat(0, 0, 0, 3, 0, 0) and s[1].sets == 3
    assert dict(s[2].animals) == seat(4, 3, 7, 3, 0, 3) and s[2].sets == 0
    won = b10.winners_of(RULES, cards=table(SEED_CARDS), boomerangs=SEED_BOOMERANGS)
    assert won == (2,) and won == [2] and won != [1] and won != (2, 0) and hash(won) == hash((2,))


def test_the_seeds_example_through_the_top_level_loader() -> None:
    s = b10.final_scores(br.load_rules("boomerang-2010"), cards=table(SEED_CARDS), boomerangs=SEED_BOOMERANGS)
    assert s[2].animals["fish"] == 7 and s[1].cards["lizard"] == 4


@pytest.mark.parametrize(("counts", "points"), [
    ([2, 2, 1], [2, 2, 0]),          # two tied leaders both score
    ([3, 3, 3], [3, 3, 3]),          # everyone tied: everyone scores
    ([0, 0, 0], [0, 0, 0]),          # nobody holds it: nobody scores
    ([1, 0, 0], [1, 0, 0]),
    ([2, 3, 3], [0, 3, 3]),
])
def test_majorities_with_ties(counts: list[int], points: list[int]) -> None:
    s = b10.final_scores(RULES, cards=table([{"turtle": k} for k in counts]), boomerangs=[0, 0, 0])
    assert [x.animals["turtle"] for x in s] == points
    assert [x.total for x in s] == points
    assert all(x.animals[a] == 0 for x in s for a in ANIMALS if a != "turtle")


@pytest.mark.parametrize(("held", "sets"), [(0, 0), (5, 0), (6, 1), (11, 1), (12, 2), (36, 6)])
def test_one_point_per_full_set_of_boomerangs(held: int, sets: int) -> None:
    [s] = b10.final_scores(RULES, cards=[[]], boomerangs=[held])
    assert s.sets == sets and s.total == sets and s.boomerangs == held


def test_set_size_comes_from_the_ruleset() -> None:
    data: dict[str, Any] = rules_data(RULES)
    data.update(boomerangs_per_point=4, id="sets-of-four")
    rules = rules_from_data(data)
    assert [s.sets for s in b10.final_scores(rules, cards=[[], []], boomerangs=[7, 8])] == [1, 2]


def test_tie_break_most_boomerangs_then_shared() -> None:
    # Seat 0 scores 2 for its lizards; the others score their sets of boomerangs.
    cards = table([seat(0, 0, 0, 0, 2, 0), seat(0, 0, 0, 0, 0, 0), seat(0, 0, 0, 0, 0, 0)])
    assert b10.winners_of(RULES, cards=cards, boomerangs=[5, 13, 12]) == (1,)      # 2+0 vs 2 vs 2: 13 > 12 > 5
    assert b10.winners_of(RULES, cards=cards, boomerangs=[5, 12, 12]) == (1, 2)    # still tied: shared
    assert b10.winners_of(RULES, cards=cards, boomerangs=[12, 12, 12]) == (0,)     # 2 + 2 sets beats 2


def test_without_tie_breakers_a_tie_on_total_is_shared() -> None:
    data: dict[str, Any] = rules_data(RULES)
    data.update(tie_breakers=[], id="no-tie-break")
    rules = rules_from_data(data)
    assert b10.winners_of(rules, cards=[[], []], boomerangs=[6, 11]) == (0, 1)
    assert b10.winners_of(RULES, cards=[[], []], boomerangs=[6, 11]) == (1,)


def test_bad_input_names_each_place() -> None:
    with pytest.raises(br.InvalidInput) as exc:
        b10.final_scores(RULES, cards=[["A1", "ZZ"], ["A1"]], boomerangs=[3, -1])
    found = {(p.pointer, p.rule) for p in exc.value.problems}
    assert found == {("/cards/0/1", "card-known"), ("/cards/1/0", "card-unique"), ("/boomerangs/1", "boomerangs-count")}
    with pytest.raises(br.InvalidInput) as exc:
        b10.final_scores(RULES, cards=[[], []], boomerangs=[3])
    assert exc.value.problems[0].rule == "seat-count"


def plain_scores(rules: b10.Ruleset, cards: list[list[str]], boomerangs: list[int]) -> list[int]:
    """The rules restated as plainly as possible, to compare with the scorer."""
    animal = {c.id: c.animal for c in rules.cards}
    totals = []
    for mine, held in zip(cards, boomerangs):
        total = held // rules.boomerangs_per_point
        for a in rules.animals:
            n = sum(1 for c in mine if animal[c] == a)
            if n > 0 and all(sum(1 for c in theirs if animal[c] == a) <= n for theirs in cards):
                total += n
        totals.append(total)
    return totals


@settings(max_examples=60, deadline=None)
@given(bst.b10_tables())
def test_scores_match_a_plain_restatement(case: tuple[b10.Ruleset, list[list[str]], list[int]]) -> None:
    rules, cards, boomerangs = case
    s = b10.final_scores(rules, cards, boomerangs)
    totals = plain_scores(rules, cards, boomerangs)
    assert [x.total for x in s] == totals
    assert all(x.total == sum(x.animals.values()) + x.sets for x in s)
    best = max(totals)
    leaders = [i for i, t in enumerate(totals) if t == best]
    if rules.tie_breakers:
        most = max(boomerangs[i] for i in leaders)
        leaders = [i for i in leaders if boomerangs[i] == most]
    assert list(b10.winners_of(rules, cards, boomerangs)) == leaders


def test_a_boomerang_2010_sheet_refuses_an_unknown_row_by_its_name() -> None:
    rules = br.load_rules("boomerang-2010")
    [sheet, _] = b10.final_scores(rules, [[c.id for c in rules.cards[:3]], []], [2, 0])
    assert [sheet.row_total(row) for row in b10.ROWS] == [
        sum(sheet.cards.values()), sum(sheet.animals.values()), 2, sheet.sets, sheet.total]
    for row in ("nope", "ROWS", "as_dict"):
        with pytest.raises(KeyError) as info:
            sheet.row_total(row)
        assert info.value.args == (row,)


# The seed's example, card by card (shipped ids: A armadillo, B bird, F fish, K kangaroo, L lizard, T turtle).
ALICE = ["A1", "A2", "A3", "B1", "B2", "B3", "F1", "K1", "K2", "K3", "L1", "L2", "L3", "L4", "L5", "T1", "T2"]


BOB = ["A4", "A5", "B4", "B5", "F2", "K4", "K5", "K6", "L6", "L7", "L8", "L9", "T3", "T4"]


GRACE = ["A6", "A7", "A8", "A9", "B6", "B7", "B8", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "K7", "K8", "K9",
         "T5", "T6", "T7"]


def test_the_seeds_example_animal_by_animal() -> None:
    s = b10.final_scores(RULES, cards=[ALICE, BOB, GRACE], boomerangs=[11, 20, 5])
    assert dict(s[0].animals) == {"armadillo": 0, "bird": 3, "fish": 0, "kangaroo": 3, "lizard": 5, "turtle": 0}
    assert dict(s[1].animals) == {"armadillo": 0, "bird": 0, "fish": 0, "kangaroo": 3, "lizard": 0, "turtle": 0}
    assert dict(s[2].animals) == {"armadillo": 4, "bird": 3, "fish": 7, "kangaroo": 3, "lizard": 0, "turtle": 3}
    assert [x.sets for x in s] == [1, 3, 0]
    assert [x.total for x in s] == [12, 6, 20]
    assert b10.winners_of(RULES, cards=[ALICE, BOB, GRACE], boomerangs=[11, 20, 5]) == [2]


def test_sets_at_5_6_11_12_boomerangs() -> None:
    s = b10.final_scores(RULES, cards=[[], [], [], []], boomerangs=[5, 6, 11, 12])
    assert [x.sets for x in s] == [0, 1, 1, 2]
    assert [x.total for x in s] == [0, 1, 1, 2]
    assert b10.winners_of(RULES, cards=[[], [], [], []], boomerangs=[5, 6, 11, 12]) == [3]


def test_majority_ties_every_leader_scores_and_the_rest_nothing() -> None:
    # Lizards 2 / 2 / 1: both leaders score 2, the third 0. Kangaroos 1 / 1 / 1: everyone scores 1.
    cards = [["L1", "L2", "K1"], ["L3", "L4", "K2"], ["L5", "K3"]]
    s = b10.final_scores(RULES, cards=cards, boomerangs=[0, 0, 0])
    assert [x.animals["lizard"] for x in s] == [2, 2, 0]
    assert [x.animals["kangaroo"] for x in s] == [1, 1, 1]
    assert [x.animals["fish"] for x in s] == [0, 0, 0]
    assert [x.total for x in s] == [3, 3, 1]
    assert b10.winners_of(RULES, cards=cards, boomerangs=[0, 0, 0]) == [0, 1]


def test_tie_on_total_goes_to_most_boomerangs_then_is_shared() -> None:
    # Seat 0: 2 armadillos = 2, 0 boomerangs; seat 1: 1 bird + 6 boomerangs = 2; seat 2: 11 boomerangs = 1.
    assert b10.winners_of(RULES, cards=[["A1", "A2"], ["B1"], []], boomerangs=[0, 6, 11]) == [1]
    # Seat 0: 1 armadillo + 1 set; seat 1: 1 bird + 1 set; both 2 with 7 boomerangs: shared.
    assert b10.winners_of(RULES, cards=[["A1"], ["B1"], []], boomerangs=[7, 7, 0]) == [0, 1]
    # Tied on the total, the boomerangs decide even inside the same set count (11 beats 6).
    assert b10.winners_of(RULES, cards=[["A1"], ["B1"], []], boomerangs=[6, 11, 0]) == [1]


def test_a_table_without_seats_scores_nothing() -> None:
    assert b10.final_scores(RULES, [], []) == ()
    assert b10.winners_of(RULES, [], []) == []


def test_a_claimed_animal_row_names_each_wrong_or_missing_animal() -> None:
    """A sheet's ``animals`` (and ``cards``) map each animal to a number: a problem a wrong or
    missing entry, each with what the rules give (a missing one at its row, in words: it was
    "claimed None")."""
    s = b10.new_game(RULES, 3, seed=4)
    rnd = random.Random(1)
    while not b10.is_over(s):
        seat = b10.to_act(s)[0]
        s = b10.apply(s, seat, rnd.choice(b10.legal_actions(s, seat)))
    record = br.record_of(s)
    row = record["result"]["sheets"][1]["animals"]
    first, last = sorted(row)[0], sorted(row)[-1]
    right = row[first], row[last]
    del row[first]
    row[last] += 1
    assert [str(p) for p in b10.validate_record(record)] == [
        f"/result/sheets/1/animals: the entry {first!r} is missing: the rules give {right[0]} [result-sheet]",
        f"/result/sheets/1/animals/{last}: claimed {right[1] + 1}, the rules give {right[1]} [result-sheet]"]
