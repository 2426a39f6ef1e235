"""``boomerang-rules sheet``: a record's score sheets as a picture (SVG)."""

from __future__ import annotations

import sys

import click

from ..core.jsonio import printable
from ..terminal.problems import listed
from .common import EXIT_USAGE, fail, game_cli, game_number_option, max_bytes_option, read_one_game
from .files import named, refuse_to_overwrite, write_text


@click.command(short_help="Draw a record's score sheets as SVG.")
@click.argument("file", type=click.Path(allow_dash=True), callback=named)
@click.option("--out", "-o", "out", type=click.Path(dir_okay=False, allow_dash=True), default=None, callback=named,
              metavar="FILE.svg",
              help="The SVG file to write ('-': standard output). Without it the SVG goes to standard "
                   "output only when that is a file or a pipe; on a terminal the command refuses (exit 2).")
@game_number_option
@max_bytes_option
def sheet(file: str, out: str | None, game_number: int | None, max_bytes: int) -> None:
    """Draw the score sheets of a recorded game as an SVG picture, laid out like the game's
    paper score pad, the winner's framed. Boomerang: Australia: the categories by rounds, the
    sites crossed off on the map of regions, the region bonuses won (a star), the totals.
    Sea Salt & Paper: a round-by-round table (how each round ended, card points, colour bonus,
    running totals to the target); Boomerang (2010): the cards and points per animal, the
    boomerangs and their sets. An unfinished game's sheets show the scores so far and say, under
    them, that the game is unfinished.

    The picture is written to --out; without it, to standard output when that is redirected to
    a file or a pipe ('sheet game.json > sheet.svg'), and never as text onto a terminal: there
    the command stops with a usage error (exit 2) asking for --out.

    Exit status: 0 drawn, 1 the record is invalid, 2 usage or I/O error.

    \b
    Example:
      boomerang-rules simulate --players 3 --seed 7 --out game.json
      boomerang-rules sheet game.json -o sheet.svg
    """
    from .. import check_record, is_over
    from ..core.jsonio import STDIN

    if out is None:
        if sys.stdout.isatty():
            fail("sheet draws an SVG picture: give --out FILE.svg to write it to a file (or '--out -' to "
                 "print it here anyway)", EXIT_USAGE)
        out = STDIN

    refuse_to_overwrite("--out", out, [("the record being read", file)])
    where, data = read_one_game(file, game_number, max_bytes)
    checked = check_record(data)
    if checked.problems or checked.state is None:
        fail("not a valid game record:\n" + "\n".join(f"  {line}" for line in listed(
            [p.in_file(where) for p in checked.problems])))
    state = checked.state
    svg = game_cli(state.rules).sheet_svg(state, [str(n) for n in data["players"]])
    if out == STDIN:
        click.echo(svg, nl=False)
        return
    write_text(out, svg, "--out")
    unfinished = "" if is_over(state) else " (the game is unfinished: no winner yet)"
    click.echo(f"Score sheets drawn in {printable(out)}{unfinished}")
