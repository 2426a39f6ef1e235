"""Speed of the learning adapters, against the raw engine loop in the same runs (``bench --rl``).

Figures, never pass/fail: each is the median of several timed runs, the adapters' runs
alternating with the raw loop's (``bench.play_random_games``: ``new_game``, ``to_act``,
``legal_actions``, ``apply``) so that both see the same machine. Every function takes the
ruleset (any game's): the envs are the same code for every game, so is their timing. A decision
is one seat's action: every seat's at each step of a game played in lockstep, the seats owing one
in a game of turns (counted from the env's own masks and draws, never from the game's name).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any


def pettingzoo_parallel(rules: Any, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Random-policy PettingZoo parallel episodes, observations and masks included: decisions, seconds.

    The policy draws uniformly among the legal actions of each seat's ``action_mask``
    (``mask.nonzero()`` and a uniform pick: the distribution of PettingZoo's idiom
    ``env.action_space(agent).sample(mask)``, whose gymnasium sampler costs about 13 us of CPU a
    call on the project's machine against 0.5 us for the pick: four seats' draws would cost
    more than the env's whole step, and the figure would measure gymnasium, not the env).
    """
    from .pettingzoo import parallel_env

    env = parallel_env(rules, players=players)
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


VECTOR_GAMES = 512
"""Games a vector env plays at once in ``bench``: the batch size at which the project's machine
ran it fastest (per-call costs small against 2048 decisions a step, the 4 MB of observations
still in cache; 128 to 1024 were within 15% of it)."""

VECTOR_RUNS = (("sample", False), ("sample", True), ("numpy", True))
"""The vector env's timed configurations: (policy, copy)."""


def vector_steps(rules: Any, players: int, seconds: float, seed: int, games: int = VECTOR_GAMES, copy: bool = True,
                 policy: str = "sample") -> tuple[int, float]:
    """Random-policy steps of the batched vector env (``games`` at once), observations included: decisions, seconds.

    ``policy`` "sample": ``env.sample_actions()`` (compiled, where a kernel serves); "numpy":
    uniform noise over the masks and ``argmax`` in numpy. ``copy``: the env's ``copy`` (fresh
    arrays or views of its buffers). The decisions counted are the seats owing one at each step:
    the draws that are actions (``sample_actions`` gives -1 to a seat owing nothing), or the
    seats with a legal action under the numpy policy.
    """
    import numpy as np

    from .vector import VectorEnv

    env = VectorEnv(rules, players=players, games=games, copy=copy)
    rng = np.random.default_rng(seed)
    env.reset(seed=0)  # compiles the batched engine (or loads it) outside the timing
    env.step(env.sample_actions())
    decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    batch_seed = seed << 32
    sample = policy == "sample"
    while time.perf_counter() < deadline:
        _, masks = env.reset(seed=batch_seed)
        batch_seed += games
        done = False
        while not done:
            if sample:
                actions = env.sample_actions()
                decisions += int(np.count_nonzero(actions >= 0))
            else:
                noise = rng.random(masks.shape, dtype=np.float32)
                scored = np.where(masks, noise, np.float32(-1.0))
                actions = scored.argmax(axis=2)
                decisions += int(np.count_nonzero(np.take_along_axis(scored, actions[:, :, None], 2) >= 0))
            _, masks, _, done = env.step(actions)
    return decisions, time.perf_counter() - start


def memory_ceilings(rules: Any, players: int, seconds: float, games: int = VECTOR_GAMES) -> tuple[float, float]:
    """Seat-observations per second if a vector env step did nothing but (write, copy) its
    observations in full: ``fill`` then ``copyto`` of a float32 ``(games, players, observation_size)``
    array of ``rules``'s game.

    The first bounds any env building each observation anew, the second any env returning
    copies (``copy=True``); an env updating its buffer in place and returning views is bound by
    neither. In a game played in lockstep a seat-observation is a decision; in a game of turns a
    step holds fewer decisions than seats, so the ceiling in decisions is lower by that ratio.
    """
    import numpy as np

    from . import observation_size

    a = np.zeros((games, players, observation_size(rules, players)), np.float32)
    b = np.empty_like(a)
    rates = []
    for copy in (False, True):
        done = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds / 2:
            if copy:
                np.copyto(b, a)
            else:
                a.fill(1.0)
            done += 1
        rates.append(done * games * players / (time.perf_counter() - start))
    return rates[0], rates[1]


def vector_engine(rules: Any, players: int) -> str:
    """Which batched engine serves ``rules``'s vector env: its ``engine`` (a compiled kernel's game, or "generic")."""
    from .vector import VectorEnv

    return VectorEnv(rules, players=players, games=1).engine


