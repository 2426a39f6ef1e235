"""Play that explains itself (issue 16): commands, cards in words, announcements, --record checks,
colour only where wanted, replays in English for a player named "You"."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import boomerang_rules as br
from boomerang_rules.cli import cli
from boomerang_rules.terminal.colour import colour_on
from boomerang_rules.terminal.prompts import pick_from
from boomerang_rules.terminal.wording import says

from .helpers import RULESETS, frame_texts, record_with_you

RULES = br.load_rules("standard")
# "You" with a verb in the third person, or "You's": what a sentence about the player must never say.
DISAGREES = re.compile(r"\bYou(?:'s| (?:is|has|takes|throws|catches|completes|passes|opens|begins|draws|keeps|"
                       r"discards|ends|plays|looks|steals|calls|wins|chooses)\b)")


def run(*args: str, input: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


def australia_answers() -> str:
    """Commands first, then every card id and activity in turn: one is always legal."""
    guesses = [*(c.id for c in RULES.cards), "indigenous", "1", "swim", "none"]
    return "help\ncards\ncards @ Q\nmap\nsheet\n" + "\n".join(guesses * 60) + "\n"


def test_a_piped_game_of_boomerang_australia_explains_itself(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out, err = run("play", "--players", "3", "--seed", "11", "--record", str(record), input=australia_answers())
    assert code == 0, err
    assert out.count(RULES.name) == 1 and "Type help" in out.splitlines()[0]
    assert "cards [ID...]" in out and "map" in out  # help
    port_arthur = next(c for c in RULES.cards if c.id == "@")
    assert f"@  {port_arthur.number}  {port_arthur.site}, Tasmania" in out  # cards @ Q
    assert "(@ and # are the ids" in out
    assert "Tasmania             4 of 4 to go: Y Z @ #" in out  # map, before any round ends
    assert "The Catch: " in out and "sites gained: " in out
    for block in out.split("Round ")[1:]:
        if block.split("\n", 1)[0].endswith("the activity choice"):
            assert "hands pass" not in block.split("\n", 1)[0]
    assert "\x1b[" not in out  # no colour into a pipe
    before, _, after = out.partition("Final score sheets")
    assert "seed 11" not in before and "seed 11" in after
    assert "Score sheets so far" not in out  # no all-zero table at every step
    assert br.validate_record(json.loads(record.read_text())) == []
    code, told, _ = run("replay", str(record))
    assert code == 0 and "You are dealt" in told and "You take " in told and "You takes" not in told
    assert "You is " not in told and "You throws" not in told and "You catches" not in told


def test_activities_accept_a_prefix_a_number_or_the_name_with_spaces() -> None:
    kinds = ["indigenous_culture", "sightseeing", "bushwalking", "swimming", "none"]
    assert pick_from("Indigenous Culture", kinds) == "indigenous_culture"
    assert pick_from("bush", kinds) == "bushwalking"
    assert pick_from("2", kinds) == "sightseeing"
    assert pick_from("s", kinds) is None  # sightseeing or swimming: not unique
    assert pick_from("9", kinds) is None and pick_from("", kinds) is None
    assert says("You", "takes") == "You take" and says("You", "is") == "You are" and says("Ana", "is") == "Ana is"


def test_record_path_is_checked_before_the_game_starts(tmp_path: Path) -> None:
    code, out, err = run("play", "--seed", "1", "--record", str(tmp_path / "missing" / "g.json"), input="A\n")
    assert code == 2 and "does not exist" in err and "Round 1" not in out
    existing = tmp_path / "g.json"
    existing.write_text("keep me")
    code, out, err = run("play", "--seed", "1", "--record", str(existing), input="A\n")
    assert code == 2 and "--force" in err and "Round 1" not in out and existing.read_text() == "keep me"
    code, _, _ = run("play", "--players", "3", "--seed", "1", "--record", str(existing), "--force",
                     input=australia_answers())
    assert code == 0 and json.loads(existing.read_text())["players"][0] == "You"


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_ctrl_c_abandons_the_game_as_simulate_stops_and_says_the_record_was_not_written(
        tmp_path: Path, rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C during ``play`` exits 130, as ``simulate`` and ``tournament`` do (it was 1, which the
    commands keep for invalid input), and says that ``--record`` was not written."""
    from boomerang_rules.cli.common import game_cli

    def ctrl_c(self: object, bots: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(game_cli(br.load_rules(rules)).Session, "run", ctrl_c)
    record = tmp_path / "g.json"
    code, _, err = run("play", "--rules", rules, "--seed", "1", "--record", str(record))
    assert (code, err) == (130, f"boomerang-rules: interrupted (Ctrl-C): game abandoned; --record {record} was not "
                                "written\n")
    assert not record.exists()
    code, _, err = run("play", "--rules", rules, "--seed", "1")
    assert (code, err) == (130, "boomerang-rules: interrupted (Ctrl-C): game abandoned\n")


def test_colour_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert colour_on()
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour_on()
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False, raising=False)
    assert not colour_on()


@pytest.mark.parametrize(("rules", "answer", "shown"), [
    ("sea-salt-paper", "cards crab-1", "crab-1: a crab, dark blue — duo with a crab: 1 point, played for its effect: "
                                       "look through a discard pile of your choice and take any card"),
    ("sea-salt-paper", "cards captain-1", "3 points per sailor"),
    ("sea-salt-paper", "cards shell-2", "collector: 1 to 6 of them score 0, 2, 4, 6, 8, 10"),
    ("boomerang-2010", "cards A1", "A1: an armadillo; lands: dunes, prairie — a token of dunes or prairie captures "
                                   "it; it counts towards the armadillo majority")])
def test_the_other_games_answer_help_and_cards(rules: str, answer: str, shown: str) -> None:
    code, out, err = run("play", "--rules", rules, "--players", "3", "--seed", "2", input=f"help\n{answer}\n")
    assert code == 2 and "input ended" in err  # the game goes on until the input ends
    words = " ".join(out.split())  # lines are wrapped at 80 columns (issue 28)
    assert "cards [ID...]" in out and shown in words and out.count(br.load_rules(rules).name) == 1


@pytest.mark.parametrize("rules", RULESETS)
def test_input_that_ends_before_the_game_leaves_it_unfinished_exit_2(rules: str, tmp_path: Path) -> None:
    """Answers that run out (stdin closed mid-game) were exit 1, invalid input, which no input was: they
    are exit 2 (I/O), in every game, the game unfinished and ``--record`` not written; ``play --help``
    says so."""
    record = tmp_path / "game.json"
    for typed in ("", "help\n"):
        code, _, err = run("play", "--rules", rules, "--players", "3", "--seed", "2", "--record", str(record),
                           input=typed)
        assert (code, err) == (2, "boomerang-rules: input ended; the game was left unfinished\n")
        assert not record.exists()
    assert "(exit 2, an I/O error" in " ".join(run("play", "--help")[1].split())


