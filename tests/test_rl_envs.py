"""What every env of ``rl`` does alike, in every game: the seeds ``reset`` takes, ``info["totals"]``,
closing the vector env."""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable
from typing import Any

import pytest

import boomerang_rules as br
from boomerang_rules.core.games import GAMES

np = pytest.importorskip("numpy")

pytestmark = pytest.mark.parametrize("game", sorted(GAMES))


def _envs(game: str) -> dict[str, Callable[[], Any]]:
    """Every env of the game that its extras allow, by name."""
    made: dict[str, Callable[[], Any]] = {}
    try:
        from boomerang_rules.rl import gym as bg
        made["gym"] = lambda: bg.SingleAgentEnv(game=game, players=3)
    except ImportError:
        pass
    try:
        from boomerang_rules.rl import pettingzoo as bz
        made["aec"] = lambda: bz.env(rules=game, players=3)
        made["parallel"] = lambda: bz.parallel_env(rules=game, players=3)
    except ImportError:
        pass
    try:
        from boomerang_rules.rl.vector import VectorEnv
        made["vector"] = lambda: VectorEnv(game, 3, 2)
    except ImportError:
        pass
    if not made:
        pytest.skip("no env's extra is installed")
    return made


@pytest.mark.parametrize("seed", [1.5, True, "1", b"1", [1]])
def test_every_env_refuses_a_seed_of_another_type_as_new_game_does(game: str, seed: Any) -> None:
    with pytest.raises(TypeError) as made:
        br.new_game(game, 3, seed)
    words = str(made.value)
    assert words.startswith("seed must be an integer seed or None (int), not ")
    for name, env in _envs(game).items():
        with pytest.raises(TypeError, match=f"^{re.escape(words)}$"):
            env().reset(seed=seed)
        if name == "vector":
            live = env()
            live.reset(seed=0)
            with pytest.raises(TypeError, match=f"^{re.escape(words)}$"):
                live.sample_actions(seed=seed)


@pytest.mark.parametrize("seed", [-1, -(2**70)])
def test_every_env_refuses_a_negative_seed_in_one_set_of_words(game: str, seed: int) -> None:
    for env in _envs(game).values():
        with pytest.raises(ValueError, match=rf"^seed must be a non-negative integer or None \(gymnasium's seeds\), "
                                             rf"not {seed}$"):
            env().reset(seed=seed)


def test_every_env_takes_an_integer_seed_and_a_numpy_one_alike(game: str) -> None:
    for env in _envs(game).values():
        first, second = env(), env()
        a, b = first.reset(seed=7), second.reset(seed=np.int64(7))
        assert pickle.dumps(a) == pickle.dumps(b)


def test_info_totals_is_a_tuple_of_every_seat_s_total_once_over(game: str) -> None:
    """The gymnasium env's ``info["totals"]``, once the episode is over: a tuple of Python ints, one a
    seat in seat order, the totals of the score sheets (plain values, as JSON and a comparison with a
    tuple want them; gymnasium's vector envs keep it as an object per env)."""
    bg = pytest.importorskip("boomerang_rules.rl.gym")
    env = bg.SingleAgentEnv(game=game, players=3, reward="final")
    obs, info = env.reset(seed=3)
    assert "totals" not in info
    rng = np.random.default_rng(0)
    done = False
    while not done:
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done = terminated or truncated
    totals = info["totals"]
    assert isinstance(totals, tuple) and all(type(x) is int for x in totals)
    assert totals == tuple(sheet.total for sheet in br.score_sheets(env.unwrapped._state))
    assert reward == totals[info["seat"]]


def test_a_closed_vector_env_refuses_every_call_and_closes_once(game: str) -> None:
    vector = pytest.importorskip("boomerang_rules.rl.vector")
    pytest.importorskip("numba")
    env = vector.VectorEnv(game, 3, 2)
    assert not env.closed
    env.reset(seed=1)
    env.step(env.sample_actions())
    env.close()
    env.close()  # a second close does nothing, as gymnasium's
    assert env.closed
    calls: list[tuple[str, Callable[[], object]]] = [
        ("reset()", lambda: env.reset(seed=1)), ("step()", lambda: env.step(np.zeros((2, 3), np.int64))),
        ("sample_actions()", env.sample_actions), ("totals()", env.totals),
        ("to_act", lambda: env.to_act), ("ended", lambda: env.ended), ("truncated", lambda: env.truncated)]
    for call, do in calls:
        with pytest.raises(RuntimeError, match=rf"^{re.escape(call)}: the env is closed \(close\(\) was called\); "
                                               "make a new VectorEnv$"):
            do()
    assert pickle.loads(pickle.dumps(env)).closed
    with vector.VectorEnv(game, 3, 2) as scoped:
        scoped.reset(seed=2)
    assert scoped.closed
    fresh = vector.VectorEnv(game, 3, 2)
    with pytest.raises(RuntimeError, match=r"^call reset\(\) before step\(\)$"):
        fresh.step(np.zeros((2, 3), np.int64))
