"""Text from a record or a ruleset, fit to be shown: in a picture and on a terminal.

XML 1.0 forbids most control characters (and U+FFFE, U+FFFF): one in an SVG sheet makes the whole
picture unreadable to every XML parser. A terminal does not show a control character but obeys
it: a bell rings, an escape sequence recolours, moves the cursor or renames the window.

So the texts players read (player names, a ruleset's name and description, region and site
names) may hold none of them: the schemas refuse them with ``SHOWN_TEXT`` (rule
``schema:pattern``, the message ``unshown_words``). ``displayable`` is the defence behind that
check, for text that did not come through it (names given through the Python API): every picture
(``core.page``) and ``replay``'s terminal output replace what ``UNSHOWN`` matches, visibly, by
U+FFFD.
"""

from __future__ import annotations

import re

SHOWN_TEXT = "^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\ufffe\\uffff]*$"
"""The schemas' ``pattern`` of a text shown to players: no control character (C0, DEL, C1) but tab
and newline, and neither U+FFFE nor U+FFFF (the characters XML 1.0 forbids, and those a terminal
obeys)."""

UNSHOWN = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
"""What no picture or terminal is given: what ``SHOWN_TEXT`` refuses, and lone surrogates (which
no UTF-8 file can hold; a document with one is refused as not text, ``json-text``)."""

REPLACEMENT = "\ufffd"
"""What takes the place of each character ``UNSHOWN`` matches: the replacement character, "�"."""


def displayable(text: str) -> str:
    """``text`` with every character of ``UNSHOWN`` replaced by U+FFFD, visibly; ``text`` itself
    when it holds none (the usual case)."""
    return UNSHOWN.sub(REPLACEMENT, text) if UNSHOWN.search(text) else text


UNSHOWN_IN_NAMES = re.compile(
    r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]")
"""What a name in a message or on a terminal line may not hold as it is: ``UNSHOWN``, tab and
newline (a newline in a name would start a line of the message that the name wrote; so would the
line and paragraph separators U+2028 and U+2029 for a reader that splits lines as Python does), and
Unicode's bidirectional controls (``Bidi_Control``): the embeddings, overrides and isolates
(U+202A-U+202E, U+2066-U+2069), and the invisible marks (U+200E, U+200F, U+061C). A terminal that
honours them would draw the rest of the line in an order the name chose (a player called
"\u202eBob" turning the scores after it around, "Bob\u200f" moving the ": 12" after it), as
Trojan Source turned code around. A right-to-left name needs none of them: its letters carry
their own direction."""


def escaped_name(name: str) -> str:
    """A file name (or another name a message quotes) fit for a terminal, one line: each character
    of ``UNSHOWN_IN_NAMES`` as its Python escape (``\\x1b``, ``\\n``, ``\\udcff`` for a byte no
    encoding decoded), so that the name is still told from others; ``name`` itself when it holds
    none (the usual case)."""
    if not UNSHOWN_IN_NAMES.search(name):
        return name
    return UNSHOWN_IN_NAMES.sub(lambda found: found.group().encode("unicode_escape").decode("ascii")
                                if not 0xD800 <= ord(found.group()) <= 0xDFFF else f"\\u{ord(found.group()):04x}",
                                name)


_RAW_IN_JSON = re.compile(
    r"[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]")
"""``UNSHOWN_IN_NAMES`` but the C0 controls, which JSON escapes in a string itself and which outside
one are its whitespace (the newline between indented lines)."""


def escaped_json(text: str) -> str:
    """JSON text (``json.dumps(..., ensure_ascii=False)``) fit for a terminal: each character of
    ``UNSHOWN_IN_NAMES`` that JSON leaves raw in a string (DEL and C1 controls, the bidirectional
    controls, the line and paragraph separators) written as its ``\\u`` escape (``\\u202e``), so that the
    text parses to the same data and a terminal shows every name as ``escaped_name`` does."""
    if not _RAW_IN_JSON.search(text):
        return text
    return _RAW_IN_JSON.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def unshown_words(text: str) -> str | None:
    """Why ``text`` may not be shown to players, in words for a problem's message ("holds U+0007
    (character 4), ..."); None when it may."""
    found = UNSHOWN.search(text)
    if found is None:
        return None
    return (f"holds U+{ord(found.group()):04X} (character {found.start() + 1}), which pictures and terminals "
            "cannot show: text players read may hold no control character but tab and newline, nor U+FFFE "
            "or U+FFFF")


def is_text(value: str) -> bool:
    """Whether ``value`` can be written as UTF-8: no lone surrogates."""
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


QUOTED = 60
"""The characters of a value from the input that a message quotes (``shown``): the rest is cut."""

SIZED = 1000
"""A value from the input longer than this is quoted with its length too (``shown``): no name, id
or word the library reads comes near, so the reader learns the input was no mistyped word."""

MAX_PATH = 4096
"""The longest path a file can be opened by (Linux's ``PATH_MAX``): a longer name names no file,
and a message shows it cut (``shown_name``)."""


def shown(value: str, limit: int = QUOTED) -> str:
    """``value`` quoted for a message: lone surrogates escaped, and cut after ``limit`` characters
    with an ellipsis (and, past ``SIZED`` characters, the length: ``'zzz…' (1,000,000 characters)``).

    Every message that quotes a name or word from the input (a ``--rules`` name, a variant's
    ``extends``, a record's ``rules``, a player's or a bot's name, an unexpected key) quotes it
    through here (``core.arguments.brief`` for a string; ``clipped`` unquoted), so that a name of a
    million characters makes a message of a line, not of a megabyte."""
    head = value[:limit]
    return (repr(head) if is_text(head) else ascii(head)) + _cut(value, limit)


def clipped(text: str, limit: int = QUOTED) -> str:
    """``text`` for a message that shows it unquoted (an option given, a file name): on one line,
    safe for a terminal (``escaped_name``), and cut as ``shown`` cuts it."""
    return escaped_name(text[:limit]) + _cut(text, limit)


def shown_name(name: str) -> str:
    """A file name as a message shows it: whole (``escaped_name``), but one longer than ``MAX_PATH``,
    which names no file, cut (``clipped``)."""
    return clipped(name) if len(name) > MAX_PATH else escaped_name(name)


def shown_pointer(where: str) -> str:
    """A JSON pointer as a message shows it: on one line, safe for a terminal (``escaped_name``), each
    of its keys longer than ``QUOTED`` cut as ``clipped`` cuts it (``/cards/xxx…`` (5,000 characters)),
    since an unexpected key is pointed at and may be of any length. The problem keeps the whole
    pointer (``validate --json`` gives it), which a program can follow."""
    if len(where) <= QUOTED:
        return escaped_name(where)
    return "/".join(clipped(token) for token in where.split("/"))


def _cut(value: str, limit: int) -> str:
    """What follows a value cut after ``limit`` characters: nothing when it is not cut."""
    if len(value) <= limit:
        return ""
    return "…" if len(value) <= SIZED else f"… ({len(value):,} characters)"


def counted(count: int, noun: str) -> str:
    """``count`` with ``noun`` agreeing in number: "1 card", but "0 cards" and "2 cards". One rule for
    every text that counts something, where each wrote its own ``'s' if n != 1 else ''``; the nouns
    they count are regular (an irregular one, "fish", is ``terminal.wording.plural``'s, never counted)."""
    return f"{count} {noun if count == 1 else noun + 's'}"
