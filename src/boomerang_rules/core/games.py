"""The games this library knows: a registry from game name to game package, and what a package gives.

A game is a package beside ``core`` (one entry of ``GAMES`` below) with its data files
(``variants/*.json`` whose ``game`` names it, a ruleset schema in ``schemas/``). Adding one is
an entry in ``GAMES`` and a package whose ``__init__`` exposes what ``GameModule`` names; core
itself never branches on a game's name.

The top-level functions of ``boomerang_rules`` dispatch on the state's class (one dict lookup:
``DISPATCH``, filled by each game package when it is imported, which any of its states implies),
on the ruleset's or the record's ``game``.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping, Sequence
from types import FunctionType
from typing import Any, Protocol


class RulesModule(Protocol):
    """What core loading needs from a game's ruleset module (``<package>.rules``)."""

    SCHEMA: str
    """The name of the ruleset schema in ``schemas/`` (``NAME.schema.json``)."""
    DEFAULT_RULES: str
    """The id of the shipped ruleset that the game's own name loads (``load_rules(GAME)``)."""
    ONE_SEAT: bool
    """Whether one seat acts at a time (the batch API then takes one action per game, not per seat)."""

    def check(self, data: dict[str, Any]) -> list[Any]: ...

    def build(self, data: dict[str, Any]) -> Any: ...

    def to_data(self, rules: Any) -> dict[str, Any]: ...


class GameModule(RulesModule, Protocol):
    """What every game package exposes at its top level (its ``__init__``).

    The names mean for each game what they mean in ``boomerang_rules`` (see ``docs/api.md``):
    states are immutable, ``apply`` returns a new one or raises ``IllegalAction``.
    """

    GAME: str
    """The game's name, as rulesets and records spell it in their ``game`` field."""
    STATE_TYPES: tuple[type, ...]
    """The classes of the game's states, for the top-level dispatch."""
    BOTS: Mapping[str, Callable[[Any, int], Any]]
    """Bot name -> class taking ``(rules, seed)``; each has ``name`` and ``choose(view, actions)``."""
    ROWS: tuple[str, ...]
    """The rows of the game's score sheets (``sheet.row_total(row)``), ``"total"`` among them."""

    def load_rules(self, name_or_path: Any = ...) -> Any: ...

    def new_game(self, rules: Any, players: int, seed: int | None = None) -> Any: ...

    def to_act(self, state: Any) -> tuple[int, ...]: ...

    def legal_actions(self, state: Any, seat: int) -> tuple[str, ...]: ...

    def apply(self, state: Any, seat: int, action: str | int) -> Any: ...

    def num_actions(self, rules: Any) -> int: ...

    def action_id(self, rules: Any, action: Any) -> int: ...

    def action_of(self, rules: Any, i: int) -> str: ...

    def legal_mask(self, state: Any, seat: int) -> int: ...

    def is_over(self, state: Any) -> bool: ...

    def winners(self, state: Any) -> tuple[int, ...]: ...

    def score_sheets(self, state: Any) -> tuple[Any, ...]: ...

    def view(self, state: Any, seat: int) -> Any: ...

    def determinize(self, seen: Any, rng: Any) -> Any:
        """A full state consistent with the view ``seen``, the rest drawn uniformly (``rng``: a seed
        or a ``random.Random``); ``view(determinize(seen, rng), seen.seat) == seen``."""

    def record_of(self, state: Any, names: Sequence[str] | None = None) -> dict[str, Any]: ...

    def state_of(self, record: Any, rules: Any = None) -> Any: ...

    def validate_record(self, record: Any, file: str | os.PathLike[str] | None = None) -> list[Any]: ...

    def check_record(self, record: Any, rules: Any = None) -> Any: ...

    def play_game(self, rules: Any, bots: Sequence[Any], seed: int) -> Any: ...


class GameCLI(Protocol):
    """What a game's ``<package>.cli`` module gives the commands whose output is the game's own.

    Kept apart from the package so that playing never imports click.
    """

    def narrate(self, record: dict[str, Any], rules: Any, names: list[str], seat: int | None) -> list[str]:
        """``replay``: the story of a valid record, as ``seat`` (or everyone, None) saw it."""

    def round_summary(self, record: dict[str, Any], r: int, seat: int) -> str:
        """``check-scorer``: one seat's cards and choices in round ``r``, in a line."""

    def score(self, rules: Any, args: tuple[str, ...], as_json: bool) -> None:
        """``score``: the arguments click did not know (card ids, the game's own ``--options``)."""

    def sheet_svg(self, state: Any, names: list[str]) -> str:
        """``sheet``: every seat's score sheet of ``state`` as one SVG document, in the layout of the
        game's own score pad."""

    def replay_html(self, record: dict[str, Any], rules: Any, names: list[str], seat: int | None = None) -> str:
        """``replay --html``: a valid record as one self-contained page (``core.page``) to step through;
        ``seat`` (``--seat``): only what that seat could see at each step, from its ``view`` (the others'
        hidden cards and choices as ``core.page.hidden_cards`` and ``FACE_DOWN``), each step told as
        ``narrate`` tells it to that seat, the score sheets once the game is over."""

    Session: Callable[[Any, int, int, int, list[str]], Any]
    """``play``: ``Session(rules, players, seat, seed, labels).run(bots)`` talks to the person at
    ``seat`` and returns the finished state."""


GAMES: dict[str, str] = {
    "boomerang-australia": "boomerang_rules.australia",
    "boomerang-2010": "boomerang_rules.boomerang2010",
    "sea-salt-paper": "boomerang_rules.seasaltpaper",
}
"""Game name -> the package that plays it."""

