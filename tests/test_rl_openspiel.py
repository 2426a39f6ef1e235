"""The OpenSpiel games pass OpenSpiel's own checks and run its search and regret algorithms."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import boomerang_rules as br

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from boomerang_rules import rl  # noqa: E402
from boomerang_rules.rl import openspiel as bos  # noqa: E402, F401 (registers the games)

GAMES = ["boomerang_australia", "boomerang_australia_turn_based"]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_sim_test(name: str, players: int) -> None:
    game = pyspiel.load_game(name, {"players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_game_type_and_parameters() -> None:
    game = pyspiel.load_game("boomerang_australia(players=3,rules=direction)")
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_players() == 3
    rules = br.load_rules("direction")
    assert game.num_distinct_actions() == br.num_actions(rules)
    assert game.observation_tensor_shape() == [rl.observation_size(rules, 3)]
    turn_based = pyspiel.load_game("boomerang_australia_turn_based")
    assert turn_based.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert turn_based.num_players() == 4


def _play(name: str, players: int, seed: int) -> tuple[object, list[float]]:
    game = pyspiel.load_game(name, {"players": players})
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            state.apply_action(rng.choice(outcomes)[0])
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(players)])
        else:
            for p in range(players):
                assert (p == state.current_player()) == bool(state.legal_actions(p))
            state.apply_action(rng.choice(state.legal_actions()))
    return state, state.returns()


@pytest.mark.parametrize("name", GAMES)
def test_a_game_ends_with_the_engine_totals(name: str) -> None:
    state, returns = _play(name, 3, seed=4)
    engine = state.engine_state  # type: ignore[attr-defined]
    assert br.is_over(engine)
    assert returns == [float(sheet.total) for sheet in br.score_sheets(engine)]


def test_observations_are_the_library_observations() -> None:
    game = pyspiel.load_game("boomerang_australia_turn_based", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(40):
        action = rng.choice(state.chance_outcomes())[0] if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply_action(action)
    for player in range(2):
        assert np.array_equal(np.array(state.observation_tensor(player), np.float32),
                              rl.observe(state.engine_state, player))
        assert state.information_state_string(player) != state.information_state_string(1 - player)
        assert state.observation_string(player)


def test_cloning_shares_the_immutable_state() -> None:
    game = pyspiel.load_game("boomerang_australia", {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    clone = state.clone()
    assert clone.engine_state is state.engine_state
    clone.apply_actions([clone.legal_actions(0)[0], clone.legal_actions(1)[0]])
    assert clone.engine_state is not state.engine_state
    assert br.to_act(state.engine_state) == (0, 1)


def _turn_based_state(players: int, decisions: int, seed: int) -> object:
    game = pyspiel.load_game("boomerang_australia_turn_based", {"players": players})
    state = game.new_initial_state()
    rng = random.Random(seed)
    made = 0
    while made < decisions or state.is_chance_node():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    return state


@pytest.mark.parametrize(("players", "decisions"), [(2, 1), (3, 20), (4, 45)])
def test_resampling_keeps_the_information_state(players: int, decisions: int) -> None:
    state = _turn_based_state(players, decisions, seed=decisions)
    player = state.current_player()  # type: ignore[attr-defined]
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seen = state.information_state_string(player)  # type: ignore[attr-defined]
    hands = set()
    for _ in range(5):
        sample = state.resample_from_infostate(player, sampler)  # type: ignore[attr-defined]
        assert sample.current_player() == player
        assert sample.information_state_string(player) == seen
        assert sample.legal_actions() == state.legal_actions()  # type: ignore[attr-defined]
        hands.add((sample.engine_state.hands, sample.engine_state.taken))
    assert len(hands) > 1  # what the seat cannot see is drawn afresh


def test_ismcts_plays_the_turn_based_game() -> None:
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    game = pyspiel.load_game("boomerang_australia_turn_based", {"players": 2})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(3))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 5, random_state=np.random.RandomState(3))
    returns = pyspiel.evaluate_bots(game.new_initial_state(), [bot, pyspiel.make_uniform_random_bot(1, 3)], 3)
    assert len(returns) == 2 and min(returns) > 0


_CPP_ISMCTS = """
import resource
import pyspiel
from boomerang_rules.rl import openspiel

resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
evaluator = pyspiel.RandomRolloutEvaluator(1, 3)
kuhn = pyspiel.load_game("kuhn_poker").new_initial_state()
kuhn.apply_action(0)
kuhn.apply_action(1)
print("C++ game:", pyspiel.ISMCTSBot(3, evaluator, 2.0, 5).step(kuhn), flush=True)
state = pyspiel.load_game("boomerang_australia_turn_based", {"players": 2}).new_initial_state()
while state.is_chance_node():
    state.apply_action(state.chance_outcomes()[0][0])
action = pyspiel.ISMCTSBot(3, evaluator, 2.0, 5).step(state)
print("Python game:", action in state.legal_actions(), flush=True)
"""


def test_cpp_ismcts_bot_still_cannot_search_a_python_game() -> None:
    """Documents an upstream limitation (OpenSpiel 2.0.2), in a child process since it crashes.

    The C++ ``pyspiel.ISMCTSBot`` needs ``State::ResampleFromInfostate``, which pyspiel's
    trampoline for games written in Python (``PyState``) does not pass on to Python, and C++
    bots crash (segmentation fault) on Python games in this build, OpenSpiel's own
    ``python_kuhn_poker`` too. OpenSpiel's Python ISMCTS plays the game (test above). The day
    this test fails, OpenSpiel has fixed it: say so in README and CHANGELOG, test the bot.
    """
    done = subprocess.run([sys.executable, "-c", _CPP_ISMCTS], capture_output=True, text=True, timeout=600)
    assert "C++ game: " in done.stdout  # the harness works: the bot searches OpenSpiel's C++ kuhn_poker
    assert done.returncode != 0 and "Python game:" not in done.stdout, (
        "OpenSpiel's C++ ISMCTSBot now searches boomerang_australia_turn_based: make it a supported path")


def test_outcome_sampling_mccfr_runs() -> None:
    game = pyspiel.load_game("boomerang_australia_turn_based", {"players": 2})
    solver = pyspiel.OutcomeSamplingMCCFRSolver(game)
    for _ in range(3):
        solver.run_iteration()
    state = _turn_based_state(2, 0, seed=1)
    policy = solver.average_policy().get_state_policy(state)
    assert {a for a, _ in policy} == set(state.legal_actions())  # type: ignore[attr-defined]
    assert sum(p for _, p in policy) == pytest.approx(1.0)
