"""``boomerang-rules play``: a person plays one seat against bots, in the terminal or from a pipe."""

from __future__ import annotations

import sys
from typing import Any

import click

from .common import EXIT_INVALID, EXIT_USAGE, fail, load_rules_or_exit, parse_bots, require_players, rules_option
from .sheets_text import round_table, totals_table


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
    """Play a game against bots. Type a card id (any case), an activity or 'none' when asked.

    Works with piped input too; input that ends before the game does ends the program (exit 1).

    \b
    Example:
      boomerang-rules play --players 3 --seat 0 --bots greedy,random
    """
    import secrets

    from ..australia.bots import make_bots

    rules = load_rules_or_exit(rules_name)
    require_players(rules, players)
    if not 0 <= seat < players:
        fail(f"--seat {seat}: the seats are 0 to {players - 1}", EXIT_USAGE)
    others = parse_bots(bots_arg or ",".join(["greedy"] * (players - 1)), players - 1)
    names_by_seat = others[:seat] + ["you"] + others[seat:]
    if seed is None:
        seed = secrets.randbits(32)
    bots = make_bots([n if n != "you" else "random" for n in names_by_seat], rules, seed)
    labels = [("You" if s == seat else f"{n} {s}") for s, n in enumerate(names_by_seat)]
    game = _Game(rules, players, seat, seed, labels)
    try:
        state = game.run(bots)
    except KeyboardInterrupt:
        click.echo("")
        fail("game abandoned", EXIT_INVALID)
    if record_path:
        from ..australia.records import record_of
        from ..core.jsonio import dumps_pretty

        try:
            with open(record_path, "w", encoding="utf-8") as f:
                f.write(dumps_pretty(record_of(state, labels)) + "\n")
        except OSError as exc:
            fail(f"cannot write {record_path}: {exc.strerror or exc}", EXIT_USAGE)
        click.echo(f"Game record saved to {record_path}")


class _Game:
    """The conversation with the person at ``seat``."""

    def __init__(self, rules: Any, players: int, seat: int, seed: int, labels: list[str]) -> None:
        self.rules, self.players, self.seat, self.seed, self.labels = rules, players, seat, seed, labels

    def run(self, bots: list[Any]) -> Any:
        from ..australia.engine import apply, is_over, new_game, to_act
        from ..australia.view import view

        state = new_game(self.rules, self.players, self.seed)
        click.echo(f"Boomerang: Australia — {self.rules.name}, {self.players} players, seed {self.seed}. "
                   f"You are seat {self.seat}.")
        finished = 0
        while not is_over(state):
            for s in to_act(state):
                if s == self.seat:
                    action = self.ask(view(state, s))
                else:
                    seen = view(state, s)
                    action = bots[s].choose(seen, seen.legal_actions)
                state = apply(state, s, action)
            if len(state.progress.rounds) > finished:
                self.round_end(view(state, self.seat), finished)
                finished += 1
        self.game_end(state)
        return state

    def ask(self, seen: Any) -> str:
        self.show(seen)
        legal = seen.legal_actions
        if seen.phase == "activity":
            question = "Your activity (a name from the list, or none): "
        elif seen.phase == "throw":
            question = "Your Throw (a card id): "
        else:
            question = f"Your pick {seen.pick} (a card id): "
        while True:
            click.echo(question, nl=False)
            line = sys.stdin.readline()
            if not line:
                click.echo("")
                fail("input ended before the game did", EXIT_INVALID)
            answer = line.strip()
            choice = answer.lower() if seen.phase == "activity" else answer.upper()
            if choice in legal:
                return str(choice)
            if not answer:
                click.echo("Please type your choice.")
            elif seen.phase == "activity":
                click.echo(f"{answer!r} is not an activity you may score now; choose one of {', '.join(legal)}.")
            else:
                click.echo(f"{answer!r} is not a card in your hand; choose one of {' '.join(legal)}.")

    def show(self, seen: Any) -> None:
        from ..australia.tables import tables_for

        t = tables_for(self.rules)
        step = {"throw": "the Throw", "pick": f"pick {seen.pick}", "activity": "the activity choice"}[seen.phase]
        click.echo("")
        click.echo(f"Round {seen.round + 1} of {seen.rounds}, {step} (hands pass {seen.direction})")
        for s in range(self.players):
            throw = (seen.throw or "-") if s == self.seat else ("hidden" if seen.throw else "-")
            up = " ".join(seen.face_up[s]) or "-"
            click.echo(f"  {self.labels[s]:<10} throw: {throw:<6} face up: {up}")
        if seen.phase == "activity":
            counts = t.activity_counts([t.index[c] for c in [seen.throw, *seen.face_up[self.seat]] if c])
            for kind in seen.legal_actions:
                if kind == "none":
                    continue
                icons = counts[t.activity_index[kind]]
                points = t.activity_table[icons]
                click.echo(f"  {kind}: {icons} icons, {points} points")
            return
        click.echo(f"  Your hand: {' '.join(seen.hand)}")
        seen_cards: set[str] = set()
        for hand in seen.held:
            seen_cards |= set(hand)
        gone = {c for row in seen.face_up for c in row} | set(seen.hand) | {seen.throw}
        coming = sorted(seen_cards - gone)
        if coming:
            click.echo(f"  Still to come around: {' '.join(coming)}")
        click.echo("  Score sheets so far:")
        for line in totals_table(seen.sheets, self.labels, indent="    "):
            click.echo(line)

    def round_end(self, seen: Any, r: int) -> None:
        past = seen.past_rounds[r]
        click.echo("")
        click.echo(f"Round {r + 1} ends. Throws revealed: "
                   + ", ".join(f"{self.labels[s]} {past.drafts[s][0]}" for s in range(self.players)))
        notes = [past.activities[s] or "none" for s in range(self.players)]
        for line in round_table(seen.sheets, self.labels, r, notes):
            click.echo(line)

    def game_end(self, state: Any) -> None:
        from ..australia.sheets import score_sheets, winners

        click.echo("")
        click.echo("Final score sheets")
        for line in totals_table(score_sheets(state), self.labels):
            click.echo(line)
        best = winners(state)
        click.echo(("Winner: " if len(best) == 1 else "Winners (shared): ") + ", ".join(self.labels[w] for w in best))
