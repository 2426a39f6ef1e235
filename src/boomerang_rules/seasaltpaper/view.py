"""What one seat may know: its own hand, the discard piles' tops, everyone's played cards and hand
sizes, revealed hands, the cards it saw others take from a pile top, the scores; never another
hand or the deck's order.

A crab pair's player sees the whole chosen pile while choosing a card from it; a player who
has drawn two cards sees both while choosing which to keep; a lobster pair's player sees the
deck's top five while choosing one (Extra Salt), and the others only how many (``drawn_size``);
the cards put back are shuffled into the deck and forgotten, as the deck is. A seat remembers the piles' tops,
not what lies under them; it remembers the cards it saw go into another hand (a card taken
from a pile top, a card stolen from itself, a crab pair's pick of the top it saw change: a
one-card pile's card, or the top every seat saw before; a pick from under the top is not
known) until they leave it, and forgets what it knew of a hand robbed by a steal it did not see
(the stolen card may be any of them).

The finished rounds' part of a view is made once per round and shared by every view of the
game (``_past_of``): a long game does not pay at each decision for every round before it.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from ..core.lazy_views import lazy_views
from ..core.seats import check_seat
from .engine import card_points
from .hot_path import is_over, legal_actions
from .rules import Ruleset
from .scoring import Points, points_of
from .sheets import ScoreSheet
from .state import GameState, RoundResult, check_state
from .tables import PILES, Tables

VIEW_WHAT = "a Sea Salt & Paper SeatView (see view)"
"""What a view of this game is, in the words of a refusal (``seen must be ...``), as the state's are."""


@attrs.frozen
class PastRound:
    """A finished round as everyone saw it: how it ended, the hands revealed, the points."""

    end: str
    """``stop``, ``last_chance``, ``empty_deck`` or ``mermaids``."""
    ender: int
    hands: tuple[tuple[str, ...], ...] | None
    """Every seat's hand at the end, when the round was scored (hands are revealed then)."""
    played: tuple[tuple[str, ...], ...]
    card_points: tuple[int, ...] | None
    bonuses: tuple[int, ...] | None
    scores: tuple[int, ...]


@attrs.frozen
class SeatView:
    """All that ``seat`` may know at one moment."""

    seat: int
    players: int
    round: int
    turn: int
    """The seat whose turn it is (-1: nobody's)."""
    phase: str
    hand: tuple[str, ...]
    drawn: tuple[str, ...]
    """The two cards this seat has just drawn (during its ``keep`` phase), or the deck's top cards its
    lobster pair looks at (``lobster`` phase, Extra Salt), else ()."""
    pile_tops: tuple[str | None, str | None]
    pile_sizes: tuple[int, int]
    chosen_pile: tuple[str, ...] | None
    """The whole pile this seat is choosing a card from after a crab pair, bottom first."""
    deck_size: int
    hand_sizes: tuple[int, ...]
    played: tuple[tuple[str, ...], ...]
    revealed: tuple[tuple[str, ...] | None, ...]
    """Hands revealed during a LAST CHANCE (the caller's, then each after its final turn)."""
    caller: int
    protected: tuple[int, ...]
    points: Points
    """This seat's own points now (card points, and the colour bonus)."""
    totals: tuple[int, ...]
    sheets: tuple[ScoreSheet, ...]
    past_rounds: tuple[PastRound, ...]
    legal_actions: tuple[str, ...]
    winners: tuple[int, ...]
    rules: Ruleset = attrs.field(repr=False)
    """The game's ruleset (public knowledge: a determinization or a search needs it; compared, as every
    game's view compares it: by its digest, so views under equal rulesets are equal). Required, as in
    every game's view: a view built by hand without it could be neither determinized nor read by a bot."""
    first: int = -1
    """The seat that began this round."""
    last_turns: tuple[int, ...] = ()
    """The number of each seat's latest turn this round (-1: none yet), as the tie-break "went last" reads it."""
    crab_pile: str | None = None
    """The pile a crab pair's player is choosing a card from (``left`` or ``right``; public), else None."""
    known: tuple[tuple[str, ...], ...] = ()
    """Per seat, the cards of its hand this seat knows are there (seen taken from a pile top, by a draw
    or a crab pair, or stolen from this seat), sorted; () for this seat itself (its ``hand`` says it all)."""
    bound: tuple[int, ...] = ()
    """Extra Salt: the seats a jellyfish pair binds for their next turn (the pair is played openly)."""
    drawn_size: int = 0
    """How many cards the seat to act is choosing among (two drawn, or a lobster's look: up to the duo's ``look``): the
    table sees them taken, not what they are."""


