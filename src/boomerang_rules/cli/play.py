"""``boomerang-rules play``: a person plays one seat against bots, in the terminal or from a pipe."""

from __future__ import annotations

import click

from .common import (
    EXIT_INVALID,
    EXIT_USAGE,
    fail,
    game_cli,
    game_of,
    load_rules_or_exit,
    parse_bots,
    require_players,
    rules_option,
)


@click.command(short_help="Play a game against bots.")
@click.option("--players", "-p", type=click.IntRange(1, 64), default=3, show_default=True)
@click.option("--seat", "-k", type=int, default=0, show_default=True, help="The seat you play.")
@click.option("--bots", "bots_arg", default=None, metavar="NAME,...",
              help="Bots for the other seats, in seat order (default: greedy for each).")
@click.option("--seed", "-s", type=int, default=None, help="Seed of the deal (default: a new one each game).")
@rules_option
@click.option("--record", "record_path", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Save the game record here when the game ends.")
def play(players: int, seat: int, bots_arg: str | None, seed: int | None, rules_name: str,
         record_path: str | None) -> None:
    """Play a game (the one --rules names) against bots; type your choice when asked.

    Boomerang: Australia: a card id (any case), an activity or 'none'. Sea Salt & Paper: the
    number or name of a choice from the list shown.

    Works with piped input too; input that ends before the game does ends the program (exit 1).

    \b
    Example:
      boomerang-rules play --players 3 --seat 0 --bots greedy,random
    """
    import secrets

    from ..core.bots import make_bots

    rules = load_rules_or_exit(rules_name)
    require_players(rules, players)
    if not 0 <= seat < players:
        fail(f"--seat {seat}: the seats are 0 to {players - 1}", EXIT_USAGE)
    others = parse_bots(bots_arg or ",".join(["greedy"] * (players - 1)), players - 1, rules=rules)
    names_by_seat = others[:seat] + ["you"] + others[seat:]
    if seed is None:
        seed = secrets.randbits(64)  # 32 bits could be searched for the deal that gives one's hand
    bots = make_bots(game_of(rules).BOTS, [n if n != "you" else "random" for n in names_by_seat], rules, seed)
    labels = [("You" if s == seat else f"{n} {s}") for s, n in enumerate(names_by_seat)]
    game = game_cli(rules).Session(rules, players, seat, seed, labels)
    try:
        state = game.run(bots)
    except KeyboardInterrupt:
        click.echo("")
        fail("game abandoned", EXIT_INVALID)
    if record_path:
        from ..core.jsonio import dumps_pretty

        try:
            with open(record_path, "w", encoding="utf-8") as f:
                f.write(dumps_pretty(game_of(rules).record_of(state, labels)) + "\n")
        except OSError as exc:
            fail(f"cannot write {record_path}: {exc.strerror or exc}", EXIT_USAGE)
        click.echo(f"Game record saved to {record_path}")
