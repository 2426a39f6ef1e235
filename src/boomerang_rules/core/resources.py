"""Where the shipped data files are: inside the installed wheel, or in a source checkout."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path


@cache
def data_dir(kind: str) -> Path:
    """The folder of shipped ``kind`` files (``"variants"`` or ``"schemas"``).

    A wheel carries them as ``boomerang_rules/_data/<kind>``; an editable install or a bare
    checkout reads them from the project's top-level folder of the same name.
    """
    packaged = Path(str(files("boomerang_rules"))) / "_data" / kind
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[3] / kind
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"the shipped {kind!r} folder is missing from this installation")
