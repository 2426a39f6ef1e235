"""boomerang-rules: the rules of three card games, Boomerang: Australia, Sea Salt & Paper and
Boomerang (2010), as data and pure functions: a referee, a simulator and a scorer for each.

```pycon
>>> import boomerang_rules as br
>>> rules = br.load_rules()                     # the standard ruleset
>>> s = br.new_game(rules, players=3, seed=7)
>>> br.to_act(s)
(0, 1, 2)
>>> s = br.apply(s, 0, br.legal_actions(s, 0)[0])
>>> br.to_act(s)
(1, 2)
>>> isinstance(s, br.State) and isinstance(br.view(s, 1), br.View) and isinstance(rules, br.Rules)
True

```

States are immutable; ``apply`` returns a new one or raises ``IllegalAction``. The game functions
work on every game's states, rulesets and records; ``State``, ``View``, ``Sheet`` and ``Rules``
name what every game's classes share. ``GameState``, ``SeatView``, ``ScoreSheet``, ``Ruleset``,
``Card``, ``score_round``... are Boomerang: Australia's own (each game package has its own).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .core.games import DETERMINIZE, DISPATCH, GAMES, RULES_DISPATCH, game_module, records_module, unknown_game

if TYPE_CHECKING:
    from .australia.rules import Card, Region, Ruleset
    from .australia.scoring import RoundScore, score_round
    from .australia.sheets import ROWS, ScoreSheet
    from .australia.state import GameState
    from .australia.tables import NO_ACTIVITY
    from .australia.view import PastRound, SeatView
    from .core.contract import Rules, Sheet, State, View
    from .core.errors import BoomerangError, IllegalAction, InvalidInput, Problem, RulesError
    from .core.loading import RulesInfo, list_rules, load_rules, rules_data, shipped_ids

# Names are imported on first use (PEP 562), so that ``import boomerang_rules`` and the
# command line start fast: a program that only validates never loads the engine, and one
# that only plays never loads jsonschema. The game-neutral types (``State``, ``View``, ``Sheet``,
# ``Rules``) are every game's; Boomerang: Australia's own names (``GameState``, ``SeatView``,
# ``ScoreSheet``, ``Ruleset``, ``Card``, ``score_round``...) stay here as they always were.
_LAZY: dict[str, str] = {
    "BoomerangError": ".core.errors",
    "Card": ".australia.rules",
    "GameState": ".australia.state",
    "IllegalAction": ".core.errors",
    "InvalidInput": ".core.errors",
    "NO_ACTIVITY": ".australia.tables",
    "PastRound": ".australia.view",
    "Problem": ".core.errors",
    "ROWS": ".australia.sheets",
    "Region": ".australia.rules",
    "RoundScore": ".australia.scoring",
    "RulesError": ".core.errors",
    "Rules": ".core.contract",
    "RulesInfo": ".core.loading",
    "Ruleset": ".australia.rules",
    "ScoreSheet": ".australia.sheets",
    "SeatView": ".australia.view",
    "Sheet": ".core.contract",
    "State": ".core.contract",
    "View": ".core.contract",
    "list_rules": ".core.loading",
    "load_rules": ".core.loading",
    "rules_data": ".core.loading",
    "score_round": ".australia.scoring",
    "shipped_ids": ".core.loading",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'boomerang_rules' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


# The game functions below work on any game's states, rulesets and records. A state's game is
# its class: each game package, on import, enters its functions in ``DISPATCH`` and sets them on
# its state classes as methods (``core.games.METHOD``), so that ``br.apply`` is one method call
# (a lookup the interpreter caches) and costs little more than the game's own. A state whose
# game is not imported yet, or no state at all, takes ``_missing``.
_TO_ACT = DISPATCH["to_act"]
_LEGAL = DISPATCH["legal_actions"]
_APPLY = DISPATCH["apply"]
_IS_OVER = DISPATCH["is_over"]
_WINNERS = DISPATCH["winners"]
_SHEETS = DISPATCH["score_sheets"]
_VIEW = DISPATCH["view"]
_RECORD_OF = DISPATCH["record_of"]
_STEP = DISPATCH["step"]
_LEGAL_MASK = DISPATCH["legal_mask"]


def _missing(table: dict[type, Any], state: object) -> Any:
    """The function for a state class not yet in ``table``: import its game's package, or refuse."""
    cls = state.__class__
    for game, package in GAMES.items():
        if cls.__module__.startswith(package + "."):
            game_module(game)
            if cls in table:
                return table[cls]
    from .core.arguments import brief, kind

    raise TypeError(f"state must be a game state (see new_game), not {kind(state)}: {brief(state)} (not a game state)")


