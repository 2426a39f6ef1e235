"""The engine on chosen situations: dealing, passing, the Catch, activities, sites and regions."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import strategies as bst
from boomerang_rules.australia import engine
from boomerang_rules.australia.sheets import best_sheets
from boomerang_rules.australia.state import GameState

from .helpers import (
    australia_ids,
    built,
    one_by_one,
    play,
    preferring,
    random_game,
    random_policy,
    random_with,
    rebound,
    record_problems,
    round_drafts,
)

RULES = br.load_rules()
WA = "ABCD"


def test_new_game_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        br.new_game(RULES, 5, seed=1)
    with pytest.raises(TypeError):
        br.new_game(RULES, 3.0, seed=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        br.new_game(RULES, 3, seed="7")  # type: ignore[arg-type]
    from boomerang_rules.australia.engine import new_game

    with pytest.raises(ValueError, match="seed"):  # the engine's own: br.new_game draws a seed (issue 16)
        new_game(RULES, 3)


def test_start_of_game() -> None:
    s = br.new_game(RULES, players=3, seed=7)
    assert br.to_act(s) == (0, 1, 2)
    assert not br.is_over(s)
    hands = [br.legal_actions(s, seat) for seat in range(3)]
    for hand in hands:
        assert len(hand) == 7 and list(hand) == sorted(hand) and len(set(hand)) == 7
    assert len(set().union(*hands)) == 21
    assert br.view(s, 0).phase == "throw"


def test_same_seed_same_game_other_seed_other_deal() -> None:
    assert br.new_game(RULES, 4, 11) == br.new_game(RULES, 4, 11)
    assert br.new_game(RULES, 4, 11) != br.new_game(RULES, 4, 12)
    assert random_game(3, 5) == random_game(3, 5)
    assert hash(random_game(3, 5)) == hash(random_game(3, 5))


def test_seed_gives_a_fixed_deal() -> None:
    """The dealer's generator is our own, so this deal (recorded once) holds on every platform."""
    s = br.new_game(RULES, 2, seed=0)
    assert [br.legal_actions(s, seat) for seat in range(2)] == [
        ("#", "C", "E", "H", "I", "J", "R"), ("B", "G", "K", "L", "O", "T", "U")]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_hands_pass_left_and_the_last_card_is_caught(n: int) -> None:
    """At every table size (the engine plays four seats on a path of its own): seat i gives its
    hand to seat i + 1 after every pick, and the card left after the last pick is passed on too
    and caught by seat i + 1 (reference, Draft)."""
    s = br.new_game(RULES, n, seed=3)
    dealt = [br.legal_actions(s, seat) for seat in range(n)]
    for seat in range(n):
        s = br.apply(s, seat, dealt[seat][0])
    # Seat i gave its hand to seat i + 1.
    for seat in range(n):
        assert br.legal_actions(s, (seat + 1) % n) == dealt[seat][1:]
    assert br.view(s, 0).throw == dealt[0][0]
    for _ in range(4):
        for seat in range(n):
            s = br.apply(s, seat, br.legal_actions(s, seat)[0])
    last = [br.legal_actions(s, seat) for seat in range(n)]
    assert all(len(hand) == 2 for hand in last)
    for seat in range(n):
        s = br.apply(s, seat, last[seat][0])
    v = br.view(s, 0)
    assert v.phase == "activity"
    assert all(len(cards) == 6 for cards in v.face_up)  # 5 picks and the Catch, face up
    assert v.hand_sizes == (0,) * n
    # The card left in seat i's hand was passed on and caught by seat i + 1.
    for seat in range(n):
        assert v.face_up[(seat + 1) % n][-1] == last[seat][1]


