"""The arrays a caller hands the batched engines: the compiled kernels index them without bounds
checks, so every public function that passes a caller's array to one checks its type, shape and
layout first (``batch.common``: ``generator_states``, ``out_array``, ``observation_buffers``) and
refuses by name, writing nothing; and the refusals quote what was given. Every engine: Australia's,
Sea Salt & Paper's, Boomerang (2010)'s and the plain one's (``generic``)."""

from __future__ import annotations

import copy
import importlib
import re
from typing import Any

import numpy as np
import pytest

import boomerang_rules as br
from boomerang_rules import batch, rl
from boomerang_rules.batch import australia, boomerang2010, generic, seasaltpaper
from boomerang_rules.rl.australia import observation_spec as australia_spec
from boomerang_rules.rl.vector import _OFFSETS as AUSTRALIA_SLICES

ENGINES = {"standard": australia, "sea-salt-paper": seasaltpaper, "boomerang-2010": boomerang2010,
           "sea-salt-paper-extra-salt": generic}
"""A ruleset each engine serves (Extra Salt: no kernel plays it, so the plain engine does)."""

BATCHED = [(info.id, n) for info in br.list_rules() if batch.serving(br.load_rules(info.id)) is not generic
           for n in range(br.load_rules(info.id).players.min, br.load_rules(info.id).players.max + 1)]
"""Every shipped ruleset a compiled kernel plays, at every player count."""


def _batch(rules_id: str, games: int = 3) -> Any:
    b = batch.init(br.load_rules(rules_id), 3, games, 7)
    assert batch.serving(b.rules) is ENGINES[rules_id]
    return b


@pytest.mark.parametrize("rules_id", ENGINES)
def test_the_samplers_states_must_be_one_uint64_a_game_and_writeable(rules_id: str) -> None:
    b = _batch(rules_id)
    good = batch.sampler(b.games, 1)
    short = batch.sampler(1, 1)
    wrong: list[tuple[object, type[Exception], str]] = [
        (short, ValueError, r"shape \(3,\)"),  # once read and advanced past its end: heap corruption
        (batch.sampler(4, 1), ValueError, r"shape \(3,\)"),
        (good.astype(np.int64), TypeError, "uint64"),
        (good.astype(np.float64), TypeError, "uint64"),
        (good.tolist(), TypeError, "numpy array"),
        (np.repeat(good, 2)[::2], ValueError, "C-contiguous"),
    ]
    frozen = good.copy()
    frozen.flags.writeable = False
    wrong.append((frozen, ValueError, "writeable"))
    for states, error, words in wrong:
        before = np.array(states, copy=True)
        with pytest.raises(error, match=words):
            batch.sample_actions(b, states)  # type: ignore[arg-type]
        assert np.array_equal(np.asarray(states), before)  # nothing advanced
    drawn = batch.sample_actions(b, good)
    assert drawn.shape[0] == b.games
    assert not np.array_equal(good, batch.sampler(b.games, 1))  # the right states are advanced


def test_australias_sample_out_must_be_its_shape_and_int64() -> None:
    b = _batch("standard")
    states = batch.sampler(b.games, 1)
    outs: list[Any] = [np.empty((1, 3), np.int64), np.empty((3, 3), np.int32), np.empty((3, 3, 1), np.int64)]
    for out in outs:
        with pytest.raises(ValueError, match=r"out must be a writeable C-contiguous int64 array of shape \(3, 3\)"):
            australia.sample_actions(b, states, out)
    out = np.full((3, 3), -7, np.int64)
    assert australia.sample_actions(b, states, out) is out
    assert (out >= 0).all()


def test_sea_salt_papers_legal_masks_out_must_be_its_shape() -> None:
    b = _batch("sea-salt-paper")
    width = seasaltpaper.num_actions(b.rules)
    bad: list[Any] = [np.zeros((2, width), np.bool_), np.zeros((3, width), np.int8),
                      np.zeros((3, width + 1), np.bool_)]
    for out in bad:
        with pytest.raises(ValueError, match="out must be a writeable C-contiguous bool array"):
            seasaltpaper.legal_masks(b, out)
    assert np.array_equal(seasaltpaper.legal_masks(b, np.ones((3, width), np.bool_)), seasaltpaper.legal_masks(b))


def _spec_widths(rules: Any, players: int, names: tuple[str, ...], spec: Any) -> list[int]:
    widths = {x.name: x.stop - x.start for x in spec(rules, players)}
    return [widths[name] for name in names]


