"""Sea Salt & Paper record checks, one broken thing at a time: each problem's exact pointer, whole
message and rule, and the state the replay reached before it.

Records come from games played with seeded random choices; each test breaks one place of one
such record and states, from the game itself (the seat to act, the tops, the hands), what a
reader of the report must see. A problem "somewhere near" is not enough: users act on the
pointer, read the numbers in the message and look the rule up in docs/sea-salt-paper.md.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable
from typing import Any, NamedTuple, cast

import pytest

from boomerang_rules import load_rules
from boomerang_rules.core.errors import InvalidInput, Problem
from boomerang_rules.seasaltpaper.engine import apply, card_points, is_over, legal_actions, new_game
from boomerang_rules.seasaltpaper.records import check_record, record_of, state_of, validate_record
from boomerang_rules.seasaltpaper.rules import Ruleset
from boomerang_rules.seasaltpaper.state import GameState
from boomerang_rules.seasaltpaper.tables import tables_for

RULES = cast(Ruleset, load_rules("sea-salt-paper"))
T = tables_for(RULES)
GAMES = [(2, 5), (3, 4), (4, 2)]
"""(players, seed) of games that hold every phase, a LAST CHANCE called by seat 0, and 6 rounds."""
SHAPE = "an action is [seat, action] or [seat, action, card]: a seat number, then a string"


class Step(NamedTuple):
    """One decision of a played game: round ``r``, its index ``i`` in the round, the state before it."""

    r: int
    i: int
    state: GameState
    seat: int
    action: str


@functools.cache
def _played(players: int, seed: int) -> tuple[tuple[Step, ...], GameState, str]:
    state = new_game(RULES, players, seed)
    rng = random.Random(seed)
    steps: list[Step] = []
    while not is_over(state):
        seat = state.turn
        action = rng.choice(legal_actions(state, seat))
        i = sum(1 for s in steps if s.r == state.round)
        steps.append(Step(state.round, i, state, seat, action))
        state = apply(state, seat, action)
    return tuple(steps), state, json.dumps(record_of(state))


def steps(players: int, seed: int) -> tuple[Step, ...]:
    return _played(players, seed)[0]


def final(players: int, seed: int) -> GameState:
    return _played(players, seed)[1]


def record(players: int, seed: int) -> dict[str, Any]:
    """A fresh copy of the finished game's record (with its result), free to break."""
    return cast(dict[str, Any], json.loads(_played(players, seed)[2]))


def step(players: int, seed: int, where: Callable[[Step], bool]) -> Step:
    """The first decision of the game that ``where`` picks (there must be one)."""
    found = [s for s in steps(players, seed) if where(s)]
    assert found, "the game lacks the situation this test needs"
    return found[0]


def start_of(players: int, seed: int, r: int) -> GameState:
    return step(players, seed, lambda s: s.r == r and s.i == 0).state


def at(s: Step, *more: int) -> str:
    return "/".join(["", "rounds", str(s.r), "actions", str(s.i), *(str(k) for k in more)])


def expect(rec: dict[str, Any], problems: list[Problem], state: GameState | None) -> None:
    checked = check_record(rec)
    assert list(checked.problems) == problems
    assert checked.state == state


def may_not(s: Step, action: str) -> str:
    """The engine's refusal of an action with no more particular reason."""
    return (f"seat {s.seat} may not {action!r} now ({s.state.phase} phase); "
            f"legal: {', '.join(legal_actions(s.state, s.seat))}")


# -- decks ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("r", [0, 1])
def test_an_unknown_card_in_a_deck_and_the_card_it_displaced(r: int) -> None:
    rec = record(3, 4)
    deck = rec["rounds"][r]["deck"]
    lost = deck[5]
    deck[5] = "nope"
    expect(rec, [Problem(f"/rounds/{r}/deck/5", "unknown card 'nope'", "card-known"),
                 Problem(f"/rounds/{r}/deck", f"the deck lacks {lost}: every round is played with all 58 cards",
                         "deck-complete")], None)


