"""The batched Boomerang (2010) engine: thousands of games at once in compiled code (``_b2010_kernels``).

Every seat without a token chooses its land at once, then the hunt goes one seat at a time,
and games end after different numbers of decisions. The step API is per seat, as
Australia's: ``legal_masks(batch)`` is ``(games, players, num_actions)``, True only for the
seats owing a decision (``to_act(batch)``, a bool ``(games, players)``); ``step(batch,
actions)`` takes ``(games, players)`` ids, reading only those seats' entries. A seat's reward
is the change of its total as if the game ended now (``score_sheets``), so a game's rewards
add up to its final totals less those it starts with (every seat's boomerangs make sets).

Action ids are ``boomerang2010.actions``': the lands in ruleset order, then ``pass``, ``throw``.
Game ``i`` is ``new_game(rules, players, seed + i)``: the same shuffle of the whole deck.
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from ..boomerang2010.actions import action_of
from ..boomerang2010.actions import num_actions as _num_actions
from ..boomerang2010.rules import GAME, Ruleset
from ..boomerang2010.tables import tables_for
from ..core.arguments import brief, duration
from . import _b2010_kernels as k
from .common import (
    MAX_DECK,
    SHUFFLE,
    GamesBatch,
    Shown,
    action_ids,
    count_of,
    flag,
    generator_states,
    illegal,
    observe_arrays,
    owing,
    played_out,
    players_of,
    read_only,
    refuse,
    seed_of,
)
from .common import first_legal as first_legal
from .common import sampler as sampler
from .memory import fitting

POLICIES = {"random": 0, "lowest": 1}

IntArray = npt.NDArray[np.int32]
I64Array = npt.NDArray[np.int64]
U64Array = npt.NDArray[np.uint64]


@attrs.frozen(eq=False)
class Compiled:
    """A ruleset's tables as the kernels read them (see ``_b2010_kernels``)."""

    rules: Ruleset
    names: tuple[str, ...]
    _ti: I64Array
    _sc: tuple[I64Array, U64Array, U64Array]
    """Each card's lands as bits; each animal's cards; each land's cards (masks of card indices)."""

    ti = Shown()
    """The scalars, read-only: every batch of the ruleset shares them, indexed unchecked."""

    sc = Shown()
    """The card tables, read-only: every batch of the ruleset shares them, indexed unchecked."""


def _masks(kinds: list[int], count: int) -> U64Array:
    """For each kind 0..count-1, the mask of the cards (by index) of that kind."""
    return np.array([sum(1 << i for i, kind in enumerate(kinds) if kind == want) for want in range(count)],
                    np.uint64)


@lru_cache(maxsize=16)
def _compile_cached(rules: Ruleset) -> Compiled:
    t = tables_for(rules)
    names = tuple(action_of(rules, i) for i in range(_num_actions(rules)))
    assert names == (*t.lands, "pass", "throw")  # the kernels read lands, then pass, then throw
    ti = np.zeros(k.T_SIZE, np.int64)
    ti[k.T_N] = t.deck_size
    ti[k.T_LANDS] = len(t.lands)
    ti[k.T_EACH] = rules.boomerangs_each
    ti[k.T_PER_POINT] = rules.boomerangs_per_point
    card_lands = np.array(t.card_lands, np.int64)
    land_masks = np.array([sum(1 << c for c in range(t.deck_size) if t.card_lands[c] >> land & 1)
                           for land in range(len(t.lands))], np.uint64)
    return Compiled(rules, names, ti, (card_lands, _masks(list(t.animal), len(t.animals)), land_masks))


def compile_rules(rules: Ruleset) -> Compiled:
    """The kernels' arrays for ``rules``; ``RulesError`` naming the reason if it cannot run here."""
    if not isinstance(rules, Ruleset) or getattr(rules, "game", None) != GAME:
        game = getattr(rules, "game", type(rules).__name__)
        raise refuse("batch-game", f"it runs only {GAME} rulesets here, not {game!r}")
    if len(rules.cards) > MAX_DECK:
        raise refuse("batch-deck-size", f"{rules.id!r} has a deck of {len(rules.cards)} cards; the river and "
                                        f"captures are 64-bit masks here, so at most {MAX_DECK} cards")
    return _compile_cached(rules)


def action_names(rules: Ruleset) -> tuple[str, ...]:
    """The action each id stands for (``boomerang2010.actions.action_of``)."""
    return compile_rules(rules).names


