"""Which code serves the package's ``apply``, ``legal_actions``, ``step``, ``to_act`` and ``is_over``:
the compiled hot path (``_accel.c``: the base game's draws, takes, keeps, duos, crabs, LAST CHANCE
calls and ends of turn, the legal actions of the draw, keep and play phases, and a round's shuffle
and scoring) where it is built, else the plain functions.

The plain functions are the reference: the compiled ones hand them every case they do not take
(refusals, action ids, duos, calls, the end of a round, Extra Salt's rules), and the tests compare
the two on every shipped ruleset (``tests/test_ssp_accel.py``). ``BOOMERANG_RULES_PURE=1`` asks for
the plain code (``engine.ENGINE`` says which serves).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from . import actions, engine
from .state import FIELD, Chance, GameState, RoundResult
from .tables import Tables

apply_plain = actions.apply
legal_actions_plain = engine.legal_actions
step_plain = actions.step
to_act_plain = engine.to_act
is_over_plain = engine.is_over
"""The plain reading: the reference the compiled path is tested against, and its stand-in (``apply``
and ``step`` take action ids as well as strings)."""

STATE_METHODS: dict[str, object] = {}
"""The compiled functions as ``GameState`` methods, for the top-level API's dispatch
(``core.games.register``); empty when the plain code serves."""

apply: Callable[[GameState, int, str | int], GameState] = apply_plain
legal_actions: Callable[[GameState, int], tuple[str, ...]] = legal_actions_plain
step: Callable[[GameState, Sequence[str | int]], GameState] = step_plain
to_act: Callable[[GameState], tuple[int, ...]] = to_act_plain
is_over: Callable[[GameState], bool] = is_over_plain
random_play: Callable[[GameState, list[int]], GameState] | None = None
"""``core.bots._random_play``'s loop, compiled: it plays a game on from a state while the compiled
path serves every decision (the seats' generators in a list, written back), and returns the state
reached, from which the plain loop plays on; None where the plain code serves (the loop is then
all Python). Tested against the plain loop on every shipped ruleset (``tests/test_ssp_accel.py``)."""

ACCELERATED = engine.COMPILED is not None
"""Whether the compiled path serves (``_accel`` built, and ``BOOMERANG_RULES_PURE`` not set)."""

SETUP: tuple[object, ...] = (GameState, Tables, tuple(FIELD), Chance, tuple(attrs.fields_dict(Chance)), apply_plain,
                              legal_actions_plain, step_plain, to_act_plain, is_over_plain, engine.shuffled_plain,
                              Tables.round_points, GameState.entries, engine._finish_round, RoundResult,
                              engine._winners, engine._target)
"""What ``_accel.accelerate`` is set up with: the classes it builds and reads, and the plain functions
it hands what it does not take (a round's end with given decks, say, goes to ``engine._finish_round``)."""

if engine.COMPILED is not None:
    STATE_METHODS = engine.COMPILED.accelerate(*SETUP)
    # the round's start and end, compiled (the engine reads these at each call; set up only now,
    # since the compiled functions need accelerate's plain stand-ins)
    engine._shuffled = engine.COMPILED.shuffled
    engine._round_points = engine.COMPILED.round_points
    engine._entries = engine.COMPILED.entries
    apply = engine.COMPILED.apply
    legal_actions = engine.COMPILED.legal_actions
    step = engine.COMPILED.step
    to_act = engine.COMPILED.to_act
    is_over = engine.COMPILED.is_over
    random_play = engine.COMPILED.random_play
