"""The vector env over the batched engine observes what ``observe`` observes, game by game."""

from __future__ import annotations

import pytest

import boomerang_rules as br

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from boomerang_rules import rl  # noqa: E402
from boomerang_rules.rl.vector import VectorEnv  # noqa: E402


@pytest.mark.parametrize("rules_id", ["standard", "direction", "reshuffle", "sites-exclude-throw"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_vector_observations_masks_and_rewards_are_the_pure_engines(rules_id: str, players: int) -> None:
    rules = br.load_rules(rules_id)
    env = VectorEnv(rules, players=players, games=3)
    obs, masks = env.reset(seed=100)
    assert obs.shape == (3, players, rl.observation_size(rules, players)) and obs.dtype == np.float32
    states = [br.new_game(rules, players, 100 + i) for i in range(3)]
    rng = np.random.default_rng(players)
    summed = np.zeros((3, players))
    done = False
    while True:
        for i, state in enumerate(states):
            assert np.array_equal(obs[i], rl.observe_seats(state))
            assert np.array_equal(masks[i], rl.action_masks(state, range(players)).astype(bool))
        if done:
            break
        actions = np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=2)
        obs, masks, rewards, done = env.step(actions)
        summed += rewards
        states = [br.step(state, [int(a) for a in actions[i]]) for i, state in enumerate(states)]
    assert all(br.is_over(s) for s in states)
    expected = np.array([[sheet.total for sheet in br.score_sheets(s)] for s in states])
    assert np.array_equal(summed, expected) and np.array_equal(env.totals(), expected)


def test_final_rewards_and_illegal_actions() -> None:
    env = VectorEnv(players=2, games=2, reward="final")
    _, masks = env.reset(seed=5)
    with pytest.raises(br.IllegalAction):
        env.step(np.where(masks, -1.0, 1.0).argmax(axis=2))  # an illegal action for every seat
    done = False
    total = np.zeros((2, 2))
    while not done:
        _, masks, rewards, done = env.step(masks.argmax(axis=2))
        assert done or not rewards.any()
        total += rewards
    assert np.array_equal(total, env.totals())
    with pytest.raises(ValueError, match="reward must be one of"):
        VectorEnv(reward="win")
