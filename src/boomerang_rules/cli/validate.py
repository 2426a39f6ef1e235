"""``boomerang-rules validate``: check files against the rules, reporting every problem."""

from __future__ import annotations

import json
import sys

import click

from ..core.limits import DEFAULT_MAX_BYTES
from .common import EXIT_INVALID, EXIT_USAGE


@click.command(short_help="Check records, rulesets and variants.")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON report per file, one per line.")
@click.option("--max-bytes", default=DEFAULT_MAX_BYTES, show_default=True, type=click.IntRange(min=1),
              help="Refuse files larger than this.")
def validate(files: tuple[str, ...], as_json: bool, max_bytes: int) -> None:
    """Check game records, rulesets and variants against the rules (their "format" tells which).

    A game record is replayed by the engine: every deal, every pick against the hand the seat
    held, the Catch, each activity, and the claimed result row by row. Every problem is
    reported as FILE:POINTER: MESSAGE [RULE]. A *.jsonl file holds one document per line,
    reported as FILE:LINE. Files are only read, never written.

    Exit status: 0 all files valid, 1 some file invalid, 2 usage or I/O error.
    """
    from ..core.validation import validate_file

    worst = 0
    for name in files:
        try:
            reports = validate_file(name, max_bytes)
        except OSError as exc:
            click.echo(f"boomerang-rules: {name}: cannot read: {exc.strerror or exc}", err=True)
            worst = EXIT_USAGE
            continue
        for report in reports:
            if not report.valid:
                worst = max(worst, EXIT_INVALID)
            if as_json:
                click.echo(json.dumps(report.as_dict(), ensure_ascii=False))
            elif report.valid:
                click.echo(f"{report.file}: valid {report.kind}")
            else:
                for problem in report.problems:
                    click.echo(str(problem))
    sys.exit(worst)
