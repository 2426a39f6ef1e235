"""Each game's envs (PettingZoo parallel and AEC, the gymnasium single-agent env) against its raw
engine loop, in CPU time.

For every shipped game: the raw loop of ``bench.play_random_games`` (``new_game``, ``to_act``,
``legal_actions``, ``apply``, random choices, through the public API), the parallel env, the
AEC env and the gymnasium env (``rl.gym``, the other seats ``random`` bots), each with a random
policy over the legal actions of its ``action_mask`` (observations and masks included). The
gymnasium env counts every decision of its game, the bots' as well as the learner's (its step
plays them; counted by replaying the same episodes untimed): per decision it costs the
engine's work plus the learner's observation once a turn; its learner's steps a second are
printed beside. Timed by ``time.process_time`` in alternating runs, so the
ratios hold on a shared machine; printed as decisions a second and the engine-to-env ratio
(the env's cost a decision as a multiple of the engine's: 3 or less is the goal).

Beside each PettingZoo env, the loop's floor: the same loop and policy over a null env that plays
no game, its ``reset``, ``step``, ``agent_iter`` and ``last`` handing back what the real env handed
out in recorded episodes (no observation made, no state read): what the API's loop and the
policy cost a decision before any env does anything.

Needs the extra ``pettingzoo``.
Run: python benchmarks/bench_pettingzoo_games.py [--seconds 1.0] [--runs 3] [--game sea-salt-paper]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any
from unittest import mock

import boomerang_rules as br
from boomerang_rules import bench
from boomerang_rules.rl import pettingzoo as bz

GAMES = (("standard", 4), ("sea-salt-paper", 4), ("boomerang-2010", 4))


def _pick(mask: Any, rand: Any) -> int | None:
    legal = mask.nonzero()[0]
    return int(legal[int(rand() * len(legal))]) if len(legal) else None


def _episodes(reset: Any, seconds: float, seed: int) -> Any:
    """Reset seeds of successive episodes for about ``seconds`` (each game a new seed), ``reset`` called on each."""
    game = seed << 20
    start = time.perf_counter()
    while time.perf_counter() < start + seconds:
        yield reset(seed=game)
        game += 1


def parallel_decisions(rules: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Random-policy parallel episodes for about ``seconds``: decisions, seconds."""
    env = bz.parallel_env(rules, players)
    rand = random.Random(seed).random
    decisions = 0
    start = time.perf_counter()
    for obs, _ in _episodes(env.reset, seconds, seed):
        while env.agents:
            actions = {}
            for agent, seen in obs.items():
                action = _pick(seen["action_mask"], rand)
                if action is not None:
                    actions[agent] = action
            decisions += len(actions)
            obs, _, _, _, _ = env.step(actions)
    return decisions, time.perf_counter() - start


class _ParallelReplay:
    """A parallel env that plays no game: ``reset`` and ``step`` hand back a recorded episode's results."""

    def __init__(self, rules: str, players: int, seed: int, episodes: int = 20) -> None:
        env = bz.parallel_env(rules, players)
        rand = random.Random(seed).random
        self._episodes: list[tuple[Any, list[Any]]] = []
        for game in range(episodes):
            first = env.reset(seed=(seed << 20) + game)
            obs, steps = first[0], []
            while env.agents:
                result = env.step(_actions(obs, rand))
                steps.append(result)
                obs = result[0]
            self._episodes.append((first, steps))
        self.agents: list[str] = []
        self._steps: Any = iter(())
        self._left = 0

    def reset(self, seed: int) -> Any:
        first, steps = self._episodes[seed % len(self._episodes)]
        self._steps = iter(steps)
        self._left = len(steps)
        self.agents = list(first[0])
        return first

    def step(self, actions: Any) -> Any:
        self._left -= 1
        if not self._left:
            self.agents = []
        return next(self._steps)


def _actions(obs: Any, rand: Any) -> dict[str, int]:
    """The benchmark's policy: every seat's random legal action (none for a seat owing nothing)."""
    actions = {}
    for agent, seen in obs.items():
        action = _pick(seen["action_mask"], rand)
        if action is not None:
            actions[agent] = action
    return actions


