"""Validating documents of any kind the library reads, told apart by their ``format`` field."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from .errors import Problem, RulesError
from .jsonio import DEFAULT_MAX_BYTES, read_json_file
from .loading import RULESET_FORMAT, VARIANT_FORMAT, check_resolved, resolve_data

Checker = Callable[[Any, str | None, Path | None], list[Problem]]


@attrs.frozen
class Report:
    """The outcome of validating one document: its kind and every problem found."""

    file: str
    kind: str | None
    problems: tuple[Problem, ...]

    @property
    def valid(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form, for ``--json`` output."""
        return {
            "file": self.file,
            "kind": self.kind,
            "valid": self.valid,
            "problems": [{"pointer": p.pointer, "message": p.message, "rule": p.rule} for p in self.problems],
        }


def check_rules_document(data: Any, label: str | None, base: Path | None) -> list[Problem]:
    """Every problem of a ruleset or variant document."""
    try:
        resolved = resolve_data(data, label, base)
    except RulesError as exc:
        return list(exc.problems)
    return check_resolved(resolved, data, label)


CHECKERS: dict[str, Checker] = {
    RULESET_FORMAT: check_rules_document,
    VARIANT_FORMAT: check_rules_document,
}
"""The document kinds ``validate`` knows, by their ``format`` value."""


def validate_data(data: Any, label: str | None = None, base: Path | None = None) -> Report:
    """Validate a parsed document of any known kind."""
    fmt = data.get("format") if isinstance(data, dict) else None
    checker = CHECKERS.get(fmt) if isinstance(fmt, str) else None
    if checker is None:
        kinds = ", ".join(sorted(CHECKERS))
        where = "/format" if isinstance(data, dict) else ""
        problem = Problem(where, f"not a document this library reads: \"format\" must be one of {kinds}",
                          "format", label)
        return Report(label or "<input>", None, (problem,))
    problems = [p.in_file(label) if p.file is None else p for p in checker(data, label, base)]
    return Report(label or "<input>", str(fmt).rsplit("/", 1)[-1], tuple(problems))


def validate_file(path: str | Path, max_bytes: int = DEFAULT_MAX_BYTES) -> Report:
    """Read and validate one file. ``OSError`` when it cannot be read."""
    label = str(path)
    data, problem = read_json_file(path, max_bytes)
    if problem is not None:
        return Report(label, None, (problem.in_file(label),))
    return validate_data(data, label, Path(path).parent)
