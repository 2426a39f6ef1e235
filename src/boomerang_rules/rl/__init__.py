"""Reinforcement learning on the library's games: numpy primitives, and framework adapters.

The primitives here need numpy alone: integer actions, observations as float32 arrays,
per-round rewards, and explicit chance (a game can wait for each deal and be dealt from
outside). ``boomerang_rules.rl.pettingzoo`` and ``boomerang_rules.rl.openspiel`` wrap them for
those frameworks (extras ``pettingzoo``, ``openspiel``, or ``rl`` for both).
"""

from __future__ import annotations

from .. import action_id, action_of, legal_mask, num_actions
from .australia import (
    ObsSlice,
    action_masks,
    advance_words,
    chance_outcomes,
    deal,
    deal_in_order,
    deck_layers,
    encode,
    new_undealt_game,
    observation_size,
    observation_spec,
    observe,
    observe_seats,
    round_rewards,
    static_words,
    totals,
    waiting_for_deal,
    win_rewards,
)

__all__ = [
    "ObsSlice",
    "action_id",
    "action_masks",
    "action_of",
    "advance_words",
    "chance_outcomes",
    "deal",
    "deal_in_order",
    "deck_layers",
    "encode",
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
