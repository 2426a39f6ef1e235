"""What every game's bots share: the ``Bot`` protocol, ``RandomBot``, seeding one bot per seat from the
game's seed, and making them by name."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from . import rng as rng_mod
from .arguments import brief, integer, is_list, kind, list_of, not_a, string_list
from .determinize import check_view

MAX_PLAYOUTS = 1_000_000
"""The largest budget a search takes (``ismcts:N``): a few minutes a decision at the most, where a
budget of any size was a search that never ended (and a number past Python's 4,300 digits a
traceback)."""

View_contra = TypeVar("View_contra", contravariant=True)


class Bot(Protocol[View_contra]):
    """A player: given what its seat may know (the game's view type) and the legal actions, it returns one of them.

    A bot whose class sets ``reads_view = False`` declares it never reads the view: ``play_game``
    then hands it ``None`` and builds none.
    """

    name: str

    def choose(self, seen: View_contra, actions: tuple[str, ...]) -> str: ...


class RandomBot:
    """Uniform over the legal actions, from its own seeded generator.

    It never reads the view or the rules, so one class serves every game.
    """

    name = "random"
    reads_view = False
    """It is given no view (``play_game`` builds none for it)."""

    def __init__(self, rules: object, seed: int) -> None:
        self._state = rng_mod.seed_state(seed)

    def choose(self, seen: object, actions: tuple[str, ...]) -> str:
        check_choice(actions)
        return self.draw(actions)

    def draw(self, actions: tuple[str, ...]) -> str:
        """``choose`` without its check of ``actions``: for a caller handing an engine's own legal
        actions (the gymnasium env's opponents, most of an episode's decisions), the same draw."""
        self._state, k = rng_mod.below(self._state, len(actions))
        return actions[k]


def check_choice(actions: object) -> None:
    """What every bot's ``choose`` is handed: the legal actions of a seat that owes a decision (a
    tuple of names, one at least). Anything else is the caller's mistake, told alike in every game
    (it was ``max()``'s, ``below()``'s or an ``IndexError`` from inside a bot)."""
    if not is_list(actions):
        raise not_a(actions, "actions", "the legal actions (a tuple of action names)")
    if not actions:
        raise ValueError("actions is empty: a bot chooses among the legal actions of a seat that owes a decision "
                         "(legal_actions(state, seat) for a seat of to_act(state))")


def check_seen(seen: object, actions: object, cls: type, what: str, rules: object = None) -> None:
    """What a bot that reads its view is handed: ``check_choice``'s actions, a view of its own game
    (``cls``, ``view(state, seat)``, ``what`` in words: ``TypeError`` naming ``seen``), of the ruleset
    it plays (``rules``, when given: ``check_rules``), and only actions that view lists as legal
    (``ValueError`` naming ``actions``). Another game's view, a state, ``None`` or an action the seat
    may not take raised ``AttributeError`` or ``KeyError`` from inside a greedy bot, or was answered
    from the wrong game's fields."""
    check_choice(actions)
    check_view(seen, cls, what)
    if rules is not None:
        check_rules(seen, rules)
    check_listed(seen, actions)


def check_rules(seen: Any, rules: Any) -> None:
    """A ``ValueError`` naming ``seen`` unless it is a view of a game of ``rules``, the ruleset the bot
    was made with and rates and searches by: a view of another ruleset of the same game was read by
    the bot's rules, a card they do not have a ``KeyError`` from inside (an Extra Salt view handed to
    a bot of the base game), any other difference a choice by the wrong rules without a word."""
    played = seen.rules
    if played is rules or played == rules:
        return
    raise ValueError(f"seen is a view of a game of {brief(getattr(played, 'id', played))}, not "
                     f"{brief(rules.id)}, the ruleset this bot plays"
                     + (" (another ruleset of that id)" if getattr(played, "id", None) == rules.id else "")
                     + ": make the bot with the game's ruleset")


