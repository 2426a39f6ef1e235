"""The ismcts search bot, its rollout policy, and tournaments of search bots (tiny budgets)."""

from __future__ import annotations

import random
from typing import Any

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
    assert "ismcts:1000000" in BOTS and "ismcts:1000001" not in BOTS and "ismcts:" + "9" * 5000 not in BOTS
    budget: Any
    for budget in (0, 1_000_001, -3):
        with pytest.raises(ValueError, match=r"^ismcts takes 1 to 1,000,000 playouts a decision, not "):
            IsmctsBot(RULES, 1, playouts=budget)
    for budget in (2.0, True):  # a wrong type, named (test_the_search_budgets_take_numpy_numbers...)
        with pytest.raises(TypeError, match=r"^playouts must be a whole number of playouts \(int\) or None, not "):
            IsmctsBot(RULES, 1, playouts=budget)


def test_rotated_tournaments_give_each_entry_its_own_results() -> None:
    names = ["greedy", "random", "random"]
    result = tournament.run(RULES, names, 4, seed=20, rotate=True, keep_results=True)
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
    assert "Seats rotated: the figures are per bot entry." in ok.output and "ismcts:2" in ok.output
    bad = runner.invoke(cli, ["tournament", "--bots", "ismcts:0,greedy", "--players", "2", "--games", "1"])
    assert bad.exit_code == 2 and bad.output.strip().endswith(
        "--bots: 'ismcts:0': the number after 'ismcts:' is its playouts a decision, a whole number from 1 to "
        "1,000,000")
    for budget in ("1000001", "9" * 5000):  # past the cap, and past the digits Python's int() reads
        huge = runner.invoke(cli, ["tournament", "--bots", f"ismcts:{budget},greedy", "--players", "2", "--games", "1"])
        assert huge.exit_code == 2 and "a whole number from 1 to 1,000,000" in huge.output, huge.output
        assert len(huge.output) < 400  # the name cut short, not 5,000 digits echoed
    other = runner.invoke(cli, ["tournament", "--bots", "greedy:3,greedy", "--players", "2", "--games", "1"])
    assert other.exit_code == 2 and "unknown bot 'greedy:3'" in other.output


# ---- the search layer over the other games ------------------------------------------------------

from boomerang_rules.boomerang2010 import bots as b10_bots  # noqa: E402
from boomerang_rules.boomerang2010 import ismcts as b10_ismcts  # noqa: E402
from boomerang_rules.core.bots import bot_game as any_bot_game  # noqa: E402
from boomerang_rules.core.ismcts import IsmctsBot as CoreIsmctsBot  # noqa: E402
from boomerang_rules.core.loading import list_rules  # noqa: E402
from boomerang_rules.seasaltpaper import bots as ssp_bots  # noqa: E402
from boomerang_rules.seasaltpaper import ismcts as ssp_ismcts  # noqa: E402
from boomerang_rules.seasaltpaper.scoring import points_of  # noqa: E402
from boomerang_rules.seasaltpaper.tables import tables_for as ssp_tables_for  # noqa: E402

OTHER = {"sea-salt-paper": (ssp_bots, ssp_ismcts, "_pick", (2, 4)),
         "boomerang-2010": (b10_bots, b10_ismcts, "_tie_break", (3, 5))}
OTHER_IDS = sorted(i.id for i in list_rules() if i.game in OTHER)


def _recorder(game: str) -> type:
    bots, _, tie, _ = OTHER[game]

    def record(self: object, best: list[str]) -> str:
        self.ties = tuple(best)  # type: ignore[attr-defined]
        return best[0]

    return type("Recorder", (bots.GreedyBot,), {tie: record, "ties": ()})


