"""Every public function, given junk for one argument at a time, raises a ``TypeError`` or a
``ValueError`` naming the parameter, never a raw error from deep inside (issue 25: "has no len()",
"not enough values to unpack", "'<=' not supported", ``AttributeError``).

The functions are read off the public modules' ``__all__``, so a function added later is tried
too; each is called with valid arguments first (a function that cannot be called so for a game,
such as Boomerang: Australia's ``score_round`` with another game's ruleset, is left out for it),
then with each junk value in place of one argument.
"""

from __future__ import annotations

import importlib
import inspect
import re
import types
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules.core.errors import BoomerangError
from boomerang_rules.rl import chance


class Index:
    """An integer-like object (what ``numpy.int64`` is): where an int is taken, taken as 1."""

    def __index__(self) -> int:
        return 1

    def __repr__(self) -> str:
        return "Index()"


class Opaque:
    def __repr__(self) -> str:
        return "Opaque()"


JUNK: dict[str, object] = {
    "None": None, "a string": "x", "a bool": True, "a float": 1.5, "an __index__ object": Index(),
    "an object": Opaque(), "a list of an int": [1], "a dict": {}, "-1": -1, "2**70": 2**70,
    "nine items": tuple(range(9)), "bytes": b"x", "an empty tuple": (), "a list of a string": ["x"],
    "a nested None": [[None]], "a list of a pair": [("a", "b")], "nan": float("nan"),
}
RAW = re.compile(
    r"has no len|not enough values|too many values|not supported between|is not subscriptable|is not iterable|"
    r"unhashable|has no attribute|'NoneType'|cannot unpack|cannot be interpreted as an integer|index out of range|"
    r"argument of type|must be real number|can't multiply|unsupported operand|is not callable|int\(\) argument|"
    r"string indices|invalid literal|object of type|can only concatenate")

GAMES = {"au": "standard", "ssp": "sea-salt-paper", "b10": "boomerang-2010"}
MODULES = {"br": "boomerang_rules", "au": "boomerang_rules.australia", "ssp": "boomerang_rules.seasaltpaper",
           "b10": "boomerang_rules.boomerang2010", "rl": "boomerang_rules.rl", "chance": "boomerang_rules.rl.chance"}
NOT_CALLED = {"build", "check", "to_data", "play_game", "list_rules", "shipped_ids"}
"""Rules-module internals re-exported for the game registry, a bot runner, and functions of no argument."""
COMPILED = {"apply": ["state", "seat", "action"], "legal_actions": ["state", "seat"], "step": ["state", "actions"],
            "to_act": ["state"], "is_over": ["state"], "score_sheets": ["state"]}
"""The parameters of the compiled functions (the three games' hot paths: no signature to read)."""


def _valid(game: str) -> dict[str, Any]:
    """A valid value for every parameter name the public functions use."""
    rules = br.load_rules(GAMES[game])
    state = br.new_game(rules, 3, seed=1)
    seat = br.to_act(state)[0]
    ids = [c.id for c in rules.cards]
    table: dict[str, Any] = {
        "rules": rules, "state": state, "seat": seat, "players": 3, "seed": 1, "seen": br.view(state, seat),
        "rng": 1, "before": state, "after": state, "record": br.record_of(state), "name_or_path": rules.id,
        "action": br.legal_actions(state, seat)[0], "i": 0, "names": None, "file": None, "seats": [0],
        "actions": [br.legal_actions(state, s)[0] for s in br.to_act(state)], "dealt": (), "words": None,
        "lay": None, "activity": None, "hand": (), "played": (), "ender": 0, "call": "stop", "boomerangs": (),
        "deals": (), "undealt_ok": False, "decks": (), "first": None, "steals": (), "shuffles": (), "deck": None,
        "node": chance.from_state(state), "outcome": 0, "game": rules.game}
    if game == "au":
        table.update(cards=["E", "A", "V", "W", "X", "J", "B"], activity=None)
    elif game == "ssp":
        table.update(hand=ids[:2], played=ids[2:4], cards=[(ids[:2], []), (ids[2:3], []), ([], [])], ender=0,
                     call="stop")
    else:
        table.update(cards=[ids[:2], ids[2:4], []], boomerangs=[12, 12, 12])
    return table


