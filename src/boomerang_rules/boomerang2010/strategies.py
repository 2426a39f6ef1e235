"""Hypothesis strategies for Boomerang (2010) (needs the ``test`` extra); re-exported by
``boomerang_rules.strategies`` with a ``b10_`` prefix.

Games are reached by hypothesis-chosen legal actions, so a failure shrinks to a short game.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

from ..core.arguments import flag
from ..core.drawn_rulesets import game_ruleset_drawn, rulesets_for
from ..core.loading import list_rules, rules_data, rules_from_data
from .engine import apply, is_over, legal_actions, new_game, to_act
from .loading import TITLE, load_rules
from .records import record_of
from .rules import GAME, PASS, THROW, Ruleset
from .state import GameState

RulesArg = Ruleset | str | st.SearchStrategy[Ruleset] | st.SearchStrategy[str] | None
"""A ruleset, an id or path, a strategy of either, or None (the shipped and generated rulesets)."""

GENERATED_ID = "generated-b10"
"""The id of the rulesets ``rulesets()`` makes (never a shipped id: records carry them inline)."""


def shipped_ids() -> tuple[str, ...]:
    """The ids of the shipped Boomerang (2010) rulesets and variants."""
    return tuple(i.id for i in list_rules() if i.game == GAME)


GENERATED_PLAYERS = range(2, 7)
"""The player counts ``generated_rulesets`` makes rulesets for."""


@st.composite
def generated_rulesets(draw: st.DrawFn, players: int | None = None) -> Ruleset:
    """A ruleset made from a shipped one: fewer boomerangs, other set sizes and player ranges (holding
    ``players`` when given), part of the deck and the lands and animals it shows (what ``rulesets()``
    here and the generic ``boomerang_rules.strategies.rulesets(game="boomerang-2010")`` add to the
    shipped ones)."""
    data = rules_data(load_rules(draw(st.sampled_from(shipped_ids()), label="base")))
    data["boomerangs_each"] = draw(st.integers(0, 12), label="boomerangs_each")
    data["boomerangs_per_point"] = draw(st.integers(1, 12), label="boomerangs_per_point")
    low = draw(st.integers(2, 5 if players is None else min(5, players)), label="players.min")
    data["players"] = {"min": low, "max": draw(st.integers(max(low, players or low), 6), label="players.max")}
    cards = data["cards"]
    keep = draw(st.lists(st.sampled_from(range(len(cards))), min_size=1, max_size=len(cards), unique=True),
                label="cards")
    data["cards"] = [cards[i] for i in sorted(keep)]
    shown = {land for card in data["cards"] for land in card["lands"]}
    data["lands"] = [land for land in data["lands"] if land in shown]  # a land on no card is refused
    held = {card["animal"] for card in data["cards"]}
    data["animals"] = [animal for animal in data["animals"] if animal in held]  # and so is an animal
    data["tie_breakers"] = draw(st.sampled_from([["boomerangs"], []]), label="tie_breakers")
    data.update(id=GENERATED_ID, name="Generated ruleset", description="A ruleset made by a test strategy.")
    rules: Ruleset = rules_from_data(data, "generated", allow_paths=False)
    return rules


def rulesets(generated: bool = True, players: int | None = None) -> st.SearchStrategy[Ruleset]:
    """The shipped Boomerang (2010) rulesets and, unless ``generated`` is false, rulesets made from
    them (0-12 boomerangs each, sets of 1-12, 2-6 players, any part of the deck and its lands, with or without
    the boomerang tie-break); only those for ``players`` players when given."""
    return rulesets_for(GAME, players, generated_rulesets if flag(generated, "generated") else None,
                        GENERATED_PLAYERS)


def _rules(draw: st.DrawFn, rules: RulesArg, players: int | None = None) -> Ruleset:
    """The Boomerang (2010) ruleset ``rules`` names or draws (``None``: one for ``players`` players,
    when given); anything else refused as every game's strategies refuse it (``core.loading``)."""
    ruleset: Ruleset = game_ruleset_drawn(draw, rules, players, rulesets, Ruleset, TITLE)
    return ruleset


