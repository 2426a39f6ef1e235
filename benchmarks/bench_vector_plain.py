"""The vector env over the plain engine (``batch.generic``) against the compiled one, in CPU time.

A ruleset no compiled kernel runs (Extra Salt, the online readings) is served by the plain
engine behind the same API; this says what that costs. Each ruleset runs as ``VectorEnv``
serves it, and also forced onto the plain engine (as ``tests/test_rl_vector.py`` forces it), so
that the engine's cost and the ruleset's own come apart; OpenSpiel hearts alternates with them
(``bench_vector_cpu.hearts_steps``). Random legal actions (``sample_actions``), observations
and masks included; a decision is one seat's (``to_act``).

Needs the extras ``batch`` and ``bench``.
Run: python benchmarks/bench_vector_plain.py [--rules sea-salt-paper sea-salt-paper-extra-salt]
     [--players 4] [--games 64] [--seconds 1.0] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_vector_cpu import hearts_steps
from boomerang_rules import batch
from boomerang_rules.batch import generic
from boomerang_rules.rl.vector import VectorEnv


def env_of(rules_id: str, players: int, games: int, plain: bool) -> VectorEnv:
    """The env ``VectorEnv`` makes, or (``plain``) the one the plain engine serves."""
    if not plain:
        return VectorEnv(rules_id, players=players, games=games, copy=False)
    serving = batch.serving
    batch.serving = lambda rules: generic  # forced, as the tests force it
    try:
        return VectorEnv(rules_id, players=players, games=games, copy=False)
    finally:
        batch.serving = serving


def decisions_per_second(env: VectorEnv, seconds: float, seed: int) -> float:
    """Decisions per CPU second of whole games, ``sample_actions`` choosing."""
    decisions = 0
    batch_seed = seed << 32
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=batch_seed)
        batch_seed += env.games
        done = False
        while not done:
            decisions += int(env.to_act.sum())
            _, _, _, done = env.step(env.sample_actions())
    return decisions / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", nargs="+", default=["sea-salt-paper", "sea-salt-paper-extra-salt"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    envs: dict[str, VectorEnv] = {}
    for rules_id in args.rules:
        for plain in (False, True):
            env = env_of(rules_id, args.players, args.games, plain)
            envs.setdefault(f"{rules_id} ({env.engine})", env)  # a ruleset the plain engine serves: once
    for env in envs.values():  # compiled code loaded outside the timing
        env.reset(seed=0)
        env.step(env.sample_actions())
    hearts: list[float] = []
    rates: dict[str, list[float]] = {name: [] for name in envs}
    for i in range(args.runs):
        hearts.append(hearts_steps(args.seconds, i))
        for name, env in envs.items():
            rates[name].append(decisions_per_second(env, args.seconds, i))
    print(f"CPU time, median of {args.runs} alternating runs of {args.seconds} s, {args.players} players, "
          f"{args.games} games:")
    print(f"  {'OpenSpiel hearts, random':<48} {statistics.median(hearts):>10,.0f} steps/s")
    for name, found in rates.items():
        ratio = statistics.median(v / h for v, h in zip(found, hearts))
        print(f"  {name:<48} {statistics.median(found):>10,.0f} decisions/s  {ratio:.3f}x hearts")


if __name__ == "__main__":
    main()
