"""Read-only objects for the tables a game compiles from a ruleset.

A state reaches its tables, and tables are shared by every game under an equal ruleset: a
table changed by mistake (``state.tables.index["A"] = 3``) would change the rules of every
later game in the process. Their mappings become ``MappingProxyType``s, their lists tuples,
and their attributes cannot be set again.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any


def read_only(value: Any) -> Any:
    """``value`` with every dict, list and set inside made read-only (a proxy, a tuple, a frozenset)."""
    if isinstance(value, dict):
        return MappingProxyType({k: read_only(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(read_only(v) for v in value)
    if isinstance(value, set):
        return frozenset(value)
    return value


class ReadOnly:
    """A base for tables: call ``_freeze()`` at the end of ``__init__``; nothing is set after.

    Pickles (and copies) as ``type(self)(self.rules)``: a proxy cannot be pickled, and tables
    are rebuilt from their ruleset anyway.
    """

    __slots__ = ("_frozen",)
    rules: Any

    def _freeze(self) -> None:
        names: list[str] = []
        for cls in type(self).__mro__:
            slots = cls.__dict__.get("__slots__", ())
            names += [slots] if isinstance(slots, str) else list(slots)
        names += list(getattr(self, "__dict__", {}))
        for name in names:
            if name != "_frozen" and hasattr(self, name):
                object.__setattr__(self, name, read_only(getattr(self, name)))
        object.__setattr__(self, "_frozen", True)

    def __setattr__(self, name: str, value: object) -> None:
        if getattr(self, "_frozen", False):
            raise AttributeError(f"the tables of a ruleset are read-only: cannot set {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"the tables of a ruleset are read-only: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.rules,))
