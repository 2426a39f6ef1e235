"""Determinization for Boomerang (2010): a full game state drawn from what one seat knows.

What a seat does not know: the order of the cards still in the deck, and this round's token
of every other seat that has chosen one (tokens stay face down, on the stack too, until the
capture reveals them). Everything else is public: every card turned up (the rounds' ``turned``
and the river), every hunt decision, every capture and every past round's tokens.

``determinize(seen, rng)`` shuffles the unseen cards uniformly into the deck's remaining
order and gives each other seat that has chosen a token a land drawn uniformly; every such
completion is consistent with the view (choosing a token and passing show nothing of it). The
state is built through the public constructors only: ``new_game`` with the whole deck order
(the cards turned so far, in order, then the drawn rest), then every decision replayed, so it
is a state the engine itself could reach and its record is a valid record (the finished rounds
are replayed once per view and the drawn rest of the deck set in their end state: they turned
up known cards only). The deck is the
game's only chance, so the drawn order is also the dealer for what is to come.
"""

from __future__ import annotations

from ..core import rng as rng_mod
from ..core.arguments import brief
from ..core.determinize import CheckedDraws, Rng, check_view, seed_of
from ..core.errors import IllegalAction
from ..core.state_checks import inconsistent_view, view_seats
from ..core.tuple_backed import NEW
from .engine import apply, new_game, to_act
from .rules import Ruleset
from .state import FIELD, GameState
from .tables import Tables, tables_for
from .view import VIEW_WHAT, PastRound, SeatView, view


def _fit_view(seen: SeatView, t: Tables) -> None:
    """``InvalidInput`` naming each field the determinization reads that is not of the type, range
    and length ``view`` gives it (a view built through its class, ``attrs.evolve``:
    ``core.state_checks``)."""
    shape, n = view_seats(t.rules, seen.players)
    card = shape.ids(t.index, "a card id of the rules")
    cards = shape.rows(card, longest=t.deck_size)
    seat = shape.ints(0, n - 1)
    text = shape.rows(lambda pointer, value: shape.text(pointer, value))
    seat("/seat", seen.seat)
    shape.text("/phase", seen.phase, frozenset(("tokens", "hunt", "over")))
    shape.row("/chosen", seen.chosen, lambda pointer, value: value.__class__ is bool or shape.fault(
        pointer, f"chosen[{pointer.rsplit('/', 1)[1]}] must be True or False, not {brief(value)}"), n)
    shape.whole("/deck_size", seen.deck_size, 0, t.deck_size)
    cards("/river", seen.river)
    shape.optional(shape.ids(t.land_index, "a land of the rules"))("/token", seen.token)
    text("/hunt", seen.hunt)

    def past(pointer: str, value: object) -> bool:
        if not shape.instance(pointer, value, PastRound, "a PastRound"):
            return False
        assert isinstance(value, PastRound)
        return (seat(f"{pointer}/first", value.first) and cards(f"{pointer}/turned", value.turned)
                and cards(f"{pointer}/river", value.river)
                and shape.row(f"{pointer}/tokens", value.tokens, shape.ids(t.land_index, "a land of the rules"), n)
                and text(f"{pointer}/hunt", value.hunt) and shape.row(f"{pointer}/stack", value.stack, seat)
                and shape.row(f"{pointer}/captures", value.captures, cards))

    shape.row("/past_rounds", seen.past_rounds, past)
    shape.done()


def _turned(seen: SeatView) -> list[str]:
    """Every card turned up from the deck so far, in order (past rounds', then this round's)."""
    out = [c for past in seen.past_rounds for c in past.turned]
    left: tuple[str, ...] = ()
    if seen.past_rounds:
        last = seen.past_rounds[-1]
        taken = {c for took in last.captures for c in took}
        left = tuple(c for c in last.river if c not in taken)
    if seen.river[:len(left)] != left:
        raise inconsistent_view(seen.seat, "its river does not begin with the cards the last round left")
    out.extend(seen.river[len(left):])
    return out


