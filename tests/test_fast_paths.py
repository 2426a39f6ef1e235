"""The engine's fast paths against the plain reading of the rules in ``reference``: deals, score
sheets through ``apply`` and ``step``, the accept/refuse answer for any seat and action (junk
included), and the unrolled 4-player code against the general code."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules.australia import dealing, engine, tables
from boomerang_rules.core import rng

from . import reference
from .helpers import australia_ids, deck_of, one_site_regions

VARIANTS = [br.load_rules(name) for name in australia_ids()]
CASES = [(rules, n) for rules in VARIANTS for n in range(rules.players.min, rules.players.max + 1)]
DECKS = [(14, 2), (21, 3), *((size, n) for size in (30, 31, 40) for n in (2, 3, 4))]
"""Decks of other sizes, with a player count each: every hand dealt from the whole deck (14, 21),
or more cards than the shipped 28."""


def ids_of(rules: br.Ruleset, masks: tuple[int, ...]) -> list[list[str]]:
    cards = sorted(c.id for c in rules.cards)
    return [[cards[i] for i in range(len(cards)) if m >> i & 1] for m in masks]


def play_both(rules: br.Ruleset, players: int, seed: int, by_step: bool) -> tuple[br.GameState, reference.Game]:
    """One seeded random game played by the engine (``apply`` or ``step``) and by the reference."""
    ref = reference.Game(rules, players, reference.deals(rules, players, seed))
    s = br.new_game(rules, players, seed)
    choose = random.Random(seed)
    while not br.is_over(s):
        seats = br.to_act(s)
        actions: list[str | int] = []
        for seat in seats:
            legal = br.legal_actions(s, seat)
            assert list(legal) == ref.legal(seat)
            action = choose.choice(legal)
            actions.append(br.action_id(rules, action) if choose.random() < 0.3 else action)
            if not by_step:
                s = br.apply(s, seat, actions[-1])
        if by_step:
            s = br.step(s, actions)
        for seat, taken in zip(seats, actions):
            ref.apply(seat, taken)
    assert ref.over()
    return s, ref


@pytest.mark.parametrize(("rules", "players"), CASES, ids=lambda x: getattr(x, "id", str(x)))
@pytest.mark.parametrize("by_step", [False, True], ids=["apply", "step"])
def test_seeded_games_score_as_the_plain_rules_say(rules: br.Ruleset, players: int, by_step: bool) -> None:
    for seed in (players, 1000 + players, 2**63 + 7):
        s, ref = play_both(rules, players, seed, by_step)
        dealt = [[sorted(hand) for hand in hands] for hands in reference.deals(rules, players, seed)]
        assert [ids_of(rules, r.dealt) for r in s.progress.rounds] == dealt
        assert [sheet.as_dict() for sheet in br.score_sheets(s)] == ref.sheets()


def shaped(rules: br.Ruleset, hand: int, players: int, directions: str, **changes: Any) -> br.Ruleset:
    """``rules`` dealing ``hand`` cards a seat to up to ``players`` seats, one round per letter of
    ``directions`` (``l`` left, ``r`` right), with ``changes`` made to the data."""
    from boomerang_rules.core.loading import rules_from_data

    data = br.rules_data(rules)
    table = data["scoring"]["activities"]["table"]
    data["scoring"]["activities"]["table"] = [*table, *(table[-1] + 5 * k for k in range(1, hand + 2 - len(table)))]
    data.update(id=f"{rules.id}-{hand}x{players}-{directions}", hand_size=hand, players={"min": 1, "max": players},
                rounds=len(directions), pass_directions=["left" if d == "l" else "right" for d in directions],
                **changes)
    made = rules_from_data(data)
    assert isinstance(made, br.Ruleset)
    return made


EDGES = [(shaped(VARIANTS[0], 2, 14, "lrl"), 14), (shaped(VARIANTS[0], 2, 3, "rrllrl"), 3),
         (shaped(deck_of(VARIANTS[0], 64), 64, 1, "lr"), 1), (shaped(deck_of(VARIANTS[0], 64), 2, 32, "rl"), 32),
         (shaped(deck_of(VARIANTS[0], 64), 21, 3, "rlr", sites_include_throw=False), 3),
         (shaped(deck_of(VARIANTS[0], 64), 9, 5, "lrlrl", leftover_cards="reshuffle"), 5)]


@pytest.mark.parametrize(("rules", "players"), EDGES, ids=lambda x: getattr(x, "id", str(x)))
@pytest.mark.parametrize("by_step", [False, True], ids=["apply", "step"])
def test_hands_seats_and_rounds_at_their_edges_score_as_the_plain_rules_say(rules: br.Ruleset, players: int,
                                                                            by_step: bool) -> None:
    """The shipped rulesets deal 7 cards to 2-4 seats over 4 rounds: hands of 2 (a Throw and the Catch,
    no pick), 9, 21 and 64 cards, one seat (its hands passed to itself) and 14 or 32, six rounds and
    directions in any order deal, pass and score as the reference reads the rules."""
    for seed in range(3):
        s, ref = play_both(rules, players, seed, by_step)
        dealt = [[sorted(hand) for hand in hands] for hands in reference.deals(rules, players, seed)]
        assert [ids_of(rules, r.dealt) for r in s.progress.rounds] == dealt
        assert [sheet.as_dict() for sheet in br.score_sheets(s)] == ref.sheets()


@pytest.fixture
def fresh_tables() -> Iterator[None]:
    """Forget every ruleset's tables, before and after: they are made once per ruleset and shared
    (``tables_for``), so only a test that makes them again sees a fault in making them."""
    caches = (tables.tables_for, tables._halves, tables._region_chunks)
    for cache in caches:
        cache.cache_clear()
    yield
    for cache in caches:
        cache.cache_clear()


def play_every_action(rules: br.Ruleset, players: int, seed: int) -> tuple[br.GameState, reference.Game]:
    """``play_both`` by ``apply``, also offering every action to every seat at every state: the
    engine accepts exactly what the reference does, and its legal mask is the reference's."""
    ref = reference.Game(rules, players, reference.deals(rules, players, seed))
    s = br.new_game(rules, players, seed)
    choose = random.Random(seed)
    while not br.is_over(s):
        for seat in range(players):
            assert list(br.legal_actions(s, seat)) == ref.legal(seat)
            assert br.legal_mask(s, seat) == sum(1 << ref.names.index(a) for a in ref.legal(seat))
            for action in ref.names:
                try:
                    br.apply(s, seat, action)
                except br.IllegalAction:
                    accepted = False
                else:
                    accepted = True
                assert accepted == ref.accepts(seat, action), (seat, action)
        seat = choose.choice(br.to_act(s))
        action = choose.choice(br.legal_actions(s, seat))
        s = br.apply(s, seat, action)
        ref.apply(seat, action)
    assert ref.over()
    return s, ref


