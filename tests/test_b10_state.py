"""Boomerang (2010)'s hand-built states: a state built through its class (``attrs.evolve``,
unpickling) is checked against what the engine makes, down to its finished rounds' logs, and
each value out of its range is refused naming its JSON pointer and the field's rule
(``boomerang2010.state.fit``); each range's ends are accepted."""

from __future__ import annotations

import pickle
import random
import re
from typing import Any

import attrs
import pytest

import boomerang_rules as br
from boomerang_rules.boomerang2010.state import GameState, RoundLog, check_state

from .helpers import Refusal, refusal_of, refused_alone, replaced_at

RULES = br.load_rules("boomerang-2010")
N = 3


def _second_round_hunt() -> GameState:
    """A 3-player state of round 1 in its hunt (two seats in it, a card on the stack, round 0 in
    its history), reached by seeded random play."""
    state = br.new_game(RULES, N, 5)
    rng = random.Random(5)
    while not (state.round >= 1 and state.phase == "hunt" and state.hunt and state.stack):
        state = br.step(state, [rng.choice(br.legal_actions(state, seat)) for seat in br.to_act(state)])
    assert isinstance(state, GameState)
    return state


STATE = _second_round_hunt()
SIZE = STATE.tables.deck_size  # 54 cards: a card is 0..53
LANDS = len(STATE.tables.lands)  # 5 lands: a token is 0..4 (-1: none chosen yet)
LOG: RoundLog = STATE.history[0]


def _problems(**fields: Any) -> Refusal:
    """What rebuilding ``STATE`` with ``fields`` replaced is refused for."""
    return refusal_of(STATE, **fields)


def _log(**fields: Any) -> Refusal:
    """``_problems`` of ``STATE`` whose finished round 0 has ``fields`` replaced."""
    return _problems(history=(attrs.evolve(LOG, **fields),))




def test_the_state_the_engine_made_is_accepted_rebuilt_pickled_and_equal() -> None:
    assert _problems() == [] and _log() == []
    assert attrs.evolve(STATE) == STATE and pickle.loads(pickle.dumps(STATE)) == STATE
    assert len(STATE.active) == 2 and STATE.stack and STATE.history  # what the checks below read


def test_the_round_and_the_pot_are_counts_in_range() -> None:
    for bad in (-1, SIZE + 1):
        refused_alone(_problems(round=bad), "/round", f"round must be an integer from 0 to {SIZE}, not {bad}")
    assert _problems(round=0) == [] and _problems(round=SIZE) == []
    refused_alone(_problems(pot=-1), "/pot", "pot must be an integer of at least 0, not -1")
    assert _problems(pot=0) == [] and _problems(pot=10**9) == []
    for odd in (True, 1.0, "1", None):
        assert [p[0] for p in _problems(round=odd)] == ["/round"]
        assert [p[0] for p in _problems(pot=odd)] == ["/pot"]


def test_the_first_seat_is_a_seat() -> None:
    for bad in (-1, N):
        refused_alone(_problems(first=bad), "/first", f"first must be an integer from 0 to {N - 1}, not {bad}")
    assert _problems(first=0) == [] and _problems(first=N - 1) == []


def test_the_phase_is_one_the_engine_has() -> None:
    refused_alone(_problems(phase="draft"), "/phase", "phase must be one of hunt, over, tokens, not 'draft'")
    assert _problems(phase="tokens", active=()) == [] and _problems(phase="over", active=()) == []


