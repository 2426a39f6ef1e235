"""What one seat may know: the information set a fair bot or a player's screen is built from.

A view holds the seat's own hand and Throw, every face-up card, the hands the seat held
earlier this round, the number of cards in other hands, all previous rounds (Throws
included) and the score sheets; never another seat's current hand or Throw, the undealt
cards or the order of the deck.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import attrs

from ..core.lazy_views import lazy_views
from .engine import check_seat, is_over, legal_actions
from .rules import Ruleset
from .sheets import ScoreSheet, score_sheets
from .state import GameState, check_state
from .tables import NO_ACTIVITY, Tables

Phase = Literal["deal", "throw", "pick", "activity", "over"]
"""``deal``: a game replayed from a record that stops between rounds, waiting for a deal."""


VIEW_WHAT = "a Boomerang: Australia SeatView (see view)"
"""What a view of this game is, in the words of a refusal (``seen must be ...``), as the state's are."""


@attrs.frozen
class PastRound:
    """A finished round as everyone saw it at its end."""

    drafts: tuple[tuple[str, ...], ...]
    """Each seat's cards in draft order: Throw first, Catch last."""
    activities: tuple[str | None, ...]
    """The activity each seat scored, or None."""
    bonuses: tuple[tuple[str, ...], ...]
    """The regions whose bonus each seat won this round."""


@attrs.frozen
class SeatView:
    """Everything ``seat`` may know at this moment, and nothing more."""

    seat: int
    players: int
    round: int
    """0-based index of the round being played; equals ``rounds`` when the game is over."""
    rounds: int
    phase: Phase
    pick: int
    """Which pick this step is (1 to hand size - 2) during the ``pick`` phase, else 0."""
    direction: Literal["left", "right"] | None
    hand: tuple[str, ...]
    throw: str | None
    """This seat's own Throw card this round, once the Throws are made."""
    chosen: str | None
    """This seat's own decision at the current step, if it has made it and others have not."""
    face_up: tuple[tuple[str, ...], ...]
    """Each seat's face-up cards this round (picks, then the Catch), in draft order."""
    hand_sizes: tuple[int, ...]
    held: tuple[tuple[str, ...], ...]
    """The hands this seat held at each earlier step of this round, the dealt hand first."""
    legal_actions: tuple[str, ...]
    past_rounds: tuple[PastRound, ...]
    sheets: tuple[ScoreSheet, ...]
    regions_taken: tuple[str, ...]
    activities_used: tuple[tuple[str, ...], ...]
    rules: Ruleset = attrs.field(repr=False)
    """The game's ruleset (public knowledge: a determinization or a search needs it; compared, as every
    game's view compares it: by its digest, so views under equal rulesets are equal). Required, as in
    every game's view: a view built by hand without it could be neither determinized nor read by a bot."""


def _regions(state: GameState, mask: int) -> tuple[str, ...]:
    return tuple(r.id for i, r in enumerate(state.rules.regions) if mask >> i & 1)


def held_hands(state: GameState, seat: int) -> tuple[int, ...]:
    """Masks of the hands ``seat`` held at each step before the current one this round."""
    t = state.tables
    n = state.players
    d = t.directions[state.round] if state.round < t.rounds else 1
    out = []
    for k in range(min(state.step, t.activity_step)):
        origin = (seat - k * d) % n
        mask = state.dealt[origin]
        for j in range(k):
            mask &= ~(1 << state.drafted[(origin + j * d) % n][j])
        out.append(mask)
    return tuple(out)


def _phase(state: GameState) -> Phase:
    """The view's ``phase``: what the game waits for."""
    if is_over(state):
        return "over"
    if not state.waiting and state.step == 0:
        return "deal"
    if state.step == 0:
        return "throw"
    return "pick" if state.step < state.tables.activity_step else "activity"


def _throw(state: GameState, seat: int) -> str | None:
    drafted = state.drafted[seat]
    return state.tables.ids[drafted[0]] if drafted else None


