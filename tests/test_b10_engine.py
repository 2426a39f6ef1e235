"""Boomerang (2010) engine: the river, the secret tokens, the hunt, the capture, the rounds and the end."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import boomerang2010 as b10
from boomerang_rules import strategies as bst
from boomerang_rules.boomerang2010.tables import tables_for
from boomerang_rules.core.loading import rules_data, rules_from_data

from .helpers import b10_with_cards

RULES = br.load_rules("boomerang-2010")


def card_with(*lands: str, avoid: Sequence[str] = ()) -> str:
    """A card of the shipped deck showing exactly these two lands, not already in ``avoid``."""
    found: str = next(c.id for c in RULES.cards if set(c.lands) == set(lands) and c.id not in avoid)
    return found


def deck_starting(*first: str) -> list[str]:
    """The whole deck, ``first`` on top, the other cards after them in the ruleset's order."""
    return [*first, *(c.id for c in RULES.cards if c.id not in first)]


def lands_of(cid: str) -> set[str]:
    return set(RULES.card(cid).lands)


def drive(state: b10.GameState, tokens: Sequence[str], hunt: Sequence[str]) -> b10.GameState:
    """Choose ``tokens`` (one per seat), then make the ``hunt`` decisions, each by the seat whose turn it is."""
    for seat, land in enumerate(tokens):
        state = br.apply(state, seat, land)
    for action in hunt:
        [seat] = br.to_act(state)
        state = br.apply(state, seat, action)
    return state


def test_the_shipped_ruleset_is_the_references_components_and_says_its_deck_is_assumed() -> None:
    """The reference: 3-5 players, 12 boomerangs each, a point per 6 held, five lands, six animals,
    54 cards of one animal and two different lands; the deck assumed (9 of each animal, the land
    pairs spread as evenly as possible over the 10 pairs), and the data file says so."""
    from collections import Counter
    from itertools import combinations

    assert (RULES.players.min, RULES.players.max) == (3, 5)
    assert (RULES.boomerangs_each, RULES.boomerangs_per_point, RULES.tie_breakers) == (12, 6, ("boomerangs",))
    assert set(RULES.lands) == {"dunes", "forest", "prairie", "mountains", "rivers"}
    assert set(RULES.animals) == {"armadillo", "bird", "fish", "kangaroo", "lizard", "turtle"}
    assert len(RULES.cards) == 54 and all(len(set(c.lands)) == 2 for c in RULES.cards)
    assert Counter(c.animal for c in RULES.cards) == dict.fromkeys(RULES.animals, 9)
    pairs = Counter(frozenset(c.lands) for c in RULES.cards)
    assert sorted(pairs.values()) == [5] * 6 + [6] * 4 and len(pairs) == 10
    every_pair = {frozenset(p) for p in combinations(RULES.lands, 2)}
    lacking = [every_pair - {frozenset(c.lands) for c in RULES.cards if c.animal == a} for a in RULES.animals]
    assert all(len(x) == 1 for x in lacking) and len(set().union(*lacking)) == 6  # one each, all different
    assert sorted(Counter(land for c in RULES.cards for land in c.lands).values()) == [21, 21, 22, 22, 22]
    assert "ASSUMPTION" in RULES.description


def test_river_turns_cards_until_every_land_shows() -> None:
    first = [card_with("dunes", "forest"), card_with("prairie", "mountains")]
    first.append(card_with("dunes", "forest", avoid=first))
    first.append(card_with("forest", "rivers"))
    s = b10.new_game(RULES, 3, deck=deck_starting(*first))
    assert s.river == s.turned and [s.tables.ids[c] for c in s.river] == first
    assert len(s.deck) == len(RULES.cards) - 4
    assert br.view(s, 0).river == tuple(first) and br.view(s, 0).deck_size == len(RULES.cards) - 4


def test_the_river_has_no_seven_card_limit() -> None:
    """Reference, "Do not carry over from Lascaux": Lascaux's river also stops at seven cards;
    this game's turns cards up until all five lands show, however many that takes. Nine cards
    here: eight showing only dunes, forest and prairie, then one with mountains and rivers."""
    three = [c.id for c in RULES.cards if set(c.lands) <= {"dunes", "forest", "prairie"}][:8]
    last = card_with("mountains", "rivers")
    s = b10.new_game(RULES, 3, deck=deck_starting(*three, last))
    assert [s.tables.ids[c] for c in s.river] == [*three, last]
    assert br.view(s, 0).deck_size == len(RULES.cards) - 9


