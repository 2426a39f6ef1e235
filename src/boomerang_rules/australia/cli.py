"""Boomerang: Australia at the command line: what ``replay``, ``play``, ``score`` and ``check-scorer``
need to know of this game (the commands themselves live in ``boomerang_rules.cli``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import click

from ..cli.common import EXIT_INVALID, fail
from ..cli.sheets_text import round_table, totals_table


def narrate(record: dict[str, Any], rules: Any, names: list[str], seat: int | None) -> list[str]:
    """The lines of the story of a valid record, as ``seat`` (or everyone) saw it."""
    from .engine import apply, is_over, legal_actions, new_game
    from .sheets import score_sheets, winners

    n = len(names)
    rounds = record["rounds"]
    who = ", ".join(f"{name} (seat {i})" for i, name in enumerate(names))
    lines = [f"{rules.name} [{rules.id}], {n} players: {who}"]
    if seat is not None:
        lines.append(f"As seen by {names[seat]} (seat {seat}).")
    state = new_game(rules, n, deals=[r["hands"] for r in rounds], undealt_ok=True)
    sees: Callable[[int], bool] = (lambda s: True) if seat is None else (lambda s: s == seat)
    for r, rnd in enumerate(rounds):
        direction = rules.pass_directions[r]
        lines += ["", f"Round {r + 1} (passing {direction})"]
        for s in range(n):
            if sees(s):
                lines.append(f"  {names[s]} is dealt {' '.join(sorted(rnd['hands'][s]))}")
        picks = rnd["picks"]
        steps = len(picks[0]) if picks else 0
        for k in range(min(steps, rules.hand_size - 1)):
            if seat is not None:
                lines.append(f"    holding {' '.join(legal_actions(state, seat))}")
            if k == 0:
                shown = [f"{names[s]} throws {picks[s][0] if sees(s) else 'a card face down'}" for s in range(n)]
                lines.append("  Throw: " + "; ".join(shown))
            else:
                lines.append(f"  Pick {k}: " + "; ".join(f"{names[s]} takes {picks[s][k]}" for s in range(n)))
            for s in range(n):
                state = apply(state, s, picks[s][k])
            if k < rules.hand_size - 2:
                lines.append(f"    hands passed {direction}")
        if steps == rules.hand_size:
            lines.append("  Catch: " + "; ".join(f"{names[s]} catches {picks[s][-1]}" for s in range(n)))
        if not rnd.get("activities"):  # absent or empty: none chosen yet
            break
        lines.append("  Throws revealed: " + "; ".join(f"{names[s]} {picks[s][0]}" for s in range(n)))
        chosen = ["none" if a is None else a for a in rnd["activities"]]
        lines.append("  Activities: " + "; ".join(f"{names[s]} {chosen[s]}" for s in range(n)))
        for s in range(n):
            state = apply(state, s, chosen[s])
        lines += round_table(score_sheets(state), names, r)
    if is_over(state):
        lines += ["", "Final score sheets"]
        lines += totals_table(score_sheets(state), names)
        best = winners(state)
        label = "Winner" if len(best) == 1 else "Winners (shared)"
        lines.append(f"{label}: {', '.join(names[w] for w in best)}")
    else:
        lines += ["", "The game is unfinished."]
    return lines


def round_summary(record: dict[str, Any], r: int, seat: int) -> str:
    """One seat's cards and choices in round ``r`` of a record, for a person checking a scorer."""
    rnd = record["rounds"][r]
    activity = rnd["activities"][seat] or "none"
    return f"cards (Throw first, Catch last): {' '.join(rnd['picks'][seat])}; activity: {activity}"


class Session:
    """The conversation with the person at ``seat``."""

    def __init__(self, rules: Any, players: int, seat: int, seed: int, labels: list[str]) -> None:
        self.rules, self.players, self.seat, self.seed, self.labels = rules, players, seat, seed, labels

    def run(self, bots: list[Any]) -> Any:
        from .engine import apply, is_over, new_game, to_act
        from .view import view

        state = new_game(self.rules, self.players, self.seed)
        # No seed yet: it recreates every hand (new_game), so it is shown once the game is over.
        click.echo(f"Boomerang: Australia — {self.rules.name}, {self.players} players. You are seat {self.seat}.")
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
        from .tables import tables_for

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
        from .sheets import score_sheets, winners

        click.echo("")
        click.echo("Final score sheets")
        for line in totals_table(score_sheets(state), self.labels):
            click.echo(line)
        best = winners(state)
        click.echo(("Winner: " if len(best) == 1 else "Winners (shared): ") + ", ".join(self.labels[w] for w in best))
        click.echo(f"The game was dealt from seed {self.seed} (--seed {self.seed} plays it again).")


_LABELS = {"throw_catch": "Throw & Catch", "collections": "Collections", "animals": "Animals",
           "activity": "Activity", "round_total": "Round total"}


def score(rules: Any, cards: tuple[str, ...], activity: str | None, as_json: bool) -> None:
    """``boomerang-rules score`` for this game: one player's round from its cards in draft order."""
    import attrs

    from ..core.errors import InvalidInput
    from .scoring import score_round

    flags = [c for c in cards if c.startswith("--")]
    if flags:
        fail(f"no such option for {rules.name}: {flags[0]}", 2)
    ids = [c.upper() for c in cards]
    try:
        result = score_round(rules, ids, activity)
    except InvalidInput as exc:
        lines = []
        for p in exc.problems:
            place = f"argument {int(p.pointer[1:]) + 1} ({cards[int(p.pointer[1:])]!r}): " if p.pointer else ""
            lines.append(place + p.message)
        fail("\n".join(lines))
    if as_json:
        click.echo(json.dumps(attrs.asdict(result)))
        return
    width = max(map(len, _LABELS.values()))
    for field, label in _LABELS.items():
        value = getattr(result, field)
        note = f"  ({activity})" if field == "activity" and activity not in (None, "none") else ""
        click.echo(f"{label:<{width}}  {value:>3}{note}")
