"""Boomerang: Australia's packed observation layout (``rl.australia``'s observations, made fast).

A ruleset and player count's ``_Layout`` says where every bit of a seat's observation comes from;
``encode`` packs each seat's changing cards into one integer (``static_words`` and
``advance_words`` keep the rows that only grow within a round), the finished rounds into a
``Template``, and gathers every seat's observation and mask through one fixed index: in C
(``_encode.fill``) where it is built, else ``encode_plain``, the reference. The totals packed after
the bits (``totals``, bounded by ``_max_total``) live here too, as the layout reads them; the
field table the layout is the fast path of is ``rl.australia.fields``.
"""

from __future__ import annotations

import functools
import os
from typing import Any, NamedTuple, Protocol, TypeAlias

import numpy as np
import numpy.typing as npt

from ..australia.actions import legal_mask, num_actions
from ..australia.engine import to_act
from ..australia.rules import Ruleset
from ..australia.state import GameState, check_state
from ..australia.tables import Tables, tables_for
from ..core.arguments import not_a
from ..core.seats import plays_for
from .encoding import (
    FLOAT32,
    INT8,
    Encoded,
    ObsSlice,
    SeatDicts,
    encoder_for,
    relative_seats,
    seat_rows_plain,
)

FloatArray: TypeAlias = npt.NDArray[np.float32]


class Template(NamedTuple):
    """A game's finished rounds as the encoders read them: the bits they append after the seats'
    (sites visited, regions taken, activities used), the totals and the totals scaled."""

    progress: object
    blob: bytes
    scores: tuple[int, ...]
    scaled: tuple[float, ...]

try:
    if os.environ.get("BOOMERANG_RULES_PURE"):
        raise ImportError("the plain Python code was asked for")
    from ._encode import fill as _fill
    from ._encode import fill_seats as _fill_seats
except ImportError:  # not built (no compiler at install), or not wanted: encode_plain serves
    _fill = None  # type: ignore[assignment]
    _fill_seats = None  # type: ignore[assignment]

COMPILED = _fill is not None
"""Whether ``encode`` serves the compiled encoder (``_encode`` built, ``BOOMERANG_RULES_PURE`` not set)."""

_PLAN_FIELDS = 16
"""Integers before the directions in a ``_Layout.plan`` (the order of ``_encode.c``'s enum)."""


def _runs(index: npt.NDArray[np.intp], bits: int) -> list[tuple[int, int, int]]:
    """``index`` as runs (start in the flat observations, first source, length) of consecutive sources.

    A source below ``bits`` is a bit of the packed bytes in little-endian order (the index's
    ``p ^ 7`` undone), from ``bits`` on a seat's score.
    """
    runs: list[tuple[int, int, int]] = []
    for i, q in enumerate(index.reshape(-1).tolist()):
        src = q ^ 7 if q < bits else q
        if runs:
            start, first, length = runs[-1]
            if start + length == i and first + length == src and (first < bits) == (src < bits):
                runs[-1] = (start, first, length + 1)
                continue
        runs.append((i, src, 1))
    return runs


_relative = relative_seats


