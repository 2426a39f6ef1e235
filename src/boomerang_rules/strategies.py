"""Hypothesis strategies for testing code against boomerang-rules (needs the ``test`` extra).

Use them in your own test suite to generate legal games, valid records, and records with
exactly one rule broken that a correct validator must reject::

    from hypothesis import given
    from boomerang_rules import strategies as bst

    @given(bst.records(finished=True))
    def test_my_scorer_agrees(record):
        assert my_scores(record) == record["result"]["sheets"]

Games are reached by hypothesis-chosen legal actions, so a failure shrinks to a short game.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

from .australia.engine import apply, is_over, legal_actions, new_game, to_act
from .australia.loading import load_rules
from .australia.records import record_of
from .australia.rules import Ruleset
from .australia.sheets import ROWS
from .australia.state import GameState
from .core.loading import shipped_ids

RulesArg = Ruleset | str | st.SearchStrategy[Ruleset] | None


def rulesets() -> st.SearchStrategy[Ruleset]:
    """The shipped rulesets and variants."""
    return st.sampled_from(shipped_ids()).map(load_rules)


def _rules(draw: st.DrawFn, rules: RulesArg) -> Ruleset:
    if rules is None:
        return draw(rulesets())
    if isinstance(rules, str):
        return load_rules(rules)
    if isinstance(rules, Ruleset):
        return rules
    return draw(rules)


@st.composite
def games(draw: st.DrawFn, players: int | None = None, rules: RulesArg = None,
          finished: bool | None = True) -> GameState:
    """A legal game state: finished, unfinished (stopped anywhere), or either (``None``)."""
    ruleset = _rules(draw, rules)
    n = players if players is not None else draw(st.integers(ruleset.players.min, ruleset.players.max))
    state = new_game(ruleset, n, draw(st.integers(0, 2**32 - 1), label="seed"))
    if finished is None:
        finished = draw(st.booleans(), label="finished")
    total = n * ruleset.hand_size * ruleset.rounds  # a Throw, the picks and an activity a round
    limit = total if finished else draw(st.integers(0, total - 1), label="decisions")
    for _ in range(limit):
        seat = draw(st.sampled_from(to_act(state)))
        state = apply(state, seat, draw(st.sampled_from(legal_actions(state, seat))))
    assert is_over(state) == finished
    return state


@st.composite
def records(draw: st.DrawFn, players: int | None = None, rules: RulesArg = None,
            finished: bool | None = None, with_result: bool | None = None) -> dict[str, Any]:
    """A valid game record; ``with_result`` (default: either) keeps a finished game's result."""
    record = record_of(draw(games(players, rules, finished)))
    keep = draw(st.booleans()) if with_result is None else with_result
    if not keep:
        record.pop("result", None)
    return record


def draft_cards(rules: Ruleset | str | None = None) -> st.SearchStrategy[list[str]]:
    """Distinct card ids, as many as a hand, in draft order (Throw first, Catch last)."""
    ruleset = load_rules(rules or "standard") if not isinstance(rules, Ruleset) else rules
    ids = [c.id for c in ruleset.cards]
    return st.permutations(ids).map(lambda p: list(p[: ruleset.hand_size]))


def _replay_to(record: dict[str, Any], rules: Ruleset, r: int, k: int) -> GameState:
    """The state just before pick index ``k`` of round ``r``."""
    state = new_game(rules, len(record["players"]), deals=[x["hands"] for x in record["rounds"]])
    for i, rnd in enumerate(record["rounds"][: r + 1]):
        steps = min(len(rnd["picks"][0]), rules.hand_size - 1) if i < r else k
        for step in range(steps):
            for seat, picks in enumerate(rnd["picks"]):
                state = apply(state, seat, picks[step])
        if i < r:
            for seat, activity in enumerate(rnd["activities"]):
                state = apply(state, seat, activity or "none")
    return state


def _reuses(record: dict[str, Any]) -> list[tuple[int, int, int]]:
    """(round, seat, earlier round) where the seat could claim an activity it already scored."""
    rounds = record["rounds"]
    return [(r, seat, earlier) for r, rnd in enumerate(rounds) if "activities" in rnd
            for seat in range(len(record["players"])) for earlier in range(r)
            if rounds[earlier]["activities"][seat] is not None]


def _mutations(record: dict[str, Any], rules: Ruleset) -> list[str]:
    rounds = record["rounds"]
    kinds = ["wrong-type"]
    if any(rnd["picks"][0] for rnd in rounds):
        kinds.append("pick-not-in-hand")
    if rounds:
        kinds.append("dealt-twice")
    if any(len(r["picks"][0]) == rules.hand_size for r in rounds):
        kinds.append("wrong-catch")
    if _reuses(record):
        kinds.append("activity-reused")
    if "result" in record:
        kinds += ["claimed-row", "wrong-winner"]
    if len(rounds) > 1 and len(record["players"]) * rules.hand_size < len(rules.cards) and \
            rules.leftover_cards == "deal-first":
        kinds.append("leftover-not-dealt")
    return kinds


