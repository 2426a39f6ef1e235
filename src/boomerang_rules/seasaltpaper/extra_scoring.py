"""Extra Salt's scoring of kind counts: pairs when duos share a kind, the starfish's trios, the
seahorse's stand-in. ``scoring`` (the reference) and ``tables`` (the engine's packed counts, which
hand Extra Salt's rulesets to it) both read it; it imports neither, ``t`` being their ``Tables``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, TypeAlias

Plan: TypeAlias = tuple[tuple[int, int, int, bool], ...]


def duo_plan(duos: Any, shared_duos: Any) -> tuple[tuple[int, ...], Plan]:
    """``duos`` (``Tables.duos``) as ``best_pairs`` reads them: the kinds they use (ascending), and
    each duo ``(place, place, points, shared)``, a kind by its place in those kinds, ``shared``
    whether it shares a kind with another duo (``Tables.shared_duos``)."""
    kinds = tuple(sorted({k for a, b, _, _ in duos for k in (a, b)}))
    return kinds, tuple((kinds.index(a), kinds.index(b), points, shared)
                        for (a, b, points, _), shared in zip(duos, shared_duos))


def best_pairs(t: Any, counts: list[int]) -> tuple[int, int]:
    """The most points (then the most pairs) the duos can make of ``counts``, and the pairs: each
    card in one pair (``plan_pairs`` of the duos' kinds' counts: the same few come again and again,
    so a search that scores hands by the hundred thousand reads most of them from its memo)."""
    return memo_pairs(t.duo_plan, tuple([counts[k] for k in t.duo_kinds]))


def plan_pairs(plan: Plan, counts: tuple[int, ...]) -> tuple[int, int]:
    """The most points (then the most pairs) the duos of ``plan`` (``duo_plan``) can make of
    ``counts`` (by place), and the pairs: each card in one pair. A duo whose kinds no other duo has
    takes all it can; duos that share a kind (Extra Salt's crab with crab and with the lobster)
    try every split. Called through ``memo_pairs``."""
    if not plan:
        return 0, 0
    a, b, points, shared = plan[0]
    most = counts[a] // 2 if a == b else min(counts[a], counts[b])
    if not shared:
        rest = memo_pairs(plan[1:], counts)
        return rest[0] + points * most, rest[1] + most
    best = (0, 0)
    for k in range(most + 1):
        left = list(counts)
        left[a] -= k
        left[b] -= k
        rest = memo_pairs(plan[1:], tuple(left))
        best = max(best, (rest[0] + points * k, rest[1] + k))
    return best



memo_pairs = lru_cache(maxsize=1 << 14)(plan_pairs)
"""``plan_pairs`` memoized (about 800 distinct counts in two games of Extra Salt's search). Wrapped
here rather than decorated, so that mutation testing, which leaves decorated functions alone,
judges ``plan_pairs``."""

def collector_points(t: Any, collected: list[int], seahorses: int) -> int:
    """The collectors' points of ``collected`` (each collector's cards, in ``t.collectors``' order)
    with ``seahorses`` stand-ins in hand: each one more card of a collection begun (one card held
    at least), never past its table's end, all of them placed where the total is highest.

    The online version tries its one seahorse on each collection begun and keeps the highest
    total. A ruleset's data may hold several, and placing them one at a time, each where it gains
    most, can miss the best total (tables 0, 1, 10 and 0, 2, one card of each: 3 points, where both
    on the first make 10); so they are placed together, a collection at a time: ``most[s]`` is the
    best of the collections so far with at most ``s`` seahorses placed (a seahorse that would lower
    a total is not placed)."""
    most = [0] * (seahorses + 1)
    for (_, table), n in zip(t.collectors, collected):
        if not n:
            continue
        size = len(table)
        room = max(0, size - n)  # the missing cards a seahorse may stand in for
        most = [max(most[s - k] + table[min(n + k, size) - 1] for k in range(min(s, room) + 1))
                for s in range(seahorses + 1)]
    return most[seahorses]


def parts(t: Any, in_hand: list[int], in_front: list[int], colours: list[int]) -> tuple[int, int, int, int]:
    """The duos', collectors', multipliers' and mermaids' points of kind counts in hand and in
    front and mermaid colour counts, Extra Salt's rules included (``t``: the ruleset's ``Tables``):
    duos that share a kind, the starfish, the seahorse.

    A starfish in front was played with a duo (a trio); a starfish in hand joins a pair in hand
    that no other starfish has joined ("in hand it counts only up to the number of pairs
    held"), never a pair played without it. Each trio scores ``trio.points`` in place of the
    pair's: as the online version counts. The seahorse counts in hand only (it is
    never played) as one more card of a collection begun, short of its table's end, where it
    scores most (``collector_points``).
    """
    hand_points, hand_pairs = best_pairs(t, in_hand)
    front_points, front_pairs = best_pairs(t, in_front)
    duos = hand_points + front_points
    if t.trio >= 0:
        duos += t.trio_gain * (min(in_hand[t.trio], hand_pairs) + min(in_front[t.trio], front_pairs))
    seahorses = in_hand[t.stand_in] if t.stand_in >= 0 else 0
    if seahorses:
        collectors = collector_points(t, [in_hand[k] + in_front[k] for k, _ in t.collectors], seahorses)
    else:  # most hands a search scores: each collection begun scores its table, no placement to weigh
        collectors = 0
        for k, table in t.collectors:
            n = in_hand[k] + in_front[k]
            if n:
                collectors += table[min(n, len(table)) - 1]
    multipliers = 0
    for k, target, points in t.multipliers:
        multipliers += (in_hand[k] + in_front[k]) * (in_hand[target] + in_front[target]) * points
    held = in_hand[t.mermaid] + in_front[t.mermaid] if t.mermaid >= 0 else 0
    mermaids = sum(sorted(colours, reverse=True)[:held]) if held else 0
    return duos, collectors, multipliers, mermaids
