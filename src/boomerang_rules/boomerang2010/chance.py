"""Boomerang (2010)'s chance drawn from outside, one outcome at a time (OpenSpiel's explicit chance).

The game has one chance event: the shuffle before the first round. The deck's order is drawn
card by card, top first (outcomes are card indices in the ruleset's order, each card not yet
drawn equally likely); the game begins once every card is placed (``new_game(deck=...)``). No
state exists before that, so ``start`` gives None.
"""

from __future__ import annotations

from typing import Any

from .engine import new_game
from .rules import Ruleset
from .state import GameState
from .tables import tables_for


def start(rules: Ruleset, players: int) -> GameState | None:
    """The state before any chance: none (the deck's order makes the game)."""
    return None


def waiting(state: GameState | None) -> bool:
    """Whether ``state`` waits for a chance event: only before the shuffle."""
    return state is None


def holds(state: GameState, seat: int, action: str) -> bool:
    """Whether ``action`` waits for a chance outcome before it is applied: never in this game."""
    return False


def outcomes(rules: Ruleset, players: int, state: GameState | None, drawn: tuple[int, ...],
             held: Any) -> list[tuple[int, float]]:
    """The next card of the shuffle and its probability, for each card it may be; [] when complete."""
    if state is not None:
        return []
    size = tables_for(rules).deck_size
    if len(drawn) >= size:
        return []
    gone = set(drawn)
    left = [c for c in range(size) if c not in gone]
    p = 1.0 / len(left)
    return [(c, p) for c in left]


def resolve(rules: Ruleset, players: int, state: GameState | None, drawn: tuple[int, ...],
            held: Any) -> GameState:
    """The game dealt from the deck order ``drawn`` (top first)."""
    return new_game(rules, players, deck=tables_for(rules).ids_of(drawn))


def outcome_name(rules: Ruleset, players: int, state: GameState | None, drawn: tuple[int, ...],
                 held: Any, outcome: int) -> str:
    """A chance outcome in words: the card placed next in the deck."""
    return f"deck {len(drawn) + 1}: {tables_for(rules).ids[outcome]}"
