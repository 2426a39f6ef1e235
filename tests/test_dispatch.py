"""The compiled dispatch of the top-level game functions (``core/_dispatch.c``) against the Python
functions it stands for (``__init__``'s own, the reference): the same answers, the same refusals,
the same documentation, for every game, and a state class changed under it."""

from __future__ import annotations

import inspect
import os
import pickle
import random
import subprocess
import sys
from typing import Any

import pytest

import boomerang_rules as br
from boomerang_rules.core.games import GAMES

DISPATCHED = ("to_act", "legal_actions", "apply", "step", "legal_mask", "is_over", "winners", "score_sheets", "view")
RULES = {"boomerang-australia": "standard", "sea-salt-paper": "sea-salt-paper", "boomerang-2010": "boomerang-2010"}
COMPILED = bool(br.PLAIN_DISPATCH)

pytestmark = pytest.mark.skipif(not COMPILED, reason="core/_dispatch is not built here, or BOOMERANG_RULES_PURE is set")


@pytest.fixture(scope="module")
def plain() -> dict[str, Any]:
    """The package's Python functions, which the builtins stand in for."""
    return br.PLAIN_DISPATCH


def _outcome(function: Any, *args: Any, **kwargs: Any) -> tuple[str, Any]:
    try:
        return "ok", function(*args, **kwargs)
    except Exception as exc:  # the refusal is compared, whatever it is
        return type(exc).__name__, str(exc)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_builtins_answer_as_the_python_functions_through_a_game(game: str, plain: dict[str, Any]) -> None:
    rules = br.load_rules(RULES[game])
    rng = random.Random(3)
    s = br.new_game(rules, 3, 7)
    for _ in range(300):
        if br.is_over(s):
            break
        for name in ("to_act", "is_over", "winners", "score_sheets"):
            assert _outcome(getattr(br, name), s) == _outcome(plain[name], s), name
        for seat in (*range(3), 3, -1, "0"):
            for name in ("legal_actions", "legal_mask", "view"):
                assert _outcome(getattr(br, name), s, seat) == _outcome(plain[name], s, seat), (name, seat)
        seats = br.to_act(s)
        actions = [rng.choice(br.legal_actions(s, seat)) for seat in seats]
        assert _outcome(br.apply, s, seats[0], "nonsense") == _outcome(plain["apply"], s, seats[0], "nonsense")
        assert _outcome(br.step, s, ["nonsense"] * len(seats)) == _outcome(plain["step"], s, ["nonsense"] * len(seats))
        assert _outcome(br.apply, s, seats[0], actions[0]) == _outcome(plain["apply"], s, seats[0], actions[0])
        after = br.step(s, actions)
        assert after == plain["step"](s, actions)
        s = after


@pytest.mark.parametrize("name", DISPATCHED)
def test_a_value_of_no_game_and_a_wrong_call_are_refused_as_the_python_functions_refuse_them(
        name: str, plain: dict[str, Any]) -> None:
    function = getattr(br, name)
    n = len(inspect.signature(plain[name]).parameters)
    state = br.new_game(br.load_rules("sea-salt-paper"), 3, 1)
    for junk in (None, 3, "x", (), [1], object(), type(state), br):
        args = (junk, *[0] * (n - 1))
        assert _outcome(function, *args) == _outcome(plain[name], *args)
    assert _outcome(function) == _outcome(plain[name])
    assert _outcome(function, state, *[0] * n) == _outcome(plain[name], state, *[0] * n)
    given = dict(zip(inspect.signature(plain[name]).parameters, (state, 0, "draw")))
    assert _outcome(function, **given) == _outcome(plain[name], **given)
    assert _outcome(function, state, bogus=1) == _outcome(plain[name], state, bogus=1)


@pytest.mark.parametrize("name", DISPATCHED)
def test_the_builtins_have_the_python_functions_names_documentation_and_parameters(
        name: str, plain: dict[str, Any]) -> None:
    function = getattr(br, name)
    assert function.__name__ == name and function.__module__ == "boomerang_rules"
    assert function.__doc__ == inspect.getdoc(plain[name])
    assert list(inspect.signature(function).parameters) == list(inspect.signature(plain[name]).parameters)
    assert pickle.loads(pickle.dumps(function)) is function


class _Odd:
    """A class that gains and loses a game method: the dispatch must see each change."""

    __slots__ = ()


def test_a_class_changed_after_a_call_is_looked_up_again() -> None:
    odd = _Odd()
    with pytest.raises(TypeError, match="not a game state"):
        br.to_act(odd)
    _Odd._br_to_act = lambda self: (5,)  # type: ignore[attr-defined]
    assert br.to_act(odd) == (5,)
    _Odd._br_to_act = lambda self: (6,)  # type: ignore[attr-defined]
    assert br.to_act(odd) == (6,)
    del _Odd._br_to_act  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="not a game state"):
        br.to_act(odd)


class _Inner:
    __slots__ = ()

    def _br_is_over(self) -> bool:
        raise AttributeError("from inside the game's function")


class _Own:
    """An instance whose own attribute is the method (a dict): looked up on the instance, as Python does."""

    def __init__(self) -> None:
        self._br_is_over = lambda: "own"


def test_an_attribute_error_from_inside_the_method_is_its_own_and_an_instance_attribute_is_called() -> None:
    for _ in range(2):  # the first call remembers the class, the second uses it
        with pytest.raises(AttributeError, match="from inside"):
            br.is_over(_Inner())
        own: Any = br.is_over(_Own())
        assert own == "own"


def test_the_python_functions_serve_when_the_plain_code_is_asked_for() -> None:
    code = ("import inspect, boomerang_rules as br; "
            f"print(all(inspect.isfunction(getattr(br, n)) for n in {DISPATCHED!r}))")
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "BOOMERANG_RULES_PURE": "1"},
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"
