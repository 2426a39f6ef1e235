"""One observation encoder for every game, driven by a table of fields that each game's module gives.

A game's table (its rl module's ``fields(rules, players)``) lists the parts of an observation:
each ``Field`` says what it is (name, columns, description), whose it is (``per``), how to read
it from a state (``read``), and its scale (``bound``). ``Encoder`` lays the fields out once per
ruleset and player count, then reads a state in one pass for every seat: each field's reader is
called once, its values go into one source buffer (bit masks packed into one integer and
unpacked by one numpy call, numbers divided by their bounds), and one gather through a fixed
index makes every seat's observation, seat rows turned so that row ``+0`` is the observer's.

Every entry of an observation lies in [0, 1]: bit fields are 0 or 1, number fields are the
value divided by the field's ``bound`` (a bound the value never exceeds, or at which the reader
saturates it, as its description says).

Hidden information: a field ``per="own"`` holds one row for each seat, and each seat's
observation gathers only its own row; ``"seat"`` rows are public (every seat sees every row);
``"shared"`` fields are one public row.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeAlias

import attrs
import numpy as np
import numpy.typing as npt

from ..core.arguments import brief, kind
from ..core.contract import State
from ..core.seats import plays_for
from ..core.tuple_backed import item_of

FloatArray: TypeAlias = npt.NDArray[np.float32]
Encoded: TypeAlias = tuple[FloatArray, npt.NDArray[np.int8], list[int]]
"""Every seat's observation, every seat's action mask (0/1 rows), and the legal masks as integers."""
SeatDicts: TypeAlias = Callable[[Any, tuple[str, ...], str, npt.NDArray[np.int8]],
                                tuple[dict[str, dict[str, npt.NDArray[Any]]], list[int]]]
"""``Encoder.seat_dicts``' shape: (state, names, key, zeros) -> (each seat's PettingZoo dict by name, legal masks)."""

Per = Literal["shared", "seat", "own"]


@attrs.frozen
class ObsSlice:
    """One named part of an observation: ``obs[start:stop]`` reshaped to ``shape``.

    ``rows`` names the first axis (seats are relative to the observer: ``+0`` is the observer,
    ``+1`` the next seat to its left); ``columns`` the last (card ids, regions, activities).
    ``bound``: what an entry's raw value was divided by (1 for a 0/1 entry), so that every
    entry lies in [0, 1].
    """

    name: str
    start: int
    stop: int
    shape: tuple[int, ...]
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    description: str
    bound: float = 1.0


@attrs.frozen
class Field:
    """One part of a game's observation, as its table describes it.

    ``per``: ``"shared"`` (one public row), ``"seat"`` (a public row per seat, turned to the
    observer), ``"own"`` (a row per seat, each seat seeing only its own). ``rows``: sub-rows of
    one row (piles, steps), none for a plain row. ``bound``: 0 for a bit field, whose reader
    gives a bit mask over ``columns`` per row; else a number field, whose reader gives one number
    per column, each divided by ``bound``.

    ``read(state)`` gives the field's values in seat order (seat 0 first) for a per-seat field,
    row after row: bit masks, or numbers (non-negative ints: counts, totals, places, flags).
    """

    name: str
    per: Per
    columns: tuple[str, ...]
    read: Callable[[Any], Sequence[Any]]
    description: str
    rows: tuple[str, ...] = ()
    bound: float = 0.0
    op: tuple[str, str, Any] | tuple[()] = ()
    """How the compiled reader (``_encode.read_gather``) reads the same values as ``read``, when it can:
    ``(kind, attribute, arg)``, a kind of ``OPS``; empty: ``read`` is called (``read`` is the reference)."""


OPS = ("call", "masks", "mask", "lens", "len", "ints", "int", "bits", "one_hot", "tops", "in", "index", "bit_each",
       "set_each", "places", "turn_mask", "bit_masks", "lead", "majorities", "seat_bits")
"""The compiled readers' kinds (``_encode.c``'s ``OP_`` enum, in its order), each reading ``getattr(state,
attribute)`` as: ``masks`` a tuple of card tuples, each row's bit mask; ``mask`` one card tuple's mask;
``lens`` each tuple's length; ``len`` the tuple's length; ``ints`` a tuple of ints, each capped at
``arg`` (None: no cap); ``int`` one int capped so; ``bits`` an int's ``arg`` low bits, one value each;
``one_hot`` an int as ``arg`` values, 1 at its place (all 0 when negative); ``tops`` 1 << each tuple's
last card (0 for an empty one); ``in`` for each of ``arg`` seats, 1 if the tuple holds it; ``index``
1 << the place of a string in the tuple ``arg``; ``bit_each`` 1 << each int of a tuple, 0 for -1 (none);
``set_each`` 1 for each int of a tuple but -1, 0 for -1; ``places`` for each of ``arg`` seats, its place
in the tuple counted from 1, 0 when absent; ``turn_mask`` with ``arg`` (seats, phases, index attribute or
None): ``seats`` rows, and while the state's ``phase`` is one of ``phases`` the row of its ``turn`` holds
the card tuple's mask (of ``value[getattr(state, index)]`` when an index is named), every other row 0;
``bit_masks`` with ``arg`` (seats, bits attribute, phases): ``seats`` rows, each row ``k`` the mask of
card tuple ``k`` where bit ``k`` of the int ``getattr(state, bits)`` is set, all 0 in one of ``phases``
or when the bits are 0; ``lead`` with ``arg`` (seats, phases): ``seats`` values, while the state's
``phase`` is one of ``phases`` 1 at the place of the tuple's first seat (all 0 when it is empty or
in another phase); ``majorities`` with ``arg`` (seats, held attribute, animal bytes, animals, boomerangs a
point): the tuple of each seat's captured cards and ``getattr(state, held)`` as each seat's total of
animal majorities and boomerang sets (``rl.boomerang2010.totals``); ``seat_bits`` an int that must be ``arg``
(the seats: a state's player count), each seat's row ``1 << k``, its own number. Anything not of the exact type read:
``read`` serves.

A field of a ``tuple_backed`` state class (``core.tuple_backed.item_of``) is read as the tuple's item
when the state is of exactly that class (the class the encoder was given), not through its property."""


def relative_seats(players: int) -> tuple[str, ...]:
    """Seat labels relative to the observer: ``+0`` (itself), ``+1`` (the next to its left), ..."""
    return tuple(f"+{j}" for j in range(players))


def mask_of(cards: Sequence[int]) -> int:
    """The bit mask of card indices."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def last_by_identity(fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``fn`` remembering its last argument and result: called again with the same object, the result.

    For a reader of an immutable part of a state (a tuple of cards): successive states share
    the parts a decision did not change, so a step re-reads only what changed. The argument is
    held, so its identity cannot be reused by another object.
    """
    last: list[Any] = [object(), None]

    def read(value: Any) -> Any:
        if value is last[0]:
            return last[1]
        result = fn(value)
        last[0] = value
        last[1] = result
        return result

    return read


def masks_by_legal(legal_actions: Callable[[Any, int], Any], legal_mask: Callable[[Any, int], int]
                   ) -> Callable[[Any, int], int]:
    """``legal_mask`` remembered for each tuple of legal actions (a game whose legal actions come
    from a few tuples: the same mask, without numbering the actions again)."""
    known: dict[Any, int] = {}

    def mask(state: Any, seat: int) -> int:
        legal = legal_actions(state, seat)
        found = known.get(legal)
        if found is None:
            if len(known) >= 4096:  # a game of many combinations (Sea Salt & Paper's duos): bounded
                known.clear()
            found = known[legal] = legal_mask(state, seat)
        return found

    mask.by_legal = (legal_actions, known)  # type: ignore[attr-defined]  # Encoder.encode_seat looks up inline
    return mask


_U64 = (1 << 64) - 1

_gather: Callable[..., None] | None = None
"""``_encode.gather``, where the extension is built and the plain code was not asked for."""
_read_gather: Callable[..., None] | None = None
"""``_encode.read_gather``, likewise."""
_read_seats: Callable[..., dict[str, dict[str, Any]]] | None = None
"""``_encode.read_seats``, likewise."""


class _NeverRaised(ValueError):
    """``Unserved`` where the extension is not built (nothing raises it)."""


Unserved: type[ValueError] = _NeverRaised
"""``_encode.Unserved``: a state's values the compiled readers do not read (an int of another type than
``int``, a reader's result that is no list or tuple of ints, a reading re-entered from a reader):
``Encoder`` then reads that state plainly, as the reference does."""
try:
    import os

    if os.environ.get("BOOMERANG_RULES_PURE"):
        raise ImportError("the plain Python code was asked for")
    from ._encode import Unserved as Unserved
    from ._encode import gather as _gather  # noqa: F401  (the readers' values from Python: tested on its own)
    from ._encode import read_gather as _read_gather
    from ._encode import read_seats as _read_seats
except ImportError:  # not built, or not wanted
    pass

MAX_COMPILED_SEATS = 16
"""The most seats ``_encode.read_seats`` writes (its ``MAX_SEATS``); more: ``seat_dicts_plain`` serves."""

# The dtypes as instances: numpy makes an array of a dtype instance faster than of a scalar type
# (about 60 ns of 200 for an observation: the envs make several a step).
FLOAT32 = np.dtype(np.float32)
"""float32, the observations' dtype (and the gymnasium env's float mask's)."""
INT8 = np.dtype(np.int8)
"""int8, the mask rows' dtype."""
_BYTE_FLOATS = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little").astype(np.float32)
"""Row ``b``: the eight bits of byte ``b`` as 0.0 / 1.0, least significant first."""


def runs_of(index: npt.NDArray[np.intp], bits: int) -> bytes:
    """``index`` (flattened) as runs of consecutive sources, for the compiled encoder to write each
    observation straight from the values (no source buffer, no gather cell by cell): int32 pairs,
    a first source and a length, one run after another. A run of bits (sources below ``bits``)
    never runs on into the numbers."""
    runs: list[list[int]] = []
    for q in index.reshape(-1).tolist():
        if runs:
            last = runs[-1]
            if last[0] + last[1] == q and (last[0] < bits) == (q < bits):
                last[1] += 1
                continue
        runs.append([q, 1])
    return np.array(runs, "<i4").reshape(-1).tobytes()


def seat_rows_plain(names: tuple[str, ...], observations: np.ndarray, action_masks: np.ndarray, key: str,
                    masks: list[int], zeros: np.ndarray) -> dict[str, dict[str, np.ndarray]]:
    """Each seat's PettingZoo observation, its rows copies of the two arrays' (a view's base would hold
    every seat's observation and mask: hidden cards), the observation under ``key``, the mask of a
    seat owing nothing (``masks[i]`` the int 0) the shared read-only ``zeros`` (``_encode.seat_rows``'s
    and ``Encoder.seat_dicts``' reference)."""
    return {a: {key: o.copy(), "action_mask": zeros if legal.__class__ is int and legal == 0 else m.copy()}
            for a, o, m, legal in zip(names, observations, action_masks, masks)}


def _op(f: Field, state_type: type | None) -> tuple[int, str | None, Any, tuple[type, int] | None]:
    """A field's compiled reader as ``read_gather`` takes it: its kind's number, attribute and arg, and
    the attribute's slot: ``(state_type, its position)`` where a state of exactly ``state_type`` holds
    it as that item of its tuple (``core.tuple_backed.item_of``), else None (read by getattr)."""
    if not f.op:
        return 0, None, None, None
    kind, attribute, arg = f.op
    index = None if state_type is None else item_of(state_type, attribute)
    slot = None if state_type is None or index is None else (state_type, index)
    return OPS.index(kind), attribute, arg, slot


class Encoder:
    """Observations (and action masks) of one game under one ruleset at one player count.

    ``size``: the length of an observation; ``spec``: its named slices (``ObsSlice``);
    ``observe(state, seat)``: one seat's observation (float32, entries in [0, 1]);
    ``encode(state)``: every seat's observation and action mask at once (the envs' call).
    ``fast``: an optional compiled ``encode`` of the same table (tested equal to ``encode_plain``).
    """

    def __init__(self, rules: Any, players: int, fields: Sequence[Field], num_actions: int,
                 legal_mask: Callable[[Any, int], int], to_act: Callable[[Any], Sequence[int]],
                 fast: Callable[[Any], Encoded] | None = None, state_type: type | None = None,
                 fast_seat: Callable[[Any, int], tuple[FloatArray, npt.NDArray[np.int8], int]] | None = None,
                 fast_dicts: SeatDicts | None = None) -> None:
        self.rules = rules
        self.players = n = players
        self.fields = tuple(fields)
        self.num_actions = num_actions
        self._legal_mask = legal_mask
        self._by_legal: tuple[Callable[[Any, int], Any], dict[Any, int]] | None = getattr(legal_mask, "by_legal", None)
        """A ``masks_by_legal`` mask's legal actions and masks known, which ``encode_seat`` looks up inline."""
        self._to_act = to_act
        self.fast = fast
        """The compiled ``encode`` when there is one: the game's own (``fast``), else ``encode_compiled``
        where the extension is built (``encode_plain``, the reference, otherwise)."""
        self.fast_seat = fast_seat
        """The game's own compiled ``encode_seat``, when it has one beside ``fast`` (tested equal to
        ``encode_plain``'s rows)."""
        self.fast_dicts = fast_dicts
        """The game's own compiled ``seat_dicts``, when it has one beside ``fast`` (tested equal to
        ``seat_dicts_plain``)."""
        seats = relative_seats(n)
        # A bit field of one column (a flag a seat) travels as a number (0 or 1, bound 1): cheaper
        # than a 64-bit slot a row.
        bit_fields = [f for f in self.fields if not f.bound and len(f.columns) > 1]
        number_fields = [f for f in self.fields if f.bound or len(f.columns) == 1]
        # The source: every bit row in 64-bit slots (a row of more columns takes several), then
        # every seat's action mask, then the numbers. A step's masks go to numpy as one array of
        # uint64s, unpacked by one call.
        rows_at: dict[str, list[int]] = {}
        self._bit_plan: list[tuple[Callable[[Any], Sequence[Any]], int]] = []
        slot = 0
        for f in bit_fields:
            chunks = -(-len(f.columns) // 64)
            rows_at[f.name] = [(slot + r * chunks) * 64 for r in range(self._row_count(f))]
            slot += self._row_count(f) * chunks
            self._bit_plan.append((f.read, chunks))
        self._mask_bytes = (num_actions + 7) // 8
        self._mask_matrices: dict[tuple[int, ...], npt.NDArray[np.int8]] = {}
        """The mask rows of each combination of masks seen (masks repeat: a game offers few)."""
        self._nbits = slot * 64
        pos = self._nbits
        bounds: list[float] = []
        for f in number_fields:
            width = len(f.columns)
            rows_at[f.name] = [pos + r * width for r in range(self._row_count(f))]
            bounds += [float(f.bound or 1)] * (self._row_count(f) * width)
            pos += self._row_count(f) * width
        self._bounds = np.array(bounds, np.float64)
        self._source_size = pos
        self._number_readers = tuple(f.read for f in number_fields)
        self._words = slot
        self._plan = tuple((f.read, chunks, *_op(f, state_type))
                           for f, (_, chunks) in zip(bit_fields, self._bit_plan)) + tuple(
            (f.read, 0, *_op(f, state_type)) for f in number_fields)
        """``_encode.read_gather``'s plan: each reader in ``_values``' order, its chunks (0: a number), op and
        slot (``state_type``: the game's state class, whose fields the compiled readers read by position)."""
        # the observation: fields in table order, each seat's rows turned to the observer
        spec: list[ObsSlice] = []
        index: list[list[int]] = [[] for _ in range(n)]
        start = 0
        for f in self.fields:
            width = len(f.columns)
            per_seat = max(1, len(f.rows))
            at = rows_at[f.name]
            for k in range(n):
                if f.per == "shared":
                    chosen = at
                elif f.per == "own":
                    chosen = at[k * per_seat:(k + 1) * per_seat]
                else:
                    chosen = [at[(k + j) % n * per_seat + r] for j in range(n) for r in range(per_seat)]
                for row in chosen:
                    index[k] += range(row, row + width)
            if f.per == "seat":
                if f.rows:
                    raise ValueError(f"field {f.name!r}: a per-seat field has no sub-rows")
                shape: tuple[int, ...] = (n,) if width == 1 else (n, width)
                rows, columns = ((), seats) if width == 1 else (seats, f.columns)
            else:
                shape = (len(f.rows), width) if f.rows else (width,)
                rows, columns = f.rows, f.columns
            stop = start + int(np.prod(shape))
            spec.append(ObsSlice(f.name, start, stop, shape, rows, columns, f.description,
                                 float(f.bound) if f.bound else 1.0))
            start = stop
        self.size = start
        self.spec = tuple(spec)
        self._index = np.array(index, np.intp).reshape(n, self.size)
        self._runs = runs_of(self._index, self._nbits)
        """``_index`` as runs (``runs_of``): what ``encode_compiled`` hands ``read_gather``."""
        self._seat_runs = tuple(runs_of(row, self._nbits) for row in self._index)
        """Each seat's row of ``_index`` as runs: what ``encode_seat`` hands it."""
        self.low = np.zeros(self.size, np.float32)
        self.high = np.ones(self.size, np.float32)
        if self.fast is None and _read_gather is not None:
            self.fast = self.encode_compiled
        self._new_observation = functools.partial(np.empty, self.size, FLOAT32)
        """A fresh observation (``read_seats`` makes each seat's through it)."""
        self._new_mask = functools.partial(np.zeros, num_actions, INT8)
        """A fresh zeroed mask row, likewise."""
        self.dicts_compiled = fast_dicts is not None or (_read_seats is not None and self.fast == self.encode_compiled
                                                         and n <= MAX_COMPILED_SEATS)
        """Whether ``seat_dicts`` is one compiled call (the game's ``fast_dicts``, or ``_encode.read_seats``:
        the table read in C)."""
        self._seat_names = tuple(map(str, range(n)))
        self._no_mask = np.zeros(num_actions, np.int8)
        """``read_seats``' names and zeros in ``reading`` (which keeps the arrays, not the dicts)."""

    def _row_count(self, f: Field) -> int:
        return max(1, len(f.rows)) * (1 if f.per == "shared" else self.players)

    def masks(self, state: Any) -> list[int]:
        """Each seat's legal actions as an integer bit mask (0 for a seat that owes no decision)."""
        owing = self._to_act(state)
        legal = self._legal_mask
        masks = [0] * self.players
        for s in owing:
            masks[s] = legal(state, s)
        return masks

    def _values(self, state: Any) -> tuple[list[int], int]:
        """Every field's values as ints: the bit rows' 64-bit words, then the numbers; and how many words."""
        values: list[int] = []
        for read, chunks in self._bit_plan:
            if chunks == 1:
                values += read(state)
            else:
                for v in read(state):
                    values += [v >> 64 * i & _U64 for i in range(chunks)]
        words = len(values)
        for read in self._number_readers:  # counts and totals: non-negative ints, in the same array
            values += read(state)
        return values, words

    def _source(self, state: Any) -> FloatArray:
        """Every field's values in one float32 buffer that ``_index`` gathers from."""
        values, words = self._values(state)
        packed = np.array(values, "<u8")
        source = np.empty(self._source_size, FLOAT32)
        # each byte's eight bits as floats, from a table: one call for the unpacking and the conversion
        _BYTE_FLOATS.take(packed[:words].view(np.uint8), axis=0, out=source[:self._nbits].reshape(-1, 8))
        if words < len(values):
            np.divide(packed[words:], self._bounds, out=source[self._nbits:], casting="same_kind")
        return source

    def _mask_rows(self, masks: list[int]) -> npt.NDArray[np.int8]:
        """Every seat's mask as a 0/1 row (a fresh array): made once for each combination of masks, then copied."""
        key = tuple(masks)
        known = self._mask_matrices.get(key)
        if known is None:
            known = np.zeros((self.players, self.num_actions), np.int8)
            size = self._mask_bytes
            for s, m in enumerate(masks):
                if m:
                    known[s] = np.unpackbits(np.frombuffer(m.to_bytes(size, "little"), np.uint8),
                                             count=self.num_actions, bitorder="little")
            if len(self._mask_matrices) >= 4096:
                self._mask_matrices.clear()
            self._mask_matrices[key] = known
        return known.copy()

    def encode_plain(self, state: Any) -> Encoded:
        """``encode`` read plainly from the table: the reference of any ``fast`` encoder."""
        masks = self.masks(state)
        return self._source(state).take(self._index), self._mask_rows(masks), masks

    def encode_compiled(self, state: Any) -> Encoded:
        """``encode_plain`` compiled (``_encode.read_gather``; tested equal to it on every shipped ruleset
        and player count): the legal masks in Python, then one call reading the fields whose table
        says how (``Field.op``; the others through their Python readers), the bits, the scaling, the
        gathers and the mask rows."""
        read_gather = _read_gather
        if read_gather is None:  # not built: the plain reading
            return self.encode_plain(state)
        masks = self.masks(state)
        observations = np.empty((self.players, self.size), FLOAT32)
        rows = np.zeros((self.players, self.num_actions), INT8)
        try:
            read_gather(self._plan, state, self._words, self._bounds, self._runs, masks, observations, rows)
        except Unserved:  # values the compiled readers do not read: the reference reads them
            return self.encode_plain(state)
        return observations, rows, masks

    def encode_seat(self, state: Any, seat: int) -> tuple[FloatArray, npt.NDArray[np.int8], int]:
        """One seat's observation (a fresh array of its own: no other seat's observation beside it),
        its mask row and its legal mask as an integer (a single-agent env's call)."""
        read_gather = _read_gather
        if self.fast_seat is not None:
            return self.fast_seat(state, seat)
        if read_gather is None or not self.dicts_compiled:
            observations, rows, masks = self.encode(state)
            return observations[seat].copy(), rows[seat].copy(), masks[seat]
        mask = 0
        if seat in self._to_act(state):
            by_legal = self._by_legal
            if by_legal is None:
                mask = self._legal_mask(state, seat)
            else:  # masks_by_legal's lookup inline: a call less at each step of a single-agent env
                mask = by_legal[1].get(by_legal[0](state, seat)) or self._legal_mask(state, seat)
        observation = np.empty(self.size, FLOAT32)
        row = np.zeros(self.num_actions, INT8)
        try:
            read_gather(self._plan, state, self._words, self._bounds, self._seat_runs[seat], [mask], observation,
                        row)
        except Unserved:  # values the compiled readers do not read: the reference reads them
            observations, rows, masks = self.encode_plain(state)
            return observations[seat].copy(), rows[seat].copy(), masks[seat]
        return observation, row, mask

    def seat_dicts(self, state: Any, names: tuple[str, ...], key: str, zeros: npt.NDArray[np.int8]
                   ) -> tuple[dict[str, dict[str, npt.NDArray[Any]]], list[int]]:
        """Every seat's PettingZoo observation ``{key: observation, "action_mask": mask row}`` by its
        name, each array fresh and its own (a row of one array of every seat's would hold the others'
        hidden cards in its base; a seat owing nothing gets the shared read-only ``zeros``), and the
        legal masks as integers: one compiled call where ``dicts_compiled`` (``_encode.read_seats``:
        no array of every seat's made, then copied a row at a time), else ``seat_dicts_plain``."""
        if self.fast_dicts is not None:
            return self.fast_dicts(state, names, key, zeros)
        read_seats = _read_seats
        if read_seats is None or not self.dicts_compiled:
            return self.seat_dicts_plain(state, names, key, zeros)
        masks = self.masks(state)
        try:
            return read_seats(self._plan, state, self._words, self._bounds, self._seat_runs, masks, names, key,
                              zeros, self._new_observation, self._new_mask), masks
        except Unserved:  # values the compiled readers do not read: the reference reads them
            observations, rows, masks = self.encode_plain(state)
            return seat_rows_plain(names, observations, rows, key, masks, zeros), masks

    def seat_dicts_plain(self, state: Any, names: tuple[str, ...], key: str, zeros: npt.NDArray[np.int8]
                         ) -> tuple[dict[str, dict[str, npt.NDArray[Any]]], list[int]]:
        """``seat_dicts`` from ``encode`` (``seat_rows_plain`` of its arrays): the reference."""
        observations, rows, masks = self.encode(state)
        return seat_rows_plain(names, observations, rows, key, masks, zeros), masks

    def reading(self, state: Any) -> Reading:
        """What ``state`` shows every seat, read once, each seat's observation gathered when asked for
        (an AEC env observes one seat a decision): every seat's in arrays of its own at once where
        ``dicts_compiled`` (``_encode.read_seats``)."""
        read_seats = _read_seats
        if self.dicts_compiled and (self.fast_dicts is not None or read_seats is not None):
            no_mask = self._no_mask
            if self.fast_dicts is not None:
                seats, masks = self.fast_dicts(state, self._seat_names, "o", no_mask)
            else:
                assert read_seats is not None
                masks = self.masks(state)
                try:
                    seats = read_seats(self._plan, state, self._words, self._bounds, self._seat_runs, masks,
                                       self._seat_names, "o", no_mask, self._new_observation, self._new_mask)
                except Unserved:  # values the compiled readers do not read: the reference reads them
                    return Reading(self, self._source(state), None, None, masks)
            got = [seats[name] for name in self._seat_names]
            return Reading(self, None, None, None, masks, [d["o"] for d in got],
                           [None if d["action_mask"] is no_mask else d["action_mask"] for d in got])
        if self.fast is not None:
            return Reading(self, None, *self.fast(state))
        masks = self.masks(state)
        return Reading(self, self._source(state), None, None, masks)

    def check_state(self, state: Any) -> None:
        """``TypeError`` unless ``state`` is a game state, ``ValueError`` unless it is one of this
        encoder's ruleset and player count: another game's, ruleset's or player count's state was read
        through this table (an observation of the wrong size, a mask cut short, an ``IndexError``).
        An encoder of no ruleset (``rules`` None: a bare table of fields) reads what it is given."""
        if self.rules is None:
            return
        rules = getattr(state, "rules", None)
        if rules is self.rules and state.players == self.players:
            return
        if not isinstance(state, State):
            raise TypeError(f"state must be a game state (see new_game), not {kind(state)}: {brief(state)}")
        if rules != self.rules or state.players != self.players:
            raise ValueError(f"state is a {state.players}-player game of {state.rules.id!r}, this encoder reads "
                             f"{self.players}-player games of {self.rules.id!r} (encoder_for(state.rules, "
                             "state.players) reads it)")

    def encode(self, state: Any) -> Encoded:
        """Every seat's observation (``(players, size)`` float32) and action mask, and the masks as integers."""
        self.check_state(state)
        fast = self.fast
        return self.encode_plain(state) if fast is None else fast(state)

    def observe(self, state: Any, seat: int) -> FloatArray:
        """What ``seat`` sees of ``state``: ``size`` float32 numbers in [0, 1] (see ``spec``)."""
        n = self.players
        self.check_state(state)
        if isinstance(seat, bool) or not isinstance(seat, int | np.integer) or not 0 <= seat < n:
            raise ValueError(f"seat {brief(seat)} does not exist in a {n}-player game")
        if self.fast is not None:  # a copy: a row's base would hold the other seats' observations
            row: FloatArray = self.fast(state)[0][int(seat)].copy()
            return row
        out: FloatArray = self._source(state).take(self._index[int(seat)])
        return out

    def observe_all(self, state: Any) -> FloatArray:
        """Every seat's observation, one row each."""
        return self.encode(state)[0]

    def action_masks(self, state: Any) -> npt.NDArray[np.int8]:
        """Every seat's legal actions as 0/1 rows of ``num_actions`` (all 0 for a seat that owes nothing)."""
        return self.encode(state)[1]


class Reading:
    """One state as every seat sees it: its observations and action masks, gathered seat by seat."""

    __slots__ = ("_encoder", "_fresh_rows", "_masks_rows", "_observations", "_seats", "_source", "masks")

    def __init__(self, encoder: Encoder, source: FloatArray | None, observations: FloatArray | None,
                 masks_rows: npt.NDArray[np.int8] | None, masks: list[int], seats: list[FloatArray] | None = None,
                 fresh_rows: list[npt.NDArray[np.int8] | None] | None = None) -> None:
        self._encoder = encoder
        self._source = source
        self._observations = observations
        self._masks_rows = masks_rows
        self.masks = masks
        """Each seat's legal actions as an integer bit mask."""
        self._seats = seats
        """Each seat's observation, an array of its own (made for this reading), when read so."""
        self._fresh_rows = fresh_rows
        """Each owing seat's mask row made with ``_seats`` (None for the others), until handed out once."""

    def observation(self, seat: int) -> FloatArray:
        """``seat``'s observation, an array of its own (the same one each time it is asked of this reading
        when read a seat at a time, as ``Encoder.reading`` does where compiled)."""
        if self._seats is not None:
            return self._seats[seat]
        if self._observations is not None:  # a copy: a row's base would hold the other seats' observations
            row: FloatArray = self._observations[seat].copy()
            return row
        assert self._source is not None
        gathered: FloatArray = self._source.take(self._encoder._index[seat])
        return gathered

    def mask_row(self, seat: int) -> npt.NDArray[np.int8]:
        """``seat``'s mask row, an array of its own, a new one at each call (the caller may write into it)."""
        fresh = self._fresh_rows
        if fresh is not None:
            made = fresh[seat]
            if made is not None:  # the row read with the observations: handed out once, copies after
                fresh[seat] = None
                return made
        if self._masks_rows is None:
            self._masks_rows = self._encoder._mask_rows(self.masks)
        row: npt.NDArray[np.int8] = self._masks_rows[seat].copy()  # a copy: the base holds every seat's mask
        return row


def _rl_module(game: object) -> Any:
    """The rl module of ``game``: its field table, numbering and rewards. Each game's is named as its
    package (``boomerang_rules.<package>`` plays it, ``boomerang_rules.rl.<package>`` encodes it), so
    a new game's rl module is found through the registry (``core.games.GAMES``), not named here."""
    import importlib

    from ..core.games import GAMES

    if not isinstance(game, str) or game not in GAMES:
        raise ValueError(f"no observation for game {game!r}")
    return importlib.import_module(f"{__package__}.{GAMES[game].rsplit('.', 1)[1]}")


_ENCODERS: dict[tuple[Any, int], Encoder] = {}


def encoder_for(rules: Any, players: int) -> Encoder:
    """The encoder of ``rules``'s game at ``players`` (a ruleset, or a shipped ruleset's id); made once, then shared."""
    if isinstance(rules, str):
        from ..core.loading import load_rules

        rules = load_rules(rules)
    module = _rl_module(getattr(rules, "game", None))
    if players.__class__ is not int:
        from ..core.arguments import integer

        players = integer(players, "players", "a player count")
    key = (rules, players)
    found = _ENCODERS.get(key)
    if found is None:
        low, high = rules.players.min, rules.players.max
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            raise ValueError(f"{plays_for(rules)}, not {players!r}")
        found = module.encoder(rules, players)
        if len(_ENCODERS) >= 64:
            _ENCODERS.clear()
        _ENCODERS[key] = found
    return found


__all__ = ["Encoded", "Encoder", "Field", "ObsSlice", "Reading", "encoder_for", "last_by_identity", "mask_of",
           "masks_by_legal", "relative_seats"]
