"""Boomerang: Australia's hand-built states: a state built through its class (``attrs.evolve``,
unpickling) is checked against what the engine makes, down to its context's finished rounds, and
each value out of its range is refused naming its JSON pointer (``australia.state.fit``)."""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import pytest

import boomerang_rules as br
from boomerang_rules.australia.state import GameState, RoundContext, RoundResult, fast_init

RULES = br.load_rules("standard")
PLAYERS = 4


def _second_round() -> GameState:
    """A state of round 1 (its progress holds round 0's result), reached by seeded random play."""
    rng = random.Random(5)
    state = br.new_game(RULES, PLAYERS, 5)
    while state.context.round < 1:
        state = br.step(state, [rng.choice(br.legal_actions(state, seat)) for seat in br.to_act(state)])
    assert isinstance(state, GameState)
    return state


STATE = _second_round()
T = STATE.tables
RESULT: RoundResult = STATE.context.progress.rounds[0]


def _refusal(state: GameState, **context: Any) -> list[tuple[str, str, str]]:
    """What rebuilding ``state`` with its context's fields ``context`` replaced is refused for:
    (pointer, rule, message) a problem; [] when accepted."""
    try:
        attrs.evolve(state, context=attrs.evolve(state.context, **context))
    except br.InvalidInput as refused:
        return [(p.pointer, p.rule, p.message) for p in refused.problems]
    return []


def _with_result(**fields: Any) -> list[tuple[str, str, str]]:
    """``_refusal`` of ``STATE`` whose finished round 0 has ``fields`` replaced."""
    result = attrs.evolve(RESULT, **fields)
    return _refusal(STATE, progress=attrs.evolve(STATE.context.progress, rounds=(result,)))


def _replaced(row: tuple[Any, ...], value: Any, at: int = 0) -> tuple[Any, ...]:
    return (*row[:at], value, *row[at + 1:])


def test_the_states_the_engine_makes_are_accepted_rebuilt() -> None:
    assert _refusal(STATE) == []
    assert _with_result() == []
    for seat in range(PLAYERS):  # every value at its range's ends is the engine's to make
        assert _with_result(dealt=_replaced(RESULT.dealt, (1 << T.deck_size) - 1, seat)) == []
        assert _with_result(dealt=_replaced(RESULT.dealt, 0, seat)) == []
        assert _with_result(activities=_replaced(RESULT.activities, -1, seat)) == []
        assert _with_result(activities=_replaced(RESULT.activities, len(T.activity_kinds) - 1, seat)) == []
        assert _with_result(bonuses=_replaced(RESULT.bonuses, T.every_region, seat)) == []
        assert _with_result(bonuses=_replaced(RESULT.bonuses, 0, seat)) == []
        drafts = RESULT.drafts[seat]
        assert _with_result(drafts=_replaced(RESULT.drafts, _replaced(drafts, T.deck_size - 1), seat)) == []
        assert _with_result(drafts=_replaced(RESULT.drafts, _replaced(drafts, 0), seat)) == []
        assert _with_result(scores=_replaced(RESULT.scores, (-5, 10**6, 0, 3), seat)) == []


R = "/context/progress/rounds/0"
DECK = 1 << 28  # the standard deck's 28 cards: a hand is a mask below 2**28


