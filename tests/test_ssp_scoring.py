"""Sea Salt & Paper: the ruleset data and every scoring rule at its edges."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import seasaltpaper as ssp
from boomerang_rules.core.errors import InvalidInput, RulesError
from boomerang_rules.core.loading import rules_from_data
from boomerang_rules.seasaltpaper.tables import tables_for

from .helpers import drawn_hands, ssp_states

RULES = br.load_rules("sea-salt-paper")
NO_WHITE = br.load_rules("sea-salt-paper-mermaids-without-white")


def ids(kind: str, n: int) -> list[str]:
    """The first ``n`` card ids of ``kind`` in deck order."""
    found = [c.id for c in RULES.cards if c.kind == kind][:n]
    assert len(found) == n
    return found


def colour_of(card_id: str) -> str:
    colour: str = RULES.card(card_id).colour
    return colour


def test_the_deck_is_the_reference_deck() -> None:
    assert RULES.game == "sea-salt-paper" and len(RULES.cards) == 58
    kinds = Counter(c.kind for c in RULES.cards)
    assert kinds == {"crab": 9, "boat": 8, "fish": 7, "shell": 6, "swimmer": 5, "shark": 5, "octopus": 5,
                     "mermaid": 4, "penguin": 3, "sailor": 2, "lighthouse": 1, "shoal_of_fish": 1,
                     "penguin_colony": 1, "captain": 1}
    colours = Counter(c.colour for c in RULES.cards)
    assert colours == {"dark_blue": 9, "light_blue": 9, "black": 8, "yellow": 8, "green": 6, "white": 4,
                       "purple": 4, "grey": 4, "light_orange": 3, "pink": 2, "orange": 1}
    assert {c.colour for c in RULES.cards if c.kind == "penguin"} == {"purple", "light_orange", "pink"}
    assert [RULES.target(n) for n in (2, 3, 4)] == [40, 35, 30]
    assert (RULES.players.min, RULES.players.max) == (2, 4)


def test_a_colour_bonus_without_the_mermaids_own_colour_counts_the_other_cards_only() -> None:
    """``colour_bonus_own_colour: false`` (the mermaids' colour not counted for the colour bonus)
    with mermaids that count their own colour for their points: the bonus is the most cards of
    one colour that are not mermaids, in hand and in front."""
    base = br.rules_data(RULES)
    rules = rules_from_data({**base, "id": "no-mermaid-bonus",
                             "mermaids": {**base["mermaids"], "colour_bonus_own_colour": False}})
    mermaids = ["mermaid-1", "mermaid-2", "mermaid-3"]  # white, as are no other cards
    assert ssp.score_cards(RULES, hand=[*mermaids, "crab-1"]).colour_bonus == 3
    assert ssp.score_cards(rules, hand=[*mermaids, "crab-1"]).colour_bonus == 1
    assert ssp.score_cards(rules, hand=[*mermaids, "crab-1"], played=["crab-2", "crab-3"]).colour_bonus == 2
    assert ssp.score_cards(rules, hand=mermaids).colour_bonus == 0


def test_mermaids_and_the_colour_bonus_both_without_the_mermaids_own_colour() -> None:
    """``count_own_colour: false`` and ``colour_bonus_own_colour: false``: no Extra Salt rule (the
    base game's scorer counts it), and neither the mermaids nor the bonus count the mermaids' white."""
    base = br.rules_data(RULES)
    rules = rules_from_data({**base, "id": "no-white-at-all",
                             "mermaids": {**base["mermaids"], "count_own_colour": False,
                                          "colour_bonus_own_colour": False}})
    assert not tables_for(rules).expansion
    tied = ["crab-1", "crab-2", "boat-5", "boat-6"]  # 2 dark blue, 2 black
    p = ssp.score_cards(rules, hand=ids("mermaid", 2) + tied)
    assert (p.mermaids, p.colour_bonus) == (2 + 2, 2)  # the white of the two mermaids counts for neither
    alone = ssp.score_cards(rules, hand=ids("mermaid", 4))
    assert (alone.mermaids, alone.colour_bonus) == (0, 0)


def _without_white(extra_salt: bool) -> ssp.Ruleset:
    """The base game or Extra Salt with the mermaids' white out of both the mermaids and the bonus."""
    base = br.rules_data(br.load_rules("sea-salt-paper-extra-salt" if extra_salt else "sea-salt-paper"))
    made = rules_from_data({**base, "id": f"{base['id']}-no-white-at-all", "mermaids": {
        **base["mermaids"], "count_own_colour": False, "colour_bonus_own_colour": False}})
    assert isinstance(made, ssp.Ruleset)
    return made


@pytest.mark.parametrize("rules", [*(br.load_rules(i.id) for i in br.list_rules() if i.game == "sea-salt-paper"),
                                   _without_white(False), _without_white(True)], ids=lambda r: r.id)
def test_the_tables_round_points_are_the_scorers(rules: ssp.Ruleset) -> None:
    """``Tables.round_points`` (what a round's end scores: packed counts for the base game's rules,
    plain ones for Extra Salt's) against ``scoring.points_of`` for hands and played cards drawn
    from the whole deck, on every shipped ruleset and on both without the mermaids' white; with
    or without the compiled engine (its twin is tested against it in ``test_ssp_accel.py``)."""
    from boomerang_rules.seasaltpaper.scoring import points_of

    t = tables_for(rules)
    for hand, played in drawn_hands(t.deck_size, rules.id, 300):
        plain = points_of(t, hand, played)
        assert t.round_points(hand, played) == (plain.card_points, plain.colour_bonus), (hand, played)


def test_variants_change_only_their_rule() -> None:
    base = br.rules_data(RULES)
    expected = {
        "sea-salt-paper-mermaids-without-white": ("mermaids", {**base["mermaids"], "count_own_colour": False,
                                                               "colour_bonus_own_colour": True}),
        "sea-salt-paper-boat-from-discards": ("round_end", {**base["round_end"],
                                                            "empty_deck_extra_turn": "from-discard-piles"}),
        "sea-salt-paper-tie-ender": ("tie_break", "ended-last-round"),
        "sea-salt-paper-tie-went-last": ("tie_break", "went-last"),
        "sea-salt-paper-last-chance-deck": ("round_end", {**base["round_end"],
                                                          "empty_deck_during_last_chance": "continues"}),
    }
    for vid, (field, value) in expected.items():
        data = br.rules_data(br.load_rules(vid))
        diff = {k: v for k, v in data.items() if base[k] != v and k not in ("id", "name", "description")}
        assert diff == {field: value}, vid


def test_an_inconsistent_ruleset_is_refused_with_pointers() -> None:
    data = br.rules_data(RULES)
    data["cards"][1]["id"] = data["cards"][0]["id"]
    data["multipliers"]["lighthouse"]["kind"] = "lighthouse"
    data["end_targets"].pop("3")
    with pytest.raises(RulesError) as info:
        rules_from_data(data)
    found = {(p.pointer, p.rule) for p in info.value.problems}
    assert ("/cards/1/id", "unique-card-ids") in found
    assert ("/multipliers/lighthouse/kind", "multiplier-kind") in found
    assert ("/end_targets", "end-targets") in found


@pytest.mark.parametrize(("kind", "table"), [("shell", [0, 2, 4, 6, 8, 10]), ("octopus", [0, 3, 6, 9, 12]),
                                             ("penguin", [1, 3, 5]), ("sailor", [0, 5])])
def test_collectors_from_none_to_all(kind: str, table: list[int]) -> None:
    assert ssp.score_cards(RULES, hand=[]).collectors == 0
    for n in range(1, len(table) + 1):
        p = ssp.score_cards(RULES, hand=ids(kind, n))
        assert p.collectors == table[n - 1], (kind, n)
        assert p.duos == 0 and p.multipliers == 0


@pytest.mark.parametrize(("multiplier", "kind", "each"), [("lighthouse", "boat", 1), ("shoal_of_fish", "fish", 1),
                                                          ("penguin_colony", "penguin", 2), ("captain", "sailor", 3)])
def test_multipliers_with_none_and_with_all_of_their_kind(multiplier: str, kind: str, each: int) -> None:
    alone = ssp.score_cards(RULES, hand=ids(multiplier, 1))
    assert alone.multipliers == 0 and alone.card_points == 0
    n = len([c for c in RULES.cards if c.kind == kind])
    full = ssp.score_cards(RULES, hand=ids(multiplier, 1) + ids(kind, n))
    assert full.multipliers == each * n
    # a multiplier is not a card of the kind it multiplies
    assert ssp.score_cards(RULES, hand=ids(kind, n)).multipliers == 0


def test_duos_in_hand_and_played_never_across() -> None:
    crabs = ids("crab", 3)
    assert ssp.score_cards(RULES, hand=crabs[:2]).duos == 1
    assert ssp.score_cards(RULES, played=crabs[:2]).duos == 1
    assert ssp.score_cards(RULES, hand=crabs[2:], played=crabs[:2]).duos == 1  # no pair across
    # A game's cards in front are whole pairs, which pair alike apart or together: only cards in front no
    # game puts there (the scorer takes them, docs/sea-salt-paper.md) tell that a played card never pairs
    # with one in hand.
    assert ssp.score_cards(RULES, hand=crabs[2:], played=crabs[:1]).duos == 0
    assert ssp.score_cards(RULES, hand=ids("swimmer", 1), played=ids("shark", 1)).duos == 0
    assert ssp.score_cards(RULES, hand=crabs[1:], played=crabs[:1]).duos == 1
    assert ssp.score_cards(RULES, hand=crabs).duos == 1
    assert ssp.score_cards(RULES, hand=ids("swimmer", 2) + ids("shark", 1)).duos == 1
    assert ssp.score_cards(RULES, hand=ids("swimmer", 2)).duos == 0
    assert ssp.score_cards(RULES, hand=ids("boat", 8), played=ids("fish", 6)).duos == 4 + 3


def test_a_kind_two_duos_share_is_split_for_the_most_points_whichever_kind_a_duo_names_first() -> None:
    """A kind in two duos (a lone lobster pairs with a crab, worth 1; two crabs worth 3): its cards
    go where they score most, though the duo that shares it names it second (``lobster, crab``),
    with no starfish (whose duos are all worth the same)."""
    data = br.rules_data(RULES)
    data["cards"] = [*data["cards"], {"id": "lobster-1", "kind": "lobster", "colour": "black"}]
    data["duos"] = [{"kinds": ["lobster", "crab"], "points": 1, "effect": "none"},
                    *({**duo, "points": 3} if duo["kinds"] == ["crab", "crab"] else duo for duo in data["duos"])]
    rules = rules_from_data({**data, "id": "lobster-and-crab"})
    crabs = ids("crab", 3)
    t = tables_for(rules)
    for hand, duos in (([*crabs[:2], "lobster-1"], 3), ([*crabs, "lobster-1"], 3 + 1), ([crabs[0], "lobster-1"], 1)):
        points = ssp.score_cards(rules, hand=hand)
        assert points.duos == points.card_points == duos, hand
        assert t.card_points(tuple(sorted(t.index[c] for c in hand)), ()) == duos
        assert ssp.score_cards(rules, played=hand).duos == duos


def test_mermaids_score_the_most_common_colours_in_turn() -> None:
    blues = [c.id for c in RULES.cards if c.colour == "dark_blue" and c.kind in ("crab", "boat", "fish")][:3]
    blacks = [c.id for c in RULES.cards if c.colour == "black" and c.kind in ("boat", "fish")][:2]
    one = ssp.score_cards(RULES, hand=ids("mermaid", 1) + blues + blacks)
    assert one.mermaids == 3  # the first mermaid: the 3 dark blue cards
    two = ssp.score_cards(RULES, hand=ids("mermaid", 2) + blues + blacks)
    assert two.mermaids == 3 + 2  # then black (2): white (2 mermaids) ties, one colour counts once
    four = ssp.score_cards(RULES, hand=ids("mermaid", 4) + blues + blacks)
    assert four.mermaids == 4 + 3 + 2  # white (4) first, then dark blue, black; the fourth finds no colour


def test_mermaids_with_tied_colours_count_each_colour_once() -> None:
    tied = ["crab-1", "crab-2", "boat-5", "boat-6"]  # 2 dark blue, 2 black
    assert {colour_of(c) for c in tied} == {"dark_blue", "black"}
    assert ssp.score_cards(NO_WHITE, hand=ids("mermaid", 2) + tied).mermaids == 2 + 2
    assert ssp.score_cards(NO_WHITE, hand=ids("mermaid", 3) + tied).mermaids == 2 + 2
    assert ssp.score_cards(RULES, hand=ids("mermaid", 3) + tied).mermaids == 3 + 2 + 2


def test_a_lone_mermaid_scores_its_own_white_unless_the_variant_leaves_it_out() -> None:
    assert ssp.score_cards(RULES, hand=ids("mermaid", 1)).mermaids == 1
    assert ssp.score_cards(NO_WHITE, hand=ids("mermaid", 1)).mermaids == 0
    assert ssp.score_cards(RULES, hand=ids("mermaid", 4)).colour_bonus == 4
    assert ssp.score_cards(NO_WHITE, hand=ids("mermaid", 4)).colour_bonus == 4  # the bonus keeps the white


def test_colour_bonus_is_the_count_of_the_most_common_colour() -> None:
    assert ssp.score_cards(RULES).colour_bonus == 0
    cards = ["crab-1", "crab-2", "boat-1", "shell-2"]  # dark blue ×3, light blue
    p = ssp.score_cards(RULES, hand=cards[2:], played=cards[:2])
    assert p.colour_bonus == 3
    assert p.card_points == p.duos + p.collectors + p.multipliers + p.mermaids


def test_round_points_stop_and_last_chance() -> None:
    Cards = tuple[list[str], list[str]]
    rich: Cards = (ids("octopus", 3), [])  # 6 card points, colour bonus 1
    poor: Cards = (["shell-1", "shell-2"], [])  # 2 card points, dark and light blue: bonus 1
    assert ssp.round_points(RULES, cards=[rich, poor], ender=0, call="stop") == (6, 2)
    # the caller has the most: card points + bonus; the others their bonus only
    assert ssp.round_points(RULES, cards=[rich, poor], ender=0, call="last_chance") == (7, 1)
    # the caller is beaten: bonus only; the others their card points
    assert ssp.round_points(RULES, cards=[rich, poor], ender=1, call="last_chance") == (6, 1)
    # a tie is the caller's win
    same: Cards = (ids("octopus", 5)[3:] + ["crab-9", "crab-8"], [])
    assert ssp.score_cards(RULES, hand=same[0]).card_points == 4
    four: Cards = (ids("sailor", 2)[:1] + ["shell-3", "shell-4", "shell-5"], [])
    assert ssp.score_cards(RULES, hand=four[0]).card_points == 4
    assert ssp.round_points(RULES, cards=[same, four], ender=0, call="last_chance")[1] == 1


def test_bad_ids_are_named_with_their_place() -> None:
    with pytest.raises(InvalidInput) as info:
        ssp.score_cards(RULES, hand=["crab-1", "nope"], played=["crab-1"])
    assert {(p.pointer, p.rule) for p in info.value.problems} == {("/hand/1", "card-known"),
                                                                  ("/played/0", "card-once")}
    with pytest.raises(ValueError):
        ssp.round_points(RULES, cards=[([], [])], ender=3, call="stop")
    with pytest.raises(ValueError):
        ssp.round_points(RULES, cards=[([], [])], ender=0, call="pass")  # type: ignore[arg-type]
    for score in (lambda rules: ssp.score_cards(rules, hand=[], played=[]),
                  lambda rules: ssp.round_points(rules, cards=[([], []), ([], [])], ender=0, call="stop")):
        with pytest.raises(TypeError) as type_error:
            score(br.load_rules("standard"))
        assert str(type_error.value).startswith("rules must be a Sea Salt & Paper Ruleset (see load_rules), not ")


def test_a_sea_salt_paper_sheet_reads_each_row_as_it_holds_it() -> None:
    for rounds, total in (((3, 0, 5), 11), ((), 4), ((7,), 0)):
        sheet = ssp.ScoreSheet(rounds, total)
        assert sheet.row_total("rounds") == sum(rounds)
        assert sheet.row_total("total") == total
        assert [sheet[row] for row in ssp.ROWS] == [rounds, total]
    for state in ssp_states():
        for sheet in ssp.score_sheets(state):
            assert sheet.row_total("rounds") == sum(sheet.rounds) == sheet.total == sheet.row_total("total")


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


# --- property: the scorer agrees with the reference text, read plainly ----------------------

REFERENCE_DUOS = (("crab", "crab"), ("boat", "boat"), ("fish", "fish"), ("swimmer", "shark"))
REFERENCE_COLLECTORS = {"shell": [0, 2, 4, 6, 8, 10], "octopus": [0, 3, 6, 9, 12], "penguin": [1, 3, 5],
                        "sailor": [0, 5]}
REFERENCE_MULTIPLIERS = {"lighthouse": ("boat", 1), "shoal_of_fish": ("fish", 1), "penguin_colony": ("penguin", 2),
                         "captain": ("sailor", 3)}


def reference_points(hand: list[str], played: list[str], mermaids_count_white: bool = True
                     ) -> tuple[int, int, int, int, int]:
    """Duos, collectors, multipliers, mermaids and colour bonus, written out from the reference's
    words (its numbers, not the ruleset's): hand and played cards all count; a pair is two cards
    on the same side."""
    card = {c.id: c for c in RULES.cards}
    in_hand = Counter(card[c].kind for c in hand)
    in_front = Counter(card[c].kind for c in played)
    every = in_hand + in_front
    duos = 0
    for side in (in_hand, in_front):
        for a, b in REFERENCE_DUOS:
            duos += side[a] // 2 if a == b else min(side[a], side[b])
    collectors = sum(table[every[kind] - 1] for kind, table in REFERENCE_COLLECTORS.items() if every[kind])
    multipliers = sum(every[m] * every[kind] * each for m, (kind, each) in REFERENCE_MULTIPLIERS.items())
    colours = Counter(card[c].colour for c in hand + played
                      if mermaids_count_white or card[c].kind != "mermaid")
    ranked = sorted(colours.values(), reverse=True)
    mermaids = sum(ranked[:every["mermaid"]])  # each colour once: a mermaid with none left scores 0
    bonus = max(Counter(card[c].colour for c in hand + played).values(), default=0)
    return duos, collectors, multipliers, mermaids, bonus


def _hand_and_played(draw: st.DrawFn, pool: list[str]) -> tuple[list[str], list[str]]:
    """A hand of any cards of ``pool``, and played duos (as a game plays them) out of the rest."""
    order = draw(st.permutations(pool))
    k = draw(st.integers(0, min(20, len(order))))
    hand, rest = list(order[:k]), order[k:]
    kind = {c.id: c.kind for c in RULES.cards}
    pairs: list[tuple[str, str]] = []
    for a, b in REFERENCE_DUOS:
        firsts = [c for c in rest if kind[c] == a]
        seconds = [c for c in rest if kind[c] == b]
        if a == b:
            firsts, seconds = firsts[0::2], firsts[1::2]
        pairs += zip(firsts, seconds)
    chosen = draw(st.permutations(pairs))[:draw(st.integers(0, len(pairs)))]
    return hand, [c for pair in chosen for c in pair]


@st.composite
def hand_and_played(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """One player's cards: a hand of any cards, and played duos out of the rest."""
    return _hand_and_played(draw, ALL_IDS)


@st.composite
def round_ends(draw: st.DrawFn) -> tuple[list[tuple[list[str], list[str]]], int]:
    """2 to 4 players' cards (no card twice) and the seat that ended the round."""
    n = draw(st.integers(2, 4))
    pool = list(ALL_IDS)
    seats = []
    for _ in range(n):
        hand, played = _hand_and_played(draw, pool)
        seats.append((hand, played))
        pool = [c for c in pool if c not in hand and c not in played]
    return seats, draw(st.integers(0, n - 1))


ALL_IDS = [c.id for c in RULES.cards]


@settings(max_examples=300, deadline=None)
@given(hand_and_played())
def test_card_points_match_the_reference_read_plainly(cards: tuple[list[str], list[str]]) -> None:
    hand, played = cards
    for rules, white in ((RULES, True), (NO_WHITE, False)):
        p = ssp.score_cards(rules, hand=hand, played=played)
        assert (p.duos, p.collectors, p.multipliers, p.mermaids, p.colour_bonus) == reference_points(
            hand, played, mermaids_count_white=white), rules.id
        assert p.card_points == p.duos + p.collectors + p.multipliers + p.mermaids


@settings(max_examples=200, deadline=None)
@given(round_ends(), st.sampled_from(["stop", "last_chance"]))
def test_round_points_match_stop_and_last_chance_read_plainly(
        case: tuple[list[tuple[list[str], list[str]]], int], call: ssp.scoring.Call) -> None:
    """STOP: everyone their card points. LAST CHANCE: the caller with at least everyone else's card
    points scores them plus the colour bonus, the others their colour bonus; otherwise the caller
    its colour bonus, the others their card points."""
    seats, ender = case
    points, bonuses = [], []
    for hand, played in seats:
        duos, collectors, multipliers, mermaids, bonus = reference_points(hand, played)
        points.append(duos + collectors + multipliers + mermaids)
        bonuses.append(bonus)
    if call == "stop":
        want = points
    elif all(points[ender] >= p for s, p in enumerate(points) if s != ender):
        want = [points[s] + bonuses[s] if s == ender else bonuses[s] for s in range(len(seats))]
    else:
        want = [bonuses[s] if s == ender else points[s] for s in range(len(seats))]
    assert list(ssp.round_points(RULES, cards=seats, ender=ender, call=call)) == want


# Cards in front that no game can hold (the scorer scores any set; the command line refuses them).

@pytest.mark.parametrize(("rules_id", "played", "rules_broken"), [
    ("sea-salt-paper", ["crab-1"], ["played-duos"]),
    ("sea-salt-paper", ["shell-1", "shell-2"], ["played-duos", "played-duos"]),
    ("sea-salt-paper", ["swimmer-1", "shark-1", "crab-1", "crab-2", "crab-3"], ["played-duos"]),
    ("sea-salt-paper", ["swimmer-1", "swimmer-2"], ["played-duos", "played-duos"]),  # a swimmer pairs with a shark
    ("sea-salt-paper", ["mermaid-1", "crab-1", "crab-2"], ["played-mermaids"]),
    ("sea-salt-paper-extra-salt", ["starfish-1"], ["played-trio"]),
    ("sea-salt-paper-extra-salt", ["starfish-1", "starfish-2", "crab-1", "crab-2"], ["played-trio"]),
    ("sea-salt-paper-extra-salt", ["seahorse-1", "fish-1", "fish-2"], ["played-duos"]),
    ("sea-salt-paper-extra-salt", ["crab-1", "lobster-1", "crab-2"], ["played-duos"]),
])
def test_played_cards_no_game_can_hold_are_found_and_still_scored(rules_id: str, played: list[str],
                                                                   rules_broken: list[str]) -> None:
    from boomerang_rules.seasaltpaper.scoring import played_problems

    rules = br.load_rules(rules_id)
    problems = played_problems(rules, played)
    assert [p.rule for p in problems] == rules_broken
    assert all(re.fullmatch(r"/played/\d+", p.pointer) for p in problems)
    ssp.score_cards(rules, [], played)  # the scorer stays a function of card sets: it scores them all the same


@pytest.mark.parametrize("played", [[], ["crab-1", "crab-2"], ["swimmer-1", "shark-1", "boat-1", "boat-2"],
                                    ["mermaid-1", "mermaid-2", "mermaid-3", "mermaid-4", "fish-1", "fish-2"]])
def test_played_cards_a_game_can_hold_are_not_refused(played: list[str]) -> None:
    from boomerang_rules.seasaltpaper.scoring import played_problems

    assert played_problems(RULES, played) == []
    extra = br.load_rules("sea-salt-paper-extra-salt")
    assert played_problems(extra, ["crab-1", "lobster-1", "crab-2", "crab-3", "starfish-1", "starfish-2"]) == []


@pytest.mark.parametrize("rules_id", [i.id for i in br.list_rules() if i.game == "sea-salt-paper"])
def test_every_table_a_game_reaches_is_one_a_game_can_hold(rules_id: str) -> None:
    """What the engine puts in front of a player at every round's end, over whole games of greedy
    and random bots, passes ``played_problems``: it refuses no table a real game reaches."""
    from boomerang_rules.seasaltpaper.scoring import played_problems

    rules = br.load_rules(rules_id)
    t = tables_for(rules)
    tables = 0
    for seed in range(6):
        bots = [ssp.BOTS["greedy" if s % 2 else "random"](rules, seed * 10 + s) for s in range(3)]
        state = ssp.play_game(rules, bots, seed)
        for result in state.history:
            for played in result.played:
                assert played_problems(rules, list(t.ids_of(played))) == [], t.ids_of(played)
                tables += len(played) > 2
    assert tables > 10  # many tables of more than one duo


def test_played_problems_say_which_card_and_why() -> None:
    """Each refusal's words name the card's kind, the duos the ruleset makes (and the starfish's duo in
    Extra Salt), how many duos the played cards make (a starfish past them), and the mermaids' number."""
    from boomerang_rules.seasaltpaper.scoring import played_problems

    extra = br.load_rules("sea-salt-paper-extra-salt")
    base_duos = "crab + crab, boat + boat, fish + fish, swimmer + shark"
    extra_duos = f"{base_duos}, crab + lobster, swimmer + jellyfish"

    def said(rules: Any, played: list[str]) -> list[tuple[str, str, str]]:
        return [(p.pointer, p.rule, p.message) for p in played_problems(rules, played)]

    assert said(RULES, ["crab-1", "octopus-1"]) == [
        ("/played/0", "played-duos", f"this crab has no partner among the played cards: a crab is played in a duo "
                                     f"({base_duos})"),
        ("/played/1", "played-duos", f"this octopus cannot be in front: only duos ({base_duos}) and all 4 mermaids "
                                     "at once go in front")]
    assert said(extra, ["octopus-1"]) == [
        ("/played/0", "played-duos", f"this octopus cannot be in front: only duos ({extra_duos}), a starfish with a "
                                     "duo and all 4 mermaids at once go in front")]
    # three crabs make one duo, the third left over: the second starfish has no duo of its own
    assert said(extra, ["crab-1", "crab-2", "crab-3", "starfish-1", "starfish-2"]) == [
        ("/played/2", "played-duos", f"this crab has no partner among the played cards: a crab is played in a duo "
                                     f"({extra_duos})"),
        ("/played/4", "played-trio", "this starfish has no duo: a starfish goes in front only with a duo, one per "
                                     "duo, and the played cards make 1 duo")]
    assert said(extra, ["starfish-1"])[0][2].endswith("the played cards make 0 duos")
    assert said(extra, ["crab-1", "crab-2", "crab-3", "crab-4", *[f"starfish-{i}" for i in (1, 2, 3)]])[0][2].endswith(
        "the played cards make 2 duos")
    assert said(RULES, ["mermaid-1", "mermaid-2"]) == [
        ("/played/0", "played-mermaids", "2 mermaids in front: the mermaids are played all 4 at once (which wins "
                                         "the game)")]
    assert said(RULES, ["mermaid-1"])[0][2].startswith("1 mermaid in front:")
    data = br.rules_data(RULES)  # 3 of the deck's 4 win: "all" would say the fourth is needed too
    three = rules_from_data({**data, "id": "three-win", "mermaids": {**data["mermaids"], "win_with": 3}}, "t.json")
    assert said(three, ["mermaid-1", "mermaid-2"]) == [
        ("/played/0", "played-mermaids", "2 mermaids in front: the mermaids are played 3 at once (which wins the "
                                         "game)")]
    assert said(three, ["octopus-1"])[0][2].endswith(f"only duos ({base_duos}) and 3 mermaids at once go in front")
    with pytest.raises(TypeError, match=r"^rules must be a Sea Salt & Paper Ruleset"):
        played_problems(None, [])  # type: ignore[arg-type]


@pytest.mark.parametrize(("rules_id", "played", "left"), [
    ("sea-salt-paper", ["boat-1", "crab-1", "crab-2", "fish-1", "swimmer-1", "shark-1", "shark-2"], [0, 3, 6]),
    ("sea-salt-paper-extra-salt", ["jellyfish-1", "crab-1", "lobster-1", "crab-2", "shark-1", "swimmer-1",
                                   "swimmer-2"], [3]),
    ("sea-salt-paper-extra-salt", ["crab-1", "lobster-1", "crab-2", "crab-3", "fish-1", "crab-4"], [4, 5]),
])
def test_played_problems_name_each_card_no_duo_can_take(rules_id: str, played: list[str], left: list[int]) -> None:
    """The fewest cards are left unpaired, of each kind the last ones played, whatever kinds sit
    between them (duos sharing a kind, Extra Salt's crab with crab and with the lobster, tried every way)."""
    from boomerang_rules.seasaltpaper.scoring import played_problems

    assert [(p.pointer, p.rule) for p in played_problems(br.load_rules(rules_id), played)] == [
        (f"/played/{i}", "played-duos") for i in left]
