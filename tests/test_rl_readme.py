"""The reinforcement-learning page's examples (docs/rl.md, once the README's) run as written (when the
extras are installed)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "docs" / "rl.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize(("extra", "marker"), [("pettingzoo", "boomerang_rules.rl.pettingzoo"),
                                               ("pyspiel", "boomerang_rules.rl.openspiel"),
                                               ("numba", "boomerang_rules.rl.vector")])
def test_readme_rl_examples_run(extra: str, marker: str) -> None:
    pytest.importorskip(extra)
    blocks = [b for b in BLOCKS if marker in b]
    assert blocks
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})