def test_direction_right_passes_to_the_previous_seat() -> None:
    from boomerang_rules.core.loading import rules_from_data
    from tests.test_ruleset import standard_data

    data = standard_data()
    data["pass_directions"] = ["right"] * 4
    data["id"] = "right-passing"  # a shipped id must name the shipped rules
    right = rules_from_data(data)
    s = br.new_game(right, 3, seed=3)
    dealt = [br.legal_actions(s, seat) for seat in range(3)]
    for seat in range(3):
        s = br.apply(s, seat, dealt[seat][0])
    for seat in range(3):
        assert br.legal_actions(s, (seat - 1) % 3) == dealt[seat][1:]


def test_seven_decisions_per_seat_per_round() -> None:
    s = br.new_game(RULES, 4, seed=2)
    rng = random.Random(2)
    decisions = [0] * 4
    while not br.is_over(s):
        seat = rng.choice(br.to_act(s))
        s = br.apply(s, seat, rng.choice(br.legal_actions(s, seat)))
        decisions[seat] += 1
        if not br.is_over(s):
            assert s.round * 7 <= min(decisions)
    assert decisions == [28] * 4
    assert br.to_act(s) == () and br.legal_actions(s, 0) == ()


def test_pick_stays_hidden_until_everyone_has_picked() -> None:
    s = br.new_game(RULES, 3, seed=9)
    s = play(s, random_policy(random.Random(1)), until=lambda x: x.step == 2)
    before = br.view(s, 1)
    card = br.legal_actions(s, 0)[0]
    s2 = br.apply(s, 0, card)
    assert br.view(s2, 0).chosen == card
    assert br.view(s2, 1) == before  # seat 1 learns nothing from seat 0's choice
    assert br.to_act(s2) == (1, 2)


def test_activity_choice_is_each_seats_own_and_used_up() -> None:
    s = br.new_game(RULES, 2, seed=4)
    s = play(s, random_policy(random.Random(4)), until=lambda x: br.view(x, 0).phase == "activity")
    assert br.legal_actions(s, 0) == ("bushwalking", "indigenous_culture", "none", "sightseeing", "swimming")
    s = br.apply(s, 0, "swimming")
    s = br.apply(s, 1, "none")
    assert br.view(s, 0).activities_used == (("swimming",), ())
    s = play(s, random_policy(random.Random(4)), until=lambda x: br.view(x, 0).phase == "activity")
    assert "swimming" not in br.legal_actions(s, 0)
    assert "swimming" in br.legal_actions(s, 1)
    with pytest.raises(br.IllegalAction, match="already scored swimming"):
        br.apply(s, 0, "swimming")


def test_choosing_an_activity_with_no_icons_uses_it_up() -> None:
    no_swimming = [[list("ABCDEFG"), list("IJKMOPQ")]]
    s = br.new_game(RULES, 2, deals=no_swimming)
    s = play(s, random_policy(random.Random(4)), until=lambda x: br.view(x, 0).phase == "activity")
    s = br.apply(br.apply(s, 0, "swimming"), 1, "none")
    assert br.score_sheets(s)[0].activity == (0,)
    assert br.view(s, 0).activities_used == (("swimming",), ())


