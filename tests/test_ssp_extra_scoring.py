"""``extra_scoring`` over small tables made by hand: what a ruleset's data may say that the shipped
ones do not (a duo worth more than a point, the starfish, seahorse or mermaid as kind 0, a
collection that gains a single point), so the counting is the rule's, not the shipped numbers'.
The rulebook's own examples are in ``test_ssp_extra_salt.py``."""

from __future__ import annotations

import itertools
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules.seasaltpaper.extra_scoring import best_pairs, collector_points, duo_plan, parts, plan_pairs
from boomerang_rules.seasaltpaper.tables import tables_for


def tables(**fields: Any) -> Any:
    """A ``Tables`` stand-in: no duo, collector, multiplier or Extra Salt role unless given."""
    base: dict[str, Any] = {"duos": [], "shared_duos": [], "trio": -1, "trio_gain": 0, "stand_in": -1,
                            "collectors": [], "multipliers": [], "mermaid": -1}
    t = SimpleNamespace(**(base | fields))
    t.duo_kinds, t.duo_plan = duo_plan(t.duos, t.shared_duos)
    return t


def exhaustive_pairs(t: Any, counts: list[int], i: int = 0) -> tuple[int, int]:
    """The reading ``best_pairs`` must equal (its code until 2026-12-05, slow): the most points
    (then the most pairs) the duos from ``i`` on make of ``counts``, a duo whose kinds no other duo
    has taking all it can, the duos that share a kind trying every split."""
    if i == len(t.duos):
        return 0, 0
    a, b, points, _ = t.duos[i]
    most = counts[a] // 2 if a == b else min(counts[a], counts[b])
    if not t.shared_duos[i]:
        rest = exhaustive_pairs(t, counts, i + 1)
        return rest[0] + points * most, rest[1] + most
    best = (-1, -1)
    for k in range(most + 1):
        counts[a] -= k
        counts[b] -= k
        rest = exhaustive_pairs(t, counts, i + 1)
        counts[a] += k
        counts[b] += k
        best = max(best, (rest[0] + points * k, rest[1] + k))
    return best


def shared_of(duos: list[tuple[int, int, int, None]]) -> list[bool]:
    """Which of ``duos`` share a kind with another (as ``Tables._expansion_tables`` reads it)."""
    seen: dict[int, int] = {}
    for a, b, _, _ in duos:
        for k in {a, b}:
            seen[k] = seen.get(k, 0) + 1
    return [seen[a] > 1 or seen[b] > 1 for a, b, _, _ in duos]


def test_a_duo_after_another_adds_its_points_and_its_pairs_apart() -> None:
    t = tables(duos=[(0, 1, 1, None), (2, 2, 3, None)], shared_duos=[False, False])
    assert best_pairs(t, [1, 1, 4]) == (1 + 2 * 3, 3)  # one pair of 1 point, two of 3 points


def test_duos_that_share_a_kind_split_it_where_it_scores_most() -> None:
    # kinds 0 and 1 pair (1 point), kinds 0 and 2 pair (3 points): kind 0 is shared
    t = tables(duos=[(0, 1, 1, None), (0, 2, 3, None)], shared_duos=[True, True])
    assert best_pairs(t, [2, 2, 1]) == (3 + 1, 2)  # one 0+2 pair, then one 0+1 with what is left
    assert best_pairs(t, [1, 5, 5]) == (3, 1)
    assert best_pairs(t, [0, 3, 3]) == (0, 0)


def test_duos_of_no_worth_still_count_their_pairs_shared_or_not() -> None:
    # kinds 0 and 1 pair (3 points), kind 0 pairs with itself for nothing, kinds 2 and 3 for nothing
    t = tables(duos=[(0, 1, 3, None), (0, 0, 0, None), (2, 3, 0, None)], shared_duos=[True, True, False])
    assert best_pairs(t, [5, 1, 2, 3]) == (3, 1 + 2 + 2)  # one 0+1, two 0+0, two 2+3
    assert best_pairs(t, [0, 1, 0, 3]) == (0, 0)


