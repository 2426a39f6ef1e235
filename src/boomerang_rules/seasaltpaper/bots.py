"""Bots for Sea Salt & Paper: players that see only their seat's view and the legal actions.

``play_game`` hands each bot ``view(state, seat)``, never the state, so a bot cannot peek at
another hand or the deck. Bots are deterministic for a given seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeAlias

from ..core import bots as core_bots
from ..core import rng as rng_mod
from ..core.arguments import require
from ..core.ismcts import budgeted_bots
from .engine import hand_points
from .rules import Ruleset
from .scoring import RULES_WHAT
from .state import GameState
from .tables import tables_for
from .view import VIEW_WHAT, SeatView, lazy_view

Bot: TypeAlias = core_bots.Bot[SeatView]
"""A player: given what its seat may know and the legal actions, it returns one of them (``core.bots.Bot``)."""

RandomBot = core_bots.RandomBot


class GreedyBot:
    """Takes the card worth most to its hand, plays every duo (a trio while it holds a starfish),
    places the mermaids, and ends the round with STOP as soon as it may (LAST CHANCE when it
    leads every visible score by far).

    It reads only its view: its hand, the pile tops (a whole pile when a crab lets it choose),
    played cards and hand sizes. Ties go to a seeded coin.
    """

    name = "greedy"

    def __init__(self, rules: Ruleset, seed: int) -> None:
        self._rules = require(rules, Ruleset, "rules", RULES_WHAT)
        self._t = tables_for(rules)
        self._state = rng_mod.seed_state(seed)

    def _pick(self, best: list[str]) -> str:
        self._state, k = rng_mod.below(self._state, len(best))
        return best[k]

    def _best(self, seen: SeatView, options: dict[str, str]) -> tuple[str, int]:
        """Of ``options`` (action -> card it brings), the action whose card adds most; and that gain.

        Worth is card points, by ``engine.hand_points`` (``scoring.points_of``'s, from packed
        counts and compiled where that serves: the engine's twins of the scorer, tested against it
        on every shipped ruleset)."""
        t = self._t
        index = t.index
        hand = sorted(index[c] for c in seen.hand)
        played = tuple(index[c] for c in seen.played[seen.seat])
        base = hand_points(t, tuple(hand), played)
        gains = {a: hand_points(t, tuple(sorted((*hand, index[card]))), played) - base for a, card in options.items()}
        top = max(gains.values())
        return self._pick(sorted(a for a, g in gains.items() if g == top)), top

    def choose(self, seen: SeatView, actions: tuple[str, ...]) -> str:
        core_bots.check_seen(seen, actions, SeatView, VIEW_WHAT, self._rules)
        if "end" in actions:  # only the play phase has "end" (not when four mermaids leave it placing them alone,
            return self._play(seen, actions)  # read below): no view to read unless a round end is open (issue 27)
        phase = seen.phase
        if phase == "draw":
            takes = {a: a[5:] for a in actions if a.startswith("take:")}
            if takes:
                action, gain = self._best(seen, takes)
                if gain >= 2 or "draw" not in actions:
                    return action
            return "draw" if "draw" in actions else actions[0]
        if phase == "keep":
            keeps = {a: a.split(":")[1] for a in actions}
            return self._best(seen, keeps)[0]
        if phase == "crab_pile":
            sizes = {a: seen.pile_sizes[0 if a == "pile:left" else 1] for a in actions}
            top = max(sizes.values())
            return self._pick([a for a in actions if sizes[a] == top])
        if phase == "crab_card":
            return self._best(seen, {a: a[5:] for a in actions})[0]
        if phase == "lobster":  # Extra Salt: the card of the deck's top five worth most
            return self._best(seen, {a: a[8:] for a in actions})[0]
        if phase == "steal":
            sizes = {a: seen.hand_sizes[int(a[6:])] for a in actions}
            top = max(sizes.values())
            return self._pick([a for a in actions if sizes[a] == top])
        return self._play(seen, actions)

    def _play(self, seen: SeatView, actions: tuple[str, ...]) -> str:
        """The play phase: the view is read only when the round may be ended."""
        if "mermaids" in actions:
            return "mermaids"
        trios = [a for a in actions if a.startswith("trio:")]  # Extra Salt: a starfish scores only
        if trios:  # with a pair (in hand or as a trio), and every pair is played: play it as a trio
            return self._pick(trios)
        duos = [a for a in actions if a.startswith("duo:")]
        if duos:
            return self._pick(duos)
        if "stop" in actions:
            mine = seen.points.card_points
            shown = max((len(p) for s, p in enumerate(seen.played) if s != seen.seat), default=0)
            if mine >= 12 + shown:
                return "last_chance"
            return "stop"
        return "end"


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
