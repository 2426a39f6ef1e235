"""The README's Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_examples_run(capsys: object) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    runnable = [b for b in blocks if "import boomerang_rules as br" in b or "play_game" in b]
    assert len(runnable) >= 2
    namespace: dict[str, object] = {}
    for block in runnable:
        exec(compile(block, str(README), "exec"), namespace)
