"""Sea Salt & Paper, a second reading against the reference: the deck card by card, whole hands
scored by hand from the rules, and the turn's edge cases.

Every expected number below was worked out by hand from ``shared/reference/sea-salt-paper.md``
(the working is in the comments), never by running the scorer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

import boomerang_rules as br
from boomerang_rules import seasaltpaper as ssp
from boomerang_rules.core.errors import IllegalAction
from boomerang_rules.seasaltpaper.state import GameState
from boomerang_rules.seasaltpaper.tables import tables_for

RULES = br.load_rules("sea-salt-paper")
NO_WHITE = br.load_rules("sea-salt-paper-mermaids-without-white")
T = tables_for(RULES)
ALL = [c.id for c in RULES.cards]


# -- the deck, kind by kind ------------------------------------------------------------------------

REFERENCE_DECK = {
    "crab": {"dark_blue": 2, "light_blue": 2, "yellow": 2, "black": 1, "green": 1, "grey": 1},
    "boat": {"dark_blue": 2, "light_blue": 2, "black": 2, "yellow": 2},
    "fish": {"dark_blue": 2, "black": 2, "light_blue": 1, "yellow": 1, "green": 1},
    "swimmer": {"dark_blue": 1, "light_blue": 1, "black": 1, "yellow": 1, "light_orange": 1},
    "shark": {"dark_blue": 1, "light_blue": 1, "black": 1, "green": 1, "purple": 1},
    "shell": {"dark_blue": 1, "light_blue": 1, "black": 1, "yellow": 1, "green": 1, "grey": 1},
    "octopus": {"light_blue": 1, "yellow": 1, "green": 1, "purple": 1, "grey": 1},
    "penguin": {"purple": 1, "light_orange": 1, "pink": 1},
    "sailor": {"pink": 1, "orange": 1},
    "lighthouse": {"purple": 1},
    "shoal_of_fish": {"grey": 1},
    "penguin_colony": {"green": 1},
    "captain": {"light_orange": 1},
    "mermaid": {"white": 4},
}


def test_every_kind_has_the_reference_colours() -> None:
    for rules_id in ("sea-salt-paper", "sea-salt-paper-mermaids-without-white", "sea-salt-paper-tie-ender",
                     "sea-salt-paper-tie-went-last", "sea-salt-paper-last-chance-deck"):
        cards = br.load_rules(rules_id).cards
        found: dict[str, Counter[str]] = {}
        for c in cards:
            found.setdefault(c.kind, Counter())[c.colour] += 1
        assert found == REFERENCE_DECK, rules_id
        assert len(cards) == 58 and len({c.id for c in cards}) == 58


# -- whole hands, by hand ----------------------------------------------------------------------------

HANDS = [
    # (hand, played, card points, colour bonus, duos, collectors, multipliers, mermaids)
    # 3 shells -> 4; played crab pair -> 1; a lone boat nothing. Dark blue: shell-1, boat-1, crab-1, crab-2.
    (["shell-1", "shell-2", "shell-3", "boat-1"], ["crab-1", "crab-2"], 5, 4, 1, 4, 0, 0),
    # boats: 3 in hand (one pair) + a played pair = 2; lighthouse 1 x 5 boats. db 2, lb 2, black 1, purple 1.
    (["lighthouse-1", "boat-1", "boat-3", "boat-5"], ["boat-2", "boat-4"], 7, 2, 2, 0, 5, 0),
    # penguins 3 -> 5; colony 2 x 3 = 6; four colours once each.
    (["penguin_colony-1", "penguin-1", "penguin-2", "penguin-3"], [], 11, 1, 0, 5, 6, 0),
    # sailors 2 -> 5; captain 3 x 2 = 6.
    (["captain-1", "sailor-1", "sailor-2"], [], 11, 1, 0, 5, 6, 0),
    # one sailor -> 0; captain 3 x 1.
    (["captain-1", "sailor-1"], [], 3, 1, 0, 0, 3, 0),
    # fish: 3 in hand (one pair) + a played pair = 2; shoal 1 x 5 fish. db 2, black 2, lb 1, grey 1.
    (["shoal_of_fish-1", "fish-1", "fish-2", "fish-3"], ["fish-4", "fish-5"], 7, 2, 2, 0, 5, 0),
    # swimmer+shark: min(2 swimmers, 1 shark) = 1 in hand, 1 played; five colours once each.
    (["swimmer-1", "swimmer-2", "shark-3"], ["swimmer-4", "shark-5"], 2, 1, 2, 0, 0, 0),
    # 5 octopus -> 12, 6 shells -> 10; lb, yellow, green, grey twice each.
    (["octopus-1", "octopus-2", "octopus-3", "octopus-4", "octopus-5",
      "shell-1", "shell-2", "shell-3", "shell-4", "shell-5", "shell-6"], [], 22, 2, 0, 22, 0, 0),
    # 2 mermaids: white 2, dark blue 3 (crab-1, boat-1, fish-1), black 2 (crab-7, boat-5), lb 1 -> 3 + 2;
    # crab pair + boat pair = 2; one octopus 0.
    (["mermaid-1", "mermaid-2", "crab-1", "boat-1", "fish-1", "crab-7", "boat-5", "octopus-1"], [],
     7, 3, 2, 0, 0, 5),
    # 3 mermaids: white 3, dark blue 3, black 2 -> 3 + 3 + 2 (two tied colours each count once).
    (["mermaid-1", "mermaid-2", "mermaid-3", "crab-1", "boat-1", "fish-1", "crab-7", "boat-5", "octopus-1"], [],
     10, 3, 2, 0, 0, 8),
    # everything: crab pair in hand, boat pair + swimmer/shark played = 3; shells 2 -> 2, penguin 1 -> 1,
    # octopus 1 -> 0; yellow 6 (shell-4, octopus-2, crab-5, crab-6, boat-7, boat-8) for the mermaid.
    (["mermaid-1", "shell-1", "shell-4", "octopus-2", "crab-5", "crab-6", "penguin-1"],
     ["boat-7", "boat-8", "shark-1", "swimmer-1"], 12, 6, 3, 3, 0, 6),
    # multipliers alone and a lone mermaid (its own white: 1).
    (["lighthouse-1", "shoal_of_fish-1", "penguin_colony-1", "captain-1"], [], 0, 1, 0, 0, 0, 0),
    (["mermaid-4"], [], 1, 1, 0, 0, 0, 1),
    ([], [], 0, 0, 0, 0, 0, 0),
]


@pytest.mark.parametrize(("hand", "played", "points", "bonus", "duos", "collectors", "multipliers", "mermaids"),
                         HANDS)
def test_whole_hands_by_hand(hand: list[str], played: list[str], points: int, bonus: int, duos: int,
                             collectors: int, multipliers: int, mermaids: int) -> None:
    p = ssp.score_cards(RULES, hand=hand, played=played)
    assert (p.card_points, p.colour_bonus, p.duos, p.collectors, p.multipliers, p.mermaids) == (
        points, bonus, duos, collectors, multipliers, mermaids)


def test_the_mermaid_variant_by_hand() -> None:
    # without the mermaids' white: dark blue 3, black 2, light blue 1 -> 3 mermaids score 3 + 2 + 1
    three = ["mermaid-1", "mermaid-2", "mermaid-3", "crab-1", "boat-1", "fish-1", "crab-7", "boat-5", "octopus-1"]
    p = ssp.score_cards(NO_WHITE, hand=three)
    assert (p.mermaids, p.card_points, p.colour_bonus) == (6, 8, 3)
    # mermaids alone: nothing for the mermaids to count; the colour bonus keeps their white (issue 29)
    alone = ssp.score_cards(NO_WHITE, hand=["mermaid-1", "mermaid-2", "mermaid-3"])
    assert (alone.card_points, alone.colour_bonus) == (0, 3)
    standard = ssp.score_cards(RULES, hand=["mermaid-1", "mermaid-2", "mermaid-3"])
    assert (standard.card_points, standard.colour_bonus) == (3, 3)  # white 3, then no colour left


Seat = tuple[list[str], list[str]]
# seat 0: 12 card points, bonus 6 (the "everything" hand above)
SEAT0: Seat = (["mermaid-1", "shell-1", "shell-4", "octopus-2", "crab-5", "crab-6", "penguin-1"],
         ["boat-7", "boat-8", "shark-1", "swimmer-1"])
# seat 1: shells 3 -> 4, played crab pair 1 = 5; dark blue 3 (boat-1, crab-1, crab-2)
SEAT1: Seat = (["shell-2", "shell-3", "shell-5", "boat-1"], ["crab-1", "crab-2"])
# seat 2: sailors 5 + captain 6 = 11; bonus 1
SEAT2: Seat = (["captain-1", "sailor-1", "sailor-2"], [])
# seat 2 tied at 12: + a crab pair in hand; light blue 2 (crab-3, crab-4)
SEAT2_TIED: Seat = (["captain-1", "sailor-1", "sailor-2", "crab-3", "crab-4"], [])


@pytest.mark.parametrize(("cards", "ender", "call", "expected"), [
    ([SEAT0, SEAT1, SEAT2], 0, "stop", (12, 5, 11)),
    ([SEAT0, SEAT1, SEAT2], 1, "stop", (12, 5, 11)),  # STOP scores card points whoever is ahead
    ([SEAT0, SEAT1, SEAT2], 0, "last_chance", (12 + 6, 3, 1)),  # caller ahead: + bonus; others bonus
    ([SEAT0, SEAT1, SEAT2], 2, "last_chance", (12, 5, 1)),  # caller behind: bonus; others card points
    ([SEAT0, SEAT1, SEAT2], 1, "last_chance", (12, 3, 11)),
    ([SEAT0, SEAT1, SEAT2_TIED], 2, "last_chance", (6, 3, 12 + 2)),  # a tie with the best is the caller's
    ([SEAT0, SEAT2_TIED], 0, "last_chance", (12 + 6, 2)),
    ([SEAT1, ([], [])], 0, "last_chance", (5 + 3, 0)),  # an empty hand's bonus is 0
    ([SEAT1, ([], []), SEAT2, (["octopus-1"], [])], 3, "last_chance", (5, 0, 11, 1)),
])
def test_rounds_by_hand(cards: list[tuple[list[str], list[str]]], ender: int, call: ssp.scoring.Call,
                        expected: tuple[int, ...]) -> None:
    assert ssp.round_points(RULES, cards=cards, ender=ender, call=call) == expected


# -- the turn's edge cases --------------------------------------------------------------------------


def deck(*top: str) -> list[str]:
    return [*top, *(c for c in ALL if c not in top)]


def game(*top: str, players: int = 3, first: int = 0, rules: ssp.Ruleset = RULES) -> GameState:
    return ssp.new_game(rules, players, decks=[deck(*top)], first=first)


def holding(state: GameState, seat: int, cards: Sequence[str], phase: str = "play") -> GameState:
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
    s = holding(game("shell-1", "shell-2"), 0, SEVEN, phase="draw")
    assert br.legal_actions(s, 0) == ("draw", "take:shell-1", "take:shell-2")
    with pytest.raises(IllegalAction):
        br.apply(s, 0, "stop")
    s = br.apply(s, 0, "take:shell-1")
    assert {"stop", "last_chance"} <= set(br.legal_actions(s, 0))


def test_an_empty_pile_cannot_be_taken_from_and_a_crab_pair_sees_only_the_other() -> None:
    s = attrs.evolve(game("shell-1", "shell-2"), piles=((), (T.index["shell-2"],)))
    assert br.legal_actions(s, 0) == ("draw", "take:shell-2")
    s = holding(s, 0, ["crab-1", "crab-2"])
    s = br.apply(s, 0, "duo:crab-1+crab-2")
    assert br.legal_actions(s, 0) == ("pile:right",)


def test_the_last_card_drawn_then_stop_scores_but_ending_the_turn_does_not() -> None:
    s = holding(game(), 1, SEVEN, phase="draw")
    s = attrs.evolve(s, deck=(T.index["shell-6"],))
    s = br.apply(s, 1, "draw")
    assert s.deck == () and s.hands[1] == tuple(sorted(T.index[c] for c in [*SEVEN, "shell-6"]))
    stopped = br.apply(s, 1, "stop")  # one shell scores 0: still 7
    assert stopped.history[-1].end == "stop" and stopped.totals == (0, 7, 0)
    ended = br.apply(s, 1, "end")
    assert ended.history[-1].end == "empty_deck" and ended.totals == (0, 0, 0) and ended.first == 2


def test_several_duos_in_one_turn_each_with_its_effect() -> None:
    s = holding(game("shell-1", "shell-2", "octopus-5"), 0, ["crab-1", "crab-2", "fish-1", "fish-2"])
    s = br.apply(s, 0, "duo:fish-1+fish-2")
    assert s.hands[0] == tuple(sorted(T.index[c] for c in ["crab-1", "crab-2", "octopus-5"]))
    s = br.apply(br.apply(br.apply(s, 0, "duo:crab-1+crab-2"), 0, "pile:left"), 0, "pick:shell-1")
    assert s.phase == "play" and sorted(T.ids_of(s.hands[0])) == ["octopus-5", "shell-1"]
    assert ssp.score_cards(RULES, hand=T.ids_of(s.hands[0]), played=T.ids_of(s.played[0])).card_points == 2


def test_a_steal_with_only_protected_or_empty_hands_is_skipped() -> None:
    s = holding(game(players=3), 1, SEVEN)
    s = br.apply(s, 1, "last_chance")  # seat 1 revealed; seat 0 still empty-handed
    assert s.turn == 2
    s = holding(s, 2, ["swimmer-1", "shark-1"])
    s = br.apply(s, 2, "duo:swimmer-1+shark-1")
    assert s.phase == "play" and s.hands[2] == ()


def test_a_boat_pair_on_a_final_turn_stays_that_final_turn() -> None:
    s = holding(with_piles(game(players=4)), 2, SEVEN)
    s = br.apply(s, 2, "last_chance")
    assert s.final == (3, 0, 1) and s.turn == 3
    s = holding(s, 3, ["boat-1", "boat-2"])
    s = br.apply(s, 3, "duo:boat-1+boat-2")
    assert s.turn == 3 and s.phase == "draw" and s.final == (3, 0, 1)
    s = take_and_end(s, 3)
    assert s.turn == 0 and s.final == (0, 1)
    for seat in (0, 1):
        s = take_and_end(s, seat)
    assert s.history[-1].end == "last_chance" and s.history[-1].ender == 2
    assert s.first == 3  # left of the caller


def test_a_last_chance_round_reaching_the_target_ends_the_game() -> None:
    # 4 players: target 30. SEVEN: octopus-1 light blue, octopus-2 yellow, octopus-3 green,
    # crab-1 + crab-2 dark blue -> 7 card points, colour bonus 2.
    s = holding(with_piles(game(players=4)), 2, SEVEN)
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
