"""PettingZoo's AEC env for the library's games (``rl.pettingzoo``'s ``env()`` and ``raw_env``): the
seats of a cycle selected one at a time, those owing a decision first, each seeing the state at the
cycle's start (the module ``rl.pettingzoo`` says how a cycle goes)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from .encoding import Reading
from .pettingzoo_common import DEFAULT_MAX_CYCLES, GAME_OVER, NOT_RESET, _Common, check_action


class RawEnv(_Common, AECEnv):  # type: ignore[misc]
    """The AEC env; an illegal action raises ``IllegalAction`` (``env()`` gives the classic games' handling)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "boomerang_v0", "render_modes": ["ansi", "human"],
                                          # aec_to_parallel would need every owing seat's mask at a cycle's
                                          # start, in seat order (see the module's docstring): parallel_env()
                                          "is_parallelizable": False}
    """The class's; each env's names its game (``boomerang_australia_v0``, ``sea_salt_paper_v0``...)."""
    _terminate_illegal = False
    """Whether an illegal action ends the game with -1 for its seat (``BoomerangEnv``) or raises."""
    _DERIVED = (*_Common._DERIVED, "_obs", "_seen")

    _obs: Reading | None
    """The state at the start of this step as the seats see it (None: not read yet)."""
    _seen: dict[int, np.ndarray]
    """The observations gathered from ``_obs`` so far, by seat."""

    def _build(self) -> None:
        super()._build()
        self._obs = None  # read again when next observed
        self._seen = {}

    def __init__(self, rules: Any = "standard", players: int = 4, reward: str = "round",
                 max_cycles: int | None = DEFAULT_MAX_CYCLES, render_mode: str | None = None,
                 obs_key: str = "observation") -> None:
        super().__init__()
        self._setup(rules, players, reward, max_cycles, render_mode, obs_key)
        self.agents: list[str] = []
        self._step_start: Any = None
        self._obs = None
        self._seen = {}
        self._cycles = 0
        self._rewarded = False
        self._order: tuple[int, ...] = ()
        """This cycle's seats in the order they are selected: the seats owing a decision first."""
        self._owing = 0
        """How many of ``_order``'s first seats owe a decision in this cycle."""
        self._pos = 0
        self._orders: dict[tuple[int, ...], tuple[int, ...]] = {}
        """Each cycle's ``_order`` by its owing seats (``to_act``'s tuple)."""

    def _start_cycle(self, state: Any) -> None:
        """A new cycle from ``state``: every seat selected once, those owing a decision first."""
        owing = self.game.to_act(state)
        self._step_start = state
        self._obs = None
        self._owing = len(owing)
        order = self._orders.get(owing)
        if order is None:  # a few combinations of owing seats: each order made once
            order = self._orders[owing] = tuple(owing) if len(owing) == self.game.players else (
                *owing, *(s for s in range(self.game.players) if s not in owing))
        self._order = order
        self._pos = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._state = self.game.new_state(self._seeds.next(seed))
        self._credited = self._nothing_scored
        self._cycles = 0
        self._start_cycle(self._state)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        """Whether ``rewards`` may hold a reward other than 0 (a step of a seat owing nothing leaves all-0 rewards)."""
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._order[0]]
        if self.render_mode == "human":  # the table shown at reset as at every step
            self.render()

    def _encoded(self) -> Reading:
        """The state at the start of this cycle as the seats see it (read once a cycle: nothing a seat
        sees changes until the cycle ends; each seat's observation gathered when it is observed)."""
        obs = self._obs
        if obs is None:
            if self._state is None:
                raise RuntimeError(NOT_RESET)
            obs = self._obs = self.game.encoder.reading(self._step_start)
            self._seen = {}
        return obs

    def _owes(self, seat: int) -> bool:
        """Whether ``seat`` is selected now and owes a decision in this cycle."""
        return (self._state is not None and self._pos < self._owing and self._order[self._pos] == seat
                and self.possible_agents[seat] == self.agent_selection)

    def _legal_row(self, seat: int) -> np.ndarray | None:
        if not self._owes(seat):
            return None
        reading = self._encoded()
        return reading.mask_row(seat) if reading.masks[seat] else None

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The selected agent until the game is over or ``max_iter`` selections (PettingZoo's
        ``AECIterable``'s loop as a generator: a game of turns selects four agents a decision, and
        the iterator's ``__next__`` cost more than a generator's resumption)."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """``AECEnv.last`` with ``observe`` inlined for the selected agent (called at every selection,
        most of them, in a game of turns, seats owing nothing)."""
        try:
            agent = self.agent_selection
            terminated = self.terminations[agent]
        except (AttributeError, KeyError):  # never reset (no agent selected yet), or every agent removed
            raise RuntimeError(GAME_OVER if self._state is not None else NOT_RESET) from None
        truncated = self.truncations[agent]
        if not observe:
            return None, self._cumulative_rewards[agent], terminated, truncated, self.infos[agent]
        reading = self._obs
        if reading is None:
            reading = self._encoded()  # before reset(): its RuntimeError
        seat = self._seat[agent]
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._seen[seat] = reading.observation(seat)
        pos = self._pos
        if terminated or truncated:
            mask = self._zeros
        else:
            mask = reading.mask_row(seat) if pos < self._owing and self._order[pos] == seat else self._pass
        return ({self.obs_key: seen, "action_mask": mask}, self._cumulative_rewards[agent], terminated, truncated,
                self.infos[agent])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        # every selection of a cycle observes (most of them seats owing nothing): ``_owes`` inlined
        reading = self._obs
        if reading is None:
            reading = self._encoded()
        seat = self._seat[agent]
        if not self.agents and self._state is not None:
            raise RuntimeError(GAME_OVER)
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._seen[seat] = reading.observation(seat)
        pos = self._pos
        if agent != self.agent_selection or self.terminations[agent] or self.truncations[agent]:
            mask = self._zeros  # read-only: shared by every seat that is not to act
        elif pos < self._owing and self._order[pos] == seat:
            mask = reading.mask_row(seat)
        else:
            mask = self._pass  # selected, owing nothing this cycle: a forced pass
        return {self.obs_key: seen, "action_mask": mask}

    def _end_for_illegal(self, agent: str) -> None:
        """As PettingZoo's ``TerminateIllegalWrapper``: -1 for ``agent``, 0 for the others, every agent done."""
        gymnasium.logger.warn("Illegal move made, game terminating with current player losing.")
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = -1.0
        self._rewarded = True
        self._accumulate_rewards()
        self._deads_step_first()

    def step(self, action: Any) -> None:
        if self._state is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        try:
            dead = self.terminations[agent] or self.truncations[agent]
        except KeyError:  # every agent removed: the episode is over
            raise RuntimeError(GAME_OVER) from None
        if dead:
            self._was_dead_step(action)
            return
        pos = self._pos
        owes = pos < self._owing
        agents = self.agents
        order = self._order
        if not owes and pos + 1 < len(order):
            # A seat owing nothing, not the cycle's last (most selections in the games of turns): its
            # action is not read, nothing is scored, and the rewards stay (or become) all 0.
            if action is not None:
                check_action(action, self.game.num_actions)
            self._cumulative_rewards[agent] = 0.0
            if self._rewarded:
                self.rewards = dict.fromkeys(agents, 0.0)
                self._rewarded = False
            self._pos = pos = pos + 1
            self.agent_selection = agents[order[pos]]
            if self.render_mode == "human":
                self.render()
            return
        game = self.game
        seat = self._seat[agent]
        points: tuple[float, ...] | None = None
        over = False
        if owes:
            if self._terminate_illegal:
                legal = (self._obs or self._encoded()).masks[seat]
                # a plain int whose bit is set is a legal action id: checked once, by the mask
                if not (action.__class__ is int and action >= 0 and legal >> action & 1):
                    action = check_action(action, game.num_actions)
                    if not legal >> action & 1:
                        self._end_for_illegal(agent)
                        return
            else:
                action = check_action(action, game.num_actions)
            after = game.apply(self._state, seat, action)
            self._state = after
            if self.reward == "round":
                scored = self._credit(after)
                if scored is not self._nothing:
                    points = scored
            over = game.is_over(after)
        elif action is not None:  # a seat owing nothing this cycle: its action is not read
            check_action(action, game.num_actions)
        self._cumulative_rewards[agent] = 0.0
        self._pos += 1
        ended = self._pos == len(self._order)
        if over:
            self.terminations = dict.fromkeys(agents, True)
        elif ended:
            self._cycles += 1
            self._start_cycle(self._state)
            if self.max_cycles is not None and self._cycles >= self.max_cycles:
                self.truncations = dict.fromkeys(agents, True)
        if points is None and not over:  # nothing scored (most decisions): the rewards stay (or become) all 0
            if self._rewarded:
                self.rewards = dict.fromkeys(agents, 0.0)
                self._rewarded = False
        else:
            rewards: dict[str, float] = dict.fromkeys(agents, 0.0)
            if points is not None:
                for s, got in enumerate(points):
                    rewards[agents[s]] = got
            if over:
                for s, extra in enumerate(self._end_rewards(self._state)):
                    rewards[agents[s]] += extra
            self.rewards = rewards
            self._rewarded = True
            cumulative = self._cumulative_rewards
            for a, r in rewards.items():
                cumulative[a] += r
        if over or self.truncations[agent]:
            self.agent_selection = agents[0]
        else:
            self.agent_selection = agents[self._order[self._pos]]
        if self.render_mode == "human":
            self.render()


class BoomerangEnv(RawEnv):
    """The AEC env as ``env()`` gives it: an illegal action ends the game with -1 for its seat and 0 for
    the others, as in PettingZoo's classic games (their ``TerminateIllegalWrapper``, built in: the
    wrappers' attribute forwarding cost more than the game's own step)."""

    _terminate_illegal = True


def env(rules: Any = "standard", players: int = 4, reward: str = "round", max_cycles: int | None = DEFAULT_MAX_CYCLES,
        render_mode: str | None = None, obs_key: str = "observation") -> AECEnv:
    """The AEC env, as PettingZoo's classic games are (an illegal action: -1 and the game ends)."""
    return BoomerangEnv(rules, players, reward, max_cycles, render_mode, obs_key)


raw_env = RawEnv