def test_the_shipped_expansion_splits_its_crabs_between_crab_and_lobster_pairs() -> None:
    t = tables_for(br.load_rules("sea-salt-paper-extra-salt"))
    crab, lobster = t.kind_index["crab"], t.kind_index["lobster"]
    counts = [0] * len(t.kinds)
    for crabs, lobsters, pairs in [(0, 1, 0), (1, 1, 1), (2, 1, 1), (3, 1, 2), (3, 0, 1), (9, 1, 5), (8, 1, 4)]:
        counts[crab], counts[lobster] = crabs, lobsters
        assert best_pairs(t, counts) == (pairs, pairs) == exhaustive_pairs(t, counts)


def expansion_rulesets() -> list[str]:
    """Every shipped Sea Salt & Paper ruleset whose duos share a kind (Extra Salt's)."""
    return [i.id for i in br.list_rules() if i.game == "sea-salt-paper"
            and any(tables_for(br.load_rules(i.id)).shared_duos)]


def test_a_shipped_ruleset_has_duos_that_share_a_kind() -> None:
    assert "sea-salt-paper-extra-salt" in expansion_rulesets()


@pytest.mark.parametrize("rules_id", expansion_rulesets())
@settings(max_examples=30)
@given(data=st.data())
def test_best_pairs_equals_every_split_on_every_count_a_shipped_deck_allows(rules_id: str, data: st.DataObject) -> None:
    """Every count of each kind a shared duo uses that the deck holds (all of them, in turn, a
    group of duos that share kinds at a time), the other kinds' counts drawn up to the deck's:
    ``best_pairs`` equals the exhaustive reading."""
    t = tables_for(br.load_rules(rules_id))
    held = [t.kind.count(k) for k in range(len(t.kinds))]
    drawn = data.draw(st.tuples(*(st.integers(0, n) for n in held)))
    for group in shared_groups(t):
        for shared in itertools.product(*(range(held[k] + 1) for k in group)):
            counts = list(drawn)
            for k, n in zip(group, shared):
                counts[k] = n
            assert best_pairs(t, counts) == exhaustive_pairs(t, list(counts))


def shared_groups(t: Any) -> list[list[int]]:
    """The kinds of the duos that share a kind, a group of duos joined by their kinds at a time
    (Extra Salt: crab and lobster; swimmer, shark and jellyfish)."""
    groups: list[set[int]] = []
    for (a, b, _, _), shared in zip(t.duos, t.shared_duos):
        if shared:
            met = [g for g in groups if a in g or b in g]
            groups = [g for g in groups if g not in met] + [{a, b}.union(*met)]
    return [sorted(g) for g in groups]


def test_the_shipped_expansion_shares_crabs_and_swimmers() -> None:
    t = tables_for(br.load_rules("sea-salt-paper-extra-salt"))
    assert sorted([t.kinds[k] for k in g] for g in shared_groups(t)) == [["crab", "lobster"],
                                                                       ["jellyfish", "shark", "swimmer"]]


duo_lists = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 4), st.none()),
                     max_size=5, unique_by=lambda d: tuple(sorted(d[:2])))


@given(duo_lists, st.lists(st.integers(0, 7), min_size=4, max_size=4))
def test_best_pairs_equals_every_split_for_any_duos_a_ruleset_may_list(duos: list[tuple[int, int, int, None]],
                                                                       counts: list[int]) -> None:
    """Duos over four kinds, as a ruleset's data may list them (any sharing, worth 0 to 4)."""
    t = tables(duos=duos, shared_duos=shared_of(duos))
    assert best_pairs(t, counts) == exhaustive_pairs(t, list(counts))


def test_no_duo_makes_no_pair() -> None:
    assert plan_pairs((), (3, 1)) == (0, 0)
    assert best_pairs(tables(), [4, 4]) == (0, 0)