@pytest.mark.parametrize(("fields", "pointer", "words"), [
    ({"dealt": _replaced(RESULT.dealt, -1, 2)}, f"{R}/dealt/2", "must be an integer from 0 to 268435455, not -1"),
    ({"dealt": _replaced(RESULT.dealt, DECK, 1)}, f"{R}/dealt/1", f"from 0 to {DECK - 1}, not {DECK}"),
    ({"dealt": RESULT.dealt[:3]}, f"{R}/dealt", "must hold 4 entries, not 3"),
    ({"drafts": _replaced(RESULT.drafts, _replaced(RESULT.drafts[3], -1, 6), 3)}, f"{R}/drafts/3/6",
     "must be an integer from 0 to 27, not -1"),
    ({"drafts": _replaced(RESULT.drafts, _replaced(RESULT.drafts[0], 28, 2), 0)}, f"{R}/drafts/0/2",
     "from 0 to 27, not 28"),
    ({"drafts": _replaced(RESULT.drafts, RESULT.drafts[1][:6], 1)}, f"{R}/drafts/1", "must hold 7 entries, not 6"),
    ({"drafts": RESULT.drafts[:3]}, f"{R}/drafts", "must hold 4 entries, not 3"),
    ({"activities": _replaced(RESULT.activities, -2, 1)}, f"{R}/activities/1", "from -1 to 3, not -2"),
    ({"activities": _replaced(RESULT.activities, 4, 0)}, f"{R}/activities/0", "from -1 to 3, not 4"),
    ({"activities": RESULT.activities * 2}, f"{R}/activities", "must hold 4 entries, not 8"),
    ({"scores": _replaced(RESULT.scores, (1, 2, 3), 2)}, f"{R}/scores/2", "must hold 4 entries, not 3"),
    ({"scores": _replaced(RESULT.scores, (1, 2, 3, "4"), 3)}, f"{R}/scores/3/3", "must be an integer"),
    ({"scores": RESULT.scores[:1]}, f"{R}/scores", "must hold 4 entries, not 1"),
    ({"bonuses": _replaced(RESULT.bonuses, -1, 3)}, f"{R}/bonuses/3", "from 0 to 127, not -1"),
    ({"bonuses": _replaced(RESULT.bonuses, 128, 0)}, f"{R}/bonuses/0", "from 0 to 127, not 128"),
    ({"bonuses": RESULT.bonuses[:2]}, f"{R}/bonuses", "must hold 4 entries, not 2"),
])
def test_a_finished_round_out_of_range_is_refused_naming_it(fields: dict[str, Any], pointer: str, words: str) -> None:
    """Each field of a finished round is checked, the last (bonuses) as well as the first: one out
    of its range is named by its pointer, and nothing else is."""
    problems = _with_result(**fields)
    assert [p[0] for p in problems] == [pointer], problems
    assert words in problems[0][2] and problems[0][1] == "state-context"
    assert problems[0][2].endswith("not a state the engine made")


def test_a_finished_round_that_is_not_a_round_result_is_refused_saying_what_it_must_be() -> None:
    """Named alone: the slots the context derives from its progress are not judged against a broken one
    (``over`` is wrong here too)."""
    problems = _refusal(STATE, progress=attrs.evolve(STATE.context.progress, rounds=((1, 2),)),  # type: ignore[arg-type]
                        over=True)
    assert [p[0] for p in problems] == [R]
    assert "rounds][0] must be a RoundResult, not (1, 2)" in problems[0][2]


@pytest.mark.parametrize(("context", "pointer", "words"), [
    ({"round": 2}, "/context/progress/rounds", "progress holds 1 rounds, not the 2 before round 2"),
    ({"round": -1}, "/context/round", "from 0 to 4, not -1"),
    ({"round": 5}, "/context/round", "from 0 to 4, not 5"),
    ({"dealt": _replaced(STATE.context.dealt, -1, 1)}, "/context/dealt/1", "from 0 to 268435455, not -1"),
    ({"dealt": _replaced(STATE.context.dealt, DECK, 0)}, "/context/dealt/0", f"not {DECK}"),
    ({"dealt": STATE.context.dealt[:3]}, "/context/dealt", "must hold 4 entries, not 3"),
    ({"progress": None}, "/context/progress", "must be a Progress, not None"),
    ({"tables": 5}, "/context/tables", "must be the Tables of the context's rules (tables_for(rules)), not 5"),
    ({"over": True}, "/context/over", "not the False the round's context derives"),
    ({"shift": 3}, "/context/shift", "the round's context derives"),
    ({"used": ()}, "/context/used", "used is not the one the round's context derives"),
])
def test_a_context_out_of_step_with_its_round_is_refused_naming_it(context: dict[str, Any], pointer: str,
                                                                   words: str) -> None:
    problems = _refusal(STATE, **context)
    assert [p[0] for p in problems] == [pointer], problems
    assert words in problems[0][2]


