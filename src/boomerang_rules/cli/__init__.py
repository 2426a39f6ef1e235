"""The ``boomerang-rules`` command line: every command works for every game, chosen by ``--rules``.

Exit codes: 0 fine, 1 invalid input, 2 usage or I/O error.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from typing import Any, NoReturn

import click

from .. import __version__
from .bench import bench
from .check_scorer import check_scorer
from .play import play
from .replay import replay
from .score import score
from .sheet import sheet
from .simulate import simulate
from .stopping import ending_on_signals, interrupted
from .streams import reconfigure_streams
from .tournament import tournament
from .validate import validate
from .variants import variants


class _Commands(click.Group):
    """The command group, turning a failure to write the output into exit 2 with a message, and a
    Ctrl-C (SIGTERM, SIGHUP) no command met with its own words into exit 130 ("interrupted (Ctrl-C)";
    143, 129).

    Click itself exits 1, silently, when the reader of a pipe goes away, and a full disk
    (``> /dev/full``) would end in a traceback; on Ctrl-C it said "Aborted!" and exited 1.
    """

    def invoke(self, ctx: click.Context) -> Any:
        try:
            try:
                return super().invoke(ctx)
            finally:
                sys.stdout.flush()
        except OSError as exc:
            _output_failed(exc)
        except KeyboardInterrupt as stop:  # not met by the command's own words: click said "Aborted!", exit 1
            interrupted(stop)

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        """The command line read, as click reads it; a Ctrl-C meanwhile (before any command runs)
        exits 130 as one within a command does (click said "Aborted!", exit 1); SIGTERM and SIGHUP
        likewise exit 143 and 129."""
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt as stop:  # SIGTERM and SIGHUP too (``Stopped``): 128 + the signal, named
            interrupted(stop)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        try:
            try:
                with ending_on_signals():
                    return super().main(*args, **kwargs)
            finally:
                sys.stdout.flush()
        except OSError as exc:  # writing help or the version
            _output_failed(exc)


def _output_failed(exc: OSError) -> NoReturn:
    """Report an I/O error and exit 2, a closed pipe too (issue 10: "I/O problems are exit 2 with a
    message"; the exit codes stay the three the guide names); output still buffered is dropped, not
    written again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout without a file descriptor (a test runner's)
        pass
    what = "the output was closed before it was all written" if exc.errno == errno.EPIPE else \
        f"I/O error: {exc.strerror or exc}"
    with contextlib.suppress(OSError):
        click.echo(f"boomerang-rules: {what}", err=True)
    sys.exit(2)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="boomerang-rules")
def cli() -> None:
    """Rules, referee and scorer for three card games, chosen with --rules: Boomerang: Australia
    (--rules standard, the default), Sea Salt & Paper (--rules sea-salt-paper) and Boomerang
    (2010) (--rules boomerang-2010); 'boomerang-rules variants' lists their variants.

    
    To play one against bots:
      boomerang-rules play
      boomerang-rules play --rules sea-salt-paper

    Exit codes: 0 fine, 1 invalid input, 2 usage or I/O error; stopped by Ctrl-C
    130, by SIGTERM 143, by SIGHUP (its terminal closed) 129.
    """


cli.add_command(bench)
cli.add_command(check_scorer)
cli.add_command(play)
cli.add_command(replay)
cli.add_command(score)
cli.add_command(sheet)
cli.add_command(simulate)
cli.add_command(tournament)
cli.add_command(validate)
cli.add_command(variants)


def main() -> None:
    """Entry point of the console script."""
    reconfigure_streams()
    cli(prog_name="boomerang-rules")
