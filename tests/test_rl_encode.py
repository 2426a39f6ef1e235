"""The compiled encoders (``rl/_encode.c``) against the plain ones (``australia.encode_plain``,
``Encoder.encode_plain``: the references).

For every shipped Boomerang: Australia ruleset and player count, at every state of seeded games
(a seat at a time too, as the AEC env sees them, and the states waiting for a deal), both must
give equal observations, action masks and legal masks; so must the PettingZoo envs built on
each, step for step. Random rulesets (hypothesis) reach other hands, decks and directions.
The other games' table readers compiled (``read_gather``) likewise, on every shipped ruleset and
player count, each compiled reader shown to serve (not its Python stand-in).
"""

from __future__ import annotations

import functools
import os
import random
import re
import struct
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import strategies as bst
from boomerang_rules.australia import engine

from .helpers import australia_ids, big_deck, built, random_states, rebound

np = pytest.importorskip("numpy")

from boomerang_rules import rl  # noqa: E402
from boomerang_rules.rl import australia as obs  # noqa: E402
from boomerang_rules.rl.encoding import encoder_for  # noqa: E402

pytestmark = pytest.mark.skipif(not obs.COMPILED and not os.environ.get("CI"),
                                reason="the compiled encoder (_encode) is not built here")


def test_the_package_uses_the_compiled_encoder() -> None:
    """CI builds the extension: there (and wherever it is built) ``encode`` is the compiled one."""
    assert obs.COMPILED and obs.layout(br.load_rules(), 4).plan is not None

VARIANTS = [br.load_rules(name) for name in australia_ids()]
CASES = [(rules, n) for rules in VARIANTS for n in range(rules.players.min, rules.players.max + 1)]


def states(rules: br.Ruleset, players: int, seed: int) -> Iterator[br.GameState]:
    """Every state of a seeded random game, seat by seat within each step."""
    rng = random.Random(seed)
    state = engine.new_game(rules, players, seed)
    yield state
    while not engine.is_over(state):
        for seat in engine.to_act(state):
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
            yield state


def assert_same(state: br.GameState) -> None:
    """The compiled encoder gives the plain one's arrays for every seat at once, and (``encode_seat``, the
    compiled encoder writing one seat's row alone) each seat's row of the field table read plainly, in
    arrays of its own."""
    fast = obs.encode(state)
    plain = obs.encode_plain(state)
    assert fast[0].dtype == plain[0].dtype and fast[0].shape == plain[0].shape
    assert fast[1].dtype == plain[1].dtype and fast[1].shape == plain[1].shape
    assert np.array_equal(fast[0], plain[0]), state
    assert np.array_equal(fast[1], plain[1]), state
    assert list(fast[2]) == plain[2]
    encoder = encoder_for(state.rules, state.players)
    table = encoder.encode_plain(state)
    for seat in range(state.players):
        seen, row, mask = encoder.encode_seat(state, seat)
        assert seen.base is None and row.base is None and seen.dtype == np.float32 and row.dtype == np.int8
        assert np.array_equal(seen, table[0][seat]) and np.array_equal(row, table[1][seat]) and mask == table[2][seat]
    # every seat's PettingZoo dicts (``fill_seats``: one packing, each seat's arrays its own) and the AEC
    # env's reading, against the field table's rows
    names = tuple(f"p{i}" for i in range(state.players))
    zeros = np.zeros(encoder.num_actions, np.int8)
    dicts, masks = encoder.seat_dicts(state, names, "obs", zeros)
    assert masks == table[2] and list(dicts) == list(names)
    reading = encoder.reading(state)
    assert reading.masks == table[2]
    for seat, name in enumerate(names):
        seen, row = dicts[name]["obs"], dicts[name]["action_mask"]
        assert list(dicts[name]) == ["obs", "action_mask"] and seen.base is None and seen.dtype == np.float32
        assert np.array_equal(seen, table[0][seat]) and row.dtype == np.int8 and np.array_equal(row, table[1][seat])
        assert row is zeros if not masks[seat] else row.base is None
        assert np.array_equal(reading.observation(seat), table[0][seat])
        assert np.array_equal(reading.mask_row(seat), table[1][seat])


@pytest.mark.parametrize(("rules", "players"), CASES, ids=[f"{r.id}-{n}" for r, n in CASES])
def test_the_compiled_encoder_matches_the_plain_one(rules: br.Ruleset, players: int) -> None:
    assert obs.layout(rules, players).plan is not None
    for seed in range(3):
        for state in states(rules, players, seed):
            assert_same(state)


@pytest.mark.parametrize(("rules", "players"), CASES, ids=[f"{r.id}-{n}" for r, n in CASES])
def test_the_same_for_games_dealt_by_hand(rules: br.Ruleset, players: int) -> None:
    """States waiting for their deal (no hands, nobody to act), then dealt in order."""
    rng = random.Random(players)
    state = obs.new_undealt_game(rules, players)
    while not engine.is_over(state):
        if obs.waiting_for_deal(state):
            assert_same(state)
            cards: list[int] = []
            while outcomes := obs.chance_outcomes(state, cards):
                cards.append(rng.choice(outcomes)[0])
            state = obs.deal_in_order(state, cards)
        assert_same(state)
        state = engine.step(state, [rng.choice(engine.legal_actions(state, s)) for s in engine.to_act(state)])
    assert_same(state)


def test_a_deck_past_the_compiled_limits_is_encoded_by_the_plain_code() -> None:
    rules = big_deck(hand=2, cards=80, players=(2, 2))
    assert obs.layout(rules, 2).plan is None
    for state in states(rules, 2, 0):
        assert_same(state)


@settings(max_examples=25, deadline=None)
@given(bst.rulesets(), st.data())
def test_the_same_on_random_rulesets(rules: br.Ruleset, data: st.DataObject) -> None:
    players = data.draw(st.integers(rules.players.min, rules.players.max), label="players")
    for state in states(rules, players, data.draw(st.integers(0, 2**32), label="seed")):
        assert_same(state)


def test_a_stale_or_foreign_plan_is_refused() -> None:
    """The compiled function checks what it is given (a wrong plan or state is an error, never a crash)."""
    rules = br.load_rules()
    lay = obs.layout(rules, 4)
    other = obs.layout(rules, 2)
    state = engine.new_game(rules, 4, 1)
    good: list[Any] = [np.empty((4, lay.size), np.float32), np.empty((4, lay.actions), np.int8), lay.plan, state,
                       0, list(state.hands), lay.template_blob, (0, 0, 0, 0)]
    from boomerang_rules.rl._encode import fill

    fill(*good)
    bad: list[tuple[int, Any]] = [
        (0, np.empty((4, lay.size), np.float64)), (0, np.empty((3, lay.size), np.float32)),
        (1, np.empty((4, lay.actions), np.int16)), (2, other.plan), (2, b"plan"), (3, (1, 2)),
        (4, 9), (5, [0, 0, 0]), (5, [2**40, 0, 0, 0]), (5, [-1, 0, 0, 0]), (6, b""), (7, (0, 0)),
        (0, np.empty((4, lay.size), np.float32)[:, ::-1]), (0, np.empty((4, lay.size), np.int32)),
        (1, np.empty((4, lay.actions), np.uint8)), (1, np.empty((4, lay.actions), np.bool_)),
    ]
    assert lay.plan is not None
    header = list(struct.unpack_from("<16q", lay.plan))
    directions = lay.plan[16 * 8:16 * 8 + header[12] * 8]
    runs = lay.plan[16 * 8 + header[12] * 8:]

    def plan_with(field: int, value: int, tail: bytes = directions + runs) -> bytes:
        changed = list(header)
        changed[field] = value
        return struct.pack("<16q", *changed) + tail

    # header fields past any layout's (sizes that would overflow the buffers' checks), a passing
    # direction past the seats, runs that leave a cell unwritten
    bad += [(2, plan_with(10, 2**60)), (2, plan_with(10, 2**62)), (2, plan_with(12, 2**61, runs)),
            (2, plan_with(4, 2**62)), (2, plan_with(15, header[15] - 1, directions + runs[:-12]))]
    for at, value in bad:
        args = list(good)
        args[at] = value
        with pytest.raises((ValueError, TypeError, BufferError, OverflowError)):
            fill(*args)
    passed = next(s for s in states(rules, 4, 3) if s.step == 2)  # hands passed on: the direction is read
    later = [*good[:3], passed, passed.round, list(passed.hands), *good[6:]]
    fill(*later)
    later[2] = plan_with(0, 4, struct.pack("<q", 99) * header[12] + runs)
    with pytest.raises(ValueError, match="direction"):
        fill(*later)


