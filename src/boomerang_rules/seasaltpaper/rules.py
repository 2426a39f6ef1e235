"""The Sea Salt & Paper ruleset as typed, frozen objects, and the checks a schema cannot make.

Every number the engine and the scorer use comes from here: the deck, the duos and their
effects, the point tables, the mermaid rule, the round end, the targets and the tie-break.
"""

from __future__ import annotations

from collections import Counter
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

SCHEMA = "sea-salt-paper-ruleset"
GAME = "sea-salt-paper"
DEFAULT_RULES = GAME
"""The shipped ruleset that ``load_rules`` gives for the game's own name (``GAME``)."""

ONE_SEAT = True
"""Whether one seat acts at a time: yes, the player whose turn it is."""

Effect = Literal["take_from_discard", "extra_turn", "draw", "steal", "look_at_top", "restrict_opponents", "none"]
TieBreak = Literal["last-round-points", "ended-last-round", "went-last"]


@attrs.frozen
class Card:
    """One card: its id, its kind and its colour."""

    id: str
    kind: str
    colour: str


@attrs.frozen
class Duo:
    """A pair of kinds that scores and may be played for an effect."""

    kinds: tuple[str, str]
    points: int
    effect: Effect
    look: int | None = None
    """``look_at_top``: how many of the deck's top cards the player looks at (Extra Salt's lobster: 5)."""


@attrs.frozen
class Multiplier:
    """Points per card of ``kind`` for holding the multiplier card."""

    kind: str
    points: int


@attrs.frozen
class Mermaids:
    """The mermaid rule: which kind, whether their own colour counts, how many win at once."""

    kind: str
    count_own_colour: bool
    win_with: int
    colour_bonus_own_colour: bool | None = None
    """Whether the mermaids' own colour counts for the colour bonus; None: as ``count_own_colour``."""

    @property
    def bonus_own_colour(self) -> bool:
        """Whether the colour bonus counts the mermaids' own colour."""
        return self.count_own_colour if self.colour_bonus_own_colour is None else self.colour_bonus_own_colour


@attrs.frozen
class RoundEnd:
    """Who may end a round, and whether an empty deck ends one during LAST CHANCE."""

    min_points: int
    empty_deck_during_last_chance: Literal["ends-round", "continues"]
    empty_deck_extra_turn: Literal["ends-round", "from-discard-piles"] = "ends-round"
    """A boat pair played with the deck empty: the turn's end ends the round (standard), or the
    extra turn is taken from the discard piles (the online version)."""


@attrs.frozen
class Trio:
    """Extra Salt's starfish: played with a duo it makes a trio worth ``points`` (no effect); in
    hand it joins a pair in hand that no starfish has joined."""

    kind: str
    points: int


@attrs.frozen
class StandIn:
    """Extra Salt's seahorse: in hand, one more card of a collection the player has begun, never
    past its table's end (the collection where it scores most)."""

    kind: str


@attrs.frozen
class Ruleset(core_rulesets.CardLookup[Card]):
    """A complete, checked Sea Salt & Paper ruleset. Load one with ``load_rules``.

    Two rulesets are equal when their resolved JSON is (``digest``, its SHA-256).
    """

    format: str = attrs.field(eq=False)
    version: int = attrs.field(eq=False)
    id: str = attrs.field(eq=False)
    name: str = attrs.field(eq=False)
    game: str = attrs.field(eq=False)
    players: PlayerRange = attrs.field(eq=False)
    cards: tuple[Card, ...] = attrs.field(eq=False, repr=False)
    duos: tuple[Duo, ...] = attrs.field(eq=False, repr=False)
    collectors: Mapping[str, tuple[int, ...]] = attrs.field(eq=False, repr=False, converter=frozen_map)
    multipliers: Mapping[str, Multiplier] = attrs.field(eq=False, repr=False, converter=frozen_map)
    mermaids: Mermaids = attrs.field(eq=False, repr=False)
    round_end: RoundEnd = attrs.field(eq=False, repr=False)
    end_targets: Mapping[str, int] = attrs.field(eq=False, repr=False, converter=frozen_map)
    tie_break: TieBreak = attrs.field(eq=False)
    trio: Trio | None = attrs.field(default=None, eq=False, repr=False)
    stand_in: StandIn | None = attrs.field(default=None, eq=False, repr=False)
    description: str = attrs.field(default="", eq=False, repr=False)
    digest: str = attrs.field(default="", repr=False)
    """SHA-256 of its canonical JSON (``to_data``), taken when it is made: not given (``core.rulesets.settle``)."""

    def __attrs_post_init__(self) -> None:
        core_rulesets.settle(self, to_data)

    def target(self, players: int) -> int:
        """The points that end the game for ``players`` players."""
        return self.end_targets[str(players)]


