"""A batched engine for Boomerang: Australia: thousands of games at once in compiled code.

Needs the optional extra ``batch`` (numba and numpy): ``pip install 'boomerang-rules[batch]'``.
Two ways in:

- ``playouts`` plays whole games inside one compiled loop (random or lowest legal actions)
  and returns every seat's totals, for simulations of millions of games;
- ``init`` / ``legal_masks`` / ``step`` / ``totals``: a step API for reinforcement learning,
  every game of the batch advancing one simultaneous step per call, actions chosen outside;
  ``observe_start`` / ``step_observe`` keep every seat's ``rl.observe`` observation and legal
  actions in caller-owned arrays up to date in place (``rl.vector.VectorEnv`` is built on
  them), and ``sampler`` / ``sample_actions`` draw uniformly random legal actions.

Game ``i`` of a batch is dealt exactly as ``new_game(rules, players, seed=seed + i)``, and the
scoring is the pure engine's, read from the same compiled tables (``australia.tables``);
tests replay batched games through the pure engine to keep the two one set of rules.
Actions are the pure engine's integer ids (``br.action_id``): the cards in sorted id order,
then the activities in ruleset order, then ``"none"``. Everything runs on one thread, the caller's (``THREADS``).

```pycon
>>> import boomerang_rules as br
>>> from boomerang_rules import batch
>>> totals = batch.playouts(br.load_rules(), players=4, games=1000, seed=1)
>>> totals.shape
(1000, 4)

```
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Literal, overload

import attrs
import numpy as np
import numpy.typing as npt

from ..australia.rules import Ruleset
from ..australia.tables import Tables, tables_for
from ..core.arguments import brief
from ..core.arguments import duration as _duration
from . import _kernels as k
from .common import MAX_DECK, Shown
from .common import SHUFFLE as _SHUFFLE
from .common import action_ids as _action_ids
from .common import copied as _copied
from .common import count_of as _count
from .common import first_legal as _first_legal
from .common import flag as _flag
from .common import generator_states as _generator_states
from .common import illegal as _illegal
from .common import observation_buffers as _observation_buffers
from .common import out_array as _out_array
from .common import owing as _owing
from .common import players_of as _players
from .common import refuse as _refuse
from .common import seed_of as _seed
from .common import unshared as _unshared
from .memory import fitting as _fitting

THREADS = 1
"""How many threads ``playouts`` and ``step`` use: one, the caller's (no parallel kernels)."""

GAME = "boomerang-australia"

LOCKSTEP = True
"""Every seat of every game acts at every step and the games end together (``batch.over``): a vector
env drives ``observe_start`` and ``step_observe``, which write the observations as the games step (an
engine without ``LOCKSTEP`` is stepped per seat owing a decision: ``seat_actions``, ``observe_into``)."""

OBSERVATION_SLICES = ("hand", "throw", "held", "face_up", "sites", "round", "step", "regions_taken",
                      "activities_used", "scores")
"""The observation's slices the kernels write, in the order of ``_kernels.O_*``: the offsets
``observe_start`` and ``step_observe`` take, one a slice."""

_POLICIES = {"random": 0, "lowest": 1}

IntArray = npt.NDArray[np.int32]



U64Array = npt.NDArray[np.uint64]
I64Array = npt.NDArray[np.int64]


@attrs.frozen(eq=False)
class Compiled:
    """A ruleset's tables as the kernels read them (cards numbered by action id)."""

    rules: Ruleset
    tables: Tables
    names: tuple[str, ...]
    _ti: I64Array
    """The scalars, ``_kernels.T_*`` rows (``ti``: read-only)."""
    _sc: tuple[I64Array, U64Array, I64Array, U64Array, I64Array, U64Array, I64Array, U64Array]
    """Scoring (see ``_kernels``): throw numbers; collection masks and values; animal masks and
    values; activity masks and points by icon count; region masks (``sc``: read-only)."""

    ti = Shown()
    """The scalars, read-only: every batch of the ruleset shares them, indexed unchecked."""

    sc = Shown()
    """The scoring tables, read-only: every batch of the ruleset shares them, indexed unchecked."""

    def shifts(self, players: int) -> I64Array:
        """How far hands move each round: seat p's kept hand goes to seat p + shift."""
        return np.array([d % players for d in self.tables.directions], np.int64)


def _masks(kinds: list[int], count: int) -> U64Array:
    """For each kind 0..count-1, the mask of the cards (by index) of that kind (-1: none)."""
    return np.array([sum(1 << i for i, kind in enumerate(kinds) if kind == want) for want in range(count)],
                    np.uint64)


