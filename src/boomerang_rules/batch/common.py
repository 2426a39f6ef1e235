"""What every game's batched engine shares: argument checks, refusals, the shuffle's table and ``first_legal``.

The kernels of every game deal with ``_kernels.shuffle``, the pure engine's shuffle bit for bit
(``core.rng.shuffled``), which reads the table built here once.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from math import factorial
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from ..core.errors import IllegalAction, Problem, RulesError
from . import _kernels as k

MAX_DECK = 64
"""The largest deck a batched engine runs: a set of cards is one 64-bit mask."""


def shuffle_tables() -> npt.NDArray[np.uint64]:
    """For every n up to 64 (``_kernels.SH_*`` columns): n!'s bit width and group count, n! in
    32-bit limbs, the radix groups, and each radix's reciprocal.

    Radices n, n-1, ..., 2 are grouped greedily so that each group's product stays below 2**29:
    the shuffle then divides its big integer once per group instead of once per card, and reads
    each digit off the group's remainder x < 2**29 as ``x // P = x * ceil(2**K / P) >> K`` with
    K = 29 + ceil(log2 P): the error x / 2**K stays below 1 / P, so the quotient is exact.
    The long division by a group's product d (each step's dividend below d * 2**32 < 2**61) is
    ``x // d = mulhi(x, R) >> S`` with S = ceil(log2 d) - 1 and R = ceil(2**(64 + S) / d) < 2**64:
    R * d - 2**(64 + S) is below d <= 2**(S + 1), so the error stays below 1 / d for x < 2**63.
    """
    size = MAX_DECK + 1
    shuf = np.zeros((size, k.SH_COLUMNS), np.uint64)
    for n in range(2, size):
        total = factorial(n)
        shuf[n, k.SH_WIDTH] = total.bit_length()
        for j in range(k.SH_D - k.SH_FACT):
            shuf[n, k.SH_FACT + j] = total >> 32 * j & 0xFFFFFFFF
        groups: list[tuple[int, int]] = []
        product, count = 1, 0
        for radix in range(n, 1, -1):
            if product * radix >= 1 << 29:
                groups.append((product, count))
                product, count = 1, 0
            product *= radix
            count += 1
        groups.append((product, count))
        shuf[n, k.SH_GROUPS] = len(groups)
        radix = n
        for g, (d, c) in enumerate(groups):
            shuf[n, k.SH_D + g] = d
            shuf[n, k.SH_LEN + g] = c
            rshift = (d - 1).bit_length() - 1
            shuf[n, k.SH_RECIP + g] = -(-(1 << 64 + rshift) // d)
            shuf[n, k.SH_RSHIFT + g] = rshift
            down_to = 1  # the product of the group's radices from its first down to ``radix``
            for t in range(c):
                down_to *= radix
                if t + 1 < c:  # the quotient rem // down_to, by multiply and shift
                    shift = 29 + (down_to - 1).bit_length()  # 29 + ceil(log2(down_to))
                    shuf[n, k.SH_MAGIC + radix] = -(-(1 << shift) // down_to)
                    shuf[n, k.SH_SHIFT + radix] = shift
                radix -= 1  # the group's last radix keeps 0, 0: rem // d is 0
    return shuf


SHUFFLE = shuffle_tables()
"""The shuffle's table for every deck size up to ``MAX_DECK`` (``_kernels.shuffle``)."""

def refuse(rule: str, message: str) -> RulesError:
    """The error of a ruleset a batched engine cannot run, naming the rule it breaks."""
    return RulesError([Problem("", message, rule)], "the batched engine cannot run this ruleset:")


GAMES_OVER = "the games are over: no decisions are owed"
"""What every batch's ``step`` and ``sample_actions`` say once its games are over."""

_AXES = {1: "one per game", 2: "games, players"}


def owing(over: bool) -> None:
    """Raise ``IllegalAction`` if a batch's games are ``over``: no action is owed, so none is taken or drawn."""
    if over:
        raise IllegalAction(GAMES_OVER)


def shaped(actions: npt.ArrayLike, shape: tuple[int, ...]) -> npt.NDArray[Any]:
    """``actions`` as an array if it has ``shape``, else the ``ValueError`` naming the shape a batch takes."""
    acts = np.asarray(actions)
    if acts.shape != shape:
        raise ValueError(f"actions must have shape {shape} ({_AXES[len(shape)]}), not {acts.shape}")
    return acts


def action_ids(over: bool, actions: npt.ArrayLike, shape: tuple[int, ...]) -> npt.NDArray[np.integer[Any]]:
    """``actions`` as an integer array of ``shape``, as given (an id past 2**63 - 1 is refused as it
    was given, not wrapped), else the error every batch's ``step`` raises: ``IllegalAction`` once the
    games are ``over``, ``ValueError`` for another shape, ``TypeError`` for ids that are not integers."""
    owing(over)
    acts = shaped(actions, shape)
    if acts.dtype.kind not in "iu":
        raise TypeError(f"actions must be integer action ids, not {acts.dtype}")
    return acts


