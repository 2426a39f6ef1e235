"""Boomerang: Australia's score sheets as text tables, shared by its ``replay`` and ``play``: a row
of 80 columns whatever the names (``terminal.wording.name_column``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..terminal.wording import clipped_to, columns, name_column

ROUND_ROWS = (("throw_catch", "T&C"), ("collections", "Coll"), ("animals", "Anim"), ("activity", "Act"))
CELL = 6
"""The narrowest a column of numbers is: a head and a number of up to five digits, a space before each."""
NOTE_ROOM = 8
"""The fewest columns a row's note is clipped to (``_note``)."""


def _widths(heads: Sequence[str], rows: Sequence[Sequence[int]]) -> list[int]:
    """Each column's width: ``CELL``, or one more than its widest number. A ruleset's scoring tables
    reach totals of eight digits (1,000 a collection icon, 64 rounds of 64 cards), which a fixed six
    ran together into one number ("14338380001302000")."""
    return [max(CELL, len(head) + 1, *(len(str(row[i])) + 1 for row in rows)) for i, head in enumerate(heads)]


def round_table(sheets: Sequence[Any], names: Sequence[str], r: int, notes: Sequence[str] = (),
                indent: str = "  ", gains: Sequence[tuple[int, int]] = ()) -> list[str]:
    """Each seat's points in round ``r`` (0-based), row by row, with an optional note per seat;
    ``gains``: each seat's points for sites and region bonuses that round, so that the round's
    column adds up to what its total gained."""
    heads = [h for _, h in ROUND_ROWS] + (["Sites", "Regns"] if gains else []) + ["Round"]
    rows = []
    for s, sheet in enumerate(sheets):
        values = [getattr(sheet, row)[r] for row, _ in ROUND_ROWS] + (list(gains[s]) if gains else [])
        rows.append([*values, sum(values)])
    widths = _widths(heads, rows)
    column = name_column(names, 80 - len(indent) - sum(widths))  # a row of 80 columns, its note aside
    out = [f"{indent}{'':<{columns(column[0])}}" + "".join(f"{h:>{w}}" for h, w in zip(heads, widths))]
    for s, row in enumerate(rows):
        line = f"{indent}{column[s]}" + "".join(f"{v:>{w}}" for v, w in zip(row, widths))
        out.append(line + (_note(notes[s], 80 - columns(line)) if notes else ""))
    return out


def _note(note: str, room: int) -> str:
    """A row's note, "  (NOTE)", clipped to the ``room`` its row leaves of 80 columns (``clipped_to``):
    a ruleset's activity id may be 64 characters, which ran the row to 120 columns. A row leaving
    less than ``NOTE_ROOM`` keeps that much, so that the note still says something."""
    return f"  ({clipped_to(note, max(room - 5, NOTE_ROOM))})"  # "  (" and ")", and clipped_to's "…" past its limit


def totals_table(sheets: Sequence[Any], names: Sequence[str], indent: str = "  ") -> list[str]:
    """Each seat's game totals, row by row, sites, region bonuses and the total."""
    heads = [h for _, h in ROUND_ROWS] + ["Sites", "Regns", "Total"]
    rows = [[sheet.row_total(row) for row, _ in ROUND_ROWS] + [sheet.sites, sheet.regions, sheet.total]
            for sheet in sheets]
    widths = _widths(heads, rows)
    column = name_column(names, 80 - len(indent) - sum(widths))
    out = [f"{indent}{'':<{columns(column[0])}}" + "".join(f"{h:>{w}}" for h, w in zip(heads, widths))]
    for s, row in enumerate(rows):
        out.append(f"{indent}{column[s]}" + "".join(f"{v:>{w}}" for v, w in zip(row, widths)))
    return out
