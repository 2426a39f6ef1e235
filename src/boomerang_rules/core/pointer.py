"""JSON pointers (RFC 6901), the way every problem names its place in an input."""

from __future__ import annotations


def pointer(*parts: str | int) -> str:
    """The JSON pointer of a path: ``pointer("rounds", 1, "picks")`` is ``/rounds/1/picks``."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)
