"""Checking a Sea Salt & Paper record: the schema, the ruleset, the decks, then a replay by the engine.

A record holds every chance outcome as it happened (each round's deck order, the first player,
each steal's card, each lobster's shuffle), so the engine itself replays it; every place where
the record and the rules part is a ``Problem`` with its JSON pointer and the rule broken. The
replay stops at the first step that breaks a rule, since what follows depends on it.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

import attrs

from ..core.errors import IllegalAction, Problem, under
from ..core.pointer import pointer
from ..core.records import (
    Checked,
    document_problems,
    record_opening,
    recorded_names,
    recorded_seed,
    result_checked,
)
from ..core.results import result_problems
from .dealing import deck_problems
from .engine import new_game, winners
from .extra_salt import shuffle_problems
from .hot_path import apply, is_over, legal_actions
from .rules import GAME, Ruleset
from .sheets import score_sheets
from .state import GameState
from .tables import tables_for

RECORD_SCHEMA = "sea-salt-paper-game-record"


_RULE_OF_PHASE = {"draw": "take-top", "keep": "keep-drawn", "play": "play", "crab_pile": "crab-pile",
                  "crab_card": "crab-card", "steal": "steal-victim", "lobster": "lobster-card"}


def _rule_for(state: GameState, action: str) -> str:
    """The rule an illegal action breaks, for the report."""
    verb = action.partition(":")[0]
    if state.bound >> state.turn & 1 and state.phase in ("draw", "play"):
        return "jellyfish"
    if state.phase == "play" and legal_actions(state, state.turn) == ("mermaids",):
        return "mermaids"  # all the mermaids held: placing them is the only move
    if state.phase == "play" and verb == "trio":
        return "trio"
    if state.phase == "play":
        if verb == "duo":
            return "duo"
        if action in ("stop", "last_chance"):
            return "round-end-last-chance" if state.caller >= 0 else "round-end-points"
        if action == "mermaids":
            return "mermaids"
    if state.phase == "steal" and verb == "steal":
        return "steal-protected"
    return _RULE_OF_PHASE.get(state.phase, "action")


def _replay_round(state: GameState, r: int, rnd: dict[str, Any], last: bool) -> tuple[GameState, list[Problem]]:
    """Replay one round's decisions; stop at the first one that breaks a rule.

    Through the compiled hot path where it is built (``hot_path``): it hands every refusal to the
    plain code, so the words reported are the plain code's (``tests/test_ssp_record_messages.py``)."""
    t = state.tables
    base = ("rounds", r, "actions")
    shuffles = rnd.get("shuffles", [])
    if shuffles:
        found = shuffle_problems(t, shuffles, ("rounds", r, "shuffles"))
        if found:
            return state, found
        given = tuple(tuple(t.index[c] for c in order) for order in shuffles)
        state = state.evolve(chance=attrs.evolve(state.chance, shuffles=given, shuffles_used=0))
    for i, entry in enumerate(rnd["actions"]):
        seat, action = entry[0], entry[1]
        if ((seat.__class__ is not int and (not isinstance(seat, int) or isinstance(seat, bool)))
                or (action.__class__ is not str and not isinstance(action, str))):  # exact types first: the common case
            return state, [Problem(pointer(*base, i), "an action is [seat, action] or [seat, action, card]: a seat "
                                   "number, then a string", "action-shape")]
        turn = state.turn
        if state.round != r or turn < 0:
            return state, [Problem(pointer(*base, i), f"round {r + 1} has ended before this action", "round-ended")]
        if seat != turn:
            return state, [Problem(pointer(*base, i, 0), f"it is seat {turn}'s turn, not seat {seat}'s",
                                   "turn-order")]
        phase = state.phase  # a steal's card given below leaves it as it is
        if phase != "steal" and phase != "lobster":  # the common case: here a legal action never raises,
            if len(entry) == 3:  # so apply alone tells it legal (no legal_actions a decision; issue 27)
                return state, [Problem(pointer(*base, i), "only a steal names a card as a third item",
                                       "steal-card")]
            try:
                state = apply(state, seat, action)
            except IllegalAction as exc:
                return state, [Problem(pointer(*base, i, 1), str(exc), _rule_for(state, action))]
            continue
        steal = phase == "steal" and action.startswith("steal:")
        if steal != (len(entry) == 3):
            message = ("a steal names the card it took as a third item" if steal else
                       "only a steal names a card as a third item")
            return state, [Problem(pointer(*base, i), message, "steal-card")]
        if action not in legal_actions(state, seat):
            try:
                apply(state, seat, action)
            except IllegalAction as exc:
                return state, [Problem(pointer(*base, i, 1), str(exc), _rule_for(state, action))]
        if steal:
            card = entry[2]
            victim = int(action.partition(":")[2])
            if not isinstance(card, str) or card not in t.index or t.index[card] not in state.hands[victim]:
                held = ", ".join(t.ids_of(state.hands[victim]))
                return state, [Problem(pointer(*base, i, 2), f"the steal took {card!r}, which seat {victim} does "
                                       f"not hold (it holds {held})", "steal-card")]
            state = state.evolve(chance=attrs.evolve(state.chance, steals=(t.index[card],), steals_used=0))
        if phase == "lobster" and len(state.drawn) > 1 and state.chance.shuffles_used >= len(shuffles):
            return state, [Problem(pointer("rounds", r, "shuffles"), f"the lobster at actions/{i} shuffles the deck, "
                                   f"but the round gives {len(shuffles)} shuffle(s) for "
                                   f"{state.chance.shuffles_used + 1}",
                                   "shuffles-count")]
        try:
            state = apply(state, seat, action)
        except IllegalAction as exc:  # a given shuffle that is not an order of the cards shuffled
            return state, [Problem(pointer("rounds", r, "shuffles", state.chance.shuffles_used), str(exc),
                                   "shuffle-cards")]
    ended = len(state.history) > r
    used = len(state.history[r].shuffles) if ended else state.chance.shuffles_used
    if used < len(shuffles):
        return state, [Problem(pointer("rounds", r, "shuffles", used), f"round {r + 1} shuffles the deck {used} "
                               f"time(s), but the record gives {len(shuffles)} shuffles", "shuffles-count")]
    if not last and state.round == r and not is_over(state):  # a game over: check_record reports the round after
        return state, [Problem(pointer(*base), f"round {r + 1} has not ended, and another round follows",
                               "round-complete")]
    return state, []


