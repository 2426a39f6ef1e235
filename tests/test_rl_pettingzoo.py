"""The PettingZoo envs pass PettingZoo's own test suites, and play the game the engine plays."""

from __future__ import annotations

import functools
import json
import pickle
import random
import types
import warnings
from typing import Any

import pytest

import boomerang_rules as br

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import (  # noqa: E402
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
    state_test,
)

from boomerang_rules.rl import pettingzoo as bz  # noqa: E402
from boomerang_rules.rl import seasaltpaper as rl_ssp  # noqa: E402

from .helpers import ssp_to_1000  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def test_api_test() -> None:
    api_test(bz.env(), num_cycles=1000)


def test_seed_test() -> None:
    seed_test(bz.env)


def test_max_cycles_test() -> None:
    max_cycles_test(bz)


def test_render_test() -> None:
    render_test(bz.env)


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


@pytest.mark.parametrize("kind", ["int", "missing", "defaultdict", "None", "bool", "numpy", "float"])
def test_a_simultaneous_steps_actions_are_each_checked(kind: str) -> None:
    """In a step every seat owes (Australia's), each seat's action is read and checked as in a turn:
    a missing one (a ``defaultdict`` makes none up) or None is illegal for that seat alone, a numpy
    integer is its int, anything else not an action id a ``ValueError``."""
    import collections

    par = bz.parallel_env(players=3)
    obs, _ = par.reset(seed=4)
    legal = {a: int(np.flatnonzero(o["action_mask"])[-1]) for a, o in obs.items()}
    actions: dict[str, Any] = dict(legal)
    if kind == "missing":
        del actions["player_2"]
    elif kind == "defaultdict":
        made_up = legal["player_2"]  # legal, were it made up
        actions = collections.defaultdict(lambda: made_up, {a: v for a, v in legal.items() if a != "player_2"})
    elif kind == "None":
        actions["player_2"] = None
    elif kind in ("bool", "float"):
        actions["player_2"] = True if kind == "bool" else float(legal["player_2"])
        with pytest.raises(ValueError, match="player_2"):
            par.step(actions)
        return
    elif kind == "numpy":
        actions = {a: np.int64(v) for a, v in legal.items()}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, rewards, terminations, _, _ = par.step(actions)
    if kind in ("int", "numpy"):  # plain ints read in one call; numpy ones checked a seat at a time
        assert not any(terminations.values()) and par.agents == list(legal)
        played = br.step(br.new_game(br.load_rules(), 3, bz._Seeds().next(4)), list(legal.values()))
        assert par._state == played
    else:
        assert rewards == {"player_0": 0.0, "player_1": 0.0, "player_2": -1.0}
        assert all(terminations.values()) and par.agents == []


def test_unmasked_sample_is_legal_and_seeds_repeat() -> None:
    env = bz.parallel_env(players=3)
    obs, _ = env.reset(seed=4)
    for agent in env.agents:
        for _ in range(20):
            assert obs[agent]["action_mask"][env.action_space(agent).sample()] == 1
    again, _ = bz.parallel_env(players=3).reset(seed=4)
    assert all(np.array_equal(obs[a]["observation"], again[a]["observation"]) for a in obs)


