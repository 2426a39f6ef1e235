"""Rules the mutation run of docs/testing.md showed no test would notice breaking (issue 17).

Each test states behaviour through public functions (or a module's documented helper where the
behaviour lives there), as a property over 2-4 players and the shipped rulesets where it fits.
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import strategies as bst

from .helpers import play, random_policy

SEEDS = st.integers(0, 2**64 - 1)
SHIPPED = bst.rulesets(generated=False)


def _not_actions(number: int) -> list[Any]:
    """Values that are not actions although they resemble action ``number``: the same number as
    a float, a bool or in a container, its text as bytes, None."""
    return [float(number), bool(number), [number], (number,), {number: number}, str(number).encode(), None]


def _somewhere(rules: br.Ruleset, n: int, seed: int, data: st.DataObject) -> br.GameState:
    """A game with decisions owed, stopped at a step hypothesis picks."""
    stop = data.draw(st.integers(0, rules.rounds * (rules.hand_size + 1) - 1), label="decisions before")
    count = [0]

    def until(state: br.GameState) -> bool:
        count[0] += 1
        return count[0] > stop

    state = play(br.new_game(rules, n, seed), random_policy(random.Random(seed)), until=until)
    return state if br.to_act(state) else br.new_game(rules, n, seed)


@pytest.mark.parametrize("n", [2, 3, 4])
@settings(max_examples=15, deadline=None)
@given(SHIPPED, SEEDS, st.data())
def test_step_refuses_anything_but_an_action_at_any_seat(n: int, rules: br.Ruleset, seed: int,
                                                         data: st.DataObject) -> None:
    from boomerang_rules.australia.actions import action_id

    state = _somewhere(rules, n, seed, data)
    seats = br.to_act(state)
    legal = [br.legal_actions(state, seat)[-1] for seat in seats]
    for where, seat in enumerate(seats):
        theirs = [a for a in br.legal_actions(state, seats[where - 1]) if a not in br.legal_actions(state, seat)]
        for bogus in [*_not_actions(action_id(rules, legal[where])), *theirs[:1]]:
            actions: list[Any] = list(legal)
            actions[where] = bogus
            with pytest.raises(br.IllegalAction, match=f"seat {seat} "):
                br.step(state, actions)
    # every seat names a card another seat holds: the first seat is named
    passed_on = [br.legal_actions(state, seats[i - 1])[0] for i in range(len(seats))]
    if all(a not in br.legal_actions(state, seat) for seat, a in zip(seats, passed_on)):
        with pytest.raises(br.IllegalAction, match=f"seat {seats[0]} "):
            br.step(state, passed_on)
    for wrong in (legal[:-1], [*legal, legal[0]]):  # one action too few or too many
        with pytest.raises(br.IllegalAction, match=f"^step needs {len(seats)} actions"):
            br.step(state, wrong)
    if len(seats) > 1:  # once a seat has decided, a step is owed by the others only
        partly = br.apply(state, seats[0], legal[0])
        with pytest.raises(br.IllegalAction, match=f"^step needs {len(seats) - 1} actions"):
            br.step(partly, legal)
        assert br.step(partly, legal[1:]) == br.step(state, legal)
    assert br.step(state, legal) == _one_by_one(state, seats, legal)


def _one_by_one(state: br.GameState, seats: tuple[int, ...], actions: list[str]) -> br.GameState:
    for seat, action in zip(seats, actions):
        state = br.apply(state, seat, action)
    return state


@settings(max_examples=30, deadline=None)
@given(SHIPPED, st.integers(2, 4), st.data())
def test_tables_score_a_round_and_mark_every_card_taken(rules: br.Ruleset, n: int, data: st.DataObject) -> None:
    from boomerang_rules.australia.tables import tables_for

    t = tables_for(rules)
    order = data.draw(st.permutations(range(len(rules.cards))), label="deck")
    drafts = [list(order[s * rules.hand_size:(s + 1) * rules.hand_size]) for s in range(n)]
    kinds = len(rules.scoring.activities.kinds)
    activities = data.draw(st.lists(st.integers(-1, kinds - 1), min_size=n, max_size=n), label="activities")
    scores, masks = t.score_and_mask(drafts, activities)
    assert masks == [sum(1 << c for c in draft) for draft in drafts]
    assert scores == t.score_round(drafts, activities)
    for draft, activity, got in zip(drafts, activities, scores):
        ids = [t.ids[c] for c in draft]
        chosen = br.NO_ACTIVITY if activity < 0 else rules.scoring.activities.kinds[activity]
        want = br.score_round(rules, ids, chosen)
        assert got == (want.throw_catch, want.collections, want.animals, want.activity)


@settings(max_examples=15, deadline=None)
@given(SHIPPED, st.integers(2, 4), SEEDS, st.data())
def test_a_lazy_view_is_the_view(rules: br.Ruleset, n: int, seed: int, data: st.DataObject) -> None:
    from boomerang_rules.australia.view import lazy_view

    state = _somewhere(rules, n, seed, data)
    seat = data.draw(st.integers(0, n - 1), label="seat")
    other = (seat + 1) % n
    plain = br.view(state, seat)
    lazy = lazy_view(state, seat)
    assert lazy == plain and plain == lazy
    assert (lazy != plain) is False and (plain != lazy) is False
    assert hash(lazy) == hash(plain)
    assert repr(lazy) == repr(plain)
    assert pickle.loads(pickle.dumps(lazy)) == plain
    assert type(pickle.loads(pickle.dumps(lazy_view(state, seat)))) is type(plain)
    assert lazy_view(state, seat) != br.view(state, other)  # each view names its seat
    assert (lazy_view(state, seat) == br.view(state, other)) is False
    assert (lazy_view(state, seat) == object()) is False
    assert (lazy_view(state, seat) != object()) is True
    missing = "no_such_field"
    with pytest.raises(AttributeError, match=missing):
        getattr(lazy, missing)


def _activity_policy(rng: random.Random) -> Any:
    """Random cards; at the activity choice, an activity other than none when one is left."""
    def choose(state: br.GameState, seat: int, actions: tuple[str, ...]) -> str:
        named = [a for a in actions if a != br.NO_ACTIVITY]
        return rng.choice(named or list(actions))

    return choose


@pytest.mark.parametrize("n", [2, 3, 4])
@settings(max_examples=10, deadline=None)
@given(SHIPPED, SEEDS, st.data())
def test_at_the_activity_choice(n: int, rules: br.Ruleset, seed: int, data: st.DataObject) -> None:
    """``step`` refuses an activity scored before, what a view says was chosen, and the refusal
    of a second choice names the step."""
    from boomerang_rules.australia.actions import action_id

    last = data.draw(st.integers(1, rules.rounds - 1), label="round")
    policy = _activity_policy(random.Random(seed))
    state = play(br.new_game(rules, n, seed), policy,
                 until=lambda s: s.round == last and br.view(s, 0).phase == "activity")
    seats = br.to_act(state)
    assert seats == tuple(range(n))
    legal = [policy(state, seat, br.legal_actions(state, seat)) for seat in seats]
    for seat in seats:
        used = br.view(state, seat).activities_used[seat]
        assert used, "each seat scored an activity in round 1"
        for again in (used[0], action_id(rules, used[0]), *_not_actions(action_id(rules, br.NO_ACTIVITY))):
            actions: list[Any] = list(legal)
            actions[seat] = again
            with pytest.raises(br.IllegalAction, match=f"seat {seat} "):
                br.step(state, actions)
    assert br.view(state, 0).chosen is None
    after = br.apply(state, 0, legal[0])
    assert br.view(after, 0).chosen == legal[0]
    assert br.view(after, 1).chosen is None
    waiting = ", ".join(map(str, range(1, n)))
    with pytest.raises(br.IllegalAction) as info:
        br.apply(after, 0, legal[0])
    assert str(info.value) == (f"seat 0 has already decided the activity choice of round {last + 1}; "
                               f"waiting for seat(s) {waiting}")
    assert br.step(state, legal) == _one_by_one(state, seats, legal)
    finished = br.step(state, [br.NO_ACTIVITY] * n)
    assert br.view(finished, 0).past_rounds[-1].activities == (None,) * n


class Name(str):
    """A str subclass, as a caller's own string type would be."""


