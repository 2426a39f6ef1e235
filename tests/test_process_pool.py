"""core.process_pool: worker processes fed through pipes of their own. Each way a worker can end
(its result taken, its own error, killed, killed mid-message, told to stop mid-message) ends the run
at once with what happened, never a wait: the scenarios that could hang run in a child process
with a time limit, so that a regression fails here instead of hanging the suite."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from boomerang_rules.core import process_pool
from boomerang_rules.core.errors import ParallelError


def _square(x: int) -> int:
    return x * x


def _fails_on_three(x: int) -> int:
    if x == 3:
        raise ValueError(f"no {x}")
    return x


def _dies_on_two(x: int) -> int:
    if x == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    return x


def _unpicklable(x: int) -> object:
    return threading.Lock() if x == 1 else x


def test_results_come_in_the_order_of_the_calls_and_the_workers_are_joined_before_the_last() -> None:
    import multiprocessing

    calls = [(i,) for i in range(23)]
    results = process_pool.ordered_in_processes(_square, calls, 3, 6)
    taken = [x for _, x in zip(calls, results)]  # never asks past the last
    assert taken == [i * i for i in range(23)]
    assert not multiprocessing.active_children()
    assert list(process_pool.ordered_in_processes(_square, [], 2, 8)) == []


def test_a_worker_s_error_is_raised_with_its_type_and_the_workers_are_ended() -> None:
    import multiprocessing

    with pytest.raises(ValueError, match=r"^no 3$"):
        list(process_pool.ordered_in_processes(_fails_on_three, [(i,) for i in range(8)], 2, 8))
    assert not multiprocessing.active_children()


def test_a_worker_killed_ends_the_run_with_how_it_ended() -> None:
    import multiprocessing

    with pytest.raises(ParallelError, match=r"^a worker process ended before it returned its share of the games "
                                            r"\(killed by SIGKILL\); the run was stopped$"):
        list(process_pool.ordered_in_processes(_dies_on_two, [(i,) for i in range(6)], 2, 8))
    assert not multiprocessing.active_children()


def test_an_answer_that_cannot_be_pickled_is_a_parallel_error_naming_why() -> None:
    with pytest.raises(ParallelError, match=r"^a worker's answer could not be sent back: TypeError: "):
        list(process_pool.ordered_in_processes(_unpicklable, [(i,) for i in range(4)], 2, 8))


_MID_MESSAGE = """
import os, signal, sys, threading, time, multiprocessing
from boomerang_rules.core import process_pool
from boomerang_rules.core.errors import ParallelError

def big(x):
    if x == 0:
        return 0
    time.sleep(1.0)  # call 0's result is taken alone
    if sys.argv[1] == "killed":  # the worker dies while its result is half written
        threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGKILL)).start()
    return b"x" * 8_000_000  # far more than a pipe holds: the worker blocks mid-message, nobody reading

results = process_pool.ordered_in_processes(big, [(0,), (1,)], 2, 4)
assert next(results) == 0
time.sleep(3.0)
if sys.argv[1] == "killed":
    try:
        next(results)
    except ParallelError as error:
        print(error)
else:
    results.close()  # the run stopped while a worker is mid-message
    print("stopped", multiprocessing.active_children())
"""


@pytest.mark.parametrize(("how", "said"), [
    ("killed", "a worker process ended before it returned its share of the games (killed by SIGKILL); "
               "the run was stopped\n"),
    ("stopped", "stopped []\n")])
def test_a_worker_ended_mid_message_leaves_nothing_waiting(how: str, said: str) -> None:
    """A worker ended while writing its result (killed, or a run stopped early ending it) left the
    pool's reading thread waiting for the rest for ever, and the stop waiting on that thread: CI hung
    in ``simulate`` stopped after its first record. The reader now sees the pipe end: only the worker
    holds its writing end (the other worker, alive and idle here, was forked with none of it)."""
    started = time.monotonic()
    ran = subprocess.run([sys.executable, "-c", textwrap.dedent(_MID_MESSAGE), how], capture_output=True, text=True,
                         timeout=60)
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, said, "")
    assert time.monotonic() - started < 30


_CTRL_C_AT_START = """
import functools, multiprocessing, os, signal, sys, time
from boomerang_rules.core import process_pool

def same(x):
    return x

if __name__ == "__mp_main__":  # a spawned worker starting (its start-up imports this file) is sent Ctrl-C
    os.kill(os.getpid(), signal.SIGINT)
