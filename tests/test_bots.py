"""Bots, tournaments and play in the terminal."""

from __future__ import annotations

import importlib
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules.australia import tournament
from boomerang_rules.australia.bots import BOTS, GreedyBot, RandomBot, bot_game, make_bots
from boomerang_rules.cli import cli

from .helpers import hidden_cards, play, random_policy, relabel

RULES = br.load_rules()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(BOTS)), st.integers(0, 2**32), st.integers(2, 4), st.integers(0, 100), st.data())
def test_a_bot_cannot_see_hidden_cards(name: str, seed: int, players: int, steps: int, data: st.DataObject) -> None:
    """Permuting the cards a seat cannot know changes nothing the bot sees, so not its choice."""
    s = br.new_game(RULES, players, seed)
    s = play(s, random_policy(random.Random(seed)), until=lambda x: steps <= 0 or x.round * 100 + x.step >= steps)
    if br.is_over(s) or not br.to_act(s):
        return
    seat = br.to_act(s)[-1]
    hidden = hidden_cards(s, seat)
    other = relabel(s, dict(zip(hidden, data.draw(st.permutations(hidden)))))
    a = BOTS[name](RULES, 7).choose(br.view(s, seat), br.legal_actions(s, seat))
    b = BOTS[name](RULES, 7).choose(br.view(other, seat), br.legal_actions(other, seat))
    assert a == b


@pytest.mark.parametrize("name", [n if n != "ismcts" else "ismcts:8" for n in sorted(BOTS)])  # a small search
def test_bots_are_deterministic_and_legal(name: str) -> None:
    first = bot_game(RULES, [name] * 3, 11)
    assert first == bot_game(RULES, [name] * 3, 11)
    assert br.is_over(first)


def test_random_bot_is_uniform_enough() -> None:
    bot = RandomBot(RULES, 1)
    s = br.new_game(RULES, 2, 1)
    seen = br.view(s, 0)
    counts: dict[str, int] = {}
    for _ in range(7000):
        a = bot.choose(seen, seen.legal_actions)
        counts[a] = counts.get(a, 0) + 1
    assert set(counts) == set(seen.legal_actions)
    assert all(800 < n < 1200 for n in counts.values())


def test_random_bot_draw_is_choose_without_its_check() -> None:
    """``draw`` (what the gymnasium env hands the engine's legal actions) makes ``choose``'s draws from the
    same generator, and checks nothing: ``choose`` refuses what ``draw`` is never handed."""
    actions = ("a", "b", "c", "d", "e")
    chosen, drawn = RandomBot(RULES, 7), RandomBot(RULES, 7)
    assert [chosen.choose(None, actions) for _ in range(50)] == [drawn.draw(actions) for _ in range(50)]
    assert len({drawn.draw(actions) for _ in range(200)}) == 5
    with pytest.raises(ValueError, match="actions is empty"):
        chosen.choose(None, ())


def test_greedy_throws_far_from_the_middle_and_scores_its_best_activity() -> None:
    s = br.new_game(RULES, 2, deals=[[list("ABCEFGH"), list("IJKLMNO")]])
    bot = GreedyBot(RULES, 0)
    throw = bot.choose(br.view(s, 0), br.legal_actions(s, 0))
    assert RULES.card(throw).number == 1  # A-C are 1s, E-H are 4s (the middle)
    s = play(s, random_policy(random.Random(0)), until=lambda x: br.view(x, 0).phase == "activity")
    seen = br.view(s, 0)
    choice = bot.choose(seen, seen.legal_actions)
    cards = [seen.throw or "", *seen.face_up[0]]
    points = {k: br.score_round(RULES, cards, k).activity for k in RULES.scoring.activities.kinds}
    assert (choice == "none" and max(points.values()) == 0) or points[choice] == max(points.values())


def test_greedy_beats_random_by_the_target() -> None:
    """The issue's target: over 200 four-player games against three random bots."""
    result = tournament.run(RULES, ["greedy", "random", "random", "random"], 200, seed=0)
    seats = result.seats()
    random_mean = sum(s.mean_total for s in seats[1:]) / 3
    assert seats[0].mean_total >= 1.15 * random_mean
    assert seats[0].win_rate >= 0.60


def test_tournament_jobs_give_identical_results() -> None:
    one = tournament.run(RULES, ["greedy", "random"], 12, seed=3, jobs=1, keep_results=True)
    two = tournament.run(RULES, ["greedy", "random"], 12, seed=3, jobs=2, keep_results=True)
    assert one.results == two.results


