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


UNSHOWN_IN_NAMES = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
"""What a file name in a message may not hold as it is: ``UNSHOWN``, and tab and newline too (a
newline in a name would start a line of the message that the name wrote)."""


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


def unshown_words(text: str) -> str | None:
    """Why ``text`` may not be shown to players, in words for a problem's message ("holds U+0007
    (character 4), ..."); None when it may."""
    found = UNSHOWN.search(text)
    if found is None:
        return None
    return (f"holds U+{ord(found.group()):04X} (character {found.start() + 1}), which pictures and terminals "
            "cannot show: text players read may hold no control character but tab and newline, nor U+FFFE "
            "or U+FFFF")
