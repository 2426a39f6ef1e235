"""The game contract of docs/api.md, run over every registered game (``core.games.GAMES``).

Every function of the game table means the same in every game: a game the registry names but
that leaves a part out (integer actions, ``determinize``, a bot...) fails here, whichever game
it is. Each game's own rules are tested beside it (``test_<game>_*.py``); this module checks
only what every game shares, through the top-level API (``import boomerang_rules as br``).
"""

from __future__ import annotations

import importlib
import json
import operator
import pickle
import random
import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import attrs
import hypothesis
import pytest
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules.core.bots import make_bots
from boomerang_rules.core.games import GAMES, game_module, rules_module

from .helpers import NearValues, near_value

if TYPE_CHECKING:
    from boomerang_rules import boomerang2010 as b10
    from boomerang_rules import seasaltpaper as ssp
    from boomerang_rules.australia import sheets as au_sheets
    from boomerang_rules.australia.state import GameState as AuState
    from boomerang_rules.australia.view import SeatView as AuView



class Played(str):
    """A game's name (what the tests compare, look up and pass on as ``game``) with the shipped
    ruleset it is played under: its standard one or one of its variants."""

    rules_id: str

    def __new__(cls, game: str, rules_id: str) -> Played:
        played = super().__new__(cls, game)
        played.rules_id = rules_id
        return played