def test_make_bots_rejects_unknown_names() -> None:
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        make_bots(["clever"], RULES, 1)


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_bot_names_that_are_no_list_are_refused_naming_names(rules: str) -> None:
    """A string of names was taken as a list of its letters (``unknown bot 'g'`` for ``"greedy"``) and
    None failed inside (``'NoneType' object is not iterable``), in ``make_bots`` of every game and in
    Australia's ``bot_game``: each now says what ``names`` takes, as ``core.bots.bot_game`` did."""
    from boomerang_rules.core import bots as core_bots
    from boomerang_rules.core.games import game_module

    ruleset = br.load_rules(rules)
    game = game_module(ruleset.game)
    calls: list[Callable[[Any], object]] = [lambda names: core_bots.make_bots(game.BOTS, names, ruleset, 1),
                                            lambda names: core_bots.bot_game(ruleset, names, 1)]
    if rules == "standard":
        calls += [lambda names: make_bots(names, ruleset, 1), lambda names: bot_game(ruleset, names, 1)]
    for call in calls:
        for names in ("greedy", None, ["greedy", 3]):
            with pytest.raises(TypeError, match=r"^names(\[1\])? must be a (list of bot names|bot name) \(str\)"):
                call(names)
    with pytest.raises(TypeError, match=r"^rules must be a Boomerang: Australia Ruleset"):
        bot_game(br.load_rules("sea-salt-paper"), ["random"] * 3, 1)  # Australia's alone, as before


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_bad_search_budget_is_told_alike_from_the_api_and_the_command_line(rules: str) -> None:
    """``ismcts:0`` given to ``bot_game``/``make_bots`` was an "unknown bot" though ``ismcts:N`` is one,
    where ``--bots`` said what the number must be; both say it now, in every game, in the same words."""
    from boomerang_rules.core import bots as core_bots

    ruleset = br.load_rules(rules)
    told = "'ismcts:0': the number after 'ismcts:' is its playouts a decision, a whole number from 1 to 1,000,000"
    for bad in ("ismcts:0", "ismcts:x1"):
        names = [bad, "random", "random"]
        with pytest.raises(ValueError, match="^" + re.escape(told.replace("ismcts:0", bad, 1)) + "$"):
            core_bots.bot_game(ruleset, names, 1)
        result = CliRunner().invoke(cli, ["simulate", "--rules", rules, "--bots", ",".join(names)])
        assert result.exit_code == 2 and f"--bots: {told.replace('ismcts:0', bad, 1)}\n" in result.stderr
    with pytest.raises(ValueError, match=r"^unknown bot 'greedy:3' \(bots: random, greedy, ismcts\)$"):
        core_bots.bot_game(ruleset, ["greedy:3", "random", "random"], 1)


