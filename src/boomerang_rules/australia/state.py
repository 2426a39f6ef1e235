"""The immutable game state. Cards are indices into the compiled tables; hands are bit masks.

The state splits by how often things change, so that a decision copies few references:
``GameState`` changes with every decision (``pending``, ``waiting``) and every step
(``hands``, ``taken``); its ``context`` once a round; the ``progress`` inside it holds the
finished rounds. Read a state through the functions of ``engine``, ``view`` and ``sheets``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from ..core.arguments import brief, exact
from ..core.state_checks import Shape, rules_tables_seats
from ..core.tuple_backed import NEW, tuple_backed
from .rules import Ruleset
from .tables import Tables, tables_for

PENDING_BITS = 8
"""Bits per seat in ``GameState.pending``: 0 for no choice yet, else the choice + 2."""


@attrs.frozen(slots=False, order=False)
class RoundResult(tuple):  # type: ignore[type-arg]
    """A finished round: the deal, every seat's cards in draft order, activities and scores.

    Tuple-backed like ``GameState`` (see ``tuple_backed``): the engine makes one every round.
    """

    __slots__ = ()

    dealt: tuple[int, ...]
    """Bit mask of the cards dealt to each seat."""
    drafts: tuple[tuple[int, ...], ...]
    """Each seat's card indices: Throw first, then the picks, Catch last."""
    activities: tuple[int, ...]
    """Index of the activity each seat scored, -1 for none."""
    scores: tuple[tuple[int, int, int, int], ...]
    """Each seat's Throw & Catch, collections, animals and activity points."""
    bonuses: tuple[int, ...]
    """Bit mask of the regions whose bonus each seat won this round."""

    def __new__(cls, dealt: tuple[int, ...], drafts: tuple[tuple[int, ...], ...], activities: tuple[int, ...],
                scores: tuple[tuple[int, int, int, int], ...], bonuses: tuple[int, ...]) -> RoundResult:
        return _NEW(cls, (dealt, drafts, activities, scores, bonuses))


@attrs.frozen(slots=False, order=False)
class Progress(tuple):  # type: ignore[type-arg]
    """What the game has settled so far; changes once a round (tuple-backed: see ``tuple_backed``).

    The dealer's hidden state (``rng``, ``leftover``, ``deals``) and the players' names take
    no part in equality: two states are equal when the game played so far is, whether its
    cards came from a seeded shuffle or from a record.
    """

    __slots__ = ()

    rounds: tuple[RoundResult, ...]
    visited: tuple[int, ...]
    """Bit mask of the sites each seat has crossed off."""
    used_activities: tuple[int, ...]
    """Bit mask of the activity kinds each seat has scored."""
    regions_taken: int
    """Bit mask of the regions whose bonus is gone."""
    seed: int | None
    """The seed the game was dealt from, if it was (as a record keeps it)."""
    rng: int | None = attrs.field(eq=False)
    """The dealer's generator state (SplitMix64) for the next shuffle; None: deals are given."""
    leftover: tuple[int, ...] = attrs.field(eq=False)
    """Cards set aside undealt this round, top of the deck first."""
    deals: tuple[tuple[int, ...], ...] = attrs.field(eq=False)
    """Deals given in advance (each a bit mask per seat), round by round, used before ``rng``."""
    names: tuple[str, ...] | None = attrs.field(default=None, eq=False)
    """The players' names, when the game came from a record (metadata, not rules)."""

    def __new__(cls, rounds: tuple[RoundResult, ...], visited: tuple[int, ...], used_activities: tuple[int, ...],
                regions_taken: int, seed: int | None, rng: int | None, leftover: tuple[int, ...],
                deals: tuple[tuple[int, ...], ...], names: tuple[str, ...] | None = None) -> Progress:
        return _NEW(cls, (rounds, visited, used_activities, regions_taken, seed, rng, leftover, deals, names))


