"""The same seed gives the same game in any process: whatever Python's hash seed (an iteration over a
set or a dict of strings whose order followed it would change a game), whether the compiled paths or the
plain code serve, and whatever the global ``random`` and ``numpy.random`` generators hold (the library
reads neither)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache

import pytest

DIGESTS = r'''
import hashlib, json, os, random, sys

noise = int(os.environ.get("NOISE", "0"))
random.seed(noise)
try:
    import numpy as np
    np.random.seed(noise)
except ImportError:
    np = None

import boomerang_rules as br
from boomerang_rules.core.bots import bot_game


def stir():
    """Draw from the global generators between calls: a library reading them would change."""
    random.random()
    if np is not None:
        np.random.random()


def digest(value):
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=repr).encode()).hexdigest()


out = {}
for info in br.list_rules():
    rules = br.load_rules(info.id)
    for players in sorted({rules.players.min, rules.players.max}):
        search = "ismcts:2" if players == rules.players.min else "greedy"  # the search at one count: its time
        names = [search, "greedy", "random", "greedy", "random"][:players]
        stir()
        out[f"{info.id}/{players}/bots"] = digest(br.record_of(bot_game(rules, names, 2**64 - 3 + players)))
        state, seen, picks = br.new_game(rules, players, -7 - players), [], random.Random(players)
        while not br.is_over(state):
            stir()
            for seat in range(players):
                view = br.view(state, seat)
                seen.append(repr(view))
                if np is not None:
                    from boomerang_rules import rl
                    seen.append(rl.observe(state, seat).tobytes().hex())
                if len(seen) % 97 == 0:
                    seen.append(repr(br.determinize(view, len(seen))))
            state = br.step(state, [picks.choice(br.legal_actions(state, s)) for s in br.to_act(state)])
        out[f"{info.id}/{players}/views"] = digest([seen, br.record_of(state)])
print(json.dumps(out))
'''


@cache
def _digests(*env: tuple[str, str]) -> dict[str, str]:
    """What ``DIGESTS`` prints in a process of its own with ``env`` added to this one's."""
    done = subprocess.run([sys.executable, "-c", DIGESTS], env={**os.environ, **dict(env)}, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    result: dict[str, str] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("other", [{"PYTHONHASHSEED": "1", "NOISE": "1"},
                                   {"PYTHONHASHSEED": "2", "NOISE": "2", "BOOMERANG_RULES_PURE": "1"}],
                         ids=["hash-seed", "plain-code"])
def test_a_seed_plays_the_same_game_in_every_process(other: dict[str, str]) -> None:
    """Bot games (the search bot among them) and, at every step of a random game, every seat's view,
    observation and a determinization of it, in every shipped ruleset at its fewest and most players."""
    first = _digests(("PYTHONHASHSEED", "0"))
    assert len(first) == 48
    assert _digests(*other.items()) == first
