"""The compiled kernels of the batched Sea Salt & Paper engine (numba). Read ``batch.seasaltpaper`` first.

A game's state is a few arrays indexed by game ``g``: its scalars ``gi[g, G_*]`` (phase, turn,
round, the LAST CHANCE caller, ...), its dealer ``rng[g]`` (the pure engine's SplitMix64 state,
bit for bit: the same shuffles, first player and steals), the round's deck order ``deck[g]``
(top first, ``gi[g, G_DECK]`` cards already gone), the discard piles ``piles[g, pile]`` (bottom
first), and every seat's hand and played cards as 64-bit masks of card indices. Nothing of a
ruleset is written here: every number comes from ``ti`` (``T_*`` rows) and the tables ``sc``
built by ``batch.seasaltpaper`` from ``seasaltpaper.tables``, action ids included.

``sc = (kind_masks, colour_masks, mermaid_mask, duos, duo_effect, card_duo, collectors,
collector_tables, multipliers, duo_ids, duo_cards)``: the mask of each kind's cards; of each
colour's cards that count for it (mermaids only when they count their own colour); the
mermaids'; each duo's (kind, kind, points) and effect (``E_*``); each card's duo (-1: none);
each collector's (kind, table length) and table; each multiplier's (kind, target, points); the
action id of every duo pair ``duo_ids[a, b]`` (-1: none); the two cards of every duo action.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._kernels import (
    _LOW32,
    _ONE,
    _ZERO,
    U64,
    W_DECK,
    W_SIZE,
    count,
    inline,
    jit,
    next_u64,
    nth_bit,
    popcount,
    shuffle,
    trailing_zeros,
)

G_PHASE, G_TURN, G_ROUND, G_FIRST, G_CALLER, G_FINAL, G_PROTECTED, G_CRAB, G_DECK, G_LEN0, G_LEN1, G_DRAWN0, \
    G_DRAWN1 = range(13)
G_SIZE = 13
"""Columns of ``gi``: ``G_FINAL`` counts the seats still owed a LAST CHANCE turn (the next is
the caller's ``players - G_FINAL``-th successor); ``G_LEN0``/``G_LEN1`` the piles' sizes."""

P_DRAW, P_KEEP, P_PLAY, P_CRAB_PILE, P_CRAB_CARD, P_STEAL, P_OVER = range(7)
"""Phases, in the order of ``rl.seasaltpaper.PHASES``."""

E_NONE, E_TAKE, E_EXTRA, E_DRAW, E_STEAL = range(5)
EFFECTS = ("none", "take_from_discard", "extra_turn", "draw", "steal")

END_STOP, END_LAST, END_EMPTY, END_MERMAIDS = range(4)

(T_N, T_MIN_POINTS, T_WIN_WITH, T_LC_ENDS, T_TARGET, T_A_DRAW, T_A_PASS, T_A_END, T_A_STOP, T_A_LAST,
 T_A_MERMAIDS, T_A_TAKE, T_A_KEEP, T_A_PILE, T_A_PICK, T_A_STEAL, T_ACTIONS) = range(17)
T_SIZE = 17
"""Rows of ``ti``: the deck size, the round-end and mermaid numbers, the game's target for the
batch's player count, then the action ids (``T_A_TAKE`` etc.: the id of the first card's)."""

_POLICY_SALT = U64(0x5851F42D4C957F2D)


@inline
def below(state: Any, n: Any) -> Any:
    """``core.rng.below``: a uniform integer below ``n`` by rejection of the top 2**64 mod n outputs."""
    nu = U64(n)
    r = (_ZERO - nu) % nu  # 2**64 mod n
    while True:
        state, x = next_u64(state)
        if r == _ZERO or x < _ZERO - r:
            return state, np.int64(x % nu)


@inline
def points(hand: Any, played: Any, sc: Any) -> Any:
    """``scoring.points_of``: the card points and the colour bonus of ``hand`` with ``played`` in front."""
    kind_masks, colour_masks, mermaid_mask, duos, _, _, collectors, tables, multipliers, _, _ = sc
    total = 0
    for d in range(duos.shape[0]):
        ma = kind_masks[duos[d, 0]]
        ha = count(hand & ma)
        fa = count(played & ma)
        if duos[d, 0] == duos[d, 1]:
            total += duos[d, 2] * (ha // 2 + fa // 2)
        else:
            mb = kind_masks[duos[d, 1]]
            total += duos[d, 2] * (min(ha, count(hand & mb)) + min(fa, count(played & mb)))
    both = hand | played
    for i in range(collectors.shape[0]):
        n = count(both & kind_masks[collectors[i, 0]])
        if n:
            total += tables[i, min(n, collectors[i, 1]) - 1]
    for i in range(multipliers.shape[0]):
        total += (count(both & kind_masks[multipliers[i, 0]]) * count(both & kind_masks[multipliers[i, 1]])
                  * multipliers[i, 2])
    mermaids = count(both & mermaid_mask[0])
    used = 0
    bonus = 0
    for r in range(max(mermaids, 1)):  # the colours' counts from the largest down, as far as needed
        best = -1
        at = -1
        for c in range(colour_masks.shape[0]):
            if (used >> c) & 1 == 0:
                x = count(both & colour_masks[c])
                if x > best:
                    best = x
                    at = c
        if at < 0:
            break
        used |= 1 << at
        if r == 0:
            bonus = best
        if r < mermaids:
            total += best
    return total, bonus


@inline
def victims(g: int, seat: int, players: int, gi: Any, hands: Any) -> Any:
    """The mask of the seats ``seat`` may steal from: others, holding cards, not protected."""
    out = 0
    for s in range(players):
        if s != seat and hands[g, s] != _ZERO and (gi[g, G_PROTECTED] >> s) & 1 == 0:
            out |= 1 << s
    return out


@inline
def legal(g: int, players: int, ti: Any, sc: Any, gi: Any, deck: Any, piles: Any, hands: Any, played: Any,
          out: Any) -> int:
    """Write the legal action ids of game ``g``'s seat to act into ``out``; return how many (0: over).

    As ``seasaltpaper.engine._legal``, phase by phase (ids in no particular order).
    """
    kind_masks, _, mermaid_mask, duos, _, _, _, _, _, duo_ids, _ = sc
    ph = gi[g, G_PHASE]
    seat = gi[g, G_TURN]
    k = 0
    if ph == P_DRAW:
        if gi[g, G_DECK] < ti[T_N]:
            out[k] = ti[T_A_DRAW]
            k += 1
        if gi[g, G_LEN0]:
            out[k] = ti[T_A_TAKE] + piles[g, 0, gi[g, G_LEN0] - 1]
            k += 1
        if gi[g, G_LEN1]:
            out[k] = ti[T_A_TAKE] + piles[g, 1, gi[g, G_LEN1] - 1]
            k += 1
        if k == 0:
            out[0] = ti[T_A_PASS]
            k = 1
    elif ph == P_KEEP:
        e0 = gi[g, G_LEN0] == 0
        e1 = gi[g, G_LEN1] == 0
        for c in (gi[g, G_DRAWN0], gi[g, G_DRAWN1]):
            for p in range(2):
                if e0 == e1 or (e0 if p == 0 else e1):  # one pile empty: the card goes there
                    out[k] = ti[T_A_KEEP] + 2 * c + p
                    k += 1
    elif ph == P_PLAY:
        h = hands[g, seat]
        for d in range(duos.shape[0]):
            ma = h & kind_masks[duos[d, 0]]
            if duos[d, 0] == duos[d, 1]:
                while ma:
                    a = trailing_zeros(ma)
                    ma &= ma - _ONE
                    rest = ma
                    while rest:
                        out[k] = duo_ids[a, trailing_zeros(rest)]
                        k += 1
                        rest &= rest - _ONE
            else:
                mb0 = h & kind_masks[duos[d, 1]]
                if mb0:
                    while ma:
                        a = trailing_zeros(ma)
                        ma &= ma - _ONE
                        mb = mb0
                        while mb:
                            out[k] = duo_ids[a, trailing_zeros(mb)]
                            k += 1
                            mb &= mb - _ONE
        if count(h & mermaid_mask[0]) >= ti[T_WIN_WITH]:
            out[k] = ti[T_A_MERMAIDS]
            k += 1
        if gi[g, G_CALLER] < 0:
            cp, _ = points(h, played[g, seat], sc)
            if cp >= ti[T_MIN_POINTS]:
                out[k] = ti[T_A_STOP]
                out[k + 1] = ti[T_A_LAST]
                k += 2
        out[k] = ti[T_A_END]
        k += 1
    elif ph == P_CRAB_PILE:
        for p in range(2):
            if gi[g, G_LEN0 + p]:
                out[k] = ti[T_A_PILE] + p
                k += 1
    elif ph == P_CRAB_CARD:
        pile = gi[g, G_CRAB]
        for i in range(gi[g, G_LEN0 + pile]):
            out[k] = ti[T_A_PICK] + piles[g, pile, i]
            k += 1
    elif ph == P_STEAL:
        v = victims(g, seat, players, gi, hands)
        for s in range(players):
            if (v >> s) & 1:
                out[k] = ti[T_A_STEAL] + s
                k += 1
    return k


@jit
def start_round(g: int, rnd: int, first: int, players: int, ti: Any, shuf: Any, work: Any, gi: Any, rng: Any,
                deck: Any, piles: Any, hands: Any, played: Any) -> None:
    """``engine._start_round`` from the generator: shuffle the whole deck, start both piles, the
    first seat's turn (drawn from the generator when ``first`` < 0)."""
    n = ti[T_N]
    for i in range(n):
        work[W_DECK + i] = U64(i)
    state = shuffle(rng[g], work, 0, n, shuf)
    for i in range(n):
        deck[g, i] = np.int64(work[W_DECK + i])
    if first < 0:
        state, first = below(state, players)
    rng[g] = state
    piles[g, 0, 0] = deck[g, 0]
    piles[g, 1, 0] = deck[g, 1]
    gi[g, G_LEN0] = 1
    gi[g, G_LEN1] = 1
    gi[g, G_DECK] = 2
    for s in range(players):
        hands[g, s] = _ZERO
        played[g, s] = _ZERO
    gi[g, G_ROUND] = rnd
    gi[g, G_FIRST] = first
    gi[g, G_TURN] = first
    gi[g, G_PHASE] = P_DRAW
    gi[g, G_CALLER] = -1
    gi[g, G_FINAL] = 0
    gi[g, G_PROTECTED] = 0
    gi[g, G_CRAB] = -1
    gi[g, G_DRAWN0] = -1
    gi[g, G_DRAWN1] = -1