def _parameters(function: Callable[..., Any], name: str) -> tuple[list[str], bool]:
    try:
        signature = inspect.signature(function)
    except ValueError:
        return COMPILED[name], False
    return [p.name for p in signature.parameters.values() if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)], True


def _cases() -> list[Any]:
    cases = []
    for where, module_name in MODULES.items():
        module = importlib.import_module(module_name)
        for name in module.__all__:
            function = getattr(module, name)
            if name in NOT_CALLED or isinstance(function, type) or not callable(function):
                continue
            for game in ([where] if where in GAMES else GAMES):
                params, by_name = _parameters(function, name)
                valid = _valid(game)
                missing = [p for p in params if p not in valid and p not in ("hands", "cards")]
                assert not missing, f"{where}.{name}: give a valid value for {missing} in _valid"
                given = {p: valid[p] for p in params if p in valid}
                try:
                    function(**given) if by_name else function(*given.values())
                except (TypeError, ValueError):
                    continue  # not a function of this game (Australia's alone), or it needs more
                for param in given:
                    cases.append(pytest.param(function, by_name, given, param, id=f"{where}.{name}[{game}]-{param}"))
    return cases


CASES = _cases()


def test_the_cases_reach_every_public_function() -> None:
    reached = {case.id.split("[")[0].split("-")[0] for case in CASES}
    assert len(CASES) >= 150 and len(reached) >= 80


@pytest.mark.parametrize(("function", "by_name", "given", "param"), CASES)
def test_junk_for_one_argument_is_refused_naming_it(function: Callable[..., Any], by_name: bool,
                                                    given: dict[str, Any], param: str) -> None:
    wrong = []
    for label, junk in JUNK.items():
        args = {**given, param: junk}
        try:
            function(**args) if by_name else function(*args.values())
        except (TypeError, ValueError) as exc:
            message = str(exc)
            if RAW.search(message):
                wrong.append(f"{label}: raw {type(exc).__name__}: {message[:120]}")
            elif type(exc) is TypeError and param not in message:
                wrong.append(f"{label}: a TypeError not naming {param!r}: {message[:120]}")
        except BoomerangError:
            pass
        except Exception as exc:  # AttributeError, KeyError, IndexError, ...
            wrong.append(f"{label}: {type(exc).__name__}: {str(exc)[:120]}")
    assert wrong == []


SSP = br.load_rules("sea-salt-paper")
B10 = br.load_rules("boomerang-2010")


@pytest.mark.parametrize(("cards", "ender", "error", "message"), [
    ([([], [])], 0, ValueError, r"^cards must hold one \(hand, played\) pair per seat: 'sea-salt-paper' is for 2 "
                                r"to 4 players, not 1$"),
    ([([], [])] * 9, 0, ValueError, r"^cards must hold one \(hand, played\) pair per seat: .* not 9$"),
    ([([], [])] * 2, 1.5, TypeError, r"^ender must be a seat number \(int\), not float: 1\.5$"),
    ([([], [])] * 2, True, TypeError, r"^ender must be a seat number \(int\), not bool: True$"),
    ([([], [])] * 2, None, TypeError, r"^ender must be a seat number \(int\), not None: None$"),
    (None, 0, TypeError, r"^cards must be a list of \(hand, played\) pairs, one per seat, not None: None$"),
    ("ab", 0, TypeError, r"^cards must be a list of \(hand, played\) pairs, one per seat, not str: 'ab'$"),
    ([([], [], []), ([], [])], 0, TypeError, r"^cards\[0\] must be a \(hand, played\) pair of card id lists, "
                                             r"not tuple: \(\[\], \[\], \[\]\)$"),
    ([1, 2], 0, TypeError, r"^cards\[0\] must be a \(hand, played\) pair of card id lists, not int: 1$"),
])
def test_round_points_names_its_bad_argument(cards: Any, ender: Any, error: type[Exception], message: str) -> None:
    from boomerang_rules import seasaltpaper as ssp

    with pytest.raises(error, match=message):
        ssp.round_points(SSP, cards, ender, "stop")


