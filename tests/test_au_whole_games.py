"""Boomerang: Australia's rules over whole rounds and games, computed by hand from the rulebook
(``/work/shared/reference/boomerang-australia.md`` and the English rulebook) and played through
the public API only: the deal of a 2-player game round after round, every pass and Catch, every
score sheet row, the region bonuses and the tie-break of a game that ends tied."""

from __future__ import annotations

import pytest

import boomerang_rules as br

from .helpers import play, preferring, round_drafts

RULES = br.load_rules()

# Round by round, seat 0's and seat 1's hands: the deals of ``new_game(RULES, 2, seed=22)``,
# given here so that the game does not hang on the shuffler.
DEALS = [
    [list("#@DEKQR"), list("ACFILNU")],
    [list("BGHOVYZ"), list("JMPSTWX")],
    [list("#DFILNR"), list("@ACEKQU")],
    [list("GOPSWXZ"), list("BHJMTVY")],
]


def first_legal(state: br.GameState, seat: int, actions: tuple[str, ...]) -> str:
    """Every decision the first legal action in sorted order (``#`` < ``@`` < ``A``)."""
    return actions[0]


def test_a_two_player_game_computed_by_hand_ends_tied_and_throw_and_catch_decides() -> None:
    """Two seats, each taking the first card of its sorted hand, and the first activity it may.
    Two players pass to each other, so (English rulebook, Players pass and draft) seat 0 throws
    ``#`` of ``# @ D E K Q R``, is passed ``C F I L N U``, takes C, is passed back ``D E K Q R``
    (seat 1 took @), takes D; then I of ``I L N U``, K of ``K Q R``, N of ``N U``; the last card
    of seat 1's hand, R, is its Catch. The four rounds, each seat's cards Throw first, Catch last
    (card table of the reference):

    - round 1: seat 0 ``# C D I K N R``, bushwalking: Throw & Catch |7 − 5| = 2; collections
      C 3 + D 2 + I 2 + K 5 = 12, over 7, 12; animals kangaroos #, C: 3, emus N, R: 4, so 7;
      bushwalking D, K: 2 icons, 2. Seat 1 ``A @ F E L Q U``, bushwalking: |1 − 2| = 1; A 1 +
      @ 1 + L 2 = 4, doubled 8; wombats F, Q, U: one pair, 5; bushwalking U alone: 0.
    - round 2 (the 14 cards left undealt in round 1, as the rules for fewer than 4 players
      say): seat 0 ``B M H S V W Z``, indigenous culture: |1 − 7| = 6; V 1 + W 3 = 4, 8;
      koalas M, H, Z: 7; V alone: 0. Seat 1 ``J G P O T Y X``, indigenous culture: |6 − 2| =
      4; G 3 + P 2 + Y 1 + X 1 = 7, doubled 14; kangaroos J, O: 3, platypuses G, X: 9, emus T,
      Y: 4, so 16; J alone: 0.
    - round 3 (round 1's cards again: set aside in round 2, they are dealt first): seat 0
      ``# A F E L Q R``, no activity left that it has not scored but sightseeing and swimming,
      none: |7 − 5| = 2; A 1 + L 2 = 3, 6; wombats F, Q: 5, emus E, R: 4, so 9. Seat 1
      ``@ D C I K N U``, none: |7 − 2| = 5; 1 + 2 + 3 + 2 + 5 = 13, 13; no pair: 0. Seat 0's
      map now holds A B C D: Western Australia, +3; seat 1's I J K L: Queensland, +3.
    - round 4 (round 2's cards): seat 0 ``G H P M W V Z``, none: |4 − 7| = 3; G 3 + P 2 + W 3 +
      V 1 = 9, 9; koalas H, M, Z: 7; its map gains G and holds E F G H: the Northern Territory,
      +3. Seat 1 ``B O J S T X Y``, none: |1 − 7| = 6; X 1 + Y 1 = 2, 4; kangaroos B, O, J: 3,
      emus T, Y: 4, so 7; its map now holds A B C D too, but that bonus went in round 3: 0.

    Seat 0: Throw & Catch 13, collections 35, animals 30, activities 2, 21 sites, 2 bonuses (6):
    107. Seat 1: 16, 39, 28, 0, 21 sites, 1 bonus (3): 107. Tied; the tied player with the most
    Throw & Catch points wins: seat 1, 16 to 13.
    """
    state = play(br.new_game(RULES, 2, deals=DEALS), first_legal)
    assert br.is_over(state)
    assert [round_drafts(state, r) for r in range(4)] == [
        (tuple("#CDIKNR"), tuple("A@FELQU")),
        (tuple("BMHSVWZ"), tuple("JGPOTYX")),
        (tuple("#AFELQR"), tuple("@DCIKNU")),
        (tuple("GHPMWVZ"), tuple("BOJSTXY")),
    ]
    past = br.view(state, 0).past_rounds
    assert [r.activities for r in past] == [("bushwalking",) * 2, ("indigenous_culture",) * 2, (None,) * 2,
                                            (None,) * 2]
    assert [r.bonuses for r in past] == [((), ()), ((), ()), (("western_australia",), ("queensland",)),
                                         (("northern_territory",), ())]
    zero, one = br.score_sheets(state)
    assert zero == br.ScoreSheet(throw_catch=(2, 6, 2, 3), collections=(12, 8, 6, 9), animals=(7, 7, 9, 7),
                                 activity=(2, 0, 0, 0), sites=21, regions=6, total=107)
    assert one == br.ScoreSheet(throw_catch=(1, 4, 5, 6), collections=(8, 14, 13, 4), animals=(5, 16, 0, 7),
                                activity=(0, 0, 0, 0), sites=21, regions=3, total=107)
    assert br.winners(state) == (1,)
    assert br.validate_record(br.record_of(state)) == []


