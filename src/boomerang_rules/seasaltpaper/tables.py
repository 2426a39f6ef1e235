"""A ruleset compiled into index tables, once per ruleset, for the engine and the scorer.

Cards are indices into ``ids``; kinds and colours are small integers, so that scoring a
hand is a handful of list operations.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..core.readonly import ReadOnly
from . import extra_scoring
from .rules import Ruleset

PILES = ("left", "right")
"""The two discard piles, as actions name them."""

COMPILED_CARDS = 64
"""The most cards the compiled path plays (it holds a hand as one 64-bit mask): a larger deck is
played by the plain code."""


_COMPILED: dict[tuple[object, ...], tuple[object, ...]] = {}
_COMPILED_MAX = 48
"""``Tables.compiled`` tuples by value: the tables of equal rulesets (an unpickled state rebuilds
its tables) share one, so the compiled path parses it once (it keeps up to 64)."""


class Tables(ReadOnly):
    """Everything the engine looks up, derived from one ruleset. Read-only once built."""

    __slots__ = (
        "action_cards",
        "bonus_own_colour",
        "card_bit",
        "collector_fields",
        "collectors",
        "colour",
        "colour_bit",
        "colour_fields",
        "colours",
        "compiled",
        "count_mask",
        "count_own_colour",
        "counts_width",
        "deck_ends_last_chance",
        "deck_size",
        "duo_actions",
        "duo_fields",
        "duo_kinds",
        "duo_looks",
        "duo_of_kind",
        "duo_of_pair",
        "duo_partners",
        "duo_plan",
        "duo_shifts",
        "duos",
        "expansion",
        "expansion_reasons",
        "extra_turn_on_empty",
        "ids",
        "index",
        "is_mermaid",
        "keep_actions",
        "kind",
        "kind_bit",
        "kind_index",
        "kinds",
        "mermaid",
        "mermaid_cards",
        "mermaid_shift",
        "min_points",
        "multiplier_fields",
        "multipliers",
        "paired_mask",
        "pick_actions",
        "rules",
        "shared_duos",
        "stand_in",
        "stand_in_shift",
        "take_actions",
        "trio",
        "trio_actions",
        "trio_gain",
        "trio_shift",
        "win_with",
    )

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
        self._expansion_tables()
        self._action_tables()
        self._count_tables()
        self.compiled = self._compiled_tables()
        self._freeze()

    def _expansion_tables(self) -> None:
        """Extra Salt's part: duos that share a kind (crab with crab and with the lobster), the
        starfish's trio, the seahorse, the colour bonus's own rule. ``expansion`` is False for a
        ruleset that uses none of them: the engine and the scorer then run the base game's code."""
        rules, kind_index = self.rules, self.kind_index
        seen: dict[int, int] = {}
        for a, b, _, _ in self.duos:
            for k in {a, b}:
                seen[k] = seen.get(k, 0) + 1
        self.shared_duos: tuple[bool, ...] = tuple(seen[a] > 1 or seen[b] > 1 for a, b, _, _ in self.duos)
        self.duo_kinds, self.duo_plan = extra_scoring.duo_plan(self.duos, self.shared_duos)
        self.duo_of_pair: dict[tuple[int, int], tuple[int, str]] = {}
        for n, (a, b, _, effect) in enumerate(self.duos):
            self.duo_of_pair[(a, b)] = self.duo_of_pair[(b, a)] = (n, effect)
        self.duo_looks: tuple[int, ...] = tuple(
            d.look or 0 for d in rules.duos if d.kinds[0] in kind_index and d.kinds[1] in kind_index)
        """Each duo's ``look`` (the cards a ``look_at_top`` duo looks at; 0 for the others), as ``duos``:
        a ruleset may give two such duos different numbers."""
        trio = rules.trio
        self.trio: int = kind_index.get(trio.kind, -1) if trio is not None else -1
        self.trio_gain = (trio.points - self.duos[0][2]) if trio is not None and self.duos else 0
        """What a trio scores more than the pair it is made of (every duo scores the same: ``rules.check``)."""
        stand_in = rules.stand_in
        self.stand_in: int = kind_index.get(stand_in.kind, -1) if stand_in is not None else -1
        self.bonus_own_colour = rules.mermaids.bonus_own_colour
        self.extra_turn_on_empty = rules.round_end.empty_deck_extra_turn == "from-discard-piles"
        extra_salt = (any(self.shared_duos) or self.trio >= 0 or self.stand_in >= 0
                      or any(effect in ("look_at_top", "restrict_opponents") for _, _, _, effect in self.duos))
        self.expansion_reasons: tuple[str, ...] = tuple(reason for reason, applies in (
            ("Extra Salt's rules", extra_salt),
            ("a colour bonus counted apart from the mermaids", self.bonus_own_colour != self.count_own_colour),
            ("a boat pair's turn on an empty deck", self.extra_turn_on_empty)) if applies)
        """What of the ruleset only the plain code plays (the expansion's paths), in words: ``bench``
        names them (``engine.plain_reasons``)."""
        self.expansion = bool(self.expansion_reasons)

    def _count_tables(self) -> None:
        """Kind counts packed in one integer, a field of ``width`` bits a kind (wide enough for the
        whole deck): a hand's counts are then one ``sum`` (``card_points_without_mermaids``)."""
        width = self.deck_size.bit_length()
        self.count_mask = (1 << width) - 1
        self.kind_bit: tuple[int, ...] = tuple(1 << width * k for k in self.kind)
        self.duo_fields: tuple[tuple[int, int, int], ...] = tuple(
            (width * a, width * b, points) for a, b, points, _ in self.duos)
        self.collector_fields: tuple[tuple[int, tuple[int, ...]], ...] = tuple(
            (width * k, table) for k, table in self.collectors)
        self.multiplier_fields: tuple[tuple[int, int, int], ...] = tuple(
            (width * k, width * target, points) for k, target, points in self.multipliers)
        self.mermaid_shift = width * self.mermaid if self.mermaid >= 0 else -1
        own = self.count_own_colour
        self.colour_bit: tuple[int, ...] = tuple(
            1 << width * colour if own or k != self.mermaid else 0 for colour, k in zip(self.colour, self.kind))
        self.colour_fields = tuple(width * c for c in range(len(self.colours)))
        self.counts_width = width * len(self.kinds)
        """The bits of a packed count of every kind (a key of packed counts shifts one by this)."""
        self.duo_shifts = tuple(width * k for k in self.duo_kinds)
        """The fields of ``duo_kinds`` (``extra_scoring.best_pairs``' counts) in packed counts."""
        self.trio_shift = width * self.trio if self.trio >= 0 else -1
        self.stand_in_shift = width * self.stand_in if self.stand_in >= 0 else -1
        self.paired_mask = sum(self.count_mask << k for k in (*self.duo_shifts, self.trio_shift) if k >= 0)
        """The fields of ``duo_shifts`` and the starfish's: all that a side's duo points read."""

    def _compiled_tables(self) -> tuple[object, ...] | None:
        """What the compiled hot path (``_accel.c``) reads, as nested tuples of ints and strings
        only (immutable: the C code keeps pointers into it): the card count; each card's kind and
        the colour it counts for a mermaid (-1: none); the kind and colour counts; the duos
        ``(kind, kind, points, effect)``, collectors ``(kind, points by count)`` and multipliers
        ``(kind, kind scored, points)``; the mermaid kind, ``win_with``, ``min_points``, whether an
        empty deck ends a LAST CHANCE round; then the ``take``, ``keep``, ``duo``, ``pile`` and
        ``pick`` action strings. None for what the compiled path does not serve: the expansion's
        paths (``expansion_reasons``), a deck of more than ``COMPILED_CARDS`` (the plain code then serves)."""
        if self.expansion or self.deck_size > COMPILED_CARDS:
            return None
        own = self.count_own_colour
        counted = tuple(c if own or k != self.mermaid else -1 for c, k in zip(self.colour, self.kind))
        made = (self.deck_size, self.kind, counted, len(self.kinds), len(self.colours), self.duos, self.collectors,
                self.multipliers, self.mermaid, self.win_with, self.min_points, self.deck_ends_last_chance,
                self.take_actions, self.keep_actions, self.duo_actions, tuple(f"pile:{p}" for p in PILES),
                self.pick_actions)
        if len(_COMPILED) >= _COMPILED_MAX:
            return made
        return _COMPILED.setdefault(made, made)

    def card_points(self, hand: tuple[int, ...], played: tuple[int, ...]) -> int:
        """The card points of ``hand`` and ``played``: ``scoring.points_of``'s, from packed counts
        (tests compare the two on every shipped ruleset)."""
        if self.expansion:  # Extra Salt's rules: extra_scoring's count of the packed counts, remembered
            return self._expansion_points(hand, played)
        mask = self.count_mask
        bit = self.kind_bit.__getitem__
        in_hand = sum(map(bit, hand))
        in_front = sum(map(bit, played))
        kinds = in_hand + in_front
        total = 0
        for a, b, points in self.duo_fields:
            if a == b:
                total += points * ((in_hand >> a & mask) // 2 + (in_front >> a & mask) // 2)
            else:
                total += points * (min(in_hand >> a & mask, in_hand >> b & mask)
                                   + min(in_front >> a & mask, in_front >> b & mask))
        for k, table in self.collector_fields:
            n = kinds >> k & mask
            if n:
                total += table[min(n, len(table)) - 1]
        for k, target, points in self.multiplier_fields:
            total += (kinds >> k & mask) * (kinds >> target & mask) * points
        if self.mermaid_shift >= 0:
            mermaids = kinds >> self.mermaid_shift & mask
            if mermaids:  # each mermaid scores a colour's cards, the most common colour first
                colour = self.colour_bit.__getitem__
                colours = sum(map(colour, hand)) + sum(map(colour, played))
                ranked = sorted([colours >> c & mask for c in self.colour_fields], reverse=True)
                total += sum(ranked[:mermaids])
        return total

    def colour_bonus(self, hand: tuple[int, ...], played: tuple[int, ...]) -> int:
        """The colour bonus of ``hand`` and ``played`` (the most cards of one colour, counted as the
        mermaids count them): ``scoring.points_of``'s, from packed counts, for the base game's rules
        (Extra Salt's count it plainly; tests compare the two on every shipped ruleset)."""
        if self.expansion:  # counted plainly, as scoring.points_of does for Extra Salt's rules
            counts = [0] * len(self.colours)
            for c in (*hand, *played):
                if self.bonus_own_colour or self.kind[c] != self.mermaid:
                    counts[self.colour[c]] += 1
            return max(counts, default=0)
        mask = self.count_mask
        colour = self.colour_bit.__getitem__
        colours = sum(map(colour, hand)) + sum(map(colour, played))
        return max([colours >> c & mask for c in self.colour_fields], default=0)

    def round_points(self, hand: tuple[int, ...], played: tuple[int, ...]) -> tuple[int, int]:
        """``card_points`` and ``colour_bonus`` at once: what a round's end scores (its compiled twin,
        ``_accel.round_points``, is tested against it)."""
        return self.card_points(hand, played), self.colour_bonus(hand, played)

    def _expansion_points(self, hand: tuple[int, ...], played: tuple[int, ...]) -> int:
        """``card_points`` by Extra Salt's rules (``packed_expansion_points`` of the cards' packed counts)."""
        kind, colour = self.kind_bit.__getitem__, self.colour_bit.__getitem__
        return packed_expansion_points(self, sum(map(kind, hand)), sum(map(kind, played)),
                                       sum(map(colour, hand)) + sum(map(colour, played)))

    def _action_tables(self) -> None:
        """Every action string a card can appear in, made once (``legal_actions`` looks them up)."""
        ids, kind = self.ids, self.kind
        self.take_actions: tuple[str, ...] = tuple(f"take:{c}" for c in ids)
        self.pick_actions: tuple[str, ...] = tuple(f"pick:{c}" for c in ids)
        self.keep_actions: tuple[tuple[str, ...], ...] = tuple(
            tuple(f"keep:{c}:{pile}" for pile in PILES) for c in ids)
        self.is_mermaid: tuple[bool, ...] = tuple(k == self.mermaid for k in kind)
        cards: dict[str, tuple[int, int]] = {f"take:{c}": (i, -1) for i, c in enumerate(ids)}
        cards.update({f"keep:{c}:{pile}": (i, p) for i, c in enumerate(ids) for p, pile in enumerate(PILES)})
        self.action_cards = cards
        """The card (and pile) of each ``take`` and ``keep`` action."""
        pairs = {(a, b) for a, b, _, _ in self.duos} | {(b, a) for a, b, _, _ in self.duos}
        self.duo_actions: tuple[tuple[str | None, ...], ...] = tuple(
            tuple(f"duo:{ids[a]}+{ids[b]}" if a < b and (kind[a], kind[b]) in pairs else None
                  for b in range(len(ids))) for a in range(len(ids)))
        """``duo_actions[a][b]``: the action playing cards ``a`` < ``b`` as a duo, None if they are none."""
        starfish = [i for i, k in enumerate(kind) if k == self.trio] if self.trio >= 0 else []
        self.trio_actions: dict[str, tuple[int, int, int]] = {
            f"trio:{ids[a]}+{ids[b]}+{ids[s]}": (a, b, s) for a in range(len(ids)) for b in range(a + 1, len(ids))
            if (kind[a], kind[b]) in pairs for s in starfish}
        """Every ``trio:A+B+S`` (a duo ``A`` < ``B`` and a starfish ``S``) and its cards."""
        self.card_bit: tuple[int, ...] = tuple(1 << c for c in range(len(ids)))
        self.duo_partners: tuple[int, ...] = tuple(
            sum(1 << b for b, action in enumerate(row) if action is not None) for row in self.duo_actions)
        """``duo_partners[a]``: the cards ``b`` > ``a`` that make a duo with ``a``, as a bit mask."""
        self.mermaid_cards = sum(1 << c for c, mermaid in enumerate(self.is_mermaid) if mermaid)
        """The mermaids, as a bit mask of cards."""

    def ids_of(self, cards: Iterable[int]) -> tuple[str, ...]:
        """The ids of card indices, in the same order."""
        return tuple(map(self.ids.__getitem__, cards))

    def describe(self, card: int) -> str:
        """A card for a person: ``crab-3 (crab, light blue)``."""
        c = self.rules.cards[card]
        return f"{c.id} ({c.kind.replace('_', ' ')}, {c.colour.replace('_', ' ')})"


@lru_cache(maxsize=64)
def tables_for(rules: Ruleset) -> Tables:
    """The compiled tables of ``rules`` (cached: rulesets are immutable and hashable)."""
    return Tables(rules)


EXPANSION_POINTS_MAX = 1 << 17
"""The most Extra Salt card points ``packed_expansion_points`` keeps a ruleset, its sides' duo points
with them (emptied when full: about 13 MB)."""

EXPANSION_TABLES_MAX = 8
"""The most rulesets whose Extra Salt card points are kept at once (all are forgotten past it)."""

_EXPANSION_POINTS: dict[Tables, dict[int, int]] = {}
"""Extra Salt's card points by tables, then by packed counts in one integer (``packed_expansion_points``;
an integer, not a tuple, so that the garbage collector has nothing to walk)."""


def packed_expansion_points(t: Tables, in_hand: int, in_front: int, colours: int) -> int:
    """The card points by Extra Salt's rules (``extra_scoring.parts``) of packed counts: of kinds
    in hand and in front (``Tables.kind_bit``'s fields) and of the colours mermaids count
    (``Tables.colour_bit``'s), remembered. The engine asks at every play phase whether a round may
    end, and a search's rollouts ask the worth of every card they may take: the same counts come
    again and again, so each is counted once, then read back. The colours are in the key only
    while a mermaid is held (nothing else reads them)."""
    shift, mask, kinds = t.mermaid_shift, t.count_mask, t.counts_width
    if shift < 0 or not (in_hand + in_front) >> shift & mask:
        colours = 0
    key = (colours << kinds | in_front) << kinds | in_hand
    memo = _EXPANSION_POINTS.get(t)
    if memo is None:
        if len(_EXPANSION_POINTS) >= EXPANSION_TABLES_MAX:  # rulesets made by the hundred (tests, a server)
            _EXPANSION_POINTS.clear()
        memo = _EXPANSION_POINTS[t] = {}
    points = memo.get(key)
    if points is None:
        if len(memo) >= EXPANSION_POINTS_MAX:
            memo.clear()
        points = memo[key] = packed_expansion_count(t, in_hand, in_front, colours, memo)
    return points


def packed_expansion_count(t: Tables, in_hand: int, in_front: int, colours: int, memo: dict[int, int]) -> int:
    """``sum(extra_scoring.parts(...))`` of packed counts (tests compare), read from the fields
    that ``parts`` reads rather than from lists of every kind's count: the duos' points (the
    starfish's trios with them) of the hand and of the front apart, then the collectors' (the
    seahorses in hand with them), multipliers' and mermaids' of both together. A side's duo points
    are remembered in ``memo`` by ``~side``, the side's fields of ``Tables.paired_mask`` (negative:
    a count's key never is; far fewer of them come than hands and fronts together)."""
    mask, paired = t.count_mask, t.paired_mask
    total = 0
    for side in (in_hand & paired, in_front & paired):
        points = memo.get(~side)
        if points is None:
            points, pairs = extra_scoring.memo_pairs(t.duo_plan, tuple([side >> k & mask for k in t.duo_shifts]))
            if t.trio_shift >= 0:
                points += t.trio_gain * min(side >> t.trio_shift & mask, pairs)
            memo[~side] = points
        total += points
    kinds = in_hand + in_front
    seahorses = in_hand >> t.stand_in_shift & mask if t.stand_in_shift >= 0 else 0
    if seahorses:
        total += extra_scoring.collector_points(t, [kinds >> k & mask for k, _ in t.collector_fields], seahorses)
    else:
        for k, table in t.collector_fields:
            n = kinds >> k & mask
            if n:
                total += table[min(n, len(table)) - 1]
    for k, target, points in t.multiplier_fields:
        total += (kinds >> k & mask) * (kinds >> target & mask) * points
    held = kinds >> t.mermaid_shift & mask if t.mermaid_shift >= 0 else 0
    if held:
        total += sum(sorted([colours >> c & mask for c in t.colour_fields], reverse=True)[:held])
    return total
