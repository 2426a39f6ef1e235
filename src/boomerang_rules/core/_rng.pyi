"""Types of the compiled shuffle (``_rng.c``); see ``rng.py``."""

from typing import Any

MAX_ITEMS: int

def shuffle(state: int, out: list[Any]) -> int: ...
def below(state: int, n: int) -> tuple[int, int]: ...
