"""Long work shows progress (issue 28): ``simulate`` and ``tournament`` draw a progress line on
standard error when it is a terminal, never into a pipe nor with --quiet; Ctrl-C stops with
exit 130 and says what was written, never leaving a partial --out file."""

from __future__ import annotations

import io
import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boomerang_rules.terminal.progress import Progress, progress_line

from .helpers import stopped_with_the_pipe_full

COMMAND = [sys.executable, "-m", "boomerang_rules"]


def test_the_line_says_count_rate_and_time_left() -> None:
    assert progress_line(1200, 100000, 2.0) == "1,200 of 100,000 games (1%), 600 a second, about 2m 45s left"
    assert progress_line(0, 10, 0.0) == "0 of 10 games (0%)"
    assert progress_line(10, 10, 4.0, "games") == "10 of 10 games (100%), 2.5 a second"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_drawn_on_a_terminal_erased_at_the_end_and_silent_elsewhere() -> None:
    ticks = iter(range(100))
    shown = _Terminal()
    with Progress(3, stream=shown, every=0, clock=lambda: float(next(ticks))) as bar:
        for _ in range(3):
            bar.update(1)
    assert "\r1 of 3 games" in shown.getvalue() and "3 of 3 games (100%)" in shown.getvalue()
    assert shown.getvalue().endswith("\r")
    for stream, quiet in ((io.StringIO(), False), (_Terminal(), True)):
        with Progress(3, stream=stream, quiet=quiet) as bar:
            bar.update(3)
        assert stream.getvalue() == ""


