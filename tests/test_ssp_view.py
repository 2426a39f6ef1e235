"""Sea Salt & Paper views: the finished rounds' part, kept from one view to the next, follows the state."""

from __future__ import annotations

import random

import attrs

import boomerang_rules as br
from boomerang_rules import seasaltpaper as ssp
from boomerang_rules.seasaltpaper.state import GameState
from boomerang_rules.seasaltpaper.view import view

RULES = ssp.load_rules("sea-salt-paper")


def finished_round_state() -> GameState:
    rng = random.Random(3)
    s = ssp.new_game(RULES, 3, 3)
    while not s.history:
        seat = br.to_act(s)[0]
        s = br.apply(s, seat, rng.choice(br.legal_actions(s, seat)))
    return s


def test_a_view_of_a_state_with_other_totals_or_rounds_shows_them() -> None:
    s = finished_round_state()
    seen = view(s, 0)
    assert [sheet.total for sheet in seen.sheets] == list(s.totals) and len(seen.past_rounds) == 1
    other = attrs.evolve(s, totals=(29, 0, 21))
    assert [sheet.total for sheet in view(other, 0).sheets] == [29, 0, 21]
    assert view(attrs.evolve(s, history=()), 1).past_rounds == () and view(s, 0) == seen
    fresh = ssp.new_game(RULES, 4, 1)
    assert view(fresh, 0).sheets == tuple(view(fresh, 0).sheets) and len(view(fresh, 0).sheets) == 4
