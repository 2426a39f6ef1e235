"""PettingZoo environments for the library's games (the extra ``pettingzoo``).

``env()`` is the AEC form: within a simultaneous step the seats act one after another, and
none sees anything of the choices made before it in that step. ``parallel_env()`` takes every
seat's action at once. Observations are ``{"observation": Box, "action_mask": Box}``; actions
are the game's integer actions. As in PettingZoo's classic games, an illegal action ends the
game with -1 for the seat that made it and 0 for the others.

``action_space(agent).sample()`` with no mask draws one of that seat's legal actions (the
space knows its seat's mask), so a policy that ignores masks still plays a legal game; pass
a mask or a probability and it behaves as any ``Discrete``.

Rewards (``reward=``): ``"round"`` the points each seat scores at the end of each round
(summing to its final total), ``"final"`` each seat's total at the end, ``"win"`` 1 at the end
to every winning seat (a shared win too), 0 to the others.
"""

from __future__ import annotations

import operator
import os
import secrets
import weakref
from collections.abc import Callable
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from ..core import rng as rng_mod
from .adapters import GameAdapter, adapter_for

REWARDS = ("round", "final", "win")


def seat_rows_plain(names: tuple[str, ...], observations: np.ndarray, action_masks: np.ndarray
                    ) -> dict[str, dict[str, np.ndarray]]:
    """Each seat's PettingZoo observation, its rows views of the two arrays (``_encode.seat_rows``'s reference)."""
    return {a: {"observation": o, "action_mask": m} for a, o, m in zip(names, observations, action_masks)}


