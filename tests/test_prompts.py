"""Menus that mean what the player chose (issue 28): every option a prompt accepts is shown,
numbered as it is accepted; an answer that names nothing shown, or several, is asked again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from boomerang_rules.cli import cli
from boomerang_rules.terminal.prompts import matches, menu, not_a_choice, pick_from


def play(*args: str, input: str) -> str:
    result = CliRunner().invoke(cli, ["play", *args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.stdout


def test_a_number_means_the_choice_shown_with_it() -> None:
    choices = ["throw", "pass"]
    assert menu(choices) == "1. throw, 2. pass"
    assert pick_from("1", choices) == "throw" and pick_from("2", choices) == "pass"
    assert pick_from("3", choices) is None and pick_from("0", choices) is None
    assert pick_from("9" * 5000, choices) is None  # more digits than int() reads: no choice (a traceback)
    assert pick_from("0" * 5000 + "2", choices) == "pass"


def test_an_ambiguous_answer_names_what_it_could_be_and_the_menu_as_shown() -> None:
    choices = ["bushwalking", "sightseeing", "swimming", "none"]
    assert matches("s", choices) == ["sightseeing", "swimming"]
    said = not_a_choice("s", choices)
    assert "sightseeing or swimming" in said and "4. none" in said
    assert "is not one of the choices: 1. bushwalking" in not_a_choice("9", choices)


def test_boomerang_2010_one_at_throw_or_pass_throws(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    answers = "\n".join(["forest", "1"] + ["2"] * 300) + "\n"
    out = play("--rules", "boomerang-2010", "--seed", "6", "--record", str(path), input=answers)
    hunt = next(line for line in out.splitlines() if line.startswith("Throw a boomerang, or pass and take the pot"))
    assert "[1. throw, 2. pass]" in hunt
    first = json.loads(path.read_text())["rounds"][0]
    assert first["hunt"][:2] == ["throw", "throw"]  # seat 0 opens: its "1" threw; greedy 1 threw after it


def test_australia_menu_shows_none_with_the_number_it_takes() -> None:
    answers = "C\nE\nF\nM\nR\nT\ns\n6\n5\n"
    out = play("--players", "3", "--seed", "12", input=answers)
    assert "  5. none: score no activity this round" in out
    assert "could be sightseeing or swimming" in out
    assert "'6' is not one of the choices: 1. bushwalking" in out
    table = out.split("Round 1 ends.", 1)[1].splitlines()
    assert any(line.startswith("  You  ") and line.endswith("(none)") for line in table[:4])


def test_sea_salt_and_paper_says_what_an_ambiguous_beginning_could_be() -> None:
    """A beginning of several choices ("keep", "t") is answered, as in the other games, with the
    choices it could be and their numbers, not "not one of the choices" (its help promises "a
    unique beginning"); an answer that begins none is still not one of them."""
    out = play("--rules", "sea-salt-paper", "--seed", "6", input="draw\nkeep\n1\nt\nzz\n")
    assert ("'keep' could be 1. keep:fish-3:left, 2. keep:fish-3:right, 3.\n  keep:shoal_of_fish-1:left or 4."
            " keep:shoal_of_fish-1:right: type more of it,\n  or its number.") in out
    assert "'t' could be 2. take:boat-8 or 3. take:crab-1: type more of it, or its number." in out
    assert "'keep' is not one of the choices" not in out
    assert "'zz' is not one of the choices; type a number from 1 to 3 (or help)." in out


GAMES = {"standard": 3, "sea-salt-paper": 3, "boomerang-2010": 3}


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_play_does_not_echo_a_huge_answer_back_in_full(rules: str) -> None:
    result = CliRunner().invoke(cli, ["play", "--rules", rules, "--players", str(GAMES[rules]), "--seed", "1"],
                                input="x" * 100_000 + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code == 2  # the input ends before the game does
    assert "'xxx" in result.stdout  # the answer is quoted back, cut short
    assert max(len(line) for line in result.stdout.splitlines()) < 1000


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_play_writes_an_answer_back_without_its_control_characters(rules: str) -> None:
    """An answer from a pipe is written after its question, as a terminal would show it typed: a control
    character in it is shown as its escape, not obeyed (a bell, an escape sequence that clears the
    screen), as the message after it quotes it. The bidirectional controls were written back raw (the
    rest of the line turned around) and the others as U+FFFD, where every message escapes them."""
    result = CliRunner().invoke(cli, ["play", "--rules", rules, "--players", str(GAMES[rules]), "--seed", "1"],
                                input="\x1b[2J\x07\u202ex\ncards \x1b[2J\x07x\n", color=True)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code == 2  # the input ends before the game does
    assert not any(c in result.stdout for c in "\x07\x1b\u202e\ufffd")
    assert ": \\x1b[2J" in result.stdout and ": cards \\x1" in result.stdout  # cut to 80 columns
    assert ": \\x1b[2J\\x07\\u202ex\n" in result.stdout or rules == "boomerang-2010"  # its question leaves 8
    assert "no such card" in result.stdout  # and said so without them


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_cards_naming_no_card_is_told_alike_in_80_columns_in_every_game(rules: str) -> None:
    """``cards ID`` for an id no card has: Sea Salt & Paper and Boomerang (2010) wrote a typed id
    back whole (2,000 characters over 27 lines), Boomerang: Australia quoted it cut to 40 but its
    line ran to 88 columns. Every game now quotes it cut, on lines of 80 columns at most."""
    result = CliRunner().invoke(cli, ["play", "--rules", rules, "--players", str(GAMES[rules]), "--seed", "1"],
                                input="cards " + "x" * 2000 + " zz\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    told = result.stdout.split("cards xxx", 1)[1].splitlines()[1:]
    said = " ".join(line.strip() for line in told[:told.index(next(t for t in told if "zz" in t.lower())) + 1])
    assert said.count("no such card") == 2 and said.count("x") + said.count("X") < 60, said
    assert said.startswith("'") and ("'zz': no such card" in said or "'ZZ': no such card" in said), said
    assert all(len(line) <= 80 for line in told), told


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_an_answer_written_back_keeps_its_question_s_line_to_80_columns(rules: str) -> None:
    """An answer from a pipe, written after its question, was cut at 60 columns whatever the question:
    after Boomerang (2010)'s throw-or-pass question (70 columns) the line ran to 130. It is now cut to
    the columns the question leaves, in every game; a short answer is written whole."""
    from boomerang_rules.terminal.prompts import written_back

    answers = "x" * 100 + "\n1\ncards " + "abcdefghij " * 6 + "\nsheet\n"
    result = CliRunner().invoke(cli, ["play", "--rules", rules, "--players", str(GAMES[rules]), "--seed", "1"],
                                input=answers)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    lines = result.stdout.splitlines()
    assert [line for line in lines if len(line) > 80] == []
    assert any(line.endswith(": sheet") for line in lines) and any(line.endswith("…") for line in lines)
    question = "Throw a boomerang, or pass and take the pot (1)? [1. throw, 2. pass]: "
    assert written_back("cards A8 B1 B9", question) == "cards A8 …"  # 10 columns left
    assert written_back("pass", question) == "pass"
    assert written_back("田" * 40, "Your choice: ") == "田" * 29 + "…"  # 60 columns at most, a wide one two
    assert written_back("x" * 30, "q" * 100 + ": ") == "x" * 7 + "…"  # 8 at least


def test_australias_cards_command_names_the_rulesets_own_ids() -> None:
    """``cards zz`` in Australia's ``play`` names the ids the ruleset has (it said "A to Z, @ and #"
    whatever the deck): a run of consecutive letters as one, the rest one by one."""
    from types import SimpleNamespace

    import boomerang_rules as br
    from boomerang_rules.australia.cli import card_ids

    def deck(*ids: str) -> SimpleNamespace:
        return SimpleNamespace(cards=[SimpleNamespace(id=i) for i in ids])

    assert card_ids(br.load_rules("standard")) == "A to Z, @ and #"
    assert card_ids(deck("A", "B", "C", "x1", "Q", "R", "7")) == "A to C, x1, Q, R and 7"
    assert card_ids(deck("K")) == "K"
    assert card_ids(deck(*(f"card-{i}" for i in range(40)))).endswith("…")  # cut as messages cut a value
    result = CliRunner().invoke(cli, ["play", "--rules", "standard", "--players", "3", "--seed", "1"],
                                input="cards zz\n")
    assert "'ZZ': no such card (the ids are A to Z, @ and #)" in result.stdout


def test_cards_alone_with_an_empty_hand_says_the_hand_is_empty() -> None:
    """``cards`` alone describes the player's cards; at a Sea Salt & Paper round's first turn the
    hand is empty, and it answered only "Name the cards", as if ``cards`` needed an argument
    (``help`` says "your cards in words, or the cards named")."""
    out = play("--rules", "sea-salt-paper", "--players", "2", "--seed", "1", input="cards\n")
    assert "  You hold no cards yet: name the cards to read, e.g. cards crab-1 crab-2" in out


def test_cards_alone_before_any_capture_says_it_shows_the_river() -> None:
    """Boomerang (2010)'s ``cards`` alone describes the seat's captures; before the first, it described
    the river's cards as if they were the player's (``help`` says "your cards in words"), where Sea Salt
    & Paper says its hand is empty. It says whose cards it shows now; the captures, once there are some."""
    out = play("--rules", "boomerang-2010", "--players", "3", "--seed", "1", input="cards\n")
    told = out.split(": cards\n", 1)[1].splitlines()
    assert told[0] == "  You have captured no cards yet; the river's cards:"
    assert told[1].startswith("  A8: an armadillo")


def test_a_closed_standard_input_is_input_ended(monkeypatch: pytest.MonkeyPatch) -> None:
    """Started with standard input closed (``play <&-``), Python has no ``sys.stdin``: the first
    question was an ``AttributeError`` traceback; it is input that has ended, as from /dev/null."""
    import sys

    from boomerang_rules.terminal.prompts import read_answer

    monkeypatch.setattr(sys, "stdin", None)
    assert read_answer("Your choice: ") is None
