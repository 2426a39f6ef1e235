"""Boomerang: Australia's deals drawn from outside, one card at a time (OpenSpiel's explicit chance).

A game made here has no dealer: it waits at each round for its deal. The deal goes card by card
from the top of the deck, round-robin from seat 0, as the dealer deals; what the deck holds is
known from past deals alone (``deck_layers``), so the outcomes are each card it may be, uniform.
The other games' chance models are theirs alike (``seasaltpaper.chance``, ``boomerang2010.chance``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.arguments import in_range, integer, items_of
from .actions import action_of
from .engine import deal_round, is_over, new_game
from .rules import Ruleset
from .state import GameState, check_state
from .tables import tables_for


def new_undealt_game(rules: Ruleset, players: int) -> GameState:
    """A game with no dealer: it waits for each round's deal (``chance_outcomes``, ``deal``)."""
    return new_game(rules, players, undealt_ok=True)


def waiting_for_deal(state: GameState) -> bool:
    """Whether ``state`` waits for its next round to be dealt (nobody to act, not over)."""
    check_state(state)
    return not state.waiting and not state.step and not is_over(state)


def deck_layers(state: GameState) -> tuple[int, ...]:
    """The deck before this round's deal as layers (bit masks), top first; each layer's order is uniform.

    Round 1 (and every round under ``reshuffle``, or when the deal takes the whole deck): one
    layer, the whole deck. Later rounds (``deal-first``): the cards set aside last round stay on
    top, and the cards used last round, shuffled, go below them. Built from past deals alone,
    which every player knows once a round's cards are all revealed.
    """
    check_state(state)
    t = tables_for(state.rules)
    full = (1 << t.deck_size) - 1
    take = state.players * t.hand_size
    layers: list[int] = [full]
    for result in state.progress.rounds[:state.round]:
        if t.reshuffle or take == t.deck_size:
            layers = [full]
            continue
        used = 0
        for mask in result.dealt:
            used |= mask
        layers = [rest for rest in (layer & ~used for layer in layers) if rest]
        layers.append(used)
    return tuple(layers)


def chance_outcomes(state: GameState, dealt: Sequence[int] = ()) -> list[tuple[int, float]]:
    """The next card of this round's deal and its probability, for each card it may be.

    The deal goes card by card from the top of the deck, round-robin from seat 0 (card ``p``
    to seat ``p % players``), as the dealer deals; ``dealt`` lists the action ids of the cards
    dealt so far. Outcomes are card action ids (a card's id is its index in the engine's order).
    Empty when the deal is complete or ``state`` waits for no deal.
    """
    check_state(state)
    dealt = [in_range(c, 0, state.tables.deck_size - 1, f"dealt[{i}]", "a card's action id")
             for i, c in enumerate(items_of(dealt, "dealt", "card action ids (int)"))]
    if not waiting_for_deal(state):
        return []
    t = tables_for(state.rules)
    if len(dealt) >= state.players * t.hand_size:
        return []
    gone = 0
    for card in dealt:
        gone |= 1 << card
    for layer in deck_layers(state):
        left = layer & ~gone
        if left:
            cards = [i for i in range(t.deck_size) if left >> i & 1]
            p = 1.0 / len(cards)
            return [(c, p) for c in cards]
    return []


def deal(state: GameState, hands: Sequence[Sequence[str | int]]) -> GameState:
    """``state``, waiting for its deal, dealt ``hands`` (each seat's cards, as ids or action ids)."""
    check_state(state)
    for s, hand in enumerate(items_of(hands, "hands", "hands, one per seat, each a list of card ids or action ids")):
        items_of(hand, f"hands[{s}]", "card ids (str) or action ids (int)")
    named = [[c if isinstance(c, str) else action_of(state.rules, c) for c in hand] for hand in hands]
    return deal_round(state, named)


def deal_in_order(state: GameState, cards: Sequence[int]) -> GameState:
    """``deal`` from the cards in the order ``chance_outcomes`` drew them (card ``p`` to seat ``p % n``)."""
    check_state(state)
    given = items_of(cards, "cards", "card action ids (int)")
    cards = [integer(c, f"cards[{i}]", "a card's action id") for i, c in enumerate(given)]
    n = state.players
    return deal(state, [list(cards[s::n]) for s in range(n)])


class Chance:
    """Boomerang: Australia's deals, card by card, for ``rl.openspiel`` (its ``ChanceModel``)."""

    def start(self, rules: Ruleset, players: int) -> GameState:
        return new_undealt_game(rules, players)

    def waiting(self, state: GameState) -> bool:
        return bool(waiting_for_deal(state))

    def holds(self, state: GameState, seat: int, action: str) -> bool:
        return False

    def outcomes(self, rules: Ruleset, players: int, state: GameState, drawn: tuple[int, ...],
                 held: Any) -> list[tuple[int, float]]:
        return chance_outcomes(state, drawn)

    def resolve(self, rules: Ruleset, players: int, state: GameState, drawn: tuple[int, ...], held: Any) -> GameState:
        return deal_in_order(state, drawn)

    def outcome_name(self, rules: Ruleset, players: int, state: GameState, drawn: tuple[int, ...], held: Any,
                     outcome: int) -> str:
        return f"deal {action_of(rules, outcome)}"
