"""The compiled hot paths (``australia/_accel.c``, ``core/_rng.c``) against the plain Python code.

``apply``, ``legal_actions`` and ``step`` have two implementations: the plain Python functions
(``engine.apply_plain``...), which are the reference, and the compiled ones the package uses
when the extension is built. For every shipped ruleset and player count, at every state of
seeded games, both must give equal states for every legal action and the same refusal, word
for word, for anything else: any seat, every card and activity id, every action id, junk.
"""

from __future__ import annotations

import os
import pickle
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules.australia import engine
from boomerang_rules.australia.state import GameState
from boomerang_rules.australia.tables import Tables
from boomerang_rules.core import rng

from .helpers import australia_ids
from .test_reliability import big_deck

pytestmark = pytest.mark.skipif(not engine.ACCELERATED, reason="the compiled engine (_accel) is not built here")

VARIANTS = [br.load_rules(name) for name in australia_ids()]
CASES = [(rules, n) for rules in VARIANTS for n in range(rules.players.min, rules.players.max + 1)]


class Odd(int):
    """An int subclass: an id-like value the compiled path hands to the plain one."""


JUNK: list[Any] = [True, False, 1.0, None, "", "a", b"A", ["A"], (), -1, -2, 2**64, 10**30, 2.5, "none ", object(),
                   Odd(3), "\udcff"]


