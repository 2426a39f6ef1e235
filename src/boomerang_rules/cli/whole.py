"""Records written whole on standard output: a signal arriving while one is written waits until it is out.

A reader that lags (a pipe full) leaves ``write`` waiting halfway through a record; Ctrl-C or
SIGTERM then raised inside it, and the line ended mid-JSON, a record no reader can take, counted
among those written. Holding the signal is not enough through Python's buffered writer, which
drops what it had yet to write when a signal interrupts a write to a full pipe, even one whose
handler returns (CPython 3.11: 48,194 of 60,003 bytes arrived). So a record to a pipe or a file
goes out through ``os.write`` of its own bytes, retried until all are written, and the first
ending signal meanwhile is kept and acted on (its handler called: ``KeyboardInterrupt``, the
command line's exit) once the record is out; a second one is acted on at once, so that a reader
that never reads cannot hold the command.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import IO, Any

_HELD = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The signals that end a command through a handler of its own (Windows has no SIGHUP)."""


def write_whole(stream: IO[str], text: str, written: Callable[[], object]) -> None:
    """Write ``text`` to ``stream``, whole whatever signal comes meanwhile (see above), then call
    ``written`` (a count of records is then never one off). A terminal, or a stream that is no
    UTF-8 file (a test runner's), takes ``stream.write``: the bytes of a pipe or a file are UTF-8
    with ``\\n`` line ends (``streams.reconfigure_streams``)."""
    fd = _raw_fd(stream)
    if fd is None:
        stream.write(text)
        written()
        return
    stream.flush()
    data = memoryview(text.encode("utf-8"))
    with _signals_held():
        while data:
            data = data[os.write(fd, data):]  # interrupted by a held signal: retried (PEP 475)
        written()


def _raw_fd(stream: IO[str]) -> int | None:
    """The file descriptor behind ``stream`` when it is a UTF-8 text file that is no terminal."""
    if not isinstance(stream, io.TextIOWrapper) or stream.encoding.lower() not in ("utf-8", "utf8"):
        return None
    try:
        return None if stream.isatty() else stream.fileno()
    except (OSError, ValueError):
        return None


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold the ending signals while the block runs (the main thread only: no other may set them;
    a signal ignored or left to its default is left so)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    kept: list[int] = []
    handlers: dict[int, Callable[[int, FrameType | None], Any]] = {}

    def hold(signum: int, frame: FrameType | None) -> None:
        if kept:  # a second signal: do not wait for the record
            handlers[signum](signum, frame)
        kept.append(signum)

    for signum in _HELD:
        handler = signal.getsignal(signum)
        if callable(handler):
            handlers[signum] = handler
            signal.signal(signum, hold)
    try:
        yield
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
    if kept:
        handlers[kept[0]](kept[0], None)
