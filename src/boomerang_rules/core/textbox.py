"""How wide a line of SVG text is, worked out without a renderer, so that a score sheet is laid out
the same in every renderer.

A browser can measure text as it draws it; ``rsvg-convert``, image viewers, editors and converters
cannot be asked, and ``textLength`` or ``dominant-baseline`` are read by some and ignored by others.
So the sheets place every text at an explicit x and y, with an anchor, and leave it a width
computed here that no common sans-serif font exceeds: each character's advance is the widest of
its class in DejaVu Sans (wider than Arial, Helvetica, Liberation Sans and the other usual
``sans-serif`` fonts), bold a fixed factor wider. A line that would not fit its room is cut with
"…" (:func:`fit`) or broken between words (:func:`wrap`); :func:`box` is the rectangle a text may
ink, which the tests check for overlaps and against real renderings.
"""

from __future__ import annotations

_NARROW = frozenset("fijlrtI!'|.,:;()[]/\\` -")
_WIDE = frozenset("mwMW@%&…—★☆")
_SYMBOL = frozenset("#+<=>^~_*")

EM_NARROW, EM_LOWER, EM_DIGIT, EM_UPPER, EM_SYMBOL, EM_WIDE = 0.42, 0.64, 0.64, 0.79, 0.84, 1.0
"""The widest advance of each class of characters in DejaVu Sans, in ems (a ``font-size``): ``r``
(0.41) of the narrow ones, ``b d g p q`` (0.635) of the lower case, ``O Q`` (0.787) of the upper
case, ``@ … —`` (1.0) of the wide ones; any other character counts as wide."""

BOLD = 1.18
"""How much wider a bold line may be: DejaVu Sans Bold's widest ``i`` is 1.23 times its regular,
``r`` 1.17 times the narrow class's width, the others at most 1.13 times."""

ASCENT, DESCENT = 0.8, 0.25
"""Above and below the baseline, in ems, what a line may ink (capitals, ascenders and accents;
descenders)."""

ELLIPSIS = "…"


def char_width(char: str) -> float:
    """One character's advance in ems, regular weight: at least as wide as in the usual fonts."""
    if char in _NARROW:
        return EM_NARROW
    if char in _WIDE:
        return EM_WIDE
    if char in _SYMBOL:
        return EM_SYMBOL
    if char.isdigit() and char.isascii():
        return EM_DIGIT
    if char.isascii() and char.islower():
        return EM_LOWER
    if char.isascii() and char.isupper():
        return EM_UPPER
    if char.isascii() and char in "$?{}":
        return EM_DIGIT
    return EM_WIDE


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width (in the picture's units) that ``text`` at ``font-size`` ``size`` takes at most."""
    return sum(char_width(c) for c in text) * size * (BOLD if bold else 1.0)


def fit(text: str, size: float, width: float, bold: bool = False) -> str:
    """``text`` as it fits ``width``: whole, or cut and ended with "…" (at least the "…")."""
    if text_width(text, size, bold) <= width:
        return text
    room = width - text_width(ELLIPSIS, size, bold)
    cut = ""
    for char in text:
        if text_width(cut + char, size, bold) > room:
            break
        cut += char
    return cut.rstrip() + ELLIPSIS


def wrap(text: str, size: float, width: float, bold: bool = False, sep: str = " ") -> list[str]:
    """``text`` broken at ``sep`` (between words; ``", "``: between the items of a list, the comma
    kept at the line's end) into lines that each fit ``width``; a piece too long for a line alone is
    cut with "…". At least one line."""
    lines: list[str] = []
    line = ""
    end = sep.rstrip()
    for piece in text.split(sep):
        joined = f"{line}{sep}{piece}" if line else piece
        if text_width(joined + end, size, bold) <= width:
            line = joined
            continue
        if line:
            lines.append(line + end)
        line = fit(piece, size, width - text_width(end, size, bold), bold)
    lines.append(line)
    return lines


def box(x: float, y: float, text: str, size: float, anchor: str = "start",
        bold: bool = False) -> tuple[float, float, float, float]:
    """The rectangle (left, top, right, bottom) that ``text`` drawn at ``x`` (its ``text-anchor``
    point) on the baseline ``y`` may ink."""
    width = text_width(text, size, bold)
    left = x - {"start": 0.0, "middle": width / 2, "end": width}[anchor]
    return left, y - ASCENT * size, left + width, y + DESCENT * size
