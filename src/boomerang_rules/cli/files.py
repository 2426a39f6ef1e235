"""Writing the files commands make: never over a file the command reads, and never half-written.

Every writer of the command line goes through ``refuse_to_overwrite`` and ``write_text_file``:
the first compares the output with every input as the file system sees them (hard links and
symbolic links included, ``os.path.samefile``); the second writes to a temporary file beside the
target and renames it into place when done, so that an interrupted or failed run leaves the old
file as it was.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from typing import IO

import click

from ..core.jsonio import printable
from .common import EXIT_USAGE, fail

STDIO = "-"


def named(ctx: click.Context, param: click.Parameter, value: object) -> object:
    """A click callback for every option and argument that names a file: an empty name is a usage
    error (exit 2) naming the option. ``play --record ''`` played the whole game and saved nothing,
    exit 0; ``check-scorer --example-out ''`` kept no example; ``simulate --out ''`` said "cannot
    write  (--out): Is a directory", and ``validate ''`` ": cannot read"."""
    given = value if isinstance(value, tuple) else (value,)
    if "" in given:
        raise click.BadParameter("an empty file name names no file", ctx=ctx, param=param)
    return value


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether ``a`` and ``b`` name one existing file (through any link); False if either is absent."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):  # absent, unreadable, or a name the system cannot take
        return False


def stdin_is(path: str | os.PathLike[str]) -> bool:
    """Whether standard input is the regular file ``path`` names (``sheet - -o g.json < g.json``):
    a shell's redirection reads a file the command never sees by name."""
    try:
        given = os.fstat(sys.stdin.fileno())
        return stat.S_ISREG(given.st_mode) and os.path.samestat(given, os.stat(path))
    except (OSError, ValueError, AttributeError):  # no descriptor (a test's stdin), closed, or no such file
        return False


def refuse_to_overwrite(option: str, out: str | None, reads: Iterable[tuple[str, str | os.PathLike[str]]]) -> None:
    """Exit with a usage error (2) when ``out`` is one of the files the command reads: ``reads``
    holds ``(what, path)`` pairs, ``what`` as the message names it ("the record being read");
    a path ``-`` is standard input, refused when it is the file ``out`` names."""
    if out is None or out == STDIO:
        return
    for what, path in reads:
        if same_file(out, path) if str(path) != STDIO else stdin_is(out):
            where = " (standard input)" if str(path) == STDIO else ""
            fail(f"{option} {printable(out)}: that is {what}{where}; writing there would destroy it (choose another "
                 "name)", EXIT_USAGE)


def check_new_file(option: str, path: str, force: bool) -> None:
    """Refuse, before any work, an output ``path`` the command could not write or must not
    replace: exit 2 when its folder is missing or not writable, when it is a folder, and when the
    file exists without ``--force``. For the files a run may not make again: ``play --record`` (a
    game played by hand) and ``check-scorer --example-out``. The outputs of ``simulate``,
    ``sheet`` and ``replay --html``, made again by the same arguments, are
    replaced, as a compiler's ``-o`` is (never a file the command reads: ``refuse_to_overwrite``)."""
    folder = os.path.dirname(os.path.abspath(path))
    name, folder_name = printable(path), printable(folder)
    if not os.path.isdir(folder):
        fail(f"{option} {name}: the folder {folder_name} does not exist", EXIT_USAGE)
    if os.path.isdir(path):
        fail(f"{option} {name}: is a folder", EXIT_USAGE)
    if os.path.exists(path) and not force:
        fail(f"{option} {name}: the file exists; choose another name, or add --force to replace it", EXIT_USAGE)
    if not os.access(folder, os.W_OK):
        fail(f"{option} {name}: the folder {folder_name} is not writable", EXIT_USAGE)


def rules_read(rules_name: str | None, option: str = "--rules") -> list[tuple[str, str | os.PathLike[str]]]:
    """The files loading ``rules_name`` reads, as ``refuse_to_overwrite`` takes them."""
    from ..core.loading import files_read

    if rules_name is None:
        return []
    files = files_read(rules_name)
    name = printable(rules_name)
    return [(f"the ruleset being read ({option} {name})" if i == 0 else
             f"a ruleset that {option} {name} extends", path) for i, path in enumerate(files)]


def command_files(command: Iterable[str]) -> list[tuple[str, str]]:
    """The files a scorer's command names (its program, found on PATH, and any argument that is a
    file, such as its script), as ``refuse_to_overwrite`` takes them."""
    import shutil

    words = list(command)
    found = [(f"a file of the scorer's command ({word})", word) for word in words if os.path.isfile(word)]
    program = shutil.which(words[0]) if words else None
    if program is not None:
        found.append((f"the scorer's program ({words[0]})", program))
    return found


def write_text_file(path: str, write: Callable[[IO[str]], object], option: str) -> None:
    """Call ``write`` on a new temporary file beside ``path``, then rename it to ``path``.

    ``path`` keeps its permissions (a new file gets the usual ones, by the umask); a symbolic
    link is written through, to the file it names. A device or a pipe (``/dev/null``) is
    written in place, as renaming onto it would replace it. Exits 2 naming ``option`` when the
    file cannot be written; the old file is then left as it was.
    """
    target = os.path.realpath(path)
    try:
        mode = os.stat(target).st_mode
    except OSError:
        mode = None
    try:
        if mode is not None and not stat.S_ISREG(mode):
            with open(target, "w", encoding="utf-8", newline="\n") as stream:
                write(stream)
            return
        _replace(target, write, stat.S_IMODE(mode) if mode is not None else _default_mode())
    except OSError as exc:
        fail(f"cannot write {printable(path)} ({option}): {exc.strerror or exc}", EXIT_USAGE)


def write_text(path: str, text: str, option: str) -> None:
    """``write_text_file`` of one string."""
    write_text_file(path, lambda stream: stream.write(text), option)


def _replace(target: str, write: Callable[[IO[str]], object], mode: int) -> None:
    folder, name = os.path.split(target)
    temporary = None
    try:
        with _stops_held():  # a stop as mkstemp returned left its file, its name not yet kept
            fd, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=folder or ".")
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as stream:
            write(stream)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:  # an error, or Ctrl-C: the target is untouched, the partial file removed
        while temporary is not None:  # a second stop (SIGTERM just after Ctrl-C) meanwhile: removed still
            try:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
                temporary = None
            except KeyboardInterrupt:
                continue
        raise  # the first stop or error, the one the command tells


_STOPS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}
"""The signals that stop a command (``cli.stopping``; Windows has no SIGHUP)."""


@contextlib.contextmanager
def _stops_held() -> Iterator[None]:
    """The stopping signals blocked while the block runs, delivered after it (POSIX: Windows has no
    signal mask, and leaves the block as it is)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _default_mode() -> int:
    """The permissions ``open(path, "w")`` would give a new file: 0o666 less the umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