@pytest.mark.parametrize("rid", OTHER_IDS)
def test_each_game_s_rollout_policy_rates_actions_as_its_greedy_does(rid: str) -> None:
    """Each game's ``FastGreedy`` (on the state) finds the actions its ``GreedyBot`` (on the view) rates best."""
    rules = br.load_rules(rid)
    _, search, _, (low, high) = OTHER[rules.game]
    fast = search.FastGreedy(rules)
    recorder = _recorder(rules.game)
    compared = 0
    for players in range(low, high + 1):
        rng = random.Random(players)
        s = br.new_game(rules, players, players)
        while not br.is_over(s) and compared < 900 * players:
            for x in br.to_act(s):
                greedy = recorder(rules, 0)
                seen = br.view(s, x)
                chosen = greedy.choose(seen, seen.legal_actions)
                expected = greedy.ties if chosen in greedy.ties else (chosen,)
                assert sorted(fast.best(s, x)) == sorted(expected), (s.phase, seen.legal_actions)
                compared += 1
            x = rng.choice(br.to_act(s))
            s = br.apply(s, x, rng.choice(br.legal_actions(s, x)))
    assert compared > 100


def test_sea_salt_paper_s_counted_points_are_points_of() -> None:
    """The rollout's card points from packed counts (written twice for speed, and remembered) agree
    with ``points_of`` on every variant, for a hand and for the hand with one card more."""
    for rid in (r for r in OTHER_IDS if br.load_rules(r).game == "sea-salt-paper"):
        rules = br.load_rules(rid)
        t = ssp_tables_for(rules)
        rng = random.Random(rid)
        counted = ssp_ismcts.PackedPoints(t)
        for _ in range(800):
            cards = rng.sample(range(t.deck_size), rng.randint(0, 14))
            cut = rng.randint(0, len(cards))
            hand, played = tuple(cards[:cut]), tuple(cards[cut:])
            kinds, front, colours = counted.of_cards(hand, played)
            assert counted.of(kinds, front, colours) == points_of(t, hand, played).card_points
            extra = next((c for c in range(t.deck_size) if c not in cards), None)
            if extra is not None:
                more = counted.of(kinds + t.kind_bit[extra], front, colours + t.colour_bit[extra])
                assert more == points_of(t, (*hand, extra), played).card_points


def test_sea_salt_paper_s_remembered_points_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """``PackedPoints`` forgets everything when full, and counts again what it is asked next."""
    monkeypatch.setattr(ssp_ismcts, "MEMO_SIZE", 3)
    t = ssp_tables_for(br.load_rules("sea-salt-paper"))
    counted = ssp_ismcts.PackedPoints(t)
    rng = random.Random(7)
    for _ in range(40):
        hand = tuple(rng.sample(range(t.deck_size), rng.randint(0, 9)))
        assert counted.of(*counted.of_cards(hand, ())) == points_of(t, hand, ()).card_points
        assert 1 <= len(counted._memo) <= 3


def test_sea_salt_paper_s_remembered_points_read_colours_only_for_mermaids() -> None:
    """Two hands alike but for their colours share a remembered count unless a mermaid is held."""
    rules = br.load_rules("sea-salt-paper")
    t = ssp_tables_for(rules)
    counted = ssp_ismcts.PackedPoints(t)
    fish = [c for c in range(t.deck_size) if t.kinds[t.kind[c]] == "fish"]
    mermaid = next(c for c in range(t.deck_size) if t.kind[c] == t.mermaid)
    apart = next((a, b) for a in fish for b in fish if t.colour[a] != t.colour[b])
    for c in apart:
        counted.of(*counted.of_cards((c,), ()))
    assert len(counted._memo) == 1
    for c in apart:
        assert counted.of(*counted.of_cards((c, mermaid), ())) == points_of(t, (c, mermaid), ()).card_points
    assert len(counted._memo) == 3


@pytest.mark.parametrize("rid", ["sea-salt-paper-tie-went-last", "boomerang-2010"])
def test_each_game_s_ismcts_plays_whole_games_the_same_for_the_same_seed(rid: str) -> None:
    rules = br.load_rules(rid)
    low = OTHER[rules.game][3][0]
    names = ["ismcts:4", "greedy", *["random"] * (low - 2)]
    first = any_bot_game(rules, names, 5)
    assert br.is_over(first)
    assert first == any_bot_game(rules, names, 5)


@pytest.mark.parametrize("game", sorted(OTHER))
def test_each_game_names_its_search_budgets(game: str) -> None:
    bots = OTHER[game][0].BOTS
    rules = br.load_rules(game)
    assert "ismcts" in bots and "ismcts:7" in bots
    for bad in ("ismcts:0", "ismcts:x", "ismcts:", "ismcts:١", "ismcts:-1"):
        assert bad not in bots
        with pytest.raises(KeyError):
            bots[bad]
    bot = bots["ismcts:7"](rules, 1)
    assert isinstance(bot, CoreIsmctsBot) and bot.name == "ismcts" and bot._playouts == 7


