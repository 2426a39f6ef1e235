"""The batch API served by the plain engine: any game, any ruleset, one game at a time in Python.

A compiled engine runs only the rulesets its kernels know (a 64-card deck, the base game's card
kinds and effects); ``batch`` hands every other ruleset here, so that ``playouts`` and the step
API (``init`` / ``legal_masks`` / ``step`` / ``totals``) take any ruleset of any game, only
slower. It goes through the game contract alone: ``new_game``, ``to_act``, ``legal_mask``,
``step`` and ``score_sheets``, with the game's integer actions. Game ``i`` is
``new_game(rules, players, seed + i)``, so its deal is the compiled engine's and the pure
engine's; the plain engine's states are the games.

Shapes follow the game's compiled engine, so code written for it runs unchanged: a game where
one seat acts at a time (its rules module's ``ONE_SEAT``: Sea Salt & Paper) takes one action per game,
``(games,)``, with masks ``(games, num_actions)`` for the seat ``to_act`` names (-1 once over);
every other game takes ``(games, players)`` ids, reading only the seats that owe a decision
(``to_act``: bools ``(games, players)``), with masks ``(games, players, num_actions)``. A step's
reward is the change of each seat's ``score_sheets`` total. ``playouts`` plays uniformly random
legal actions only (the plain engine cannot tell whether the lowest legal action ever ends a
game); with ``return_actions`` the ids come as ``(games, longest)``, padded with -1, in the
order of play: each step's ids for the seats of ``to_act``, in that order.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import action_of, is_over, legal_mask, new_game, score_sheets
from .. import num_actions as _num_actions
from .. import step as _step
from .. import to_act as _to_act
from ..core.arguments import brief, duration
from ..core.display import escaped_name
from ..core.games import GAMES, rules_module
from ..core.rng import below, integer_seed
from .common import (
    Shown,
    action_ids,
    copied,
    count_of,
    flag,
    generator_states,
    illegal,
    owing,
    players_of,
    refuse,
    sampler,
    shaped,
)
from .memory import fitting

GAME = "any"
"""The game this module runs: every game (``engine_for`` names the game of a ruleset)."""

POLICIES = ("random",)

STATE_BYTES = 512
"""The fewest bytes a game's state takes in the plain engine's batch (a new state of every shipped
ruleset takes over 700: ``tests/test_batch_memory.py`` measures them): ``game_bytes``' floor."""

IntArray = npt.NDArray[np.int32]
I64Array = npt.NDArray[np.int64]
U64Array = npt.NDArray[np.uint64]


def _ruleset_class(game: str) -> type:
    """The class of ``game``'s rulesets (``<package>.rules.Ruleset``)."""
    module: Any = rules_module(game)
    cls: type = module.Ruleset
    return cls


def compile_rules(rules: Any) -> Any:
    """``rules`` itself, once it is a ruleset of a game that numbers its actions; ``RulesError`` if not."""
    game = getattr(rules, "game", None)
    if not isinstance(game, str) or game not in GAMES or not isinstance(rules, _ruleset_class(game)):
        raise refuse("batch-game", f"it runs only rulesets of {', '.join(GAMES)}, not {type(rules).__name__}")
    try:
        _num_actions(rules)
    except TypeError as exc:
        raise refuse("batch-actions", f"{game} does not number its actions ({exc})") from None
    return rules


def num_actions(rules: Any) -> int:
    """How many action ids ``rules`` has (the game's own integer actions)."""
    return int(_num_actions(compile_rules(rules)))


def action_names(rules: Any) -> tuple[str, ...]:
    """The action each id stands for."""
    return tuple(action_of(rules, i) for i in range(num_actions(rules)))


def game_bytes(rules: Any, players: int) -> int:
    """The fewest bytes one game takes of a ``Batch`` (``memory.fitting``'s measure): its state
    (``STATE_BYTES``, a floor), its place in the list of states and its int32 totals."""
    return STATE_BYTES + 8 + 4 * players


