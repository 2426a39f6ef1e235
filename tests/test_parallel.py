"""core.parallel: games spread over processes or Ray tasks give the output of one process, in game order,
and a Ray worker killed mid-run has its games played again, not lost, standard output untouched by
Ray's messages; a local Ray instance listens on the loopback address only."""

from __future__ import annotations

import contextlib
import ipaddress
import os
import signal
import socket
import subprocess
import sys
import time
import types
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from boomerang_rules.cli import cli
from boomerang_rules.core import parallel, process_pool, simulation, tournament
from boomerang_rules.core.arguments import brief
from boomerang_rules.core.loading import load_rules

GAMES = ("standard", "sea-salt-paper", "boomerang-2010")


def _square(x: int) -> int:
    return x * x


def test_ordered_map_keeps_the_order_of_the_calls_here_and_in_processes() -> None:
    calls = [(i,) for i in range(7)]
    assert list(parallel.ordered_map(_square, calls)) == [i * i for i in range(7)]
    assert list(parallel.ordered_map(_square, calls, jobs=2)) == [i * i for i in range(7)]


@pytest.mark.parametrize("jobs", [0, -3])
def test_ordered_map_refuses_fewer_than_one_job(jobs: int) -> None:
    """``jobs=0`` ran every call here as if it were 1, silently (the CLI checks ``--jobs``; the function did not)."""
    with pytest.raises(ValueError, match=f"jobs must be a number of processes, at least 1, not {jobs}"):
        parallel.ordered_map(_square, [(1,)], jobs=jobs)
    with pytest.raises(TypeError, match="jobs must be a number of processes"):
        parallel.ordered_map(_square, [(1,)], jobs=1.5)  # type: ignore[arg-type]


def test_ordered_map_refuses_a_huge_negative_jobs_in_its_own_words() -> None:
    """``jobs=-10**5000`` printed in the message raised Python's own ``ValueError`` about
    ``sys.set_int_max_str_digits`` instead: the number is quoted as ``brief`` quotes any."""
    with pytest.raises(ValueError, match=r"^jobs must be a number of processes, at least 1, not <int>$"):
        parallel.ordered_map(_square, [(1,)], jobs=-10**5000)


def test_the_process_pool_is_shut_down_with_the_last_result() -> None:
    """``simulate`` and ``tournament`` read the results as ``zip(chunks, ordered_map(...))``, which never asks
    for more once the chunks are done: the pool must be shut down (its workers joined) by the time the last
    result is handed out. It was left to the generator's closing, which took the path of an interruption
    (workers terminated, no wait), and the exit then raced the pool's own thread: now and then
    "OSError: [Errno 9] Bad file descriptor" on standard error after a tournament --jobs 2."""
    import multiprocessing

    calls = [(i,) for i in range(5)]
    results = parallel.ordered_map(_square, calls, jobs=2)
    assert [x for _, x in zip(calls, results)] == [i * i for i in range(5)]
    assert not multiprocessing.active_children()  # the generator (held here) not closed, its workers gone
    assert list(results) == []
    results = parallel.ordered_map(_square, calls, jobs=2)
    assert next(results) == 0
    assert isinstance(results, types.GeneratorType)
    results.close()  # a consumer stopping early: the workers are ended, as before
    # Polled until gone: the pool's own thread reaps them too, and a child another thread is reaping
    # reads as alive to ``is_alive`` for that moment (its ``waitpid`` fails and answers "not yet").
    deadline = time.monotonic() + 30
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not multiprocessing.active_children()


_STOPPED_EARLY = """
import multiprocessing, time
from boomerang_rules.core import parallel

def slow(x, payload):
    time.sleep(0.5)
    return x

results = parallel.ordered_map(slow, [(i, b"x" * 200_000) for i in range(40)], jobs=4)
next(results)
# A process forked meanwhile (as a test suite or a user's program forks) holds the far end of the pool's pipes.
multiprocessing.get_context("fork").Process(target=time.sleep, args=(300,), daemon=True).start()
results.close()
print("stopped")
"""


def test_a_run_stopped_early_lets_the_interpreter_exit() -> None:
    """A ``--jobs`` run stopped early (Ctrl-C, an error, the consumer stopping) must not leave the
    interpreter's exit waiting: CI hung once after every test had passed, the exit joining the pool's
    thread, which waited on its feeding thread, stuck writing a chunk to a pipe its killed workers no
    longer read and a later fork still held open. Without the fix this script hung every time."""
    ran = subprocess.run([sys.executable, "-c", _STOPPED_EARLY], capture_output=True, text=True, timeout=60)
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, "stopped\n", "")


def _stubborn(x: int) -> int:
    """A call whose worker shrugs SIGTERM off (as a handler inherited through the fork could) and lasts."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if x:
        time.sleep(60)
    return x


def test_a_worker_that_ignores_sigterm_is_killed_when_the_run_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopping a run ends its workers; one that ignores SIGTERM is killed after ``TERMINATE_WAIT``, not
    waited for (the stop, and the interpreter's exit after it, would otherwise wait as long as it runs)."""
    import multiprocessing

    monkeypatch.setattr(process_pool, "TERMINATE_WAIT", 0.2)
    results = parallel.ordered_map(_stubborn, [(i,) for i in range(6)], jobs=2)
    assert next(results) == 0
    time.sleep(0.5)  # the workers now hold calls that ignore SIGTERM
    assert isinstance(results, types.GeneratorType)
    started = time.monotonic()
    results.close()
    assert time.monotonic() - started < 20
    assert not multiprocessing.active_children()


