"""The command line's exit codes, and leaving with one: 0 fine, 1 invalid input, 2 usage or I/O."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NoReturn

import click

from ..core.display import displayable

if TYPE_CHECKING:
    from ..core.errors import Problem

EXIT_INVALID = 1
EXIT_USAGE = 2


def fail(message: str, code: int = EXIT_INVALID) -> NoReturn:
    """Print ``message`` to stderr and exit with ``code``. The names of files in it are shown by
    ``core.jsonio.label_of``; any control character still in it (but tab and newline) is shown
    as U+FFFD (``core.display.displayable``), never sent to the terminal."""
    click.echo(f"boomerang-rules: {displayable(message)}", err=True)
    sys.exit(code)


INPUT_ENDED = "input ended; the game was left unfinished"
"""What ``play`` says, in every game, when its input ends before the game does."""


def input_ended() -> NoReturn:
    """Leave ``play`` whose input ended before the game did: exit 2, the I/O side of "usage or I/O
    error". Not 1: the answers read were no invalid document, they ran out; not 0: the game asked
    for was not played to its end, and ``--record`` is not written (as after Ctrl-C's 130), which a
    script piping answers must not take for success."""
    fail(INPUT_ENDED, EXIT_USAGE)


def is_option(arg: str) -> bool:
    """Whether an argument of a game's ``score`` is an option: ``--name``, or a dash and a letter
    (``-q``). No card id or player of any game starts with a dash, so ``score -q`` is refused as
    ``score --bogus`` is, in every game, wherever it stands (issue: Australia read ``-q`` as an unknown
    card, Sea Salt & Paper as a card in hand, Boomerang (2010) as an unexpected argument)."""
    return arg.startswith("--") or (len(arg) > 1 and arg[0] == "-" and arg[1].isalpha())


def refuse_input(problems: Iterable[Problem], where: Callable[[Problem], str]) -> NoReturn:
    """Exit 1 (invalid input) with each problem of a command's arguments on a line, as ``validate``
    reports a file's: ``PLACE: message [rule]``, PLACE the argument ``where`` names (``argument 3
    ('A')``, ``--played card 1 ('crab-1')``, ``--player 2 ('A1:12')``); past a screenful, the rest
    counted by rule in one line (``terminal.problems.listed``). ``score`` answers so in every game."""
    from .problems import listed

    fail("\n".join(listed(list(problems), lambda p: f"{where(p)}: {p.message} [{p.rule}]")))
