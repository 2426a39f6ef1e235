"""Random full games through the public API: games/s and decisions/s, median of several runs.

Run: python benchmarks/bench_random_games.py [--players 4] [--seconds 1.0] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import boomerang_rules as br


def play_games(rules: br.Ruleset, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """Play random games for about ``seconds``; return games, decisions and the time taken."""
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        s = br.new_game(rules, players, rng.getrandbits(64))
        while not br.is_over(s):
            for seat in br.to_act(s):
                s = br.apply(s, seat, rng.choice(br.legal_actions(s, seat)))
                decisions += 1
        br.score_sheets(s)
        games += 1
    return games, decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rules = br.load_rules()
    rates = []
    for run in range(args.runs):
        games, decisions, elapsed = play_games(rules, args.players, args.seconds, run)
        rates.append((games / elapsed, decisions / elapsed))
    games_s = statistics.median(r[0] for r in rates)
    decisions_s = statistics.median(r[1] for r in rates)
    print(f"players={args.players} runs={args.runs} median: {games_s:,.0f} games/s, "
          f"{decisions_s:,.0f} decisions/s, {1000 / games_s:.3f} ms/game")


if __name__ == "__main__":
    main()
