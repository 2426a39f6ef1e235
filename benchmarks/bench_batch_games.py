"""The batched engines of Sea Salt & Paper and Boomerang (2010) against OpenSpiel's C++ hearts.

Decisions per second of ``batch.playouts`` (random legal actions, one compiled loop) and of the
step API (``init``/``legal_masks``/``step``/``totals``, actions chosen by numpy from the
masks), each run alternating with OpenSpiel hearts' random-legal loop driven from Python
(``bench.play_hearts_games``: decisions are its steps, chance included, as ``bench --compare
hearts`` counts them), so that both see the same machine. Figures are medians of ``--runs``
runs and the ratios medians of the per-run ratios; one thread (``batch.THREADS``).

Run: python benchmarks/bench_batch_games.py [--players 4] [--seconds 1.0] [--runs 5] [--games 4096]
"""

from __future__ import annotations

import argparse
import statistics

from boomerang_rules import batch
from boomerang_rules.bench import play_hearts_games

GAMES = ("sea-salt-paper", "boomerang-2010")
KINDS = ("playouts", "step_api")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=4096, help="games per batch")
    args = parser.parse_args()
    for game in GAMES:  # compile (or load the cache) and count decisions outside the timing
        for kind in KINDS:
            batch.bench_rates(game, kind, 0.01, args.players, 16)
    hearts: list[float] = []
    rates: dict[tuple[str, str], list[tuple[float, float]]] = {(g, k): [] for g in GAMES for k in KINDS}
    for i in range(args.runs):
        _, steps, elapsed = play_hearts_games(args.seconds, i)
        hearts.append(steps / elapsed)
        for game in GAMES:
            for kind in KINDS:
                rates[game, kind].append(batch.bench_rates(game, kind, args.seconds, args.players, args.games))
    print(f"batched engines, {args.players} players, batches of {args.games} games, one thread "
          f"(median of {args.runs} alternating runs of {args.seconds} s):")
    print(f"  {'OpenSpiel hearts (C++), random legal':<40}{statistics.median(hearts):>14,.0f} decisions/s")
    for (game, kind), runs in rates.items():
        games = statistics.median(g for g, _ in runs)
        decisions = statistics.median(d for _, d in runs)
        ratio = statistics.median(d / h for (_, d), h in zip(runs, hearts))
        print(f"  {game + ' ' + kind:<40}{decisions:>14,.0f} decisions/s {games:>10,.0f} games/s "
              f"{ratio:7.1f}x hearts")


if __name__ == "__main__":
    main()