@pytest.mark.parametrize("game", sorted(OTHER))
def test_each_game_s_search_reads_only_the_view(game: str) -> None:
    """Two states that one seat cannot tell apart get the same choice from the same bot seed."""
    rules = br.load_rules(game)
    rng = random.Random(4)
    for seed in range(6):
        s = br.new_game(rules, 3, seed)
        for _ in range(rng.randint(3, 30)):
            x = rng.choice(br.to_act(s))
            s = br.apply(s, x, rng.choice(br.legal_actions(s, x)))
        if br.is_over(s):
            continue
        seat = br.to_act(s)[0]
        seen = br.view(s, seat)
        twin = br.determinize(seen, seed)  # another state the seat sees alike
        assert br.view(twin, seat) == seen
        bots = OTHER[game][0].BOTS
        a = bots["ismcts:8"](rules, 9).choose(seen, seen.legal_actions)
        b = bots["ismcts:8"](rules, 9).choose(br.view(twin, seat), seen.legal_actions)
        assert a == b and a in seen.legal_actions


def test_a_seconds_budget_plays_every_game() -> None:
    for game in sorted(OTHER):
        rules = br.load_rules(game)
        s = br.new_game(rules, 3, 2)
        seat = br.to_act(s)[0]
        seen = br.view(s, seat)
        search = OTHER[game][1].Search(rules)
        assert CoreIsmctsBot(search, 1, seconds=0.01).choose(seen, seen.legal_actions) in seen.legal_actions
    for budget in (0, 1_000_001):
        with pytest.raises(ValueError, match=r"^ismcts takes 1 to 1,000,000 playouts a decision, not "):
            CoreIsmctsBot(search, 1, playouts=budget)


@pytest.mark.parametrize("game", ["boomerang-australia", *sorted(OTHER)])
def test_every_game_s_search_bot_is_made_from_its_rules_alike(game: str) -> None:
    """``IsmctsBot(rules, seed, playouts, seconds)`` in every game's ``ismcts`` module, as Australia's
    (docs/api.md): Sea Salt & Paper's and Boomerang (2010)'s took a search, not rules (a seconds budget
    was an ``AttributeError``), and any game's given another game's ruleset raised an ``AttributeError``
    where every bot names ``rules`` in a ``TypeError``."""
    from boomerang_rules.australia import ismcts as au_ismcts

    module = au_ismcts if game == "boomerang-australia" else OTHER[game][1]
    rules = br.load_rules(game)
    s = br.new_game(rules, 3, 2)
    seat = br.to_act(s)[0]
    seen = br.view(s, seat)
    assert module.IsmctsBot(rules, 1, seconds=0.01).choose(seen, seen.legal_actions) in seen.legal_actions
    other: Any
    for other in (br.load_rules("boomerang-2010" if game != "boomerang-2010" else "standard"), None):
        with pytest.raises(TypeError, match=r"^rules must be a .* Ruleset \(see load_rules\), not "):
            module.IsmctsBot(other, 1)
    with pytest.raises(ValueError, match=r"^ismcts takes 1 to 1,000,000 playouts a decision, not 0"):
        module.IsmctsBot(rules, 1, playouts=0)


def test_a_seconds_budget_must_be_a_finite_positive_number() -> None:
    """``seconds=nan`` searched for ever (no time is past a NaN deadline), ``inf`` too; a string failed
    inside the search. Each is refused where the bot is made, naming ``seconds``."""
    for seconds in (float("nan"), float("inf"), 0, -1.0):
        with pytest.raises(ValueError, match=r"^seconds must be a finite number of seconds above 0 or None, not "):
            IsmctsBot(RULES, 1, seconds=seconds)
    odd: Any
    for odd in ("1", True, [1]):
        with pytest.raises(TypeError, match=r"^seconds must be a number of seconds or None, not "):
            IsmctsBot(RULES, 1, seconds=odd)
    s: br.GameState = br.new_game(RULES, 4, 2)
    seen = br.view(s, 0)
    assert IsmctsBot(RULES, 1, seconds=1).choose(seen, seen.legal_actions) in seen.legal_actions


