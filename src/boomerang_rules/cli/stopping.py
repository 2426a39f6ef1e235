"""How a command stops on a signal: Ctrl-C (SIGINT), ``kill`` (SIGTERM) or its terminal closed (SIGHUP).

All three reach a command as ``KeyboardInterrupt`` (SIGTERM and SIGHUP as ``Stopped``, which says
which), so that the words a command has for Ctrl-C (what was written, how far it got) are said for
each, and it exits 128 + the signal's number, as shells report a program the signal ended. SIGTERM
and SIGHUP ended a command through ``SystemExit`` before: the exit code and the files were right,
but nothing said what had been stopped, nor how far it had got.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any, NoReturn

import click

from ..core.display import displayable

_ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The signals a command ends on through ``Stopped`` (Windows has no SIGHUP)."""


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where Ctrl-C raises ``KeyboardInterrupt``; ``signum`` says which."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_STOPS = (signal.SIGINT, *_ENDING)
"""Every signal that stops a command."""

_kept: list[dict[int, Any]] = []
"""The handlers ``ending_on_signals`` puts back, while its block runs (the innermost last)."""


@contextlib.contextmanager
def ending_on_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP raise ``Stopped`` while the block runs, as Ctrl-C raises ``KeyboardInterrupt``:
    a ``--jobs`` run ends its workers, an ``--out`` file's temporary file is removed and the file left as
    it was, and the command says what it stopped. The signal's default ended the process where it
    stood, leaving both. The handlers are put back after (the main thread only: no other may set them),
    Ctrl-C's too (``interrupted`` lets the stops pass). A signal ignored when the command starts
    (``nohup`` ignores SIGHUP) stays ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def end(signum: int, frame: FrameType | None) -> None:
        raise Stopped(signum)

    kept = {signum: signal.getsignal(signum) for signum in _STOPS}
    _kept.append(kept)
    try:
        for signum in _ENDING:
            if kept[signum] == signal.SIG_DFL:
                signal.signal(signum, end)
        yield
    finally:
        for signum in reversed(_STOPS):  # Ctrl-C's last: a stop on the way out finds no handler of ours
            if kept[signum] is not None:
                signal.signal(signum, kept[signum])
        _kept.remove(kept)


def _passed(signum: int, frame: FrameType | None) -> None:
    """A stop once one is told: the command is leaving, and a second one there interrupted its
    message or the putting back of its handlers (Python's traceback, a death by the signal)."""


def interrupted(stop: KeyboardInterrupt, what: str = "") -> NoReturn:
    """Leave after ``stop`` (Ctrl-C, or ``Stopped``), exit 128 + its signal, saying on standard error
    which signal it was and ``what`` was and was not written; within ``ending_on_signals``, a stop
    after this one is let pass. Standard error gone (SIGHUP: the terminal closed) does not turn the
    exit into an I/O error's."""
    if _kept and threading.current_thread() is threading.main_thread():
        for signum in _STOPS:
            if callable(signal.getsignal(signum)):
                signal.signal(signum, _passed)
    signum = stop.signum if isinstance(stop, Stopped) else signal.SIGINT
    name = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
    with contextlib.suppress(OSError):
        click.echo(displayable(f"boomerang-rules: interrupted ({name})" + (f": {what}" if what else "")), err=True)
    sys.exit(128 + signum)
