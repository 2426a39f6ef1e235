"""Random legal games, dealt and played from one seed with the library's own generator.

Python's ``random`` promises no stable stream across versions; these games are the same on
every platform, so ``simulate`` writes the same bytes everywhere.
"""

from __future__ import annotations

from ..core import rng as rng_mod
from .engine import apply, is_over, legal_actions, new_game, to_act
from .rules import Ruleset
from .state import GameState

_CHOICE_STREAM = 0x9E3779B97F4A7C15
"""Offsets the choice generator's seed from the dealer's, so the two streams differ."""


def random_game(rules: Ruleset, players: int, seed: int) -> GameState:
    """A finished game: dealt from ``seed``, every decision uniform over the legal actions."""
    state = new_game(rules, players, seed)
    choices = rng_mod.seed_state(seed) ^ _CHOICE_STREAM
    while not is_over(state):
        for seat in to_act(state):
            actions = legal_actions(state, seat)
            choices, k = rng_mod.below(choices, len(actions))
            state = apply(state, seat, actions[k])
    return state
