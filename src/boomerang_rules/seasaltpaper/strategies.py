"""Hypothesis strategies' Sea Salt & Paper side (``boomerang_rules.strategies`` calls these when
the ruleset drawn or given is for this game). Needs the ``test`` extra.

A game is long (hundreds of decisions), so hypothesis chooses the seed, the point where an
unfinished game stops, and a seed for the choices, rather than each decision.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

from ..core import rng as rng_mod
from ..core.arguments import flag
from ..core.drawn_rulesets import game_ruleset_drawn, rulesets_for
from .engine import apply, is_over, legal_actions, new_game, to_act
from .rules import GAME, Ruleset
from .sheets import ROWS
from .state import GameState

MAX_DECISIONS = 5000
"""A bound on the decisions of a generated game (random play ends far sooner)."""


def _play(ruleset: Ruleset, players: int, seed: int, choices: int, limit: int) -> tuple[GameState, int]:
    state = new_game(ruleset, players, seed)
    done = 0
    while not is_over(state) and done < limit:
        seat = to_act(state)[0]
        actions = legal_actions(state, seat)
        choices, k = rng_mod.below(choices, len(actions))
        state = apply(state, seat, actions[k])
        done += 1
    return state, done


def game_state(draw: st.DrawFn, players: int | None, ruleset: Ruleset, finished: bool | None) -> GameState:
    """A legal game state: finished, unfinished (stopped anywhere), or either (``None``)."""
    finished = flag(finished, "finished", none=True)
    n = players if players is not None else draw(st.integers(ruleset.players.min, ruleset.players.max))
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    choices = draw(st.integers(0, 2**32 - 1), label="choices")
    if finished is None:
        finished = draw(st.booleans(), label="finished")
    state, total = _play(ruleset, n, seed, choices, MAX_DECISIONS)
    if finished and is_over(state):
        return state
    stop = draw(st.integers(0, max(total - 1, 0)), label="decisions")
    state, _ = _play(ruleset, n, seed, choices, stop)
    return state


GENERATED_ID = "generated-ssp"
"""The id of the rulesets ``generated_rulesets`` makes (never a shipped id: records carry them inline)."""


def _shipped() -> list[str]:
    from ..core.loading import list_rules

    return [i.id for i in list_rules() if i.game == GAME]


GENERATED_PLAYERS = range(2, 6)
"""The player counts ``generated_rulesets`` makes rulesets for."""


@st.composite
def generated_rulesets(draw: st.DrawFn, players: int | None = None) -> Ruleset:
    """A ruleset made from a shipped one: other player ranges (2 to 5; holding ``players`` when
    given), targets (10 to 60 points a player count), card points needed to end a round (3 to 10),
    tie-break, and whether the mermaids count their own colour (what ``rulesets(generated=True)``
    here and the generic ``boomerang_rules.strategies.rulesets(game="sea-salt-paper")`` add to the
    shipped ones)."""
    from ..core.loading import rules_data, rules_from_data
    from .loading import load_rules

    data = rules_data(load_rules(draw(st.sampled_from(_shipped()), label="base")))
    low = draw(st.integers(2, 4 if players is None else min(4, players)), label="players.min")
    high = draw(st.integers(max(low, players or low), 5), label="players.max")
    data["players"] = {"min": low, "max": high}
    data["end_targets"] = {str(n): draw(st.integers(10, 60), label=f"end_targets.{n}") for n in range(low, high + 1)}
    data["round_end"] = {**data["round_end"], "min_points": draw(st.integers(3, 10), label="round_end.min_points")}
    data["tie_break"] = draw(st.sampled_from(["last-round-points", "ended-last-round", "went-last"]),
                             label="tie_break")
    data["mermaids"] = {**data["mermaids"], "count_own_colour": draw(st.booleans(), label="mermaids.count_own_colour")}
    data.update(id=GENERATED_ID, name="Generated ruleset", description="A ruleset made by a test strategy.")
    rules: Ruleset = rules_from_data(data, "generated", allow_paths=False)
    return rules


def rulesets(generated: bool = True, players: int | None = None) -> st.SearchStrategy[Ruleset]:
    """The shipped Sea Salt & Paper rulesets and variants and, unless ``generated`` is false, rulesets
    made from them (``generated_rulesets``), as the other games' ``rulesets`` do; only those for
    ``players`` players when given."""
    return rulesets_for(GAME, players, generated_rulesets if flag(generated, "generated") else None,
                        GENERATED_PLAYERS)


RulesArg = Ruleset | str | st.SearchStrategy[Ruleset] | st.SearchStrategy[str] | None
"""A ruleset, an id or path, a strategy of either, or None (the shipped and generated rulesets)."""


def _ruleset(draw: st.DrawFn, rules: RulesArg, players: int | None = None) -> Ruleset:
    """The Sea Salt & Paper ruleset ``rules`` names or draws (``None``: one for ``players`` players,
    when given); anything else refused as every game's strategies refuse it (``core.loading``)."""
    from .loading import TITLE

    ruleset: Ruleset = game_ruleset_drawn(draw, rules, players, rulesets, Ruleset, TITLE)
    return ruleset


