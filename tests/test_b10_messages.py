"""Boomerang (2010): the refusals say why in whole sentences, with the round and the seats a
player reads (issue 17: a mutation run found their numbers unchecked)."""

from __future__ import annotations

import random
from typing import Any

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
            assert _refusal(state, turn, "zz") == (f"seat {turn} must 'throw' a boomerang or 'pass' in the hunt, "
                                                   "not 'zz'")
            for gone in (s for s in range(3) if s not in state.active):
                assert _refusal(state, gone, "zz") == (f"seat {gone} has passed: its token is on the stack and it "
                                                       f"has left the hunt of round {r}")
        seat = b10.to_act(state)[0]
        state = b10.apply(state, seat, rng.choice(b10.legal_actions(state, seat)))
    assert _refusal(state, 0, "zz") == "the game is over: no decisions are owed"
    with pytest.raises(br.IllegalAction, match=r"^the game is over: no decisions are owed$"):
        b10.step(state, [])
    start = b10.new_game(rules, 3, seed=seed)
    with pytest.raises(br.IllegalAction) as info:
        b10.step(start, ["dunes"])
    assert str(info.value) == "step needs 3 actions, one for each seat in (0, 1, 2) in that order, not ['dunes']"
    with pytest.raises(br.IllegalAction) as info:
        b10.step(start, "abc")
    assert str(info.value) == ("step needs 3 actions, one for each seat in (0, 1, 2) in that order, not 'abc' "
                               "(a str is not taken for the actions: give a list, a tuple or an array)")


def test_final_scores_names_every_flaw_of_what_it_is_given() -> None:
    rules = br.load_rules("boomerang-2010")
    ids = [c.id for c in rules.cards]
    for cards, boomerangs in (("ab", [1, 2]), ([ids[0:2]], "ab"), ([ids[0:2]], b"ab")):
        with pytest.raises(br.InvalidInput) as info:
            b10.final_scores(rules, cards, boomerangs)  # type: ignore[arg-type]
        assert [(p.pointer, str(p)) for p in info.value.problems] == [
            ("", "give one list of card ids and one boomerang count per seat [seat-count]")]
    with pytest.raises(br.InvalidInput) as info:
        b10.final_scores(rules, [ids[0:2], "xy", [ids[1], "zz", 3]], [1, -1])  # type: ignore[list-item]
    assert info.value.problems[0].pointer == ""
    assert [str(p) for p in info.value.problems] == [
        "3 lists of cards for 2 boomerang counts: give one of each per seat [seat-count]",
        "/cards/1: a seat's cards must be a list of card ids, not one string [card-list]",
        f"/cards/2/0: card '{ids[1]}' is held twice (also by seat 0, its card 2) [card-unique]",
        "/cards/2/1: unknown card 'zz' [card-known]",
        "/cards/2/2: unknown card 3 [card-known]",
        "/boomerangs/1: a boomerang count is a whole number ≥ 0, not -1 [boomerangs-count]"]
    with pytest.raises(br.InvalidInput) as info:
        b10.final_scores(rules, [[], []], [True, 1.0])  # type: ignore[list-item]
    assert [str(p) for p in info.value.problems] == [
        f"/boomerangs/{s}: a boomerang count is a whole number ≥ 0, not {v!r} [boomerangs-count]"
        for s, v in enumerate([True, 1.0])]
    assert [s.total for s in b10.final_scores(rules, [[], []], [0, 0])] == [0, 0]


def test_the_tables_know_which_lands_a_card_shows() -> None:
    from boomerang_rules.boomerang2010.tables import tables_for

    rules = br.load_rules("boomerang-2010")
    t = tables_for(rules)
    lands = list(t.lands)
    for i, card in enumerate(t.ids):
        assert [land for j, land in enumerate(lands) if t.shows(i, j)] == [
            land for land in lands if land in rules.card(card).lands]


def test_state_of_replays_under_the_ruleset_given() -> None:
    rules = br.load_rules("boomerang-2010")
    state = b10.new_game(rules, 3, seed=4)
    rng = random.Random(4)
    while not b10.is_over(state):
        seat = b10.to_act(state)[0]
        state = b10.apply(state, seat, rng.choice(b10.legal_actions(state, seat)))
    record = {**b10.record_of(state), "rules": "house-rules-not-shipped"}
    del record["rules_digest"]
    with pytest.raises(br.InvalidInput):
        b10.state_of(record)
    assert b10.state_of(record, rules) == state