def _known(state: GameState, seat: int) -> tuple[tuple[str, ...], ...]:
    """What ``seat`` knows of the other hands this round, from the round's decisions (see the module):
    the plain fold of ``_learn`` over the whole log, that ``_known_of``'s cache is checked against."""
    t = state.tables
    known: list[set[int]] = [set() for _ in range(state.players)]
    for who, action, card in state.entries():
        _learn(t, seat, known, who, action, card)
    known[seat] = set()
    return tuple(t.ids_of(sorted(k)) for k in known)

def _learn(t: Tables, seat: int, known: list[set[int]], who: int, action: str, card: int) -> None:
    """What ``seat`` learns of the hands from one decision (``_known``'s step), into ``known``."""
    verb, _, rest = action.partition(":")
    if verb == "take":
        known[who].add(t.index[rest])
    elif verb == "pick":
        if card >= 0:  # a crab pair took the pile's top: every seat saw the top go (engine.apply)
            known[who].add(card)
    elif verb == "duo" or verb == "trio":
        known[who].difference_update(t.index[c] for c in rest.split("+"))
    elif verb == "steal":
        victim = int(rest)
        if who == seat:
            known[victim].discard(card)
        elif victim == seat:
            known[who].add(card)
        else:
            known[victim].clear()
    elif verb == "mermaids":
        known[who] = {c for c in known[who] if t.kind[c] != t.mermaid}


_KNOWN: dict[tuple[int, int, int], tuple[object, Tables, tuple[frozenset[int], ...]]] = {}
"""(id(a round's log node), seat, id(tables)) -> (the node, the tables, what the seat knows then):
the log is a chain of nodes each state extends by one, so a view reads only the decisions since
the last view of the seat (``_known_of``)."""
_KNOWN_LIMIT = 4096


def _known_of(state: GameState, seat: int) -> tuple[tuple[str, ...], ...]:
    """``_known(state, seat)``, from what the seat knew at the latest decision seen before (tests
    compare the two at every decision of bot games)."""
    t = state.tables
    pending = []
    node = state.log
    known: list[set[int]] | None = None
    while node is not None:
        hit = _KNOWN.get((id(node), seat, id(t)))
        if hit is not None and hit[0] is node and hit[1] is t and len(hit[2]) == state.players:
            known = [set(k) for k in hit[2]]
            break
        pending.append(node[0])
        node = node[1]
    if known is None:
        known = [set() for _ in range(state.players)]
    for who, action, card in reversed(pending):
        _learn(t, seat, known, who, action, card)
    if state.log is not None and pending:
        if len(_KNOWN) >= _KNOWN_LIMIT:
            _KNOWN.clear()
        _KNOWN[(id(state.log), seat, id(t))] = (state.log, t, tuple(frozenset(k) for k in known))
    known[seat] = set()
    return tuple(t.ids_of(sorted(k)) for k in known)


def _past_round(t: Tables, r: RoundResult) -> PastRound:
    scored = r.end in ("stop", "last_chance")
    return PastRound(r.end, r.ender, tuple(t.ids_of(h) for h in r.hands) if scored else None,
                     tuple(t.ids_of(p) for p in r.played), r.card_points if scored else None,
                     r.bonuses if scored else None, r.scores)


_PAST: dict[int, tuple[tuple[RoundResult, ...], tuple[PastRound, ...], tuple[tuple[int, ...], ...]]] = {}
"""id(the last finished round) -> (the history, its past rounds, each seat's points per round)."""
_PAST_LIMIT = 512


def _same(a: tuple[RoundResult, ...], b: tuple[RoundResult, ...]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


def _past_of(state: GameState) -> tuple[tuple[PastRound, ...], tuple[tuple[int, ...], ...]]:
    """The finished rounds as everyone saw them, and each seat's points per round.

    Made once per finished round and shared (the states of a round share one history, and a
    round's history is the one before it and one more round), so a view costs the same in the
    first round as in the hundredth: the rounds before are neither converted nor summed again.
    """
    history = state.history
    if not history:
        return (), tuple(() for _ in range(state.players))
    hit = _PAST.get(id(history[-1]))
    if hit is not None and (hit[0] is history or _same(hit[0], history)):
        return hit[1], hit[2]
    before = _PAST.get(id(history[-2])) if len(history) > 1 else None
    if before is not None and _same(before[0], history[:-1]):
        past, rows, start = before[1], before[2], len(history) - 1
    else:
        past, rows, start = (), tuple(() for _ in range(state.players)), 0
    t = state.tables
    new = history[start:]
    past = past + tuple(_past_round(t, r) for r in new)
    rows = tuple(row + tuple(r.scores[s] for r in new) for s, row in enumerate(rows))
    if len(_PAST) >= _PAST_LIMIT:
        _PAST.clear()
    _PAST[id(history[-1])] = (history, past, rows)
    return past, rows


_SHARED: list[tuple[object, object, object, tuple[tuple[str, ...], ...], tuple[ScoreSheet, ...]]] = [
    (None, None, None, (), ())]
"""What the last view made of the parts every seat sees alike between two plays (the played cards'
ids, the score sheets), with what it made them from: the very played cards, per-round points and
totals. A bot game views the state at most decisions, and these change only when a card is played."""


def _shared(state: GameState, rows: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[str, ...], ...],
                                                                         tuple[ScoreSheet, ...]]:
    played, totals = state.played, state.totals
    last = _SHARED[0]
    if not (last[0] is played and last[1] is rows and last[2] is totals):
        t = state.tables
        last = (played, rows, totals, tuple(t.ids_of(p) for p in played),
                tuple(ScoreSheet(rows[s], totals[s]) for s in range(state.players)))
        _SHARED[0] = last
    return last[3], last[4]


