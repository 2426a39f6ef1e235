"""The pure transition functions: start a game, ask who acts and what they may do, apply it.

Decisions are simultaneous within a step: every seat owes one, in any order, and the step
resolves (cards taken, hands passed, the Catch added, the round scored) when the last seat
has decided. Nobody's choice is visible to others before that.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..core import rng as rng_mod
from ..core.arguments import PLAIN_SEED_BITS, brief, is_list, kind, optional_seed, require, string_list
from ..core.compiled import compiled
from ..core.errors import IllegalAction, InvalidInput, Problem
from ..core.seats import check_seat as seat_of_game
from ..core.seats import plays_for, step_actions
from .actions import as_id
from .dealing import deal, deal_masks, deal_problems
from .rules import Ruleset
from .state import (
    _NEW,
    PENDING_BITS,
    GameState,
    Progress,
    RoundContext,
    RoundResult,
    check_state,
    make_state,
    round_context,
)
from .tables import _SEATS, NO_ACTIVITY, Tables, seats, tables_for


def new_game(rules: Ruleset, players: int, seed: int | None = None, *,
             deals: Sequence[Sequence[Sequence[str]]] = (), undealt_ok: bool = False) -> GameState:
    """A new game for ``players`` seats, dealt from a generator seeded by ``seed``.

    The same rules, player count and seed always give the same deal, on every platform.
    ``deals`` gives the hands of the first rounds instead (``deals[r][seat]``: card ids), as
    a game record does; they are taken as given. Rounds past them are dealt from ``seed``;
    without a seed the game waits at the first round it has no deal for (with neither a
    seed nor deals, ``undealt_ok`` must say that a game waiting for its first deal is meant).
    """
    if rules.__class__ is not Ruleset:  # (the checks below cost more than the checked game's deal)
        require(rules, Ruleset, "rules", "a Boomerang: Australia Ruleset (see load_rules)")
    if players.__class__ is not int:  # a numpy integer is the int it holds, as a seed is
        number = as_id(players)
        if number is None:
            raise TypeError(f"players must be an integer, not {kind(players)}")
        players = number
    if seed is not None and (seed.__class__ is not int or seed.bit_length() > PLAIN_SEED_BITS):
        seed = optional_seed(seed)  # a numpy integer is the int it holds, as in every game
    if deals.__class__ is not tuple or deals:
        deals = _deals_argument(deals)
    low, high = rules.players.min, rules.players.max
    if not low <= players <= high:
        raise InvalidInput([Problem("", f"{plays_for(rules)}, not {brief(players)}",
                                    "players-count")])
    if seed is None and not deals and not undealt_ok:
        raise InvalidInput([Problem("", "give a seed to deal from, or the deals", "deal-source")])
    t = tables_for(rules)
    empty = (0,) * players
    rng = None if seed is None else rng_mod.seed_state(seed)
    if rng is not None and not deals:  # the common case, shuffled: one Progress, not two
        hands, rng, leftover = deal(t, players, 0, rng, (), (), ())
        progress = _NEW(Progress, ((), empty, empty, 0, seed, rng, leftover, (), None))
        return _round_state(t, players, 0, hands, progress)
    # Given deals, or none and no generator: the first round is the first given deal, or waits for one.
    given = deal_masks(t, players, deals)
    progress = Progress((), empty, empty, 0, seed, rng, (), given)
    return _round_state(t, players, 0, given[0] if given else None, progress)


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


def _round_state(t: Tables, players: int, round_no: int, hands: tuple[int, ...] | None,
                 progress: Progress) -> GameState:
    """The state at the start of a round: waiting for every Throw, or for a deal (``hands`` None)."""
    if hands is None:
        empty = (0,) * players
        return make_state(round_context(t, players, round_no, empty, progress), 0, empty, (), 0, 0)
    return make_state(round_context(t, players, round_no, hands, progress), 0, hands, (), 0,
                                  (1 << players) - 1)


def to_act(state: GameState) -> tuple[int, ...]:
    """The seats that still owe a decision now, ascending; empty when the game is over."""
    if state.__class__ is not GameState:
        check_state(state)
    try:
        return _SEATS[state[5]]
    except IndexError:
        return seats(state[5])


def is_over(state: GameState) -> bool:
    """Whether every round has been played and scored."""
    if state.__class__ is not GameState:
        check_state(state)
    return state[0].over  # type: ignore[no-any-return]


def check_seat(state: GameState, seat: object) -> int:
    """``seat`` as an int if the game has it; ``IllegalAction`` if not (the check every game makes)."""
    return seat_of_game(state.players, seat)


def legal_actions(state: GameState, seat: int) -> tuple[str, ...]:
    """What ``seat`` may do now, sorted: card ids, or activity ids and ``"none"``.

    Empty when the seat owes no decision (it has decided this step, or the game is over).
    """
    if seat.__class__ is not int or seat < 0 or state.__class__ is not GameState:
        seat = check_seat(check_state(state), seat)
    context, step, hands, _, _, waiting = state
    if waiting >> seat & 1:
        if step < context.activity_step:
            hand = hands[seat]
            high = context.hand_high
            if high is not None:
                return context.hand_low[hand & 0x3FFF] + high[hand >> 14]  # type: ignore[no-any-return]
            return context.tables.hand_ids(hand)  # type: ignore[no-any-return]
        return context.activity_choices[context.used[seat]]  # type: ignore[no-any-return]
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
    number = as_id(action)  # None for a name (a str has no __index__)
    if number is not None and 0 <= number < len(t.action_names):
        action = t.action_names[number]  # an id refused as the action it numbers, as in every game
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

UNROLLED = True
"""Whether 4-player steps and round ends take the unrolled code (tests switch it off to compare)."""


def _normal_action(action: object) -> object:
    """An action that is neither a str nor an int as the engine looks it up: an id-like value
    (a numpy integer...) as its int, a bool or anything else as -1, which nothing matches."""
    if isinstance(action, str):
        return str(action)
    number = as_id(action)
    return -1 if number is None else number


def apply(state: GameState, seat: int, action: str | int) -> GameState:
    """The state after ``seat`` takes ``action`` (its string, or its id: see ``actions``).
    ``state`` itself is never changed.

    Raises ``IllegalAction`` (a ``ValueError``) saying why when the action is not legal.
    """
    if seat.__class__ is not int or seat < 0 or state.__class__ is not GameState:
        seat = check_seat(check_state(state), seat)
    context, step, hands, taken, pending, waiting = state
    if waiting >> seat & 1:
        key = action if action.__class__ is str or action.__class__ is int else _normal_action(action)
        try:
            if step < context.activity_step:
                bit, code = context.card_codes[key]
                if hands[seat] & bit:
                    waiting ^= 1 << seat
                    if waiting:
                        return _NEW(GameState,
                                    (context, step, hands, taken, pending | code << (seat << 3), waiting))
                    return _resolve_draft(context, step, hands, taken, pending | code << (seat << 3))
            else:
                bit, code = context.activity_codes[key]
                if not context.used[seat] & bit:
                    waiting ^= 1 << seat
                    if waiting:
                        return _NEW(GameState,
                                    (context, step, hands, taken, pending | code << (seat << 3), waiting))
                    return _finish_round(context, taken, pending | code << (seat << 3))
        except KeyError:
            pass
    raise _refuse(state, seat, action)


def step(state: GameState, actions: Sequence[str | int]) -> GameState:
    """The state after every seat in ``to_act(state)`` takes its action, in that order:
    ``actions[i]`` (a string or an id) is the action of seat ``to_act(state)[i]``.

    The same as ``apply`` for each seat in turn, in one call. If any action is illegal, raises
    ``IllegalAction`` naming the first such seat and applies none (``state`` never changes).
    """
    if state.__class__ is not GameState:
        check_state(state)
    context, number, hands, taken, pending, waiting = state
    if waiting == context.everyone and (actions.__class__ is list or actions.__class__ is tuple) \
            and len(actions) == context.players:
        if number < context.activity_step:
            if waiting == 15 and UNROLLED:
                after = _step4(context, number, hands, taken, actions)
                if after is not None:
                    return after
            pending = _step_cards(context.card_codes, hands, actions)
            if pending:
                return _resolve_draft(context, number, hands, taken, pending)
        else:
            pending = _step_activities(context.activity_codes, context.used, actions)
            if pending:
                return _finish_round(context, taken, pending)
    return _step_checked(state, actions)


def _step4(context: RoundContext, number: int, hands: tuple[int, ...], taken: tuple[int, ...],
           actions: Sequence[str | int]) -> GameState | None:
    """A 4-player card step of four legal card ids, resolved at once (``_step_cards`` and
    ``_resolve_draft`` unrolled; tests compare); None for anything else."""
    a0, a1, a2, a3 = actions
    if not (a0.__class__ is str and a1.__class__ is str and a2.__class__ is str and a3.__class__ is str):
        return None
    codes = context.card_codes
    try:
        b0, c0 = codes[a0]
        b1, c1 = codes[a1]
        b2, c2 = codes[a2]
        b3, c3 = codes[a3]
    except KeyError:
        return None
    h0, h1, h2, h3 = hands
    if not (h0 & b0 and h1 & b1 and h2 & b2 and h3 & b3):
        return None
    if context.shift == 1:
        h0, h1, h2, h3 = h3 ^ b3, h0 ^ b0, h1 ^ b1, h2 ^ b2
    else:
        h0, h1, h2, h3 = h1 ^ b1, h2 ^ b2, h3 ^ b3, h0 ^ b0
    number += 1
    if number == context.activity_step:  # each seat catches the last card of the hand passed to it
        return _NEW(GameState, (context, number, _NO_HANDS4, (*taken,
            c0 - 2, c1 - 2, c2 - 2, c3 - 2, h0.bit_length() - 1, h1.bit_length() - 1, h2.bit_length() - 1,
            h3.bit_length() - 1), 0, 15))
    return _NEW(GameState, (context, number, (h0, h1, h2, h3), (*taken, c0 - 2, c1 - 2, c2 - 2, c3 - 2), 0, 15))


def _step_cards(codes: Mapping[str | int, tuple[int, int]], hands: tuple[int, ...],
                actions: Sequence[str | int]) -> int:
    """The ``pending`` of a whole step of legal card choices; 0 if any is not (or is not a
    plain str or int: the checked path judges those)."""
    pending = 0
    shift = 0
    try:
        for hand, action in zip(hands, actions):
            if action.__class__ is not str and action.__class__ is not int:
                return 0
            bit, code = codes[action]
            if not hand & bit:
                return 0
            pending |= code << shift
            shift += PENDING_BITS
    except KeyError:
        return 0
    return pending


def _step_activities(codes: Mapping[str | int, tuple[int, int]], used: tuple[int, ...],
                     actions: Sequence[str | int]) -> int:
    """``_step_cards`` for the activity choice."""
    pending = 0
    shift = 0
    try:
        for done, action in zip(used, actions):
            if action.__class__ is not str and action.__class__ is not int:
                return 0
            bit, code = codes[action]
            if done & bit:
                return 0
            pending |= code << shift
            shift += PENDING_BITS
    except KeyError:
        return 0
    return pending


def _step_checked(state: GameState, actions: Sequence[str | int]) -> GameState:
    """``step`` one ``apply`` at a time: any step, and the first illegal action found and named."""
    seats_now = to_act(state)
    if not seats_now:
        raise _refuse(state, 0, None) if not state.context.over else IllegalAction(
            "the game is over: no decisions are owed")
    for seat, action in zip(seats_now, step_actions(seats_now, actions)):
        state = apply(state, seat, action)  # type: ignore[arg-type]
    return state


def _resolve_draft(context: RoundContext, step: int, hands: tuple[int, ...], taken: tuple[int, ...],
                   pending: int) -> GameState:
    """Everyone has chosen: take the cards, pass the hands, and add the Catch after the last pick.

    A seat's choice is its ``PENDING_BITS`` of ``pending`` (bits past the last seat's are
    ignored, as ``GameState.choice`` reads them). One that is not a card the seat holds -- a
    ``pending`` or ``waiting`` the engine did not make -- is refused (``InvalidInput``), never
    played. It reads the context's fields, not its tables: the compiled twin (``_accel.c``'s
    ``resolve``) reads the same, and hands this function any case it does not take.
    """
    if context.players == 4 and UNROLLED:
        # The same as the loop below, unrolled for the most played count (tests compare both).
        k0 = pending & 255
        k1 = pending >> 8 & 255
        k2 = pending >> 16 & 255
        k3 = pending >> 24 & 255
        h0, h1, h2, h3 = hands
        if not h0 << 2 >> k0 & h1 << 2 >> k1 & h2 << 2 >> k2 & h3 << 2 >> k3 & 1:  # each holds its card
            raise _not_held(hands, pending)
        c0, c1, c2, c3 = k0 - 2, k1 - 2, k2 - 2, k3 - 2
        if context.shift == 1:
            h0, h1, h2, h3 = h3 ^ 1 << c3, h0 ^ 1 << c0, h1 ^ 1 << c1, h2 ^ 1 << c2
        else:
            h0, h1, h2, h3 = h1 ^ 1 << c1, h2 ^ 1 << c2, h3 ^ 1 << c3, h0 ^ 1 << c0
        step += 1
        if step == context.activity_step:  # each seat catches the last card of the hand passed to it
            return _NEW(GameState, (context, step, _NO_HANDS4, (*taken,
                c0, c1, c2, c3, h0.bit_length() - 1, h1.bit_length() - 1, h2.bit_length() - 1, h3.bit_length() - 1),
                0, 15))
        return _NEW(GameState, (context, step, (h0, h1, h2, h3), (*taken, c0, c1, c2, c3), 0, 15))
    kept_list = []
    chosen = []
    codes = pending
    for hand in hands:
        code = codes & _SLOT
        codes >>= PENDING_BITS
        if not hand << 2 >> code & 1:
            raise _not_held(hands, pending)
        chosen.append(code - 2)
        kept_list.append(hand ^ 1 << code - 2)
    shift = context.shift
    if shift:
        kept_list = kept_list[-shift:] + kept_list[:-shift]
    kept = tuple(kept_list)
    taken = (*taken, *chosen)  # a new tuple, whatever the state held: never ``+=`` on a caller's list
    step += 1
    if step == context.activity_step:  # each seat catches the last card of the hand passed to it
        taken += tuple([h.bit_length() - 1 for h in kept])
        # as many empty hands as the state holds, not ``players``: a rebound count builds no row of its
        # size here (a billion took minutes and all the memory; the round's end refuses it)
        return _NEW(GameState, (context, step, (0,) * len(kept), taken, 0, context.everyone))
    return _NEW(GameState, (context, step, kept, taken, 0, context.everyone))


def _not_held(hands: tuple[int, ...], pending: int) -> InvalidInput:
    """The refusal of a ``pending`` that holds, for some seat, no card that seat holds."""
    for seat, hand in enumerate(hands):
        code = pending >> seat * PENDING_BITS & _SLOT
        if not hand << 2 >> code & 1:
            what = "no choice" if code == 0 else f"the choice of card index {code - 2}"
            return _tampered(f"pending has {what} for seat {seat}, which holds no such card")
    return _tampered("pending does not fit the hands")


def _tampered(message: str) -> InvalidInput:
    return InvalidInput([Problem("/pending", f"{message}: not a state the engine made", "state-pending")])


_NO_HANDS4 = (0, 0, 0, 0)


def _bonuses(t: Tables, visited: tuple[int, ...], gone: int) -> tuple[tuple[int, ...], int]:
    """The regions each seat wins at a round's end (its sites all visited, the bonus still there
    before this round), and the regions gone after it: region by region, for any deck."""
    n = len(visited)
    everyone_visited = 0
    for v in visited:
        everyone_visited |= v
    won = [0] * n
    newly = gone  # regions whose bonus is gone before this round: checked against that, not `gone`
    for region, sites in t.region_list:
        if not newly & region and everyone_visited & sites == sites:
            for seat in range(n):
                if visited[seat] & sites == sites:
                    won[seat] |= region
                    gone |= region
    return tuple(won), gone


def _bonuses_by_chunks(t: Tables, visited: tuple[int, ...], gone: int) -> tuple[tuple[int, ...], int]:
    """``_bonuses`` for a deck of up to 30 cards: the regions each seat has completed in three
    table lookups (``Tables.region_chunks``; tests compare the two)."""
    a, b, c = t.region_chunks  # type: ignore[misc]
    still_open = t.every_region & ~gone
    won = tuple([a[v & 1023] & b[v >> 10 & 1023] & c[v >> 20] & still_open for v in visited])
    for w in won:
        gone |= w
    return won, gone


def _finish_round(context: RoundContext, taken: tuple[int, ...], pending: int) -> GameState:
    """Everyone has chosen an activity: score the round, then deal the next or end the game.

    The choices are read from ``pending`` as ``_resolve_draft`` reads cards; one that is not an
    activity the seat may choose (or none) is refused (``InvalidInput``)."""
    t = context.tables
    n = context.players
    past, visited, used, gone, seed, rng, leftover, deals, names = context.progress
    if n.__class__ is not int or n != len(visited):  # its rows below are n long: a tampered count is no
        # number of seats to build them for (a billion took minutes and all the memory before failing)
        raise InvalidInput([Problem("/context/players", f"players is {n!r} but the game's progress holds "
                                    f"{len(visited)} seats: not a state the engine made", "state-context")])
    if n == 4 and UNROLLED:  # unrolled: the same as below (tests compare)
        activities: tuple[int, ...] = ((pending & 255) - 2, (pending >> 8 & 255) - 2, (pending >> 16 & 255) - 2,
                                       (pending >> 24 & 255) - 2)
        drafts: tuple[tuple[int, ...], ...] = (tuple(taken[0::4]), tuple(taken[1::4]), tuple(taken[2::4]),
                                               tuple(taken[3::4]))  # tuple(): a tampered list stays no list
    else:
        activities = tuple([(pending >> shift & _SLOT) - 2 for shift in range(0, n * PENDING_BITS, PENDING_BITS)])
        drafts = tuple([tuple(taken[seat::n]) for seat in range(n)])
    kinds = len(t.activity_kinds)
    for seat, activity in enumerate(activities):  # each a choice the seat may make (see _resolve_draft)
        if not -1 <= activity < kinds or (activity >= 0 and used[seat] >> activity & 1):
            what = "no choice" if activity == -2 else f"the choice of activity index {activity}"
            raise _tampered(f"pending has {what} for seat {seat}, which may not make it")
    scores, visited, used = _end_round(t, drafts, activities, visited, used)
    bonuses = t.no_hands[n]
    if gone != t.every_region:
        chunks = t.region_chunks
        if chunks is not None and n == 4 and UNROLLED:  # ``_bonuses_by_chunks`` unrolled (tests compare)
            a, b, c = chunks
            still_open = t.every_region & ~gone
            v0, v1, v2, v3 = visited
            w0 = a[v0 & 1023] & b[v0 >> 10 & 1023] & c[v0 >> 20] & still_open
            w1 = a[v1 & 1023] & b[v1 >> 10 & 1023] & c[v1 >> 20] & still_open
            w2 = a[v2 & 1023] & b[v2 >> 10 & 1023] & c[v2 >> 20] & still_open
            w3 = a[v3 & 1023] & b[v3 >> 10 & 1023] & c[v3 >> 20] & still_open
            bonuses = (w0, w1, w2, w3)
            gone |= w0 | w1 | w2 | w3
        else:
            bonuses, gone = _bonuses(t, visited, gone) if chunks is None else _bonuses_by_chunks(t, visited, gone)
    rounds = (*past, _NEW(RoundResult, (context.dealt, drafts, activities, scores, bonuses)))
    next_round = context.round + 1
    if next_round >= t.rounds:
        progress = _NEW(Progress, (rounds, visited, used, gone, seed, rng, leftover, deals, names))
        empty = t.no_hands[n]
        return _NEW(GameState, (round_context(t, n, next_round, empty, progress), 0, empty, (), 0, 0))
    hands, rng, leftover = deal(t, n, next_round, rng, leftover, deals, context.dealt)
    progress = _NEW(Progress, (rounds, visited, used, gone, seed, rng, leftover, deals, names))
    if hands is None:
        return _round_state(t, n, next_round, hands, progress)
    return _NEW(GameState, (round_context(t, n, next_round, hands, progress), 0, hands, (), 0, context.everyone))


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


def deal_given(state: GameState, hands: tuple[int, ...], seed: int) -> GameState:
    """``state``, a game waiting for its deal whose rounds so far were all dealt as given
    (``new_game(..., deals=..., undealt_ok=True)`` played on), dealt ``hands`` (a bit mask a seat, a
    deal ``deal_problems`` finds no flaw in) with a dealer seeded by ``seed`` for the rounds after:
    the state ``new_game(rules, players, seed, deals=[*given, hands])`` reaches there, its dealer and
    given deals included. A search draws many states from one view (``australia.determinize``): the
    rounds before the one under way are the same in every draw, played once and dealt on so."""
    p = state.progress
    progress = Progress(p.rounds, p.visited, p.used_activities, p.regions_taken, seed, rng_mod.seed_state(seed),
                        (), (*p.deals, hands), p.names)
    return _round_state(state.tables, state.players, state.round, hands, progress)


_end_round: Callable[[Tables, tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]],
                     tuple[tuple[tuple[int, int, int, int], ...], tuple[int, ...], tuple[int, ...]]] = Tables.end_round
"""A round's scores, sites and used activity kinds (``Tables.end_round``, or its compiled twin)."""

apply_plain = apply
legal_actions_plain = legal_actions
step_plain = step
"""The plain reading: the reference the compiled path is tested against, and its stand-in."""

STATE_METHODS: dict[str, object] = {}
"""The compiled ``apply``, ``legal_actions`` and ``step`` as ``GameState`` methods (for the
top-level API's dispatch; empty when ``_accel`` is not built)."""

ACCELERATED = False
"""Whether the compiled path serves (``_accel`` built, and ``BOOMERANG_RULES_PURE`` not set)."""

_accel = compiled(__package__)
"""The compiled hot path, or None where the plain functions serve (``core.compiled``)."""

if _accel is not None:
    from .tables import HALF

    STATE_METHODS = _accel.accelerate(GameState, RoundContext, apply_plain, legal_actions_plain, step_plain,
                                      _finish_round, _resolve_draft, Tables.end_round, HALF)
    _end_round = _accel.end_round
    apply = _accel.apply
    legal_actions = _accel.legal_actions
    step = _accel.step
    ACCELERATED = True
