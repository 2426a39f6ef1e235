"""Invariants of every legal playout, over random seeds, player counts and choices."""

from __future__ import annotations

import copy
from itertools import pairwise
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import strategies as bst
from boomerang_rules.australia.state import GameState

from .helpers import hidden_cards, relabel

RULES = br.load_rules()
EVERY_ACTION = (*(c.id for c in RULES.cards), *RULES.scoring.activities.kinds, br.NO_ACTIVITY)
FULL = (1 << len(RULES.cards)) - 1


def card_places(s: GameState) -> list[int]:
    """A bit mask per place a card can be in this round: hands, rows of drafted cards, set aside."""
    drafted = [sum(1 << c for c in cards) for cards in s.drafted]
    leftover = sum(1 << c for c in s.progress.leftover)
    return [*s.hands, *drafted, leftover]


def check_cards_in_exactly_one_place(s: GameState) -> None:
    places = card_places(s)
    assert sum(p.bit_count() for p in places) == len(RULES.cards)
    union = 0
    for p in places:
        union |= p
    assert union == FULL


def check_sheets(s: GameState) -> None:
    for sheet in br.score_sheets(s):
        rows = [*sheet.throw_catch, *sheet.collections, *sheet.animals, *sheet.activity, sheet.sites, sheet.regions]
        assert min(rows) >= 0
        assert sheet.total == sum(rows)


@st.composite
def playouts(draw: st.DrawFn, players: int | None = None) -> tuple[GameState, list[GameState],
                                                                   list[tuple[int, str]], Any]:
    """A finished game reached by hypothesis-chosen seats and actions, with every state on the way."""
    n = players or draw(st.integers(2, 4), label="players")
    seed = draw(st.integers(0, 2**64 - 1), label="seed")
    s = br.new_game(RULES, n, seed)
    states, moves = [s], []
    while not br.is_over(s):
        seat = draw(st.sampled_from(br.to_act(s)))
        action = draw(st.sampled_from(br.legal_actions(s, seat)))
        s = br.apply(s, seat, action)
        states.append(s)
        moves.append((seat, action))
    return s, states, moves, (n, seed)


@settings(max_examples=60, deadline=None)
@given(playouts())
def test_every_card_in_exactly_one_place(game: Any) -> None:
    _, states, _, _ = game
    for s in states:
        if not br.is_over(s):
            check_cards_in_exactly_one_place(s)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_apply_never_changes_its_input_and_rejects_all_else(data: st.DataObject) -> None:
    s = br.new_game(RULES, data.draw(st.integers(2, 4)), data.draw(st.integers(0, 2**32)))
    while not br.is_over(s):
        seat = data.draw(st.sampled_from(br.to_act(s)))
        legal = br.legal_actions(s, seat)
        snapshot = copy.deepcopy(s)
        illegal = [a for a in EVERY_ACTION if a not in legal]
        wrong = data.draw(st.sampled_from(illegal))
        try:
            br.apply(s, seat, wrong)
        except br.IllegalAction:
            pass
        else:
            raise AssertionError(f"{wrong!r} was accepted though not legal")
        nxt = br.apply(s, seat, data.draw(st.sampled_from(legal)))
        assert s == snapshot and nxt is not s
        s = nxt


@settings(max_examples=30, deadline=None)
@given(playouts())
def test_same_seed_and_actions_give_equal_states(game: Any) -> None:
    final, _, moves, (n, seed) = game
    again = br.new_game(RULES, n, seed)
    for seat, action in moves:
        again = br.apply(again, seat, action)
    assert again == final and hash(again) == hash(final)


@settings(max_examples=40, deadline=None)
@given(playouts())
def test_game_shape_and_scores(game: Any) -> None:
    final, states, moves, (n, _) = game
    assert [seat for seat, _ in moves].count(0) == 28
    assert all([seat for seat, _ in moves].count(x) == 28 for x in range(n))
    assert br.to_act(final) == ()
    for s in states[:: 7]:
        check_sheets(s)
    check_sheets(final)
    v = br.view(final, 0)
    assert len(v.past_rounds) == 4
    for seat in range(n):
        scored = [r.activities[seat] for r in v.past_rounds if r.activities[seat] is not None]
        assert len(scored) == len(set(scored))
    regions_per_round = [set().union(*r.bonuses) for r in v.past_rounds]
    for i, a in enumerate(regions_per_round):
        for b in regions_per_round[i + 1:]:
            assert not a & b
    assert set().union(*regions_per_round) == set(v.regions_taken)
    winners = br.winners(final)
    sheets = br.score_sheets(final)
    best = max(x.total for x in sheets)
    assert winners and all(sheets[w].total == best for w in winners)


