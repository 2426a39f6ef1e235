"""Dealing: shuffling the deck and dealing the hands, or taking the hands a record gives.

With fewer players than the deck serves, the cards set aside in a round are dealt first in the
next (``leftover_cards: deal-first``): the cards used last round are shuffled and go below them.
The deck is thus a queue: when more cards are set aside than the next deal takes, those left
over stay on top, in their order, for the round after. A card is never dealt while a card that
has waited longer (set aside since an earlier round) stays in the deck.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import rng as rng_mod
from ..core.arguments import brief
from ..core.errors import InvalidInput, Problem
from ..core.pointer import pointer
from .tables import Tables, bits


def deal_masks(t: Tables, players: int, deals: Sequence[Sequence[Sequence[str]]]) -> tuple[tuple[int, ...], ...]:
    """Given deals as bit masks; ``InvalidInput`` pointing at anything that is not a deal."""
    out = []
    problems: list[Problem] = []
    for r, hands in enumerate(deals):
        masks, found = deal_problems(t, players, hands)
        problems += [Problem(pointer(r) + p.pointer, p.message, p.rule) for p in found]
        out.append(masks)
    if problems:
        raise InvalidInput(problems)
    return tuple(out)


def deal_problems(t: Tables, players: int, hands: Sequence[Sequence[object]]) -> tuple[tuple[int, ...], list[Problem]]:
    """One round's deal as bit masks, and a problem (pointer ``/seat/i``) for each flaw.

    A deal is one hand per seat of ``hand_size`` known cards, no card dealt twice.
    """
    problems: list[Problem] = []
    if len(hands) != players:
        problems.append(Problem("", f"{len(hands)} hands dealt for {players} players", "deal-hands"))
    owner: dict[object, int] = {}
    masks = []
    for seat, hand in enumerate(hands):
        mask = 0
        for i, card in enumerate(hand):  # a place is written for a problem only: a search reads deals at every playout
            if not isinstance(card, str) or card not in t.index:
                problems.append(Problem(pointer(seat, i), f"unknown card {brief(card)}", "card-known"))
            elif card in owner:
                also = "seat " + str(owner[card]) if owner[card] != seat else "the same hand"
                problems.append(Problem(pointer(seat, i), f'card "{card}" dealt twice in one round (also to {also})',
                                        "card-unique"))
            else:
                owner[card] = seat
                mask |= 1 << t.index[card]
        if len(hand) != t.hand_size:
            problems.append(Problem(pointer(seat), f"{len(hand)} cards dealt to seat {seat}, the hand size is "
                                    f"{t.hand_size}", "hand-size"))
        masks.append(mask)
    return tuple(masks), problems


def queue_after(queue: tuple[int, ...], dealt: int) -> tuple[int, ...]:
    """The deck after a deal, as groups of cards top first: each group waits since the same round.

    ``queue`` is the deck before the deal (``(full,)`` before the first). The dealt cards, once
    used, go below everything, as the newest group.
    """
    rest = tuple(group & ~dealt for group in queue if group & ~dealt)
    return (*rest, dealt) if dealt else rest


def skipped(queue: tuple[int, ...], dealt: int) -> int:
    """Cards a deal of ``dealt`` passed over: they waited longer than a card it dealt.

    A deal from the top of the deck takes whole groups, top first, and then part of one.
    """
    last = max((i for i, group in enumerate(queue) if group & dealt), default=0)
    missing = 0
    for group in queue[:last]:
        missing |= group & ~dealt
    return missing


UNROLLED = True
"""Whether a 4-player deal of the whole deck takes the unrolled code (tests switch it off)."""


def deal(t: Tables, players: int, round_no: int, rng: int | None, leftover: tuple[int, ...],
          deals: tuple[tuple[int, ...], ...], last_dealt: tuple[int, ...]
          ) -> tuple[tuple[int, ...] | None, int | None, tuple[int, ...]]:
    """The hands of round ``round_no``, and the dealer's generator and set-aside cards after it.

    None for the hands when the deal is neither given nor can be shuffled (no generator).
    """
    if round_no < len(deals):
        return deals[round_no], rng, leftover
    if rng is None:
        return None, rng, leftover
    take = players * t.hand_size
    if round_no == 0 or t.reshuffle or take == t.deck_size:
        # The whole deck: shuffle the cards' bits (the same permutation as of their indices),
        # so that each hand is a plain sum of its slice.
        deck_bits = list(t.bit[:t.deck_size])
        rng = rng_mod.shuffler(t.deck_size)(rng, deck_bits)
        if take == t.deck_size and players == 4 and UNROLLED:  # unrolled: the same as below (tests compare)
            return (sum(deck_bits[0:take:4]), sum(deck_bits[1:take:4]), sum(deck_bits[2:take:4]),
                    sum(deck_bits[3:take:4])), rng, ()
        return tuple([sum(deck_bits[seat:take:players]) for seat in range(players)]), rng, \
            tuple([b.bit_length() - 1 for b in deck_bits[take:]])
    # Cards used last round are shuffled and go below those set aside, so the set-aside
    # cards are dealt first.
    used = 0
    for mask in last_dealt:
        used |= mask
    if round_no - 1 < len(deals):
        # Given deals leave the set-aside cards in no order: the cards that waited since the
        # same round are shuffled among themselves, the longest waiting on top.
        queue: tuple[int, ...] = ((1 << t.deck_size) - 1,)
        for hands in deals[:round_no]:
            dealt = 0
            for mask in hands:
                dealt |= mask
            queue = queue_after(queue, dealt)
        leftover = ()
        for group in queue[:-1]:
            rng, cards = rng_mod.shuffled(rng, bits(group))
            leftover += cards
    rng, below = rng_mod.shuffled(rng, bits(used))
    deck = leftover + below
    bit = t.bit
    card_bit = bit.__getitem__
    return tuple([sum(map(card_bit, deck[seat:take:players])) for seat in range(players)]), rng, deck[take:]
