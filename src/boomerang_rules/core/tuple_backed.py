"""Frozen ``attrs`` state classes backed by a tuple: what every game's engine builds at each decision.

A slotted class fills a slot at a time (~0.1 us each), where a tuple subclass is built in one
``tuple.__new__`` (~0.1 us for all its fields): an engine that makes a state per decision keeps
its fields in a tuple and reads them as properties, and stays an ``attrs`` class all the same
(``attrs.fields``, ``attrs.evolve`` and ``attrs.asdict`` see the fields).
"""

from __future__ import annotations

import inspect
import operator
from typing import Any

import attrs

NEW = tuple.__new__
"""Build a tuple-backed instance from its fields in order: ``NEW(cls, values)``."""


def _init(self: tuple[Any, ...], *args: object, **kwargs: object) -> None:
    """Nothing to do: ``__new__`` has filled the tuple (attrs' own would set attributes)."""


def _newargs(self: tuple[Any, ...]) -> tuple[Any, ...]:
    """The fields, for pickling: ``__new__`` takes them back in order."""
    return tuple(self)


def _unordered(self: tuple[Any, ...], other: object) -> bool:
    """Ordering refused, as for any ``attrs`` class made with ``order=False`` (tuple's would compare
    the fields, rulesets and tables included)."""
    raise TypeError(f"{type(self).__name__} instances are not ordered")


def _tuple_unequal(cls: type) -> None:
    """Make ``cls`` unequal to a plain tuple of its fields: attrs' ``__eq__`` answers
    ``NotImplemented`` for another class, and Python then asks ``tuple.__eq__``, which compares
    the items: a state equal to a tuple that hashes otherwise, against the hash's contract."""
    eq: Any = cls.__eq__
    ne: Any = cls.__ne__

    def __eq__(self: tuple[Any, ...], other: object) -> Any:
        return eq(self, other) if other.__class__ is self.__class__ or not isinstance(other, tuple) else False

    def __ne__(self: tuple[Any, ...], other: object) -> Any:
        return ne(self, other) if other.__class__ is self.__class__ or not isinstance(other, tuple) else True

    cls.__eq__ = __eq__  # type: ignore[assignment]
    cls.__ne__ = __ne__  # type: ignore[assignment]
    for name in ("__lt__", "__le__", "__gt__", "__ge__"):
        setattr(cls, name, _unordered)


def tuple_backed(cls: type) -> None:
    """Finish an ``attrs`` class that subclasses ``tuple`` (``slots=False``, ``__slots__ = ()``,
    a ``__new__`` taking the fields in order): its fields read as the tuple's items, ``__init__``
    does nothing, and it compares as an ``attrs`` class, not as a tuple (equal to no plain tuple,
    not ordered)."""
    cls.__init__ = _init  # type: ignore[misc]
    _tuple_unequal(cls)
    if "__getnewargs__" not in cls.__dict__ and "__reduce__" not in cls.__dict__:
        cls.__getnewargs__ = _newargs  # type: ignore[attr-defined]
    # attrs found no slots to give the fields: each reads as its item of the tuple.
    for i, name in enumerate(attrs.fields_dict(cls)):
        setattr(cls, name, property(operator.itemgetter(i), doc=name))


def field_index(cls: type) -> dict[str, int]:
    """Each field's position in the tuple of a ``tuple_backed`` class."""
    return {name: i for i, name in enumerate(attrs.fields_dict(cls))}


def item_of(cls: type, name: str) -> int | None:
    """The position in the tuple that field ``name`` of a ``tuple_backed`` class reads, or None when
    ``cls`` reads it otherwise (not a tuple, not a field, a property of its own): what lets compiled
    code read an instance of exactly ``cls`` by position instead of through the property."""
    if not (isinstance(cls, type) and issubclass(cls, tuple) and attrs.has(cls)):
        return None
    index = field_index(cls).get(name)
    prop = inspect.getattr_static(cls, name, None)
    if index is None or not isinstance(prop, property) or prop.fset is not None or prop.fdel is not None:
        return None
    reads = prop.fget
    if reads.__class__ is not operator.itemgetter or repr(reads) != f"operator.itemgetter({index})":
        return None
    return index
