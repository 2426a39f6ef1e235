"""Tournaments: many bot games of any game, summed up per seat. Games can run in several processes.

The figures are folded game by game, in game order, as the results come in (``Tally``): a
tournament holds as much after a million games as after ten, and gives the same figures whether
its games ran here, in processes or on Ray.
"""

from __future__ import annotations

import math
import statistics
import sys
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

import attrs

from .arguments import in_range, integer, string_list
from .bots import bot_game
from .games import game_module
from .limits import MAX_GAMES, MAX_JOBS
from .parallel import Lazy, chunk_size, chunks_of, ordered_map
from .seats import plays_for

GameResult = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]
"""Per seat the figure of each row (the game's ``ROWS`` order; ``sheet.row_figure``: the row's game
total, Sea Salt & Paper's rounds counted), and the winning seats."""


def _play(rules: Any, names: Sequence[str], seed: int, shift: int = 0) -> GameResult:
    """One game; with ``shift``, entry ``e`` of ``names`` sits at seat ``(e + shift) % n``, and
    the result is given back in entry order."""
    game = game_module(rules.game)
    n = len(names)
    state = bot_game(rules, [names[(seat - shift) % n] for seat in range(n)], seed)
    rows = tuple(tuple(sheet.row_figure(row) for row in game.ROWS) for sheet in game.score_sheets(state))
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


def _sqrt(value: Fraction) -> float:
    """The square root of ``value`` (not negative) as a float, correctly rounded: what
    ``statistics.pstdev`` gives for the data whose mean square deviation it is (it rounds the same
    exact root, by round-to-odd on enough bits)."""
    n, m = value.numerator, value.denominator
    q = (n.bit_length() - m.bit_length() - _SQRT_BITS) // 2
    if q >= 0:
        root = _sqrt_round_to_odd(n, m << 2 * q) << q
        return root / 1
    return _sqrt_round_to_odd(n << -2 * q, m) / (1 << -q)


_SQRT_BITS = 2 * sys.float_info.mant_dig + 3


