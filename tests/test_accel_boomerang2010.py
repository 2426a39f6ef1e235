"""Boomerang (2010)'s compiled hot path (``boomerang2010/_accel.c``) against the plain Python code.

``apply``, ``legal_actions``, ``step``, ``to_act``, ``is_over`` and ``score_sheets`` have two
implementations: the plain functions (``engine.apply_plain``..., ``sheets.score_sheets_plain``),
which are the reference, and the compiled ones the
package uses when the extension is built. On every shipped ruleset of the game and variants of
it, at every allowed player count, at every state of seeded random games, both must give equal
states (every field, the round logs too) for every legal action, and the same refusal, word for
word, for anything else: every seat, every action id, junk. States the engine did not make, and
lookups that run Python code, take the plain answers without harm (CI runs this file under
``PYTHONMALLOC=debug``).
"""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
from collections.abc import Callable
from types import MappingProxyType, SimpleNamespace
from typing import Any

import attrs
import pytest

import boomerang_rules as br
from boomerang_rules import bench
from boomerang_rules.boomerang2010 import engine, sheets
from boomerang_rules.boomerang2010.rules import Ruleset
from boomerang_rules.boomerang2010.state import FIELD, GameState
from boomerang_rules.boomerang2010.tables import Tables
from boomerang_rules.core.frozendict import FrozenDict
from boomerang_rules.core.loading import rules_from_data

pytestmark = pytest.mark.skipif(not engine.ACCELERATED,
                                reason="the compiled engine (boomerang2010/_accel) is not built here")

SHIPPED = [br.load_rules(i.id) for i in br.list_rules() if i.game == "boomerang-2010"]


def variant(**changes: Any) -> Ruleset:
    data = br.rules_data(SHIPPED[0])
    data.update(id="accel-" + "-".join(changes), **changes)
    rules: Ruleset = rules_from_data(data)
    return rules


VARIANTS = [*SHIPPED, variant(boomerangs_each=1), variant(boomerangs_each=3, boomerangs_per_point=2),
            variant(tie_breakers=[])]
CASES = [(rules, n) for rules in VARIANTS for n in range(rules.players.min, rules.players.max + 1)]


class Odd(int):
    """An int subclass: an id-like value the compiled path hands to the plain one."""


class Text(str):
    """A str subclass: an action the compiled path hands to the plain one."""


JUNK: list[Any] = [True, False, 1.0, None, "", "Pass", "throw ", b"pass", ["pass"], (), -1, 2**64, 10**30, 2.5,
                   object(), Odd(0), Text("pass"), Text("dunes"), "\udcff", "A1"]