def test_a_bound_given_as_a_0_d_integer_array_is_taken_as_every_env_takes_it() -> None:
    """``max_cycles=np.array(3)`` was refused ("must be a positive integer or None") where the
    gymnasium env's ``max_decisions`` and ``VectorEnv``'s ``max_steps`` take it, as a numpy integer
    and as a seed (``core.rng.integer_seed``): every env of ``rl`` reads a bound alike now."""
    from boomerang_rules.rl.gym import SingleAgentEnv
    from boomerang_rules.rl.vector import VectorEnv

    for make in (bz.env, bz.parallel_env):
        for bound in (np.array(3), np.int8(3), 3):
            made = make(max_cycles=bound)
            assert made.max_cycles == 3 and made.max_cycles.__class__ is int
        for bad in (np.array(0), np.array(3.0), np.array([3]), np.True_):
            with pytest.raises(ValueError, match=r"^max_cycles must be a positive integer or None, not "):
                make(max_cycles=bad)
    assert SingleAgentEnv(game="sea-salt-paper", max_decisions=np.array(3)).max_decisions == 3
    assert VectorEnv(rules="sea-salt-paper", games=1, max_steps=np.array(3)).max_steps == 3


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="reward must be one of"):
        bz.env(reward="points")
    with pytest.raises(ValueError, match="2 to 4 players"):
        bz.parallel_env(players=5)
    with pytest.raises(ValueError, match="max_cycles"):
        bz.parallel_env(max_cycles=0)
    for odd in (None, 5):  # "no observation for game None": the argument unnamed
        for make in (bz.env, bz.parallel_env):
            with pytest.raises(TypeError, match=r"^rules must be a loaded ruleset \(see load_rules\), not "):
                make(rules=odd, players=3)
    with pytest.raises(RuntimeError, match=r"^call reset\(\) before step\(\)$"):  # not "the game is over"
        bz.parallel_env().step({})


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
@pytest.mark.parametrize("make", [bz.env, bz.parallel_env])
def test_the_human_render_shows_the_table_at_reset_too(rules_id: str, make: Any,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A "human" env prints the table at ``reset`` as at every step (it printed at steps alone, so an
    episode's first table was never shown), the ansi text, in both envs of every game."""
    shown = make(rules_id, players=3, render_mode="human")
    text = make(rules_id, players=3, render_mode="ansi")
    shown.reset(seed=4)
    text.reset(seed=4)
    assert capsys.readouterr().out == f"{text.render()}\n"


def test_render_shows_the_public_table() -> None:
    env = bz.parallel_env(players=2, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and "player_1" in text and "round 1 of 4" in text


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_render_says_who_is_to_act_in_every_game(rules_id: str) -> None:
    """The table's last line names the seats owing a decision, ``br.to_act``'s, in every game (only
    Sea Salt & Paper's said who acts); a finished game's names none."""
    env = bz.parallel_env(rules_id, players=3, render_mode="ansi")
    obs, _ = env.reset(seed=5)
    rng = random.Random(5)
    while env.agents:
        said = env.render()
        assert isinstance(said, str)
        owing = ", ".join(f"player_{seat}" for seat in br.to_act(env._state))
        assert said.splitlines()[-1] == f"  to act: {owing}"
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()
                   if o["action_mask"].any()}
        obs, *_ = env.step(actions)
    said = env.render()
    assert isinstance(said, str) and "to act" not in said and "game over" in said


@pytest.mark.parametrize("rules_id", ["sea-salt-paper", "boomerang-2010"])
def test_render_shows_every_games_public_table(rules_id: str) -> None:
    """Every game's render shows what lies face up, as Boomerang: Australia's shows its face-up
    cards: Sea Salt & Paper's discard piles' tops and the cards played, Boomerang (2010)'s river,
    pot and boomerangs; never a card in a hand nor a secret token."""
    import re

    env = bz.parallel_env(rules_id, players=3, render_mode="ansi")
    obs, _ = env.reset(seed=4)
    rng = random.Random(4)
    for _ in range(25):
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()
                   if o["action_mask"].any()}
        obs, *_ = env.step(actions)
    state = env._state
    assert env.agents
    text = env.render()
    assert isinstance(text, str)
    words = set(re.findall(r"[\w-]+", text))
    seen = br.view(state, 0)
    if rules_id == "sea-salt-paper":
        public = {c for c in seen.pile_tops if c} | {c for cards in seen.played for c in cards}
        assert public and public <= words
        hidden = {state.tables.ids[c] for hand in state.hands for c in hand} - public
        assert not hidden & words
    else:
        assert set(seen.river) <= words and f"pot {seen.pot}" in text
        assert all(f"{b} boomerang{'' if b == 1 else 's'}" in text for b in seen.boomerangs)
        assert not set(state.rules.lands) & words  # the tokens are secret until the capture


def test_bench_reports_the_adapters() -> None:
    from click.testing import CliRunner

    from boomerang_rules.cli import cli

    # --no-batch: the batched engines' figures are test_bench's; compiling their kernels cost this test 2 minutes
    result = CliRunner().invoke(cli, ["bench", "--rl", "--quick", "--runs", "1", "--seconds", "0.05", "--json",
                                      "--no-batch"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)["rl"]
    assert figures["pettingzoo_parallel_decisions_per_s"] > 0 and figures["raw_decisions_per_s"] > 0
    assert figures["pettingzoo_parallel_ratio"] > 0


OTHER_GAMES = [("boomerang-2010", 3), ("boomerang-2010", 5), ("sea-salt-paper", 2), ("sea-salt-paper", 4)]
ALL_GAMES = [("standard", 2), *OTHER_GAMES]


def _module(rules_id: str, players: int) -> Any:
    """The envs of one game as a module PettingZoo's tests take (``env``, ``parallel_env``)."""
    return types.SimpleNamespace(env=functools.partial(bz.env, rules=rules_id, players=players),
                                 parallel_env=functools.partial(bz.parallel_env, rules=rules_id, players=players))


@pytest.mark.parametrize(("rules_id", "players"), OTHER_GAMES)
def test_other_games_pass_the_suites(rules_id: str, players: int) -> None:
    """Every shipped game gets its env the same way, and passes PettingZoo's suites."""
    mod = _module(rules_id, players)
    api_test(mod.env(), num_cycles=1000)
    seed_test(mod.env)
    parallel_api_test(mod.parallel_env())
    parallel_seed_test(mod.parallel_env)
    state_test(mod.env(), mod.parallel_env())
    render_test(mod.env)


@pytest.mark.parametrize(("rules_id", "players"), ALL_GAMES)
def test_max_cycles_counts_cycles(rules_id: str, players: int) -> None:
    """A cycle is every live agent stepping once, one step of the game: the parallel env truncates
    after ``max_cycles`` steps; the AEC env selects every agent once a cycle (the seats owing a
    decision first, the others passing by action 0), so every agent is selected ``max_cycles``
    times, in the games of turns too (PettingZoo's ``max_cycles_test``, wholly)."""
    mod = _module(rules_id, players)
    max_cycles_test(mod)
    for cycles in (1, 4, 9):
        par = mod.parallel_env(max_cycles=cycles)
        obs, _ = par.reset(seed=cycles)
        steps = 0
        while par.agents:
            actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items() if o["action_mask"].any()}
            obs, _, terminations, truncations, _ = par.step(actions)
            steps += 1
        assert steps == cycles and all(truncations.values()) and not any(terminations.values())
        aec = mod.env(max_cycles=cycles)
        aec.reset(seed=cycles)
        selected = dict.fromkeys(aec.possible_agents, 0)
        decided = 0
        for agent in aec.agent_iter():
            o, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            selected[agent] += 1
            legal = np.flatnonzero(o["action_mask"])
            decided += len(legal) > 0
            aec.step(int(legal[0]) if len(legal) else 0)  # a seat owing nothing: its action is not read
        assert set(selected.values()) == {cycles}, selected
        assert decided >= cycles
        assert aec.unwrapped._state == par._state  # the same game as the parallel env's, the same choices


def test_the_default_max_cycles_grows_with_the_ruleset_s_longest_game(tmp_path: Any) -> None:
    """Random play to a target of 1,000 took 7,474 to 18,682 cycles (12 games at each of 2, 3 and 4
    players): the fixed default of 5,000 truncated every such episode. The default is
    ``DEFAULT_MAX_CYCLES`` times ``rl.truncation.length_scale`` (10 there); a bound given is kept as given."""
    path = ssp_to_1000(tmp_path)
    assert bz.parallel_env(path, 2).max_cycles == bz.env(path, 2).unwrapped.max_cycles == 10 * bz.DEFAULT_MAX_CYCLES
    assert bz.parallel_env(path, 2, max_cycles=5_000).max_cycles == 5_000  # a number given is kept
    assert bz.env(path, 2, max_cycles=5_000).unwrapped.max_cycles == 5_000
    env = bz.parallel_env(path, 2)
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    cycles = 0
    while env.agents:
        obs, _, terminations, truncations, _ = env.step(
            {a: int(rng.choice(legal)) for a, o in obs.items() if (legal := np.flatnonzero(o["action_mask"])).size})
        cycles += 1
    assert all(terminations.values()) and not any(truncations.values()) and cycles > bz.DEFAULT_MAX_CYCLES


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_the_default_max_cycles_bounds_a_game_that_never_ends(rules_id: str) -> None:
    """A Sea Salt & Paper policy that never ends a round would play for ever: the default bound
    truncates it; a game played to its end is never truncated by it."""
    assert bz.parallel_env(rules_id).max_cycles == bz.env(rules_id).unwrapped.max_cycles == bz.DEFAULT_MAX_CYCLES
    assert bz.parallel_env(rules_id, max_cycles=None).max_cycles is None
    env = bz.parallel_env(rules_id, 4)
    obs, _ = env.reset(seed=1)
    names = rl_ssp.action_names(env.game.rules) if rules_id == "sea-salt-paper" else None
    steps = 0
    while env.agents:
        actions = {}
        for a, o in obs.items():
            legal = np.flatnonzero(o["action_mask"]).tolist()
            if names is not None:  # never end a round: no stop, no LAST CHANCE, no mermaid kept (all four win)
                legal = [i for i in legal if names[i] not in ("stop", "last_chance", "mermaids")
                         and not names[i].partition(":")[2].startswith("mermaid-")] or legal
            if legal:
                actions[a] = legal[-1]
        obs, _, terminations, truncations, _ = env.step(actions)
        steps += 1
    if rules_id == "sea-salt-paper":
        assert steps == bz.DEFAULT_MAX_CYCLES and all(truncations.values())
    else:
        assert all(terminations.values()) and not any(truncations.values()) and steps < bz.DEFAULT_MAX_CYCLES


BAD_SEEDS = [1.9, 1.0, "1", True, np.float64(2.0), [1], b"1"]
BAD_ACTIONS = [2.9, 2.0, "A", "draw", True, np.float32(1.0), -1, None, [1], 10**6, np.array(2.0), np.array([1])]


@pytest.mark.parametrize(("rules_id", "players"), ALL_GAMES)
def test_seeds_and_actions_that_are_not_integers_are_refused(rules_id: str, players: int) -> None:
    """Hostile input: a seed of the wrong type is the TypeError ``new_game`` gives (every env's, as
    ``rl.seeds`` reads them), an action of the wrong type or out of range a ValueError naming it, never
    a truncated seed or action played; numpy integers (and 0-d integer arrays) are integers."""
    par = bz.parallel_env(rules_id, players)
    aec = bz.env(rules_id, players)
    for bad in BAD_SEEDS:
        with pytest.raises(TypeError, match=r"^seed must be an integer seed or None \(int\), not "):
            par.reset(seed=bad)
        with pytest.raises(TypeError, match=r"^seed must be an integer seed or None \(int\), not "):
            aec.reset(seed=bad)
    obs, _ = par.reset(seed=np.int64(5))
    again, _ = bz.parallel_env(rules_id, players).reset(seed=5)
    assert all(np.array_equal(obs[a]["observation"], again[a]["observation"]) for a in obs)
    aec.reset(seed=np.uint32(5))
    agent = aec.agent_selection
    legal = int(np.flatnonzero(aec.observe(agent)["action_mask"])[0])
    for bad in BAD_ACTIONS:
        if bad is None:
            continue  # None is a dead agent's action: PettingZoo's own error
        with pytest.raises(ValueError, match="action must be an integer action id"):
            aec.step(bad)
        assert aec.agent_selection == agent and not any(aec.terminations.values())
    owing = [a for a, o in obs.items() if o["action_mask"].any()]
    good = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in owing}
    for bad in BAD_ACTIONS:
        if bad is None:
            continue
        actions = dict(good)
        actions[owing[-1]] = bad
        with pytest.raises(ValueError, match=rf"actions\['{owing[-1]}'\] must be an integer action id"):
            par.step(actions)
        assert par.agents and par._state is not None
    with pytest.raises(ValueError, match="actions must be a dict"):
        par.step([0] * players)  # type: ignore[arg-type]
    aec.step(np.array(legal))  # a 0-d integer array is an integer, as gymnasium's Discrete takes it
    obs, *_ = par.step({a: np.array(v, np.int32) for a, v in good.items()})
    assert par.agents
    aec.reset(seed=5)
    aec.step(np.int64(legal))
    par.reset(seed=5)
    obs, *_ = par.step({a: np.int32(v) for a, v in good.items()})
    assert par.agents


