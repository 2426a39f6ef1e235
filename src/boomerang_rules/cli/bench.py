"""``boomerang-rules bench``: how fast the engine is, in figures."""

from __future__ import annotations

import json

import click

from .common import (
    EXIT_USAGE,
    FloatRange,
    IntRange,
    fail,
    load_rules_or_exit,
    players_option,
    require_players,
    rules_option,
)
from .stopping import interrupted


@click.command(short_help="Measure the engine's speed; compare with OpenSpiel.")
@rules_option
@players_option(default=4, help="Number of players (hearts seats 4)")
@click.option("--seconds", "-t", type=FloatRange(min=0.01), default=1.0, show_default=True,
              help="Length of each timed run.")
@click.option("--runs", "-r", type=IntRange(min=1), default=5, show_default=True,
              help="Timed runs; figures are their median.")
@click.option("--compare", type=click.Choice(["hearts"]), default=None,
              help="Also run OpenSpiel's hearts (needs the 'bench' extra), alternating with ours.")
@click.option("--quick", is_flag=True,
              help="Only the game loops: skip validation, score_sheets, start-up, memory.")
@click.option("--no-batch", is_flag=True, help="Skip the batched engine even when its extra is installed.")
@click.option("--rl", "learning", is_flag=True,
              help="Also the learning adapters of the --rules game: PettingZoo parallel env and the batched "
                   "vector env against the raw loop (needs the 'pettingzoo' extra; the vector env also 'batch').")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench(rules_name: str, players: int, seconds: float, runs: int, compare: str | None, quick: bool, no_batch: bool,
          learning: bool, as_json: bool) -> None:
    """Measure random full games through the public API (games/s, decisions/s), and more.

    Random games of the --rules ruleset (any game) one decision a call (apply), one step a
    call (step), RandomBots through play_game, and the game's batched engine (playouts and its
    step API, games/s and decisions/s) when the 'batch' extra is installed, alternating run by run
    with OpenSpiel's hearts under --compare hearts, whose ratios are given per game and per
    decision (a hearts step is one decision). Without --rules, also every other game's apply
    loop (its default ruleset). Unless --quick, of the --rules game: validate_record on a
    finished record, score_sheets of a finished game, the memory of a game's full history of
    states; and import and CLI start-up time. --rl: the same game's PettingZoo parallel env
    and vector env.

    \b
    Examples:
      boomerang-rules bench --compare hearts
      boomerang-rules bench --rules sea-salt-paper --compare hearts --quick
      boomerang-rules bench --rl --rules boomerang-2010 --quick

    Exit status: 0 measured, 1 the --rules file is invalid, 2 usage error (or the extra --compare
    hearts or --rl needs is missing).
    """
    from .. import bench as benchmarks

    rules = load_rules_or_exit(rules_name)
    require_players(rules, players)

    if compare == "hearts":
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            fail("--compare hearts needs OpenSpiel: pip install 'boomerang-rules[bench]'", EXIT_USAGE)
    if learning:
        try:
            import pettingzoo  # noqa: F401
        except ImportError:
            fail("--rl needs PettingZoo: pip install 'boomerang-rules[pettingzoo]'", EXIT_USAGE)
    # without --rules, the other games' apply loops too (the source of the value, not a ruleset's name)
    others = click.get_current_context().get_parameter_source("rules_name") is click.core.ParameterSource.DEFAULT
    try:
        figures = benchmarks.run(players, seconds, runs, compare, extras=not quick, batch=not no_batch,
                                 rules=rules, others=others)
        text = benchmarks.report(figures)
        if learning:
            from ..rl import bench as rl_bench

            figures["rl"] = rl_bench.run(players, seconds, runs, hearts=compare == "hearts", batch=not no_batch,
                                         rules=rules)
            text += "\n" + rl_bench.report(figures["rl"])
    except KeyboardInterrupt as stop:  # the figures are printed together at the end: none yet
        interrupted(stop, "the runs were stopped; no figures printed")
    click.echo(json.dumps(figures) if as_json else text)
