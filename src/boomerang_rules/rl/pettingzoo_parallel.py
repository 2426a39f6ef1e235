"""PettingZoo's parallel env for the library's games (``rl.pettingzoo``'s ``parallel_env()``): every
seat's action at once, a step of the env a step of the game; its per-step dicts made by the compiled
``_encode`` where it is built (``seat_rows``, ``step_dicts``), else by their plain references."""

from __future__ import annotations

import operator
import os
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import numpy as np
from pettingzoo import ParallelEnv

from ..core.arguments import brief
from .encoding import seat_rows_plain
from .pettingzoo_common import DEFAULT_MAX_CYCLES, GAME_OVER, _Common, check_action


def step_dicts_plain(agents: list[str], points: tuple[float, ...] | None, over: bool, truncated: bool
                     ) -> tuple[dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
    """A parallel step's rewards (``points`` as floats, 0.0 each when None), terminations, truncations
    and infos (``_encode.step_dicts``'s reference)."""
    rewards = dict.fromkeys(agents, 0.0) if points is None else {a: float(p) for a, p in zip(agents, points)}
    return rewards, dict.fromkeys(agents, over), dict.fromkeys(agents, truncated), {a: {} for a in agents}


seat_rows: Callable[[tuple[str, ...], np.ndarray, np.ndarray, str, list[int], np.ndarray],
                    dict[str, dict[str, np.ndarray]]] = seat_rows_plain
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


class ParallelBoomerang(_Common, ParallelEnv):  # type: ignore[misc]
    """Every seat acts at once; a step of the env is a step of the game (and a cycle)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "boomerang_v0", "render_modes": ["ansi", "human"]}
    """The class's; each env's names its game (``boomerang_australia_v0``, ``sea_salt_paper_v0``...)."""
    _DERIVED = (*_Common._DERIVED, "_encode", "_seat_dicts", "_to_act", "_step", "_apply", "_engine_actions",
                "_is_over", "_totals", "_everyone")

    def __init__(self, rules: Any = "standard", players: int = 4, reward: str = "round",
                 max_cycles: int | None = DEFAULT_MAX_CYCLES, render_mode: str | None = None,
                 obs_key: str = "observation") -> None:
        self._setup(rules, players, reward, max_cycles, render_mode, obs_key)
        self.agents: list[str] = []
        self._masks: list[int] = []
        self._names = tuple(self.possible_agents)
        self._cycles = 0

    def _build(self) -> None:
        super()._build()
        g = self.game
        self._encode = g.encode
        self._seat_dicts = g.encoder.seat_dicts if g.encoder.dicts_compiled else None
        """Every seat's observation dict in one compiled call (``Encoder.seat_dicts``: the game's own
        ``fast_dicts``, or its table read in C); else ``encode`` and ``seat_rows``."""
        self._to_act = g.to_act
        self._step = g.step
        self._apply = g._apply
        self._engine_actions = g.engine_actions
        self._is_over = g.is_over
        self._totals = g.totals
        names = tuple(self.possible_agents)
        self._everyone = operator.itemgetter(*names) if len(names) > 1 else None
        """Every seat's action from the actions dict, in seat order, in one call."""

    def _legal_row(self, seat: int) -> np.ndarray | None:
        if self._state is None or not self.agents or not self._masks[seat]:
            return None
        row: np.ndarray = self.game.encoder._mask_rows(self._masks)[seat]
        return row

    def _observations(self, state: Any) -> dict[str, dict[str, np.ndarray]]:
        """Every seat's observation dict (each array its own), ``_masks`` set to the legal masks."""
        seat_dicts = self._seat_dicts
        if seat_dicts is not None:
            seen, self._masks = seat_dicts(state, self._names, self.obs_key, self._zeros)
            return seen
        obs, rows, self._masks = self._encode(state)
        return seat_rows(self._names, obs, rows, self.obs_key, self._masks, self._zeros)

    def _illegal(self, state: Any, illegal: set[int]
                 ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        """The game ends: -1 for each seat whose action is missing or illegal, 0 for the others."""
        agents = self.agents
        rewards = {a: (-1.0 if self._seat[a] in illegal else 0.0) for a in agents}
        obs = self._decide_nothing(self._observations(state))
        self.agents = []
        return obs, rewards, dict.fromkeys(agents, True), dict.fromkeys(agents, True), {a: {} for a in agents}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self._state = self.game.new_state(self._seeds.next(seed))
        self._credited = self._nothing_scored
        self._cycles = 0
        self.agents = self.possible_agents[:]
        if self.render_mode == "human":
            self.render()
        return self._observations(self._state), {a: {} for a in self.agents}

    def _actions(self, actions: Any, seats: Sequence[int]) -> list[Any] | set[int]:
        """The owing seats' actions as checked ids, or the seats whose action is missing or illegal."""
        if not isinstance(actions, dict):
            raise ValueError(f"actions must be a dict of each agent's action, not {type(actions).__name__}")
        if len(actions) > len(seats):
            self._check_unread(actions)
        names = self._names
        masks = self._masks
        if len(seats) == 1:  # a game of turns: one seat's plain int, legal (else the checks below)
            seat = seats[0]
            action = actions.get(names[seat])
            if action.__class__ is int and action >= 0 and masks[seat] >> action & 1:
                return [action]
        everyone = self._everyone
        # every seat at once (seats in seat order), from a plain dict (a subclass may make missing keys up)
        if len(seats) == len(names) and everyone is not None and actions.__class__ is dict:
            try:
                chosen = list(everyone(actions))
            except KeyError:  # an agent's action missing: the checks below say whose
                pass
            else:  # each a plain int whose mask bit is set is legal (else the checks below)
                for seat, action in enumerate(chosen):
                    if not (action.__class__ is int and action >= 0 and masks[seat] >> action & 1):
                        break
                else:
                    return chosen
        n = self.game.num_actions
        chosen = [actions.get(names[seat]) for seat in seats]
        illegal: set[int] = set()
        for i, (seat, action) in enumerate(zip(seats, chosen)):
            if action is None:
                illegal.add(seat)
                continue
            action = chosen[i] = check_action(action, n, f"actions[{names[seat]!r}]")
            if not masks[seat] >> action & 1:
                illegal.add(seat)
        return illegal or chosen

    def _check_unread(self, actions: dict[str, Any]) -> None:
        """Every key of ``actions`` an agent of the game, and every action an action id or None: those of
        the seats owing nothing are not read, but checked, as the AEC env checks them (a ``ValueError``
        naming the first that is not)."""
        n = self.game.num_actions
        seats = self._seat
        for agent, action in actions.items():
            if agent not in seats:
                raise ValueError(f"actions name {brief(agent)}, no agent of this game (its agents: "
                                 f"{', '.join(self._names)})")
            if action is not None and not (action.__class__ is int and 0 <= action < n):
                check_action(action, n, f"actions[{agent!r}]")

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                      dict[str, bool], dict[str, dict[str, Any]]]:
        # The hot path of a training loop: every lookup is a local or one attribute of self.
        state = self._state
        agents = self.agents
        if not agents:
            raise RuntimeError(GAME_OVER if state is not None else "call reset() before step()")
        names = self._names
        seats = self._to_act(state)
        if len(seats) == 1 and isinstance(actions, dict):
            # a game of turns (most steps): one seat's plain int whose mask bit is set is legal, and
            # is applied as the engine takes it (``GameAdapter.step``'s one-seat path, inline)
            seat = seats[0]
            action = actions.get(names[seat])
            if action.__class__ is int and action >= 0 and self._masks[seat] >> action & 1:
                if len(actions) > 1:  # the seats owing nothing: unread, but checked
                    self._check_unread(actions)
                engine = self._engine_actions
                after = self._apply(state, seat, action if engine is None else engine[action])
            else:
                chosen = self._actions(actions, seats)
                if isinstance(chosen, set):
                    return self._illegal(state, chosen)
                after = self._step(state, chosen, seats)
        else:
            chosen = self._actions(actions, seats)
            if isinstance(chosen, set):
                return self._illegal(state, chosen)
            after = self._step(state, chosen, seats)
        self._state = after
        self._cycles += 1
        points = None
        if self.reward == "round" and self._totals(after) != self._credited:
            points = self._credit(after)
        over = self._is_over(after)
        truncated = not over and self.max_cycles is not None and self._cycles >= self.max_cycles
        rewards, terminations, truncations, infos = step_dicts(agents, points, over, truncated)
        if over:
            for i, extra in enumerate(self._end_rewards(after)):
                rewards[agents[i]] += extra
        seat_dicts = self._seat_dicts
        if seat_dicts is not None:
            seen, self._masks = seat_dicts(after, names, self.obs_key, self._zeros)
        else:
            obs, rows, self._masks = self._encode(after)
            seen = seat_rows(names, obs, rows, self.obs_key, self._masks, self._zeros)
        if over or truncated:
            self.agents = []
            if truncated:
                seen = self._decide_nothing(seen)
        if self.render_mode == "human":
            self.render()
        return seen, rewards, terminations, truncations, infos

    def _decide_nothing(self, seen: dict[str, dict[str, np.ndarray]]) -> dict[str, dict[str, np.ndarray]]:
        """The episode is over with the game not (truncated, or ended by an illegal action): every seat's
        mask all 0 (the shared read-only ``_zeros``), as at the game's end and in the AEC env."""
        zeros = self._zeros
        for observed in seen.values():
            observed["action_mask"] = zeros
        self._masks = [0] * len(self._masks)
        return seen


def parallel_env(rules: Any = "standard", players: int = 4, reward: str = "round",
                 max_cycles: int | None = DEFAULT_MAX_CYCLES, render_mode: str | None = None,
                 obs_key: str = "observation") -> ParallelBoomerang:
    """The parallel env: ``step`` takes every seat's action at once."""
    return ParallelBoomerang(rules, players, reward, max_cycles, render_mode, obs_key)
