"""Reinforcement learning on the library's games: numpy primitives, and framework adapters.

The primitives here need numpy alone: integer actions, observations as float32 arrays in
[0, 1] (one encoder, ``encoder_for(rules, players)``, over each game's table of fields),
per-round rewards, and explicit chance (a game can wait for each deal and be dealt from
outside: ``boomerang_rules.rl.chance`` for every game, Boomerang: Australia's deals here too).
``boomerang_rules.rl.pettingzoo`` and ``boomerang_rules.rl.openspiel`` wrap them for those
frameworks (extras ``pettingzoo``, ``openspiel``, or ``rl`` for both).
"""

from __future__ import annotations

from typing import Any

from ..core.extras import missing

try:
    import numpy  # noqa: F401  (every primitive's arrays: asked here to name the extra when it is missing)
except ModuleNotFoundError as error:
    raise missing(error, "boomerang_rules.rl", "gym") from None

from .. import action_id, action_of, determinize, legal_mask, num_actions, winners
from ..core.arguments import integer, not_a, seat_of
from .australia import (
    advance_words,
    chance_outcomes,
    deal,
    deal_in_order,
    deck_layers,
    encode,
    new_undealt_game,
    observe_seats,
    static_words,
    waiting_for_deal,
)
from .encoding import Encoder, Field, ObsSlice, encoder_for


def _rules_of(state: Any) -> Any:
    rules = getattr(state, "rules", None)
    if getattr(rules, "game", None) is None or not isinstance(getattr(state, "players", None), int):
        raise ValueError(f"state must be a game state of a shipped game, not {type(state).__name__}")
    return rules


def _state_game(state: object, parameter: str = "state") -> str:
    """The game of a game state; ``TypeError`` naming ``parameter`` for anything else."""
    from ..core.games import DISPATCH

    if state.__class__ not in DISPATCH["to_act"]:
        raise not_a(state, parameter, "a game state (see new_game)")
    game: str = state.rules.game  # type: ignore[attr-defined]
    return game


def _rules_game(rules: object) -> str:
    """The game of a loaded ruleset; ``TypeError`` naming ``rules`` for anything else."""
    from ..core.loading import require_ruleset

    require_ruleset(rules)
    game: str = rules.game  # type: ignore[attr-defined]
    return game


def observe(state: Any, seat: int) -> Any:
    """What ``seat`` sees of ``state``: a float32 array of ``observation_size`` entries in [0, 1] (any game)."""
    _state_game(state)
    seat = seat_of(seat, state.players)
    return encoder_for(state.rules, state.players).observe(state, seat)


def observation_spec(rules: Any, players: int) -> tuple[ObsSlice, ...]:
    """The named slices of an observation of ``rules``'s game at ``players`` (each with its ``bound``)."""
    if isinstance(rules, str):
        from ..core.loading import load_rules

        rules = load_rules(rules)
    _rules_game(rules)
    players = integer(players, "players", "a player count")  # its range: the game's own check
    return encoder_for(rules, players).spec


def observation_size(rules: Any, players: int) -> int:
    """The length of every observation of ``rules``'s game at ``players``."""
    return observation_spec(rules, players)[-1].stop


def round_rewards(before: Any, after: Any) -> tuple[int, ...]:
    """The points each seat scored between ``before`` and ``after``, as its game scores them:
    summed over a whole game (its first state to its last), each seat's final total.

    A game's rl module may declare its own ``round_rewards(before, after)`` (Boomerang: Australia's:
    the rounds that ended; Boomerang (2010)'s: with the first decision, the totals its seats start
    at); without one, the change of each seat's ``totals`` (Sea Salt & Paper's, scored at its
    rounds' ends). So this layer names no game: a new game's module says which it takes.
    """
    game = _state_game(after, "after")
    if game != _state_game(before, "before") or before.players != after.players:
        raise ValueError("before and after must be states of one game (the same game and players)")
    from .encoding import _rl_module

    own = getattr(_rl_module(game), "round_rewards", None)
    if own is not None:
        declared: tuple[int, ...] = own(before, after)
        return declared
    from .adapters import adapter_for

    rewards: tuple[int, ...] = adapter_for(after.rules, after.players).round_rewards(before, after)
    return rewards


def totals(state: Any) -> tuple[int, ...]:
    """Each seat's total now, as its game counts it (``score_sheets``' totals), any game: its rl
    module's own reading (Boomerang: Australia's finished rounds, sites and regions; Sea Salt &
    Paper's finished rounds; Boomerang (2010)'s score as if the game ended now)."""
    from .encoding import _rl_module

    found: tuple[int, ...] = _rl_module(_state_game(state)).totals(state)
    return found


def win_rewards(state: Any) -> tuple[int, ...]:
    """1 for each winning seat of a finished game (a shared win too), 0 for the others (every seat
    before the end), any game."""
    _state_game(state)
    won = set(winners(state))
    return tuple(int(seat in won) for seat in range(state.players))


def action_masks(state: Any, seats: Any) -> Any:
    """Each of ``seats``' legal actions as a 0/1 row (int8) of ``num_actions`` (all 0 for a seat that
    owes no decision), any game; a seat the game does not have is a ``ValueError`` naming it."""
    game = _state_game(state)
    from .encoding import _rl_module

    own = getattr(_rl_module(game), "action_masks", None)
    if own is not None:  # Boomerang: Australia's, reading its layout
        return own(state, seats)
    import numpy as np

    from ..core.arguments import items_of

    chosen = [seat_of(s, state.players, f"seats[{i}]") for i, s in enumerate(items_of(seats, "seats", "seats (int)"))]
    count = num_actions(state.rules)
    width = (count + 7) // 8
    packed = b"".join(legal_mask(state, s).to_bytes(width, "little") for s in chosen)
    raw = np.frombuffer(packed, np.uint8).reshape(len(chosen), width)
    return np.unpackbits(raw, axis=1, count=count, bitorder="little").view(np.int8)


__all__ = [
    "Encoder",
    "Field",
    "ObsSlice",
    "action_id",
    "action_masks",
    "action_of",
    "advance_words",
    "chance_outcomes",
    "deal",
    "deal_in_order",
    "deck_layers",
    "determinize",
    "encode",
    "encoder_for",
    "legal_mask",
    "new_undealt_game",
    "num_actions",
    "observation_size",
    "observation_spec",
    "observe",
    "observe_seats",
    "round_rewards",
    "static_words",
    "totals",
    "waiting_for_deal",
    "win_rewards",
]