class TestIllegalActions:
    def setup_method(self) -> None:
        self.s = br.new_game(RULES, 3, seed=1)

    def test_card_not_in_hand_is_named_with_the_hand(self) -> None:
        hand = br.legal_actions(self.s, 0)
        other = next(c for c in br.legal_actions(self.s, 1))
        with pytest.raises(br.IllegalAction, match=f"card '{other}' is not in the hand seat 0 holds") as info:
            br.apply(self.s, 0, other)
        assert ", ".join(hand) in str(info.value)

    def test_deciding_twice(self) -> None:
        s = br.apply(self.s, 0, br.legal_actions(self.s, 0)[0])
        assert br.legal_actions(s, 0) == ()
        with pytest.raises(br.IllegalAction, match="already decided the Throw"):
            br.apply(s, 0, br.legal_actions(self.s, 0)[1])

    @pytest.mark.parametrize("action", ["ZZ", "swimming", "none", None, 99, True, 1.0, ["A"], "a"])
    def test_not_a_card(self, action: object) -> None:
        with pytest.raises(br.IllegalAction):
            br.apply(self.s, 0, action)  # type: ignore[arg-type]

    @pytest.mark.parametrize("seat", [-1, 3, 99, "0", None, 1.0])
    def test_no_such_seat(self, seat: object) -> None:
        with pytest.raises(br.IllegalAction, match="does not exist"):
            br.apply(self.s, seat, "A")  # type: ignore[arg-type]

    def test_card_during_activity_choice(self) -> None:
        s = play(self.s, random_policy(random.Random(0)), until=lambda x: br.view(x, 0).phase == "activity")
        with pytest.raises(br.IllegalAction, match="must choose an activity"):
            br.apply(s, 0, "A")

    def test_after_the_end(self) -> None:
        s = random_game(2, 1)
        with pytest.raises(br.IllegalAction, match="game is over"):
            br.apply(s, 0, "A")

    def test_illegal_action_leaves_state_alone(self) -> None:
        before = br.new_game(RULES, 3, seed=1)
        with pytest.raises(br.IllegalAction):
            br.apply(self.s, 0, "ZZ")
        assert self.s == before

    def test_is_a_value_error(self) -> None:
        assert issubclass(br.IllegalAction, ValueError)


NEUTRAL = [c for c in br.load_rules().cards if c.id not in WA]


def test_region_bonus_shared_when_completed_in_the_same_round() -> None:
    # Round 1: seat 0 visits A and B, seat 1 C and D; round 2 the other way round.
    deals = [[["A", "B", "E", "F", "I", "M", "Q"], ["C", "D", "J", "N", "R", "U", "Y"]],
             [["C", "D", "G", "K", "O", "S", "V"], ["A", "B", "H", "L", "P", "T", "W"]]]
    wants = [[["A", "B"], ["C", "D"]], [["C", "D"], ["A", "B"]]]
    s = br.new_game(RULES, 2, seed=5, deals=deals)
    s = play(s, preferring(wants, avoid=WA), until=lambda x: x.round == 2)
    assert set(round_drafts(s, 0)[0]) >= {"A", "B"} and set(round_drafts(s, 0)[1]) >= {"C", "D"}
    v = br.view(s, 0)
    assert "western_australia" not in v.past_rounds[0].bonuses[0] + v.past_rounds[0].bonuses[1]
    assert "western_australia" in v.past_rounds[1].bonuses[0]
    assert "western_australia" in v.past_rounds[1].bonuses[1]
    assert "western_australia" in v.regions_taken


@pytest.mark.parametrize(("players", "a", "b"),
                         [(n, a, b) for n in (2, 3, 4) for a, b in itertools.combinations(range(n), 2)])
def test_region_bonus_shared_by_any_two_seats_at_every_table_size(players: int, a: int, b: int) -> None:
    """The rule (reference, round scoring 3): several players completing the same region in the
    same round all get +3. Seats ``a`` and ``b`` complete Western Australia together in round 2
    (each took two of its sites in round 1 and the other two in round 2; the other seats never
    take one), at every table size and for every pair of seats: the engine reads the 4-player
    table on a path of its own, seat by seat, and each seat there must keep the bonus."""
    fillers = sorted(c.id for c in RULES.cards if c.id not in WA)
    halves = {a: ["A", "B"], b: ["C", "D"]}
    deals = []
    for r in range(2):
        pool = iter(fillers)
        hands = []
        for seat in range(players):
            mine = [] if seat not in halves else halves[seat] if r == 0 else halves[b if seat == a else a]
            hands.append([*mine, *itertools.islice(pool, 7 - len(mine))])
        deals.append(hands)
    wants = [[deals[r][s][:2] if s in halves else [] for s in range(players)] for r in range(2)]
    s = br.new_game(RULES, players, seed=5, deals=deals)
    s = play(s, preferring(wants, avoid=WA), until=lambda x: x.round == 2)
    for r in range(2):
        for seat in range(players):
            taken = set(round_drafts(s, r)[seat]) & set(WA)
            assert taken == (set(deals[r][seat][:2]) if seat in halves else set()), (r, seat, taken)
    v = br.view(s, 0)
    assert not any("western_australia" in won for won in v.past_rounds[0].bonuses)
    assert ["western_australia" in won for won in v.past_rounds[1].bonuses] == [x in halves for x in range(players)]
    assert "western_australia" in v.regions_taken

