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


def test_bench_times_every_game_per_decision() -> None:
    for rules in ("sea-salt-paper", "boomerang-2010"):
        result = CliRunner().invoke(cli, ["bench", "--rules", rules, "--quick", "--seconds", "0.05", "--runs", "1",
                                          "--json", "--no-batch"])
        assert result.exit_code == 0, result.output
        figures = json.loads(result.stdout)
        assert figures["rules"] == rules and figures["game"] == rules
        assert figures["decisions_per_s"] > 50 * figures["games_per_s"] > 0
        assert figures["step_decisions_per_s"] > 0 and figures["bot_games_per_s"] > 0
        text = CliRunner().invoke(cli, ["bench", "--rules", rules, "--quick", "--seconds", "0.05",
                                        "--runs", "1", "--no-batch"]).stdout
        assert f"games of {rules}" in text and "decisions/s" in text and "batch.playouts" not in text


def test_bench_reports_every_games_batch_beside_hearts() -> None:
    """Every game's batched engine, playouts and step API, in games/s and decisions/s (and against hearts)."""
    if importlib.util.find_spec("numba") is None:
        return
    from boomerang_rules import bench

    hearts = importlib.util.find_spec("pyspiel") is not None
    for rules in ("standard", "sea-salt-paper", "boomerang-2010"):
        figures = bench.run(seconds=0.01, runs=1, extras=False, compare="hearts" if hearts else None,
                            rules=rules, batch_games=16)
        for kind in ("playouts", "step_api"):
            assert figures[f"batch_{kind}_decisions_per_s"] > figures[f"batch_{kind}_games_per_s"] > 0
            assert not hearts or figures[f"batch_{kind}_decision_ratio"] > 0
        text = bench.report(figures)
        assert "batch.playouts" in text and "batch step API" in text
        assert not hearts or text.count("x hearts per decision") >= 4


def test_bench_refuses_a_player_count_the_rules_do_not_allow() -> None:
    result = CliRunner().invoke(cli, ["bench", "--rules", "sea-salt-paper", "--players", "9", "--quick"])
    assert result.exit_code == 2 and "--players 9" in result.stderr


def test_bench_compares_per_decision_with_hearts() -> None:
    if importlib.util.find_spec("pyspiel") is None:
        return
    from boomerang_rules import bench

    figures = bench.run(seconds=0.02, runs=1, extras=False, batch=False, compare="hearts", rules="boomerang-2010")
    assert figures["decision_ratio"] > 0 and figures["step_decision_ratio"] > 0
    assert "x hearts per decision" in bench.report(figures)
