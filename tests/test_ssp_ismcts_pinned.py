"""Sea Salt & Paper's search bot pinned: seeded games and searches that must play exactly as they did.

The search is made faster from time to time (its rollout policy's scoring, the engine it plays
on); every such change must leave its play alone. These digests were taken before the rollout's
points were memoized and the compiled engine put under it (2026-12-05): the actions of whole
seeded games, on every shipped Sea Salt & Paper ruleset, and the whole root of a default-budget
search (each action's visits and summed reward) at the first decisions of the rounds, where the
playouts are longest. A digest that changes is a change of play, never a speed-up.

The one change of play since: the work budget where the playouts run on the plain engine
(``ismcts.PLAIN_SIMULATED_PER_PLAYOUT``, 2026-12-06) ends the longest searches early, so three
digests were taken again (``UNCAPPED``: the ones before, which the search still plays with the
cap lifted). A second (2026-12-07): a crab pair's pick of a pile's top is known in the taker's hand,
so the search's determinizations keep it there, and the game's log keeps its card; the game digests
were taken again (all but Extra Salt's at 3 players, which has no such pick; the roots are unchanged).
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

import boomerang_rules as br
from boomerang_rules.core.bots import bot_game, play_game
from boomerang_rules.core.games import game_module
from boomerang_rules.seasaltpaper import ismcts as ssp_ismcts

GAMES = {
    ("sea-salt-paper", 3): "c6925968f92254a2",
    ("sea-salt-paper", 4): "28bdd3705e970e4f",
    ("sea-salt-paper-boat-from-discards", 3): "c6925968f92254a2",
    ("sea-salt-paper-extra-salt", 3): "57402fffc7646cda",
    ("sea-salt-paper-extra-salt", 4): "3fd473ca10af74b3",
    ("sea-salt-paper-last-chance-deck", 3): "c6925968f92254a2",
    ("sea-salt-paper-mermaids-without-white", 3): "bef5035732b506eb",
    ("sea-salt-paper-mermaids-without-white", 4): "3f627cc7d2e76ccd",
    ("sea-salt-paper-tie-ender", 3): "c6925968f92254a2",
    ("sea-salt-paper-tie-went-last", 3): "c6925968f92254a2",
}
"""Each ruleset and player count's game digest (``_game_digest``, seed 3; the seats: ``_names``).
Variants whose rule this game never reaches play it as the standard rules do."""

ROOTS = {
    ("sea-salt-paper", 3): "b420e79b7034f1ca",
    ("sea-salt-paper", 4): "012f3621c0a74a31",
    ("sea-salt-paper-extra-salt", 3): "ad842c9a934bb64f",
    ("sea-salt-paper-extra-salt", 4): "cd73b123d2d71a1f",
}
"""Each ruleset and player count's digest of two default-budget roots (``_round_start_roots``, seed 2)."""

UNCAPPED = {
    ("game", "sea-salt-paper-extra-salt", 4): "531cde988ca4ffa8",
    ("game", "sea-salt-paper-mermaids-without-white", 4): "9c941da6635f2fbe",
    ("roots", "sea-salt-paper-extra-salt", 4): "f1caf7d7cef95bf4",
}
"""The digests ``GAMES`` and ``ROOTS`` had before the work budget, which the search plays with it lifted:
the budget is the only change of play, and the others (Extra Salt at 3 players too) it leaves alone."""


def _names(players: int) -> list[str]:
    """The seats: one small search among greedy and random seats, where it sits turned with the count."""
    return ["ismcts:8", "greedy", "greedy"] if players == 3 else ["greedy", "random", "ismcts:8", "greedy"]


def _game_digest(rid: str, players: int, seed: int) -> str:
    """A digest of a whole seeded game's decisions (each round's log, its end) and totals."""
    state = bot_game(br.load_rules(rid), _names(players), seed)
    assert br.is_over(state)
    text = repr((state.totals, [(r.end, r.ender, r.log) for r in state.history]))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _round_start_roots(rid: str, players: int, seed: int, count: int) -> str:
    """A digest of the search's root (each action's visits and summed reward) at the search seat's
    first ``count`` decisions with an empty hand (a round's first draw: the longest playouts), at
    the default budget, in a game against greedy seats."""
    rules = br.load_rules(rid)
    bots = game_module(rules.game).BOTS
    roots: list[list[tuple[str, int, float]]] = []

    class Enough(Exception):
        """The roots are all taken: the rest of the game is not needed."""

    class Watched:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, seen: Any, actions: tuple[str, ...]) -> str:
            if seen.phase == "draw" and not seen.hand and len(actions) > 1 and len(roots) < count:
                before = self.bot._gen
                root = self.bot.search(seen)
                self.bot._gen = before  # the game goes on as it would have
                roots.append(sorted((a, n.visits, n.total) for a, n in root.children.items()))
                if len(roots) == count:
                    raise Enough
            chosen: str = self.bot.choose(seen, actions)
            return chosen

    seats = [Watched(bots["ismcts"](rules, seed)) if s == 0 else bots["greedy"](rules, seed + s)
             for s in range(players)]
    with pytest.raises(Enough):
        play_game(rules, seats, seed)
    return hashlib.sha256(repr(roots).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("rid", "players"), sorted(GAMES))
def test_seeded_games_of_the_search_play_as_pinned(rid: str, players: int) -> None:
    assert _game_digest(rid, players, 3) == GAMES[rid, players]


@pytest.mark.parametrize(("rid", "players"), sorted(ROOTS))
def test_the_slowest_searches_end_with_the_pinned_roots(rid: str, players: int) -> None:
    """A round's first draw at the default budget: every action's visits and summed reward as pinned."""
    assert _round_start_roots(rid, players, 2, 2) == ROOTS[rid, players]


@pytest.mark.parametrize(("what", "rid", "players"), sorted(UNCAPPED))
def test_the_work_budget_lifted_plays_as_before_it(monkeypatch: pytest.MonkeyPatch, what: str, rid: str,
                                                   players: int) -> None:
    """Without the plain engine's work budget, the three digests it changed are as they were."""
    monkeypatch.setattr(ssp_ismcts, "PLAIN_SIMULATED_PER_PLAYOUT", None)
    digest = _game_digest(rid, players, 3) if what == "game" else _round_start_roots(rid, players, 2, 2)
    assert digest == UNCAPPED[what, rid, players]