DISPATCH: dict[str, dict[type, Callable[..., Any]]] = {
    name: {} for name in ("to_act", "legal_actions", "apply", "is_over", "winners", "score_sheets", "view",
                          "record_of", "step", "legal_mask")
}
"""Per state function, state class -> the game's function: the top-level API's dispatch tables."""

METHOD = "_br_{}"
"""Each function of ``DISPATCH`` is also set on the game's state classes under this name
(``state._br_apply(seat, action)``): the top-level API calls it as a method, a lookup the
interpreter caches, where a dict lookup by ``state.__class__`` cost twice as much per call."""

RULES_DISPATCH: dict[str, dict[str, Callable[..., Any]]] = {
    name: {} for name in ("num_actions", "action_id", "action_of")
}
"""Per ruleset function, game name -> the game's function (integer actions)."""

DETERMINIZE: dict[type, Callable[[Any, Any], Any]] = {}
"""View class -> the game's ``determinize`` (a package's ``VIEW_TYPES`` and ``determinize``)."""


def _generic_step(module: GameModule) -> Callable[[Any, Sequence[Any]], Any]:
    """``step`` for a game that has none of its own: ``apply`` for each seat in ``to_act``."""
    from .errors import IllegalAction
    from .seats import step_refusal

    def step(state: Any, actions: Sequence[Any]) -> Any:
        seats = module.to_act(state)
        if not seats:
            raise IllegalAction("the game is over: no decisions are owed" if module.is_over(state) else
                                "no seat is to act: no decisions are owed")
        if isinstance(actions, str) or not hasattr(actions, "__len__") or len(actions) != len(seats):
            raise step_refusal(seats, actions)
        for seat, action in zip(seats, actions):
            state = module.apply(state, seat, action)
        return state

    return step


def _unnumbered(module: GameModule, name: str) -> Callable[..., Any]:
    """The integer-action functions of a game that does not number its actions: they say so."""
    def refuse(*args: Any) -> Any:
        raise TypeError(f"{module.GAME} does not number its actions ({name} is not available)")

    return refuse


def _as_method(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` as a state class's method: itself if it is a Python function (it binds the
    state as its first argument), else a function calling it."""
    if isinstance(function, FunctionType):
        return function

    def method(*args: Any) -> Any:
        return function(*args)

    return method


def register(module: GameModule) -> None:
    """Enter a game package's state classes in ``DISPATCH`` (each package calls it on import).

    ``step`` is optional: a game without its own gets one that applies each action in turn. The
    integer actions (``legal_mask``, ``num_actions``, ``action_id``, ``action_of``) are part of
    the contract (``tests/test_contract.py``); a game still without them refuses them with a
    ``TypeError`` saying so, rather than an ``AttributeError`` from inside. A package's
    ``STATE_METHODS`` (name -> a method of its state classes: compiled code, say) is set on the
    classes in place of the function of that name, for the top-level API to call.
    """
    for name, table in DISPATCH.items():
        function = getattr(module, name, None)
        if function is None:
            function = _generic_step(module) if name == "step" else _unnumbered(module, name)
        method = getattr(module, "STATE_METHODS", {}).get(name)
        for cls in module.STATE_TYPES:
            table[cls] = function
            setattr(cls, METHOD.format(name), method or _as_method(function))
    for name, by_game in RULES_DISPATCH.items():
        by_game[module.GAME] = getattr(module, name, None) or _unnumbered(module, name)
    for cls in getattr(module, "VIEW_TYPES", ()):
        DETERMINIZE[cls] = module.determinize


_loaded: dict[str, GameModule] = {}


def game_module(game: str) -> GameModule:
    """The package of ``game``; ``KeyError`` for an unknown game."""
    module = _loaded.get(game)
    if module is None:
        imported: Any = importlib.import_module(GAMES[game])
        module = _loaded[game] = imported
    return module


def rules_module(game: str) -> RulesModule:
    """The ruleset module of ``game`` (``<package>.rules``, imported alone: loading needs no engine)."""
    module: Any = importlib.import_module(GAMES[game] + ".rules")
    return module  # type: ignore[no-any-return]


RECORD_FORMAT = "boomerang-rules/game-record"
"""A game record's ``format``, in every game (``core.validation`` tells documents apart by it)."""


def unknown_game(record: Any) -> list[Any]:
    """A record whose ``game`` is no game of ``GAMES`` (text or not), or a record (by its ``format``)
    without one: one problem at ``/game`` listing the games, rather than a whole record checked (and
    refused row by row) against the first game's schema. A record of another game without its ``game``
    (or with ``"game": 5``) was 37 or 65 problems of the first game's schema; one of the first game, one."""
    from .arguments import brief, json_brief
    from .errors import Problem

    if not isinstance(record, dict):
        return []
    games = ", ".join(sorted(GAMES))
    if "game" not in record:
        if record.get("format") != RECORD_FORMAT:
            return []
        return [Problem("", f"'game' is a required property (games: {games})", "schema:required")]
    game = record["game"]
    if isinstance(game, str) and game in GAMES:
        return []
    return [Problem("/game", f"unknown game {json_brief(game) if not isinstance(game, str) else brief(game)} "
                             f"(games: {games})", "game")]


def records_module(game: str) -> GameModule:
    """The package that checks records of ``game`` (the first game's for an unknown one: its schema
    reports the unknown game)."""
    return game_module(game if isinstance(game, str) and game in GAMES else next(iter(GAMES)))
