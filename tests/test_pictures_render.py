"""The score sheets draw the same picture in every renderer (issue 28): every text is placed at an
explicit x and y with a width no common font exceeds (``core/textbox.py``), so no two texts
overlap and none leaves its sheet, whoever draws it. Checked on the layout for every shipped
ruleset, then on real renderings: ``rsvg-convert`` (librsvg, what most image viewers, editors and
converters use; ``.ci/run`` installs Debian's ``librsvg2-bin``) and headless Chromium, where each
is installed: all the ink of the texts falls inside the boxes the layout gave them, and every
text inks something."""

from __future__ import annotations

import itertools
import random
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import boomerang_rules as br
from boomerang_rules.cli.common import game_cli
from boomerang_rules.core.textbox import box, fit, text_width, wrap

NS = "http://www.w3.org/2000/svg"
SVG = "{" + NS + "}"
Box = tuple[float, float, float, float]
LONG = "Maximilian Alexander von Habsburg-Lothringen"


def _random_game(rules_id: str, players: int, seed: int, upto: int | None = None) -> Any:
    """A game of random legal moves (to its end, or ``upto`` moves)."""
    rng = random.Random(seed)
    state = br.new_game(rules_id, players, seed)
    moves = 0
    while not br.is_over(state) and (upto is None or moves < upto):
        for seat in br.to_act(state):
            state = br.apply(state, seat, rng.choice(br.legal_actions(state, seat)))
            moves += 1
    return state


def _svg(state: Any, names: list[str]) -> str:
    return str(game_cli(state.rules).sheet_svg(state, names))


def _cases() -> list[tuple[str, int, int]]:
    out = []
    for rules_id in br.shipped_ids():
        span = br.load_rules(rules_id).players
        out += [(rules_id, span.min, 1), (rules_id, span.max, 2)]
    return out


CASES = _cases()
NAMES = ["You", "random 1", "a much longer name than any seat has", LONG * 2, "Zoë"]


def _texts(root: ET.Element) -> list[tuple[ET.Element, ET.Element | None]]:
    """Every ``<text>`` with the sheet group (``g.sheet``) it is in."""
    out: list[tuple[ET.Element, ET.Element | None]] = []

    def walk(node: ET.Element, sheet: ET.Element | None) -> None:
        for child in node:
            inside = child if child.tag == SVG + "g" and child.get("class") == "sheet" else sheet
            if child.tag == SVG + "text":
                out.append((child, sheet))
            walk(child, inside)

    walk(root, None)
    return out


def _box(text: ET.Element) -> Box:
    for attribute in ("textLength", "dominant-baseline", "lengthAdjust", "style", "dx", "dy"):
        assert text.get(attribute) is None, f"{attribute} is read differently by different renderers"
    return box(float(text.get("x") or 0), float(text.get("y") or 0), text.text or "",
               float(text.get("font-size") or 0), text.get("text-anchor") or "start",
               text.get("font-weight") == "bold")


def _frame(sheet: ET.Element) -> Box:
    rect = next(sheet.iter(SVG + "rect"))
    x, y = float(rect.get("x") or 0), float(rect.get("y") or 0)
    return x, y, x + float(rect.get("width") or 0), y + float(rect.get("height") or 0)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _check_layout(svg: str) -> list[tuple[str, Box]]:
    """Assert no two texts' boxes overlap and each lies inside its sheet's frame; the boxes."""
    root = ET.fromstring(svg)
    assert root.find(f".//{SVG}foreignObject") is None
    boxes = []
    for text, sheet in _texts(root):
        if not (text.text or "").strip():
            continue
        where = _box(text)
        if sheet is None and text.get("class") in ("tie-break", "unfinished"):  # the words under the sheets
            frame = (0.0, 0.0, float(root.get("width") or 0), float(root.get("height") or 0))
        else:
            assert sheet is not None, f"{text.text!r} outside every sheet"
            frame = _frame(sheet)
        assert (frame[0] + 1 <= where[0] and where[2] <= frame[2] - 1 and frame[1] + 1 <= where[1]
                and where[3] <= frame[3] - 1), f"{text.text!r} {where} leaves its sheet {frame}"
        boxes.append((text.text or "", where))
    for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2):
        assert not _overlap(box_a, box_b), f"{a!r} {box_a} overlaps {b!r} {box_b}"
    return boxes