SHIPPED = sorted((info.game, info.id) for info in br.list_rules())
"""Every shipped ruleset, variants included, with its game; every registered game ships one at least."""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Each test of a ``game`` runs once a game; one that plays the game (calls ``_rules(game)``) runs
    once for every shipped ruleset of it, each variant too (Extra Salt's cards and actions, the
    tie-break variants, Boomerang: Australia's passing and dealing variants), named by the ruleset's
    id: the contract holds of every ruleset a user can load by name, not only of each game's standard."""
    if "game" not in metafunc.fixturenames:
        return
    if "_rules" in metafunc.function.__code__.co_names:
        cases = [Played(game, rules_id) for game, rules_id in SHIPPED]
        standard = {game: rules_module(game).DEFAULT_RULES for game in GAMES}
        metafunc.parametrize("game", cases, ids=[played.rules_id if played.rules_id != standard[played]
                                                 else str(played) for played in cases])
    else:
        metafunc.parametrize("game", sorted(GAMES))


GAME_NAMES = (
    "GAME", "STATE_TYPES", "BOTS", "ROWS", "load_rules", "new_game", "to_act", "legal_actions", "apply",
    "num_actions", "action_id", "action_of", "legal_mask", "is_over", "winners", "score_sheets", "view",
    "determinize", "record_of", "state_of", "validate_record", "check_record", "play_game",
    "SCHEMA", "check", "build", "to_data",
)
"""What a game package gives at its top level (``core.games.GameModule``; ``step`` may be the generic one)."""

SEARCH_BUDGET = "ismcts:2"
"""The search bot with a tiny budget: the contract is that it plays legal games, not how well."""


def _rules(game: str) -> Any:
    """The ruleset a test of ``game`` plays: ``game`` is a ``Played`` (``pytest_generate_tests``)."""
    return br.load_rules(game.rules_id) if isinstance(game, Played) else br.load_rules(game)


def _playout(rules: Any, players: int, seed: int) -> Iterator[Any]:
    """Every state of one game played by uniform random choices from ``seed``, the last one over."""
    rng = random.Random(seed)
    state = br.new_game(rules, players, seed)
    yield state
    while not br.is_over(state):
        actions = [rng.choice(br.legal_actions(state, seat)) for seat in br.to_act(state)]
        state = br.step(state, actions)
        yield state


def _some_states(rules: Any, players: int, seed: int, every: int = 7) -> list[Any]:
    """Every ``every``-th state of a random playout before its end (the first among them), then the
    end: the game is over in the last state only."""
    states = list(_playout(rules, players, seed))
    return states[:-1:every] + [states[-1]]


def _player_counts(rules: Any) -> list[int]:
    return sorted({rules.players.min, rules.players.max})


def test_the_package_gives_every_name_of_the_contract(game: str) -> None:
    module = game_module(game)
    assert [name for name in GAME_NAMES if not hasattr(module, name)] == []
    assert game == module.GAME and "total" in module.ROWS
    assert rules_module(game).DEFAULT_RULES in br.shipped_ids()


def test_one_seat_says_whether_one_seat_acts_at_a_time(game: str) -> None:
    """``ONE_SEAT`` (read by the batched engines' shapes) agrees with ``to_act`` over whole games."""
    rules = _rules(game)
    most = max(len(br.to_act(s)) for n in _player_counts(rules) for s in _playout(rules, n, 3))
    assert rules_module(game).ONE_SEAT is (most == 1)


def test_the_game_s_name_loads_its_standard_rules(game: str) -> None:
    rules = br.load_rules(game)
    assert rules.game == game and rules is br.load_rules(rules_module(game).DEFAULT_RULES)
    assert isinstance(rules, br.Rules) and rules.players.min <= rules.players.max
    assert rules.card(rules.cards[0].id) == rules.cards[0] and rules.describe(rules.cards[0].id)
    assert br.rules_data(rules)["game"] == game


def test_new_game_is_the_same_game_for_the_same_seed(game: str) -> None:
    rules = _rules(game)
    for players in _player_counts(rules):
        first, again = list(_playout(rules, players, 11)), list(_playout(rules, players, 11))
        assert first == again
        assert br.record_of(first[-1]) == br.record_of(again[-1])
        assert br.new_game(rules, players, 12) != br.new_game(rules, players, 11)  # the seed matters
    assert br.new_game(rules.id, rules.players.min, 3) == br.new_game(rules, rules.players.min, 3)  # an id as rules


def test_new_game_given_its_options_as_their_defaults_draws_a_seed_as_without_them(game: str) -> None:
    """``br.new_game`` with no seed draws one (docs/api.md) when no chance outcome is given, however
    that is said: each keyword of the game's own ``new_game`` passed as its default, or as None (none
    given, in every game). ``br.new_game(rules, 3, deals=None)`` (Sea Salt & Paper's ``decks=None``,
    ``first=None``, Boomerang (2010)'s ``deck=None``, Boomerang: Australia's ``undealt_ok=False``) was
    refused for want of a seed, as the game package's own ``new_game`` refuses it."""
    import inspect

    rules = _rules(game)
    players = rules.players.min
    keywords = [p for p in inspect.signature(game_module(game).new_game).parameters.values()
                if p.kind is inspect.Parameter.KEYWORD_ONLY]
    assert keywords  # every game takes its chance outcomes as keywords
    for given in [{p.name: p.default} for p in keywords] + [{p.name: None for p in keywords if p.default is not False}]:
        state = br.new_game(rules, players, **given)
        seed = state.progress.seed if game == "boomerang-australia" else state.seed
        assert seed.__class__ is int and 0 <= seed < 2**64, given
        assert state == br.new_game(rules, players, seed), given  # the seed kept deals the game
        with pytest.raises(br.InvalidInput, match=r"\[deal-source\]$"):
            game_module(game).new_game(rules, players, None, **given)  # the package refuses instead


def test_new_game_takes_and_refuses_seeds_alike(game: str) -> None:
    """A seed is an integer in every game, a numpy one too (as seats and action ids are): it deals
    the game its int deals, kept as that int; anything else is the same ``TypeError`` everywhere."""
    np = pytest.importorskip("numpy")
    rules = _rules(game)
    players = rules.players.min
    state = br.new_game(rules, players, np.int64(7))
    seed = state.progress.seed if game == "boomerang-australia" else state.seed
    assert state == br.new_game(rules, players, 7) and seed.__class__ is int
    for odd, shown in ((1.5, "float: 1.5"), (True, "bool: True"), ("7", "str: '7'")):
        with pytest.raises(TypeError, match=rf"^seed must be an integer seed or None \(int\), not {shown}$"):
            br.new_game(rules, players, odd)  # type: ignore[arg-type]


def test_new_game_takes_a_numpy_player_count(game: str) -> None:
    """A player count is an integer in every game, a numpy one too (as seeds, seats and action ids
    are): the game of its int; a bool or a float stays refused."""
    np = pytest.importorskip("numpy")
    rules = _rules(game)
    players = rules.players.min
    for count in (np.int64(players), np.int8(players), np.uint64(players)):
        state = br.new_game(rules, count, 7)
        assert state == br.new_game(rules, players, 7) and state.players.__class__ is int
    odd: Any
    for odd in (True, float(players)):
        with pytest.raises(TypeError, match=f"^players must be an integer, not {type(odd).__name__}$"):
            br.new_game(rules, odd, 7)
    with pytest.raises(br.InvalidInput, match="players-count"):
        br.new_game(rules, np.int64(rules.players.max + 1), 7)


def test_new_game_names_what_it_was_given_for_a_player_count_alike(game: str) -> None:
    """What is no player count is refused in the same words in every game, each kind named as the
    library names it (``None``, not ``NoneType``: Boomerang: Australia said one, the others the other)."""
    rules = _rules(game)
    odd: Any
    for odd, shown in ((None, "None"), ("3", "str"), ([3], "list"), (1.5, "float"), (True, "bool")):
        with pytest.raises(TypeError) as refused:
            br.new_game(rules, odd, 7)
        assert str(refused.value) == f"players must be an integer, not {shown}"


def test_new_game_refuses_a_player_count_the_rules_do_not_allow(game: str) -> None:
    rules = _rules(game)
    with pytest.raises(ValueError, match=str(rules.players.max + 1)):
        br.new_game(rules, rules.players.max + 1, 1)


def test_a_refused_player_count_is_told_against_the_rulesets_range_in_every_game(game: str) -> None:
    """'is for 2 to 4 players', and for a ruleset of one count 'is for 3 players' (or '1 player'),
    not 'is for 3 to 3 players'."""
    rules = _rules(game)
    for low, high, said in ((2, 4, "2 to 4 players"), (3, 3, "3 players"), (1, 1, "1 player")):
        try:
            ranged = attrs.evolve(rules, id="ranged", players=attrs.evolve(rules.players, min=low, max=high))
        except br.RulesError:  # a game whose schema asks for two players at the least
            assert low == 1
            continue
        with pytest.raises(br.InvalidInput) as refused:
            br.new_game(ranged, 5, 1)
        assert [(p.pointer, p.message, p.rule) for p in refused.value.problems] == [
            ("", f"{ranged.id!r} is for {said}, not 5", "players-count")]


def test_to_act_and_legal_actions_agree(game: str) -> None:
    rules = _rules(game)
    for players in _player_counts(rules):
        for state in _playout(rules, players, 5):
            seats = br.to_act(state)
            assert isinstance(seats, tuple) and list(seats) == sorted(set(seats))
            assert all(isinstance(s, int) and 0 <= s < players for s in seats)
            assert (seats == ()) == br.is_over(state)
            for seat in range(players):
                legal = br.legal_actions(state, seat)
                assert isinstance(legal, tuple) and all(isinstance(a, str) for a in legal)
                assert bool(legal) == (seat in seats), (seat, seats, legal)
                assert len(set(legal)) == len(legal)


def test_a_seat_the_game_does_not_have_is_refused(game: str) -> None:
    rules = _rules(game)
    state = br.new_game(rules, rules.players.min, 1)
    for seat in (-1, rules.players.min, "0", None):
        with pytest.raises(br.IllegalAction, match="seat"):
            br.legal_actions(state, seat)  # type: ignore[arg-type]


def test_apply_refuses_what_is_not_legal_and_changes_nothing(game: str) -> None:
    rules = _rules(game)
    states = _some_states(rules, rules.players.min, 2)
    for state in states[:-1]:
        seat = br.to_act(state)[0]
        before = pickle.dumps(state)
        with pytest.raises(br.IllegalAction):
            br.apply(state, seat, "no-such-action")
        idle = [s for s in range(state.players) if s not in br.to_act(state)]
        if idle:
            with pytest.raises(br.IllegalAction):
                br.apply(state, idle[0], br.legal_actions(state, seat)[0])
        assert pickle.dumps(state) == before
    once_legal = br.legal_actions(states[-2], br.to_act(states[-2])[0])[0]
    with pytest.raises(br.IllegalAction):
        br.apply(states[-1], 0, once_legal)  # the game is over


def test_apply_and_step_leave_their_argument_as_it_was(game: str) -> None:
    rules = _rules(game)
    for state in _some_states(rules, rules.players.max, 3)[:-1]:
        before, seen = pickle.dumps(state), [br.view(state, s) for s in range(state.players)]
        seat = br.to_act(state)[0]
        after = br.apply(state, seat, br.legal_actions(state, seat)[-1])
        br.step(state, [br.legal_actions(state, s)[0] for s in br.to_act(state)])
        assert after != state and pickle.dumps(state) == before
        assert [br.view(state, s) for s in range(state.players)] == seen


def test_step_is_apply_for_each_seat_in_turn(game: str) -> None:
    rules = _rules(game)
    for state in _some_states(rules, rules.players.max, 4)[:-1]:
        seats = br.to_act(state)
        actions = [br.legal_actions(state, s)[-1] for s in seats]
        one_by_one = state
        for seat, action in zip(seats, actions):
            one_by_one = br.apply(one_by_one, seat, action)
        assert br.step(state, actions) == one_by_one
        assert br.step(state, [br.action_id(rules, a) for a in actions]) == one_by_one
        with pytest.raises(br.IllegalAction):
            br.step(state, [*actions, actions[0]])  # one action too many


def test_actions_are_numbered_both_ways(game: str) -> None:
    rules = _rules(game)
    n = br.num_actions(rules)
    assert isinstance(n, int) and n > 0
    names = [br.action_of(rules, i) for i in range(n)]
    assert len(set(names)) == n and all(isinstance(a, str) for a in names)
    assert [br.action_id(rules, a) for a in names] == list(range(n))
    assert [br.action_id(rules, i) for i in range(n)] == list(range(n))  # an id is its own number
    for wrong in (-1, n):
        with pytest.raises(ValueError, match=str(wrong)):
            br.action_of(rules, wrong)
    with pytest.raises(ValueError, match="no-such-action"):
        br.action_id(rules, "no-such-action")


def test_the_action_numbering_quotes_what_it_refuses_cut_short(game: str) -> None:
    """A wrong value is quoted cut short (docs/api.md, "Errors"), in every game: a megabyte of
    text handed to ``action_id`` or ``action_of`` makes no megabyte of message."""
    rules = _rules(game)
    for wrong in ("x" * 100_000, ["x"] * 100_000, 10 ** 5000):
        for call in (br.action_id, br.action_of):
            with pytest.raises(ValueError) as refused:
                call(rules, wrong)  # type: ignore[arg-type]
            assert len(str(refused.value)) < 400


def test_the_action_numbering_refuses_in_the_same_words_in_every_game(game: str) -> None:
    """``action_of`` and ``action_id`` refuse alike in every game: the value quoted first, then the
    ruleset and what it numbers (Sea Salt & Paper began ``i must be...`` and ``action must be...``)."""
    rules = _rules(game)
    last = br.num_actions(rules) - 1
    odd: Any
    for odd in (-1, last + 1, None, 1.5, True, "0"):
        with pytest.raises(ValueError) as refused:
            br.action_of(rules, odd)
        assert str(refused.value) == f"{odd!r} is not an action id of {rules.id!r} (ids are 0 to {last})"
    with pytest.raises(ValueError) as refused:
        br.action_id(rules, "no-such-action")
    assert re.fullmatch(rf"'no-such-action' is not an action of {rules.id!r} \([^()]+\)", str(refused.value))
    for odd in (-1, last + 1, None, 1.5, True, b"draw"):
        with pytest.raises(ValueError) as refused:
            br.action_id(rules, odd)
        assert re.fullmatch(rf"{re.escape(repr(odd))} is not an action of {rules.id!r} \([^()]+, or an id from 0 "
                            rf"to {last}\)", str(refused.value))


def test_chance_outcomes_and_scoring_quote_an_unknown_card_cut_short(game: str) -> None:
    """The same of the cards given to ``new_game`` as chance outcomes and to the game's scoring entry
    point: an unknown card id of a megabyte is named cut short (Sea Salt & Paper's ``score_cards``,
    Boomerang (2010)'s ``final_scores`` and every game's dealt cards quoted it whole)."""
    from boomerang_rules.australia.scoring import score_round
    from boomerang_rules.boomerang2010.scoring import final_scores
    from boomerang_rules.seasaltpaper.scoring import score_cards

    rules = _rules(game)
    huge = "x" * 100_000
    calls = {
        "boomerang-australia": (lambda: br.new_game(rules, 2, deals=[[[huge] * 7, list("ABCDEFG")]]),
                                lambda: score_round(rules, [*"EAVWXJ", huge], None)),
        "sea-salt-paper": (lambda: br.new_game(rules, 2, decks=[[huge]]),
                           lambda: br.new_game(rules, 2, 1, steals=[huge]),
                           lambda: score_cards(rules, [huge], [huge + "y"])),
        "boomerang-2010": (lambda: br.new_game(rules, 3, deck=[huge]),
                           lambda: final_scores(rules, [[huge], [], []], [12, 12, 12]),
                           lambda: final_scores(rules, [[], [], []], [-10 ** 5000, 0, 0])),  # no str() of it
    }[game]
    for call in calls:
        with pytest.raises(br.InvalidInput) as refused:
            call()
        assert len(str(refused.value)) < 2_000


def test_chance_outcomes_of_the_wrong_type_are_refused_alike(game: str) -> None:
    """The chance outcomes ``new_game`` takes (Boomerang: Australia's ``deals``, Sea Salt & Paper's
    ``decks``, Boomerang (2010)'s ``deck``) refuse what is no list, and a card that is no string, with
    a ``TypeError`` naming the argument or the place, in every game (Boomerang (2010) called a card 7
    an unknown card, and one string "no sequence", in other words)."""
    rules = _rules(game)
    option, nest = {"boomerang-australia": ("deals", 2), "sea-salt-paper": ("decks", 1),
                    "boomerang-2010": ("deck", 0)}[game]
    card: Any = 7
    for _ in range(nest):
        card = [card]
    with pytest.raises(TypeError) as refused:
        br.new_game(rules, 3, 1, **{option: card})
    assert str(refused.value).startswith(f"{option}{'[0]' * nest} must be a list of ")  # the innermost list
    with pytest.raises(TypeError) as refused:
        br.new_game(rules, 3, 1, **{option: [card]})
    assert str(refused.value) == f"{option}{'[0]' * (nest + 1)} must be a card id (str), not int: 7"
    for odd in ("A1", {"A1": 1}, 5):
        with pytest.raises(TypeError) as refused:
            br.new_game(rules, 3, 1, **{option: odd})
        assert re.fullmatch(rf"{option} must be a list of .*, not {type(odd).__name__}(: {re.escape(repr(odd))})?",
                            str(refused.value))


def test_a_card_given_twice_or_missing_is_one_rule_in_every_game(game: str) -> None:
    """The same fault carries the same rule name in every game's problems, for a user filtering
    ``validate --json`` by rule: a card dealt twice is ``card-unique`` and a deck that lacks a card
    ``deck-complete`` (Sea Salt & Paper called both ``deck-cards``). Boomerang: Australia deals
    hands, never a whole deck, so it has no missing card to name."""
    rules = _rules(game)
    ids = [card.id for card in rules.cards]
    option, given, missing = {
        "boomerang-australia": ("deals", [[ids[:7], [ids[0], *ids[8:14]], ids[14:21]]], False),
        "sea-salt-paper": ("decks", [[ids[0], *ids[:-1]]], True),
        "boomerang-2010": ("deck", [ids[0], *ids[:-1]], True),
    }[game]
    with pytest.raises(br.InvalidInput) as refused:
        br.new_game(rules, 3, 1, **{option: given})
    rules_named = [p.rule for p in refused.value.problems]
    assert set(rules_named) == ({"card-unique", "deck-complete"} if missing else {"card-unique"})


def test_one_string_given_to_the_scoring_for_a_list_of_cards_is_one_rule_in_every_game(game: str) -> None:
    """A card id where a list of them is due is the input's mistake, ``InvalidInput`` in every game's
    scoring entry point, under one rule and in one wording: it was ``card-count`` in Boomerang:
    Australia, ``cards`` in Sea Salt & Paper and ``card-known`` in Boomerang (2010)."""
    from boomerang_rules.australia.scoring import score_round
    from boomerang_rules.boomerang2010.scoring import final_scores
    from boomerang_rules.seasaltpaper.scoring import score_cards

    rules = _rules(game)
    one = rules.cards[0].id
    call: Callable[[], object] = {"boomerang-australia": lambda: score_round(rules, one),
                                  "sea-salt-paper": lambda: score_cards(rules, one),
                                  "boomerang-2010": lambda: final_scores(rules, [one, [], []], [12, 12, 12])}[game]
    with pytest.raises(br.InvalidInput) as refused:
        call()
    assert [p.rule for p in refused.value.problems] == ["card-list"]
    assert str(refused.value.problems[0]).endswith(" must be a list of card ids, not one string [card-list]")


def test_chance_outcomes_given_as_none_are_none_given(game: str) -> None:
    """None for ``new_game``'s chance outcomes is none given, in every game: the game dealt from the
    seed, or refused for want of one (Sea Salt & Paper's ``decks=None`` was a ``TypeError``)."""
    rules = _rules(game)
    option = {"boomerang-australia": "deals", "sea-salt-paper": "decks", "boomerang-2010": "deck"}[game]
    assert br.new_game(rules, 3, 4, **{option: None}) == br.new_game(rules, 3, 4)
    with pytest.raises(br.InvalidInput, match=r"\[deal-source\]$"):
        game_module(game).new_game(rules, 3, None, **{option: None})


def test_the_legal_mask_is_the_legal_actions(game: str) -> None:
    rules = _rules(game)
    for players in _player_counts(rules):
        for state in _playout(rules, players, 6):
            for seat in range(players):
                legal = br.legal_actions(state, seat)
                assert br.legal_mask(state, seat) == sum(1 << br.action_id(rules, a) for a in legal)


def test_apply_takes_an_action_s_id_as_its_string(game: str) -> None:
    rules = _rules(game)
    for state in _some_states(rules, rules.players.max, 8, every=3)[:-1]:
        for seat in br.to_act(state):
            for action in br.legal_actions(state, seat):
                assert br.apply(state, seat, br.action_id(rules, action)) == br.apply(state, seat, action)


class _IdLike:
    """An integer of another type (a numpy integer, say): only ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_an_integer_like_id_is_its_action(game: str) -> None:
    """Anything with ``__index__`` is an action id, to ``apply`` and ``action_of`` alike, in every game."""
    rules = _rules(game)
    state = _some_states(rules, rules.players.min, 3)[0]
    seat = br.to_act(state)[0]
    for action in br.legal_actions(state, seat)[:3]:
        i: Any = _IdLike(br.action_id(rules, action))
        assert br.apply(state, seat, i) == br.apply(state, seat, action)
        assert br.action_of(rules, i) == action


def test_an_illegal_action_s_id_is_refused_as_its_string(game: str) -> None:
    """An id of an action that is not legal now is refused in the words its string is, by ``apply``
    and ``step``, in every game (Boomerang: Australia quoted the bare number instead)."""
    rules = _rules(game)
    names = [br.action_of(rules, i) for i in range(br.num_actions(rules))]

    def refusal(call: Any, *args: Any) -> str:
        with pytest.raises(br.IllegalAction) as refused:
            call(*args)
        return str(refused.value)

    for state in _some_states(rules, rules.players.max, 8, every=5)[:-1]:
        seats = br.to_act(state)
        others = [br.legal_actions(state, seat)[0] for seat in seats[1:]]
        legal = set(br.legal_actions(state, seats[0]))
        for i in [i for i, name in enumerate(names) if name not in legal][::7]:
            said = refusal(br.apply, state, seats[0], names[i])
            assert refusal(br.apply, state, seats[0], i) == said
            assert refusal(br.step, state, [i, *others]) == refusal(br.step, state, [names[i], *others])


def test_an_id_past_the_last_action_or_below_the_first_is_refused_naming_it(game: str) -> None:
    """An integer that numbers no action (``num_actions`` itself, -1) is refused by ``apply`` as an
    illegal action quoting it, in every game (never an ``IndexError`` from a table of names)."""
    rules = _rules(game)
    state = br.new_game(rules, rules.players.min, 1)
    seat = br.to_act(state)[0]
    for number in (br.num_actions(rules), -1, 10**30):
        with pytest.raises(br.IllegalAction, match=rf"(?<![\d-]){number}(?!\d)"):
            br.apply(state, seat, number)


def test_a_record_whose_result_alone_breaks_the_schema_still_replays(game: str) -> None:
    """A record whose only schema problems lie under ``/result`` is replayed all the same, in every
    game: ``check_record`` gives the state it ends in beside those problems (a refusal of the whole
    record for them would leave a referee nothing to check the result against)."""
    rules = _rules(game)
    from boomerang_rules.core.bots import bot_game

    state = bot_game(rules, ["random"] * 3, 5)
    record = br.record_of(state)
    record["result"]["winners"] = "everyone"
    checked = game_module(game).check_record(record)
    assert checked.problems and all(p.pointer.startswith("/result") for p in checked.problems)
    assert checked.state == state


class _Text(str):
    """A caller's own string type (numpy's ``str_`` is one too)."""


def test_an_action_of_a_str_subclass_is_its_text(game: str) -> None:
    """A legal action given as a ``str`` subclass (a caller's own, numpy's ``str_``) is that action in
    every game, to ``apply`` and ``step`` (Boomerang (2010) refused it, quoting the very land it was)."""
    np = pytest.importorskip("numpy")
    rules = _rules(game)
    for state in _some_states(rules, rules.players.max, 8, every=3)[:-1]:
        seats = br.to_act(state)
        legal = [br.legal_actions(state, seat)[-1] for seat in seats]
        for kind in (_Text, np.str_):
            assert br.apply(state, seats[0], kind(legal[0])) == br.apply(state, seats[0], legal[0])
            assert br.step(state, [kind(a) for a in legal]) == br.step(state, legal)


def _foreign_values(value: Any, at: str = "") -> list[str]:
    """Where ``value`` (a state, a record: tuples, lists, dicts, ``attrs`` classes) holds an int or a
    str of another class than ``int`` and ``str`` (a numpy integer, a ``str`` subclass)."""
    if value.__class__ in (int, str, bool, float) or value is None:
        return []
    if isinstance(value, int | str) or value.__class__.__module__ == "numpy":
        return [f"{at}: {value.__class__.__name__}"]
    if isinstance(value, tuple | list):
        return [place for i, item in enumerate(value) for place in _foreign_values(item, f"{at}[{i}]")]
    if isinstance(value, dict):
        return [place for key, item in value.items() for place in _foreign_values(key, at) + _foreign_values(
            item, f"{at}/{key}")]
    if attrs.has(value.__class__) and not isinstance(value, br.Rules):
        return [place for f in attrs.fields(value.__class__)
                for place in _foreign_values(getattr(value, f.name), f"{at}.{f.name}")]
    return []


def test_a_seat_or_action_of_another_int_or_str_class_leaves_none_in_the_state_or_its_record(game: str) -> None:
    """A numpy seat, a numpy id, a ``str`` subclass for an action (numpy's ``str_``, a caller's own) is the
    int or the text it stands for, in every game: the state keeps that int and that text, not the object
    given, so that its record is JSON (Sea Salt & Paper kept a numpy seat as the turn and in its log: its
    record could not be written, "Object of type int64 is not JSON serializable", and ``validate_record``
    refused it, "np.int64(2) is not of type 'integer'"), and its ``to_act`` gives ints."""
    np = pytest.importorskip("numpy")
    rules = _rules(game)
    for players in _player_counts(rules):
        rng = random.Random(players)
        state = br.new_game(rules, players, 19)
        while not br.is_over(state):
            seats = br.to_act(state)
            actions = [rng.choice(br.legal_actions(state, seat)) for seat in seats]
            kind = rng.randrange(3)
            if kind == 2:
                state = br.step(state, [np.str_(a) for a in actions])
                continue
            for seat, action in zip(seats, actions):
                given = np.int64(br.action_id(rules, action)) if kind else _Text(action)
                state = br.apply(state, np.int64(seat), given)
            assert all(seat.__class__ is int for seat in br.to_act(state))
        assert _foreign_values(tuple(state)) == []
        record = br.record_of(state)
        assert _foreign_values(record) == [] and br.validate_record(json.loads(json.dumps(record))) == []


def test_names_given_to_record_of_as_a_str_subclass_are_recorded_as_their_text(game: str) -> None:
    """``record_of(state, names)`` with names of a ``str`` subclass (numpy's ``str_``, a caller's own)
    writes each name's text as an exact ``str``, in every game: the record held the very objects
    given (``np.str_('Ana')``), where it holds no other int or str class of a seat or an action."""
    np = pytest.importorskip("numpy")
    rules = _rules(game)
    state = _some_states(rules, rules.players.min, 15, every=11)[-1]
    names = [f"P{s}" for s in range(rules.players.min)]
    for kind in (_Text, np.str_):
        record = br.record_of(state, [kind(name) for name in names])
        assert _foreign_values(record) == [] and record["players"] == names
        assert record == br.record_of(state, names)


def test_score_sheets_read_alike(game: str) -> None:
    rules = _rules(game)
    rows = game_module(game).ROWS
    for state in _some_states(rules, rules.players.max, 9):
        sheets = br.score_sheets(state)
        assert isinstance(sheets, tuple) and len(sheets) == state.players
        for sheet in sheets:
            assert isinstance(sheet, br.Sheet) and rows == sheet.ROWS
            assert sheet["total"] == sheet.total == sheet.row_total("total")
            assert all(isinstance(sheet.row_total(row), int) for row in rows)
            data = sheet.as_dict()
            assert list(data) == list(rows) == list(dict(sheet)) == list(sheet)
            assert json.loads(json.dumps(data)) == data and data["total"] == sheet.total
            with pytest.raises(KeyError):
                sheet["no-such-row"]


def test_winners_are_the_best_totals_once_over(game: str) -> None:
    rules = _rules(game)
    for players in _player_counts(rules):
        states = list(_playout(rules, players, 10))
        assert all(br.winners(s) == () for s in states[:-1])
        end = states[-1]
        best = br.winners(end)
        totals = [sheet["total"] for sheet in br.score_sheets(end)]
        assert best and set(best) <= set(range(players)) and list(best) == sorted(set(best))
        assert br.winners(end) == best and len(totals) == players


def test_the_round_once_over_is_the_number_of_rounds_played(game: str) -> None:
    """``round`` is 0-based while the game plays and the number of rounds played once it is over
    (docs/api.md, the neutral ``State``), in the state and the view alike, in every game (Sea Salt &
    Paper's stayed at its last round's index)."""
    rules = _rules(game)
    for players in _player_counts(rules):
        for seed in (10, 11):
            states = list(_playout(rules, players, seed))
            end = states[-1]
            played = len(br.view(end, 0).past_rounds)
            assert end.round == br.view(end, 0).round == played
            assert all(s.round == len(br.view(s, 0).past_rounds) for s in states[:-1] if br.to_act(s))


def test_a_view_shows_the_seat_its_actions_and_the_sheets(game: str) -> None:
    rules = _rules(game)
    for state in _some_states(rules, rules.players.max, 12):
        for seat in range(state.players):
            seen = br.view(state, seat)
            assert isinstance(seen, br.View) and not isinstance(seen, br.State)
            assert seen.seat == seat and seen.players == state.players and seen.round == state.round
            assert seen.legal_actions == br.legal_actions(state, seat)
            assert seen.sheets == br.score_sheets(state)
            assert (seen.phase == "over") == br.is_over(state)
            assert seen == br.view(state, seat)


def test_views_compare_and_hash_by_their_fields_and_ruleset_alike(game: str) -> None:
    """A view is what its seat knows, the rules of the game among it: views of one state under equal
    rulesets are equal and hash alike (the lazy view a bot gets too); under another ruleset they
    differ, though every other field is the same."""
    rules = _rules(game)
    again = br.load_rules(rules.id)
    other = attrs.evolve(rules, id="another-ruleset", name="Another ruleset")
    players = rules.players.min
    seen = br.view(br.new_game(rules, players, 3), 0)
    same = br.view(br.new_game(again, players, 3), 0)
    elsewhere = br.view(br.new_game(other, players, 3), 0)
    assert seen == same and hash(seen) == hash(same) and operator.ne(seen, same) is False
    assert all(getattr(seen, f.name) == getattr(elsewhere, f.name)
               for f in attrs.fields(type(seen)) if f.name != "rules")
    assert seen != elsewhere and operator.eq(seen, elsewhere) is False
    assert len({seen, same, elsewhere}) == 2
    lazy = importlib.import_module(f"{GAMES[game]}.view").lazy_view
    for made in (lazy(br.new_game(rules, players, 3), 0), lazy(br.new_game(other, players, 3), 0)):
        assert (made == seen) == (made.rules == rules) and (made == elsewhere) == (made.rules == other)
        assert (hash(made) == hash(seen)) == (made.rules == rules)


def test_a_view_built_by_hand_needs_its_ruleset_in_every_game(game: str) -> None:
    """Sea Salt & Paper's and Boomerang (2010)'s views defaulted ``rules`` to None, Boomerang: Australia's
    required it: a view built by hand without it was made, and only ``determinize`` or a bot refused it
    later. Every game's view now requires it, as docs/api.md lists it among the fields every view has."""
    rules = _rules(game)
    seen = br.view(br.new_game(rules, rules.players.min, 3), 0)
    cls = type(seen)
    assert attrs.fields_dict(cls)["rules"].default is attrs.NOTHING
    given = {f.name: getattr(seen, f.name) for f in attrs.fields(cls) if f.init}
    assert cls(**given) == seen
    del given["rules"]
    with pytest.raises(TypeError, match="rules"):
        cls(**given)


