"""The PettingZoo parallel env against the raw engine loop in CPU time: a ratio that holds on a shared machine.

``boomerang-rules bench --rl`` times both by the wall clock, so on a machine other jobs share
the ratio moves with their load. Here both sides are timed by ``time.process_time`` (this
process's CPU time) in alternating runs: the raw loop of ``bench.play_random_games``
(``new_game``, ``to_act``, ``legal_actions``, ``apply``, random choices) and
``rl.bench.pettingzoo_parallel`` (random policy over each seat's ``action_mask``,
observations and masks included).

Any game: ``--rules`` names the ruleset (a shipped id or a file; the default ruleset if not given).

Needs the extra ``pettingzoo``.
Run: python benchmarks/bench_pettingzoo_cpu.py [--rules ID|PATH] [--players 4] [--seconds 1.0] [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from unittest import mock

import boomerang_rules as br
from boomerang_rules import bench
from boomerang_rules.rl import bench as rl_bench


def main() -> None:
    parser = argparse.ArgumentParser(description="The PettingZoo parallel env against the raw loop, in CPU time.")
    parser.add_argument("--rules", default=None, help="a shipped ruleset id or a ruleset file (any game)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rules = br.load_rules() if args.rules is None else br.load_rules(args.rules)
    raw: list[float] = []
    env: list[float] = []
    # Both measuring functions read time.perf_counter; here it reads this process's CPU time.
    with mock.patch.object(time, "perf_counter", time.process_time):
        for run in range(args.runs):
            _, decisions, elapsed = bench.play_random_games(rules, args.players, args.seconds, run)
            raw.append(decisions / elapsed)
            decisions, elapsed = rl_bench.pettingzoo_parallel(rules, args.players, args.seconds, run)
            env.append(decisions / elapsed)
    ratios = [e / r for e, r in zip(env, raw)]
    print(f"{args.players}-player games of {rules.id}, CPU time, median of {args.runs} alternating runs "
          f"of {args.seconds} s:")
    print(f"  raw engine loop       {statistics.median(raw):>12,.0f} decisions/s")
    print(f"  PettingZoo parallel   {statistics.median(env):>12,.0f} decisions/s  "
          f"ratio {statistics.median(ratios):.2f} (runs {', '.join(f'{x:.2f}' for x in ratios)})")


if __name__ == "__main__":
    main()
