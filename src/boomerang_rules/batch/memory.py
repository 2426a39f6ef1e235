"""How many games a batch may hold: the bytes of its arrays against the machine's memory, checked
before any array is allocated.

A batch too large for memory failed with numpy's own error ("Unable to allocate 29.1 TiB",
"array is too big"), or not at all: a count whose arrays each fit the kernel's overcommit was
allocated, then written by the first kernel until the machine ran out of memory, and the plain
engine dealt games one by one for hours first. Each engine gives the bytes a game of its arrays
takes (``game_bytes``); ``fitting`` refuses a count whose arrays would need more than the
machine's physical memory, naming ``games`` and the most it may be. No kernel reads this module:
editing it compiles nothing again.
"""

from __future__ import annotations

import os

ADDRESS_SPACE = 1 << 47
"""The bound where the machine's memory is unknown (no ``os.sysconf``, as on Windows): 128 TiB, a
64-bit machine's user address space, which no allocation passes."""


def memory_bytes() -> int:
    """The machine's physical memory in bytes (``os.sysconf``), else ``ADDRESS_SPACE``."""
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return ADDRESS_SPACE
    return pages * size if pages > 0 and size > 0 else ADDRESS_SPACE


def _size(count: int) -> str:
    """A count of bytes in words: ``1.5 GiB``, ``29.1 TiB``."""
    value, unit = float(count), "bytes"
    for name in ("KiB", "MiB", "GiB", "TiB", "PiB", "EiB"):
        if value < 1024:
            break
        value, unit = value / 1024, name
    return f"{count} bytes" if unit == "bytes" else f"{value:.1f} {unit}"


def fitting(games: int, per_game: int, what: str = "a batch") -> int:
    """``games`` (a count ``common.count_of`` checked) if ``games * per_game`` bytes fit the
    machine's memory, else the ``ValueError`` naming ``games``, the most that fit and why: the
    arrays ``what`` holds, ``per_game`` bytes a game."""
    memory = memory_bytes()
    most = memory // max(per_game, 1)
    if games > most:
        raise ValueError(f"games must be at most {most:,} here, not {games:,}: {what} of {games:,} games needs "
                         f"{_size(games * per_game)} of arrays ({per_game:,} bytes a game), more than this machine's "
                         f"memory ({_size(memory)})")
    return games
