"""The immutable game state. Cards are indices into the compiled tables; hands are bit masks.

The state splits into what changes every decision (``pending``, ``waiting``), every step
(``hands``, ``drafted``) and once a round (``progress``), so that each decision copies only a
handful of references. Use the functions of ``engine`` and ``view`` rather than the fields.
"""

from __future__ import annotations

import attrs

from .rules import Ruleset
from .scoring import RoundScore
from .tables import Tables


@attrs.frozen
class RoundResult:
    """A finished round: the deal, every seat's cards in draft order, activities and scores."""

    dealt: tuple[int, ...]
    """Bit mask of the cards dealt to each seat."""
    drafts: tuple[tuple[int, ...], ...]
    """Each seat's card indices: Throw first, then the picks, Catch last."""
    activities: tuple[int, ...]
    """Index of the activity each seat scored, -1 for none."""
    scores: tuple[RoundScore, ...]
    bonuses: tuple[int, ...]
    """Bit mask of the regions whose bonus each seat won this round."""


@attrs.frozen
class Progress:
    """What the game has settled so far; changes once a round.

    The dealer's hidden state (``rng``, ``leftover``, ``deals``) takes no part in equality:
    two states are equal when the game played so far is, whether its cards came from a
    seeded shuffle or from a record.
    """

    rounds: tuple[RoundResult, ...]
    visited: tuple[int, ...]
    """Bit mask of the sites each seat has crossed off."""
    used_activities: tuple[int, ...]
    """Bit mask of the activity kinds each seat has scored."""
    regions_taken: int
    """Bit mask of the regions whose bonus is gone."""
    seed: int | None
    """The seed the game was dealt from, if it was (as a record keeps it)."""
    rng: int | None = attrs.field(eq=False)
    """The dealer's generator state (SplitMix64) for the next shuffle; None: deals are given."""
    leftover: tuple[int, ...] = attrs.field(eq=False)
    """Cards set aside undealt this round, top of the deck first."""
    deals: tuple[tuple[int, ...], ...] = attrs.field(eq=False)
    """Deals given in advance (each a bit mask per seat), round by round, used before ``rng``."""
    names: tuple[str, ...] | None = attrs.field(default=None, eq=False)
    """The players' names, when the game came from a record (metadata, not rules)."""


@attrs.frozen
class GameState:
    """A moment of a game. Frozen, hashable, comparable; ``apply`` returns a new one."""

    rules: Ruleset = attrs.field(repr=False)
    tables: Tables = attrs.field(eq=False, repr=False)
    players: int
    round: int
    """Index of the round being played (0-based); equals the number of rounds when over."""
    step: int
    """0: the Throw, 1..picks: the picks, picks + 1: the activity choice."""
    dealt: tuple[int, ...]
    hands: tuple[int, ...]
    drafted: tuple[tuple[int, ...], ...]
    pending: tuple[int | None, ...]
    """Each seat's choice at this step, None while it has not chosen (kept hidden)."""
    waiting: int
    """Bit mask of the seats that still owe a decision at this step."""
    progress: Progress = attrs.field(repr=False)
