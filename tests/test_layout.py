"""The package's layout, read from its import graph: no import circles, ``cli`` the top that nothing
else imports, ``core`` importing no game, each layer importing only those below it, and the
layers that serve every game importing no game's module and naming no game (docs/api.md, "Layout").

The graph counts every ``import`` written in a module: at its top, inside a function (an import put
off to run time is still a dependency) and under ``TYPE_CHECKING``. A module's implicit import of
its own package's ``__init__`` is not an edge (every submodule has it)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from boomerang_rules.core.games import GAMES

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = "boomerang_rules"
GAME_PACKAGES = {package.rpartition(".")[2] for package in GAMES.values()}

LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"core"}),
    frozenset({"terminal"}),
    frozenset(GAME_PACKAGES),
    frozenset({""}),  # boomerang_rules/__init__.py: the top-level API
    frozenset({"batch", "strategies"}),
    frozenset({"bench"}),
    frozenset({"rl"}),
    frozenset({"cli"}),
    frozenset({"__main__"}),
)
"""The parts of ``boomerang_rules`` from the bottom up (a part: its first name below the package):
a module imports only from its own part or from a part below it, and no game from another game."""


def _modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package by dotted name -> (its file, whether it is a package's ``__init__``);
    compiled extensions (``_accel``: a ``.c`` source or a ``.pyi`` stub) with no file to read."""
    found: dict[str, tuple[Path, bool]] = {}
    for path in sorted((SRC / PACKAGE).rglob("*")):
        if path.suffix not in (".py", ".pyi", ".c") or "__pycache__" in path.parts:
            continue
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if is_package else parts)
        if path.suffix == ".py" or name not in found:
            found[name] = (path, is_package)
    return found


MODULES = _modules()


def _imports(name: str) -> set[str]:
    """The modules of the package that module ``name`` imports (by name, resolved)."""
    path, is_package = MODULES[name]
    if path.suffix != ".py":
        return set()
    here = name if is_package else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names if alias.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")[: len(here.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                target = f"{source}.{alias.name}"
                if target in MODULES:
                    out.add(target)
                elif source in MODULES:
                    out.add(source)
    out.discard(name)
    return out


GRAPH = {name: _imports(name) for name in MODULES}


def _part(module: str) -> str:
    """The part of the package a module belongs to: ``core``, ``australia``, ``cli``... ("" the top)."""
    return module.split(".")[1] if "." in module else ""


def _circles() -> Iterator[list[str]]:
    """Every strongly connected group of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    for root in GRAPH:
        if root in index:
            continue
        work = [(root, iter(sorted(GRAPH[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(GRAPH[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        yield sorted(group)


def test_the_graph_sees_the_imports_it_should() -> None:
    """The reader itself: known edges found (relative, absolute, put off, of a package), none made up."""
    assert "boomerang_rules.australia.engine" in GRAPH["boomerang_rules.australia"]  # from .engine import ...
    assert "boomerang_rules.core.games" in GRAPH["boomerang_rules"]  # from .core.games import ...
    assert "boomerang_rules.cli" in GRAPH["boomerang_rules.__main__"]  # from .cli import main
    assert "boomerang_rules.core._rng" in GRAPH["boomerang_rules.core.rng"]  # from . import _rng (compiled, no file)
    assert "boomerang_rules.australia.show" in GRAPH["boomerang_rules.australia.state"]  # inside a method
    assert "boomerang_rules.bench" in GRAPH["boomerang_rules.cli.bench"]  # from .. import bench as benchmarks
    assert GRAPH["boomerang_rules.terminal.wording"] == {"boomerang_rules.core.display"}  # clipped, by name


def test_no_import_circles() -> None:
    circles = [", ".join(group) for group in _circles()]
    assert circles == [], "modules that import each other (directly or round a circle):\n" + "\n".join(circles)


def test_the_circle_finder_finds_a_circle(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GRAPH, "boomerang_rules.core.errors", {"boomerang_rules.core.games"})
    monkeypatch.setitem(GRAPH, "boomerang_rules.core.games", {"boomerang_rules.core.errors"})
    assert ["boomerang_rules.core.errors", "boomerang_rules.core.games"] in list(_circles())


def test_nothing_below_the_command_line_imports_it() -> None:
    """``cli/`` is the top of the house: only itself and ``python -m boomerang_rules`` import it."""
    upward = sorted(f"{module} imports {target}" for module, targets in GRAPH.items()
                    if _part(module) not in ("cli", "__main__") for target in targets if _part(target) == "cli")
    assert upward == []


def test_core_imports_no_game() -> None:
    """``core/`` serves every game: it imports none of them (the registry finds a game's package by
    its entry in ``GAMES``, at run time; ``tests/test_games.py`` checks that no other module of
    ``core`` even names one)."""
    imports = sorted(f"{module} imports {target}" for module, targets in GRAPH.items() if _part(module) == "core"
                     for target in targets if _part(target) != "core")
    assert imports == []


def test_every_part_has_a_layer() -> None:
    parts = {_part(module) for module in MODULES}
    assert parts <= set().union(*LAYERS), f"give {sorted(parts - set().union(*LAYERS))} a place in LAYERS"


def test_each_layer_imports_only_from_below() -> None:
    """The parts stacked as ``LAYERS`` says: the rules of each game on ``core`` (and the terminal
    helpers their command-line modules use), everything built on the games above them, no game
    importing another."""
    level = {part: i for i, layer in enumerate(LAYERS) for part in layer}
    wrong = sorted(f"{module} imports {target}" for module, targets in GRAPH.items() for target in targets
                   if level[_part(target)] > level[_part(module)]
                   or (level[_part(target)] == level[_part(module)] and _part(target) != _part(module)))
    assert wrong == []


SHARED_PARTS = frozenset({"core", "terminal", "batch", "strategies", "bench", "rl", "cli"})
"""The layers above (and beneath) the rules that serve every game: written once over the game contract,
filled in by each game's own module of the layer (``rl/<package>.py``, ``batch/<package>.py``, the
package's ``strategies.py``...), which the layer finds through the registry (``core.games.GAMES``)."""

