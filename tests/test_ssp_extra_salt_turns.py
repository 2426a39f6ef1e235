"""Extra Salt's turn rules one at a time (``seasaltpaper.extra_salt``): a bound seat's actions, the
states ``draw_one``, a trio and the lobster's choice leave, and the duo effects' exact states."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import seasaltpaper as ssp
from boomerang_rules.seasaltpaper import extra_salt
from boomerang_rules.seasaltpaper.state import GameState
from boomerang_rules.seasaltpaper.tables import Tables, tables_for

from .helpers import kinds_swapped

RULES = br.load_rules("sea-salt-paper-extra-salt")
ONLINE = br.load_rules("sea-salt-paper-boat-from-discards")


def _derived(state: GameState) -> int:
    raise AssertionError("a seeded game never asks for a derived seed")


def _start(players: int = 3, rules: object = RULES) -> GameState:
    return ssp.new_game(rules, players, 5)  # type: ignore[arg-type]


# --- a bound seat ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_bound_seat_draws_one_card_or_passes_on_an_empty_deck_then_only_ends(players: int) -> None:
    state = _start(players)
    seat = (state.turn + 1) % players
    bound = state.evolve(bound=1 << seat, phase="draw")
    assert extra_salt.legal(bound, seat) == ("draw_one",)
    assert extra_salt.legal(bound.evolve(deck=()), seat) == ("pass",)
    assert extra_salt.legal(bound.evolve(phase="play"), seat) == ("end",)
    assert extra_salt.legal(bound, (seat + 1) % players) is None  # not bound: the base game's
    assert extra_salt.legal(state.evolve(bound=0, phase="draw"), seat) is None


def test_all_four_mermaids_leave_only_their_placing_but_to_a_bound_seat() -> None:
    """Whoever holds the four mermaids wins at once (the seed), so an unbound seat holding them may
    only place them, with a duo and a starfish in hand too (no trio, no duo first). A seat a
    jellyfish binds "may not play cards": it takes the deck's top card and ends its turn even
    with the fourth mermaid (the online version sends it on without a play, then wins it on its
    next turn), and places them on its next turn, unbound."""
    state = _start()
    t = state.tables
    seat = (state.turn + 1) % 3
    cards = [t.index[c] for c in ("mermaid-1", "mermaid-2", "mermaid-3", "crab-1", "crab-2", "starfish-1")]
    top = t.index["mermaid-4"]
    hands = tuple(tuple(sorted(cards)) if s == seat else tuple(c for c in h if c not in cards and c != top)
                  for s, h in enumerate(state.hands))
    rest = tuple(c for c in state.deck if c not in cards and c != top)
    piles = tuple(tuple(c for c in pile if c not in cards and c != top) for pile in state.piles)
    bound = state.evolve(hands=hands, deck=(top, *rest), piles=piles, turn=seat, phase="draw", bound=1 << seat)
    assert ssp.legal_actions(bound, seat) == ("draw_one",)
    drawn = ssp.apply(bound, seat, "draw_one")
    assert ssp.legal_actions(drawn, seat) == ("end",)
    free = drawn.evolve(bound=0)
    assert ssp.legal_actions(free, seat) == ("mermaids",) == ssp.engine.legal_plain(free, seat)
    won = ssp.apply(free, seat, "mermaids")
    assert ssp.is_over(won) and ssp.winners(won) == (seat,)


def test_draw_one_takes_the_top_card_into_the_sorted_hand_and_logs_no_pile() -> None:
    state = _start().evolve(phase="draw")
    seat = state.turn
    after = extra_salt.apply(state, seat, "draw_one", _derived)
    assert after.hands[seat] == tuple(sorted((*state.hands[seat], state.deck[0])))
    assert after.deck == state.deck[1:] and after.phase == "play"
    assert after.log == ((seat, "draw_one", -1), state.log)
    assert all(after.hands[s] == state.hands[s] for s in range(state.players) if s != seat)


def test_a_trio_moves_its_three_cards_from_hand_to_the_played_cards() -> None:
    state = _start()
    t = state.tables
    seat = state.turn
    action, cards = next(iter(t.trio_actions.items()))
    state = state.evolve(hands=tuple((*h, *cards) if s == seat else h for s, h in enumerate(state.hands)),
                         phase="play")
    after = extra_salt.apply(state, seat, action, _derived)
    assert after.played[seat] == (*state.played[seat], *cards)
    assert sorted(after.hands[seat]) == sorted(c for c in state.hands[seat] if c not in cards)
    assert after.log == ((seat, action, -1), state.log) and after.phase == "play"


def test_the_lobsters_choice_keeps_one_card_empties_the_look_and_shuffles_the_rest_in() -> None:
    state = _start()
    seat = state.turn
    looked = state.evolve(phase="lobster", drawn=state.deck[:3], deck=state.deck[3:])
    kept = looked.drawn[1]
    action = f"lobster:{state.tables.ids[kept]}"
    assert action in extra_salt.legal(looked, seat)  # type: ignore[operator]
    after = extra_salt.apply(looked, seat, action, _derived)
    assert after.drawn == () and after.phase == "play"
    assert after.hands[seat] == tuple(sorted((*state.hands[seat], kept)))
    assert sorted(after.deck) == sorted((*looked.deck, looked.drawn[0], looked.drawn[2]))
    assert after.shuffles == (*looked.shuffles, after.deck)
    assert after.log == ((seat, action, -1), looked.log)
    alone = looked.evolve(drawn=(kept,))
    only = extra_salt.apply(alone, seat, action, _derived)
    assert only.drawn == () and only.deck == alone.deck and only.shuffles == alone.shuffles  # nothing to shuffle


# --- the duo effects ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_jellyfish_binds_exactly_the_other_seats(players: int) -> None:
    state = _start(players)
    for seat in range(players):
        after = extra_salt.effect(state.evolve(bound=0), seat, "restrict_opponents", 0)
        assert after is not None and after.bound == ((1 << players) - 1) & ~(1 << seat)
    kept = extra_salt.effect(state.evolve(bound=1 << 0), 1, "restrict_opponents", 0)
    assert kept is not None and kept.bound == ((1 << players) - 1) & ~(1 << 1)


def test_the_jellyfish_binds_for_the_round_it_is_played_in_only() -> None:
    """A jellyfish played, then the round stopped at once (the bound seats never took their turn):
    the next round binds nobody, and its first seat draws or takes as in the base game."""
    state = _start()
    t = state.tables
    seat = state.turn
    hand = tuple(sorted(t.index[c] for c in ("swimmer-1", "jellyfish-2", "octopus-1", "octopus-2", "octopus-3")))
    assert not set(hand) & {*state.piles[0], *state.piles[1]}
    hands = tuple(hand if s == seat else h for s, h in enumerate(state.hands))
    state = state.evolve(hands=hands, phase="play", deck=tuple(c for c in state.deck if c not in hand))
    state = ssp.apply(state, seat, "duo:swimmer-1+jellyfish-2")
    assert state.bound == ((1 << 3) - 1) & ~(1 << seat)
    state = ssp.apply(state, seat, "stop")
    assert (state.round, state.history[-1].end, state.bound) == (1, "stop", 0)
    first = ssp.to_act(state)[0]
    assert first != seat and "draw" in ssp.legal_actions(state, first)


def test_the_lobster_looks_at_the_rulesets_number_of_top_cards_or_none_on_an_empty_deck() -> None:
    state = _start()
    look = next(d.look for d in RULES.duos if d.effect == "look_at_top")
    after = extra_salt.effect(state, state.turn, "look_at_top", look)
    assert after is not None and after.phase == "lobster"
    assert after.drawn == state.deck[:look] and after.deck == state.deck[look:] and len(after.drawn) == look
    short = state.evolve(deck=state.deck[:2])
    few = extra_salt.effect(short, state.turn, "look_at_top", look)
    assert few is not None and few.drawn == short.deck and few.deck == ()
    empty = state.evolve(deck=())
    assert extra_salt.effect(empty, state.turn, "look_at_top", look) is empty


def test_each_look_at_top_duo_looks_at_its_own_number_of_cards() -> None:
    """Two ``look_at_top`` duos with different ``look`` (a variant's fish + lobster looking at 2
    beside the crab + lobster's 5): each pair played looks at its own number, not the first's."""
    from boomerang_rules.core.loading import rules_from_data

    base = br.rules_data(RULES)
    rules = rules_from_data({**base, "id": "two-looks", "duos": [
        *base["duos"], {"kinds": ["fish", "lobster"], "points": 1, "effect": "look_at_top", "look": 2}]})
    start = _start(3, rules)
    t = start.tables
    seat = start.turn
    for pair, look in (("fish-1+lobster-1", 2), ("crab-1+lobster-1", 5)):
        hand = tuple(sorted(t.index[c] for c in pair.split("+")))
        held = {c for h in start.hands for c in h} | {*start.piles[0], *start.piles[1]}
        assert not set(hand) & held
        hands = tuple(hand if s == seat else h for s, h in enumerate(start.hands))
        state = start.evolve(hands=hands, phase="play", deck=tuple(c for c in start.deck if c not in hand))
        after = ssp.apply(state, seat, f"duo:{pair}")
        assert after.phase == "lobster" and after.drawn == state.deck[:look], pair
        assert len(ssp.legal_actions(after, seat)) == look


def test_online_boat_pair_on_an_empty_deck_is_one_more_turn_counted_as_the_seats_last() -> None:
    start = _start(3, ONLINE)
    state = start.evolve(deck=(), phase="play", turn_no=7, last_turns=(3, 5, 6),
                         piles=(start.piles[0] or start.deck[:1], start.piles[1]))
    seat = 1
    after = extra_salt.effect(state, seat, "extra_turn", 0)
    assert after is not None
    assert (after.phase, after.turn_no, after.last_turns) == ("draw", 8, (3, 8, 6))
    bare = state.evolve(piles=((), ()))
    assert extra_salt.effect(bare, seat, "extra_turn", 0) is bare  # nothing to take: no effect
    assert extra_salt.effect(state.evolve(deck=start.deck[-1:]), seat, "extra_turn", 0) is None  # a deck: base game
    assert extra_salt.effect(_start(3).evolve(deck=()), seat, "extra_turn", 0) is None  # the standard reading


def test_other_effects_are_the_base_games() -> None:
    state = _start()
    assert extra_salt.effect(state, state.turn, "draw_blind", 0) is None


# --- the trios a hand can make -------------------------------------------------------------------

def every_trio(t: Tables, hand: tuple[int, ...]) -> set[str]:
    """The reading ``extra_salt.trios`` must equal (its code until 2026-12-05): every trio action
    whose three cards ``hand`` holds."""
    return {action for action, cards in t.trio_actions.items() if set(hand).issuperset(cards)}


TRIO_RULES = [RULES, kinds_swapped(RULES, "starfish", "boat"), kinds_swapped(RULES, "starfish", "crab")]


@pytest.mark.parametrize("rules", TRIO_RULES, ids=["extra-salt", "starfish-as-boat", "starfish-as-crab"])
@given(data=st.data())
def test_trios_are_every_duo_of_the_hand_with_every_starfish_it_holds(rules: ssp.Ruleset, data: st.DataObject) -> None:
    t = tables_for(rules)
    hand = tuple(sorted(data.draw(st.sets(st.integers(0, t.deck_size - 1), max_size=14))))
    found = extra_salt.trios(t, hand)
    assert len(found) == len(set(found)) and set(found) == every_trio(t, hand)


def test_two_starfish_make_two_trios_of_each_duo_and_none_without_a_duo() -> None:
    t = tables_for(RULES)
    crabs = [t.index[f"crab-{n}"] for n in (1, 2)]
    stars = [t.index[f"starfish-{n}"] for n in (1, 2)]
    assert sorted(extra_salt.trios(t, tuple(sorted([*crabs, *stars])))) == [
        "trio:crab-1+crab-2+starfish-1", "trio:crab-1+crab-2+starfish-2"]
    assert extra_salt.trios(t, tuple(sorted([crabs[0], *stars]))) == []
    assert extra_salt.trios(t, tuple(crabs)) == []
