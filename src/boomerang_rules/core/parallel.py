"""Independent chunks of work spread over processes or a Ray cluster, their results given back in order.

Tournaments and ``simulate`` cut their games into chunks (a few consecutive seeds each); each
chunk's result depends only on its arguments, so the output is the same, byte for byte, whether
the chunks run here, in ``jobs`` processes, or as Ray tasks. A Ray worker that dies mid-chunk
(killed, out of memory, its machine lost) has its chunk run again from the start: Ray retries a
task whose worker died (``max_retries``), and a chunk has no effect but its result, so running it
twice changes nothing.

However many chunks, only a few are under way at a time: ``AHEAD`` a process submitted ahead of the
one whose result is awaited, and on Ray ``AHEAD`` a cluster CPU (``ray_window``), more submitted
as results are taken; so memory does not grow with the number of games.

While Ray work runs, Ray's own messages on the driver ("(raylet) A worker died or was killed...",
"(raylet) Task ... failed. There are 5 retries remaining...") go to standard error, so that
standard output holds the library's output alone, byte-identical to ``jobs`` 1 even when a worker
dies (``_ray_messages_to_stderr``).

A local instance (``LOCAL``) has every service listen on the loopback address only (127.0.0.1):
the GCS server, the raylet, the runtime-env agent, the workers and the driver's own gRPC server;
no dashboard (``init_local_ray``).

Ray is the optional extra ``ray``; nothing here imports it unless asked to use it.
"""

from __future__ import annotations

import importlib
import ipaddress
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from typing import Any, TypeVar, overload

from .arguments import brief, integer
from .errors import ParallelError as ParallelError  # its home is core.errors; named here, where it is raised
from .limits import PROCESSES_PER_CPU
from .process_pool import ordered_in_processes

R = TypeVar("R")

LOCAL = "local"
"""The Ray address that asks for a new local Ray instance (``--ray`` without an address)."""

RETRIES = 5
"""How many times a Ray task whose worker died is run again before the run fails."""


def processes(jobs: int, calls: int, cpus: int | None = None) -> int:
    """How many processes ``jobs`` gets for ``calls`` chunks of work: no more than the chunks (each
    more would sit idle, and on Linux's fork all start at once) and no more than ``PROCESSES_PER_CPU``
    for each of ``cpus`` CPUs (the machine's, ``os.cpu_count()``, when None): ``simulate --games
    100000 --jobs 100000`` asked for 100,000 processes. At least one."""
    if cpus is None:
        cpus = os.cpu_count() or 1
    return max(1, min(jobs, calls, PROCESSES_PER_CPU * cpus))


AHEAD = 4
"""Calls submitted ahead of the one whose result is awaited, for each process: enough to keep them
busy, few enough that a huge run holds no more in memory than a small one."""


