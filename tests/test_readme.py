"""The documentation's Python examples run as written: the pages the README's examples moved to
(issue 28), each page on its own (a reader may open any page first), its blocks in reading order
sharing one namespace as a reader's session would."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = ("python.md", "bots.md", "referee.md", "boomerang-2010.md", "sea-salt-paper.md")
"""The pages whose examples run, in the order a reader meets them."""


def test_readme_python_examples_run(capsys: object) -> None:
    runnable = []
    for page in PAGES:
        blocks = re.findall(r"```python\n(.*?)```", (DOCS / page).read_text(encoding="utf-8"), re.S)
        runnable += [(page, b) for b in blocks if "import boomerang_rules as br" in b or "play_game" in b]
    assert len(runnable) >= 4
    namespaces: dict[str, dict[str, object]] = {page: {} for page in PAGES}
    for page, block in runnable:
        exec(compile(block, str(DOCS / page), "exec"), namespaces[page])



def test_every_python_example_of_the_pages_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Python block of the pages runs as written, in a checkout, the ones without an import
    of their own included (python.md and referee.md say every example runs): "Checking a game"
    gives the record it checks, where it used a name no block defines."""
    monkeypatch.chdir(DOCS.parent)
    for page in PAGES:
        namespace: dict[str, object] = {}
        for block in re.findall(r"```python\n(.*?)```", (DOCS / page).read_text(encoding="utf-8"), re.S):
            exec(compile(block, str(DOCS / page), "exec"), namespace)
