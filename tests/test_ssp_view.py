"""Sea Salt & Paper views: the finished rounds' part, kept from one view to the next, follows the state."""

from __future__ import annotations

import importlib
import pickle
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
    of bot games, for every seat, in whatever order the seats are viewed, it is ``_known``, and
    every card it says a hand holds is in that hand."""
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
                known = ssp_view_module._known_of(state, seat)
                assert known == ssp_view_module._known(state, seat)
                for other, cards in enumerate(known):  # what is known to be in a hand is there
                    assert set(cards) <= set(state.tables.ids_of(state.hands[other]))
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


def _scored(r: Any) -> bool:
    return r.end in ("stop", "last_chance")


def test_every_finished_round_is_in_every_view_once_in_order_as_it_was_played() -> None:
    """Each finished round, as everyone saw it: how it ended and who ended it, the cards played, the
    points; the hands and the points of cards and colour only for a scored round (the hands are
    revealed then). Viewed at every decision of a game (the rounds are made once and shared, round by
    round) and viewed afresh from a copy of the finished game, the same; the sheets are the game's."""
    rules = br.load_rules("sea-salt-paper")
    ids = [c.id for c in rules.cards]
    rng = random.Random(8)
    s = ssp.new_game(rules, 4, 8)
    while not br.is_over(s):
        seat = br.to_act(s)[0]
        seen = view(s, seat)
        assert len(seen.past_rounds) == len(s.history) and seen.sheets == br.score_sheets(s)
        s = br.apply(s, seat, rng.choice(br.legal_actions(s, seat)))
    assert [r.end for r in s.history] == ["last_chance", "last_chance", "empty_deck", "stop", "stop"]
    for seat in range(4):
        seen = view(s, seat)
        assert seen.sheets == br.score_sheets(s)
        for past, r in zip(seen.past_rounds, s.history, strict=True):
            assert (past.end, past.ender, past.scores) == (r.end, r.ender, r.scores)
            assert past.played == tuple(tuple(ids[c] for c in p) for p in r.played)
            if _scored(r):
                assert past.hands == tuple(tuple(ids[c] for c in h) for h in r.hands)
                assert (past.card_points, past.bonuses) == (r.card_points, r.bonuses)
            else:
                assert past.hands is None and past.card_points is None and past.bonuses is None
        assert view(pickle.loads(pickle.dumps(s)), seat) == seen


