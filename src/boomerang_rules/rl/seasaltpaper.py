"""Sea Salt & Paper for learning agents: a fixed action numbering and observations from the seat's view.

The game numbers no actions of its own, so this module does, per ruleset: ``draw``, ``pass``,
``end``, ``stop``, ``last_chance``, ``mermaids``, then ``take:CARD``, ``keep:CARD:PILE``,
``pile:PILE``, ``pick:CARD``, ``steal:SEAT`` and every ``duo:A+B`` the deck allows. Observations
are read off ``view`` (so they hold nothing the seat may not know).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..seasaltpaper import actions
from ..seasaltpaper.engine import legal_actions
from ..seasaltpaper.rules import Ruleset
from ..seasaltpaper.tables import PILES, tables_for
from ..seasaltpaper.view import view
from .australia import ObsSlice, _relative

PHASES = ("draw", "keep", "play", "crab_pile", "crab_card", "steal", "over")


def action_names(rules: Ruleset) -> tuple[str, ...]:
    """Every action a game under ``rules`` can offer, in a fixed order: action ``i`` is ``action_names[i]``."""
    return actions.action_names(rules)


@lru_cache(maxsize=32)
def action_index(rules: Ruleset) -> dict[str, int]:
    return {name: i for i, name in enumerate(action_names(rules))}


def legal_mask(state: Any, seat: int) -> int:
    """``seat``'s legal actions as a bit mask over ``action_names``."""
    index = action_index(state.rules)
    mask = 0
    for action in legal_actions(state, seat):
        mask |= 1 << index[action]
    return mask


@lru_cache(maxsize=32)
def observation_spec(rules: Ruleset, players: int) -> tuple[ObsSlice, ...]:
    """The named parts of an observation, in order."""
    if isinstance(players, bool) or not isinstance(players, int) or not (
            rules.players.min <= players <= rules.players.max):
        raise ValueError(f"{rules.id!r} is for {rules.players.min} to {rules.players.max} players, "
                         f"not {players!r}")
    cards = tables_for(rules).ids
    seats = _relative(players)
    parts: list[tuple[str, tuple[str, ...], tuple[str, ...], str]] = [
        ("hand", (), cards, "the observer's hand"),
        ("drawn", (), cards, "the two cards it has just drawn (while keeping one)"),
        ("pile_tops", PILES, cards, "the top card of each discard pile"),
        ("chosen_pile", (), cards, "the whole pile it chooses a card from after a crab duo"),
        ("played", seats, cards, "the cards each seat has placed in front of it"),
        ("revealed", seats, cards, "hands revealed by a LAST CHANCE"),
        ("pile_sizes", (), PILES, "cards in each discard pile"),
        ("deck", (), ("deck",), "cards left in the deck"),
        ("hand_sizes", (), seats, "cards in each seat's hand"),
        ("turn", (), seats, "the seat whose turn it is (one-hot)"),
        ("caller", (), seats, "the seat that called LAST CHANCE this round (one-hot)"),
        ("protected", (), seats, "seats whose revealed hands may not be stolen from"),
        ("phase", (), PHASES, "the phase of the turn (one-hot)"),
        ("round", (), ("round",), "rounds played before this one"),
        ("scores", (), seats, "each seat's game total"),
    ]
    spec = []
    start = 0
    for name, rows, columns, description in parts:
        shape = (len(rows), len(columns)) if rows else (len(columns),)
        stop = start + int(np.prod(shape))
        spec.append(ObsSlice(name, start, stop, shape, rows, columns, description))
        start = stop
    return tuple(spec)


def observation_size(rules: Ruleset, players: int) -> int:
    return observation_spec(rules, players)[-1].stop


def observation_high(rules: Ruleset, players: int) -> npt.NDArray[np.float32]:
    """Upper bounds of every entry (for a Box space)."""
    spec = {x.name: x for x in observation_spec(rules, players)}
    high = np.ones(observation_size(rules, players), np.float32)
    deck = float(len(tables_for(rules).ids))
    for name in ("pile_sizes", "deck", "hand_sizes", "round"):
        high[spec[name].start:spec[name].stop] = deck
    high[spec["scores"].start:spec["scores"].stop] = 10_000.0
    return high


def observe(state: Any, seat: int) -> npt.NDArray[np.float32]:
    """What ``seat`` sees of ``state``, as ``observation_size`` float32 numbers (from its ``view``)."""
    n = state.players
    if isinstance(seat, bool) or not isinstance(seat, int | np.integer) or not 0 <= seat < n:
        raise ValueError(f"seat {seat!r} does not exist in a {n}-player game")
    seat = int(seat)
    rules = state.rules
    index = tables_for(rules).index
    spec = {x.name: x for x in observation_spec(rules, n)}
    out = np.zeros(spec["scores"].stop, np.float32)
    v = view(state, seat)

    def part(name: str) -> npt.NDArray[np.float32]:
        x = spec[name]
        found: npt.NDArray[np.float32] = out[x.start:x.stop].reshape(x.shape)
        return found

    def cards(row: npt.NDArray[np.float32], ids: Any) -> None:
        for c in ids or ():
            row[index[c]] = 1

    order = [(seat + j) % n for j in range(n)]
    cards(part("hand"), v.hand)
    cards(part("drawn"), v.drawn)
    for p, top in enumerate(v.pile_tops):
        if top is not None:
            part("pile_tops")[p, index[top]] = 1
    cards(part("chosen_pile"), v.chosen_pile)
    for j, s in enumerate(order):
        cards(part("played")[j], v.played[s])
        cards(part("revealed")[j], v.revealed[s])
    part("pile_sizes")[:] = v.pile_sizes
    part("deck")[0] = v.deck_size
    part("hand_sizes")[:] = [v.hand_sizes[s] for s in order]
    if v.turn >= 0:
        part("turn")[order.index(v.turn)] = 1
    if v.caller >= 0:
        part("caller")[order.index(v.caller)] = 1
    for s in v.protected:
        part("protected")[order.index(s)] = 1
    if v.phase in PHASES:
        part("phase")[PHASES.index(v.phase)] = 1
    part("round")[0] = v.round
    part("scores")[:] = [v.totals[s] for s in order]
    return out
