"""What the commands share: loading ``--rules`` and turning errors into exit codes."""

from __future__ import annotations

import sys
from typing import Any, NoReturn

import click

EXIT_INVALID = 1
EXIT_USAGE = 2

rules_option = click.option(
    "--rules", "rules_name", default="standard", show_default=True, metavar="ID|PATH",
    help="A shipped ruleset or variant id, or the path of a ruleset or variant JSON file.")

jobs_option = click.option(
    "--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
    help="Processes to spread the games over (with --ray and no address: the local Ray instance's CPUs); "
         "the output is identical to --jobs 1.")

ray_option = click.option(
    "--ray", "ray_address", is_flag=False, flag_value="local", default=None, metavar="[ADDRESS]",
    help="Spread the games over a Ray cluster as tasks: a running cluster's ADDRESS (auto, HOST:PORT or "
         "ray://HOST:PORT), or a new local instance when none is given. A task whose worker dies is run "
         "again; the output is identical to --jobs 1. Needs the extra ray.")


def fail(message: str, code: int = EXIT_INVALID) -> NoReturn:
    """Print ``message`` to stderr and exit with ``code``."""
    click.echo(f"boomerang-rules: {message}", err=True)
    sys.exit(code)


def load_rules_or_exit(name: str) -> Any:
    """The ruleset ``--rules`` names; exit 2 if it cannot be read, 1 if it is invalid."""
    from ..core.errors import RulesError
    from ..core.loading import load_rules

    try:
        return load_rules(name)
    except RulesError as exc:
        code = EXIT_USAGE if any(p.rule == "io" for p in exc.problems) else EXIT_INVALID
        fail("cannot use --rules " + name + ":\n" + "\n".join(f"  {p}" for p in exc.problems), code)


def game_of(rules: Any) -> Any:
    """The package of the game ``rules`` is for (``core.games.GameModule``)."""
    from ..core.games import game_module

    return game_module(rules.game)


def game_cli(rules: Any) -> Any:
    """The command-line side of the game ``rules`` is for: its package's ``cli`` module
    (``narrate``, ``round_summary``, ``score``, ``Session``; see ``core.games.GameCLI``)."""
    import importlib

    from ..core.games import GAMES

    return importlib.import_module(GAMES[rules.game] + ".cli")


def parse_bots(value: str | None, players: int, param: str = "--bots", *, rules: Any = None) -> list[str]:
    """Bot names, one per seat, from "greedy,random,..."; all random when absent.

    The names are those of the game of ``rules`` (Boomerang: Australia's when none is given).
    Exits with a usage error naming the bad name or count.
    """
    from ..core.games import GAMES, game_module

    BOTS = (game_of(rules) if rules is not None else game_module(next(iter(GAMES)))).BOTS
    if value is None:
        return ["random"] * players
    names = [n.strip().lower() for n in value.split(",") if n.strip()]
    for name in names:
        if name not in BOTS:
            kind, budget, _ = name.partition(":")
            if budget and f"{kind}:1" in BOTS:  # a bot that takes a budget, given a bad one
                fail(f"{param}: {name!r}: the number after '{kind}:' is its playouts a decision, a whole number "
                     "of at least 1", EXIT_USAGE)
            fail(f"{param}: unknown bot {name!r} (bots: {', '.join(BOTS)})", EXIT_USAGE)
    if len(names) != players:
        given = f"{len(names)} bot name{'s' if len(names) != 1 else ''}"
        fail(f"{param}: {given} for {players} seat{'s' if players != 1 else ''} (give one per seat)", EXIT_USAGE)
    return names


def require_players(rules: Any, players: int) -> None:
    """Exit with a usage error unless ``rules`` allows ``players`` players."""
    if not rules.players.min <= players <= rules.players.max:
        fail(f"--players {players}: {rules.id!r} is for {rules.players.min} to {rules.players.max} players",
             EXIT_USAGE)


def refuse_to_overwrite_input(option: str, out: str, source: str) -> None:
    """Exit with a usage error when ``out`` names the file ``source`` is read from: writing it
    would destroy the record before (or instead of) drawing it."""
    import os

    if out == "-" or source == "-":
        return
    try:
        same = os.path.samefile(out, source)
    except OSError:  # one of them does not exist (yet): not the same file
        return
    if same:
        fail(f"{option} {out}: that is the record being read; writing there would destroy it (choose another "
             "name)", EXIT_USAGE)


def read_one_game(file: str, game_number: int | None) -> tuple[str, Any]:
    """The record to draw or replay from ``file`` (game ``game_number`` of a JSON Lines file, counted
    from 1) and where it stands; exits 2 when there is no such game or the file cannot be read, 1
    when the document is not JSON."""
    from ..core.jsonio import label_of, read_documents

    label = label_of(file)
    documents = []
    try:
        for found in read_documents(file):
            documents.append(found)
            if game_number is not None and len(documents) >= game_number:
                break
    except OSError as exc:
        fail(f"{label}: cannot read: {exc.strerror or exc}", EXIT_USAGE)
    if game_number is None and len(documents) > 1:
        fail(f"{label} holds {len(documents)} games: choose one with --game N (1 to {len(documents)})", EXIT_USAGE)
    if game_number is not None and game_number > len(documents):
        fail(f"--game {game_number}: {label} holds {len(documents)} game{'s' if len(documents) != 1 else ''}",
             EXIT_USAGE)
    where, data, problem = documents[-1]
    if problem is not None:
        fail(str(problem), EXIT_INVALID)
    return where, data
