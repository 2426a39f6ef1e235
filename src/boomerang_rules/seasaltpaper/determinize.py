"""Determinization for Sea Salt & Paper: a full game state drawn from what one seat knows.

What a seat knows (its ``SeatView``): its own hand (and the two cards it has just drawn, or
the whole pile a crab pair lets it search), both piles' top cards and sizes, every played
card, every hand revealed by a LAST CHANCE, the cards it saw go into another hand and not
leave it (``known``: taken from a pile top, stolen from itself), the hand sizes, the deck's
size, and every finished round as the table saw it. A seat remembers the piles' tops, not what
lies under them (the view's own model).

What it does not: the rest of each other hand, the two cards another seat has just drawn, the
cards under each pile's top (in order), and the deck's order. ``determinize(seen, rng)``
shuffles every card the seat cannot see and deals it into those places in one uniform draw:
each assignment of the unseen cards to the unseen places is equally likely, and every one is
consistent with the view and the rules: one giving a seat all the mermaids where it could not hold
them (``_barred``) is drawn again. The state gets a fresh dealer (the rest of the draw's generator) for
the shuffles and steals to come.

The state is made from the view directly (a round's decisions are not in the view, so they
cannot be replayed): this round's log holds only what the view reads back from it (the cards
seen taken), and the finished rounds only what the table saw (their hidden deck orders and
decisions are not drawn: nothing to come depends on them). So a determinization plays on like
any state, but it has no game record: ``record_of`` refuses it (``ValueError``) rather than write
one that no replay reaches. Drawing a whole history consistent with the view instead (every
kept card, discard order under the piles, steal and lobster shuffle) would make the draw a search
over histories, for a record of a game nobody played: what a search bot samples needs none.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..core import rng as rng_mod
from ..core.determinize import CheckedDraws, Rng, agreeing, check_view, seed_of
from ..core.errors import InvalidInput, Problem
from ..core.state_checks import inconsistent_view, view_seats
from .engine import _winners as engine_winners
from .engine import new_game
from .rules import Ruleset
from .state import Chance, GameState, RoundResult, fit
from .tables import PILES, Tables, tables_for
from .view import VIEW_WHAT, PastRound, SeatView, view

_PHASES = frozenset(("deal", "draw", "keep", "play", "crab_pile", "crab_card", "steal", "lobster", "over"))


def _fit_view(seen: SeatView, t: Tables) -> None:
    """``InvalidInput`` naming each field the determinization reads that is not of the type, range
    and length ``view`` gives it (a view built through its class, ``attrs.evolve``:
    ``core.state_checks``); what it copies into the states it draws is checked as they are
    (``state.fit``, on a first draw)."""
    shape, n = view_seats(t.rules, seen.players)
    card = shape.ids(t.index, "a card id of the rules")
    cards = shape.rows(card, longest=t.deck_size)
    seat, maybe_seat = shape.ints(0, n - 1), shape.ints(-1, n - 1)
    numbers = shape.optional(shape.rows(shape.ints(None), n))
    seat("/seat", seen.seat)
    maybe_seat("/turn", seen.turn)
    shape.text("/phase", seen.phase, _PHASES)
    cards("/hand", seen.hand)
    cards("/drawn", seen.drawn)
    shape.row("/played", seen.played, cards, n)
    shape.row("/revealed", seen.revealed, shape.optional(cards), n)
    shape.row("/known", seen.known, cards, n)
    shape.row("/hand_sizes", seen.hand_sizes, shape.ints(0, t.deck_size), n)
    shape.row("/pile_tops", seen.pile_tops, shape.optional(card), 2)
    shape.row("/pile_sizes", seen.pile_sizes, shape.ints(0, t.deck_size), 2)
    shape.optional(cards)("/chosen_pile", seen.chosen_pile)
    shape.optional(lambda pointer, value: shape.text(pointer, value, frozenset(PILES)))("/crab_pile", seen.crab_pile)
    shape.whole("/deck_size", seen.deck_size, 0, t.deck_size)
    shape.whole("/drawn_size", seen.drawn_size, 0, t.deck_size)
    maybe_seat("/caller", seen.caller)
    shape.row("/protected", seen.protected, seat, longest=n)
    shape.row("/bound", seen.bound, seat, longest=n)
    shape.row("/last_turns", seen.last_turns, shape.ints(-1, None), n)

    def past(pointer: str, value: object) -> bool:
        if not shape.instance(pointer, value, PastRound, "a PastRound"):
            return False
        assert isinstance(value, PastRound)
        return (shape.optional(shape.rows(cards, n))(f"{pointer}/hands", value.hands)
                and shape.row(f"{pointer}/played", value.played, cards, n)
                and numbers(f"{pointer}/card_points", value.card_points)
                and numbers(f"{pointer}/bonuses", value.bonuses)
                and shape.row(f"{pointer}/scores", value.scores, shape.ints(None), n))

    shape.row("/past_rounds", seen.past_rounds, past)
    shape.done()


def _index(t: Tables, ids: Sequence[str]) -> tuple[int, ...]:
    return tuple(t.index[c] for c in ids)


def _history(t: Tables, seen: SeatView) -> tuple[RoundResult, ...]:
    """The finished rounds as the view shows them; what it does not show left empty."""
    n = seen.players
    out = []
    for past in seen.past_rounds:
        hands = tuple(_index(t, h) for h in past.hands) if past.hands is not None else ((),) * n
        out.append(RoundResult((), -1, (), past.end, past.ender, hands, tuple(_index(t, p) for p in past.played),
                               past.card_points or (0,) * n, past.bonuses or (0,) * n, past.scores, (-1,) * n))
    return tuple(out)


def _disagreeing(seen: SeatView, t: Tables, history: Sequence[RoundResult]) -> str | None:
    """The field of ``seen`` no play gives beside its finished rounds, or None: a round other than
    the rounds finished (once over too, docs/api.md), winners before the end, or once over other
    winners than the last round's end, the totals and the tie-break give. The states drawn copy
    these fields as they are, so viewing a draw again (``agreeing``) cannot tell (a view of round
    1000001 in a game's first round was drawn into such a state)."""
    if seen.round != len(seen.past_rounds):
        return "round"
    if seen.phase != "over" or not history:
        return "winners" if seen.winners else None
    last = history[-1]
    if last.end == "mermaids":
        best: tuple[int, ...] = (last.ender,)
    else:
        best = engine_winners(t, tuple(seen.totals), attrs.evolve(last, last_turns=tuple(seen.last_turns)))
    return None if tuple(seen.winners) == best else "winners"


class Determinizer(CheckedDraws[GameState]):
    """What a view knows and where its unseen cards can go, worked out once; ``sample`` draws a state.

    A search samples many states from one view, so the analysis is kept apart from the draw.
    """

    view_of = staticmethod(view)

    def __init__(self, seen: SeatView) -> None:
        check_view(seen, SeatView, VIEW_WHAT)
        rules = seen.rules
        if not isinstance(rules, Ruleset):
            raise TypeError("seen.rules must be the game's Sea Salt & Paper ruleset (a view made by "
                            "view(state, seat) holds it)")
        t = tables_for(rules)
        _fit_view(seen, t)
        n, k = seen.players, seen.seat
        self._seen = seen
        self._rules = rules
        self._t = t
        visible = [*_index(t, seen.hand), *_index(t, seen.drawn), *(c for p in seen.played for c in _index(t, p))]
        # Each other hand: its known cards and how many it has besides.
        self._hand_known: list[tuple[int, ...]] = []
        self._hand_hidden: list[int] = []
        for s in range(n):
            if s == k:
                known = _index(t, seen.hand)
            elif seen.revealed[s] is not None:
                known = _index(t, seen.revealed[s] or ())
            else:
                known = _index(t, seen.known[s])
            if s != k:
                visible.extend(known)
            self._hand_known.append(known)
            self._hand_hidden.append(seen.hand_sizes[s] - len(known))
        self._drawn_hidden = 2 if seen.phase == "keep" and seen.turn != k else 0
        if seen.phase == "lobster" and seen.turn != k:  # Extra Salt: the lobster's cards, unseen by the others
            self._drawn_hidden = seen.drawn_size
        # Each pile: its known cards (top, or the whole pile this seat is searching) and how many under them.
        self._pile_known: list[tuple[int, ...]] = []
        self._pile_hidden: list[int] = []
        for p, (top, size) in enumerate(zip(seen.pile_tops, seen.pile_sizes)):
            if seen.chosen_pile is not None and seen.crab_pile == PILES[p]:
                known = _index(t, seen.chosen_pile)
            else:
                known = _index(t, (top,)) if top is not None else ()
            visible.extend(known)
            self._pile_known.append(known)
            self._pile_hidden.append(size - len(known))
        shown = set(visible)
        # A game waiting for its next round's deck (phase "deal": one replayed from a record) holds
        # no card anywhere: the unseen cards have no place yet, the deck to come is chance's.
        waiting = seen.phase == "deal"
        if waiting and visible:
            raise inconsistent_view(k, "no state gives it: a game waiting for its next deck holds no card")
        self._unseen = () if waiting else tuple(c for c in range(t.deck_size) if c not in shown)
        places = sum(self._hand_hidden) + self._drawn_hidden + sum(self._pile_hidden) + seen.deck_size
        if len(shown) != len(visible) or min(self._hand_hidden + self._pile_hidden) < 0 \
                or len(self._unseen) != places:
            raise inconsistent_view(k, f"{len(self._unseen)} unseen cards for {places} places (or a card seen twice)")
        log: object = None
        for s, cards in enumerate(seen.known):
            for c in cards:
                log = ((s, f"take:{c}", -1), log)
        self._log = log
        self._history = _history(t, seen)
        odd = _disagreeing(seen, t, self._history)
        if odd is not None:
            raise inconsistent_view(k, f"no state gives it: its {odd} disagrees with the rest of it")
        protected = 0
        for s in seen.protected:
            protected |= 1 << s
        self._protected = protected
        turns = max(seen.last_turns, default=0)
        self._turn_no = turns if turns > 0 else 1
        order = [(seen.caller + i) % n for i in range(1, n)] if seen.caller >= 0 else []
        self._final = tuple(s for s in order if not protected >> s & 1)
        self._barred = _barred(seen, t, self._hand_hidden)
        try:  # the rest of the view, as the states drawn hold it (each the same but its hidden cards)
            drawn = self._draw(0)
            fit(tuple(drawn))
        except InvalidInput as refused:
            made = ": not a view view(state, seat) made"
            raise InvalidInput([Problem(p.pointer.replace("/winners_", "/winners"), p.message.replace(
                "winners_", "winners").replace(": not a state the engine made", made),
                p.rule.replace("state-", "view-", 1).replace("winners_", "winners"))
                for p in refused.problems]) from None
        agreeing(seen, drawn, view)  # and its fields together (a draw that fits, viewed again)
        self._checked = True

    def _draw(self, rng: Rng) -> GameState:
        """One full state consistent with the view, the unseen cards placed uniformly."""
        seen, t = self._seen, self._t
        gen = seed_of(rng)
        for _ in range(HOARD_TRIES):  # drawn again while a seat holds all the mermaids where it cannot
            gen, order = rng_mod.shuffled(gen, self._unseen)
            if not self._barred or not _hoarding(t, self._barred, self._hand_known, self._hand_hidden, order):
                break
        at = 0

        def take(count: int) -> tuple[int, ...]:
            nonlocal at
            out = order[at:at + count]
            at += count
            return out

        hands = tuple(tuple(sorted(known + take(hidden)))
                      for known, hidden in zip(self._hand_known, self._hand_hidden))
        drawn = take(self._drawn_hidden) if self._drawn_hidden else _index(t, seen.drawn)
        piles = tuple(take(hidden) + known if len(known) == 1 else known
                      for known, hidden in zip(self._pile_known, self._pile_hidden))
        deck = take(seen.deck_size)
        _, dealer = rng_mod.next_u64(gen)
        state = new_game(self._rules, seen.players, dealer)
        waiting = seen.phase == "deal"
        return state.evolve(
            round=seen.round, first=seen.first, turn=seen.turn, phase=seen.phase, deck=deck,
            piles=(piles[0], piles[1]), hands=hands, played=tuple(_index(t, p) for p in seen.played), drawn=drawn,
            crab_pile=PILES.index(seen.crab_pile) if seen.crab_pile is not None else -1, caller=seen.caller,
            final=self._final, protected=self._protected, turn_no=self._turn_no, last_turns=seen.last_turns,
            totals=seen.totals, history=self._history, deck0=(), log=self._log, seed=None, winners_=seen.winners,
            chance=Chance(None if waiting else rng_mod.seed_state(dealer)),
            bound=sum(1 << s for s in seen.bound))


HOARD_TRIES = 64
"""The draws a determinization makes at most while one gives a seat all the mermaids where no game of
these rules reaches that (``_barred``); past them the last is taken, a view no game reaches (built by
hand) drawn as before rather than never."""


def _barred(seen: SeatView, t: Tables, hidden: Sequence[int]) -> tuple[int, ...]:
    """The seats whose unseen cards may not complete all the mermaids in their hand: whoever holds them
    all may only place them (``engine._legal``), so outside its own play phase a seat never holds them
    all (cards reach a hand only in its owner's turn, and its last turn could not end with them). A
    seat in its play phase may have just taken the last; in the crab, steal and lobster phases it has
    played a duo, which it could not while holding them. Rulesets with a duo that binds the others
    (Extra Salt's jellyfish: a bound seat ends its turn holding them) bar no seat."""
    if t.mermaid < 0 or seen.phase in ("deal", "over") or any(
            effect == "restrict_opponents" for _, _, _, effect in t.duos):
        return ()
    return tuple(s for s in range(seen.players)
                 if hidden[s] > 0 and not (s == seen.turn and seen.phase == "play"))


def _hoarding(t: Tables, barred: tuple[int, ...], known: Sequence[Sequence[int]], hidden: Sequence[int],
              order: Sequence[int]) -> bool:
    """Whether dealing ``order`` (the hands first, in seat order: ``_draw``) gives a barred seat all the
    mermaids (its ``known`` cards with its share of ``order``)."""
    mermaids = t.mermaid_cards
    at = 0
    for s, size in enumerate(hidden):
        if s in barred:
            held = sum(1 for c in (*known[s], *order[at:at + size]) if mermaids >> c & 1)
            if held >= t.win_with:
                return True
        at += size
    return False


def determinize(seen: SeatView, rng: Rng) -> GameState:
    """A full game state consistent with everything ``seen`` knows, the rest drawn at random.

    Every card the seat cannot see is placed uniformly among the places it could be (the rest
    of the other hands, another seat's two drawn cards, under the piles' tops, the deck), and
    the state has a fresh dealer for the rounds and steals to come; ``view(result, seen.seat)
    == seen``. Its record is not a valid game record (see the module).

    ``rng``: an integer seed (SplitMix64, the same state on every platform) or a
    ``random.Random``, from which one 64-bit seed is drawn (so it advances by one draw).
    """
    return Determinizer(seen).sample(rng)


VIEW_TYPES: tuple[type, ...] = (SeatView,)
"""The view classes ``determinize`` takes (for the top-level dispatch)."""
