"""The command line's exit codes, and leaving with one: 0 fine, 1 invalid input, 2 usage or I/O."""

from __future__ import annotations

import sys
from typing import NoReturn

import click

EXIT_INVALID = 1
EXIT_USAGE = 2


def fail(message: str, code: int = EXIT_INVALID) -> NoReturn:
    """Print ``message`` to stderr and exit with ``code``."""
    click.echo(f"boomerang-rules: {message}", err=True)
    sys.exit(code)
