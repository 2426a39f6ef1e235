"""Sea Salt & Paper: the turn, the duo effects, the round's end and the game's end, step by step."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import seasaltpaper as ssp
from boomerang_rules import strategies as bst
from boomerang_rules.core.errors import IllegalAction
from boomerang_rules.seasaltpaper import engine
from boomerang_rules.seasaltpaper.engine import _winners
from boomerang_rules.seasaltpaper.state import GameState, RoundResult
from boomerang_rules.seasaltpaper.tables import tables_for

from .helpers import kinds_swapped

RULES = br.load_rules("sea-salt-paper")
T = tables_for(RULES)
ALL = [c.id for c in RULES.cards]


def deck(*top: str) -> list[str]:
    """A deck order with ``top`` first, the other cards after in deck-list order."""
    return [*top, *(c for c in ALL if c not in top)]


def game(*top: str, players: int = 3, first: int = 0, rules: ssp.Ruleset = RULES) -> GameState:
    return ssp.new_game(rules, players, decks=[deck(*top)], first=first)


def holding(state: GameState, seat: int, cards: Sequence[str], played: Sequence[str] = ()) -> GameState:
    """``state`` with ``seat`` holding ``cards`` (taken out of the deck) in its play phase."""
    chosen = {T.index[c] for c in [*cards, *played]}
    hands = list(state.hands)
    hands[seat] = tuple(sorted(T.index[c] for c in cards))
    plays = list(state.played)
    plays[seat] = tuple(T.index[c] for c in played)
    return attrs.evolve(state, hands=tuple(hands), played=tuple(plays), turn=seat, phase="play",
                        deck=tuple(c for c in state.deck if c not in chosen))


def test_setup_two_piles_one_card_each_and_empty_hands() -> None:
    s = game("crab-1", "boat-1", players=3, first=2)
    assert s.piles == ((T.index["crab-1"],), (T.index["boat-1"],))
    assert len(s.deck) == 56 and all(h == () for h in s.hands)
    assert br.to_act(s) == (2,)
    assert br.legal_actions(s, 2) == ("draw", "take:boat-1", "take:crab-1")
    assert br.legal_actions(s, 0) == ()
    seeded = ssp.new_game(RULES, 4, seed=9)
    assert seeded == ssp.new_game(RULES, 4, seed=9) and seeded.turn in range(4)


def test_a_given_deck_is_dealt_with_a_seed_too() -> None:
    """With a seed and a deck given (no first player), the deck given is the round's deck; the
    seed chooses the first player."""
    s = ssp.new_game(RULES, 3, 7, decks=[deck("crab-1", "boat-1", "shell-1")])
    assert s.piles == ((T.index["crab-1"],), (T.index["boat-1"],)) and s.deck[0] == T.index["shell-1"]
    assert s.deck0 == tuple(T.index[c] for c in deck("crab-1", "boat-1", "shell-1")) and s.turn in range(3)
    # a first player or the steals' cards given with a seed are kept as well
    for first in range(3):
        assert ssp.new_game(RULES, 3, 7, first=first).turn == first
    assert ssp.new_game(RULES, 3, 7, steals=["shell-1"]).chance.steals == (T.index["shell-1"],)


def test_draw_two_keep_one_discard_the_other_where_chosen() -> None:
    s = br.apply(game("crab-1", "boat-1", "shell-1", "octopus-1"), 0, "draw")
    assert s.phase == "keep"
    assert br.view(s, 0).drawn == ("shell-1", "octopus-1") and br.view(s, 1).drawn == ()
    assert set(br.legal_actions(s, 0)) == {"keep:shell-1:left", "keep:shell-1:right", "keep:octopus-1:left",
                                           "keep:octopus-1:right"}
    s = br.apply(s, 0, "keep:octopus-1:right")
    assert br.view(s, 0).hand == ("octopus-1",)
    assert br.view(s, 1).pile_tops == ("crab-1", "shell-1")
    assert len(s.deck) == 54


def test_the_discard_goes_onto_an_empty_pile() -> None:
    s = br.apply(game("crab-1", "boat-1", "shell-1", "octopus-1"), 0, "take:crab-1")
    s = br.apply(s, 0, "end")
    s = br.apply(s, 1, "draw")
    assert br.legal_actions(s, 1) == ("keep:octopus-1:left", "keep:shell-1:left")


def test_a_take_is_of_the_last_card_discarded_on_a_pile_and_uncovers_the_one_below() -> None:
    """The rule (reference, turn (1)): "take the top card of either discard pile". A pile holding
    two cards offers its top only, the one discarded last; taking it shows the one below (the
    tests above meet only piles of one card, whose top is also their bottom)."""
    s = br.apply(game("crab-1", "boat-1", "shell-1", "octopus-1"), 0, "draw")
    s = br.apply(br.apply(s, 0, "keep:shell-1:left"), 0, "end")  # the left pile: crab-1, octopus-1 on top
    assert br.view(s, 1).pile_tops == ("octopus-1", "boat-1")
    assert br.legal_actions(s, 1) == ("draw", "take:boat-1", "take:octopus-1")
    with pytest.raises(IllegalAction, match="not on top"):
        br.apply(s, 1, "take:crab-1")
    s = br.apply(s, 1, "take:octopus-1")
    assert br.view(s, 1).hand == ("octopus-1",)
    assert br.view(s, 2).pile_tops == ("crab-1", "boat-1")


def test_taking_a_card_that_is_not_on_top_is_refused() -> None:
    s = game("crab-1", "boat-1")
    with pytest.raises(IllegalAction, match="not on top"):
        br.apply(s, 0, "take:shell-1")
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        br.apply(s, 1, "draw")


def test_crab_pair_choose_a_pile_then_any_card_of_it_seen_whole() -> None:
    s = game("crab-3", "boat-1")
    s = attrs.evolve(s, piles=((T.index["crab-3"], T.index["shell-1"], T.index["fish-1"]), (T.index["boat-1"],)))
    s = holding(s, 0, ["crab-1", "crab-2"])
    s = br.apply(s, 0, "duo:crab-1+crab-2")
    assert s.phase == "crab_pile" and br.legal_actions(s, 0) == ("pile:left", "pile:right")
    s = br.apply(s, 0, "pile:left")
    assert br.view(s, 0).chosen_pile == ("crab-3", "shell-1", "fish-1")
    assert br.view(s, 1).chosen_pile is None and br.view(s, 1).pile_tops == ("fish-1", "boat-1")
    s = br.apply(s, 0, "pick:shell-1")
    assert br.view(s, 0).hand == ("shell-1",) and br.view(s, 0).played[0] == ("crab-1", "crab-2")
    assert s.piles[0] == (T.index["crab-3"], T.index["fish-1"])  # order kept
    assert s.phase == "play"


def test_crab_pair_with_both_piles_empty_is_played_without_effect() -> None:
    s = attrs.evolve(holding(game(), 0, ["crab-1", "crab-2"]), piles=((), ()))
    s = br.apply(s, 0, "duo:crab-1+crab-2")
    assert s.phase == "play" and s.played[0] == (T.index["crab-1"], T.index["crab-2"])
    assert ssp.score_cards(RULES, played=["crab-1", "crab-2"]).duos == 1


def test_boat_pair_gives_another_turn_at_once() -> None:
    s = br.apply(holding(game(), 1, ["boat-1", "boat-2", "boat-3", "boat-4"]), 1, "duo:boat-1+boat-2")
    assert s.turn == 1 and s.phase == "draw"
    s = br.apply(br.apply(s, 1, "take:" + T.ids[s.piles[0][-1]]), 1, "duo:boat-3+boat-4")
    assert s.turn == 1 and s.phase == "draw"  # two boat pairs, two more turns
    s = br.apply(br.apply(s, 1, "draw"), 1, br.legal_actions(br.apply(s, 1, "draw"), 1)[0])
    assert br.apply(s, 1, "end").turn == 2


def test_fish_pair_draws_the_top_card_and_an_empty_deck_skips_it() -> None:
    s = holding(game("crab-1", "boat-1", "shell-1"), 0, ["fish-1", "fish-2"])
    top = s.deck[0]
    after = br.apply(s, 0, "duo:fish-1+fish-2")
    assert after.hands[0] == (top,) and after.deck == s.deck[1:]
    empty = br.apply(attrs.evolve(s, deck=()), 0, "duo:fish-1+fish-2")
    assert empty.hands[0] == () and empty.phase == "play"


def test_swimmer_and_shark_steal_a_random_card_from_a_chosen_victim() -> None:
    s = holding(game(), 0, ["swimmer-1", "shark-1"])
    s = attrs.evolve(s, hands=(s.hands[0], (T.index["octopus-1"],), ()), chance=attrs.evolve(s.chance, rng=7))
    s = br.apply(s, 0, "duo:swimmer-1+shark-1")
    assert s.phase == "steal" and br.legal_actions(s, 0) == ("steal:1",)  # seat 2's hand is empty
    s = br.apply(s, 0, "steal:1")
    assert br.view(s, 0).hand == ("octopus-1",) and s.hands[1] == ()
    assert br.view(s, 2).hand_sizes == (1, 0, 0)


def test_a_steal_with_nobody_to_steal_from_is_skipped() -> None:
    s = br.apply(holding(game(), 0, ["swimmer-1", "shark-1"]), 0, "duo:swimmer-1+shark-1")
    assert s.phase == "play"


def test_ending_the_round_takes_seven_card_points() -> None:
    six = holding(game(), 0, ["octopus-1", "octopus-2", "octopus-3"])
    assert "stop" not in br.legal_actions(six, 0)
    with pytest.raises(IllegalAction, match="takes 7"):
        br.apply(six, 0, "stop")
    seven = holding(game(), 0, ["octopus-1", "octopus-2", "octopus-3", "crab-1", "crab-2"])
    assert {"stop", "last_chance"} <= set(br.legal_actions(seven, 0))


def test_stop_scores_everyone_and_the_next_round_begins_left_of_the_ender() -> None:
    s = holding(game(), 1, ["octopus-1", "octopus-2", "octopus-3", "crab-1", "crab-2"])
    s = holding(s, 0, ["shell-1", "shell-2"])
    s = attrs.evolve(s, turn=1)
    s = br.apply(s, 1, "stop")
    assert s.history[-1].end == "stop" and s.totals == (2, 7, 0)
    assert s.round == 1 and s.first == 2 and s.turn == -1  # no deck given for round 2: waiting
    assert br.view(s, 0).past_rounds[0].hands is not None


def test_last_chance_final_turns_protection_and_scoring() -> None:
    s = holding(game(), 1, ["octopus-1", "octopus-2", "octopus-3", "crab-1", "crab-2"])
    s = holding(s, 2, ["swimmer-1", "shark-1", "shell-1"])
    s = holding(s, 0, ["boat-1"])
    s = attrs.evolve(s, turn=1)
    s = br.apply(s, 1, "last_chance")
    assert s.caller == 1 and s.final == (2, 0) and s.turn == 2
    assert br.view(s, 0).revealed[1] is not None and br.view(s, 0).revealed[2] is None
    s = br.apply(s, 2, "take:" + T.ids[s.piles[0][-1]])
    assert "stop" not in br.legal_actions(s, 2) and "last_chance" not in br.legal_actions(s, 2)
    s = br.apply(s, 2, "duo:swimmer-1+shark-1")
    assert br.legal_actions(s, 2) == ("steal:0",)  # the caller's revealed hand is protected
    s = br.apply(br.apply(s, 2, "steal:0"), 2, "end")
    assert s.turn == 0 and s.protected == 0b110
    s = br.apply(s, 0, "draw")
    s = br.apply(br.apply(s, 0, br.legal_actions(s, 0)[0]), 0, "end")
    result = s.history[-1]
    assert result.end == "last_chance" and result.ender == 1
    caller_wins = all(result.card_points[1] >= p for i, p in enumerate(result.card_points) if i != 1)
    expected = ssp.scoring.round_scores(result.card_points, result.bonuses, 1, "last_chance")
    assert result.scores == expected
    assert result.scores[1] == (result.card_points[1] + result.bonuses[1] if caller_wins else result.bonuses[1])
    assert s.first == 2


def test_an_empty_deck_at_the_end_of_a_turn_ends_the_round_unscored() -> None:
    s = holding(game(), 1, ["octopus-1"])
    s = attrs.evolve(s, deck=())
    s = br.apply(s, 1, "end")
    assert s.history[-1].end == "empty_deck" and s.history[-1].scores == (0, 0, 0)
    assert s.totals == (0, 0, 0) and s.first == 2
    assert s.history[-1].log[-1] == (1, "end", -1)  # the decision that ended the round is in it


def test_an_empty_deck_during_last_chance_by_the_rulebook_and_by_the_variant() -> None:
    variant = br.load_rules("sea-salt-paper-last-chance-deck")
    for rules, ends in ((RULES, True), (variant, False)):
        s = holding(game(rules=rules), 1, ["octopus-1", "octopus-2", "octopus-3", "crab-1", "crab-2"])
        s = br.apply(attrs.evolve(s, deck=()), 1, "last_chance")
        assert (s.history[-1].end == "empty_deck" if ends else s.turn == 2), rules.id
        if not ends:
            s = br.apply(br.apply(s, 2, "take:" + T.ids[s.piles[1][-1]]), 2, "end")
            s = br.apply(br.apply(s, 0, "take:" + T.ids[s.piles[0][-1]]), 0, "end")
            assert s.history[-1].end == "last_chance"
            s2 = attrs.evolve(s, piles=((), ()))
            assert s2.phase == "deal" or s2.round == 1


def test_a_draw_with_one_card_left_takes_it_and_discards_nothing() -> None:
    s = attrs.evolve(game(), deck=(T.index["shell-6"],))
    s = br.apply(s, 0, "draw")
    assert s.phase == "play" and s.hands[0] == (T.index["shell-6"],) and s.deck == ()


def test_nothing_to_take_passes() -> None:
    variant = br.load_rules("sea-salt-paper-last-chance-deck")
    s = attrs.evolve(game(rules=variant), deck=(), piles=((), ()), phase="draw")
    assert br.legal_actions(s, 0) == ("pass",) == engine.legal_plain(s, 0)


def test_nothing_to_take_passes_with_extra_salt_too(tmp_path: Any) -> None:
    """Extra Salt with the variant whose LAST CHANCE outlasts the deck: a final turn with an empty
    deck and empty piles is a pass (Extra Salt's legal actions are the plain reading's)."""
    import json

    path = tmp_path / "es-deck.json"
    path.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "es-deck", "name": "ES deck",
                                "extends": "sea-salt-paper-extra-salt",
                                "changes": {"round_end": {"empty_deck_during_last_chance": "continues"}}}))
    rules = br.load_rules(path)
    s = attrs.evolve(ssp.new_game(rules, 3, 1), deck=(), piles=((), ()), phase="draw")
    seat = s.turn
    assert br.legal_actions(s, seat) == ("pass",)
    after = br.apply(s, seat, "pass")
    assert after.phase == "play" and after.turn == seat and after.hands == s.hands


def test_four_mermaids_win_at_once() -> None:
    s = holding(game(), 2, ["mermaid-1", "mermaid-2", "mermaid-3", "mermaid-4"])
    assert "mermaids" in br.legal_actions(s, 2)
    s = br.apply(s, 2, "mermaids")
    assert br.is_over(s) and br.winners(s) == (2,) and br.to_act(s) == ()
    assert s.history[-1].card_points[2] == 4 and s.history[-1].scores == (0, 0, 0) == s.totals  # won, not scored
    assert s.round == 1 == len(s.history) and s.turn == -1  # once over: the rounds played, nobody to act
    assert "mermaids" not in br.legal_actions(holding(game(), 2, ["mermaid-1", "mermaid-2", "mermaid-3"]), 2)


MERMAIDS = ["mermaid-1", "mermaid-2", "mermaid-3", "mermaid-4"]


def test_four_mermaids_in_hand_leave_placing_them_as_the_only_move() -> None:
    """The seed: «Si en cualquier momento alguien tiene en sus manos las 4 sirenas gana
    inmediatamente» (whoever holds the four mermaids wins at once); the online version places them
    whenever such a player ends the turn, STOP and LAST CHANCE included. So a seat holding all
    four in its play phase may only place them: no duo, no end of the turn, no STOP nor LAST
    CHANCE that would let the game go on without its win.

    Seat 2 holds the mermaids, a crab pair and three octopuses: 1 (the pair) + 6 (octopuses) +
    8 (mermaids: white 4, dark blue 2, then light blue 1 and yellow 1) = 15 card points, enough to
    end the round, and a duo to play; the only legal action is still ``mermaids``, however the
    fourth mermaid came: held, kept of two drawn, picked from a pile after a crab pair, drawn by a
    fish pair."""
    hand = [*MERMAIDS, "crab-1", "crab-2", "octopus-1", "octopus-2", "octopus-3"]
    s = holding(game(), 2, hand)
    assert ssp.engine.card_points(s, 2) == 15
    assert br.legal_actions(s, 2) == ("mermaids",) == engine.legal_plain(s, 2)
    for action in ("end", "stop", "last_chance", "duo:crab-1+crab-2"):
        with pytest.raises(IllegalAction) as refused:
            br.apply(s, 2, action)
        assert str(refused.value) == ("seat 2 holds all 4 mermaids: whoever holds them wins at once, so placing "
                                      "them (mermaids) is its only move")
    won = br.apply(s, 2, "mermaids")
    assert br.is_over(won) and br.winners(won) == (2,) and won.history[-1].end == "mermaids"
    # the fourth mermaid kept of two cards drawn
    s = holding_in_phase(game("crab-3", "boat-1", "mermaid-4", "shell-1"), 0, [*MERMAIDS[:3], "fish-1"], "draw")
    s = br.apply(br.apply(s, 0, "draw"), 0, "keep:mermaid-4:left")
    assert br.legal_actions(s, 0) == ("mermaids",)
    # picked from a pile after a crab pair
    s = holding(attrs.evolve(game(), piles=((T.index["mermaid-4"], T.index["shell-1"]), ())), 1,
                [*MERMAIDS[:3], "crab-1", "crab-2"])
    s = br.apply(br.apply(br.apply(s, 1, "duo:crab-1+crab-2"), 1, "pile:left"), 1, "pick:mermaid-4")
    assert br.legal_actions(s, 1) == ("mermaids",)
    # drawn by a fish pair
    s = holding(game("crab-3", "boat-1", "mermaid-4"), 1, [*MERMAIDS[:3], "fish-1", "fish-2"])
    s = br.apply(s, 1, "duo:fish-1+fish-2")
    assert br.legal_actions(s, 1) == ("mermaids",)
    # three mermaids: the turn goes on as ever
    assert br.legal_actions(holding(game(), 2, hand[1:]), 2) == (
        "duo:crab-1+crab-2", "end", "last_chance", "stop")


EXTRA = br.load_rules("sea-salt-paper-extra-salt")


def extra_holding(seat: int, cards: Sequence[str], players: int = 3) -> GameState:
    """An Extra Salt game (whose legal actions are the plain reading's) with ``seat`` to play,
    holding ``cards`` (taken out of the deck and piles)."""
    s = ssp.new_game(EXTRA, players, 1)
    t = s.tables
    chosen = {t.index[c] for c in cards}
    hands = list(s.hands)
    hands[seat] = tuple(sorted(chosen))
    left, right = (tuple(c for c in pile if c not in chosen) for pile in s.piles)
    return attrs.evolve(s, hands=tuple(hands), turn=seat, phase="play", piles=(left, right),
                        deck=tuple(c for c in s.deck if c not in chosen))


def test_four_mermaids_win_at_once_in_extra_salt_too() -> None:
    mermaids = ["mermaid-1", "mermaid-2", "mermaid-3", "mermaid-4"]
    s = extra_holding(1, [*mermaids, "shell-1"])
    assert "mermaids" in br.legal_actions(s, 1)
    s = br.apply(s, 1, "mermaids")
    assert br.is_over(s) and br.winners(s) == (1,) and s.history[-1].end == "mermaids"
    assert "mermaids" not in br.legal_actions(extra_holding(1, [*mermaids[:3], "shell-1"]), 1)


def _placed(rules: ssp.Ruleset, seat: int, phase: str, hand: Sequence[str], piles: Sequence[Sequence[str]],
            deck_top: Sequence[str], drawn: Sequence[str], caller: int) -> GameState:
    """A state of ``rules`` (3 players) with ``seat`` to act in ``phase``, by card ids."""
    s = ssp.new_game(rules, 3, 1)
    t = s.tables
    used = {t.index[c] for c in [*hand, *drawn, *deck_top, *piles[0], *piles[1]]}
    hands = list(s.hands)
    hands[seat] = tuple(sorted(t.index[c] for c in hand))
    deck = (*(t.index[c] for c in deck_top), *(c for c in s.deck if c not in used)) if deck_top else ()
    final = tuple((caller + k) % 3 for k in range(1, 3) if (caller + k) % 3 != seat) if caller >= 0 else ()
    return attrs.evolve(s, hands=tuple(hands), turn=seat, phase=phase, caller=caller, final=(seat, *final)[:2]
                        if caller >= 0 else (), protected=1 << caller if caller >= 0 else 0, deck=deck,
                        piles=(tuple(t.index[c] for c in piles[0]), tuple(t.index[c] for c in piles[1])),
                        drawn=tuple(t.index[c] for c in drawn))


def test_extra_salt_leaves_the_base_cards_legal_actions_as_they_are() -> None:
    """With base cards only, Extra Salt's legal actions (the plain reading) are the base game's:
    the duos, the mermaids, ending the round with 7 points unless a LAST CHANCE was called (by
    any seat, 0 too), the end of the turn; the draw, the tops to take or a pass; where to discard."""
    rnd = random.Random(5)
    seen: set[str] = set()
    for _ in range(150):
        cards = rnd.sample(ALL, 22)
        hand, rest = cards[:rnd.randint(0, 9)], cards[9:]
        start = rnd.choice([[], [], ["mermaid-1", "mermaid-2", "mermaid-3", "mermaid-4"][:rnd.randint(3, 4)],
                            SEVEN[:rnd.randint(4, 5)]])  # four mermaids or not; 7 card points or 6
        if start:
            hand = list(dict.fromkeys([*start, *hand[:2]]))
            rest = [c for c in rest if c not in hand]
        piles = (rest[:rnd.randint(0, 2)], rest[2:2 + rnd.randint(0, 2)])
        phase = rnd.choice(["play", "play", "draw", "keep"])
        drawn = rest[4:6] if phase == "keep" else []
        deck_top = rest[6:7] if rnd.random() < 0.7 else []
        seat, caller = rnd.randrange(3), rnd.choice([-1, -1, 0, 1, 2])
        if caller == seat:
            caller = -1
        states = [_placed(rules, seat, phase, hand, piles, deck_top, drawn, caller) for rules in (RULES, EXTRA)]
        legal = [br.legal_actions(st_, seat) for st_ in states]
        assert legal[0] == legal[1] == engine.legal_plain(states[0], seat), (hand, piles, phase, caller)
        seen.update(legal[0])
    assert {"mermaids", "stop", "last_chance", "pass", "draw", "end"} <= seen


EXPANSION_RULES = [br.load_rules(r) for r in ("sea-salt-paper-extra-salt", "sea-salt-paper-boat-from-discards")]
EXPANSION_RULES += [kinds_swapped(EXPANSION_RULES[0], "starfish", "boat"),
                    kinds_swapped(EXPANSION_RULES[0], "jellyfish", "crab")]


@pytest.mark.parametrize("rules", EXPANSION_RULES, ids=["extra-salt", "boat-from-discards", "starfish-as-boat",
                                                        "jellyfish-as-crab"])
def test_expansion_legal_actions_from_the_tables_are_the_plain_reading_at_every_decision(rules: ssp.Ruleset) -> None:
    """``engine._legal`` (the action tables, which serve Extra Salt's rules too) against
    ``legal_plain`` at every decision of whole games, random and greedy: bound seats, the lobster's
    choice and the trios included."""
    seen: set[str] = set()

    def check(state: GameState, seat: int, action: str) -> None:
        assert engine._legal(state, seat) == engine.legal_plain(state, seat)
        seen.add(action.partition(":")[0])

    for seed in range(6):
        names = ["greedy", "random", "random", "greedy"][:2 + seed % 3]
        bots = [ssp.BOTS[name](rules, seed + s) for s, name in enumerate(names)]
        ssp.play_game(rules, bots, seed, on_decision=check)
    if rules.id == "sea-salt-paper-extra-salt":
        assert {"draw_one", "trio", "lobster", "duo", "stop", "end"} <= seen


def test_a_trio_is_offered_with_the_duo_and_the_rest_of_the_turn() -> None:
    """A duo and a starfish in hand offer the trio, beside the duo itself, ending the round and
    the end of the turn."""
    s = extra_holding(0, ["crab-1", "crab-2", "starfish-1", *SEVEN[:3]])
    assert br.legal_actions(s, 0) == ("duo:crab-1+crab-2", "end", "last_chance", "stop",
                                      "trio:crab-1+crab-2+starfish-1")


@pytest.mark.parametrize(("rules_id", "kind"), [("sea-salt-paper", "mermaid"),
                                             ("sea-salt-paper-extra-salt", "starfish"),
                                             ("sea-salt-paper-extra-salt", "mermaid")])
def test_a_kinds_name_changes_no_rule(rules_id: str, kind: str) -> None:
    """The mermaid's or the starfish's kind swapped with ``boat`` (the kind that sorts first, and
    kinds are numbered in name order) is the same game under other names: the same seeded games
    offer the same legal actions, score the same round points for every seat at every decision
    (the mermaids' count and the trio read for kind 0 too) and end with the same totals."""
    shipped = br.load_rules(rules_id)
    renamed = kinds_swapped(shipped, kind, "boat")
    t, renamed_t = tables_for(shipped), tables_for(renamed)
    assert renamed_t.kinds[0] == "boat" and kind in ("mermaid", "starfish")
    assert (renamed_t.mermaid if kind == "mermaid" else renamed_t.trio) == 0
    for seed in range(6):
        players = 2 + seed % 3
        a, b = ssp.new_game(shipped, players, seed), ssp.new_game(renamed, players, seed)
        choose = random.Random(seed)
        while not br.is_over(a):
            for seat in range(players):
                assert renamed_t.round_points(b.hands[seat], b.played[seat]) == t.round_points(a.hands[seat],
                                                                                                a.played[seat])
            seat = br.to_act(a)[0]
            legal = br.legal_actions(a, seat)
            assert br.legal_actions(b, seat) == legal and a.totals == b.totals
            action = choose.choice(legal)
            a, b = br.apply(a, seat, action), br.apply(b, seat, action)
        assert br.is_over(b) and b.totals == a.totals and br.winners(b) == br.winners(a)


def test_four_mermaids_win_at_once_on_a_last_chance_final_turn_too() -> None:
    # The seed: "if at any moment someone has the 4 mermaids in hand, they win at once"; the
    # reference: placed on their own turn. A final turn is the player's own: placing them is a win,
    # not an end of the round, so the LAST CHANCE running does not forbid it.
    s = holding_in_phase(with_piles(game(players=3)), 1, SEVEN)
    s = br.apply(s, 1, "last_chance")
    s = holding_in_phase(s, 2, ["mermaid-1", "mermaid-2", "mermaid-3", "mermaid-4"])
    assert br.legal_actions(s, 2) == ("mermaids",)
    s = br.apply(s, 2, "mermaids")
    assert br.is_over(s) and br.winners(s) == (2,) and s.history[-1].end == "mermaids"


def test_the_target_ends_the_game() -> None:
    s = holding(game(), 1, ["octopus-1", "octopus-2", "octopus-3", "crab-1", "crab-2"])
    s = br.apply(attrs.evolve(s, totals=(10, 28, 34)), 1, "stop")
    assert br.is_over(s) and s.totals == (10, 35, 34) and br.winners(s) == (1,)
    assert s.round == 1 == len(s.history) and s.turn == -1  # once over: the rounds played, nobody to act
    with pytest.raises(IllegalAction, match="over"):
        br.apply(s, 1, "draw")


@pytest.mark.parametrize("junk", ["x", 3, ("ctx", 0)])
def test_winners_names_the_kind_and_value_given_for_a_state(junk: Any) -> None:
    """The engine's ``winners`` (Sea Salt & Paper's alone) refuses what is not one of its states,
    saying what was given, as its other entry points do (``test_arguments.py``)."""
    with pytest.raises(TypeError) as info:
        ssp.engine.winners(junk)
    assert str(info.value) == (f"state must be a Sea Salt & Paper GameState (see new_game), not "
                               f"{type(junk).__name__}: {junk!r}")


def _last(scores: tuple[int, ...], ender: int, last_turns: tuple[int, ...]) -> RoundResult:
    n = len(scores)
    return RoundResult((), 0, (), "stop", ender, ((),) * n, ((),) * n, scores, (0,) * n, scores, last_turns)


@pytest.mark.parametrize(("rules_id", "winner"), [("sea-salt-paper", (0,)), ("sea-salt-paper-tie-ender", (2,)),
                                                  ("sea-salt-paper-tie-went-last", (2,))])
def test_ties_are_broken_by_the_rulesets_tie_break(rules_id: str, winner: tuple[int, ...]) -> None:
    t = tables_for(br.load_rules(rules_id))
    assert _winners(t, (36, 20, 36), _last((9, 3, 2), ender=2, last_turns=(4, 5, 6))) == winner
    assert _winners(t, (36, 20, 37), _last((9, 3, 2), ender=0, last_turns=(4, 5, 6))) == (2,)


def test_a_tie_the_tie_break_cannot_break_is_shared() -> None:
    t = tables_for(RULES)
    assert _winners(t, (36, 36, 1), _last((5, 5, 0), ender=2, last_turns=(1, 2, 3))) == (0, 1)
    ender = tables_for(br.load_rules("sea-salt-paper-tie-ender"))
    assert _winners(ender, (36, 36, 1), _last((5, 5, 0), ender=2, last_turns=(1, 2, 3))) == (0, 1)


def plain_winners(rule: str, totals: Sequence[int], last: RoundResult) -> tuple[int, ...]:
    """The reference's end of game read plainly: most points; tied, by the ruleset's reading (the
    most points in the last round; the tied player who ended it; the tied player whose latest
    turn in it came last); still tied, or the ender not among the tied, a shared win."""
    tied = [s for s, total in enumerate(totals) if total == max(totals)]
    if rule == "last-round-points":
        tied = [s for s in tied if last.scores[s] == max(last.scores[x] for x in tied)]
    elif rule == "ended-last-round":
        tied = [last.ender] if last.ender in tied else tied
    else:
        tied = [s for s in tied if last.last_turns[s] == max(last.last_turns[x] for x in tied)]
    return tuple(tied)


TIE_RULES = ["sea-salt-paper", "sea-salt-paper-tie-ender", "sea-salt-paper-tie-went-last"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TIE_RULES), st.integers(2, 4).flatmap(lambda n: st.tuples(
    st.lists(st.integers(28, 32), min_size=n, max_size=n), st.lists(st.integers(0, 3), min_size=n, max_size=n),
    st.integers(0, n - 1), st.lists(st.integers(-1, 4), min_size=n, max_size=n))))
def test_tie_breaks_match_the_reference_read_plainly(
        rules_id: str, case: tuple[list[int], list[int], int, list[int]]) -> None:
    totals, scores, ender, last_turns = case
    t = tables_for(br.load_rules(rules_id))
    last = _last(tuple(scores), ender, tuple(last_turns))
    assert _winners(t, tuple(totals), last) == plain_winners(t.rules.tie_break, totals, last)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(TIE_RULES).flatmap(lambda r: bst.games(rules=r, finished=True)))
def test_a_finished_game_ends_and_is_won_as_the_reference_says(state: GameState) -> None:
    """Totals are the rounds' points; a round the deck ended scores nothing; the game ends after the
    first round that brings someone to the target (40 / 35 / 30), or when four mermaids are placed,
    and no sooner; the winners are as ``plain_winners`` reads the rules."""
    n = state.players
    target = {2: 40, 3: 35, 4: 30}[n]
    running = [0] * n
    for k, result in enumerate(state.history):
        if result.end == "empty_deck":
            assert result.scores == (0,) * n
        running = [a + b for a, b in zip(running, result.scores)]
        last = k == len(state.history) - 1
        assert last == (result.end == "mermaids" or max(running) >= target)
    assert list(state.totals) == running
    result = state.history[-1]
    if result.end == "mermaids":
        assert br.winners(state) == (result.ender,)
    else:
        assert br.winners(state) == plain_winners(state.rules.tie_break, running, result)


def test_a_view_hides_other_hands_and_the_deck() -> None:
    s = holding(game(), 0, ["octopus-1", "crab-1"])
    seen = br.view(s, 1)
    assert seen.hand == () and seen.hand_sizes == (2, 0, 0) and seen.deck_size == len(s.deck)
    assert "octopus-1" not in repr(seen)


def _tabled_against_plain(s: GameState) -> None:
    from boomerang_rules.seasaltpaper import engine
    from boomerang_rules.seasaltpaper.scoring import points_of

    t = s.tables
    for seat in range(s.players):
        assert t.card_points(s.hands[seat], s.played[seat]) == points_of(t, s.hands[seat], s.played[seat]).card_points
    if s.turn >= 0:
        assert engine._legal(s, s.turn) == engine.legal_plain(s, s.turn)
        assert br.legal_actions(attrs.evolve(s), s.turn) == engine.legal_plain(s, s.turn)  # an equal state, not it


@settings(max_examples=25, deadline=None)
@given(bst.ssp_rulesets(), st.integers(0, 2**64 - 1), st.data())
def test_tables_agree_with_the_plain_reading(rules: ssp.Ruleset, seed: int, data: st.DataObject) -> None:
    """The action tables (``engine._legal``) and the packed card points (``Tables.card_points``)
    against ``legal_plain`` and ``scoring.points_of``, at every state of drawn games of every
    shipped ruleset to their end; ``apply`` takes exactly the legal actions, ``step`` the same."""
    s = ssp.new_game(rules, data.draw(st.integers(rules.players.min, rules.players.max)), seed)
    rng = random.Random(seed)
    while True:
        _tabled_against_plain(s)
        if br.is_over(s):
            return
        seat = br.to_act(s)[0]
        legal = br.legal_actions(s, seat)
        for wrong in ("end" if "end" not in legal else "draw", "duo:shell-1+shell-2", "keep:x:left", -3, None):
            if wrong not in legal:
                with pytest.raises(IllegalAction):
                    br.apply(s, seat, wrong)  # type: ignore[arg-type]
        action = rng.choice(legal)
        after = br.apply(s, seat, action)
        assert br.step(s, [action]) == after
        s = after


def _one_rule_of_extra_salt(rule: str) -> ssp.Ruleset:
    """The base game with one of Extra Salt's rules and the cards it takes, nothing else of it: a
    ruleset ``Tables.expansion`` serves by Extra Salt's code though no shipped one is so."""
    from boomerang_rules.core.loading import rules_from_data

    data = br.rules_data(RULES)
    extra = {c["id"]: c for c in br.rules_data(br.load_rules("sea-salt-paper-extra-salt"))["cards"]}
    added = {"jellyfish": ["jellyfish-1", "jellyfish-2"], "lobster": ["lobster-1"], "starfish": ["starfish-1",
             "starfish-2", "starfish-3"], "seahorse": ["seahorse-1"], "own-colour": []}[rule]
    data["cards"] += [extra[c] for c in added]
    if rule == "jellyfish":
        data["duos"].append({"kinds": ["swimmer", "jellyfish"], "points": 1, "effect": "restrict_opponents"})
    elif rule == "lobster":
        data["duos"].append({"kinds": ["crab", "lobster"], "points": 1, "effect": "look_at_top", "look": 3})
    elif rule == "starfish":
        data["trio"] = {"kind": "starfish", "points": 3}
    elif rule == "seahorse":
        data["stand_in"] = {"kind": "seahorse"}
    else:
        data["mermaids"]["colour_bonus_own_colour"] = False
    data["id"] = f"sea-salt-paper-with-{rule}"
    rules = rules_from_data(data)
    assert isinstance(rules, ssp.Ruleset)
    return rules


ONE_RULE_OF_EXTRA_SALT = [_one_rule_of_extra_salt(r) for r in ("jellyfish", "lobster", "starfish", "seahorse",
                                                                 "own-colour")]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(ONE_RULE_OF_EXTRA_SALT), st.integers(0, 2**64 - 1), st.data())
