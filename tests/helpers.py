"""Shared test helpers: driving games by policy, and reading the reference card table."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import boomerang_rules as br

Policy = Callable[[br.GameState, int, tuple[str, ...]], str]


def random_policy(rng: random.Random) -> Policy:
    def choose(state: br.GameState, seat: int, actions: tuple[str, ...]) -> str:
        return rng.choice(actions)

    return choose


def play(state: br.GameState, policy: Policy, *, until: Callable[[br.GameState], bool] | None = None) -> br.GameState:
    """Drive ``state`` with ``policy`` until the game is over (or ``until`` holds)."""
    while not br.is_over(state) and br.to_act(state) and not (until and until(state)):
        for seat in br.to_act(state):
            state = br.apply(state, seat, policy(state, seat, br.legal_actions(state, seat)))
    return state


def random_game(players: int, seed: int, rules: br.Ruleset | None = None) -> br.GameState:
    rules = rules or br.load_rules()
    return play(br.new_game(rules, players, seed), random_policy(random.Random(seed)))


def preferring(wants: Sequence[Sequence[Sequence[str]]], avoid: Sequence[str] = (),
               activities: Sequence[Sequence[str]] = ()) -> Policy:
    """A policy taking, in round r, seat s's first wanted card in hand (``wants[r][s]``).

    Otherwise it takes the first card not in ``avoid``; activities come from
    ``activities[r][s]`` when given, else ``none``.
    """

    def choose(state: br.GameState, seat: int, actions: tuple[str, ...]) -> str:
        r = state.round
        if br.view(state, seat).phase == "activity":
            if r < len(activities) and activities[r][seat] in actions:
                return activities[r][seat]
            return br.NO_ACTIVITY
        for card in wants[r][seat] if r < len(wants) else ():
            if card in actions:
                return card
        for card in actions:
            if card not in avoid:
                return card
        return actions[0]

    return choose


def round_drafts(state: br.GameState, round_no: int) -> tuple[tuple[str, ...], ...]:
    return br.view(state, 0).past_rounds[round_no].drafts
