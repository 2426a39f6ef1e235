"""Boomerang: Australia for learning agents: observations, rewards and chance, as numpy arrays.

An observation is built from the state's own fields (hands, cards taken, progress), seen from
one seat: never another seat's hand or hidden Throw. Every card slice is one row per card in
the engine's card order (sorted ids), which is also the order of the card actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

import attrs
import numpy as np
import numpy.typing as npt

from ..australia.actions import action_of, legal_mask, num_actions
from ..australia.engine import deal_round, is_over, new_game
from ..australia.rules import Ruleset
from ..australia.sheets import score_sheets, winners
from ..australia.state import GameState
from ..australia.tables import NO_ACTIVITY, Tables, tables_for

FloatArray: TypeAlias = npt.NDArray[np.float32]


@attrs.frozen
class ObsSlice:
    """One named part of an observation: ``obs[start:stop]`` reshaped to ``shape``.

    ``rows`` names the first axis (seats are relative to the observer: ``+0`` is the observer,
    ``+1`` the next seat to its left); ``columns`` the last (card ids, regions, activities).
    """

    name: str
    start: int
    stop: int
    shape: tuple[int, ...]
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    description: str


def _relative(players: int) -> tuple[str, ...]:
    return tuple(f"+{j}" for j in range(players))


class _Layout:
    """How observations of one ruleset and player count are laid out and assembled."""

    def __init__(self, t: Tables, players: int, spec: tuple[ObsSlice, ...], size: int, high: FloatArray) -> None:
        self.tables = t
        self.players = n = players
        self.spec = spec
        self.size = size
        self.high = high
        self.deck = t.deck_size
        self.card_bytes = (t.deck_size + 7) // 8
        self.actions = num_actions(t.rules)
        self.mask_bytes = (self.actions + 7) // 8
        h = t.hand_size
        self.own_rows = h + 1
        """Card rows of the observer's own: its hand, its Throw, its held hands."""
        self.card_rows = h + 1 + 2 * n
        self.small_start = self.card_rows * t.deck_size
        by_name = {x.name: x for x in spec}
        self.activities = by_name["activities_used"]
        self.scores = by_name["scores"]
        self.rotations = np.array([[(k + j) % n for j in range(n)] for k in range(n)], np.intp)
        kinds = len(t.activity_kinds)
        self.activity_rows = np.array([[used >> i & 1 for i in range(kinds)] for used in range(1 << kinds)],
                                      np.float32).reshape(1 << kinds, kinds)
        self.small: dict[tuple[int, int, int], FloatArray] = {}
        self.progress: tuple[object, FloatArray, FloatArray, FloatArray] | None = None

    def small_part(self, round_no: int, step: int, regions: int) -> FloatArray:
        """The round, step and regions one-hots (memoised: few combinations occur)."""
        key = (round_no, step, regions)
        found = self.small.get(key)
        if found is None:
            t = self.tables
            g = len(t.rules.regions)
            found = np.zeros(t.rounds + 1 + t.hand_size + g, np.float32)
            found[round_no] = 1
            found[t.rounds + 1 + step] = 1
            for i in range(g):
                found[t.rounds + 1 + t.hand_size + i] = regions >> i & 1
            self.small[key] = found
        return found

    def progress_part(self, state: GameState) -> tuple[FloatArray, FloatArray, FloatArray]:
        """Sites, activities used and totals of every seat, kept while the finished rounds are the same."""
        progress = state.progress
        cached = self.progress
        if cached is not None and cached[0] is progress:
            return cached[1], cached[2], cached[3]
        cb, d = self.card_bytes, self.deck
        blob = b"".join(v.to_bytes(cb, "little") for v in progress.visited)
        sites = np.unpackbits(np.frombuffer(blob, np.uint8).reshape(self.players, cb), axis=1, count=d,
                              bitorder="little").astype(np.float32)
        used = self.activity_rows[list(progress.used_activities)]
        scores = np.array(totals(state), np.float32)
        self.progress = (progress, sites, used, scores)
        return sites, used, scores


