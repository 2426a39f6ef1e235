"""``core.lazy_views``: a view made on first reading compares as its plain class does."""

from __future__ import annotations

import operator

import attrs

from boomerang_rules.core.lazy_views import lazy_views


@attrs.frozen
class _Seen:
    seat: int
    note: str = attrs.field(eq=False)


def _make(state: tuple[int, str], seat: int) -> _Seen:
    return _Seen(state[0] + seat, state[1])


def test_a_lazy_view_compares_only_the_fields_its_class_compares() -> None:
    lazy = lazy_views(_Seen, _make)
    plain = _Seen(1, "one note")
    made = lazy((1, "another note"), 0)
    assert made == plain and plain == made and operator.ne(made, plain) is False
    assert hash(made) == hash(plain)
    assert lazy((2, "one note"), 0) != plain
