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
from typing import NoReturn

import click

from ..core.display import displayable

_ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The signals a command ends on through ``Stopped`` (Windows has no SIGHUP)."""


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where Ctrl-C raises ``KeyboardInterrupt``; ``signum`` says which."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def ending_on_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP raise ``Stopped`` while the block runs, as Ctrl-C raises ``KeyboardInterrupt``:
    a ``--jobs`` run ends its workers, an ``--out`` file's temporary file is removed and the file left as
    it was, and the command says what it stopped. The signal's default ended the process where it
    stood, leaving both. The handlers are put back after (the main thread only: no other may set them).
    A signal ignored when the command starts (``nohup`` ignores SIGHUP) stays ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def end(signum: int, frame: FrameType | None) -> None:
        raise Stopped(signum)

    kept = {signum: signal.signal(signum, end) for signum in _ENDING if signal.getsignal(signum) == signal.SIG_DFL}
    try:
        yield
    finally:
        for signum, handler in kept.items():
            signal.signal(signum, handler)


def interrupted(stop: KeyboardInterrupt, what: str = "") -> NoReturn:
    """Leave after ``stop`` (Ctrl-C, or ``Stopped``), exit 128 + its signal, saying on standard error
    which signal it was and ``what`` was and was not written. Standard error gone (SIGHUP: the
    terminal closed) does not turn the exit into an I/O error's."""
    signum = stop.signum if isinstance(stop, Stopped) else signal.SIGINT
    name = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
    with contextlib.suppress(OSError):
        click.echo(displayable(f"boomerang-rules: interrupted ({name})" + (f": {what}" if what else "")), err=True)
    sys.exit(128 + signum)
