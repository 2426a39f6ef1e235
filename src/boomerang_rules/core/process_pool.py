"""Worker processes, each fed through pipes of its own and read by the thread that asks for the results.

``concurrent.futures.ProcessPoolExecutor`` served ``--jobs`` before. It reads every worker's results
from one shared pipe, in a thread of its own. A run stopped early (Ctrl-C, an error, a consumer that
has enough) ends its workers at once, and a worker ended while writing a result left that thread
waiting for the rest of the message for ever; the stop waited on the thread (seen in CI as a hang
now and then, after ``simulate``'s first record). Here each worker has its own two pipes. Only the
worker holds its result pipe's writing end, so a worker that ends mid-message ends that pipe: the
reader is told so (end of file), it does not wait. There is no thread: a stopped run ends its
workers and closes its own ends, and nothing is left to wait on.
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.reduction import ForkingPickler
from typing import Any, NamedTuple, TypeVar

from .errors import ParallelError

R = TypeVar("R")

TERMINATE_WAIT = 5.0
"""Seconds the workers of a stopped run are given to end after SIGTERM before they are killed."""

HELD = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The signals held back (blocked) while the workers are started: Ctrl-C and the signals the command
line ends on, sent to the whole process group, reach each worker too."""


class RemoteTraceback(Exception):
    """A worker's traceback, the cause of the exception it raised as the run raises it (as
    ``concurrent.futures`` gives it): the run's own traceback ends in this module."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return f'\n"""\n{self.text}"""'


class _Worker(NamedTuple):
    """A worker process and this side's ends of its pipes: calls go out on ``tasks``, results come
    back on ``results``."""

    process: Any  # the start method's Process
    tasks: Connection
    results: Connection


def ordered_in_processes(function: Callable[..., R], calls: Sequence[tuple[Any, ...]], workers: int,
                         window: int) -> Iterator[R]:
    """``function(*args)`` for each ``args`` of ``calls`` in ``workers`` processes (no more than the
    calls), yielded in the order of ``calls``. At most ``window`` calls (at least one) are given out
    whose results have not been yielded, so memory does not grow with the number of calls. The
    workers are started when the first result is asked for and joined before the last is handed out.
    Whatever ends the iteration early (the generator closed, Ctrl-C, an error) ends them at once
    (SIGTERM, then SIGKILL after ``TERMINATE_WAIT``). A worker's exception is raised here; a worker
    that ends without its result is a ``ParallelError``."""
    if not calls:
        return
    window = max(1, window)
    context = multiprocessing.get_context()
    forked = context.get_start_method() == "fork"
    pool: list[_Worker] = []
    _RUNNING[id(pool)] = pool
    try:
        with _signals_held(context) as held:
            for _ in range(max(1, min(workers, len(calls)))):
                _start(context, function, os.getpid() if forked else None, forked, pool, held)
        # A Ctrl-C held back meanwhile is raised here, every worker started in the pool, ended at once.
        idle, busy = list(pool), dict[Connection, _Worker]()
        results: dict[int, R] = {}
        given = taken = 0
        while taken < len(calls):
            while idle and given < min(len(calls), taken + window):
                worker = idle.pop()
                try:
                    worker.tasks.send((given, calls[given]))
                except OSError:  # its far end closed: the worker is gone
                    raise ParallelError(_lost(worker)) from None
                busy[worker.results] = worker
                given += 1
            while taken not in results:
                _collect(busy, idle, results)
            result = results.pop(taken)
            taken += 1
            if taken == len(calls):
                _finish(pool)  # before the last result: a consumer that knows the count never asks again
            yield result
    except BaseException:
        _abandon(pool)
        raise
    finally:
        if all(worker.process.exitcode is not None for worker in pool):  # else a stop cut short: left to the exit
            _RUNNING.pop(id(pool), None)
        for worker in pool:
            worker.tasks.close()
            worker.results.close()


_RUNNING: dict[int, list[_Worker]] = {}
"""The pools of the runs under way (``ordered_in_processes``), by their ``id``."""


def _end_at_exit() -> None:
    """At the interpreter's exit, end the workers of every run still under way (``_abandon``: SIGTERM,
    then SIGKILL after ``TERMINATE_WAIT``). A run whose generator is still held when the program ends
    is closed only after the exit handlers; ``multiprocessing``'s own sends its workers SIGTERM then
    waits for them without end, for ever for one that ignores SIGTERM (inherited ignored, or its call's
    doing). So does a run whose stop was cut short (a second Ctrl-C while it waited for its workers):
    it stays here until its workers have all ended. Registered after ``multiprocessing.util``'s
    (imported above), so run before it."""
    for pool in list(_RUNNING.values()):
        _abandon(pool)


atexit.register(_end_at_exit)


@contextlib.contextmanager
def _signals_held(context: Any) -> Iterator[tuple[int, ...]]:
    """``HELD`` blocked in this thread while the block runs (where signals can be blocked), the ones it
    blocked given to the block; the workers started meanwhile inherit the mask, and unblock them once
    their own handlers are set (``_serve``, after ``_worker_start``).

    Ctrl-C reaches every process of the terminal's group. A worker caught by it before it ignored
    SIGINT printed a KeyboardInterrupt's traceback (the whole of a spawned worker's start-up, a forked
    one's first steps) and, forked, could even raise it back through the run's own frames, in the
    worker; a SIGTERM or SIGHUP sent to the group ran the command line's handler there. Held back, a
    signal reaches the worker once its handlers are set (Ctrl-C ignored, SIGTERM ending it), and the run
    once its workers are all in the pool, which it then ends. The start method's helper processes
    (resource tracker, fork server) are started first, so that they do not inherit the mask."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        yield ()
        return
    method = context.get_start_method()
    if method != "fork":
        from multiprocessing import resource_tracker

        resource_tracker.ensure_running()
    if method == "forkserver":
        from multiprocessing import forkserver

        forkserver.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    try:
        yield tuple(int(signum) for signum in HELD if signum not in before)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