@pytest.mark.parametrize("game", ["boomerang-australia", *sorted(OTHER)])
def test_the_exploration_constant_must_be_a_finite_number_from_0(game: str) -> None:
    """``exploration=nan`` made every UCT score NaN, so every game's search tried each action once and
    then always took the first, silently; a negative one was taken too, and a string failed inside the
    first search. Each is refused where the bot is made, naming ``exploration``, alike in every game."""
    from boomerang_rules.australia import ismcts as au_ismcts

    module = au_ismcts if game == "boomerang-australia" else OTHER[game][1]
    rules = br.load_rules(game)
    for bad in (float("nan"), float("inf"), -0.5):
        with pytest.raises(ValueError, match=r"^exploration must be a finite number from 0, not "):
            module.IsmctsBot(rules, 1, exploration=bad)
    odd: Any
    for odd in ("0.7", True, None):
        with pytest.raises(TypeError, match=r"^exploration must be a number, not "):
            module.IsmctsBot(rules, 1, exploration=odd)
    s = br.new_game(rules, 3, 2)
    seat = br.to_act(s)[0]
    seen = br.view(s, seat)
    for fine in (0, 1.5):
        assert module.IsmctsBot(rules, 1, playouts=4, exploration=fine).choose(seen, seen.legal_actions) \
            in seen.legal_actions


def test_sea_salt_paper_s_search_plays_on_the_engine_that_serves_its_rules() -> None:
    """The package's functions (the compiled hot path where built) for the rulesets it compiles, the
    plain engine's for those it hands on whole (Extra Salt's): the same states either way (pinned
    in ``test_ssp_ismcts_pinned``)."""
    from boomerang_rules.seasaltpaper import engine as ssp_engine
    from boomerang_rules.seasaltpaper import hot_path

    assert ssp_ismcts.engine_of(br.load_rules("sea-salt-paper")) == (hot_path.apply, hot_path.legal_actions)
    assert ssp_ismcts.engine_of(br.load_rules("sea-salt-paper-extra-salt")) == (ssp_engine.apply,
                                                                              ssp_engine.legal_actions)


# ---- the work budget: simulated decisions a search, not seconds ---------------------------------


class _Steps:
    """A toy game for ``core.ismcts``: a state is a number, each playout plays ``length`` decisions of
    one seat, and the search's work is capped at ``per_playout`` simulated decisions a playout."""

    playouts = 10

    def __init__(self, length: int, per_playout: int | None) -> None:
        self.length = length
        self.simulated_per_playout = per_playout
        self.applied = 0

    def sampler(self, seen: Any) -> Any:
        return lambda seed: 0

    def to_act(self, state: int) -> tuple[int, ...]:
        return (0,)

    def legal_actions(self, state: int, seat: int) -> tuple[str, ...]:
        return ("a", "b")

    def apply(self, state: int, seat: int, action: str) -> int:
        self.applied += 1
        return state + 1

    def done(self, start: int, state: int) -> bool:
        return state - start >= self.length

    def rollout(self, state: int, seat: int, gen: int) -> tuple[int, str]:
        return gen, "a"

    def reward(self, seen: Any, start: int, end: int) -> float:
        return 0.0


class _Seat:
    seat = 0


@pytest.mark.parametrize(("per_playout", "playouts"), [(None, 10), (7, 10), (3, 5), (1, 2)])
def test_the_work_budget_stops_new_playouts_past_its_simulated_decisions(per_playout: int | None,
                                                                          playouts: int) -> None:
    """Playouts of 7 decisions, a budget of 10: 3 a playout (30 in all) lets the fifth start (28 so
    far) and finish (35), and no sixth; None, or room for them all, plays the 10."""
    game = _Steps(7, per_playout)
    bot = CoreIsmctsBot(game, 1, playouts=10)
    assert bot.max_simulated == (None if per_playout is None else 10 * per_playout)
    root = bot.search(_Seat())
    assert root.visits == playouts and game.applied == 7 * playouts