if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.default_int_handler)  # a run started in the background has it ignored
    multiprocessing.set_start_method(sys.argv[1])
    if sys.argv[1] == "fork":  # Ctrl-C comes right after the fork, in the worker and in the run
        os.register_at_fork(after_in_child=functools.partial(os.killpg, 0, signal.SIGINT))
    me = os.getpid()
    try:
        print(list(process_pool.ordered_in_processes(same, [(i,) for i in range(4)], 1, 4)), flush=True)
    except KeyboardInterrupt:
        print("interrupted", "here" if os.getpid() == me else "in a worker", flush=True)
    time.sleep(0.2)
    print("left", multiprocessing.active_children(), flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no signal masks")
@pytest.mark.parametrize(("method", "said"), [("fork", "interrupted here\nleft []\n"),
                                             ("spawn", "[0, 1, 2, 3]\nleft []\n")])
def test_ctrl_c_while_a_worker_starts_ends_the_run_alone_and_silently(tmp_path: Path, method: str, said: str) -> None:
    """Ctrl-C reaches every process of the terminal's group, a worker still starting too. One caught
    by it before it ignored SIGINT printed a KeyboardInterrupt's traceback and ended (a spawned
    worker's whole start-up: the run then stopped, "exit code 1"); a forked one, caught in
    ``multiprocessing``'s own first steps, raised it back through the run's frames and ran the run's
    own handling in the worker ("interrupted in a worker", 6 runs in 10 here; the command line would
    print its message twice and end the run's other workers). The signals are held back while the
    workers start, and dropped by a worker once it ignores SIGINT: the run stops, alone, once every
    worker is in its pool (fork: the run was sent Ctrl-C too); a worker sent it alone goes on (spawn)."""
    script = tmp_path / "ctrl_c.py"
    script.write_text(textwrap.dedent(_CTRL_C_AT_START))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    ran = subprocess.run([sys.executable, str(script), method], capture_output=True, text=True, timeout=60,
                         start_new_session=True, env=env)
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, said, "")


class _Unrebuilt(Exception):
    """An exception pickled whole that cannot be rebuilt: its class takes another argument than its message."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


class _Unloadable:
    """A result pickled whole that cannot be rebuilt: it is rebuilt as ``int("x")``."""

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return int, ("x",)


def _raises_unrebuilt(x: int) -> int:
    if x == 2:
        raise _Unrebuilt("no 2", 7)
    return x


def _unloadable(x: int) -> object:
    return _Unloadable() if x == 2 else x


def test_an_answer_that_cannot_be_rebuilt_is_a_parallel_error_naming_it() -> None:
    """A worker's exception or result that pickles but cannot be unpickled stopped the run with the
    unpickling's own error, about something else ("TypeError: _Unrebuilt.__init__() missing 1 required
    positional argument: 'code'"): the exception is named now, its message with it, and a result says
    it could not be read back. The workers are ended, as for any error."""
    import multiprocessing

    with pytest.raises(ParallelError, match=r"^a worker raised _Unrebuilt: no 2 \(it could not be sent back as "
                                            r"itself: TypeError: .*'code'\)$"):
        list(process_pool.ordered_in_processes(_raises_unrebuilt, [(i,) for i in range(5)], 2, 8))
    assert not multiprocessing.active_children()
    with pytest.raises(ParallelError, match=r"^a worker's answer could not be read back: ValueError: invalid "
                                            r"literal for int\(\) with base 10: 'x'$"):
        list(process_pool.ordered_in_processes(_unloadable, [(i,) for i in range(5)], 2, 8))
    assert not multiprocessing.active_children()


def test_a_worker_s_error_has_the_worker_s_traceback_for_its_cause() -> None:
    """The run raises a worker's exception with the worker's traceback as its cause, as
    ``concurrent.futures`` did: the run's own traceback ends in ``process_pool``, far from the call
    that failed."""
    with pytest.raises(ValueError, match=r"^no 3$") as raised:
        list(process_pool.ordered_in_processes(_fails_on_three, [(i,) for i in range(8)], 2, 8))
    cause = raised.value.__cause__
    assert isinstance(cause, process_pool.RemoteTraceback)
    assert 'in _fails_on_three\n    raise ValueError(f"no {x}")\nValueError: no 3\n' in str(cause)


_LEFT_UNFINISHED = """
import multiprocessing, signal, time
from boomerang_rules.core import process_pool

def slow(x):
    time.sleep(0.1)
    return x