@st.composite
def games(draw: st.DrawFn, players: int | None = None, rules: RulesArg = None,
          finished: bool | None = True) -> GameState:
    """A legal Sea Salt & Paper state: finished, unfinished (stopped anywhere), or either (``None``)."""
    return game_state(draw, players, _ruleset(draw, rules, players), finished)


@st.composite
def records(draw: st.DrawFn, players: int | None = None, rules: RulesArg = None,
            finished: bool | None = None, with_result: bool | None = None) -> dict[str, Any]:
    """A valid Sea Salt & Paper record; ``with_result`` (default: either) keeps a finished game's result."""
    from .records import record_of

    with_result = flag(with_result, "with_result", none=True)
    record = record_of(game_state(draw, players, _ruleset(draw, rules, players), finished))
    if not (draw(st.booleans()) if with_result is None else with_result):
        record.pop("result", None)
    return record


@st.composite
def hands(draw: st.DrawFn, rules: RulesArg = None
          ) -> tuple[Ruleset, list[str], list[str]]:
    """A ruleset and one player's cards for ``score_cards``: the hand (any distinct cards, none to a
    dozen) and the cards played in front (duos of the ruleset, none to four), no card in both; what
    ``boomerang-rules score --rules R --hand ... --played ...`` takes (``scoring.played_problems``
    finds nothing in them). Sea Salt & Paper's scoring input, as ``draft_cards`` is Boomerang:
    Australia's and ``b10_tables`` Boomerang (2010)'s."""
    ruleset = _ruleset(draw, rules)
    deck = draw(st.permutations([c.id for c in ruleset.cards]), label="deck")
    kind = {c.id: c.kind for c in ruleset.cards}
    played: list[str] = []
    for _ in range(draw(st.integers(0, 4), label="duos")):
        duo = draw(st.sampled_from(ruleset.duos), label="duo")
        first = next((c for c in deck if kind[c] == duo.kinds[0] and c not in played), None)
        second = next((c for c in deck if kind[c] == duo.kinds[1] and c not in played and c != first), None)
        if first is not None and second is not None:
            played += [first, second]
    rest = [c for c in deck if c not in played]
    hand = rest[:draw(st.integers(0, min(12, len(rest))), label="hand")]
    return ruleset, hand, played


@st.composite
def invalid_records(draw: st.DrawFn, players: int | None = None,
                    rules: RulesArg = None) -> tuple[dict[str, Any], str, str]:
    """A Sea Salt & Paper record with exactly one rule broken, the JSON pointer and the rule
    (see ``break_one_rule``)."""
    ruleset = _ruleset(draw, rules, players)
    record = draw(records(players, ruleset, finished=None, with_result=None))
    broken: tuple[dict[str, Any], str, str] = break_one_rule(draw, copy.deepcopy(record), ruleset)
    return broken


def _replay(record: dict[str, Any], ruleset: Ruleset, r: int, i: int) -> GameState:
    """The state just before action ``i`` of round ``r`` (a valid record's)."""
    from .records import state_of

    partial = copy.deepcopy(record)
    partial.pop("result", None)
    partial["rounds"] = partial["rounds"][: r + 1]
    cut = partial["rounds"][r]
    cut["actions"] = cut["actions"][:i]
    if "shuffles" in cut:  # Extra Salt: only the shuffles of the lobsters kept before the cut
        cut["shuffles"] = cut["shuffles"][:sum(1 for e in cut["actions"] if e[1].startswith("lobster:"))]
        if not cut["shuffles"]:
            del cut["shuffles"]
    return state_of(partial, ruleset)


def _places(record: dict[str, Any], verb: str) -> list[tuple[int, int]]:
    return [(r, i) for r, rnd in enumerate(record["rounds"]) for i, e in enumerate(rnd["actions"])
            if e[1].split(":")[0] == verb]


