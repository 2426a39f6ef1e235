"""The immutable Sea Salt & Paper game state. Cards are indices into the compiled tables.

One seat acts at a time (``turn``), through the phases of its turn:

- ``draw``: take the top two cards of the deck (``draw``) or the top card of a discard pile
  (``take:ID``);
- ``keep``: after drawing two, keep one and discard the other (``keep:ID:PILE``);
- ``play``: play duos (``duo:ID+ID``), place the mermaids (``mermaids``), end the round
  (``stop``, ``last_chance``) or end the turn (``end``);
- ``crab_pile`` / ``crab_card``: a crab pair's pile (``pile:PILE``), then any card of it
  (``pick:ID``);
- ``steal``: a swimmer + shark pair's victim (``steal:SEAT``); the card is chance;
- ``lobster`` (Extra Salt): a lobster + crab pair's card kept of the deck's top five
  (``lobster:ID``); the rest are shuffled back (chance). A seat a jellyfish pair binds takes the
  deck's top card (``draw_one``) and may only ``end``; a duo with a starfish is ``trio:ID+ID+ID``.

``deal`` waits for a round's deck (a record that stops between rounds); ``over`` ends the game.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import attrs

from ..core.arguments import brief, exact
from ..core.state_checks import Check, Shape, rules_tables_seats, value_name
from ..core.tuple_backed import NEW, field_index, tuple_backed
from .rules import Ruleset
from .tables import Tables

Entry = tuple[int, str, int]
"""A decision as a record keeps it: seat, action, and the card a steal took, or the card a crab pair
took from the top of a pile, which every seat saw go (-1 for none)."""


@attrs.frozen
class Chance:
    """Where chance comes from: the seeded generator, or outcomes given by a record.

    Takes no part in equality: two states are equal when the game played so far is.
    """

    rng: int | None
    """SplitMix64 state for the next shuffle, first player or steal; None: outcomes are given."""
    decks: tuple[tuple[int, ...], ...] = ()
    """Each round's deck order (top first), given in advance, used before ``rng``."""
    first: int | None = None
    """The first round's first player, given in advance."""
    steals: tuple[int, ...] = ()
    """The cards the steals take, in game order, given in advance, used before ``rng``."""
    steals_used: int = 0
    shuffles: tuple[tuple[int, ...], ...] = ()
    """The deck orders the lobster's shuffles make (Extra Salt), in game order, given in advance,
    used before ``rng``."""
    shuffles_used: int = 0


@attrs.frozen
class RoundResult:
    """A finished round: how it ended, every seat's cards at the end and the points scored."""

    deck: tuple[int, ...]
    """The round's deck order at the start, top first (the first two started the discard piles)."""
    first: int
    log: tuple[Entry, ...]
    end: str
    """``stop``, ``last_chance``, ``empty_deck`` (nobody scores) or ``mermaids`` (the game ends)."""
    ender: int
    """The seat that ended the round (for ``empty_deck``, whose turn it was)."""
    hands: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]
    card_points: tuple[int, ...]
    bonuses: tuple[int, ...]
    scores: tuple[int, ...]
    """Points each seat scored this round."""
    last_turns: tuple[int, ...]
    """The number of each seat's latest turn in the round (-1: none), for the "went last" tie-break."""
    shuffles: tuple[tuple[int, ...], ...] = ()
    """The deck order after each of the round's lobster shuffles (Extra Salt), top first."""


