"""PettingZoo environments for the library's games (the extra ``pettingzoo``).

``env()`` is the AEC form: within a simultaneous step the seats act one after another, and
none sees anything of the choices made before it in that step. ``parallel_env()`` takes every
seat's action at once. Observations are ``{"observation": Box, "action_mask": Box}`` (with
``obs_key="observations"``, ``{"observations": ...}``: the key RLlib's action-masking module reads,
so that ``PettingZooEnv(env(..., obs_key="observations"))`` feeds it unchanged); actions are the
game's integer actions. Every array an agent is handed is its own (no view of a buffer holding
another seat's observation or mask), but the all-zero mask of a seat owing nothing: one read-only
array, shared by every such seat. As in PettingZoo's classic games, an illegal action ends the
game with -1 for the seat that made it and 0 for the others. Once an episode is over (the game's
end, ``max_cycles``, an illegal action) every seat's mask is all 0, in both envs.

``action_space(agent).sample()`` with no mask draws one of that seat's legal actions (the
space knows its seat's mask), so a policy that ignores masks still plays a legal game; pass
a mask or a probability and it behaves as any ``Discrete``.

Every observation entry lies in [0, 1] (``boomerang_rules.rl.encoding``: one encoder over each
game's table of fields; the Box says so).

A cycle is, as PettingZoo defines it, every live agent stepping once, and it is one step of
the game in both envs: in the parallel env a ``step`` (every agent submits an action; the
seats owing no decision there have an all-zero mask, and their action is not read); in the AEC
env every live agent is selected once, the seats owing a decision first (in ``to_act`` order),
then the others in seat order, whose mask holds action 0 alone (a forced pass: every selected
agent has a legal action, as PettingZoo's ``performance_benchmark`` needs) and whose action (any
action id, or None) is not read; an agent observed while another is selected has an all-zero
mask. So the AEC env is the parallel env played a seat at a time, in the games of turns too,
where one seat may decide several times in a row (Sea Salt & Paper, Boomerang (2010)): each of
those decisions is a cycle of its own. Within a cycle every seat observes the
state at the cycle's start. Unlike the AEC env PettingZoo's ``parallel_to_aec`` makes, it selects
the seats owing a decision first and gives a seat its mask only while it is selected (as
PettingZoo's classic games do), so PettingZoo's ``aec_to_parallel``, which expects the agents in
seat order and every owing seat's mask at the cycle's start, cannot turn it back into a parallel
env (it played illegal actions from all-zero masks): its metadata says ``is_parallelizable:
False``, and that conversion is refused. ``parallel_env()`` is the same game in parallel.

``max_cycles`` (default ``DEFAULT_MAX_CYCLES``; ``None`` for no bound) truncates an episode
after that many cycles, so with ``max_cycles=k`` every agent is selected exactly k times
(PettingZoo's ``max_cycles_test``). The default is far beyond any game played to its end, so
it only stops a policy that never ends one (in Sea Salt & Paper a round may go on while nobody
ends it).

Bad input is refused with a ``ValueError`` naming it: a seed that is not a non-negative integer
(numpy integers are; as gymnasium's seeds, and a seed past 64 bits has its higher words folded in,
so ``2**64 + 7`` deals another game than ``7``), an action that is not an integer action id of the
game's numbering.

Spaces and envs pickle (for multiprocess vector envs and Ray): an env pickles as its
arguments and where its game is, a space as a plain ``Discrete`` copy (detached from its env,
its ``sample()`` then draws from every action).

 ``"round"`` the points each seat scores at the end of each round
(summing to its final total), ``"final"`` each seat's total at the end, ``"win"`` 1 at the end
to every winning seat (a shared win too), 0 to the others.
"""

from __future__ import annotations

import operator
import os
import secrets
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar

from ..core.extras import missing

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv, ParallelEnv
except ModuleNotFoundError as error:
    raise missing(error, "boomerang_rules.rl.pettingzoo", "pettingzoo") from None

from ..core import rng as rng_mod
from ..core.arguments import brief
from .adapters import GameAdapter, action_id, adapter_for, set_attributes
from .encoding import Reading
from .encoding import seat_rows_plain as seat_rows_plain  # re-exported: the compiled seat_rows' reference

REWARDS = ("round", "final", "win")
OBS_KEYS = ("observation", "observations")
"""The observation's key beside ``"action_mask"`` (``obs_key``): PettingZoo's convention, or RLlib's
action-masking module's."""

GAME_OVER = "the game is over: call reset()"
"""What a call needing a live agent says once every agent is done (the parallel env's ``step`` too)."""
NOT_RESET = "call reset() before observe() or step()"

DEFAULT_MAX_CYCLES = 5_000
"""The default ``max_cycles``: no game played to its end comes near it (the longest of 200 random
games took 28 cycles in Australia, 624 steps in Sea Salt & Paper, 205 in Boomerang (2010))."""


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


def check_seed(seed: Any) -> int | None:
    """``seed`` as an int (or None); a ``ValueError`` for anything else (a float, a string, a bool, a
    negative integer: gymnasium's seeds are non-negative, and -1 would deal 2**64 - 1's game)."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise ValueError(f"seed must be an integer or None, not {brief(seed)}")
    if seed < 0:
        raise ValueError(f"seed must be a non-negative integer or None (gymnasium's seeds), not {brief(seed)}")
    return int(seed)


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
    if max_cycles is not None and (isinstance(max_cycles, bool) or not isinstance(max_cycles, int | np.integer)
                                   or max_cycles < 1):
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
        self.max_cycles = None if max_cycles is None else int(max_cycles)
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
