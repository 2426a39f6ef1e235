"""Rules a mutation run showed no test would notice breaking (issue 17).

Each test states a rule of the game through the public functions only (``new_game``, ``apply``,
``view``, ``record_of``, ``validate_record``, ``load_rules``), as a property over 2-4 players
and every shipped ruleset where it fits, so that it holds whatever the engine's insides become.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import strategies as bst
from boomerang_rules.australia.playouts import random_game
from boomerang_rules.core.loading import MAX_EXTENDS_DEPTH, rules_from_data

from .helpers import Policy, australia_ids, play

SEEDS = st.integers(0, 2**64 - 1)
SHIPPED = bst.rulesets(generated=False)
DEAL_FIRST = sorted(r for r in australia_ids() if br.load_rules(r).leftover_cards == "deal-first")


def taken(state: br.GameState, seat: int = 0) -> int:
    """How many cards ``seat`` has taken this round (its Throw, picks and Catch)."""
    v = br.view(state, seat)
    return len(v.face_up[seat]) + (v.throw is not None)


def random_with(rng: random.Random, first_activities: dict[int, str] | None = None) -> Policy:
    """Uniform over the legal actions, except seat s's activity in round 1 (``first_activities[s]``)."""
    def choose(state: br.GameState, seat: int, actions: tuple[str, ...]) -> str:
        if first_activities and br.view(state, seat).phase == "activity" and state.round == 0:
            return first_activities[seat]
        return rng.choice(actions)

    return choose


def problems(record: Any) -> list[str]:
    return [str(p) for p in br.validate_record(record)]


# --- the engine refuses an activity scored before, index 0 included -----------------------------

@settings(max_examples=20, deadline=None)
@given(SHIPPED, st.integers(2, 4), SEEDS, st.data())
def test_apply_refuses_an_activity_scored_in_an_earlier_round(rules: br.Ruleset, n: int, seed: int,
                                                             data: st.DataObject) -> None:
    kinds = rules.scoring.activities.kinds
    first = {seat: kinds[seat % len(kinds)] for seat in range(n)}  # seat 0 scores the activity of index 0
    later = data.draw(st.integers(1, rules.rounds - 1), label="later round")
    rng = random.Random(seed)
    state = play(br.new_game(rules, n, seed), random_with(rng, first),
                 until=lambda s: s.round == later and br.view(s, 0).phase == "activity")
    assert br.view(state, 0).activities_used[0][:1] == (kinds[0],)
    for seat in range(n):
        choices = br.legal_actions(state, seat)
        assert first[seat] not in choices
        with pytest.raises(br.IllegalAction) as info:
            br.apply(state, seat, first[seat])
        assert str(info.value) == (f"seat {seat} has already scored {first[seat]} in an earlier round "
                                   f"(it may choose {', '.join(choices)})")
        assert seat in br.to_act(state)


# --- dealing: a given first deal, then the seed -----------------------------------------------

@settings(max_examples=20, deadline=None)
@given(st.sampled_from(DEAL_FIRST), st.integers(2, 3), SEEDS, st.data())
def test_after_a_given_first_deal_set_aside_cards_are_dealt_first(rules_id: str, n: int, seed: int,
                                                                  data: st.DataObject) -> None:
    rules = br.load_rules(rules_id)
    deck = data.draw(st.permutations([c.id for c in rules.cards]), label="deck")
    size = rules.hand_size
    first = [sorted(deck[s * size:(s + 1) * size]) for s in range(n)]
    state = play(br.new_game(rules, n, seed, deals=[first]), random_with(random.Random(seed)))
    record = br.record_of(state)
    assert record["rounds"][0]["hands"] == first
    dealt = [{c for hand in rnd["hands"] for c in hand} for rnd in record["rounds"]]
    everything = set(deck)
    for earlier, later in itertools.pairwise(dealt):
        assert everything - earlier <= later  # the cards set aside are dealt first
    assert problems(record) == []


# --- records ------------------------------------------------------------------------------------

