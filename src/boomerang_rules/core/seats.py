"""Who plays: a game's player count and its seats, checked where the public API takes them.

Every game numbers its seats 0 to n - 1 and takes its player count from the ruleset's range,
so the checks and their messages are one for every game.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from .arguments import as_id, brief, kind
from .display import counted
from .errors import IllegalAction, InvalidInput, Problem


def plays_for(rules: Any) -> str:
    """``'standard' is for 2 to 4 players``, or ``... is for 4 players`` (``1 player``) where the
    ruleset's range is one count: the opening of every refusal of a player count."""
    low, high = rules.players.min, rules.players.max
    counts = f"{low} to {high} players" if low != high else counted(low, "player")
    return f"{rules.id!r} is for {counts}"


def check_players(rules: Any, players: object) -> int:
    """``players`` as an int if ``rules`` allow that many; ``TypeError`` for a non-integer (a numpy
    integer is the int it holds, as seeds, seats and action ids are), ``InvalidInput`` else."""
    if players.__class__ is not int:
        number = as_id(players)
        if number is None:
            raise TypeError(f"players must be an integer, not {kind(players)}")
        players = number
    low, high = rules.players.min, rules.players.max
    if not low <= players <= high:
        raise InvalidInput([Problem("", f"{plays_for(rules)}, not {brief(players)}",
                                    "players-count")])
    return players


def admits(rules: Any, players: object) -> bool:
    """Whether ``rules`` is for ``players`` players; True for anything but an integer, which
    ``check_players`` refuses later in its own words (what a test strategy keeps among the rulesets
    it draws for a player count)."""
    return not isinstance(players, int) or rules.players.min <= players <= rules.players.max


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


def step_actions(seats: Sequence[int], actions: object) -> tuple[object, ...]:
    """``actions`` as a tuple, one action for each seat of ``seats`` in that order, as every game's
    ``step`` takes them off its fast path: a list, a tuple or another sequence (a numpy array of
    ids). ``step_refusal`` for what is no such sequence -- a string or bytes (not one action a
    character), a mapping or a set (whose order says no seat), what has no length or cannot be
    iterated -- or one of another length."""
    if isinstance(actions, str | bytes | bytearray | Mapping | AbstractSet):
        raise step_refusal(seats, actions)
    try:
        listed: tuple[object, ...] = tuple(actions)  # type: ignore[arg-type]
        count = len(actions)  # type: ignore[arg-type]
    except TypeError:
        raise step_refusal(seats, actions) from None
    if count != len(listed) or count != len(tuple(seats)):
        raise step_refusal(seats, actions)
    return listed


def as_listed(actions: object) -> object:
    """A sequence of actions that is not a list or tuple (a numpy array of ids) as a tuple, so that
    a game's ``step`` reads its items as it reads a list's; anything else as it is, for
    ``step_actions`` to refuse (an iterator is not consumed)."""
    if isinstance(actions, str | bytes | bytearray | Mapping | AbstractSet) or not hasattr(actions, "__len__"):
        return actions
    try:
        return tuple(actions)  # type: ignore[arg-type]
    except TypeError:
        return actions


def step_refusal(seats: Sequence[int], actions: object) -> IllegalAction:
    """What every game's ``step`` says of ``actions`` that are not one action for each seat of
    ``seats`` (``to_act``, at least one seat), in that order: "step needs a sequence of actions"
    for what has no length (``None``, a number), "step needs N action(s)" for a string or a
    sequence of another length; the seats named, one seat as "seat K". A string, a mapping or a set
    says why it is not taken, whatever its length: ``step(state, "draw")`` was told "step needs 1
    action, one for seat 0, not 'draw'", one action given as the message asked."""
    seats = tuple(seats)
    each = f"one for each seat in {seats}" if len(seats) != 1 else f"one for seat {seats[0]}"
    try:
        len(actions)  # type: ignore[arg-type]
    except TypeError:
        return IllegalAction(f"step needs a sequence of actions, {each}, not {actions!r:.80}")
    why = ""
    if isinstance(actions, str | bytes | bytearray | Mapping | AbstractSet):
        hint = f"[{actions!r:.80}]" if isinstance(actions, str) and len(seats) == 1 else "a list, a tuple or an array"
        why = f" (a {type(actions).__name__} is not taken for the actions: give {hint})"
    if len(seats) == 1:
        return IllegalAction(f"step needs 1 action, {each}, not {actions!r:.80}{why}")
    return IllegalAction(f"step needs {len(seats)} actions, {each} in that order, not {actions!r:.80}{why}")
