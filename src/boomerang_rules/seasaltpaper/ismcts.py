"""``ismcts`` for Sea Salt & Paper: the game's part of the search (``core.ismcts``).

A playout draws a state from the seat's view (``determinize``) and plays to the end of the
round, the other seats (and the seat itself once out of the tree) by ``greedy``'s rules
computed on the state (``FastGreedy``: the bot this one is measured against is the best model
of it). The reward is the seat's points this round minus the mean of the others', so that
points denied to others count too.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ..core.ismcts import GameBot, RoundSearch, pick
from . import engine
from .determinize import Determinizer
from .hot_path import apply, is_over, legal_actions, to_act  # compiled where it serves: the same states, twice as fast
from .rules import Ruleset
from .scoring import RULES_WHAT
from .state import GameState
from .tables import Tables, packed_expansion_points, tables_for
from .view import SeatView

DEFAULT_PLAYOUTS = 100
"""Playouts per decision by default (within 0.1 s a decision on the project's machine)."""

PLAIN_SIMULATED_PER_PLAYOUT = 55
"""The search's work budget where its playouts run on the plain engine (``engine_of``: the rulesets the
compiled path hands on, ``engine.plain_reasons``: Extra Salt's rules, the two online variants
``boat-from-discards`` and ``mermaids-without-white``, a deck past 64 cards), in simulated decisions
a playout (``core.ismcts.SearchGame.simulated_per_playout``): 5,500 a search at the default 100
playouts. A simulated decision there takes about 15 µs, twice the compiled engine's, and a round's
first draws and keeps play 50–70 of them a playout, up to about 6,800 a search in Extra Salt at 4
players: over 0.1 s. Capped, the longest searches keep about nine playouts in ten, and a search
later in a round (about a thousand simulated decisions) is never capped. The base game's rules, on
the compiled engine, are not capped (their slowest search takes about 0.06 s). Which rulesets are
capped is the ruleset's (``Tables.compiled``), not the build's: without the compiled path they play
the same."""

REWARD_SCALE = 10.0
"""Points that make a reward of 1 (a good round beats the table's mean by about this much)."""


MEMO_SIZE = 1 << 17
"""The most card points a rollout policy keeps (``PackedPoints``; emptied when full: about 13 MB)."""


def counted_points(t: Tables, hand: list[int], front: list[int], colours: list[int]) -> int:
    """What ``points_of(...).card_points`` gives, by the base game's rules, for cards counted by kind
    in hand (``hand``) and in front (``front``), and by the colour a mermaid counts (``colours``,
    hand and front)."""
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
            total += sum(sorted(colours, reverse=True)[:m])
    return total


class PackedPoints:
    """A seat's card points from its cards' packed counts, remembered.

    The counts are packed as the tables pack them (``Tables.kind_bit``, ``Tables.colour_bit``: a
    field of bits a kind, or a colour, in one integer), so that a hand's counts are a sum, and one
    more card is one addition. A rollout asks for the worth of a hand and of each card it may take,
    tens of thousands of times a decision, and the same counts come again and again (three times
    in four in a round's first searches): each is counted once (``counted_points``, from the
    unpacked counts) and then read back. The colours are in the key only while a mermaid is held
    (nothing else reads them). Extra Salt's rules are counted and remembered by the tables'
    ``packed_expansion_points``, with the engine's own.
    """

    __slots__ = ("_colour_shifts", "_kind_shifts", "_kinds", "_mask", "_memo", "_mermaid_shift", "_t")

    def __init__(self, t: Tables) -> None:
        self._t = t
        self._mask = t.count_mask
        self._mermaid_shift = t.mermaid_shift
        self._kind_shifts = tuple(t.count_mask.bit_length() * k for k in range(len(t.kinds)))  # as kind_bit's
        self._colour_shifts = t.colour_fields
        self._kinds = t.count_mask.bit_length() * len(t.kinds)  # the bits of a packed count of kinds
        self._memo: dict[int, int] = {}  # by the three counts in one integer (the garbage collector walks no key)

    def of(self, hand: int, front: int, colours: int) -> int:
        """The card points of packed kind counts in hand and in front and packed colour counts."""
        if self._t.expansion:  # remembered with the engine's (the hand a rollout weighs, the engine scores next)
            return packed_expansion_points(self._t, hand, front, colours)
        shift = self._mermaid_shift
        if shift < 0 or not (hand + front) >> shift & self._mask:
            colours = 0
        key = (colours << self._kinds | front) << self._kinds | hand
        points = self._memo.get(key)
        if points is None:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            mask, kinds = self._mask, self._kind_shifts
            points = self._memo[key] = counted_points(
                self._t, [hand >> k & mask for k in kinds], [front >> k & mask for k in kinds],
                [colours >> c & mask for c in self._colour_shifts])
        return points

    def of_cards(self, hand: tuple[int, ...], played: tuple[int, ...]) -> tuple[int, int, int]:
        """The packed counts of a seat's cards: kinds in hand, kinds in front, colours."""
        kind, colour = self._t.kind_bit.__getitem__, self._t.colour_bit.__getitem__
        return (sum(map(kind, hand)), sum(map(kind, played)),
                sum(map(colour, hand)) + sum(map(colour, played)))


def engine_of(rules: Ruleset) -> tuple[Callable[[GameState, int, str], GameState],
                                        Callable[[GameState, int], tuple[str, ...]]]:
    """The ``apply`` and ``legal_actions`` a search plays ``rules`` on: the package's (the compiled
    hot path where it serves), or the plain engine's where the compiled path takes none of the
    ruleset's decisions (Extra Salt's rules: it would hand each one on, through ``actions.apply``)."""
    if tables_for(rules).compiled is None:
        return engine.apply, engine.legal_actions
    return apply, legal_actions


class FastGreedy:
    """``GreedyBot``'s choice for any seat of a full state, without building a view (ties by the caller's generator)."""

    def __init__(self, rules: Ruleset) -> None:
        self._t = tables_for(rules)
        self._points = PackedPoints(self._t)
        self._worth: Callable[[int, int, int], int] = (  # PackedPoints.of's, Extra Salt's called directly
            partial(packed_expansion_points, self._t) if self._t.expansion else self._points.of)
        self.apply, self.legal_actions = engine_of(rules)

    def choose(self, state: GameState, seat: int, gen: int) -> tuple[int, str]:
        """The generator after use and ``seat``'s action in ``state``."""
        return pick(gen, self.best(state, seat))

    def best(self, state: GameState, seat: int) -> list[str]:
        """The actions greedy rates best for ``seat`` (it picks one of them at random)."""
        actions = self.legal_actions(state, seat)
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
                held = self._worth(*self._points.of_cards(state.hands[seat], state.played[seat]))
                shown = max((len(p) for s, p in enumerate(state.played) if s != seat), default=0)
                return ["last_chance" if held >= 12 + shown else "stop"]
            return ["end"]
        if phase == "crab_pile" or phase == "steal":
            sizes = [len(state.piles[0 if a == "pile:left" else 1]) if phase == "crab_pile"
                     else len(state.hands[int(a[6:])]) for a in actions]
            top = max(sizes)
            return [a for a, size in zip(actions, sizes) if size == top]
        options: dict[str, int]
        if phase == "draw" or phase == "keep":  # take:ID and keep:ID:PILE (not draw), by the tables
            cards = t.action_cards
            options = {a: cards[a][0] for a in actions if a in cards}
        elif phase == "lobster":  # Extra Salt: the card kept of the deck's top five
            options = {a: t.index[a[8:]] for a in actions}
        else:  # crab_card
            options = {a: t.index[a[5:]] for a in actions}
        if not options:
            return ["draw" if "draw" in actions else actions[0]]
        worth = self._worth
        hand, front, colours = self._points.of_cards(state.hands[seat], state.played[seat])
        base = worth(hand, front, colours)
        kind, colour = t.kind_bit, t.colour_bit
        gains = {a: worth(hand + kind[c], front, colours + colour[c]) - base for a, c in options.items()}
        top = max(gains.values())
        if phase == "draw" and top < 2 and "draw" in actions:
            return ["draw"]
        return [a for a, gain in gains.items() if gain == top]  # in the legal actions' (sorted) order


class Search(RoundSearch):
    """Sea Salt & Paper for ``core.ismcts``: ``FastGreedy``'s rollouts to the round's end, the work
    capped where they run on the plain engine (``PLAIN_SIMULATED_PER_PLAYOUT``)."""

    reward_scale = REWARD_SCALE

    def __init__(self, rules: Ruleset, playouts: int = DEFAULT_PLAYOUTS) -> None:
        policy = FastGreedy(rules)
        cap = PLAIN_SIMULATED_PER_PLAYOUT if tables_for(rules).compiled is None else None
        super().__init__(policy, to_act, policy.legal_actions, policy.apply, is_over, playouts, cap)

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
