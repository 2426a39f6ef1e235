"""A ruleset compiled once into flat tuples and bit masks, for the engine's hot loop.

Cards are numbered by sorted id, so a hand is an integer with one bit per card and listing
its bits from low to high gives the ids already sorted.
"""

from __future__ import annotations

from functools import lru_cache

from .rules import Ruleset

NO_ACTIVITY = "none"
"""The action that scores no activity this round."""

_HAND_CACHE_LIMIT = 1 << 16


class Tables:
    """Everything the engine reads from a ruleset, as indexable tuples. Never changes."""

    __slots__ = (
        "_hands",
        "_seats",
        "activity",
        "activity_choices",
        "activity_index",
        "activity_kinds",
        "activity_step",
        "activity_table",
        "animal",
        "animal_values",
        "collection_value",
        "deck_size",
        "directions",
        "double_limit",
        "hand_size",
        "ids",
        "index",
        "number",
        "picks",
        "region_bonus",
        "region_masks",
        "region_of",
        "reshuffle",
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
        values = scoring.collections.values
        self.collection_value: tuple[int, ...] = tuple(
            values[c.collection] if c.collection is not None else 0 for c in cards)
        animals = list(scoring.animals.values)
        self.animal_values: tuple[int, ...] = tuple(scoring.animals.values[a] for a in animals)
        self.animal: tuple[int, ...] = tuple(
            animals.index(c.animal) if c.animal is not None else -1 for c in cards)
        kinds = scoring.activities.kinds
        self.activity_kinds: tuple[str, ...] = kinds
        self.activity_table: tuple[int, ...] = scoring.activities.table
        self.activity: tuple[int, ...] = tuple(
            kinds.index(c.activity) if c.activity is not None else -1 for c in cards)
        self.activity_index: dict[str, int] = {k: i for i, k in enumerate(kinds)}
        self.activity_index[NO_ACTIVITY] = -1
        self.activity_choices: tuple[tuple[str, ...], ...] = tuple(
            tuple(sorted([NO_ACTIVITY, *(k for i, k in enumerate(kinds) if not used >> i & 1)]))
            for used in range(1 << len(kinds)))
        region_ids = [r.id for r in rules.regions]
        self.region_of: tuple[int, ...] = tuple(region_ids.index(c.region) for c in cards)
        self.region_masks: tuple[int, ...] = tuple(
            sum(1 << i for i, r in enumerate(self.region_of) if r == k) for k in range(len(region_ids)))
        self.hand_size = rules.hand_size
        self.picks = rules.hand_size - 2
        self.activity_step = self.picks + 1
        self.directions: tuple[int, ...] = tuple(1 if d == "left" else -1 for d in rules.pass_directions)
        self.double_limit = scoring.collections.double_limit
        self.site_points = scoring.site_points
        self.region_bonus = scoring.region_bonus
        self.sites_include_throw = rules.sites_include_throw
        self.reshuffle = rules.leftover_cards == "reshuffle"
        self._hands: dict[int, tuple[str, ...]] = {}
        self._seats: dict[int, tuple[int, ...]] = {}

    def __reduce__(self) -> tuple[object, ...]:
        return (tables_for, (self.rules,))

    def hand_ids(self, mask: int) -> tuple[str, ...]:
        """The sorted ids of the cards in ``mask`` (memoised: hands recur across games)."""
        ids = self._hands.get(mask)
        if ids is None:
            if len(self._hands) >= _HAND_CACHE_LIMIT:
                self._hands.clear()
            ids = self._hands[mask] = tuple(self.ids[i] for i in bits(mask))
        return ids

    def seats(self, mask: int) -> tuple[int, ...]:
        """The seat numbers set in ``mask``, ascending (memoised)."""
        seats = self._seats.get(mask)
        if seats is None:
            seats = self._seats[mask] = tuple(bits(mask))
        return seats


def bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@lru_cache(maxsize=64)
def tables_for(rules: Ruleset) -> Tables:
    """The compiled tables of ``rules`` (shared by every game under an equal ruleset)."""
    return Tables(rules)