def _replay_hunt(state: GameState, hunt: tuple[str, ...]) -> GameState:
    for action in hunt:
        owing = to_act(state)
        if not owing:  # the round (or the game) ended before the hunt's last entry
            raise IllegalAction("the hunt goes on past its end")
        state = apply(state, owing[0], action)
    return state


def _disagreeing(seen: SeatView, field: str) -> Exception:
    """The view's ``field``, played again through the engine, cannot be played: ``InvalidInput``
    ``[view-cards]`` naming it, as the other fields no play gives are (the engine's ``IllegalAction``
    escaped: "seat 1 must choose a land for round 7 (...), not ''")."""
    return inconsistent_view(seen.seat, f"no state gives it: its {field} disagrees with the rest of it")


class Determinizer(CheckedDraws[GameState]):
    """The replay of what a view knows, done once; ``sample`` draws the deck's order and the tokens.

    A search samples many states from one view: the finished rounds are replayed once (they
    turned up known cards only), and each draw sets the rest of the deck and replays this round.
    """

    view_of = staticmethod(view)

    def __init__(self, seen: SeatView) -> None:
        check_view(seen, SeatView, VIEW_WHAT)
        rules = seen.rules
        if not isinstance(rules, Ruleset):
            raise TypeError("seen.rules must be the game's Boomerang (2010) ruleset (a view made by "
                            "view(state, seat) holds it)")
        t = tables_for(rules)
        _fit_view(seen, t)
        turned = _turned(seen)
        shown = set(turned)
        rest = [c for c in t.ids if c not in shown]
        if len(rest) != seen.deck_size or len(shown) != len(turned):
            raise inconsistent_view(seen.seat, f"{len(rest)} cards unseen for a deck of {seen.deck_size}")
        state = new_game(rules, seen.players, deck=[*turned, *rest])
        for past in seen.past_rounds:
            try:
                state = _replay_hunt(_chosen(state, past.tokens), past.hunt)
            except IllegalAction:
                raise _disagreeing(seen, "past_rounds") from None
        self._seen = seen
        self._base = state
        self._prefix = tuple(t.index[c] for c in turned)
        self._rest = tuple(t.index[c] for c in rest)
        self._lands = t.lands

    def _draw(self, rng: Rng) -> GameState:
        """One full state consistent with the view: the deck's rest in a uniform order, each hidden
        token a uniform land."""
        seen = self._seen
        gen = seed_of(rng)
        gen, order = rng_mod.shuffled(gen, self._rest)
        values = list(self._base)  # built by position, as the engine builds its states (unchecked)
        values[FIELD["deck"]], values[FIELD["deck_order"]] = order, self._prefix + order
        state: GameState = NEW(GameState, values)
        if seen.phase == "over":
            return state
        lands = self._lands
        for seat, chosen in enumerate(seen.chosen):
            if not chosen:
                continue
            if seat == seen.seat:
                land = seen.token or ""
            else:
                gen, i = rng_mod.below(gen, len(lands))
                land = lands[i]
            try:
                state = apply(state, seat, land)
            except IllegalAction:
                raise _disagreeing(seen, "token") from None
        try:
            return _replay_hunt(state, seen.hunt)
        except IllegalAction:
            raise _disagreeing(seen, "hunt") from None


def _chosen(state: GameState, tokens: tuple[str, ...]) -> GameState:
    """``state`` once every seat has chosen its land of ``tokens``."""
    for seat, land in enumerate(tokens):
        state = apply(state, seat, land)
    return state


def determinize(seen: SeatView, rng: Rng) -> GameState:
    """A full game state consistent with everything ``seen`` knows, the rest drawn at random.

    The cards still in the deck are placed in a uniformly drawn order and every other seat's
    hidden token is a uniformly drawn land; ``view(result, seen.seat) == seen``.

    ``rng``: an integer seed (SplitMix64, the same state on every platform) or a
    ``random.Random``, from which one 64-bit seed is drawn (so it advances by one draw).
    """
    return Determinizer(seen).sample(rng)


VIEW_TYPES: tuple[type, ...] = (SeatView,)
"""The view classes ``determinize`` takes (for the top-level dispatch)."""
