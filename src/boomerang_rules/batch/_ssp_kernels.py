"""The compiled kernels of the batched Sea Salt & Paper engine (numba). Read ``batch.seasaltpaper`` first.

A game's state is a few arrays indexed by game ``g``: its scalars ``gi[g, G_*]`` (phase, turn,
round, the LAST CHANCE caller, ...), its dealer ``rng[g]`` (the pure engine's SplitMix64 state,
bit for bit: the same shuffles, first player and steals), the round's deck order ``deck[g]``
(int8, top first, ``gi[g, G_DECK]`` cards already gone), the discard piles ``piles[g, pile]``
(int8, bottom first), and every seat's hand and played cards as 64-bit masks of card indices.
Nothing of a ruleset is written here: every number comes from two flat arrays built by
``batch.seasaltpaper`` from ``seasaltpaper.tables``, action ids included: ``ti`` (int64: the
``T_*`` scalars, then the integer tables at the offsets its ``T_AT_*`` rows hold) and ``tm``
(uint64: the card masks scoring and the legal duos read, at the offsets of ``T_AT_M_*``).

Why two flat arrays and no tuple: numba counts a reference for every array a compiled helper is
handed, and a tuple of eleven tables handed to the helpers at every decision cost more than the
game itself (atomic increments, three quarters of the time). The helpers here take a few arrays
each and are inlined; nothing passes a tuple of arrays inside a loop. Even so, each inlined
helper handed ``ti`` and ``tm`` counted a reference to each on entry and let it go on exit (8
atomic operations a card gained, numba's pruning gives up on a function as large as ``run``): a
third of a playout's time. So ``run`` (the step API's loop) and ``play_out`` (the playouts'),
the loops every decision goes through, are compiled without numba's runtime (``bare``): they
allocate nothing (their callers hand them every array, scratch included) and count no
references at all.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._kernels import (
    _GAMMA,
    _LOW32,
    _MIX1,
    _MIX2,
    _ONE,
    _ZERO,
    U64,
    W_DECK,
    W_SIZE,
    bare,
    inline,
    jit,
    nth_bit,
    popcount,
    scaled,
    shuffle,
    trailing_zeros,
    write_kept_bits,
)
from .common import MAX_DECK

G_PHASE, G_TURN, G_ROUND, G_FIRST, G_CALLER, G_FINAL, G_PROTECTED, G_CRAB, G_DECK, G_LEN0, G_LEN1, G_DRAWN0, \
    G_DRAWN1 = range(13)
G_SIZE = 16
"""Columns of ``gi``, the last three unused: a row of 128 bytes, two cache lines (``Batch`` aligns
``gi`` to them), its start a shift. ``G_FINAL`` counts the seats still owed a LAST CHANCE turn (the next is
the caller's ``players - G_FINAL``-th successor); ``G_LEN0``/``G_LEN1`` the piles' sizes."""

P_DRAW, P_KEEP, P_PLAY, P_CRAB_PILE, P_CRAB_CARD, P_STEAL, P_OVER = range(7)
"""Phases, in the order of ``rl.seasaltpaper.PHASES``."""

E_NONE, E_TAKE, E_EXTRA, E_DRAW, E_STEAL = range(5)
EFFECTS = ("none", "take_from_discard", "extra_turn", "draw", "steal")

END_STOP, END_LAST, END_EMPTY, END_MERMAIDS = range(4)

(T_N, T_MIN_POINTS, T_WIN_WITH, T_LC_ENDS, T_TARGET, T_A_DRAW, T_A_PASS, T_A_END, T_A_STOP, T_A_LAST,
 T_A_MERMAIDS, T_A_TAKE, T_A_KEEP, T_A_PILE, T_A_PICK, T_A_STEAL, T_ACTIONS, T_DUOS, T_COLLECTORS, T_WIDTH,
 T_MULTIPLIERS, T_COLOURS, T_AT_DUO, T_AT_CARD_DUO, T_AT_COLL, T_AT_MULT, T_AT_DUO_IDS, T_AT_DUO_CARDS,
 T_AT_M_DUO, T_AT_M_COLL, T_AT_M_MULT, T_AT_M_COLOUR, T_AT_M_MERMAID, T_RULE_WIDTH, T_AT_CARD_SLOTS, T_AT_GAINS,
 T_AT_M_CARD_SLOTS) = range(37)
T_SIZE = 37
"""Rows of ``ti``: the deck size, the round-end and mermaid numbers, the game's target for the
batch's player count, the action ids (``T_A_TAKE`` etc.: the id of the first card's), how many
duos, collectors (and their longest table), multipliers and colours, then where each table starts:
in ``ti`` each duo's (same kind, points, effect), each card's duo (-1: none), each collector's
(table length, table padded to ``T_WIDTH``), each multiplier's points, the duo action of every
card pair ``[a * n + b]`` (-1: none), the two cards of every action (duos'), each card's slots
(``T_RULE_WIDTH`` a card, four numbers each: ``q``, ``p``, ``sa``, ``sb``; see ``change``) and the
gain tables the slots point into; in ``tm`` each duo's two kinds' masks, each collector's, each
multiplier's (counted, counted by), each colour's cards that count for it (mermaids only when they
count their own colour), the mermaids', each card slot's three."""

_POLICY_SALT = U64(0x5851F42D4C957F2D)



@inline
def count(m: Any) -> Any:
    """``_kernels.count`` inlined: a compiled call per popcount (a call and its error check, and
    every array reloaded after it) cost more than the popcount itself, ~30 a play decision."""
    return np.int64(popcount(m))


@inline
def next_u64(state: Any) -> Any:
    """``_kernels.next_u64`` (SplitMix64) inlined, for the reason of ``count``."""
    state = state + _GAMMA
    z = state
    z = (z ^ (z >> U64(30))) * _MIX1
    z = (z ^ (z >> U64(27))) * _MIX2
    return state, z ^ (z >> U64(31))


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
def card_points(hand: Any, played: Any, ti: Any, tm: Any) -> Any:
    """``scoring.points_of``'s card points of ``hand`` with ``played`` in front (``points`` without
    the colour bonus, which a seat's legal STOP / LAST CHANCE does not read): the colours' counts
    only when mermaids are held, which is rare. The kernels keep it up a card at a time instead
    (``pv``, through ``change``) and read it with ``kept_points``; this is the formula they follow."""
    total = 0
    at, mt = ti[T_AT_DUO], ti[T_AT_M_DUO]
    for d in range(ti[T_DUOS]):
        ma = tm[mt + 2 * d]
        ha = count(hand & ma)
        fa = count(played & ma)
        if ti[at + 3 * d]:
            total += ti[at + 3 * d + 1] * ((ha >> 1) + (fa >> 1))
        else:
            mb = tm[mt + 2 * d + 1]
            total += ti[at + 3 * d + 1] * (min(ha, count(hand & mb)) + min(fa, count(played & mb)))
    both = hand | played
    at, mt, w = ti[T_AT_COLL], ti[T_AT_M_COLL], ti[T_WIDTH] + 1
    for i in range(ti[T_COLLECTORS]):
        n = count(both & tm[mt + i])
        if n:
            total += ti[at + w * i + min(n, ti[at + w * i])]
    at, mt = ti[T_AT_MULT], ti[T_AT_M_MULT]
    for i in range(ti[T_MULTIPLIERS]):
        total += count(both & tm[mt + 2 * i]) * count(both & tm[mt + 2 * i + 1]) * ti[at + i]
    return total + mermaid_points(both, ti, tm)


@inline
def mermaid_points(both: Any, ti: Any, tm: Any) -> Any:
    """``card_points``' mermaids' part for the cards ``both`` (hand and played): ``stop_colours``
    with the table offsets read from ``ti``; nothing (no loop) when no mermaid is held."""
    return stop_colours(both, count(both & tm[ti[T_AT_M_MERMAID]]), tm, ti[T_AT_M_COLOUR], ti[T_COLOURS])


@inline
def stop_colours(both: Any, mermaids: Any, tm: Any, mt_colour: Any, ncolours: Any) -> Any:
    """The points of ``mermaids`` mermaids among the cards ``both``: the colours' counts from the
    largest down, one a mermaid (``mermaid_points``, and the STOP check, which holds the table
    offsets in locals), the mask read unsigned. One mermaid (the common case when any) is the most
    cards of one colour, one pass with no colour to skip."""
    if mermaids == 1:
        most = 0
        for c in range(ncolours):
            most = max(most, count(both & tm[U64(mt_colour + c)]))
        return most
    total = 0
    used = 0
    for _ in range(mermaids):
        best = -1
        at = -1
        for c in range(ncolours):
            if (used >> c) & 1 == 0:
                k = count(both & tm[U64(mt_colour + c)])
                if k > best:
                    best = k
                    at = c
        if at < 0:
            break
        used |= 1 << at
        total += best
    return total


@inline
def colour_bonus(hand: Any, played: Any, ti: Any, tm: Any) -> Any:
    """``scoring.points_of``'s colour bonus: the most cards of one colour (the first mermaid's count)."""
    return stop_colours(hand | played, 1, tm, ti[T_AT_M_COLOUR], ti[T_COLOURS])


PV_POINTS, PV_PAIRS = 0, 1
"""What ``pv[x, seat]`` keeps of a seat's hand (see ``gain``)."""