def _totals(state: Any) -> list[int]:
    return [sheet.total for sheet in score_sheets(state)]


def _bits(mask: int, width: int) -> npt.NDArray[np.bool_]:
    """The bools of an action mask (bit ``i`` for id ``i``)."""
    raw = np.frombuffer(mask.to_bytes((width + 7) // 8, "little"), np.uint8)
    out: npt.NDArray[np.bool_] = np.unpackbits(raw, bitorder="little")[:width].astype(np.bool_)
    return out


class Batch:
    """Games advancing together through the step API: the plain engine's states, one per game."""

    __slots__ = ("_actions", "_one_seat", "_players", "_rules", "_states", "_totals")
    # What users read, read-only (``common.Shown``), as every batch's: the engine writes the private slots.
    actions = Shown()
    one_seat = Shown()
    players = Shown()
    rules = Shown()
    totals = Shown()
    __copy__ = copied

    @property
    def states(self) -> list[Any]:
        """Game ``i``'s state (immutable), in a new list: ``step`` replaces them in the batch's own."""
        return list(self._states)

    def __init__(self, rules: Any, players: int, games: int, seed: int) -> None:
        self._rules = compile_rules(rules)
        self._players = players_of(rules, players)
        seed = integer_seed(seed)  # a numpy seed is the int it holds, as new_game takes it
        # The count first: one whose games would not fit the memory (2**63, 2**40 games) is refused at
        # once, as the compiled engines' batches refuse it, not after dealing games until the memory runs out.
        games = fitting(count_of(games), game_bytes(rules, self._players))
        self._totals = np.zeros((games, self._players), np.int32)
        self._states = [new_game(rules, self._players, seed + i) for i in range(len(self._totals))]
        """Game ``i``'s state (immutable; ``step`` replaces it)."""
        self._actions = num_actions(rules)
        self._one_seat = rules_module(rules.game).ONE_SEAT
        for g, state in enumerate(self._states):
            self._totals[g] = _totals(state)

    @property
    def games(self) -> int:
        return len(self._states)

    @property
    def ended(self) -> npt.NDArray[np.bool_]:
        """Which games are over, ``(games,)``."""
        return np.array([is_over(s) for s in self._states], np.bool_)

    @property
    def over(self) -> bool:
        """Whether every game is over."""
        return all(is_over(s) for s in self._states)

    def __repr__(self) -> str:
        name = escaped_name(self._rules.name)  # a ruleset file's name may hold a newline: a repr is one line
        return f"<Batch of {self.games} {self._players}-player games of {name} (plain engine), {self.ended.sum()} over>"


def init(rules: Any, players: int, games: int, seed: int) -> Batch:
    """``games`` new games, game ``i`` as ``new_game(rules, players, seed=seed + i)``."""
    return Batch(rules, players, games, seed)


def _seats(state: Any) -> tuple[int, ...]:
    return () if is_over(state) else tuple(_to_act(state))


def to_act(batch: Batch) -> npt.NDArray[Any]:
    """One-seat games: the seat to act per game ``(games,)``, -1 once over; others: bools ``(games, players)``."""
    if batch._one_seat:
        return np.array([(_seats(s) or (-1,))[0] for s in batch._states], np.int64)
    out = np.zeros((batch.games, batch._players), np.bool_)
    for g, s in enumerate(batch._states):
        out[g, list(_seats(s))] = True
    return out


def legal_masks(batch: Batch) -> npt.NDArray[np.bool_]:
    """The legal action ids now: ``(games, num_actions)`` for the seat to act of a one-seat game,
    else ``(games, players, num_actions)``, True only for seats owing a decision; all False once over."""
    out = np.zeros((batch.games, batch._players, batch._actions), np.bool_)
    for g, s in enumerate(batch._states):
        for seat in _seats(s):
            out[g, seat] = _bits(legal_mask(s, seat), batch._actions)
    if batch._one_seat:
        seats = to_act(batch)
        picked: npt.NDArray[np.bool_] = out[np.arange(batch.games), np.maximum(seats, 0)] & (seats >= 0)[:, None]
        return picked
    return out


def _ids(batch: Batch, actions: npt.ArrayLike) -> npt.NDArray[np.integer[Any]]:
    return action_ids(batch.over, actions, (batch.games,) if batch._one_seat else (batch.games, batch._players))


def _owed(batch: Batch, acts: npt.NDArray[np.integer[Any]], g: int) -> list[int]:
    """Game ``g``'s ids for the seats of its ``to_act``, in that order (``[]`` once over)."""
    seats = _seats(batch._states[g])
    return [int(acts[g])] if batch._one_seat and seats else [int(acts[g, seat]) for seat in seats]


def step(batch: Batch, actions: npt.ArrayLike) -> tuple[Batch, IntArray]:
    """Apply the ids of every seat owing a decision (ignored for a finished game or another seat);
    return the batch (its states replaced) and each seat's reward ``(games, players)``: the change
    of its ``score_sheets`` total.

    Raises ``IllegalAction`` naming the first illegal game (and seat), and then applies none.
    """
    acts = _ids(batch, actions)
    moved: list[tuple[int, Any]] = []
    for g, state in enumerate(batch._states):
        ids = _owed(batch, acts, g)
        if not ids:
            continue
        for seat, a in zip(_seats(state), ids):
            if not (0 <= a < batch._actions and legal_mask(state, seat) >> a & 1):
                given = np.asarray(actions, dtype=object)  # the id as given, not -1 for one past int64
                raise illegal(g, seat, int(given[g] if batch._one_seat else given[g, seat]), action_names(batch._rules),
                              _bits(legal_mask(state, seat), batch._actions))
        moved.append((g, _step(state, ids)))
    before = batch._totals.copy()
    for g, state in moved:
        batch._states[g] = state
        batch._totals[g] = _totals(state)
    rewards: IntArray = batch._totals - before
    return batch, rewards


def totals(batch: Batch) -> IntArray:
    """Each seat's total so far, ``(games, players)`` (the final totals once ``batch.over``)."""
    return batch._totals.copy()


def _draw(states: U64Array, g: int, mask: int) -> int:
    """A uniform legal id of ``mask`` from game ``g``'s generator state (advanced)."""
    legal = [i for i in range(mask.bit_length()) if mask >> i & 1]
    state, k = below(int(states[g]), len(legal))
    states[g] = np.uint64(state)
    return legal[k]


def sample_actions(batch: Batch, states: U64Array) -> I64Array:
    """A uniformly random legal id for every decision owed (``sampler`` states, advanced): ``(games,)``
    for a one-seat game, else ``(games, players)``; -1 where none is owed."""
    owing(batch.over)
    states = generator_states(states, batch.games)
    out = np.full((batch.games,) if batch._one_seat else (batch.games, batch._players), -1, np.int64)
    for g, state in enumerate(batch._states):
        for seat in _seats(state):
            a = _draw(states, g, legal_mask(state, seat))
            if batch._one_seat:
                out[g] = a
            else:
                out[g, seat] = a
    return out


def playouts(rules: Any, players: int, games: int, seed: int, policy: str = "random",
             return_actions: bool = False) -> IntArray | tuple[IntArray, npt.NDArray[Any]]:
    """Play ``games`` whole games with uniformly random legal actions (a generator per game,
    ``sampler(games, seed)``, apart from the dealer's); each seat's final total, int32 ``(games,
    players)``. With ``return_actions`` also each game's ids in the order of play, ``(games, longest)``
    padded with -1 (int16 when every id fits, else int32)."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {brief(policy)} for the plain engine's batch (policies: "
                         f"{', '.join(POLICIES)}: it cannot tell whether the lowest legal action ever ends a game)")
    return_actions = flag(return_actions, "return_actions")
    batch = init(rules, players, games, seed)
    draws = sampler(batch.games, seed)
    played: list[list[int]] = []
    for g, state in enumerate(batch._states):
        ids: list[int] = []
        while not is_over(state):
            chosen = [_draw(draws, g, legal_mask(state, seat)) for seat in _to_act(state)]
            ids += chosen
            state = _step(state, chosen)
        batch._states[g] = state
        batch._totals[g] = _totals(state)
        played.append(ids)
    if not return_actions:
        return batch._totals
    width = max((len(ids) for ids in played), default=0)
    out = np.full((batch.games, width), -1, np.int16 if batch._actions <= np.iinfo(np.int16).max else np.int32)
    for g, ids in enumerate(played):
        out[g, :len(ids)] = ids
    return batch._totals, out


BENCH_GAMES = 16
"""The most games a batch of ``bench_playouts`` and ``bench_step_api`` plays: the plain engine plays
hundreds of games a second, not hundreds of thousands (a batch of 4,096 would outlast any timing)."""


def _timed(seconds: float, players: int, games: int, rules: Any,
           one_batch: Callable[[int, int], int]) -> tuple[float, float]:
    """Games and decisions per second of ``one_batch(games, seed)`` (it returns its decisions), batches
    of at most ``BENCH_GAMES`` one after another for about ``seconds``."""
    if rules is None:
        raise ValueError("the plain engine's batch needs a ruleset to time")
    seconds = duration(seconds)
    games = min(games, BENCH_GAMES)
    playouts(rules, players, 1, 0)  # the sampler's compiled draw loaded outside the timing
    done = seed = decisions = 0
    start = time.perf_counter()
    while True:
        decisions += one_batch(games, seed)
        done += games
        seed += games
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed, decisions / elapsed


def bench_playouts(seconds: float = 1.0, players: int = 4, games: int = 4096, rules: Any = None
                   ) -> tuple[float, float]:
    """Games and decisions per second through ``playouts`` of ``rules`` (batches of at most
    ``BENCH_GAMES``), for about ``seconds``: what ``batch.bench_rates`` reports for a ruleset the
    compiled engines refuse."""

    def one_batch(games: int, seed: int) -> int:
        _, actions = playouts(rules, players, games, seed, return_actions=True)
        return int((actions >= 0).sum())

    return _timed(seconds, players, games, rules, one_batch)


def bench_step_api(seconds: float = 1.0, players: int = 4, games: int = 4096, rules: Any = None
                   ) -> tuple[float, float]:
    """Games and decisions per second through ``init``/``legal_masks``/``step``/``totals`` of
    ``rules``, ``sample_actions``' random legal actions (batches of at most ``BENCH_GAMES``)."""

    def one_batch(games: int, seed: int) -> int:
        batch, draws, decisions = init(rules, players, games, seed), sampler(games, seed), 0
        while not batch.over:
            legal_masks(batch)
            actions = sample_actions(batch, draws)
            decisions += int((actions >= 0).sum())
            batch, _ = step(batch, actions)
        totals(batch)
        return decisions

    return _timed(seconds, players, games, rules, one_batch)


def seat_actions(batch: Batch, actions: npt.ArrayLike) -> npt.ArrayLike:
    """``step``'s argument from per-seat ids ``(games, players)`` (``rl.vector.VectorEnv``'s): a
    one-seat game's entry of the seat to act (its row's first for a finished game); else the same."""
    if not batch._one_seat:
        return actions
    acts = shaped(actions, (batch.games, batch._players))
    picked: npt.NDArray[Any] = acts[np.arange(batch.games), np.maximum(to_act(batch), 0)]
    return picked


def seat_sample(batch: Batch, states: U64Array) -> I64Array:
    """``sample_actions`` per seat, ``(games, players)``: each owed decision's draw, -1 elsewhere."""
    drawn = sample_actions(batch, states)
    if not batch._one_seat:
        return drawn
    out = np.full((batch.games, batch._players), -1, np.int64)
    seats = to_act(batch)
    live = np.flatnonzero(seats >= 0)
    out[live, seats[live]] = drawn[live]
    return out