def check_listed(seen: Any, actions: Any) -> None:
    """A ``ValueError`` naming ``actions`` unless each is one the view ``seen`` lists as legal (a
    ``TypeError`` for one that is no action name)."""
    legal = seen.legal_actions
    if actions == legal:  # the common case: the caller passed the view's own legal actions
        return
    allowed = set(legal)
    for action in actions:
        if action.__class__ is not str:
            raise not_a(action, "actions", "a tuple of action names (str)")
        if action not in allowed:
            raise ValueError(f"actions holds {brief(action)}, which seat {seen.seat} may not take now "
                             f"(the view's legal_actions: {brief(legal)})")


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game dealt from ``game_seed``.

    A one-way function (BLAKE2b): the seed recreates the deal, so a bot must not be able to work
    it back out of its own seed (an invertible mix let a bot recover every deal).
    """
    state = rng_mod.seed_state(game_seed)
    message = b"boomerang-rules bot seed\0" + state.to_bytes(8, "little") + seat.to_bytes(4, "little")
    return int.from_bytes(hashlib.blake2b(message, digest_size=8).digest(), "little")


def make_bots(bots: Mapping[str, Callable[[Any, int], Any]], names: Sequence[str], rules: Any,
              game_seed: int) -> list[Any]:
    """One bot per seat from the game's ``bots`` registry, by name, each seeded from the game's seed and seat.
    ``names`` is a list of names (a string is one name, not a list of its letters: ``TypeError``)."""
    string_list(names, "names", "bot names")
    unknown = [n for n in names if n not in bots]
    if unknown:
        raise ValueError(no_such_bot(unknown[0], bots))
    return [bots[name](rules, bot_seed(game_seed, seat)) for seat, name in enumerate(names)]


def no_such_bot(name: object, bots: Mapping[str, Any]) -> str:
    """Why ``name`` names no bot of ``bots``, alike from the API and the command line: a search bot
    given a bad budget (``ismcts:0``) is told the budget it takes (``make_bots`` called it an
    unknown bot, ``--bots`` a bad number), any other name is unknown, the names listed."""
    kind, budget, _ = name.partition(":") if isinstance(name, str) else ("", "", "")
    if budget and f"{kind}:1" in bots:
        return (f"{brief(name)}: the number after '{kind}:' is its playouts a decision, a whole number from 1 to "
                f"{MAX_PLAYOUTS:,}")
    return f"unknown bot {brief(name)} (bots: {', '.join(bots)})"


def bot_game(rules: Any, names: Sequence[str], seed: int) -> Any:
    """A whole game of ``rules``'s game dealt from ``seed``, each seat played by the bot it names.
    ``rules`` and ``names`` are refused as ``play_game`` refuses its own (a ruleset id raised an
    ``AttributeError``, ``names=None`` "'NoneType' object is not iterable")."""
    from .games import GAMES, game_module

    played = getattr(rules, "game", None)
    if not isinstance(played, str) or played not in GAMES:
        raise not_a(rules, "rules", "a Ruleset (see load_rules)")
    module = game_module(played)
    return module.play_game(rules, make_bots(module.BOTS, names, rules, seed), seed)


def reads_view(bot: object) -> bool:
    """Whether ``bot`` reads the view it is given (every bot but one declaring ``reads_view = False``)."""
    return getattr(bot, "reads_view", True) is not False


def play_game(rules: Any, bots: Sequence[Any], seed: int,
              on_decision: Callable[[Any, int, str], None] | None = None,
              view: Callable[[Any, int], Any] | None = None) -> Any:
    """A whole game of ``rules``'s game shuffled from ``seed``, each seat played by its bot, which
    sees only its view (``view(state, seat)``, by default the game's ``view``; a game passes its
    views made on first reading) and the legal actions, never the state. A bot that reads no view
    (``reads_view``) is given ``None``."""
    from .games import GAMES, game_module

    played = getattr(rules, "game", None)
    if not isinstance(played, str) or played not in GAMES:
        raise not_a(rules, "rules", "a Ruleset (see load_rules)")
    list_of(bots, "bots", "bots, one a seat (objects with choose(view, actions): see BOTS)")
    seed = integer(seed, "seed", "an integer seed")  # None: the game's new_game asked for deals, here none to give
    game = game_module(played)
    new_game, is_over, to_act, apply = game.new_game, game.is_over, game.to_act, game.apply
    legal_actions = game.legal_actions
    state = new_game(rules, len(bots), seed)
    for i, bot in enumerate(bots):  # a bot's name given for the bot raised "'str' object has no attribute 'choose'"
        if not callable(getattr(bot, "choose", None)):
            raise TypeError(f"bots[{i}] must be a bot (an object with choose(view, actions): see BOTS), not "
                            f"{kind(bot)}: {brief(bot)}")
    if on_decision is None and all(bot.__class__ is RandomBot for bot in bots):
        return _random_play(game, state, bots)
    seen_by = view or game.view
    views = [seen_by if reads_view(bot) else None for bot in bots]
    while not is_over(state):
        for seat in to_act(state):
            make = views[seat]
            action = bots[seat].choose(None if make is None else make(state, seat), legal_actions(state, seat))
            if on_decision is not None:
                on_decision(state, seat, action)
            state = apply(state, seat, action)
    return state


def _random_play(game: Any, state: Any, bots: Sequence[RandomBot]) -> Any:
    """``play_game``'s loop when every seat is a ``RandomBot``: each bot's draw made in place (the
    same draws from the same generator as its ``choose``, so the same game), without a call of
    ``choose`` a decision, a fifth of a random game's loop where ``apply`` is compiled (issue 27).
    The bots' generators are left where ``choose`` would have left them. No seat owes a decision
    exactly when the game is over (the contract: ``tests/test_contract.py``), so ``to_act`` alone
    ends the loop, one call a decision fewer.

    A game may give ``random_play(state, draws)``: this loop, compiled, played on from ``state`` for as
    long as its compiled path serves, the generators in ``draws`` (a list) written back; the loop
    below plays on from the state it returns (Sea Salt & Paper's: a quarter of a random game's play,
    0.26 ms, was the interpreter's own work around the compiled calls; issue 27)."""
    to_act, apply, legal_actions, below = game.to_act, game.apply, game.legal_actions, rng_mod.below
    compiled = getattr(game, "random_play", None)
    draws = [bot._state for bot in bots]
    try:
        if compiled is not None:
            state = compiled(state, draws)
        seats = to_act(state)
        while seats:
            for seat in seats:
                actions = legal_actions(state, seat)
                draws[seat], k = below(draws[seat], len(actions))
                state = apply(state, seat, actions[k])
            seats = to_act(state)
    finally:
        for bot, draw in zip(bots, draws):
            bot._state = draw
    return state