@settings(max_examples=10, deadline=None)
@given(SHIPPED, st.integers(2, 4), SEEDS, st.data())
def test_a_string_of_a_str_subclass_is_its_text(rules: br.Ruleset, n: int, seed: int, data: st.DataObject) -> None:
    state = _somewhere(rules, n, seed, data)
    seats = br.to_act(state)
    legal = [br.legal_actions(state, seat)[0] for seat in seats]
    assert br.apply(state, seats[0], Name(legal[0])) == br.apply(state, seats[0], legal[0])
    assert br.step(state, [Name(a) for a in legal]) == br.step(state, legal)
    view = br.view(state, seats[0])
    assert (view.seat, view.players, view.rules, view.rounds) == (seats[0], n, rules, rules.rounds)
    assert view.chosen is None


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_skipped_cards_are_those_that_waited_longer_than_a_dealt_one(data: st.DataObject) -> None:
    from boomerang_rules.australia.dealing import skipped

    cards = data.draw(st.permutations(range(12)), label="deck order")
    cuts = sorted(data.draw(st.sets(st.integers(1, 11), max_size=4), label="group ends"))
    groups = [cards[a:b] for a, b in zip([0, *cuts], [*cuts, 12])]
    dealt = data.draw(st.sets(st.sampled_from(range(12)), min_size=1), label="dealt")
    group_of = {c: i for i, g in enumerate(groups) for c in g}
    latest = max(group_of[c] for c in dealt)
    want = {c for c in range(12) if c not in dealt and group_of[c] < latest}
    got = skipped(tuple(sum(1 << c for c in g) for g in groups), sum(1 << c for c in dealt))
    assert got == sum(1 << c for c in want)


