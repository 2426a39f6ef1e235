"""Checks of the arguments the public API is given, at its entry points only (never in the hot loop).

A wrong type is a ``TypeError`` naming the parameter and what it takes; a wrong value is one of
the library's ``ValueError``s. Values shown in messages are cut short: a 10 MB string passed by
mistake must not become a 10 MB message.
"""

from __future__ import annotations

import contextlib
import json
import math
import numbers
import operator
import reprlib
import sys
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from .display import escaped_json, is_text

_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlong = 40
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 6


def brief(value: object, limit: int = 80) -> str:
    """``repr(value)``, at most ``limit`` characters and safe for any value (huge ints included): a
    long string keeps its first and last characters (``'zzz...zzz'``). ``core.display.shown`` is
    the form for a string a message quotes by its start (with its length when it is huge)."""
    try:
        text = _REPR.repr(value)
    except Exception:  # a repr that fails (an int too long to print, a broken __repr__)
        text = f"<{type(value).__name__}>"
    if not text.isascii():
        text = text.encode("ascii", "backslashreplace").decode("ascii") if not is_text(text) else text
    return text if len(text) <= limit else text[: limit - 1] + "…"


def json_brief(value: object, limit: int | None = 60, ascii_only: bool = False) -> str:
    """A value read from JSON as a message shows it: written as JSON writes it (``true``, ``null``,
    ``{"a": 1}``, not Python's ``True``, ``None``, ``{'a': 1}``), at most ``limit`` characters (None:
    whole, for the library's own values) and built no further than that (a list of a million items
    costs what its first items do); an integer of hundreds of digits as ``brief`` cuts it, its first
    and last digits. Text past ASCII is kept where UTF-8 can write it, but what a terminal obeys
    and JSON leaves raw (``core.display.escaped_json``: a bidirectional control of a ruleset's key was
    written raw in its problem's message); with ``ascii_only`` it is escaped as JSON escapes it (a
    program's answer: no control or bidirectional character of it may reach a terminal)."""
    parts: list[str] = []
    size = 0
    most = sys.maxsize if limit is None else limit

    def put(text: str) -> None:
        nonlocal size
        parts.append(text)
        size += len(text)
        if size > most:
            raise _Written

    def written(text: str) -> str:
        """A string as JSON writes it, and what JSON leaves raw that a terminal obeys (a bidirectional
        control, a line separator, a C1 control) as its JSON escape: every message quoting it is shown."""
        return json.dumps(text, ensure_ascii=True) if ascii_only else escaped_json(json.dumps(text, ensure_ascii=False))

    def walk(node: object) -> None:
        if isinstance(node, dict):
            put("{")
            for i, (key, item) in enumerate(node.items()):
                put(", " if i else "")
                put(written(str(key)[: most + 1]) + ": ")
                walk(item)
            put("}")
        elif isinstance(node, list | tuple):
            put("[")
            for i, item in enumerate(node):
                put(", " if i else "")
                walk(item)
            put("]")
        elif isinstance(node, str):
            put(written(node[: most + 1]))
        elif node is None or isinstance(node, bool | float):
            put(json.dumps(node))
        else:  # an integer, cut as brief cuts it; no JSON value: as Python shows it
            put(brief(node, most))

    with contextlib.suppress(_Written, ValueError):  # past the limit; or a float JSON cannot hold (nan)
        walk(value)
    text = "".join(parts)
    if not text.isascii() and (ascii_only or not is_text(text)):
        text = text.encode("ascii", "backslashreplace").decode("ascii")
    return text if len(text) <= most else text[: most - 1] + "…"


class _Written(Exception):
    """``json_brief``'s text is past its limit: nothing more need be written."""


def kind(value: object) -> str:
    """The type of ``value`` as a message names it; a ruleset with the game it is of (every game's
    class is called ``Ruleset``: "must be a Sea Salt & Paper Ruleset, not Ruleset" named nothing)."""
    if value is None:
        return "None"
    game = getattr(value, "game", None)
    if isinstance(game, str) and hasattr(value, "digest") and not isinstance(value, type):
        return f"{type(value).__name__} of {brief(game)}"
    return type(value).__name__


