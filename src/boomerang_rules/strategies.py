"""Hypothesis strategies for testing code against boomerang-rules (needs the ``test`` extra).

Use them in your own test suite to generate legal games, valid records, and records with
exactly one rule broken that a correct validator must reject::

    from hypothesis import given
    from boomerang_rules import strategies as bst

    @given(bst.records(finished=True))
    def test_my_scorer_agrees(record):
        assert my_scores(record) == record["result"]["sheets"]

Games are reached by hypothesis-chosen legal actions, so a failure shrinks to a short game.
The strategies here serve every game through its package's own ``strategies`` module (found
through the registry, ``core.games.GAMES``): its ``game_state`` and ``break_one_rule``, and its
``generated_rulesets`` where it makes rulesets of its own.
"""

from __future__ import annotations

import copy
import importlib
from types import ModuleType
from typing import Any

from hypothesis import strategies as st

from .core.arguments import brief, flag
from .core.drawn_rulesets import rulesets_for
from .core.games import GAMES, game_module
from .core.loading import ruleset_argument

RulesArg = Any
"""A ruleset, a shipped id, a strategy of rulesets, or None (Boomerang: Australia's shipped ones)."""

AUSTRALIA = next(iter(GAMES))
"""The default game of these strategies: the registry's first (Boomerang: Australia)."""


def _strategies_of(game: str) -> ModuleType:
    """The strategies module of ``game``'s package (``<package>.strategies``)."""
    return importlib.import_module(GAMES[game] + ".strategies")


def rulesets(generated: bool = True, game: str = AUSTRALIA, players: int | None = None) -> st.SearchStrategy[Any]:
    """The shipped rulesets and variants of ``game`` (Boomerang: Australia's by default;
    ``"sea-salt-paper"`` for Sea Salt & Paper's) and, unless ``generated`` is false, rulesets made
    from them where the game's own strategies make some (its package's ``generated_rulesets``):
    Boomerang: Australia's other hand sizes, player ranges, round counts and decks of up to 250
    cards, Boomerang (2010)'s as ``b10_rulesets`` makes them, Sea Salt & Paper's as
    ``ssp_rulesets(generated=True)`` does (other player ranges, targets, tie-breaks...). A
    ``game`` the library does not know is a ``ValueError`` naming it (hypothesis said only "Cannot
    sample from a length-zero sequence"). Given ``players``, only rulesets for that many players: the
    shipped ones that admit it, and generated ones made for it (``core.drawn_rulesets``); a count no
    ruleset of the game can be for is a ``ValueError``."""
    if not isinstance(game, str) or game not in GAMES:
        raise ValueError(f"game must be one of {', '.join(map(repr, GAMES))}, not {brief(game)}")
    own = _strategies_of(game)
    made = getattr(own, "generated_rulesets", None) if flag(generated, "generated") else None
    return rulesets_for(game, players, made, getattr(own, "GENERATED_PLAYERS", range(0)))


def _rules(draw: st.DrawFn, rules: RulesArg, players: int | None = None) -> Any:
    """The ruleset ``rules`` names or draws; when None, one of ``rulesets()`` for ``players`` players
    (when given): ``games(players=3)`` drew a ruleset for one or two and failed inside."""
    if rules is None:
        return draw(rulesets(players=players))
    if isinstance(rules, st.SearchStrategy):
        return _ruleset(draw(rules), " (drawn by the strategy given)")
    return _ruleset(rules)


def _ruleset(rules: object, drawn: str = "") -> Any:
    """``rules`` as a ruleset: an id or a path loaded, a ruleset of a known game as it is; a
    ``TypeError`` naming what it is otherwise (``core.loading.ruleset_argument``, as each game's own
    strategies refuse it: an ``AttributeError`` from the strategies' inside was all a tester got)."""
    return ruleset_argument(rules, drawn)