def test_tables_agree_with_the_plain_reading_under_one_rule_of_extra_salt(rules: ssp.Ruleset, seed: int,
                                                                          data: st.DataObject) -> None:
    """``engine._legal`` (which serves Extra Salt's rules from the action tables) and the packed
    card points against the plain readings at every state of drawn games of the base game with one
    of Extra Salt's rules alone (a bound seat, the lobster's choice, a shared kind, the trios, the
    stand-in, the colour bonus's own rule), each a ruleset the expansion's code serves."""
    assert tables_for(rules).expansion
    s = ssp.new_game(rules, data.draw(st.integers(rules.players.min, rules.players.max)), seed)
    rng = random.Random(seed)
    while True:
        _tabled_against_plain(s)
        if br.is_over(s):
            return
        seat = br.to_act(s)[0]
        s = br.apply(s, seat, rng.choice(br.legal_actions(s, seat)))


@settings(max_examples=200, deadline=None)
@given(bst.ssp_rulesets(), st.data())
def test_packed_card_points_are_the_scorers(rules: ssp.Ruleset, data: st.DataObject) -> None:
    from boomerang_rules.seasaltpaper.scoring import points_of

    t = tables_for(rules)
    cards = data.draw(st.lists(st.integers(0, t.deck_size - 1), unique=True, max_size=30))
    k = data.draw(st.integers(0, len(cards)))
    hand, played = tuple(sorted(cards[:k])), tuple(cards[k:])
    assert t.card_points(hand, played) == points_of(t, hand, played).card_points
    assert engine.hand_points(t, hand, played) == points_of(t, hand, played).card_points  # what greedy weighs


