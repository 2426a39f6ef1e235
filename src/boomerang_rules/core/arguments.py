"""Checks of the arguments the public API is given, at its entry points only (never in the hot loop).

A wrong type is a ``TypeError`` naming the parameter and what it takes; a wrong value is one of
the library's ``ValueError``s. Values shown in messages are cut short: a 10 MB string passed by
mistake must not become a 10 MB message.
"""

from __future__ import annotations

import operator
import reprlib
from collections.abc import Sequence
from typing import Any

from .jsonio import is_text

_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlong = 40
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 6


def brief(value: object, limit: int = 80) -> str:
    """``repr(value)``, at most ``limit`` characters and safe for any value (huge ints included)."""
    try:
        text = _REPR.repr(value)
    except Exception:  # a repr that fails (an int too long to print, a broken __repr__)
        text = f"<{type(value).__name__}>"
    if not text.isascii():
        text = text.encode("ascii", "backslashreplace").decode("ascii") if not is_text(text) else text
    return text if len(text) <= limit else text[: limit - 1] + "…"


def kind(value: object) -> str:
    """The type of ``value`` as a message names it."""
    return "None" if value is None else type(value).__name__


def is_list(value: object) -> bool:
    """A list or tuple (not a string, not a mapping): what the API takes for a sequence."""
    return isinstance(value, list | tuple)


def string_list(value: object, parameter: str, what: str) -> Sequence[str]:
    """``value`` as a list of strings; ``TypeError`` naming ``parameter`` otherwise."""
    if not is_list(value):
        raise TypeError(f"{parameter} must be a list of {what} (str), not {kind(value)}")
    assert isinstance(value, list | tuple)
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise TypeError(f"{parameter}[{i}] must be a {what[:-1] if what.endswith('s') else what} (str), "
                            f"not {kind(item)}: {brief(item)}")
    return value


def require(value: object, cls: type | tuple[type, ...], parameter: str, what: str) -> Any:
    """``value`` if it is an instance of ``cls``; ``TypeError`` naming ``parameter`` otherwise."""
    if not isinstance(value, cls):
        raise TypeError(f"{parameter} must be {what}, not {kind(value)}: {brief(value)}")
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
