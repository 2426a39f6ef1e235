"""Sea Salt & Paper: the words of every refusal, and every field of a seat's view, at states
reached by playing seeded games (2 to 4 players); the score sheets; the tables' card words.

A refusal is read whole: a player (or a program's log) sees the message, so a wrong seat number,
a wrong list of legal actions or a lost word is a bug even when the action is still refused.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs
import pytest

import boomerang_rules as br
from boomerang_rules import seasaltpaper as ssp
from boomerang_rules.core.arguments import brief
from boomerang_rules.core.errors import IllegalAction, InvalidInput, Problem
from boomerang_rules.core.loading import rules_from_data
from boomerang_rules.seasaltpaper.engine import duo_action
from boomerang_rules.seasaltpaper.scoring import points_of
from boomerang_rules.seasaltpaper.state import GameState, RoundResult
from boomerang_rules.seasaltpaper.tables import tables_for

RULES = br.load_rules("sea-salt-paper")
T = tables_for(RULES)
PLAYERS = range(RULES.players.min, RULES.players.max + 1)
MIN_POINTS = RULES.round_end.min_points


def choose(rnd: random.Random, state: GameState, actions: tuple[str, ...]) -> str:
    """Place the mermaids when possible; in even rounds never end the round by choice (so that
    the deck runs out), in odd rounds any legal action: every way a round ends comes up."""
    if "mermaids" in actions:
        return "mermaids"
    calm = [a for a in actions if a not in ("stop", "last_chance")] if state.round % 2 == 0 else list(actions)
    return rnd.choice(calm or list(actions))


def walk(players: int, seed: int, rules: ssp.Ruleset = RULES) -> Iterator[GameState]:
    """Every state of a seeded game, played by a seeded local chooser, up to its end."""
    rnd = random.Random(seed)
    state = ssp.new_game(rules, players, seed)
    yield state
    while not ssp.is_over(state):
        seat = ssp.to_act(state)[0]
        state = ssp.apply(state, seat, choose(rnd, state, ssp.legal_actions(state, seat)))
        yield state


def first(players: int, found: Callable[[GameState], bool], seeds: range = range(40)) -> GameState:
    """The first state of the seeded games for which ``found`` holds."""
    for seed in seeds:
        for state in walk(players, seed):
            if found(state):
                return state
    raise AssertionError("no seeded game reached the state looked for")  # pragma: no cover


def refusal(state: GameState, seat: int, action: object) -> str:
    with pytest.raises(IllegalAction) as caught:
        ssp.apply(state, seat, action)  # type: ignore[arg-type]
    return str(caught.value)


def may_not(state: GameState, seat: int, shown: str) -> str:
    """The words of the general refusal, ``shown`` being the action as the message quotes it."""
    legal = ", ".join(ssp.legal_actions(state, seat))
    return f"seat {seat} may not {shown} now ({state.phase} phase); legal: {legal}"


def ids(cards: tuple[int, ...]) -> set[str]:
    return {T.ids[c] for c in cards}


# --- refusals -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_a_finished_game_owes_no_decision(players: int) -> None:
    *_, over = walk(players, 3)
    for seat in range(players):
        assert refusal(over, seat, "draw") == "the game is over: no decisions are owed"


@pytest.mark.parametrize("players", PLAYERS)
def test_a_round_without_a_deck_owes_no_decision_and_names_the_round(players: int) -> None:
    """A game given its first deck and no seed (a record's replay) waits at round 2, a blank round."""
    deck = [RULES.cards[c].id for c in ssp.new_game(RULES, players, 5).deck0]
    rnd = random.Random(5)
    state = ssp.new_game(RULES, players, decks=[deck])
    assert ssp.to_act(state) == (0,)  # no seed and no first player given: seat 0 begins
    while state.round == 0:
        seat = ssp.to_act(state)[0]
        acts = tuple(a for a in ssp.legal_actions(state, seat) if a != "mermaids" and not a.startswith("duo:"))
        state = ssp.apply(state, seat, "last_chance" if "last_chance" in acts else rnd.choice(acts))
    assert not ssp.is_over(state) and ssp.to_act(state) == ()
    for seat in range(players):
        assert refusal(state, seat, "draw") == "round 2 has no deck yet: no decisions are owed"
    with pytest.raises(IllegalAction) as info:
        ssp.step(state, ["draw"])
    assert str(info.value) == "round 2 has no deck yet: no decisions are owed"
    # nothing of round 1 is left: no cards anywhere, no LAST CHANCE, no log; only the scores
    ended = state.history[-1]
    assert ended.end == "last_chance"
    empty = ((),) * players
    assert (state.round, state.phase, state.turn, state.first) == (1, "deal", -1, (ended.ender + 1) % players)
    assert (state.deck, state.piles, state.hands, state.played, state.deck0) == ((), ((), ()), empty, empty, ())
    assert (state.caller, state.final, state.protected, state.entries()) == (-1, (), 0, ())
    check_state(state)
    for seat in range(players):
        check_view(state, seat)


def keeper(rnd: random.Random, state: GameState, actions: tuple[str, ...]) -> str:
    """Draw, play every duo but a steal (a steal would seed the game), call LAST CHANCE on
    drawing the deck's last cards."""
    if "last_chance" in actions and not state.deck:
        return "last_chance"
    duos = [a for a in actions if a.startswith("duo:") and RULES.cards[T.index[a[4:].split("+")[0]]].kind
            not in ("swimmer", "shark")]
    for wanted in (duos, [a for a in actions if a in ("draw", "end")]):
        if wanted:
            return wanted[0]
    return rnd.choice([a for a in actions if a not in ("stop", "last_chance", "mermaids")] or list(actions))


@pytest.mark.parametrize("players", PLAYERS)
def test_a_round_waiting_for_its_deck_keeps_nothing_of_the_last(players: int) -> None:
    """The deck ran out during LAST CHANCE (final turns still owed, duos in front of the seats):
    the next round, without a deck, starts blank all the same."""
    for seed in range(30):
        deck = [RULES.cards[c].id for c in ssp.new_game(RULES, players, seed).deck0]
        rnd = random.Random(seed)
        state = ssp.new_game(RULES, players, decks=[deck], first=1)
        while state.round == 0:
            before = state
            state = ssp.apply(state, state.turn, keeper(rnd, state, ssp.legal_actions(state, state.turn)))
        ended = state.history[-1]  # LAST CHANCE called on the deck's last cards: every final turn owed
        if ended.end == "empty_deck" and ended.log[-1][1] == "last_chance" and any(before.played):
            break
    else:
        raise AssertionError("no seed ran the deck out with final turns owed")  # pragma: no cover
    empty = ((),) * players
    assert (state.phase, state.turn, state.deck, state.hands, state.played) == ("deal", -1, (), empty, empty)
    assert (state.caller, state.final, state.protected, state.entries()) == (-1, (), 0, ())
    check_state(state)
    for seat in range(players):
        check_view(state, seat)


@pytest.mark.parametrize("players", PLAYERS)
def test_acting_out_of_turn_names_both_seats(players: int) -> None:
    for phase in ("draw", "keep", "play", "steal"):
        state = first(players, lambda s: s.phase == phase)  # noqa: B023 (used at once)
        turn = state.turn
        for seat in range(players):
            if seat != turn:
                assert refusal(state, seat, "draw") == f"it is seat {turn}'s turn, not seat {seat}'s"


@pytest.mark.parametrize("players", PLAYERS)
def test_ending_a_round_with_too_few_points_says_how_many(players: int) -> None:
    state = first(players, lambda s: s.phase == "play" and s.caller < 0
                  and ssp.view(s, s.turn).points.card_points < MIN_POINTS and s.played[s.turn] != ())
    seat = state.turn
    points = ssp.view(state, seat).points.card_points
    for action in ("stop", "last_chance"):
        assert refusal(state, seat, action) == (f"seat {seat} has {points} card points; ending the round "
                                                f"takes {MIN_POINTS}")


@pytest.mark.parametrize("caller", [0, 1])
@pytest.mark.parametrize("players", PLAYERS)
def test_nobody_may_end_a_round_once_last_chance_is_called(players: int, caller: int) -> None:
    state = first(players, lambda s: s.phase == "play" and s.caller == caller and s.turn != caller)
    for action in ("stop", "last_chance"):
        assert refusal(state, state.turn, action) == (f"seat {caller} has called LAST CHANCE: nobody may end "
                                                      "the round now")


@pytest.mark.parametrize("players", PLAYERS)
def test_a_duo_refusal_names_the_missing_card_or_says_the_pair_is_no_duo(players: int) -> None:
    state = first(players, lambda s: s.phase == "play" and len({T.kind[c] for c in s.hands[s.turn]}) >= 2
                  and all(T.kind[c] not in T.duo_of_kind for c in s.hands[s.turn]))
    seat = state.turn
    hand = [T.ids[c] for c in state.hands[seat]]
    mine = next(c for c in hand if T.kind[T.index[c]] != T.kind[T.index[hand[0]]])
    held = ids(tuple(c for s, h in enumerate(state.hands) for c in h))
    elsewhere = next(c for c in T.ids if c not in held)
    assert refusal(state, seat, f"duo:{hand[0]}+{mine}") == f"{hand[0]} and {mine} are not a duo"
    assert refusal(state, seat, f"duo:{elsewhere}+{hand[0]}") == f"card {elsewhere!r} is not in seat {seat}'s hand"
    assert refusal(state, seat, f"duo:{hand[0]}+{elsewhere}") == f"card {elsewhere!r} is not in seat {seat}'s hand"
    assert refusal(state, seat, f"duo:{hand[0]}+no-such-card") == f"card 'no-such-card' is not in seat {seat}'s hand"
    assert refusal(state, seat, "duo:unicorn-1+unicorn-2") == f"card 'unicorn-1' is not in seat {seat}'s hand"


@pytest.mark.parametrize("players", PLAYERS)
def test_taking_a_card_not_on_top_lists_the_tops(players: int) -> None:
    state = first(players, lambda s: s.phase == "draw" and all(len(p) >= 2 for p in s.piles))
    seat = state.turn
    tops = f"{T.ids[state.piles[0][-1]]}, {T.ids[state.piles[1][-1]]}"
    under = T.ids[state.piles[0][-2]]
    assert refusal(state, seat, f"take:{under}") == f"card {under!r} is not on top of a discard pile (tops: {tops})"
    top = T.ids[state.piles[0][-1]]
    assert refusal(state, seat, f"take:{top}:left") == (f"card '{top}:left' is not on top of a discard pile "
                                                         f"(tops: {tops})")


@pytest.mark.parametrize("players", PLAYERS)
def test_taking_from_empty_piles_says_they_are_empty(players: int) -> None:
    state = ssp.new_game(RULES, players, 11)
    for _ in range(2):  # two turns, each taking one pile's only card and ending at once
        seat = state.turn
        take = min(a for a in ssp.legal_actions(state, seat) if a.startswith("take:"))
        state = ssp.apply(ssp.apply(state, seat, take), seat, "end")
    assert state.piles == ((), ()) and state.phase == "draw"
    one_left = next(c for c in T.ids if T.index[c] in state.deck)
    assert refusal(state, state.turn, f"take:{one_left}") == (
        f"card {one_left!r} is not on top of a discard pile (tops: none: both piles are empty)")
    assert ssp.legal_actions(state, state.turn) == ("draw",)


@pytest.mark.parametrize("players", PLAYERS)
def test_a_bad_victim_is_refused_with_the_list_of_victims(players: int) -> None:
    state = first(players, lambda s: s.phase == "steal")
    seat = state.turn
    legal = ssp.legal_actions(state, seat)
    victims = ", ".join(a.split(":")[1] for a in legal)
    assert victims and all(a == f"steal:{s}" for a, s in zip(legal, victims.split(", ")))
    words = ("cannot be stolen from: a revealed hand is protected, an empty hand has nothing, and a player "
             f"cannot steal from themself (victims: {victims})")
    assert refusal(state, seat, f"steal:{seat}") == f"seat {seat} {words}"
    assert refusal(state, seat, "steal:9") == f"seat 9 {words}"
    assert refusal(state, seat, "draw") == may_not(state, seat, "'draw'")
    assert refusal(state, seat, "stop") == may_not(state, seat, "'stop'")


@pytest.mark.parametrize("players", PLAYERS)
def test_an_action_of_another_phase_gets_the_general_refusal(players: int) -> None:
    draw = first(players, lambda s: s.phase == "draw" and len(ssp.legal_actions(s, s.turn)) >= 3)
    seat = draw.turn
    hand = [T.ids[c] for c in draw.hands[seat]] or ["crab-1"]
    for action in ("stop", "last_chance", "end", f"duo:{hand[0]}+{hand[0]}", "steal:0", "pile:left"):
        assert refusal(draw, seat, action) == may_not(draw, seat, repr(action))
    assert refusal(draw, seat, -7) == may_not(draw, seat, "-7")  # no action's id (7 is one: take:crab-2)
    assert refusal(draw, seat, ssp.action_id(draw.rules, "stop")) == may_not(draw, seat, "'stop'")
    assert refusal(draw, seat, None) == may_not(draw, seat, "None")
    assert refusal(draw, seat, 10 ** 5000) == may_not(draw, seat, brief(10 ** 5000))
    play = first(players, lambda s: s.phase == "play" and len(ssp.legal_actions(s, s.turn)) >= 2)
    seat = play.turn
    for action in ("draw", "take:crab-1", "steal:1", "keep:crab-1:left", "pick:crab-1"):
        assert refusal(play, seat, action) == may_not(play, seat, repr(action))
    keep = first(players, lambda s: s.phase == "keep")
    seat = keep.turn
    for action in ("stop", "duo:crab-1+crab-2", "steal:1", "take:crab-1"):
        assert refusal(keep, seat, action) == may_not(keep, seat, repr(action))


# --- what a seat sees -------------------------------------------------------------------------------


def check_view(state: GameState, seat: int) -> None:
    """Every field of ``seat``'s view against the state: what the seat may know, and only that."""
    v = ssp.view(state, seat)
    n = state.players
    over = ssp.is_over(state)
    acting = ssp.to_act(state)
    assert (v.seat, v.players, v.round, v.phase) == (seat, n, state.round, state.phase)
    assert v.turn == (acting[0] if acting else -1)
    assert v.hand == tuple(T.ids[c] for c in state.hands[seat])
    assert v.legal_actions == ssp.legal_actions(state, seat)
    assert (v.legal_actions != ()) == (acting == (seat,))
    assert v.drawn == (tuple(T.ids[c] for c in state.drawn) if acting == (seat,) and state.phase == "keep" else ())
    chooser = acting == (seat,) and state.phase == "crab_card"
    assert v.chosen_pile == (tuple(T.ids[c] for c in state.piles[state.crab_pile]) if chooser else None)
    assert v.pile_tops == tuple(T.ids[p[-1]] if p else None for p in state.piles)
    assert v.pile_sizes == tuple(len(p) for p in state.piles)
    assert v.deck_size == len(state.deck)
    assert v.hand_sizes == tuple(len(h) for h in state.hands)
    assert v.played == tuple(tuple(T.ids[c] for c in p) for p in state.played)
    protected = tuple(s for s in range(n) if state.protected & (1 << s))
    assert v.protected == protected
    assert v.caller == state.caller
    if state.caller >= 0 and not over:
        assert state.caller in v.protected
    assert v.revealed == tuple(tuple(T.ids[c] for c in state.hands[s]) if s in protected and not over else None
                               for s in range(n))
    assert v.points == points_of(T, state.hands[seat], state.played[seat])
    assert v.totals == state.totals and sum(v.totals) == sum(sum(r.scores) for r in state.history)
    assert v.winners == ssp.winners(state) and (v.winners != ()) == over
    # the sheets: each seat's points round by round, and the total
    assert len(v.sheets) == n
    for s, sheet in enumerate(v.sheets):
        assert sheet.rounds == tuple(r.scores[s] for r in state.history)
        assert sheet.total == state.totals[s] == sum(sheet.rounds)
        assert sheet.row_total("rounds") == sum(sheet.rounds) and sheet.row_total("total") == sheet.total
        assert sheet.as_dict() == {"rounds": list(sheet.rounds), "total": sheet.total}
        assert dict(sheet) == {"rounds": sheet.rounds, "total": sheet.total}
    # the finished rounds: hands and points are shown for rounds that were scored, never otherwise
    assert len(v.past_rounds) == len(state.history)
    for past, r in zip(v.past_rounds, state.history):
        scored = r.end in ("stop", "last_chance")
        assert (past.end, past.ender, past.scores) == (r.end, r.ender, r.scores)
        assert past.played == tuple(tuple(T.ids[c] for c in p) for p in r.played)
        assert past.hands == (tuple(tuple(T.ids[c] for c in h) for h in r.hands) if scored else None)
        assert past.card_points == (r.card_points if scored else None)
        assert past.bonuses == (r.bonuses if scored else None)
        if not scored:
            assert r.scores == (0,) * n or r.end == "mermaids"
    # nothing hidden from this seat shows anywhere in its view of the round in play
    hidden = ids(state.deck)
    for s in range(n):
        if s != seat and s not in v.protected:
            hidden |= ids(state.hands[s])
    if not (acting == (seat,) and state.phase == "keep"):
        hidden |= ids(state.drawn)
    if not chooser:
        hidden |= {T.ids[c] for p in state.piles for c in p[:-1]}
    shown = set(v.hand) | set(v.drawn) | set(v.chosen_pile or ()) | {t for t in v.pile_tops if t}
    shown |= {c for p in v.played for c in p} | {c for h in v.revealed if h for c in h}
    assert not hidden & shown


@pytest.mark.parametrize("players", PLAYERS)
def test_every_field_of_every_seat_s_view_through_seeded_games(players: int) -> None:
    ends: set[str] = set()
    phases: set[str] = set()
    for seed in (1, 2):
        for k, state in enumerate(walk(players, seed)):
            if k % 3 == 0 or state.phase in ("keep", "crab_card", "steal", "over") or state.caller >= 0:
                for seat in range(players):
                    check_view(state, seat)
            phases.add(state.phase)
        ends |= {r.end for r in state.history}
    assert {"stop", "last_chance", "empty_deck"} <= ends
    assert {"draw", "keep", "play", "crab_pile", "crab_card", "steal", "over"} <= phases


def test_a_round_ended_by_mermaids_shows_no_hands() -> None:
    for seed in range(10):
        *_, over = walk(2, seed)
        if over.history[-1].end == "mermaids":
            break
    assert over.history[-1].end == "mermaids"
    for seat in range(2):
        check_view(over, seat)
        last = ssp.view(over, seat).past_rounds[-1]
        assert (last.end, last.ender, last.hands, last.card_points, last.bonuses) == (
            "mermaids", over.history[-1].ender, None, None, None)
        assert ssp.view(over, seat).winners == (last.ender,)


# --- sheets and the tables' words ---------------------------------------------------------------------


def test_a_card_in_words_has_spaces_not_underscores() -> None:
    assert T.describe(T.index["crab-3"]) == "crab-3 (crab, light blue)"
    assert T.describe(T.index["shoal_of_fish-1"]) == "shoal_of_fish-1 (shoal of fish, grey)"
    assert T.describe(T.index["swimmer-5"]) == "swimmer-5 (swimmer, light orange)"
    for i, card in enumerate(RULES.cards):
        words = T.describe(i)
        assert words.startswith(f"{card.id} (") and "_" not in words[len(card.id):]


def test_a_multiplier_of_a_kind_the_deck_lacks_is_refused() -> None:
    """A house deck without boats kept the lighthouse (it multiplies boats): it loaded, and the
    lighthouse could never score its multiplier, the author's slip passing silently. It is refused
    where the multiplied kind is named; without the lighthouses too, the deck loads and plays."""
    base = ssp.to_data(RULES)
    changes = {"cards": [c for c in base["cards"] if c["kind"] != "boat"],
               "duos": [d for d in base["duos"] if "boat" not in d["kinds"]]}
    data = {"format": "boomerang-rules/variant", "version": 1, "id": "no-boats", "name": "No boats",
            "extends": "sea-salt-paper", "changes": changes}
    with pytest.raises(br.RulesError) as refused:
        rules_from_data(data, "no-boats.json")
    assert [str(p) for p in refused.value.problems] == [
        "no-boats.json:/multipliers/lighthouse/kind: the deck has no 'boat' card, so multiplier "
        "'lighthouse' could never score (in the ruleset that no-boats.json resolves to) [kind-in-deck]"]
    changes["cards"] = [c for c in changes["cards"] if c["kind"] != "lighthouse"]
    rules = rules_from_data({**data, "changes": {**changes, "multipliers": {"lighthouse": None}}})
    assert "lighthouse" not in rules.multipliers and not any(c.kind == "boat" for c in rules.cards)
    *_, over = walk(3, 4, rules)
    assert ssp.is_over(over)


# --- a steal in a game without a seed -------------------------------------------------------------------


def unseeded_steal(seed: int) -> tuple[GameState, int, int]:
    """A game given its deck and no seed (a record's replay, played on) up to its first steal:
    the state before the steal, the victim, and where in the victim's hand the stolen card was."""
    deck = [RULES.cards[c].id for c in ssp.new_game(RULES, 2, seed).deck0]
    rnd = random.Random(seed)
    state = ssp.new_game(RULES, 2, decks=[deck], first=0)
    while state.phase != "steal":
        assert state.round == 0
        seat = ssp.to_act(state)[0]
        acts = ssp.legal_actions(state, seat)
        duos = [a for a in acts if a.startswith("duo:")]
        state = ssp.apply(state, seat, rnd.choice(duos or [a for a in acts if a not in ("stop", "last_chance")]))
    seat = state.turn
    victim = 1 - seat
    after = ssp.apply(state, seat, f"steal:{victim}")
    assert ssp.apply(state, seat, f"steal:{victim}") == after  # the same game steals the same card
    (taken,) = set(state.hands[victim]) - set(after.hands[victim])
    assert set(after.hands[seat]) == {*state.hands[seat], taken}
    return state, victim, state.hands[victim].index(taken)


def test_a_steal_without_a_seed_is_a_random_card_not_a_fixed_place_in_the_hand() -> None:
    """The steal's generator is seeded from the game so far: games that differ take cards from
    different places of hands of the same size."""
    places: dict[int, set[int]] = {}
    for seed in range(12):
        state, victim, place = unseeded_steal(seed)
        places.setdefault(len(state.hands[victim]), set()).add(place)
    assert any(len(seen) > 1 for seen in places.values())


def test_a_steal_without_a_seed_draws_from_a_64_bit_generator_state() -> None:
    """The generator an unseeded steal draws from is a state of ``core.rng`` (64 bits, as every
    seed's state), made from the game so far: the same game, the same state; another, another."""
    from boomerang_rules.seasaltpaper import engine

    states = {engine._derived_seed(unseeded_steal(seed)[0]) for seed in range(4)}
    assert len(states) == 4 and all(0 <= s < 2**64 for s in states)
    assert engine._derived_seed(unseeded_steal(0)[0]) in states


def test_a_steal_without_a_seed_makes_no_dealer_the_next_round_still_waits_for_its_deck() -> None:
    """``new_game``: without a seed the game waits at a round it has no deck for, a steal drawn
    from the game so far notwithstanding (it used to keep that draw's generator as the dealer
    and shuffle round 2 from it)."""
    state, victim, _ = unseeded_steal(3)
    state = ssp.apply(state, state.turn, f"steal:{victim}")
    assert state.chance.rng is None
    rnd = random.Random(3)
    while state.round == 0:
        seat = ssp.to_act(state)[0]
        acts = tuple(a for a in ssp.legal_actions(state, seat) if a != "mermaids" and not a.startswith("duo:"))
        state = ssp.apply(state, seat, "last_chance" if "last_chance" in acts else rnd.choice(acts))
    assert not ssp.is_over(state) and ssp.to_act(state) == () and state.deck == ()
    assert refusal(state, 0, "draw") == "round 2 has no deck yet: no decisions are owed"


# --- the engine's bookkeeping, read off seeded games -----------------------------------------------------

DUOS = {frozenset(d.kinds) for d in RULES.duos}
DRAW_PHASE = ("draw", "take", "pass")


def check_state(state: GameState) -> None:
    """What the state's fields promise, at every moment."""
    assert (state.turn == -1) == (ssp.to_act(state) == ())
    assert (state.drawn != ()) == (state.phase == "keep")
    assert (state.crab_pile != -1) == (state.phase == "crab_card")
    assert state.caller in (-1, *range(state.players))
    if state.caller < 0:
        assert state.final == () and state.protected == 0
    if state.phase not in ("deal", "over"):
        # the turns begun this round: one draw-phase action each, and the turn just begun
        turns = [seat for seat, action, _ in state.entries() if action.partition(":")[0] in DRAW_PHASE]
        if state.phase == "draw":
            turns.append(state.turn)
        assert state.turn_no == len(turns)
        check_turns(state.last_turns, turns)
    if ssp.is_over(state) and state.history[-1].end == "last_chance":
        # every final turn was taken, and every hand was revealed
        assert state.final == () and state.protected == (1 << state.players) - 1
    # every card is in exactly one place: the deck, a pile, the cards just drawn, a hand, or in front of a seat
    places = [state.deck, *state.piles, state.drawn, *state.hands, *state.played]
    if state.phase != "deal":  # (a round waiting for its deck has no cards out)
        assert sorted(c for place in places for c in place) == list(range(T.deck_size))
    if state.phase == "play":
        if state.caller >= 0:  # nobody ends the round while LAST CHANCE runs
            assert not {"stop", "last_chance"} & set(ssp.legal_actions(state, state.turn))
        hand = [RULES.cards[c] for c in state.hands[state.turn]]
        pairs = {f"duo:{a.id}+{b.id}" for i, a in enumerate(hand) for b in hand[i + 1:]
                 if frozenset((a.kind, b.kind)) in DUOS}  # the hand is in deck order
        if sum(card.kind == "mermaid" for card in hand) == 4:  # all the mermaids: placing them is the only move
            assert ssp.legal_actions(state, state.turn) == ("mermaids",)
            pairs = set()
        offered = {a for a in ssp.legal_actions(state, state.turn) if a.startswith("duo:")}
        assert offered == pairs


def check_turns(last_turns: tuple[int, ...], turns: list[int]) -> None:
    """``last_turns`` numbers each seat's latest turn of ``turns`` (the seats that began the round's
    turns, in order): the first turn counts 0, the k-th k; -1 for a seat that began none."""
    for seat in range(len(last_turns)):
        if seat not in turns:
            assert last_turns[seat] == -1
            continue
        latest = len(turns) - turns[::-1].index(seat)  # 1 the first
        assert last_turns[seat] == (latest if latest > 1 else 0)


def check_round(result: RoundResult, taken: list[tuple[int, str]]) -> None:
    """A finished round's log is the actions taken; its turn numbers count the turns begun."""
    assert [(seat, action) for seat, action, _ in result.log] == taken
    turns = [seat for seat, action, _ in result.log if action.partition(":")[0] in DRAW_PHASE]
    assert max(result.last_turns) == (len(turns) if len(turns) > 1 else 0)
    check_turns(result.last_turns, turns)


def alternate(rnd: random.Random, state: GameState, actions: tuple[str, ...]) -> str:
    """``keeper`` in even rounds, ``choose`` in odd ones (where the points that end the game come)."""
    return (keeper if state.round % 2 == 0 else choose)(rnd, state, actions)


def walk_checked(players: int, seed: int, rules: ssp.Ruleset = RULES,
                 pick: Callable[[random.Random, GameState, tuple[str, ...]], str] = choose) -> GameState:
    """A seeded game played to its end, every state and every finished round checked."""
    rnd = random.Random(seed)
    state = ssp.new_game(rules, players, seed)
    taken: list[tuple[int, str]] = []
    while not ssp.is_over(state):
        check_state(state)
        seat = ssp.to_act(state)[0]
        action = pick(rnd, state, ssp.legal_actions(state, seat))
        before = len(state.history)
        state = ssp.apply(state, seat, action)
        taken.append((seat, action))
        if len(state.history) > before:
            check_round(state.history[-1], taken)
            taken = []
    check_state(state)
    return state


@pytest.mark.parametrize("players", PLAYERS)
def test_the_bookkeeping_of_seeded_games(players: int) -> None:
    ends = set()
    for seed in range(3):
        ends |= {r.end for r in walk_checked(players, seed).history}
    assert {"stop", "last_chance", "empty_deck"} <= ends
    # LAST CHANCE called on the deck's last cards: the deck ends the round with final turns owed,
    # and the next round starts without them
    for seed in range(10):
        history = walk_checked(players, seed, RULES, alternate).history
        if any(r.end == "empty_deck" and r.log[-1][1] == "last_chance" for r in history[:-1]):
            break
    else:
        raise AssertionError("no seeded game ran the deck out with final turns owed")  # pragma: no cover


def test_a_duo_action_names_its_cards_in_deck_order_whichever_order_given() -> None:
    a, b = T.index["crab-2"], T.index["crab-7"]
    assert duo_action(T, a, b) == duo_action(T, b, a) == "duo:crab-2+crab-7"


@pytest.mark.parametrize("players", PLAYERS)
def test_drawing_from_a_deck_of_two_then_of_one(players: int) -> None:
    two = first(players, lambda s: s.phase == "draw" and len(s.deck) == 2 and "draw" in ssp.legal_actions(s, s.turn))
    seat = two.turn
    kept = ssp.apply(two, seat, "draw")
    assert (kept.phase, kept.drawn, kept.deck, kept.hands) == ("keep", two.deck, (), two.hands)
    one = first(players, lambda s: s.phase == "draw" and len(s.deck) == 1, seeds=range(200))
    seat = one.turn
    after = ssp.apply(one, seat, "draw")
    assert (after.phase, after.drawn, after.deck, after.piles) == ("play", (), (), one.piles)
    assert after.hands[seat] == tuple(sorted(one.hands[seat] + one.deck))
    assert after.entries() == (*one.entries(), (seat, "draw", -1))


LAST_CHANCE_DECK = br.load_rules("sea-salt-paper-last-chance-deck")


def late_caller(rnd: random.Random, state: GameState, actions: tuple[str, ...]) -> str:
    """Draw while there is a deck, call LAST CHANCE when it is nearly out, never STOP."""
    if "mermaids" in actions:
        return "mermaids"
    if "last_chance" in actions and len(state.deck) <= 4:
        return "last_chance"
    if "draw" in actions:
        return "draw"
    calm = [a for a in actions if a not in ("stop", "last_chance")]
    return rnd.choice([a for a in calm if a.startswith("duo:")] or calm)


def test_with_the_deck_out_during_last_chance_the_final_turns_go_on_and_pass() -> None:
    """In the -last-chance-deck variant an empty deck does not end the round while the final
    turns run (whoever called, seat 0 too): those turns take from the piles, or pass."""
    for players, seed in ((2, 30), (3, 0), (4, 0)):
        over = walk_checked(players, seed, LAST_CHANCE_DECK, late_caller)
        assert all(r.end in ("last_chance", "mermaids") for r in over.history if r.log and any(
            action == "last_chance" for _, action, _ in r.log))
    rnd = random.Random(30)
    state = ssp.new_game(LAST_CHANCE_DECK, 2, 30)
    while not (state.caller == 0 and not state.deck and state.phase == "draw"):
        state = ssp.apply(state, state.turn, late_caller(rnd, state, ssp.legal_actions(state, state.turn)))
    seat = state.turn
    bare = attrs.evolve(state, piles=((), ()))  # the piles taken too: nothing to draw or take
    assert ssp.legal_actions(bare, seat) == ("pass",)
    passed = ssp.apply(bare, seat, "pass")
    assert (passed.phase, passed.turn, passed.hands, passed.deck) == ("play", seat, bare.hands, ())
    assert passed.entries() == (*bare.entries(), (seat, "pass", -1))
    assert "end" in ssp.legal_actions(passed, seat)


def test_a_recorded_steal_of_a_card_the_victim_lacks_is_refused_in_words() -> None:
    state = first(2, lambda s: s.phase == "steal")
    seat = state.turn
    victim = 1 - seat
    lacking = next(c for c in range(T.deck_size) if c not in state.hands[victim])
    recorded = attrs.evolve(state, chance=attrs.evolve(state.chance, steals=(lacking,)))
    with pytest.raises(IllegalAction) as caught:
        ssp.apply(recorded, seat, f"steal:{victim}")
    assert str(caught.value) == (f"the record says the steal took {T.ids[lacking]!r}, which seat {victim} "
                                 "does not hold")


def test_a_steal_of_no_seat_is_refused_with_its_text_escaped() -> None:
    """The refusal of a steal quoted the seat its action named as written: a record's
    ``steal:0\\x1b[31m\\u202e`` had ``validate`` write the escape sequence and the right-to-left
    override raw to the terminal (``replay`` and ``sheet`` the override). It is escaped as every
    name a message quotes is; a seat's number is unchanged."""
    state = first(3, lambda s: s.phase == "steal")
    seat = state.turn
    for text, shown in (("0\x1b[31m\u202e", "0\\x1b[31m\\u202e"), ("9", "9")):
        with pytest.raises(IllegalAction) as caught:
            ssp.apply(state, seat, f"steal:{text}")
        assert str(caught.value).startswith(f"seat {shown} cannot be stolen from: "), str(caught.value)


def test_a_seeded_game_s_steal_draws_from_its_seed() -> None:
    """The same deck and first player, the same moves, different seeds: the steals differ."""
    start = first(3, lambda s: s.phase == "steal")
    deck = [T.ids[c] for c in start.deck0]
    moves = [(seat, action) for seat, action, _ in start.entries()]
    taken = set()
    for seed in range(8):
        state = ssp.new_game(RULES, 3, seed, decks=[deck], first=start.first)
        for seat, action in moves:
            state = ssp.apply(state, seat, action)
        assert state.phase == "steal"
        victim = int(ssp.legal_actions(state, state.turn)[0][6:])
        after = ssp.apply(state, state.turn, f"steal:{victim}")
        taken |= set(state.hands[victim]) - set(after.hands[victim])
    assert len(taken) > 1


class Seat:
    """A seat number of another integer type (as numpy's are): only ``__index__``."""

    def __init__(self, number: int) -> None:
        self.number = number

    def __index__(self) -> int:
        return self.number


@pytest.mark.parametrize("players", PLAYERS)
def test_a_seat_is_any_integer_but_never_a_bool(players: int) -> None:
    state = first(players, lambda s: s.turn == 1)
    legal = ssp.legal_actions(state, 1)
    assert legal and ssp.legal_actions(state, Seat(1)) == legal  # type: ignore[arg-type]
    assert ssp.legal_actions(state, Seat(0)) == ()  # type: ignore[arg-type]
    for seat in (True, Seat(players), -1, "1"):
        with pytest.raises(IllegalAction) as caught:
            ssp.legal_actions(state, seat)  # type: ignore[arg-type]
        assert str(caught.value) == (f"seat {brief(seat)} does not exist in a {players}-player game "
                                     f"(seats are 0 to {players - 1})")


def test_a_game_needs_a_seed_or_its_decks() -> None:
    with pytest.raises(InvalidInput) as caught:
        ssp.new_game(RULES, 2)
    assert caught.value.problems == (Problem("", "give a seed to shuffle from, or the decks", "deal-source"),)
    assert str(caught.value) == "give a seed to shuffle from, or the decks [deal-source]"


def test_points_do_not_depend_on_which_other_kinds_the_deck_has() -> None:
    """A house deck without boats, captains, crabs, fish, lighthouses and shoals (so the mermaid is the
    first kind by name): every hand of it scores as the same cards score in the full game."""
    gone = {"boat", "captain", "crab", "fish", "lighthouse", "shoal_of_fish"}
    base = ssp.to_data(RULES)
    data = {"format": "boomerang-rules/variant", "version": 1, "id": "sea-creatures", "name": "Sea creatures",
            "extends": "sea-salt-paper",
            "changes": {"cards": [c for c in base["cards"] if c["kind"] not in gone],
                        "duos": [d for d in base["duos"] if not gone & set(d["kinds"])],
                        "multipliers": {"lighthouse": None, "captain": None, "shoal_of_fish": None}}}
    small = tables_for(rules_from_data(data))
    assert small.kinds[0] == "mermaid"
    rnd = random.Random(17)
    for _ in range(150):
        cards = rnd.sample(small.ids, rnd.randrange(0, 13))
        cut = rnd.randrange(0, len(cards) + 1)
        hand, played = cards[:cut], cards[cut:]
        assert points_of(small, [small.index[c] for c in hand], [small.index[c] for c in played]) == points_of(
            T, [T.index[c] for c in hand], [T.index[c] for c in played]), (hand, played)


def _mermaid_rules(rules_id: str, cards: int) -> ssp.Ruleset:
    """The base game with 3 mermaids winning, of ``cards`` mermaids in the deck (3 or the rulebook's 4)."""
    base = br.rules_data(RULES)
    deck = [c for c in base["cards"] if c["kind"] != "mermaid" or int(c["id"].rsplit("-", 1)[1]) <= cards]
    rules: ssp.Ruleset = rules_from_data({**base, "id": rules_id, "cards": deck,
                                          "mermaids": {**base["mermaids"], "win_with": 3}}, "c.json")
    return rules


@pytest.mark.parametrize(("cards", "seed", "said"), [(4, 10, "3 mermaids"), (3, 23, "all 3 mermaids")])
def test_every_text_of_the_mermaids_win_says_the_ruleset_s_number(
        cards: int, seed: int, said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The round's end in ``play``, the replay page's round note and title and the score sheet said
    "four mermaids" whatever ``mermaids.win_with``; every text of the win now gives the ruleset's number,
    and says "all" only when they are every mermaid the deck holds. Seed ``seed`` of two random players
    ends with a seat placing its 3 mermaids (the first such seed of each ruleset): whichever engine
    serves, and the plain reading, leave placing them the only move at 3."""
    import io

    from boomerang_rules.seasaltpaper.cli import Session, narrate, replay_html, sheet_svg
    from boomerang_rules.seasaltpaper.engine import legal_plain
    from boomerang_rules.seasaltpaper.show import card_words
    from boomerang_rules.seasaltpaper.telling import told

    from .helpers import frame_texts

    rules = _mermaid_rules("three-win", cards)
    assert rules.mermaids.win_with == 3 and sum(c.kind == "mermaid" for c in rules.cards) == cards
    state, rnd = ssp.new_game(rules, 2, seed), random.Random(seed)
    while not ssp.is_over(state):
        state = ssp.apply(state, state.turn, rnd.choice(ssp.legal_actions(state, state.turn)))
    result = state.history[-1]
    assert result.end == "mermaids" and br.winners(state) == (result.ender,)
    record = br.record_of(state)
    last = record["rounds"][-1]
    record["rounds"][-1] = {**last, "actions": last["actions"][:-1]}
    del record["result"]
    before = br.state_of(record)
    seat = result.ender
    assert br.legal_actions(before, seat) == ("mermaids",) == legal_plain(before, seat)
    names = ["Ann", "Bob"]
    texts = " ".join(frame_texts(replay_html(br.record_of(state), rules, names)))
    assert f"{names[seat]} has placed {said} and wins the game at once." in texts
    assert f"ends: {names[seat]}: 3 mermaids, wins" in texts
    assert f"{names[seat]}: 3 mermaids, wins" in sheet_svg(state, names)
    session = Session(rules, 2, seat, seed, ["You", "random"] if seat == 0 else ["random", "You"])
    session.round_end(result, state.totals)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert session.ask(ssp.view(before, seat)) == "mermaids"
    out = " ".join(capsys.readouterr().out.split())
    assert f"The round ends: {said}: the game ends (You)." in out
    assert f"You hold {said}: whoever holds them wins at once" in out
    with pytest.raises(IllegalAction, match=f"seat {seat} holds {said}: whoever holds them wins at once"):
        br.apply(before, seat, "end")
    assert f"; {said} in front of you win the game at once" in card_words(rules, "mermaid-1")
    # ``replay``'s story and the line ``play`` tells of another seat's win said "all the mermaids" too
    story = " ".join(" ".join(narrate(br.record_of(state), rules, names, None)).split())
    assert f"ends: {said} ({names[seat]})" in story
    assert told(tables_for(rules), "mermaids", "Bob") == f"Bob wins the game: {said} placed"
    for text in (texts, out, story):
        assert "four" not in text and "4 mermaids" not in text and "all the mermaids" not in text


def _one_card_draw(seed: int) -> GameState:
    """A two-player game of seed ``seed`` played until a seat may ``draw`` with one card in the deck:
    random choices but ever a duo when there is one (the fish pairs' single draws make the deck odd)
    and no round ended by a call."""
    state, rnd = ssp.new_game(RULES, 2, seed), random.Random(seed)
    while True:
        legal = ssp.legal_actions(state, state.turn)
        if "draw" in legal and len(state.deck) == 1:
            return state
        duos = [a for a in legal if a.startswith("duo:")]
        state = ssp.apply(state, state.turn, rnd.choice(duos or [a for a in legal if a not in ("stop", "last_chance")]))


def test_a_draw_of_the_deck_s_last_card_is_told_as_the_rule_plays_it(capsys: pytest.CaptureFixture[str]) -> None:
    """With one card in the deck ``draw`` takes it and discards nothing (the reference), but ``play``
    offered it as "draw the top two cards of the deck, keep one, discard the other", and ``play``,
    ``replay`` and the replay page told it as two cards drawn."""
    from boomerang_rules.seasaltpaper.cli import Session, narrate, replay_html
    from boomerang_rules.seasaltpaper.telling import describe_action, told

    from .helpers import frame_texts

    before = _one_card_draw(0)
    seat = before.turn
    after = ssp.apply(before, seat, "draw")
    assert after.phase == "play" and after.deck == () and len(after.hands[seat]) == len(before.hands[seat]) + 1
    last = "take the last card of the deck (nothing to discard)"
    assert describe_action(T, "draw", deck=1) == last
    assert describe_action(T, "draw", deck=2) == "draw the top two cards of the deck, keep one, discard the other"
    assert told(T, "draw", "Ann", deck=1) == "Ann takes the last card of the deck"
    assert told(T, "draw", "You", deck=2) == "You draw the top two cards of the deck"
    names = ["You", "random"] if seat == 0 else ["random", "You"]
    assert Session(RULES, 2, seat, 0, names).choice_words(ssp.view(before, seat), "draw") == last
    record = br.record_of(ssp.apply(after, seat, "end"))  # the deck empty: the round ends unscored
    story = " ".join(narrate(record, RULES, ["Ann", "Bob"], None))
    who = ["Ann", "Bob"][seat]
    assert f"{who} takes the last card of the deck" in story
    page = " ".join(frame_texts(replay_html(record, RULES, ["Ann", "Bob"])))  # a turn's clauses after its first
    assert "takes the last card of the deck" in page and page.count("the top two cards") == story.count(
        "the top two cards")
    assert story.count("the top two cards of the deck") == sum(
        1 for rnd in record["rounds"] for _, action, *_ in rnd["actions"] if action == "draw") - 1
    # the card itself, kept with no choice that names it, is named to its player as a fish pair's draw is
    card = next(c for c in after.hands[seat] if c not in before.hands[seat])
    taken = f"takes the last card of the deck, {T.describe(card)}"
    assert taken in " ".join(narrate(record, RULES, ["Ann", "Bob"], seat)) and taken in story
    assert T.describe(card) not in " ".join(narrate(record, RULES, ["Ann", "Bob"], 1 - seat)).split("deck ran out")[0]
    assert taken in " ".join(frame_texts(replay_html(record, RULES, ["Ann", "Bob"], seat=seat)))
    capsys.readouterr()
    Session(RULES, 2, seat, 0, names).drew("draw", before.hands[seat], after.hands[seat], 1)
    assert capsys.readouterr().out.split() == f"You draw {T.describe(card)} from the deck".split()


@pytest.mark.parametrize(("win_with", "said"), [(1, "Ann: 1 mermaid, wins"), (3, "Ann: 3 mermaids, wins"),
                                                (4, "Ann: 4 mermaids, wins")])
def test_the_sheet_s_note_of_the_mermaids_win_counts_them_in_words(win_with: int, said: str) -> None:
    """The score sheet's and replay page's note of a round the mermaids won said "1 mermaids" where one
    wins (``mermaids.win_with`` may be 1)."""
    import types

    from boomerang_rules.seasaltpaper.picture import how_it_ended
    from boomerang_rules.seasaltpaper.show import card_words

    base = br.rules_data(RULES)
    rules = rules_from_data({**base, "id": "few", "mermaids": {**base["mermaids"], "win_with": win_with}}, "f.json")
    assert how_it_ended(types.SimpleNamespace(end="mermaids", ender=0), ["Ann", "Bob"], rules) == said
    verb = "wins" if win_with == 1 else "win"  # and a mermaid in words ("1 mermaid in front of you win")
    assert card_words(rules, "mermaid-1").endswith(f" mermaid{'s' if win_with != 1 else ''} in front of you {verb} "
                                                   "the game at once")


def test_every_text_of_a_one_mermaid_win_agrees_in_number(tmp_path: Path) -> None:
    """A variant (a merge patch of the base game) where 1 mermaid wins: ``play``'s prompt said "You hold 1
    mermaid: whoever holds them wins at once, so placing them is your only move" and its choice "place
    your mermaids", ``replay`` "wins the game: all the mermaids placed" and "Round 1 ends: all the
    mermaids", the engine's refusal "whoever holds them", ``score`` "the mermaids are played 1 at once".
    Every such text agrees with the ruleset's number now: one mermaid, "it"."""
    import json

    from click.testing import CliRunner

    from boomerang_rules.cli import cli
    from boomerang_rules.seasaltpaper.cli import replay_html

    from .helpers import frame_texts

    path = tmp_path / "one-mermaid.json"
    path.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "one-mermaid",
                                "name": "One mermaid", "description": "A single mermaid wins.",
                                "extends": "sea-salt-paper", "changes": {"mermaids": {"win_with": 1}}}))
    rules = br.load_rules(str(path))
    assert rules.mermaids.win_with == 1
    state, rnd = ssp.new_game(rules, 2, 1), random.Random(1)
    while not ssp.is_over(state):
        state = ssp.apply(state, state.turn, rnd.choice(ssp.legal_actions(state, state.turn)))
    seat = state.history[-1].ender
    assert state.history[-1].end == "mermaids"
    record = br.record_of(state)
    last = record["rounds"][-1]
    before = br.state_of({**{k: v for k, v in record.items() if k != "result"},
                          "rounds": [*record["rounds"][:-1], {**last, "actions": last["actions"][:-1]}]})
    with pytest.raises(IllegalAction) as refused:
        br.apply(before, seat, "end")
    assert str(refused.value) == (f"seat {seat} holds 1 mermaid: whoever holds it wins at once, so placing it "
                                  "(mermaids) is its only move")
    (tmp_path / "game.json").write_text(json.dumps(record))
    runner = CliRunner()
    replayed = runner.invoke(cli, ["replay", str(tmp_path / "game.json")])
    played = runner.invoke(cli, ["play", "--rules", str(path), "--players", "2", "--seed", "1"], input="1\n" * 300)
    scored = runner.invoke(cli, ["score", "--rules", str(path), "--hand", "crab-1", "--played", "mermaid-1",
                                 "mermaid-2"])
    assert replayed.exit_code == 0 and played.exit_code == 0 and scored.exit_code == 1
    replay_text, play_text = " ".join(replayed.stdout.split()), " ".join(played.stdout.split())
    assert f"Seat {seat} wins the game: 1 mermaid placed Round 1 ends: 1 mermaid (Seat {seat})" in replay_text
    assert ("You hold 1 mermaid: whoever holds it wins at once, so placing it is your only move. 1. place 1 "
            "mermaid in front of you and win the game [mermaids]") in play_text
    assert scored.stderr.endswith("2 mermaids in front: a mermaid is played alone (which wins the game) "
                                  "[played-mermaids]\n")
    page = " ".join(frame_texts(replay_html(record, rules, ["Ann", "Bob"])))
    assert f"{['Ann', 'Bob'][seat]} has placed 1 mermaid and wins the game at once." in page
    for text in (replay_text, play_text, scored.stderr, page, str(refused.value)):
        for plural in ("holds them", "placing them", "all the mermaids", "your mermaids", "mermaids placed",
                       "played 1 at once", "1 mermaids"):
            assert plural not in text