def test_step_is_one_decision_and_refuses_anything_else() -> None:
    s = game()
    assert br.step(s, ["draw"]) == br.apply(s, 0, "draw") == br.step(s, ("draw",))
    for wrong in ([], ["draw", "draw"], "draw"):
        with pytest.raises(IllegalAction, match=r"^step needs 1 action, one for seat 0, not "):
            br.step(s, wrong)
    with pytest.raises(IllegalAction, match=r"^step needs a sequence of actions, one for seat 0, not None$"):
        br.step(s, None)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="may not"):
        br.step(s, ["end"])
    # another sequence (a numpy array of ids is one) takes the general path to the same state, in
    # the package's ``step`` (as a tuple) and in the engine's own
    from collections import UserList

    from boomerang_rules.seasaltpaper import engine
    later = game(first=2)
    assert ssp.step(later, UserList(["draw"])) == engine.step(later, UserList(["draw"])) \
        == br.apply(later, 2, "draw") != later


def test_apply_reads_the_cached_legal_actions_only_for_the_seat_they_were_made_for() -> None:
    """``apply`` reuses ``legal_actions``' cache in place: another seat (or a seat given as a bool
    or another state) gets the plain refusal, not the cached seat's actions."""
    s = ssp.new_game(RULES, 3, 5)
    turn = s.turn
    legal = br.legal_actions(s, turn)
    other = (turn + 1) % 3
    with pytest.raises(IllegalAction, match=f"it is seat {turn}'s turn, not seat {other}'s"):
        br.apply(s, other, legal[0])
    assert br.apply(s, turn, legal[0]) == br.apply(attrs.evolve(s), turn, legal[0])


