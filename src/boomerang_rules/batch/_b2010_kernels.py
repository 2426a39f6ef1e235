"""The compiled kernels of the batched Boomerang (2010) engine (numba). Read ``batch.boomerang2010`` first.

A game's state is arrays indexed by game ``g``: its scalars ``gi[g, G_*]``, the deck's order
``deck[g]`` (shuffled once, as ``new_game`` does with ``core.rng.shuffled``; ``gi[g, G_DECK]``
cards already turned), the river and this round's turned cards as 64-bit masks
(``river[g, 0]``, ``river[g, 1]``), and per seat its token (-1: none yet), boomerangs,
captured cards (a mask), the hunt's order ``active[g, :G_ACTIVE]`` (the seat to act first)
and the stack ``stack[g, :G_STACK]`` (bottom first). Every number comes from ``ti`` (``T_*``)
and ``sc = (card_lands, animal_masks)`` (each card's lands as bits; each animal's cards).
Action ids are ``boomerang2010.actions``': the lands in ruleset order, ``pass``, ``throw``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._kernels import _LOW32, _ONE, _ZERO, U64, W_DECK, W_SIZE, count, inline, jit, next_u64, shuffle, trailing_zeros

G_PHASE, G_ROUND, G_FIRST, G_DECK, G_POT, G_ACTIVE, G_STACK = range(7)
G_SIZE = 7

P_TOKENS, P_HUNT, P_OVER = range(3)
"""Phases, in the order of ``rl.boomerang2010.PHASES``."""

T_N, T_LANDS, T_EACH, T_PER_POINT = range(4)
T_SIZE = 4

_POLICY_SALT = U64(0x5851F42D4C957F2D)


@inline
def start_round(g: int, rnd: int, first: int, players: int, ti: Any, sc: Any, gi: Any, deck: Any, river: Any,
                tokens: Any) -> None:
    """``engine._start_round``: end the game on an empty deck (after the first round), else turn
    cards up until every land shows (or the deck runs out) and wait for every token."""
    card_lands = sc[0]
    gi[g, G_ROUND] = rnd
    gi[g, G_FIRST] = first
    gi[g, G_POT] = 0
    gi[g, G_ACTIVE] = 0
    gi[g, G_STACK] = 0
    river[g, 1] = _ZERO
    for s in range(players):
        tokens[g, s] = -1
    n = ti[T_N]
    pos = gi[g, G_DECK]
    if rnd > 0 and pos >= n:
        gi[g, G_PHASE] = P_OVER
        return
    full = (1 << ti[T_LANDS]) - 1
    shown = 0
    m = river[g, 0]
    while m:
        shown |= card_lands[trailing_zeros(m)]
        m &= m - _ONE
    turned = _ZERO
    while shown != full and pos < n:
        c = deck[g, pos]
        shown |= card_lands[c]
        turned |= _ONE << U64(c)
        pos += 1
    gi[g, G_DECK] = pos
    river[g, 0] |= turned
    river[g, 1] = turned
    gi[g, G_PHASE] = P_TOKENS


@inline
def score(g: int, players: int, ti: Any, sc: Any, captured: Any, boomerangs: Any, totals: Any) -> None:
    """``scoring.score_counts``: each seat's total as if the game ended now into ``totals[g]``."""
    animal_masks = sc[1]
    for s in range(players):
        totals[g, s] = boomerangs[g, s] // ti[T_PER_POINT]
    for a in range(animal_masks.shape[0]):
        lead = 0
        for s in range(players):
            lead = max(lead, count(captured[g, s] & animal_masks[a]))
        if lead:
            for s in range(players):
                if count(captured[g, s] & animal_masks[a]) == lead:
                    totals[g, s] += lead


@inline
def apply(g: int, seat: int, a: int, players: int, ti: Any, sc: Any, gi: Any, deck: Any, river: Any, tokens: Any,
          boomerangs: Any, active: Any, stack: Any, captured: Any) -> None:
    """``engine.apply`` of the legal action id ``a`` by ``seat`` (a land in the tokens phase;
    ``pass`` or ``throw`` by the hunter whose turn it is)."""
    card_lands = sc[0]
    lands = ti[T_LANDS]
    if gi[g, G_PHASE] == P_TOKENS:
        tokens[g, seat] = a
        for s in range(players):
            if tokens[g, s] < 0:
                return
        for i in range(players):
            s = gi[g, G_FIRST] + i
            active[g, i] = s if s < players else s - players
        gi[g, G_ACTIVE] = players
        gi[g, G_PHASE] = P_HUNT
        return
    left = gi[g, G_ACTIVE]
    if a == lands + 1:  # throw: into the pot, and the turn passes on
        boomerangs[g, seat] -= 1
        gi[g, G_POT] += 1
        for i in range(left - 1):
            active[g, i] = active[g, i + 1]
        active[g, left - 1] = seat
        return
    boomerangs[g, seat] += gi[g, G_POT]  # pass: take the pot, token on the stack, out of the hunt
    gi[g, G_POT] = 0
    for i in range(left - 1):
        active[g, i] = active[g, i + 1]
    left -= 1
    gi[g, G_ACTIVE] = left
    stack[g, gi[g, G_STACK]] = seat
    gi[g, G_STACK] += 1
    if left > 1:
        return
    stack[g, gi[g, G_STACK]] = active[g, 0]
    gi[g, G_STACK] += 1
    rest = river[g, 0]
    for i in range(gi[g, G_STACK] - 1, -1, -1):  # the stack from the top down
        s = stack[g, i]
        bit = 1 << tokens[g, s]
        took = _ZERO
        m = rest
        while m:
            c = trailing_zeros(m)
            if card_lands[c] & bit:
                took |= _ONE << c
            m &= m - _ONE
        captured[g, s] |= took
        rest &= ~took
    river[g, 0] = rest
    start_round(g, gi[g, G_ROUND] + 1, active[g, 0], players, ti, sc, gi, deck, river, tokens)


