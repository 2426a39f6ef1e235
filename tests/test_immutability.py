"""Nothing reachable from a state, a view or a ruleset is mutable: no table of the rules can be
changed through a state, and every game's states pickle whole."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
from hypothesis import given, settings

import boomerang_rules as br
from boomerang_rules import strategies as bst

ROOT = Path(__file__).resolve().parents[1]
RULES = br.load_rules()


MUTABLE = (dict, list, set, bytearray)


def _mutable_parts(root: object) -> list[str]:
    """Paths to every mutable container reachable from ``root`` through attributes, slots, items."""
    import types

    import attrs

    found: list[str] = []
    seen: set[int] = set()
    stack: list[tuple[object, str]] = [(root, "root")]
    while stack:
        node, path = stack.pop()
        if id(node) in seen or isinstance(node, str | int | float | bool | bytes | type(None)):
            continue
        seen.add(id(node))
        if isinstance(node, MUTABLE):
            found.append(f"{path}: {type(node).__name__}")
            continue
        if callable(node) and not attrs.has(type(node)):  # functions and caches: code, not tables
            continue
        if isinstance(node, types.MappingProxyType | Mapping):
            stack += [(v, f"{path}[{k!r}]") for k, v in node.items()]
            stack += [(k, f"{path} key") for k in node]
            continue
        if isinstance(node, tuple | frozenset):
            stack += [(v, f"{path}[{i}]") for i, v in enumerate(node)]
            continue
        names: list[str] = []
        for cls in type(node).__mro__:
            names += list(getattr(cls, "__slots__", ()))
        if hasattr(node, "__dict__"):
            names += list(vars(node))
            if not isinstance(vars(node), types.MappingProxyType):
                found.append(f"{path}.__dict__")
        for name in names:
            if hasattr(node, name):
                stack.append((getattr(node, name), f"{path}.{name}"))
    return found


@settings(max_examples=10, deadline=None)
@given(bst.games(finished=None))
def test_nothing_reachable_from_a_state_or_its_ruleset_is_mutable(state: br.GameState) -> None:
    assert _mutable_parts(state) == []
    assert _mutable_parts(state.rules) == []
    assert _mutable_parts(br.view(state, 0)) == []


def test_a_state_s_tables_and_its_rules_scoring_cannot_be_written_to() -> None:
    state = br.new_game(RULES, 3, 1)
    with pytest.raises((TypeError, AttributeError)):
        state.tables.card_codes["A"] = (0, 0)
    with pytest.raises(AttributeError):
        state.tables.card_codes = {}
    with pytest.raises((TypeError, AttributeError)):
        RULES.scoring.animals.values["emus"] = 100
    assert _mutable_parts([1]) == ["root: list"]  # the walk does find what it looks for


@pytest.mark.parametrize("rules_id", br.shipped_ids())
def test_every_game_keeps_its_state_and_tables_read_only(rules_id: str) -> None:
    from boomerang_rules.core.bots import bot_game as any_bot_game

    rules = br.load_rules(rules_id)
    start = br.new_game(rules, rules.players.min, 3)
    end = any_bot_game(rules, ["random"] * rules.players.min, 3)
    for state in (start, end):
        assert _mutable_parts(state) == [] and _mutable_parts(rules) == []
    import pickle

    assert pickle.loads(pickle.dumps(end)) == end
