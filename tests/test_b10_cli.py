"""Boomerang (2010) on the command line: score, tournament, play and check-scorer with --rules boomerang-2010."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import boomerang_rules as br
from boomerang_rules.cli import cli

SCORERS = Path(__file__).resolve().parent / "scorers"
R = ["--rules", "boomerang-2010"]


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_score_the_seeds_example_from_the_command_line() -> None:
    # Alice: 3 armadillos, 3 birds, 1 fish, 3 kangaroos, 5 lizards, 2 turtles (A, B, F, K, L, T in the shipped deck).
    alice = "A1,A2,A3,B1,B2,B3,F1,K1,K2,K3,L1,L2,L3,L4,L5,T1,T2:11"
    bob = "A4,A5,B4,B5,F2,K4,K5,K6,L6,L7,L8,L9,T3,T4:20"
    grace = "A6,A7,A8,A9,B6,B7,B8,F3,F4,F5,F6,F7,F8,F9,K7,K8,K9,T5,T6,T7:5"
    code, out, _ = run("score", *R, "--seat", alice, "--seat", bob, f"--seat={grace}", "--json")
    assert code == 0
    data = json.loads(out)
    assert [s["total"] for s in data["seats"]] == [12, 6, 20] and data["winners"] == [2]
    assert data["seats"][1]["sets"] == 3 and data["seats"][0]["animals"]["lizard"] == 5
    code, out, _ = run("score", *R, "--seat", alice, "--seat", bob, "--seat", grace)
    assert code == 0 and "Winner: Seat 2" in out


def test_score_errors_are_clear() -> None:
    code, _, err = run("score", *R, "--seat", "A1,ZZ:3", "--seat", "A1:2")
    assert code == 1 and "unknown card 'ZZ'" in err and "held twice" in err
    # The other holder in the arguments' own terms: the CLI said "also at /cards/0/0", a JSON pointer
    # into a table the user never wrote (the other games say "also in hand", "first at position 1").
    assert "--player 2 (seat 1): card 'A1' is held twice (also by seat 0, its card 1) [card-unique]" in err
    assert "/cards" not in err
    code, _, err = run("score", *R, "--seat", "A1")
    assert code == 2 and "CARD,CARD,...:BOOMERANGS" in err
    code, _, err = run("score", *R, "A1", "A2")
    assert code == 2 and "--seat" in err
    code, _, err = run("score", *R, "--activity", "swimming", "--seat", ":3")
    assert code == 2 and "--activity" in err


def test_score_refuses_boomerangs_that_no_game_ends_with() -> None:
    # Every boomerang is held when a game ends (the last passer empties the pot): 12 a player in all.
    code, _, err = run("score", *R, "--seat", "A1:11", "--seat", "A3:999", "--seat", ":5")
    assert code == 1
    assert err.strip().endswith("the seats hold 1015 boomerangs in all; a game of 3 players has 36 (12 each), "
                                "every one held by a player when it ends [boomerangs-total]")
    # a count of 4,000 digits (the most a number may have is 4,300) is cut as messages cut numbers: the
    # message was 4,100 characters on one line
    code, _, err = run("score", *R, "--player", ":1" + "0" * 4000, "--player", ":12", "--player", ":12")
    assert code == 1 and len(err) < 250 and err.strip().endswith("boomerangs in all; a game of 3 players has 36 "
                                                                 "(12 each), every one held by a player when it "
                                                                 "ends [boomerangs-total]")
    code, out, _ = run("score", *R, "--seat", "A1:0", "--seat", "A3:0", "--seat", ":36", "--json")
    assert code == 0 and json.loads(out)["seats"][2]["sets"] == 6


def test_tournament_greedy_beats_random() -> None:
    code, out, _ = run("tournament", *R, "--players", "4", "--bots", "greedy,random,random,random", "--games", "12",
                       "--json")
    assert code == 0
    seats = json.loads(out)["seats"]
    assert seats[0]["bot"] == "greedy" and seats[0]["mean_total"] > max(s["mean_total"] for s in seats[1:])
    code, _, err = run("tournament", *R, "--players", "2")
    assert code == 2 and "3 to 5 players" in err


def test_play_a_whole_game_from_a_pipe(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    answers = "ocean\ndunes\ndunes\nthr\npass\n" * 300       # bad answers are asked again
    code, out, err = run("play", *R, "--players", "3", "--seed", "5", "--record", str(record), stdin=answers)
    assert code == 0, err
    assert "is not one of" in out and "Final scores" in out and "Game record saved" in out
    assert out.index("seed 5") > out.index("Final scores")         # the seed would tell the deck's order
    assert run("validate", str(record))[0] == 0


def test_play_stops_cleanly_when_input_ends() -> None:
    code, _, err = run("play", *R, "--players", "3", "--seed", "5", stdin="dunes\n")
    assert code == 2 and "input ended" in err


def test_check_scorer_for_this_game() -> None:
    code, out, _ = run("check-scorer", *R, "--games", "6", "--", sys.executable, str(SCORERS / "library_scorer.py"))
    assert code == 0 and "all 6 games agree" in out
    code, out, _ = run("check-scorer", *R, "--games", "20", "--", sys.executable,
                       str(SCORERS / "b10_strict_majority_scorer.py"))
    assert code == 1 and "rows that differ: animals" in out and "shortest example: 3 players" in out


def test_variants_lists_the_game() -> None:
    code, out, _ = run("variants")
    assert code == 0 and "boomerang-2010" in out and "ASSUMPTION" in out


@pytest.mark.parametrize("seats", [1, 2, 6])
def test_boomerang_2010_score_refuses_a_seat_count_the_game_does_not_have(seats: int) -> None:
    rules = br.load_rules("boomerang-2010")
    assert not rules.players.min <= seats <= rules.players.max
    result = CliRunner().invoke(cli, ["score", "--rules", "boomerang-2010"] + ["--seat", ":1"] * seats)
    assert result.exit_code == 1
    assert f"is for {rules.players.min} to {rules.players.max} players" in result.stderr
    assert "[players-count]" in result.stderr


def _many_long_animals(tmp_path: Path, count: int, length: int) -> Path:
    """The shipped deck, its animals renamed ``length`` characters long and cut into ``count`` kinds."""
    data = json.loads((Path(__file__).resolve().parents[1] / "variants" / "boomerang-2010.json").read_text("utf-8"))
    animals = [f"a{i:02d}-" + "x" * (length - 4) for i in range(count)]
    data.update(id="long-animals", animals=animals)
    for i, card in enumerate(data["cards"]):
        card["animal"] = animals[i % count]
    path = tmp_path / "long-animals.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_play_asks_for_a_land_within_80_columns_whatever_the_lands(tmp_path: Path) -> None:
    """The land question held its menu whatever the lands: a ruleset's five longer lands made a
    question of 121 columns. Its menu now goes on lines of its own before a short question; the
    shipped lands' question (70 columns) is as it was."""
    data = json.loads((Path(__file__).resolve().parents[1] / "variants" / "boomerang-2010.json").read_text("utf-8"))
    longer = {land: f"{land}_of_the_far_west" for land in data["lands"]}
    data.update(id="long-lands", lands=[longer[land] for land in data["lands"]])
    for card in data["cards"]:
        card["lands"] = [longer[land] for land in card["lands"]]
    path = tmp_path / "long-lands.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run("play", "--rules", str(path), "--seed", "1", stdin="2\n")
    assert code == 2 and [line for line in out.splitlines() if len(line) > 80] == []
    assert "  Lands: 1. dunes of the far west, 2. forest of the far west, 3. prairie of the\n" in out
    assert "Your land (its number or name): 2\n" in out
    code, out, _ = run("play", *R, "--seed", "1", stdin="2\n")
    assert "Your land (1. dunes, 2. forest, 3. prairie, 4. mountains, 5. rivers): 2\n" in out and "Lands:" not in out