def chunk_size(items: int, workers: int) -> int:
    """Chunks small enough that ``workers`` stay busy to the end (about four a worker), at most 50 items."""
    return max(1, min(50, items // (workers * 4) or 1))


T = TypeVar("T")


class Lazy(Sequence[T]):
    """``count`` items, item ``i`` made by ``item(i)`` when it is asked for, never kept: the chunks of
    ``simulate --games 2147483648`` (and their calls) were all made before the first game was
    played, a list of a list a game (the command was killed for its memory)."""

    def __init__(self, count: int, item: Callable[[int], T]) -> None:
        self._count, self._item = count, item

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self._item(i) for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        return self._item(index)


def chunks_of(items: Sequence[Any], size: int) -> Sequence[list[Any]]:
    """``items`` cut into consecutive lists of ``size`` (the last one shorter), each made when asked
    for (``Lazy``)."""
    return Lazy(-(-len(items) // size), lambda i: list(items[i * size:(i + 1) * size]))


def ordered_map(function: Callable[..., R], calls: Sequence[tuple[Any, ...]], *, jobs: int = 1,
                ray: str | None = None) -> Iterator[R]:
    """``function(*args)`` for each ``args`` of ``calls``, yielded in the order of ``calls``.

    ``ray`` None: here (``jobs`` 1) or in ``jobs`` processes. ``ray`` an address (``LOCAL``,
    ``"local"``, for a new local instance with ``jobs`` CPUs when ``jobs`` > 1): as Ray tasks, each run again
    if its worker dies. ``function`` must be importable by name (a module-level function) and its
    arguments and result picklable. ``ParallelError`` when Ray cannot be used, a chunk is lost, or a
    worker process ends without its result. On Linux the processes end with the thread that asked for
    the first result (they are started then, and told to end with it:
    ``core.process_pool._worker_start``): drain the map in that thread, or one that outlives it.
    ``jobs`` below 1 is refused (``ValueError``), not run here as if it were 1.
    """
    jobs = integer(jobs, "jobs", "a number of processes")
    if jobs < 1:
        raise ValueError(f"jobs must be a number of processes, at least 1, not {brief(jobs)}")  # brief: -10**5000
    if ray is not None:
        return _ray_map(function, calls, ray, jobs)
    if jobs <= 1 or len(calls) <= 1:
        return (function(*args) for args in calls)
    return _process_map(function, calls, jobs)


def _process_map(function: Callable[..., R], calls: Sequence[tuple[Any, ...]], jobs: int) -> Iterator[R]:
    """The chunks in ``jobs`` processes (``core.process_pool``), ``AHEAD`` a process given out ahead of
    the one whose result is awaited."""
    # No more processes than calls: each would sit idle, and every one of ``jobs`` is started at once
    # (``simulate --games 2 --jobs 1000000`` forked until the machine ran out).
    workers = processes(jobs, len(calls))
    return ordered_in_processes(function, calls, workers, AHEAD * workers)


def _ray_map(function: Callable[..., R], calls: Sequence[tuple[Any, ...]], address: str, jobs: int) -> Iterator[R]:
    ray = _import_ray()
    with _ray_messages_to_stderr():
        started = not ray.is_initialized()
        try:
            if started:
                with _signals_held_while_starting():
                    cpus = processes(jobs, jobs) if address == LOCAL else jobs  # CPUs: not 1 for jobs > 1
                    _start(ray, address, cpus)
            task = ray.remote(max_retries=RETRIES, retry_exceptions=False)(function)
            # A window of tasks in flight, not all of them (a million games were 20,000 tasks submitted at
            # once, each result held in the object store until the last was taken): the oldest is awaited,
            # its reference dropped, and one more submitted before its result is handed out.
            waiting = iter(calls)
            pending = deque(task.remote(*args) for args in islice(waiting, ray_window(ray)))
            while pending:
                ref = pending.popleft()
                try:
                    result = ray.get(ref)
                except ray.exceptions.RayTaskError as exc:  # the function itself raised: its own error, as here
                    raise exc.as_instanceof_cause() from None
                except ray.exceptions.RayError as exc:
                    raise ParallelError(f"a chunk of the work was lost on the Ray cluster after {RETRIES} retries: "
                                        f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
                                        ) from None
                del ref
                pending.extend(task.remote(*args) for args in islice(waiting, 1))
                yield result
        finally:
            if started:
                ray.shutdown()  # within the redirection: Ray prints the messages it held back as it disconnects


HELD = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The signals held back while Ray starts (``_signals_held_while_starting``): Ctrl-C and those the command
line ends on."""


@contextmanager
def _signals_held_while_starting() -> Iterator[None]:
    """``HELD`` held back while the block runs (a Ray instance starting), then handled as they would have
    been (``KeyboardInterrupt``, the command line's exit), so that the instance, started, is shut down.

    Ctrl-C in the seconds ``ray.init`` takes to start a local instance raised ``KeyboardInterrupt``
    inside it, where nothing can shut the half-made instance down: its GCS server and raylet died with
    the command (Ray ties their fate to the driver's), but the raylet's agents
    (``ray::DashboardAgent``, ``ray::RuntimeEnvAgent``) were left running for good. A signal whose
    handler is no Python function (ignored, the system's default) is left alone, as in a thread other
    than the main one, where no handler can be set; so is a handler the block sets (``ray.init`` sets
    its own for SIGTERM, which then ends a run as Ray ends it)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[tuple[int, Any]] = []

    def hold(number: int, frame: Any) -> None:
        caught.append((number, frame))

    kept: dict[int, Any] = {signum: signal.signal(signum, hold) for signum in HELD
                            if callable(signal.getsignal(signum))}
    try:
        yield
    finally:
        for signum, handler in kept.items():
            if signal.getsignal(signum) is hold:  # not one the block set meanwhile (ray.init sets SIGTERM's)
                signal.signal(signum, handler)
        if caught:
            number, frame = caught[0]
            kept[number](number, frame)


def ray_window(ray: Any) -> int:
    """How many Ray tasks ``ordered_map`` keeps in flight (submitted, their result not yet handed out):
    ``AHEAD`` for each CPU of the cluster as it stands when the work starts (``ray.cluster_resources``),
    at least ``AHEAD``. Enough to keep every CPU busy while the oldest task is awaited, few enough that
    the driver and the object store hold as much for a million games as for a thousand."""
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
    except Exception:  # a cluster that cannot say: one CPU's worth
        cpus = 1
    return AHEAD * max(1, cpus)


_redirect_lock = threading.Lock()
_redirect_users = 0
_ray_own: Any = None
"""The function the replacement writes through: the first ``print_worker_logs`` it displaced (Ray's),
kept for good: a wrapper another tool puts over the replacement later is never called by it (which
would call the wrapper again, without end)."""
_displaced: Any = None
"""What the replacement displaced at its last installing, put back when the last caller leaves."""


def _print_worker_logs_to_stderr(data: Any, print_file: Any, *rest: Any, **options: Any) -> Any:
    """Ray's ``print_worker_logs`` with standard error for its sink, whatever sink it was given."""
    return _ray_own(data, sys.stderr, *rest, **options)


@contextmanager
def _ray_messages_to_stderr() -> Iterator[None]:
    """Ray's messages on the driver go to standard error while the block runs, then as before.

    Ray's driver prints them from a background thread it always runs
    (``ray._private.worker.listen_error_messages``: a worker that died, a task retried, printed as
    "(raylet) ..." to ``sys.stdout`` whatever ``log_to_driver`` says), from the thread that
    forwards the workers' output when ``log_to_driver`` is on, and on ``ray.shutdown`` (the lines
    it held back as repeats). All three go through ``ray._private.worker.print_worker_logs(data,
    sink)``, the one place that writes them: while any caller is inside the block, that function
    is replaced by one that writes to ``sys.stderr``; the last caller out puts Ray's back.
    Nothing else changes (``sys.stdout`` is left alone: the caller's own output, written while
    the block runs, goes where it always goes). A Ray without that function is left as it is.
    """
    global _redirect_users, _ray_own, _displaced
    worker: Any
    try:
        worker = importlib.import_module("ray._private.worker")
    except ImportError:
        worker = None
    with _redirect_lock:
        if worker is None or not callable(getattr(worker, "print_worker_logs", None)):
            worker = None
        else:
            if _redirect_users == 0 and worker.print_worker_logs is not _print_worker_logs_to_stderr:
                _displaced = worker.print_worker_logs
                if _ray_own is None:
                    _ray_own = _displaced
                worker.print_worker_logs = _print_worker_logs_to_stderr
            _redirect_users += 1
    try:
        yield
    finally:
        if worker is not None:
            with _redirect_lock:
                _redirect_users -= 1
                if _redirect_users == 0 and worker.print_worker_logs is _print_worker_logs_to_stderr:
                    # _ray_own is kept: a Ray thread that took the replacement just before still finds
                    # Ray's function through it. A wrapper put over the replacement meanwhile is left.
                    worker.print_worker_logs = _displaced


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ParallelError("--ray needs Ray: pip install 'boomerang-rules[ray]'") from None
    return ray


PROBE_SECONDS = 5.0
"""How long a cluster's address may take to accept a connection before it counts as out of reach
(Ray itself would wait for it for ever)."""


def _probe(address: str) -> None:
    """Refuse at once an address ``HOST:PORT`` (or ``ray://HOST:PORT``) that accepts no connection, or
    whose host or port is missing or no port number (Ray logged a traceback for ``:6379``, and waited
    for ever for ``127.0.0.1:-5``)."""
    import socket

    from .arguments import brief

    if not address.strip():  # Ray read "" as no address, then refused it as "Invalid address format"
        raise ParallelError(f"{brief(address)} is no Ray cluster's address (auto, HOST:PORT or ray://HOST:PORT)")
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon:
        return  # "auto", or a form Ray resolves itself
    number = port.lstrip("0") or "0"  # at most 5 digits read: int() refuses more than 4300 (a traceback)
    if not host or not (port.isascii() and port.isdigit() and len(number) <= 5 and 0 < int(number) < 65536):
        raise ParallelError(f"{brief(address)} is no Ray cluster's address (auto, HOST:PORT or ray://HOST:PORT)")
    try:
        socket.create_connection((host.strip("[]"), int(number)), timeout=PROBE_SECONDS).close()
    except UnicodeError as exc:  # a label of more than 63 characters, an empty one, a byte not UTF-8: no host name
        raise ParallelError(f"{brief(address)} is no Ray cluster's address (auto, HOST:PORT or ray://HOST:PORT): "
                            f"its host is no host name ({exc})") from None
    except OSError as exc:
        raise ParallelError(f"cannot reach the Ray cluster at {brief(address)}: {exc.strerror or exc}") from None


def _probe_cluster(address: str) -> None:
    """Refuse within ``PROBE_SECONDS`` (and Ray's own ten seconds of connecting) an address where no
    Ray cluster answers: a port that accepts connections but is no Ray cluster's (another server, a
    stale ``auto``), for which ``ray.init`` tried for some fourteen minutes (20 attempts of 40 s, Ray's
    ``NUM_REDIS_GET_RETRIES``) printing Ray's warnings. Asks the cluster's GCS for its id at the
    address ``ray.init`` itself connects to (``canonicalize_bootstrap_address``: Ray reads 127.0.0.1
    as the machine's own address). A Ray without those functions, a Ray client address (``ray://``)
    or an address Ray cannot read is left to ``ray.init``."""
    if address.startswith("ray://"):
        return
    try:
        services: Any = importlib.import_module("ray._private.services")
        raylet: Any = importlib.import_module("ray._raylet")
        canonicalize_bootstrap_address, client = services.canonicalize_bootstrap_address, raylet.InnerGcsClient
    except (ImportError, AttributeError):
        return
    try:
        gcs = canonicalize_bootstrap_address(address)
    except Exception:  # "auto" with no cluster running...: ray.init says so, at once
        return
    if not isinstance(gcs, str):
        return
    try:
        client.standalone(gcs, None, int(PROBE_SECONDS * 1000))
    except Exception as exc:  # Ray's RpcError: timed out, refused, a token asked...
        said = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ParallelError(f"cannot connect to the Ray cluster at {brief(address)} (its GCS at {brief(gcs)}): "
                            f"{said[:300]}") from None


def _start(ray: Any, address: str, jobs: int) -> None:
    """Connect to the cluster at ``address``, or start a local instance (``LOCAL``, listening on the
    loopback address only) with ``jobs`` CPUs."""
    if address == LOCAL:
        _init_local(ray, jobs if jobs > 1 else None)
        return
    _probe(address)
    _probe_cluster(address)
    try:
        ray.init(address=address, **RAY_OPTIONS)
    except Exception as exc:  # Ray raises ConnectionError, ValueError, RuntimeError... for an unreachable cluster
        from .arguments import brief

        raise ParallelError(f"cannot connect to the Ray cluster at {brief(address)}: {type(exc).__name__}: {exc}"
                            ) from None


RAY_OPTIONS: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "logging_level": "ERROR"}
"""``ray.init``'s options for any instance: no dashboard, the workers' output not forwarded to the
driver, Ray's own logging only for errors."""


def init_local_ray(cpus: int | None = None) -> None:
    """Start a new local Ray instance in this process (``ray.init``) with ``cpus`` CPUs (None: all
    the machine's), every service listening on the loopback address only (see ``_init_local``),
    with ``RAY_OPTIONS``. ``ParallelError`` when Ray is missing or cannot start so."""
    _init_local(_import_ray(), cpus)


def _init_local(ray: Any, cpus: int | None) -> None:
    """``ray.init`` of a local instance whose node address is 127.0.0.1, so that every service
    listens on the loopback address only.

    Ray's processes bind their gRPC servers to 127.0.0.1 when the node's address is 127.0.0.1,
    and to every address (0.0.0.0) otherwise (the runtime-env agent: to the node's address). But
    ``ray.init`` replaces a loopback ``_node_ip_address`` by the machine's own address
    (``ray._private.services.resolve_ip_for_localhost``) unless Ray clusters are disabled
    (``ray._private.ray_constants.ENABLE_RAY_CLUSTER``, which Ray reads once, at its import, from
    the environment variable ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER``; its default is false on Windows
    and macOS, where Ray uses the loopback address for this reason, and true elsewhere). So it is
    set false for the call to ``ray.init`` alone, and put back; the node's address is then checked:
    an instance that would listen beyond the loopback address is shut down, ``ParallelError``.
    """
    try:
        constants: Any = importlib.import_module("ray._private.ray_constants")
    except ImportError:
        constants = None
    had = constants is not None and hasattr(constants, "ENABLE_RAY_CLUSTER")
    before = constants.ENABLE_RAY_CLUSTER if had else None
    try:
        if had:
            constants.ENABLE_RAY_CLUSTER = False
        # "local": a new instance even where RAY_ADDRESS names a cluster (ray.init would connect to it)
        ray.init(address="local", num_cpus=cpus, _node_ip_address="127.0.0.1", **RAY_OPTIONS)
    except Exception as exc:
        raise ParallelError(f"cannot start a local Ray instance: {type(exc).__name__}: {exc}") from None
    finally:
        if had:
            constants.ENABLE_RAY_CLUSTER = before
    node = str(ray.util.get_node_ip_address())
    if not _is_loopback(node):
        ray.shutdown()
        raise ParallelError(f"the local Ray instance would listen on {node}, beyond the loopback address "
                            f"(Ray {getattr(ray, '__version__', '?')}); start one yourself (ray start --head) "
                            "and pass its address to --ray")


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