def test_region_bonus_gone_for_a_later_completion() -> None:
    deals = [[["A", "B", "C", "D", "E", "F", "I"], ["J", "M", "N", "Q", "R", "U", "Y"]],
             [["E", "F", "I", "K", "O", "S", "V"], ["A", "B", "C", "D", "H", "L", "P"]]]
    wants = [[list(WA), []], [[], list(WA)]]
    s = br.new_game(RULES, 2, seed=5, deals=deals)
    s = play(s, preferring(wants, avoid=WA), until=lambda x: x.round == 2)
    assert set(round_drafts(s, 0)[0]) >= set(WA)
    assert set(round_drafts(s, 1)[1]) >= set(WA)
    v = br.view(s, 0)
    assert "western_australia" in v.past_rounds[0].bonuses[0]
    assert "western_australia" not in v.past_rounds[1].bonuses[1]


def test_throw_card_marks_its_site() -> None:
    deals = [[["A", "B", "C", "D", "E", "F", "I"], ["J", "M", "N", "Q", "R", "U", "Y"]]]
    s = br.new_game(RULES, 2, seed=5, deals=deals)
    s = play(s, preferring([[list(WA), []]], avoid=WA), until=lambda x: x.round == 1)
    assert round_drafts(s, 0)[0][0] == "A"
    assert "western_australia" in br.view(s, 0).past_rounds[0].bonuses[0]
    assert br.score_sheets(s)[0].sites == 7


def test_a_site_visited_again_is_not_crossed_off_again() -> None:
    # The rulebook: "You may collect the cards of sites you have already visited on future rounds,
    # however you will not cross out the site on your map again, nor will you score any points for
    # visiting the same place more than once." Seat 0 is dealt the same seven cards in rounds 1
    # and 2 and throws A both times (the Throw is chosen from the hand dealt).
    ids = sorted(c.id for c in RULES.cards)
    mine = ["A", "B", "E", "F", "I", "M", "Q"]
    rest = [c for c in ids if c not in mine]
    hands = [mine, rest[0:7], rest[7:14], rest[14:21]]
    s = br.new_game(RULES, 4, seed=5, deals=[hands, hands])
    s = play(s, preferring([[["A"], [], [], []]] * 2), until=lambda x: x.round == 2)
    first, second = round_drafts(s, 0)[0], round_drafts(s, 1)[0]
    assert first[0] == second[0] == "A"
    visited = set(first) | set(second)
    assert len(visited) < len(first) + len(second)  # A at least was visited twice
    assert br.score_sheets(s)[0].sites == len(visited)


def test_given_deals_are_checked() -> None:
    with pytest.raises(br.InvalidInput) as info:
        br.new_game(RULES, 2, deals=[[list("ABCDEFG"), list("HIJKLMA")]])
    assert [(p.pointer, p.rule) for p in info.value.problems] == [("/0/1/6", "card-unique")]
    with pytest.raises(br.InvalidInput) as info:
        br.new_game(RULES, 2, deals=[[list("ABCDEF"), list("HIJKLM?")]])
    assert {p.rule for p in info.value.problems} == {"hand-size", "card-known"}


