"""Which tie-break decided a game, said everywhere the winner is (issue 28): the terminal, the
replay, the score sheets' SVG and the replay page, in one sentence from ``core.ties``."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import boomerang_rules as br
from boomerang_rules import boomerang2010 as b10
from boomerang_rules.cli import cli
from boomerang_rules.cli.common import game_cli
from boomerang_rules.core.bots import make_bots
from boomerang_rules.core.games import game_module
from boomerang_rules.core.ties import TieBreak, tie_told, tied_seats

NAMES = ["Ana", "Bo", "Cy"]


def test_no_tie_at_the_top_says_nothing() -> None:
    assert tie_told([10, 12, 12], NAMES, []) is not None
    assert tie_told([12, 10, 10], NAMES, [TieBreak("most boomerangs", [1, 2, 3])]) is None


def test_the_tie_break_that_decides_is_named_with_each_tied_seats_key() -> None:
    said = tie_told([30, 35, 35], NAMES, [TieBreak("most boomerangs", [9, 4, 6])])
    assert said == "Bo and Cy tied on 35 points; the tie-break, most boomerangs (Bo 4, Cy 6), goes to Cy."


def test_a_tie_the_breaks_leave_is_a_shared_win_and_says_so() -> None:
    breaks = [TieBreak("most Throw & Catch points", [5, 5, 5]), TieBreak("most site points", [1, 2, 2])]
    said = tie_told([7, 7, 7], NAMES, breaks)
    assert said is not None and said.endswith("a shared win for Bo and Cy.") and "; then most site points" in said
    assert tied_seats([7, 7, 7], breaks) == [1, 2]
    assert tie_told([7, 7], NAMES, []) == "Ana and Bo tied on 7 points; these rules have no tie-break: a shared win."


def _tied_games(rules_id: str, players: int, seeds: range) -> list[tuple[int, Any]]:
    rules = br.load_rules(rules_id)
    game = game_module(rules.game)
    found = []
    for seed in seeds:
        state = game.play_game(rules, make_bots(game.BOTS, ["random"] * players, rules, seed), seed)
        totals = [s.total for s in game.score_sheets(state)]
        if totals.count(max(totals)) > 1:
            found.append((seed, state))
    return found


@pytest.mark.parametrize(("rules_id", "players", "seeds"), [
    ("standard", 3, range(120)), ("standard", 2, range(120)), ("boomerang-2010", 3, range(80)),
    ("sea-salt-paper", 3, (18, 245))])
def test_the_words_name_the_winners_the_game_decided(rules_id: str, players: int, seeds: range) -> None:
    tied = _tied_games(rules_id, players, seeds)
    assert tied
    for _seed, state in tied:
        names = [f"P{s}" for s in range(players)]
        best = br.winners(state)
        cli_module = game_cli(state.rules)
        record = br.record_of(state, names)
        story = " ".join(cli_module.narrate(record, state.rules, names, None)[-3:])
        assert "tied on" in story
        if len(best) == 1:
            assert f"to P{best[0]}." in story
        else:
            assert "a shared win for " + " and ".join(f"P{w}" for w in best) in story.replace(",", " and")


def test_sea_salt_and_paper_seed_18_says_its_tie_break_in_replay_svg_and_page(tmp_path: Path) -> None:
    runner = CliRunner()
    record = tmp_path / "g.json"
    assert runner.invoke(cli, ["simulate", "--rules", "sea-salt-paper", "--players", "3", "--seed", "18",
                               "--bots", "random,random,random", "--out", str(record)]).exit_code == 0
    told = runner.invoke(cli, ["replay", str(record)]).stdout
    assert "Winner: random 2 (totals: 17, 35, 35)" in told
    words = "random 1 and random 2 tied on 35 points; the tie-break, most points in the last round"
    assert words in " ".join(told.split())
    assert max(map(len, told.splitlines()[-3:])) <= 80
    svg = tmp_path / "g.svg"
    assert runner.invoke(cli, ["sheet", str(record), "-o", str(svg)]).exit_code == 0
    assert words in svg.read_text()
    page = tmp_path / "g.html"
    assert runner.invoke(cli, ["replay", str(record), "--html", str(page)]).exit_code == 0
    assert words in page.read_text()


@pytest.mark.parametrize(("rules_id", "players"), [("standard", 3), ("boomerang-2010", 3)])
def test_the_other_games_say_it_in_their_svg(rules_id: str, players: int) -> None:
    _seed, state = _tied_games(rules_id, players, range(120))[0]
    names = [f"P{s}" for s in range(players)]
    cli_module = game_cli(state.rules)
    assert 'class="tie-break"' in cli_module.sheet_svg(state, names) and "tied on" in cli_module.sheet_svg(state, names)


@pytest.mark.parametrize(("rules_id", "players", "seeds"), [
    ("standard", 3, range(120)), ("boomerang-2010", 3, range(80)), ("sea-salt-paper", 3, (18,))])
def test_play_says_the_tie_break_at_the_end(rules_id: str, players: int, seeds: range,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    _seed, state = _tied_games(rules_id, players, seeds)[0]
    cli_module = game_cli(state.rules)
    labels = ["You", *(f"random {s}" for s in range(1, players))]
    session = cli_module.Session(state.rules, players, 0, 18, labels)
    if rules_id == "sea-salt-paper":  # its end is told at the end of run: play the game out from its last state
        bots = make_bots(game_module(state.rules.game).BOTS, ["random"] * players, state.rules, 18)
        session.ask = lambda seen: bots[0].choose(seen, seen.legal_actions)
        assert br.winners(session.run(bots)) == br.winners(state)
    else:
        session.game_end(state)
    out = capsys.readouterr().out
    end = out[out.rindex("Winner"):]
    assert "tied on" in end and max(map(len, end.splitlines())) <= 80


EXAMPLES = Path(__file__).parent.parent / "examples"


B10_RECORDS = ["boomerang-2010-3p", "boomerang-2010-4p", "boomerang-2010-5p"]


def _record(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("name", B10_RECORDS)
def test_winners_are_a_tuple_equal_to_the_same_seats_in_any_form(name: str) -> None:
    record = _record(name)
    first, again = b10.winners(br.state_of(record)), b10.winners(br.state_of(copy.deepcopy(record)))
    assert first is not again
    seats = record["result"]["winners"]
    assert first == again and hash(first) == hash(again)
    assert (first != again) is False
    assert first == tuple(seats) and tuple(seats) == first and first == list(seats) and list(seats) == first
    assert first != [*seats, 9] and first != (*seats, 9) and first != "x"
    assert repr(first) == repr(tuple(seats)) == str(first)
    rules = br.load_rules("boomerang-2010")
    shared = b10.winners_of(rules, [[], []], [1, 1])
    assert shared == b10.winners_of(rules, [[], []], [1, 1]) == (0, 1) and repr(shared) == "(0, 1)"
    assert {first, again} == {tuple(seats)}


def test_australia_names_each_tie_break_by_its_score_sheet_row() -> None:
    """Boomerang: Australia's tie-breaks are score sheet rows (``scoring.tie_breakers``; the
    standard rules: Throw & Catch): each is said as "most ... points" in the row's own words."""
    from boomerang_rules.australia.sheets import ScoreSheet, tie_words

    ana = ScoreSheet(throw_catch=(3, 4), collections=(2, 2), animals=(0, 3), activity=(4, 0), sites=6, regions=3,
                     total=27)
    bo = ScoreSheet(throw_catch=(5, 4), collections=(1, 2), animals=(3, 0), activity=(0, 4), sites=8, regions=0,
                    total=27)
    tied = "Ana and Bo tied on 27 points; the tie-break, "
    for row, said in [("throw_catch", "most Throw & Catch points (Ana 7, Bo 9), goes to Bo."),
                      ("regions", "most region bonus points (Ana 3, Bo 0), goes to Ana."),
                      ("collections", "most collection points (Ana 4, Bo 3), goes to Ana."),
                      ("sites", "most site points (Ana 6, Bo 8), goes to Bo.")]:
        assert tie_words([ana, bo], [row], ["Ana", "Bo"]) == tied + said


