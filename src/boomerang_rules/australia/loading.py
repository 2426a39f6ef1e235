"""``load_rules`` typed for this game: a ``Ruleset``, never another game's."""

from __future__ import annotations

import os

from ..core import loading
from .rules import Ruleset

TITLE = "Boomerang: Australia"
"""The game's name in messages ("a ruleset for 'boomerang-2010', not Boomerang: Australia")."""


def load_rules(name_or_path: str | os.PathLike[str] = "standard") -> Ruleset:
    """Load a ruleset by shipped id (``"standard"``, a variant id) or by the path of a JSON file.

    Variants are resolved against the ruleset they extend. Raises ``RulesError`` naming the
    file, the place in it (a JSON pointer) and the rule broken.

    ```pycon
    >>> load_rules("direction").pass_directions
    ('left', 'right', 'left', 'right')

    ```
    """
    rules: Ruleset = loading.of_game(loading.load_rules(name_or_path), Ruleset, TITLE, str(name_or_path))
    return rules