_LAYOUTS: dict[tuple[Ruleset, int], _Layout] = {}


def _max_total(rules: Ruleset) -> int:
    """An upper bound of a seat's game total (for the observation space's bounds)."""
    t = tables_for(rules)
    h = t.hand_size
    numbers = sorted(t.number)
    collections = sum(sorted(t.collection_value)[-h:])
    collections = collections * 2 if collections <= t.double_limit else collections
    animals = (h // 2) * max(t.animal_values, default=0)
    activity = max(t.activity_table, default=0)
    per_round = numbers[-1] - numbers[0] + collections + animals + activity
    return t.rounds * per_round + t.deck_size * t.site_points + len(rules.regions) * t.region_bonus


def layout(rules: Ruleset, players: int) -> _Layout:
    """The observation layout for ``rules`` at ``players`` (made once, then shared)."""
    key = (rules, players)
    found = _LAYOUTS.get(key)
    if found is not None:
        return found
    low, high_players = rules.players.min, rules.players.max
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high_players:
        raise ValueError(f"{rules.id!r} is for {low} to {high_players} players, not {players!r}")
    t = tables_for(rules)
    n, h = players, t.hand_size
    regions = tuple(r.id for r in rules.regions)
    kinds = t.activity_kinds
    rounds = (*(f"round {r + 1}" for r in range(t.rounds)), "over")
    steps = ("throw", *(f"pick {k}" for k in range(1, h - 1)), "activity")
    seats = _relative(n)
    # (name, rows, columns, description): every part but the scores is bits
    parts: list[tuple[str, tuple[str, ...], tuple[str, ...], str]] = [
        ("hand", ("hand",), t.ids, "the cards the observer holds now"),
        ("throw", ("throw",), t.ids, "the observer's own Throw card this round (hidden from others)"),
        ("held", tuple(f"step {k}" for k in range(h - 1)), t.ids,
         "the hands the observer held at each earlier step of this round, the dealt hand first"),
        ("face_up", seats, t.ids, "each seat's face-up cards this round (picks, then the Catch)"),
        ("sites", seats, t.ids, "the sites each seat has crossed off so far"),
        ("round", ("round",), rounds, "which round is being played (one-hot; last: the game is over)"),
        ("step", ("step",), steps, "which decision of the round this is (one-hot)"),
        ("regions_taken", ("regions",), regions, "the regions whose bonus is gone"),
        ("activities_used", seats, kinds, "the activities each seat has scored in earlier rounds"),
    ]
    spec = []
    start = 0
    for name, rows, columns, description in parts:
        width = len(columns)
        stop = start + len(rows) * width
        shape = (width,) if len(rows) == 1 else (len(rows), width)
        spec.append(ObsSlice(name, start, stop, shape, rows if len(rows) > 1 else (), columns, description))
        start = stop
    spec.append(ObsSlice("scores", start, start + n, (n,), (), seats, "each seat's total so far (points)"))
    size = start + n
    high = np.ones(size, np.float32)
    high[start:] = _max_total(rules)
    found = _Layout(t, n, tuple(spec), size, high)
    _LAYOUTS[key] = found
    return found


def observation_size(rules: Ruleset, players: int) -> int:
    """The length of every observation of a ``players``-seat game under ``rules``."""
    return layout(rules, players).size


def observation_spec(rules: Ruleset, players: int) -> tuple[ObsSlice, ...]:
    """The named parts of an observation, in order: what each slice of ``observe`` holds."""
    return layout(rules, players).spec


def _own_rows(lay: _Layout, state: GameState) -> npt.NDArray[np.uint8]:
    """Every seat's hand, Throw, held hands and face-up cards, as 0/1 rows: ``(players, hand_size + 2, deck)``.

    Row order per seat: hand, Throw, the held hands (dealt hand first, empty rows after the
    current step), then its face-up cards.
    """
    t = lay.tables
    n = lay.players
    cb = lay.card_bytes
    h = t.hand_size
    taken = state.taken
    rows = len(taken) // n
    rnd = state.round
    blank = bytes(cb)
    own: list[list[bytes]] = [[blank] * (h + 2) for _ in range(n)]
    for s in range(n):
        own[s][0] = state.hands[s].to_bytes(cb, "little")
        if rows:
            own[s][1] = (1 << taken[s]).to_bytes(cb, "little")
            mask = 0
            for j in range(1, rows):
                mask |= 1 << taken[j * n + s]
            own[s][h + 1] = mask.to_bytes(cb, "little")
    # The hand dealt to origin seat o sits at seat o + k*d at step k. Rebuilt backwards from the
    # seat holding it now, adding back the card taken from it at each step.
    held_rows = 0 if rnd >= t.rounds else min(state.step, t.activity_step)
    if held_rows:
        d = t.directions[rnd]
        hands = state.hands
        for o in range(n):
            mask = hands[(o + rows * d) % n]
            for k in range(rows - 1, -1, -1):
                mask |= 1 << taken[k * n + (o + k * d) % n]
                if k < held_rows:
                    own[(o + k * d) % n][2 + k] = mask.to_bytes(cb, "little")
    blob = b"".join([b"".join(x) for x in own])
    raw = np.frombuffer(blob, np.uint8).reshape(n * (h + 2), cb)
    return np.unpackbits(raw, axis=1, count=lay.deck, bitorder="little").reshape(n, h + 2, lay.deck)


def observe(state: GameState, seat: int) -> FloatArray:
    """What ``seat`` sees of ``state``, as ``observation_size`` float32 numbers (see ``observation_spec``)."""
    if isinstance(seat, bool) or not isinstance(seat, int | np.integer) or not 0 <= seat < state.players:
        raise ValueError(f"seat {seat!r} does not exist in a {state.players}-player game")
    row: FloatArray = observe_seats(state, (int(seat),))[0]
    return row


def observe_seats(state: GameState, seats: Sequence[int] | None = None) -> FloatArray:
    """``observe`` for several seats at once (every seat by default), one row each."""
    lay = layout(state.rules, state.players)
    n, d = lay.players, lay.deck
    rot = lay.rotations if seats is None else lay.rotations[list(seats)]
    k = len(rot)
    own = _own_rows(lay, state)
    sites, used, scores = lay.progress_part(state)
    out = np.empty((k, lay.size), np.float32)
    cards = out[:, :lay.small_start].reshape(k, lay.card_rows, d)
    mine = rot[:, 0]
    cards[:, :lay.own_rows] = own[mine, :lay.own_rows]
    cards[:, lay.own_rows:lay.own_rows + n] = own[rot, lay.own_rows]
    cards[:, lay.own_rows + n:] = sites[rot]
    over = state.round >= lay.tables.rounds
    small = lay.small_part(state.round, 0 if over else state.step, state.progress.regions_taken)
    out[:, lay.small_start:lay.activities.start] = small
    out[:, lay.activities.start:lay.activities.stop] = used[rot].reshape(k, -1)
    out[:, lay.scores.start:] = scores[rot]
    return out


def action_masks(state: GameState, seats: Sequence[int]) -> npt.NDArray[np.int8]:
    """Each seat's legal actions as a 0/1 row of ``num_actions`` (all 0 when it owes no decision)."""
    lay = layout(state.rules, state.players)
    nb = lay.mask_bytes
    packed = b"".join([legal_mask(state, s).to_bytes(nb, "little") for s in seats])
    raw = np.frombuffer(packed, np.uint8).reshape(len(seats), lay.mask_bytes)
    return np.unpackbits(raw, axis=1, count=lay.actions, bitorder="little").view(np.int8)


_TOTALS: list[tuple[object, tuple[int, ...]]] = [(None, ())]


def totals(state: GameState) -> tuple[int, ...]:
    """Each seat's game total so far: every finished round, sites and region bonuses."""
    progress = state.progress
    last, found = _TOTALS[0]
    if last is progress:  # the same finished rounds as the last call (they change once a round)
        return found
    found = tuple(sheet.total for sheet in score_sheets(state))
    _TOTALS[0] = (progress, found)
    return found


def round_rewards(before: GameState, after: GameState) -> tuple[int, ...]:
    """The points each seat scored in the rounds that ended between ``before`` and ``after``.

    Zero for every seat while a round is being played; summed over a whole game (the first state
    to the last), each seat's final total.
    """
    if len(before.progress.rounds) == len(after.progress.rounds):
        return (0,) * after.players
    return tuple(a - b for a, b in zip(totals(after), totals(before)))


def win_rewards(state: GameState) -> tuple[int, ...]:
    """1 for each winning seat of a finished game (a shared win too), 0 for the others."""
    won = winners(state)
    return tuple(int(s in won) for s in range(state.players))


# --- chance --------------------------------------------------------------------------------


def new_undealt_game(rules: Ruleset, players: int) -> GameState:
    """A game with no dealer: it waits for each round's deal (``chance_outcomes``, ``deal``)."""
    return new_game(rules, players, undealt_ok=True)


def waiting_for_deal(state: GameState) -> bool:
    """Whether ``state`` waits for its next round to be dealt (nobody to act, not over)."""
    return not state.waiting and not state.step and not is_over(state)


def deck_layers(state: GameState) -> tuple[int, ...]:
    """The deck before this round's deal as layers (bit masks), top first; each layer's order is uniform.

    Round 1 (and every round under ``reshuffle``, or when the deal takes the whole deck): one
    layer, the whole deck. Later rounds (``deal-first``): the cards set aside last round stay on
    top, and the cards used last round, shuffled, go below them. Built from past deals alone,
    which every player knows once a round's cards are all revealed.
    """
    t = tables_for(state.rules)
    full = (1 << t.deck_size) - 1
    take = state.players * t.hand_size
    layers: list[int] = [full]
    for result in state.progress.rounds[:state.round]:
        if t.reshuffle or take == t.deck_size:
            layers = [full]
            continue
        used = 0
        for mask in result.dealt:
            used |= mask
        layers = [rest for rest in (layer & ~used for layer in layers) if rest]
        layers.append(used)
    return tuple(layers)


def chance_outcomes(state: GameState, dealt: Sequence[int] = ()) -> list[tuple[int, float]]:
    """The next card of this round's deal and its probability, for each card it may be.

    The deal goes card by card from the top of the deck, round-robin from seat 0 (card ``p``
    to seat ``p % players``), as the dealer deals; ``dealt`` lists the action ids of the cards
    dealt so far. Outcomes are card action ids (a card's id is its index in the engine's order).
    Empty when the deal is complete or ``state`` waits for no deal.
    """
    if not waiting_for_deal(state):
        return []
    t = tables_for(state.rules)
    if len(dealt) >= state.players * t.hand_size:
        return []
    gone = 0
    for card in dealt:
        gone |= 1 << card
    for layer in deck_layers(state):
        left = layer & ~gone
        if left:
            cards = [i for i in range(t.deck_size) if left >> i & 1]
            p = 1.0 / len(cards)
            return [(c, p) for c in cards]
    return []


def deal(state: GameState, hands: Sequence[Sequence[str | int]]) -> GameState:
    """``state``, waiting for its deal, dealt ``hands`` (each seat's cards, as ids or action ids)."""
    named = [[c if isinstance(c, str) else action_of(state.rules, int(c)) for c in hand] for hand in hands]
    return deal_round(state, named)


def deal_in_order(state: GameState, cards: Sequence[int]) -> GameState:
    """``deal`` from the cards in the order ``chance_outcomes`` drew them (card ``p`` to seat ``p % n``)."""
    n = state.players
    return deal(state, [list(cards[s::n]) for s in range(n)])


__all__ = ["NO_ACTIVITY", "ObsSlice", "action_masks", "chance_outcomes", "deal", "deal_in_order", "deck_layers",
           "new_undealt_game", "observation_size", "observation_spec", "observe", "observe_seats", "round_rewards",
           "totals", "waiting_for_deal", "win_rewards"]
