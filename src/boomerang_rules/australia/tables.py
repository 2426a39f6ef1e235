"""A ruleset compiled once into flat tuples and bit masks, for the engine's hot loop.

Cards are numbered by sorted id, so a hand is an integer with one bit per card and listing
its bits from low to high gives the ids already sorted. Counts of icons are packed four bits
a kind into one integer, so that summing a hand's cards counts every kind at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any

from .rules import Ruleset

NO_ACTIVITY = "none"
"""The action that scores no activity this round."""

CHUNK = 7
"""Bits of a hand looked up at once when listing its cards."""



def bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, ascending. A negative mask (a state's slot rebound
    to junk, such as a round's hands) has no end of set bits: ``ValueError``, where this looped for ever."""
    if mask < 0:
        raise ValueError(f"a mask of cards cannot be negative, not {mask}")
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Tables:
    """Everything the engine reads from a ruleset, as indexable tuples. Never changes."""

    __slots__ = (
        "_activity_bits",
        "_activity_shift",
        "_activity_shifts",
        "_animal_points",
        "_animal_shift",
        "_collection_points",
        "_frozen",
        "_icons",
        "_scoring",
        "action_ids",
        "action_names",
        "activity",
        "activity_choices",
        "activity_codes",
        "activity_index",
        "activity_kinds",
        "activity_masks",
        "activity_step",
        "activity_table",
        "animal",
        "animal_values",
        "bit",
        "card_codes",
        "collection_value",
        "count_bits",
        "deck_size",
        "directions",
        "double_limit",
        "every_region",
        "hand_high",
        "hand_ids",
        "hand_low",
        "hand_size",
        "ids",
        "index",
        "no_hands",
        "number",
        "region_bonus",
        "region_chunks",
        "region_list",
        "region_masks",
        "reshuffle",
        "rounds",
        "rules",
        "site_points",
        "sites_include_throw",
    )

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        cards = sorted(rules.cards, key=lambda c: c.id)
        scoring = rules.scoring
        self.ids: tuple[str, ...] = tuple(c.id for c in cards)
        self.index: dict[str, int] = {cid: i for i, cid in enumerate(self.ids)}
        self.deck_size = len(cards)
        self.number: tuple[int, ...] = tuple(c.number for c in cards)
        self.bit: tuple[int, ...] = tuple(1 << i for i in range(max(self.deck_size, 64)))
        values = scoring.collections.values
        self.collection_value: tuple[int, ...] = tuple(
            values[c.collection] if c.collection is not None else 0 for c in cards)
        self.count_bits = rules.hand_size.bit_length()
        animals = list(scoring.animals.values)
        self.animal_values: tuple[int, ...] = tuple(scoring.animals.values[a] for a in animals)
        self.animal: tuple[int, ...] = tuple(
            animals.index(c.animal) if c.animal is not None else -1 for c in cards)
        animal_packed = [1 << self.count_bits * a if a >= 0 else 0 for a in self.animal]
        kinds = scoring.activities.kinds
        self.activity_kinds: tuple[str, ...] = kinds
        self.activity_table: tuple[int, ...] = scoring.activities.table
        self.activity: tuple[int, ...] = tuple(
            kinds.index(c.activity) if c.activity is not None else -1 for c in cards)
        activity_packed = [1 << self.count_bits * a if a >= 0 else 0 for a in self.activity]
        self.activity_index: dict[str, int] = {k: i for i, k in enumerate(kinds)}
        self.activity_index[NO_ACTIVITY] = -1
        self.card_codes: dict[str | int, tuple[int, int]] = {cid: (1 << i, i + 2) for i, cid in enumerate(self.ids)}
        """For each card id: its bit in a hand, and its code in ``GameState.pending`` (index + 2)."""
        self.activity_codes: dict[str | int, tuple[int, int]] = {
            k: (1 << i if i >= 0 else 0, i + 2) for k, i in self.activity_index.items()}
        """For each activity (and none): its bit among used activities, and its pending code."""
        # Actions by number (see ``actions``): the cards, then the activity kinds, then none.
        self.action_names: tuple[str, ...] = (*self.ids, *kinds, NO_ACTIVITY)
        self.action_ids: dict[str, int] = {name: i for i, name in enumerate(self.action_names)}
        # The same codes under each action's number, so that ``apply`` takes either.
        self.card_codes.update(dict(enumerate(self.card_codes.values())))
        self.activity_codes.update({self.action_ids[k]: code for k, code in self.activity_codes.items()
                                    if isinstance(k, str)})
        everything = (1 << len(kinds)) - 1
        self.activity_masks: tuple[int, ...] = tuple(
            ((everything & ~used) | 1 << len(kinds)) << self.deck_size for used in range(1 << len(kinds)))
        """For each mask of used activity kinds: the legal actions' bit mask at the activity choice."""
        self.activity_choices: tuple[tuple[str, ...], ...] = tuple(
            tuple(sorted([NO_ACTIVITY, *(k for i, k in enumerate(kinds) if not used >> i & 1)]))
            for used in range(1 << len(kinds)))
        region_ids = [r.id for r in rules.regions]
        region_of = [region_ids.index(c.region) for c in cards]
        self.region_masks: tuple[int, ...] = tuple(
            sum(1 << i for i, r in enumerate(region_of) if r == k) for k in range(len(region_ids)))
        self.region_list: tuple[tuple[int, int], ...] = tuple((1 << k, m) for k, m in enumerate(self.region_masks))
        """Each region as (its bit among regions, the bit mask of its sites)."""
        self.every_region = (1 << len(region_ids)) - 1
        self.region_chunks: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None = None
        if self.deck_size <= 30:
            self.region_chunks = _region_chunks(self.region_masks)
        """For a deck of up to 30 cards, the regions whose every site a mask ``m`` of visited sites
        holds are ``a[m & 1023] & b[m >> 10 & 1023] & c[m >> 20]`` (a region is complete when
        each chunk of its sites is); None for a larger deck."""
        self.hand_size = rules.hand_size
        self.no_hands: tuple[tuple[int, ...], ...] = tuple((0,) * n for n in range(rules.players.max + 1))
        """For each player count, a tuple of that many zeros."""
        self.activity_step = rules.hand_size - 1
        """The step of the activity choice: after the Throw (step 0) and hand_size - 2 picks."""
        self.directions: tuple[int, ...] = tuple(1 if d == "left" else -1 for d in rules.pass_directions)
        self.rounds = rules.rounds
        self.double_limit = scoring.collections.double_limit
        self.site_points = scoring.site_points
        self.region_bonus = scoring.region_bonus
        self.sites_include_throw = rules.sites_include_throw
        self.reshuffle = rules.leftover_cards == "reshuffle"
        self.hand_ids: Callable[[int], tuple[str, ...]] = self._hand_lister()
        self.hand_low: tuple[tuple[str, ...], ...] = ()
        self.hand_high: tuple[tuple[str, ...], ...] | None = None
        if self.deck_size <= 2 * HALF:
            self.hand_low, self.hand_high = _halves(self.ids)
        """For a deck of up to 28 cards, the ids of a hand ``m`` are ``hand_low[m & 0x3FFF] +
        hand_high[m >> 14]``: two lookups (the engine's ``legal_actions``); else ``hand_ids``."""
        # A card's collection value, animal count and activity count packed into one integer,
        # so that one sum over a hand's cards adds up all three.
        self._animal_shift = (sum(self.collection_value) + 1).bit_length()
        self._activity_shift = self._animal_shift + self.count_bits * len(self.animal_values)
        # Below the icons, each card's own bit: the same sum gives the hand's bit mask too.
        packed = [v | a << self._animal_shift | b << self._activity_shift
                  for v, a, b in zip(self.collection_value, animal_packed, activity_packed)]
        self._icons: tuple[int, ...] = tuple(1 << i | p << self.deck_size for i, p in enumerate(packed))
        self._animal_points: Callable[[int], int] = cache(self._count_animal_points)
        # Looked up rather than worked out at each round's end (``end_round``).
        self._collection_points: tuple[int, ...] = tuple(
            c * 2 if c <= self.double_limit else c for c in range(sum(self.collection_value) + 1))
        """Collection points for a sum of collection values (doubled up to ``double_limit``)."""
        self._activity_shifts: tuple[int, ...] = tuple(
            self.deck_size + self._activity_shift + self.count_bits * a for a in range(len(kinds)))
        """Where an activity's icon count sits in a hand's sum of ``_icons``."""
        self._activity_bits: tuple[int, ...] = (*(1 << a for a in range(len(kinds))), 0)
        """An activity index's bit among used kinds; index -1 (none) gives 0."""
        deck = self.deck_size
        self._scoring: tuple[Any, ...] = (
            self._icons, self.number, deck, (1 << deck) - 1, (1 << self._animal_shift) - 1,
            self._collection_points, deck + self._animal_shift, (1 << self._activity_shift - self._animal_shift) - 1,
            self._activity_shifts, self._activity_bits, (1 << self.count_bits) - 1, self.activity_table,
            self._animal_points, self.bit, self.sites_include_throw)
        """What ``end_round`` reads, in one tuple: one unpacking, not fifteen lookups a round (the
        compiled ``_accel.end_round`` reads the same tuple)."""
        # Read-only from here on: a state reaches its tables, and a change would change the rules
        # of every later game under this ruleset (the tables are shared, ``tables_for``).
        for name in ("index", "activity_index", "card_codes", "activity_codes", "action_ids"):
            object.__setattr__(self, name, MappingProxyType(getattr(self, name)))
        self._frozen = True

    def __setattr__(self, name: str, value: object) -> None:
        if getattr(self, "_frozen", False):
            raise AttributeError(f"the tables of a ruleset are read-only: cannot set {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"the tables of a ruleset are read-only: cannot delete {name!r}")

    def _hand_lister(self) -> Callable[[int], tuple[str, ...]]:
        """A function listing a hand's sorted ids by table lookups: two halves of ``HALF`` bits for
        a deck of up to ``2 * HALF`` cards, else ``CHUNK`` bits at a time."""
        if self.deck_size <= 2 * HALF:
            low, high = _halves(self.ids)
            size = (1 << HALF) - 1

            def hand_ids_halves(mask: int) -> tuple[str, ...]:
                """The sorted ids of the cards in ``mask``."""
                return low[mask & size] + high[mask >> HALF]

            return hand_ids_halves

        chunks = tuple(
            tuple(tuple(self.ids[base + i] for i in bits(m) if base + i < self.deck_size) for m in range(1 << CHUNK))
            for base in range(0, self.deck_size, CHUNK))
        size = (1 << CHUNK) - 1

        def hand_ids_any(mask: int) -> tuple[str, ...]:
            """The sorted ids of the cards in ``mask``."""
            out: tuple[str, ...] = ()
            for table in chunks:
                out += table[mask & size]
                mask >>= CHUNK
            return out

        return hand_ids_any

    def ids_of(self, cards: Sequence[int]) -> tuple[str, ...]:
        """The ids of card indices, in their order."""
        return tuple(map(self.ids.__getitem__, cards))

    def activity_name(self, index: int) -> str | None:
        """The activity id of an activity index; None for -1 (no activity)."""
        return self.activity_kinds[index] if index >= 0 else None

    def activity_counts(self, cards: Sequence[int]) -> list[int]:
        """How many icons of each activity kind the cards show, in ``activity_kinds`` order."""
        counts = [0] * len(self.activity_kinds)
        for c in cards:
            if self.activity[c] >= 0:
                counts[self.activity[c]] += 1
        return counts

    def __reduce__(self) -> tuple[object, ...]:
        return (tables_for, (self.rules,))

    def animal_points(self, packed: int) -> int:
        """Points for packed animal counts: each animal's value once per pair (memoised)."""
        return self._animal_points(packed)

    def _count_animal_points(self, packed: int) -> int:
        width, full = self.count_bits, (1 << self.count_bits) - 1
        return sum(v * ((packed >> width * a & full) // 2) for a, v in enumerate(self.animal_values))

    def score(self, cards: Sequence[int], activity: int) -> tuple[int, int, int, int]:
        """Throw & Catch, collections, animals and activity points of cards in draft order."""
        return self.score_round((cards,), (activity,))[0]

    def score_round(self, drafts: Sequence[Sequence[int]], activities: Sequence[int]
                    ) -> tuple[tuple[int, int, int, int], ...]:
        """``score`` for every seat's cards (draft order) and chosen activity index at once."""
        return self.score_and_mask(drafts, activities)[0]

    def score_and_mask(self, drafts: Sequence[Sequence[int]], activities: Sequence[int]
                       ) -> tuple[tuple[tuple[int, int, int, int], ...], list[int]]:
        """``score_round``, and the bit mask of each seat's cards, from one sum a seat."""
        n = len(drafts)
        scores, visited, _ = self.end_round(drafts, activities, (0,) * n, (0,) * n)
        if not self.sites_include_throw:
            visited = tuple([v | self.bit[d[0]] for v, d in zip(visited, drafts)])
        return scores, list(visited)

    def end_round(self, drafts: Sequence[Sequence[int]], activities: Sequence[int], visited: Sequence[int],
                  used: Sequence[int]) -> tuple[tuple[tuple[int, int, int, int], ...], tuple[int, ...],
                                                tuple[int, ...]]:
        """Each seat's Throw & Catch, collections, animals and activity points for its cards in
        draft order and activity index (-1: none), and the sites visited and the activity kinds
        used once they are added: one pass a seat, one sum of its cards' packed icons."""
        (icons, number, deck, cards_mask, low, collection_points, animal_shift, animal_mask, shifts, activity_bits,
         count, table, animal_points, bit, with_throw) = self._scoring
        scores = []
        sites = []
        kinds = []
        icon = icons.__getitem__
        for cards, activity, seen, done in zip(drafts, activities, visited, used):
            total = sum(map(icon, cards))
            first = cards[0]
            scores.append((abs(number[first] - number[cards[-1]]), collection_points[total >> deck & low],
                           animal_points(total >> animal_shift & animal_mask),
                           table[total >> shifts[activity] & count] if activity >= 0 else 0))
            kinds.append(done | activity_bits[activity])
            sites.append(seen | (total & cards_mask if with_throw else total & cards_mask ^ bit[first]))
        return tuple(scores), tuple(sites), tuple(kinds)


HALF = 14
"""Bits of a hand looked up at once by ``legal_actions`` (decks of up to twice as many cards)."""


@lru_cache(maxsize=8)
def _halves(ids: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]:
    """The ids of every hand of the first ``HALF`` cards, and of every hand of the rest, by mask.

    Built by doubling (the hands with card k are those without it, plus k), shared by the
    rulesets with the same cards; 2 x 16,384 tuples for the standard deck.
    """
    def table(cards: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
        out: list[tuple[str, ...]] = [()]
        for card in cards:
            one = (card,)
            out += [hand + one for hand in out]
        return tuple(out)

    return table(ids[:HALF]), table(ids[HALF:])


@lru_cache(maxsize=8)
def _region_chunks(region_masks: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """For each 10-site chunk of the deck (three: decks of up to 30 cards) and every mask of it,
    the regions whose sites in that chunk the mask holds (see ``Tables.region_chunks``)."""
    tables = []
    for shift in (0, 10, 20):
        out = [0] * 1024
        for k, sites in enumerate(region_masks):
            part = sites >> shift & 1023
            free = ~part & 1023
            subset = free
            while True:  # every mask holding ``part``: ``part`` with each subset of the rest
                out[subset | part] |= 1 << k
                if not subset:
                    break
                subset = (subset - 1) & free
        tables.append(tuple(out))
    return tables[0], tables[1], tables[2]


_SEATS: tuple[tuple[int, ...], ...] = tuple(tuple(bits(m)) for m in range(1 << 8))


def seats(mask: int) -> tuple[int, ...]:
    """The seat numbers set in ``mask``, ascending."""
    return _SEATS[mask] if mask < 256 else tuple(bits(mask))


@lru_cache(maxsize=64)
def tables_for(rules: Ruleset) -> Tables:
    """The compiled tables of ``rules`` (shared by every game under an equal ruleset)."""
    return Tables(rules)