_ASKED = {bool: "True or False", type(None): "None"}


def asked_kind(cls: type) -> str:
    """The type ``cls`` as a message asks for it, with its article ("must be an int", "an Offer",
    "True or False"), where ``kind`` names the type of what was given instead ("not float")."""
    if cls in _ASKED:
        return _ASKED[cls]
    return ("an " if cls.__name__[:1].lower() in "aeiou" else "a ") + cls.__name__


def is_list(value: object) -> bool:
    """A list or tuple (not a string, not a mapping): what the API takes for a sequence."""
    return isinstance(value, list | tuple)


_STR = {str}


def string_list(value: object, parameter: str, what: str) -> Sequence[str]:
    """``value`` as a list of strings; ``TypeError`` naming ``parameter`` otherwise."""
    if not is_list(value):
        raise TypeError(f"{parameter} must be a list of {what} (str), not {kind(value)}")
    assert isinstance(value, list | tuple)
    if set(map(type, value)) <= _STR:  # every item exactly a str: told at C speed
        return value
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise TypeError(f"{parameter}[{i}] must be a {what[:-1] if what.endswith('s') else what} (str), "
                            f"not {kind(item)}: {brief(item)}")
    return value


def require(value: object, cls: type | tuple[type, ...], parameter: str, what: str) -> Any:
    """``value`` if it is an instance of ``cls``; ``TypeError`` naming ``parameter`` otherwise."""
    if not isinstance(value, cls):
        raise not_a(value, parameter, what)
    return value


