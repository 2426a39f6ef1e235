"""validate_record on finished records of 2, 3 and 4 players: records/s, median of 5 runs.

Run: python benchmarks/bench_validate.py
"""

from __future__ import annotations

import statistics
import time

import boomerang_rules as br
from boomerang_rules.australia.playouts import random_game


def main() -> None:
    rules = br.load_rules()
    for players in (2, 3, 4):
        record = br.record_of(random_game(rules, players, 1))
        rates = []
        for _ in range(5):
            start, n = time.perf_counter(), 0
            while time.perf_counter() - start < 0.5:
                br.validate_record(record)
                n += 1
            rates.append(n / (time.perf_counter() - start))
        print(f"{players} players: {statistics.median(rates):,.0f} records/s")


if __name__ == "__main__":
    main()
