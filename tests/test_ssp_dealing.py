"""Sea Salt & Paper's ``new_game`` checks the chance outcomes it is given (decks, first player,
steals) and its other arguments, as the other two games check theirs (issue 25: ``first=7`` made
seat 7 act, unknown ids raised a raw ``KeyError``, a 1-card deck an ``IndexError``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

import boomerang_rules as br
from boomerang_rules import seasaltpaper as ssp
from boomerang_rules.seasaltpaper.engine import _derived_seed
from boomerang_rules.seasaltpaper.tables import tables_for

from .helpers import ssp_states

RULES = br.load_rules("sea-salt-paper")
IDS = [c.id for c in RULES.cards]


class Index:
    """An integer-like object (``numpy.int64`` is one): taken as the integer it stands for."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


TYPE_ERRORS: dict[str, tuple[dict[str, Any], str]] = {
    "first a float": ({"first": 1.5}, r"^first must be a seat number or None \(int\), not float: 1\.5$"),
    "first a bool": ({"first": True}, r"^first must be a seat number or None \(int\), not bool: True$"),
    "first a string": ({"first": "1"}, r"^first must be a seat number or None \(int\), not str: '1'$"),
    "seed a float": ({"seed": 2.5}, r"^seed must be an integer seed or None \(int\), not float: 2\.5$"),
    "seed a bool": ({"seed": False}, r"^seed must be an integer seed or None \(int\), not bool: False$"),
    "decks one string": ({"decks": "crab-1"}, r"^decks must be a list of decks, .* not str: 'crab-1'$"),
    "a deck a string": ({"decks": ["crab-1"]}, r"^decks\[0\] must be a list of card ids \(str\), not str$"),
    "a deck holding a number": ({"decks": [[*IDS[:-1], 7]]}, r"^decks\[0\]\[57\] must be a card id \(str\), "
                                r"not int: 7$"),
    "steals one string": ({"steals": "crab-1"}, r"^steals must be a list of card ids \(str\), not str$"),
    "a steal not a string": ({"steals": [None]}, r"^steals\[0\] must be a card id \(str\), not None: None$"),
    "rules not a ruleset": ({"rules": "sea-salt-paper"}, r"^rules must be a Sea Salt & Paper Ruleset"),
    "rules of another game": ({"rules": br.load_rules("standard")}, r"^rules must be a Sea Salt & Paper Ruleset"),
    "players a float": ({"players": 3.0}, r"^players must be an integer, not float$"),
}


def _new_game(**given: Any) -> Any:
    rules = given.pop("rules", RULES)
    players = given.pop("players", 3)
    seed = given.pop("seed", 1)
    return ssp.new_game(rules, players, seed, **given)


@pytest.mark.parametrize("case", sorted(TYPE_ERRORS))
def test_an_argument_of_the_wrong_type_is_named(case: str) -> None:
    given, message = TYPE_ERRORS[case]
    with pytest.raises(TypeError, match=message):
        _new_game(**given)


VALUE_ERRORS: dict[str, tuple[dict[str, Any], list[str]]] = {
    "a 1-card deck": ({"decks": [IDS[:1]]}, [f"/decks/0: the deck lacks {', '.join(IDS[1:])}: every round is "
                                             "played with all 58 cards [deck-complete]"]),
    "an empty deck": ({"decks": [[]]}, [f"/decks/0: the deck lacks {', '.join(IDS)}: every round is played "
                                        "with all 58 cards [deck-complete]"]),
    "an unknown card": ({"decks": [["kraken-1", *IDS[1:]]]}, [
        "/decks/0/0: unknown card 'kraken-1' [card-known]",
        "/decks/0: the deck lacks crab-1: every round is played with all 58 cards [deck-complete]"]),
    "a card twice (too many cards)": ({"decks": [IDS, [*IDS, IDS[3]]]}, [
        f"/decks/1/3: card '{IDS[3]}' is in the deck 2 times (a card in two places) [card-unique]",
        f"/decks/1/58: card '{IDS[3]}' is in the deck 2 times (a card in two places) [card-unique]"]),
    "a card twice in place of another": ({"decks": [[IDS[1], *IDS[1:]]]}, [
        f"/decks/0/0: card '{IDS[1]}' is in the deck 2 times (a card in two places) [card-unique]",
        f"/decks/0/1: card '{IDS[1]}' is in the deck 2 times (a card in two places) [card-unique]",
        "/decks/0: the deck lacks crab-1: every round is played with all 58 cards [deck-complete]"]),
    "an unknown steal": ({"steals": [IDS[0], "Crab-1"]}, ["/steals/1: unknown card 'Crab-1' [card-known]"]),
    "a wrong deck before a whole one": ({"decks": [["kraken-1", *IDS[1:]], IDS]}, [
        "/decks/0/0: unknown card 'kraken-1' [card-known]",
        "/decks/0: the deck lacks crab-1: every round is played with all 58 cards [deck-complete]"]),
}


@pytest.mark.parametrize("case", sorted(VALUE_ERRORS))
def test_chance_that_no_game_of_the_rules_has_is_refused_where_it_is(case: str) -> None:
    given, problems = VALUE_ERRORS[case]
    with pytest.raises(br.InvalidInput, match=r"^(decks|steals): not what a game of 'sea-salt-paper' is dealt:") \
            as info:
        _new_game(**given)
    assert [str(p) for p in info.value.problems] == problems


def test_wrong_decks_and_steals_are_named_together() -> None:
    with pytest.raises(br.InvalidInput) as info:
        _new_game(decks=[IDS[1:]], steals=["Crab-1"])
    assert str(info.value).splitlines()[0] == "decks and steals: not what a game of 'sea-salt-paper' is dealt:"
    assert [p.pointer for p in info.value.problems] == ["/decks/0", "/steals/0"]


