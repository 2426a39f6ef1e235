"""Colour for what ``play`` prints, only where it belongs: on a terminal, and never under ``NO_COLOR``."""

from __future__ import annotations

import os
import sys
from typing import Any

import click


def colour_on() -> bool:
    """Colour only on a terminal and only when ``NO_COLOR`` (https://no-color.org) is unset or empty."""
    return not os.environ.get("NO_COLOR") and sys.stdout.isatty()


def paint(text: str, **style: Any) -> str:
    """``text`` styled (``click.style`` arguments) when colour is on, else as it is."""
    return click.style(text, **style) if colour_on() else text


def title(text: str) -> str:
    """A heading: bold where colour is on, so a round's sections stand out from the play."""
    return paint(text, bold=True)


def note(text: str) -> str:
    """An announcement: something happened that the player should notice."""
    return paint(text, fg="yellow", bold=True)