@pytest.mark.parametrize(("rules_id", "players", "seed"), CASES)
def test_no_text_of_a_finished_game_s_sheets_overlaps_or_leaves_its_sheet(rules_id: str, players: int,
                                                                          seed: int) -> None:
    state = _random_game(rules_id, players, seed)
    _check_layout(_svg(state, NAMES[:players]))


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_an_unfinished_game_s_sheets_too(rules_id: str) -> None:
    state = _random_game(rules_id, 3, 5, upto=30)
    assert not br.is_over(state)
    _check_layout(_svg(state, NAMES[:3]))


def _longest_words(data: dict[str, Any]) -> dict[str, Any]:
    """``data``, a ruleset, with every word a sheet shows as long as its schema allows: Boomerang
    (2010)'s animals (ids of 64 characters), Boomerang: Australia's regions (names of 200) and
    activities (ids of 64); the ruleset's name (200)."""
    data = {**data, "id": "longest", "name": "N" * 200}
    if "animals" in data:
        long = {a: (a + "_") * 64 for a in data["animals"]}
        long = {a: name[:62] + f"{i:02d}" for i, (a, name) in enumerate(long.items())}
        data["animals"] = [long[a] for a in data["animals"]]
        data["cards"] = [{**c, "animal": long[c["animal"]]} for c in data["cards"]]
    if "regions" in data:
        data["regions"] = [{**r, "name": f"{i} " + "W" * 197} for i, r in enumerate(data["regions"])]
        activities = data["scoring"]["activities"]
        long = {a: (a + "_") * 64 for a in activities["kinds"]}
        long = {a: name[:62] + f"{i:02d}" for i, (a, name) in enumerate(long.items())}
        activities["kinds"] = [long[a] for a in activities["kinds"]]
        data["cards"] = [{**c, "activity": long.get(c["activity"], c["activity"])} for c in data["cards"]]
    return data


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_no_text_overlaps_or_leaves_its_sheet_with_the_longest_words_a_ruleset_holds(rules_id: str) -> None:
    """Boomerang (2010)'s sheet placed its columns for the shipped animals' names: an animal of 64
    characters (its schema's most) ran over the cards, the points and the sheet's edge. Each game's
    sheet makes room for the longest words its ruleset may hold."""
    import copy

    from boomerang_rules.core.loading import rules_data, rules_from_data
    from boomerang_rules.core.playouts import random_game

    rules = rules_from_data(_longest_words(copy.deepcopy(rules_data(br.load_rules(rules_id)))))
    for players in sorted({rules.players.min, rules.players.max}):
        _check_layout(_svg(random_game(rules, players, 3), NAMES[:players]))


def test_a_long_end_of_round_is_cut_with_its_whole_text_as_tooltip() -> None:
    state = _random_game("sea-salt-paper", 2, 3)
    svg = _svg(state, [LONG * 3, "Ana"])
    _check_layout(svg)
    ended = [t for t in ET.fromstring(svg).iter(SVG + "text") if t.get("class") == "ended"]
    cut = [t for t in ended if (t.text or "").endswith("…")]
    assert cut and all(LONG in (t.findtext(SVG + "title") or "") for t in cut)


def test_the_widths_are_at_least_those_of_the_widest_usual_font() -> None:
    # DejaVu Sans (regular, bold) advances in ems, from the font: the widest of each class.
    for text, regular, bold in (("m", 0.974, 1.042), ("W", 0.989, 1.103), ("O", 0.787, 0.85), ("r", 0.411, 0.493),
                                ("8", 0.636, 0.696), ("i", 0.278, 0.343), ("★", 0.896, 0.896), ("b", 0.635, 0.716)):
        assert text_width(text, 1) >= regular and text_width(text, 1, True) >= bold
    assert fit("short", 12, 100) == "short"
    cut = fit("a line far too long for its room", 12, 80)
    assert cut.endswith("…") and text_width(cut, 12) <= 80
    lines = wrap("Activities: 1 swimming, 2 none, 3 indigenous culture", 10, 160, sep=", ")
    assert lines[0].endswith(",") and all(text_width(line, 10) <= 160 for line in lines)
    assert ", ".join(line.rstrip(",") for line in lines) == "Activities: 1 swimming, 2 none, 3 indigenous culture"