def test_the_plan_numbers_the_duos_kinds_in_order_and_says_which_duos_share_one() -> None:
    duos = [(4, 1, 1, None), (6, 6, 2, None), (1, 3, 3, None)]
    assert duo_plan(duos, shared_of(duos)) == ((1, 3, 4, 6), ((2, 0, 1, True), (3, 3, 2, False), (0, 1, 3, True)))
    t = tables(duos=duos, shared_duos=shared_of(duos))
    assert best_pairs(t, [0, 2, 0, 1, 5, 0, 3]) == (3 + 1 + 2, 3)  # 1+3 first (3 points), then 4+1, then 6+6


def test_each_starfish_in_hand_joins_a_pair_in_hand_and_kind_zero_may_be_the_starfish() -> None:
    t = tables(duos=[(1, 1, 1, None)], shared_duos=[False], trio=0, trio_gain=2)
    assert parts(t, [1, 4], [0, 0], []) == (2 + 2, 0, 0, 0)  # two pairs, one joined by the starfish
    assert parts(t, [3, 2], [1, 2], []) == (2 + 2 + 2, 0, 0, 0)  # one trio in hand, one in front


def test_a_seahorse_in_hand_adds_a_card_to_a_begun_collection_where_it_gains_most() -> None:
    # kind 0 the seahorse; kind 1 collects 1, 2 (a gain of one point); kind 2 collects 0, 5
    t = tables(stand_in=0, collectors=[(1, (1, 2)), (2, (0, 5))])
    assert parts(t, [1, 1, 0], [0, 0, 0], []) == (0, 2, 0, 0)  # a single point's gain is taken
    assert parts(t, [1, 1, 1], [0, 0, 0], []) == (0, 1 + 5, 0, 0)  # five points beat one
    assert parts(t, [2, 1, 1], [0, 0, 0], []) == (0, 2 + 5, 0, 0)  # two seahorses, two collections


def test_a_seahorse_never_begins_a_collection() -> None:
    # a table that falls: a first card's gain over the last would be positive
    t = tables(stand_in=0, collectors=[(1, (4, 1))])
    assert parts(t, [1, 0], [0, 0], []) == (0, 0, 0, 0)


def test_a_seahorse_with_nothing_to_gain_is_no_card() -> None:
    # kind 1 collects 3, 3, 9: a second card gains nothing, so the seahorse does not count as it
    t = tables(stand_in=0, collectors=[(1, (3, 3, 9))])
    assert parts(t, [1, 1], [0, 0], []) == (0, 3, 0, 0)
    assert parts(t, [1, 1], [0, 1], []) == (0, 9, 0, 0)  # the third card's six points are taken


def test_several_seahorses_go_where_the_total_is_highest_not_one_at_a_time() -> None:
    # kind 0 the seahorse; kind 1 collects 0, 1, 10; kind 2 collects 0, 2. One card of each: one
    # seahorse at a time takes kind 2's gain of 2 first (3 points); both on kind 1 make 10
    t = tables(stand_in=0, collectors=[(1, (0, 1, 10)), (2, (0, 2))])
    assert parts(t, [2, 1, 1], [0, 0, 0], []) == (0, 10, 0, 0)
    assert parts(t, [1, 1, 1], [0, 0, 0], []) == (0, 2, 0, 0)  # one seahorse: kind 2's 2 beats kind 1's 1
    assert parts(t, [3, 1, 1], [0, 0, 0], []) == (0, 10 + 2, 0, 0)  # the third fills kind 2
    assert parts(t, [5, 1, 1], [0, 0, 0], []) == (0, 10 + 2, 0, 0)  # never past a table's end
    # kind 1 collects 3, 3, 9: a second card alone gains nothing, two seahorses make the third
    flat = tables(stand_in=0, collectors=[(1, (3, 3, 9))])
    assert parts(flat, [2, 1], [0, 0], []) == (0, 9, 0, 0)