@jit
def finish_round(g: int, end: int, ender: int, players: int, ti: Any, sc: Any, shuf: Any, work: Any, gi: Any,
                 rng: Any, deck: Any, piles: Any, hands: Any, played: Any, totals: Any, cps: Any, bonuses: Any
                 ) -> None:
    """``engine._finish_round``: score (STOP, LAST CHANCE; nothing on an empty deck or mermaids),
    then end the game (mermaids, or a total at the target) or start the next round."""
    if end in (END_STOP, END_LAST):
        for s in range(players):
            cps[s], bonuses[s] = points(hands[g, s], played[g, s], sc)
        if end == END_STOP:
            for s in range(players):
                totals[g, s] += cps[s]
        else:
            wins = True
            for s in range(players):
                if s != ender and cps[ender] < cps[s]:
                    wins = False
            for s in range(players):
                if s == ender:
                    totals[g, s] += cps[s] + bonuses[s] if wins else bonuses[s]
                else:
                    totals[g, s] += bonuses[s] if wins else cps[s]
    gi[g, G_TURN] = -1
    gi[g, G_DRAWN0] = -1
    gi[g, G_DRAWN1] = -1
    gi[g, G_CRAB] = -1
    top = totals[g, 0]
    for s in range(1, players):
        top = max(top, totals[g, s])
    if end == END_MERMAIDS or top >= ti[T_TARGET]:
        gi[g, G_PHASE] = P_OVER
        return
    start_round(g, gi[g, G_ROUND] + 1, (ender + 1) % players, players, ti, shuf, work, gi, rng, deck, piles,
                hands, played)


