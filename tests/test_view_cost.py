"""A decision costs the same late in a long game as early: views and bots never go back over every
finished round (issue 25, "work that never ends"). Counted in calls, never timed."""

from __future__ import annotations

import importlib
import pickle
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import strategies as bst
from boomerang_rules.core.bots import make_bots, play_game
from boomerang_rules.core.games import game_module
from boomerang_rules.core.loading import rules_from_data
from boomerang_rules.seasaltpaper import bots as ssp_bots
from boomerang_rules.seasaltpaper import engine as ssp_engine

from .helpers import somewhere

ssp_view = importlib.import_module("boomerang_rules.seasaltpaper.view")  # the package's ``view`` is the function
b10_view = importlib.import_module("boomerang_rules.boomerang2010.view")


def _long_sea_salt_paper() -> Any:
    data = br.rules_data(br.load_rules("sea-salt-paper"))
    data["id"] = "long-game"
    data["end_targets"] = {"2": 400, "3": 400, "4": 400}
    return rules_from_data(data)


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, counts: Counter[str]) -> None:
    original = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        counts[name] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)


def _per_decision(rules: Any, counts: Counter[str], names: list[str]) -> tuple[Any, list[tuple[int, Counter[str]]]]:
    """A whole game of bots; per decision, the round it was in and the calls it made."""
    per: list[tuple[int, Counter[str]]] = []
    mark = Counter(counts)

    def on_decision(state: Any, seat: int, action: str) -> None:
        nonlocal mark
        per.append((state.round, counts - mark))
        mark = Counter(counts)

    bots = make_bots(game_module(rules.game).BOTS, names, rules, 3)
    return play_game(rules, bots, 3, on_decision), per


def test_a_sea_salt_paper_decision_scores_as_much_in_the_fortieth_round_as_in_the_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = _long_sea_salt_paper()
    counts: Counter[str] = Counter()
    ssp_view._PAST.clear()
    _counting(monkeypatch, ssp_view, "_past_round", counts)
    # the scorer (the views', the round's end: the engine's tables since a round's end stopped calling
    # points_of) and the greedy bot's card points (engine.hand_points, since the bot stopped calling the
    # whole scorer): "points_of" was patched on the bots' module, which no longer has it (AttributeError)
    for module, name in ((ssp_view, "points_of"), (ssp_engine, "_round_points"), (ssp_bots, "hand_points")):
        _counting(monkeypatch, module, name, counts)
    end, per = _per_decision(rules, counts, ["greedy", "greedy", "greedy"])
    rounds = len(end.history)
    assert rounds >= 30
    # Each finished round is converted for the views once in the whole game, not once per decision
    # (the last one ends the game: no decision sees it).
    assert counts["_past_round"] == rounds - 1
    early = max(c["points_of"] + c["_round_points"] + c["hand_points"] for r, c in per if r == 0)
    late = max(c["points_of"] + c["_round_points"] + c["hand_points"] for r, c in per if r >= rounds - 5)
    assert 0 < late <= early


