"""Sea Salt & Paper game records: a game as JSON, made from a state, replayed into one, and checked.

A record holds every chance outcome as it happened (each round's deck order, the first
player, each steal's card) and every decision, so replaying it needs no generator: the engine
itself replays it, and every place where the record and the rules part is reported with its
JSON pointer and the rule broken.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

import attrs

from ..core.errors import IllegalAction, Problem, under
from ..core.pointer import pointer
from ..core.records import (
    Checked,
    document_problems,
    envelope,
    located,
    player_names,
    reached,
    record_opening,
    recorded_names,
    recorded_seed,
    result_of,
)
from ..core.results import result_problems
from ..core.validation import RECORD_FORMAT
from .dealing import deck_problems
from .engine import new_game, winners
from .extra_salt import shuffle_problems
from .hot_path import apply, is_over, legal_actions
from .rules import GAME, Ruleset
from .sheets import score_sheets
from .state import Entry, GameState, check_state
from .tables import Tables, tables_for

RECORD_SCHEMA = "sea-salt-paper-game-record"


def _entries(t: Tables, log: Sequence[Entry]) -> list[list[Any]]:
    """A round's decisions as the record writes them: ``[seat, action]``, a steal with its card."""
    ids = t.ids
    return [[seat, action, ids[card]] if card >= 0 else [seat, action] for seat, action, card in log]