def view(state: GameState, seat: int) -> SeatView:
    """All that ``seat`` may know now, and nothing more."""
    check_state(state)
    seat = check_seat(state.players, seat)
    legal = legal_actions(state, seat)
    t = state.tables
    ids = t.ids
    n = state.players
    mine = seat == state.turn
    past, rows = _past_of(state)
    played, sheets = _shared(state, rows)
    piles = state.piles
    return SeatView(
        seat=seat, players=n, round=state.round, turn=state.turn, phase=state.phase,
        hand=t.ids_of(state.hands[seat]),
        drawn=t.ids_of(state.drawn) if mine and state.phase in ("keep", "lobster") else (),
        pile_tops=(ids[piles[0][-1]] if piles[0] else None, ids[piles[1][-1]] if piles[1] else None),
        pile_sizes=(len(piles[0]), len(piles[1])),
        chosen_pile=t.ids_of(piles[state.crab_pile]) if mine and state.phase == "crab_card" else None,
        deck_size=len(state.deck),
        hand_sizes=tuple(len(h) for h in state.hands),
        played=played,
        revealed=tuple(t.ids_of(state.hands[s]) if state.protected >> s & 1 and not is_over(state) else None
                       for s in range(n)),
        caller=state.caller,
        protected=tuple(s for s in range(n) if state.protected >> s & 1),
        points=points_of(t, state.hands[seat], state.played[seat]),
        totals=state.totals, sheets=sheets,
        past_rounds=past, legal_actions=legal, winners=state.winners_,
        first=state.first, last_turns=state.last_turns,
        crab_pile=PILES[state.crab_pile] if state.phase == "crab_card" else None,
        known=_known_of(state, seat), rules=state.rules,
        bound=tuple(s for s in range(n) if state.bound >> s & 1) if t.expansion else (),
        drawn_size=len(state.drawn) if state.phase in ("keep", "lobster") else 0)


def _hand(state: GameState, seat: int) -> tuple[str, ...]:
    return state.tables.ids_of(state.hands[seat])


def _played(state: GameState, seat: int) -> tuple[tuple[str, ...], ...]:
    ids_of = state.tables.ids_of
    return tuple(ids_of(p) for p in state.played)


def _points(state: GameState, seat: int) -> Points:
    return points_of(state.tables, state.hands[seat], state.played[seat])


VIEW_PARTS: dict[str, Callable[[GameState, int], object]] = {
    "seat": lambda state, seat: seat,
    "rules": lambda state, seat: state.rules,  # every bot that reads its view checks its ruleset (check_rules)
    "phase": lambda state, seat: state.phase,
    "hand": _hand,
    "played": _played,
    "points": _points,
    "pile_sizes": lambda state, seat: (len(state.piles[0]), len(state.piles[1])),
    "hand_sizes": lambda state, seat: tuple(len(h) for h in state.hands),
    "legal_actions": legal_actions,  # every bot that reads its view checks its actions there (check_listed)
}
"""The fields a lazy view makes alone when read first (``core.lazy_views``): each as ``view`` makes
it; what the greedy bot reads, so that its game no longer makes every view in full (issue 27). The
legal actions too: every search or greedy bot checks that what it is handed is listed there
(``core.bots.check_listed``), which made every view in full again (a greedy game 4.0 -> 15 ms)."""


lazy_view = lazy_views(SeatView, view, VIEW_PARTS)
"""``view(state, seat)``, made only when the view is first read (``core.lazy_views``): ``play_game``
gives one to every bot at every decision, so a bot that reads nothing of it costs the game nothing,
and one that reads only ``VIEW_PARTS`` pays for those."""


__all__ = ["PastRound", "SeatView", "card_points", "lazy_view", "view"]