def test_no_more_processes_than_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--jobs`` far above the work (``simulate --games 2 --jobs 1000000``) starts one process a
    call: the pool was made with ``jobs`` workers, every one forked at once on Linux, until the
    machine ran out (the command hung, then died)."""
    made: list[int] = []
    real = process_pool.ordered_in_processes

    def counted(function: Any, calls: Any, workers: int, window: int) -> Any:
        made.append(workers)
        return real(function, calls, min(workers, 2), window)  # never a million, even on main

    monkeypatch.setattr(parallel, "ordered_in_processes", counted)
    calls = [(i,) for i in range(3)]
    assert list(parallel.ordered_map(_square, calls, jobs=1_000_000)) == [0, 1, 4]
    assert made == [3]


def test_the_processes_started_are_bounded_by_the_cpus_whatever_jobs_asks() -> None:
    """``simulate --games 100000 --jobs 100000`` asked for 100,000 processes (one a chunk of one
    game): they are at most ``PROCESSES_PER_CPU`` a CPU, and no more than the chunks."""
    from boomerang_rules.core.limits import PROCESSES_PER_CPU

    assert PROCESSES_PER_CPU == 4
    assert parallel.processes(100_000, 100_000, cpus=2) == 8
    assert parallel.processes(100_000, 100_000, cpus=64) == 256
    assert parallel.processes(3, 100_000, cpus=2) == 3 and parallel.processes(100, 5, cpus=2) == 5
    assert parallel.processes(1, 0, cpus=2) == 1
    assert parallel.processes(100_000, 100_000) == PROCESSES_PER_CPU * (os.cpu_count() or 1)


def test_the_pool_and_a_local_ray_instance_get_the_bounded_count(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    real = process_pool.ordered_in_processes

    def counted(function: Any, calls: Any, workers: int, window: int) -> Any:
        made.append(workers)
        return real(function, calls, min(workers, 2), window)  # never more, even on main

    monkeypatch.setattr(parallel, "ordered_in_processes", counted)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    calls = [(i,) for i in range(10)]
    assert list(parallel.ordered_map(_square, calls, jobs=1024)) == [i * i for i in range(10)]
    assert made == [4]
    started: list[int | None] = []
    monkeypatch.setattr(parallel, "_init_local", lambda ray, cpus: started.append(cpus))
    monkeypatch.setattr(parallel, "_import_ray", lambda: _FakeRay())
    assert list(parallel.ordered_map(_square, calls, jobs=1024, ray=parallel.LOCAL)) == [i * i for i in range(10)]
    assert started == [4]


class _FakeRay:
    """What ``_ray_map`` asks of Ray, run here: enough to see the CPUs a local instance is given."""

    class exceptions:  # Ray's name
        RayTaskError = RayError = type("RayError", (Exception,), {})

    def is_initialized(self) -> bool:
        return False

    def remote(self, **options: Any) -> Any:
        return lambda function: types.SimpleNamespace(remote=lambda *args: function(*args))

    def get(self, ref: Any) -> Any:
        return ref

    def shutdown(self) -> None:
        pass


def test_ctrl_c_while_a_local_ray_instance_starts_is_raised_once_it_can_be_shut_down(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in the seconds ``ray.init`` takes to start a local instance was raised inside it, before
    ``_ray_map``'s ``try``: nothing shut the half-made instance down, and its raylet's agents
    (``ray::DashboardAgent``, ``ray::RuntimeEnvAgent``) were left running for good after
    ``tournament --ray`` ended (interrupted 4 to 5 s after it began). Now it is held back until the
    instance is started, then raised, and the instance shut down; Ctrl-C's handler is put back."""
    events: list[str] = []

    class Starting(_FakeRay):
        def shutdown(self) -> None:
            events.append("shut down")

    def init_local(ray: Any, cpus: int | None) -> None:
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, mid-start
        events.append("started")

    monkeypatch.setattr(parallel, "_init_local", init_local)
    monkeypatch.setattr(parallel, "_import_ray", lambda: Starting())
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        list(parallel.ordered_map(_square, [(1,), (2,)], ray=parallel.LOCAL))
    assert events == ["started", "shut down"]
    assert signal.getsignal(signal.SIGINT) is before


@pytest.mark.parametrize("command", [["simulate", "--players", "3"], ["tournament", "--players", "3"]])
def test_jobs_past_the_limit_is_a_usage_error(command: list[str]) -> None:
    """``tournament --jobs 100000`` ended in a ValueError's traceback (exit 1); ``simulate``
    took it. Both refuse it as a usage error naming the limit, before playing (exit 2)."""
    from boomerang_rules.core.limits import MAX_JOBS

    for jobs, code in ((MAX_JOBS + 1, 2), (100_000, 2)):
        result = CliRunner().invoke(cli, [*command, "--games", "1", "--jobs", str(jobs)])
        assert result.exit_code == code and f"{jobs} is not in the range 1<=x<={MAX_JOBS}" in result.stderr, (
            result.output)
    with pytest.raises(ValueError, match=f"^jobs must be a number of processes from 1 to {MAX_JOBS}, not 100000$"):
        list(simulation.simulate(load_rules(), ["random"] * 3, ["a", "b", "c"], 0, 1, True, jobs=100_000))
    with pytest.raises(ValueError, match=f"^jobs must be a number of processes from 1 to {MAX_JOBS}, not 100000$"):
        tournament.run(load_rules(), ["random"] * 3, 1, jobs=100_000)


@pytest.mark.parametrize("command", [["simulate", "--players", "3"], ["tournament", "--players", "3"],
                                     ["check-scorer"]])
