"""One self-contained web page that steps through a recorded game, for every game (``replay --html``).

Each game gives the frames (what the table shows at each step) and its score sheets as SVG; this
module only lays them out. A frame is plain data::

    {"title": "Round 1: pick 2", "note": "what happened",
     "board": ["Deck: 40 cards. River:", ["A1", "B2"]],      # optional: what lies on the table
     "seats": [{"name": "Ana", "cells": [["A", "B"], "3 boomerangs"], "total": 12}, ...]}

A cell (and a board item) is a text, or a list of card ids drawn as cards: each card as its game
shows it (``cards``: id -> name, detail, colour and the card in words as its tooltip), never a
bare id. Everything from the record reaches the page as JSON text set with ``textContent``:
nothing of it is parsed as markup. No text reaches a page or a picture with a character XML 1.0
forbids (a control character, say): each is shown as U+FFFD (``core.display.displayable``), so
that a name given through the Python API cannot make a picture unreadable. A name (a player's, the
ruleset's) is shown as ``replay`` shows it on a terminal, wherever it appears (a title, a heading, a
tooltip, the seats' table, a note): its bidirectional controls, tab, newline and control characters
as their escapes (``core.display.escaped_name``; ``picture_names``), so that "\u202eBob" cannot turn
the rest of a title or a note around.

The page reads from a phone's width up: the seats' table and each score sheet scroll sideways in
their own box when they are wider than the screen, and the sheets, one picture a seat, wrap onto
as many lines as the width needs; nothing is shrunk to fit, so the sheets' text keeps its size.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape as _escape

from . import textbox
from .display import counted, displayable, escaped_name

CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:"
"""The page may run its own inline script and style, and fetch nothing at all."""

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="__CSP__">
<title>__TITLE__</title>
<style>
body { font-family: sans-serif; margin: 1em; background: #fffdf5; color: #222; }
#controls button { font-size: 1em; margin-right: .3em; }
@media (max-width: 600px) { body { margin: .5em; } h1 { font-size: 1.4em; } }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: .8em 0; }
td, th { border: 1px solid #bbb; padding: .3em .6em; text-align: left; vertical-align: top; }
.card { display: inline-block; border: 1px solid #888; border-left-width: .5em; border-radius: 3px;
        padding: 0 .3em; margin: .1em; background: #fff; white-space: nowrap; cursor: help; }
.card small { color: #555; }
#note { min-height: 1.4em; color: #555; }
#board { min-height: 1.4em; }
#explain { color: #555; font-size: .9em; max-width: 60em; }
#sheet { display: none; }
#sheets { display: flex; flex-wrap: wrap; gap: .5em; }
#sheets .scroll svg { display: block; }
</style>
</head>
<body>
<h1>__TITLE__</h1>
<div id="controls">
<button id="first" type="button">&laquo; Start</button>
<button id="prev" type="button">&#x25C0; Back</button>
<button id="next" type="button">Next &#x25B6;</button>
<button id="last" type="button">End &raquo;</button>
<span id="where"></span>
</div>
<h2 id="step"></h2>
<p id="note"></p>
<p id="board"></p>
<div class="scroll"><table id="seats"><thead><tr>__HEADS__</tr></thead>
<tbody></tbody></table></div>
<p id="explain">__EXPLAIN__</p>
<div id="sheet">
<h2>Score sheets</h2>
<div id="sheets">__SVG__</div>
</div>
<script id="frames" type="application/json">__FRAMES__</script>
<script id="cards" type="application/json">__CARDS__</script>
<script>
"use strict";
const frames = JSON.parse(document.getElementById("frames").textContent);
const cards = JSON.parse(document.getElementById("cards").textContent);
let at = 0;
function card(id) {
  const c = document.createElement("span");
  c.className = "card";
  const known = cards[id];
  if (!known) {
    c.textContent = id;
    return c;
  }
  const name = document.createElement("b");
  name.textContent = known.name;
  c.appendChild(name);
  if (known.detail) {
    const detail = document.createElement("small");
    detail.textContent = " " + known.detail;
    c.appendChild(detail);
  }
  c.title = known.title;
  c.style.borderLeftColor = known.colour;
  return c;
}
function cell(value) {
  const span = document.createElement("span");
  if (!Array.isArray(value)) {
    span.textContent = String(value);
    return span;
  }
  for (const id of value) span.appendChild(card(id));
  return span;
}
function show(i) {
  at = Math.max(0, Math.min(frames.length - 1, i));
  const f = frames[at];
  document.getElementById("step").textContent = f.title;
  document.getElementById("note").textContent = f.note;
  document.getElementById("where").textContent = "step " + (at + 1) + " of " + frames.length;
  const board = document.getElementById("board");
  board.replaceChildren();
  for (const item of f.board || []) {
    board.appendChild(cell(item));
    board.appendChild(document.createTextNode(" "));
  }
  const body = document.querySelector("#seats tbody");
  body.replaceChildren();
  for (const seat of f.seats) {
    const row = document.createElement("tr");
    const name = document.createElement("td");
    name.textContent = seat.name;
    row.appendChild(name);
    for (const value of seat.cells) {
      const td = document.createElement("td");
      td.appendChild(cell(value));
      row.appendChild(td);
    }
    const total = document.createElement("td");
    total.textContent = String(seat.total);
    total.className = "total";
    row.appendChild(total);
    body.appendChild(row);
  }
  document.getElementById("sheet").style.display = at === frames.length - 1 ? "block" : "none";
  if (location.hash !== "#" + (at + 1)) history.replaceState(null, "", "#" + (at + 1));
}
document.getElementById("first").onclick = () => show(0);
document.getElementById("prev").onclick = () => show(at - 1);
document.getElementById("next").onclick = () => show(at + 1);
document.getElementById("last").onclick = () => show(frames.length - 1);
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") show(at + 1);
  if (e.key === "ArrowLeft") show(at - 1);
});
const start = parseInt(location.hash.slice(1), 10);
show(Number.isFinite(start) ? start - 1 : 0);
</script>
</body>
</html>
"""


