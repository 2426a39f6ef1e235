"""Boomerang (2010) for learning agents: observations as numpy arrays, built from the state's fields.

A seat sees its own token of this round, never another seat's (until the capture reveals it:
then it is history, summed up in the captures and scores), nor the deck's order.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ..boomerang2010.rules import Ruleset
from ..boomerang2010.sheets import score_sheets
from ..boomerang2010.state import NO_TOKEN, GameState
from .australia import ObsSlice, _relative

PHASES = ("tokens", "hunt", "over")


@lru_cache(maxsize=32)
def observation_spec(rules: Ruleset, players: int) -> tuple[ObsSlice, ...]:
    """The named parts of an observation, in order."""
    if isinstance(players, bool) or not isinstance(players, int) or not (
            rules.players.min <= players <= rules.players.max):
        raise ValueError(f"{rules.id!r} is for {rules.players.min} to {rules.players.max} players, "
                         f"not {players!r}")
    cards = tuple(c.id for c in rules.cards)
    seats = _relative(players)
    parts: list[tuple[str, tuple[str, ...], tuple[str, ...], str]] = [
        ("token", (), rules.lands, "the observer's own land this round, once chosen"),
        ("chosen", (), seats, "which seats have chosen their land this round"),
        ("river", (), cards, "the cards in the river"),
        ("turned", (), cards, "the cards turned up this round"),
        ("captured", seats, cards, "each seat's captured cards"),
        ("boomerangs", (), seats, "each seat's boomerangs"),
        ("pot", (), ("pot",), "boomerangs in the pot"),
        ("deck", (), ("deck",), "cards left face down in the deck"),
        ("round", (), ("round",), "rounds played before this one"),
        ("phase", (), PHASES, "the phase (one-hot)"),
        ("first", (), seats, "the seat that opens this round's hunt (one-hot)"),
        ("active", (), seats, "the seats still in the hunt"),
        ("turn", (), seats, "the seat whose turn it is in the hunt (one-hot)"),
        ("stack", (), seats, "each seat's place on the stack, 1 at the bottom, 0 off it"),
        ("scores", (), seats, "each seat's score as if the game ended now"),
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
    """The length of every observation of a ``players``-seat game under ``rules``."""
    return observation_spec(rules, players)[-1].stop


def observation_high(rules: Ruleset, players: int) -> npt.NDArray[np.float32]:
    """Upper bounds of every entry (for a Box space)."""
    spec = {x.name: x for x in observation_spec(rules, players)}
    high = np.ones(observation_size(rules, players), np.float32)
    boomerangs = float(rules.boomerangs_each * players)
    for name, bound in (("boomerangs", boomerangs), ("pot", boomerangs), ("deck", float(len(rules.cards))),
                        ("round", float(len(rules.cards))), ("stack", float(players)),
                        ("scores", float(len(rules.cards) + boomerangs))):
        high[spec[name].start:spec[name].stop] = bound
    return high


def _idx(cards: tuple[int, ...]) -> npt.NDArray[np.intp]:
    return np.array(cards, np.intp)


def observe(state: GameState, seat: int) -> npt.NDArray[np.float32]:
    """What ``seat`` sees of ``state``, as ``observation_size`` float32 numbers (see ``observation_spec``)."""
    n = state.players
    if isinstance(seat, bool) or not isinstance(seat, int | np.integer) or not 0 <= seat < n:
        raise ValueError(f"seat {seat!r} does not exist in a {n}-player game")
    spec = {x.name: x for x in observation_spec(state.rules, n)}
    out = np.zeros(spec["scores"].stop, np.float32)

    def part(name: str) -> npt.NDArray[np.float32]:
        x = spec[name]
        view: npt.NDArray[np.float32] = out[x.start:x.stop].reshape(x.shape)
        return view

    order = [(seat + j) % n for j in range(n)]
    where = {s: j for j, s in enumerate(order)}
    mine = state.tokens[seat]
    if mine != NO_TOKEN:
        part("token")[mine] = 1
    part("chosen")[:] = [state.tokens[s] != NO_TOKEN for s in order]
    part("river")[_idx(state.river)] = 1
    part("turned")[_idx(state.turned)] = 1
    captured = part("captured")
    for j, s in enumerate(order):
        captured[j, _idx(state.captured[s])] = 1
    part("boomerangs")[:] = [state.boomerangs[s] for s in order]
    part("pot")[0] = state.pot
    part("deck")[0] = len(state.deck)
    part("round")[0] = state.round
    part("phase")[PHASES.index(state.phase)] = 1
    part("first")[where[state.first]] = 1
    for s in state.active:
        part("active")[where[s]] = 1
    if state.phase == "hunt" and state.active:
        part("turn")[where[state.active[0]]] = 1
    for place, s in enumerate(state.stack, start=1):
        part("stack")[where[s]] = place
    part("scores")[:] = [score_sheets(state)[s].total for s in order]
    return out
