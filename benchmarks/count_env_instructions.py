"""Fixed random episodes of one loop, for counting instructions: a measure the machine's load cannot move.

On a shared or virtual machine the CPU's speed drifts from second to second, and a change of a few per
cent drowns in it. Run this under ``valgrind --tool=cachegrind`` twice, with two episode counts, and
difference the two totals: what is left is the loop's own cost (Python's start and the imports cancel),
the same on every run. Every loop plays the same games whatever the code under it: the game seeds are
the episode numbers and, in the gymnasium env, the bots' seeds too (so that a change to how the env
draws its seeds does not change the games compared).

Loops (``--loop``): ``engine`` (``bench.random_games``: the public API's random loop, what the envs are
measured against), ``parallel`` and ``aec`` (the PettingZoo envs, a random legal action for every seat
owing one: ``bench_pettingzoo_games``' policy), ``gym`` (the single-agent env, seat 0 learning against
three ``random`` bots). Each prints what it counted (decisions, or the learner's steps).

Needs the extras ``rl`` and ``pettingzoo``; valgrind to count.
Run, for example (the real interpreter, not a shim; one BLAS thread; one hash seed: with Python's
string hashes drawn afresh each run, the same code's count moved by about 1% between runs)::

    export OPENBLAS_NUM_THREADS=1 PYTHONHASHSEED=0
    for n in 30 90; do
      valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=cg$n.out \\
        "$(python -c 'import sys; print(sys.executable)')" benchmarks/count_env_instructions.py --loop gym \\
        --rules boomerang-2010 --episodes $n
    done
    grep summary cg30.out cg90.out   # (the difference) / (the difference of the counts printed)
"""

from __future__ import annotations

import argparse
import random

import boomerang_rules as br
from bench_pettingzoo_games import pick, pick_all  # the same policy as the timed benchmark's
from boomerang_rules import bench

LOOPS = ("engine", "parallel", "aec", "gym")


def engine(rules: str, players: int, episodes: int) -> str:
    games = bench.random_games(br.load_rules(rules), players, 1)
    return f"decisions {sum(next(games) for _ in range(episodes))}"


def parallel(rules: str, players: int, episodes: int) -> str:
    from boomerang_rules.rl import pettingzoo

    env = pettingzoo.parallel_env(rules, players)
    rand = random.Random(1).random
    decisions = 0
    for game in range(episodes):
        observations, _ = env.reset(seed=game)
        while env.agents:
            actions = pick_all(observations, rand)
            decisions += len(actions)
            observations, *_ = env.step(actions)
    return f"decisions {decisions}"


def aec(rules: str, players: int, episodes: int) -> str:
    from boomerang_rules.rl import pettingzoo

    env = pettingzoo.env(rules, players)
    rand = random.Random(1).random
    decisions = 0
    for game in range(episodes):
        env.reset(seed=game)
        for _ in env.agent_iter():
            seen, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            action = pick(seen["action_mask"], rand)
            env.step(action)
            decisions += action is not None
    return f"decisions {decisions}"


def gym(rules: str, players: int, episodes: int) -> str:
    from boomerang_rules.rl import gym as rl_gym

    env = rl_gym.SingleAgentEnv(rules, players, max_decisions=None)
    episode = [0]
    # the same games and bots whatever the env's seeding: episode k is the game of seed k
    setattr(rl_gym, "bot_seed", lambda game_seed, seat: episode[0] * 16 + seat)  # noqa: B010
    new_state = env._adapter.new_state
    env._adapter.new_state = lambda seed: new_state(episode[0])  # type: ignore[method-assign]
    rand = random.Random(1).random
    env.reset(seed=0)
    steps = 0
    for k in range(episodes):
        episode[0] = k
        observation, _ = env.reset()
        done = False
        while not done:
            action = pick(observation["action_mask"], rand)
            assert action is not None
            observation, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
            steps += 1
    return f"learner steps {steps}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loop", choices=LOOPS, default="gym")
    parser.add_argument("--rules", default="standard", help="a ruleset id (default: standard)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--episodes", type=int, default=30)
    args = parser.parse_args()
    loop = {"engine": engine, "parallel": parallel, "aec": aec, "gym": gym}[args.loop]
    print(loop(args.rules, args.players, args.episodes))


if __name__ == "__main__":
    main()