NO_ARGUMENT_COMMANDS = {"standard": ["help", "?", "map", "sheet"], "sea-salt-paper": ["help", "?", "sheet"],
                        "boomerang-2010": ["help", "?", "lands", "sheet"]}
"""Each game's ``play`` commands that take nothing after them (``cards`` takes card ids)."""


@pytest.mark.parametrize("rules", RULESETS)
def test_a_command_that_takes_nothing_refuses_what_follows_it_alike_in_every_game(rules: str) -> None:
    """``map x`` was Australia's ``map`` (and ``help x`` every game's ``help``), but Sea Salt & Paper's and
    Boomerang (2010)'s ``sheet x`` was "not one of the choices": in every game a command that takes
    nothing, given something after it, is refused in one line saying so, and the question is asked
    again; the command alone still works."""
    commands = NO_ARGUMENT_COMMANDS[rules]
    typed = "".join(f"{command} x y\n" for command in commands)
    code, out, err = run("play", "--rules", rules, "--players", "3", "--seed", "2", input=typed)
    assert code == 2 and "input ended" in err
    for command in commands:
        line = f"  {command} takes nothing after it: type {command} alone (or help)."
        assert out.count(line) == 1, (command, out[-2000:])
    assert "Commands (type them" not in out and "not one of the choices" not in out and "not a card" not in out
    alone = run("play", "--rules", rules, "--players", "3", "--seed", "2", input="".join(f"{c}\n" for c in commands))[1]
    assert "takes nothing after it" not in alone and alone.count("Commands (type them") == 2


def test_every_region_completed_is_announced_bonus_or_not() -> None:
    from boomerang_rules.australia.bots import GreedyBot, play_game
    from boomerang_rules.australia.picture import completed

    late = 0
    for seed in range(12):
        state = play_game(RULES, [GreedyBot(RULES, seed + i) for i in range(4)], seed)
        seen = br.view(state, 0)
        for r, past in enumerate(seen.past_rounds):
            for s in range(4):
                found = completed(RULES, seen, r, s)
                assert {region.id for region, first in found if first} == set(past.bonuses[s])
                for region, first in found:  # every site of it crossed off by now, not all before this round
                    sites = {c.id for c in RULES.cards if c.region == region.id}
                    skip = 0 if RULES.sites_include_throw else 1
                    crossed = [set(p.drafts[s][skip:]) for p in seen.past_rounds[: r + 1]]
                    assert sites <= set().union(*crossed) and not sites <= set().union(*crossed[:-1])
                    late += not first
    assert late > 0  # some regions were completed after their bonus was gone, and are reported


def test_a_piped_game_of_sea_salt_and_paper_explains_itself(tmp_path: Path) -> None:
    record = tmp_path / "ssp.json"
    answers = "help\nsheet\ncards crab-1\nlast chance\n" + "1\n" * 3000
    code, out, err = run("play", "--rules", "sea-salt-paper", "--seed", "2", "--record", str(record), input=answers)
    assert code == 0, err
    first = out.splitlines()[0]
    assert "Type help" in first and out.count(br.load_rules("sea-salt-paper").name) == 1
    assert "sheet " in out and "No round has ended yet." in out  # help lists sheet; sheet before any round ends
    # the target ends the game and the highest total wins, as the opening says: not "first to 35 wins"
    assert ("Totals: You 0, greedy 1 0, greedy 2 0 (a round that leaves someone with 35 or more ends the game; the "
            "highest total wins)") in " ".join(out.split())
    assert "crab-1: a crab" in out and "is not one of the choices" in out  # cards; LAST CHANCE not yet legal
    assert "\x1b[" not in out and " 1 cards" not in out
    assert "takes" in out and "from your hand" in out  # a steal from the player names the card
    bots_picks = [line for line in out.splitlines() if line.startswith("  greedy") and "from that pile" in line]
    assert bots_picks and all("takes a card from that pile" in line for line in bots_picks)  # a hand's card, hidden
    before, _, after = out.partition("Final totals")
    assert "seed 2" not in before and "seed 2" in after and "Winner" in after
    assert br.validate_record(json.loads(record.read_text())) == []
    code, told, _ = run("replay", str(record))
    assert code == 0 and "You begin" in told and "You begins" not in told


def test_a_piped_game_of_boomerang_2010_explains_itself(tmp_path: Path) -> None:
    record = tmp_path / "b10.json"
    answers = "help\nlands\nsheet\ncards\n" + "d\nthr\np\n" * 400
    code, out, err = run("play", "--rules", "boomerang-2010", "--seed", "3", "--record", str(record), input=answers)
    assert code == 0, err
    assert "Type help" in out.splitlines()[0] and out.count(br.load_rules("boomerang-2010").name) == 1
    assert "lands " in out and "sheet " in out  # help
    rules = br.load_rules("boomerang-2010")
    river = [line.split()[0] for line in out.split("The river, by land")[1].splitlines()[1:]
             if line.strip() and line[4:5] != " "][:5]  # a land's line, not the cards wrapped under it
    assert river == list(rules.lands)  # the river by land: what each token would take
    assert "You open the hunt" in out and "You opens" not in out and "You takes" not in out
    assert out.index("Captured so far") > out.index("Round 1 ends")  # no all-zero table before any capture
    assert out.count("Scores if the game ended now: ") == out.count(" ends. Tokens revealed")
    assert "\x1b[" not in out
    before, _, after = out.partition("Final scores")
    assert "seed 3" not in before and "seed 3" in after and "Winner" in after
    assert br.validate_record(json.loads(record.read_text())) == []
    code, told, _ = run("replay", str(record))
    assert code == 0 and "You open the hunt" in told and "You opens" not in told and "You takes" not in told


