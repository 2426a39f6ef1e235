"""Score sheets and games as pictures (issue 16): ``sheet`` draws SVG, ``replay --html`` writes a
self-contained page. Where a headless Chromium is installed (``.ci/run`` installs one), the page
is loaded in it, stepped through, and screenshotted."""

from __future__ import annotations

import itertools
import json
import random
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any
from xml.dom import minidom

import pytest
from click.testing import CliRunner

import boomerang_rules as br
from boomerang_rules.cli import cli
from boomerang_rules.cli.common import game_cli
from boomerang_rules.core.page import split_sheets
from boomerang_rules.core.textbox import text_width

from .helpers import RULESETS, frame_texts, play, random_policy, random_states, record_with_you

SVG = "{http://www.w3.org/2000/svg}"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pictures") / "game.json"
    code, _, _ = run("simulate", "--players", "3", "--seed", "7", "--bots", "greedy,random,greedy", "--out", str(path))
    assert code == 0
    return path


def test_the_sheet_is_an_svg_of_each_seats_score_pad(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "sheet.svg"
    code, _, err = run("sheet", str(game), "-o", str(out))
    assert code == 0, err
    root = ET.parse(out).getroot()
    record = json.loads(game.read_text())
    state = br.state_of(record)
    sheets, best = br.score_sheets(state), br.winners(state)
    groups = [g for g in root.iter(SVG + "g") if g.get("class") == "sheet"]
    assert len(groups) == 3
    for s, group in enumerate(groups):
        texts = {t.get("class"): t.text or "" for t in group.iter(SVG + "text") if t.get("class")}
        assert texts["total"] == str(sheets[s].total)
        assert texts["player"].startswith(record["players"][s]) and ("winner" in texts["player"]) == (s in best)
        crossed = [line for line in group.iter(SVG + "line") if line.get("class") == "crossed"]
        assert len(crossed) == sheets[s].sites  # one point a site in the standard rules
        won = [t for t in group.iter(SVG + "text") if t.get("class") == "region-won"]
        assert len(won) * state.rules.scoring.region_bonus == sheets[s].regions
    assert "<script" not in out.read_text()


def _frames(page: str) -> list[dict[str, object]]:
    found = re.search(r'<script id="frames" type="application/json">(.*?)</script>', page, re.S)
    assert found
    frames: list[dict[str, object]] = json.loads(found.group(1))
    return frames


def test_the_page_is_self_contained_and_steps_pick_by_pick(game: Path, tmp_path: Path) -> None:
    page_path = tmp_path / "game.html"
    code, _, err = run("replay", str(game), "--html", str(page_path))
    assert code == 0, err
    page = page_path.read_text()
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    assert not re.search(r'(src|href)\s*=\s*["\']?(https?:|//)', page) and "<link" not in page
    record = json.loads(game.read_text())
    state = br.state_of(record)
    frames = _frames(page)
    per_round = 1 + (state.rules.hand_size - 1) + 1  # the deal, the Throw and picks, the Catch
    assert len(frames) == state.rules.rounds * per_round
    last = frames[-1]["seats"]
    assert isinstance(last, list)
    assert [seat["total"] for seat in last] == [sheet.total for sheet in br.score_sheets(state)]
    moved = {str(f["title"]) for f, g in itertools.pairwise(frames)
             if [x["total"] for x in f["seats"]] != [x["total"] for x in g["seats"]]}  # type: ignore[attr-defined]
    assert moved and all(t.endswith("pick " + str(state.rules.hand_size - 2)) for t in moved)  # before the Catch
    assert "The totals change only when a round ends" in page  # and the page says why


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium here (.ci/run installs the "
                                    "Debian package chromium)")


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    assert CHROMIUM is not None
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", "--enable-logging=stderr", "--v=0",
             f"--user-data-dir={tmp_path / 'profile'}"]
    return subprocess.run([CHROMIUM, *flags, *args], capture_output=True, timeout=120, check=False)


def _texts(group: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in group.iter(SVG + "text") if t.get("class") == cls]


