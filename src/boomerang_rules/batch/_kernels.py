"""The compiled kernels of the batched engine (numba). Read ``boomerang_rules.batch`` first.

Cards are numbered by action id (``br.action_id``: the tables' card index), so a set of cards
is a 64-bit mask whose set bits are card actions. Every array a kernel reads comes from the
ruleset's compiled tables (``Tables``) through the Python side; nothing of a ruleset is
written here. A round's score needs only the cards' mask, the Throw and the Catch: each icon
kind is one more mask, and a count of icons is one popcount. The dealer is the pure engine's,
bit for bit: SplitMix64, one uniform integer below n! read as the mixed-radix digits of a
Fisher-Yates shuffle, and the same deal.

Argument bundles (tuples of arrays, built by ``boomerang_rules.batch``):
``shuf`` the shuffle's table (``SH_*`` columns);
``sc = (number, coll_masks, coll_values, animal_masks, animal_values, act_masks, act_table,
region_masks)`` for scoring (the throw number of each card; for each collection value, animal,
activity and region the mask of its cards, with the value or the points by icon count);
``ti`` the ruleset's scalars (``T_*`` rows).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numba as nb
import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba.core import types
from numba.core.cpu import CPUTargetOptions
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros
from numba.extending import intrinsic

from ._cache import CACHE

U64 = np.uint64
_GAMMA = U64(0x9E3779B97F4A7C15)
_MIX1 = U64(0xBF58476D1CE4E5B9)
_MIX2 = U64(0x94D049BB133111EB)
_POLICY_SALT = U64(0x5851F42D4C957F2D)
_LOW32 = U64(0xFFFFFFFF)
_ONE = U64(1)
_ZERO = U64(0)

T_DECK, T_HAND, T_ROUNDS, T_KINDS, T_LIMIT, T_SITE_POINTS, T_REGION_BONUS, T_WITH_THROW, T_RESHUFFLE = range(9)
T_SIZE = 9

jit = nb.njit(cache=CACHE, nogil=True)
"""Compiled once and cached on disk, keyed on every kernel file's text (``_cache``: numba's own key
is the function's file alone, and the kernels inline each other's)."""
inline = nb.njit(cache=CACHE, nogil=True, inline="always")

_HAS_NRT_OPTION = hasattr(CPUTargetOptions, "_nrt")
bare = cast(Callable[[Callable[..., Any]], Callable[..., Any]],
            nb.njit(cache=CACHE, nogil=True, _nrt=False)  # type: ignore[call-overload]  # private: not in the stubs
            if _HAS_NRT_OPTION else jit)
"""``jit`` without numba's runtime (NRT): no reference counts on arrays, and no allocation (numba
refuses to compile a function that would need either, so nothing is silently missed). The
arrays are the caller's, alive for the whole call. ``_nrt`` is numba's private option: a numba
without it gets plain ``jit`` (the same results, with the reference counts' cost)."""

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


@intrinsic
def _load_u64(typingctx: Any, arr: Any, index: Any) -> Any:
    """The 8 bytes of a 1-D bool array from ``index`` on, as one uint64 (an unaligned load, the
    byte at ``index`` lowest on a little-endian machine). The caller keeps ``index + 8`` within
    the array: nothing here checks it."""
    if not (isinstance(arr, types.Array) and arr.ndim == 1 and arr.dtype == types.boolean
            and arr.layout == "C" and isinstance(index, types.Integer)):
        return None
    sig = types.uint64(arr, types.intp)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ary = context.make_array(signature.args[0])(context, builder, args[0])
        word = builder.bitcast(builder.gep(ary.data, [args[1]]), context.get_value_type(types.uint64).as_pointer())
        return builder.load(word, align=1)

    return sig, codegen


@intrinsic
def _mulhi(typingctx: Any, x: Any, y: Any) -> Any:
    """The high 64 bits of the 128-bit product of two uint64 (one ``mul`` on x86-64)."""
    sig = types.uint64(types.uint64, types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        wide = ir.IntType(128)
        product = builder.mul(builder.zext(args[0], wide), builder.zext(args[1], wide))
        return builder.trunc(builder.lshr(product, ir.Constant(wide, 64)), ir.IntType(64))

    return sig, codegen


load_u64: Any = _load_u64
mulhi: Any = _mulhi


@jit
def count(m: Any) -> Any:
    """``popcount`` as an int64."""
    return np.int64(popcount(m))


@jit
def next_u64(state: Any) -> Any:
    """SplitMix64: the new state and a 64-bit output (``core.rng.next_u64``)."""
    state = state + _GAMMA
    z = state
    z = (z ^ (z >> U64(30))) * _MIX1
    z = (z ^ (z >> U64(27))) * _MIX2
    return state, z ^ (z >> U64(31))


# Columns of the shuffle table ``shuf[n]`` (uint64, one row per n up to 64; ``common.shuffle_tables``).
SH_WIDTH, SH_WORDS, SH_GROUPS, SH_FACT, SH_D, SH_RECIP, SH_NORM, SH_LEN, SH_PRE = 0, 1, 2, 3, 8, 16, 24, 32, 40
SH_COLUMNS = SH_PRE + 65
SH_MAX_GROUPS = SH_RECIP - SH_D
"""The most radix groups a row holds (64 cards need 5)."""


@inline
def scaled(v: Any, bound: Any) -> Any:
    """A number of an observation as ``rl.observe`` writes it: divided by its slice's bound in
    float64, rounded to float32, at most 1."""
    return np.float32(min(np.float64(v) / bound, 1.0))


@inline
def write_changed_bits(obs: Any, g: Any, p: Any, at: Any, old: Any, new: Any) -> Any:
    """The cells ``obs[g, p, at + i]`` of the bits i where ``old`` (the bits the cells hold) and
    ``new`` differ, set to 1.0 or 0.0 as ``new`` has it; returns ``new``. An observation kept from
    one step to the next costs the cells that changed (a card or two), not the whole slice."""
    gone = old & ~new
    while gone:
        obs[g, p, at + np.int64(trailing_zeros(gone))] = 0.0
        gone &= gone - _ONE
    came = new & ~old
    while came:
        obs[g, p, at + np.int64(trailing_zeros(came))] = 1.0
        came &= came - _ONE
    return new


@inline
def write_kept_bits(obs: Any, memo: Any, g: Any, p: Any, column: Any, at: Any, new: Any, kept: Any,
                    deck_bits: Any) -> None:
    """The card bits ``new`` into the slice at ``at`` of ``obs[g, p]`` (an observation kernel's):
    through the memo's ``column`` (only the cells that changed; its bits read within ``deck_bits``)
    when ``kept``, else set on cells already all 0."""
    if kept:
        memo[g, p, column] = write_changed_bits(obs, g, p, at, memo[g, p, column] & deck_bits, new)
    else:
        write_changed_bits(obs, g, p, at, _ZERO, new)


# The scratch array ``work`` (uint64): the generator words (the big integer's 64-bit limbs), the deck.
W_WORDS, W_DECK = 0, 8
W_SIZE = W_DECK + 64


@inline
def divide_step(r: Any, limb: Any, d: Any, recip: Any, norm: Any, back: Any) -> Any:
    """One step of a long division by d < 2**63 in 64-bit limbs (Moller and Granlund's division by
    an invariant integer, "Improved division by invariant integers", 2011, algorithm 4): the
    quotient of ``(r >> norm) * 2**64 + limb`` by d, and its remainder shifted left by ``norm``.

    ``d`` here is the divisor normalized (shifted left by ``norm``, its top bit set), ``recip`` its
    reciprocal ``(2**128 - 1) // d - 2**64``, ``back`` = 64 - ``norm`` (``norm`` >= 1 as d < 2**63,
    so no shift is by 64). Two multiplications and no divide: a 64-bit ``div`` is tens of cycles,
    and each step takes 64 bits of the big integer (32-bit limbs would take twice the steps).
    The first correction is written without a branch (it is taken often, so a branch would be
    mispredicted); the second is rare.
    """
    u1 = r | (limb >> back)
    u0 = limb << norm
    q0 = recip * u1 + u0
    q1 = mulhi(recip, u1) + u1 + _ONE + U64(q0 < u0)
    r = u0 - q1 * d
    fix = U64(r > q0)
    q1 -= fix
    r += d & (_ZERO - fix)
    if r >= d:
        q1 += _ONE
        r -= d
    return q1, r


@inline
def fraction(r: Any, recip: Any) -> Any:
    """A remainder x below a group's product d as a 64-bit fraction F, x * 2**64 / d <= F <
    (x + 1) * 2**64 / d, from ``r`` = x shifted as ``divide_step`` leaves it and d's reciprocal:
    one multiplication, not a division step (two and a chain of corrections) for F's ceiling.
    ``r + mulhi(r, recip)`` is below x * 2**64 / d by less than 2 (``common.shuffle_tables``), and
    2 more stays below the bound as 2**64 / d > 2."""
    return r + mulhi(r, recip) + U64(2)


@inline
def shuffle(state: Any, work: Any, off: int, n: int, shuf: Any) -> Any:
    """Permute the deck ``work[W_DECK + off:][:n]`` in place exactly as ``core.rng.shuffled``;
    return the new generator state.

    Row ``shuf[n]`` holds n!'s bit width, its 64-bit word count and n! in 64-bit words (low first),
    then the radices n, n-1, ... 2 in groups (``SH_LEN + g`` consecutive ones each), every group's
    product d below 2**63. The drawn integer is divided by each group's d in turn (``divide_step``),
    one 64-bit limb a step (none for a top limb below d: its quotient is 0, its remainder itself),
    leaving the remainder x < d that holds the group's digits; the last group's number is below its
    d already. ``fraction`` gives F, x / d as a 64-bit fraction a little above it (less than
    1 / d above), and the digit of radix r is then ``mulhi(F * P, r)``, P
    (``SH_PRE + r``) the product of the group's radices below r: F * P mod 2**64 is the fraction
    with the digits of those radices taken off, and its high product with r the next digit. So
    every digit is two multiplications, none waiting on another, and each is exact
    (``common.shuffle_tables`` argues it). The digits are read in the swaps' order, radix n first.
    Tables and scratch are two arrays, so that a call costs few reference counts.
    """
    if n < 2:
        return state
    k = np.int64(shuf[n, SH_WORDS])
    s = U64(64 * k - np.int64(shuf[n, SH_WIDTH]))
    while True:
        for j in range(k):
            state, x = next_u64(state)
            work[W_WORDS + k - 1 - j] = x
        if s:
            for j in range(k - 1):
                work[W_WORDS + j] = (work[W_WORDS + j] >> s) | (work[W_WORDS + j + 1] << (U64(64) - s))
            work[W_WORDS + k - 1] >>= s
        less = False
        for j in range(k - 1, -1, -1):
            if work[W_WORDS + j] != shuf[n, SH_FACT + j]:
                less = work[W_WORDS + j] < shuf[n, SH_FACT + j]
                break
        if less:
            break
    top = k - 1
    while top > 0 and work[W_WORDS + top] == _ZERO:
        top -= 1
    groups = np.int64(shuf[n, SH_GROUPS])
    radix: Any = n
    base = W_DECK + off - 1
    for g in range(groups):
        d = shuf[n, SH_D + g]
        recip = shuf[n, SH_RECIP + g]
        norm = shuf[n, SH_NORM + g]
        back = U64(64) - norm
        if g + 1 == groups:  # what is left is below the last group's product: its remainder
            r = work[W_WORDS] << norm
        else:
            r = _ZERO
            start = top
            lead = work[W_WORDS + top]
            if lead < d >> norm:  # its quotient is 0 (the first group's always, but at 34 and 46 cards): a step saved
                r = lead << norm
                work[W_WORDS + top] = _ZERO
                start = top - 1
            for j in range(start, -1, -1):
                q, r = divide_step(r, work[W_WORDS + j], d, recip, norm, back)
                work[W_WORDS + j] = q
            while top > 0 and work[W_WORDS + top] == _ZERO:
                top -= 1
        f = fraction(r, recip)
        for _ in range(np.int64(shuf[n, SH_LEN + g])):
            pos = U64(base + 1) + mulhi(f * shuf[n, SH_PRE + radix], U64(radix))
            i = U64(base + radix)
            tmp = work[i]
            work[i] = work[pos]
            work[pos] = tmp
            radix -= 1
    return state


@inline
def deal(state: Any, round_no: int, players: int, ti: Any, shuf: Any, work: Any, leftover: Any, g: int,
         last_used: Any) -> Any:
    """Shuffle round ``round_no``'s deck into ``work[W_DECK:]`` as ``australia.dealing.deal`` does.

    Seat s is dealt ``deck[s::players]`` up to ``players * hand_size``. ``leftover[g, 0]``
    counts the cards set aside last round in game g (they follow at 1..); ``last_used`` is the mask of the cards
    dealt last round. Returns the generator state and the mask of the cards dealt now.
    """
    n = ti[T_DECK]
    take = players * ti[T_HAND]
    if round_no == 0 or ti[T_RESHUFFLE] or take == n:
        for i in range(n):
            work[W_DECK + i] = U64(i)
        state = shuffle(state, work, 0, n, shuf)
    else:
        kept: Any = np.int64(leftover[g, 0])
        for i in range(kept):
            work[W_DECK + i] = U64(leftover[g, 1 + i])
        m = last_used
        j = W_DECK + kept
        while m:
            work[j] = trailing_zeros(m)
            m &= m - _ONE
            j += 1
        state = shuffle(state, work, kept, take, shuf)
    used = _ZERO
    for i in range(take):
        used |= _ONE << work[W_DECK + i]
    leftover[g, 0] = n - take
    for i in range(take, n):
        leftover[g, 1 + i - take] = work[W_DECK + i]
    return state, used


@inline
def score_round(players: int, ti: Any, number: Any, coll_masks: Any, coll_values: Any, animal_masks: Any,
                animal_values: Any, act_masks: Any, act_table: Any, region_masks: Any, g: int, taken: Any,
                throw: Any, catch: Any, acts: Any, visited: Any, used_acts: Any, gone: Any, points: Any) -> Any:
    """Score a finished round for every seat into ``points`` (this round's gain, sites and
    regions included) and update ``visited``, ``used_acts``; return the regions gone after it.
    Per-seat arrays are ``(games, players)``: row ``g`` is the game scored.

    As ``australia.engine._finish_round``: each seat's Throw & Catch, collections (doubled up to
    the limit), animal pairs and chosen activity; sites crossed off (the Throw's only when the
    ruleset says so); a region's bonus to every seat completing it this round, if still open.
    """
    union = _ZERO
    for p in range(players):
        mask = taken[g, p]
        tc = number[throw[g, p]] - number[catch[g, p]]
        total = tc if tc >= 0 else -tc
        coll = 0
        for i in range(coll_masks.shape[0]):
            coll += coll_values[i] * count(mask & coll_masks[i])
        total += coll * 2 if coll <= ti[T_LIMIT] else coll
        for i in range(animal_masks.shape[0]):
            total += animal_values[i] * (count(mask & animal_masks[i]) >> 1)
        a = acts[g, p]
        if a >= 0:
            total += act_table[count(mask & act_masks[a])]
            used_acts[g, p] |= 1 << a
        if not ti[T_WITH_THROW]:
            mask &= ~(_ONE << U64(throw[g, p]))
        before = count(visited[g, p])
        v = visited[g, p] | mask
        visited[g, p] = v
        union |= v
        total += ti[T_SITE_POINTS] * (count(v) - before)
        points[p] = total
    new_gone = gone
    for r in range(region_masks.shape[0]):
        sites = region_masks[r]
        if (gone >> U64(r)) & _ONE == _ZERO and union & sites == sites:
            for p in range(players):
                if visited[g, p] & sites == sites:
                    points[p] += ti[T_REGION_BONUS]
                    new_gone |= _ONE << U64(r)
    return new_gone


@jit
def playouts(players: int, games: int, seed: Any, policy: int, record: bool, ti: Any, sc: Any, shifts: Any,
             shuf: Any, totals: Any, actions: Any) -> None:
    """Play ``games`` whole games; game g dealt from seed ``seed + g`` (mod 2**64).

    ``policy`` 0: uniformly random legal actions (a second SplitMix64 stream per game, seeded
    apart from the dealer's; each 64-bit output makes two choices, by multiplying a 32-bit half
    by the number of choices); 1: the lowest legal action id. Totals go to ``totals[g, seat]``,
    the chosen action ids (when ``record``) to ``actions[g, seat, decision]``.

    A hand is a short array of cards; hands stay where they are dealt and the seat holding hand
    h at pick k is computed, so passing moves nothing, and a random pick is one multiply.
    """
    number, coll_masks, coll_values, animal_masks, animal_values, act_masks, act_table, region_masks = sc
    n = ti[T_DECK]
    hand = ti[T_HAND]
    kinds = ti[T_KINDS]
    none_id = n + kinds
    work = np.empty(W_SIZE, np.uint64)
    leftover = np.zeros((1, 65), np.uint8)
    cards = np.empty(players * hand, np.int64)
    free = np.empty((players, max(kinds, 1)), np.int64)
    nfree = np.empty(players, np.int64)
    taken = np.empty((1, players), np.uint64)
    throw = np.empty((1, players), np.int64)
    catch = np.empty((1, players), np.int64)
    acts = np.empty((1, players), np.int64)
    visited = np.empty((1, players), np.uint64)
    used_acts = np.empty((1, players), np.int64)
    points = np.empty(players, np.int64)
    for g in range(games):
        state = seed + U64(g)
        _, pstate = next_u64(state ^ _POLICY_SALT)
        bits = _ZERO
        have = 0
        leftover[0, 0] = 0
        last_used = _ZERO
        gone = _ZERO
        for p in range(players):
            visited[0, p] = _ZERO
            used_acts[0, p] = 0
            totals[g, p] = 0
            nfree[p] = kinds
            for i in range(kinds):
                free[p, i] = i
        for rnd in range(ti[T_ROUNDS]):
            state, last_used = deal(state, rnd, players, ti, shuf, work, leftover, 0, last_used)
            for p in range(players):
                for i in range(hand):
                    cards[p * hand + i] = np.int64(work[W_DECK + p + players * i])
                taken[0, p] = _ZERO
            shift = shifts[rnd]
            base = rnd * hand
            at = 0  # hand h is held at pick k by seat h + at (mod players)
            for k in range(hand - 1):
                left = hand - k
                for h in range(players):
                    row = h * hand
                    p = h + at
                    if p >= players:
                        p -= players
                    if policy == 0:
                        if have == 0:
                            pstate, bits = next_u64(pstate)
                            have = 2
                        j: Any = np.int64(((bits & _LOW32) * U64(left)) >> U64(32))
                        bits >>= U64(32)
                        have -= 1
                    else:
                        j = 0
                        for i in range(1, left):
                            if cards[row + i] < cards[row + j]:
                                j = i
                    c = cards[row + j]
                    cards[row + j] = cards[row + left - 1]
                    taken[0, p] |= _ONE << U64(c)
                    if k == 0:
                        throw[0, p] = c
                    if record:
                        actions[g, p, base + k] = c
                at += shift
                if at >= players:
                    at -= players
            for h in range(players):
                p = h + at
                if p >= players:
                    p -= players
                c = cards[h * hand]
                catch[0, p] = c
                taken[0, p] |= _ONE << U64(c)
            for p in range(players):
                m = nfree[p]
                if policy == 0:
                    if have == 0:
                        pstate, bits = next_u64(pstate)
                        have = 2
                    j = np.int64(((bits & _LOW32) * U64(m + 1)) >> U64(32))
                    bits >>= U64(32)
                    have -= 1
                else:
                    j = m
                    for i in range(m):
                        if j == m or free[p, i] < free[p, j]:
                            j = i
                if j < m:
                    a = free[p, j]
                    free[p, j] = free[p, m - 1]
                    nfree[p] = m - 1
                else:
                    a = -1
                acts[0, p] = a
                if record:
                    actions[g, p, base + hand - 1] = none_id if a < 0 else n + a
            gone = score_round(players, ti, number, coll_masks, coll_values, animal_masks, animal_values, act_masks,
                               act_table, region_masks, 0, taken, throw, catch, acts, visited, used_acts, gone, points)
            for p in range(players):
                totals[g, p] += points[p]


@jit
def init(players: int, games: int, seed: Any, ti: Any, shuf: Any, rng: Any, leftover: Any, last_used: Any,
         hands: Any) -> None:
    """Deal every game's first round (the step API's start): ``hands[g, seat]`` masks."""
    work = np.empty(W_SIZE, np.uint64)
    take = players * ti[T_HAND]
    for g in range(games):
        leftover[g, 0] = 0
        rng[g], last_used[g] = deal(seed + U64(g), 0, players, ti, shuf, work, leftover, g, _ZERO)
        for p in range(players):
            h = _ZERO
            for i in range(p, take, players):
                h |= _ONE << work[W_DECK + i]
            hands[g, p] = h


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
                for i in range(n):
                    out[g, p, i] = (h >> U64(i)) & _ONE == _ONE
                for i in range(n, n + kinds + 1):
                    out[g, p, i] = False
    else:
        for g in range(games):
            for p in range(players):
                u = used_acts[g, p]
                for i in range(n):
                    out[g, p, i] = False
                for i in range(kinds):
                    out[g, p, n + i] = (u >> i) & 1 == 0
                out[g, p, n + kinds] = True


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


@inline
def step_games(rnd: int, stp: int, players: int, ti: Any, sc: Any, shifts: Any, shuf: Any, actions: Any,
               hands: Any, taken: Any, throw: Any, catch: Any, acts: Any, visited: Any, used_acts: Any, gone: Any,
               rng: Any, leftover: Any, last_used: Any, totals: Any, rewards: Any) -> None:
    """Apply one (checked) action per seat of every game at step ``stp`` of round ``rnd``; each
    seat's points into ``rewards`` (0 but when a round is scored). One loop over the games,
    taking no array apart inside it (each would cost reference counts per game)."""
    number, coll_masks, coll_values, animal_masks, animal_values, act_masks, act_table, region_masks = sc
    games = actions.shape[0]
    n = ti[T_DECK]
    hand = ti[T_HAND]
    take = players * hand
    kept = np.empty(players, np.uint64)
    points = np.empty(players, np.int64)
    work = np.empty(W_SIZE, np.uint64)
    shift = shifts[rnd]
    for g in range(games):  # zeroed in one pass: a loop of ``players`` stores a game is a memset call each
        for p in range(players):
            rewards[g, p] = 0
    for g in range(games):
        if stp < hand - 1:
            for p in range(players):
                c = actions[g, p]
                bit = _ONE << U64(c)
                if stp == 0:
                    throw[g, p] = c
                    taken[g, p] = bit
                else:
                    taken[g, p] |= bit
                kept[p] = hands[g, p] ^ bit
            for p in range(players):
                q = p + shift
                if q >= players:
                    q -= players
                hands[g, q] = kept[p]
            if stp == hand - 2:
                for p in range(players):
                    catch[g, p] = trailing_zeros(hands[g, p])
                    taken[g, p] |= hands[g, p]
                    hands[g, p] = _ZERO
        else:
            for p in range(players):
                a = actions[g, p] - n
                acts[g, p] = -1 if a >= ti[T_KINDS] else a
            gone[g] = score_round(players, ti, number, coll_masks, coll_values, animal_masks, animal_values,
                                  act_masks, act_table, region_masks, g, taken, throw, catch, acts, visited, used_acts,
                                  gone[g], points)
            for p in range(players):
                totals[g, p] += points[p]
                rewards[g, p] = points[p]
            if rnd + 1 < ti[T_ROUNDS]:
                rng[g], last_used[g] = deal(rng[g], rnd + 1, players, ti, shuf, work, leftover, g, last_used[g])
                for p in range(players):
                    m = _ZERO
                    for i in range(p, take, players):
                        m |= _ONE << work[W_DECK + i]
                    hands[g, p] = m


@jit
def step(rnd: int, stp: int, players: int, ti: Any, sc: Any, shifts: Any, shuf: Any, actions: Any, hands: Any,
         taken: Any, throw: Any, catch: Any, acts: Any, visited: Any, used_acts: Any, gone: Any, rng: Any,
         leftover: Any, last_used: Any, totals: Any, rewards: Any) -> None:
    """Apply one (checked) action per seat of every game at step ``stp`` of round ``rnd``."""
    step_games(rnd, stp, players, ti, sc, shifts, shuf, actions, hands, taken, throw, catch, acts, visited,
               used_acts, gone, rng, leftover, last_used, totals, rewards)


# Offsets of an observation's slices (``rl.australia.layout``), the rows of ``oi``.
O_HAND, O_THROW, O_HELD, O_FACE, O_SITES, O_ROUND, O_STEP, O_REGIONS, O_ACTS, O_SCORES = range(10)
O_SIZE = 10


def extents(n: int, hand: int, rounds: int, regions: int, kinds: int, players: int) -> tuple[int, ...]:
    """The most cells ``observe_start`` and ``step_observe`` write from each offset (``O_*``' order),
    for ``n`` cards, ``hand`` cards a hand, ``rounds`` rounds, ``regions`` regions and ``kinds``
    activities: what ``common.observation_buffers`` holds the offsets to (they index unchecked; the
    round's card rows they clear run from ``O_THROW`` to the face-up rows' end, within these)."""
    return (n, n, (hand - 1) * n, players * n, players * n, rounds + 1, hand, regions, players * kinds, players)


@jit
def observe_start(players: int, ti: Any, oi: Any, hands: Any, obs: Any, masks: Any) -> None:
    """Every seat's observation and legal actions at a game's start into ``obs`` and ``masks``:
    its dealt hand, round 1, the Throw; everything else 0 (``rl.observe`` of a new game)."""
    games = obs.shape[0]
    n = ti[T_DECK]
    actions = masks.shape[2]
    for g in range(games):
        for p in range(players):
            h = hands[g, p]
            obs[g, p, :] = 0.0
            for i in range(n):
                obs[g, p, oi[O_HAND] + i] = np.float32((h >> U64(i)) & _ONE)
                masks[g, p, i] = (h >> U64(i)) & _ONE == _ONE
            for i in range(n, actions):
                masks[g, p, i] = False
            obs[g, p, oi[O_ROUND]] = 1.0
            obs[g, p, oi[O_STEP]] = 1.0


@jit
def step_observe(rnd: int, stp: int, players: int, ti: Any, sc: Any, shifts: Any, shuf: Any, oi: Any,
                 actions: Any, hands: Any, taken: Any, throw: Any, catch: Any, acts: Any, visited: Any,
                 used_acts: Any, gone: Any, rng: Any, leftover: Any, last_used: Any, totals: Any, rewards: Any,
                 obs: Any, masks: Any) -> int:
    """``check``, ``step``, then bring every seat's observation (``obs[g, seat]``, float32, laid out as
    ``rl.australia.layout`` says at offsets ``oi``) and legal actions up to date in place.

    Only what the step changed is written: at a pick, each seat's hand, the row of the hand it
    held, the cards turned face up (and the Throw, the Catch), the step; when a round is scored,
    the new sites, regions and activities, the scores, the round, and the round's card rows
    cleared for the next deal. ``rewards`` (float32) gets the points each seat scored.
    Returns ``check``'s answer: when an action is illegal (>= 0) nothing is applied.
    Bits are set by walking masks (``m &= m - 1``) and everything is indexed from the top-level
    arrays: no per-game view or call taking an array (each would cost reference counts).
    """
    bad: int = check(stp, ti, hands, used_acts, actions)
    if bad >= 0:
        return bad
    games = actions.shape[0]
    n = ti[T_DECK]
    hand = ti[T_HAND]
    kinds = ti[T_KINDS]
    card_step = stp < hand - 1
    before = np.empty((games, players), np.uint64)  # hands before a pick, sites before a score
    before_gone = np.empty(games, np.uint64)
    for g in range(games):
        for p in range(players):
            before[g, p] = hands[g, p] if card_step else visited[g, p]
        before_gone[g] = gone[g]
    step_games(rnd, stp, players, ti, sc, shifts, shuf, actions, hands, taken, throw, catch, acts, visited,
               used_acts, gone, rng, leftover, last_used, totals, rewards)
    # Unsigned indices: numba then checks no negative index, and the loops over a row's cards
    # compile to vector instructions.
    nu = U64(n)
    pu = U64(players)
    o_hand = U64(oi[O_HAND])
    o_face = U64(oi[O_FACE])
    o_step = U64(oi[O_STEP])
    if card_step:
        o_held = U64(oi[O_HELD] + stp * n)
        o_throw = U64(oi[O_THROW])
        last_pick = stp == hand - 2
        for g in range(games):
            for p in range(players):
                held = before[g, p]
                h = hands[g, p]
                for i in range(nu):  # the hand held before the pick
                    obs[g, p, o_held + i] = np.float32(np.int64((held >> i) & _ONE))
                for i in range(nu):  # the hand now (empty after the Catch), one loop a row: vectorized
                    obs[g, p, o_hand + i] = np.float32(np.int64((h >> i) & _ONE))
                for i in range(nu):
                    masks[g, p, i] = (h >> i) & _ONE == _ONE
                if stp == 0:
                    obs[g, p, o_throw + U64(actions[g, p])] = 1.0
                s = p
                for j in range(pu):  # seat p + j, seen by p at row j: its pick, then its Catch
                    if stp > 0:
                        obs[g, p, o_face + j * nu + U64(actions[g, s])] = 1.0
                    if last_pick:
                        obs[g, p, o_face + j * nu + U64(catch[g, s])] = 1.0
                    s = s + 1 if s + 1 < players else 0
                obs[g, p, o_step + U64(stp)] = 0.0
                obs[g, p, o_step + U64(stp + 1)] = 1.0
                if last_pick:  # the activity choice is next
                    u = used_acts[g, p]
                    for i in range(kinds):
                        masks[g, p, n + i] = (u >> i) & 1 == 0
                    masks[g, p, n + kinds] = True
        return -1
    o_throw = oi[O_THROW]
    o_sites = U64(oi[O_SITES])
    o_acts = U64(oi[O_ACTS])
    o_scores = U64(oi[O_SCORES])
    o_regions = U64(oi[O_REGIONS])
    o_round = U64(oi[O_ROUND])
    card_rows = oi[O_FACE] + players * n
    for g in range(games):
        new_gone = gone[g] & ~before_gone[g]
        for p in range(players):
            obs[g, p, o_throw:card_rows] = 0.0  # the round's card rows (a slice: one memset)
            h = hands[g, p]  # dealt now; empty once the game is over
            for i in range(nu):
                obs[g, p, o_hand + i] = np.float32(np.int64((h >> i) & _ONE))
            for i in range(nu):
                masks[g, p, i] = (h >> i) & _ONE == _ONE
            for i in range(n, n + kinds + 1):
                masks[g, p, i] = False
            s = p
            for j in range(pu):
                v = visited[g, s]
                if v != before[g, s]:
                    for i in range(nu):
                        obs[g, p, o_sites + j * nu + i] = np.float32(np.int64((v >> i) & _ONE))
                a = acts[g, s]
                if a >= 0:
                    obs[g, p, o_acts + j * U64(kinds) + U64(a)] = 1.0
                obs[g, p, o_scores + j] = np.float32(totals[g, s])
                s = s + 1 if s + 1 < players else 0
            m = new_gone
            while m:
                obs[g, p, o_regions + trailing_zeros(m)] = 1.0
                m &= m - _ONE
            obs[g, p, o_round + U64(rnd)] = 0.0
            obs[g, p, o_round + U64(rnd + 1)] = 1.0
            obs[g, p, o_step + U64(stp)] = 0.0
            obs[g, p, o_step] = 1.0
    return -1


_SAMPLE_SALT = U64(0x2545F4914F6CDD1D)


@jit
def sample_seed(seed: Any, states: Any) -> None:
    """Seed game g's sampling generator from ``seed + g``, apart from its dealer's stream."""
    for g in range(states.shape[0]):
        _, states[g] = next_u64((seed + U64(g)) ^ _SAMPLE_SALT)


@inline
def nth_bit(m: Any, j: Any) -> Any:
    """The index of the ``j``-th (from 0) set bit of ``m`` (j < popcount(m)), without a branch:
    halve the window six times, moving up when the lower half holds j bits or fewer."""
    pos = _ZERO
    for w in (32, 16, 8, 4, 2, 1):
        c = popcount(m & ((_ONE << U64(w)) - _ONE))
        up = U64(j >= c)
        j -= c * up
        shift = U64(w) * up
        m >>= shift
        pos += shift
    return pos


@jit
def sample(stp: int, ti: Any, hands: Any, used_acts: Any, states: Any, out: Any) -> None:
    """A uniformly random legal action for every seat of every game into ``out[g, seat]``.

    Game g draws from its own SplitMix64 ``states[g]``: a choice among m actions is
    ``(u * m) >> 32`` for a 32-bit half u of an output (bias below m / 2**32).
    """
    games, players = out.shape
    n = ti[T_DECK]
    kinds = ti[T_KINDS]
    all_kinds = U64((1 << kinds) - 1)
    none = U64(kinds)
    card_step = stp < ti[T_HAND] - 1
    for g in range(games):
        state = states[g]
        bits = _ZERO
        for p in range(players):
            if p % 2 == 0:
                state, bits = next_u64(state)
            u = bits & _LOW32
            bits >>= U64(32)
            if card_step:
                m = hands[g, p]
                j = (u * popcount(m)) >> U64(32)
                out[g, p] = np.int64(nth_bit(m, j))
            else:  # an activity not scored yet, or "none" (the last choice)
                m = ~U64(used_acts[g, p]) & all_kinds
                c = popcount(m)
                j = (u * (c + _ONE)) >> U64(32)
                a = none if j == c else nth_bit(m, j)
                out[g, p] = n + np.int64(a)
        states[g] = state


@jit
def first_legal(flat: Any, na: int, words: bool, out: Any) -> None:
    """``out[r]``: the index of the first True of row ``r`` of ``flat`` (rows of ``na`` bools one
    after another), 0 for a row with none, as numpy's ``argmax``.

    With ``words`` (a little-endian machine) a row is read 8 bytes at a time, as one uint64 whose
    lowest set byte is the answer; a row of fewer than 8 actions is one masked load and a
    ``trailing_zeros``, without a branch. The last rows, where 8 bytes would run past the array,
    are read a byte at a time.
    """
    rows = out.shape[0]
    size = flat.shape[0]
    start = 0
    if words and na < 8 and size >= 8:
        stop = _ONE << U64(8 * na)  # a row with no True reads as na
        keep = stop - _ONE
        start = min(rows, (size - 8) // na + 1)  # the rows whose 8 bytes lie within the array
        for r in range(start):
            t = np.int64(trailing_zeros((load_u64(flat, r * na) & keep) | stop)) >> 3
            out[r] = t if t < na else 0
    for r in range(start, rows):
        p = r * na
        best: Any = 0
        a = 0
        while a < na:
            if words and p + a + 8 <= size:
                x = load_u64(flat, p + a)
                if na - a < 8:
                    x &= (_ONE << U64(8 * (na - a))) - _ONE
                if x:
                    best = a + (np.int64(trailing_zeros(x)) >> 3)
                    break
                a += 8
            else:
                if flat[p + a]:
                    best = a
                    break
                a += 1
        out[r] = best