def test_a_package_s_refusals_of_a_wrong_type_name_the_game_in_one_form(game: str) -> None:
    """Each game package's functions given no state, no view or no ruleset say so naming the game as
    its state's refusal does ("a Sea Salt & Paper GameState"): determinize and the bots said "a
    sea-salt-paper SeatView", the game's id, where every other refusal gives its title."""
    module: Any = game_module(game)
    rules = _rules(game)
    with pytest.raises(TypeError) as refused:
        module.apply(None, 0, "x")
    found = re.match(r"^state must be a (.+) GameState \(see new_game\), not None: None$", str(refused.value))
    assert found, refused.value
    title = found.group(1)
    for call in (module.to_act, module.is_over, module.winners, module.score_sheets, module.record_of,
                 lambda s: module.legal_actions(s, 0), lambda s: module.view(s, 0)):
        with pytest.raises(TypeError, match=f"^state must be a {re.escape(title)} GameState \\(see new_game\\), not"):
            call(None)
    with pytest.raises(TypeError, match=f"^rules must be a {re.escape(title)} Ruleset \\(see load_rules\\), not"):
        module.new_game(None, rules.players.min, 1)
    state = br.new_game(rules, rules.players.min, 1)
    seat = br.to_act(state)[0]
    bot = module.BOTS["greedy"](rules, 1)
    for wrong in (None, state):
        with pytest.raises(TypeError, match=f"^seen must be a {re.escape(title)} SeatView \\(see view\\), not"):
            module.determinize(wrong, 0)
        with pytest.raises(TypeError, match=f"^seen must be a {re.escape(title)} SeatView \\(see view\\), not"):
            bot.choose(wrong, br.legal_actions(state, seat))


