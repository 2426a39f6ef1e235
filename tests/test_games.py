"""The multi-game layer: the registry, the top-level dispatch and the game packages' common face."""

from __future__ import annotations

import importlib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import boomerang_rules as br
from boomerang_rules.core.games import DISPATCH, GAMES, game_module

CORE = Path(br.__file__).parent / "core"
GAME_FUNCTIONS = ("new_game", "to_act", "legal_actions", "apply", "is_over", "winners", "score_sheets", "view",
                  "record_of", "state_of", "validate_record", "check_record", "load_rules", "play_game")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_package_exposes_the_protocol(game: str) -> None:
    module = game_module(game)
    assert game == module.GAME
    for name in (*GAME_FUNCTIONS, "BOTS", "ROWS", "STATE_TYPES", "SCHEMA", "check", "build", "to_data"):
        assert hasattr(module, name), f"{GAMES[game]} lacks {name}"
    assert {"random", "greedy"} <= set(module.BOTS)
    assert "total" in module.ROWS
    for name, table in DISPATCH.items():
        for cls in module.STATE_TYPES:
            if name in GAME_FUNCTIONS:  # the others are optional: a generic stand-in when absent
                assert table[cls] is getattr(module, name)
            else:
                assert callable(table[cls])
    cli = importlib.import_module(GAMES[game] + ".cli")
    for name in ("narrate", "round_summary", "score", "Session"):
        assert hasattr(cli, name)


OWN_CLASSES = ("GameState", "Ruleset", "Card", "SeatView", "PastRound", "RandomBot", "GreedyBot")
"""The classes every game package names as its own (docs/api.md: "each game package has its own
classes of those names"), whatever the top level also names."""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_package_names_its_own_classes(game: str) -> None:
    """``boomerang_rules.australia.SeatView`` is Australia's view as ``seasaltpaper.SeatView`` is
    Sea Salt & Paper's: Australia's package named none of these (only the top level did), and
    only Boomerang (2010)'s named its bots."""
    module = importlib.import_module(GAMES[game])
    state = module.new_game(module.load_rules(), module.load_rules().players.min, 1)
    for name in OWN_CLASSES:
        assert name in module.__all__ and isinstance(getattr(module, name), type), f"{GAMES[game]} lacks {name}"
    assert isinstance(state, module.GameState) and isinstance(state.rules, module.Ruleset)
    assert isinstance(module.view(state, 0), module.SeatView) and isinstance(state.rules.cards[0], module.Card)
    assert module.BOTS["random"] is module.RandomBot and module.BOTS["greedy"] is module.GreedyBot


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_package_lists_in_all_what_any_package_lists_and_it_has(game: str) -> None:
    """A name one game package's ``__all__`` lists (``determinize``: Australia's), another package
    that has it lists too, so that ``from boomerang_rules.<game> import *`` gives each game alike:
    Sea Salt & Paper's and Boomerang (2010)'s had ``determinize`` and left it out."""
    modules = [importlib.import_module(path) for path in GAMES.values()]
    listed = {name for other in modules for name in other.__all__}
    module = importlib.import_module(GAMES[game])
    assert sorted(name for name in listed if hasattr(module, name) and name not in module.__all__) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_states_text_shows_its_rulesets_name_escaped(game: str, tmp_path: Path) -> None:
    """``str(state)`` starts with the ruleset's name, which a variant file may fill with bidirectional
    controls and a newline: they are written as their escapes, as ``replay`` and ``play`` write them
    (``str(state)`` wrote them raw, a newline starting a line of its own)."""
    module = importlib.import_module(GAMES[game])
    variant = tmp_path / "v.json"
    variant.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "evil",
                                   "name": "Evil \u202etxt\u200f\nrest", "extends": game, "changes": {}}),
                       encoding="utf-8")
    rules = module.load_rules(str(variant))
    text = str(module.new_game(rules, rules.players.min, 1))
    assert text.startswith("Evil \\u202etxt\\u200f\\nrest [evil], "), text[:80]
    assert not any(c in text for c in "\u202e\u200f")


def test_core_names_no_game_outside_the_registry() -> None:
    names = [*GAMES, *(p.rsplit(".", 1)[-1] for p in GAMES.values())]
    pattern = re.compile("|".join(re.escape(n) for n in names), re.IGNORECASE)
    hits = [f"{path.name}:{i}" for path in CORE.glob("*.py") for i, line in enumerate(path.read_text().splitlines(), 1)
            if pattern.search(line) and not (path.name == "games.py" and line.strip().startswith('"'))]
    assert hits == []