@attrs.frozen(slots=False, order=False)
class GameState(tuple):  # type: ignore[type-arg]
    """A moment of a game. Frozen, hashable, comparable, picklable; ``apply`` returns a new one.

    Tuple-backed (``core.tuple_backed``): the engine builds one at every decision in one
    ``tuple.__new__`` (``evolve``); the fields read as properties, and ``attrs`` sees them as its own.
    """

    __slots__ = ()

    rules: Ruleset = attrs.field(repr=False)
    tables: Tables = attrs.field(eq=False, repr=False)
    players: int
    round: int
    """Index of the round being played (0-based)."""
    first: int
    """The seat that began this round."""
    turn: int
    """The seat to act; -1 when nobody is (the game is over, or a deal is awaited)."""
    phase: str
    deck: tuple[int, ...] = attrs.field(repr=False)
    """The face-down deck, top first."""
    piles: tuple[tuple[int, ...], tuple[int, ...]]
    """The two discard piles (left, right), bottom first: the top card is the last."""
    hands: tuple[tuple[int, ...], ...] = attrs.field(repr=False)
    """Each seat's hand, sorted."""
    played: tuple[tuple[int, ...], ...]
    """The cards each seat has placed in front of them, in order (duos as pairs)."""
    drawn: tuple[int, ...] = attrs.field(repr=False)
    """The two cards drawn, during ``keep``."""
    crab_pile: int
    """The pile a crab pair's player chose (-1 outside ``crab_card``)."""
    caller: int
    """The seat that called LAST CHANCE this round, -1 if none."""
    final: tuple[int, ...]
    """Seats still to take their LAST CHANCE final turn, in order (the one playing first)."""
    protected: int
    """Bit mask of the seats whose revealed hands are protected from steals."""
    turn_no: int
    """Turns begun this round."""
    last_turns: tuple[int, ...]
    totals: tuple[int, ...]
    history: tuple[RoundResult, ...] = attrs.field(repr=False)
    deck0: tuple[int, ...] = attrs.field(repr=False)
    """This round's deck order at the start (for its record)."""
    log: Any = attrs.field(repr=False)
    """This round's decisions as a linked list ``(entry, earlier)``, newest first, or None."""
    seed: int | None
    winners_: tuple[int, ...] = attrs.field(repr=False)
    """The winning seats once the game is over."""
    chance: Chance = attrs.field(eq=False, repr=False)
    names: tuple[str, ...] | None = attrs.field(default=None, eq=False, repr=False)
    """The players' names, when the game came from a record (metadata, not rules)."""
    bound: int = 0
    """Extra Salt: bit mask of the seats a jellyfish pair binds for their next turn (only the deck's top
    card; no cards played, no round ended)."""
    shuffles: tuple[tuple[int, ...], ...] = attrs.field(default=(), repr=False)
    """Extra Salt: this round's deck orders after each lobster shuffle (for its record)."""

    def __new__(cls, rules: Ruleset, tables: Tables, players: int, round: int, first: int, turn: int,
                phase: str, deck: tuple[int, ...], piles: tuple[tuple[int, ...], tuple[int, ...]],
                hands: tuple[tuple[int, ...], ...], played: tuple[tuple[int, ...], ...], drawn: tuple[int, ...],
                crab_pile: int, caller: int, final: tuple[int, ...], protected: int, turn_no: int,
                last_turns: tuple[int, ...], totals: tuple[int, ...], history: tuple[RoundResult, ...],
                deck0: tuple[int, ...], log: Any, seed: int | None, winners_: tuple[int, ...], chance: Chance,
                names: tuple[str, ...] | None = None, bound: int = 0,
                shuffles: tuple[tuple[int, ...], ...] = ()) -> GameState:
        """A state built by a caller (``attrs.evolve``, unpickling), checked first (``fit``); the
        engine builds its own by position (``evolve``), unchecked."""
        values = (rules, tables, players, round, first, turn, phase, deck, piles, hands, played, drawn,
                  crab_pile, caller, final, protected, turn_no, last_turns, totals, history, deck0, log,
                  seed, winners_, chance, names, bound, shuffles)
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

    def evolve(self, **changes: Any) -> GameState:
        """A copy with ``changes`` (``attrs.evolve`` without its checks: the engine's hot path)."""
        values = list(self)
        for name, value in changes.items():
            values[FIELD[name]] = value
        return NEW(GameState, values)

    def entries(self) -> tuple[Entry, ...]:
        """This round's decisions so far, oldest first."""
        out: list[Entry] = []
        append = out.append
        node = self.log
        while node is not None:
            entry, node = node
            append(entry)
        out.reverse()
        return tuple(out)


