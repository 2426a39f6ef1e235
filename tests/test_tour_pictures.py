"""Score sheets and games as pictures (issue 16): ``sheet`` draws SVG, ``replay --html`` writes a
self-contained page. Where a headless Chromium is installed (``.ci/run`` installs one), the page
is loaded in it, stepped through, and screenshotted."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

import boomerang_rules as br
from boomerang_rules.cli import cli

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


def test_other_games_get_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "ssp.json"
    run("simulate", "--rules", "sea-salt-paper", "--players", "2", "--out", str(path))
    code, _, err = run("sheet", str(path), "-o", str(tmp_path / "s.svg"))
    assert code == 2 and "Boomerang: Australia only" in err
    code, _, err = run("replay", str(path), "--html", str(tmp_path / "g.html"))
    assert code == 2 and "Boomerang: Australia records only" in err


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


def test_the_page_is_not_limited_to_one_seat_silently(game: Path, tmp_path: Path) -> None:
    code, _, err = run("replay", str(game), "--html", str(tmp_path / "g.html"), "--seat", "1")
    assert code == 2 and "--seat" in err and not (tmp_path / "g.html").exists()
