"""OpenSpiel games for Boomerang: Australia (the extra ``openspiel``). Importing registers them.

- ``boomerang_australia``: simultaneous moves (every seat decides each step at once),
  explicit chance (each round is dealt card by card from the top of the deck, as the dealer
  deals: see ``chance_outcomes``), imperfect information, general sum, terminal rewards (each
  seat's final total). Parameters ``players`` (default 4) and ``rules`` (a shipped ruleset id
  or a file path, default ``standard``).
- ``boomerang_australia_turn_based``: the same game with the seats of a step deciding one
  after another, lowest seat first, none seeing the choices made before it in that step; for
  algorithms that need a sequential game (ISMCTS, MCCFR). ``resample_from_infostate`` draws a
  state from the acting seat's information set with ``determinize``.

Observation tensors are ``boomerang_rules.rl.observe``; information-state strings are the
seat's whole ``view`` (everything it has seen, so perfect recall). A state holds the engine's
immutable state, so cloning shares it instead of copying it.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from ..australia.determinize import determinize
from ..australia.engine import apply, is_over, step, to_act
from ..australia.sheets import score_sheets
from ..australia.view import view
from ..core.loading import load_rules
from .australia import (
    _max_total,
    chance_outcomes,
    deal_in_order,
    layout,
    new_undealt_game,
    observe,
    waiting_for_deal,
)

_DEFAULTS = {"players": 4, "rules": "standard"}


class _Shared:
    """A reference that ``copy.deepcopy`` (OpenSpiel's clone of a Python state) shares, not copies."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Shared, (self.value,))


def _game_type(short_name: str, long_name: str, simultaneous: bool) -> pyspiel.GameType:
    standard = load_rules("standard")
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=standard.players.max,
        min_num_players=standard.players.min,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_DEFAULTS,
    )


_SIMULTANEOUS = _game_type("boomerang_australia", "Boomerang: Australia", True)
_TURN_BASED = _game_type("boomerang_australia_turn_based", "Boomerang: Australia (seats in turn)", False)


class BoomerangGame(pyspiel.Game):  # type: ignore[misc]
    """Boomerang: Australia with simultaneous steps."""

    turn_based = False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULTS, **(params or {})}
        rules = load_rules(str(params["rules"]))
        players = int(params["players"])
        lay = layout(rules, players)
        t = lay.tables
        moves = 2 * t.rounds * players * t.hand_size  # every card dealt, every decision
        info = pyspiel.GameInfo(num_distinct_actions=lay.actions, max_chance_outcomes=t.deck_size,
                                num_players=players, min_utility=0.0, max_utility=float(_max_total(rules)),
                                utility_sum=None, max_game_length=moves)
        super().__init__(_TURN_BASED if self.turn_based else _SIMULTANEOUS, info, params)
        self.rules = rules
        self.players = players
        self.size = lay.size

    def new_initial_state(self) -> BoomerangState:
        return BoomerangState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BoomerangObserver:
        return BoomerangObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def observation_tensor_shape(self) -> list[int]:
        return [self.size]


class BoomerangTurnBasedGame(BoomerangGame):
    """Boomerang: Australia with the seats of each step deciding in turn."""

    turn_based = True