def determinize(seen: Any, rng: Any) -> Any:
    """A full state of ``seen``'s game consistent with that seat's view, what it cannot see drawn
    uniformly from ``rng`` (an integer seed, or a ``random.Random``: one draw); see the game's own."""
    cls = seen.__class__
    if cls not in DETERMINIZE:
        for game, package in GAMES.items():
            if cls.__module__.startswith(package + "."):
                game_module(game)
    function = next((DETERMINIZE[c] for c in cls.__mro__ if c in DETERMINIZE), None)  # a subclass: a lazy view
    if function is None:
        from .core.arguments import brief, kind

        raise TypeError(f"seen must be a seat's view (see view), not {kind(seen)}: {brief(seen)}")
    return function(seen, rng)


def new_game(rules: Any, players: int, seed: int | None = None, **options: Any) -> Any:
    """A new game of ``rules``'s game for ``players`` seats, dealt from ``seed`` (see the game's own).

    ``rules`` is a loaded ruleset, or what ``load_rules`` takes: a shipped id or a file's path.
    Without a seed (and without the chance outcomes a record gives, in ``options``) the game
    is dealt from a seed drawn from the system's entropy (``secrets``, 64 bits: a smaller one
    could be searched for the deal that gives a known hand); the state keeps it, and so does
    its record, so the game can be replayed. Options that give no outcome (each its default, or
    None) are none: where the game's own ``new_game`` refuses for want of a seed (``deal-source``),
    a seed is drawn as without them.
    """
    from .core.loading import LOADED_RULESET, loaded, require_ruleset

    rules = require_ruleset(loaded(rules), f"{LOADED_RULESET}, a shipped id or a path", _UNKNOWN_GAME)
    game = rules.game
    module = game_module(game)
    if seed is None and options:  # the game says whether they give its outcomes: it refuses only for want of a seed
        from .core.errors import InvalidInput

        try:
            return module.new_game(rules, players, None, **options)
        except InvalidInput as refused:
            if [p.rule for p in refused.problems] != ["deal-source"]:
                raise
    if seed is None:
        import secrets

        seed = secrets.randbits(64)
    return module.new_game(rules, players, seed, **options)


# The functions below call the method on the state's class (``type(state)._br_to_act(state)``), not
# on the state: a class given for a state then has no such method (``type``'s) and is refused as no
# game state, where ``state._br_to_act()`` called its function unbound; and CPython 3.11's specialized
# call of a method descriptor, warmed by states, read past the stack when that unbound call came
# (PRECALL_METHOD_DESCRIPTOR_FAST_WITH_KEYWORDS takes the slot above the callable for its self: a
# segmentation fault, found by a red-team pass).


def to_act(state: Any) -> tuple[int, ...]:
    """The seats that owe a decision now, ascending; ``()`` when the game is over, or when a game
    ``state_of`` replayed reaches a round its record does not deal (not over: it waits there)."""
    try:
        return type(state)._br_to_act(state)  # type: ignore[no-any-return]
    except AttributeError:
        if hasattr(state.__class__, "_br_to_act"):
            raise  # from inside the game's function
    return _missing(_TO_ACT, state)(state)  # type: ignore[no-any-return]


def legal_actions(state: Any, seat: int) -> tuple[str, ...]:
    """What ``seat`` may do now, as action strings; ``()`` when it owes nothing."""
    try:
        return type(state)._br_legal_actions(state, seat)  # type: ignore[no-any-return]
    except AttributeError:
        if hasattr(state.__class__, "_br_legal_actions"):
            raise  # from inside the game's function
    return _missing(_LEGAL, state)(state, seat)  # type: ignore[no-any-return]


def apply(state: Any, seat: int, action: str | int) -> Any:
    """The state after ``seat`` takes ``action``; ``IllegalAction`` saying why if it may not."""
    try:
        return type(state)._br_apply(state, seat, action)
    except AttributeError:
        if hasattr(state.__class__, "_br_apply"):
            raise  # from inside the game's function
    return _missing(_APPLY, state)(state, seat, action)


def step(state: Any, actions: Sequence[Any]) -> Any:
    """The state after one action (a string or an id) for each seat in ``to_act(state)``, in that
    order; ``IllegalAction`` naming the first illegal one, and nothing applied."""
    try:
        return type(state)._br_step(state, actions)
    except AttributeError:
        if hasattr(state.__class__, "_br_step"):
            raise  # from inside the game's function
    return _missing(_STEP, state)(state, actions)


def legal_mask(state: Any, seat: int) -> int:
    """The legal actions of ``seat`` as a bit mask of action ids (see ``num_actions``)."""
    try:
        return type(state)._br_legal_mask(state, seat)  # type: ignore[no-any-return]
    except AttributeError:
        if hasattr(state.__class__, "_br_legal_mask"):
            raise  # from inside the game's function
    return _missing(_LEGAL_MASK, state)(state, seat)  # type: ignore[no-any-return]


