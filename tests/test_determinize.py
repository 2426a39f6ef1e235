"""Determinization: full states drawn from one seat's view, consistent with it and uniform."""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules.australia.determinize import Determinizer

from .helpers import NearValues, australia_ids, hidden_cards, near_value

RULES = {rid: br.load_rules(rid) for rid in australia_ids()}


def drive(rules: Any, players: int, seed: int, decisions: int) -> Any:
    """A game of any game dealt from ``seed`` after ``decisions`` single random decisions (steps may
    be half made)."""
    rng = random.Random(seed)
    s = br.new_game(rules, players, seed)
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


# ---- Sea Salt & Paper and Boomerang (2010) ----------------------------------------------------------

from boomerang_rules.core.loading import list_rules  # noqa: E402
from boomerang_rules.seasaltpaper.determinize import Determinizer as SspDeterminizer  # noqa: E402

OTHER_GAMES = {"sea-salt-paper": (2, 4), "boomerang-2010": (3, 5)}
OTHER_RULES = {i.id: br.load_rules(i.id) for i in list_rules() if i.game in OTHER_GAMES}


@st.composite
def other_games(draw: st.DrawFn) -> tuple[Any, int]:
    rid = draw(st.sampled_from(sorted(OTHER_RULES)))
    rules = OTHER_RULES[rid]
    low, high = OTHER_GAMES[rules.game]
    players = draw(st.integers(low, high))
    return drive(rules, players, draw(st.integers(0, 2**32)), draw(st.integers(0, 600))), players


@settings(max_examples=120, deadline=None)
@given(other_games(), st.integers(0, 2**64 - 1))
def test_every_game_s_determinization_shows_the_seat_what_it_saw(game: tuple[Any, int], draw: int) -> None:
    s, players = game
    for k in range(players):
        seen = br.view(s, k)
        for rng in (draw, random.Random(draw)):
            d = br.determinize(seen, rng)
            assert br.view(d, k) == seen
            assert br.is_over(d) == br.is_over(s)
            assert br.to_act(d) == br.to_act(s)


def _cards_in_play(state: Any) -> Counter[int]:
    """Every card of the round in every place a game keeps one: Boomerang: Australia's dealt cards
    (hands and drafted rows; the undealt are the rest of the deck), the others' whole deck (deck,
    piles, hands, cards in front or drawn; the river and captures)."""
    places: Counter[int] = Counter()
    if state.rules.game == "boomerang-australia":
        for hand in state.hands:
            places.update(c for c in range(hand.bit_length()) if hand >> c & 1)
        for row in state.drafted:
            places.update(row)
        return places
    places.update(state.deck)
    for rows in ((state.river,), state.captured) if state.rules.game == "boomerang-2010" else (
            (state.drawn,), state.piles, state.hands, state.played):
        for row in rows:
            places.update(row)
    return places


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted({*RULES, *OTHER_RULES})), st.integers(0, 2**32), st.integers(0, 400),
       st.integers(0, 2**64 - 1), st.data())
def test_a_determinization_holds_each_card_once_as_the_game_does(rid: str, seed: int, decisions: int, draw: int,
                                                                  data: st.DataObject) -> None:
    """Every card the seat cannot see is placed once, none lost, none twice, in every game: the
    determinization holds each card as many times as the real state (every card once; Boomerang:
    Australia's as many dealt cards, each once)."""
    rules = br.load_rules(rid)
    players = data.draw(st.integers(rules.players.min, rules.players.max), label="players")
    state = drive(rules, players, seed, decisions)
    if not br.to_act(state):  # over, or waiting for a deal: no round in play
        return
    seat = data.draw(st.integers(0, players - 1), label="seat")
    truth, drawn = _cards_in_play(state), _cards_in_play(br.determinize(br.view(state, seat), draw))
    assert set(truth.values()) == set(drawn.values()) == {1}
    if rules.game == "boomerang-australia":
        assert sum(drawn.values()) == sum(truth.values())
    else:
        assert drawn == truth