GAME_IDS = frozenset(GAMES)

LEFT: dict[tuple[str, str], str] = {
    ("boomerang_rules.rl", "imports boomerang_rules.rl.australia"):
        "rl's top-level names for Boomerang: Australia's explicit chance and raw reading (docs/api.md)",
    ("boomerang_rules.rl.openspiel", "imports boomerang_rules.rl.seasaltpaper"):
        "SSP_MAX_ROUNDS, kept importable where it was (a module __getattr__)",
    ("boomerang_rules.rl.vector", "imports boomerang_rules.batch.australia"):
        "_OFFSETS, kept readable where it was (tests/test_batch_arrays.py reads it)",
    ("boomerang_rules.batch", "imports boomerang_rules.batch.australia"):
        "batch's top-level names of its first engine (Batch, GAME, bench_playouts...: docs/api.md)",
    ("boomerang_rules.batch", "names 'australia'"): "ENGINES, whose order error messages (and their tests) keep",
    ("boomerang_rules.batch", "names 'seasaltpaper'"): "ENGINES, as above",
    ("boomerang_rules.batch", "names 'boomerang2010'"): "ENGINES, as above",
    ("boomerang_rules.strategies", "imports boomerang_rules.australia.strategies"):
        "draft_cards, shipped_ids and GENERATED_ID under their public names",
    ("boomerang_rules.strategies", "imports boomerang_rules.boomerang2010.strategies"): "the public b10_ names",
    ("boomerang_rules.strategies", "imports boomerang_rules.seasaltpaper.strategies"): "the public ssp_ names",
}
"""The special cases the shared layers still hold, each for a public name kept where users find it:
the rule below fails on any other, and on any of these once it is gone (then strike it here)."""


def _game_of(module: str) -> str | None:
    """The game package a module serves alone: a module of the game's package, or a layer's module
    named as the package (``rl.australia``, ``batch.seasaltpaper``); None for a module every game
    shares. A part of a game's module of a layer, split off it, is named as the package, an
    underscore and its part (``rl.australia_layout``). (A game's private helpers of a layer, such as
    its batched kernels, are reached through that module: a shared module importing them directly is
    not seen here.)"""
    if _part(module) in GAME_PACKAGES:
        return _part(module)
    name = module.rpartition(".")[2]
    for game in (name, name.partition("_")[0]):
        if game in GAME_PACKAGES:
            return game
    return None


def _game_names(source: str) -> set[str]:
    """The string constants of ``source`` that are exactly a game's id or its package's name."""
    return {node.value for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and node.value in GAME_IDS | GAME_PACKAGES}


