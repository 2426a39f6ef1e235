"""What the PettingZoo envs share (``rl.pettingzoo``): the arguments' checks, the seeds of successive
games, each seat's action space, and ``_Common``: spaces, seeding, rewards, pickling and the text
rendering that the AEC env (``rl.pettingzoo_aec``) and the parallel env (``rl.pettingzoo_parallel``)
build on."""

from __future__ import annotations

import copy
import secrets
import weakref
from collections.abc import Callable
from typing import Any, ClassVar

import gymnasium
import numpy as np

from ..core import rng as rng_mod
from ..core.arguments import as_id, brief
from .adapters import GameAdapter, action_id, adapter_for, set_attributes
from .seeds import check_seed as check_seed
from .truncation import Scaled, bound

REWARDS = ("round", "final", "win")
OBS_KEYS = ("observation", "observations")
"""The observation's key beside ``"action_mask"`` (``obs_key``): PettingZoo's convention, or RLlib's
action-masking module's."""

GAME_OVER = "the game is over: call reset()"
"""What a call needing a live agent says once every agent is done (the parallel env's ``step`` too)."""
NOT_RESET = "call reset() before observe() or step()"

DEFAULT_MAX_CYCLES = Scaled(5_000)
"""The default ``max_cycles``: no game played to its end comes near it (the longest of 200 random
games took 28 cycles in Australia, 624 steps in Sea Salt & Paper, 205 in Boomerang (2010)); a ruleset of
longer games has it multiplied by ``rl.truncation.length_scale`` (Sea Salt & Paper to 1,000 points: 10)."""


class SeatActions(gymnasium.spaces.Discrete):  # type: ignore[misc,unused-ignore]
    """A seat's ``Discrete`` actions whose unmasked ``sample()`` draws a legal one (while tied to its env)."""

    def __init__(self, n: int, env: Any = None, seat: int = 0) -> None:
        super().__init__(n)
        self._env = None if env is None else weakref.ref(env)
        self._seat = seat

    def sample(self, mask: Any = None, probability: Any = None) -> Any:
        if mask is None and probability is None and self._env is not None:
            env = self._env()
            if env is not None:
                mask = env._legal_row(self._seat)
        return super().sample(mask=mask, probability=probability)

    def __getstate__(self) -> dict[str, Any]:
        """A copy is detached from the env (a weak reference does not pickle)."""
        state = dict(self.__dict__)
        state["_env"] = None
        return state


check_action = action_id
"""``adapters.action_id``: every env's check of an action (its name here since the envs were first written)."""


class _Seeds:
    """The seeds of successive games: from ``reset(seed=...)`` on, the same sequence everywhere."""

    def __init__(self) -> None:
        self.stream: int | None = None

    def next(self, seed: Any) -> int:
        checked = check_seed(seed)
        if checked is not None:
            self.stream = rng_mod.folded_state(checked)  # past 64 bits every word counts: 2**64 + 7 is not 7
        elif self.stream is None:
            self.stream = secrets.randbits(64)
        self.stream, out = rng_mod.next_u64(self.stream)
        return out


def _check(reward: str, max_cycles: int | None, render_mode: str | None, obs_key: str = "observation") -> None:
    if obs_key not in OBS_KEYS:
        raise ValueError(f"obs_key must be one of {', '.join(map(repr, OBS_KEYS))}, not {brief(obs_key)}")
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {brief(reward)}")
    cycles = as_id(max_cycles)  # a numpy integer or 0-d integer array too, as every env of rl reads a bound
    if max_cycles is not None and (cycles is None or cycles < 1):
        raise ValueError(f"max_cycles must be a positive integer or None, not {brief(max_cycles)}")
    if render_mode not in (None, "ansi", "human"):
        raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {brief(render_mode)}")


