"""The compiled kernels of the batched Boomerang (2010) engine (numba). Read ``batch.boomerang2010`` first.

A batch's state is three narrow arrays indexed by game ``g``, so that a step touches a few
cache lines of each game: ``gi[g]`` (int32) its scalars at the ``G_*`` columns, then per seat
its token (-1: none yet, from ``G_SEATS``), its boomerangs (from ``G_SEATS + players``) and the
stack (from ``G_SEATS + 2 * players``, bottom first, ``gi[g, G_STACK]`` tokens); ``cm[g]``
(uint64) the river and this round's turned cards (``C_RIVER``, ``C_TURNED``) and every seat's
captured cards (from ``C_CAPTURED``), each a mask of card indices; ``deck[g]`` (uint8) the
deck's order, shuffled once as ``new_game`` does (``core.rng.shuffled``), ``gi[g, G_DECK]``
cards already turned. The hunt's order is always the seats still in it (the mask
``gi[g, G_IN]``) in seat order from the one whose turn it is (``gi[g, G_TURN]``): a throw passes
the turn to the next of them, a pass leaves the circle. Every number comes from ``ti``
(``T_*``) and ``sc = (card_lands, animal_masks, land_masks)`` (each card's lands as bits; each
animal's cards; each land's cards). Action ids are ``boomerang2010.actions``': the lands in
ruleset order, ``pass``, ``throw``. The step kernel keeps the rest up to date as it goes, writing
only what changes: the totals (the majorities recounted only for the animals a hunt's captures
touch), the legal masks ``ms[g]`` (flat ``(players, lands + 2)``) and the count of games not
over. The small helpers of the hunt's every step (``next_in``, ``sets``, ``hunter``) are inlined
(``inline="always"``), so a throw or pass makes no call; the hot loops index the kernels' own
arguments. ``step`` writes ``start_round`` and ``turn_up`` out at a round's end instead of inlining
them: numba counts a reference (an atomic increment, then a decrement) for every array handed to
an inlined helper whose body has loops, twelve a round's end, which ``perf`` put at a third of
the step's time. Written out, with the rewards zeroed in one pass and the stack read once at a
hunt's end, ``step`` takes 8.3-9.8 ms of CPU a 4096-game batch of lowest-legal play (14.1-16.6
before; the spread is the shared machine's load). ``init`` and ``playouts`` still call them.
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
    bare,
    inline,
    jit,
    next_u64,
    popcount,
    scaled,
    shuffle,
    trailing_zeros,
    write_kept_bits,
)

G_PHASE, G_ROUND, G_FIRST, G_DECK, G_POT, G_TURN, G_IN, G_LEFT, G_STACK = range(9)
G_SEATS = 9
"""The per-seat columns of ``gi`` start here: tokens, boomerangs, the stack (``players`` each)."""

C_RIVER, C_TURNED, C_CAPTURED = range(3)

P_TOKENS, P_HUNT, P_OVER = range(3)
"""Phases, in the order of ``rl.boomerang2010.PHASES``."""

T_N, T_LANDS, T_EACH, T_PER_POINT = range(4)
T_SIZE = 4

MAX_SEATS = 16
"""The most players a ruleset may have (its schema's bound): the scratch of ``playouts``."""

_POLICY_SALT = U64(0x5851F42D4C957F2D)


def width(players: int) -> int:
    """The columns of ``gi`` for ``players`` seats."""
    return G_SEATS + 3 * players


@inline
def next_in(mask: Any, seat: Any, players: int) -> Any:
    """The seat after ``seat`` (cyclically) among those of ``mask`` (``mask`` not empty, no bit at
    ``players`` or above): the lowest bit above ``seat``, else the lowest bit, with no loop."""
    m = U64(mask)
    after = m >> U64(seat + 1)
    if after:
        return np.int64(seat) + 1 + np.int64(trailing_zeros(after))
    return np.int64(trailing_zeros(m))


@inline
def turn_up(pos: Any, river: Any, deck: Any, g: int, n: int, lands: int, card_lands: Any, land_masks: Any) -> Any:
    """``engine._start_round``'s river: cards turned from ``pos`` until every land shows (or the
    deck runs out); returns the new position and the mask of the cards turned."""
    full = (1 << lands) - 1
    shown = 0
    for land in range(lands):
        if river & land_masks[land]:
            shown |= 1 << land
    turned = _ZERO
    while shown != full and pos < n:
        c = np.int64(deck[g, pos])
        shown |= card_lands[c]
        turned |= _ONE << U64(c)
        pos += 1
    return pos, turned


@inline
def sets(held: Any, inv: float) -> Any:
    """``held // per`` for ``held >= 0`` as ``int((held + 0.5) * inv)``, ``inv = 1 / per``: exact, since
    (held + 0.5) / per lies at least 0.5 / per inside an integer's interval (per <= 1000, held < 2**20)."""
    return np.int64((held + 0.5) * inv)


@jit
def majorities(a_masks: Any, capt: Any, g: int, c0: int, players: int, out: Any) -> None:
    """``scoring.score_counts``' majorities added to ``out[g, s]``, seat s's captures being
    ``capt[g, c0 + s]``: for each animal, the seats with the most cards of it (tied leaders alike)
    score as many points (a lead of 0 adds 0)."""
    for a in range(a_masks.shape[0]):
        am = a_masks[a]
        lead: Any = 0
        for s in range(players):
            lead = max(lead, np.int64(popcount(capt[g, c0 + s] & am)))
        for s in range(players):
            out[g, s] += lead * np.int64(np.int64(popcount(capt[g, c0 + s] & am)) == lead)


@inline
def start_round(g: int, rnd: Any, first: Any, players: int, n: int, lands: int, card_lands: Any, l_masks: Any,
                gi: Any, deck: Any, cm: Any, ms: Any) -> bool:
    """``engine._start_round``: end the game on an empty deck (after the first round), else turn
    cards up until every land shows (or the deck runs out) and wait for every token. The legal
    masks ``ms[g]`` (flat ``(players, lands + 2)``) follow: every land of every seat, or none once
    over (returned True). ``step`` has its own copy, written out (see the module's docstring)."""
    gi[g, G_ROUND] = rnd
    gi[g, G_FIRST] = first
    gi[g, G_POT] = 0
    gi[g, G_TURN] = -1
    gi[g, G_IN] = 0
    gi[g, G_LEFT] = 0
    gi[g, G_STACK] = 0
    cm[g, C_TURNED] = _ZERO
    for s in range(players):
        gi[g, G_SEATS + s] = -1
    pos = np.int64(gi[g, G_DECK])
    over = rnd > 0 and pos >= n
    na = lands + 2
    for s in range(players):
        for a in range(lands):
            ms[g, s * na + a] = not over
        ms[g, s * na + lands] = False
        ms[g, s * na + lands + 1] = False
    if over:
        gi[g, G_PHASE] = P_OVER
        return True
    pos, turned = turn_up(pos, cm[g, C_RIVER], deck, g, n, lands, card_lands, l_masks)
    gi[g, G_DECK] = pos
    cm[g, C_RIVER] |= turned
    cm[g, C_TURNED] = turned
    gi[g, G_PHASE] = P_TOKENS
    return False


@inline
def hunter(g: int, seat: Any, players: int, lands: int, gi: Any, ms: Any) -> None:
    """``seat``'s turn in the hunt: its legal masks ``pass``, and ``throw`` while it holds boomerangs."""
    gi[g, G_TURN] = seat
    o = seat * (lands + 2) + lands
    ms[g, o] = True
    ms[g, o + 1] = gi[g, G_SEATS + players + seat] > 0


@jit
def rescore(g: int, players: int, inv: float, a_masks: Any, gi: Any, cm: Any, totals: Any) -> None:
    """Each seat's total as if the game ended now into ``totals[g]``: sets of boomerangs and majorities."""
    b0 = G_SEATS + players
    for s in range(players):
        totals[g, s] = sets(gi[g, b0 + s], inv)
    for a in range(a_masks.shape[0]):  # ``majorities``, written out: a call here would count references
        am = a_masks[a]
        lead: Any = 0
        for s in range(players):
            lead = max(lead, np.int64(popcount(cm[g, C_CAPTURED + s] & am)))
        for s in range(players):
            totals[g, s] += lead * np.int64(np.int64(popcount(cm[g, C_CAPTURED + s] & am)) == lead)


@jit
def init(players: int, seed: Any, ti: Any, sc: Any, shuf: Any, gi: Any, deck: Any, cm: Any, totals: Any,
         ms: Any) -> None:
    """Start every game of a batch: game g as ``new_game(rules, players, seed + g)``."""
    card_lands, a_masks, l_masks = sc
    work = np.empty(W_SIZE, np.uint64)
    n = ti[T_N]
    lands = ti[T_LANDS]
    inv = 1.0 / ti[T_PER_POINT]
    for g in range(gi.shape[0]):
        for i in range(n):
            work[W_DECK + i] = U64(i)
        shuffle(seed + U64(g), work, 0, n, shuf)
        for i in range(n):
            deck[g, i] = np.uint8(work[W_DECK + i])
        gi[g, G_DECK] = 0
        cm[g, C_RIVER] = _ZERO
        for s in range(players):
            gi[g, G_SEATS + players + s] = ti[T_EACH]
            cm[g, C_CAPTURED + s] = _ZERO
        start_round(g, 0, 0, players, n, lands, card_lands, l_masks, gi, deck, cm, ms)
        rescore(g, players, inv, a_masks, gi, cm, totals)


@jit
def playouts(players: int, start: int, games: int, seed: Any, policy: int, ti: Any, sc: Any, shuf: Any,
             totals: Any, record: bool, buf: Any, ends: Any) -> int:
    """Play games ``start`` to ``games - 1`` to their end; final totals into ``totals[g]``.

    A game lives in locals and a few scratch arrays: the river and captures as masks, the hunt
    as the mask of the seats still in it and the seat whose turn it is. ``policy`` 0: uniformly
    random legal actions (a SplitMix64 stream per game, seeded apart from the dealer's; a choice
    among m is ``(u * m) >> 32`` of a 32-bit half u); 1: the lowest legal id (the first land;
    ``pass``). When ``record``, game g's action ids go to ``buf`` up to ``ends[g]`` in the order
    ``engine.step`` takes them (a token step's seats ascending); returns the first game that did
    not fit (``games`` when all did).
    """
    card_lands, a_masks, l_masks = sc
    work = np.empty(W_SIZE, np.uint64)
    deck = np.empty((1, 64), np.uint8)
    tok = np.empty(MAX_SEATS, np.int64)
    boom = np.empty(MAX_SEATS, np.int64)
    stk = np.empty(MAX_SEATS, np.int64)
    capt = np.empty((1, MAX_SEATS), np.uint64)
    score = np.empty((1, MAX_SEATS), np.int64)
    n = ti[T_N]
    lands = ti[T_LANDS]
    each = ti[T_EACH]
    inv = 1.0 / ti[T_PER_POINT]
    everyone = (1 << players) - 1
    pos = ends[start - 1] if start > 0 else 0
    room = buf.shape[0]
    random = policy == 0
    for g in range(start, games):
        for i in range(n):
            work[W_DECK + i] = U64(i)
        shuffle(seed + U64(g), work, 0, n, shuf)
        for i in range(n):
            deck[0, i] = np.uint8(work[W_DECK + i])
        _, pstate = next_u64((seed + U64(g)) ^ _POLICY_SALT)
        bits = _ZERO
        have = 0
        for s in range(players):
            boom[s] = each
            capt[0, s] = _ZERO
        river = _ZERO
        dealt = 0
        first = 0
        rnd = 0
        while rnd == 0 or dealt < n:
            dealt, turned = turn_up(dealt, river, deck, 0, n, lands, card_lands, l_masks)
            river |= turned
            for s in range(players):  # the tokens, seats ascending
                j: Any = 0
                if random and lands > 1:
                    if have == 0:
                        pstate, bits = next_u64(pstate)
                        have = 2
                    j = np.int64(((bits & _LOW32) * U64(lands)) >> U64(32))
                    bits >>= U64(32)
                    have -= 1
                tok[s] = j
                if record:
                    if pos >= room:
                        return g
                    buf[pos] = j
                    pos += 1
            inside = everyone
            left = players
            seat = first
            pot = 0
            top = 0
            while True:  # the hunt
                j = 0
                if random and boom[seat] > 0:
                    if have == 0:
                        pstate, bits = next_u64(pstate)
                        have = 2
                    j = np.int64(((bits & _LOW32) * U64(2)) >> U64(32))
                    bits >>= U64(32)
                    have -= 1
                if record:
                    if pos >= room:
                        return g
                    buf[pos] = lands + j
                    pos += 1
                if j == 1:  # throw: into the pot, and the turn passes on
                    boom[seat] -= 1
                    pot += 1
                    seat = next_in(inside, seat, players)
                    continue
                boom[seat] += pot  # pass: take the pot, token on the stack, out of the hunt
                pot = 0
                stk[top] = seat
                top += 1
                inside &= ~(1 << seat)
                left -= 1
                seat = next_in(inside, seat, players)
                if left == 1:
                    break
            stk[top] = seat
            top += 1
            for i in range(top - 1, -1, -1):  # the stack from the top down
                s = stk[i]
                took = river & l_masks[tok[s]]
                capt[0, s] |= took
                river &= ~took
            first = seat
            rnd += 1
        for s in range(players):
            score[0, s] = sets(boom[s], inv)
        majorities(a_masks, capt, 0, 0, players, score)
        for s in range(players):
            totals[g, s] = score[0, s]
        ends[g] = pos
    return games


@jit
def to_act(players: int, gi: Any, out: Any) -> None:
    """``out[g, seat]``: whether the seat owes a decision now."""
    for g in range(gi.shape[0]):
        ph = gi[g, G_PHASE]
        for s in range(players):
            out[g, s] = (ph == P_TOKENS and gi[g, G_SEATS + s] < 0) or (ph == P_HUNT and gi[g, G_TURN] == s)


@jit
def step(players: int, ti: Any, sc: Any, actions: Any, gi: Any, deck: Any, cm: Any, totals: Any, ms: Any,
         rewards: Any, live: Any) -> Any:
    """Check, then apply, the actions of every seat owing a decision (a token step's seats in
    seat order); each seat's change of total (as if the game ended now) into ``rewards``, the
    legal masks ``ms`` kept up to date (only the entries that change are written), ``live[0]``
    the games not over.

    Returns the decisions applied, or ``-1 - (game * players + seat)`` of the first seat whose
    action is not legal, and then applies none. The rewards are zeroed in one pass (a loop of
    ``players`` stores a game is a ``memset`` call each) and written only where they are not 0.
    """
    card_lands, a_masks, l_masks = sc
    n = ti[T_N]
    lands = ti[T_LANDS]
    inv = 1.0 / ti[T_PER_POINT]
    b0 = G_SEATS + players
    na = lands + 2
    full = (1 << lands) - 1
    games = gi.shape[0]
    for g in range(games):
        ph = gi[g, G_PHASE]
        if ph == P_TOKENS:
            for s in range(players):
                if gi[g, G_SEATS + s] < 0:
                    a = actions[g, s]
                    if a < 0 or a >= lands:
                        return -1 - (g * players + s)
        elif ph == P_HUNT:
            s = gi[g, G_TURN]
            a = actions[g, s]
            if not (a == lands or (a == lands + 1 and gi[g, b0 + s] > 0)):
                return -1 - (g * players + s)
    done = 0
    rewards[:] = 0
    for g in range(games):
        ph = gi[g, G_PHASE]
        if ph == P_TOKENS:
            for s in range(players):
                if gi[g, G_SEATS + s] < 0:
                    gi[g, G_SEATS + s] = actions[g, s]
                    done += 1
                for a in range(lands):
                    ms[g, s * na + a] = False
            gi[g, G_IN] = (1 << players) - 1
            gi[g, G_LEFT] = players
            gi[g, G_PHASE] = P_HUNT
            hunter(g, gi[g, G_FIRST], players, lands, gi, ms)
            continue
        if ph != P_HUNT:
            continue
        done += 1
        seat = gi[g, G_TURN]
        held = gi[g, b0 + seat]
        inside = gi[g, G_IN]
        ms[g, seat * na + lands] = False
        ms[g, seat * na + lands + 1] = False
        if actions[g, seat] == lands + 1:  # throw: into the pot, and the turn passes on
            gi[g, b0 + seat] = held - 1
            gi[g, G_POT] += 1
            gain = sets(held - 1, inv) - sets(held, inv)
            totals[g, seat] += gain
            if gain:
                rewards[g, seat] = gain
            hunter(g, next_in(inside, seat, players), players, lands, gi, ms)
            continue
        pot = gi[g, G_POT]  # pass: take the pot, token on the stack, out of the hunt
        gi[g, b0 + seat] = held + pot
        gain = sets(held + pot, inv) - sets(held, inv)
        totals[g, seat] += gain
        if gain:
            rewards[g, seat] = gain
        gi[g, G_POT] = 0
        top = gi[g, G_STACK]
        gi[g, b0 + players + top] = seat
        top += 1
        inside &= ~(1 << seat)
        gi[g, G_IN] = inside
        gi[g, G_LEFT] -= 1
        last = next_in(inside, seat, players)
        if gi[g, G_LEFT] > 1:
            gi[g, G_STACK] = top
            hunter(g, last, players, lands, gi, ms)
            continue
        gi[g, b0 + players + top] = last  # the last one left: its token on top, then the captures
        top += 1
        gi[g, G_STACK] = top
        river = cm[g, C_RIVER]
        rest = river  # the captures, top of the stack first; what they took is what the river lost
        for i in range(top - 1, -1, -1):
            s = gi[g, b0 + players + i]
            took = rest & l_masks[gi[g, G_SEATS + s]]
            cm[g, C_CAPTURED + s] |= took
            rest &= ~took
        caught = river & ~rest
        cm[g, C_RIVER] = rest
        kept = ~caught  # a seat's captures before: its captures now less this round's (the river held none)
        for a in range(a_masks.shape[0]):  # the majorities of the animals caught, in one pass: old and new
            am = a_masks[a]
            if am & caught:
                old: Any = 0
                new: Any = 0
                for s in range(players):
                    c = cm[g, C_CAPTURED + s] & am
                    new = max(new, np.int64(popcount(c)))
                    old = max(old, np.int64(popcount(c & kept)))
                for s in range(players):
                    c = cm[g, C_CAPTURED + s] & am
                    got = (new * np.int64(np.int64(popcount(c)) == new)
                           - old * np.int64(np.int64(popcount(c & kept)) == old))
                    if got:
                        totals[g, s] += got
                        rewards[g, s] += got
        gi[g, G_ROUND] += 1  # ``start_round`` and ``turn_up``, written out (see the module's docstring)
        gi[g, G_FIRST] = last
        gi[g, G_TURN] = -1
        gi[g, G_IN] = 0
        gi[g, G_LEFT] = 0
        gi[g, G_STACK] = 0
        cm[g, C_TURNED] = _ZERO
        for s in range(players):
            gi[g, G_SEATS + s] = -1
        pos = np.int64(gi[g, G_DECK])
        if pos >= n:  # over: the masks are all False already (the lands since the tokens, pass and throw now)
            gi[g, G_PHASE] = P_OVER
            live[0] -= 1
            continue
        for s in range(players):
            for a in range(lands):
                ms[g, s * na + a] = True
        shown = 0
        for land in range(lands):
            if rest & l_masks[land]:
                shown |= 1 << land
        turned = _ZERO
        while shown != full and pos < n:
            card = np.int64(deck[g, pos])
            shown |= card_lands[card]
            turned |= _ONE << U64(card)
            pos += 1
        gi[g, G_DECK] = pos
        cm[g, C_RIVER] = rest | turned
        cm[g, C_TURNED] = turned
        gi[g, G_PHASE] = P_TOKENS
    return done


@jit
def sample(players: int, ti: Any, gi: Any, states: Any, out: Any) -> None:
    """A uniformly random legal action for every seat owing a decision into ``out[g, seat]`` (-1 elsewhere)."""
    lands = ti[T_LANDS]
    for g in range(out.shape[0]):
        ph = gi[g, G_PHASE]
        state = states[g]
        for s in range(players):
            out[g, s] = -1
            if ph == P_TOKENS and gi[g, G_SEATS + s] < 0:
                m = lands
                first = 0
            elif ph == P_HUNT and gi[g, G_TURN] == s:
                m = 2 if gi[g, G_SEATS + players + s] > 0 else 1
                first = lands
            else:
                continue
            state, x = next_u64(state)
            out[g, s] = first + np.int64(((x & _LOW32) * U64(m)) >> U64(32))
        states[g] = state


# Rows of ``oi``: each observation slice's start (``rl.boomerang2010.observation_spec``).
O_NAMES = ("token", "chosen", "river", "turned", "captured", "boomerangs", "pot", "deck", "round", "phase", "first",
           "active", "turn", "stack", "scores")
(O_TOKEN, O_CHOSEN, O_RIVER, O_TURNED, O_CAPTURED, O_BOOMERANGS, O_POT, O_DECK, O_ROUND, O_PHASE, O_FIRST, O_ACTIVE,
 O_TURN, O_STACK, O_SCORES) = range(15)


def extents(n: int, lands: int, players: int) -> tuple[int, ...]:
    """The most cells ``observe`` writes from each of its offsets (``O_NAMES``' order), for ``n``
    cards and ``lands`` lands: what ``common.observation_buffers`` holds the offsets to (it indexes
    unchecked)."""
    return (lands, players, n, n, players * n, players, 1, 1, 1, P_OVER + 1, players, players, players, players,
            players)


M_RIVER, M_TURNED, M_CAPTURED = 0, 1, 2
"""Columns of an observation's memo (``observe``): the bits its cells hold of the river, the cards
turned up, then each seat's captures (``players`` columns, seats relative to the observer)."""


def memo_width(players: int) -> int:
    """The columns of an observation's memo a seat (``M_*``)."""
    return M_CAPTURED + players


@bare
def observe(players: int, ti: Any, oi: Any, gi: Any, cm: Any, totals: Any, bounds: Any, skip: Any, memo: Any,
            obs: Any) -> None:
    """Every seat's ``rl.boomerang2010.observe`` of every game into ``obs[g, seat]`` (float32): its own
    token only, the river, the captures, the hunt, seats relative to it; each number scaled by its
    cell's ``bounds`` entry (``_kernels.scaled``); the games ``skip`` marks are left as they are (a
    game over since its last observation: the same again).

    ``memo`` (uint64, ``(games, players, memo_width(players))``, or with no columns) holds the
    card bits ``obs`` holds, as the last call with it left them: then only the cells that changed
    are written (the numbers, the token and the one-hot seats all; the card bits through
    ``write_changed_bits``), and ``memo`` is kept up. With no columns every cell is written. The
    memo's bits are read within the deck's ``n`` (a memo of other bits writes no cell outside its
    slice)."""
    n = ti[T_N]
    lands = ti[T_LANDS]
    deck_bits = (_ONE << U64(n)) - _ONE if n < 64 else _ZERO - _ONE
    kept = memo.shape[2] > 0
    b0 = G_SEATS + players
    cells = obs.shape[2]
    for g in range(obs.shape[0]):
        if skip[g]:
            continue
        ph = gi[g, G_PHASE]
        inside = gi[g, G_IN]
        for p in range(players):
            if not kept:
                for i in range(cells):
                    obs[g, p, i] = 0.0
            token = gi[g, G_SEATS + p]
            for i in range(lands):
                obs[g, p, oi[O_TOKEN] + i] = 1.0 if i == token else 0.0
            write_kept_bits(obs, memo, g, p, M_RIVER, oi[O_RIVER], cm[g, C_RIVER], kept, deck_bits)
            write_kept_bits(obs, memo, g, p, M_TURNED, oi[O_TURNED], cm[g, C_TURNED], kept, deck_bits)
            obs[g, p, oi[O_POT]] = scaled(gi[g, G_POT], bounds[oi[O_POT]])
            obs[g, p, oi[O_DECK]] = scaled(n - gi[g, G_DECK], bounds[oi[O_DECK]])
            obs[g, p, oi[O_ROUND]] = scaled(gi[g, G_ROUND], bounds[oi[O_ROUND]])
            for i in range(P_OVER + 1):
                obs[g, p, oi[O_PHASE] + i] = 1.0 if i == ph else 0.0
            for j in range(players):
                s = p + j if p + j < players else p + j - players
                obs[g, p, oi[O_CHOSEN] + j] = 1.0 if gi[g, G_SEATS + s] >= 0 else 0.0
                write_kept_bits(obs, memo, g, p, M_CAPTURED + j, oi[O_CAPTURED] + j * n, cm[g, C_CAPTURED + s], kept,
                                deck_bits)
                at = oi[O_BOOMERANGS] + j
                obs[g, p, at] = scaled(gi[g, b0 + s], bounds[at])
                at = oi[O_SCORES] + j
                obs[g, p, at] = scaled(totals[g, s], bounds[at])
                obs[g, p, oi[O_FIRST] + j] = 1.0 if s == gi[g, G_FIRST] else 0.0
                active = (inside >> s) & 1 != 0
                obs[g, p, oi[O_ACTIVE] + j] = 1.0 if active else 0.0
                obs[g, p, oi[O_TURN] + j] = 1.0 if active and ph == P_HUNT and gi[g, G_TURN] == s else 0.0
                obs[g, p, oi[O_STACK] + j] = 0.0
            for i in range(gi[g, G_STACK]):
                s = gi[g, b0 + players + i]
                j = s - p if s >= p else s - p + players
                at = oi[O_STACK] + j
                obs[g, p, at] = scaled(i + 1, bounds[at])