def _other_game(tmp_path: Path, rules: str, seed: int) -> tuple[Path, dict[str, object]]:
    path = tmp_path / f"{rules}-{seed}.json"
    code, _, err = run("simulate", "--rules", rules, "--players", "3", "--seed", str(seed), "--bots", "random",
                       "--out", str(path))  # random bots call LAST CHANCE, won and lost, in these seeds
    assert code == 0, err
    record: dict[str, object] = json.loads(path.read_text())
    return path, record


def test_sea_salt_paper_sheets_are_round_by_round_tables(tmp_path: Path) -> None:
    bets = set()
    for seed in range(1, 7):
        path, record = _other_game(tmp_path, "sea-salt-paper", seed)
        out = tmp_path / "sheet.svg"
        code, _, err = run("sheet", str(path), "-o", str(out))
        assert code == 0, err
        state = br.state_of(record)
        sheets, best = br.score_sheets(state), br.winners(state)
        groups = [g for g in ET.parse(out).getroot().iter(SVG + "g") if g.get("class") == "sheet"]
        assert len(groups) == 3
        table = []
        for s, group in enumerate(groups):
            assert _texts(group, "total")[-1] == str(sheets[s].total)
            assert ("winner" in _texts(group, "player")[0]) == (s in best)
            rows = [g for g in group.iter(SVG + "g") if g.get("class") == "round"]
            assert [int(_texts(r, "scored")[0]) for r in rows] == list(sheets[s].rounds)
            running = [int(_texts(r, "total")[0]) for r in rows]
            assert running[-1] == sheets[s].total and running == sorted(running)
            table.append(rows)
        for r in range(len(table[0])):
            ended = _texts(table[0][r], "ended")[0]
            assert all(_texts(rows[r], "ended")[0] == ended for rows in table)
            if not ended.startswith("LAST CHANCE"):
                continue
            caller = record["players"].index(ended.split(" by ")[1].split(":")[0])  # type: ignore[attr-defined]
            cells = [{k: int(_texts(rows[r], k)[0]) for k in ("cards", "bonus", "scored")} for rows in table]
            won = ended.endswith("bet won")
            bets.add(won)
            for s, c in enumerate(cells):  # the bet decides who scores what (the rulebook's LAST CHANCE)
                expected = (c["cards"] + c["bonus"] if s == caller else c["bonus"]) if won else \
                    (c["bonus"] if s == caller else c["cards"])
                assert c["scored"] == expected
            assert won == all(cells[caller]["cards"] >= c["cards"] for c in cells)
    assert bets == {True, False}  # both outcomes were drawn and checked


def test_boomerang_2010_sheets_count_the_majorities_and_the_boomerangs(tmp_path: Path) -> None:
    for seed in (1, 2, 3):
        path, record = _other_game(tmp_path, "boomerang-2010", seed)
        out = tmp_path / "sheet.svg"
        code, _, err = run("sheet", str(path), "-o", str(out))
        assert code == 0, err
        state = br.state_of(record)
        groups = [g for g in ET.parse(out).getroot().iter(SVG + "g") if g.get("class") == "sheet"]
        cards = [[int(c) for c in _texts(g, "cards")] for g in groups]
        per = state.rules.boomerangs_per_point
        for s, group in enumerate(groups):
            points = [int(p) for p in _texts(group, "points")]
            starred = [(t.text or "").endswith("★") for t in group.iter(SVG + "text")
                       if t.get("class") in ("animal", "animal-most")]
            for a, count in enumerate(cards[s]):
                most = count > 0 and count == max(row[a] for row in cards)
                assert starred[a] == most and points[a] == (count if most else 0)
            held = int(next(t.text or "" for t in group.iter(SVG + "text")
                            if (t.text or "").startswith("Boomerangs held")).split(": ")[1])
            assert held == state.boomerangs[s] and int(_texts(group, "sets")[0]) == held // per
            assert int(_texts(group, "total")[0]) == sum(points) + held // per == br.score_sheets(state)[s].total
            assert ("winner" in _texts(group, "player")[0]) == (s in br.winners(state))