def test_each_game_s_envs_are_named_for_their_game() -> None:
    """Every game's envs were named ``boomerang_v0`` (PettingZoo's ``metadata["name"]``, which tools
    such as SuperSuit and RLlib's env registration show): each is named for its game now, the AEC and
    parallel envs alike, wrapped, pickled, or of another ruleset of the game."""
    import pickle

    names = {}
    for rules_id, players in ALL_GAMES:
        game = br.load_rules(rules_id).game
        made = [bz.env(rules_id, players), bz.raw_env(rules_id, players), bz.parallel_env(rules_id, players)]
        made.append(pickle.loads(pickle.dumps(made[2])))
        assert {env.metadata["name"] for env in made} == {game.replace("-", "_") + "_v0"}
        names[game] = made[0].metadata["name"]
    from boomerang_rules.core.games import GAMES

    assert set(names) == set(GAMES) and len(set(names.values())) == len(GAMES)
    assert bz.parallel_env("direction", 3).metadata["name"] == "boomerang_australia_v0"


@pytest.mark.parametrize(("rules_id", "players"), ALL_GAMES)
def test_the_aec_env_is_not_offered_to_aec_to_parallel(rules_id: str, players: int) -> None:
    """PettingZoo's ``aec_to_parallel`` reads every owing seat's mask at a cycle's start and expects the
    agents in seat order; the AEC env selects the owing seats first and masks a seat only while it is
    selected, so the conversion played illegal actions from all-zero masks (failing PettingZoo's
    ``parallel_api_test``). The metadata says so and the conversion is refused at once;
    ``parallel_env()`` is the parallel form, and ``parallel_to_aec`` of it passes the AEC API test."""
    from pettingzoo.utils.conversions import aec_to_parallel, parallel_to_aec

    for aec in (bz.env(rules_id, players), bz.raw_env(rules_id, players)):
        assert aec.metadata["is_parallelizable"] is False
        with pytest.raises(AssertionError, match="is_parallelizable"):
            aec_to_parallel(aec)
    api_test(parallel_to_aec(bz.parallel_env(rules_id, players)), num_cycles=200)