def test_a_view_shows_the_rounds_of_its_own_state_whatever_rounds_another_state_shares(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two states that share their last finished round (the very object) but not the rounds before it
    each show their own; a state whose history is a copy of another's shows the same rounds, made
    once (no finished round made again for a copy)."""
    ssp_view_module = importlib.import_module("boomerang_rules.seasaltpaper.view")
    rng = random.Random(4)
    s = ssp.new_game(RULES, 3, 4)
    while len(s.history) < 3:
        seat = br.to_act(s)[0]
        s = br.apply(s, seat, rng.choice(br.legal_actions(s, seat)))
    seen = view(s, 0)
    made: list[Any] = []
    real = ssp_view_module._past_round

    def counted(t: Any, r: Any) -> Any:
        made.append(r)
        return real(t, r)

    monkeypatch.setattr(ssp_view_module, "_past_round", counted)
    copy = s.history[:1] + s.history[1:]
    assert copy is not s.history
    assert view(attrs.evolve(s, history=copy), 1).past_rounds == seen.past_rounds
    assert made == []
    first, second, last = s.history
    other = attrs.evolve(first, scores=(7, 8, 9), end="empty_deck")
    mixed = attrs.evolve(s, history=(other, second, last))
    assert [p.scores for p in view(mixed, 0).past_rounds] == [(7, 8, 9), second.scores, last.scores]
    assert view(mixed, 0).past_rounds[0].hands is None
    assert view(s, 2).past_rounds == seen.past_rounds


@pytest.mark.parametrize("rules_id", ["sea-salt-paper", "sea-salt-paper-extra-salt"])
def test_each_seat_sees_the_table_and_only_its_own_draws_and_chosen_pile(rules_id: str) -> None:
    """At every decision of random games, for every seat: the table as everyone sees it (players,
    round, the seat to act, the phase, the seat that began the round and each seat's latest turn, the
    totals, the winners once over, the ruleset, the LAST CHANCE caller, the protected seats and their
    revealed hands, the pile a crab pair's player chooses from, how many cards the seat to act chooses
    among, the seats a jellyfish pair binds), its own legal actions, and what only the seat to act
    sees: its two drawn cards (or a lobster's five) and the whole pile it picks from after a crab pair."""
    rules = br.load_rules(rules_id)
    ids = [c.id for c in rules.cards]
    phases: set[str] = set()
    callers: set[int] = set()
    bound = False
    for seed in range(6):
        players = 3 + seed % 2
        rng = random.Random(seed)
        s = ssp.new_game(rules, players, seed)
        while True:
            over = br.is_over(s)
            phases.add(s.phase)
            protected = tuple(p for p in range(players) if s.protected >> p & 1)
            binds = tuple(p for p in range(players) if s.bound >> p & 1)
            bound = bound or bool(binds)
            if s.caller >= 0:
                callers.add(s.caller)
            choosing = s.phase in ("keep", "lobster")
            for seat in range(players):
                seen = view(s, seat)
                mine = seat == s.turn and not over
                assert (seen.seat, seen.players, seen.round, seen.turn, seen.phase) == (
                    seat, players, s.round, s.turn, s.phase)
                assert seen.caller == s.caller and seen.protected == protected and seen.bound == binds
                assert (seen.first, seen.last_turns, seen.totals) == (s.first, s.last_turns, s.totals)
                assert seen.legal_actions == br.legal_actions(s, seat) and seen.rules is rules
                assert seen.winners == (br.winners(s) if over else ())
                assert seen.revealed == tuple(tuple(ids[c] for c in s.hands[p]) if p in protected and not over
                                              else None for p in range(players))
                assert seen.drawn == (tuple(ids[c] for c in s.drawn) if mine and choosing else ())
                assert seen.drawn_size == (len(s.drawn) if choosing else 0)
                if s.phase == "crab_card":
                    assert seen.crab_pile == ("left", "right")[s.crab_pile]
                    assert seen.chosen_pile == (tuple(ids[c] for c in s.piles[s.crab_pile]) if mine else None)
                else:
                    assert seen.crab_pile is None and seen.chosen_pile is None
            if over:
                break
            seat = br.to_act(s)[0]
            s = br.apply(s, seat, rng.choice(br.legal_actions(s, seat)))
    assert phases >= {"draw", "keep", "play", "crab_pile", "crab_card", "steal", "over"}
    assert len(callers) >= 2 and 0 in callers
    assert ("lobster" in phases and bound) == (rules_id != "sea-salt-paper")


def test_the_base_game_shows_no_seat_bound_as_it_binds_none() -> None:
    """Only Extra Salt's jellyfish pair binds a seat: under the base rules no view shows a seat bound,
    and a state whose ``bound`` says otherwise (made by hand) is refused where it is built, as under
    every ruleset with no binding duo (``test_ssp_state``: the base game's read it as binding nobody,
    its variant with the boat's turn on an empty deck as binding, with actions it does not number)."""
    s = ssp.new_game(RULES, 3, 1)
    assert all(view(s, p).bound == () for p in range(3))
    with pytest.raises(br.InvalidInput, match=r"^/bound: bound must be an integer from 0 to 0, not 7"):
        attrs.evolve(s, bound=0b111)


def test_a_card_taken_from_a_pile_or_stolen_is_known_in_the_hand_it_went_to() -> None:
    """Every other seat sees a card taken from a discard pile go into the taker's hand, and the seat
    a card is stolen from knows which card the thief now holds (the thief's own hand is all known to
    it, so its ``known`` is empty)."""
    rng = random.Random(1)
    s = br.new_game("sea-salt-paper", 3, seed=5)
    takes = 0
    while True:
        seat = br.to_act(s)[0]
        actions = br.legal_actions(s, seat)
        chosen = [a for a in actions if a.startswith(("steal", "duo:shark")) or "swimmer" in a]
        action = chosen[0] if chosen else rng.choice(actions)
        after = br.apply(s, seat, action)
        verb, _, rest = action.partition(":")
        if verb == "take":
            takes += 1
            for other in range(3):
                assert (rest in br.view(after, other).known[seat]) == (other != seat)
        if verb == "steal":
            victim = int(rest)
            (card,) = set(s.tables.ids_of(s.hands[victim])) - set(after.tables.ids_of(after.hands[victim]))
            assert card in br.view(after, victim).known[seat]
            assert br.view(after, seat).known[seat] == () and card not in br.view(after, seat).known[victim]
            break
        s = after
    assert takes > 0


@pytest.mark.parametrize(("left", "pile", "pick", "seen"), [
    (("crab-3", "shell-1", "fish-1"), "left", "fish-1", True),  # the top every seat saw goes
    (("crab-3", "shell-1", "fish-1"), "left", "shell-1", False),  # from under it: the top stays
    (("crab-3", "shell-1", "fish-1"), "right", "boat-1", True),  # a one-card pile: its only card
])
def test_a_crab_pair_s_pick_of_a_pile_s_top_is_known_in_the_taker_s_hand(
        left: tuple[str, ...], pile: str, pick: str, seen: bool) -> None:
    """The crab pair's player need not show the card it takes, but when it takes the top of the pile
    (a one-card pile's card included) every seat sees that top go and knows the card is in its hand;
    a card from under the top is not known. ``known`` lists it, and every determinization of another
    seat's view keeps it in that hand (it dealt it anywhere among the unseen cards)."""
    ids = [c.id for c in RULES.cards]
    index = {c: i for i, c in enumerate(ids)}
    s = ssp.new_game(RULES, 3, seed=1, first=0)
    hand = (index["crab-1"], index["crab-2"])
    used = {*hand, *(index[c] for c in (*left, "boat-1"))}
    s = attrs.evolve(s, piles=(tuple(index[c] for c in left), (index["boat-1"],)), phase="play",
                     hands=(hand, s.hands[1], s.hands[2]),
                     deck=tuple(c for c in (*s.deck, *s.piles[0], *s.piles[1]) if c not in used))
    for action in ("duo:crab-1+crab-2", f"pile:{pile}", f"pick:{pick}"):
        s = br.apply(s, 0, action)
    assert pick in s.tables.ids_of(s.hands[0])
    for other in (1, 2):
        seen_by = br.view(s, other)
        assert (pick in seen_by.known[0]) == seen
        if seen:
            for k in range(40):
                dealt = br.determinize(seen_by, random.Random(k))
                assert pick in dealt.tables.ids_of(dealt.hands[0])
    assert br.view(s, 0).known == ((), (), ())


def test_every_crab_pair_s_pick_of_a_top_in_played_games_is_known() -> None:
    """In seeded games, played by whichever engine serves (the compiled one where built): after every
    crab pick, each other seat knows the card exactly when it was the pile's top; the records are as
    before (a pick written as its action) and replay to the same games."""
    picks = tops = 0
    for seed in range(40):
        rng = random.Random(seed)
        s = br.new_game("sea-salt-paper", 3, seed=seed)
        while not br.is_over(s):
            seat = br.to_act(s)[0]
            actions = br.legal_actions(s, seat)
            crabs = [a for a in actions if a.startswith("duo:crab")]
            action = crabs[0] if crabs else rng.choice(actions)
            after = br.apply(s, seat, action)
            if action.startswith("pick:"):
                card = action.partition(":")[2]
                top = br.view(s, (seat + 1) % 3).pile_tops[s.crab_pile] == card
                picks, tops = picks + 1, tops + top
                for other in range(3):
                    assert (card in br.view(after, other).known[seat]) == (top and other != seat)
            s = after
        record = br.record_of(s)  # the record keeps a pick as its action alone, and replays to the game
        picked = [a for r in record["rounds"] for a in r["actions"] if a[1].startswith("pick:")]
        assert all(len(a) == 2 for a in picked)
        assert br.validate_record(record) == [] and br.state_of(record) == s
    assert picks > tops > 0
