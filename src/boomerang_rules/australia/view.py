"""What one seat may know: the information set a fair bot or a player's screen is built from.

A view holds the seat's own hand and Throw, every face-up card, the hands the seat held
earlier this round, the number of cards in other hands, all previous rounds (Throws
included) and the score sheets; never another seat's current hand or Throw, the undealt
cards or the order of the deck.
"""

from __future__ import annotations

from typing import Literal

import attrs

from ..core.lazy_views import lazy_views
from .engine import check_seat, is_over, legal_actions
from .rules import Ruleset
from .sheets import ScoreSheet, score_sheets
from .state import GameState, check_state
from .tables import NO_ACTIVITY

Phase = Literal["deal", "throw", "pick", "activity", "over"]
"""``deal``: a game replayed from a record that stops between rounds, waiting for a deal."""


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
    """The ruleset of the game (public knowledge: a determinization or a search needs it)."""


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


def view(state: GameState, seat: int) -> SeatView:
    """The game as ``seat`` sees it now."""
    check_state(state)
    seat = check_seat(state, seat)
    t = state.tables
    actions = legal_actions(state, seat)  # also checks the seat exists
    over = is_over(state)
    phase: Phase
    if over:
        phase = "over"
    elif not state.waiting and state.step == 0:
        phase = "deal"
    elif state.step == 0:
        phase = "throw"
    elif state.step < t.activity_step:
        phase = "pick"
    else:
        phase = "activity"
    mine = state.choice(seat)
    chosen: str | None = None
    if mine is not None:
        chosen = t.ids[mine] if state.step < t.activity_step else (t.activity_name(mine) or NO_ACTIVITY)
    drafted = state.drafted
    progress = state.progress
    return SeatView(
        seat=seat,
        players=state.players,
        round=state.round,
        rounds=t.rounds,
        phase=phase,
        pick=state.step if phase == "pick" else 0,
        direction=None if over else state.rules.pass_directions[state.round],
        hand=t.hand_ids(state.hands[seat]),
        throw=t.ids[drafted[seat][0]] if drafted[seat] else None,
        chosen=chosen,
        face_up=tuple(t.ids_of(cards[1:]) for cards in drafted),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        held=tuple(t.hand_ids(m) for m in held_hands(state, seat)),
        legal_actions=actions,
        past_rounds=tuple(
            PastRound(tuple(t.ids_of(d) for d in r.drafts), tuple(t.activity_name(a) for a in r.activities),
                      tuple(_regions(state, mask) for mask in r.bonuses))
            for r in progress.rounds),
        sheets=score_sheets(state),
        regions_taken=_regions(state, progress.regions_taken),
        activities_used=tuple(
            tuple(k for i, k in enumerate(t.activity_kinds) if used >> i & 1) for used in progress.used_activities),
        rules=state.rules,
    )


lazy_view = lazy_views(SeatView, view)
"""``view(state, seat)``, made only when the view is first read (``core.lazy_views``): ``play_game``
gives one to every bot at every decision, so a bot that reads nothing of it costs the game nothing."""