def _as_a_terminal_starts_it() -> None:
    """Ctrl-C's default, as a shell with job control gives it: a background job of a script
    inherits SIGINT ignored, and Python then never raises KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _on_a_pty(args: list[str], until: bytes) -> tuple[int, bytes]:
    """Run the command with standard error on a pseudo-terminal; Ctrl-C (SIGINT to its group, as a
    terminal sends it) once ``until`` shows, or let it end when ``until`` is empty."""
    master, slave = os.openpty()
    process = subprocess.Popen([*COMMAND, *args], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=slave, start_new_session=True, preexec_fn=_as_a_terminal_starts_it)
    os.close(slave)
    seen = b""
    sent = False
    deadline = time.monotonic() + 120
    while True:
        ready, _, _ = select.select([master], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:  # a command that hangs fails the test instead of hanging the suite
            os.killpg(process.pid, signal.SIGKILL)
            os.close(master)
            pytest.fail(f"{args} still running after 120 s; it printed {seen[-300:]!r}")
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        seen += chunk
        if until and until in seen and not sent:
            os.killpg(process.pid, signal.SIGINT)
            sent = True
    os.close(master)
    return process.wait(timeout=60), seen


def test_simulate_shows_progress_on_a_terminal_and_not_with_quiet(tmp_path: Path) -> None:
    out = tmp_path / "g.jsonl"
    code, err = _on_a_pty(["simulate", "--games", "300", "--out", str(out)], b"")
    assert code == 0 and b" of 300 games (" in err and b"a second" in err
    assert len(out.read_text().splitlines()) == 300
    code, err = _on_a_pty(["simulate", "--games", "300", "--quiet", "--out", str(out), ], b"")
    assert code == 0 and err == b""


def test_nothing_but_records_in_a_pipe() -> None:
    done = subprocess.run([*COMMAND, "simulate", "--games", "20"], capture_output=True, check=True)
    assert done.stderr == b"" and len(done.stdout.splitlines()) == 20


def test_ctrl_c_leaves_no_out_file_and_says_so(tmp_path: Path) -> None:
    out = tmp_path / "g.jsonl"
    code, err = _on_a_pty(["simulate", "--games", "1000000", "--out", str(out)], b"games (")
    assert code == 130
    assert b"interrupted (Ctrl-C): --out " in err and b"was not written (left as it was)" in err
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_ctrl_c_keeps_an_old_out_file_as_it_was(tmp_path: Path) -> None:
    out = tmp_path / "g.jsonl"
    out.write_text("old\n")
    code, _ = _on_a_pty(["simulate", "--games", "1000000", "--out", str(out)], b"games (")
    assert code == 130 and out.read_text() == "old\n" and list(tmp_path.iterdir()) == [out]


def test_ctrl_c_on_standard_output_says_how_many_records_went_out() -> None:
    process = subprocess.Popen([*COMMAND, "simulate", "--games", "1000000"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True, preexec_fn=_as_a_terminal_starts_it)
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    os.killpg(process.pid, signal.SIGINT)
    rest = process.stdout.read()
    err = process.stderr.read().decode()
    assert process.wait(timeout=60) == 130
    lines = (first + rest).decode().splitlines()
    assert all(json.loads(line)["format"] for line in lines)
    said = err.split("interrupted (Ctrl-C): the first ", 1)[1]
    assert said.endswith(" of 1,000,000 game records went to standard output\n")
    assert int(said.split(" ", 1)[0].replace(",", "")) == len(lines)


@pytest.mark.skipif(not hasattr(__import__("fcntl"), "F_SETPIPE_SZ") if os.name == "posix" else True,
                    reason="a pipe of a chosen size: Linux")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_record_is_never_cut_by_ctrl_c_when_the_reader_lags(signum: int) -> None:
    """A reader that has not kept up (the pipe full, ``simulate`` waiting in ``write`` halfway through a
    record): Ctrl-C (or SIGTERM) cut the record where the write stood, the line ending mid-JSON, and
    the message counted it among those written. The record is now finished first (a second signal
    would not wait)."""
    out, err, code = stopped_with_the_pipe_full([*COMMAND, "simulate", "--rules", "sea-salt-paper", "--bots", "random",
                                                 "--games", "1000000"], signum, _as_a_terminal_starts_it)
    assert code == 128 + signum
    assert out.endswith(b"\n"), out[-80:]
    lines = out.decode().splitlines()
    assert lines and all(json.loads(line)["format"] for line in lines)
    if signum == signal.SIGINT:
        assert f"the first {len(lines):,} of 1,000,000 game records went to standard output" in err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_tournament_ctrl_c_prints_no_figures(jobs: str) -> None:
    code, err = _on_a_pty(["tournament", "--games", "1000000", "--jobs", jobs], b"games (")
    assert code == 130 and b"no figures printed" in err


ANSWERS_EMPTY = "import sys\nfor line in sys.stdin:\n    print('[]')\n"
"""A scorer answering every record with no sheets: its games all disagree, which is no matter here."""


def test_check_scorer_shows_progress_on_a_terminal_and_not_with_quiet() -> None:
    """``check-scorer --games 100000`` ran for half an hour with nothing on the terminal: it counts
    its games there as ``simulate`` and ``tournament`` do, and ``--quiet`` silences it."""
    scorer = ["--", sys.executable, "-c", ANSWERS_EMPTY]
    code, err = _on_a_pty(["check-scorer", "--games", "300", *scorer], b"")
    assert code == 1 and b"300 of 300 games (100%)" in err, err
    code, err = _on_a_pty(["check-scorer", "--games", "300", "--quiet", *scorer], b"")
    assert (code, err) == (1, b"")


def test_check_scorer_ctrl_c_says_how_far_it_got() -> None:
    scorer = ["--", sys.executable, "-c", "import sys, time\nsys.stdin.read()\ntime.sleep(60)\n"]
    code, err = _on_a_pty(["check-scorer", "--games", "300", "--timeout", "10", *scorer], b"0 of 300 games (0%)")
    assert code == 130
    assert err.rstrip().endswith(b"boomerang-rules: interrupted (Ctrl-C): stopped after 0 of 300 games; no report "
                                 b"printed"), err


def test_a_terminal_closed_meanwhile_leaves_the_run_s_ending_as_it_was() -> None:
    """Erasing the line on a terminal gone meanwhile (SIGHUP: writes to it fail, EIO) raised an
    ``OSError`` that stood in for what ended the run (the command's exit 129 became an I/O error's 2)."""
    import errno

    class Closing(io.StringIO):
        closed_terminal = False

        def isatty(self) -> bool:
            return True

        def write(self, text: str) -> int:
            if self.closed_terminal:
                raise OSError(errno.EIO, "Input/output error")
            return super().write(text)

    stream = Closing()
    bar = Progress(10, stream=stream).__enter__()
    bar.update(1)
    stream.closed_terminal = True
    bar.__exit__(KeyboardInterrupt, KeyboardInterrupt(), None)  # the run's own ending goes on, unreplaced
    assert "1 of 10 games" in stream.getvalue()
