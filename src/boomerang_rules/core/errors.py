"""The exceptions and the problem report every part of the library speaks."""

from __future__ import annotations

from collections.abc import Iterable

import attrs


@attrs.frozen
class Problem:
    """One thing wrong with an input: where (a JSON pointer), what, and which rule it breaks.

    ``file`` names the input when it came from a file, so that a report reads like a compiler's:
    ``game.json:/rounds/1/picks/2/3: card "Q" is not in the hand ... [pick-in-hand]``.
    """

    pointer: str
    message: str
    rule: str
    file: str | None = None

    def __str__(self) -> str:
        """``file:/pointer: message [rule]``, the file's name escaped to one line a terminal shows
        as it is (``core.display.shown_name``: a name may hold an escape or a newline, and one no
        file can have is cut), and so the pointer, which names the input's keys, each long one cut
        (``shown_pointer``)."""
        from .display import shown_name, shown_pointer

        where = ":".join(part for part in (self.file and shown_name(self.file), shown_pointer(self.pointer)) if part)
        return f"{where}: {self.message} [{self.rule}]" if where else f"{self.message} [{self.rule}]"

    def in_file(self, file: str | None) -> Problem:
        """The same problem, located in ``file``."""
        return attrs.evolve(self, file=file)


def under(prefix: str, problems: Iterable[Problem]) -> list[Problem]:
    """Problems of a part of an input, placed at their pointer below ``prefix`` (the part's own
    pointer); the file they named, if any, is the whole input's now."""
    return [Problem(prefix + p.pointer, p.message, p.rule) for p in problems]


class BoomerangError(Exception):
    """Base of the library's refusals of the rules and of input (``IllegalAction``, ``InvalidInput``,
    ``RulesError``), so one ``except`` catches them; a wrong type stays a ``TypeError``."""


class IllegalAction(BoomerangError, ValueError):
    """An action that the rules do not allow in this state; the message says why."""


class InvalidInput(BoomerangError, ValueError):
    """Input data (a ruleset, a variant, a record, card ids) that breaks a rule.

    ``problems`` lists every problem found, each with its place in the input.
    """

    def __init__(self, problems: list[Problem] | tuple[Problem, ...], summary: str = "") -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        lines = [summary] if summary else []
        lines += [str(p) for p in self.problems]
        super().__init__("\n".join(lines) if lines else "invalid input")


class RulesError(InvalidInput):
    """A ruleset or variant that cannot be loaded: unreadable, off-schema or inconsistent."""


class ParallelError(RuntimeError):
    """The work could not be spread as asked: Ray missing, the cluster out of reach, a chunk lost for good."""
