"""Differential testing of another scorer (of any game): feed it games, compare its sheets with ours.

The other scorer is a command that reads finished game records (without ``result``), one
JSON object a line, and writes one line back per record: a JSON array of sheets, one per
seat, with the rows of ``score_sheets``. The records go in batches of ``BATCH`` games, each a
run of the command with its whole batch on standard input, so a scorer that buffers its output
works too, and memory stays that of one batch however many games are checked: the findings are
folded game by game (``Findings``), the shortest failing game alone kept whole.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import select
import signal
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from .arguments import brief, in_range, integer, json_brief, list_of, real, string_list
from .display import clipped, counted, escaped_name, shown
from .games import game_module
from .jsonio import parse_json
from .limits import MAX_GAMES
from .playouts import random_game


class ScorerError(Exception):
    """The scorer answered outside the protocol: a failure of the scorer (exit 1)."""


class ScorerNotRun(ScorerError):
    """The scorer could not be started at all: a usage error (exit 2)."""


BYTES_PER_RECORD = 64 * 1024
"""The most a scorer may write per record (a correct answer for 32 seats and 64 rounds is ~40 kB)."""
BATCH = 1000
"""Games sent to one run of the scorer: their records and states are what ``checked`` holds at a
time (some 17 kB a game), and each run costs the scorer's start (a tenth of a second for a Python
scorer, against some two seconds to score a thousand games)."""
STDERR_TAIL = 4096
"""Bytes of the scorer's stderr kept, from its end, to quote when it fails."""


@attrs.frozen
class Difference:
    """One place where the scorer and the rules part: a seat's row (and round, for round rows)."""

    seat: int
    row: str
    round: int | None
    """0-based round index for the per-round rows; None for the game-total rows."""
    theirs: Any
    ours: Any
    key: str | None = None
    """The entry of a row that maps names to numbers (Boomerang (2010)'s ``cards`` and ``animals``,
    by animal), as ``round`` is the entry of a row of rounds; None for a whole row."""
    stray: bool = False
    """``row`` is none of the game's rows (``ours`` None): a sheet must hold the rows of
    ``score_sheets`` and no other, since a misspelt row (``totl``) is a scorer's bug too. With a
    ``key``, that entry is none of the row's (an animal the rules do not have)."""
    missing: bool = False
    """The scorer's sheet lacks the row (or, with a ``key``, the row lacks that entry): ``theirs`` is
    None, which is not the ``null`` a scorer may write."""

    @property
    def named(self) -> str:
        """The row as the report names it: a stray one, the scorer's own key, quoted and clipped
        (``core.display.shown``), as any key from the input is, so that a key holding a newline or an
        escape cannot forge a line of the report, nor ``'total '`` read as ``total``."""
        return shown(self.row) if self.stray and self.key is None else self.row

    @property
    def pointed(self) -> bool:
        """Whether the scorer's value is ours but for whole numbers written with a point (``96.0``
        for ``96``): a scorer that computes in floats, which a score never is (a record refuses
        such a number too: ``core.records.point_problems``, rule ``record-integer``)."""
        return _same(self.ours, self.theirs, points=True)

    def describe(self) -> str:
        """``seat 0, total: the scorer says 95, the rules give 96``, and for a number written with a
        point, why it differs: ``... says 96.0, the rules give 96 (written with a point: a score is an
        integer)``. The values are shown as JSON, the language of the answer (``json_brief``: the
        scorer's cut short, every character past ASCII escaped, so no control or bidirectional
        character of the answer reaches the terminal; the rules' whole)."""
        theirs, ours = json_brief(self.theirs, ascii_only=True), json_brief(self.ours, None, ascii_only=True)
        if self.stray and self.key is not None:
            return (f"seat {self.seat}, {self.row}, {shown(self.key)}: the scorer writes {theirs}; "
                    f"the rules' {self.row} have no such entry")
        if self.stray:
            return (f"seat {self.seat}, {self.named}: the scorer writes {theirs}; the sheets have "
                    "no such row")
        where = (f", round {self.round + 1}" if self.round is not None else "") + (f", {self.key}" if self.key else "")
        if self.missing:
            return f"seat {self.seat}, {self.row}{where}: the scorer's sheet lacks it; the rules give " \
                   f"{ours}"
        why = f" ({POINTED})" if self.pointed else ""
        return (f"seat {self.seat}, {self.row}{where}: the scorer says {theirs}, the rules give "
                f"{ours}{why}")


