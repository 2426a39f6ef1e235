"""examples/train_ppo.py runs end to end on a tiny budget (one update, a few games) for every game."""

from __future__ import annotations

import importlib.util
import pathlib
from typing import Any

import pytest

pytest.importorskip("torch")
pytest.importorskip("numba")

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "train_ppo.py"


def _example() -> Any:
    spec = importlib.util.spec_from_file_location("train_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_train_ppo_runs_and_evaluates(rules_id: str, capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
                                      ) -> None:
    module = _example()
    saved = tmp_path / "policy.pt"
    code = module.main(["--rules", rules_id, "--updates", "1", "--games", "4", "--eval-games", "2",
                        "--ismcts-games", "0", "--seed", "1", "--save", str(saved)])
    out = capsys.readouterr().out
    assert code == 0
    assert "update    1" in out and "trained 1 updates" in out
    assert "eval vs 3 random" in out and "eval vs 3 greedy" in out
    assert saved.stat().st_size > 0