@inline
def end_turn(g: int, seat: int, extra: bool, players: int, ti: Any, gi: Any) -> Any:
    """``engine._end_turn``: LAST CHANCE's progress, the empty-deck check, the next turn. Returns
    how the round ends and who ended it (``END_*``, seat), or (-1, -1) when the next turn begins."""
    caller = gi[g, G_CALLER]
    left = gi[g, G_FINAL]
    if caller >= 0 and not extra and left > 0 and (caller + players - left) % players == seat:
        left -= 1
        gi[g, G_FINAL] = left
        gi[g, G_PROTECTED] |= 1 << seat
    if gi[g, G_DECK] >= ti[T_N] and (caller < 0 or ti[T_LC_ENDS]):
        return END_EMPTY, seat
    if caller >= 0 and left == 0:
        return END_LAST, caller
    if extra:
        nxt = seat
    elif caller >= 0:
        nxt = (caller + players - left) % players
    else:
        nxt = seat + 1 if seat + 1 < players else 0
    gi[g, G_TURN] = nxt
    gi[g, G_PHASE] = P_DRAW
    return -1, -1


@inline
def decide(g: int, a: int, players: int, ti: Any, sc: Any, gi: Any, rng: Any, deck: Any, piles: Any, hands: Any,
           played: Any) -> Any:
    """``engine.apply`` of the legal action id ``a`` by game ``g``'s seat to act, up to the end of a
    round: returns how the round ends and who ended it (``END_*``, seat), or (-1, -1) when it goes on
    (``apply`` then scores it). Inlined in every kernel: a call passing arrays costs reference counts."""
    _, _, mermaid_mask, _, duo_effect, card_duo, _, _, _, _, duo_cards = sc
    ph = gi[g, G_PHASE]
    seat = gi[g, G_TURN]
    turn_ends = False
    extra = False
    if ph == P_DRAW:
        if a == ti[T_A_DRAW]:
            pos = gi[g, G_DECK]
            if ti[T_N] - pos >= 2:
                gi[g, G_DRAWN0] = deck[g, pos]
                gi[g, G_DRAWN1] = deck[g, pos + 1]
                gi[g, G_DECK] = pos + 2
                gi[g, G_PHASE] = P_KEEP
                return -1, -1
            hands[g, seat] |= _ONE << U64(deck[g, pos])
            gi[g, G_DECK] = pos + 1
        elif a != ti[T_A_PASS]:
            card = a - ti[T_A_TAKE]
            p = 0 if gi[g, G_LEN0] and piles[g, 0, gi[g, G_LEN0] - 1] == card else 1
            gi[g, G_LEN0 + p] -= 1
            hands[g, seat] |= _ONE << U64(card)
        gi[g, G_PHASE] = P_PLAY
    elif ph == P_KEEP:
        x = a - ti[T_A_KEEP]
        kept = x >> 1
        p = x & 1
        other = gi[g, G_DRAWN1] if kept == gi[g, G_DRAWN0] else gi[g, G_DRAWN0]
        piles[g, p, gi[g, G_LEN0 + p]] = other
        gi[g, G_LEN0 + p] += 1
        hands[g, seat] |= _ONE << U64(kept)
        gi[g, G_DRAWN0] = -1
        gi[g, G_DRAWN1] = -1
        gi[g, G_PHASE] = P_PLAY
    elif ph == P_CRAB_PILE:
        gi[g, G_CRAB] = a - ti[T_A_PILE]
        gi[g, G_PHASE] = P_CRAB_CARD
    elif ph == P_CRAB_CARD:
        card = a - ti[T_A_PICK]
        pile = gi[g, G_CRAB]
        size = gi[g, G_LEN0 + pile]
        at = 0
        while piles[g, pile, at] != card:
            at += 1
        for i in range(at, size - 1):
            piles[g, pile, i] = piles[g, pile, i + 1]
        gi[g, G_LEN0 + pile] = size - 1
        hands[g, seat] |= _ONE << U64(card)
        gi[g, G_CRAB] = -1
        gi[g, G_PHASE] = P_PLAY
    elif ph == P_STEAL:
        victim = a - ti[T_A_STEAL]
        held = hands[g, victim]
        rng[g], k = below(rng[g], popcount(held))
        bit = _ONE << nth_bit(held, k)
        hands[g, victim] = held ^ bit
        hands[g, seat] |= bit
        gi[g, G_PHASE] = P_PLAY
    elif a == ti[T_A_END]:
        turn_ends = True
    elif a == ti[T_A_STOP]:
        return END_STOP, seat
    elif a == ti[T_A_LAST]:
        gi[g, G_CALLER] = seat
        gi[g, G_FINAL] = players - 1
        gi[g, G_PROTECTED] |= 1 << seat
        turn_ends = True
    elif a == ti[T_A_MERMAIDS]:
        m = hands[g, seat] & mermaid_mask[0]
        for _ in range(ti[T_WIN_WITH]):  # the lowest ones, as the sorted hand lists them
            bit = m & (_ZERO - m)
            m ^= bit
            hands[g, seat] ^= bit
            played[g, seat] |= bit
        return END_MERMAIDS, seat
    else:  # a duo
        c0 = duo_cards[a, 0]
        both = (_ONE << U64(c0)) | (_ONE << U64(duo_cards[a, 1]))
        hands[g, seat] ^= both
        played[g, seat] |= both
        effect = duo_effect[card_duo[c0]]
        if effect == E_TAKE and gi[g, G_LEN0] + gi[g, G_LEN1] > 0:
            gi[g, G_PHASE] = P_CRAB_PILE
        elif effect == E_DRAW and gi[g, G_DECK] < ti[T_N]:
            hands[g, seat] |= _ONE << U64(deck[g, gi[g, G_DECK]])
            gi[g, G_DECK] += 1
        elif effect == E_STEAL and victims(g, seat, players, gi, hands):
            gi[g, G_PHASE] = P_STEAL
        elif effect == E_EXTRA:
            turn_ends = True
            extra = True
    if turn_ends:
        return end_turn(g, seat, extra, players, ti, gi)
    return -1, -1