@inline
def kept_points(pv: Any, g: Any, s: Any, hands: Any, played: Any, ti: Any, tm: Any) -> Any:
    """``card_points`` of seat ``s`` of game ``g`` from what ``pv`` keeps (its points without the
    mermaids', the same number the STOP check reads) and the mermaids' part: a round's scoring
    without the loops over every duo, collector and multiplier a seat (which LLVM turned into
    vector gathers), four to twelve of them a round."""
    return pv[g, s, PV_POINTS] + mermaid_points(hands[g, s] | played[g, s], ti, tm)

S_HAND, S_PAIR, S_BOTH = range(3)
"""The kinds of a card's slots as ``batch.seasaltpaper._card_slots`` builds them (a duo of one
kind, a duo of two kinds, a collector or a multiplier); ``change`` reads every slot alike."""


@inline
def change(c: Any, hand: Any, played: Any, ti: Any, tm: Any) -> Any:
    """What gaining card ``c`` changes (``hand`` and ``played`` without it): the card points
    without the mermaids' colours (``card_points``' duos, collectors and multipliers) and the
    duo pairs ``hand`` holds, so that a seat's points and pairs follow its hand a card at a time
    instead of being worked out afresh at each of its play decisions (losing it: the negation).

    Card c's rules are read from its own slots (``T_RULE_WIDTH`` a card, the same for every
    card: one or two used, the rest empty) rather than found by testing every rule of the
    ruleset (a tenth of a playout), and each slot's change was written out when the tables were
    built, so that every slot is read alike, without a branch: ``ka`` cards of its first mask
    held (in the hand, or played too by its second: a collector's or a multiplier's), ``kb`` of
    its third in the hand; it adds ``gains[q + ka]`` (a duo of one kind: a pair's points when
    ka is odd; a collector: its table at ka + 1 less at ka; a multiplier: its points times the
    other kind's count), ``p`` points when ka < kb (a duo of two kinds, ka the card's own), and
    ``ka * sa + kb * sb`` pairs. A branch a kind and a list's end (the card drawn is random, so
    they were mispredicted) cost more than the empty slots' popcounts; reading the rule's own
    tables (its mask, row, points, the collector's table at two clamped counts, the
    multiplier's two counts and which side c is on) cost more again. The pairs: a play decision
    lists them without a loop over every duo, which LLVM turned into slow vector gathers (a
    fifth of a playout). Its indices are unsigned (``U64``), as ``play_out``'s are."""
    total = 0
    pairs = 0
    w = ti[T_RULE_WIDTH]
    at = U64(ti[T_AT_CARD_SLOTS] + 4 * w * c)
    mt = U64(ti[T_AT_M_CARD_SLOTS] + 3 * w * c)
    for _ in range(w):
        ka = popcount((hand & tm[mt]) | (played & tm[mt + U64(1)]))
        kb = count(hand & tm[mt + U64(2)])
        total += ti[U64(ti[at]) + ka]
        total += ti[at + U64(1)] if np.int64(ka) < kb else 0
        pairs += np.int64(ka) * ti[at + U64(2)] + kb * ti[at + U64(3)]
        at += U64(4)
        mt += U64(3)
    return total, pairs


@inline
def gain(pf: Any, at: Any, c: Any, hand: Any, played: Any, sign: Any, ti: Any, tm: Any) -> None:
    """Keep a seat's ``pv`` entries up (``pf[at + PV_POINTS]``: ``card_points`` without the
    mermaids' colours; ``pf[at + PV_PAIRS]``: the duo pairs held; ``pf`` is ``pv`` flat, ``at`` the
    seat's first entry) as ``hand`` gains card ``c`` (``sign`` 1) or, when ``hand`` is what is left
    without it, loses it (``sign`` -1). A duo played leaves the points as they were (a pair leaves
    the hand for the table) but not the pairs held."""
    points, pairs = change(c, hand, played, ti, tm)
    pf[at + U64(PV_POINTS)] += sign * points
    pf[at + U64(PV_PAIRS)] += sign * pairs


@inline
def start_round(g: int, rnd: int, first: int, players: int, ti: Any, shuf: Any, work: Any, gi: Any, rng: Any,
                deck: Any, piles: Any, hands: Any, played: Any, pv: Any) -> None:
    """``engine._start_round`` from the generator: shuffle the whole deck, start both piles, the
    first seat's turn (drawn from the generator when ``first`` < 0)."""
    n = ti[T_N]
    for i in range(n):
        work[W_DECK + i] = U64(i)
    state = shuffle(rng[g], work, 0, n, shuf)
    for i in range(n):
        deck[g, i] = work[W_DECK + i]
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
        pv[g, s, PV_POINTS] = 0
        pv[g, s, PV_PAIRS] = 0
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


