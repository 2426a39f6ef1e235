"""The long-running commands stopped by SIGTERM (``kill``) and SIGHUP (a closed terminal) as by Ctrl-C:
each says on standard error what it stopped and how far it had got, exits 128 + the signal, and
leaves every output whole or absent. They ended with the right code but said nothing."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

import pytest

from boomerang_rules.core.display import counted

from .helpers import stopped_with_the_pipe_full

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP") or not hasattr(os, "openpty"),
                                reason="SIGHUP and pseudo-terminals: POSIX")

COMMAND = [sys.executable, "-m", "boomerang_rules"]
SIGNALS = [signal.SIGTERM, signal.SIGHUP]


def _at_their_defaults() -> None:
    """The signals as a shell starts a command in the foreground (a test runner may ignore some)."""
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


def _stopped(command: list[str], until: bytes, signum: int, *, stdin: int | IO[Any] = subprocess.DEVNULL,
             cwd: Path | None = None) -> tuple[int, bytes, bytes]:
    """Run ``command`` with standard output a pipe and standard error a pseudo-terminal (its progress
    shown), send it ``signum`` (``os.kill``) once ``until`` has shown on either, and return its exit
    code, output and error."""
    master, slave = os.openpty()
    process = subprocess.Popen(command, stdin=stdin, stdout=subprocess.PIPE, stderr=slave, cwd=cwd,
                               start_new_session=True, preexec_fn=_at_their_defaults)
    os.close(slave)
    assert process.stdout is not None
    out_fd = process.stdout.fileno()
    streams = {out_fd: b"", master: b""}
    seen: dict[int, bytes] = {}  # each stream's whole text, once it has closed
    sent = False
    deadline = time.monotonic() + 120
    while streams:
        ready, _, _ = select.select(list(streams), [], [], max(0.0, deadline - time.monotonic()))
        if not ready:  # a command that hangs fails the test instead of hanging the suite
            os.killpg(process.pid, signal.SIGKILL)
            pytest.fail(f"{command[3:]} still running after 120 s; it printed {streams}")
        for fd in ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the terminal's other end closed
                chunk = b""
            if not chunk:
                seen[fd] = streams.pop(fd)
                continue
            streams[fd] += chunk
        if not sent and any(until in text for text in streams.values()):
            os.kill(process.pid, signum)
            sent = True
    os.close(master)
    process.stdout.close()
    assert sent, f"{until!r} never shown"
    return process.wait(timeout=60), seen[out_fd], seen[master]


def _by(signum: int) -> str:
    """The beginning of the line a command stopped by ``signum`` says."""
    return f"boomerang-rules: interrupted ({signal.Signals(signum).name}): "


def _said(err: bytes) -> str:
    """The last line of standard error, the progress line's carriage returns and erasing left out."""
    return err.decode().replace("\r\n", "\n").split("\n")[-2].split("\r")[-1]


