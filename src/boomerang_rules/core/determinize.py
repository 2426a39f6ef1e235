"""What every game's ``determinize(seen, rng)`` shares: its arguments checked, and the one seed it draws.

A determinization is a full game state drawn from one seat's view: every card the seat cannot
see placed uniformly among the places it could be, and a fresh dealer for chance to come, so
that ``view(determinize(seen, rng), seen.seat) == seen``. Each game writes its own (what a seat
knows is the game's); ``boomerang_rules.determinize`` picks it by the view's class.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import attrs

from . import rng as rng_mod
from .arguments import asked_kind, brief, integer, kind
from .state_checks import Shape, inconsistent_view, value_name

Rng = random.Random | int
"""A ``random.Random`` (one 64-bit seed is drawn from it) or an integer seed."""


def seed_of(rng: object) -> int:
    """The generator state ``rng`` gives: one 64-bit draw from a ``random.Random``, or the integer
    seed itself (SplitMix64, the same on every platform); ``TypeError`` naming ``rng`` otherwise,
    and naming its ``getrandbits(64)`` when a subclass's draw is no integer (each game's generator
    would fail on it in words of its own: "can only concatenate str (not "int") to str")."""
    if isinstance(rng, random.Random):
        return rng_mod.seed_state(integer(rng.getrandbits(64), "rng.getrandbits(64)"))
    return rng_mod.seed_state(integer(rng, "rng", "an integer seed or a random.Random"))


def check_view(seen: object, cls: type, what: str) -> None:
    """``TypeError`` naming ``seen`` unless it is a ``cls``, a view of the game (``view(state, seat)``);
    ``what`` is the game's view in words (each game's ``view.VIEW_WHAT``: "a Sea Salt & Paper SeatView
    (see view)"), the game named as its state's and ruleset's refusals name it."""
    if not isinstance(seen, cls):
        raise TypeError(f"seen must be {what}, not {kind(seen)}: {brief(seen)}")


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
    shape = Shape("a view view(state, seat) made", "view")
    for field in attrs.fields(type(shown)):
        if field.name != "rules":  # the game's ruleset, checked by each game before its draw
            _same_classes(shape, f"/{field.name}", getattr(shown, field.name), getattr(seen, field.name))
    shape.done()
    return state


def _same_classes(shape: Shape, pointer: str, made: object, given: object) -> bool:
    """Whether ``given``, equal to ``made`` (what ``view`` makes), is of its classes all through (an int
    no numpy integer, a str no subclass, a tuple no list...); else its first misfit noted in ``shape``
    (``agreeing``: a field equal by ``==`` but of a type the engine never makes is no view it made)."""
    if given.__class__ is not made.__class__:
        return shape.fault(pointer, f"{value_name(pointer)} must be {asked_kind(made.__class__)}, not {brief(given)}")
    if isinstance(made, tuple) and not attrs.has(made.__class__):
        assert isinstance(given, tuple)
        return all(_same_classes(shape, f"{pointer}/{i}", a, b) for i, (a, b) in enumerate(zip(made, given)))
    if isinstance(made, Mapping):
        assert isinstance(given, Mapping)
        return all(_same_classes(shape, f"{pointer}/{key}", made[key], given[key]) for key in made)
    if attrs.has(made.__class__):
        return all(_same_classes(shape, f"{pointer}/{f.name}", getattr(made, f.name), getattr(given, f.name))
                   for f in attrs.fields(made.__class__))
    return True


S = TypeVar("S")


class CheckedDraws(abc.ABC, Generic[S]):
    """A game's ``Determinizer``: each draw made by its ``_draw``, the first viewed again against the
    view it was drawn from (``agreeing``), so that a view whose fields disagree with each other is
    ``InvalidInput``, never another view's state; the draws after it come from the same analysis
    of the view, so a search pays the check once."""

    _seen: Any
    _checked: bool = False

    def sample(self, rng: Rng) -> S:
        """One full state consistent with the view (``_draw``); the first checked against it."""
        state = self._draw(rng)
        if not self._checked:
            agreeing(self._seen, state, type(self).view_of)
            self._checked = True
        return state

    @staticmethod
    @abc.abstractmethod
    def view_of(state: Any, seat: int) -> Any:
        """The game's ``view(state, seat)`` (each game's class: ``view_of = staticmethod(view)``)."""

    @abc.abstractmethod
    def _draw(self, rng: Rng) -> S:
        """One full state consistent with the view, what the seat cannot see drawn uniformly."""
