"""Boomerang (2010): behaviours a mutation run of its rules modules found unchecked (issue 17).

Each test states what a player, a record's writer or a ruleset's author reads: whole messages
with their pointers and rules, the scores the rulebook gives, what one seat may see.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import boomerang_rules as br
from boomerang_rules import boomerang2010 as b10

RULES = br.load_rules("boomerang-2010")
IDS = [c.id for c in RULES.cards]


def _deck_refusal(deck: list[object]) -> str:
    with pytest.raises(br.InvalidInput) as info:
        b10.new_game(RULES, 3, deck=deck)  # type: ignore[arg-type]
    return str(info.value)


def test_a_given_deck_s_flaws_are_each_named_at_their_place() -> None:
    deck: list[object] = [IDS[0], 7, "ZZ", IDS[0], *IDS[1:-2]]
    assert _deck_refusal(deck) == "\n".join([
        "not an order of the whole deck:",
        "/deck/1: unknown card 7 [card-known]",
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
    assert str(info.value) == "deck must be a sequence of card ids, not one string"
    with pytest.raises(br.InvalidInput) as no_deal:
        b10.new_game(RULES, 3)
    assert [(p.pointer, p.message, p.rule) for p in no_deal.value.problems] == [
        ("", "give a seed to shuffle the deck with, or the deck's order", "deal-source")]


def test_a_record_needs_one_name_per_seat() -> None:
    state = b10.new_game(RULES, 3, seed=1)
    with pytest.raises(br.InvalidInput) as info:
        b10.record_of(state, names=["Ann", "Bo"])
    assert [str(p) for p in info.value.problems] == ["2 names for 3 players [names-count]"]
    assert b10.record_of(state, names=["Ann", "Bo", "Cy"])["players"] == ["Ann", "Bo", "Cy"]


def _tiny(*cards: tuple[str, str, str, str]) -> b10.Ruleset:
    """A ruleset of the shipped one with only these cards (id, animal, land, land)."""
    from boomerang_rules.core.loading import rules_from_data

    data = br.rules_data(RULES)
    data["id"] = "tiny-" + "-".join(c[0].lower() for c in cards)
    data["cards"] = [{"id": cid, "animal": animal, "lands": [a, b]} for cid, animal, a, b in cards]
    rules = rules_from_data(data)
    assert isinstance(rules, b10.Ruleset)
    return rules


def test_a_deck_used_up_by_the_first_river_ends_the_game_after_one_round() -> None:
    rules = _tiny(("C1", "bird", "dunes", "forest"), ("C2", "fish", "prairie", "mountains"))
    s = b10.new_game(rules, 3, deck=["C1", "C2"])
    assert b10.view(s, 0).river == ("C1", "C2") and b10.view(s, 0).deck_size == 0
    for seat, land in enumerate(["dunes", "prairie", "rivers"]):
        s = b10.apply(s, seat, land)
    for seat, action in ((0, "throw"), (1, "pass"), (2, "pass")):
        s = b10.apply(s, seat, action)
    # Stack: seat 1, seat 2, then seat 0 (left) on top: seat 0 (dunes) takes C1; seat 2 nothing; seat 1 C2.
    assert b10.is_over(s) and b10.to_act(s) == () and b10.legal_actions(s, 0) == ()
    assert s.round == 1 and s.turned == () and s.active == () and s.stack == () and s.hunt == ()
    for seat in range(3):
        v = b10.view(s, seat)
        assert (v.phase, v.round, v.first, v.active, v.stack, v.hunt, v.pot) == ("over", 1, 0, (), (), (), 0)
        assert v.captured == (("C1",), ("C2",), ()) and v.river == () and v.token is None
        assert v.chosen == (False, False, False) and v.boomerangs == (11, 13, 12)
        assert v.scores == b10.score_sheets(s) and [x.total for x in v.scores] == [2, 3, 2]
    assert b10.winners(s) == [1]


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 12), (5, 13)])
def test_every_view_follows_the_play_and_keeps_each_round_as_it_was_seen(players: int, seed: int) -> None:
    """The hunt, the stack and the seats still hunting as the decisions made them; each past round
    shows the river, tokens, hunt, stack and captures a seat saw when it was played."""
    import random

    rng = random.Random(seed)
    s = b10.new_game(RULES, players, seed=seed)
    tokens: list[str] = []
    hunt: list[str] = []
    passed: list[int] = []
    seen: list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]] = []
    played: list[tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]]] = []
    first = 0
    while not b10.is_over(s):
        views = [b10.view(s, seat) for seat in range(players)]
        for v in views:
            assert (v.round, v.first, v.hunt, v.stack) == (len(played), first, tuple(hunt), tuple(passed))
            assert v.scores == b10.score_sheets(s)
            if s.phase == "hunt":
                assert v.active[0] == b10.to_act(s)[0]
                assert sorted(v.active) == [x for x in range(players) if x not in passed]
            else:
                assert v.active == ()
        if not seen or len(seen) == len(played):
            seen.append((views[0].river, views[0].captured))
        seat = b10.to_act(s)[0]
        action = rng.choice(b10.legal_actions(s, seat))
        if s.phase == "tokens":
            tokens.append(action)
        else:
            hunt.append(action)
            passed += [seat] if action == "pass" else []
        round_no = s.round
        s = b10.apply(s, seat, action)
        if s.round != round_no:
            last = next(x for x in range(players) if x not in passed)
            played.append((tuple(tokens), tuple(hunt), (*passed, last)))
            tokens, hunt, passed, first = [], [], [], last
    end = b10.view(s, players - 1)
    assert len(end.past_rounds) == len(played) == end.round
    left: tuple[str, ...] = ()
    for r, (past, (river, before), (toks, decisions, stack)) in enumerate(zip(end.past_rounds, seen, played)):
        assert river[:len(left)] == left and past.turned == river[len(left):]
        assert (past.river, past.tokens, past.hunt, past.stack) == (river, toks, decisions, stack)
        after = seen[r + 1][1] if r + 1 < len(seen) else end.captured
        assert past.captures == tuple(a[len(b):] for a, b in zip(after, before))
        assert past.first == (played[r - 1][2][-1] if r else 0)
        took = {c for cards in past.captures for c in cards}
        left = tuple(c for c in river if c not in took)
    assert end.river == left and end.deck_size == 0


def test_a_record_naming_another_game_s_ruleset_says_whose_it_is() -> None:
    s = b10.new_game(RULES, 3, seed=2)
    record = {**b10.record_of(s), "rules": "standard"}
    del record["rules_digest"]
    assert [str(p) for p in b10.validate_record(record)] == [
        "/rules: the ruleset 'standard' is for 'boomerang-australia', but the record is a 'boomerang-2010' game "
        "[rules-game]"]


def test_an_action_s_number_stands_for_it_and_no_other_value_does() -> None:
    """Action ids 0-4 are the lands in ruleset order, 5 ``pass``, 6 ``throw``; anything else is refused as given."""
    s = b10.new_game(RULES, 3, seed=5)
    for k, land in enumerate(RULES.lands):
        assert b10.apply(s, 0, k) == b10.apply(s, 0, land)
    lands = ", ".join(RULES.lands)
    for given, quoted in ((5, "'pass'"), (6, "'throw'"), (7, "7"), (-1, "-1"), (True, "True"), (False, "False"),
                          (2.0, "2.0")):
        with pytest.raises(br.IllegalAction) as info:
            b10.apply(s, 0, given)  # type: ignore[arg-type]
        assert str(info.value) == f"seat 0 must choose a land for round 1 (one of {lands}), not {quoted}"
    for seat in range(3):
        s = b10.apply(s, seat, seat)
    assert b10.apply(s, 0, 5) == b10.apply(s, 0, "pass") and b10.apply(s, 0, 6) == b10.apply(s, 0, "throw")


def _record_problems(record: dict[str, object], rules: b10.Ruleset | None = None) -> list[str]:
    return [str(p) for p in b10.check_record(record, rules).problems]


def test_a_card_turned_up_too_many_says_why_the_river_stops() -> None:
    record = b10.record_of(b10.new_game(RULES, 3, seed=5))
    turned = record["rounds"][0]["turned"]
    turned.append(record["deck"][len(turned)])
    assert _record_problems(record) == [
        f"/rounds/0/turned/{len(turned) - 1}: no card is turned up after {len(turned) - 1} in round 1: every land "
        "shows in the river [river-stops]"]
    rules = _tiny(("C1", "bird", "dunes", "forest"), ("C2", "fish", "prairie", "mountains"))
    short = b10.record_of(b10.new_game(rules, 3, deck=["C2", "C1"]))
    assert short["rounds"][0]["turned"] == ["C2", "C1"]
    short["rounds"][0]["turned"].append("C1")
    assert _record_problems(short, rules) == [
        "/rounds/0/turned/2: no card is turned up after 2 in round 1: the deck has run out [river-stops]"]


def test_a_turned_card_off_the_deck_s_order_names_the_right_one() -> None:
    record = b10.record_of(b10.new_game(RULES, 3, seed=5))
    turned = record["rounds"][0]["turned"]
    right, wrong = turned[1], record["deck"][-1]
    turned[1] = wrong
    assert _record_problems(record) == [
        f"/rounds/0/turned/1: the next card of the deck is {right!r}, not {wrong!r} [river-turned]"]


def test_a_table_without_seats_scores_nothing() -> None:
    assert b10.final_scores(RULES, [], []) == ()
    assert b10.winners_of(RULES, [], []) == []


def _finished_record(players: int, seed: int) -> dict[str, object]:
    import random

    rng = random.Random(seed)
    s = b10.new_game(RULES, players, seed=seed)
    while not b10.is_over(s):
        seat = b10.to_act(s)[0]
        s = b10.apply(s, seat, rng.choice(b10.legal_actions(s, seat)))
    return b10.record_of(s)


def test_a_round_missing_a_step_names_it_and_what_follows() -> None:
    import copy

    whole = _finished_record(3, 21)
    rounds = whole["rounds"]
    assert isinstance(rounds, list) and len(rounds) > 2
    first = rounds[0]["captures"][0]["seat"]  # the last seat left in round 1 opens round 2's hunt
    hunting = ", ".join(str((first + i) % 3) for i in range(3))

    def problems(change: object, keep: int | None = None) -> list[str]:
        record = copy.deepcopy(whole)
        if keep is not None:  # an unfinished game: no result
            record["rounds"] = record["rounds"][:keep]  # type: ignore[index]
            del record["result"]
        change(record["rounds"][1])  # type: ignore[index, operator]
        return _record_problems(record)

    def only(*fields: str) -> object:
        return lambda rnd: [rnd.pop(k) for k in ("tokens", "hunt", "captures") if k not in fields]

    tokens_missing = ("/rounds/1: the hunt and the captures come after every seat has chosen a land: the tokens "
                      "are missing [tokens-missing]")
    assert problems(only("hunt"), 2) == [tokens_missing]
    assert problems(only("captures"), 2) == [tokens_missing]
    assert problems(only()) == ["/rounds/1: the tokens are missing, and another round follows [round-complete]"]
    assert problems(only(), 2) == []
    assert problems(lambda rnd: rnd.update(hunt=[]), 2) == [
        f"/rounds/1/captures: the hunt is unfinished (seats {hunting} still hunt), so nothing is captured yet "
        "[captures-early]"]
    assert problems(lambda rnd: (rnd.update(hunt=[]), rnd.pop("captures"))) == [
        "/rounds/1/hunt: the hunt is unfinished, and another round follows [round-complete]"]
    assert problems(lambda rnd: (rnd.update(hunt=[]), rnd.pop("captures")), 2) == []
    assert problems(lambda rnd: rnd.pop("captures")) == [
        "/rounds/1: the hunt is over but the captures are missing [captures-missing]"]


def test_a_hunt_decision_after_the_hunt_or_without_a_boomerang_is_named() -> None:
    import copy

    whole = _finished_record(3, 21)
    record = copy.deepcopy(whole)
    rnd = record["rounds"][1]  # type: ignore[index]
    last = rnd["captures"][0]["seat"]  # the top of the stack: the last seat left
    rnd["hunt"].append("pass")
    assert _record_problems(record) == [
        f"/rounds/1/hunt/{len(rnd['hunt']) - 1}: the hunt is over: seat {last} was the last seat left after the "
        "previous decision [hunt-over]"]
    from boomerang_rules.core.loading import rules_from_data

    data = br.rules_data(RULES)
    data.update(boomerangs_each=1, id="one-boomerang-each")
    rules = rules_from_data(data)
    assert isinstance(rules, b10.Ruleset)
    s = b10.new_game(rules, 3, seed=4)
    for seat, land in enumerate(["dunes", "forest", "prairie"]):
        s = b10.apply(s, seat, land)
    for action in ["throw", "throw", "throw", "pass", "pass"]:
        s = b10.apply(s, b10.to_act(s)[0], action)
    short = b10.record_of(s)
    short["rounds"][0]["hunt"][4] = "throw"  # seat 1 threw its only boomerang and took no pot
    assert _record_problems(short, rules) == [
        "/rounds/0/hunt/4: seat 1 has no boomerang left to throw: a seat without boomerangs must pass "
        "[throw-needs-boomerang]"]


def test_a_round_s_tokens_are_one_known_land_per_seat() -> None:
    import copy

    whole = _finished_record(3, 21)
    lands = ", ".join(RULES.lands)
    cases: list[tuple[Callable[[list[str]], object], list[str]]] = [
            (lambda toks: toks.pop(), ["/rounds/1/tokens: 2 tokens for 3 players [tokens-seats]"]),
            (lambda toks: toks.append("dunes"), ["/rounds/1/tokens: 4 tokens for 3 players [tokens-seats]"]),
            (lambda toks: toks.__setitem__(slice(1, 3), ["swamp", "Dunes"]), [
                f"/rounds/1/tokens/1: unknown land 'swamp' (lands are {lands}) [token-known]",
                f"/rounds/1/tokens/2: unknown land 'Dunes' (lands are {lands}) [token-known]"])]
    for change, want in cases:
        record = copy.deepcopy(whole)
        change(record["rounds"][1]["tokens"])  # type: ignore[index]
        assert _record_problems(record) == want


def test_a_result_off_its_schema_does_not_stop_the_replay() -> None:
    """A result's shape is reported with the replay's problems; any other schema problem stops the check."""
    import copy

    whole = _finished_record(3, 21)
    record = copy.deepcopy(whole)
    record["result"]["winners"] = "nobody"  # type: ignore[index]
    assert _record_problems(record) == ["/result/winners: 'nobody' is not of type 'array' [schema:type]"]
    record["rounds"][1]["tokens"].pop()  # type: ignore[index]
    assert _record_problems(record) == ["/result/winners: 'nobody' is not of type 'array' [schema:type]",
                                        "/rounds/1/tokens: 2 tokens for 3 players [tokens-seats]"]
    record["players"] = "Ann"
    assert _record_problems(record) == ["/players: 'Ann' is not of type 'array' [schema:type]",
                                        "/result/winners: 'nobody' is not of type 'array' [schema:type]"]


def test_a_round_after_the_game_s_end_is_named_and_a_failed_round_keeps_the_state_reached() -> None:
    import copy

    record = _finished_record(3, 4)
    rounds = record["rounds"]
    assert isinstance(rounds, list)
    played = len(rounds)
    rounds.append(copy.deepcopy(rounds[-1]))
    assert _record_problems(record) == [
        f"/rounds/{played}: the game ended after round {played}: the deck was empty when the next round began "
        "[rounds-count]"]
    # A round that fails: the check still gives the state the replay reached (in that round).
    broken = b10.record_of(b10.new_game(RULES, 3, seed=5))
    turned = broken["rounds"][0]["turned"]
    turned[1] = broken["deck"][-1]
    checked = b10.check_record(broken)
    assert checked.problems
    assert checked.state is not None and checked.state.round == 0 and not b10.is_over(checked.state)


def test_a_claimed_animal_row_names_each_wrong_or_missing_animal() -> None:
    """A sheet's ``animals`` (and ``cards``) map each animal to a number: a problem a wrong or
    missing entry, each with what the rules give."""
    s = b10.new_game(RULES, 3, seed=4)
    rnd = random.Random(1)
    while not b10.is_over(s):
        seat = b10.to_act(s)[0]
        s = b10.apply(s, seat, rnd.choice(b10.legal_actions(s, seat)))
    record = br.record_of(s)
    row = record["result"]["sheets"][1]["animals"]
    first, last = sorted(row)[0], sorted(row)[-1]
    right = row[first], row[last]
    del row[first]
    row[last] += 1
    assert [str(p) for p in b10.validate_record(record)] == [
        f"/result/sheets/1/animals/{first}: claimed None, the rules give {right[0]} [result-sheet]",
        f"/result/sheets/1/animals/{last}: claimed {right[1] + 1}, the rules give {right[1]} [result-sheet]"]
