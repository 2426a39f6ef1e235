"""The hunt's capture (engine.capture, list comprehensions over card bits) against the rule read
literally from the ruleset's card ids and land names, on every shipped Boomerang (2010) ruleset
and player count, at every round's end of random games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import boomerang2010 as b10
from boomerang_rules.boomerang2010.tables import tables_for

CASES = [(info.id, n) for info in br.list_rules() if info.game == "boomerang-2010"
         for n in range(br.load_rules(info.id).players.min, br.load_rules(info.id).players.max + 1)]


def literal_capture(rules: b10.Ruleset, river: list[str], stack: tuple[int, ...], tokens: tuple[int, ...]
                    ) -> tuple[list[list[str]], list[str]]:
    """From the top of the stack down, each owner takes every river card showing its land (ids, names)."""
    lands_of = {c.id: set(c.lands) for c in rules.cards}
    takes = []
    for seat in reversed(stack):
        land = rules.lands[tokens[seat]]
        takes.append([c for c in river if land in lands_of[c]])
        river = [c for c in river if land not in lands_of[c]]
    return takes, river


@pytest.mark.parametrize(("rules_id", "players"), CASES)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_capture_is_the_literal_rule(rules_id: str, players: int, seed: int) -> None:
    rules = br.load_rules(rules_id)
    ids = tables_for(rules).ids
    rng = random.Random(seed)
    s = br.new_game(rules, players, seed)
    while not br.is_over(s):
        before = s
        s = br.step(s, [rng.choice(br.legal_actions(s, seat)) for seat in br.to_act(s)])
        if len(s.history) > len(before.history):
            log = s.history[-1]
            takes, left = literal_capture(rules, [ids[c] for c in before.river], log.stack, before.tokens)
            assert [[ids[c] for c in took] for took in log.captures] == takes
            assert [ids[c] for c in s.river[:len(left)]] == left
            for seat, took in zip(reversed(log.stack), log.captures):
                assert s.captured[seat] == before.captured[seat] + took
