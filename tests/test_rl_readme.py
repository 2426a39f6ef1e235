"""The reinforcement-learning page's examples (docs/rl.md, once the README's) run as written (when the
extras are installed)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "docs" / "rl.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize(("extra", "marker"), [("numpy", "from boomerang_rules.rl import chance"),
                                               ("pettingzoo", "boomerang_rules.rl.pettingzoo"),
                                               ("pyspiel", "boomerang_rules.rl.openspiel"),
                                               ("numba", "boomerang_rules.rl.vector")])
def test_readme_rl_examples_run(extra: str, marker: str) -> None:
    pytest.importorskip(extra)
    blocks = [b for b in BLOCKS if marker in b]
    assert blocks
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})


def test_every_rl_name_the_docs_give_exists() -> None:
    """Each `rl.NAME` (or `rl.MODULE.NAME`) in backticks in the README and the reinforcement-learning pages names
    something the package has: the README named the vector env `rl.VectorEnv`, which is
    `rl.vector.VectorEnv` (the extra batch's numba is imported only with that module)."""
    import importlib

    root = README.parents[1]
    names = set()
    for page in (root / "README.md", root / "docs" / "rl.md", root / "docs" / "gym.md"):
        text = page.read_text(encoding="utf-8")
        names |= set(re.findall(r"`(?:boomerang_rules\.)?rl\.([A-Za-z_][\w.]*)", text))
    assert "vector.VectorEnv" in names
    missing = []
    for name in sorted(names):
        parts = name.split(".")
        try:
            obj: object = importlib.import_module("boomerang_rules.rl")
            for i, part in enumerate(parts):
                if hasattr(obj, part):
                    obj = getattr(obj, part)
                else:  # a submodule not yet imported
                    obj = importlib.import_module("boomerang_rules.rl." + ".".join(parts[:i + 1]))
        except ImportError as exc:
            if exc.name in ("numba", "pettingzoo", "pyspiel", "gymnasium", "torch"):
                continue  # an extra not installed here
            missing.append(name)
    assert not missing, missing


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_the_pettingzoo_example_runs_for_every_game(rules: str) -> None:
    """The parallel env's example plays any game with only its ruleset changed: it drew from each
    seat's mask, which is all zero for a seat owing nothing in the games of turns (numpy's "a
    cannot be empty" for Sea Salt & Paper and Boomerang (2010))."""
    pytest.importorskip("pettingzoo")
    block = next(b for b in BLOCKS if "boomerang_rules.rl.pettingzoo" in b)
    assert 'rules="standard"' in block
    exec(compile(block.replace('rules="standard"', f'rules="{rules}"'), str(README), "exec"), {})
