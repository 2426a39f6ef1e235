"""Sea Salt & Paper's hand-built states: a state built through its class (``attrs.evolve``,
unpickling) is checked against what the engine makes, down to its finished rounds, its log and
its chance, and each value out of its range is refused naming its JSON pointer and the field's
rule (``seasaltpaper.state.fit``); each range's ends are accepted."""

from __future__ import annotations

import pickle
import random
from typing import Any

import attrs
import pytest

import boomerang_rules as br
from boomerang_rules.seasaltpaper.state import Chance, GameState, RoundResult, check_state

from .helpers import Refusal, refusal_of, refused_alone, replaced_at

RULES = br.load_rules("sea-salt-paper")
N = 3
LONGEST = 1 << 40  # the bound the checks put on counts the engine keeps (turns, steals used)


def _second_round() -> GameState:
    """A 3-player state of round 1, its seat 0 to play, four decisions in its log (round 0 in its
    history, ended by LAST CHANCE), reached by seeded random play."""
    state = br.new_game(RULES, N, 5)
    rng = random.Random(5)
    while not (state.round >= 1 and len(state.entries()) >= 4 and state.phase == "play" and state.caller < 0):
        seat = br.to_act(state)[0]
        state = br.apply(state, seat, rng.choice(br.legal_actions(state, seat)))
    assert isinstance(state, GameState)
    return state


STATE = _second_round()
SIZE = STATE.tables.deck_size  # 58 cards: a card is 0..57
RESULT: RoundResult = STATE.history[0]


def _problems(**fields: Any) -> Refusal:
    """What rebuilding ``STATE`` with ``fields`` replaced is refused for."""
    return refusal_of(STATE, **fields)


def _result(**fields: Any) -> Refusal:
    """``_problems`` of ``STATE`` whose finished round 0 has ``fields`` replaced."""
    return _problems(history=(attrs.evolve(RESULT, **fields),))


def _chance(**fields: Any) -> Refusal:
    return _problems(chance=attrs.evolve(STATE.chance, **fields))




def test_the_state_the_engine_made_is_accepted_rebuilt_pickled_and_equal() -> None:
    assert _problems() == [] and _result() == [] and _chance() == []
    assert attrs.evolve(STATE) == STATE and pickle.loads(pickle.dumps(STATE)) == STATE
    assert STATE.history and STATE.log is not None and STATE.chance.rng is not None  # what the checks below read


INTS = [  # (field, lowest, highest) of the state's own integers, as the engine keeps them
    ("round", 0, LONGEST), ("first", -1, N - 1), ("turn", -1, N - 1), ("crab_pile", -1, 1), ("caller", -1, N - 1),
    ("protected", 0, (1 << N) - 1), ("turn_no", 0, LONGEST), ("bound", 0, 0)]  # no duo of the base game binds


@pytest.mark.parametrize(("field", "low", "high"), INTS)
def test_an_integer_field_past_either_end_of_its_range_is_refused_naming_it(field: str, low: int, high: int) -> None:
    for bad in (low - 1, high + 1):
        refused_alone(_problems(**{field: bad}), f"/{field}", f"{field} must be an integer from {low} to {high}, "
                                                               f"not {bad}")
    for odd in (True, float(high), str(high), None):  # exactly an int: no bool, float or text
        assert [p[0] for p in _problems(**{field: odd})] == [f"/{field}"]


@pytest.mark.parametrize(("field", "value", "phase"), [
    ("round", 0, "play"), ("round", LONGEST, "play"), ("first", -1, "play"), ("first", N - 1, "play"),
    ("turn", N - 1, "play"), ("turn", -1, "over"), ("crab_pile", 1, "crab_card"), ("crab_pile", 0, "crab_card"),
    ("caller", -1, "play"), ("caller", N - 1, "play"), ("protected", 0, "play"), ("protected", (1 << N) - 1, "play"),
    ("turn_no", 0, "play"), ("turn_no", LONGEST, "play"), ("bound", 0, "play")])
