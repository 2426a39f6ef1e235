"""What every game's ``determinize(seen, rng)`` shares: its arguments checked, and the one seed it draws.

A determinization is a full game state drawn from one seat's view: every card the seat cannot
see placed uniformly among the places it could be, and a fresh dealer for chance to come, so
that ``view(determinize(seen, rng), seen.seat) == seen``. Each game writes its own (what a seat
knows is the game's); ``boomerang_rules.determinize`` picks it by the view's class.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs

from . import rng as rng_mod
from .arguments import brief, integer, kind
from .state_checks import inconsistent_view

Rng = random.Random | int
"""A ``random.Random`` (one 64-bit seed is drawn from it) or an integer seed."""


def seed_of(rng: object) -> int:
    """The generator state ``rng`` gives: one 64-bit draw from a ``random.Random``, or the integer
    seed itself (SplitMix64, the same on every platform); ``TypeError`` naming ``rng`` otherwise."""
    if isinstance(rng, random.Random):
        return rng.getrandbits(64)
    return rng_mod.seed_state(integer(rng, "rng", "an integer seed or a random.Random"))


def check_view(seen: object, cls: type, game: str) -> None:
    """``TypeError`` naming ``seen`` unless it is a view of ``game`` (``view(state, seat)``)."""
    if not isinstance(seen, cls):
        raise TypeError(f"seen must be a {game} SeatView (see view), not {kind(seen)}: {brief(seen)}")


def agreeing(seen: Any, state: Any, view_of: Callable[[Any, int], Any]) -> Any:
    """``state``, a determinization of ``seen``, once ``view_of(state, seen.seat) == seen``; else the
    view is one no state gives (a round, a total, a pot its rounds do not make, each field fitting
    on its own): ``InvalidInput`` ``[view-cards]`` naming the fields that disagree with the rest.

    Each game's ``Determinizer`` checks its first draw so (the fields it does not read are checked
    too); the draws after it come from the same analysis of the view, so a search pays once."""
    shown = view_of(state, seen.seat)
    if shown != seen:
        names = [f.name for f in attrs.fields(type(shown)) if getattr(shown, f.name) != getattr(seen, f.name, None)]
        verb = "disagrees" if len(names) == 1 else "disagree"
        raise inconsistent_view(seen.seat, f"no state gives it: its {', '.join(names) or 'fields'} {verb} "
                                "with the rest of it")
    return state
