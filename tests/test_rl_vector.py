"""The vector env over the batched engine observes what ``observe`` observes, game by game."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

import boomerang_rules as br

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from boomerang_rules import batch as engine  # noqa: E402
from boomerang_rules import rl  # noqa: E402
from boomerang_rules.batch import GAME, generic  # noqa: E402
from boomerang_rules.boomerang2010 import rules as b10_rules  # noqa: E402
from boomerang_rules.core.games import GAMES  # noqa: E402
from boomerang_rules.core.loading import rules_from_data  # noqa: E402
from boomerang_rules.rl.vector import DEFAULT_MAX_STEPS, VectorEnv  # noqa: E402

from .helpers import deck_of, ssp_to_1000  # noqa: E402

AUSTRALIA = [info.id for info in br.list_rules() if info.game == GAME]


def _b10_doubled() -> Any:
    """Boomerang (2010) with every card twice (108): past the kernels' 64-bit masks, so the plain engine serves."""
    data = br.rules_data(br.load_rules("boomerang-2010"))
    data["cards"] = [{**card, "id": f"{card['id']}{copy or ''}"} for copy in range(2) for card in data["cards"]]
    data["id"] = "boomerang-2010-doubled"
    made = rules_from_data(data)
    assert isinstance(made, b10_rules.Ruleset)
    return made


BUILT = {"standard-70": lambda: deck_of(br.load_rules("standard"), 70), "boomerang-2010-doubled": _b10_doubled}
"""Rulesets of a deck no compiled kernel holds, made here: the plain engine serves them."""


@cache
def _rules(rules_id: str) -> Any:
    return BUILT[rules_id]() if rules_id in BUILT else br.load_rules(rules_id)


def test_every_australia_ruleset_is_covered() -> None:
    assert "standard" in AUSTRALIA and len(AUSTRALIA) >= 4


