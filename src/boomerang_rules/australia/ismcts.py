"""``ismcts``: a search bot, single-observer information-set Monte Carlo tree search.

Each playout draws a full state from the seat's view (``Determinizer``: the unknown cards
placed uniformly where they could be), walks a tree of the seat's *own* decisions this round
by UCT, and plays the round out with a fast policy. The other seats are not in the tree: at
every simultaneous step they are sampled from the rollout policy, in the drawn state, so a
step is the seat's own decision with the others' choices drawn (open loop: a node is the seat's
own actions so far, whatever the others did). Tree nodes count how often they were available
(their card was in the drawn hand) and UCT divides by that (availability counts), because a
card the seat may later hold is not in every determinization.

The rollout policy is ``greedy``'s, computed on the state rather than the view (the same
choices, some five times cheaper): the ``greedy`` bot is the baseline this bot is
measured against, so it is also the best model of it. A playout ends when the round is
scored; its reward is the seat's points gained this round (totals, sites and region bonuses
included) minus the other seats' mean gain, so that cards denied to others count too.

The budget is a number of playouts (deterministic: the same seed makes the same play on any
machine) or, optionally, seconds per decision. The bot sees only its ``SeatView``. The search
itself is ``core.ismcts``'s, every game's; this module fills in the game's part (``Search``).
"""

from __future__ import annotations

import math
from typing import Any

from ..core import ismcts as core_ismcts
from ..core import rng as rng_mod
from .actions import RULES_WHAT
from .determinize import Determinizer
from .engine import apply, is_over, legal_actions, to_act
from .rules import Ruleset
from .state import GameState
from .tables import NO_ACTIVITY, tables_for
from .view import SeatView

DEFAULT_PLAYOUTS = 100
"""Playouts per decision by default (well under 0.1 s a decision on the project machine)."""

EXPLORATION = core_ismcts.EXPLORATION
"""UCT's exploration constant, for rewards scaled to about [-1, 1]."""

REWARD_SCALE = 20.0
"""Points that make a reward of 1 (a good round beats the table's mean by about this much)."""


class FastGreedy:
    """``GreedyBot``'s choice for any seat of a full state, without building a view.

    Gains are worked out incrementally from the seat's cards this round: collections with
    the doubling limit, animal pairs, the best unused activity, new sites and region bonuses.
    The Throw goes to a card whose number is farthest from the middle; ties are broken by the
    caller's generator.
    """

    def __init__(self, rules: Ruleset) -> None:
        t = tables_for(rules)
        self._t = t
        self._middle2 = min(t.number) + max(t.number)
        self._far = tuple(abs(2 * n - self._middle2) for n in t.number)
        self._region_of = tuple(next(i for i, m in enumerate(t.region_masks) if m >> c & 1)
                                for c in range(t.deck_size))
        self._top = len(t.activity_table) - 1

    def choose(self, state: GameState, seat: int, gen: int) -> tuple[int, str]:
        """The generator after use and ``seat``'s action in ``state``."""
        best = self.best(state, seat)
        if len(best) == 1:
            return gen, best[0]
        gen, i = rng_mod.below(gen, len(best))
        return gen, best[i]

    def best(self, state: GameState, seat: int) -> list[str]:
        """The actions greedy rates best for ``seat`` (it picks one of them at random)."""
        t = self._t
        progress = state.progress
        mine = state.drafted[seat]
        used = progress.used_activities[seat]
        if state.step >= t.activity_step:
            counts = t.activity_counts(mine)
            most, choice = 0, NO_ACTIVITY
            for i, kind in enumerate(t.activity_kinds):
                if not used >> i & 1:
                    points = t.activity_table[counts[i]]
                    if points > most or (points == most and points > 0 and kind < choice):
                        most, choice = points, kind
            return [choice]
        hand = state.hands[seat]
        cards = [c for c in range(t.deck_size) if hand >> c & 1]
        if not mine:
            far = max(self._far[c] for c in cards)
            cards = [c for c in cards if self._far[c] == far]
        visited = progress.visited[seat]
        taken_regions = progress.regions_taken
        collected = 0
        animals = [0] * len(t.animal_values)
        counts = t.activity_counts(mine)
        sites = visited
        for i, c in enumerate(mine):
            collected += t.collection_value[c]
            if t.animal[c] >= 0:
                animals[t.animal[c]] += 1
            if i > 0 or t.sites_include_throw:
                sites |= 1 << c
        table = t.activity_table
        top = self._top
        base_activity = max((table[min(n, top)] for i, n in enumerate(counts) if not used >> i & 1), default=0)
        limit = t.double_limit
        base_collect = collected * 2 if collected <= limit else collected
        counts_site = bool(mine) or t.sites_include_throw
        best_gain = -math.inf
        best: list[int] = []
        for c in cards:
            s = collected + t.collection_value[c]
            gain = (s * 2 if s <= limit else s) - base_collect
            a = t.animal[c]
            if a >= 0 and animals[a] & 1:
                gain += t.animal_values[a]
            k = t.activity[c]
            if k >= 0 and not used >> k & 1:
                gain += max(base_activity, table[min(counts[k] + 1, top)]) - base_activity
            if counts_site and not sites >> c & 1:
                gain += t.site_points
                r = self._region_of[c]
                mask = t.region_masks[r]
                after = sites | 1 << c
                if not taken_regions >> r & 1 and after & mask == mask and visited & mask != mask:
                    gain += t.region_bonus
            if gain > best_gain:
                best_gain, best = gain, [c]
            elif gain == best_gain:
                best.append(c)
        return [t.ids[c] for c in best]


def _totals(state: GameState) -> list[int]:
    """Every seat's game total so far, from the settled rounds."""
    t = state.tables
    progress = state.progress
    out = []
    for seat, visited in enumerate(progress.visited):
        total = t.site_points * visited.bit_count()
        for r in progress.rounds:
            total += sum(r.scores[seat]) + t.region_bonus * r.bonuses[seat].bit_count()
        out.append(total)
    return out


class Search(core_ismcts.RoundSearch):
    """Boomerang: Australia for ``core.ismcts``: ``FastGreedy``'s rollouts to the round's end."""

    reward_scale = REWARD_SCALE

    def __init__(self, rules: Ruleset, playouts: int = DEFAULT_PLAYOUTS) -> None:
        super().__init__(FastGreedy(rules), to_act, legal_actions, apply, is_over, playouts)

    def sampler(self, seen: SeatView) -> Any:
        return Determinizer(seen).sample

    def points(self, state: GameState) -> list[int]:
        return _totals(state)


class IsmctsBot(core_ismcts.GameBot):
    """Information-set MCTS from the seat's view (``core.ismcts``, over ``Search``); see the module's
    docstring. ``IsmctsBot(rules, seed, playouts=DEFAULT_PLAYOUTS, seconds=None)``: ``playouts`` per
    decision (deterministic), or ``seconds`` per decision when given (then the play depends on the
    machine's speed). A decision with one legal action is not searched.
    """

    search_of = Search
    ruleset = Ruleset
    rules_what = RULES_WHAT
    default_playouts = DEFAULT_PLAYOUTS