@st.composite
def games(draw: st.DrawFn, players: int | None = None, rules: RulesArg = None,
          finished: bool | None = True) -> GameState:
    """A legal game state: finished, unfinished (stopped after any number of decisions), or either."""
    finished = flag(finished, "finished", none=True)
    ruleset = _rules(draw, rules, players)
    n = players if players is not None else draw(st.integers(ruleset.players.min, ruleset.players.max))
    state = new_game(ruleset, n, draw(st.integers(0, 2**32 - 1), label="seed"))
    if finished is None:
        finished = draw(st.booleans(), label="finished")
    limit = None if finished else draw(st.integers(0, 400), label="decisions")
    made = 0
    while not is_over(state) and (limit is None or made < limit):
        seat = draw(st.sampled_from(to_act(state)))
        state = apply(state, seat, draw(st.sampled_from(legal_actions(state, seat))))
        made += 1
    return state


@st.composite
def records(draw: st.DrawFn, players: int | None = None, rules: RulesArg = None,
            finished: bool | None = None, with_result: bool | None = None) -> dict[str, Any]:
    """A valid game record; ``with_result`` (default: either) keeps a finished game's result."""
    with_result = flag(with_result, "with_result", none=True)
    record = record_of(draw(games(players, rules, finished)))
    keep = draw(st.booleans()) if with_result is None else with_result
    if not keep:
        record.pop("result", None)
    return record


@st.composite
def tables(draw: st.DrawFn, rules: RulesArg = None) -> tuple[Ruleset, list[list[str]], list[int]]:
    """A ruleset and a final table for ``final_scores``: each seat's distinct card ids and boomerangs."""
    ruleset = _rules(draw, rules)
    n = draw(st.integers(ruleset.players.min, ruleset.players.max))
    owner = draw(st.lists(st.integers(-1, n - 1), min_size=len(ruleset.cards), max_size=len(ruleset.cards)))
    cards: list[list[str]] = [[] for _ in range(n)]
    for card, seat in zip(ruleset.cards, owner):
        if seat >= 0:
            cards[seat].append(card.id)
    boomerangs = draw(st.lists(st.integers(0, 60), min_size=n, max_size=n))
    return ruleset, cards, boomerangs


def _forced_passes(record: dict[str, Any], rules: Ruleset) -> list[tuple[int, int]]:
    """(round, index) of each hunt pass made by a seat with no boomerang left."""
    state = new_game(rules, len(record["players"]), deck=record["deck"])
    out = []
    for r, rnd in enumerate(record["rounds"]):
        for s, land in enumerate(rnd.get("tokens", [])):
            state = apply(state, s, land)
        for i, action in enumerate(rnd.get("hunt", [])):
            seat = state.active[0]
            if action == PASS and state.boomerangs[seat] == 0:
                out.append((r, i))
            state = apply(state, seat, action)
    return out


@st.composite
def invalid_records(draw: st.DrawFn, players: int | None = None,
                    rules: RulesArg = None) -> tuple[dict[str, Any], str, str]:
    """A record with exactly one rule broken, and the JSON pointer and rule a validator must report.

    The rules: ``throw-needs-boomerang``, ``token-used-twice``, ``capture-cards``, ``capture-land``,
    ``river-turned``, ``card-unique``, ``result-sheet``, ``result-winners`` and ``schema:type``.
    """
    ruleset = _rules(draw, rules, players)
    record = copy.deepcopy(draw(records(players, ruleset, finished=None, with_result=None)))
    return break_one_rule(draw, record, ruleset)


def game_state(draw: st.DrawFn, players: int | None, ruleset: Ruleset, finished: bool | None) -> GameState:
    """``games`` for the generic ``boomerang_rules.strategies.games`` given a ruleset of this game."""
    state: GameState = draw(games(players, ruleset, finished))
    return state