def test_cards_left_in_the_river_count_for_the_next_river() -> None:
    # Round 1: river a(dunes/forest) b(prairie/mountains) c(mountains/rivers). Everyone hunts dunes:
    # a goes; b and c stay, showing prairie, mountains, rivers; the next river needs dunes and forest.
    a, b, c = card_with("dunes", "forest"), card_with("prairie", "mountains"), card_with("mountains", "rivers")
    d = card_with("dunes", "prairie")
    e = card_with("forest", "rivers")
    s = b10.new_game(RULES, 3, deck=deck_starting(a, b, c, d, e))
    assert [s.tables.ids[x] for x in s.river] == [a, b, c]
    s = drive(s, ["dunes"] * 3, ["pass", "pass"])
    assert s.round == 1
    assert [s.tables.ids[x] for x in s.turned] == [d, e]
    assert [s.tables.ids[x] for x in s.river] == [b, c, d, e]


def test_the_hunt_in_turn_order_and_the_pot() -> None:
    s = b10.new_game(RULES, 4, seed=3)
    s = drive(s, ["dunes", "forest", "prairie", "rivers"], [])
    assert br.to_act(s) == (0,) and br.legal_actions(s, 0) == ("pass", "throw")
    for seat in (0, 1, 2):
        s = br.apply(s, seat, "throw")
    assert s.pot == 3 and s.boomerangs == (11, 11, 11, 12)
    s = br.apply(s, 3, "pass")                       # seat 3 takes the pot and leaves the hunt
    assert s.boomerangs == (11, 11, 11, 15) and s.pot == 0 and s.stack == (3,)
    assert br.to_act(s) == (0,)                      # back to seat 0: seat 3 is out
    s = br.apply(s, 0, "throw")
    s = br.apply(s, 1, "pass")                       # takes the 1 boomerang seat 0 threw
    assert s.boomerangs == (10, 12, 11, 15) and br.to_act(s) == (2,)
    with pytest.raises(br.IllegalAction, match="seat 1 has passed"):
        br.apply(s, 1, "throw")
    with pytest.raises(br.IllegalAction, match="seat 2's turn"):
        br.apply(s, 0, "pass")
    s = br.apply(s, 2, "pass")                       # seat 0 is the last left: the round ends
    log = s.history[0]
    assert log.stack == (3, 1, 2, 0) and log.hunt == ("throw",) * 3 + ("pass", "throw", "pass", "pass")
    assert s.round == 1 and s.first == 0
    assert sum(s.boomerangs) == 4 * 12


def test_a_player_without_boomerangs_must_pass() -> None:
    data = br.rules_data(RULES)
    data.update(boomerangs_each=1, id="one-boomerang")
    rules = rules_from_data(data)
    s = drive(b10.new_game(rules, 3, seed=1), ["dunes", "forest", "rivers"], ["throw", "throw", "throw"])
    assert s.boomerangs == (0, 0, 0) and s.pot == 3
    assert br.legal_actions(s, 0) == ("pass",)
    with pytest.raises(br.IllegalAction, match="no boomerang left"):
        br.apply(s, 0, "throw")
    s = br.apply(s, 0, "pass")
    assert s.boomerangs == (3, 0, 0)


def test_capture_from_the_top_of_the_stack_down() -> None:
    # River: x shows dunes and forest; y dunes and prairie; z forest and rivers; w mountains and rivers.
    x = card_with("dunes", "forest")
    y = card_with("dunes", "prairie")
    z = card_with("forest", "rivers")
    w = card_with("mountains", "rivers")
    s = b10.new_game(RULES, 3, deck=deck_starting(x, y, z, w))
    assert [s.tables.ids[c] for c in s.river] == [x, y, z, w]
    # Seat 0 (dunes) passes first: bottom. Seat 1 (forest) throws, seat 2 (rivers) passes: seat 1 is last, on top.
    s = drive(s, ["dunes", "forest", "rivers"], ["pass", "throw", "pass"])
    log = s.history[0]
    assert log.stack == (0, 2, 1)
    took = {seat: [s.tables.ids[c] for c in cards] for seat, cards in zip(reversed(log.stack), log.captures)}
    assert took == {1: [x, z], 2: [w], 0: [y]}     # forest first, then rivers, then what dunes is left
    assert s.first == 1                             # the last seat left opens the next round
    assert s.boomerangs == (12, 11, 13)
    past = br.view(s, 0).past_rounds[0]
    assert past.tokens == ("dunes", "forest", "rivers") and past.captures == ((y,), (x, z), (w,))


