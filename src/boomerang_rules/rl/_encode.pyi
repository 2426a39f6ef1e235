"""Types of the compiled encoder (``_encode.c``); see ``australia.encode``."""

from typing import Any

def fill(observations: Any, action_masks: Any, plan: bytes, state: Any, round: int, masks: Any, template: bytes,
         scores: tuple[int, ...], /) -> None: ...
def seat_rows(names: tuple[str, ...], observations: Any, action_masks: Any, /) -> dict[str, dict[str, Any]]: ...