@lru_cache(maxsize=16)
def _compile_cached(rules: Ruleset) -> Compiled:
    t = tables_for(rules)
    names = t.action_names  # the ids of ``br.action_id``, shared with the pure engine:
    assert names[:t.deck_size] == t.ids  # a card's id is its index in the tables
    ti = np.zeros(k.T_SIZE, np.int64)
    ti[k.T_DECK] = t.deck_size
    ti[k.T_HAND] = t.hand_size
    ti[k.T_ROUNDS] = t.rounds
    ti[k.T_KINDS] = len(t.activity_kinds)
    ti[k.T_LIMIT] = t.double_limit
    ti[k.T_SITE_POINTS] = t.site_points
    ti[k.T_REGION_BONUS] = t.region_bonus
    ti[k.T_WITH_THROW] = t.sites_include_throw
    ti[k.T_RESHUFFLE] = t.reshuffle
    values = sorted(set(t.collection_value) - {0})
    table = list(t.activity_table) + [0] * max(0, t.hand_size + 1 - len(t.activity_table))
    sc = (np.array(t.number, np.int64),
          _masks([values.index(v) if v else -1 for v in t.collection_value], len(values)),
          np.array(values, np.int64),
          _masks(list(t.animal), len(t.animal_values)),
          np.array(t.animal_values, np.int64),
          _masks(list(t.activity), len(t.activity_kinds)),
          np.array(table, np.int64),
          np.array(t.region_masks, np.uint64))
    return Compiled(rules, t, names, ti, sc)


def compile_rules(rules: Ruleset) -> Compiled:
    """The kernels' arrays for ``rules``; ``RulesError`` naming the reason if it cannot run here."""
    if not isinstance(rules, Ruleset) or getattr(rules, "game", None) != GAME:
        game = getattr(rules, "game", type(rules).__name__)
        raise _refuse("batch-game", f"it runs only {GAME} rulesets, not {game!r}")
    if len(rules.cards) > MAX_DECK:
        raise _refuse("batch-deck-size", f"{rules.id!r} has a deck of {len(rules.cards)} cards; hands are 64-bit "
                                         f"masks here, so at most {MAX_DECK} cards")
    return _compile_cached(rules)


def num_actions(rules: Ruleset) -> int:
    """How many action ids ``rules`` has (``br.num_actions``): its cards, activities and ``"none"``."""
    return len(compile_rules(rules).names)


def action_names(rules: Ruleset) -> tuple[str, ...]:
    """The action each id stands for: ``action_names(rules)[i] == br.action_of(rules, i)``."""
    return compile_rules(rules).names


def decisions(rules: Ruleset) -> int:
    """Decisions each seat makes in a game: per round, the Throw, the picks and the activity."""
    t = compile_rules(rules).tables
    return t.rounds * t.hand_size


def game_bytes(rules: Ruleset, players: int) -> int:
    """The bytes one game takes of a ``Batch``'s arrays (``memory.fitting``'s measure): seven
    8-byte entries a seat (hands, taken, throw, catch, acts, visited, used_acts) and its int32 total,
    three 8-byte entries a game (gone, rng, last_used) and a byte a card of the deck (leftover)."""
    return players * (7 * 8 + 4) + 3 * 8 + (MAX_DECK + 1)


@overload
def playouts(rules: Ruleset, players: int, games: int, seed: int, policy: str = ...,
             return_actions: Literal[False] = ...) -> IntArray: ...


@overload
def playouts(rules: Ruleset, players: int, games: int, seed: int, policy: str = ..., *,
             return_actions: Literal[True]) -> tuple[IntArray, npt.NDArray[np.int16]]: ...


def playouts(rules: Ruleset, players: int, games: int, seed: int, policy: str = "random",
             return_actions: bool = False) -> IntArray | tuple[IntArray, npt.NDArray[np.int16]]:
    """Play ``games`` whole games; each seat's final total as an int32 array ``(games, players)``.

    Game ``i`` is dealt as ``new_game(rules, players, seed=seed + i)``. ``policy`` is
    ``"random"`` (uniform over the legal actions, from a generator seeded apart from the
    dealer's, so the same seed plays the same games) or ``"lowest"`` (the lowest legal id).
    With ``return_actions`` also the action ids chosen, ``(games, players, decisions)``:
    seat s's decisions in order, a round after another. One thread (``THREADS``).
    """
    c = compile_rules(rules)
    players = _players(rules, players)
    games = _count(games)
    dealer = _seed(seed, games)
    if not isinstance(policy, str) or policy not in _POLICIES:  # a list is no key: refused in words, not unhashable
        raise ValueError(f"unknown policy {brief(policy)} (policies are {', '.join(_POLICIES)})")
    return_actions = _flag(return_actions, "return_actions")
    _fitting(games, players * (4 + (2 * decisions(rules) if return_actions else 0)), "playouts")
    totals = np.zeros((games, players), np.int32)
    actions = np.zeros((games, players, decisions(rules)) if return_actions else (0, 0, 0), np.int16)
    k.playouts(players, games, dealer, _POLICIES[policy], return_actions, c._ti, c._sc, c.shifts(players),
               _SHUFFLE, totals, actions)
    return (totals, actions) if return_actions else totals


