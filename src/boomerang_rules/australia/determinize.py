"""Determinization: a full game state drawn from what one seat knows (its information set).

``determinize(seen, rng)`` places every card the seat cannot see uniformly at random among the
places it could be, and gives the state a fresh dealer for the rounds still to come, so that
``view(determinize(view(s, k), rng), k) == view(s, k)`` for every reachable state ``s``.
Search bots (``ismcts``) sample many of these and play them out.

What the seat knows of this round's cards, and so where an unknown card can be:

- Every hand is followed as the hand *dealt* to its origin seat ``o``: at step ``i`` it sits
  at seat ``o + i·d`` (``d`` = +1 left, -1 right), which takes one card from it. Step 0 takes
  the Throw (hidden, except the seat's own); later steps take face-up cards.
- A hand the seat has held is known now: everything taken from it since was face up. A hand
  it has not held is unknown but for its size. So the unknown *places* are: each other
  seat's Throw (once made), each hand the seat has not held, and the undealt cards (fewer
  than 4 players). Each place belongs to one dealt hand (or to the undealt pile).
- With fewer players (``leftover_cards: deal-first``, round 2 on) the cards set aside last
  round (public: the deck minus last round's cards) are dealt first, round-robin from seat 0:
  seat ``s`` gets ``len(range(s, min(|L|, n·hand), n))`` of them and the rest stay undealt.
  So every dealt hand holds a known number of them.

Sampling: the unknown cards are of two kinds, set aside last round (``L``) or not; each
dealt hand and the undealt pile needs a fixed number of each kind (its size minus what is
already known of it). Every full assignment meeting those counts is equally likely under the
dealer (its shuffles are uniform, and each assignment is reached by the same number of deck
orders), and every one of them is consistent with the view, so: shuffle each kind, hand
each group its count, shuffle within the group to split it between its Throw and its hand.
That is uniform over the consistent assignments. A view whose deals break the round-robin
pattern (a game record may deal by hand) falls back to the weaker constraint records check
(the set-aside cards were dealt, none of them left undealt), then to none. Not modelled: with
a deck more than twice a round's deal (no shipped ruleset), the set-aside cards that waited
longest are dealt first; the draw treats every set-aside card alike (still consistent with
the view, but not the exact posterior).

The state is built through the public constructors only (``new_game`` with the deals, then
every known action replayed), so it holds whatever the engine's own states hold.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import rng as rng_mod
from ..core.determinize import CheckedDraws, Rng, check_view, seed_of
from ..core.state_checks import Shape, inconsistent_view, seats_of
from .dealing import deal_problems
from .engine import apply, deal_given, new_game
from .rules import Ruleset
from .state import GameState
from .tables import NO_ACTIVITY, Tables, tables_for
from .view import VIEW_WHAT, PastRound, SeatView, view


def _direction(rules: Ruleset, round_no: int) -> int:
    return 1 if rules.pass_directions[round_no] == "left" else -1


_PHASES = frozenset(("deal", "throw", "pick", "activity", "over"))


def fit_view(seen: SeatView) -> Tables:
    """The tables of ``seen``'s rules, once every field the determinization reads is of the type,
    range and length ``view`` gives it; ``InvalidInput`` naming each that is not (a view built
    through its class, ``attrs.evolve``: ``core.state_checks``)."""
    shape = Shape("a view view(state, seat) made", "view")
    shape.instance("/rules", seen.rules, Ruleset, "a Boomerang: Australia Ruleset")
    shape.done()
    t = tables_for(seen.rules)
    n = seats_of(shape, seen.rules, seen.players)
    shape.done()
    assert n is not None
    size = t.hand_size
    card = shape.ids(t.index, "a card id of the rules")
    cards = shape.rows(card, longest=size)
    shape.whole("/seat", seen.seat, 0, n - 1)
    shape.whole("/rounds", seen.rounds, t.rounds, t.rounds)
    shape.text("/phase", seen.phase, _PHASES)
    shape.whole("/pick", seen.pick, 0, size)
    shape.optional(lambda pointer, value: shape.text(pointer, value, frozenset(("left", "right"))))(
        "/direction", seen.direction)
    cards("/hand", seen.hand)
    shape.optional(card)("/throw", seen.throw)
    shape.optional(lambda pointer, value: shape.text(pointer, value))("/chosen", seen.chosen)
    shape.row("/face_up", seen.face_up, cards, n)
    shape.row("/hand_sizes", seen.hand_sizes, shape.ints(0, size), n)
    shape.row("/held", seen.held, cards, longest=size)
    activity = shape.optional(shape.ids(t.activity_kinds, "an activity of the rules"))

    def past(pointer: str, value: object) -> bool:
        if not shape.instance(pointer, value, PastRound, "a PastRound"):
            return False
        assert isinstance(value, PastRound)
        return (shape.row(f"{pointer}/drafts", value.drafts, shape.rows(card, size), n)
                and shape.row(f"{pointer}/activities", value.activities, activity, n)
                and shape.row(f"{pointer}/bonuses", value.bonuses, shape.rows(lambda at, v: shape.text(at, v)), n))

    if shape.whole("/round", seen.round, 0, t.rounds):
        shape.row("/past_rounds", seen.past_rounds, past, seen.round)
    shape.row("/activities_used", seen.activities_used, shape.rows(activity), n)
    shape.done()  # what follows reads the fields together
    if seen.phase in ("throw", "pick", "activity"):  # a row of face-up cards a seat, as long; a hand held a step
        taken = 0 if seen.phase == "throw" else len(seen.face_up[seen.seat]) + 1
        if seen.round >= t.rounds:  # the round under way is one the rules pass the hands in
            shape.fault("/round", f"a round under way is one of the game's {t.rounds} (0 to {t.rounds - 1}), "
                        f"not {seen.round}")
        elif len({len(row) for row in seen.face_up}) != 1:
            shape.fault("/face_up", "every seat has as many cards face up")
        elif len(seen.held) < min(taken, t.hand_size - 1):
            shape.fault("/held", f"held must hold the hand of each step before, not {len(seen.held)}")
    shape.done()
    return t


def past_deals(t: Tables, seen: SeatView) -> list[list[list[str]]]:
    """The hands dealt in every finished round, rebuilt from the drafts (all public at round end).

    The card seat ``o + j·d`` took at step ``j`` came from the hand dealt to seat ``o``.
    """
    n = seen.players
    out = []
    for r, past in enumerate(seen.past_rounds):
        d = _direction(t.rules, r)
        out.append([[past.drafts[(o + j * d) % n][j] for j in range(t.hand_size)] for o in range(n)])
    return out


def _replay_round(state: GameState, drafts: Sequence[Sequence[str]], activities: Sequence[str | None],
                  steps: int, t: Tables) -> GameState:
    """Apply each seat's cards of the first ``steps`` steps (and the activities if given)."""
    n = len(drafts)
    for i in range(min(steps, t.activity_step)):
        for x in range(n):
            state = apply(state, x, drafts[x][i])
    if activities:
        for x in range(n):
            state = apply(state, x, activities[x] or NO_ACTIVITY)
    return state


