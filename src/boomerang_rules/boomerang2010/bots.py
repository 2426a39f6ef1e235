"""Bots for Boomerang (2010): players that see only their seat's view and the legal actions.

``play_game`` hands each bot ``view(state, seat)``, never the state, so a bot cannot peek at
the deck or at another seat's token even by mistake. Bots are deterministic for a given seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeAlias

from ..core import bots as core_bots
from ..core import rng as rng_mod
from ..core.arguments import require
from ..core.ismcts import budgeted_bots
from .actions import RULES_WHAT
from .rules import PASS, THROW, Ruleset
from .state import GameState
from .tables import tables_for
from .view import VIEW_WHAT, SeatView, lazy_view

Bot: TypeAlias = core_bots.Bot[SeatView]
"""A player: given what its seat may know and the legal actions, it returns one of them (``core.bots.Bot``)."""

RandomBot = core_bots.RandomBot


class GreedyBot:
    """Hunts the land whose river cards most improve its majorities, and bids for it while it pays.

    A card's worth is what it adds to the bot's animal points now (a lead gained or kept, a tie
    made), plus a little for any card, since majorities are settled at the end. In the hunt it
    throws while the pot is below half its land's worth and it keeps more than two boomerangs
    for later rounds (staying in puts its token higher on the stack, so it captures earlier);
    it passes at once when the land is worth less than 1.5.
    """

    name = "greedy"

    def __init__(self, rules: Ruleset, seed: int) -> None:
        self._rules = require(rules, Ruleset, "rules", RULES_WHAT)
        self._t = tables_for(rules)
        self._state = rng_mod.seed_state(seed)
        self._per_point = rules.boomerangs_per_point

    def _tie_break(self, best: list[str]) -> str:
        self._state, k = rng_mod.below(self._state, len(best))
        return best[k]

    def _standing(self, seen: SeatView) -> tuple[list[int], list[int], int]:
        """This seat's captured cards of each animal, the most any other seat holds of each, and the
        animal points those give it now (a lead or a tie): what every land's worth is measured from."""
        t = self._t
        counts = [[0] * len(t.animals) for _ in range(seen.players)]
        for seat, cards in enumerate(seen.captured):
            for cid in cards:
                counts[seat][t.animal[t.index[cid]]] += 1
        mine = counts[seen.seat]
        others = [max((c[a] for s, c in enumerate(counts) if s != seen.seat), default=0)
                  for a in range(len(t.animals))]
        return mine, others, sum(n for n, o in zip(mine, others) if n and n >= o)

    def _worth(self, seen: SeatView, land: str, standing: tuple[list[int], list[int], int] | None = None) -> float:
        """What the river cards showing ``land`` add to this seat's animal points, and a bit more
        (``standing``: ``_standing(seen)``, made once for every land of a decision)."""
        t = self._t
        bit = 1 << t.land_index[land]
        mine, others, before = self._standing(seen) if standing is None else standing
        after_counts = list(mine)
        taken = 0
        for cid in seen.river:
            c = t.index[cid]
            if t.card_lands[c] & bit:
                after_counts[t.animal[c]] += 1
                taken += 1
        after = sum(n for n, o in zip(after_counts, others) if n and n >= o)
        return after - before + 0.3 * taken

    def choose(self, seen: SeatView, actions: tuple[str, ...]) -> str:
        core_bots.check_seen(seen, actions, SeatView, VIEW_WHAT, self._rules)
        if seen.phase == "tokens":
            standing = self._standing(seen)
            worths = {land: self._worth(seen, land, standing) for land in actions}
            top = max(worths.values())
            return self._tie_break([land for land in actions if worths[land] == top])
        if THROW not in actions:
            return PASS
        worth = self._worth(seen, seen.token or actions[0])
        held = seen.boomerangs[seen.seat]
        # Passing now takes the pot; staying in keeps the land's cards safer from later tokens.
        if worth < 1.5 or seen.pot >= max(1.0, worth / 2) or held <= 2:
            return PASS
        return THROW


def _ismcts(rules: Ruleset, seed: int, playouts: int | None = None) -> Bot:
    from .ismcts import IsmctsBot

    return IsmctsBot(rules, seed, playouts)  # it checks the rules; None: the game's default


BOTS: dict[str, Callable[[Ruleset, int], Bot]] = budgeted_bots({"random": RandomBot, "greedy": GreedyBot}, _ismcts)
"""The bots by name: ``random``, ``greedy``, ``ismcts`` (search; ``ismcts:N`` for N playouts a decision)."""


def play_game(rules: Ruleset, bots: Sequence[Bot], seed: int,
              on_decision: Callable[[GameState, int, str], None] | None = None) -> GameState:
    """A whole game shuffled from ``seed``, each seat played by its bot, which sees only its view
    (made on first reading: a bot that reads none of it costs nothing to serve)."""
    require(rules, Ruleset, "rules", RULES_WHAT)
    state: GameState = core_bots.play_game(rules, bots, seed, on_decision, lazy_view)
    return state