_STARTING = threading.Lock()
"""Held while a worker is started, from its pipes' making to this side's closing of the worker's ends;
a new one in a forked process (the worker itself is forked while it is held)."""


def _new_starting_lock() -> None:
    global _STARTING
    _STARTING = threading.Lock()


if hasattr(os, "register_at_fork"):  # not on Windows, which does not fork
    os.register_at_fork(after_in_child=_new_starting_lock)


def _start(context: Any, function: Callable[..., Any], parent: int | None, forked: bool, pool: list[_Worker],
           held: tuple[int, ...] = ()) -> None:
    """One worker, started, added to ``pool`` with this side's ends of its pipes; ``held``: the signals
    it is started with blocked, to unblock once its handlers are set.

    A forked worker closes the ends it inherited (this side's of every pipe of every run under way,
    its own included): only then does a pipe end when the one process on its far side is gone. The
    workers of runs in other threads are started one at a time (``_STARTING``): a worker forked for
    one run while another made its pipes held the other's worker's ends (and ``multiprocessing``'s
    pipe that tells a process has ended) until it ended itself: a worker of the other run that died
    was not seen to (mid-message, that run waited as long as this one ran), and stopping the other run
    waited ``TERMINATE_WAIT`` for it."""
    with _STARTING:
        task_reader, task_writer = context.Pipe(duplex=False)
        result_reader, result_writer = context.Pipe(duplex=False)
        inherited = [end for run in list(_RUNNING.values()) for worker in run for end in (worker.tasks, worker.results)]
        inherited = [*inherited, task_writer, result_reader] if forked else []
        process = context.Process(target=_serve, args=(function, task_reader, result_writer, parent, inherited, held),
                                  daemon=True, name="boomerang-rules worker")
        try:
            process.start()
        except BaseException:
            task_writer.close()
            result_reader.close()
            raise
        finally:
            task_reader.close()
            result_writer.close()
        pool.append(_Worker(process, task_writer, result_reader))


def _collect(busy: dict[Connection, _Worker], idle: list[_Worker], results: dict[int, Any]) -> None:
    """Wait for at least one busy worker's answer and take every one that is ready: a result is kept
    under its call's index, an exception raised, a pipe that ended a ``ParallelError``."""
    for end in wait(list(busy)):
        assert isinstance(end, Connection)
        worker = busy.pop(end)
        try:
            index, done, value = end.recv()
        except (EOFError, OSError):  # the worker ended before its whole result was written
            raise ParallelError(_lost(worker)) from None
        except Exception as unread:  # come whole, but it cannot be rebuilt here (its class's pickling is wrong)
            raise ParallelError(f"a worker's answer could not be read back: {type(unread).__name__}: {unread}"
                                ) from None
        if not done:
            error, where = value
            error.__cause__ = RemoteTraceback(where)  # shown above the run's own traceback
            raise error
        results[index] = value
        idle.append(worker)


def _lost(worker: _Worker) -> str:
    """Why a run stopped when ``worker`` ended without its result: how it ended, if it has."""
    worker.process.join(1.0)
    code = worker.process.exitcode
    if code is None:
        how = "it closed its pipe"
    elif code < 0:
        how = f"killed by {signal.Signals(-code).name}" if -code in signal.valid_signals() else f"signal {-code}"
    else:
        how = f"exit code {code}"
    return f"a worker process ended before it returned its share of the games ({how}); the run was stopped"


