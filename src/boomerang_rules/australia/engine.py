"""The pure transition functions: start a game, ask who acts and what they may do, apply it.

Decisions are simultaneous within a step: every seat owes one, in any order, and the step
resolves (cards taken, hands passed, the Catch added, the round scored) when the last seat
has decided. Nobody's choice is visible to others before that.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import rng as rng_mod
from ..core.errors import IllegalAction, InvalidInput, Problem
from ..core.pointer import pointer
from .rules import Ruleset
from .scoring import score_cards
from .state import GameState, Progress, RoundResult
from .tables import NO_ACTIVITY, Tables, tables_for


def new_game(rules: Ruleset, players: int, seed: int | None = None, *,
             deals: Sequence[Sequence[Sequence[str]]] = (), undealt_ok: bool = False) -> GameState:
    """A new game for ``players`` seats, dealt from a generator seeded by ``seed``.

    The same rules, player count and seed always give the same deal, on every platform.
    ``deals`` gives the hands of the first rounds instead (``deals[r][seat]``: card ids), as
    a game record does; they are taken as given. Rounds past them are dealt from ``seed``;
    without a seed the game waits at the first round it has no deal for (with neither a
    seed nor deals, ``undealt_ok`` must say that a game waiting for its first deal is meant).
    """
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players must be an integer, not {type(players).__name__}")
    low, high = rules.players.min, rules.players.max
    if not low <= players <= high:
        raise ValueError(f"{rules.id!r} is for {low} to {high} players, not {players}")
    if seed is None and not deals and not undealt_ok:
        raise ValueError("give a seed to deal from, or the deals")
    t = tables_for(rules)
    empty = (0,) * players
    rng = None if seed is None else rng_mod.seed_state(seed)
    progress = Progress((), empty, empty, 0, seed, rng, (), _deal_masks(t, players, deals))
    return _start_round(t, players, 0, progress)


def _deal_masks(t: Tables, players: int, deals: Sequence[Sequence[Sequence[str]]]) -> tuple[tuple[int, ...], ...]:
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
        for i, card in enumerate(hand):
            where = pointer(seat, i)
            if not isinstance(card, str) or card not in t.index:
                problems.append(Problem(where, f"unknown card {card!r}", "card-known"))
            elif card in owner:
                also = "seat " + str(owner[card]) if owner[card] != seat else "the same hand"
                problems.append(Problem(where, f'card "{card}" dealt twice in one round (also to {also})',
                                        "card-unique"))
            else:
                owner[card] = seat
                mask |= 1 << t.index[card]
        if len(hand) != t.hand_size:
            problems.append(Problem(pointer(seat), f"{len(hand)} cards dealt to seat {seat}, the hand size is "
                                    f"{t.hand_size}", "hand-size"))
        masks.append(mask)
    return tuple(masks), problems


def _start_round(t: Tables, players: int, round_no: int, progress: Progress) -> GameState:
    """Deal round ``round_no`` (0-based) and wait for every seat's Throw.

    A given deal is used as it is; otherwise the dealer shuffles. Without either, the state
    waits, undealt, with no seat to act (a game replayed from a record that stops there).
    """
    empty = (0,) * players
    if round_no < len(progress.deals):
        hands = progress.deals[round_no]
        return GameState(t.rules, t, players, round_no, 0, hands, hands, ((),) * players,
                         (None,) * players, (1 << players) - 1, progress)
    state = progress.rng
    if state is None:
        return GameState(t.rules, t, players, round_no, 0, empty, empty, ((),) * players,
                         (None,) * players, 0, progress)
    if round_no == 0 or t.reshuffle or not progress.rounds:
        state, deck = rng_mod.shuffled(state, range(t.deck_size))
    else:
        # Cards used last round are shuffled and go below those set aside, so the set-aside
        # cards are dealt first.
        used = 0
        for mask in progress.rounds[-1].dealt:
            used |= mask
        leftover = progress.leftover
        if round_no - 1 < len(progress.deals):  # a given deal left its set-aside cards unordered
            state, leftover = rng_mod.shuffled(state, _bit_list(((1 << t.deck_size) - 1) & ~used))
        state, below = rng_mod.shuffled(state, _bit_list(used))
        deck = leftover + below
    take = players * t.hand_size
    hands = tuple(_mask(deck[seat:take:players]) for seat in range(players))
    progress = Progress(progress.rounds, progress.visited, progress.used_activities,
                        progress.regions_taken, progress.seed, state, tuple(deck[take:]), progress.deals,
                        progress.names)
    return GameState(t.rules, t, players, round_no, 0, hands, hands, ((),) * players,
                     (None,) * players, (1 << players) - 1, progress)


def _mask(cards: Any) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _bit_list(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def to_act(state: GameState) -> tuple[int, ...]:
    """The seats that still owe a decision now, ascending; empty when the game is over."""
    return state.tables.seats(state.waiting)


def is_over(state: GameState) -> bool:
    """Whether every round has been played and scored."""
    return state.round >= len(state.tables.directions)


def _check_seat(state: GameState, seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalAction(f"seat {seat!r} does not exist in a {state.players}-player game "
                            f"(seats are 0 to {state.players - 1})")


def legal_actions(state: GameState, seat: int) -> tuple[str, ...]:
    """What ``seat`` may do now, sorted: card ids, or activity ids and ``"none"``.

    Empty when the seat owes no decision (it has decided this step, or the game is over).
    """
    if not (0 <= seat < state.players and state.waiting >> seat & 1):
        _check_seat(state, seat)
        return ()
    t = state.tables
    if state.step < t.activity_step:
        return t.hand_ids(state.hands[seat])
    return t.activity_choices[state.progress.used_activities[seat]]


def describe_step(t: Tables, step: int) -> str:
    """A person's name for a step: ``the Throw``, ``pick 3``, ``the activity choice``."""
    if step == 0:
        return "the Throw"
    if step < t.activity_step:
        return f"pick {step}"
    return "the activity choice"