@pytest.mark.parametrize("rid", sorted(OTHER_RULES))
def test_every_variant_at_every_player_count_determinizes_through_a_whole_game(rid: str) -> None:
    """Every seat's view at every decision of one game per player count, and play goes on from it."""
    rules = OTHER_RULES[rid]
    low, high = OTHER_GAMES[rules.game]
    for players in range(low, high + 1):
        rng = random.Random(players)
        s = br.new_game(rules, players, players)
        decisions = 0
        while not br.is_over(s):
            if decisions % 7 == 0:
                for k in range(players):
                    seen = br.view(s, k)
                    d = br.determinize(seen, decisions)
                    assert br.view(d, k) == seen
            seat = rng.choice(br.to_act(s))
            s = br.apply(s, seat, rng.choice(br.legal_actions(s, seat)))
            decisions += 1
        d = br.determinize(br.view(drive(rules, players, 3, 40), 0), 9)
        while not br.is_over(d):
            seat = rng.choice(br.to_act(d))
            d = br.apply(d, seat, rng.choice(br.legal_actions(d, seat)))


@pytest.mark.parametrize("rid", ["standard", "sea-salt-paper", "sea-salt-paper-extra-salt"])
def test_a_game_replayed_from_its_record_determinizes_where_it_waits_for_its_deal(rid: str) -> None:
    """A game replayed from its record (``state_of``) and played on waits at round 2 for a deal the
    record does not hold (``phase`` ``"deal"``): its views determinize to a game waiting too, in every
    game that waits. Sea Salt & Paper's refused them: "58 unseen cards for 0 places", the cards of
    no round yet counted as cards to place."""
    state = br.state_of(br.record_of(br.new_game(rid, 3, 5)))
    rng = random.Random(5)
    while br.to_act(state):
        state = br.step(state, [rng.choice(br.legal_actions(state, s)) for s in br.to_act(state)])
    assert not br.is_over(state)
    for k in range(3):
        seen = br.view(state, k)
        assert seen.phase == "deal"
        drawn = br.determinize(seen, k)
        assert br.view(drawn, k) == seen and br.to_act(drawn) == () and not br.is_over(drawn)
    if rid != "standard":  # and a waiting view that holds a card is one no play gives
        import attrs

        card = br.load_rules(rid).cards[0].id
        with pytest.raises(br.InvalidInput, match="a game waiting for its next deck holds no card"):
            br.determinize(attrs.evolve(seen, pile_tops=(card, None), pile_sizes=(1, 0)), 1)


@pytest.mark.parametrize("game", ["sea-salt-paper", "boomerang-2010"])
def test_junk_is_refused_naming_the_parameter(game: str) -> None:
    seen = br.view(br.new_game(game, 3, 1), 0)
    for junk in (None, 1, "view", br.new_game(game, 3, 1)):
        with pytest.raises(TypeError, match=r"^seen must be a seat.s view"):
            br.determinize(junk, 1)
    for junk in ("1", 1.5, None, True):
        with pytest.raises(TypeError, match="^" + re.escape("rng must be an integer seed or a random.Random")):
            br.determinize(seen, junk)


@pytest.mark.parametrize("game", ["boomerang-australia", "sea-salt-paper", "boomerang-2010"])
def test_a_random_whose_draw_is_no_integer_is_refused_naming_it_alike(game: str) -> None:
    """A ``random.Random`` subclass whose ``getrandbits(64)`` gives no integer is refused in the same
    words in every game, naming it (Sea Salt & Paper and Boomerang (2010) failed inside their
    generators, "unsupported operand type(s) for &: 'float' and 'int'"); one that gives an integer
    past 64 bits is taken modulo 2**64, as an integer seed is, in every game."""

    class Odd(random.Random):
        def __init__(self, drawn: Any) -> None:
            super().__init__(1)
            self.drawn = drawn

        def getrandbits(self, k: int) -> Any:
            return self.drawn

    seen = br.view(br.new_game(game, 3, 1), 0)
    for drawn, shown in (("x", "str: 'x'"), (1.5, "float: 1.5"), (None, "None: None"), (True, "bool: True")):
        with pytest.raises(TypeError) as refused:
            br.determinize(seen, Odd(drawn))
        assert str(refused.value) == f"rng.getrandbits(64) must be an integer (int), not {shown}"
    assert br.determinize(seen, Odd(2**64 + 5)) == br.determinize(seen, Odd(5))
    assert br.determinize(seen, Odd(-1)) == br.determinize(seen, Odd(2**64 - 1))