@pytest.mark.parametrize("r", [0, 2])
def test_a_card_twice_in_a_deck_is_reported_at_both_places_with_the_card_it_displaced(r: int) -> None:
    rec = record(2, 5)
    deck = rec["rounds"][r]["deck"]
    lost = deck[57]
    deck[57] = deck[0]
    twice = f"card {deck[0]!r} is in the deck 2 times (a card in two places)"
    expect(rec, [Problem(f"/rounds/{r}/deck/0", twice, "card-unique"),
                 Problem(f"/rounds/{r}/deck/57", twice, "card-unique"),
                 Problem(f"/rounds/{r}/deck", f"the deck lacks {lost}: every round is played with all 58 cards",
                         "deck-complete")], None)


@pytest.mark.parametrize("r", [0, 2])
def test_a_card_three_times_in_a_deck_is_reported_at_each_place_with_the_two_it_displaced(r: int) -> None:
    rec = record(2, 5)
    deck = rec["rounds"][r]["deck"]
    lost = sorted({deck[9], deck[30]}, key=T.ids.index)
    deck[9] = deck[30] = deck[2]
    thrice = f"card {deck[2]!r} is in the deck 3 times (a card in two places)"
    expect(rec, [Problem(f"/rounds/{r}/deck/{k}", thrice, "card-unique") for k in (2, 9, 30)]
           + [Problem(f"/rounds/{r}/deck", f"the deck lacks {lost[0]}, {lost[1]}: every round is played with "
                      "all 58 cards", "deck-complete")], None)


def test_a_deck_short_of_cards_names_every_missing_card_in_ruleset_order() -> None:
    rec = record(4, 2)
    deck = rec["rounds"][1]["deck"]
    gone = [deck.pop(40), deck.pop(7), deck.pop(0)]
    names = ", ".join(sorted(gone, key=T.ids.index))
    expect(rec, [Problem("/rounds/1/deck", f"the deck lacks {names}: every round is played with all 58 cards",
                         "deck-complete")], None)


# -- rounds and first players -------------------------------------------------------------------


def test_a_record_the_schema_refuses_or_with_too_few_players_is_not_replayed() -> None:
    rec = record(3, 4)
    rec["players"] = "Ana"
    checked = check_record(rec)
    assert checked.state is None and [(p.pointer, p.rule) for p in checked.problems] == [("/players", "schema:type")]
    for names in (["Ana"], [f"P{k}" for k in range(RULES.players.max + 1)]):
        rec = record(3, 4)
        rec["players"] = names
        expect(rec, [Problem("/players", f"{len(names)} players; 'sea-salt-paper' is for {RULES.players.min} to "
                             f"{RULES.players.max}", "players-count")], None)


def test_a_record_without_rounds() -> None:
    rec = record(2, 5)
    rec["rounds"] = []
    rec.pop("result")
    expect(rec, [Problem("/rounds", "a record holds at least the first round's deck and first player",
                         "rounds-count")], None)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_first_player_past_the_last_seat(players: int, seed: int) -> None:
    rec = record(players, seed)
    rec["rounds"][0]["first"] = players
    expect(rec, [Problem("/rounds/0/first", f"seat {players} does not exist in a {players}-player game",
                         "first-player")], None)


