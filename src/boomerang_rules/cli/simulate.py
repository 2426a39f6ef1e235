"""``boomerang-rules simulate``: random legal games, written as game records."""

from __future__ import annotations

import sys
from typing import IO

import click

from ..core.jsonio import printable
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
from .files import named, refuse_to_overwrite, rules_read, write_text_file
from .stopping import interrupted
from .whole import write_whole


@click.command(short_help="Play bot games and write their records.")
@players_option()
@click.option("--seed", "-s", type=INT, default=0, show_default=True, help=SEEDS_HELP)
@rules_option
@click.option("--games", "-n", type=IntRange(min=1, max=MAX_GAMES), default=1, show_default=True,
              help="How many games.")
@click.option("--out", "-o", type=click.Path(dir_okay=False, writable=True, allow_dash=True), default=None,
              callback=named,
              help="Write the records to this file ('-': standard output, the default). The format follows "
                   "the name: *.jsonl gets JSON Lines (one record a line), any other name one indented JSON "
                   "document, so several games need a .jsonl name. A file that exists is replaced, once the "
                   "records are complete.")
@click.option("--bots", "bots_arg", default=None, metavar="NAME,...",
              help=BOTS_HELP)
@jobs_option
@ray_option
@quiet_option
def simulate(players: int, seed: int, rules_name: str, games: int, out: str | None, bots_arg: str | None,
             jobs: int, ray_address: str | None, quiet: bool) -> None:
    """Play games between bots and write their records.

    Every bot sees only its seat's view and draws from its own generator seeded from the
    game's seed: the same arguments give the same output, byte for byte, on every platform.
    Every record written validates, and validate and replay read the file back. On
    standard output one game is an indented JSON document and several are JSON Lines.

    \b
    Examples:
      boomerang-rules simulate --players 3 --seed 7
      boomerang-rules simulate --players 4 --bots greedy,random,random,random \\
        --games 1000 --out games.jsonl
      boomerang-rules simulate --games 100000 --jobs 2 --out games.jsonl

    On a terminal, standard error shows how many games are done, how fast and how long is left
    (never in a pipe, nor with --quiet). Ctrl-C stops at once, exit 130: an --out file is then
    left as it was (records go to a temporary file renamed when complete); on standard output
    the records already written stay, and the message says how many.

    Exit status: 0 written, 1 the --rules file is invalid, 2 usage or I/O error.
    """
    from ..core.parallel import ParallelError
    from ..core.simulation import simulate as records

    require_seeds(seed, games)
    rules = load_rules_or_exit(rules_name)
    refuse_to_overwrite("--out", out, rules_read(rules_name))
    require_players(rules, players)
    names = parse_bots(bots_arg, players, rules=rules)
    seat_names = [f"{name} {seat}" for seat, name in enumerate(names)]

    from ..core.jsonio import STDIN, is_json_lines_name

    to_stdout = out is None or out == STDIN
    lines = games > 1 if to_stdout else is_json_lines_name(str(out))
    if not lines and games > 1:
        name = printable(str(out))
        dotted = "." in name.rsplit("/", 1)[-1]
        stem = name.rsplit(".", 1)[0] if dotted else name
        holder = f"a .{name.rsplit('.', 1)[1]} file" if dotted else "a file of another name"  # not ".json" for g.txt
        fail(f"--out {name}: {games} games need a JSON Lines file, one record a line (a name ending in .jsonl, "
             f"such as {stem}.jsonl); {holder} holds one game", EXIT_USAGE)

    written = 0

    def count() -> None:
        nonlocal written
        written += 1

    def write(stream: IO[str]) -> None:
        with Progress(games, quiet=quiet) as bar:
            try:
                for text in records(rules, names, seat_names, seed, games, lines, jobs=jobs, ray=ray_address,
                                    progress=bar.update):
                    if to_stdout:  # a lagging reader's full pipe: a signal waits for the record's end
                        write_whole(stream, text, count)
                    else:  # a --out file is dropped when stopped
                        stream.write(text)
                        count()
            except ParallelError as exc:
                fail(str(exc), EXIT_USAGE)

    try:
        if to_stdout:
            write(sys.stdout)
            return
        write_text_file(str(out), write, "--out")
    except KeyboardInterrupt as stop:
        if to_stdout:
            sys.stdout.flush()
            interrupted(stop, f"the first {written:,} of {games:,} game records went to standard output")
        interrupted(stop, f"--out {printable(str(out))} was not written (left as it was); {written:,} of {games:,} "
                          "games had been played")
