"""Checking a game record against the rules: the schema, the ruleset, then a replay by the engine.

Every place where the record and the rules part is a ``Problem`` with its JSON pointer. What
can be checked without replaying (cards never dealt, activities unknown or repeated) is
checked in every round; the replay itself stops at the first step that breaks a rule.
"""

from __future__ import annotations

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
from .dealing import deal_problems, queue_after, skipped
from .engine import apply, is_over, legal_actions, new_game
from .rules import GAME, Ruleset
from .sheets import score_sheets, winners
from .state import GameState
from .tables import NO_ACTIVITY, Tables, tables_for


def _check_deals(t: Tables, n: int, rounds: list[dict[str, Any]], reshuffle: bool
                 ) -> tuple[list[tuple[int, ...]], list[Problem]]:
    """The valid deals from the first round up to the first invalid one, and every deal's problems.

    Each round's deal is checked on its own (known cards, hand sizes, none twice); whether the
    cards set aside were dealt first, longest waiting first, is checked while every deal before
    is sound (the deck is a queue: see ``dealing``).
    """
    deals: list[tuple[int, ...]] = []
    problems: list[Problem] = []
    queue: tuple[int, ...] | None = ((1 << t.deck_size) - 1,)
    for r, rnd in enumerate(rounds):
        base = pointer("rounds", r, "hands")
        masks, found = deal_problems(t, n, rnd["hands"])
        here = under(base, found)
        dealt = 0
        for m in masks:
            dealt |= m
        if not here and queue is not None and not reshuffle:
            missing = skipped(queue, dealt)
            if missing:
                cards = ", ".join(t.hand_ids(missing))
                here.append(Problem(base, f"{cards} set aside before round {r + 1} must be dealt first in round "
                                    f"{r + 1}, before cards that waited less (cards left over are dealt first, "
                                    "longest waiting first)", "leftover-dealt-first"))
        if not here and len(deals) == r:
            deals.append(masks)
        queue = None if here or queue is None else queue_after(queue, dealt)
        problems += here
    return deals, problems


def _check_round(state: GameState, r: int, rnd: dict[str, Any], last: bool) -> tuple[GameState, list[Problem]]:
    """Replay one round's picks and activities; stop at the first step that breaks a rule."""
    t = state.tables
    n = state.players
    base = ("rounds", r)
    picks = rnd["picks"] or [[] for _ in range(n)]  # an empty list: nothing taken yet
    if len(picks) != n:
        return state, [Problem(pointer(*base, "picks"), f"{len(picks)} lists of picks for {n} players", "picks-seats")]
    counts = [len(p) for p in picks]
    problems = []
    if not last:
        problems = [Problem(pointer(*base, "picks", s), f"seat {s} took {c} cards; a round that another follows is "
                            f"complete ({t.hand_size} cards)", "round-complete")
                    for s, c in enumerate(counts) if c != t.hand_size]
    elif len(set(counts)) > 1:
        problems = [Problem(pointer(*base, "picks"), f"the seats took different numbers of cards ({counts}); a record "
                            "stops after a step every seat has completed", "picks-step")]
    elif counts[0] > t.hand_size:
        problems = [Problem(pointer(*base, "picks", 0), f"{counts[0]} cards taken, the hand size is {t.hand_size}",
                            "picks-step")]
    elif counts[0] == t.hand_size - 1:
        problems = [Problem(pointer(*base, "picks", s, t.hand_size - 1), "the Catch is missing: the last card "
                            "passed on is added to the seat's cards at once", "catch") for s in range(n)]
    if problems:
        return state, problems
    steps = min(counts[0], t.activity_step)
    for k in range(steps):
        for s in range(n):
            card = picks[s][k]
            if card not in legal_actions(state, s):
                held = ", ".join(legal_actions(state, s))
                what = f'card "{card}"' if card in t.index else f"unknown card {card!r}"
                problems.append(Problem(pointer(*base, "picks", s, k), f"{what} is not in the hand seat {s} holds "
                                        f"at pick {k + 1} (it holds {held})", "pick-in-hand"))
        if problems:
            return state, problems
        for s in range(n):
            state = apply(state, s, picks[s][k])
    activities = rnd.get("activities") or None  # an empty list: none chosen yet
    if counts[0] < t.hand_size:
        if activities is not None:
            problems.append(Problem(pointer(*base, "activities"), "activities are chosen after the Catch; this "
                                    f"round stops after {counts[0]} cards", "activities-after-catch"))
        return state, problems
    for s in range(n):
        caught = t.ids[state.drafted[s][-1]]
        if picks[s][-1] != caught:
            giver = (s - t.directions[r]) % n
            problems.append(Problem(pointer(*base, "picks", s, t.hand_size - 1), f'the Catch must be "{caught}", '
                                    f"the card seat {giver} passed on last, not {picks[s][-1]!r}", "catch"))
    if problems:
        return state, problems
    if activities is None:
        if not last:
            problems.append(Problem(pointer(*base), "the activities are missing, and another round follows",
                                    "activities-missing"))
        return state, problems
    if len(activities) != n:
        return state, [Problem(pointer(*base, "activities"), f"{len(activities)} activities for {n} players",
                               "activities-seats")]
    for s, activity in enumerate(activities):
        action = NO_ACTIVITY if activity is None else activity
        if (action == NO_ACTIVITY and activity is not None) or action not in t.activity_index:
            kinds = ", ".join(t.activity_kinds)
            problems.append(Problem(pointer(*base, "activities", s), f"unknown activity {activity!r} (activities are "
                                    f"{kinds}, or null for none)", "activity-known"))
        elif action not in legal_actions(state, s):
            earlier = next(i for i, past in enumerate(state.progress.rounds)
                           if t.activity_index[action] == past.activities[s])
            problems.append(Problem(pointer(*base, "activities", s), f"seat {s} already scored {action} in round "
                                    f"{earlier + 1}; each activity scores once a game", "activity-once"))
    if problems:
        return state, problems
    for s, activity in enumerate(activities):
        state = apply(state, s, NO_ACTIVITY if activity is None else activity)
    return state, []


