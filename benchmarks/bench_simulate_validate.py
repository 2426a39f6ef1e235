"""``simulate`` and ``validate`` of every game, per game played and per record validated, against
Boomerang: Australia's (issue 27: within 2x of Australia's).

What the commands do less their start-up: ``core.simulation.simulate`` writing JSON Lines to a
file, then ``core.validation.validate_file`` reading it back. CPU time (``time.process_time``), the
games taken in turn each run so that a load that comes and goes falls on all of them; the median
of the runs.

Run: python benchmarks/bench_simulate_validate.py [--games 500] [--runs 5] [--players 4] [--bots random]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from boomerang_rules.core.loading import load_rules
from boomerang_rules.core.simulation import simulate
from boomerang_rules.core.validation import validate_file

GAMES = ("boomerang-australia", "sea-salt-paper", "boomerang-2010")


def once(rules_id: str, players: int, bots: str, games: int, out: Path) -> tuple[float, float]:
    """Milliseconds of CPU per game simulated and per record validated, one run."""
    rules = load_rules(rules_id)
    names = [bots] * players
    start = time.process_time()
    with out.open("w", encoding="utf-8") as stream:
        for text in simulate(rules, names, [f"{bots} {seat}" for seat in range(players)], 1, games, True):
            stream.write(text)
    played = time.process_time() - start
    start = time.process_time()
    reports = validate_file(out)
    validated = time.process_time() - start
    assert len(reports) == games and all(r.valid for r in reports)
    return 1000 * played / games, 1000 * validated / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random")
    args = parser.parse_args()
    times: dict[str, list[tuple[float, float]]] = {g: [] for g in GAMES}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.runs):
            for game in GAMES:
                times[game].append(once(game, args.players, args.bots, args.games, Path(tmp) / f"{game}.jsonl"))
    base = [statistics.median(t[i] for t in times[GAMES[0]]) for i in (0, 1)]
    for game in GAMES:
        sim, val = (statistics.median(t[i] for t in times[game]) for i in (0, 1))
        print(f"{game:20} simulate {sim:.3f} ms/game (x{sim / base[0]:.2f})  "
              f"validate {val:.3f} ms/record (x{val / base[1]:.2f})")


if __name__ == "__main__":
    main()