@pytest.mark.parametrize("rules", ["sea-salt-paper", "boomerang-2010"])
def test_the_other_games_pages_step_turn_by_turn(rules: str, tmp_path: Path) -> None:
    path, record = _other_game(tmp_path, rules, 4)
    page_path = tmp_path / "game.html"
    code, _, err = run("replay", str(path), "--html", str(page_path))
    assert code == 0, err
    page = page_path.read_text()
    assert "default-src 'none'" in page and not re.search(r'(src|href)\s*=\s*["\']?(https?:|//)', page)
    state = br.state_of(record)
    frames = _frames(page)
    assert [seat["total"] for seat in frames[-1]["seats"]] == [s.total for s in br.score_sheets(state)]  # type: ignore[attr-defined]
    rounds = record["rounds"]
    assert isinstance(rounds, list)
    if rules == "sea-salt-paper":  # a frame a turn: every "end" closes one
        ends = sum(1 for rnd in rounds for e in rnd["actions"] if e[1] == "end")
        assert len([f for f in frames if ", turn " in str(f["title"])]) >= ends
        assert len([f for f in frames if " ends: " in str(f["title"])]) == len(rounds)
    else:  # the river, the tokens, each hunt decision, the capture; the end
        assert len(frames) == sum(3 + len(rnd["hunt"]) for rnd in rounds) + 1
        totals = [[seat["total"] for seat in f["seats"]] for f in frames]  # type: ignore[attr-defined]
        assert len({tuple(t) for t in totals}) > len(rounds)  # the totals move within rounds, not only at ends
    assert "<svg" in page.split('<div id="sheet">')[1]


def test_a_name_cannot_write_markup_into_the_page(tmp_path: Path) -> None:
    path, record = _other_game(tmp_path, "boomerang-2010", 1)
    record["players"] = ["<img src=x onerror=alert(1)>", "__FRAMES__", "</script><b>"]
    record.pop("result", None)
    path.write_text(json.dumps(record))
    page_path = tmp_path / "game.html"
    code, _, err = run("replay", str(path), "--html", str(page_path))
    assert code == 0, err
    page = page_path.read_text()
    assert "<img" not in page and "<b>" not in page and page.count("</script>") == 3  # frames, cards, code
    assert [seat["name"] for seat in _frames(page)[0]["seats"]] == record["players"]  # type: ignore[attr-defined]


MARKUP = ("<script>alert(1)</script>", "</svg><svg onload=alert(1)>", "a\"b'c &amp; &", "]]> --> <!--",
          "javascript:alert(1)", "</style></title></textarea>")
"""Names that would write markup, end a CDATA section or a comment, or break out of an attribute."""