def test_without_seed_the_game_waits_for_a_deal() -> None:
    deals = [[list("ABCDEFG"), list("HIJKLMN")]]
    s = play(br.new_game(RULES, 2, deals=deals), random_policy(random.Random(0)))
    assert s.round == 1 and br.to_act(s) == () and not br.is_over(s)
    assert br.view(s, 0).phase == "deal"


def sheet(total: int, throw_catch: int) -> br.ScoreSheet:
    return br.ScoreSheet((throw_catch,), (0,), (0,), (0,), total - throw_catch, 0, total)


def test_tie_break_most_throw_and_catch() -> None:
    assert best_sheets([sheet(90, 10), sheet(90, 12), sheet(80, 20)], ["throw_catch"]) == (1,)


def test_tie_break_still_tied_is_shared() -> None:
    assert best_sheets([sheet(90, 12), sheet(90, 12), sheet(89, 20)], ["throw_catch"]) == (0, 1)


def test_highest_total_wins_before_any_tie_break() -> None:
    assert best_sheets([sheet(91, 0), sheet(90, 30)], ["throw_catch"]) == (0,)


def test_winners_empty_until_the_end() -> None:
    assert br.winners(br.new_game(RULES, 2, seed=1)) == ()
    s = random_game(4, 8)
    sheets = br.score_sheets(s)
    assert br.winners(s) and all(sheets[w].total == max(x.total for x in sheets) for w in br.winners(s))


def test_sheet_as_dict() -> None:
    s = random_game(2, 3)
    d = br.score_sheets(s)[0].as_dict()
    assert list(d) == list(br.ROWS)
    assert len(d["throw_catch"]) == 4
    assert d["total"] == sum(sum(d[r]) for r in br.ROWS[:4]) + d["sites"] + d["regions"]


def test_states_are_frozen_attrs_instances() -> None:
    import attrs

    s = br.new_game(RULES, 3, seed=1)
    assert attrs.has(type(s))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        s.step = 3
    assert s == attrs.evolve(s) and hash(s) == hash(attrs.evolve(s))
    import pickle

    assert pickle.loads(pickle.dumps(random_game(2, 3))) == random_game(2, 3)


def test_sheet_reads_like_a_mapping() -> None:
    sheet = br.score_sheets(random_game(2, 3))[0]
    assert sheet["total"] == sheet.total and dict(sheet)["sites"] == sheet.sites
    with pytest.raises(KeyError):
        sheet["nope"]


SEEDS = st.integers(0, 2**64 - 1)


SHIPPED = bst.rulesets(generated=False)


def _not_actions(number: int) -> list[Any]:
    """Values that are not actions although they resemble action ``number``: the same number as
    a float, a bool or in a container, its text as bytes, None."""
    return [float(number), bool(number), [number], (number,), {number: number}, str(number).encode(), None]


def _activity_policy(rng: random.Random) -> Any:
    """Random cards; at the activity choice, an activity other than none when one is left."""
    def choose(state: br.GameState, seat: int, actions: tuple[str, ...]) -> str:
        named = [a for a in actions if a != br.NO_ACTIVITY]
        return rng.choice(named or list(actions))

    return choose