def test_a_bool_seat_is_refused_even_right_after_that_seats_legal_actions() -> None:
    """``True`` equals seat 1, but a seat is never a bool: ``apply`` refuses it, cache or no cache."""
    s = game(first=1)
    legal = br.legal_actions(s, 1)
    with pytest.raises(IllegalAction, match=r"^seat True does not exist in a 3-player game \(seats are 0 to 2\)$"):
        engine.apply(s, True, legal[0])


def test_an_action_may_be_a_string_of_a_str_subclass() -> None:
    """A string of a ``str`` subclass (a numpy string, say) is the action it spells."""
    import numpy as np

    class Named(str):
        pass

    s = game("crab-1", "boat-1", "shell-1", "octopus-1")
    for action in (Named("draw"), np.str_("draw")):
        assert engine.apply(s, 0, action) == engine.apply(s, 0, "draw")
        br.legal_actions(s, 0)  # the cached legal actions, read in place
        assert engine.apply(s, 0, action) == engine.apply(s, 0, "draw")


def holding_in_phase(state: GameState, seat: int, cards: Sequence[str], phase: str = "play") -> GameState:
    """``state`` with ``seat`` to act in ``phase``, holding ``cards`` (taken out of the deck and piles)."""
    chosen = {T.index[c] for c in cards}
    hands = list(state.hands)
    hands[seat] = tuple(sorted(T.index[c] for c in cards))
    left, right = (tuple(c for c in pile if c not in chosen) for pile in state.piles)
    return attrs.evolve(state, hands=tuple(hands), turn=seat, phase=phase, piles=(left, right),
                        deck=tuple(c for c in state.deck if c not in chosen))



