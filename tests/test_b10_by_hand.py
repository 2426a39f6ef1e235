"""Boomerang (2010) played by hand from the reference: situations whose every step is computed in
the docstring, each seat's view checked against what the rules let it see.

The five-player game is the largest table the reference allows; the end of the game is pinned
where the deck's last card completes the river, a reading the reference decides ("the game ends
when a round starts with an empty deck").
"""

from __future__ import annotations

from collections.abc import Sequence

import boomerang_rules as br
from boomerang_rules import boomerang2010 as b10
from boomerang_rules.core.loading import rules_from_data

from .helpers import b10_with_cards

RULES = br.load_rules("boomerang-2010")


def hunt(state: b10.GameState, decisions: Sequence[tuple[int, str]]) -> b10.GameState:
    """The hunt's (seat, action) pairs in order, each checked to be that seat's turn and legal."""
    for seat, action in decisions:
        assert br.to_act(state) == (seat,)
        assert action in br.legal_actions(state, seat)
        state = br.apply(state, seat, action)
    return state


def choose(state: b10.GameState, lands: dict[int, str]) -> b10.GameState:
    """Each seat's land, in the order given (the choice is simultaneous: any order)."""
    for seat, land in lands.items():
        state = br.apply(state, seat, land)
    return state


def test_five_players_two_rounds_by_hand_on_the_shipped_deck() -> None:
    """Five seats, 60 boomerangs. Deck top B1 (dunes/forest), K1 (dunes/forest), F5
    (forest/prairie), A9 (mountains/rivers): B1 shows dunes and forest, K1 nothing new, F5 adds
    prairie, A9 mountains and rivers, so the river is those four and 50 cards stay down.

    Round 1, tokens 0 forest, 1 dunes, 2 mountains, 3 prairie, 4 forest; seat 0 opens. 0 throws
    (pot 1), 1 throws (2), 2 passes taking 2 (14), 3 throws (1), 4 throws (2), 0 throws (3), 1
    passes taking 3 (14), 3 throws (1), 4 passes taking 1 (12), 0 passes taking 0 (10): seat 3 is
    left with 10, its token on top. Stack bottom to top 2, 1, 4, 0, 3. Capture: 3 (prairie) F5;
    0 (forest) B1 K1; 4 (forest) nothing left; 1 (dunes) nothing left; 2 (mountains) A9. The river
    is empty; boomerangs 10, 14, 14, 10, 12 (60).

    Round 2, seat 3 opens (the last left), turn order 3, 4, 0, 1, 2. T3 (dunes/rivers), T7
    (prairie/mountains), L5 (forest/mountains) show all five. Tokens 0 mountains, 1 rivers, 2
    dunes, 3 forest, 4 mountains. 3 passes taking 0, 4 throws (1), 0 passes taking 1 (11), 1
    throws (1), 2 throws (2), 4 passes taking 2 (13), 1 throws (1), 2 passes taking 1 (14): seat
    1 is left with 12, on top. Stack 3, 0, 4, 2, 1. Capture: 1 (rivers) T3; 2 (dunes) nothing;
    4 (mountains) T7 L5; 0 (mountains) nothing; 3 (forest) nothing. Boomerangs 11, 12, 14, 10,
    13 (60); seat 1 opens round 3."""
    top = ["B1", "K1", "F5", "A9", "T3", "T7", "L5"]
    s = b10.new_game(RULES, 5, deck=top + [c.id for c in RULES.cards if c.id not in top])
    for seat in range(5):
        v = br.view(s, seat)
        assert (v.river, v.deck_size, v.boomerangs, v.first, v.pot) == (("B1", "K1", "F5", "A9"), 50, (12,) * 5, 0, 0)
        assert v.legal_actions == RULES.lands and v.token is None and v.chosen == (False,) * 5
    s = choose(s, {3: "prairie", 0: "forest"})
    assert br.to_act(s) == (1, 2, 4)
    for seat in range(5):  # who has chosen is seen by all; which land, by the chooser alone
        v = br.view(s, seat)
        assert v.chosen == (True, False, False, True, False)
        assert v.token == {0: "forest", 3: "prairie"}.get(seat)
    s = choose(s, {1: "dunes", 2: "mountains", 4: "forest"})
    assert br.to_act(s) == (0,) and s.phase == "hunt"
    s = hunt(s, [(0, "throw"), (1, "throw"), (2, "pass"), (3, "throw"), (4, "throw"), (0, "throw"), (1, "pass"),
                 (3, "throw")])
    for seat in range(5):  # mid-hunt: seat 4 to act, pot 1; 2 and 1 out, their tokens down on the stack
        v = br.view(s, seat)
        assert (v.active, v.stack, v.pot, v.boomerangs) == ((4, 0, 3), (2, 1), 1, (10, 14, 14, 10, 11))
        assert v.hunt == ("throw", "throw", "pass", "throw", "throw", "throw", "pass", "throw")
        assert v.legal_actions == (("pass", "throw") if seat == 4 else ())
        assert v.token == ("forest", "dunes", "mountains", "prairie", "forest")[seat] and v.past_rounds == ()
    s = hunt(s, [(4, "pass"), (0, "pass")])
    assert s.round == 1 and s.boomerangs == (10, 14, 14, 10, 12) and s.pot == 0
    for seat in range(5):
        v = br.view(s, seat)
        past = v.past_rounds[0]
        assert past.stack == (2, 1, 4, 0, 3) and past.first == 0
        assert past.tokens == ("forest", "dunes", "mountains", "prairie", "forest")  # revealed by the capture
        assert past.captures == (("B1", "K1"), (), ("A9",), ("F5",), ())
        assert v.captured == past.captures and v.token is None and v.first == 3
        assert (v.river, v.deck_size, v.phase) == (("T3", "T7", "L5"), 47, "tokens")
    s = choose(s, {0: "mountains", 1: "rivers", 2: "dunes", 3: "forest", 4: "mountains"})
    assert br.to_act(s) == (3,)
    s = hunt(s, [(3, "pass"), (4, "throw"), (0, "pass"), (1, "throw"), (2, "throw"), (4, "pass"), (1, "throw"),
                 (2, "pass")])
    assert s.round == 2 and s.first == 1 and s.boomerangs == (11, 12, 14, 10, 13) and sum(s.boomerangs) == 60
    past = br.view(s, 4).past_rounds[1]
    assert past.stack == (3, 0, 4, 2, 1) and past.first == 3
    assert past.captures == ((), ("T3",), (), (), ("T7", "L5"))
    assert br.view(s, 2).captured == (("B1", "K1"), ("T3",), ("A9",), ("F5",), ("T7", "L5"))
    assert br.to_act(s) == (0, 1, 2, 3, 4) and br.validate_record(br.record_of(s)) == []