# Real renderings: the texts alone (rules, frames and boxes taken out, on white), drawn, then
# every pixel of ink must lie in some text's box (give or take a pixel of anti-aliasing), and
# every box must hold ink.

RSVG = shutil.which("rsvg-convert")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _texts_only(svg: str) -> tuple[str, int, int]:
    ET.register_namespace("", NS)
    root = ET.fromstring(svg)
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag in (SVG + "rect", SVG + "line"):
                parent.remove(child)
    width, height = int(float(root.get("width") or 0)), int(float(root.get("height") or 0))
    white = ET.Element(SVG + "rect", {"width": "100%", "height": "100%", "fill": "white"})
    root.insert(0, white)
    return ET.tostring(root, encoding="unicode"), width, height


def _render_rsvg(svg: Path, png: Path, width: int, height: int) -> None:
    assert RSVG is not None
    subprocess.run([RSVG, "-w", str(width), "-h", str(height), str(svg), "-o", str(png)], check=True, timeout=60)


def _render_chromium(svg: Path, png: Path, width: int, height: int) -> None:
    assert CHROMIUM is not None
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", "--hide-scrollbars", f"--user-data-dir={png.parent / 'profile'}",
             f"--window-size={width},{height}", f"--screenshot={png}", svg.as_uri()]
    subprocess.run([CHROMIUM, *flags], capture_output=True, timeout=120, check=True)


def _check_ink(png: Path, boxes: list[tuple[str, Box]]) -> None:
    image = pytest.importorskip("PIL.Image", reason="Pillow (the test extra) reads the renderings")
    from PIL import ImageDraw

    ink = image.open(png).convert("L").point(lambda v: 255 if v < 160 else 0)
    for text, (left, top, right, bottom) in boxes:
        if text.strip():
            assert ink.crop((int(left) - 1, int(top) - 1, int(right) + 2, int(bottom) + 2)).getbbox(), \
                f"nothing drawn of {text!r}"
    draw = ImageDraw.Draw(ink)
    for _text, (left, top, right, bottom) in boxes:
        draw.rectangle((int(left) - 1, int(top) - 1, int(right) + 1, int(bottom) + 1), fill=0)
    stray = ink.getbbox()
    if stray is not None:
        near = min(boxes, key=lambda b: abs(b[1][0] - stray[0]) + abs(b[1][1] - stray[1]))
        pytest.fail(f"ink outside every text's box at {stray} (near {near[0]!r} {near[1]})")


def _rendered(tmp_path: Path, rules_id: str, players: int, seed: int, names: list[str],
              render: Any) -> None:
    svg = _svg(_random_game(rules_id, players, seed), names)
    boxes = _check_layout(svg)
    only, width, height = _texts_only(svg)
    source, png = tmp_path / "sheet.svg", tmp_path / "sheet.png"
    source.write_text(only)
    render(source, png, width, height)
    _check_ink(png, boxes)


@pytest.mark.skipif(RSVG is None, reason="no rsvg-convert here (.ci/run installs the Debian package librsvg2-bin)")
@pytest.mark.parametrize(("rules_id", "players", "seed"), CASES)
def test_rsvg_draws_every_text_inside_its_box(tmp_path: Path, rules_id: str, players: int, seed: int) -> None:
    _rendered(tmp_path, rules_id, players, seed, NAMES[:players], _render_rsvg)


@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium here (.ci/run installs the Debian package chromium)")
@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_chromium_draws_every_text_inside_its_box(tmp_path: Path, rules_id: str) -> None:
    _rendered(tmp_path, rules_id, 4, 2, NAMES[:4], _render_chromium)
