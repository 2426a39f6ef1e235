"""A ruleset compiled once into flat tuples, for the engine and the scorer.

Cards are numbered in the ruleset's order; lands are bits, so a card's lands are one integer
and "does this card show that land" is one ``&``.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.readonly import ReadOnly
from .rules import Ruleset


class Tables(ReadOnly):
    """Everything the engine reads from a ruleset, as indexable tuples. Never changes."""

    __slots__ = ("all_lands", "animal", "animal_index", "animal_shifts", "animal_unit", "animal_width", "animals",
                 "card_lands", "deck_size", "ids", "index", "land_index", "lands", "rules")

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.ids: tuple[str, ...] = tuple(c.id for c in rules.cards)
        self.index: dict[str, int] = {cid: i for i, cid in enumerate(self.ids)}
        self.deck_size = len(self.ids)
        self.lands: tuple[str, ...] = rules.lands
        self.land_index: dict[str, int] = {land: i for i, land in enumerate(rules.lands)}
        self.all_lands = (1 << len(rules.lands)) - 1
        self.animals: tuple[str, ...] = rules.animals
        self.animal_index: dict[str, int] = {a: i for i, a in enumerate(rules.animals)}
        self.animal: tuple[int, ...] = tuple(self.animal_index[c.animal] for c in rules.cards)
        # Counting by sum (``scoring.count_cards``): a card is 1 in its animal's field of bits.
        self.animal_width = max(1, self.deck_size.bit_length())
        self.animal_shifts: tuple[int, ...] = tuple(self.animal_width * a for a in range(len(self.animals)))
        self.animal_unit: tuple[int, ...] = tuple(1 << self.animal_shifts[a] for a in self.animal)
        self.card_lands: tuple[int, ...] = tuple(
            sum(1 << self.land_index[land] for land in c.lands) for c in rules.cards)
        self._freeze()

    def ids_of(self, cards: tuple[int, ...] | list[int]) -> tuple[str, ...]:
        """The ids of card indices, in the same order."""
        return tuple(map(self.ids.__getitem__, cards))

    def shows(self, card: int, land: int) -> bool:
        """Whether ``card`` shows the land of index ``land``."""
        return bool(self.card_lands[card] >> land & 1)

    def lands_shown(self, cards: tuple[int, ...] | list[int]) -> int:
        """Bit mask of the lands the cards show between them."""
        mask = 0
        for c in cards:
            mask |= self.card_lands[c]
        return mask


@lru_cache(maxsize=32)
def tables_for(rules: Ruleset) -> Tables:
    """The tables of ``rules``, built once per ruleset."""
    return Tables(rules)
