"""Boomerang (2010), a second reading: hand-computed scoring tables and hunts.

Every expected value below was worked out by hand from the rules reference
(../shared/reference/boomerang-2010.md) and the seed's example, never by running the code.
"""

from __future__ import annotations

from collections.abc import Sequence

import boomerang_rules as br
from boomerang_rules import boomerang2010 as b10
from boomerang_rules.core.loading import rules_data, rules_from_data

RULES = br.load_rules("boomerang-2010")

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


def drive(state: b10.GameState, tokens: Sequence[str], hunt: Sequence[tuple[int, str]]) -> b10.GameState:
    """Every seat's token in seat order, then the hunt's (seat, action) pairs, each checked to be that seat's turn."""
    for seat, land in enumerate(tokens):
        state = br.apply(state, seat, land)
    for seat, action in hunt:
        assert br.to_act(state) == (seat,)
        state = br.apply(state, seat, action)
    return state


def test_a_hunt_by_hand_on_the_shipped_deck() -> None:
    # A1 dunes+prairie, B5 forest+mountains, F3 dunes+mountains, T8 prairie+rivers: rivers shows only with T8.
    top = ["A1", "B5", "F3", "T8"]
    deck = top + [c.id for c in RULES.cards if c.id not in top]
    s = b10.new_game(RULES, 3, deck=deck)
    v = b10.view(s, 0)
    assert v.river == ("A1", "B5", "F3", "T8") and v.deck_size == 50
    s = br.apply(s, 0, "dunes")
    v1 = b10.view(s, 1)
    assert v1.token is None and v1.chosen == (True, False, False)
    assert "dunes" not in repr(v1).replace("'dunes', 'forest', 'prairie', 'mountains', 'rivers'", "")
    s = br.apply(s, 1, "mountains")
    s = br.apply(s, 2, "forest")
    hunting = b10.view(s, 1)
    assert hunting.token == "mountains"
    assert "dunes" not in repr(hunting) and "forest" not in repr(hunting)
    assert "A2" not in repr(hunting)  # the next card of the deck
    s = drive(s, [], [(0, "pass"), (1, "throw"), (2, "throw"), (1, "throw"), (2, "pass")])
    # Seat 0 passed first (pot 0), seat 2 took 3, seat 1 was left with its token on top.
    # Capture: seat 1 (mountains) B5 F3; seat 2 (forest) nothing, B5 is gone; seat 0 (dunes) A1, F3 is gone.
    assert s.boomerangs == (12, 10, 14) and s.pot == 0
    assert [set(c) for c in s.captured] == [{RULES.cards.index(RULES.card("A1"))},
                                             {RULES.cards.index(RULES.card(x)) for x in ("B5", "F3")}, set()]
    after = b10.view(s, 2)
    past = after.past_rounds[0]
    assert past.stack == (0, 2, 1)
    assert past.tokens == ("dunes", "mountains", "forest")
    assert [set(c) for c in past.captures] == [{"A1"}, {"B5", "F3"}, set()]
    assert after.captured[0] == ("A1",) and set(after.captured[1]) == {"B5", "F3"} and after.captured[2] == ()
    # T8 (prairie+rivers) stays; A2 adds dunes+mountains, A3 nothing new, A4 forest: all five show.
    assert after.river == ("T8", "A2", "A3", "A4") and after.deck_size == 47
    assert after.first == 1 and after.token is None
    s = drive(s, ["rivers", "rivers", "prairie"], [])
    assert br.to_act(s) == (1,)
    s = drive(s, [], [(1, "pass"), (2, "pass")])
    # Stack: seat 1, seat 2, seat 0 on top. Seat 0 (rivers) T8 A3; seat 2 (prairie) A4; seat 1 (rivers) nothing.
    last = b10.view(s, 0)
    assert last.past_rounds[1].stack == (1, 2, 0)
    assert [set(c) for c in last.past_rounds[1].captures] == [{"T8", "A3"}, set(), {"A4"}]
    # A2 (dunes+mountains) stays; A5 adds forest, A6 rivers, A7 prairie.
    assert last.river == ("A2", "A5", "A6", "A7") and last.deck_size == 44
    assert last.first == 0 and s.boomerangs == (12, 10, 14)
    assert b10.validate_record(b10.record_of(s)) == []