def test_same_land_twice_the_lower_token_finds_nothing() -> None:
    x, y = card_with("dunes", "forest"), card_with("prairie", "mountains")
    z = card_with("mountains", "rivers")
    s = b10.new_game(RULES, 3, deck=deck_starting(x, y, z))
    s = drive(s, ["mountains", "mountains", "dunes"], ["pass", "pass"])   # seat 2 last: on top
    log = s.history[0]
    assert log.stack == (0, 1, 2)
    assert [tuple(s.tables.ids[c] for c in took) for took in log.captures] == [(x,), (y, z), ()]


def test_game_ends_when_a_round_would_start_with_an_empty_deck() -> None:
    s = b10.new_game(RULES, 3, seed=11)
    rng = random.Random(0)
    rounds_seen = 0
    while not br.is_over(s):
        before = s.round
        for seat in br.to_act(s):
            s = br.apply(s, seat, rng.choice(br.legal_actions(s, seat)))
        if s.round != before:
            rounds_seen += 1
            if not br.is_over(s):
                assert s.turned                # every round that starts turns up at least one card
    assert not s.deck and s.round == rounds_seen == len(s.history)
    assert br.to_act(s) == () and br.winners(s)
    last = s.history[-1]
    assert not s.deck
    assert set(s.river) <= set(last.river)      # cards nobody took stay unhunted
    with pytest.raises(br.IllegalAction, match="game is over"):
        br.apply(s, 0, "dunes")


def test_token_choice_is_once_per_round_and_a_land() -> None:
    s = b10.new_game(RULES, 3, seed=2)
    assert br.to_act(s) == (0, 1, 2) and br.legal_actions(s, 1) == RULES.lands
    s = br.apply(s, 1, "rivers")
    assert br.to_act(s) == (0, 2) and br.legal_actions(s, 1) == ()
    with pytest.raises(br.IllegalAction, match="already chosen"):
        br.apply(s, 1, "dunes")
    with pytest.raises(br.IllegalAction, match="must choose a land"):
        br.apply(s, 0, "ocean")
    with pytest.raises(br.IllegalAction, match=r"^seat 3 does not exist in a 3-player game \(seats are 0 to 2\)$"):
        br.apply(s, 3, "dunes")
    with pytest.raises(br.IllegalAction, match=r"^seat 'x' does not exist"):
        br.apply(s, "x", "dunes")  # type: ignore[arg-type]

    class Seat(int):
        """A seat number of another integer type (numpy's, say)."""

    assert br.apply(s, Seat(2), "dunes") == br.apply(s, 2, "dunes")


def test_a_step_takes_one_action_for_each_seat_still_to_act_and_only_then() -> None:
    """A step's actions are the seats' of ``to_act``, one each: every seat's land at once only while
    none has chosen, one action a step in the hunt; what is no action is refused as given."""
    s = b10.new_game(RULES, 3, seed=2)
    lands = list(RULES.lands[:3])
    chosen = br.apply(s, 1, "rivers")
    with pytest.raises(br.IllegalAction):
        br.step(chosen, lands)  # three lands for the two seats still choosing
    assert br.step(chosen, [lands[0], lands[2]]) == br.apply(br.apply(chosen, 0, lands[0]), 2, lands[2])
    hunt = br.step(s, lands)
    assert hunt.tokens == tuple(RULES.lands.index(land) for land in lands)
    with pytest.raises(br.IllegalAction):
        br.step(hunt, lands)  # one seat hunts at a time
    with pytest.raises(br.IllegalAction, match=r"must choose a land .*not \['dunes'\]"):
        br.step(s, [["dunes"], ["dunes"], ["dunes"]])


def test_check_seat_names_the_kind_and_value_given_for_a_state() -> None:
    with pytest.raises(TypeError) as info:
        b10.engine.check_seat("x", 0)  # type: ignore[arg-type]
    assert str(info.value) == "state must be a Boomerang (2010) GameState (see new_game), not str: 'x'"
    assert b10.engine.check_seat(b10.new_game(RULES, 3, seed=2), 2) == 2