@pytest.mark.usefixtures("fresh_tables")
@pytest.mark.parametrize(("rules", "players"), [*CASES, *((deck_of(VARIANTS[0], size), n) for size, n in DECKS),
                                               (one_site_regions(deck_of(VARIANTS[0], 14)), 2)],
                         ids=lambda x: getattr(x, "id", str(x)))
def test_tables_made_afresh_play_as_the_plain_rules_say(rules: br.Ruleset, players: int) -> None:
    """Every shipped ruleset's tables (and bigger decks'), made in this test, give the reference's
    legal actions, refusals, deals, score sheets and regions taken, and empty hands at the end."""
    taken: set[str] = set()
    for seed in range(3):
        s, ref = play_every_action(rules, players, 100 * players + seed)
        assert [sheet.as_dict() for sheet in br.score_sheets(s)] == ref.sheets()
        assert set(br.view(s, 0).regions_taken) == ref.regions_gone
        assert [br.view(s, seat).hand for seat in range(players)] == [()] * players
        taken |= ref.regions_gone
    assert taken  # the games reach the region bonuses, whose tables are tested here


@pytest.mark.parametrize(("rules", "players"), [c for c in CASES if c[1] == 4], ids=lambda x: getattr(x, "id", "4"))
def test_unrolled_four_player_code_matches_the_general_code(rules: br.Ruleset, players: int,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def states(seed: int) -> list[br.GameState]:
        """A game by ``step`` (even seeds) or by ``apply`` (odd ones: each step's last ``apply``
        resolves it), every state on the way, by the plain Python functions (the compiled ones,
        when built, have no unrolled code: ``test_accel`` compares them with these)."""
        choose = random.Random(seed)
        s = br.new_game(rules, players, seed)
        out = [s]
        while not br.is_over(s):
            actions = [choose.choice(engine.legal_actions_plain(s, seat)) for seat in br.to_act(s)]
            if seed % 2:
                for seat, action in zip(br.to_act(s), actions):
                    s = engine.apply_plain(s, seat, action)
                    out.append(s)
            else:
                s = engine.step_plain(s, actions)
                out.append(s)
        return out

    fast = [states(seed) for seed in range(4)]
    monkeypatch.setattr(engine, "UNROLLED", False)
    monkeypatch.setattr(dealing, "UNROLLED", False)
    slow = [states(seed) for seed in range(4)]
    assert fast == slow
    assert [br.score_sheets(g[-1]) for g in fast] == [br.score_sheets(g[-1]) for g in slow]


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 60), st.data())
def test_unrolled_shuffle_is_the_plain_fisher_yates(n: int, data: st.DataObject) -> None:
    total = math.factorial(n)
    r = data.draw(st.integers(0, total - 1))
    plain = list(range(n))
    rng.fisher_yates(r, plain)
    fast = list(range(n))
    rng._swaps(n)(r, fast)
    assert fast == plain
    seed = data.draw(st.integers(0, 2**64 - 1))
    assert rng.shuffled(seed, range(n))[1] == tuple(reference.shuffle(seed, list(range(n)))[1])