def build(data: dict[str, Any]) -> Ruleset:
    """Turn a checked ruleset object into a ``Ruleset``, its digest taken of its canonical data."""
    return core_rulesets.build(Ruleset, data, to_data)


def to_data(rules: Ruleset) -> dict[str, Any]:
    """The ruleset as JSON-ready data, every field present (the digest left out)."""
    data = core_rulesets.to_data(rules)
    for duo in data["duos"]:
        duo["kinds"] = list(duo["kinds"])
    data["collectors"] = {k: list(v) for k, v in data["collectors"].items()}
    for duo in data["duos"]:  # the Extra Salt fields are left out when unused: the base rulesets' data unchanged
        if duo.get("look") is None:
            duo.pop("look", None)
    if data["mermaids"].get("colour_bonus_own_colour") is None:
        data["mermaids"].pop("colour_bonus_own_colour", None)
    if data["round_end"].get("empty_deck_extra_turn") == "ends-round":
        data["round_end"].pop("empty_deck_extra_turn", None)
    for field in ("trio", "stand_in"):
        if data.get(field) is None:
            data.pop(field, None)
    return data


def check(data: dict[str, Any]) -> list[Problem]:
    """The consistency checks a schema cannot state, on a schema-valid ruleset object."""
    cards: list[dict[str, Any]] = data["cards"]
    players = data["players"]
    problems = player_range_problems(players)
    problems += duplicate_ids(cards, "card").values()
    kinds = Counter(c["kind"] for c in cards)
    roles: dict[str, tuple[str, str]] = {}

    def role(kind: str, what: str, where: str) -> None:
        if kind in roles and roles[kind][0] != what:
            problems.append(Problem(where, f"kind {kind!r} is both {roles[kind][0]} and {what}; give each kind "
                                    "one role", "kind-role"))
        roles.setdefault(kind, (what, where))

    for i, duo in enumerate(data["duos"]):
        for kind in duo["kinds"]:
            role(kind, "a duo card", pointer("duos", i, "kinds"))
    seen_pairs: Counter[tuple[str, ...]] = Counter(tuple(sorted(duo["kinds"])) for duo in data["duos"])
    for i, duo in enumerate(data["duos"]):
        if seen_pairs[tuple(sorted(duo["kinds"]))] > 1:
            problems.append(Problem(pointer("duos", i, "kinds"), f"the pair {' + '.join(duo['kinds'])} is in more "
                                    "than one duo", "duo-kinds"))
        if (duo["effect"] == "look_at_top") != ("look" in duo):
            problems.append(Problem(pointer("duos", i, "look"), "a look_at_top duo says how many cards it looks at "
                                    "(look), and only it does", "duo-look"))
    for kind in data["collectors"]:
        role(kind, "a collector", pointer("collectors", kind))
    for kind, mult in data["multipliers"].items():
        role(kind, "a multiplier", pointer("multipliers", kind))
        if mult["kind"] == kind:
            problems.append(Problem(pointer("multipliers", kind, "kind"), f"multiplier {kind!r} multiplies "
                                    "its own kind", "multiplier-kind"))
        elif kinds[mult["kind"]] == 0:  # another deck's kind (Extra Salt's lobster) made the card worth nothing
            problems.append(Problem(pointer("multipliers", kind, "kind"), f"the deck has no {mult['kind']!r} card, "
                                    f"so multiplier {kind!r} could never score", "kind-in-deck"))
    mermaid = data["mermaids"]["kind"]
    role(mermaid, "the mermaid", pointer("mermaids", "kind"))
    problems += expansion_problems(data, role)
    problems += duo_split_problems(data["duos"], kinds)
    for i, card in enumerate(cards):
        if card["kind"] not in roles:
            problems.append(Problem(pointer("cards", i, "kind"), f"card {card['id']!r} is a {card['kind']!r}, "
                                    "which no duo, collector, multiplier or mermaid rule scores", "kind-known"))
    for kind, (_, where) in roles.items():
        if kinds[kind] == 0:
            problems.append(Problem(where, f"the deck has no {kind!r} card", "kind-in-deck"))
    for i, duo in enumerate(data["duos"]):
        a, b = duo["kinds"]
        if a == b and kinds[a] == 1:
            problems.append(Problem(pointer("duos", i, "kinds"), f"the deck has one {a!r}: never a pair",
                                    "kind-in-deck"))
    win_with = data["mermaids"]["win_with"]
    if kinds[mermaid] < win_with:  # "1 mermaid wins", "4 mermaids win"
        problems.append(Problem(pointer("mermaids", "win_with"), f"{counted(win_with, 'mermaid')} "
                                f"{'wins' if win_with == 1 else 'win'}, but the deck has {kinds[mermaid]}",
                                "mermaid-count"))
    for n in range(players["min"], players["max"] + 1):
        if str(n) not in data["end_targets"]:
            problems.append(Problem(pointer("end_targets"), f"no target for {n} players", "end-targets"))
    if len(cards) < 2 + 2 * players["max"]:
        problems.append(Problem(pointer("cards"), f"{len(cards)} cards are too few for {players['max']} players",
                                "deck-size"))
    return problems + end_problems(data)


