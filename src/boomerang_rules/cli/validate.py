"""``boomerang-rules validate``: check files against the rules, reporting every problem."""

from __future__ import annotations

import json
import sys
from functools import partial

import click

from ..core.display import counted
from .common import EXIT_INVALID, EXIT_USAGE, fail, max_bytes_option
from .files import named
from .stopping import interrupted
from .whole import write_whole


@click.command(short_help="Check records, rulesets and variants.")
@click.argument("files", nargs=-1, required=True, metavar="FILE...", callback=named)
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON report per document (an unreadable file included), one per line, each with the "
                   "keys file, kind, valid, readable and problems (each with pointer, message and rule).")
@click.option("--quiet", "-q", is_flag=True, help="Print only the problems: no line per valid document, no summary.")
@max_bytes_option
def validate(files: tuple[str, ...], as_json: bool, quiet: bool, max_bytes: int) -> None:
    """Check game records, rulesets and variants against the rules (their "format" tells which),
    for every game: Boomerang: Australia, Sea Salt & Paper and Boomerang (2010).

    A game record is replayed by the engine of its game (its "game" field): Boomerang:
    Australia's every deal, every pick against the hand the seat held, the Catch and each
    activity; Sea Salt & Paper's every deck, draw, discard, duo effect, steal and round end;
    Boomerang (2010)'s deck, every token, throw and pass, and each capture; then the claimed
    result row by row. A ruleset or variant is checked against its game's schema and rules
    (a variant after its patch is applied). Every problem is
    reported as FILE:POINTER: MESSAGE [RULE], 20 of each document (the first of each rule,
    then the earliest), then one line counting the rest by rule ("… and 375 more problems,
    not listed: record-integer (375×)");
    --json lists every one. The format follows the file name: a *.jsonl file
    holds one document per line, reported as FILE:LINE, any other name one JSON document; a
    file in the other format is reported as such. "-" reads standard input (JSON Lines when its
    first line is a document by itself). Files are only read, never written. The output ends
    with a summary such as "1000 valid, 0 invalid".

    Exit status: 0 all files valid, 1 some file invalid, 2 usage or I/O error.

    \b
    Examples:
      boomerang-rules validate game.json games.jsonl my-variant.json
      boomerang-rules simulate --games 100 --out - | boomerang-rules validate -q -
    """
    from ..core.display import escaped_json
    from ..core.errors import Problem
    from ..core.jsonio import STDIN, label_of
    from ..core.validation import Report, file_reports
    from ..terminal.problems import listed

    if files.count(STDIN) > 1:  # the second reading found it at its end: "empty", an invalid document
        fail(f"'-' (standard input) is given {files.count(STDIN)} times: it can be read once", EXIT_USAGE)
    worst = 0
    valid = invalid = unreadable = 0

    def count(whole: bool) -> None:
        nonlocal valid, invalid, worst
        if whole:
            valid += 1
        else:
            invalid += 1
            worst = max(worst, EXIT_INVALID)

    number, name = 1, files[0]
    try:
        for number, name in enumerate(files, 1):  # noqa: B007 (told when stopped)
            reports = file_reports(name, max_bytes)  # each told as it comes: a long file is told as it goes
            while True:
                try:
                    report = next(reports, None)
                except OSError as exc:
                    reason = f"cannot read: {exc.strerror or exc}"
                    unreadable += 1
                    worst = EXIT_USAGE
                    if as_json:
                        unread = Report(label_of(name), None, (Problem("", reason, "io"),))
                        line = escaped_json(json.dumps({**unread.as_dict(), "readable": False}, ensure_ascii=False))
                        write_whole(sys.stdout, line + "\n", lambda: None)
                    else:
                        click.echo(f"boomerang-rules: {label_of(name)}: {reason}", err=True)
                    break
                if report is None:
                    break
                if as_json:
                    text = escaped_json(json.dumps(report.as_dict(), ensure_ascii=False)) + "\n"  # pointers name keys
                elif report.valid:
                    text = "" if quiet else f"{report.file}: valid {report.kind}\n"
                else:  # a screenful; --json gives every one
                    text = "".join(line + "\n" for line in listed(report.problems))
                write_whole(sys.stdout, text, partial(count, report.valid))  # a stop then says how many were
    except KeyboardInterrupt as stop:  # how far it got: the summary is not printed
        where = f"{label_of(name)}, file {number} of {len(files)}" if len(files) > 1 else label_of(name)
        told = f"{valid:,} valid, {invalid:,} invalid" + (f", {unreadable:,} unreadable" if unreadable else "")
        interrupted(stop, f"stopped reading {where}, after {counted(valid + invalid, 'document')} reported ({told}); "
                    "no summary printed")
    if not as_json and not quiet:
        summary = f"{valid} valid, {invalid} invalid"
        click.echo(summary + (f", {unreadable} unreadable" if unreadable else ""))
    sys.exit(worst)