@pytest.mark.parametrize("n", [2, 3, 4])
@settings(max_examples=10, deadline=None)
@given(SHIPPED, SEEDS, st.data())
def test_at_the_activity_choice(n: int, rules: br.Ruleset, seed: int, data: st.DataObject) -> None:
    """``step`` refuses an activity scored before, what a view says was chosen, and the refusal
    of a second choice names the step."""
    from boomerang_rules.australia.actions import action_id

    last = data.draw(st.integers(1, rules.rounds - 1), label="round")
    policy = _activity_policy(random.Random(seed))
    state = play(br.new_game(rules, n, seed), policy,
                 until=lambda s: s.round == last and br.view(s, 0).phase == "activity")
    seats = br.to_act(state)
    assert seats == tuple(range(n))
    legal = [policy(state, seat, br.legal_actions(state, seat)) for seat in seats]
    for seat in seats:
        used = br.view(state, seat).activities_used[seat]
        assert used, "each seat scored an activity in round 1"
        for again in (used[0], action_id(rules, used[0]), *_not_actions(action_id(rules, br.NO_ACTIVITY))):
            actions: list[Any] = list(legal)
            actions[seat] = again
            with pytest.raises(br.IllegalAction, match=f"seat {seat} "):
                br.step(state, actions)
    assert br.view(state, 0).chosen is None
    after = br.apply(state, 0, legal[0])
    assert br.view(after, 0).chosen == legal[0]
    assert br.view(after, 1).chosen is None
    waiting = ", ".join(map(str, range(1, n)))
    with pytest.raises(br.IllegalAction) as info:
        br.apply(after, 0, legal[0])
    assert str(info.value) == (f"seat 0 has already decided the activity choice of round {last + 1}; "
                               f"waiting for seat(s) {waiting}")
    assert br.step(state, legal) == one_by_one(state, seats, legal)
    finished = br.step(state, [br.NO_ACTIVITY] * n)
    assert br.view(finished, 0).past_rounds[-1].activities == (None,) * n


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_skipped_cards_are_those_that_waited_longer_than_a_dealt_one(data: st.DataObject) -> None:
    from boomerang_rules.australia.dealing import skipped

    cards = data.draw(st.permutations(range(12)), label="deck order")
    cuts = sorted(data.draw(st.sets(st.integers(1, 11), max_size=4), label="group ends"))
    groups = [cards[a:b] for a, b in zip([0, *cuts], [*cuts, 12])]
    dealt = data.draw(st.sets(st.sampled_from(range(12)), min_size=1), label="dealt")
    group_of = {c: i for i, g in enumerate(groups) for c in g}
    latest = max(group_of[c] for c in dealt)
    want = {c for c in range(12) if c not in dealt and group_of[c] < latest}
    got = skipped(tuple(sum(1 << c for c in g) for g in groups), sum(1 << c for c in dealt))
    assert got == sum(1 << c for c in want)


DEAL_FIRST = sorted(r for r in australia_ids() if br.load_rules(r).leftover_cards == "deal-first")


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
    assert record_problems(record) == []


def test_a_view_s_past_rounds_name_the_regions_each_seat_won() -> None:
    """Each finished round lists the regions whose bonus each seat won: every one of its sites
    visited by that seat by then, and as many as the score sheet's region row pays for."""
    region_of = {c.id: c.region for c in RULES.cards}
    sites = {r.id: {c for c, region in region_of.items() if region == r.id} for r in RULES.regions}
    named = set()
    for seed in range(6):
        state = play(br.new_game(RULES, 4, seed), random_with(random.Random(seed)))
        past = br.view(state, 0).past_rounds
        for seat, sheet in enumerate(br.score_sheets(state)):
            won = [region for r in past for region in r.bonuses[seat]]
            assert len(won) == len(set(won)) and len(won) * RULES.scoring.region_bonus == sheet["regions"]
            for n, r in enumerate(past):
                visited = {card for earlier in past[:n + 1] for card in earlier.drafts[seat]}
                assert all(sites[region] <= visited for region in r.bonuses[seat]), (seed, seat, n)
            named.update(won)
    assert len(named) > 1  # not only the first region (a bit of each seat's mask read as another's)


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
        deal_round(random_game(3, 1, rules), hands)
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


def _last_seat_owes(rules: br.Ruleset, players: int, activity: bool, rounds: int = 0) -> GameState:
    """A game by the plain engine at the Throw of round ``rounds`` (0: the first), or at its
    activity choice: every seat but the last has chosen. Each seat takes the first activity of the
    tables (index 0) while it may, else its first legal action."""
    s: GameState = br.new_game(rules, players, seed=5)
    first = s.context.tables.activity_kinds[0]
    while True:
        owing = engine.to_act(s)
        at = s.context.activity_step if activity else 0
        if s.round == rounds and s.step == at and owing == (players - 1,):
            return s
        legal = engine.legal_actions_plain(s, owing[0])
        s = engine.apply_plain(s, owing[0], first if first in legal else legal[0])