def num_actions(rules: Ruleset) -> int:
    """How many action ids ``rules`` has: its lands, ``pass`` and ``throw``."""
    return len(compile_rules(rules).names)


def game_bytes(rules: Ruleset, players: int) -> int:
    """The bytes one game takes of a ``Batch``'s arrays (``memory.fitting``'s measure): its scalars
    and seats' columns (``gi``, int32), its masks of cards (``cm``), its deck (a byte a card), each
    seat's total and legal mask (a byte an action)."""
    c = compile_rules(rules)
    return 4 * k.width(players) + 8 * (k.C_CAPTURED + players) + int(c._ti[k.T_N]) + players * (4 + len(c.names))


def playouts(rules: Ruleset, players: int, games: int, seed: int, policy: str = "random",
             return_actions: bool = False) -> IntArray | tuple[IntArray, npt.NDArray[np.int16]]:
    """Play ``games`` whole games; each seat's final total, int32 ``(games, players)``.

    ``policy``: ``"random"`` (uniform over the legal actions) or ``"lowest"`` (the first land,
    ``pass``). With ``return_actions`` also every game's action ids in the order ``step`` of the
    pure engine takes them (a token step's seats ascending), int16 ``(games, longest game)``
    padded with -1.
    """
    c = compile_rules(rules)
    players = players_of(rules, players)
    games = count_of(games)
    if not isinstance(policy, str) or policy not in POLICIES:  # a list is no key: refused in words, not unhashable
        raise ValueError(f"unknown policy {brief(policy)} (policies are {', '.join(POLICIES)})")
    return_actions = flag(return_actions, "return_actions")
    dealer = seed_of(seed, games)
    fitting(games, 4 * players + 8 + (2 * 256 if return_actions else 0), "playouts")  # totals, ends, ids
    totals = np.zeros((games, players), np.int32)
    actions = played_out(games, 256, return_actions, lambda start, buf, ends: int(
        k.playouts(players, start, games, dealer, POLICIES[policy], c._ti, c._sc, SHUFFLE, totals,
                                      return_actions, buf, ends)))
    return totals if actions is None else (totals, actions)


class Batch(GamesBatch):
    """Games advancing together through the step API (in place).

    The state is ``_b2010_kernels``' three narrow arrays (``gi``, ``cm``, ``deck``); ``tokens``,
    ``boomerangs``, ``river`` and ``captured`` are views of them. Every field is read-only to its
    users (``common.Shown``): the kernels read and write the private ones. The kernels keep the legal masks
    (``masks``) and the count of games not over (``live``) up to date as they go, so that
    ``legal_masks`` is a copy and ``over`` a comparison. ``decisions`` counts the decisions
    ``step`` has applied, over every game.
    """

    PHASE, OVER = k.G_PHASE, k.P_OVER
    __slots__ = ("_cm", "_compiled", "_decisions", "_deck", "_flat", "_gi", "_live", "_masks", "_players", "_rules",
                 "_totals")
    # What users read, read-only (``common.Shown``); the engine reads and writes the private slots.
    compiled = Shown()
    cm = Shown()
    decisions = Shown()
    deck = Shown()
    gi = Shown()
    live = Shown()
    masks = Shown()
    players = Shown()
    rules = Shown()
    totals = Shown()

    def __init__(self, rules: Ruleset, players: int, games: int, seed: int) -> None:
        self._compiled = c = compile_rules(rules)
        self._rules = rules
        self._players = players = players_of(rules, players)
        games = fitting(count_of(games), game_bytes(rules, players))
        dealer = seed_of(seed, games)
        self._gi = np.zeros((games, k.width(players)), np.int32)
        """Each game's scalars (``_b2010_kernels.G_*`` columns), then its seats' tokens, boomerangs and stack."""
        self._cm = np.zeros((games, k.C_CAPTURED + players), np.uint64)
        """The river, the cards turned this round and each seat's captures, as masks of card indices."""
        self._deck = np.zeros((games, int(c._ti[k.T_N])), np.uint8)
        self._totals = np.zeros((games, players), np.int32)
        self._decisions = 0
        self._masks = np.zeros((games, players, len(c.names)), np.bool_)
        self._live = np.array([games], np.int64)
        self._views()
        k.init(players, dealer, c._ti, c._sc, SHUFFLE, self._gi, self._deck, self._cm, self._totals, self._flat)

    def _views(self) -> None:
        """``_flat``, the view of ``_masks`` the step kernel writes, a row a game."""
        games, players = self._totals.shape
        self._flat = self._masks.reshape(games, players * self._masks.shape[2])  # (games, -1) cannot size 0 games

    @property
    def river(self) -> npt.NDArray[np.uint64]:
        """The river and the cards turned this round (masks of card indices), read-only."""
        return read_only(self._cm[:, :k.C_CAPTURED])

    @property
    def captured(self) -> npt.NDArray[np.uint64]:
        """Each seat's captures (a mask of card indices), read-only."""
        return read_only(self._cm[:, k.C_CAPTURED:])

    @property
    def tokens(self) -> npt.NDArray[np.int32]:
        """Each seat's token, read-only."""
        return read_only(self._gi[:, k.G_SEATS:k.G_SEATS + self._players])

    @property
    def boomerangs(self) -> npt.NDArray[np.int32]:
        """Each seat's boomerangs, read-only."""
        return read_only(self._gi[:, k.G_SEATS + self._players:k.G_SEATS + 2 * self._players])

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without ``_flat``, which would unpickle as a copy the kernels no longer write."""
        return {name: getattr(self, name) for name in self.__slots__ if name != "_flat"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickled: its views made again of its own arrays."""
        for name, value in state.items():
            setattr(self, name, value)
        self._views()

    @property
    def over(self) -> bool:
        """Whether every game is over."""
        return bool(self._live[0] == 0)

    def __repr__(self) -> str:
        return f"<Batch of {self.games} {self._players}-player games of Boomerang (2010), {int(self.ended.sum())} over>"