def break_one_rule(draw: st.DrawFn, record: dict[str, Any], ruleset: Ruleset) -> tuple[dict[str, Any], str, str]:
    """``record`` (changed in place) with exactly one rule broken, the pointer and the rule (see
    ``invalid_records``); also what the generic ``invalid_records`` uses for this game."""
    rounds = record["rounds"]
    captured = [(r, i) for r, rnd in enumerate(rounds) for i, cap in enumerate(rnd.get("captures", []))]
    kinds = ["wrong-type", "deck-twice"]
    forced = _forced_passes(record, ruleset)
    if forced:
        kinds.append("throw-without-boomerang")
    if any(len(rnd.get("captures", [])) > 1 for rnd in rounds):
        kinds.append("token-twice")
    if any(rounds[r]["captures"][i]["cards"] for r, i in captured):
        kinds.append("capture-skips")
    if captured and len(ruleset.lands) > 1:
        kinds.append("token-changed")
    if any(rnd["turned"] for rnd in rounds) and len(ruleset.cards) > 1:
        kinds.append("turned-changed")
    if "result" in record:
        kinds += ["claimed-row", "wrong-winner"] if len(record["players"]) > 1 else ["claimed-row"]
    kind = draw(st.sampled_from(kinds))
    n = len(record["players"])
    if kind == "wrong-type":
        field = draw(st.sampled_from(["players", "rounds", "deck"]))
        record[field] = {"players": "Ana", "rounds": {}, "deck": 54}[field]
        return record, f"/{field}", "schema:type"
    if kind == "deck-twice":
        i, j = sorted(draw(st.lists(st.integers(0, len(record["deck"]) - 1), min_size=2, max_size=2, unique=True))
                      ) if len(record["deck"]) > 1 else (0, 0)
        if i == j:
            record["deck"].append(record["deck"][0])
            return record, f"/deck/{len(record['deck']) - 1}", "card-unique"
        record["deck"][j] = record["deck"][i]
        return record, f"/deck/{j}", "card-unique"
    if kind == "throw-without-boomerang":
        r, i = draw(st.sampled_from(forced))
        rounds[r]["hunt"][i] = THROW
        return record, f"/rounds/{r}/hunt/{i}", "throw-needs-boomerang"
    if kind == "token-twice":
        r = draw(st.sampled_from([r for r, rnd in enumerate(rounds) if len(rnd.get("captures", [])) > 1]))
        caps = rounds[r]["captures"]
        i, j = sorted(draw(st.lists(st.integers(0, len(caps) - 1), min_size=2, max_size=2, unique=True)))
        caps[j]["seat"] = caps[i]["seat"]
        return record, f"/rounds/{r}/captures/{j}/seat", "token-used-twice"
    if kind == "capture-skips":
        r, i = draw(st.sampled_from([(r, i) for r, i in captured if rounds[r]["captures"][i]["cards"]]))
        cards = rounds[r]["captures"][i]["cards"]
        del cards[draw(st.integers(0, len(cards) - 1))]
        return record, f"/rounds/{r}/captures/{i}/cards", "capture-cards"
    if kind == "token-changed":
        r, i = draw(st.sampled_from(captured))
        seat = rounds[r]["captures"][i]["seat"]
        land = rounds[r]["tokens"][seat]
        rounds[r]["tokens"][seat] = draw(st.sampled_from([x for x in ruleset.lands if x != land]))
        return record, f"/rounds/{r}/captures/{i}/land", "capture-land"
    if kind == "turned-changed":
        r = draw(st.sampled_from([r for r, rnd in enumerate(rounds) if rnd["turned"]]))
        turned = rounds[r]["turned"]
        k = draw(st.integers(0, len(turned) - 1))
        turned[k] = draw(st.sampled_from([c.id for c in ruleset.cards if c.id != turned[k]]))
        return record, f"/rounds/{r}/turned/{k}", "river-turned"
    if kind == "claimed-row":
        seat = draw(st.integers(0, n - 1))
        row = draw(st.sampled_from(["boomerangs", "sets", "total"]))
        record["result"]["sheets"][seat][row] += draw(st.integers(1, 5))
        return record, f"/result/sheets/{seat}/{row}", "result-sheet"
    winners = record["result"]["winners"]
    record["result"]["winners"] = [draw(st.sampled_from([s for s in range(n) if [s] != winners]))]
    return record, "/result/winners", "result-winners"