def test_the_deck_s_last_card_completing_the_river_makes_that_round_the_last() -> None:
    """Five cards: C1 armadillo dunes/forest, C2 bird prairie/mountains, C3 fish rivers/dunes, C4
    armadillo forest/prairie, C5 bird mountains/rivers, dealt in that order to three seats.

    Round 1: C1 C2 C3 show all five; C4 and C5 stay down. Everyone hunts mountains; 0 and 1 pass,
    2 is left on top and takes C2. C1 C3 stay (dunes, forest, rivers). Round 2, seat 2 opens: C4
    adds prairie, C5 mountains; the deck's last card completes the river. Tokens 0 dunes, 1
    prairie, 2 forest. 2 throws (11), 0 passes taking 1 (13), 1 passes taking 0 (12): 2 is left on
    top. Capture: 2 (forest) C1 C4; 1 (prairie) nothing; 0 (dunes) C3. C5 stays, and the deck is
    empty: the game ends, no round is played on C5 (it shows only mountains and rivers).
    Scores: armadillo 2 (seat 2: C1 C4), bird 1 (seat 2: C2), fish 1 (seat 0: C3); sets 13 → 2,
    12 → 2, 11 → 1. Totals 0: 1 + 2 = 3, 1: 0 + 2 = 2, 2: 3 + 1 = 4; seat 2 wins."""
    rules = b10_with_cards(("C1", "armadillo", "dunes", "forest"), ("C2", "bird", "prairie", "mountains"),
                           ("C3", "fish", "rivers", "dunes"), ("C4", "armadillo", "forest", "prairie"),
                           ("C5", "bird", "mountains", "rivers"))
    s = b10.new_game(rules, 3, deck=["C1", "C2", "C3", "C4", "C5"])
    assert (br.view(s, 0).river, br.view(s, 0).deck_size) == (("C1", "C2", "C3"), 2)
    s = hunt(choose(s, {0: "mountains", 1: "mountains", 2: "mountains"}), [(0, "pass"), (1, "pass")])
    assert br.view(s, 0).captured == ((), (), ("C2",)) and s.first == 2
    v = br.view(s, 1)
    assert (v.river, v.deck_size, v.phase, br.is_over(s)) == (("C1", "C3", "C4", "C5"), 0, "tokens", False)
    s = hunt(choose(s, {0: "dunes", 1: "prairie", 2: "forest"}), [(2, "throw"), (0, "pass"), (1, "pass")])
    assert br.is_over(s) and br.to_act(s) == () and s.round == 2
    for seat in range(3):
        v = br.view(s, seat)
        assert (v.phase, v.river, v.deck_size) == ("over", ("C5",), 0)
        assert v.captured == (("C3",), (), ("C2", "C1", "C4"))
        assert v.past_rounds[1].captures == (("C3",), (), ("C1", "C4"))
    sheets = br.score_sheets(s)
    assert rules.animals == ("armadillo", "bird", "fish")  # only the animals the cards show (animal-in-deck)
    assert [dict(x.animals) for x in sheets] == [{"armadillo": 0, "bird": 0, "fish": 1},
                                                 dict.fromkeys(rules.animals, 0),
                                                 {"armadillo": 2, "bird": 1, "fish": 0}]
    assert [(x.boomerangs, x.sets, x.total) for x in sheets] == [(13, 2, 3), (12, 2, 2), (11, 1, 4)]
    assert br.winners(s) == (2,)
    assert br.validate_record(br.record_of(s)) == []