def init(rules: Ruleset, players: int, games: int, seed: int) -> Batch:
    """``games`` new games, game ``i`` as ``new_game(rules, players, seed=seed + i)``."""
    return Batch(rules, players, games, seed)


def legal_masks(batch: Batch) -> npt.NDArray[np.bool_]:
    """``(games, players, num_actions)``: True where the seat may take the action now."""
    return batch._masks.copy()


def to_act(batch: Batch) -> npt.NDArray[np.bool_]:
    """``(games, players)``: True for the seats that owe a decision now."""
    out = np.empty((batch.games, batch._players), np.bool_)
    k.to_act(batch._players, batch._gi, out)
    return out


def step(batch: Batch, actions: npt.ArrayLike) -> tuple[Batch, IntArray]:
    """Apply the action ids ``(games, players)`` of the seats owing a decision (other entries are
    not read); return the batch and each seat's reward (its change of total).

    Raises ``IllegalAction`` naming the first game and seat whose action is not legal, and then applies none.
    """
    shape = (batch.games, batch._players)
    acts = action_ids(batch.over, actions, shape)
    if acts.dtype != np.int64 or not acts.flags.c_contiguous or not acts.flags.writeable:
        acts = np.array(acts, np.int64, order="C")  # a read-only array too: numba would compile step again for it
    c = batch._compiled
    rewards = np.empty(shape, np.int32)
    done = int(k.step(batch._players, c._ti, c._sc, acts, batch._gi, batch._deck, batch._cm, batch._totals, batch._flat,
                      rewards, batch._live))
    if done < 0:
        g, seat = divmod(-1 - done, batch._players)
        a = int(np.asarray(actions, dtype=object)[g, seat])  # as given, not wrapped in int64 nor rounded in float64
        raise illegal(g, seat, a, c.names, legal_masks(batch)[g, seat])
    batch._decisions += done
    return batch, rewards


def totals(batch: Batch) -> IntArray:
    """Each seat's total as if the game ended now, ``(games, players)`` (the final totals once over)."""
    return batch._totals.copy()


def sample_actions(batch: Batch, states: U64Array) -> I64Array:
    """A uniformly random legal action id for every seat owing a decision (-1 elsewhere), ``(games, players)``."""
    owing(batch.over)
    states = generator_states(states, batch.games)
    out = np.empty((batch.games, batch._players), np.int64)
    k.sample(batch._players, batch._compiled._ti, batch._gi, states, out)
    return out