class Batch:
    """Games advancing together through the step API. ``step`` updates it in place.

    Every seat acts at every step (Boomerang's decisions are simultaneous), so all games of a
    batch are at the same step: ``round`` and ``step`` (0 the Throw, then the picks, then the
    activity choice at ``hand_size - 1``) are the batch's. Every field is read-only to its users
    (``common.Shown``): the kernels read and write the private ones.
    """

    __slots__ = ("_acts", "_catch", "_compiled", "_gone", "_hands", "_last_used", "_leftover", "_players", "_rng",
                 "_round", "_rules", "_shifts", "_step", "_taken", "_throw", "_totals", "_used_acts", "_visited")
    # What users read, read-only (``common.Shown``); the engine reads and writes the private slots.
    compiled = Shown()
    rules = Shown()
    players = Shown()
    round = Shown()
    step = Shown()
    hands = Shown()
    taken = Shown()
    throw = Shown()
    catch = Shown()
    acts = Shown()
    visited = Shown()
    used_acts = Shown()
    gone = Shown()
    rng = Shown()
    leftover = Shown()
    last_used = Shown()
    totals = Shown()
    __copy__ = _copied

    def __init__(self, rules: Ruleset, players: int, games: int, seed: int) -> None:
        self._compiled = c = compile_rules(rules)
        self._rules = rules
        self._players = players = _players(rules, players)
        games = _fitting(_count(games), game_bytes(rules, players))
        dealer = _seed(seed, games)
        self._round = 0
        self._step = 0
        self._hands = np.zeros((games, players), np.uint64)
        """The cards each seat holds (a mask of action ids)."""
        self._taken = np.zeros((games, players), np.uint64)
        """The cards each seat has taken this round."""
        self._throw = np.zeros((games, players), np.int64)
        self._catch = np.zeros((games, players), np.int64)
        self._acts = np.zeros((games, players), np.int64)
        self._visited = np.zeros((games, players), np.uint64)
        self._used_acts = np.zeros((games, players), np.int64)
        self._gone = np.zeros(games, np.uint64)
        self._rng = np.zeros(games, np.uint64)
        self._leftover = np.zeros((games, MAX_DECK + 1), np.uint8)
        self._last_used = np.zeros(games, np.uint64)
        self._totals = np.zeros((games, players), np.int32)
        self._shifts = c.shifts(players)
        k.init(players, games, dealer, c._ti, _SHUFFLE, self._rng, self._leftover, self._last_used, self._hands)

    @property
    def games(self) -> int:
        return int(self._totals.shape[0])

    @property
    def over(self) -> bool:
        """Whether every game has played its last round (at once, in lockstep; a batch of no games
        is over from the start, as every engine's is)."""
        return self._round >= self._compiled.tables.rounds or not self._totals.shape[0]

    def __repr__(self) -> str:
        return f"<Batch of {self.games} {self._players}-player games, round {self._round}, step {self._step}>"


def init(rules: Ruleset, players: int, games: int, seed: int) -> Batch:
    """``games`` new games, game ``i`` dealt as ``new_game(rules, players, seed=seed + i)``."""
    return Batch(rules, players, games, seed)


def to_act(batch: Batch) -> npt.NDArray[np.bool_]:
    """``(games, players)``: every seat owes a decision at every step until the games are over."""
    return np.full((batch.games, batch._players), not batch.over, np.bool_)


def legal_masks(batch: Batch) -> npt.NDArray[np.bool_]:
    """``(games, players, num_actions)``: True where the seat may take the action now.

    All False once the games are over.
    """
    c = batch._compiled
    shape = (batch.games, batch._players, len(c.names))
    if batch.over:
        return np.zeros(shape, np.bool_)
    out = np.empty(shape, np.bool_)
    k.legal_masks(batch._step, c._ti, batch._hands, batch._used_acts, out)  # fills every entry
    return out


