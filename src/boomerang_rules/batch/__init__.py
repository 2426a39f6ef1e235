"""Batched engines: thousands of games at once in compiled code, one per game (extra ``batch``).

Needs the optional extra ``batch`` (numba and numpy): ``pip install 'boomerang-rules[batch]'``.
Each game has its module here (``australia``, ``seasaltpaper``, ``boomerang2010``, each over
its own kernels), and the functions below pass a ruleset or a batch to its game's module
(``ENGINES``: the ruleset's class names the game). A ruleset its game's compiled engine
refuses (Extra Salt's 66 cards, a card kind or rule its kernels do not know), or of a game
without one, is served by ``generic``: the same API over the plain engine, slower
(``serving(rules)`` says which module serves a ruleset). Two ways in:

- ``playouts`` plays whole games inside one compiled loop and returns every seat's totals,
  for simulations of millions of games (``return_actions=True``: the action ids too);
- ``init`` / ``legal_masks`` / ``step`` / ``totals``: a step API for reinforcement learning,
  actions chosen outside; ``batch.over`` once every game has ended. Boomerang: Australia's
  games move in lockstep, every seat acting at every step; Boomerang (2010)'s seats act when
  they owe a decision (``to_act``); Sea Salt & Paper's step takes one action per game, its
  seat to act's. ``docs/api.md`` gives each game's shapes. ``first_legal(masks)`` is the lowest
  legal action of each row of the masks (numpy's ``argmax`` of them, compiled): the benches' policy.

Game ``i`` of a batch is dealt exactly as ``new_game(rules, players, seed=seed + i)`` (the
same shuffles, from the same generator), and action ids are the game's integer actions;
tests replay batched games through the pure engine, which stays the reference.
Everything runs on one thread, the caller's (``THREADS``).

```pycon
>>> import boomerang_rules as br
>>> from boomerang_rules import batch
>>> totals = batch.playouts(br.load_rules(), players=4, games=1000, seed=1)
>>> totals.shape
(1000, 4)
>>> batch.playouts(br.load_rules("sea-salt-paper"), players=3, games=10, seed=1).shape
(10, 3)

```
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType
from typing import Any

from ..core.extras import missing

try:
    import numba  # noqa: F401  (the kernels': asked here to name the extra when it is missing)
    import numpy as np
    import numpy.typing as npt
except ModuleNotFoundError as error:
    raise missing(error, "boomerang_rules.batch", "batch") from None

from ..core.arguments import brief, duration
from ..core.errors import RulesError
from ..core.loading import loaded
from . import generic

# the first batched engine's names, kept at the top as docs/api.md gives them (Boomerang: Australia's
# Batch, GAME, bench_playouts...); the functions below find every game's engine through ENGINES
from .australia import (
    GAME,
    THREADS,
    Batch,
    bench_playouts,
    bench_step_api,
    decisions,
    observe_start,
    sampler,
    step_observe,
)
from .common import MAX_DECK, SHUFFLE, first_legal, refuse

_SHUFFLE = SHUFFLE

ENGINES = ("australia", "seasaltpaper", "boomerang2010")
"""The modules of this package that each run one game; each names its ruleset class
(``Ruleset``), its ``Batch`` and the functions below."""


@cache
def _engines() -> tuple[ModuleType, ...]:
    return tuple(importlib.import_module(f".{name}", __name__) for name in ENGINES)


def engine_for(rules: object) -> Any:
    """The module that runs ``rules``'s game (a ruleset, a shipped id or a path); ``RulesError`` when
    no batched engine does."""
    rules = loaded(rules)
    for module in _engines():
        if isinstance(rules, module.Ruleset):
            return module
    games = ", ".join(module.GAME for module in _engines())
    game = getattr(rules, "game", type(rules).__name__)
    raise refuse("batch-game", f"it runs only {games} rulesets, not {game!r}")


def serving(rules: object) -> Any:
    """The module that plays ``rules`` here: its game's compiled engine (``australia``,
    ``seasaltpaper``, ``boomerang2010``), or ``generic`` when that refuses it (``compile_rules``'
    ``RulesError``) or the game has none; the compiled engine's ``RulesError`` when neither plays it.

    ``playouts``, ``init`` and ``rl.vector.VectorEnv`` all choose through it, so a caller can ask
    beforehand which engine (and so which speed) a ruleset gets.
    """
    rules = loaded(rules)
    try:
        module = engine_for(rules)
        module.compile_rules(rules)
        return module
    except RulesError as refused:
        try:
            generic.compile_rules(rules)
        except RulesError:
            raise refused from None
        return generic


def _engine_of(batch: object) -> Any:
    if isinstance(batch, generic.Batch):
        return generic
    for module in _engines():
        if isinstance(batch, module.Batch):
            return module
    raise TypeError(f"batch must be a Batch of batch.init, not {type(batch).__name__}")


def compile_rules(rules: Any) -> Any:
    """The kernels' arrays for ``rules``; ``RulesError`` naming the reason if its engine cannot run it
    (``playouts`` and ``init`` then serve it through ``generic``, the plain engine)."""
    rules = loaded(rules)
    return engine_for(rules).compile_rules(rules)


def num_actions(rules: Any) -> int:
    """How many action ids ``rules`` has (the game's own integer actions)."""
    rules = loaded(rules)
    count: int = serving(rules).num_actions(rules)
    return count


def action_names(rules: Any) -> tuple[str, ...]:
    """The action each id stands for."""
    rules = loaded(rules)
    names: tuple[str, ...] = serving(rules).action_names(rules)
    return names


def playouts(rules: Any, players: int, games: int, seed: int, policy: str = "random",
             return_actions: bool = False) -> Any:
    """Play ``games`` whole games; each seat's final total as an int32 array ``(games, players)``.
    ``rules``: a ruleset, or a shipped id or a file's path (as every function here takes it).

    Game ``i`` is dealt as ``new_game(rules, players, seed=seed + i)``; ``policy`` is
    ``"random"`` (uniform over the legal actions, from a generator seeded apart from the
    dealer's) or, where it ends a game, ``"lowest"`` (not Sea Salt & Paper). With
    ``return_actions`` also the action ids chosen: Boomerang: Australia's ``(games, players,
    decisions)``; the other games', whose games differ in length, ``(games, longest)`` in the
    pure engine's order of play, padded with -1.
    """
    rules = loaded(rules)
    return serving(rules).playouts(rules, players, games, seed, policy=policy, return_actions=return_actions)


def init(rules: Any, players: int, games: int, seed: int) -> Any:
    """``games`` new games, game ``i`` dealt as ``new_game(rules, players, seed=seed + i)``."""
    rules = loaded(rules)
    return serving(rules).init(rules, players, games, seed)


def legal_masks(batch: Any) -> npt.NDArray[np.bool_]:
    """The legal actions now, as bools over the action ids (the game's shape; all False once over)."""
    masks: npt.NDArray[np.bool_] = _engine_of(batch).legal_masks(batch)
    return masks


def step(batch: Any, actions: npt.ArrayLike) -> tuple[Any, npt.NDArray[np.int32]]:
    """Apply the actions of every seat owing one; return the batch (changed in place) and each
    seat's reward, ``(games, players)``: the points the step added to its total.

    Raises ``IllegalAction`` naming the first illegal game (and seat), and then applies none.
    """
    out: tuple[Any, npt.NDArray[np.int32]] = _engine_of(batch).step(batch, actions)
    return out


def totals(batch: Any) -> npt.NDArray[np.int32]:
    """Each seat's total so far, ``(games, players)`` (the final totals once ``batch.over``)."""
    out: npt.NDArray[np.int32] = _engine_of(batch).totals(batch)
    return out


def to_act(batch: Any) -> npt.NDArray[Any]:
    """Who owes a decision: Sea Salt & Paper's seat per game ``(games,)`` (-1 once over); the
    other games' bools ``(games, players)``."""
    out: npt.NDArray[Any] = _engine_of(batch).to_act(batch)
    return out


def sample_actions(batch: Any, states: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    """A uniformly random legal action id for every decision owed (``sampler`` states, advanced)."""
    out: npt.NDArray[np.int64] = _engine_of(batch).sample_actions(batch, states)
    return out


def bench_rates(rules: Any, kind: str, seconds: float = 1.0, players: int = 4, games: int = 4096
                ) -> tuple[float, float]:
    """Games and decisions per second of ``playouts`` (``kind="playouts"``) or the step API
    (``"step_api"``) for about ``seconds``: the figures ``bench`` and ``benchmarks/`` report.

    ``rules``: a game id (its default ruleset, on its compiled engine), or a ruleset (or the id or
    path of one), timed on the engine that serves it (``serving``: ``generic`` for one the kernels
    refuse, such as Extra Salt).
    """
    if kind not in ("playouts", "step_api"):
        raise ValueError(f"kind must be 'playouts' or 'step_api', not {brief(kind)}")
    seconds = duration(seconds)
    module = next((m for m in _engines() if rules == m.GAME), None) if isinstance(rules, str) else None
    ruleset = None
    if module is None:
        if isinstance(rules, str):
            from ..core.loading import load_rules

            try:
                rules = load_rules(rules)
            except Exception as exc:
                known = ", ".join(m.GAME for m in _engines())
                raise ValueError(f"{brief(rules)} is neither a game with a batched engine ({known}) nor a ruleset: "
                                 f"{exc}") from None
        module, ruleset = serving(rules), rules
    own = getattr(module, "decision_rates", None)  # an engine whose benches count games alone says how
    if own is not None:                               # many decisions they were (Boomerang: Australia's)
        rates: tuple[float, float] = own(kind, seconds, players, games, ruleset)
        return rates
    out: tuple[float, float] = getattr(module, f"bench_{kind}")(seconds, players, games, ruleset)
    return out


__all__ = ["ENGINES", "GAME", "MAX_DECK", "THREADS", "Batch", "action_names", "bench_playouts", "bench_rates",
           "bench_step_api", "compile_rules", "decisions", "engine_for", "first_legal", "init", "legal_masks",
           "num_actions", "observe_start", "playouts", "sample_actions", "sampler", "serving", "step", "step_observe",
           "to_act", "totals"]
