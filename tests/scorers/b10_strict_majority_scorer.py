"""A Boomerang (2010) scorer with a classic bug: tied leaders of an animal score nothing."""

from __future__ import annotations

import json
import sys
from typing import Any

import boomerang_rules as br


def sheets(record: dict[str, Any]) -> list[dict[str, Any]]:
    rules = br.load_rules(record["rules"])
    animal = {c.id: c.animal for c in rules.cards}
    n = len(record["players"])
    held = list(br.state_of(record).boomerangs)
    cards: list[list[str]] = [[] for _ in range(n)]
    for rnd in record["rounds"]:
        for cap in rnd.get("captures", []):
            cards[cap["seat"]] += cap["cards"]
    counts = [{a: sum(1 for c in mine if animal[c] == a) for a in rules.animals} for mine in cards]
    out = []
    for seat in range(n):
        points = {}
        for a in rules.animals:
            others = max(counts[s][a] for s in range(n) if s != seat)
            points[a] = counts[seat][a] if counts[seat][a] > others else 0
        sets = held[seat] // rules.boomerangs_per_point
        out.append({"cards": counts[seat], "animals": points, "boomerangs": held[seat], "sets": sets,
                    "total": sum(points.values()) + sets})
    return out


def main() -> None:
    for line in sys.stdin:
        print(json.dumps(sheets(json.loads(line))))


if __name__ == "__main__":
    main()
