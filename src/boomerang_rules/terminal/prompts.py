"""What every game's ``play`` shares when it asks: reading one line of input, the choice an answer
names, and the commands a player may type besides a choice (``help``, ``cards``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import click

from ..core.display import escaped_name
from .wording import columns, fitted


def read_answer(question: str) -> str | None:
    """One line typed after ``question``; None when the input has ended. An answer from a pipe or
    a file is written after the question, as a terminal would show it typed: the transcript
    reads as a conversation, and what follows starts on a line of its own."""
    click.echo(question, nl=False)
    line = sys.stdin.readline() if sys.stdin is not None else ""  # None: started with it closed (<&-), ended
    if not line:
        click.echo("")
        return None
    if not _is_terminal(sys.stdin):  # cut short: a huge answer is not written back in full
        typed = escaped_name(line.strip())  # written back as text: a control character shown escaped, not obeyed
        click.echo(written_back(typed, question))
    return line.strip()


def written_back(typed: str, question: str) -> str:
    """``typed`` as written after ``question``: whole when it fits the 80 columns the question's line
    leaves (60 at most), else cut there with an ellipsis (8 columns at least, after a question too
    wide for more). It was cut at 60 columns whatever the question: after Boomerang (2010)'s throw or
    pass (70 columns) the line ran to 130, and ``cards A8 B1 B9`` alone to 84."""
    room = min(60, max(8, 80 - columns(question.rsplit("\n", 1)[-1])))
    if columns(typed) <= room:
        return typed
    kept, used = [], 1  # the ellipsis takes one
    for char in typed:
        used += columns(char)
        if used > room:
            break
        kept.append(char)
    return "".join(kept) + "…"


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # closed, or no file behind it
        return False


def _key(text: str) -> str:
    return text.strip().lower().replace(" ", "_").replace("-", "_")


def matches(answer: str, choices: Sequence[str]) -> list[str]:
    """Every choice ``answer`` could name, in the order shown: the choice itself (any case,
    spaces for underscores), its number in the list shown (1 = first), or the choices it begins.
    One match is the choice; several an ambiguous answer; none an answer to ask again."""
    key = _key(answer)
    if not key:
        return []
    normal = {_key(c): c for c in choices}
    if key in normal:
        return [normal[key]]
    if key.isascii() and key.isdigit():  # more digits than the choices' count has: none (int() reads 4300 at most)
        number = key.lstrip("0") or "0"
        if len(number) > len(str(len(choices))):
            return []
        return [choices[int(number) - 1]] if 1 <= int(number) <= len(choices) else []
    return [c for k, c in normal.items() if k.startswith(key)]


def pick_from(answer: str, choices: Sequence[str]) -> str | None:
    """The choice ``answer`` names (``matches``), or None when it names none or several.

    ``choices`` must be in the order the menu shows them: a number means the choice shown
    with it, never another (``menu`` writes that list)."""
    found = matches(answer, choices)
    return found[0] if len(found) == 1 else None


def menu(choices: Sequence[str], words: Callable[[str], str] | None = None, sep: str = ", ") -> str:
    """The choices numbered as ``pick_from`` reads them: "1. throw, 2. pass" (``words``: a choice
    as the player reads it, default its name with spaces for underscores)."""
    said = words or (lambda c: c.replace("_", " "))
    return sep.join(f"{i}. {said(c)}" for i, c in enumerate(choices, 1))


def not_a_choice(answer: str, choices: Sequence[str], words: Callable[[str], str] | None = None) -> str:
    """What to say to an answer that names no single choice: which choices it could mean when
    it is ambiguous, else that it is none of them; the menu again either way, as numbered."""
    from ..core.arguments import brief

    found = matches(answer, choices)
    said = words or (lambda c: c.replace("_", " "))
    if len(found) > 1:
        return (f"{brief(answer)} could be {' or '.join(said(c) for c in found)}: type more of it, or its number "
                f"({menu(choices, words)}).")
    return f"{brief(answer)} is not one of the choices: {menu(choices, words)} (or help)."


def could_be(answer: str, choices: Sequence[str]) -> str | None:
    """What to say to an answer that begins several choices of a menu too long to repeat (Sea Salt
    & Paper's): the ones it could be, each with the number it is shown with; None when the answer
    names one choice or none. Told "not one of the choices", a player who typed ``keep`` would
    not know it was a beginning the menu takes, only not a unique one."""
    from ..core.arguments import brief

    found = matches(answer, choices)
    if len(found) < 2:
        return None
    shown = [f"{list(choices).index(c) + 1}. {c}" for c in found]
    numbered = ", ".join(shown[:-1]) + " or " + shown[-1]
    return f"{brief(answer)} could be {numbered}: type more of it, or its number."


def takes_nothing(words: Sequence[str], commands: Sequence[str]) -> bool:
    """Whether ``words`` (an answer split) are one of ``commands`` (the commands that take nothing
    after them: ``help``, ``map``, ``sheet``...) followed by more; if so, says in one line that it
    takes nothing and how to give it, and the game asks again. Every game's ``play`` refuses so
    (Australia's ``map x`` was ``map``; the other games' ``sheet x`` was "not one of the choices")."""
    if len(words) < 2 or words[0].lower() not in commands:
        return False
    head = words[0].lower()
    click.echo(f"  {head} takes nothing after it: type {head} alone (or help).")
    return True


def common_command(answer: str, rules: Any, choices_help: str, mine: tuple[str, ...] = (),
                   extra: Mapping[str, tuple[str, Callable[[], None]]] | None = None,
                   describe: Callable[[str], str] | None = None) -> bool:
    """Carry out ``help``, ``cards [ID...]`` or one of the game's ``extra`` commands (name ->
    its line in the help, what it does) typed instead of a choice; whether ``answer`` was one.
    ``mine``: the cards ``cards`` alone describes; ``describe``: a card in words (default
    ``rules.describe``). Every command but ``cards`` takes nothing after it (``takes_nothing``)."""
    words = answer.split()
    head = words[0].lower() if words else ""
    extra = extra or {}
    if takes_nothing(words, ("help", "?", *extra)):
        return True
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
            click.echo("  You hold no cards yet: name the cards to read, e.g. cards "
                       + " ".join(c.id for c in rules.cards[:2]))
        by_lower = {c.id.lower(): c.id for c in rules.cards}
        for card_id in ids:
            real = by_lower.get(card_id.lower())
            if not real:
                no_such_card(card_id)
                continue
            for line in fitted((describe or rules.describe)(real), indent="  "):
                click.echo(line)
        return True
    return False


def no_such_card(card_id: str, ids: str = "") -> None:
    """Say that ``card_id``, typed after ``cards``, names no card (``ids``: the ones the game has, in
    words), alike in every game: the id quoted and cut as messages cut a value, the line wrapped to
    80 columns. Sea Salt & Paper and Boomerang (2010) wrote a typed id back whole (2,000 characters
    over 27 lines), Boomerang: Australia's line ran past 80 columns."""
    from ..core.arguments import brief

    known = f" (the ids are {ids})" if ids else ""
    say(f"  {brief(card_id, 40)}: no such card{known}")


def say(text: str, indent: str = "") -> None:
    """Write ``text`` wrapped to 80 columns (``fitted``), its lines after the first indented two
    more than the first (``indent`` plus the spaces ``text`` starts with): what a game answers a
    player fits the terminal, however long the menu it repeats."""
    lead = indent + text[:len(text) - len(text.lstrip(" "))]
    for line in fitted(text.strip(), indent=lead):
        click.echo(line)
