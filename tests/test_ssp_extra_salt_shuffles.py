"""Extra Salt's lobster shuffles as chance: the orders a record or ``new_game`` gives, their
refusals word for word, and the shuffle of a game without a seed (drawn from the game so far)."""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

import boomerang_rules as br
from boomerang_rules import seasaltpaper as ssp
from boomerang_rules.core import rng as rng_mod
from boomerang_rules.core.errors import IllegalAction, InvalidInput, Problem
from boomerang_rules.seasaltpaper.extra_salt import given_shuffles, shuffle_problems
from boomerang_rules.seasaltpaper.tables import tables_for

RULES = br.load_rules("sea-salt-paper-extra-salt")
TABLES = tables_for(RULES)
CARD_A, CARD_B = TABLES.ids[0], TABLES.ids[1]


def _lobster_states(players: int = 2) -> Any:
    """States of seeded random games at a lobster's choice, with the seat that chooses."""
    for seed in range(60):
        state = ssp.new_game(RULES, players, seed)
        gen = rng_mod.seed_state(seed)
        while not ssp.is_over(state):
            seat = ssp.to_act(state)[0]
            legal = ssp.legal_actions(state, seat)
            if state.phase == "lobster" and len(state.drawn) > 1:
                yield state, seat
            gen, k = rng_mod.below(gen, len(legal))
            state = ssp.apply(state, seat, legal[k])


def _record_with_shuffle() -> tuple[dict[str, Any], int]:
    for seed in range(100):
        state = ssp.play_game(RULES, [ssp.BOTS["random"](RULES, seed + s) for s in range(2)], seed)
        record: dict[str, Any] = json.loads(json.dumps(ssp.record_of(state)))
        for r, rnd in enumerate(record["rounds"]):
            if rnd.get("shuffles"):
                return record, r
    raise AssertionError("no game with a lobster shuffle")


# --- a record round's shuffles ------------------------------------------------------------------

def test_well_formed_shuffles_have_no_problems() -> None:
    assert shuffle_problems(TABLES, [[CARD_A, CARD_B], []], ("rounds", 0, "shuffles")) == []


def test_each_malformed_shuffle_is_named_by_pointer_message_and_rule() -> None:
    found = shuffle_problems(TABLES, ["x", [CARD_A, "no-such-card", 7], {"a": 1}, [CARD_B]],
                             ("rounds", 2, "shuffles"))
    assert found == [
        Problem("/rounds/2/shuffles/0", "a shuffle is a list of card ids, top first", "shuffle-cards"),
        Problem("/rounds/2/shuffles/1/1", "unknown card 'no-such-card'", "card-known"),
        Problem("/rounds/2/shuffles/1/2", "unknown card 7", "card-known"),
        Problem("/rounds/2/shuffles/2", "a shuffle is a list of card ids, top first", "shuffle-cards"),
    ]


def test_a_record_whose_shuffle_names_an_unknown_card_is_refused_there() -> None:
    record, r = _record_with_shuffle()
    bad = copy.deepcopy(record)
    bad["rounds"][r]["shuffles"][0][1] = "no-such-card"
    assert ssp.validate_record(bad) == [
        Problem(f"/rounds/{r}/shuffles/0/1", "unknown card 'no-such-card'", "card-known")]


def test_a_shuffle_that_is_not_the_cards_shuffled_says_which_cards_were() -> None:
    state, seat = next(_lobster_states())
    choice = ssp.legal_actions(state, seat)[0]
    kept = TABLES.index[choice.partition(":")[2]]
    cards = (*state.deck, *(c for c in state.drawn if c != kept))
    wrong = (*cards[1:], cards[1])  # one card twice, one missing
    tampered = state.evolve(chance=attrs.evolve(state.chance, shuffles=(wrong,), shuffles_used=0))
    with pytest.raises(IllegalAction) as refused:
        ssp.apply(tampered, seat, choice)
    assert str(refused.value) == (
        f"the record's shuffle is not an order of the {len(cards)} cards being shuffled (the deck and the "
        f"cards the lobster put back: {', '.join(sorted(TABLES.ids_of(cards)))})")


def test_a_given_shuffle_is_the_deck_after_the_lobster() -> None:
    state, seat = next(_lobster_states())
    choice = ssp.legal_actions(state, seat)[0]
    kept = TABLES.index[choice.partition(":")[2]]
    cards = (*state.deck, *(c for c in state.drawn if c != kept))
    order = tuple(reversed(cards))
    given = state.evolve(chance=attrs.evolve(state.chance, shuffles=(order,), shuffles_used=0))
    after = ssp.apply(given, seat, choice)
    assert after.deck == order and after.shuffles[-1] == order
    assert after.chance.shuffles_used == 1 and after.chance.rng == given.chance.rng  # no draw from the generator


# --- new_game's shuffles ------------------------------------------------------------------------

def test_new_game_takes_shuffles_as_card_indices() -> None:
    assert given_shuffles(RULES, [[CARD_B, CARD_A], []]) == ((1, 0), ())
    assert given_shuffles(RULES, ()) == ()
    state = ssp.new_game(RULES, 2, 5, shuffles=[[CARD_B, CARD_A]])
    assert state.chance.shuffles == ((1, 0),) and state.chance.shuffles_used == 0