class BoomerangState(pyspiel.State):  # type: ignore[misc]
    """A position: the engine's immutable state, and the cards dealt so far of a deal under way."""

    def __init__(self, game: BoomerangGame, engine_state: Any = None) -> None:
        super().__init__(game)
        self._game = _Shared(game)
        self._engine = _Shared(engine_state if engine_state is not None
                               else new_undealt_game(game.rules, game.players))
        self._dealing: tuple[int, ...] = ()

    @property
    def engine_state(self) -> Any:
        """The library's own state of this position."""
        return self._engine.value

    def current_player(self) -> int:
        s = self._engine.value
        if is_over(s):
            return int(pyspiel.PlayerId.TERMINAL)
        if waiting_for_deal(s):
            return int(pyspiel.PlayerId.CHANCE)
        if self._game.value.turn_based:
            return int(to_act(s)[0])
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def _legal_actions(self, player: int) -> list[int]:
        s = self._engine.value
        if self._game.value.turn_based and (is_over(s) or waiting_for_deal(s) or player != to_act(s)[0]):
            return []
        from ..australia.actions import legal_mask

        mask = legal_mask(s, player)
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return chance_outcomes(self._engine.value, self._dealing)

    def _apply_action(self, action: int) -> None:
        s = self._engine.value
        if waiting_for_deal(s):
            self._dealing = (*self._dealing, int(action))
            if not chance_outcomes(s, self._dealing):
                self._engine = _Shared(deal_in_order(s, self._dealing))
                self._dealing = ()
            return
        self._engine = _Shared(apply(s, to_act(s)[0], int(action)))

    def _apply_actions(self, actions: list[int]) -> None:
        self._engine = _Shared(step(self._engine.value, [int(a) for a in actions]))

    def _action_to_string(self, player: int, action: int) -> str:
        from ..australia.actions import action_of

        name = action_of(self._game.value.rules, int(action))
        return f"deal {name}" if player == pyspiel.PlayerId.CHANCE else name

    def is_terminal(self) -> bool:
        return bool(is_over(self._engine.value))

    def returns(self) -> list[float]:
        s = self._engine.value
        if not is_over(s):
            return [0.0] * s.players
        return [float(sheet.total) for sheet in score_sheets(s)]

    def rewards(self) -> list[float]:
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BoomerangState:
        """A state drawn from ``player_id``'s information set (``determinize``), as ISMCTS asks.

        Seats that have already decided this step (in turn order) decide again at random in the
        sample: their choices are hidden. The sample deals later rounds itself (no chance nodes).
        """
        s = self._engine.value
        game = self._game.value
        if is_over(s) or waiting_for_deal(s) or self._dealing:
            return self.clone()  # type: ignore[no-any-return]
        rng = random.Random(int(probability_sampler() * 2**53))
        sample = determinize(view(s, player_id), rng)
        owing = set(to_act(s))
        from ..australia.engine import legal_actions

        for seat in to_act(sample):
            if seat not in owing:
                sample = apply(sample, seat, rng.choice(legal_actions(sample, seat)))
        return BoomerangState(game, sample)

    def __str__(self) -> str:
        s = self._engine.value
        t = layout(s.rules, s.players).tables
        lines = [f"round {s.round + 1} step {s.step}" + (f" dealing {len(self._dealing)}" if self._dealing else "")]
        for seat in range(s.players):
            lines.append(f"seat {seat}: hand {' '.join(t.hand_ids(s.hands[seat])) or '-'}; "
                         f"taken {' '.join(t.ids[c] for c in s.drafted[seat]) or '-'}")
        return "\n".join(lines)


class BoomerangObserver:
    """Observations (``observe``) and information states (the seat's ``view``), per OpenSpiel's PyObserver."""

    def __init__(self, game: BoomerangGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        self.dict: dict[str, np.ndarray] = {}
        self.tensor: np.ndarray | None = None
        if not self.perfect_recall:
            lay = layout(game.rules, game.players)
            self.tensor = np.zeros(lay.size, np.float32)
            self._private = [x for x in lay.spec if x.name in ("hand", "throw", "held")]
            for x in lay.spec:
                self.dict[x.name] = self.tensor[x.start:x.stop].reshape(x.shape)

    def set_from(self, state: BoomerangState, player: int) -> None:
        if self.tensor is None:
            return
        self.tensor[:] = observe(state.engine_state, player)
        if not self.private:
            for x in self._private:
                self.tensor[x.start:x.stop] = 0
        if not self.public:
            keep = {x.name for x in self._private} if self.private else set()
            for name, part in self.dict.items():
                if name not in keep:
                    part[...] = 0

    def string_from(self, state: BoomerangState, player: int) -> str:
        v = view(state.engine_state, player)
        if self.perfect_recall:
            private = f"seat {v.seat} hand {v.hand} throw {v.throw} held {v.held} chosen {v.chosen}"
            public = (f"round {v.round} phase {v.phase} pick {v.pick} face up {v.face_up} "
                      f"past {v.past_rounds} used {v.activities_used}")
        else:
            private = f"seat {v.seat} hand {' '.join(v.hand)} throw {v.throw or '-'}"
            public = (f"round {v.round + 1} {v.phase} {v.pick or ''} face up "
                      + " | ".join(" ".join(f) for f in v.face_up)
                      + " scores " + " ".join(str(sheet.total) for sheet in v.sheets))
        parts = ([private] if self.private else []) + ([public] if self.public else [])
        return "; ".join(parts)


pyspiel.register_game(_SIMULTANEOUS, BoomerangGame)
pyspiel.register_game(_TURN_BASED, BoomerangTurnBasedGame)
