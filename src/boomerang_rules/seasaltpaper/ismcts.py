"""``ismcts`` for Sea Salt & Paper: the game's part of the search (``core.ismcts``).

A playout draws a state from the seat's view (``determinize``) and plays to the end of the
round, the other seats (and the seat itself once out of the tree) by ``greedy``'s rules
computed on the state (``FastGreedy``: the bot this one is measured against is the best model
of it). The reward is the seat's points this round minus the mean of the others', so that
points denied to others count too.
"""

from __future__ import annotations

from typing import Any

from ..core.ismcts import GameBot, RoundSearch, pick
from . import extra_scoring
from .determinize import Determinizer
from .hot_path import apply, is_over, legal_actions, to_act  # compiled where it serves: the same states, twice as fast
from .rules import Ruleset
from .scoring import RULES_WHAT
from .state import GameState
from .tables import Tables, tables_for
from .view import SeatView

DEFAULT_PLAYOUTS = 100
"""Playouts per decision by default (within 0.1 s a decision on the project's machine)."""

REWARD_SCALE = 10.0
"""Points that make a reward of 1 (a good round beats the table's mean by about this much)."""


class Counts:
    """A seat's cards as counts (kinds in hand, kinds in front, colours), and its card points from them.

    ``points_of`` (the reference) counts the cards anew at each call; a rollout asks for the
    worth of one more card many times, so it keeps the counts and adds and removes one card.
    """

    __slots__ = ("colours", "front", "hand", "t")

    def __init__(self, t: Tables, hand: tuple[int, ...], played: tuple[int, ...]) -> None:
        self.t = t
        self.hand = [0] * len(t.kinds)
        self.front = [0] * len(t.kinds)
        self.colours = [0] * len(t.colours)
        for c in hand:
            self.add(c)
        for c in played:
            self.front[t.kind[c]] += 1
            if t.count_own_colour or t.kind[c] != t.mermaid:
                self.colours[t.colour[c]] += 1

    def add(self, c: int, step: int = 1) -> None:
        """Card ``c`` into the hand (``step`` -1: out of it)."""
        t = self.t
        self.hand[t.kind[c]] += step
        if t.count_own_colour or t.kind[c] != t.mermaid:
            self.colours[t.colour[c]] += step

    def card_points(self) -> int:
        """What ``points_of(...).card_points`` gives for these cards."""
        t = self.t
        hand, front = self.hand, self.front
        if t.expansion:  # Extra Salt's rules: the scorer's parts of the same counts (``expansion_points``)
            return sum(extra_scoring.parts(t, hand, front, self.colours))
        total = 0
        for a, b, points, _ in t.duos:
            if a == b:
                total += points * (hand[a] // 2 + front[a] // 2)
            else:
                total += points * (min(hand[a], hand[b]) + min(front[a], front[b]))
        for k, table in t.collectors:
            n = hand[k] + front[k]
            if n:
                total += table[min(n, len(table)) - 1]
        for k, target, points in t.multipliers:
            total += (hand[k] + front[k]) * (hand[target] + front[target]) * points
        if t.mermaid >= 0:
            m = hand[t.mermaid] + front[t.mermaid]
            if m:
                total += sum(sorted(self.colours, reverse=True)[:m])
        return total

    def gain(self, c: int, before: int) -> int:
        """What card ``c`` would add to the card points (``before``: the points without it)."""
        self.add(c)
        after = self.card_points()
        self.add(c, -1)
        return after - before


class FastGreedy:
    """``GreedyBot``'s choice for any seat of a full state, without building a view (ties by the caller's generator)."""

    def __init__(self, rules: Ruleset) -> None:
        self._t = tables_for(rules)

    def choose(self, state: GameState, seat: int, gen: int) -> tuple[int, str]:
        """The generator after use and ``seat``'s action in ``state``."""
        return pick(gen, self.best(state, seat))

    def best(self, state: GameState, seat: int) -> list[str]:
        """The actions greedy rates best for ``seat`` (it picks one of them at random)."""
        actions = legal_actions(state, seat)
        if len(actions) == 1:
            return [actions[0]]
        t = self._t
        phase = state.phase
        if phase == "play":
            if "mermaids" in actions:
                return ["mermaids"]
            trios = [a for a in actions if a.startswith("trio:")]  # as GreedyBot: a starfish held
            if trios:  # makes every duo a trio
                return trios
            duos = [a for a in actions if a.startswith("duo:")]
            if duos:
                return duos
            if "stop" in actions:
                counts = Counts(t, state.hands[seat], state.played[seat])
                shown = max((len(p) for s, p in enumerate(state.played) if s != seat), default=0)
                return ["last_chance" if counts.card_points() >= 12 + shown else "stop"]
            return ["end"]
        if phase == "crab_pile" or phase == "steal":
            sizes = [len(state.piles[0 if a == "pile:left" else 1]) if phase == "crab_pile"
                     else len(state.hands[int(a[6:])]) for a in actions]
            top = max(sizes)
            return [a for a, size in zip(actions, sizes) if size == top]
        options: dict[str, int]
        if phase == "draw":
            options = {a: t.index[a[5:]] for a in actions if a.startswith("take:")}
        elif phase == "keep":
            options = {a: t.index[a.split(":")[1]] for a in actions}
        elif phase == "lobster":  # Extra Salt: the card kept of the deck's top five
            options = {a: t.index[a[8:]] for a in actions}
        else:  # crab_card
            options = {a: t.index[a[5:]] for a in actions}
        if not options:
            return ["draw" if "draw" in actions else actions[0]]
        counts = Counts(t, state.hands[seat], state.played[seat])
        base = counts.card_points()
        gains = {a: counts.gain(c, base) for a, c in options.items()}
        top = max(gains.values())
        if phase == "draw" and top < 2 and "draw" in actions:
            return ["draw"]
        return [a for a in sorted(gains) if gains[a] == top]


class Search(RoundSearch):
    """Sea Salt & Paper for ``core.ismcts``: ``FastGreedy``'s rollouts to the round's end."""

    reward_scale = REWARD_SCALE

    def __init__(self, rules: Ruleset, playouts: int = DEFAULT_PLAYOUTS) -> None:
        super().__init__(FastGreedy(rules), to_act, legal_actions, apply, is_over, playouts)

    def sampler(self, seen: SeatView) -> Any:
        return Determinizer(seen).sample

    def points(self, state: GameState) -> tuple[int, ...]:
        return state.totals


class IsmctsBot(GameBot):
    """Sea Salt & Paper's search bot: ``core.ismcts.GameBot`` over this module's ``Search`` (its signature,
    budget and refusals are every game's)."""

    search_of = Search
    ruleset = Ruleset
    rules_what = RULES_WHAT
    default_playouts = DEFAULT_PLAYOUTS
