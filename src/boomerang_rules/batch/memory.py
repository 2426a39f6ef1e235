"""How many games a batch may hold: the bytes of its arrays against the machine's memory, checked
before any array is allocated.

A batch too large for memory failed with numpy's own error ("Unable to allocate 29.1 TiB",
"array is too big"), or not at all: a count whose arrays each fit the kernel's overcommit was
allocated, then written by the first kernel until the machine ran out of memory, and the plain
engine dealt games one by one for hours first. Each engine gives the bytes a game of its arrays
takes (``game_bytes``); ``fitting`` refuses a count whose arrays would need more than the
machine's physical memory, or than the memory limit of the process's control group (a container's:
``memory.max``, cgroup v1's ``memory.limit_in_bytes``), naming ``games`` and the most it may be. No
kernel reads this module: editing it compiles nothing again.
"""

from __future__ import annotations

import functools
import os

ADDRESS_SPACE = 1 << 47
"""The bound where the machine's memory is unknown (no ``os.sysconf``, as on Windows): 128 TiB, a
64-bit machine's user address space, which no allocation passes."""


CGROUP_ROOT = "/sys/fs/cgroup"
"""Where the control groups are mounted (Linux)."""

CGROUP_TABLE = "/proc/self/cgroup"
"""This process's control groups, one ``id:controllers:path`` a line (Linux)."""


def memory_bytes() -> int:
    """The memory a batch may take, in bytes: the machine's physical memory (``os.sysconf``, else
    ``ADDRESS_SPACE``), or the process's control group limit where that is lower (a container given
    2 GiB of a 64 GiB machine is killed past 2 GiB, not refused by numpy)."""
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        pages = size = 0
    physical = pages * size if pages > 0 and size > 0 else ADDRESS_SPACE
    limit = cgroup_limit()
    return physical if limit is None else min(physical, limit)


def cgroup_limit() -> int | None:
    """The lowest memory limit of this process's control group and its ancestors, None where none is
    set or readable (not Linux, ``max``). A container sees its own group mounted as the root while
    ``CGROUP_TABLE`` names it by the host's path, so each ancestor's file that exists is read, the
    mount's root too. Read once a process (the files take some 150 µs, every ``init`` and ``playouts``
    asks): a limit changed while it runs is not seen."""
    return _cgroup_limit(CGROUP_ROOT, CGROUP_TABLE)


@functools.lru_cache(maxsize=4)
def _cgroup_limit(root: str, table_path: str) -> int | None:
    """``cgroup_limit`` of the mount ``root`` and the process table ``table_path``."""
    try:
        with open(table_path, encoding="ascii", errors="replace") as lines:
            table = lines.read().splitlines()
    except OSError:
        return None
    found: list[int] = []
    for line in table:
        fields = line.split(":", 2)
        if len(fields) != 3:
            continue
        _, controllers, path = fields
        if controllers == "":  # cgroup v2's (under "unified" where v1's hierarchies are mounted too)
            unified = os.path.join(root, "unified")
            found += _limits(unified if os.path.isdir(unified) else root, path, "memory.max")
        elif "memory" in controllers.split(","):
            found += _limits(os.path.join(root, "memory"), path, "memory.limit_in_bytes")
    return min(found) if found else None


def _limits(base: str, path: str, name: str) -> list[int]:
    """The limits written in ``name`` in ``base``'s group ``path`` and each of its ancestors (those that exist)."""
    parts = [p for p in path.split("/") if p and p not in (".", "..")]
    out = []
    for depth in range(len(parts) + 1):
        try:
            with open(os.path.join(base, *parts[:depth], name), encoding="ascii") as f:
                text = f.read().strip()
        except (OSError, ValueError):
            continue
        if text.isdigit() and int(text) > 0:
            out.append(int(text))
    return out


_UNITS = ("KiB", "MiB", "GiB", "TiB", "PiB", "EiB")


def _size(count: int) -> str:
    """A count of bytes in words: ``1.5 GiB``, ``29.1 TiB``; past 1,024 EiB, that it is (a count of
    bytes past a float's range, or of more digits than Python writes, from a bound meaning "none":
    ``VectorEnv``'s ``max_steps=10**400`` with ``"win"``, raised from inside)."""
    if count < 1024:
        return f"{count} bytes"
    if count >= 1024 ** (len(_UNITS) + 1):
        return f"more than 1,024 {_UNITS[-1]}"
    power = next(p for p in range(1, len(_UNITS) + 1) if count < 1024 ** (p + 1) or p == len(_UNITS))
    return f"{count / 1024 ** power:.1f} {_UNITS[power - 1]}"


def fitting(games: int, per_game: int, what: str = "a batch") -> int:
    """``games`` (a count ``common.count_of`` checked) if ``games * per_game`` bytes fit the
    machine's memory, else the ``ValueError`` naming ``games``, the most that fit and why: the
    arrays ``what`` holds, ``per_game`` bytes a game."""
    memory = memory_bytes()
    most = memory // max(per_game, 1)
    if games > most:
        each = f"{per_game:,} bytes" if per_game < 1024 ** (len(_UNITS) + 1) else _size(per_game)
        raise ValueError(f"games must be at most {most:,} here, not {games:,}: {what} of {games:,} games needs "
                         f"{_size(games * per_game)} of arrays ({each} a game), more than this machine's "
                         f"memory ({_size(memory)})")
    return games
