"""The dealer's generator: SplitMix64's published outputs, and fair, stable shuffles."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boomerang_rules.core import rng

from .helpers import built


def test_splitmix64_reference_outputs() -> None:
    state = rng.seed_state(0)
    outputs = []
    for _ in range(3):
        state, value = rng.next_u64(state)
        outputs.append(value)
    assert outputs == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_seed_must_be_an_integer() -> None:
    with pytest.raises(TypeError):
        rng.seed_state(True)
    with pytest.raises(TypeError):
        rng.seed_state(1.5)  # type: ignore[arg-type]
    assert rng.seed_state(-1) == 2**64 - 1
    np = pytest.importorskip("numpy")  # an integer type numpy users hold
    assert rng.seed_state(np.int64(-1)) == rng.seed_state(np.uint64(2**64 - 1)) == 2**64 - 1  # as new_game reads them
    assert rng.folded_state(np.uint8(7)) == rng.folded_state(7)
    with pytest.raises(TypeError, match="not float64"):
        rng.seed_state(np.float64(1.0))


@given(st.integers(0, 2**64 - 1), st.integers(1, 2**64 - 1), st.integers(1, 2**64 - 1))
def test_folded_state_is_seed_state_below_2_64_and_counts_the_word_past_it(low: int, high: int, other: int) -> None:
    assert rng.folded_state(low) == rng.seed_state(low)
    # one word past the low one: the generator's output of (low ^ high), one-to-one in high
    assert rng.folded_state((high << 64) | low) == rng.next_u64(low ^ high)[1]
    assert (rng.folded_state((high << 64) | low) == rng.folded_state((other << 64) | low)) == (high == other)


def test_folded_state_separates_seeds_that_share_their_low_word() -> None:
    states = {rng.folded_state(7 + (k << 64)) for k in range(1000)}
    assert len(states) == 1000 and rng.folded_state(2**64 + 7) != rng.seed_state(7)
    with pytest.raises(ValueError, match="non-negative"):
        rng.folded_state(-1)
    with pytest.raises(TypeError):
        rng.folded_state(True)


@given(st.integers(), st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation_and_repeatable(seed: int, items: list[int]) -> None:
    state = rng.seed_state(seed)
    after, out = rng.shuffled(state, items)
    assert sorted(out) == sorted(items)
    assert rng.shuffled(state, items) == (after, out)


def test_shuffle_is_roughly_uniform() -> None:
    state = rng.seed_state(42)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        state, out = rng.shuffled(state, (0, 1, 2))
        counts[out] += 1
    assert len(counts) == 6
    assert all(850 < n < 1150 for n in counts.values())


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=2**40))
def test_below_is_in_range(seed: int, n: int) -> None:
    _, value = rng.below(seed, n)
    assert 0 <= value < n


# --- The compiled generator (core/_rng.c) against the plain one ----------------------------------
# ``shuffle_plain`` and ``below_plain`` are the reference; the compiled twins must give the same
# result, or the same exception type and words, on every input: any int state (negative, past
# 2**64), bools, int subclasses (which may change their arithmetic), non-ints, lists of any length
# (past the compiled 128 items too) or not lists at all, keywords and the wrong number of arguments.
# They run under ``PYTHONMALLOC=debug`` in CI as well (docs/testing.md).

compiled_only = pytest.mark.skipif(not rng.COMPILED, reason="the compiled generator (core/_rng) is not built here")


class Odd(int):
    """An int subclass whose arithmetic is its own: only the plain code may judge it."""

    def __add__(self, other: object) -> int:
        return int(self) + int(other) + 1  # type: ignore[call-overload,no-any-return]

    def __and__(self, other: object) -> int:
        return int(self) & int(other) & ~1  # type: ignore[call-overload,no-any-return]


class Plain(int):
    """An int subclass that changes nothing."""


def outcome(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[str, Any]:
    """What a call gives: its result, or its exception's type and words."""
    try:
        return "ok", function(*args, **kwargs)
    except Exception as error:  # the comparison is of any exception, whatever it is
        return type(error).__name__, str(error)


def shuffles_alike(state: Any, items: Any) -> None:
    """The compiled shuffle and the plain one: the same state back (or error), the same order."""
    from boomerang_rules.core import _rng

    fast, plain = (list(items), list(items)) if isinstance(items, list) else (items, items)
    assert outcome(_rng.shuffle, state, fast) == outcome(rng.shuffle_plain, state, plain), (state, items)
    assert fast == plain
    if isinstance(items, list) and len(items) >= 2 and type(state) in (int, bool):
        again = list(items)
        assert outcome(rng.shuffler(len(items)), state, again) == outcome(rng.shuffle_plain, state, list(items))