@st.composite
def invalid_records(draw: st.DrawFn, players: int | None = None,
                    rules: RulesArg = None) -> tuple[dict[str, Any], str, str]:
    """A record with exactly one rule broken, the JSON pointer and the rule a validator must report.

    The rules are this library's rule names: ``pick-in-hand``, ``card-unique``, ``catch``,
    ``activity-once``, ``result-sheet``, ``result-winners``, ``leftover-dealt-first`` and
    ``schema:type``.
    """
    ruleset = _rules(draw, rules)
    record = copy.deepcopy(draw(records(players, ruleset, finished=None, with_result=None)))
    kind = draw(st.sampled_from(_mutations(record, ruleset)))
    rounds = record["rounds"]
    n = len(record["players"])
    ids = [c.id for c in ruleset.cards]
    if kind == "wrong-type":
        field = draw(st.sampled_from(["players", "rounds", "version"]))
        record[field] = {"players": "Ana", "rounds": {}, "version": "1"}[field]
        return record, f"/{field}", "schema:const" if field == "version" else "schema:type"
    if kind == "pick-not-in-hand":
        r = draw(st.sampled_from([i for i, x in enumerate(rounds) if x["picks"][0]]))
        k = draw(st.integers(0, min(len(rounds[r]["picks"][0]), ruleset.hand_size - 1) - 1))
        seat = draw(st.integers(0, n - 1))
        held = legal_actions(_replay_to(record, ruleset, r, k), seat)
        rounds[r]["picks"][seat][k] = draw(st.sampled_from([c for c in ids if c not in held]))
        return record, f"/rounds/{r}/picks/{seat}/{k}", "pick-in-hand"
    if kind == "dealt-twice":
        r = draw(st.integers(0, len(rounds) - 1))
        a, b = sorted(draw(st.lists(st.integers(0, n * ruleset.hand_size - 1), min_size=2, max_size=2,
                                    unique=True)))
        sa, ia = divmod(a, ruleset.hand_size)
        sb, ib = divmod(b, ruleset.hand_size)
        hands = rounds[r]["hands"]
        hands[sb][ib] = hands[sa][ia]
        return record, f"/rounds/{r}/hands/{sb}/{ib}", "card-unique"
    if kind == "wrong-catch":
        r = draw(st.sampled_from([i for i, x in enumerate(rounds) if len(x["picks"][0]) == ruleset.hand_size]))
        seat = draw(st.integers(0, n - 1))
        picks = rounds[r]["picks"][seat]
        picks[-1] = draw(st.sampled_from([c for c in ids if c != picks[-1]]))
        return record, f"/rounds/{r}/picks/{seat}/{ruleset.hand_size - 1}", "catch"
    if kind == "activity-reused":
        r, seat, earlier = draw(st.sampled_from(_reuses(record)))
        rounds[r]["activities"][seat] = rounds[earlier]["activities"][seat]
        return record, f"/rounds/{r}/activities/{seat}", "activity-once"
    if kind == "claimed-row":
        seat = draw(st.integers(0, n - 1))
        row = draw(st.sampled_from(ROWS))
        sheet = record["result"]["sheets"][seat]
        if isinstance(sheet[row], list):
            i = draw(st.integers(0, len(sheet[row]) - 1))
            sheet[row][i] += draw(st.integers(1, 5))
            return record, f"/result/sheets/{seat}/{row}/{i}", "result-sheet"
        sheet[row] += draw(st.integers(1, 5))
        return record, f"/result/sheets/{seat}/{row}", "result-sheet"
    if kind == "wrong-winner":
        winners = record["result"]["winners"]
        others = [s for s in range(n) if [s] != winners]
        record["result"]["winners"] = [draw(st.sampled_from(others))]
        return record, "/result/winners", "result-winners"
    # leftover-not-dealt: a card left over last round is swapped for one used last round.
    r = draw(st.integers(1, len(rounds) - 1))
    before = {c for hand in rounds[r - 1]["hands"] for c in hand}
    now = {c for hand in rounds[r]["hands"] for c in hand}
    leftover = sorted(set(ids) - before)
    unused = sorted(set(ids) - now)
    out_card = draw(st.sampled_from(leftover))
    in_card = draw(st.sampled_from(unused))
    for hand in rounds[r]["hands"]:
        if out_card in hand:
            hand[hand.index(out_card)] = in_card
    return record, f"/rounds/{r}/hands", "leftover-dealt-first"
