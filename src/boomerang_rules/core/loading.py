"""Finding, resolving and checking rulesets and variants, whatever game they are for.

A name is a shipped ruleset or variant id (a file in ``variants/``) or a path to a JSON file.
A variant names the ruleset it ``extends`` and its ``changes`` as a JSON Merge Patch; the
resolved ruleset must pass the ruleset schema and the game's own consistency checks.
"""

from __future__ import annotations

import os
import stat
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import attrs

from .arguments import brief, kind
from .errors import Problem, RulesError
from .games import GAMES, rules_module
from .jsonio import json_problems, printable, read_json_file
from .limits import DEFAULT_MAX_BYTES
from .merge_patch import merge_patch
from .pointer import pointer
from .resources import data_dir
from .schema import schema_problems

RULESET_FORMAT = "boomerang-rules/ruleset"
VARIANT_FORMAT = "boomerang-rules/variant"
MAX_EXTENDS_DEPTH = 32


@attrs.frozen
class RulesInfo:
    """A shipped ruleset or variant, as ``list_rules`` describes it."""

    id: str
    name: str
    description: str
    extends: str | None
    """The id or path the variant extends; None for a complete ruleset."""
    game: str = ""
    """The game it is for (a variant's is that of the ruleset it resolves to)."""


@cache
def list_rules() -> tuple[RulesInfo, ...]:
    """The shipped rulesets and variants: the standard one first, then the complete rulesets, then the variants."""
    infos = []
    for name in shipped_ids():
        path, label = _locate(name, None)
        data = _read(path, label)
        game = resolve_data(data, label, path.parent).get("game")
        infos.append(RulesInfo(name, str(data.get("name", name)), str(data.get("description", "")),
                               data.get("extends"), str(game)))
    return tuple(sorted(infos, key=lambda i: (i.extends is not None, i.id != "standard", i.id)))


LOADED_RULESET = "a loaded ruleset (see load_rules)"
"""What a function taking only a loaded ruleset (no id, no path) says it takes."""


def require_ruleset(rules: object, what: str = LOADED_RULESET, drawn: str = "") -> Any:
    """``rules`` itself if it is a ruleset of a registered game, else the ``TypeError`` every function
    taking a ruleset gives (``what``: what the caller takes; ``drawn``: where the value came from), so
    that one check, in one message, stands at every entry point rather than a bare ``AttributeError``
    deep inside."""
    game = getattr(rules, "game", None)
    if isinstance(rules, dict) or not isinstance(game, str) or game not in GAMES:
        raise TypeError(f"rules must be {what}, not {kind(rules)}: {brief(rules)}{drawn}")
    return rules


def rules_data(rules: Any) -> dict[str, Any]:
    """A loaded ruleset as complete JSON-ready data: what a variant resolves to."""
    return rules_module(require_ruleset(rules).game).to_data(rules)


@cache
def shipped_ids() -> tuple[str, ...]:
    """The ids of the rulesets and variants shipped with the library, sorted."""
    return tuple(sorted(p.stem for p in data_dir("variants").glob("*.json")))


def _game_names() -> str:
    """The games' names, as messages list them: ``extends`` takes one for its default ruleset (``_own_ruleset``)."""
    return ", ".join(sorted(GAMES))


def _is_shipped(name: str) -> bool:
    return name in shipped_ids()


NO_SUCH_FILE = "no such file"
"""``_unreadable``'s answer for a name that is nothing at all (a shipped id mistyped, most often)."""


def _unreadable(path: Path) -> str | None:
    """Why ``path`` names no file to read, or None when it is a regular file: ``NO_SUCH_FILE``,
    a folder, something else that is not a file (a device or a pipe, whose reading may never
    end), or the system's words for a name it cannot look up at all (a name too long, a folder
    not searchable, symbolic links in a loop). ``Path.is_file`` raised for some of these and said
    False for a loop, which was then "no such file exists" though ``validate`` said why."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError, ValueError):  # ValueError: a name holding a NUL, as no file's
        return NO_SUCH_FILE
    except OSError as exc:
        return f"cannot read the file: {exc.strerror or exc}"
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    return "not a regular file (a device, a pipe or a socket)"


def _label(path: Path) -> str:
    """The path as problems name it: printable, even when the file system's name is not text."""
    return printable(str(path))