def test_the_work_budget_scales_with_the_playouts_and_leaves_seconds_alone() -> None:
    """``ismcts:N`` is N playouts of a bounded mean length: the cap is N times the game's; a seconds
    budget bounds the time itself (no cap)."""
    game = _Steps(7, 3)
    assert CoreIsmctsBot(game, 1, playouts=40).max_simulated == 120
    assert CoreIsmctsBot(game, 1).max_simulated == 30  # the game's default budget
    assert CoreIsmctsBot(game, 1, seconds=0.01).max_simulated is None
    for odd in (0, -1, 2.5, True):  # a cap of nothing would start no playout
        with pytest.raises(ValueError, match=r"^a search's simulated_per_playout must be a whole number from 1 "):
            CoreIsmctsBot(_Steps(7, odd), 1)  # type: ignore[arg-type]


def _extra_salt_round_start(players: int, seed: int) -> Any:
    """The first seat's view at the game's first draw (an empty hand, the deck full: the longest playouts)."""
    rules = br.load_rules("sea-salt-paper-extra-salt")
    s = br.new_game(rules, players, seed)
    return rules, br.view(s, br.to_act(s)[0])


def test_extra_salt_s_longest_searches_stop_at_the_work_budget() -> None:
    """A round's first draw in Extra Salt at 4 players simulates over 6,000 decisions in 100 playouts:
    capped, the search starts no playout once 5,500 are simulated, and finishes the one under way.
    Each playout's count is its ``apply`` calls."""
    rules, seen = _extra_salt_round_start(4, 1)
    bot = ssp_ismcts.IsmctsBot(rules, 3)
    assert bot.max_simulated == 100 * ssp_ismcts.PLAIN_SIMULATED_PER_PLAYOUT == 5_500
    game = bot._game
    applied = [0]
    apply, playout = game.apply, bot._playout

    def counted_apply(state: Any, seat: int, action: str) -> Any:
        applied[0] += 1
        return apply(state, seat, action)

    steps: list[int] = []

    def counted_playout(*args: Any) -> int:
        before = applied[0]
        n = playout(*args)
        assert n == applied[0] - before
        steps.append(n)
        return n

    game.apply = counted_apply  # type: ignore[method-assign]
    bot._playout = counted_playout  # type: ignore[method-assign,assignment]
    root = bot.search(seen)
    assert 80 <= len(steps) < 100 and root.visits == len(steps)
    assert sum(steps[:-1]) < 5_500 <= sum(steps)


def test_the_work_budget_is_the_ruleset_s_not_the_build_s() -> None:
    """Capped where the playouts run on the plain engine (Extra Salt's rules), whether or not the
    compiled path is built (``BOOMERANG_RULES_PURE`` plays the same): the base game's rules are not
    capped, nor are the other games'."""
    from boomerang_rules.australia import ismcts as au_ismcts

    for rid in OTHER_IDS:
        rules = br.load_rules(rid)
        if rules.game != "sea-salt-paper":
            assert b10_ismcts.Search(rules).simulated_per_playout is None
            continue
        plain = ssp_tables_for(rules).compiled is None
        assert ssp_ismcts.Search(rules).simulated_per_playout == (ssp_ismcts.PLAIN_SIMULATED_PER_PLAYOUT
                                                                   if plain else None), rid
        assert plain == (rid in ("sea-salt-paper-extra-salt", "sea-salt-paper-boat-from-discards",
                                 "sea-salt-paper-mermaids-without-white")), rid
    for rid in australia_ids():
        assert au_ismcts.IsmctsBot(br.load_rules(rid), 1).max_simulated is None


def test_a_capped_search_plays_the_same_for_the_same_seed() -> None:
    """The cap counts work, not time: the same seed, the same root and the same choice."""
    rules, seen = _extra_salt_round_start(4, 1)
    roots = []
    for _ in range(2):
        root = ssp_ismcts.IsmctsBot(rules, 3).search(seen)
        roots.append(sorted((a, n.visits, n.total) for a, n in root.children.items()))
    assert roots[0] == roots[1] and sum(v for _, v, _ in roots[0]) < 100
    assert len({ssp_ismcts.IsmctsBot(rules, 3).choose(seen, seen.legal_actions) for _ in range(2)}) == 1