@pytest.fixture
def on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The colour module sees a terminal: what the game writes to is the real stdout of the moment
    (click's runner swaps it), but answers ``isatty``; and ``NO_COLOR`` is unset."""
    import sys

    from boomerang_rules.terminal import colour

    class Terminal:
        def __getattr__(self, name: str) -> object:
            return getattr(sys.stdout, name)

        def isatty(self) -> bool:
            return True

    class System:
        stdout = Terminal()

        def __getattr__(self, name: str) -> object:
            return getattr(sys, name)

    monkeypatch.setattr(colour, "sys", System())
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_colour_on_a_terminal_and_never_with_no_color(rules: str, monkeypatch: pytest.MonkeyPatch,
                                                      on_a_terminal: None) -> None:
    def play() -> str:  # color=True: click would strip colour from what is not a terminal
        result = CliRunner().invoke(cli, ["play", "--rules", rules, "--seed", "1"], input="help\n", color=True)
        assert result.exit_code == 2 and "Commands" in result.stdout
        return result.stdout

    assert "\x1b[" in play()
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in play()


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_the_winner_is_told_in_bold_in_every_game(rules: str, on_a_terminal: None) -> None:
    """The end of a game on a terminal: Sea Salt & Paper and Boomerang (2010) wrote the winner's line
    in bold, as their headings, Boomerang: Australia in plain text under its bold "Final score sheets"."""
    from boomerang_rules.terminal import colour

    result = CliRunner().invoke(cli, ["play", "--rules", rules, "--seed", "1", "--bots", "random"],
                                input=_whole_game_answers(br.load_rules(rules).game), color=True)
    assert result.exit_code == 0, result.stderr
    told = [line for line in result.stdout.splitlines() if "Winner" in line]
    assert len(told) == 1 and told[0].startswith(colour.title("Winner")[:4] + "Winner"), told


def test_sea_salt_and_paper_says_when_a_turn_is_the_last() -> None:
    code, out, err = run("play", "--rules", "sea-salt-paper", "--seed", "2", "--bots", "random,greedy",
                         input="1\n" * 3000)
    assert code == 0, err
    called = out.index("calls LAST CHANCE: the round ends")  # a bot calls it: the player's next turn is the last
    assert "Your last turn: " in out[called:] and "bet is" in out[called:]
    assert "; played: " in out  # the round's score shows every card that made it, played ones too


# A game that teaches itself (issue 28).

@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_line_of_a_piped_sea_salt_and_paper_game_fits_80_columns(players: int) -> None:
    answers = "help\nsheet\ncards crab-1 octopus-1\n" + "1\n" * 4000
    code, out, err = run("play", "--rules", "sea-salt-paper", "--players", str(players), "--seed", "3",
                         input=answers)
    assert code == 0, err
    assert max(map(len, out.splitlines())) <= 80
    assert "Final totals" in out


def test_sea_salt_and_paper_reads_as_a_conversation() -> None:
    answers = "cards octopus-1\n" + "1\n" * 4000
    code, out, _ = run("play", "--rules", "sea-salt-paper", "--seed", "3", input=answers)
    assert code == 0
    assert "octopus-1: an octopus" in out and "a octopus" not in out
    assert "The discard piles matter" in out
    assert "You have nothing more to play: your turn ends." in out
    assert "[end]" not in out.split("Your choice", 1)[1].split("\n", 1)[0]  # never a menu of end alone
    menus = out.split("Your choice (a number or an action): ")
    for before in menus[:-1]:
        options = [line for line in before.splitlines() if line.startswith("   ") and "[" in line]
        assert options != ["   1. end your turn   [end]"]
    assert "You draw " in out and " from the deck" in out  # the fish duo's card, named
    assert "from seat " not in out  # steals name the player


def test_a_steal_target_is_named_by_player() -> None:
    from boomerang_rules.seasaltpaper.tables import tables_for
    from boomerang_rules.seasaltpaper.telling import describe_action, told

    t = tables_for(br.load_rules("sea-salt-paper"))
    names = ["You", "greedy 1", "greedy 2"]
    assert describe_action(t, "steal:2", names=names) == "steal a random card from greedy 2"
    assert told(t, "steal:0", "greedy 1", names=names) == "greedy 1 steals a random card from you"


def test_australia_opens_with_the_rules_and_cards_give_points() -> None:
    _, out, _ = run("play", "--players", "3", "--seed", "12", input="cards J C\n")
    lines = out.splitlines()
    opening = " ".join(" ".join(lines[1:lines.index("")]).split())
    for words in ("the Throw", "the Catch", "Throw & Catch, the difference of their numbers",
                  "doubled when 7 or less", "kangaroos 3", "Each activity scores once a game", "3 more"):
        assert words in opening
    assert max(map(len, lines[:lines.index("")])) <= 80
    assert "animal: kangaroos (3 points a pair)" in out and "collection: shells (3 points)" in out
    _, out, _ = run("play", "--players", "3", "--seed", "12", input=australia_answers())
    assert "Seen in earlier hands, not taken yet (may come back to you): " in out and "Still to come" not in out


def test_boomerang_2010_tells_captures_once_and_the_last_hunter_alike_live_and_in_replay(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    code, out, _ = run("play", "--rules", "boomerang-2010", "--seed", "6", "--record", str(record),
                       input="\n".join(["forest"] + ["2"] * 400) + "\n")
    assert code == 0
    assert "Sets Total" not in out.split("Final scores")[0]  # no table each round (sheet shows it)
    _, told, _ = run("replay", str(record))
    live = next(line for line in out.splitlines() if " is the last hunter left" in line).split(" is the last", 1)[1]
    assert live in told and "its token" not in told


# Play that fits a terminal and says what a newcomer asks (issue 28, second pass).

def _wide(out: str) -> list[str]:
    return [line for line in out.splitlines() if len(line) > 80]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_line_of_a_piped_boomerang_australia_game_fits_80_columns(players: int) -> None:
    """Commands, wrong answers (a card for the activity: the menu said again) and every round."""
    answers = "help\ncards\ncards @ Q zz\nmap\nsheet\nswim\n" + australia_answers()
    for seed in (3, 11):
        code, out, err = run("play", "--players", str(players), "--seed", str(seed), input=answers)
        assert code == 0, err
        assert _wide(out) == [] and "Final score sheets" in out
        assert "is not one of the choices: 1. " in out  # the long menu said again, wrapped


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_line_of_a_piped_boomerang_2010_game_fits_80_columns(players: int) -> None:
    answers = "help\nlands\nsheet\ncards\ncards A1\nnonsense\n" + "1\n" * 3000
    code, out, err = run("play", "--rules", "boomerang-2010", "--players", str(players), "--seed", "4",
                         input=answers)
    assert code == 0, err
    assert _wide(out) == [] and "Final scores" in out


def _whole_game_answers(game: str) -> str:
    """Answers that play a whole game of ``game`` to its end, asking for the sheet on the way."""
    if game == "boomerang-australia":
        return "sheet\n" + australia_answers()
    return "help\nsheet\ncards\n" + "1\n" * 4000


@pytest.mark.parametrize("rules", [info.id for info in br.list_rules()])
def test_every_line_of_a_replay_and_of_play_fits_80_columns_in_every_game(rules: str, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """``replay`` (whole and as one seat saw it) of games at the fewest and the most players, and
    ``play`` of a whole game and its replay, keep to 80 columns in every game and ruleset, as
    issue 28 asks of ``play`` (``replay`` of a Boomerang (2010) game had lines of 360 columns)."""
    monkeypatch.chdir(tmp_path)  # "Game record saved to NAME": a short name, as a player would give
    ruleset = br.load_rules(rules)
    for players in (ruleset.players.min, ruleset.players.max):
        record = Path(f"{players}.json")
        code, _, err = run("simulate", "--rules", rules, "--players", str(players), "--seed", "2", "--out",
                           str(record))
        assert code == 0, err
        for seat in ([], ["--seat", "1"]):
            code, out, err = run("replay", str(record), *seat)
            assert code == 0 and _wide(out) == [], (err, _wide(out))
            assert "(seat 0)" in out and "(seat\n" not in out  # a player is named on one line
    played = Path("played.json")
    code, out, err = run("play", "--rules", rules, "--players", str(ruleset.players.max), "--seed", "5", "--record",
                         str(played), input=_whole_game_answers(ruleset.game))
    assert code == 0 and _wide(out) == [], (err, _wide(out))
    code, out, _ = run("replay", str(played))
    assert code == 0 and _wide(out) == [] and "You (seat 0)" in out


def test_a_long_line_is_fitted_at_its_own_indent_its_names_and_clauses_whole() -> None:
    """``fit_line``, what ``replay`` passes every line of every game through: a line that fits is
    left as it is (a table keeps its columns), a longer one wraps under its own indent, never
    inside a player's name nor inside a clause that fits a line."""
    from boomerang_rules.terminal.wording import fit_line

    row = "  greedy 0     4    14    10     7     7     0    42"
    assert fit_line(row) == [row]
    line = "  Throw: greedy 0 throws Z; greedy 1 throws C; greedy 2 throws D; greedy 3 throws @"
    assert fit_line(line, keep=["greedy 3"]) == ["  Throw: greedy 0 throws Z; greedy 1 throws C; greedy 2 throws D;",
                                                 "    greedy 3 throws @"]
    named = fit_line("Winners (shared): " + ", ".join(["a long player name"] * 5), keep=["a long player name"])
    assert len(named) > 1 and all(len(x) <= 80 for x in named)
    assert "\n".join(named).count("a long player name") == 5  # each on one line


def test_australia_hand_is_a_column_and_cards_tell_points_on_a_second_line() -> None:
    _, out, _ = run("play", "--players", "4", "--seed", "3", input="cards G\n")
    hand = [line for line in out.splitlines() if line.startswith("    ") and line.rstrip().endswith("]")][:7]
    column = [line.index("[") for line in hand]  # one column, but for a site too long for it
    assert len(hand) == 7 and column.count(min(column)) == 6 and max(column) - min(column) == 2
    assert "    G  4  Nitmiluk National Park, Northern Territory  [shells; platypuses]" in hand
    told = out.split("cards G\n", 1)[1].splitlines()
    assert told[0] == "  G  4  Nitmiluk National Park, Northern Territory"
    assert told[1].strip() == "collection: shells (3 points); animal: platypuses (9 points a pair)"


def test_australia_counts_one_point_of_a_pair_or_a_region_in_the_singular(tmp_path: Path) -> None:
    """A ruleset whose emus score 1 a pair and whose regions a bonus of 1: ``play`` said
    "(1 points a pair)" and "+1 points each"; each count agrees with its noun now."""
    variant = tmp_path / "ones.json"
    variant.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "ones", "name": "Ones",
                                   "extends": "standard", "changes": {"scoring": {
                                       "animals": {"values": {"emus": 1}}, "region_bonus": 1}}}),
                       encoding="utf-8")
    _, out, _ = run("play", "--rules", str(variant), "--players", "2", "--seed", "5", input=australia_answers())
    words = " ".join(out.split())
    assert "animal: emus (1 point a pair)" in words and "animal: koalas (7 points a pair)" in words
    assert "You complete Northern Territory first: +1 point " in words and "same round: +1 point each" in words
    assert "1 points" not in words


