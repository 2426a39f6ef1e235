"""Each game's envs (PettingZoo parallel and AEC, the gymnasium single-agent env) against its raw
engine loop, in CPU time.

For every shipped game: the raw loop of ``bench.play_random_games`` (``new_game``, ``to_act``,
``legal_actions``, ``apply``, random choices, through the public API, ``score_sheets`` at the
end), the parallel env, the AEC env and the gymnasium env (``rl.gym``, the other seats ``random``
bots), each with a random policy over the legal actions of its ``action_mask`` (observations and
masks included). The gymnasium env counts every decision of its game, the bots' as well as the
learner's (its step plays them; counted by replaying the same episodes untimed): per decision it
costs the engine's work plus the learner's observation once a turn; its learner's steps a second
are printed beside.

Beside each PettingZoo env, the loop's floor: the same loop and policy over a null env that plays
no game, its ``reset``, ``step``, ``agent_iter`` and ``last`` handing back what the real env handed
out in recorded episodes (no observation made, no state read): what the API's loop and the
policy cost a decision before any env does anything.

Timed by ``time.process_time`` in short slices (``--slice``, whole episodes each), every loop one
slice after another, round after round (``--rounds``): on a machine whose speed drifts from
second to second (a shared or virtual one), each round's loops see the same machine, so each
round's ratios hold. A figure is the median of the rounds' (decisions a second, the env's cost a
decision as a multiple of the engine's: 3 or less is the goal).

Needs the extra ``pettingzoo``.
Run: python benchmarks/bench_pettingzoo_games.py [--rounds 15] [--slice 0.1] [--game sea-salt-paper]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any
from unittest import mock

import boomerang_rules as br
from boomerang_rules import bench
from boomerang_rules.rl import pettingzoo as bz

GAMES = (("standard", 4), ("sea-salt-paper", 4), ("boomerang-2010", 4))
LOOPS = ("engine", "parallel", "parallel floor", "AEC", "AEC floor", "gym", "gym reseeded")


def pick(mask: Any, rand: Any) -> int | None:
    """The benchmark's policy for one seat: a random legal action of its mask (None when it owes nothing)."""
    legal = mask.nonzero()[0]
    return int(legal[int(rand() * len(legal))]) if len(legal) else None


def pick_all(obs: Any, rand: Any) -> dict[str, int]:
    """The benchmark's policy: every seat's random legal action (none for a seat owing nothing)."""
    actions = {}
    for agent, seen in obs.items():
        action = pick(seen["action_mask"], rand)
        if action is not None:
            actions[agent] = action
    return actions


def parallel_loop(env: Any, seed: int) -> Iterator[int]:
    """Random-policy episodes of a parallel env (or its null twin), a new seed each: each one's decisions."""
    rand = random.Random(seed).random
    game = seed << 20
    while True:
        obs, _ = env.reset(seed=game)
        game += 1
        decisions = 0
        while env.agents:
            actions = {}  # ``pick_all`` inlined: a call a step would be timed in the env's loop and its floor alike
            for agent, seen in obs.items():
                action = pick(seen["action_mask"], rand)
                if action is not None:
                    actions[agent] = action
            decisions += len(actions)
            obs, _, _, _, _ = env.step(actions)
        yield decisions


def aec_loop(env: Any, seed: int) -> Iterator[int]:
    """Random-policy episodes of an AEC env (or its null twin): each one's decisions (the steps of seats
    owing nothing in a cycle, whose mask is the env's forced pass, are played, and not counted as
    decisions)."""
    rand = random.Random(seed).random
    game = seed << 20
    forced = env.unwrapped._pass
    while True:
        env.reset(seed=game)
        game += 1
        decisions = 0
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = obs["action_mask"]
            env.step(pick(mask, rand))
            decisions += mask is not forced
        yield decisions