@inline
def finish_round(g: Any, end: int, ender: int, players: int, ti: Any, tm: Any, shuf: Any, work: Any, gi: Any,
                 rng: Any, deck: Any, piles: Any, hands: Any, played: Any, pv: Any, totals: Any) -> None:
    """``engine._finish_round``: score (STOP, LAST CHANCE; nothing on an empty deck or mermaids),
    then end the game (mermaids, or a total at the target) or start the next round."""
    if end == END_STOP:
        for s in range(players):
            totals[g, s] += kept_points(pv, g, s, hands, played, ti, tm)
    elif end == END_LAST:
        mine = kept_points(pv, g, ender, hands, played, ti, tm)
        wins = True
        for s in range(players):
            if s != ender and mine < kept_points(pv, g, s, hands, played, ti, tm):
                wins = False
        for s in range(players):
            bonus = colour_bonus(hands[g, s], played[g, s], ti, tm)
            if (s == ender) == wins:
                totals[g, s] += kept_points(pv, g, s, hands, played, ti, tm) + (bonus if wins else 0)
            else:
                totals[g, s] += bonus
    gi[g, G_TURN] = -1
    gi[g, G_DRAWN0] = -1
    gi[g, G_DRAWN1] = -1
    gi[g, G_CRAB] = -1
    top = totals[g, 0]
    for s in range(1, players):
        top = max(top, totals[g, s])
    if end == END_MERMAIDS or top >= ti[T_TARGET]:
        gi[g, G_PHASE] = P_OVER
        gi[g, G_ROUND] += 1  # once over, the rounds played (the engine's state.round, rl.observe's "round")
        return
    start_round(g, gi[g, G_ROUND] + 1, (ender + 1) % players, players, ti, shuf, work, gi, rng, deck, piles,
                hands, played, pv)


SHORT = 4
"""The list length ``clear_mask`` writes without a loop (99.8% of lists, random play, 4 players)."""


@inline
def clear_mask(mf: Any, lf: Any, lx: Any, m: Any) -> None:
    """``masks[x, a] = False`` for the ``m`` actions ``a`` of ``lst[x, :m]`` (the list a step's
    action replaces; ``mf`` and ``lf`` flat, row ``x`` from ``lx``), the only True entries of
    ``masks[x]``. The first ``SHORT`` entries of ``lst[x]`` are cleared whatever ``m`` is (past
    ``m`` they hold older lists' ids, or the 0 ``lst`` was made with: False already, or in this
    list), then the rest: no branch on the list's length (a loop of its length ended in a
    mispredicted exit) and no clamp of the index. (The new list's entries are set as it is
    written: ``put_legal``.)"""
    for i in range(SHORT):
        mf[lx + U64(lf[lx + U64(i)])] = False
    for i in range(SHORT, m):
        mf[lx + U64(lf[lx + U64(i)])] = False


@inline
def put_legal(lf: Any, mf: Any, lx: Any, m: Any, a: Any) -> Any:
    """``a`` as action ``m`` of ``lst[x]``, its entry of the kept mask set with it (rather than a pass
    over the list once written; both flat, the row from ``lx``); returns ``m + 1``."""
    lf[lx + U64(m)] = a
    mf[lx + U64(a)] = True
    return m + 1


@inline
def list_draw(lf: Any, mf: Any, lx: Any, gf: Any, gx: Any, qf: Any, qx: Any, n: Any, a_draw: Any, a_take: Any,
              a_pass: Any) -> Any:
    """The draw phase's legal actions into ``lst[x]`` (``put_legal``; ``run``'s flat arrays and row
    starts); returns how many."""
    m = 0
    if gf[gx + U64(G_DECK)] < n:
        m = put_legal(lf, mf, lx, m, a_draw)
    if gf[gx + U64(G_LEN0)]:
        m = put_legal(lf, mf, lx, m, a_take + qf[qx + U64(gf[gx + U64(G_LEN0)] - 1)])
    if gf[gx + U64(G_LEN1)]:
        m = put_legal(lf, mf, lx, m, a_take + qf[qx + U64(MAX_DECK) + U64(gf[gx + U64(G_LEN1)] - 1)])
    if m == 0:
        m = put_legal(lf, mf, lx, m, a_pass)
    return m


@inline
def list_keep(lf: Any, mf: Any, lx: Any, gf: Any, gx: Any, a_keep: Any) -> Any:
    """The keep phase's legal actions into ``lst[x]`` (as ``list_draw``); returns how many."""
    m = 0
    e0 = gf[gx + U64(G_LEN0)] == 0
    e1 = gf[gx + U64(G_LEN1)] == 0
    for c in (gf[gx + U64(G_DRAWN0)], gf[gx + U64(G_DRAWN1)]):
        for p in range(2):
            if e0 == e1 or (e0 if p == 0 else e1):  # one pile empty: the card goes there
                m = put_legal(lf, mf, lx, m, a_keep + 2 * c + p)
    return m


M_STEP, M_LEGAL = range(2)
"""What ``run`` does with each game: apply ``actions[g]`` and list the legal actions after it, or
list them (``play_out`` plays games out)."""


