"""CPU time of each ``ismcts`` decision, over whole games, against the budget issues 14 and 26 set
(0.1 s a decision at the default settings).

One ``ismcts`` bot at its default budget plays whole games against ``--others`` (greedy or random
seats), its seat rotated from game to game; each of its decisions is timed by
``time.process_time`` (this process's CPU time, so that other work on the machine counts less),
and the median, 90th, 95th and 99th percentiles, maximum and mean are printed per ruleset and
player count (``--slowest N``: and the N slowest decisions, with their phase, round, deck size and
number of legal actions).
The same seeds give the same games, so two checkouts can be compared: run this once with
``PYTHONPATH`` at each (alternating) and compare the lines.

Run: python benchmarks/bench_ismcts_decision.py [--rules sea-salt-paper-extra-salt,sea-salt-paper]
     [--players 3,4] [--games 4] [--others greedy] [--seed 1] [--slowest N] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from typing import Any

from boomerang_rules.core import bots as core_bots
from boomerang_rules.core.games import game_module
from boomerang_rules.core.loading import load_rules


class Timed:
    """A bot whose every decision's CPU time is written down (``shapes``: and what the decision was)."""

    def __init__(self, bot: Any, times: list[float], shapes: list[str] | None = None) -> None:
        self.bot, self.times, self.shapes = bot, times, shapes

    def choose(self, seen: Any, actions: tuple[str, ...]) -> str:
        start = time.process_time()
        action: str = self.bot.choose(seen, actions)
        self.times.append(time.process_time() - start)
        if self.shapes is not None:
            self.shapes.append(f"{getattr(seen, 'phase', '?')}, round {getattr(seen, 'round', 0) + 1}, deck "
                               f"{getattr(seen, 'deck_size', '?')}, {len(actions)} legal")
        return action


def decisions(rules_id: str, players: int, games: int, others: str, seed: int,
              shapes: list[str] | None = None) -> list[float]:
    """The CPU seconds of every ``ismcts`` decision in ``games`` games (``shapes``: filled with what each was)."""
    rules = load_rules(rules_id)
    bots = game_module(rules.game).BOTS
    times: list[float] = []
    for g in range(games):
        seat = g % players
        seats = [Timed(bots["ismcts"](rules, seed + g), times, shapes) if s == seat
                 else bots[others](rules, seed + g + s) for s in range(players)]
        core_bots.play_game(rules, seats, seed + g)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", default="sea-salt-paper-extra-salt,sea-salt-paper")
    parser.add_argument("--players", default="3,4")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--others", default="greedy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--slowest", type=int, default=0, help="also print the N slowest decisions")
    parser.add_argument("--profile", action="store_true", help="print cProfile's top functions by own time")
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    for rules_id in args.rules.split(","):
        for players in map(int, args.players.split(",")):
            if profile is not None:
                profile.enable()
            shapes: list[str] = []
            times = decisions(rules_id, players, args.games, args.others, args.seed, shapes)
            if profile is not None:
                profile.disable()
            ranked = sorted(times)

            def at(q: float, ranked: list[float] = ranked) -> float:
                return ranked[int(q * (len(ranked) - 1))]

            print(f"{rules_id:28} {players}p vs {args.others:6} {len(times):4} decisions: median "
                  f"{statistics.median(times):.4f} s  p90 {at(0.9):.4f} s  p95 {at(0.95):.4f} s  "
                  f"p99 {at(0.99):.4f} s  max {ranked[-1]:.4f} s  mean {statistics.fmean(times):.4f} s", flush=True)
            for i in sorted(range(len(times)), key=times.__getitem__, reverse=True)[:args.slowest]:
                print(f"    {times[i]:.4f} s  {shapes[i]}")
    if profile is not None:
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
