"""``boomerang-rules replay``: a recorded game told step by step, for a person."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from .common import EXIT_INVALID, EXIT_USAGE, fail, load_rules_or_exit
from .sheets_text import round_table, totals_table


@click.command(short_help="Tell a recorded game step by step.")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", type=int, default=None, help="Show only what this seat could see at each moment.")
@click.option("--rules", "rules_name", default=None, metavar="ID|PATH",
              help="Replay under this ruleset or variant instead of the one the record names.")
def replay(file: str, seat: int | None, rules_name: str | None) -> None:
    """Print a recorded game step by step: deals, picks, passes, revealed Throws, scores, winner.

    The record is checked first; an invalid one is refused with its problems (exit 1).
    """
    from ..australia.records import check_record
    from ..core.jsonio import read_json_file

    try:
        data, problem = read_json_file(file)
    except OSError as exc:
        fail(f"{file}: cannot read: {exc.strerror or exc}", EXIT_USAGE)
    if problem is not None:
        fail(str(problem.in_file(file)), EXIT_INVALID)
    rules = load_rules_or_exit(rules_name) if rules_name else None
    checked = check_record(data, rules)
    if checked.problems or checked.state is None:
        fail("not a valid game record:\n" + "\n".join(f"  {p.in_file(file)}" for p in checked.problems))
    names = list(data["players"])
    if seat is not None and not 0 <= seat < len(names):
        fail(f"--seat {seat}: the game has seats 0 to {len(names) - 1}", EXIT_USAGE)
    for line in narrate(data, checked.state.rules, names, seat):
        click.echo(line)


def narrate(record: dict[str, Any], rules: Any, names: list[str], seat: int | None) -> list[str]:
    """The lines of the story of a valid record, as ``seat`` (or everyone) saw it."""
    from ..australia.engine import apply, is_over, legal_actions, new_game
    from ..australia.sheets import score_sheets, winners

    n = len(names)
    rounds = record["rounds"]
    who = ", ".join(f"{name} (seat {i})" for i, name in enumerate(names))
    lines = [f"{rules.name} [{rules.id}], {n} players: {who}"]
    if seat is not None:
        lines.append(f"As seen by {names[seat]} (seat {seat}).")
    state = new_game(rules, n, deals=[r["hands"] for r in rounds])
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
        if "activities" not in rnd:
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