def _sqrt_round_to_odd(n: int, m: int) -> int:
    root = math.isqrt(n // m)
    return root | (root * root * m != n)


@attrs.define
class Tally:
    """A tournament's figures folded game by game: per entry, the sum of each row and of the squared
    totals, and how many games it won with 1, 2, ... winners. Its size depends on the players and
    rows, never on the games (``add`` changes numbers, never the lists' lengths); the summaries it
    gives are those of the games' results (``statistics.fmean`` and ``pstdev``, exactly), whatever
    order the results were produced in, as long as they are added in game order."""

    players: int
    rows: int
    total: int
    """The index of the total among the rows."""
    games: int = 0
    row_sums: list[list[int]] = attrs.field(factory=list)
    total_squares: list[int] = attrs.field(factory=list)
    wins: list[list[int]] = attrs.field(factory=list)
    """``wins[e][k - 1]``: the games entry ``e`` won with ``k`` winners in all."""

    @classmethod
    def empty(cls, players: int, rows: int, total: int) -> Tally:
        return cls(players, rows, total, 0, [[0] * rows for _ in range(players)], [0] * players,
                   [[0] * players for _ in range(players)])

    @classmethod
    def of(cls, results: Iterable[GameResult], players: int, rows: int, total: int) -> Tally:
        tally = cls.empty(players, rows, total)
        for result in results:
            tally.add(result)
        return tally

    def add(self, result: GameResult) -> None:
        """Fold one game's result (per entry its rows' totals, and the winners) in."""
        rows, won = result
        self.games += 1
        for entry, row_totals in enumerate(rows):
            sums = self.row_sums[entry]
            for index, value in enumerate(row_totals):
                sums[index] += value
            self.total_squares[entry] += row_totals[self.total] ** 2
        for entry in won:
            self.wins[entry][len(won) - 1] += 1

    def summary(self, entry: int, bot: str, row_names: Sequence[str]) -> SeatSummary:
        """Entry ``entry``'s figures over the games folded so far (at least one)."""
        games = self.games
        sums = self.row_sums[entry]
        total = sums[self.total]
        # fmean: the exact sum, rounded to a float, over the count; pstdev: the root of the exact mean square.
        square = Fraction(games * self.total_squares[entry] - total * total, games * games)
        share = sum(Fraction(count, k + 1) for k, count in enumerate(self.wins[entry]))
        return SeatSummary(entry, bot, float(total) / games, _sqrt(square),
                           {row: float(sums[i]) / games for i, row in enumerate(row_names)},
                           float(share / games), self.wins[entry][0])


@attrs.frozen
class Tournament:
    """The outcome of ``run``: per-seat figures (``tally``), and per-game results in game order when kept."""

    games: int
    seed: int
    rules: str
    bots: tuple[str, ...]
    rows: tuple[str, ...]
    """The game's score-sheet rows, in ``results`` order."""
    results: tuple[GameResult, ...] = attrs.field(default=(), repr=False)
    """Every game's result, in game order, when ``run`` was asked to keep them (``keep_results``);
    empty otherwise (a million games' results are hundreds of megabytes)."""
    rotate: bool = False
    """Whether seats were rotated: then ``seats()`` and ``results`` are per entry of ``bots``
    (entry ``e`` sat at seat ``(e + i) % n`` in game ``i``), not per seat."""
    tally: Tally = attrs.field(repr=False, hash=False, default=attrs.Factory(
        lambda self: Tally.of(self.results, len(self.bots), len(self.rows), self.rows.index("total")),
        takes_self=True))
    """The figures folded game by game (made from ``results`` when not given)."""

    def seats(self) -> list[SeatSummary]:
        return [self.tally.summary(seat, bot, self.rows) for seat, bot in enumerate(self.bots)]

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
        progress: Callable[[int], None] | None = None, rotate: bool = False, ray: str | None = None,
        keep_results: bool = False) -> Tournament:
    """Play ``games`` games (seeds ``seed`` to ``seed + games - 1``); the same for any ``jobs`` or ``ray``.

    ``rotate``: in game ``i`` the bots move ``i`` seats on (entry ``e`` of ``names`` at seat
    ``(e + i) % n``), so that every bot plays every seat equally often; results are per entry.
    ``jobs``: processes to spread the games over. ``ray``: a Ray cluster's address to spread them
    over as tasks (``core.parallel.LOCAL``, ``"local"``, for a new local instance), a task
    whose worker dies run again; ``core.parallel.ParallelError`` when Ray cannot be used.
    ``keep_results``: keep every game's result (``Tournament.results``); without it the figures are
    folded as the games come in (``Tally``), and memory does not grow with ``games``.
    """
    from .loading import require_ruleset

    require_ruleset(rules)
    n = len(string_list(names, "names", "bot names"))
    games = in_range(games, 1, MAX_GAMES, "games", "a number of games")
    seed = integer(seed, "seed", "an integer seed")
    jobs = in_range(jobs, 1, MAX_JOBS, "jobs", "a number of processes")
    if not rules.players.min <= n <= rules.players.max:
        raise ValueError(f"names must hold one bot name per seat: {plays_for(rules)}, not {n}")
    seeds = Lazy(games, lambda i: (seed + i, i % n if rotate else 0))
    spread = ray is not None or jobs > 1
    chunks = chunks_of(seeds, chunk_size(games, max(jobs, 2)) if spread else 1)  # here: one game a chunk, for progress
    rows = game_module(rules.game).ROWS
    tally = Tally.empty(n, len(rows), rows.index("total"))
    kept: list[GameResult] = []
    names = list(names)
    calls = Lazy(len(chunks), lambda i: (rules, names, chunks[i]))
    for chunk, done in zip(chunks, ordered_map(_play_chunk, calls, jobs=jobs, ray=ray)):
        for result in done:  # in game order, whatever ran them
            tally.add(result)
        if keep_results:
            kept.extend(done)
        if progress:
            progress(len(chunk))
    return Tournament(games, seed, rules.id, tuple(names), rows, tuple(kept), rotate, tally)