def brute_force_collectors(t: Any, collected: list[int], seahorses: int) -> int:
    """The best total over every placement of every seahorse (on a collection begun, short of its
    table's end, or on none), one seahorse at a time: what ``collector_points`` must equal."""
    best = 0
    for places in itertools.product(range(len(collected) + 1), repeat=seahorses):
        counts = list(collected)
        for j in places:
            if j < len(counts):
                counts[j] += 1
        if any(counts[j] > max(n, len(table)) or (counts[j] > n and n == 0)
               for j, ((_, table), n) in enumerate(zip(t.collectors, collected))):
            continue
        best = max(best, sum(table[min(n, len(table)) - 1] for (_, table), n in zip(t.collectors, counts) if n))
    return best


@given(st.lists(st.lists(st.integers(0, 12), min_size=1, max_size=4), min_size=1, max_size=3),
       st.lists(st.integers(0, 5), min_size=3, max_size=3), st.integers(0, 4))
def test_seahorses_make_the_best_total_of_every_placement(tables_: list[list[int]], held: list[int],
                                                          seahorses: int) -> None:
    t = tables(stand_in=0, collectors=[(k + 1, tuple(table)) for k, table in enumerate(tables_)])
    collected = held[:len(tables_)]
    assert collector_points(t, collected, seahorses) == brute_force_collectors(t, collected, seahorses)
    counts = [seahorses, *collected] + [0] * (3 - len(collected))
    assert parts(t, counts, [0] * len(counts), [])[1] == brute_force_collectors(t, collected, seahorses)


@pytest.mark.parametrize(("mermaid", "counts", "points"), [(0, [2, 1], 5 + 3), (1, [0, 1], 5), (-1, [2, 3], 0)])
def test_each_mermaid_counts_a_colour_and_kind_zero_may_be_the_mermaid(mermaid: int, counts: list[int],
                                                                     points: int) -> None:
    t = tables(mermaid=mermaid)
    assert parts(t, counts, [0, 0], [3, 5, 1]) == (0, 0, 0, points)


def test_without_a_seahorse_each_collection_begun_scores_its_table_up_to_its_end() -> None:
    t = tables(stand_in=0, collectors=[(1, (1, 2)), (2, (0, 5)), (3, (4,))])
    assert collector_points(t, [1, 0, 3], 0) == 1 + 4  # kind 2 not begun; kind 3 past its end
    assert collector_points(t, [5, 2, 0], 0) == 2 + 5
    assert parts(t, [0, 1, 2, 0], [0, 1, 0, 1], []) == (0, 2 + 5 + 4, 0, 0)


_BASE = br.load_rules("sea-salt-paper")
_BASE_IDS = tables_for(_BASE).ids_of(range(len(tables_for(_BASE).kind)))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_BASE_IDS), unique=True, max_size=22), st.data())
def test_the_expansion_scores_the_base_games_cards_as_the_base_game_does(cards: list[str], data: Any) -> None:
    """Extra Salt adds cards and rules for them; the base game's cards, in hand and in front (four
    mermaids in front too), score as the base ruleset scores them, through Extra Salt's own scoring."""
    from boomerang_rules.seasaltpaper.scoring import score_cards

    extra = br.load_rules("sea-salt-paper-extra-salt")
    if data.draw(st.booleans()):  # the mermaids played all at once, in front
        cards = [c for c in cards if not c.startswith("mermaid")]
        cards += [f"mermaid-{i}" for i in (1, 2, 3, 4)]
    k = data.draw(st.integers(0, len(cards)))
    hand, played = cards[:k], cards[k:]
    assert score_cards(extra, hand, played) == score_cards(_BASE, hand, played)


def test_remembered_expansion_points_are_the_plain_count_on_every_expansion_ruleset() -> None:
    """``Tables.card_points`` remembers Extra Salt's points by packed counts (``packed_expansion_points``):
    asked the first time and again, it gives what ``points_of`` gives."""
    import random

    from boomerang_rules.seasaltpaper.scoring import points_of

    for info in br.list_rules():
        rules = br.load_rules(info.id)
        if info.game != "sea-salt-paper" or not tables_for(rules).expansion:
            continue
        t = tables_for(rules)
        rng = random.Random(info.id)
        for _ in range(600):
            cards = rng.sample(range(t.deck_size), rng.randint(0, 16))
            cut = rng.randint(0, len(cards))
            hand, played = tuple(sorted(cards[:cut])), tuple(cards[cut:])
            expected = points_of(t, hand, played).card_points
            assert t.card_points(hand, played) == t.card_points(hand, played) == expected


