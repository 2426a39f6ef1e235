"""Checking a Boomerang (2010) record: the schema, the ruleset, the deck, then a replay by the engine.

Every place where the record and the rules part is a ``Problem`` with its JSON pointer and the
rule broken. Within a round every flaw of one step is reported; the replay stops at the first
round that breaks a rule, since what follows depends on it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from ..core.errors import Problem, under
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
from .engine import apply, deck_problems, is_over, legal_actions, new_game
from .rules import GAME, THROW, Ruleset
from .sheets import score_sheets, winners
from .state import GameState
from .tables import Tables, tables_for

RECORD_SCHEMA = "boomerang-2010-record"


def _lands(t: Tables, mask: int) -> str:
    return ", ".join(land for i, land in enumerate(t.lands) if mask >> i & 1)


def _check_turned(state: GameState, r: int, turned: list[str]) -> list[Problem]:
    """The cards the record turns up against those the rules turn up from this deck."""
    t = state.tables
    want = t.ids_of(state.turned)
    base = ("rounds", r, "turned")
    problems = []
    for i, cid in enumerate(turned):
        if i >= len(want):
            why = ("every land shows in the river" if t.lands_shown(state.river) == t.all_lands
                   else "the deck has run out")
            problems.append(Problem(pointer(*base, i), f"no card is turned up after {len(want)} in round {r + 1}: "
                                    f"{why}", "river-stops"))
            break
        if cid != want[i]:
            problems.append(Problem(pointer(*base, i), f"the next card of the deck is {want[i]!r}, not {cid!r}",
                                    "river-turned"))
            break
    if len(turned) < len(want) and not problems:
        shown = t.lands_shown(state.river[: len(state.river) - len(want) + len(turned)])
        problems.append(Problem(pointer(*base), f"the river stops after {len(turned)} card(s) though it lacks "
                                f"{_lands(t, t.all_lands & ~shown)} and the deck still has cards (next: "
                                f"{want[len(turned)]!r})", "river-stops"))
    return problems


def _check_captures(state: GameState, r: int, captures: list[dict[str, Any]]) -> list[Problem]:
    """A finished round's captures against the stack the replay built, entry by entry."""
    t = state.tables
    log = state.history[r]
    base = ("rounds", r, "captures")
    order = list(reversed(log.stack))
    problems = []
    seen: dict[int, int] = {}
    for i, entry in enumerate(captures):
        seat = entry["seat"]
        if seat in seen:
            problems.append(Problem(pointer(*base, i, "seat"), f"seat {seat}'s token is used twice (also at "
                                    f"{pointer(*base, seen[seat])}): each seat has one token on the stack",
                                    "token-used-twice"))
        seen.setdefault(seat, i)
    if problems:
        return problems
    if len(captures) != len(order):
        return [Problem(pointer(*base), f"{len(captures)} captures for the {len(order)} tokens on the stack",
                        "capture-count")]
    river = list(log.river)
    for i, (entry, seat, took) in enumerate(zip(captures, order, log.captures)):
        where = pointer(*base, i)
        if entry["seat"] != seat:
            place = "top of the stack (the last seat left)" if i == 0 else f"stack entry {i} from the top"
            problems.append(Problem(where + "/seat", f"the {place} is seat {seat}'s token, not seat "
                                    f"{entry['seat']}'s: tokens are revealed from the top down", "capture-order"))
            return problems
        land = t.lands[log.tokens[seat]]
        if entry["land"] != land:
            problems.append(Problem(where + "/land", f"seat {seat}'s token this round is {land!r}, not "
                                    f"{entry['land']!r}", "capture-land"))
            return problems
        here = []
        counts = Counter(entry["cards"])
        wanted = set(t.ids_of(took))
        for k, cid in enumerate(entry["cards"]):
            if counts[cid] > 1 and entry["cards"].index(cid) < k:
                here.append(Problem(f"{where}/cards/{k}", f"card {cid!r} is taken twice", "card-unique"))
            elif cid not in wanted:
                if cid not in t.index:
                    why = "is not a card of this ruleset"
                elif t.index[cid] not in river:
                    why = "is not in the river at this point"
                else:
                    why = f"does not show {land}"
                here.append(Problem(f"{where}/cards/{k}", f"card {cid!r} {why}", "capture-cards"))
        for c in took:
            if t.ids[c] not in counts:
                here.append(Problem(f"{where}/cards", f"the capture skips card {t.ids[c]!r}, which shows {land} and "
                                    "is still in the river: the owner takes every such card", "capture-cards"))
        if not here and entry["cards"] != list(t.ids_of(took)):  # the right cards: one order only, the river's
            here.append(Problem(f"{where}/cards", f"the cards are listed as {', '.join(entry['cards'])}; a capture "
                                f"lists them as they lie in the river: {', '.join(t.ids_of(took))}",
                                "capture-card-order"))
        problems += here
        river = [c for c in river if c not in took]
    return problems