POINTED = "written with a point: a score is an integer"
"""Why an answer's ``96.0`` differs from the rules' ``96`` (``Difference.describe``)."""


@attrs.frozen
class Game:
    """A generated game, its record as sent, and what was found wrong with the scorer's answer."""

    seed: int
    players: int
    record: dict[str, Any]
    differences: tuple[Difference, ...]
    problem: str | None = None
    """An answer that breaks the protocol (not JSON, wrong shape), instead of differences."""

    @property
    def agrees(self) -> bool:
        return not self.differences and self.problem is None

    def first_round(self) -> int:
        rounds = [d.round for d in self.differences if d.round is not None]
        return min(rounds) if rounds else 99


def make_games(rules: Any, players: Sequence[int], seed: int, count: int, start: int = 0
               ) -> list[tuple[int, int, Any]]:
    """``count`` random finished games, seeds from ``seed`` on, player counts in turn; with ``start``,
    games ``start`` to ``start + count - 1`` of that series."""
    return [(seed + i, players[i % len(players)], random_game(rules, players[i % len(players)], seed + i))
            for i in range(start, start + count)]


def _start(command: Sequence[str]) -> subprocess.Popen[bytes]:
    """The scorer's process, in a session of its own so that its whole group can be ended."""
    name = command[0]
    try:
        return subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True)
    except FileNotFoundError:
        raise ScorerNotRun(f"cannot run {brief(name)}: no such program") from None
    except PermissionError:
        raise ScorerNotRun(f"cannot run {brief(name)}: permission denied") from None
    except OSError as exc:
        if exc.errno == errno.ENOEXEC:
            raise ScorerNotRun(f"cannot run {brief(name)}: not a program the system can start (a script needs a "
                               "'#!' line naming its interpreter, or give the interpreter first: python "
                               f"{clipped(name)})") from None
        raise ScorerNotRun(f"cannot run {brief(name)}: {exc.strerror or exc}") from None


