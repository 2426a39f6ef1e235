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
            for run in range(args.runs):
                _, decisions, elapsed = bench.play_random_games(rules, players, args.seconds, run)
                raw.append(decisions / elapsed)
                decisions, elapsed = parallel_decisions(rules_id, players, args.seconds, run)
                par.append(decisions / elapsed)
                decisions, elapsed = aec_decisions(rules_id, players, args.seconds, run)
                aec.append(decisions / elapsed)
                decisions, steps, elapsed = gym_decisions(rules_id, players, args.seconds, run)
                gym.append(decisions / elapsed)
                learner.append(steps / elapsed)
            r, p, a, g, s = (statistics.median(x) for x in (raw, par, aec, gym, learner))
            print(f"  {rules_id:<15} {players}p  engine {r:>9,.0f}   parallel {p:>9,.0f} (x{r / p:.2f})"
                  f"   AEC {a:>9,.0f} (x{r / a:.2f})   gym {g:>9,.0f} (x{r / g:.2f}; learner {s:,.0f} steps/s)")


if __name__ == "__main__":
    main()
