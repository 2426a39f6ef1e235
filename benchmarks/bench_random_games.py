"""Random full games through the public API: games/s and decisions/s, median of several runs.

The same code as ``boomerang-rules bench``; this script is for running from a checkout.

Run: python benchmarks/bench_random_games.py [--rules ID] [--players 4] [--seconds 1.0] [--runs 5] [--compare hearts]
"""

from __future__ import annotations

import argparse

from boomerang_rules import bench


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", default=None, help="a ruleset of any game (default: Boomerang: Australia's)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--compare", choices=["hearts"], default=None)
    parser.add_argument("--all", action="store_true", help="also validation, scoring, start-up and memory")
    args = parser.parse_args()
    print(bench.report(bench.run(args.players, args.seconds, args.runs, args.compare, extras=args.all,
                                 rules=args.rules)))


if __name__ == "__main__":
    main()