@settings(max_examples=20, deadline=None)
@given(SHIPPED, st.integers(2, 4), SEEDS, st.data())
def test_a_last_round_whose_seats_took_different_numbers_of_cards(rules: br.Ruleset, n: int, seed: int,
                                                                   data: st.DataObject) -> None:
    r = data.draw(st.integers(0, rules.rounds - 1), label="round")
    k = data.draw(st.integers(2, rules.hand_size - 2), label="cards taken")
    behind = data.draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=n - 1), label="seats a card behind")
    state = play(br.new_game(rules, n, seed), random_with(random.Random(seed)),
                 until=lambda s: s.round == r and taken(s) == k)
    record = br.record_of(state)
    picks = record["rounds"][r]["picks"]
    for seat in behind:
        picks[seat].pop()
    counts = [len(p) for p in picks]
    assert sorted(set(counts)) == [k - 1, k]
    assert problems(record) == [f"/rounds/{r}/picks: the seats took different numbers of cards ({counts}); "
                                "a record stops after a step every seat has completed [picks-step]"]


@settings(max_examples=20, deadline=None)
@given(SHIPPED, st.integers(3, 4), SEEDS, st.data())
def test_a_wrong_catch_names_the_seat_that_passed_the_card(rules: br.Ruleset, n: int, seed: int,
                                                           data: st.DataObject) -> None:
    r = data.draw(st.integers(0, rules.rounds - 1), label="round")
    seat = data.draw(st.integers(0, n - 1), label="seat")
    policy = random_with(random.Random(seed))
    last_pick = play(br.new_game(rules, n, seed), policy,
                     until=lambda s: s.round == r and taken(s) == rules.hand_size - 2)
    hands = {g: br.view(last_pick, g).hand for g in range(n)}
    state = play(last_pick, policy)
    record = br.record_of(state)
    picks = record["rounds"][r]["picks"][seat]
    catch = picks[-1]
    [giver] = [g for g in range(n) if catch in hands[g]]
    picks[-1] = picks[0]  # a card of this round, but not the one passed on
    assert problems(record) == [f"/rounds/{r}/picks/{seat}/{rules.hand_size - 1}: the Catch must be \"{catch}\", "
                                f"the card seat {giver} passed on last, not {picks[0]!r} [catch]"]


@settings(max_examples=15, deadline=None)
@given(bst.records(finished=True, with_result=True))
def test_a_result_with_no_winner_is_refused(record: dict[str, Any]) -> None:
    best = record["result"]["winners"]
    totals = ", ".join(str(sheet["total"]) for sheet in record["result"]["sheets"])
    record["result"]["winners"] = []
    assert problems(record) == [f"/result/winners: claimed [], the rules give {best} (totals {totals}) "
                                "[result-winners]"]


@settings(max_examples=15, deadline=None)
@given(bst.records(finished=True, with_result=True), st.data())
def test_a_result_naming_a_wrong_winner_set_is_refused(record: dict[str, Any], data: st.DataObject) -> None:
    n = len(record["players"])
    best = record["result"]["winners"]
    claim = data.draw(st.sets(st.integers(0, n - 1), min_size=1).filter(lambda c: sorted(c) != best))
    record["result"]["winners"] = sorted(claim, reverse=True)
    totals = ", ".join(str(sheet["total"]) for sheet in record["result"]["sheets"])
    assert problems(record) == [f"/result/winners: claimed {sorted(claim)}, the rules give {best} "
                                f"(totals {totals}) [result-winners]"]
    record["result"]["winners"] = sorted(best, reverse=True)  # the order of the claim does not matter
    assert problems(record) == []


# --- what a seat sees -----------------------------------------------------------------------------

