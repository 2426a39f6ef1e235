"""Tournaments: many bot games of any game, summed up per seat. Games can run in several processes."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from .arguments import in_range, integer, string_list
from .bots import bot_game
from .games import game_module
from .limits import MAX_GAMES, MAX_JOBS
from .parallel import Lazy, chunk_size, chunks_of, ordered_map

GameResult = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]
"""Per seat the game total of each row (the game's ``ROWS`` order), and the winning seats."""


def _play(rules: Any, names: Sequence[str], seed: int, shift: int = 0) -> GameResult:
    """One game; with ``shift``, entry ``e`` of ``names`` sits at seat ``(e + shift) % n``, and
    the result is given back in entry order."""
    game = game_module(rules.game)
    n = len(names)
    state = bot_game(rules, [names[(seat - shift) % n] for seat in range(n)], seed)
    rows = tuple(tuple(sheet.row_total(row) for row in game.ROWS) for sheet in game.score_sheets(state))
    won = game.winners(state)
    if not shift:
        return rows, won
    return tuple(rows[(e + shift) % n] for e in range(n)), tuple(sorted((w - shift) % n for w in won))


def _play_chunk(rules: Any, names: Sequence[str], games: Sequence[tuple[int, int]]) -> list[GameResult]:
    return [_play(rules, names, seed, shift) for seed, shift in games]


@attrs.frozen
class SeatSummary:
    """One seat's results over a tournament."""

    seat: int
    bot: str
    mean_total: float
    stdev_total: float
    row_means: dict[str, float]
    win_rate: float
    """Wins over games, a shared win counted as a share (1/k for k winners)."""
    outright_wins: int


@attrs.frozen
class Tournament:
    """The outcome of ``run``: per-game results in game order, and per-seat summaries."""

    games: int
    seed: int
    rules: str
    bots: tuple[str, ...]
    rows: tuple[str, ...]
    """The game's score-sheet rows, in ``results`` order."""
    results: tuple[GameResult, ...] = attrs.field(repr=False)
    rotate: bool = False
    """Whether seats were rotated: then ``seats()`` and ``results`` are per entry of ``bots``
    (entry ``e`` sat at seat ``(e + i) % n`` in game ``i``), not per seat."""

    def seats(self) -> list[SeatSummary]:
        out = []
        total_index = self.rows.index("total")
        for seat, bot in enumerate(self.bots):
            totals = [rows[seat][total_index] for rows, _ in self.results]
            share = sum(1 / len(w) for _, w in self.results if seat in w)
            out.append(SeatSummary(
                seat, bot, statistics.fmean(totals), statistics.pstdev(totals),
                {row: statistics.fmean(rows[seat][i] for rows, _ in self.results) for i, row in enumerate(self.rows)},
                share / self.games, sum(1 for _, w in self.results if w == (seat,))))
        return out

    def by_bot(self) -> dict[str, tuple[float, float]]:
        """Per bot name: its mean total and its mean win share, over every seat it played."""
        out = {}
        summaries = self.seats()
        for bot in dict.fromkeys(self.bots):
            mine = [s for s in summaries if s.bot == bot]
            out[bot] = (statistics.fmean(s.mean_total for s in mine), statistics.fmean(s.win_rate for s in mine))
        return out

    def as_dict(self) -> dict[str, Any]:
        return {"games": self.games, "seed": self.seed, "rules": self.rules, "bots": list(self.bots),
                "rotate": self.rotate, "seats": [attrs.asdict(s) for s in self.seats()],
                "by_bot": {b: {"mean_total": m, "win_rate": w} for b, (m, w) in self.by_bot().items()}}


def run(rules: Any, names: Sequence[str], games: int, seed: int = 0, jobs: int = 1,
        progress: Callable[[int], None] | None = None, rotate: bool = False, ray: str | None = None) -> Tournament:
    """Play ``games`` games (seeds ``seed`` to ``seed + games - 1``); the same for any ``jobs`` or ``ray``.

    ``rotate``: in game ``i`` the bots move ``i`` seats on (entry ``e`` of ``names`` at seat
    ``(e + i) % n``), so that every bot plays every seat equally often; results are per entry.
    ``jobs``: processes to spread the games over. ``ray``: a Ray cluster's address to spread them
    over as tasks (``core.parallel.LOCAL``, ``"local"``, for a new local instance), a task
    whose worker dies run again; ``core.parallel.ParallelError`` when Ray cannot be used.
    """
    from .loading import rules_data

    rules_data(rules)  # a TypeError naming rules for anything but a loaded ruleset
    n = len(string_list(names, "names", "bot names"))
    games = in_range(games, 1, MAX_GAMES, "games", "a number of games")
    seed = integer(seed, "seed", "an integer seed")
    jobs = in_range(jobs, 1, MAX_JOBS, "jobs", "a number of processes")
    if not rules.players.min <= n <= rules.players.max:
        raise ValueError(f"names must hold one bot name per seat: {rules.id!r} is for {rules.players.min} to "
                         f"{rules.players.max} players, not {n}")
    seeds = Lazy(games, lambda i: (seed + i, i % n if rotate else 0))
    spread = ray is not None or jobs > 1
    chunks = chunks_of(seeds, chunk_size(games, max(jobs, 2)) if spread else 1)  # here: one game a chunk, for progress
    results: list[GameResult] = []
    names = list(names)
    calls = Lazy(len(chunks), lambda i: (rules, names, chunks[i]))
    for chunk, done in zip(chunks, ordered_map(_play_chunk, calls, jobs=jobs, ray=ray)):
        results.extend(done)
        if progress:
            progress(len(chunk))
    return Tournament(games, seed, rules.id, tuple(names), game_module(rules.game).ROWS, tuple(results), rotate)
