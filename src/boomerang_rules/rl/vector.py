"""A vector env over the batched engines: many games at once, observations as arrays (extra ``batch``).

``VectorEnv(players=4, games=256)`` plays ``games`` games of Boomerang: Australia together
through ``boomerang_rules.batch``; every seat of every game acts at every step, so the
games move in lockstep and end together. Under a ruleset of Sea Salt & Paper or Boomerang
(2010) only the seats owing a decision act (``to_act``, True where one does), the games end at
different steps (``ended``), and ``done`` comes once all have; a finished game's observations
stay as it ended, its masks all False. Actions are ``(games, players)`` ids for every game;
the entries of seats owing nothing are not read. Observations are ``observe``'s, for every game and
seat at once: ``(games, players, observation_size)`` float32, equal to
``observe(state, seat)`` of the same game played through the pure engine (game ``i`` is dealt
as ``new_game(rules, players, seed=seed + i)``); Boomerang: Australia's are its raw reading,
``rl.australia.observe_seats``: ``observe``'s but for the totals, in points rather than divided.

The observations live in one buffer that a compiled kernel updates in place as the games
step, writing only what changed (a hand, a row of held cards, a card turned face up...).
``copy=True`` (the default, as gymnasium's vector envs) returns copies; ``copy=False``
returns read-only views of the buffers themselves, which the next ``step`` or ``reset``
overwrites: the fast way, for a learner that consumes a step's arrays before the next.
``sample_actions`` draws a uniformly random legal action for every seat in compiled code.

A ruleset no compiled kernel runs (Extra Salt's 66 cards, the online readings of Sea Salt &
Paper, a deck over 64 cards: ``batch.serving`` decides) is played through ``batch.generic``, the
plain engine behind the same API, with the same arrays, seeds and rewards: its observations are
``rl.observe``'s own, read again for the games a step moved; only slower. ``engine`` says which
serves: ``"australia"``, ``"seasaltpaper"``, ``"boomerang2010"`` (compiled) or ``"generic"``.
"""

from __future__ import annotations

import secrets
from copy import deepcopy
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import batch as engine
from ..batch import generic
from ..batch.memory import fitting
from ..core.arguments import as_id, brief, integer
from ..core.loading import loaded, require_ruleset
from .encoding import _rl_module, encoder_for
from .seeds import check_seed
from .truncation import Scaled, bound

REWARDS = ("round", "final", "win")

DEFAULT_MAX_STEPS = Scaled(5_000)
"""The default ``max_steps``: no game played to its end comes near it (the longest of 200 random
4-player games took 624 steps in Sea Salt & Paper, 205 in Boomerang (2010), 28 in Boomerang:
Australia), so it only stops a policy that never ends one (in Sea Salt & Paper a round the deck
ends scores nothing, and the next begins); a ruleset of longer games has it multiplied by
``rl.truncation.length_scale`` (Sea Salt & Paper to 1,000 points: 10)."""

