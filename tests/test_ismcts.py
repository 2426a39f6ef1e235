"""The ismcts search bot, its rollout policy, and tournaments of search bots (tiny budgets)."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

import boomerang_rules as br
from boomerang_rules.australia.bots import BOTS, GreedyBot, bot_game
from boomerang_rules.australia.ismcts import FastGreedy, IsmctsBot
from boomerang_rules.cli import cli
from boomerang_rules.core import tournament

from .helpers import australia_ids

RULES = br.load_rules()


class _TieRecorder(GreedyBot):
    """Greedy, keeping the actions it rated best (those its coin chooses among)."""

    ties: tuple[str, ...] = ()

    def _tie_break(self, best: list[str]) -> str:
        self.ties = tuple(best)
        return best[0]


@pytest.mark.parametrize("rid", sorted(australia_ids()))
def test_the_rollout_policy_rates_cards_as_greedy_does(rid: str) -> None:
    """``FastGreedy`` (on the state) finds the same best actions as ``GreedyBot`` (on the view)."""
    rules = br.load_rules(rid)
    fast = FastGreedy(rules)
    compared = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        rng = random.Random(seed)
        s: br.GameState = br.new_game(rules, players, seed)
        while not br.is_over(s):
            for x in br.to_act(s):
                greedy = _TieRecorder(rules, 0)
                seen = br.view(s, x)
                chosen = greedy.choose(seen, seen.legal_actions)
                assert sorted(fast.best(s, x)) == sorted(greedy.ties or [chosen])
                compared += 1
            for x in br.to_act(s):
                s = br.apply(s, x, rng.choice(br.legal_actions(s, x)))
    assert compared > 100


@pytest.mark.parametrize(("rid", "names"), [("standard", ["ismcts:6", "greedy"]),
                                            ("direction", ["random", "ismcts:6", "greedy"]),
                                            ("sites-exclude-throw", ["ismcts:6"] * 4)])
def test_ismcts_plays_whole_games_the_same_for_the_same_seed(rid: str, names: list[str]) -> None:
    rules = br.load_rules(rid)
    first = bot_game(rules, names, 5)
    assert br.is_over(first)
    assert first == bot_game(rules, names, 5)


def test_ismcts_depends_on_its_seed() -> None:
    s: br.GameState = br.new_game(RULES, 4, 8)
    s = br.apply(s, 0, br.legal_actions(s, 0)[0])
    seen = br.view(s, 1)
    choices = {IsmctsBot(RULES, seed, playouts=3).choose(seen, seen.legal_actions) for seed in range(12)}
    assert len(choices) > 1


def test_ismcts_scores_the_activity_worth_most_this_round() -> None:
    """At the activity choice the own points are the same in every determinization: the search
    settles on the best one."""
    rng = random.Random(4)
    s: br.GameState = br.new_game(RULES, 3, 4)
    while br.view(s, 0).phase != "activity":
        for x in br.to_act(s):
            s = br.apply(s, x, rng.choice(br.legal_actions(s, x)))
    seen = br.view(s, 0)
    cards = [seen.throw or "", *seen.face_up[0]]
    points = {a: br.score_round(RULES, cards, None if a == br.NO_ACTIVITY else a).activity
              for a in seen.legal_actions}
    assert len(set(points.values())) > 1
    choice = IsmctsBot(RULES, 1, playouts=40).choose(seen, seen.legal_actions)
    assert points[choice] == max(points.values())


def test_a_seconds_budget_plays_too() -> None:
    s: br.GameState = br.new_game(RULES, 4, 2)
    seen = br.view(s, 0)
    assert IsmctsBot(RULES, 1, seconds=0.01).choose(seen, seen.legal_actions) in seen.legal_actions


def test_budgets_are_named_in_the_registry() -> None:
    assert "ismcts" in BOTS and "ismcts:12" in BOTS
    assert "ismcts:0" not in BOTS and "ismcts:x" not in BOTS and "ismcts:" not in BOTS
    with pytest.raises(KeyError):
        BOTS["ismcts:-3"]
    assert isinstance(BOTS["ismcts:12"](RULES, 1), IsmctsBot)
    with pytest.raises(ValueError, match="at least one playout"):
        IsmctsBot(RULES, 1, playouts=0)


def test_rotated_tournaments_give_each_entry_its_own_results() -> None:
    names = ["greedy", "random", "random"]
    result = tournament.run(RULES, names, 4, seed=20, rotate=True)
    for i, (rows, won) in enumerate(result.results):
        seated = [names[(seat - i) % 3] for seat in range(3)]
        state = bot_game(RULES, seated, 20 + i)
        sheets = br.score_sheets(state)
        assert [r[-1] for r in rows] == [sheets[(e + i) % 3].total for e in range(3)]
        assert won == tuple(sorted((w - i) % 3 for w in br.winners(state)))
    greedy_mean, _ = result.by_bot()["greedy"]
    assert greedy_mean == result.seats()[0].mean_total


def test_jobs_spread_a_search_tournament_with_the_same_results() -> None:
    names = ["ismcts:3", "greedy", "greedy", "greedy"]
    one = tournament.run(RULES, names, 4, seed=7, jobs=1, rotate=True)
    two = tournament.run(RULES, names, 4, seed=7, jobs=2, rotate=True)
    assert one == two
    assert one.as_dict() == two.as_dict()


def test_the_tournament_command_rotates_seats_and_names_budgets() -> None:
    runner = CliRunner()
    ok = runner.invoke(cli, ["tournament", "--bots", "ismcts:2,greedy", "--players", "2", "--games", "2",
                             "--rotate"])
    assert ok.exit_code == 0, ok.output
    assert "seats rotated" in ok.output and "ismcts:2" in ok.output
    bad = runner.invoke(cli, ["tournament", "--bots", "ismcts:0,greedy", "--players", "2", "--games", "1"])
    assert bad.exit_code == 2 and bad.output.strip().endswith(
        "--bots: 'ismcts:0': the number after 'ismcts:' is its playouts a decision, a whole number of at least 1")
    other = runner.invoke(cli, ["tournament", "--bots", "greedy:3,greedy", "--players", "2", "--games", "1"])
    assert other.exit_code == 2 and "unknown bot 'greedy:3'" in other.output