def test_an_integer_field_at_either_end_of_its_range_is_accepted(field: str, value: int, phase: str) -> None:
    changes: dict[str, Any] = {field: value, "phase": phase}
    rebuilt = attrs.evolve(STATE, **changes)
    assert getattr(rebuilt, field) == value and rebuilt.phase == phase


ROWS = [  # (field, entries it holds or None, (lowest, highest) of each)
    ("last_turns", N, (-1, LONGEST)), ("totals", N, (-LONGEST, LONGEST))]


@pytest.mark.parametrize(("field", "length", "span"), ROWS)
def test_a_row_of_numbers_a_seat_is_checked_entry_by_entry(field: str, length: int, span: tuple[int, int]) -> None:
    low, high = span
    row = getattr(STATE, field)
    for seat in range(N):
        for bad in (low - 1, high + 1):
            refused_alone(_problems(**{field: replaced_at(row, seat, bad)}), f"/{field}/{seat}",
                           f"{field}[{seat}] must be an integer from {low} to {high}, not {bad}")
        for good in (low, high):
            assert _problems(**{field: replaced_at(row, seat, good)}) == []
    refused_alone(_problems(**{field: row[:-1]}), f"/{field}", f"{field} must hold {N} entries, not {N - 1}")
    refused_alone(_problems(**{field: (*row, 0)}), f"/{field}", f"must hold {N} entries, not {N + 1}")
    refused_alone(_problems(**{field: list(row)}), f"/{field}", f"{field} must be a tuple, not [")


@pytest.mark.parametrize("field", ["final", "winners_"])
def test_a_list_of_seats_holds_at_most_one_entry_a_seat_each_a_seat(field: str) -> None:
    assert _problems(**{field: ()}) == [] and _problems(**{field: tuple(range(N))}) == []
    assert _problems(**{field: (N - 1, 0)}) == []
    refused_alone(_problems(**{field: (0, 1, 2, 0)}), f"/{field}", f"must hold at most {N} entries, not {N + 1}")
    refused_alone(_problems(**{field: (0, N)}), f"/{field}/1", f"from 0 to {N - 1}, not {N}")
    refused_alone(_problems(**{field: (-1,)}), f"/{field}/0", f"from 0 to {N - 1}, not -1")
    refused_alone(_problems(**{field: [0]}), f"/{field}", "must be a tuple")


CARD_ROWS = [  # (field, a place holding one row of cards, how to put a row there)
    ("deck", "/deck", lambda row: {"deck": row}),
    ("deck0", "/deck0", lambda row: {"deck0": row}),
    ("drawn", "/drawn", lambda row: {"drawn": row, "phase": "keep"}),
    ("piles", "/piles/1", lambda row: {"piles": (STATE.piles[0], row)}),
    ("piles", "/piles/0", lambda row: {"piles": (row, STATE.piles[1])}),
    ("hands", f"/hands/{N - 1}", lambda row: {"hands": replaced_at(STATE.hands, N - 1, row)}),
    ("played", "/played/0", lambda row: {"played": replaced_at(STATE.played, 0, row)}),
    ("shuffles", "/shuffles/1", lambda row: {"shuffles": ((0,), row)}),
]


@pytest.mark.parametrize(("field", "pointer", "put"), CARD_ROWS, ids=[c[1] for c in CARD_ROWS])
def test_a_row_of_cards_holds_cards_of_the_deck_and_no_more_than_the_deck(field: str, pointer: str, put: Any) -> None:
    assert _problems(**put((0, SIZE - 1))) == []  # the first card and the last
    refused_alone(_problems(**put((0, SIZE))), f"{pointer}/1", f"from 0 to {SIZE - 1}, not {SIZE}")
    refused_alone(_problems(**put((-1,))), f"{pointer}/0", f"from 0 to {SIZE - 1}, not -1")
    refused_alone(_problems(**put(tuple(range(SIZE)) + (0,))), pointer,
                   f"must hold at most {SIZE} entries, not {SIZE + 1}")
    refused_alone(_problems(**put([0])), pointer, "must be a tuple, not [0]")


