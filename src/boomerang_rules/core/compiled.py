"""Which code serves a game's hot path: its compiled ``_accel`` module, or the plain functions.

Every game picks the same way (one place, so that ``BOOMERANG_RULES_PURE`` means the same for
all): the compiled module where it was built at install, unless ``BOOMERANG_RULES_PURE`` is set
(the plain Python code, the reference, then serves everything).
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType


def compiled(package: str) -> ModuleType | None:
    """``package``'s compiled hot path (``<package>._accel``), or None where it is not built (no C
    compiler at install) or the plain engine is asked for (``BOOMERANG_RULES_PURE`` set)."""
    if os.environ.get("BOOMERANG_RULES_PURE"):
        return None
    try:
        return importlib.import_module(package + "._accel")
    except ImportError:
        return None
