"""A seeded generator that gives the same numbers on every platform and Python version.

Python's ``random`` module promises no stable stream across versions, and a shared global
generator would make games depend on whoever else drew from it. SplitMix64 is tiny, well
studied, and its whole state is one integer, so a game state can hold it and stay immutable.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from functools import cache
from math import factorial
from typing import Any, TypeVar

from .arguments import as_id

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_TWO_64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for ``seed`` (any integer, a numpy one too, as ``new_game`` takes it; taken
    modulo 2**64)."""
    if seed.__class__ is not int:
        seed = integer_seed(seed)
    return seed & _MASK64


def integer_seed(seed: object) -> int:
    """``seed`` as an int: an int or any object with ``__index__`` (a numpy integer, a 0-d integer
    array), never a bool nor a float (every bot took only an int, so ``bot_game`` refused the numpy
    seed ``new_game`` takes); the one reading of a seed the bots and the batched engines share."""
    value = as_id(seed)
    if value is None:
        raise TypeError(f"a seed must be an integer, not {type(seed).__name__}")
    return value


def folded_state(seed: int) -> int:
    """The generator state for a non-negative ``seed`` of any size: ``seed_state`` below 2**64, and
    past it every higher 64-bit word folded in through the generator, so that ``2**64 + 7`` is not
    ``7``'s stream (``seed_state`` keeps the low word alone)."""
    seed = integer_seed(seed)
    if seed < 0:
        raise ValueError(f"folded_state needs a non-negative seed, not {seed}")
    state, rest = seed & _MASK64, seed >> 64
    while rest:
        state = next_u64(state ^ (rest & _MASK64))[1]
        rest >>= 64
    return state


def next_u64(state: int) -> tuple[int, int]:
    """Advance ``state``; return the new state and a 64-bit output."""
    state = (state + _GAMMA) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``range(n)`` (``1 <= n <= 2**64``) by rejection sampling (no modulo
    bias). The compiled twin of this function serves where ``_rng`` is built (a random bot draws
    one at every decision); tests compare the two."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    if n > _TWO_64:  # no 64-bit output would be accepted
        raise ValueError("below() needs n <= 2**64")
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
    state = shuffle(state, out)
    return state, tuple(out)


def shuffle(state: int, out: list[Any]) -> int:
    """``shuffled`` in place: permute the list ``out``; return the generator's new state."""
    n = len(out)
    if n < 2:
        return state
    return shuffler(n)(state, out)


def shuffle_plain(state: int, out: list[Any]) -> int:
    """``shuffle`` as a loop: what ``shuffler`` writes out unrolled (tests compare the two)."""
    n = len(out)
    if n < 2:
        return state
    total, width = _factorial_bits(n)
    words = -(-width // 64)
    while True:
        r = 0
        for _ in range(words):
            state = (state + _GAMMA) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            r = r << 64 | z ^ (z >> 31)
        r >>= words * 64 - width
        if r < total:
            break
    fisher_yates(r, out)
    return state


def fisher_yates(r: int, out: list[T]) -> None:
    """Shuffle ``out`` in place by the mixed-radix digits of ``r`` (below ``len(out)!``): for
    ``i`` from the last position down to 1, swap ``out[i]`` with ``out[r mod (i + 1)]``, and
    divide ``r`` by ``i + 1``. The plain statement of what ``_swaps`` does unrolled."""
    for i in range(len(out) - 1, 0, -1):
        r, j = divmod(r, i + 1)
        out[i], out[j] = out[j], out[i]


def _swap_lines(n: int) -> list[str]:
    """The body of ``fisher_yates`` for ``n`` items, unrolled two digits at a time (see ``_swaps``)."""
    lines = []
    i = n - 1
    while i >= 2:
        a, b = i + 1, i  # the radices of positions i and i - 1
        lines += [f"    r, x = divmod(r, {a * b})", f"    k, j = divmod(x, {a})",
                  f"    out[{i}], out[j] = out[j], out[{i}]", f"    out[{i - 1}], out[k] = out[k], out[{i - 1}]"]
        i -= 2
    if i == 1:
        lines += ["    j = r % 2", "    out[1], out[j] = out[j], out[1]"]
    return lines


@cache
def _swaps(n: int) -> Callable[[int, list[Any]], None]:
    """``fisher_yates`` for ``n`` items, unrolled and reading two digits at a time.

    The loop's ``divmod`` was a third of a round's end in simulations. Written out once per
    deck size, each pair of digits comes from one ``divmod`` of the big number and one of a
    small one, and every swap has its position as a constant; the permutation is the same,
    digit for digit (tests compare). (A table of digit pairs was no faster in a real loop,
    where its scattered entries are rarely in the cache.)
    """
    lines = ["def swaps(r, out):", *_swap_lines(n), "    return None"]
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # our own text, from integers only
    function: Callable[[int, list[Any]], None] = namespace["swaps"]
    return function


@cache
def shuffler(n: int) -> Callable[[int, list[Any]], int]:
    """``shuffle`` for lists of ``n >= 2`` items, for a caller that shuffles many: the compiled
    shuffle (``_rng``, up to 128 items) where it is built, else ``written_out(n)`` (tests compare
    both with ``shuffle_plain``)."""
    if _compiled is not None and n <= _compiled.MAX_ITEMS:
        return _compiled.shuffle
    return written_out(n)


@cache
def written_out(n: int) -> Callable[[int, list[Any]], int]:
    """``shuffle_plain`` for ``n >= 2`` items written out: the generator's words drawn without a
    loop, then ``_swaps``' body."""
    total, width = _factorial_bits(n)
    words = -(-width // 64)
    draw = ["        state = (state + GAMMA) & MASK",
            "        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK",
            "        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK"]
    lines = ["def shuffle(state, out):", "    while True:", *draw, "        r = z ^ (z >> 31)"]
    for _ in range(words - 1):
        lines += [*draw, "        r = r << 64 | z ^ (z >> 31)"]
    lines += [f"        r >>= {words * 64 - width}", f"        if r < {total}:", "            break"]
    lines += [*_swap_lines(n), "    return state"]
    namespace: dict[str, Any] = {"GAMMA": _GAMMA, "MASK": _MASK64}
    exec("\n".join(lines), namespace)  # our own text, from integers only
    function: Callable[[int, list[Any]], int] = namespace["shuffle"]
    return function


try:
    if os.environ.get("BOOMERANG_RULES_PURE"):
        raise ImportError("the plain Python code was asked for")
    from . import _rng as _compiled
except ImportError:  # not built (no compiler at install), or not wanted: the written-out shuffle serves
    _compiled = None  # type: ignore[assignment]

COMPILED = _compiled is not None
"""Whether the compiled shuffle and ``below`` serve (``_rng`` built, ``BOOMERANG_RULES_PURE`` not set)."""

below_plain = below
"""``below`` in Python: the reference its compiled twin is tested against."""
if _compiled is not None:
    below = _compiled.below
