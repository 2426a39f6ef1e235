"""``boomerang-rules play``: a person plays one seat against bots, in the terminal or from a pipe."""

from __future__ import annotations

import click

from ..core.jsonio import printable
from .common import (
    EXIT_USAGE,
    INT,
    fail,
    game_cli,
    game_of,
    load_rules_or_exit,
    parse_bots,
    players_option,
    require_players,
    rules_option,
)
from .files import STDIO, check_new_file, named, refuse_to_overwrite, rules_read, write_text
from .stopping import interrupted


@click.command(short_help="Play a game against bots.")
@players_option()
@click.option("--seat", "-k", type=INT, default=0, show_default=True,
              help="The seat you play, counted from 0; you see what it sees (as replay --seat shows it).")
@click.option("--bots", "bots_arg", default=None, metavar="NAME,...",
              help="Bots for the other seats, in seat order: random, greedy or ismcts (ismcts:N searches N "
                   "playouts a decision); one name alone seats it "
                   "everywhere (default: greedy for every seat, as in simulate and tournament).")
@click.option("--seed", "-s", type=INT, default=None, help="Seed of the deal (default: a new one each game).")
@rules_option
@click.option("--record", "record_path", type=click.Path(dir_okay=False, writable=True), default=None, callback=named,
              help="Save the game record here when the game ends (checked before the game starts): one "
                   "indented JSON document, or one line under a *.jsonl name, as simulate --out writes.")
@click.option("--force", is_flag=True, help="Let --record replace a file that exists.")
def play(players: int, seat: int, bots_arg: str | None, seed: int | None, rules_name: str,
         record_path: str | None, force: bool) -> None:
    """Play a game (the one --rules names) against bots; type your choice when asked.

    Boomerang: Australia: a card id (any case); for the activity, its number in the list, its name
    or a unique beginning of it, or 'none'. Sea Salt & Paper: the number of a choice from the list
    shown, the action, or a unique beginning of it. Boomerang (2010): a land, then throw or pass:
    the number of a choice from the list shown, or a unique beginning of it.

    Type help during the game for the commands (cards in words; the map, the river by land, the
    score sheets: each game's own). Only cards takes something after it (card ids): in every
    game, "map x" or "sheet x" is refused in a line saying so, and the question asked again.
    Works with piped input too. Input that ends before the game does leaves the game unfinished
    (exit 2, an I/O error: the answers ran out, no input was invalid, yet the game asked for was
    not played), and Ctrl-C abandons it (exit 130, as simulate stops): --record is then not written.
    Colour only on a terminal, and never when NO_COLOR is set.

    \b
    Example:
      boomerang-rules play --players 3 --seat 0 --bots greedy,random

    Exit status: 0 played (and recorded), 1 the --rules file is invalid or the input ended before
    the game did, 2 usage or I/O error (--record a file that exists, or in no folder).
    """
    import secrets

    from ..core.bots import make_bots

    rules = load_rules_or_exit(rules_name)
    require_players(rules, players)
    refuse_to_overwrite("--record", record_path, [*rules_read(rules_name), ("the answers being read", STDIO)])
    if record_path:
        _check_record_path(record_path, force)
    if not 0 <= seat < players:
        fail(f"--seat {seat}: the seats are 0 to {players - 1}", EXIT_USAGE)
    others = parse_bots(bots_arg, players - 1, rules=rules)
    names_by_seat = others[:seat] + ["you"] + others[seat:]
    if seed is None:
        seed = secrets.randbits(64)  # 32 bits could be searched for the deal that gives one's hand
    bots = make_bots(game_of(rules).BOTS, [n if n != "you" else "random" for n in names_by_seat], rules, seed)
    labels = [("You" if s == seat else f"{n} {s}") for s, n in enumerate(names_by_seat)]
    game = game_cli(rules).Session(rules, players, seat, seed, labels)
    try:
        state = game.run(bots)
    except KeyboardInterrupt as stop:  # as simulate stops: exit 130 (143, 129), saying what was not written
        click.echo("")
        unwritten = f"; --record {printable(record_path)} was not written" if record_path else ""
        interrupted(stop, "game abandoned" + unwritten)
    if record_path:
        from ..core.jsonio import document_text

        text = document_text(game_of(rules).record_of(state, labels), record_path)
        write_text(record_path, text, "--record")
        click.echo(f"Game record saved to {printable(record_path)}")


def _check_record_path(path: str, force: bool) -> None:
    """Refuse, before any card is dealt, a --record path the game could not be saved to."""
    if path == "-":
        fail("--record -: play talks with you on standard output, so the record needs a file (e.g. --record "
             "game.json)", EXIT_USAGE)
    check_new_file("--record", path, force)