@pytest.mark.parametrize("game", ["sea-salt-paper", "boomerang-2010"])
def test_the_same_seed_gives_the_same_state_in_every_game(game: str) -> None:
    s = drive(br.load_rules(game), 3, 4, 30)
    seen = br.view(s, 1)
    assert br.determinize(seen, 17) == br.determinize(seen, 17)
    r = random.Random(5)
    assert br.determinize(seen, random.Random(3)) == br.determinize(seen, random.Random(3))
    br.determinize(seen, r)
    assert r.getstate() != random.Random(5).getstate()


def _chi2_bound(df: int) -> float:
    """About six standard deviations above a chi-square's mean: generous, so the test cannot flake."""
    return df + 6 * math.sqrt(2 * df)


def _ssp_places(d: Any, cards: list[int]) -> dict[int, tuple[str, int]]:
    where: dict[int, tuple[str, int]] = {}
    for s, hand in enumerate(d.hands):
        for c in hand:
            where[c] = ("hand", s)
    for c in d.drawn:
        where[c] = ("drawn", 0)
    for p, pile in enumerate(d.piles):
        for c in pile:
            where[c] = ("pile", p)
    for i, c in enumerate(d.deck):
        where[c] = ("deck", min(i, 2))  # the top, the next, and the rest
    return {c: where[c] for c in cards}


@pytest.mark.parametrize(("players", "seed", "decisions"), [(2, 1, 9), (3, 2, 25), (4, 3, 40), (3, 8, 60)])
def test_sea_salt_paper_places_each_unseen_card_uniformly(players: int, seed: int, decisions: int) -> None:
    """Chi-square over every unseen card and place (each other hand, drawn cards, under each pile,
    the deck's top, its second card, the rest): each place takes a card in proportion to its room."""
    rules = OTHER_RULES["sea-salt-paper"]
    s = drive(rules, players, seed, decisions)
    k = (s.turn + 1) % players
    det = SspDeterminizer(br.view(s, k))
    unseen = list(det._unseen)
    truth = _ssp_places(s, unseen)
    room = Counter(truth.values())
    samples = 2000
    counts: Counter[tuple[int, tuple[str, int]]] = Counter()
    gen = random.Random(seed)
    for _ in range(samples):
        for card, place in _ssp_places(det.sample(gen), unseen).items():
            counts[(card, place)] += 1
    chi2, df = 0.0, 0
    for card in unseen:
        for place, size in room.items():
            e = samples * size / len(unseen)
            chi2 += (counts[(card, place)] - e) ** 2 / e
        df += len(room) - 1
    assert sum(counts.values()) == samples * len(unseen)  # no unseen card ever lands where the view shows one
    assert chi2 < _chi2_bound(df), (chi2, df)


def test_sea_salt_paper_keeps_what_the_seat_saw_taken() -> None:
    """A card seen taken from a pile top stays in the taker's hand in every determinization."""
    rules = OTHER_RULES["sea-salt-paper"]
    for seed in range(40):
        s = drive(rules, 3, seed, 30)
        for k in range(3):
            seen = br.view(s, k)
            for j, cards in enumerate(seen.known):
                for i in range(3):
                    d = br.determinize(seen, i)
                    assert {d.tables.index[c] for c in cards} <= set(d.hands[j])
        if any(any(br.view(s, k).known) for k in range(3)):
            return
    raise AssertionError("no game showed a card taken from a pile")


