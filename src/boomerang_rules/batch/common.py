"""What every game's batched engine shares: argument checks, refusals, the shuffle's table and ``first_legal``.

The kernels of every game deal with ``_kernels.shuffle``, the pure engine's shuffle bit for bit
(``core.rng.shuffled``), which reads the table built here once.
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Callable, Sequence
from math import factorial
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from ..core.arguments import PLAIN_SEED_BITS, brief, optional_seed
from ..core.errors import IllegalAction, Problem, RulesError
from ..core.rng import integer_seed
from ..core.seats import plays_for
from . import _kernels as k
from .memory import fitting

MAX_DECK = 64
"""The largest deck a batched engine runs: a set of cards is one 64-bit mask."""


GROUP_LIMIT = 1 << 63
"""Every radix group's product is below this: its normalized divisor then needs a shift of 1 or more."""


def radix_groups(n: int) -> list[tuple[int, int]]:
    """The radices n, n-1, ..., 2 grouped greedily as (product, count), each product below
    ``GROUP_LIMIT``: the shuffle divides its big integer once per group, not once per card."""
    groups: list[tuple[int, int]] = []
    product, count = 1, 0
    for radix in range(n, 1, -1):
        if product * radix >= GROUP_LIMIT:
            groups.append((product, count))
            product, count = 1, 0
        product *= radix
        count += 1
    groups.append((product, count))
    return groups