def _face_up(state: GameState) -> tuple[tuple[str, ...], ...]:
    ids_of = state.tables.ids_of
    return tuple(ids_of(cards[1:]) for cards in state.drafted)


_PAST: dict[int, tuple[object, Tables, tuple[PastRound, ...]]] = {}
"""id(a game's finished rounds, ``progress.rounds``) -> (those rounds, their tables, the rounds as
everyone saw them). Every state of a round shares one ``progress.rounds``, so the views of a
round (a bot game views the state at every decision) convert its finished rounds once."""
_PAST_LIMIT = 512


def _past_rounds(state: GameState) -> tuple[PastRound, ...]:
    rounds = state.progress.rounds
    if not rounds:
        return ()
    t = state.tables
    hit = _PAST.get(id(rounds))
    if hit is not None and hit[0] is rounds and hit[1] is t:
        return hit[2]
    past = tuple(
        PastRound(tuple(t.ids_of(d) for d in r.drafts), tuple(t.activity_name(a) for a in r.activities),
                  tuple(_regions(state, mask) for mask in r.bonuses))
        for r in rounds)
    if len(_PAST) >= _PAST_LIMIT:
        _PAST.clear()
    _PAST[id(rounds)] = (rounds, t, past)
    return past


def _regions_taken(state: GameState) -> tuple[str, ...]:
    return _regions(state, state.progress.regions_taken)


def _activities_used(state: GameState) -> tuple[tuple[str, ...], ...]:
    kinds = state.tables.activity_kinds
    return tuple(tuple(k for i, k in enumerate(kinds) if used >> i & 1) for used in state.progress.used_activities)


def view(state: GameState, seat: int) -> SeatView:
    """The game as ``seat`` sees it now."""
    check_state(state)
    seat = check_seat(state, seat)
    t = state.tables
    actions = legal_actions(state, seat)  # also checks the seat exists
    phase = _phase(state)
    mine = state.choice(seat)
    chosen: str | None = None
    if mine is not None:
        chosen = t.ids[mine] if state.step < t.activity_step else (t.activity_name(mine) or NO_ACTIVITY)
    return SeatView(
        seat=seat,
        players=state.players,
        round=state.round,
        rounds=t.rounds,
        phase=phase,
        pick=state.step if phase == "pick" else 0,
        direction=None if phase == "over" else state.rules.pass_directions[state.round],
        hand=t.hand_ids(state.hands[seat]),
        throw=_throw(state, seat),
        chosen=chosen,
        face_up=_face_up(state),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        held=tuple(t.hand_ids(m) for m in held_hands(state, seat)),
        legal_actions=actions,
        past_rounds=_past_rounds(state),
        sheets=score_sheets(state),
        regions_taken=_regions_taken(state),
        activities_used=_activities_used(state),
        rules=state.rules,
    )


VIEW_PARTS: dict[str, Callable[[GameState, int], object]] = {
    "seat": lambda state, seat: seat,
    "rules": lambda state, seat: state.rules,  # every bot that reads its view checks its ruleset (check_rules)
    "phase": lambda state, seat: _phase(state),
    "throw": _throw,
    "face_up": lambda state, seat: _face_up(state),
    "past_rounds": lambda state, seat: _past_rounds(state),
    "regions_taken": lambda state, seat: _regions_taken(state),
    "activities_used": lambda state, seat: _activities_used(state),
    "legal_actions": legal_actions,  # every bot that reads its view checks its actions there (check_listed)
}
"""The fields a lazy view makes alone when read first (``core.lazy_views``), each as ``view`` makes
it: what the greedy bot reads, so that its game no longer makes every view in full (the score
sheets, the hands held, the legal actions: more than half of a greedy game)."""


lazy_view = lazy_views(SeatView, view, VIEW_PARTS)
"""``view(state, seat)``, made only when the view is first read (``core.lazy_views``): ``play_game``
gives one to every bot at every decision, so a bot that reads nothing of it costs the game nothing,
and one that reads only ``VIEW_PARTS`` pays for those."""