@st.composite
def games(draw: st.DrawFn, players: int | None = None, rules: RulesArg = None,
          finished: bool | None = True) -> Any:
    """A legal game state: finished, unfinished (stopped anywhere), or either (``None``).

    The game is the ruleset's: pass ``rules="sea-salt-paper"`` (or ``rulesets(game="sea-salt-paper")``)
    for Sea Salt & Paper games.
    """
    ruleset = _rules(draw, rules, players)
    return _strategies_of(ruleset.game).game_state(draw, players, ruleset, finished)


@st.composite
def records(draw: st.DrawFn, players: int | None = None, rules: RulesArg = None,
            finished: bool | None = None, with_result: bool | None = None) -> dict[str, Any]:
    """A valid game record; ``with_result`` (default: either) keeps a finished game's result."""
    with_result = flag(with_result, "with_result", none=True)
    ruleset = _rules(draw, rules, players)
    state = draw(games(players, ruleset, finished))
    record = game_module(ruleset.game).record_of(state)
    keep = draw(st.booleans()) if with_result is None else with_result
    if not keep:
        record.pop("result", None)
    return record


def draft_cards(rules: Any = None) -> st.SearchStrategy[list[str]]:
    """Distinct card ids, as many as a hand, in draft order (Throw first, Catch last): Boomerang:
    Australia's, of ``rules`` (a ruleset, an id or path, a strategy of them, or None for the standard
    ruleset; another game's ruleset is refused as ``load_rules`` refuses its id)."""
    return _draft_cards(rules)


@st.composite
def invalid_records(draw: st.DrawFn, players: int | None = None,
                    rules: RulesArg = None) -> tuple[dict[str, Any], str, str]:
    """A record with exactly one rule broken, the JSON pointer and the rule a validator must report.

    The rules are this library's rule names, the ruleset's game's (its package's ``break_one_rule``
    breaks one): Boomerang: Australia's ``pick-in-hand``, ``card-unique``, ``catch``,
    ``activity-once``, ``result-sheet``, ``result-winners``, ``leftover-dealt-first`` and
    ``schema:type``; the other games' as their rules pages list them.
    """
    ruleset = _rules(draw, rules, players)
    record = copy.deepcopy(draw(records(players, ruleset, finished=None, with_result=None)))
    broken: tuple[dict[str, Any], str, str] = _strategies_of(ruleset.game).break_one_rule(draw, record, ruleset)
    return broken


# Boomerang: Australia's own, under the names they have always had here.
from .australia.strategies import GENERATED_ID as GENERATED_ID  # noqa: E402
from .australia.strategies import draft_cards as _draft_cards  # noqa: E402
from .australia.strategies import shipped_ids as shipped_ids  # noqa: E402

# Boomerang (2010): the same strategies for the hunting game, under a ``b10_`` prefix.
from .boomerang2010.strategies import games as b10_games  # noqa: E402
from .boomerang2010.strategies import invalid_records as b10_invalid_records  # noqa: E402
from .boomerang2010.strategies import records as b10_records  # noqa: E402
from .boomerang2010.strategies import rulesets as b10_rulesets  # noqa: E402
from .boomerang2010.strategies import tables as b10_tables  # noqa: E402

# Sea Salt & Paper: the same strategies with an ``ssp_`` prefix (``games``, ``records`` and
# ``invalid_records`` above also play it when given one of its rulesets).
from .seasaltpaper.strategies import games as ssp_games  # noqa: E402
from .seasaltpaper.strategies import hands as ssp_hands  # noqa: E402
from .seasaltpaper.strategies import invalid_records as ssp_invalid_records  # noqa: E402
from .seasaltpaper.strategies import records as ssp_records  # noqa: E402
from .seasaltpaper.strategies import rulesets as ssp_rulesets  # noqa: E402

__all__ = [
    "b10_games",
    "b10_invalid_records",
    "b10_records",
    "b10_rulesets",
    "b10_tables",
    "draft_cards",
    "games",
    "invalid_records",
    "records",
    "rulesets",
    "ssp_games",
    "ssp_hands",
    "ssp_invalid_records",
    "ssp_records",
    "ssp_rulesets",
]