def test_boomerang_2010_draws_every_completion_equally_often() -> None:
    """Exact enumeration: late in a game the deck holds a few cards and the other seats' tokens are
    hidden; every (deck order, tokens) completion is drawn as often as any other (chi-square)."""
    rules = OTHER_RULES["boomerang-2010"]
    for seed in range(200):
        # Walk a game to a state with a short deck and the other seats' tokens chosen.
        rng = random.Random(seed)
        s = br.new_game(rules, 3, seed)
        while not br.is_over(s) and not (0 < len(s.deck) <= 4 and s.phase == "tokens"
                                         and s.tokens[1] >= 0 and s.tokens[2] >= 0 and s.tokens[0] < 0):
            seat = rng.choice(br.to_act(s))
            if s.phase == "tokens" and seat == 0 and len(s.deck) <= 4 and s.tokens.count(-1) > 1:
                continue
            s = br.apply(s, seat, rng.choice(br.legal_actions(s, seat)))
        if not br.is_over(s):
            break
    else:
        raise AssertionError("no game reached a short deck with hidden tokens")
    seen = br.view(s, 0)
    cells = math.factorial(len(s.deck)) * len(s.tables.lands) ** 2
    samples = 40 * cells
    counts = Counter((d.deck, d.tokens) for d in (br.determinize(seen, i) for i in range(samples)))
    assert all(br.view(br.determinize(seen, i), 0) == seen for i in range(20))
    assert len(counts) == cells, (len(counts), cells)
    e = samples / cells
    chi2 = sum((c - e) ** 2 / e for c in counts.values())
    assert chi2 < _chi2_bound(cells - 1), (chi2, cells)


# --- Views a caller built (attrs.evolve): refused naming the field, where determinize reads them ----

ODD = NearValues(junk=(None, "x", 10**9, -1, (), (0,), 1.5, ("zz",)), junk_share=0.25,
                 ints=lambda v, rng: [v + 1, v - 1, -1, 0, 99], strings=("", "x", "over", "draw", "hunt", "A"),
                 empties=(("x",), (0,), ((),)), shorter=0.3, longer=0.5)
"""The view fuzzer's values (``helpers.near_value``)."""


def _odd(value: Any, rng: random.Random) -> Any:
    return near_value(value, rng, ODD)


@pytest.mark.parametrize("rid", ["standard", "sea-salt-paper", "sea-salt-paper-extra-salt", "boomerang-2010"])
def test_a_view_with_a_field_rebound_is_refused_naming_it_or_determinized(rid: str) -> None:
    """A view built through its class with a field out of type, range or length: ``InvalidInput``
    naming it (``/field: ...: not a view view(state, seat) made [view-field]``), or a refusal of an
    inconsistent view, never another exception (an ``IndexError``, a ``KeyError``, an
    ``AttributeError``) nor a hang (Boomerang: Australia's ``players=10**9`` built rows for ever)."""
    import attrs

    rng = random.Random(rid)
    views = []
    for seed in range(2):
        s = br.new_game(rid, 3, seed)
        while not br.is_over(s):
            if rng.random() < 0.15:
                views.append(br.view(s, rng.randrange(3)))
            s = br.step(s, [rng.choice(br.legal_actions(s, seat)) for seat in br.to_act(s)])
    views.append(br.view(s, 0))
    fields = [f.name for f in attrs.fields(type(views[0])) if f.name != "rules"]
    refused = 0
    for _ in range(400):
        seen = rng.choice(views)
        name = rng.choice(fields)
        odd = attrs.evolve(seen, **{name: _odd(getattr(seen, name), rng)})
        try:
            br.determinize(odd, 1)
        except (br.InvalidInput, br.IllegalAction) as error:  # the view's fields, or the deals they give
            problems = getattr(error, "problems", ())
            refused += all(p.rule == f"view-{name}" for p in problems)
            # else a view no deal could give, refused as one: ``/: the view of seat k is inconsistent``
            said = r"the view of seat \d is inconsistent: .+"
            wrong = [p for p in problems if p.rule == "view-cards" and not re.fullmatch(said, p.message)]
            assert not wrong, f"{name}: {wrong}"
    assert refused > 50
    with pytest.raises(br.InvalidInput, match=r"^/players: .*\[view-players\]$"):
        br.determinize(attrs.evolve(views[0], players=10**9), 1)