def as_id(value: object) -> int | None:
    """``value`` as an integer id if it is one (an int or anything with ``__index__``, never a bool);
    None otherwise. What the integer-action functions of every game take for an action id."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def integer(value: object, parameter: str, what: str = "an integer") -> int:
    """``value`` as an int: an int or any object with ``__index__``, never a bool (``True`` is no
    count or seat) nor a float; ``TypeError`` naming ``parameter`` otherwise."""
    if value.__class__ is int:
        return value
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise TypeError(f"{parameter} must be {what} (int), not {kind(value)}: {brief(value)}")


PLAIN_SEED_BITS = 1024
"""An int seed of at most this many bits is taken as it is, on the engines' fast paths; a longer
one goes through ``optional_seed`` (which refuses one of more digits than Python writes)."""


def optional_seed(value: object, parameter: str = "seed") -> int | None:
    """``value`` if it is None or an integer seed; ``TypeError`` naming ``parameter`` otherwise, and a
    ``ValueError`` for one of more digits than Python writes (``sys.get_int_max_str_digits``, 4300):
    the game's record keeps its seed, and no JSON could hold it (``record_of`` made a record that
    ``validate_record`` refused and ``json.dumps`` could not write; ``--seed`` refuses it alike)."""
    if value is None:
        return None
    seed = integer(value, parameter, "an integer seed or None")
    limit = sys.get_int_max_str_digits()
    if limit and seed.bit_length() > 3 * limit and abs(seed) >= 10**limit:  # 10**limit has > 3.3 * limit bits
        raise ValueError(f"{parameter} must have at most {limit} digits (a record keeps it, as JSON), not "
                         f"{decimal_digits(seed)} digits")
    return seed


def decimal_digits(value: int) -> int:
    """How many digits ``value`` has in decimal, counted without writing it (``str`` refuses an int
    past Python's 4300 digits): from its bits, then one comparison with a power of ten."""
    size = abs(value)
    guess = int((size.bit_length() - 1) * 0.30102999566398120) + 1 if size else 1  # log10(2): digits of 2**(bits-1)
    return guess + 1 if size >= 10**guess else guess


def flag(value: object, parameter: str, none: bool = False) -> bool | None:
    """``value`` if it is a bool (or None, when ``none``); ``TypeError`` naming ``parameter`` otherwise.
    A test strategy's ``finished="no"`` was read as true (a game played to its end), its
    ``with_result=0`` as false: a yes-or-no argument takes a bool, never anything truthy."""
    if value.__class__ is bool or (none and value is None):
        return value
    raise not_a(value, parameter, "True or False" + (" or None" if none else ""))


def in_range(value: object, low: int, high: int, parameter: str, what: str = "an integer") -> int:
    """``value`` as an int from ``low`` to ``high`` (both included); ``TypeError`` for a non-integer,
    ``ValueError`` naming ``parameter`` and the range for one outside it."""
    number = integer(value, parameter, what)
    if not low <= number <= high:
        raise ValueError(f"{parameter} must be {what} from {low} to {high}, not {brief(number)}")
    return number


def seat_of(value: object, players: int, parameter: str = "seat") -> int:
    """``value`` as a seat of a ``players``-player game (0 to players - 1)."""
    return in_range(value, 0, players - 1, parameter, f"a seat of the {players}-player game")


def one_of(value: object, options: Sequence[str], parameter: str) -> str:
    """``value`` if it is one of ``options`` (strings); ``TypeError``/``ValueError`` naming ``parameter``."""
    listed = " or ".join(repr(o) for o in options)
    if not isinstance(value, str):
        raise TypeError(f"{parameter} must be {listed} (str), not {kind(value)}: {brief(value)}")
    if value not in options:
        raise ValueError(f"{parameter} must be {listed}, not {brief(value)}")
    return value


def list_of(value: object, parameter: str, what: str) -> Sequence[Any]:
    """``value`` if it is a list or tuple; ``TypeError`` naming ``parameter`` and ``what`` it holds otherwise."""
    if not is_list(value):
        raise TypeError(f"{parameter} must be a list of {what}, not {kind(value)}: {brief(value)}")
    assert isinstance(value, list | tuple)
    return value


def real(value: object, parameter: str, what: str) -> float:
    """``value`` as a float when it is an int or a float (numpy's too), never a bool; ``TypeError``
    naming ``parameter`` otherwise. An int past a float's range is an infinity of its sign, not an
    ``OverflowError``: the caller's range check then words it like any number out of range."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise not_a(value, parameter, what)
    try:
        return float(value)
    except OverflowError:
        return -math.inf if value < 0 else math.inf


def duration(value: object, parameter: str = "seconds") -> float:
    """``value`` as a float of seconds: an int or a float (numpy's too), never a bool, finite and 0 or
    more; ``TypeError`` / ``ValueError`` naming ``parameter`` otherwise. A loop timed "until
    ``seconds`` have passed" never ends for a NaN or an infinity."""
    number = real(value, parameter, "a number of seconds (int or float)")
    if not (math.isfinite(number) and number >= 0):
        raise ValueError(f"{parameter} must be a finite number of seconds, 0 or more, not {brief(value)}")
    return number


def not_a(value: object, parameter: str, what: str) -> TypeError:
    """The ``TypeError`` for ``parameter`` given ``value`` where it takes ``what`` (raise it)."""
    return TypeError(f"{parameter} must be {what}, not {kind(value)}: {brief(value)}")


def exact(value: object, cls: type, parameter: str, what: str) -> Any:
    """``value`` if its class is ``cls`` (one identity test: the check for a hot path's entry);
    ``TypeError`` naming ``parameter`` otherwise."""
    if value.__class__ is not cls:
        raise not_a(value, parameter, what)
    return value


def items_of(value: object, parameter: str, what: str) -> list[Any]:
    """The items of ``value`` when it is a sequence (a list, a tuple, a range, a numpy array: what
    numeric callers pass), as a list; ``TypeError`` naming ``parameter`` for a string, a mapping,
    a set or a non-sequence."""
    if isinstance(value, str | bytes | Mapping | AbstractSet) or not hasattr(value, "__len__") \
            or not hasattr(value, "__getitem__"):
        raise not_a(value, parameter, f"a list of {what}")
    listed: list[Any] = list(value)  # type: ignore[call-overload]
    return listed