def observe_into(batch: Batch, offsets: I64Array, bounds: npt.NDArray[np.float64], obs: npt.NDArray[np.float32],
                 skip: npt.NDArray[np.bool_] | None = None, memo: U64Array | None = None) -> None:
    """Every seat's ``rl.observe`` of every game into ``obs`` ``(games, players, size)``, float32:
    ``offsets`` are the starts of ``_b2010_kernels.O_NAMES``' slices (each checked to lie within
    ``obs``), ``bounds`` each cell's bound (``rl.observation_spec``'s: every number divided by it,
    at most 1; 1 for the bits). The games ``skip`` marks (bools, one a game) are left as they are:
    a game over since ``obs`` last observed it shows the same again.

    ``memo`` (``observation_memo``'s, kept beside ``obs`` and passed with it at every call) makes a
    call write only the cells that changed since the last (the numbers and the one-hot seats
    always): the card bits ``obs`` holds, kept up by each call. ``obs`` must hold what that memo
    says: all zeros with a new memo, then nothing else writing either."""
    ti = batch._compiled._ti
    extents = k.extents(int(ti[k.T_N]), int(ti[k.T_LANDS]), batch._players)
    offsets, bounds, obs, skip, memo = observe_arrays(offsets, bounds, obs, skip, memo, extents,
                                                      k.memo_width(batch._players), batch.games, batch._players)
    k.observe(batch._players, ti, offsets, batch._gi, batch._cm, batch._totals, bounds, skip, memo, obs)


def observation_memo(games: int, players: int) -> U64Array:
    """A new memo for ``observe_into``, for an ``obs`` of all zeros (as ``np.zeros`` makes it)."""
    return np.zeros((games, players, k.memo_width(players)), np.uint64)


OBSERVATION_SLICES = k.O_NAMES
"""The slices of ``rl.observe`` that ``observe_into`` writes, in the order of its offsets."""


def seat_masks(batch: Batch, out: npt.NDArray[np.bool_]) -> None:
    """``legal_masks`` into ``out`` (already per seat)."""
    np.copyto(out, batch._masks)


def seat_actions(batch: Batch, actions: npt.ArrayLike) -> npt.ArrayLike:
    """``step``'s argument from per-seat actions: the same (``step`` reads the seats owing one)."""
    return actions


seat_sample = sample_actions


def _rules() -> Ruleset:
    from ..boomerang2010.loading import load_rules

    rules: Ruleset = load_rules(GAME)
    return rules


def bench_playouts(seconds: float = 1.0, players: int = 4, games: int = 4096,
                   rules: Ruleset | None = None) -> tuple[float, float]:
    """Random games and decisions per second through ``playouts`` (batches of ``games``), for about ``seconds``."""
    rules = _rules() if rules is None else rules
    c = compile_rules(rules)
    seconds, players, games = duration(seconds), players_of(rules, players), count_of(games)  # before any array
    totals = np.zeros((games, players), np.int32)
    ends = np.zeros(games, np.int64)
    buf = np.zeros(0, np.int16)
    playouts(rules, players, 16, 0)  # compile (or load the cache) outside the timing
    done = seed = 0
    start = time.perf_counter()
    while True:
        k.playouts(players, 0, games, np.uint64(seed), 0, c._ti, c._sc, SHUFFLE, totals, False, buf, ends)
        done += games
        seed += games
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    return done / elapsed, done * _decisions_per_game(rules, players) / elapsed


@lru_cache(maxsize=8)
def _decisions_per_game(rules: Ruleset, players: int) -> float:
    """The mean decisions of a random game (from 2,000 recorded ones): decisions/s of ``bench_playouts``."""
    _, actions = playouts(rules, players, 2000, 1 << 40, return_actions=True)
    return float((actions >= 0).sum()) / 2000


def bench_step_api(seconds: float = 1.0, players: int = 4, games: int = 4096,
                   rules: Ruleset | None = None) -> tuple[float, float]:
    """Games and decisions per second through ``init``/``legal_masks``/``step``/``totals``, the lowest legal
    action of every seat chosen from the masks by ``first_legal`` (numpy's ``argmax`` of them, compiled),
    batches of ``games``; the decisions are those ``step`` applied (``Batch.decisions``)."""
    rules = _rules() if rules is None else rules
    done = seed = decisions = 0
    warm = True
    start = time.perf_counter()
    while True:
        b = init(rules, players, 16 if warm else games, seed)
        while not b.over:
            b, _ = step(b, first_legal(legal_masks(b)))
        totals(b)
        decisions += b._decisions
        if warm:
            warm = False
            decisions = 0
            start = time.perf_counter()
            continue
        done += games
        seed += games
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed, decisions / elapsed