def test_australia_says_what_the_cards_kept_score_so_far() -> None:
    _, out, _ = run("play", "--seed", "21", input="#\nQ\nO\nG\nX\nI\n")
    words = " ".join(out.split())
    assert "So far this round (# Q O): collections 0, animals 3; activity icons: indigenous culture 1, " \
           "bushwalking 1, swimming 1" in words  # a pair of kangaroos: 3 points
    assert "Your cards score Throw & Catch 1, collections 8, animals 12, plus the activity you choose:" in words


def test_australia_tells_a_region_completed_first_by_two_players_in_one_round_once() -> None:
    _, out, _ = run("play", "--players", "2", "--seed", "5", input=australia_answers())
    words = " ".join(out.split())
    assert "You and greedy 1 complete Queensland first, in the same round: +3 points each" in words
    assert "You complete Queensland first" not in words and "greedy 1 completes Queensland first" not in words


def test_boomerang_2010_opens_with_how_it_scores_and_says_what_passing_does() -> None:
    _, out, _ = run("play", "--rules", "boomerang-2010", "--seed", "4", input="1\n1\n")
    opening = " ".join(out.split("Round 1")[0].split())
    for words in ("passing takes the pot and leaves the hunt", "the most cards of it scores a point a card",
                  "a point per 6 boomerangs held", "a tie goes to the most boomerangs"):
        assert words in opening
    assert "Throw a boomerang, or pass and take the pot (" in out
    assert "Still hunting, with their boomerangs: You 12, greedy 1 " in out  # how long a bidding war can last
    assert max(map(len, out.splitlines())) <= 80


def test_boomerang_2010_s_opening_counts_one_boomerang_in_the_singular() -> None:
    """``rules_summary`` said "You start with 1 boomerangs" and "a point per 1 boomerangs held" of a
    ruleset giving one (the page's explanation and the sheet's "Sets of" row too: ``test_tour_pictures``)."""
    from boomerang_rules.boomerang2010.cli import rules_summary
    from boomerang_rules.core.loading import rules_data, rules_from_data

    data = {**rules_data(br.load_rules("boomerang-2010")), "id": "one", "boomerangs_each": 1, "boomerangs_per_point": 1}
    opening = " ".join(rules_summary(rules_from_data(data)))
    assert "You start with 1 boomerang and a token" in opening and "a point per 1 boomerang held." in opening


def test_sea_salt_and_paper_tells_a_turn_without_repeating_the_table() -> None:
    code, out, _ = run("play", "--rules", "sea-salt-paper", "--seed", "3", input="1\n" * 4000)
    assert code == 0
    turns = out.count("Your turn (round ")
    assert turns and out.count("Left discard pile (") == turns  # the table once a turn, not at each choice
    assert "Round 1. Deck:" not in out
    drew = out.split("You drew: ", 1)[1].splitlines()
    first, second = [c.split(" (")[0] for c in drew[0].split("), ")]
    assert f"keep {second}, discard {first} onto the left pile" in out  # both cards named
    assert "keeps one and discards the other" not in out  # a bot's discard is face up: named
    assert " keeps one and discards " in out
    assert "take crab-" in out and " from the top of the " not in out.split("Your choice", 1)[0].split(" 1. ")[-1]
    assert ", 7 needed to end the round" not in out and "; 7 needed to end the round" in " ".join(out.split())
    assert "(duos 0" not in out  # parts that are 0 are not listed
    ended = out.split("The round ends: ", 1)[1]
    assert re.search(r"scores \d+ \((duos|collectors|multipliers|mermaids) \d+.*\); total \d+", ended)