def test_top_level_functions_dispatch_on_the_state() -> None:
    rules = br.load_rules()
    game = game_module(rules.game)
    s = br.new_game(rules, 3, seed=5)
    assert s == game.new_game(rules, 3, seed=5)
    while not br.is_over(s):
        assert br.to_act(s) == game.to_act(s)
        seat = br.to_act(s)[0]
        assert br.legal_actions(s, seat) == game.legal_actions(s, seat)
        s = br.apply(s, seat, br.legal_actions(s, seat)[-1])
    assert br.winners(s) == game.winners(s)
    assert br.score_sheets(s) == game.score_sheets(s)
    assert br.view(s, 1) == game.view(s, 1)
    record = br.record_of(s)
    assert record == game.record_of(s)
    assert br.validate_record(record) == []
    assert br.state_of(record) == s
    assert br.check_record(record).state == s


def test_not_a_state_is_refused_with_a_type_error() -> None:
    for function in (br.to_act, br.is_over, br.winners, br.score_sheets):
        with pytest.raises(TypeError, match="not a game state"):
            function("nonsense")
    calls: list[tuple[Any, tuple[Any, ...]]] = [
        (br.to_act, ()), (br.legal_actions, (0,)), (br.apply, (0, 0)), (br.step, ([0],)), (br.legal_mask, (0,)),
        (br.is_over, ()), (br.winners, ()), (br.score_sheets, ()), (br.view, (0,))]
    for rules_id in ("standard", "sea-salt-paper", "boomerang-2010"):
        state = br.new_game(rules_id, 3, seed=1)
        for function, rest in calls:
            if function not in (br.apply, br.step):  # warmed: CPython 3.11 specializes a call site after a few calls
                for _ in range(20):
                    function(state, *rest)
            with pytest.raises(TypeError, match="not a game state"):  # a game's state class, not a state
                function(type(state), *rest)
    for nonsense in (None, {"game": "boomerang-australia"}, 3):
        with pytest.raises(TypeError, match="not a ruleset"):
            br.new_game(nonsense, 3, seed=1)
    assert br.new_game("standard", 3, seed=1) == br.new_game(br.load_rules(), 3, seed=1)  # an id, as load_rules


def test_a_record_of_an_unknown_game_is_invalid() -> None:
    problems = br.validate_record({"format": "boomerang-rules/game-record", "version": 1, "game": "chess",
                                   "rules": "standard", "players": ["a", "b"], "rounds": []})
    assert any(p.pointer == "/game" for p in problems)


def test_list_rules_names_each_rulesets_game() -> None:
    infos = br.list_rules()
    assert all(info.game in GAMES for info in infos)
    assert {info.id: info.game for info in infos}["standard"] == "boomerang-australia"


def _step_words(seats: tuple[int, ...], actions: object) -> str:
    """What ``step`` says of ``actions`` that are not one a seat of ``seats``, in every game."""
    each = f"one for each seat in {seats}" if len(seats) > 1 else f"one for seat {seats[0]}"
    if actions is None or isinstance(actions, int):
        return f"step needs a sequence of actions, {each}, not {actions!r}"
    why = ""
    if isinstance(actions, str | set | dict):
        hint = f"[{actions!r}]" if isinstance(actions, str) and len(seats) == 1 else "a list, a tuple or an array"
        why = f" (a {type(actions).__name__} is not taken for the actions: give {hint})"
    if len(seats) == 1:
        return f"step needs 1 action, {each}, not {actions!r}{why}"
    return f"step needs {len(seats)} actions, {each} in that order, not {actions!r}{why}"


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "sea-salt-paper-extra-salt", "boomerang-2010"])
def test_step_says_what_it_needs_in_the_same_words_in_every_game(rules: str) -> None:
    """One message for every game (``core.seats.step_refusal``): "a sequence" for what has no
    length, the count (singular for one seat) for a string or another length (issue: Sea Salt &
    Paper's "step needs 1 actions ... in (2,)", and its None not called "not a sequence"); the
    game over likewise. A string, a set or a mapping says why it is not taken, whatever its length
    (Sea Salt & Paper's ``step(state, "draw")`` was told "step needs 1 action, ..., not 'draw'")."""
    state = br.new_game(br.load_rules(rules), 3, seed=1)
    states = [state]
    while len(br.to_act(state)) > 1:  # then one seat left to act, in the games of simultaneous choices
        seat = br.to_act(state)[0]
        state = br.apply(state, seat, br.legal_actions(state, seat)[0])
    states.append(state)
    for state in states:
        seats = br.to_act(state)
        legal = [br.legal_actions(state, seat)[0] for seat in seats]
        for wrong in (None, 5, [], "abc", [*legal, legal[0]], legal[:-1], legal[0], {*legal}, dict.fromkeys(legal)):
            with pytest.raises(br.IllegalAction) as info:
                br.step(state, wrong)  # type: ignore[arg-type]
            assert str(info.value) == _step_words(seats, wrong)
        assert br.step(state, legal) == br.step(state, tuple(legal))
    rng = random.Random(1)
    while not br.is_over(state):
        state = br.step(state, [rng.choice(br.legal_actions(state, seat)) for seat in br.to_act(state)])
    for wrong in (None, []):
        with pytest.raises(br.IllegalAction, match=r"^the game is over: no decisions are owed$"):
            br.step(state, wrong)  # type: ignore[arg-type]