@pytest.mark.parametrize(("rules_id", "players"), ALL_GAMES)
def test_negative_seeds_are_refused_and_long_seeds_are_not_truncated(rules_id: str, players: int) -> None:
    """A seed is a non-negative integer, as gymnasium's (and the single-agent env's) are: -1 is a
    ValueError, not 2**64 - 1's game; a seed past 64 bits has its higher words folded in, not dropped
    (2**64 + 5 deals another game than 5, and the same one again)."""
    par = bz.parallel_env(rules_id, players)
    aec = bz.env(rules_id, players)
    for bad in (-1, np.int64(-5), -(2**64) + 3):
        with pytest.raises(ValueError, match="seed must be a non-negative integer"):
            par.reset(seed=bad)
        with pytest.raises(ValueError, match="seed must be a non-negative integer"):
            aec.reset(seed=bad)

    def first(seed: int) -> list[Any]:
        env = bz.parallel_env(rules_id, players)
        obs, _ = env.reset(seed=seed)
        return [obs[a]["observation"].tolist() for a in env.possible_agents]

    assert first(2**64 + 5) == first(2**64 + 5) != first(5)
    assert first(2**64 - 1) == first(2**64 - 1)


@pytest.mark.parametrize(("rules_id", "players"), ALL_GAMES)
def test_spaces_and_envs_pickle_and_play_on(rules_id: str, players: int) -> None:
    """Spaces and envs pickle (Ray's env runners, multiprocess vector envs): a copied env plays on
    exactly as the original does."""
    for make in (bz.parallel_env, bz.env):
        fresh = make(rules_id, players)
        for agent in fresh.possible_agents:
            for space in (fresh.action_space(agent), fresh.observation_space(agent)):
                copy = pickle.loads(pickle.dumps(space))
                assert copy == space
    pickle.loads(pickle.dumps(bz.parallel_env(rules_id, players)))  # before reset too
    par = bz.parallel_env(rules_id, players)
    obs, _ = par.reset(seed=3)
    rng = random.Random(3)
    for _ in range(5):
        obs, *_ = par.step({a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()
                            if o["action_mask"].any()})
    twin = pickle.loads(pickle.dumps(par))
    assert twin._state == par._state
    for _ in range(20):
        if not par.agents:
            break
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()
                   if o["action_mask"].any()}
        obs, rewards, *_ = par.step(actions)
        obs2, rewards2, *_ = twin.step(actions)
        assert rewards == rewards2
        assert all(np.array_equal(obs[a]["observation"], obs2[a]["observation"]) for a in obs)
        for a in twin.agents:  # the copy's spaces are its own, tied to it
            if obs2[a]["action_mask"].any():
                assert obs2[a]["action_mask"][twin.action_space(a).sample()] == 1
    aec = bz.env(rules_id, players)
    aec.reset(seed=4)
    aec.step(int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(aec))
    assert copy.agent_selection == aec.agent_selection and copy.unwrapped._state == aec.unwrapped._state
    agent = aec.agent_selection
    assert np.array_equal(copy.observe(agent)["observation"], aec.observe(agent)["observation"])


