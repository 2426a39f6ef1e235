"""Types of the compiled dispatch of the top-level game functions (``_dispatch.c``); see the
package's ``__init__``."""

from collections.abc import Callable
from types import ModuleType
from typing import Any

def function(method: str, wrapped: Callable[..., Any], missing: Callable[..., Any], nargs: int, module: ModuleType,
             name: str, doc: str) -> Callable[..., Any]: ...