def _check_result(state: GameState, result: dict[str, Any]) -> list[Problem]:
    if not is_over(state):
        return [Problem("/result", f"the game is unfinished (round {state.round + 1} of {state.tables.rounds}"
                        "), so it has no result yet", "result-unfinished")]
    return result_problems([s.as_dict() for s in score_sheets(state)], winners(state), result)


def _static_problems(t: Tables, n: int, rounds: list[dict[str, Any]], deals: list[tuple[int, ...]]) -> list[Problem]:
    """What is wrong whatever the replay finds: picks of cards not dealt that round, and activities
    unknown or scored twice. Reported even where the replay stops earlier."""
    problems = []
    used: list[dict[str, int]] = [{} for _ in range(n)]
    for r, rnd in enumerate(rounds):
        dealt = 0
        for mask in deals[r] if r < len(deals) else ():
            dealt |= mask
        for seat, picks in enumerate(rnd["picks"][:n]):
            for k, card in enumerate(picks):
                if card not in t.index:
                    message = f"unknown card {card!r}: it cannot be in the hand seat {seat} holds at pick {k + 1}"
                elif r < len(deals) and not dealt >> t.index[card] & 1:
                    message = f'card "{card}" was not dealt in round {r + 1}, so seat {seat} cannot hold it'
                else:
                    continue
                problems.append(Problem(pointer("rounds", r, "picks", seat, k), message, "pick-in-hand"))
        activities = rnd.get("activities")
        if activities is None or len(activities) != n:
            continue
        for seat, activity in enumerate(activities):
            if activity is None:
                continue
            where = pointer("rounds", r, "activities", seat)
            if activity == NO_ACTIVITY or activity not in t.activity_index:
                problems.append(Problem(where, f"unknown activity {activity!r} (activities are "
                                        f"{', '.join(t.activity_kinds)}, or null for none)", "activity-known"))
            elif activity in used[seat]:
                problems.append(Problem(where, f"seat {seat} already scored {activity} in round "
                                        f"{used[seat][activity] + 1}; each activity scores once a game",
                                        "activity-once"))
            else:
                used[seat][activity] = r
    return problems


def _merge(replayed: list[Problem], static: list[Problem]) -> list[Problem]:
    """The replay's problems and the static ones at other places, in the order of the record."""
    seen = {p.pointer for p in replayed}
    merged = replayed + [p for p in static if p.pointer not in seen]

    def place(p: Problem) -> list[tuple[int, int | str]]:
        return [(0, int(x)) if x.isascii() and x.isdigit() else (1, x) for x in p.pointer.split("/")[1:]]

    return sorted(merged, key=place)


def check_record(record: Any, rules: Ruleset | str | None = None) -> Checked[GameState]:
    """Check a parsed record against the schema and, by replaying it, against the rules.

    ``rules`` replays it under another ruleset than the one it names (a loaded one, or an id or a
    path to load; another game's is a problem at ``/rules``, what is no ruleset a ``TypeError``:
    ``core.records.replay_rules``, alike in every game).
    """
    replayed, problems = record_opening(record, rules, Ruleset, GAME, "a Boomerang: Australia Ruleset",
                                        lambda r: document_problems(r, "game-record"))
    if replayed is None:
        return Checked(None, tuple(problems))
    rules = replayed
    n = len(record["players"])
    t = tables_for(rules)
    rounds = record["rounds"]
    if len(rounds) > rules.rounds:
        problems.append(Problem(pointer("rounds", rules.rounds), f"{len(rounds)} rounds; the game has "
                                f"{rules.rounds}", "rounds-count"))
        rounds = rounds[: rules.rounds]
    deals, found = _check_deals(t, n, rounds, t.reshuffle)
    problems += found
    state = new_game(rules, n, deals=[[t.hand_ids(m) for m in d] for d in deals], undealt_ok=True)
    seed, found = recorded_seed(record)
    problems += found
    progress = attrs.evolve(state.progress, seed=seed, names=recorded_names(record))
    state = attrs.evolve(state, context=attrs.evolve(state.context, progress=progress))
    static = _static_problems(t, n, rounds, deals)
    for r in range(len(deals)):
        state, found = _check_round(state, r, rounds[r], last=r == len(rounds) - 1)
        if found:
            return Checked(state, tuple(problems + _merge(found, static)))
    problems += _merge([], static)
    return result_checked(state, problems, record, _check_result, replayed=len(deals) == len(rounds))