class _Common:
    """What both envs share: spaces, seeding, rewards, pickling and the text rendering."""

    _legal_row: Callable[[int], np.ndarray | None]
    """``seat``'s action mask now, or None when it owes no decision (each env defines it)."""

    metadata: ClassVar[dict[str, Any]]
    """Each env class's (PettingZoo's); an env's own names its game (see ``_setup``)."""
    game: GameAdapter
    obs_key: str = "observation"
    """The observation's key beside ``"action_mask"`` (one of ``OBS_KEYS``)."""
    possible_agents: list[str]
    render_mode: str | None
    _state: Any
    _DERIVED: ClassVar[tuple[str, ...]] = ("game", "_observation_spaces", "_action_spaces", "state_space", "_zeros",
                                           "_pass")
    """Attributes rebuilt from the arguments when an env is unpickled (``_build``)."""

    def _setup(self, rules: Any, players: int, reward: str, max_cycles: int | None,
               render_mode: str | None, obs_key: str = "observation") -> None:
        _check(reward, max_cycles, render_mode, obs_key)
        self.obs_key = obs_key
        self.game = adapter_for(rules, players)
        self._args = (self.game.rules, players)
        # the env's name is its game's (every game's envs were "boomerang_v0"), as PettingZoo names its own;
        # an instance's metadata over the class's (written through vars: a ClassVar to the type checker)
        vars(self)["metadata"] = {**type(self).metadata, "name": self.game.rules.game.replace("-", "_") + "_v0"}
        self.reward = reward
        cycles = bound(max_cycles, self.game.rules, players)  # the default grown with the ruleset's games
        self.max_cycles = None if cycles is None else as_id(cycles)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._seeds = _Seeds()
        self._state = None
        self._nothing_scored: tuple[int, ...] = (0,) * players
        self._nothing: tuple[float, ...] = (0.0,) * players
        self._credited = self._nothing_scored
        self._build()

    def _build(self) -> None:
        """The game adapter, the spaces and the bound methods: what pickling leaves out."""
        if getattr(self, "game", None) is None:
            self.game = adapter_for(*self._args)
        g = self.game
        box = gymnasium.spaces.Box(0.0, 1.0, (g.observation_size,), np.float32)
        self._observation_spaces = {
            a: gymnasium.spaces.Dict({self.obs_key: box,
                                      "action_mask": gymnasium.spaces.Box(0, 1, (g.num_actions,), np.int8)})
            for a in self.possible_agents}
        self._action_spaces = {a: SeatActions(g.num_actions, self, i) for i, a in enumerate(self.possible_agents)}
        size = g.observation_size * g.players
        self.state_space = gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32)
        zeros = np.zeros(g.num_actions, np.int8)
        zeros.flags.writeable = False
        self._zeros = zeros
        """The mask of a seat owing nothing, handed to every such seat: read-only (no seat's writes reach another's)."""
        forced = np.zeros(g.num_actions, np.int8)
        forced[0] = 1
        forced.flags.writeable = False
        self._pass = forced
        """The AEC env's mask of a seat selected while it owes nothing: action 0 alone, a forced pass
        (not read), so that every selected agent has a legal action to send (PettingZoo's
        ``performance_benchmark`` draws one from the mask), and a masked policy's pass has
        probability 1 (no gradient from it). Read-only and shared, as ``_zeros``."""

    def __copy__(self) -> Any:
        """A whole copy, as ``copy.deepcopy`` makes (and ``VectorEnv``'s): a shallow one shared the agents'
        list and the reward dicts, so playing the AEC copy to its end left the original with no agent."""
        return copy.deepcopy(self)

    def __getstate__(self) -> dict[str, Any]:
        state = {k: v for k, v in self.__dict__.items() if k not in self._DERIVED}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        set_attributes(self, state)
        self._build()

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[agent]

    def state(self) -> np.ndarray:
        """The whole state now, every seat's observation one after another: every seat's hidden cards
        in it, so for a centralised critic while training, never a policy's input or a seat's view (in
        the AEC env, the state after the cycle's decisions so far, which the observations show from
        the next cycle on)."""
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
