"""The compiled hot path (``australia/_accel.c``) against the plain Python code (``core/_rng.c``: test_rng.py).

``apply``, ``legal_actions`` and ``step`` have two implementations: the plain Python functions
(``engine.apply_plain``...), which are the reference, and the compiled ones the package uses
when the extension is built. For every shipped ruleset and player count, at every state of
seeded games, both must give equal states for every legal action and the same refusal, word
for word, for anything else: any seat, every card and activity id, every action id, junk.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import pickle
import random
import subprocess
import sys
from collections.abc import Callable, Mapping
from types import MappingProxyType, SimpleNamespace
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules.australia import engine
from boomerang_rules.australia.state import GameState, Progress, RoundContext, RoundResult
from boomerang_rules.australia.tables import Tables
from boomerang_rules.core import rng

from .helpers import australia_ids, big_deck, built, rebound

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
        built(GameState, object(), *tuple(s)[1:]),
        rebound(s, hands=(1, 2, 3)),
        rebound(s, hands=list(s.hands)),
        rebound(s, step=-1),
        rebound(s, step=Odd(0)),
        rebound(s, waiting=-1),
        rebound(s, waiting=2**70 - 1),
        rebound(s, pending=2**80),
        rebound(s, hands=(2**70, *s.hands[1:])),
        rebound(s, taken=[]),
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




# --- Hostile input: states, contexts and tables the engine did not make --------------------------
# Each class the compiled path must hand to the plain code (or read safely), several members each:
# a context made with ``object.__new__`` and slots left unset, a slot rebound to junk (ints of any
# size and sign, bools, int subclasses, floats, None, strings, lists, dict subclasses, user
# mappings behind a MappingProxyType), a ``GameState`` field rebound with ``attrs.evolve``, a
# mapping whose lookup runs Python code that frees what is being read, calls with keywords or the
# wrong number of arguments. Each checks compiled == plain, result or exception type and words;
# that the process is still there afterwards is the memory-safety check (CI runs these files under
# ``PYTHONMALLOC=debug`` too, see docs/testing.md).

UNSET = object()
CONTEXT_FIELDS = [f.name for f in attrs.fields(RoundContext)]


def norm(x: Any) -> Any:
    """A comparable picture of a result: states and contexts field by field (an unset slot as
    ``UNSET``), plain values by type and value, anything else by identity (the same junk object
    reaches both paths; so do the tables' long tuples, such as ``hand_low``)."""
    if (isinstance(x, GameState | Progress | RoundResult) or type(x) is tuple) and len(x) < 100:
        return (type(x).__name__, *map(norm, x))
    if isinstance(x, RoundContext):
        return ("RoundContext", *(norm(getattr(x, name, UNSET)) for name in CONTEXT_FIELDS))
    if type(x) in (int, bool, str, float, bytes, type(None)):
        return (type(x).__name__, x)
    return ("id", id(x))


def result(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[str, Any]:
    """``outcome``, its result normalized (see ``norm``)."""
    try:
        return "ok", norm(function(*args, **kwargs))
    except Exception as error:  # the comparison is of any exception, whatever it is
        return type(error).__name__, str(error)


def agree(state: Any, seat: Any, action: Any, actions: Any) -> None:
    """The compiled and plain apply, legal_actions and step agree on ``state`` (also as methods)."""
    assert result(engine.apply, state, seat, action) == result(engine.apply_plain, state, seat, action)
    assert result(engine.legal_actions, state, seat) == result(engine.legal_actions_plain, state, seat)
    assert result(engine.step, state, actions) == result(engine.step_plain, state, actions)
    if type(state) is GameState:
        methods: Any = state
        assert result(methods._br_apply, seat, action) == result(engine.apply_plain, state, seat, action)
        assert result(methods._br_step, actions) == result(engine.step_plain, state, actions)


class OddDict(dict):  # type: ignore[type-arg]
    """A dict subclass: its lookups may run Python code, so the C does not read it."""

    def __getitem__(self, key: Any) -> Any:
        return super().__getitem__(key)


class UserMapping(Mapping[Any, Any]):
    """A user Mapping (behind a MappingProxyType it passes a proxy's type check)."""

    def __init__(self, data: dict[Any, Any]) -> None:
        self.data = data

    def __getitem__(self, key: Any) -> Any:
        return self.data[key]

    def __iter__(self) -> Any:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)


@functools.cache
def pool() -> tuple[GameState, ...]:
    """States of seeded games the plain engine made: every decision of one game a case (2 to 5
    players, the shipped rulesets), so that some owe one seat's decision (the next apply ends a
    step, or a round) and some every seat's (a step)."""
    out: list[GameState] = []
    for rules, players in CASES[::3]:
        out += every_state(rules, players, players + 1)[:40]
    return tuple(out)


def moves(state: GameState) -> tuple[int, str, list[Any]]:
    """A seat that owes a decision (0 if none), a legal action for it, and a legal step."""
    owing = engine.to_act(state)
    seat = owing[0] if owing else 0
    legal = [engine.legal_actions_plain(state, s)[0] for s in owing]
    return seat, legal[0] if legal else "A", legal


def junk_for(name: str, context: RoundContext) -> st.SearchStrategy[Any]:
    """Values for a context slot: junk of every kind, and near misses of its own value."""
    value = getattr(context, name)
    anything = st.one_of(
        st.integers(), st.integers(-3, 300), st.booleans(), st.builds(Odd, st.integers(-2, 40)), st.none(),
        st.floats(allow_nan=False), st.text(max_size=3), st.just(()), st.just([]), st.just({}))
    near: list[Any] = []
    if isinstance(value, Mapping):
        data = dict(value)
        near = [data, OddDict(data), MappingProxyType(UserMapping(data)), MappingProxyType(OddDict(data)),
                {k: [*v] for k, v in data.items()}, {k: (v[0], v[1] + 1) for k, v in data.items()},
                {k: (v[0] << 1, v[1]) for k, v in data.items()}, {k: (v[0], v[1] + 300) for k, v in data.items()},
                MappingProxyType({k: (Odd(v[0]), v[1]) for k, v in data.items()})]
    elif type(value) is tuple:
        near = [value[:-1], (*value, 0), list(value), tuple(Odd(v) if type(v) is int else v for v in value),
                tuple(-1 if type(v) is int else v for v in value), (None,) * len(value)]
    elif type(value) is int:
        near = [value + 1, value - 1, 0, 1, 3, 15, 2**64 - 1, 2**64, -1, Odd(value), float(value), True]
    return st.one_of(anything, st.sampled_from(near)) if near else anything


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_contexts_with_a_slot_rebound_get_the_plain_answers(data: st.DataObject) -> None:
    """Any slot of the context rebound to junk or a near miss of its value (``attrs.evolve``)."""
    s = data.draw(st.sampled_from(pool()), label="state")
    name = data.draw(st.sampled_from(CONTEXT_FIELDS), label="slot")
    context = attrs.evolve(s.context, **{name: data.draw(junk_for(name, s.context), label="value")})
    odd = built(GameState, context, *tuple(s)[1:])
    agree(odd, *moves(s))


@given(st.integers(0, 2**300))
def test_bits_lists_a_mask_s_set_bits_ascending_and_refuses_a_negative_one(mask: int) -> None:
    from boomerang_rules.australia.tables import bits

    assert bits(mask) == [i for i in range(mask.bit_length()) if mask >> i & 1]
    assert bits(0) == []
    with pytest.raises(ValueError, match=f"^a mask of cards cannot be negative, not {-mask - 1}$"):
        bits(-mask - 1)


def test_a_round_ended_with_negative_hands_in_its_context_is_refused_not_dealt_for_ever() -> None:
    """A context whose ``dealt`` slot holds a negative mask (the near miss ``(-1, -1)`` the test above
    draws now and then) made the next deal list the set bits of -1: the plain engine, which the
    compiled one hands the round's end to, looped for ever (the suite stopped in it, once). Both
    paths refuse it alike now, with ``ValueError`` saying why."""
    rules = br.load_rules("standard")
    states = every_state(rules, 2, 3)
    s = next(x for x, after in itertools.pairwise(states)
             if x.context.round == 0 and after.context.round == 1 and len(engine.to_act(x)) == 1)
    context = attrs.evolve(s.context, dealt=(-1, -1))
    odd = built(GameState, context, *tuple(s)[1:])
    seat, action, actions = moves(s)
    assert result(engine.apply, odd, seat, action) == result(engine.apply_plain, odd, seat, action) == (
        "ValueError", "a mask of cards cannot be negative, not -1")
    agree(odd, seat, action, actions)


@pytest.mark.parametrize("players", [0, 1, 3, 10**6, 2**64 - 1, True])
def test_a_round_ended_with_a_players_count_not_the_games_is_refused_at_once(players: Any) -> None:
    """The end of a round builds a row for each of ``players`` seats: a count the game's progress
    does not hold is refused before (a rebound ``players`` of a billion once took minutes and every
    byte of memory, and killed the test run), by the compiled path and the plain one alike."""
    ends = [s for s in pool() if s.step == s.context.tables.hand_size - 1 and len(engine.to_act(s)) == 1]
    assert ends
    for s in ends:
        odd = built(GameState, attrs.evolve(s.context, players=players), *tuple(s)[1:])
        seat, action, actions = moves(s)
        for outcome in (result(engine.apply_plain, odd, seat, action), result(engine.apply, odd, seat, action),
                        result(engine.step_plain, odd, actions), result(engine.step, odd, actions)):
            assert outcome[0] == "InvalidInput" and "/context/players" in outcome[1]
            assert outcome[1].endswith("[state-context]")


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_contexts_with_slots_unset_get_the_plain_answers(data: st.DataObject) -> None:
    """A context made with ``object.__new__``, some of its slots (or all) never set."""
    s = data.draw(st.sampled_from(pool()), label="state")
    unset = data.draw(st.sets(st.sampled_from(CONTEXT_FIELDS), min_size=1), label="unset")
    context = object.__new__(RoundContext)
    for name in CONTEXT_FIELDS:
        if name not in unset:
            object.__setattr__(context, name, getattr(s.context, name))
    agree(built(GameState, context, *tuple(s)[1:]), *moves(s))


def test_every_slot_unset_in_turn_at_the_end_of_a_step_and_of_a_round() -> None:
    """The issue's crash (``everyone`` unset, the apply that ends a step) and its siblings."""
    for s in pool():
        if len(engine.to_act(s)) != 1:
            continue
        for name in CONTEXT_FIELDS:
            context = object.__new__(RoundContext)
            for other in CONTEXT_FIELDS:
                if other != name:
                    object.__setattr__(context, other, getattr(s.context, other))
            odd = built(GameState, context, *tuple(s)[1:])
            seat, action, actions = moves(s)
            agree(odd, seat, action, actions)
            assert result(br.apply, odd, seat, action) == result(engine.apply_plain, odd, seat, action)


pending_values = st.one_of(st.integers(0, 2**64 - 1), st.integers(), st.integers(0, 2**40),
                           st.sampled_from([2**64, -1, 2**80, 1, 2, 255, 256, 0xFFFF_FFFF, Odd(0)]))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_states_with_fields_rebound_get_the_plain_answers(data: st.DataObject) -> None:
    """``pending``, ``waiting``, ``step``, ``hands`` or ``taken`` rebound (``attrs.evolve``): a
    tampered ``pending`` or ``waiting`` reaches the step's end with choices no seat made."""
    s = data.draw(st.sampled_from(pool()), label="state")
    n = s.players
    values: dict[str, st.SearchStrategy[Any]] = {
        "pending": pending_values,
        "waiting": st.one_of(st.integers(0, 2**n - 1), st.integers(), st.sampled_from([Odd(1), True, 2**64, 1.0])),
        "step": st.one_of(st.integers(-2, 12), st.sampled_from([Odd(1), True, 2**64, 1.0, None])),
        "hands": st.one_of(st.lists(st.integers(0, 2**64 + 1), min_size=n, max_size=n).map(tuple),
                           st.lists(st.integers(), min_size=0, max_size=n + 1).map(tuple),
                           st.sampled_from([list(s.hands), tuple(Odd(h) for h in s.hands), None])),
        "taken": st.one_of(st.lists(st.integers(-2, 70), max_size=12).map(tuple),
                           st.sampled_from([list(s.taken), (None,) * n, (Odd(1),) * n])),
    }
    fields = data.draw(st.sets(st.sampled_from(sorted(values)), min_size=1), label="fields")
    odd = rebound(s, **{name: data.draw(values[name], label=name) for name in sorted(fields)})
    seat, action, actions = moves(s)
    agree(odd, seat, action, actions)
    for other in range(n):  # every seat, each of its legal actions in the untampered state
        for choice in engine.legal_actions_plain(s, other)[:3]:
            assert result(engine.apply, odd, other, choice) == result(engine.apply_plain, odd, other, choice)


def test_a_tampered_pending_is_refused_alike_by_the_compiled_and_plain_code() -> None:
    """The decision documented in docs/testing.md: a seat's choice is its 8 bits of ``pending``
    (bits past the last seat's are ignored, on every path); a choice that is not a card the seat
    holds, or an activity it may choose, is refused with the same ``InvalidInput``."""
    refused = 0
    for players in (3, 4):
        for unrolled in (True, False):
            s = every_state(br.load_rules(), players, 5)[players - 1]  # the Throw: only the last seat owes
            assert engine.to_act(s) == (players - 1,)
            card = engine.legal_actions_plain(s, players - 1)[0]
            for pending in (s.pending | 1 << 8 * players + 3, s.pending | 1 << 60, 0, s.pending & ~255,
                            s.pending ^ 1, s.pending | 0xF0, 2**64 - 1, s.pending << 1):
                odd = rebound(s, pending=pending)
                with pytest.MonkeyPatch.context() as patch:
                    patch.setattr(engine, "UNROLLED", unrolled)
                    compiled = result(engine.apply, odd, players - 1, card)
                    assert compiled == result(engine.apply_plain, odd, players - 1, card), (players, pending)
                refused += compiled[0] == "InvalidInput"
                if pending >> 8 * players == 0 or compiled[0] == "InvalidInput":
                    continue
                # bits past the last seat's are ignored: the same as without them
                clean = rebound(s, pending=pending & (1 << 8 * players) - 1)
                assert compiled == result(engine.apply_plain, clean, players - 1, card)
    assert refused >= 8
    with pytest.raises(br.InvalidInput, match="pending has no choice for seat 0"):
        engine.apply(rebound(s, pending=0), 3, card)


def hostile_codes(victim: list[Any], context: list[RoundContext], how: str) -> Any:
    """Card codes whose lookup runs Python code that frees what the caller reads: the list of
    actions being iterated, or the context's own slots."""
    real = dict(context[0].card_codes)

    def harm() -> None:
        if how == "clear":
            victim.clear()
        elif how == "rebind":
            for name in ("used", "card_codes", "activity_codes", "hand_low", "everyone", "shift"):
                object.__setattr__(context[0], name, None)
        elif how == "unset":
            for name in ("used", "card_codes", "everyone"):
                with contextlib.suppress(AttributeError):
                    object.__delattr__(context[0], name)

    class Harmful(UserMapping):
        def __getitem__(self, key: Any) -> Any:
            harm()
            return self.data[key]

    class Colliding:
        """A key of an exact dict hashing as an action does: the dict's lookup calls its __eq__."""

        def __init__(self, target: Any) -> None:
            self.target = target

        def __hash__(self) -> int:
            return hash(self.target)

        def __eq__(self, other: object) -> bool:
            harm()
            return False

    if how.startswith("collide"):
        return {**{Colliding(k): (1, 2) for k in real}, **real}
    return MappingProxyType(Harmful(real))


def own_result(context: RoundContext, function: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    """``result``, a state in ``context`` (each side's own hostile one) shown as ``"own"`` and its fields."""
    try:
        out = function(*args)
    except Exception as error:  # the comparison is of any exception, whatever it is
        return type(error).__name__, str(error)
    if isinstance(out, GameState) and out[0] is context:
        return "own", norm(tuple(out)[1:])
    return "ok", norm(out)


@pytest.mark.parametrize("how", ["clear", "rebind", "unset"])
def test_lookups_that_run_python_code_free_nothing_the_compiled_code_reads(how: str) -> None:
    """A MappingProxyType over a user Mapping passes a proxy's type check, but the C reads only
    a proxy of an exact dict: the plain code takes it, and gives the same answer. An exact dict
    whose keys collide with the actions runs their ``__eq__`` inside the lookup: the C holds what
    it reads across it (the process survives; the answer is the plain code's or its refusal)."""
    for s in pool()[::7]:
        seat, action, actions = moves(s)
        if not actions:
            continue
        outcomes = []
        function: Callable[..., Any]
        for function in (engine.step, engine.step_plain):
            victim = list(actions)
            holder: list[RoundContext] = [attrs.evolve(s.context)]
            object.__setattr__(holder[0], "card_codes", hostile_codes(victim, holder, how))
            outcomes.append(own_result(holder[0], function, built(GameState, holder[0], *tuple(s)[1:]), victim))
        assert outcomes[0] == outcomes[1]
        for function in (engine.apply, engine.apply_plain):
            holder = [attrs.evolve(s.context)]
            object.__setattr__(holder[0], "card_codes", hostile_codes([], holder, how))
            outcomes.append(own_result(holder[0], function, built(GameState, holder[0], *tuple(s)[1:]), seat, action))
        assert outcomes[2] == outcomes[3]
        for function in (engine.step, engine.apply):  # colliding keys: survival, and a clear answer
            victim = list(actions)
            holder = [attrs.evolve(s.context)]
            object.__setattr__(holder[0], "card_codes", hostile_codes(victim, holder, "collide-" + how))
            odd = built(GameState, holder[0], *tuple(s)[1:])
            got = result(function, odd, victim) if function is engine.step else result(function, odd, seat, action)
            assert got[0] in ("ok", "IllegalAction", "InvalidInput", "AttributeError", "TypeError"), got


def test_calls_with_keywords_or_the_wrong_arguments_are_the_plain_functions_calls() -> None:
    s = br.new_game(br.load_rules(), 4, 3)
    card = engine.legal_actions_plain(s, 0)[0]
    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
        ("apply", (s, 0), {}), ("apply", (s, 0, card, 1), {}), ("apply", (s,), {"seat": 0, "action": card}),
        ("apply", (), {"state": s, "seat": 0, "action": card}), ("apply", (s, 0), {"bogus": 1}),
        ("legal_actions", (s,), {}), ("legal_actions", (s,), {"seat": 0}), ("legal_actions", (), {}),
        ("step", (s,), {}), ("step", (s,), {"actions": [card] * 4}), ("step", (s, [card] * 4, 5), {}),
    ]
    for name, args, kwargs in calls:
        compiled, plain = getattr(engine, name), getattr(engine, f"{name}_plain")
        assert result(compiled, *args, **kwargs) == result(plain, *args, **kwargs), (name, args, kwargs)
        if args:
            method = engine.STATE_METHODS[name].__get__(args[0])  # type: ignore[attr-defined]
            assert result(method, *args[1:], **kwargs) == result(plain, *args, **kwargs), (name, args, kwargs)
    from boomerang_rules.australia import _accel

    t = s.tables
    args5 = (t, ((0, 1),), (-1,), (0,), (0,))
    assert result(_accel.end_round, *args5[:4]) == result(Tables.end_round, *args5[:4])
    assert result(_accel.end_round, *args5[:1], drafts=args5[1], activities=args5[2], visited=args5[3],
                  used=args5[4]) == result(Tables.end_round, *args5)


def test_the_compiled_module_not_set_up_refuses_clearly() -> None:
    """Imported without the engine (``BOOMERANG_RULES_PURE``), ``_accel`` was never set up: each
    function says so (it dereferenced a null function pointer before)."""
    code = ("from boomerang_rules.australia import _accel\n"
            "for f, args in [(_accel.apply, (1, 2, 3)), (_accel.legal_actions, (1, 2)), (_accel.step, (1, 2)),"
            " (_accel.end_round, (1, 2, 3, 4, 5))]:\n"
            "    try:\n        f(*args)\n    except RuntimeError as e:\n        print(e)\n")
    env = {**os.environ, "BOOMERANG_RULES_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("is not set up") == 4


def test_accelerate_takes_only_slots_of_the_class_and_sets_up_all_or_nothing() -> None:
    """A member descriptor of another class set on the context class would have the C read past
    the object; a second call that fails midway must leave the first set-up whole."""
    from boomerang_rules.australia import _accel

    @attrs.frozen
    class Small:
        players: int

    class Borrower:
        __slots__ = ()

    for name in ("players", "activity_step", "card_codes", "activity_codes", "used", "hand_low", "hand_high",
                 "activity_choices", "shift", "everyone"):
        setattr(Borrower, name, RoundContext.__dict__[name])
    plain = (engine.apply_plain, engine.legal_actions_plain, engine.step_plain, engine._finish_round,
             engine._resolve_draft, Tables.end_round, 14)
    with pytest.raises(TypeError, match="is not a slot"):
        _accel.accelerate(GameState, Borrower, *plain)
    with pytest.raises((TypeError, AttributeError)):
        _accel.accelerate(GameState, Small, *plain)  # players is a slot, activity_step none at all
    s = br.new_game(br.load_rules(), 4, 3)
    card = engine.legal_actions_plain(s, 0)[0]
    assert norm(engine.apply(s, 0, card)) == norm(engine.apply_plain(s, 0, card))
    assert engine.legal_actions(s, 0) == engine.legal_actions_plain(s, 0)


def test_compiled_round_end_reads_no_index_past_its_tables() -> None:
    """Tables whose masks or numbers reach the ends of a C long or 64 bits (a ``_scoring`` the
    engine did not make): the compiled scoring gives the plain answer, never a wrapped index."""
    from boomerang_rules.australia import _accel
    from boomerang_rules.australia.tables import tables_for

    t = tables_for(br.load_rules())
    scoring = list(t._scoring)
    changes: list[tuple[int, Any]] = [
        (4, 2**64 - 1), (4, 2**63), (10, 2**64 - 1), (2, 0), (2, 63), (1, (2**63 - 1, -(2**63)) + t.number[2:]),
        (1, (-(2**63), 2**63 - 1) + t.number[2:]), (1, (2**62, -(2**62)) + t.number[2:]), (5, ()), (11, (1,)),
        (12, None), (12, lambda packed: -packed), (13, ()), (14, 1), (0, (2**64 - 1,) * 28), (9, (-1, 0)),
    ]
    drafts = ((0, 1, 2), (1, 0, 3))
    for at, value in changes:
        fake = SimpleNamespace(_scoring=tuple(scoring[:at] + [value] + scoring[at + 1:]))
        for activities in ((-1, 0), (0, 1), (3, -1)):
            args = (drafts, activities, (0, 0), (0, 0))
            assert result(_accel.end_round, fake, *args) == result(Tables.end_round, fake, *args), (at, activities)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_state_holding_a_list_is_never_changed_and_both_paths_agree(players: int) -> None:
    """A tampered state whose ``taken`` is a list: the compiled code hands it to the plain code, which
    once extended that very list (``+=``), so the caller's state changed and a second call saw it doubled."""

    state = br.new_game(br.load_rules(), players, 3)
    while br.to_act(state):
        actions = [br.legal_actions(state, seat)[0] for seat in br.to_act(state)]
        tampered = rebound(state, taken=list(state.taken))
        held = list(tampered.taken)
        assert repr(engine.step(tampered, actions)) == repr(engine.step_plain(tampered, actions))
        assert tampered.taken == held
        state = br.step(state, actions)


@pytest.mark.parametrize("players", [0, 3, 2_176_936, 10**12, True])
def test_the_last_pick_with_a_players_count_not_the_games_builds_no_hands_of_that_count(players: Any) -> None:
    """The last pick of a round empties every hand: as many as the state holds, not the context's
    ``players`` (a rebound count of two million built a two-million-long tuple on one path, so the
    paths' answers differed in the test above; a trillion would take all the memory), by the
    compiled path and the plain one alike; the round's end then refuses the count."""
    lasts = [s for s in pool() if s.step == s.context.activity_step - 1 and len(engine.to_act(s)) == 1]
    assert lasts
    for s in lasts:
        odd = built(GameState, attrs.evolve(s.context, players=players), *tuple(s)[1:])
        seat, action, actions = moves(s)
        for after in (engine.apply_plain(odd, seat, action), engine.apply(odd, seat, action),
                      engine.step_plain(odd, actions), engine.step(odd, actions)):
            assert after.hands == (0,) * len(s.hands) and after.step == s.context.activity_step
        agree(odd, seat, action, actions)
