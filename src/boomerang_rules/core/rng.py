"""A seeded generator that gives the same numbers on every platform and Python version.

Python's ``random`` module promises no stable stream across versions, and a shared global
generator would make games depend on whoever else drew from it. SplitMix64 is tiny, well
studied, and its whole state is one integer, so a game state can hold it and stay immutable.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from math import factorial
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for ``seed`` (any integer; taken modulo 2**64)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed must be an integer, not {type(seed).__name__}")
    return seed & _MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Advance ``state``; return the new state and a 64-bit output."""
    state = (state + _GAMMA) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``range(n)`` by rejection sampling (no modulo bias)."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    limit = (1 << 64) - (1 << 64) % n
    while True:
        state, x = next_u64(state)
        if x < limit:
            return state, x % n


@cache
def _factorial_bits(n: int) -> tuple[int, int]:
    total = factorial(n)
    return total, total.bit_length()


def shuffled(state: int, items: Iterable[T]) -> tuple[int, tuple[T, ...]]:
    """A uniform random permutation of ``items``; return the new state and the shuffled tuple.

    One uniform integer below n! (whole 64-bit outputs, rejection sampled) is read as the
    mixed-radix digits of a Fisher-Yates shuffle: a handful of generator steps instead of one
    per card, which matters when every round of a simulated game is dealt.
    """
    out = list(items)
    n = len(out)
    if n < 2:
        return state, tuple(out)
    total, width = _factorial_bits(n)
    while True:
        r = got = 0
        while got < width:
            state, x = next_u64(state)
            r = r << 64 | x
            got += 64
        r >>= got - width
        if r < total:
            break
    for i in range(n - 1, 0, -1):
        r, j = divmod(r, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, tuple(out)
