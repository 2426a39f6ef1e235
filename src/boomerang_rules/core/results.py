"""Checking a record's claimed result against the one the rules give, for any game.

Each game's record checks replay the game and hand over its score sheets (as JSON data) and
winners; what differs between games is only the rows a sheet has, so the comparison is here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .display import shown
from .errors import Problem
from .pointer import pointer


def _row_problems(seat: int, row: str, want: Any, got: Any) -> list[Problem]:
    """One row of one sheet: a problem per wrong entry of a mapping or an equally long list,
    else one for the row."""
    if isinstance(want, dict):
        return _entry_problems(seat, row, want, got)
    if isinstance(want, list) and len(got) == len(want):
        return [Problem(pointer("result", "sheets", seat, row, i), f"claimed {g}, the rules give {w}",
                        "result-sheet") for i, (w, g) in enumerate(zip(want, got)) if w != g]
    if got != want:
        return [Problem(pointer("result", "sheets", seat, row), f"claimed {got}, the rules give {want}",
                        "result-sheet")]
    return []


def _entry_problems(seat: int, row: str, want: dict[str, Any], got: dict[str, Any]) -> list[Problem]:
    """A row that maps names to numbers (Boomerang (2010)'s ``cards`` and ``animals``, by animal): a
    problem per wrong entry, per entry the rules have and the claim lacks (at the row), and per entry
    the claim names that the rules do not have. Both were "claimed None, the rules give 2"."""
    problems = [Problem(pointer("result", "sheets", seat, row),
                        f"the entry {shown(key)} is missing: the rules give {want[key]}", "result-sheet")
                for key in want if key not in got]
    for key, claimed in got.items():
        if key not in want:
            problems.append(Problem(pointer("result", "sheets", seat, row, key),
                                    f"{shown(key)} is no entry of {row} under these rules (they have "
                                    f"{', '.join(want)})", "result-sheet"))
        elif claimed != want[key]:
            problems.append(Problem(pointer("result", "sheets", seat, row, key),
                                    f"claimed {claimed}, the rules give {want[key]}", "result-sheet"))
    return problems


def result_problems(sheets: Sequence[Mapping[str, Any]], best: Sequence[int], result: Mapping[str, Any],
                    tie_note: str = "") -> list[Problem]:
    """Where ``result`` (a schema-valid claimed result) differs from ``sheets`` and the winners
    ``best`` that the replay gives; ``tie_note`` says how the game breaks ties, for the message."""
    claimed = result["sheets"]
    problems = []
    if len(claimed) != len(sheets):
        problems.append(Problem("/result/sheets", f"{len(claimed)} sheets for {len(sheets)} players", "result-sheet"))
    for seat, (mine, theirs) in enumerate(zip(sheets, claimed)):
        for row, want in mine.items():
            problems += _row_problems(seat, row, want, theirs[row])
    if sorted(result["winners"]) != list(best):
        totals = ", ".join(str(s["total"]) for s in sheets)
        problems.append(Problem("/result/winners", f"claimed {sorted(result['winners'])}, the rules give "
                                f"{list(best)} (totals {totals}{tie_note})", "result-winners"))
    return problems