def test_a_first_player_written_with_a_point_is_not_read_as_a_seat() -> None:
    """JSON has one kind of number and the schema's integer takes ``0.0``, but no seat is a float."""
    rec = record(3, 5)
    rec["rounds"][0]["first"] = float(rec["rounds"][0]["first"])
    expect(rec, [Problem("/rounds/0/first", f"seat {rec['rounds'][0]['first']!r} is not written as an integer",
                         "first-player")], None)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_later_round_begun_by_the_wrong_seat(players: int, seed: int) -> None:
    for r in (1, len(final(players, seed).history) - 1):
        rec = record(players, seed)
        right = rec["rounds"][r]["first"]
        wrong = (right + 1) % players
        rec["rounds"][r]["first"] = wrong
        expect(rec, [Problem(f"/rounds/{r}/first", f"round {r + 1} begins with seat {right} (the player after "
                             f"the one who ended the last round), not seat {wrong}", "first-player")],
               start_of(players, seed, r))


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_round_after_the_game_is_over(players: int, seed: int) -> None:
    rec = record(players, seed)
    n = len(rec["rounds"])
    rec["rounds"].append(copy.deepcopy(rec["rounds"][0]))
    expect(rec, [Problem(f"/rounds/{n}", f"the game is over: no round {n + 1} follows", "rounds-count")],
           final(players, seed))


@pytest.mark.parametrize("r", [0, 1])
def test_a_round_left_unfinished_before_the_next(r: int) -> None:
    rec = record(3, 4)
    rec["rounds"][r]["actions"].pop()
    last = step(3, 4, lambda s: s.r == r + 1 and s.i == 0)
    before = [s for s in steps(3, 4) if s.r == r][-1]
    assert last.state.round == r + 1
    expect(rec, [Problem(f"/rounds/{r}/actions", f"round {r + 1} has not ended, and another round follows",
                         "round-complete")], before.state)


@pytest.mark.parametrize("r", [0, 1])
def test_an_action_after_its_round_ended(r: int) -> None:
    rec = record(3, 4)
    actions = rec["rounds"][r]["actions"]
    actions.append(rec["rounds"][r + 1]["actions"][0])
    expect(rec, [Problem(f"/rounds/{r}/actions/{len(actions) - 1}", f"round {r + 1} has ended before this action",
                         "round-ended")], start_of(3, 4, r + 1))


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_an_action_after_the_game_ended(players: int, seed: int) -> None:
    rec = record(players, seed)
    actions = rec["rounds"][-1]["actions"]
    actions.append([0, "draw"])
    n = len(rec["rounds"])
    expect(rec, [Problem(f"/rounds/{n - 1}/actions/{len(actions) - 1}", f"round {n} has ended before this action",
                         "round-ended")], final(players, seed))


# -- the shape and the seat of an action ---------------------------------------------------------


@pytest.mark.parametrize("entry", [[1, 5], ["1", "draw"], ["x", "end"]])
def test_an_action_of_the_wrong_shape(entry: list[Any]) -> None:
    s = step(3, 4, lambda s: s.r == 1 and s.i == 3)
    rec = record(3, 4)
    rec["rounds"][1]["actions"][3] = entry
    expect(rec, [Problem(at(s), SHAPE, "action-shape")], s.state)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_an_action_by_a_seat_whose_turn_it_is_not(players: int, seed: int) -> None:
    for s in (step(players, seed, lambda s: s.r == 0 and s.i > 2 and s.seat == 1),
              step(players, seed, lambda s: s.r == 2 and s.seat == 0 and s.state.phase == "play")):
        for wrong in ((s.seat + 1) % players, players + 2):
            rec = record(players, seed)
            rec["rounds"][s.r]["actions"][s.i][0] = wrong
            expect(rec, [Problem(at(s, 0), f"it is seat {s.seat}'s turn, not seat {wrong}'s", "turn-order")],
                   s.state)


# -- steals ---------------------------------------------------------------------------------------


