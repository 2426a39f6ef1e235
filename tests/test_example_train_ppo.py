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


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_the_policy_sees_rl_observe_in_training_as_in_the_evaluation(rules_id: str) -> None:
    """Training reads the vector env, the evaluation ``rl.observe``: the policy must see the same
    numbers in both. Boomerang: Australia's vector env gives the totals in points (its raw reading),
    which the example divides by their bound; the other games' are ``rl.observe``'s already."""
    import numpy as np

    import boomerang_rules as br
    from boomerang_rules import rl
    from boomerang_rules.rl.vector import VectorEnv

    module = _example()
    rules = br.load_rules(rules_id)
    env = VectorEnv(rules, players=4, games=2, copy=False)
    totals = module.raw_totals(env)
    assert (totals is None) == (rules.game != "boomerang-australia")
    obs, _ = env.reset(seed=3)
    state = br.new_game(rules, 4, 3)
    for _ in range(12):
        seen = module.as_observed(obs[0], totals)
        assert not np.shares_memory(seen, obs)
        for seat in range(4):
            assert np.array_equal(seen[seat], rl.observe(state, seat))
        actions = env.sample_actions()
        owing = br.to_act(state)
        state = br.step(state, [br.action_of(rules, int(actions[0, s])) for s in owing])
        obs, _, _, _ = env.step(actions)
    data = module.rollout(VectorEnv(rules, players=4, games=2, copy=False), module.Policy(env.observation_size,
                          env.num_actions, 16), seed=1, cap=40)
    recorded = np.array([step[0] for game in data["decisions"] for step in game])
    assert len(recorded) and recorded.min() >= 0.0 and recorded.max() <= 1.0


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_the_points_margin_is_paid_round_by_round_and_adds_up_to_the_games(rules_id: str) -> None:
    """Each round's points margin (seat 0's less the opponents' mean) is paid at seat 0's decision
    before it is scored: over a finished game the payments add up to the final margin, and they are
    not all at the last decision (the rounds before the last are told as they end)."""
    import numpy as np
    import torch

    import boomerang_rules as br
    from boomerang_rules.rl.vector import VectorEnv

    module = _example()
    torch.manual_seed(0)
    rules = br.load_rules(rules_id)
    env = VectorEnv(rules, players=4, games=6, reward="round", copy=False)
    data = module.rollout(env, module.Policy(env.observation_size, env.num_actions, 16), seed=2, cap=5_000)
    assert data["finished"].all()
    early = 0
    for g, paid in enumerate(data["gained"]):
        assert len(paid) == len(data["decisions"][g])
        assert sum(paid) == pytest.approx(data["margin"][g])
        early += any(paid[:-1])
    assert early
    tensors = module.batch_of(data, margin_scale=1.0)
    assert len(tensors["act"]) == sum(map(len, data["decisions"]))
    assert np.isfinite(tensors["adv"].numpy()).all()


@pytest.mark.parametrize(("argv", "message"), [
    (["--rules", "bogus"], "no shipped ruleset is called 'bogus'"),
    (["--games", "0"], "--games must be at least 1, not 0"),
    (["--hidden", "0"], "--hidden must be at least 1, not 0"),
    (["--epochs", "0"], "--epochs must be at least 1, not 0"),
    (["--threads", "0"], "--threads must be at least 1, not 0"),
    (["--updates", "0"], "--updates must be at least 1, not 0"),
    (["--minutes", "-1"], "--minutes must be a positive number, not -1.0"),
    (["--minutes", "nan"], "--minutes must be a positive number, not nan"),
    (["--lr", "-1"], "--lr must be a positive number, not -1.0"),
    (["--eval-games", "-1"], "--eval-games must be 0 or more, not -1"),
    (["--ismcts-games", "-2"], "--ismcts-games must be 0 or more, not -2"),
    (["--save", "/nonexistent/dir/policy.pt"], "--save: no directory /nonexistent/dir"),
])
def test_bad_arguments_are_usage_errors_before_training(argv: list[str], message: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 2 and the reason, before any update: they were tracebacks (exit 1: ``--rules bogus``, ``--games 0``,
    ``--lr -1``; ``--save`` into a missing directory only after the whole training), or ran on to nonsense
    (``--hidden 0`` and ``--epochs 0`` trained nothing for the whole budget; ``--updates 0``, ``--minutes -1``
    or ``nan`` went straight to the evaluation of an untrained policy)."""
    module = _example()
    with pytest.raises(SystemExit) as exit_:
        module.main(argv)
    assert exit_.value.code == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert "update" not in captured.out


def test_a_ruleset_it_cannot_train_on_is_refused_as_the_cli_refuses_it(tmp_path: pathlib.Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """A ruleset file that breaks the schema is invalid input (exit 1, as the command line's ``--rules``; it was
    2), and one that does not admit the example's 4 players a usage error naming its range (it was a traceback
    from the vector env, exit 1)."""
    import json

    module = _example()
    broken = tmp_path / "broken.json"
    broken.write_text('{"id": "broken", "game": "sea-salt-paper", "duos": "x"}')
    with pytest.raises(SystemExit) as exit_:
        module.main(["--rules", str(broken)])
    assert exit_.value.code == 1
    assert f"train_ppo.py: {broken}" in capsys.readouterr().err
    rules = json.loads((EXAMPLE.parent.parent / "variants" / "sea-salt-paper.json").read_text())
    three = tmp_path / "three.json"
    three.write_text(json.dumps({**rules, "id": "three", "players": {"min": 2, "max": 3}}))
    with pytest.raises(SystemExit) as exit_:
        module.main(["--rules", str(three), "--updates", "1", "--games", "2", "--eval-games", "0",
                     "--ismcts-games", "0"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "trains 4 players" in err and "'three' is for 2 to 3 players" in err


def test_train_ppo_help_explains_every_option_with_its_default_and_gives_its_exit_statuses(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` says what each option is and what it is when not given, and what the exit status
    means: ``--seed`` and ``--lr`` had no words at all, and no default was shown (``--minutes`` 8,
    which the README's command raises to 10)."""
    import re

    module = _example()
    with pytest.raises(SystemExit) as done:
        module.main(["--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    options = shown.split("options:", 1)[1].split("Exit status:", 1)
    assert len(options) == 2 and all(f"{code} " in options[1] for code in (0, 1, 2)), shown
    entries = re.split(r"\n  (?=-)", options[0])[1:]
    assert len(entries) >= 12
    for entry in entries:
        words = " ".join(entry.split())
        if words.startswith(("-h", "--save", "--updates")):  # no default to give: none saves, none stops
            continue
        assert re.search(r"\(.*default [^)]+\)", words), words
