"""The compiled kernels of the batched engine (numba). Read ``boomerang_rules.batch`` first.

Cards are numbered by action id (``br.action_id``), so a hand is a 64-bit mask whose set
bits are the legal card actions. Every array a kernel reads comes from the ruleset's compiled
tables (``Tables``), indexed by action id by the Python side (``table_aid`` maps the tables'
card index to it); nothing of a ruleset is written here. The dealer is the pure engine's,
bit for bit: SplitMix64, one uniform integer below n! read as the mixed-radix digits of a
Fisher-Yates shuffle, and the same deal.
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np
from numba.core import types
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros
from numba.extending import intrinsic

U64 = np.uint64
_GAMMA = U64(0x9E3779B97F4A7C15)
_MIX1 = U64(0xBF58476D1CE4E5B9)
_MIX2 = U64(0x94D049BB133111EB)
_LOW32 = U64(0xFFFFFFFF)
_ONE = U64(1)
_ZERO = U64(0)

# Table rows (one int64 array ``ti``): scalars of the ruleset the kernels read.
T_DECK, T_HAND, T_ROUNDS, T_KINDS, T_ANIMALS, T_LIMIT, T_SITE_POINTS, T_REGION_BONUS, T_WITH_THROW, \
    T_RESHUFFLE, T_REGIONS = range(11)

jit = nb.njit(cache=True, nogil=True)

trailing_zeros: Any = _trailing_zeros
"""The index of the lowest set bit (LLVM's cttz)."""


@intrinsic
def _popcount(typingctx: Any, x: Any) -> Any:
    """The number of set bits of a uint64 (LLVM's ctpop: one instruction)."""
    sig = types.uint64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return sig, codegen


popcount: Any = _popcount


@jit
def next_u64(state: Any) -> Any:
    """SplitMix64: the new state and a 64-bit output (``core.rng.next_u64``)."""
    state = state + _GAMMA
    z = state
    z = (z ^ (z >> U64(30))) * _MIX1
    z = (z ^ (z >> U64(27))) * _MIX2
    return state, z ^ (z >> U64(31))


@jit
def shuffle(state: Any, items: Any, n: int, sh: Any, fact: Any, group_d: Any, group_len: Any, magic: Any,
            words: Any, limbs: Any) -> Any:
    """Permute ``items[:n]`` in place exactly as ``core.rng.shuffled``; return the new state.

    ``sh[n]`` holds n!'s bit width and group count; ``fact[n]`` n! in 32-bit limbs (low first);
    ``group_d[n, g]`` the product of ``group_len[n, g]`` consecutive radices (n, n-1, ... 2),
    each below 2**29: one long division by a group's product gives all its digits, each then
    split off by multiplying with ``magic[r] = ceil(2**35 / r)`` (no division).
    """
    if n < 2:
        return state
    width = sh[n, 0]
    k = (width + 63) // 64
    s = 64 * k - width
    nl = (width + 31) // 32
    while True:
        for j in range(k):
            state, x = next_u64(state)
            words[k - 1 - j] = x
        if s:
            for j in range(k):
                hi = words[j + 1] << U64(64 - s) if j + 1 < k else _ZERO
                words[j] = (words[j] >> U64(s)) | hi
        for j in range(nl):
            w = words[j // 2]
            limbs[j] = w >> U64(32) if j % 2 else w & _LOW32
        less = False
        for j in range(nl - 1, -1, -1):
            if limbs[j] != fact[n, j]:
                less = limbs[j] < fact[n, j]
                break
        if less:
            break
    top = nl - 1
    while top > 0 and limbs[top] == _ZERO:
        top -= 1
    radix: Any = n
    for g in range(sh[n, 1]):
        d = group_d[n, g]
        rem = _ZERO
        for j in range(top, -1, -1):
            cur = (rem << U64(32)) | limbs[j]
            q = cur // d
            limbs[j] = q
            rem = cur - q * d
        while top > 0 and limbs[top] == _ZERO:
            top -= 1
        for _ in range(group_len[n, g]):
            # rem < 2**29 and radix <= 64: the quotient is exact by multiply and shift
            q = (rem * magic[radix]) >> U64(35)
            pos = np.int64(rem - q * U64(radix))
            rem = q
            i = radix - 1
            tmp = items[i]
            items[i] = items[pos]
            items[pos] = tmp
            radix -= 1
    return state


@jit
def deal(state: Any, round_no: int, players: int, ti: Any, table_aid: Any, deck: Any, leftover: Any,
         last_used: Any, hands: Any, sh: Any, fact: Any, group_d: Any, group_len: Any, magic: Any, words: Any,
         limbs: Any) -> Any:
    """Deal round ``round_no`` into ``hands`` (action-id bits) as ``australia.dealing.deal``.

    ``deck``, ``leftover`` hold table indices (sorted card ids); ``leftover[0]`` counts the
    cards set aside last round (they follow at 1..), ``last_used`` is the table-order mask of the
    cards dealt last round. Returns the generator state and the new ``last_used``.
    """
    n = ti[T_DECK]
    hand = ti[T_HAND]
    take = players * hand
    if round_no == 0 or ti[T_RESHUFFLE] or take == n:
        for i in range(n):
            deck[i] = i
        state = shuffle(state, deck, n, sh, fact, group_d, group_len, magic, words, limbs)
    else:
        kept = leftover[0]
        for i in range(kept):
            deck[i] = leftover[1 + i]
        m = last_used
        j = kept
        while m:
            deck[j] = trailing_zeros(m)
            m &= m - _ONE
            j += 1
        state = shuffle(state, deck[kept:], take, sh, fact, group_d, group_len, magic, words, limbs)
    used = _ZERO
    for seat in range(players):
        h = _ZERO
        for i in range(seat, take, players):
            c = deck[i]
            h |= _ONE << U64(table_aid[c])
            used |= _ONE << U64(c)
        hands[seat] = h
    leftover[0] = n - take
    for i in range(take, n):
        leftover[1 + i - take] = deck[i]
    return state, used


@jit
def score_round(players: int, ti: Any, number: Any, collection: Any, animal: Any, animal_values: Any,
                activity: Any, activity_table: Any, region_masks: Any, draft: Any, acts: Any, visited: Any,
                used_acts: Any, gone: Any, points: Any, counts: Any) -> Any:
    """Score a finished round for every seat into ``points`` (this round's gain, sites and
    regions included) and update ``visited``, ``used_acts``; return the regions gone after it.

    As ``australia.engine._finish_round``: each seat's Throw & Catch, collections (doubled up to
    the limit), animal pairs and chosen activity; sites crossed off (the Throw's only when the
    ruleset says so); a region's bonus to every seat completing it this round, if still open.
    """
    hand = ti[T_HAND]
    animals = ti[T_ANIMALS]
    union = _ZERO
    for p in range(players):
        first = draft[p, 0]
        last = draft[p, hand - 1]
        tc = number[first] - number[last]
        if tc < 0:
            tc = -tc
        coll = 0
        for a in range(animals):
            counts[a] = 0
        a_kind = acts[p]
        icons = 0
        mask = _ZERO
        for i in range(hand):
            c = draft[p, i]
            mask |= _ONE << U64(c)
            coll += collection[c]
            if animal[c] >= 0:
                counts[animal[c]] += 1
            if a_kind >= 0 and activity[c] == a_kind:
                icons += 1
        total = tc + (coll * 2 if coll <= ti[T_LIMIT] else coll)
        for a in range(animals):
            total += animal_values[a] * (counts[a] // 2)
        if a_kind >= 0:
            total += activity_table[icons]
            used_acts[p] |= 1 << a_kind
        if not ti[T_WITH_THROW]:
            mask &= ~(_ONE << U64(first))
        before = popcount(visited[p])
        visited[p] |= mask
        union |= visited[p]
        total += ti[T_SITE_POINTS] * np.int64(popcount(visited[p]) - before)
        points[p] = total
    new_gone = gone
    for r in range(ti[T_REGIONS]):
        sites = region_masks[r]
        if not (gone >> U64(r)) & _ONE and union & sites == sites:
            for p in range(players):
                if visited[p] & sites == sites:
                    points[p] += ti[T_REGION_BONUS]
                    new_gone |= _ONE << U64(r)
    return new_gone


@jit
def nth_bit(m: Any, k: Any) -> Any:
    """The position of the ``k``-th (0-based) set bit of ``m``."""
    for _ in range(k):
        m &= m - _ONE
    return trailing_zeros(m)


@jit
def playouts(players: int, games: int, seed: Any, policy: int, record: bool, ti: Any, table_aid: Any,
             number: Any, collection: Any, animal: Any, animal_values: Any, activity: Any, activity_table: Any,
             region_masks: Any, shifts: Any, sh: Any, fact: Any, group_d: Any, group_len: Any, magic: Any,
             totals: Any, actions: Any) -> None:
    """Play ``games`` whole games; game g dealt from seed ``seed + g`` (mod 2**64).

    ``policy`` 0: uniformly random legal actions (a second SplitMix64 stream per game, seeded
    apart from the dealer's); 1: the lowest legal action id. Totals go to ``totals[g, seat]``,
    the chosen action ids (when ``record``) to ``actions[g, seat, decision]``.
    """
    n = ti[T_DECK]
    hand = ti[T_HAND]
    kinds = ti[T_KINDS]
    all_kinds = (1 << kinds) - 1
    none_id = n + kinds
    deck = np.empty(64, np.int64)
    leftover = np.empty(65, np.int64)
    words = np.empty(8, np.uint64)
    limbs = np.empty(16, np.uint64)
    hands = np.empty(players, np.uint64)
    kept = np.empty(players, np.uint64)
    draft = np.empty((players, hand), np.int64)
    acts = np.empty(players, np.int64)
    visited = np.empty(players, np.uint64)
    used_acts = np.empty(players, np.int64)
    points = np.empty(players, np.int64)
    counts = np.empty(max(ti[T_ANIMALS], 1), np.int64)
    for g in range(games):
        state = seed + U64(g)
        _, pstate = next_u64(state ^ U64(0x5851F42D4C957F2D))
        leftover[0] = 0
        last_used = _ZERO
        gone = _ZERO
        for p in range(players):
            visited[p] = _ZERO
            used_acts[p] = 0
            totals[g, p] = 0
        for rnd in range(ti[T_ROUNDS]):
            state, last_used = deal(state, rnd, players, ti, table_aid, deck, leftover, last_used, hands, sh,
                                    fact, group_d, group_len, magic, words, limbs)
            shift = shifts[rnd]
            base = rnd * hand
            for k in range(hand - 1):
                for p in range(players):
                    h = hands[p]
                    if policy == 0:
                        pstate, x = next_u64(pstate)
                        c = nth_bit(h, ((x >> U64(32)) * popcount(h)) >> U64(32))
                    else:
                        c = trailing_zeros(h)
                    draft[p, k] = c
                    if record:
                        actions[g, p, base + k] = c
                    kept[p] = h ^ (_ONE << U64(c))
                for p in range(players):
                    q = p + shift
                    if q >= players:
                        q -= players
                    hands[q] = kept[p]
            for p in range(players):
                draft[p, hand - 1] = trailing_zeros(hands[p])
                free = U64(all_kinds & ~used_acts[p])
                if policy == 0:
                    pstate, x = next_u64(pstate)
                    pick = np.int64(((x >> U64(32)) * (popcount(free) + _ONE)) >> U64(32))
                    a = -1 if pick == np.int64(popcount(free)) else np.int64(nth_bit(free, pick))
                else:
                    a = np.int64(trailing_zeros(free)) if free else -1
                acts[p] = a
                if record:
                    actions[g, p, base + hand - 1] = none_id if a < 0 else n + a
            gone = score_round(players, ti, number, collection, animal, animal_values, activity, activity_table,
                               region_masks, draft, acts, visited, used_acts, gone, points, counts)
            for p in range(players):
                totals[g, p] += points[p]


@jit
def init(players: int, games: int, seed: Any, ti: Any, table_aid: Any, sh: Any, fact: Any, group_d: Any,
         group_len: Any, magic: Any, rng: Any, leftover: Any, last_used: Any, hands: Any) -> None:
    """Deal every game's first round (the step API's start)."""
    deck = np.empty(64, np.int64)
    words = np.empty(8, np.uint64)
    limbs = np.empty(16, np.uint64)
    for g in range(games):
        leftover[g, 0] = 0
        rng[g], last_used[g] = deal(seed + U64(g), 0, players, ti, table_aid, deck, leftover[g], _ZERO, hands[g],
                                    sh, fact, group_d, group_len, magic, words, limbs)


@jit
def legal_masks(step: int, ti: Any, hands: Any, used_acts: Any, out: Any) -> None:
    """Fill ``out[g, seat, action]`` with whether the action is legal (every seat acts every step)."""
    games, players, _ = out.shape
    n = ti[T_DECK]
    kinds = ti[T_KINDS]
    if step < ti[T_HAND] - 1:
        for g in range(games):
            for p in range(players):
                h = hands[g, p]
                row = out[g, p]
                for i in range(n):
                    row[i] = (h >> U64(i)) & _ONE == _ONE
                for i in range(n, n + kinds + 1):
                    row[i] = False
    else:
        for g in range(games):
            for p in range(players):
                u = used_acts[g, p]
                row = out[g, p]
                for i in range(n):
                    row[i] = False
                for i in range(kinds):
                    row[n + i] = (u >> i) & 1 == 0
                row[n + kinds] = True


@jit
def check(step: int, ti: Any, hands: Any, used_acts: Any, actions: Any) -> Any:
    """-1 when every action is legal, else the flat index (game * players + seat) of the first not."""
    games, players = actions.shape
    n = ti[T_DECK]
    kinds = ti[T_KINDS]
    for g in range(games):
        for p in range(players):
            a = actions[g, p]
            ok = False
            if step < ti[T_HAND] - 1:
                if 0 <= a < n:
                    ok = (hands[g, p] >> U64(a)) & _ONE == _ONE
            elif a == n + kinds:
                ok = True
            elif n <= a < n + kinds:
                ok = (used_acts[g, p] >> (a - n)) & 1 == 0
            if not ok:
                return g * players + p
    return -1


@jit
def step(rnd: int, stp: int, players: int, ti: Any, table_aid: Any, number: Any,
         collection: Any, animal: Any, animal_values: Any, activity: Any, activity_table: Any, region_masks: Any,
         shifts: Any, sh: Any, fact: Any, group_d: Any, group_len: Any, magic: Any, actions: Any, hands: Any,
         draft: Any, acts: Any, visited: Any, used_acts: Any, gone: Any, rng: Any, leftover: Any, last_used: Any,
         totals: Any, rewards: Any) -> None:
    """Apply one (checked) action per seat of every game at step ``stp`` of round ``rnd``."""
    games = actions.shape[0]
    n = ti[T_DECK]
    hand = ti[T_HAND]
    kept = np.empty(players, np.uint64)
    points = np.empty(players, np.int64)
    counts = np.empty(max(ti[T_ANIMALS], 1), np.int64)
    deck = np.empty(64, np.int64)
    words = np.empty(8, np.uint64)
    limbs = np.empty(16, np.uint64)
    shift = shifts[rnd]
    for g in range(games):
        for p in range(players):
            rewards[g, p] = 0
        if stp < hand - 1:
            h = hands[g]
            d = draft[g]
            for p in range(players):
                c = actions[g, p]
                d[p, stp] = c
                kept[p] = h[p] ^ (_ONE << U64(c))
            for p in range(players):
                q = p + shift
                if q >= players:
                    q -= players
                h[q] = kept[p]
            if stp == hand - 2:
                for p in range(players):
                    d[p, hand - 1] = trailing_zeros(h[p])
                    h[p] = _ZERO
        else:
            a_g = acts[g]
            for p in range(players):
                a = actions[g, p] - n
                a_g[p] = -1 if a >= ti[T_KINDS] else a
            gone[g] = score_round(players, ti, number, collection, animal, animal_values, activity, activity_table,
                                  region_masks, draft[g], a_g, visited[g], used_acts[g], gone[g], points, counts)
            for p in range(players):
                totals[g, p] += points[p]
                rewards[g, p] = points[p]
            if rnd + 1 < ti[T_ROUNDS]:
                rng[g], last_used[g] = deal(rng[g], rnd + 1, players, ti, table_aid, deck, leftover[g], last_used[g],
                                            hands[g], sh, fact, group_d, group_len, magic, words, limbs)