def test_without_boomerangs_every_seat_must_pass_and_the_last_in_turn_order_is_left() -> None:
    """A ruleset whose seats start with no boomerang (the schema allows 0): every hunt decision is
    a forced ``pass``. Four seats, round 1 opened by seat 0: 0, 1, 2 pass in turn order and seat 3
    is left, its token on top; it opens round 2, where 3, 0, 1 pass and seat 2 is left. The river
    of the shipped deck's first cards, A1 (dunes/prairie), B5 (forest/mountains), F3
    (dunes/mountains), T8 (prairie/rivers): seat 3 hunts dunes and takes A1 F3 first; seat 2
    (dunes) then finds nothing; seat 1 (rivers) T8; seat 0 (mountains) B5 (F3 is gone). The
    river is empty, and round 2 turns A2 (dunes/mountains), A3 (dunes/rivers), A4 (forest/prairie)."""
    data = br.rules_data(RULES)
    data.update(id="no-boomerangs", boomerangs_each=0)
    rules = rules_from_data(data)
    top = ["A1", "B5", "F3", "T8"]
    s = b10.new_game(rules, 4, deck=top + [c.id for c in rules.cards if c.id not in top])
    s = choose(s, {0: "mountains", 1: "rivers", 2: "dunes", 3: "dunes"})
    for seat in (0, 1, 2):
        assert br.legal_actions(s, seat) == ("pass",) and br.view(s, seat).legal_actions == ("pass",)
        s = hunt(s, [(seat, "pass")])
    assert s.round == 1 and s.first == 3 and s.boomerangs == (0, 0, 0, 0)
    past = br.view(s, 0).past_rounds[0]
    assert past.stack == (0, 1, 2, 3) and past.hunt == ("pass",) * 3
    assert past.captures == (("B5",), ("T8",), (), ("A1", "F3"))
    assert br.view(s, 0).river == ("A2", "A3", "A4")
    s = choose(s, dict.fromkeys(range(4), "forest"))
    s = hunt(s, [(3, "pass"), (0, "pass"), (1, "pass")])
    assert s.history[1].stack == (3, 0, 1, 2) and s.first == 2
    assert [x.sets for x in br.score_sheets(s)] == [0, 0, 0, 0]