JUNK: list[Any] = [True, False, 1.0, 0.0, None, "", "a", b"A", ["A"], (), -1, -2, 10**20, 2.5, "none ", object()]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_apply_accepts_exactly_what_the_rules_allow(data: st.DataObject) -> None:
    """For any seat and any action (strings, ids, junk), ``apply`` accepts iff the reference does."""
    rules = data.draw(st.sampled_from(VARIANTS))
    players = data.draw(st.integers(rules.players.min, rules.players.max))
    seed = data.draw(st.integers(0, 2**64 - 1))
    ref = reference.Game(rules, players, reference.deals(rules, players, seed))
    s = br.new_game(rules, players, seed)
    names = ref.names
    while not br.is_over(s):
        for _ in range(3):
            seat = data.draw(st.one_of(st.integers(-1, players), st.sampled_from([True, None, "0", 1.0])))
            action = data.draw(st.one_of(st.sampled_from(names), st.integers(-2, len(names) + 1),
                                         st.sampled_from(JUNK)))
            try:
                br.apply(s, seat, action)  # type: ignore[arg-type]
            except br.IllegalAction:
                accepted = False
            else:
                accepted = True
            assert accepted == ref.accepts(seat, action), (seat, action)
        seat = data.draw(st.sampled_from(br.to_act(s)))
        action = data.draw(st.sampled_from(br.legal_actions(s, seat)))
        s = br.apply(s, seat, action)
        ref.apply(seat, action)
    assert [sheet.as_dict() for sheet in br.score_sheets(s)] == ref.sheets()


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_generated_rulesets_score_as_the_plain_rules_say(data: st.DataObject) -> None:
    """Other hand sizes, player counts and decks (past 28 cards the hands are listed another way)."""
    from boomerang_rules import strategies as bst

    rules = data.draw(bst.rulesets())
    players = data.draw(st.integers(rules.players.min, max(rules.players.min, min(rules.players.max, 6))))
    s, ref = play_both(rules, players, data.draw(st.integers(0, 2**64 - 1)), data.draw(st.booleans()))
    assert [sheet.as_dict() for sheet in br.score_sheets(s)] == ref.sheets()


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_region_bonuses_by_table_match_the_region_by_region_count(data: st.DataObject) -> None:
    from boomerang_rules.australia.tables import tables_for

    t = tables_for(data.draw(st.sampled_from(VARIANTS)))
    full = (1 << t.deck_size) - 1
    visited = tuple(data.draw(st.lists(st.integers(0, full), min_size=1, max_size=6)))
    gone = data.draw(st.integers(0, t.every_region))
    assert engine._bonuses_by_chunks(t, visited, gone) == engine._bonuses(t, visited, gone)


def test_tuple_backed_records_of_a_game_act_as_frozen_attrs_classes() -> None:
    import pickle

    import attrs

    s = br.new_game(br.load_rules(), 3, 5)
    while s.round < 1:
        s = br.step(s, [br.legal_actions(s, seat)[0] for seat in br.to_act(s)])
    progress, result = s.progress, s.progress.rounds[0]
    for obj in (progress, result):
        assert [getattr(obj, f.name) for f in attrs.fields(type(obj))] == list(obj)
        assert pickle.loads(pickle.dumps(obj)) == obj
        assert attrs.evolve(obj) == obj and hash(attrs.evolve(obj)) == hash(obj)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(obj, attrs.fields(type(obj))[0].name, ())
    # The dealer's state and the names take no part in equality (``eq=False``).
    assert attrs.evolve(progress, rng=1, names=("a", "b", "c")) == progress
    assert attrs.evolve(progress, seed=None) != progress
    assert attrs.evolve(result, scores=()) != result


@pytest.mark.parametrize("n", [2, 3, 27, 28, 29, 64])
def test_written_out_shuffle_is_the_loop(n: int) -> None:
    for seed in (0, 1, 2**64 - 1, 12345):
        fast, written, plain = list(range(n)), list(range(n)), list(range(n))
        assert rng.shuffle(seed, fast) == rng.written_out(n)(seed, written) == rng.shuffle_plain(seed, plain)
        assert fast == written == plain
