"""numba's on-disk cache of the batch kernels, keyed on every kernel source at once.

numba keys a cached function on its own file's text alone. Every game's kernels
(``_ssp_kernels``, ``_b2010_kernels``) inline the shared helpers of ``_kernels`` and compile
its constants in (the shuffle table's columns, the scratch array's offsets), so a change to
``_kernels.py`` alone left the other modules' cached machine code in place, reading the new
tables with the old layout: wrong numbers, or a segmentation fault (it happened in a working
copy after the shuffle's table changed). Here each cache locator numba tries is given, for the
files of this package, a stamp that holds the text of every kernel file too (``KERNEL_FILES``,
with the module they import constants from), so a change to any of them compiles all of them again.

The hook is numba's locator list (``CacheImpl._locator_classes``; ``_CacheImpl`` in older numbas),
which numba does not document. Where it is not found, or where ``NUMBA_CACHE_LOCATOR_CLASSES``
replaces that list with the user's own locators (which would hold no digest), ``CACHE`` is False
and the kernels are compiled in each process instead: slower to start, never stale.
"""

from __future__ import annotations

import glob
import hashlib
import os
from functools import cache
from typing import Any

from numba.core import caching, config

HERE = os.path.dirname(os.path.abspath(__file__))
KERNEL_FILES = ("_*kernels.py", "common.py")
"""The files of this package whose numba functions are cached (a new game's kernels are named so),
and the one module they take constants from (``common.MAX_DECK``): what their compiled code holds."""


def kernel_paths(directory: str = HERE) -> list[str]:
    """The kernel files of ``directory`` (``KERNEL_FILES``), sorted by name."""
    return sorted({path for pattern in KERNEL_FILES for path in glob.glob(os.path.join(directory, pattern))})


def kernels_digest(directory: str = HERE) -> str:
    """The SHA-256 of every kernel file's name and text in ``directory``: what a cached kernel's
    stamp holds beside its own file's."""
    digest = hashlib.sha256()
    for path in kernel_paths(directory):
        digest.update(os.path.basename(path).encode() + b"\0")
        with open(path, "rb") as source:
            digest.update(source.read())
        digest.update(b"\0")
    return digest.hexdigest()


@cache
def _digest_now() -> str:
    """``kernels_digest`` of this package, read once a process (the kernels compile once too)."""
    return kernels_digest()


def _keyed(base: Any) -> Any:
    """``base`` (one of numba's locator classes) for this package's files only, its stamp holding
    every kernel file's digest beside numba's own."""

    class Locator(base):  # type: ignore[misc]
        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> Any:
            if os.path.dirname(os.path.abspath(py_file)) != HERE:
                return None
            return super().from_function(py_func, py_file)

        def get_source_stamp(self) -> Any:
            return super().get_source_stamp(), _digest_now()

    Locator.__name__ = Locator.__qualname__ = f"Kernels{base.__name__}"
    return Locator


def _install() -> bool:
    """Put a keyed twin of each of numba's locators ahead of the originals (once); whether done
    (not where ``NUMBA_CACHE_LOCATOR_CLASSES`` bypasses the list)."""
    if getattr(config, "CACHE_LOCATOR_CLASSES", None):
        return False
    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    classes = getattr(impl, "_locator_classes", None)
    if not isinstance(classes, list):
        return False
    if not any(getattr(c, "_boomerang_keyed", False) for c in classes):
        keyed = [_keyed(c) for c in classes]
        for c in keyed:
            c._boomerang_keyed = True
        classes[:0] = keyed
    return True


CACHE = _install()
"""Whether the kernels are cached on disk (``_install`` found numba's locator list)."""