signal.signal(signal.SIGTERM, signal.SIG_IGN)  # as a supervisor may start a program: its workers inherit it
process_pool.TERMINATE_WAIT = 0.5
results = process_pool.ordered_in_processes(slow, [(i,) for i in range(40)], 2, 8)
print(next(results), flush=True)
# the program ends, the run unfinished and still held
"""


def test_a_run_left_unfinished_at_the_exit_lets_the_interpreter_exit() -> None:
    """A program that ends with a run unfinished and still referenced (a global) closes it only after
    the exit handlers: ``multiprocessing``'s sent its workers SIGTERM, then waited for them for ever,
    since these ignore it (inherited ignored). The run's own exit handler ends them first
    (``_abandon``: SIGKILL after ``TERMINATE_WAIT``). ``concurrent.futures`` told its workers to end."""
    started = time.monotonic()
    ran = subprocess.run([sys.executable, "-c", textwrap.dedent(_LEFT_UNFINISHED)], capture_output=True, text=True,
                         timeout=30)
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, "0\n", "")
    assert time.monotonic() - started < 20



def _dies_soon(x: int) -> int:
    time.sleep(0.2)
    os.kill(os.getpid(), signal.SIGKILL)
    return x


def _sleeps(x: int) -> int:
    time.sleep(4)
    return x


def test_runs_started_together_in_two_threads_keep_their_pipes_to_themselves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two runs started at once in two threads: a worker forked for one while the other was making its
    pipes held the other's worker's ends, and ``multiprocessing``'s pipe that says a process ended,
    until it ended itself. The other run's worker killed here was then not seen to end until the first
    run's workers did: stopping that run waited for them (up to ``TERMINATE_WAIT``; 4 rounds in 10
    here; a worker killed mid-message left its run waiting as long as the first ran). Workers are
    started one at a time now, each closing the ends of every run under way. The stopped run must end
    a second or more before the other, whose calls take 4 s (timed against each other, not the clock,
    so that a loaded machine slowing both does not fail it: 1.5 s on the clock did once)."""
    monkeypatch.setattr(process_pool, "TERMINATE_WAIT", 20.0)
    for _ in range(3):
        barrier, ended, sums = threading.Barrier(2), dict[str, float](), list[int]()
        threads = [threading.Thread(target=_dying, args=(barrier, ended)),
                   threading.Thread(target=_sleeping, args=(barrier, sums, ended))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert sums == [28] and ended["dying"] + 1.0 < ended["sleeping"]


def _dying(barrier: threading.Barrier, ended: dict[str, float]) -> None:
    """A run whose worker is killed, started with another: when it has stopped, in ``ended``."""
    barrier.wait()
    with pytest.raises(ParallelError, match=r"\(killed by SIGKILL\)"):
        list(process_pool.ordered_in_processes(_dies_soon, [(i,) for i in range(8)], 8, 8))
    ended["dying"] = time.monotonic()


def _sleeping(barrier: threading.Barrier, sums: list[int], ended: dict[str, float]) -> None:
    """A run of four seconds a call, started with another: its sum, in ``sums``, then when it ended."""
    barrier.wait()
    sums.append(sum(process_pool.ordered_in_processes(_sleeps, [(i,) for i in range(8)], 8, 8)))
    ended["sleeping"] = time.monotonic()


class _Outcome(BaseException):
    """An exception beyond ``Exception``, as a test framework's failure is."""


def _base_exception_on_two(x: int) -> int:
    if x == 2:
        raise _Outcome("outcome 2")
    return x


def test_a_worker_s_base_exception_is_raised_by_the_run_and_the_worker_prints_nothing(
        capfd: pytest.CaptureFixture[str]) -> None:
    """A call raising a ``BaseException`` that is no ``Exception`` (a test framework's failure, a
    ``KeyboardInterrupt`` of its own) ended its worker with a traceback on standard error, and the run
    with "exit code 1"; ``concurrent.futures`` raised it in the run, as this pool does now."""
    import multiprocessing

    with pytest.raises(_Outcome, match=r"^outcome 2$"):
        list(process_pool.ordered_in_processes(_base_exception_on_two, [(i,) for i in range(5)], 2, 8))
    assert not multiprocessing.active_children()
    assert capfd.readouterr() == ("", "")


_NESTED = """
from boomerang_rules.core import process_pool

def square(x):
    return x * x

def nested(x):
    return sum(process_pool.ordered_in_processes(square, [(i,) for i in range(3)], 2, 4))

try:
    print(list(process_pool.ordered_in_processes(nested, [(i,) for i in range(3)], 2, 4)))
except AssertionError as error:
    print(error)
"""


def test_a_run_asked_for_inside_a_worker_is_refused_not_waited_for() -> None:
    """A worker is forked while the lock that starts workers one at a time is held: a run asked for in
    a worker (a call that spreads its own work) waited for that lock for ever. The worker has a lock of
    its own, and ``multiprocessing`` refuses the run, as before the lock (a worker is a daemon)."""
    ran = subprocess.run([sys.executable, "-c", textwrap.dedent(_NESTED)], capture_output=True, text=True,
                         timeout=60)
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, "daemonic processes are not allowed to have children\n", "")


_STOP_CUT_SHORT = """
import os, signal, threading, time
from boomerang_rules.core import process_pool

def stubborn(x):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    time.sleep(60)
    return x

signal.signal(signal.SIGINT, signal.default_int_handler)  # a run started in the background has it ignored
process_pool.TERMINATE_WAIT = 1.0
results = process_pool.ordered_in_processes(stubborn, [(i,) for i in range(4)], 2, 4)
for delay in (0.5, 0.8):  # Ctrl-C, then Ctrl-C again while the stop waits for the workers
    threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT)).start()
try:
    next(results)
except KeyboardInterrupt:
    time.sleep(0.5)
print("ended", flush=True)
"""


def test_a_stop_cut_short_by_a_second_ctrl_c_still_lets_the_interpreter_exit() -> None:
    """A second Ctrl-C while a stopped run waited for its workers cut the stop short, the workers sent
    SIGTERM but, ignoring it, never killed: the run was forgotten, and ``multiprocessing``'s exit
    handler then waited for them for ever. The run is forgotten only once its workers have ended, so
    the run's own exit handler kills them."""
    started = time.monotonic()
    ran = subprocess.run([sys.executable, "-c", textwrap.dedent(_STOP_CUT_SHORT)], capture_output=True, text=True,
                         timeout=30)
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, "ended\n", "")
    assert time.monotonic() - started < 20