def test_round_points_takes_an_integer_like_ender() -> None:
    from boomerang_rules import seasaltpaper as ssp

    pairs: list[Any] = [(["shell-1", "shell-2"], []), (["crab-1"], [])]
    one: Any = Index()
    assert ssp.round_points(SSP, pairs, one, "last_chance") == ssp.round_points(SSP, pairs, 1, "last_chance")


@pytest.mark.parametrize(("cards", "boomerangs", "message"), [
    (None, [1, 2, 3], r"^cards must be a list of seats' cards, each a list of card ids \(str\), not None: None$"),
    (5, [1, 2, 3], r"^cards must be a list of seats' cards, .* not int: 5$"),
    ([[], [], []], None, r"^boomerangs must be a list of boomerang counts \(int\), one per seat, not None: None$"),
    ([[], [], []], 3.0, r"^boomerangs must be a list of boomerang counts .* not float: 3\.0$"),
    ([[], 7, []], [1, 2, 3], r"^cards\[1\] must be a list of card ids \(str\), not int: 7$"),
])
@pytest.mark.parametrize("function", ["final_scores", "winners_of"])
def test_final_scores_and_winners_of_name_their_bad_argument(function: str, cards: Any, boomerangs: Any,
                                                               message: str) -> None:
    from boomerang_rules import boomerang2010 as b10

    with pytest.raises(TypeError, match=message):
        getattr(b10, function)(B10, cards, boomerangs)
    with pytest.raises(TypeError, match=r"^rules must be a Boomerang \(2010\) Ruleset \(see load_rules\), not None"):
        getattr(b10, function)(None, [[], [], []], [1, 2, 3])


def _scorers(cards: Any) -> dict[str, Callable[[], object]]:
    """Every game's scoring entry point given ``cards`` where its list of card ids is due."""
    from boomerang_rules import boomerang2010 as b10
    from boomerang_rules import seasaltpaper as ssp

    return {
        "score_round": lambda: br.score_round(RULES, cards),
        "score_cards hand": lambda: ssp.score_cards(SSP, hand=cards),
        "score_cards played": lambda: ssp.score_cards(SSP, played=cards),
        "round_points hand": lambda: ssp.round_points(SSP, [([], []), (cards, [])], 0, "stop"),
        "round_points played": lambda: ssp.round_points(SSP, [([], cards), ([], [])], 0, "stop"),
        "final_scores": lambda: b10.final_scores(B10, [[], cards, []], [0, 0, 0]),
    }


NAMED = {"score_round": "cards", "score_cards hand": "hand", "score_cards played": "played",
         "round_points hand": r"cards\[1\]\[0\] \(its hand\)",
         "round_points played": r"cards\[0\]\[1\] \(its played cards\)", "final_scores": r"cards\[1\]"}
"""The parameter each scorer's refusal names, as its message begins."""


class _Cards:
    """A container of card ids that is no sequence (as a numpy array is not one)."""

    def __iter__(self) -> Any:
        return iter(["A"])


@pytest.mark.parametrize("junk", [None, 7, {"A": 1}, frozenset({"A"}), _Cards()], ids=repr)
@pytest.mark.parametrize("scorer", sorted(_scorers(None)))
def test_every_game_s_scoring_refuses_a_non_list_of_cards_with_one_type_error(scorer: str, junk: Any) -> None:
    """A value that is no list where card ids are due is the caller's mistake in every game alike:
    a ``TypeError`` naming the parameter and the type given (a string of one card id stays
    invalid input, the game's rule named: pinned with each game's messages)."""
    named = "None" if junk is None else type(junk).__name__
    with pytest.raises(TypeError, match=rf"^{NAMED[scorer]} must be a list of .*not {named}") as info:
        _scorers(junk)[scorer]()
    assert not isinstance(info.value, BoomerangError)


def test_every_game_s_scoring_refuses_a_numpy_array_of_cards_with_one_type_error() -> None:
    np = pytest.importorskip("numpy")
    for scorer, call in _scorers(np.array(["A", "B"])).items():
        with pytest.raises(TypeError, match=rf"^{NAMED[scorer]} must be a list of .*not ndarray"):
            call()


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_view_for_an_integer_like_seat_is_that_seat_s(rules: str) -> None:
    state = br.new_game(br.load_rules(rules), 3, seed=4)
    one: Any = Index()
    assert br.view(state, one) == br.view(state, 1)