def test_one_seats_fill_writes_that_seats_rows_alone_and_refuses_what_it_cannot_follow() -> None:
    """``fill`` with a seat and its runs writes that seat's row and mask row (what the every-seat call
    writes there) into arrays of one row; a seat outside the plan, runs that are not int32 triples or
    run past the row, or arrays of every seat's size are an error, never a crash."""
    from boomerang_rules.rl._encode import fill

    rules = br.load_rules()
    lay = obs.layout(rules, 4)
    assert lay.plan is not None
    state = next(s for s in states(rules, 4, 3) if s.step == 2)
    common: list[Any] = [lay.plan, state, state.round, list(state.hands), lay.template_blob, (3, 1, 4, 1)]
    every = np.empty((4, lay.size), np.float32), np.empty((4, lay.actions), np.int8)
    fill(*every, *common)
    for seat in range(4):
        one = np.full(lay.size, 7.0, np.float32), np.full(lay.actions, 7, np.int8)
        fill(one[0], one[1], lay.plan, state, state.round, list(state.hands), lay.template_blob, (3, 1, 4, 1), seat,
             lay.seat_runs[seat])
        assert np.array_equal(one[0], every[0][seat]) and np.array_equal(one[1], every[1][seat])
    one = np.empty(lay.size, np.float32), np.empty(lay.actions, np.int8)
    past = np.frombuffer(lay.seat_runs[0], "<i4").copy()
    past[0] = lay.size
    bad: list[tuple[Any, ...]] = [
        (*one, *common, 4, lay.seat_runs[0]), (*one, *common, -1, lay.seat_runs[0]), (*one, *common, True, b""),
        (*one, *common, 0.0, lay.seat_runs[0]), (*one, *common, 0, list(lay.seat_runs[0])),
        (*one, *common, 0, lay.seat_runs[0][:-1]), (*one, *common, 0, past.tobytes()),
        (*every, *common, 0, lay.seat_runs[0]), (*one, *common, 0), (*one, *common, 0, b""),
        (*one, *common, 0, lay.seat_runs[0][12:]), (*one, *common, 0, obs.layout(rules, 3).seat_runs[0]),
        (*one, *common[:2], 2**40, *common[3:], 0, lay.seat_runs[0])]
    for args in bad:
        with pytest.raises((ValueError, TypeError)):
            fill(*args)


def test_runs_that_skip_a_cell_or_read_past_their_source_are_refused_by_rule() -> None:
    """A seat's runs are checked run by run as ``fill`` writes them: a run that does not begin where
    the last ended, or runs past the row, leave a cell unwritten (a run left over once the row is
    covered, likewise: the runs cover the row in order, once); a run that starts before the bits,
    reads past them, or reads a score past the seats' reads outside what was packed. Each is its
    own ``ValueError``, and the runs as laid out are written whole."""
    from boomerang_rules.rl._encode import fill

    rules = br.load_rules()
    lay = obs.layout(rules, 4)
    assert lay.plan is not None
    bits = struct.unpack_from("<16q", lay.plan)[9]
    state = next(s for s in states(rules, 4, 3) if s.step == 2)
    runs = np.frombuffer(lay.seat_runs[1], "<i4").reshape(-1, 3)
    one = np.full(lay.size, 7.0, np.float32), np.full(lay.actions, 7, np.int8)

    plan = lay.plan

    def fill_seat_1(seat_runs: bytes) -> None:
        fill(one[0], one[1], plan, state, state.round, list(state.hands), lay.template_blob, (3, 1, 4, 1), 1,
             seat_runs)

    fill_seat_1(runs.tobytes())
    assert not (one[0] == 7.0).any()
    bit_run = int(np.flatnonzero(runs[:, 1] < bits)[-1])
    score_run = int(np.flatnonzero(runs[:, 1] >= bits)[0])

    def changed(row: int, column: int, value: int) -> bytes:
        out = runs.copy()
        out[row, column] = value
        return bytes(out.tobytes())

    left_over = [bytes(np.vstack([runs, np.array([extra], "<i4")]).astype("<i4").tobytes())
                 for extra in ([-1, 0, 0], [0, 0, 8], [int(runs[-1, 0]), int(runs[-1, 1]), int(runs[-1, 2])])]
    uncovered = [changed(1, 0, int(runs[1, 0]) + 1), changed(len(runs) - 1, 2, int(runs[-1, 2]) + 1),
                 changed(0, 2, -1), runs[:-1].tobytes(), *left_over]
    outside = [changed(0, 1, -1), changed(bit_run, 1, bits - int(runs[bit_run, 2]) + 1),
               changed(score_run, 1, bits + 4 - int(runs[score_run, 2]) + 1)]
    for bad, rule in [*((r, "do not cover") for r in uncovered), *((r, "out of range") for r in outside)]:
        with pytest.raises(ValueError, match=rule):
            fill_seat_1(bad)


def test_fill_seats_refuses_what_it_cannot_follow() -> None:
    """``fill_seats``' arguments of other types or sizes are refused with a ``ValueError`` or
    ``TypeError``, never a crash; factories that make anything but arrays of the zeros' type are
    refused; factories that drop the caller's arguments leave it writing what it packed and holds."""
    from boomerang_rules.rl._encode import fill as obs_fill
    from boomerang_rules.rl._encode import fill_seats

    rules = br.load_rules()
    lay = obs.layout(rules, 4)
    assert lay.plan is not None
    state = next(s for s in states(rules, 4, 3) if s.step == 2)
    names = ("a", "b", "c", "d")
    zeros = np.zeros(lay.actions, np.int8)
    masks = [0b101, 0, 0b1, 0b11]
    new_observation = functools.partial(np.empty, lay.size, np.float32)
    new_mask = functools.partial(np.empty, lay.actions, np.int8)
    args: list[Any] = [lay.plan, state, state.round, masks, lay.template_blob, (3, 1, 4, 1), lay.seat_runs, names,
                       "observation", zeros, new_observation, new_mask]
    good = fill_seats(*args)
    every = np.empty((4, lay.size), np.float32), np.empty((4, lay.actions), np.int8)
    obs_fill(*every, *args[:6])
    for seat, name in enumerate(names):
        assert np.array_equal(good[name]["observation"], every[0][seat])
        assert good[name]["action_mask"] is zeros if not masks[seat] else np.array_equal(good[name]["action_mask"],
                                                                                          every[1][seat])
    past = np.frombuffer(lay.seat_runs[0], "<i4").copy()
    past[0] = lay.size
    bad: list[tuple[int, Any]] = [
        (0, b"plan"), (0, obs.layout(rules, 3).plan), (1, (1, 2)), (2, 9), (3, [0, 0, 0]), (3, [1 << 40, 0, 0, 0]),
        (5, (0, 0)), (6, list(lay.seat_runs)), (6, lay.seat_runs[:3]), (6, (b"", *lay.seat_runs[1:])),
        (6, (past.tobytes(), *lay.seat_runs[1:])), (6, (lay.seat_runs[0][:-1], *lay.seat_runs[1:])),
        (6, (obs.layout(rules, 3).seat_runs[0], *lay.seat_runs[1:])), (7, list(names)), (7, names[:3]),
        (7, ("a", "b", "c", 4)), (8, b"observation"), (10, lambda: np.empty(3, np.float32)),
        (10, lambda: [0.0] * lay.size), (10, lambda: np.empty(lay.size, np.float64)),
        (11, lambda: np.empty(lay.actions + 1, np.int8)), (11, lambda: 0),
        (11, lambda: np.empty(lay.actions, np.uint8))]
    for at, value in bad:
        changed = list(args)
        changed[at] = value
        with pytest.raises((ValueError, TypeError)):
            fill_seats(*changed)
    with pytest.raises(TypeError):
        fill_seats(*args[:11])
    held = list(args)

    def dropping() -> Any:  # drops the caller's lists and tuples while fill_seats runs
        held[3] = held[6] = held[7] = None
        masks[:] = [0, 0, 0, 0]
        return np.empty(lay.size, np.float32)

    again = fill_seats(held[0], held[1], held[2], masks, held[4], held[5], tuple(lay.seat_runs), ("a", "b", "c", "d"),
                       held[8], held[9], dropping, held[11])
    assert all(np.array_equal(again[k][o], good[k][o]) for k in names for o in ("observation", "action_mask"))