@inline
def apply(g: int, a: int, players: int, ti: Any, sc: Any, shuf: Any, work: Any, gi: Any, rng: Any, deck: Any,
          piles: Any, hands: Any, played: Any, totals: Any, cps: Any, bonuses: Any) -> None:
    """``engine.apply`` of the legal action id ``a`` by game ``g``'s seat to act: ``decide``, and
    when that ends the round, ``finish_round`` (a call: once a round)."""
    end, ender = decide(g, a, players, ti, sc, gi, rng, deck, piles, hands, played)
    if end >= 0:
        finish_round(g, end, ender, players, ti, sc, shuf, work, gi, rng, deck, piles, hands, played, totals, cps,
                     bonuses)


@jit
def init(players: int, seed: Any, ti: Any, shuf: Any, gi: Any, rng: Any, deck: Any, piles: Any, hands: Any,
         played: Any, totals: Any) -> None:
    """Start every game of a batch: game g as ``new_game(rules, players, seed + g)``."""
    work = np.empty(W_SIZE, np.uint64)
    for g in range(gi.shape[0]):
        rng[g] = seed + U64(g)
        for s in range(players):
            totals[g, s] = 0
        start_round(g, 0, -1, players, ti, shuf, work, gi, rng, deck, piles, hands, played)


@jit
def playouts(players: int, start: int, games: int, seed: Any, ti: Any, sc: Any, shuf: Any, totals: Any,
             record: bool, buf: Any, ends: Any) -> int:
    """Play games ``start`` to ``games - 1`` to their end with uniformly random legal actions; each
    seat's totals into ``totals[g]``.

    The policy draws from a second SplitMix64 stream per game, seeded apart from the dealer's
    (a choice among m actions is ``(u * m) >> 32`` for a 32-bit half u of an output). When
    ``record``, game g's action ids go to ``buf`` up to ``ends[g]`` (from ``ends[g - 1]``, or 0);
    returns the first game that did not fit in ``buf`` (``games`` when all did).
    """
    work = np.empty(W_SIZE, np.uint64)
    gi = np.zeros((1, G_SIZE), np.int64)
    rng = np.zeros(1, np.uint64)
    deck = np.zeros((1, 64), np.int64)
    piles = np.zeros((1, 2, 64), np.int64)
    hands = np.zeros((1, players), np.uint64)
    played = np.zeros((1, players), np.uint64)
    scores = np.zeros((1, players), np.int64)
    cps = np.zeros(players, np.int64)
    bonuses = np.zeros(players, np.int64)
    acts = np.empty(ti[T_ACTIONS], np.int64)
    pos = ends[start - 1] if start > 0 else 0
    room = buf.shape[0]
    for g in range(start, games):
        rng[0] = seed + U64(g)
        for s in range(players):
            scores[0, s] = 0
        start_round(0, 0, -1, players, ti, shuf, work, gi, rng, deck, piles, hands, played)
        _, pstate = next_u64((seed + U64(g)) ^ _POLICY_SALT)
        bits = _ZERO
        have = 0
        while gi[0, G_PHASE] != P_OVER:
            m = legal(0, players, ti, sc, gi, deck, piles, hands, played, acts)
            if m == 1:
                a = acts[0]
            else:
                if have == 0:
                    pstate, bits = next_u64(pstate)
                    have = 2
                a = acts[np.int64(((bits & _LOW32) * U64(m)) >> U64(32))]
                bits >>= U64(32)
                have -= 1
            if record:
                if pos >= room:
                    return g
                buf[pos] = a
                pos += 1
            apply(0, a, players, ti, sc, shuf, work, gi, rng, deck, piles, hands, played, scores, cps, bonuses)
        for s in range(players):
            totals[g, s] = scores[0, s]
        ends[g] = pos
    return games