def _check_round(state: GameState, r: int, rnd: dict[str, Any], last: bool) -> tuple[GameState, list[Problem]]:
    """Replay one round: the turned cards, the tokens, the hunt, the captures."""
    t = state.tables
    n = state.players
    base = ("rounds", r)
    problems = _check_turned(state, r, rnd["turned"])
    if problems:
        return state, problems
    tokens = rnd.get("tokens")
    hunt = rnd.get("hunt")
    captures = rnd.get("captures")
    if tokens is None:
        if hunt is not None or captures is not None:
            return state, [Problem(pointer(*base), "the hunt and the captures come after every seat has chosen "
                                   "a land: the tokens are missing", "tokens-missing")]
        if not last:
            return state, [Problem(pointer(*base), "the tokens are missing, and another round follows",
                                   "round-complete")]
        return state, []
    if len(tokens) != n:
        return state, [Problem(pointer(*base, "tokens"), f"{len(tokens)} tokens for {n} players", "tokens-seats")]
    for seat, land in enumerate(tokens):
        if land not in t.land_index:
            problems.append(Problem(pointer(*base, "tokens", seat), f"unknown land {land!r} (lands are "
                                    f"{', '.join(t.lands)})", "token-known"))
    if problems:
        return state, problems
    for seat, land in enumerate(tokens):
        state = apply(state, seat, land)
    for i, action in enumerate(hunt or []):
        if state.round != r:
            last_seat = state.history[r].stack[-1]
            return state, [Problem(pointer(*base, "hunt", i), f"the hunt is over: seat {last_seat} was the last "
                                   "seat left after the previous decision", "hunt-over")]
        seat = state.active[0]
        if action not in legal_actions(state, seat):
            return state, [Problem(pointer(*base, "hunt", i), f"seat {seat} has no boomerang left to {THROW}: "
                                   "a seat without boomerangs must pass", "throw-needs-boomerang")]
        state = apply(state, seat, action)
    if state.round == r:
        if captures is not None:
            return state, [Problem(pointer(*base, "captures"), "the hunt is unfinished (seats "
                                   f"{', '.join(map(str, state.active))} still hunt), so nothing is captured yet",
                                   "captures-early")]
        if not last:
            return state, [Problem(pointer(*base, "hunt"), "the hunt is unfinished, and another round follows",
                                   "round-complete")]
        return state, []
    if captures is None:
        return state, [Problem(pointer(*base), "the hunt is over but the captures are missing", "captures-missing")]
    return state, _check_captures(state, r, captures)


def _check_result(state: GameState, result: dict[str, Any]) -> list[Problem]:
    if not is_over(state):
        return [Problem("/result", f"the game is unfinished (round {state.round + 1}, {len(state.deck)} cards in "
                        "the deck), so it has no result yet", "result-unfinished")]
    return result_problems([s.as_dict() for s in score_sheets(state)], winners(state), result,
                           "; ties go to the most boomerangs")


def check_record(record: Any, rules: Ruleset | str | None = None) -> Checked[GameState]:
    """Check a parsed record against the schema and, by replaying it, against the rules.

    ``rules`` replays it under another ruleset than the one it names (a loaded one, or an id or a
    path to load; another game's is a problem at ``/rules``, what is no ruleset a ``TypeError``:
    ``core.records.replay_rules``, alike in every game).
    """
    replayed, problems = record_opening(record, rules, Ruleset, GAME, "a Boomerang (2010) Ruleset",
                                        lambda r: document_problems(r, RECORD_SCHEMA))
    if replayed is None:
        return Checked(None, tuple(problems))
    rules = replayed
    n = len(record["players"])
    found = under("/deck", deck_problems(tables_for(rules), record["deck"]))
    if found:
        return Checked(None, tuple(problems + found))
    state = new_game(rules, n, deck=record["deck"])
    seed, found = recorded_seed(record)
    problems += found
    state = attrs.evolve(state, seed=seed, names=recorded_names(record))
    rounds = record["rounds"]
    for r, rnd in enumerate(rounds):
        if is_over(state):
            problems.append(Problem(pointer("rounds", r), f"the game ended after round {r}: the deck was empty "
                                    "when the next round began", "rounds-count"))
            break
        state, found = _check_round(state, r, rnd, last=r == len(rounds) - 1)
        if found:
            return Checked(state, tuple(problems + found))
    return result_checked(state, problems, record, _check_result)
