"""Progress of long work (``simulate``, ``tournament``, ``check-scorer``) on standard error: how
many, how fast, how long still, on one line redrawn in place; only when standard error is a
terminal, so that a pipe, a file or a log never gets it, and never when the command is told to be
quiet."""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable
from typing import IO


def _duration(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    if seconds < 60:
        return f"{seconds}s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}m {seconds:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h {minutes:02d}m"


def progress_line(done: int, total: int, elapsed: float, what: str = "games") -> str:
    """The line shown: "1,200 of 100,000 games (12%), 850 a second, about 1m 56s left"."""
    line = f"{done:,} of {total:,} {what} ({done * 100 // max(total, 1)}%)"
    if done and elapsed > 0:
        rate = done / elapsed
        line += f", {rate:,.0f} a second" if rate >= 10 else f", {rate:.1f} a second"
        if done < total:
            line += f", about {_duration((total - done) / rate)} left"
    return line


class Progress:
    """A context whose ``update(n)`` counts ``n`` more done and redraws the line at most every
    ``every`` seconds; the line is erased on leaving. Silent (``shown`` False) unless ``stream``
    is a terminal and ``quiet`` is not set."""

    def __init__(self, total: int, what: str = "games", *, quiet: bool = False, stream: IO[str] | None = None,
                 every: float = 0.25, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.total, self.what, self.every, self.clock = total, what, every, clock
        self.done = 0
        self.shown = not quiet and _is_terminal(self.stream)
        self.start = self.last = 0.0
        self.width = 0

    def __enter__(self) -> Progress:
        self.start = self.clock()
        self.last = self.start - self.every
        return self

    def update(self, n: int) -> None:
        self.done += n
        if not self.shown:
            return
        now = self.clock()
        if now - self.last >= self.every or self.done >= self.total:
            self.last = now
            self._draw(progress_line(self.done, self.total, now - self.start, self.what))

    def _draw(self, line: str) -> None:
        pad = " " * max(0, self.width - len(line))
        self.width = len(line)
        self.stream.write("\r" + line + pad)
        self.stream.flush()

    def __exit__(self, *args: object) -> None:
        """Erase the line; a terminal gone meanwhile (closed: SIGHUP) has none to erase, and its error
        would stand in for what ended the run (``Stopped``: exit 129 became an I/O error's 2)."""
        if self.shown and self.width:
            with contextlib.suppress(OSError):
                self.stream.write("\r" + " " * self.width + "\r")
                self.stream.flush()


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed, or no file behind it
        return False
