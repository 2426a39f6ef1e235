"""The pure transition functions: start a game, ask who acts and what they may do, apply it.

Decisions are simultaneous within a step: every seat owes one, in any order, and the step
resolves (cards taken, hands passed, the Catch added, the round scored) when the last seat
has decided. Nobody's choice is visible to others before that.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

from ..core import rng as rng_mod
from ..core.arguments import brief, is_list, kind, require, string_list
from ..core.errors import IllegalAction, InvalidInput, Problem
from .actions import as_id
from .dealing import deal, deal_masks, deal_problems
from .rules import Ruleset
from .state import PENDING_BITS, GameState, Progress, RoundContext, RoundResult, make_state
from .tables import NO_ACTIVITY, Tables, seats, tables_for


def new_game(rules: Ruleset, players: int, seed: int | None = None, *,
             deals: Sequence[Sequence[Sequence[str]]] = (), undealt_ok: bool = False) -> GameState:
    """A new game for ``players`` seats, dealt from a generator seeded by ``seed``.

    The same rules, player count and seed always give the same deal, on every platform.
    ``deals`` gives the hands of the first rounds instead (``deals[r][seat]``: card ids), as
    a game record does; they are taken as given. Rounds past them are dealt from ``seed``;
    without a seed the game waits at the first round it has no deal for (with neither a
    seed nor deals, ``undealt_ok`` must say that a game waiting for its first deal is meant).
    """
    require(rules, Ruleset, "rules", "a Boomerang: Australia Ruleset (see load_rules)")
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players must be an integer, not {kind(players)}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"seed must be an integer or None, not {kind(seed)}: {brief(seed)}")
    deals = _deals_argument(deals)
    low, high = rules.players.min, rules.players.max
    if not low <= players <= high:
        raise InvalidInput([Problem("", f"{rules.id!r} is for {low} to {high} players, not {brief(players)}",
                                    "players-count")])
    if seed is None and not deals and not undealt_ok:
        raise InvalidInput([Problem("", "give a seed to deal from, or the deals", "deal-source")])
    t = tables_for(rules)
    empty = (0,) * players
    rng = None if seed is None else rng_mod.seed_state(seed)
    progress = Progress((), empty, empty, 0, seed, rng, (), deal_masks(t, players, deals))
    return _start_round(t, players, 0, progress)


def _deals_argument(deals: object) -> Sequence[Sequence[Sequence[str]]]:
    """``deals`` if it is a list of rounds, each a list of hands, each a list of card ids."""
    what = "a list of rounds, each a list of hands (one per seat), each a list of card ids (str)"
    if deals is None:
        return ()
    if not is_list(deals):
        raise TypeError(f"deals must be {what}, not {kind(deals)}")
    assert isinstance(deals, list | tuple)
    for r, hands in enumerate(deals):
        if not is_list(hands):
            raise TypeError(f"deals[{r}] must be a list of hands, one per seat, not {kind(hands)}: {brief(hands)}")
        for seat, hand in enumerate(hands):
            string_list(hand, f"deals[{r}][{seat}]", "card ids")
    return deals


def _context(t: Tables, players: int, round_no: int, dealt: tuple[int, ...], progress: Progress) -> RoundContext:
    over = round_no >= t.rounds
    shift = 0 if over else t.directions[round_no] % players
    return RoundContext(t.rules, t, players, round_no, dealt, progress, over, shift)


def _start_round(t: Tables, players: int, round_no: int, progress: Progress) -> GameState:
    """Deal round ``round_no`` (0-based) and wait for every seat's Throw.

    A given deal is used as it is; otherwise the dealer shuffles. Without either, the state
    waits, undealt, with no seat to act (a game replayed from a record that stops there).
    """
    last = progress.rounds[-1].dealt if progress.rounds else ()
    hands, rng, leftover = deal(t, players, round_no, progress.rng, progress.leftover, progress.deals, last)
    if rng != progress.rng or leftover != progress.leftover:
        progress = Progress(progress.rounds, progress.visited, progress.used_activities, progress.regions_taken,
                            progress.seed, rng, leftover, progress.deals, progress.names)
    return _round_state(t, players, round_no, hands, progress)


def _round_state(t: Tables, players: int, round_no: int, hands: tuple[int, ...] | None,
                 progress: Progress) -> GameState:
    """The state at the start of a round: waiting for every Throw, or for a deal (``hands`` None)."""
    if hands is None:
        empty = (0,) * players
        return make_state(_context(t, players, round_no, empty, progress), 0, empty, (), 0, 0)
    return make_state(_context(t, players, round_no, hands, progress), 0, hands, (), 0,
                                  (1 << players) - 1)


def to_act(state: GameState) -> tuple[int, ...]:
    """The seats that still owe a decision now, ascending; empty when the game is over."""
    return seats(state.waiting)


def is_over(state: GameState) -> bool:
    """Whether every round has been played and scored."""
    return state.context.over


def check_seat(state: GameState, seat: object) -> int:
    """``seat`` as an int if the game has it; ``IllegalAction`` if not."""
    if not isinstance(seat, bool):
        try:
            number = operator.index(seat)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if 0 <= number < state.players:
                return number
    raise IllegalAction(f"seat {brief(seat)} does not exist in a {state.players}-player game "
                        f"(seats are 0 to {state.players - 1})")


def legal_actions(state: GameState, seat: int) -> tuple[str, ...]:
    """What ``seat`` may do now, sorted: card ids, or activity ids and ``"none"``.

    Empty when the seat owes no decision (it has decided this step, or the game is over).
    """
    if seat.__class__ is not int or seat < 0:
        seat = check_seat(state, seat)
    if state.waiting >> seat & 1:
        t = state.context.tables
        if state.step < t.activity_step:
            return t.hand_ids(state.hands[seat])
        return t.activity_choices[state.context.progress.used_activities[seat]]
    check_seat(state, seat)
    return ()


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
    seat = check_seat(state, seat)
    step = describe_step(t, state.step)
    if not state.waiting >> seat & 1:
        if not state.waiting:
            return IllegalAction(f"round {state.round + 1} has not been dealt: no decisions are owed")
        waiting = ", ".join(map(str, seats(state.waiting)))
        return IllegalAction(f"seat {seat} has already decided {step} of round {state.round + 1}; "
                             f"waiting for seat(s) {waiting}")
    if state.step < t.activity_step:
        held = ", ".join(t.hand_ids(state.hands[seat]))
        if isinstance(action, str) and action in t.index:
            return IllegalAction(f"card {brief(action)} is not in the hand seat {seat} holds at {step} "
                                 f"(it holds {held})")
        return IllegalAction(f"seat {seat} must choose a card for {step} (it holds {held}), "
                             f"not {brief(action)}")
    choices = ", ".join(t.activity_choices[state.progress.used_activities[seat]])
    if isinstance(action, str) and action in t.activity_index:
        return IllegalAction(f"seat {seat} has already scored {action} in an earlier round "
                             f"(it may choose {choices})")
    return IllegalAction(f"seat {seat} must choose an activity or {NO_ACTIVITY!r} now "
                         f"(one of {choices}), not {brief(action)}")


_SLOT = (1 << PENDING_BITS) - 1


def step(state: GameState, actions: Sequence[str | int]) -> GameState:
    """The state after every seat in ``to_act(state)`` takes its action, in that order:
    ``actions[i]`` (a string or an id) is the action of seat ``to_act(state)[i]``.

    The same as ``apply`` for each seat in turn, in one call. If any action is illegal, raises
    ``IllegalAction`` naming the first such seat and applies none (``state`` never changes).
    """
    seats_now = to_act(state)
    if not seats_now:
        raise _refuse(state, 0, None) if not state.context.over else IllegalAction(
            "the game is over: no decisions are owed")
    try:
        count = len(actions)
    except TypeError:
        raise IllegalAction(f"step needs a sequence of actions, one for each seat in {seats_now}, "
                            f"not {actions!r:.80}") from None
    if count != len(seats_now) or isinstance(actions, str):
        raise IllegalAction(f"step needs {len(seats_now)} actions, one for each seat in {seats_now} "
                            f"in that order, not {actions!r:.80}")
    for seat, action in zip(seats_now, actions):
        state = apply(state, seat, action)
    return state


def _normal_action(action: object) -> object:
    """An action that is neither a str nor an int as the engine looks it up: an id-like value
    (a numpy integer...) as its int, a bool as nothing legal, anything else as it is."""
    if isinstance(action, str):
        return action
    number = as_id(action)
    return -1 if number is None else number


def apply(state: GameState, seat: int, action: str | int) -> GameState:
    """The state after ``seat`` takes ``action`` (its string, or its id: see ``actions``).
    ``state`` itself is never changed.

    Raises ``IllegalAction`` (a ``ValueError``) saying why when the action is not legal.
    """
    if seat.__class__ is not int or seat < 0:
        seat = check_seat(state, seat)
    if action.__class__ is not str and action.__class__ is not int:
        action = _normal_action(action)  # type: ignore[assignment]
    waiting = state.waiting
    if waiting >> seat & 1:
        context = state.context
        step = state.step
        t = context.tables
        try:
            if step < t.activity_step:
                bit, code = t.card_codes[action]
                legal = state.hands[seat] & bit
            else:
                bit, code = t.activity_codes[action]
                legal = not context.progress.used_activities[seat] & bit
        except (KeyError, TypeError):
            legal = 0
        if legal:
            pending = state.pending | code << seat * PENDING_BITS
            waiting ^= 1 << seat
            if waiting:
                return make_state(context, step, state.hands, state.taken, pending, waiting)
            if step < t.activity_step:
                return _resolve_draft(state, pending)
            return _finish_round(state, pending)
    raise _refuse(state, seat, action)


def _resolve_draft(state: GameState, pending: int) -> GameState:
    """Everyone has chosen: take the cards, pass the hands, and add the Catch after the last pick."""
    context = state.context
    n = context.players
    bit = context.tables.bit
    kept = []
    chosen = []
    for hand in state.hands:
        card = (pending & _SLOT) - 2
        pending >>= PENDING_BITS
        chosen.append(card)
        kept.append(hand ^ bit[card])
    shift = context.shift
    if shift:
        kept = kept[-shift:] + kept[:-shift]
    step = state.step + 1
    taken = state.taken + tuple(chosen)
    if step == context.tables.activity_step:
        return make_state(context, step, (0,) * n, taken + tuple(h.bit_length() - 1 for h in kept),
                                      0, (1 << n) - 1)
    return make_state(context, step, tuple(kept), taken, 0, (1 << n) - 1)


def _finish_round(state: GameState, pending: int) -> GameState:
    """Everyone has chosen an activity: score the round, then deal the next or end the game."""
    context = state.context
    t = context.tables
    n = context.players
    old = context.progress
    taken = state.taken
    activities = []
    for _ in range(n):
        activities.append((pending & _SLOT) - 2)
        pending >>= PENDING_BITS
    drafts = tuple([taken[seat::n] for seat in range(n)])
    bit = t.bit
    scores, masks = t.score_and_mask(drafts, activities)
    if t.sites_include_throw:
        visited = tuple([v | m for v, m in zip(old.visited, masks)])
    else:
        visited = tuple([v | m ^ bit[d[0]] for v, m, d in zip(old.visited, masks, drafts)])
    used = tuple([u | bit[a] if a >= 0 else u for u, a in zip(old.used_activities, activities)])
    bonuses = [0] * n
    gone = old.regions_taken
    everyone_visited = 0
    for v in visited:
        everyone_visited |= v
    newly = gone  # regions whose bonus is gone before this round: checked against that, not `gone`
    for region, sites in t.region_list:
        if not newly & region and everyone_visited & sites == sites:
            for seat in range(n):
                if visited[seat] & sites == sites:
                    bonuses[seat] |= region
                    gone |= region
    rounds = (*old.rounds, RoundResult(context.dealt, drafts, tuple(activities), scores, tuple(bonuses)))
    next_round = context.round + 1
    hands, rng, leftover = (None, old.rng, old.leftover) if next_round >= t.rounds else \
        deal(t, n, next_round, old.rng, old.leftover, old.deals, context.dealt)
    progress = Progress(rounds, visited, used, gone, old.seed, rng, leftover, old.deals, old.names)
    return _round_state(t, n, next_round, hands, progress)


def deal_round(state: GameState, hands: Sequence[Sequence[str]]) -> GameState:
    """Deal ``hands`` (``hands[seat]``: card ids) to a game waiting for its deal.

    A game started without a seed (``undealt_ok``) waits before every round; a framework with
    explicit chance nodes deals each round through here. The deal is taken as given, as a
    record's is; ``InvalidInput`` names a flawed one, ``IllegalAction`` a game not waiting.
    """
    if state.waiting or state.step or state.context.over:
        raise IllegalAction("the game is not waiting for a deal" if not state.context.over
                            else "the game is over: there is nothing to deal")
    t = state.tables
    masks, problems = deal_problems(t, state.players, hands)
    if problems:
        raise InvalidInput(problems)
    return _round_state(t, state.players, state.round, masks, state.progress)