@settings(max_examples=10, deadline=None)
@given(SHIPPED, st.integers(2, 4), SEEDS)
def test_state_of_replays_under_the_ruleset_given(rules: br.Ruleset, n: int, seed: int) -> None:
    from boomerang_rules.australia.playouts import random_game

    state = random_game(rules, n, seed)
    record = br.record_of(state)
    assert br.state_of(record) == state
    renamed = {**record, "rules": "house-rules-not-shipped"}
    del renamed["rules_digest"]
    with pytest.raises(br.InvalidInput):
        br.state_of(renamed)
    assert br.state_of(renamed, rules) == state
    assert br.state_of(renamed, rules.id) == state


@settings(max_examples=20, deadline=None)
@given(SHIPPED, st.data())
def test_tables_score_animal_pairs_and_are_read_only(rules: br.Ruleset, data: st.DataObject) -> None:
    from boomerang_rules.australia.tables import tables_for

    t = tables_for(rules)
    cards = data.draw(st.lists(st.sampled_from(range(len(t.ids))), unique=True, min_size=7, max_size=7))
    packed = sum(1 << t.count_bits * t.animal[c] for c in cards if t.animal[c] >= 0)
    assert t.animal_points(packed) == br.score_round(rules, [t.ids[c] for c in cards], None).animals
    with pytest.raises(AttributeError, match="read-only: cannot delete 'ids'"):
        del t.ids


def _example(players: int) -> dict[str, Any]:
    from pathlib import Path

    path = Path(__file__).parent.parent / "examples" / f"game-{players}p.json"
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    del record["result"]
    return record


def test_record_problems_in_record_order_with_their_numbers() -> None:
    record = _example(2)
    picks = record["rounds"][0]["picks"]
    picks[0][5] = "Q9"  # only known as wrong without replaying, after the replay stops
    picks[1][2] = picks[0][2]  # the replay stops here
    assert [str(p) for p in br.validate_record(record)] == [
        "/rounds/0/picks/0/5: unknown card 'Q9': it cannot be in the hand seat 0 holds at pick 6 [pick-in-hand]",
        '/rounds/0/picks/1/2: card "H" is not in the hand seat 1 holds at pick 3 (it holds #, D, E, K, W) '
        "[pick-in-hand]"]


def test_unknown_activities_are_reported_past_rounds_and_seats_without_one() -> None:
    record = _example(2)
    record["rounds"][0]["activities"] = [None, "flying"]
    record["rounds"][1]["activities"] = [None, "flying", "x"]  # not one a seat: the replay judges it
    record["rounds"][2]["activities"] = [None, "flying"]
    known = "indigenous_culture, sightseeing, bushwalking, swimming, or null for none"
    assert [str(p) for p in br.validate_record(record)] == [
        f"/rounds/{r}/activities/1: unknown activity 'flying' (activities are {known}) [activity-known]"
        for r in (0, 2)]