def _refuse(state: GameState, seat: int, action: object) -> IllegalAction:
    """Why ``action`` is not legal for ``seat`` now, in words."""
    t = state.tables
    if is_over(state):
        return IllegalAction("the game is over: no decisions are owed")
    _check_seat(state, seat)
    step = describe_step(t, state.step)
    if not state.waiting >> seat & 1:
        waiting = ", ".join(map(str, t.seats(state.waiting)))
        return IllegalAction(f"seat {seat} has already decided {step} of round {state.round + 1}; "
                             f"waiting for seat(s) {waiting}")
    if state.step < t.activity_step:
        held = ", ".join(t.hand_ids(state.hands[seat]))
        if isinstance(action, str) and action in t.index:
            return IllegalAction(f"card {action!r} is not in the hand seat {seat} holds at {step} "
                                 f"(it holds {held})")
        return IllegalAction(f"seat {seat} must choose a card for {step} (it holds {held}), "
                             f"not {action!r}")
    choices = ", ".join(t.activity_choices[state.progress.used_activities[seat]])
    if isinstance(action, str) and action in t.activity_index:
        return IllegalAction(f"seat {seat} has already scored {action} in an earlier round "
                             f"(it may choose {choices})")
    return IllegalAction(f"seat {seat} must choose an activity or {NO_ACTIVITY!r} now "
                         f"(one of {choices}), not {action!r}")


def apply(state: GameState, seat: int, action: str) -> GameState:
    """The state after ``seat`` takes ``action``. ``state`` itself is never changed.

    Raises ``IllegalAction`` (a ``ValueError``) saying why when the action is not legal.
    """
    t = state.tables
    try:
        if not state.waiting >> seat & 1 or seat < 0:
            raise _refuse(state, seat, action)
        if state.step < t.activity_step:
            choice = t.index[action]
            if not state.hands[seat] >> choice & 1:
                raise _refuse(state, seat, action)
        else:
            choice = t.activity_index[action]
            if choice >= 0 and state.progress.used_activities[seat] >> choice & 1:
                raise _refuse(state, seat, action)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, IllegalAction):
            raise
        raise _refuse(state, seat, action) from None
    pending = state.pending[:seat] + (choice,) + state.pending[seat + 1:]
    waiting = state.waiting & ~(1 << seat)
    if waiting:
        return GameState(state.rules, t, state.players, state.round, state.step, state.dealt,
                         state.hands, state.drafted, pending, waiting, state.progress)
    if state.step < t.activity_step:
        return _resolve_draft(state, pending)  # type: ignore[arg-type]
    return _finish_round(state, pending)  # type: ignore[arg-type]


def _resolve_draft(state: GameState, chosen: tuple[int, ...]) -> GameState:
    """Everyone has chosen: take the cards, pass the hands, and add the Catch after the last pick."""
    t = state.tables
    n = state.players
    kept = [hand ^ (1 << card) for hand, card in zip(state.hands, chosen)]
    drafted = [cards + (card,) for cards, card in zip(state.drafted, chosen)]
    shift = t.directions[state.round] % n
    passed = kept[-shift:] + kept[:-shift] if shift else kept
    step = state.step + 1
    if step == t.activity_step:
        drafted = [cards + (hand.bit_length() - 1,) for cards, hand in zip(drafted, passed)]
        passed = [0] * n
    return GameState(state.rules, t, n, state.round, step, state.dealt, tuple(passed),
                     tuple(drafted), (None,) * n, (1 << n) - 1, state.progress)


def _finish_round(state: GameState, activities: tuple[int, ...]) -> GameState:
    """Everyone has chosen an activity: score the round, then deal the next or end the game."""
    t = state.tables
    n = state.players
    old = state.progress
    scores = tuple(score_cards(t, cards, a) for cards, a in zip(state.drafted, activities))
    first = 0 if t.sites_include_throw else 1
    visited = tuple(v | _mask(cards[first:]) for v, cards in zip(old.visited, state.drafted))
    used = tuple(u | (1 << a if a >= 0 else 0) for u, a in zip(old.used_activities, activities))
    bonuses = [0] * n
    taken = old.regions_taken
    for region, sites in enumerate(t.region_masks):
        if taken >> region & 1:
            continue
        winners = [seat for seat in range(n) if visited[seat] & sites == sites]
        for seat in winners:
            bonuses[seat] |= 1 << region
        if winners:
            taken |= 1 << region
    result = RoundResult(state.dealt, state.drafted, activities, scores, tuple(bonuses))
    progress = Progress((*old.rounds, result), visited, used, taken, old.seed, old.rng, old.leftover, old.deals,
                        old.names)
    next_round = state.round + 1
    if next_round < len(t.directions):
        return _start_round(t, n, next_round, progress)
    empty = (0,) * n
    return GameState(state.rules, t, n, next_round, 0, empty, empty, ((),) * n, (None,) * n, 0, progress)