@pytest.mark.parametrize(("rules_id", "players"), [("standard", 4), ("sea-salt-paper", 3), ("boomerang-2010", 3)])
def test_a_shallow_copy_of_an_env_is_a_whole_one(rules_id: str, players: int) -> None:
    """``copy.copy`` of either env is a whole copy, as ``VectorEnv``'s is: a shallow one shared the agents'
    list and the reward dicts, so playing the AEC copy to its end left the original with no agent."""
    import copy

    for make in (bz.env, bz.parallel_env):
        env: Any = make(rules_id, players)
        env.reset(seed=1)
        shallow = copy.copy(env)
        shared = [name for name, value in vars(env).items()
                  if isinstance(value, list | dict | set) and vars(shallow).get(name) is value]
        assert not shared, shared
    aec = bz.env(rules_id, players)
    aec.reset(seed=1)
    shallow = copy.copy(aec)
    for _ in shallow.agent_iter():
        seen, _, done, cut, _ = shallow.last()
        shallow.step(None if done or cut else int(np.flatnonzero(seen["action_mask"])[0]))
    assert aec.agents == aec.possible_agents  # the original is where it was
    aec.step(int(np.flatnonzero(aec.last()[0]["action_mask"])[0]))


@pytest.mark.parametrize(("rules_id", "players"), ALL_GAMES)
def test_observations_stay_in_their_box(rules_id: str, players: int) -> None:
    """Every observation of random games lies in its space (entries in [0, 1]), in both envs."""
    par = bz.parallel_env(rules_id, players)
    space: Any = par.observation_space("player_0")
    assert float(space["observation"].high.max()) == 1.0 and float(space["observation"].low.min()) == 0.0
    for seed in range(3):
        obs, _ = par.reset(seed=seed)
        rng = random.Random(seed)
        while par.agents:
            for a, o in obs.items():
                assert space.contains(o), (a, o)
            obs, *_ = par.step({a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()
                                if o["action_mask"].any()})
        assert all(space.contains(o) for o in obs.values())


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_an_array_handed_to_one_seat_holds_no_other_seats(rules_id: str) -> None:
    """The AEC and parallel envs' observations and masks, ``rl.observe`` and the gymnasium env's
    observation are arrays of their own: a view's ``base`` would hold every seat's observation (hidden cards)."""
    from boomerang_rules import rl
    from boomerang_rules.rl.gym import SingleAgentEnv

    env = bz.env(rules_id, 3)
    env.reset(seed=3)
    rng = random.Random(3)
    for _ in range(12):
        agent = env.agent_selection
        seen, _, terminated, truncated, _ = env.last()
        assert seen["observation"].base is None and seen["action_mask"].base is None
        legal = np.flatnonzero(seen["action_mask"])
        env.step(None if terminated or truncated or not len(legal) else int(rng.choice(legal)))
        assert env.observe(agent)["observation"].base is None
    par = bz.parallel_env(rules_id, 3)
    seen_all, _ = par.reset(seed=3)
    while par.agents:
        for seen in seen_all.values():
            assert seen["observation"].base is None and seen["action_mask"].base is None
        actions = {a: int(rng.choice(np.flatnonzero(s["action_mask"]))) if s["action_mask"].any() else 0
                   for a, s in seen_all.items()}
        seen_all = par.step(actions)[0]
    state = br.new_game(br.load_rules(rules_id), 3, 3)
    assert rl.observe(state, 1).base is None
    single = SingleAgentEnv(rules_id, 3)
    observation, info = single.reset(seed=3)
    assert observation["observations"].base is None and info["action_mask"].base is None


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper"])
def test_no_seats_mask_can_be_written_into_another_seats(rules_id: str) -> None:
    """The mask of the seats selected while owing nothing (action 0 alone: a forced pass) is one
    array, shared, as is the all-zero mask of the seats not selected: read-only (so no seat's writes
    reach another seat's mask), and again after pickling; an owing seat's mask is its own."""
    import pickle

    env = bz.env(rules_id, 3)
    for copy in (env, pickle.loads(pickle.dumps(env))):
        copy.reset(seed=5)
        rng = random.Random(5)
        nothing = 0
        for _ in range(12):
            agent = copy.agent_selection
            mask = copy.last()[0]["action_mask"]
            legal = np.flatnonzero(mask)
            others = [copy.observe(a)["action_mask"] for a in copy.agents if a != agent]
            for other in others:
                assert not other.any()
                with pytest.raises(ValueError, match="read-only"):
                    other[0] = 1
            if copy.possible_agents.index(agent) not in br.to_act(copy.unwrapped._step_start):
                nothing += 1
                assert legal.tolist() == [0]
                with pytest.raises(ValueError, match="read-only"):
                    mask[0] = 0
            else:
                mask[:] = 0  # the seat's own copy: the env's legality is unchanged
                assert len(np.flatnonzero(copy.last()[0]["action_mask"])) == len(legal)
            copy.step(int(rng.choice(legal)))
        assert nothing or rules_id == "standard"