@settings(max_examples=40, deadline=None)
@given(playouts(players=2) | playouts(players=3))
def test_undealt_cards_are_dealt_next_round(game: Any) -> None:
    final, _, _, _ = game
    rounds = final.progress.rounds
    for earlier, later in pairwise(rounds):
        dealt_before = dealt_after = 0
        for mask in earlier.dealt:
            dealt_before |= mask
        for mask in later.dealt:
            dealt_after |= mask
        undealt = FULL & ~dealt_before
        assert undealt & dealt_after == undealt


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_view_ignores_what_the_seat_cannot_know(data: st.DataObject) -> None:
    game = data.draw(playouts())
    states: list[GameState] = game[1]
    s = data.draw(st.sampled_from([x for x in states if not br.is_over(x)]))
    seat = data.draw(st.integers(0, s.players - 1))
    hidden = hidden_cards(s, seat)
    shuffled = data.draw(st.permutations(hidden))
    other = relabel(s, dict(zip(hidden, shuffled)))
    check_cards_in_exactly_one_place(other)
    assert br.view(other, seat) == br.view(s, seat)


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_order_of_simultaneous_decisions_does_not_matter(data: st.DataObject) -> None:
    game = data.draw(playouts())
    states: list[GameState] = game[1]
    s = data.draw(st.sampled_from([x for x in states if not br.is_over(x) and x.waiting == (1 << x.players) - 1]))
    choices = {seat: data.draw(st.sampled_from(br.legal_actions(s, seat))) for seat in br.to_act(s)}
    order = data.draw(st.permutations(list(choices)))
    a, b = s, s
    for seat in sorted(choices):
        a = br.apply(a, seat, choices[seat])
    for seat in order:
        b = br.apply(b, seat, choices[seat])
    assert a == b


@settings(max_examples=40, deadline=None)
@given(bst.games(finished=True))
def test_sites_count_each_visited_site_once(state: GameState) -> None:
    first = 0 if state.rules.sites_include_throw else 1
    for seat, sheet in enumerate(br.score_sheets(state)):
        visited = {c for past in br.view(state, seat).past_rounds for c in past.drafts[seat][first:]}
        assert sheet.sites == state.rules.scoring.site_points * len(visited)


@settings(max_examples=40, deadline=None)
@given(bst.games(finished=True))
def test_region_bonus_matches_the_maps(state: GameState) -> None:
    """A seat gets a region's bonus in the first round its map shows the whole region, if nobody
    completed the region in an earlier round."""
    rules = state.rules
    first = 0 if rules.sites_include_throw else 1
    v = br.view(state, 0)
    completed: dict[tuple[str, int], int] = {}
    for seat in range(state.players):
        seen: set[str] = set()
        for r, past in enumerate(v.past_rounds):
            seen |= set(past.drafts[seat][first:])
            for region in rules.regions:
                sites = {c.id for c in rules.cards if c.region == region.id}
                if sites <= seen and (region.id, seat) not in completed:
                    completed[(region.id, seat)] = r
    for region in rules.regions:
        rounds = [r for (rid, _), r in completed.items() if rid == region.id]
        if not rounds:
            continue
        first_round = min(rounds)
        winners = {seat for (rid, seat), r in completed.items() if rid == region.id and r == first_round}
        got = {seat for seat in range(state.players) if region.id in v.past_rounds[first_round].bonuses[seat]}
        assert got == winners
    for sheet, seat in zip(br.score_sheets(state), range(state.players)):
        bonuses = sum(len(p.bonuses[seat]) for p in v.past_rounds)
        assert sheet.regions == rules.scoring.region_bonus * bonuses


@settings(max_examples=40, deadline=None)
@given(bst.games(finished=True))
def test_winners_follow_total_then_throw_and_catch(state: GameState) -> None:
    sheets = br.score_sheets(state)
    key = [(s.total, sum(s.throw_catch)) for s in sheets]
    assert set(br.winners(state)) == {seat for seat, k in enumerate(key) if k == max(key)}
