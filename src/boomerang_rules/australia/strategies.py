"""Hypothesis strategies' Boomerang: Australia side (``boomerang_rules.strategies`` calls these when
the ruleset drawn or given is for this game, and gives ``draft_cards`` and ``shipped_ids`` under their
names). Needs the ``test`` extra.

A game is reached by hypothesis-chosen legal actions, so a failure shrinks to a short game.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from ..core.arguments import flag
from ..core.loading import game_ruleset_argument, list_rules, rules_data, rules_from_data
from .engine import apply, is_over, legal_actions, new_game, to_act
from .loading import TITLE, load_rules
from .rules import GAME, Ruleset
from .sheets import ROWS
from .state import GameState


def shipped_ids() -> tuple[str, ...]:
    """The ids of the shipped Boomerang: Australia rulesets and variants (other games ship their own)."""
    return tuple(i.id for i in list_rules() if i.game == GAME)


GENERATED_ID = "generated"
"""The id of rulesets ``rulesets()`` makes (never a shipped id: records carry them inline)."""


GENERATED_PLAYERS = range(1, 33)
"""The player counts ``generated_rulesets`` makes rulesets for."""


@st.composite
def generated_rulesets(draw: st.DrawFn, players: int | None = None) -> Ruleset:
    """A ruleset made from a shipped one, with its deck repeated to between 28 and 250 cards; for
    ``players`` players when given (one of ``GENERATED_PLAYERS``: a deck deep enough for them)."""
    data = rules_data(load_rules(draw(st.sampled_from(shipped_ids()), label="base")))
    least = players or 1
    hand = draw(st.integers(2, 7 if players is None else min(7, 250 // players)), label="hand_size")
    floor = max(28, least * hand)
    deck = draw(st.one_of(st.sampled_from([d for d in (28, 56, 250) if d >= floor]), st.integers(floor, 250)),
                label="deck")
    cards = data["cards"]
    data["cards"] = [{**cards[i % len(cards)], "id": cards[i % len(cards)]["id"] + (str(i // len(cards)) if
                                                                                       i >= len(cards) else ""),
                      "site": f"{cards[i % len(cards)]['site']} {i // len(cards)}"} for i in range(deck)]
    table = data["scoring"]["activities"]["table"]
    data["scoring"]["activities"]["table"] = table + [table[-1] + 5 * k for k in range(1, hand + 2 - len(table))]
    high = draw(st.integers(least, min(32, deck // hand)), label="players.max")
    data["players"] = {"min": draw(st.integers(1, least if players else high), label="players.min"), "max": high}
    rounds = draw(st.integers(1, 4), label="rounds")
    data["rounds"] = rounds
    data["pass_directions"] = draw(st.lists(st.sampled_from(["left", "right"]), min_size=rounds, max_size=rounds))
    data["hand_size"] = hand
    data["leftover_cards"] = draw(st.sampled_from(["deal-first", "reshuffle"]), label="leftover_cards")
    data.update(id=GENERATED_ID, name="Generated ruleset", description="")
    rules: Ruleset = rules_from_data(data, "generated", allow_paths=False)
    return rules


def game_state(draw: st.DrawFn, players: int | None, ruleset: Ruleset, finished: bool | None) -> GameState:
    """A legal game state: finished, unfinished (stopped anywhere), or either (``None``)."""
    finished = flag(finished, "finished", none=True)
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


def draft_cards(rules: Ruleset | str | st.SearchStrategy[Ruleset] | st.SearchStrategy[str] | None = None
                ) -> st.SearchStrategy[list[str]]:
    """Distinct card ids, as many as a hand, in draft order (Throw first, Catch last), of ``rules``
    (the standard ruleset when None; a strategy of rulesets or ids: of each one it draws). Anything
    else is refused as every game's strategies refuse it (``core.loading.game_ruleset_argument``)."""
    if isinstance(rules, st.SearchStrategy):
        return rules.flatmap(lambda drawn: _cards_of(game_ruleset_argument(drawn, Ruleset, TITLE,
                                                                           " (drawn by the strategy given)")))
    return _cards_of(game_ruleset_argument("standard" if rules is None else rules, Ruleset, TITLE))


def _cards_of(ruleset: Ruleset) -> st.SearchStrategy[list[str]]:
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


def _queues(record: dict[str, Any], rules: Ruleset) -> list[tuple[int, list[set[str]]]]:
    """For each round from the second: the deck before its deal, as groups of card ids that
    waited since the same round, top first (see ``dealing.queue_after``)."""
    out = []
    queue = [{c.id for c in rules.cards}]
    for r, rnd in enumerate(record["rounds"]):
        if r:
            out.append((r, queue))
        dealt = {c for hand in rnd["hands"] for c in hand}
        queue = [g - dealt for g in queue if g - dealt] + [dealt]
    return out


def _passed_over(record: dict[str, Any], rules: Ruleset) -> list[tuple[int, list[set[str]]]]:
    """Rounds where swapping a longest-waiting card dealt for a card used last round breaks the rule."""
    if rules.leftover_cards != "deal-first":
        return []
    return [(r, q) for r, q in _queues(record, rules) if len(q) > 1
            and q[-1] - {c for hand in record["rounds"][r]["hands"] for c in hand}]


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
    if "result" in record:  # a one-seat game has no other seat to name as the winner
        kinds += ["claimed-row", "wrong-winner"] if len(record["players"]) > 1 else ["claimed-row"]
    if _passed_over(record, rules):
        kinds.append("leftover-not-dealt")
    return kinds


def break_one_rule(draw: st.DrawFn, record: dict[str, Any], ruleset: Ruleset) -> tuple[dict[str, Any], str, str]:
    """``record`` (a copy, changed in place) with exactly one rule broken, the JSON pointer and the rule
    a validator must report (``strategies.invalid_records`` lists the rules)."""
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
    # leftover-not-dealt: a card that waited longest is swapped for one used last round.
    r, queue = draw(st.sampled_from(_passed_over(record, ruleset)))
    now = {c for hand in rounds[r]["hands"] for c in hand}
    out_card = draw(st.sampled_from(sorted(queue[0] & now)))
    in_card = draw(st.sampled_from(sorted(queue[-1] - now)))
    for hand in rounds[r]["hands"]:
        if out_card in hand:
            hand[hand.index(out_card)] = in_card
    return record, f"/rounds/{r}/hands", "leftover-dealt-first"
