"""``boomerang-rules tournament``: bots against bots, many games, figures per seat."""

from __future__ import annotations

import json

import click

from ..core.display import counted
from ..core.limits import MAX_GAMES
from ..terminal.progress import Progress
from .common import (
    BOTS_HELP,
    EXIT_USAGE,
    INT,
    SEEDS_HELP,
    IntRange,
    fail,
    jobs_option,
    load_rules_or_exit,
    parse_bots,
    players_option,
    quiet_option,
    ray_option,
    require_players,
    require_seeds,
    rules_option,
)
from .stopping import interrupted

_SHORT = {"throw_catch": "T&C", "collections": "Coll", "animals": "Anim", "activity": "Act", "sites": "Sites",
          "regions": "Regns", "total": "Total", "rounds": "Rounds", "cards": "Cards", "boomerangs": "Boom",
          "sets": "Sets"}
"""The heads of the score-sheet rows' columns, every game's (Boomerang: Australia's as its sheets
show them, Boomerang (2010)'s as its score table); a row not here is headed by its whole name."""


def _columns(lines: list[list[str]]) -> list[str]:
    """Cells right-aligned in columns two spaces apart, each as wide as its widest cell and at
    least 7: a head is never cut."""
    widths = [max(7, *(len(line[i]) for line in lines)) for i in range(len(lines[0]))]
    return ["  ".join(f"{cell:>{width}}" for cell, width in zip(line, widths)) for line in lines]


WIDTH = 80
"""The columns every line of the figures fits, in every game and player count (issue 28's 80)."""


def _fits(lines: list[list[str]], keys: int, picked: list[int]) -> bool:
    """Whether the table of the first ``keys`` columns and the columns ``picked`` fits ``WIDTH``."""
    return max(len(line) for line in _columns([line[:keys] + [line[i] for i in picked] for line in lines])) <= WIDTH


def figure_tables(lines: list[list[str]], keys: int, rows: range) -> list[str]:
    """The table ``lines`` (heads first) as lines of at most ``WIDTH`` columns: one table when it fits;
    else the first ``keys`` columns (the seat and its bot) with every column but the score-sheet rows'
    (``rows``: their means), then, after a line saying what they are, the rows' means in as many more
    tables (the ``keys`` columns again) as their columns need. Boomerang: Australia's six rows made one
    table of 97 columns."""
    every = list(range(keys, len(lines[0])))
    if _fits(lines, keys, every):
        return _columns(lines)
    out = _columns([line[:keys] + [line[i] for i in every if i not in rows] for line in lines])
    chunk: list[int] = []
    chunks: list[list[int]] = []
    for i in rows:
        if chunk and not _fits(lines, keys, [*chunk, i]):
            chunks.append(chunk)
            chunk = []
        chunk.append(i)
    chunks += [chunk] if chunk else []
    if chunks:
        out.append("Mean points of each score-sheet row:")
    for picked in chunks:
        out += _columns([line[:keys] + [line[i] for i in picked] for line in lines])
    return out


@click.command(short_help="Play many bot games; figures per seat.")
@players_option()
@click.option("--bots", "bots_arg", default=None, metavar="NAME,...",
              help=BOTS_HELP)
@click.option("--games", "-n", type=IntRange(min=1, max=MAX_GAMES), default=200, show_default=True,
              help="How many games.")
@click.option("--seed", "-s", type=INT, default=0, show_default=True, help=SEEDS_HELP)
@rules_option
@jobs_option
@ray_option
@click.option("--rotate", is_flag=True,
              help="Move the bots one seat on each game (game i: bot e at seat (e + i) mod players); "
                   "figures are then per bot entry.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@quiet_option
def tournament(players: int, bots_arg: str | None, games: int, seed: int, rules_name: str, jobs: int,
               ray_address: str | None, rotate: bool, as_json: bool, quiet: bool) -> None:
    """Play many games between bots and print, per seat, totals, row means and win rates.

    A shared win counts as a share (1/k of a win for each of k winners). Every line fits 80
    columns: where one table of the figures would not (Boomerang: Australia's six score-sheet rows),
    the rows' means follow in a table of their own (--json is the same either way). On a terminal, standard
    error shows how many games are done, how fast and how long is left (never in a pipe, nor with
    --quiet); Ctrl-C stops at once, printing no figures (exit 130).

    \b
    Examples:
      boomerang-rules tournament --players 4 --bots greedy,random,random,random \\
        --games 200
      boomerang-rules tournament --bots ismcts,greedy,greedy --players 3 \\
        --games 1000 --ray

    Exit status: 0 played, 1 the --rules file is invalid, 2 usage error (or Ray out of reach).
    """
    from ..core import tournament as tour
    from ..core.parallel import ParallelError

    require_seeds(seed, games)
    rules = load_rules_or_exit(rules_name)
    require_players(rules, players)
    names = parse_bots(bots_arg, players, rules=rules)
    bar = Progress(games, quiet=quiet)
    try:
        with bar:
            result = tour.run(rules, names, games, seed, jobs, progress=bar.update, rotate=rotate, ray=ray_address)
    except ParallelError as exc:
        fail(str(exc), EXIT_USAGE)
    except KeyboardInterrupt as stop:
        interrupted(stop, f"stopped after {bar.done:,} of {games:,} games; no figures printed")
    if as_json:
        click.echo(json.dumps(result.as_dict()))
        return
    from ..terminal.wording import fit_line

    dealt = f"seed {seed}" if games == 1 else f"seeds {seed} to {seed + games - 1}"
    for line in fit_line(f"{counted(games, 'game')}, {players} players, rules {rules.id}, {dealt}", WIDTH):
        click.echo(line)
    if rotate:  # a line of its own: beside a long id the first line ran past 80 columns
        click.echo("Seats rotated: the figures are per bot entry.")
    shown = [r for r in result.rows if r != "total"]
    heads = ["entry" if rotate else "seat", "bot", "mean", "stdev", *(_SHORT.get(r, r) for r in shown), "wins"]
    table = [heads] + [[str(s.seat), s.bot, f"{s.mean_total:.1f}", f"{s.stdev_total:.1f}",
                        *(f"{s.row_means[r]:.1f}" for r in shown), f"{s.win_rate:.1%}"] for s in result.seats()]
    for line in figure_tables(table, 2, range(4, 4 + len(shown))):
        click.echo(line)
    if len(set(names)) < len(names):
        for bot, (mean, wins) in result.by_bot().items():
            click.echo(f"{bot}: mean {mean:.1f}, wins {wins:.1%} a seat")

