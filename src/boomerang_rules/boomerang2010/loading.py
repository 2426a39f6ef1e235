"""``load_rules`` typed for this game: a Boomerang (2010) ``Ruleset``, never another game's."""

from __future__ import annotations

import os

from ..core import loading
from .rules import GAME, Ruleset

TITLE = "Boomerang (2010)"
"""The game's name in messages ("a ruleset for 'standard', not Boomerang (2010)")."""


def load_rules(name_or_path: str | os.PathLike[str] = GAME) -> Ruleset:
    """Load a Boomerang (2010) ruleset by shipped id or by the path of a ruleset or variant file.

    ```pycon
    >>> load_rules().players
    PlayerRange(min=3, max=5)

    ```
    """
    rules: Ruleset = loading.of_game(loading.load_rules(name_or_path), Ruleset, TITLE, str(name_or_path))
    return rules
