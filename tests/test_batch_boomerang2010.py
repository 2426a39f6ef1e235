"""The batched Boomerang (2010) engine (numba) against the pure engine: same shuffle, same
legal actions, same totals, on every shipped ruleset and player count, and on rulesets made from
the shipped one with other numbers of boomerangs.

Skipped when the optional extra ``batch`` (numba, numpy) is not installed.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("numba")

import attrs
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import batch
from boomerang_rules.batch import generic
from boomerang_rules.boomerang2010.rules import build, to_data
from boomerang_rules.core.loading import rules_from_data

from .helpers import unchecked_rulesets

VARIANTS = [info.id for info in br.list_rules() if info.game == "boomerang-2010"]


def players_of(variant: str) -> list[int]:
    r = br.load_rules(variant).players
    return list(range(r.min, r.max + 1))


CASES = [(v, n) for v in VARIANTS for n in players_of(v)]


def replay(rules: Any, players: int, seed: int, actions: np.ndarray[Any, Any]) -> Any:
    """Play the recorded ids (-1: padding) through the pure engine's ``step``, one per seat in ``to_act``."""
    s = br.new_game(rules, players, seed=seed)
    d = 0
    while not br.is_over(s):
        seats = br.to_act(s)
        s = br.step(s, [int(a) for a in actions[d:d + len(seats)]])
        d += len(seats)
    assert (actions[d:] == -1).all()
    return s


def sheet_totals(state: Any) -> list[int]:
    return [sheet.total for sheet in br.score_sheets(state)]


def test_every_ruleset_is_covered() -> None:
    assert VARIANTS == ["boomerang-2010"] or len(VARIANTS) > 1
    assert len(CASES) >= 3


def made(**changes: Any) -> Any:
    """The shipped ruleset with ``changes``: Boomerang (2010) ships one ruleset, so the fields the
    kernels read from it (boomerangs each, boomerangs a point) take other values
    only in rulesets made so (as ``tests/test_accel_boomerang2010.py`` makes them)."""
    data = br.rules_data(br.load_rules("boomerang-2010"))
    data.update(id="batch-" + "-".join(changes), **changes)
    return rules_from_data(data)


MADE = [made(boomerangs_each=1), made(boomerangs_each=3, boomerangs_per_point=2), made(boomerangs_per_point=5)]


@pytest.mark.parametrize("rules", MADE, ids=lambda r: r.id)
@pytest.mark.parametrize("players", [3, 5])
def test_playouts_on_rulesets_made_from_the_shipped_one_replay_through_the_pure_engine(rules: Any,
                                                                                      players: int) -> None:
    """Each field the kernels take from the ruleset is read from it: a kernel that kept the shipped
    value (12 boomerangs each, a point for 6) would score these games otherwise than the pure engine."""
    seed, games = 77 * players, 6
    totals, actions = batch.playouts(rules, players, games, seed, return_actions=True)
    for g in range(games):
        assert sheet_totals(replay(rules, players, seed + g, actions[g])) == totals[g].tolist()


@pytest.mark.parametrize(("variant", "players"), CASES)
@pytest.mark.parametrize("policy", ["random", "lowest"])
def test_playouts_replay_through_the_pure_engine(variant: str, players: int, policy: str) -> None:
    rules = br.load_rules(variant)
    seed = 1000 * players + 3
    games = 10
    totals, actions = batch.playouts(rules, players, games, seed, policy=policy, return_actions=True)
    assert totals.shape == (games, players) and actions.dtype == np.int16
    for g in range(games):
        assert sheet_totals(replay(rules, players, seed + g, actions[g])) == totals[g].tolist()
    assert (batch.playouts(rules, players, games, seed, policy=policy) == totals).all()


def test_random_games_throw_and_pass() -> None:
    rules = br.load_rules("boomerang-2010")
    _, actions = batch.playouts(rules, 4, 50, 8, return_actions=True)
    names = batch.action_names(rules)
    used = {names[a] for a in np.unique(actions) if a >= 0}
    assert used == set(names)


@settings(max_examples=15)
@given(seed=st.integers(-(2 ** 70), 2 ** 70), case=st.sampled_from(CASES),
       policy=st.sampled_from(["random", "lowest"]))
def test_any_seed_plays_the_pure_engines_game(seed: int, case: tuple[str, int], policy: str) -> None:
    variant, players = case
    rules = br.load_rules(variant)
    totals, actions = batch.playouts(rules, players, 2, seed, policy=policy, return_actions=True)
    for g in range(2):
        assert sheet_totals(replay(rules, players, seed + g, actions[g])) == totals[g].tolist()


