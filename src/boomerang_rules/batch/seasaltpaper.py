"""The batched Sea Salt & Paper engine: thousands of games at once in compiled code (``_ssp_kernels``).

One seat acts at a time in each game, and games end after different numbers of decisions, so
the step API is per game: ``legal_masks(batch)`` is ``(games, num_actions)`` for the seat
whose turn it is (``to_act(batch)``, -1 once a game is over) and ``step(batch, actions)`` takes
one action id per game, ``(games,)`` (a finished game's entry is ignored). ``batch.over`` once
every game is over; ``batch.ended`` says which are. ``masks_view(batch)`` is ``legal_masks``
without writing any: the masks the step kernel keeps, read-only, until the next step.

Action ids are ``seasaltpaper.actions.action_names(rules)`` (the game's own
numbering); each id's meaning is read from those names, never assumed. Game ``i`` is
``new_game(rules, players, seed + i)``: the same shuffles, first player and steals, drawn
from the same generator in the same order. ``playouts`` plays uniformly random legal actions
only: the lowest legal action (``draw``, then ``end``) would never end a game.
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from ..core.arguments import brief, duration
from ..seasaltpaper.actions import action_names as _rl_action_names
from ..seasaltpaper.rules import GAME, Ruleset
from ..seasaltpaper.tables import PILES, tables_for
from . import _ssp_kernels as k
from .common import (
    MAX_DECK,
    SHUFFLE,
    GamesBatch,
    Shown,
    action_ids,
    count_of,
    flag,
    generator_states,
    illegal,
    observe_arrays,
    out_array,
    owing,
    played_out,
    players_of,
    refuse,
    sampler,
    seed_of,
    shaped,
)
from .memory import fitting

POLICIES = ("random",)

IntArray = npt.NDArray[np.int32]
I64Array = npt.NDArray[np.int64]
U64Array = npt.NDArray[np.uint64]


def action_names(rules: Ruleset) -> tuple[str, ...]:
    """The action each id stands for (``rl.seasaltpaper.action_names``)."""
    return _rl_action_names(compile_rules(rules).rules)


@attrs.frozen(eq=False)
class Compiled:
    """A ruleset's tables as the kernels read them: ``ti`` and ``tm`` (see ``_ssp_kernels``)."""

    rules: Ruleset
    names: tuple[str, ...]
    _ti: I64Array
    _tm: U64Array

    ti = Shown()
    """The scalars, read-only: every batch of the ruleset shares them, indexed unchecked."""

    tm = Shown()
    """The masks, read-only: every batch of the ruleset shares them, indexed unchecked."""

    def scalars(self, players: int) -> I64Array:
        """``ti`` with the target of a ``players``-seat game (a batch's own copy)."""
        ti = self._ti.copy()
        ti[k.T_TARGET] = self.rules.target(players)
        return ti