class _ParallelReplay:
    """A parallel env that plays no game: ``reset`` and ``step`` hand back a recorded episode's results."""

    def __init__(self, rules: str, players: int, seed: int, episodes: int = 20) -> None:
        env = bz.parallel_env(rules, players)
        rand = random.Random(seed).random
        self._episodes: list[tuple[Any, list[Any]]] = []
        for game in range(episodes):
            first = env.reset(seed=(seed << 20) + game)
            obs, steps = first[0], []
            while env.agents:
                result = env.step(pick_all(obs, rand))
                steps.append(result)
                obs = result[0]
            self._episodes.append((first, steps))
        self.agents: list[str] = []
        self._steps: Any = iter(())
        self._left = 0

    def reset(self, seed: int) -> Any:
        first, steps = self._episodes[seed % len(self._episodes)]
        self._steps = iter(steps)
        self._left = len(steps)
        self.agents = list(first[0])
        return first

    def step(self, actions: Any) -> Any:
        self._left -= 1
        if not self._left:
            self.agents = []
        return next(self._steps)


class _AECReplay:
    """An AEC env that plays no game: its selections and ``last()`` replay a recorded episode's."""

    def __init__(self, rules: str, players: int, seed: int, episodes: int = 20) -> None:
        env = bz.env(rules, players)
        rand = random.Random(seed).random
        self._episodes: list[list[tuple[str, Any]]] = []
        for game in range(episodes):
            env.reset(seed=(seed << 20) + game)
            selections = []
            for agent in env.agent_iter():
                seen = env.last()
                selections.append((agent, seen))
                obs, _, terminated, truncated, _ = seen
                env.step(None if terminated or truncated else pick(obs["action_mask"], rand))
            self._episodes.append(selections)
        self._selections: list[tuple[str, Any]] = []
        self._at = 0
        self._pass = env.unwrapped._pass  # the recorded masks of seats owing nothing are this very array
        self.unwrapped = self

    def reset(self, seed: int) -> None:
        self._selections = self._episodes[seed % len(self._episodes)]
        self._at = 0

    def agent_iter(self) -> Iterator[str]:
        for agent, _ in self._selections:
            yield agent

    def last(self) -> Any:
        return self._selections[self._at][1]

    def step(self, action: Any) -> None:
        self._at += 1


def gym_loop(rules: str, players: int, seed: int, learner_steps: list[int], reseed: bool = False) -> Iterator[int]:
    """Random-policy episodes of the gymnasium single-agent env (seat 0 learning, the others ``random``
    bots): each one's decisions, every seat's. The env is seeded at its first reset only, as
    gymnasium asks of a training loop (each later game's seed is drawn from the env's own
    ``np_random``); with ``reseed``, every reset is given a new seed (gymnasium then makes a new
    ``np_random`` each time, about 10 µs).

    The env plays every decision through the state's ``_br_step`` or ``_br_apply`` (what ``br.step``
    and ``br.apply`` call): each episode is played again untimed through wrappers of them that count
    them (between the slices'
    clock readings' reach: see ``_timed``), so the count costs the timed loop nothing (a counting
    wrapper timed with it cost 7% of Boomerang (2010)'s loop, which the engine's loop does not pay).
    The learner's steps are added to ``learner_steps[0]``."""
    from boomerang_rules.rl.gym import SingleAgentEnv

    env = SingleAgentEnv(rules, players)
    again = SingleAgentEnv(rules, players)
    rand = random.Random(seed).random
    replay = random.Random(seed).random
    cls = type(br.new_game(br.load_rules(rules), players, 0))
    step = cls.__dict__["_br_step"]
    apply = cls.__dict__["_br_apply"]
    played = [0]

    def counted(state: Any, actions: Any) -> Any:
        played[0] += len(actions)
        return step(state, actions)

    def counted_one(state: Any, seat: int, action: Any) -> Any:
        played[0] += 1
        return apply(state, seat, action)

    game: int | None = seed << 20
    while True:
        steps = _gym_episode(env, game, rand)
        learner_steps[0] += steps
        untimed = time.process_time()
        played[0] = 0
        with mock.patch.object(cls, "_br_step", counted), mock.patch.object(cls, "_br_apply", counted_one):
            assert _gym_episode(again, game, replay) == steps  # the same episode, replayed
        _Clock.skip += time.process_time() - untimed
        game = game + 1 if reseed and game is not None else None
        yield played[0]