@pytest.mark.parametrize(("rules_id", "players"), BATCHED)
def test_each_kernels_extents_are_the_slices_of_rl_observe(rules_id: str, players: int) -> None:
    """What the offsets are held to is what each slice of the observation holds: no more (a write
    could pass the slice) and no less (a good layout would be refused)."""
    rules = br.load_rules(rules_id)
    engine = batch.serving(rules)
    if engine is australia:
        t = australia.compile_rules(rules).tables
        extents = australia.k.extents(t.deck_size, t.hand_size, t.rounds, len(rules.regions),
                                      len(t.activity_kinds), players)
        assert list(extents) == _spec_widths(rules, players, AUSTRALIA_SLICES, australia_spec)
    else:
        ti = engine.compile_rules(rules).ti if engine is boomerang2010 else engine.compile_rules(rules).scalars(players)
        k = engine.k
        extents = (k.extents(int(ti[k.T_N]), int(ti[k.T_LANDS]), players) if engine is boomerang2010
                   else k.extents(int(ti[k.T_N]), players))
        assert list(extents) == _spec_widths(rules, players, engine.OBSERVATION_SLICES, rl.observation_spec)


def _offsets(rules: Any, players: int, names: tuple[str, ...], spec: Any) -> np.ndarray[Any, Any]:
    starts = {x.name: x.start for x in spec(rules, players)}
    return np.array([starts[name] for name in names], np.int64)


@pytest.mark.parametrize("engine", [seasaltpaper, boomerang2010], ids=["sea-salt-paper", "boomerang-2010"])
def test_observe_into_refuses_buffers_its_kernel_would_write_past(engine: Any) -> None:
    rules_id = "sea-salt-paper" if engine is seasaltpaper else "boomerang-2010"
    b = _batch(rules_id)
    size = rl.observation_size(b.rules, 3)
    offsets = _offsets(b.rules, 3, engine.OBSERVATION_SLICES, rl.observation_spec)
    bounds = np.ones(size, np.float64)
    good = np.zeros((3, 3, size), np.float32)
    engine.observe_into(b, offsets, bounds, good)
    assert good.any()
    late = offsets.copy()
    late[-1] = size  # the last slice starting at the end: its cells past the row
    early = offsets.copy()
    early[0] = -1
    cases: list[tuple[Any, Any, Any, str]] = [
        (late, bounds, good, rf"offsets\[{len(offsets) - 1}\] = {size}"),
        (early, bounds, good, r"offsets\[0\] = -1"),
        (offsets[:-1], bounds, good, "one a slice"),
        (offsets.astype(np.int32), bounds, good, "int64"),
        (offsets, bounds, np.zeros((3, 3, size - 1), np.float32), "lie within"),
        (offsets, bounds, np.zeros((2, 3, size), np.float32), "obs must be"),
        (offsets, bounds, np.zeros((3, 3, size), np.float64), "obs must be"),
        (offsets, bounds, np.zeros((3, 3, 2 * size), np.float32)[:, :, ::2], "obs must be"),
        (offsets, bounds[:-1], good, "bounds must be"),  # the scores' last bound read past the array
        (offsets, bounds.astype(np.float32), good, "bounds must be"),
    ]
    for bad_offsets, bad_bounds, bad_obs, words in cases:
        before = bad_obs.copy()
        with pytest.raises(ValueError, match=words):
            engine.observe_into(b, bad_offsets, bad_bounds, bad_obs)
        assert np.array_equal(bad_obs, before)
    skips: list[Any] = [np.zeros(2, np.bool_), np.zeros(3, np.int8), [False] * 3]
    for skip in skips:
        with pytest.raises(ValueError, match="skip must be a writeable C-contiguous bool array of shape"):
            engine.observe_into(b, offsets, bounds, good, skip)
    kept = np.full_like(good, 7.0)
    engine.observe_into(b, offsets, bounds, kept, np.array([False, True, False]))
    assert (kept[1] == 7.0).all() and np.array_equal(kept[[0, 2]], good[[0, 2]])  # a skipped game left as it was


def _inside(buffer: Any, start: int, like: Any) -> Any:
    """An array of ``like``'s type and values laid over ``buffer``'s memory from its cell ``start`` on."""
    at = start * buffer.itemsize
    shared = buffer.reshape(-1).view(np.uint8)[at:at + like.nbytes].view(like.dtype).reshape(like.shape)
    shared[...] = like
    return shared


@pytest.mark.parametrize("engine", [seasaltpaper, boomerang2010], ids=["sea-salt-paper", "boomerang-2010"])
def test_observe_into_refuses_arrays_that_share_memory_with_obs(engine: Any) -> None:
    """The observation kernels read ``offsets`` (checked to lie within ``obs``) at every game as they
    write ``obs``: offsets laid over ``obs``' memory were overwritten by the first game's cells and the
    next game's written past the array (a segmentation fault). Every array sharing ``obs``' memory is
    refused, writing nothing (here over a skipped game's cells, which no kernel writes)."""
    rules_id = "sea-salt-paper" if engine is seasaltpaper else "boomerang-2010"
    b = _batch(rules_id)
    size = rl.observation_size(b.rules, 3)
    offsets = _offsets(b.rules, 3, engine.OBSERVATION_SLICES, rl.observation_spec)
    bounds = np.ones(size, np.float64)
    skip = np.array([False, False, True])
    memo = engine.observation_memo(3, 3)
    for name in ("offsets", "bounds", "skip", "memo"):
        obs = np.zeros((3, 3, size), np.float32)
        given = {"offsets": offsets, "bounds": bounds, "skip": skip, "memo": memo}
        given[name] = _inside(obs, 2 * 3 * size, given[name])  # over game 2's cells
        before = obs.copy()
        with pytest.raises(ValueError, match=rf"^{name} and obs share memory: "):
            engine.observe_into(b, given["offsets"], given["bounds"], obs, given["skip"], given["memo"])
        assert np.array_equal(obs, before), name


