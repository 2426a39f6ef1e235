"""A score sheet read by row name, as a record's result holds it, for every game's sheet class."""

from __future__ import annotations

from typing import Any, ClassVar


class SheetRows:
    """Row access for a frozen score sheet: ``sheet["total"]``, and ``dict(sheet)`` in row order.

    A game's sheet class inherits it and names its rows in ``ROWS`` (its fields of those names).
    """

    __slots__ = ()

    ROWS: ClassVar[tuple[str, ...]]

    def __getitem__(self, row: str) -> Any:
        """A row by name, as in a record's sheet: ``sheet["total"]``."""
        if row not in self.ROWS:
            raise KeyError(row)
        return getattr(self, row)

    def keys(self) -> tuple[str, ...]:
        """The row names, so that ``dict(sheet)`` works."""
        return self.ROWS
