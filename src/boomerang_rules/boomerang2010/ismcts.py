"""``ismcts`` for Boomerang (2010): the game's part of the search (``core.ismcts``).

A playout draws a state from the seat's view (``determinize``: the deck's order and the other
seats' hidden tokens), then — the search's own model of the table, not the determinization's
uniform one — gives each other seat that has chosen a token the land ``greedy`` would choose
(its choice reads only public cards, so it is the best guess of the bot this one is measured
against). It plays to the end of the round, every other decision by ``greedy``'s rules on the
state (``FastGreedy``). The reward is the change over the round of the seat's score "as if
the game ended now" (majorities and sets) minus the mean of the others' changes.
"""

from __future__ import annotations

from typing import Any

import attrs

from ..core import rng as rng_mod
from ..core.ismcts import GameBot, RoundSearch, pick
from .actions import RULES_WHAT
from .determinize import Determinizer
from .engine import apply, is_over, legal_actions, to_act
from .rules import PASS, THROW, Ruleset
from .state import NO_TOKEN, GameState
from .tables import tables_for
from .view import SeatView

DEFAULT_PLAYOUTS = 200
"""Playouts per decision by default (within 0.1 s a decision on the project's machine)."""

REWARD_SCALE = 5.0
"""Points that make a reward of 1 (a good round gains about this much on the table's mean)."""


class FastGreedy:
    """``GreedyBot``'s choice for any seat of a full state, without building a view (ties by the caller's generator)."""

    def __init__(self, rules: Ruleset) -> None:
        self._t = tables_for(rules)

    def _counts(self, state: GameState) -> list[list[int]]:
        t = self._t
        animal = t.animal
        counts = [[0] * len(t.animals) for _ in range(state.players)]
        for seat, cards in enumerate(state.captured):
            row = counts[seat]
            for c in cards:
                row[animal[c]] += 1
        return counts

    def worths(self, state: GameState, seat: int, counts: list[list[int]] | None = None) -> list[float]:
        """``GreedyBot``'s worth of each land (index order) to ``seat``."""
        t = self._t
        counts = self._counts(state) if counts is None else counts
        mine = counts[seat]
        others = [max((c[a] for s, c in enumerate(counts) if s != seat), default=0) for a in range(len(t.animals))]
        before = sum(n for n, o in zip(mine, others) if n and n >= o)
        out = []
        for land in range(len(t.lands)):
            bit = 1 << land
            after = list(mine)
            taken = 0
            for c in state.river:
                if t.card_lands[c] & bit:
                    after[t.animal[c]] += 1
                    taken += 1
            out.append(sum(n for n, o in zip(after, others) if n and n >= o) - before + 0.3 * taken)
        return out

    def best(self, state: GameState, seat: int) -> list[str]:
        """The actions greedy rates best for ``seat`` (it picks one of them at random)."""
        t = self._t
        if state.phase == "tokens":
            worths = self.worths(state, seat)
            top = max(worths)
            return [land for land, w in zip(t.lands, worths) if w == top]
        held = state.boomerangs[seat]
        if held <= 0:
            return [PASS]
        worth = self.worths(state, seat)[state.tokens[seat]]
        if worth < 1.5 or state.pot >= max(1.0, worth / 2) or held <= 2:
            return [PASS]
        return [THROW]

    def choose(self, state: GameState, seat: int, gen: int) -> tuple[int, str]:
        """The generator after use and ``seat``'s action in ``state``."""
        return pick(gen, self.best(state, seat))


def _as_if_over(state: GameState) -> list[int]:
    """Every seat's total if the game ended now (``score_sheets``' totals, without building the sheets)."""
    t = state.tables
    counts = [[0] * len(t.animals) for _ in range(state.players)]
    for seat, cards in enumerate(state.captured):
        for c in cards:
            counts[seat][t.animal[c]] += 1
    leads = [max(c[a] for c in counts) for a in range(len(t.animals))]
    per_point = t.rules.boomerangs_per_point
    return [sum(n for n, lead in zip(row, leads) if n and n == lead) + held // per_point
            for row, held in zip(counts, state.boomerangs)]


class Search(RoundSearch):
    """Boomerang (2010) for ``core.ismcts``: ``FastGreedy``'s rollouts to the round's end, the hidden
    tokens of a drawn state placed as greedy would place them."""

    reward_scale = REWARD_SCALE

    def __init__(self, rules: Ruleset, playouts: int = DEFAULT_PLAYOUTS) -> None:
        super().__init__(FastGreedy(rules), to_act, legal_actions, apply, is_over, playouts)

    def sampler(self, seen: SeatView) -> Any:
        policy = self._policy
        draw = Determinizer(seen).sample

        def sample(seed: int) -> GameState:
            state = draw(seed)
            hidden = [s for s, tok in enumerate(state.tokens) if s != seen.seat and tok != NO_TOKEN]
            if not hidden:
                return state
            gen = rng_mod.seed_state(seed ^ 0x5EA5C4)
            tokens = list(state.tokens)
            counts = policy._counts(state)
            for s in hidden:
                worths = policy.worths(state, s, counts)
                top = max(worths)
                best = [i for i, w in enumerate(worths) if w == top]
                gen, i = rng_mod.below(gen, len(best))
                tokens[s] = best[i]
            return attrs.evolve(state, tokens=tuple(tokens))

        return sample

    def points(self, state: GameState) -> Any:
        return _as_if_over(state)


class IsmctsBot(GameBot):
    """Boomerang (2010)'s search bot: ``core.ismcts.GameBot`` over this module's ``Search`` (its signature,
    budget and refusals are every game's)."""

    search_of = Search
    ruleset = Ruleset
    rules_what = RULES_WHAT
    default_playouts = DEFAULT_PLAYOUTS