def _ruleset_problems(change: Any) -> list[str]:
    from boomerang_rules.core.errors import RulesError
    from boomerang_rules.core.loading import rules_from_data

    data = br.rules_data(br.load_rules("boomerang-2010"))
    data["cards"] = [{**card, "lands": list(card["lands"])} for card in data["cards"]]
    change(data)
    with pytest.raises(RulesError) as info:
        rules_from_data(data)
    return [f"{p.pointer}: {p.message} [{p.rule}]" for p in info.value.problems]


@pytest.mark.parametrize("word", ["pass", "throw"])
def test_a_land_may_not_be_named_as_a_hunt_action(word: str) -> None:
    def change(data: dict[str, Any]) -> None:
        data["lands"].append(word)
        data["cards"][0]["lands"][1] = word

    assert _ruleset_problems(change) == [
        f"/lands/5: a land may not be called {word!r}: that word is a hunt action [land-reserved]"]


def test_a_land_that_no_card_shows_is_refused() -> None:
    """No river could show every land, so the first would turn up the whole deck and the game would
    last one round: refused where the land is listed."""
    def change(data: dict[str, Any]) -> None:
        data["lands"].insert(1, "swamp")
        data["cards"] = [c for c in data["cards"] if "rivers" not in c["lands"]]

    assert _ruleset_problems(change) == [
        "/lands/1: no card shows land 'swamp', so no river could ever show every land: the first river would "
        "take the whole deck [land-in-deck]",
        "/lands/5: no card shows land 'rivers', so no river could ever show every land: the first river would "
        "take the whole deck [land-in-deck]"]


def test_each_card_flaw_of_a_ruleset_is_named_where_it_is() -> None:
    def change(data: dict[str, Any]) -> None:
        data["cards"][2]["id"] = "A1"
        data["cards"][3]["animal"] = "emu"
        data["cards"][4]["lands"][1] = "swamp"
        data["players"] = {"min": 5, "max": 4}

    assert _ruleset_problems(change) == [
        "/players/min: the minimum (5) is above the maximum (4) [players-range]",
        "/cards/0/id: card id 'A1' is used 2 times [unique-card-ids]",
        "/cards/2/id: card id 'A1' is used 2 times [unique-card-ids]",
        "/cards/3/animal: card 'A4' shows animal 'emu', which /animals does not list [animal-known]",
        "/cards/4/lands/1: card 'A5' shows land 'swamp', which /lands does not list [land-known]"]


CAPTURES: dict[str, tuple[Any, list[str]]] = {
    "a token twice": (lambda c: c[1].update(seat=0), [
        "/rounds/0/captures/1/seat: seat 0's token is used twice (also at /rounds/0/captures/0): each seat has "
        "one token on the stack [token-used-twice]"]),
    "a capture missing": (lambda c: c.pop(), ["/rounds/0/captures: 2 captures for the 3 tokens on the stack "
                                              "[capture-count]"]),
    "the top out of order": (lambda c: c.insert(0, c.pop(1)), [
        "/rounds/0/captures/0/seat: the top of the stack (the last seat left) is seat 0's token, not seat 2's: "
        "tokens are revealed from the top down [capture-order]"]),
    "a lower entry out of order": (lambda c: c.insert(1, c.pop(2)), [
        "/rounds/0/captures/1/seat: the stack entry 1 from the top is seat 2's token, not seat 1's: tokens are "
        "revealed from the top down [capture-order]"]),
    "a wrong land": (lambda c: c[2].update(land="dunes"), [
        "/rounds/0/captures/2/land: seat 1's token this round is 'rivers', not 'dunes' [capture-land]"]),
    "cards twice, unknown, elsewhere": (lambda c: c[0].update(cards=["A1", "A1", "ZZ", "A9"]), [
        "/rounds/0/captures/0/cards/1: card 'A1' is taken twice [card-unique]",
        "/rounds/0/captures/0/cards/2: card 'ZZ' is not a card of this ruleset [capture-cards]",
        "/rounds/0/captures/0/cards/3: card 'A9' does not show prairie [capture-cards]",
        *(f"/rounds/0/captures/0/cards: the capture skips card {c!r}, which shows prairie and is still in the "
          "river: the owner takes every such card [capture-cards]" for c in ("K2", "T4"))]),
    "a card not in the river": (lambda c: c[0].update(cards=["A1", "K2", "A2"]), [
        "/rounds/0/captures/0/cards/2: card 'A2' is not in the river at this point [capture-cards]",
        "/rounds/0/captures/0/cards: the capture skips card 'T4', which shows prairie and is still in the river: "
        "the owner takes every such card [capture-cards]"]),
    "a card already taken": (lambda c: c[1].update(cards=["A9"]), [
        "/rounds/0/captures/1/cards/0: card 'A9' does not show prairie [capture-cards]"]),
}