@pytest.mark.parametrize(("rules_id", "players"), ALL_GAMES)
def test_pettingzoo_s_performance_benchmark_runs_every_game(rules_id: str, players: int,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """PettingZoo's ``performance_benchmark`` draws every selected agent's action from its mask
    (``random.choice`` of its legal ids): in the games of turns the seats selected while owing
    nothing pass by action 0, so it runs (it failed on their all-zero masks). Its five seconds
    are made short by its clock, a second a reading."""
    import importlib

    from pettingzoo.test import performance_benchmark

    clock = iter(range(10**6))
    timing = importlib.import_module("pettingzoo.test.performance_benchmark")
    monkeypatch.setattr(timing, "time", types.SimpleNamespace(time=lambda: float(next(clock))))
    performance_benchmark(bz.env(rules_id, players))


@pytest.mark.parametrize("make", [bz.env, bz.parallel_env])
def test_the_observation_key_rllib_reads(make: Any) -> None:
    """``obs_key="observations"`` names the observation as RLlib's action-masking module reads it, in
    the spaces and in every observation; the envs pass PettingZoo's API tests so; another key is refused."""
    from pettingzoo.test import api_test, parallel_api_test

    env = make("sea-salt-paper", 3, obs_key="observations")
    assert sorted(env.observation_space("player_0").spaces) == ["action_mask", "observations"]
    if make is bz.env:
        api_test(env, num_cycles=30)
        env.reset(seed=1)
        assert list(env.observe("player_1")) == ["observations", "action_mask"]
    else:
        parallel_api_test(env, num_cycles=30)
        seen, _ = env.reset(seed=1)
        assert all(list(s) == ["observations", "action_mask"] for s in seen.values())
    assert pickle.loads(pickle.dumps(env)).observation_space("player_0") == env.observation_space("player_0")
    with pytest.raises(ValueError, match="obs_key"):
        make("sea-salt-paper", 3, obs_key="obs")


def test_rllib_wraps_the_envs_with_rllibs_observation_key() -> None:
    """RLlib's ``PettingZooEnv`` and ``ParallelPettingZooEnv`` take the envs as they are, and hand on
    observations under the key its action-masking module reads (no training: CI's example does that)."""
    wrappers = pytest.importorskip("ray.rllib.env.wrappers.pettingzoo_env")
    aec = wrappers.PettingZooEnv(bz.env("boomerang-2010", 3, obs_key="observations"))
    seen, _ = aec.reset(seed=2)
    ((agent, first),) = seen.items()
    assert list(first) == ["observations", "action_mask"]
    seen = aec.step({agent: int(np.flatnonzero(first["action_mask"])[0])})[0]
    assert all(list(s) == ["observations", "action_mask"] for s in seen.values())
    par = wrappers.ParallelPettingZooEnv(bz.parallel_env("boomerang-2010", 3, obs_key="observations"))
    seen, _ = par.reset(seed=2)
    assert sorted(seen) == ["player_0", "player_1", "player_2"]
    assert all(list(s) == ["observations", "action_mask"] for s in seen.values())


def _mask_row(state: Any, seat: int, game: Any) -> Any:
    """``seat``'s legal actions as the 0/1 row the envs hand it, from the plain encoder."""
    return game.encoder.encode_plain(state)[1][seat]


@pytest.mark.parametrize(("rules_id", "players"), [*ALL_GAMES, ("standard", 4), ("sea-salt-paper-extra-salt", 3)])
def test_every_observation_is_observe_and_never_changes_once_handed_out(rules_id: str, players: int) -> None:
    """At every step of a random game, the parallel env's and the AEC env's observations are
    ``rl.observe`` of the state each seat sees, their masks the plain encoder's; and every array
    handed out is kept, then compared again at the end: no later step wrote into one."""
    from boomerang_rules import rl

    handed: list[tuple[Any, Any]] = []  # (array handed out, its copy then)
    par = bz.parallel_env(rules_id, players)
    seen, _ = par.reset(seed=11)
    rng = random.Random(11)
    while True:
        state = par._state
        for seat, agent in enumerate(par.possible_agents):
            got = seen[agent]
            assert np.array_equal(got["observation"], rl.observe(state, seat))
            assert got["observation"].dtype == np.float32 and got["action_mask"].dtype == np.int8
            owes = seat in br.to_act(state) and not br.is_over(state)
            assert np.array_equal(got["action_mask"], _mask_row(state, seat, par.game) if owes else par._zeros)
            handed += [(got["observation"], got["observation"].copy()), (got["action_mask"], got["action_mask"].copy())]
        if not par.agents:
            break
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in seen.items()
                   if o["action_mask"].any()}
        seen = par.step(actions)[0]
    aec = bz.env(rules_id, players)
    aec.reset(seed=11)
    for agent in aec.agent_iter():
        got, _, terminated, truncated, _ = aec.last()
        seat = aec.possible_agents.index(agent)
        start = aec._step_start
        assert np.array_equal(got["observation"], rl.observe(start, seat))
        handed += [(got["observation"], got["observation"].copy()), (got["action_mask"], got["action_mask"].copy())]
        legal = np.flatnonzero(got["action_mask"])
        aec.step(None if terminated or truncated or not len(legal) else int(rng.choice(legal)))
    assert len(handed) > 40
    for array, then in handed:
        assert np.array_equal(array, then)


