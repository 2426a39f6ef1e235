"""Every shipped ruleset, variants included, through every learning adapter, by its id as ``rules=``:
the gymnasium env of its game, PettingZoo's AEC and parallel envs and its OpenSpiel game each play it
to the end, every observation ``rl.observe`` of the seat and inside the adapter's space, the spaces
shaped as ``rl.observation_size`` says (the adapters' own tests play each game's standard ruleset)."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("boomerang_rules.rl.gym")
pettingzoo = pytest.importorskip("boomerang_rules.rl.pettingzoo")

import boomerang_rules as br  # noqa: E402
from boomerang_rules import rl  # noqa: E402

SHIPPED = [info.id for info in br.list_rules()]


@pytest.mark.parametrize("rules_id", SHIPPED)
def test_the_gymnasium_env_of_every_ruleset_observes_as_rl_observe(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    env = gym.SingleAgentEnv(rules=rules_id, players=rules.players.min, opponents="random")
    assert env.rules == rules
    assert env.observation_space["observations"].shape == (rl.observation_size(rules, rules.players.min),)
    obs, _ = env.reset(seed=5)
    rng, done = random.Random(5), False
    while not done:
        np.testing.assert_array_equal(obs["observations"], rl.observe(env._state, env._me))
        assert env.observation_space.contains(obs)
        obs, _, over, cut, _ = env.step(rng.choice(list(np.flatnonzero(obs["action_mask"]))))
        done = over or cut
    assert br.is_over(env._state)


@pytest.mark.parametrize("rules_id", SHIPPED)
def test_the_pettingzoo_envs_of_every_ruleset_observe_as_rl_observe(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    players = rules.players.max
    aec = pettingzoo.env(rules=rules_id, players=players)
    aec.reset(seed=3)
    size = rl.observation_size(rules, players)
    rng = random.Random(3)
    for agent in aec.agent_iter(max_iter=400):
        seen, _, over, cut, _ = aec.last()
        seat = int(agent.rpartition("_")[2])
        assert aec.observation_space(agent)["observation"].shape == (size,)
        if aec.unwrapped._pos == 0:  # the first seat of a step: later ones see the state the step began in
            np.testing.assert_array_equal(seen["observation"], rl.observe(aec.unwrapped._state, seat))
        assert aec.observation_space(agent).contains(seen)
        legal = list(np.flatnonzero(seen["action_mask"]))
        aec.step(None if over or cut else rng.choice(legal))
    par = pettingzoo.parallel_env(rules=rules_id, players=players)
    seen_all, _ = par.reset(seed=3)
    for _ in range(200):
        if not par.agents:
            break
        for agent, seen in seen_all.items():
            np.testing.assert_array_equal(seen["observation"], rl.observe(par._state, int(agent.rpartition("_")[2])))
        acts = {agent: rng.choice(list(np.flatnonzero(seen["action_mask"]))) for agent, seen in seen_all.items()
                if seen["action_mask"].any()}
        seen_all, *_ = par.step(acts)


NAMES = {"boomerang-australia": ("boomerang_australia", "boomerang_australia_turn_based"),
         "sea-salt-paper": ("sea_salt_paper",), "boomerang-2010": ("boomerang_2010", "boomerang_2010_simultaneous")}


@pytest.mark.parametrize("rules_id", SHIPPED)
def test_the_openspiel_games_of_every_ruleset_observe_as_rl_observe(rules_id: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("boomerang_rules.rl.openspiel")
    rules = br.load_rules(rules_id)
    for name in NAMES[rules.game]:
        game = pyspiel.load_game(name, {"rules": rules_id, "players": rules.players.min})
        assert game.observation_tensor_shape() == [rl.observation_size(rules, rules.players.min)]
        state, rng = game.new_initial_state(), random.Random(4)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, chances)[0])
                continue
            if state.engine_state is not None:
                for seat in range(game.num_players()):
                    assert state.observation_tensor(seat) == pytest.approx(rl.observe(state.engine_state, seat))
            if state.is_simultaneous_node():
                seats = range(game.num_players())
                state.apply_actions([rng.choice(state.legal_actions(seat) or [0]) for seat in seats])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.returns() == [sheet.total for sheet in br.score_sheets(state.engine_state)]