def test_remembered_expansion_points_read_colours_only_for_mermaids_and_are_bounded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from boomerang_rules.seasaltpaper import tables as tables_mod
    from boomerang_rules.seasaltpaper.scoring import points_of

    t = tables_for(br.load_rules("sea-salt-paper-extra-salt"))
    memos: dict[Any, dict[int, int]] = {}
    monkeypatch.setattr(tables_mod, "_EXPANSION_POINTS", memos)
    fish = [c for c in range(t.deck_size) if t.kinds[t.kind[c]] == "fish"]
    mermaid = next(c for c in range(t.deck_size) if t.kind[c] == t.mermaid)
    apart = next((a, b) for a in fish for b in fish if t.colour[a] != t.colour[b])
    for c in apart:
        assert t.card_points((c,), ()) == points_of(t, (c,), ()).card_points
    memo = memos[t]
    counts = {key for key in memo if key >= 0}  # beside each side's duo points (negative keys)
    assert len(memos) == len(counts) == 1  # one fish of either colour: one count
    for c in apart:
        assert t.card_points((c,), (mermaid,)) == points_of(t, (c,), (mermaid,)).card_points
    assert len([key for key in memo if key >= 0]) == 3  # with a mermaid the colours count
    monkeypatch.setattr(tables_mod, "EXPANSION_POINTS_MAX", 3)
    assert t.card_points(tuple(fish[:2]), ()) == points_of(t, tuple(fish[:2]), ()).card_points
    assert len([key for key in memo if key >= 0]) == 1  # full: emptied, then the new count kept


def test_remembered_expansion_points_keep_a_few_rulesets_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``EXPANSION_TABLES_MAX`` rulesets, every ruleset's remembered points are forgotten (a
    ruleset's tables are not kept alive for ever by them), and what is asked next is counted again."""
    from boomerang_rules.seasaltpaper import tables as tables_mod
    from boomerang_rules.seasaltpaper.scoring import points_of

    memos: dict[Any, dict[int, int]] = {}
    monkeypatch.setattr(tables_mod, "_EXPANSION_POINTS", memos)
    monkeypatch.setattr(tables_mod, "EXPANSION_TABLES_MAX", 2)
    rules = br.load_rules("sea-salt-paper-extra-salt")
    hand = (0, 1, 2)
    for n in range(3):
        t = tables_mod.Tables(rules)  # tables of their own, not the cache's: remembered apart
        assert t.card_points(hand, ()) == points_of(t, hand, ()).card_points
        assert len(memos) == (n + 1 if n < 2 else 1) and t in memos


def packed_tables(t: Any, kinds: int, colours: int, width: int = 4) -> Any:
    """``t`` (``tables``) with the packed counts' fields ``Tables`` gives it, for ``kinds`` kinds and
    ``colours`` colours in fields of ``width`` bits."""
    t.count_mask = (1 << width) - 1
    t.duo_shifts = tuple(width * k for k in t.duo_kinds)
    t.trio_shift = width * t.trio if t.trio >= 0 else -1
    t.stand_in_shift = width * t.stand_in if t.stand_in >= 0 else -1
    t.mermaid_shift = width * t.mermaid if t.mermaid >= 0 else -1
    t.paired_mask = sum(t.count_mask << k for k in (*t.duo_shifts, t.trio_shift) if k >= 0)
    t.collector_fields = tuple((width * k, table) for k, table in t.collectors)
    t.multiplier_fields = tuple((width * k, width * m, points) for k, m, points in t.multipliers)
    t.colour_fields = tuple(width * c for c in range(colours))
    t.kinds = tuple(range(kinds))
    return t


