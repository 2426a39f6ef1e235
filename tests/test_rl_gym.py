"""The gymnasium single-agent envs: registered for every game, gymnasium's checker, the engine's game
with the library's bots at the other seats, masks, rewards, truncation, pickling, and RLlib's PPO."""

from __future__ import annotations

import importlib.util
import json
import os
import pickle
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

import boomerang_rules as br
from boomerang_rules.core import bots as core_bots
from boomerang_rules.core import rng
from boomerang_rules.core.games import GAMES, game_module

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.envs.registration import EnvSpec  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from boomerang_rules import rl  # noqa: E402
from boomerang_rules.rl import gym as bg  # noqa: E402
from boomerang_rules.rl import seasaltpaper as rl_ssp  # noqa: E402
from boomerang_rules.rl.adapters import adapter_for  # noqa: E402

from .helpers import ssp_to_1000  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GAME_PLAYERS = [(game, n) for game in GAMES for n in range(br.load_rules(game).players.min,
                                                             br.load_rules(game).players.max + 1)]
"""Every game at every player count of its standard ruleset."""


def _play(env: Any, seed: int, policy_seed: int = 0, limit: int = 10_000) -> list[Any]:
    """One episode of ``env`` from ``seed``, actions drawn over the masks by a seeded generator: what it gave."""
    rng = np.random.default_rng(policy_seed)
    obs, info = env.reset(seed=seed)
    seen: list[Any] = [(obs["observations"].tolist(), obs["action_mask"].tolist(), info["seat"])]
    for _ in range(limit):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        seen.append((action, obs["observations"].tolist(), reward, terminated, truncated))
        if terminated or truncated:
            break
    return seen


def test_every_game_is_registered_under_its_name() -> None:
    assert bg.env_id("boomerang-australia") == "boomerang_rules/BoomerangAustralia-v0"
    assert bg.env_id("sea-salt-paper") == "boomerang_rules/SeaSaltPaper-v0"
    assert bg.env_id("boomerang-2010") == "boomerang_rules/Boomerang2010-v0"
    for game in GAMES:
        env = gymnasium.make(bg.env_id(game))
        assert env.unwrapped.game == game
        assert env.unwrapped.rules == br.load_rules(game)
        rules = env.unwrapped.rules
        assert env.unwrapped.players == min(max(4, rules.players.min), rules.players.max)
    bg.register()  # again: nothing changes
    assert sum(name.startswith("boomerang_rules/") for name in gymnasium.registry) == len(GAMES)


def test_an_id_stays_its_games() -> None:
    """``game=`` may name the id's own game, never another (whose ruleset would then play under this id)."""
    australia = bg.env_id("boomerang-australia")
    assert gymnasium.make(australia, game="boomerang-australia").unwrapped.game == "boomerang-australia"
    with pytest.raises(ValueError, match=re.escape("BoomerangAustralia-v0 is the env of boomerang-australia: its game "
                                                   "cannot be 'sea-salt-paper' (that game's env is "
                                                   "boomerang_rules/SeaSaltPaper-v0)")):
        gymnasium.make(australia, game="sea-salt-paper")
    with pytest.raises(ValueError, match=r"its game cannot be 'chess'$"):
        gymnasium.make(australia, game="chess")
    with pytest.raises(ValueError, match="must be a ruleset of boomerang-australia"):
        gymnasium.make(australia, rules="sea-salt-paper")
    spec = gymnasium.spec(australia)
    assert pickle.loads(pickle.dumps(spec)).id == australia
    assert spec.kwargs == {"game": "boomerang-australia"}
    again = EnvSpec.from_json(spec.to_json())  # the entry point a string: the spec serializes
    assert again.entry_point == spec.entry_point and again.kwargs == spec.kwargs
    assert gymnasium.make(again).unwrapped.game == "boomerang-australia"


