"""The PettingZoo envs pass PettingZoo's own test suites, and play the game the engine plays."""

from __future__ import annotations

import json
import random
import warnings

import pytest

import boomerang_rules as br

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import (  # noqa: E402
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
    state_test,
)

from boomerang_rules.rl import pettingzoo as bz  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_api_test() -> None:
    api_test(bz.env(), num_cycles=1000)


def test_seed_test() -> None:
    seed_test(bz.env)


def test_max_cycles_test() -> None:
    max_cycles_test(bz)


def test_state_test() -> None:
    state_test(bz.env(), bz.parallel_env())


def test_parallel_api_test() -> None:
    parallel_api_test(bz.parallel_env())


def test_parallel_seed_test() -> None:
    parallel_seed_test(bz.parallel_env)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_parallel_game_is_the_engine_game_and_round_rewards_sum_to_the_totals(players: int) -> None:
    env = bz.parallel_env(players=players)
    obs, _ = env.reset(seed=players)
    state = env._state
    rng = random.Random(players)
    summed = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
        for seat in br.to_act(state):
            state = br.apply(state, seat, br.rl.action_of(state.rules, actions[f"player_{seat}"]))
        obs, rewards, terminations, truncations, _ = env.step(actions)
        for a, r in rewards.items():
            summed[a] += r
    assert all(terminations.values()) and not any(truncations.values())
    assert state == env._state
    assert [summed[a] for a in env.possible_agents] == [s.total for s in br.score_sheets(state)]


def _random_aec_game(reward: str, seed: int) -> tuple[dict[str, float], br.GameState]:
    env = bz.env(reward=reward)
    env.reset(seed=seed)
    total: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward_now, terminated, truncated, _ = env.last()
        total[agent] = total.get(agent, 0.0) + reward_now
        if terminated or truncated:
            env.step(None)
            continue
        env.step(env.action_space(agent).sample(obs["action_mask"]))
    return total, env.unwrapped._state


@pytest.mark.parametrize("reward", ["round", "final", "win"])
def test_aec_rewards(reward: str) -> None:
    total, state = _random_aec_game(reward, 3)
    sheets = br.score_sheets(state)
    if reward == "win":
        assert [total[f"player_{s}"] for s in range(4)] == [float(s in br.winners(state)) for s in range(4)]
    else:
        assert [total[f"player_{s}"] for s in range(4)] == [s.total for s in sheets]


def test_aec_seats_act_in_turn_and_see_nothing_of_earlier_choices() -> None:
    env = bz.env()
    env.reset(seed=9)
    first = {a: env.observe(a)["observation"].copy() for a in env.possible_agents}
    order = []
    for _ in range(4):
        agent = env.agent_selection
        order.append(agent)
        mask = env.observe(agent)["action_mask"]
        assert np.array_equal(env.observe(agent)["observation"], first[agent])
        others = [a for a in env.possible_agents if a != agent]
        assert all(not env.observe(a)["action_mask"].any() for a in others)
        env.step(int(np.flatnonzero(mask)[0]))
    assert order == env.possible_agents
    assert not np.array_equal(env.observe("player_0")["observation"], first["player_0"])  # the step resolved


def test_an_illegal_action_ends_the_game_as_in_classic_games() -> None:
    env = bz.env()
    env.reset(seed=1)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1 and all(r == 0 for a, r in env.rewards.items() if a != agent)

    par = bz.parallel_env(players=2)
    obs, _ = par.reset(seed=1)
    bad = int(np.flatnonzero(obs["player_1"]["action_mask"] == 0)[0])
    good = int(np.flatnonzero(obs["player_0"]["action_mask"])[0])
    _, rewards, terminations, _, _ = par.step({"player_0": good, "player_1": bad})
    assert rewards == {"player_0": 0.0, "player_1": -1.0}
    assert all(terminations.values()) and par.agents == []


def test_unmasked_sample_is_legal_and_seeds_repeat() -> None:
    env = bz.parallel_env(players=3)
    obs, _ = env.reset(seed=4)
    for agent in env.agents:
        for _ in range(20):
            assert obs[agent]["action_mask"][env.action_space(agent).sample()] == 1
    again, _ = bz.parallel_env(players=3).reset(seed=4)
    assert all(np.array_equal(obs[a]["observation"], again[a]["observation"]) for a in obs)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="reward must be one of"):
        bz.env(reward="points")
    with pytest.raises(ValueError, match="2 to 4 players"):
        bz.parallel_env(players=5)
    with pytest.raises(ValueError, match="max_cycles"):
        bz.parallel_env(max_cycles=0)


def test_render_shows_the_public_table() -> None:
    env = bz.parallel_env(players=2, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and "player_1" in text and "round 1 of 4" in text


def test_bench_reports_the_adapters() -> None:
    from click.testing import CliRunner

    from boomerang_rules.cli import cli

    result = CliRunner().invoke(cli, ["bench", "--rl", "--quick", "--runs", "1", "--seconds", "0.05", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)["rl"]
    assert figures["pettingzoo_parallel_decisions_per_s"] > 0 and figures["raw_decisions_per_s"] > 0
    assert figures["pettingzoo_parallel_ratio"] > 0


OTHER_GAMES = [("boomerang-2010", 3), ("boomerang-2010", 5), ("sea-salt-paper", 2), ("sea-salt-paper", 4)]


@pytest.mark.parametrize(("rules_id", "players"), OTHER_GAMES)
def test_other_games_pass_the_suites(rules_id: str, players: int) -> None:
    """Every shipped game gets its env the same way (max_cycles_test assumes every agent acts
    every cycle, which a game of turns does not do)."""
    def aec() -> object:
        return bz.env(rules=rules_id, players=players)

    def par() -> object:
        return bz.parallel_env(rules=rules_id, players=players)

    api_test(aec(), num_cycles=1000)
    seed_test(aec)
    parallel_api_test(par())
    parallel_seed_test(par)
    state_test(aec(), par())


@pytest.mark.parametrize("rules_id", ["boomerang-2010", "sea-salt-paper"])
def test_another_games_rewards_sum_to_its_scores(rules_id: str) -> None:
    env = bz.parallel_env(rules=rules_id, players=4)
    obs, _ = env.reset(seed=3)
    rng = random.Random(3)
    summed = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()
                   if o["action_mask"].any()}
        obs, rewards, _, _, _ = env.step(actions)
        for a, r in rewards.items():
            summed[a] += r
    state = env._state
    assert br.is_over(state)
    assert [summed[a] for a in env.possible_agents] == [float(s.total) for s in br.score_sheets(state)]