@attrs.frozen
class RoundContext:
    """What stays the same for a whole round (slotted: the engine reads it at every decision)."""

    rules: Ruleset = attrs.field(repr=False)
    tables: Tables = attrs.field(eq=False, repr=False)
    players: int
    round: int
    """Index of the round (0-based); equals the number of rounds once the game is over."""
    dealt: tuple[int, ...]
    """Bit mask of the cards dealt to each seat this round."""
    progress: Progress = attrs.field(repr=False)
    over: bool = attrs.field(eq=False, repr=False)
    """Whether the game is over (derived from ``round``; kept for the hot loop)."""
    shift: int = attrs.field(eq=False, repr=False)
    """How far hands move this round: 1 to the left, players - 1 to the right."""
    everyone: int = attrs.field(eq=False, repr=False)
    """The bit mask of every seat (``waiting`` at the start of a step)."""
    activity_step: int = attrs.field(eq=False, repr=False)
    card_codes: Mapping[str | int, tuple[int, int]] = attrs.field(eq=False, repr=False)
    activity_codes: Mapping[str | int, tuple[int, int]] = attrs.field(eq=False, repr=False)
    """``tables``' own, at hand for ``apply``."""
    used: tuple[int, ...] = attrs.field(eq=False, repr=False)
    """``progress.used_activities``, at hand for ``apply`` and ``legal_actions``."""
    hand_low: tuple[tuple[str, ...], ...] = attrs.field(eq=False, repr=False)
    hand_high: tuple[tuple[str, ...], ...] | None = attrs.field(eq=False, repr=False)
    activity_choices: tuple[tuple[str, ...], ...] = attrs.field(eq=False, repr=False)
    """``tables``' own, at hand for ``legal_actions``."""

    def __reduce__(self) -> tuple[object, ...]:
        # The fields past ``progress`` follow from the others (and the tables from the rules).
        return (_context_of, (self.rules, self.players, self.round, self.dealt, self.progress))


def _context_of(rules: Ruleset, players: int, round_no: int, dealt: tuple[int, ...],
                progress: Progress) -> RoundContext:
    """A pickled ``RoundContext`` made again, its derived fields with it."""
    return round_context(tables_for(rules), players, round_no, dealt, progress)


@attrs.frozen(slots=False, order=False)
class GameState(tuple):  # type: ignore[type-arg]
    """A moment of a game. Frozen, hashable, comparable, picklable; ``apply`` returns a new one.

    The engine makes one at every decision, so it holds only six references, in a tuple
    (building a tuple costs a third of filling six slots): everything that changes less often
    sits in ``context``, shared from state to state. It is an ``attrs`` class all the same:
    ``attrs.fields``, ``attrs.evolve`` and ``attrs.asdict`` see the six fields below.
    """

    __slots__ = ()

    context: RoundContext
    step: int
    """0: the Throw, 1..picks: the picks, picks + 1: the activity choice."""
    hands: tuple[int, ...]
    """Bit mask of the cards each seat holds now."""
    taken: tuple[int, ...]
    """The card indices taken this round, step by step, a seat after another: seat s's k-th card
    is ``taken[k * players + s]`` (one flat tuple grows faster than one per seat)."""
    pending: int
    """The choices made at this step, ``PENDING_BITS`` a seat (kept hidden from other seats)."""
    waiting: int
    """Bit mask of the seats that still owe a decision at this step."""

    def __new__(cls, context: RoundContext, step: int, hands: tuple[int, ...], taken: tuple[int, ...],
                pending: int, waiting: int) -> GameState:
        """A state built by a caller (``attrs.evolve``, unpickling), checked first (``fit``); the
        engine builds its own by position (``make_state``), unchecked."""
        values = (context, step, hands, taken, pending, waiting)
        fit(values)
        return _NEW(cls, values)

    def __getnewargs__(self) -> tuple[object, ...]:
        return tuple(self)

    @property
    def rules(self) -> Ruleset:
        return self[0].rules  # type: ignore[no-any-return]

    @property
    def tables(self) -> Tables:
        return self[0].tables  # type: ignore[no-any-return]

    @property
    def players(self) -> int:
        return self[0].players  # type: ignore[no-any-return]

    @property
    def round(self) -> int:
        """Index of the round being played (0-based); equals the number of rounds when over."""
        return self[0].round  # type: ignore[no-any-return]

    @property
    def dealt(self) -> tuple[int, ...]:
        return self[0].dealt  # type: ignore[no-any-return]

    @property
    def progress(self) -> Progress:
        return self[0].progress  # type: ignore[no-any-return]

    @property
    def drafted(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's card indices taken this round, in order (Throw first)."""
        n = self[0].players
        taken = self[3]
        return tuple(taken[seat::n] for seat in range(n))

    def __repr__(self) -> str:
        """One line with card ids (see ``show.state_repr``), not the engine's numbers."""
        from .show import state_repr

        return state_repr(self)

    def __str__(self) -> str:
        """Several lines for a person: where the game is and each seat's cards (ids)."""
        from .show import state_text

        return state_text(self)

    def choice(self, seat: int) -> int | None:
        """The card or activity index ``seat`` chose at this step (-1: no activity), or None."""
        code = self[4] >> (seat * PENDING_BITS) & ((1 << PENDING_BITS) - 1)
        return code - 2 if code else None


_NEW = NEW


for _cls in (RoundResult, Progress, GameState):
    tuple_backed(_cls)
del _cls


def fast_init(cls: type) -> Callable[..., Any]:
    """A builder of a frozen slotted attrs class that fills its slots directly, in field order:
    the same instance as ``cls(...)`` gives (which checks nothing more), in half the time."""
    names = [f.name for f in attrs.fields(cls)]
    setters = {f"set_{name}": cls.__dict__[name].__set__ for name in names}
    lines = [f"def build({', '.join(names)}):", "    obj = new(cls)"]
    lines += [f"    set_{name}(obj, {name})" for name in names]
    lines.append("    return obj")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, **setters}
    exec("\n".join(lines), namespace)  # our own text, from field names only
    build: Callable[..., Any] = namespace["build"]
    return build