@pytest.mark.parametrize("first", [3, 7, -1, 2**70, Index(5)])
def test_a_first_player_the_game_has_not_is_refused(first: Any) -> None:
    with pytest.raises(ValueError, match=r"^first must be a seat of the 3-player game from 0 to 2, not "):
        _new_game(first=first)


@pytest.mark.parametrize("first", [0, 2, Index(1)])
def test_a_first_player_of_the_game_is_taken(first: Any) -> None:
    state = _new_game(first=first, decks=[IDS])
    assert ssp.to_act(state) == (int(first.value if isinstance(first, Index) else first),)
    assert state.first.__class__ is int


def test_given_decks_and_steals_play_as_given() -> None:
    """Accepted chance is the game's: the deck is the one given, top first, as a record replays it."""
    deck = list(reversed(IDS))
    state = ssp.new_game(RULES, 2, None, decks=(tuple(deck),), first=1, steals=[IDS[0]])
    assert [RULES.cards[c].id for c in state.deck0] == deck and ssp.to_act(state) == (1,)
    assert state.chance.steals == (0,)


def test_a_seedless_game_derives_one_64_bit_generator_per_game_so_far() -> None:
    """A game replayed from a record and played on draws its steals from a SplitMix64 state
    derived from the game so far: a 64-bit state, the same for the same game, another for another."""
    states = ssp_states()
    seeds = [_derived_seed(s) for s in states]
    assert all(0 <= seed < 1 << 64 for seed in seeds)
    distinct = {(s.round, s.deck0, s.entries(), s.totals) for s in states}
    assert len(set(seeds)) == len(distinct) > 100
    replayed = ssp_states()
    assert [_derived_seed(s) for s in replayed] == seeds


def test_a_seedless_steal_draws_by_the_game_so_far() -> None:
    """Without a seed (a game from given decks, as a record replays) a steal still takes a card
    at random: the same card whenever the game so far is the same, not always the same place."""
    rules = br.load_rules("sea-salt-paper")
    t = tables_for(rules)
    start = ssp.new_game(rules, 2, decks=[[c.id for c in rules.cards]], first=0)
    assert start.chance.rng is None
    thief = tuple(sorted(t.index[c] for c in ("swimmer-1", "shark-1")))
    victim = tuple(sorted(t.index[c] for c in ("octopus-1", "octopus-2", "shell-1", "shell-2", "penguin-1",
                                               "fish-1")))
    taken = []
    for points in range(8):
        state = attrs.evolve(start, hands=(thief, victim), turn=0, phase="play", totals=(points, 0))
        state = ssp.apply(ssp.apply(state, 0, "duo:swimmer-1+shark-1"), 0, "steal:1")
        [card] = set(state.hands[0]) - set(thief)
        again = ssp.apply(ssp.apply(attrs.evolve(start, hands=(thief, victim), turn=0, phase="play",
                                                 totals=(points, 0)), 0, "duo:swimmer-1+shark-1"), 0, "steal:1")
        assert again == state and card in victim
        taken.append(card)
    assert len(set(taken)) > 1


REFERENCE_DECK = {
    "crab": {"dark_blue": 2, "light_blue": 2, "yellow": 2, "black": 1, "green": 1, "grey": 1},
    "boat": {"dark_blue": 2, "light_blue": 2, "black": 2, "yellow": 2},
    "fish": {"dark_blue": 2, "black": 2, "light_blue": 1, "yellow": 1, "green": 1},
    "swimmer": {"dark_blue": 1, "light_blue": 1, "black": 1, "yellow": 1, "light_orange": 1},
    "shark": {"dark_blue": 1, "light_blue": 1, "black": 1, "green": 1, "purple": 1},
    "shell": {"dark_blue": 1, "light_blue": 1, "black": 1, "yellow": 1, "green": 1, "grey": 1},
    "octopus": {"light_blue": 1, "yellow": 1, "green": 1, "purple": 1, "grey": 1},
    "penguin": {"purple": 1, "light_orange": 1, "pink": 1},
    "sailor": {"pink": 1, "orange": 1},
    "lighthouse": {"purple": 1},
    "shoal_of_fish": {"grey": 1},
    "penguin_colony": {"green": 1},
    "captain": {"light_orange": 1},
    "mermaid": {"white": 4},
}


def test_every_kind_has_the_reference_colours() -> None:
    for rules_id in ("sea-salt-paper", "sea-salt-paper-mermaids-without-white", "sea-salt-paper-tie-ender",
                     "sea-salt-paper-tie-went-last", "sea-salt-paper-last-chance-deck"):
        cards = br.load_rules(rules_id).cards
        found: dict[str, Counter[str]] = {}
        for c in cards:
            found.setdefault(c.kind, Counter())[c.colour] += 1
        assert found == REFERENCE_DECK, rules_id
        assert len(cards) == 58 and len({c.id for c in cards}) == 58


@pytest.mark.parametrize("rules_id", ["sea-salt-paper", "sea-salt-paper-extra-salt"])
def test_none_for_any_chance_outcome_is_none_given(rules_id: str) -> None:
    """``decks``, ``steals`` and ``shuffles`` of None are none given, each alone and all at once (as
    Boomerang: Australia's ``deals`` and Boomerang (2010)'s ``deck`` take None): the seed deals."""
    rules = br.load_rules(rules_id)
    dealt = ssp.new_game(rules, 3, 7)
    for given in ({"decks": None}, {"steals": None}, {"shuffles": None},
                  {"decks": None, "steals": None, "shuffles": None, "first": None}):
        state = ssp.new_game(rules, 3, 7, **given)
        assert state == dealt and state.chance == dealt.chance
