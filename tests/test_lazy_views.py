"""``core.lazy_views``: a view made on first reading compares as its plain class does."""

from __future__ import annotations

import importlib
import operator
import sys
import threading
from typing import Any

import attrs
import pytest

import boomerang_rules as br
from boomerang_rules.core.games import GAMES
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


def test_a_field_found_empty_by_one_thread_and_made_by_another_is_read() -> None:
    # The interleaving of two threads reading a fresh view: one finds a field's slot empty and
    # calls ``__getattr__``; before it looks for the state, the other makes the whole view and
    # drops the state. The first must read the field the other made, not raise AttributeError.
    lazy = lazy_views(_Seen, _make)
    made = lazy((1, "a note"), 0)
    found_empty: Any = type(made).__getattr__  # type: ignore[attr-defined]
    assert made.seat == 1  # the other thread's reading: the view is made, its state dropped
    assert found_empty(made, "seat") == 1
    assert found_empty(made, "note") == "a note"
    with pytest.raises(AttributeError, match="'_Seen' object has no attribute 'nothing'"):
        found_empty(made, "nothing")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_view_read_by_four_threads_at_once_gives_every_field(game: str) -> None:
    # Seen as AttributeError("'SeatView' object has no attribute 'turn'") within a few views of
    # Sea Salt & Paper when a bot shared its view with threads.
    rules = br.load_rules(game)
    state = br.new_game(rules, rules.players.min, seed=1)
    for _ in range(12):
        state = br.step(state, [br.legal_actions(state, seat)[0] for seat in br.to_act(state)])
    plain = br.view(state, 0)
    names = [field.name for field in attrs.fields(type(plain))]
    lazy_view = importlib.import_module(f"{GAMES[game]}.view").lazy_view
    wrong: list[object] = []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _ in range(200):
            seen = lazy_view(state, 0)
            start = threading.Barrier(4)

            def read(part: int, seen: object = seen, start: threading.Barrier = start) -> None:
                start.wait()
                try:
                    wrong.extend(name for name in names[part::4] if getattr(seen, name) != getattr(plain, name))
                except AttributeError as exc:
                    wrong.append(exc)

            threads = [threading.Thread(target=read, args=(part,)) for part in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert not wrong
    finally:
        sys.setswitchinterval(interval)