def tiny_rules() -> b10.Ruleset:
    """Five cards: C1 armadillo dunes+forest, C2 bird prairie+mountains, C3 fish rivers+dunes,
    C4 armadillo forest+prairie, C5 bird mountains+rivers."""
    data = rules_data(RULES)
    data["id"] = "tiny-boomerang"
    data["cards"] = [
        {"id": "C1", "animal": "armadillo", "lands": ["dunes", "forest"]},
        {"id": "C2", "animal": "bird", "lands": ["prairie", "mountains"]},
        {"id": "C3", "animal": "fish", "lands": ["rivers", "dunes"]},
        {"id": "C4", "animal": "armadillo", "lands": ["forest", "prairie"]},
        {"id": "C5", "animal": "bird", "lands": ["mountains", "rivers"]},
    ]
    rules = rules_from_data(data)
    assert isinstance(rules, b10.Ruleset)
    return rules


def test_a_whole_game_by_hand_the_deck_runs_out_and_a_card_is_left() -> None:
    rules = tiny_rules()
    s = b10.new_game(rules, 3, deck=["C1", "C2", "C3", "C4", "C5"])
    assert b10.view(s, 0).river == ("C1", "C2", "C3") and b10.view(s, 0).deck_size == 2
    # Round 1: seat 0 throws, seat 1 passes (takes 1), seat 2 passes (takes 0); seat 0 is left, on top.
    s = drive(s, ["rivers", "dunes", "prairie"], [(0, "throw"), (1, "pass"), (2, "pass")])
    assert s.boomerangs == (11, 13, 12)
    v = b10.view(s, 1)
    assert v.captured == (("C3",), ("C1",), ("C2",)) and v.first == 0
    # Round 2: the deck runs out before dunes shows; the river is C4 C5 and the round is played.
    assert v.river == ("C4", "C5") and v.deck_size == 0 and not b10.is_over(s)
    s = drive(s, ["dunes", "dunes", "mountains"], [(0, "pass"), (1, "throw"), (2, "throw"), (1, "pass")])
    # Stack: 0, 1, then 2 (left) on top: seat 2 takes C5; seats 1 and 0 (dunes) find nothing. C4 stays.
    assert b10.is_over(s)
    assert s.boomerangs == (11, 14, 11) and s.pot == 0
    end = b10.view(s, 0)
    assert end.captured == (("C3",), ("C1",), ("C2", "C5")) and end.river == ("C4",)
    # Fish 1 (seat 0), armadillo 1 (seat 1), birds 2 (seat 2); sets 1, 2, 1: totals 2, 3, 3; seat 1 has more.
    assert [x.total for x in b10.score_sheets(s)] == [2, 3, 3]
    assert b10.winners(s) == [1]
    assert b10.winners_of(rules, cards=[["C3"], ["C1"], ["C2", "C5"]], boomerangs=[11, 14, 11]) == [1]


def test_four_players_the_turn_skips_passers_and_the_last_left_opens_next() -> None:
    top = ["A1", "B5", "F3", "T8"]
    s = b10.new_game(RULES, 4, deck=top + [c.id for c in RULES.cards if c.id not in top])
    s = drive(s, ["prairie", "dunes", "mountains", "prairie"],
              [(0, "throw"), (1, "pass"), (2, "throw"), (3, "throw"), (0, "throw"), (2, "pass"), (3, "throw"),
               (0, "pass")])
    # Pot: 1 (seat 1 takes it), then 1, 2, 3 (seat 2 takes 3), then 1 (seat 0 takes it); seat 3 is left.
    assert s.boomerangs == (11, 13, 14, 10) and s.pot == 0
    v = b10.view(s, 1)
    assert v.past_rounds[0].stack == (1, 2, 0, 3)
    # Seat 3 (prairie) A1 T8; seat 0 (prairie) nothing; seat 2 (mountains) B5 F3; seat 1 (dunes) nothing.
    assert [set(c) for c in v.past_rounds[0].captures] == [set(), set(), {"B5", "F3"}, {"A1", "T8"}]
    assert v.river == ("A2", "A3", "A4") and v.first == 3
    s = drive(s, ["rivers", "rivers", "rivers", "rivers"], [])
    assert br.to_act(s) == (3,)
    s = drive(s, [], [(3, "throw"), (0, "throw"), (1, "pass")])
    assert br.to_act(s) == (2,) and s.boomerangs == (10, 15, 14, 9)