def __getattr__(name: str) -> Any:
    """``_OFFSETS``, Boomerang: Australia's observation slices in its kernels' order, kept readable
    here where they were: they moved to that game's engine (``batch.australia.OBSERVATION_SLICES``)."""
    if name == "_OFFSETS":
        from ..batch.australia import OBSERVATION_SLICES

        return OBSERVATION_SLICES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _read_only(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
    view = a.view()
    view.flags.writeable = False
    return view


_ENGINE_MODULES = (*engine.ENGINES, "generic")
"""The modules of ``boomerang_rules.batch`` a ``VectorEnv`` may be served by (what its pickle names)."""


def _plain_encode(rules: Any, encoder: Any) -> Any:
    """What the plain engine's games write of a state: the game's rl module's ``VECTOR_ENCODE`` if it
    has one (Boomerang: Australia's compiled kernels write its raw reading, totals in points, so its
    plain games do too), else ``rl.observe``'s own (``encoder.encode``), which the other games' write."""
    own = getattr(_rl_module(rules.game), "VECTOR_ENCODE", None)
    return own if own is not None else encoder.encode


class VectorEnv:
    """``games`` games at once: ``reset`` and ``step`` return arrays for all of them.

    ``reward``: ``"round"`` the points each seat scores as its game scores them, summing over a
    game to its final total (the totals a game starts at, Boomerang (2010)'s 2 points a seat, paid
    with the first step), as in every layer (``rl.round_rewards``); ``"final"`` its total at the
    step its game ends; ``"win"`` 1.0 at that step to every seat its game's ``winners`` names (a
    shared win too: each tie-break as the game breaks it), 0.0 to the others, as the PettingZoo and
    gymnasium envs' ``"win"`` (on a compiled engine the env keeps every step's actions, 2 bytes a seat
    of each game, to replay a game whose totals do not name its winners). ``copy``: whether
    ``reset`` and ``step`` return fresh arrays (True) or read-only views of the env's own buffers,
    overwritten in place by the next call (False).
    ``max_steps`` (``None``: no bound) truncates the episode: the step that makes it ``max_steps``
    steps long returns ``done`` with games still playing, which ``truncated`` names; a game cut
    short is paid nothing more (``"final"`` and ``"win"`` rewards come only to the games that
    ended), and the next call must be ``reset``.
    """

    closed: bool = False
    """Whether ``close`` was called (a class default too: a pickle made before ``close`` existed is open)."""

    def __init__(self, rules: Any = "standard", players: int = 4, games: int = 64, reward: str = "round",
                 copy: bool = True, max_steps: int | None = DEFAULT_MAX_STEPS) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {brief(reward)}")
        if not isinstance(copy, bool | np.bool_):  # "no" would give copies, 0 views
            raise TypeError(f"copy must be True or False, not {brief(copy)}")
        if not isinstance(max_steps, int) and as_id(max_steps) is not None:  # a numpy integer is the int it holds
            max_steps = as_id(max_steps)  # (an int, the default ``Scaled`` too, is kept for ``bound`` below)
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError(f"max_steps must be a positive integer or None, not {brief(max_steps)}")
        # read as the other envs read it, whatever engine serves (Australia's took a float, or a numpy int not)
        players = integer(players, "players", "a player count")
        self.max_steps = max_steps
        self._steps = 0
        self._truncated: npt.NDArray[np.bool_] | None = None
        self.rules = require_ruleset(loaded(rules))  # an id or a path, as load_rules takes it
        self.max_steps = bound(max_steps, self.rules, players)  # the default grown with the ruleset's games
        self._engine = engine.serving(self.rules)  # a compiled engine, else the plain one; else RulesError
        self.engine: str = self._engine.__name__.rsplit(".", 1)[1]
        """The module of ``batch`` serving: ``australia``, ``seasaltpaper``, ``boomerang2010`` or ``generic``."""
        if as_id(games) is not None:  # a numpy integer is the int it holds, as players is
            games = as_id(games)  # type: ignore[assignment]
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise ValueError(f"games must be a positive integer, not {brief(games)}")
        self.players = players
        self.games = games
        self.reward = reward
        self.copy = bool(copy)
        self._batch: Any = None
        self.closed = False
        self._unpaid: Any = None
        self._seed = 0
        self._played: list[npt.NDArray[np.int16]] = []
        """``"win"`` on a compiled engine: each step's actions, to replay a game whose totals alone do
        not name its winners (a tie at the top, Sea Salt & Paper's four mermaids) through the plain engine."""
        self._lockstep: bool = getattr(self._engine, "LOCKSTEP", False)
        """Whether every seat of every game acts at every step (the engine's ``LOCKSTEP``)."""
        if self._engine is generic:
            self._init_plain()
            return
        if not self._lockstep:
            self._init_owed()
            return
        spec = encoder_for(self.rules, players).spec  # its slices' places: the kernels' raw reading's
        self.observation_size = spec[-1].stop
        self.num_actions = self._engine.num_actions(self.rules)
        starts = {x.name: x.start for x in spec}
        self._offsets = np.array([starts[name] for name in self._engine.OBSERVATION_SLICES], np.int64)
        self._fits()
        self._obs = np.zeros((games, players, self.observation_size), np.float32)
        self._masks = np.zeros((games, players, self.num_actions), np.bool_)
        self._rewards = np.zeros((games, players), np.float32)
        self._views = tuple(_read_only(a) for a in (self._obs, self._masks, self._rewards))
        self._sampler = self._engine.sampler(games, 0)

    def _fits(self, memo: int = 0) -> None:
        """The ``ValueError`` naming ``games`` (``memory.fitting``) when the env's buffers (observations,
        masks, rewards, ``memo`` bytes a game of ``observe_into``'s memo, the sampler's states, the
        actions ``"win"`` keeps) and its batch's arrays would need more than the machine's memory:
        refused before any is allocated."""
        buffers = self.players * (4 * self.observation_size + self.num_actions + 4) + memo + 8 + self._kept_bytes()
        fitting(self.games, buffers + self._engine.game_bytes(self.rules, self.players), "a VectorEnv")

    def _kept_bytes(self) -> int:
        """The bytes a game of the actions ``"win"`` keeps on a compiled engine (``_record``: 2 a seat a
        step) over an episode's most steps: ``max_steps``, or fewer where the game's rules end it sooner
        (its OpenSpiel description's ``max_game_length``, a true bound of a game without a ``cut_off``).
        Without either bound (``max_steps=None`` in a game that may go on) the episode's length is not
        known beforehand: ``max_game_length`` counts the least it may keep."""
        if self.reward != "win" or self._engine is generic:
            return 0
        description = _rl_module(self.rules.game).OPENSPIEL[0]
        longest: int = description.max_game_length(self.rules, self.players)
        if self.max_steps is not None and (description.cut_off is not None or self.max_steps < longest):
            longest = self.max_steps
        return 2 * self.players * longest

    def _init_owed(self) -> None:
        """The buffers of a game whose seats act when they owe a decision (not in lockstep)."""
        from .. import rl

        games, players = self.games, self.players
        self.observation_size = rl.observation_size(self.rules, players)
        self.num_actions = self._engine.num_actions(self.rules)
        spec = rl.observation_spec(self.rules, players)
        starts = {x.name: x.start for x in spec}
        # rl.observe divides each number by its slice's bound (at most 1): the kernels do as they write
        self._bounds = np.ones(self.observation_size, np.float64)
        for x in spec:
            if x.bound:
                self._bounds[x.start:x.stop] = x.bound
        names = self._engine.OBSERVATION_SLICES
        if set(names) != set(starts):  # the encoder's slices changed: the kernel must follow
            raise RuntimeError(f"the batched observation writes the slices {names}, rl.observe {tuple(starts)}")
        self._offsets = np.array([starts[name] for name in names], np.int64)
        self._fits(self._engine.observation_memo(1, players).nbytes)
        self._obs = np.zeros((games, players, self.observation_size), np.float32)
        self._memo = self._engine.observation_memo(games, players)
        """The card bits ``_obs`` holds (``observe_into``'s memo): each step writes only the cells that changed."""
        self._masks = np.zeros((games, players, self.num_actions), np.bool_)
        self._rewards = np.zeros((games, players), np.float32)
        self._views = tuple(_read_only(a) for a in (self._obs, self._masks, self._rewards))
        self._sampler = self._engine.sampler(games, 0)

    def _init_plain(self) -> None:
        """The buffers of the plain engine's games: ``rl.observe``'s encoder reads each state."""
        self._encoder = encoder = encoder_for(self.rules, self.players)
        self.observation_size = encoder.size
        self.num_actions = generic.num_actions(self.rules)
        if encoder.num_actions != self.num_actions:  # the encoder's masks must be the batch's ids
            raise RuntimeError(f"the encoder numbers {encoder.num_actions} actions, the batch {self.num_actions}")
        shape = (self.games, self.players)
        self._fits()
        self._encode = _plain_encode(self.rules, encoder)
        self._obs = np.zeros((*shape, encoder.size), np.float32)
        self._masks = np.zeros((*shape, self.num_actions), np.bool_)
        self._rewards = np.zeros(shape, np.float32)
        self._views = tuple(_read_only(a) for a in (self._obs, self._masks, self._rewards))
        self._sampler = self._engine.sampler(self.games, 0)

    def __copy__(self) -> VectorEnv:
        """A whole copy, as ``copy.deepcopy`` makes: a shallow one shared the batch and the buffers but
        not the step count, so stepping either stepped both (the batch's own ``__copy__`` is whole too)."""
        return deepcopy(self)

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle holds (Ray's workers, a multiprocess runner): the serving engine by its module's
        name, and nothing made again from the rest (the read-only views of the buffers, which would
        unpickle as copies of them, and the plain engine's encoder)."""
        state = dict(self.__dict__)
        state["_engine"] = self._engine.__name__.rsplit(".", 1)[1]
        for made in ("_views", "_encoder", "_encode"):
            state.pop(made, None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickled: the engine imported again, the views made of its own buffers, the plain engine's
        encoder made again from the rules; it plays on exactly as the env it was pickled from."""
        import importlib

        name = state.get("_engine")
        if name not in _ENGINE_MODULES:  # a pickle names one of batch's engines, never a module to import
            raise ValueError(f"not a VectorEnv's pickle: its engine {name!r} is none of {', '.join(_ENGINE_MODULES)}")
        self.__dict__.update(state)
        self._engine = importlib.import_module(f"{engine.__name__}.{name}")
        self._lockstep = getattr(self._engine, "LOCKSTEP", False)  # read again: a pickle of before it was kept
        if self.closed:  # a closed env's pickle stays closed: it holds no buffers
            return
        self._views = tuple(_read_only(a) for a in (self._obs, self._masks, self._rewards))
        if self._engine is generic:
            self._encoder = encoder_for(self.rules, self.players)
            self._encode = _plain_encode(self.rules, self._encoder)

    def _observe_plain(self, games: range | list[int]) -> None:
        """Every seat's observation and mask of ``games`` (those a step moved) from its state."""
        states = self._batch.states
        for g in games:
            observations, masks, _ = self._encode(states[g])
            self._obs[g] = observations
            self._masks[g] = masks

    def _observe_owed(self, skip: npt.NDArray[np.bool_] | None = None) -> None:
        """Every seat's observation and mask from the batch; the games ``skip`` marks (over before this
        step: their observations already the last) left as they are."""
        b = self._batch
        self._engine.observe_into(b, self._offsets, self._bounds, self._obs, skip, self._memo)
        self._engine.seat_masks(b, self._masks)

    @property
    def to_act(self) -> npt.NDArray[np.bool_]:
        """``(games, players)``: True for the seats owing a decision now."""
        self._live("to_act")
        owed: npt.NDArray[np.bool_] = np.asarray(self._masks.any(axis=2))
        return owed

    @property
    def ended(self) -> npt.NDArray[np.bool_]:
        """``(games,)``: which games are over."""
        self._live("ended")
        if self._lockstep:
            return np.full(self.games, bool(self._batch.over))
        ended: npt.NDArray[np.bool_] = np.array(self._batch.ended, np.bool_)
        return ended

    @property
    def truncated(self) -> npt.NDArray[np.bool_]:
        """``(games,)``: the games the episode's bound (``max_steps``) cut short, still playing when it
        ended (all False until then)."""
        self._live("truncated")
        if self._truncated is None:
            return np.zeros(self.games, np.bool_)
        return self._truncated.copy()

    def close(self) -> None:
        """Release the games and the buffers (``closed`` becomes True); a second call does nothing, as
        gymnasium's ``VectorEnv.close``. A closed env refuses ``reset``, ``step`` and the rest with a
        ``RuntimeError`` (as gymnasium's ``AsyncVectorEnv`` refuses one): make a new env."""
        if self.closed:
            return
        self.closed = True
        self._batch = self._unpaid = self._truncated = None
        self._played = []
        for buffer in ("_obs", "_masks", "_rewards", "_views", "_memo", "_sampler", "_encoder", "_encode"):
            self.__dict__.pop(buffer, None)

    def __enter__(self) -> VectorEnv:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _live(self, call: str) -> Any:
        """The batch, for ``call``: a ``RuntimeError`` once closed, or before the first ``reset``."""
        if self.closed:
            raise RuntimeError(f"{call}: the env is closed (close() was called); make a new VectorEnv")
        if self._batch is None and call != "reset()":
            raise RuntimeError(f"call reset() before {call}")
        return self._batch

    def reset(self, seed: int | None = None) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """New games (game ``i`` dealt from ``seed + i``): every seat's observation and legal-action mask.

        Also reseeds ``sample_actions`` from ``seed`` (apart from the deal). Without a seed, the games
        after the last reset's (``seed + games`` on: a run seeded once is played again alike, as the
        gymnasium and PettingZoo envs' unseeded resets follow from their seed), or, at the first reset,
        a seed drawn from the system's entropy.
        """
        self._live("reset()")
        seed = check_seed(seed)
        if seed is None:
            seed = secrets.randbits(63) if self._batch is None else self._seed + self.games
        self._batch = self._engine.init(self.rules, self.players, self.games, seed)
        self._seed = int(seed)
        self._played = []
        self._steps = 0
        self._truncated = None
        self._sampler = self._engine.sampler(self.games, seed)
        start = self._engine.totals(self._batch)
        self._unpaid = start if start.any() else None
        """The totals the games started with, paid with the first step's ``round`` rewards (Boomerang
        (2010)'s boomerangs, 2 points a seat): a game's rewards sum to its final totals, as in every layer."""
        if self._lockstep:
            self._engine.observe_start(self._batch, self._offsets, self._obs, self._masks)
        elif self._engine is generic:
            self._observe_plain(range(self.games))
        else:
            self._observe_owed()
        if self.copy:
            return self._obs.copy(), self._masks.copy()
        return self._views[0], self._views[1]

    def step(self, actions: npt.ArrayLike) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_],
                                                    npt.NDArray[np.float32], bool]:
        """One action id per seat of every game, ``(games, players)``: observations, masks, rewards, done.

        Raises ``IllegalAction`` naming the first illegal action (then nothing is applied); once the
        episode is over (every game ended, or ``max_steps``), a ``RuntimeError``: the next call must be
        ``reset``.
        """
        b = self._live("step()")
        if self._truncated is not None:
            raise RuntimeError(f"the episode was truncated after {self.max_steps} steps (max_steps): call reset()")
        if b.over:  # as after truncation, and as the other envs say it (the batch's own: IllegalAction)
            raise RuntimeError("the games are over: call reset()")
        if self._lockstep:
            self._engine.step_observe(b, actions, self._offsets, self._obs, self._masks, self._rewards)
            self._record(actions)
            done = bool(b.over)
            if self.reward == "final":
                if done:
                    self._rewards[:] = b.totals
                else:
                    self._rewards.fill(0.0)
            elif self.reward == "win":
                self._rewards[:] = self._won(np.full(self.games, done))
        else:
            ended = np.array(b.ended, np.bool_)
            if self._engine is generic:
                before = list(b.states)
                _, rewards_ = generic.step(b, generic.seat_actions(b, actions))
                self._observe_plain([g for g, s in enumerate(b.states) if s is not before[g]])
            else:
                _, rewards_ = self._engine.step(b, self._engine.seat_actions(b, actions))
                self._observe_owed(ended)
                self._record(actions)
            done = bool(b.over)
            rewards: npt.NDArray[Any] = rewards_
            if self.reward == "final":  # a game's totals at the step it ends
                rewards = np.where((b.ended & ~ended)[:, None], b.totals, 0)
            elif self.reward == "win":  # 1 to its winners at the step it ends
                rewards = self._won(b.ended & ~ended)
            elif self._unpaid is not None:
                rewards = rewards + self._unpaid
            self._unpaid = None
            self._rewards[:] = rewards
        self._steps += 1
        if not done and self.max_steps is not None and self._steps >= self.max_steps:
            done = True
            self._truncated = ~self.ended
        if self.copy:
            return self._obs.copy(), self._masks.copy(), self._rewards.copy(), done
        return self._views[0], self._views[1], self._views[2], done

    def _record(self, actions: npt.ArrayLike) -> None:
        """Keep a compiled engine's step's actions (applied: legal ids or -1), for ``_won``'s replays."""
        if self.reward == "win":
            self._played.append(np.asarray(actions).astype(np.int16).reshape(self.games, self.players))

    def _won(self, ending: npt.NDArray[np.bool_]) -> npt.NDArray[np.float32]:
        """``"win"`` rewards ``(games, players)``: 1.0 to the winners of the games ``ending`` marks
        (those that ended at this step), as the game's own ``winners`` names them (``rl.win_rewards``);
        0.0 elsewhere."""
        from . import win_rewards

        out = np.zeros((self.games, self.players), np.float32)
        totals = engine.totals(self._batch)
        for g in np.flatnonzero(ending):
            if self._engine is generic:
                out[g] = win_rewards(self._batch.states[g])
                continue
            row = totals[g]
            top = np.flatnonzero(row == row.max())
            if len(top) == 1 and self._totals_decide(int(row.max())):
                out[g, top] = 1.0
            else:
                out[g] = win_rewards(self._replayed(int(g)))
        return out

    def _totals_decide(self, top: int) -> bool:
        """Whether the one seat of the highest total won, as the game's rl module says
        (``top_total_wins``: Sea Salt & Paper's four mermaids win below the target)."""
        return bool(_rl_module(self.rules.game).top_total_wins(self.rules, self.players, top))

    def _replayed(self, g: int) -> Any:
        """Game ``g`` played again through the plain engine from its deal and its recorded actions: its
        final state, whose ``winners`` the game itself decides."""
        from .. import is_over, new_game, to_act
        from .. import step as pure_step

        state = new_game(self.rules, self.players, self._seed + g)
        for acts in self._played:
            if is_over(state):
                break
            state = pure_step(state, [int(acts[g, seat]) for seat in to_act(state)])
        if not is_over(state):  # the batch ended it: the replay must too
            raise RuntimeError(f"game {g} replayed from its actions did not end as the batch's did")
        return state

    def sample_actions(self, seed: int | None = None) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for every seat of every game, ``(games, players)``, drawn in
        compiled code (as gymnasium's ``action_space.sample(mask)``; the plain engine's: in Python).

        The draws follow the seed of the last ``reset``, or ``seed`` when given (then reseeded).
        """
        self._live("sample_actions()")
        seed = check_seed(seed)
        if seed is not None:
            self._sampler = self._engine.sampler(self.games, seed)
        if self._lockstep:
            drawn_all: npt.NDArray[np.int64] = self._engine.sample_actions(self._batch, self._sampler)
            return drawn_all
        drawn: npt.NDArray[np.int64] = self._engine.seat_sample(self._batch, self._sampler)
        return drawn

    def totals(self) -> npt.NDArray[np.int32]:
        """Each seat's total so far, ``(games, players)``."""
        self._live("totals()")
        return engine.totals(self._batch)