SEVEN = ["octopus-1", "octopus-2", "octopus-3", "crab-1", "crab-2"]  # octopus 3 -> 6, a crab pair 1


SHELLS = ("shell-1", "shell-2", "shell-3", "shell-4", "shell-5", "shell-6")


def with_piles(state: GameState) -> GameState:
    """``state`` with the six shells on the discard piles (three each), out of the deck."""
    chosen = {T.index[c] for c in SHELLS}
    left, right = (tuple(T.index[c] for c in SHELLS[k::2]) for k in (0, 1))
    return attrs.evolve(state, piles=(left, right), deck=tuple(c for c in state.deck if c not in chosen))


def take_and_end(state: GameState, seat: int) -> GameState:
    """``seat`` takes the top of the first non-empty pile and ends its turn."""
    top = next(pile[-1] for pile in state.piles if pile)
    after: GameState = br.apply(br.apply(state, seat, "take:" + T.ids[top]), seat, "end")
    return after


def test_no_round_end_before_drawing() -> None:
    s = holding_in_phase(game("shell-1", "shell-2"), 0, SEVEN, phase="draw")
    assert br.legal_actions(s, 0) == ("draw", "take:shell-1", "take:shell-2")
    with pytest.raises(IllegalAction):
        br.apply(s, 0, "stop")
    s = br.apply(s, 0, "take:shell-1")
    assert {"stop", "last_chance"} <= set(br.legal_actions(s, 0))