@settings(max_examples=15, deadline=None)
@given(SHIPPED, st.integers(3, 4), SEEDS)
def test_a_view_shows_the_seats_own_hand_and_the_hands_it_held(rules: br.Ruleset, n: int, seed: int) -> None:
    rng = random.Random(seed)
    state = br.new_game(rules, n, seed)
    held: list[list[tuple[str, ...]]] = [[] for _ in range(n)]
    round_no = step_no = 0  # counted here: a Throw, hand size - 2 picks, an activity a round
    while not br.is_over(state):
        views = [br.view(state, seat) for seat in range(n)]
        phase = "throw" if step_no == 0 else "pick" if step_no < rules.hand_size - 1 else "activity"
        for seat, v in enumerate(views):
            assert v.held == tuple(held[seat])
            assert (v.round, v.rounds, v.phase, v.pick) == (round_no, rules.rounds, phase,
                                                           step_no if phase == "pick" else 0)
            assert v.direction == rules.pass_directions[round_no]
        if phase == "activity":
            for seat in range(n):
                state = br.apply(state, seat, rng.choice(br.legal_actions(state, seat)))
            round_no, step_no, held = round_no + 1, 0, [[] for _ in range(n)]
            continue
        step_no += 1
        chosen = [rng.choice(v.hand) for v in views]
        for seat, v in enumerate(views):
            assert v.hand == br.legal_actions(state, seat)  # its own hand: what it may take
        order = rng.sample(range(n), n)
        for i, seat in enumerate(order):
            state = br.apply(state, seat, chosen[seat])
            if i < n - 1:  # nothing moves until the last seat has chosen
                for other in range(n):
                    assert br.view(state, other).hand == views[other].hand
                    assert br.view(state, other).held == tuple(held[other])
        for seat, v in enumerate(views):
            held[seat].append(v.hand)
        step = 1 if rules.pass_directions[round_no] == "left" else -1
        for giver, v in enumerate(views):
            receiver = (giver + step) % n
            rest = tuple(c for c in v.hand if c != chosen[giver])
            after = br.view(state, receiver)
            if len(rest) > 1:
                assert after.hand == rest
            else:
                assert after.face_up[receiver][-1] == rest[0]  # the Catch
                assert after.hand == ()
            if len(v.hand) == rules.hand_size:
                assert br.view(state, giver).throw == chosen[giver]
    assert round_no == rules.rounds
    for seat in range(n):
        v = br.view(state, seat)
        assert (v.round, v.rounds, v.phase, v.pick, v.direction, v.legal_actions) == (
            rules.rounds, rules.rounds, "over", 0, None, ())


# --- variants and rulesets ---------------------------------------------------------------------------

@settings(max_examples=15, deadline=None)
@given(SHIPPED, st.integers(2, 4), SEEDS)
def test_site_points_and_region_bonus_scale_their_rows(rules: br.Ruleset, n: int, seed: int) -> None:
    data = br.rules_data(rules)
    data["scoring"]["site_points"] = 2
    data["scoring"]["region_bonus"] = rules.scoring.region_bonus + 2
    data["id"] = rules.id + "-scaled"  # a shipped id must name the shipped rules
    changed = rules_from_data(data)
    plain = br.score_sheets(random_game(rules, n, seed))
    state = random_game(changed, n, seed)
    record = br.record_of(state)
    for seat, (before, after) in enumerate(zip(plain, br.score_sheets(state))):
        start = 0 if rules.sites_include_throw else 1
        visited = {c for rnd in record["rounds"] for c in rnd["picks"][seat][start:]}
        assert after.sites == 2 * len(visited) == 2 * before.sites
        assert after.regions * rules.scoring.region_bonus == before.regions * (rules.scoring.region_bonus + 2)
        assert after.total - before.total == after.sites - before.sites + after.regions - before.regions
        assert [after[row] for row in br.ROWS[:4]] == [before[row] for row in br.ROWS[:4]]


@pytest.mark.parametrize("extends", ["base.json", "./base.json", "sub/../base.json", "standard.json"])
def test_an_inline_variant_cannot_extend_a_relative_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         extends: str) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("base.json", "standard.json"):
        (tmp_path / name).write_text(json.dumps(br.rules_data(br.load_rules())), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    record = br.record_of(random_game(br.load_rules(), 2, 5))
    record["rules"] = {"format": "boomerang-rules/variant", "version": 1, "id": "x", "name": "X",
                       "extends": extends, "changes": {}}
    shipped = ", ".join(br.shipped_ids())
    assert problems(record) == [f"/rules/extends: {extends!r} is not a shipped ruleset; a variant given inline "
                                f"may extend only {shipped} [extends]"]


def write_variant(path: Path, extends: str) -> Path:
    path.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": path.stem,
                                "name": path.stem, "extends": extends, "changes": {}}), encoding="utf-8")
    return path