def test_determinize_gives_a_state_the_seat_cannot_tell_from_the_real_one(game: str) -> None:
    rules = _rules(game)
    for state in _some_states(rules, rules.players.max, 13):
        for seat in range(state.players):
            seen = br.view(state, seat)
            for draw in range(3):
                guess = br.determinize(seen, draw)
                assert isinstance(guess, br.State) and br.view(guess, seat) == seen
            assert br.determinize(seen, 5) == br.determinize(seen, 5)
            assert br.determinize(seen, random.Random(5)) == br.determinize(seen, random.Random(5))


def _of_another_class(value: Any) -> Any:
    """``value`` with its first int or str (itself, or an item of a tuple) of another class that compares
    equal (a numpy integer, a ``str`` subclass); None where it holds none."""
    np = pytest.importorskip("numpy")
    if value.__class__ is int:
        return np.int64(value)
    if value.__class__ is str:
        return _Text(value)
    if value.__class__ is tuple:
        for i, item in enumerate(value):
            odd = _of_another_class(item)
            if odd is not None:
                return (*value[:i], odd, *value[i + 1:])
    return None


def test_determinize_refuses_a_view_field_of_another_class_in_every_game(game: str) -> None:
    """A view built by hand whose field is equal to the one ``view`` makes but of another class (a numpy
    integer for an int, a ``str`` subclass for a str) is ``InvalidInput`` at that field, ``[view-field]``,
    in every game, as a field of a type the engine never makes: each game refused those its draw reads
    and took the rest, checked by ``==`` alone (Boomerang (2010)'s ``round``, ``pot``, ``boomerangs``...,
    Boomerang: Australia's ``regions_taken``, every game's ``legal_actions``)."""
    rules = _rules(game)
    for state in _some_states(rules, rules.players.max, 21, every=9):
        seen = br.view(state, 0)
        for field in attrs.fields(type(seen)):
            odd = _of_another_class(getattr(seen, field.name))
            if field.name == "rules" or odd is None:
                continue
            with pytest.raises(br.InvalidInput) as refused:
                br.determinize(attrs.evolve(seen, **{field.name: odd}), 1)
            assert [p.rule for p in refused.value.problems] == [f"view-{field.name}"], (field.name, refused.value)