def test_new_game_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="3 to 5 players"):
        b10.new_game(RULES, 2, seed=1)
    with pytest.raises(ValueError, match="seed"):
        b10.new_game(RULES, 3)
    with pytest.raises(br.InvalidInput) as exc:
        b10.new_game(RULES, 3, deck=["A1", "A1"])
    assert {p.rule for p in exc.value.problems} == {"card-unique", "deck-complete"}
    with pytest.raises(TypeError) as wrong:
        b10.new_game("boomerang-2010", 3, seed=1)  # type: ignore[arg-type]
    assert str(wrong.value) == "rules must be a Boomerang (2010) Ruleset (see load_rules), not str: 'boomerang-2010'"
    for arguments, words in (({"seed": "1"}, "seed must be an integer seed or None (int), not str: '1'"),
                             ({"seed": 1.5}, "seed must be an integer seed or None (int), not float: 1.5"),
                             ({"deck": 5}, "deck must be a list of card ids (str), top first, not int: 5")):
        with pytest.raises(TypeError) as wrong:
            b10.new_game(RULES, 3, **arguments)
        assert str(wrong.value) == words


# --- properties --------------------------------------------------------------------------------

def all_cards(s: b10.GameState) -> list[int]:
    return [*s.deck, *s.river, *(c for cards in s.captured for c in cards)]


@settings(max_examples=30, deadline=None)
@given(bst.b10_games(finished=None))
def test_cards_and_boomerangs_are_conserved(s: b10.GameState) -> None:
    assert sorted(all_cards(s)) == list(range(len(s.rules.cards)))
    assert sum(s.boomerangs) + s.pot == s.players * s.rules.boomerangs_each
    assert all(b >= 0 for b in s.boomerangs)
    assert s.deck_order[len(s.deck_order) - len(s.deck):] == s.deck


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 5))
def test_the_same_seed_gives_the_same_game(seed: int, players: int) -> None:
    a = b10.play_game(RULES, [b10.RandomBot(RULES, seed + i) for i in range(players)], seed)
    b = b10.play_game(RULES, [b10.RandomBot(RULES, seed + i) for i in range(players)], seed)
    assert a == b and br.record_of(a) == br.record_of(b)


@settings(max_examples=30, deadline=None)
@given(bst.b10_games(finished=False), st.data())
def test_apply_never_changes_its_input(s: b10.GameState, data: st.DataObject) -> None:
    if br.is_over(s):
        return
    before, frozen = copy.deepcopy(s), pickle.dumps(s)
    seat = data.draw(st.sampled_from(br.to_act(s)))
    after = br.apply(s, seat, data.draw(st.sampled_from(br.legal_actions(s, seat))))
    assert after != s and s == before and pickle.dumps(s) == frozen


@settings(max_examples=30, deadline=None)
@given(bst.b10_games(finished=False), st.data())
def test_views_are_blind_to_other_tokens_and_the_deck_order(s: b10.GameState, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, s.players - 1))
    lands = len(s.rules.lands)
    tokens = tuple(t if x == seat or t < 0 else data.draw(st.integers(0, lands - 1)) for x, t in enumerate(s.tokens))
    deck = tuple(data.draw(st.permutations(s.deck)))
    other = attrs.evolve(s, tokens=tokens, deck=deck, deck_order=s.deck_order[: len(s.deck_order) - len(deck)] + deck)
    assert br.view(other, seat) == br.view(s, seat)
    seen = br.view(s, seat)
    assert seen.token == (None if s.tokens[seat] < 0 else s.rules.lands[s.tokens[seat]])
    assert "deck" not in attrs.fields_dict(type(seen)) and seen.deck_size == len(s.deck)


def test_integer_actions_and_step() -> None:
    n = b10.num_actions(RULES)
    assert n == len(RULES.lands) + 2
    assert [b10.action_of(RULES, i) for i in range(n)] == [*RULES.lands, "pass", "throw"]
    assert all(b10.action_id(RULES, b10.action_of(RULES, i)) == i for i in range(n))
    s = b10.new_game(RULES, 3, seed=8)
    assert b10.legal_mask(s, 0) == (1 << len(RULES.lands)) - 1
    by_step = br.step(s, ["dunes", 1, "rivers"])
    by_apply = drive(s, ["dunes", "forest", "rivers"], [])
    assert by_step == by_apply and b10.legal_mask(by_step, 0) == 0b11 << len(RULES.lands)
    with pytest.raises(br.IllegalAction):
        br.step(by_step, ["throw", "throw"])
    with pytest.raises(ValueError, match="not an action"):
        b10.action_id(RULES, "swim")