def record_of(state: GameState, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The record of the game so far (with its ``result`` once it is over).

    ``names`` are the players' names, in seat order (default: those of the record the state
    was replayed from, else ``Seat 0``, ``Seat 1``, ...). A state drawn by ``determinize`` has
    none (``ValueError``): the view it was drawn from holds no deck order nor decisions to record.
    """
    return _record(state, names, _deck, _entries)


def _deck(t: Tables, cards: tuple[int, ...]) -> list[str]:
    """A round's deck as the record writes it: its cards' ids."""
    return list(t.ids_of(cards))


def _record(state: GameState, names: Sequence[str] | None, deck: Callable[[Tables, tuple[int, ...]], Any],
            actions: Callable[[Tables, Sequence[Entry]], Any]) -> dict[str, Any]:
    """``record_of``'s record, each round's ``deck`` made by ``deck(tables, cards)`` and its
    ``actions`` by ``actions(tables, log)``."""
    check_state(state)
    t = state.tables
    if any(not r.deck for r in state.history) or (state.phase not in ("over", "deal") and not state.deck0):
        raise ValueError("state has no game record: it was drawn by determinize, whose view holds neither the "
                         "round's deck order nor its decisions (a determinization plays on, but no record "
                         "replays to it; docs/sea-salt-paper.md)")
    names = player_names(names, state.players, state.names)
    rounds = [_shuffled({"deck": deck(t, r.deck), "first": r.first, "actions": actions(t, r.log)}, t, r.shuffles)
              for r in state.history]
    if state.phase not in ("over", "deal"):
        rounds.append(_shuffled({"deck": deck(t, state.deck0), "first": state.first,
                                 "actions": actions(t, state.entries())}, t,
                                state.shuffles if t.expansion else ()))
    record = envelope(state.rules, names, state.seed)
    record["rounds"] = rounds
    if is_over(state):
        record["result"] = result_of(score_sheets(state), winners(state))
    return record


_one_line = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode
"""``json.dumps(value, ensure_ascii=False, separators=(",", ":"))``, the encoder made once (as
``core.simulation``'s)."""


@attrs.define(slots=True)
class _Texts:
    """A ruleset's pieces of a record's line (``record_line``), by its card ids."""

    cards: tuple[str, ...]
    """Each card's id as JSON text (``"shell-1"``)."""
    entries: dict[Entry, str] = attrs.field(factory=dict)
    """A decision -> its text (``[0,"draw"]``), made on first need. Bounded: a ruleset's decisions
    are its seats by its actions (by the card a steal took)."""


_TEXTS: dict[tuple[str, ...], _Texts] = {}
"""Card ids -> their ``_Texts``; at most ``_MAX_TEXTS`` rulesets' are kept (then all are dropped and
made again as needed)."""
_MAX_TEXTS = 64


def _texts_of(t: Tables) -> _Texts:
    texts = _TEXTS.get(t.ids)
    if texts is None:
        if len(_TEXTS) >= _MAX_TEXTS:
            _TEXTS.clear()
        texts = _TEXTS[t.ids] = _Texts(tuple(map(_one_line, t.ids)))
    return texts


def _deck_text(t: Tables, cards: tuple[int, ...]) -> str:
    """``_one_line(_deck(t, cards))``, from the cards' texts."""
    return "[" + ",".join(map(_texts_of(t).cards.__getitem__, cards)) + "]"


def _actions_text(t: Tables, log: Sequence[Entry]) -> str:
    """``_one_line(_entries(t, log))``, from the decisions' texts (each made once per ruleset)."""
    known = _texts_of(t).entries
    try:
        return "[" + ",".join(map(known.__getitem__, log)) + "]"
    except KeyError:
        for entry, listed in zip(log, _entries(t, log)):
            if entry not in known:
                known[entry] = _one_line(listed)
        return "[" + ",".join(map(known.__getitem__, log)) + "]"


_KEYS: dict[str, str] = {}
"""A record's key -> its JSON text and the colon (``"deck":``): the keys ``_record`` writes, a few."""


def _object_text(value: dict[str, Any], written: tuple[str, ...]) -> str:
    """``_one_line(value)``, the values under the keys ``written`` already JSON text (an exact int's
    text is its ``repr``, as the encoder writes it)."""
    parts = []
    for k, v in value.items():
        key = _KEYS.get(k)
        if key is None:
            key = _KEYS[k] = _one_line(k) + ":"
        parts.append(key + (v if k in written else repr(v) if v.__class__ is int else _one_line(v)))
    return "{" + ",".join(parts) + "}"


def record_line(state: GameState, names: Sequence[str] | None = None) -> str:
    """``json.dumps(record_of(state, names), ensure_ascii=False, separators=(",", ":"))``, the same text
    made faster for ``simulate`` (issue 27): each decision's and each card's text is looked up rather
    than a list made and encoded a decision, a card's id escaped for each deck it is in (a random
    game's record written in half the time: 0.07 ms, not 0.14). JSON writes an object as its
    ``"key":value`` pairs in order between braces, and a list as its items' texts between brackets
    with commas, so the record is written key by key, each round's deck and actions from those
    texts (``tests/test_ssp_records.py`` compares the two on every shipped ruleset)."""
    record = _record(state, names, _deck_text, _actions_text)
    record["rounds"] = "[" + ",".join(_object_text(r, ("deck", "actions")) for r in record["rounds"]) + "]"
    return _object_text(record, ("rounds",))


def _shuffled(rnd: dict[str, Any], t: Tables, shuffles: tuple[tuple[int, ...], ...]) -> dict[str, Any]:
    """A record's round with its lobster shuffles (Extra Salt), when it had any."""
    if shuffles:
        rnd["shuffles"] = [list(t.ids_of(order)) for order in shuffles]
    return rnd


_RULE_OF_PHASE = {"draw": "take-top", "keep": "keep-drawn", "play": "play", "crab_pile": "crab-pile",
                  "crab_card": "crab-card", "steal": "steal-victim", "lobster": "lobster-card"}


def _rule_for(state: GameState, action: str) -> str:
    """The rule an illegal action breaks, for the report."""
    verb = action.partition(":")[0]
    if state.bound >> state.turn & 1 and state.phase in ("draw", "play"):
        return "jellyfish"
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
    result = record.get("result")
    if result is not None and not any(p.pointer.startswith("/result") for p in problems):
        problems += _check_result(state, result)
    return Checked(state, tuple(problems))


def validate_record(record: Any, file: str | os.PathLike[str] | None = None) -> list[Problem]:
    """Every problem of a parsed game record that can be found without guessing; [] when valid,
    each in ``file`` (a name or a path: ``core.records.located``)."""
    return located(check_record(record).problems, file)


def state_of(record: Any, rules: Ruleset | str | None = None) -> GameState:
    """The state a valid record ends in. ``InvalidInput`` lists the problems of an invalid one."""
    return reached(check_record(record, rules))


__all__ = ["RECORD_FORMAT", "Checked", "check_record", "record_line", "record_of", "state_of", "validate_record"]
