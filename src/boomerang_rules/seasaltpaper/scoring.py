"""Scoring: a player's card points (duos, collectors, multipliers, mermaids), the colour bonus,
and a round's points by the STOP / LAST CHANCE rules."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Literal

import attrs

from ..core.arguments import brief, integer, is_list, list_of, not_a, require
from ..core.display import counted
from ..core.errors import InvalidInput, Problem
from ..core.pointer import pointer
from ..core.seats import plays_for
from . import extra_scoring
from .rules import Ruleset
from .tables import Tables, tables_for

Call = Literal["stop", "last_chance"]
RULES_WHAT = "a Sea Salt & Paper Ruleset (see load_rules)"


@attrs.frozen
class Points:
    """One player's points: ``card_points`` is what STOP scores; ``colour_bonus`` is the LAST CHANCE
    bonus (the number of cards of the player's most common colour)."""

    card_points: int
    colour_bonus: int
    duos: int
    collectors: int
    multipliers: int
    mermaids: int


def _pairs(t: Tables, kind_counts: list[int]) -> int:
    total = 0
    for a, b, points, _ in t.duos:
        total += points * (kind_counts[a] // 2 if a == b else min(kind_counts[a], kind_counts[b]))
    return total


def _kind_counts(t: Tables, cards: Iterable[int]) -> list[int]:
    counts = [0] * len(t.kinds)
    kind = t.kind
    for c in cards:
        counts[kind[c]] += 1
    return counts


def expansion_points(t: Tables, in_hand: list[int], in_front: list[int], colours: list[int],
                     bonus: int) -> Points:
    """The points of kind counts in hand and in front and mermaid colour counts, Extra Salt's
    rules included (``t.expansion``; ``extra_scoring`` says how)."""
    duos, collectors, multipliers, mermaids = extra_scoring.parts(t, in_hand, in_front, colours)
    return Points(duos + collectors + multipliers + mermaids, bonus, duos, collectors, multipliers, mermaids)


def points_of(t: Tables, hand: Iterable[int], played: Iterable[int]) -> Points:
    """The points of a player holding ``hand`` with ``played`` in front (card indices)."""
    hand = tuple(hand)
    played = tuple(played)
    in_hand = _kind_counts(t, hand)
    in_front = _kind_counts(t, played)
    if t.expansion:
        colours = [0] * len(t.colours)
        every = [0] * len(t.colours)
        for c in hand + played:
            every[t.colour[c]] += 1
            if t.count_own_colour or t.kind[c] != t.mermaid:
                colours[t.colour[c]] += 1
        if t.bonus_own_colour:
            bonus = max(every, default=0)
        else:
            bonus = max((n for n in _colours_without_mermaids(t, hand + played)), default=0)
        return expansion_points(t, in_hand, in_front, colours, bonus)
    kinds = [a + b for a, b in zip(in_hand, in_front)]
    duos = _pairs(t, in_hand) + _pairs(t, in_front)
    collectors = 0
    for k, table in t.collectors:
        n = kinds[k]
        if n:
            collectors += table[min(n, len(table)) - 1]
    multipliers = 0
    for k, target, points in t.multipliers:
        multipliers += kinds[k] * kinds[target] * points
    colours = [0] * len(t.colours)
    colour, kind, mermaid, own = t.colour, t.kind, t.mermaid, t.count_own_colour
    for c in hand + played:
        if own or kind[c] != mermaid:
            colours[colour[c]] += 1
    ranked = sorted(colours, reverse=True)
    mermaid_count = kinds[t.mermaid] if t.mermaid >= 0 else 0
    mermaids = sum(ranked[:mermaid_count])
    card_points = duos + collectors + multipliers + mermaids
    return Points(card_points, ranked[0] if ranked else 0, duos, collectors, multipliers, mermaids)


def _colours_without_mermaids(t: Tables, cards: tuple[int, ...]) -> list[int]:
    counts = [0] * len(t.colours)
    for c in cards:
        if t.kind[c] != t.mermaid:
            counts[t.colour[c]] += 1
    return counts


def _indices(t: Tables, ids: Sequence[str], where: str, seen: dict[str, str], problems: list[Problem],
             parameter: str) -> list[int]:
    """The card indices of ``ids`` (the ``where`` list: ``hand`` or ``played``), each unknown or
    repeated id a problem. One string is a problem too (as in the other games' scoring: a card
    id where a list is due, the input's mistake); any other value that is no sequence (None, a
    number, a numpy array) is the caller's, a ``TypeError`` naming ``parameter``, as every game's
    scoring function answers it."""
    out: list[int] = []
    if isinstance(ids, str):
        problems.append(Problem(pointer(where), f"{where} must be a list of card ids, not one string", "card-list"))
        return out
    if not isinstance(ids, Sequence):
        raise not_a(ids, parameter, "a list of card ids (str)")
    for i, card in enumerate(ids):
        if not isinstance(card, str) or card not in t.index:
            problems.append(Problem(pointer(where, i), f"{brief(card)} is not a card of {t.rules.id!r}", "card-known"))
        elif card in seen:
            problems.append(Problem(pointer(where, i), f"card {card!r} is given twice (also in {seen[card]})",
                                    "card-once"))
        else:
            seen[card] = where
            out.append(t.index[card])
    return out


def score_cards(rules: Ruleset, hand: Sequence[str] = (), played: Sequence[str] = ()) -> Points:
    """The points of a player holding ``hand`` (card ids) with ``played`` in front of them.

    Pairs count in hand and in front alike, but a played card never pairs with one in hand.
    Raises ``InvalidInput`` naming each unknown or repeated id (``/hand/2``, ``/played/0``), and
    ``TypeError`` for a ``hand`` or ``played`` that is no sequence (a numpy array: ``list(a)``).

    ```pycon
    >>> import boomerang_rules as br
    >>> p = score_cards(br.load_rules("sea-salt-paper"), hand=["shell-1", "shell-2"], played=["crab-1", "crab-2"])
    >>> p.card_points, p.duos, p.collectors, p.colour_bonus
    (3, 1, 2, 2)

    ```
    """
    require(rules, Ruleset, "rules", RULES_WHAT)
    t = tables_for(rules)
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    h = _indices(t, hand, "hand", seen, problems, "hand")
    p = _indices(t, played, "played", seen, problems, "played")
    if problems:
        raise InvalidInput(problems, "cannot score these cards:")
    return points_of(t, h, p)


def played_problems(rules: Ruleset, played: Sequence[str]) -> list[Problem]:
    """What makes ``played`` (distinct card ids of ``rules``, as ``score_cards`` takes them) cards no
    game can have in front of a player; [] when some game can.

    Cards reach the table only as the rules play them: duos (two cards a duo of the ruleset pairs),
    each duo with at most one trio card (Extra Salt's starfish) when the ruleset has one, and the
    mermaids all ``win_with`` at once (which wins the game). ``score_cards`` scores any set (a
    tester's positions, the comparison with the online version's code); ``boomerang-rules score``
    refuses the sets this finds, each problem at ``/played/i`` of a card left over.
    """
    from .telling import winning_mermaids  # the words of the win, as every text says them

    require(rules, Ruleset, "rules", RULES_WHAT)
    t = tables_for(rules)
    cards = [(i, t.index[c]) for i, c in enumerate(played) if c in t.index]
    paired = {a for a, b, _, _ in t.duos} | {b for a, b, _, _ in t.duos}
    duo_kinds = sorted(paired)
    counts = tuple(sum(1 for _, c in cards if t.kind[c] == k) for k in duo_kinds)
    left = dict(zip(duo_kinds, _unpaired(t, duo_kinds, counts)))
    duos = (sum(counts) - sum(left.values())) // 2
    made = ", ".join(f"{_kind(t, a)} + {_kind(t, b)}" for a, b, _, _ in t.duos)
    problems: list[Problem] = []
    mermaids = [i for i, c in cards if t.kind[c] == t.mermaid]
    starfish = [i for i, c in cards if t.kind[c] == t.trio]
    front = f"only duos ({made})" + (f", a {_kind(t, t.trio)} with a duo" if t.trio >= 0 else "")
    for i, c in reversed(cards):  # the last cards of a kind are the ones left over
        k = t.kind[c]
        if left.get(k, 0):
            left[k] -= 1
            problems.append(Problem(pointer("played", i), f"this {_kind(t, k)} has no partner among the played "
                                    f"cards: a {_kind(t, k)} is played in a duo ({made})", "played-duos"))
        elif k not in paired and k != t.mermaid and k != t.trio:
            problems.append(Problem(pointer("played", i), f"this {_kind(t, k)} cannot be in front: {front} and "
                                    f"{winning_mermaids(rules)} at once go in front", "played-duos"))
    for i in starfish[duos:]:
        star = _kind(t, t.trio)
        problems.append(Problem(pointer("played", i), f"this {star} has no duo: a {star} goes in front only with a "
                                f"duo, one per duo, and the played cards make {counted(duos, 'duo')}",
                                "played-trio"))
    if mermaids and len(mermaids) != t.win_with:
        problems.append(Problem(pointer("played", mermaids[0]), f"{counted(len(mermaids), 'mermaid')} in front: "
                                f"{_played_at_once(rules)} (which wins the game)", "played-mermaids"))
    return sorted(problems, key=lambda p: int(p.pointer.rsplit("/", 1)[1]))


def _played_at_once(rules: Ruleset) -> str:
    """How the mermaids go in front, in words agreeing with the ruleset's number ("a mermaid is played
    alone" where one wins; "the mermaids are played 1 at once" said otherwise)."""
    from .telling import winning_count

    if rules.mermaids.win_with == 1:
        return "a mermaid is played alone"
    return f"the mermaids are played {winning_count(rules)} at once"


def _kind(t: Tables, k: int) -> str:
    return t.kinds[k].replace("_", " ")


def _unpaired(t: Tables, kinds: list[int], counts: tuple[int, ...]) -> tuple[int, ...]:
    """The fewest cards of each kind of ``kinds`` (``counts`` of each) that no way of making duos
    pairs: a search over the counts, the first kind left first (a handful of kinds, a few cards)."""
    partners = {k: [kinds.index(b if a == k else a) for a, b, _, _ in t.duos if k in (a, b)] for k in kinds}

    @cache
    def best(n: tuple[int, ...]) -> tuple[int, ...]:
        first = next((j for j, x in enumerate(n) if x), None)
        if first is None:
            return n
        options = [_add(best(_minus(n, first)), first)]  # one card of it left unpaired
        for j in partners[kinds[first]]:
            if n[j] >= (2 if j == first else 1):
                options.append(best(_minus(_minus(n, first), j)))
        return min(options, key=sum)

    return best(counts)


def _minus(n: tuple[int, ...], j: int) -> tuple[int, ...]:
    return n[:j] + (n[j] - 1,) + n[j + 1:]


def _add(n: tuple[int, ...], j: int) -> tuple[int, ...]:
    return n[:j] + (n[j] + 1,) + n[j + 1:]


def round_scores(card_points: Sequence[int], bonuses: Sequence[int], ender: int, call: Call) -> tuple[int, ...]:
    """Each seat's points for a round ended by ``ender`` with ``call``, from card points and colour bonuses."""
    if call == "stop":
        return tuple(card_points)
    others = [p for s, p in enumerate(card_points) if s != ender]
    if all(card_points[ender] >= p for p in others):
        return tuple(card_points[s] + bonuses[s] if s == ender else bonuses[s] for s in range(len(card_points)))
    return tuple(bonuses[s] if s == ender else card_points[s] for s in range(len(card_points)))


def round_points(rules: Ruleset, cards: Sequence[tuple[Sequence[str], Sequence[str]]], ender: int,
                 call: Call) -> tuple[int, ...]:
    """The points each seat scores for a round: ``cards[seat]`` is ``(hand, played)``, ``ender``
    the seat that ended the round, ``call`` ``"stop"`` or ``"last_chance"``.

    STOP: everyone scores their card points. LAST CHANCE: if the caller's card points are at
    least everyone else's, the caller scores them plus the colour bonus and the others their
    colour bonus only; otherwise the caller scores the colour bonus only and the others their
    card points.
    """
    require(rules, Ruleset, "rules", RULES_WHAT)
    if call not in ("stop", "last_chance"):
        raise ValueError(f"call must be 'stop' or 'last_chance', not {brief(call)}")
    for seat, pair in enumerate(list_of(cards, "cards", "(hand, played) pairs, one per seat")):
        if not is_list(pair) or len(pair) != 2:
            raise not_a(pair, f"cards[{seat}]", "a (hand, played) pair of card id lists")
    low, high = rules.players.min, rules.players.max
    if not low <= len(cards) <= high:
        raise ValueError(f"cards must hold one (hand, played) pair per seat: {plays_for(rules)}, "
                         f"not {len(cards)}")
    ender = integer(ender, "ender", "a seat number")
    if not 0 <= ender < len(cards):
        raise ValueError(f"ender {ender} is not a seat of a {len(cards)}-player round")
    t = tables_for(rules)
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    scored = []
    for seat, (hand, played) in enumerate(cards):
        sub: list[Problem] = []
        h = _indices(t, hand, "hand", seen, sub, f"cards[{seat}][0] (its hand)")
        p = _indices(t, played, "played", seen, sub, f"cards[{seat}][1] (its played cards)")
        problems += [Problem(pointer("cards", seat) + x.pointer, x.message, x.rule) for x in sub]
        seen = {k: f"seat {seat}'s {v}" if not v.startswith("seat") else v for k, v in seen.items()}
        scored.append(points_of(t, h, p))
    if problems:
        raise InvalidInput(problems, "cannot score these cards:")
    return round_scores([p.card_points for p in scored], [p.colour_bonus for p in scored], ender, call)
