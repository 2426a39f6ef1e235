"""A scorer of any game that computes in floats: right numbers, but each total written with a point
(``96.0`` for ``96``), which ``check-scorer`` reports as a disagreement."""

from __future__ import annotations

import json
import sys

import boomerang_rules as br


def main() -> None:
    for line in sys.stdin:
        sheets = [sheet.as_dict() for sheet in br.score_sheets(br.state_of(json.loads(line)))]
        print(json.dumps([{**sheet, "total": float(sheet["total"])} for sheet in sheets]))


if __name__ == "__main__":
    main()
