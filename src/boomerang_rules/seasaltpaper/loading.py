"""``load_rules`` typed for this game: a Sea Salt & Paper ``Ruleset``, never another game's."""

from __future__ import annotations

import os

from ..core import loading
from .rules import Ruleset

TITLE = "Sea Salt & Paper"
"""The game's name in messages ("a ruleset for 'boomerang-2010', not Sea Salt & Paper")."""


def load_rules(name_or_path: str | os.PathLike[str] = "sea-salt-paper") -> Ruleset:
    """Load a Sea Salt & Paper ruleset by shipped id or by the path of a JSON file.

    ```pycon
    >>> load_rules().end_targets["3"]
    35

    ```
    """
    rules: Ruleset = loading.of_game(loading.load_rules(name_or_path), Ruleset, TITLE, str(name_or_path))
    return rules
