"""The Boomerang: Australia ruleset as typed, frozen objects, and the checks a schema cannot make.

Every number the engine uses comes from here; nothing of the standard game is written in code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import attrs

from ..core import rulesets as core_rulesets
from ..core.display import counted
from ..core.errors import Problem
from ..core.frozendict import frozen_map
from ..core.pointer import pointer
from ..core.ruleset_checks import duplicate_ids, player_range_problems
from ..core.rulesets import PlayerRange as PlayerRange

GAME = "boomerang-australia"
SCHEMA = "ruleset"
DEFAULT_RULES = "standard"
"""The shipped ruleset that ``load_rules`` gives for the game's own name (``GAME``)."""

ONE_SEAT = False
"""Whether one seat acts at a time: no, every seat drafts at once."""

RESERVED_ACTIVITY = "none"
"""The action of choosing no activity (``tables.NO_ACTIVITY``), so no activity's id."""

Direction = Literal["left", "right"]


@attrs.frozen
class Card:
    """One card: its site letter (the id), where it is, its throw number and its icons."""

    id: str
    site: str
    region: str
    number: int
    collection: str | None
    animal: str | None
    activity: str | None


@attrs.frozen
class Region:
    """A region of the map; its sites are the cards that name it."""

    id: str
    name: str


@attrs.frozen
class Collections:
    """Collection icon values; a round's sum up to ``double_limit`` is doubled."""

    values: Mapping[str, int] = attrs.field(converter=frozen_map)
    double_limit: int


@attrs.frozen
class Animals:
    """Points per pair of each animal."""

    values: Mapping[str, int] = attrs.field(converter=frozen_map)


@attrs.frozen
class Activities:
    """The activity kinds and the points for n icons of the chosen one (``table[n]``)."""

    kinds: tuple[str, ...]
    table: tuple[int, ...]


@attrs.frozen
class Scoring:
    """Every scoring table and bonus."""

    collections: Collections
    animals: Animals
    activities: Activities
    site_points: int
    region_bonus: int
    tie_breakers: tuple[str, ...]


@attrs.frozen
class Ruleset(core_rulesets.CardLookup[Card]):
    """A complete, checked ruleset. Load one with ``load_rules``.

    Two rulesets are equal when their resolved JSON is (``digest``, its SHA-256), so equality
    and hashing are cheap however large the card list.
    """

    format: str = attrs.field(eq=False)
    version: int = attrs.field(eq=False)
    id: str = attrs.field(eq=False)
    name: str = attrs.field(eq=False)
    game: str = attrs.field(eq=False)
    players: PlayerRange = attrs.field(eq=False)
    rounds: int = attrs.field(eq=False)
    hand_size: int = attrs.field(eq=False)
    pass_directions: tuple[Direction, ...] = attrs.field(eq=False)
    leftover_cards: Literal["deal-first", "reshuffle"] = attrs.field(eq=False)
    sites_include_throw: bool = attrs.field(eq=False)
    scoring: Scoring = attrs.field(eq=False, repr=False)
    regions: tuple[Region, ...] = attrs.field(eq=False, repr=False)
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
    return core_rulesets.to_data(rules)


def _max_icons(cards: list[dict[str, Any]], kind: str, hand_size: int) -> int:
    return min(hand_size, sum(1 for c in cards if c["activity"] == kind))


def check(data: dict[str, Any]) -> list[Problem]:
    """The consistency checks a schema cannot state, on a schema-valid ruleset object.

    Every game of a ruleset that passes them ends: it has ``rounds`` rounds of ``hand_size`` picks,
    each dealt from a deck that holds every seat's hand (``deck-size``).
    """
    cards: list[dict[str, Any]] = data["cards"]
    scoring = data["scoring"]
    players, hand = data["players"], data["hand_size"]

    problems = player_range_problems(players)
    if players["max"] * hand > len(cards):
        seats = counted(players["max"], "player")  # one player: the schema's least
        problems.append(Problem(pointer("players", "max"), f"{seats} × {hand} cards = "
                                f"{players['max'] * hand} cards, the deck has {len(cards)}", "deck-size"))
    if len(data["pass_directions"]) != data["rounds"]:
        problems.append(Problem(pointer("pass_directions"), f"{len(data['pass_directions'])} pass directions "
                                f"for {data['rounds']} rounds: give one per round", "pass-directions"))

    for what, items in (("card", cards), ("region", data["regions"])):
        problems += duplicate_ids(items, what).values()

    region_ids = {r["id"] for r in data["regions"]}
    tables = {
        "region": (region_ids, "/regions"),
        "collection": (set(scoring["collections"]["values"]), "/scoring/collections/values"),
        "animal": (set(scoring["animals"]["values"]), "/scoring/animals/values"),
        "activity": (set(scoring["activities"]["kinds"]), "/scoring/activities/kinds"),
    }
    for i, card in enumerate(cards):
        for field, (known, where) in tables.items():
            value = card[field]
            if value is not None and value not in known:
                problems.append(Problem(pointer("cards", i, field), f"card {card['id']!r} names {field} "
                                        f"{value!r}, which {where} does not list", "icon-known"))
    for field, table in (("collection", "collections"), ("animal", "animals")):
        shown = {c[field] for c in cards}
        for name in scoring[table]["values"]:
            if name not in shown:  # a patch's misspelt key ("koala" for "koalas") changed nothing, silently
                problems.append(Problem(pointer("scoring", table, "values", name), f"the deck has no card of the "
                                        f"{field} {name!r}, so its value could never score", "kind-in-deck"))
    used_regions = {c["region"] for c in cards}
    for i, region in enumerate(data["regions"]):
        if region["id"] not in used_regions:
            problems.append(Problem(pointer("regions", i), f"region {region['id']!r} has no cards, so it "
                                    "could never be completed", "region-cards"))

    shown = {c["activity"] for c in cards}
    for i, kind in enumerate(scoring["activities"]["kinds"]):
        if kind not in shown:  # no icon of it: chosen, it could only score the table's 0 icons
            problems.append(Problem(pointer("scoring", "activities", "kinds", i), f"the deck has no card of the "
                                    f"activity {kind!r}, so it could never score", "kind-in-deck"))
        if kind == RESERVED_ACTIVITY:
            problems.append(Problem(pointer("scoring", "activities", "kinds", i), f"{kind!r} is the action of "
                                    "scoring no activity; an activity cannot be called so", "activity-reserved"))
    table = scoring["activities"]["table"]
    for kind in scoring["activities"]["kinds"]:
        most = _max_icons(cards, kind, hand)
        if len(table) <= most:
            problems.append(Problem(pointer("scoring", "activities", "table"), f"the table scores 0 to "
                                    f"{len(table) - 1} icons, but a player can hold {most} {kind} icons",
                                    "activity-table"))
            break
    return problems