def _agrees_with_legal_actions(s: b10.GameState) -> None:
    names = [*s.rules.lands, "pass", "throw"]
    candidates = [*names, *range(-1, len(names) + 1), "land", True]
    for seat in range(s.players):
        legal = br.legal_actions(s, seat)
        for action in candidates:
            name = names[action] if isinstance(action, int) and not isinstance(action, bool) \
                and 0 <= action < len(names) else action
            if name in legal:
                after = br.apply(s, seat, action)
                assert after == br.apply(s, seat, name)
                if len(br.to_act(s)) == 1:
                    assert br.step(s, [action]) == after
            else:
                with pytest.raises(br.IllegalAction) as refused:
                    br.apply(s, seat, action)
                assert str(refused.value) == str(b10.engine._refuse(s, seat, name))


@settings(max_examples=40, deadline=None)
@given(bst.b10_games(finished=False), st.randoms(use_true_random=False))
def test_apply_takes_exactly_the_legal_actions(s: b10.GameState, rng: random.Random) -> None:
    """``apply`` checks an action without building ``legal_actions``: the two must agree, for every
    seat and every name or id, at every state to the game's end (the refusals are the plain
    code's, ``_refuse``); ``step`` equals an ``apply`` per seat."""
    while True:
        _agrees_with_legal_actions(s)
        if br.is_over(s):
            return
        seats = br.to_act(s)
        actions = [rng.choice(br.legal_actions(s, seat)) for seat in seats]
        stepped = s
        for seat, action in zip(seats, actions):
            stepped = br.apply(stepped, seat, action)
        assert br.step(s, actions) == stepped and br.step(s, tuple(actions)) == stepped
        s = stepped


def test_a_view_follows_the_state_it_is_made_from() -> None:
    """Views reuse the parts that change once a round or at a pass or throw: never across states
    that differ in them."""
    rng = random.Random(4)
    s = b10.new_game(RULES, 3, seed=4)
    while not s.history:
        seat = br.to_act(s)[0]
        s = br.apply(s, seat, rng.choice(br.legal_actions(s, seat)))
    seen = br.view(s, 0)
    assert len(seen.past_rounds) == 1 and [x.boomerangs for x in seen.scores] == list(s.boomerangs)
    more = attrs.evolve(s, boomerangs=tuple(b + 3 for b in s.boomerangs))
    assert [x.boomerangs for x in br.view(more, 0).scores] == [b + 3 for b in s.boomerangs]
    assert br.view(attrs.evolve(s, history=()), 0).past_rounds == ()
    assert br.view(attrs.evolve(s, captured=((), (), ())), 1).captured == ((), (), ())
    assert br.view(s, 0) == seen
    # The very captured cards and boomerangs under a ruleset that scores them otherwise: its own sheets.
    cheap = attrs.evolve(RULES, id="cheap-boomerangs", boomerangs_per_point=1)
    other = attrs.evolve(s, rules=cheap, tables=tables_for(cheap))
    assert other.captured is s.captured and other.boomerangs is s.boomerangs
    assert br.view(other, 0).scores == b10.score_sheets(other) != seen.scores


