"""The Boomerang (2010) ruleset as typed, frozen objects, and the checks a schema cannot make.

Every number and name the engine uses comes from here: the deck in particular is data, so an
owner of the printed game can write the real one in a file and play with it.
"""

from __future__ import annotations

from typing import Any

import attrs

from ..core import rulesets as core_rulesets
from ..core.errors import Problem
from ..core.pointer import pointer
from ..core.ruleset_checks import duplicate_ids, player_range_problems
from ..core.rulesets import PlayerRange as PlayerRange

SCHEMA = "boomerang-2010-ruleset"
GAME = "boomerang-2010"
DEFAULT_RULES = GAME
"""The shipped ruleset that ``load_rules`` gives for the game's own name (``GAME``)."""

ONE_SEAT = False
"""Whether one seat acts at a time: no, every seat without a token chooses one at once."""

THROW = "throw"
PASS = "pass"
HUNT_ACTIONS = (PASS, THROW)
"""The hunt's two decisions; no land may carry these names."""


@attrs.frozen
class Card:
    """One card: its id, the animal on it and the two lands it shows."""

    id: str
    animal: str
    lands: tuple[str, str]


@attrs.frozen
class Ruleset(core_rulesets.CardLookup[Card]):
    """A complete, checked Boomerang (2010) ruleset. Load one with ``load_rules``.

    Two rulesets are equal when their resolved JSON is (``digest``, its SHA-256).
    """

    format: str = attrs.field(eq=False)
    version: int = attrs.field(eq=False)
    id: str = attrs.field(eq=False)
    name: str = attrs.field(eq=False)
    game: str = attrs.field(eq=False)
    players: PlayerRange = attrs.field(eq=False)
    boomerangs_each: int = attrs.field(eq=False)
    boomerangs_per_point: int = attrs.field(eq=False)
    lands: tuple[str, ...] = attrs.field(eq=False)
    animals: tuple[str, ...] = attrs.field(eq=False)
    tie_breakers: tuple[str, ...] = attrs.field(eq=False)
    cards: tuple[Card, ...] = attrs.field(eq=False, repr=False)
    description: str = attrs.field(default="", eq=False, repr=False)
    digest: str = attrs.field(default="", repr=False)
    """SHA-256 of its canonical JSON (``to_data``), taken when it is made: not given (``core.rulesets.settle``)."""

    def __attrs_post_init__(self) -> None:
        core_rulesets.settle(self, to_data)


def build(data: dict[str, Any]) -> Ruleset:
    """Turn a checked ruleset object into a ``Ruleset``, its digest taken of its canonical data."""
    return core_rulesets.build(Ruleset, data, to_data)


def to_data(rules: Ruleset) -> dict[str, Any]:
    """The ruleset as JSON-ready data, every field present (the digest left out)."""
    data = core_rulesets.to_data(rules)
    for card in data["cards"]:  # lists, as JSON reads them back (a tuple is no array to a JSON Schema)
        card["lands"] = list(card["lands"])
    return data


def check(data: dict[str, Any]) -> list[Problem]:
    """The consistency checks a schema cannot state, on a schema-valid ruleset object.

    No schema-valid ruleset makes a game that cannot end, so none is checked for: a hunt ends
    (each throw spends one of the boomerangs the seats hold, each pass removes a seat), and each
    round takes a card from the deck, or captures one from a river that shows every land, so the
    deck (at least one card, by the schema) runs out and the next round ends the game. A land that
    no card shows is refused: no river could ever show it, so the first river would turn up the
    whole deck and the game would last one round. An animal that no card shows is refused too: its
    majority could never score, so it is an author's slip (a name misspelt, a card's animal
    renamed and the list left as it was) that would otherwise pass silently.
    """
    problems = player_range_problems(data["players"])
    for i, land in enumerate(data["lands"]):
        if land in HUNT_ACTIONS:
            problems.append(Problem(pointer("lands", i), f"a land may not be called {land!r}: that word is a "
                                    "hunt action", "land-reserved"))
    cards: list[dict[str, Any]] = data["cards"]
    duplicates = duplicate_ids(cards, "card")
    lands, animals = set(data["lands"]), set(data["animals"])
    for i, card in enumerate(cards):
        if i in duplicates:
            problems.append(duplicates[i])
        if card["animal"] not in animals:
            problems.append(Problem(pointer("cards", i, "animal"), f"card {card['id']!r} shows animal "
                                    f"{card['animal']!r}, which /animals does not list", "animal-known"))
        for k, land in enumerate(card["lands"]):
            if land not in lands:
                problems.append(Problem(pointer("cards", i, "lands", k), f"card {card['id']!r} shows land "
                                        f"{land!r}, which /lands does not list", "land-known"))
    shown = {land for card in cards for land in card["lands"]}
    for i, land in enumerate(data["lands"]):
        if land not in shown:
            problems.append(Problem(pointer("lands", i), f"no card shows land {land!r}, so no river could ever "
                                    "show every land: the first river would take the whole deck", "land-in-deck"))
    held = {card["animal"] for card in cards}
    for i, animal in enumerate(data["animals"]):
        if animal not in held:  # a misspelt or forgotten name: a majority no seat could ever win
            problems.append(Problem(pointer("animals", i), f"no card shows animal {animal!r}, so its majority could "
                                    "never score", "animal-in-deck"))
    return problems