def illegal(game: int, seat: int, action: int, names: Sequence[str], legal: npt.ArrayLike,
            when: str = "now") -> IllegalAction:
    """The refusal of every batch's ``step``: game, seat, the action (its id and name) and ``when``
    it is not legal, then the names of the legal ones (``legal``: the seat's mask row)."""
    name = repr(names[action]) if 0 <= action < len(names) else "no action"
    listed = ", ".join(names[int(i)] for i in np.flatnonzero(legal))
    return IllegalAction(f"game {game}, seat {seat}: action {action} ({name}) is not legal {when}; legal: {listed}")


def players_of(rules: Any, players: object) -> int:
    """``players`` as an int if ``rules`` plays that many (a numpy integer is the int it holds, as in
    ``new_game``), else the ``TypeError`` / ``ValueError`` naming it."""
    if isinstance(players, bool) or not isinstance(players, int | np.integer):
        raise TypeError(f"players must be an integer, not {type(players).__name__}")
    players = int(players)
    low, high = rules.players.min, rules.players.max
    if not low <= players <= high:
        raise ValueError(f"{rules.id!r} is for {low} to {high} players, not {players}")
    return players


def count_of(games: object) -> int:
    """``games`` as an int, else the ``TypeError`` / ``ValueError`` naming it."""
    if isinstance(games, bool) or not isinstance(games, int | np.integer):
        raise TypeError(f"games must be an integer, not {type(games).__name__}")
    if games < 0:
        raise ValueError(f"games must be 0 or more, not {games}")
    return int(games)


def seed_of(seed: object) -> np.uint64:
    """``seed`` modulo 2**64 (as ``core.rng.seed_state``; a numpy integer is the int it holds, as
    ``new_game`` takes it), else the ``TypeError`` naming it."""
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise TypeError(f"a seed must be an integer, not {type(seed).__name__}")
    return np.uint64(int(seed) & (1 << 64) - 1)




def generator_states(states: object, games: int) -> npt.NDArray[np.uint64]:
    """``states`` if it is what ``sampler`` makes for ``games`` games (a writeable C-contiguous
    uint64 array of shape ``(games,)``), else the ``TypeError`` / ``ValueError`` naming what is
    wrong: the kernels read and advance one state a game, and must never read or write past them."""
    if not isinstance(states, np.ndarray):
        raise TypeError(f"states must be a numpy array (sampler's), not {type(states).__name__}")
    if states.dtype != np.uint64:
        raise TypeError(f"states must be uint64 (sampler's), not {states.dtype}")
    if states.shape != (games,):
        raise ValueError(f"states must have shape {(games,)} (one a game), not {states.shape}")
    if not states.flags.c_contiguous or not states.flags.writeable:
        raise ValueError("states must be a writeable C-contiguous array: sampling advances them")
    return states


def out_array(out: object, shape: tuple[int, ...], dtype: type[np.generic], name: str = "out") -> npt.NDArray[Any]:
    """``out`` if it is a writeable C-contiguous array of ``shape`` and ``dtype``, else the
    ``ValueError`` naming what is expected (a kernel writes every entry of it, and no more)."""
    if not isinstance(out, np.ndarray) or out.shape != shape or out.dtype != dtype \
            or not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError(f"{name} must be a writeable C-contiguous {np.dtype(dtype).name} array of shape {shape}")
    return out


def observation_buffers(offsets: object, obs: object, extents: tuple[int, ...], games: int, players: int,
                        dtype: type[np.generic]) -> tuple[npt.NDArray[np.int64], npt.NDArray[Any]]:
    """``offsets`` and ``obs`` if an observation kernel may write through them, else the
    ``ValueError`` naming what is wrong: ``obs`` a writeable C-contiguous ``dtype`` array of shape
    ``(games, players, size)``, ``offsets`` int64, one a slice, each slice's ``extents`` entry (the
    most cells the kernel writes from its offset) within ``size``. The kernels index without bounds
    checks, so this is what keeps every write inside ``obs``."""
    if not isinstance(obs, np.ndarray) or obs.ndim != 3 or obs.shape[:2] != (games, players) \
            or obs.dtype != dtype or not obs.flags.c_contiguous or not obs.flags.writeable:
        raise ValueError(f"obs must be a writeable C-contiguous {np.dtype(dtype).name} array of shape "
                         f"{(games, players)} + (observation size,)")
    if not isinstance(offsets, np.ndarray) or offsets.dtype != np.int64 or offsets.shape != (len(extents),) \
            or not offsets.flags.c_contiguous:
        raise ValueError(f"offsets must be a C-contiguous int64 array of shape {(len(extents),)} (one a slice)")
    size = obs.shape[2]
    for i, (start, extent) in enumerate(zip(offsets.tolist(), extents)):
        if start < 0 or start + extent > size:
            raise ValueError(f"offsets[{i}] = {start}: its slice of {extent} cells must lie within the "
                             f"observation's {size}")
    return offsets, obs