def test_none_or_a_float_or_a_ruleset_id_is_refused_by_name_where_a_state_view_seed_or_ruleset_is_taken() -> None:
    import boomerang_rules.rl as rl

    with pytest.raises(TypeError, match=r"^state must be a game state \(see new_game\), not None: None$"):
        rl.observe(None, 0)
    with pytest.raises(TypeError, match=r"^seen must be a seat's view \(see view\), not None: None"):
        br.determinize(None, 1)
    seen = br.view(br.new_game(br.load_rules(), 3, seed=1), 0)
    with pytest.raises(TypeError, match=r"^rng must be an integer seed or a random.Random \(int\), not float: 1\.5$"):
        br.determinize(seen, 1.5)
    with pytest.raises(TypeError, match=r"^rules must be a Sea Salt & Paper Ruleset \(see load_rules\), not str"):
        __import__("boomerang_rules.seasaltpaper", fromlist=["score_cards"]).score_cards("sea-salt-paper")


@pytest.mark.parametrize(("change", "message"), [
    ({"rules": None}, r"^rules must be a loaded ruleset \(see load_rules\), not None: None$"),
    ({"names": None}, r"^names must be a list of bot names \(str\), not None$"),
    ({"names": ["random", 3]}, r"^names\[1\] must be a bot name \(str\), not int: 3$"),
    ({"names": ["random"]}, r"^names must hold one bot name per seat: 'standard' is for 2 to 4 players, not 1$"),
    ({"games": 1.5}, r"^games must be a number of games \(int\), not float: 1\.5$"),
    ({"games": 0}, r"^games must be a number of games from 1 to "),
    ({"seed": None}, r"^seed must be an integer seed \(int\), not None: None$"),
    ({"jobs": True}, r"^jobs must be a number of processes \(int\), not bool: True$"),
])
def test_a_tournament_names_its_bad_argument(change: dict[str, Any], message: str) -> None:
    from boomerang_rules.core import tournament

    given: dict[str, Any] = {"rules": br.load_rules(), "names": ["random"] * 3, "games": 1, "seed": 0, "jobs": 1}
    with pytest.raises((TypeError, ValueError), match=message):
        tournament.run(**{**given, **change})