def drive_checked(state: b10.GameState, tokens: Sequence[str], hunt: Sequence[tuple[int, str]]) -> b10.GameState:
    """Every seat's token in seat order, then the hunt's (seat, action) pairs, each checked to be that seat's turn."""
    for seat, land in enumerate(tokens):
        state = br.apply(state, seat, land)
    for seat, action in hunt:
        assert br.to_act(state) == (seat,)
        state = br.apply(state, seat, action)
    return state



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
    data["animals"] = ["armadillo", "bird", "fish"]  # an animal that no card shows is refused
    rules = rules_from_data(data)
    assert isinstance(rules, b10.Ruleset)
    return rules


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
    s = drive_checked(s, [], [(0, "pass"), (1, "throw"), (2, "throw"), (1, "throw"), (2, "pass")])
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
    s = drive_checked(s, ["rivers", "rivers", "prairie"], [])
    assert br.to_act(s) == (1,)
    s = drive_checked(s, [], [(1, "pass"), (2, "pass")])
    # Stack: seat 1, seat 2, seat 0 on top. Seat 0 (rivers) T8 A3; seat 2 (prairie) A4; seat 1 (rivers) nothing.
    last = b10.view(s, 0)
    assert last.past_rounds[1].stack == (1, 2, 0)
    assert [set(c) for c in last.past_rounds[1].captures] == [{"T8", "A3"}, set(), {"A4"}]
    # A2 (dunes+mountains) stays; A5 adds forest, A6 rivers, A7 prairie.
    assert last.river == ("A2", "A5", "A6", "A7") and last.deck_size == 44
    assert last.first == 0 and s.boomerangs == (12, 10, 14)
    assert b10.validate_record(b10.record_of(s)) == []


def test_a_whole_game_by_hand_the_deck_runs_out_and_a_card_is_left() -> None:
    rules = tiny_rules()
    s = b10.new_game(rules, 3, deck=["C1", "C2", "C3", "C4", "C5"])
    assert b10.view(s, 0).river == ("C1", "C2", "C3") and b10.view(s, 0).deck_size == 2
    # Round 1: seat 0 throws, seat 1 passes (takes 1), seat 2 passes (takes 0); seat 0 is left, on top.
    s = drive_checked(s, ["rivers", "dunes", "prairie"], [(0, "throw"), (1, "pass"), (2, "pass")])
    assert s.boomerangs == (11, 13, 12)
    v = b10.view(s, 1)
    assert v.captured == (("C3",), ("C1",), ("C2",)) and v.first == 0
    # Round 2: the deck runs out before dunes shows; the river is C4 C5 and the round is played.
    assert v.river == ("C4", "C5") and v.deck_size == 0 and not b10.is_over(s)
    s = drive_checked(s, ["dunes", "dunes", "mountains"], [(0, "pass"), (1, "throw"), (2, "throw"), (1, "pass")])
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
    s = drive_checked(s, ["prairie", "dunes", "mountains", "prairie"],
              [(0, "throw"), (1, "pass"), (2, "throw"), (3, "throw"), (0, "throw"), (2, "pass"), (3, "throw"),
               (0, "pass")])
    # Pot: 1 (seat 1 takes it), then 1, 2, 3 (seat 2 takes 3), then 1 (seat 0 takes it); seat 3 is left.
    assert s.boomerangs == (11, 13, 14, 10) and s.pot == 0
    v = b10.view(s, 1)
    assert v.past_rounds[0].stack == (1, 2, 0, 3)
    # Seat 3 (prairie) A1 T8; seat 0 (prairie) nothing; seat 2 (mountains) B5 F3; seat 1 (dunes) nothing.
    assert [set(c) for c in v.past_rounds[0].captures] == [set(), set(), {"B5", "F3"}, {"A1", "T8"}]
    assert v.river == ("A2", "A3", "A4") and v.first == 3
    s = drive_checked(s, ["rivers", "rivers", "rivers", "rivers"], [])
    assert br.to_act(s) == (3,)
    s = drive_checked(s, [], [(3, "throw"), (0, "throw"), (1, "pass")])
    assert br.to_act(s) == (2,) and s.boomerangs == (10, 15, 14, 9)


