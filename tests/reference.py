"""A plain reading of the rules, slow and obvious: the oracle the engine's fast paths are checked
against. Card ids, lists and sets; no bit masks, no packed tables, no unrolled code.
"""

from __future__ import annotations

import operator
from math import factorial
from typing import Any

import boomerang_rules as br
from boomerang_rules.core.rng import next_u64, seed_state


def shuffle(state: int, items: list[Any]) -> tuple[int, list[Any]]:
    """Fisher-Yates driven by one uniform integer below n! read as mixed-radix digits."""
    out = list(items)
    n = len(out)
    if n < 2:
        return state, out
    total = factorial(n)
    width = total.bit_length()
    while True:
        r = got = 0
        while got < width:
            state, x = next_u64(state)
            r = r << 64 | x
            got += 64
        r >>= got - width
        if r < total:
            break
    for i in range(n - 1, 0, -1):
        r, j = divmod(r, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out


def deals(rules: br.Ruleset, players: int, seed: int) -> list[list[list[str]]]:
    """Every round's hands dealt from ``seed``: the whole deck shuffled, or (deal-first) last
    round's undealt cards on top of the shuffled cards used last round."""
    ids = sorted(c.id for c in rules.cards)
    take = players * rules.hand_size
    state = seed_state(seed)
    out = []
    leftover: list[str] = []
    used: list[str] = []
    for r in range(rules.rounds):
        if r == 0 or rules.leftover_cards == "reshuffle" or take == len(ids):
            state, deck = shuffle(state, ids)
        else:
            state, below = shuffle(state, sorted(used))
            deck = leftover + below
        hands = [deck[seat:take:players] for seat in range(players)]
        leftover = deck[take:]
        used = [c for hand in hands for c in hand]
        out.append(hands)
    return out


class Game:
    """One game of the rules as a person would keep it at the table."""

    def __init__(self, rules: br.Ruleset, players: int, dealt: list[list[list[str]]]) -> None:
        self.rules = rules
        self.n = players
        self.dealt = dealt
        self.cards = {c.id: c for c in rules.cards}
        self.names = [*sorted(self.cards), *rules.scoring.activities.kinds, br.NO_ACTIVITY]
        self.round = 0
        self.rows: list[dict[str, list[int]]] = [
            {"throw_catch": [], "collections": [], "animals": [], "activity": []} for _ in range(players)]
        self.visited: list[set[str]] = [set() for _ in range(players)]
        self.used: list[set[str]] = [set() for _ in range(players)]
        self.bonuses = [0] * players
        self.regions_gone: set[str] = set()
        self._deal()

    def _deal(self) -> None:
        self.hands = [list(h) for h in self.dealt[self.round]]
        self.drafts: list[list[str]] = [[] for _ in range(self.n)]
        self.step = 0
        self.pending: dict[int, str] = {}

    def over(self) -> bool:
        return self.round >= self.rules.rounds

    def legal(self, seat: int) -> list[str]:
        if self.over() or seat in self.pending:
            return []
        if self.step < self.rules.hand_size - 1:
            return sorted(self.hands[seat])
        return sorted([br.NO_ACTIVITY, *(k for k in self.rules.scoring.activities.kinds if k not in self.used[seat])])

    def name(self, action: object) -> str | None:
        """The action a value stands for: a string as itself, an integer (never a bool) by its id."""
        if isinstance(action, str):
            return action
        if isinstance(action, bool):
            return None
        try:
            i = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            return None
        return self.names[i] if 0 <= i < len(self.names) else None

    def seat_of(self, seat: object) -> int | None:
        if isinstance(seat, bool):
            return None
        try:
            number = operator.index(seat)  # type: ignore[arg-type]
        except TypeError:
            return None
        return number if 0 <= number < self.n else None

    def accepts(self, seat: object, action: object) -> bool:
        number = self.seat_of(seat)
        return number is not None and self.name(action) in self.legal(number)

    def apply(self, seat: int, action: object) -> None:
        name = self.name(action)
        assert name is not None and name in self.legal(seat)
        self.pending[seat] = name
        if len(self.pending) < self.n:
            return
        chosen, self.pending = self.pending, {}
        if self.step < self.rules.hand_size - 1:
            for s in range(self.n):
                self.hands[s].remove(chosen[s])
                self.drafts[s].append(chosen[s])
            left = self.rules.pass_directions[self.round] == "left"
            passed: list[list[str]] = [[] for _ in range(self.n)]
            for s in range(self.n):
                passed[(s + 1) % self.n if left else (s - 1) % self.n] = self.hands[s]
            self.hands = passed
            self.step += 1
            if self.step == self.rules.hand_size - 1:  # the Catch
                for s in range(self.n):
                    self.drafts[s].append(self.hands[s].pop())
            return
        self._score([None if chosen[s] == br.NO_ACTIVITY else chosen[s] for s in range(self.n)])
        self.round += 1
        if not self.over():
            self._deal()

    def _score(self, activities: list[str | None]) -> None:
        scoring = self.rules.scoring
        for s in range(self.n):
            cards = [self.cards[c] for c in self.drafts[s]]
            rows = self.rows[s]
            rows["throw_catch"].append(abs(cards[0].number - cards[-1].number))
            collected = sum(scoring.collections.values[c.collection] for c in cards if c.collection is not None)
            rows["collections"].append(collected * 2 if collected <= scoring.collections.double_limit else collected)
            animals = [c.animal for c in cards if c.animal is not None]
            rows["animals"].append(sum(value * (animals.count(a) // 2) for a, value in scoring.animals.values.items()))
            kind = activities[s]
            count = sum(1 for c in cards if kind is not None and c.activity == kind)
            rows["activity"].append(scoring.activities.table[count] if kind is not None else 0)
            if kind is not None:
                self.used[s].add(kind)
            sites = self.drafts[s] if self.rules.sites_include_throw else self.drafts[s][1:]
            self.visited[s].update(sites)
        taken_now = set()
        for region in self.rules.regions:
            if region.id in self.regions_gone:
                continue
            region_sites = {c for c, card in self.cards.items() if card.region == region.id}
            for s in range(self.n):
                if region_sites <= self.visited[s]:
                    self.bonuses[s] += 1
                    taken_now.add(region.id)
        self.regions_gone |= taken_now

    def sheets(self) -> list[dict[str, Any]]:
        scoring = self.rules.scoring
        out = []
        for s in range(self.n):
            sheet: dict[str, Any] = {row: list(values) for row, values in self.rows[s].items()}
            sheet["sites"] = scoring.site_points * len(self.visited[s])
            sheet["regions"] = scoring.region_bonus * self.bonuses[s]
            sheet["total"] = sum(sum(v) for v in self.rows[s].values()) + sheet["sites"] + sheet["regions"]
            out.append(sheet)
        return out