@pytest.mark.parametrize(("rules_id", "players"), ALL_GAMES)
def test_state_is_every_seats_observation_of_the_game_now_and_the_docs_say_it_holds_hidden_cards(
        rules_id: str, players: int) -> None:
    """``state()`` is every seat's ``rl.observe`` of the game's state now, seat after seat, in both envs (in
    the AEC env mid-cycle too: the state after the cycle's decisions so far): so it holds what no seat may
    see of another's (a twin state, the hidden cards drawn again for seat 0, gives seat 0 the same observation
    and another ``state()``). The docs say so, and what it is for (they said nothing of it)."""
    import pathlib

    from boomerang_rules import rl

    rng = random.Random(5)
    par = bz.parallel_env(rules_id, players)
    seen, _ = par.reset(seed=5)
    hidden = False
    for _ in range(12):
        state = par._state
        assert np.array_equal(par.state(), np.concatenate([rl.observe(state, s) for s in range(players)]))
        assert par.state_space.contains(par.state())
        twin = br.determinize(br.view(state, 0), random.Random(rng.random()))
        assert np.array_equal(rl.observe(twin, 0), seen["player_0"]["observation"])
        hidden |= not np.array_equal(par.game.observe_seats(twin).reshape(-1), par.state())
        seen = par.step({a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in seen.items()
                         if o["action_mask"].any()})[0]
    assert hidden
    aec = bz.env(rules_id, players)
    aec.reset(seed=5)
    for _ in aec.agent_iter(30):
        observed, _, terminated, truncated, _ = aec.last()
        assert np.array_equal(aec.state(), np.concatenate([rl.observe(aec._state, s) for s in range(players)]))
        legal = np.flatnonzero(observed["action_mask"])
        aec.step(None if terminated or truncated else int(rng.choice(legal)))
    page = " ".join((pathlib.Path(__file__).resolve().parents[1] / "docs" / "rl.md").read_text().split())
    assert ("every seat's observation of the game now, seat after seat: **it holds every seat's hidden cards**"
            in page)
    assert "for a centralised critic while training" in page


@pytest.mark.parametrize(("rules_id", "players"), ALL_GAMES)
def test_an_episode_cut_short_hands_every_seat_an_all_zero_mask_in_both_envs(rules_id: str, players: int) -> None:
    """Truncated (``max_cycles``) or ended by an illegal action, the game itself not over: the parallel
    env's last observations mask every action, as its game's end does, as the AEC env and the gymnasium
    env do (it handed the legal actions of a game nobody may play on)."""
    par = bz.parallel_env(rules_id, players, max_cycles=2)
    seen, _ = par.reset(seed=1)
    while par.agents:
        seen, _, _, truncations, _ = par.step({a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in seen.items()
                                               if o["action_mask"].any()})
    assert all(truncations.values())
    assert all(not o["action_mask"].any() for o in seen.values())
    assert par.action_space("player_0").sample() in range(par.game.num_actions)  # detached: any action
    illegal = bz.parallel_env(rules_id, players)
    seen, _ = illegal.reset(seed=1)
    actions = {a: int(np.flatnonzero(o["action_mask"] == 0)[0]) for a, o in seen.items() if o["action_mask"].any()}
    seen, rewards, terminations, _, _ = illegal.step(actions)
    assert all(terminations.values()) and -1.0 in rewards.values()
    assert all(not o["action_mask"].any() for o in seen.values())
    aec = bz.env(rules_id, players, max_cycles=2)
    aec.reset(seed=1)
    for _ in aec.agent_iter():
        observed, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            assert not observed["action_mask"].any()
            aec.step(None)
        else:
            aec.step(int(np.flatnonzero(observed["action_mask"])[0]))


@pytest.mark.parametrize(("rules_id", "players"), ALL_GAMES)
@pytest.mark.parametrize("odd", ["draw", 2.0, True, -1, 10_000, "player_9"])
def test_the_actions_of_seats_owing_nothing_are_checked_as_the_aec_env_checks_them(rules_id: str, players: int,
                                                                                  odd: Any) -> None:
    """A seat owing nothing may be left out of the parallel env's actions, or given any action id (not
    read), or None, as the AEC env takes it; anything else is a ``ValueError`` naming it, the game
    unchanged, in every game alike (the parallel env passed it over in silence where the AEC env refused
    it), and so is an agent the game has not (in a step every seat owes too)."""
    par = bz.parallel_env(rules_id, players)
    seen, _ = par.reset(seed=3)
    rng = random.Random(3)

    def chosen() -> dict[str, Any]:
        return {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in seen.items() if o["action_mask"].any()}

    if odd == "player_9":
        before = par._state
        with pytest.raises(ValueError, match=r"^actions name 'player_9', no agent of this game \(its agents: "):
            par.step({**chosen(), "player_9": 0})
        assert par._state is before and par.agents
        return
    if rules_id == "standard":
        return  # every seat owes every step: each action is read, and checked (test_a_simultaneous_steps_...)
    while all(o["action_mask"].any() for o in seen.values()):  # to a step where a seat owes nothing
        seen = par.step(chosen())[0]
    actions = chosen()
    idle = next(a for a, o in seen.items() if not o["action_mask"].any())
    before = par._state
    with pytest.raises(ValueError, match=rf"^actions\['{idle}'\] must be an integer action id \(0 to "):
        par.step({**actions, idle: odd})
    assert par._state is before and par.agents
    seen = par.step({**actions, idle: 0})[0]  # an idle seat's action id, unread; or None
    par.step({**chosen(), **{a: None for a, o in seen.items() if not o["action_mask"].any()}})


