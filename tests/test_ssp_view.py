"""Sea Salt & Paper views: the finished rounds' part, kept from one view to the next, follows the state."""

from __future__ import annotations

import importlib
import random
from functools import partial
from typing import Any

import attrs
import pytest

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


def _keep(seen: list[Any], state: Any, seat: int, action: str) -> None:
    seen.append(state)


@pytest.mark.parametrize("rules_id", [r for r in br.shipped_ids() if br.load_rules(r).game == "sea-salt-paper"])
def test_what_a_seat_knows_read_from_the_last_view_is_what_the_whole_round_tells(rules_id: str) -> None:
    """``_known_of`` reads only the decisions since the seat's last view (issue 27); at every decision
    of bot games, for every seat, in whatever order the seats are viewed, it is ``_known``."""
    from boomerang_rules.core.bots import make_bots
    from boomerang_rules.seasaltpaper import bots as ssp_bots
    ssp_view_module = importlib.import_module("boomerang_rules.seasaltpaper.view")

    rules = br.load_rules(rules_id)
    for players, names in ((2, ["greedy", "random"]), (4, ["random", "greedy", "random", "random"])):
        seen: list[Any] = []
        ssp_bots.play_game(rules, make_bots(ssp_bots.BOTS, names, rules, players), players,
                           on_decision=partial(_keep, seen))
        order = random.Random(players)
        for state in seen:
            for seat in order.sample(range(players), players):
                assert ssp_view_module._known_of(state, seat) == ssp_view_module._known(state, seat)
        for state in order.sample(seen, 40):  # out of order: from any earlier node, or none
            seat = order.randrange(players)
            assert ssp_view_module._known_of(state, seat) == ssp_view_module._known(state, seat)


def test_mermaids_played_to_win_are_no_longer_known_in_the_hand() -> None:
    """A mermaid taken from a discard pile is known to be in the taker's hand until it is played:
    once the four mermaids win the game they lie in front of the seat, and nothing of its hand is
    known any more, by ``_known`` and by ``_known_of`` alike."""
    ssp_view_module = importlib.import_module("boomerang_rules.seasaltpaper.view")
    ids = [c.id for c in RULES.cards]
    top = ["mermaid-4", "boat-1"]
    s = ssp.new_game(RULES, 3, decks=[[*top, *(c for c in ids if c not in top)]], first=2)
    s = br.apply(s, 2, "take:mermaid-4")
    index = {c: i for i, c in enumerate(ids)}
    hand = tuple(sorted(index[c] for c in ("mermaid-1", "mermaid-2", "mermaid-3", "mermaid-4", "boat-2")))
    s = attrs.evolve(s, hands=(s.hands[0], s.hands[1], hand),
                     deck=tuple(c for c in s.deck if c not in hand))
    s = br.apply(s, 2, "mermaids")
    assert br.is_over(s) and br.winners(s) == (2,)
    for seat in (0, 1):
        assert br.view(s, seat).known[2] == ()
        assert ssp_view_module._known(s, seat)[2] == ()
        assert ssp_view_module._known_of(s, seat)[2] == ()