@pytest.mark.parametrize("unset", ["rules", "tables", "players", "round", "dealt", "progress", "over", "shift",
                                   "card_codes"])
def test_a_context_with_a_slot_never_set_is_refused_not_a_traceback(unset: str) -> None:
    """A context made without ``__init__`` (``object.__new__``, its slots then filled one by one) and
    one slot left unset is refused naming that slot, as a wrong value would be: no AttributeError."""
    made = object.__new__(RoundContext)
    for field in attrs.fields(RoundContext):
        if field.name != unset:
            object.__setattr__(made, field.name, getattr(STATE.context, field.name))
    with pytest.raises(br.InvalidInput) as refused:
        attrs.evolve(STATE, context=made)
    assert [p.pointer for p in refused.value.problems] == [f"/context/{unset}"]
    assert re.search(r"(is|not) nothing \(the slot was never set\)[,:]", refused.value.problems[0].message)


def test_fast_init_builds_what_the_class_builds() -> None:
    """``fast_init`` (the engine's builder of a round's context, made at import) fills every slot in
    field order: the instance ``cls(...)`` gives, each value the one passed."""
    names = [f.name for f in attrs.fields(RoundContext)]
    values = [getattr(STATE.context, name) for name in names]
    made = fast_init(RoundContext)(*values)
    assert type(made) is RoundContext and made == RoundContext(*values)
    assert all(getattr(made, name) is v for name, v in zip(names, values))


P = "/context/progress"


@pytest.mark.parametrize(("fields", "pointer", "words"), [
    ({"visited": (-1, 0, 0, 0)}, f"{P}/visited/0", "must be an integer of at least 0, not -1"),
    ({"visited": (0, 0, 0)}, f"{P}/visited", "must hold 4 entries, not 3"),
    ({"used_activities": (0, -1, 0, 0)}, f"{P}/used_activities/1", "of at least 0, not -1"),
    ({"used_activities": (0,) * 5}, f"{P}/used_activities", "must hold 4 entries, not 5"),
    ({"regions_taken": -1}, f"{P}/regions_taken", "from 0 to 127, not -1"),
    ({"regions_taken": 128}, f"{P}/regions_taken", "from 0 to 127, not 128"),
    ({"seed": 1.5}, f"{P}/seed", "must be an integer, not 1.5"),
    ({"rng": -1}, f"{P}/rng", "from 0 to 18446744073709551615, not -1"),
    ({"rng": 1 << 64}, f"{P}/rng", f"not {1 << 64}"),
    ({"leftover": (28,)}, f"{P}/leftover/0", "from 0 to 27, not 28"),
    ({"leftover": (3, -1)}, f"{P}/leftover/1", "from 0 to 27, not -1"),
    ({"leftover": (*range(28), 0)}, f"{P}/leftover", "must hold at most 28 entries, not 29"),
    ({"deals": ((DECK, 0, 0, 0),)}, f"{P}/deals/0/0", f"from 0 to {DECK - 1}, not {DECK}"),
    ({"deals": ((0, 0, 0, 0), (0, -1, 0, 0))}, f"{P}/deals/1/1", "not -1"),
    ({"deals": ((0, 0, 0),)}, f"{P}/deals/0", "must hold 4 entries, not 3"),
    ({"names": ("a", "b", "c")}, f"{P}/names", "must hold 4 entries, not 3"),
    ({"names": ("a", "b", "c", 4)}, f"{P}/names/3", "must be a string, not 4"),
])
def test_a_progress_out_of_range_is_refused_naming_it(fields: dict[str, Any], pointer: str, words: str) -> None:
    """Each field of the game's progress is checked, the last (names) as well as the first."""
    problems = _refusal(STATE, progress=attrs.evolve(STATE.context.progress, **fields))
    assert [p[0] for p in problems] == [pointer], problems
    assert words in problems[0][2] and problems[0][1] == "state-context"