def expansion_problems(data: dict[str, Any], role: Any) -> list[Problem]:
    """Extra Salt's checks: the starfish and seahorse kinds have one role each, and a trio needs
    duos of one worth (the pair a starfish joins is then no choice of the player's)."""
    problems: list[Problem] = []
    trio = data.get("trio")
    if trio is not None:
        role(trio["kind"], "the trio card", pointer("trio", "kind"))
        worth = {duo["points"] for duo in data["duos"]}
        if len(worth) > 1:
            problems.append(Problem(pointer("trio"), f"a trio takes duos of one worth, but the duos score "
                                    f"{', '.join(map(str, sorted(worth)))}", "trio-duos"))
    stand_in = data.get("stand_in")
    if stand_in is not None:
        role(stand_in["kind"], "the stand-in", pointer("stand_in", "kind"))
    return problems


MAX_DUO_SPLITS = 1 << 14
"""The most ways ``duo_split_problems`` lets the duos that share a kind split one player's cards: Extra
Salt's four make 180 of its deck (at most 5 crab pairs, 6 swimmer and shark, 2 crab and lobster, 3
swimmer and jellyfish), a deck three times as large 6,272."""


def duo_split_problems(duos: list[dict[str, Any]], kinds: Counter[str]) -> list[Problem]:
    """Duos that share a kind (``kinds``: the deck's cards of each) too many to score.

    Scoring tries every split of a player's cards among the duos that share a kind
    (``extra_scoring.plan_pairs``): for each such duo, every number of its pairs from none to the
    most the deck allows, so the product of those counts bounds the splits a hand may need. Past
    ``MAX_DUO_SPLITS`` a valid ruleset (sixteen duos over six kinds of forty cards) took minutes to
    score one table; it is refused where the duos are given instead."""
    shares = Counter(k for duo in duos for k in set(duo["kinds"]))
    ways = 1
    shared = []
    for duo in duos:
        a, b = duo["kinds"]
        if shares[a] > 1 or shares[b] > 1:
            ways *= (kinds[a] // 2 if a == b else min(kinds[a], kinds[b])) + 1
            shared.append(f"{a} + {b}")
    if ways <= MAX_DUO_SPLITS:
        return []
    return [Problem(pointer("duos"), f"the duos that share a kind ({', '.join(shared)}) can split one player's "
                    f"cards {ways:,} ways, each of which scoring tries: at most {MAX_DUO_SPLITS:,} (fewer duos "
                    "sharing a kind, or fewer cards of their kinds)", "duo-splits")]


def most_card_points(data: dict[str, Any]) -> int:
    """An upper bound of the card points one player can hold: each rule's most over the whole deck.

    Duos, multipliers and mermaids only gain from more cards, so the whole deck is their most; a
    collector's table may fall, so its most is its best entry for the counts the deck allows.
    The parts are maximised apart, so no real hand exceeds the sum.
    """
    kinds = Counter(c["kind"] for c in data["cards"])
    total = 0
    for duo in data["duos"]:
        a, b = duo["kinds"]
        total += duo["points"] * (kinds[a] // 2 if a == b else min(kinds[a], kinds[b]))
    for kind, table in data["collectors"].items():
        total += max(table[:kinds[kind]], default=0)
    for kind, mult in data["multipliers"].items():
        total += kinds[kind] * kinds[mult["kind"]] * mult["points"]
    total += sum(sorted(colour_counts(data).values(), reverse=True)[:kinds[data["mermaids"]["kind"]]])
    trio = data.get("trio")
    if trio is not None:
        total += kinds[trio["kind"]] * trio["points"]
    stand_in = data.get("stand_in")
    if stand_in is not None:
        total += kinds[stand_in["kind"]] * max((max(t) for t in data["collectors"].values()), default=0)
    return total


def colour_counts(data: dict[str, Any]) -> Counter[str]:
    """The cards of each colour the mermaids and the colour bonus count (the mermaids' own white or not)."""
    mermaids = data["mermaids"]
    return Counter(c["colour"] for c in data["cards"]
                   if mermaids["count_own_colour"] or c["kind"] != mermaids["kind"])


def bonus_colour_counts(data: dict[str, Any]) -> Counter[str]:
    """The cards of each colour the colour bonus counts (``colour_bonus_own_colour``, else as the mermaids)."""
    mermaids = data["mermaids"]
    own = mermaids.get("colour_bonus_own_colour")
    own = mermaids["count_own_colour"] if own is None else own
    return Counter(c["colour"] for c in data["cards"] if own or c["kind"] != mermaids["kind"])


def end_problems(data: dict[str, Any]) -> list[Problem]:
    """A game that could never end: no round can be ended and scored, or no scored round gives a point.

    A round is scored only when a player holding ``min_points`` card points ends it; if none can,
    every round runs out of deck unscored and no target is reached. A mermaid win does not save such
    a ruleset: until one came (if a deal ever allows it) the game would go on, round after round.
    """
    most = most_card_points(data)
    need = data["round_end"]["min_points"]
    if need > most:
        return [Problem(pointer("round_end", "min_points"), f"ending a round takes {need} card points, but no hand "
                        f"of this deck can score more than {most}: no round could ever be scored, and no target "
                        "reached", "round-end-reachable")]
    bonus = max(bonus_colour_counts(data).values(), default=0)
    if most == 0 and bonus == 0:
        return [Problem(pointer("end_targets"), "no card scores a point (neither card points nor a colour bonus): "
                        "no target could ever be reached", "end-targets-reachable")]
    return []