@bare
def run(mode: Any, players: int, order: Any, games: int, ti: Any, tm: Any, shuf: Any, gi: Any, rng: Any,
        deck: Any, piles: Any, hands: Any, played: Any, pv: Any, totals: Any, actions: Any, lst: Any, nl: Any,
        work: Any, masks: Any, rewards: Any) -> Any:
    """The step API's loop over the games ``order[:games]``, written once for both its modes: the
    legal actions of the seat to act (as ``seasaltpaper.engine._legal``, phase by phase) into
    ``lst[x, :nl[x]]`` and ``engine.apply`` of one of them, up to the end of a round
    (``finish_round`` then scores it). ``order[:games]`` are the games still playing, in
    increasing order; on return ``order[:live]`` holds those still playing after the step, so
    that no loop tests a finished game (finished games fall at random among the live ones, so
    that test was mispredicted, in the check and here).

    Why one loop for both: a compiled helper handed arrays counts a reference for each at every
    call (atomic increments, once three quarters of the time); here arrays are bound once per
    kernel call and every decision is straight code, the helpers it calls taking scalars.
    ``M_LEGAL`` lists each game's legal actions; ``M_STEP`` applies ``actions[g]``, lists the
    legal actions after it (so that masks, sampling and the next step's check read the list
    instead of working it out again) and returns how many games are still playing. ``pv[x, s]``
    is seat s's card points without the mermaids' colours, kept up as cards reach and leave hands;
    ``work`` is the shuffle's scratch (``W_SIZE`` words: ``run`` is ``bare`` and allocates nothing);
    ``rewards[x]`` (all 0 on entry, ``M_STEP`` only) gains what a round's end adds to the totals.
    ``masks[x]`` is kept the mask of ``lst[x, :nl[x]]``: the old list's entries cleared as an
    action is applied, the new one's set. (``play_out`` is the playouts' loop, structured by turn.)

    Its indices are unsigned (``U64``) where numba cannot see they are not negative, as
    ``play_out``'s are: a signed index costs a wraparound test (a compare and a select) a read.
    The per-game arrays are read flat, each game's row start worked out once from a constant
    (``G_SIZE``, ``MAX_DECK``) or a shared width (``players``, ``lst``'s and ``masks``' row): a
    2-D array's row stride is one more value live across the whole loop, and ``run`` has too
    many for the registers, so each was spilled and reloaded a game. ``gi``, ``deck`` and
    ``piles`` must be ``Batch``'s shapes (``(games, G_SIZE)``, ``(games, MAX_DECK)``, ``(games,
    2, MAX_DECK)``), C-contiguous as every array here. A draw of two and a turn's end list the
    next phase's actions where they are applied (``list_keep``, ``list_draw``), with no second
    dispatch on the phase.
    """
    n = ti[T_N]
    at_duo, mt_duo, ids, ndu = ti[T_AT_DUO], ti[T_AT_M_DUO], ti[T_AT_DUO_IDS], ti[T_DUOS]
    mt_colour, ncolours = ti[T_AT_M_COLOUR], ti[T_COLOURS]
    mermaid_mask = tm[ti[T_AT_M_MERMAID]]
    at_cards, at_card_duo = ti[T_AT_DUO_CARDS], ti[T_AT_CARD_DUO]
    a_draw, a_pass, a_take, a_keep, a_end = ti[T_A_DRAW], ti[T_A_PASS], ti[T_A_TAKE], ti[T_A_KEEP], ti[T_A_END]
    a_stop, a_last, a_mermaids, a_pile, a_pick = ti[T_A_STOP], ti[T_A_LAST], ti[T_A_MERMAIDS], ti[T_A_PILE], \
        ti[T_A_PICK]
    a_steal, win_with, min_points, lc_ends = ti[T_A_STEAL], ti[T_WIN_WITH], ti[T_MIN_POINTS], ti[T_LC_ENDS]
    # Every per-game array read flat, its row's start worked out once a game from a row width that is
    # a constant or shared (no stride of each array kept live across the loop, spilled and reloaded).
    gf, hf, ff, pf = gi.reshape(gi.size), hands.reshape(hands.size), played.reshape(played.size), \
        pv.reshape(pv.size)
    df, qf, lf, mf = deck.reshape(deck.size), piles.reshape(piles.size), lst.reshape(lst.size), \
        masks.reshape(masks.size)
    seats = U64(players)
    width = U64(lst.shape[1])  # masks' too
    live = 0
    for j in range(games):
        g = order[j]
        x = U64(g)
        gx = x * U64(G_SIZE)
        hx = x * seats
        px = hx * U64(2)
        dx = x * U64(MAX_DECK)
        qx = dx * U64(2)
        lx = x * width
        # One pass a game, no loop: an inner loop (apply, then list) made LLVM hoist every array's row
        # address for both passes, used or not, to the game's start, and spill them (~150 instructions).
        listed = False  # the legal actions after it listed already (a draw of two, the turn's end)
        if mode == M_STEP:  # engine.apply of actions[g] (a game still playing)
            ph = gf[gx + U64(G_PHASE)]
            seat = gf[gx + U64(G_TURN)]
            us = U64(seat)
            pu = px + U64(2) * us
            h = hf[hx + us]
            a = actions[x]
            clear_mask(mf, lf, lx, nl[x])  # the masks kept: the list before this step's action
            # engine.apply of a: end, ender say how the round ends (END_*, seat; -1: it goes on)
            end = -1
            ender = -1
            turn_ends = False
            extra = False
            if ph == P_DRAW:
                if a == a_draw:
                    top = gf[gx + U64(G_DECK)]
                    if n - top >= 2:
                        gf[gx + U64(G_DRAWN0)] = df[dx + U64(top)]
                        gf[gx + U64(G_DRAWN1)] = df[dx + U64(top + 1)]
                        gf[gx + U64(G_DECK)] = top + 2
                        gf[gx + U64(G_PHASE)] = P_KEEP
                        nl[x] = list_keep(lf, mf, lx, gf, gx, a_keep)  # listed here: no second dispatch
                        listed = True
                    else:
                        card = df[dx + U64(top)]
                        bit = _ONE << U64(card)
                        gain(pf, pu, card, h, ff[hx + us], 1, ti, tm)
                        hf[hx + us] = h | bit
                        gf[gx + U64(G_DECK)] = top + 1
                        gf[gx + U64(G_PHASE)] = P_PLAY
                else:
                    if a != a_pass:
                        card = a - a_take
                        p = 0 if gf[gx + U64(G_LEN0)] and qf[qx + U64(gf[gx + U64(G_LEN0)] - 1)] == card else 1
                        gf[gx + U64(G_LEN0 + p)] -= 1
                        bit = _ONE << U64(card)
                        gain(pf, pu, card, h, ff[hx + us], 1, ti, tm)
                        hf[hx + us] = h | bit
                    gf[gx + U64(G_PHASE)] = P_PLAY
            elif ph == P_KEEP:
                c = a - a_keep
                kept = c >> 1
                p = c & 1
                other = gf[gx + U64(G_DRAWN1)] if kept == gf[gx + U64(G_DRAWN0)] else gf[gx + U64(G_DRAWN0)]
                qf[qx + U64(MAX_DECK) * U64(p) + U64(gf[gx + U64(G_LEN0 + p)])] = other
                gf[gx + U64(G_LEN0 + p)] += 1
                bit = _ONE << U64(kept)
                gain(pf, pu, kept, h, ff[hx + us], 1, ti, tm)
                hf[hx + us] = h | bit
                gf[gx + U64(G_DRAWN0)] = -1
                gf[gx + U64(G_DRAWN1)] = -1
                gf[gx + U64(G_PHASE)] = P_PLAY
            elif ph == P_CRAB_PILE:
                gf[gx + U64(G_CRAB)] = a - a_pile
                gf[gx + U64(G_PHASE)] = P_CRAB_CARD
            elif ph == P_CRAB_CARD:
                card = a - a_pick
                pile = U64(gf[gx + U64(G_CRAB)])
                size = gf[gx + U64(G_LEN0) + pile]
                i = 0
                while qf[qx + U64(MAX_DECK) * pile + U64(i)] != card:
                    i += 1
                for t in range(i, size - 1):
                    qf[qx + U64(MAX_DECK) * pile + U64(t)] = qf[qx + U64(MAX_DECK) * pile + U64(t + 1)]
                gf[gx + U64(G_LEN0) + pile] = size - 1
                bit = _ONE << U64(card)
                gain(pf, pu, card, h, ff[hx + us], 1, ti, tm)
                hf[hx + us] = h | bit
                gf[gx + U64(G_CRAB)] = -1
                gf[gx + U64(G_PHASE)] = P_PLAY
            elif ph == P_STEAL:
                victim = U64(a - a_steal)
                held = hf[hx + victim]
                rng[x], k = below(rng[x], popcount(held))
                stolen = nth_bit(held, k)
                bit = _ONE << stolen
                gain(pf, px + U64(2) * victim, np.int64(stolen), held ^ bit, ff[hx + victim], -1, ti, tm)
                gain(pf, pu, np.int64(stolen), h, ff[hx + us], 1, ti, tm)
                hf[hx + victim] = held ^ bit
                hf[hx + us] = h | bit
                gf[gx + U64(G_PHASE)] = P_PLAY
            elif a == a_end:
                turn_ends = True
            elif a == a_stop:
                end, ender = END_STOP, seat
            elif a == a_last:
                gf[gx + U64(G_CALLER)] = seat
                gf[gx + U64(G_FINAL)] = players - 1
                gf[gx + U64(G_PROTECTED)] |= 1 << seat
                turn_ends = True
            elif a == a_mermaids:
                mm = h & mermaid_mask
                f = ff[hx + us]
                for _ in range(win_with):  # the lowest ones, as the sorted hand lists them
                    bit = mm & (_ZERO - mm)
                    mm ^= bit
                    h ^= bit
                    f |= bit
                hf[hx + us] = h
                ff[hx + us] = f
                end, ender = END_MERMAIDS, seat
            else:  # a duo
                c0 = ti[U64(at_cards + 2 * a)]
                c1 = ti[U64(at_cards + 2 * a + 1)]
                both = (_ONE << U64(c0)) | (_ONE << U64(c1))
                f = ff[hx + us]
                points_before = pf[pu + U64(PV_POINTS)]
                h ^= _ONE << U64(c0)  # the pairs held without c0, then without c1 too (points: as they were)
                gain(pf, pu, c0, h, f, -1, ti, tm)
                h ^= _ONE << U64(c1)
                gain(pf, pu, c1, h, f, -1, ti, tm)
                pf[pu + U64(PV_POINTS)] = points_before
                ff[hx + us] = f | both
                effect = ti[U64(at_duo + 3 * ti[U64(at_card_duo + c0)] + 2)]
                if effect == E_TAKE and gf[gx + U64(G_LEN0)] + gf[gx + U64(G_LEN1)] > 0:
                    gf[gx + U64(G_PHASE)] = P_CRAB_PILE
                elif effect == E_DRAW and gf[gx + U64(G_DECK)] < n:
                    card = df[dx + U64(gf[gx + U64(G_DECK)])]
                    bit = _ONE << U64(card)
                    gain(pf, pu, card, h, ff[hx + us] | both, 1, ti, tm)
                    h |= bit
                    gf[gx + U64(G_DECK)] += 1
                elif effect == E_STEAL:
                    for s in range(players):
                        if s != seat and hf[hx + U64(s)] != _ZERO and (gf[gx + U64(G_PROTECTED)] >> s) & 1 == 0:
                            gf[gx + U64(G_PHASE)] = P_STEAL
                elif effect == E_EXTRA:
                    turn_ends = True
                    extra = True
                hf[hx + us] = h
            if turn_ends:  # engine._end_turn: LAST CHANCE's progress, the empty-deck check, the next turn
                caller = gf[gx + U64(G_CALLER)]
                left = gf[gx + U64(G_FINAL)]
                if caller >= 0 and not extra and left > 0 and (caller + players - left) % players == seat:
                    left -= 1
                    gf[gx + U64(G_FINAL)] = left
                    gf[gx + U64(G_PROTECTED)] |= 1 << seat
                if gf[gx + U64(G_DECK)] >= n and (caller < 0 or lc_ends):
                    end, ender = END_EMPTY, seat
                elif caller >= 0 and left == 0:
                    end, ender = END_LAST, caller
                else:
                    if extra:
                        gf[gx + U64(G_TURN)] = seat
                    elif caller >= 0:
                        gf[gx + U64(G_TURN)] = (caller + players - left) % players
                    else:
                        gf[gx + U64(G_TURN)] = seat + 1 if seat + 1 < players else 0
                    gf[gx + U64(G_PHASE)] = P_DRAW
                    nl[x] = list_draw(lf, mf, lx, gf, gx, qf, qx, n, a_draw, a_take, a_pass)
                    listed = True
            if end >= 0:  # the only change to the totals, so the only rewards (``rewards`` is all 0 on entry)
                for s in range(players):
                    rewards[x, s] -= totals[x, s]
                finish_round(x, end, ender, players, ti, tm, shuf, work, gi, rng, deck, piles, hands, played, pv,
                             totals)
                for s in range(players):
                    rewards[x, s] += totals[x, s]
        ph = gf[gx + U64(G_PHASE)]  # the legal actions after it into lst[x, :m]
        if listed:
            pass
        elif ph == P_OVER:
            nl[x] = 0
        else:
            seat = gf[gx + U64(G_TURN)]
            us = U64(seat)
            pu = px + U64(2) * us
            h = hf[hx + us]
            m = 0
            if ph == P_DRAW:
                m = list_draw(lf, mf, lx, gf, gx, qf, qx, n, a_draw, a_take, a_pass)
            elif ph == P_KEEP:
                m = list_keep(lf, mf, lx, gf, gx, a_keep)
            elif ph == P_PLAY and count(h & mermaid_mask) >= win_with:  # all the mermaids: placing them, alone
                m = put_legal(lf, mf, lx, m, a_mermaids)
            elif ph == P_PLAY:
                for d in range(ndu if pf[pu + U64(PV_PAIRS)] else 0):  # no pair held (most turns): no duo read
                    ma = h & tm[U64(mt_duo + 2 * d)]
                    same = ti[U64(at_duo + 3 * d)]
                    mb0 = h & tm[U64(mt_duo + 2 * d + 1)]
                    while ma:  # each pair (c0, a later card of c0's kind, or any of the other kind's)
                        c0 = np.int64(trailing_zeros(ma))
                        ma &= ma - _ONE
                        rest = ma if same else mb0
                        while rest:
                            m = put_legal(lf, mf, lx, m, ti[U64(ids + n * c0) + trailing_zeros(rest)])
                            rest &= rest - _ONE
                if gf[gx + U64(G_CALLER)] < 0:  # card_points: pv, and the mermaids' colours when held
                    cp = pf[pu + U64(PV_POINTS)]
                    both = h | ff[hx + us]
                    cp += stop_colours(both, count(both & mermaid_mask), tm, mt_colour, ncolours)
                    if cp >= min_points:
                        m = put_legal(lf, mf, lx, m, a_stop)
                        m = put_legal(lf, mf, lx, m, a_last)
                m = put_legal(lf, mf, lx, m, a_end)
            elif ph == P_CRAB_PILE:
                for p in range(2):
                    if gf[gx + U64(G_LEN0 + p)]:
                        m = put_legal(lf, mf, lx, m, a_pile + p)
            elif ph == P_CRAB_CARD:
                pile = U64(gf[gx + U64(G_CRAB)])
                for i in range(gf[gx + U64(G_LEN0) + pile]):
                    m = put_legal(lf, mf, lx, m, a_pick + qf[qx + U64(MAX_DECK) * pile + U64(i)])
            elif ph == P_STEAL:
                for s in range(players):
                    if s != seat and hf[hx + U64(s)] != _ZERO and (gf[gx + U64(G_PROTECTED)] >> s) & 1 == 0:
                        m = put_legal(lf, mf, lx, m, a_steal + s)
            nl[x] = m
        order[live] = g  # the games still playing, kept in order (live <= j: in place)
        live += gf[gx + U64(G_PHASE)] != P_OVER
    return live