@pytest.mark.parametrize(("field", "length"), [("piles", 2), ("hands", N), ("played", N)])
def test_the_rows_of_cards_a_seat_or_a_pile_hold_one_row_each(field: str, length: int) -> None:
    rows = getattr(STATE, field)
    refused_alone(_problems(**{field: rows[:-1]}), f"/{field}", f"must hold {length} entries, not {length - 1}")
    refused_alone(_problems(**{field: (*rows, ())}), f"/{field}", f"must hold {length} entries, not {length + 1}")


def test_the_phase_is_one_the_engine_has() -> None:
    words = "phase must be one of crab_card, crab_pile, deal, draw, keep, over, play, steal, not 'dance'"
    refused_alone(_problems(phase="dance"), "/phase", words)
    for phase in ("draw", "play", "steal", "crab_pile"):  # no field of the state reads otherwise in these
        assert _problems(phase=phase) == []


@pytest.mark.parametrize("rules_id", [info.id for info in br.list_rules() if info.game == "sea-salt-paper"])
def test_the_lobster_s_phase_and_a_bound_seat_are_only_in_a_ruleset_whose_duos_make_them(rules_id: str) -> None:
    """The lobster's phase and the seats a jellyfish binds are Extra Salt's: a state of any other ruleset
    rebuilt with either is refused at that field (it was accepted, and then read actions its ruleset
    does not number: ``legal_mask`` a ``KeyError`` for ``'lobster:crab-6'`` or ``'draw_one'``,
    ``apply`` an ``IndexError``)."""
    rules = br.load_rules(rules_id)
    state = br.new_game(rules, N, 5)
    seat = br.to_act(state)[0]
    state = br.apply(state, seat, "draw")  # two cards drawn, as the lobster's phase holds some
    effects = {duo.effect for duo in rules.duos}
    if "look_at_top" in effects:
        lobster = attrs.evolve(state, phase="lobster")
        assert br.legal_mask(lobster, seat) == sum(1 << br.action_id(rules, a) for a in br.legal_actions(lobster, seat))
        refused_alone(refusal_of(state, phase="lobster", drawn=()), "/drawn",  # the lobster's cards are drawn
                      "two cards are drawn in phase keep, some in lobster, none else; not 0 in 'lobster'")
    else:
        refused_alone(refusal_of(state, phase="lobster"), "/phase", "phase must be one of crab_card, crab_pile, deal, "
                      "draw, keep, over, play, steal, not 'lobster'")
    others = ((1 << N) - 1) & ~(1 << seat)
    if "restrict_opponents" in effects:
        bound = attrs.evolve(state, bound=others)
        assert all(br.legal_mask(bound, s) == sum(1 << br.action_id(rules, a) for a in br.legal_actions(bound, s))
                   for s in range(N))
    else:
        refused_alone(refusal_of(state, bound=others), "/bound", f"bound must be an integer from 0 to 0, not {others}")
    assert ("look_at_top" in effects) == ("restrict_opponents" in effects) == (rules_id.endswith("extra-salt"))


def test_the_seed_is_none_or_any_integer_and_the_names_none_or_one_text_a_seat() -> None:
    for seed in (None, 0, -5, 1 << 80):
        assert _problems(seed=seed) == []
    for odd in ("5", 5.0, True):
        refused_alone(_problems(seed=odd), "/seed", "seed must be an integer")
    assert _problems(names=None) == [] and _problems(names=("a", "b", "c")) == []
    refused_alone(_problems(names=("a", "b")), "/names", "must hold 3 entries, not 2")
    refused_alone(_problems(names=("a", 2, "c")), "/names/1", "names[1] must be a string, not 2")


