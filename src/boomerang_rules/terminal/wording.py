"""Names and verbs that agree in what a game tells: "Ana takes", but "You take" (a record saved
by ``play`` names its player "You"). Shared by every game's story (``replay``) and pictures."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..core.display import QUOTED, clipped, escaped_name

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


_WIDE = "\x01"
"""Written after each wide character while ``fitted`` wraps, so that textwrap, which counts characters,
counts it as the two columns it takes; a control character, which no text wrapped holds."""


def columns(text: str) -> int:
    """The columns ``text`` takes on a terminal: two for each wide character (East Asian wide or
    fullwidth: "田", "😀"), one for any other (a combining mark counted one too: a line may come
    out a little shorter, never longer)."""
    if text.isascii():
        return len(text)
    return len(text) + sum(1 for c in text if unicodedata.east_asian_width(c) in "WF")


def _widened(text: str) -> str:
    """``text`` with ``_WIDE`` after each wide character (``columns``)."""
    if text.isascii():
        return text
    return "".join(c + _WIDE if unicodedata.east_asian_width(c) in "WF" else c for c in text)


def clipped_to(text: str, limit: int = QUOTED) -> str:
    """``text`` in ``limit`` columns at most and an ellipsis: cut by ``core.display.clipped``,
    on one line and safe for a terminal, at the last character that fits (a wide character takes
    two). ``replay`` tells a player's name so: "NAME (seat 31)," then fits a line of 80 whole."""
    text = escaped_name(text)
    if columns(text) <= limit:
        return text
    fits = _fitting(text, limit)
    return clipped(text[:fits + 1], fits)  # "…" alone, never "… (1,200 characters)": its width is known


def _fitting(text: str, width: int) -> int:
    """How many of ``text``'s first characters fit in ``width`` columns (a wide character takes two)."""
    fits, used = 0, 0
    for c in text:
        used += columns(c)
        if used > width:
            break
        fits += 1
    return fits


def _reading(text: str) -> str:
    """How ``text`` reads on a terminal, to tell names apart: its compatibility form ("Ｂｏｂ" is
    "Bob"), without the characters no terminal draws (format characters: zero-width spaces and
    joiners, U+FEFF, the bidirectional marks), its spaces (a no-break space too) run together and
    trimmed. "Bob\u200b" and " Bob" read as "Bob"."""
    kept = "".join(ch for ch in unicodedata.normalize("NFKC", text) if unicodedata.category(ch) != "Cf")
    return " ".join(kept.split())


def told_apart(names: Sequence[str], room: int) -> list[str]:
    """Each of ``names`` in ``room`` columns at most: whole when it fits, else clipped (``clipped_to``:
    what fits of ``room - 1`` columns, and "…"). Names that would then read alike, clipped alike,
    given alike (a record may give two players one name) or differing only by what is not drawn
    (``_reading``: "Bob\u200b", " Bob"), are told apart by their seats, " #1" after
    each, so that no line about one reads as about the other."""
    def fit(name: str, width: int) -> str:
        return name if columns(name) <= width else clipped_to(name, width - 1)

    shown = [fit(name, room) for name in names]
    read = [_reading(s) for s in shown]
    if len(set(read)) == len(read):
        return shown
    alike = {r for r in read if read.count(r) > 1}
    tagged = [fit(name, room - len(f" #{i}")) + f" #{i}" if r in alike else s
              for i, (name, s, r) in enumerate(zip(names, shown, read))]
    if len({_reading(t) for t in tagged}) == len(tagged):
        return tagged
    return [fit(name, room - len(f" #{i}")) + f" #{i}" for i, name in enumerate(names)]  # a tag met a name


def name_column(names: Sequence[str], room: int, least: int = 0) -> list[str]:
    """``names`` as the first column of a table whose other columns leave ``room`` columns of 80
    to it: each padded to the widest (by its columns, so that a wide character keeps the columns
    in line), at least ``least`` wide, and one wider than ``room`` (never below 8) clipped
    (``told_apart``: names clipped alike told apart by their seats), so that every row stays one line
    of 80 columns whatever the names. Every
    game's score tables in ``replay`` and ``play`` draw their names so."""
    room = max(room, 8)
    shown = told_apart(names, room)
    width = max([least, *map(columns, shown)])
    return [name + " " * (width - columns(name)) for name in shown]


def fitted(text: str, width: int = 80, indent: str = "", keep: Iterable[str] = (), hang: str | None = None
           ) -> list[str]:
    """``text`` as lines of at most ``width`` columns (a word wider than a line cut where the line ends,
    ``cut_wide``: a ruleset's name, a site's, of up to 200 characters with no space; a
    wide character, "田", counted as its two columns), the lines after the first indented by
    ``indent`` plus two spaces (or by ``hang``): what ``play`` prints fits a terminal of 80 columns.
    A phrase of ``keep`` (a player's name, a card in words) is never split across lines, where it
    overlaps or touches no longer one kept (phrases glued together made words of any length: a
    name holding "; " and a clause of ``fit_line``); should a line still pass ``width`` (phrases
    glued by a character between them), the text is wrapped again with no phrase kept."""
    import textwrap

    def wrapped(text: str) -> list[str]:
        lines = textwrap.wrap(_widened(text), width, initial_indent=indent,
                              subsequent_indent=indent + "  " if hang is None else hang,
                              break_long_words=False, break_on_hyphens=False) or [indent]
        return [line.replace("\0", " ").replace(_WIDE, "") for line in lines]

    follow = indent + "  " if hang is None else hang
    phrases = [phrase for phrase in keep if " " in phrase]
    if not phrases:
        return cut_wide(wrapped(text), width, follow)
    lines = wrapped(_kept_whole(text, phrases))
    if max(map(columns, lines)) > width and max(map(columns, wrapped(text))) <= width:
        return wrapped(text)
    return cut_wide(lines, width, follow)


