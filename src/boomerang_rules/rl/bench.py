"""Speed of the learning adapters, against the raw engine loop in the same runs (``bench --rl``).

Figures, never pass/fail: each is the median of several timed runs, the adapters' runs
alternating with the raw loop's (``bench.play_random_games``: ``new_game``, ``to_act``,
``legal_actions``, ``apply``) so that both see the same machine.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any


def pettingzoo_parallel(players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Random-policy PettingZoo parallel episodes, observations and masks included: decisions, seconds.

    The policy draws uniformly among the legal actions of each seat's ``action_mask``.
    """
    from .pettingzoo import parallel_env

    env = parallel_env(players=players)
    rand = random.Random(seed).random
    decisions = 0
    game = seed << 20
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        obs, _ = env.reset(seed=game)
        game += 1
        while env.agents:
            actions = {}
            for agent, seen in obs.items():
                legal = seen["action_mask"].nonzero()[0]
                if len(legal):
                    actions[agent] = int(legal[int(rand() * len(legal))])
            decisions += len(actions)
            obs, _, _, _, _ = env.step(actions)
    return decisions, time.perf_counter() - start


def vector_steps(players: int, seconds: float, seed: int, games: int = 256) -> tuple[int, float]:
    """Random-policy steps of the batched vector env (``games`` at once), observations included: decisions, seconds."""
    import numpy as np

    from .vector import VectorEnv

    env = VectorEnv(players=players, games=games)
    rng = np.random.default_rng(seed)
    _, masks = env.reset(seed=0)  # compiles the batched engine (or loads it) outside the timing
    env.step(masks.argmax(axis=2))
    decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    batch_seed = seed << 32
    while time.perf_counter() < deadline:
        _, masks = env.reset(seed=batch_seed)
        batch_seed += games
        done = False
        while not done:
            noise = rng.random(masks.shape, dtype=np.float32)
            actions = np.where(masks, noise, -1.0).argmax(axis=2)
            _, masks, _, done = env.step(actions)
            decisions += games * players
    return decisions, time.perf_counter() - start


def run(players: int = 4, seconds: float = 1.0, runs: int = 5, hearts: bool = False, batch: bool = True
        ) -> dict[str, Any]:
    """The adapters' figures as a dict, with the raw loop's (and OpenSpiel hearts', if asked) from the same runs."""
    from .. import load_rules
    from ..bench import play_hearts_games, play_random_games

    rules = load_rules()
    raw: list[float] = []
    parallel: list[float] = []
    vector: list[float] = []
    hearts_steps: list[float] = []
    try:
        import boomerang_rules.batch  # noqa: F401

        has_batch = batch
    except ImportError:
        has_batch = False
    for i in range(runs):
        _, decisions, elapsed = play_random_games(rules, players, seconds, i)
        raw.append(decisions / elapsed)
        done, elapsed = pettingzoo_parallel(players, seconds, i)
        parallel.append(done / elapsed)
        if has_batch:
            done, elapsed = vector_steps(players, seconds, i)
            vector.append(done / elapsed)
        if hearts:
            _, steps, elapsed = play_hearts_games(seconds, i)
            hearts_steps.append(steps / elapsed)
    out: dict[str, Any] = {
        "players": players, "runs": runs, "seconds_per_run": seconds,
        "raw_decisions_per_s": statistics.median(raw),
        "pettingzoo_parallel_decisions_per_s": statistics.median(parallel),
        "pettingzoo_parallel_ratio": statistics.median(p / r for p, r in zip(parallel, raw)),
    }
    if vector:
        out["vector_decisions_per_s"] = statistics.median(vector)
    if hearts_steps:
        out["hearts_steps_per_s"] = statistics.median(hearts_steps)
        if vector:
            out["vector_hearts_ratio"] = statistics.median(v / h for v, h in zip(vector, hearts_steps))
    return out


def report(figures: dict[str, Any]) -> str:
    """The figures as lines for a person."""
    lines = [f"learning adapters, {figures['players']} players (median of {figures['runs']} alternating runs "
             f"of {figures['seconds_per_run']} s):",
             f"  raw engine loop                  {figures['raw_decisions_per_s']:>12,.0f} decisions/s",
             f"  PettingZoo parallel, random      {figures['pettingzoo_parallel_decisions_per_s']:>12,.0f} "
             f"decisions/s  ratio to raw {figures['pettingzoo_parallel_ratio']:.2f}"]
    if "vector_decisions_per_s" in figures:
        line = f"  vector env (batch), random       {figures['vector_decisions_per_s']:>12,.0f} decisions/s"
        if "vector_hearts_ratio" in figures:
            line += (f"  ratio to OpenSpiel hearts' {figures['hearts_steps_per_s']:,.0f} steps/s: "
                     f"{figures['vector_hearts_ratio']:.1f}")
        lines.append(line)
    return "\n".join(lines)