def test_the_log_is_a_chain_of_decisions_each_a_seat_an_action_and_a_card() -> None:
    newest, earlier = STATE.log
    assert _problems(log=None) == [] and _problems(log=((N - 1, "end", SIZE - 1), earlier)) == []
    assert _problems(log=((0, "end", -1), None)) == []
    refused_alone(_problems(log=((N, "end", -1), earlier)), "/log/0/0", f"log[0][0] must be an integer from 0 to "
                                                                         f"{N - 1}, not {N}")
    refused_alone(_problems(log=((-1, "end", -1), earlier)), "/log/0/0", "not -1")
    refused_alone(_problems(log=((0, 5, -1), earlier)), "/log/0/1", "log[0][1] must be a string, not 5")
    refused_alone(_problems(log=((0, "end", SIZE), earlier)), "/log/0/2", f"from -1 to {SIZE - 1}, not {SIZE}")
    refused_alone(_problems(log=((0, "end", -2), earlier)), "/log/0/2", "not -2")
    refused_alone(_problems(log=((0, "end"), earlier)), "/log/0", "log[0] must be a (seat, action, card) tuple")
    refused_alone(_problems(log=([0, "end", -1], earlier)), "/log/0", "must be a (seat, action, card) tuple")
    deep = earlier  # the oldest decision broken: every node down the chain is read
    entries = []
    while deep is not None:
        entry, deep = deep
        entries.append(entry)
    broken: Any = None
    for i, entry in enumerate(reversed(entries)):
        broken = ((N, "end", -1) if i == 0 else entry, broken)
    refused_alone(_problems(log=(newest, broken)), f"/log/{len(entries)}/0", f"not {N}")
    refused_alone(_problems(log=(newest, (earlier[0], [1]))), "/log", "at depth 2")
    refused_alone(_problems(log=(newest, earlier, None)), "/log", "log must be None or an (entry, earlier log) "
                                                                   "pair, not (")
    refused_alone(_problems(log=[newest, earlier]), "/log", "at depth 0")


def test_the_entries_are_the_log_oldest_first() -> None:
    chain, out = STATE.log, []
    while chain is not None:
        entry, chain = chain
        out.append(entry)
    assert STATE.entries() == tuple(reversed(out)) and len(out) >= 4
    assert STATE.evolve(log=None).entries() == ()


def test_evolve_changes_the_fields_named_and_no_other_unchecked() -> None:
    """``GameState.evolve`` is the engine's unchecked copy: it takes what ``fit`` would refuse."""
    moved = STATE.evolve(round=7, turn_no=LONGEST + 1)
    assert isinstance(moved, GameState) and (moved.round, moved.turn_no) == (7, LONGEST + 1)
    assert [getattr(moved, f.name) for f in attrs.fields(GameState) if f.name not in ("round", "turn_no")] == \
        [getattr(STATE, f.name) for f in attrs.fields(GameState) if f.name not in ("round", "turn_no")]
    assert STATE.evolve() == STATE and STATE.round == 1


R = "/history/0"


