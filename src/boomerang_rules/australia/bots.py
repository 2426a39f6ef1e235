"""Bots: players that see only what their seat may know (a ``SeatView``) and the legal actions.

A bot never gets the state: ``play_game`` hands each one ``view(state, seat)``, so a bot cannot
peek at hidden cards even by mistake. Bots are deterministic for a given seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeAlias

from ..core import bots as core_bots
from ..core import rng as rng_mod
from ..core.arguments import require
from ..core.ismcts import budgeted_bots
from .actions import RULES_WHAT
from .rules import Ruleset
from .state import GameState
from .tables import NO_ACTIVITY, tables_for
from .view import VIEW_WHAT, SeatView, lazy_view

Bot: TypeAlias = core_bots.Bot[SeatView]
"""A player: given what its seat may know and the legal actions, it returns one of them (``core.bots.Bot``)."""

RandomBot = core_bots.RandomBot


class GreedyBot:
    """Takes the card that most improves its round so far; ties go to a seeded coin.

    The value of a set of cards counts collections (with the doubling limit), animal pairs,
    the best activity it has not scored yet, and sites it has not visited (with +bonus for a
    region it would complete while the bonus is still there). It throws a card whose number
    is far from the middle, so that the Catch is likely to differ from it, and it scores its
    best unused activity when that is worth anything.
    """

    name = "greedy"

    def __init__(self, rules: Ruleset, seed: int) -> None:
        self._rules = require(rules, Ruleset, "rules", RULES_WHAT)
        self._t = tables_for(rules)
        self._state = rng_mod.seed_state(seed)
        numbers = self._t.number
        self._middle = (min(numbers) + max(numbers)) / 2
        self._visited_kept: tuple[object, int, int] = (None, -1, 0)

    def _tie_break(self, best: list[str]) -> str:
        self._state, k = rng_mod.below(self._state, len(best))
        return best[k]

    def choose(self, seen: SeatView, actions: tuple[str, ...]) -> str:
        core_bots.check_seen(seen, actions, SeatView, VIEW_WHAT, self._rules)
        t = self._t
        if seen.phase == "activity":
            return self._activity(seen, actions)
        index = t.index
        mine = [index[c] for c in ([seen.throw] if seen.throw else []) + list(seen.face_up[seen.seat])]
        visited = self._visited(seen)
        used = set(seen.activities_used[seen.seat])
        unused = [i for i, k in enumerate(t.activity_kinds) if k not in used]
        taken = set(seen.regions_taken)
        regions = [mask for region, mask in zip(t.rules.regions, t.region_masks)
                   if region.id not in taken and visited & mask != mask]
        base = self._value(mine, visited, unused, regions)
        gains = {a: self._value([*mine, index[a]], visited, unused, regions) - base for a in actions}
        if seen.phase == "throw":
            far = max(abs(t.number[index[a]] - self._middle) for a in actions)
            actions = tuple(a for a in actions if abs(t.number[index[a]] - self._middle) == far)
        top = max(gains[a] for a in actions)
        return self._tie_break([a for a in actions if gains[a] == top])

    def _activity(self, seen: SeatView, actions: tuple[str, ...]) -> str:
        t = self._t
        cards = [t.index[c] for c in [seen.throw or "", *seen.face_up[seen.seat]] if c]
        counts = t.activity_counts(cards)
        points = {a: t.activity_table[counts[t.activity_index[a]]] for a in actions if a != NO_ACTIVITY}
        best = max(points.values(), default=0)
        if best <= 0:
            return NO_ACTIVITY
        return min(a for a, p in points.items() if p == best)

    def _visited(self, seen: SeatView) -> int:
        """The sites the seat visited in the rounds before, kept while its view's ``past_rounds`` stay
        the same object (a view shares them between the decisions of a round)."""
        past_rounds, seat = seen.past_rounds, seen.seat
        kept = self._visited_kept
        if kept[0] is past_rounds and kept[1] == seat:
            return kept[2]
        t = self._t
        first = 0 if t.sites_include_throw else 1
        mask = 0
        for past in past_rounds:
            for c in past.drafts[seat][first:]:
                mask |= 1 << t.index[c]
        self._visited_kept = (past_rounds, seat, mask)
        return mask

    def _value(self, cards: list[int], visited: int, unused: list[int], regions: list[int]) -> float:
        """What ``cards`` are worth this round to a seat that visited ``visited`` in earlier rounds,
        with the activities of indices ``unused`` still to score and the bonus of the regions of
        masks ``regions`` still open (neither taken nor completed by ``visited`` alone)."""
        t = self._t
        collected = sum(t.collection_value[c] for c in cards)
        value: float = collected * 2 if collected <= t.double_limit else collected
        pairs: dict[int, int] = {}
        for c in cards:
            if t.animal[c] >= 0:
                pairs[t.animal[c]] = pairs.get(t.animal[c], 0) + 1
        value += sum(t.animal_values[a] * (n // 2) for a, n in pairs.items())
        counts = t.activity_counts(cards)
        table = t.activity_table
        value += max((table[min(counts[i], len(table) - 1)] for i in unused), default=0)
        first = 0 if t.sites_include_throw or not cards else 1
        sites = visited
        for c in cards[first:]:
            sites |= 1 << c
        value += t.site_points * (sites & ~visited).bit_count()
        for mask in regions:
            if sites & mask == mask:
                value += t.region_bonus
        return value


def _ismcts(rules: Ruleset, seed: int, playouts: int | None = None) -> Bot:
    from .ismcts import IsmctsBot

    return IsmctsBot(rules, seed, playouts)  # it checks the rules; None: the game's default


BOTS: dict[str, Callable[[Ruleset, int], Bot]] = budgeted_bots({"random": RandomBot, "greedy": GreedyBot}, _ismcts)
"""The bots by name: ``random``, ``greedy``, ``ismcts`` (search; ``ismcts:N`` for N playouts a decision)."""


def make_bots(names: Sequence[str], rules: Ruleset, game_seed: int) -> list[Bot]:
    """One bot per seat, by name, each seeded from the game's seed and its seat: ``core.bots.make_bots``
    over this game's ``BOTS`` (every game's is ``make_bots(game.BOTS, ...)`` there), kept here."""
    return core_bots.make_bots(BOTS, names, rules, game_seed)


def play_game(rules: Ruleset, bots: Sequence[Bot], seed: int,
              on_decision: Callable[[GameState, int, str], None] | None = None) -> GameState:
    """A whole game dealt from ``seed``, each seat played by its bot, which sees only its view
    (made on first reading: a bot that reads none of it costs nothing to serve)."""
    require(rules, Ruleset, "rules", RULES_WHAT)
    state: GameState = core_bots.play_game(rules, bots, seed, on_decision, lazy_view)
    return state


def bot_game(rules: Ruleset, names: Sequence[str], seed: int) -> GameState:
    """``play_game`` with bots made by name for this game's seed: ``core.bots.bot_game`` (every game's),
    kept here for this game's rulesets alone."""
    require(rules, Ruleset, "rules", RULES_WHAT)
    state: GameState = core_bots.bot_game(rules, names, seed)
    return state
