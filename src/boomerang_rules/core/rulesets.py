"""What every game's ``rules.py`` shares: turning checked JSON into its frozen ``Ruleset`` and back,
finding a card by id or in words, and the player range every ruleset states.

The games differ only in their ``Ruleset`` classes' fields; the converter, the digest, the card
lookup and ``PlayerRange`` are the same, so they live here once.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, get_args

import attrs

from .canonical import digest
from .display import shown
from .frozendict import FrozenDict

if TYPE_CHECKING:
    import cattrs
    from attrs import AttrsInstance


@attrs.frozen
class PlayerRange:
    """How many players the ruleset allows, both ends included."""

    min: int
    max: int


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


R = TypeVar("R", bound="AttrsInstance")
C = TypeVar("C", bound=_HasId)


@cache
def converter() -> cattrs.Converter:
    """The cattrs converter, made on first use (importing cattrs is slow; playing needs none)."""
    import cattrs

    made = cattrs.Converter(forbid_extra_keys=True)
    made.register_unstructure_hook(FrozenDict, dict)
    return made


_BUILDING: ContextVar[bool] = ContextVar("boomerang_rules_building_a_ruleset", default=False)
"""True while ``build`` makes a ruleset of data the loader has checked: ``settle`` checks it no more."""


def build(cls: type[R], data: dict[str, Any], to_data: Callable[[R], dict[str, Any]]) -> R:
    """Turn a checked ruleset object into a ``cls`` (its digest taken by ``settle``)."""
    fields = {k: v for k, v in data.items() if k != "$schema"}
    token = _BUILDING.set(True)
    try:
        made: R = converter().structure(fields, cls)
    finally:
        _BUILDING.reset(token)
    return made


def settle(rules: Any, to_data: Callable[[Any], dict[str, Any]]) -> None:
    """Each game's ``Ruleset.__attrs_post_init__``: its ``digest`` taken of what it holds, whatever it
    was given (``attrs.evolve`` hands on the old one: an evolved ruleset compared equal to its
    original, and the tables cached for the original served it, so a changed hand size dealt the
    old one); and a ruleset a caller built (``Ruleset(...)``, ``attrs.evolve``) checked as
    ``load_rules`` checks a file, ``RulesError`` naming the place and the rule broken."""
    try:
        data = to_data(rules)
    except (AttributeError, TypeError, ValueError, KeyError):  # a field given a value of another type
        raise _misfit(rules) from None
    object.__setattr__(rules, "digest", digest(data))
    if not _BUILDING.get():
        from .loading import rules_from_data

        rules_from_data(data, allow_paths=False)


def _misfit(rules: Any) -> Exception:
    """The ``RulesError`` naming each field of ``rules`` whose value is not of its type (a range, a
    table, cards: what ``to_data`` could not write), as a file's would be named: a ruleset built by
    hand (``attrs.evolve(rules, players=(1, 2))``) raised "'tuple' object has no attribute 'min'"."""
    import re

    from .arguments import brief, kind
    from .errors import Problem, RulesError

    cls = type(rules)
    attrs.resolve_types(cls)
    problems = []
    for field in attrs.fields(cls):
        value = getattr(rules, field.name)
        try:
            converter().unstructure(value, unstructure_as=field.type)
        except (AttributeError, TypeError, ValueError, KeyError):
            shown = field.type.__name__ if isinstance(field.type, type) and not get_args(field.type) else field.type
            wanted = re.sub(r"\b(?:[A-Za-z_]\w*\.)+(\w+)", r"\1", str(shown))  # Card, not its module's path
            problems.append(Problem(f"/{field.name}", f"{field.name} must be {wanted}, not {kind(value)}: "
                                    f"{brief(value)}", "schema:type"))
    return RulesError(problems) if problems else TypeError(f"a ruleset of fields of the wrong types: {brief(rules)}")


def to_data(rules: AttrsInstance) -> dict[str, Any]:
    """The ruleset as JSON-ready data, every field present (the digest left out)."""
    data: dict[str, Any] = converter().unstructure(rules)
    del data["digest"]
    return data


class UnknownCard(KeyError):
    """No card of the ruleset has the id asked for: a ``KeyError`` (the id is its ``args[0]``, as
    ever) that says so in words, where a bare ``KeyError('nope')`` printed only ``'nope'``."""

    def __init__(self, card_id: str, ruleset: str, ids: tuple[str, ...]) -> None:
        super().__init__(card_id)
        self.ruleset = ruleset
        self.ids = ids

    def __str__(self) -> str:
        ids = ", ".join(self.ids[:8]) + (", …" if len(self.ids) > 8 else "")
        # quoted and clipped (``shown``): an id of a megabyte makes a line, not a megabyte
        return f"no card {shown(self.args[0])} in ruleset {self.ruleset!r} (its ids: {ids})"

    def __reduce__(self) -> tuple[Any, ...]:  # pickled whole (a worker process's exception comes back as itself)
        return (type(self), (self.args[0], self.ruleset, self.ids))


def card(cards: Sequence[C], card_id: str, ruleset: str) -> C:
    """The card of ``cards`` (ruleset ``ruleset``'s) with this id; ``UnknownCard`` (a ``KeyError``)
    if there is none, ``TypeError`` for an id that is not a string (``card(None)`` was a
    ``KeyError(None)``)."""
    if not isinstance(card_id, str):
        from .arguments import not_a

        raise not_a(card_id, "card_id", "a card's id (str)")
    for item in cards:
        if item.id == card_id:
            return item
    raise UnknownCard(card_id, ruleset, tuple(item.id for item in cards))


class CardLookup(Generic[C]):
    """What every game's ``Ruleset`` answers about its cards: one by id, and one in words.

    A game's ``Ruleset`` (a frozen attrs class with a ``cards`` field) inherits it; the words
    come from the game's own ``show`` module, beside its ``rules``.
    """

    __slots__ = ()

    cards: tuple[C, ...]

    def card(self, card_id: str) -> C:
        """The card with this id; ``UnknownCard`` (a ``KeyError``) if there is none, ``TypeError``
        for an id that is not a string."""
        return card(self.cards, card_id, getattr(self, "id", ""))

    def describe(self, card_id: str) -> str:
        """The card with this id in words, as a player reads it on the real card; ``KeyError``
        if there is none."""
        show: Any = importlib.import_module(type(self).__module__.rpartition(".")[0] + ".show")  # on first use
        words: str = show.card_words(self, card_id)
        return words
