"""A score sheet read by row name, as a record's result holds it, for every game's sheet class.

Every game's sheet means the same by these: ``sheet[row]`` is the row as the sheet holds it (a
number, a number per finished round, a number per animal...), ``sheet.row_total(row)`` that row
as one number, ``sheet["total"]`` the seat's game total, ``sheet.as_dict()`` the sheet as JSON
data (what a record's ``result`` holds), ``dict(sheet)`` the rows in order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar


class SheetRows:
    """Row access for a frozen score sheet: ``sheet["total"]``, ``row_total``, ``as_dict()``,
    and ``dict(sheet)`` in row order.

    A game's sheet class inherits it and names its rows in ``ROWS`` (its fields of those names,
    ``"total"`` among them). A row holds an int, a tuple of ints (one per round) or a mapping of
    ints (one per kind of card).
    """

    __slots__ = ()

    ROWS: ClassVar[tuple[str, ...]]

    def __getitem__(self, row: str) -> Any:
        """A row by name, as in a record's sheet: ``sheet["total"]``; ``KeyError`` for another name."""
        if row not in self.ROWS:
            raise KeyError(row)
        return getattr(self, row)

    def keys(self) -> tuple[str, ...]:
        """The row names, so that ``dict(sheet)`` works."""
        return self.ROWS

    def __iter__(self) -> Iterator[str]:
        """The row names, as a mapping's are."""
        return iter(self.ROWS)

    def row_total(self, row: str) -> int:
        """The game total of one row: a row of rounds or of kinds summed; ``KeyError`` for no row."""
        value = self[row]
        if isinstance(value, tuple):
            return sum(value)
        if isinstance(value, Mapping):
            return sum(value.values())
        return int(value)

    def row_figure(self, row: str) -> int:
        """The number a tournament averages for ``row`` (``core.tournament``): ``row_total``, unless
        the game's sheet gives a row another figure (Sea Salt & Paper's row of rounds, whose points
        are the total again: how many rounds the game took)."""
        return self.row_total(row)

    def as_dict(self) -> dict[str, Any]:
        """The sheet as JSON-ready data, as a record's result holds it (lists and dicts for the rows
        that hold several numbers)."""
        return {row: _data(getattr(self, row)) for row in self.ROWS}


def _data(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Mapping):
        return dict(value)
    return value