def shuffle_tables() -> npt.NDArray[np.uint64]:
    """For every n up to 64 (``_kernels.SH_*`` columns): n!'s bit width, word count and 64-bit
    words, the radix groups (``radix_groups``: each product d, its reciprocal and normalizing
    shift, its count of radices) and for each radix r the product of its group's radices below r.

    Why ``_kernels.shuffle`` is exact with them. The long division by d (d < 2**63, normalized to
    d' = d << s with s >= 1 so that its top bit is set) takes a step of Moller and Granlund's
    algorithm 4 per limb with the reciprocal v = (2**128 - 1) // d' - 2**64 < 2**64: exact for
    every two-limb dividend below d' * 2**64, which holds as each remainder is below d. A group's
    digits are those of its remainder x < d: x = a_1 + r_1 * (a_2 + r_2 * (...)) with radices
    r_1 > r_2 > ... of product d. ``_kernels.fraction`` gives F = r + mulhi(r, v) + 2 with
    r = x * 2**s: with V = 2**64 + v, V * d' lies in (2**128 - 1 - d', 2**128), so r * V / 2**64
    lies in (x * 2**64 / d - 1, x * 2**64 / d] (r < d' < 2**64), its floor r + mulhi(r, v) is
    below x * 2**64 / d by less than 2, and F lies in [x * 2**64 / d, x * 2**64 / d + 2]: below
    (x + 1) * 2**64 / d, as 2**64 / d > 2. So y = F / 2**64 lies in [x / d, x / d + 1 / d).
    For a product Q of the group's last radices (r_c, r_c * r_(c-1), ...), Q * x / d has
    fractional part a multiple of Q / d, at most 1 - Q / d, so Q * y, less than Q / d above it,
    has the same integer part: the digits read from y as from x / d. The digit of radix r is
    floor(r * frac(P * y)), P the product of the radices below r (``SH_PRE + r``): frac(P * y) *
    2**64 is F * P mod 2**64 exactly, and the digit the high word of its product with r.
    """
    size = MAX_DECK + 1
    shuf = np.zeros((size, k.SH_COLUMNS), np.uint64)
    for n in range(2, size):
        total = factorial(n)
        width = total.bit_length()
        words = -(-width // 64)
        groups = radix_groups(n)
        if words > k.SH_D - k.SH_FACT or len(groups) > k.SH_MAX_GROUPS:  # pragma: no cover - the table's own sizes
            raise AssertionError(f"the shuffle's table has no room for {n} cards")
        shuf[n, k.SH_WIDTH] = width
        shuf[n, k.SH_WORDS] = words
        for j in range(words):
            shuf[n, k.SH_FACT + j] = total >> 64 * j & (1 << 64) - 1
        shuf[n, k.SH_GROUPS] = len(groups)
        radix = n
        for g, (d, count) in enumerate(groups):
            norm = 64 - d.bit_length()
            shuf[n, k.SH_D + g] = d << norm
            shuf[n, k.SH_RECIP + g] = ((1 << 128) - 1) // (d << norm) - (1 << 64)
            shuf[n, k.SH_NORM + g] = norm
            shuf[n, k.SH_LEN + g] = count
            below = 1
            for r in range(radix - count + 1, radix + 1):
                shuf[n, k.SH_PRE + r] = below
                below *= r
            radix -= count
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
    """``actions`` as an array if it has ``shape``, else the ``ValueError`` naming the shape a batch takes.

    Anything numpy reads as an array is one: a sequence, or a typed buffer (a ``memoryview``, an
    ``array.array``), read by its item type as an array of that dtype is. A string or a byte string is
    the ``TypeError`` the plain engine's ``step`` gives it (``core.seats.step_actions``): numpy read a
    ``bytearray`` as uint8 ids, one a byte."""
    if isinstance(actions, str | bytes | bytearray):
        raise TypeError(f"actions must be integer action ids, not {type(actions).__name__}")
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
    typed = _typed(actions)
    if acts.dtype.kind in "fO" and not typed:
        acts = _python_ids(acts, actions)
    elif acts.dtype.kind in "iu" and not typed and _holds_bool(actions):
        raise TypeError("actions must be integer action ids, not bool")
    if acts.dtype.kind not in "iu":
        raise TypeError(f"actions must be integer action ids, not {acts.dtype}")
    return acts


def _typed(actions: npt.ArrayLike) -> bool:
    """Whether ``actions`` is an array or a typed buffer (a ``memoryview``, an ``array.array``): numpy
    reads its items by their type, so its dtype says what they are (a float buffer's ids are floats,
    refused as an array's), not Python objects to read one by one."""
    if isinstance(actions, np.ndarray):
        return True
    try:
        memoryview(actions)  # type: ignore[arg-type]
    except (TypeError, ValueError, BufferError):
        return False
    return True


def _holds_bool(actions: npt.ArrayLike) -> bool:
    """Whether a sequence numpy made an integer array of holds a bool (Python's or numpy's), which it
    read as 1 or 0: ids as the plain engine takes them are never bools."""
    return any(isinstance(v, bool | np.bool_) for v in np.asarray(actions, dtype=object).flat)


def _python_ids(acts: npt.NDArray[Any], actions: npt.ArrayLike) -> npt.NDArray[Any]:
    """Python ints that numpy held as floats or objects (one past int64's range among them), as an
    int64 array with those ids -1, so that the step's check refuses them as no action, quoting
    the id as given (read back from ``actions``), as it does an id past 2**63 - 1 in a uint64 array;
    ``acts`` as it is if any item is no int (a float, a bool), for the ``TypeError``."""
    given = np.asarray(actions, dtype=object)
    if not all(type(v) is int for v in given.flat):
        return acts
    return np.array([v if -2**63 <= v < 2**63 else -1 for v in given.flat], np.int64).reshape(given.shape)


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
        raise ValueError(f"{plays_for(rules)}, not {players}")
    return players


def count_of(games: object) -> int:
    """``games`` as an int, else the ``TypeError`` / ``ValueError`` naming it."""
    if isinstance(games, bool) or not isinstance(games, int | np.integer):
        raise TypeError(f"games must be an integer, not {type(games).__name__}")
    if games < 0:
        raise ValueError(f"games must be 0 or more, not {games}")
    return int(games)


def flag(value: object, name: str) -> bool:
    """``value`` if it is a bool (numpy's too, as the bool it holds), else the ``TypeError`` naming it:
    a kernel given another type (``1``, ``None``, ``"yes"``) was compiled again for it (25 s), and
    took any of them as a flag."""
    if not isinstance(value, bool | np.bool_):
        raise TypeError(f"{name} must be True or False, not {brief(value)}")
    return bool(value)


def seed_of(seed: object, games: int = 1) -> np.uint64:
    """``seed`` modulo 2**64 (as ``core.rng.seed_state``; a numpy integer or 0-d integer array is the
    int it holds, as ``new_game`` takes it), else the ``TypeError`` naming it, or ``new_game``'s ``ValueError`` when a
    game's seed, ``seed + i`` for ``i`` below ``games``, has more digits than a record holds: the
    kernels dealt from it modulo 2**64 the games ``new_game`` (and so ``generic``) refuses."""
    seed = integer_seed(seed)  # a 0-d integer array too, as new_game and the bots take it
    if seed.bit_length() > PLAIN_SEED_BITS:  # a seed of 300 digits or more: the ends of the batch's seeds checked
        optional_seed(seed)
        optional_seed(seed + max(games, 1) - 1)
    return np.uint64(seed & (1 << 64) - 1)


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


def unshared(reads: tuple[tuple[str, npt.NDArray[Any]], ...], writes: tuple[tuple[str, npt.NDArray[Any]], ...]
             ) -> None:
    """The ``ValueError`` naming an array a kernel reads (offsets, actions it checked, generator states) that
    shares memory with one it writes: one laid over the other changed what the kernel read mid-call
    (offsets past ``obs``: a write out of the array, a segmentation fault); or two arrays it writes that
    share memory (``rewards`` over ``obs``, ``masks`` over ``obs``): each write spoilt the other's cells,
    and the kernels that write only what changed never wrote them again. The arrays are the checked
    C-contiguous ones, whose bounds overlap only where they do; one bounds test a pair (under a
    microsecond), not the exact ``np.shares_memory``."""
    for name, read in reads:
        for other, written in writes:
            if read is not written and np.may_share_memory(read, written):
                raise ValueError(f"{name} and {other} share memory: a kernel writes one as it reads the other "
                                 "(give each its own array)")
    for i, (name, written) in enumerate(writes):
        for other, also in writes[i + 1:]:
            if written is not also and np.may_share_memory(written, also):
                raise ValueError(f"{name} and {other} share memory: a kernel writes both, one over the other "
                                 "(give each its own array)")


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
    unshared((("offsets", offsets), ("bounds", bounds), ("skip", skip), ("memo", memo)), (("obs", obs), ("memo", memo)))
    return offsets, bounds, obs, skip, memo


def sampler(games: int, seed: int) -> npt.NDArray[np.uint64]:
    """The generator states of a game's ``sample_actions``, game g's seeded from ``seed + g``
    (apart from its dealer's stream: ``_kernels.sample_seed``)."""
    states = np.empty(fitting(count_of(games), 8, "a sampler"), np.uint64)
    k.sample_seed(seed_of(seed, len(states)), states)
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
    flat = m.reshape(-1).view()
    flat.flags.writeable = False  # one kernel for every mask: numba types a read-only array apart
    k.first_legal(flat, m.shape[-1], sys.byteorder == "little", out.reshape(-1))
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


def read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """A view of ``array`` that cannot be written through, nor made writeable again (it is made over a
    read-only buffer): what a batch shows of the arrays its kernels write, which they index unchecked."""
    view: npt.NDArray[Any] = np.asarray(array.data.toreadonly())
    return view


class Shown:
    """A batch's field as its users see it: the private slot ``_<name>`` shown read-only (an array as
    ``read_only``'s view, a tuple with its arrays so, anything else as it is) and never assigned
    from outside. A compiled ruleset's tables are shown so too.

    The kernels index the batch's arrays without bounds checks and trust its counts (a game's seat to
    act, the live games, the masks that step checks actions by): a user writing one could make a
    step apply an illegal action or write past an array. The engines use the private slots; reading
    a field this way costs a view (a microsecond), never the step loop."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name, self.private = name, f"_{name}"

    def __get__(self, batch: object, owner: type | None = None) -> Any:
        if batch is None:
            return self
        value = getattr(batch, self.private)
        if isinstance(value, np.ndarray):
            return read_only(value)
        if type(value) is tuple:  # a ruleset's tables, shared by every batch of it
            return tuple(read_only(v) if isinstance(v, np.ndarray) else v for v in value)
        return value

    def __set__(self, batch: object, value: object) -> None:
        raise AttributeError(f"{type(batch).__name__}.{self.name} is read-only: only the engine's step changes it")


def copied(batch: Any) -> Any:
    """A batch's ``__copy__``: a deep copy. A batch is its arrays and counts together, and a shallow
    copy would share the arrays but not the counts, so stepping either corrupted both."""
    return copy.deepcopy(batch)


class GamesBatch:
    """What the batches of the games played a decision at a time share: how many games, and which are
    over. A batch class names the column of ``gi`` where its kernels keep each game's phase
    (``PHASE``) and the phase of a finished game (``OVER``)."""

    __slots__ = ()
    PHASE: ClassVar[int]
    OVER: ClassVar[int]
    _totals: npt.NDArray[Any]
    _gi: npt.NDArray[Any]

    @property
    def games(self) -> int:
        return int(self._totals.shape[0])

    @property
    def ended(self) -> npt.NDArray[np.bool_]:
        """Which games are over, ``(games,)``."""
        ended: npt.NDArray[np.bool_] = self._gi[:, self.PHASE] == self.OVER
        return ended

    __copy__ = copied

    @property
    def over(self) -> bool:
        """Whether every game is over."""
        return bool(self.ended.all())
