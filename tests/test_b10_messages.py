"""Boomerang (2010): the refusals say why in whole sentences, with the round and the seats a
player reads (issue 17: a mutation run found their numbers unchecked)."""

from __future__ import annotations

import random

import pytest

import boomerang_rules as br
from boomerang_rules import boomerang2010 as b10


def _refusal(state: b10.GameState, seat: int, action: str) -> str:
    with pytest.raises(br.IllegalAction) as info:
        b10.apply(state, seat, action)
    return str(info.value)


@pytest.mark.parametrize("seed", [1, 2])
def test_refusals_name_the_round_and_the_seats(seed: int) -> None:
    rules = br.load_rules("boomerang-2010")
    state = b10.new_game(rules, 3, seed=seed)
    rng = random.Random(seed)
    seen_hunt = False
    while not b10.is_over(state):
        r = state.round + 1
        if state.phase == "tokens" and b10.to_act(state) == (0, 1, 2):
            land = b10.legal_actions(state, 0)[0]
            lands = ", ".join(b10.legal_actions(state, 1))
            assert _refusal(state, 0, "zz") == f"seat 0 must choose a land for round {r} (one of {lands}), not 'zz'"
            chosen = b10.apply(state, 0, land)
            assert _refusal(chosen, 0, land) == (f"seat 0 has already chosen its land in round {r}; waiting for "
                                                 "seat(s) 1, 2")
        elif state.phase != "tokens" and not seen_hunt and len(b10.to_act(state)) == 1:
            seen_hunt = True
            turn = b10.to_act(state)[0]
            other = next(s for s in range(3) if s != turn and s in state.active)
            assert _refusal(state, other, "zz") == f"it is seat {turn}'s turn in the hunt, not seat {other}'s"
            for gone in (s for s in range(3) if s not in state.active):
                assert _refusal(state, gone, "zz") == (f"seat {gone} has passed: its token is on the stack and it "
                                                       f"has left the hunt of round {r}")
        seat = b10.to_act(state)[0]
        state = b10.apply(state, seat, rng.choice(b10.legal_actions(state, seat)))
    assert _refusal(state, 0, "zz") == "the game is over: no decisions are owed"
