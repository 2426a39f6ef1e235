"""A scorer that follows the check-scorer protocol by asking boomerang-rules itself (agrees)."""

from __future__ import annotations

import json
import sys

import boomerang_rules as br


def main() -> None:
    for line in sys.stdin:
        state = br.state_of(json.loads(line))
        print(json.dumps([sheet.as_dict() for sheet in br.score_sheets(state)]))


if __name__ == "__main__":
    main()
