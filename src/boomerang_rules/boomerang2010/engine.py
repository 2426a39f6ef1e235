"""The pure transition functions of Boomerang (2010): start a game, ask who acts, apply a decision.

A round: the river is built (automatically: cards are turned up until every land shows, or
the deck runs out); every seat secretly chooses a land (simultaneously, in any order); the
hunt (one seat at a time, in turn order: ``throw`` one boomerang into the pot, or ``pass``:
take the pot, put one's token on the stack, leave the hunt); when one seat is left its token
goes on top, and the stack is resolved from the top down, each owner taking every river card
that shows its land. The last seat left opens the next round; a round that would start with
an empty deck ends the game instead.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

from ..core import rng as rng_mod
from ..core import seats as core_seats
from ..core.arguments import brief, list_of, optional_seed, require, string_list
from ..core.compiled import compiled
from ..core.errors import IllegalAction, InvalidInput, Problem, under
from ..core.pointer import pointer
from ..core.seats import check_players, step_actions
from ..core.tuple_backed import NEW
from .rules import PASS, THROW, Ruleset
from .state import FIELD, NO_TOKEN, GameState, RoundLog, check_state
from .tables import Tables, tables_for

_NEW = NEW
_TABLES, _PLAYERS, _PHASE, _FIRST, _TOKENS, _BOOMERANGS, _POT, _ACTIVE, _STACK, _HUNT = (
    FIELD[name] for name in ("tables", "players", "phase", "first", "tokens", "boomerangs", "pot", "active", "stack",
                             "hunt"))
"""Positions in a state's tuple (``state.FIELD``) that the hot path reads."""


def deck_problems(t: Tables, deck: Sequence[object]) -> list[Problem]:
    """Why ``deck`` is not an order of the whole deck (pointers ``/i``); [] when it is."""
    problems = []
    seen: dict[str, int] = {}
    for i, cid in enumerate(deck):
        if not isinstance(cid, str) or cid not in t.index:
            problems.append(Problem(pointer(i), f"unknown card {brief(cid)}", "card-known"))
        elif cid in seen:
            problems.append(Problem(pointer(i), f"card {cid!r} is in the deck twice (also at {seen[cid]})",
                                    "card-unique"))
        else:
            seen[cid] = i
    missing = [cid for cid in t.ids if cid not in seen]
    if missing:
        problems.append(Problem("", f"the deck lacks {len(missing)} card(s): {', '.join(missing[:12])}"
                                + (" …" if len(missing) > 12 else ""), "deck-complete"))
    return problems


def new_game(rules: Ruleset, players: int, seed: int | None = None, *,
             deck: Sequence[str] | None = None) -> GameState:
    """A new game for ``players`` seats, its deck shuffled by a generator seeded by ``seed``.

    ``deck`` gives the deck's order instead (every card id once, top first), as a game record
    does. The same rules, player count and seed always give the same game, on every platform.
    The first river is built at once; seat 0 opens the first hunt.
    """
    require(rules, Ruleset, "rules", "a Boomerang (2010) Ruleset (see load_rules)")
    seed = optional_seed(seed)  # a numpy integer is the int it holds, as in every game
    players = check_players(rules, players)
    t = tables_for(rules)
    if deck is not None:
        # a list of strings, as the other games' given decks and deals are (``TypeError`` naming ``deck[i]``)
        string_list(list_of(deck, "deck", "card ids (str), top first"), "deck", "card ids")
        problems = deck_problems(t, deck)
        if problems:
            raise InvalidInput(under("/deck", problems),
                               "not an order of the whole deck:")
        order = tuple(t.index[c] for c in deck)
    elif seed is None:
        raise InvalidInput([Problem("", "give a seed to shuffle the deck with, or the deck's order", "deal-source")])
    else:
        _, order = rng_mod.shuffled(rng_mod.seed_state(seed), range(t.deck_size))
    n = players
    empty: tuple[tuple[int, ...], ...] = ((),) * n
    return _start_round(t, n, 0, order, (), 0, (rules.boomerangs_each,) * n, empty, (), order, seed)