@pytest.mark.parametrize("length", [1, 2, 3])
def test_an_extends_cycle_is_reported_as_the_cycle(tmp_path: Path, length: int) -> None:
    files = [tmp_path / f"v{i}.json" for i in range(length)]
    for i, path in enumerate(files):
        write_variant(path, files[(i + 1) % length].name)
    with pytest.raises(br.RulesError) as info:
        br.load_rules(files[0])
    chain = " -> ".join(str(p.resolve()) for p in [*files, files[0]])
    assert [str(p) for p in info.value.problems] == [
        f"{files[-1]}:/extends: variants extend each other in a cycle: {chain} [extends-cycle]"]


def test_an_extends_cycle_below_the_first_file(tmp_path: Path) -> None:
    top = write_variant(tmp_path / "top.json", "a.json")
    a = write_variant(tmp_path / "a.json", "b.json")
    b = write_variant(tmp_path / "b.json", "a.json")
    with pytest.raises(br.RulesError) as info:
        br.load_rules(top)
    chain = " -> ".join(str(p.resolve()) for p in (top, a, b, a))
    assert [str(p) for p in info.value.problems] == [
        f"{b}:/extends: variants extend each other in a cycle: {chain} [extends-cycle]"]


def test_a_long_chain_of_variants_loads_up_to_the_depth_limit(tmp_path: Path) -> None:
    files = [tmp_path / f"v{i}.json" for i in range(MAX_EXTENDS_DEPTH + 1)]
    for path, parent in itertools.pairwise(files):
        write_variant(path, parent.name)
    write_variant(files[-1], "standard")
    loaded = br.rules_data(br.load_rules(files[1]))  # as many variants as the limit allows
    assert {k: v for k, v in loaded.items() if k not in ("id", "name", "description")} == {
        k: v for k, v in br.rules_data(br.load_rules()).items() if k not in ("id", "name", "description")}
    with pytest.raises(br.RulesError) as info:
        br.load_rules(files[0])
    assert [str(p) for p in info.value.problems] == [
        f"{files[-1]}:/extends: more than {MAX_EXTENDS_DEPTH} variants extend each other: "
        f"{files[0].resolve()} -> … -> standard [extends-depth]"]


@pytest.mark.parametrize(("rounds", "directions"), [(4, 5), (3, 4), (1, 2), (4, 3), (2, 1)])
def test_one_pass_direction_per_round(rounds: int, directions: int) -> None:
    data = br.rules_data(br.load_rules())
    data["rounds"] = rounds
    data["pass_directions"] = ["left"] * directions
    with pytest.raises(br.RulesError) as info:
        rules_from_data(data, "mine.json")
    assert [str(p) for p in info.value.problems] == [
        f"mine.json:/pass_directions: {directions} pass directions for {rounds} rounds: give one per round "
        "[pass-directions]"]


def test_record_with_more_directions_than_rounds_inline() -> None:
    record = br.record_of(random_game(br.load_rules(), 2, 1))
    record["rules"] = {"format": "boomerang-rules/variant", "version": 1, "id": "x", "name": "X",
                       "extends": "standard", "changes": {"pass_directions": ["left"] * 5}}
    assert problems(record) == ["/rules/changes/pass_directions: 5 pass directions for 4 rounds: give one per "
                                "round [pass-directions]"]



# --- found by the mutation run: integer actions, step, deal_round, the tables' icon counts ---------