def _refusal(s: GameState) -> list[str]:
    seat = s.players - 1
    with pytest.raises(br.InvalidInput) as info:
        engine.apply_plain(s, seat, engine.legal_actions_plain(s, seat)[0])
    return [str(p) for p in info.value.problems]


@pytest.mark.parametrize(("players", "unrolled"), [(2, False), (3, False), (4, True), (4, False)])
def test_a_pending_draft_choice_no_seat_made_is_refused_naming_the_seat(players: int, unrolled: bool,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """``pending`` holds each seat's card as its index + 2 (0: no choice yet). A step's end whose
    ``pending`` has no choice for a seat, or a card the seat does not hold, is not a state the engine
    made: refused, naming the first such seat, never played (docs/testing.md, a tampered pending)."""
    monkeypatch.setattr(engine, "UNROLLED", unrolled)
    s = _last_seat_owes(RULES, players, activity=False)
    end = " which holds no such card: not a state the engine made [state-pending]"
    assert _refusal(rebound(s, pending=s.pending & ~255)) == [f"/pending: pending has no choice for seat 0,{end}"]
    for seat in sorted({0, players - 2}):  # the lowest card index a seat that chose does not hold, as its choice
        other = next(i for i in range(len(RULES.cards)) if not s.hands[seat] >> i & 1)
        pending = s.pending & ~(255 << 8 * seat) | (other + 2) << 8 * seat
        assert _refusal(rebound(s, pending=pending)) == [
            f"/pending: pending has the choice of card index {other} for seat {seat},{end}"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_pending_activity_choice_no_seat_may_make_is_refused_naming_the_seat(players: int) -> None:
    """At the activity choice a seat's ``pending`` is an activity index + 2 (1: none). No choice, an
    index past the activities, or an activity the seat scored in an earlier round is refused."""
    s = _last_seat_owes(RULES, players, activity=True, rounds=2)
    kinds = len(s.context.tables.activity_kinds)
    other = players - 2  # a seat that has chosen (the last has not)
    scored = [a for a in range(kinds) if s.progress[2][other] >> a & 1]  # the activities it scored before
    assert scored[0] == 0 and len(scored) == 2
    end = "which may not make it: not a state the engine made [state-pending]"
    for seat, code, what in [(0, 0, "no choice"), (0, kinds + 2, f"the choice of activity index {kinds}"),
                             *[(other, a + 2, f"the choice of activity index {a}") for a in scored]]:
        pending = s.pending & ~(255 << 8 * seat) | code << 8 * seat
        assert _refusal(rebound(s, pending=pending)) == [f"/pending: pending has {what} for seat {seat}, {end}"]
    none = s.pending & ~255 | 1  # seat 0 choosing no activity is a choice it may make
    assert engine.apply_plain(rebound(s, pending=none), players - 1, "none").round == 3


@pytest.mark.parametrize("players", [0, 3, 10**9])
def test_a_round_ended_with_a_players_count_its_progress_does_not_hold_is_refused(players: int) -> None:
    """The round's end builds a row a seat: a ``players`` the game's progress does not hold (four
    seats here) is refused first, at ``/context/players`` (test_accel.py compares the compiled path)."""
    s = _last_seat_owes(RULES, 4, activity=True)
    odd = built(GameState, attrs.evolve(s.context, players=players), *tuple(s)[1:])
    with pytest.raises(br.InvalidInput) as info:
        engine.apply_plain(odd, 3, engine.legal_actions_plain(s, 3)[0])
    assert [str(p) for p in info.value.problems] == [
        f"/context/players: players is {players} but the game's progress holds 4 seats: not a state the engine "
        "made [state-context]"]