@pytest.mark.parametrize(("field", "pointer", "put"), [
    ("deck", "/deck", lambda row: {"deck": row}),
    ("river", "/river", lambda row: {"river": row}),
    ("turned", "/turned", lambda row: {"turned": row}),
    ("deck_order", "/deck_order", lambda row: {"deck_order": row}),
    ("captured", f"/captured/{N - 1}", lambda row: {"captured": replaced_at(STATE.captured, N - 1, row)}),
    ("captured", "/captured/0", lambda row: {"captured": replaced_at(STATE.captured, 0, row)}),
])
def test_a_row_of_cards_holds_cards_of_the_deck_and_no_more_than_the_deck(field: str, pointer: str, put: Any) -> None:
    assert _problems(**put((0, SIZE - 1))) == []
    refused_alone(_problems(**put((0, SIZE))), f"{pointer}/1", f"from 0 to {SIZE - 1}, not {SIZE}")
    refused_alone(_problems(**put((-1,))), f"{pointer}/0", f"from 0 to {SIZE - 1}, not -1")
    refused_alone(_problems(**put(tuple(range(SIZE)) + (0,))), pointer,
                   f"must hold at most {SIZE} entries, not {SIZE + 1}")
    refused_alone(_problems(**put([0])), pointer, "must be a tuple, not [0]")


def test_the_captured_cards_are_one_row_a_seat() -> None:
    refused_alone(_problems(captured=STATE.captured[:-1]), "/captured", f"must hold {N} entries, not {N - 1}")
    refused_alone(_problems(captured=(*STATE.captured, ())), "/captured", f"must hold {N} entries, not {N + 1}")


def test_the_tokens_are_one_land_a_seat_or_none_chosen() -> None:
    tokens = STATE.tokens
    for seat in range(N):
        for bad in (-2, LANDS):
            refused_alone(_problems(tokens=replaced_at(tokens, seat, bad)), f"/tokens/{seat}",
                           f"tokens[{seat}] must be an integer from -1 to {LANDS - 1}, not {bad}")
        assert _problems(tokens=replaced_at(tokens, seat, LANDS - 1)) == []
        assert _problems(tokens=replaced_at(tokens, seat, -1), phase="tokens", active=()) == []
    refused_alone(_problems(tokens=tokens[:-1]), "/tokens", f"must hold {N} entries, not {N - 1}")
    refused_alone(_problems(tokens=list(tokens)), "/tokens", "must be a tuple")


def test_the_boomerangs_are_one_count_a_seat() -> None:
    held = STATE.boomerangs
    for seat in range(N):
        refused_alone(_problems(boomerangs=replaced_at(held, seat, -1)), f"/boomerangs/{seat}",
                       f"boomerangs[{seat}] must be an integer of at least 0, not -1")
        assert _problems(boomerangs=replaced_at(held, seat, 0)) == []
        assert _problems(boomerangs=replaced_at(held, seat, 10**9)) == []
    refused_alone(_problems(boomerangs=(*held, 0)), "/boomerangs", f"must hold {N} entries, not {N + 1}")


@pytest.mark.parametrize("field", ["active", "stack"])
def test_a_list_of_seats_holds_at_most_one_entry_a_seat_each_a_seat(field: str) -> None:
    assert _problems(**{field: (N - 1, 0)}) == [] and _problems(**{field: tuple(range(N))}) == []
    refused_alone(_problems(**{field: (0, 1, 2, 0)}), f"/{field}", f"must hold at most {N} entries, not {N + 1}")
    refused_alone(_problems(**{field: (0, N)}), f"/{field}/1", f"from 0 to {N - 1}, not {N}")
    refused_alone(_problems(**{field: (-1, 0)}), f"/{field}/0", f"from 0 to {N - 1}, not -1")
    refused_alone(_problems(**{field: [0, 1]}), f"/{field}", "must be a tuple")


def test_the_hunt_is_a_row_of_throws_and_passes() -> None:
    assert _problems(hunt=()) == [] and _problems(hunt=("pass", "throw") * 10) == []
    refused_alone(_problems(hunt=("throw", "catch")), "/hunt/1", "hunt[1] must be one of pass, throw, not 'catch'")
    refused_alone(_problems(hunt=["throw"]), "/hunt", "must be a tuple")


def test_the_seed_is_none_or_any_integer_and_the_names_none_or_one_text_a_seat() -> None:
    for seed in (None, 0, -5, 1 << 80):
        assert _problems(seed=seed) == []
    for odd in ("5", 5.0, True):
        refused_alone(_problems(seed=odd), "/seed", "seed must be an integer")
    assert _problems(names=None) == [] and _problems(names=("a", "b", "c")) == []
    refused_alone(_problems(names=("a", "b")), "/names", "must hold 3 entries, not 2")
    refused_alone(_problems(names=("a", 2, "c")), "/names/1", "names[1] must be a string, not 2")