@inline
def choose(pstate: Any, bits: Any, have: Any, m: Any) -> Any:
    """The policy's choice among ``m`` actions (the j-th, from 0), as ``run`` draws it: no draw
    when there is one; a 64-bit output gives two 32-bit halves, the low one first."""
    j = np.int64(0)
    if m > 1:
        if have == 0:
            pstate, bits = next_u64(pstate)
            have = 2
        j = np.int64(((bits & _LOW32) * U64(m)) >> U64(32))
        bits >>= U64(32)
        have -= 1
    return pstate, bits, have, j


@inline
def put(record: Any, buf: Any, pos: Any, a: Any) -> Any:
    """Record action ``a`` at ``buf[pos]`` when ``record``; the next position, -1 when ``buf`` is full."""
    if record:
        if pos >= buf.shape[0]:
            return -1
        buf[pos] = a
        return pos + 1
    return pos


@bare
def play_out(players: int, g0: Any, g1: int, seed: Any, ti: Any, tm: Any, shuf: Any, gi: Any, rng: Any,
             deck: Any, piles: Any, hands: Any, played: Any, pv: Any, totals: Any, out: Any, record: Any, buf: Any,
             ends: Any, work: Any) -> Any:
    """``run``'s ``M_PLAYOUTS`` (the same games, policy draws and action ids, in the same order),
    structured by turn: the seat to act's hand, played cards, points and pairs, the piles' sizes
    and the deck's position are held in locals for a whole turn (written back at its end), and
    the phases follow the code's own control flow (the draw or take, the keep when two were
    drawn, then a loop of play decisions; the crab's and steal's decisions inline after their
    duo) instead of a reload of ``gi[x, G_PHASE]`` and a dispatch every decision.

    The indices numba cannot see are non-negative are cast to unsigned (``U64``): a signed index
    costs a wraparound (a compare and a select) at every read, ~5% of a playout. Every one of
    them is non-negative by construction (a card, a seat, a count, a table's offset).
    """
    n = ti[T_N]
    at_duo, mt_duo, ids, ndu = ti[T_AT_DUO], ti[T_AT_M_DUO], ti[T_AT_DUO_IDS], ti[T_DUOS]
    mt_colour, ncolours = ti[T_AT_M_COLOUR], ti[T_COLOURS]
    mermaid_mask = tm[ti[T_AT_M_MERMAID]]
    at_cards, at_card_duo = ti[T_AT_DUO_CARDS], ti[T_AT_CARD_DUO]
    a_draw, a_pass, a_take, a_keep, a_end = ti[T_A_DRAW], ti[T_A_PASS], ti[T_A_TAKE], ti[T_A_KEEP], ti[T_A_END]
    a_stop, a_last, a_mermaids, a_pile, a_pick = ti[T_A_STOP], ti[T_A_LAST], ti[T_A_MERMAIDS], ti[T_A_PILE], \
        ti[T_A_PICK]
    a_steal, win_with, min_points, lc_ends = ti[T_A_STEAL], ti[T_WIN_WITH], ti[T_MIN_POINTS], ti[T_LC_ENDS]
    pos = np.int64(0)
    if g0 > 0:
        pos = ends[g0 - 1]
    for g in range(g0, g1):
        rng[0] = seed + U64(g)
        for s in range(players):
            totals[0, s] = 0
        start_round(0, 0, -1, players, ti, shuf, work, gi, rng, deck, piles, hands, played, pv)
        _, pstate = next_u64((seed + U64(g)) ^ _POLICY_SALT)
        bits = _ZERO
        have = 0
        # The round's state (reloaded after each round's start)
        seat = gi[0, G_TURN]
        top = gi[0, G_DECK]
        len0 = gi[0, G_LEN0]
        len1 = gi[0, G_LEN1]
        caller = -1
        left = 0
        protected = 0
        while True:  # a turn
            h = hands[0, U64(seat)]
            f = played[0, U64(seat)]
            pts = pv[0, U64(seat), PV_POINTS]
            prs = pv[0, U64(seat), PV_PAIRS]
            # The draw phase: draw (while the deck lasts), take either pile's top, or pass
            can_draw = np.int64(top < n)
            m = can_draw + np.int64(len0 > 0) + np.int64(len1 > 0)
            pstate, bits, have, j = choose(pstate, bits, have, m)
            if m == 0:
                pos = put(record, buf, pos, a_pass)
                if pos < 0:
                    return g
            elif j < can_draw:
                pos = put(record, buf, pos, a_draw)
                if pos < 0:
                    return g
                if n - top >= 2:  # the keep phase: one of the two to the hand, the other on a pile
                    d0 = np.int64(deck[0, U64(top)])
                    d1 = np.int64(deck[0, U64(top + 1)])
                    top += 2
                    if (len0 == 0) == (len1 == 0):
                        pstate, bits, have, j = choose(pstate, bits, have, 4)
                        kept = d0 if j < 2 else d1
                        p = j & 1
                    else:  # one pile empty: the card goes there
                        pstate, bits, have, j = choose(pstate, bits, have, 2)
                        kept = d0 if j == 0 else d1
                        p = np.int64(len0 != 0)
                    pos = put(record, buf, pos, a_keep + 2 * kept + p)
                    if pos < 0:
                        return g
                    # the other card on pile p, without a branch on p (a random one, so mispredicted)
                    piles[0, U64(p), U64(len1 if p else len0)] = d1 if kept == d0 else d0
                    len0 += 1 - p
                    len1 += p
                    card = kept
                else:
                    card = np.int64(deck[0, U64(top)])
                    top += 1
                dp, dq = change(card, h, f, ti, tm)
                pts += dp
                prs += dq
                h |= _ONE << U64(card)
            else:  # take the top of the (j - can_draw)-th pile that has one (no branch on which)
                pile = np.int64(len0 == 0 or j != can_draw)
                card = np.int64(piles[0, U64(pile), U64((len1 if pile else len0) - 1)])
                len0 -= 1 - pile
                len1 -= pile
                pos = put(record, buf, pos, a_take + card)
                if pos < 0:
                    return g
                dp, dq = change(card, h, f, ti, tm)
                pts += dp
                prs += dq
                h |= _ONE << U64(card)
            # The play phase: duos (each with its effect's decisions inline), then END, STOP, LAST
            # CHANCE or the mermaids
            end = -1
            ender = -1
            extra = False
            while True:
                mer = count(h & mermaid_mask) >= win_with  # all the mermaids: placing them is the only move
                can_stop = np.int64(0)
                if caller < 0 and not mer:  # card_points: pts, and the mermaids' colours when held
                    cp = pts
                    both = h | f
                    cp += stop_colours(both, count(both & mermaid_mask), tm, mt_colour, ncolours)
                    can_stop = np.int64(cp >= min_points)
                m = np.int64(1) if mer else prs + 2 * can_stop + 1
                pstate, bits, have, j = choose(pstate, bits, have, m)
                if mer or j >= prs:
                    i = j - prs
                    if mer:
                        a = a_mermaids
                    elif i < 2 * can_stop:
                        a = a_stop if i == 0 else a_last
                    else:
                        a = a_end
                    pos = put(record, buf, pos, a)
                    if pos < 0:
                        return g
                    if a == a_end:
                        break
                    if a == a_stop:
                        end, ender = END_STOP, seat
                        break
                    if a == a_last:
                        caller = seat
                        left = players - 1
                        protected |= 1 << seat
                        break
                    mm = h & mermaid_mask  # the mermaids: the lowest ones, as the sorted hand lists them
                    for _ in range(win_with):
                        bit = mm & (_ZERO - mm)
                        mm ^= bit
                        h ^= bit
                        f |= bit
                    end, ender = END_MERMAIDS, seat
                    break
                a = -1  # the j-th duo pair, in the order the step kernel lists them
                for d in range(ndu):
                    ma = h & tm[U64(mt_duo + 2 * d)]
                    ka = count(ma)
                    same = ti[U64(at_duo + 3 * d)]
                    mb0 = h & tm[U64(mt_duo + 2 * d + 1)]
                    here = (ka * (ka - 1)) >> 1 if same else ka * count(mb0)
                    if j < here:
                        while True:
                            c0 = np.int64(trailing_zeros(ma))
                            ma &= ma - _ONE
                            rest = ma if same else mb0
                            r = count(rest)
                            if j < r:
                                a = ti[U64(ids + n * c0) + nth_bit(rest, U64(j))]
                                break
                            j -= r
                        break
                    j -= here
                pos = put(record, buf, pos, a)
                if pos < 0:
                    return g
                c0 = ti[U64(at_cards + 2 * a)]
                c1 = ti[U64(at_cards + 2 * a + 1)]
                h ^= _ONE << U64(c0)  # the pairs held without c0, then without c1 too (points: as they were)
                dp, dq = change(c0, h, f, ti, tm)
                prs -= dq
                h ^= _ONE << U64(c1)
                dp, dq = change(c1, h, f, ti, tm)
                prs -= dq
                f |= (_ONE << U64(c0)) | (_ONE << U64(c1))
                effect = ti[U64(at_duo + 3 * ti[U64(at_card_duo + c0)] + 2)]
                if effect == E_TAKE:
                    if len0 + len1 > 0:  # a pile (one that has cards), then one of its cards
                        m = np.int64(len0 > 0) + np.int64(len1 > 0)
                        pstate, bits, have, j = choose(pstate, bits, have, m)
                        pile = np.int64(1) if len0 == 0 or j == 1 else np.int64(0)
                        pos = put(record, buf, pos, a_pile + pile)
                        if pos < 0:
                            return g
                        size = len0 if pile == 0 else len1
                        pstate, bits, have, j = choose(pstate, bits, have, size)
                        card = np.int64(piles[0, pile, U64(j)])
                        pos = put(record, buf, pos, a_pick + card)
                        if pos < 0:
                            return g
                        for t in range(j, size - 1):
                            piles[0, pile, t] = piles[0, pile, t + 1]
                        if pile == 0:
                            len0 -= 1
                        else:
                            len1 -= 1
                        dp, dq = change(card, h, f, ti, tm)
                        pts += dp
                        prs += dq
                        h |= _ONE << U64(card)
                elif effect == E_DRAW:
                    if top < n:
                        card = np.int64(deck[0, U64(top)])
                        top += 1
                        dp, dq = change(card, h, f, ti, tm)
                        pts += dp
                        prs += dq
                        h |= _ONE << U64(card)
                elif effect == E_STEAL:
                    m = np.int64(0)
                    for s in range(players):
                        if s != seat and hands[0, s] != _ZERO and (protected >> s) & 1 == 0:
                            m += 1
                    if m:
                        pstate, bits, have, j = choose(pstate, bits, have, m)
                        victim = -1
                        for s in range(players):
                            if s != seat and hands[0, s] != _ZERO and (protected >> s) & 1 == 0:
                                if j == 0:
                                    victim = s
                                    break
                                j -= 1
                        pos = put(record, buf, pos, a_steal + victim)
                        if pos < 0:
                            return g
                        held = hands[0, victim]
                        rng[0], k = below(rng[0], popcount(held))
                        stolen = nth_bit(held, k)
                        bit = _ONE << stolen
                        dp, dq = change(np.int64(stolen), held ^ bit, played[0, victim], ti, tm)
                        pv[0, victim, PV_POINTS] -= dp
                        pv[0, victim, PV_PAIRS] -= dq
                        hands[0, victim] = held ^ bit
                        dp, dq = change(np.int64(stolen), h, f, ti, tm)
                        pts += dp
                        prs += dq
                        h |= bit
                elif effect == E_EXTRA:
                    extra = True
                    break
            hands[0, U64(seat)] = h
            played[0, U64(seat)] = f
            pv[0, U64(seat), PV_POINTS] = pts
            pv[0, U64(seat), PV_PAIRS] = prs
            if end < 0:  # engine._end_turn: LAST CHANCE's progress, the empty-deck check, the next turn
                if caller >= 0 and not extra and left > 0 and (caller + players - left) % players == seat:
                    left -= 1
                    protected |= 1 << seat
                if top >= n and (caller < 0 or lc_ends):
                    end, ender = END_EMPTY, seat
                elif caller >= 0 and left == 0:
                    end, ender = END_LAST, caller
                elif extra:
                    pass
                elif caller >= 0:
                    seat = (caller + players - left) % players
                else:
                    seat = seat + 1 if seat + 1 < players else 0
            if end >= 0:
                finish_round(0, end, ender, players, ti, tm, shuf, work, gi, rng, deck, piles, hands, played, pv,
                             totals)
                if gi[0, G_PHASE] == P_OVER:
                    break
                seat = gi[0, G_TURN]
                top = gi[0, G_DECK]
                len0 = gi[0, G_LEN0]
                len1 = gi[0, G_LEN1]
                caller = -1
                left = 0
                protected = 0
        for s in range(players):
            out[g, s] = totals[0, s]
        ends[g] = pos
    return g1


