"""Boomerang: Australia's deals from decks larger than a deal: the cards that waited longest are
dealt first, in simulated games, in games continued from given deals, and in what validate
requires."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import strategies as bst
from boomerang_rules.australia.bots import bot_game
from boomerang_rules.australia.dealing import queue_after, skipped

from .helpers import big_deck

ROOT = Path(__file__).resolve().parents[1]


@settings(max_examples=30, deadline=None)
@given(bst.rulesets(), st.data())
def test_every_record_simulate_writes_validates(rules: br.Ruleset, data: st.DataObject) -> None:
    players = data.draw(st.integers(rules.players.min, rules.players.max), label="players")
    bots = data.draw(st.lists(st.sampled_from(["random", "greedy"]), min_size=players, max_size=players))
    record = br.record_of(bot_game(rules, bots, data.draw(st.integers(0, 2**64 - 1), label="seed")))
    assert br.validate_record(record) == []


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([(2, 56, 2), (2, 56, 3), (2, 250, 3), (3, 100, 1), (5, 60, 2)]), st.integers(0, 2**32),
       st.integers(1, 3))
def test_games_continued_from_given_deals_validate(case: tuple[int, int, int], seed: int, given_rounds: int) -> None:
    """A game whose first rounds come from a record and the rest from a seed deals the cards that
    waited longest first, so its record validates too."""
    hand, cards, players = case
    rules = big_deck(hand, cards)
    first = br.record_of(bot_game(rules, ["random"] * players, seed))
    deals = [r["hands"] for r in first["rounds"][:given_rounds]]
    state = br.new_game(rules, players, seed + 1, deals=deals)
    while not br.is_over(state):
        for seat in br.to_act(state):
            state = br.apply(state, seat, br.legal_actions(state, seat)[0])
    assert br.validate_record(br.record_of(state)) == []


def test_a_deal_may_not_pass_over_cards_that_waited_longer() -> None:
    rules = big_deck(2, 56)
    record = br.record_of(bot_game(rules, ["random"] * 3, 5))
    hands = [r["hands"] for r in record["rounds"]]
    ids = sorted(c.id for c in rules.cards)
    # Rounds 2 and 3 take only cards never dealt: swap one of round 3's for a card of round 1.
    first = {c for h in hands[0] for c in h}
    third = record["rounds"][2]["hands"]
    third[0][0] = sorted(first)[0]
    problems = br.validate_record(record)
    assert [(p.pointer, p.rule) for p in problems][:1] == [("/rounds/2/hands", "leftover-dealt-first")]
    assert len(ids) == 56


def test_queue_model_of_the_deck() -> None:
    full = 0b111111
    queue = queue_after((full,), 0b000011)
    assert queue == (0b111100, 0b000011)
    assert skipped(queue, 0b001100) == 0  # part of the longest-waiting group
    assert skipped(queue, 0b000101) == 0b111000  # a card used last round before three that waited
    assert queue_after(queue, 0b001100) == (0b110000, 0b000011, 0b001100)


def test_rules_document_states_the_decision() -> None:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "stay on top" in text


def test_a_valid_deal_is_read_without_writing_a_place_for_each_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search bot draws a state from given deals at every playout, every past round's deal read
    again: a JSON pointer written for every card read (51,660 for 60 playouts at round 40 of a
    64-round game) was two thirds of its time. A place is written only for a problem."""
    from boomerang_rules.australia import dealing
    from boomerang_rules.core.pointer import pointer

    rules = br.load_rules()
    hands = [r["hands"] for r in br.record_of(bot_game(rules, ["random"] * 3, 5))["rounds"]]
    written: list[tuple[str | int, ...]] = []

    def counted(*parts: str | int) -> str:
        written.append(parts)
        return pointer(*parts)

    monkeypatch.setattr(dealing, "pointer", counted)
    t = br.new_game(rules, 3, 1).tables
    assert dealing.deal_masks(t, 3, hands) and written == []
    bad = [list(hand) for hand in hands[0]]
    bad[1][2], bad[2] = "?", bad[2][:-1]
    with pytest.raises(br.InvalidInput) as caught:
        dealing.deal_masks(t, 3, [hands[1], bad])
    assert [p.pointer for p in caught.value.problems] == ["/1/1/2", "/1/2"]