R = "/history/0"


@pytest.mark.parametrize(("fields", "pointer", "words"), [
    ({"first": N}, f"{R}/first", f"from 0 to {N - 1}, not {N}"),
    ({"first": -1}, f"{R}/first", "not -1"),
    ({"turned": (0, SIZE)}, f"{R}/turned/1", f"from 0 to {SIZE - 1}, not {SIZE}"),
    ({"turned": tuple(range(SIZE)) + (0,)}, f"{R}/turned", f"at most {SIZE} entries"),
    ({"river": (-1,)}, f"{R}/river/0", "not -1"),
    ({"river": (0, SIZE)}, f"{R}/river/1", f"not {SIZE}"),
    ({"tokens": replaced_at(LOG.tokens, 2, LANDS)}, f"{R}/tokens/2", f"from 0 to {LANDS - 1}, not {LANDS}"),
    ({"tokens": replaced_at(LOG.tokens, 0, -1)}, f"{R}/tokens/0", "not -1"),
    ({"tokens": LOG.tokens[:2]}, f"{R}/tokens", "must hold 3 entries, not 2"),
    ({"hunt": ("pass", "run")}, f"{R}/hunt/1", "must be one of pass, throw, not 'run'"),
    ({"hunt": ["pass"]}, f"{R}/hunt", "must be a tuple"),
    ({"stack": (0, N), "captures": ((), ())}, f"{R}/stack/1", f"from 0 to {N - 1}, not {N}"),
    ({"stack": (-1,), "captures": ((),)}, f"{R}/stack/0", "not -1"),
    ({"stack": (0, 1, 2, 0), "captures": ((),) * 4}, f"{R}/stack", f"at most {N} entries, not {N + 1}"),
    ({"captures": LOG.captures[:2]}, f"{R}/captures", f"must hold {len(LOG.stack)} entries, not 2"),
    ({"captures": replaced_at(LOG.captures, 2, (SIZE,))}, f"{R}/captures/2/0", f"not {SIZE}"),
    ({"captures": replaced_at(LOG.captures, 1, (-1,))}, f"{R}/captures/1/0", "not -1"),
])
def test_each_field_of_a_finished_round_is_checked_the_last_as_well_as_the_first(
        fields: dict[str, Any], pointer: str, words: str) -> None:
    """A field out of its range is named by its pointer, and nothing else is."""
    refused_alone(_log(**fields), pointer, words)


def test_a_finished_round_at_the_ends_of_its_ranges_is_accepted() -> None:
    assert _log(first=0) == [] and _log(first=N - 1) == [] and _log(turned=(SIZE - 1, 0), river=()) == []
    assert _log(tokens=(0, LANDS - 1, 0), hunt=(), stack=(), captures=()) == []
    assert _log(stack=(N - 1,), captures=((0, SIZE - 1),)) == []
    assert _problems(history=()) == [] and _problems(history=(LOG, LOG)) == []


def test_a_finished_round_whose_stack_is_not_a_tuple_is_named_there_alone() -> None:
    """The captures are counted against the stack only when the stack is a row at all."""
    refused_alone(_log(stack=[0, 1, 2]), f"{R}/stack", "must be a tuple")


def test_a_finished_round_that_is_not_a_round_log_is_refused_saying_what_it_must_be() -> None:
    refused_alone(_problems(history=((1, 2),)), R, "history[0] must be a RoundLog, not (1, 2)")
    refused_alone(_problems(history=((1, 2), (3, 4))), R, "not (1, 2)")  # the first misfit named
    refused_alone(_problems(history=(LOG, None)), "/history/1", "must be a RoundLog, not None")
    refused_alone(_problems(history=[LOG]), "/history", "history must be a tuple")


