"""Integer actions, legality masks and the one-call step, against the string API they stand for."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import strategies as bst
from boomerang_rules.australia.playouts import random_game

from .helpers import australia_ids, one_by_one, play, random_with, somewhere

RULES = br.load_rules()
VARIANTS = [br.load_rules(name) for name in australia_ids()]


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.id)
def test_numbering_is_cards_then_activities_then_none(rules: br.Ruleset) -> None:
    cards = sorted(c.id for c in rules.cards)
    kinds = list(rules.scoring.activities.kinds)
    names = [*cards, *kinds, br.NO_ACTIVITY]
    assert br.num_actions(rules) == len(names)
    assert [br.action_of(rules, i) for i in range(len(names))] == names
    assert [br.action_id(rules, name) for name in names] == list(range(len(names)))
    assert br.action_id(rules, 5) == 5


@pytest.mark.parametrize("junk", [-1, 33, 10**20, True, 1.0, "1", None])
def test_action_of_refuses_what_is_not_an_id(junk: object) -> None:
    with pytest.raises(ValueError, match="not an action id"):
        br.action_of(RULES, junk)  # type: ignore[arg-type]


@pytest.mark.parametrize("junk", ["ZZ", "a", "", -1, 33, False, 2.0, None])
def test_action_id_refuses_what_is_not_an_action(junk: object) -> None:
    with pytest.raises(ValueError, match="not an action"):
        br.action_id(RULES, junk)


def names_of(rules: br.Ruleset, mask: int) -> tuple[str, ...]:
    return tuple(sorted(br.action_of(rules, i) for i in range(br.num_actions(rules)) if mask >> i & 1))


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.id)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_mask_ids_and_step_agree_with_the_string_api(rules: br.Ruleset, players: int) -> None:
    """One random game played three ways, by strings, by ids and by steps: the same states."""
    if not rules.players.min <= players <= rules.players.max:
        pytest.skip("not a player count of this ruleset")
    rng = random.Random(players)
    s = by_id = by_step = br.new_game(rules, players, seed=players * 7)
    while not br.is_over(s):
        chosen = []
        for seat in br.to_act(s):
            legal = br.legal_actions(s, seat)
            assert names_of(rules, br.legal_mask(s, seat)) == legal
            action = rng.choice(legal)
            chosen.append(action)
            s = br.apply(s, seat, action)
            by_id = br.apply(by_id, seat, br.action_id(rules, action))
            assert by_id == s
        by_step = br.step(by_step, [br.action_id(rules, a) if i % 2 else a for i, a in enumerate(chosen)])
        assert by_step == s
    assert br.score_sheets(by_step) == br.score_sheets(s)
    assert all(br.legal_mask(s, seat) == 0 for seat in range(players))


def test_legal_mask_checks_its_seat() -> None:
    s = br.new_game(RULES, 3, seed=1)
    for seat in (-1, 3, "0", None, 1.0, True):
        with pytest.raises(br.IllegalAction, match="does not exist"):
            br.legal_mask(s, seat)  # type: ignore[arg-type]
    assert br.legal_mask(br.apply(s, 1, br.legal_actions(s, 1)[0]), 1) == 0


@pytest.mark.parametrize("junk", [True, False, 1.0, -1, 33, 10**30, None, b"A", ["A"], object()])
def test_ids_accepted_only_as_integers(junk: object) -> None:
    s = br.new_game(RULES, 3, seed=1)
    with pytest.raises(br.IllegalAction):
        br.apply(s, 0, junk)  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_step_applies_all_or_nothing(data: st.DataObject) -> None:
    players = data.draw(st.integers(2, 4))
    s = br.new_game(RULES, players, data.draw(st.integers(0, 2**64 - 1)))
    while not br.is_over(s):
        seats = br.to_act(s)
        actions: list[object] = [data.draw(st.sampled_from(br.legal_actions(s, seat))) for seat in seats]
        if data.draw(st.booleans()):
            k = data.draw(st.integers(0, len(seats) - 1))
            actions[k] = data.draw(st.sampled_from(["ZZ", None, -1, 99, True, br.NO_ACTIVITY, "A", 0, 27]))
            first_bad = None
            probe = s
            for seat, action in zip(seats, actions):
                try:
                    probe = br.apply(probe, seat, action)  # type: ignore[arg-type]
                except br.IllegalAction as e:
                    first_bad = (seat, str(e))
                    break
            if first_bad is not None:
                with pytest.raises(br.IllegalAction) as info:
                    br.step(s, actions)
                assert str(info.value) == first_bad[1] and f"seat {first_bad[0]}" in str(info.value)
                continue
            assert br.step(s, actions) == probe
        s = br.step(s, actions)


@pytest.mark.parametrize("actions", [[], ["A"], "ABC", None, 5, ["A", "B", "C", "D"]])
def test_step_needs_one_action_per_seat(actions: object) -> None:
    s = br.new_game(RULES, 3, seed=1)
    with pytest.raises(br.IllegalAction, match="one for each seat"):
        br.step(s, actions)  # type: ignore[arg-type]


def test_step_after_the_end_or_before_a_deal() -> None:
    s = br.new_game(RULES, 2, seed=1)
    while not br.is_over(s):
        s = br.step(s, [br.legal_actions(s, seat)[0] for seat in br.to_act(s)])
    with pytest.raises(br.IllegalAction, match="game is over"):
        br.step(s, [])
    waiting = br.new_game(RULES, 2, undealt_ok=True)
    with pytest.raises(br.IllegalAction, match="not been dealt"):
        br.step(waiting, [])


SEEDS = st.integers(0, 2**64 - 1)


SHIPPED = bst.rulesets(generated=False)


def _not_actions(number: int) -> list[Any]:
    """Values that are not actions although they resemble action ``number``: the same number as
    a float, a bool or in a container, its text as bytes, None."""
    return [float(number), bool(number), [number], (number,), {number: number}, str(number).encode(), None]


class Name(str):
    """A str subclass, as a caller's own string type would be."""