def observation_bounds(bounds: object, size: int) -> npt.NDArray[np.float64]:
    """``bounds`` if it is one float64 bound a cell of an observation of ``size`` cells (C-contiguous),
    else the ``ValueError``: what the observation kernels divide each number by."""
    if not isinstance(bounds, np.ndarray) or bounds.dtype != np.float64 or bounds.shape != (size,) \
            or not bounds.flags.c_contiguous:
        raise ValueError(f"bounds must be a C-contiguous float64 array of shape {(size,)} (one a cell)")
    return bounds


_NO_MEMO = np.zeros((0, 0, 0), np.uint64)
"""The memo of an ``observe_into`` without one: no columns, so the kernel writes every cell."""


def observe_arrays(offsets: object, bounds: object, obs: object, skip: object, memo: object, extents: tuple[int, ...],
                   memo_width: int, games: int, players: int) -> tuple[Any, Any, Any, Any, Any]:
    """The arrays of a game of turns' ``observe_into``, checked: ``offsets`` and ``obs`` (float32,
    ``observation_buffers``), ``bounds`` (``observation_bounds``), ``skip`` (one bool a game; None:
    none skipped) and ``memo`` (``observation_memo``'s shape and type; None: none), else the
    ``ValueError`` naming what is wrong."""
    offsets, obs = observation_buffers(offsets, obs, extents, games, players, np.float32)
    bounds = observation_bounds(bounds, obs.shape[2])
    skip = np.zeros(games, np.bool_) if skip is None else out_array(skip, (games,), np.bool_, "skip")
    memo = _NO_MEMO if memo is None else out_array(memo, (games, players, memo_width), np.uint64, "memo")
    return offsets, bounds, obs, skip, memo


def sampler(games: int, seed: int) -> npt.NDArray[np.uint64]:
    """The generator states of a game's ``sample_actions``, game g's seeded from ``seed + g``
    (apart from its dealer's stream: ``_kernels.sample_seed``)."""
    states = np.empty(count_of(games), np.uint64)
    k.sample_seed(seed_of(seed), states)
    return states


def first_legal(masks: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """The lowest legal action id of every row of ``masks`` (``legal_masks``' bools, the actions
    on the last axis), int64 of shape ``masks.shape[:-1]``: ``masks.argmax(axis=-1)``, 0 where a
    row has none (a seat owing no decision, which ``step`` does not read), so ``step`` takes it as
    it is. Compiled (``_kernels.first_legal``): a fraction of numpy's ``argmax`` of bools, which
    was a third of the time of the step API's bench loop. ``bench_step_api``'s policy."""
    m = np.asarray(masks)
    if m.dtype != np.bool_:
        raise TypeError(f"masks must be bools (legal_masks'), not {m.dtype}")
    if m.ndim == 0 or m.shape[-1] == 0:
        raise ValueError(f"masks must have at least one action on their last axis, not shape {m.shape}")
    m = np.ascontiguousarray(m)
    out = np.empty(m.shape[:-1], np.int64)
    k.first_legal(m.reshape(-1), m.shape[-1], sys.byteorder == "little", out.reshape(-1))
    return out


def played_out(games: int, room: int, record: bool,
               run: Callable[[int, npt.NDArray[np.int16], npt.NDArray[np.int64]], int]
               ) -> npt.NDArray[np.int16] | None:
    """Run a ``playouts`` kernel of games of uneven length: ``run(start, buf, ends)`` plays games
    ``start`` on, recording game g's ids in ``buf`` up to ``ends[g]`` when ``record``, and returns the
    first game that did not fit (``games`` when all did); the buffer then doubles and play goes on
    from that game. Returns the ids as ``(games, longest)`` padded with -1 (None unless ``record``)."""
    ends = np.zeros(max(games, 1), np.int64)
    buf = np.zeros(room * max(games, 1) if record else 0, np.int16)
    start = 0
    while start < games:
        start = run(start, buf, ends)
        if start < games:
            buf = np.concatenate([buf, np.zeros_like(buf)])
    if not record:
        return None
    lengths = np.diff(ends[:games], prepend=0)
    out = np.full((games, int(lengths.max(initial=0))), -1, np.int16)
    begin = 0
    for g in range(games):
        out[g, :lengths[g]] = buf[begin:ends[g]]
        begin = int(ends[g])
    return out


class GamesBatch:
    """What the batches of the games played a decision at a time share: how many games, and which are
    over. A batch class names the column of ``gi`` where its kernels keep each game's phase
    (``PHASE``) and the phase of a finished game (``OVER``)."""

    __slots__ = ()
    PHASE: ClassVar[int]
    OVER: ClassVar[int]
    totals: npt.NDArray[Any]
    gi: npt.NDArray[Any]

    @property
    def games(self) -> int:
        return int(self.totals.shape[0])

    @property
    def ended(self) -> npt.NDArray[np.bool_]:
        """Which games are over, ``(games,)``."""
        ended: npt.NDArray[np.bool_] = self.gi[:, self.PHASE] == self.OVER
        return ended

    @property
    def over(self) -> bool:
        """Whether every game is over."""
        return bool(self.ended.all())