@pytest.mark.parametrize("signum", SIGNALS)
def test_simulate_to_a_file_says_it_was_not_written_and_leaves_it(signum: int, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text("old\n")
    code, _, err = _stopped([*COMMAND, "simulate", "--games", "1000000", "--out", str(out)], b" games (", signum)
    assert code == 128 + signum
    said = _said(err)
    assert said.startswith(_by(signum) + f"--out {out} was not written (left as it "
                           "was); "), said
    assert said.endswith(" of 1,000,000 games had been played"), said
    assert out.read_text() == "old\n" and os.listdir(tmp_path) == ["games.jsonl"]


@pytest.mark.parametrize("signum", SIGNALS)
def test_simulate_to_standard_output_counts_the_whole_records_written(signum: int) -> None:
    code, out, err = _stopped([*COMMAND, "simulate", "--games", "1000000", "--quiet"], b"\n", signum)
    assert code == 128 + signum
    assert out.endswith(b"\n")
    lines = out.decode().splitlines()
    assert all(json.loads(line)["format"] for line in lines)
    assert _said(err) == (_by(signum) + f"the first {len(lines):,} of 1,000,000 game "
                          "records went to standard output")


@pytest.mark.parametrize("signum", SIGNALS)
def test_validate_says_where_it_stopped_and_how_many_it_reported(signum: int, tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    done = subprocess.run([*COMMAND, "simulate", "--games", "200", "--out", str(games)], capture_output=True)
    assert done.returncode == 0, done.stderr
    code, out, err = _stopped([*COMMAND, "validate", *["games.jsonl"] * 500], b"valid game-record", signum,
                              cwd=tmp_path)
    assert code == 128 + signum
    reported = out.decode().splitlines()
    assert reported and all(line.startswith("games.jsonl:") and line.endswith(": valid game-record")
                            for line in reported)
    file = len(reported) // 200 + 1
    assert _said(err) == (_by(signum) + f"stopped reading games.jsonl, file {file} "
                          f"of 500, after {counted(len(reported), 'document')} reported ({len(reported):,} valid, 0 "
                          "invalid); no summary printed")


@pytest.mark.parametrize("signum", SIGNALS)
def test_tournament_says_how_far_it_got(signum: int) -> None:
    code, out, err = _stopped([*COMMAND, "tournament", "--games", "1000000"], b" games (", signum)
    assert code == 128 + signum and out == b""
    said = _said(err)
    assert said.startswith(_by(signum) + "stopped after "), said
    assert said.endswith(" of 1,000,000 games; no figures printed"), said


@pytest.mark.parametrize("signum", SIGNALS)
def test_check_scorer_says_how_far_it_got(signum: int) -> None:
    scorer = ["--", sys.executable, "-c", "import sys, time\nsys.stdin.read()\ntime.sleep(60)\n"]
    code, out, err = _stopped([*COMMAND, "check-scorer", "--games", "300", "--timeout", "10", *scorer],
                              b"0 of 300 games (0%)", signum)
    assert code == 128 + signum and out == b""
    assert _said(err) == (_by(signum) + "stopped after 0 of 300 games; no report "
                          "printed")


BENCH = ("import sys\nimport boomerang_rules.bench as bench\nfrom boomerang_rules.cli import main\nrun = bench.run\n"
         "def started(*args, **kwargs):\n    sys.stderr.write('running\\n')\n    sys.stderr.flush()\n"
         "    return run(*args, **kwargs)\nbench.run = started\nmain()\n")
"""``bench``, telling on standard error when its runs start (it prints nothing until its figures)."""


@pytest.mark.parametrize("signum", SIGNALS)
def test_bench_says_no_figures_were_printed(signum: int) -> None:
    code, out, err = _stopped([sys.executable, "-c", BENCH, "bench", "--quick", "--no-batch", "--seconds", "30"],
                              b"running", signum)
    assert code == 128 + signum and out == b""
    assert _said(err) == _by(signum) + "the runs were stopped; no figures printed"


@pytest.mark.parametrize("signum", SIGNALS)
@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_play_abandons_the_game_and_writes_no_record(signum: int, rules: str, tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    read, write = os.pipe()  # the answers' end kept open: play waits at its first question
    try:
        code, out, err = _stopped([*COMMAND, "play", "--rules", rules, "--seed", "1", "--record", str(record)],
                                  b"Round 1", signum, stdin=read)
    finally:
        os.close(read)
        os.close(write)
    assert code == 128 + signum and b"Round 1" in out
    assert _said(err) == (_by(signum) + f"game abandoned; --record {record} was not "
                          "written")
    assert not record.exists() and os.listdir(tmp_path) == []


def test_a_closed_terminal_s_sighup_exits_129_though_its_message_cannot_be_shown() -> None:
    """SIGHUP comes when the terminal closes: standard error on it then fails (EIO). The stop exits
    129 all the same, its records whole, not 2 as the I/O error writing the message would have it."""
    master, slave = os.openpty()
    os.close(master)  # the terminal closed: every write to it fails
    process = subprocess.Popen([*COMMAND, "simulate", "--games", "1000000", "--quiet"], stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=slave, start_new_session=True,
                               preexec_fn=_at_their_defaults)
    os.close(slave)
    assert process.stdout is not None
    first = process.stdout.readline()
    os.kill(process.pid, signal.SIGHUP)
    rest = process.stdout.read()
    assert process.wait(timeout=60) == 129
    assert all(json.loads(line)["format"] for line in (first + rest).decode().splitlines())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pipe of a chosen size (F_SETPIPE_SZ): Linux")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_validate_json_lines_longer_than_the_pipe_are_never_cut(signum: int, tmp_path: Path) -> None:
    """``validate --json`` writing a report of 84 problems (8.9 kB, a line longer than the pipe's
    4,096 bytes) to a reader that lags, stopped meanwhile: every line is a whole report and the message
    counts them. Through ``click.echo`` a stop could cut the line where the write stood (Python's buffered
    writer drops what it had yet to write); the reports now go out as ``simulate``'s records do
    (``cli.whole.write_whole``)."""

    done = subprocess.run([*COMMAND, "simulate", "--seed", "3"], capture_output=True, check=True)
    record = json.loads(done.stdout)
    for round_ in record["rounds"]:  # every pick an unknown card: a problem each
        round_["picks"] = [[f"bad-card-{i}-{j}" for j, _ in enumerate(picks)]
                           for i, picks in enumerate(round_["picks"])]
    (tmp_path / "bad.jsonl").write_text(json.dumps(record) + "\n")
    out, err, code = stopped_with_the_pipe_full([*COMMAND, "validate", "--json", *["bad.jsonl"] * 300], signum,
                                                _at_their_defaults, cwd=tmp_path)  # a report longer than the pipe
    assert code == 128 + signum
    assert out.endswith(b"\n"), out[-80:]
    reports = [json.loads(line) for line in out.decode().splitlines()]
    assert reports and all(len(report["problems"]) == 84 for report in reports)
    assert f"after {counted(len(reports), 'document')} reported (0 valid, {len(reports):,} invalid)" in err, err


INTERRUPTED_IMPORT = """
import sys

class Interrupting:
    def find_spec(self, name, path=None, target=None):
        if name == "boomerang_rules.cli":
            raise KeyboardInterrupt  # as a Ctrl-C while the command line's modules are imported
        return None

sys.meta_path.insert(0, Interrupting())
import runpy
runpy.run_module("boomerang_rules", run_name="__main__")
"""


def test_a_ctrl_c_while_the_command_line_is_imported_exits_130_in_words() -> None:
    """The command's modules take most of the half second before it runs, and a Ctrl-C then, before the
    command line's own handling, was a KeyboardInterrupt traceback. The console script (and ``python -m``)
    imports them itself (``boomerang_rules.__main__.console``): exit 130, the words of any Ctrl-C."""
    import tomllib

    done = subprocess.run([sys.executable, "-c", INTERRUPTED_IMPORT, "--version"], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "boomerang-rules: interrupted (Ctrl-C)\n")
    with (Path(__file__).resolve().parents[1] / "pyproject.toml").open("rb") as f:
        scripts = tomllib.load(f)["project"]["scripts"]
    assert scripts == {"boomerang-rules": "boomerang_rules.__main__:console"}
