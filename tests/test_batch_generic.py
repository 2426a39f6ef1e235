"""``batch.generic``: the batch API over the plain engine, for the rulesets no compiled kernel plays
(Extra Salt, the online readings) and for any game: the deal is ``new_game(rules, players,
seed + i)``, ``return_actions`` replays through ``step`` to the same totals, illegal ids apply none."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import boomerang_rules as br
from boomerang_rules import batch
from boomerang_rules.batch import generic, memory

EXTRA = br.load_rules("sea-salt-paper-extra-salt")
GAMES = 3


def _replay_step_api(rules: Any, players: int, seed: int, ids: np.ndarray[Any, Any]) -> Any:
    """Drive ``init``/``legal_masks``/``step`` with the recorded ids: each checked legal in its mask."""
    b = batch.init(rules, players, len(ids), seed)
    at = np.zeros(len(ids), np.int64)
    earned = batch.totals(b).astype(np.int64)
    while not b.over:
        masks = batch.legal_masks(b)
        seats = batch.to_act(b)
        if b.one_seat:
            acts = np.array([ids[g, at[g]] if seats[g] >= 0 else 0 for g in range(b.games)])
            assert all(masks[g, acts[g]] for g in range(b.games) if seats[g] >= 0)
            at += seats >= 0
        else:
            acts = np.zeros((b.games, b.players), np.int64)
            for g in range(b.games):
                for seat in np.flatnonzero(seats[g]):
                    acts[g, seat] = ids[g, at[g]]
                    assert masks[g, seat, acts[g, seat]]
                    at[g] += 1
        b, rewards = batch.step(b, acts)
        earned += rewards
    assert (ids[np.arange(len(ids)), np.minimum(at, ids.shape[1] - 1)][at < ids.shape[1]] == -1).all()
    assert (earned == batch.totals(b)).all()  # the rewards add up to the totals
    return batch.totals(b)


def _replay_pure(rules: Any, players: int, seed: int, ids: np.ndarray[Any, Any]) -> list[int]:
    """The same ids through the pure engine's ``step``, each step's ids for the seats of ``to_act``."""
    s = br.new_game(rules, players, seed)
    row = [int(a) for a in ids if a >= 0]
    while not br.is_over(s):
        seats = br.to_act(s)
        s, row = br.step(s, row[:len(seats)]), row[len(seats):]
    assert row == []
    return [sheet.total for sheet in br.score_sheets(s)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_extra_salt_plays_through_the_batch_and_replays(players: int) -> None:
    assert batch.serving(EXTRA) is generic
    totals, ids = batch.playouts(EXTRA, players, GAMES, 40 + players, return_actions=True)
    assert totals.shape == (GAMES, players) and ids.dtype == np.int16 and (totals >= 0).all()
    assert (_replay_step_api(EXTRA, players, 40 + players, ids) == totals).all()
    for g in range(GAMES):
        assert _replay_pure(EXTRA, players, 40 + players + g, ids[g]) == list(totals[g])


def test_game_i_is_dealt_as_new_game_of_seed_plus_i() -> None:
    b = batch.init(EXTRA, 3, 4, 9)
    assert [s == br.new_game(EXTRA, 3, 9 + i) for i, s in enumerate(b.states)] == [True] * 4
    assert list(batch.to_act(b)) == [br.to_act(br.new_game(EXTRA, 3, 9 + i))[0] for i in range(4)]
    first = batch.legal_masks(b)
    assert first.shape == (4, batch.num_actions(EXTRA)) == (4, br.num_actions(EXTRA))
    assert batch.action_names(EXTRA) == tuple(br.action_of(EXTRA, i) for i in range(br.num_actions(EXTRA)))
    for g, s in enumerate(b.states):
        assert set(np.flatnonzero(first[g])) == {br.action_id(EXTRA, a) for a in br.legal_actions(s, br.to_act(s)[0])}


@pytest.mark.parametrize("variant", ["sea-salt-paper-mermaids-without-white", "sea-salt-paper-boat-from-discards"])
def test_a_base_variant_the_kernels_refuse_plays_plainly(variant: str) -> None:
    rules = br.load_rules(variant)
    with pytest.raises(br.RulesError, match="cannot run this ruleset"):
        batch.compile_rules(rules)
    totals, ids = batch.playouts(rules, 2, GAMES, 5, return_actions=True)
    assert (_replay_step_api(rules, 2, 5, ids) == totals).all()
    assert [_replay_pure(rules, 2, 5 + g, ids[g]) for g in range(GAMES)] == totals.tolist()


@pytest.mark.parametrize("rules_id", ["boomerang-2010", "standard"])
def test_any_game_with_seats_acting_together(rules_id: str) -> None:
    """Served straight by ``generic``: the per-seat shapes of Boomerang (2010) and Australia."""
    rules = br.load_rules(rules_id)
    players = rules.players.min + 1
    totals, ids = generic.playouts(rules, players, 2, 3, return_actions=True)
    b = generic.init(rules, players, 2, 3)
    assert generic.to_act(b).shape == (2, players) and generic.legal_masks(b).shape == (2, players, b.actions)
    at = np.zeros(2, np.int64)
    while not b.over:
        seats = generic.to_act(b)
        acts = np.zeros((2, players), np.int64)
        for g in range(2):
            for seat in np.flatnonzero(seats[g]):
                acts[g, seat], at[g] = ids[g, at[g]], at[g] + 1
        b, _ = generic.step(b, acts)
    assert (generic.totals(b) == totals).all()
    assert [_replay_pure(rules, players, 3 + g, ids[g]) for g in range(2)] == totals.tolist()


def test_sampled_actions_end_every_game() -> None:
    b = batch.init(EXTRA, 2, 2, 1)
    states = batch.sampler(2, 1)
    while not b.over:
        acts = batch.sample_actions(b, states)
        masks = batch.legal_masks(b)
        assert all(masks[g, acts[g]] for g in range(2) if acts[g] >= 0)
        b, _ = batch.step(b, acts)
    assert b.ended.all() and list(batch.to_act(b)) == [-1, -1] and not batch.legal_masks(b).any()
    with pytest.raises(br.IllegalAction, match="over"):
        batch.step(b, np.zeros(2, np.int64))


def test_an_illegal_id_is_refused_and_none_applied() -> None:
    b = batch.init(EXTRA, 2, 2, 1)
    before = list(b.states)
    legal = batch.legal_masks(b)
    good = int(np.flatnonzero(legal[0])[0])
    bad = int(np.flatnonzero(~legal[1])[0])
    with pytest.raises(br.IllegalAction, match=r"game 1, seat \d: action \d+ \('.*'\) is not legal now; legal: "):
        batch.step(b, np.array([good, bad]))
    assert b.states == before
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        batch.step(b, np.zeros((2, 2), np.int64))
    with pytest.raises(TypeError, match="integer action ids"):
        batch.step(b, np.zeros(2))
    with pytest.raises(ValueError, match="unknown policy 'lowest'"):
        batch.playouts(EXTRA, 2, 1, 0, policy="lowest")


def test_what_no_engine_plays_keeps_the_compiled_engine_s_reason() -> None:
    with pytest.raises(br.RulesError, match="only boomerang-australia, sea-salt-paper, boomerang-2010 rulesets"):
        batch.init({}, 2, 1, 0)
    with pytest.raises(br.RulesError, match="only rulesets of"):
        generic.init("standard", 2, 1, 0)


@pytest.mark.parametrize("games", [2**63, 2**40, 10**9])
def test_a_batch_too_large_for_memory_fails_before_any_game_is_dealt(monkeypatch: pytest.MonkeyPatch,
                                                                      games: int) -> None:
    """A count whose games cannot fit the memory fails at once, as the compiled engines' batches do
    (``batch.memory``, naming ``games``), not after dealing games one by one until memory runs out
    (10**9 games' totals fit an array: the plain engine dealt them for hours)."""
    monkeypatch.setattr(memory, "memory_bytes", lambda: 2**38)  # 256 GiB: a billion states need more
    dealt = 0

    def counted(*args: Any) -> Any:
        nonlocal dealt
        dealt += 1
        assert dealt < 100, "games are being dealt for a batch that cannot fit in memory"
        return br.new_game(*args)

    monkeypatch.setattr(generic, "new_game", counted)
    for call in (batch.init, batch.playouts):
        with pytest.raises(ValueError, match=f"^games must be at most [0-9,]+ here, not {games:,}: a batch of"):
            call(EXTRA, 3, games, 1)
    assert dealt == 0


@pytest.mark.parametrize("game", ["boomerang-australia", "sea-salt-paper", "boomerang-2010"])
def test_a_plain_batchs_repr_is_one_line_whatever_the_rulesets_name(game: str, tmp_path: Any) -> None:
    """The plain engine's batch names its ruleset in its ``repr``: a variant file's name holding a newline
    or a bidirectional control made it two lines, the rest drawn right to left; they are escaped, as
    ``replay``, ``play`` and ``str(state)`` show the name."""
    import json

    variant = tmp_path / "v.json"
    variant.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "evil",
                                   "name": "Evil\n\u202eName", "extends": game, "changes": {}}), encoding="utf-8")
    rules = br.load_rules(str(variant))
    shown = repr(generic.init(rules, rules.players.min, 2, 0))
    assert "\n" not in shown and "\u202e" not in shown and "games of Evil\\n\\u202eName (plain engine)" in shown