@pytest.mark.parametrize(("rid", "change"), [
    ("standard", lambda v: {"hand": v.hand[:1] * 2 + v.hand[2:]}),  # a card seen twice, one missing
    ("sea-salt-paper", lambda v: {"deck_size": v.deck_size + 1}),  # a deck one card longer than unseen
    ("boomerang-2010", lambda v: {"deck_size": v.deck_size + 1}),
])
def test_a_view_no_deal_could_give_is_invalid_input_saying_so(rid: str, change: Any) -> None:
    """Every field fits, together they do not: ``InvalidInput`` ``[view-cards]`` (a plain ``ValueError``
    before, which a caller catching the library's errors missed)."""
    import attrs

    seen = br.view(br.new_game(rid, 3, 1), 0)
    with pytest.raises(br.InvalidInput) as refused:
        br.determinize(attrs.evolve(seen, **change(seen)), 1)
    [problem] = refused.value.problems
    assert (problem.pointer, problem.rule) == ("", "view-cards")
    assert re.fullmatch(r"the view of seat 0 is inconsistent: \d+ (unknown |unseen )?cards (unseen )?for .+",
                        problem.message)


@pytest.mark.parametrize(("rid", "decisions", "change"), [
    ("standard", 2, lambda v: {"direction": "right"}),
    ("standard", 2, lambda v: {"hand_sizes": (7,) * v.players}),
    ("standard", 2, lambda v: {"activities_used": (("swimming",),) + ((),) * (v.players - 1)}),
    ("sea-salt-paper", 7, lambda v: {"totals": (5,) + (0,) * (v.players - 1)}),
    ("sea-salt-paper", 3, lambda v: {"seat": 1}),  # seat 0's hand as seat 1's, whose size hand_sizes says
    ("sea-salt-paper", 7, lambda v: {"legal_actions": ("draw",)}),
    ("boomerang-2010", 5, lambda v: {"round": v.round + 2}),
    ("boomerang-2010", 5, lambda v: {"boomerangs": tuple(b + 1 for b in v.boomerangs)}),
    ("boomerang-2010", 5, lambda v: {"pot": v.pot + 3}),
])
def test_a_view_whose_fields_disagree_is_invalid_input_not_another_seat_s_state(
        rid: str, decisions: int, change: Any) -> None:
    """Every field fits and every card has a place, but a field disagrees with the rest of the view
    (a round, a total, a pot no play of its rounds gives): ``InvalidInput`` ``[view-cards]`` naming
    the fields that disagree, in every game, where ``determinize`` returned a state whose view was another than the one
    given, breaking ``view(determinize(seen, rng), seen.seat) == seen`` without a word."""
    import attrs

    state = br.new_game(rid, 3, 4)
    rng = random.Random(4)
    for _ in range(decisions):
        state = br.step(state, [rng.choice(br.legal_actions(state, s)) for s in br.to_act(state)])
    seen = br.view(state, 0)
    odd = attrs.evolve(seen, **change(seen))
    with pytest.raises(br.InvalidInput) as refused:
        br.determinize(odd, 1)
    [problem] = refused.value.problems
    assert (problem.pointer, problem.rule) == ("", "view-cards")
    assert re.fullmatch(rf"the view of seat {odd.seat} is inconsistent: no state gives it: its [a-z_]+(, [a-z_]+)* "
                        "disagrees? with the rest of it", problem.message)


@pytest.mark.parametrize("rid", ["standard", "reshuffle", "sea-salt-paper", "sea-salt-paper-extra-salt",
                                 "boomerang-2010"])
def test_a_finished_game_s_view_given_a_phase_under_way_is_invalid_input(rid: str) -> None:
    """The view of a finished game (its round the number of rounds played) rebound to a phase of a
    round under way: ``InvalidInput``, in every game. Boomerang: Australia's read the passing
    direction of a round past its last: an ``IndexError`` from inside ``determinize``."""
    import attrs

    state = br.new_game(rid, 3, 6)
    rng = random.Random(6)
    phases = set()  # the phases of a round under way in this game
    while not br.is_over(state):
        phases.add(br.view(state, 1).phase)
        state = br.step(state, [rng.choice(br.legal_actions(state, s)) for s in br.to_act(state)])
    seen = br.view(state, 1)
    for phase in sorted(phases):
        with pytest.raises((br.InvalidInput, TypeError)):
            br.determinize(attrs.evolve(seen, phase=phase), 1)


@pytest.mark.parametrize("rid", ["sea-salt-paper", "sea-salt-paper-extra-salt", "sea-salt-paper-tie-ender",
                                 "sea-salt-paper-tie-went-last"])
