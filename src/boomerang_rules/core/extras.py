"""Which extra to install, named when an optional part of the library is imported without it.

The base install plays, scores and checks every game; the learning adapters and the batched
engines need numpy and more (pyproject's optional dependencies). Without them, importing such a
part failed with Python's bare ``No module named 'numpy'`` and a traceback into the library; this
names the part and the ``pip install`` that brings what it lacks.
"""

from __future__ import annotations


def missing(error: ModuleNotFoundError, part: str, extra: str) -> ModuleNotFoundError:
    """What to raise for ``error``, met importing ``part``: a ``ModuleNotFoundError`` (still an
    ``ImportError``, which callers may catch) naming the module and the extra that installs it.
    ``error`` itself when the module missing is not a third-party one (a fault of the library)."""
    name = error.name or ""
    if not name or name.split(".")[0] == "boomerang_rules":
        return error
    return ModuleNotFoundError(f"{part} needs {name.split('.')[0]}, which is not installed: "
                               f"pip install 'boomerang-rules[{extra}]'", name=name)