def test_a_fresh_process_makes_the_env_by_module_and_id() -> None:
    """As a Ray worker does: ``module:id`` imports the module that registers it."""
    code = ("import gymnasium; e = gymnasium.make('boomerang_rules.rl.gym:boomerang_rules/Boomerang2010-v0', "
            "players=3); print(e.unwrapped.game, e.reset(seed=1)[0]['observations'].shape)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split()[0] == "boomerang-2010"


@pytest.mark.parametrize(("game", "players"), GAME_PLAYERS)
def test_gymnasium_check_env(game: str, players: int) -> None:
    env = gymnasium.make(bg.env_id(game), players=players)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env's warnings too
        check_env(env.unwrapped, skip_render_check=True)


def test_check_env_with_render_modes_and_other_options() -> None:
    env = gymnasium.make("boomerang_rules/SeaSaltPaper-v0", players=3, opponents=["greedy", "random"], seat=None,
                         reward="round", render_mode="ansi").unwrapped
    check_env(env)
    text = env.render()
    assert isinstance(text, str)
    assert "learning seat" in text


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_human_render_shows_the_table_at_reset_as_at_each_step(game: str, capsys: pytest.CaptureFixture[str]
                                                                   ) -> None:
    """gymnasium's convention: a "human" env renders in ``reset`` and ``step`` alike (it printed at
    ``step`` alone, so the first table of an episode was never shown); what it prints is the ansi text."""
    shown = bg.SingleAgentEnv(game, 3, seat=1, render_mode="human")
    text = bg.SingleAgentEnv(game, 3, seat=1, render_mode="ansi")
    shown.reset(seed=2)
    text.reset(seed=2)
    assert capsys.readouterr().out == f"{text.render()}\n"
    action = int(np.flatnonzero(shown.action_masks())[0])
    shown.step(action)
    text.step(action)
    assert capsys.readouterr().out == f"{text.render()}\n"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_ansi_render_ends_as_the_docs_say(game: str) -> None:
    """gym.md said the text's last line is the seats to act; the learning seat's line follows it, in
    every game. The page quotes both lines as the env writes them."""
    env = bg.SingleAgentEnv(game, 3, seat=1, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str)
    to_act, learner = text.splitlines()[-2:]
    assert to_act.startswith("  to act: player_") and learner == "  (learning seat: player_1)"
    page = (ROOT / "docs" / "gym.md").read_text(encoding="utf-8")
    assert "`  to act: player_0`, and one of the learning seat, `  (learning seat: player_0)`" in page


@pytest.mark.parametrize(("game", "players"), GAME_PLAYERS)
def test_observations_masks_and_infos_are_the_seats_own(game: str, players: int) -> None:
    """Each step's observation is ``rl.observe`` of the seat (its view only), in the box; the mask is its
    legal actions, the same in the observation, ``info`` and ``action_masks()``; ``info`` holds nothing else
    but the seat (and the public totals at the end)."""
    env = bg.SingleAgentEnv(game=game, players=players, seat=players - 1)
    rng = np.random.default_rng(players)
    obs, info = env.reset(seed=7)
    done = terminated = False
    while True:
        state, seat = env._state, env._me
        assert seat == players - 1 == info["seat"]
        assert env.observation_space.contains(obs)
        np.testing.assert_array_equal(obs["observations"], rl.observe(state, seat))
        legal = br.legal_mask(state, seat)
        expected = [legal >> i & 1 for i in range(env.action_space.n)]
        assert obs["action_mask"].dtype == np.float32
        assert obs["action_mask"].tolist() == expected
        assert info["action_mask"].dtype == np.int8
        assert info["action_mask"].tolist() == expected
        assert env.action_masks().tolist() == [bool(b) for b in expected]
        if done:
            assert set(info) == {"action_mask", "seat", "totals"}
            assert br.is_over(state) == terminated
            assert not any(expected)
            break
        assert set(info) == {"action_mask", "seat"}
        assert not br.is_over(state)
        assert seat in br.to_act(state)
        obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done = terminated or truncated


@pytest.mark.parametrize("game", list(GAMES))
def test_the_same_seed_plays_the_same_episode(game: str) -> None:
    env = gymnasium.make(bg.env_id(game), opponents="greedy")
    first = _play(env, 11)
    assert _play(env, 11) == first
    assert _play(gymnasium.make(bg.env_id(game), opponents="greedy"), 11) == first
    assert _play(env, 12) != first


def _game_seed(seed: int) -> int:
    """The game's seed ``reset(seed=seed)`` deals: the first word of ``seed``'s SplitMix64 stream, halved."""
    return rng.next_u64(rng.seed_state(seed))[1] >> 1


@pytest.mark.parametrize(("game", "players"), GAME_PLAYERS)
def test_the_env_plays_the_engine_game_with_the_library_bots(game: str, players: int) -> None:
    """With the learning seat playing the greedy bot, an episode is ``core.bots.play_game`` of greedy bots
    seeded from the game's seed: the same final state (so the bots are the library's, seeded by seat)."""
    rules = br.load_rules(game)
    seat = players // 2
    env = bg.SingleAgentEnv(rules, players, opponents="greedy", seat=seat, max_decisions=None)
    module = game_module(game)
    game_seed = _game_seed(5)
    me = module.BOTS["greedy"](rules, core_bots.bot_seed(game_seed, seat))
    env.reset(seed=5)
    terminated = False
    while not terminated:
        seen = br.view(env._state, seat)
        _, _, terminated, _, _ = env.step(br.action_id(rules, me.choose(seen, seen.legal_actions)))
    bots = core_bots.make_bots(module.BOTS, ["greedy"] * players, rules, game_seed)
    assert env._state == core_bots.play_game(rules, bots, game_seed)


@pytest.mark.parametrize("game", list(GAMES))
def test_random_bots_given_the_legal_actions_alone_play_as_with_their_view(game: str,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    env = bg.SingleAgentEnv(game=game, opponents="random")
    fast = _play(env, 3)
    monkeypatch.setattr(bg, "VIEWLESS", ())
    assert _play(env, 3) == fast


@pytest.mark.parametrize("game", list(GAMES))
def test_random_bots_drawn_from_the_legal_actions_leave_their_generators_as_choose_does(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The env has a ``RandomBot`` draw from the engine's legal actions (``draw``, not ``choose`` with
    the view): beside a greedy bot, the same episode as through ``choose``, and every bot's generator
    left where ``choose`` leaves it."""
    def generators(env: Any) -> list[Any]:
        return [getattr(bot, "_state", None) for bot in env._bots]

    opponents = ["random", "greedy", "random"]
    env = bg.SingleAgentEnv(game=game, players=4, opponents=opponents)
    fast = _play(env, 4)
    assert env._viewless == [False, True, False, True]
    monkeypatch.setattr(bg, "VIEWLESS", ())
    slow = bg.SingleAgentEnv(game=game, players=4, opponents=opponents)
    assert _play(slow, 4) == fast
    assert slow._viewless == [False] * 4
    assert generators(slow) == generators(env)
    assert all(isinstance(g, int) for g in generators(env)[1::2])


@pytest.mark.parametrize(("game", "players"), [(g, n) for g, n in GAME_PLAYERS if n in (3, 4)])
@pytest.mark.parametrize("reward", bg.REWARDS)
def test_rewards(game: str, players: int, reward: str) -> None:
    env = bg.SingleAgentEnv(game=game, players=players, reward=reward, seat=1, opponents="greedy")
    for seed in range(3):
        seen = _play(env, seed)
        rewards = [step[2] for step in seen[1:]]
        assert seen[-1][3], "played to its end"
        totals = adapter_for(env.rules, players).totals(env._state)
        if reward == "round":
            assert sum(rewards) == totals[1]
            continue
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        if reward == "win":
            assert rewards[-1] == (1.0 if 1 in br.winners(env._state) else 0.0)
        elif reward == "final":
            assert rewards[-1] == totals[1]
        else:
            assert rewards[-1] == totals[1] - max(t for s, t in enumerate(totals) if s != 1)


def test_a_win_rate_against_random_bots_is_about_a_share_of_the_table() -> None:
    """Random play against random bots wins about 1 game in ``players`` (a shared win counting)."""
    env = bg.SingleAgentEnv(game="boomerang-australia", players=4)
    wins = sum(_play(env, seed, policy_seed=seed)[-1][2] for seed in range(200))
    assert 30 <= wins <= 80


@pytest.mark.parametrize("game", list(GAMES))
def test_episodes_are_truncated_after_max_decisions(game: str) -> None:
    env = bg.SingleAgentEnv(game=game, max_decisions=3)
    seen = _play(env, 1)
    assert len(seen) == 4
    assert [s[4] for s in seen[1:]] == [False, False, True]
    assert [s[3] for s in seen[1:]] == [False, False, False]
    observation, info = env.reset(seed=1)
    for _ in range(3):
        assert observation["action_mask"].any() and info["action_mask"].any() and env.action_masks().any()
        observation, _, _, truncated, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
    # nothing more to decide in a truncated episode: every mask all 0, as at a game's end
    assert truncated
    assert not observation["action_mask"].any() and not info["action_mask"].any() and not env.action_masks().any()
    assert bg.SingleAgentEnv(game=game).max_decisions == bg.DEFAULT_MAX_DECISIONS
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


def test_the_default_bound_grows_with_the_ruleset_s_longest_game(tmp_path: Any) -> None:
    """Random play to a target of 1,000 took 3,691 to 4,706 decisions a seat (12 games at each of 2, 3 and
    4 players): the fixed default of 2,000 truncated every such episode. The default is
    ``DEFAULT_MAX_DECISIONS`` times ``rl.truncation.length_scale`` (10 there, 1 for the shipped rulesets);
    a bound given is kept as given."""
    path = ssp_to_1000(tmp_path)
    assert bg.SingleAgentEnv(path, 2).max_decisions == 10 * bg.DEFAULT_MAX_DECISIONS
    assert bg.SingleAgentEnv(path, 2, max_decisions=2_000).max_decisions == 2_000  # a number given is kept
    assert bg.SingleAgentEnv("sea-salt-paper", 2).max_decisions == bg.DEFAULT_MAX_DECISIONS
    env = bg.SingleAgentEnv(path, 2, reward="round")
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    decisions = 0
    while True:
        obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += 1
        if terminated or truncated:
            break
    assert terminated and not truncated and decisions > bg.DEFAULT_MAX_DECISIONS
    assert max(info["totals"]) >= 1000


def test_a_policy_that_never_ends_a_round_is_truncated_by_default() -> None:
    """Sea Salt & Paper: a seat that always draws and ends its turn never calls STOP; the default bound ends it."""
    rules = br.load_rules("sea-salt-paper")
    env = bg.SingleAgentEnv(rules, 2, opponents="random")
    names = rl_ssp.action_names(rules)
    obs, _ = env.reset(seed=0)
    decisions = 0
    while True:
        legal = [names[i] for i in np.flatnonzero(obs["action_mask"])]
        prefer = [a for a in legal if a in ("draw", "end", "pass")] or [a for a in legal if a.startswith("keep")]
        obs, _, terminated, truncated, _ = env.step(names.index(prefer[0] if prefer else legal[0]))
        decisions += 1
        if terminated or truncated:
            break
    assert decisions <= bg.DEFAULT_MAX_DECISIONS
    assert terminated or decisions == bg.DEFAULT_MAX_DECISIONS


@pytest.mark.parametrize("game", list(GAMES))
def test_illegal_actions(game: str) -> None:
    env = bg.SingleAgentEnv(game=game)
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    assert not obs["action_mask"].any()
    assert not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="episode is over"):
        env.step(0)

    strict = bg.SingleAgentEnv(game=game, illegal="raise", illegal_reward=-5)
    obs, _ = strict.reset(seed=2)
    before = strict._state
    with pytest.raises(br.IllegalAction, match=f"action {illegal} .* is not legal for seat 0 now; legal: "):
        strict.step(illegal)
    assert strict._state is before
    strict.step(int(np.flatnonzero(obs["action_mask"])[0]))  # and it plays on
    n = strict.action_space.n
    for bad in (n, -1, 1.0, "draw", None, True):
        with pytest.raises(ValueError, match=r"action must be an integer action id \(0 to"):
            strict.step(bad)
    strict.step(np.int64(np.flatnonzero(strict.action_masks())[0]))  # numpy integers are integers
    with pytest.raises(RuntimeError, match="call reset"):
        bg.SingleAgentEnv(game=game).step(0)


def test_bad_arguments_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match=r"rules must be a ruleset of sea-salt-paper, not 'standard', a ruleset "
                                         r"of boomerang-australia \(its env is boomerang_rules/BoomerangAustralia-v0"):
        gymnasium.make("boomerang_rules/SeaSaltPaper-v0", rules="standard")
    gymnasium.make("boomerang_rules/SeaSaltPaper-v0", rules="sea-salt-paper-tie-ender")  # a variant of the game
    gymnasium.make("boomerang_rules/BoomerangAustralia-v0", rules=br.load_rules("direction"))
    cases: list[tuple[dict[str, Any], type, str]] = [
        ({"players": 6}, ValueError, "players must be a player count of 'standard' from 2 to 4, not 6"),
        ({"players": "4"}, TypeError, "players must be"),
        ({"opponents": "genius"}, ValueError, "opponents: unknown bot 'genius'"),
        ({"opponents": "ismcts:0"}, ValueError, "opponents: 'ismcts:0': the number after 'ismcts:' is its playouts "
         "a decision, a whole number from 1 to 1,000,000"),  # as make_bots and --bots tell it
        ({"opponents": ["random"]}, ValueError, "opponents must be a bot name or a list of 3"),
        ({"opponents": ["random", 1, "greedy"]}, TypeError, r"opponents\[1\] must be a bot name"),
        ({"opponents": 3}, TypeError, "opponents must be a bot name"),
        ({"seat": 4}, ValueError, "seat must be a seat of the 4-player game from 0 to 3"),
        ({"reward": "points"}, ValueError, "reward must be 'win' or 'margin'"),
        ({"illegal": "ignore"}, ValueError, "illegal must be 'lose' or 'raise'"),
        ({"illegal_reward": "-1"}, TypeError, "illegal_reward must be a number"),
        ({"illegal_reward": float("nan")}, ValueError, "illegal_reward must be a finite number, not nan"),
        ({"illegal_reward": float("-inf")}, ValueError, "illegal_reward must be a finite number, not -inf"),
        ({"max_decisions": 0}, ValueError, "max_decisions must be a positive integer or None"),
        ({"render_mode": "rgb_array"}, ValueError, "render_mode must be None"),
        ({"game": "chess"}, ValueError, "game must be one of"),
        ({"rules": 42}, TypeError, "rules"),
    ]
    for kwargs, error, message in cases:
        with pytest.raises(error, match=message):
            bg.SingleAgentEnv(**{"game": "boomerang-australia", **kwargs})
    with pytest.raises(ValueError, match="rules must be given"):
        bg.SingleAgentEnv()
    env = bg.SingleAgentEnv(game="boomerang-2010")
    with pytest.raises(TypeError, match="seed must be an integer seed or None"):
        env.reset(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be a non-negative integer or None"):
        env.reset(seed=-1)
    assert bg.SingleAgentEnv(game="boomerang-2010", opponents="ismcts:2").opponents == ("ismcts:2",) * 3


def test_np_random_is_made_when_read_from_the_last_seed() -> None:
    """A seeded reset deals from its seed's stream and leaves gymnasium's generator to be made when read:
    the same generator as gymnasium's own ``reset`` makes, the games after it drawn from that generator."""
    env = bg.SingleAgentEnv(game="sea-salt-paper")
    first = env.reset(seed=7)
    assert env.__dict__["_np_random_made"] is None
    assert env.np_random_seed == 7
    made = gymnasium.utils.seeding.np_random(7)[0]
    assert env.np_random.bit_generator.state == made.bit_generator.state
    second = env.reset()  # drawn from np_random: one word of it seeds the next game's stream
    assert env.np_random.bit_generator.state != made.bit_generator.state
    again = bg.SingleAgentEnv(game="sea-salt-paper")
    assert np.array_equal(again.reset(seed=7)[0]["observations"], first[0]["observations"])
    assert np.array_equal(again.reset()[0]["observations"], second[0]["observations"])  # np_random never read first
    games = []
    for user_seed in (3, 3, 4):  # a generator of the user's: the next unseeded game drawn from it
        env = bg.SingleAgentEnv(game="sea-salt-paper")
        env.np_random = np.random.default_rng(user_seed)
        assert env.np_random_seed == -1
        env.reset()
        games.append(env._state)
    assert games[0] == games[1] != games[2]


def test_seeds_past_64_bits_and_generators_pickled_in_gymnasiums_attribute() -> None:
    """A seed past 64 bits deals its own game (its higher words folded in), not its low word's; an env
    pickled with its generator in gymnasium's own ``_np_random`` keeps that generator when unpickled."""
    env = bg.SingleAgentEnv(game="boomerang-2010")
    env.reset(seed=2**64 + 7)
    wide = env._state
    env.reset(seed=7)
    assert env._state != wide
    again = bg.SingleAgentEnv(game="boomerang-2010")
    again.reset(seed=2**64 + 7)
    assert again._state == wide
    env.reset()
    state = dict(env.__dict__)
    made = np.random.default_rng(42)
    state.pop("_np_random_made")
    state.pop("_np_random_pending")
    state["_np_random"] = made  # as gymnasium's Env keeps it
    old = bg.SingleAgentEnv.__new__(bg.SingleAgentEnv)
    old.__setstate__(state)
    assert old.np_random is made


def test_a_seat_drawn_at_each_reset() -> None:
    env = bg.SingleAgentEnv(game="boomerang-australia", players=3, seat=None)
    seats = {env.reset(seed=s)[1]["seat"] for s in range(30)}
    assert seats == {0, 1, 2}
    assert env.reset(seed=4)[1]["seat"] == env.reset(seed=4)[1]["seat"]


@pytest.mark.parametrize("game", list(GAMES))
def test_envs_and_spaces_pickle_and_play_on(game: str) -> None:
    env = bg.SingleAgentEnv(game=game, opponents=["greedy", "random", "ismcts:3"])
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=9)
    for _ in range(3):
        obs, *_ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    copy = pickle.loads(pickle.dumps(env))
    for _ in range(10):
        mask = obs["action_mask"]
        action = copy.action_space.sample()
        assert mask[action] == 1  # the copy's space samples from the copy's mask
        a, b = env.step(action), copy.step(action)
        assert a[0]["observations"].tolist() == b[0]["observations"].tolist()
        assert a[1:4] == b[1:4]
        obs = a[0]
        if a[2] or a[3]:
            break
    for space in (env.observation_space, env.action_space):
        assert pickle.loads(pickle.dumps(space)) == space
    detached = pickle.loads(pickle.dumps(env.action_space))
    assert 0 <= detached.sample() < detached.n


@pytest.mark.parametrize("game", list(GAMES))
def test_a_shallow_copy_of_an_env_is_a_whole_one(game: str) -> None:
    """``copy.copy(env)`` is a whole copy, as ``VectorEnv``'s is: a shallow one shared the bots (their
    generators: stepping one env changed the other's opponents' draws) and the action space, which the
    copy tied to itself, so the original's ``action_space.sample()`` drew from the copy's mask (an
    illegal action for the original once they had moved apart)."""
    import copy

    env = bg.SingleAgentEnv(game=game)
    env.reset(seed=4)
    shallow, whole = copy.copy(env), copy.deepcopy(env)
    assert shallow.action_space is not env.action_space and shallow._bots[1] is not env._bots[1]

    def play(played: bg.SingleAgentEnv, take: int) -> list[Any]:
        """Up to 12 decisions, each the ``take``-th legal action: every step's reward, ends and observation."""
        out = []
        for _ in range(12):
            legal = np.flatnonzero(played.action_masks())
            if not legal.size:
                break
            obs, *rest, _ = played.step(int(legal[take % legal.size]))
            out.append((*rest, obs["observations"].tolist()))
        return out

    moved = play(shallow, -1)  # the copy moves away from the original
    assert moved
    for _ in range(20):
        assert env.action_masks()[env.action_space.sample()]  # the original's space draws from its own mask
    assert play(env, 0) == play(whole, 0)  # and the original plays on as its untouched deep copy


def test_the_unmasked_sample_is_always_legal() -> None:
    env = bg.SingleAgentEnv(game="sea-salt-paper", players=3)
    env.action_space.seed(0)
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            action = env.action_space.sample()
            assert obs["action_mask"][action] == 1
            obs, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated


def test_the_docs_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "gym.md").read_text(encoding="utf-8"), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/gym.md", "exec"), {})
    assert capsys.readouterr().out.startswith(("won", "lost"))


