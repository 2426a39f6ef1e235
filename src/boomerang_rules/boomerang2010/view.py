"""What one seat may know: the information set a fair bot or a player's screen is built from.

A view holds the river, the number of cards left in the deck (never their order), everyone's
boomerangs and captured cards, the pot, who is still hunting and in which order the tokens
went on the stack, this round's hunt so far, and every earlier round with its tokens revealed.
Of this round's tokens it shows the seat its own only: the others are revealed by the capture.

The finished rounds' part of a view is made once per round and shared by every view of the
game (``_past_of``): a long game does not pay at each decision for every round before it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import attrs

from ..core.lazy_views import lazy_views
from .engine import check_seat, legal_actions
from .rules import Ruleset
from .scoring import SeatScore
from .sheets import score_sheets
from .state import NO_TOKEN, GameState, RoundLog, check_state

ViewPhase = Literal["tokens", "hunt", "over"]


VIEW_WHAT = "a Boomerang (2010) SeatView (see view)"
"""What a view of this game is, in the words of a refusal (``seen must be ...``), as the state's are."""


@attrs.frozen
class PastRound:
    """A finished round as everyone saw it once the tokens were revealed."""

    first: int
    turned: tuple[str, ...]
    river: tuple[str, ...]
    """The river during the hunt."""
    tokens: tuple[str, ...]
    """Each seat's land, revealed."""
    hunt: tuple[str, ...]
    stack: tuple[int, ...]
    """Seats, bottom of the stack (first passer) to top (last player left)."""
    captures: tuple[tuple[str, ...], ...]
    """What each seat took this round, in seat order."""


@attrs.frozen
class SeatView:
    """Everything ``seat`` may know at this moment, and nothing more."""

    seat: int
    players: int
    round: int
    """0-based index of the round being played; the number of rounds played once over."""
    phase: ViewPhase
    first: int
    """The seat that opens this round's hunt."""
    river: tuple[str, ...]
    deck_size: int
    """Cards still face down in the deck (their order is never shown)."""
    token: str | None
    """This seat's own land this round, once chosen."""
    chosen: tuple[bool, ...]
    """Which seats have chosen their land this round (not which land)."""
    boomerangs: tuple[int, ...]
    pot: int
    active: tuple[int, ...]
    """The seats still in the hunt, from the one whose turn it is."""
    stack: tuple[int, ...]
    """The seats whose (face-down) tokens are on the stack, bottom first."""
    hunt: tuple[str, ...]
    """This round's hunt decisions so far."""
    captured: tuple[tuple[str, ...], ...]
    """Each seat's captured cards."""
    legal_actions: tuple[str, ...]
    past_rounds: tuple[PastRound, ...]
    sheets: tuple[SeatScore, ...]
    """Every seat's score sheet as if the game ended now (``score_sheets``; ``sheets`` in every game's view)."""

    @property
    def scores(self) -> tuple[SeatScore, ...]:
        """``sheets``, by the name this game's views gave them first."""
        return self.sheets

    rules: Ruleset = attrs.field(repr=False)
    """The game's ruleset (public knowledge: a determinization or a search needs it; compared, as every
    game's view compares it: by its digest, so views under equal rulesets are equal). Required, as in
    every game's view: a view built by hand without it could be neither determinized nor read by a bot."""


def past_round(state: GameState, r: int) -> PastRound:
    """Round ``r`` (finished) as everyone saw it at its end."""
    t = state.tables
    log = state.history[r]
    per_seat: list[tuple[str, ...]] = [()] * state.players
    for seat, took in zip(reversed(log.stack), log.captures):
        per_seat[seat] = t.ids_of(took)
    return PastRound(log.first, t.ids_of(log.turned), t.ids_of(log.river), tuple(t.lands[x] for x in log.tokens),
                     log.hunt, log.stack, tuple(per_seat))


_PAST: dict[int, tuple[tuple[RoundLog, ...], tuple[PastRound, ...]]] = {}
"""id(the last finished round) -> (the history, its past rounds)."""
_PAST_LIMIT = 512