def test_the_two_player_deals_alternate_between_two_halves_of_the_deck() -> None:
    """With two players a round deals 14 of the 28 cards. Round 2 deals the 14 set aside in
    round 1; the 14 used in round 1, shuffled, went below them and are set aside in round 2, so
    round 3 deals them, and round 4 round 2's (reference, Dealing with fewer than 4 players):
    whatever the shuffles, round 3 deals round 1's cards and round 4 round 2's."""
    for seed in range(6):
        state = play(br.new_game(RULES, 2, seed=seed), first_legal)
        dealt = [{card for hand in r["hands"] for card in hand} for r in br.record_of(state)["rounds"]]
        assert all(len(cards) == 14 for cards in dealt)
        assert dealt[0] | dealt[1] == {c.id for c in RULES.cards}
        assert dealt[2] == dealt[0] and dealt[3] == dealt[1]


@pytest.mark.parametrize("players", [3, 4])
def test_the_direction_variant_passes_left_in_rounds_1_and_3_and_right_in_2_and_4(players: int) -> None:
    """The rulebook's Direction Variant: "alternate passing cards to the left and then to the
    right each round"; the reference: left in rounds 1 and 3, right in 2 and 4, every pass of a
    round the same way, the Catch included. Left, seat s gives to s + 1; right, to s − 1. So in
    each round, after the Throw seat s holds what seat s − 1 (left) or s + 1 (right) was dealt,
    less its Throw, and the Catch of seat s is the card left in that neighbour's hand after
    pick 5."""
    rules = br.load_rules("direction")
    state = br.new_game(rules, players, seed=3)
    for round_no, step in enumerate((1, -1, 1, -1)):
        assert br.view(state, 0).direction == ("left" if step == 1 else "right")
        dealt = [br.legal_actions(state, seat) for seat in range(players)]
        state = br.step(state, [hand[0] for hand in dealt])  # the Throws
        for seat in range(players):
            assert br.legal_actions(state, seat) == dealt[(seat - step) % players][1:], (round_no, seat)
        for _ in range(4):
            state = br.step(state, [br.legal_actions(state, seat)[0] for seat in range(players)])
        last = [br.legal_actions(state, seat) for seat in range(players)]
        assert all(len(hand) == 2 for hand in last)
        state = br.step(state, [hand[0] for hand in last])  # pick 5: the other card is passed on
        caught = [cards[-1] for cards in br.view(state, 0).face_up]
        assert caught == [last[(seat - step) % players][1] for seat in range(players)], round_no
        state = br.step(state, ["none"] * players)
    assert br.is_over(state)


def test_without_the_throw_marking_its_site_a_region_the_throw_completes_is_not_complete() -> None:
    """Variant ``sites-exclude-throw`` (the Italian text: the sites crossed off do not include
    the Throw card). Seat 0 throws A and takes B, C and D: standard, its map holds all of
    Western Australia (+3) and 7 sites; under the variant A is not crossed off: 6 sites and no
    bonus, so that region's bonus stays open."""
    deals = [[list("ABCDEFI"), list("JMNQRUY")]]
    wants = [[list("ABCD"), []]]

    def first_round(rules: br.Ruleset) -> br.GameState:
        state = br.new_game(rules, 2, deals=deals)
        return play(state, preferring(wants, avoid="ABCD"), until=lambda s: s.round == 1)

    standard, variant = first_round(RULES), first_round(br.load_rules("sites-exclude-throw"))
    for state in (standard, variant):
        cards = round_drafts(state, 0)[0]
        assert cards[0] == "A" and set(cards) >= set("ABCD")
    assert (br.score_sheets(standard)[0].sites, br.score_sheets(standard)[0].regions) == (7, 3)
    assert br.view(standard, 0).regions_taken == ("western_australia",)
    assert (br.score_sheets(variant)[0].sites, br.score_sheets(variant)[0].regions) == (6, 0)
    assert br.view(variant, 0).regions_taken == ()


def test_with_two_players_the_direction_variant_plays_as_the_standard_rules() -> None:
    """docs/rules.md: with two seats left and right are the same neighbour, so the `direction`
    variant, which the rulebook offers for three or four, changes nothing at two: the same
    deals and choices give the same cards, sheets and winners."""
    standard = play(br.new_game(RULES, 2, deals=DEALS), first_legal)
    direction = play(br.new_game(br.load_rules("direction"), 2, deals=DEALS), first_legal)
    assert [round_drafts(direction, r) for r in range(4)] == [round_drafts(standard, r) for r in range(4)]
    assert br.score_sheets(direction) == br.score_sheets(standard)
    assert br.winners(direction) == br.winners(standard) == (1,)
