"""Boomerang (2010) for learning agents: its observation as a table of fields, read from the state.

A seat sees its own token of this round, never another seat's (until the capture reveals it:
then it is history, summed up in the captures and scores), nor the deck's order.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..boomerang2010.actions import legal_mask
from ..boomerang2010.engine import to_act
from ..boomerang2010.rules import Ruleset
from ..boomerang2010.sheets import score_sheets
from ..boomerang2010.state import NO_TOKEN, GameState
from .encoding import Encoder, Field, mask_of

PHASES = ("tokens", "hunt", "over")

_TOTALS: dict[int, tuple[object, object, tuple[int, ...]]] = {}


def totals(state: GameState) -> tuple[int, ...]:
    """Each seat's score as if the game ended now (cached while the captures and boomerangs stay)."""
    found = _TOTALS.get(id(state.captured))
    if found is not None and found[0] is state.captured and found[1] is state.boomerangs:
        return found[2]
    scores = tuple(sheet.total for sheet in score_sheets(state))
    if len(_TOTALS) >= 64:
        _TOTALS.clear()
    _TOTALS[id(state.captured)] = (state.captured, state.boomerangs, scores)
    return scores


def fields(rules: Ruleset, players: int) -> tuple[Field, ...]:
    """Boomerang (2010)'s observation as a table of fields (``encoding.Encoder`` reads it)."""
    n = players
    seats = range(n)
    cards = tuple(c.id for c in rules.cards)
    boomerangs = rules.boomerangs_each * n
    rounds = len(cards) + 1

    def token(s: GameState) -> Sequence[int]:
        return [0 if x == NO_TOKEN else 1 << x for x in s.tokens]

    def chosen(s: GameState) -> Sequence[int]:
        return [int(x != NO_TOKEN) for x in s.tokens]

    def first(s: GameState) -> Sequence[int]:
        return [int(k == s.first) for k in seats]

    def active(s: GameState) -> Sequence[int]:
        on = s.active
        return [int(k in on) for k in seats]

    def turn(s: GameState) -> Sequence[int]:
        now = s.active[0] if s.phase == "hunt" and s.active else -1
        return [int(k == now) for k in seats]

    def stack(s: GameState) -> Sequence[int]:
        place = [0] * n
        for at, k in enumerate(s.stack, start=1):
            place[k] = at
        return place

    return (
        Field("token", "own", rules.lands, token, "the observer's own land this round, once chosen"),
        Field("chosen", "seat", ("chosen",), chosen, "which seats have chosen their land this round"),
        Field("river", "shared", cards, lambda s: (mask_of(s.river),), "the cards in the river"),
        Field("turned", "shared", cards, lambda s: (mask_of(s.turned),), "the cards turned up this round"),
        Field("captured", "seat", cards, lambda s: [mask_of(c) for c in s.captured], "each seat's captured cards"),
        Field("boomerangs", "seat", ("boomerangs",), lambda s: s.boomerangs,
              "each seat's boomerangs, divided by all the boomerangs in play", bound=boomerangs),
        Field("pot", "shared", ("pot",), lambda s: (s.pot,), "boomerangs in the pot, divided by all in play",
              bound=boomerangs),
        Field("deck", "shared", ("deck",), lambda s: (len(s.deck),), "cards left face down, divided by the deck's size",
              bound=len(cards)),
        Field("round", "shared", ("round",), lambda s: (min(s.round, rounds),),
              "rounds played before this one, divided by the deck's size + 1 (more rounds never happen: "
              "each turns a card)", bound=rounds),
        Field("phase", "shared", PHASES, lambda s: (1 << PHASES.index(s.phase),), "the phase (one-hot)"),
        Field("first", "seat", ("first",), first, "the seat that opens this round's hunt (one-hot)"),
        Field("active", "seat", ("active",), active, "the seats still in the hunt"),
        Field("turn", "seat", ("turn",), turn, "the seat whose turn it is in the hunt (one-hot)"),
        Field("stack", "seat", ("stack",), stack,
              "each seat's place on the stack (1 at the bottom, 0 off it), divided by the number of seats", bound=n),
        Field("scores", "seat", ("total",), totals,
              "each seat's score as if the game ended now, divided by the deck's size + all boomerangs "
              "(no score is higher)", bound=len(cards) + boomerangs),
    )


def encoder(rules: Ruleset, players: int) -> Encoder:
    """Boomerang (2010)'s ``Encoder``: its field table, read plainly."""
    from ..boomerang2010.actions import num_actions

    return Encoder(rules, players, fields(rules, players), num_actions(rules), legal_mask, to_act)
