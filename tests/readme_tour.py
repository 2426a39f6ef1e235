"""The README's tour, reproducible: its console blocks are what their commands print.

Every ``console`` block of README.md holds commands (``$ ...``) each followed by its output. This
script runs the commands in order in a scratch folder (``examples`` linked into it), standard
error merged into standard output, no colour, and writes or compares the outputs:

    python tests/readme_tour.py            # compare; a unified diff and exit 1 where they differ
    python tests/readme_tour.py --update   # rewrite the answers files and the README's outputs
                                           # (and the site's copy, docs/index.md, and docs/pictures/)

``tests/test_readme_tour.py`` runs the comparison in the suite. A long output is shown in parts:
an HTML comment just before its block, ``<!-- tour N: PARTS -->``, picks the parts of the N-th
command's output (1-based, in that block), "..." standing for what is left out between them.
PARTS are ``A-B`` (lines A to B, 1-based; ``B`` may be ``$``, the last line), ``/REGEX/+K`` (K
lines from the first line after the part before that matches REGEX) and ``/REGEX/-$`` (from
that line to the end).

The answers a game of the tour is played with are in ``examples/tour/<rules>.answers``, one a
line: what the ``greedy`` bot would choose in seat 0 of that game and seed (the bots of the other
seats are those ``play`` seats, seeded from the game's seed and seat), so the game is the same
on every machine. ``--update`` writes them anew (checking that ``play`` fed them plays that very
game): run it after any change to ``play``'s prompts, then read the diff of README.md.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
ANSWERS = ROOT / "examples" / "tour"
TOUR_GAMES = {"standard": (3, 12), "sea-salt-paper": (3, 6), "boomerang-2010": (3, 6)}
"""The games the tour plays by hand: ruleset -> (players, seed)."""

BLOCK = re.compile(r"((?:<!-- tour \d+: .*? -->\n)*)```console\n(.*?)```", re.S)
PART = re.compile(r"(\d+)-(\d+|\$)|/((?:[^/\\]|\\.)*)/([+-])(\d+|\$)")


ASKED: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "every decision": lambda legal: True,
    "not a lone choice": lambda legal: len(legal) > 1,
    "not a lone end of turn": lambda legal: tuple(legal) != ("end",),
}
"""Which of seat 0's decisions ``play`` may put to the player: every one, or all but those with
one legal action (which ``play`` may take by itself). ``--update`` keeps the first rule under
which ``play``, fed the answers, plays the very game the greedy bot plays."""


def seat0_answers(rules_id: str, players: int, seed: int, asked: str = "every decision") -> list[str]:
    """What a greedy player in seat 0 types in the game ``rules_id`` dealt from ``seed``: each
    decision of that seat that ``asked`` says ``play`` asks, as its action (which every game's
    prompt takes as it is)."""
    import boomerang_rules as br
    from boomerang_rules.core.bots import make_bots, play_game
    from boomerang_rules.core.games import game_module

    rules = br.load_rules(rules_id)
    bots = make_bots(game_module(rules.game).BOTS, ["greedy"] * players, rules, seed)
    said: list[str] = []

    def note(state: object, seat: int, action: str) -> None:
        if seat == 0 and ASKED[asked](br.legal_actions(state, seat)):
            said.append(str(action))

    play_game(rules, bots, seed, on_decision=note)
    return said


REFUSED = "(or help)."
"""How every game's ``play`` ends the line that refuses an answer and asks again."""


def plays_the_greedy_game(rules_id: str, players: int, seed: int, answers: list[str]) -> bool:
    """Whether ``play``, fed ``answers``, plays the game of greedy bots in every seat (its
    record's every field but the names the same), taking every answer as given: an answer
    refused and asked again (an ``end`` where ``play`` ends the turn by itself) would show a
    newcomer who pipes the tour's answers an error line for each."""
    import json

    from click.testing import CliRunner

    import boomerang_rules as br
    from boomerang_rules.cli import cli
    from boomerang_rules.core.bots import bot_game

    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "game.json"
        done = CliRunner().invoke(cli, ["play", "--rules", rules_id, "--players", str(players), "--seed",
                                        str(seed), "--record", str(path)], input="\n".join(answers) + "\n")
        if not path.exists() or REFUSED in done.output:
            return False
        played = json.loads(path.read_text(encoding="utf-8"))
    expected = br.record_of(bot_game(br.load_rules(rules_id), ["greedy"] * players, seed))
    return {k: v for k, v in played.items() if k != "players"} == {
        k: v for k, v in expected.items() if k != "players"}


