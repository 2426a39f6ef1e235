"""Boomerang (2010) for learning agents: its observation as a table of fields, read from the state.

A seat sees its own token of this round, never another seat's (until the capture reveals it:
then it is history, summed up in the captures and scores), nor the deck's order.
"""

from __future__ import annotations

import operator
import os
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from ..boomerang2010 import chance
from ..boomerang2010.actions import legal_mask
from ..boomerang2010.engine import to_act
from ..boomerang2010.rules import Ruleset
from ..boomerang2010.scoring import count_cards
from ..boomerang2010.state import NO_TOKEN, GameState, check_state
from ..boomerang2010.tables import tables_for
from ..core.display import counted
from .encoding import Encoder, Field, last_by_identity, mask_of, masks_by_legal
from .openspiel_games import GameDescription, scores_bound

PHASES = ("tokens", "hunt", "over")

_POINTS: dict[int, tuple[object, tuple[int, ...]]] = {}
_LAST: list[Any] = [object(), ()]
"""The last state ``totals`` read, and its totals: at first an object no caller holds (it was None, and
``totals(None)`` answered ``()`` instead of failing as any other non-state does)."""


_ANIMALS: dict[int, tuple[Any, tuple[bytes, int, int] | None]] = {}
"""Each tables' (by id, held) ``majority_args``."""

_majorities: Callable[..., Any] | None = None
"""``_encode.majorities``, where the extension is built and the plain code was not asked for."""
try:
    if os.environ.get("BOOMERANG_RULES_PURE"):
        raise ImportError("the plain Python code was asked for")
    from ._encode import majorities as _majorities
except ImportError:  # not built, or not wanted: totals_plain serves
    pass

MAX_COMPILED_ANIMALS = 64
"""The most animals ``_encode``'s majorities count (its ``MAX_ANIMALS``); more: the plain code counts."""


def majority_args(t: Any) -> tuple[bytes, int, int] | None:
    """What ``_encode`` counts the majorities from for tables ``t`` (``majorities`` and the ``majorities``
    op alike): each card's animal as a byte, the number of animals, boomerangs a point; None for more
    animals than it counts."""
    if len(t.animals) > MAX_COMPILED_ANIMALS:
        return None
    return bytes(t.animal), len(t.animals), t.rules.boomerangs_per_point


_COUNTS: dict[int, tuple[Any, dict[int, tuple[tuple[int, ...], list[int]]]]] = {}
"""Each tables' (by id, held) latest seat counts, by the id of the captured cards they count (held)."""


def _counts(t: Any, cards: tuple[int, ...]) -> list[int]:
    """``count_cards(t, cards)``, remembered while the same tuple of cards is asked for (a capture
    changes one seat's cards: the others' tuples stay the same objects)."""
    entry = _COUNTS.get(id(t))
    if entry is None or entry[0] is not t:
        if len(_COUNTS) >= 64:
            _COUNTS.clear()
        entry = _COUNTS[id(t)] = (t, {})
    known = entry[1]
    found = known.get(id(cards))
    if found is not None and found[0] is cards:
        return found[1]
    counted = count_cards(t, cards)
    if len(known) >= 256:
        known.clear()
    known[id(cards)] = (cards, counted)
    return counted


def totals(state: GameState) -> tuple[int, ...]:
    """Each seat's score as if the game ended now: ``score_sheets``' totals (``totals_plain``, the
    reference, tested equal to the sheets on every state of random games), compiled where
    ``_encode`` is built (``_encode.majorities``, tested equal to ``totals_plain``)."""
    if state is _LAST[0]:  # an env asks twice a step (its reward, and the observation's scores)
        last: tuple[int, ...] = _LAST[1]
        return last
    majorities = _majorities
    if majorities is not None:
        t = state.tables
        table = _ANIMALS.get(id(t))
        if table is None or table[0] is not t:
            if len(_ANIMALS) >= 64:
                _ANIMALS.clear()
            table = _ANIMALS[id(t)] = (t, majority_args(t))
        if table[1] is not None:
            found = majorities(state.captured, state.boomerangs, *table[1])
            if found is not None:  # None: a state of other types than the engine's (the plain code says)
                _LAST[:] = [state, found]
                return found  # type: ignore[no-any-return]
    return totals_plain(state)