@pytest.mark.parametrize("rules_id", [*AUSTRALIA, "standard-70"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_vector_observations_masks_and_rewards_are_the_pure_engines(rules_id: str, players: int) -> None:
    """Every step of every game, both copy modes: the in-place buffers equal ``observe`` of the pure engine
    (the raw reading, totals in points), on the compiled engine and on the plain one (a 70-card deck)."""
    rules = _rules(rules_id)
    copy = players % 2 == 1
    env = VectorEnv(rules, players=players, games=3, copy=copy)
    assert env.engine == ("generic" if rules_id in BUILT else "australia")
    obs, masks = env.reset(seed=100)
    assert obs.shape == (3, players, rl.observation_size(rules, players)) and obs.dtype == np.float32
    assert obs.flags.writeable == copy and masks.flags.writeable == copy
    states = [br.new_game(rules, players, 100 + i) for i in range(3)]
    rng = np.random.default_rng(players)
    summed = np.zeros((3, players))
    done = False
    turn = 0
    while True:
        for i, state in enumerate(states):
            assert np.array_equal(obs[i], rl.observe_seats(state))
            assert np.array_equal(masks[i], rl.action_masks(state, range(players)).astype(bool))
        if done:
            break
        if turn % 2:
            actions = env.sample_actions()
            assert masks[np.arange(3)[:, None], np.arange(players), actions].all()
        else:
            actions = np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=2)
        obs, masks, rewards, done = env.step(actions)
        turn += 1
        summed += rewards
        states = [br.step(state, [int(a) for a in actions[i]]) for i, state in enumerate(states)]
    assert all(br.is_over(s) for s in states)
    expected = np.array([[sheet.total for sheet in br.score_sheets(s)] for s in states])
    assert np.array_equal(summed, expected) and np.array_equal(env.totals(), expected)


def test_copies_are_the_callers_and_views_are_overwritten() -> None:
    copied = VectorEnv(players=3, games=2, copy=True)
    viewed = VectorEnv(players=3, games=2, copy=False)
    first, _ = copied.reset(seed=7)
    view, _ = viewed.reset(seed=7)
    kept = first.copy()
    first[:] = -1.0  # the caller's own array: the env does not read it back
    actions = copied.sample_actions()
    second, _, _, _ = copied.step(actions)
    again, _, _, _ = viewed.step(actions)
    assert np.array_equal(second, again) and not np.array_equal(kept, second)
    assert np.shares_memory(again, view) and np.array_equal(view, again)  # the same buffer, overwritten
    with pytest.raises(ValueError, match="read-only"):
        view[0, 0, 0] = 1.0


def test_sample_actions_are_legal_uniform_and_seeded() -> None:
    env = VectorEnv(players=4, games=1, copy=False)
    _, masks = env.reset(seed=3)
    first = env.sample_actions()
    assert np.array_equal(first, env.sample_actions(seed=3))  # reseeded: the same draws again
    draws = np.stack([env.sample_actions() for _ in range(3500)])[:, 0]
    for seat in range(4):  # each card of the seat's hand about 1/7 of the time, nothing else
        counts = np.bincount(draws[:, seat], minlength=env.num_actions)
        legal = np.flatnonzero(masks[0, seat])
        assert counts[legal].sum() == 3500 and np.all(np.abs(counts[legal] / 3500 - 1 / len(legal)) < 0.03)
    while not masks[0, 0, -1]:  # on to the activity choice ("none", the last action, is legal there only)
        _, masks, _, _ = env.step(env.sample_actions())
    draws = np.stack([env.sample_actions() for _ in range(500)])[:, 0]
    for seat in range(4):
        assert set(np.unique(draws[:, seat])) == set(np.flatnonzero(masks[0, seat]))


def test_final_rewards_and_illegal_actions() -> None:
    env = VectorEnv(players=2, games=2, reward="final", copy=False)
    obs, masks = env.reset(seed=5)
    before = obs.copy(), masks.copy()
    with pytest.raises(br.IllegalAction, match="game 0, seat 0"):
        env.step(np.where(masks, -1.0, 1.0).argmax(axis=2))  # an illegal action for every seat
    assert np.array_equal(obs, before[0]) and np.array_equal(masks, before[1])  # nothing applied
    done = False
    total = np.zeros((2, 2))
    while not done:
        _, masks, rewards, done = env.step(masks.argmax(axis=2))
        assert done or not rewards.any()
        total += rewards
    assert np.array_equal(total, env.totals())
    with pytest.raises(br.IllegalAction, match="over"):
        env.sample_actions()
    with pytest.raises(ValueError, match="reward must be one of round, final, win, not 'margin'"):
        VectorEnv(reward="margin")
    with pytest.raises(RuntimeError, match="reset"):
        VectorEnv().sample_actions()
    with pytest.raises(ValueError, match="games must be a positive integer"):
        VectorEnv(games=0)
    with pytest.raises(ValueError, match="at its start"):  # the in-place buffers start from a new batch only
        engine.observe_start(env._batch, env._offsets, env._obs, env._masks)


def _batched(rules_id: str) -> bool:
    """Whether a batched engine plays ``rules_id`` (Extra Salt and two online readings: refused)."""
    try:
        engine.compile_rules(br.load_rules(rules_id))
    except br.RulesError:
        return False
    return True


OTHER_IDS = [info.id for info in br.list_rules() if info.game != GAME] + ["boomerang-2010-doubled"]
OTHER_GAMES = [(rules_id, n) for rules_id in OTHER_IDS
               for n in range(_rules(rules_id).players.min, _rules(rules_id).players.max + 1)]
UNBATCHED = [info.id for info in br.list_rules() if not _batched(info.id)]


@pytest.mark.parametrize("rules_id", [*UNBATCHED, *BUILT])
def test_a_ruleset_the_kernels_refuse_is_served_by_the_plain_engine(rules_id: str) -> None:
    """``batch.serving`` chooses, and ``env.engine`` says so; what no engine plays is still refused."""
    rules = _rules(rules_id)
    with pytest.raises(br.RulesError):
        engine.compile_rules(rules)
    assert engine.serving(rules) is generic
    env = VectorEnv(rules, players=rules.players.min, games=2)
    assert env.engine == "generic" and env.num_actions == br.num_actions(rules)
    assert env.observation_size == rl.observation_size(rules, rules.players.min)
    with pytest.raises(TypeError, match=r"^rules must be a loaded ruleset \(see load_rules\), not object"):
        VectorEnv(object(), players=2, games=2)  # no ruleset at all: named as the other envs name it


def test_every_ruleset_is_served_by_the_engine_batch_serving_names() -> None:
    names = {"australia", "seasaltpaper", "boomerang2010"}
    for info in br.list_rules():
        rules = br.load_rules(info.id)
        served = VectorEnv(rules, players=rules.players.min, games=1).engine
        assert served == engine.serving(rules).__name__.rsplit(".", 1)[1]
        assert (served in names) == _batched(info.id) and (served == "generic") != _batched(info.id)


def test_every_other_ruleset_is_covered() -> None:
    games = {_rules(rules_id).game for rules_id, _ in OTHER_GAMES}
    assert games == {"sea-salt-paper", "boomerang-2010"}
    assert {("sea-salt-paper-extra-salt", n) for n in (2, 3, 4)} <= set(OTHER_GAMES)
    assert {("boomerang-2010-doubled", n) for n in (3, 4, 5)} <= set(OTHER_GAMES)


def _pure_step(rules: br.Ruleset, state: object, actions: object) -> object:
    """The pure engine's step of the seats owing a decision, from a ``(players,)`` row of ids."""
    seats = br.to_act(state)
    names = engine.action_names(rules)
    if rules.game == "sea-salt-paper":  # its actions are strings; the ids are rl.seasaltpaper's
        return br.apply(state, seats[0], names[int(actions[seats[0]])])  # type: ignore[index]
    return br.step(state, [int(actions[seat]) for seat in seats])  # type: ignore[index]


@pytest.mark.parametrize(("rules_id", "players"), OTHER_GAMES)
def test_other_games_observe_what_observe_does_at_every_step(rules_id: str, players: int) -> None:
    """Every step of every game: observations equal ``rl.observe`` of the pure engine's state (so a
    change of either encoder fails here), masks its legal actions, rewards what its totals gained
    (with the first step, the totals it started at: summed, its final totals); on the compiled
    engines and on the plain one (Extra Salt, the online readings, a doubled deck)."""
    rules = _rules(rules_id)
    games = 3
    env = VectorEnv(rules, players=players, games=games, copy=players % 2 == 1)
    assert (env.engine == "generic") == (rules_id in BUILT or not _batched(rules_id))
    obs, masks = env.reset(seed=200 + players)
    assert obs.shape == (games, players, rl.observation_size(rules, players)) and obs.dtype == np.float32
    assert masks.shape == (games, players, engine.num_actions(rules))
    states = [br.new_game(rules, players, 200 + players + i) for i in range(games)]
    start = np.array([[sheet.total for sheet in br.score_sheets(s)] for s in states])
    names = engine.action_names(rules)
    rng = np.random.default_rng(players)
    summed = np.zeros((games, players))
    done = False
    turn = 0
    while True:
        for i, state in enumerate(states):
            for seat in range(players):
                assert np.array_equal(obs[i, seat], rl.observe(state, seat)), (i, seat, turn)
                assert {names[a] for a in np.flatnonzero(masks[i, seat])} == set(br.legal_actions(state, seat))
            assert env.ended[i] == br.is_over(state)
        assert np.array_equal(env.to_act, masks.any(axis=2))
        if done:
            break
        if turn % 2:
            actions = env.sample_actions()
            assert np.array_equal(actions >= 0, env.to_act)
        else:
            actions = np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=2)
        before = np.array([[sheet.total for sheet in br.score_sheets(s)] for s in states])
        obs, masks, rewards, done = env.step(actions)
        summed += rewards
        states = [s if br.is_over(s) else _pure_step(rules, s, actions[i]) for i, s in enumerate(states)]
        after = np.array([[sheet.total for sheet in br.score_sheets(s)] for s in states])
        assert np.array_equal(rewards, after - before + (start if turn == 0 else 0))
        turn += 1
    assert all(br.is_over(s) for s in states)
    expected = np.array([[sheet.total for sheet in br.score_sheets(s)] for s in states])
    assert np.array_equal(summed, expected) and np.array_equal(env.totals(), expected)


