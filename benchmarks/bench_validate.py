"""validate_record on finished records of 2, 3 and 4 players (records/s, median of 5 runs), and
the schema check alone: fastjsonschema's accept path against jsonschema's full check.

Run: python benchmarks/bench_validate.py
"""

from __future__ import annotations

import statistics
from collections.abc import Callable

import boomerang_rules as br
from boomerang_rules.australia.playouts import random_game
from boomerang_rules.bench import for_seconds
from boomerang_rules.core.schema import _fast_check, _validator


def per_second(call: Callable[[], object]) -> float:
    """Median calls per second over five half-second runs."""

    def once() -> int:
        call()
        return 0

    rates = []
    for _ in range(5):
        n, _, elapsed = for_seconds(0.5, once)
        rates.append(n / elapsed)
    return statistics.median(rates)


def main() -> None:
    rules = br.load_rules()
    for players in (2, 3, 4):
        record = br.record_of(random_game(rules, players, 1))
        rate = per_second(lambda record=record: br.validate_record(record))  # type: ignore[misc]
        print(f"{players} players: validate_record {rate:,.0f} records/s")
    record = br.record_of(random_game(rules, 4, 1))
    fast, full = _fast_check("game-record"), _validator("game-record")
    fast_rate = per_second(lambda: fast(record))
    full_rate = per_second(lambda: list(full.iter_errors(record)))
    print(f"schema only, 4 players: fastjsonschema {1000 / fast_rate:.2f} ms, jsonschema {1000 / full_rate:.2f} ms "
          f"({fast_rate / full_rate:.0f}x)")


if __name__ == "__main__":
    main()