def test_a_deal_problem_is_placed_in_its_round() -> None:
    record = _example(2)
    hands = record["rounds"][1]["hands"]
    hands[1][0] = hands[0][0]
    assert [str(p) for p in br.validate_record(record)] == [
        '/rounds/1/hands/1/0: card "@" dealt twice in one round (also to seat 0) [card-unique]']


def test_problems_are_in_the_order_of_the_record_past_the_tenth_pick() -> None:
    record = _example(2)
    record["rounds"] = record["rounds"][:1]
    del record["rounds"][0]["activities"]
    record["rounds"][0]["picks"][0] += ["Q1", "Q2", "Q3", "Q4"]
    assert [str(p) for p in br.validate_record(record)] == [
        "/rounds/0/picks: the seats took different numbers of cards ([11, 7]); a record stops after a step "
        "every seat has completed [picks-step]",
        *(f"/rounds/0/picks/0/{k}: unknown card 'Q{k - 6}': it cannot be in the hand seat 0 holds at pick {k + 1} "
          "[pick-in-hand]" for k in range(7, 11))]


GAME_PACKAGES = {"standard": "australia", "sea-salt-paper": "seasaltpaper", "boomerang-2010": "boomerang2010"}


@pytest.mark.parametrize("rules_id", sorted(GAME_PACKAGES))
@pytest.mark.parametrize("extra", [0, 1, 2])
@pytest.mark.parametrize("top_level", [True, False], ids=["br", "game"])
def test_record_of_names_every_flaw_of_the_names_given(rules_id: str, extra: int, top_level: bool) -> None:
    """``record_of``, top-level or the game's own, writes only names a valid record can hold."""
    import importlib

    rules = br.load_rules(rules_id)
    players = rules.players.min + extra
    state = br.new_game(rules, players, seed=players)
    record_of = br.record_of if top_level else importlib.import_module(
        f"boomerang_rules.{GAME_PACKAGES[rules_id]}").record_of
    assert record_of(state)["players"] == [f"Seat {seat}" for seat in range(players)]
    good = [f"P{seat}" for seat in range(players)]
    assert record_of(state, good)["players"] == good
    assert record_of(state, ("x" * 200,) * players)["players"] == ["x" * 200] * players
    names = [*good[:-2], "a\ud800", "y" * 201]
    with pytest.raises(br.InvalidInput) as info:
        record_of(state, names)
    assert [str(p) for p in info.value.problems] == [
        f"/{players - 2}: the name 'a\\ud800' is not text [json-text]",
        f"/{players - 1}: a name has at most 200 characters, not 201 [schema:maxLength]"]
    assert str(info.value).startswith("names: a record of them would not be valid:\n")
    with pytest.raises(br.InvalidInput) as info:
        record_of(state, [*good, "z" * 201])
    assert [str(p) for p in info.value.problems] == [
        f"/{players}: a name has at most 200 characters, not 201 [schema:maxLength]",
        f"{players + 1} names for {players} players [names-count]"]
    with pytest.raises(br.InvalidInput) as info:
        record_of(state, good[:-1])
    assert [str(p) for p in info.value.problems] == [f"{players - 1} names for {players} players [names-count]"]
    with pytest.raises(TypeError, match=r"^names\[1\] must be a name \(str\), not int: 3$"):
        record_of(state, ["a", 3])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"^names must be a list of names \(str\), not str"):
        record_of(state, "ab")
    assert names == [*good[:-2], "a\ud800", "y" * 201]  # the caller's list is left as it was


def test_given_deals_name_the_flaws_of_every_round() -> None:
    rules = br.load_rules()
    ids = sorted(c.id for c in rules.cards)
    first = [ids[0:7], ids[0:1] + ids[8:14]]
    second = [ids[14:21], [*ids[21:27], "Q9"]]
    with pytest.raises(br.InvalidInput) as info:
        br.new_game(rules, 2, deals=[first, second])
    assert [str(p) for p in info.value.problems] == [
        f'/0/1/0: card "{ids[0]}" dealt twice in one round (also to seat 0) [card-unique]',
        "/1/1/6: unknown card 'Q9' [card-known]"]