def check_state(state: object, parameter: str = "state") -> GameState:
    """``state`` if it is a game state of this game (one identity test); ``TypeError`` naming
    ``parameter`` otherwise, rather than an ``AttributeError`` from deep inside."""
    checked: GameState = exact(state, GameState, parameter, "a Sea Salt & Paper GameState (see new_game)")
    return checked


_PHASES = frozenset(("deal", "draw", "keep", "play", "crab_pile", "crab_card", "steal", "lobster", "over"))
_ENDS = frozenset(("stop", "last_chance", "empty_deck", "mermaids"))
_LONGEST = 1 << 40
"""A bound on counts the engine keeps (turns, steals used) far past any game's."""


def fit(values: tuple[object, ...]) -> None:
    """``InvalidInput`` naming every field of ``values`` (a state's, in order) of a type, range or
    length the engine never makes (``core.state_checks``)."""
    (rules, tables, players, round_no, first, turn, phase, deck, piles, hands, played, drawn, crab_pile, caller,
     final, protected, turn_no, last_turns, totals, history, deck0, log, seed, winners, chance, names, bound,
     shuffles) = values
    shape = Shape()
    n = rules_tables_seats(shape, rules, tables, players, Ruleset, Tables, "Sea Salt & Paper")
    assert isinstance(rules, Ruleset)  # for the type checker: checked above
    assert isinstance(tables, Tables)
    size = tables.deck_size
    seat, maybe_seat = shape.ints(0, n - 1), shape.ints(-1, n - 1)
    cards = shape.rows(shape.ints(0, size - 1), longest=size)
    orders = shape.rows(cards)
    shape.whole("/round", round_no, 0, _LONGEST)
    maybe_seat("/first", first)
    maybe_seat("/turn", turn)
    effects = {effect for _, _, _, effect in tables.duos}  # Extra Salt's lobster and jellyfish among them
    shape.text("/phase", phase, _PHASES if "look_at_top" in effects else _PHASES - {"lobster"})
    for name, value in (("deck", deck), ("drawn", drawn), ("deck0", deck0)):
        cards(f"/{name}", value)
    shape.row("/piles", piles, cards, 2)
    shape.row("/hands", hands, cards, n)
    shape.row("/played", played, cards, n)
    shape.whole("/crab_pile", crab_pile, -1, 1)
    maybe_seat("/caller", caller)
    shape.row("/final", final, seat, longest=n)
    shape.mask("/protected", protected, n)
    shape.whole("/turn_no", turn_no, 0, _LONGEST)
    shape.row("/last_turns", last_turns, shape.ints(-1, _LONGEST), n)
    shape.row("/totals", totals, shape.ints(-_LONGEST, _LONGEST), n)
    entry = _entry_check(shape, n, size)
    shape.row("/history", history, lambda pointer, result: _fits_result(shape, pointer, result, n, size, entry))
    _fits_log(shape, log, entry)
    shape.optional(shape.ints(None))("/seed", seed)
    shape.row("/winners_", winners, seat, longest=n)
    _fits_chance(shape, chance, n, size)
    shape.optional(shape.rows(lambda pointer, value: shape.text(pointer, value), n))("/names", names)
    shape.mask("/bound", bound, n if "restrict_opponents" in effects else 0)
    orders("/shuffles", shuffles)
    shape.done()  # what follows reads the fields together
    assert isinstance(drawn, tuple)  # for the type checker: checked above
    assert isinstance(hands, tuple)
    for seat_no, hand in enumerate(hands):
        if any(a >= b for a, b in pairwise(hand)):
            shape.fault(f"/hands/{seat_no}", f"a hand is sorted, each card once, not {brief(hand)}")
    if (turn == -1) != (phase in ("deal", "over")):
        shape.fault("/turn", f"a seat is to act in every phase but deal and over, not {turn!r} in {phase!r}")
    if (phase == "keep" and len(drawn) != 2) or (phase == "lobster" and not drawn) or (
            phase not in ("keep", "lobster") and drawn):
        shape.fault("/drawn", f"two cards are drawn in phase keep, some in lobster, none else; not {len(drawn)} "
                    f"in {phase!r}")
    if (crab_pile == -1) == (phase == "crab_card"):
        shape.fault("/crab_pile", f"a pile is chosen in phase crab_card only, not {crab_pile!r} in {phase!r}")
    shape.done()