@pytest.mark.parametrize("change", [
    lambda v: {"round": v.round + 1},
    lambda v: {"round": 10**6},
    lambda v: {"winners": (0,)} if v.phase != "over" else {"winners": tuple(s for s in range(v.players)
                                                                            if s not in v.winners)[:1]},
    lambda v: {"winners": ()},
])
@pytest.mark.parametrize("decisions", [40, 10**6])
def test_a_sea_salt_paper_view_whose_round_or_winners_no_play_gives_is_invalid_input(
        rid: str, change: Any, decisions: int) -> None:
    """Sea Salt & Paper's view carries its round beside its finished rounds, and its winners: a round
    other than the rounds finished, winners before the end or other than the totals and the tie-break
    give, were drawn into a state (``round 1000001`` of a game in its first round)."""
    import attrs

    state = br.new_game(rid, 3, 4)
    rng = random.Random(4)
    for _ in range(decisions):
        if br.is_over(state):
            break
        state = br.step(state, [rng.choice(br.legal_actions(state, s)) for s in br.to_act(state)])
    seen = br.view(state, 0)
    assert br.view(br.determinize(seen, 1), 0) == seen
    changes = change(seen)
    if all(getattr(seen, k) == v for k, v in changes.items()):
        return  # no change here (no winners to take away before the end)
    with pytest.raises(br.InvalidInput) as refused:
        br.determinize(attrs.evolve(seen, **changes), 1)
    [problem] = refused.value.problems
    assert (problem.pointer, problem.rule) == ("", "view-cards")
    assert problem.message == (f"the view of seat 0 is inconsistent: no state gives it: its {next(iter(changes))} "
                               "disagrees with the rest of it")


@pytest.mark.parametrize(("field", "change"), [
    ("token", lambda v: {"token": None}),  # its token chosen (chosen says so), none shown
    ("hunt", lambda v: {"hunt": ("x",)}),
    ("hunt", lambda v: {"hunt": v.hunt + ("pass",) * (v.players + 1)}),
    ("past_rounds", lambda v: {"past_rounds": (attrs_evolve(v.past_rounds[0], hunt=("x",)),) + v.past_rounds[1:]}),
])
def test_a_boomerang_2010_view_whose_hunt_or_token_no_play_gives_is_invalid_input(field: str, change: Any) -> None:
    """Boomerang (2010)'s determinization replays the view's tokens and hunts: one that cannot be
    played is ``InvalidInput`` ``[view-cards]`` naming the field (the engine's ``IllegalAction`` escaped,
    "seat 1 must choose a land for round 7 (...), not ''")."""
    import attrs

    state = br.new_game("boomerang-2010", 3, 4)
    rng = random.Random(4)
    seen = br.view(state, 1)
    while not (seen.phase == "hunt" and seen.hunt and seen.past_rounds):
        state = br.step(state, [rng.choice(br.legal_actions(state, s)) for s in br.to_act(state)])
        seen = br.view(state, 1)
    with pytest.raises(br.InvalidInput) as refused:
        br.determinize(attrs.evolve(seen, **change(seen)), 1)
    [problem] = refused.value.problems
    assert (problem.pointer, problem.rule) == ("", "view-cards")
    assert problem.message == f"the view of seat 1 is inconsistent: no state gives it: its {field} disagrees with " \
                              "the rest of it"


def attrs_evolve(value: Any, **changes: Any) -> Any:
    import attrs

    return attrs.evolve(value, **changes)