def step_dicts_plain(agents: list[str], points: tuple[float, ...] | None, over: bool, truncated: bool
                     ) -> tuple[dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
    """A parallel step's rewards (``points`` as floats, 0.0 each when None), terminations, truncations
    and infos (``_encode.step_dicts``'s reference)."""
    rewards = dict.fromkeys(agents, 0.0) if points is None else {a: float(p) for a, p in zip(agents, points)}
    return rewards, dict.fromkeys(agents, over), dict.fromkeys(agents, truncated), {a: {} for a in agents}


seat_rows: Callable[[tuple[str, ...], np.ndarray, np.ndarray], dict[str, dict[str, np.ndarray]]] = seat_rows_plain
step_dicts: Callable[[list[str], tuple[float, ...] | None, bool, bool],
                     tuple[dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]] \
    = step_dicts_plain
try:
    if os.environ.get("BOOMERANG_RULES_PURE"):
        raise ImportError("the plain Python code was asked for")
    from . import _encode

    seat_rows = _encode.seat_rows
    step_dicts = _encode.step_dicts
except ImportError:  # not built, or not wanted
    pass


class SeatActions(gymnasium.spaces.Discrete):  # type: ignore[misc,unused-ignore]
    """A seat's ``Discrete`` actions whose unmasked ``sample()`` draws a legal one."""

    def __init__(self, n: int, legal: Callable[[], np.ndarray | None]) -> None:
        super().__init__(n)
        self._legal = legal

    def sample(self, mask: Any = None, probability: Any = None) -> Any:
        if mask is None and probability is None:
            mask = self._legal()
        return super().sample(mask=mask, probability=probability)


class _Seeds:
    """The seeds of successive games: from ``reset(seed=...)`` on, the same sequence everywhere."""

    def __init__(self) -> None:
        self.stream: int | None = None

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self.stream = rng_mod.seed_state(int(seed))
        elif self.stream is None:
            self.stream = secrets.randbits(64)
        self.stream, out = rng_mod.next_u64(self.stream)
        return out


def _check(reward: str, max_cycles: int | None) -> None:
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    if max_cycles is not None and (isinstance(max_cycles, bool) or not isinstance(max_cycles, int)
                                   or max_cycles < 1):
        raise ValueError(f"max_cycles must be a positive integer or None, not {max_cycles!r}")


class _Common:
    """What both envs share: spaces, seeding, rewards and the text rendering."""

    game: GameAdapter
    possible_agents: list[str]
    render_mode: str | None
    _state: Any

    def _setup(self, rules: Any, players: int, reward: str, max_cycles: int | None,
               render_mode: str | None) -> None:
        _check(reward, max_cycles)
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.game = adapter_for(rules, players)
        self.reward = reward
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        g = self.game
        box = gymnasium.spaces.Box(0.0, g.observation_high, (g.observation_size,), np.float32)
        self._observation_spaces = {
            a: gymnasium.spaces.Dict({"observation": box,
                                      "action_mask": gymnasium.spaces.Box(0, 1, (g.num_actions,), np.int8)})
            for a in self.possible_agents}
        me = weakref.ref(self)

        def legal_of(seat: int) -> Callable[[], np.ndarray | None]:
            def legal() -> np.ndarray | None:
                env = me()
                if env is None or env._state is None:
                    return None
                return env._legal_row(seat)
            return legal

        self._action_spaces = {a: SeatActions(g.num_actions, legal_of(i)) for i, a in enumerate(self.possible_agents)}
        high = np.tile(g.observation_high, players)
        self.state_space = gymnasium.spaces.Box(0.0, high, (len(high),), np.float32)
        self._seeds = _Seeds()
        self._state = None
        self._nothing_scored: tuple[int, ...] = (0,) * players
        self._nothing: tuple[float, ...] = (0.0,) * players
        self._credited = self._nothing_scored

    def _legal_row(self, seat: int) -> np.ndarray | None:
        state = self._state
        if not self.game.legal_mask(state, seat):
            return None
        row: np.ndarray = self.game.action_masks(state, (seat,))[0]
        return row

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[agent]

    def state(self) -> np.ndarray:
        """The whole state, every seat's observation one after another (for centralised critics)."""
        if self._state is None:
            raise RuntimeError("call reset() before state()")
        return self.game.observe_seats(self._state).reshape(-1)

    def _credit(self, state: Any) -> tuple[float, ...]:
        """The points scored since the last credit (at a round's end, or as a game scores them)."""
        now = self.game.totals(state)
        before = self._credited
        if now == before:
            return self._nothing
        self._credited = now
        return tuple(float(a - b) for a, b in zip(now, before))

    def _end_rewards(self, state: Any) -> tuple[float, ...]:
        """Each seat's reward when the game ends (the ``final`` and ``win`` kinds)."""
        if self.reward == "final":
            return tuple(float(x) for x in self.game.totals(state))
        if self.reward == "win":
            won = self.game.winners(state)
            return tuple(1.0 if s in won else 0.0 for s in range(self.game.players))
        return (0.0,) * self.game.players

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = self.game.describe(self._state) if self._state is not None else "(not reset)"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class RawEnv(_Common, AECEnv):  # type: ignore[misc]
    """The AEC env without PettingZoo's wrappers (an illegal action raises ``IllegalAction``)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "boomerang_v0", "render_modes": ["ansi", "human"],
                                          "is_parallelizable": True}

    def __init__(self, rules: Any = "standard", players: int = 4, reward: str = "round",
                 max_cycles: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self._setup(rules, players, reward, max_cycles, render_mode)
        self.agents: list[str] = []
        self._words: Any = None
        self._step_start: Any = None
        self._obs: tuple[np.ndarray, np.ndarray, list[int]] | None = None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._state = self.game.new_state(self._seeds.next(seed))
        self._words = self.game.advance(None, None, self._state)
        self._credited = self._nothing_scored
        self._step_start = self._state
        self._obs = None
        self._cycles = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_act(self._state)[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if self._obs is None:  # once a step: nothing a seat sees changes until the step resolves
            self._obs = self.game.encode(self._state, self._words)
        obs, masks, _ = self._obs
        seat = self._seat[agent]
        if agent == self.agent_selection and not (self.terminations.get(agent) or self.truncations.get(agent)):
            mask = masks[seat]
        else:
            mask = np.zeros(self.game.num_actions, np.int8)
        return {"observation": obs[seat], "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        seat = self._seat[agent]
        before = self._state
        after = game.apply(before, seat, int(action))
        self._state = after
        self._cumulative_rewards[agent] = 0.0
        rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        owing = game.to_act(after)
        resolved = seat == game.to_act(before)[-1]
        if self.reward == "round":
            for s, points in enumerate(self._credit(after)):
                rewards[self.possible_agents[s]] = points
        if resolved:
            self._obs = None
            self._words = game.advance(self._words, self._step_start, after)
            self._step_start = after
            self._cycles += 1
        if game.is_over(after):
            for s, extra in enumerate(self._end_rewards(after)):
                rewards[self.possible_agents[s]] += extra
            self.terminations = dict.fromkeys(self.agents, True)
        elif resolved and self.max_cycles is not None and self._cycles >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = rewards
        self._accumulate_rewards()
        if owing and not (self.terminations[agent] or self.truncations[agent]):
            self.agent_selection = self.possible_agents[owing[0]]
        else:
            self.agent_selection = self.agents[0]
        if self.render_mode == "human":
            self.render()


def env(rules: Any = "standard", players: int = 4, reward: str = "round", max_cycles: int | None = None,
        render_mode: str | None = None) -> AECEnv:
    """The AEC env, wrapped as PettingZoo's classic games are (illegal action: -1, game over)."""
    raw = RawEnv(rules, players, reward, max_cycles, render_mode)
    wrapped: Any = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


raw_env = RawEnv


class ParallelBoomerang(_Common, ParallelEnv):  # type: ignore[misc]
    """Every seat acts at once; a step of the env is a step of the game."""

    metadata: ClassVar[dict[str, Any]] = {"name": "boomerang_v0", "render_modes": ["ansi", "human"]}

    def __init__(self, rules: Any = "standard", players: int = 4, reward: str = "round",
                 max_cycles: int | None = None, render_mode: str | None = None) -> None:
        self._setup(rules, players, reward, max_cycles, render_mode)
        self.agents: list[str] = []
        self._masks: list[int] = []
        self._words: Any = None
        g = self.game
        self._names = tuple(self.possible_agents)
        self._encode = g.encode
        self._to_act = g.to_act
        self._step = g.step
        self._is_over = g.is_over
        self._totals = g.totals
        self._may_score = g.may_score
        self._keep_words = g.needs_words
        self._everyone = operator.itemgetter(*self._names) if players > 1 else None
        """Every seat's action from the actions dict, in seat order, in one call."""

    def _observations(self, state: Any) -> dict[str, dict[str, np.ndarray]]:
        obs, masks, self._masks = self._encode(state, self._words)
        return seat_rows(self._names, obs, masks)

    def _illegal(self, state: Any, actions: dict[str, Any], seats: tuple[int, ...]
                 ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        """The game ends: -1 for each seat whose action is missing or illegal, 0 for the others."""
        agents = self.agents
        illegal = set()
        for seat in seats:
            action = actions.get(self.possible_agents[seat])
            if (not isinstance(action, int | np.integer) or isinstance(action, bool) or action < 0
                    or not self._masks[seat] >> int(action) & 1):
                illegal.add(seat)
        rewards = {a: (-1.0 if self._seat[a] in illegal else 0.0) for a in agents}
        obs = self._observations(state)
        self.agents = []
        return obs, rewards, dict.fromkeys(agents, True), dict.fromkeys(agents, True), {a: {} for a in agents}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self._state = self.game.new_state(self._seeds.next(seed))
        self._words = self.game.advance(None, None, self._state)
        self._credited = self._nothing_scored
        self._cycles = 0
        self.agents = self.possible_agents[:]
        return self._observations(self._state), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                      dict[str, bool], dict[str, dict[str, Any]]]:
        # The hot path of a training loop: every lookup is a local or one attribute of self.
        state = self._state
        agents = self.agents
        if not agents:
            raise RuntimeError("the game is over: call reset()")
        names = self._names
        seats = self._to_act(state)
        try:
            if len(seats) == len(names) and self._everyone is not None:
                after = self._step(state, self._everyone(actions))
            else:
                after = self._step(state, [actions[names[seat]] for seat in seats])
        except (KeyError, ValueError):  # a seat without an action, or an illegal one (IllegalAction)
            return self._illegal(state, actions, seats)
        self._state = after
        if self._keep_words:
            self._words = self.game.advance(self._words, state, after)
        self._cycles += 1
        points = None
        if self.reward == "round" and self._may_score(state, after) and self._totals(after) != self._credited:
            points = self._credit(after)
        over = self._is_over(after)
        truncated = not over and self.max_cycles is not None and self._cycles >= self.max_cycles
        rewards, terminations, truncations, infos = step_dicts(agents, points, over, truncated)
        if over:
            for i, extra in enumerate(self._end_rewards(after)):
                rewards[agents[i]] += extra
        obs, masks, self._masks = self._encode(after, self._words)
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return seat_rows(names, obs, masks), rewards, terminations, truncations, infos


def parallel_env(rules: Any = "standard", players: int = 4, reward: str = "round", max_cycles: int | None = None,
                 render_mode: str | None = None) -> ParallelBoomerang:
    """The parallel env: ``step`` takes every seat's action at once."""
    return ParallelBoomerang(rules, players, reward, max_cycles, render_mode)

