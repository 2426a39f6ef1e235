"""What a framework adapter needs of one game, behind one small class.

The PettingZoo envs are written once over ``GameAdapter``; each game gives only its rl module
(its field table, its totals, and its action numbering when the game numbers none of its own).
Actions are integers throughout (the game's fixed numbering), states are the game's own
immutable states.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.arguments import brief
from ..core.display import counted
from ..core.loading import loaded, require_ruleset
from .encoding import Encoded, _rl_module, encoder_for


def action_id(action: Any, actions: int, who: str = "action") -> int:
    """``action`` as an int action id below ``actions`` (an int, a numpy integer, or a 0-d integer array,
    as gymnasium's ``Discrete`` takes: a scalar tensor's ``.numpy()``); a ``ValueError`` naming ``who``
    for anything else (a bool, a float, a string, an id out of range). Every env checks actions here."""
    if action.__class__ is not int:
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise ValueError(f"{who} must be an integer action id (0 to {actions - 1}), not {brief(action)}")
        action = int(action)
    if not 0 <= action < actions:
        raise ValueError(f"{who} must be an integer action id (0 to {actions - 1}), not {brief(action)}")
    checked: int = action
    return checked


class GameAdapter:
    """One game at one player count, as the envs drive it (pickled as its ruleset and player count)."""

    def __init__(self, rules: Any, players: int) -> None:
        import boomerang_rules as br

        module = _rl_module(rules.game)
        self.encoder = encoder = encoder_for(rules, players)
        self.game: str = rules.game
        self.rules = rules
        self.players = players
        self.num_actions = encoder.num_actions
        self.observation_size = encoder.size
        self.encode: Any = encoder.encode
        """Every seat's observation and action mask, and the legal masks as integers (``Encoder.encode``)."""
        self.encode_seat: Any = encoder.encode_seat if encoder.fast_seat is None else encoder.fast_seat
        """One seat's observation and mask row (arrays of its own) and its legal mask (``Encoder.encode_seat``;
        the game's own ``fast_seat`` called directly when it has one, as ``Encoder.encode_seat`` would call it:
        a single-agent env's step calls this once, and a frame less is a few hundred instructions)."""
        self.legal_mask = encoder.masks
        self.to_act = br.to_act
        self.is_over = br.is_over
        self.winners = br.winners
        self._game_totals = module.totals
        self._totals_source = getattr(module, "totals_source", None)
        """The part of a state its totals depend on alone, when the game names one (its identity kept)."""
        self._last_source: Any = None
        self._last_totals: tuple[int, ...] = ()
        self._describe = getattr(module, "describe", None)
        names = getattr(module, "action_names", None)
        if names is None and getattr(module, "ENGINE_ACTIONS", "ids") == "names":
            names = _action_strings
        self._names: tuple[str, ...] | None = names(rules) if names is not None else None
        """The game's actions by number, when the game numbers none of its own, or when its engine
        takes strings faster than ids (its rl module's ``ENGINE_ACTIONS``): what ``apply`` and
        ``step`` hand the engine for an id."""
        self._apply = br.apply
        self._step = br.step
        self._new_game = br.new_game

    @property
    def engine_actions(self) -> tuple[str, ...] | None:
        """What the engine is handed for each action id (None: the id itself)."""
        return self._names

    def __reduce__(self) -> tuple[Any, ...]:
        return (adapter_for, (self.rules, self.players))

    def totals(self, state: Any) -> tuple[int, ...]:
        """Each seat's total now (the game's ``totals``), remembered while the part of the state they
        come from (``totals_source``) is the same object: an env asks at every decision, and most
        decisions score nothing."""
        source = self._totals_source
        if source is None:
            found: tuple[int, ...] = self._game_totals(state)
            return found
        part = source(state)
        if part is self._last_source:
            return self._last_totals
        found = self._game_totals(state)
        self._last_source = part
        self._last_totals = found
        return found

    def new_state(self, seed: int) -> Any:
        return self._new_game(self.rules, self.players, seed)

    def apply(self, state: Any, seat: int, action: int) -> Any:
        names = self._names
        return self._apply(state, seat, action if names is None else names[action])

    def step(self, state: Any, actions: Sequence[int], seats: Sequence[int] | None = None) -> Any:
        """The state after each seat in ``to_act(state)`` (``seats``, when the caller has it) takes its action.

        One seat (a game of turns): ``apply`` (the game's own checks, without ``step``'s).
        """
        names = self._names
        if seats is not None and len(seats) == 1:
            return self._apply(state, seats[0], actions[0] if names is None else names[actions[0]])
        return self._step(state, actions if names is None else list(map(names.__getitem__, actions)))

    def observe_seats(self, state: Any) -> npt.NDArray[np.float32]:
        return self.encoder.observe_all(state)

    def round_rewards(self, before: Any, after: Any) -> tuple[int, ...]:
        """The change in each seat's total from ``before`` to ``after``."""
        return tuple(a - b for a, b in zip(self.totals(after), self.totals(before)))

    def describe(self, state: Any) -> str:
        """The public table as text: where the game is and each seat's total (no hidden card), the
        game's own (its rl module's ``describe``); then, in every game alike, who is to act."""
        if self._describe is not None:
            text: str = self._describe(state)
        else:
            totals = self.totals(state)
            lines = [f"round {state.round + 1}" + (", game over" if self.is_over(state) else "")]
            lines += [f"  player_{seat}: {counted(points, 'point'):>10}" for seat, points in enumerate(totals)]
            text = "\n".join(lines)
        seats = self.to_act(state)
        return text + ("\n  to act: " + ", ".join(f"player_{seat}" for seat in seats) if seats else "")


def _action_strings(rules: Any) -> tuple[str, ...]:
    """Every action id's string (``br.action_of``), in id order."""
    import boomerang_rules as br

    return tuple(br.action_of(rules, i) for i in range(br.num_actions(rules)))


def set_attributes(obj: object, state: dict[str, Any]) -> None:
    """``state``'s attributes set on ``obj`` one by one (an unpickled env's ``__setstate__``): writing
    ``obj.__dict__`` itself would give the object a dict of its own on CPython (no longer the values
    its class's instances share the keys of), and every attribute read of its steps a dict lookup."""
    for name, value in state.items():
        object.__setattr__(obj, name, value)


def load(rules: str | Any) -> Any:
    """A ruleset: ``rules`` itself, or the one ``load_rules`` loads of an id or a path (a ``str`` or
    a path object: ``pathlib.Path`` was refused as no ruleset)."""
    return loaded(rules)


def adapter_for(rules: str | Any, players: int) -> GameAdapter:
    """The adapter of the game ``rules`` is for; ``TypeError`` for no ruleset, ``ValueError`` for a game
    without one, or a bad player count."""
    loaded = load(rules)
    require_ruleset(loaded)
    encoder_for(loaded, players)  # checks the game and the player count
    return GameAdapter(loaded, players)


__all__ = ["Encoded", "GameAdapter", "adapter_for", "load", "set_attributes"]