@jit
def init(players: int, seed: Any, ti: Any, sc: Any, shuf: Any, gi: Any, deck: Any, river: Any, tokens: Any,
         boomerangs: Any, captured: Any, totals: Any) -> None:
    """Start every game of a batch: game g as ``new_game(rules, players, seed + g)``."""
    work = np.empty(W_SIZE, np.uint64)
    n = ti[T_N]
    for g in range(gi.shape[0]):
        for i in range(n):
            work[W_DECK + i] = U64(i)
        shuffle(seed + U64(g), work, 0, n, shuf)
        for i in range(n):
            deck[g, i] = np.int64(work[W_DECK + i])
        gi[g, G_DECK] = 0
        river[g, 0] = _ZERO
        for s in range(players):
            boomerangs[g, s] = ti[T_EACH]
            captured[g, s] = _ZERO
        start_round(g, 0, 0, players, ti, sc, gi, deck, river, tokens)
        score(g, players, ti, sc, captured, boomerangs, totals)


@jit
def playouts(players: int, start: int, games: int, seed: Any, policy: int, ti: Any, sc: Any, shuf: Any,
             totals: Any, record: bool, buf: Any, ends: Any) -> int:
    """Play games ``start`` to ``games - 1`` to their end; final totals into ``totals[g]``.

    ``policy`` 0: uniformly random legal actions (a SplitMix64 stream per game, seeded apart
    from the dealer's; a choice among m is ``(u * m) >> 32`` of a 32-bit half u); 1: the lowest
    legal id (the first land; ``pass``). When ``record``, game g's action ids go to ``buf`` up to
    ``ends[g]`` in the order ``engine.step`` takes them (a token step's seats ascending);
    returns the first game that did not fit (``games`` when all did).
    """
    gi = np.zeros((1, G_SIZE), np.int64)
    deck = np.zeros((1, 64), np.int64)
    river = np.zeros((1, 2), np.uint64)
    tokens = np.zeros((1, players), np.int64)
    boomerangs = np.zeros((1, players), np.int64)
    active = np.zeros((1, players), np.int64)
    stack = np.zeros((1, players), np.int64)
    captured = np.zeros((1, players), np.uint64)
    scores = np.zeros((1, players), np.int64)
    lands = ti[T_LANDS]
    pos = ends[start - 1] if start > 0 else 0
    room = buf.shape[0]
    for g in range(start, games):
        init(players, seed + U64(g), ti, sc, shuf, gi, deck, river, tokens, boomerangs, captured, scores)
        _, pstate = next_u64((seed + U64(g)) ^ _POLICY_SALT)
        bits = _ZERO
        have = 0
        while gi[0, G_PHASE] != P_OVER:
            tokens_phase = gi[0, G_PHASE] == P_TOKENS
            movers = players if tokens_phase else 1
            for i in range(movers):
                seat = i if tokens_phase else active[0, 0]
                m = lands if tokens_phase else (2 if boomerangs[0, seat] > 0 else 1)
                if policy == 0 and m > 1:
                    if have == 0:
                        pstate, bits = next_u64(pstate)
                        have = 2
                    j: Any = np.int64(((bits & _LOW32) * U64(m)) >> U64(32))
                    bits >>= U64(32)
                    have -= 1
                else:
                    j = np.int64(0)
                a = j if tokens_phase else lands + j
                if record:
                    if pos >= room:
                        return g
                    buf[pos] = a
                    pos += 1
                apply(0, seat, a, players, ti, sc, gi, deck, river, tokens, boomerangs, active, stack, captured)
        score(0, players, ti, sc, captured, boomerangs, scores)
        for s in range(players):
            totals[g, s] = scores[0, s]
        ends[g] = pos
    return games


@jit
def legal_masks(players: int, ti: Any, gi: Any, tokens: Any, boomerangs: Any, active: Any, out: Any) -> None:
    """``out[g, seat, action]``: whether the seat may take the action now (every seat without a
    token in the tokens phase; the hunter whose turn it is in the hunt)."""
    lands = ti[T_LANDS]
    for g in range(out.shape[0]):
        out[g, :, :] = False
        ph = gi[g, G_PHASE]
        if ph == P_TOKENS:
            for s in range(players):
                if tokens[g, s] < 0:
                    out[g, s, :lands] = True
        elif ph == P_HUNT:
            s = active[g, 0]
            out[g, s, lands] = True
            out[g, s, lands + 1] = boomerangs[g, s] > 0


