"""Boomerang: Australia's score sheets as text tables, shared by its ``replay`` and ``play``: a row
of 80 columns whatever the names (``terminal.wording.name_column``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..terminal.wording import columns, name_column

ROUND_ROWS = (("throw_catch", "T&C"), ("collections", "Coll"), ("animals", "Anim"), ("activity", "Act"))


def round_table(sheets: Sequence[Any], names: Sequence[str], r: int, notes: Sequence[str] = (),
                indent: str = "  ", gains: Sequence[tuple[int, int]] = ()) -> list[str]:
    """Each seat's points in round ``r`` (0-based), row by row, with an optional note per seat;
    ``gains``: each seat's points for sites and region bonuses that round, so that the round's
    column adds up to what its total gained."""
    heads = [h for _, h in ROUND_ROWS] + (["Sites", "Regns"] if gains else [])
    column = name_column(names, 80 - len(indent) - 6 * (len(heads) + 1))  # a row of 80 columns, its note aside
    out = [f"{indent}{'':<{columns(column[0])}}" + "".join(f"{h:>6}" for h in heads) + " Round"]
    for s, sheet in enumerate(sheets):
        values = [getattr(sheet, row)[r] for row, _ in ROUND_ROWS] + (list(gains[s]) if gains else [])
        note = f"  ({notes[s]})" if notes else ""
        out.append(f"{indent}{column[s]}" + "".join(f"{v:>6}" for v in values) + f"{sum(values):>6}{note}")
    return out


def totals_table(sheets: Sequence[Any], names: Sequence[str], indent: str = "  ") -> list[str]:
    """Each seat's game totals, row by row, sites, region bonuses and the total."""
    heads = [h for _, h in ROUND_ROWS] + ["Sites", "Regns", "Total"]
    column = name_column(names, 80 - len(indent) - 6 * len(heads))
    out = [f"{indent}{'':<{columns(column[0])}}" + "".join(f"{h:>6}" for h in heads)]
    for s, sheet in enumerate(sheets):
        values = [sheet.row_total(row) for row, _ in ROUND_ROWS] + [sheet.sites, sheet.regions, sheet.total]
        out.append(f"{indent}{column[s]}" + "".join(f"{v:>6}" for v in values))
    return out
