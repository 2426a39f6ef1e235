"""``boomerang-rules score``: one player's round, row by row."""

from __future__ import annotations

import json

import click

from .common import fail, load_rules_or_exit, rules_option

_LABELS = {"throw_catch": "Throw & Catch", "collections": "Collections", "animals": "Animals",
           "activity": "Activity", "round_total": "Round total"}


@click.command(short_help="Score one player's round.")
@click.argument("cards", nargs=-1, metavar="CARD...")
@click.option("--activity", default=None, metavar="ACTIVITY",
              help="The activity scored this round (e.g. swimming); omit it, or give 'none', for none.")
@rules_option
@click.option("--json", "as_json", is_flag=True, help="Print the breakdown as a JSON object.")
def score(cards: tuple[str, ...], activity: str | None, rules_name: str, as_json: bool) -> None:
    """Score one player's round from the card ids they drafted, Throw first and Catch last.

    Card ids are the site letters A-Z, @ and # (quote them in a shell: '#' starts a comment).

    \b
    Example:
      boomerang-rules score E A V W X J B --activity indigenous_culture
    """
    import attrs

    from ..australia.scoring import score_round
    from ..core.errors import InvalidInput

    rules = load_rules_or_exit(rules_name)
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