def _check_result(state: GameState, result: dict[str, Any]) -> list[Problem]:
    if not is_over(state):
        totals = ", ".join(map(str, state.totals))
        return [Problem("/result", f"the game is unfinished (round {state.round + 1}, totals {totals} of "
                        f"{state.rules.target(state.players)} to reach), so it has no result yet", "result-unfinished")]
    return result_problems([s.as_dict() for s in score_sheets(state)], winners(state), result)


ACTION_SCHEMA: dict[str, Any] = {
    "type": "array", "minItems": 2, "maxItems": 3,
    "items": {"type": ["integer", "string"], "maxLength": 80, "minimum": 0, "maximum": 63}}
"""What the record schema says of one action (``tests/test_ssp_records.py`` reads it there): what
``_actions_fit`` checks."""
MAX_ACTIONS = 100_000
"""The schema's ``maxItems`` of a round's actions."""

_SEAT, _ACTION = itemgetter(0), itemgetter(1)


def _texts_fit(values: list[Any]) -> bool:
    return set(map(type, values)) == {str} and max(map(len, values)) <= 80


def _actions_fit(actions: Any) -> bool:
    """True only when the schema accepts every one of a round's ``actions``: a list of at most
    ``MAX_ACTIONS`` lists, each ``[seat, action]`` or ``[seat, action, card]`` (a seat an ``int`` from 0
    to 63, the rest strings of at most 80 characters; ``ACTION_SCHEMA``). False: let the schema judge."""
    if type(actions) is not list or len(actions) > MAX_ACTIONS:
        return False
    if not actions:
        return True
    if set(map(type, actions)) != {list} or not set(map(len, actions)) <= {2, 3}:
        return False
    seats = list(map(_SEAT, actions))
    if set(map(type, seats)) != {int} or min(seats) < 0 or max(seats) > 63:
        return False
    if not _texts_fit(list(map(_ACTION, actions))):
        return False
    cards = [a[2] for a in actions if len(a) == 3]
    return not cards or _texts_fit(cards)