def _finish(pool: list[_Worker]) -> None:
    """End every worker once the work is done: each is told to end (None), then joined."""
    for worker in pool:
        with contextlib.suppress(OSError):  # gone already
            worker.tasks.send(None)
    for worker in pool:
        worker.process.join()


def _abandon(pool: list[_Worker]) -> None:
    """End every worker at once, its work dropped: SIGTERM, then SIGKILL for any still there after
    ``TERMINATE_WAIT`` (one that ignores SIGTERM, inherited ignored, or whose call caught it)."""
    for worker in pool:
        if worker.process.exitcode is None:
            worker.process.terminate()
    deadline = time.monotonic() + TERMINATE_WAIT
    for worker in pool:
        worker.process.join(max(0.0, deadline - time.monotonic()))
        if worker.process.exitcode is None:
            worker.process.kill()
            worker.process.join()


def _serve(function: Callable[..., Any], tasks: Connection, results: Connection, parent: int | None,
           inherited: list[Connection], held: tuple[int, ...] = ()) -> None:
    """A worker's life: each call read from ``tasks`` is answered on ``results`` (``(index, True,
    result)``, or ``(index, False, (exception, its traceback's text))``) until None or the end of
    ``tasks``. It ends with ``os._exit``: a forked worker has the run's exit handlers too, which are
    not its to run (one waiting on a lock another thread of the run held at the fork would wait for
    ever)."""
    _worker_start(parent)
    if held:  # held back while it started (``_signals_held``): a SIGINT meanwhile is dropped, a SIGTERM ends it
        signal.pthread_sigmask(signal.SIG_UNBLOCK, held)
    for end in inherited:
        end.close()
    while True:
        try:
            task = tasks.recv()
        except (EOFError, OSError):  # the run's process is gone
            break
        if task is None:
            break
        index, args = task
        try:
            answer = (index, True, function(*args))
        except SystemExit:  # the function ends its process: the run says how (exit code N)
            raise
        except BaseException as error:  # the function's own error (any, as concurrent.futures), raised by the run
            answer = (index, False, (_portable(error), "".join(traceback.format_exception(error))))
        try:
            results.send(answer)  # pickled whole before a byte is written: a failure here sends nothing
        except OSError:  # the run's process is gone
            break
        except Exception as error:  # a result or an exception that cannot be pickled
            with contextlib.suppress(OSError):  # the run's process gone meanwhile: nothing to tell
                results.send((index, False, (ParallelError(f"a worker's answer could not be sent back: "
                                                            f"{type(error).__name__}: {error}"),
                                              "".join(traceback.format_exception(error)))))
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    os._exit(0)


def _portable(error: BaseException) -> BaseException:
    """``error`` if it comes back as itself through pickling, else a ``ParallelError`` naming it: an
    exception whose class takes other arguments than its message (``__init__(self, a, b)``) is pickled
    whole but cannot be rebuilt, and the run raised a ``TypeError`` about its ``__init__`` instead."""
    try:
        ForkingPickler.loads(ForkingPickler.dumps(error))
    except Exception as why:
        return ParallelError(f"a worker raised {type(error).__name__}: {error} (it could not be sent back as "
                             f"itself: {type(why).__name__}: {why})")
    return error


def _worker_start(parent: int | None) -> None:
    """A worker's first act: it ends with the process that started it, however that one ends, and
    leaves Ctrl-C to it.

    A run whose process was killed (``kill``, ``kill -9``, its terminal closed) left its workers
    running. On Linux the kernel kills the worker when its parent dies (``PR_SET_PDEATHSIG``,
    SIGKILL: a worker has nothing to put away, and a SIGTERM the parent ignored would be ignored here
    too); a forked worker whose parent (``parent``, None when not forked) is gone before the request
    ends at once. The SIGTERM and SIGHUP handlers the command line sets in its own process are put
    back to the defaults: a worker asked to end ends (``_abandon``), not raising the command's exit
    inside a call. SIGINT is ignored: Ctrl-C reaches every process of the terminal's group, and the
    run ends its workers itself (each printed a KeyboardInterrupt's traceback)."""
    for name in ("SIGTERM", "SIGHUP"):  # Windows has no SIGHUP
        if hasattr(signal, name) and signal.getsignal(getattr(signal, name)) != signal.SIG_IGN:
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # 1: PR_SET_PDEATHSIG
        except (OSError, AttributeError):  # no C library to ask: the workers outlive a killed run, as before
            return
        if parent is not None and os.getppid() != parent:
            os._exit(1)