def test_games_past_the_limit_is_a_usage_error(command: list[str]) -> None:
    """``tournament --games 99999999999999999999`` ended in a ValueError's traceback and ``simulate``
    in an OverflowError's (exit 1); ``check-scorer`` generated games until memory ran out. Past
    ``MAX_GAMES`` (what ``core.tournament.run`` took already) each is a usage error (exit 2)."""
    from boomerang_rules.core.limits import MAX_GAMES

    tail = ["--", "true"] if command == ["check-scorer"] else []
    for games in (MAX_GAMES + 1, 10**20):
        result = CliRunner().invoke(cli, [*command, "--games", str(games), *tail])
        assert result.exit_code == 2 and f"{games} is not in the range 1<=x<={MAX_GAMES}" in result.stderr, (
            result.output)
    with pytest.raises(ValueError, match=f"^games must be a number of games from 0 to {MAX_GAMES}, not "):
        list(simulation.simulate(load_rules(), ["random"] * 3, ["a", "b", "c"], 0, 10**20, True))


class _Enough(Exception):
    pass


def _stop(done: int) -> None:
    raise _Enough


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_huge_run_holds_no_more_in_memory_than_a_small_one(jobs: int) -> None:
    """``simulate --games 2147483648`` was killed for its memory before its first record: every
    chunk (a list a game) and every call was made first; ``tournament`` made a tuple a game too,
    and the process pool a future a chunk (``pool.map``). Chunks and calls are made as they are
    played now (``parallel.Lazy``), and a few a process submitted ahead."""
    import tracemalloc

    rules = load_rules()
    tracemalloc.start()
    try:
        texts = simulation.simulate(rules, ["random"] * 3, ["a", "b", "c"], 0, 1_000_000, True, jobs=jobs)
        first = next(texts)
        assert isinstance(texts, types.GeneratorType)
        texts.close()
        with pytest.raises(_Enough):
            tournament.run(rules, ["random"] * 3, 1_000_000, jobs=jobs, progress=_stop)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert first.startswith('{"format":"boomerang-rules/game-record"')
    assert peak < 20_000_000, peak  # a million games' chunks and calls: hundreds of megabytes
    chunks = parallel.chunks_of(range(10**12), 50)
    assert len(chunks) == 2 * 10**10 and chunks[-1] == list(range(10**12 - 50, 10**12))
    assert chunks[1:3] == [list(range(50, 100)), list(range(100, 150))]
    with pytest.raises(IndexError):
        chunks[2 * 10**10]


def _reachable(root: object) -> tuple[int, int]:
    """What ``root`` holds, itself included, following ``gc.get_referents`` (types left out): how
    many objects other than numbers, and the most bits of any whole number among them."""
    import gc

    seen: set[int] = set()
    todo = [root]
    objects = bits = 0
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen.add(id(item))
        if isinstance(item, int):
            bits = max(bits, item.bit_length())
        else:
            objects += 1
        todo.extend(gc.get_referents(item))
    return objects, bits


def _results(count: int, players: int, rows: int, seed: int) -> list[tournament.GameResult]:
    """Made-up game results: row totals up to a few hundred (the last their sum), 1 to ``players``
    winners (ties of every size, shares of 1/3 among them)."""
    import random

    rng = random.Random(seed)
    out: list[tournament.GameResult] = []
    for _ in range(count):
        seats = []
        for _ in range(players):
            parts = [rng.randrange(0, 90) for _ in range(rows - 1)]
            seats.append((*parts, sum(parts)))
        won = tuple(sorted(rng.sample(range(players), min(players, rng.choice([1, 1, 1, 2, 3, players])))))
        out.append((tuple(seats), won))
    return out


def _statistics_figures(results: list[tournament.GameResult], seat: int, total: int) -> tuple[Any, ...]:
    """A seat's figures as ``Tournament.seats`` computed them from every game's result (before the fold)."""
    import statistics

    totals = [rows[seat][total] for rows, _ in results]
    share = sum(1 / len(w) for _, w in results if seat in w)
    means = [statistics.fmean(rows[seat][i] for rows, _ in results) for i in range(len(results[0][0][0]))]
    return (statistics.fmean(totals), statistics.pstdev(totals), means, share / len(results),
            sum(1 for _, w in results if w == (seat,)))


@pytest.mark.parametrize(("players", "rows"), [(2, 7), (3, 2), (5, 5)])
def test_the_tournament_fold_gives_the_figures_of_every_result(players: int, rows: int) -> None:
    """``Tally`` folds the results one by one: the means and standard deviations are those
    ``statistics.fmean`` and ``pstdev`` give over every result, bit for bit; the win share the sum of
    1/k over the games won with k winners (exact, where a sum of floats rounded at each step, so to a
    rounding), the outright wins those won alone."""
    names = tuple(f"row{i}" for i in range(rows - 1)) + ("total",)
    for count, seed in ((1, 1), (7, 2), (400, 3)):
        results = _results(count, players, rows, seed)
        tally = tournament.Tally.of(results, players, rows, rows - 1)
        for seat in range(players):
            mean, stdev, means, win_rate, outright = _statistics_figures(results, seat, rows - 1)
            summary = tally.summary(seat, "bot", names)
            assert (summary.mean_total, summary.stdev_total, list(summary.row_means.values()), summary.outright_wins
                    ) == (mean, stdev, means, outright)
            assert summary.win_rate == pytest.approx(win_rate, rel=1e-15)


def test_the_tournament_fold_holds_as_much_after_many_games_as_after_few() -> None:
    """A tournament held every game's result until the end (200,000 random games: 83 MiB more than
    2,000); its fold holds per entry a sum a row, a sum of squares and a count per number of winners:
    the same lists, however many games, and numbers of a few more bits."""
    results = _results(3000, 4, 7, 5)
    tally = tournament.Tally.empty(4, 7, 6)
    for result in results[:10]:
        tally.add(result)
    few, _ = _reachable(tally)
    for result in results[10:]:
        tally.add(result)
    many, bits = _reachable(tally)
    assert many == few and bits < 32  # numbers: a sum of squares grows by a bit as the games double
    assert [len(sums) for sums in tally.row_sums] == [7] * 4 and len(tally.total_squares) == 4
    assert [len(wins) for wins in tally.wins] == [4] * 4 and tally.games == 3000