@pytest.mark.parametrize("rules", RULESETS)
def test_stories_of_a_game_played_as_you_agree_with_you(rules: str, tmp_path: Path) -> None:
    path = record_with_you(tmp_path, rules, 5)
    page = tmp_path / "g.html"
    code, _, err = run("replay", str(path), "--html", str(page))
    assert code == 0, err
    texts = frame_texts(page.read_text())
    assert any("You " in text for text in texts)  # the player is in the story...
    assert [text for text in texts if DISAGREES.search(text)] == []  # ...and reads as English
    for seat in ([], ["--seat", "0"], ["--seat", "1"]):
        code, told, err = run("replay", str(path), *seat)
        assert code == 0, err
        assert "You " in told and [line for line in told.splitlines() if DISAGREES.search(line)] == []


def test_verbs_and_possessives_agree_with_you() -> None:
    from boomerang_rules.terminal.wording import verb_for, whose

    assert verb_for("You", "takes") == "take" and verb_for("Ana Lee", "takes") == "takes"
    assert whose("You") == "your" and whose("Ana") == "Ana's"


def test_sea_salt_and_paper_tells_the_bots_moves_in_the_third_person() -> None:
    code, out, err = run("play", "--rules", "sea-salt-paper", "--seed", "6", input="1\n" * 2000)
    assert code == 0, err
    bots = [line for line in out.splitlines() if line.startswith(("  greedy 1 ", "  greedy 2 "))
            and " points, " not in line]
    imperative = re.compile(r"of your|your turn|^  greedy \d (?:draw|keep|take|end|play) ")
    assert bots and not [line for line in bots if imperative.search(line)]
    assert any(line.endswith("ends the turn") for line in bots)
    words = " ".join(out.split())  # lines are wrapped at 80 columns (issue 28)
    taken = words.split("from the top of ")[1:]
    assert taken and all(re.match(r"the (left|right) pile", after) for after in taken)


def test_sea_salt_and_paper_announces_each_round_before_anyone_moves() -> None:
    code, out, err = run("play", "--rules", "sea-salt-paper", "--seed", "6", input="1\n" * 2000)
    assert code == 0, err
    lines = out.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("Round ") and " begins: " in line]
    ends = [i for i, line in enumerate(lines) if line.startswith("The round ends: ")]
    assert len(starts) == len(ends) >= 2 and lines[starts[0]].startswith("Round 1 begins: ")
    first_move = next(i for i, line in enumerate(lines) if line.startswith(("  greedy", "Round 1. Deck")))
    assert starts[0] < first_move and all(s < e for s, e in zip(starts, ends))


def _round_columns(out: str, names: list[str]) -> dict[str, int]:
    """Each seat's "Round" column summed over every round table of a told Boomerang: Australia game."""
    sums = dict.fromkeys(names, 0)
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if line.split()[-1:] == ["Round"] and "Sites" in line:
            for row in lines[i + 1:i + 1 + len(names)]:
                name = next(n for n in names if row.strip().startswith(n))
                sums[name] += int(row[len("  ") + max(map(len, names)):].split()[6])
    return sums


def test_the_australia_round_tables_add_up_to_the_totals(tmp_path: Path) -> None:
    ids = "ABCDEFGHIJKLMNOPQRSTUVWXYZ@#"
    answers = "\n".join([*ids, "indigenous culture", "bush", "1", "none"] * 60) + "\n"
    record = tmp_path / "g.json"
    code, out, err = run("play", "--seed", "12", "--record", str(record), input=answers)
    assert code == 0, err
    names = ["You", "greedy 1", "greedy 2"]
    final = out.split("Final score sheets")[1].splitlines()[2:5]
    totals = {name: int(row.split()[-1]) for name, row in zip(names, final)}
    assert _round_columns(out, names) == totals  # each round says all it gained: sites and regions too
    assert "indigenous_culture" not in out and "(indigenous culture)" in out
    code, told, _ = run("replay", str(record))
    assert code == 0 and _round_columns(told, names) == totals and "indigenous_culture" not in told


def test_boomerang_2010_tables_name_every_animal_whole_and_explain_their_columns() -> None:
    import boomerang_rules as br

    answers = "sheet\n" + "d\nthr\np\n" * 400
    code, out, err = run("play", "--rules", "boomerang-2010", "--seed", "6", input=answers)
    assert code == 0, err
    rules = br.load_rules("boomerang-2010")
    heads = [line.split() for line in out.splitlines() if line.strip().startswith(rules.animals[0])]
    assert heads and all(head == [*rules.animals, "Boom", "Sets", "Total"] for head in heads)
    assert f"Sets: a point per {rules.boomerangs_per_point} of them" in out
    assert "last hunter left: their token" in out or "last hunter left: your token" in out


def test_a_count_of_bots_reads_as_english() -> None:
    code, _, err = run("play", "--bots", "greedy,random,random", input="")
    assert code == 2 and "3 bot names for 2 seats" in err
    code, _, err = run("play", "--players", "2", "--bots", "greedy,random", input="")
    assert code == 2 and "2 bot names for 1 seat " in err


def test_no_all_zero_sheet_before_the_first_round_is_scored() -> None:
    code, out, _ = run("play", "--seed", "3", input="sheet\n")
    assert code == 2 and "No round has been scored yet" in out and "T&C" not in out


def test_play_refuses_to_record_onto_its_own_conversation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run("play", "--record", "-", "--seed", "1", input="A\n")
    assert code == 2 and "needs a file" in err and "Round 1" not in out and not (tmp_path / "-").exists()


@pytest.mark.parametrize("rules", RULESETS)
def test_an_empty_answer_asks_again_kindly(rules: str) -> None:
    code, out, _ = run("play", "--rules", rules, "--seed", "6", input="\n")
    assert code == 2 and "Please type your choice (or help)." in out and "'' is not" not in out


def test_a_hidden_throw_is_not_read_as_hidden_face_up() -> None:
    code, out, _ = run("play", "--seed", "12", input="C\n")
    assert code == 2 and "throw: hidden  face up: " in out and "hidden face up" not in out


def test_no_help_shows_markup_meant_for_the_source() -> None:
    commands = cli.commands
    for name in ["", *commands]:
        code, out, _ = run(*([name] if name else []), "--help")
        assert code == 0 and "`" not in out, name