def test_determinize_draws_what_the_seat_cannot_see_and_not_the_truth(game: str) -> None:
    """At the deal what the seat cannot see (other hands, the deck's order) is drawn: the draws vary,
    and seldom hit the real state. (How evenly they spread is each game's own test.)"""
    rules = _rules(game)
    state = br.new_game(rules, rules.players.max, 14)
    seen = br.view(state, 0)
    others = [br.determinize(seen, draw) for draw in range(40)]
    assert all(br.view(guess, 0) == seen for guess in others)
    assert len(set(others)) > 20 and others.count(state) <= 2


def test_a_record_gives_back_its_state(game: str) -> None:
    rules = _rules(game)
    for players in _player_counts(rules):
        for state in _some_states(rules, players, 15, every=11):
            record = json.loads(json.dumps(br.record_of(state, [f"P{s}" for s in range(players)])))
            assert record["game"] == game and record["players"] == [f"P{s}" for s in range(players)]
            assert br.validate_record(record) == []
            assert br.state_of(record) == state
            checked = br.check_record(record)
            assert checked.state == state and list(checked.problems) == []
            assert br.state_of(record, rules) == state
            if br.is_over(state):
                assert record["result"]["winners"] == list(br.winners(state))
                assert record["result"]["sheets"] == [sheet.as_dict() for sheet in br.score_sheets(state)]


def test_a_state_replayed_from_its_record_plays_on_as_docs_api_says(game: str) -> None:
    """docs/api.md (``state_of``, ``to_act``): a replayed game's chance is the record's alone. Played
    on with the original's decisions, it keeps pace with the original (here; a Sea Salt & Paper steal
    would draw from the game so far) to the end of the last round the record deals, then waits there,
    not over, owing nothing (its views' phase ``"deal"``), unless its record holds every chance
    outcome of the game (Boomerang (2010)'s whole deck): then it ends as the original did. The docs
    said only "``()`` exactly when the game is over"."""
    rules = _rules(game)
    players = rules.players.min
    rng = random.Random(8)
    original = br.new_game(rules, players, 8)
    replayed = br.state_of(br.record_of(original))
    while not br.is_over(original) and br.to_act(replayed):
        actions = [rng.choice(br.legal_actions(original, seat)) for seat in br.to_act(original)]
        original, replayed = br.step(original, actions), br.step(replayed, actions)
        if original.round == 0:
            assert replayed == original
    if br.is_over(replayed):
        assert replayed == original
    else:
        assert replayed.round == 1 and br.to_act(replayed) == () and br.to_act(original) != ()
        assert {br.view(replayed, seat).phase for seat in range(players)} == {"deal"}


