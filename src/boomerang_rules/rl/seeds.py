"""The seed every env's ``reset`` takes, checked in one place and one set of words.

gymnasium's seeds are non-negative integers (``gymnasium.utils.seeding.np_random``); the library
refuses a value of the wrong type as ``new_game`` does (``TypeError`` naming ``seed``), and a
negative one, or one of more digits than a record holds, with a ``ValueError``. The gymnasium,
PettingZoo and vector envs all read their seeds here, so ``reset(seed=1.5)`` says the same in each.
"""

from __future__ import annotations

from ..core.arguments import optional_seed

NEGATIVE = "seed must be a non-negative integer or None (gymnasium's seeds), not {}"


def check_seed(seed: object) -> int | None:
    """``seed`` as an int, or None: a ``TypeError`` for anything but an integer (a float, a string, a
    bool), a ``ValueError`` for a negative one (-1 would deal 2**64 - 1's game) or one of more than
    4,300 digits, as ``new_game``'s."""
    checked = optional_seed(seed, "seed")
    if checked is not None and checked < 0:
        raise ValueError(NEGATIVE.format(checked))
    return checked