def rules_size_problem() -> Problem:
    """A ruleset or variant file past its fixed limit (``DEFAULT_MAX_BYTES``), which no option raises:
    ``load_rules`` refuses it so, and ``validate`` too, whatever its ``--max-bytes``."""
    return Problem("", f"file larger than the limit of {DEFAULT_MAX_BYTES} bytes for a ruleset or variant",
                   "size-limit")


def _read(path: Path, label: str) -> dict[str, Any]:
    try:
        data, problem = read_json_file(path)
    except OSError as exc:
        raise RulesError([Problem("", f"cannot read the file: {exc.strerror or exc}", "io", label)]) from None
    if problem is not None:
        if problem.rule == "size-limit":  # no option raises a ruleset's limit: no "--max-bytes" hint
            problem = rules_size_problem()
        raise RulesError([problem.in_file(label)])
    if not isinstance(data, dict):
        raise RulesError([Problem("", "a ruleset or variant must be a JSON object", "schema:type", label)])
    return data


def _locate(name: str, relative_to: Path | None) -> tuple[Path, str]:
    """The file behind a name, and the label problems will carry."""
    if _is_shipped(name):
        return data_dir("variants") / f"{name}.json", f"{name}.json"
    path = Path(name)
    if relative_to is not None and not path.is_absolute():
        path = relative_to / path
    return path, _label(path)


def resolve_data(data: dict[str, Any], label: str | None, base: Path | None = None,
                 seen: tuple[str, ...] = (), allow_paths: bool = True, depth: int = 1) -> dict[str, Any]:
    """The complete ruleset a ruleset or variant object stands for, before its checks.

    ``base`` is the folder that relative ``extends`` paths start from; ``seen`` the chain of
    files already being resolved, to report a cycle instead of recursing forever. Without
    ``allow_paths`` a variant may extend only shipped rulesets, so that untrusted input (a
    variant inside a game record) cannot make the library read files. ``depth`` counts the
    variants of the chain down to ``data`` (``data`` itself the first): ``seen`` holds the first
    one only when it came from a file, and ``validate`` (which reads a document, not its path)
    must refuse the same chains as ``load_rules``.
    """
    fmt = data.get("format")
    if fmt == RULESET_FORMAT:
        return _whole_numbers(data)  # type: ignore[no-any-return]
    if fmt != VARIANT_FORMAT:
        raise RulesError([Problem("/format", f"expected {RULESET_FORMAT!r} or {VARIANT_FORMAT!r}, "
                                  f"found {brief(fmt)}", "format", label)])
    problems = schema_problems(data, "variant")
    if problems:
        raise RulesError([p.in_file(label) for p in problems])
    unused = _overridden(data, label)
    if unused:
        raise RulesError(unused)
    parent = str(_own_ruleset(data["extends"]))  # a game's name extends its default ruleset, as ``load_rules`` reads it
    if not allow_paths and not _is_shipped(parent):
        raise RulesError([Problem("/extends", f"{brief(parent)} is not a shipped ruleset; a variant given inline may "
                                  f"extend only {', '.join(shipped_ids())} or a game ({_game_names()})", "extends",
                                  label)])
    path, parent_label = _locate(parent, base)
    key = str(path.resolve()) if _unreadable(path) is None else parent_label
    if key in seen:
        chain = " -> ".join([*seen, key])
        raise RulesError([Problem("/extends", f"variants extend each other in a cycle: {chain}",
                                  "extends-cycle", label)])
    if depth > MAX_EXTENDS_DEPTH:
        raise RulesError([Problem("/extends", f"more than {MAX_EXTENDS_DEPTH} variants extend each other: "
                                  f"{seen[0]} -> … -> {parent}", "extends-depth", label)])
    why = _unreadable(path)
    if why is not None:
        said = "" if why == NO_SUCH_FILE else f" ({why})"
        raise RulesError([Problem("/extends", f"{brief(parent)} is neither a shipped ruleset "
                                  f"({', '.join(shipped_ids())}), a game ({_game_names()}) nor a file{said}",
                                  "extends", label)])
    parent_data = resolve_data(_read(path, parent_label), parent_label, path.parent, (*seen, key), allow_paths,
                               depth + 1)
    merged = merge_patch(parent_data, _whole_numbers(data["changes"]))  # the parent's are ints already
    if "game" in data["changes"] and merged.get("game") != parent_data.get("game"):
        raise RulesError([_game_changed(parent, parent_data.get("game"), label)])
    merged["format"] = RULESET_FORMAT
    merged["version"] = 1
    for field in ("id", "name", "description"):
        if field in data:
            merged[field] = data[field]
    return merged  # type: ignore[no-any-return]


