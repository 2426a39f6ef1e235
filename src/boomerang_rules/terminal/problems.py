"""A screenful of problems: how every command lists the problems of one input to a person.

An input can hold thousands of problems (5,000 unknown cards given to ``score``, every number of
a record written with a point): listing each one is hundreds of kilobytes no one reads. The
commands list the first ``SHOWN_PROBLEMS``, each as it always was (its place: the file and JSON
pointer, or the argument; its message; its rule), and count the rest by rule in one line. The
library's reports (``validate_file``, ``InvalidInput.problems``) and ``validate --json`` keep
every problem.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.errors import Problem

SHOWN_PROBLEMS = 20
"""The problems of one input a command lists (a screenful); the rest are counted in one line."""

UNCOUNTED = frozenset({"schema:more"})
"""Rules of a problem that is no problem of its own but says that more were not looked for (the
schema check stops after ``core.schema.MAX_PROBLEMS``): counted as "and more", not as one."""


def listed(problems: Sequence[Problem], line: Callable[[Problem], str] = str,
           limit: int = SHOWN_PROBLEMS) -> list[str]:
    """The lines that tell ``problems``, at most ``limit + 1``: ``limit`` of them, each as ``line``
    writes it (``str``: ``FILE:POINTER: message [rule]``), then one line counting the rest by rule,
    the most frequent first (as ``check-scorer`` counts the rows that differ): ``… and 4980 more
    problems, not listed: card-known (4979×), card-once (1×)``. The ones listed are the first of
    each rule, then the earliest others, in their order: a problem of its own kind is never hidden
    behind thousands of another (Australia's "a round scores 7 cards, got 3000" after 3,000 unknown
    cards). One problem past ``limit`` is listed itself (its line costs what the count's would).
    ``score``, ``validate``, ``replay`` and ``sheet`` list an input's problems so, in every game."""
    if len(problems) <= limit + 1:
        return [line(p) for p in problems]
    chosen = _chosen(problems, limit)
    rest = [p for i, p in enumerate(problems) if i not in chosen]
    counts = Counter(p.rule for p in rest if p.rule not in UNCOUNTED)
    more = sum(counts.values())
    kinds = ", ".join(f"{rule} ({n}×)" for rule, n in counts.most_common())
    said = [f"{more} more problem{'' if more == 1 else 's'}, not listed: {kinds}"] if more else []
    if more < len(rest):  # the schema check stopped looking (``core.schema.MAX_PROBLEMS``)
        said.append("more, not looked for (a document that wrong is checked no further)")
    tail = "… and " + "; and ".join(said)
    return [*(line(problems[i]) for i in sorted(chosen)), tail]


def _chosen(problems: Sequence[Problem], limit: int) -> set[int]:
    """The places in ``problems`` of the ``limit`` that ``listed`` lists: the first of each rule (those of
    ``UNCOUNTED`` aside), the earliest first when the rules are more than ``limit``, then the earliest
    of the others."""
    firsts: dict[str, int] = {}
    for i, p in enumerate(problems):
        if p.rule not in UNCOUNTED:
            firsts.setdefault(p.rule, i)
    chosen = set(sorted(firsts.values())[:limit])
    for i, p in enumerate(problems):
        if len(chosen) == limit:
            break
        if p.rule not in UNCOUNTED:
            chosen.add(i)
    return chosen


__all__ = ["SHOWN_PROBLEMS", "UNCOUNTED", "listed"]