@pytest.mark.parametrize(("fields", "pointer", "words"), [
    ({"deck": (0, SIZE)}, f"{R}/deck/1", f"from 0 to {SIZE - 1}, not {SIZE}"),
    ({"deck": tuple(range(SIZE)) + (1,)}, f"{R}/deck", f"at most {SIZE} entries"),
    ({"first": N}, f"{R}/first", f"from -1 to {N - 1}, not {N}"),
    ({"first": -2}, f"{R}/first", "not -2"),
    ({"log": ((N, "end", -1),)}, f"{R}/log/0/0", f"not {N}"),
    ({"log": [(0, "end", -1)]}, f"{R}/log", "must be a tuple"),
    ({"log": ((0, "end", -1), (0, "end"))}, f"{R}/log/1", "history[0][log][1] must be a (seat, action, card) tuple"),
    ({"end": "draw"}, f"{R}/end", "end] must be one of empty_deck, last_chance, mermaids, stop, not 'draw'"),
    ({"ender": N}, f"{R}/ender", f"from 0 to {N - 1}, not {N}"),
    ({"ender": -1}, f"{R}/ender", "not -1"),
    ({"hands": RESULT.hands[:-1]}, f"{R}/hands", f"must hold {N} entries, not {N - 1}"),
    ({"hands": replaced_at(RESULT.hands, 2, (SIZE,))}, f"{R}/hands/2/0", f"not {SIZE}"),
    ({"played": (*RESULT.played, ())}, f"{R}/played", f"must hold {N} entries, not {N + 1}"),
    ({"played": replaced_at(RESULT.played, 1, (-1,))}, f"{R}/played/1/0", "not -1"),
    ({"card_points": replaced_at(RESULT.card_points, 2, LONGEST + 1)}, f"{R}/card_points/2", f"not {LONGEST + 1}"),
    ({"card_points": RESULT.card_points[:2]}, f"{R}/card_points", "must hold 3 entries, not 2"),
    ({"bonuses": replaced_at(RESULT.bonuses, 0, -LONGEST - 1)}, f"{R}/bonuses/0", f"not {-LONGEST - 1}"),
    ({"bonuses": RESULT.bonuses * 2}, f"{R}/bonuses", "must hold 3 entries, not 6"),
    ({"scores": replaced_at(RESULT.scores, 1, "4")}, f"{R}/scores/1", "must be an integer"),
    ({"scores": ()}, f"{R}/scores", "must hold 3 entries, not 0"),
    ({"last_turns": replaced_at(RESULT.last_turns, 2, -2)}, f"{R}/last_turns/2", f"from -1 to {LONGEST}, not -2"),
    ({"last_turns": RESULT.last_turns[:1]}, f"{R}/last_turns", "must hold 3 entries, not 1"),
    ({"shuffles": ((0, 1), (SIZE,))}, f"{R}/shuffles/1/0", f"not {SIZE}"),
    ({"shuffles": [(0, 1)]}, f"{R}/shuffles", "must be a tuple"),
])
def test_each_field_of_a_finished_round_is_checked_the_last_as_well_as_the_first(
        fields: dict[str, Any], pointer: str, words: str) -> None:
    """A field out of its range is named by its pointer, and nothing else is."""
    refused_alone(_result(**fields), pointer, words)


def test_a_finished_round_at_the_ends_of_its_ranges_is_accepted() -> None:
    assert _result(first=-1) == [] and _result(first=N - 1) == [] and _result(ender=0) == []
    assert _result(ender=N - 1) == [] and _result(deck=(SIZE - 1, 0)) == [] and _result(log=()) == []
    for end in ("stop", "last_chance", "empty_deck", "mermaids"):
        assert _result(end=end) == []
    assert _result(last_turns=(-1, LONGEST, 0), scores=(-LONGEST, LONGEST, 0), shuffles=((SIZE - 1,),)) == []
    assert _problems(history=()) == [] and _problems(history=(RESULT, RESULT)) == []


def test_a_finished_round_that_is_not_a_round_result_is_refused_saying_what_it_must_be() -> None:
    refused_alone(_problems(history=((1, 2),)), R, "history[0] must be a RoundResult, not (1, 2)")
    refused_alone(_problems(history=((1, 2), (3, 4))), R, "not (1, 2)")  # the first misfit named, as in every row
    refused_alone(_problems(history=(RESULT, None)), "/history/1", "must be a RoundResult, not None")
    refused_alone(_problems(history=[RESULT]), "/history", "history must be a tuple")


