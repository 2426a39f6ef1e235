"""``load_rules`` typed for this game: a Boomerang (2010) ``Ruleset``, never another game's."""

from __future__ import annotations

import os

from ..core import loading
from ..core.errors import Problem, RulesError
from .rules import GAME, Ruleset


def load_rules(name_or_path: str | os.PathLike[str] = GAME) -> Ruleset:
    """Load a Boomerang (2010) ruleset by shipped id or by the path of a ruleset or variant file.

    ```pycon
    >>> load_rules().players
    PlayerRange(min=3, max=5)

    ```
    """
    rules = loading.load_rules(name_or_path)
    if not isinstance(rules, Ruleset):
        raise RulesError([Problem("/game", f"a ruleset for {rules.game!r}, not {GAME!r}", "game",
                                  str(name_or_path))])
    return rules
