"""Hidden information through seeds: ``play`` shows a game's seed only once it is over, in every
game, and a bot's seed cannot be inverted into the game's."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules.cli import cli

ROOT = Path(__file__).resolve().parents[1]
RULES = br.load_rules()


def run(*args: str, input: str | bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


def test_play_shows_the_seed_only_when_the_game_is_over() -> None:
    seed = "987654321987"
    code, out, _ = run("play", "--players", "2", "--seed", seed, input="")
    assert code == 2 and seed not in out
    answers = "\n".join([*(c.id for c in RULES.cards), *RULES.scoring.activities.kinds, "none"] * 60) + "\n"
    code, out, _ = run("play", "--players", "2", "--seed", seed, input=answers)
    assert code == 0
    before, _, after = out.partition("Final score sheets")
    assert seed not in before and seed in after


def _unmix(z: int) -> int:
    """The inverse of SplitMix64's output function (it is a bijection)."""
    mask = (1 << 64) - 1

    def unshift(v: int, k: int) -> int:
        x = v
        for _ in range(64 // k + 1):
            x = v ^ (x >> k)
        return x & mask

    z = unshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    z = unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    return unshift(z, 30)


@given(st.integers(0, 2**64 - 1), st.integers(0, 31))
def test_a_bot_cannot_invert_its_seed_into_the_game_s(seed: int, seat: int) -> None:
    from boomerang_rules.core.bots import bot_seed
    from boomerang_rules.core.rng import next_u64

    mask = (1 << 64) - 1
    state = (_unmix(bot_seed(seed, seat)) - 0x9E3779B97F4A7C15) & mask  # the attack that once worked
    assert state ^ (seat + 1) * 0xD1B54A32D192ED03 & mask != seed
    assert _unmix(next_u64(seed)[1]) == (seed + 0x9E3779B97F4A7C15) & mask  # the attack itself is sound


@pytest.mark.parametrize("rules_id", br.shipped_ids())
def test_no_game_shows_its_seed_before_the_end(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    seed = "918273645546"
    code, out, _ = run("play", "--rules", rules_id, "--players", str(max(2, rules.players.min)), "--seed", seed,
                       input="")
    assert code == 2 and seed not in out