def outcome(function: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    """What a call gives: its result, or its exception's type and words."""
    try:
        return "ok", function(*args)
    except Exception as error:  # the comparison is of any exception, whatever it is
        return type(error).__name__, str(error)


def same(compiled: Callable[..., Any], plain: Callable[..., Any], *args: Any) -> Any:
    a, b = outcome(compiled, *args), outcome(plain, *args)
    assert a == b, args[1:]
    return a[1] if a[0] == "ok" else None


def test_the_package_plays_the_compiled_functions() -> None:
    assert br.australia.apply is engine.apply is not engine.apply_plain
    s = br.new_game(br.load_rules(), 3, 1)
    assert type(s)._br_apply is engine.STATE_METHODS["apply"]


@pytest.mark.skipif(not os.environ.get("CI"), reason="CI builds the extension; elsewhere it may be absent")
def test_ci_builds_the_compiled_engine() -> None:
    assert engine.ACCELERATED and rng.COMPILED


def every_state(rules: br.Ruleset, players: int, seed: int) -> list[GameState]:
    """A seeded game's states, by the plain functions alone."""
    choose = random.Random(seed)
    s = br.new_game(rules, players, seed)
    out = [s]
    while not br.is_over(s):
        for seat in engine.to_act(s):
            s = engine.apply_plain(s, seat, choose.choice(engine.legal_actions_plain(s, seat)))
            out.append(s)
    return out


@pytest.mark.parametrize(("rules", "players"), CASES, ids=lambda x: getattr(x, "id", str(x)))
def test_apply_and_legal_actions_agree_with_the_plain_functions(rules: br.Ruleset, players: int) -> None:
    names = sorted(c.id for c in rules.cards) + list(rules.scoring.activities.kinds) + [br.NO_ACTIVITY]
    ids = list(range(-1, br.num_actions(rules) + 1))
    for seed in (players, 77):
        states = every_state(rules, players, seed)
        for k, s in enumerate(states):
            seats: list[Any] = [*range(-1, players + 1), True, "0", 1.0, None]
            for seat in seats:
                same(engine.legal_actions, engine.legal_actions_plain, s, seat)
            for seat in range(players):
                for action in [*names, *ids, *(JUNK if k % 7 == 0 else ())]:
                    after = same(engine.apply, engine.apply_plain, s, seat, action)
                    if after is not None:
                        assert after == engine.apply_plain(s, seat, action)
                        assert type(after) is GameState and list(after) == list(engine.apply_plain(s, seat, action))
            if k % 11 == 0:
                for seat in [-1, players, True, None]:
                    same(engine.apply, engine.apply_plain, s, seat, names[0])


@pytest.mark.parametrize(("rules", "players"), CASES, ids=lambda x: getattr(x, "id", str(x)))
def test_step_agrees_with_the_plain_function(rules: br.Ruleset, players: int) -> None:
    choose = random.Random(players)
    for seed in (players, 78):
        for s in every_state(rules, players, seed):
            seats = engine.to_act(s)
            legal = [choose.choice(engine.legal_actions_plain(s, seat)) for seat in seats]
            variants: list[Any] = [legal, tuple(legal), [br.action_id(rules, a) for a in legal], legal[:-1],
                                   [*legal, "A"], "".join(legal), None, 5, iter(legal)]
            for i in range(len(legal)):
                junk: list[Any] = [None, True, "X", -1, 2.0, legal[0], Odd(2)]
                variants += [[*legal[:i], j, *legal[i + 1:]] for j in junk]
            for actions in variants:
                same(engine.step, engine.step_plain, s, actions)


def test_states_the_engine_did_not_make_get_the_plain_answers() -> None:
    s = br.new_game(br.load_rules(), 4, 3)
    odd_states = [
        GameState(object(), *tuple(s)[1:]),  # type: ignore[arg-type]
        attrs.evolve(s, hands=(1, 2, 3)),
        attrs.evolve(s, hands=list(s.hands)),
        attrs.evolve(s, step=-1),
        attrs.evolve(s, step=Odd(0)),
        attrs.evolve(s, waiting=-1),
        attrs.evolve(s, waiting=2**70 - 1),
        attrs.evolve(s, pending=2**80),
        attrs.evolve(s, hands=(2**70, *s.hands[1:])),
        attrs.evolve(s, taken=[]),
    ]
    card = engine.legal_actions_plain(s, 0)[0]
    for odd in odd_states:
        for seat in range(4):
            same(engine.legal_actions, engine.legal_actions_plain, odd, seat)
            same(engine.apply, engine.apply_plain, odd, seat, card)
        same(engine.step, engine.step_plain, odd, [card] * 4)
    functions: list[Callable[..., Any]] = [engine.apply, engine.legal_actions, engine.step]
    for function in functions:
        with pytest.raises(TypeError):
            function(s)


def test_decks_past_64_cards_take_the_plain_path_and_play_the_same() -> None:
    rules = big_deck(hand=7, cards=80, players=(2, 4), rounds=2)
    for players in (2, 4):
        for seed in (1, 2):
            choose = random.Random(seed)
            s = br.new_game(rules, players, seed)
            while not br.is_over(s):
                seats = engine.to_act(s)
                actions = [choose.choice(same(engine.legal_actions, engine.legal_actions_plain, s, seat))
                           for seat in seats]
                if seed == 1:
                    s = same(engine.step, engine.step_plain, s, actions)
                else:
                    for seat, action in zip(seats, actions):
                        s = same(engine.apply, engine.apply_plain, s, seat, action)


def test_compiled_states_pickle_hash_and_compare_as_plain_ones() -> None:
    rules = br.load_rules()
    for players in (2, 3, 4):
        plain = every_state(rules, players, 9)
        s = plain[0]
        compiled = [s]
        choose = random.Random(9)
        while not br.is_over(s):
            for seat in br.to_act(s):
                s = br.apply(s, seat, choose.choice(br.legal_actions(s, seat)))
                compiled.append(s)
        assert compiled == plain
        assert [hash(x) for x in compiled] == [hash(x) for x in plain]
        assert [pickle.loads(pickle.dumps(x)) for x in compiled[:40]] == plain[:40]
        assert br.score_sheets(compiled[-1]) == br.score_sheets(plain[-1])


@pytest.mark.skipif(not rng.COMPILED, reason="the compiled shuffle (core/_rng) is not built here")
def test_compiled_shuffle_is_the_plain_one_for_every_size_it_takes() -> None:
    from boomerang_rules.core import _rng

    draw = random.Random(5)
    for n in range(_rng.MAX_ITEMS + 1):
        # Seeds near the ends of the range, and many where a first draw is rejected (n! far below 2**width).
        for seed in [0, 1, 2**64 - 1, 2**63, *(draw.getrandbits(64) for _ in range(40))]:
            fast, plain = list(range(n)), list(range(n))
            assert _rng.shuffle(seed, fast) == rng.shuffle_plain(seed, plain), (n, seed)
            assert fast == plain
    assert rng.shuffler(28) is _rng.shuffle and rng.shuffler(_rng.MAX_ITEMS + 1) is not _rng.shuffle
    bad: list[tuple[Any, Any]] = [(1.0, []), (1, ()), (-1, [1, 2]), (2**64, [1, 2])]
    for state, items in bad:
        with pytest.raises((TypeError, OverflowError)):
            _rng.shuffle(state, items)
    with pytest.raises(ValueError, match="at most 34 items"):
        _rng.shuffle(1, list(range(35)))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_compiled_round_end_scores_as_the_tables_do(data: st.DataObject) -> None:
    """``_accel.end_round`` against ``Tables.end_round``: every ruleset, any cards in any order,
    any activity index (-1 and past the end included), any sites and kinds already marked."""
    from boomerang_rules.australia import _accel
    from boomerang_rules.australia.tables import tables_for

    rules = data.draw(st.sampled_from([*VARIANTS, big_deck(hand=7, cards=80, players=(2, 4), rounds=2)]))
    t = tables_for(rules)
    n = data.draw(st.integers(1, 5))
    cards = st.lists(st.integers(0, t.deck_size - 1), min_size=1, max_size=rules.hand_size, unique=True)
    drafts = tuple(tuple(d) for d in data.draw(st.lists(cards, min_size=n, max_size=n)))
    activities = tuple(data.draw(st.lists(st.integers(-2, len(rules.scoring.activities.kinds)), min_size=n,
                                          max_size=n)))
    masks = st.integers(0, (1 << t.deck_size) - 1) | st.sampled_from([0, 2**64 - 1, 2**64])
    visited = tuple(data.draw(st.lists(masks, min_size=n, max_size=n)))
    used = tuple(data.draw(st.lists(st.integers(0, 2**66), min_size=n, max_size=n)))
    assert outcome(_accel.end_round, t, drafts, activities, visited, used) == \
        outcome(t.end_round, drafts, activities, visited, used)


def test_compiled_round_end_hands_odd_arguments_to_the_tables() -> None:
    from boomerang_rules.australia import _accel
    from boomerang_rules.australia.tables import tables_for

    t = tables_for(br.load_rules())
    odd: list[tuple[Any, ...]] = [
        ((0, 1), (-1,), (0,), (0,)), (((0, 1),), (-1, 0), (0, 0), (0, 0)), ([(0, 1)], (-1,), (0,), (0,)),
        (((),), (-1,), (0,), (0,)), (((0, 99),), (-1,), (0,), (0,)), (((0, -1),), (-1,), (0,), (0,)),
        (((0, True),), (0,), (0,), (0,)), (((0, 1),), (None,), (0,), (0,)), (((0, 1),), (-1,), (-1,), (0,)),
        (((0, 1),), (99,), (0,), (0,)), (((0, 1),), (-99,), (0,), (0,)), (((0, 1),), (-1,), (0.0,), (0,)),
    ]
    for args in odd:
        assert outcome(_accel.end_round, t, *args) == outcome(t.end_round, *args), args
    assert outcome(_accel.end_round, object(), (), (), (), ()) == outcome(Tables.end_round, object(), (), (),
                                                                              (), ())


@pytest.mark.skipif(not rng.COMPILED, reason="the compiled generator (core/_rng) is not built here")
def test_compiled_below_draws_as_the_plain_one() -> None:
    from boomerang_rules.core import _rng

    assert rng.below is _rng.below
    draw = random.Random(6)
    bounds = [1, 2, 3, 7, 28, 1000, 2**32 + 1, 2**63 - 1, 2**63, 2**63 + 1, 2**64 - 1, 2**64, True]
    states = [0, 1, 2**64 - 1, -1, 2**64, 2**70 + 5, *(draw.getrandbits(64) for _ in range(30))]
    for n in [*bounds, *(draw.randrange(1, 2**64) for _ in range(30))]:
        for state in states:
            assert _rng.below(state, n) == rng.below_plain(state, n), (state, n)
    for n in [0, -1, -(2**70), 2**64 + 1, 2**80, False]:
        assert outcome(_rng.below, 1, n) == outcome(rng.below_plain, 1, n), n
    with pytest.raises(TypeError):
        _rng.below(1.0, 3)  # type: ignore[arg-type]