def test_threads_sharing_a_layout_read_each_states_own_rounds() -> None:
    """Games in threads share one layout (and encoder): each call reads its state's finished rounds
    and totals as one ``Template`` (a round's bits with its own scores, never another game's), so
    every observation equals the plain reading's whatever the threads' interleaving."""
    import sys
    import threading

    rules = br.load_rules()
    encoder = encoder_for(rules, 4)
    names = tuple(map(str, range(4)))
    zeros = np.zeros(encoder.num_actions, np.int8)
    games = [list(states(rules, 4, seed))[::3] for seed in range(4)]
    plain = [[encoder.encode_plain(state)[0] for state in game] for game in games]
    wrong: list[tuple[int, int]] = []

    def play(g: int) -> None:
        for _ in range(4):
            for i, state in enumerate(games[g]):
                dicts, _ = encoder.seat_dicts(state, names, "o", zeros)
                seen = encoder.encode_seat(state, i % 4)[0]
                if not (all(np.array_equal(dicts[a]["o"], plain[g][i][k]) for k, a in enumerate(names))
                        and np.array_equal(seen, plain[g][i][i % 4])):
                    wrong.append((g, i))

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # a thread switch every few bytecodes
    try:
        threads = [threading.Thread(target=play, args=(g,)) for g in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert not wrong


def play_env(env: Any, seed: int) -> list[Any]:
    """Everything a parallel env returns over a seeded random game, as plain values."""
    rng = random.Random(seed)
    out: list[Any] = []
    observations, infos = env.reset(seed=seed)
    out.append(({a: (o["observation"].tolist(), o["action_mask"].tolist()) for a, o in observations.items()}, infos))
    while env.agents:
        actions = {a: rng.choice(np.flatnonzero(o["action_mask"]).tolist()) for a, o in observations.items()
                   if o["action_mask"].any()}
        observations, rewards, terminations, truncations, infos = env.step(actions)
        out.append(({a: (o["observation"].tolist(), o["action_mask"].tolist()) for a, o in observations.items()},
                    rewards, terminations, truncations, infos))
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("reward", ["round", "final", "win"])
def test_the_parallel_env_returns_the_same_on_either_encoder(players: int, reward: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pettingzoo")
    from boomerang_rules.rl import australia_layout
    from boomerang_rules.rl import pettingzoo as bz
    from boomerang_rules.rl import pettingzoo_parallel as parallel  # where the parallel env reads them

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in australia_ids():
            fast = [play_env(bz.parallel_env(name, players, reward), seed) for seed in range(2)]
            with monkeypatch.context() as patch:
                patch.setattr(australia_layout, "_fill", None)  # where the encoders read it
                patch.setattr(parallel, "seat_rows", bz.seat_rows_plain)
                patch.setattr(parallel, "step_dicts", bz.step_dicts_plain)
                plain = [play_env(bz.parallel_env(name, players, reward), seed) for seed in range(2)]
            assert fast == plain


def test_seat_rows_are_the_plain_comprehension() -> None:
    pytest.importorskip("pettingzoo")
    from boomerang_rules.rl import pettingzoo as bz

    names = ("a", "b", "c")
    values = np.arange(12, dtype=np.float32).reshape(3, 4)
    masks = np.arange(6, dtype=np.int8).reshape(3, 2)
    zeros = np.zeros(2, np.int8)
    zeros.flags.writeable = False
    assert bz.seat_rows is not bz.seat_rows_plain
    for obs_key in bz.OBS_KEYS:
        for legal in ([1, 2, 3], [0, 2, 0], [1 << 70, 0, False]):
            fast = bz.seat_rows(names, values, masks, obs_key, legal, zeros)
            plain = bz.seat_rows_plain(names, values, masks, obs_key, legal, zeros)
            assert list(fast) == list(plain)
            for name, bits in zip(names, legal):
                assert list(fast[name]) == list(plain[name]) == [obs_key, "action_mask"]
                assert fast[name][obs_key].base is None is plain[name][obs_key].base  # copies: no other seat's
                if bits.__class__ is int and bits == 0:
                    assert fast[name]["action_mask"] is zeros is plain[name]["action_mask"]
                else:
                    assert fast[name]["action_mask"].base is None is plain[name]["action_mask"].base
                for key in plain[name]:
                    assert np.array_equal(fast[name][key], plain[name][key])
                    assert fast[name][key].dtype == plain[name][key].dtype
        with pytest.raises(IndexError):
            bz.seat_rows(("a", "b", "c", "d"), values, masks, obs_key, [1, 1, 1, 1], zeros)
    for bad in ((names, values, masks, None, [1, 1, 1], zeros), (names, values, masks, "observation", [1], zeros),
                (names, values, masks, "observation", (1, 1, 1), zeros), (names, values, masks, "observation")):
        with pytest.raises(TypeError):
            bz.seat_rows(*bad)


def test_step_dicts_are_the_plain_ones() -> None:
    pytest.importorskip("pettingzoo")
    from boomerang_rules.rl import pettingzoo as bz

    assert bz.step_dicts is not bz.step_dicts_plain
    compiled: Any = bz.step_dicts  # called with values of other types too: the env passes what its game gives
    reference: Any = bz.step_dicts_plain
    agents = ["a", "b", "c"]
    marker = object()
    for points in (None, (1, -2, 0), (0.5, 3.0, 7)):
        for over, truncated in ((False, False), (True, False), (False, True), (marker, 0)):
            fast = compiled(agents, points, over, truncated)
            plain = reference(agents, points, over, truncated)
            assert fast == plain
            assert [type(v) for v in fast[0].values()] == [float] * 3
            assert all(fast[1][a] is over and fast[2][a] is truncated for a in agents)
            assert len({id(info) for info in fast[3].values()}) == 3  # a fresh dict each
    assert compiled([], None, False, False) == ({}, {}, {}, {})
    for bad in ((1, 2), [1, 2, 3], ("x", 1, 2)):
        with pytest.raises((ValueError, TypeError)):
            compiled(agents, bad, False, False)


# --- Hostile input: states the engine did not make, and arguments that run Python code -----------
# ``encode`` (the compiled encoder where built) must give what ``encode_plain`` gives, arrays or
# the exception's type and words, for any state: a field rebound to junk (``attrs.evolve``), a
# context made with ``object.__new__`` and slots left unset, int subclasses and objects with
# ``__index__`` where ints belong. ``fill`` reads exact types only (no user code runs inside it);
# the encoder hands anything it refuses to ``encode_plain``. ``step_dicts`` holds each agent while
# its entries are set (a hostile ``__hash__`` may change the list). CI runs these under
# ``PYTHONMALLOC=debug`` too (docs/testing.md).

import attrs  # noqa: E402

from boomerang_rules.australia.state import RoundContext  # noqa: E402


class Odd(int):
    """An int subclass (the compiled encoder does not read it: the plain one judges it)."""


class Index:
    """An object with ``__index__`` that counts its calls (the compiled encoder must make none)."""

    calls = 0

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        Index.calls += 1
        return self.value


def encoded(function: Any, state: Any) -> tuple[str, Any]:
    try:
        obs_, masks, legal = function(state)
        return "ok", (obs_.dtype.str, obs_.tolist(), masks.dtype.str, masks.tolist(), list(legal))
    except Exception as error:  # the comparison is of any exception, whatever it is
        return type(error).__name__, str(error)


def encode_pool() -> list[br.GameState]:
    out: list[br.GameState] = []
    for rules, players in CASES[::4]:
        out += list(states(rules, players, 1))[:25]
    return out


POOL = encode_pool()


@settings(max_examples=250, deadline=None)
@given(st.data())
def test_states_with_fields_rebound_encode_as_the_plain_encoder_does(data: st.DataObject) -> None:
    s = data.draw(st.sampled_from(POOL), label="state")
    n = s.players
    junk = st.one_of(st.integers(), st.integers(-2, 70), st.booleans(), st.builds(Odd, st.integers(0, 30)), st.none(),
                     st.floats(allow_nan=False), st.just(()), st.builds(Index, st.integers(0, 5)))
    values: dict[str, st.SearchStrategy[Any]] = {
        "step": junk, "pending": junk, "waiting": st.one_of(junk, st.integers(0, 2**n - 1)),
        "hands": st.one_of(junk, st.lists(st.one_of(st.integers(0, 2**30), junk), min_size=n, max_size=n).map(tuple),
                           st.lists(st.integers(0, 2**64 + 1), max_size=n + 1).map(tuple)),
        "taken": st.one_of(junk, st.lists(st.one_of(st.integers(-1, 64), junk), max_size=3 * n).map(tuple),
                           st.just(list(s.taken)), st.just(tuple(Odd(c) for c in s.taken))),
    }
    fields = data.draw(st.sets(st.sampled_from(sorted(values)), min_size=1), label="fields")
    odd = rebound(s, **{name: data.draw(values[name], label=name) for name in sorted(fields)})
    assert encoded(obs.encode, odd) == encoded(obs.encode_plain, odd)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_contexts_the_engine_did_not_make_encode_as_the_plain_encoder_does(data: st.DataObject) -> None:
    s = data.draw(st.sampled_from(POOL), label="state")
    names = [f.name for f in attrs.fields(RoundContext)]
    if data.draw(st.booleans(), label="unset"):
        unset = data.draw(st.sets(st.sampled_from(names), min_size=1), label="slots")
        context = object.__new__(RoundContext)
        for name in names:
            if name not in unset:
                object.__setattr__(context, name, getattr(s.context, name))
    else:
        name = data.draw(st.sampled_from(["round", "everyone", "players", "over", "used", "activity_step", "shift"]),
                         label="slot")
        value = data.draw(st.one_of(st.integers(-2, 20), st.booleans(), st.builds(Odd, st.integers(0, 9)), st.none(),
                                    st.just(()), st.builds(Index, st.integers(0, 3))), label="value")
        context = attrs.evolve(s.context, **{name: value})
    odd = built(br.GameState, context, *tuple(s)[1:])
    assert encoded(obs.encode, odd) == encoded(obs.encode_plain, odd)


def test_fill_reads_exact_types_only_and_runs_no_user_code() -> None:
    """Ints with ``__index__``, int subclasses and float subclasses where ``fill`` reads numbers:
    refused with its own error, and no ``__index__`` (or ``__float__``) called."""
    from boomerang_rules.rl._encode import fill

    class Float(float):
        def __float__(self) -> float:
            raise AssertionError("__float__ called")

    rules = br.load_rules()
    lay = obs.layout(rules, 4)
    state = engine.new_game(rules, 4, 1)
    good: list[Any] = [np.empty((4, lay.size), np.float32), np.empty((4, lay.actions), np.int8), lay.plan, state,
                       0, list(state.hands), lay.template_blob, (0, 0, 0, 0)]
    fill(*good)
    Index.calls = 0
    junk: Any = Index
    bad: list[tuple[int, Any]] = [
        (3, rebound(state, step=junk(0))), (3, rebound(state, step=Odd(0))), (4, Index(0)), (4, Odd(0)),
        (5, [Index(1), 0, 0, 0]), (5, [Odd(1), 0, 0, 0]), (3, rebound(state, hands=(Odd(1), 0, 0, 0))),
        (3, rebound(state, taken=(junk(1),) * 4)), (3, rebound(state, taken=(Odd(1),) * 4)),
        (7, (Float(0.5), 0, 0, 0)), (7, (Odd(1), 0, 0, 0)), (7, (Index(1), 0, 0, 0)),
    ]
    for at, value in bad:
        args = list(good)
        args[at] = value
        with pytest.raises(ValueError):
            fill(*args)
    assert Index.calls == 0


def test_step_dicts_survive_agents_that_change_the_list_under_them() -> None:
    """An agent whose ``__hash__`` empties the agents list (and a reward whose ``__float__``
    does): the compiled step_dicts hold what they read, and say the list changed."""
    pytest.importorskip("pettingzoo")
    from boomerang_rules.rl import _encode

    agents: list[Any] = []

    class Agent:
        def __init__(self, name: str) -> None:
            self.name = name

        def __hash__(self) -> int:
            agents.clear()
            return hash(self.name)

    class Points:
        def __float__(self) -> float:
            agents.clear()
            return 1.0

    for points in (None, (Points(), Points(), Points())):
        agents[:] = [Agent("a"), Agent("b"), Agent("c")]
        hostile: Any = points
        try:
            out = _encode.step_dicts(agents, hostile, False, False)
        except RuntimeError as error:
            message = str(error)
        else:
            message = "changed" if len(out) == 4 else "?"
        assert "changed" in message
    names = tuple(f"p{i}" for i in range(3))

    class Rows:
        """Rows whose item access builds and drops garbage (the names tuple is held by the caller)."""

        def __getitem__(self, i: int) -> Any:
            if i >= 3:
                raise IndexError(i)
            return [object() for _ in range(100)]

    rows = _encode.seat_rows(names, Rows(), Rows(), "observation", [1, 0, 1], None)
    assert list(rows) == list(names)


OTHER_RULESETS = tuple(i.id for i in br.list_rules() if i.game != "boomerang-australia")


@pytest.mark.parametrize("rules_id", OTHER_RULESETS)
def test_the_compiled_readers_are_the_table_read_plainly(rules_id: str) -> None:
    """Sea Salt & Paper's and Boomerang (2010)'s encoders (``encode_compiled``: ``_encode.read_gather``)
    give exactly what ``encode_plain`` gives, on every shipped ruleset and player count; and so does
    one seat's ``encode_seat``, in arrays of its own."""
    from boomerang_rules.rl import encoding

    rules = br.load_rules(rules_id)
    for players in range(rules.players.min, rules.players.max + 1):
        encoder = encoding.encoder_for(rules, players)
        assert encoding._read_gather is not None and encoder.fast == encoder.encode_compiled
        for state in random_states(rules, players, players):
            plain = encoder.encode_plain(state)
            fast = encoder.encode(state)
            served = np.empty_like(plain[0]), np.zeros_like(plain[1])  # the compiled reader itself: no fallback
            encoding._read_gather(encoder._plan, state, encoder._words, encoder._bounds, encoder._runs, plain[2],
                                  *served)
            assert np.array_equal(served[0], plain[0]) and np.array_equal(served[1], plain[1])
            assert plain[0].dtype == fast[0].dtype and np.array_equal(plain[0], fast[0])
            assert plain[1].dtype == fast[1].dtype and np.array_equal(plain[1], fast[1])
            assert plain[2] == fast[2]
            for seat in range(players):
                seen, row, mask = encoder.encode_seat(state, seat)
                assert seen.base is None and row.base is None  # nothing of another seat's beside it
                assert seen.dtype == np.float32 and row.dtype == np.int8
                assert np.array_equal(seen, plain[0][seat]) and np.array_equal(row, plain[1][seat])
                assert mask == plain[2][seat]


@pytest.mark.parametrize("rules_id", OTHER_RULESETS)
def test_each_seats_dicts_are_the_plain_rows_in_arrays_of_their_own(rules_id: str) -> None:
    """``Encoder.seat_dicts`` (one ``_encode.read_seats`` call: every seat's PettingZoo observation
    dict) gives what ``seat_dicts_plain`` gives, on every shipped ruleset and player count, at every
    state: equal arrays of the same dtypes, each fresh and its own (``base`` None, never an array an
    earlier call handed out), the shared zeros for a seat owing nothing; and ``reading`` (the AEC
    env's) gives each seat's observation as ``encode_plain`` does, an array of its own."""
    from boomerang_rules.rl import encoding

    rules = br.load_rules(rules_id)
    for players in range(rules.players.min, rules.players.max + 1):
        encoder = encoding.encoder_for(rules, players)
        assert encoder.dicts_compiled
        names = tuple(f"player_{i}" for i in range(players))
        zeros = np.zeros(encoder.num_actions, np.int8)
        zeros.flags.writeable = False
        before: list[Any] = []
        for key in ("observation", "observations"):
            for state in random_states(rules, players, players + len(key)):
                assert encoding._read_seats is not None  # the compiled reader itself serves: no fallback
                encoding._read_seats(encoder._plan, state, encoder._words, encoder._bounds, encoder._seat_runs,
                                     encoder.masks(state), names, key, zeros, encoder._new_observation,
                                     encoder._new_mask)
                fast, masks = encoder.seat_dicts(state, names, key, zeros)
                plain, plain_masks = encoder.seat_dicts_plain(state, names, key, zeros)
                assert masks == plain_masks and list(fast) == list(plain) == list(names)
                reading = encoder.reading(state)
                assert reading.masks == masks
                for seat, name in enumerate(names):
                    assert list(fast[name]) == list(plain[name]) == [key, "action_mask"]
                    for k in (key, "action_mask"):
                        got, want = fast[name][k], plain[name][k]
                        assert got.dtype == want.dtype and got.shape == want.shape and np.array_equal(got, want)
                        assert got is zeros if k == "action_mask" and not masks[seat] else got.base is None
                    assert all(fast[name][key] is not old for old in before[-2 * players:])
                    seen = reading.observation(seat)
                    assert seen.base is None and np.array_equal(seen, plain[name][key])
                before += [fast[name][key] for name in names]


class _ReadsAgain(tuple[Any, ...]):
    """A field's tuple that reads another state through the encoder while it is being read (Python
    code a reader runs: its ``__iter__``)."""

    other: Any = None

    def __iter__(self) -> Iterator[Any]:
        assert self.other is not None
        rl.observe(self.other, 1)
        rl.action_masks(self.other, [0])
        return tuple.__iter__(self)


class _TupleOfInts(tuple[Any, ...]):
    """A tuple subclass: what the compiled ops do not read (their exact types), the Python readers do."""


def _odd_fields(state: Any) -> Iterator[tuple[str, Any]]:
    """``state`` with one field at a time in another type the engine's plain code reads alike: numpy
    ints and ``int`` subclasses for ints, tuple subclasses for tuples, both inside."""
    for field in attrs.fields(type(state)):
        value = getattr(state, field.name)
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            yield field.name, np.int64(value)
            yield field.name, _Int(value)
        elif isinstance(value, tuple) and value and all(isinstance(v, int) and not isinstance(v, bool)
                                                         for v in value):
            yield field.name, _TupleOfInts(value)
            yield field.name, tuple(_Int(v) for v in value)


@pytest.mark.parametrize("rules_id", ["sea-salt-paper", "sea-salt-paper-extra-salt", "boomerang-2010"])
def test_what_the_compiled_readers_do_not_read_is_read_plainly(rules_id: str) -> None:
    """A field of another int or tuple type than the engine makes (a numpy int, a subclass), or a
    reader that reads another state through the encoder while this one is read (its values would
    share one buffer), is read by the plain reference (``_encode.Unserved``): every encoder path
    gives what ``encode_plain`` gives, and a re-entered reading the same as one that was not."""
    from boomerang_rules.rl import encoding

    rules = br.load_rules(rules_id)
    states = list(random_states(rules, 3, 7))
    other = states[len(states) // 3]
    names = ("a", "b", "c")
    encoder = encoding.encoder_for(rules, 3)
    zeros = np.zeros(encoder.num_actions, np.int8)
    checked = 0
    for state in states[:: max(1, len(states) // 6)]:
        variants = [(name, rebound(state, **{name: value})) for name, value in _odd_fields(state)]
        _ReadsAgain.other = other
        variants += [(f"{name} reads again", rebound(state, **{name: _ReadsAgain(getattr(state, name))}))
                     for name, _ in _odd_fields(state) if isinstance(getattr(state, name), tuple)]
        for name, odd in variants:
            try:
                plain = encoder.encode_plain(odd)
            except Exception:  # a field the plain reading refuses in that type: not this test's case
                continue
            fast = encoder.encode(odd)
            assert np.array_equal(fast[0], plain[0]) and np.array_equal(fast[1], plain[1]), name
            seen, row, _ = encoder.encode_seat(odd, 1)
            assert np.array_equal(seen, plain[0][1]) and np.array_equal(row, plain[1][1]), name
            dicts, _ = encoder.seat_dicts(odd, names, "o", zeros)
            assert all(np.array_equal(dicts[n]["o"], plain[0][i]) for i, n in enumerate(names)), name
            assert np.array_equal(encoder.reading(odd).observation(2), plain[0][2]), name
            checked += 1
    assert checked > 20


class _Bits:
    def __init__(self, bits: int, number: int = 1) -> None:
        self.bits, self.number = bits, number


def _bits_encoder(columns: int, number: bool) -> Any:
    from boomerang_rules.rl.encoding import Encoder, Field

    fields = [Field("cards", "shared", tuple(f"c{i}" for i in range(columns)), lambda s: [s.bits], "bits")]
    if number:
        fields.append(Field("n", "shared", ("k",), lambda s: [s.number], "a number", bound=10.0))
    return Encoder(None, 2, fields, 3, lambda s, seat: 1, lambda s: (0,))


def test_values_out_of_range_stay_value_errors() -> None:
    """Only values of another type (or a re-entered reading) are ``Unserved``, read plainly: a negative
    value, one past its row or past 64 bits is the ``ValueError`` naming it, on every path (the plain
    reading would take a negative row for all its bits, and drop one past its columns)."""
    from boomerang_rules.rl import _encode

    encoder = _bits_encoder(70, number=True)
    assert encoder.encode(_Bits(5))[0][0][:70].sum() == 2  # what reads, reads
    for state, words in [(_Bits(-1), "non-negative"), (_Bits(1 << 130), "past its columns"),
                         (_Bits(5, -1), "non-negative"), (_Bits(5, 1 << 64), "below 2\\*\\*64")]:
        calls: list[tuple[Any, tuple[Any, ...]]] = [
            (encoder.encode, (state,)), (encoder.encode_seat, (state, 0)),
            (encoder.seat_dicts, (state, ("a", "b"), "o", np.zeros(3, np.int8)))]
        for function, args in calls:
            with pytest.raises(ValueError, match=words) as raised:
                function(*args)
            assert not isinstance(raised.value, _encode.Unserved)


def test_a_table_of_bits_alone_reads_on_a_process_first_call() -> None:
    """No number field: the numbers' scratch of no floats is allocated on the first call too (it was
    left NULL, and the call failed with a ``SystemError``)."""
    code = ("from tests.test_rl_encode import _Bits, _bits_encoder; "
            "print(_bits_encoder(70, number=False).encode(_Bits(5))[0][0].sum())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         cwd=Path(__file__).resolve().parent.parent)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["2.0"]


def test_read_seats_refuses_what_it_does_not_read() -> None:
    """``read_seats``' arguments of other types or sizes are refused with the errors it names, before or
    after reading; factories that make anything but arrays of the zeros' type are refused; factories
    that drop the caller's arguments (Python code running inside) leave it reading what it holds."""
    from boomerang_rules.rl import _encode, encoding

    rules = br.load_rules("sea-salt-paper")
    encoder = encoding.encoder_for(rules, 2)
    state = br.new_game(rules, 2, 1)
    names = ("a", "b")
    zeros = np.zeros(encoder.num_actions, np.int8)
    masks = encoder.masks(state)
    args: list[Any] = [encoder._plan, state, encoder._words, encoder._bounds, encoder._seat_runs, masks, names,
                       "observation", zeros, encoder._new_observation, encoder._new_mask]
    good = _encode.read_seats(*args)
    assert np.array_equal(good["a"]["observation"], encoder.encode_plain(state)[0][0])
    bad: list[tuple[int, Any, type[Exception]]] = [
        (4, list(encoder._seat_runs), ValueError), (4, encoder._seat_runs[:1], ValueError),
        (4, (b"", encoder._seat_runs[1]), ValueError), (4, (b"\x00" * 8, encoder._seat_runs[1]), ValueError),
        (5, tuple(masks), ValueError), (5, [1.0, 0], ValueError), (5, [1 << 400, 0], ValueError),
        (5, [-1, 0], ValueError), (6, ["a"], ValueError), (6, ("a", 1), ValueError), (7, b"k", ValueError),
        (9, lambda: np.empty(3, np.float32), ValueError), (9, lambda: [0.0] * encoder.size, ValueError),
        (9, lambda: np.empty(encoder.size, np.float64), ValueError), (10, lambda: np.empty(3, np.float32), ValueError),
        (10, lambda: 0, ValueError), (3, np.zeros(1), ValueError), (2, encoder._words + 1, ValueError)]
    for at, value, error in bad:
        changed = list(args)
        changed[at] = value
        with pytest.raises(error):
            _encode.read_seats(*changed)
    with pytest.raises(TypeError):
        _encode.read_seats(*args[:10])
    held = list(args)

    def dropping() -> Any:  # drops the caller's lists and tuples while read_seats runs
        held[4] = held[5] = held[6] = None
        return np.empty(encoder.size, np.float32)

    held[9] = dropping
    again = _encode.read_seats(held[0], held[1], held[2], held[3], tuple(encoder._seat_runs), list(masks), ("a", "b"),
                               held[7], held[8], held[9], held[10])
    assert all(np.array_equal(again[k][o], good[k][o]) for k in names for o in ("observation", "action_mask"))


def _never(state: Any) -> Any:
    raise AssertionError("the Python reader was called where the compiled one should serve")


@pytest.mark.parametrize("rules_id", ["sea-salt-paper", "boomerang-2010", "sea-salt-paper-extra-salt"])
def test_each_compiled_reader_serves_on_the_engines_states(rules_id: str) -> None:
    """Every field with an ``op`` is read in C on the states the engine makes (its Python reader,
    replaced by one that fails, is never called), and reads what that reader reads: by the tuple's
    item where the plan names the field's slot, and by getattr where it names none. Every field of
    Boomerang (2010) and Sea Salt & Paper has one (Boomerang (2010)'s turn and totals too, Sea Salt &
    Paper's ``seat``: no Python call a state)."""
    from boomerang_rules.rl import _encode, encoding

    rules = br.load_rules(rules_id)
    for players in (rules.players.min, rules.players.max):
        encoder = encoding.encoder_for(rules, players)
        by_slot = tuple((_never if op else read, chunks, op, attribute, arg, slot)
                        for read, chunks, op, attribute, arg, slot in encoder._plan)
        by_getattr = tuple(entry[:5] for entry in by_slot)
        assert sum(1 for entry in encoder._plan if entry[2]) >= 8
        assert sum(1 for entry in encoder._plan if entry[5] is not None) >= 8
        assert all(entry[2] for entry in encoder._plan), [f.name for f in encoder.fields if not f.op]
        for state in random_states(rules, players, 7):
            plain = encoder.encode_plain(state)
            for compiled in (by_slot, by_getattr):
                seen = np.empty((players, encoder.size), np.float32)
                rows = np.zeros((players, encoder.num_actions), np.int8)
                _encode.read_gather(compiled, state, encoder._words, encoder._bounds, encoder._index, plain[2], seen,
                                    rows)
                assert np.array_equal(seen, plain[0]) and np.array_equal(rows, plain[1])


def test_a_slot_serves_only_a_state_of_exactly_its_class() -> None:
    """The compiled readers read a field by its tuple item only for a state of exactly the class the
    plan names: a subclass whose property reads something else is read through the property (what
    the Python reader reads), and so is any other object; a slot past the tuple is not read."""
    from boomerang_rules.boomerang2010.state import GameState
    from boomerang_rules.core.tuple_backed import item_of
    from boomerang_rules.rl import _encode, encoding

    rules = br.load_rules("boomerang-2010")
    encoder = encoding.encoder_for(rules, 3)
    state = next(s for s in random_states(rules, 3, 5) if any(s.captured) and s.river)
    assert item_of(GameState, "river") == 6 and item_of(GameState, "not_a_field") is None
    assert item_of(int, "real") is None and item_of(tuple, "count") is None

    class Emptied(GameState):
        __slots__ = ()

        @property
        def river(self) -> tuple[int, ...]:
            return ()

    odd = tuple.__new__(Emptied, tuple(state))
    assert item_of(Emptied, "river") is None and odd.river == () and state.river
    plain = encoder.encode_plain(state)

    def read(plan: tuple[Any, ...], of: Any) -> Any:
        seen = np.empty((3, encoder.size), np.float32)
        rows = np.zeros((3, encoder.num_actions), np.int8)
        _encode.read_gather(plan, of, encoder._words, encoder._bounds, encoder._index, plain[2], seen, rows)
        return seen

    by_getattr = tuple(entry[:5] for entry in encoder._plan)
    assert np.array_equal(read(encoder._plan, state), plain[0])
    emptied = read(encoder._plan, odd)
    assert np.array_equal(emptied, read(by_getattr, odd)) and not np.array_equal(emptied, plain[0])
    river = next(part for part in encoder.spec if part.name == "river")
    assert not emptied[:, river.start:river.stop].any() and plain[0][:, river.start:river.stop].any()
    past = tuple((*entry[:5], (GameState, 99)) if entry[5] is not None else entry for entry in encoder._plan)
    assert np.array_equal(read(past, state), plain[0])


class _Odd:
    """A state whose fields are not of the types the compiled readers read (a list, a float, a subclass)."""

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)


class _Int(int):
    pass


def test_read_gather_hands_what_it_does_not_read_to_the_python_reader() -> None:
    """A field of another type than the op reads: the field's Python reader gives its values (the
    reference), whatever the op; bad plans and bad values are a ``ValueError``, never a crash."""
    from boomerang_rules.rl import _encode

    calls: list[str] = []

    def reader(name: str, values: Any) -> Any:
        def read(state: Any) -> Any:
            calls.append(name)
            return values
        return read

    # two bit rows of one word (hands), then numbers: a len, a capped int, one-hot over 2, an index
    plan = ((reader("hands", [0b11, 0b100]), 1, 1, "hands", None),
            (reader("deck", [3]), 0, 4, "deck", None),
            (reader("round", [2]), 0, 6, "round", 2),
            (reader("turn", [0, 1]), 0, 8, "turn", 2),
            (reader("phase", [2]), 0, 11, "phase", ("a", "b")))
    bounds = np.array([4.0, 4.0, 1.0, 1.0, 2.0])
    index = np.array([[0, 1, 2, 64, 65, 66, 128, 129, 130, 131, 132]], np.intp)

    def run(state: Any, at: Any = plan, words: int = 2) -> list[float]:
        seen = np.empty(index.shape, np.float32)
        rows = np.zeros((1, 3), np.int8)
        _encode.read_gather(at, state, words, bounds, index, [0b1], seen, rows)
        assert rows.tolist() == [[1, 0, 0]]
        return [float(x) for x in seen[0]]

    expected = [1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.75, 0.5, 0.0, 1.0, 1.0]
    good = _Odd(hands=((0, 1), (2,)), deck=(1, 2, 3), round=5, turn=1, phase="b")
    assert run(good) == expected and calls == []
    odd = _Odd(hands=[(0, 1), (2,)], deck=[1, 2, 3], round=_Int(5), turn=1.0, phase="c")
    assert run(odd) == expected and calls == ["hands", "deck", "round", "turn", "phase"]
    calls.clear()
    assert run(_Odd(hands=((0, 1), (2, 64)), deck=(1, 2, 3), round=-1, turn=2, phase=3)) == expected
    assert calls == ["hands", "round", "turn", "phase"]
    for bad_plan in ((plan[0][:4],), ((reader("x", [1]), 1, 99, "hands", None),), [plan[0]]):
        with pytest.raises(ValueError):
            run(good, bad_plan, 1)
    with pytest.raises(ValueError, match="words"):
        run(good, plan, 1)
    for values in ([1.0], [-1], [1 << 64], (1 << 64,), "ab", None):
        with pytest.raises(ValueError):
            run(good, ((reader("hands", values), 1, 0, None, None),) + plan[1:], 1)
    with pytest.raises(AttributeError):
        run(_Odd(deck=(1,)))
    # tokens (a bit each, -1 none), chosen (1 each but -1), places on a stack of 2 seats
    plan2 = ((reader("tokens", [0b10, 0]), 1, 12, "tokens", None),
             (reader("chosen", [1, 0]), 0, 13, "tokens", None),
             (reader("places", [0, 1]), 0, 14, "stack", 2))
    bounds = np.array([1.0, 1.0, 2.0, 2.0])
    index = np.array([[0, 1, 2, 64, 65, 66, 128, 129, 130, 131]], np.intp)
    expected = [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.5]
    calls.clear()
    assert run(_Odd(tokens=(1, -1), stack=(1,)), plan2, 2) == expected and calls == []
    expected[7] = 1.0  # -2 is no token's "none": chosen, as the plain reader says
    assert run(_Odd(tokens=(1, -2), stack=(1, 2)), plan2, 2) == expected and calls == ["tokens", "places"]
    with pytest.raises(AssertionError):
        run(good, ((_never, 1, 0, None, None),) + plan[1:], 1)


def test_the_compiled_gather_refuses_what_the_plain_code_would() -> None:
    """Values it cannot read exactly (negative, past 64 bits, not ints), an index or a mask past its
    arrays: a ``ValueError``, never memory read or written out of bounds."""
    from boomerang_rules.rl._encode import gather

    bounds = np.array([2.0])
    index = np.array([[0, 64]], np.intp)
    seen = np.empty((1, 2), np.float32)
    rows = np.zeros((1, 3), np.int8)
    gather([5, 1], 1, bounds, index, [0b101], seen, rows)
    assert seen.tolist() == [[1.0, 0.5]] and rows.tolist() == [[1, 0, 1]]
    cases: list[tuple[list[Any], Any, list[int]]] = [
        ([-1, 1], index, [1]), ([1 << 64, 1], index, [1]), ([1.0, 1], index, [1]),
        ([5, 1], np.array([[0, 65]], np.intp), [1]), ([5, 1], index, [0b1000]), ([5, 1], index, [-1]),
        ([5, 1], index, [1 << 70])]
    for values, at, masks in cases:
        with pytest.raises(ValueError):
            gather(values, 1, bounds, at, masks, seen, np.zeros((1, 3), np.int8))


def test_the_index_as_runs_writes_what_the_index_gathers() -> None:
    """``runs_of(index)`` handed to ``gather`` for its index (what the encoders hand it) writes what
    gathering through the index gives; runs past the source, or not one row a seat, are a ``ValueError``."""
    from boomerang_rules.rl._encode import gather
    from boomerang_rules.rl.encoding import runs_of

    rng = random.Random(5)
    values = [rng.getrandbits(64) for _ in range(3)] + [3, 0, 7]
    bounds = np.array([4.0, 2.0, 7.0])
    # runs of every kind: unaligned bits, whole bytes, bits across a word, numbers, a bit next to a number
    index = np.array([[3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 60, 61, 62, 63, 64, 65, 66, 192, 193, 191, 194, 0],
                      [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 192, 1, 2, 194, 193, 7, 6, 5, 4,
                       3, 130]], np.intp)
    expected = np.empty(index.shape, np.float32)
    runs = runs_of(index, 192)
    seen = np.empty(index.shape, np.float32)
    gather(values, 3, bounds, index, [0, 1], expected, np.zeros((2, 3), np.int8))
    gather(values, 3, bounds, runs, [0, 1], seen, np.zeros((2, 3), np.int8))
    assert np.array_equal(seen, expected)
    assert runs_of(index[1], 192) == runs_of(index[1:], 192)
    for bad in (runs_of(np.array([[0, 196]], np.intp), 192), runs_of(np.array([[190, 191, 192]], np.intp), 200),
                runs[:-1], runs[:-8], b""):
        with pytest.raises(ValueError):
            gather(values, 3, bounds, bad, [0, 1], seen, np.zeros((2, 3), np.int8))


B10_RULESETS = tuple(i.id for i in br.list_rules() if i.game == "boomerang-2010")


@pytest.mark.parametrize("rules_id", B10_RULESETS)
def test_the_compiled_majorities_are_the_plain_totals(rules_id: str) -> None:
    """Boomerang (2010)'s ``totals`` (``_encode.majorities``) is ``totals_plain`` (the reference) and the
    score sheets' totals, on every state of random games of every shipped ruleset and player count."""
    from boomerang_rules.rl import boomerang2010 as b10

    assert b10._majorities is not None
    rules = br.load_rules(rules_id)
    for players in range(rules.players.min, rules.players.max + 1):
        for state in random_states(rules, players, players):
            found = b10.totals(state)
            args = b10.majority_args(state.tables)
            assert args is not None and b10._majorities(state.captured, state.boomerangs, *args) == found
            b10._LAST[:] = [None, ()]
            assert found == b10.totals_plain(state) == tuple(sheet.total for sheet in br.score_sheets(state))


def test_the_compiled_majorities_leave_what_they_do_not_read_to_the_plain_code() -> None:
    """Arguments not of the exact types counted, or past the tables: None (the plain code reads them
    and says what is wrong), never a crash; the counting itself on a hand-made case."""
    from boomerang_rules.rl._encode import majorities

    animal = bytes([0, 0, 1, 1, 2])
    assert majorities(((0, 1, 2), (3, 4), ()), (5, 0, 2), animal, 3, 2) == (2 + 1 + 2, 1 + 1, 1)
    assert majorities(((0, 2), (1, 3)), (0, 0), animal, 3, 2) == (2, 2)  # tied leads both score
    bad: list[tuple[Any, ...]] = [
        (((0, 5),), (0,), animal, 3, 2), (((0, -1),), (0,), animal, 3, 2), (((0, _Int(1)),), (0,), animal, 3, 2),
        (([0, 1],), (0,), animal, 3, 2), ([(0, 1)], (0,), animal, 3, 2), (((0, 1),), (-1,), animal, 3, 2),
        (((0, 1),), (0, 0), animal, 3, 2), (((0, 1),), (0,), animal, 3, 0), (((0, 4),), (0,), animal, 2, 2),
        (((0, 1),), (1.0,), animal, 3, 2), ((), (), animal, 3, 2), (((0, 1),), (0,), bytearray(animal), 3, 2),
        (((0, 1 << 70),), (0,), animal, 3, 2)]
    bad.append((((0,),), (2**63 - 1,), animal, 3, 1))  # a count whose sum would overflow: the Python code's
    for args in bad:
        assert majorities(*args) is None, args
    with pytest.raises(TypeError):
        majorities(((0,),), (0,), animal, 3)  # type: ignore[call-arg]


def test_the_compiled_majorities_keep_only_the_same_cards_counts() -> None:
    """The majority points kept for the last captured cards serve only that same tuple with the same
    table: equal cards in another tuple, other cards, another table or another animal count are
    counted afresh, and the boomerangs are read at every call."""
    from boomerang_rules.rl._encode import majorities

    animal = bytes([0, 0, 1, 1, 2])
    other_animal = bytes([1, 1, 0, 0, 2])
    first = ((0, 1, 2), (3, 4), ())
    assert majorities(first, (5, 0, 2), animal, 3, 2) == (5, 2, 1)
    assert majorities(first, (0, 0, 0), animal, 3, 2) == (3, 2, 0)  # the same cards, other boomerangs
    assert majorities(((0, 1, 2), (3, 4), (2, 3)), (0, 0, 0), animal, 3, 2) == (2, 1, 2)
    assert majorities(first, (0, 0, 0), other_animal, 3, 2) == (3, 2, 0)
    assert majorities(first, (0, 0, 0), bytes([0, 1, 2, 3, 4]), 5, 2) == (3, 2, 0)
    equal = tuple(seat for seat in first)  # equal cards in another tuple
    assert equal is not first and majorities(equal, (0, 0, 0), animal, 3, 2) == (3, 2, 0)
    assert majorities(((3, 4), (0, 1, 2), ()), (0, 0, 0), animal, 3, 2) == (2, 3, 0)
    assert majorities(first, (1, 1, 1), animal, 3, 1) == (4, 3, 1)
    # a refused call after a kept one: refused still, and the kept counts unharmed
    assert majorities(first, (0, -1, 0), animal, 3, 2) is None
    assert majorities(first, (0, 0, 0), animal, 3, 2) == (3, 2, 0)


def test_the_turn_and_revealed_readers_hand_what_they_do_not_read_to_the_python_reader() -> None:
    """``turn_mask`` and ``bit_masks`` (Sea Salt & Paper's drawn cards, chosen pile and revealed hands):
    the rows the plain readers give, read in C from exact types, their Python readers serving
    anything else (a list, a negative or odd int, an unknown phase, a bad index)."""
    from boomerang_rules.rl import _encode

    calls: list[str] = []

    def reader(name: str) -> Any:
        def read(state: Any) -> Any:  # the plain readers' arithmetic, for two seats
            calls.append(name)
            if name == "drawn":
                return [sum(1 << c for c in state.drawn) if k == state.turn else 0 for k in range(2)]
            if name == "pile":
                if state.phase != "crab_card":
                    return [0, 0]
                return [sum(1 << c for c in state.piles[state.crab_pile]) if k == state.turn else 0 for k in range(2)]
            if state.phase == "over" or not state.protected:
                return [0, 0]
            return [sum(1 << c for c in h) if state.protected >> k & 1 else 0 for k, h in enumerate(state.hands)]
        return read

    plan = ((reader("drawn"), 1, 15, "drawn", (2, ("keep",), None)),
            (reader("pile"), 1, 15, "piles", (2, ("crab_card",), "crab_pile")),
            (reader("revealed"), 1, 16, "hands", (2, "protected", ("over",))))
    bounds = np.zeros(0)
    index = np.array([list(range(3)) + list(range(64, 67)) + list(range(128, 131)) + list(range(192, 195))
                      + list(range(256, 259)) + list(range(320, 323))], np.intp)

    def run(**fields: Any) -> list[list[int]]:
        seen = np.empty(index.shape, np.float32)
        _encode.read_gather(plan, _Odd(**fields), 6, bounds, index, [0], seen, np.zeros((1, 1), np.int8))
        rows: list[list[int]] = np.asarray(seen, np.int64).reshape(6, 3).tolist()
        return rows

    base: dict[str, Any] = {"phase": "keep", "turn": 1, "drawn": (0, 2), "piles": ((1,), (0, 2)), "crab_pile": 1,
                            "protected": 0b10, "hands": ((0,), (1, 2))}
    empty = [0, 0, 0]
    assert run(**base) == [empty, [1, 0, 1], empty, empty, empty, [0, 1, 1]] and calls == []
    assert run(**{**base, "phase": "crab_card", "turn": 0}) == [empty, empty, [1, 0, 1], empty, empty, [0, 1, 1]]
    assert run(**{**base, "phase": "over"}) == [empty] * 6
    assert run(**{**base, "protected": 0, "turn": 2}) == [empty] * 6 and calls == []
    odd: list[tuple[dict[str, Any], list[str]]] = [
        ({"drawn": [0, 2]}, ["drawn"]), ({"turn": _Int(1)}, ["drawn"]), ({"turn": -1}, ["drawn"]),
        ({"phase": _Str("keep")}, ["drawn", "pile", "revealed"]), ({"hands": [(0,), (1, 2)]}, ["revealed"]),
        ({"protected": -2}, ["revealed"]), ({"hands": ((0,), (1, _Int(2)))}, ["revealed"])]
    for change, called in odd:
        calls.clear()
        state = {**base, **change}
        plain = [[r >> c & 1 for c in range(3)] for read, *_ in plan for r in read(_Odd(**state))]
        calls.clear()
        assert run(**state) == plain and calls == called, change
    calls.clear()
    pile = {**base, "phase": "crab_card", "crab_pile": -1}  # Python's index from the end: its reader's
    assert run(**pile)[3] == [1, 0, 1] and calls == ["pile"]
    calls.clear()
    with pytest.raises(IndexError):
        run(**{**base, "phase": "crab_card", "crab_pile": 2})
    assert calls == ["pile"]
    with pytest.raises(ValueError, match="past its columns"):  # a card past the row's 64 columns
        run(**{**base, "hands": ((0,), (1, 64))})


def test_the_lead_and_majorities_readers_hand_what_they_do_not_read_to_the_python_reader() -> None:
    """``lead`` and ``majorities`` (Boomerang (2010)'s turn and totals): the values the plain readers
    give, read in C from exact types, their Python readers serving anything else (a list, a negative
    or too large seat, an odd int, an unknown phase, a card past the animals, a count below 0)."""
    from boomerang_rules.rl import _encode

    calls: list[str] = []
    animal = bytes([0, 0, 1, 1, 2])

    def reader(name: str) -> Any:
        def read(state: Any) -> Any:  # the plain readers' arithmetic, for three seats
            calls.append(name)
            if name == "turn":
                return [int(k == state.active[0]) for k in range(3)] if state.phase == "hunt" and state.active \
                    else [0, 0, 0]
            counts = [[sum(1 for c in cards if animal[c] == a) for a in range(3)] for cards in state.captured]
            leads = [max(seat[a] for seat in counts) for a in range(3)]
            return [sum(n for n, lead in zip(seat, leads) if n == lead) + held // 2
                    for seat, held in zip(counts, state.boomerangs)]
        return read

    plan = ((reader("turn"), 0, 17, "active", (3, ("hunt",))),
            (reader("totals"), 0, 18, "captured", (3, "boomerangs", animal, 3, 2)))
    bounds = np.ones(6)
    index = np.array([list(range(6))], np.intp)

    def run(**fields: Any) -> list[int]:
        seen = np.empty(index.shape, np.float32)
        _encode.read_gather(plan, _Odd(**fields), 0, bounds, index, [0], seen, np.zeros((1, 1), np.int8))
        return [int(x) for x in seen[0]]

    base: dict[str, Any] = {"phase": "hunt", "active": (2, 0), "captured": ((0, 1, 2), (3, 4), ()),
                            "boomerangs": (5, 0, 2)}
    assert run(**base) == [0, 0, 1, 2 + 1 + 2, 1 + 1, 1] and calls == []
    assert run(**{**base, "phase": "tokens"})[:3] == [0, 0, 0] and calls == []
    assert run(**{**base, "active": ()})[:3] == [0, 0, 0] and calls == []
    odd: list[tuple[dict[str, Any], list[str]]] = [
        ({"active": [2, 0]}, ["turn"]), ({"active": (_Int(2),)}, ["turn"]), ({"active": (3,)}, ["turn"]),
        ({"phase": _Str("hunt")}, ["turn"]), ({"phase": 1}, ["turn"]), ({"captured": [(0,), (3,), ()]}, ["totals"]),
        ({"captured": ((0, 5), (3,), ())}, ["totals"]), ({"captured": ((0,), (_Int(3),), ())}, ["totals"]),
        ({"boomerangs": (5, -1, 2)}, ["totals"]), ({"boomerangs": [5, 0, 2]}, ["totals"]),
        ({"captured": ((0,), (3,))}, ["totals"])]
    for change, called in odd:
        calls.clear()
        state = {**base, **change}
        try:
            plain = [v for read, *_ in plan for v in read(_Odd(**state))]
        except (IndexError, TypeError):
            plain = None
        calls.clear()
        if plain is None or len(plain) != 6:  # the plain reader's own error, or values past the plan
            with pytest.raises((IndexError, TypeError, ValueError)):
                run(**state)
        else:
            assert run(**state) == plain, change
        assert calls == called, change
    calls.clear()
    assert run(**{**base, "active": (-1,)})[:3] == [0, 0, 0] and calls == ["turn"]  # the plain reader's own reading


class _Str(str):
    pass


def test_the_compiled_encoders_source_names_its_reference_where_it_is_defined() -> None:
    """``_encode.c`` says which Python it compiles (``rl/australia_layout.py's encode_plain``,
    ``encoding.Encoder``): each name it gives of an rl module must be defined in that module's file,
    not one that only imports it (``encode_plain`` and ``_Layout`` moved to ``australia_layout``, the
    comments kept naming ``rl/australia.py``)."""
    here = Path(__file__).resolve().parents[1] / "src" / "boomerang_rules" / "rl"  # the checkout's source: an
    source = (here / "_encode.c").read_text(encoding="utf-8")  # installed package holds no C
    modules = {path.stem for path in here.glob("*.py")}
    named = [(m, name) for m, name in re.findall(r"\b(\w+)(?:\.py's |\.)(_?[A-Za-z]\w*)\b", source)
             if m in modules and name != "py"]
    assert ("australia_layout", "encode_plain") in named
    for module, name in named:
        text = (here / f"{module}.py").read_text(encoding="utf-8")
        assert re.search(rf"(?m)^(?:def|class) {name}\b|^{name}\b.*=", text), f"{module}.{name}"


class _Acquired:
    """An array whose buffer, as it is acquired (``__buffer__``, Python 3.12 on), first runs ``then``."""

    def __init__(self, array: Any, then: Any) -> None:
        self.array, self.then = array, then

    def __buffer__(self, flags: int) -> memoryview:
        self.then()
        return memoryview(self.array)

    def __release_buffer__(self, view: memoryview) -> None:
        view.release()


@pytest.mark.skipif(sys.version_info < (3, 12), reason="Python code runs as a buffer is acquired through "
                                                        "__buffer__, Python 3.12 on")
@pytest.mark.parametrize("rules_id", ["sea-salt-paper", "boomerang-2010"])
def test_python_run_as_a_buffer_is_acquired_moves_nothing_being_read(rules_id: str) -> None:
    """The compiled readers acquire the caller's buffers once the values are read: an object whose
    ``__buffer__`` read another state through the encoder wrote that state's values over them (the
    observation written was the other state's), one that grew the values' buffer (a larger ``gather``)
    left the call reading freed memory, and one that emptied the masks list had the mask rows read
    past its end (a segmentation fault). Now the values are held until written: a reading re-entered
    is ``Unserved`` (the encoder then reads plainly), and masks changed a ``ValueError``."""
    from boomerang_rules.rl import _encode, encoding

    rules = br.load_rules(rules_id)
    states = list(random_states(rules, 3, 5))
    state, other = states[len(states) // 4], states[len(states) // 2]
    encoder = encoding.encoder_for(rules, 3)
    plain = encoder.encode_plain(state)
    assert not np.array_equal(plain[0], encoder.encode_plain(other)[0])

    def read_gather(bounds: Any, masks: list[int]) -> tuple[Any, Any]:
        observations = np.zeros((3, encoder.size), np.float32)
        rows = np.zeros((3, encoder.num_actions), np.int8)
        _encode.read_gather(encoder._plan, state, encoder._words, bounds, encoder._runs, masks, observations, rows)
        return observations, rows

    observations, rows = read_gather(_Acquired(encoder._bounds, lambda: encoder.encode(other)), encoder.masks(state))
    assert np.array_equal(observations, plain[0]) and np.array_equal(rows, plain[1])
    masks = encoder.masks(state)
    with pytest.raises(ValueError, match="masks changed while the buffers were acquired"):
        read_gather(_Acquired(encoder._bounds, masks.clear), masks)

    def buffer(self: Any, flags: int) -> Any:
        if not reads:
            reads.append(encoder.encode(other))
        return np.ndarray.__buffer__(self, flags)

    # an array whose buffer reads ``other`` first, once: what ``read_seats`` writes each seat's into
    Array = type("Array", (np.ndarray,), {"__buffer__": buffer})
    reads: list[Any] = []
    zeros = np.zeros(encoder.num_actions, np.int8).view(Array)
    names = ("a", "b", "c")
    dicts = _encode.read_seats(encoder._plan, state, encoder._words, encoder._bounds, encoder._seat_runs,
                               encoder.masks(state), names, "o", zeros,
                               lambda: np.empty(encoder.size, np.float32).view(Array),
                               lambda: np.zeros(encoder.num_actions, np.int8).view(Array))
    assert reads and all(np.array_equal(dicts[n]["o"], plain[0][i]) for i, n in enumerate(names))

    def grow() -> None:  # a gather of more values than the call's: the values' buffer reallocated
        size = 64 + 5000
        _encode.gather([0] + [1] * 5000, 1, np.ones(5000), np.arange(size, dtype=np.intp), [1],
                       np.zeros(size, np.float32), np.zeros(4, np.int8))

    with pytest.raises(_encode.Unserved, match="called while a state is being read"):
        _encode.gather([2**64 - 1, 3], 1, _Acquired(np.ones(1), grow), np.arange(65, dtype=np.intp), [1],
                       np.zeros(65, np.float32), np.zeros(4, np.int8))