class IdLike:
    """Anything with ``__index__`` is an action id (a numpy integer, say)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


@settings(max_examples=15, deadline=None)
@given(SHIPPED, st.integers(2, 4), SEEDS, st.data())
def test_only_ids_and_ids_alike_are_actions(rules: br.Ruleset, n: int, seed: int, data: st.DataObject) -> None:
    from boomerang_rules.australia.actions import action_id

    state = play(br.new_game(rules, n, seed), random_with(random.Random(seed)),
                 until=lambda s: data.draw(st.booleans(), label="stop here"))
    if br.is_over(state):
        return
    seat = br.to_act(state)[0]
    legal = br.legal_actions(state, seat)
    ids = {action_id(rules, a) for a in legal}
    for bogus in (True, False, None, 1.0, 0.0, [0], (1,)):
        with pytest.raises(br.IllegalAction):
            br.apply(state, seat, bogus)  # type: ignore[arg-type]
    for i in sorted(ids)[:2]:
        assert br.apply(state, seat, IdLike(i)) == br.apply(state, seat, i)  # type: ignore[arg-type]
    assert ids  # a seat to act has something to do
    assert -1 not in ids


def test_step_on_a_finished_or_undealt_game() -> None:
    over = random_game(br.load_rules(), 3, 8)
    with pytest.raises(br.IllegalAction) as info:
        br.step(over, [])
    assert str(info.value) == "the game is over: no decisions are owed"
    waiting = br.new_game(br.load_rules(), 3, undealt_ok=True)
    with pytest.raises(br.IllegalAction) as info:
        br.step(waiting, [])
    assert str(info.value) == "round 1 has not been dealt: no decisions are owed"


def test_deal_round_deals_a_waiting_game_only() -> None:
    from boomerang_rules.australia.engine import deal_round

    rules = br.load_rules()
    ids = sorted(c.id for c in rules.cards)
    hands = [ids[0:7], ids[7:14], ids[14:21]]
    waiting = br.new_game(rules, 3, undealt_ok=True)
    dealt = deal_round(waiting, hands)
    assert [br.legal_actions(dealt, seat) for seat in range(3)] == [tuple(h) for h in hands]
    assert dealt == br.new_game(rules, 3, deals=[hands])
    with pytest.raises(br.IllegalAction) as info:
        deal_round(dealt, hands)
    assert str(info.value) == "the game is not waiting for a deal"
    with pytest.raises(br.IllegalAction) as info:
        deal_round(random_game(rules, 3, 1), hands)
    assert str(info.value) == "the game is over: there is nothing to deal"
    mid = br.apply(dealt, 0, hands[0][0])
    with pytest.raises(br.IllegalAction, match=r"^the game is not waiting for a deal$"):
        deal_round(mid, hands)
    with pytest.raises(br.InvalidInput) as flawed:
        deal_round(waiting, [hands[0], hands[0]])
    assert [str(p) for p in flawed.value.problems][:2] == [
        "2 hands dealt for 3 players [deal-hands]",
        f'/1/0: card "{hands[0][0]}" dealt twice in one round (also to seat 0) [card-unique]']
    after_round = play(dealt, random_with(random.Random(1)), until=lambda s: s.round == 1)
    assert br.to_act(after_round) == () and br.view(after_round, 0).phase == "deal"
    second = deal_round(after_round, [ids[21:28], ids[0:7], ids[7:14]])
    assert br.legal_actions(second, 0) == tuple(ids[21:28])


@settings(max_examples=30, deadline=None)
@given(SHIPPED, st.data())
def test_tables_count_activity_icons_per_kind(rules: br.Ruleset, data: st.DataObject) -> None:
    from boomerang_rules.australia.tables import tables_for

    t = tables_for(rules)
    cards = data.draw(st.lists(st.sampled_from([c.id for c in rules.cards]), unique=True, max_size=10))
    kinds = rules.scoring.activities.kinds
    assert t.activity_counts([t.index[c] for c in cards]) == [
        sum(1 for c in cards if rules.card(c).activity == kind) for kind in kinds]


def test_a_ruleset_names_a_missing_card() -> None:
    with pytest.raises(KeyError, match=r"^'\?\?'$"):
        br.load_rules().card("??")


# --- found by the mutation run: loading ---------------------------------------------------------------

def test_list_rules_describes_each_shipped_file() -> None:
    root = Path(__file__).resolve().parents[1] / "variants"
    infos = br.list_rules()
    assert sorted(i.id for i in infos) == sorted(br.shipped_ids())
    for info in infos:
        data = json.loads((root / f"{info.id}.json").read_text(encoding="utf-8"))
        assert (info.name, info.description, info.extends, info.game) == (
            data["name"], data.get("description", ""), data.get("extends"), br.load_rules(info.id).game)


def test_a_file_that_is_not_an_object_or_cannot_be_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from boomerang_rules.core import loading

    path = tmp_path / "list.json"
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(br.RulesError) as info:
        br.load_rules(path)
    assert [(p.pointer, str(p)) for p in info.value.problems] == [
        ("", f"{path}: a ruleset or variant must be a JSON object [schema:type]")]

    def unreadable(*args: object, **kwargs: object) -> object:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(loading, "read_json_file", unreadable)
    with pytest.raises(br.RulesError) as info:
        br.load_rules(path)
    assert [(p.pointer, str(p)) for p in info.value.problems] == [
        ("", f"{path}: cannot read the file: Permission denied [io]")]


def test_a_file_name_that_is_not_text_is_named_printably(tmp_path: Path) -> None:
    import os

    name = os.fsdecode(b"bad-\xff.json")
    path = tmp_path / name
    try:
        path.write_text("[]", encoding="utf-8")
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system takes only text names")
    with pytest.raises(br.RulesError) as info:
        br.load_rules(path)
    [problem] = info.value.problems
    assert problem.file == f"{tmp_path}/bad-\\udcff.json"
    assert str(problem).encode("utf-8")  # printable anywhere


def test_a_problem_is_placed_in_the_variant_that_caused_it(tmp_path: Path) -> None:
    def load(changes: dict[str, Any]) -> list[tuple[str, str]]:
        path = tmp_path / "v.json"
        path.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "v", "name": "V",
                                    "extends": "standard", "changes": changes}), encoding="utf-8")
        with pytest.raises(br.RulesError) as info:
            br.load_rules(path)
        assert {p.file for p in info.value.problems} == {str(path)}
        return [(p.pointer, p.message) for p in info.value.problems]

    assert load({"rounds": 5}) == [
        ("/pass_directions", "4 pass directions for 5 rounds: give one per round "
         f"(in the ruleset that {tmp_path}/v.json resolves to)")]
    [(where, _)] = load({"pass_directions": ["left", "up", "left", "left"]})
    assert where == "/changes/pass_directions/1"
    assert [where for where, _ in load({"scoring": {"collections": {"values": {"a/b~c": -1}}}})] == [
        "/changes/scoring/collections/values", "/changes/scoring/collections/values/a~1b~0c"]


class _NotARuleset:
    """Has a ``game``, like a ruleset, of no game the library ships."""

    game = "chess"


@pytest.mark.parametrize(("value", "shown"), [
    ({"game": "boomerang-australia"}, "dict: {'game': 'boomerang-australia'}"),
    (_NotARuleset, "type: <class "),
    ("standard", "str: 'standard'")])
def test_rules_data_names_what_it_was_given_instead_of_a_ruleset(value: object, shown: str) -> None:
    from boomerang_rules.core.loading import rules_data

    with pytest.raises(TypeError) as info:
        rules_data(value)
    assert str(info.value).startswith(f"rules must be a loaded ruleset (see load_rules), not {shown}")


def test_a_ruleset_of_an_unknown_format_is_named_whole() -> None:
    from boomerang_rules.core.loading import rules_from_data

    with pytest.raises(br.RulesError) as info:
        rules_from_data({"format": "nope"}, label="f.json")
    assert [(p.pointer, p.message, p.rule, p.file) for p in info.value.problems] == [
        ("/format", "expected 'boomerang-rules/ruleset' or 'boomerang-rules/variant', found 'nope'", "format",
         "f.json")]