@pytest.mark.parametrize("fields", [
    {"seed": None}, {"seed": -5}, {"rng": None}, {"rng": 0}, {"rng": (1 << 64) - 1}, {"regions_taken": 127},
    {"leftover": tuple(range(28))}, {"deals": ((0,) * 4, ((1 << 28) - 1,) * 4)}, {"names": ("a", "b", "c", "d")},
    {"names": None}, {"visited": (0, 1 << 40, 0, 0)},
])
def test_a_progress_within_its_ranges_is_accepted(fields: dict[str, Any]) -> None:
    assert _refusal(STATE, progress=attrs.evolve(STATE.context.progress, **fields)) == []


def _at_step(step: int) -> GameState:
    """``STATE`` played on (seeded random choices) to ``step`` of its round."""
    rng = random.Random(step)
    state = STATE
    while state.step != step:
        state = br.step(state, [rng.choice(br.legal_actions(state, seat)) for seat in br.to_act(state)])
    assert isinstance(state, GameState)
    return state


def _top_refusal(state: GameState, **fields: Any) -> list[tuple[str, str, str]]:
    try:
        attrs.evolve(state, **fields)
    except br.InvalidInput as refused:
        return [(p.pointer, p.rule, p.message) for p in refused.problems]
    return []


PICK = _at_step(2)  # two rows of cards taken: 8 entries
CHOICE = _at_step(T.activity_step)  # the activity choice


@pytest.mark.parametrize(("state", "fields", "pointer", "words"), [
    (STATE, {"hands": (-1, *STATE.hands[1:])}, "/hands/0", "from 0 to 268435455, not -1"),
    (STATE, {"hands": (STATE.hands[0], DECK, *STATE.hands[2:])}, "/hands/1", f"not {DECK}"),
    (STATE, {"hands": STATE.hands[:3]}, "/hands", "must hold 4 entries, not 3"),
    (STATE, {"step": -1}, "/step", "from 0 to 6, not -1"),
    (STATE, {"step": 7}, "/step", "from 0 to 6, not 7"),
    (STATE, {"taken": (1, 2, 3, 4)}, "/taken", "must hold 0 entries, not 4"),
    (PICK, {"taken": PICK.taken[:7]}, "/taken", "must hold 8 entries, not 7"),
    (PICK, {"taken": (*PICK.taken[:5], 28, *PICK.taken[6:])}, "/taken/5", "from 0 to 27, not 28"),
    (PICK, {"taken": (-1, *PICK.taken[1:])}, "/taken/0", "from 0 to 27, not -1"),
    (CHOICE, {"taken": CHOICE.taken[:-4]}, "/taken", f"must hold {4 * 7} entries, not {4 * 6}"),
    (STATE, {"pending": -1}, "/pending", "from 0 to 18446744073709551615, not -1"),
    (STATE, {"pending": 1 << 64}, "/pending", f"not {1 << 64}"),
    (STATE, {"pending": 30 << 8}, "/pending", "pending holds code 30 for seat 1, no choice at step 0"),
    (STATE, {"pending": 1 << 24}, "/pending", "pending holds code 1 for seat 3, no choice at step 0"),
    (CHOICE, {"pending": 6 << 16}, "/pending", "pending holds code 6 for seat 2, no choice at step 6"),
    (STATE, {"waiting": 16}, "/waiting", "from 0 to 15, not 16"),
    (STATE, {"waiting": -1}, "/waiting", "from 0 to 15, not -1"),
])
def test_a_state_field_out_of_range_is_refused_naming_it(state: GameState, fields: dict[str, Any], pointer: str,
                                                         words: str) -> None:
    problems = _top_refusal(state, **fields)
    assert [p[0] for p in problems] == [pointer], problems
    assert words in problems[0][2] and problems[0][1] == f"state-{pointer.split('/')[1]}"
    assert problems[0][2].endswith("not a state the engine made")


