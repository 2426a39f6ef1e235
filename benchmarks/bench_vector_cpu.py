"""The vector env against OpenSpiel hearts in CPU time: a ratio that holds on a shared machine.

``boomerang-rules bench --rl --compare hearts`` times by the wall clock, so on a machine
other jobs share the ratio moves with their load (each side loses a different share of its
time). Here both sides are timed by ``time.process_time`` (this process's CPU time) in
alternating runs, so time spent waiting for a core counts for neither. Random legal actions
on both sides: hearts' ``legal_actions`` and ``chance_outcomes`` as in ``bench``; the vector
env's ``sample_actions``, observations and masks included.

Any game: ``--rules`` names the ruleset (a shipped id or a file; the default ruleset if not
given). A decision is one seat's action: the draws of ``sample_actions`` that are actions (it
gives -1 to a seat owing nothing), every seat at every step of a game played in lockstep, the
seat to act in a game of turns.

Needs the extras ``batch`` and ``bench``.
Run: python benchmarks/bench_vector_cpu.py [--rules ID|PATH] [--players 4] [--games 512] [--seconds 1.0] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import numpy as np
import pyspiel

from boomerang_rules import load_rules
from boomerang_rules.rl.vector import VectorEnv


def hearts_steps(seconds: float, seed: int) -> float:
    """OpenSpiel hearts played at random to the end: steps (chance included) per CPU second."""
    game = pyspiel.load_game("hearts")
    choice = random.Random(seed).choice
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
            steps += 1
        state.returns()
    return steps / (time.process_time() - start)


def vector_decisions(rules: Any, players: int, seconds: float, games: int, copy: bool, seed: int) -> float:
    """Decisions per CPU second of the vector env of ``rules``'s game, ``sample_actions`` choosing."""
    env = VectorEnv(rules, players=players, games=games, copy=copy)
    env.reset(seed=0)
    env.step(env.sample_actions())  # compiled code loaded outside the timing
    decisions = 0
    batch_seed = seed << 32
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=batch_seed)
        batch_seed += games
        done = False
        while not done:
            actions = env.sample_actions()
            decisions += int(np.count_nonzero(actions >= 0))
            _, _, _, done = env.step(actions)
    return decisions / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default=None, help="a shipped ruleset id or a ruleset file (any game)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=512)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rules = load_rules() if args.rules is None else load_rules(args.rules)
    hearts: list[float] = []
    vector: dict[bool, list[float]] = {False: [], True: []}
    for i in range(args.runs):
        hearts.append(hearts_steps(args.seconds, i))
        for copy in vector:
            vector[copy].append(vector_decisions(rules, args.players, args.seconds, args.games, copy, i))
    engine = VectorEnv(rules, players=args.players, games=1).engine
    print(f"{args.players}-player games of {rules.id} (vector engine {engine}), CPU time, "
          f"median of {args.runs} alternating runs of {args.seconds} s:")
    print(f"  OpenSpiel hearts, random         {statistics.median(hearts):>12,.0f} steps/s")
    for copy, rates in vector.items():
        ratio = statistics.median(v / h for v, h in zip(rates, hearts))
        print(f"  vector env, {args.games} games, copy={copy!s:<5} {statistics.median(rates):>12,.0f} decisions/s"
              f"  {ratio:.1f}x hearts")


if __name__ == "__main__":
    main()
