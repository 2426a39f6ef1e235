"""Names and verbs that agree in what a game tells: "Ana takes", but "You take" (a record saved
by ``play`` names its player "You"). Shared by every game's story (``replay``) and pictures."""

from __future__ import annotations

from collections.abc import Iterable

_YOU_FORMS = {"is": "are", "has": "have", "catches": "catch", "passes": "pass", "chooses": "choose",
              "completes": "complete"}


def says(name: str, verb: str) -> str:
    """``name`` and a verb in the third person agreeing with it: "Ana takes", but "You take"
    (a record saved by ``play`` names its player "You")."""
    if name != "You":
        return f"{name} {verb}"
    return "You " + _YOU_FORMS.get(verb, verb[:-1] if verb.endswith("s") else verb)


def verb_for(name: str, verb: str) -> str:
    """The verb alone agreeing with ``name``, for a second clause: "keeps", but "keep" for "You"."""
    return says(name, verb)[len(name) + 1:]


def whose(name: str) -> str:
    """``name``'s possessive: "Ana's", but "your" for "You"."""
    return "your" if name == "You" else f"{name}'s"


def fitted(text: str, width: int = 80, indent: str = "", keep: Iterable[str] = (), hang: str | None = None
           ) -> list[str]:
    """``text`` as lines of at most ``width`` columns (a word longer than that alone on its line),
    the lines after the first indented by ``indent`` plus two spaces (or by ``hang``): what ``play``
    prints fits a terminal of 80 columns. A phrase of ``keep`` (a player's name, a card in words)
    is never split across lines."""
    import textwrap

    for phrase in sorted(keep, key=len, reverse=True):  # its spaces made a character textwrap does not
        if " " in phrase:  # break at, for the wrapping only; the longest first, as it may hold a shorter one
            text = text.replace(phrase, phrase.replace(" ", "\0"))
    lines = textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent + "  " if hang is None else hang,
                          break_long_words=False, break_on_hyphens=False) or [indent]
    return [line.replace("\0", " ") for line in lines]


def fit_line(line: str, width: int = 80, keep: Iterable[str] = ()) -> list[str]:
    """One line of a story or a table as lines of at most ``width`` columns: as it is when it fits
    (a table's columns keep their spaces), else ``fitted`` at its own indent (the spaces it starts
    with), each line after the first two spaces further in; a clause (between "; ") that fits a
    line is kept whole. Every game's ``replay`` and ``play`` fit their lines so (issue 28: 80
    columns)."""
    if len(line) <= width:
        return [line]
    lead = line[:len(line) - len(line.lstrip(" "))]
    clauses = [c for c in line.strip().split("; ") if len(c) < width - len(lead) - 4]
    return fitted(line.strip(), width, indent=lead, keep=[*keep, *clauses])


def article(noun: str) -> str:
    """``noun`` with its indefinite article: "a crab", "an octopus"."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


_PLURALS = {"fish": "fish", "octopus": "octopuses", "shoal of fish": "shoals of fish", "penguin colony":
            "penguin colonies"}


def plural(noun: str) -> str:
    """``noun`` in the plural: "crabs", but "fish" and "octopuses"."""
    return _PLURALS.get(noun, noun + "s")