def picture_names(names: Sequence[str]) -> list[str]:
    """The players' names as every picture shows them: as ``replay`` writes them on a terminal, each
    character of ``core.display.UNSHOWN_IN_NAMES`` (a bidirectional control, a tab or a newline, a
    control character) as its escape, the name otherwise whole (``escaped_name``; escaping twice
    changes nothing). Each game's ``sheet_svg``, ``replay_frames`` and ``replay_html`` read their
    names through here, so that each width is measured on what is drawn."""
    return [escaped_name(str(name)) for name in names]


FACE_DOWN = "face down"
"""What a seat-limited page (``replay --html --seat N``) shows in place of a card or a choice another
seat holds face down (a Throw, a land token): never a card id of any game, drawn as a plain box."""


def seen_by(title: str, names: Sequence[str], seat: int | None) -> str:
    """A page's title: ``title`` (the ruleset's name), the players' names and, on a seat-limited page,
    whose sight it keeps to, as ``replay --seat`` opens its story ("As seen by Ana (seat 0)")."""
    whole = f"{title}: {', '.join(names)}"
    return whole if seat is None else f"{whole}, as seen by {names[seat]} (seat {seat})"


def hidden_cards(count: int) -> str:
    """Another seat's hidden hand on a seat-limited page: how many cards it holds, all the seat sees
    of it ("5 cards")."""
    return counted(count, "card")