def outcome(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[str, Any]:
    """What a call gives: its result (a state as its type and every field), or its exception's type and words."""
    try:
        out = function(*args, **kwargs)
    except Exception as error:  # the comparison is of any exception, whatever it is
        return type(error).__name__, str(error)
    if isinstance(out, tuple) and len(out) == len(FIELD) and isinstance(out, GameState):
        return "state", (type(out), tuple(out))
    return "ok", (type(out), out)


def same(compiled: Callable[..., Any], plain: Callable[..., Any], *args: Any) -> Any:
    a, b = outcome(compiled, *args), outcome(plain, *args)
    assert a == b, args[1:]
    return a[1][1] if a[0] in ("ok", "state") else None


def made_alike(value: Any) -> Any:
    """What a score sheet is made of, all the way down: each object's type, each mapping's items in
    order, a ``FrozenDict``'s own slots (a mappingproxy of an exact dict, no hash yet)."""
    if isinstance(value, tuple):
        return type(value), [made_alike(v) for v in value]
    if isinstance(value, FrozenDict):
        data = object.__getattribute__(value, "_data")
        return (FrozenDict, type(data), type(data.copy()), object.__getattribute__(value, "_hash"),
                [(type(k), k, made_alike(v)) for k, v in data.items()])
    if attrs.has(type(value)):
        return type(value), [made_alike(getattr(value, f)) for f in attrs.fields_dict(type(value))]
    return type(value), value


def same_sheets(s: Any) -> None:
    """The compiled score sheets of ``s`` made as the plain ones are, or the same refusal."""
    a, b = outcome(sheets.score_sheets, s), outcome(sheets.score_sheets_plain, s)
    assert a[0] == b[0] and (made_alike(a[1][1]) == made_alike(b[1][1]) if a[0] == "ok" else a == b), tuple(s)[2:]


def every_state(rules: Ruleset, players: int, seed: int) -> list[GameState]:
    """A seeded random game's states, by the plain functions alone."""
    choose = random.Random(seed)
    s = engine.new_game(rules, players, seed)
    out = [s]
    while not engine.is_over_plain(s):
        for seat in engine.to_act_plain(s):
            s = engine.apply_plain(s, seat, choose.choice(engine.legal_actions_plain(s, seat)))
            out.append(s)
    return out


def test_the_package_plays_the_compiled_functions() -> None:
    assert br.boomerang2010.apply is engine.apply is not engine.apply_plain
    s = br.new_game(SHIPPED[0], 3, 1)
    for name in ("apply", "legal_actions", "step", "to_act", "is_over", "score_sheets"):
        assert getattr(type(s), "_br_" + name) is engine.STATE_METHODS[name]
    assert br.boomerang2010.score_sheets is sheets.score_sheets is not sheets.score_sheets_plain
    assert "compiled" in bench.game_engine_kind("boomerang-2010")


@pytest.mark.skipif(not os.environ.get("CI"), reason="CI builds the extension; elsewhere it may be absent")
def test_ci_builds_the_compiled_engine() -> None:
    assert engine.ACCELERATED


@pytest.mark.parametrize(("rules", "players"), CASES, ids=lambda x: getattr(x, "id", str(x)))
def test_every_decision_agrees_with_the_plain_functions(rules: Ruleset, players: int) -> None:
    every = [*rules.lands, "pass", "throw", *range(-1, len(rules.lands) + 3), *JUNK]
    for seed in range(2):
        for s in every_state(rules, players, seed):
            same(engine.to_act, engine.to_act_plain, s)
            same(engine.is_over, engine.is_over_plain, s)
            same_sheets(s)
            owing = engine.to_act_plain(s)
            idle = [seat for seat in range(players) if seat not in owing][:1]  # one seat owing nothing
            for seat in [*range(players), players, -1, True, Odd(0), "0"]:
                same(engine.legal_actions, engine.legal_actions_plain, s, seat)
                real = seat in (*owing, *idle) and type(seat) is int
                for action in every if real else ["pass", "throw", 0, rules.lands[0]]:
                    same(engine.apply, engine.apply_plain, s, seat, action)


def played_both_ways(rules: Ruleset, players: int, seed: int, *, by_id: float = 0.0,
                     each: Callable[[GameState], None] | None = None) -> tuple[GameState, GameState]:
    """A seeded game of random legal play through the compiled functions and the plain ones, checked
    alike at every decision (``by_id``: the share of actions given as their ids; ``each``: a check of
    the plain state after every seat's decision); the last states of both."""
    choose = random.Random(seed)
    fast = plain = engine.new_game(rules, players, seed)
    while not engine.is_over_plain(plain):
        assert engine.to_act(fast) == engine.to_act_plain(plain)
        for seat in engine.to_act_plain(plain):
            legal = engine.legal_actions_plain(plain, seat)
            assert engine.legal_actions(fast, seat) == legal
            action: str | int = choose.choice(legal)
            if by_id and choose.random() < by_id:
                action = (*rules.lands, "pass", "throw").index(action)  # its id
            fast, plain = engine.apply(fast, seat, action), engine.apply_plain(plain, seat, action)
            assert type(fast) is type(plain) and tuple(fast) == tuple(plain)
            if each is not None:
                each(plain)
    return fast, plain


@pytest.mark.parametrize(("rules", "players"), CASES, ids=lambda x: getattr(x, "id", str(x)))
def test_whole_games_agree_decision_by_decision(rules: Ruleset, players: int) -> None:
    """Many seeded games played through the compiled functions: the same states as the plain ones'."""
    for seed in range(40):
        fast, plain = played_both_ways(rules, players, seed, by_id=0.3)
        assert engine.is_over(fast)
        assert br.score_sheets(fast) == br.score_sheets(plain)


def edge(name: str, lands: int, animals: int, cards: int, each: int, per_point: int, seats: int) -> Ruleset:
    """A ruleset at the schema's edges: ``lands`` lands (2 to 16), ``animals`` animals (1 to 32),
    ``cards`` cards (1 to 500; past 256 the compiled capture hands the river to the plain code), the
    animals in turn and the land pairs in a fixed pseudo-random order, for 2 to ``seats`` players."""
    choose = random.Random(name)
    names = [f"land{i}" for i in range(lands)]
    deck = [{"id": f"C{i}", "animal": f"animal{i % animals}", "lands": choose.sample(names, 2)}
            for i in range(cards)]
    shown = {land for card in deck for land in card["lands"]}
    data = br.rules_data(SHIPPED[0])
    data.update(id=f"edge-{name}", lands=[land for land in names if land in shown],
                animals=[f"animal{a}" for a in range(min(animals, cards))], cards=deck, boomerangs_each=each,
                boomerangs_per_point=per_point, players={"min": 2, "max": seats})
    rules: Ruleset = rules_from_data(data)
    return rules


WIDE = edge("wide", 16, 32, 96, 1000, 7, 16)
EDGES = [(edge("many", 16, 32, 96, 12, 7, 16), 16), (WIDE, 2), (WIDE, 3), (edge("deep", 5, 6, 500, 12, 6, 5), 5),
         (edge("bare", 2, 1, 1, 0, 1, 3), 3), (edge("few", 3, 2, 9, 2, 1000, 4), 4)]


@pytest.mark.parametrize(("rules", "players"), EDGES, ids=lambda x: getattr(x, "id", str(x)))
def test_rulesets_at_the_schema_s_edges_play_alike(rules: Ruleset, players: int) -> None:
    """The shipped deck has five lands and six animals: a deck of 16 lands and 32 animals for 16
    seats (and for 2 and 3 with 1,000 boomerangs each), one of 500 cards, one of a single card with no
    boomerang at all, and sets of 1,000 give the same states, sheets and winners through both paths."""
    for seed in range(2 if len(rules.cards) > 256 else 5):
        fast, plain = played_both_ways(rules, players, seed, each=same_sheets)
        assert engine.is_over(fast) and br.winners(fast) == br.winners(plain)


@pytest.mark.parametrize(("rules", "players"), CASES, ids=lambda x: getattr(x, "id", str(x)))
def test_step_agrees_with_the_plain_function(rules: Ruleset, players: int) -> None:
    for seed in range(2):
        choose = random.Random(seed)
        for s in every_state(rules, players, seed):
            seats = engine.to_act_plain(s)
            actions = [choose.choice(engine.legal_actions_plain(s, seat)) for seat in seats]
            ids = [(*rules.lands, "pass", "throw").index(a) for a in actions]
            for given in (actions, tuple(actions), ids, actions[:1], actions + ["pass"], [], actions[::-1],
                          [*actions[:-1], "nowhere"], [*actions[:-1], Text("dunes")], "pass", iter(actions),
                          [*actions[:-1], "throw"], [True] * len(actions)):
                same(engine.step, engine.step_plain, s, given)


def test_states_the_engine_did_not_make_get_the_plain_answers() -> None:
    rules = SHIPPED[0]
    states = every_state(rules, 4, 5)
    hunt = next(s for s in states if s.phase == "hunt" and len(s.active) == 2)
    tokens = next(s for s in states if s.phase == "tokens" and s.round == 1)

    class Sub(GameState):
        __slots__ = ()

    def rebuilt(s: GameState, cls: type = GameState, **changes: Any) -> Any:
        values = list(s)
        for name, value in changes.items():
            values[FIELD[name]] = value
        return tuple.__new__(cls, values)

    odd = [rebuilt(hunt, Sub), rebuilt(tokens, Sub), rebuilt(hunt, pot=1.0), rebuilt(hunt, pot=-1),
           rebuilt(hunt, active=list(hunt.active)), rebuilt(hunt, active=(hunt.active[0],)),
           rebuilt(hunt, boomerangs=(True,) * 4), rebuilt(hunt, stack=list(hunt.stack)),
           rebuilt(hunt, hunt=list(hunt.hunt)), rebuilt(hunt, phase="".join(["hu", "nt"])),
           rebuilt(hunt, phase=Text("hunt")), rebuilt(hunt, players=Odd(4)), rebuilt(hunt, tables=None),
           rebuilt(hunt, round=-1), rebuilt(hunt, river=[*hunt.river]), rebuilt(hunt, river=(*hunt.river, 999)),
           rebuilt(hunt, tokens=(0, 0, 0, 99)), rebuilt(hunt, tokens=(0, 1, 2, Odd(3))),
           rebuilt(hunt, captured=[()] * 4), rebuilt(hunt, deck=(), round=0), rebuilt(hunt, history=None),
           rebuilt(tokens, tokens=(-1, -1, -1, Odd(-1))), rebuilt(tokens, first=9), rebuilt(tokens, first=-1),
           rebuilt(tokens, tokens=(-1, -1, -1)), rebuilt(tokens, players=99), rebuilt(tokens, phase="over"),
           rebuilt(tokens, phase=None)]
    last = states[-1]
    many = tuple(range(len(rules.cards)))
    odd += [rebuilt(last, captured=(*last.captured[:3], (-1,))), rebuilt(last, captured=(*last.captured[:3], (999,))),
            rebuilt(last, captured=(*last.captured[:3], (Odd(1), True))), rebuilt(last, captured=last.captured[:3]),
            rebuilt(last, captured=(*last.captured[:3], many + (0,))), rebuilt(last, captured=(many, many, (), ())),
            rebuilt(last, captured=(*last.captured[:3], [1, 2])), rebuilt(last, boomerangs=(-1, 5, 2**40, 0)),
            rebuilt(last, boomerangs=(1, 2, 3)), rebuilt(last, boomerangs=(1, 2, 3, 4.0)),
            rebuilt(last, boomerangs=(10**30, 1, 1, 1)), rebuilt(last, players=3)]
    for s in odd:
        same_sheets(s)
        same(engine.to_act, engine.to_act_plain, s)
        same(engine.is_over, engine.is_over_plain, s)
        for seat in range(5):
            same(engine.legal_actions, engine.legal_actions_plain, s, seat)
            for action in ["pass", "throw", "dunes", 0, 5, 6]:
                same(engine.apply, engine.apply_plain, s, seat, action)
        same(engine.step, engine.step_plain, s, ["pass"])
        same(engine.step, engine.step_plain, s, ["dunes"] * 4)


def test_compiled_states_pickle_hash_and_compare_as_plain_ones() -> None:
    for s in every_state(SHIPPED[0], 3, 2)[::7]:
        for seat in engine.to_act(s):
            for action in engine.legal_actions(s, seat):
                fast, plain = engine.apply(s, seat, action), engine.apply_plain(s, seat, action)
                assert fast == plain and hash(fast) == hash(plain) and repr(fast) == repr(plain)
                assert attrs.asdict(fast, recurse=False) == attrs.asdict(plain, recurse=False)
                back = pickle.loads(pickle.dumps(fast))  # its tables rebuilt: equal, not the same object
                assert back == plain and tuple(back)[2:] == tuple(plain)[2:]
                for later in engine.to_act(back):
                    assert engine.legal_actions(back, later) == engine.legal_actions_plain(plain, later)


def test_calls_with_keywords_or_the_wrong_arguments_are_the_plain_functions_calls() -> None:
    s = engine.new_game(SHIPPED[0], 3, 1)
    pairs: list[tuple[Callable[..., Any], Callable[..., Any]]] = [
        (engine.apply, engine.apply_plain), (engine.legal_actions, engine.legal_actions_plain),
        (engine.step, engine.step_plain), (engine.to_act, engine.to_act_plain), (engine.is_over, engine.is_over_plain),
        (sheets.score_sheets, sheets.score_sheets_plain)]
    for compiled, plain in pairs:
        for args in [(), (s,), (s, 0), (s, 0, "dunes"), (s, 0, "dunes", 1)]:
            same(compiled, plain, *args)
    assert outcome(engine.apply, s, 0, action="dunes") == outcome(engine.apply_plain, s, 0, action="dunes")
    method: Any = s
    assert outcome(method._br_apply, 0, action="dunes") == outcome(engine.apply_plain, s, 0, action="dunes")
    assert outcome(method._br_to_act, 1) == outcome(engine.to_act_plain, s, 1)
    assert outcome(method._br_is_over, x=1) == outcome(engine.is_over_plain, s, x=1)
    assert outcome(method._br_score_sheets, 1) == outcome(sheets.score_sheets_plain, s, 1)
    assert outcome(sheets.score_sheets, state=s) == outcome(sheets.score_sheets_plain, state=s)


class Evil(str):
    """A land id whose ``__eq__`` rebinds the tables' slots the compiled path reads, dropping the
    last references to what they held: a lookup that runs Python code must free nothing the C reads."""

    victim: Tables | None = None

    def __eq__(self, other: object) -> bool:
        t = Evil.victim
        if t is not None:
            Evil.victim = None
            object.__setattr__(t, "lands", ("x",) * len(t.lands))
            object.__setattr__(t, "land_index", MappingProxyType({}))
            object.__setattr__(t, "card_lands", ())
        return str.__eq__(self, other)

    __hash__ = str.__hash__


def test_lookups_that_run_python_code_free_nothing_the_compiled_code_reads() -> None:
    rules = SHIPPED[0]
    for how in ("apply", "step"):
        t = Tables(rules)
        # the tables' own land ids, each an Evil of an equal text: the lookup of an exact str calls its __eq__
        lands = tuple(Evil(land) for land in t.lands)
        object.__setattr__(t, "lands", lands)
        object.__setattr__(t, "land_index", MappingProxyType({land: i for i, land in enumerate(lands)}))
        s = engine.new_game(rules, 3, 1)
        values = list(s)
        values[FIELD["tables"]] = t
        state = tuple.__new__(GameState, values)
        del lands, values
        Evil.victim = t
        name = "".join(["dun", "es"])  # an exact str, not the interned one
        if how == "apply":
            out = engine.apply(state, 0, name)
            assert out.tokens == (t.rules.lands.index("dunes"), -1, -1)
        else:
            out = engine.step(state, [name, name, name])
            assert out.phase == "hunt" and out.tokens == (0, 0, 0)
        assert Evil.victim is None  # the __eq__ ran


def test_a_second_accelerate_replaces_the_first_whole_and_bad_ones_change_nothing() -> None:
    from boomerang_rules.boomerang2010 import _accel
    from boomerang_rules.boomerang2010.state import RoundLog

    args: tuple[Any, ...] = (GameState, Tables, tuple(FIELD), engine.apply_plain, engine.legal_actions_plain,
                             engine.step_plain, engine.to_act_plain, engine.is_over_plain, engine._capture, "pass",
                             "throw", "tokens", "hunt", "over", engine._HUNT_CHOICES, RoundLog)
    accelerate: Any = _accel.accelerate
    with pytest.raises(TypeError):
        accelerate(*args[:2], tuple(reversed(FIELD)), *args[3:])
    with pytest.raises(AttributeError, match="lands"):
        accelerate(GameState, RoundLog, *args[2:])  # no slot "lands"
    with pytest.raises(AttributeError, match="first"):
        accelerate(*args[:-1], Tables)  # a class without the log's slots
    methods = accelerate(*args)
    assert set(methods) == {"apply", "legal_actions", "step", "to_act", "is_over"}
    s = engine.new_game(SHIPPED[0], 3, 1)
    assert tuple(engine.apply(s, 0, "dunes")) == tuple(engine.apply_plain(s, 0, "dunes"))


def test_the_plain_engine_serves_when_asked_and_the_module_not_set_up_refuses_clearly() -> None:
    """``BOOMERANG_RULES_PURE=1``: the package plays the plain functions, and ``_accel``, never set
    up, says so from each of its functions."""
    code = ("import boomerang_rules as br\n"
            "from boomerang_rules.boomerang2010 import engine, _accel\n"
            "print(engine.ACCELERATED, br.boomerang2010.apply is engine.apply_plain, engine.STATE_METHODS)\n"
            "for f, args in [(_accel.apply, (1, 2, 3)), (_accel.legal_actions, (1, 2)), (_accel.step, (1, 2)),"
            " (_accel.to_act, (1,)), (_accel.is_over, (1,)), (_accel.score_sheets, (1,))]:\n"
            "    try:\n        f(*args)\n    except RuntimeError as e:\n        print(e)\n")
    env = {**os.environ, "BOOMERANG_RULES_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("False True {}") and done.stdout.count("is not set up") == 6


def test_score_sheets_tables_rebound_or_replaced_are_read_safely() -> None:
    """Tables whose slots the sheets read hold something else (a tuple too short, an animal not a
    str), a ruleset without a usable set size, and a second set-up with bad arguments: the plain
    answers, or a clear refusal that changes nothing."""
    from boomerang_rules.boomerang2010 import _accel
    from boomerang_rules.boomerang2010.scoring import SeatScore

    last = every_state(SHIPPED[0], 4, 3)[-1]
    class Rebinding:
        """A ruleset whose set size, once read, rebinds the slots the sheets read and drops the last
        references to what they held (the compiled code holds them meanwhile)."""

        @property
        def boomerangs_per_point(self) -> int:
            object.__setattr__(t, "animal", tuple([0] * len(t.animal)))
            object.__setattr__(t, "animals", tuple(["".join(["x", str(i)]) for i in range(6)]))
            object.__setattr__(t, "rules", None)
            return int(SHIPPED[0].boomerangs_per_point)

    for name, value in [("animal", ()), ("animal", None), ("animals", ("x",)), ("animals", (Text("a"),) * 6),
                        ("animals", tuple("abcdef")), ("animal", (99,) * 54), ("animals", ("a",) * 6),
                        ("rules", object()), ("rules", SimpleNamespace(boomerangs_per_point=0)),
                        ("rules", SimpleNamespace(boomerangs_per_point=2.0))]:
        t = Tables(SHIPPED[0])
        object.__setattr__(t, name, value)
        values = list(last)
        values[FIELD["tables"]] = t
        same_sheets(tuple.__new__(GameState, values))
    t = Tables(SHIPPED[0])
    object.__setattr__(t, "rules", Rebinding())
    values = list(last)
    values[FIELD["tables"]] = t
    # read before the set size: the sheets of the tables as they were
    assert made_alike(sheets.score_sheets(tuple.__new__(GameState, values))) == \
        made_alike(sheets.score_sheets_plain(last))
    assert t.rules is None  # the property ran
    accelerate_sheets: Any = _accel.accelerate_sheets
    with pytest.raises(TypeError):
        accelerate_sheets(SeatScore, ("cards",), FrozenDict, sheets.score_sheets_plain)
    with pytest.raises(TypeError):
        accelerate_sheets(SeatScore, ("cards", "animals", "boomerangs", "total", "sets"), FrozenDict,
                          sheets.score_sheets_plain)
    with pytest.raises(AttributeError, match="_data"):
        accelerate_sheets(SeatScore, tuple(attrs.fields_dict(SeatScore)), SeatScore, sheets.score_sheets_plain)
    same_sheets(last)
    methods = accelerate_sheets(SeatScore, tuple(attrs.fields_dict(SeatScore)), FrozenDict, sheets.score_sheets_plain)
    assert set(methods) == {"score_sheets"}
    same_sheets(last)
    assert pickle.loads(pickle.dumps(sheets.score_sheets(last))) == sheets.score_sheets_plain(last)
    assert hash(sheets.score_sheets(last)) == hash(sheets.score_sheets_plain(last))


def test_core_compiled_picks_a_games_accel_unless_the_plain_code_is_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    from boomerang_rules.boomerang2010 import _accel
    from boomerang_rules.core.compiled import compiled

    assert compiled("boomerang_rules.boomerang2010") is _accel is engine.COMPILED
    assert compiled("boomerang_rules.core") is None  # no _accel there: the plain code serves
    monkeypatch.setenv("BOOMERANG_RULES_PURE", "1")
    assert compiled("boomerang_rules.boomerang2010") is None