def test_every_gymnasium_make_the_docs_show_finds_its_env() -> None:
    """Each ``gymnasium.make(ID`` of the README and the pages is one a reader can run: the id is
    registered only by importing ``boomerang_rules.rl.gym`` (there is no entry point), so the text
    just before it says so, or the id names the module (``boomerang_rules.rl.gym:ID``). The README
    gave ``gymnasium.make("boomerang_rules/SeaSaltPaper-v0", ...)`` alone: NamespaceNotFound."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    calls = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for found in re.finditer(r'gymnasium\.make\("([^"]+)"', text):
            calls += 1
            before = text[max(0, found.start() - 300):found.start()]
            assert found.group(1).startswith("boomerang_rules.rl.gym:") or "import boomerang_rules.rl.gym" in before, \
                (page.name, found.group(0))
    assert calls >= 2
    bare = subprocess.run([sys.executable, "-c", "import gymnasium; gymnasium.make('boomerang_rules/SeaSaltPaper-v0')"],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert bare.returncode != 0 and "NamespaceNotFound" in bare.stderr  # why the import must be shown


RLLIB = importlib.util.find_spec("ray") is not None and importlib.util.find_spec("ray.rllib") is not None \
    and importlib.util.find_spec("torch") is not None


@pytest.mark.skipif(not RLLIB, reason="the extra rllib (ray[rllib], torch) is not installed (.ci/run installs it)")
def test_the_rllib_example_trains_ppo_with_action_masking() -> None:
    """``examples/rllib_ppo.py`` on a local Ray instance, two small iterations, over the shipped env by id."""
    env = {**os.environ, "RAY_DEDUP_LOGS": "0", "PYTHONWARNINGS": "ignore"}
    out = subprocess.run([sys.executable, str(ROOT / "examples" / "rllib_ppo.py"), "--rules", "boomerang-2010",
                          "--players", "3", "--iterations", "2", "--batch", "300", "--minibatch", "100",
                          "--epochs", "2", "--cpus", "2"],
                         capture_output=True, text=True, timeout=600, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    lines = [line for line in out.stdout.splitlines() if line.startswith("iteration")]
    assert [line.split(":")[0] for line in lines] == ["iteration   1", "iteration   2"], out.stdout
    for line in lines:
        mean = float(line.split("mean reward")[1].split()[0])
        assert 0.0 <= mean <= 1.0  # the share of games won


def test_the_rllib_example_takes_one_opponent_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    """``--opponents greedy,random`` is one bot per other seat, as the env's ``opponents`` list; a
    count that does not fit is refused by the env's own check before Ray starts (exit 2)."""
    spec = importlib.util.spec_from_file_location("rllib_ppo", ROOT / "examples" / "rllib_ppo.py")
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    assert example.parse(["--opponents", "greedy, random"]).opponents == ["greedy", "random"]
    assert example.parse(["--opponents", "ismcts:5"]).opponents == "ismcts:5"
    if not RLLIB:
        return
    assert example.main(["--players", "3", "--opponents", "greedy,random,random"]) == 2
    assert "opponents must be a bot name or a list of 2 (one per other seat), not 3" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "message"), [
    (["--cpus", "0"], "--cpus must be at least 1, not 0"),
    (["--cpus", "-2"], "--cpus must be at least 1, not -2"),
    (["--cpus", "1", "--runners", "2"], "--runners 2 needs as many CPUs, --cpus gives 1"),
])
def test_the_rllib_example_refuses_cpus_its_runners_cannot_run_on(argv: list[str], message: str,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A usage error (exit 2) before Ray starts: with ``--cpus 0`` (or fewer CPUs than env runners, each
    taking one) Ray waited for ever for a CPU to run a runner on; ``--cpus -2`` was Ray's own error, exit 1."""
    spec = importlib.util.spec_from_file_location("rllib_ppo", ROOT / "examples" / "rllib_ppo.py")
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    with pytest.raises(SystemExit) as exit_:
        example.parse(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err
    assert example.parse(["--cpus", "1"]).cpus == 1  # one runner, one CPU
    assert example.parse(["--cpus", "1", "--runners", "0"]).runners == 0  # sampling in the driver


@pytest.mark.skipif(not RLLIB, reason="the extra rllib (ray[rllib], torch) is not installed (.ci/run installs it)")
def test_the_rllib_example_refuses_more_runners_than_the_machines_cpus(capsys: pytest.CaptureFixture[str]) -> None:
    """With no ``--cpus``, the local instance has the machine's CPUs: more runners than that are refused once
    Ray is up, before any runner starts (Ray waited for ever: ``--runners 3`` on a 2-core machine)."""
    spec = importlib.util.spec_from_file_location("rllib_ppo", ROOT / "examples" / "rllib_ppo.py")
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    assert example.main(["--runners", "1000"]) == 2
    assert re.search(r"--runners 1000 needs as many CPUs, the local Ray instance has \d+ \(--cpus\)$",
                     capsys.readouterr().err.strip())


@pytest.mark.parametrize("rules_id", ["direction", "sea-salt-paper-tie-ender", "boomerang-2010"])
def test_rules_given_as_a_path_object_are_loaded(rules_id: str, tmp_path: Path) -> None:
    """``rules`` as a path object (``pathlib.Path``: ``load_rules`` takes one, and the docs say "a path")
    makes the env of that ruleset, in the gymnasium env and the PettingZoo envs alike (it was refused:
    "rules must be a loaded ruleset (see load_rules), not PosixPath")."""

    path = tmp_path / "mine.json"
    path.write_text(json.dumps(br.rules_data(br.load_rules(rules_id)) | {"id": "mine"}), encoding="utf-8")
    mine = br.load_rules(path)
    assert bg.SingleAgentEnv(rules=path).rules == mine
    assert adapter_for(path, 3).rules == mine
    pz = pytest.importorskip("boomerang_rules.rl.pettingzoo")
    assert pz.env(rules=path, players=3).unwrapped.game.rules == mine
    assert pz.parallel_env(rules=path, players=3).game.rules == mine


def test_the_rllib_example_exits_as_the_cli_does_on_a_ruleset_it_cannot_use(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--rules`` is refused as the command line's ``--rules`` is, before Ray starts: exit 1 for a file that
    breaks the rules' schema (it was 2, a usage error), 2 for one that cannot be read."""
    spec = importlib.util.spec_from_file_location("rllib_ppo", ROOT / "examples" / "rllib_ppo.py")
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    broken = tmp_path / "broken.json"
    broken.write_text('{"id": "broken", "game": "sea-salt-paper", "duos": "x"}')
    assert example.main(["--rules", str(broken)]) == 1
    assert f"rllib_ppo.py: {broken}" in capsys.readouterr().err
    assert example.main(["--rules", str(tmp_path / "missing.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def _short_game(tmp_path: Path) -> Path:
    """A Sea Salt & Paper variant whose game may end before a seat's first decision: a target of 1
    point, and a round that any seat may end at once (no card points needed)."""

    path = tmp_path / "short.json"
    path.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "short", "name": "Short",
                                "extends": "sea-salt-paper",
                                "changes": {"end_targets": {"2": 1, "3": 1, "4": 1}, "round_end": {"min_points": 0}}}),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("seat", [3, None])
def test_a_reset_always_hands_the_learner_a_decision(seat: int | None, tmp_path: Path) -> None:
    """An episode is the learning seat's decisions: a game the bots end before the seat's first one (a
    variant's short game) is dealt again from the stream, never handed out finished (``reset`` gave an
    all-0 mask, and the first ``step`` raised "the episode is over")."""
    env = bg.SingleAgentEnv(_short_game(tmp_path), 4, seat=seat)
    for seed in (2, 13, 57):  # each deals a first game over before seat 3's (or the drawn seat's) first decision
        obs, info = env.reset(seed=seed)
        assert obs["action_mask"].any() and env.action_masks().any() and "totals" not in info
        assert (obs["observations"] == rl.observe(env._state, info["seat"])).all()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        again, _ = env.reset(seed=seed)  # still a function of the seed
        assert (again["observations"] == obs["observations"]).all()
    first = bg.SingleAgentEnv(_short_game(tmp_path), 4, seat=seat).reset(seed=1)[0]
    assert (first["observations"] == env.reset(seed=1)[0]["observations"]).all()  # a game handed out as it was


def test_a_ruleset_that_never_reaches_the_learner_is_refused_with_the_reason(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Games that all end before the seat's first decision: a clear error after ``MAX_DEALS`` deals, not a loop."""
    env = bg.SingleAgentEnv(_short_game(tmp_path), 4, seat=3)
    finished = env.reset(seed=2)[1]  # a game: to be replaced by one already over
    state, pick = br.new_game(env.rules, 4, 0), np.random.default_rng(0)
    while not br.is_over(state):
        state = br.step(state, [pick.choice(br.legal_actions(state, s)) for s in br.to_act(state)])
    monkeypatch.setattr(env._adapter, "new_state", lambda seed: state)
    with pytest.raises(RuntimeError, match=rf"{bg.MAX_DEALS} games of 'short' at 4 players in a row ended before "
                                           r"seat 3's first decision"):
        env.reset(seed=2)
    with pytest.raises(RuntimeError, match="the episode is over: call reset"):
        env.step(0)
    assert finished["seat"] == 3


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
def test_gymnasiums_vector_env_plays_each_env_as_it_plays_alone(game: str, mode: str) -> None:
    """``gymnasium.make_vec`` over the registered env, in either autoreset mode its metadata declares:
    reset with a list of seeds or one, observations in the batched space (float32, in [0, 1]), the
    same as the env alone on the same seeds, every info key masked by its ``_key``, episodes reset as
    the mode says (the next step, or the same one with ``final_obs`` and ``final_info``)."""
    from gymnasium.vector import AutoresetMode

    autoreset = AutoresetMode(mode)
    vec = gymnasium.make_vec(bg.env_id(game), num_envs=2, vectorization_mode="sync", players=3, reward="round",
                             vector_kwargs={"autoreset_mode": autoreset})
    assert vec.metadata["autoreset_mode"] == autoreset
    assert vec.single_observation_space == bg.SingleAgentEnv(game=game, players=3).observation_space
    alone = [bg.SingleAgentEnv(game=game, players=3, reward="round") for _ in range(2)]
    listed = vec.reset(seed=[5, 9])[0]["observations"]
    assert listed.tolist() == [env.reset(seed=s)[0]["observations"].tolist() for env, s in zip(alone, (5, 9))]
    assert vec.reset(seed=5)[0]["observations"].tolist() == [env.reset(seed=s)[0]["observations"].tolist()
                                                             for env, s in zip(alone, (5, 6))]
    mine = [env.reset(seed=s)[0] for env, s in zip(alone, (5, 6))]
    obs, info = vec.reset(seed=5)
    rng = np.random.default_rng(0)
    ended = [False, False]
    for _ in range(400):
        assert obs["observations"].dtype == np.float32 and vec.observation_space.contains(obs)
        assert info["_action_mask"].all() and info["_seat"].all()
        for i in range(2):
            assert np.array_equal(obs["observations"][i], mine[i]["observations"])
        actions = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, info = vec.step(actions)
        for i, env in enumerate(alone):
            if ended[i]:  # NextStep: this step reset it
                mine[i] = env.reset()[0]
                ended[i] = False
                continue
            mine[i], reward, term, trunc, own = env.step(int(actions[i]))
            assert (reward, term, trunc) == (rewards[i], terminated[i], truncated[i])
            if term or trunc:
                if autoreset == AutoresetMode.NEXT_STEP:
                    assert info["_totals"][i] and tuple(info["totals"][i]) == own["totals"]
                    ended[i] = True
                else:
                    assert info["_final_obs"][i] and tuple(info["final_info"]["totals"][i]) == own["totals"]
                    assert np.array_equal(info["final_obs"][i]["observations"], mine[i]["observations"])
                    mine[i] = env.reset()[0]
    vec.close()
    vec.close()


@pytest.mark.parametrize("rules_id", [r.id for r in br.list_rules() if r.extends is not None])
def test_gymnasium_check_env_on_every_variant(rules_id: str) -> None:
    """gymnasium's ``check_env`` passes on every shipped variant ruleset (another observation layout,
    engine or deal than its game's own ruleset), at its fewest and most players."""
    rules = br.load_rules(rules_id)
    for players in (rules.players.min, rules.players.max):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            check_env(bg.SingleAgentEnv(rules=rules_id, players=players), skip_render_check=True)
