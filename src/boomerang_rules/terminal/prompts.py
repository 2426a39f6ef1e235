"""What every game's ``play`` shares when it asks: reading one line of input, the choice an answer
names, and the commands a player may type besides a choice (``help``, ``cards``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any

import click


def read_answer(question: str) -> str | None:
    """One line typed after ``question``; None when the input has ended."""
    click.echo(question, nl=False)
    line = sys.stdin.readline()
    if not line:
        click.echo("")
        return None
    return line.strip()


def pick_from(answer: str, choices: list[str]) -> str | None:
    """The choice ``answer`` names: the choice itself (any case, spaces for underscores), its
    number in the list shown (1 = first), or a prefix only one choice starts with."""
    key = answer.strip().lower().replace(" ", "_").replace("-", "_")
    if not key:
        return None
    normal = {c.lower().replace("-", "_"): c for c in choices}
    if key in normal:
        return normal[key]
    if key.isascii() and key.isdigit() and 1 <= int(key) <= len(choices):
        return choices[int(key) - 1]
    starts = [c for k, c in normal.items() if k.startswith(key)]
    return starts[0] if len(starts) == 1 else None


def common_command(answer: str, rules: Any, choices_help: str, mine: tuple[str, ...] = (),
                   extra: Mapping[str, tuple[str, Callable[[], None]]] | None = None,
                   describe: Callable[[str], str] | None = None) -> bool:
    """Carry out ``help``, ``cards [ID...]`` or one of the game's ``extra`` commands (name ->
    its line in the help, what it does) typed instead of a choice; whether ``answer`` was one.
    ``mine``: the cards ``cards`` alone describes; ``describe``: a card in words (default
    ``rules.describe``)."""
    words = answer.split()
    head = words[0].lower() if words else ""
    extra = extra or {}
    if head in ("help", "?"):
        click.echo("Commands (type them instead of a choice):\n"
                   "  help            this list\n"
                   "  cards [ID...]   your cards in words, or the cards named\n"
                   + "".join(f"  {name:<15} {line}\n" for name, (line, _) in extra.items())
                   + choices_help)
        return True
    if head in extra and len(words) == 1:
        extra[head][1]()
        return True
    if head in ("cards", "card"):
        ids = words[1:] or list(mine)
        if not ids:
            click.echo("  Name the cards, e.g. cards " + " ".join(c.id for c in rules.cards[:2]))
        by_lower = {c.id.lower(): c.id for c in rules.cards}
        for card_id in ids:
            real = by_lower.get(card_id.lower())
            click.echo("  " + ((describe or rules.describe)(real) if real else f"{card_id}: no such card"))
        return True
    return False