@pytest.mark.parametrize("case", sorted(CAPTURES))
def test_each_wrong_capture_is_named_where_it_is(case: str) -> None:
    import copy
    import json
    from pathlib import Path

    change, want = CAPTURES[case]
    path = Path(__file__).parent.parent / "examples" / "boomerang-2010-3p.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    assert br.validate_record(copy.deepcopy(record)) == []
    change(record["rounds"][0]["captures"])
    assert [str(p) for p in br.validate_record(record)] == want


_FRESH = iter(range(10**6))


def test_the_tables_restate_the_ruleset() -> None:
    """The indexed form the engine and scoring read, made afresh from a copy of the ruleset."""
    from boomerang_rules.boomerang2010.tables import tables_for
    from boomerang_rules.core.loading import rules_from_data

    data = br.rules_data(br.load_rules("boomerang-2010"))
    data["id"] = f"fresh-{next(_FRESH)}"  # a ruleset no cache has seen: its tables are made here
    rules = rules_from_data(data)
    t = tables_for(rules)
    assert t.rules == rules
    assert t.ids == tuple(c.id for c in rules.cards) and t.deck_size == len(rules.cards)
    assert t.index == {c.id: i for i, c in enumerate(rules.cards)}
    assert t.lands == rules.lands and t.land_index == {land: i for i, land in enumerate(rules.lands)}
    assert t.all_lands == sum(1 << i for i in range(len(rules.lands)))
    assert t.animals == rules.animals and t.animal_index == {a: i for i, a in enumerate(rules.animals)}
    assert [t.animals[a] for a in t.animal] == [c.animal for c in rules.cards]
    assert [{land for j, land in enumerate(t.lands) if t.card_lands[i] >> j & 1} for i in range(t.deck_size)] == [
        set(c.lands) for c in rules.cards]


RULES = br.load_rules("boomerang-2010")


IDS = [c.id for c in RULES.cards]


def _deck_refusal(deck: list[object]) -> str:
    with pytest.raises(br.InvalidInput) as info:
        b10.new_game(RULES, 3, deck=deck)  # type: ignore[arg-type]
    return str(info.value)


def test_a_given_deck_s_flaws_are_each_named_at_their_place() -> None:
    deck: list[object] = [IDS[0], "7", "ZZ", IDS[0], *IDS[1:-2]]
    assert _deck_refusal(deck) == "\n".join([
        "not an order of the whole deck:",
        "/deck/1: unknown card '7' [card-known]",
        "/deck/2: unknown card 'ZZ' [card-known]",
        f"/deck/3: card {IDS[0]!r} is in the deck twice (also at 0) [card-unique]",
        f"/deck: the deck lacks 2 card(s): {IDS[-2]}, {IDS[-1]} [deck-complete]"])


@pytest.mark.parametrize("missing", [1, 12, 13, 20])
def test_a_short_deck_lists_at_most_twelve_missing_cards(missing: int) -> None:
    kept, lacking = IDS[:-missing], IDS[-missing:]
    more = " …" if missing > 12 else ""
    assert _deck_refusal(list(kept)) == (f"not an order of the whole deck:\n/deck: the deck lacks {missing} "
                                         f"card(s): {', '.join(lacking[:12])}{more} [deck-complete]")


def test_a_deck_must_be_a_sequence_and_a_game_needs_a_deal() -> None:
    with pytest.raises(TypeError) as info:
        b10.new_game(RULES, 3, deck="".join(IDS))
    assert str(info.value).startswith("deck must be a list of card ids (str), top first, not str: 'A1A2A3")
    with pytest.raises(br.InvalidInput) as no_deal:
        b10.new_game(RULES, 3)
    assert [(p.pointer, p.message, p.rule) for p in no_deal.value.problems] == [
        ("", "give a seed to shuffle the deck with, or the deck's order", "deal-source")]