class Determinizer(CheckedDraws[GameState]):
    """The places a seat's unknown cards can go, worked out once; ``sample`` draws a state.

    A search samples many states from one view, so the analysis is kept apart from the draw.
    """

    view_of = staticmethod(view)

    def __init__(self, seen: SeatView) -> None:
        check_view(seen, SeatView, VIEW_WHAT)
        t = fit_view(seen)
        rules = seen.rules
        self._t = t
        self._seen = seen
        self._deals = past_deals(t, seen)
        self._waiting: GameState | None = None
        """The game waiting for the deal of the round under way, its finished rounds played: the same
        in every draw, so played once (``_dealt``), not at every playout of a search."""
        self._current = seen.phase in ("throw", "pick", "activity")
        if not self._current:
            return
        n, k = seen.players, seen.seat
        d = _direction(rules, seen.round)
        taken = 0 if seen.phase == "throw" else len(seen.face_up[k]) + 1
        self._taken = taken
        # Known cards of each dealt hand, and its unknown places: a Throw slot (-1) and
        # the count of cards of its remainder.
        known: list[list[str]] = [[] for _ in range(n)]
        throw_slot = [False] * n
        unknown_rest = [0] * n
        seen_cards = set(seen.hand) | {c for h in seen.held for c in h} | {c for f in seen.face_up for c in f}
        if seen.throw:
            seen_cards.add(seen.throw)
        for o in range(n):
            for i in range(taken):
                x = (o + i * d) % n
                if i > 0:
                    known[o].append(seen.face_up[x][i - 1])
                elif x == k:
                    known[o].append(seen.throw or "")
                else:
                    throw_slot[o] = True
            if taken >= t.hand_size:
                continue
            holder = (o + taken * d) % n
            if holder == k:
                known[o].extend(seen.hand)
                continue
            # The latest step at which this seat held the hand dealt to o, if it ever did.
            when = [j for j in range(taken) if (k - j * d) % n == o]
            if when:
                j = when[-1]
                gone = {seen.face_up[(o + i * d) % n][i - 1] if i > 0 else seen.throw for i in range(j, taken)}
                known[o].extend(c for c in seen.held[j] if c not in gone)
            else:
                unknown_rest[o] = seen.hand_sizes[holder]
        self._known = known
        self._throw_slot = throw_slot
        self._unknown_rest = unknown_rest
        self._undealt = t.deck_size - n * t.hand_size
        unknown = [c for c in t.ids if c not in seen_cards]
        sizes = [int(throw_slot[o]) + unknown_rest[o] for o in range(n)]
        if len(unknown) != sum(sizes) + self._undealt:
            raise inconsistent_view(k, f"{len(unknown)} unknown cards for {sum(sizes) + self._undealt} places")
        # Cards set aside last round are dealt first this round (deal-first, fewer players).
        aside: set[str] = set()
        if seen.round > 0 and not t.reshuffle and self._undealt > 0:
            used = {c for hand in seen.past_rounds[-1].drafts for c in hand}
            aside = {c for c in t.ids if c not in used}
        a_unknown = [c for c in unknown if c in aside]
        b_unknown = [c for c in unknown if c not in aside]
        self._kinds = (a_unknown, b_unknown)
        self._mode = "free"
        self._need: list[int] = []
        if aside:
            take = n * t.hand_size
            first = min(len(aside), take)
            pattern = [len(range(o, first, n)) - sum(1 for c in known[o] if c in aside) for o in range(n)]
            pattern.append(len(aside) - first)
            groups = [*sizes, self._undealt]
            if all(0 <= a <= g for a, g in zip(pattern, groups)) and sum(pattern) == len(a_unknown):
                self._mode, self._need = "pattern", pattern
            elif len(aside) - first <= len(a_unknown) and self._undealt - (len(aside) - first) <= len(b_unknown):
                self._mode, self._need = "aside", [len(aside) - first]
        self._sizes = sizes

    def _groups(self, state: int) -> tuple[int, list[list[str]]]:
        """Each dealt hand's unknown cards (its Throw first, if it has a slot), then the undealt."""
        a, b = self._kinds
        sizes = [*self._sizes, self._undealt]
        if self._mode == "pattern":
            state, a_order = rng_mod.shuffled(state, a)
            state, b_order = rng_mod.shuffled(state, b)
            groups = []
            ia = ib = 0
            for size, need in zip(sizes, self._need):
                group = list(a_order[ia:ia + need]) + list(b_order[ib:ib + size - need])
                ia += need
                ib += size - need
                state, mixed = rng_mod.shuffled(state, group)
                groups.append(list(mixed))
            return state, groups
        if self._mode == "aside":
            need = self._need[0]
            state, a_order = rng_mod.shuffled(state, a)
            state, b_order = rng_mod.shuffled(state, b)
            undealt = list(a_order[:need]) + list(b_order[:self._undealt - need])
            rest = list(a_order[need:]) + list(b_order[self._undealt - need:])
        else:
            state, everything = rng_mod.shuffled(state, a + b)
            undealt, rest = list(everything[:self._undealt]), list(everything[self._undealt:])
        state, rest_order = rng_mod.shuffled(state, rest)
        groups = []
        i = 0
        for size in self._sizes:
            groups.append(list(rest_order[i:i + size]))
            i += size
        groups.append(undealt)
        return state, groups

    def _replayed(self, state: GameState) -> GameState:
        """``state`` with the view's finished rounds played."""
        t = self._t
        for past in self._seen.past_rounds:
            state = _replay_round(state, past.drafts, past.activities, t.activity_step, t)
        return state

    def _dealt(self, hands: list[list[str]], dealer_seed: int) -> GameState | None:
        """The round under way dealt ``hands`` after the finished rounds, played once for every draw
        (``engine.deal_given``): what ``new_game`` with every deal and the rounds replayed gives. None
        for the first draw, whose state the view checks (``CheckedDraws``), and for a flawed deal."""
        if not self._checked:
            return None
        masks, problems = deal_problems(self._t, self._seen.players, hands)
        if problems:
            return None
        if self._waiting is None:
            seen = self._seen
            self._waiting = self._replayed(new_game(seen.rules, seen.players, deals=self._deals, undealt_ok=True))
        return deal_given(self._waiting, masks, dealer_seed)

    def _draw(self, rng: Rng) -> GameState:
        """One full state consistent with the view, unknown cards placed uniformly."""
        seed = seed_of(rng)
        seen, t = self._seen, self._t
        rules, n = seen.rules, seen.players
        throws: list[str] = []
        if seen.phase == "deal":
            state = new_game(rules, n, deals=self._deals, undealt_ok=True)
        elif not self._current:
            state = new_game(rules, n, seed, deals=self._deals)
        else:
            gen, groups = self._groups(rng_mod.seed_state(seed))
            hands: list[list[str]] = []
            for o in range(n):
                group = groups[o]
                throws.append(group[0] if self._throw_slot[o] else seen.throw or "")
                hands.append(self._known[o] + group)
            _, dealer_seed = rng_mod.next_u64(gen)
            dealt = self._dealt(hands, dealer_seed)
            if dealt is not None:
                state = dealt
            else:  # the first draw (checked against the view), or a deal with a flaw new_game names
                state = new_game(rules, n, dealer_seed, deals=[*self._deals, hands])
                state = self._replayed(state)
        if not self._current:
            state = self._replayed(state)
        else:
            drafts = [[throws[x], *seen.face_up[x]] for x in range(n)]
            state = _replay_round(state, drafts, (), self._taken, t)
            if seen.chosen is not None:
                state = apply(state, seen.seat, seen.chosen)
        return state


def determinize(seen: SeatView, rng: Rng) -> GameState:
    """A full game state consistent with everything ``seen`` knows, the rest drawn at random.

    Every card the seat cannot see is placed uniformly among the places it could be (other
    hands, other seats' hidden Throws, the undealt cards), and the state deals the rounds
    still to come from a fresh seed; ``view(result, seen.seat) == seen``. Other seats that
    may have decided this step are left undecided (the view does not say who has).

    ``rng``: an integer seed (SplitMix64, the same state on every platform) or a
    ``random.Random``, from which one 64-bit seed is drawn (so it advances by one draw).
    """
    return Determinizer(seen).sample(rng)


VIEW_TYPES: tuple[type, ...] = (SeatView,)
"""The view classes ``determinize`` takes (for the top-level dispatch)."""
