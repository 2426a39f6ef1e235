"""The command line's exit codes, and leaving with one: 0 fine, 1 invalid input, 2 usage or I/O."""

from __future__ import annotations

import sys
from typing import NoReturn

import click

from ..core.display import displayable

EXIT_INVALID = 1
EXIT_USAGE = 2


def fail(message: str, code: int = EXIT_INVALID) -> NoReturn:
    """Print ``message`` to stderr and exit with ``code``. The names of files in it are shown by
    ``core.jsonio.label_of``; any control character still in it (but tab and newline) is shown
    as U+FFFD (``core.display.displayable``), never sent to the terminal."""
    click.echo(f"boomerang-rules: {displayable(message)}", err=True)
    sys.exit(code)
