"""Numbers as a person types them: ASCII digits only (``str.isdigit`` and ``int()`` also take ``²``, ``١``)."""

from __future__ import annotations

import re

WHOLE = re.compile(r"[-+]?[0-9]+")
"""A whole number, optionally signed, in ASCII digits."""


def ascii_whole(text: str) -> bool:
    """Whether ``text`` is a whole number of ASCII digits (what ``str.isdigit`` is not: it takes ``²``, ``١``)."""
    return WHOLE.fullmatch(text) is not None and text[0] not in "+-"
