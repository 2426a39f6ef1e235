"""Consistency checks that every game's ruleset makes the same way (a schema cannot state them).

Each game's ``rules.check`` calls these for the parts all rulesets share (the player range,
ids that must be unique) and adds its own; the messages and rule names are one for every game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import Problem
from .pointer import pointer


def player_range_problems(players: Mapping[str, int]) -> list[Problem]:
    """A range whose minimum is above its maximum allows no game at all."""
    if players["min"] > players["max"]:
        return [Problem(pointer("players", "min"), f"the minimum ({players['min']}) is above the "
                        f"maximum ({players['max']})", "players-range")]
    return []


def duplicate_ids(items: Sequence[Mapping[str, Any]], what: str) -> dict[int, Problem]:
    """The problem of each of ``items`` (the ruleset's ``what + "s"``) whose id another one has too,
    by its index, so a game may report it beside that item's other problems."""
    counts = Counter(item["id"] for item in items)
    return {i: Problem(pointer(what + "s", i, "id"), f"{what} id {item['id']!r} is used {counts[item['id']]} times",
                       f"unique-{what}-ids")
            for i, item in enumerate(items) if counts[item["id"]] > 1}
