"""The bench command runs and prints its figures (timings themselves are never asserted)."""

from __future__ import annotations

import importlib.util
import json

from click.testing import CliRunner

from boomerang_rules.cli import cli


def test_bench_quick_json() -> None:
    result = CliRunner().invoke(cli, ["bench", "--quick", "--seconds", "0.05", "--runs", "1", "--json", "--no-batch"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["games_per_s"] > 0 and figures["decisions_per_s"] > figures["games_per_s"]
    assert figures["step_games_per_s"] > 0 and figures["bot_games_per_s"] > 0 and figures["bots_vs_raw"] > 0
    assert figures["batch"] == "absent" and "batch_playouts_games_per_s" not in figures


def test_bench_reports_every_line() -> None:
    from boomerang_rules import bench

    figures = bench.run(seconds=0.02, runs=1, extras=False, batch=False)
    text = bench.report(figures)
    for words in ("apply", "step", "play_game", "batched engine: absent", "sea-salt-paper ("):
        assert words in text
    assert figures["other_games"]["sea-salt-paper"]["games_per_s"] > 0


def test_bench_compare_needs_openspiel_or_runs() -> None:
    result = CliRunner().invoke(cli, ["bench", "--quick", "--seconds", "0.05", "--runs", "1", "--compare", "hearts"])
    if importlib.util.find_spec("pyspiel") is None:
        assert result.exit_code == 2 and "OpenSpiel" in result.stderr
    else:
        assert result.exit_code == 0 and "x hearts" in result.stdout


def test_history_memory_is_shared() -> None:
    from boomerang_rules.bench import history_bytes_per_state

    assert 0 < history_bytes_per_state() < 2000