@jit
def init(players: int, seed: Any, ti: Any, tm: Any, shuf: Any, gi: Any, rng: Any, deck: Any, piles: Any,
         hands: Any, played: Any, pv: Any, totals: Any, lst: Any, nl: Any, masks: Any) -> None:
    """Start every game of a batch: game g as ``new_game(rules, players, seed + g)``, its legal
    actions listed."""
    work = np.empty(W_SIZE, np.uint64)
    games = gi.shape[0]
    for g in range(games):
        rng[g] = seed + U64(g)
        for s in range(players):
            totals[g, s] = 0
        start_round(g, 0, -1, players, ti, shuf, work, gi, rng, deck, piles, hands, played, pv)
    run(np.int64(M_LEGAL), players, np.arange(games), games, ti, tm, shuf, gi, rng, deck, piles, hands, played, pv,
        totals, np.zeros(0, np.int64), lst, nl, work, masks, np.zeros((0, players), np.int32))


@jit
def playouts(players: int, start: int, games: int, seed: Any, ti: Any, tm: Any, shuf: Any, totals: Any,
             record: bool, buf: Any, ends: Any) -> int:
    """Play games ``start`` to ``games - 1`` to their end with uniformly random legal actions; each
    seat's totals into ``totals[g]``.

    The policy draws from a second SplitMix64 stream per game, seeded apart from the dealer's
    (a choice among m actions is ``(u * m) >> 32`` for a 32-bit half u of an output). When
    ``record``, game g's action ids go to ``buf`` up to ``ends[g]`` (from ``ends[g - 1]``, or 0);
    returns the first game that did not fit in ``buf`` (``games`` when all did).
    """
    gi = np.zeros((1, G_SIZE), np.int64)
    rng = np.zeros(1, np.uint64)
    deck = np.zeros((1, 64), np.int8)
    piles = np.zeros((1, 2, 64), np.int8)
    hands = np.zeros((1, players), np.uint64)
    played = np.zeros((1, players), np.uint64)
    scores = np.zeros((1, players), np.int32)
    pv = np.zeros((1, players, 2), np.int64)
    done: int = play_out(players, start, games, seed, ti, tm, shuf, gi, rng, deck, piles, hands, played, pv,
                         scores, totals, record, buf, ends, np.empty(W_SIZE, np.uint64))
    return done


