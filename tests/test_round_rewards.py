"""``"round"`` rewards mean one thing in every layer: the points each seat scores, summing over a
game to its final totals (``rl.round_rewards``, the PettingZoo and gymnasium envs, ``VectorEnv``).
Boomerang (2010)'s seats start at 2 points (their 12 boomerangs): every layer pays them with the
game's first decision. ``batch.step``'s rewards are the change of the totals, as documented."""

from __future__ import annotations

import random

import pytest

import boomerang_rules as br

np = pytest.importorskip("numpy")
rl = pytest.importorskip("boomerang_rules.rl")

GAMES = ("standard", "sea-salt-paper", "boomerang-2010")
PLAYERS = 3


def totals(state: br.State) -> tuple[int, ...]:
    from boomerang_rules.rl.adapters import adapter_for

    return adapter_for(state.rules, state.players).totals(state)


def final(state: br.State) -> list[float]:
    assert br.is_over(state)
    return [float(sheet.total) for sheet in br.score_sheets(state)]


def test_only_boomerang_2010_starts_above_zero() -> None:
    """What the tests below turn on: a game whose starting totals are not 0."""
    starts = {game: totals(br.new_game(br.load_rules(game), PLAYERS, 1)) for game in GAMES}
    assert starts == {"standard": (0,) * PLAYERS, "sea-salt-paper": (0,) * PLAYERS, "boomerang-2010": (2,) * PLAYERS}


@pytest.mark.parametrize("game", GAMES)
def test_rl_round_rewards(game: str) -> None:
    state = br.new_game(br.load_rules(game), PLAYERS, 5)
    assert rl.round_rewards(state, state) == (0,) * PLAYERS  # nothing scored without a decision
    rng = random.Random(5)
    summed = [0.0] * PLAYERS
    while not br.is_over(state):
        before = state
        for seat in br.to_act(state):  # one seat at a time: the first decision is one seat's
            state = br.apply(state, seat, rng.choice(br.legal_actions(state, seat)))
            summed = [s + r for s, r in zip(summed, rl.round_rewards(before, state))]
            before = state
    assert summed == final(state)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_parallel_env(game: str) -> None:
    bz = pytest.importorskip("boomerang_rules.rl.pettingzoo")
    env = bz.parallel_env(game, PLAYERS, reward="round")
    obs, _ = env.reset(seed=6)
    rng = random.Random(6)
    summed = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()
                   if o["action_mask"].any()}
        obs, rewards, _, _, _ = env.step(actions)
        for agent, reward in rewards.items():
            summed[agent] += reward
    assert list(summed.values()) == final(env._state)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_aec_env(game: str) -> None:
    bz = pytest.importorskip("boomerang_rules.rl.pettingzoo")
    env = bz.env(game, PLAYERS, reward="round")
    env.reset(seed=7)
    rng = random.Random(7)
    summed = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        summed[agent] += reward
        legal = np.flatnonzero(obs["action_mask"])
        env.step(None if terminated or truncated else int(rng.choice(legal)) if len(legal) else None)
    assert list(summed.values()) == final(env.unwrapped._state)


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_env(game: str) -> None:
    gym = pytest.importorskip("boomerang_rules.rl.gym")
    env = gym.SingleAgentEnv(rules=br.load_rules(game), players=PLAYERS, opponents="random", reward="round", seat=1)
    _, info = env.reset(seed=8)
    rng = random.Random(8)
    summed, done = 0.0, False
    while not done:
        _, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        summed += reward
        done = terminated or truncated
    assert terminated and summed == final(env._state)[1]


@pytest.mark.parametrize("game", GAMES)
def test_vector_env_and_batch(game: str) -> None:
    vector = pytest.importorskip("boomerang_rules.rl.vector")
    env = vector.VectorEnv(game, PLAYERS, games=3, reward="round")
    env.reset(seed=9)
    start = env.totals()
    assert (start == totals(br.new_game(br.load_rules(game), PLAYERS, 9))).all()
    summed = np.zeros(start.shape)
    changes = np.zeros(start.shape)
    done = False
    while not done:
        before = env.totals()
        _, _, rewards, done = env.step(env.sample_actions())
        summed += rewards
        changes += env.totals() - before  # batch.step's rewards: the change of the totals
    assert (summed == env.totals()).all()
    assert (changes == env.totals() - start).all()
