"""Every shipped ruleset, variants included, through ``boomerang_rules.batch`` (docs/api.md): played
out with its actions returned, those actions replayed through the step API and through the plain
engine to the same totals, game ``i`` dealt as ``new_game(rules, players, seed + i)``; and a ruleset
the kernels refuse (a shipped variant, a deck past their 64-bit masks, in every game) refused by
``compile_rules`` naming the ruleset and why, then played by the plain engine's batch all the same."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
batch = pytest.importorskip("boomerang_rules.batch")

import boomerang_rules as br  # noqa: E402
from boomerang_rules.batch import generic  # noqa: E402
from boomerang_rules.core.loading import rules_from_data  # noqa: E402

from .helpers import deck_of  # noqa: E402

GAMES = 3
SHIPPED = [info.id for info in br.list_rules()]


def _steps(rules: Any, ids: Any) -> list[list[int]]:
    """One game's returned ids as the actions of each step of the plain engine, seat order: Australia's
    ``(players, steps)`` a column a step, the others' ids in order of play (-1: padding)."""
    if ids.ndim == 2:
        return [[int(a) for a in column] for column in ids.T]
    return [[int(a)] for a in ids if a >= 0]


def _pure_totals(rules: Any, players: int, seed: int, ids: Any) -> list[int]:
    """The ids through the plain engine's ``step``: each step's ids for the seats of ``to_act``."""
    state = br.new_game(rules, players, seed)
    pending = [a for step in _steps(rules, ids) for a in step]
    while not br.is_over(state):
        seats = br.to_act(state)
        state, pending = br.step(state, pending[:len(seats)]), pending[len(seats):]
    assert pending == []
    return [sheet.total for sheet in br.score_sheets(state)]


def _step_api_totals(rules: Any, players: int, seed: int, ids: Any) -> Any:
    """The ids through ``init``/``legal_masks``/``step``, each checked legal in its mask; the rewards
    summed are the totals."""
    b = batch.init(rules, players, len(ids), seed)
    queues = [[a for step in _steps(rules, game) for a in step] for game in ids]
    earned = batch.totals(b).astype(np.int64)
    while not b.over:
        masks, seats = batch.legal_masks(b), batch.to_act(b)
        if seats.ndim == 1:  # one seat at a time: its number, -1 once over
            acts = np.array([queues[g].pop(0) if seats[g] >= 0 else 0 for g in range(b.games)])
            assert all(masks[g, acts[g]] for g in range(b.games) if seats[g] >= 0)
        else:
            acts = np.zeros((b.games, players), np.int64)
            for g in range(b.games):
                for seat in np.flatnonzero(seats[g]):
                    acts[g, seat] = queues[g].pop(0)
                    assert masks[g, seat, acts[g, seat]]
        b, rewards = batch.step(b, acts)
        earned += rewards
    assert all(queue == [] for queue in queues) and (earned == batch.totals(b)).all()
    return batch.totals(b)


@pytest.mark.parametrize("rules_id", SHIPPED)
def test_every_shipped_ruleset_plays_out_and_its_actions_replay_to_the_same_totals(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    for players in sorted({rules.players.min, rules.players.max}):
        seed = 30 + players
        totals, ids = batch.playouts(rules, players, GAMES, seed, return_actions=True)
        assert totals.shape == (GAMES, players) and ids.dtype == np.int16
        assert (_step_api_totals(rules, players, seed, ids) == totals).all()
        assert [_pure_totals(rules, players, seed + g, ids[g]) for g in range(GAMES)] == totals.tolist()
        first = batch.legal_masks(batch.init(rules, players, GAMES, seed))
        for g in range(GAMES):  # game g is new_game(seed + g) from its first decision
            state = br.new_game(rules, players, seed + g)
            rows = [first[g]] if first.ndim == 2 else [first[g, seat] for seat in br.to_act(state)]
            legal = [br.legal_actions(state, seat) for seat in br.to_act(state)]
            named = [{br.action_of(rules, int(i)) for i in np.flatnonzero(row)} for row in rows]
            assert named == [set(actions) for actions in legal]


def _doubled(rules_id: str) -> Any:
    """``rules_id``'s deck past the kernels' 64-bit masks: Australia's of 70 cards, Boomerang (2010)'s
    every card twice (Sea Salt & Paper's is Extra Salt's 66 cards, shipped)."""
    data = br.rules_data(br.load_rules(rules_id))
    if data["game"] == "boomerang-australia":
        return deck_of(br.load_rules(rules_id), 70)
    data["cards"] = [{**card, "id": f"{card['id']}{copy or ''}"} for copy in range(2) for card in data["cards"]]
    data["id"] = f"{rules_id}-doubled"
    return rules_from_data(data)


REFUSED = [info.id for info in br.list_rules() if batch.serving(br.load_rules(info.id)) is generic]
"""The shipped rulesets no kernel plays (Extra Salt and two online readings of Sea Salt & Paper)."""


@pytest.mark.parametrize("made", [*REFUSED, *(f"{g}*2" for g in ("standard", "boomerang-2010"))])
def test_a_ruleset_the_kernels_refuse_is_named_with_why_and_played_plainly(made: str) -> None:
    """The refusal names the ruleset in every game and for every reason (the deck's size and a card kind,
    duo effect or rule field the kernels do not know said "its deck has 66 cards" and "it does not
    know..." without naming it); ``playouts`` and ``init`` then serve it through ``generic``."""
    rules = _doubled(made[:-2]) if made.endswith("*2") else br.load_rules(made)
    with pytest.raises(br.RulesError) as refused:
        batch.compile_rules(rules)
    assert str(refused.value).startswith("the batched engine cannot run this ruleset:")
    assert all(p.rule.startswith("batch-") and repr(rules.id) in p.message for p in refused.value.problems)
    assert batch.serving(rules) is generic and isinstance(batch.init(rules, rules.players.min, 1, 0), generic.Batch)
    totals = batch.playouts(rules, rules.players.min, 1, 0)
    assert totals.shape == (1, rules.players.min)


def test_every_game_has_a_shipped_ruleset_the_kernels_play() -> None:
    assert {br.load_rules(r).game for r in SHIPPED if r not in REFUSED} == {info.game for info in br.list_rules()}
