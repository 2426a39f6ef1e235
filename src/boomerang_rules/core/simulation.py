"""Bot games written as game records: what ``simulate`` produces, one chunk of seeds at a time.

A chunk's lines depend only on its arguments, so ``core.parallel`` can spread the chunks over
processes or a Ray cluster and the output stays the same, byte for byte.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from . import bots
from .arguments import in_range, integer, string_list
from .games import game_module
from .jsonio import dumps_pretty
from .limits import MAX_GAMES, MAX_JOBS
from .parallel import Lazy, chunk_size, chunks_of, ordered_map

_one_line = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode
"""``json.dumps(record, ensure_ascii=False, separators=(",", ":"))``, the encoder made once. A record
``record_of`` made holds no cycle, so the encoder need not keep every list and dict it enters in a
dict of those open (``check_circular``): a quarter of a Sea Salt & Paper record's encoding, whose
every decision is a list (issue 27). The text is the same."""


def record_texts(rules: Any, names: Sequence[str], seat_names: Sequence[str], seeds: Sequence[int],
                 lines: bool) -> list[str]:
    """The record of the bot game dealt from each seed, as JSON text: one line each (``lines``) or an
    indented document each; every text ends in a newline.

    A game package may give ``record_line(state, names)``, the line ``_one_line(record_of(state,
    names))`` written faster (its tests compare the two); it then writes the lines."""
    module = game_module(rules.game)
    record_of = module.record_of
    line_of = getattr(module, "record_line", None) if lines else None
    out = []
    for seed in seeds:
        state = bots.bot_game(rules, names, seed)
        if line_of is not None:
            out.append(line_of(state, list(seat_names)) + "\n")
            continue
        record = record_of(state, list(seat_names))
        out.append((_one_line(record) if lines else dumps_pretty(record)) + "\n")
    return out


def simulate(rules: Any, names: Sequence[str], seat_names: Sequence[str], seed: int, games: int, lines: bool,
             *, jobs: int = 1, ray: str | None = None, progress: Callable[[int], None] | None = None
             ) -> Iterator[str]:
    """The texts of ``record_texts`` for seeds ``seed`` to ``seed + games - 1`` (``games`` up to
    ``core.limits.MAX_GAMES``), in that order, played here, in ``jobs`` processes (1 to
    ``core.limits.MAX_JOBS``) or on a Ray cluster (``core.parallel.ordered_map``). Every argument is
    checked as ``core.tournament.run`` checks its own, before any game is played: a ``TypeError`` or
    ``ValueError`` naming it (``seat_names=None`` raised "'NoneType' object is not iterable", a seed
    given as text "can only concatenate str")."""
    from .loading import require_ruleset

    require_ruleset(rules)
    string_list(names, "names", "bot names")
    string_list(seat_names, "seat_names", "player names")
    seed = integer(seed, "seed", "an integer seed")
    jobs = in_range(jobs, 1, MAX_JOBS, "jobs", "a number of processes")
    games = in_range(games, 0, MAX_GAMES, "games", "a number of games")
    spread = ray is not None or jobs > 1
    seeds = range(seed, seed + games)
    chunks = chunks_of(seeds, chunk_size(games, max(jobs, 2)) if spread else 1)
    names, seat_names = list(names), list(seat_names)
    calls = Lazy(len(chunks), lambda i: (rules, names, seat_names, chunks[i], lines))
    for chunk, texts in zip(chunks, ordered_map(record_texts, calls, jobs=jobs, ray=ray)):
        yield from texts
        if progress:
            progress(len(chunk))
