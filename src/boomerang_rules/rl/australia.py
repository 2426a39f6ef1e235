"""Boomerang: Australia for learning agents: observations and rewards, as numpy arrays (its chance,
``australia.chance``, and its packed observation layout, ``rl.australia_layout``, kept importable here).

An observation is built from the state's own fields (hands, cards taken, progress), seen from
one seat: never another seat's hand or hidden Throw. Every card slice is one row per card in
the engine's card order (sorted ids), which is also the order of the card actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from ..australia.actions import legal_mask
from ..australia.chance import (  # the game's chance, kept importable here (rl.deal, rl.chance_outcomes...)
    Chance,
    chance_outcomes,
    deal,
    deal_in_order,
    deck_layers,
    new_undealt_game,
    waiting_for_deal,
)
from ..australia.engine import is_over, to_act
from ..australia.rules import Ruleset
from ..australia.sheets import winners
from ..australia.state import GameState, check_state
from ..australia.tables import NO_ACTIVITY, tables_for
from ..core.arguments import brief, items_of, seat_of
from ..core.display import counted
from .australia_layout import COMPILED as COMPILED
from .australia_layout import (  # the packed layout, kept importable here (rl.encode, rl.static_words...)
    FloatArray,
    _max_total,
    advance_words,
    encode,
    encode_plain,
    held_hands,
    observation_size,
    observation_spec,
    static_words,
    totals,
)
from .australia_layout import Template as Template
from .australia_layout import _Layout as _Layout
from .australia_layout import layout as layout
from .australia_layout import needs_words as needs_words
from .australia_layout import totals_source as totals_source
from .encoding import Encoder, Field, ObsSlice, encoder_for
from .openspiel_games import GameDescription

ENGINE_ACTIONS = "names"
"""What the envs hand the engine for an action id: its string (the compiled engine's fast path takes
strings; an id costs it a lookup in Python)."""


def observe(state: GameState, seat: int) -> FloatArray:
    """What ``seat`` sees of ``state``: ``encoder``'s observation, entries in [0, 1] (the totals scaled)."""
    check_state(state)
    if isinstance(seat, bool) or not isinstance(seat, int | np.integer) or not 0 <= seat < state.players:
        raise ValueError(f"seat {brief(seat)} does not exist in a {state.players}-player game")
    return encoder_for(state.rules, state.players).observe(state, int(seat))


def _seats(state: GameState, seats: object) -> list[int]:
    """``seats`` as a list of the game's seats; ``TypeError``/``ValueError`` naming the bad one."""
    return [seat_of(s, state.players, f"seats[{i}]") for i, s in enumerate(items_of(seats, "seats", "seats (int)"))]


def observe_seats(state: GameState, seats: Sequence[int] | None = None) -> FloatArray:
    """The raw observation of several seats at once (every seat by default), one row each.

    Raw: the totals in points, not scaled (what ``encode`` and the vector env's kernels write);
    ``observe`` divides them by ``_max_total``.
    """
    check_state(state)
    if seats is not None:
        seats = _seats(state, seats)
    obs = encode(state)[0]
    return obs if seats is None else obs[list(seats)]


def action_masks(state: GameState, seats: Sequence[int]) -> npt.NDArray[np.int8]:
    """Each seat's legal actions as a 0/1 row of ``num_actions`` (all 0 when it owes no decision)."""
    check_state(state)
    seats = _seats(state, seats)
    lay = layout(state.rules, state.players)
    nb = (lay.actions + 7) // 8
    packed = b"".join([legal_mask(state, s).to_bytes(nb, "little") for s in seats])
    raw = np.frombuffer(packed, np.uint8).reshape(len(seats), nb)
    return np.unpackbits(raw, axis=1, count=lay.actions, bitorder="little").view(np.int8)



def round_rewards(before: GameState, after: GameState) -> tuple[int, ...]:
    """The points each seat scored in the rounds that ended between ``before`` and ``after``.

    Zero for every seat while a round is being played; summed over a whole game (the first state
    to the last), each seat's final total. Defined here, it is the declaration ``rl.round_rewards``
    reads: this game's rewards are its own (the rounds that ended, checked as its states), not the
    shared layer's change of ``totals``.
    """
    check_state(before, "before")
    check_state(after, "after")
    if len(before.progress.rounds) == len(after.progress.rounds):
        return (0,) * after.players
    return tuple(a - b for a, b in zip(totals(after), totals(before)))


def win_rewards(state: GameState) -> tuple[int, ...]:
    """1 for each winning seat of a finished game (a shared win too), 0 for the others."""
    check_state(state)
    won = winners(state)
    return tuple(int(s in won) for s in range(state.players))


# --- the field table ------------------------------------------------------------------------