@jit
def legal_masks(players: int, ti: Any, sc: Any, gi: Any, deck: Any, piles: Any, hands: Any, played: Any,
                out: Any) -> None:
    """``out[g, action]``: whether game g's seat to act may take the action (all False when over)."""
    acts = np.empty(ti[T_ACTIONS], np.int64)
    for g in range(out.shape[0]):
        out[g, :] = False
        if gi[g, G_PHASE] != P_OVER:
            for i in range(legal(g, players, ti, sc, gi, deck, piles, hands, played, acts)):
                out[g, acts[i]] = True


@jit
def check(players: int, ti: Any, sc: Any, gi: Any, deck: Any, piles: Any, hands: Any, played: Any,
          actions: Any) -> int:
    """-1 when every game still playing has a legal action in ``actions[g]``, else the first game that has not."""
    acts = np.empty(ti[T_ACTIONS], np.int64)
    for g in range(actions.shape[0]):
        if gi[g, G_PHASE] != P_OVER:
            ok = False
            for i in range(legal(g, players, ti, sc, gi, deck, piles, hands, played, acts)):
                if acts[i] == actions[g]:
                    ok = True
                    break
            if not ok:
                return g
    return -1


@jit
def step(players: int, ti: Any, sc: Any, shuf: Any, actions: Any, gi: Any, rng: Any, deck: Any, piles: Any,
         hands: Any, played: Any, totals: Any, rewards: Any) -> None:
    """Apply the (checked) ``actions[g]`` of every game still playing; the points each seat gained into ``rewards``."""
    work = np.empty(W_SIZE, np.uint64)
    cps = np.zeros(players, np.int64)
    bonuses = np.zeros(players, np.int64)
    for g in range(actions.shape[0]):
        for s in range(players):
            rewards[g, s] = totals[g, s]
        if gi[g, G_PHASE] != P_OVER:
            apply(g, actions[g], players, ti, sc, shuf, work, gi, rng, deck, piles, hands, played, totals, cps,
                  bonuses)
        for s in range(players):
            rewards[g, s] = totals[g, s] - rewards[g, s]


