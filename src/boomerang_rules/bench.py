"""Benchmarks of the public API, printed as figures (never as pass/fail tests).

``boomerang-rules bench`` runs them; ``benchmarks/`` holds scripts that call the same code.
Each run times, one after another, random games through the public API one decision at a
time (``apply``), one step at a time (``step``), four ``RandomBot``s through ``play_game``,
the batched engine when its extra is installed, and with ``--compare hearts`` OpenSpiel's C++
hearts (a game of about the same length: 114 steps against our 112 decisions) driven by the
same Python loop. Figures are medians over the runs; a ratio is the median of the runs' own
ratios, each taken between figures measured moments apart on the same machine.
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from . import (
    apply,
    is_over,
    legal_actions,
    load_rules,
    new_game,
    score_sheets,
    step,
    to_act,
)
from .core.arguments import brief, duration, integer


def for_seconds(seconds: float, play_one: Callable[[], int]) -> tuple[int, int, float]:
    """Call ``play_one`` (which returns its step count) for about ``seconds``: calls, steps, time."""
    games = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        steps += play_one()
        games += 1
    return games, steps, time.perf_counter() - start


def random_games(rules: Any, players: int, seed: int) -> Iterator[int]:
    """Random full games through the public API (``new_game``, ``to_act``, ``legal_actions``, ``apply``,
    ``score_sheets`` at the end), one after another from ``seed``: each game's decisions."""
    rng = random.Random(seed)
    choice = rng.choice
    while True:
        decisions = 0
        s = new_game(rules, players, rng.getrandbits(64))
        while not is_over(s):
            for seat in to_act(s):
                s = apply(s, seat, choice(legal_actions(s, seat)))
                decisions += 1
        score_sheets(s)
        yield decisions