def page_html(title: str, columns: Sequence[str], frames: Sequence[dict[str, Any]], svg: str | None,
              explain: str = "", cards: Mapping[str, Mapping[str, str]] | None = None) -> str:
    """The page: ``columns`` head the seats' table (the player's name first, the total last, the
    cells between); ``svg`` is the score sheets shown at the last step (None: the game is
    unfinished), shown one picture a seat; ``explain`` says in a sentence how to read the table;
    ``cards`` describes each card id a frame may hold (:func:`card_face`). ``#N`` in the address
    opens step N. ``title`` (the ruleset's name and the players') is shown escaped as a name is."""
    import re

    values = {
        "CSP": CSP, "TITLE": escape(escaped_name(title)), "HEADS": "".join(f"<th>{escape(c)}</th>" for c in columns),
        "EXPLAIN": escape(explain),
        "SVG": "".join(f'<div class="scroll">{one}</div>' for one in split_sheets(svg)) if svg is not None
        else "<p>The game is unfinished.</p>",
        # "<" only occurs inside JSON strings: as \u003c no text of the record can close the script.
        "FRAMES": _json(list(frames)), "CARDS": _json(dict(cards or {})),
    }
    # One pass over the template: a name that spells a placeholder is not filled in later.
    return re.sub(r"__([A-Z]+)__", lambda m: values[m.group(1)], _PAGE)


def escape(text: str) -> str:
    """``text`` as an element's character data: markup escaped, and every character no picture may
    hold shown as U+FFFD (``displayable``)."""
    return _escape(displayable(text))


def _displayable_json(value: Any) -> Any:
    """``value`` with every string in it (keys too) ``displayable``."""
    if isinstance(value, str):
        return displayable(value)
    if isinstance(value, Mapping):
        return {displayable(k) if isinstance(k, str) else k: _displayable_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_displayable_json(v) for v in value]
    return value


def _json(value: Any) -> str:
    return json.dumps(_displayable_json(value), ensure_ascii=True).replace("<", "\\u003c")


PALETTE = ("#c0392b", "#2980b9", "#27ae60", "#8e44ad", "#d35400", "#16a085", "#7f8c8d", "#b7950b", "#2c3e50",
           "#e84393", "#6d4c41", "#00838f")
"""Colours told apart on a white page, for a game's regions or kinds when it names no colour of its own."""


def card_face(name: str, detail: str, colour: str, words: str) -> dict[str, str]:
    """How the page shows one card: ``name`` in bold, ``detail`` beside it (icons, lands...), a
    band of ``colour`` (a CSS colour of the game's own palette, never a record's text) and
    ``words``, the card as the terminal says it, as its tooltip."""
    return {"name": name, "detail": detail, "colour": colour, "title": words}


def split_sheets(svg: str) -> list[str]:
    """The score sheets' SVG as one picture a seat (each its own ``g.sheet`` on the background,
    cropped to its frame), so that a narrow page can stack them instead of shrinking them."""
    import xml.etree.ElementTree as ET

    ns = "http://www.w3.org/2000/svg"
    ET.register_namespace("", ns)
    root = ET.fromstring(svg)
    groups = [g for g in root if g.tag == f"{{{ns}}}g" and g.get("class") == "sheet"]
    out = []
    for group in groups:
        frame = next(group.iter(f"{{{ns}}}rect"))
        x, y = float(frame.get("x") or 0) - 4, float(frame.get("y") or 0) - 4
        width, height = float(frame.get("width") or 0) + 8, float(frame.get("height") or 0) + 8
        one = ET.Element(root.tag, dict(root.attrib, width=f"{width:.0f}", height=f"{height:.0f}",
                                        viewBox=f"{x:.0f} {y:.0f} {width:.0f} {height:.0f}"))
        for child in root:
            if child not in groups or child is group:
                one.append(child)
        out.append(ET.tostring(one, encoding="unicode"))
    return out


