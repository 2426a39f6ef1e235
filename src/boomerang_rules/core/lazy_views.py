"""Views made on first reading, for every game: a bot that reads none of its view costs the game nothing.

``play_game`` gives every bot a view at every decision. Made in full, that view dominated a bot
game of Sea Salt & Paper (what each seat knows of the others' hands, its points, every pile),
though the random bot never looks at it. ``lazy_views(SeatView, view)`` makes a function whose
views are instances of a subclass of ``SeatView`` with every field's slot empty: the first
reading of any field calls ``view(state, seat)`` and fills them all at once. Fields, equality,
hash, repr and pickling are those of the plain view (a pickled one comes back a plain
``SeatView``).

Until then the view holds the state and the seat in two private slots, and drops the state
once it has made the view (a view read by several threads at once may be made by more than one;
each reading finds its field): no public attribute leads to the state (``tests/test_bots.py``
walks every one), so a bot reading its view sees what the plain view shows and nothing more.

A game may also name fields that are cheap to make alone (``parts``): reading one of those first
makes that field only. Sea Salt & Paper's greedy bot reads its hand, the phase and a few sizes,
where the whole view (what each seat knows of the others' hands, every past round) was half of
its game (issue 27).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

V = TypeVar("V")


def lazy_views(view_type: type[V], make: Callable[[Any, int], V],
               parts: Mapping[str, Callable[[Any, int], object]] | None = None) -> Callable[[Any, int], V]:
    """A function ``(state, seat)`` giving ``make(state, seat)`` as a view of ``view_type`` (a frozen,
    slotted ``attrs`` class) made on first reading.

    ``parts``: field name -> a function ``(state, seat)`` giving that field alone, equal to
    ``make``'s (``tests/test_bots.py`` compares them at every decision of bot games); the first
    reading of such a field makes only it, of any other field the whole view."""
    fields = tuple(attrs.fields_dict(view_type))  # type: ignore[arg-type]
    compared = tuple(f.name for f in attrs.fields(view_type) if f.eq)  # type: ignore[arg-type]
    setters = tuple(view_type.__dict__[name].__set__ for name in fields)
    get = object.__getattribute__
    unknown = set(parts or {}) - set(fields)
    if unknown:
        raise ValueError(f"parts of fields {view_type.__name__} has not: {', '.join(sorted(unknown))}")
    alone = {name: (part, view_type.__dict__[name].__set__) for name, part in (parts or {}).items()}

    def fill(self: Any) -> bool:
        """Make the view into the empty slots; False when it was made already."""
        state = get(self, "_state")
        if state is None:
            return False
        made = make(state, get(self, "_seat"))
        for name, set_field in zip(fields, setters):
            set_field(self, getattr(made, name))
        set_state(self, None)
        return True

    def __getattr__(self: Any, name: str) -> object:
        # Reached only when a field's slot was empty when read (another thread may have filled it
        # since), or for a name no view has.
        part = alone.get(name)
        if part is not None:
            state = get(self, "_state")
            if state is not None:
                value = part[0](state, get(self, "_seat"))
                part[1](self, value)
                return value
        fill(self)  # False when made already: by another thread since this one found the slot empty
        try:
            return get(self, name)
        except AttributeError:
            raise AttributeError(f"{view_type.__name__!r} object has no attribute {name!r}") from None

    def plain(self: Any) -> V:
        return view_type(*(getattr(self, name) for name in fields))

    def __reduce__(self: Any) -> tuple[object, ...]:
        return (view_type, tuple(getattr(self, name) for name in fields))

    def __eq__(self: Any, other: object) -> bool:
        if isinstance(other, view_type):
            return all(getattr(self, name) == getattr(other, name) for name in compared)
        return NotImplemented

    def __ne__(self: Any, other: object) -> bool:
        equal = __eq__(self, other)
        return equal if equal is NotImplemented else not equal

    def __repr__(self: Any) -> str:
        return repr(plain(self))

    lazy = type(f"Lazy{view_type.__name__}", (view_type,), {
        "__slots__": ("_state", "_seat"), "__doc__": f"A ``{view_type.__name__}`` made on first reading.",
        "__module__": view_type.__module__, "__getattr__": __getattr__, "__reduce__": __reduce__,
        "__eq__": __eq__, "__ne__": __ne__, "__hash__": view_type.__hash__, "__repr__": __repr__,
    })
    set_state = lazy.__dict__["_state"].__set__
    set_seat = lazy.__dict__["_seat"].__set__
    new = object.__new__

    def lazy_view(state: Any, seat: int) -> V:
        """``make(state, seat)``, made only when the view is first read."""
        seen: Any = new(lazy)
        set_state(seen, state)
        set_seat(seen, seat)
        return seen  # type: ignore[no-any-return]

    lazy_view.__doc__ = f"``{make.__name__}(state, seat)``, made only when the view is first read."
    return lazy_view
