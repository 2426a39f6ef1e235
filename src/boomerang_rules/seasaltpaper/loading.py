"""``load_rules`` typed for this game: a Sea Salt & Paper ``Ruleset``, never another game's."""

from __future__ import annotations

import os

from ..core import loading
from ..core.errors import Problem, RulesError
from .rules import Ruleset


def load_rules(name_or_path: str | os.PathLike[str] = "sea-salt-paper") -> Ruleset:
    """Load a Sea Salt & Paper ruleset by shipped id or by the path of a JSON file.

    ```pycon
    >>> load_rules().end_targets["3"]
    35

    ```
    """
    rules = loading.load_rules(name_or_path)
    if not isinstance(rules, Ruleset):
        raise RulesError([Problem("/game", f"a ruleset for {rules.game!r}, not Sea Salt & Paper", "game",
                                  str(name_or_path))])
    return rules
