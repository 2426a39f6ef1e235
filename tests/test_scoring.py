"""Round scoring: the rulebook's examples, each category at its edges, and a property test
against a plain re-statement of the reference text."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import strategies as bst

RULES = br.load_rules()
IDS = [c.id for c in RULES.cards]


def score(cards: str | list[str], activity: str | None = None) -> br.RoundScore:
    return br.score_round(RULES, list(cards), activity)


# --- the rulebook's own examples -------------------------------------------------------------

def test_throw_4_catch_1_scores_3() -> None:
    # E is a 4, A is a 1; the cards between do not touch the Throw & Catch row.
    assert score("EBFHMQA").throw_catch == 3


def test_throw_1_catch_4_scores_3() -> None:
    assert score("ABFHMQE").throw_catch == 3


def test_throw_7_catch_1_scores_6_and_throw_1_catch_7_too() -> None:
    # The Spanish and Italian texts' example: the difference is an absolute value. Y is a 7, A a 1.
    assert score("YEFHMQA").throw_catch == 6
    assert score("AEFHMQY").throw_catch == 6


def test_three_leaves_one_shell_is_12() -> None:
    # A, V, X: leaves; W: shells; B, E, F: no collection.
    assert score("AVXWBEF").collections == 12


def test_two_wildflowers_one_souvenir_is_9_not_doubled() -> None:
    # D, I: wildflowers; K: souvenirs.
    assert score("DIKBEFH").collections == 9


def test_pair_of_kangaroos_scores_3_not_6() -> None:
    # B, J: kangaroos; the rest: one each of other animals or none.
    assert score("BJEFHAD").animals == 3


def test_three_of_a_kind_scores_as_a_pair_four_as_two_pairs() -> None:
    assert score("BJOEFAD").animals == 3  # three kangaroos
    assert score("BJOCEAD").animals == 6  # four kangaroos


def test_a_single_animal_scores_nothing_and_pairs_of_different_animals_all_score() -> None:
    # The Spanish and Italian texts: single animals are worth nothing; any number of pairs score,
    # each pair of one animal with another of the same (mix and match).
    # B, E, F, H, X: one kangaroo, emu, wombat, koala, platypus; A, D: no animal.
    assert score("BEFHXAD").animals == 0
    # B, J: kangaroos (3); E, N: emus (4); A, D, I: no animal.
    assert score("BJENADI").animals == 3 + 4
    # and a pair of platypuses (G, X: 9) beside them, with the kangaroo pair: 3 + 9.
    assert score("BJGXADI").animals == 3 + 9


def test_three_bushwalking_icons_chosen_scores_4() -> None:
    # D, K, M: bushwalking.
    assert score("DKMABEF", "bushwalking").activity == 4


# --- each category at its edges --------------------------------------------------------------

def test_collections_7_doubled_8_not() -> None:
    # K souvenir 5 + D wildflower 2 = 7 -> 14; + A leaf = 8 -> 8.
    assert score("KDBEFHM").collections == 14
    assert score("KDABEFH").collections == 8


def test_collections_none_is_zero() -> None:
    assert score("BEFHMNQ").collections == 0


@pytest.mark.parametrize(("cards", "kangaroo_points"), [
    ("BEFDAIV", 0),   # 1 kangaroo
    ("BJEFHDA", 3),   # 2
    ("BJOEFDA", 3),   # 3
    ("BJOCEDA", 6),   # 4
    ("BJOC#DA", 6),   # 5
])
def test_animals_one_to_five_of_a_kind(cards: str, kangaroo_points: int) -> None:
    # E, F, H: one emu, wombat, koala each, never paired here.
    assert Counter(RULES.card(c).animal for c in cards)["kangaroos"] == len([c for c in cards if c in "BJOC#"])
    assert score(cards).animals == kangaroo_points


def test_each_animal_value() -> None:
    assert score("ENAIDVW").animals == 4  # emus
    assert score("FQAIDVW").animals == 5  # wombats
    assert score("HMAIDVW").animals == 7  # koalas
    assert score("GXAIDVW").animals == 9  # platypuses


@pytest.mark.parametrize(("cards", "icons", "points"), [
    ("CGXYBEF", 0, 0),
    ("DCGXYBE", 1, 0),
    ("DKCGXYB", 2, 2),
    ("DKMCGXY", 3, 4),
    ("DKMOCGX", 4, 7),
    ("DKMOTCG", 5, 10),
    ("DKMOTUC", 6, 15),
])
def test_activities_zero_to_six_icons(cards: str, icons: int, points: int) -> None:
    assert sum(RULES.card(c).activity == "bushwalking" for c in cards) == icons
    assert score(cards, "bushwalking").activity == points


def test_no_activity_scores_zero() -> None:
    assert score("DKMOTUC").activity == 0
    assert score("DKMOTUC", "none").activity == 0


def test_round_total_is_the_sum() -> None:
    result = score("EAVWXJB", "indigenous_culture")
    assert result == br.RoundScore(throw_catch=3, collections=12, animals=3, activity=7, round_total=25)


# --- bad input -----------------------------------------------------------------------------

def test_unknown_and_repeated_ids_are_named() -> None:
    with pytest.raises(br.InvalidInput) as info:
        score(["A", "B", "ZZ", "A", "C", "D", "E"])
    found = {(p.pointer, p.rule) for p in info.value.problems}
    assert found == {("/2", "card-known"), ("/3", "card-unique")}


def test_wrong_count() -> None:
    with pytest.raises(br.InvalidInput, match="7 cards, got 6"):
        score("ABCDEF")


def test_unknown_activity() -> None:
    with pytest.raises(br.InvalidInput, match="unknown activity 'surfing'"):
        score("ABCDEFG", "surfing")


# --- property: the engine's scorer agrees with the reference text, read plainly -------------

def reference_score(cards: list[str], activity: str | None) -> tuple[int, int, int, int]:
    """The reference's round scoring, written out directly from its words."""
    table = {c.id: c for c in RULES.cards}
    throw, catch = table[cards[0]], table[cards[-1]]
    throw_catch = abs(throw.number - catch.number)
    values = {"leaves": 1, "wildflowers": 2, "shells": 3, "souvenirs": 5}
    total = sum(values.get(table[c].collection or "", 0) for c in cards)
    collections = total * 2 if total <= 7 else total
    animal_points = {"kangaroos": 3, "emus": 4, "wombats": 5, "koalas": 7, "platypuses": 9}
    kinds = Counter(table[c].animal for c in cards if table[c].animal)
    animals = sum(animal_points[a] * (n // 2) for a, n in kinds.items() if a)
    icons = sum(table[c].activity == activity for c in cards) if activity else 0
    activity_points = {0: 0, 1: 0, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}[icons]
    return throw_catch, collections, animals, activity_points


hands = st.permutations(IDS).map(lambda p: list(p[:7]))
activities = st.sampled_from([None, "indigenous_culture", "sightseeing", "bushwalking", "swimming"])


@given(hands, activities)
def test_scorer_matches_reference(cards: list[str], activity: str | None) -> None:
    result = score(cards, activity)
    assert (result.throw_catch, result.collections, result.animals, result.activity) == reference_score(
        cards, activity)
    assert result.round_total == result.throw_catch + result.collections + result.animals + result.activity
    assert min(result.throw_catch, result.collections, result.animals, result.activity) >= 0


@given(hands, activities)
def test_only_throw_and_catch_order_matters(cards: list[str], activity: str | None) -> None:
    middle = cards[1:-1]
    shuffled = [cards[0], *reversed(middle), cards[-1]]
    assert score(shuffled, activity) == score(cards, activity)


SHIPPED = bst.rulesets(generated=False)


@settings(max_examples=30, deadline=None)
@given(SHIPPED, st.integers(2, 4), st.data())
def test_tables_score_a_round_and_mark_every_card_taken(rules: br.Ruleset, n: int, data: st.DataObject) -> None:
    from boomerang_rules.australia.tables import tables_for

    t = tables_for(rules)
    order = data.draw(st.permutations(range(len(rules.cards))), label="deck")
    drafts = [list(order[s * rules.hand_size:(s + 1) * rules.hand_size]) for s in range(n)]
    kinds = len(rules.scoring.activities.kinds)
    activities = data.draw(st.lists(st.integers(-1, kinds - 1), min_size=n, max_size=n), label="activities")
    scores, masks = t.score_and_mask(drafts, activities)
    assert masks == [sum(1 << c for c in draft) for draft in drafts]
    assert scores == t.score_round(drafts, activities)
    for draft, activity, got in zip(drafts, activities, scores):
        ids = [t.ids[c] for c in draft]
        chosen = br.NO_ACTIVITY if activity < 0 else rules.scoring.activities.kinds[activity]
        want = br.score_round(rules, ids, chosen)
        assert got == (want.throw_catch, want.collections, want.animals, want.activity)


@settings(max_examples=20, deadline=None)
@given(SHIPPED, st.data())
def test_tables_score_animal_pairs_and_are_read_only(rules: br.Ruleset, data: st.DataObject) -> None:
    from boomerang_rules.australia.tables import tables_for

    t = tables_for(rules)
    cards = data.draw(st.lists(st.sampled_from(range(len(t.ids))), unique=True, min_size=7, max_size=7))
    packed = sum(1 << t.count_bits * t.animal[c] for c in cards if t.animal[c] >= 0)
    assert t.animal_points(packed) == br.score_round(rules, [t.ids[c] for c in cards], None).animals
    with pytest.raises(AttributeError, match="read-only: cannot delete 'ids'"):
        del t.ids


@settings(max_examples=30, deadline=None)
@given(SHIPPED, st.data())
def test_tables_count_activity_icons_per_kind(rules: br.Ruleset, data: st.DataObject) -> None:
    from boomerang_rules.australia.tables import tables_for

    t = tables_for(rules)
    cards = data.draw(st.lists(st.sampled_from([c.id for c in rules.cards]), unique=True, max_size=10))
    kinds = rules.scoring.activities.kinds
    assert t.activity_counts([t.index[c] for c in cards]) == [
        sum(1 for c in cards if rules.card(c).activity == kind) for kind in kinds]