def run(players: int = 4, seconds: float = 1.0, runs: int = 5, hearts: bool = False, batch: bool = True,
        rules: Any = None) -> dict[str, Any]:
    """The adapters' figures for ``rules`` (a ruleset or its id; None: the default), as a dict, with the
    raw loop's (and OpenSpiel hearts', if asked) from the same runs: the same keys for every game."""
    from .. import load_rules
    from ..bench import play_hearts_games, play_random_games

    rules = load_rules() if rules is None else load_rules(rules) if isinstance(rules, str) else rules
    raw: list[float] = []
    parallel: list[float] = []
    vector: dict[tuple[str, bool], list[float]] = {run: [] for run in VECTOR_RUNS}
    ceilings: list[tuple[float, float]] = []
    hearts_steps: list[float] = []
    try:
        import boomerang_rules.batch  # noqa: F401

        has_batch = batch
        unbatched = "skipped"
    except ImportError:
        has_batch = False
        unbatched = "absent"
    for i in range(runs):
        _, decisions, elapsed = play_random_games(rules, players, seconds, i)
        raw.append(decisions / elapsed)
        done, elapsed = pettingzoo_parallel(rules, players, seconds, i)
        parallel.append(done / elapsed)
        if has_batch:
            for policy, copy in VECTOR_RUNS:
                done, elapsed = vector_steps(rules, players, seconds, i, copy=copy, policy=policy)
                vector[policy, copy].append(done / elapsed)
            ceilings.append(memory_ceilings(rules, players, seconds))
        if hearts:
            _, steps, elapsed = play_hearts_games(seconds, i)
            hearts_steps.append(steps / elapsed)
    out: dict[str, Any] = {
        "game": rules.game, "rules": rules.id, "players": players, "runs": runs, "seconds_per_run": seconds,
        "raw_decisions_per_s": statistics.median(raw),
        "pettingzoo_parallel_decisions_per_s": statistics.median(parallel),
        "pettingzoo_parallel_ratio": statistics.median(p / r for p, r in zip(parallel, raw)),
    }
    if hearts_steps:
        out["hearts_steps_per_s"] = statistics.median(hearts_steps)
    if has_batch:
        out["vector_engine"] = vector_engine(rules, players)
        out["vector_games"] = VECTOR_GAMES
        out["vector"] = []
        for (policy, copy), rates in vector.items():
            figure: dict[str, Any] = {"policy": policy, "copy": copy, "decisions_per_s": statistics.median(rates)}
            if hearts_steps:
                figure["hearts_ratio"] = statistics.median(v / h for v, h in zip(rates, hearts_steps))
            out["vector"].append(figure)
        out["fill_ceiling_decisions_per_s"] = statistics.median(c[0] for c in ceilings)
        out["copy_ceiling_decisions_per_s"] = statistics.median(c[1] for c in ceilings)
    else:  # said, as the batched engine's lines are: the vector env needs it
        out["vector_batch"] = unbatched
    return out


def report(figures: dict[str, Any]) -> str:
    """The figures as lines for a person."""
    lines = [f"learning adapters, {figures['players']}-player games of {figures['rules']} (median of "
             f"{figures['runs']} alternating runs of {figures['seconds_per_run']} s):",
             f"  raw engine loop                  {figures['raw_decisions_per_s']:>12,.0f} decisions/s",
             f"  PettingZoo parallel, random      {figures['pettingzoo_parallel_decisions_per_s']:>12,.0f} "
             f"decisions/s  ratio to raw {figures['pettingzoo_parallel_ratio']:.2f}",
             "    (policy: a uniform pick from each seat's action_mask.nonzero(), not gymnasium's slower "
             "action_space(agent).sample(mask))"]
    policies = {"sample": "env.sample_actions()", "numpy": "numpy noise + argmax"}
    if "vector" in figures:
        lines.append(f"  vector env (batch, engine {figures['vector_engine']}), {figures['vector_games']} games x "
                     f"{figures['players']} seats a step, random policy, observations included:")
        for v in figures["vector"]:
            line = (f"    copy={v['copy']!s:<5} {policies[v['policy']]:<22} {v['decisions_per_s']:>12,.0f} decisions/s")
            if "hearts_ratio" in v:
                line += f"  {v['hearts_ratio']:5.1f}x OpenSpiel hearts ({figures['hearts_steps_per_s']:,.0f} steps/s)"
            lines.append(line)
        fill, copied = figures["fill_ceiling_decisions_per_s"], figures["copy_ceiling_decisions_per_s"]
        lines.append(f"    ceilings, numpy alone on the observation buffer: fill {fill:,.0f}, copy {copied:,.0f} "
                     "seat-observations/s")
    elif figures.get("vector_batch") == "absent":
        lines.append("  vector env: absent (install the 'batch' extra: numba, numpy)")
    elif figures.get("vector_batch") == "skipped":
        lines.append("  vector env: skipped (--no-batch)")
    return "\n".join(lines)