def _overridden(data: dict[str, Any], label: str | None) -> list[Problem]:
    """The changes of ``id``, ``name`` or ``description`` that the variant's own field of that name
    replaces (``resolve_data`` writes the variant's over the patch's): such a change changed nothing,
    silently, where a reader of the file takes it for the variant's."""
    changes = data["changes"]
    given = {field: "null" if changes[field] is None else brief(changes[field])
             for field in ("id", "name", "description") if field in changes}
    return [Problem(pointer("changes", field), f"{given[field]} is replaced by the variant's own {field} "
                    f"({brief(data[field])}), so it changes nothing: give the {field} once, at /{field}",
                    "changes-overridden", label)
            for field in ("id", "name", "description") if field in changes and field in data
            and changes[field] != data[field]]


def _game_changed(parent: str, game: Any, label: str | None) -> Problem:
    """The problem of a variant whose patch changes (or removes) ``game``: a variant is of its parent's
    game, so it is told once, at its place. It was the other game's schema broken twenty times over
    (every key the other game requires, every key of this one it does not know), or "unknown game None"."""
    return Problem("/changes/game", f"a variant may not change the game: it extends {brief(parent)}, a ruleset for "
                   f"{brief(game)} (write a whole ruleset for another game)", "game", label)


def _whole_numbers(value: Any) -> Any:
    """``value`` with every float that is a whole number (``2.0``) made an int, in new containers.

    JSON Schema counts ``2.0`` as the integer 2, so a ruleset may write it; the games' checks
    and builders then see ints (``range(2.0, ...)`` is a TypeError), and the input is not changed.
    """
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: _whole_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_whole_numbers(item) for item in value]
    return value


def _in_variant(problem: Problem, variant: dict[str, Any] | None, label: str | None) -> Problem:
    """Place a problem of the resolved ruleset in the variant file that caused it."""
    if variant is None or variant.get("format") != VARIANT_FORMAT:
        return problem.in_file(label)
    node: Any = variant.get("changes")
    parts = [p.replace("~1", "/").replace("~0", "~") for p in problem.pointer.split("/")[1:]]
    for part in parts:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isascii() and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return Problem(problem.pointer, problem.message + f" (in the ruleset that {label} resolves to)",
                           problem.rule, label)
    return Problem(pointer("changes") + problem.pointer, problem.message, problem.rule, label)


def check_resolved(resolved: dict[str, Any], source: dict[str, Any] | None = None,
                   label: str | None = None) -> list[Problem]:
    """Every problem of a resolved ruleset: the schema first, then the game's own checks."""
    game = resolved.get("game")
    if not isinstance(game, str) or game not in GAMES:
        known = ", ".join(sorted(GAMES))
        return [_in_variant(Problem("/game", f"unknown game {brief(game)} (known: {known})", "game"), source,
                            label)]
    module = rules_module(game)
    problems = schema_problems(resolved, module.SCHEMA)
    if not problems:
        problems = module.check(resolved)
    return [_in_variant(p, source, label) for p in problems]


