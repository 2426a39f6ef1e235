"""Differential testing of another scorer (of any game): feed it games, compare its sheets with ours.

The other scorer is a command that reads finished game records (without ``result``), one
JSON object a line, and writes one line back per record: a JSON array of sheets, one per
seat, with the rows of ``score_sheets``. All records go in one batch, so a scorer that
buffers its output works too.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Sequence
from typing import Any

import attrs

from .games import game_module
from .playouts import random_game


class ScorerError(Exception):
    """The scorer could not be run, or answered outside the protocol."""


@attrs.frozen
class Difference:
    """One place where the scorer and the rules part: a seat's row (and round, for round rows)."""

    seat: int
    row: str
    round: int | None
    """0-based round index for the per-round rows; None for the game-total rows."""
    theirs: Any
    ours: Any

    def describe(self) -> str:
        where = f", round {self.round + 1}" if self.round is not None else ""
        return f"seat {self.seat}, {self.row}{where}: the scorer says {self.theirs!r}, the rules give {self.ours!r}"


@attrs.frozen
class Game:
    """A generated game, its record as sent, and what was found wrong with the scorer's answer."""

    seed: int
    players: int
    record: dict[str, Any]
    differences: tuple[Difference, ...]
    problem: str | None = None
    """An answer that breaks the protocol (not JSON, wrong shape), instead of differences."""

    @property
    def agrees(self) -> bool:
        return not self.differences and self.problem is None

    def first_round(self) -> int:
        rounds = [d.round for d in self.differences if d.round is not None]
        return min(rounds) if rounds else 99


def make_games(rules: Any, players: Sequence[int], seed: int, count: int) -> list[tuple[int, int, Any]]:
    """``count`` random finished games, seeds from ``seed`` on, player counts in turn."""
    return [(seed + i, players[i % len(players)], random_game(rules, players[i % len(players)], seed + i))
            for i in range(count)]


def run_scorer(command: Sequence[str], records: Sequence[dict[str, Any]], timeout: float) -> list[str]:
    """Send the records to ``command`` in one batch; its output lines (``ScorerError`` on failure)."""
    payload = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records)
    try:
        done = subprocess.run(list(command), input=payload, capture_output=True, text=True, timeout=timeout,
                              check=False)
    except FileNotFoundError:
        raise ScorerError(f"cannot run {command[0]!r}: no such program") from None
    except PermissionError:
        raise ScorerError(f"cannot run {command[0]!r}: permission denied") from None
    except subprocess.TimeoutExpired:
        raise ScorerError(f"the scorer did not finish within {timeout:g} s") from None
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-3:]
        said = ": " + " / ".join(tail) if tail else ""
        raise ScorerError(f"the scorer exited with status {done.returncode}{said}")
    lines = done.stdout.splitlines()
    if len(lines) != len(records):
        raise ScorerError(f"the scorer answered {len(lines)} lines for {len(records)} records")
    return lines


def compare(answer: str, state: Any) -> tuple[tuple[Difference, ...], str | None]:
    """The differences between a scorer's answer line and our sheets, or a protocol problem."""
    try:
        sheets = json.loads(answer)
    except ValueError:
        return (), f"not JSON: {answer[:80]!r}"
    game = game_module(state.rules.game)
    ours = [s.as_dict() for s in game.score_sheets(state)]
    if not isinstance(sheets, list) or len(sheets) != len(ours) or not all(isinstance(s, dict) for s in sheets):
        return (), f"expected a JSON array of {len(ours)} sheets (objects), got {answer[:80]!r}"
    found = []
    for seat, (mine, theirs) in enumerate(zip(ours, sheets)):
        for row in game.ROWS:
            want, got = mine[row], theirs.get(row)
            if isinstance(want, list) and isinstance(got, list) and len(got) == len(want):
                found += [Difference(seat, row, r, g, w) for r, (w, g) in enumerate(zip(want, got)) if w != g]
            elif got != want:
                found.append(Difference(seat, row, None, got, want))
    return tuple(found), None


def check(command: Sequence[str], rules: Any, players: Sequence[int], seed: int, count: int,
          timeout: float) -> list[Game]:
    """Score ``count`` generated games with ``command``; every game with what differs."""
    games = make_games(rules, players, seed, count)
    records = [game_module(rules.game).record_of(state) for _, _, state in games]
    for record in records:
        record.pop("result", None)
    answers = run_scorer(command, records, timeout)
    out = []
    for (game_seed, n, state), record, answer in zip(games, records, answers):
        differences, problem = compare(answer, state)
        out.append(Game(game_seed, n, record, differences, problem))
    return out


def shortest(games: Sequence[Game]) -> Game:
    """The simplest failing game: fewest players, then the earliest round that differs."""
    return min((g for g in games if not g.agrees), key=lambda g: (g.players, g.first_round(), len(g.differences),
                                                                  g.seed))