def test_a_tournament_keeps_every_result_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run`` folds the figures as the chunks come in and keeps no result unless ``keep_results``;
    the figures are the same either way, and those of a ``Tournament`` made from the results."""
    rules = load_rules("sea-salt-paper")
    names = ["greedy", "random", "random"]
    folded = tournament.run(rules, names, 30, seed=6, rotate=True, jobs=2)
    kept = tournament.run(rules, names, 30, seed=6, rotate=True, keep_results=True)
    assert folded.results == () and len(kept.results) == 30
    assert folded.seats() == kept.seats() and folded.as_dict() == kept.as_dict()
    remade = tournament.Tournament(kept.games, kept.seed, kept.rules, kept.bots, kept.rows, kept.results, True)
    assert remade.tally == folded.tally and remade.as_dict() == folded.as_dict()


@pytest.mark.parametrize("rules_id", GAMES)
def test_tournament_prints_the_same_bytes_in_processes(rules_id: str) -> None:
    """The command's text and JSON with ``--jobs 2`` are those of ``--jobs 1``, folded in game order."""
    runner = CliRunner()
    args = ["tournament", "--rules", rules_id, "--players", "3", "--bots", "greedy,random,random",
            "--games", "40", "--seed", "9", "--rotate", "--quiet"]
    for extra in ([], ["--json"]):
        one = runner.invoke(cli, [*args, *extra, "--jobs", "1"])
        two = runner.invoke(cli, [*args, *extra, "--jobs", "2"])
        assert one.exit_code == two.exit_code == 0, one.output
        assert two.stdout_bytes == one.stdout_bytes


def test_chunks_cover_every_item_once_in_order() -> None:
    items = list(range(103))
    for workers in (1, 2, 3, 8):
        size = parallel.chunk_size(len(items), workers)
        assert 1 <= size <= 50
        assert [x for chunk in parallel.chunks_of(items, size) for x in chunk] == items


@pytest.mark.parametrize("rules_id", GAMES)
def test_simulate_in_processes_writes_the_same_text(rules_id: str) -> None:
    rules = load_rules(rules_id)
    names = ["greedy", "random", "random"]
    seats = [f"{n} {i}" for i, n in enumerate(names)]
    one = list(simulation.simulate(rules, names, seats, 11, 5, True))
    two = list(simulation.simulate(rules, names, seats, 11, 5, True, jobs=2))
    assert one == two and len(one) == 5


def test_ray_missing_or_out_of_reach_is_a_clear_usage_error(tmp_path: Any) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["tournament", "--games", "2", "--ray", "127.0.0.1:1"])
    assert result.exit_code == 2
    assert "127.0.0.1:1" in result.output
    assert "Traceback" not in result.output


class _WindowRay:
    """Ray as ``ordered_map`` uses it, running each task when its result is asked for, and counting the
    tasks in flight (submitted, their result not yet taken) at every submission."""

    class exceptions:  # Ray's own name
        class RayError(Exception):
            pass

        class RayTaskError(RayError):
            pass

    def __init__(self, cpus: int) -> None:
        self.cpus = cpus
        self.submitted: list[tuple[Any, ...]] = []
        self.taken = 0
        self.in_flight: list[int] = []
        self.options: dict[str, Any] = {}

    def is_initialized(self) -> bool:
        return True  # an instance already running: nothing started or shut down

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": float(self.cpus), "memory": 1e9}

    def remote(self, **options: Any) -> Any:
        self.options = options
        fake = self

        def wrap(function: Any) -> Any:
            class Task:
                @staticmethod
                def remote(*args: Any) -> tuple[Any, tuple[Any, ...]]:
                    fake.submitted.append(args)
                    fake.in_flight.append(len(fake.submitted) - fake.taken)
                    return function, args

            return Task

        return wrap

    def get(self, ref: tuple[Any, tuple[Any, ...]]) -> Any:
        function, args = ref
        self.taken += 1
        return function(*args)


@pytest.mark.parametrize("cpus", [1, 2, 5])
def test_ray_gets_a_bounded_window_of_tasks_in_flight(monkeypatch: pytest.MonkeyPatch, cpus: int) -> None:
    """Every task was submitted at once (a million games: 20,000 tasks, their results held in the
    object store till the last was taken); now ``AHEAD`` a cluster CPU, one more as each result is
    taken, the results still in call order."""
    fake = _WindowRay(cpus)
    monkeypatch.setattr(parallel, "_import_ray", lambda: fake)
    window = parallel.AHEAD * cpus
    assert parallel.ray_window(fake) == window
    calls = parallel.Lazy(1000, lambda i: (i,))
    results = parallel.ordered_map(_square, calls, ray="127.0.0.1:1")
    assert next(results) == 0
    assert len(fake.submitted) == window + 1  # the window, and one for the result taken
    assert list(results) == [i * i for i in range(1, 1000)]
    assert len(fake.submitted) == 1000 and fake.submitted == [(i,) for i in range(1000)]
    assert max(fake.in_flight) == window
    assert fake.options == {"max_retries": parallel.RETRIES, "retry_exceptions": False}