def break_one_rule(draw: st.DrawFn, record: dict[str, Any], ruleset: Ruleset) -> tuple[dict[str, Any], str, str]:
    """``record`` with exactly one rule broken, the JSON pointer and the rule a validator must report.

    Rules: ``schema:type``/``schema:const``, ``card-unique`` (a card in two places), ``take-top``
    (a card taken that was not on top), ``duo`` (a duo that is not one), ``round-end-points`` (a
    round ended below the points it takes), ``steal-card`` (a steal of a card the victim does not
    hold), ``first-player``, ``result-sheet`` and ``result-winners``.
    """
    rounds = record["rounds"]
    ids = [c.id for c in ruleset.cards]
    t_kind = {c.id: c.kind for c in ruleset.cards}
    kinds = ["wrong-type"]
    if rounds:
        kinds.append("deck-twice")
    if _places(record, "take"):
        kinds.append("take-not-top")
    if _places(record, "duo"):
        kinds.append("not-a-duo")
    if _places(record, "end"):
        kinds.append("stop-below")
    if _places(record, "steal"):
        kinds.append("steal-card")
    if len(rounds) > 1:
        kinds.append("wrong-first")
    if "result" in record:
        kinds += ["claimed-row", "wrong-winner"]
    kind = draw(st.sampled_from(kinds))
    n = len(record["players"])
    if kind == "wrong-type":
        field = draw(st.sampled_from(["players", "rounds", "version"]))
        record[field] = {"players": "Ana", "rounds": {}, "version": "1"}[field]
        return record, f"/{field}", "schema:const" if field == "version" else "schema:type"
    if kind == "deck-twice":
        r = draw(st.integers(0, len(rounds) - 1))
        deck = rounds[r]["deck"]
        a, b = sorted(draw(st.lists(st.integers(0, len(deck) - 1), min_size=2, max_size=2, unique=True)))
        deck[b] = deck[a]
        return record, f"/rounds/{r}/deck/{b}", "card-unique"
    if kind == "take-not-top":
        r, i = draw(st.sampled_from(_places(record, "take")))
        state = _replay(record, ruleset, r, i)
        tops = {ids[p[-1]] for p in state.piles if p}
        rounds[r]["actions"][i][1] = "take:" + draw(st.sampled_from([c for c in ids if c not in tops]))
        return record, f"/rounds/{r}/actions/{i}/1", "take-top"
    if kind == "not-a-duo":
        r, i = draw(st.sampled_from(_places(record, "duo")))
        a = rounds[r]["actions"][i][1][4:].split("+")[0]
        partners = [c for c in ids if c != a and not _pairs(ruleset, t_kind[a], t_kind[c])]
        rounds[r]["actions"][i][1] = f"duo:{a}+{draw(st.sampled_from(partners))}"
        return record, f"/rounds/{r}/actions/{i}/1", "duo"
    if kind == "stop-below":
        low = []
        for r, i in _places(record, "end"):
            state = _replay(record, ruleset, r, i)
            if state.caller < 0 and "stop" not in legal_actions(state, state.turn):
                low.append((r, i))
        if low:
            r, i = draw(st.sampled_from(low))
            rounds[r]["actions"][i][1] = "stop"
            return record, f"/rounds/{r}/actions/{i}/1", "round-end-points"
        kind = "wrong-type-players"
    if kind == "steal-card":
        r, i = draw(st.sampled_from(_places(record, "steal")))
        state = _replay(record, ruleset, r, i)
        victim = int(rounds[r]["actions"][i][1][6:])
        held = {ids[c] for c in state.hands[victim]}
        rounds[r]["actions"][i][2] = draw(st.sampled_from([c for c in ids if c not in held]))
        return record, f"/rounds/{r}/actions/{i}/2", "steal-card"
    if kind == "wrong-first":
        r = draw(st.integers(1, len(rounds) - 1))
        rounds[r]["first"] = draw(st.sampled_from([s for s in range(n) if s != rounds[r]["first"]]))
        return record, f"/rounds/{r}/first", "first-player"
    if kind == "claimed-row":
        seat = draw(st.integers(0, n - 1))
        row = draw(st.sampled_from(ROWS))
        sheet = record["result"]["sheets"][seat]
        if isinstance(sheet[row], list) and sheet[row]:
            i = draw(st.integers(0, len(sheet[row]) - 1))
            sheet[row][i] += draw(st.integers(1, 5))
            return record, f"/result/sheets/{seat}/{row}/{i}", "result-sheet"
        sheet["total"] += draw(st.integers(1, 5))
        return record, f"/result/sheets/{seat}/total", "result-sheet"
    if kind == "wrong-winner":
        winners = record["result"]["winners"]
        others = [s for s in range(n) if [s] != winners]
        record["result"]["winners"] = [draw(st.sampled_from(others))]
        return record, "/result/winners", "result-winners"
    record["players"] = "Ana"
    return record, "/players", "schema:type"


def _pairs(ruleset: Ruleset, a: str, b: str) -> bool:
    return any(sorted(d.kinds) == sorted((a, b)) for d in ruleset.duos)