@jit
def legal_masks(lst: Any, nl: Any, out: Any) -> None:
    """``out[g, action]`` True for each action of game g's list (``out`` all False on entry: numpy's
    memset clears it faster than a compiled loop over the rows, 25 against 50 us for 4096 games)."""
    for g in range(nl.shape[0]):
        for i in range(nl[g]):
            out[g, lst[g, i]] = True


@jit
def step(players: int, ti: Any, tm: Any, shuf: Any, actions: Any, gi: Any, rng: Any, deck: Any, piles: Any,
         hands: Any, played: Any, pv: Any, totals: Any, lst: Any, nl: Any, rewards: Any, masks: Any, order: Any,
         live: int) -> Any:
    """Check, then apply, the ``actions[g]`` of every game still playing (``order[:live]``, kept up by
    ``run``); the points each seat gained
    into ``rewards`` (all 0 on entry: points change only when a round ends, so ``run`` writes a
    game's rewards only then, instead of two passes over every game's totals a step, a tenth of
    the step API's time). Returns the first game whose action is not legal (then nothing is
    applied; -1 when all are) and how many games are still playing after the step."""
    width = masks.shape[1]
    for j in range(live):  # the kept masks say what is legal: no scan of the list (whose exit is mispredicted)
        g = order[j]
        a = actions[U64(g)]
        if a < 0 or a >= width or not masks[U64(g), U64(a)]:
            return g, -1
    live = run(np.int64(M_STEP), players, order, live, ti, tm, shuf, gi, rng, deck, piles, hands, played, pv,
               totals, actions, lst, nl, np.empty(W_SIZE, np.uint64), masks, rewards)
    return -1, live