@pytest.mark.parametrize(("change", "message"), [
    ({"rules": "standard"}, r"^rules must be a loaded ruleset \(see load_rules\), not str: 'standard'$"),
    ({"names": None}, r"^names must be a list of bot names \(str\), not None$"),
    ({"seat_names": None}, r"^seat_names must be a list of player names \(str\), not None$"),
    ({"seat_names": ["a", 2, "c"]}, r"^seat_names\[1\] must be a player name \(str\), not int: 2$"),
    ({"seed": "7"}, r"^seed must be an integer seed \(int\), not str: '7'$"),
    ({"seed": None}, r"^seed must be an integer seed \(int\), not None: None$"),
])
def test_simulate_names_its_bad_argument_as_a_tournament_does(change: dict[str, Any], message: str) -> None:
    """``core.simulation.simulate`` (api.md: the records of ``simulate``) failed inside on a bad
    argument: ``seat_names=None`` "'NoneType' object is not iterable", a seed given as text "can only
    concatenate str (not "int") to str"; its arguments are checked as ``tournament.run``'s are."""
    from boomerang_rules.core import simulation

    given: dict[str, Any] = {"rules": br.load_rules(), "names": ["random"] * 3, "seat_names": ["a", "b", "c"],
                             "seed": 0, "games": 1, "lines": True}
    with pytest.raises((TypeError, ValueError), match=message):
        list(simulation.simulate(**{**given, **change}))


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_player_count_out_of_range_is_a_problem_of_the_whole_input(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    for players in (rules.players.min - 1, rules.players.max + 1):
        with pytest.raises(br.InvalidInput) as info:
            br.new_game(rules, players, seed=1)
        assert [(p.pointer, p.file, str(p)) for p in info.value.problems] == [
            ("", None, f"{rules_id!r} is for {rules.players.min} to {rules.players.max} players, not {players} "
                       "[players-count]")]


# --- the cases that once raised raw errors, and every game's refusals -------------------------

RULES = br.load_rules()
STATE = br.new_game(RULES, 4, 1)
api: Any = br  # called with wrong types on purpose

TYPE_ERRORS: list[tuple[str, Any, str]] = [
    ("new_game None", lambda: api.new_game(None, 4, 1), "ruleset"),
    ("new_game dict", lambda: api.new_game({}, 4, 1), "ruleset"),
    ("new_game seed", lambda: api.new_game(RULES, 4, "1"), "seed"),
    ("deals int", lambda: api.new_game(RULES, 2, deals=5), "deals"),
    ("deals [5]", lambda: api.new_game(RULES, 2, deals=[5]), "deals[0]"),
    ("deals [[5]]", lambda: api.new_game(RULES, 2, deals=[[5, 6]]), "deals[0][0]"),
    ("deals card", lambda: api.new_game(RULES, 2, deals=[[[5], [6]]]), "deals[0][0][0]"),
    ("deals str hand", lambda: api.new_game(RULES, 2, deals=[["ABCDEFG", "HIJKLMN"]]), "deals[0][0]"),
    ("deals dict", lambda: api.new_game(RULES, 2, deals={"a": 1}), "deals"),
    ("score activity", lambda: api.score_round(RULES, list("EAVWXJB"), activity=["x"]), "activity"),
    ("score rules", lambda: api.score_round(None, list("EAVWXJB")), "rules"),
    ("score cards", lambda: api.score_round(RULES, None), "cards"),
    ("load None", lambda: api.load_rules(None), "name_or_path"),
    ("load int", lambda: api.load_rules(5), "name_or_path"),
    ("apply None", lambda: api.apply(None, 0, "A"), "game state"),
    ("view dict", lambda: api.view({}, 0), "game state"),
    ("record_of string", lambda: api.record_of(STATE, "abcd"), "names"),
    ("record_of ints", lambda: api.record_of(STATE, [1, 2, 3, 4]), "names[0]"),
    ("record_of int", lambda: api.record_of(STATE, 5), "names"),
    ("state_of rules dict", lambda: api.state_of(api.record_of(STATE), {}), "rules"),
    ("rules_data None", lambda: api.rules_data(None), "rules"),
    ("rules_data dict", lambda: api.rules_data({}), "rules"),
]


@pytest.mark.parametrize(("call", "names"), [(c[1], c[2]) for c in TYPE_ERRORS], ids=[c[0] for c in TYPE_ERRORS])
def test_wrong_types_are_type_errors_naming_the_parameter(call: Any, names: str) -> None:
    with pytest.raises(TypeError) as info:
        call()
    assert names in str(info.value)


VALUE_ERRORS: list[tuple[str, Any]] = [
    ("players out of range", lambda: api.new_game(RULES, 9, 1)),
    ("no seed, no deals", lambda: importlib.import_module("boomerang_rules.australia").new_game(RULES, 2, deals=None)),
    ("seat huge", lambda: api.apply(STATE, 10**5000, "A")),
    ("view seat huge", lambda: api.view(STATE, 10**5000)),
    ("action list", lambda: api.apply(STATE, 0, ["A"])),
    ("names surrogate", lambda: api.record_of(STATE, ["\ud800", "b", "c", "d"])),
    ("names too long", lambda: api.record_of(STATE, ["x" * 201, "b", "c", "d"])),
    ("names count", lambda: api.record_of(STATE, ["a", "b"])),
    ("score unknown", lambda: api.score_round(RULES, [[1]] * 7)),
    ("score one string", lambda: api.score_round(RULES, "EAVWXJB")),
]


@pytest.mark.parametrize("call", [c[1] for c in VALUE_ERRORS], ids=[c[0] for c in VALUE_ERRORS])
def test_wrong_values_are_the_librarys_value_errors(call: Any) -> None:
    with pytest.raises(br.BoomerangError) as info:
        call()
    assert isinstance(info.value, ValueError) and len(str(info.value)) < 2000


def test_new_game_takes_a_ruleset_id_as_load_rules_does() -> None:
    assert br.new_game("direction", 3, 7) == br.new_game(br.load_rules("direction"), 3, 7)


@given(st.sampled_from([lambda s: br.apply(STATE, 0, s), lambda s: br.score_round(RULES, [s] * 7),
                        lambda s: br.score_round(RULES, list("EAVWXJB"), s), lambda s: br.apply(STATE, s, "A")]),
       st.integers(10_000, 1_000_000))
def test_an_oversized_argument_is_not_copied_into_the_message(call: Any, size: int) -> None:
    with pytest.raises(br.BoomerangError) as info:
        call("Q" * size)
    assert len(str(info.value)) < 2000  # seven cards of 10 MB once gave a 70 MB message


GAME_IDS = sorted({br.load_rules(i).game: i for i in br.shipped_ids()}.values())


@pytest.mark.parametrize("rules_id", GAME_IDS)
def test_every_game_s_api_refuses_with_the_library_s_errors(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    n = rules.players.min
    state = br.new_game(rules_id, n, 1)  # an id, as load_rules takes
    seat = br.to_act(state)[0]
    from boomerang_rules.core.games import game_module

    engine = game_module(rules.game)  # its new_game refuses a missing seed (br.new_game draws one: issue 16)
    calls: list[Any] = [lambda: api.new_game(rules, 99, 1), lambda: engine.new_game(rules, n),
                 lambda: api.apply(state, 10**5000, "x"), lambda: api.view(state, 10**5000),
                 lambda: api.apply(state, seat, "Q" * 100_000), lambda: api.record_of(state, ["\ud800"] * n),
                 lambda: api.record_of(state, ["a"] * (n + 1))]
    for call in calls:
        with pytest.raises(br.BoomerangError) as info:
            call()
        assert isinstance(info.value, ValueError) and len(str(info.value)) < 2000
    for call in (lambda: api.record_of(state, "abcd"), lambda: api.record_of(state, list(range(n))),
                 lambda: api.state_of(br.record_of(state), {}), lambda: api.new_game(rules, n, "1")):
        with pytest.raises(TypeError):
            call()


@pytest.mark.parametrize(("game", "name"), [("australia", "Boomerang: Australia"), ("seasaltpaper", "Sea Salt & Paper"),
                                            ("boomerang2010", "Boomerang (2010)")])
@pytest.mark.parametrize("function", ["to_act", "is_over", "step", "legal_actions", "apply"])
@pytest.mark.parametrize("junk", ["x", 3, ("ctx", 0)])
def test_each_engine_names_the_kind_and_value_given_for_a_state(game: str, name: str, function: str,
                                                               junk: Any) -> None:
    """A game engine's entry points refuse what is not one of its states, saying what was given
    (the test above reads the parameter's name only): on the plain path and the compiled one."""
    engine = importlib.import_module(f"boomerang_rules.{game}.engine")
    args = {"to_act": (), "is_over": (), "step": ([],), "legal_actions": (0,), "apply": (0, "x")}[function]
    with pytest.raises(TypeError) as info:
        getattr(engine, function)(junk, *args)
    assert str(info.value) == (f"state must be a {name} GameState (see new_game), not {type(junk).__name__}: "
                               f"{junk!r}")


PACKAGES = {"australia": ("Boomerang: Australia", "standard"), "seasaltpaper": ("Sea Salt & Paper", "sea-salt-paper"),
            "boomerang2010": ("Boomerang (2010)", "boomerang-2010")}


@pytest.mark.parametrize("game", sorted(PACKAGES))
@pytest.mark.parametrize("function", ["num_actions", "action_id", "action_of"])
def test_each_game_s_action_numbering_names_what_it_takes_for_rules_alike(game: str, function: str) -> None:
    """A game package's integer-action functions refuse what is not its ruleset in one sentence in
    every game, another game's ruleset included (Sea Salt & Paper's said ``a ... ruleset``, no more)."""
    name, own = PACKAGES[game]
    package = importlib.import_module(f"boomerang_rules.{game}")
    other = br.load_rules("boomerang-2010" if own == "standard" else "standard")
    for wrong in (None, own, other):
        args = (wrong,) if function == "num_actions" else (wrong, 0)
        with pytest.raises(TypeError) as refused:
            getattr(package, function)(*args)
        named = {None: "None", own: "str"}.get(wrong, f"Ruleset of {other.game!r}")
        assert str(refused.value).startswith(f"rules must be a {name} Ruleset (see load_rules), not {named}: ")


@pytest.mark.parametrize("game", sorted(PACKAGES))
@pytest.mark.parametrize("function", ["check_record", "state_of"])
def test_each_game_s_record_replay_takes_its_rules_argument_alike(game: str, function: str) -> None:
    """A game package's ``check_record`` and ``state_of`` take the same ``rules`` in every game: None,
    a loaded ruleset or an id to load; another game's (loaded or by id) is a problem at ``/rules``;
    what is no ruleset a ``TypeError`` naming ``rules``. (Boomerang: Australia raised a ``TypeError``
    for another game's ruleset, Sea Salt & Paper took its own id for another game's, Boomerang (2010)
    refused any id.)"""
    name, own = PACKAGES[game]
    package = importlib.import_module(f"boomerang_rules.{game}")
    record = br.record_of(br.new_game(br.load_rules(own), 3, seed=6))
    other_id = "boomerang-2010" if own == "standard" else "standard"
    other = br.load_rules(other_id)
    check, replay = package.check_record, getattr(package, function)
    assert check(record, own) == check(record, br.load_rules(own)) == check(record)
    expected = [("/rules", f"replayed under a ruleset for {other.game!r}, but the record is a {package.GAME!r} game",
                 "rules-game")]
    for wrong in (other, other_id):
        if function == "check_record":
            checked = replay(record, wrong)
            assert checked.state is None and [(p.pointer, p.message, p.rule) for p in checked.problems] == expected
        else:
            with pytest.raises(br.InvalidInput) as refused:
                replay(record, wrong)
            assert [(p.pointer, p.message, p.rule) for p in refused.value.problems] == expected
    for junk, shown in ((5, "int: 5"), ({}, "dict: {}"), (b"x", "bytes: b'x'")):
        with pytest.raises(TypeError) as wrong_type:
            replay(record, junk)
        assert str(wrong_type.value) == f"rules must be a {name} Ruleset, a ruleset id or path, or None, not {shown}"
    for game_named in ("chess", package.GAME):  # what names a game but is no ruleset of one: no ruleset at all
        with pytest.raises(TypeError, match=rf"^rules must be a {re.escape(name)} Ruleset, a ruleset id or path, "
                                            r"or None, not SimpleNamespace"):
            replay(record, types.SimpleNamespace(game=game_named))



@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_another_game_s_ruleset_is_named_with_its_game_in_every_game(game: str) -> None:
    """Every game's ruleset class is called ``Ruleset``: ``seasaltpaper.num_actions(standard)`` said
    "rules must be a Sea Salt & Paper Ruleset (see load_rules), not Ruleset: Ruleset(format=...", the
    other game left unnamed. The ruleset's game is named now, by every game's refusal alike."""
    package = importlib.import_module(f"boomerang_rules.{game}")
    own = br.load_rules(PACKAGES[game][1])
    for other in {br.load_rules(rules) for _, rules in PACKAGES.values()} - {own}:
        with pytest.raises(TypeError, match=f" Ruleset \\(see load_rules\\), not Ruleset of {other.game!r}: "):
            package.num_actions(other)
        with pytest.raises(TypeError, match=f", not Ruleset of {other.game!r}: "):
            package.new_game(other, 3, 1)



@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_a_seed_no_record_could_hold_is_refused_naming_seed(game: str) -> None:
    """``new_game(rules, 3, 10**5000)`` played, and ``record_of`` then made a record its own
    ``validate_record`` refused (``/seed``: "a number of more than 4300 digits") and ``json.dumps``
    could not write; ``--seed`` refused such a number. Every game refuses it now, naming ``seed``;
    the longest seed Python writes still plays and its record reads back."""
    import json
    import sys

    rules = PACKAGES[game][1]
    digits = sys.get_int_max_str_digits()
    for seed in (10**digits, -(10**digits), 10**5000):
        with pytest.raises(ValueError, match=f"^seed must have at most {digits} digits "):
            br.new_game(rules, 3, seed)
    longest = 10**digits - 1
    record = br.record_of(br.new_game(rules, 3, longest))
    assert br.validate_record(json.loads(json.dumps(record))) == [] and record["seed"] == longest


def test_a_seed_refused_for_its_length_says_how_many_digits_it_has() -> None:
    """The refusal counted the limit in digits and the seed in bits ("at most 4300 digits ..., not
    14285 bits" for a seed of 4,301 digits): it says the seed's digits, the unit of the limit."""
    import sys

    digits = sys.get_int_max_str_digits()
    for seed, length in ((10**digits, digits + 1), (-(10**digits) - 7, digits + 1), (10**5000 - 1, 5000),
                         (2**20000, 6021), (10**9999, 10000)):
        with pytest.raises(ValueError) as refused:
            br.new_game("standard", 3, seed)
        assert str(refused.value).endswith(f", not {length} digits"), (length, str(refused.value))


@pytest.mark.parametrize(("value", "options", "shown"), [
    ({"a": [None, True, 1.5]}, {}, '{"a": [null, true, 1.5]}'),
    ("é", {}, '"é"'),  # printable text kept
    ("é\ud800", {}, '"é\\ud800"'),  # a lone surrogate, no UTF-8 holds: as its JSON escape
    ("\u202e", {"ascii_only": True}, '"\\u202e"'),  # a bidirectional control: escaped for a terminal
    ("\u202e", {}, '"\\u202e"'),  # a document's value too: every message quoting it goes to a terminal
    ({"\u2066k\u2028": "\x85"}, {}, '{"\\u2066k\\u2028": "\\u0085"}'),  # in a key; a line separator, a C1 control
    ("é\u200f", {}, '"é\\u200f"'),  # the rest kept as it is
    ("é", {"ascii_only": True}, '"\\u00e9"'),  # a program's answer: every character past ASCII, as JSON escapes it
    ({"é": 1}, {"ascii_only": True}, '{"\\u00e9": 1}'),
    (["v" * 70], {}, '["' + "v" * 57 + "…"),  # 60 characters
    (["v" * 70], {"limit": None}, '["' + "v" * 70 + '"]'),  # the library's own values: whole
    (10 ** 60, {"limit": None}, "100000000000000000...0000000000000000000"),  # cut as brief cuts it
    ({1, 2}, {}, "{1, 2}"),  # no JSON value: as Python shows it
])
def test_json_brief_shows_values_as_json_writes_them(value: object, options: dict[str, Any], shown: str) -> None:
    from boomerang_rules.core.arguments import json_brief

    assert json_brief(value, **options) == shown


def test_a_type_asked_for_is_named_with_its_article() -> None:
    """What a message asks for (``core.determinize``'s view fields): "an int", "True or False"; a class
    of a vowel "an" (the determinization's own table said "a" of any class it did not list)."""
    from boomerang_rules.core.arguments import asked_kind

    class Offer:
        pass

    assert [asked_kind(t) for t in (int, str, tuple, bool, type(None), frozenset, Offer)] == [
        "an int", "a str", "a tuple", "True or False", "None", "a frozenset", "an Offer"]


@pytest.mark.parametrize(("value", "number"), [
    (3, 3.0), (2.5, 2.5), (10**400, float("inf")), (-(10**400), float("-inf")),  # past a float's range: its sign kept
    (float("inf"), float("inf")),
])
def test_a_real_number_is_read_as_a_float_a_huge_int_as_an_infinity(value: object, number: float) -> None:
    """``real`` is the one reading of "a number" behind ``duration``, ``ismcts``'s budgets and
    ``check-scorer``'s timeout: ``float(10**400)`` raised an ``OverflowError`` each had caught alone."""
    from fractions import Fraction

    from boomerang_rules.core.arguments import real

    assert real(value, "x", "a number") == number
    assert real(Fraction(1, 2), "x", "a number") == 0.5  # any real number (numpy's are registered so too)
    assert real(float("nan"), "x", "a number") != real(float("nan"), "x", "a number")  # NaN kept for the caller


@pytest.mark.parametrize("value", [True, "1", None, 1j])
def test_a_real_number_refuses_a_bool_a_string_or_a_complex_naming_the_parameter(value: object) -> None:
    from boomerang_rules.core.arguments import real

    with pytest.raises(TypeError, match=r"^timeout must be a number of seconds, not "):
        real(value, "timeout", "a number of seconds")