def _steal(players: int, seed: int) -> Step:
    return step(players, seed, lambda s: s.action.startswith("steal:") and s.r > 0
                and len(s.state.hands[int(s.action[6:])]) >= 2)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_steal_without_its_card_and_a_card_on_another_action(players: int, seed: int) -> None:
    s = _steal(players, seed)
    rec = record(players, seed)
    entry = rec["rounds"][s.r]["actions"][s.i]
    assert len(entry) == 3
    entry.pop()
    expect(rec, [Problem(at(s), "a steal names the card it took as a third item", "steal-card")], s.state)
    d = step(players, seed, lambda s: s.r == 1 and s.action == "draw")
    rec = record(players, seed)
    rec["rounds"][d.r]["actions"][d.i].append(T.ids[0])
    expect(rec, [Problem(at(d), "only a steal names a card as a third item", "steal-card")], d.state)
    rec = record(players, seed)  # at the steal, another action with the steal's card
    rec["rounds"][s.r]["actions"][s.i][1] = "draw"
    expect(rec, [Problem(at(s), "only a steal names a card as a third item", "steal-card")], s.state)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_steal_of_a_card_the_victim_does_not_hold(players: int, seed: int) -> None:
    s = _steal(players, seed)
    victim = int(s.action[6:])
    hand = s.state.hands[victim]
    held = ", ".join(T.ids[c] for c in hand)
    elsewhere = next(c for c in T.ids if T.index[c] not in hand)
    for card in (elsewhere, "nope", 7):
        rec = record(players, seed)
        rec["rounds"][s.r]["actions"][s.i][2] = card
        expect(rec, [Problem(at(s, 2), f"the steal took {card!r}, which seat {victim} does not hold "
                             f"(it holds {held})", "steal-card")], s.state)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_steal_from_oneself_and_other_refused_steals(players: int, seed: int) -> None:
    s = _steal(players, seed)
    victims = ", ".join(a[6:] for a in legal_actions(s.state, s.seat))
    rec = record(players, seed)
    rec["rounds"][s.r]["actions"][s.i][1] = f"steal:{s.seat}"
    expect(rec, [Problem(at(s, 1), f"seat {s.seat} cannot be stolen from: a revealed hand is protected, an empty "
                         "hand has nothing, and a player cannot steal from themself (victims: "
                         f"{victims})", "steal-protected")], s.state)
    rec = record(players, seed)
    rec["rounds"][s.r]["actions"][s.i] = [s.seat, "end"]
    expect(rec, [Problem(at(s, 1), may_not(s, "end"), "steal-victim")], s.state)


# -- decisions the rules refuse, each with its rule -----------------------------------------------