def _end_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the scorer and everything it started (its session's process group)."""
    try:
        if hasattr(os, "killpg"):
            os.killpg(process.pid, signal.SIGKILL)
        else:  # pragma: no cover - no process groups
            process.kill()
    except (ProcessLookupError, PermissionError):
        pass


POLLED = hasattr(select, "poll")
"""Whether the scorer's pipes are read and written as they are ready (``select.poll``, every POSIX
system), so that a run stops reading once the scorer has ended; else (Windows) by blocking calls."""
DRAIN = 1.0
"""Seconds the pipes are still read once the scorer's group has ended: what it wrote before it ended
is in them already; anything past that is a process that left its session writing on."""


def _readiness(fd: int, events: int) -> Callable[[float], bool]:
    """A wait for ``fd``: whether it is ready for ``events`` (or closed at its other end) within the
    seconds given. One poll object serves a stream's whole read or write (one was made every 50 ms)."""
    poller = select.poll()
    poller.register(fd, events)
    return lambda wait: bool(poller.poll(wait * 1000))


def _collect(stream: Any, out: bytearray, limit: int, keep_tail: bool, full: threading.Event,
             ended: threading.Event) -> None:
    """Read ``stream`` to its end into ``out``: at most ``limit`` bytes, or the last ``limit``. Once
    ``ended`` is set (the scorer's group is ended), only what is waiting in the pipe (``DRAIN``): a
    process that left the scorer's session (``setsid``, a build tool's daemon) may hold the pipe open
    for ever, and a read to its end waited for it, past the timeout."""
    fd = stream.fileno() if POLLED else -1
    ready = _readiness(fd, select.POLLIN) if POLLED else None
    stop_at = None
    while True:
        if ready is not None:
            if ended.is_set() and stop_at is None:
                stop_at = time.monotonic() + DRAIN
            if not ready(0 if stop_at is not None else 0.05):
                if stop_at is not None:
                    return
                continue
            if stop_at is not None and time.monotonic() > stop_at:
                return
            chunk = os.read(fd, 65536)
        else:  # pragma: no cover - no poll (Windows)
            chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
        if not chunk:
            return
        out += chunk
        if len(out) > limit:
            if not keep_tail:
                full.set()
                return
            del out[: len(out) - limit]


def _feed(stream: Any, payload: bytes, ended: threading.Event) -> None:
    """Write ``payload`` to the scorer's standard input and close it; given up once ``ended`` is set
    (a process that left the scorer's session may hold the pipe open, reading nothing)."""
    try:
        if POLLED:
            fd = stream.fileno()
            os.set_blocking(fd, False)
            view = memoryview(payload)
            ready = _readiness(fd, select.POLLOUT)
            while view:
                if ended.is_set():
                    return
                if not ready(0.05):
                    continue
                with contextlib.suppress(BlockingIOError):
                    view = view[os.write(fd, view[:65536]):]
        else:  # pragma: no cover - no poll (Windows)
            stream.write(payload)
        stream.close()
    except (BrokenPipeError, OSError, ValueError):  # the scorer stopped reading: its answer will tell
        pass


NOT_RUN = {2: "a usage or I/O error", 126: "a command found but not executable", 127: "a command not found"}
"""The exit statuses that say a program could not do its work at all: 2, the usage or I/O error of the
convention this tool follows too (``python missing.py`` exits 2), and the shell's 126 and 127. A scorer
that ends so before its first run answers anything could not be run: ``check-scorer`` exits 2, as for a
program that does not exist, not 1, which says the scorer ran and broke the protocol."""


def run_scorer(command: Sequence[str], records: Sequence[dict[str, Any]], timeout: float,
               first: bool = True) -> list[bytes]:
    """Send the records to ``command`` in one batch; its output lines, as bytes.

    ``ScorerNotRun`` when it cannot be started, or (``first``: its first run) ends with a status of
    ``NOT_RUN`` having answered nothing; ``ScorerError`` when it fails, takes longer than
    ``timeout`` seconds or writes more than ``BYTES_PER_RECORD`` a record. Memory stays bounded
    whatever it writes, and its whole process group is ended when it is done or given up on.
    """
    payload = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records).encode("utf-8")
    limit = BYTES_PER_RECORD * max(1, len(records))
    process = _start(command)
    out, err = bytearray(), bytearray()
    overflow, ended = threading.Event(), threading.Event()
    threads = [threading.Thread(target=_feed, args=(process.stdin, payload, ended), daemon=True),
               threading.Thread(target=_collect, args=(process.stdout, out, limit, False, overflow, ended),
                                daemon=True),
               threading.Thread(target=_collect, args=(process.stderr, err, STDERR_TAIL, True, overflow, ended),
                                daemon=True)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + timeout
    status = None
    try:
        while status is None and not overflow.is_set() and time.monotonic() < deadline:
            try:
                status = process.wait(timeout=min(0.05, max(0.0, deadline - time.monotonic())))
            except subprocess.TimeoutExpired:
                continue
    finally:  # Ctrl-C or SIGTERM too: the scorer's session is its own, which a terminal's Ctrl-C never reaches
        _end_group(process)
        ended.set()
    for thread in threads:
        thread.join(timeout=5)
    for stream in (process.stdin, process.stdout, process.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.close()  # type: ignore[union-attr]
    process.wait()
    if overflow.is_set():
        raise ScorerError(f"the scorer wrote more than {limit} bytes for {len(records)} records; stopped")
    if status is None:
        raise ScorerError(f"the scorer did not finish within {timeout:g} s; it was stopped with what it started")
    if status != 0:
        tail = err.decode("utf-8", "replace").strip().splitlines()[-3:]
        said = ": " + " / ".join(escaped_name(line[:200]) for line in tail) if tail else ""  # controls, bidi
        if first and not out and status in NOT_RUN:
            raise ScorerNotRun(f"cannot run the scorer: it {_ended(status)} ({NOT_RUN[status]}) before answering "
                               f"any record{said}")
        raise ScorerError(f"the scorer {_ended(status)}{said}")
    lines = bytes(out).splitlines()
    if len(lines) != len(records):
        raise ScorerError(f"the scorer answered {len(lines)} line{'' if len(lines) == 1 else 's'} for "
                          f"{len(records)} record{'' if len(records) == 1 else 's'}")
    return lines


def _ended(status: int) -> str:
    """How the scorer ended, in words: ``exited with status 3``, or for a signal (``subprocess`` gives
    it as a negative status: "status -11" named no signal) ``was killed by signal 11 (SIGSEGV)``."""
    if status >= 0:
        return f"exited with status {status}"
    try:
        name = f" ({signal.Signals(-status).name})"
    except ValueError:  # a number this system gives no name
        name = ""
    return f"was killed by signal {-status}{name}"


def compare(answer: str | bytes, state: Any) -> tuple[tuple[Difference, ...], str | None]:
    """The differences between a scorer's answer line and our sheets, or a protocol problem."""
    sheets, problem = parse_json(answer)
    text = answer[:80].decode("utf-8", "replace") if isinstance(answer, bytes) else answer[:80]
    if problem is not None:
        where = f"at {escaped_name(problem.pointer)}: " if problem.pointer else ""  # 1e400's place, as a record's
        return (), f"not a JSON answer ({where}{problem.message}): {text!r}"
    game = game_module(state.rules.game)
    ours = [s.as_dict() for s in game.score_sheets(state)]
    if not isinstance(sheets, list) or len(sheets) != len(ours) or not all(isinstance(s, dict) for s in sheets):
        return (), f"expected a JSON array of {counted(len(ours), 'sheet')} (objects), got {text!r}"
    found = []
    for seat, (mine, theirs) in enumerate(zip(ours, sheets)):
        for row in game.ROWS:
            want, got = mine[row], theirs.get(row)
            if isinstance(want, list) and isinstance(got, list) and len(got) == len(want):
                found += [Difference(seat, row, r, g, w) for r, (w, g) in enumerate(zip(want, got))
                          if not _same(w, g)]
            elif row not in theirs:
                found.append(Difference(seat, row, None, None, want, missing=True))
            elif isinstance(want, dict) and isinstance(got, dict):  # entry by entry, whatever the keys
                found += [Difference(seat, row, None, None, w, key=k, missing=True) if k not in got else
                          Difference(seat, row, None, got[k], w, key=k) for k, w in want.items()
                          if k not in got or not _same(w, got[k])]
                found += [Difference(seat, row, None, g, None, key=str(k), stray=True) for k, g in got.items()
                          if k not in want]
            elif not _same(want, got):
                found.append(Difference(seat, row, None, got, want))
        found += [Difference(seat, str(row), None, got, None, stray=True) for row, got in theirs.items()
                  if row not in mine]
    return tuple(found), None


def _same(ours: Any, theirs: Any, points: bool = False) -> bool:
    """Whether an answer's value is ours: equal, with JSON's ``true`` and ``false`` no numbers (Python's
    ``True == 1`` let a scorer answering ``true`` for a 1 agree), and a score, an integer, no number
    written with a point (``95.0`` let a scorer computing in floats agree) unless ``points``, which
    takes it (``Difference.pointed``: the one way such an answer differs)."""
    if isinstance(theirs, bool) or isinstance(ours, bool):
        return theirs.__class__ is ours.__class__ and theirs == ours
    if isinstance(ours, list):
        return isinstance(theirs, list) and len(theirs) == len(ours) and all(
            _same(o, t, points) for o, t in zip(ours, theirs))
    if isinstance(ours, dict):
        return isinstance(theirs, dict) and theirs.keys() == ours.keys() and all(
            _same(v, theirs[k], points) for k, v in ours.items())
    if isinstance(theirs, float) and isinstance(ours, int) and not points:
        return False
    return bool(ours == theirs)


def checked(command: Sequence[str], rules: Any, players: Sequence[int], seed: int, count: int,
            timeout: float, batch: int = BATCH) -> Iterator[Game]:
    """Score ``count`` generated games with ``command``, ``batch`` games a run of it (each given
    ``timeout`` seconds); every game with what differs, in game order, as each batch is answered.

    The arguments are checked here, before a game is made: a ``TypeError`` or ``ValueError`` naming
    the one that is wrong (``command=[]`` raised an ``IndexError``, ``players=[]`` a
    ``ZeroDivisionError``, ``rules="standard"`` an ``AttributeError``, from inside)."""
    _check_arguments(command, rules, players, seed, count, timeout, batch)
    return _checked(command, rules, players, seed, count, float(timeout), batch)


def _check_arguments(command: object, rules: object, players: object, seed: object, count: object,
                     timeout: object, batch: object) -> None:
    from .loading import require_ruleset

    if not string_list(command, "command", "a program's arguments"):
        raise ValueError("command must name the program to run, then its arguments, not []")
    require_ruleset(rules)
    counts: Sequence[object] = list_of(players, "players", "player counts")
    if not counts:
        raise ValueError("players must hold at least one player count, not []")
    for i, n in enumerate(counts):
        integer(n, f"players[{i}]", "a player count")
    integer(seed, "seed", "an integer seed")
    in_range(count, 0, MAX_GAMES, "count", "a number of games")
    in_range(batch, 1, MAX_GAMES, "batch", "a number of games a run")
    seconds = real(timeout, "timeout", "a number of seconds (int or float)")  # numpy's numbers too
    if not 0 < seconds < math.inf:  # an int past a float's range is inf here, not a failure inside
        raise ValueError(f"timeout must be a positive number of seconds, not {brief(timeout)}")


def _checked(command: Sequence[str], rules: Any, players: Sequence[int], seed: int, count: int,
             timeout: float, batch: int) -> Iterator[Game]:
    record_of = game_module(rules.game).record_of
    for start in range(0, count, batch):
        games = make_games(rules, players, seed, min(batch, count - start), start)
        records = [record_of(state) for _, _, state in games]
        for record in records:
            record.pop("result", None)
        try:
            answers = run_scorer(command, records, timeout, first=start == 0)
        except ScorerError as exc:
            if count <= batch:
                raise
            raise type(exc)(f"{exc} (its run on games {start + 1:,} to {start + len(games):,} of {count:,}, "
                            f"{batch:,} a run)") from None
        for (game_seed, n, state), record, answer in zip(games, records, answers):
            differences, problem = compare(answer, state)
            yield Game(game_seed, n, record, differences, problem)


def check(command: Sequence[str], rules: Any, players: Sequence[int], seed: int, count: int,
          timeout: float, batch: int = BATCH) -> list[Game]:
    """Score ``count`` generated games with ``command``; every game with what differs (all held:
    ``Findings.of(checked(...))`` keeps only the figures and the shortest failing game)."""
    return list(checked(command, rules, players, seed, count, timeout, batch))


def _simplicity(game: Game) -> tuple[int, int, int, int]:
    return game.players, game.first_round(), len(game.differences), game.seed


def shortest(games: Iterable[Game]) -> Game:
    """The simplest failing game: fewest players, then the earliest round that differs."""
    return min((g for g in games if not g.agrees), key=_simplicity)


@attrs.define
class Findings:
    """What ``check-scorer`` reports, folded game by game (``add``, in game order): how many games,
    how many disagree, how often each row differs (and how many differences are a number written
    with a point), how many answers broke the protocol, and the
    shortest failing game (``shortest``'s). Its size depends on the game's rows, never on the games."""

    games: int = 0
    failing: int = 0
    rows: Counter[str] = attrs.field(factory=Counter)
    """Per row, the differences found in it, counted in the order the rows were first met; a row the
    sheets do not have quoted, as the scorer wrote it (``Difference.named``)."""
    protocol: int = 0
    pointed: int = 0
    """The differences that are a whole number written with a point (``Difference.pointed``)."""
    example: Game | None = None

    @classmethod
    def of(cls, games: Iterable[Game]) -> Findings:
        findings = cls()
        for game in games:
            findings.add(game)
        return findings

    def add(self, game: Game) -> None:
        self.games += 1
        if game.agrees:
            return
        self.failing += 1
        self.rows.update(d.named for d in game.differences)
        self.pointed += sum(1 for d in game.differences if d.pointed)
        if game.problem:
            self.protocol += 1
        if self.example is None or _simplicity(game) < _simplicity(self.example):
            self.example = game