def write_answers() -> None:
    ANSWERS.mkdir(exist_ok=True)
    for rules_id, (players, seed) in TOUR_GAMES.items():
        for asked in ASKED:
            answers = seat0_answers(rules_id, players, seed, asked)
            if plays_the_greedy_game(rules_id, players, seed, answers):
                break
        else:
            raise SystemExit(f"readme_tour: no answers make play --rules {rules_id} play the greedy game; "
                             "see ASKED in tests/readme_tour.py")
        (ANSWERS / f"{rules_id}.answers").write_text("\n".join(answers) + "\n")


PICTURES = {"australia": "game-3p.json", "sea-salt-paper": "ssp-game-3p.json",
            "boomerang-2010": "boomerang-2010-3p.json"}
"""The score sheets the game pages show (``docs/pictures/<name>.svg``), drawn from these examples."""


def pictures() -> dict[Path, str]:
    """The game pages' pictures as ``sheet`` draws them now: path -> SVG."""
    import json

    import boomerang_rules as br
    from boomerang_rules.cli.common import game_cli

    out = {}
    for name, example in PICTURES.items():
        record = json.loads((ROOT / "examples" / example).read_text(encoding="utf-8"))
        state = br.state_of(record)
        out[ROOT / "docs" / "pictures" / f"{name}.svg"] = str(
            game_cli(state.rules).sheet_svg(state, [str(n) for n in record["players"]]))
    return out


def site_index(readme: str) -> str:
    """The site's home page: the README, its links made the site's own."""
    return readme.replace("](docs/", "](")


def write_generated(readme: str) -> None:
    """The site's home page and the game pages' pictures, from the README and the examples."""
    (ROOT / "docs" / "index.md").write_text(site_index(readme), encoding="utf-8")
    for path, svg in pictures().items():
        path.parent.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")


def commands(block: str) -> list[tuple[str, list[str]]]:
    """A console block's commands, each with the lines shown after it."""
    out: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out:
            out[-1][1].append(line)
    return out


def excerpt(lines: list[str], parts: str) -> list[str]:
    """The parts of ``lines`` that ``parts`` picks, "..." where lines are left out."""
    picked: list[tuple[int, int]] = []
    at = 0
    for m in PART.finditer(parts):
        if m.group(1):
            start = int(m.group(1)) - 1
            end = len(lines) if m.group(2) == "$" else int(m.group(2))
        else:
            pattern = re.compile(m.group(3).replace("\\/", "/"))
            start = next((i for i in range(at, len(lines)) if pattern.search(lines[i])), -1)
            if start < 0:
                raise SystemExit(f"readme_tour: /{m.group(3)}/ matches no line after line {at} of the output")
            end = len(lines) if m.group(5) == "$" else start + int(m.group(5))
        picked.append((start, min(end, len(lines))))
        at = min(end, len(lines))
    shown: list[str] = []
    last = 0
    for start, end in picked:
        if start > last or (start < last and shown):
            shown.append("...")
        shown += lines[max(start, last):end]
        last = max(last, end)
    if last < len(lines):
        shown.append("...")
    return shown


def run_tour(text: str) -> str:
    """README.md's text with every console block's outputs as its commands print them now."""
    scratch = Path(tempfile.mkdtemp(prefix="readme-tour-"))
    try:
        (scratch / "examples").symlink_to(ROOT / "examples")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("FORCE_COLOR", "CLICOLOR"))}
        env.update(NO_COLOR="1", COLUMNS="100", LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8",
                   PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}")

        def block(m: re.Match[str]) -> str:
            specs = dict(re.findall(r"<!-- tour (\d+): (.*?) -->", m.group(1)))
            out = []
            for n, (command, _shown) in enumerate(commands(m.group(2)), 1):
                done = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=scratch, env=env,
                                      stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      timeout=600, check=False)
                lines = done.stdout.decode().splitlines()
                out.append("$ " + command)
                out += excerpt(lines, specs[str(n)]) if str(n) in specs else lines
            return m.group(1) + "```console\n" + "\n".join(out) + "\n```"

        return BLOCK.sub(block, text)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite the answers files and README.md")
    args = parser.parse_args()
    if args.update:
        write_answers()
    text = README.read_text(encoding="utf-8")
    now = run_tour(text)
    if args.update:
        README.write_text(now, encoding="utf-8")
        write_generated(now)
        print("README.md's console blocks rewritten" + (" (no change)" if now == text else "")
              + "; docs/index.md and docs/pictures/ written")
        return 0
    if now == text:
        return 0
    sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), now.splitlines(True), "README.md", "now"))
    return 1


if __name__ == "__main__":
    sys.exit(main())