def test_validate_record_places_problems_in_a_file_given_by_name_or_path(game: str) -> None:
    """``validate_record(record, file)``, top-level and the game's own: a ``Path`` names the file as its
    text does (it was a ``TypeError`` from inside the report, "expected string or bytes-like object",
    and only for an invalid record); anything else is a ``TypeError`` naming ``file``, valid record
    or not, in every game."""
    from pathlib import Path

    rules = _rules(game)
    state = _some_states(rules, rules.players.min, 3)[-1]
    record = json.loads(json.dumps(br.record_of(state)))
    broken = {**record, "players": record["players"][:1]}
    for validate in (br.validate_record, game_module(game).validate_record):
        placed = [str(p) for p in validate(broken, Path("games") / "g.json")]
        assert placed == [str(p) for p in validate(broken, "games/g.json")] != []
        assert all(p.startswith("games/g.json:/") for p in placed)
        assert validate(record, Path("g.json")) == []
        odd: Any
        refusal = r"^file must be a file's name \(str or os.PathLike\) or None, not "
        for odd, named in ((5, "int: 5"), (b"g.json", "bytes: b'g.json'"), (["g.json"], "list: ['g.json']")):
            for given in (record, broken):
                with pytest.raises(TypeError, match=refusal + re.escape(named) + "$"):
                    validate(given, odd)


def test_a_determinization_s_record_is_valid_or_refused_as_docs_api_says(game: str) -> None:
    """docs/api.md (``record_of``): a Sea Salt & Paper determinization has no record (``ValueError``: its
    view holds neither the deck order nor the decisions); the other games' have a valid one, which
    replays to it. The docs said nothing of the difference."""
    rules = _rules(game)
    for state in _some_states(rules, rules.players.max, 4, every=13):
        seat = (br.to_act(state) or (0,))[0]
        drawn = br.determinize(br.view(state, seat), 5)
        if game == "sea-salt-paper":
            with pytest.raises(ValueError, match=r"^state has no game record: it was drawn by determinize"):
                br.record_of(drawn)
            continue
        record = json.loads(json.dumps(br.record_of(drawn)))
        assert br.validate_record(record) == [] and br.state_of(record) == drawn


def test_a_record_s_names_of_a_str_subclass_are_its_text(game: str) -> None:
    """A record built in memory whose player names are of a ``str`` subclass (numpy's ``str_``, a
    caller's own) is valid, as the schema says, in every game: Boomerang: Australia's and Boomerang
    (2010)'s ``validate_record`` raised ``InvalidInput`` from the state they built ("/names/0: ... not
    a state the engine made"), where a list of problems is due."""
    np = pytest.importorskip("numpy")
    rules = _rules(game)
    state = _some_states(rules, rules.players.min, 15, every=11)[-1]
    record = json.loads(json.dumps(br.record_of(state, [f"P{s}" for s in range(rules.players.min)])))
    for kind in (_Text, np.str_):
        given = {**record, "players": [kind(name) for name in record["players"]]}
        assert br.validate_record(given) == [] and list(br.check_record(given).problems) == []
        replayed = br.state_of(given)
        assert replayed == state and br.record_of(replayed) == record
        assert all(name.__class__ is str for name in br.record_of(replayed)["players"])


def test_a_broken_record_is_refused_with_its_problems(game: str) -> None:
    rules = _rules(game)
    record = json.loads(json.dumps(br.record_of(list(_playout(rules, rules.players.min, 16))[-1])))
    record["rounds"] = "nothing"
    problems = br.validate_record(record)
    assert problems and all(isinstance(p, br.Problem) for p in problems)
    assert br.check_record(record).state is None
    with pytest.raises(br.InvalidInput):
        br.state_of(record)


@pytest.mark.parametrize("bot", ["random", "greedy", "ismcts", SEARCH_BUDGET])
def test_every_game_has_the_bots(game: str, bot: str) -> None:
    assert bot in game_module(game).BOTS


def test_the_bots_play_legal_games(game: str) -> None:
    """Each bot gets its view and the legal actions, and returns one of them (``apply`` would refuse
    another), to the end of the game; the same seed plays the same game."""
    rules = _rules(game)
    module = game_module(game)
    names = ["random", "greedy", SEARCH_BUDGET, "greedy"][: rules.players.max][: max(rules.players.min, 3)]
    chosen: list[tuple[int, str]] = []

    class Watched:
        """A bot that checks what it is given and what its inner bot returns."""

        def __init__(self, inner: Any) -> None:
            self.inner, self.name = inner, inner.name

        def choose(self, seen: br.View, actions: tuple[str, ...]) -> str:
            assert isinstance(seen, br.View) and tuple(seen.legal_actions) == actions
            action = self.inner.choose(seen, actions)
            assert action in actions
            chosen.append((seen.seat, action))
            return action  # type: ignore[no-any-return]

    end = module.play_game(rules, [Watched(b) for b in make_bots(module.BOTS, names, rules, 17)], 17)
    assert br.is_over(end) and {seat for seat, _ in chosen} == set(range(len(names)))
    again = module.play_game(rules, make_bots(module.BOTS, names, rules, 17), 17)
    assert br.record_of(again) == br.record_of(end)


def test_states_of_every_game_are_states(game: str) -> None:
    rules = _rules(game)
    state = br.new_game(rules, rules.players.min, 18)
    assert isinstance(state, br.State) and not isinstance(state, br.View) and not isinstance(state, br.Rules)
    assert isinstance(state, game_module(game).STATE_TYPES) and state.rules == rules
    assert isinstance(state.rules, br.Rules)


def test_states_compare_as_attrs_classes_not_as_tuples(game: str) -> None:
    """A state is held in a tuple for speed (``core.tuple_backed``), but equals only a state of its
    game (equal states hash alike) and is not ordered, as a frozen ``attrs`` class with
    ``order=False``."""
    rules = _rules(game)
    state, same, other = (br.new_game(rules, rules.players.min, seed) for seed in (18, 18, 19))
    eq, ne = operator.eq, operator.ne  # both methods asked, each way
    assert eq(state, same) and not ne(state, same) and hash(state) == hash(same)
    assert ne(state, other) and not eq(state, other)
    plain = tuple(state)
    assert ne(state, plain) and ne(plain, state) and not eq(state, plain) and not eq(plain, state)
    assert len({state, plain}) == 2
    pairs: list[tuple[Any, Any]] = [(state, same), (state, plain), (plain, state), (state, 1)]
    for left, right in pairs:
        with pytest.raises(TypeError):
            left < right  # noqa: B015 (the comparison is what is tested)
        with pytest.raises(TypeError):
            left >= right  # noqa: B015


def _every_game_s_classes_satisfy_the_neutral_types(a: AuState, s: ssp.GameState, b: b10.GameState,
                                                     av: AuView, sv: ssp.SeatView, bv: b10.SeatView) -> None:
    """Never run: mypy checks that each game's classes are the neutral types (``br.State``...)."""
    states: list[br.State] = [a, s, b]
    views: list[br.View] = [av, sv, bv]
    sheets: list[br.Sheet] = [*au_sheets.score_sheets(a), *ssp.score_sheets(s), *b10.score_sheets(b)]
    rules: list[br.Rules] = [a.rules, s.rules, b.rules]
    del states, views, sheets, rules


# --- States a caller built (``attrs.evolve``, the class, unpickling): checked once, where built ---

_READERS = ("to_act", "is_over", "winners", "score_sheets", "record_of")
"""The contract's functions of a state alone; ``view``, ``legal_actions``, ``legal_mask``,
``apply`` and ``determinize`` (of its view) are called too."""


