"""A deliberately wrong scorer: three of a kind of an animal scores nothing (a common bug)."""

from __future__ import annotations

import json
import sys
from collections import Counter

import boomerang_rules as br


def wrong_animals(rules: br.Ruleset, cards: list[str]) -> int:
    kinds = Counter(rules.card(c).animal for c in cards if rules.card(c).animal)
    values = rules.scoring.animals.values
    return sum(values[a] * (n // 2) for a, n in kinds.items() if a and n != 3)


def main() -> None:
    rules = br.load_rules()
    for line in sys.stdin:
        record = json.loads(line)
        sheets = [sheet.as_dict() for sheet in br.score_sheets(br.state_of(record))]
        for seat, sheet in enumerate(sheets):
            right = sum(sheet["animals"])
            sheet["animals"] = [wrong_animals(rules, rnd["picks"][seat]) for rnd in record["rounds"]]
            sheet["total"] += sum(sheet["animals"]) - right
        print(json.dumps(sheets))


if __name__ == "__main__":
    main()