@jit
def sample(players: int, ti: Any, sc: Any, gi: Any, deck: Any, piles: Any, hands: Any, played: Any, states: Any,
           out: Any) -> None:
    """A uniformly random legal action id of every game still playing into ``out[g]`` (-1 when over)."""
    acts = np.empty(ti[T_ACTIONS], np.int64)
    for g in range(out.shape[0]):
        if gi[g, G_PHASE] == P_OVER:
            out[g] = -1
            continue
        m = legal(g, players, ti, sc, gi, deck, piles, hands, played, acts)
        states[g], x = next_u64(states[g])
        out[g] = acts[np.int64(((x & _LOW32) * U64(m)) >> U64(32))]


# Rows of ``oi``: each observation slice's start (``rl.seasaltpaper.observation_spec``).
(O_HAND, O_DRAWN, O_PILE_TOPS, O_CHOSEN, O_PLAYED, O_REVEALED, O_PILE_SIZES, O_DECK, O_HAND_SIZES, O_TURN,
 O_CALLER, O_PROTECTED, O_PHASE, O_ROUND, O_SCORES) = range(15)
O_NAMES = ("hand", "drawn", "pile_tops", "chosen_pile", "played", "revealed", "pile_sizes", "deck", "hand_sizes",
           "turn", "caller", "protected", "phase", "round", "scores")