class _Layout:
    """How observations of one ruleset and player count are laid out and assembled.

    Everything a step changes (each seat's hand, Throw, held hands, face-up cards, legal
    actions, round and step) is packed into one integer a seat; the bits that change once a
    round (sites, regions taken, activities used) are packed once a round and appended; one
    numpy call unpacks them all into a float buffer whose tail holds the scores. One gather
    through a fixed index then makes every seat's observation, and another every seat's
    action mask: a handful of numpy calls a step, whatever the number of seats, because each
    call's fixed cost (not the copying) is what an env stepping one game pays.
    """

    def __init__(self, t: Tables, players: int, spec: tuple[ObsSlice, ...], size: int, high: FloatArray) -> None:
        self.tables = t
        self.players = n = players
        self.spec = spec
        self.size = size
        self.high = high
        d = self.deck = t.deck_size
        h = t.hand_size
        self.row_bits = cb = (d + 7) // 8 * 8
        """Bits of one card row in a seat's packed integer (whole bytes)."""
        self.actions = num_actions(t.rules)
        self.rounds = t.rounds
        self.activity_step = t.activity_step
        self.mask_shift = (h + 2) * cb
        self.face_shift = (h + 1) * cb
        self.round_shift = self.mask_shift + self.actions
        self.step_shift = self.round_shift + t.rounds + 1
        self.seat_bytes = (self.step_shift + h + 7) // 8
        seat_bits = self.seat_bytes * 8
        bits_len = n * seat_bits
        kinds = len(t.activity_kinds)
        regions = len(t.rules.regions)
        self.template_bits = n * d + regions + n * kinds
        """Sites, regions taken and activities used: bits that change once a round, packed after the seats'."""
        self.template_bytes = (self.template_bits + 7) // 8
        all_bits = bits_len + self.template_bytes * 8
        index = np.empty((n, size), np.intp)
        for k in range(n):
            row: list[int] = []
            for r in range(h + 1):  # hand, Throw, held hands: the observer's own rows
                row += [k * seat_bits + r * cb + c for c in range(d)]
            for j in range(n):  # face-up cards
                row += [(k + j) % n * seat_bits + (h + 1) * cb + c for c in range(d)]
            base = bits_len
            for j in range(n):  # sites
                row += [base + (k + j) % n * d + c for c in range(d)]
            base += n * d
            row += [k * seat_bits + self.round_shift + i for i in range(t.rounds + 1)]
            row += [k * seat_bits + self.step_shift + i for i in range(h)]
            row += [base + i for i in range(regions)]
            base += regions
            for j in range(n):  # activities used
                row += [base + (k + j) % n * kinds + a for a in range(kinds)]
            row += [all_bits + (k + j) % n for j in range(n)]  # scores, after the bits
            index[k] = row
        # The packed bits are unpacked most significant bit first (numpy's default order, the
        # faster call): bit p of the little-endian blob lands at p ^ 7.
        index[index < all_bits] ^= 7
        self.index = index
        self.mask_index = np.array([[(k * seat_bits + self.mask_shift + i) ^ 7 for i in range(self.actions)]
                                    for k in range(n)], np.intp)
        self.bits = all_bits
        self.template_now: Template = Template(None, bytes(self.template_bytes), (0,) * n, (0.0,) * n)
        """The finished rounds last read (``template``): one immutable tuple, replaced whole, so that a
        caller reads a round's bits and scores together even while another thread moves it on."""
        self.template_start = self.template_now
        """The template of a game with no round finished: every bit 0, every total 0 (``template``)."""
        self.score_bound = float(_max_total(t.rules))
        """What the scaled encoder divides the totals by (``_max_total``)."""
        self.encode = _encoder(self)
        """``encode`` for this layout (the compiled encoder or the plain one, as ``encode`` chooses)."""
        self.encode_scaled = _encoder(self, scaled=True)
        """``encode`` with the totals divided by ``score_bound`` (the compiled fast path of ``encoder``)."""
        self.encode_seat_scaled = _seat_encoder(self)
        """One seat's ``encode_scaled`` row, mask row and legal mask, written alone (a single-agent env's call)."""
        self.seat_dicts_scaled = _dicts_encoder(self)
        """Every seat's ``encode_scaled`` row and mask row as a PettingZoo env hands them out, each in arrays of
        its own, written from one packing of the state (a parallel env's call: ``Encoder.seat_dicts``)."""
        self.seat_runs: tuple[bytes, ...] = ()
        """Each seat's row of ``index`` as runs (``_runs``), starts within the row: what ``encode_seat_scaled``
        hands the compiled encoder, which then writes that seat's row alone."""
        self.plan: bytes | None = None
        """What the compiled encoder follows (None: ``encode_plain`` serves): the geometry above as
        int64s, each round's passing direction, then ``index`` as runs of consecutive bits (``_runs``)."""
        if COMPILED and n <= 16 and d <= 64 and self.actions <= 64 and all_bits // 8 <= 8192 and all_bits + n < 2**31:
            runs = _runs(index, all_bits)
            header = [n, d, cb, h, self.seat_bytes, self.face_shift, self.mask_shift, self.round_shift,
                      self.step_shift, all_bits, size, self.actions, t.rounds, t.activity_step, self.template_bytes,
                      len(runs)]
            assert len(header) == _PLAN_FIELDS
            self.plan = (np.array(header + list(t.directions), "<i8").tobytes()
                         + np.array(runs, "<i4").reshape(-1).tobytes())
            self.seat_runs = tuple(np.array(_runs(index[k:k + 1], all_bits), "<i4").reshape(-1).tobytes()
                                   for k in range(n))

    @property
    def template_blob(self) -> bytes:
        """The template bits of the finished rounds last read, as ``encode`` appends them to the seats' bytes."""
        return self.template_now.blob

    @property
    def scores(self) -> tuple[int, ...]:
        """The totals of the finished rounds last read."""
        return self.template_now.scores

    @property
    def scaled_scores(self) -> tuple[float, ...]:
        """``scores`` divided by ``score_bound``, as the observations of ``encoder`` hold them."""
        return self.template_now.scaled

    def compiled_inputs(self, state: GameState) -> tuple[int, list[int], Template]:
        """What the compiled encoder reads beside ``state``: its round, every seat's legal mask and its
        finished rounds' ``Template``. A state of another shape is an error (the callers then read it
        plainly)."""
        context, step, hands, _, _, _ = state
        progress = context.progress
        template = self.template_now
        if progress is not template.progress:
            template = self.template(state)
        owing = to_act(state)
        if len(owing) == self.players:  # every seat owes its decision (as encode_plain tells it)
            if step < self.activity_step:  # a pick (or the Throw): its hand's cards
                return context.round, list(hands), template
            choices = self.tables.activity_masks  # the activity choice
            return context.round, [choices[used] for used in progress.used_activities], template
        return context.round, [legal_mask(state, s) if s in owing else 0 for s in range(self.players)], template

    def template(self, state: GameState) -> Template:
        """``state``'s finished rounds as the encoders read them (``template_now``, kept until they differ)."""
        progress = state.progress
        now = self.template_now
        if progress is now.progress:
            return now
        if not progress.rounds and not progress.regions_taken and not any(progress.visited) \
                and not any(progress.used_activities):  # a new game: nothing to pack or total
            start = self.template_start
            now = Template(progress, start.blob, start.scores, start.scaled)
            self.template_now = now
            return now
        t = self.tables
        d = self.deck
        kinds = len(t.activity_kinds)
        regions = len(t.rules.regions)
        word = shift = 0
        for mask in progress.visited:
            word |= (mask & ((1 << d) - 1)) << shift
            shift += d
        word |= (progress.regions_taken & ((1 << regions) - 1)) << shift
        shift += regions
        for mask in progress.used_activities:
            word |= (mask & ((1 << kinds) - 1)) << shift
            shift += kinds
        scores = totals(state)
        now = Template(progress, word.to_bytes(self.template_bytes, "little"), scores,
                       tuple(x / self.score_bound for x in scores))
        self.template_now = now
        return now

    def source(self, state: GameState) -> tuple[FloatArray, bytes]:
        """A fresh buffer for ``index`` to gather from, ``state``'s scores written after the bits (the
        caller writes those), and the template bits to pack after the seats' (of the same rounds)."""
        template = self.template(state)
        buffer = np.empty(self.bits + self.players, FLOAT32)
        buffer[self.bits:] = template.scores
        return buffer, template.blob