def test_australias_sampling_refuses_an_out_that_shares_memory_with_the_states() -> None:
    """``sample_actions`` reads each game's generator state as it writes the actions (Australia's alone
    takes an ``out``): an ``out`` laid over the states wrote ids into the states still to be read.
    Refused, the states left as they were."""
    b = _batch("standard")
    out = np.zeros((b.games, 3), np.int64)
    states = _inside(out, 0, batch.sampler(b.games, 5))
    kept = states.copy()
    with pytest.raises(ValueError, match=r"^states and out share memory: "):
        australia.sample_actions(b, states, out)
    assert np.array_equal(states, kept)


@pytest.mark.parametrize("engine", [seasaltpaper, boomerang2010], ids=["sea-salt-paper", "boomerang-2010"])
def test_an_observation_memo_must_be_its_shape_and_stray_bits_write_nothing_outside(engine: Any) -> None:
    """A memo of the wrong shape or type is refused, writing nothing; one holding bits past the deck
    (a caller's garbage) changes only cells of the observation, never memory past it."""
    rules_id = "sea-salt-paper" if engine is seasaltpaper else "boomerang-2010"
    b = _batch(rules_id)
    size = rl.observation_size(b.rules, 3)
    offsets = _offsets(b.rules, 3, engine.OBSERVATION_SLICES, rl.observation_spec)
    bounds = np.ones(size, np.float64)
    memo = engine.observation_memo(3, 3)
    assert memo.dtype == np.uint64 and memo.shape[:2] == (3, 3) and not memo.any()
    bad: list[Any] = [memo[:2], memo.astype(np.int64), memo[:, :, :-1].copy(), memo.tolist()]
    obs = np.zeros((3, 3, size), np.float32)
    for wrong in bad:
        with pytest.raises(ValueError, match="memo must be a writeable C-contiguous uint64 array of shape"):
            engine.observe_into(b, offsets, bounds, obs, None, wrong)
    assert not obs.any()
    guarded = np.full(obs.size + 64, 9.0, np.float32)
    inside = guarded[:obs.size].reshape(obs.shape)
    inside[:] = 0.0
    stray = np.full_like(memo, np.iinfo(np.uint64).max)
    engine.observe_into(b, offsets, bounds, inside, None, stray)
    assert (guarded[obs.size:] == 9.0).all()
    assert set(np.unique(inside[inside > 1.0])) == set()  # every cell written is a bit or a scaled number


@pytest.mark.parametrize(("rules_id", "players"), [(r, n) for r, n in BATCHED if batch.serving(br.load_rules(r))
                                                   in (seasaltpaper, boomerang2010)])
def test_observe_into_with_a_memo_writes_what_it_writes_without_at_every_step(rules_id: str, players: int) -> None:
    """The memo's path (only the cells that changed written) against every cell written afresh, at
    every step of random games to their end, finished games skipped as ``VectorEnv`` skips them;
    ``tests/test_rl_vector.py`` holds both to ``rl.observe``."""
    rules = br.load_rules(rules_id)
    engine = batch.serving(rules)
    games = 4
    b = engine.init(rules, players, games, 11 + players)
    size = rl.observation_size(rules, players)
    offsets = _offsets(rules, players, engine.OBSERVATION_SLICES, rl.observation_spec)
    bounds = np.ones(size, np.float64)
    for x in rl.observation_spec(rules, players):
        if x.bound:
            bounds[x.start:x.stop] = x.bound
    kept, memo = np.zeros((games, players, size), np.float32), engine.observation_memo(games, players)
    states = batch.sampler(games, players)
    steps = 0
    over_before = None  # the games over before the step: their observations already the last
    while True:
        engine.observe_into(b, offsets, bounds, kept, over_before, memo)
        fresh = np.full_like(kept, 5.0)
        engine.observe_into(b, offsets, bounds, fresh)
        assert np.array_equal(kept, fresh), steps
        if b.over:
            break
        over_before = np.array(b.ended, np.bool_)
        engine.step(b, engine.seat_actions(b, engine.seat_sample(b, states)))
        steps += 1
    assert steps > 50


