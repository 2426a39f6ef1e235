"""The ``boomerang-rules`` command line: every command works for every game, chosen by ``--rules``.

Exit codes: 0 fine, 1 invalid input, 2 usage or I/O error.
"""

from __future__ import annotations

import click

from .. import __version__
from .bench import bench
from .check_scorer import check_scorer
from .play import play
from .replay import replay
from .score import score
from .simulate import simulate
from .tournament import tournament
from .validate import validate
from .variants import variants


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="boomerang-rules")
def cli() -> None:
    """Rules, referee and scorer for card games: Boomerang: Australia (--rules standard, the
    default) and the other games of `variants`, chosen with --rules ID|PATH.

    Exit codes: 0 fine, 1 invalid input, 2 usage or I/O error.
    """


cli.add_command(bench)
cli.add_command(check_scorer)
cli.add_command(play)
cli.add_command(replay)
cli.add_command(score)
cli.add_command(simulate)
cli.add_command(tournament)
cli.add_command(validate)
cli.add_command(variants)


def main() -> None:
    """Entry point of the console script."""
    cli(prog_name="boomerang-rules")