def _reads_cleanly(state: Any, original: Any) -> list[str]:
    """What goes wrong reading ``state`` through the contract: any exception but the library's
    own (``InvalidInput``, ``IllegalAction``, ``TypeError``) or a refused determinization."""
    wrong: list[str] = []

    def call(name: str, function: Any, *args: Any) -> Any:
        try:
            return function(*args)
        except (br.BoomerangError, TypeError):
            return None
        except ValueError as error:  # determinize's word on a view no deal could give, record_of's on
            # a Sea Salt & Paper determinization (one with no deck order: docs/sea-salt-paper.md)
            if (name == "determinize" and "inconsistent" in str(error)) or (
                    name == "record_of" and "drawn by determinize" in str(error)):
                return None
            wrong.append(f"{name}: {type(error).__name__}: {error}")
        except Exception as error:  # the test is of any other exception, whatever it is
            wrong.append(f"{name}: {type(error).__name__}: {error}")
        return None

    for name in _READERS:
        call(name, getattr(br, name), state)
    for seat in range(original.players):
        seen = call("view", br.view, state, seat)
        if seen is not None:
            call("determinize", br.determinize, seen, 1)
        call("legal_actions", br.legal_actions, state, seat)
        call("legal_mask", br.legal_mask, state, seat)
        for action in br.legal_actions(original, seat)[:3]:
            call("apply", br.apply, state, seat, action)
    return wrong


NEAR = NearValues(junk=(None, "x", 10**9, -1, 2**70, (), (0,), 1.5), junk_share=0.15,
                  ints=lambda v, rng: [v + 1, v - 1, 0, -1, rng.randrange(70), 2**64],
                  strings=("draw", "play", "keep", "lobster", "over", "deal", "hunt", "tokens", "throw", ""),
                  empties=((0,), (1, 2), ((),)), shorter=0.25, longer=0.45, records=True)
"""The state fuzzer's values (``helpers.near_value``): a field of a nested record changed too."""


def _near(value: Any, rng: random.Random) -> Any:
    return near_value(value, rng, NEAR)


def _evolved(value: Any, name: str, new: Any) -> Any:
    """``attrs.evolve(value, name=new)``, or None when the class refuses it."""
    try:
        return attrs.evolve(value, **{name: new})
    except (br.BoomerangError, TypeError):
        return None


def test_the_states_the_engine_makes_pass_their_class_s_checks(game: str) -> None:
    """A state built through its class is checked; every state a game reaches passes, rebuilt by
    ``attrs.evolve`` or unpickled, and so does every determinization of its views."""
    rules = _rules(game)
    for players in _player_counts(rules):
        for state in _playout(rules, players, 8):
            assert attrs.evolve(state) == state and pickle.loads(pickle.dumps(state)) == state
            for seat in range(players):
                drawn = br.determinize(br.view(state, seat), seat)
                assert attrs.evolve(drawn) == drawn


@pytest.mark.parametrize("junk", [None, 0, -1, 10**9, 2**70, "x", (), (0,), ((),), [0], 1.5])
def test_a_field_rebound_to_junk_is_refused_naming_it(game: str, junk: Any) -> None:
    """Any field of a state rebound (``attrs.evolve``) to a value of the wrong type, range or
    length is refused where the state is built: ``InvalidInput``, ``/field...: ... not a state
    the engine made [state-field]`` (Boomerang (2010)'s ``tables=0`` was an ``AttributeError`` in
    ``legal_actions``; Sea Salt & Paper's ``players=10**9`` an ``IndexError`` in ``view``, a hang in
    ``to_act``). What is not refused reads without a traceback."""
    rules = _rules(game)
    states = _some_states(rules, rules.players.max, 4, every=11)
    for state in states:
        for field in attrs.fields(type(state)):
            try:
                odd = attrs.evolve(state, **{field.name: junk})
            except br.InvalidInput as refused:
                problems = refused.problems
            else:
                assert _reads_cleanly(odd, state) == [], (field.name, junk)
                continue
            assert all(p.rule.startswith("state-") and p.pointer.startswith("/")
                       and p.message.endswith("not a state the engine made") for p in problems), problems


def test_a_field_rebound_near_its_value_is_refused_or_read_cleanly(game: str) -> None:
    """Fields rebound to values near their own (seeded draws): a tuple an entry short, a seat or
    card one off, a nested record's field changed, a phase another's: refused where built, or
    read by every function of the contract without a traceback."""
    rules = _rules(game)
    rng = random.Random(game)
    states = [s for n in _player_counts(rules) for s in _some_states(rules, n, 6, every=3)]
    fields = [f.name for f in attrs.fields(type(states[0])) if f.name not in ("rules", "tables")]
    tried = 0
    while tried < 150:
        state = rng.choice(states)
        name = rng.choice(fields)
        odd = _evolved(state, name, _near(getattr(state, name), rng))
        if odd is None:
            continue
        tried += 1
        assert _reads_cleanly(odd, state) == [], (name, getattr(odd, name))


def test_a_state_s_tables_must_be_its_rules(game: str) -> None:
    """Tables are read for every card and seat: another ruleset's are refused where the state is built."""
    other: Any = next((i.id for i in br.list_rules() if i.game == game and i.id != _rules(game).id), None)
    if other is None:  # a game of one shipped ruleset
        from .helpers import b10_with_cards

        other = b10_with_cards(*[(f"{chr(65 + i)}", "kangaroo", "dunes", "forest") for i in range(26)])
    state = br.new_game(_rules(game), _rules(game).players.min, 1)
    field, holder = ("context", state.context) if game == "boomerang-australia" else ("tables", state)
    foreign = br.new_game(other, _rules(game).players.min, 1)
    foreign_tables = foreign.context.tables if game == "boomerang-australia" else foreign.tables
    changes = {"context": attrs.evolve(holder, tables=foreign_tables)} if field == "context" else {
        "tables": foreign_tables}
    with pytest.raises(br.InvalidInput, match="tables must be those of the"):
        attrs.evolve(state, **changes)


@pytest.mark.parametrize("odd", ["mapping", "set", "string", "bytes", "sized, not iterable", "iterator"])
def test_step_refuses_what_is_no_sequence_of_actions_alike(game: str, odd: str) -> None:
    """A mapping (Sea Salt & Paper played ``{0: "draw"}``'s value and gave a ``KeyError`` for
    ``{"a": 1}``), a set, a string, bytes (Sea Salt & Paper read ``b"x"`` as the id 120), what has a
    length but no items, an iterator: "step needs ..." (``IllegalAction``) in every game, nothing applied."""

    class Sized:
        def __len__(self) -> int:
            return 1

    rules = _rules(game)
    for state in _some_states(rules, rules.players.min, 2, every=9)[:-1]:
        seats = br.to_act(state)
        legal = [br.legal_actions(state, seat)[0] for seat in seats]
        ids = [br.action_id(rules, action) for action in legal]
        given: Any = {"mapping": dict(enumerate(legal)), "set": set(ids), "string": "".join(legal),
                      "bytes": bytes(i % 256 for i in ids),  # Extra Salt numbers past 255
                      "sized, not iterable": Sized(), "iterator": iter(legal)}[odd]
        with pytest.raises(br.IllegalAction, match=r"^step needs"):
            br.step(state, given)


def test_step_takes_a_sequence_of_ids_alike(game: str) -> None:
    """A numpy array of action ids is a sequence of actions in every game (Sea Salt & Paper's
    ``step`` took its ids for strings and refused them)."""
    np = pytest.importorskip("numpy")
    rules = _rules(game)
    for state in _some_states(rules, rules.players.min, 3, every=9)[:-1]:
        legal = [br.legal_actions(state, seat)[0] for seat in br.to_act(state)]
        ids = np.array([br.action_id(rules, action) for action in legal])
        assert br.step(state, ids) == br.step(state, legal)


NEUTRAL_FIELDS = {"seat", "players", "round", "phase", "legal_actions", "past_rounds", "sheets",  # View
                  "game", "id", "name", "cards", "digest", "format", "version", "description"}  # Rules, envelope
"""Fields docs/api.md gives once, in the neutral types and the ruleset file's envelope, for every game."""