_LAYOUTS: dict[tuple[Ruleset, int], _Layout] = {}


def _max_total(rules: Ruleset) -> int:
    """An upper bound of a seat's game total (for the observation space's bounds)."""
    t = tables_for(rules)
    h = t.hand_size
    numbers = sorted(t.number)
    best = sum(sorted(t.collection_value)[-h:])
    collections = max(best, 2 * min(best, t.double_limit))  # a sum within the limit, doubled, may beat the best
    animals = (h // 2) * max(t.animal_values, default=0)
    activity = max(t.activity_table, default=0)
    per_round = numbers[-1] - numbers[0] + collections + animals + activity
    return t.rounds * per_round + t.deck_size * t.site_points + len(rules.regions) * t.region_bonus


_BY_ID: dict[tuple[int, int], tuple[Ruleset, _Layout]] = {}


def layout(rules: Ruleset, players: int) -> _Layout:
    """The observation layout for ``rules`` at ``players`` (made once, then shared)."""
    by_id = _BY_ID.get((id(rules), players))
    if by_id is not None and by_id[0] is rules:  # the same object: no need to hash the ruleset
        return by_id[1]
    key = (rules, players)
    found = _LAYOUTS.get(key)
    if found is not None:
        _BY_ID[(id(rules), players)] = (rules, found)
        return found
    low, high_players = rules.players.min, rules.players.max
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high_players:
        raise ValueError(f"{plays_for(rules)}, not {players!r}")
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
    if len(_BY_ID) > 256:
        _BY_ID.clear()
    _BY_ID[(id(rules), players)] = (rules, found)
    return found


def observation_size(rules: Ruleset, players: int) -> int:
    """The length of every observation of a ``players``-seat game under ``rules``."""
    return layout(rules, players).size


def observation_spec(rules: Ruleset, players: int) -> tuple[ObsSlice, ...]:
    """The named parts of an observation, in order: what each slice of ``observe`` holds."""
    return layout(rules, players).spec


def static_words(state: GameState) -> list[int]:
    """Each seat's Throw, held hands and face-up cards, packed as ``encode`` packs them.

    Row order in a seat's packed integer: hand, Throw, the held hands (dealt hand first, empty
    rows after the current step), its face-up cards, then the legal-action mask. The hand and
    the mask change at every step and are added by ``encode``; these rows only grow within a
    round, so an env stepping through a game updates them with ``advance_words``.
    """
    check_state(state)
    lay = layout(state.rules, state.players)
    t = lay.tables
    n = lay.players
    cb = lay.row_bits
    taken = state.taken
    rows = len(taken) // n
    face_shift = (t.hand_size + 1) * cb
    words = []
    for s in range(n):
        word = 0
        if rows:
            word = 1 << taken[s] + cb
            for j in range(1, rows):
                word |= 1 << taken[j * n + s] + face_shift
        words.append(word)
    for s, rows_held in enumerate(held_hands(state)):
        for k, mask in enumerate(rows_held):
            words[s] |= mask << (2 + k) * cb
    return words


def held_hands(state: GameState) -> list[list[int]]:
    """The hands each seat held at each earlier step of this round (the dealt hand first), as bit masks.

    ``activity_step - 1`` rows a seat, 0 for a step not reached yet.
    """
    t = tables_for(state.rules)
    n = state.players
    taken = state.taken
    rows = len(taken) // n
    rnd = state.round
    held = [[0] * (t.hand_size - 1) for _ in range(n)]
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
                    held[(o + k * d) % n][k] = mask
    return held


def advance_words(words: list[int], before: GameState, after: GameState, lay: _Layout | None = None) -> list[int]:
    """``static_words(after)`` from ``static_words(before)`` when ``after`` is one step on in the same round.

    ``lay``: ``layout(after.rules, after.players)``, when the caller holds it.
    """
    check_state(before, "before")
    check_state(after, "after")
    step = before.step
    if after.step != step + 1 or after.progress is not before.progress or after.round != before.round:
        return static_words(after)
    if lay is None:
        lay = layout(after.rules, after.players)
    n = lay.players
    cb = lay.row_bits
    taken = after.taken
    held_shift = (2 + step) * cb
    face_shift = lay.face_shift
    shift = face_shift if step else cb
    start = step * n
    out = [w | h << held_shift | 1 << c + shift
           for w, h, c in zip(words, before.hands, taken[start:start + n])]
    if len(taken) > start + n:  # the Catch, after the last pick
        out = [w | 1 << c + face_shift for w, c in zip(out, taken[start + n:])]
    return out


class _Encode(Protocol):
    """``encode`` bound to one layout."""

    def __call__(self, state: GameState, words: list[int] | None = None) -> Encoded: ...


def encode(state: GameState, words: list[int] | None = None, lay: _Layout | None = None) -> Encoded:
    """Every seat's observation and action mask, and the legal masks as integers, in one pass.

    The compiled encoder (``_encode.fill``) where it is built, else ``encode_plain``: the same
    arrays, fresh at every call. ``words``: ``static_words(state)``, when the caller keeps it up
    to date (only the plain encoder reads it: an env need not keep it when ``needs_words`` is
    false); ``lay``: ``layout(state.rules, state.players)``, when the caller holds it.
    """
    check_state(state)
    if lay is not None and lay.__class__ is not _Layout:
        raise not_a(lay, "lay", "the state's layout (see layout) or None")
    if words is not None and (words.__class__ is not list or len(words) != state.players
                              or not all(w.__class__ is int and w >= 0 for w in words)):
        raise not_a(words, "words", f"static_words(state) (a list of {state.players} int) or None")
    return (layout(state.rules, state.players) if lay is None else lay).encode(state, words)


def _encoder(lay: _Layout, scaled: bool = False) -> _Encode:
    """``encode`` for one layout, its constants bound (an env calls it at every step: each lookup counts)."""
    n = lay.players
    obs_shape = (n, lay.size)
    mask_shape = (n, lay.actions)
    empty = np.empty
    float32 = np.dtype(np.float32)
    int8 = np.dtype(np.int8)

    def encode_layout(state: GameState, words: list[int] | None = None) -> Encoded:
        plan = lay.plan
        fill = _fill
        if plan is None or fill is None:
            if scaled:  # the field table, read plainly
                return encoder_for(state.rules, state.players).encode_plain(state)
            return encode_plain(state, words, lay)
        try:
            rnd, masks, template = lay.compiled_inputs(state)
            obs = empty(obs_shape, float32)
            action_masks = empty(mask_shape, int8)
            scores: Any = template.scaled if scaled else template.scores  # fill takes ints or floats
            fill(obs, action_masks, plan, state, rnd, masks, template.blob, scores)
        except Exception:  # a state the compiled encoder refuses: the plain reading
            if scaled:
                return encoder_for(state.rules, state.players).encode_plain(state)
            return encode_plain(state, words, lay)
        return obs, action_masks, masks

    return encode_layout


def _seat_encoder(lay: _Layout) -> Any:
    """One seat's row of ``lay.encode_scaled`` (float32 ``size``), its mask row (int8 ``actions``) and its
    legal mask, in arrays of its own: the compiled encoder writes that seat's row alone (no row of
    another seat's made, then copied); the plain reading's rows, copied, where it cannot."""
    empty = np.empty
    float32 = np.dtype(np.float32)
    int8 = np.dtype(np.int8)

    everyone = (1 << lay.players) - 1
    activity_step = lay.activity_step

    def encode_seat(state: GameState, seat: int) -> tuple[FloatArray, npt.NDArray[np.int8], int]:
        plan = lay.plan
        fill = _fill
        if plan is not None and fill is not None:
            try:
                # a pick (most decisions): lay.compiled_inputs' first case inline, a call less a step (and
                # every seat owing one read from the state's waiting seats, as to_act reads them)
                context, step, hands, _, _, waiting = state
                template = lay.template_now
                if context.progress is not template.progress:
                    template = lay.template(state)
                if step < activity_step and waiting == everyone:
                    rnd, masks = context.round, list(hands)
                else:
                    rnd, masks, template = lay.compiled_inputs(state)
                observation = empty(lay.size, float32)
                row = empty(lay.actions, int8)
                fill(observation, row, plan, state, rnd, masks, template.blob, template.scaled, seat,
                     lay.seat_runs[seat])
                return observation, row, masks[seat]
            except Exception:  # a state (or seat) the compiled encoder refuses: the plain reading says
                pass
        observations, rows, masks = lay.encode_scaled(state)
        return observations[seat].copy(), rows[seat].copy(), masks[seat]

    return encode_seat


def _dicts_encoder(lay: _Layout) -> SeatDicts:
    """``Encoder.seat_dicts`` for one layout: every seat's row of ``lay.encode_scaled`` and mask row in
    arrays of its own, in PettingZoo's dicts (a seat owing nothing: ``zeros``), and the legal masks.
    The compiled encoder packs the state once and writes each seat's arrays through its own runs (no
    array of every seat's made, then copied a row at a time); the plain reading's rows, copied,
    where it cannot."""
    new_observation = functools.partial(np.empty, lay.size, FLOAT32)
    new_mask = functools.partial(np.empty, lay.actions, INT8)  # fill_seats writes every byte

    def seat_dicts(state: GameState, names: tuple[str, ...], key: str, zeros: npt.NDArray[np.int8]
                   ) -> tuple[dict[str, dict[str, npt.NDArray[Any]]], list[int]]:
        plan = lay.plan
        fill_seats = _fill_seats
        if plan is not None and fill_seats is not None:
            try:
                rnd, masks, template = lay.compiled_inputs(state)
                return fill_seats(plan, state, rnd, masks, template.blob, template.scaled, lay.seat_runs,
                                  names, key, zeros, new_observation, new_mask), masks
            except Exception:  # a state the compiled encoder refuses: the plain reading says
                pass
        observations, rows, masks = lay.encode_scaled(state)
        return seat_rows_plain(names, observations, rows, key, masks, zeros), masks

    return seat_dicts


def needs_words(lay: _Layout) -> bool:
    """Whether ``encode`` reads the ``words`` an env keeps with ``advance_words`` (only the plain encoder does)."""
    return lay.plan is None or _fill is None


def encode_plain(state: GameState, words: list[int] | None = None, lay: _Layout | None = None
                 ) -> tuple[FloatArray, npt.NDArray[np.int8], list[int]]:
    """``encode`` in plain Python and numpy: the reference of the compiled encoder, and its stand-in."""
    lay = layout(state.rules, state.players) if lay is None else lay
    if words is None:
        words = static_words(state)
    n = lay.players
    owing = to_act(state)
    hands = state.hands
    step = state.step
    rnd = state.round
    shift = lay.mask_shift
    size = lay.seat_bytes
    when = 1 << lay.round_shift + rnd | 1 << lay.step_shift + (0 if rnd >= lay.rounds else step)
    if len(owing) == n and step < lay.activity_step:  # a pick (or the Throw): every seat, its hand's cards
        masks = list(hands)
        blob = b"".join([(w | h | h << shift | when).to_bytes(size, "little") for w, h in zip(words, hands)])
    else:
        if len(owing) == n:  # the activity choice
            choices = lay.tables.activity_masks
            masks = [choices[used] for used in state.progress.used_activities]
        else:
            masks = [legal_mask(state, s) if s in owing else 0 for s in range(n)]
        blob = b"".join([(w | h | m << shift | when).to_bytes(size, "little") for w, h, m in zip(words, hands, masks)])
    source, template_blob = lay.source(state)
    bits = np.unpackbits(np.frombuffer(blob + template_blob, np.uint8))  # big-endian: indices expect p ^ 7
    source[:lay.bits] = bits
    return source.take(lay.index), bits.take(lay.mask_index).view(np.int8), masks



_TOTALS: dict[int, tuple[object, tuple[int, ...]]] = {}


def totals_source(state: GameState) -> object:
    """What ``totals`` reads of a state: its finished rounds (``progress``), a new object only when a
    round ends (the envs' adapter keeps the last totals while it is the same object)."""
    return state.progress


def totals(state: GameState) -> tuple[int, ...]:
    """Each seat's game total so far: every finished round, sites and region bonuses."""
    check_state(state)
    progress = state.progress
    cached = _TOTALS.get(id(progress))
    if cached is not None and cached[0] is progress:  # the finished rounds change once a round
        return cached[1]
    # score_sheets' total, without building the sheets (an env asks at every round's end)
    t = state.tables
    rounds = progress.rounds
    found_list = []
    for seat, visited in enumerate(progress.visited):
        total = t.site_points * visited.bit_count()
        won = 0
        for result in rounds:
            total += sum(result.scores[seat])
            won += result.bonuses[seat].bit_count()
        found_list.append(total + won * t.region_bonus)
    found = tuple(found_list)
    if len(_TOTALS) >= 64:
        _TOTALS.clear()
    _TOTALS[id(progress)] = (progress, found)
    return found