def _long_game(rounds: int) -> br.Ruleset:
    """Boomerang: Australia's standard rules played over ``rounds`` rounds."""
    from boomerang_rules.core.loading import rules_data, rules_from_data

    data = rules_data(br.load_rules())
    data.update(id="long", name="Long", rounds=rounds, pass_directions=["left", "right"] * (rounds // 2))
    rules: br.Ruleset = rules_from_data(data)
    return rules


def _progress(state: Any) -> tuple[object, ...]:
    """Every field of a state's progress, those equality skips too (the dealer, the deals given)."""
    p = state.progress
    return (p.rounds, p.visited, p.used_activities, p.regions_taken, p.seed, p.rng, p.leftover, p.deals, p.names)


@pytest.mark.parametrize(("players", "rid"), [(2, "standard"), (3, "long"), (4, "sites-exclude-throw"),
                                              (3, "reshuffle"), (4, "long")])
def test_a_draw_replays_the_past_rounds_once_for_every_draw_of_a_view(players: int, rid: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A search draws a state from one view at every playout; each draw replayed every finished
    round again, so that a decision's search grew with the rounds played (a game of 64 rounds: 12
    ms a draw at round 40, two thirds of its search). The finished rounds are the same in every
    draw: past the first draw (the view checks it) they are played once, and every later draw
    replays only the round under way: the state the first way of drawing it gives, its dealer and
    given deals included, which plays on alike."""
    import importlib

    module = importlib.import_module("boomerang_rules.australia.determinize")  # the package's name is its function
    rules = _long_game(12) if rid == "long" else br.load_rules(rid)
    rng = random.Random(players)
    s = br.new_game(rules, players, 3)
    applied: list[int] = []
    real_apply = module.apply

    def counted(*args: Any) -> Any:
        applied.append(1)
        return real_apply(*args)

    monkeypatch.setattr(module, "apply", counted)
    checked = 0
    while not br.is_over(s):
        seat = rng.choice(br.to_act(s))
        seen = br.view(s, seat)
        warm = Determinizer(seen)
        warm.sample(0)  # the first draw, made the first way (the view checks it)
        warm.sample(0)  # the finished rounds played once for the draws after it
        for seed in (1, 2**64 - 1, rng.getrandbits(64)):
            applied.clear()
            fast = warm.sample(seed)  # a later draw replays the round under way only
            assert len(applied) <= rules.hand_size * players + 1
            first = Determinizer(seen).sample(seed)
            assert fast == first and _progress(fast) == _progress(first)
            assert br.view(fast, seat) == seen
            for _ in range(rng.randint(1, 3 * rules.hand_size)):  # and they play on alike
                if br.is_over(fast):
                    break
                actions = [rng.choice(br.legal_actions(fast, x)) for x in br.to_act(fast)]
                fast, first = br.step(fast, actions), br.step(first, actions)
                assert fast == first and _progress(fast) == _progress(first)
        checked += 1
        x = rng.choice(br.to_act(s))
        s = br.apply(s, x, rng.choice(br.legal_actions(s, x)))
    assert checked > rules.rounds * 5


def _hoard_state(turn: int, phase: str) -> Any:
    """Two seats: seat 1 holds the four mermaids among ten cards, seat 0 forty-four, the deck two and
    each pile one, seat ``turn`` to act in ``phase``: to seat 0, twelve cards unseen, the mermaids
    among them."""
    import attrs

    rules = OTHER_RULES["sea-salt-paper"]
    s = br.new_game(rules, 2, 1)
    t = s.tables
    mermaids = [c for c in range(t.deck_size) if t.is_mermaid[c]]
    rest = [c for c in range(t.deck_size) if not t.is_mermaid[c]]
    return attrs.evolve(s, hands=(tuple(sorted(rest[10:])), tuple(sorted(mermaids + rest[:6]))),
                        piles=((rest[6],), (rest[7],)), deck=tuple(rest[8:10]), turn=turn, phase=phase)


def test_sea_salt_paper_deals_no_seat_all_the_mermaids_where_it_could_not_hold_them() -> None:
    """Whoever holds all the mermaids may only place them, so a seat outside its own play phase never
    holds them all: a determinization that dealt them to the hand of a seat waiting for its turn drew
    a state no game reaches, in which that seat wins at its next move (with the mermaids among the
    twelve cards seat 0 does not see and ten of them in seat 1's hand, 78 draws in 200). Seat 1 in
    its own play phase may hold them (it may have just taken the fourth): those draws stay."""
    waiting = _hoard_state(0, "draw")
    playing = _hoard_state(1, "play")
    for state in (waiting, playing):
        seen = br.view(state, 0)
        det = SspDeterminizer(seen)
        t = state.tables
        counts = Counter(sum(t.is_mermaid[c] for c in det.sample(i).hands[1]) for i in range(300))
        for i in range(20):
            assert br.view(det.sample(i), 0) == seen
        if state is waiting:
            assert counts[4] == 0 and counts[3] > 50, counts
        else:
            assert counts[4] > 50, counts
