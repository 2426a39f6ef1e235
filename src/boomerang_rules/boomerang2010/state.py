"""The immutable game state of Boomerang (2010). Cards are indices into the compiled tables.

Read a state through the functions of ``engine`` and ``view``: a bot or a screen must see only
``view(state, seat)``, because the state holds the deck's order and every secret token.
"""

from __future__ import annotations

from typing import Literal

import attrs

from ..core.arguments import brief, exact
from ..core.state_checks import Shape, rules_tables_seats
from ..core.tuple_backed import NEW, field_index, tuple_backed
from .rules import Ruleset
from .tables import Tables

Phase = Literal["tokens", "hunt", "over"]
"""``tokens``: every seat secretly chooses a land; ``hunt``: one seat at a time throws or passes."""

NO_TOKEN = -1
"""A seat's token before it has chosen one this round."""


@attrs.frozen
class RoundLog:
    """A finished round, as everyone saw it once the tokens were revealed."""

    first: int
    """The seat that opened the hunt."""
    turned: tuple[int, ...]
    """The cards turned up from the deck this round, in order."""
    river: tuple[int, ...]
    """The river during the hunt: cards left from earlier rounds first, then those turned."""
    tokens: tuple[int, ...]
    """Each seat's land (index) this round."""
    hunt: tuple[str, ...]
    """The hunt's decisions in order (``throw`` or ``pass``), each by the seat whose turn it was."""
    stack: tuple[int, ...]
    """The seats whose tokens made the stack, bottom (first passer) to top (last player left)."""
    captures: tuple[tuple[int, ...], ...]
    """The cards each stack entry took, from the top of the stack down (``stack`` reversed)."""


@attrs.frozen(slots=False, order=False)
class GameState(tuple):  # type: ignore[type-arg]
    """A moment of a game. Frozen, hashable, comparable, picklable; ``apply`` returns a new one.

    Tuple-backed (``core.tuple_backed``): the engine builds one at every decision, in one
    ``tuple.__new__``; the fields read as properties, and ``attrs`` sees them as its own.
    """

    __slots__ = ()

    rules: Ruleset = attrs.field(repr=False)
    tables: Tables = attrs.field(eq=False, repr=False)
    players: int
    round: int
    """Index of the round being played (0-based); the number of rounds played once over."""
    phase: Phase
    deck: tuple[int, ...] = attrs.field(repr=False)
    """The cards still face down, top first (hidden from every seat)."""
    river: tuple[int, ...]
    """The river's cards: those left from earlier rounds first, then those turned this round."""
    turned: tuple[int, ...]
    """The cards turned up this round."""
    first: int
    """The seat that opens this round's hunt."""
    tokens: tuple[int, ...] = attrs.field(repr=False)
    """Each seat's land (index) this round, ``NO_TOKEN`` until chosen (hidden from other seats)."""
    boomerangs: tuple[int, ...]
    pot: int
    active: tuple[int, ...]
    """The seats still in the hunt, in turn order from the one to act now (empty outside the hunt)."""
    stack: tuple[int, ...]
    """The seats whose token is on the stack, bottom first."""
    hunt: tuple[str, ...]
    """This round's hunt decisions so far."""
    captured: tuple[tuple[int, ...], ...]
    """Each seat's captured cards, in the order taken."""
    history: tuple[RoundLog, ...] = attrs.field(repr=False)
    deck_order: tuple[int, ...] = attrs.field(repr=False)
    """The whole deck as shuffled, top first: the game's one chance outcome, kept for its record."""
    seed: int | None = attrs.field(repr=False)
    names: tuple[str, ...] | None = attrs.field(default=None, eq=False, repr=False)
    """The players' names, when the game came from a record (metadata, not rules)."""

    def __new__(cls, rules: Ruleset, tables: Tables, players: int, round: int, phase: Phase,
                deck: tuple[int, ...], river: tuple[int, ...], turned: tuple[int, ...], first: int,
                tokens: tuple[int, ...], boomerangs: tuple[int, ...], pot: int, active: tuple[int, ...],
                stack: tuple[int, ...], hunt: tuple[str, ...], captured: tuple[tuple[int, ...], ...],
                history: tuple[RoundLog, ...], deck_order: tuple[int, ...], seed: int | None,
                names: tuple[str, ...] | None = None) -> GameState:
        """A state built by a caller (``attrs.evolve``, unpickling), checked first (``fit``); the
        engine builds its own by position, unchecked."""
        values = (rules, tables, players, round, phase, deck, river, turned, first, tokens, boomerangs,
                  pot, active, stack, hunt, captured, history, deck_order, seed, names)
        fit(values)
        return NEW(cls, values)

    def __repr__(self) -> str:
        """One line with card ids (see ``show.state_repr``), not the engine's numbers."""
        from .show import state_repr

        return state_repr(self)

    def __str__(self) -> str:
        """Several lines for a person: where the game is and each seat's cards (ids)."""
        from .show import state_text

        return state_text(self)


