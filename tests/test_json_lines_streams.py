"""A JSON Lines input of any length is read a line at a time: ``validate`` tells each document as
soon as it has read and checked it (``core.validation.file_reports``), never holding the file or its
reports; ``replay`` and ``sheet`` keep only the game they draw (``cli.common.read_one_game``)."""

from __future__ import annotations

import errno
import json
import os
import selectors
import subprocess
import sys
import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

import boomerang_rules as br
from boomerang_rules.cli import cli
from boomerang_rules.cli.common import read_one_game
from boomerang_rules.core import jsonio
from boomerang_rules.core.validation import file_reports

RULES = ["standard", "sea-salt-paper", "sea-salt-paper-extra-salt", "boomerang-2010"]


def line_of(rules: str, seed: int) -> bytes:
    return json.dumps(br.record_of(br.new_game(rules, 3, seed))).encode() + b"\n"


def read_line_within(stream: Any, seconds: float) -> bytes:
    """The next line of ``stream``, or ``b""`` when none comes within ``seconds``."""
    with selectors.DefaultSelector() as selector:
        selector.register(stream, selectors.EVENT_READ)
        if not selector.select(seconds):
            return b""
    line: bytes = stream.readline()
    return line


@pytest.mark.parametrize("rules", RULES)
def test_each_record_on_standard_input_is_told_before_the_next_is_written(rules: str) -> None:
    """A site piping its games to ``validate -`` hears of each as it goes: the first record's line came
    only once standard input was closed (every report was gathered first)."""
    process = subprocess.Popen([sys.executable, "-m", "boomerang_rules", "validate", "-"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "NO_COLOR": "1"})
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write(line_of(rules, 1))
        process.stdin.flush()
        assert read_line_within(process.stdout, 60) == b"<stdin>:1: valid game-record\n"
        process.stdin.write(b'{"format": "boomerang-rules/game-record"}\n')
        process.stdin.close()
        rest = process.stdout.read()
        assert process.wait(60) == 1
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert rest.startswith(b"<stdin>:2: ") and rest.endswith(b"1 valid, 1 invalid\n")


class _FailingSecondLine:
    """A stream whose first line reads and whose second is an I/O error (a disk failing midway)."""

    def __init__(self, first: bytes) -> None:
        self.lines: Iterator[bytes] = iter([first])

    def readline(self, limit: int = -1) -> bytes:
        for line in self.lines:
            return line
        raise OSError(errno.EIO, "Input/output error")

    def close(self) -> None:
        pass


def test_the_reports_come_one_by_one_before_the_file_is_read_through(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonio, "_open_binary", lambda path: _FailingSecondLine(line_of("standard", 2)))
    reports = file_reports("games.jsonl")
    first = next(reports)
    assert first.file == "games.jsonl:1" and first.valid
    with pytest.raises(OSError, match="Input/output error"):
        next(reports)


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_a_file_failing_midway_keeps_the_reports_told_and_is_unreadable(monkeypatch: pytest.MonkeyPatch,
                                                                       as_json: bool) -> None:
    monkeypatch.setattr(jsonio, "_open_binary", lambda path: _FailingSecondLine(line_of("boomerang-2010", 3)))
    result = CliRunner().invoke(cli, ["validate", *(["--json"] if as_json else []), "games.jsonl"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code == 2
    if as_json:
        reports = [json.loads(line) for line in result.stdout.splitlines()]
        assert [(r["file"], r["valid"], r["readable"]) for r in reports] == [("games.jsonl:1", True, True),
                                                                          ("games.jsonl", False, False)]
        assert reports[1]["problems"][0]["message"] == "cannot read: Input/output error"
    else:
        assert result.stdout == "games.jsonl:1: valid game-record\n1 valid, 0 invalid, 1 unreadable\n"
        assert result.stderr == "boomerang-rules: games.jsonl: cannot read: Input/output error\n"


def _peak_bytes_reading(path: Any, game_number: int | None) -> int:
    tracemalloc.start()
    try:
        with pytest.raises(SystemExit) as stopped:
            read_one_game(str(path), game_number)
        assert stopped.value.code == 2  # several games and no --game, or --game past the last
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("game_number", [None, 1000], ids=["no-game", "game-past-the-end"])
def test_replay_and_sheet_hold_one_game_of_a_long_file_at_a_time(tmp_path: Any, game_number: int | None) -> None:
    """Told that a file of 5,000 Extra Salt games holds 5,000, ``replay`` had parsed and kept them all
    (533 MB); ten times the games now take no more memory than a tenth of them did, nearly."""
    line = line_of("sea-salt-paper-extra-salt", 4)
    few, many = tmp_path / "few.jsonl", tmp_path / "many.jsonl"
    few.write_bytes(line * 20)
    many.write_bytes(line * 200)
    assert _peak_bytes_reading(many, game_number) < 2 * _peak_bytes_reading(few, game_number)


@pytest.mark.parametrize("command", ["replay", "sheet"])
@pytest.mark.parametrize(("content", "said"), [(b"", "no JSON documents in this file"),
                                               (b"\n \n\t\n", "no JSON documents in this file"),
                                               (b"\xef\xbb\xbf", "empty: no JSON document in it"),
                                               (b'{"format": bad\n', "invalid JSON at line 1")],
                         ids=["empty", "blank lines", "a byte-order mark alone", "one bad line"])
def test_a_game_past_the_end_of_a_file_of_no_readable_game_is_its_problem(tmp_path: Any, command: str,
                                                                          content: bytes, said: str) -> None:
    """``replay empty.jsonl --game 3`` said "empty.jsonl holds 1 game" (exit 2): the file's problem,
    counted as a game. A file whose one document is unreadable is told by its problem (exit 1), as
    without --game."""
    path = tmp_path / "games.jsonl"
    path.write_bytes(content)
    result = CliRunner().invoke(cli, [command, str(path), "--game", "3"])
    assert result.exit_code == 1 and said in result.output and "holds" not in result.output, result.output