def _entry_check(shape: Shape, n: int, size: int) -> Check:
    """A check of a log entry: (seat, action, card a steal or a crab pair's pick of a top took, or -1)."""
    def fits(pointer: str, entry: object) -> bool:
        if entry.__class__ is not tuple or len(entry) != 3:
            return shape.fault(pointer, f"{value_name(pointer)} must be a (seat, action, card) tuple")
        seat, action, card = entry
        return (shape.whole(f"{pointer}/0", seat, 0, n - 1) and shape.text(f"{pointer}/1", action)
                and shape.whole(f"{pointer}/2", card, -1, size - 1))
    return fits


def _fits_log(shape: Shape, log: object, entry: Check) -> None:
    """``log``: None or ``(entry, earlier)``, down to None (the round's decisions, newest first);
    the first misfit noted."""
    node, depth = log, 0
    while node is not None:
        if node.__class__ is not tuple or len(node) != 2:
            shape.fault("/log", f"log must be None or an (entry, earlier log) pair, not {brief(node)} at depth {depth}")
            return
        item, node = node
        if not entry(f"/log/{depth}", item):
            return
        depth += 1


def _fits_result(shape: Shape, pointer: str, result: object, n: int, size: int, entry: Check) -> bool:
    """A finished round of ``history``: a ``RoundResult`` whose fields are as the engine writes them."""
    if not shape.instance(pointer, result, RoundResult, "a RoundResult"):
        return False
    assert isinstance(result, RoundResult)
    cards = shape.rows(shape.ints(0, size - 1), longest=size)
    numbers = shape.rows(shape.ints(-_LONGEST, _LONGEST), n)
    return (cards(f"{pointer}/deck", result.deck) and shape.whole(f"{pointer}/first", result.first, -1, n - 1)
            and shape.row(f"{pointer}/log", result.log, entry)
            and shape.text(f"{pointer}/end", result.end, _ENDS)
            and shape.whole(f"{pointer}/ender", result.ender, 0, n - 1)
            and shape.row(f"{pointer}/hands", result.hands, cards, n)
            and shape.row(f"{pointer}/played", result.played, cards, n)
            and numbers(f"{pointer}/card_points", result.card_points)
            and numbers(f"{pointer}/bonuses", result.bonuses) and numbers(f"{pointer}/scores", result.scores)
            and shape.row(f"{pointer}/last_turns", result.last_turns, shape.ints(-1, _LONGEST), n)
            and shape.row(f"{pointer}/shuffles", result.shuffles, cards))


def _fits_chance(shape: Shape, chance: object, n: int, size: int) -> None:
    """``chance``: a ``Chance`` whose fields are as the engine writes them (the first misfit noted)."""
    if not shape.instance("/chance", chance, Chance, "a Chance"):
        return
    assert isinstance(chance, Chance)
    cards = shape.rows(shape.ints(0, size - 1), longest=size)
    count = shape.ints(0, _LONGEST)
    for pointer, value, check in (("/chance/rng", chance.rng, shape.optional(shape.ints(0, (1 << 64) - 1))),
                                  ("/chance/decks", chance.decks, shape.rows(cards)),
                                  ("/chance/first", chance.first, shape.optional(shape.ints(0, n - 1))),
                                  ("/chance/steals", chance.steals, shape.rows(shape.ints(0, size - 1))),
                                  ("/chance/steals_used", chance.steals_used, count),
                                  ("/chance/shuffles", chance.shuffles, shape.rows(cards)),
                                  ("/chance/shuffles_used", chance.shuffles_used, count)):
        if not check(pointer, value):
            return


tuple_backed(GameState)
FIELD = field_index(GameState)
"""Each field's position in a state's tuple (the engine's hot path reads and builds by position)."""
