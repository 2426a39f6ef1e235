"""What every game's records share: the envelope around the rounds, and the checks on it that need
no replay.

A record of any game opens with the same fields (format, game, the ruleset or its id, the
ruleset's digest, the players' names, the seed) and may end with a claimed result; each game
writes and replays its own rounds. The ruleset a record names is found, and the player count
checked, the same way for every game, so that is here once.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from itertools import chain, compress, repeat
from operator import is_
from typing import Any, Generic, TypeVar

import attrs

from .arguments import brief, kind, string_list
from .display import is_text, shown, unshown_words
from .errors import InvalidInput, Problem, RulesError, under
from .games import GAMES, rules_module
from .jsonio import json_problems
from .loading import RULESET_FORMAT, VARIANT_FORMAT, load_rules, loaded, rules_data, rules_from_data, shipped_ids
from .pointer import pointer
from .schema import schema_problems
from .validation import RECORD_FORMAT, array_of_documents

S = TypeVar("S")
R = TypeVar("R")


@attrs.frozen
class Checked(Generic[S]):
    """What checking a record found: the state it reaches (if it could be replayed) and problems."""

    state: S | None
    problems: tuple[Problem, ...]


def result_checked(state: S, problems: list[Problem], record: dict[str, Any],
                   check_result: Callable[[S, dict[str, Any]], list[Problem]], replayed: bool = True) -> Checked[S]:
    """The end of every game's ``check_record``: the record's claimed ``result`` checked against the state
    its rounds reached (``check_result``, the game's own), unless it claims none, a problem already
    found is of its result, or its rounds were not all replayed (``replayed`` False)."""
    result = record.get("result")
    if result is not None and replayed and not any(p.pointer.startswith("/result") for p in problems):
        problems = problems + check_result(state, result)
    return Checked(state, tuple(problems))


def located(problems: Iterable[Problem], file: object) -> list[Problem]:
    """``problems``, each placed in ``file`` (what every game's ``validate_record`` does with its
    ``file``): a file's name (``str``), its path (``os.PathLike``, by its name) or None; anything else
    is a ``TypeError`` naming ``file``, whether or not there is a problem to place (a ``Path`` was a
    ``TypeError`` from inside the report's escaping, and only for an invalid record)."""
    name = os.fspath(file) if isinstance(file, os.PathLike) else file
    if name is not None and not isinstance(name, str):
        raise TypeError(f"file must be a file's name (str or os.PathLike) or None, not {kind(file)}: {brief(file)}")
    return [p.in_file(name) for p in problems]


def reached(checked: Checked[S]) -> S:
    """The state a valid record ends in. ``InvalidInput`` lists the problems of an invalid one."""
    if checked.problems or checked.state is None:  # no state without problems
        raise InvalidInput(checked.problems, "not a valid game record:")
    return checked.state


def rules_reference(rules: Any) -> str | dict[str, Any]:
    """A shipped id when it names exactly this ruleset, else the ruleset itself, inline."""
    if rules.id in shipped_ids() and load_rules(rules.id) == rules:
        return str(rules.id)
    return rules_data(rules)


MAX_NAME = 200
"""The longest player name a record of any game holds (its schema's ``maxLength``)."""


def player_names(names: Sequence[str] | None, players: int, recorded: Sequence[str] | None = None) -> list[str]:
    """The names a record of a game of ``players`` seats writes: ``names`` when given, else
    ``recorded`` (those of the record the game was replayed from), else ``Seat 0``, ``Seat 1``, ...

    Given names must be a list of text, one name of at most ``MAX_NAME`` characters a seat, none
    holding a character players cannot be shown (``core.display``: a control character, say):
    ``TypeError`` when it is not a list of ``str``, ``InvalidInput`` naming every other flaw,
    so that a record of them is always valid. Each is written as an exact ``str`` (a name of a
    subclass, numpy's ``str_``, as its text: the record holds plain JSON values, never the caller's objects).
    """
    if names is None:
        return list(recorded or ()) or [f"Seat {seat}" for seat in range(players)]
    names = string_list(names, "names", "names")
    problems = [Problem(pointer(seat), f"the name {shown(name)} is not text", "json-text")
                for seat, name in enumerate(names) if not is_text(name)]
    problems += [Problem(pointer(seat), f"the name {shown(name, 30)} {unshown_words(name)}", "schema:pattern")
                 for seat, name in enumerate(names) if is_text(name) and unshown_words(name)]
    problems += [Problem(pointer(seat), f"a name has at most {MAX_NAME} characters, not {len(name)}",
                         "schema:maxLength") for seat, name in enumerate(names) if len(name) > MAX_NAME]
    if len(names) != players:
        problems.append(Problem("", f"{len(names)} names for {players} players", "names-count"))
    if problems:
        raise InvalidInput(problems, "names: a record of them would not be valid:")
    return [str.__str__(name) for name in names]


def recorded_names(record: dict[str, Any]) -> tuple[str, ...]:
    """A valid record's player names as the state keeps them, each an exact ``str``: a name of a
    ``str`` subclass (numpy's ``str_``, a record built in memory) is valid, and a state holding it
    was refused as none the engine makes (``validate_record`` raised where it lists problems)."""
    return tuple(str.__str__(name) for name in record["players"])


def envelope(rules: Any, names: Sequence[str], seed: int | None) -> dict[str, Any]:
    """A record's opening fields, in the order every record writes them; the game adds its rounds."""
    record: dict[str, Any] = {
        "format": RECORD_FORMAT, "version": 1, "game": rules.game,
        "rules": rules_reference(rules), "rules_digest": rules.digest,
        "players": list(names),
    }
    if seed is not None:
        record["seed"] = seed
    return record


def document_problems(record: Any, schema: str, schema_sees: Callable[[Any], Any] | None = None,
                      own_integers: Iterable[tuple[str, ...]] = ()) -> list[Problem]:
    """What a record breaks as a document, before any replay: strings that are not text or
    nesting too deep (``json_problems``), else its game's record schema, else a number written
    with a point where the schema takes an integer (``point_problems``).

    ``schema_sees(record)``, when given, is what the schema and the search for numbers written with
    a point are shown instead: the record less parts the game has found the schema accepts, each
    number in them an ``int`` (checked faster), of which both say the same.
    ``own_integers``: the places (``point_problems``) where the game's replay reports such a number
    itself, in its own words."""
    problems = json_problems(record)
    if problems:
        return problems
    seen = record if schema_sees is None else schema_sees(record)
    problems = schema_problems(seen, schema)
    if problems:  # the shape of another game's record: the clash of its game and ruleset said first
        return _another_game_s_rules(record) + problems
    return point_problems(seen, own_integers)


def _another_game_s_rules(record: Any) -> list[Problem]:
    """The ``rules-game`` problem of a record whose ``rules`` is the id of a shipped ruleset of
    another game than its ``game`` says: its rounds and result, of the ruleset's game, break the
    schema of ``game``'s records a dozen times over, and those problems alone never said why (a
    site that wrote the wrong ``game``, or the wrong ruleset)."""
    ref, game = (record.get("rules"), record.get("game")) if isinstance(record, dict) else (None, None)
    if not isinstance(ref, str) or not isinstance(game, str) or ref not in shipped_ids():
        return []
    named = load_rules(ref).game
    return [] if named == game else [_rules_game(ref, named, game)]


def _rules_game(rules_id: str, named: str, game: str) -> Problem:
    return Problem("/rules", f"the ruleset {rules_id!r} is for {named!r}, but the record is a {game!r} game",
                   "rules-game")


OWN_INTEGERS = (("seed",), ("rules",))
"""The places whose numbers written with a point ``point_problems`` leaves alone, in every game:
``/seed``, reported by ``recorded_seed`` (rule ``seed-integer``), and ``/rules``, a ruleset or
variant given inline, which may write ``2.0`` as any ruleset may (``core.loading``)."""


def holds_float(value: Any) -> bool:
    """Whether a float lies anywhere in the JSON value ``value`` (its dicts' values and lists' items,
    all the way down).

    ``point_problems``' question for a valid record, asked a level of the tree at a time, with
    every loop in C: a level's items gathered into one list, their types into another, and only
    the dicts and lists among them (picked by type) taken down a level. A record's hundreds of
    small action lists cost a few passes over lists, not a Python step with a path for each."""
    dicts: list[Any] = []
    lists: list[Any] = [[value]]  # the top level: value itself, whatever it is
    while True:  # a level holds a container, or the leaves' level returns
        items = [*chain.from_iterable(map(dict.values, dicts)), *chain.from_iterable(lists)]
        types = list(map(type, items))
        kinds = set(types)
        if float in kinds:
            return True
        if dict not in kinds and list not in kinds:  # the leaves: no pass to find no container
            return False
        dicts = list(compress(items, map(is_, types, repeat(dict))))
        lists = list(compress(items, map(is_, types, repeat(list))))


def point_problems(record: Any, own: Iterable[tuple[str, ...]] = ()) -> list[Problem]:
    """Every number of a schema-valid record written with a point or an exponent (``1.0``, ``1e0``: ``json``
    reads both as a float, and keeps no spelling, so the message names both ways), at its pointer, but in
    the places ``own`` names (paths, ``"*"`` for any index) and ``OWN_INTEGERS``.

    Every number a record holds is an integer, and JSON Schema's ``integer`` takes ``1.0`` (JSON has
    one kind of number): so after the schema, any float left is a whole number written with a point.
    A record is written by a program from a game state, which holds ints, so such a number is
    refused, as a version 2 is (``"version": 1.0`` was valid, and ``119.0`` matched a claimed total
    of 119). A ruleset, written by hand, may say ``2.0`` (``core.loading._whole_numbers``)."""
    if not holds_float(record):  # every valid record: no walk with pointers, a tenth of its check's time
        return []
    skipped = {*OWN_INTEGERS, *own}
    problems: list[Problem] = []
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(record, ())]
    while stack:
        node, path = stack.pop()
        for key, value in (node.items() if node.__class__ is dict else enumerate(node)):
            cls = value.__class__
            if cls is not float and cls is not dict and cls is not list:
                continue
            at = (*path, key)
            if tuple("*" if isinstance(part, int) else part for part in at) in skipped:
                continue
            if cls is float:
                problems.append(Problem(pointer(*at), f"{value!r} is no integer as written (with a point or an "
                                        "exponent: 1.0, 1e0): a record's numbers are integers, in digits alone",
                                        "record-integer"))
            else:
                stack.append((value, at))
    return sorted(problems, key=lambda p: p.pointer)


def not_a_record(record: Any) -> list[Problem]:
    """A ruleset or variant (its ``format`` says so) given where a record is read: one problem at
    ``/format``, in the words ``load_rules`` gives a record given as rules, in every game. It was the
    record schema's every required field (``'game' is a required property``, ``'players' ...``) and
    the format last, so ``replay house.json`` never said that the file is a variant. A JSON array of
    records gets its one problem too (``core.validation.array_of_documents``)."""
    fmt = record.get("format") if isinstance(record, dict) else None
    if fmt not in (RULESET_FORMAT, VARIANT_FORMAT):
        return array_of_documents(record)
    what = "a ruleset" if fmt == RULESET_FORMAT else "a variant"
    return [Problem("/format", f"expected {RECORD_FORMAT!r}, found {fmt!r}: {what}, not a game record", "format")]


def recorded_seed(record: dict[str, Any]) -> tuple[int | None, list[Problem]]:
    """A schema-valid record's ``seed`` (None without one), or None and the problem of one written
    as a number with a point (``7.0``): the schema's "integer" takes it, JSON having one kind of
    number, but a seed is an int (no state holds another), so it is reported where it stands, in
    every game, rather than raised from inside the state's checks."""
    seed = record.get("seed")
    if seed is None or seed.__class__ is int:
        return seed, []
    return None, [Problem("/seed", f"a seed is an integer, not {seed!r}", "seed-integer")]


def named_rules(ref: Any, game: str) -> tuple[Any, list[Problem]]:
    """The ruleset a schema-valid record of ``game`` names (a shipped id, or a ruleset or variant
    inline); else ``None`` and its problems under ``/rules``, one of them when it is another game's."""
    try:
        if isinstance(ref, str):
            if ref not in shipped_ids():
                if ref in GAMES:  # load_rules takes a game's name; a record names the ruleset it loads
                    other = ref != game  # another game's name: its standard ruleset is no answer either
                    return None, [Problem("/rules", f"{ref!r} is a game's name, not a ruleset's id"
                                          + (f", and the record is a {game!r} game" if other else "")
                                          + f": a record names its ruleset ({rules_module(game).DEFAULT_RULES!r}, "
                                          f"the standard rules of {game!r}), as record_of writes it",
                                          "rules-game" if other else "rules-known")]
                return None, [Problem("/rules", f"unknown ruleset {ref!r} (shipped: {', '.join(shipped_ids())}); "
                                      "give any other ruleset or variant inline", "rules-known")]
            rules = load_rules(ref)
        else:
            rules = rules_from_data(ref, allow_paths=False)
    except RulesError as exc:
        return None, under("/rules", exc.problems)
    if rules.game != game:
        return None, [_rules_game(rules.id, rules.game, game)]
    return rules, []


def replay_rules(rules: object, ruleset: type[R], game: str, what: str) -> tuple[R | None, list[Problem]]:
    """The ``rules`` a game's ``check_record`` and ``state_of`` are given, taken alike in every game:
    None (the ruleset the record names), a loaded ruleset, or what ``load_rules`` takes (a ruleset or
    variant id, a path), loaded; with the problem at ``/rules`` of another game's ruleset, under which
    a record of ``game`` replays nothing (then None). Anything else is a ``TypeError`` naming
    ``rules`` (``what``: the game's ruleset in words)."""
    rules = loaded(rules)
    if rules is None or isinstance(rules, ruleset):
        return rules, []
    other = getattr(rules, "game", None)
    if isinstance(other, str) and other in GAMES and other != game:
        return None, [Problem("/rules", f"replayed under a ruleset for {other!r}, but the record is a {game!r} "
                              "game", "rules-game")]
    raise TypeError(f"rules must be {what}, a ruleset id or path, or None, not {kind(rules)}: {brief(rules)}")


def record_opening(record: Any, rules: object, ruleset: type[R], game: str, what: str,
                   document: Callable[[Any], list[Problem]]) -> tuple[R | None, list[Problem]]:
    """The checks every game's ``check_record`` opens with, in one order for every game: the
    ruleset asked for (``replay_rules``; ``what`` names the game's ruleset in words), the record as
    a document (``document``: the game's ``document_problems``), the ruleset the record names and
    its digest, and the player count.

    Returns the ruleset to replay under and the problems so far; the ruleset is None where nothing
    can be replayed, and then the problems say why. Only a claimed ``/result`` that breaks the
    schema lets the replay go on: the replay is what tells the true result.
    """
    given, other = replay_rules(rules, ruleset, game, what)
    problems = document(record)
    if any(not p.pointer.startswith("/result") for p in problems):
        return None, problems
    if other:
        return None, other
    if given is None:
        given, found = named_rules(record["rules"], game)
        if given is None:
            return None, found
        problems += digest_problems(record, given)
    found = players_problems(given, len(record["players"]))
    if found:
        return None, problems + found
    return given, problems


def players_problems(rules: Any, n: int) -> list[Problem]:
    """A record of ``n`` players, where the ruleset allows another number, replays nothing."""
    if not rules.players.min <= n <= rules.players.max:
        return [Problem("/players", f"{n} players; {rules.id!r} is for {rules.players.min} to "
                        f"{rules.players.max}", "players-count")]
    return []


def digest_problems(record: dict[str, Any], rules: Any) -> list[Problem]:
    """A record made under a ruleset that has changed since (its digest differs) is still replayed,
    under the ruleset as it is now; the change is reported, both digests whole and where they part,
    in the same words in every game (``digest``: the schema's 64 hexadecimal digits)."""
    digest = record.get("rules_digest")
    if digest is not None and digest != rules.digest:
        at = next((i for i, (a, b) in enumerate(zip(digest, rules.digest)) if a != b),
                  min(len(digest), len(rules.digest)))
        return [Problem("/rules_digest", f"the ruleset {rules.id!r} has changed since this game was "
                        f"recorded: its digest was {digest}, now {rules.digest} (they differ from "
                        f"character {at + 1} on)", "rules-digest")]
    return []


def result_of(sheets: Iterable[Any], winners: Iterable[int]) -> dict[str, Any]:
    """A finished game's ``result``: every seat's score sheet as data, and the winning seats."""
    return {"sheets": [s.as_dict() for s in sheets], "winners": list(winners)}