def test_sea_salt_and_paper_says_each_tie_break_by_the_last_round() -> None:
    """Sea Salt & Paper's three tie-breaks, read off the last round (``sheets.tie_breaks``): its
    points, who ended it, the latest turn in it; none after the mermaids won, or before a round."""
    from types import SimpleNamespace

    from boomerang_rules.seasaltpaper.sheets import tie_words

    last = SimpleNamespace(end="stop", scores=(0, 5, 9), ender=1, last_turns=(0, 6, -1))
    tied = "Ana, Bo and Cy tied on 35 points; the tie-break, "
    for rule, said in [("last-round-points", "most points in the last round (Ana 0, Bo 5, Cy 9), goes to Cy."),
                       ("ended-last-round", "who ended the last round (Ana did not, Bo ended it, Cy did not), goes "
                                            "to Bo."),
                       ("went-last", "the latest turn in the last round (Ana turn 1, Bo turn 7, Cy no turn), goes "
                                     "to Bo.")]:
        rules = SimpleNamespace(tie_break=rule)
        assert tie_words(rules, [35, 35, 35], [last], NAMES) == tied + said
        assert tie_words(rules, [35, 35, 35], [SimpleNamespace(**{**vars(last), "end": "mermaids"})], NAMES) is None
        assert tie_words(rules, [0, 0, 0], [], NAMES) is None