def test_tournament_and_simulate_keep_the_ray_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through ``tournament.run`` and ``simulation.simulate``: the same figures and texts as one
    process, never more than the window in flight."""
    rules = load_rules()
    fake = _WindowRay(1)
    monkeypatch.setattr(parallel, "_import_ray", lambda: fake)
    names = ["random", "greedy", "random"]
    spread = tournament.run(rules, names, 300, seed=2, rotate=True, ray="127.0.0.1:1", keep_results=True)
    assert len(fake.submitted) > parallel.AHEAD  # more chunks than the window
    assert max(fake.in_flight) == parallel.AHEAD
    assert spread == tournament.run(rules, names, 300, seed=2, rotate=True, keep_results=True)
    fake.submitted, fake.in_flight, fake.taken = [], [], 0
    texts = list(simulation.simulate(rules, names, ["a", "b", "c"], 5, 60, True, ray="127.0.0.1:1"))
    assert len(fake.submitted) > parallel.AHEAD and max(fake.in_flight) == parallel.AHEAD
    assert texts == list(simulation.simulate(rules, names, ["a", "b", "c"], 5, 60, True))


def test_a_cluster_that_cannot_say_its_cpus_gets_one_cpu_s_window() -> None:
    class Silent:
        def cluster_resources(self) -> dict[str, float]:
            raise ConnectionError("gone")

    class NoCpus:
        def cluster_resources(self) -> dict[str, float]:
            return {}

    assert parallel.ray_window(Silent()) == parallel.ray_window(NoCpus()) == parallel.AHEAD


ray = pytest.importorskip("ray", reason="the extra ray is not installed (.ci/run installs it)")


@pytest.mark.parametrize("address", [":6379", "127.0.0.1:-5", "127.0.0.1:", "127.0.0.1:70000", "ray://:10001", "", " "])
def test_a_ray_address_with_no_host_or_port_is_a_clear_usage_error(address: str) -> None:
    """``HOST:PORT`` with no host, or a port that is no port number, is refused before Ray sees it: ``:6379``
    printed Ray's own logged traceback before the message, ``127.0.0.1:-5`` waited for ever for a cluster;
    an empty address (``--ray ""``) was "cannot start the Ray cluster at '': ValueError: Invalid address format"."""
    out = subprocess.run([sys.executable, "-m", "boomerang_rules", "tournament", "--games", "2", "--bots", "random",
                          "--ray", address], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr == (f"boomerang-rules: {address!r} is no Ray cluster's address "
                          "(auto, HOST:PORT or ray://HOST:PORT)\n")


@pytest.mark.parametrize("address", ["127.0.0.1:" + "9" * 5000, "h" * 64 + ":6379", "a..b:6379", "ho\udcffst:6379"],
                         ids=["port-too-long-to-read", "label-too-long", "empty-label", "not-utf-8"])
def test_a_ray_address_no_host_name_can_have_is_a_clear_usage_error(address: str) -> None:
    """A port of more digits than ``int()`` reads, a host with a label of more than 63 characters, an
    empty one or a byte no encoding decodes ended in a ValueError's or a UnicodeError's traceback
    (exit 1) from the probe that refuses an unreachable address: now its usage error, the address cut."""
    out = subprocess.run([sys.executable, "-m", "boomerang_rules", "tournament", "--games", "2", "--bots", "random",
                          "--ray", address], capture_output=True, text=True, timeout=60)
    assert (out.returncode, out.stdout) == (2, ""), out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr) < 1000
    assert "is no Ray cluster's address (auto, HOST:PORT or ray://HOST:PORT)" in out.stderr


def test_an_address_that_answers_but_is_no_ray_cluster_is_refused_not_waited_on() -> None:
    """A port that accepts connections but is no Ray cluster's passed the reachability probe, then
    ``ray.init`` tried for some fourteen minutes (20 attempts of 40 s), printing Ray's warnings: now
    the cluster's GCS is asked for its id first, and the command ends with its usage error."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    address = f"127.0.0.1:{listener.getsockname()[1]}"
    try:
        started = time.monotonic()
        out = subprocess.run([sys.executable, "-m", "boomerang_rules", "simulate", "--games", "2", "--ray", address],
                             capture_output=True, text=True, timeout=120)
        took = time.monotonic() - started
    finally:
        listener.close()
    assert (out.returncode, out.stdout) == (2, ""), out.stderr
    assert out.stderr.splitlines()[-1].startswith(f"boomerang-rules: cannot connect to the Ray cluster at '{address}' "
                                                  "(its GCS at ")
    assert "Traceback" not in out.stderr and took < 60


