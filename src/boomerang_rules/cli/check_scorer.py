"""``boomerang-rules check-scorer``: test another implementation's scoring against the rules."""

from __future__ import annotations

import json

import click

from ..core.display import counted
from ..core.jsonio import document_text, printable
from ..core.limits import MAX_GAMES
from ..terminal.progress import Progress
from ..terminal.wording import fitted
from .common import (
    EXIT_INVALID,
    EXIT_USAGE,
    INT,
    SEEDS_HELP,
    FloatRange,
    IntRange,
    fail,
    game_cli,
    load_rules_or_exit,
    players_option,
    quiet_option,
    require_players,
    require_seeds,
    rules_option,
)
from .files import check_new_file, command_files, named, refuse_to_overwrite, rules_read, write_text
from .stopping import interrupted


@click.command(name="check-scorer", short_help="Check another scorer against the rules.",
               context_settings={"ignore_unknown_options": True})
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
@click.option("--games", "-n", type=IntRange(min=1, max=MAX_GAMES), default=200, show_default=True,
              help="How many games to generate and score.")
@click.option("--seed", "-s", type=INT, default=0, show_default=True, help=SEEDS_HELP)
@rules_option
@players_option(None, "Player count of every game (default: every count the rules allow, in turn)")
@click.option("--timeout", type=FloatRange(min=0.1), default=120.0, show_default=True,
              help="Seconds the scorer may take for each batch (one run of COMMAND for every 1,000 games).")
@click.option("--example-out", type=click.Path(dir_okay=False, writable=True), default=None, callback=named,
              help="Write the shortest disagreeing record (without result) to this file (checked before the "
                   "games are dealt).")
@click.option("--force", is_flag=True, help="Let --example-out replace a file that exists.")
@quiet_option
def check_scorer(command: tuple[str, ...], games: int, seed: int, rules_name: str, players: int | None,
                 timeout: float, example_out: str | None, force: bool, quiet: bool) -> None:
    """Run another scorer on generated games and report where it disagrees with the rules.

    COMMAND reads finished game records (without "result") on stdin, one JSON object a line,
    and writes one line per record: a JSON array with one sheet per seat, each with the rows
    of the game's score sheets (Boomerang: Australia: throw_catch, collections, animals,
    activity (lists, one entry a round), sites, regions and total; Sea Salt & Paper: rounds
    and total; Boomerang (2010): cards and animals (objects animal -> count and points),
    boomerangs, sets and total; see docs/testing.md). Put -- before COMMAND so that its
    options are its own. Every number of a sheet is an integer: an answer that writes one with
    a point (96.0 for 96), as a scorer computing in floats does, disagrees, and the report
    counts such answers apart and says why, as true for a 1 disagrees. On a terminal, standard
    error shows how many games are checked, how fast and how long is left (never in a pipe, nor
    with --quiet); Ctrl-C stops at once, printing no report (exit 130).

    Exit status: 0 all games agree, 1 some differ (or the scorer broke the protocol),
    2 usage error or the scorer could not be run (no such program, or it exited 2, 126 or
    127 before answering: python my_scorer.py with no such file).

    \b
    Example:
      boomerang-rules check-scorer --games 500 -- python my_scorer.py
    """
    from ..core.differential import BATCH, Findings, ScorerError, ScorerNotRun, checked

    require_seeds(seed, games)
    rules = load_rules_or_exit(rules_name)
    refuse_to_overwrite("--example-out", example_out, [*rules_read(rules_name), *command_files(command)])
    if example_out == "-":  # as play's --record -: the report is on standard output
        fail("--example-out -: check-scorer reports on standard output, so the example needs a file (e.g. "
             "--example-out example.json)", EXIT_USAGE)
    if example_out is not None:
        check_new_file("--example-out", example_out, force)
    counts = [players] if players is not None else list(range(rules.players.min, rules.players.max + 1))
    for n in counts:
        require_players(rules, n)
    findings = Findings()  # folded as each batch is answered: no game kept but the shortest failing one
    bar = Progress(games, quiet=quiet)
    try:
        with bar:
            bar.update(0)  # the first batch is dealt and scored before any game is checked
            for game in checked(command, rules, counts, seed, games, timeout, BATCH):
                findings.add(game)
                bar.update(1)
    except ScorerError as exc:
        fail(str(exc), EXIT_USAGE if isinstance(exc, ScorerNotRun) else EXIT_INVALID)
    except KeyboardInterrupt as stop:  # the scorer's session is its own: checked ends it on the way out
        interrupted(stop, f"stopped after {bar.done:,} of {games:,} games; no report printed")
    example = findings.example
    if example is None:
        _say(f"all {findings.games} games agree with the rules ({rules.id}).")
        return
    _say(f"{findings.failing} of {findings.games} games disagree with the rules ({rules.id}).")
    if findings.rows:
        _say("rows that differ: " + ", ".join(f"{row} ({n}×)" for row, n in findings.rows.most_common()))
    if findings.pointed:
        _say(f"{findings.pointed} of them written with a point (96.0 for 96): a score is an integer.")
    if findings.protocol:
        click.echo(f"{findings.protocol} answer{' broke' if findings.protocol == 1 else 's broke'} the protocol.")
    # Its record is the way to see it again: simulate's bots draw their choices otherwise.
    seats = counted(example.players, "player")
    _say(f"shortest example: {seats}, seed {example.seed}"
         + ("" if example_out else " (--example-out FILE saves its record)"))
    if example.problem:  # quoting the answer's first 80 characters: fitted too
        _say(example.problem, indent="  ")
    for difference in sorted(example.differences, key=lambda d: (d.round is None, d.round or 0, d.seat))[:10]:
        _say(difference.describe(), indent="  ", hang="      ")  # beyond the round's lines, indented by 4
        if difference.round is not None:  # what the round held, in 80 columns (a game of turns has many)
            for line in fitted(game_cli(rules).round_summary(example.record, difference.round, difference.seat),
                               indent="    "):
                click.echo(line)
    if len(example.differences) > 10:
        click.echo(f"  … and {len(example.differences) - 10} more")
    if example_out:
        text = document_text(example.record, example_out, lambda record: json.dumps(record, indent=1))
        write_text(example_out, text, "--example-out")
        _say(f"record written to {printable(example_out)}", indent="  ")  # a long path: fitted as each line is
    raise SystemExit(EXIT_INVALID)


def _say(text: str, indent: str = "", hang: str | None = None) -> None:
    """A line of the report, in 80 columns (a ruleset's id, a seed, the rows that differ, the scorer's
    answer quoted or a row it named can run past)."""
    for line in fitted(text, indent=indent, hang=hang):
        click.echo(line)