def fields(rules: Ruleset, players: int) -> tuple[Field, ...]:
    """Australia's observation as a table of fields (``encoding.Encoder`` reads it).

    The same parts, in the same order and at the same offsets, as ``observation_spec``; the
    totals divided by ``_max_total``.
    """
    t = tables_for(rules)
    n, h, d = players, t.hand_size, t.deck_size
    full = (1 << d) - 1
    regions = tuple(r.id for r in rules.regions)
    kinds = t.activity_kinds
    seats = range(n)

    def hand(s: GameState) -> Sequence[int]:
        return s.hands

    def throw(s: GameState) -> Sequence[int]:
        taken = s.taken
        return [1 << taken[k] for k in seats] if len(taken) >= n else [0] * n

    def held(s: GameState) -> Sequence[int]:
        return [mask for rows in held_hands(s) for mask in rows]

    def face_up(s: GameState) -> Sequence[int]:
        taken = s.taken
        rows = len(taken) // n
        out = []
        for k in seats:
            mask = 0
            for j in range(1, rows):
                mask |= 1 << taken[j * n + k]
            out.append(mask)
        return out

    def sites(s: GameState) -> Sequence[int]:
        return [mask & full for mask in s.progress.visited]

    def round_(s: GameState) -> Sequence[int]:
        return (1 << s.round,)

    def step(s: GameState) -> Sequence[int]:
        return (1 << (0 if s.round >= t.rounds else s.step),)

    def regions_taken(s: GameState) -> Sequence[int]:
        return (s.progress.regions_taken & ((1 << len(regions)) - 1),)

    def activities_used(s: GameState) -> Sequence[int]:
        return [mask & ((1 << len(kinds)) - 1) for mask in s.progress.used_activities]

    rounds = (*(f"round {r + 1}" for r in range(t.rounds)), "over")
    steps = ("throw", *(f"pick {k}" for k in range(1, h - 1)), "activity")
    return (
        Field("hand", "own", t.ids, hand, "the cards the observer holds now"),
        Field("throw", "own", t.ids, throw, "the observer's own Throw card this round (hidden from others)"),
        Field("held", "own", t.ids, held,
              "the hands the observer held at each earlier step of this round, the dealt hand first",
              rows=tuple(f"step {k}" for k in range(h - 1))),
        Field("face_up", "seat", t.ids, face_up, "each seat's face-up cards this round (picks, then the Catch)"),
        Field("sites", "seat", t.ids, sites, "the sites each seat has crossed off so far"),
        Field("round", "shared", rounds, round_, "which round is being played (one-hot; last: the game is over)"),
        Field("step", "shared", steps, step, "which decision of the round this is (one-hot)"),
        Field("regions_taken", "shared", regions, regions_taken, "the regions whose bonus is gone"),
        Field("activities_used", "seat", kinds, activities_used,
              "the activities each seat has scored in earlier rounds"),
        Field("scores", "seat", ("total",), totals,
              "each seat's total so far, divided by an upper bound of a game total", bound=_max_total(rules)),
    )


def describe(state: GameState) -> str:
    """The public table: round, step, face-up cards and totals (no hidden card)."""
    t = tables_for(state.rules)
    n = state.players
    taken = state.taken
    lines = [f"round {min(state.round + 1, t.rounds)} of {t.rounds}, "
             + ("game over" if is_over(state) else f"step {state.step}")]
    scores = totals(state)
    for seat in range(n):
        face = " ".join(t.ids[taken[j * n + seat]] for j in range(1, len(taken) // n))
        lines.append(f"  player_{seat}: {counted(scores[seat], 'point'):>10}  face up: {face or '-'}")
    return "\n".join(lines)


def encoder(rules: Ruleset, players: int) -> Encoder:
    """Australia's ``Encoder``: its field table, with the compiled encoder as its fast path where built."""
    lay = layout(rules, players)
    compiled = lay.plan is not None and COMPILED
    return Encoder(rules, players, fields(rules, players), lay.actions, legal_mask, to_act,
                   fast=lay.encode_scaled if compiled else None,
                   fast_seat=lay.encode_seat_scaled if compiled else None,
                   fast_dicts=lay.seat_dicts_scaled if compiled else None, state_type=GameState)


VECTOR_ENCODE = encode
"""What ``rl.vector.VectorEnv`` writes of a state the plain engine plays: the raw reading (totals in
points), as the compiled kernels write it for the games they play."""


def _max_utility(rules: Ruleset, players: int) -> float:
    return float(_max_total(rules))


def _max_game_length(rules: Ruleset, players: int) -> int:
    t = layout(rules, players).tables
    return 2 * t.rounds * players * t.hand_size  # every card dealt, every decision


_OPENSPIEL = GameDescription("boomerang_australia", "Boomerang: Australia", "boomerang-australia", "standard", 4,
                             True, Chance(), ("hand", "throw", "held"), _max_utility, _max_game_length)

OPENSPIEL: tuple[GameDescription, ...] = (
    _OPENSPIEL,
    attrs.evolve(_OPENSPIEL, short_name="boomerang_australia_turn_based",
                 long_name="Boomerang: Australia (seats in turn)", simultaneous=False),
)
"""The game's OpenSpiel games (``rl.openspiel`` registers them): simultaneous moves, and the seats of a
step in turn, lowest first, for algorithms that need a sequential game."""


__all__ = [
    "NO_ACTIVITY",
    "OPENSPIEL",
    "VECTOR_ENCODE",
    "Chance",
    "ObsSlice",
    "action_masks",
    "advance_words",
    "chance_outcomes",
    "deal",
    "deal_in_order",
    "deck_layers",
    "encode",
    "encode_plain",
    "new_undealt_game",
    "observation_size",
    "observation_spec",
    "observe",
    "observe_seats",
    "round_rewards",
    "static_words",
    "top_total_wins",
    "totals",
    "waiting_for_deal",
    "win_rewards",
]


def top_total_wins(rules: Any, players: int, top: int) -> bool:
    """Whether a finished game's one seat of the highest total is its winner (``rl.vector``'s
    ``"win"`` reads the batch's totals, and replays a game only where this is False): always here, a
    tie-break deciding only among equal totals."""
    return True
