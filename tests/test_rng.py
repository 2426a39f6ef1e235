"""The dealer's generator: SplitMix64's published outputs, and fair, stable shuffles."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boomerang_rules.core import rng


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
