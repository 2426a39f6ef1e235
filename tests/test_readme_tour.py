"""The README's tour cannot drift (issue 28): its console blocks are run, command by command, and
their outputs compared with the README's, line for line (``tests/readme_tour.py``; after a change
to what a command prints, ``python tests/readme_tour.py --update`` rewrites them)."""

from __future__ import annotations

import difflib

from . import readme_tour


def test_every_console_block_of_the_readme_is_what_its_commands_print() -> None:
    text = readme_tour.README.read_text(encoding="utf-8")
    assert text.count("```console") >= 3 and "--seed" in text
    now = readme_tour.run_tour(text)
    diff = "".join(difflib.unified_diff(text.splitlines(True), now.splitlines(True), "README.md", "printed now"))
    assert now == text, "the README's tour has drifted (python tests/readme_tour.py --update):\n" + diff[:6000]


def test_the_tour_s_answers_play_the_game_of_its_greedy_player() -> None:
    for rules_id, (players, seed) in readme_tour.TOUR_GAMES.items():
        shipped = (readme_tour.ANSWERS / f"{rules_id}.answers").read_text().splitlines()
        assert shipped in [readme_tour.seat0_answers(rules_id, players, seed, asked) for asked in readme_tour.ASKED]
        assert readme_tour.plays_the_greedy_game(rules_id, players, seed, shipped), rules_id
        assert not readme_tour.plays_the_greedy_game(rules_id, players, seed, shipped[1:])  # the check can fail


def test_play_takes_every_answer_of_the_tour_as_given() -> None:
    """A newcomer who pipes a tour's answers sees no answer refused (Sea Salt & Paper's answers held
    an ``end`` for every turn ``play`` now ends by itself: 33 "'end' is not one of the choices")."""
    from click.testing import CliRunner

    from boomerang_rules.cli import cli

    for rules_id, (players, seed) in readme_tour.TOUR_GAMES.items():
        answers = (readme_tour.ANSWERS / f"{rules_id}.answers").read_text()
        done = CliRunner().invoke(cli, ["play", "--rules", rules_id, "--players", str(players), "--seed", str(seed)],
                                  input=answers)
        assert done.exit_code == 0, (rules_id, done.output[-2000:])
        assert readme_tour.REFUSED not in done.output, (rules_id, [
            line for line in done.output.splitlines() if readme_tour.REFUSED in line][:3])


def test_every_play_command_of_the_tour_gives_its_seed_and_its_answers() -> None:
    for block in readme_tour.BLOCK.finditer(readme_tour.README.read_text(encoding="utf-8")):
        for command, _ in readme_tour.commands(block.group(2)):
            if " play " in f" {command} " or " simulate " in f" {command} ":
                assert "--seed" in command, command
            if " play " in f" {command} ":
                assert "< examples/tour/" in command, command


def test_an_excerpt_shows_its_parts_and_says_where_lines_are_left_out() -> None:
    lines = [f"line {i}" for i in range(1, 21)]
    assert readme_tour.excerpt(lines, "1-3") == ["line 1", "line 2", "line 3", "..."]
    assert readme_tour.excerpt(lines, "1-2 /^line 10$/+2 /^line 19/-$") == [
        "line 1", "line 2", "...", "line 10", "line 11", "...", "line 19", "line 20"]
    assert readme_tour.excerpt(lines, "1-$") == lines


def test_the_site_s_home_page_and_pictures_are_the_readme_s_and_the_sheets_of_now() -> None:
    readme = readme_tour.README.read_text(encoding="utf-8")
    assert (readme_tour.ROOT / "docs" / "index.md").read_text(encoding="utf-8") == readme_tour.site_index(readme)
    for path, svg in readme_tour.pictures().items():
        assert path.read_text(encoding="utf-8") == svg, f"{path.name} is stale (python tests/readme_tour.py --update)"


def test_every_link_of_the_readme_leads_to_a_file_of_the_checkout() -> None:
    import re

    links = re.findall(r"\]\(([^)#]+)\)", readme_tour.README.read_text(encoding="utf-8"))
    assert len(links) >= 8
    for link in links:
        assert not link.startswith(("http:", "https:")) and (readme_tour.ROOT / link).is_file(), link