def test_a_deck_used_up_by_the_first_river_ends_the_game_after_one_round() -> None:
    rules = b10_with_cards(("C1", "bird", "dunes", "forest"), ("C2", "fish", "prairie", "mountains"))
    s = b10.new_game(rules, 3, deck=["C1", "C2"])
    assert b10.view(s, 0).river == ("C1", "C2") and b10.view(s, 0).deck_size == 0
    for seat, land in enumerate(["dunes", "prairie", "forest"]):
        s = b10.apply(s, seat, land)
    for seat, action in ((0, "throw"), (1, "pass"), (2, "pass")):
        s = b10.apply(s, seat, action)
    # Stack: seat 1, seat 2, then seat 0 (left) on top: seat 0 (dunes) takes C1; seat 2 (forest) finds
    # nothing left; seat 1 C2. C2, the deck's last card, is the one that shows the fourth land.
    assert b10.is_over(s) and b10.to_act(s) == () and b10.legal_actions(s, 0) == ()
    assert s.round == 1 and s.turned == () and s.active == () and s.stack == () and s.hunt == ()
    for seat in range(3):
        v = b10.view(s, seat)
        assert (v.phase, v.round, v.first, v.active, v.stack, v.hunt, v.pot) == ("over", 1, 0, (), (), (), 0)
        assert v.captured == (("C1",), ("C2",), ()) and v.river == () and v.token is None
        assert v.chosen == (False, False, False) and v.boomerangs == (11, 13, 12)
        assert v.scores == b10.score_sheets(s) and [x.total for x in v.scores] == [2, 3, 2]
    assert b10.winners(s) == [1]


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 12), (5, 13)])
def test_every_view_follows_the_play_and_keeps_each_round_as_it_was_seen(players: int, seed: int) -> None:
    """The hunt, the stack and the seats still hunting as the decisions made them; each past round
    shows the river, tokens, hunt, stack and captures a seat saw when it was played."""
    import random

    rng = random.Random(seed)
    s = b10.new_game(RULES, players, seed=seed)
    tokens: list[str] = []
    hunt: list[str] = []
    passed: list[int] = []
    seen: list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]] = []
    played: list[tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]]] = []
    first = 0
    while not b10.is_over(s):
        views = [b10.view(s, seat) for seat in range(players)]
        for v in views:
            assert (v.round, v.first, v.hunt, v.stack) == (len(played), first, tuple(hunt), tuple(passed))
            assert v.scores == b10.score_sheets(s)
            if s.phase == "hunt":
                assert v.active[0] == b10.to_act(s)[0]
                assert sorted(v.active) == [x for x in range(players) if x not in passed]
            else:
                assert v.active == ()
        if not seen or len(seen) == len(played):
            seen.append((views[0].river, views[0].captured))
        seat = b10.to_act(s)[0]
        action = rng.choice(b10.legal_actions(s, seat))
        if s.phase == "tokens":
            tokens.append(action)
        else:
            hunt.append(action)
            passed += [seat] if action == "pass" else []
        round_no = s.round
        s = b10.apply(s, seat, action)
        if s.round != round_no:
            last = next(x for x in range(players) if x not in passed)
            played.append((tuple(tokens), tuple(hunt), (*passed, last)))
            tokens, hunt, passed, first = [], [], [], last
    end = b10.view(s, players - 1)
    assert len(end.past_rounds) == len(played) == end.round
    left: tuple[str, ...] = ()
    for r, (past, (river, before), (toks, decisions, stack)) in enumerate(zip(end.past_rounds, seen, played)):
        assert river[:len(left)] == left and past.turned == river[len(left):]
        assert (past.river, past.tokens, past.hunt, past.stack) == (river, toks, decisions, stack)
        after = seen[r + 1][1] if r + 1 < len(seen) else end.captured
        assert past.captures == tuple(a[len(b):] for a, b in zip(after, before))
        assert past.first == (played[r - 1][2][-1] if r else 0)
        took = {c for cards in past.captures for c in cards}
        left = tuple(c for c in river if c not in took)
    assert end.river == left and end.deck_size == 0


def test_an_action_s_number_stands_for_it_and_no_other_value_does() -> None:
    """Action ids 0-4 are the lands in ruleset order, 5 ``pass``, 6 ``throw``; anything else is refused as given."""
    s = b10.new_game(RULES, 3, seed=5)
    for k, land in enumerate(RULES.lands):
        assert b10.apply(s, 0, k) == b10.apply(s, 0, land)
    lands = ", ".join(RULES.lands)
    for value, quoted in ((5, "'pass'"), (6, "'throw'"), (7, "7"), (-1, "-1"), (True, "True"), (False, "False"),
                          (2.0, "2.0")):
        with pytest.raises(br.IllegalAction) as info:
            b10.apply(s, 0, value)  # type: ignore[arg-type]
        assert str(info.value) == f"seat 0 must choose a land for round 1 (one of {lands}), not {quoted}"
    for seat in range(3):
        s = b10.apply(s, seat, seat)
    assert b10.apply(s, 0, 5) == b10.apply(s, 0, "pass") and b10.apply(s, 0, 6) == b10.apply(s, 0, "throw")