any_state = st.one_of(
    st.integers(), st.integers(0, 2**64 - 1), st.integers(-(2**64), -1), st.integers(2**64, 2**200), st.booleans(),
    st.builds(Odd, st.integers(-5, 2**70)), st.builds(Plain, st.integers()), st.none(), st.floats(allow_nan=False),
    st.text(max_size=2), st.just(()))
any_items = st.one_of(st.lists(st.integers(), max_size=40), st.lists(st.none(), min_size=30, max_size=36),
                      st.lists(st.integers(), min_size=100, max_size=140),
                      st.tuples(st.integers(), st.integers()), st.text(max_size=3), st.none())


@compiled_only
@settings(max_examples=400, deadline=None)
@given(any_state, any_items)
def test_compiled_shuffle_is_the_plain_one_on_every_input(state: Any, items: Any) -> None:
    shuffles_alike(state, items)


@compiled_only
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
    # States shuffle_plain takes, which the compiled one refused once (OverflowError, TypeError), and
    # lists past its 128 items (ValueError once, past 34): now the plain answer, for each.
    odd: list[tuple[Any, Any]] = [(1.0, []), (1.0, [1, 2]), (1, ()), (-1, [1, 2]), (2**64, [1, 2]), (True, [1, 2, 3]),
                                  (False, [1, 2]), (-(2**100), list(range(20))), (Odd(3), [1, 2, 3]),
                                  (Plain(7), [1, 2]), (None, [1]), (None, [1, 2]), (1, list(range(35))),
                                  (2**64 + 5, list(range(60))), (3, list(range(129))), (2**64 + 5, list(range(200)))]
    for state, items in odd:
        shuffles_alike(state, items)
    assert _rng.shuffle(-1, [1, 2]) == rng.shuffle_plain(2**64 - 1, [1, 2])  # taken modulo 2**64
    assert _rng.shuffle(None, []) is None  # type: ignore[arg-type]  # nothing to shuffle: the state back, whatever it is
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((), {}), ((1,), {}), ((1, [1, 2], 3), {}), ((), {"state": 1, "out": [1, 2]}), ((1,), {"out": [3, 1]}),
        ((1, [1, 2]), {"extra": 1})]
    for args, kwargs in calls:
        assert outcome(_rng.shuffle, *args, **kwargs) == outcome(rng.shuffle_plain, *args, **kwargs), (args, kwargs)


@compiled_only
@settings(max_examples=400, deadline=None)
@given(any_state, st.one_of(st.integers(), st.integers(1, 2**64), st.integers(2**63 - 2, 2**64 + 2), st.booleans(),
                            st.builds(Odd, st.integers(-2, 2**65)), st.builds(Plain, st.integers(-2, 2**65)),
                            st.floats(allow_nan=False), st.none()))
def test_compiled_below_is_the_plain_one_on_every_input(state: Any, n: Any) -> None:
    from boomerang_rules.core import _rng

    assert outcome(_rng.below, state, n) == outcome(rng.below_plain, state, n), (state, n)


@compiled_only
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
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((), {}), ((1,), {}), ((1, 3, 4), {}), ((), {"state": 1, "n": 3}), ((1,), {"n": 2**64}), ((1, 3), {"k": 1})]
    for args, kwargs in calls:
        assert outcome(_rng.below, *args, **kwargs) == outcome(rng.below_plain, *args, **kwargs), (args, kwargs)


@compiled_only
@pytest.mark.parametrize("players", [3, 4])
def test_a_game_dealt_from_an_odd_generator_state_deals_as_the_plain_code(players: int,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The deal path: a ``progress.rng`` the engine did not make (negative, past 2**64, a bool, an
    int subclass) reaches the compiled shuffle at the next round's deal; it deals as the
    written-out shuffle does (the compiled one raised OverflowError there before)."""
    import attrs

    import boomerang_rules as br
    from boomerang_rules.australia import engine

    base = br.new_game(br.load_rules(), players, 11)
    for odd in (-1, -(2**90), 2**64 + 3, 2**100, True, Plain(5), Odd(9)):
        progress = attrs.evolve(base.progress, rng=odd)
        context = attrs.evolve(base.context, progress=progress)
        s = built(br.GameState, context, *tuple(base)[1:])
        outcomes = []
        for shuffler in (rng.shuffler, rng.written_out):
            monkeypatch.setattr(rng, "shuffler", shuffler)
            t = s
            while t.round == 0 and not br.is_over(t):
                t = engine.step_plain(t, [engine.legal_actions_plain(t, seat)[0] for seat in engine.to_act(t)])
            outcomes.append((t.hands, t.progress.rng, t.progress.leftover))
        assert outcomes[0] == outcomes[1], odd
