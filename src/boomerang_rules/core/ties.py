"""Which tie-break decided a game, in words: one sentence every game's terminal, replay, score
sheet and replay page says, so that a win on a tie is never told as a plain win.

The games break a tie at the top differently (a score sheet row, a reading of the last round,
the tokens held), so each game states its tie-breakers as ``TieBreak`` values, in order, and
``tie_told`` walks them as the game's own ``winners`` does. It knows no game: it reads totals
and keys, never a state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs


@attrs.frozen
class TieBreak:
    """One tie-breaker: ``label`` says what it favours ("most boomerangs"); ``values`` holds each
    seat's key, the highest of the tied seats going through; ``shown`` a seat's key in words
    (default the number)."""

    label: str
    values: Sequence[int]
    shown: Callable[[int], str] | None = None

    def said(self, seat: int) -> str:
        return self.shown(seat) if self.shown is not None else str(self.values[seat])


def _names(names: Sequence[str], seats: Sequence[int]) -> str:
    listed = [names[s] for s in seats]
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]


def tied_seats(totals: Sequence[int], breakers: Sequence[TieBreak]) -> list[int]:
    """The seats the tie-breakers leave at the top: the winners, as the games decide them."""
    top = max(totals)
    still = [s for s, total in enumerate(totals) if total == top]
    for breaker in breakers:
        best = max(breaker.values[s] for s in still)
        still = [s for s in still if breaker.values[s] == best]
    return still


def tie_told(totals: Sequence[int], names: Sequence[str], breakers: Sequence[TieBreak],
             points: str = "points") -> str | None:
    """What decided the game when several seats share the highest total, else None: e.g. "random 1
    and random 2 tied on 35 points; the tie-break, most points in the last round (random 1 8,
    random 2 12), goes to random 2." or "... still tied after the tie-break ...: a shared win."."""
    if not totals:
        return None
    top = max(totals)
    still = [s for s, total in enumerate(totals) if total == top]
    if len(still) < 2:
        return None
    head = f"{_names(names, still)} tied on {top} {points}"
    used = []
    for breaker in breakers:
        best = max(breaker.values[s] for s in still)
        after = [s for s in still if breaker.values[s] == best]
        detail = ", ".join(f"{names[s]} {breaker.said(s)}" for s in still)
        used.append(f"{breaker.label} ({detail})")
        still = after
        if len(still) == 1:
            what = "the tie-break" if len(used) == 1 else "the tie-breaks"
            return f"{head}; {what}, {'; then '.join(used)}, {'goes' if len(used) == 1 else 'go'} to {names[still[0]]}."
    if not used:
        return f"{head}; these rules have no tie-break: a shared win."
    what = "the tie-break" if len(used) == 1 else "the tie-breaks"
    return f"{head}; still tied after {what}, {'; then '.join(used)}: a shared win for {_names(names, still)}."