def _for_the_schema(record: Any) -> Any:
    """``record`` with each round's actions left out (an empty list) where ``_actions_fit`` finds the
    schema accepts them all: the schema then has the same to say of it, and half a record's
    checking was the schema's walk of its actions (issue 27); their seats are ``int`` and the rest
    strings, so ``point_problems`` has no number written with a point to find there either.
    ``record`` itself when its shape is not a record's."""
    rounds = record.get("rounds") if type(record) is dict else None
    if type(rounds) is not list or not all(type(r) is dict and _actions_fit(r.get("actions")) for r in rounds):
        return record
    return {**record, "rounds": [{**r, "actions": []} for r in rounds]}


def check_record(record: Any, rules: Ruleset | str | None = None) -> Checked[GameState]:
    """Check a parsed record against the schema and, by replaying it, against the rules.

    ``rules`` replays it under another ruleset than the one it names (a loaded one, or an id or a
    path to load; another game's is a problem at ``/rules``, what is no ruleset a ``TypeError``:
    ``core.records.replay_rules``, alike in every game).
    """
    replayed, problems = record_opening(record, rules, Ruleset, GAME, "a Sea Salt & Paper Ruleset",
                                        lambda r: document_problems(r, RECORD_SCHEMA, _for_the_schema,
                                                                    own_integers=(("rounds", "*", "first"),)))
    if replayed is None:
        return Checked(None, tuple(problems))
    rules = replayed
    n = len(record["players"])
    t = tables_for(rules)
    rounds = record["rounds"]
    decks: list[list[str]] = []
    for r, rnd in enumerate(rounds):
        found = under(pointer("rounds", r, "deck"), deck_problems(t, rnd["deck"]))
        problems += found
        if found:
            break
        decks.append(rnd["deck"])
    if not rounds or len(decks) < len(rounds):
        if not rounds:
            problems.append(Problem("/rounds", "a record holds at least the first round's deck and first player",
                                    "rounds-count"))
        return Checked(None, tuple(problems))
    first = rounds[0]["first"]
    if first.__class__ is not int or first >= n:  # the schema's "integer" takes 2.0, which is no seat
        why = f"does not exist in a {n}-player game" if first.__class__ is int else "is not written as an integer"
        problems.append(Problem("/rounds/0/first", f"seat {first!r} {why}", "first-player"))
        return Checked(None, tuple(problems))
    state = new_game(rules, n, decks=decks, first=first)
    seed, found = recorded_seed(record)
    problems += found
    state = state.evolve(seed=seed, names=recorded_names(record))
    for r, rnd in enumerate(rounds):
        if is_over(state):  # else round r is under way: _replay_round refused an unended round before it
            problems.append(Problem(pointer("rounds", r), f"the game is over: no round {r + 1} follows",
                                    "rounds-count"))
            return Checked(state, tuple(problems))
        if rnd["first"] != state.first or rnd["first"].__class__ is not int:
            problems.append(Problem(pointer("rounds", r, "first"), f"round {r + 1} begins with seat {state.first} "
                                    "(the player after the one who ended the last round), not seat "
                                    f"{rnd['first']}", "first-player"))
            return Checked(state, tuple(problems))
        state, found = _replay_round(state, r, rnd, last=r == len(rounds) - 1)
        if found:
            return Checked(state, tuple(problems + found))
    return result_checked(state, problems, record, _check_result)