def test_a_cluster_ray_refuses_is_one_it_cannot_connect_to_the_address_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """An address Ray's ``init`` refuses (``auto`` with no cluster running, a cluster asking a token) is
    one the driver cannot connect to, not one it "cannot start": nothing is started at an address. The
    address is quoted cut short, as every message quotes a value."""
    class Refusing:
        def init(self, **options: object) -> None:
            raise ConnectionError("Could not find any running Ray instance.")

    address = "auto" + "x" * 200
    with pytest.raises(parallel.ParallelError) as error:
        parallel._start(Refusing(), address, 1)
    assert str(error.value) == (f"cannot connect to the Ray cluster at {brief(address)}: ConnectionError: "
                                "Could not find any running Ray instance.")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One local Ray instance for the module (on loopback, as ``--ray`` starts one), shut down after it."""
    parallel.init_local_ray(2)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.parametrize("rules_id", GAMES)
def test_a_ray_tournament_equals_one_process(local_ray: None, rules_id: str) -> None:
    rules = load_rules(rules_id)
    names = ["greedy", "random", "random"]
    one = tournament.run(rules, names, 9, seed=4, rotate=True)
    spread = tournament.run(rules, names, 9, seed=4, rotate=True, ray=parallel.LOCAL)
    assert spread == one


@pytest.mark.parametrize("rules_id", GAMES)
def test_ray_simulate_writes_the_same_bytes_through_the_command(local_ray: None, tmp_path: Any, rules_id: str) -> None:
    runner = CliRunner()
    one, spread = tmp_path / "one.jsonl", tmp_path / "ray.jsonl"
    args = ["simulate", "--rules", rules_id, "--players", "3", "--games", "6", "--seed", "3"]
    assert runner.invoke(cli, [*args, "--out", str(one)]).exit_code == 0
    result = runner.invoke(cli, [*args, "--ray", "--out", str(spread)])
    assert result.exit_code == 0, result.output
    assert spread.read_bytes() == one.read_bytes()


@pytest.mark.parametrize("rules_id", GAMES)
def test_ray_tournament_prints_the_same_bytes_as_one_job(local_ray: None, rules_id: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's own output, text and JSON, not only the figures ``tournament.run`` returns."""
    spread_over_ray = []
    ray_map = parallel._ray_map

    def counted(*args: Any) -> Any:
        spread_over_ray.append(args[2])
        return ray_map(*args)

    monkeypatch.setattr(parallel, "_ray_map", counted)
    runner = CliRunner()
    args = ["tournament", "--rules", rules_id, "--players", "3", "--bots", "greedy,random,random",
            "--games", "6", "--seed", "5", "--rotate", "--quiet"]
    for extra in ([], ["--json"]):
        one = runner.invoke(cli, [*args, *extra, "--jobs", "1"])
        spread = runner.invoke(cli, [*args, *extra, "--ray"])
        assert one.exit_code == 0, one.output
        assert spread.exit_code == 0, spread.output
        assert spread.stdout_bytes == one.stdout_bytes
    assert spread_over_ray == [parallel.LOCAL, parallel.LOCAL]  # --ray went through Ray, --jobs 1 did not