def _refused(players: int, seed: int, s: Step, action: str, message: str, rule: str) -> None:
    rec = record(players, seed)
    rec["rounds"][s.r]["actions"][s.i] = [s.seat, action]
    expect(rec, [Problem(at(s, 1), message, rule)], s.state)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_refused_draws_and_keeps(players: int, seed: int) -> None:
    s = step(players, seed, lambda s: s.r == 1 and s.state.phase == "draw" and all(s.state.piles))
    tops = [T.ids[p[-1]] for p in s.state.piles]
    card = next(c for c in T.ids if c not in tops)
    _refused(players, seed, s, f"take:{card}",
             f"card {card!r} is not on top of a discard pile (tops: {', '.join(tops)})", "take-top")
    _refused(players, seed, s, "end", may_not(s, "end"), "take-top")
    k = step(players, seed, lambda s: s.r == 1 and s.state.phase == "keep")
    card = next(c for c in T.ids if T.index[c] not in k.state.drawn)
    _refused(players, seed, k, f"keep:{card}:left", may_not(k, f"keep:{card}:left"), "keep-drawn")


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_refused_duos(players: int, seed: int) -> None:
    s = step(players, seed, lambda s: s.r == 1 and s.state.phase == "play" and len(s.state.hands[s.seat]) >= 2)
    hand = [T.ids[c] for c in s.state.hands[s.seat]]
    absent = next(c for c in T.ids if c not in hand)
    message = f"card {absent!r} is not in seat {s.seat}'s hand"
    _refused(players, seed, s, f"duo:{absent}+{hand[0]}", message, "duo")
    colon = f"{hand[0]}:{hand[1]}"
    _refused(players, seed, s, f"duo:{colon}", f"card {colon!r} is not in seat {s.seat}'s hand", "duo")
    kinds = {c.id: c.kind for c in RULES.cards}
    duo_kinds = {tuple(sorted(d.kinds)) for d in RULES.duos}
    odd = next((a, b) for a in hand for b in hand if a < b and tuple(sorted((kinds[a], kinds[b]))) not in duo_kinds)
    _refused(players, seed, s, f"duo:{odd[0]}+{odd[1]}", f"{odd[0]} and {odd[1]} are not a duo", "duo")


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_refused_round_ends_name_the_points_or_the_caller(players: int, seed: int) -> None:
    s = step(players, seed, lambda s: s.state.phase == "play" and s.state.caller < 0
             and card_points(s.state, s.seat) < 7)
    points = card_points(s.state, s.seat)
    for action in ("stop", "last_chance"):
        _refused(players, seed, s, action, f"seat {s.seat} has {points} card points; ending the round takes 7",
                 "round-end-points")
    c = step(players, seed, lambda s: s.state.phase == "play" and s.state.caller == 0 and s.seat != 0)
    for action in ("stop", "last_chance"):
        _refused(players, seed, c, action, "seat 0 has called LAST CHANCE: nobody may end the round now",
                 "round-end-last-chance")


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_refused_plays_of_other_kinds(players: int, seed: int) -> None:
    s = step(players, seed, lambda s: s.r == 1 and s.state.phase == "play"
             and "mermaids" not in legal_actions(s.state, s.seat))
    _refused(players, seed, s, "mermaids", may_not(s, "mermaids"), "mermaids")
    other = (s.seat + 1) % players
    for action in (f"steal:{other}", "draw"):
        _refused(players, seed, s, action, may_not(s, action), "play")


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_refused_crab_choices(players: int, seed: int) -> None:
    p = step(players, seed, lambda s: s.state.phase == "crab_pile")
    _refused(players, seed, p, "pile:middle", may_not(p, "pile:middle"), "crab-pile")
    c = step(players, seed, lambda s: s.state.phase == "crab_card")
    pile = c.state.piles[c.state.crab_pile]
    card = next(x for x in T.ids if T.index[x] not in pile)
    _refused(players, seed, c, f"pick:{card}", may_not(c, f"pick:{card}"), "crab-card")


# -- the result, the ruleset ---------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_result_claimed_for_an_unfinished_game(players: int, seed: int) -> None:
    """The refusal names the round and the totals against the target, as the other games name their
    round and what is left (it said only "the game is unfinished")."""
    rec = record(players, seed)
    s = step(players, seed, lambda s: s.r == 1 and s.i == 10)
    rec["rounds"] = rec["rounds"][:2]
    rec["rounds"][1]["actions"] = rec["rounds"][1]["actions"][:10]
    totals = ", ".join(map(str, s.state.totals))
    target = s.state.rules.target(players)
    expect(rec, [Problem("/result", f"the game is unfinished (round 2, totals {totals} of {target} to reach), so it "
                         "has no result yet", "result-unfinished")], s.state)


def test_a_result_of_the_wrong_shape_is_reported_and_the_game_still_replayed() -> None:
    rec = record(3, 4)
    rec["result"]["winners"] = "seat 1"
    checked = check_record(rec)
    assert [(p.pointer, p.rule) for p in checked.problems] == [("/result/winners", "schema:type")]
    assert checked.state == final(3, 4)
    rec["rules_digest"] = "0" * 64
    checked = check_record(rec)
    assert [(p.pointer, p.rule) for p in checked.problems] == [("/result/winners", "schema:type"),
                                                                ("/rules_digest", "rules-digest")]
    assert checked.problems[1].message == (f"the ruleset 'sea-salt-paper' has changed since this game was recorded: "
                                           f"its digest was {'0' * 64}, now {RULES.digest} (they differ from "
                                           f"character {len(RULES.digest) - len(RULES.digest.lstrip('0')) + 1} on)")
    assert checked.state == final(3, 4)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_changed_ruleset_and_a_wrong_winner_are_both_reported(players: int, seed: int) -> None:
    rec = record(players, seed)
    rec["rules_digest"] = "f" * 64
    right = rec["result"]["winners"]
    rec["result"]["winners"] = [s for s in range(players) if [s] != right][:1]
    checked = check_record(rec)
    assert [(p.pointer, p.rule) for p in checked.problems] == [("/rules_digest", "rules-digest"),
                                                                ("/result/winners", "result-winners")]
    assert checked.state == final(players, seed)