@given(seed=st.integers(-(2 ** 70), 2 ** 70), case=st.sampled_from(CASES))
def test_first_deal_is_new_games(seed: int, case: tuple[str, int]) -> None:
    variant, players = case
    rules = br.load_rules(variant)
    b = batch.init(rules, players, 3, seed)
    for g in range(3):
        state = br.new_game(rules, players, seed=seed + g)
        assert tuple(b.deck[g, :len(state.deck_order)].tolist()) == state.deck_order
        assert int(b.river[g, 0]) == sum(1 << c for c in state.river)
        assert batch.to_act(b)[g].tolist() == [seat in br.to_act(state) for seat in range(players)]


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_step_api_matches_the_pure_engine(variant: str, players: int) -> None:
    """Every step: legal masks, totals (as if the game ended now) and rewards are the pure engine's;
    finished games wait with empty masks while others play on."""
    rules = br.load_rules(variant)
    seed, games = 30, 4
    b = batch.init(rules, players, games, seed)
    states = [br.new_game(rules, players, seed=seed + g) for g in range(games)]
    start = np.array([sheet_totals(s) for s in states])
    assert batch.totals(b).tolist() == start.tolist()
    sampler = batch.sampler(games, 2)
    earned = np.zeros((games, players), np.int64)
    seen_over = 0
    while not b.over:
        masks = batch.legal_masks(b)
        assert masks.shape == (games, players, batch.num_actions(rules))
        for g, s in enumerate(states):
            seen_over += br.is_over(s)
            for seat in range(players):
                assert set(np.flatnonzero(masks[g, seat]).tolist()) == {
                    br.action_id(rules, a) for a in br.legal_actions(s, seat)}
        actions = batch.sample_actions(b, sampler)
        assert ((actions >= 0) == masks.any(axis=2)).all()
        b, rewards = batch.step(b, actions)
        earned += rewards
        for g in range(games):
            if not br.is_over(states[g]):
                states[g] = br.step(states[g], [int(actions[g, seat]) for seat in br.to_act(states[g])])
        assert batch.totals(b).tolist() == [sheet_totals(s) for s in states]
    assert all(br.is_over(s) for s in states) and seen_over > 0
    assert not batch.legal_masks(b).any()
    assert (earned + start).tolist() == batch.totals(b).tolist()
    lowest = batch.init(rules, players, games, seed)
    while not lowest.over:
        batch.step(lowest, batch.legal_masks(lowest).argmax(axis=2))
    assert batch.totals(lowest).tolist() == batch.playouts(rules, players, games, seed, policy="lowest").tolist()


def test_step_refuses_illegal_actions_and_applies_none() -> None:
    rules = br.load_rules("boomerang-2010")
    b = batch.init(rules, 3, 2, 4)
    actions = np.zeros((2, 3), np.int64)
    batch.step(b, actions)  # every seat takes the first land: the hunt begins
    before = (b.gi.copy(), b.cm.copy(), b.deck.copy(), b.totals.copy(), b.decisions)
    hunter = int(np.flatnonzero(batch.to_act(b)[1])[0])
    actions[:] = batch.action_names(rules).index("pass")
    actions[1, hunter] = 0  # a land in the hunt
    with pytest.raises(br.IllegalAction, match=rf"game 1, seat {hunter}: action 0 \('dunes'\) is not legal now; "
                                               "legal: pass, throw"):
        batch.step(b, actions)
    assert (b.gi == before[0]).all() and (b.cm == before[1]).all() and (b.deck == before[2]).all()
    assert (b.totals == before[3]).all() and b.decisions == before[4]
    actions[:] = 99
    with pytest.raises(br.IllegalAction, match=r"game 0, seat \d: action 99 \(no action\)"):
        batch.step(b, actions)
    with pytest.raises(ValueError, match=r"shape \(2, 3\)"):
        batch.step(b, np.zeros(2, np.int64))
    with pytest.raises(TypeError, match="integer action ids"):
        batch.step(b, np.zeros((2, 3)))


def test_refuses_bad_arguments_and_rulesets() -> None:
    rules = br.load_rules("boomerang-2010")
    with pytest.raises(ValueError, match="3 to 5 players, not 2"):
        batch.playouts(rules, 2, 1, 0)
    with pytest.raises(ValueError, match="unknown policy 'best'"):
        batch.playouts(rules, 4, 1, 0, policy="best")
    with pytest.raises(TypeError, match="games must be an integer"):
        batch.playouts(rules, 4, 1.0, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed"):
        batch.init(rules, 4, 1, None)  # type: ignore[arg-type]
    assert batch.playouts(rules, 4, 0, 0).shape == (0, 4)
    data = to_data(rules)
    data["cards"] = data["cards"] + [dict(card, id=f"{card['id']}x") for card in data["cards"][:11]]
    with pytest.raises(br.RulesError, match=r"65 cards.*at most 64"):
        batch.compile_rules(build(data))
    assert isinstance(batch.init(build(data), 4, 1, 0), generic.Batch)  # played by the plain engine
    with unchecked_rulesets():  # a ruleset built by hand is checked (its game's schema): past that here
        mislabelled = attrs.evolve(rules, game="sea-salt-paper")
    with pytest.raises(br.RulesError, match="only boomerang-2010 rulesets here, not 'sea-salt-paper'"):
        batch.playouts(mislabelled, 4, 1, 0)
    with pytest.raises(br.RulesError, match="only boomerang-australia, sea-salt-paper, boomerang-2010 rulesets, "
                                            "not 'dict'"):
        batch.playouts({}, 4, 1, 0)
    b = batch.init(rules, 3, 1, 0)
    while not b.over:
        batch.step(b, batch.legal_masks(b).argmax(axis=2))
    with pytest.raises(br.IllegalAction, match="over"):
        batch.step(b, np.zeros((1, 3), np.int64))


def test_action_names_are_the_engines() -> None:
    rules = br.load_rules("boomerang-2010")
    assert batch.action_names(rules) == tuple(br.action_of(rules, i) for i in range(br.num_actions(rules)))
    assert batch.num_actions(rules) == br.num_actions(rules)


def test_bench_entry_points() -> None:
    for kind in ("playouts", "step_api"):
        games_per_s, decisions_per_s = batch.bench_rates("boomerang-2010", kind, seconds=0.01, games=8)
        assert games_per_s > 0 and decisions_per_s > 20 * games_per_s
    with pytest.raises(ValueError, match="'chess' is neither a game with a batched engine"):
        batch.bench_rates("chess", "playouts")
    games_per_s, decisions_per_s = batch.bench_rates("direction", "playouts", seconds=0.01, games=8)  # a ruleset id
    assert decisions_per_s > games_per_s > 0
    with pytest.raises(ValueError, match="kind must be"):
        batch.bench_rates("boomerang-2010", "fast")