@pytest.mark.parametrize(("fields", "pointer", "words"), [
    ({"active": (1,)}, "/active", "the hunt needs two seats or more in it, each once, not (1,)"),
    ({"active": (1, 1)}, "/active", "each once, not (1, 1)"),
    ({"active": ()}, "/active", "two seats or more"),
    ({"tokens": replaced_at(STATE.tokens, 2, -1)}, "/tokens",
     "every seat has chosen its land in the hunt, not (0, 1, -1)"),
    ({"phase": "tokens"}, "/active", "seats are in the hunt only in the hunt, not in phase 'tokens'"),
    ({"phase": "over"}, "/active", "not in phase 'over'"),
])
def test_the_fields_read_together_agree(fields: dict[str, Any], pointer: str, words: str) -> None:
    """Read once every field fits on its own: a hunt has two seats or more in it, each once, and
    every land chosen; no seat is in a hunt outside one."""
    refused_alone(_problems(**fields), pointer, words)


def test_the_fields_read_together_are_read_only_once_each_fits() -> None:
    assert [p[0] for p in _problems(active=(1,), round=-1)] == ["/round"]
    problems = _problems(active=(2,), tokens=replaced_at(STATE.tokens, 0, -1))  # both agreements of the hunt
    assert [p[0] for p in problems] == ["/active", "/tokens"]
    assert _problems(active=(0, 1, 2)) == [] and _problems(active=(2, 0)) == []


def test_every_field_out_of_range_is_named_at_once() -> None:
    problems = _problems(round=-1, first=N, deck=(SIZE,), pot=-1, hunt=("x",), names=("a",))
    assert [p[0] for p in problems] == ["/round", "/deck/0", "/first", "/pot", "/hunt/0", "/names"]


@pytest.mark.parametrize(("fields", "pointer", "words"), [
    ({"rules": br.load_rules("sea-salt-paper")}, "/rules", "rules must be a Boomerang (2010) Ruleset, not"),
    ({"tables": br.new_game(br.load_rules("standard"), 3, 1).tables}, "/tables",
     "tables must be the Tables of the state's rules (tables_for(rules)), not"),
    ({"players": 6}, "/players", "players must be an integer from 3 to 5, not 6"),
    ({"players": 2}, "/players", "from 3 to 5, not 2"),
])
def test_the_rules_tables_and_seat_count_are_the_game_s(fields: dict[str, Any], pointer: str, words: str) -> None:
    refused_alone(_problems(**fields), pointer, words)


def test_check_state_names_its_parameter_and_what_it_takes() -> None:
    assert check_state(STATE) is STATE
    with pytest.raises(TypeError, match=r"^state must be a Boomerang \(2010\) GameState \(see new_game\), not None"):
        check_state(None)
    with pytest.raises(TypeError, match=r"^given must be a Boomerang \(2010\) GameState \(see new_game\), not tuple"):
        check_state(tuple(STATE), "given")


def test_a_state_shows_its_cards_by_id() -> None:
    """``repr``: one line, as ``show.state_repr`` writes it; ``str``: several, as ``show.state_text``."""
    from boomerang_rules.boomerang2010.show import state_repr, state_text

    assert repr(STATE) == state_repr(STATE) and "\n" not in repr(STATE)
    assert str(STATE) == state_text(STATE) and "\n" in str(STATE)


def test_a_state_counts_one_boomerang_or_card_in_the_singular() -> None:
    """``repr`` and ``str`` wrote "1 boomerangs" of a seat's last boomerang or a pot of one (in 91
    states of six random games) and "deck: 1 cards": each count agrees with its noun
    (``core.display.counted``)."""
    plural_one = re.compile(r"(?<![\d.,-])1 (boomerangs|cards|players)\b")
    singular = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = br.new_game("boomerang-2010", 3, seed)
        while not br.is_over(state):
            text = f"{state!r}\n{state}"
            assert not plural_one.search(text), text
            singular |= set(re.findall(r"(?<![\d.,-])1 (boomerang|card)\b", text))
            state = br.step(state, [rng.choice(br.legal_actions(state, s)) for s in br.to_act(state)])
    assert singular == {"boomerang", "card"}


def test_names_take_no_part_in_equality() -> None:
    assert attrs.evolve(STATE, names=("a", "b", "c")) == STATE