def _mask(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


def _lay_out(rows: dict[int, list[int]], sections: list[tuple[int, list[int]]], header: int) -> list[int]:
    """``header`` rows (``rows``' values at their keys), then each section's values, its start
    written at its row: one flat table the kernels index by those starts."""
    out = [0] * header
    for row, value in rows.items():
        out[row] = value[0]
    for row, values in sections:
        out[row] = len(out)
        out += values
    return out


def _collected(points_at: tuple[int, ...], j: int) -> int:
    """A collector's points for ``j`` cards: nothing for none, its last entry past the table's end."""
    return points_at[min(j, len(points_at)) - 1] if min(j, len(points_at)) else 0


def _card_slots(t: Any, kind: int, kind_mask: list[int], gains: list[int]) -> list[tuple[int, int, int, int]]:
    """What gaining a card of ``kind`` changes, as ``_ssp_kernels.change`` reads it: a slot
    ``(code, q, ma, mb)`` for each duo, collector and multiplier whose cards include it, each
    change written out here once rather than worked out from the rule's tables at every gain.
    ``S_HAND`` (a duo of one kind) and ``S_BOTH`` (a collector or a multiplier) add
    ``gains[q + k]`` for the ``k`` cards of ``ma`` held (in the hand; in the hand or played),
    a table of ``n + 1`` entries appended to ``gains``; ``S_PAIR`` (a duo of two kinds, ``ma``
    the card's own) adds ``q`` points when the hand holds fewer of ``ma`` than of ``mb``.
    ``_compile_cached`` lays them out as the kernel reads them, every kind alike."""
    n = t.deck_size

    def table(values: list[int]) -> int:
        gains.extend(values)
        return len(gains) - len(values)

    slots = []
    for a, b, points, _ in t.duos:
        if a == b == kind:  # (k + 1) // 2 - k // 2 pairs more: the points of one when k is odd
            slots.append((k.S_HAND, table([points * (j & 1) for j in range(n + 1)]), kind_mask[a], 0))
        elif kind in (a, b):  # min(k + 1, kb) - min(k, kb): a pair more when k < kb
            own, other = (a, b) if kind == a else (b, a)
            slots.append((k.S_PAIR, points, kind_mask[own], kind_mask[other]))
    for collected, points_at in t.collectors:
        if kind == collected:  # the points at j + 1 cards less those at j
            slots.append((k.S_BOTH, table([_collected(points_at, j + 1) - _collected(points_at, j)
                                           for j in range(n + 1)]), kind_mask[collected], 0))
    for a, b, points in t.multipliers:  # (ka + da) * (kb + db) - ka * kb: da * kb + db * ka + da * db
        if kind == a:
            slots.append((k.S_BOTH, table([points * (j + (kind == b)) for j in range(n + 1)]), kind_mask[b], 0))
        if kind == b:
            slots.append((k.S_BOTH, table([points * j for j in range(n + 1)]), kind_mask[a], 0))
    return slots


@lru_cache(maxsize=16)
def _compile_cached(rules: Ruleset) -> Compiled:
    t = tables_for(rules)
    names = _rl_action_names(rules)
    index = {name: i for i, name in enumerate(names)}
    n = t.deck_size
    rows = {k.T_N: [n], k.T_MIN_POINTS: [t.min_points], k.T_WIN_WITH: [t.win_with],
            k.T_LC_ENDS: [int(t.deck_ends_last_chance)], k.T_ACTIONS: [len(names)]}
    for row, name in ((k.T_A_DRAW, "draw"), (k.T_A_PASS, "pass"), (k.T_A_END, "end"), (k.T_A_STOP, "stop"),
                      (k.T_A_LAST, "last_chance"), (k.T_A_MERMAIDS, "mermaids")):
        rows[row] = [index[name]]
    # Families of ids are read as a first id plus an offset: check that the names agree.
    rows[k.T_A_TAKE] = [index[f"take:{t.ids[0]}"]]
    rows[k.T_A_KEEP] = [index[f"keep:{t.ids[0]}:{PILES[0]}"]]
    rows[k.T_A_PILE] = [index[f"pile:{PILES[0]}"]]
    rows[k.T_A_PICK] = [index[f"pick:{t.ids[0]}"]]
    rows[k.T_A_STEAL] = [index["steal:0"]]
    for c, cid in enumerate(t.ids):
        assert index[f"take:{cid}"] == rows[k.T_A_TAKE][0] + c and index[f"pick:{cid}"] == rows[k.T_A_PICK][0] + c
        for p, pile in enumerate(PILES):
            assert index[f"keep:{cid}:{pile}"] == rows[k.T_A_KEEP][0] + 2 * c + p
    assert index[f"pile:{PILES[1]}"] == rows[k.T_A_PILE][0] + 1
    assert all(index[f"steal:{s}"] == rows[k.T_A_STEAL][0] + s for s in range(rules.players.max))
    kind_mask = [_mask([c for c in range(n) if t.kind[c] == i]) for i in range(len(t.kinds))]
    colour_masks = [_mask([c for c in range(n) if t.colour[c] == i and (t.count_own_colour or t.kind[c] != t.mermaid)])
                    for i in range(len(t.colours))]
    mermaids = _mask([c for c in range(n) if t.kind[c] == t.mermaid])
    width = max([len(table) for _, table in t.collectors], default=1)
    duo_ids = [-1] * (n * n)
    duo_cards = [0] * (2 * len(names))
    for name, i in index.items():
        if name.startswith("duo:"):
            a, b = (t.index[c] for c in name[4:].split("+"))
            duo_ids[a * n + b] = duo_ids[b * n + a] = i
            duo_cards[2 * i:2 * i + 2] = a, b
    gains: list[int] = [0] * (n + 1)  # a table of no gains first: the S_PAIR slots' and the empty ones'
    card_slots = [_card_slots(t, t.kind[c], kind_mask, gains) for c in range(n)]
    rule_width = max(len(slots) for slots in card_slots)  # every card as many slots, the last ones empty
    card_slots = [slots + [(-1, 0, 0, 0)] * (rule_width - len(slots)) for slots in card_slots]
    # (q, points when fewer of ma than of mb are held, pairs a card of ma, pairs a card of mb)
    slot_ints = [(q if code in (k.S_HAND, k.S_BOTH) else 0, q if code == k.S_PAIR else 0,
                  int(code == k.S_HAND), int(code == k.S_PAIR)) for slots in card_slots for code, q, _, _ in slots]
    slot_masks = [(ma, ma if code == k.S_BOTH else 0, mb) for slots in card_slots for code, _, ma, mb in slots]
    rows.update({k.T_DUOS: [len(t.duos)], k.T_COLLECTORS: [len(t.collectors)], k.T_WIDTH: [width],
                 k.T_MULTIPLIERS: [len(t.multipliers)], k.T_COLOURS: [len(t.colours)],
                 k.T_RULE_WIDTH: [rule_width]})
    ti = _lay_out(rows, [
        (k.T_AT_DUO, [x for a, b, points, effect in t.duos for x in (int(a == b), points, k.EFFECTS.index(effect))]),
        (k.T_AT_CARD_DUO, [t.duo_of_kind.get(t.kind[c], (-1, ""))[0] for c in range(n)]),
        (k.T_AT_COLL, [x for _, table in t.collectors for x in (len(table), *table, *[0] * (width - len(table)))]),
        (k.T_AT_MULT, [points for _, _, points in t.multipliers]),
        (k.T_AT_DUO_IDS, duo_ids), (k.T_AT_DUO_CARDS, duo_cards),
        (k.T_AT_CARD_SLOTS, [x for slot in slot_ints for x in slot]),
        (k.T_AT_GAINS, gains)], k.T_SIZE)
    for i in range(len(slot_ints)):  # a table's offset in gains, made an offset in ti
        ti[ti[k.T_AT_CARD_SLOTS] + 4 * i] += ti[k.T_AT_GAINS]
    tm = [mermaids]
    ti[k.T_AT_M_MERMAID] = 0
    for row, masks in ((k.T_AT_M_DUO, [kind_mask[x] for a, b, _, _ in t.duos for x in (a, b)]),
                       (k.T_AT_M_COLL, [kind_mask[kind] for kind, _ in t.collectors]),
                       (k.T_AT_M_MULT, [kind_mask[x] for a, b, _ in t.multipliers for x in (a, b)]),
                       (k.T_AT_M_COLOUR, colour_masks),
                       (k.T_AT_M_CARD_SLOTS, [x for slot in slot_masks for x in slot])):
        ti[row] = len(tm)
        tm += masks
    return Compiled(rules, names, np.array(ti, np.int64), np.array(tm, np.uint64))


KNOWN_FIELDS = frozenset({"format", "version", "id", "name", "game", "players", "cards", "duos", "collectors",
                          "multipliers", "mermaids", "round_end", "end_targets", "tie_break", "description", "digest"})
"""The ruleset's fields the kernels read (or that do not change play): a ruleset setting any other
(an expansion's new rules) is refused rather than played by the base game's rules."""


def _refuse_unknown(rules: Ruleset) -> None:
    """``RulesError`` when ``rules`` holds what the kernels cannot play: a rule field they do not
    read set away from its default, a duo effect they do not know, or a kind of card that no
    duo, collector, multiplier or mermaid rule gives a part (an expansion's new cards)."""
    for field in attrs.fields(type(rules)):
        if field.name not in KNOWN_FIELDS and (field.default is attrs.NOTHING
                                               or getattr(rules, field.name) != field.default):
            raise refuse("batch-rule", f"{rules.id!r} sets the rule field {field.name!r}, which the kernels do not "
                                       "read (an expansion's rule); play it with the plain engine")
    for duo in rules.duos:
        if duo.effect not in k.EFFECTS:
            raise refuse("batch-effect", f"{rules.id!r} gives {'+'.join(duo.kinds)} the duo effect {duo.effect!r}, "
                                         "which the kernels do not know")
    parts = {kind for duo in rules.duos for kind in duo.kinds} | set(rules.collectors) | {rules.mermaids.kind}
    parts |= set(rules.multipliers) | {m.kind for m in rules.multipliers.values()}
    unknown = sorted({card.kind for card in rules.cards} - parts)
    if unknown:
        raise refuse("batch-card-kind", f"{rules.id!r} has the card kind(s) {', '.join(unknown)}, which the kernels "
                                        "do not know: no duo, collector, multiplier or mermaid rule of the base game "
                                        "scores them")


def compile_rules(rules: Ruleset) -> Compiled:
    """The kernels' arrays for ``rules``; ``RulesError`` naming the reason if it cannot run here."""
    if not isinstance(rules, Ruleset) or getattr(rules, "game", None) != GAME:
        game = getattr(rules, "game", type(rules).__name__)
        raise refuse("batch-game", f"it runs only {GAME} rulesets here, not {game!r}")
    if len(rules.cards) > MAX_DECK:
        raise refuse("batch-deck-size", f"{rules.id!r} has a deck of {len(rules.cards)} cards; hands are 64-bit "
                                        f"masks here, so at most {MAX_DECK} cards")
    if tables_for(rules).expansion:
        raise refuse("batch-extra-salt", f"{rules.id!r} uses rules the kernels do not play (Extra Salt's cards, "
                                         "a colour bonus counted apart from the mermaids, or a boat pair's turn on "
                                         "an empty deck); play it with the plain engine (seasaltpaper)")
    _refuse_unknown(rules)
    return _compile_cached(rules)


def num_actions(rules: Ruleset) -> int:
    """How many action ids ``rules`` has."""
    return len(compile_rules(rules).names)


def _policy(policy: object) -> None:
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {brief(policy)} for Sea Salt & Paper (policies are {', '.join(POLICIES)}: "
                         "the lowest legal action never ends a game)")


def game_bytes(rules: Ruleset, players: int) -> int:
    """The bytes one game takes of a ``Batch``'s arrays (``memory.fitting``'s measure): its scalars
    (``gi``), generator, deck and two discard piles, live and legal counts; each seat's hand, played
    cards, points and total; its legal ids (int16) and mask, one an action."""
    names = len(compile_rules(rules).names)
    return 8 * k.G_SIZE + 8 + MAX_DECK + 2 * MAX_DECK + 8 + 8 + players * (8 + 8 + 16 + 4) + names * (2 + 1)


def playouts(rules: Ruleset, players: int, games: int, seed: int, policy: str = "random",
             return_actions: bool = False) -> IntArray | tuple[IntArray, npt.NDArray[np.int16]]:
    """Play ``games`` whole games with uniformly random legal actions; each seat's final total,
    int32 ``(games, players)``. With ``return_actions`` also every game's action ids in order,
    int16 ``(games, longest game)``, padded with -1 (each by the seat whose turn it was)."""
    c = compile_rules(rules)
    players = players_of(rules, players)
    games = count_of(games)
    _policy(policy)
    return_actions = flag(return_actions, "return_actions")
    dealer = seed_of(seed, games)
    fitting(games, 4 * players + 8 + (2 * 1024 if return_actions else 0), "playouts")  # totals, ends, ids
    totals = np.zeros((games, players), np.int32)
    ti = c.scalars(players)
    actions = played_out(games, 1024, return_actions, lambda start, buf, ends: int(
        k.playouts(players, start, games, dealer, ti, c._tm, SHUFFLE, totals, return_actions, buf, ends)))
    return totals if actions is None else (totals, actions)


def _aligned_zeros(shape: tuple[int, int], dtype: type[np.generic]) -> npt.NDArray[Any]:
    """``np.zeros(shape, dtype)`` starting on a 64-byte boundary (numpy's own start 16 bytes past
    one), so that each 128-byte row of ``gi`` is two cache lines, not three."""
    size = shape[0] * shape[1] * np.dtype(dtype).itemsize
    raw = np.zeros(size + 64, np.uint8)
    start = -raw.ctypes.data % 64
    out: npt.NDArray[Any] = raw[start:start + size].view(dtype).reshape(shape)
    return out


class Batch(GamesBatch):
    """Games advancing together through the step API, one decision per game a step (in place).

    Every field is read-only to its users (``common.Shown``): the kernels read and write the private
    ones, trusting them (a mask set by hand let a step apply an action no rule allows)."""

    PHASE, OVER = k.G_PHASE, k.P_OVER
    __slots__ = ("_compiled", "_deck", "_gi", "_hands", "_legal", "_live", "_masks", "_nlegal", "_order", "_piles",
                 "_played", "_players", "_points", "_rng", "_rules", "_ti", "_tm", "_totals")
    # What users read, read-only (``common.Shown``); the engine reads and writes the private slots.
    compiled = Shown()
    deck = Shown()
    gi = Shown()
    hands = Shown()
    legal = Shown()
    live = Shown()
    masks = Shown()
    nlegal = Shown()
    order = Shown()
    piles = Shown()
    played = Shown()
    players = Shown()
    points = Shown()
    rng = Shown()
    rules = Shown()
    ti = Shown()
    tm = Shown()
    totals = Shown()

    def __init__(self, rules: Ruleset, players: int, games: int, seed: int) -> None:
        self._compiled = c = compile_rules(rules)
        self._rules = rules
        self._players = players = players_of(rules, players)
        games = fitting(count_of(games), game_bytes(rules, players))
        dealer = seed_of(seed, games)
        self._ti = c.scalars(players)
        self._tm = c._tm
        self._gi = _aligned_zeros((games, k.G_SIZE), np.int64)
        """Each game's scalars (``_ssp_kernels.G_*`` columns)."""
        self._rng = np.zeros(games, np.uint64)
        self._deck = np.zeros((games, MAX_DECK), np.int8)
        self._piles = np.zeros((games, 2, MAX_DECK), np.int8)
        self._hands = np.zeros((games, players), np.uint64)
        """The cards each seat holds (a mask of card indices)."""
        self._played = np.zeros((games, players), np.uint64)
        self._points = np.zeros((games, players, 2), np.int64)
        """Each seat's card points without the mermaids' colours (what its STOP reads) and the duo
        pairs it holds, kept up by the kernels (``_ssp_kernels.PV_*``)."""
        self._totals = np.zeros((games, players), np.int32)
        self._legal = np.zeros((games, len(c.names)), np.int16)
        """The seat to act's legal action ids, ``legal[g, :nlegal[g]]`` (listed by the step that
        made the state, so that masks, sampling and the next step's check read them)."""
        self._nlegal = np.zeros(games, np.int64)
        self._masks = np.zeros((games, len(c.names)), np.bool_)
        """The mask of ``legal[g, :nlegal[g]]``, kept by the kernels (``masks_view``)."""
        k.init(players, dealer, self._ti, self._tm, SHUFFLE, self._gi, self._rng, self._deck, self._piles,
               self._hands, self._played, self._points, self._totals, self._legal, self._nlegal, self._masks)
        self._live = games
        """How many games are still playing (``step`` counts them)."""
        self._order = np.arange(games, dtype=np.int64)
        """The games still playing, ``order[:live]`` in increasing order (kept by ``step``'s kernel):
        the kernels visit only those, with no test of a finished game's, mispredicted where
        finished games fall at random among the live ones."""

    def __getstate__(self) -> dict[str, Any]:
        """Every slot by its private name (a class with ``__slots__`` and no ``__dict__`` has no state
        of its own to pickle): the arrays and counts the kernels read, never the read-only views."""
        return {name: getattr(self, name) for name in self.__slots__}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickled (or deep-copied): ``gi`` laid on a 64-byte boundary again, as ``__init__`` lays it
        (an unpickled array starts where numpy puts it, 16 bytes past one: three cache lines a game)."""
        for name, value in state.items():
            setattr(self, name, value)
        if self._gi.ctypes.data % 64:
            self._gi = _aligned_zeros(self._gi.shape, np.int64)
            self._gi[...] = state["_gi"]

    @property
    def over(self) -> bool:
        """Whether every game is over."""
        return self._live == 0

    def state_arrays(self) -> tuple[Any, ...]:
        """The arrays the kernels read a game from: ``gi, deck, piles, hands, played``."""
        return self._gi, self._deck, self._piles, self._hands, self._played

    def __repr__(self) -> str:
        return f"<Batch of {self.games} {self._players}-player games of Sea Salt & Paper, {int(self.ended.sum())} over>"


def init(rules: Ruleset, players: int, games: int, seed: int) -> Batch:
    """``games`` new games, game ``i`` as ``new_game(rules, players, seed=seed + i)``."""
    return Batch(rules, players, games, seed)


def to_act(batch: Batch) -> I64Array:
    """The seat whose turn it is in every game, ``(games,)``; -1 once a game is over."""
    seats: I64Array = np.where(batch.ended, -1, batch._gi[:, k.G_TURN])
    return seats


def legal_masks(batch: Batch, out: npt.NDArray[np.bool_] | None = None) -> npt.NDArray[np.bool_]:
    """``(games, num_actions)``: True where the seat to act (``to_act``) may take the action; a
    finished game's row is all False.

    With ``out`` (bool, that shape, C-contiguous) the masks are written there, every entry, and
    ``out`` is returned: a loop asking for the masks at every step then allocates nothing (a
    fresh ``(4096, 354)`` array a step, ``np.zeros``' calloc, costs half as much again as
    clearing one in place)."""
    shape = (batch.games, len(batch._compiled.names))
    if out is None:
        out = np.zeros(shape, np.bool_)
    else:
        out = out_array(out, shape, np.bool_)
        out.fill(False)
    k.legal_masks(batch._legal, batch._nlegal, out)  # sets the legal entries
    return out


def masks_view(batch: Batch) -> npt.NDArray[np.bool_]:
    """``legal_masks(batch)`` without writing any: a read-only view of the masks the step kernel
    keeps (as it lists each game's legal actions it clears the old list's entries and sets the new
    one's, a few bytes a game), valid until the next ``step``, which changes it in place: copy it
    to keep it. Writing every mask entry a step (4096 x 354 bytes) was the step API's memset, 15%
    of its time.

    The view is made over a read-only buffer, so that it cannot be made writeable again
    (``flags.writeable = True`` is refused): ``step`` reads these masks as the check of every
    action, and a mask set where no action is legal would let the kernels apply it, indexing
    past a game's cards, piles and seats."""
    masks = batch._masks
    view: npt.NDArray[np.bool_] = np.frombuffer(masks.data.toreadonly(), np.bool_).reshape(masks.shape)
    return view


def _actions(batch: Batch, actions: npt.ArrayLike) -> I64Array:
    """``actions`` as int64 ids, one a game: as given when it is that already (``sample_actions``'
    array: the kernel only reads it, so no copy a step), else checked and converted.

    Given uncopied only when it owns its memory and is none of the batch's arrays: the kernel checks
    every action before applying any, then writes the batch's arrays as it applies them, so actions
    read through a view of those (``batch._points.reshape(-1)[:games]``, by the private names: the
    public ones are read-only) could change between the check and their game's turn: an action
    never checked was applied. And only when writeable: numba types a read-only array apart, so one
    compiled ``step`` kernel a second time (13 s)."""
    if type(actions) is np.ndarray and actions.dtype == np.int64 and actions.shape == (batch.games,) \
            and actions.flags.c_contiguous and actions.flags.owndata and actions.flags.writeable \
            and actions is not batch._order and actions is not batch._nlegal \
            and not batch.over:
        return actions
    return action_ids(batch.over, actions, (batch.games,)).astype(np.int64)


def _refuse(batch: Batch, actions: npt.ArrayLike, bad: int) -> None:
    if bad >= 0:
        a = int(np.asarray(actions, dtype=object)[bad])  # as given, not wrapped in int64 nor rounded in float64
        phase = ("draw", "keep", "play", "crab_pile", "crab_card", "steal")[int(batch._gi[bad, k.G_PHASE])]
        raise illegal(bad, int(batch._gi[bad, k.G_TURN]), a, batch._compiled.names, legal_masks(batch)[bad],
                      f"in the {phase} phase")


def step(batch: Batch, actions: npt.ArrayLike) -> tuple[Batch, IntArray]:
    """Apply one action id per game (its seat to act's; ignored for a finished game); return
    the batch and each seat's reward ``(games, players)``: the points the step added to its total.

    Raises ``IllegalAction`` naming the first game whose action is not legal, and then applies none.
    """
    acts = _actions(batch, actions)
    rewards = np.zeros((batch.games, batch._players), np.int32)  # the kernel adds a round's points
    bad, live = k.step(batch._players, batch._ti, batch._tm, SHUFFLE, acts, batch._gi, batch._rng, batch._deck,
                       batch._piles, batch._hands, batch._played, batch._points, batch._totals, batch._legal,
                       batch._nlegal, rewards, batch._masks, batch._order, batch._live)
    if bad >= 0:
        _refuse(batch, actions, bad)
    batch._live = live
    return batch, rewards


def totals(batch: Batch) -> IntArray:
    """Each seat's game total so far, ``(games, players)``."""
    return batch._totals.copy()


def sample_actions(batch: Batch, states: U64Array) -> I64Array:
    """A uniformly random legal action id for every game (-1 for a finished one), ``(games,)``."""
    owing(batch.over)
    states = generator_states(states, batch.games)
    out = np.empty(batch.games, np.int64)
    k.sample(batch._legal, batch._nlegal, states, out)
    return out


def observe_into(batch: Batch, offsets: I64Array, bounds: npt.NDArray[np.float64], obs: npt.NDArray[np.float32],
                 skip: npt.NDArray[np.bool_] | None = None, memo: U64Array | None = None) -> None:
    """Every seat's ``rl.observe`` of every game into ``obs`` ``(games, players, size)``, float32:
    ``offsets`` are the starts of ``_ssp_kernels.O_NAMES``' slices (each checked to lie within
    ``obs``), ``bounds`` each cell's bound (``rl.observation_spec``'s: every number divided by it,
    at most 1; 1 for the bits). The games ``skip`` marks (bools, one a game) are left as they are:
    a game over since ``obs`` last observed it shows the same again.

    ``memo`` (``observation_memo``'s, kept beside ``obs`` and passed with it at every call) makes a
    call write only the cells that changed since the last (the numbers and the one-hot seats
    always): the card bits ``obs`` holds, kept up by each call. ``obs`` must hold what that memo
    says: all zeros with a new memo, then nothing else writing either."""
    extents = k.extents(int(batch._ti[k.T_N]), batch._players)
    offsets, bounds, obs, skip, memo = observe_arrays(offsets, bounds, obs, skip, memo, extents,
                                                      k.memo_width(batch._players), batch.games, batch._players)
    gi, deck, piles, hands, played = batch.state_arrays()
    k.observe(batch._players, batch._ti, offsets, gi, deck, piles, hands, played, batch._totals, bounds, skip, memo,
              obs)


def observation_memo(games: int, players: int) -> U64Array:
    """A new memo for ``observe_into``, for an ``obs`` of all zeros (as ``np.zeros`` makes it)."""
    return np.zeros((games, players, k.memo_width(players)), np.uint64)


OBSERVATION_SLICES = k.O_NAMES
"""The slices of ``rl.observe`` that ``observe_into`` writes, in the order of its offsets."""


def seat_masks(batch: Batch, out: npt.NDArray[np.bool_]) -> None:
    """``legal_masks`` per seat into ``out`` ``(games, players, num_actions)``: the seat to act's row, others
    False (from the masks the kernels keep: no list read again)."""
    out = out_array(out, (batch.games, batch._players, batch._masks.shape[1]), np.bool_)
    out.fill(False)
    k.seat_masks(batch._gi, batch._masks, out)


def seat_actions(batch: Batch, actions: npt.ArrayLike) -> I64Array:
    """The seat to act's entry of every game's row of ``actions`` ``(games, players)`` (``step``'s argument)."""
    acts = shaped(actions, (batch.games, batch._players))
    picked: I64Array = acts[np.arange(batch.games), np.maximum(to_act(batch), 0)]
    return picked


def seat_sample(batch: Batch, states: U64Array) -> I64Array:
    """``sample_actions`` per seat, ``(games, players)``: the seat to act's draw, -1 elsewhere."""
    drawn = sample_actions(batch, states)
    out = np.full((batch.games, batch._players), -1, np.int64)
    seats = to_act(batch)
    live = np.flatnonzero(seats >= 0)
    out[live, seats[live]] = drawn[live]
    return out


def _rules() -> Ruleset:
    from ..seasaltpaper.loading import load_rules

    rules: Ruleset = load_rules(GAME)
    return rules


def bench_playouts(seconds: float = 1.0, players: int = 4, games: int = 4096,
                   rules: Ruleset | None = None) -> tuple[float, float]:
    """Random games and decisions per second through ``playouts`` (batches of ``games``), for about ``seconds``."""
    rules = _rules() if rules is None else rules
    c = compile_rules(rules)
    seconds, players, games = duration(seconds), players_of(rules, players), count_of(games)  # before any array
    ti = c.scalars(players)
    totals = np.zeros((games, players), np.int32)
    ends = np.zeros(games, np.int64)
    buf = np.zeros(0, np.int16)
    playouts(rules, players, 16, 0)  # compile (or load the cache) outside the timing
    done = seed = 0
    start = time.perf_counter()
    while True:
        k.playouts(players, 0, games, np.uint64(seed), ti, c._tm, SHUFFLE, totals, False, buf, ends)
        done += games
        seed += games
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    decisions = _decisions_per_game(rules, players)
    return done / elapsed, done * decisions / elapsed


@lru_cache(maxsize=8)
def _decisions_per_game(rules: Ruleset, players: int) -> float:
    """The mean decisions of a random game (from 2,000 recorded ones): decisions/s of ``bench_playouts``."""
    _, actions = playouts(rules, players, 2000, 1 << 40, return_actions=True)
    return float((actions >= 0).sum()) / 2000


def bench_step_api(seconds: float = 1.0, players: int = 4, games: int = 4096,
                   rules: Ruleset | None = None) -> tuple[float, float]:
    """Games and decisions per second through ``init``/``legal_masks``/``step``/``totals``, batches of
    ``games``: every step asks for the masks (``masks_view``: those the step kept), and the actions are
    ``sample_actions``' uniformly random legal ones (the lowest legal action, Australia's numpy
    ``argmax``, never ends a game)."""
    rules = _rules() if rules is None else rules
    done = seed = decisions = 0
    warm = True
    start = time.perf_counter()
    while True:
        b = init(rules, players, 16 if warm else games, seed)
        states = sampler(b.games, seed)
        while not b.over:
            masks_view(b)
            decisions += b._live
            b, _ = step(b, sample_actions(b, states))
        totals(b)
        if warm:
            warm = False
            decisions = 0
            start = time.perf_counter()
            continue
        done += games
        seed += games
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed, decisions / elapsed