@pytest.mark.parametrize("n", [2, 3, 4])
@settings(max_examples=15, deadline=None)
@given(SHIPPED, SEEDS, st.data())
def test_step_refuses_anything_but_an_action_at_any_seat(n: int, rules: br.Ruleset, seed: int,
                                                         data: st.DataObject) -> None:
    from boomerang_rules.australia.actions import action_id

    state = somewhere(rules, n, seed, data)
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
        with pytest.raises(br.IllegalAction, match=f"^step needs {len(seats)} actions?, "):
            br.step(state, wrong)
    if len(seats) > 1:  # once a seat has decided, a step is owed by the others only
        partly = br.apply(state, seats[0], legal[0])
        owed = len(seats) - 1
        with pytest.raises(br.IllegalAction, match=f"^step needs {owed} action{'s' if owed > 1 else ''}, "):
            br.step(partly, legal)
        assert br.step(partly, legal[1:]) == br.step(state, legal)
    assert br.step(state, legal) == one_by_one(state, seats, legal)


@settings(max_examples=10, deadline=None)
@given(SHIPPED, st.integers(2, 4), SEEDS, st.data())
def test_a_string_of_a_str_subclass_is_its_text(rules: br.Ruleset, n: int, seed: int, data: st.DataObject) -> None:
    state = somewhere(rules, n, seed, data)
    seats = br.to_act(state)
    legal = [br.legal_actions(state, seat)[0] for seat in seats]
    assert br.apply(state, seats[0], Name(legal[0])) == br.apply(state, seats[0], legal[0])
    assert br.step(state, [Name(a) for a in legal]) == br.step(state, legal)
    view = br.view(state, seats[0])
    assert (view.seat, view.players, view.rules, view.rounds) == (seats[0], n, rules, rules.rounds)
    assert view.chosen is None


class IdLike:
    """Anything with ``__index__`` is an action id (a numpy integer, say)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


@settings(max_examples=15, deadline=None)
@given(SHIPPED, st.integers(2, 4), SEEDS, st.data())
def test_only_ids_and_ids_alike_are_actions(rules: br.Ruleset, n: int, seed: int, data: st.DataObject) -> None:
    from boomerang_rules.australia.actions import action_id

    state = play(br.new_game(rules, n, seed), random_with(random.Random(seed)),
                 until=lambda s: data.draw(st.booleans(), label="stop here"))
    if br.is_over(state):
        return
    seat = br.to_act(state)[0]
    legal = br.legal_actions(state, seat)
    ids = {action_id(rules, a) for a in legal}
    for bogus in (True, False, None, 1.0, 0.0, [0], (1,)):
        with pytest.raises(br.IllegalAction):
            br.apply(state, seat, bogus)  # type: ignore[arg-type]
    for i in sorted(ids)[:2]:
        assert br.apply(state, seat, IdLike(i)) == br.apply(state, seat, i)  # type: ignore[arg-type]
    assert ids  # a seat to act has something to do
    assert -1 not in ids


def test_step_on_a_finished_or_undealt_game() -> None:
    over = random_game(br.load_rules(), 3, 8)
    with pytest.raises(br.IllegalAction) as info:
        br.step(over, [])
    assert str(info.value) == "the game is over: no decisions are owed"
    waiting = br.new_game(br.load_rules(), 3, undealt_ok=True)
    with pytest.raises(br.IllegalAction) as info:
        br.step(waiting, [])
    assert str(info.value) == "round 1 has not been dealt: no decisions are owed"
