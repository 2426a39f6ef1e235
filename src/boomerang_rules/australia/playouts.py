"""Random legal games of Boomerang: Australia, typed for this game (``core.playouts`` plays them).

Python's ``random`` promises no stable stream across versions; these games are the same on
every platform, so ``simulate`` writes the same bytes everywhere.
"""

from __future__ import annotations

from ..core import playouts
from .rules import Ruleset
from .state import GameState


def random_game(rules: Ruleset, players: int, seed: int) -> GameState:
    """A finished game: dealt from ``seed``, every decision uniform over the legal actions."""
    state: GameState = playouts.random_game(rules, players, seed)
    return state