@inline
def _cards(obs: Any, g: int, p: int, at: Any, mask: Any) -> None:
    while mask:
        obs[g, p, at + np.int64(trailing_zeros(mask))] = 1.0
        mask &= mask - _ONE


@jit
def observe(players: int, ti: Any, oi: Any, gi: Any, deck: Any, piles: Any, hands: Any, played: Any, totals: Any,
            obs: Any) -> None:
    """Every seat's observation of every game into ``obs[g, seat]`` as ``rl.seasaltpaper.observe``
    writes it (from the seat's ``view``: its own hand, the cards it drew or the pile it picks
    from on its own turn, the revealed hands, sizes, one-hot seats relative to it)."""
    n = ti[T_N]
    for g in range(obs.shape[0]):
        ph = gi[g, G_PHASE]
        turn = gi[g, G_TURN]
        caller = gi[g, G_CALLER]
        protected = gi[g, G_PROTECTED]
        for p in range(players):
            obs[g, p, :] = 0.0
            _cards(obs, g, p, oi[O_HAND], hands[g, p])
            if p == turn and ph == P_KEEP:
                obs[g, p, oi[O_DRAWN] + gi[g, G_DRAWN0]] = 1.0
                obs[g, p, oi[O_DRAWN] + gi[g, G_DRAWN1]] = 1.0
            for q in range(2):
                size = gi[g, G_LEN0 + q]
                if size:
                    obs[g, p, oi[O_PILE_TOPS] + q * n + piles[g, q, size - 1]] = 1.0
                obs[g, p, oi[O_PILE_SIZES] + q] = size
            if p == turn and ph == P_CRAB_CARD:
                pile = gi[g, G_CRAB]
                for i in range(gi[g, G_LEN0 + pile]):
                    obs[g, p, oi[O_CHOSEN] + piles[g, pile, i]] = 1.0
            obs[g, p, oi[O_DECK]] = n - gi[g, G_DECK]
            for j in range(players):
                s = p + j if p + j < players else p + j - players
                _cards(obs, g, p, oi[O_PLAYED] + j * n, played[g, s])
                if (protected >> s) & 1:
                    obs[g, p, oi[O_PROTECTED] + j] = 1.0
                    if ph != P_OVER:
                        _cards(obs, g, p, oi[O_REVEALED] + j * n, hands[g, s])
                obs[g, p, oi[O_HAND_SIZES] + j] = count(hands[g, s])
                if s == turn:
                    obs[g, p, oi[O_TURN] + j] = 1.0
                if s == caller:
                    obs[g, p, oi[O_CALLER] + j] = 1.0
                obs[g, p, oi[O_SCORES] + j] = totals[g, s]
            obs[g, p, oi[O_PHASE] + ph] = 1.0
            obs[g, p, oi[O_ROUND]] = gi[g, G_ROUND]
