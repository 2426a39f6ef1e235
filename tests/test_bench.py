"""The bench command runs and prints its figures (timings themselves are never asserted)."""

from __future__ import annotations

import importlib.util
import json

from click.testing import CliRunner

from boomerang_rules.cli import cli


def test_bench_quick_json() -> None:
    result = CliRunner().invoke(cli, ["bench", "--quick", "--seconds", "0.05", "--runs", "1", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["games_per_s"] > 0 and figures["decisions_per_s"] > figures["games_per_s"]


def test_bench_compare_needs_openspiel_or_runs() -> None:
    result = CliRunner().invoke(cli, ["bench", "--quick", "--seconds", "0.05", "--runs", "1", "--compare", "hearts"])
    if importlib.util.find_spec("pyspiel") is None:
        assert result.exit_code == 2 and "OpenSpiel" in result.stderr
    else:
        assert result.exit_code == 0 and "ratio" in result.stdout


def test_history_memory_is_shared() -> None:
    from boomerang_rules.bench import history_bytes_per_state

    assert 0 < history_bytes_per_state() < 2000