def parallel_floor(rules: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """``parallel_decisions``' loop over recorded episodes (``_ParallelReplay``): decisions, seconds."""
    env = _ParallelReplay(rules, players, seed)
    rand = random.Random(seed).random
    decisions = 0
    start = time.perf_counter()
    for obs, _ in _episodes(env.reset, seconds, seed):
        while env.agents:
            actions = {}
            for agent, seen in obs.items():
                action = _pick(seen["action_mask"], rand)
                if action is not None:
                    actions[agent] = action
            decisions += len(actions)
            obs, _, _, _, _ = env.step(actions)
    return decisions, time.perf_counter() - start


class _AECReplay:
    """An AEC env that plays no game: its selections and ``last()`` replay a recorded episode's."""

    def __init__(self, rules: str, players: int, seed: int, episodes: int = 20) -> None:
        env = bz.env(rules, players)
        rand = random.Random(seed).random
        self._episodes: list[list[tuple[str, Any]]] = []
        for game in range(episodes):
            env.reset(seed=(seed << 20) + game)
            selections = []
            for agent in env.agent_iter():
                seen = env.last()
                selections.append((agent, seen))
                obs, _, terminated, truncated, _ = seen
                env.step(None if terminated or truncated else _pick(obs["action_mask"], rand))
            self._episodes.append(selections)
        self._selections: list[tuple[str, Any]] = []
        self._at = 0

    def reset(self, seed: int) -> None:
        self._selections = self._episodes[seed % len(self._episodes)]
        self._at = 0

    def agent_iter(self) -> Any:
        for agent, _ in self._selections:
            yield agent

    def last(self) -> Any:
        return self._selections[self._at][1]

    def step(self, action: Any) -> None:
        self._at += 1


def aec_floor(rules: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """``aec_decisions``' loop over recorded episodes (``_AECReplay``): decisions, seconds."""
    env = _AECReplay(rules, players, seed)
    rand = random.Random(seed).random
    decisions = 0
    start = time.perf_counter()
    for _ in _episodes(env.reset, seconds, seed):
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            action = _pick(obs["action_mask"], rand)
            env.step(action)
            decisions += action is not None
    return decisions, time.perf_counter() - start


def aec_decisions(rules: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Random-policy AEC episodes (as ``env()`` returns it) for about ``seconds``: decisions, seconds
    (the steps of seats owing nothing in a cycle are played, and not counted as decisions)."""
    env = bz.env(rules, players)
    rand = random.Random(seed).random
    decisions = 0
    start = time.perf_counter()
    for _ in _episodes(env.reset, seconds, seed):
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            action = _pick(obs["action_mask"], rand)  # None for a seat owing nothing this cycle
            env.step(action)
            decisions += action is not None
    return decisions, time.perf_counter() - start


def _gym_episodes(env: Any, seconds: float, seed: int, episodes: int | None = None) -> tuple[int, int]:
    """Random-policy episodes of ``env`` for about ``seconds`` (or exactly ``episodes`` of them): episodes, steps."""
    rand = random.Random(seed).random
    steps = 0
    played = 0
    game = seed << 20
    start = time.perf_counter()
    while (time.perf_counter() < start + seconds) if episodes is None else played < episodes:
        obs, _ = env.reset(seed=game)
        game += 1
        played += 1
        done = False
        while not done:
            action = _pick(obs["action_mask"], rand)
            obs, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
            steps += 1
    return played, steps


def gym_decisions(rules: str, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random-policy episodes of the gymnasium single-agent env (seat 0 learning, the others ``random``
    bots) for about ``seconds``: the game's decisions (every seat's), the learner's steps, seconds.

    The env plays every decision through the state's ``_br_step`` (what ``br.step`` calls): the
    same episodes (the same seeds, the same policy) are played again untimed through a wrapper of
    it that counts them, so the count costs the timed loop nothing (a counting wrapper timed with
    it cost 7% of Boomerang (2010)'s loop, which the engine's loop does not pay)."""
    from boomerang_rules.rl.gym import SingleAgentEnv

    env = SingleAgentEnv(rules, players)
    start = time.perf_counter()
    episodes, steps = _gym_episodes(env, seconds, seed)
    elapsed = time.perf_counter() - start
    played = [0]
    cls = type(br.new_game(br.load_rules(rules), players, 0))
    step = cls.__dict__["_br_step"]

    def counted(state: Any, actions: Any) -> Any:
        played[0] += len(actions)
        return step(state, actions)

    with mock.patch.object(cls, "_br_step", counted):
        again = _gym_episodes(SingleAgentEnv(rules, players), 0.0, seed, episodes)
    assert again == (episodes, steps), (again, episodes, steps)  # the same episodes, replayed
    return played[0], steps, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description="Each game's PettingZoo envs against its raw engine loop.")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--game", help="one ruleset id (default: one of each game)")
    args = parser.parse_args()
    games = [(g, p) for g, p in GAMES if args.game in (None, g)] or [(args.game, 4)]
    print(f"CPU time, median of {args.runs} alternating runs of {args.seconds} s (decisions a second):")
    with mock.patch.object(time, "perf_counter", time.process_time):
        for rules_id, players in games:
            rules = br.load_rules(rules_id)
            raw: list[float] = []
            par: list[float] = []
            aec: list[float] = []
            gym: list[float] = []
            learner: list[float] = []
            par_floor: list[float] = []
            aec_floor_: list[float] = []
            for run in range(args.runs):
                _, decisions, elapsed = bench.play_random_games(rules, players, args.seconds, run)
                raw.append(decisions / elapsed)
                decisions, elapsed = parallel_decisions(rules_id, players, args.seconds, run)
                par.append(decisions / elapsed)
                decisions, elapsed = aec_decisions(rules_id, players, args.seconds, run)
                aec.append(decisions / elapsed)
                decisions, elapsed = parallel_floor(rules_id, players, args.seconds, run)
                par_floor.append(decisions / elapsed)
                decisions, elapsed = aec_floor(rules_id, players, args.seconds, run)
                aec_floor_.append(decisions / elapsed)
                decisions, steps, elapsed = gym_decisions(rules_id, players, args.seconds, run)
                gym.append(decisions / elapsed)
                learner.append(steps / elapsed)
            r, p, a, g, s, pf, af = (statistics.median(x) for x in (raw, par, aec, gym, learner, par_floor, aec_floor_))
            print(f"  {rules_id:<15} {players}p  engine {r:>9,.0f}   parallel {p:>9,.0f} (x{r / p:.2f}; loop floor"
                  f" x{r / pf:.2f})   AEC {a:>9,.0f} (x{r / a:.2f}; loop floor x{r / af:.2f})"
                  f"   gym {g:>9,.0f} (x{r / g:.2f}; learner {s:,.0f} steps/s)")


if __name__ == "__main__":
    main()