def test_an_empty_pile_cannot_be_taken_from_and_a_crab_pair_sees_only_the_other() -> None:
    s = attrs.evolve(game("shell-1", "shell-2"), piles=((), (T.index["shell-2"],)))
    assert br.legal_actions(s, 0) == ("draw", "take:shell-2")
    s = holding_in_phase(s, 0, ["crab-1", "crab-2"])
    s = br.apply(s, 0, "duo:crab-1+crab-2")
    assert br.legal_actions(s, 0) == ("pile:right",)


def test_the_last_card_drawn_then_stop_scores_but_ending_the_turn_does_not() -> None:
    s = holding_in_phase(game(), 1, SEVEN, phase="draw")
    s = attrs.evolve(s, deck=(T.index["shell-6"],))
    s = br.apply(s, 1, "draw")
    assert s.deck == () and s.hands[1] == tuple(sorted(T.index[c] for c in [*SEVEN, "shell-6"]))
    stopped = br.apply(s, 1, "stop")  # one shell scores 0: still 7
    assert stopped.history[-1].end == "stop" and stopped.totals == (0, 7, 0)
    ended = br.apply(s, 1, "end")
    assert ended.history[-1].end == "empty_deck" and ended.totals == (0, 0, 0) and ended.first == 2


def test_several_duos_in_one_turn_each_with_its_effect() -> None:
    s = holding_in_phase(game("shell-1", "shell-2", "octopus-5"), 0, ["crab-1", "crab-2", "fish-1", "fish-2"])
    s = br.apply(s, 0, "duo:fish-1+fish-2")
    assert s.hands[0] == tuple(sorted(T.index[c] for c in ["crab-1", "crab-2", "octopus-5"]))
    s = br.apply(br.apply(br.apply(s, 0, "duo:crab-1+crab-2"), 0, "pile:left"), 0, "pick:shell-1")
    assert s.phase == "play" and sorted(T.ids_of(s.hands[0])) == ["octopus-5", "shell-1"]
    assert ssp.score_cards(RULES, hand=T.ids_of(s.hands[0]), played=T.ids_of(s.played[0])).card_points == 2


def test_a_steal_with_only_protected_or_empty_hands_is_skipped() -> None:
    s = holding_in_phase(game(players=3), 1, SEVEN)
    s = br.apply(s, 1, "last_chance")  # seat 1 revealed; seat 0 still empty-handed
    assert s.turn == 2
    s = holding_in_phase(s, 2, ["swimmer-1", "shark-1"])
    s = br.apply(s, 2, "duo:swimmer-1+shark-1")
    assert s.phase == "play" and s.hands[2] == ()


def test_a_boat_pair_on_a_final_turn_stays_that_final_turn() -> None:
    s = holding_in_phase(with_piles(game(players=4)), 2, SEVEN)
    s = br.apply(s, 2, "last_chance")
    assert s.final == (3, 0, 1) and s.turn == 3
    s = holding_in_phase(s, 3, ["boat-1", "boat-2"])
    s = br.apply(s, 3, "duo:boat-1+boat-2")
    assert s.turn == 3 and s.phase == "draw" and s.final == (3, 0, 1)
    s = take_and_end(s, 3)
    assert s.turn == 0 and s.final == (0, 1)
    for seat in (0, 1):
        s = take_and_end(s, seat)
    assert s.history[-1].end == "last_chance" and s.history[-1].ender == 2
    assert s.first == 3  # left of the caller


def test_a_last_chance_called_by_seat_0_gives_each_other_seat_one_final_turn() -> None:
    """Seat 0 is a caller too: each final turn is used up and protects its seat, then the round ends."""
    s = holding_in_phase(with_piles(game(players=3)), 0, SEVEN)
    s = br.apply(s, 0, "last_chance")
    assert s.caller == 0 and s.final == (1, 2) and s.turn == 1 and s.protected == 0b001
    s = take_and_end(s, 1)
    assert s.final == (2,) and s.turn == 2 and s.protected == 0b011
    s = take_and_end(s, 2)
    assert s.history[-1].end == "last_chance" and s.history[-1].ender == 0 and s.first == 1


def test_an_empty_deck_does_not_end_seat_0s_last_chance_in_the_variant() -> None:
    """The variant skips the empty-deck check for a LAST CHANCE called by seat 0 too."""
    variant = br.load_rules("sea-salt-paper-last-chance-deck")
    s = holding_in_phase(with_piles(game(players=3, rules=variant)), 0, SEVEN)
    s = br.apply(attrs.evolve(s, deck=()), 0, "last_chance")
    assert s.turn == 1 and s.final == (1, 2)
    s = take_and_end(take_and_end(s, 1), 2)
    assert s.history[-1].end == "last_chance" and s.history[-1].ender == 0
    assert s.history[-1].log[-1] == (2, "end", -1)  # the last final turn's end is in the round's log