def _kept_whole(text: str, phrases: Iterable[str]) -> str:
    """``text`` with the spaces of each occurrence of ``phrases`` made a character textwrap does not
    break at (``\\0``, for the wrapping only): the longest first, as it may hold a shorter one, and
    none within or beside one kept already, so that no two make one word."""
    taken = bytearray(len(text) + 2)  # taken[i + 1]: text[i] is in a phrase kept (the edges never are)
    chars = list(text)
    for phrase in sorted(phrases, key=len, reverse=True):
        start = text.find(phrase)
        while start >= 0:
            end = start + len(phrase)
            if not any(taken[start:end + 2]):
                taken[start + 1:end + 1] = b"\1" * len(phrase)
                for i in range(start, end):
                    if chars[i] == " ":
                        chars[i] = "\0"
            start = text.find(phrase, start + 1)
    return "".join(chars)


MAX_LEAD = 4
"""The most spaces ``fit_line`` takes for a line's indent: every story's lines start with 2 or 4; more
are a told name's own (a name of spaces), kept with it on the line's first word."""


def fit_line(line: str, width: int = 80, keep: Iterable[str] = ()) -> list[str]:
    """One line of a story or a table as lines of at most ``width`` columns: as it is when it fits
    (a table's columns keep their spaces), else ``fitted`` at its own indent (the spaces it starts
    with), each line after the first two spaces further in; a clause (between "; ") that fits a
    line is kept whole. Every game's ``replay`` and ``play`` fit their lines so (issue 28: 80
    columns; a wide character counted as two, ``columns``)."""
    if columns(line) <= width:
        return [line]
    spaces = len(line) - len(line.lstrip(" "))
    lead = " " * min(spaces, MAX_LEAD)
    # spaces past MAX_LEAD are a told name's own (a name of spaces starting the line), kept on its first word
    text = "\0" * (spaces - len(lead)) + line.strip()
    # a clause without the spaces around it (an empty name leaves one after "; "), which would glue it to
    # the words beside it wherever it is found
    clauses = [c.strip(" ") for c in text.split("; ") if columns(c) < width - len(lead) - 4]
    return fitted(text, width, indent=lead, keep=[*keep, *(c for c in clauses if c)])


def cut_wide(lines: list[str], width: int = 80, hang: str = "  ") -> list[str]:
    """``lines`` in at most ``width`` columns each: one still wider (textwrap leaves a word wider than
    a line alone on its line: a ruleset's name, a site's or an animal's of up to 200 characters with no
    space) cut at the last character that fits, the rest on the next lines after ``hang``. ``fitted``
    cuts its lines so, and with it ``play``'s opening and every line of ``replay`` and ``play``."""
    hang = hang if columns(hang) < width // 2 else ""
    out: list[str] = []
    for line in lines:
        while columns(line) > width:
            fits = max(_fitting(line, width), len(hang) + 1)  # at least one character of the rest, whatever the width
            out.append(line[:fits])
            line = hang + line[fits:]
        out.append(line)
    return out


def cast(rules: Any, names: Sequence[str]) -> str:
    """The first line of every game's story (``replay``): the ruleset's name, escaped (a ruleset
    file's name may hold anything a name may), its id, and each player with their seat."""
    who = ", ".join(f"{name} (seat {i})" for i, name in enumerate(names))
    return f"{escaped_name(rules.name)} [{rules.id}], {len(names)} players: {who}"


def opening(name: str, players: int, seat: int, style: Callable[[str], str] = str) -> list[str]:
    """The first line of every game's ``play``: the ruleset's name, the players, the seat, and that
    help exists, in 80 columns: "you are seat N", or "seat N" alone where that does not fit on
    one line, and a name too long for either wrapped over lines (``style``, ``title`` on a
    terminal, marks the words before "Type help.", or every line of a wrapped name). A word of the
    name wider than a line is cut where the line ends (``fitted``, ``cut_wide``)."""
    name = escaped_name(name)  # a ruleset file's name: its bidirectional controls and newlines escaped, as a player's
    whole = f"{name}, {players} players, you are seat {seat}."
    for said in (whole, f"{name}, {players} players, seat {seat}."):
        if columns(said) + len(" Type help.") <= 80:
            return [style(said) + " Type help."]
    return [style(line) for line in fitted(f"{whole} Type help.", keep=["Type help."])]


def article(noun: str) -> str:
    """``noun`` with its indefinite article: "a crab", "an octopus"."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


_PLURALS = {"fish": "fish", "octopus": "octopuses", "shoal of fish": "shoals of fish", "penguin colony":
            "penguin colonies"}


def plural(noun: str) -> str:
    """``noun`` in the plural: "crabs", but "fish" and "octopuses"."""
    return _PLURALS.get(noun, noun + "s")