def packed(counts: list[int], width: int = 4) -> int:
    return sum(n << width * k for k, n in enumerate(counts))


_ROLES = {  # each of Extra Salt's roles as kind 0 (its field at bit 0), and as none
    "starfish": {"duos": [(1, 1, 1, None), (2, 3, 2, None), (3, 3, 1, None)], "shared_duos": [False, True, True],
                 "trio": 0, "trio_gain": 2},
    "seahorse": {"stand_in": 0, "collectors": [(1, (1, 2, 4)), (2, (0, 5))], "duos": [(3, 3, 1, None)],
                 "shared_duos": [False]},
    "mermaid": {"mermaid": 0, "multipliers": [(1, 2, 3)], "collectors": [(3, (1, 3))]},
    "none": {"duos": [(0, 1, 1, None)], "shared_duos": [False], "multipliers": [(2, 0, 1)],
             "collectors": [(3, (0, 2))]},
}


@pytest.mark.parametrize("role", sorted(_ROLES))
@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=4, max_size=4), st.lists(st.integers(0, 5), min_size=4, max_size=4),
       st.lists(st.integers(0, 7), min_size=3, max_size=3))
def test_the_packed_expansion_count_is_the_sum_of_the_parts(role: str, in_hand: list[int], in_front: list[int],
                                                          colours: list[int]) -> None:
    """``tables.packed_expansion_count`` (what ``packed_expansion_points`` remembers) of packed counts is
    ``sum(parts(...))`` of the counts, the starfish, seahorse or mermaid at kind 0 or absent."""
    from boomerang_rules.seasaltpaper.tables import packed_expansion_count

    t = packed_tables(tables(**_ROLES[role]), 4, 3)
    memo: dict[int, int] = {}
    expected = sum(parts(t, in_hand, in_front, colours))
    assert packed_expansion_count(t, packed(in_hand), packed(in_front), packed(colours), memo) == expected
    fields = {"starfish": (0, 1, 2, 3), "seahorse": (3,), "mermaid": (), "none": (0, 1)}[role]  # duos', trio's
    paired = packed([15 if k in fields else 0 for k in range(4)])
    assert set(memo) == {~(packed(in_hand) & paired), ~(packed(in_front) & paired)}  # each side's duo points
    assert packed_expansion_count(t, packed(in_hand), packed(in_front), packed(colours), memo) == expected


def test_the_packed_expansion_count_is_the_plain_count_on_every_expansion_ruleset() -> None:
    """On every shipped ruleset with Extra Salt's rules, ``packed_expansion_count`` of a seat's packed
    counts, and ``Tables.round_points`` (what a round's end scores), are what ``points_of`` gives."""
    import random

    from boomerang_rules.seasaltpaper.scoring import points_of
    from boomerang_rules.seasaltpaper.tables import packed_expansion_count

    shipped = [i.id for i in br.list_rules()
               if i.game == "sea-salt-paper" and tables_for(br.load_rules(i.id)).expansion]
    assert len(shipped) >= 3  # Extra Salt, and variants of one of its rules alone
    for rules_id in shipped:
        t = tables_for(br.load_rules(rules_id))
        width = t.count_mask.bit_length()  # a side's duo points read the duos' and the starfish's fields only
        assert t.paired_mask == sum(t.count_mask << width * k for k in {*t.duo_kinds, t.trio} if k >= 0)
        rng = random.Random(rules_id)
        for _ in range(2000):
            cards = rng.sample(range(t.deck_size), rng.randint(0, 20))
            cut = rng.randint(0, len(cards))
            hand, played = tuple(sorted(cards[:cut])), tuple(cards[cut:])
            kind, colour = t.kind_bit.__getitem__, t.colour_bit.__getitem__
            counted = packed_expansion_count(t, sum(map(kind, hand)), sum(map(kind, played)),
                                             sum(map(colour, cards)), {})
            expected = points_of(t, hand, played)
            assert counted == expected.card_points
            assert t.round_points(hand, played) == (expected.card_points, expected.colour_bonus)
