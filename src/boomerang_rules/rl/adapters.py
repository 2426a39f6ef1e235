"""What a framework adapter needs of one game, behind one small interface.

The PettingZoo envs are written once over ``GameAdapter``; each game the library ships gives
one (``adapter_for``). Actions are integers throughout (the game's fixed numbering), states
are the game's own immutable states.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from ..australia.rules import Ruleset


class GameAdapter(Protocol):
    """One game at one player count, as the envs drive it."""

    game: str
    rules: Any
    players: int
    num_actions: int
    observation_size: int
    observation_high: npt.NDArray[np.float32]
    needs_words: bool
    """Whether ``encode`` reads what ``advance`` keeps (an env may skip ``advance`` when not)."""

    def new_state(self, seed: int) -> Any: ...

    def to_act(self, state: Any) -> tuple[int, ...]: ...

    def is_over(self, state: Any) -> bool: ...

    def legal_mask(self, state: Any, seat: int) -> int: ...

    def apply(self, state: Any, seat: int, action: int) -> Any: ...

    def step(self, state: Any, actions: Sequence[int]) -> Any: ...

    def observe_seats(self, state: Any) -> npt.NDArray[np.float32]: ...

    def action_masks(self, state: Any, seats: Sequence[int]) -> npt.NDArray[np.int8]: ...

    def encode(self, state: Any, words: Any = None) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], list[int]]:
        """Every seat's observation and action mask, and the legal masks as integers.

        ``words``: what the adapter's ``advance`` kept of the last state (faster), or None.
        """

    def advance(self, words: Any, before: Any, after: Any) -> Any:
        """What ``encode`` needs of ``after``, updated from ``words`` of ``before`` (``None``: start afresh)."""

    def round_rewards(self, before: Any, after: Any) -> tuple[int, ...]: ...

    def may_score(self, before: Any, after: Any) -> bool:
        """False when ``totals`` cannot differ between the two states (an env then need not ask)."""

    def totals(self, state: Any) -> tuple[int, ...]: ...

    def winners(self, state: Any) -> tuple[int, ...]: ...

    def describe(self, state: Any) -> str: ...


class AustraliaAdapter:
    """Boomerang: Australia."""

    game = "boomerang-australia"

    def __init__(self, rules: Ruleset, players: int) -> None:
        from ..australia import actions, engine, sheets
        from . import australia

        self._engine = engine
        self._sheets = sheets
        self._obs = australia
        self.rules = rules
        self.players = players
        lay = australia.layout(rules, players)
        self.num_actions = lay.actions
        self.observation_size = lay.size
        self.observation_high = lay.high
        self.legal_mask = actions.legal_mask
        self.to_act = engine.to_act
        self.is_over = engine.is_over
        self.round_rewards = australia.round_rewards
        self.totals = australia.totals
        self.winners = sheets.winners
        self.action_masks = australia.action_masks
        self.observe_seats = australia.observe_seats
        self.encode = lay.encode
        self._layout = lay
        self._static_words = australia.static_words
        self._advance_words = australia.advance_words
        self.needs_words = australia.needs_words(lay)
        """Whether ``encode`` reads what ``advance`` keeps (the plain encoder); the compiled one reads the state."""
        self._step = engine.step

    def new_state(self, seed: int) -> Any:
        return self._engine.new_game(self.rules, self.players, seed)

    def apply(self, state: Any, seat: int, action: int) -> Any:
        return self._engine.apply(state, seat, action)

    def step(self, state: Any, actions: Sequence[int]) -> Any:
        return self._step(state, actions)

    def advance(self, words: Any, before: Any, after: Any) -> Any:
        if not self.needs_words:
            return None
        if words is None:
            return self._static_words(after)
        return self._advance_words(words, before, after, self._layout)

    def may_score(self, before: Any, after: Any) -> bool:
        """Totals change with the finished rounds, which live in a state's round context (shared within a round)."""
        return before[0] is not after[0]

    def describe(self, state: Any) -> str:
        """The public table: round, step, face-up cards and totals (no hidden card)."""
        t = self._obs.layout(state.rules, state.players).tables
        n = state.players
        taken = state.taken
        lines = [f"round {min(state.round + 1, t.rounds)} of {t.rounds}, "
                 + ("game over" if self.is_over(state) else f"step {state.step}")]
        totals = self.totals(state)
        for seat in range(n):
            face = " ".join(t.ids[taken[j * n + seat]] for j in range(1, len(taken) // n))
            lines.append(f"  player_{seat}: {totals[seat]:>3} points  face up: {face or '-'}")
        return "\n".join(lines)


class GenericAdapter:
    """A game read through the library's top-level functions and the game's own ``observe``.

    Simpler and slower than Australia's: one ``observe`` a seat, each from scratch.
    """

    def __init__(self, rules: Any, players: int, observe: Any, size: int, high: Any,
                 names: tuple[str, ...] | None = None, legal_mask: Any = None) -> None:
        import boomerang_rules as br

        self._br = br
        self.game = rules.game
        self.rules = rules
        self.players = players
        self._names = names
        """The game's actions by number, when the game numbers none of its own."""
        self.num_actions = len(names) if names is not None else br.num_actions(rules)
        self.needs_words = False
        self.observation_size = size
        self.observation_high = high
        self._observe = observe
        self.to_act = br.to_act
        self.is_over = br.is_over
        self.legal_mask = legal_mask or br.legal_mask
        self.winners = br.winners

    def new_state(self, seed: int) -> Any:
        return self._br.new_game(self.rules, self.players, seed)

    def _action(self, action: Any) -> Any:
        if self._names is None:
            return action
        if isinstance(action, bool) or not isinstance(action, int | np.integer) or not 0 <= action < len(self._names):
            raise ValueError(f"{action!r} is not an action id (0 to {len(self._names) - 1})")
        return self._names[int(action)]

    def apply(self, state: Any, seat: int, action: int) -> Any:
        return self._br.apply(state, seat, self._action(action))

    def step(self, state: Any, actions: Sequence[int]) -> Any:
        return self._br.step(state, [self._action(a) for a in actions])

    def observe_seats(self, state: Any) -> npt.NDArray[np.float32]:
        return np.stack([self._observe(state, s) for s in range(self.players)])

    def action_masks(self, state: Any, seats: Sequence[int]) -> npt.NDArray[np.int8]:
        return np.array([[m >> i & 1 for i in range(self.num_actions)]
                         for m in (self.legal_mask(state, s) for s in seats)], np.int8).reshape(-1, self.num_actions)

    def encode(self, state: Any, words: Any = None) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], list[int]]:
        seats = range(self.players)
        return self.observe_seats(state), self.action_masks(state, seats), [self.legal_mask(state, s) for s in seats]

    def advance(self, words: Any, before: Any, after: Any) -> Any:
        return None

    def totals(self, state: Any) -> tuple[int, ...]:
        return tuple(int(sheet.total) for sheet in self._br.score_sheets(state))

    def may_score(self, before: Any, after: Any) -> bool:
        return True

    def round_rewards(self, before: Any, after: Any) -> tuple[int, ...]:
        """The change in each seat's score from ``before`` to ``after`` (this game scores as it goes)."""
        return tuple(a - b for a, b in zip(self.totals(after), self.totals(before)))

    def describe(self, state: Any) -> str:
        totals = self.totals(state)
        lines = [f"round {state.round + 1}" + (", game over" if self.is_over(state) else "")]
        lines += [f"  player_{seat}: {points:>3} points" for seat, points in enumerate(totals)]
        return "\n".join(lines)


def load(rules: str | Any) -> Any:
    """A ruleset: ``rules`` itself, or the shipped ruleset with that id."""
    if not isinstance(rules, str):
        return rules
    from ..core.loading import load_rules

    return load_rules(rules)


def adapter_for(rules: str | Any, players: int) -> GameAdapter:
    """The adapter of the game ``rules`` is for; ``ValueError`` for a game without one."""
    loaded = load(rules)
    game = getattr(loaded, "game", None)
    if game == AustraliaAdapter.game:
        from .australia import layout

        layout(loaded, players)  # checks the player count
        return AustraliaAdapter(loaded, players)
    if game == "boomerang-2010":
        from . import boomerang2010 as b10

        size = b10.observation_size(loaded, players)
        return GenericAdapter(loaded, players, b10.observe, size, b10.observation_high(loaded, players))
    if game == "sea-salt-paper":
        from . import seasaltpaper as ssp

        size = ssp.observation_size(loaded, players)
        return GenericAdapter(loaded, players, ssp.observe, size, ssp.observation_high(loaded, players),
                              ssp.action_names(loaded), ssp.legal_mask)
    raise ValueError(f"no reinforcement-learning adapter for game {game!r}")