def build_river(t: Tables, river: tuple[int, ...], deck: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """The river after turning up cards until every land shows or the deck runs out, and how many turned."""
    shown = t.lands_shown(river)
    full = t.all_lands
    lands = t.card_lands
    k = 0
    while shown != full and k < len(deck):
        shown |= lands[deck[k]]
        k += 1
    return river + deck[:k], k


def _start_round(t: Tables, n: int, round_no: int, deck: tuple[int, ...], river: tuple[int, ...], first: int,
                 boomerangs: tuple[int, ...], captured: tuple[tuple[int, ...], ...], history: tuple[RoundLog, ...],
                 order: tuple[int, ...], seed: int | None, names: tuple[str, ...] | None = None) -> GameState:
    """Build the river of round ``round_no`` and wait for every token; or end the game on an empty deck."""
    rules = t.rules
    # Built by position (``_NEW``), as every decision's state is: the fields in ``GameState``'s order.
    if round_no > 0 and not deck:
        return _NEW(GameState, (rules, t, n, round_no, "over", deck, river, (), first, (NO_TOKEN,) * n, boomerangs,
                                0, (), (), (), captured, history, order, seed, names))
    river, k = build_river(t, river, deck)
    return _NEW(GameState, (rules, t, n, round_no, "tokens", deck[k:], river, deck[:k], first, (NO_TOKEN,) * n,
                            boomerangs, 0, (), (), (), captured, history, order, seed, names))


def to_act(state: GameState) -> tuple[int, ...]:
    """The seats that owe a decision now, ascending: every seat without a token, or the hunter whose turn it is."""
    if state.__class__ is not GameState:
        check_state(state)
    phase = state[_PHASE]
    if phase == "hunt":
        return state[_ACTIVE][:1]  # type: ignore[no-any-return]
    if phase == "tokens":
        return tuple([s for s, tok in enumerate(state[_TOKENS]) if tok == NO_TOKEN])
    return ()


def is_over(state: GameState) -> bool:
    """Whether the game has ended (a round would have started with an empty deck)."""
    if state.__class__ is not GameState:
        check_state(state)
    return state[_PHASE] == "over"  # type: ignore[no-any-return]


def check_seat(state: GameState, seat: object) -> int:
    """``seat`` as an int if the game has it; ``IllegalAction`` if not."""
    if state.__class__ is not GameState:
        check_state(state)
    return core_seats.check_seat(state.players, seat)


_HUNT_CHOICES = ((PASS,), (PASS, THROW))


def legal_actions(state: GameState, seat: int) -> tuple[str, ...]:
    """What ``seat`` may do now: land ids (ruleset order) when choosing a token; ``pass`` and, with a
    boomerang left, ``throw`` when its turn in the hunt. Empty when the seat owes nothing."""
    if state.__class__ is not GameState:
        check_state(state)
    if seat.__class__ is not int or not 0 <= seat < state[_PLAYERS]:
        seat = check_seat(state, seat)
    phase = state[_PHASE]
    if phase == "hunt":
        if state[_ACTIVE][0] == seat:
            return _HUNT_CHOICES[state[_BOOMERANGS][seat] > 0]
    elif phase == "tokens" and state[_TOKENS][seat] == NO_TOKEN:
        return state[_TABLES].lands  # type: ignore[no-any-return]
    return ()


def _refuse(state: GameState, seat: int, action: object) -> IllegalAction:
    """Why ``action`` is not legal for ``seat`` now, in words."""
    if is_over(state):
        return IllegalAction("the game is over: no decisions are owed")
    r = state.round + 1
    if state.phase == "tokens":
        if state.tokens[seat] != NO_TOKEN:
            waiting = ", ".join(map(str, to_act(state)))
            return IllegalAction(f"seat {seat} has already chosen its land in round {r}; waiting for seat(s) "
                                 f"{waiting}")
        return IllegalAction(f"seat {seat} must choose a land for round {r} (one of "
                             f"{', '.join(state.tables.lands)}), not {brief(action)}")
    if seat not in state.active:
        return IllegalAction(f"seat {seat} has passed: its token is on the stack and it has left the hunt of "
                             f"round {r}")
    if state.active[0] != seat:
        return IllegalAction(f"it is seat {state.active[0]}'s turn in the hunt, not seat {seat}'s")
    if action == THROW:
        return IllegalAction(f"seat {seat} has no boomerang left to throw: it must pass")
    return IllegalAction(f"seat {seat} must {THROW!r} a boomerang or {PASS!r} in the hunt, not {brief(action)}")


def apply(state: GameState, seat: int, action: str | int) -> GameState:
    """The state after ``seat`` takes ``action`` (a string, or its id: see ``actions``).
    ``state`` itself is never changed.

    Raises ``IllegalAction`` (a ``ValueError``) saying why when the action is not legal: the
    action is legal exactly when it is in ``legal_actions(state, seat)`` (tests compare), and
    is checked here without building that tuple.
    """
    if state.__class__ is not GameState:
        check_state(state)
    if seat.__class__ is not int or not 0 <= seat < state[_PLAYERS]:
        seat = check_seat(state, seat)
    if action.__class__ is not str:
        action = _action_name(state, action)  # type: ignore[assignment]
    if action.__class__ is str:
        phase = state[_PHASE]
        if phase == "hunt":
            if state[_ACTIVE][0] == seat:
                if action == PASS:
                    return _pass(state, seat)
                if action == THROW and state[_BOOMERANGS][seat] > 0:
                    return _throw(state, seat)
        elif phase == "tokens" and state[_TOKENS][seat] == NO_TOKEN:
            land = state[_TABLES].land_index.get(action)
            if land is not None:
                return _choose(state, seat, land)
    raise _refuse(state, seat, action)


def _action_name(state: GameState, action: object) -> object:
    """An action id (an integer, not a bool) as its name; a ``str`` subclass (a caller's own,
    numpy's ``str_``) as its text, as the other games read it; anything else as it is."""
    if isinstance(action, str):
        return str(action)
    if isinstance(action, bool):
        return action
    try:
        number = operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        return action
    names = (*state.tables.lands, PASS, THROW)
    return names[number] if 0 <= number < len(names) else action


def step(state: GameState, actions: Sequence[str | int]) -> GameState:
    """The state after every seat in ``to_act(state)`` takes its action, in that order:
    ``actions[i]`` is the action of seat ``to_act(state)[i]``.

    If any action is illegal, raises ``IllegalAction`` naming it and applies none (``state``
    never changes: it is immutable).
    """
    # ``apply_plain``: the plain step is the plain reading throughout (where ``_accel`` serves,
    # ``apply`` is its compiled twin).
    if state.__class__ is not GameState:
        check_state(state)
    listed = actions.__class__ is list or actions.__class__ is tuple
    if listed and state[_PHASE] == "hunt" and len(actions) == 1:
        return apply_plain(state, state[_ACTIVE][0], actions[0])  # the hunt: one seat a step
    seats = to_act_plain(state)
    if listed:
        if len(seats) == 1 == len(actions):
            return apply_plain(state, seats[0], actions[0])
        if len(seats) == state[_PLAYERS] == len(actions):
            after = _choose_all(state, actions)
            if after is not None:
                return after
    if not seats:
        raise IllegalAction("the game is over: no decisions are owed")
    for seat, action in zip(seats, step_actions(seats, actions)):
        state = apply_plain(state, seat, action)  # type: ignore[arg-type]
    return state


def _choose_all(state: GameState, actions: Sequence[object]) -> GameState | None:
    """Every seat's token at once, from land ids (strs) only: the same state as an ``apply`` a
    seat (tests compare); None for anything else, which ``apply`` judges one at a time."""
    index = state[_TABLES].land_index
    try:
        tokens = tuple([index[a] if a.__class__ is str else _NOT_A_LAND for a in actions])
    except KeyError:
        return None
    if _NOT_A_LAND in tokens:
        return None
    n = state[_PLAYERS]
    first = state[_FIRST]
    values = list(state)
    values[_TOKENS] = tokens
    values[_PHASE] = "hunt"
    values[_ACTIVE] = tuple([(first + i) % n for i in range(n)])
    return _NEW(GameState, values)


_NOT_A_LAND = object()


def _choose(state: GameState, seat: int, land: int) -> GameState:
    tokens = state[_TOKENS]
    tokens = tokens[:seat] + (land,) + tokens[seat + 1:]
    values = list(state)
    values[_TOKENS] = tokens
    if NO_TOKEN not in tokens:
        n = state[_PLAYERS]
        first = state[_FIRST]
        values[_PHASE] = "hunt"
        values[_ACTIVE] = tuple([(first + i) % n for i in range(n)])
    return _NEW(GameState, values)


def _throw(state: GameState, seat: int) -> GameState:
    values = list(state)
    held = values[_BOOMERANGS]
    values[_BOOMERANGS] = held[:seat] + (held[seat] - 1,) + held[seat + 1:]
    values[_POT] += 1
    active = values[_ACTIVE]
    values[_ACTIVE] = active[1:] + active[:1]
    values[_HUNT] += _THROWN
    return _NEW(GameState, values)


_THROWN = (THROW,)
_PASSED = (PASS,)


def _pass(state: GameState, seat: int) -> GameState:
    values = list(state)
    held = values[_BOOMERANGS]
    boomerangs = held[:seat] + (held[seat] + values[_POT],) + held[seat + 1:]
    active = values[_ACTIVE][1:]
    stack = (*values[_STACK], seat)
    hunt = values[_HUNT] + _PASSED
    if len(active) > 1:
        values[_BOOMERANGS] = boomerangs
        values[_POT] = 0
        values[_ACTIVE] = active
        values[_STACK] = stack
        values[_HUNT] = hunt
        return _NEW(GameState, values)
    return _capture(state, boomerangs, (*stack, active[0]), hunt)


def capture(t: Tables, river: tuple[int, ...], stack: Sequence[int], tokens: Sequence[int]
            ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Resolve the stack from the top down: what each entry takes (top first), and the river left."""
    takes = []
    lands = t.card_lands
    left = list(river)
    for seat in reversed(stack):
        bit = 1 << tokens[seat]
        takes.append(tuple([c for c in left if lands[c] & bit]))
        left = [c for c in left if not lands[c] & bit]  # list comprehensions: no generator per card
    return tuple(takes), tuple(left)


def _capture(state: GameState, boomerangs: tuple[int, ...], stack: tuple[int, ...], hunt: tuple[str, ...]
             ) -> GameState:
    """The hunt is over: capture, log the round, and start the next (the last seat left opens it)."""
    (_, t, n, round_no, _, deck, river, turned, first, tokens, _, _, _, _, _, captured_before, history, order, seed,
     names) = state  # one unpacking of the tuple, in ``GameState``'s field order
    takes, left = capture(t, river, stack, tokens)
    captured = list(captured_before)
    for seat, took in zip(reversed(stack), takes):
        captured[seat] = captured[seat] + took
    log = RoundLog(first, turned, river, tokens, hunt, stack, takes)
    return _start_round(t, n, round_no + 1, deck, left, stack[-1], boomerangs, tuple(captured), (*history, log),
                        order, seed, names)


apply_plain = apply
legal_actions_plain = legal_actions
step_plain = step
to_act_plain = to_act
is_over_plain = is_over
"""The plain reading: the reference the compiled path is tested against, and its stand-in."""

STATE_METHODS: dict[str, object] = {}
"""The compiled ``apply``, ``legal_actions``, ``step``, ``to_act`` and ``is_over`` as ``GameState``
methods (for the top-level API's dispatch; empty when ``_accel`` is not built)."""

ENGINE = "plain Python (boomerang2010/_accel not built, or BOOMERANG_RULES_PURE set)"
"""Which engine serves the decisions (``boomerang-rules bench`` prints it)."""

ACCELERATED = False
"""Whether the compiled path serves (``_accel`` built, and ``BOOMERANG_RULES_PURE`` not set)."""

COMPILED = compiled(__package__)
"""The compiled hot path (``_accel``), or None where the plain functions serve (``core.compiled``)."""

if COMPILED is not None:
    STATE_METHODS = COMPILED.accelerate(GameState, Tables, tuple(FIELD), apply_plain, legal_actions_plain,
                                        step_plain, to_act_plain, is_over_plain, _capture, PASS, THROW, "tokens",
                                        "hunt", "over", _HUNT_CHOICES, RoundLog)
    apply = COMPILED.apply
    legal_actions = COMPILED.legal_actions
    step = COMPILED.step
    to_act = COMPILED.to_act
    is_over = COMPILED.is_over
    ENGINE = "compiled hot path (boomerang2010/_accel)"
    ACCELERATED = True