def step(batch: Batch, actions: npt.ArrayLike) -> tuple[Batch, IntArray]:
    """Apply one action id per seat of every game; return the batch and each seat's reward.

    A reward is the points the step added to the seat's total (non-zero when a round is
    scored), so a game's rewards add up to its totals. Raises ``IllegalAction`` naming the
    first game and seat whose action is not legal, and then applies none.
    """
    acts = _checked(batch, actions)
    c = batch._compiled
    rewards = np.empty(acts.shape, np.int32)
    k.step(batch._round, batch._step, batch._players, c._ti, c._sc, batch._shifts, _SHUFFLE, acts, batch._hands,
           batch._taken, batch._throw, batch._catch, batch._acts, batch._visited, batch._used_acts, batch._gone,
           batch._rng, batch._leftover, batch._last_used, batch._totals, rewards)
    _advance(batch)
    return batch, rewards


def _actions(batch: Batch, actions: npt.ArrayLike) -> I64Array:
    """``actions`` as int64 ``(games, players)``, else the error saying why not; a read-only, strided
    or Fortran-ordered array copied into a C-contiguous one, as numba types each layout apart and
    would compile ``check`` and ``step`` again for it (11 to 15 s), as Boomerang (2010)'s ``step``
    copies it."""
    acts = _action_ids(batch.over, actions, (batch.games, batch._players))
    if acts.dtype != np.int64 or not acts.flags.c_contiguous or not acts.flags.writeable:
        return np.array(acts, np.int64, order="C")
    return acts.astype(np.int64, copy=False)  # itself: int64 already


def _refuse_illegal(batch: Batch, actions: npt.ArrayLike, bad: int) -> None:
    if bad >= 0:
        g, seat = divmod(bad, batch._players)
        a = int(np.asarray(actions, dtype=object)[g, seat])  # as given, not wrapped in int64 nor rounded in float64
        raise _illegal(g, seat, a, batch._compiled.names, legal_masks(batch)[g, seat],
                       f"at step {batch._step + 1} of round {batch._round + 1}")


def _checked(batch: Batch, actions: npt.ArrayLike) -> I64Array:
    """``actions`` as int64 ``(games, players)``, every one legal, else the error saying which is not."""
    acts = _actions(batch, actions)
    _refuse_illegal(batch, actions, k.check(batch._step, batch._compiled._ti, batch._hands, batch._used_acts, acts))
    return acts


def _advance(batch: Batch) -> None:
    batch._step += 1
    if batch._step == batch._compiled.tables.hand_size:
        batch._step = 0
        batch._round += 1


FloatArray = npt.NDArray[np.float32]
BoolArray = npt.NDArray[np.bool_]


def _observation_arrays(batch: Batch, offsets: object, obs: object, masks: object
                        ) -> tuple[I64Array, FloatArray, BoolArray]:
    """The arrays of ``observe_start`` and ``step_observe`` if their kernels may write through them
    (``common.observation_buffers``; ``masks`` ``legal_masks``' shape), else the ``ValueError``."""
    t = batch._compiled.tables
    extents = k.extents(t.deck_size, t.hand_size, t.rounds, len(batch._rules.regions), len(t.activity_kinds),
                        batch._players)
    offsets, obs = _observation_buffers(offsets, obs, extents, batch.games, batch._players, np.float32)
    masks = _out_array(masks, (batch.games, batch._players, len(batch._compiled.names)), np.bool_, "masks")
    return offsets, obs, masks


def observe_start(batch: Batch, offsets: I64Array, obs: FloatArray, masks: BoolArray) -> None:
    """Write every seat's first observation and legal actions of a new batch into ``obs`` and ``masks``.

    ``obs`` is float32 ``(games, players, size)`` laid out as ``rl.australia.layout`` says, its
    slices starting at ``offsets`` (``_kernels.O_*`` rows); ``masks`` is ``legal_masks``' shape.
    ``step_observe`` then keeps both up to date in place.
    """
    if batch._round or batch._step:
        raise ValueError("observe_start needs a batch at its start")
    offsets, obs, masks = _observation_arrays(batch, offsets, obs, masks)
    _unshared((("offsets", offsets),), (("masks", masks), ("obs", obs)))
    k.observe_start(batch._players, batch._compiled._ti, offsets, batch._hands, obs, masks)