@pytest.mark.parametrize(("rules_id", "players"), ALL_GAMES)
def test_the_aec_env_asks_for_reset_once_its_episode_is_over(rules_id: str, players: int) -> None:
    """Every agent done and removed: ``step``, ``last`` and ``observe`` are a ``RuntimeError`` saying to call
    ``reset``, as the parallel env's ``step`` says it (they raised a bare ``KeyError: 'player_0'``)."""
    aec = bz.env(rules_id, players, max_cycles=2)
    for early in (aec.last, lambda: aec.last(observe=False), lambda: aec.observe("player_0"), lambda: aec.step(0)):
        with pytest.raises(RuntimeError, match=r"^call reset\(\) before "):  # and before any reset
            early()
    aec.reset(seed=1)
    for _ in aec.agent_iter():
        observed, _, terminated, truncated, _ = aec.last()
        aec.step(None if terminated or truncated else int(np.flatnonzero(observed["action_mask"])[0]))
    assert not aec.agents
    for call in (lambda: aec.step(None), lambda: aec.step(0), aec.last, lambda: aec.observe("player_0")):
        with pytest.raises(RuntimeError, match=r"^the game is over: call reset\(\)$"):
            call()
    aec.reset(seed=1)
    assert aec.last()[0] is not None


VARIANTS = tuple(r.id for r in br.list_rules() if r.extends is not None)
"""Every shipped variant ruleset (the games' own rulesets are the tests' above)."""


@pytest.mark.parametrize("rules_id", VARIANTS)
def test_pettingzoos_api_tests_pass_on_every_variant(rules_id: str) -> None:
    """A variant changes the observation's layout (Extra Salt's cards and its ``bound`` slice), the
    engine serving it (the plain engine for the online readings) or the deal: PettingZoo's AEC and
    parallel API tests pass on each, at its most players, as on the games' own rulesets."""
    from pettingzoo.test import api_test, parallel_api_test

    players = br.load_rules(rules_id).players.max
    api_test(bz.env(rules_id, players), num_cycles=60)
    parallel_api_test(bz.parallel_env(rules_id, players), num_cycles=60)


@pytest.mark.parametrize(("rules_id", "players"), ALL_GAMES)
@pytest.mark.parametrize("reward", ["round", "final", "win"])
def test_every_games_rewards_sum_to_what_the_docs_promise_in_both_envs(rules_id: str, players: int,
                                                                      reward: str) -> None:
    """Over a whole game, in the AEC and the parallel env alike: ``"round"`` and ``"final"`` sum to each
    seat's final total (Boomerang (2010)'s starting boomerangs too), ``"win"`` to 1 for each winner, 0
    for the others; the episode ends terminated, not truncated, and every info is empty."""
    def promised(state: Any) -> list[float]:
        if reward == "win":
            return [float(s in br.winners(state)) for s in range(players)]
        return [float(sheet.total) for sheet in br.score_sheets(state)]

    rng = random.Random(players)
    par = bz.parallel_env(rules_id, players, reward=reward)
    obs, infos = par.reset(seed=players)
    summed = dict.fromkeys(par.possible_agents, 0.0)
    while par.agents:
        actions = {a: int(rng.choice(legal)) for a in par.agents
                   if (legal := np.flatnonzero(obs[a]["action_mask"])).size}
        obs, rewards, terminations, truncations, infos = par.step(actions)
        for a, got in rewards.items():
            summed[a] += got
        assert all(info == {} for info in infos.values())
    assert all(terminations.values()) and not any(truncations.values())
    assert [summed[a] for a in par.possible_agents] == promised(par._state)
    aec = bz.env(rules_id, players, reward=reward)
    aec.reset(seed=players)
    total = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        seen, got, terminated, truncated, info = aec.last()
        total[agent] += got
        assert info == {} and not truncated
        aec.step(None if terminated else int(rng.choice(np.flatnonzero(seen["action_mask"]))))
    assert [total[a] for a in aec.possible_agents] == promised(aec.unwrapped._state)


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_render_counts_one_point_or_boomerang_in_the_singular(rules_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game's render wrote "  1 points" of a seat's total and Boomerang (2010)'s "1 boomerangs"
    of a seat's last boomerang (in random games), as the states' ``repr`` and ``str`` did before
    ``core.display.counted`` reached them; each count agrees with its noun now."""
    import importlib
    import re

    import attrs

    plural_one = re.compile(r"(?<![\d.,-])1 (points|boomerangs|cards)\b")
    game = importlib.import_module(f"boomerang_rules.rl.{br.load_rules(rules_id).game.replace('-', '')}"
                                   .replace("boomerangaustralia", "australia"))
    singular: set[str] = set()
    for seed in range(8):
        env = bz.parallel_env(rules_id, players=3, render_mode="ansi")
        obs, _ = env.reset(seed=seed)
        rng = random.Random(seed)
        while env.agents:
            said = env.render()
            assert isinstance(said, str) and not plural_one.search(said), said
            singular |= set(re.findall(r"(?<![\d.,-])1 (point|boomerang)\b", said))
            actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()
                       if o["action_mask"].any()}
            obs, *_ = env.step(actions)
    state = br.new_game(rules_id, 3, 1)
    if rules_id == "sea-salt-paper":  # a total of 1: rare in play
        state = attrs.evolve(state, totals=(1, 0, 2))
    else:
        monkeypatch.setattr(game, "totals", lambda state: [1, 0, 2])
    said = game.describe(state)
    assert not plural_one.search(said) and "  1 point " in said and "  0 points" in said and "  2 points" in said
    assert ("boomerang" in singular) == (rules_id == "boomerang-2010"), singular