@pytest.mark.parametrize("rules", RULESETS)
def test_no_text_of_a_record_or_ruleset_writes_markup_into_the_pictures(rules: str, tmp_path: Path) -> None:
    """Whatever text a record or its ruleset carries (the players' names; the ruleset's name and
    description; Boomerang: Australia's regions and sites), in every game the sheet parses as XML and
    the page as HTML with no element but its own, each name shown as the text it is. The check was of
    one game's page and the players' names alone."""
    from html.parser import HTMLParser

    data = br.rules_data(br.load_rules(rules))
    changes: dict[str, Any] = {}
    named = {"name": MARKUP[0] + MARKUP[3], "description": " ".join(MARKUP)}
    if "regions" in data:
        changes["regions"] = [{**r, "name": MARKUP[i % 6] + r["name"]} for i, r in enumerate(data["regions"])]
        changes["cards"] = [{**c, "site": c["site"] + MARKUP[i % 6]} for i, c in enumerate(data["cards"])]
    variant = tmp_path / "v.json"
    variant.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "marked", **named,
                                   "extends": rules, "changes": changes}), encoding="utf-8")
    path = tmp_path / "g.json"
    assert run("simulate", "--rules", str(variant), "--players", "3", "--seed", "2", "--out", str(path))[0] == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    record["players"] = list(MARKUP[1:4])
    path.write_text(json.dumps(record), encoding="utf-8")
    code, svg, err = run("sheet", str(path), "--out", "-")
    assert code == 0, err
    root = ET.fromstring(svg)
    assert root.find(SVG + "title").text == named["name"] + ": score sheets"  # type: ignore[union-attr]
    assert {e.tag for e in root.iter()} <= {SVG + t for t in ("svg", "title", "rect", "g", "text", "line", "path",
                                                              "tspan", "circle")}, {e.tag for e in root.iter()}
    heads = [t.find(SVG + "title").text for t in root.iter(SVG + "text") if t.get("class") == "player"]  # type: ignore[union-attr]
    assert heads == record["players"]
    texts = " ".join("".join(t.itertext()) for t in root.iter(SVG + "text"))
    if "regions" in data:
        assert changes["regions"][1]["name"] in texts

    code, page, err = run("replay", str(path), "--html", "-")
    assert code == 0, err
    tags: list[str] = []
    texts_in: dict[str, str] = {}

    class Tags(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            tags.append(tag)
            assert not [name for name, _ in attrs if name.startswith("on")], (tag, attrs)

        def handle_data(self, data: str) -> None:
            if tags:
                texts_in.setdefault(tags[-1], data)  # the first title's and h1's text, entities read

    Tags().feed(page)
    assert set(tags) <= {"html", "head", "meta", "title", "style", "body", "h1", "h2", "p", "div", "span", "button",
                         "table", "thead", "tbody", "tr", "th", "svg", "g", "rect", "line", "path", "text", "tspan",
                         "circle", "script"}, set(tags)
    assert tags.count("script") == 3 and tags.count("svg") == 3  # the frames, the cards, the code; a sheet a seat
    assert tags.count("title") == 1 + 3 + 3  # the page's, each sheet's, each sheet's name
    title = f"{named['name']}: {', '.join(record['players'])}"
    assert texts_in["title"] == title and texts_in["h1"] == title
    assert all([seat["name"] for seat in f["seats"]] == record["players"] for f in _frames(page))  # type: ignore[attr-defined]


@needs_chromium
def test_the_page_in_a_real_browser(game: Path, tmp_path: Path) -> None:
    page_path = tmp_path / "game.html"
    run("replay", str(game), "--html", str(page_path))
    frames = _frames(page_path.read_text())
    state = br.state_of(json.loads(game.read_text()))
    for step in (1, 5, len(frames)):
        done = _chromium(tmp_path, "--dump-dom", f"{page_path.as_uri()}#{step}")
        dom = done.stdout.decode()
        assert f"step {step} of {len(frames)}" in dom, done.stderr.decode()[-2000:]
        assert f'<h2 id="step">{frames[step - 1]["title"]}</h2>' in dom
        console = [line for line in done.stderr.decode().splitlines() if "CONSOLE" in line or "Uncaught" in line]
        assert console == []
    totals = re.findall(r'<td class="total">(\d+)</td>', dom)
    assert totals == [str(sheet.total) for sheet in br.score_sheets(state)]
    assert '<div id="sheet" style="display: block;">' in dom
    shots = []
    for step in (1, len(frames)):
        shot = tmp_path / f"shot{step}.png"
        _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1100,900", f"{page_path.as_uri()}#{step}")
        data = shot.read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 8000  # a blank page compresses to far less
        shots.append(data)
    assert shots[0] != shots[1]


def test_the_page_limited_to_one_seat_says_whose_it_is(game: Path, tmp_path: Path) -> None:
    code, _, err = run("replay", str(game), "--html", str(tmp_path / "g.html"), "--seat", "1")
    assert code == 0, err
    page = (tmp_path / "g.html").read_text()
    names = json.loads(game.read_text())["players"]
    assert f"as seen by {names[1]} (seat 1)</title>" in page and f"Only what {names[1]} could see" in page


@needs_chromium
@pytest.mark.parametrize("rules", ["sea-salt-paper", "boomerang-2010"])
def test_the_other_games_pages_in_a_real_browser(rules: str, tmp_path: Path) -> None:
    path, record = _other_game(tmp_path, rules, 3)
    page_path = tmp_path / "game.html"
    run("replay", str(path), "--html", str(page_path))
    frames = _frames(page_path.read_text())
    state = br.state_of(record)
    for step in (3, len(frames)):
        done = _chromium(tmp_path, "--dump-dom", f"{page_path.as_uri()}#{step}")
        dom = done.stdout.decode()
        assert f"step {step} of {len(frames)}" in dom, done.stderr.decode()[-2000:]
        assert f'<h2 id="step">{frames[step - 1]["title"]}</h2>' in dom
        assert [line for line in done.stderr.decode().splitlines() if "CONSOLE" in line or "Uncaught" in line] == []
        for seat in frames[step - 1]["seats"]:  # type: ignore[attr-defined]
            assert f"<td>{seat['name']}</td>" in dom
    assert re.findall(r'<td class="total">(\d+)</td>', dom) == [str(s.total) for s in br.score_sheets(state)]
    assert '<div id="sheet" style="display: block;">' in dom and 'class="sheet"' in dom
    shots = []
    for step in (1, len(frames)):
        shot = tmp_path / f"shot{step}.png"
        _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1100,900", f"{page_path.as_uri()}#{step}")
        data = shot.read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 8000
        shots.append(data)
    assert shots[0] != shots[1]


def _sheet_on_a_terminal(*args: str) -> tuple[int, str, str]:
    """``boomerang-rules sheet ARGS`` in a child process whose standard output is a terminal (a pty)."""
    import os
    import sys

    primary, secondary = os.openpty()
    try:
        child = subprocess.Popen([sys.executable, "-m", "boomerang_rules", "sheet", *args], stdout=secondary,
                                 stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        os.close(secondary)
        shown = b""
        while True:  # read as it writes: a pty holds only a few kilobytes
            try:
                chunk = os.read(primary, 65536)
            except OSError:  # the pty's other side is closed: all is read
                break
            if not chunk:
                break
            shown += chunk
        err = child.stderr.read() if child.stderr else b""
        code = child.wait(timeout=120)
    finally:
        os.close(primary)
    return code, shown.decode(), err.decode()


def test_sheet_refuses_to_write_svg_onto_a_terminal(game: Path, tmp_path: Path) -> None:
    code, shown, err = _sheet_on_a_terminal(str(game))
    assert code == 2 and "<svg" not in shown and "--out FILE.svg" in err, (code, shown, err)
    code, shown, _ = _sheet_on_a_terminal(str(game), "--out", "-")  # asked for: printed all the same
    assert code == 0 and "<svg" in shown
    code, out, err = run("sheet", str(game))  # standard output not a terminal: a pipe or a file gets the SVG
    assert code == 0 and out.startswith("<svg"), err


MEASURE = """<script>
"use strict";
const svgs = [...document.querySelectorAll("#sheets svg")];
const scale = (s) => s.getBoundingClientRect().width / s.viewBox.baseVal.width;
const out = {inner: window.innerWidth, page: document.documentElement.scrollWidth,
  scales: svgs.map(scale), tops: svgs.map((s) => Math.round(s.getBoundingClientRect().top)),
  smallest: Math.min(...svgs.flatMap((s) => [...s.querySelectorAll("text")].map(
    (t) => parseFloat(t.getAttribute("font-size")) * scale(s)))),
  cards: [...document.querySelectorAll(".card")].map((c) => [c.title, c.textContent])};
const pre = document.createElement("pre");
pre.id = "measure";
pre.textContent = JSON.stringify(out);
document.body.appendChild(pre);
parent.postMessage(pre.textContent, "*");
</script>
"""
FRAME = """<!DOCTYPE html><html><body style="margin:0">
<iframe src="__PAGE__" style="width:__W__px;height:900px;border:0"></iframe>
<pre id="seen"></pre>
<script>addEventListener("message", (e) => { document.getElementById("seen").textContent = e.data; });</script>
</body></html>
"""
"""A window of the given width around the page (headless Chromium's own is at least 500 px wide)."""


@needs_chromium
@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_the_page_reads_well_from_a_phone_s_width_up(rules: str, tmp_path: Path) -> None:
    """At 400 px and 1280 px: the sheets keep their text's size (no shrinking; a sheet wider than the
    screen scrolls in its own box, the page itself never sideways), they stack on a phone and sit
    side by side on a wide screen, and every card shows as its game shows it, with a tooltip."""
    path, record = _other_game(tmp_path, rules, 5)
    page_path = tmp_path / "game.html"
    assert run("replay", str(path), "--html", str(page_path))[0] == 0
    page = page_path.read_text()
    frames = _frames(page)
    measured = tmp_path / "measured.html"
    measured.write_text(page.replace("</body>", MEASURE + "</body>"))
    rules_ = br.state_of(record).rules
    for width in (400, 1280):
        outer = tmp_path / f"at{width}.html"
        outer.write_text(FRAME.replace("__PAGE__", f"{measured.name}#{len(frames)}").replace("__W__", str(width)))
        done = _chromium(tmp_path, "--window-size=1400,1000", "--virtual-time-budget=5000", "--dump-dom",
                         outer.as_uri())
        found = re.search(r'<pre id="seen">(.+?)</pre>', done.stdout.decode(), re.S)
        assert found, done.stderr.decode()[-2000:]
        seen = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
        assert seen["inner"] <= width and seen["page"] <= seen["inner"] + 1, seen  # no sideways scroll of the page
        assert len(seen["scales"]) == 3 and min(seen["scales"]) >= 0.99, seen  # one picture a seat, none shrunk
        assert seen["smallest"] >= 10, seen
        sheet_w = max(float(re.search(r'width="(\d+)"', one).group(1))  # type: ignore[union-attr]
                      for one in split_sheets(game_cli(rules_).sheet_svg(br.state_of(record), ["a", "b", "c"])))
        if width == 400:
            assert len(set(seen["tops"])) == 3  # stacked
        elif 3 * (sheet_w + 8) < width - 40:
            assert len(set(seen["tops"])) == 1  # side by side
        assert seen["cards"], "no card on the last step"
        for title, text in seen["cards"]:
            assert title and ":" in title and text.strip() and text.strip() not in {c.id for c in rules_.cards}
    shot = tmp_path / "phone.png"
    _chromium(tmp_path, f"--screenshot={shot}", "--window-size=400,900", f"{page_path.as_uri()}#3")
    assert shot.read_bytes().startswith(b"\x89PNG")


def test_the_australia_page_says_throw_for_the_throw(tmp_path: Path) -> None:
    path = record_with_you(tmp_path, "standard", 2)
    page = tmp_path / "g.html"
    run("replay", str(path), "--html", str(page))
    throws = [text for text in frame_texts(page.read_text()) if text.startswith("Round 1: the Throw")]
    assert len(throws) == 1 and "You throw " in throws[0] and "takes" not in throws[0]


@pytest.mark.parametrize("rules", RULESETS)
def test_a_long_name_stays_inside_its_sheet(rules: str, tmp_path: Path) -> None:
    path = record_with_you(tmp_path, rules, 4)
    record = json.loads(path.read_text())
    record["players"][1] = "Maximilian Alexander von Habsburg-Lothringen " * 3
    path.write_text(json.dumps(record))
    svg = tmp_path / "s.svg"
    code, _, err = run("sheet", str(path), "-o", str(svg))
    assert code == 0, err
    ns = "{http://www.w3.org/2000/svg}"
    sheets = [g for g in ET.parse(svg).getroot().iter(ns + "g") if g.get("class") == "sheet"]
    heads = [next(t for t in g.iter(ns + "text") if t.get("class") == "player") for g in sheets]
    frames = [next(g.iter(ns + "rect")) for g in sheets]
    short, long = heads[0], heads[1]
    assert (short.text or "").startswith("You") and "…" not in (short.text or "")
    assert (long.text or "").startswith("Maximilian") and "…" in (long.text or "")
    room = float(frames[1].get("width") or 0) - 20
    assert long.get("textLength") is None  # cut to fit, not squeezed: every renderer draws it the same
    assert 0 < text_width(long.text or "", float(long.get("font-size") or 0), True) <= room
    assert long.find(ns + "title") is not None and long.find(ns + "title").text == record["players"][1]  # type: ignore[union-attr]


def test_pictures_never_overwrite_the_record_they_draw(tmp_path: Path) -> None:
    path = record_with_you(tmp_path, "standard", 3)
    before = path.read_bytes()
    for args in (["sheet", str(path), "-o", str(path)], ["sheet", str(path), "-o", str(tmp_path / "." / path.name)],
                 ["replay", str(path), "--html", str(path)]):
        code, _, err = run(*args)
        assert code == 2 and "that is the record being read" in err
    assert path.read_bytes() == before
    code, _, err = run("sheet", str(path), "-o", str(tmp_path / "s.svg"))
    assert code == 0, err


@pytest.mark.parametrize("rules", RULESETS)
def test_the_sheet_of_an_unfinished_game_says_so(rules: str, tmp_path: Path) -> None:
    """On the terminal, and in the picture itself: an unfinished game's SVG showed its totals so far
    as a finished game's, no sheet framed, nothing saying the game had not ended."""
    from boomerang_rules.core.page import UNFINISHED

    ns = "{http://www.w3.org/2000/svg}"

    def notes(svg: Path) -> list[str]:
        return [t.text or "" for t in ET.parse(svg).getroot().iter(ns + "text") if t.get("class") == "unfinished"]

    path = record_with_you(tmp_path, rules, 2)
    code, out, _ = run("sheet", str(path), "-o", str(tmp_path / "whole.svg"))
    assert code == 0 and "unfinished" not in out and notes(tmp_path / "whole.svg") == []
    record = json.loads(path.read_text())
    record.pop("result", None)
    record["rounds"] = record["rounds"][:1]
    path.write_text(json.dumps(record))
    code, out, err = run("sheet", str(path), "-o", str(tmp_path / "s.svg"))
    assert code == 0 and "unfinished" in out, err
    assert " ".join(notes(tmp_path / "s.svg")) == UNFINISHED


def test_the_australia_sheet_names_each_rounds_activity(tmp_path: Path) -> None:
    path = record_with_you(tmp_path, "standard", 8)
    record = json.loads(path.read_text())
    svg = tmp_path / "s.svg"
    assert run("sheet", str(path), "-o", str(svg))[0] == 0
    ns = "{http://www.w3.org/2000/svg}"
    sheets = [g for g in ET.parse(svg).getroot().iter(ns + "g") if g.get("class") == "sheet"]
    assert len(sheets) == len(record["players"])
    for s, sheet in enumerate(sheets):
        lines = [t for t in sheet.iter(ns + "text") if t.get("class") == "activities"]
        chosen = [(rnd["activities"][s] or "none").replace("_", " ") for rnd in record["rounds"]]
        # broken between rounds into lines that fit the sheet, none squeezed (textLength) or cut off
        assert " ".join(line.text or "" for line in lines) == "Activities: " + ", ".join(
            f"{r + 1} {a}" for r, a in enumerate(chosen))
        room = float(next(sheet.iter(ns + "rect")).get("width") or 0) - 20
        assert all(line.get("textLength") is None and text_width(line.text or "", 10) <= room for line in lines)


XML_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""The characters XML 1.0 forbids in a document."""


@pytest.mark.parametrize("finished", [True, False], ids=["finished", "unfinished"])
@pytest.mark.parametrize("rules", RULESETS)
def test_a_name_given_through_the_api_never_breaks_a_picture(rules: str, finished: bool) -> None:
    """A record cannot hold a name with a control character (validate refuses it), but the Python API
    takes any names for the pictures: what XML forbids is drawn as its escape, as ``replay`` writes a
    name (``escaped_name``; U+FFFD until the pictures escaped names alike), so the sheets stay SVG
    that every XML parser reads and the page's sheets are split, not a ParseError."""
    ruleset = br.load_rules(rules)
    state = br.new_game(ruleset, 3, seed=9)
    rng = random.Random(9)
    steps = iter(range(10))
    state = play(state, random_policy(rng), until=None if finished else lambda _: next(steps, None) is None)
    assert br.is_over(state) == finished
    names = ["Ana\x00\x07\x1b[2J\x0b\x0c\r\x7f\x9b\ufffe\uffff\ud800!", "Ben\x1b]0;title\x07", "Cy"]
    drawn = ["Ana\\x00\\x07\\x1b[2J\\x0b\\x0c\\r\\x7f\\x9b\\ufffe\\uffff\\ud800!", "Ben\\x1b]0;title\\x07", "Cy"]
    pictures = game_cli(ruleset)
    svg = pictures.sheet_svg(state, names)
    assert not XML_FORBIDDEN.search(svg)
    minidom.parseString(svg.encode("utf-8"))
    heads = [t for t in ET.fromstring(svg).iter(SVG + "text") if t.get("class") == "player"]
    assert [head.find(SVG + "title").text for head in heads] == drawn  # type: ignore[union-attr]
    page = pictures.replay_html(br.record_of(state), ruleset, names)
    page.encode("utf-8")  # no lone surrogate: the page can be written
    assert not XML_FORBIDDEN.search(page)
    sheets = re.findall(r"<svg .*?</svg>", page, re.S)
    assert len(sheets) == (3 if finished else 0)
    for sheet in sheets:
        ET.fromstring(sheet)
    frames = _frames(page)
    assert [seat["name"] for seat in frames[-1]["seats"]] == drawn  # type: ignore[attr-defined]
    assert not any(XML_FORBIDDEN.search(text) or "\x1b" in text for text in frame_texts(page))


def _custom(rules_id: str, **changes: object) -> br.Ruleset:
    from boomerang_rules.core.loading import rules_data, rules_from_data

    rules: br.Ruleset = rules_from_data({**rules_data(br.load_rules(rules_id)), "id": "custom", **changes}, "c.json")
    return rules


def test_boomerang_2010_s_sheet_counts_a_set_of_one_boomerang_in_the_singular() -> None:
    """The sheet's row of sets said "Sets of 1 boomerangs" of a ruleset scoring a point a boomerang."""
    from boomerang_rules.boomerang2010.picture import sheet_svg

    ruleset = _custom("boomerang-2010", boomerangs_per_point=1)
    *_, state = random_states(ruleset, 3, 7)
    svg = sheet_svg(state, ["Ann", "Bob", "Cy"])
    assert ">Sets of 1 boomerang<" in svg and "Sets of 1 boomerangs" not in svg


@pytest.mark.parametrize(("rules", "says", "not_says"), [
    (lambda: _custom("standard", hand_size=5), "a round is scored from all 5 of its cards", "seven"),
    (lambda: _custom("boomerang-2010", boomerangs_per_point=4), "a point per 4 boomerangs held", "a set of"),
    (lambda: _custom("boomerang-2010", boomerangs_per_point=1), "a point per 1 boomerang held", "boomerangs held"),
    (lambda: _custom("sea-salt-paper", end_targets={"2": 20, "3": 15, "4": 10}), "the total changes when a round ends",
     None),
])
def test_the_page_s_explanation_reads_the_ruleset(rules: Any, says: str, not_says: str | None) -> None:
    """Boomerang: Australia's page said a round is scored "from all seven of its cards" whatever the
    ruleset dealt; Boomerang (2010)'s said "a point a set of boomerangs" without the set's size. Each
    explanation, of the whole table and of a seat, says the ruleset's numbers (Sea Salt & Paper's
    names none a ruleset changes: its target and thresholds are not in it)."""
    ruleset = rules()
    *_, state = random_states(ruleset, 3, 7)
    record = br.record_of(state)
    for seat in (None, 1):
        page = game_cli(ruleset).replay_html(record, ruleset, ["Ann", "Bob", "Cy"], seat)
        found = re.search(r'<p id="explain">(.*?)</p>', page, re.S)
        assert found
        words = " ".join(found.group(1).split())
        assert says in words
        if not_says is not None:
            assert not_says not in words
        assert not re.search(r"\d", words.replace(says, ""))  # no other number written in