@pytest.mark.parametrize("rules_id", ["sea-salt-paper", "boomerang-2010", "sea-salt-paper-extra-salt"])
def test_other_games_final_rewards_and_refusals(rules_id: str) -> None:
    env = VectorEnv(rules_id, players=3, games=4, reward="final", copy=False)
    with pytest.raises(RuntimeError, match="reset"):
        env.to_act  # noqa: B018
    with pytest.raises(RuntimeError, match="reset"):
        env.totals()
    _, masks = env.reset(seed=9)
    before = env._obs.copy()
    with pytest.raises(br.IllegalAction, match="game 0, seat"):
        env.step(np.where(masks, -1.0, 1.0).argmax(axis=2))  # an illegal action for the seats to act
    assert np.array_equal(env._obs, before)
    with pytest.raises(ValueError, match=r"shape \(4, 3\)"):
        env.step(np.zeros((4, 2), np.int64))
    total = np.zeros((4, 3))
    done = False
    ended = env.ended
    while not done:
        _, _, rewards, done = env.step(env.sample_actions())
        now = env.ended
        assert not rewards[~(now & ~ended)].any()  # a game's totals come once, at the step it ends
        total += rewards
        ended = now
    assert np.array_equal(total, env.totals())


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
@pytest.mark.parametrize("reward", ["round", "final", "win"])
def test_the_plain_engine_serves_the_compiled_engines_arrays(rules_id: str, reward: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Served by the plain engine (forced here), an env gives the compiled one's arrays at every step:
    observations, masks, rewards, ``done``, ``ended``, ``to_act``, ``totals``; refusals alike."""
    players = 3
    compiled = VectorEnv(rules_id, players=players, games=3, reward=reward)
    monkeypatch.setattr(engine, "serving", lambda rules: generic)
    plain = VectorEnv(rules_id, players=players, games=3, reward=reward)
    assert compiled.engine != "generic" and plain.engine == "generic"
    assert (plain.observation_size, plain.num_actions) == (compiled.observation_size, compiled.num_actions)
    got: tuple[Any, ...] = plain.reset(seed=31)
    want: tuple[Any, ...] = compiled.reset(seed=31)
    rng = np.random.default_rng(31)
    done = False
    turn = 0
    while True:
        for a, b in zip(got[:3], want[:3]):  # observations, masks (and rewards)
            assert a.dtype == b.dtype and np.array_equal(a, b), turn
        assert np.array_equal(plain.ended, compiled.ended) and np.array_equal(plain.totals(), compiled.totals())
        assert np.array_equal(plain.to_act, compiled.to_act)
        if done:
            break
        masks = want[1]
        actions = np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=2)
        if turn == 1:
            with pytest.raises(br.IllegalAction, match="game 0, seat"):
                plain.step(np.where(masks, -1.0, 1.0).argmax(axis=2))
        got = plain.step(actions)
        want = compiled.step(actions)
        assert got[3] == want[3]
        done = want[3]
        turn += 1


WIN_RULESETS = ["standard", "standard-70", "sea-salt-paper", "sea-salt-paper-extra-salt", "boomerang-2010",
                "boomerang-2010-doubled"]
"""A ruleset of each game on its compiled engine and on the plain one (``"win"``'s two ways to its winners)."""


@pytest.mark.parametrize("replay", [False, True])
@pytest.mark.parametrize("rules_id", WIN_RULESETS)
def test_win_rewards_are_the_winners_of_the_plain_engine(rules_id: str, replay: bool,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """``reward="win"``, as the PettingZoo and gymnasium envs': at the step a game ends, 1.0 to every
    seat the pure engine's ``winners`` names (a shared win too, ties broken as the game breaks them),
    0.0 to the others and at every other step. ``replay``: every game's winners read from its replay
    through the plain engine, as a tie at the top is (here even a game the totals decide)."""
    rules = _rules(rules_id)
    players, games = 3, 24 if rules_id in BUILT or not _batched(rules_id) else 60
    env = VectorEnv(rules, players=players, games=games, reward="win", copy=False)
    if replay:
        monkeypatch.setattr(env, "_totals_decide", lambda top: False)
    env.reset(seed=500)
    states = [br.new_game(rules, players, 500 + i) for i in range(games)]
    wins = np.zeros((games, players))
    ties = 0
    done = False
    while not done:
        actions = env.sample_actions()
        _, _, rewards, done = env.step(actions)
        for i, state in enumerate(states):
            if br.is_over(state):
                assert not rewards[i].any()
                continue
            states[i] = after = _pure_step(rules, state, actions[i])
            won = br.winners(after) if br.is_over(after) else ()
            assert np.array_equal(rewards[i], rl.win_rewards(after)), (i, won)
            totals = [sheet.total for sheet in br.score_sheets(after)]
            ties += len(won) > 0 and totals.count(max(totals)) > 1
        wins += rewards
    assert all(br.is_over(s) for s in states) and rewards.dtype == np.float32
    assert wins.sum(axis=1).min() >= 1  # every game has a winner, paid once
    if rules_id in ("standard", "boomerang-2010"):
        assert ties  # the seeds hold a tie at the top: its tie-break decided by the game's own winners


def test_win_rewards_go_to_no_game_the_bound_cuts_short() -> None:
    env = VectorEnv("sea-salt-paper", players=2, games=4, reward="win", max_steps=3)
    _, masks = env.reset(seed=1)
    done = False
    while not done:
        _, masks, rewards, done = env.step(masks.argmax(axis=2))
        assert not rewards.any()
    assert env.truncated.all()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_extra_salt_the_same_seed_is_the_same_game(players: int) -> None:
    """Two envs reset from one seed deal and play one game (the draws of ``sample_actions`` too);
    another seed deals another; game ``i`` is ``new_game(rules, players, seed + i)``."""
    rules = br.load_rules("sea-salt-paper-extra-salt")
    one, two = (VectorEnv(rules, players=players, games=2) for _ in range(2))
    first, again = one.reset(seed=60 + players), two.reset(seed=60 + players)
    assert [np.array_equal(a, b) for a, b in zip(first, again)] == [True, True]
    dealt = br.new_game(rules, players, 61 + players)  # game 1
    assert np.array_equal(first[0][1], [rl.observe(dealt, seat) for seat in range(players)])
    assert not np.array_equal(VectorEnv(rules, players=players, games=2).reset(seed=61 + players)[0], first[0])
    done = False
    while not done:
        drawn = one.sample_actions()
        assert np.array_equal(drawn, two.sample_actions())
        a, b = one.step(drawn), two.step(drawn)
        assert all(np.array_equal(x, y) for x, y in zip(a[:3], b[:3])) and a[3] == b[3]
        done = a[3]
    assert np.array_equal(one.totals(), two.totals()) and one.ended.all()


def test_the_default_max_steps_grows_with_the_ruleset_s_longest_game(tmp_path: Any) -> None:
    """Random play to a target of 1,000 took 7,474 to 18,682 steps (12 games at each of 2, 3 and 4
    players): the fixed default of 5,000 truncated every one. The default is ``DEFAULT_MAX_STEPS`` times
    ``rl.truncation.length_scale`` (10 there); a bound given is kept as given."""
    path = ssp_to_1000(tmp_path)
    assert VectorEnv(path, players=2, games=1).max_steps == 10 * DEFAULT_MAX_STEPS
    assert VectorEnv(path, players=2, games=1, max_steps=5_000).max_steps == 5_000  # a number given is kept
    assert VectorEnv("sea-salt-paper", players=2, games=1).max_steps == DEFAULT_MAX_STEPS


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010", "sea-salt-paper-extra-salt"])
def test_max_steps_truncates_an_episode_and_names_the_games_cut_short(rules_id: str) -> None:
    """A policy that never ends a game (Sea Salt & Paper's lowest legal action: draw, keep, end the
    turn, for ever) is stopped at ``max_steps``: ``done``, the games still playing named by
    ``truncated``, and no step after it but ``reset``."""
    env = VectorEnv(rules_id, players=3, games=4, reward="final")
    assert env.max_steps == DEFAULT_MAX_STEPS
    bounded = VectorEnv(rules_id, players=3, games=4, reward="final", max_steps=5)
    _, masks = bounded.reset(seed=3)
    assert not bounded.truncated.any()
    for step in range(5):
        _, masks, rewards, done = bounded.step(masks.argmax(axis=2))  # each seat's lowest legal action
        assert done == (step == 4)
    assert bounded.truncated.tolist() == (~bounded.ended).tolist() == [True] * 4
    assert not rewards.any()  # "final": nothing to the games cut short
    with pytest.raises(RuntimeError, match=r"truncated after 5 steps \(max_steps\): call reset\(\)"):
        bounded.step(masks.argmax(axis=2))
    bounded.reset(seed=3)
    assert not bounded.truncated.any()
    free = VectorEnv(rules_id, players=3, games=2, max_steps=None)
    free.reset(seed=1)
    done = False
    while not done:
        _, _, _, done = free.step(free.sample_actions())
    assert free.ended.all() and not free.truncated.any()
    for bad in (0, -1, 2.5, True, "9"):
        with pytest.raises(ValueError, match="max_steps must be a positive integer or None"):
            VectorEnv(rules_id, players=3, games=2, max_steps=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010", "sea-salt-paper-extra-salt"])
def test_a_step_after_the_games_end_asks_for_reset_as_after_truncation(rules_id: str) -> None:
    """Once every game is over the next call must be ``reset``: a ``RuntimeError`` saying so, as after
    ``max_steps`` and in the PettingZoo and gymnasium envs (it was the engine's ``IllegalAction``, "no
    decisions are owed", which never said what to do), the env unchanged, in every game alike."""
    env = VectorEnv(rules_id, players=3, games=2)
    env.reset(seed=4)
    done = False
    while not done:
        _, _, _, done = env.step(env.sample_actions())
    totals = env.totals()
    with pytest.raises(RuntimeError, match=r"^the games are over: call reset\(\)$"):
        env.step(np.zeros((2, 3), np.int64))
    assert np.array_equal(env.totals(), totals) and env.ended.all() and not env.truncated.any()
    assert env.reset(seed=4)[1].any()  # and reset plays again


def test_the_lowest_legal_action_never_ends_sea_salt_and_paper_so_the_default_bound_does() -> None:
    env = VectorEnv("sea-salt-paper", players=2, games=2, copy=False)
    _, masks = env.reset(seed=5)
    steps, done = 0, False
    while not done:
        _, masks, _, done = env.step(masks.argmax(axis=2))
        steps += 1
    assert steps == DEFAULT_MAX_STEPS and env.truncated.all()


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010", "sea-salt-paper-extra-salt"])
def test_the_player_count_is_taken_and_refused_alike_in_every_game(rules_id: str) -> None:
    """``players`` is read as the PettingZoo and gymnasium envs read it, whatever engine serves: a
    numpy integer is its int, anything else that is no integer a ``TypeError`` naming it."""
    env = VectorEnv(rules_id, players=np.int64(3), games=2)
    assert env.players == 3 and env.players.__class__ is int
    assert env.reset(seed=1)[0].shape == (2, 3, env.observation_size)
    for odd in (3.0, True, "3"):
        with pytest.raises(TypeError, match=r"^players must be a player count \(int\), not "):
            VectorEnv(rules_id, players=odd, games=2)  # type: ignore[arg-type]


@pytest.mark.parametrize("odd", [3, None, ["standard"], {}])
def test_what_is_no_ruleset_is_refused_as_the_other_envs_refuse_it(odd: Any) -> None:
    """``rules`` that is no ruleset, id or path is a ``TypeError`` naming it, as in the PettingZoo and
    gymnasium envs (it was a ``RulesError``: "the batched engine cannot run this ruleset")."""
    from boomerang_rules.rl import pettingzoo

    with pytest.raises(TypeError, match=r"^rules must be a loaded ruleset \(see load_rules\), not ") as refused:
        VectorEnv(odd, players=3, games=2)
    with pytest.raises(TypeError) as theirs:
        pettingzoo.parallel_env(odd, players=3)
    assert str(refused.value) == str(theirs.value)


def test_copy_must_be_a_bool() -> None:
    """``copy`` chooses between fresh arrays and read-only views that the next step overwrites: anything but a
    bool is refused (``copy="no"`` gave copies and ``copy=0`` views, whatever was meant)."""
    assert VectorEnv(players=3, games=2, copy=np.bool_(False)).copy is False
    for odd in ("no", 0, 1, None):
        with pytest.raises(TypeError, match=r"^copy must be True or False, not "):
            VectorEnv(players=3, games=2, copy=odd)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010", "sea-salt-paper-extra-salt"])
@pytest.mark.parametrize("copy", [True, False])
def test_an_env_pickles_and_plays_on_as_the_original(rules_id: str, copy: bool) -> None:
    """A vector env pickles, fresh or mid-episode (Ray's workers, a multiprocess runner), as the
    PettingZoo and gymnasium envs do: the copy plays on exactly as the original, its own buffers
    behind the views it returns (``copy=False``); with copies, ``"win"`` rewards (the actions kept for
    a replay pickle too)."""
    import pickle

    fresh = pickle.loads(pickle.dumps(VectorEnv(rules_id, players=3, games=3, copy=copy)))
    assert fresh.engine == VectorEnv(rules_id, players=3, games=2).engine
    env = VectorEnv(rules_id, players=3, games=3, copy=copy, reward="win" if copy else "round")
    env.reset(seed=5)
    for _ in range(3):
        env.step(env.sample_actions())
    twin = pickle.loads(pickle.dumps(env))
    done = False
    while not done:
        one, two = env.step(env.sample_actions()), twin.step(twin.sample_actions())
        done = one[3]
        assert two[3] == done
        for a, b in zip(one[:3], two[:3]):
            assert np.array_equal(a, b)
    assert np.array_equal(env.totals(), twin.totals())
    for original, copied in zip(env.reset(seed=6), twin.reset(seed=6)):
        assert np.array_equal(original, copied)
        if not copy:  # the copy's views are of its own buffers, written by its own steps
            assert not np.shares_memory(original, copied)


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010", "sea-salt-paper-extra-salt"])
def test_a_shallow_copy_of_an_env_is_a_whole_one(rules_id: str) -> None:
    """``copy.copy`` of a vector env mid-episode plays on as the original and shares nothing with it (a
    shallow copy shared the batch, so the original's step moved the copy's games too)."""
    import copy as copying

    env = VectorEnv(rules_id, players=3, games=3)
    env.reset(seed=8)
    env.step(env.sample_actions())
    twin = copying.copy(env)
    actions = env.sample_actions()
    env.step(actions)
    twin.step(actions)  # the same step again: refused as illegal when the batch was shared
    done = False
    while not done:
        actions = env.sample_actions()
        one, two = env.step(actions), twin.step(actions)
        done = one[3]
        assert two[3] == done and all(np.array_equal(a, b) for a, b in zip(one[:3], two[:3]))
    assert np.array_equal(env.totals(), twin.totals())


def test_a_pickle_naming_another_engine_module_is_refused_not_imported() -> None:
    """A pickle's engine is one of ``batch``'s, named; any other name is refused before any import."""
    env = VectorEnv("standard", players=3, games=2)
    state = env.__getstate__()
    assert state["_engine"] == "australia"
    copy = object.__new__(VectorEnv)
    with pytest.raises(ValueError, match=r"^not a VectorEnv's pickle: its engine 'os' is none of australia, "):
        copy.__setstate__({**state, "_engine": "os"})
    copy.__setstate__(state)
    assert copy.engine == env.engine


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_numpy_counts_and_a_path_are_taken_as_the_other_envs_take_them(rules_id: str, tmp_path: Any) -> None:
    """``games`` and ``max_steps`` as numpy integers (as ``players`` and the seeds already were) and
    ``rules`` as a path object (``load_rules`` takes one) make the env their plain forms make."""
    import pathlib

    given = VectorEnv(rules_id, players=np.int64(3), games=np.int64(2), max_steps=np.int32(7))
    plain = VectorEnv(rules_id, players=3, games=2, max_steps=7)
    assert (given.games, given.max_steps) == (2, 7) and given.games.__class__ is int
    assert all(np.array_equal(a, b) for a, b in zip(given.reset(seed=5), plain.reset(seed=5)))
    path = pathlib.Path(tmp_path) / "rules.json"
    path.write_text(json.dumps(br.rules_data(br.load_rules(rules_id)) | {"id": "mine"}), encoding="utf-8")
    assert VectorEnv(path, players=3, games=2).rules == br.load_rules(path)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_says_when_its_top_total_wins(game: str) -> None:
    """``"win"`` replays a compiled game only where its rl module's ``top_total_wins`` is False: the
    knowledge is the game's own (it was read off Sea Salt & Paper's ruleset in the shared env). Sea
    Salt & Paper's top total wins once it reached the target, four mermaids winning below it."""
    from boomerang_rules.rl.encoding import _rl_module

    rules = br.load_rules(game)
    module = _rl_module(game)
    players = rules.players.min
    if game == "sea-salt-paper":
        target = rules.target(players)
        wins = [module.top_total_wins(rules, players, t) for t in (target - 1, target, target + 9)]
        assert wins == [False, True, True]
    else:
        assert all(module.top_total_wins(rules, players, t) for t in (0, 1, 50, 500))


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010", "sea-salt-paper-extra-salt"])
def test_an_unseeded_reset_deals_the_games_after_the_last_ones(rules_id: str) -> None:
    """After ``reset(seed=s)``, ``reset()`` deals the next games, ``s + games`` on (as the gymnasium and PettingZoo
    envs' unseeded resets follow from their seed): it drew a seed from the system's entropy, so a run seeded once
    was never played again alike, nor did a pickled env's next episode follow the original's."""
    import pickle

    env = VectorEnv(rules_id, players=3, games=3)
    env.reset(seed=5)
    env.step(env.sample_actions())
    twin = pickle.loads(pickle.dumps(env))
    following = VectorEnv(rules_id, players=3, games=3).reset(seed=8)
    for after in (env.reset(), twin.reset()):
        for got, want in zip(after, following):
            assert np.array_equal(got, want)
    assert np.array_equal(env.sample_actions(), _sampled(rules_id, 8))  # its sampler reseeded alike


def _sampled(rules_id: str, seed: int) -> Any:
    """The first ``sample_actions`` of an env reset with ``seed``."""
    env = VectorEnv(rules_id, players=3, games=3)
    env.reset(seed=seed)
    return env.sample_actions()
