"""Benchmarks of the public API, printed as figures (never as pass/fail tests).

``boomerang-rules bench`` runs them; ``benchmarks/`` holds scripts that call the same code.
Each figure is the median of several timed runs; ``--compare hearts`` runs OpenSpiel's C++
hearts (a game of about the same length: 114 steps against our 112 decisions) with the same
Python loop, alternating with ours so that both see the same machine.
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from . import apply, is_over, legal_actions, load_rules, new_game, record_of, score_round, score_sheets, to_act
from .australia.playouts import random_game
from .australia.records import validate_record


def for_seconds(seconds: float, play_one: Callable[[], int]) -> tuple[int, int, float]:
    """Call ``play_one`` (which returns its step count) for about ``seconds``: calls, steps, time."""
    games = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        steps += play_one()
        games += 1
    return games, steps, time.perf_counter() - start


def play_random_games(rules: Any, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random full games through the public API for about ``seconds``: games, decisions, time."""
    rng = random.Random(seed)
    choice = rng.choice

    def one_game() -> int:
        decisions = 0
        s = new_game(rules, players, rng.getrandbits(64))
        while not is_over(s):
            for seat in to_act(s):
                s = apply(s, seat, choice(legal_actions(s, seat)))
                decisions += 1
        score_sheets(s)
        return decisions

    return for_seconds(seconds, one_game)


def play_hearts_games(seconds: float, seed: int) -> tuple[int, int, float]:
    """OpenSpiel hearts, random to the end with the same kind of loop: games, steps, time."""
    import pyspiel  # the optional extra "bench"

    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    choice = rng.choice

    def one_game() -> int:
        steps = 0
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(choice(s.chance_outcomes())[0])
            else:
                s.apply_action(choice(s.legal_actions()))
            steps += 1
        s.returns()
        return steps

    return for_seconds(seconds, one_game)


def rate(runs: int, work: Callable[[], tuple[int, float]]) -> float:
    """The median over ``runs`` of items per second of ``work`` (which returns items, seconds)."""
    rates = []
    for _ in range(runs):
        items, elapsed = work()
        rates.append(items / elapsed)
    return statistics.median(rates)


def history_bytes_per_state(players: int = 4, seed: int = 1) -> float:
    """Memory a game's full history of states holds, per state, counting shared objects once."""
    rules = load_rules()
    rng = random.Random(seed)
    s = new_game(rules, players, seed)
    history = [s]
    while not is_over(s):
        for seat in to_act(s):
            s = apply(s, seat, rng.choice(legal_actions(s, seat)))
            history.append(s)
    seen: set[int] = set()
    total = 0
    stack: list[Any] = list(history)
    skip = (type, type(rules))
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, skip) or type(obj).__name__ == "Tables":
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, tuple | list):
            stack.extend(obj)
        elif hasattr(obj, "__slots__"):
            stack.extend(getattr(obj, name) for name in type(obj).__slots__ if hasattr(obj, name))
    return total / len(history)


def startup_seconds(args: list[str], runs: int = 5) -> float:
    """Median wall time of a fresh interpreter running ``args``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run(players: int = 4, seconds: float = 1.0, runs: int = 5, compare: str | None = None,
        extras: bool = True) -> dict[str, Any]:
    """Every figure, as a dict; ``compare="hearts"`` adds OpenSpiel's hearts alternately."""
    rules = load_rules()
    ours: list[tuple[float, float]] = []
    theirs: list[tuple[float, float]] = []
    for i in range(runs):
        games, decisions, elapsed = play_random_games(rules, players, seconds, i)
        ours.append((games / elapsed, decisions / elapsed))
        if compare == "hearts":
            h_games, h_steps, h_elapsed = play_hearts_games(seconds, i)
            theirs.append((h_games / h_elapsed, h_steps / h_elapsed))
    out: dict[str, Any] = {
        "players": players, "runs": runs, "seconds_per_run": seconds,
        "games_per_s": statistics.median(g for g, _ in ours),
        "decisions_per_s": statistics.median(d for _, d in ours),
    }
    if theirs:
        out["hearts_games_per_s"] = statistics.median(g for g, _ in theirs)
        out["hearts_steps_per_s"] = statistics.median(d for _, d in theirs)
        out["ratio"] = out["games_per_s"] / out["hearts_games_per_s"]
    if extras:
        record = record_of(random_game(rules, 4, 1))

        def validations() -> tuple[int, float]:
            n, _, elapsed = for_seconds(seconds / 2, lambda: len(validate_record(record)))
            return n, elapsed

        def scorings() -> tuple[int, float]:
            cards = ["E", "A", "V", "W", "X", "J", "B"]
            start = time.perf_counter()
            for _ in range(20000):
                score_round(rules, cards, "indigenous_culture")
            return 20000, time.perf_counter() - start

        out["validate_records_per_s"] = rate(runs, validations)
        out["score_round_calls_per_s"] = rate(runs, scorings)
        out["import_s"] = startup_seconds([sys.executable, "-c", "import boomerang_rules"])
        script = shutil.which("boomerang-rules")
        out["cli_help_s"] = startup_seconds([script, "--help"] if script else
                                            [sys.executable, "-m", "boomerang_rules", "--help"])
        out["python_startup_s"] = startup_seconds([sys.executable, "-c", "pass"])
        out["bytes_per_state"] = history_bytes_per_state()
    return out


def report(figures: dict[str, Any]) -> str:
    """The figures as lines for a person."""
    lines = [f"random {figures['players']}-player games through the public API "
             f"(median of {figures['runs']} runs of {figures['seconds_per_run']} s):",
             f"  boomerang-rules  {figures['games_per_s']:>10,.0f} games/s  {figures['decisions_per_s']:>12,.0f} "
             f"decisions/s  {1000 / figures['games_per_s']:.3f} ms/game"]
    if "ratio" in figures:
        lines.append(f"  OpenSpiel hearts {figures['hearts_games_per_s']:>10,.0f} games/s  "
                     f"{figures['hearts_steps_per_s']:>12,.0f} steps/s      "
                     f"{1000 / figures['hearts_games_per_s']:.3f} ms/game")
        lines.append(f"  ratio (ours / hearts, games/s): {figures['ratio']:.2f}")
    if "validate_records_per_s" in figures:
        lines += [
            f"validate_record, 4-player finished record: {figures['validate_records_per_s']:,.0f} records/s",
            f"score_round: {figures['score_round_calls_per_s']:,.0f} calls/s",
            f"import boomerang_rules: {figures['import_s'] * 1000:.0f} ms "
            f"(bare python: {figures['python_startup_s'] * 1000:.0f} ms)",
            f"boomerang-rules --help: {figures['cli_help_s'] * 1000:.0f} ms",
            f"a game's full history of states: {figures['bytes_per_state']:,.0f} bytes per state "
            "(shared structure counted once)",
        ]
    return "\n".join(lines)
