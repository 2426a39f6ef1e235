"""The console script's standard output is UTF-8 whatever the locale's encoding (Windows' ANSI code
page when it goes to a file or a pipe): what it names prints, and records are the bytes ``--out`` writes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

NAME = "table-é-🦀.json"  # outside cp1252, the ANSI code page of western Windows


def run(*args: str, cwd: Path, encoding: str = "cp1252") -> subprocess.CompletedProcess[bytes]:
    """The console script, its standard streams in ``encoding`` (cp1252: Windows' in a pipe)."""
    return subprocess.run([sys.executable, "-c", "from boomerang_rules.cli import main; main()", *args], cwd=cwd,
                          capture_output=True, timeout=120, check=False,
                          env={**os.environ, "PYTHONIOENCODING": encoding})


def test_a_message_naming_a_file_outside_the_code_page_prints(tmp_path: Path) -> None:
    (tmp_path / NAME).write_text('{"format": "boomerang-rules/game-record"}', "utf-8")
    done = run("validate", NAME, cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert b"Traceback" not in done.stderr
    assert done.stdout.decode("utf-8").startswith(f"{NAME}: ")


def test_text_outside_the_locale_encoding_is_written_in_utf_8(tmp_path: Path) -> None:
    """The shipped rulesets' descriptions (Boomerang (2010)'s publisher, "Lui-même") where the ANSI code page is
    cp1251 (Cyrillic Windows), which has no é."""
    done, utf_8 = run("variants", cwd=tmp_path, encoding="cp1251"), run("variants", cwd=tmp_path, encoding="utf-8")
    assert done.returncode == 0, done.stderr
    assert "Lui-même".encode() in done.stdout
    assert done.stdout == utf_8.stdout


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_records_on_standard_output_are_the_bytes_of_the_out_file(tmp_path: Path, rules: str) -> None:
    """(On Windows, where a pipe's line ends were ``\\r\\n``, and with names outside the code page.)"""
    args = ("simulate", "--rules", rules, "--games", "2", "--seed", "5")
    to_file, to_stdout = run(*args, "--out", "games.jsonl", cwd=tmp_path), run(*args, cwd=tmp_path)
    assert to_file.returncode == to_stdout.returncode == 0, to_stdout.stderr
    assert to_stdout.stdout == (tmp_path / "games.jsonl").read_bytes()