new_context = fast_init(RoundContext)


def round_context(t: Tables, players: int, round_no: int, dealt: tuple[int, ...],
                  progress: Progress) -> RoundContext:
    """The context of round ``round_no`` (the engine makes one each round; unpickling, again)."""
    over = round_no >= t.rounds
    shift = 0 if over else t.directions[round_no] % players
    return new_context(t.rules, t, players, round_no, dealt, progress, over, shift,  # type: ignore[no-any-return]
                       (1 << players) - 1, t.activity_step, t.card_codes, t.activity_codes,
                       progress.used_activities, t.hand_low, t.hand_high, t.activity_choices)


class _Unset:
    """What a context's slot never set reads as (a context made without ``__init__``): named so in a
    refusal, where a bare ``object()`` showed its address."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "nothing (the slot was never set)"


_UNSET = _Unset()


def fit(values: tuple[object, ...]) -> None:
    """``InvalidInput`` naming every field of ``values`` (a state's, in order) of a type, range or
    length the engine never makes (``core.state_checks``), and a ``context`` whose ``rules``,
    ``tables`` or ``players`` are not a game's (what the fields are checked against). The
    context's other slots are the engine's own: its compiled and plain code read them alike
    (``tests/test_accel.py``)."""
    context, step, hands, taken, pending, waiting = values
    shape = Shape()
    if shape.instance("/context", context, RoundContext, "a RoundContext (a state's context)"):
        rules, t = getattr(context, "rules", _UNSET), getattr(context, "tables", _UNSET)
        rules_tables_seats(shape, rules, t, getattr(context, "players", _UNSET), Ruleset, Tables,
                           "Boomerang: Australia", "/context")
    shape.done()  # what follows counts seats and cards
    assert isinstance(context, RoundContext) and isinstance(t, Tables)
    n, size, last = context.players, t.deck_size, t.activity_step
    _fits_context(shape, context, t, n)
    shape.row("/hands", hands, shape.ints(0, (1 << size) - 1), n)
    if shape.whole("/step", step, 0, last):  # the cards taken: a row a step, the Catch's too at the activity
        assert isinstance(step, int)
        shape.row("/taken", taken, shape.ints(0, size - 1), n * (step if step < last else last + 1))
    if shape.whole("/pending", pending, 0, (1 << 64) - 1) and step.__class__ is int:
        assert isinstance(pending, int)
        top = 1 + len(t.activity_kinds) if step == last else 1 + size  # the highest code of a choice
        for seat in range(n):
            code = pending >> seat * PENDING_BITS & (1 << PENDING_BITS) - 1
            if code > top or (code == 1 and step != last):
                shape.fault("/pending", f"pending holds code {code} for seat {seat}, no choice at step {step}")
                break
    shape.mask("/waiting", waiting, n)
    shape.done()


def _fits_context(shape: Shape, context: RoundContext, t: Tables, n: int) -> None:
    """The rest of ``context``: its round, deal and progress as the engine writes them, and the
    slots it derives from them (and the tables' own) what ``round_context`` derives."""
    round_no, dealt = getattr(context, "round", _UNSET), getattr(context, "dealt", _UNSET)
    progress = getattr(context, "progress", _UNSET)
    hand = shape.ints(0, (1 << t.deck_size) - 1)
    if not (shape.whole("/context/round", round_no, 0, t.rounds) and shape.row("/context/dealt", dealt, hand, n)
            and _fits_progress(shape, progress, t, n)):
        return
    assert isinstance(round_no, int) and isinstance(progress, Progress)
    if len(progress.rounds) != round_no:
        shape.fault("/context/progress/rounds", f"progress holds {len(progress.rounds)} rounds, not the "
                    f"{round_no} before round {round_no}")
        return
    over = round_no >= t.rounds
    derived: dict[str, object] = {"over": over, "shift": 0 if over else t.directions[round_no] % n,
                                  "everyone": (1 << n) - 1, "activity_step": t.activity_step}
    same: dict[str, object] = {"card_codes": t.card_codes, "activity_codes": t.activity_codes,
                               "used": progress.used_activities, "hand_low": t.hand_low, "hand_high": t.hand_high,
                               "activity_choices": t.activity_choices}
    for name, value in derived.items():
        held = getattr(context, name, _UNSET)
        if held.__class__ is not value.__class__ or held != value:
            shape.fault(f"/context/{name}", f"{name} is {brief(held)}, not the {value!r} the round's context derives")
    for name, shared in same.items():
        held = getattr(context, name, _UNSET)
        if held is not shared:  # a table, too long to quote: named unset, else not quoted
            what = f"{name} is {_UNSET!r}, not" if held is _UNSET else f"{name} is not"
            shape.fault(f"/context/{name}", f"{what} the one the round's context derives")


def _fits_progress(shape: Shape, progress: object, t: Tables, n: int) -> bool:
    """``progress``: a ``Progress`` whose fields are as the engine writes them."""
    if not shape.instance("/context/progress", progress, Progress, "a Progress"):
        return False
    assert isinstance(progress, Progress)
    at = "/context/progress/"
    hand, card = shape.ints(0, (1 << t.deck_size) - 1), shape.ints(0, t.deck_size - 1)
    masks = shape.rows(shape.ints(0), n)
    return (shape.row(f"{at}rounds", progress.rounds, lambda pointer, result: _fits_result(shape, pointer, result,
                                                                                          t, n))
            and masks(f"{at}visited", progress.visited) and masks(f"{at}used_activities", progress.used_activities)
            and shape.whole(f"{at}regions_taken", progress.regions_taken, 0, t.every_region)
            and shape.optional(shape.ints(None))(f"{at}seed", progress.seed)
            and shape.optional(shape.ints(0, (1 << 64) - 1))(f"{at}rng", progress.rng)
            and shape.row(f"{at}leftover", progress.leftover, card, longest=t.deck_size)
            and shape.row(f"{at}deals", progress.deals, shape.rows(hand, n))
            and shape.optional(shape.rows(lambda pointer, value: shape.text(pointer, value), n))(
                f"{at}names", progress.names))


def _fits_result(shape: Shape, pointer: str, result: object, t: Tables, n: int) -> bool:
    """A finished round of ``progress.rounds``: a ``RoundResult`` as the engine writes it."""
    if not shape.instance(pointer, result, RoundResult, "a RoundResult"):
        return False
    assert isinstance(result, RoundResult)
    drafted = t.activity_step + 1
    return (shape.row(f"{pointer}/dealt", result.dealt, shape.ints(0, (1 << t.deck_size) - 1), n)
            and shape.row(f"{pointer}/drafts", result.drafts, shape.rows(shape.ints(0, t.deck_size - 1), drafted), n)
            and shape.row(f"{pointer}/activities", result.activities, shape.ints(-1, len(t.activity_kinds) - 1), n)
            and shape.row(f"{pointer}/scores", result.scores, shape.rows(shape.ints(None), 4), n)
            and shape.row(f"{pointer}/bonuses", result.bonuses, shape.ints(0, t.every_region), n))


def make_state(context: RoundContext, step: int, hands: tuple[int, ...], taken: tuple[int, ...], pending: int,
               waiting: int) -> GameState:
    """``GameState(...)`` without the keyword-friendly ``__new__``: the engine's hot path."""
    return _NEW(GameState, (context, step, hands, taken, pending, waiting))


def check_state(state: object, parameter: str = "state") -> GameState:
    """``state`` if it is a game state of this game (one identity test); ``TypeError`` naming
    ``parameter`` otherwise, rather than an ``AttributeError`` from deep inside."""
    checked: GameState = exact(state, GameState, parameter, "a Boomerang: Australia GameState (see new_game)")
    return checked