_UNKNOWN_GAME = " (not a ruleset of a known game)"
"""What the top level's refusal of a ruleset adds: it dispatches on the game, which it did not know."""


def _rules_function(name: str, rules: Any) -> Any:
    game = getattr(rules, "game", None)
    if not isinstance(game, str) or game not in GAMES:  # told here, the dispatch's hot path importing nothing
        from .core.loading import require_ruleset

        game = require_ruleset(rules, drawn=_UNKNOWN_GAME).game  # it raises: no ruleset of a known game
    game_module(game)
    return RULES_DISPATCH[name][game]


def num_actions(rules: Any) -> int:
    """How many actions the ruleset numbers (for Boomerang: Australia its cards, its activities, then none)."""
    return _rules_function("num_actions", rules)(rules)  # type: ignore[no-any-return]


def action_id(rules: Any, action: Any) -> int:
    """The number of ``action`` under ``rules``; ``ValueError`` if it is not one of its actions."""
    return _rules_function("action_id", rules)(rules, action)  # type: ignore[no-any-return]


def action_of(rules: Any, i: int) -> str:
    """The action numbered ``i`` under ``rules``; ``ValueError`` if no action is."""
    return _rules_function("action_of", rules)(rules, i)  # type: ignore[no-any-return]


def is_over(state: Any) -> bool:
    """Whether the game has ended."""
    try:
        return type(state)._br_is_over(state)  # type: ignore[no-any-return]
    except AttributeError:
        if hasattr(state.__class__, "_br_is_over"):
            raise  # from inside the game's function
    return _missing(_IS_OVER, state)(state)  # type: ignore[no-any-return]


def winners(state: Any) -> tuple[int, ...]:
    """The winning seats (several for a shared win); ``()`` before the end."""
    try:
        return type(state)._br_winners(state)  # type: ignore[no-any-return]
    except AttributeError:
        if hasattr(state.__class__, "_br_winners"):
            raise  # from inside the game's function
    return _missing(_WINNERS, state)(state)  # type: ignore[no-any-return]


def score_sheets(state: Any) -> tuple[Any, ...]:
    """Every seat's score sheet so far, in seat order."""
    try:
        return type(state)._br_score_sheets(state)  # type: ignore[no-any-return]
    except AttributeError:
        if hasattr(state.__class__, "_br_score_sheets"):
            raise  # from inside the game's function
    return _missing(_SHEETS, state)(state)  # type: ignore[no-any-return]


def view(state: Any, seat: int) -> Any:
    """All that ``seat`` may know now, and nothing more."""
    try:
        return type(state)._br_view(state, seat)
    except AttributeError:
        if hasattr(state.__class__, "_br_view"):
            raise  # from inside the game's function
    return _missing(_VIEW, state)(state, seat)


def record_of(state: Any, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The game record of the game so far (with its ``result`` once over)."""
    try:
        f = _RECORD_OF[state.__class__]
    except KeyError:
        f = _missing(_RECORD_OF, state)
    return f(state, names)  # type: ignore[no-any-return]


def _rules_argument(rules: Any) -> Any:
    """``rules`` for replaying a record: None, a loaded ruleset, or what ``load_rules`` takes."""
    if rules is None:
        return None
    from .core.loading import ruleset_argument

    return ruleset_argument(rules, what="a loaded ruleset, a ruleset id or path, or None")


def _record_game(record: Any, rules: Any = None) -> Any:
    """The package that checks ``record``: its ``game``'s, else that of the ``rules`` given (a record
    that names no game is then checked, and refused, as one of theirs)."""
    game = record.get("game") if isinstance(record, dict) else None
    if not (isinstance(game, str) and game in GAMES) and rules is not None:
        game = rules.game
    return records_module(game if isinstance(game, str) else "")


def _not_a_game_record(record: Any) -> list[Problem]:
    """The one problem of a document that is no record of a game here: a ruleset or variant given as a
    record (``core.records.not_a_record``), or a record of no game of ``GAMES`` (``unknown_game``);
    ``[]`` otherwise, for its game's checks to judge. Each entry point below asks it first."""
    from .core.records import not_a_record

    return not_a_record(record) or unknown_game(record)


def validate_record(record: Any, file: str | os.PathLike[str] | None = None) -> list[Problem]:
    """Every problem of a parsed game record of any game (by its ``game``); ``[]`` when valid, each
    in ``file`` (a name or a path: ``core.records.located``)."""
    from .core.jsonio import json_problems, vouched_fit
    from .core.records import located

    located((), file)  # a file of the wrong type refused before any check, valid record or not
    unreadable = json_problems(record)  # not text, too deep: for every game, before its own checks
    if unreadable:
        return located(unreadable, file)
    unknown: list[Problem] = _not_a_game_record(record)
    if unknown:
        return located(unknown, file)
    with vouched_fit(record):  # its game's check need not encode it again
        problems: list[Problem] = _record_game(record).validate_record(record, file)
    return problems


