"""Determinization: full states drawn from one seat's view, consistent with it and uniform."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules.australia.determinize import Determinizer

from .helpers import australia_ids, hidden_cards

RULES = {rid: br.load_rules(rid) for rid in australia_ids()}


def drive(rules: br.Ruleset, players: int, seed: int, decisions: int) -> br.GameState:
    """A game dealt from ``seed`` after ``decisions`` single random decisions (steps may be half made)."""
    rng = random.Random(seed)
    s: br.GameState = br.new_game(rules, players, seed)
    for _ in range(decisions):
        if br.is_over(s):
            break
        seat = rng.choice(br.to_act(s))
        s = br.apply(s, seat, rng.choice(br.legal_actions(s, seat)))
    return s


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(sorted(RULES)), st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 130),
       st.integers(0, 2**64 - 1))
def test_a_determinization_shows_every_seat_what_it_saw(rid: str, players: int, seed: int, decisions: int,
                                                        draw: int) -> None:
    s = drive(RULES[rid], players, seed, decisions)
    for k in range(players):
        seen = br.view(s, k)
        for rng in (draw, random.Random(draw)):
            d = br.determinize(seen, rng)
            assert br.view(d, k) == seen
            assert br.is_over(d) == br.is_over(s)
            assert (k in br.to_act(d)) == (k in br.to_act(s))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_determinization_deals_the_rounds_to_come(players: int) -> None:
    """Playing a determinization on reaches the end, dealt by its own dealer."""
    s = drive(RULES["standard"], players, 3, 20)
    d = br.determinize(br.view(s, 1), 5)
    rng = random.Random(0)
    while not br.is_over(d):
        for seat in br.to_act(d):
            d = br.apply(d, seat, rng.choice(br.legal_actions(d, seat)))
    assert len(br.view(d, 0).past_rounds) == RULES["standard"].rounds


def test_the_same_seed_gives_the_same_state_and_other_seeds_others() -> None:
    s = drive(RULES["standard"], 4, 9, 30)
    seen = br.view(s, 2)
    assert br.determinize(seen, 17) == br.determinize(seen, 17)
    assert br.determinize(seen, random.Random(3)) == br.determinize(seen, random.Random(3))
    assert len({br.determinize(seen, i).hands for i in range(20)}) > 10


def test_a_record_that_deals_by_hand_still_determinizes() -> None:
    """A record may deal the set-aside cards to one seat; the view alone then breaks the dealer's
    round-robin pattern, and the weaker constraint (they were dealt) is used."""
    rules = RULES["standard"]
    first = [list("ABCDEFG"), list("HIJKLMN"), list("OPQRSTU")]
    second = [list("VWXYZ@#"), list("ABCDEFG"), list("HIJKLMN")]
    s = br.new_game(rules, 3, 1, deals=[first, second])
    rng = random.Random(1)
    for decisions in range(40):
        seat = rng.choice(br.to_act(s))
        s = br.apply(s, seat, rng.choice(br.legal_actions(s, seat)))
        if s.round == 1:
            for k in range(3):
                seen = br.view(s, k)
                assert br.view(br.determinize(seen, decisions), k) == seen


def _places(d: br.GameState, cards: list[str]) -> dict[str, tuple[int, bool]]:
    """Where each card is in ``d``: the seat it was dealt to (-1 undealt) and whether it is a Throw."""
    t = d.tables
    out = {}
    for c in cards:
        i = t.index[c]
        origin = next((o for o, m in enumerate(d.dealt) if m >> i & 1), -1)
        out[c] = (origin, origin >= 0 and bool(d.drafted[origin]) and d.drafted[origin][0] == i)
    return out


UNIFORM_CASES = [("standard", 4, 1, 0), ("standard", 4, 2, 9), ("direction", 4, 3, 60), ("standard", 4, 4, 86),
                 ("standard", 3, 5, 5), ("standard", 3, 6, 50), ("standard", 3, 10, 24), ("direction", 3, 11, 25),
                 ("reshuffle", 2, 7, 30), ("reshuffle", 3, 8, 45), ("sites-exclude-throw", 2, 9, 3)]


@pytest.mark.parametrize(("rid", "players", "seed", "decisions"), UNIFORM_CASES)
def test_unknown_cards_are_placed_uniformly(rid: str, players: int, seed: int, decisions: int) -> None:
    """Chi-square over every hidden card and place: each is as likely as the dealer makes it.

    The expected share comes from the true state: a hidden card lands in dealt hand ``o`` (or
    the undealt pile) in proportion to how many hidden cards of its kind the true state has
    there (kinds: set aside last round or not, where the dealer deals those first), and within
    the hand on the Throw with chance 1 / (hidden cards of that hand).
    """
    rules = RULES[rid]
    s = drive(rules, players, seed, decisions)
    assert not br.is_over(s)
    k = br.to_act(s)[0] if br.to_act(s) else 0
    t = s.tables
    hidden = [t.ids[c] for c in hidden_cards(s, k)]
    assert hidden
    truth = _places(s, hidden)
    aside: set[str] = set()
    if s.round > 0 and rules.leftover_cards == "deal-first" and players * rules.hand_size < len(rules.cards):
        used = {c for d in br.view(s, k).past_rounds[-1].drafts for c in d}
        aside = {c.id for c in rules.cards if c.id not in used}
    kinds = {c: c in aside for c in hidden}
    per_kind = Counter(kinds[c] for c in hidden)
    in_group = Counter((kinds[c], truth[c][0]) for c in hidden)
    group_size = Counter(truth[c][0] for c in hidden)
    throws = {o for c, (o, is_throw) in truth.items() if is_throw}

    def expected(card: str, place: tuple[int, bool]) -> float:
        o, is_throw = place
        p = in_group[(kinds[card], o)] / per_kind[kinds[card]]
        if o in throws:
            p *= 1 / group_size[o] if is_throw else 1 - 1 / group_size[o]
        elif is_throw:
            p = 0.0
        return p

    samples = 1500
    counts: Counter[tuple[str, tuple[int, bool]]] = Counter()
    det = Determinizer(br.view(s, k))
    gen = random.Random(seed)
    for _ in range(samples):
        for card, place in _places(det.sample(gen), hidden).items():
            counts[(card, place)] += 1
    places = {(o, is_throw) for o in {*group_size} for is_throw in (False, True)}
    chi2 = 0.0
    df = 0
    for card in hidden:
        cells = 0
        for place in places:
            e = expected(card, place) * samples
            seen = counts[(card, place)]
            if e == 0:
                assert seen == 0, f"{card} landed where it cannot be: {place}"
                continue
            chi2 += (seen - e) ** 2 / e
            cells += 1
        df += cells - 1
    # Generous: about six standard deviations above the mean of a chi-square with df degrees.
    assert df > 0
    assert chi2 < df + 6 * math.sqrt(2 * df), (chi2, df)


def test_two_players_know_the_deal_from_the_second_round() -> None:
    """With two players the 14 cards set aside are exactly the next round's deal: a seat knows
    the other hand by elimination, and only the other Throw once made (then known too) varies."""
    s = drive(RULES["standard"], 2, 4, 14)
    assert s.round == 1 and s.step == 0
    seen = br.view(s, 0)
    assert {br.determinize(seen, i).hands for i in range(10)} == {s.hands}


def test_a_game_waiting_for_its_deal_determinizes_to_one_waiting_too() -> None:
    """A record that stops between rounds (no seed, no next deal) gives the ``deal`` phase."""
    rules = RULES["standard"]
    first = [list("ABCDEFG"), list("HIJKLMN"), list("OPQRSTU")]
    s: br.GameState = br.new_game(rules, 3, deals=[first])
    rng = random.Random(2)
    while br.to_act(s):
        for seat in br.to_act(s):
            s = br.apply(s, seat, rng.choice(br.legal_actions(s, seat)))
    for k in range(3):
        seen = br.view(s, k)
        assert seen.phase == "deal"
        assert br.view(br.determinize(seen, k), k) == seen