@pytest.mark.parametrize(("fields", "pointer", "words"), [
    ({"rng": -1}, "/chance/rng", f"from 0 to {(1 << 64) - 1}, not -1"),
    ({"rng": 1 << 64}, "/chance/rng", f"not {1 << 64}"),
    ({"rng": 1.0}, "/chance/rng", "must be an integer"),
    ({"decks": ((0, SIZE),)}, "/chance/decks/0/1", f"not {SIZE}"),
    ({"decks": ((), (0, -1))}, "/chance/decks/1/1", f"from 0 to {SIZE - 1}, not -1"),
    ({"decks": (tuple(range(SIZE)) + (0,),)}, "/chance/decks/0", f"at most {SIZE} entries"),
    ({"decks": [(0,)]}, "/chance/decks", "must be a tuple"),
    ({"first": N}, "/chance/first", f"from 0 to {N - 1}, not {N}"),
    ({"first": -1}, "/chance/first", "not -1"),
    ({"steals": (0, SIZE)}, "/chance/steals/1", f"from 0 to {SIZE - 1}, not {SIZE}"),
    ({"steals": (-1,)}, "/chance/steals/0", "not -1"),
    ({"steals_used": -1}, "/chance/steals_used", f"from 0 to {LONGEST}, not -1"),
    ({"steals_used": LONGEST + 1}, "/chance/steals_used", f"not {LONGEST + 1}"),
    ({"shuffles": ((SIZE,),)}, "/chance/shuffles/0/0", f"not {SIZE}"),
    ({"shuffles": ((-1,),)}, "/chance/shuffles/0/0", f"from 0 to {SIZE - 1}, not -1"),
    ({"shuffles": [(0,)]}, "/chance/shuffles", "must be a tuple"),
    ({"shuffles_used": -1}, "/chance/shuffles_used", f"from 0 to {LONGEST}, not -1"),
    ({"shuffles_used": LONGEST + 1}, "/chance/shuffles_used", f"not {LONGEST + 1}"),
])
def test_each_field_of_the_chance_is_checked_the_last_as_well_as_the_first(
        fields: dict[str, Any], pointer: str, words: str) -> None:
    refused_alone(_chance(**fields), pointer, words)


def test_a_chance_at_the_ends_of_its_ranges_is_accepted() -> None:
    for rng in (None, 0, (1 << 64) - 1):
        assert _chance(rng=rng) == []
    assert _chance(decks=((SIZE - 1, 0), ()), first=None, steals=(0, SIZE - 1), steals_used=LONGEST) == []
    assert _chance(first=0) == [] and _chance(first=N - 1) == []
    assert _chance(shuffles=((SIZE - 1,),), shuffles_used=LONGEST) == [] and _chance(shuffles_used=0) == []
    refused_alone(_problems(chance=None), "/chance", "chance must be a Chance, not None")
    refused_alone(_problems(chance=(None,)), "/chance", "must be a Chance")


@pytest.mark.parametrize(("fields", "pointer", "words"), [
    ({"hands": replaced_at(STATE.hands, 1, (3, 2))}, "/hands/1", "a hand is sorted, each card once, not (3, 2)"),
    ({"hands": replaced_at(STATE.hands, 2, (4, 4))}, "/hands/2", "each card once, not (4, 4)"),
    ({"turn": -1}, "/turn", "a seat is to act in every phase but deal and over, not -1 in 'play'"),
    ({"phase": "over"}, "/turn", "not 0 in 'over'"),
    ({"phase": "deal"}, "/turn", "not 0 in 'deal'"),
    ({"phase": "keep"}, "/drawn", "two cards are drawn in phase keep, some in lobster, none else; not 0 in 'keep'"),
    ({"phase": "keep", "drawn": (1, 2, 3)}, "/drawn", "not 3 in 'keep'"),
    ({"drawn": (1,)}, "/drawn", "not 1 in 'play'"),
    ({"crab_pile": 0}, "/crab_pile", "a pile is chosen in phase crab_card only, not 0 in 'play'"),
    ({"phase": "crab_card"}, "/crab_pile", "not -1 in 'crab_card'"),
])
def test_the_fields_read_together_agree(fields: dict[str, Any], pointer: str, words: str) -> None:
    """Read once every field fits on its own: a hand sorted, a seat to act exactly when a phase
    has one, drawn cards exactly in the phases that hold them, a crab pile exactly in its phase."""
    refused_alone(_problems(**fields), pointer, words)