def test_a_record_naming_or_replayed_under_another_game_s_ruleset() -> None:
    australia = load_rules("standard")
    rec = record(2, 5)
    rec["rules"] = "standard"
    expect(rec, [Problem("/rules", "the ruleset 'standard' is for 'boomerang-australia', but the record is a "
                         "'sea-salt-paper' game", "rules-game")], None)
    rec = record(2, 5)
    for rules, named in ((australia, "'boomerang-australia'"), ("standard", "'boomerang-australia'")):
        checked = check_record(rec, cast(Any, rules))
        assert checked.state is None
        assert list(checked.problems) == [Problem("/rules", f"replayed under a ruleset for {named}, but the record "
                                                  "is a 'sea-salt-paper' game", "rules-game")]


def test_a_record_replays_under_the_ruleset_it_is_given() -> None:
    variant = cast(Ruleset, load_rules("sea-salt-paper-tie-ender"))
    assert variant != RULES
    rec = record(3, 4)
    rec.pop("result")
    rec["rounds"] = rec["rounds"][:2]
    assert state_of(rec).rules == RULES
    assert state_of(rec, variant).rules == variant
    assert check_record(rec, variant).problems == ()


def test_validate_names_the_file_of_each_problem() -> None:
    rec = record(3, 4)
    rec["rounds"][0]["first"] = 3
    rec["rounds"][0]["deck"][0] = "nope"
    lost = record(3, 4)["rounds"][0]["deck"][0]
    problems = validate_record(rec, "game.json")
    assert [str(p) for p in problems] == ["game.json:/rounds/0/deck/0: unknown card 'nope' [card-known]",
                                          f"game.json:/rounds/0/deck: the deck lacks {lost}: every round is played "
                                          "with all 58 cards [deck-complete]"]


# -- writing records -----------------------------------------------------------------------------


def test_names_survive_the_round_trip_and_must_match_the_seats() -> None:
    state = final(3, 4)
    rec = record_of(state, ["Ana", "Ben", "Cy"])
    assert rec["players"] == ["Ana", "Ben", "Cy"]
    again = state_of(rec)
    assert again == state and again.names == ("Ana", "Ben", "Cy")
    assert record_of(again) == rec
    with pytest.raises(InvalidInput, match=r"\n2 names for 3 players \[names-count\]$"):
        record_of(state, ["Ana", "Ben"])


def test_a_steal_of_the_first_card_of_the_ruleset_is_recorded_with_its_card() -> None:
    rec = record(3, 4)
    first_card = T.ids[0]
    assert any(len(e) == 3 and e[2] == first_card for rnd in rec["rounds"] for e in rnd["actions"])
    assert state_of(rec) == final(3, 4)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_records_of_a_game_stopped_mid_round_and_between_rounds(players: int, seed: int) -> None:
    mid = step(players, seed, lambda s: s.r == 1 and s.i == 7).state
    rec = record_of(mid)
    assert len(rec["rounds"]) == 2 and len(rec["rounds"][1]["actions"]) == 7 and "result" not in rec
    assert state_of(rec) == mid and record_of(state_of(rec)) == rec
    stole = _steal(players, seed)
    after = step(players, seed, lambda s: (s.r, s.i) == (stole.r, stole.i + 1)).state
    rec = record_of(after)
    assert len(rec["rounds"][-1]["actions"][-1]) == 3 and state_of(rec) == after
    between = record(players, seed)
    between.pop("result")
    between["rounds"] = between["rounds"][:1]
    waiting = state_of(between)
    assert waiting.phase == "deal" and waiting.round == 1
    assert record_of(waiting) == between