def _rules_for_record(record: Any, rules: Any) -> Any:
    """``_rules_argument``, refused (``InvalidInput`` at ``/game``) when it is another game's than the record's:
    replaying a record under another game's rules cannot mean anything."""
    rules = _rules_argument(rules)
    game = record.get("game") if isinstance(record, dict) else None
    if rules is not None and isinstance(game, str) and game in GAMES and rules.game != game:
        from .core.errors import InvalidInput, Problem

        raise InvalidInput([Problem("/game", f"the record is of {game!r}, the rules given are of {rules.game!r}",
                                    "game")])
    return rules


def check_record(record: Any, rules: Any = None) -> Any:
    """``validate_record`` with the state reached: a ``Checked`` (``state``, ``problems``).

    ``InvalidInput`` when ``rules`` are another game's than the record's."""
    import attrs

    rules = _rules_for_record(record, rules)
    checked = _record_game(record, rules).check_record(record, rules)
    unknown = _not_a_game_record(record)
    return attrs.evolve(checked, state=None, problems=tuple(unknown)) if unknown else checked


def state_of(record: Any, rules: Any = None) -> Any:
    """The state a valid record of any game ends in; ``InvalidInput`` listing the problems otherwise."""
    from .core.errors import InvalidInput
    from .core.jsonio import json_problems

    unreadable = json_problems(record)
    if unreadable:
        raise InvalidInput(unreadable, "not a valid game record:")
    unknown = _not_a_game_record(record)
    if unknown:
        raise InvalidInput(unknown, "not a valid game record:")
    rules = _rules_for_record(record, rules)
    return _record_game(record, rules).state_of(record, rules)


PLAIN_DISPATCH: dict[str, Any] = {}
"""The Python functions the compiled dispatch stands in for, by name (the reference, which tests compare it
with); empty where the Python functions serve."""


def _compiled_dispatch() -> None:
    """Put the compiled dispatch (``core/_dispatch.c``) in place of the method-calling functions above.

    Each of them is one method call of the state's (``type(state)._br_step(state, actions)``) in a Python frame
    that cost almost as much as a compiled game's ``to_act`` itself, and a game of turns calls four
    of them a decision. Each is made a builtin function that makes that call with no frame of its
    own, answers a state of no game through the same ``_missing``, and hands any other call (keywords,
    the wrong number of arguments) to the Python function, which stays the reference. The builtin has
    the function's name, docstring and parameter names. Not where ``_dispatch`` is not built, nor with
    ``BOOMERANG_RULES_PURE`` set (the Python functions then serve)."""
    if os.environ.get("BOOMERANG_RULES_PURE"):
        return
    try:
        from .core import _dispatch
    except ImportError:  # not built (no compiler at install): the Python functions serve
        return
    import inspect
    import sys

    from .core.games import METHOD

    def missing(table: dict[type, Any]) -> Any:
        return lambda state, *args: _missing(table, state)(state, *args)

    here = globals()
    module = sys.modules[__name__]
    for name in ("to_act", "legal_actions", "apply", "step", "legal_mask", "is_over", "winners", "score_sheets",
                 "view"):
        plain = PLAIN_DISPATCH[name] = here[name]
        parameters = list(inspect.signature(plain).parameters)
        doc = f"{name}({', '.join(parameters)})\n--\n\n{inspect.getdoc(plain)}"
        here[name] = _dispatch.function(METHOD.format(name), plain, missing(DISPATCH[name]), len(parameters), module,
                                        name, doc)


_compiled_dispatch()


__version__ = "0.1.0"

__all__ = [
    "NO_ACTIVITY",
    "ROWS",
    "BoomerangError",
    "Card",
    "GameState",
    "IllegalAction",
    "InvalidInput",
    "PastRound",
    "Problem",
    "Region",
    "RoundScore",
    "Rules",
    "RulesError",
    "RulesInfo",
    "Ruleset",
    "ScoreSheet",
    "SeatView",
    "Sheet",
    "State",
    "View",
    "action_id",
    "action_of",
    "apply",
    "check_record",
    "determinize",
    "is_over",
    "legal_actions",
    "legal_mask",
    "list_rules",
    "load_rules",
    "new_game",
    "num_actions",
    "record_of",
    "rules_data",
    "score_round",
    "score_sheets",
    "shipped_ids",
    "state_of",
    "step",
    "to_act",
    "validate_record",
    "view",
    "winners",
]
