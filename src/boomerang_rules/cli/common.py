"""What the commands share: loading ``--rules`` and turning errors into exit codes."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import click
from click.core import ParameterSource

from ..core.arguments import brief
from ..core.display import counted
from ..core.limits import DEFAULT_MAX_BYTES, MAX_JOBS, PROCESSES_PER_CPU
from ..core.seats import plays_for
from ..terminal.exits import EXIT_INVALID as EXIT_INVALID
from ..terminal.exits import EXIT_USAGE as EXIT_USAGE
from ..terminal.exits import fail as fail
from ..terminal.numbers import WHOLE
from ..terminal.numbers import ascii_whole as ascii_whole

rules_option = click.option(
    "--rules", "rules_name", default="standard", show_default=True, metavar="ID|PATH",
    help="A shipped ruleset or variant id, or the path of a ruleset or variant JSON file.")


# click.ParamType is generic from click 8.2 on (over two types until 8.3, one from 8.4), plain before.
class _AsciiNumber(click.ParamType):  # type: ignore[type-arg,unused-ignore]
    """A number as a command line gives it: ASCII digits only, as a user means them. Python's own
    ``int()`` and ``float()`` also read other scripts' digits (``١٢``), underscores (``1_000``),
    spaces, ``nan`` and ``inf``, none of which a command should take for a count or a seed."""

    written: re.Pattern[str]
    words: str

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            if not self.written.fullmatch(value):
                self.fail(f"{brief(value)} is not {self.words} written in ASCII digits (0-9)", param, ctx)
            digits = sum(c.isdigit() for c in value)
            if digits > _MAX_DIGITS:  # int() refuses it; float() makes it inf (bench --seconds then never ended)
                self.fail(f"a number of {digits} digits: too long (at most {_MAX_DIGITS})", param, ctx)
        number = super().convert(value, param, ctx)
        if isinstance(number, float) and not math.isfinite(number):  # 1e999: inf, a run or a wait without end
            self.fail(f"{brief(value)} is too large: not a finite number", param, ctx)
        return number


_MAX_DIGITS = 4300
"""The most digits a number given on the command line may have (Python's ``int()`` reads no more)."""


_WHOLE = WHOLE
_DECIMAL = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")


class AsciiInt(_AsciiNumber, click.types.IntParamType):
    """``click.INT``, written in ASCII digits."""

    written, words = _WHOLE, "a whole number"


class IntRange(_AsciiNumber, click.IntRange):
    """``click.IntRange``, written in ASCII digits."""

    written, words = _WHOLE, "a whole number"


class FloatRange(_AsciiNumber, click.FloatRange):
    """``click.FloatRange``, written in ASCII digits (so never ``nan`` or ``inf``)."""

    written, words = _DECIMAL, "a number"


INT = AsciiInt()

DEFAULT_PLAYERS = 3
"""The player count of every command that deals games (``play``, ``simulate``, ``tournament``,
``bench``): one that every shipped game allows."""

DEFAULT_BOTS = "greedy"
"""The bot of every seat ``--bots`` does not name, in every command that seats bots (``play``,
``simulate``, ``tournament``): one that plays to score, so that the default game is worth playing
against or reading; ``--bots random`` gives the uniform (and faster) games tests and scorers want."""

SEEDS_HELP = "Seed of the first game; game i (from 0) is dealt from SEED + i."
"""``--seed`` of the commands that play many games, in the same words."""

BOTS_HELP = ("One bot per seat: random, greedy or ismcts (ismcts:N searches N playouts a decision); "
             f"one name alone seats it everywhere; default: {DEFAULT_BOTS} for every seat, as in play. "
             "random plays some 11 to 22 times faster (Sea Salt & Paper the least).")


def player_ranges() -> str:
    """Each shipped game's player counts, as help shows them: "2-4 with --rules standard, ..."."""
    from ..core.games import GAMES, rules_module
    from ..core.loading import load_rules

    ranges = []
    for game in GAMES:
        rules = load_rules(rules_module(game).DEFAULT_RULES)
        ranges.append(f"{rules.players.min}-{rules.players.max} with --rules {rules.id}")
    return ", ".join(ranges)


class _PlayersOption(click.Option):
    """``--players``, whose help names each game's real range (read off the shipped rulesets when
    help is shown, not when the command line is imported)."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        if self.help and "{ranges}" in self.help:
            self.help = self.help.replace("{ranges}", player_ranges())
        return super().get_help_record(ctx)


def players_option(default: int | None = DEFAULT_PLAYERS, help: str = "Number of players"
                   ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The ``--players`` option: a whole number the ruleset's range is checked against
    (``require_players``), the ranges of every game in its help."""
    shown = f" (default: {default})" if default is not None else ""
    return click.option("--players", "-p", cls=_PlayersOption, type=INT, default=default, metavar="N",
                        help=f"{help}{shown}: {{ranges}}, or a variant's own range.")


game_number_option = click.option(
    "--game", "game_number", type=IntRange(min=1), default=None, metavar="N",
    help="The N-th game (1 = first) of a file of several games (JSON Lines).")
"""``--game``, of the commands that read one game of a file (``replay``, ``sheet``), in the same words."""

max_bytes_option = click.option(
    "--max-bytes", default=DEFAULT_MAX_BYTES, show_default=True, type=IntRange(min=1), metavar="N",
    help="Refuse a JSON file larger than this, or a line of a JSON Lines file longer than this.")
"""``--max-bytes``, of every command that reads records (``validate``, ``replay``, ``sheet``): the
limit that a record over it is refused with ("raise it with --max-bytes")."""

jobs_option = click.option(
    "--jobs", "-j", type=IntRange(min=1, max=MAX_JOBS), default=1, show_default=True,
    help=f"Processes to spread the games over (with --ray and no address: the local Ray instance's CPUs), "
         f"1 to {MAX_JOBS}; at most {PROCESSES_PER_CPU} a CPU and one per chunk of games are started, "
         "whatever is asked. The output is identical to --jobs 1.")

ray_option = click.option(
    "--ray", "ray_address", is_flag=False, flag_value="local", default=None, metavar="[ADDRESS]",
    help="Spread the games over a Ray cluster as tasks: a running cluster's ADDRESS (auto, HOST:PORT or "
         "ray://HOST:PORT), or a new local instance when none is given. A task whose worker dies is run "
         "again; the output is identical to --jobs 1. Needs the extra ray.")


quiet_option = click.option(
    "--quiet", "-q", is_flag=True,
    help="No progress on standard error (it is only ever shown when standard error is a terminal).")

def load_rules_or_exit(name: str, doing: str = "use --rules") -> Any:
    """The ruleset ``--rules`` names; exit 2 if it cannot be read, 1 if it is invalid.

    The refusal says "cannot {doing} NAME:", then the problems: ``doing`` names where ``name`` was
    given, the ``--rules`` option unless a command takes it otherwise (``variants show NAME``)."""
    from ..core.display import shown_name
    from ..core.errors import RulesError
    from ..core.loading import load_rules
    from ..terminal.problems import listed

    try:
        return load_rules(name)
    except RulesError as exc:
        code = EXIT_USAGE if any(p.rule == "io" for p in exc.problems) else EXIT_INVALID
        fail(f"cannot {doing} {shown_name(name)}:\n" + "\n".join(f"  {line}" for line in listed(exc.problems)), code)


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
    """Bot names, one per seat, from "greedy,random,..."; ``DEFAULT_BOTS`` for each when absent.

    The names are those of the game of ``rules`` (Boomerang: Australia's when none is given).
    Exits with a usage error naming the bad name or count.
    """
    from ..core.arguments import brief
    from ..core.bots import no_such_bot
    from ..core.games import GAMES, game_module

    BOTS = (game_of(rules) if rules is not None else game_module(next(iter(GAMES)))).BOTS
    if value is None:
        return [DEFAULT_BOTS] * players
    names = [n.strip().lower() for n in value.split(",")]
    if len(names) == 1 and names[0]:  # "--bots random": that bot in every seat
        names *= players
    if "" in names:  # "random,,random" or a trailing comma: a seat without a bot, not a shorter list
        fail(f"{param}: bot name {names.index('') + 1} of {len(names)} is empty in {brief(value)} (give one name per "
             "seat, separated by commas)", EXIT_USAGE)
    for name in names:
        if name not in BOTS:
            fail(f"{param}: {no_such_bot(name, BOTS)}", EXIT_USAGE)
    if len(names) != players:
        given = counted(len(names), "bot name")
        fail(f"{param}: {given} for {counted(players, 'seat')} (give one per seat)", EXIT_USAGE)
    return names


def require_seeds(seed: int, games: int) -> None:
    """Exit with a usage error when a game's seed, ``seed + i`` for ``i`` below ``games``, has more
    digits than ``--seed`` may (``_MAX_DIGITS``): no record could hold it (``simulate``, ``tournament``
    and ``check-scorer`` ended in a ValueError's traceback after the first game)."""
    if max(abs(seed), abs(seed + games - 1)) >= 10**_MAX_DIGITS:
        fail(f"--seed: the games' seeds run to SEED + {games - 1}, which has more than {_MAX_DIGITS} digits: no "
             "record can hold it (give a shorter seed)", EXIT_USAGE)


def require_players(rules: Any, players: int) -> None:
    """Exit with a usage error unless ``rules`` allows ``players`` players (saying so when that count is
    ``--players``'s default, which the user never typed: a variant's own range may leave it out)."""
    if not rules.players.min <= players <= rules.players.max:
        ctx = click.get_current_context(silent=True)
        defaulted = ctx is not None and ctx.get_parameter_source("players") is ParameterSource.DEFAULT
        given = f"--players {players} (the default; give --players N)" if defaulted else f"--players {players}"
        fail(f"{given}: {plays_for(rules)}", EXIT_USAGE)


def read_one_game(file: str, game_number: int | None, max_bytes: int = DEFAULT_MAX_BYTES) -> tuple[str, Any]:
    """The record to draw or replay from ``file`` (game ``game_number`` of a JSON Lines file, counted
    from 1) and where it stands; exits 2 when there is no such game or the file cannot be read, 1
    when the document is not JSON or is larger than ``max_bytes`` (``--max-bytes``), or the file's
    one document is unreadable, whatever game was asked for (an empty file holds no game)."""
    from ..core.jsonio import label_of, read_documents

    label = label_of(file)
    count = 0
    last: tuple[str, Any, Any] | None = None  # only the last document read is kept: a file of 5,000 games
    try:                                      # held them all (533 MB) to say how many it holds
        for found in read_documents(file, max_bytes):
            count += 1
            last = found
            if game_number is not None and count >= game_number:
                break
    except OSError as exc:
        fail(f"{label}: cannot read: {exc.strerror or exc}", EXIT_USAGE)
    if game_number is None and count > 1:
        fail(f"{label} holds {count} games: choose one with --game N (1 to {count})", EXIT_USAGE)
    if game_number is not None and game_number > count and not (count == 1 and last and last[2] is not None):
        fail(f"--game {game_number}: {label} holds {counted(count, 'game')}",  # an empty file's problem is no game
             EXIT_USAGE)
    if last is None:  # read_documents yields one at least (a file of none is its problem): never met
        fail(f"{label}: no JSON documents in this file", EXIT_INVALID)
    where, data, problem = last
    if problem is not None:
        fail(str(problem), EXIT_INVALID)
    return where, data
