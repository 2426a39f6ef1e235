"""A ruleset compiled into index tables, once per ruleset, for the engine and the scorer.

Cards are indices into ``ids``; kinds and colours are small integers, so that scoring a
hand is a handful of list operations.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..core.readonly import ReadOnly
from .rules import Ruleset

PILES = ("left", "right")
"""The two discard piles, as actions name them."""


class Tables(ReadOnly):
    """Everything the engine looks up, derived from one ruleset. Read-only once built."""

    __slots__ = ("collectors", "colour", "colours", "count_own_colour", "deck_ends_last_chance", "deck_size",
                 "duo_of_kind", "duos", "ids", "index", "kind", "kind_index", "kinds", "mermaid", "min_points",
                 "multipliers", "rules", "win_with")

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        cards = rules.cards
        self.ids: tuple[str, ...] = tuple(c.id for c in cards)
        self.index: dict[str, int] = {c: i for i, c in enumerate(self.ids)}
        self.deck_size = len(cards)
        kinds = sorted({c.kind for c in cards})
        colours = sorted({c.colour for c in cards})
        self.kinds: tuple[str, ...] = tuple(kinds)
        self.colours: tuple[str, ...] = tuple(colours)
        kind_index = {k: i for i, k in enumerate(kinds)}
        colour_index = {c: i for i, c in enumerate(colours)}
        self.kind_index = kind_index
        self.kind: tuple[int, ...] = tuple(kind_index[c.kind] for c in cards)
        self.colour: tuple[int, ...] = tuple(colour_index[c.colour] for c in cards)
        self.duos: tuple[tuple[int, int, int, str], ...] = tuple(
            (kind_index[d.kinds[0]], kind_index[d.kinds[1]], d.points, d.effect) for d in rules.duos
            if d.kinds[0] in kind_index and d.kinds[1] in kind_index)
        self.collectors: tuple[tuple[int, tuple[int, ...]], ...] = tuple(
            (kind_index[k], table) for k, table in rules.collectors.items() if k in kind_index)
        self.multipliers: tuple[tuple[int, int, int], ...] = tuple(
            (kind_index[k], kind_index[m.kind], m.points) for k, m in rules.multipliers.items()
            if k in kind_index and m.kind in kind_index)
        m = rules.mermaids
        self.mermaid: int = kind_index.get(m.kind, -1)
        self.count_own_colour = m.count_own_colour
        self.win_with = m.win_with
        self.min_points = rules.round_end.min_points
        self.deck_ends_last_chance = rules.round_end.empty_deck_during_last_chance == "ends-round"
        duo_effect: dict[int, tuple[int, str]] = {}
        for n, (a, b, _, effect) in enumerate(self.duos):
            duo_effect[a] = (n, effect)
            duo_effect[b] = (n, effect)
        self.duo_of_kind = duo_effect
        self._freeze()

    def ids_of(self, cards: Iterable[int]) -> tuple[str, ...]:
        ids = self.ids
        return tuple(ids[c] for c in cards)

    def describe(self, card: int) -> str:
        """A card for a person: ``crab-3 (crab, light blue)``."""
        c = self.rules.cards[card]
        return f"{c.id} ({c.kind.replace('_', ' ')}, {c.colour.replace('_', ' ')})"


@lru_cache(maxsize=64)
def tables_for(rules: Ruleset) -> Tables:
    """The compiled tables of ``rules`` (cached: rulesets are immutable and hashable)."""
    return Tables(rules)