def test_a_last_chance_round_reaching_the_target_ends_the_game() -> None:
    # 4 players: target 30. SEVEN: octopus-1 light blue, octopus-2 yellow, octopus-3 green,
    # crab-1 + crab-2 dark blue -> 7 card points, colour bonus 2.
    s = holding_in_phase(with_piles(game(players=4)), 2, SEVEN)
    s = attrs.evolve(s, totals=(29, 0, 21, 0))
    s = br.apply(s, 2, "last_chance")
    for seat in (3, 0, 1):
        s = take_and_end(s, seat)
    last = s.history[-1]
    # everyone else took one shell (one shell scores 0): caller 7 >= all -> 7 + 2 = 9;
    # the others each hold one card: colour bonus 1
    assert last.scores == (1, 1, 9, 1)
    assert br.is_over(s) and s.totals == (30, 1, 30, 1)
    assert br.winners(s) == (2,)  # tied at 30: most points in the last round
    # the last final turn was taken and revealed as the game ended: none owed, every hand protected
    assert s.final == () and br.view(s, 0).protected == (0, 1, 2, 3)


def test_a_game_dealt_from_its_seed_alone_is_the_one_the_general_path_deals() -> None:
    """``new_game`` with no outcomes given builds the dealt state in one go (``engine._dealt``):
    field for field (the generator's state, the tables) what the general path's waiting state and
    ``_start_round`` make, on every shipped ruleset and player count; refusals are the same."""
    from boomerang_rules.core.loading import shipped_ids

    for name in shipped_ids():
        rules = br.load_rules(name)
        if rules.game != "sea-salt-paper":
            continue
        for players in range(rules.players.min, rules.players.max + 1):
            for seed in (0, 1, 2**64 - 1, 2**64 + 7, -3, 12345):
                fast, general = br.new_game(rules, players, seed), br.new_game(rules, players, seed, decks=[])
                assert list(fast) == list(general) and fast.chance == general.chance
                assert fast.tables is general.tables
    rules = br.load_rules("sea-salt-paper")
    odd: list[Any] = [0, 1, 6, True, "4", 4.0]
    for count in odd:
        outcomes = []
        ways: list[dict[str, Any]] = [{}, {"decks": []}]
        for options in ways:
            try:
                br.new_game(rules, count, 1, **options)
            except Exception as error:  # the comparison is of any exception, whatever it is
                outcomes.append((type(error).__name__, str(error)))
        assert len(outcomes) == 2 and outcomes[0] == outcomes[1], count


