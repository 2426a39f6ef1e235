"""A vector env over the batched engine: many games at once, observations as arrays (extra ``batch``).

``VectorEnv(players=4, games=256)`` plays ``games`` games of Boomerang: Australia together
through ``boomerang_rules.batch``; every seat of every game acts at every step, so the
games move in lockstep and end together. Observations are ``observe``'s, for every game and
seat at once: ``(games, players, observation_size)`` float32, equal to
``observe(state, seat)`` of the same game played through the pure engine (game ``i`` is dealt
as ``new_game(rules, players, seed=seed + i)``).
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import batch as engine
from ..core.loading import load_rules
from .australia import layout

REWARDS = ("round", "final")


class VectorEnv:
    """``games`` games at once: ``reset`` and ``step`` return arrays for all of them."""

    def __init__(self, rules: Any = "standard", players: int = 4, games: int = 64, reward: str = "round") -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.rules = load_rules(rules) if isinstance(rules, str) else rules
        self.players = players
        self.games = games
        self.reward = reward
        lay = layout(self.rules, players)
        t = lay.tables
        self.observation_size = lay.size
        self.num_actions = lay.actions
        self._slices = {x.name: x for x in lay.spec}
        self._deck = t.deck_size
        self._hand = t.hand_size
        self._rounds = t.rounds
        self._kinds = len(t.activity_kinds)
        self._regions = len(self.rules.regions)
        self._rot = np.array([[(k + j) % players for j in range(players)] for k in range(players)], np.intp)
        self._eye = np.eye(t.deck_size, dtype=np.uint8)
        self._batch: Any = None

    def _fresh_round(self) -> None:
        n, d, h = self.players, self._deck, self._hand
        self._held = np.zeros((self.games, n, h - 1, d), np.uint8)
        self._throw = np.zeros((self.games, n, d), np.uint8)
        self._face = np.zeros((self.games, n, d), np.uint8)

    @staticmethod
    def _bits(masks: npt.NDArray[Any], width: int) -> npt.NDArray[np.uint8]:
        """The low ``width`` bits of each unsigned 64-bit mask, as a trailing axis of 0/1."""
        raw = np.ascontiguousarray(masks, dtype="<u8").view(np.uint8).reshape(*masks.shape, 8)
        return np.unpackbits(raw, axis=-1, bitorder="little")[..., :width]

    def reset(self, seed: int | None = None) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """New games (game ``i`` dealt from ``seed + i``): every seat's observation and legal-action mask."""
        if seed is None:
            seed = secrets.randbits(63)
        self._batch = engine.init(self.rules, self.players, self.games, seed)
        self._fresh_round()
        return self._observe(), engine.legal_masks(self._batch)

    def step(self, actions: npt.ArrayLike) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_],
                                                    npt.NDArray[np.float32], bool]:
        """One action id per seat of every game, ``(games, players)``: observations, masks, rewards, done.

        Raises ``IllegalAction`` naming the first illegal action (then nothing is applied).
        """
        b = self._batch
        if b is None:
            raise RuntimeError("call reset() before step()")
        hand_step = b.step
        hands = self._bits(b.hands, self._deck) if hand_step < self._hand - 1 else None
        b, points = engine.step(b, actions)
        if hands is not None:
            self._held[:, :, hand_step] = hands
            taken = self._eye[np.asarray(actions, np.int64)]  # a card's action id is its index
            if hand_step == 0:
                self._throw = taken
            else:
                self._face |= taken
            if hand_step == self._hand - 2:  # the Catch
                self._face |= self._eye[b.catch]
        if b.step == 0:
            self._fresh_round()
        done = bool(b.over)
        if self.reward == "round":
            rewards = points.astype(np.float32)
        else:
            rewards = b.totals.astype(np.float32) if done else np.zeros(points.shape, np.float32)
        return self._observe(), engine.legal_masks(b), rewards, done

    def totals(self) -> npt.NDArray[np.int32]:
        """Each seat's total so far, ``(games, players)``."""
        return engine.totals(self._batch)

    def _observe(self) -> npt.NDArray[np.float32]:
        b = self._batch
        g, n, d, h = self.games, self.players, self._deck, self._hand
        rot = self._rot
        s = self._slices
        obs = np.zeros((g, n, self.observation_size), np.float32)
        obs[:, :, s["hand"].start:s["hand"].stop] = self._bits(b.hands, d)
        obs[:, :, s["throw"].start:s["throw"].stop] = self._throw
        obs[:, :, s["held"].start:s["held"].stop] = self._held.reshape(g, n, (h - 1) * d)
        obs[:, :, s["face_up"].start:s["face_up"].stop] = self._face[:, rot].reshape(g, n, n * d)
        obs[:, :, s["sites"].start:s["sites"].stop] = self._bits(b.visited, d)[:, rot].reshape(g, n, n * d)
        over = b.round >= self._rounds
        obs[:, :, s["round"].start + b.round] = 1
        obs[:, :, s["step"].start + (0 if over else b.step)] = 1
        obs[:, :, s["regions_taken"].start:s["regions_taken"].stop] = self._bits(b.gone, self._regions)[:, None, :]
        used = (b.used_acts[:, :, None] >> np.arange(self._kinds)) & 1
        obs[:, :, s["activities_used"].start:s["activities_used"].stop] = used[:, rot].reshape(g, n, n * self._kinds)
        obs[:, :, s["scores"].start:s["scores"].stop] = b.totals[:, rot]
        return obs
