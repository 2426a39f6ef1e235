"""The bench command runs and prints its figures (timings themselves are never asserted)."""

from __future__ import annotations

import importlib.util
import json

import pytest
from click.testing import CliRunner

from boomerang_rules.cli import cli
from boomerang_rules.core.games import GAMES


def test_bench_quick_json() -> None:
    result = CliRunner().invoke(cli, ["bench", "--quick", "--seconds", "0.05", "--runs", "1", "--json", "--no-batch"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["games_per_s"] > 0 and figures["decisions_per_s"] > figures["games_per_s"]
    assert figures["step_games_per_s"] > 0 and figures["bot_games_per_s"] > 0 and figures["bots_vs_raw"] > 0
    assert figures["batch"] == "skipped" and "batch_playouts_games_per_s" not in figures


def test_bench_reports_every_line() -> None:
    from boomerang_rules import bench

    figures = bench.run(seconds=0.02, runs=1, extras=False, batch=False)
    text = bench.report(figures)
    for words in ("apply", "step", "play_game", "batched engine: skipped (--no-batch)", "sea-salt-paper ("):
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
    for game in GAMES:  # every game's, its tables and ruleset counted as shared, not the history's
        assert 0 < history_bytes_per_state(4, 1, game) < 2000


def test_bench_extras_are_every_games_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """Validation, score_sheets and memory for every game, under the same keys (start-up not run here)."""
    from boomerang_rules import bench

    monkeypatch.setattr(bench, "startup_seconds", lambda args, runs=5: 0.01)
    keys = set()
    for game in GAMES:
        figures = bench.run(seconds=0.01, runs=1, batch=False, rules=game)
        assert figures["game"] == game and figures["other_games"] == {}
        assert figures["validate_records_per_s"] > 0 and figures["score_sheets_calls_per_s"] > 0
        assert figures["bytes_per_state"] > 0 and figures["extras_players"] == 4
        text = bench.report(figures)
        assert "score_sheets, 4-player finished game" in text and "bytes per state" in text
        keys.add(tuple(sorted(figures)))
    assert len(keys) == 1


def test_bench_other_games_without_rules_only() -> None:
    """Without --rules the other games' apply loops come too; with one, that game's figures alone."""
    args = ["bench", "--quick", "--seconds", "0.01", "--runs", "1", "--json", "--no-batch"]
    figures = json.loads(CliRunner().invoke(cli, args).stdout)
    assert set(figures["other_games"]) == set(GAMES) - {figures["game"]}
    for game in GAMES:
        figures = json.loads(CliRunner().invoke(cli, [*args, "--rules", game]).stdout)
        assert figures["game"] == game and figures["other_games"] == {}


def test_bench_rl_measures_the_rules_game() -> None:
    """``bench --rl --rules R``: the PettingZoo and vector envs of R's game, every game under the same keys."""
    if importlib.util.find_spec("pettingzoo") is None:
        return
    from boomerang_rules import load_rules

    batch = importlib.util.find_spec("numba") is not None
    keys = set()
    for game in GAMES:
        result = CliRunner().invoke(cli, ["bench", "--rl", "--rules", game, "--quick", "--seconds", "0.01",
                                          "--runs", "1", "--json"])
        assert result.exit_code == 0, result.output
        rl = json.loads(result.stdout)["rl"]
        assert rl["game"] == game and rl["rules"] == load_rules(game).id and rl["players"] == 4
        assert rl["raw_decisions_per_s"] > 0 and rl["pettingzoo_parallel_decisions_per_s"] > 0
        if batch:
            from boomerang_rules.rl.vector import VectorEnv

            assert rl["vector_engine"] == VectorEnv(game, players=4, games=1).engine
            assert len(rl["vector"]) == 3 and all(v["decisions_per_s"] > 0 for v in rl["vector"])
            assert rl["fill_ceiling_decisions_per_s"] > 0 and rl["copy_ceiling_decisions_per_s"] > 0
        keys.add(tuple(sorted(rl)))
        text = CliRunner().invoke(cli, ["bench", "--rl", "--rules", game, "--quick", "--seconds", "0.01",
                                        "--runs", "1", "--no-batch"]).stdout
        assert f"learning adapters, 4-player games of {load_rules(game).id}" in text
    assert len(keys) == 1


def test_vector_steps_count_the_decisions_owed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision is a seat owing one: ``vector_steps`` counts, over one batch of each game, what the
    env's own ``to_act`` says step by step (the same seeds, the same draws, counted apart)."""
    if importlib.util.find_spec("numba") is None:
        return
    import sys
    import time

    import numpy as np

    from boomerang_rules.rl import bench as rl_bench
    from boomerang_rules.rl.vector import VectorEnv

    real = time.perf_counter
    calls = [0]

    def clock() -> float:  # vector_steps' own reads: the start, one batch, then past the deadline
        if sys._getframe(1).f_code is not rl_bench.vector_steps.__code__:
            return real()
        calls[0] += 1
        return 0.0 if calls[0] <= 2 else 2.0

    monkeypatch.setattr(time, "perf_counter", clock)
    for game in GAMES:
        for policy in ("sample", "numpy"):
            calls[0] = 0
            counted, _ = rl_bench.vector_steps(game, 4, 1.0, 3, games=4, policy=policy)
            env = VectorEnv(game, players=4, games=4)
            rng = np.random.default_rng(3)
            _, masks = env.reset(seed=3 << 32)
            owed, done = 0, False
            while not done:
                owed += int(env.to_act.sum())
                if policy == "sample":
                    actions = env.sample_actions()
                else:
                    noise = rng.random(masks.shape, dtype=np.float32)
                    actions = np.where(masks, noise, -1.0).argmax(axis=2)
                _, masks, _, done = env.step(actions)
            assert counted == owed > 0, (game, policy)


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


def test_bench_rl_says_why_it_left_the_vector_env_out() -> None:
    """``bench --rl --no-batch`` printed no vector env line and no word why, where the batched engine's
    line says "skipped (--no-batch)"; the vector env's is said alike, in every game."""
    if importlib.util.find_spec("pettingzoo") is None:
        return
    for game in GAMES:
        result = CliRunner().invoke(cli, ["bench", "--rl", "--rules", game, "--quick", "--seconds", "0.01",
                                          "--runs", "1", "--no-batch"])
        assert result.exit_code == 0, result.output
        assert "  vector env: skipped (--no-batch)" in result.stdout.splitlines()
        figures = json.loads(CliRunner().invoke(cli, ["bench", "--rl", "--rules", game, "--quick", "--seconds",
                                                      "0.01", "--runs", "1", "--no-batch", "--json"]).stdout)
        assert figures["rl"]["vector_batch"] == "skipped" and "vector" not in figures["rl"]


def test_bench_without_the_batch_extra_says_it_is_absent(monkeypatch: pytest.MonkeyPatch) -> None:
    from boomerang_rules import bench

    monkeypatch.setattr(bench, "batch_module", lambda: None)
    figures = bench.run(seconds=0.01, runs=1, extras=False, others=False)
    assert figures["batch"] == "absent"
    assert "batched engine: absent (install the 'batch' extra" in bench.report(figures)


@pytest.mark.parametrize(("rules_id", "engine"), [("direction", "australia"),
                                                  ("sea-salt-paper-tie-ender", "seasaltpaper"),
                                                  ("sea-salt-paper-extra-salt", "generic")])
def test_bench_times_the_batch_of_the_ruleset_asked(rules_id: str, engine: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A variant's batched lines time that variant, on the engine serving it (not its game's default)."""
    if importlib.util.find_spec("numba") is None:
        return
    from boomerang_rules import batch, bench

    timed = []
    real = batch.bench_rates

    def recording(rules: object, *args: object) -> tuple[float, float]:
        timed.append(rules)
        return real(rules, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "bench_rates", recording)
    figures = bench.run(seconds=0.01, runs=1, extras=False, rules=rules_id, batch_games=16, players=2)
    assert [getattr(r, "id", r) for r in timed] == [rules_id, rules_id]
    assert figures["batch_engine"] == engine
    assert figures["batch_playouts_decisions_per_s"] > figures["batch_playouts_games_per_s"] > 0
    text = bench.report(figures)
    assert f"batch.playouts ({engine}" in text
    assert ("the plain engine serves its batch" in text) == (engine == "generic")


@pytest.mark.timeout(60)
def test_bench_run_refuses_a_duration_or_run_count_before_timing_anything() -> None:
    """``bench.run`` takes ``seconds`` and ``runs`` as the command's ``--seconds`` and ``--runs`` do: a
    NaN ``seconds`` timed the batched engine for ever, and ``runs=0`` ended, after every loop, in
    ``statistics``' "no median for empty data"."""
    from boomerang_rules import bench

    for seconds in (float("nan"), float("inf"), -0.5):
        with pytest.raises(ValueError, match=r"^seconds must be a finite number of seconds, 0 or more, not "):
            bench.run(seconds=seconds, runs=1, extras=False, others=False)
    with pytest.raises(TypeError, match=r"^seconds must be a number of seconds \(int or float\), not str"):
        bench.run(seconds="1", runs=1, extras=False, others=False)  # type: ignore[arg-type]
    for runs in (0, -1):
        with pytest.raises(ValueError, match=r"^runs must be a number of timed runs, 1 or more, not -?[01]$"):
            bench.run(seconds=0.0, runs=runs, extras=False, others=False)
    with pytest.raises(TypeError, match=r"^runs must be a number of timed runs \(int\), not float"):
        bench.run(seconds=0.0, runs=1.0, extras=False, others=False)  # type: ignore[arg-type]


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


@pytest.mark.parametrize("rules_id", ["sea-salt-paper-extra-salt", "sea-salt-paper", "standard", "boomerang-2010"])
def test_the_header_names_the_engine_that_serves_the_ruleset(rules_id: str) -> None:
    """The engine in the header is what serves the ruleset asked, as its game's engine reports it:
    Sea Salt & Paper's compiled path hands every decision of Extra Salt's rules to the plain
    functions, so ``bench --rules sea-salt-paper-extra-salt`` times plain Python (it said
    "compiled hot path" of the whole game)."""
    from boomerang_rules import bench, load_rules
    from boomerang_rules.seasaltpaper import engine as ssp_engine
    from boomerang_rules.seasaltpaper.tables import tables_for

    rules = load_rules(rules_id)
    figures = bench.run(seconds=0.01, runs=1, extras=False, batch=False, rules=rules_id, others=False,
                        players=rules.players.min)
    assert figures["engine"] == bench.rules_engine_kind(rules)
    compiled = bench.game_engine_kind(rules.game).startswith("compiled")
    handed = rules.game == "sea-salt-paper" and ssp_engine.COMPILED is not None and tables_for(rules).compiled is None
    assert figures["engine"].startswith("compiled") is (compiled and not handed), figures["engine"]
    assert (rules_id == "sea-salt-paper-extra-salt" and compiled) is handed
    assert f"engine: {figures['engine']}" in bench.report(figures)