def totals_plain(state: GameState) -> tuple[int, ...]:
    """``totals`` in Python: the animals' points kept while the captures stay."""
    t = state.tables
    captured = state.captured
    found = _POINTS.get(id(t))
    if found is not None and found[0] is captured:
        points = found[1]
    else:
        counts = [_counts(t, c) for c in captured]
        leads = list(map(max, *counts)) if len(counts) > 1 else counts[0]
        # each seat's counts where they equal the lead (a count times whether it leads), summed
        points = tuple(sum(map(operator.mul, seat, map(operator.eq, seat, leads))) for seat in counts)
        _POINTS[id(t)] = (captured, points)
    per_point = t.rules.boomerangs_per_point
    scores = tuple(p + held // per_point for p, held in zip(points, state.boomerangs))
    _LAST[:] = [state, scores]
    return scores


def _at_start(state: GameState) -> bool:
    """Whether no decision of the game has been made: round 0, every token still to choose."""
    return state.round == 0 and state.phase == "tokens" and all(t == NO_TOKEN for t in state.tokens)


def round_rewards(before: GameState, after: GameState) -> tuple[int, ...]:
    """The points each seat scored between ``before`` and ``after``: the change of ``totals``, and
    with a game's first decision the totals it started with (its boomerangs: 12 a seat, 2 points),
    so that summed over a whole game (the first state to the last) they are each seat's final
    total, as in every game (and as the PettingZoo and gymnasium envs pay them). Defined here, it
    is the declaration ``rl.round_rewards`` reads."""
    check_state(before, "before")
    check_state(after, "after")
    now = totals(after)
    if _at_start(before) and not _at_start(after):
        return now
    return tuple(a - b for a, b in zip(now, totals(before)))


def fields(rules: Ruleset, players: int) -> tuple[Field, ...]:
    """Boomerang (2010)'s observation as a table of fields (``encoding.Encoder`` reads it)."""
    n = players
    seats = range(n)
    cards = tuple(c.id for c in rules.cards)
    boomerangs = rules.boomerangs_each * n
    rounds = len(cards) + 1

    one_hot = [[int(k == j) for k in seats] for j in range(n)]
    nobody = [0] * n
    no_token = NO_TOKEN == -1  # what the compiled readers of the tokens take for none
    counted = majority_args(tables_for(rules))  # totals' arithmetic read in C where it counts the animals
    majorities: tuple[str, str, Any] | tuple[()] = () if counted is None else (
        "majorities", "captured", (n, "boomerangs", *counted))

    @last_by_identity
    def tokens(values: tuple[int, ...]) -> tuple[list[int], list[int]]:
        return [0 if x == NO_TOKEN else 1 << x for x in values], [int(x != NO_TOKEN) for x in values]

    card_masks = last_by_identity(lambda groups: [mask_of(c) for c in groups])
    river = last_by_identity(lambda cards: (mask_of(cards),))
    turned = last_by_identity(lambda cards: (mask_of(cards),))
    active_flags = last_by_identity(lambda on: [int(k in on) for k in seats])

    def turn(s: GameState) -> Sequence[int]:
        return one_hot[s.active[0]] if s.phase == "hunt" and s.active else nobody

    @last_by_identity
    def stack(on: tuple[int, ...]) -> Sequence[int]:
        place = [0] * n
        for at, k in enumerate(on, start=1):
            place[k] = at
        return place

    return (
        Field("token", "own", rules.lands, lambda s: tokens(s.tokens)[0],
              "the observer's own land this round, once chosen", op=("bit_each", "tokens", None) if no_token else ()),
        Field("chosen", "seat", ("chosen",), lambda s: tokens(s.tokens)[1],
              "which seats have chosen their land this round", op=("set_each", "tokens", None) if no_token else ()),
        Field("river", "shared", cards, lambda s: river(s.river), "the cards in the river",
              op=("mask", "river", None)),
        Field("turned", "shared", cards, lambda s: turned(s.turned), "the cards turned up this round",
              op=("mask", "turned", None)),
        Field("captured", "seat", cards, lambda s: card_masks(s.captured), "each seat's captured cards",
              op=("masks", "captured", None)),
        Field("boomerangs", "seat", ("boomerangs",), lambda s: s.boomerangs,
              "each seat's boomerangs, divided by all the boomerangs in play", bound=boomerangs,
              op=("ints", "boomerangs", None)),
        Field("pot", "shared", ("pot",), lambda s: (s.pot,), "boomerangs in the pot, divided by all in play",
              bound=boomerangs, op=("int", "pot", None)),
        Field("deck", "shared", ("deck",), lambda s: (len(s.deck),), "cards left face down, divided by the deck's size",
              bound=len(cards), op=("len", "deck", None)),
        Field("round", "shared", ("round",), lambda s: (min(s.round, rounds),),
              "rounds played before this one, divided by the deck's size + 1 (more rounds never happen: "
              "each turns a card)", bound=rounds, op=("int", "round", rounds)),
        Field("phase", "shared", PHASES, lambda s: (1 << PHASES.index(s.phase),), "the phase (one-hot)",
              op=("index", "phase", PHASES)),
        Field("first", "seat", ("first",), lambda s: one_hot[s.first] if s.first >= 0 else nobody,
              "the seat that opens this round's hunt (one-hot)", op=("one_hot", "first", n)),
        Field("active", "seat", ("active",), lambda s: active_flags(s.active), "the seats still in the hunt",
              op=("in", "active", n)),
        Field("turn", "seat", ("turn",), turn, "the seat whose turn it is in the hunt (one-hot)",
              op=("lead", "active", (n, ("hunt",)))),
        Field("stack", "seat", ("stack",), lambda s: stack(s.stack),
              "each seat's place on the stack (1 at the bottom, 0 off it), divided by the number of seats", bound=n,
              op=("places", "stack", n)),
        Field("scores", "seat", ("total",), totals,
              "each seat's score as if the game ended now, divided by the deck's size + all boomerangs "
              "(no score is higher)", bound=len(cards) + boomerangs, op=majorities),
    )


def describe(state: GameState) -> str:
    """The public table, the envs' ``render``: round and phase, the river, the deck and the pot, each
    seat's total, boomerangs, cards captured and whether it still hunts (no secret token)."""
    t = state.tables
    over = state.phase == "over"
    lines = [f"round {state.round if over else state.round + 1}, " + ("game over" if over else state.phase)]
    lines.append(f"  river: {' '.join(t.ids_of(state.river)) or '-'}; deck: {counted(len(state.deck), 'card')}; "
                 f"pot {state.pot}")
    hunting = set(state.active) if state.phase == "hunt" else set()
    for seat, points in enumerate(totals(state)):
        held = counted(state.boomerangs[seat], "boomerang")
        lines.append(f"  player_{seat}: {counted(points, 'point'):>10}  {held}  captured: "
                     f"{' '.join(t.ids_of(state.captured[seat])) or '-'}" + ("  (hunting)" if seat in hunting else ""))
    return "\n".join(lines)


def encoder(rules: Ruleset, players: int) -> Encoder:
    """Boomerang (2010)'s ``Encoder``: its field table, read plainly."""
    from ..boomerang2010.actions import num_actions
    from ..boomerang2010.engine import legal_actions

    return Encoder(rules, players, fields(rules, players), num_actions(rules),
                   masks_by_legal(legal_actions, legal_mask), to_act, state_type=GameState)


def _max_game_length(rules: Ruleset, players: int) -> int:
    """The shuffle, then at most one round per card (each round takes at least one card from the
    river), each with ``players`` tokens, ``players - 1`` passes and at most every boomerang thrown
    (a thrown boomerang comes back only to a seat that leaves the hunt)."""
    deck = len(rules.cards)
    each: int = rules.boomerangs_each
    return deck + deck * (2 * players - 1 + players * each)


_OPENSPIEL = GameDescription("boomerang_2010", "Boomerang (2010)", "boomerang-2010", "boomerang-2010", 4, False,
                             chance, ("token",), scores_bound, _max_game_length)

OPENSPIEL: tuple[GameDescription, ...] = (
    _OPENSPIEL,
    attrs.evolve(_OPENSPIEL, short_name="boomerang_2010_simultaneous",
                 long_name="Boomerang (2010) (land tokens at once)", simultaneous=True),
)
"""The game's OpenSpiel games (``rl.openspiel`` registers them): one seat at a time, the land tokens of a
round chosen in seat order, none seeing another's; and the land tokens chosen at once (a simultaneous node,
as the table plays them), every other decision one seat's node. Each deck order is drawn card by card
(``boomerang2010.chance``)."""


def top_total_wins(rules: Any, players: int, top: int) -> bool:
    """Whether a finished game's one seat of the highest total is its winner (``rl.vector``'s
    ``"win"`` reads the batch's totals, and replays a game only where this is False): always here, a
    tie-break deciding only among equal totals."""
    return True
