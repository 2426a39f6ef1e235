"""Validating documents of any kind the library reads, told apart by their ``format`` field."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs

from .errors import Problem, RulesError
from .games import RECORD_FORMAT as RECORD_FORMAT
from .games import records_module, rules_module, unknown_game
from .jsonio import JSON_LINES_SUFFIXES, STDIN, is_json_lines_name, json_problems, read_documents, vouched_fit  # noqa: F401 (JSON_LINES_SUFFIXES: kept importable here)
from .limits import DEFAULT_MAX_BYTES
from .loading import (
    RULESET_FORMAT,
    VARIANT_FORMAT,
    check_resolved,
    resolve_data,
    rules_size_problem,
    shipped_id_problems,
)

Checker = Callable[[Any, str | None, Path | None, Path | None], list[Problem]]
"""A document's checker: ``(data, label, base, path)``, ``path`` the file it was read from, if one was."""


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
        """JSON-ready form, for ``--json`` output: the keys of every report ``validate --json`` prints,
        a file it could not read included (``readable`` false, its one problem of rule ``io``)."""
        return {
            "file": self.file,
            "kind": self.kind,
            "valid": self.valid,
            "readable": True,
            "problems": [{"pointer": p.pointer, "message": p.message, "rule": p.rule} for p in self.problems],
        }


def check_rules_document(data: Any, label: str | None, base: Path | None, path: Path | None = None) -> list[Problem]:
    """Every problem of a ruleset or variant document. ``path``, the file it was read from, starts the
    chain of files a cycle of ``extends`` is told by, as ``load_rules`` tells it (``a -> b -> a``): without
    it ``validate a.json`` told the same cycle from its second file (``b -> a -> b``)."""
    seen = (str(path.resolve()),) if path is not None else ()
    try:
        resolved = resolve_data(data, label, base, seen)
    except RulesError as exc:
        return list(exc.problems)
    problems = check_resolved(resolved, data, label)
    if problems:
        return problems
    return shipped_id_problems(rules_module(resolved["game"]).build(resolved), label)


def check_record_document(data: Any, label: str | None, base: Path | None, path: Path | None = None) -> list[Problem]:
    """Every problem of a game record, found by its game's replay."""
    unknown: list[Problem] = unknown_game(data)
    if unknown:
        return [p.in_file(label) for p in unknown]
    game = data.get("game") if isinstance(data, dict) else None
    problems: list[Problem] = records_module(str(game)).validate_record(data, label)
    return problems


CHECKERS: dict[str, Checker] = {
    RECORD_FORMAT: check_record_document,
    RULESET_FORMAT: check_rules_document,
    VARIANT_FORMAT: check_rules_document,
}
"""The document kinds ``validate`` knows, by their ``format`` value."""


def array_of_documents(data: Any) -> list[Problem]:
    """A JSON array whose every item is a document (an object with a ``format``), as a program that
    gathers records in a list writes them: one problem saying how a file holds several, in JSON Lines.
    It was "not a document this library reads" (``validate``) or the whole array quoted and said not to
    be an object (``replay``, ``sheet``), neither of which said what to do. ``[]`` for anything else."""
    if not (isinstance(data, list) and data and all(isinstance(item, dict) and "format" in item for item in data)):
        return []
    many = f"{len(data):,} documents" if len(data) != 1 else "one document"
    return [Problem("", f"a JSON array of {many}: a file holds one document, or several one a line in a JSON "
                    "Lines file (a name ending in .jsonl, as simulate --out games.jsonl writes)", "format")]


def validate_data(data: Any, label: str | None = None, base: Path | None = None, path: Path | None = None) -> Report:
    """Validate a parsed document of any known kind (``path``: the file it is the whole of, if any)."""
    fmt = data.get("format") if isinstance(data, dict) else None
    checker = CHECKERS.get(fmt) if isinstance(fmt, str) else None
    listed = array_of_documents(data)
    if listed:
        return Report(label or "<input>", None, tuple(p.in_file(label) for p in listed))
    if checker is None:
        kinds = ", ".join(sorted(CHECKERS))
        where = "/format" if isinstance(data, dict) else ""
        problem = Problem(where, f"not a document this library reads: \"format\" must be one of {kinds}",
                          "format", label)
        return Report(label or "<input>", None, (problem,))
    found = json_problems(data)
    if not found:
        with vouched_fit(data):  # the checker's own json_problems(data) need not encode it again
            found = checker(data, label, base, path)
    problems = [p.in_file(label) if p.file is None else p for p in found]
    return Report(label or "<input>", str(fmt).rsplit("/", 1)[-1], tuple(problems))




def validate_file(path: str | Path, max_bytes: int = DEFAULT_MAX_BYTES) -> list[Report]:
    """Read and validate one file: one report, or one per line of a JSON Lines file.

    The format follows the file name (``core.jsonio.read_documents``): a file named ``*.jsonl``
    or ``*.ndjson`` holds one document per line, reported as ``FILE:LINE``, each line limited to
    ``max_bytes``; ``-`` is standard input. ``OSError`` when the file cannot be read.
    """
    return list(file_reports(path, max_bytes))


def file_reports(path: str | Path, max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[Report]:
    """``validate_file``'s reports one at a time, each as soon as its document is read and checked:
    what ``validate`` prints from, so that a JSON Lines file of any length is told line by line (on a
    terminal, in a pipe) and never held whole, nor its reports (all of them were gathered first: 5,000
    Boomerang (2010) records printed nothing for 22 s, then everything, in 20 MB more than 1,000 took).
    ``OSError`` when the file cannot be read, at the first report or, for a file failing midway, later."""
    base = Path(".") if str(path) == STDIN else Path(path).parent
    whole = None if str(path) == STDIN or is_json_lines_name(path) else Path(path)  # a file of one document
    for where, data, problem in read_documents(path, max_bytes):
        if problem is not None:
            yield Report(where, None, (problem,))
        elif whole is not None and _rules_file_too_large(data, whole):  # --max-bytes raises no ruleset's limit
            kind = str(data["format"]).rsplit("/", 1)[-1]
            yield Report(where, kind, (rules_size_problem().in_file(where),))
        else:
            with vouched_fit(data):  # parse_json found it fit
                report = validate_data(data, where, base, whole)
            yield report


def _rules_file_too_large(data: Any, path: Path) -> bool:
    """Whether ``data``, read whole from ``path``, is a ruleset or variant of a file past the limit
    ``load_rules`` keeps: ``validate --max-bytes`` called one "valid" that no command could load."""
    return (isinstance(data, dict) and data.get("format") in (RULESET_FORMAT, VARIANT_FORMAT)
            and path.stat().st_size > DEFAULT_MAX_BYTES)