def test_the_api_page_names_every_field_of_the_games_view_and_ruleset(game: str) -> None:
    """docs/api.md's section of each game names every field its ``SeatView`` and ``Ruleset`` have
    (beyond the neutral ones): Sea Salt & Paper's left out Extra Salt's ``trio``, ``stand_in``,
    ``bound`` and ``drawn_size``, and the view's ``first``, ``last_turns``, ``crab_pile`` and ``known``."""
    from pathlib import Path

    module = GAMES[game]
    text = (Path(__file__).resolve().parents[1] / "docs" / "api.md").read_text(encoding="utf-8")
    section = re.search(rf"\n### [^\n]*`{re.escape(module)}`.*?(?=\n### |\n## )", text, re.S)
    assert section is not None
    ticked = " ".join(re.findall(r"`([^`]*)`", section.group(0)))
    classes = (importlib.import_module(f"{module}.view").SeatView, importlib.import_module(f"{module}.rules").Ruleset)
    missing = [f"{cls.__name__}.{field.name}" for cls in classes for field in attrs.fields(cls)
               if field.name not in NEUTRAL_FIELDS and not re.search(rf"(?<!\w){field.name}(?!\w)", ticked)]
    assert missing == []


# --- Properties over every shipped ruleset and player count, states drawn by hypothesis ---

@st.composite
def _midgame(draw: st.DrawFn, game: str) -> Any:
    """A state of ``game`` under any of its shipped rulesets, at any player count, after a drawn number
    of random decisions (the end of the game among them)."""
    rid = draw(st.sampled_from([i.id for i in br.list_rules() if i.game == game]), label="rules")
    rules = br.load_rules(rid)
    players = draw(st.integers(rules.players.min, rules.players.max), label="players")
    seed = draw(st.integers(0, 2**64 - 1), label="seed")
    rng = random.Random(seed)
    state = br.new_game(rules, players, seed)
    for _ in range(draw(st.integers(0, 400), label="decisions")):
        if br.is_over(state):
            break
        state = br.step(state, [rng.choice(br.legal_actions(state, s)) for s in br.to_act(state)])
    return state


@hypothesis.settings(max_examples=60, deadline=None)
@hypothesis.given(st.data())
def test_every_action_id_applies_exactly_when_legal(game: str, data: st.DataObject) -> None:
    """The whole integer action space, at any state of any ruleset and player count: an id applies
    exactly when its action is legal for the seat, and is otherwise ``IllegalAction`` (never another
    exception), the argument unchanged; the legal mask says the same."""
    state = data.draw(_midgame(game))
    before = pickle.dumps(state)
    rules = state.rules
    seat = data.draw(st.integers(0, state.players - 1), label="seat")
    legal = set(br.legal_actions(state, seat))
    mask = br.legal_mask(state, seat)
    for i in range(br.num_actions(rules)):
        name = br.action_of(rules, i)
        assert bool(mask >> i & 1) == (name in legal), name
        try:
            after = br.apply(state, seat, i)
        except br.IllegalAction:
            assert name not in legal, name
        else:
            assert name in legal and after == br.apply(state, seat, name), name
    assert pickle.dumps(state) == before


def _ids_apply_exactly_when_legal(state: Any) -> list[str]:
    """Where ``state`` breaks the integer actions' contract: an id whose application disagrees with the
    seat's legal actions or its legal mask, or a call that changed the state."""
    rules, before, faults = state.rules, pickle.dumps(state), []
    for seat in range(state.players):
        legal, mask = set(br.legal_actions(state, seat)), br.legal_mask(state, seat)
        for i in range(br.num_actions(rules)):
            name = br.action_of(rules, i)
            try:
                after = br.apply(state, seat, i)
            except br.IllegalAction:
                applied = False
            else:
                applied = after == br.apply(state, seat, name)
            if applied != (name in legal) or bool(mask >> i & 1) != (name in legal):
                faults.append(f"seat {seat}, {name}")
    return faults + (["changed"] if pickle.dumps(state) != before else [])


def test_every_ruleset_s_round_ends_keep_the_action_contract(game: str) -> None:
    """At the last decision of every round and the first after it (the game's end among them), under
    every shipped ruleset of the game and every player count: an id applies exactly when legal, as
    its mask says, and ``step`` is ``apply`` in turn, its record too (the hypothesis tests above
    reach a round's end only by chance)."""
    for rid in [i.id for i in br.list_rules() if i.game == game]:
        rules = br.load_rules(rid)
        for players in range(rules.players.min, rules.players.max + 1):
            rng, state = random.Random(players), br.new_game(rules, players, players)
            while not br.is_over(state):
                seats = br.to_act(state)
                actions = [rng.choice(br.legal_actions(state, seat)) for seat in seats]
                after = br.step(state, actions)
                if after.round != state.round or br.is_over(after):
                    assert _ids_apply_exactly_when_legal(state) == [] == _ids_apply_exactly_when_legal(after)
                    in_turn = state
                    for seat, action in zip(seats, actions):
                        in_turn = br.apply(in_turn, seat, action)
                    assert in_turn == after and br.record_of(in_turn) == br.record_of(after), (rid, players)
                state = after


@hypothesis.settings(max_examples=80, deadline=None)
@hypothesis.given(st.data())
def test_step_is_apply_in_turn_whatever_the_actions(game: str, data: st.DataObject) -> None:
    """``step`` with any action ids (legal or not) for the seats to act gives what ``apply`` gives
    called for each in turn: the same state, or the refusal of the first illegal one word for word."""
    state = data.draw(_midgame(game))
    seats = br.to_act(state)
    if not seats:
        return
    n = br.num_actions(state.rules)
    actions = [data.draw(st.sampled_from(br.legal_actions(state, s))) if data.draw(st.booleans())
               else br.action_of(state.rules, data.draw(st.integers(0, n - 1))) for s in seats]

    def outcome(call: Callable[[], Any]) -> Any:
        try:
            return call()
        except br.IllegalAction as refused:
            return str(refused)

    def in_turn() -> Any:
        after = state
        for seat, action in zip(seats, actions):
            after = br.apply(after, seat, action)
        return after

    assert outcome(lambda: br.step(state, actions)) == outcome(in_turn)
    assert outcome(lambda: br.step(state, [br.action_id(state.rules, a) for a in actions])) == outcome(in_turn)


@hypothesis.settings(max_examples=60, deadline=None)
@hypothesis.given(st.data())
def test_a_determinization_shows_its_seat_the_same_view_in_every_form(game: str, data: st.DataObject) -> None:
    """The view of a determinization is the seat's view not only by ``==`` but in every form a caller
    can read: its repr, its pickle, each field (those left out of equality too), its hash; and the
    contract's readers of the two states agree (the seats to act, the end, the sheets)."""
    state = data.draw(_midgame(game))
    seat = data.draw(st.integers(0, state.players - 1), label="seat")
    seen = br.view(state, seat)
    drawn = br.determinize(seen, data.draw(st.integers(0, 2**64 - 1), label="draw"))
    again = br.view(drawn, seat)
    assert again == seen and hash(again) == hash(seen) and repr(again) == repr(seen)
    assert pickle.dumps(again) == pickle.dumps(seen)
    assert attrs.asdict(again, recurse=False) == attrs.asdict(seen, recurse=False)
    assert br.to_act(drawn) == br.to_act(state) and br.is_over(drawn) == br.is_over(state)
    assert br.score_sheets(drawn) == br.score_sheets(state) and br.winners(drawn) == br.winners(state)


@pytest.mark.parametrize("seed", [0, 5, 2**63 + 7])
def test_seeds_a_multiple_of_2_to_the_64_apart_deal_the_same_game_each_keeping_its_own(game: str, seed: int) -> None:
    """The deal reads a seed modulo 2**64 (SplitMix64's state), as docs/api.md says: seeds 2**64 apart,
    negative ones too, deal the same hands, decks and first seats in every game, and each state keeps
    the seed it was given (its record replays from the chance it holds, not from the seed)."""
    rules = _rules(game)
    players = rules.players.min
    base = br.new_game(rules, players, seed)
    for other in (seed + 2**64, seed - 2**64, seed + 5 * 2**64):
        state = br.new_game(rules, players, other)
        assert [br.view(state, s) for s in range(players)] == [br.view(base, s) for s in range(players)]
        record, base_record = br.record_of(state), br.record_of(base)
        assert record["seed"] == other and base_record["seed"] == seed
        assert record["rounds"] == base_record["rounds"]
    assert [br.view(br.new_game(rules, players, seed + 1), s) for s in range(players)] != \
        [br.view(base, s) for s in range(players)]