def svg_text(x: float, y: float, text: str, size: int = 12, anchor: str = "start", weight: str = "normal",
             cls: str = "", fit: float = 0, title: str = "") -> str:
    """An SVG ``<text>`` (the text escaped) at an explicit place, for the games' score sheet
    pictures; ``fit``: the width a longer line is cut to, with "…" (its whole text then its
    tooltip); ``title``: a tooltip. Nothing is left for the renderer to measure (no
    ``textLength``): every renderer draws the same picture (:mod:`.textbox`)."""
    extra = f' class="{cls}"' if cls else ""
    if fit:
        shown = textbox.fit(text, size, fit, weight == "bold")
        if shown != text and not title:
            title = text
        text = shown
    tip = f"<title>{escape(title)}</title>" if title else ""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}"{extra}>{escape(text)}{tip}</text>')


def svg_heading(x: float, y: float, name: str, suffix: str, width: float, size: int = 15) -> str:
    """A sheet's heading, the seat's name and ``suffix`` (e.g. "  — winner"), in bold that stays
    inside ``width``: a long name is cut with "…" so that the suffix still shows; the whole name is
    its tooltip (the page's table shows it whole too)."""
    room = width - textbox.text_width(suffix, size, True)
    text = textbox.fit(name, size, room, True) + suffix
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="start" font-weight="bold" '
            f'class="player">{escape(text)}<title>{escape(name)}</title></text>')


def svg_start(width: float, height: float, title: str, background: str) -> list[str]:
    """The opening of a score-sheet picture: the ``<svg>`` element, its title (``title``, the ruleset's
    name, escaped as a name is: ``escaped_name``) and its background."""
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
            f"<title>{escape(escaped_name(title))}: score sheets</title>",
            f'<rect width="100%" height="100%" fill="{background}"/>']


def svg_sheet_frame(seat: int, x: float, y: float, width: float, height: float, name: str, winner: bool,
                    winner_colour: str) -> list[str]:
    """One seat's sheet opened: its group (closed by the caller), its frame (thick, in
    ``winner_colour``, for a winner) and the heading with the seat's name."""
    frame = winner_colour if winner else "#555"
    return [f'<g class="sheet" id="sheet-{seat}">',
            f'<rect x="{x}" y="{y}" width="{width}" height="{height}" fill="white" '
            f'stroke="{frame}" stroke-width="{3 if winner else 1}" rx="6"/>',
            svg_heading(x + 10, y + 20, name, "  — winner" if winner else "", width - 20)]


NOTE_LINE = 18
"""The height of each line of ``svg_note``'s words under the sheets."""


def note_lines(width: float, text: str | None) -> list[str]:
    """``text`` (which tie-break decided the game) broken into lines that fit a picture ``width``
    wide: every word shown, none cut off (no lines for no text)."""
    return textbox.wrap(text, 12, width - 24) if text else []


def note_height(width: float, text: str | None) -> int:
    """The height a picture ``width`` wide grows by for ``svg_note``'s lines (0 for no text)."""
    lines = note_lines(width, text)
    return 6 + NOTE_LINE * len(lines) if lines else 0


def svg_note(width: float, height: float, text: str, cls: str = "tie-break") -> str:
    """The words under the sheets (which tie-break decided the game, or ``UNFINISHED``), in the last
    ``note_height(width, text)`` pixels of a picture ``height`` high, wrapped to its width."""
    top = height - note_height(width, text)
    return "\n".join(svg_text(12, top + 14 + NOTE_LINE * k, line, 12, cls=cls)
                     for k, line in enumerate(note_lines(width, text)))


UNFINISHED = "The game is unfinished: these are the scores so far, and no one has won yet."
"""The words under the sheets of an unfinished game: the picture alone said nothing of it (no
sheet framed as the winner's, the totals looking final); only ``sheet``'s message on the terminal did."""


def sheet_note(over: bool, tie: str | None) -> tuple[str | None, str]:
    """The words under a game's sheets and their class: which tie-break decided a finished game (None:
    none did), or ``UNFINISHED``, alike in every game."""
    return (tie, "tie-break") if over else (UNFINISHED, "unfinished")