def test_a_view_shows_the_past_rounds_of_the_state_it_is_given() -> None:
    """The past rounds are kept from one view to the next by the last round's identity: a state
    whose earlier rounds differ (or whose history is another tuple of the same rounds) shows its own."""
    rules = br.load_rules("boomerang-2010")
    state, rnd = br.new_game(rules, 3, 2), random.Random(1)
    while len(state.history) < 2:
        seat = br.to_act(state)[0]
        state = br.apply(state, seat, rnd.choice(br.legal_actions(state, seat)))
    seen = br.view(state, 0).past_rounds
    assert len(seen) == 2
    again = attrs.evolve(state, history=state.history[:1] + state.history[1:])  # another tuple
    assert br.view(again, 0).past_rounds == seen
    other = attrs.evolve(state, history=(state.history[1], state.history[1]))
    assert br.view(other, 0).past_rounds == (seen[1], seen[1]) != seen


def plain_b10_game(players: int, seed: int) -> None:
    """A random game on a random deck, played beside the reference read plainly (card ids and
    lists): the river turned until every land shows or the deck runs out, cards nobody took
    counting toward it; every seat choosing a land at once; the hunt from the round's first seat
    in turn order, ``throw`` only with a boomerang, a pass taking the pot and leaving the hunt;
    the last seat left on top of the stack; the capture from the top down; the last seat left
    opening the next round; the end when a round would start with an empty deck; the majorities,
    the sets of boomerangs and the winners (most boomerangs, then shared)."""
    rules = b10.load_rules()
    rng = random.Random(seed)
    card = {c.id: c for c in rules.cards}
    deck = sorted(card)
    rng.shuffle(deck)
    s = br.new_game(rules, players, deck=deck)
    throwing = rng.choice((0.3, 0.7, 0.95))  # how keen the random hunters are
    river: list[str] = []
    held = [rules.boomerangs_each] * players
    captured: list[list[str]] = [[] for _ in range(players)]
    first = 0
    for rounds in range(len(card) + 1):
        if rounds and not deck:
            break
        while {land for c in river for land in card[c].lands} != set(rules.lands) and deck:
            river.append(deck.pop(0))
        assert not br.is_over(s) and [s.tables.ids[c] for c in s.river] == river
        assert br.to_act(s) == tuple(range(players))
        tokens = {}
        for seat in rng.sample(range(players), players):  # simultaneous: in any order
            assert br.legal_actions(s, seat) == rules.lands
            tokens[seat] = rng.choice(rules.lands)
            s = br.apply(s, seat, tokens[seat])
        hunting, pot, stack = [(first + k) % players for k in range(players)], 0, []
        while len(hunting) > 1:
            seat = hunting[0]
            assert br.to_act(s) == (seat,)
            assert set(br.legal_actions(s, seat)) == ({"pass", "throw"} if held[seat] else {"pass"})
            if held[seat] and rng.random() < throwing:
                s = br.apply(s, seat, "throw")
                held[seat] -= 1
                pot += 1
                hunting = hunting[1:] + hunting[:1]
            else:
                s = br.apply(s, seat, "pass")
                held[seat] += pot
                pot = 0
                stack.append(hunting.pop(0))
        stack.append(hunting[0])
        for seat in reversed(stack):
            took = [c for c in river if tokens[seat] in card[c].lands]
            captured[seat] += took
            river = [c for c in river if c not in took]
        first = stack[-1]
        assert list(s.boomerangs) == held and s.pot == 0
        assert [sorted(s.tables.ids[c] for c in mine) for mine in s.captured] == [sorted(c) for c in captured]
        assert br.is_over(s) or s.first == first
    assert br.is_over(s) and br.to_act(s) == ()
    counts = [[sum(card[c].animal == animal for c in mine) for animal in rules.animals] for mine in captured]
    lead = [max(column) for column in zip(*counts)]
    totals = [sum(n for n, top in zip(mine, lead) if n == top) + held[seat] // rules.boomerangs_per_point
              for seat, mine in enumerate(counts)]
    assert [sheet.total for sheet in br.score_sheets(s)] == totals
    best = max(zip(totals, held))
    assert br.winners(s) == tuple(seat for seat in range(players) if (totals[seat], held[seat]) == best)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_whole_games_follow_the_reference_read_plainly(players: int) -> None:
    for seed in range(25):
        plain_b10_game(players, seed)