def _special_cases() -> set[tuple[str, str]]:
    """Every shared module's import of one game's module, and every game it names in its code (not in
    its prose: a docstring or a help text is never exactly a game's id); ``core.games``, the registry
    where games are named, apart."""
    found: set[tuple[str, str]] = set()
    for module, (path, _) in MODULES.items():
        if _part(module) not in SHARED_PARTS or _game_of(module) is not None or module == "boomerang_rules.core.games":
            continue
        found.update((module, f"imports {target}") for target in GRAPH[module] if _game_of(target) is not None)
        if path.suffix == ".py":
            found.update((module, f"names {name!r}") for name in _game_names(path.read_text("utf-8")))
    return found


def test_the_shared_layers_name_no_game() -> None:
    """A new game is a package and its data: no layer above the rules imports one game's module or names
    one game (issue 26); a game's part of a layer is its own module, found through the registry."""
    found = _special_cases()
    assert sorted(found - LEFT.keys()) == [], "move these into the game's own module of the layer"
    assert sorted(LEFT.keys() - found) == [], "these are gone: strike them from LEFT"


def test_the_special_case_finder_finds_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader itself: a shared module importing a game's package or its module of a layer is found,
    and so is a game's id or package written in code, but not in a sentence or an f-string's words."""
    monkeypatch.setitem(GRAPH, "boomerang_rules.rl.pettingzoo",
                        GRAPH["boomerang_rules.rl.pettingzoo"] | {"boomerang_rules.rl.boomerang2010",
                                                                 "boomerang_rules.seasaltpaper.chance"})
    found = _special_cases()
    assert ("boomerang_rules.rl.pettingzoo", "imports boomerang_rules.rl.boomerang2010") in found
    assert ("boomerang_rules.rl.pettingzoo", "imports boomerang_rules.seasaltpaper.chance") in found
    assert _game_of("boomerang_rules.rl._encode") is None  # compiled, shared by rl.encoding
    assert _game_of("boomerang_rules.rl.australia_layout") == "australia"  # a part of rl.australia
    assert _game_of("boomerang_rules.rl.openspiel_games") is None  # shared: no game's name before its _
    monkeypatch.setitem(GRAPH, "boomerang_rules.rl.pettingzoo_aec",
                        GRAPH["boomerang_rules.rl.pettingzoo_aec"] | {"boomerang_rules.rl.australia_layout"})
    assert ("boomerang_rules.rl.pettingzoo_aec", "imports boomerang_rules.rl.australia_layout") in _special_cases()
    assert _game_names('if rules.game == "sea-salt-paper":\n    x = "Sea Salt & Paper, sea-salt-paper"\n'
                       'y = f"{x} sea-salt-paper"\nz = ("boomerang2010",)') == {"sea-salt-paper", "boomerang2010"}


GAME_OWN: dict[str, frozenset[str]] = {
    "australia": frozenset({"dealing", "differential", "playouts", "sheets_text", "tournament"}),
    "seasaltpaper": frozenset({"dealing", "extra_salt", "extra_scoring", "hot_path", "telling"}),
    "boomerang2010": frozenset(),
}
"""The modules of a game package that are that game's alone: its own rules (Extra Salt, the dealer's
queue of cards set aside), its compiled path's picker, or names kept importable where they once were
(``australia.differential``, ``tournament`` and ``playouts``, now ``core``'s)."""


def _game_modules(package: str) -> set[str]:
    prefix = f"{PACKAGE}.{package}."
    names = {name.removeprefix(prefix) for name in MODULES if name.startswith(prefix)}
    return {name for name in names if not name.startswith("_")}  # not a compiled path (_accel)


def test_every_game_package_has_every_layer_of_a_game() -> None:
    """Whatever a game package holds for one game it holds for all (records checked in ``record_checks``,
    chance drawn from outside in ``chance``...): the modules of the packages differ only by each game's own."""
    assert GAME_OWN.keys() == GAME_PACKAGES
    shared = {game: _game_modules(game) - GAME_OWN[game] for game in GAME_PACKAGES}
    every = set.union(*shared.values())
    assert {game: sorted(every - modules) for game, modules in shared.items()} == {game: [] for game in GAME_PACKAGES}
    assert {game: sorted(GAME_OWN[game] - _game_modules(game)) for game in GAME_PACKAGES} == {
        game: [] for game in GAME_PACKAGES}, "gone: strike them from GAME_OWN"
    assert {"chance", "record_checks", "records", "engine", "view"} <= every