@jit
def check(players: int, ti: Any, gi: Any, tokens: Any, boomerangs: Any, active: Any, actions: Any) -> int:
    """-1 when every seat owing a decision has a legal action in ``actions``, else the flat index
    (game * players + seat) of the first that has not."""
    lands = ti[T_LANDS]
    for g in range(actions.shape[0]):
        ph = gi[g, G_PHASE]
        for s in range(players):
            a = actions[g, s]
            if ph == P_TOKENS and tokens[g, s] < 0:
                ok = 0 <= a < lands
            elif ph == P_HUNT and active[g, 0] == s:
                ok = a == lands or (a == lands + 1 and boomerangs[g, s] > 0)
            else:
                continue
            if not ok:
                return g * players + s
    return -1


@jit
def step(players: int, ti: Any, sc: Any, actions: Any, gi: Any, deck: Any, river: Any, tokens: Any,
         boomerangs: Any, active: Any, stack: Any, captured: Any, totals: Any, rewards: Any) -> None:
    """Apply the (checked) actions of every seat owing a decision, in seat order; each seat's
    change of total (as if the game ended now) into ``rewards``."""
    for g in range(actions.shape[0]):
        for s in range(players):
            rewards[g, s] = totals[g, s]
        ph = gi[g, G_PHASE]
        if ph == P_TOKENS:
            for s in range(players):
                if tokens[g, s] < 0:
                    apply(g, s, actions[g, s], players, ti, sc, gi, deck, river, tokens, boomerangs, active, stack,
                          captured)
        elif ph == P_HUNT:
            s = active[g, 0]
            apply(g, s, actions[g, s], players, ti, sc, gi, deck, river, tokens, boomerangs, active, stack, captured)
        score(g, players, ti, sc, captured, boomerangs, totals)
        for s in range(players):
            rewards[g, s] = totals[g, s] - rewards[g, s]


@jit
def sample(players: int, ti: Any, gi: Any, tokens: Any, boomerangs: Any, active: Any, states: Any, out: Any) -> None:
    """A uniformly random legal action for every seat owing a decision into ``out[g, seat]`` (-1 elsewhere)."""
    lands = ti[T_LANDS]
    for g in range(out.shape[0]):
        ph = gi[g, G_PHASE]
        state = states[g]
        for s in range(players):
            out[g, s] = -1
            if ph == P_TOKENS and tokens[g, s] < 0:
                m = lands
                first = 0
            elif ph == P_HUNT and active[g, 0] == s:
                m = 2 if boomerangs[g, s] > 0 else 1
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


@jit
def observe(players: int, ti: Any, oi: Any, gi: Any, river: Any, tokens: Any, boomerangs: Any, active: Any,
            stack: Any, captured: Any, totals: Any, obs: Any) -> None:
    """Every seat's ``rl.boomerang2010.observe`` of every game into ``obs[g, seat]``: its own token
    only, the river, the captures, the hunt, seats relative to it."""
    n = ti[T_N]
    for g in range(obs.shape[0]):
        ph = gi[g, G_PHASE]
        for p in range(players):
            obs[g, p, :] = 0.0
            if tokens[g, p] >= 0:
                obs[g, p, oi[O_TOKEN] + tokens[g, p]] = 1.0
            for row, mask in ((O_RIVER, river[g, 0]), (O_TURNED, river[g, 1])):
                while mask:
                    obs[g, p, oi[row] + np.int64(trailing_zeros(mask))] = 1.0
                    mask &= mask - _ONE
            obs[g, p, oi[O_POT]] = gi[g, G_POT]
            obs[g, p, oi[O_DECK]] = n - gi[g, G_DECK]
            obs[g, p, oi[O_ROUND]] = gi[g, G_ROUND]
            obs[g, p, oi[O_PHASE] + ph] = 1.0
            for j in range(players):
                s = p + j if p + j < players else p + j - players
                obs[g, p, oi[O_CHOSEN] + j] = 1.0 if tokens[g, s] >= 0 else 0.0
                mask = captured[g, s]
                while mask:
                    obs[g, p, oi[O_CAPTURED] + j * n + np.int64(trailing_zeros(mask))] = 1.0
                    mask &= mask - _ONE
                obs[g, p, oi[O_BOOMERANGS] + j] = boomerangs[g, s]
                obs[g, p, oi[O_SCORES] + j] = totals[g, s]
                if s == gi[g, G_FIRST]:
                    obs[g, p, oi[O_FIRST] + j] = 1.0
            for i in range(gi[g, G_ACTIVE]):
                s = active[g, i]
                j = s - p if s >= p else s - p + players
                obs[g, p, oi[O_ACTIVE] + j] = 1.0
                if i == 0 and ph == P_HUNT:
                    obs[g, p, oi[O_TURN] + j] = 1.0
            for i in range(gi[g, G_STACK]):
                s = stack[g, i]
                j = s - p if s >= p else s - p + players
                obs[g, p, oi[O_STACK] + j] = i + 1