def _gym_episode(env: Any, seed: int | None, rand: Any) -> int:
    """One random-policy episode of ``env`` from ``reset(seed=seed)``: the learner's steps."""
    obs, _ = env.reset(seed=seed)
    done = False
    steps = 0
    while not done:
        action = pick(obs["action_mask"], rand)
        obs, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
        steps += 1
    return steps


class _Clock:
    """Process time, less what a loop spent untimed (``skip``: the gym loop's counting replays)."""

    skip = 0.0

    @classmethod
    def now(cls) -> float:
        return time.process_time() - cls.skip


def _timed(loop: Iterator[int], seconds: float) -> tuple[int, float]:
    """Whole episodes of ``loop`` for about ``seconds`` of CPU time: decisions, seconds."""
    decisions = 0
    start = _Clock.now()
    while _Clock.now() - start < seconds:
        decisions += next(loop)
    return decisions, _Clock.now() - start


def measure(rules: str, players: int, rounds: int, seconds: float, seed: int = 0
            ) -> tuple[dict[str, float], dict[str, float], float]:
    """Every loop of ``LOOPS`` in slices of ``seconds``, one after another, for ``rounds`` rounds: each
    loop's median decisions a second, each env's median ratio to the engine's cost a decision (taken
    round by round), and the gym env's median learner steps a second."""
    learner = [0]
    loops: dict[str, Iterator[int]] = {
        "engine": bench.random_games(br.load_rules(rules), players, seed),
        "parallel": parallel_loop(bz.parallel_env(rules, players), seed),
        "parallel floor": parallel_loop(_ParallelReplay(rules, players, seed), seed),
        "AEC": aec_loop(bz.env(rules, players), seed),
        "AEC floor": aec_loop(_AECReplay(rules, players, seed), seed),
        "gym": gym_loop(rules, players, seed, learner),
        "gym reseeded": gym_loop(rules, players, seed, [0], reseed=True),
    }
    for loop in loops.values():  # each loop set up and warm before the clock runs
        next(loop)
    rates: dict[str, list[float]] = {name: [] for name in loops}
    ratios: dict[str, list[float]] = {name: [] for name in loops}
    learner_rates: list[float] = []
    for _ in range(rounds):
        for name, loop in loops.items():
            before = learner[0]
            decisions, elapsed = _timed(loop, seconds)
            rates[name].append(decisions / elapsed)
            if name == "gym":
                learner_rates.append((learner[0] - before) / elapsed)
        for name in loops:
            ratios[name].append(rates["engine"][-1] / rates[name][-1])
    return ({name: statistics.median(r) for name, r in rates.items()},
            {name: statistics.median(r) for name, r in ratios.items()}, statistics.median(learner_rates))


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> None:
    parser = argparse.ArgumentParser(description="Each game's envs against its raw engine loop.")
    parser.add_argument("--rounds", type=int, default=15, help="rounds of every loop's slice (default 15)")
    parser.add_argument("--slice", type=float, default=0.1, help="CPU seconds a loop's slice (default 0.1)")
    parser.add_argument("--game", help="one ruleset id (default: one of each game)")
    args = parser.parse_args(argv)
    games = [(g, p) for g, p in GAMES if args.game in (None, g)] or [(args.game, 4)]
    out(f"CPU time, medians of {args.rounds} rounds of {args.slice} s slices, every loop in each round "
        f"(decisions a second; x: the env's cost a decision over the engine's, round by round):")
    for rules_id, players in games:
        rates, ratios, learner = measure(rules_id, players, args.rounds, args.slice)
        out(f"  {rules_id:<15} {players}p  engine {rates['engine']:>9,.0f}"
            f"   parallel {rates['parallel']:>9,.0f} (x{ratios['parallel']:.2f}; loop floor"
            f" x{ratios['parallel floor']:.2f})   AEC {rates['AEC']:>9,.0f} (x{ratios['AEC']:.2f}; loop floor"
            f" x{ratios['AEC floor']:.2f})   gym {rates['gym']:>9,.0f} (x{ratios['gym']:.2f};"
            f" learner {learner:,.0f} steps/s; every reset seeded x{ratios['gym reseeded']:.2f})")


if __name__ == "__main__":
    main()