def check_state(state: object, parameter: str = "state") -> GameState:
    """``state`` if it is a game state of this game (one identity test); ``TypeError`` naming
    ``parameter`` otherwise, rather than an ``AttributeError`` from deep inside."""
    checked: GameState = exact(state, GameState, parameter, "a Boomerang (2010) GameState (see new_game)")
    return checked


_PHASES = frozenset(("tokens", "hunt", "over"))
_HUNT = frozenset(("throw", "pass"))


def fit(values: tuple[object, ...]) -> None:
    """``InvalidInput`` naming every field of ``values`` (a state's, in order) of a type, range or
    length the engine never makes (``core.state_checks``)."""
    (rules, tables, players, round_no, phase, deck, river, turned, first, tokens, boomerangs, pot, active, stack,
     hunt, captured, history, deck_order, seed, names) = values
    shape = Shape()
    n = rules_tables_seats(shape, rules, tables, players, Ruleset, Tables, "Boomerang (2010)")
    assert isinstance(rules, Ruleset)  # for the type checker: checked above
    assert isinstance(tables, Tables)
    size, lands = tables.deck_size, len(tables.lands)
    seat, cards = shape.ints(0, n - 1), shape.rows(shape.ints(0, size - 1), longest=size)
    seats = shape.rows(seat, longest=n)
    shape.whole("/round", round_no, 0, size)
    shape.text("/phase", phase, _PHASES)
    for name, value in (("deck", deck), ("river", river), ("turned", turned), ("deck_order", deck_order)):
        cards(f"/{name}", value)
    seat("/first", first)
    shape.row("/tokens", tokens, shape.ints(-1, lands - 1), n)
    shape.row("/boomerangs", boomerangs, shape.ints(0), n)
    shape.whole("/pot", pot, 0)
    seats("/active", active)
    seats("/stack", stack)
    shape.row("/hunt", hunt, lambda pointer, value: shape.text(pointer, value, _HUNT))
    shape.row("/captured", captured, cards, n)
    shape.row("/history", history, lambda pointer, log: _fits_log(shape, pointer, log, n, size, lands))
    shape.optional(shape.ints(None))("/seed", seed)
    shape.optional(shape.rows(lambda pointer, value: shape.text(pointer, value), n))("/names", names)
    shape.done()  # what follows reads the fields together
    assert isinstance(active, tuple)  # for the type checker: checked above
    assert isinstance(tokens, tuple)
    if phase == "hunt":  # the hunt goes on while two seats are in it, each with its land chosen
        if len(active) < 2 or len(set(active)) != len(active):
            shape.fault("/active", f"the hunt needs two seats or more in it, each once, not {brief(active)}")
        if NO_TOKEN in tokens:
            shape.fault("/tokens", f"every seat has chosen its land in the hunt, not {brief(tokens)}")
    elif active:
        shape.fault("/active", f"seats are in the hunt only in the hunt, not in phase {phase!r}")
    shape.done()


def _fits_log(shape: Shape, pointer: str, log: object, n: int, size: int, lands: int) -> bool:
    """A finished round of ``history``: a ``RoundLog`` whose fields are as the engine writes them."""
    if not shape.instance(pointer, log, RoundLog, "a RoundLog"):
        return False
    assert isinstance(log, RoundLog)
    cards = shape.rows(shape.ints(0, size - 1), longest=size)
    return (shape.whole(f"{pointer}/first", log.first, 0, n - 1) and cards(f"{pointer}/turned", log.turned)
            and cards(f"{pointer}/river", log.river)
            and shape.row(f"{pointer}/tokens", log.tokens, shape.ints(0, lands - 1), n)
            and shape.row(f"{pointer}/hunt", log.hunt, lambda at, value: shape.text(at, value, _HUNT))
            and shape.row(f"{pointer}/stack", log.stack, shape.ints(0, n - 1), longest=n)
            and shape.row(f"{pointer}/captures", log.captures, cards, len(log.stack)))  # the stack a row by now


tuple_backed(GameState)
FIELD = field_index(GameState)
"""Each field's position in a state's tuple (the engine's hot path reads and builds by position)."""
