"""Who plays: a game's player count and its seats, checked where the public API takes them.

Every game numbers its seats 0 to n - 1 and takes its player count from the ruleset's range,
so the checks and their messages are one for every game.
"""

from __future__ import annotations

import operator
from typing import Any

from .arguments import brief
from .errors import IllegalAction, InvalidInput, Problem


def check_players(rules: Any, players: object) -> int:
    """``players`` if ``rules`` allow that many; ``TypeError`` for a non-integer, ``InvalidInput`` else."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players must be an integer, not {type(players).__name__}")
    low, high = rules.players.min, rules.players.max
    if not low <= players <= high:
        raise InvalidInput([Problem("", f"{rules.id!r} is for {low} to {high} players, not {brief(players)}",
                                    "players-count")])
    return players


def check_seat(players: int, seat: object) -> int:
    """``seat`` as an int if a game of ``players`` has it (any integer type, never a bool);
    ``IllegalAction`` if not."""
    if not isinstance(seat, bool):
        try:
            number = operator.index(seat)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if 0 <= number < players:
                return number
    raise IllegalAction(f"seat {brief(seat)} does not exist in a {players}-player game "
                        f"(seats are 0 to {players - 1})")
