"""The chance outcomes a caller may give ``new_game`` (each round's deck, the first player, each
steal's card), checked before the game starts, as the other two games check their deals.

A record's decks are checked here too, so that ``validate`` and ``new_game`` refuse the same decks
with the same words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..core.arguments import brief, integer, list_of, optional_seed, require, seat_of, string_list
from ..core.errors import InvalidInput, Problem, under
from ..core.pointer import pointer
from .rules import Ruleset
from .tables import Tables

Chances = tuple[tuple[tuple[int, ...], ...], int | None, tuple[int, ...]]


def deck_problems(t: Tables, deck: Sequence[object]) -> list[Problem]:
    """Why ``deck`` is not an order of the whole deck, every card once (pointers ``/i``); [] when it is.

    A deck of as many cards as there are ids, holding every id, holds each once: that is told at
    C speed first (a record's decks are checked twice, by ``validate`` and by ``new_game``). The
    rules are named as every game names them (``card-unique`` a card in two places, ``deck-complete``
    a card missing, as Boomerang (2010)'s deck): a user filtering problems by rule finds the same
    fault under one name whatever the game."""
    try:
        if len(deck) == len(t.index) == t.deck_size and t.index.keys() == set(deck):
            return []
    except TypeError:  # an unhashable item: the walk below names it
        pass
    problems = []
    counts = Counter(card for card in deck if isinstance(card, str))
    for i, card in enumerate(deck):
        if not isinstance(card, str) or card not in t.index:
            problems.append(Problem(pointer(i), f"unknown card {brief(card)}", "card-known"))
        elif counts[card] > 1:
            problems.append(Problem(pointer(i), f"card {card!r} is in the deck {counts[card]} times (a card in "
                                    "two places)", "card-unique"))
    missing = [c for c in t.ids if c not in counts]
    if missing:
        problems.append(Problem("", f"the deck lacks {', '.join(missing)}: every round is played with all "
                                f"{t.deck_size} cards", "deck-complete"))
    return problems


def check_new_game(rules: object, seed: object, decks: object, first: object, steals: object) -> None:
    """``TypeError`` naming the parameter for an argument of the wrong type (``players`` is checked
    beside the ruleset's range, by ``check_players``)."""
    require(rules, Ruleset, "rules", "a Sea Salt & Paper Ruleset (see load_rules)")
    optional_seed(seed)
    for r, deck in enumerate(list_of(decks, "decks", "decks, each a list of card ids (str), top first")):
        string_list(deck, f"decks[{r}]", "card ids")
    if first is not None:
        integer(first, "first", "a seat number or None")
    string_list(steals, "steals", "card ids")


def given_chances(t: Tables, players: int, decks: Sequence[Sequence[str]], first: object,
                  steals: Sequence[str]) -> Chances:
    """The given decks, first seat and steals as the engine holds them (card indices);
    ``ValueError`` naming the parameter for a deck that is not the whole deck, a seat the game has
    not, or an unknown card."""
    problems: list[Problem] = []
    for r, deck in enumerate(decks):
        problems += under(pointer("decks", r), deck_problems(t, deck))
    for i, card in enumerate(steals):
        if card not in t.index:
            problems.append(Problem(pointer("steals", i), f"unknown card {brief(card)}", "card-known"))
    if problems:
        named = sorted({p.pointer.split("/")[1] for p in problems})
        raise InvalidInput(problems, f"{' and '.join(named)}: not what a game of {t.rules.id!r} is dealt:")
    seat = None if first is None else seat_of(first, players, "first")
    return (tuple(tuple(t.index[c] for c in deck) for deck in decks), seat, tuple(t.index[c] for c in steals))


__all__ = ["check_new_game", "deck_problems", "given_chances"]