@pytest.mark.parametrize("rules_id", ["sea-salt-paper", "sea-salt-paper-tie-ender"])
def test_new_game_refuses_shuffles_for_rules_that_never_shuffle(rules_id: str) -> None:
    """The base game has no lobster: its ``new_game`` took ``shuffles`` and never used them (a mistaken
    ``rules`` went unseen, a bad shuffle surfacing nowhere); none given is still taken, in every form."""
    base = br.load_rules(rules_id)
    card = base.cards[0].id
    with pytest.raises(ValueError, match=rf"^shuffles must be \(\) for a game of '{rules_id}': no duo of its rules "
                       r"shuffles the deck \(Extra Salt's lobster does\), not \[\['"):
        ssp.new_game(base, 2, 5, shuffles=[[card]])
    nones: tuple[Sequence[Sequence[str]] | None, ...] = ((), [], None)
    for none in nones:
        assert ssp.new_game(base, 2, 5, shuffles=none) == ssp.new_game(base, 2, 5)


def test_new_game_refuses_unknown_cards_in_shuffles_by_pointer() -> None:
    with pytest.raises(InvalidInput) as refused:
        given_shuffles(RULES, [[CARD_A], [CARD_B, "no-such-card"]])
    assert list(refused.value.problems) == [Problem("/shuffles/1/1", "unknown card 'no-such-card'", "card-known")]
    assert str(refused.value) == ("shuffles: not what a game of 'sea-salt-paper-extra-salt' is dealt:\n"
                                  "/shuffles/1/1: unknown card 'no-such-card' [card-known]")


@pytest.mark.parametrize(("shuffles", "words"), [
    ("abc", "shuffles must be a list of deck orders, each a list of card ids (str), top first, not str: 'abc'"),
    ([["x", 3]], "shuffles[0][1] must be a card id (str), not int: 3"),
    (["x"], "shuffles[0] must be a list of card ids (str), not str"),
])
def test_new_game_refuses_shuffles_of_the_wrong_shape_naming_the_parameter(shuffles: object, words: str) -> None:
    with pytest.raises(TypeError) as refused:
        given_shuffles(RULES, shuffles)
    assert str(refused.value) == words


def _played_with_shuffles(seed: int) -> tuple[ssp.GameState, list[list[str]]]:
    """A 2-player game of ``seed`` (moves drawn from a generator of that seed too) whose every lobster
    shuffle is given to ``new_game``: the cards shuffled, bottom card first (found by playing it
    again, one shuffle more given each time)."""
    given: list[list[str]] = []
    while True:
        state = ssp.new_game(RULES, 2, seed, shuffles=given)
        gen = rng_mod.seed_state(seed)
        while not ssp.is_over(state):
            seat = ssp.to_act(state)[0]
            legal = ssp.legal_actions(state, seat)
            gen, k = rng_mod.below(gen, len(legal))
            if state.phase == "lobster" and len(state.drawn) > 1 and state.chance.shuffles_used == len(given):
                kept = TABLES.index[legal[k].partition(":")[2]]
                cards = (*state.deck, *(c for c in state.drawn if c != kept))
                given.append(list(reversed(TABLES.ids_of(cards))))
                break
            state = ssp.apply(state, seat, legal[k])
        else:
            return state, given


def test_shuffles_given_with_a_seed_are_taken_in_game_order_over_the_rounds() -> None:
    """``new_game``'s ``shuffles`` are the whole game's, in game order: each lobster's shuffle takes the
    next one given, in a later round too (the seed then shuffles each round's deck, and no more)."""
    for seed in range(40):
        state, given = _played_with_shuffles(seed)
        rounds = [r["shuffles"] for r in ssp.record_of(state)["rounds"] if r.get("shuffles")]
        if len(rounds) < 2:
            continue
        assert [list(order) for shuffles in rounds for order in shuffles] == given
        assert state.chance.shuffles_used == len(given) and state.chance.shuffles == given_shuffles(RULES, given)
        return
    raise AssertionError("no game with lobster shuffles in two rounds")


# --- a game without a seed ----------------------------------------------------------------------

def test_a_game_without_a_seed_shuffles_from_the_game_so_far() -> None:
    checked = 0
    for state, seat in _lobster_states():
        unseeded = state.evolve(chance=attrs.evolve(state.chance, rng=None))
        for choice in ssp.legal_actions(state, seat)[:2]:
            kept = TABLES.index[choice.partition(":")[2]]
            cards = (*state.deck, *(c for c in state.drawn if c != kept))
            after = ssp.apply(unseeded, seat, choice)
            assert after == ssp.apply(unseeded, seat, choice)  # the same game so far, the same order
            assert Counter(after.deck) == Counter(cards) and after.shuffles[-1] == after.deck
            assert after.chance.rng is None and after.chance == unseeded.chance
            checked += 1
        if checked >= 6:
            break
    assert checked >= 6