def test_tournament_cli() -> None:
    result = CliRunner().invoke(cli, ["tournament", "--players", "2", "--bots", "greedy,random", "--games", "6",
                                      "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [s["bot"] for s in data["seats"]] == ["greedy", "random"]
    assert abs(sum(s["win_rate"] for s in data["seats"]) - 1) < 1e-9
    text = CliRunner().invoke(cli, ["tournament", "-p", "2", "--games", "3"])
    assert text.exit_code == 0 and "greedy" in text.stdout and "wins" in text.stdout  # the default bots
    assert CliRunner().invoke(cli, ["tournament", "-p", "3", "--bots", "greedy,random"]).exit_code == 2


@pytest.mark.parametrize(("games", "head"), [(1, "1 game, 2 players, rules standard, seed 5\n"),
                                             (2, "2 games, 2 players, rules standard, seeds 5 to 6\n")])
def test_tournament_heads_its_figures_with_the_games_and_their_seeds(games: int, head: str) -> None:
    result = CliRunner().invoke(cli, ["tournament", "-p", "2", "--games", str(games), "--seed", "5"])
    assert result.exit_code == 0
    assert result.stdout.startswith(head)


HEADS = {"standard": ["T&C", "Coll", "Anim", "Act", "Sites", "Regns"], "sea-salt-paper": ["Rounds"],
         "sea-salt-paper-extra-salt": ["Rounds"], "boomerang-2010": ["Cards", "Anim", "Boom", "Sets"]}


@pytest.mark.parametrize("rules", sorted(HEADS))
@pytest.mark.parametrize("bots", ["random", "ismcts:1,random,random"])
def test_tournament_table_heads_every_games_rows_whole_and_aligned(rules: str, bots: str) -> None:
    """Each game's rows are headed by a word chosen for them, never a name cut to the column (issue:
    Boomerang (2010)'s "boomera" beside "Anim"); every line of the table is as wide as its heads,
    a bot name longer than a column (ismcts:1) included."""
    result = CliRunner().invoke(cli, ["tournament", "--rules", rules, "--players", "3", "--games", "1", "--bots", bots,
                                      "--rotate"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    tables = [lines[i:i + 4] for i, line in enumerate(lines) if line.split()[:2] == ["entry", "bot"]]
    assert [word for head, *_ in tables for word in head.split()[2:]] == (  # Australia's rows in a table apart
        ["mean", "stdev", "wins", *HEADS[rules]] if rules == "standard" else ["mean", "stdev", *HEADS[rules], "wins"])
    for head, *seats in tables:
        assert {len(line) for line in seats} == {len(head)}
        ends = [i + 1 for i, c in enumerate(head) if c != " " and (i + 1 == len(head) or head[i + 1] == " ")]
        assert all(line[i - 1] != " " for line in seats for i in ends)  # right-aligned under each head


@pytest.mark.parametrize("rules_id", ["sea-salt-paper", "sea-salt-paper-extra-salt"])
def test_a_sea_salt_and_paper_tournament_s_rounds_are_the_rounds_each_game_took(rules_id: str) -> None:
    """The "Rounds" column of a Sea Salt & Paper tournament was each seat's mean total again (the sum of
    its rounds' points: 30.1 where a game takes about six rounds): it is the mean number of rounds its
    games took, read off each game's sheets, the same for every seat; the mean total is as before."""
    from boomerang_rules.core import tournament
    from boomerang_rules.core.bots import bot_game as core_bot_game

    rules = br.load_rules(rules_id)
    names, games, seed = ["greedy", "random", "random"], 4, 3
    result = tournament.run(rules, names, games, seed, keep_results=True)
    states = [core_bot_game(rules, names, seed + i) for i in range(games)]
    rounds = [len(br.score_sheets(state)[0]["rounds"]) for state in states]
    assert all(2 <= count <= 30 for count in rounds)
    for seat, summary in enumerate(result.seats()):
        assert summary.row_means["rounds"] == sum(rounds) / games
        assert summary.mean_total == summary.row_means["total"] == sum(br.score_sheets(s)[seat].total
                                                                       for s in states) / games
    out = CliRunner().invoke(cli, ["tournament", "--rules", rules_id, "--bots", ",".join(names), "--games",
                                   str(games), "--seed", str(seed)]).stdout.splitlines()
    assert out[1].split() == ["seat", "bot", "mean", "stdev", "Rounds", "wins"]
    assert [line.split()[4] for line in out[2:5]] == [f"{sum(rounds) / games:.1f}"] * 3


def test_tournament_table_heads_a_row_it_has_no_word_for_by_its_whole_name(monkeypatch: pytest.MonkeyPatch) -> None:
    command = importlib.import_module("boomerang_rules.cli.tournament")  # the module: the package's name is the command
    monkeypatch.setattr(command, "_SHORT", {})
    result = CliRunner().invoke(cli, ["tournament", "--rules", "boomerang-2010", "--games", "1", "--bots", "random"])
    lines = result.stdout.splitlines()  # whole names make the table too wide for 80 columns: the rows apart
    assert lines[1].split() == ["seat", "bot", "mean", "stdev", "wins"]
    assert lines[6].split() == ["seat", "bot", "cards", "animals", "boomerangs", "sets"]


TOURNAMENT_GAMES = [(rules, players) for rules in ("standard", "sea-salt-paper", "sea-salt-paper-extra-salt",
                                                   "boomerang-2010")
                    for players in range(br.load_rules(rules).players.min, br.load_rules(rules).players.max + 1)]


@pytest.mark.parametrize("rotate", [False, True])
@pytest.mark.parametrize(("rules", "players"), TOURNAMENT_GAMES)
def test_tournament_figures_fit_80_columns_in_every_game(rules: str, players: int, rotate: bool) -> None:
    """Boomerang: Australia's table was 97 columns wide (its six rows beside the totals and the wins),
    and a rotated tournament's first line 95: every line fits 80 columns now, in every game and
    player count, the rows' means in a table of their own where one table would not fit; each table
    aligned; ``--json`` the same figures as ``tournament.run``'s."""
    args = ["tournament", "--rules", rules, "--players", str(players), "--games", "2", "--bots", "random", "--quiet"]
    result = CliRunner().invoke(cli, args + (["--rotate"] if rotate else []))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(map(len, lines)) <= 80, [line for line in lines if len(line) > 80]
    heads = [i for i, line in enumerate(lines) if line.split()[:2] in (["seat", "bot"], ["entry", "bot"])]
    for i in heads:
        assert {len(line) for line in lines[i:i + players + 1]} == {len(lines[i])}
    named = [word for i in heads for word in lines[i].split()[2:]]
    assert sorted(named) == sorted(["mean", "stdev", *HEADS[rules], "wins"])  # every figure, once
    assert len(heads) == (2 if rules == "standard" else 1)
    as_json = CliRunner().invoke(cli, [*args, "--json"] + (["--rotate"] if rotate else []))
    expected = tournament.run(br.load_rules(rules), ["random"] * players, 2, 0, rotate=rotate).as_dict()
    assert json.loads(as_json.stdout) == json.loads(json.dumps(expected))


@pytest.mark.parametrize("rules_id", [info.id for info in br.list_rules()])
def test_a_tournament_of_every_shipped_ruleset_by_its_id_or_its_file(rules_id: str) -> None:
    """``tournament --rules`` takes every shipped ruleset and variant, by id or by file, with every
    bot, in every game: the same figures either way, as ``tournament.run``'s."""
    rules = br.load_rules(rules_id)
    bots = ["random", "greedy", "ismcts:2", "greedy", "random"][:rules.players.min]
    path = Path(__file__).resolve().parents[1] / "variants" / f"{rules_id}.json"
    figures = []
    for named in (rules_id, str(path)):
        args = ["tournament", "--rules", named, "--players", str(rules.players.min), "--games", "2", "--seed", "4",
                "--bots", ",".join(bots), "--quiet", "--json"]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
        figures.append(json.loads(result.stdout))
    assert figures[0] == figures[1] == json.loads(json.dumps(tournament.run(rules, bots, 2, 4).as_dict()))
    assert figures[0]["rules"] == rules_id


TOURNAMENT_JSON = {"top": ["games", "seed", "rules", "bots", "rotate", "seats", "by_bot"],
                   "seat": ["seat", "bot", "mean_total", "stdev_total", "row_means", "win_rate", "outright_wins"],
                   "bot": ["mean_total", "win_rate"]}
"""``tournament --json``'s keys, in their order, the same in every game (``row_means``: the game's rows)."""


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_tournament_json_is_one_documented_schema_in_every_game(rules: str) -> None:
    """A site reading ``tournament --json`` reads one schema for the three games, keys in a fixed
    order, numbers as JSON numbers (counts as integers), the game's score-sheet rows under
    ``row_means`` in the sheet's order; and the command-line page names every key (none did)."""
    args = ["tournament", "--rules", rules, "--games", "3", "--bots", "random,greedy,random", "--json", "--quiet"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data) == TOURNAMENT_JSON["top"]
    assert (type(data["games"]), type(data["seed"]), type(data["rotate"])) == (int, int, bool)
    rows = list(tournament.run(br.load_rules(rules), ["random"] * 3, 1).rows)
    for seat in data["seats"]:
        assert list(seat) == TOURNAMENT_JSON["seat"] and list(seat["row_means"]) == rows
        assert type(seat["seat"]) is type(seat["outright_wins"]) is int
        assert {type(seat[key]) for key in ("mean_total", "stdev_total", "win_rate")} == {float}
        assert {type(mean) for mean in seat["row_means"].values()} == {float}
    assert list(data["by_bot"]) == ["random", "greedy"]
    assert all(list(figures) == TOURNAMENT_JSON["bot"] for figures in data["by_bot"].values())
    page = (Path(__file__).resolve().parents[1] / "docs" / "referee.md").read_text(encoding="utf-8")
    said = page[page.index("`tournament --json` prints"):]
    assert all(f"`{key}`" in said for keys in TOURNAMENT_JSON.values() for key in keys)


def test_the_widest_figures_split_into_tables_of_80_columns() -> None:
    """The widest cells a tournament can print (a bot "ismcts:1000000", big means) and whole row names:
    the rows' means split into as many tables as 80 columns need, each with the seat and its bot."""
    command = importlib.import_module("boomerang_rules.cli.tournament")
    rows = [f"row_number_{k}" for k in range(9)]
    table = [["entry", "bot", "mean", "stdev", *rows, "wins"]] + [
        [str(seat), "ismcts:1000000", "123456.7", "12345.6", *["99999.9"] * len(rows), "100.0%"] for seat in range(5)]
    lines = command.figure_tables(table, 2, range(4, 4 + len(rows)))
    assert max(map(len, lines)) <= 80
    assert lines[0].split() == ["entry", "bot", "mean", "stdev", "wins"]
    shown = [word for line in lines if line.split()[:2] == ["entry", "bot"] for word in line.split()[2:]]
    assert shown == ["mean", "stdev", "wins", *rows]
    assert lines[6] == "Mean points of each score-sheet row:"


def test_simulate_with_bots() -> None:
    result = CliRunner().invoke(cli, ["simulate", "-p", "3", "--bots", "greedy,random,greedy", "-s", "2"])
    assert result.exit_code == 0
    record: dict[str, Any] = json.loads(result.stdout)
    assert record["players"] == ["greedy 0", "random 1", "greedy 2"]
    assert br.validate_record(record) == []


def answers() -> str:
    guesses = ["nonsense", "", *"abcdefghijklmnopqrstuvwxyz@#", "none"]
    return "\n".join(guesses * 150) + "\n"


def test_play_with_piped_input(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = CliRunner().invoke(cli, ["play", "--players", "3", "--seat", "1", "--seed", "5", "--record",
                                      str(path)], input=answers())
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Round 1 of 4, the Throw" in out and "Your hand:" in out
    assert "is not a card in your hand" in out
    assert "Throws revealed" in out and "Final score sheets" in out
    assert "Winner: " in out or "Winners (shared): " in out
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["players"][1] == "You" and br.validate_record(record) == []


def test_play_input_ending_early_exits_2() -> None:
    result = CliRunner().invoke(cli, ["play", "--players", "2", "--seed", "1"], input="A\n")
    assert result.exit_code == 2
    assert "input ended" in result.stderr


def test_play_usage_errors() -> None:
    assert CliRunner().invoke(cli, ["play", "--players", "3", "--seat", "3"]).exit_code == 2
    assert CliRunner().invoke(cli, ["play", "--players", "3", "--bots", "greedy,greedy,greedy"]).exit_code == 2
    assert CliRunner().invoke(cli, ["play", "--players", "3", "--bots", "nobody"]).exit_code == 2


@pytest.mark.parametrize("names", [["random", "greedy", "random"], ["greedy", "greedy"], ["random"] * 4])
def test_play_game_with_lazy_views_plays_as_with_views_made_up_front(names: list[str]) -> None:
    """``play_game`` hands out views made on first reading; a game played with views made at
    once, the plain way, is the same game, and every lazy view reads as the plain one."""
    from boomerang_rules.australia.bots import play_game
    from boomerang_rules.australia.view import lazy_view

    rules = br.load_rules()
    seed = len(names)
    seen: list[tuple[br.GameState, int]] = []
    lazily = play_game(rules, make_bots(names, rules, seed), seed,
                       on_decision=lambda s, seat, a: seen.append((s, seat)))
    bots = make_bots(names, rules, seed)
    s = br.new_game(rules, len(names), seed)
    while not br.is_over(s):
        for seat in br.to_act(s):
            plain = br.view(s, seat)
            s = br.apply(s, seat, bots[seat].choose(plain, plain.legal_actions))
    assert s == lazily
    for state, seat in seen[::7]:
        lazy, plain = lazy_view(state, seat), br.view(state, seat)
        assert lazy == plain and plain == lazy and hash(lazy) == hash(plain) and repr(lazy) == repr(plain)
        assert lazy_view(state, seat).hand == plain.hand and isinstance(lazy, br.SeatView)


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` by public attributes (names without a leading ``_``),
    items of tuples, lists, sets and dicts, and values of properties."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        x = todo.pop()
        if id(x) in seen or isinstance(x, (str, int, float, bool, type(None), type)) or callable(x):
            continue
        seen[id(x)] = x
        if isinstance(x, (tuple, list, set, frozenset)):
            todo.extend(x)
        elif isinstance(x, dict):
            todo.extend(x.keys())
            todo.extend(x.values())
        else:
            todo.extend(getattr(x, name) for name in dir(x) if not name.startswith("_"))
    return list(seen.values())


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "sea-salt-paper-extra-salt", "boomerang-2010"])
def test_a_lazy_view_is_the_view_and_leads_to_nothing_hidden(rules_id: str) -> None:
    """Every game's ``play_game`` serves views made on first reading (``core.lazy_views``): each reads
    as the plain view, pickles to one, and no public attribute leads to a state (the hand of another
    seat, the deck) before or after it is read. The random bot is given no view at all."""
    import pickle

    from boomerang_rules.core.bots import RandomBot as CoreRandomBot
    from boomerang_rules.core.bots import reads_view
    from boomerang_rules.core.games import game_module

    rules = br.load_rules(rules_id)
    game: Any = game_module(rules.game)
    view_module = importlib.import_module(f"{game.__name__}.view")
    n = max(rules.players.min, 3)
    met: list[tuple[Any, int]] = []
    names = ["greedy", "random", "greedy"][:n]
    bots = make_bots_of(game, names, rules, 5)
    given_views: list[object] = []

    class Recording:
        name = "recording"

        def choose(self, seen: object, actions: tuple[str, ...]) -> str:
            given_views.append(seen)
            return actions[0]

    end = game.play_game(rules, [Recording(), *bots[1:]], 5,
                         on_decision=lambda s, seat, a: met.append((s, seat)))
    assert game.is_over(end) and not reads_view(CoreRandomBot(rules, 0)) and reads_view(Recording())
    assert any(isinstance(x, tuple(game.STATE_TYPES)) for x in _reachable(({"deep": [met[0][0]]},)))
    states = tuple(game.STATE_TYPES)
    for seen in given_views:
        assert type(seen) is not view_module.SeatView and isinstance(seen, view_module.SeatView)
        assert not any(isinstance(x, states) for x in _reachable(seen))  # read: every field made
    for state, seat in met[::5]:
        plain = game.view(state, seat)
        lazy = view_module.lazy_view(state, seat)
        assert lazy == plain and plain == lazy and hash(lazy) == hash(plain) and repr(lazy) == repr(plain)
        assert (lazy != plain) is False
        again = pickle.loads(pickle.dumps(view_module.lazy_view(state, seat)))
        assert type(again) is type(plain) and again == plain
        assert view_module.lazy_view(state, seat).legal_actions == game.legal_actions(state, seat)
        with pytest.raises(AttributeError, match="no_such_field"):
            view_module.lazy_view(state, seat).no_such_field  # noqa: B018


@pytest.mark.parametrize("rules_id", ["standard", "direction", "sites-exclude-throw", "sea-salt-paper",
                                      "sea-salt-paper-extra-salt", "boomerang-2010"])
def test_each_view_part_made_alone_is_the_view_s_field(rules_id: str) -> None:
    """Every game's lazy view makes a field of its ``VIEW_PARTS`` alone when it is read first (what
    its greedy bot reads: issue 27, the greedy bots' games made every view in full); at every
    decision of bot games each part is the plain view's field, read first or after the view is
    made, and the rest of the view follows."""
    from boomerang_rules.core.games import game_module

    rules = br.load_rules(rules_id)
    game: Any = game_module(rules.game)
    view_module = importlib.import_module(f"{game.__name__}.view")
    parts, lazy_view = view_module.VIEW_PARTS, view_module.lazy_view
    low, high = rules.players.min, rules.players.max
    for seed, names in ((1, ["greedy"] * high), (2, ["greedy", "random", "greedy"][:max(low, 3)]),
                        (3, ["random", "greedy", "greedy"][:low])):
        met: list[tuple[Any, int]] = []
        game.play_game(rules, make_bots_of(game, names, rules, seed), seed,
                       on_decision=lambda s, seat, a, met=met: met.append((s, seat)))
        for state, seat in met:
            plain = game.view(state, seat)
            for name in parts:
                lazy = lazy_view(state, seat)
                assert getattr(lazy, name) == getattr(plain, name), (name, seat)
                assert lazy == plain and getattr(lazy, name) == getattr(plain, name)
    from boomerang_rules.core.lazy_views import lazy_views

    with pytest.raises(ValueError, match="no_such_field"):
        lazy_views(view_module.SeatView, view_module.view, {"no_such_field": lambda state, seat: None})


def test_the_past_rounds_a_view_keeps_are_its_own_game_s() -> None:
    """Boomerang: Australia's views keep each finished rounds' conversion by the rounds' identity
    and their tables': a game's views share one conversion a round, and a state of other rules
    holding the very same rounds gets a conversion of its own, equal to one made afresh."""
    from types import SimpleNamespace

    from boomerang_rules.australia.tables import tables_for

    au_view: Any = importlib.import_module("boomerang_rules.australia.view")

    state = play(br.new_game(RULES, 3, 4), random_policy(random.Random(4)), until=lambda x: x.round >= 1)
    first = br.view(state, 0).past_rounds
    assert first and br.view(state, 1).past_rounds is first
    other_rules = br.load_rules("direction")  # what _past_rounds reads of a state, other rules' tables
    other: Any = SimpleNamespace(progress=state.progress, tables=tables_for(other_rules), rules=other_rules)
    seen = au_view._past_rounds(other)
    assert seen is not first
    au_view._PAST.clear()
    assert seen == au_view._past_rounds(other) and au_view._past_rounds(state) == first


def make_bots_of(game: Any, names: list[str], rules: Any, seed: int) -> list[Any]:
    from boomerang_rules.core.bots import make_bots as core_make_bots

    return core_make_bots(game.BOTS, names, rules, seed)


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_the_bot_registry_gets_what_it_holds(rules_id: str) -> None:
    """``BOTS.get("ismcts:N")`` is the bot that ``BOTS["ismcts:N"]`` and ``in`` say is there (``get``
    answered None); a name it does not hold gets the default."""
    from boomerang_rules.core.games import game_module

    bots: Any = game_module(br.load_rules(rules_id).game).BOTS
    assert "ismcts:2" in bots and bots.get("ismcts:2") is not None
    rules = br.load_rules(rules_id)
    assert bots.get("ismcts:2")(rules, 1).__class__ is bots["ismcts:2"](rules, 1).__class__
    assert bots.get("random") is bots["random"]
    for missing in ("ismcts:0", "ismcts:x", "nope", 5):
        assert missing not in bots and bots.get(missing) is None and bots.get(missing, "d") == "d"


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_play_game_refuses_what_is_no_bot_naming_it(rules_id: str) -> None:
    """A bot's name (or anything without ``choose``) given for a bot is a ``TypeError`` naming its place
    ("'str' object has no attribute 'choose'" escaped from inside)."""
    from boomerang_rules.core.games import game_module

    rules = br.load_rules(rules_id)
    game = game_module(rules.game)
    bots = [game.BOTS["random"](rules, 1) for _ in range(3)]
    for junk in ("random", None, 5):
        with pytest.raises(TypeError, match=rf"^bots\[1\] must be a bot \(an object with choose\(view, actions\): "
                                            rf"see BOTS\), not (str|None|int): {junk!r}$"):
            game.play_game(rules, [bots[0], junk, bots[2]], 1)


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_the_search_bot_of_the_registry_refuses_a_budget_of_no_playouts(rules_id: str) -> None:
    """``BOTS["ismcts"](rules, seed, playouts=0)`` is refused in every game (Boomerang: Australia's
    took 0 for "the default" and searched 100 playouts without a word)."""
    from boomerang_rules.core.games import game_module

    rules = br.load_rules(rules_id)
    make: Any = game_module(rules.game).BOTS["ismcts"]
    for budget in (0, -1):
        with pytest.raises(ValueError, match=rf"^ismcts takes 1 to 1,000,000 playouts a decision, not {budget}$"):
            make(rules, 1, playouts=budget)
    assert make(rules, 1, playouts=None).name == "ismcts"


GAME_RULES = {"standard": "Boomerang: Australia", "sea-salt-paper": "Sea Salt & Paper",
              "boomerang-2010": "Boomerang (2010)"}


@pytest.mark.parametrize("rules_id", sorted(GAME_RULES))
def test_every_game_s_bots_refuse_what_is_not_theirs_alike(rules_id: str) -> None:
    """Every game's bots and ``play_game`` answer a wrong ruleset and a wrong list of actions in one
    way (they raised ``max()``'s, ``below()``'s, an ``IndexError`` or an ``AttributeError`` from inside,
    each game its own): a ``TypeError`` naming the parameter, a ``ValueError`` for no actions to choose
    from. The random bot reads no rules, so it takes any."""
    from boomerang_rules.core import bots as core_bots
    from boomerang_rules.core.games import game_module

    rules = br.load_rules(rules_id)
    game = game_module(rules.game)
    other = br.load_rules("boomerang-2010" if rules_id != "boomerang-2010" else "standard")
    state = br.new_game(rules, 3, 1)
    seat = br.to_act(state)[0]
    seen = br.view(state, seat)
    what = rf"^rules must be a {re.escape(GAME_RULES[rules_id])} Ruleset \(see load_rules\), not"
    for name in ("random", "greedy", "ismcts:2"):
        bot = core_bots.make_bots(game.BOTS, [name], rules, 1)[0]
        with pytest.raises(ValueError, match=r"^actions is empty: a bot chooses among the legal actions"):
            bot.choose(seen, ())
        with pytest.raises(TypeError, match=r"^actions must be the legal actions \(a tuple of action names\), not"):
            bot.choose(seen, None)
        assert bot.choose(seen, br.legal_actions(state, seat)) in br.legal_actions(state, seat)
        if name != "random":
            for wrong in (None, other):
                with pytest.raises(TypeError, match=what):
                    core_bots.make_bots(game.BOTS, [name], wrong, 1)
    with pytest.raises(TypeError, match=what):
        game.play_game(other, [RandomBot(rules, 1)] * 3, 1)
    with pytest.raises(TypeError, match=what):
        game.play_game(None, [RandomBot(rules, 1)] * 3, 1)
    with pytest.raises(TypeError, match=r"^bots must be a list of bots, one a seat"):
        game.play_game(rules, None, 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^rules must be a Ruleset \(see load_rules\), not None"):
        core_bots.play_game(None, [RandomBot(rules, 1)] * 3, 1)
    # A game of bots is dealt from its seed: None was the package new_game's "give a seed to deal from, or
    # the deals [deal-source]" (no deals to give here), and '1' "an integer seed or None" (None refused).
    for odd, what in ((None, "None: None"), ("1", "str: '1'"), (1.0, "float: 1.0")):
        with pytest.raises(TypeError, match=rf"^seed must be an integer seed \(int\), not {re.escape(what)}$"):
            game.play_game(rules, [RandomBot(rules, 1)] * 3, odd)  # type: ignore[arg-type]


def _view_what(rules: Any) -> str:
    """The game's view in a refusal's words (each game's ``view.VIEW_WHAT``)."""
    from boomerang_rules.core.games import GAMES

    return str(importlib.import_module(f"{GAMES[rules.game]}.view").VIEW_WHAT)


@pytest.mark.parametrize("rules_id", sorted(GAME_RULES))
def test_a_greedy_bot_refuses_a_view_or_actions_not_of_its_seat(rules_id: str) -> None:
    """Every game's greedy bot (and search bot) reads its view, so it takes only a view of its own game and actions
    that view lists as legal: ``None``, a state or another game's view is a ``TypeError`` naming
    ``seen``, an action the seat may not take a ``ValueError`` (a non-string a ``TypeError``) naming
    ``actions``. They raised ``AttributeError`` / ``KeyError`` from inside the bot, or chose
    from another game's view without a word (Sea Salt & Paper's answered an Australia view "end")."""
    from boomerang_rules.core import bots as core_bots
    from boomerang_rules.core.games import game_module

    rules = br.load_rules(rules_id)
    bot = core_bots.make_bots(game_module(rules.game).BOTS, ["greedy"], rules, 1)[0]
    state = br.new_game(rules, 3, 1)
    seat = br.to_act(state)[0]
    seen = br.view(state, seat)
    actions = br.legal_actions(state, seat)
    for other_id in sorted(GAME_RULES):
        other = br.new_game(other_id, 3, 1)
        for wrong in (None, other, *([] if other_id == rules_id else [br.view(other, br.to_act(other)[0])])):
            with pytest.raises(TypeError, match=rf"^seen must be {re.escape(_view_what(rules))}, not"):
                bot.choose(wrong, actions)
    with pytest.raises(ValueError, match=rf"^actions holds 'zzz', which seat {seat} may not take now"):
        bot.choose(seen, (*actions, "zzz"))
    with pytest.raises(TypeError, match=r"^actions must be a tuple of action names \(str\), not int: 1$"):
        bot.choose(seen, (1,))
    assert bot.choose(seen, actions[-1:]) == actions[-1]  # a subset of the legal actions is still taken
    search = core_bots.make_bots(game_module(rules.game).BOTS, ["ismcts:2"], rules, 1)[0]
    for wrong in (None, state):  # the search bot: it returned 'zzz' and 1 without a word
        with pytest.raises(TypeError, match=rf"^seen must be {re.escape(_view_what(rules))}, not"):
            search.choose(wrong, actions)
    with pytest.raises(ValueError, match=rf"^actions holds 'zzz', which seat {seat} may not take now"):
        search.choose(seen, ("zzz", *actions))
    with pytest.raises(TypeError, match=r"^actions must be a tuple of action names \(str\), not int: 1$"):
        search.choose(seen, (1, 2))


@pytest.mark.parametrize(("rules", "names", "error", "message"), [
    ("sea-salt-paper", ["random"] * 3, TypeError, r"^rules must be a Ruleset \(see load_rules\), not str: "),
    (None, ["random"] * 3, TypeError, r"^rules must be a Ruleset \(see load_rules\), not None: None$"),
    (br.load_rules("boomerang-2010"), None, TypeError, r"^names must be a list of bot names \(str\), not None$"),
    (br.load_rules("boomerang-2010"), "random", TypeError, r"^names must be a list of bot names \(str\), not str$"),
    (br.load_rules("sea-salt-paper"), ["random", 2, "random"], TypeError,
     r"^names\[1\] must be a bot name \(str\), not int: 2$"),
])
def test_core_bot_game_names_its_bad_argument_as_play_game_does(rules: Any, names: Any, error: type[Exception],
                                                                message: str) -> None:
    """``core.bots.bot_game`` (api.md) failed inside: a ruleset id with ``'str' object has no attribute
    'game'``, ``names=None`` with "'NoneType' object is not iterable", a name that is no string with
    "unhashable type" or an unknown bot called 2; ``play_game``'s refusals, in every game."""
    from boomerang_rules.core import bots as core_bots

    with pytest.raises(error, match=message):
        core_bots.bot_game(rules, names, 1)


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_numpy_integer_seeds_every_bot_as_the_int_does(rules_id: str) -> None:
    """A seed is any integer, as ``new_game`` takes it: every bot, ``make_bots`` and ``bot_game`` given a
    numpy integer play as given the int (they refused it, "a seed must be an integer, not int64", while
    ``new_game``, ``play_game``, ``determinize`` and the batch took it)."""
    from boomerang_rules.core.bots import bot_game as core_bot_game
    from boomerang_rules.core.games import game_module

    np = pytest.importorskip("numpy")

    rules = br.load_rules(rules_id)
    bots = game_module(rules.game).BOTS
    state = br.new_game(rules, 3, 11)
    seat = br.to_act(state)[0]
    for seed in (np.int64(5), np.uint64(2**64 - 1), np.int32(-3), np.uint8(200)):
        for name in ("random", "greedy", "ismcts:4"):
            made, plain = bots[name](rules, seed), bots[name](rules, int(seed))
            for _ in range(3):
                assert (made.choose(br.view(state, seat), br.legal_actions(state, seat))
                        == plain.choose(br.view(state, seat), br.legal_actions(state, seat)))
        names = ["greedy", "random", "ismcts:2"]
        assert br.record_of(core_bot_game(rules, names, seed)) == br.record_of(core_bot_game(rules, names, int(seed)))


@pytest.mark.parametrize(("mine", "theirs"), [("sea-salt-paper", "sea-salt-paper-extra-salt"),
                                              ("sea-salt-paper-extra-salt", "sea-salt-paper"),
                                              ("standard", "sites-exclude-throw"),
                                              ("boomerang-2010", "generated")])
def test_a_bot_refuses_a_view_of_another_ruleset_of_its_game(mine: str, theirs: str) -> None:
    """A bot rates and searches by the ruleset it was made with; given a view of a game of another
    ruleset of the same game, Sea Salt & Paper's search bot made for the base game raised a
    ``KeyError`` ('starfish-2') from inside on an Extra Salt view, and the greedy bots and the other
    searches chose by the wrong rules without a word (Australia's made for ``standard`` rated sites
    with the Throw in a ``sites-exclude-throw`` game). A ``ValueError`` naming ``seen`` and both
    rulesets now, in every game; a view of the bot's own ruleset, loaded again, is still played."""
    from boomerang_rules.core import bots as core_bots
    from boomerang_rules.core.games import GAMES, game_module

    rules: Any = br.load_rules(mine)
    other = (attrs.evolve(rules, id="generated", name="Generated ruleset", description="",
                          boomerangs_each=rules.boomerangs_each + 1)
             if theirs == "generated" else br.load_rules(theirs))
    game = game_module(rules.game)
    state = br.new_game(other, 3, 2)
    rng = random.Random(1)
    for _ in range(12):
        state = br.step(state, [rng.choice(br.legal_actions(state, x)) for x in br.to_act(state)])
    seat = br.to_act(state)[0]
    for make in (br.view, importlib.import_module(f"{GAMES[rules.game]}.view").lazy_view):
        seen = make(state, seat)
        for name in ("greedy", "ismcts:4"):
            bot = core_bots.make_bots(game.BOTS, [name], rules, 1)[0]
            with pytest.raises(ValueError, match=rf"^seen is a view of a game of {re.escape(repr(other.id))}, "
                                                 rf"not {re.escape(repr(rules.id))}, the ruleset this bot plays"):
                bot.choose(seen, seen.legal_actions)
            same = core_bots.make_bots(game.BOTS, [name], br.load_rules(mine), 1)[0]
            own = make(br.new_game(rules, 3, 2), 0)
            if own.legal_actions:
                assert same.choose(own, own.legal_actions) in own.legal_actions