def rules_from_data(data: Any, label: str | None = None, base: Path | None = None,
                    allow_paths: bool = True, path: Path | None = None, *, shipped: str | None = None) -> Any:
    """Resolve, check and build a ruleset from a parsed ruleset or variant object.

    ``path`` is the file ``data`` was read from, so that a cycle back to it is reported as
    one from its first step (``a -> b -> a``). A ruleset that takes a shipped one's id must
    have its rules (``rules-id``), unless it is that shipped one being loaded (``shipped``).
    """
    if not isinstance(data, dict):
        raise RulesError([Problem("", "a ruleset or variant must be a JSON object", "schema:type", label)])
    unreadable = json_problems(data)
    if unreadable:
        raise RulesError([p.in_file(label) for p in unreadable])
    seen = (str(path.resolve()),) if path is not None else ()
    resolved = resolve_data(data, label, base, seen, allow_paths)
    problems = check_resolved(resolved, data, label)
    if problems:
        raise RulesError(problems)
    rules = rules_module(resolved["game"]).build(resolved)
    if shipped is None:
        problems = shipped_id_problems(rules, label)
        if problems:
            raise RulesError(problems)
    return rules


def shipped_id_problems(rules: Any, label: str | None) -> list[Problem]:
    """A ruleset that takes a shipped one's id for other rules (``rules-id``); [] otherwise.

    A record names its rules by id ("[standard]"), so an id must not lie: a changed copy of a
    shipped ruleset that kept its id would write records that ``validate`` then refuses. Nor may
    it be a game's name that is no shipped id, which ``load_rules`` reads as the game's default
    ruleset (``DEFAULT_RULES``): where a game's name is its default ruleset's id, a ruleset called so
    was refused as a changed copy; where it is not, one of any rules loaded.
    """
    if rules.id in GAMES and not _is_shipped(rules.id):
        default = rules_module(rules.id).DEFAULT_RULES
        return [Problem("/id", f"this ruleset is called {rules.id!r}, a game's name, which load_rules reads as the "
                        f"shipped {default!r}; give it an id of its own", "rules-id", label)]
    if not _is_shipped(rules.id):
        return []
    shipped = _load_shipped(rules.id)
    if shipped == rules:
        return []
    fields = ["game"]
    if shipped.game == rules.game:
        to_data = rules_module(rules.game).to_data
        mine, theirs = to_data(rules), to_data(shipped)
        fields = [key for key in sorted({*mine, *theirs}) if mine.get(key) != theirs.get(key)]
    # the fields named: a copy whose description alone was edited was told "its rules differ"
    return [Problem("/id", f"this ruleset is called {rules.id!r}, as a shipped one is, but differs from the shipped "
                    f"{rules.id!r} in {', '.join(fields)}; give it an id of its own", "rules-id", label)]


def _own_ruleset(name_or_path: str | os.PathLike[str]) -> str | os.PathLike[str]:
    """The shipped id a game's name stands for (its rules module's ``DEFAULT_RULES``); anything else
    as it is. ``load_rules`` and ``files_read`` both take a name through here, so that what a command
    reads and what it guards from being written over are the same files."""
    if isinstance(name_or_path, str) and not _is_shipped(name_or_path) and name_or_path in GAMES:
        return str(rules_module(name_or_path).DEFAULT_RULES)
    return name_or_path


@lru_cache(maxsize=32)
def _load_shipped(name: str) -> Any:
    path, label = _locate(name, None)
    return rules_from_data(_read(path, label), label, path.parent, path=path, shipped=name)


def loaded(rules: Any) -> Any:
    """``rules`` itself, or the ruleset ``load_rules`` loads when it names one (a shipped id, a game's
    name or a file's path, a ``str`` or a path object): what every function taking ``rules`` reads."""
    return load_rules(rules) if isinstance(rules, str | os.PathLike) else rules