def _same(a: tuple[RoundLog, ...], b: tuple[RoundLog, ...]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


def _past_of(state: GameState) -> tuple[PastRound, ...]:
    """Every finished round as everyone saw it: made once per finished round and shared (the states
    of a round share one history, which is the one before it and one more round)."""
    history = state.history
    if not history:
        return ()
    hit = _PAST.get(id(history[-1]))
    if hit is not None and (hit[0] is history or _same(hit[0], history)):
        return hit[1]
    before = _PAST.get(id(history[-2])) if len(history) > 1 else None
    if before is not None and _same(before[0], history[:-1]):
        past, start = before[1], len(history) - 1
    else:
        past, start = (), 0
    past = past + tuple(past_round(state, r) for r in range(start, len(history)))
    if len(_PAST) >= _PAST_LIMIT:
        _PAST.clear()
    _PAST[id(history[-1])] = (history, past)
    return past


def _token(state: GameState, seat: int) -> str | None:
    mine = state.tokens[seat]
    return None if mine == NO_TOKEN else state.tables.lands[mine]


def _captured(state: GameState) -> tuple[tuple[str, ...], ...]:
    ids_of = state.tables.ids_of
    return tuple(ids_of(c) for c in state.captured)


_SCORES: list[tuple[object, object, object, tuple[tuple[str, ...], ...], tuple[SeatScore, ...]]] = [
    (None, None, None, (), ())]
"""What the last view made of the parts that change at a pass or throw (captured ids, scores), with
what it made them from: the very captured cards, boomerangs and tables. A bot's game views the
state at every decision."""


def _shared(state: GameState) -> tuple[tuple[PastRound, ...], tuple[tuple[str, ...], ...], tuple[SeatScore, ...]]:
    captured, boomerangs, t = state.captured, state.boomerangs, state.tables
    scores = _SCORES[0]
    if not (scores[0] is captured and scores[1] is boomerangs and scores[2] is t):
        scores = (captured, boomerangs, t, _captured(state), score_sheets(state))
        _SCORES[0] = scores
    return _past_of(state), scores[3], scores[4]


def view(state: GameState, seat: int) -> SeatView:
    """The game as ``seat`` sees it now."""
    check_state(state)
    seat = check_seat(state, seat)
    t = state.tables
    actions = legal_actions(state, seat)  # also checks the seat exists
    past, captured, scores = _shared(state)
    return SeatView(
        seat=seat,
        players=state.players,
        round=state.round,
        phase=state.phase,
        first=state.first,
        river=t.ids_of(state.river),
        deck_size=len(state.deck),
        token=_token(state, seat),
        chosen=tuple(tok != NO_TOKEN for tok in state.tokens),
        boomerangs=state.boomerangs,
        pot=state.pot,
        active=state.active,
        stack=state.stack,
        hunt=state.hunt,
        captured=captured,
        legal_actions=actions,
        past_rounds=past,
        sheets=scores,
        rules=state.rules,
    )


VIEW_PARTS: dict[str, Callable[[GameState, int], object]] = {
    "seat": lambda state, seat: seat,
    "rules": lambda state, seat: state.rules,  # every bot that reads its view checks its ruleset (check_rules)
    "players": lambda state, seat: state.players,
    "phase": lambda state, seat: state.phase,
    "river": lambda state, seat: state.tables.ids_of(state.river),
    "token": _token,
    "boomerangs": lambda state, seat: state.boomerangs,
    "pot": lambda state, seat: state.pot,
    "captured": lambda state, seat: _captured(state),
    "legal_actions": legal_actions,  # every bot that reads its view checks its actions there (check_listed)
}
"""The fields a lazy view makes alone when read first (``core.lazy_views``), each as ``view`` makes
it: what the greedy bot reads, so that its game no longer makes every view in full (the score
sheets, the past rounds, the legal actions)."""


lazy_view = lazy_views(SeatView, view, VIEW_PARTS)
"""``view(state, seat)``, made only when the view is first read (``core.lazy_views``): ``play_game``
gives one to every bot at every decision, so a bot that reads nothing of it costs the game nothing,
and one that reads only ``VIEW_PARTS`` pays for those."""
