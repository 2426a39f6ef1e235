"""Standard output as UTF-8 with ``\\n`` line ends on every platform, and messages that always print.

Python writes standard output in the locale's encoding when it is a file or a pipe: Windows' ANSI
code page (cp1252 and the like), with ``\\r\\n`` line ends. A record naming a player or a file
outside that code page then ended the command in a ``UnicodeEncodeError`` traceback, and the
records on standard output were not the bytes ``--out`` writes. Records are UTF-8 JSON (RFC 8259),
so a file or a pipe gets UTF-8 and ``\\n``, as ``--out`` files do; a terminal keeps its own
encoding, a character it cannot show replaced; standard error (messages only) escapes one.
"""

from __future__ import annotations

import contextlib
import io
import sys


def reconfigure_streams() -> None:
    """Set up ``sys.stdout`` and ``sys.stderr`` as above, before the command writes anything (a
    stream that is not a text file, one a test or an embedding program put there, is left as it is)."""
    out, err = sys.stdout, sys.stderr
    if isinstance(out, io.TextIOWrapper):
        with contextlib.suppress(OSError, ValueError):
            if out.isatty():
                out.reconfigure(errors="replace")
            else:
                out.reconfigure(encoding="utf-8", errors="strict", newline="\n")
    if isinstance(err, io.TextIOWrapper):
        with contextlib.suppress(OSError, ValueError):
            err.reconfigure(errors="backslashreplace")