@jit
def seat_masks(gi: Any, masks: Any, out: Any) -> None:
    """Each game's kept mask (``masks[g]``, of ``run``) into its seat to act's row of ``out[g]`` (all
    False on entry: numpy's memset clears it faster than a compiled loop); none once it is over."""
    width = masks.shape[1]
    for g in range(out.shape[0]):
        if gi[g, G_PHASE] != P_OVER:
            seat = gi[g, G_TURN]
            for a in range(width):
                out[g, seat, a] = masks[g, a]


@jit
def sample(lst: Any, nl: Any, states: Any, out: Any) -> None:
    """A uniformly random action of game g's list into ``out[g]`` (-1 when the game is over)."""
    for g in range(nl.shape[0]):
        m = nl[g]
        if m == 0:
            out[g] = -1
        else:
            states[g], r = next_u64(states[g])
            out[g] = lst[U64(g), ((r & _LOW32) * U64(m)) >> U64(32)]


# Rows of ``oi``: each observation slice's start (``rl.seasaltpaper.observation_spec``).
(O_HAND, O_DRAWN, O_PILE_TOPS, O_CHOSEN, O_PLAYED, O_REVEALED, O_PILE_SIZES, O_DECK, O_HAND_SIZES, O_TURN,
 O_CALLER, O_PROTECTED, O_PHASE, O_ROUND, O_SCORES, O_SEAT) = range(16)
O_NAMES = ("hand", "drawn", "pile_tops", "chosen_pile", "played", "revealed", "pile_sizes", "deck", "hand_sizes",
           "turn", "caller", "protected", "phase", "round", "scores", "seat")


def extents(n: int, players: int) -> tuple[int, ...]:
    """The most cells ``observe`` writes from each of its offsets (``O_NAMES``' order), for ``n``
    cards: what ``common.observation_buffers`` holds the offsets to (it indexes unchecked)."""
    return (n, n, 2 * n, n, players * n, players * n, 2, 1, players, players, players, players, P_OVER + 1, 1,
            players, players)


M_HAND, M_DRAWN, M_TOPS, M_CHOSEN, M_PLAYED = 0, 1, 2, 4, 5
"""Columns of an observation's memo (``observe``): the bits its cells hold of the seat's hand, the
cards drawn, the two piles' tops, the pile chosen, then each seat's played cards (``players``
columns, seats relative to the observer) and revealed hands (``players`` more)."""


def memo_width(players: int) -> int:
    """The columns of an observation's memo a seat (``M_*``)."""
    return M_PLAYED + 2 * players


@bare
def observe(players: int, ti: Any, oi: Any, gi: Any, deck: Any, piles: Any, hands: Any, played: Any, totals: Any,
            bounds: Any, skip: Any, memo: Any, obs: Any) -> None:
    """Every seat's observation of every game into ``obs[g, seat]`` (float32) as ``rl.seasaltpaper.observe``
    writes it (from the seat's ``view``: its own hand, the cards it drew or the pile it picks
    from on its own turn, the revealed hands, sizes, one-hot seats relative to it, its own seat number), each number
    scaled by its cell's ``bounds`` entry (``scaled``); the games ``skip`` marks are left as they
    are (a game over since its last observation: the same again).

    ``memo`` (uint64, ``(games, players, memo_width(players))``, or with no columns) holds the
    card bits ``obs`` holds, as the last call with it left them: then only the cells that changed
    are written (the numbers and the one-hot seats all, a few dozen cells; the card bits through
    ``write_changed_bits``), and ``memo`` is kept up. With no columns every cell is written. The
    memo's bits are read within the deck's ``n`` (a memo of other bits writes no cell outside its
    slice)."""
    n = ti[T_N]
    deck_bits = (_ONE << U64(n)) - _ONE if n < 64 else _ZERO - _ONE
    kept = memo.shape[2] > 0
    cells = obs.shape[2]
    for g in range(obs.shape[0]):
        if skip[g]:
            continue
        ph = gi[g, G_PHASE]
        turn = gi[g, G_TURN]
        caller = gi[g, G_CALLER]
        protected = gi[g, G_PROTECTED]
        for p in range(players):
            if not kept:
                for i in range(cells):
                    obs[g, p, i] = 0.0
            write_kept_bits(obs, memo, g, p, M_HAND, oi[O_HAND], hands[g, p], kept, deck_bits)
            drawn = _ZERO
            if p == turn and ph == P_KEEP:
                drawn = (_ONE << U64(gi[g, G_DRAWN0])) | (_ONE << U64(gi[g, G_DRAWN1]))
            write_kept_bits(obs, memo, g, p, M_DRAWN, oi[O_DRAWN], drawn, kept, deck_bits)
            for q in range(2):
                size = gi[g, G_LEN0 + q]
                top = _ONE << U64(piles[g, q, size - 1]) if size else _ZERO
                write_kept_bits(obs, memo, g, p, M_TOPS + q, oi[O_PILE_TOPS] + q * n, top, kept, deck_bits)
                at = oi[O_PILE_SIZES] + q
                obs[g, p, at] = scaled(size, bounds[at])
            chosen = _ZERO
            if p == turn and ph == P_CRAB_CARD:
                pile = gi[g, G_CRAB]
                for i in range(gi[g, G_LEN0 + pile]):
                    chosen |= _ONE << U64(piles[g, pile, i])
            write_kept_bits(obs, memo, g, p, M_CHOSEN, oi[O_CHOSEN], chosen, kept, deck_bits)
            obs[g, p, oi[O_DECK]] = scaled(n - gi[g, G_DECK], bounds[oi[O_DECK]])
            for j in range(players):
                s = p + j if p + j < players else p + j - players
                write_kept_bits(obs, memo, g, p, M_PLAYED + j, oi[O_PLAYED] + j * n, played[g, s], kept, deck_bits)
                shown = (protected >> s) & 1 != 0
                obs[g, p, oi[O_PROTECTED] + j] = 1.0 if shown else 0.0
                revealed = hands[g, s] if shown and ph != P_OVER else _ZERO
                write_kept_bits(obs, memo, g, p, M_PLAYED + players + j, oi[O_REVEALED] + j * n, revealed, kept,
                                deck_bits)
                at = oi[O_HAND_SIZES] + j
                obs[g, p, at] = scaled(count(hands[g, s]), bounds[at])
                obs[g, p, oi[O_TURN] + j] = 1.0 if s == turn else 0.0
                obs[g, p, oi[O_CALLER] + j] = 1.0 if s == caller else 0.0
                at = oi[O_SCORES] + j
                obs[g, p, at] = scaled(totals[g, s], bounds[at])
                obs[g, p, oi[O_SEAT] + j] = 1.0 if j == p else 0.0  # the observer's own seat number, one-hot
            for i in range(P_OVER + 1):
                obs[g, p, oi[O_PHASE] + i] = 1.0 if i == ph else 0.0
            obs[g, p, oi[O_ROUND]] = scaled(gi[g, G_ROUND], bounds[oi[O_ROUND]])