def load_rules(name_or_path: str | os.PathLike[str] = "standard") -> Any:
    """Load a ruleset by shipped id (``"standard"``, a variant id), by a game's name (the shipped
    ruleset its rules module names ``DEFAULT_RULES``) or by the path of a JSON file.

    Raises ``RulesError`` naming the file, the place in it and the rule broken.
    """
    if not isinstance(name_or_path, str | os.PathLike):
        raise TypeError(f"name_or_path must be a shipped ruleset id or a file path (str or os.PathLike), "
                        f"not {kind(name_or_path)}: {brief(name_or_path)}")
    if not isinstance(name_or_path, str) and not isinstance(os.fspath(name_or_path), str):
        # a path object of bytes: pathlib's own TypeError named no argument ("argument should be a str ...")
        raise TypeError(f"name_or_path must be a file path of text (str or os.PathLike of str), not "
                        f"{kind(name_or_path)} naming bytes: {brief(os.fspath(name_or_path))}")
    name_or_path = _own_ruleset(name_or_path)
    if isinstance(name_or_path, str) and _is_shipped(name_or_path):
        return _load_shipped(name_or_path)
    path = Path(name_or_path)
    why = NO_SUCH_FILE if name_or_path == "" else _unreadable(path)  # Path("") is "." (the current folder)
    if why == NO_SUCH_FILE:
        raise RulesError([Problem("", f"no shipped ruleset is called {brief(str(name_or_path))} and no such file "
                                  f"exists (shipped: {', '.join(shipped_ids())})", "io",
                                  _label(path) if name_or_path != "" else "''")])
    if why is not None:
        raise RulesError([Problem("", why, "io", _label(path))])
    label = _label(path)
    return rules_from_data(_read(path, label), label, path.parent, path=path)


RULES_ARGUMENT = "a ruleset (see load_rules), a ruleset id or path, or a strategy of rulesets"
"""What the hypothesis strategies of every game take for ``rules`` (``boomerang_rules.strategies``)."""


def ruleset_argument(rules: object, drawn: str = "", what: str = RULES_ARGUMENT) -> Any:
    """``rules`` as a ruleset of any game: an id, a game's name or a path loaded, a ruleset as it is;
    a ``TypeError`` naming what it is otherwise (``drawn``: where it came from, added to the message;
    ``what``: what the caller takes). The hypothesis strategies of every game read their ``rules``
    through here (after drawing it from a strategy given), so that no game's strategy fails inside on
    ``rules=5``; so does the top-level API's reading of a record's ``rules``."""
    if isinstance(rules, str | os.PathLike):
        return load_rules(rules)
    return require_ruleset(rules, what, drawn)


def game_ruleset_argument(rules: object, cls: type, title: str, drawn: str = "") -> Any:
    """``ruleset_argument(rules, drawn)`` of one game (``of_game``): what each game's own strategies
    take, another game's ruleset refused in the words of the game's ``load_rules``, in the file or
    id given (a ruleset given loaded: its id)."""
    ruleset = ruleset_argument(rules, drawn)
    return of_game(ruleset, cls, title, str(rules) if isinstance(rules, str | os.PathLike) else ruleset.id)


def of_game(rules: Any, cls: type, title: str, label: str) -> Any:
    """``rules`` if it is a ruleset of the game whose ruleset class is ``cls``; another game's is the
    ``RulesError`` every game's own ``load_rules`` gives (``/game``, rule ``game``, in ``label``),
    naming both games in the same words whichever game refuses."""
    if not isinstance(rules, cls):
        raise RulesError([Problem("/game", f"a ruleset for {rules.game!r}, not {title}", "game", label)])
    return rules


def reads_a_file(name_or_path: str | os.PathLike[str]) -> bool:
    """Whether ``load_rules(name_or_path)`` would read a file of the caller's rather than a shipped
    ruleset: a text from elsewhere that names its rules (an OpenSpiel game string) must not make a
    program read its files unless it trusts that text."""
    name_or_path = _own_ruleset(name_or_path)
    return not (isinstance(name_or_path, str) and _is_shipped(name_or_path))


def files_read(name_or_path: str | os.PathLike[str]) -> tuple[Path, ...]:
    """The files ``load_rules(name_or_path)`` reads: the ruleset or variant, then each file it
    extends, in turn (a command must not write over any of them)."""
    name_or_path = _own_ruleset(name_or_path)
    if isinstance(name_or_path, str) and _is_shipped(name_or_path):
        path = data_dir("variants") / f"{name_or_path}.json"
    else:
        path = Path(name_or_path)
    found: list[Path] = []
    while _unreadable(path) is None and len(found) <= MAX_EXTENDS_DEPTH and path.resolve() not in found:
        found.append(path.resolve())
        try:
            data = _read(path, _label(path))
        except RulesError:
            break
        parent = data.get("extends") if data.get("format") == VARIANT_FORMAT else None
        if not isinstance(parent, str):
            break
        path = _locate(str(_own_ruleset(parent)), path.parent)[0]
    return tuple(found)
