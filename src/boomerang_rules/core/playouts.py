"""Random legal games of any game, dealt and played from one seed with the library's own generator.

Python's ``random`` promises no stable stream across versions; these games are the same on
every platform, so ``simulate`` and ``check-scorer`` give the same games everywhere.
"""

from __future__ import annotations

from typing import Any

from . import rng as rng_mod
from .games import game_module

CHOICE_STREAM = 0x9E3779B97F4A7C15
"""Offsets the choice generator's seed from the dealer's, so the two streams differ."""


def random_game(rules: Any, players: int, seed: int) -> Any:
    """A finished game: dealt from ``seed``, every decision uniform over the legal actions."""
    game = game_module(rules.game)
    apply, is_over, legal_actions, to_act = game.apply, game.is_over, game.legal_actions, game.to_act
    state = game.new_game(rules, players, seed)
    choices = rng_mod.seed_state(seed) ^ CHOICE_STREAM
    while not is_over(state):
        for seat in to_act(state):
            actions = legal_actions(state, seat)
            choices, k = rng_mod.below(choices, len(actions))
            state = apply(state, seat, actions[k])
    return state