@pytest.mark.parametrize("game", ["boomerang-australia", "sea-salt-paper", "boomerang-2010"])
def test_play_opens_in_80_columns_whatever_the_rulesets_name(game: str, tmp_path: Path) -> None:
    """The first line of ``play`` (the ruleset's name, the players, the seat) is the same sentence
    in every game and fits 80 columns, "seat N" alone when "you are seat N" does not fit: a long
    name made a line of 126 columns in Boomerang: Australia and 124 in Boomerang (2010), and Sea
    Salt & Paper split "Type help." over two lines."""
    for name, first in (("Short", ["Short, 3 players, you are seat 1. Type help."]),
                        ("N" * 40, ["N" * 40 + ", 3 players, you are seat 1. Type help."]),
                        ("N" * 45, ["N" * 45 + ", 3 players, seat 1. Type help."]),
                        ("田" * 22, ["田" * 22 + ", 3 players, seat 1. Type help."]),
                        ("word " * 30 + "end", ["word " * 15 + "word", "  " + "word " * 14 + "end, 3",
                                                "  players, you are seat 1. Type help."])):
        variant = tmp_path / "named.json"
        variant.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "named",
                                       "name": name, "extends": game, "changes": {}}), encoding="utf-8")
        code, out, err = run("play", "--rules", str(variant), "--players", "3", "--seat", "1", "--seed", "1")
        assert code == 2 and "input ended" in err, err
        assert out.splitlines()[:len(first)] == first, out


@pytest.mark.parametrize("rules", ["sea-salt-paper", "boomerang-2010"])
def test_play_help_says_what_each_game_takes_and_it_is_taken(rules: str) -> None:
    """``play --help`` says each game's answers as the game's own ``help`` says them: Boomerang
    (2010) takes a choice's number as Sea Salt & Paper does (the help said only "a unique beginning
    will do"), and Australia's activity a number, a name or a beginning."""
    help_text = " ".join(run("play", "--help")[1].split())
    assert ("Boomerang (2010): a land, then throw or pass: the number of a choice from the list shown, or a "
            "unique beginning of it.") in help_text
    assert ("Sea Salt & Paper: the number of a choice from the list shown, the action, or a unique "
            "beginning") in help_text
    assert "for the activity, its number in the list, its name or a unique beginning of it, or 'none'" in help_text
    code, out, err = run("play", "--rules", rules, "--seed", "3", "--bots", "random", input="1\n")
    assert code == 2 and "input ended" in err and "is not one of the choices" not in out


@pytest.mark.parametrize("game", ["boomerang-australia", "sea-salt-paper", "boomerang-2010"])
def test_play_opens_in_80_columns_whatever_a_word_of_the_rulesets_name(game: str, tmp_path: Path) -> None:
    """A name the schema takes (up to 200 characters) may hold no space: its words were wrapped, and a
    word wider than a line stood alone on one of 201 columns. It is cut where the line ends, the rest
    on the next lines, so that the opening fits 80 columns and still holds the whole name."""
    from boomerang_rules.terminal.wording import columns

    for name in ("N" * 200, "田" * 100, "word " + "x" * 150 + " end"):
        variant = tmp_path / "named.json"
        variant.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "named",
                                       "name": name, "extends": game, "changes": {}}), encoding="utf-8")
        code, out, err = run("play", "--rules", str(variant), "--players", "3", "--seat", "1", "--seed", "1")
        assert code == 2 and "input ended" in err, err
        lines = out.split("Type help.")[0].splitlines()
        assert all(columns(line) <= 80 for line in lines), [columns(line) for line in lines]
        assert "".join(line.removeprefix("  ").replace(" ", "") for line in lines).startswith(
            name.replace(" ", "") + ",3players,"), lines


def test_australias_cards_fit_80_columns_whatever_a_sites_name(tmp_path: Path) -> None:
    """A site's name may be 200 characters without a space (the schema takes it): ``cards`` wrote each
    card's head (id, number, site) whole, 207 columns, and the hand's lines left such a word alone on a
    line. Every line of ``cards``, ``cards B`` and ``map`` now fits 80 columns, the name cut where a line
    ends (``terminal.wording.fitted``)."""
    from boomerang_rules.core.loading import rules_data
    from boomerang_rules.terminal.wording import columns

    data = rules_data(br.load_rules("standard"))
    for card in data["cards"]:
        card["site"] = "S" * 200
    data.update(id="long-sites", name="Long sites")
    path = tmp_path / "long-sites.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run("play", "--rules", str(path), "--players", "3", "--seed", "1", input="cards\ncards b\nmap\n")
    assert code == 2 and out.count("S" * 70) >= 20
    assert max(map(columns, out.splitlines())) <= 80, [line for line in out.splitlines() if columns(line) > 80][:2]


def test_australias_activities_fit_80_columns_whatever_their_ids(tmp_path: Path) -> None:
    """An activity's id may be 64 characters (the schema's bound): the activity menu ("1. NAME: 2 icons,
    2 points", 88 columns), the activities already scored and each round's table, whose rows name the
    activity each seat chose (120 columns), were written unfitted. Every line of a whole game now fits 80
    columns: the menu's lines fitted, and a chosen activity clipped to the room its row leaves."""
    from boomerang_rules.core.loading import rules_data
    from boomerang_rules.terminal.wording import columns

    data = rules_data(br.load_rules("standard"))
    long = {kind: (kind + "_" * 64)[:60] + f"{i:04d}" for i, kind in enumerate(data["scoring"]["activities"]["kinds"])}
    data["scoring"]["activities"]["kinds"] = list(long.values())
    for card in data["cards"]:
        card["activity"] = card["activity"] and long[card["activity"]]
    data.update(id="long-activities", name="Long activities")
    path = tmp_path / "long-activities.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    answers = "\n".join([*(c.id for c in RULES.cards), "1"] * 60) + "\n"
    code, out, err = run("play", "--rules", str(path), "--players", "4", "--seed", "3", input=answers)
    lines = out.splitlines()
    assert code == 0 and "Final score sheets" in out, err
    assert max(map(columns, lines)) <= 80, [line for line in lines if columns(line) > 80][:3]
    rows = [line for line in lines if line.startswith("  greedy 1 ") and line.endswith(")")]
    assert len(rows) == 4 and all("…)" in row or "(none)" in row for row in rows), rows  # clipped, one line a seat


def test_australias_hand_fits_80_columns_and_keeps_its_column_whatever_wide_characters(tmp_path: Path) -> None:
    """The hand's lines were measured in characters: sites named in wide characters ("東京タワー",
    two columns each) ran to 114 columns, never fitted, and their icons out of the column. Every line
    now fits 80 columns, and the icons of a hand whose cards leave room stand in one column, in columns."""
    from boomerang_rules.core.loading import rules_data
    from boomerang_rules.terminal.wording import columns

    for longest in (9, 24):
        data = rules_data(br.load_rules("standard"))
        for i, card in enumerate(data["cards"]):
            card["site"] = ("東京タワー大阪城名古屋" * 3)[:3 + i % (longest - 2)]
        data.update(id="wide-sites", name="Wide sites")
        path = tmp_path / "wide-sites.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        code, out, _ = run("play", "--rules", str(path), "--players", "3", "--seed", "1", input="")
        lines = out.splitlines()
        assert code == 2 and max(map(columns, lines)) <= 80, [line for line in lines if columns(line) > 80][:2]
        if longest == 9:
            hand = [line for line in lines if line.startswith("    ") and line.rstrip().endswith("]")]
            assert len(hand) == 7 and len({columns(line[:line.index("[")]) for line in hand}) == 1, hand