def test_a_local_ray_run_keeps_its_window_of_tasks(local_ray: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a real local instance (2 CPUs): the submissions counted as Ray's tasks are made, against
    the results taken; never more than ``ray_window`` in flight, the figures those of one process."""
    counts = {"submitted": 0, "taken": 0, "most": 0}
    real_remote, real_get = ray.remote, ray.get

    def remote(**options: Any) -> Any:
        make = real_remote(**options)

        def wrap(function: Any) -> Any:
            task = make(function)

            class Counted:
                @staticmethod
                def remote(*args: Any) -> Any:
                    counts["submitted"] += 1
                    counts["most"] = max(counts["most"], counts["submitted"] - counts["taken"])
                    return task.remote(*args)

            return Counted

        return wrap

    def get(ref: Any) -> Any:
        counts["taken"] += 1
        return real_get(ref)

    monkeypatch.setattr(ray, "remote", remote)
    monkeypatch.setattr(ray, "get", get)
    window = parallel.ray_window(ray)
    assert window == parallel.AHEAD * 2
    rules = load_rules()
    spread = tournament.run(rules, ["random"] * 3, 1200, seed=8, ray=parallel.LOCAL)
    assert counts["submitted"] == 24 and counts["taken"] == 24  # 1,200 games in chunks of 50
    assert counts["most"] == window
    monkeypatch.undo()
    assert spread == tournament.run(rules, ["random"] * 3, 1200, seed=8)


def _busy_workers(task: str, parent: int) -> list[int]:
    """The pids of the Ray workers under process ``parent`` running ``task`` now (a busy worker's
    title is ``ray::<function>``)."""
    import psutil

    pids = []
    for proc in psutil.Process(parent).children(recursive=True):
        try:
            line = " ".join(proc.cmdline())
        except psutil.Error:  # gone meanwhile
            continue
        if line.startswith(f"ray::{task}"):
            pids.append(proc.pid)
    return pids


KILLED_RUNS = {  # the command, and the function its Ray tasks run; each game in one of them
    "tournament": ("_play_chunk", ["tournament", "--rules", "boomerang-2010", "--players", "3", "--bots",
                   "ismcts:20,greedy,random", "--games", "16", "--seed", "2", "--json"]),
    "simulate": ("record_texts", ["simulate", "--rules", "sea-salt-paper", "--players", "2", "--bots",
                 "ismcts:20,greedy", "--games", "16", "--seed", "2"]),
    # 12 chunks of 50 games, more than the window of 8 in flight (4 a CPU of the 2): the chunks past the
    # window are submitted as results come back, while the killed one is run again.
    "tournament past the window": ("_play_chunk", ["tournament", "--rules", "standard", "--players", "2", "--bots",
                                   "ismcts:2,greedy", "--games", "600", "--seed", "2", "--json"]),
}


@pytest.mark.parametrize("command", sorted(KILLED_RUNS))
def test_a_killed_worker_has_its_games_played_again(command: str) -> None:
    """The command with ``--ray --jobs 2`` in a child process (its own local Ray instance), one worker
    killed mid-chunk: its chunk is played again and standard output is, byte for byte, that of
    ``--jobs 1``. Ray tells of the death ("(raylet) A worker died or was killed ... Worker PID: N",
    "(raylet) Task <function> failed. There are 5 retries remaining ...") on the driver, which
    printed it to standard output; now on standard error."""
    pytest.importorskip("psutil", reason="psutil (which ray brings) finds the workers")
    task, command_line = KILLED_RUNS[command]
    args = [sys.executable, "-m", "boomerang_rules", *command_line]
    one = subprocess.run([*args, "--jobs", "1"], capture_output=True, timeout=300, check=False)
    assert one.returncode == 0, one.stderr.decode(errors="replace")
    spread = subprocess.Popen([*args, "--ray", "--jobs", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        killed = None
        deadline = time.monotonic() + 120
        while killed is None and spread.poll() is None and time.monotonic() < deadline:
            busy = _busy_workers(task, spread.pid)
            if busy:
                killed = busy[0]
                os.kill(killed, signal.SIGKILL)
            else:
                time.sleep(0.05)
        out, err = spread.communicate(timeout=300)
    finally:
        if spread.poll() is None:
            spread.kill()
            spread.communicate()
    assert killed is not None, "no worker was seen running a chunk"
    assert spread.returncode == 0, err.decode(errors="replace")
    assert out == one.stdout
    assert f"Worker PID: {killed}".encode() in err  # Ray did report the death: on standard error


def test_ray_messages_go_to_standard_error_inside_the_block_only(local_ray: None,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Ray's driver prints the raylet's messages (``is_err`` false) to standard output; inside
    ``_ray_messages_to_stderr`` (nested too) they go to standard error, and after it as before."""
    from ray._private import worker

    def say(line: str) -> None:
        worker.print_to_stdstream({"lines": [line], "pid": "raylet", "is_err": False}, ignore_prefix=False)

    original = worker.print_worker_logs
    with parallel._ray_messages_to_stderr():
        say("first message")
        with parallel._ray_messages_to_stderr():
            say("second message")
        say("third message")
    assert worker.print_worker_logs is original
    captured = capsys.readouterr()
    assert captured.out == ""
    assert all(f"{n} message" in captured.err for n in ("first", "second", "third"))
    say("fourth message")
    captured = capsys.readouterr()
    assert "fourth message" in captured.out and "fourth message" not in captured.err


def test_a_wrapper_put_over_the_redirection_is_left_and_never_loops(local_ray: None,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Another tool wrapping Ray's ``print_worker_logs`` inside the block (so over the replacement)
    keeps its wrapper after it; the next block writes through Ray's own function, not the wrapper
    (which would call the replacement again, without end)."""
    from ray._private import worker as ray_worker

    worker: Any = ray_worker  # its function replaced by hand
    original = worker.print_worker_logs
    seen: list[str] = []
    try:
        with parallel._ray_messages_to_stderr():
            inner = worker.print_worker_logs

            def wrapper(data: Any, sink: Any, *rest: Any, **options: Any) -> Any:
                seen.extend(data["lines"])
                return inner(data, sink, *rest, **options)

            worker.print_worker_logs = wrapper
        assert worker.print_worker_logs is wrapper  # left as the other tool put it
        with parallel._ray_messages_to_stderr():
            worker.print_worker_logs({"lines": ["fifth message"], "pid": "raylet", "is_err": False}, sys.stdout)
        assert worker.print_worker_logs is wrapper
        assert "fifth message" in capsys.readouterr().err and seen == []
    finally:
        worker.print_worker_logs = original


def test_the_local_instance_starts_where_ray_address_names_a_cluster() -> None:
    """``init_local_ray`` starts a local instance even where ``RAY_ADDRESS`` names a cluster (which
    ``ray.init`` would try to reach: no answer from a closed port, for minutes)."""
    code = ("import ray; from boomerang_rules.core import parallel; parallel.init_local_ray(1); "
            "print(ray.util.get_node_ip_address()); ray.shutdown()")
    env = {**os.environ, "RAY_ADDRESS": "127.0.0.1:9"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split()[-1] == "127.0.0.1"


def _listening(pid: int) -> list[tuple[str, str, int]]:
    """(process name, address, port) of each TCP socket listening, or UDP socket bound, in process
    ``pid`` and all its descendants."""
    import psutil

    found = []
    parent = psutil.Process(pid)
    for proc in [parent, *parent.children(recursive=True)]:
        try:
            name = proc.name()
            conns = proc.net_connections("inet") if hasattr(proc, "net_connections") else proc.connections("inet")
        except psutil.Error:  # gone meanwhile
            continue
        for conn in conns:
            if conn.type == socket.SOCK_DGRAM or conn.status == psutil.CONN_LISTEN:
                found.append((name, conn.laddr.ip, conn.laddr.port))
    return found


def _loopback(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # a dual-stack socket bound to ::ffff:127.0.0.1
    return ip.is_loopback


def test_the_local_ray_instance_listens_on_the_loopback_address_only(local_ray: None) -> None:
    """Every socket that the local instance (``init_local_ray``, as ``--ray`` with no address
    starts) and its workers listen on: the GCS server, the raylet, the runtime-env agent, the
    workers, the driver. Ray would otherwise bind them to every address (0.0.0.0)."""
    pytest.importorskip("psutil", reason="psutil (which ray brings) lists the sockets")
    spread = tournament.run(load_rules("standard"), ["greedy", "random"], 4, seed=1, ray=parallel.LOCAL)
    assert spread == tournament.run(load_rules("standard"), ["greedy", "random"], 4, seed=1)  # workers up
    sockets = _listening(os.getpid())
    names = {name for name, _, _ in sockets}
    assert {"gcs_server", "raylet"} <= names, sockets  # the listing sees Ray's processes
    assert [s for s in sockets if not _loopback(s[1])] == []
    assert ray.util.get_node_ip_address() == "127.0.0.1"


_PARENT_KILLED = """
import sys, time
from boomerang_rules.core import parallel, process_pool

if sys.argv[1:] == ["untold"]:  # as where the kernel cannot be asked (not Linux): the workers see their pipes end
    process_pool._worker_start = lambda parent: None

def slow(x):
    time.sleep(0.2)
    return x

results = parallel.ordered_map(slow, [(i,) for i in range(400)], jobs=2)
next(results)
import multiprocessing
print(" ".join(str(p.pid) for p in multiprocessing.active_children()), flush=True)
time.sleep(300)
"""


def _signals_at_their_defaults() -> None:
    """A child's first act (``preexec_fn``): SIGTERM and SIGHUP at their defaults, as a command started
    from a terminal has them, whatever this run inherited (CI runs under ``nohup``, which ignores
    SIGHUP, and a command keeps a signal ignored at its start ignored)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def _gone(pids: list[int], seconds: float) -> bool:
    """Whether every process of ``pids`` has ended (or is a zombie) within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = []
        for pid in pids:
            try:
                with open(f"/proc/{pid}/stat") as stat:
                    if stat.read().rsplit(")", 1)[1].split()[0] != "Z":
                        alive.append(pid)
            except OSError:
                pass
        if not alive:
            return True
        time.sleep(0.1)
    return False


_WORKER_STARTS = """
import ctypes, os, signal, sys
from boomerang_rules.core import process_pool
def handler(signum, frame): pass
signal.signal(signal.SIGTERM, handler)  # as the command line sets them in its own process
signal.signal(signal.SIGHUP, signal.SIG_IGN if len(sys.argv) > 2 else handler)  # ignored from the start (nohup)
process_pool._worker_start(int(sys.argv[1]) if sys.argv[1] != "-" else None)
told = ctypes.c_int(-1)
ctypes.CDLL(None).prctl(2, ctypes.byref(told), 0, 0, 0)  # 2: PR_GET_PDEATHSIG
print(told.value, signal.getsignal(signal.SIGTERM) == signal.SIG_DFL, signal.getsignal(signal.SIGHUP) == (
    signal.SIG_IGN if len(sys.argv) > 2 else signal.SIG_DFL), signal.getsignal(signal.SIGINT) == signal.SIG_IGN,
    flush=True)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent's death is told through prctl")
def test_a_worker_is_told_to_die_with_its_parent_and_ends_if_it_is_already_gone() -> None:
    """``_worker_start``, a pool worker's first act: the kernel is asked to kill it when its parent
    dies (SIGKILL), the SIGTERM and SIGHUP handlers the command line set are back at their defaults
    (a signal ignored from the start, under ``nohup``, stays ignored), Ctrl-C's SIGINT is ignored;
    and a forked worker whose parent died before the request (its parent is then another process)
    ends at once, exit 1, doing nothing more. A worker that was not forked (``None``) has no parent
    to compare."""
    def start(parent: str, *nohup: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", _WORKER_STARTS, parent, *nohup], capture_output=True,
                              text=True, timeout=60, preexec_fn=_signals_at_their_defaults)

    for parent in (str(os.getpid()), "-"):
        for nohup in ((), ("nohup",)):  # the handlers put back to their defaults, an ignored signal left ignored
            done = start(parent, *nohup)
            assert (done.returncode, done.stdout) == (0, f"{int(signal.SIGKILL)} True True True\n"), done.stderr
    orphan = start(str(os.getpid() + 1 if os.getpid() + 1 != os.getppid() else os.getpid() + 2))
    assert (orphan.returncode, orphan.stdout, orphan.stderr) == (1, "", "")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent's death is told through prctl")
@pytest.mark.parametrize(("signum", "told"), [(signal.SIGKILL, "told"), (signal.SIGTERM, "told"),
                                              (signal.SIGKILL, "untold")])
def test_the_workers_end_with_a_parent_killed_mid_run(signum: int, told: str) -> None:
    """A ``--jobs`` run whose process is killed (``kill``, ``kill -9``, the terminal closed) leaves no
    worker behind: they finished the chunk in hand, then waited for ever on a queue nobody feeds. The
    kernel kills them (``told``, Linux); where it cannot be asked (``untold``), each sees its pipe
    from the run end, since a worker keeps no end of the run's side of any pipe."""
    child = subprocess.Popen([sys.executable, "-c", _PARENT_KILLED, told], stdout=subprocess.PIPE, text=True,
                             preexec_fn=_signals_at_their_defaults)
    try:
        assert child.stdout is not None
        pids = [int(pid) for pid in child.stdout.readline().split()]
        assert len(pids) == 2
        child.send_signal(signum)
        child.wait(30)
        gone = _gone(pids, 10)
        for pid in pids:  # the test's own children, whatever the outcome
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        assert gone
    finally:
        child.kill()
        child.wait()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent's death is told through prctl")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_simulate_killed_mid_run_leaves_its_out_file_and_no_worker(tmp_path: Any, signum: int) -> None:
    """``kill`` (or a closed terminal) on ``simulate --jobs 2 --out FILE`` ends the command as Ctrl-C does:
    exit 128 + the signal, FILE as it was, no temporary file beside it, no worker left. The signal's
    default ended the process where it stood: a ``.part`` file and both workers stayed."""
    out = tmp_path / "games.jsonl"
    out.write_text("old\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    child = subprocess.Popen([sys.executable, "-m", "boomerang_rules", "simulate", "--jobs", "2", "--games", "400",
                              "--bots", "ismcts:30", "--quiet", "--out", str(out)], env=env,
                             preexec_fn=_signals_at_their_defaults, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    pids: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(pids) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            ps = subprocess.run(["ps", "-o", "pid=", "--ppid", str(child.pid)], capture_output=True, text=True)
            pids = [int(pid) for pid in ps.stdout.split()]
        assert len(pids) == 2
        time.sleep(0.5)
        child.send_signal(signum)
        assert child.wait(30) == 128 + signum
        assert _gone(pids, 10)
        assert out.read_text() == "old\n"
        assert os.listdir(tmp_path) == ["games.jsonl"]
    finally:
        child.kill()
        child.wait()
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