def test_a_sea_salt_paper_view_reads_each_decision_of_the_round_once_a_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a seat knows of the other hands (``known``) is read from the round's decisions since its
    last view (issue 27): viewing every seat at every decision of a game reads each new decision once
    a seat, never the whole round again, and what it reads is what the whole round tells."""
    rules = br.load_rules("sea-salt-paper")
    counts: Counter[str] = Counter()
    ssp_view._KNOWN.clear()
    _counting(monkeypatch, ssp_view, "_learn", counts)
    per: list[int] = []
    longest = 0

    def on_decision(state: Any, seat: int, action: str) -> None:
        nonlocal longest
        before = counts["_learn"]
        seen = [ssp_view.view(state, s).known for s in range(state.players)]
        per.append(counts["_learn"] - before)
        longest = max(longest, len(state.entries()))
        assert seen == [ssp_view._known(state, s) for s in range(state.players)]

    bots = make_bots(ssp_bots.BOTS, ["greedy", "greedy", "greedy"], rules, 3)
    play_game(rules, bots, 3, on_decision)
    assert longest >= 10 and sum(per) > 0
    assert max(per) <= 3  # one decision more than the last view, for each of the 3 seats


def test_a_boomerang_2010_decision_converts_no_finished_round_again(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = br.load_rules("boomerang-2010")
    counts: Counter[str] = Counter()
    b10_view._PAST.clear()
    _counting(monkeypatch, b10_view, "past_round", counts)
    _counting(monkeypatch, b10_view, "score_sheets", counts)
    end, per = _per_decision(rules, counts, ["greedy", "greedy", "greedy", "greedy", "greedy"])
    assert len(end.history) >= 5
    assert counts["past_round"] == len(end.history) - 1
    assert {c["score_sheets"] for _, c in per} <= {0, 1}  # at most one score a view, whatever the round


SEEDS = st.integers(0, 2**64 - 1)


SHIPPED = bst.rulesets(generated=False)


@settings(max_examples=15, deadline=None)
@given(SHIPPED, st.integers(2, 4), SEEDS, st.data())
def test_a_lazy_view_is_the_view(rules: br.Ruleset, n: int, seed: int, data: st.DataObject) -> None:
    from boomerang_rules.australia.view import lazy_view

    state = somewhere(rules, n, seed, data)
    seat = data.draw(st.integers(0, n - 1), label="seat")
    other = (seat + 1) % n
    plain = br.view(state, seat)
    lazy = lazy_view(state, seat)
    assert lazy == plain and plain == lazy
    assert (lazy != plain) is False and (plain != lazy) is False
    assert hash(lazy) == hash(plain)
    assert repr(lazy) == repr(plain)
    assert pickle.loads(pickle.dumps(lazy)) == plain
    assert type(pickle.loads(pickle.dumps(lazy_view(state, seat)))) is type(plain)
    assert lazy_view(state, seat) != br.view(state, other)  # each view names its seat
    assert (lazy_view(state, seat) == br.view(state, other)) is False
    assert (lazy_view(state, seat) == object()) is False
    assert (lazy_view(state, seat) != object()) is True
    missing = "no_such_field"
    with pytest.raises(AttributeError, match=missing):
        getattr(lazy, missing)


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_the_views_memo_of_finished_rounds_stays_within_its_bound(rules_id: str) -> None:
    """Each game's views keep their finished rounds' conversions in a module-level memo: it is
    emptied when full, so a long-running process (a server viewing many games) holds at most
    ``_PAST_LIMIT`` of them, and a view made past the bound is still right."""
    rules = br.load_rules(rules_id)
    package: Any = game_module(rules.game)
    module: Any = importlib.import_module(f"{package.__name__}.view")
    state = br.new_game(rules, rules.players.min, 6)
    policy = random.Random(6)
    while not br.view(state, 0).past_rounds and not br.is_over(state):
        state = br.step(state, [policy.choice(br.legal_actions(state, seat)) for seat in br.to_act(state)])
    module._PAST.clear()
    fresh = br.view(state, 0).past_rounds
    module._PAST.clear()
    module._PAST.update({-1 - i: None for i in range(module._PAST_LIMIT)})  # full of other games' rounds
    try:
        assert br.view(state, 0).past_rounds == fresh
        assert 0 < len(module._PAST) <= module._PAST_LIMIT
    finally:
        module._PAST.clear()


@pytest.mark.parametrize(("rules_id", "module"), [("standard", "australia"), ("sea-salt-paper", "seasaltpaper"),
                                                  ("boomerang-2010", "boomerang2010")])
def test_a_greedy_game_makes_no_whole_view(rules_id: str, module: str) -> None:
    """The greedy bots read only fields their game's lazy view makes alone (``VIEW_PARTS``), the legal
    actions their check reads among them: a whole view at every decision made Sea Salt & Paper's
    greedy games four times slower (15.2 against 3.8 ms) once the bots checked their actions there."""
    from boomerang_rules.core.lazy_views import lazy_views

    views = importlib.import_module(f"boomerang_rules.{module}.view")
    made = Counter[str]()

    def whole(state: Any, seat: int) -> Any:
        made["view"] += 1
        return views.view(state, seat)

    rules = br.load_rules(rules_id)
    bots = make_bots(game_module(rules.game).BOTS, ["greedy"] * 3, rules, 3)
    end = play_game(rules, bots, 3, view=lazy_views(views.SeatView, whole, views.VIEW_PARTS))
    assert br.is_over(end) and made["view"] == 0