def play_random_games(rules: Any, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """``random_games`` for about ``seconds``: games, decisions, time."""
    games = random_games(rules, players, seed)
    return for_seconds(seconds, games.__next__)


def play_random_steps(rules: Any, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """``play_random_games`` with one ``step`` call per simultaneous step: games, steps, time.

    Each step's actions are gathered by a plain loop, not a list comprehension: on Python 3.11 a
    comprehension is a function call of its own (~0.25 us a step), which times the interpreter,
    not the engine. The same draws from the same generator, in the same order."""
    rng = random.Random(seed)
    choice = rng.choice

    def one_game() -> int:
        steps = 0
        s = new_game(rules, players, rng.getrandbits(64))
        while not is_over(s):
            actions = []
            for seat in to_act(s):
                actions.append(choice(legal_actions(s, seat)))
            s = step(s, actions)
            steps += 1
        score_sheets(s)
        return steps

    return for_seconds(seconds, one_game)


def batch_module() -> Any:
    """``boomerang_rules.batch`` when its extra (numba, numpy) is installed, else None."""
    try:
        from . import batch
    except ImportError:
        return None
    return batch


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


def random_history(rules: Any, players: int, seed: int) -> list[Any]:
    """Every state of one random game through the public API, the first to the finished one."""
    rng = random.Random(seed)
    s = new_game(rules, players, seed)
    history = [s]
    while not is_over(s):
        for seat in to_act(s):
            s = apply(s, seat, rng.choice(legal_actions(s, seat)))
            history.append(s)
    return history


def history_bytes_per_state(players: int = 4, seed: int = 1, rules: Any = None) -> float:
    """Memory a game's full history of states holds, per state, counting shared objects once (any
    game's: ``rules``, a ruleset or its id; None, the default ruleset).

    What another game of the same ruleset reaches too (the ruleset, its tables, the interpreter's
    shared small objects) is not the history's: a second random game's history, walked first,
    marks it, so no game's layout (where its tables hang) is named here.
    """
    rules = load_rules() if rules is None else load_rules(rules) if isinstance(rules, str) else rules
    history = random_history(rules, players, seed)
    shared: set[int] = set()
    _reachable(random_history(rules, players, seed + 1), shared)
    return sum(map(sys.getsizeof, _reachable(history, shared))) / len(history)


def _reachable(roots: list[Any], seen: set[int] | None = None, skip: tuple[type, ...] = (type,)) -> list[Any]:
    """The objects reachable from ``roots`` through tuples, lists and slots, each once, not those
    whose id is in ``seen`` (which grows) nor instances of ``skip``."""
    seen = set() if seen is None else seen
    out = []
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen.add(id(obj))
        out.append(obj)
        if isinstance(obj, tuple | list):
            stack.extend(obj)
        elif hasattr(obj, "__slots__"):
            stack.extend(getattr(obj, name) for name in type(obj).__slots__ if hasattr(obj, name))
    return out


def startup_seconds(args: list[str], runs: int = 5) -> float:
    """Median wall time of a fresh interpreter running ``args``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def engine_kind() -> str:
    """Which engine of the default ruleset's game serves ``apply``, ``legal_actions`` and ``step``."""
    return rules_engine_kind(load_rules())


def run(players: int = 4, seconds: float = 1.0, runs: int = 5, compare: str | None = None,
        extras: bool = True, batch: bool = True, rules: Any = None, batch_games: int = 4096,
        others: bool | None = None) -> dict[str, Any]:
    """Every figure of ``rules``'s game (a ruleset, a shipped id or a file; None: the default
    ruleset), as a dict, the same code and the same keys for every game.

    The apply and step loops, RandomBots through the game's ``play_game``, ``compare="hearts"``
    OpenSpiel's hearts alternately, ``batch`` the game's batched engine's playouts and step API
    (batches of ``batch_games``) when ``boomerang_rules.batch`` imports; with ``extras`` its
    records' validation, ``score_sheets`` of a finished game, the memory of a game's history and
    the start-up times. ``others`` (by default: when ``rules`` is None) adds the apply loop of every
    other game's default ruleset.
    """
    seconds = duration(seconds)
    runs = integer(runs, "runs", "a number of timed runs")
    if runs < 1:  # no run gives no median to report
        raise ValueError(f"runs must be a number of timed runs, 1 or more, not {brief(runs)}")
    ruleset = load_rules() if rules is None else load_rules(rules) if isinstance(rules, str) else rules
    batched = batch_module() if batch else None
    columns: dict[str, list[tuple[float, float]]] = {"decisions": [], "steps": [], "bots": [], "hearts": [],
                                                     "batch_playouts": [], "batch_step_api": []}
    for i in range(runs):
        games, decisions, elapsed = play_random_games(ruleset, players, seconds, i)
        columns["decisions"].append((games / elapsed, decisions / elapsed))
        games, steps, elapsed = play_random_steps(ruleset, players, seconds, i)
        columns["steps"].append((games / elapsed, steps / elapsed))
        games, elapsed = play_game_bots(ruleset, players, seconds, i)
        columns["bots"].append((games / elapsed, 0.0))
        if compare == "hearts":
            h_games, h_steps, h_elapsed = play_hearts_games(seconds, i)
            columns["hearts"].append((h_games / h_elapsed, h_steps / h_elapsed))
        if batched is not None:
            _batch_run(batched, ruleset, players, seconds, batch_games, columns)
    out = _loop_figures(ruleset, players, seconds, runs, columns)
    out["engine"] = rules_engine_kind(ruleset)
    _batch_figures(out, batched, columns, ruleset, batch)
    out["other_games"] = other_games(players, seconds, runs, ruleset.game) if (
        rules is None if others is None else others) else {}
    if columns["hearts"]:
        _hearts_figures(out, columns)
        out["bots_ratio"] = _median_ratio(columns, "bots", "hearts")
        _batch_ratios(out, columns)
    if extras:
        _extra_figures(out, ruleset, seconds, runs)
    return out


def _extra_figures(out: dict[str, Any], rules: Any, seconds: float, runs: int) -> None:
    """The figures beyond the loops, every game's alike (through the game contract): its records'
    validation, ``score_sheets`` of a finished game, a game's history in memory, the start-up times."""
    from .core.games import game_module

    game = game_module(rules.game)
    n = min(max(4, rules.players.min), rules.players.max)
    final = play_one_random(rules, n, 1)
    record = game.record_of(final)

    def validations() -> tuple[int, float]:
        done, _, elapsed = for_seconds(seconds / 2, lambda: len(game.validate_record(record)))
        return done, elapsed

    def sheets() -> tuple[int, float]:
        done, _, elapsed = for_seconds(seconds / 2, lambda: len(score_sheets(final)))
        return done, elapsed

    out["extras_players"] = n
    out["validate_records_per_s"] = rate(runs, validations)
    out["score_sheets_calls_per_s"] = rate(runs, sheets)
    _startup_figures(out)
    out["bytes_per_state"] = history_bytes_per_state(n, 1, rules)


BATCH_KINDS = ("playouts", "step_api")
"""The batched engine's two ways in that ``bench`` times: whole games in one compiled loop, and
``init``/``legal_masks``/``step``/``totals`` driven from Python."""


def _batch_run(batched: Any, ruleset: Any, players: int, seconds: float, games: int,
               columns: dict[str, list[tuple[float, float]]]) -> None:
    """One timed run of ``ruleset``'s batched playouts and step API (games/s, decisions/s) into
    ``columns``, on the engine that serves it (``batch.serving``)."""
    for kind in BATCH_KINDS:
        columns[f"batch_{kind}"].append(batched.bench_rates(ruleset, kind, seconds, players, games))


def _batch_figures(out: dict[str, Any], batched: Any, columns: dict[str, list[tuple[float, float]]],
                   ruleset: Any, wanted: bool) -> None:
    """The batched engine's medians: games/s and decisions/s of its playouts and step API, and
    which engine served them (``batch``: "absent" without the extra, "skipped" when not asked)."""
    if batched is None:
        out["batch"] = "absent" if wanted else "skipped"
        return
    serving = batched.serving(ruleset).__name__.rsplit(".", 1)[1]
    out["batch_engine"] = serving
    out["batch"] = f"{serving}, {batched.THREADS} thread(s)" if serving != "generic" else "generic, plain"
    if serving == "generic":
        out["batch_games"] = batched.generic.BENCH_GAMES
    for kind in BATCH_KINDS:
        runs = columns[f"batch_{kind}"]
        out[f"batch_{kind}_games_per_s"] = statistics.median(g for g, _ in runs)
        out[f"batch_{kind}_decisions_per_s"] = statistics.median(d for _, d in runs)


def _batch_ratios(out: dict[str, Any], columns: dict[str, list[tuple[float, float]]]) -> None:
    """The batched engine's ratios to hearts, per game and per decision (medians of the runs' own)."""
    for kind in BATCH_KINDS:
        runs = columns.get(f"batch_{kind}", [])
        if runs:
            out[f"batch_{kind}_ratio"] = _median_ratio(columns, f"batch_{kind}", "hearts")
            hearts = columns["hearts"]
            out[f"batch_{kind}_decision_ratio"] = statistics.median(a[1] / b[1] for a, b in zip(runs, hearts))


def _median_ratio(columns: dict[str, list[tuple[float, float]]], top: str, bottom: str) -> float:
    """The median of the runs' own ratios of ``top``'s games/s to ``bottom``'s."""
    return statistics.median(a[0] / b[0] for a, b in zip(columns[top], columns[bottom]))


def _loop_figures(rules: Any, players: int, seconds: float, runs: int,
                  columns: dict[str, list[tuple[float, float]]]) -> dict[str, Any]:
    """The figures of the apply, step and bot loops, every game's alike."""
    return {
        "game": rules.game, "rules": rules.id,
        "players": players, "runs": runs, "seconds_per_run": seconds,
        "games_per_s": statistics.median(g for g, _ in columns["decisions"]),
        "decisions_per_s": statistics.median(d for _, d in columns["decisions"]),
        "step_games_per_s": statistics.median(g for g, _ in columns["steps"]),
        "step_decisions_per_s": _step_decisions(columns["steps"], columns["decisions"]),
        "bot_games_per_s": statistics.median(g for g, _ in columns["bots"]),
        "bots_vs_raw": _median_ratio(columns, "bots", "decisions"),
    }


def _step_decisions(steps: list[tuple[float, float]], decisions: list[tuple[float, float]]) -> float:
    """Decisions per second of the step loop: its games/s times the apply loop's decisions a game
    (a step holds every seat's decision; random games of the same rules last the same on average)."""
    per_game = sum(d for _, d in decisions) / sum(g for g, _ in decisions)
    return statistics.median(g for g, _ in steps) * per_game


def _hearts_figures(out: dict[str, Any], columns: dict[str, list[tuple[float, float]]]) -> None:
    """Hearts' figures and the ratios to them, per game and per decision (a hearts step is one decision)."""
    hearts = columns["hearts"]
    out["hearts_games_per_s"] = statistics.median(g for g, _ in hearts)
    out["hearts_steps_per_s"] = statistics.median(d for _, d in hearts)
    out["ratio"] = statistics.median(a[0] / b[0] for a, b in zip(columns["decisions"], hearts))
    out["step_ratio"] = statistics.median(a[0] / b[0] for a, b in zip(columns["steps"], hearts))
    out["decision_ratio"] = statistics.median(a[1] / b[1] for a, b in zip(columns["decisions"], hearts))
    per_game = [d / g for g, d in columns["decisions"]]
    out["step_decision_ratio"] = statistics.median(a[0] * k / b[1] for a, b, k in zip(columns["steps"], hearts,
                                                                                       per_game))


def _startup_figures(out: dict[str, Any]) -> None:
    out["import_s"] = startup_seconds([sys.executable, "-c", "import boomerang_rules"])
    script = shutil.which("boomerang-rules")
    out["cli_help_s"] = startup_seconds([script, "--help"] if script else
                                        [sys.executable, "-m", "boomerang_rules", "--help"])
    out["python_startup_s"] = startup_seconds([sys.executable, "-c", "pass"])


def play_game_bots(rules: Any, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Games of ``RandomBot`` at every seat through the game's ``play_game`` (views and all):
    games, time. For any game."""
    from .core.bots import bot_game

    rng = random.Random(seed)
    names = ["random"] * players

    def one_game() -> int:
        score_sheets(bot_game(rules, names, rng.getrandbits(64)))
        return 0

    games, _, elapsed = for_seconds(seconds, one_game)
    return games, elapsed


def play_one_random(rules: Any, players: int, seed: int) -> Any:
    """One finished random game through the public API (the apply loop's own), its final state."""
    rng = random.Random(seed)
    s = new_game(rules, players, seed)
    while not is_over(s):
        for seat in to_act(s):
            s = apply(s, seat, rng.choice(legal_actions(s, seat)))
    return s


def rules_engine_kind(rules: Any) -> str:
    """Which engine serves ``apply`` and ``legal_actions`` for ``rules``: its game's engine module's
    ``serving(rules)`` if it has one (a compiled path that hands some rulesets to the plain code
    says so), else ``game_engine_kind`` of its game."""
    import importlib

    from .core.games import GAMES

    engine = importlib.import_module(f"{GAMES[rules.game]}.engine")
    serving = getattr(engine, "serving", None)
    return str(serving(rules)) if serving is not None else game_engine_kind(rules.game)


def game_engine_kind(game: str) -> str:
    """Which engine serves ``game``'s ``apply`` and ``legal_actions``: its engine module's ``ENGINE``
    if it says, else read off its ``ACCELERATED`` (the compiled hot path ``<package>/_accel``)."""
    import importlib

    from .core.games import GAMES

    engine = importlib.import_module(f"{GAMES[game]}.engine")
    said = getattr(engine, "ENGINE", None)
    if said is not None:
        return str(said)
    package = GAMES[game].rsplit(".", 1)[1]
    if getattr(engine, "ACCELERATED", False):
        return f"compiled hot path ({package}/_accel)"
    return f"plain Python ({package}/_accel not built, or BOOMERANG_RULES_PURE set)"


def other_games(players: int, seconds: float, runs: int, game: str | None = None) -> dict[str, dict[str, Any]]:
    """Random games of every game but ``game`` (None: the default ruleset's) through the same public
    API loop, each its default ruleset: per game, its ruleset, the player count (``players`` within
    its range), games/s and decisions/s."""
    from .core.loading import list_rules

    out: dict[str, dict[str, Any]] = {}
    skip = load_rules().game if game is None else game
    for info in list_rules():
        if info.extends is not None or info.game == skip or info.game in out:
            continue
        rules = load_rules(info.id)
        n = min(max(players, rules.players.min), rules.players.max)
        rates = []
        for i in range(runs):
            games, decisions, elapsed = play_random_games(rules, n, seconds, i)
            rates.append((games / elapsed, decisions / elapsed))
        out[info.game] = {"rules": info.id, "players": n, "games_per_s": statistics.median(g for g, _ in rates),
                          "decisions_per_s": statistics.median(d for _, d in rates)}
    return out


def report(figures: dict[str, Any]) -> str:
    """The figures as lines for a person."""
    hearts = "ratio" in figures

    def line(label: str, games: float, ratio_key: str | None = None, extra: str = "") -> str:
        ratio = f"  {figures[ratio_key]:5.2f}x hearts" if hearts and ratio_key else ""
        return f"  {label:<44}{games:>12,.0f} games/s{ratio}{extra}"

    def per_decision(rate_key: str, ratio_key: str) -> str:
        ratio = f", {figures[ratio_key]:.2f}x hearts per decision" if hearts else ""
        return f"  ({figures[rate_key]:,.0f} decisions/s{ratio})"

    lines = [f"random {figures['players']}-player games of {figures['rules']} (median of "
             f"{figures['runs']} alternating runs of {figures['seconds_per_run']} s; engine: {figures['engine']}):",
             line("public API, one decision a call (apply)", figures["games_per_s"], "ratio",
                  per_decision("decisions_per_s", "decision_ratio")
                  + f"  {1000 / figures['games_per_s']:.3f} ms/game"),
             line("public API, one step a call (step)", figures["step_games_per_s"], "step_ratio",
                  per_decision("step_decisions_per_s", "step_decision_ratio")),
             line("RandomBot at every seat (play_game)", figures["bot_games_per_s"], "bots_ratio",
                  f"  ({figures['bots_vs_raw']:.2f}x the apply loop)")]
    if "batch_playouts_games_per_s" in figures:
        lines += [line(f"batch.playouts ({figures['batch']})", figures["batch_playouts_games_per_s"],
                       "batch_playouts_ratio",
                       per_decision("batch_playouts_decisions_per_s", "batch_playouts_decision_ratio")),
                  line("batch step API (init/legal_masks/step)", figures["batch_step_api_games_per_s"],
                       "batch_step_api_ratio",
                       per_decision("batch_step_api_decisions_per_s", "batch_step_api_decision_ratio"))]
        if figures.get("batch_engine") == "generic":
            lines.append(f"  (the batched kernels refuse this ruleset: the plain engine serves its batch, "
                         f"{figures['batch_games']} games at a time)")
    elif figures["batch"] == "absent":
        lines.append("  batched engine: absent (install the 'batch' extra: numba, numpy)")
    elif figures["batch"] == "skipped":
        lines.append("  batched engine: skipped (--no-batch)")
    for game, f in figures.get("other_games", {}).items():
        lines.append(f"  {game + ' (' + str(f['players']) + ' players), apply loop':<44}{f['games_per_s']:>12,.0f} "
                     f"games/s  ({f['decisions_per_s']:,.0f} decisions/s, rules {f['rules']})")
    if hearts:
        lines.append(f"  {'OpenSpiel hearts (C++), the same loop':<44}{figures['hearts_games_per_s']:>12,.0f} games/s"
                     f"  ({figures['hearts_steps_per_s']:,.0f} steps/s, each a decision)")
    if "validate_records_per_s" in figures:
        n = figures["extras_players"]
        lines += [f"validate_record, {n}-player finished record: {figures['validate_records_per_s']:,.0f} records/s",
                  f"score_sheets, {n}-player finished game: {figures['score_sheets_calls_per_s']:,.0f} calls/s"]
        lines += [
            f"import boomerang_rules: {figures['import_s'] * 1000:.0f} ms "
            f"(bare python: {figures['python_startup_s'] * 1000:.0f} ms)",
            f"boomerang-rules --help: {figures['cli_help_s'] * 1000:.0f} ms",
        ]
        lines.append(f"a {n}-player game's full history of states: {figures['bytes_per_state']:,.0f} bytes per state "
                     "(shared structure counted once)")
    return "\n".join(lines)