def test_australias_observation_kernels_refuse_buffers_they_would_write_past() -> None:
    b = _batch("standard")
    rules, size = b.rules, rl.observation_size(b.rules, 3)
    offsets = _offsets(rules, 3, AUSTRALIA_SLICES, australia_spec)
    width = australia.num_actions(rules)
    obs, masks = np.zeros((3, 3, size), np.float32), np.zeros((3, 3, width), np.bool_)
    late = offsets.copy()
    late[2] = size - 1  # the rows of the hands held: (hand - 1) * cards from there
    starts: list[tuple[Any, str]] = [
        ((late, obs, masks), r"offsets\[2\]"),
        ((offsets, obs[:, :, :-1].copy(), masks), "lie within"),
        ((offsets, obs.astype(np.float64), masks), "obs must be"),
        ((offsets, obs, masks[:, :, :-1].copy()), "masks must be"),
        ((offsets, obs, masks.astype(np.int8)), "masks must be"),
    ]
    for args, words in starts:
        with pytest.raises(ValueError, match=words):
            australia.observe_start(b, *args)
    australia.observe_start(b, offsets, obs, masks)
    assert np.array_equal(masks, australia.legal_masks(b))
    actions = batch.first_legal(masks)
    rewards = np.zeros((3, 3), np.float32)
    steps: list[tuple[Any, str]] = [
        ((late, obs, masks, rewards), r"offsets\[2\]"),
        ((offsets, obs, masks, np.zeros((3, 2), np.float32)), "rewards must be"),
        ((offsets, obs, masks, np.zeros((3, 3), np.float64)), "rewards must be"),
    ]
    for args, words in steps:
        with pytest.raises(ValueError, match=words):
            australia.step_observe(b, actions, *args)
    assert b.step == 0  # nothing applied
    # what the kernel reads laid over what it writes (at the end of it): it checks the actions, then writes
    # obs, masks and rewards as it applies them, so actions over those changed after their check
    for name, over in (("actions", "obs"), ("offsets", "obs"), ("actions", "masks")):
        given: dict[str, Any] = {"actions": actions, "offsets": offsets, "obs": obs.copy(), "masks": masks.copy()}
        under, read = given[over], given[name]
        given[name] = _inside(under, under.size - read.nbytes // under.itemsize, read)
        with pytest.raises(ValueError, match=rf"^{name} and {over} share memory: "):
            australia.step_observe(b, given["actions"], given["offsets"], given["obs"], given["masks"], rewards)
    assert b.step == 0
    australia.step_observe(b, actions, offsets, obs, masks, rewards)
    assert b.step == 1


@pytest.mark.parametrize("rules_id", ENGINES)
def test_a_batch_of_no_games_is_over_from_the_start(rules_id: str) -> None:
    b = _batch(rules_id, games=0)
    assert b.games == 0
    assert b.over
    assert batch.totals(b).shape == (0, 3)
    assert batch.legal_masks(b).shape[0] == 0


@pytest.mark.parametrize("rules_id", ENGINES)
def test_an_id_past_the_int64s_is_refused_as_given(rules_id: str) -> None:
    b = _batch(rules_id)
    masks = batch.legal_masks(b)
    acts = batch.first_legal(masks).astype(np.uint64)
    acts[(1, 0) if acts.ndim == 2 else 1] = 2**64 - 1
    with pytest.raises(br.IllegalAction, match=f"game 1, seat 0: action {2**64 - 1} \\(no action\\)"):
        batch.step(b, acts)
    assert np.array_equal(batch.legal_masks(b), masks)  # nothing applied


@pytest.mark.parametrize("rules_id", ENGINES)
@pytest.mark.parametrize("outside", [2**64, 2**63 + 1, -2**63 - 1, 10**30])
def test_a_python_int_past_the_int64s_is_refused_as_given(rules_id: str, outside: int) -> None:
    """A list of Python ints, one no int64 holds, which numpy makes an array of floats (2**63 + 1
    beside small ids, rounded) or of objects: refused as an illegal action quoting the id given,
    not as a list of "float64" or "object" ids; a float among the ids stays a TypeError."""
    b = _batch(rules_id)
    masks = batch.legal_masks(b)
    acts = batch.first_legal(masks).tolist()
    row = acts[1] if isinstance(acts[1], list) else acts
    row[0 if row is acts[1] else 1] = outside
    with pytest.raises(br.IllegalAction, match=f"game 1, seat 0: action {outside} \\(no action\\)"):
        batch.step(b, acts)
    assert np.array_equal(batch.legal_masks(b), masks)  # nothing applied
    row[0 if row is acts[1] else 1] = 1.0
    with pytest.raises(TypeError, match="integer action ids, not float64"):
        batch.step(b, acts)


@pytest.mark.parametrize("rules_id", ENGINES)
def test_a_bool_among_integer_ids_is_refused_as_bools_are(rules_id: str) -> None:
    """A bool is no action id: an array of them was refused, and the plain engine refuses one
    (``br.step(state, [True, ...])``), but a list of ids with a bool among them, which numpy makes an
    int64 array, was applied as id 1 (or 0). Refused as the array of bools is, nothing applied."""
    b = _batch(rules_id)
    masks = batch.legal_masks(b)
    acts = batch.sample_actions(b, batch.sampler(b.games, 3)).tolist()
    for odd in (True, np.True_, False):
        given = copy.deepcopy(acts)
        row = given[1] if isinstance(given[1], list) else given
        row[row.index(max(row))] = odd
        with pytest.raises(TypeError, match=r"^actions must be integer action ids, not bool$"):
            batch.step(b, given)
        assert np.array_equal(batch.legal_masks(b), masks)  # nothing applied
    batch.step(b, acts)


@pytest.mark.parametrize("rules_id", ENGINES)
def test_every_engine_refuses_an_illegal_action_in_the_same_words(rules_id: str) -> None:
    """Game, seat, the action's id and name, when, and the names of the legal ones: the same
    sentence from every engine, its list the seat's mask; then nothing is applied. Once the games
    are over, every engine's ``step`` and ``sample_actions`` say so alike."""
    b = _batch(rules_id)
    masks = batch.legal_masks(b)
    acts = batch.first_legal(masks)
    row = masks[1, 0] if masks.ndim == 3 else masks[1]
    seat = 0 if masks.ndim == 3 else int(batch.to_act(b)[1])
    wrong = int(np.flatnonzero(~row)[0])
    acts[(1, 0) if acts.ndim == 2 else 1] = wrong
    names = batch.action_names(b.rules)
    legal = ", ".join(names[i] for i in np.flatnonzero(row))
    with pytest.raises(br.IllegalAction) as refused:
        batch.step(b, acts)
    said = str(refused.value)
    assert said.startswith(f"game 1, seat {seat}: action {wrong} ({names[wrong]!r}) is not legal ")
    assert said.endswith(f"; legal: {legal}")
    assert np.array_equal(batch.legal_masks(b), masks)  # nothing applied
    over = _batch(rules_id, games=0)
    for refused_call in (lambda: batch.step(over, acts[:0]), lambda: batch.sample_actions(over, batch.sampler(0, 1))):
        with pytest.raises(br.IllegalAction, match=r"^the games are over: no decisions are owed$"):
            refused_call()


@pytest.mark.parametrize("rules_id", ENGINES)
def test_numpy_integers_are_a_player_count_and_a_seed(rules_id: str) -> None:
    """A numpy integer count or seed (as ``games`` and ``new_game``'s seed already were) is the int it
    holds: the same batch and the same playouts, in every engine; a bool or a float stays refused."""
    rules = br.load_rules(rules_id)
    plain = batch.init(rules, 3, 2, 7)
    players: Any
    seed: Any
    for players, seed in ((np.int64(3), 7), (3, np.int64(7)), (np.int8(3), np.uint64(7)), (3, np.array(7))):
        given = batch.init(rules, players, 2, seed)
        assert np.array_equal(batch.legal_masks(given), batch.legal_masks(plain))
        assert np.array_equal(batch.totals(given), batch.totals(plain))
    numpy_three: Any = np.int64(3)
    assert np.array_equal(batch.playouts(rules, numpy_three, 2, numpy_three + 4), batch.playouts(rules, 3, 2, 7))
    odd: Any
    for odd in (True, 3.0):
        with pytest.raises(TypeError, match=f"^players must be an integer, not {type(odd).__name__}$"):
            batch.init(rules, odd, 2, 7)
        with pytest.raises(TypeError, match=f"^a seed must be an integer, not {type(odd).__name__}$"):
            batch.init(rules, 3, 2, odd)


@pytest.mark.parametrize("rules_id", ENGINES)
def test_a_0d_integer_array_seeds_a_batch_as_new_game_takes_it(rules_id: str) -> None:
    """``new_game`` and every bot take a 0-d integer array for a seed (``core.rng.integer_seed``); so do
    every engine's ``init``, ``playouts`` and ``sampler``, and the vector env over them, game ``i``
    dealt as ``new_game(rules, players, seed + i)``. What ``new_game`` refuses (a bool, a float, a 0-d
    float or bool array, an array of one item) stays refused, with the batch's one message."""
    from boomerang_rules.rl.vector import VectorEnv

    rules = br.load_rules(rules_id)
    seed: Any = np.array(5)
    given = batch.init(rules, 3, 2, seed)
    assert batch.serving(given.rules) is ENGINES[rules_id]
    assert np.array_equal(batch.legal_masks(given), batch.legal_masks(batch.init(rules, 3, 2, 5)))
    played = batch.playouts(rules, 3, 2, seed)
    assert np.array_equal(played, np.concatenate([batch.playouts(rules, 3, 1, 5 + i) for i in range(2)]))
    assert np.array_equal(batch.sampler(2, seed), batch.sampler(2, 5))
    negative: Any = np.array(-3, np.int8)
    assert np.array_equal(batch.playouts(rules, 3, 2, negative), batch.playouts(rules, 3, 2, -3))
    env = VectorEnv(rules, players=3, games=2)
    first = env.reset(seed=seed)
    again = VectorEnv(rules, players=3, games=2).reset(seed=5)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    odd: Any
    for odd in (True, 5.0, np.float64(5), np.array(5.0), np.array(True), np.array([5])):
        with pytest.raises(TypeError, match=r"^seed must be an integer seed or None"):
            br.new_game(rules, 3, odd)
        calls: Any = ((batch.init, (rules, 3, 2)), (batch.playouts, (rules, 3, 2)), (batch.sampler, (2,)))
        for call, args in calls:
            with pytest.raises(TypeError, match=f"^a seed must be an integer, not {type(odd).__name__}$"):
                call(*args, odd)


def _plain_masks(state: Any, actions: int, per_seat: bool) -> Any:
    """``legal_masks``' row of one game read off the plain engine's ``state``: a row a seat, or the seat to act's."""
    rows = np.array([[bool(br.legal_mask(state, seat) >> a & 1) for a in range(actions)]
                     for seat in range(state.players)])
    return rows if per_seat else rows[br.to_act(state)[0]]


@pytest.mark.parametrize("rules_id", ENGINES)
def test_a_seed_new_game_refuses_is_refused_by_every_engine(rules_id: str) -> None:
    """Game ``i`` is ``new_game(rules, players, seed + i)``, which refuses a seed of more digits than a
    record can hold: so does every engine, for any game of the batch, as the plain one (``generic``,
    through ``new_game``) did while the compiled ones dealt from the seed modulo 2**64. The longest
    seeds new_game takes, negative ones alike, are dealt as it deals them."""
    rules = br.load_rules(rules_id)
    longest = 10**4300 - 1
    for seed, games in ((10**5000, 1), (-(10**4300), 1), (longest, 2)):  # the last: game 1's seed, 10**4300
        digits = r"5001" if seed == 10**5000 else r"4301"
        refused = rf"^seed must have at most 4300 digits \(a record keeps it, as JSON\), not {digits} digits$"
        with pytest.raises(ValueError, match=refused):
            batch.playouts(rules, 3, games, seed)
        with pytest.raises(ValueError, match=refused):
            batch.init(rules, 3, games, seed)
        with pytest.raises(ValueError, match=refused):
            batch.sampler(games, seed)
    for seed in (longest, -longest):
        b = batch.init(rules, 3, 1, seed)
        masks = batch.legal_masks(b)
        assert np.array_equal(masks[0], _plain_masks(br.new_game(rules, 3, seed), masks.shape[-1], masks.ndim == 3))
        assert batch.playouts(rules, 3, 1, seed).shape == (1, 3) and batch.sampler(1, seed).shape == (1,)


def _fields(b: Any) -> dict[str, Any]:
    """Every public field of a batch a user can read (not its methods)."""
    return {name: getattr(b, name) for name in dir(b) if not name.startswith("_") and not callable(getattr(b, name))}


def _own_arrays(b: Any) -> list[np.ndarray[Any, Any]]:
    """The arrays a batch keeps its games in (its private slots): what its engine writes and reads."""
    slots = [name for cls in type(b).__mro__ for name in getattr(cls, "__slots__", ())]
    return [value for name in slots if isinstance(value := getattr(b, name, None), np.ndarray)]


@pytest.mark.parametrize("rules_id", ENGINES)
def test_what_a_user_reads_of_a_batch_is_read_only(rules_id: str) -> None:
    """Every array a batch shows of its own is a view no one can write through or make writeable
    again (a field made afresh, such as ``ended``, is the caller's), and no field can be assigned: the
    kernels trust them unchecked (a mask set by hand let ``step`` apply an action no rule allows, a
    turn or count set by hand would index past the arrays). Reading costs the step nothing: the
    engines use the private fields."""
    b = _batch(rules_id)
    own = _own_arrays(b)
    shown = {name: value for name, value in _fields(b).items()
             if isinstance(value, np.ndarray) and any(np.shares_memory(value, mine) for mine in own)}
    assert "totals" in shown and ("masks" in shown) == (rules_id in ("sea-salt-paper", "boomerang-2010"))
    for name, value in shown.items():
        assert not value.flags.writeable, name
        with pytest.raises(ValueError, match="read-only"):
            value[...] = 1
        with pytest.raises(ValueError, match="WRITEABLE"):
            value.flags.writeable = True
    for name, value in _fields(b).items():
        if not isinstance(getattr(type(b), name, None), property):
            with pytest.raises(AttributeError, match=f"{name}'? is read-only"):
                setattr(b, name, value)
    masks = batch.legal_masks(b)
    acts = batch.first_legal(masks)
    row = masks[1, 0] if masks.ndim == 3 else masks[1]
    acts[(1, 0) if acts.ndim == 2 else 1] = int(np.flatnonzero(~row)[0])
    with pytest.raises(br.IllegalAction):
        batch.step(b, acts)
    assert np.array_equal(batch.legal_masks(b), masks)


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_rulesets_compiled_tables_are_read_only(rules_id: str) -> None:
    """``compile_rules``' tables (also ``batch.compiled``'s) are read-only views: every batch of the
    ruleset shares them (cached), and the kernels index by them unchecked, so a deck size or mask
    written by hand there reached every batch dealt after."""
    rules = br.load_rules(rules_id)
    compiled = batch.compile_rules(rules)
    assert _batch(rules_id).compiled is compiled
    tables = [compiled.ti, *getattr(compiled, "sc", ()), *([compiled.tm] if hasattr(compiled, "tm") else [])]
    assert len(tables) >= 2
    for table in tables:
        assert not table.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            table[...] = 0
        with pytest.raises(ValueError, match="WRITEABLE"):
            table.flags.writeable = True
    assert np.array_equal(batch.playouts(rules, 3, 4, 2), batch.playouts(rules, 3, 4, 2))


@pytest.mark.parametrize("rules_id", ENGINES)
def test_a_copy_of_a_batch_shares_nothing_with_it(rules_id: str) -> None:
    """``copy.copy`` of a batch is a whole one: a shallow copy shared the arrays but not the counts
    (Australia's round and step, the live games), so stepping either broke both."""
    b = _batch(rules_id, games=4)
    states = batch.sampler(4, 3)
    batch.step(b, batch.sample_actions(b, states))
    twin, deep = copy.copy(b), copy.deepcopy(b)
    twin_states = states.copy()
    masks, totals = batch.legal_masks(b), batch.totals(b)
    while not b.over:
        batch.step(b, batch.sample_actions(b, states))
    assert np.array_equal(batch.legal_masks(twin), masks) and np.array_equal(batch.totals(twin), totals)
    while not twin.over:
        acts = batch.sample_actions(twin, twin_states)
        assert np.array_equal(batch.legal_masks(twin), batch.legal_masks(deep))
        batch.step(twin, acts)
        batch.step(deep, acts)
    assert np.array_equal(batch.totals(twin), batch.totals(b)) and np.array_equal(batch.totals(deep), batch.totals(b))


@pytest.mark.parametrize("rules_id", ENGINES)
def test_playouts_refuse_a_policy_or_flag_of_another_type_alike(rules_id: str) -> None:
    """A policy that is no name is an unknown policy in every engine (Australia's and Boomerang
    (2010)'s said ``unhashable type: 'list'``), and ``return_actions`` must be a bool (numpy's too): a
    kernel given ``1`` or ``None`` was compiled again for it (25 s) and took it as a flag."""
    rules = br.load_rules(rules_id)
    odd: Any
    for odd in (["random"], {"random": 0}):
        with pytest.raises(ValueError, match=r"^unknown policy "):
            batch.playouts(rules, 3, 2, 1, policy=odd)
    for odd in (1, None, "yes", np.int64(1)):
        with pytest.raises(TypeError, match=f"^return_actions must be True or False, not {re.escape(repr(odd))}"):
            batch.playouts(rules, 3, 2, 1, return_actions=odd)
    numpy_true: Any = np.bool_(True)
    totals, _ = batch.playouts(rules, 3, 2, 1, return_actions=numpy_true)
    assert np.array_equal(totals, batch.playouts(rules, 3, 2, 1))


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_actions_of_any_layout_compile_no_second_kernel(rules_id: str) -> None:
    """numba compiles a kernel apart for each layout of an array (read-only, strided, Fortran-ordered):
    every compiled engine's ``step`` given ``sample_actions``' ids in such an array (a replay buffer's
    read-only rows, a column slice of a wider table) copies them rather than compile its kernels again
    (Australia's ``check`` and ``step``, 11 s for a read-only array, 14 s for a strided one, as Sea Salt
    & Paper's did), and plays the same step."""
    module = {"standard": "_kernels", "sea-salt-paper": "_ssp_kernels", "boomerang-2010": "_b2010_kernels"}[rules_id]
    kernels = importlib.import_module(f"boomerang_rules.batch.{module}")
    reference = _batch(rules_id)
    states = batch.sampler(reference.games, 4)
    batch.step(reference, batch.sample_actions(reference, states))
    compiled = {name: len(getattr(kernels, name).signatures) for name in ("check", "step") if hasattr(kernels, name)}
    actions = batch.sample_actions(reference, states)
    batch.step(reference, actions.copy())

    def read_only(ids: Any) -> Any:
        ids = ids.copy()
        ids.flags.writeable = False
        return ids

    def strided(ids: Any) -> Any:
        wide = np.zeros(ids.shape[:-1] + (2 * ids.shape[-1],), np.int64)
        wide[..., ::2] = ids
        return wide[..., ::2]

    for layout in (read_only, strided, np.asfortranarray):
        b = _batch(rules_id)
        batch.step(b, batch.sample_actions(b, batch.sampler(b.games, 4)))
        given = layout(actions)
        assert given.dtype == np.int64 and (layout is np.asfortranarray or not given.flags.c_contiguous
                                            or not given.flags.writeable)
        batch.step(b, given)
        assert np.array_equal(batch.totals(b), batch.totals(reference)) and np.array_equal(
            batch.legal_masks(b), batch.legal_masks(reference)), layout
        assert {name: len(getattr(kernels, name).signatures) for name in compiled} == compiled, layout.__name__


def test_australias_observation_kernels_refuse_two_outputs_that_share_memory() -> None:
    """``observe_start`` writes ``obs`` and ``masks``, ``step_observe`` those and ``rewards``: two of them
    laid over one buffer were each written over the other (the rewards over the last game's observation,
    which ``step_observe``, writing only what changed, never wrote again: a stale observation). Refused
    as a read array over a written one is, in the same words, nothing written or applied."""
    b = _batch("standard")
    size = rl.observation_size(b.rules, 3)
    offsets = _offsets(b.rules, 3, AUSTRALIA_SLICES, australia_spec)
    width = australia.num_actions(b.rules)
    obs, masks = np.zeros((3, 3, size), np.float32), np.zeros((3, 3, width), np.bool_)
    over_obs = _inside(obs, obs.size - -(-masks.nbytes // obs.itemsize), masks)
    with pytest.raises(ValueError, match=r"^masks and obs share memory: a kernel writes both, one over the other "):
        australia.observe_start(b, offsets, obs, over_obs)
    assert not obs.any()
    australia.observe_start(b, offsets, obs, masks)
    actions = batch.first_legal(masks)
    rewards = np.zeros((3, 3), np.float32)
    for laid, under, (first, second) in (("rewards", "masks", ("masks", "rewards")), ("masks", "obs", ("masks", "obs")),
                                         ("rewards", "obs", ("rewards", "obs"))):
        given: dict[str, Any] = {"obs": obs.copy(), "masks": masks.copy(), "rewards": rewards.copy()}
        given[laid] = _inside(given[under], given[under].size - -(-given[laid].nbytes // given[under].itemsize),
                              given[laid])
        kept = {name: array.copy() for name, array in given.items()}
        with pytest.raises(ValueError, match=rf"^{first} and {second} share memory: a kernel writes both, "):
            australia.step_observe(b, actions, offsets, given["obs"], given["masks"], given["rewards"])
        assert all(np.array_equal(given[name], kept[name]) for name in given), (first, second)
    assert b.step == 0  # nothing applied
    australia.step_observe(b, actions, offsets, obs, masks, rewards)
    assert b.step == 1


@pytest.mark.parametrize("rules_id", ENGINES)
def test_step_reads_a_typed_buffer_of_ids_as_the_array_it_is(rules_id: str) -> None:
    """A ``memoryview`` or an ``array.array`` of ids is read as numpy reads it, an array of its item type,
    checked as an array is: integer ids applied as the array's, float ones a ``TypeError`` naming the
    dtype. A string or a byte string is refused as the plain engine's ``step`` refuses it: numpy read a
    ``bytearray`` as uint8 ids, one a byte, which the one-seat engines applied."""
    import array

    reference = _batch(rules_id)
    ids = np.ascontiguousarray(batch.sample_actions(reference, batch.sampler(reference.games, 2)))
    batch.step(reference, ids)
    flat = array.array("q", ids.reshape(-1).tolist())
    given: list[Any] = [ids.copy().data, ids.astype(np.int32).data, memoryview(flat).cast("B").cast("q", ids.shape)]
    if ids.ndim == 1:
        given.append(flat)
    for buffer in given:
        b = _batch(rules_id)
        batch.step(b, buffer)
        assert np.array_equal(batch.totals(b), batch.totals(reference))
        assert np.array_equal(batch.legal_masks(b), batch.legal_masks(reference))
    b = _batch(rules_id)
    masks = batch.legal_masks(b)
    with pytest.raises(TypeError, match=r"^actions must be integer action ids, not float64$"):
        batch.step(b, ids.astype(np.float64).data)
    for odd in (bytearray(ids.astype(np.uint8).tobytes()), ids.astype(np.uint8).tobytes(), "\x00" * ids.size):
        with pytest.raises(TypeError, match=rf"^actions must be integer action ids, not {type(odd).__name__}$"):
            batch.step(b, odd)
    assert np.array_equal(batch.legal_masks(b), masks)  # nothing applied