@pytest.mark.parametrize(("state", "fields"), [
    (STATE, {"pending": 29 << 8}), (STATE, {"pending": 29 | 29 << 24}), (CHOICE, {"pending": 1 | 5 << 24}),
    (STATE, {"waiting": 0}), (STATE, {"waiting": 15}), (STATE, {"hands": (0, (1 << 28) - 1, 0, 0)}),
    (PICK, {"taken": (27, *PICK.taken[1:])}), (PICK, {"taken": (0, *PICK.taken[1:])}),
])
def test_a_state_field_within_its_range_is_accepted(state: GameState, fields: dict[str, Any]) -> None:
    """Each range's ends are the engine's to make (the highest code of a choice: a card's 1 + its index,
    an activity's 1 + its kind's; code 1 alone is the activity choice's 'no activity')."""
    assert _top_refusal(state, **fields) == []


def test_a_context_that_is_none_or_another_game_s_is_refused_saying_what_it_must_be() -> None:
    problems = _top_refusal(STATE, context=5)
    assert problems == [("/context", "state-context",
                         "context must be a RoundContext (a state's context), not 5: not a state the engine made")]
    other = br.new_game(br.load_rules("sea-salt-paper"), PLAYERS, 1).rules
    problems = _refusal(STATE, rules=other)
    assert [p[0] for p in problems] == ["/context/rules"]
    assert problems[0][2].startswith("context[rules] must be a Boomerang: Australia Ruleset, not Ruleset(")


def test_choice_is_the_pending_choice_of_that_seat_only() -> None:
    """A seat's choice at this step, read from its own bits of ``pending`` (the others' unread)."""
    for seat in range(PLAYERS):
        chosen = br.apply(PICK, seat, br.legal_actions(PICK, seat)[0])
        index = chosen.choice(seat)
        assert index is not None and T.ids[index] == br.legal_actions(PICK, seat)[0]
        assert [chosen.choice(s) for s in range(PLAYERS) if s != seat] == [None] * (PLAYERS - 1)


def test_repr_and_str_name_each_step_as_the_rules_do() -> None:
    """A round is the Throw, five picks (the Catch is no decision) and the activity choice
    (reference, Draft): ``repr`` and ``str`` count "pick 1 of 5" to "pick 5 of 5", then "the
    activity choice", as ``apply``'s refusals do (``engine.describe_step``); they said "pick k of
    6" and, at the activity choice, "pick 6 of 6"."""
    state = br.new_game(RULES, 2, seed=1)
    said = []
    while state.context.round < 1:
        said.append(re.search(r"round 1 of 4, ([^;]*);", repr(state)).group(1))  # type: ignore[union-attr]
        assert str(state).splitlines()[0].endswith(f"round 1 of 4, {said[-1]}; seed 1")
        state = br.step(state, [br.legal_actions(state, seat)[0] for seat in br.to_act(state)])
    assert said == ["the Throw", *(f"pick {k} of 5" for k in range(1, 6)), "the activity choice"]
    assert "round 2 of 4, the Throw;" in repr(state)


def test_a_state_of_one_seat_counts_it_in_the_singular() -> None:
    """A ruleset may seat one player (its schema's least): ``repr`` and ``str`` wrote "1 players";
    each count agrees with its noun (``core.display.counted``), and "0 sites; 0 points" stay plural."""
    from boomerang_rules.core.loading import rules_from_data

    data = br.rules_data(RULES)
    data["players"]["min"], data["id"] = 1, "solo"
    state = br.new_game(rules_from_data(data), 1, seed=1)
    assert ", 1 player, round 1 of 4" in repr(state) and ", 1 player, round 1 of 4" in str(state)
    assert "; 0 sites; 0 points" in str(state)