def test_the_fields_read_together_are_read_only_once_each_fits() -> None:
    problems = _problems(turn=-1, round=-1)  # the seat to act is not judged against a broken state
    assert [p[0] for p in problems] == ["/round"]
    unsorted = replaced_at(replaced_at(STATE.hands, 0, (2, 1)), 1, (4, 3))
    problems = _problems(hands=unsorted, crab_pile=1)  # every agreement
    assert [p[0] for p in problems] == ["/hands/0", "/hands/1", "/crab_pile"]
    assert _problems(phase="keep", drawn=(1, 2)) == []
    assert _problems(phase="crab_card", crab_pile=0) == [] and _problems(phase="over", turn=-1) == []
    assert _problems(phase="deal", turn=-1) == []


def test_every_field_out_of_range_is_named_at_once() -> None:
    problems = _problems(round=-1, first=N, deck=(SIZE,), totals=(), bound=1 << N, shuffles=((SIZE,),))
    assert [p[0] for p in problems] == ["/round", "/first", "/deck/0", "/totals", "/bound", "/shuffles/0/0"]


@pytest.mark.parametrize(("fields", "pointer", "words"), [
    ({"rules": br.load_rules("boomerang-2010")}, "/rules", "rules must be a Sea Salt & Paper Ruleset, not"),
    ({"tables": br.new_game(br.load_rules("standard"), 3, 1).tables}, "/tables",
     "tables must be the Tables of the state's rules (tables_for(rules)), not"),
    ({"players": 5}, "/players", "players must be an integer from 2 to 4, not 5"),
    ({"players": 1}, "/players", "from 2 to 4, not 1"),
])
def test_the_rules_tables_and_seat_count_are_the_game_s(fields: dict[str, Any], pointer: str, words: str) -> None:
    refused_alone(_problems(**fields), pointer, words)


def test_check_state_names_its_parameter_and_what_it_takes() -> None:
    assert check_state(STATE) is STATE
    with pytest.raises(TypeError, match=r"^state must be a Sea Salt & Paper GameState \(see new_game\), not None"):
        check_state(None)
    with pytest.raises(TypeError, match=r"^given must be a Sea Salt & Paper GameState \(see new_game\), not tuple"):
        check_state(tuple(STATE), "given")
    with pytest.raises(TypeError, match="must be a Sea Salt & Paper GameState"):
        check_state(br.new_game(br.load_rules("boomerang-2010"), 3, 1))


def test_a_state_shows_its_cards_by_id() -> None:
    """``repr``: one line, as ``show.state_repr`` writes it; ``str``: several, as ``show.state_text``."""
    from boomerang_rules.seasaltpaper.show import state_repr, state_text

    assert repr(STATE) == state_repr(STATE) and repr(STATE).startswith("<Sea Salt & Paper 'sea-salt-paper', 3 players")
    assert str(STATE) == state_text(STATE) and str(STATE) != repr(STATE) and "\n" in str(STATE)
    assert STATE.tables.ids[STATE.hands[0][0]] in str(STATE)


def test_a_state_counts_one_card_or_point_in_the_singular() -> None:
    """``str`` wrote "deck: 1 cards" and a total of "1 points": each count agrees with its noun
    (``core.display.counted``)."""
    one = attrs.evolve(STATE, deck=STATE.deck[:1], totals=(1, 0, 2))
    assert "deck: 1 card;" in str(one) and "; 1 point\n" in str(one) and str(one).endswith("; 2 points")


def test_chance_and_names_take_no_part_in_equality() -> None:
    assert attrs.evolve(STATE, chance=Chance(rng=None), names=("a", "b", "c")) == STATE