def test_australia_s_play_shows_a_region_s_and_a_site_s_name_escaped(tmp_path: Path) -> None:
    """A ruleset's region and site names may hold bidirectional controls and a newline (its schema
    takes them, as a player's name): ``play``'s ``cards``, ``map``, a card's line and the round's
    completions wrote them raw, where a player's name is escaped."""
    from boomerang_rules.core.loading import rules_data

    data = rules_data(RULES)
    data.update(id="evil-regions", name="Evil regions")
    data["regions"] = [{**region, "name": f"\u202e{region['name']}\n"} for region in data["regions"]]
    data["cards"] = [{**card, "site": f"{card['site']}\u200f"} for card in data["cards"]]
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run("play", "--rules", str(path), "--players", "3", "--seed", "11", input=australia_answers())
    assert code == 0, err
    assert not any(c in out for c in "\u202e\u200f")
    assert "  \\u202eTasmania\\n     4 of 4 to go: Y Z @ #" in out  # map: the escape counted in its column
    port_arthur = next(c for c in RULES.cards if c.id == "@")
    assert f"@  {port_arthur.number}  {port_arthur.site}\\u200f, \\u202eTasmania\\n" in out  # cards @
    assert re.search(r"completes? \\u202e[A-Za-z ]+\\n", out)  # a round's end names what was completed


@pytest.mark.parametrize(("rules", "mark"), [("standard", " throw: "), ("sea-salt-paper", " total ")])
def test_the_seats_lines_keep_one_column_whatever_the_bots_names(rules: str, mark: str) -> None:
    """Each seat's line (Boomerang: Australia's throw and face-up cards, Sea Salt & Paper's totals and
    hands) padded its name to 10 columns: ``ismcts:100 1`` put its line out of step with the others.
    The names are padded alike now, to the widest, as every game's score tables pad them."""
    code, out, _ = run("play", "--rules", rules, "--players", "3", "--seed", "2", "--bots", "ismcts:100,random",
                       input="")
    assert code == 2  # the input ends before the game does
    play = out.split("\nRound 1", 1)[1]  # after the opening, whose rules may say "total" too
    lines = [line for line in play.splitlines() if mark in line and line.startswith("  ")][:3]
    assert [line.split(mark)[0].strip() for line in lines] == ["You", "ismcts:100 1", "random 2"]
    assert len({line.index(mark) for line in lines}) == 1, lines


@pytest.mark.parametrize(("game", "players"), [("boomerang-australia", 8), ("sea-salt-paper", 5),
                                               ("boomerang-2010", 6)])