def test_boomerang_2010_says_its_tie_break_most_boomerangs() -> None:
    from types import SimpleNamespace

    from boomerang_rules.boomerang2010.scoring import tie_words

    scores = [SimpleNamespace(total=30, boomerangs=2), SimpleNamespace(total=30, boomerangs=3),
              SimpleNamespace(total=12, boomerangs=9)]
    assert tie_words(scores, ["boomerangs"], NAMES) == (  # type: ignore[arg-type]
        "Ana and Bo tied on 30 points; the tie-break, most boomerangs (Ana 2, Bo 3), goes to Bo.")
    assert tie_words(scores, [], NAMES) == (  # type: ignore[arg-type]
        "Ana and Bo tied on 30 points; these rules have no tie-break: a shared win.")


MANY_WORDED = ["Ana Maria da Silva", "Bo van der Berg", "Cy de la Cruz Gomez", "Di O Brien Smith", "Ed St John Rivers"]


def _whole(text: str, names: list[str]) -> bool:
    """Each name as often on one line as in the words: none split across lines."""
    flat = " ".join(text.split())
    return all(text.count(name) == flat.count(name) for name in names)


@pytest.mark.parametrize(("rules_id", "players", "seeds"), [
    ("standard", 3, range(120)), ("boomerang-2010", 3, range(80)), ("sea-salt-paper", 3, (18, 245))])
def test_the_tie_break_never_splits_a_name_across_lines(rules_id: str, players: int, seeds: range,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """``replay`` and ``play`` keep a player's name on one line in the tie-break's sentence, as in
    every other line they tell ("(greedy" / "1 2, greedy 3 9)" was a Boomerang (2010) game's)."""
    for seed, state in _tied_games(rules_id, players, seeds)[:6]:
        names = MANY_WORDED[:players]
        cli_module = game_cli(state.rules)
        story = "\n".join(cli_module.narrate(br.record_of(state, names), state.rules, names, None)[-4:])
        assert "tied on" in story and _whole(story, names), story
        labels = ["You", *MANY_WORDED[1:players]]
        session = cli_module.Session(state.rules, players, 0, seed, labels)
        if rules_id == "sea-salt-paper":  # its end is told at the end of run, as above
            bots = make_bots(game_module(state.rules.game).BOTS, ["random"] * players, state.rules, seed)
            session.ask = lambda seen, bot=bots[0]: bot.choose(seen, seen.legal_actions)
            session.run(bots)
        else:
            session.game_end(state)
        out = capsys.readouterr().out
        end = out[out.rindex("Winner"):]
        assert "tied on" in end and _whole(end, labels), end