def step_observe(batch: Batch, actions: npt.ArrayLike, offsets: I64Array, obs: FloatArray, masks: BoolArray,
                 rewards: FloatArray) -> Batch:
    """``step``, updating ``obs`` and ``masks`` (of ``observe_start``) in place, rewards into ``rewards``.

    Only what the step changed is written, so the arrays must hold the previous step's
    observations: a caller sharing them must not write to them. Raises ``IllegalAction`` as
    ``step`` does, and then changes nothing.
    """
    acts = _actions(batch, actions)
    offsets, obs, masks = _observation_arrays(batch, offsets, obs, masks)
    rewards = _out_array(rewards, (batch.games, batch._players), np.float32, "rewards")
    _unshared((("actions", acts), ("offsets", offsets)), (("masks", masks), ("rewards", rewards), ("obs", obs)))
    c = batch._compiled
    bad = k.step_observe(batch._round, batch._step, batch._players, c._ti, c._sc, batch._shifts, _SHUFFLE, offsets,
                         acts, batch._hands, batch._taken, batch._throw, batch._catch, batch._acts, batch._visited,
                         batch._used_acts, batch._gone, batch._rng, batch._leftover, batch._last_used, batch._totals,
                         rewards, obs, masks)
    _refuse_illegal(batch, actions, bad)
    _advance(batch)
    return batch


def sampler(games: int, seed: int) -> U64Array:
    """The generator states of ``sample_actions``, game g's seeded from ``seed + g`` (apart from its dealer)."""
    states = np.empty(_fitting(_count(games), 8, "a sampler"), np.uint64)
    k.sample_seed(_seed(seed, len(states)), states)
    return states


def sample_actions(batch: Batch, states: U64Array, out: I64Array | None = None) -> I64Array:
    """A uniformly random legal action id for every seat of every game, ``(games, players)`` int64.

    ``states`` (of ``sampler``) are advanced, so the same seed draws the same actions.
    """
    _owing(batch.over)
    states = _generator_states(states, batch.games)
    if out is None:
        out = np.empty((batch.games, batch._players), np.int64)
    else:
        out = _out_array(out, (batch.games, batch._players), np.int64)
        _unshared((("states", states),), (("out", out),))
    k.sample(batch._step, batch._compiled._ti, batch._hands, batch._used_acts, states, out)
    return out


def totals(batch: Batch) -> IntArray:
    """Each seat's total so far, ``(games, players)`` (the final totals once ``batch.over``)."""
    return batch._totals.copy()


def bench_playouts(seconds: float = 1.0, players: int = 4, games: int = 4096,
                   rules: Ruleset | None = None) -> float:
    """Random games per second through ``playouts``, batches of ``games``, for about ``seconds``."""
    from ..australia.loading import load_rules

    rules = load_rules() if rules is None else rules
    seconds = _duration(seconds)
    playouts(rules, players, 16, 0)  # compile (or load the cache) outside the timing
    done = 0
    seed = 0
    start = time.perf_counter()
    while True:
        playouts(rules, players, games, seed)
        done += games
        seed += games
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def bench_step_api(seconds: float = 1.0, players: int = 4, games: int = 4096,
                   rules: Ruleset | None = None) -> float:
    """Games per second through ``init``/``legal_masks``/``step``/``totals``, the lowest legal
    action of every seat chosen from the masks by ``first_legal`` (numpy's ``argmax`` of them,
    compiled), batches of ``games``."""
    from ..australia.loading import load_rules

    rules = load_rules() if rules is None else rules
    seconds = _duration(seconds)
    done = seed = 0
    warm = True
    start = time.perf_counter()
    while True:
        batch = init(rules, players, 16 if warm else games, seed)
        while not batch.over:
            batch, _ = step(batch, _first_legal(legal_masks(batch)))
        totals(batch)
        if warm:
            warm = False
            start = time.perf_counter()
            continue
        done += games
        seed += games
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def decision_rates(kind: str, seconds: float = 1.0, players: int = 4, games: int = 4096,
                   rules: Ruleset | None = None) -> tuple[float, float]:
    """Games and decisions per second of ``bench_playouts`` (``kind="playouts"``) or ``bench_step_api``
    (``"step_api"``), for ``batch.bench_rates``: those two give games/s alone (their public figure),
    and a game here has a fixed number of decisions, ``decisions(rules)`` a seat."""
    from ..australia.loading import load_rules

    rules = load_rules() if rules is None else rules
    rate = (bench_playouts if kind == "playouts" else bench_step_api)(seconds, players, games, rules)
    return rate, rate * decisions(rules) * players


__all__ = ["LOCKSTEP", "MAX_DECK", "OBSERVATION_SLICES", "THREADS", "Batch", "action_names", "bench_playouts",
           "bench_step_api", "compile_rules", "decision_rates", "decisions", "game_bytes", "init", "legal_masks",
           "num_actions", "observe_start", "playouts", "sample_actions", "sampler", "step", "step_observe", "to_act",
           "totals"]
