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
machine) or, optionally, seconds per decision. The bot sees only its ``SeatView``.
"""

from __future__ import annotations

import math
import time

from ..core import rng as rng_mod
from ..core.arguments import brief
from ..core.ismcts import MAX_PLAYOUTS
from .determinize import Determinizer
from .engine import apply, is_over, legal_actions, to_act
from .rules import Ruleset
from .state import GameState
from .tables import NO_ACTIVITY, Tables, tables_for
from .view import SeatView

DEFAULT_PLAYOUTS = 100
"""Playouts per decision by default (well under 0.1 s a decision on the project machine)."""

EXPLORATION = 0.7
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


class _Node:
    """A node of the seat's own decisions: per action, visits, summed reward and availability."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[str, _Node] = {}


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


class IsmctsBot:
    """Information-set MCTS from the seat's view; see the module's docstring.

    ``playouts`` per decision (deterministic), or ``seconds`` per decision when given (then
    the play depends on the machine's speed). A decision with one legal action is not searched.
    """

    name = "ismcts"

    def __init__(self, rules: Ruleset, seed: int, playouts: int = DEFAULT_PLAYOUTS, seconds: float | None = None,
                 exploration: float = EXPLORATION) -> None:
        if isinstance(playouts, bool) or not isinstance(playouts, int) or not 1 <= playouts <= MAX_PLAYOUTS:
            raise ValueError(f"ismcts takes 1 to {MAX_PLAYOUTS:,} playouts a decision, not {brief(playouts)}")
        self._rules = rules
        self._t: Tables = tables_for(rules)
        self._gen = rng_mod.seed_state(seed)
        self._playouts = playouts
        self._seconds = seconds
        self._c = exploration
        self._policy = FastGreedy(rules)

    def choose(self, seen: SeatView, actions: tuple[str, ...]) -> str:
        if len(actions) == 1:
            return actions[0]
        root = self._search(seen)
        visited = [(root.children[a].visits, root.children[a].total, a) for a in actions if a in root.children]
        if not visited:
            return actions[0]
        return max(visited, key=lambda v: (v[0], v[1] / max(v[0], 1)))[2]

    def _search(self, seen: SeatView) -> _Node:
        det = Determinizer(seen)
        seat = seen.seat
        start = [sheet.total for sheet in seen.sheets]
        root = _Node()
        deadline = None if self._seconds is None else time.perf_counter() + self._seconds
        done = 0
        while True:
            if deadline is None:
                if done >= self._playouts:
                    break
            elif done and time.perf_counter() >= deadline:
                break
            done += 1
            self._gen, sample_seed = rng_mod.next_u64(self._gen)
            self._playout(det.sample(sample_seed), seat, root, start)
        return root

    def _playout(self, state: GameState, seat: int, root: _Node, start: list[int]) -> None:
        round_no = state.round
        node = root
        path = [root]
        policy = self._policy
        gen = self._gen
        c = self._c
        in_tree = True
        while not is_over(state) and state.round == round_no:
            for x in to_act(state):
                if x == seat and in_tree:
                    legal = legal_actions(state, seat)
                    untried = [a for a in legal if a not in node.children]
                    for a in legal:
                        child = node.children.get(a)
                        if child is not None:
                            child.avail += 1
                    if untried:
                        gen, i = rng_mod.below(gen, len(untried))
                        action = untried[i]
                        child = node.children[action] = _Node()
                        child.avail = 1
                        in_tree = False
                    else:
                        best = -math.inf
                        action = legal[0]
                        for a in legal:
                            ch = node.children[a]
                            score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                            if score > best:
                                best, action = score, a
                        child = node.children[action]
                    node = child
                    path.append(node)
                else:
                    gen, action = policy.choose(state, x, gen)
                state = apply(state, x, action)
        self._gen = gen
        totals = _totals(state)
        gains = [after - before for after, before in zip(totals, start)]
        others = (sum(gains) - gains[seat]) / (len(gains) - 1) if len(gains) > 1 else 0.0
        reward = (gains[seat] - others) / REWARD_SCALE
        for n in path:
            n.visits += 1
            n.total += reward