@pytest.mark.parametrize("compiled", [None, object()])
def test_serving_names_the_plain_engine_where_the_compiled_path_takes_no_decision(
        compiled: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """``serving`` (``bench``'s engine line) is ``ENGINE`` unless the compiled path is there and
    hands every decision of the ruleset to the plain code, whether or not it is built here (a
    stand-in for it); it then names what of that ruleset the compiled path does not play (the
    online variants are no Extra Salt: the line once said so of them)."""
    from boomerang_rules.seasaltpaper import engine
    monkeypatch.setattr(engine, "COMPILED", compiled)
    plain = ("plain Python (seasaltpaper/_accel is built, but its apply, legal_actions and step hand every decision "
             "of this ruleset to the plain functions: ")
    why = {"sea-salt-paper-extra-salt": "Extra Salt's rules, a deck of 66 cards, more than 64",
           "sea-salt-paper-mermaids-without-white": "a colour bonus counted apart from the mermaids",
           "sea-salt-paper-boat-from-discards": "a boat pair's turn on an empty deck"}
    ssp_ids = [r for r in br.shipped_ids() if br.load_rules(r).game == "sea-salt-paper"]
    served = {r: engine.serving(br.load_rules(r)) for r in ssp_ids}
    handed = {r for r in served if tables_for(br.load_rules(r)).compiled is None}
    assert handed == {r for r in served if tables_for(br.load_rules(r)).expansion} == set(why)
    for r, engine_line in served.items():
        assert engine_line == (plain + why[r] + ")" if compiled is not None and r in handed else engine.ENGINE), r


@pytest.mark.parametrize("cards", [64, 65])
def test_the_compiled_path_plays_decks_of_up_to_64_cards_and_bench_says_so_past_them(
        cards: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand is one 64-bit mask in the compiled path: a deck of 64 cards is compiled, one of 65 is
    handed to the plain code, and ``serving`` (``bench``'s line) says why."""
    import json

    from boomerang_rules.core.loading import rules_from_data
    from boomerang_rules.core.resources import data_dir

    monkeypatch.setattr(engine, "COMPILED", object())  # built or not here: the line is the same
    data = json.loads((data_dir("variants") / "sea-salt-paper.json").read_text(encoding="utf-8"))
    more = [{"id": f"crab-{10 + i}", "kind": "crab", "colour": "green"} for i in range(cards - len(data["cards"]))]
    rules = rules_from_data({**data, "id": f"deck-of-{cards}", "cards": data["cards"] + more})
    tables = tables_for(rules)
    assert (tables.deck_size, tables.compiled is None) == (cards, cards > 64)
    assert engine.plain_reasons(tables) == ((f"a deck of {cards} cards, more than 64",) if cards > 64 else ())
    assert engine.serving(rules).endswith(f"a deck of {cards} cards, more than 64)") == (cards > 64)


# --- every decision of whole games against the reference read plainly ---------------------------

SHIPPED_SSP = sorted(i for i in br.shipped_ids() if br.load_rules(i).game == "sea-salt-paper")


def plain_legal(s: GameState, seat: int, bound: bool = False) -> set[str]:
    """What the reference lets ``seat`` do now, read off the state by card ids and the ruleset's
    data alone: the draw (two from the deck, or a pile's top; a bound seat only the deck's top
    card), the kept card and the pile (the empty one if one is), the duos and trios in hand, the
    four mermaids, STOP and LAST CHANCE at 7+ card points with no LAST CHANCE running, a crab
    pair's pile then any card of it, a victim who is another seat with an unrevealed, non-empty
    hand, the lobster's card. ``bound``: a jellyfish pair binds the seat this turn."""
    rules = s.rules
    ids = [c.id for c in rules.cards]
    hand = [ids[c] for c in s.hands[seat]]
    if s.phase == "draw":
        if bound:
            return {"draw_one"} if s.deck else {"pass"}
        return {*(["draw"] if s.deck else []), *(f"take:{ids[p[-1]]}" for p in s.piles if p)} or {"pass"}
    if s.phase == "keep":
        empty = [name for name, pile in zip(("left", "right"), s.piles) if not pile]
        return {f"keep:{ids[c]}:{p}" for c in s.drawn for p in (empty if len(empty) == 1 else ("left", "right"))}
    if s.phase == "play":
        if bound:
            return {"end"}
        if sum(rules.card(c).kind == rules.mermaids.kind for c in hand) >= rules.mermaids.win_with:
            return {"mermaids"}  # whoever holds them all wins at once
        duos = set()
        for duo in rules.duos:
            for i, a in enumerate(hand):
                for b in hand[i + 1:]:
                    if sorted((rules.card(a).kind, rules.card(b).kind)) == sorted(duo.kinds):
                        duos.add("+".join(sorted((a, b), key=ids.index)))
        out = {"end", *(f"duo:{d}" for d in duos)}
        if rules.trio is not None:
            out |= {f"trio:{d}+{c}" for d in duos for c in hand if rules.card(c).kind == rules.trio.kind}
        played = [ids[c] for c in s.played[seat]]
        if s.caller < 0 and ssp.score_cards(rules, hand, played).card_points >= rules.round_end.min_points:
            out |= {"stop", "last_chance"}
        return out
    if s.phase == "crab_pile":
        return {f"pile:{name}" for name, pile in zip(("left", "right"), s.piles) if pile}
    if s.phase == "crab_card":
        return {f"pick:{ids[c]}" for c in s.piles[s.crab_pile]}
    if s.phase == "steal":
        return {f"steal:{v}" for v in range(s.players) if v != seat and s.hands[v] and not s.protected >> v & 1}
    assert s.phase == "lobster"
    return {f"lobster:{ids[c]}" for c in s.drawn}


def check_round_end(before: GameState, after: GameState, seat: int, action: str, finals: list[int]) -> None:
    """A round that just ended did so as the reference says, was scored so, and the next begins
    left of the seat that ended it (after an empty deck: left of the seat whose turn it was)."""
    rules, n = before.rules, before.players
    result = after.history[-1]
    ids = [c.id for c in rules.cards]
    points = [ssp.score_cards(rules, [ids[c] for c in h], [ids[c] for c in p])
              for h, p in zip(result.hands, result.played)]
    cards, bonus = [p.card_points for p in points], [p.colour_bonus for p in points]
    assert list(result.card_points) == cards
    if action in ("stop", "mermaids"):  # four mermaids win the game at once: the round is not scored
        assert (result.end, result.ender) == (action, seat)
        assert result.scores == (tuple(cards) if action == "stop" else (0,) * n)
    elif result.end == "empty_deck":
        assert not after.history[-1].hands or result.scores == (0,) * n
        assert before.caller < 0 or rules.round_end.empty_deck_during_last_chance == "ends-round"
        assert result.ender == seat
    else:
        caller = before.caller
        assert (result.end, result.ender) == ("last_chance", caller)
        assert finals == [(caller + k) % n for k in range(1, n)]  # one final turn each, from the caller's left
        won = all(cards[caller] >= cards[o] for o in range(n) if o != caller)
        assert result.scores == tuple((cards[o] + bonus[o] if won else bonus[o]) if o == caller
                                      else (bonus[o] if won else cards[o]) for o in range(n))
    if not br.is_over(after):
        assert after.first == after.turn == (result.ender + 1) % n
        assert not any(after.hands) and len(after.deck) == len(rules.cards) - 2


def check_duo_effect(before: GameState, after: GameState, seat: int, action: str) -> None:
    """A duo played for its effect does what the reference says (an effect that cannot happen is
    skipped); a trio (a duo with a starfish) has none. The cards go from the hand to the table."""
    rules = before.rules
    ids = [c.id for c in rules.cards]
    cards = action.split(":")[1].split("+")
    hand = [c for c in (ids[i] for i in before.hands[seat]) if c not in cards]
    assert sorted(ids[i] for i in after.played[seat]) == sorted([*(ids[i] for i in before.played[seat]), *cards])
    kinds = sorted(rules.card(c).kind for c in cards[:2])
    effect = "none" if action.startswith("trio:") else next(d.effect for d in rules.duos if sorted(d.kinds) == kinds)
    got = sorted(ids[i] for i in after.hands[seat])
    deck = [ids[i] for i in before.deck]
    if effect == "take_from_discard" and any(before.piles):
        assert after.phase == "crab_pile" and got == sorted(hand)
    elif effect == "draw" and deck:
        assert after.phase == "play" and got == sorted([*hand, deck[0]]) and len(after.deck) == len(deck) - 1
    elif effect == "steal" and any(v != seat and before.hands[v] and not before.protected >> v & 1
                                   for v in range(before.players)):
        assert after.phase == "steal"
    elif effect == "look_at_top" and deck:
        look = next(d.look for d in rules.duos if sorted(d.kinds) == kinds)
        assert after.phase == "lobster" and sorted(ids[i] for i in after.drawn) == sorted(deck[:look])
    elif effect == "extra_turn" and (deck or any(before.piles)
                                     or rules.round_end.empty_deck_extra_turn != "from-discard-piles"):
        assert (after.phase == "draw" and after.turn == seat) or after.history != before.history
    else:  # no effect, or one that cannot happen: the pair is played all the same
        assert after.phase == "play" and got == sorted(hand) and after.deck == before.deck


def plain_game(rules_id: str, players: int, seed: int) -> None:
    """A random game of ``rules_id`` checked at every decision (``plain_legal``), at every turn's
    end (the next seat: left, the same after a boat pair, the next final turn during LAST CHANCE)
    and at every round's end (``check_round_end``)."""
    rng = random.Random(seed)
    ending = (0.02, 0.1, 0.5)[seed % 3]  # how often the random player ends the round when it may
    s = br.new_game(rules_id, players, seed=seed)
    finals: list[int] = []  # the seats whose final turns have begun, in order (a boat pair's turns once)
    turns: list[int] = []  # the seat of each turn this round, in order (a turn begins with a draw decision)
    bound: set[int] = set()  # the seats a jellyfish pair binds for their next turn
    totals = [0] * players
    while not br.is_over(s):
        (seat,) = br.to_act(s)
        if s.phase == "draw":
            turns.append(seat)
        legal = set(br.legal_actions(s, seat))
        plain = plain_legal(s, seat, seat in bound)
        assert legal == plain, (rules_id, players, seed, s.phase, sorted(legal ^ plain))
        if s.caller >= 0 and s.phase == "draw" and finals[-1:] != [seat]:
            finals.append(seat)
        ends = sorted(legal & {"stop", "last_chance"})
        action = rng.choice(ends) if ends and rng.random() < ending else rng.choice(sorted(legal - set(ends)))
        before, s = s, br.apply(s, seat, action)
        if len(s.history) > len(before.history):
            check_round_end(before, s, seat, action, finals)
            result = s.history[-1]
            totals = [a + b for a, b in zip(totals, result.scores)]
            if result.end == "mermaids":
                assert br.is_over(s) and br.winners(s) == (seat,)
            elif br.is_over(s) or max(totals) >= s.rules.target(players):
                went = attrs.evolve(result, last_turns=tuple(max((i for i, x in enumerate(turns) if x == o),
                                                                 default=-1) for o in range(players)))
                assert br.is_over(s) and br.winners(s) == plain_winners(s.rules.tie_break, totals, went)
            finals, turns, bound = [], [], set()
            continue
        if s.turn != seat or (s.phase == "draw" and before.phase != "draw"):  # the seat's turn is over
            bound.discard(seat)
        if action.startswith(("duo:", "trio:")):
            check_duo_effect(before, s, seat, action)
            duo = [s.rules.card(c).kind for c in action.split(":")[1].split("+")]
            if action.startswith("duo:") and sorted(duo) == ["jellyfish", "swimmer"]:
                bound |= set(range(players)) - {seat}
        if s.phase == "draw" and s.turn_no != before.turn_no and not s.deck:  # a turn has ended on an empty deck:
            # the round goes on only during a LAST CHANCE of the variant that lets it, or into the turn a
            # boat pair gives from the discard piles (the online reading's variant)
            lets = s.rules.round_end.empty_deck_during_last_chance == "continues" and s.caller >= 0
            boat = s.rules.round_end.empty_deck_extra_turn == "from-discard-piles" and s.turn == seat
            assert lets or boat, (rules_id, players, seed, action)
        if action == "last_chance":
            assert (s.caller, s.turn, s.protected >> seat & 1) == (seat, (seat + 1) % players, 1)
        elif action == "end":
            assert s.phase == "draw"
            if before.caller < 0:
                assert s.turn == (seat + 1) % players
            else:  # a final turn is over: revealed, and the next seat from the caller's left plays its own
                assert s.protected >> seat & 1 and s.turn == (seat + 1) % players != before.caller
        elif before.phase == "play" and s.phase == "draw":  # a boat pair: the same seat's next turn at once
            assert action.startswith("duo:") and s.rules.card(action[4:].split("+")[0]).kind == "boat"
            assert s.turn == seat


@pytest.mark.parametrize("rules_id", SHIPPED_SSP)
def test_every_decision_of_whole_games_is_the_reference_read_plainly(rules_id: str) -> None:
    base = 1000 * SHIPPED_SSP.index(rules_id)  # and other games for each ruleset: a variant's rule meets its case
    for seed in [*range(9), base + 9, base + 10]:  # (games 0-8 hold ties each tie-break decides)
        for players in (2, 3, 4):
            plain_game(rules_id, players, seed)
