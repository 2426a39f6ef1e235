"""The shape of a state a caller built, checked once where it is built.

The engines build their states with ``tuple.__new__`` (``core.tuple_backed.NEW``) and trust them:
nothing is checked at a decision. A state built through its class instead -- ``GameState(...)``,
``attrs.evolve(state, ...)``, unpickling -- is a caller's, and its class's ``__new__`` checks it
here first: every field of the right type, in range, one entry a seat where the engine keeps one.
A state that is not refused then reads without a traceback in every function of the contract
(``tests/test_contract.py``: any field rebound). What no type can say (a card in two hands, a
deck short of a card) is not looked for: such a state plays on by the rules as they read it.

A view given to ``determinize`` is checked alike where it is read (``Shape("a view view() made",
"view")``): what the determinization reads of it, before it reads it.

A fault is ``InvalidInput``, ``/field...: ...: not a state the engine made [state-field]``, the
words an engine refuses a tampered field with where it reads one (``state-pending``).
"""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import Any

from .arguments import brief
from .errors import InvalidInput, Problem

Check = Callable[[str, Any], bool]
"""A check of one value at a pointer: True if it fits, else its fault noted and False."""


class Shape:
    """The faults found in a state's fields, each at its pointer (the first of each field)."""

    def __init__(self, made: str = "a state the engine made", rule: str = "state") -> None:
        self.problems: list[Problem] = []
        self.made, self.rule = made, rule

    def fault(self, pointer: str, message: str) -> bool:
        """Note a fault at ``pointer`` (its rule named by the field); always False."""
        field = pointer.split("/")[1] if pointer.count("/") else pointer
        self.problems.append(Problem(pointer, f"{message}: not {self.made}", f"{self.rule}-{field}"))
        return False

    def done(self) -> None:
        """``InvalidInput`` with every fault noted, if any."""
        if self.problems:
            raise InvalidInput(self.problems)

    def instance(self, pointer: str, value: object, cls: type, what: str) -> bool:
        """``value`` is exactly of class ``cls`` (a subclass may read otherwise)."""
        return value.__class__ is cls or self.fault(pointer,
                                                    f"{value_name(pointer)} must be {what}, not {brief(value)}")

    def whole(self, pointer: str, value: object, low: int | None, high: int | None = None) -> bool:
        """``value`` is an int (exactly: no bool, no subclass) from ``low`` to ``high`` (None: no bound)."""
        if value.__class__ is int and (low is None or low <= value) and (high is None or value <= high):
            return True
        span = (f"from {low} to {high}" if high is not None else f"of at least {low}") if low is not None else ""
        span = f" {span}" if span else ""
        return self.fault(pointer, f"{value_name(pointer)} must be an integer{span}, not {brief(value)}")

    def text(self, pointer: str, value: object, choices: frozenset[str] | None = None) -> bool:
        """``value`` is a str (exactly), one of ``choices`` if given."""
        if value.__class__ is str and (choices is None or value in choices):
            return True
        what = f"one of {', '.join(sorted(choices))}" if choices is not None else "a string"
        return self.fault(pointer, f"{value_name(pointer)} must be {what}, not {brief(value)}")

    def row(self, pointer: str, value: object, each: Check, length: int | None = None,
            longest: int | None = None) -> bool:
        """``value`` is a tuple (exactly), ``length`` long if given (at most ``longest``), each item
        fitting ``each`` (the first misfit noted)."""
        if value.__class__ is not tuple:
            return self.fault(pointer, f"{value_name(pointer)} must be a tuple, not {brief(value)}")
        assert isinstance(value, tuple)
        if length is not None and len(value) != length:
            return self.fault(pointer, f"{value_name(pointer)} must hold {length} entries, not {len(value)}")
        if longest is not None and len(value) > longest:
            return self.fault(pointer, f"{value_name(pointer)} must hold at most {longest} entries, not {len(value)}")
        return all(each(f"{pointer}/{i}", item) for i, item in enumerate(value))

    def member(self, pointer: str, value: object, allowed: Container[object], what: str) -> bool:
        """``value`` is a str (exactly) in ``allowed`` (a card id of the rules, say)."""
        if value.__class__ is str and value in allowed:
            return True
        return self.fault(pointer, f"{value_name(pointer)} must be {what}, not {brief(value)}")

    def ids(self, allowed: Container[object], what: str) -> Check:
        """A check of a str in ``allowed``."""
        return lambda pointer, value: self.member(pointer, value, allowed, what)

    def ints(self, low: int | None, high: int | None = None) -> Check:
        """A check of an int from ``low`` to ``high``."""
        return lambda pointer, value: self.whole(pointer, value, low, high)

    def rows(self, each: Check, length: int | None = None, longest: int | None = None) -> Check:
        """A check of a tuple of items fitting ``each``."""
        return lambda pointer, value: self.row(pointer, value, each, length, longest)

    def optional(self, check: Check) -> Check:
        """A check of None or what fits ``check``."""
        return lambda pointer, value: value is None or check(pointer, value)

    def mask(self, pointer: str, value: object, bits: int) -> bool:
        """``value`` is an int of ``bits`` bits at most (a set of seats, say)."""
        return self.whole(pointer, value, 0, (1 << bits) - 1)


def value_name(pointer: str) -> str:
    """How a message names the value at ``pointer``: its field and the rest of the path."""
    parts = pointer.strip("/").split("/")
    return parts[0] + "".join(f"[{p}]" for p in parts[1:])


def seats_of(shape: Shape, rules: Any, players: object, pointer: str = "/players") -> int | None:
    """``players`` if it is a count ``rules`` allow (noted as a fault at ``pointer`` if not)."""
    players_range = rules.players
    if shape.whole(pointer, players, players_range.min, players_range.max):
        assert isinstance(players, int)
        return players
    return None


def view_seats(rules: Any, players: object) -> tuple[Shape, int]:
    """A ``Shape`` for a view's fields (faults: ``not a view view(state, seat) made [view-...]``) and
    its seat count, checked first (raised at once: every check after it counts seats)."""
    shape = Shape("a view view(state, seat) made", "view")
    n = seats_of(shape, rules, players)
    shape.done()
    assert n is not None
    return shape, n


def inconsistent_view(seat: int, why: str) -> InvalidInput:
    """The refusal of a view whose fields each fit but that no deal could give (a card seen twice,
    more unseen cards than places): ``/: the view of seat k is inconsistent: why [view-cards]``."""
    return InvalidInput([Problem("", f"the view of seat {seat} is inconsistent: {why}", "view-cards")])


def rules_tables_seats(shape: Shape, rules: object, tables: Any, players: object, ruleset: type, tables_type: type,
                       game: str, at: str = "") -> int:
    """The rules (a ``ruleset``: ``game``'s), their tables (a ``tables_type`` made from those rules) and
    the seat count (one the rules allow), at ``at/rules``, ``at/tables`` and ``at/players``: every
    fault raised at once, for all that follows reads them; else the seat count."""
    whose = "context's" if at else "state's"
    if shape.instance(f"{at}/rules", rules, ruleset, f"a {game} Ruleset") and shape.instance(
            f"{at}/tables", tables, tables_type, f"the Tables of the {whose} rules (tables_for(rules))"):
        made_from = tables.rules  # a tables_type: each game's knows the rules it was made from
        if made_from is not rules and made_from != rules:  # equal rules: a hash of each
            shape.fault(f"{at}/tables", f"tables must be those of the {whose} rules")
        seats_of(shape, rules, players, f"{at}/players")
    shape.done()
    assert isinstance(players, int)
    return players