def test_the_search_s_scores_read_no_c_library_logarithm(monkeypatch: pytest.MonkeyPatch) -> None:
    """UCT's score takes ln(visits of the parent); C leaves ``log``'s rounding to its library (glibc's
    ``math.log(9170)`` is a unit in the last place above the nearest double), so a search that called it
    could choose otherwise, at a tie, on another platform or C library, and ``simulate --bots ismcts`` would
    not give the same bytes everywhere. The search plays the same with ``math.log`` gone."""
    import math
    import types

    from boomerang_rules.core import ismcts

    rules = br.load_rules("sea-salt-paper")
    names = ["ismcts:12", "ismcts:12"]
    before = any_bot_game(rules, names, 3)

    def refused(x: float) -> float:
        raise AssertionError(f"math.log({x}) read: its last bit is the C library's")

    shim = types.SimpleNamespace(**{name: getattr(math, name) for name in dir(math) if not name.startswith("_")})
    shim.log = refused
    monkeypatch.setattr(ismcts, "math", shim)
    assert any_bot_game(rules, names, 3) == before


@pytest.mark.parametrize(("n", "nearest"), [(1, "0x0.0p+0"), (2, "0x1.62e42fefa39efp-1"),
                                            (9170, "0x1.23f54a1c504c1p+3")])
def test_the_search_s_logarithm_is_the_nearest_double(n: int, nearest: str) -> None:
    """``ismcts.ln(n)`` is the double nearest ln(n) (mpmath at 200 bits gave these), on every platform:
    glibc's ``math.log`` gives ``0x1.23f54a1c504c2p+3`` for 9170 (and is a unit off at 136837, 141614 and
    147674 too, the only others to 200,000: the table's values agree with it everywhere else, so no pinned
    game changed)."""
    from boomerang_rules.core import ismcts

    assert ismcts.ln(n) == float.fromhex(nearest)


@pytest.mark.parametrize("game", ["boomerang-australia", *sorted(OTHER)])
def test_the_search_budgets_take_numpy_numbers_and_name_a_wrong_type(game: str) -> None:
    """A budget read off a numpy array is a budget, as a numpy seed is a seed: ``playouts=np.int64(5)``
    was refused as out of range ("takes 1 to 1,000,000 playouts a decision, not np.int64(5)"),
    ``seconds=np.int64(1)`` and ``exploration=np.int64(1)`` as no number, where their numpy floats
    were taken. A budget of the wrong type is a ``TypeError`` naming its parameter (``playouts=2.0``
    was the range's ``ValueError``), and an int too large for a float a ``ValueError``, not an
    ``OverflowError`` from inside the check."""
    import numpy as np

    from boomerang_rules.australia import ismcts as au_ismcts

    module = au_ismcts if game == "boomerang-australia" else OTHER[game][1]
    rules = br.load_rules(game)
    s = br.new_game(rules, 3, 2)
    seat = br.to_act(s)[0]
    seen = br.view(s, seat)
    numpy_made = module.IsmctsBot(rules, 1, playouts=np.int64(4), exploration=np.int64(1))
    plain = module.IsmctsBot(rules, 1, playouts=4, exploration=1)
    assert numpy_made._playouts == 4 and numpy_made._playouts.__class__ is int
    assert numpy_made.choose(seen, seen.legal_actions) == plain.choose(seen, seen.legal_actions)
    assert module.IsmctsBot(rules, 1, seconds=np.int64(1))._seconds == 1
    odd: Any
    for odd in (2.0, True, "5", np.float64(3.0)):
        with pytest.raises(TypeError, match=r"^playouts must be a whole number of playouts \(int\) or None, not "):
            module.IsmctsBot(rules, 1, playouts=odd)
    for bad in (np.int64(0), np.uint64(1_000_001)):
        with pytest.raises(ValueError, match=r"^ismcts takes 1 to 1,000,000 playouts a decision, not "):
            module.IsmctsBot(rules, 1, playouts=bad)
    with pytest.raises(ValueError, match=r"^seconds must be a finite number of seconds above 0 or None, not 1000"):
        module.IsmctsBot(rules, 1, seconds=10**400)
    with pytest.raises(ValueError, match=r"^exploration must be a finite number from 0, not 1000"):
        module.IsmctsBot(rules, 1, exploration=10**400)
