"""What one seat may know: its own hand, the discard piles' tops, everyone's played cards and hand
sizes, revealed hands, the scores; never another hand or the deck's order.

A crab pair's player sees the whole chosen pile while choosing a card from it; a player who
has drawn two cards sees both while choosing which to keep.
"""

from __future__ import annotations

import attrs

from .engine import card_points, is_over, legal_actions
from .scoring import Points, points_of
from .sheets import ScoreSheet, score_sheets
from .state import GameState


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
    """The two cards this seat has just drawn (during its ``keep`` phase), else ()."""
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


_FINISHED: list[tuple[object, object, object, tuple[PastRound, ...], tuple[ScoreSheet, ...]]] = [
    (None, None, None, (), ())]
"""The finished rounds' part of the last view made: what it was made from (the very history,
totals and tables), its past rounds and score sheets. They change once a round, and a bot's
game asks at every decision."""


def _finished(state: GameState) -> tuple[tuple[PastRound, ...], tuple[ScoreSheet, ...]]:
    history, totals, t = state.history, state.totals, state.tables
    last = _FINISHED[0]
    if last[0] is history and last[1] is totals and last[2] is t:
        return last[3], last[4]
    past = tuple(PastRound(r.end, r.ender,
                           tuple(t.ids_of(h) for h in r.hands) if r.end in ("stop", "last_chance") else None,
                           tuple(t.ids_of(p) for p in r.played),
                           r.card_points if r.end in ("stop", "last_chance") else None,
                           r.bonuses if r.end in ("stop", "last_chance") else None, r.scores)
                 for r in history)
    sheets = score_sheets(state)
    _FINISHED[0] = (history, totals, t, past, sheets)
    return past, sheets


def view(state: GameState, seat: int) -> SeatView:
    """All that ``seat`` may know now, and nothing more."""
    legal = legal_actions(state, seat)
    t = state.tables
    ids = t.ids
    n = state.players
    mine = seat == state.turn
    past, sheets = _finished(state)
    piles = state.piles
    return SeatView(
        seat=seat, players=n, round=state.round, turn=state.turn, phase=state.phase,
        hand=t.ids_of(state.hands[seat]),
        drawn=t.ids_of(state.drawn) if mine and state.phase == "keep" else (),
        pile_tops=(ids[piles[0][-1]] if piles[0] else None, ids[piles[1][-1]] if piles[1] else None),
        pile_sizes=(len(piles[0]), len(piles[1])),
        chosen_pile=t.ids_of(piles[state.crab_pile]) if mine and state.phase == "crab_card" else None,
        deck_size=len(state.deck),
        hand_sizes=tuple(len(h) for h in state.hands),
        played=tuple(t.ids_of(p) for p in state.played),
        revealed=tuple(t.ids_of(state.hands[s]) if state.protected >> s & 1 and not is_over(state) else None
                       for s in range(n)),
        caller=state.caller,
        protected=tuple(s for s in range(n) if state.protected >> s & 1),
        points=points_of(t, state.hands[seat], state.played[seat]),
        totals=state.totals, sheets=sheets, past_rounds=past, legal_actions=legal,
        winners=state.winners_)


__all__ = ["PastRound", "SeatView", "card_points", "view"]
