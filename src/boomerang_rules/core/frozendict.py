"""An immutable, hashable, picklable mapping for tables inside frozen rulesets."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class FrozenDict(Mapping[K, V]):
    """A read-only dict. ``types.MappingProxyType`` would not pickle, and games must."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[K, V] | None = None) -> None:
        # Set past ``__setattr__`` (which refuses rebinding): a score sheet builds several per seat.
        object.__setattr__(self, "_data", MappingProxyType(dict(data or {})))
        object.__setattr__(self, "_hash", None)
        self._data: Mapping[K, V]
        self._hash: int | None

    def __setattr__(self, name: str, value: object) -> None:
        if name == "_hash" or not hasattr(self, "_data"):
            object.__setattr__(self, name, value)
        else:
            raise AttributeError("a FrozenDict is read-only")

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenDict):
            return self._data == other._data
        return self._data == other if isinstance(other, Mapping) else NotImplemented

    def __repr__(self) -> str:
        return f"FrozenDict({dict(self._data)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self._data),))


def frozen_map(value: Mapping[K, V]) -> Mapping[K, V]:
    """``value`` as a ``FrozenDict``: the converter of a frozen ruleset's mapping fields. Anything but a
    mapping is left as it is, for the ruleset's own check to name its field (``core.rulesets.settle``:
    a string or a list gave a dictionary's own update error from here)."""
    return FrozenDict(value) if isinstance(value, Mapping) else value