def test_play_keeps_80_columns_with_a_generated_ruleset_of_many_seats(game: str, players: int) -> None:
    """Rulesets of more seats and bigger regions than the shipped ones (``strategies.rulesets``): in
    Boomerang: Australia the Throws revealed, the totals so far, the map's regions, the cards kept
    and the face-up cards were written as one line each, 127 columns with 8 seats. Every line of a
    whole game now fits 80 columns, in every game."""
    from hypothesis import HealthCheck, given, settings

    from boomerang_rules import strategies as bst
    from boomerang_rules.cli.common import game_cli
    from boomerang_rules.core.bots import make_bots
    from boomerang_rules.core.games import game_module
    from boomerang_rules.terminal.wording import columns

    @settings(max_examples=3, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(bst.rulesets(game=game, players=players))
    def check(rules: Any) -> None:
        ids = [c.id for c in rules.cards] if game == "boomerang-australia" else []
        answers = ("map\nsheet\n" + "\n".join([*ids, "1", "none"] * 80) + "\n" if ids
                   else "sheet\nlands\n" + "1\n" * 5000)
        labels = ["You", *(f"greedy {s}" for s in range(1, players))]
        bots = make_bots(game_module(rules.game).BOTS, ["greedy"] * players, rules, 3)
        with CliRunner().isolation(input=answers) as streams:
            game_cli(rules).Session(rules, players, 0, 3, labels).run(bots)
            told = streams[0].getvalue().decode("utf-8")
        assert "Winner" in told
        assert [line for line in told.splitlines() if columns(line) > 80] == []

    check()


def test_the_openings_say_each_rule_they_name_as_the_rules_have_it() -> None:
    """What ``play`` tells a player before the first move, against the reference: a Sea Salt & Paper
    duo scores its point in hand too (the opening said "each pair played as a duo"), and the LAST
    CHANCE caller wins a tie ("you bet you will have the most"); several players completing a region
    in the same round all get its bonus, and a round scores the ruleset's hand size (it said "your 7
    cards" whatever the ruleset dealt); Boomerang (2010)'s game ends when a round would start with
    an empty deck, the round whose river emptied it being hunted ("when the deck is empty")."""
    import attrs

    from boomerang_rules.australia.cli import rules_summary as australia_summary
    from boomerang_rules.boomerang2010.cli import rules_summary as b10_summary
    from boomerang_rules.core.loading import rules_data, rules_from_data
    from boomerang_rules.seasaltpaper.cli import scoring_summary

    _, out, _ = run("play", "--rules", "sea-salt-paper", "--seed", "2", input="")
    opening = " ".join(out.split("Round 1")[0].split())
    assert "each duo, a pair played or still in hand (crabs 1," in opening
    assert "you bet nobody will have more card points than you" in opening
    assert "played as a duo" not in scoring_summary(br.load_rules("sea-salt-paper-extra-salt"))
    australia = " ".join(" ".join(australia_summary(br.load_rules())).split())
    assert "gets 3 more, and so does everyone who completes it in the same round" in australia
    assert "with your 7 cards" in australia
    data = rules_data(br.load_rules())
    five = rules_from_data({**data, "id": "five", "hand_size": 5}, "five.json")
    assert attrs.asdict(five)["hand_size"] == 5
    five_words = " ".join(" ".join(australia_summary(five)).split())
    assert "dealt 5 cards" in five_words and "with your 5 cards" in five_words and "7 cards" not in five_words
    b10 = " ".join(" ".join(b10_summary(br.load_rules("boomerang-2010"))).split())
    assert "The game ends when a round would start with an empty deck" in b10
    assert "ends when the deck is empty" not in b10


def _opening(rules: str) -> str:
    _, out, _ = run("play", "--rules", rules, "--players", "3", "--seed", "2", input="")
    return " ".join(out.split("Round 1")[0].split())


def _ruleset_file(tmp_path: Path, rules_id: str, change: Any) -> str:
    from boomerang_rules.core.loading import rules_data

    data = rules_data(br.load_rules(rules_id))
    data["id"] = "custom"
    change(data)
    path = tmp_path / "custom.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_australia_opening_says_a_tie_that_remains_is_shared(tmp_path: Path) -> None:
    """The rules summary said how a tie is broken but not that a tie still there is shared; without
    tie-breakers (a ruleset may give none) a tie is shared at once."""
    assert ("Highest total wins; a tie goes to the most Throw & Catch points, and a tie that remains is shared."
            in _opening("standard"))
    none = _ruleset_file(tmp_path, "standard", lambda d: d["scoring"].update(tie_breakers=[]))
    assert "Highest total wins; a tie is shared." in _opening(none)


def test_boomerang_2010_opening_reads_the_ruleset_and_says_a_tie_that_remains_is_shared(tmp_path: Path) -> None:
    """The summary said "a tie goes to the most boomerangs" and stopped: still tied, the win is shared
    (reference). It says the boomerangs each seat starts with and how the river is built, from the ruleset."""
    standard = _opening("boomerang-2010")
    assert "You start with 12 boomerangs" in standard
    assert "until it shows every land or the deck runs out" in standard
    assert "a tie goes to the most boomerangs, and a tie that remains is shared." in standard
    custom = _ruleset_file(tmp_path, "boomerang-2010",
                           lambda d: d.update(boomerangs_each=8, boomerangs_per_point=4, tie_breakers=[]))
    words = _opening(custom)
    assert "You start with 8 boomerangs" in words and "a point per 4 boomerangs held" in words
    assert "highest total wins, and a tie is shared." in words and "12" not in words


def test_sea_salt_and_paper_opening_says_what_the_last_chance_bet_scores(tmp_path: Path) -> None:
    """The opening said the LAST CHANCE caller bets nobody will have more card points, not what the bet
    scores (reference, End of round): won, the caller's card points plus colour bonus and the others'
    colour bonus; lost, the caller's colour bonus and the others' card points. A tie that the
    tie-break leaves is shared. Its numbers, the colour bonus's count and the duo that takes from a
    discard pile come from the ruleset."""
    standard = _opening("sea-salt-paper")
    assert ("you bet nobody will have more card points than you: if so, you score your card points plus your "
            "colour bonus (the number of your cards of your most common colour) and the others only their colour "
            "bonus; if not, you score only your colour bonus and the others their card points)") in standard
    assert "a tie going to the most points in the last round, and a tie that remains is shared;" in standard
    assert "and a crab duo lets you take any card from a pile." in standard

    def change(data: dict[str, Any]) -> None:
        data["round_end"]["min_points"] = 5
        data["end_targets"] = {"2": 25, "3": 22, "4": 20}
        data["mermaids"].update(count_own_colour=False)
        data["mermaids"].pop("colour_bonus_own_colour", None)
        for duo in data["duos"]:
            if duo["effect"] == "take_from_discard":
                duo["effect"] = "none"

    words = _opening(_ruleset_file(tmp_path, "sea-salt-paper", change))
    assert "someone with 22 points or more" in words and "with 5+ card points you may end the round" in words
    assert "most common colour, the mermaids' own white not counted)" in words
    assert "may help the next player." in words and "crab duo lets you" not in words


def test_a_mermaid_in_words_says_whether_its_own_white_counts() -> None:
    """``cards mermaid-1`` (and the replay page's tooltip) said "your most common colour" under the
    variant that leaves the mermaids' white out of their count, as under the standard that counts it."""
    standard = br.load_rules("sea-salt-paper").describe("mermaid-1")
    without = br.load_rules("sea-salt-paper-mermaids-without-white").describe("mermaid-1")
    assert "the mermaids' own white counts as a colour" in standard and "not" not in standard
    assert "not counting the mermaids' own white" in without


@pytest.mark.parametrize(("rules_id", "tie", "deck"), [
    ("sea-salt-paper", "a tie going to the most points in the last round", "unscored."),
    ("sea-salt-paper-tie-ender", "a tie going to whoever ended the last round", "unscored."),
    ("sea-salt-paper-tie-went-last", "a tie going to whoever took the latest turn in the last round", "unscored."),
    ("sea-salt-paper-last-chance-deck", "a tie going to the most points in the last round",
     "unscored (not during LAST CHANCE's final turns)."),
])
def test_sea_salt_and_paper_opens_with_how_the_game_and_a_round_end(rules_id: str, tie: str, deck: str) -> None:
    """The opening said "First to 35 points wins": the game ends after a round that leaves someone
    with the target or more, and the highest total wins (two may pass it in one round), ties by the
    ruleset's tie-break; four mermaids win at once; an empty deck ends a round unscored."""
    _, out, _ = run("play", "--rules", rules_id, "--players", "3", "--seed", "2", input="")
    opening = " ".join(out.split("Round 1")[0].split())
    assert "First to" not in opening
    assert (f"A round that leaves someone with 35 points or more ends the game: the highest total wins, {tie}, "
            "and a tie that remains is shared; placing all 4 mermaids in front of you wins at once.") in opening
    assert f"A turn that ends with the deck empty ends the round, {deck}" in opening
    assert max(map(len, out.split("Round 1")[0].splitlines())) <= 80


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 11), (4, 5)])
def test_australia_lists_as_coming_back_only_seen_cards_a_hand_can_still_bring_back(
        tmp_path: Path, players: int, seed: int) -> None:
    """Hands go round the table: the hand a seat held at step j is back with it at step j +
    players, j + 2·players..., as a pick up to pick 5 or, at step 6, as the Catch (reference,
    Draft); no hand comes back after that. So at pick k seat 0 may see again only the cards of
    the hands that reach it at a step from k + 1 to 6 -- with four players at pick 5, only the
    two cards of the hand the seat before it holds, one of which will be its Catch. The list
    named every card seen and not yet taken, hands that never come back included."""
    record = tmp_path / "game.json"
    code, out, err = run("play", "--players", str(players), "--seed", str(seed), "--record", str(record),
                         input=australia_answers())
    assert code == 0, err
    game = json.loads(record.read_text())
    said: dict[tuple[int, int], set[str]] = {}
    for block in re.split(r"\n(?=Round \d of 4, )", out)[1:]:
        heading = re.match(r"Round (\d) of 4, pick (\d) ", block)
        if heading:
            shown = re.search(r"\(may come back to you\): ([^\n]*(?:\n    [^\n]*)*)", block)
            said.setdefault((int(heading[1]) - 1, int(heading[2])), set(shown[1].split()) if shown else set())
    assert len(said) == 4 * 5
    state = br.new_game(RULES, players, deals=[r["hands"] for r in game["rounds"]])
    for r, rnd in enumerate(game["rounds"]):
        seen: set[str] = set()
        for k in range(6):
            if k:
                hands = [set(br.legal_actions(state, seat)) for seat in range(players)]
                back = set().union(*(hands[-(later - k) % players] for later in range(k + 1, 7)
                                     if (later - k) % players))
                assert said[r, k] == (seen & back) - hands[0], (r, k)
            seen |= set(br.legal_actions(state, 0))
            state = br.step(state, [picks[k] for picks in rnd["picks"]])
        state = br.step(state, [a or "none" for a in rnd["activities"]])
