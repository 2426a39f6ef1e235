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
from boomerang_rules.core.loading import rules_from_data

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


def test_river_turns_cards_until_every_land_shows() -> None:
    first = [card_with("dunes", "forest"), card_with("prairie", "mountains")]
    first.append(card_with("dunes", "forest", avoid=first))
    first.append(card_with("forest", "rivers"))
    s = b10.new_game(RULES, 3, deck=deck_starting(*first))
    assert s.river == s.turned and [s.tables.ids[c] for c in s.river] == first
    assert len(s.deck) == len(RULES.cards) - 4
    assert br.view(s, 0).river == tuple(first) and br.view(s, 0).deck_size == len(RULES.cards) - 4


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
    with pytest.raises(br.IllegalAction, match="does not exist"):
        br.apply(s, 3, "dunes")


def test_new_game_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="3 to 5 players"):
        b10.new_game(RULES, 2, seed=1)
    with pytest.raises(ValueError, match="seed"):
        b10.new_game(RULES, 3)
    with pytest.raises(br.InvalidInput) as exc:
        b10.new_game(RULES, 3, deck=["A1", "A1"])
    assert {p.rule for p in exc.value.problems} == {"card-unique", "deck-complete"}


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
