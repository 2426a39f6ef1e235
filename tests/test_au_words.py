"""Boomerang: Australia: what a caller reads, checked whole, where the mutation run of
docs/testing.md showed that no test would notice a change (issue 17).

The arguments of ``new_game`` and ``check_record`` and their refusals, a game waiting for its
deal, the names a replayed game keeps, a record checked only as far as it can be.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import boomerang_rules as br
from boomerang_rules import australia as au
from boomerang_rules.australia.scoring import score_round
from boomerang_rules.australia.state import GameState
from boomerang_rules.core.arguments import brief
from boomerang_rules.core.errors import Problem, RulesError
from boomerang_rules.core.loading import rules_from_data

from . import reference
from .helpers import deck_of, one_site_regions, random_game

RULES = au.load_rules("standard")
PLAYERS = range(RULES.players.min, RULES.players.max + 1)
NAMES = ("Ada", "Bea", "Cy", "Di")


def finished_record(n: int, seed: int) -> dict[str, Any]:
    return br.record_of(random_game(n, seed), list(NAMES[:n]))


def play_out(state: GameState, seed: int) -> GameState:
    """Random legal decisions until no seat owes one (the game's end, or a deal it waits for)."""
    rnd = random.Random(seed)
    while au.to_act(state):
        for seat in au.to_act(state):
            state = au.apply(state, seat, rnd.choice(au.legal_actions(state, seat)))
    return state


WHAT = "a list of rounds, each a list of hands (one per seat), each a list of card ids (str)"


@pytest.mark.parametrize(("deals", "message"), [
    ((7,), "deals[0] must be a list of hands, one per seat, not int: 7"),
    (((tuple("ABCDEFG"), 5),), "deals[0][1] must be a list of card ids (str), not int"),
    (5, f"deals must be {WHAT}, not int"),
    ("ABCDEFG", f"deals must be {WHAT}, not str"),
    ([7], "deals[0] must be a list of hands, one per seat, not int: 7"),
    ([[list("ABCDEFG"), list("HIJKLMN")], "HIJ"], "deals[1] must be a list of hands, one per seat, not str: 'HIJ'"),
    ([[list("ABCDEFG"), "HIJKLMN"]], "deals[0][1] must be a list of card ids (str), not str"),
    ([[list("ABCDEFG"), ["H", 9]]], "deals[0][1][1] must be a card id (str), not int: 9"),
])
def test_deals_of_the_wrong_shape_are_refused_by_name(deals: Any, message: str) -> None:
    with pytest.raises(TypeError) as refused:
        au.new_game(RULES, 2, seed=1, deals=deals)
    assert str(refused.value) == message


@pytest.mark.parametrize("n", PLAYERS)
def test_deals_none_are_no_deals(n: int) -> None:
    assert au.new_game(RULES, n, seed=3, deals=None) == au.new_game(RULES, n, seed=3)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", PLAYERS)
def test_a_game_waiting_for_its_deal_holds_no_cards_and_owes_nothing(n: int) -> None:
    """Without a seed, a game waits at the first round it has no deal for: nobody holds, has been
    dealt, or has chosen anything, and its record has no round of that one."""
    first = au.new_game(RULES, n, undealt_ok=True)
    given = br.record_of(au.new_game(RULES, n, seed=11))["rounds"][0]["hands"]
    after_one = play_out(au.new_game(RULES, n, deals=[given]), seed=n)
    for state, rounds in ((first, 0), (after_one, 1)):
        assert state.round == rounds and not au.is_over(state)
        assert au.to_act(state) == ()
        assert state.hands == state.dealt == (0,) * n
        assert state.drafted == ((),) * n
        for seat in range(n):
            assert state.choice(seat) is None
            assert au.legal_actions(state, seat) == ()
            seen = au.view(state, seat)
            assert (seen.phase, seen.hand, seen.hand_sizes) == ("deal", (), (0,) * n)
        record = br.record_of(state)
        assert len(record["rounds"]) == rounds
        assert br.validate_record(record) == []


@pytest.mark.parametrize("n", PLAYERS)
def test_a_replayed_game_keeps_the_record_s_names(n: int) -> None:
    record = finished_record(n, seed=20 + n)
    state = au.check_record(record).state
    assert state is not None
    assert br.record_of(state) == record
    assert au.record_of(state)["players"] == list(NAMES[:n])
    assert au.record_of(state, ["X"] * n)["players"] == ["X"] * n


@pytest.mark.parametrize("n", PLAYERS)
def test_check_record_takes_a_ruleset_id_a_ruleset_or_none(n: int) -> None:
    record = finished_record(n, seed=30 + n)
    expected = au.check_record(record)
    assert expected.problems == () and expected.state is not None
    assert au.check_record(record, "standard") == expected == au.check_record(record, RULES)
    under_variant = au.check_record(record, "sites-exclude-throw")
    assert under_variant.state is not None and under_variant.state.rules == au.load_rules("sites-exclude-throw")
    for wrong in (5, b"standard", {"rules": "standard"}):
        with pytest.raises(TypeError) as refused:
            au.check_record(record, wrong)  # type: ignore[arg-type]
        assert str(refused.value) == (f"rules must be a Boomerang: Australia Ruleset, a ruleset id or path, or None, "
                                      f"not {type(wrong).__name__}: {wrong!r}")


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_check_record_names_a_string_that_is_not_text_in_every_game(rules_id: str) -> None:
    """A lone surrogate has no UTF-8 form, so no file could hold the record: ``check_record``
    refuses it as ``validate_record`` does, in every game (two of them replayed it as valid)."""
    rules = br.load_rules(rules_id)
    record = br.record_of(br.new_game(rules, 3, seed=2), ["Ada", "Bea", "Cy"])
    record["players"][1] = "B\ud800"
    expected = [Problem("/players/1", "the string 'B\\ud800' is not text (it holds a lone surrogate, which has no "
                        "UTF-8 form)", "json-text")]
    assert br.validate_record(record) == expected
    checked = br.check_record(record)
    assert checked.state is None
    assert list(checked.problems) == expected


@pytest.mark.parametrize("n", PLAYERS)
def test_a_record_whose_only_problem_is_its_result_is_replayed_to_its_end(n: int) -> None:
    record = finished_record(n, seed=40 + n)
    end = au.check_record(record).state
    record["result"]["winners"] = "everyone"
    checked = au.check_record(record)
    assert [(p.pointer, p.rule) for p in checked.problems] == [("/result/winners", "schema:type")]
    assert checked.state == end


@pytest.mark.parametrize("n", PLAYERS)
def test_a_record_broken_in_a_later_round_gives_the_state_reached(n: int) -> None:
    record = finished_record(n, seed=50 + n)
    before = au.check_record({**record, "rounds": record["rounds"][:2]}).state
    pick = record["rounds"][2]["picks"][0]
    pick[1] = pick[0]  # the Throw again: not in the hand any more
    checked = au.check_record(record)
    assert [(p.pointer, p.rule) for p in checked.problems] == [("/rounds/2/picks/0/1", "pick-in-hand")]
    assert checked.state is not None and before is not None
    assert checked.state.round == 2 and checked.state.progress == before.progress
    assert checked.state.step == 1  # every seat's pick is checked before any is applied
    assert [checked.state.tables.ids_of(d) for d in checked.state.drafted] == \
        [(p[0],) for p in record["rounds"][2]["picks"]]


def test_an_australia_record_naming_another_game_s_ruleset() -> None:
    record = finished_record(2, seed=3)
    del record["rules_digest"]
    for other in ("sea-salt-paper", "boomerang-2010"):
        game = br.load_rules(other).game
        for ref in (other, br.rules_data(br.load_rules(other))):
            record["rules"] = ref
            expected = [Problem("/rules", f"the ruleset {other!r} is for {game!r}, but the record is a "
                                "'boomerang-australia' game", "rules-game")]
            checked = au.check_record(record)
            assert checked.state is None
            assert list(checked.problems) == expected


@pytest.mark.parametrize(("field", "value", "where"), [
    ("region", "mars", "/regions"),
    ("collection", "coins", "/scoring/collections/values"),
    ("animal", "dingoes", "/scoring/animals/values"),
    ("activity", "surfing", "/scoring/activities/kinds"),
])
def test_a_card_naming_what_the_ruleset_lacks_says_where_it_is_listed(field: str, value: str, where: str) -> None:
    data = br.rules_data(RULES)
    data["cards"][3][field] = value
    with pytest.raises(RulesError) as refused:
        rules_from_data(data)
    assert list(refused.value.problems) == [
        Problem(f"/cards/3/{field}", f"card 'D' names {field} {value!r}, which {where} does not list", "icon-known")]


@pytest.mark.parametrize(("size", "n"), [(40, 2), (31, 2)])
def test_a_shuffled_round_after_given_deals_deals_the_longest_waiting_cards_first(size: int, n: int) -> None:
    """With more cards than two deals take, cards wait in three groups after two given rounds (never
    dealt, dealt in the first round, in the second): the third round, shuffled, deals whole groups
    from the longest waiting, then part of the next."""
    rules = deck_of(RULES, size)
    given = reference.deals(rules, n, seed=7)[:2]
    end = play_out(au.new_game(rules, n, seed=8, deals=given), seed=n)
    record = br.record_of(end)
    assert br.validate_record(record) == []
    queue = [{c.id for c in rules.cards}]
    for hands in given:
        dealt = {c for hand in hands for c in hand}
        queue = [*(g - dealt for g in queue if g - dealt), dealt]
    third = {c for hand in record["rounds"][2]["hands"] for c in hand}
    left = n * rules.hand_size
    assert len(queue) == 3 and len(queue[0]) < left
    for group in queue:
        assert len(third & group) == min(left, len(group))
        left -= len(third & group)


OTHER = br.load_rules("sea-salt-paper")


class Two(int):
    """An integer of another type than ``int``: the API takes any integer but a bool."""


@pytest.mark.parametrize("n", PLAYERS)
def test_new_game_takes_any_integer_for_players_and_seed(n: int) -> None:
    expected = au.new_game(RULES, n, seed=2)
    assert au.new_game(RULES, Two(n), seed=2) == expected
    assert au.new_game(RULES, n, seed=Two(2)) == expected
    given = br.record_of(expected)["rounds"][0]["hands"]
    for deals in ([given], (given,), (tuple(tuple(hand) for hand in given),)):
        made = au.new_game(RULES, n, seed=9, deals=deals)
        assert made.hands == expected.hands
        assert br.record_of(made)["seed"] == 9


@pytest.mark.parametrize(("arguments", "error", "message"), [
    (("standard", 2, 1), TypeError, "rules must be a Boomerang: Australia Ruleset (see load_rules), not str: "
                                    "'standard'"),
    ((OTHER, 2, 1), TypeError, f"rules must be a Boomerang: Australia Ruleset (see load_rules), not Ruleset of "
                               f"{OTHER.game!r}: {brief(OTHER)}"),
    ((RULES, 2.0, 1), TypeError, "players must be an integer, not float"),
    ((RULES, True, 1), TypeError, "players must be an integer, not bool"),
    ((RULES, 2, "1"), TypeError, "seed must be an integer seed or None (int), not str: '1'"),
    ((RULES, 2, True), TypeError, "seed must be an integer seed or None (int), not bool: True"),
    ((RULES, 2, 1.0), TypeError, "seed must be an integer seed or None (int), not float: 1.0"),
])
def test_new_game_refuses_what_is_not_its_argument_by_name(arguments: tuple[Any, ...], error: type[Exception],
                                                             message: str) -> None:
    with pytest.raises(error) as refused:
        au.new_game(*arguments)
    assert str(refused.value) == message


def test_a_game_with_neither_seed_nor_deals_must_say_it_waits() -> None:
    with pytest.raises(br.InvalidInput) as refused:
        au.new_game(RULES, 2)
    assert list(refused.value.problems) == [Problem("", "give a seed to deal from, or the deals", "deal-source")]


@pytest.mark.parametrize("n", PLAYERS)
def test_a_finished_game_holds_nothing_and_owes_nothing(n: int) -> None:
    end = random_game(n, seed=60 + n)
    assert au.is_over(end) and end.round == RULES.rounds
    assert (end.step, end.hands, end.dealt, end.drafted) == (0, (0,) * n, (0,) * n, ((),) * n)
    for seat in range(n):
        assert end.choice(seat) is None
        assert au.legal_actions(end, seat) == ()
        assert au.view(end, seat).hand == ()


@pytest.mark.parametrize("n", PLAYERS)
def test_a_seat_the_game_lacks_is_named_as_given(n: int) -> None:
    state = au.new_game(RULES, n, seed=1)
    seats: tuple[Any, ...] = (-1, n, "0", True, 1.0, None)
    calls: tuple[Callable[[GameState, Any], object], ...] = (
        au.legal_actions, lambda s, seat: au.apply(s, seat, "A"), au.view)
    for seat in seats:
        message = f"seat {seat!r} does not exist in a {n}-player game (seats are 0 to {n - 1})"
        for call in calls:
            with pytest.raises(br.IllegalAction) as refused:
                call(state, seat)
            assert str(refused.value) == message


@pytest.mark.parametrize("seed", range(3))
def test_once_every_region_s_bonus_is_gone_no_round_awards_one(seed: int) -> None:
    rules = one_site_regions(deck_of(RULES, 14))
    end = play_out(au.new_game(rules, 2, seed=seed), seed)
    first, *later = end.progress.rounds
    assert first.bonuses[0] | first.bonuses[1] == (1 << len(rules.regions)) - 1
    assert [r.bonuses for r in later] == [(0, 0)] * (rules.rounds - 1)
    assert [sheet.regions for sheet in au.score_sheets(end)] == [
        rules.scoring.region_bonus * bin(b).count("1") for b in first.bonuses]


@pytest.mark.parametrize(("kinds", "total"), [(("souvenirs", "shells"), 8), (("souvenirs", "souvenirs", "wildflowers",
                                                                              "leaves"), 13)])
def test_collections_held_by_one_hand_alone_score_in_full(kinds: tuple[str, ...], total: int) -> None:
    """When a few cards carry every collection icon of the deck, one hand can hold them all: their
    sum is scored whole, and the animals beside them unchanged (8 is a power of two, 13 one less
    than the next bit: a packed sum must leave them room)."""
    data = br.rules_data(RULES)
    for i, card in enumerate(data["cards"]):
        card["collection"] = kinds[i] if i < len(kinds) else None
    values = data["scoring"]["collections"]["values"]  # a kind no card shows may not be scored (kind-in-deck)
    data["scoring"]["collections"]["values"] = {kind: points for kind, points in values.items() if kind in kinds}
    rules = rules_from_data({**data, "id": "few-collections"})
    hand = [c.id for c in rules.cards[:7]]
    animals = [c.animal for c in rules.cards[:7] if c.animal is not None]
    points = dict(rules.scoring.animals.values)
    expected_animals = sum(points[a] * (animals.count(a) // 2) for a in set(animals))
    scored = score_round(rules, hand)
    assert (scored.collections, scored.animals) == (total, expected_animals)
    assert score_round(rules, [c.id for c in rules.cards[len(kinds):len(kinds) + 7]]).collections == 0


def test_an_activity_called_none_is_refused_by_name() -> None:
    """``none`` is the action of choosing no activity, so no activity may be called so."""
    data = br.rules_data(RULES)
    kinds = data["scoring"]["activities"]["kinds"]
    renamed = kinds[2]
    kinds[2] = "none"
    for card in data["cards"]:
        if card["activity"] == renamed:
            card["activity"] = "none"
    with pytest.raises(RulesError) as refused:
        rules_from_data(data)
    assert list(refused.value.problems) == [Problem(
        "/scoring/activities/kinds/2", "'none' is the action of scoring no activity; an activity cannot be called so",
        "activity-reserved")]


@pytest.mark.parametrize("n", PLAYERS)
def test_record_of_with_too_many_or_too_few_names_says_how_many(n: int) -> None:
    state = au.new_game(RULES, n, seed=1)
    for names in (list(NAMES[:n]) + ["Eve"], list(NAMES[: n - 1])):
        with pytest.raises(br.InvalidInput) as refused:
            br.record_of(state, names)
        assert list(refused.value.problems) == [Problem("", f"{len(names)} names for {n} players", "names-count")]
