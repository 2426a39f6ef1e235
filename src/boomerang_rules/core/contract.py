"""The game-neutral types: what a state, a view, a score sheet and a ruleset are in every game.

Each game has its own classes (a ``GameState``, a ``SeatView``, a ``ScoreSheet`` in its package);
these protocols name what they share, so that code
written for any game (a bot, a tournament, a learning loop) can be typed once:
``def choose(self, seen: br.View, actions: tuple[str, ...]) -> str``. Every shipped game's
classes satisfy them, for ``mypy`` and for ``isinstance`` alike (``tests/test_contract.py``
checks both). Only what every game means the same by is here; the rest is each game's own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

from .rulesets import PlayerRange


@runtime_checkable
class Rules(Protocol):
    """A loaded ruleset of any game (``load_rules``): immutable, equal when its resolved JSON is."""

    @property
    def game(self) -> str:
        """The game it is for (a name in ``core.games.GAMES``)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def players(self) -> PlayerRange:
        """How many players it allows (``min``, ``max``, both included)."""

    @property
    def cards(self) -> tuple[Any, ...]:
        """Its cards, each with an ``id``."""

    @property
    def digest(self) -> str:
        """SHA-256 of its canonical JSON (what a record's ``rules.digest`` holds)."""

    def card(self, card_id: str) -> Any:
        """The card with this id; ``KeyError`` if there is none."""

    def describe(self, card_id: str) -> str:
        """The card with this id in words; ``KeyError`` if there is none."""


@runtime_checkable
class Sheet(Protocol):
    """One seat's score sheet (``score_sheets(state)[seat]``, ``view.sheets[seat]``; ``core.sheets``)."""

    ROWS: ClassVar[tuple[str, ...]]
    """The rows in the order the game's paper sheet has them, ``"total"`` last."""

    @property
    def total(self) -> int:
        """The seat's game total (so far)."""

    def __getitem__(self, row: str) -> Any:
        """A row as the sheet holds it: ``sheet["total"]``; ``KeyError`` for another name."""

    def row_total(self, row: str) -> int:
        """A row as one number (a row of rounds or of kinds summed)."""

    def row_figure(self, row: str) -> int:
        """The number a tournament averages for the row (``row_total``, or the rounds a game took)."""

    def as_dict(self) -> dict[str, Any]:
        """The sheet as JSON data, as a record's ``result`` holds it."""

    def keys(self) -> tuple[str, ...]:
        """``ROWS``: ``dict(sheet)`` is the rows by name."""

    def __iter__(self) -> Iterator[str]:
        """The row names."""


@runtime_checkable
class State(Protocol):
    """A moment of a game of any game: immutable; read it with the top-level functions
    (``to_act``, ``legal_actions``, ``view``...), move on with ``apply`` or ``step``."""

    @property
    def rules(self) -> Rules: ...

    @property
    def players(self) -> int: ...

    @property
    def round(self) -> int:
        """The round being played (0-based); the number of rounds played once the game is over."""

    if not TYPE_CHECKING:
        # At run time a state is also of a class the registry entered (``core.games.register``
        # sets the game's functions on it as methods): a view has rules, players and a round
        # too, and is no state.
        def _br_view(self, seat: int) -> Any: ...


@runtime_checkable
class View(Protocol):
    """All that one seat may know at one moment (``view(state, seat)``), in any game: what a bot
    chooses from."""

    @property
    def seat(self) -> int: ...

    @property
    def players(self) -> int: ...

    @property
    def round(self) -> int:
        """The round being played (0-based); the number of rounds played once the game is over."""

    @property
    def phase(self) -> str:
        """Where the game stands, in the game's own words (``"over"`` once it is over)."""

    @property
    def legal_actions(self) -> tuple[str, ...]:
        """What the seat may do now (``legal_actions(state, seat)``); ``()`` when it owes nothing."""

    @property
    def past_rounds(self) -> tuple[Any, ...]:
        """Every finished round as the seat saw it at its end."""

    @property
    def sheets(self) -> tuple[Sheet, ...]:
        """Every seat's score sheet (``score_sheets(state)``)."""


__all__ = ["Rules", "Sheet", "State", "View"]