@pytest.mark.parametrize(("count", "length"), [(6, 9), (12, 12), (32, 10), (3, 64), (32, 64)])
def test_the_score_table_fits_80_columns_whatever_the_animals(tmp_path: Path, count: int, length: int) -> None:
    """A ruleset may name 32 animals of 64 characters: the score table goes on over more tables
    (each row a line, an animal too long for a table clipped) instead of running past 80 columns;
    the shipped six fit one table, as before."""
    from boomerang_rules.boomerang2010.cli import score_table

    from .helpers import random_game

    rules = br.load_rules(_many_long_animals(tmp_path, count, length))
    state = random_game(4, 3, rules)
    sheets = br.score_sheets(state)
    names = ["Alexandra " * 6, "Bo", "Chidi", "Dana"]
    lines = score_table(rules, sheets, names)[:-2]  # the legend's two lines aside
    assert max(map(len, lines)) <= 80, [line for line in lines if len(line) > 80][:2]
    tables = len(lines) // 5  # a header and a row a seat
    assert len(lines) == 5 * tables and (tables == 1) == (count * (length + 1) <= 51)
    for t in range(tables):  # every table's rows in seat order, the names in one column
        assert [line[2:4] for line in lines[5 * t + 1:5 * t + 5]] == ["Al", "Bo", "Ch", "Da"]
    cells = [cell for line in lines if line.startswith("  Bo ") for cell in line.split()[1:]]
    assert cells == [*(f"{sheets[1].cards[a]}:{sheets[1].animals[a]}" for a in rules.animals),
                     str(sheets[1].boomerangs), str(sheets[1].sets), str(sheets[1].total)]


def test_the_story_counts_one_card_left_in_the_deck_in_the_singular() -> None:
    """``replay``'s story of a round said "Turned up: ...; 1 cards left in the deck" (in 75 of 200
    random three-seat games), where the states' texts count one card in the singular."""
    import random
    import re

    from boomerang_rules.boomerang2010.cli import narrate

    said = set()
    for seed in range(8):
        state = br.new_game("boomerang-2010", 3, seed)
        rng = random.Random(seed)
        while not br.is_over(state):
            state = br.step(state, [rng.choice(br.legal_actions(state, s)) for s in br.to_act(state)])
        text = "\n".join(narrate(br.record_of(state), state.rules, ["a", "b", "c"], None))
        said |= set(re.findall(r"(?<![\d.,-])1 cards? left in the deck", text))
    assert said == {"1 card left in the deck"}
