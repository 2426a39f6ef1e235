"""JSON Schema checks of the shipped schemas, reported as Problems with JSON pointers.

jsonschema is imported on first use only, so that playing games never pays for it.
"""

from __future__ import annotations

import itertools
import json
import re
from functools import cache
from typing import Any

from .arguments import brief, json_brief
from .display import QUOTED, SHOWN_TEXT, shown, unshown_words
from .errors import Problem
from .pointer import pointer
from .resources import data_dir

MAX_PROBLEMS = 100
"""Schema problems listed per document: past this, finding (and printing) them all is only work."""


def _inline_refs(node: Any, defs: dict[str, Any], depth: int = 0) -> Any:
    """``node`` with every local ``{"$ref": "#/$defs/x"}`` replaced by its definition.

    jsonschema resolves each ``$ref`` anew at every use, which made checking a game record
    ten times slower than replaying it; our schemas' definitions are not recursive.
    """
    if depth > 32:
        raise ValueError("schema definitions nest too deeply (a recursive $ref?)")
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and len(node) <= 2:
            merged = {k: v for k, v in node.items() if k != "$ref"}
            return {**_inline_refs(defs[ref.removeprefix("#/$defs/")], defs, depth + 1), **merged}
        return {k: _inline_refs(v, defs, depth) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline_refs(v, defs, depth) for v in node]
    return node


@cache
def _schema(name: str) -> dict[str, Any]:
    """The shipped schema ``name`` with its local references inlined."""
    with (data_dir("schemas") / f"{name}.schema.json").open(encoding="utf-8") as f:
        schema = json.load(f)
    inlined: dict[str, Any] = _inline_refs(schema, schema.get("$defs", {}))
    inlined.pop("$defs", None)
    outside = _refs(inlined)
    if outside:
        raise ValueError(f"schema {name!r}: $ref {outside[0]!r} is not one of its own definitions (#/$defs/NAME): "
                         "a schema may read nothing outside itself (fastjsonschema would fetch a URL)")
    return inlined


def _refs(node: Any) -> list[Any]:
    """The ``$ref`` values left in ``node`` (a schema whose own definitions are inlined)."""
    if isinstance(node, dict):
        own = [node["$ref"]] if "$ref" in node else []
        return own + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []


_END = re.compile(r"(?<!\\)\$$")
"""A pattern's final ``$``: ECMA 262 (JSON Schema's regex dialect) matches it only at the very end,
Python's ``re`` also before a final newline, which would let ``"A\n"`` pass as an id."""


def _whole_string(pattern: str) -> str:
    return _END.sub(r"\\Z", pattern)


def _json_key(value: Any) -> Any:
    """A hashable key equal for JSON-equal values (1 and 1.0 alike, true and 1 not)."""
    if isinstance(value, bool):
        return ("b", value)
    if isinstance(value, str):
        return ("s", value)
    if isinstance(value, int | float):
        return ("n", value)
    if isinstance(value, dict):
        return ("o", frozenset((k, _json_key(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return ("a", tuple(_json_key(v) for v in value))
    return ("z", repr(value))


def _unique_items(validator: Any, unique: bool, instance: Any, schema: Any) -> Any:
    """``uniqueItems`` in linear time: jsonschema compares mixed-type items pairwise."""
    from jsonschema.exceptions import ValidationError

    if not unique or not validator.is_type(instance, "array"):
        return
    first: dict[Any, int] = {}
    for i, item in enumerate(instance):
        j = first.setdefault(_json_key(item), i)
        if j != i:
            yield ValidationError(f"item {i} repeats item {j} ({brief(item)}): the items must be unique")
            return


def _max_items(validator: Any, most: int, instance: Any, schema: Any) -> Any:
    """``maxItems`` without quoting the whole array (jsonschema copies it into the message)."""
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "array") and len(instance) > most:
        yield ValidationError(f"{len(instance)} items; at most {most} are allowed")


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Any:
    """``pattern`` with ECMA 262's ``$``: the end of the string, not before a final newline.
    A text shown to players (``SHOWN_TEXT``) says which character it may not hold, and why."""
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "string") and not _compiled(pattern).search(instance):
        why = unshown_words(instance) if pattern == SHOWN_TEXT else None
        if why is not None:
            yield ValidationError(f"{shown(instance, 30)} {why}")
        else:
            yield ValidationError(f"{shown(instance)} does not match {pattern!r}")


def _not(validator: Any, forbidden: Any, instance: Any, schema: Any) -> Any:
    """``not`` in words: jsonschema's own message quotes the subschema (``'format' should not be valid
    under {'enum': ['format', 'version']}``), which tells a reader of a variant nothing. Our schemas
    forbid a list of values this way (a variant's ``changes`` may not name ``format`` or ``version``)."""
    from jsonschema.exceptions import ValidationError

    if not validator.evolve(schema=forbidden).is_valid(instance):
        return
    listed = forbidden.get("enum") if isinstance(forbidden, dict) else None
    if isinstance(listed, list):
        yield ValidationError(f"{brief(instance)} is not allowed here (refused: {', '.join(map(brief, listed))})")
    else:
        yield ValidationError(f"{brief(instance)} is not allowed here")


def _additional(validator: Any, allowed: Any, instance: Any, schema: Any) -> Any:
    """``additionalProperties: false`` as one error per unexpected key, placed at the key itself
    (``/rounds/0/extra``, not ``/rounds/0``), which is what a reader has to delete or respell:
    jsonschema gives one error for them all at the object's place. Any other ``additionalProperties``
    (a schema for the values), or one beside ``patternProperties`` (which our schemas do not use), is
    jsonschema's own."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

    if allowed is not False or "patternProperties" in schema or not validator.is_type(instance, "object"):
        yield from Draft202012Validator.VALIDATORS["additionalProperties"](validator, allowed, instance, schema)
        return
    named = schema.get("properties", {})
    for key in sorted(instance, key=str):
        if key not in named:
            yield ValidationError(f"Additional properties are not allowed ({shown(key)} was unexpected)", path=[key])


def _property_names(validator: Any, names: Any, instance: Any, schema: Any) -> Any:
    """``propertyNames``, each key's error placed at the key (``/end_targets/9``), as ``_additional``
    places an unexpected one: jsonschema places them all at the object."""
    if validator.is_type(instance, "object"):
        for key in instance:
            yield from validator.descend(instance=key, schema=names, path=key)


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(_whole_string(pattern))


@cache
def _validator(name: str) -> Any:
    """The jsonschema validator: slow, but it explains every error with its place."""
    from jsonschema import Draft202012Validator, validators

    schema = _schema(name)
    Draft202012Validator.check_schema(schema)
    each_item = Draft202012Validator.VALIDATORS["items"]

    def items(validator: Any, item_schema: Any, instance: Any, schema: Any) -> Any:
        """``items``, but not for an array already too long: its items would be work for nothing."""
        if validator.is_type(instance, "array") and len(instance) > schema.get("maxItems", len(instance)):
            return
        yield from each_item(validator, item_schema, instance, schema)

    keywords = {"uniqueItems": _unique_items, "pattern": _pattern, "maxItems": _max_items, "items": items, "not": _not,
                "additionalProperties": _additional, "propertyNames": _property_names}
    checker = validators.extend(Draft202012Validator, keywords)  # type: ignore[no-untyped-call]
    return checker(schema)


@cache
def _fast_check(name: str) -> Any:
    """A fastjsonschema function that accepts valid documents twenty times faster.

    Our schemas use only keywords whose meaning draft-07 shares with 2020-12. It stops at the
    first error, so any failure is handed to jsonschema, which has the last word.
    """
    import fastjsonschema

    schema = {**_schema(name), "$schema": "http://json-schema.org/draft-07/schema#"}
    return fastjsonschema.compile(schema)


def _leaf_errors(error: Any) -> list[Any]:
    """The most specific errors under ``error``: for anyOf/oneOf, the best branch's, among the branches
    of the value's own type when there are some (``_of_its_type``)."""
    if not error.context:
        return [error]
    from jsonschema.exceptions import best_match

    best = best_match(_of_its_type(error.context))
    return _leaf_errors(best) if best is not None else [error]


def _of_its_type(context: Any) -> list[Any]:
    """The errors of the branches of an anyOf/oneOf that take a value of the type given (all of them when
    none does). jsonschema's ``best_match`` chose the other branch's ``type``: a record's ``rules`` given
    as an object without its ``format`` was "{} is not of type 'string'", though an object is what an
    inline ruleset is, and the object branch said what it lacks ("'format' is a required property")."""
    errors = list(context)
    mistyped = {e.relative_schema_path[0] for e in errors if e.validator == "type" and not e.relative_path}
    kept = [e for e in errors if e.relative_schema_path[0] not in mistyped]
    return kept or errors


def schema_problems(instance: Any, name: str) -> list[Problem]:
    """Every place where ``instance`` breaks the shipped schema ``name`` (``"ruleset"``, ...)."""
    try:
        _fast_check(name)(instance)
        return []
    except Exception as exc:  # any failure of the fast path: let jsonschema judge and explain
        refused = exc
    try:
        found = list(itertools.islice(_validator(name).iter_errors(instance), MAX_PROBLEMS + 1))
    except RecursionError:
        return [Problem("", "the document is nested too deeply to check", "schema:depth")]
    errors = sorted(found[:MAX_PROBLEMS], key=lambda e: list(map(str, e.absolute_path)))
    problems = []
    for error in errors:
        for leaf in _leaf_errors(error):
            where = pointer(*leaf.absolute_path)
            problems.append(Problem(where, _short(_requoted(leaf.message, leaf.instance)), f"schema:{leaf.validator}"))
    if not problems:  # the two disagree: never let a refused document pass
        path = getattr(refused, "path", None)
        place = pointer(*path[1:]) if isinstance(path, list) else ""
        problems.append(Problem(place, _short(str(refused)), f"schema:{getattr(refused, 'rule', None) or 'refused'}"))
    if len(found) > MAX_PROBLEMS:
        problems.append(Problem("", f"more problems, not listed: only the first {MAX_PROBLEMS} are (a document "
                                "that wrong is checked no further)", "schema:more"))
    return problems


def _requoted(message: str, instance: Any) -> str:
    """jsonschema's ``message`` about ``instance`` with each long string of it that the message quotes
    whole (the instance itself: ``'zzz…' is too long``; an object's keys: ``('zzz…' was unexpected)``)
    quoted as every message quotes the input (``shown``): cut, with its length. Any other value the
    message opens with is written as the document wrote it, in JSON's words and briefly (``_as_written``)."""
    if not isinstance(instance, str):
        opening = repr(instance)
        if message.startswith(opening):
            message = _as_written(instance) + message[len(opening):]
    if isinstance(instance, str):
        longs = [instance]
    elif isinstance(instance, dict):
        longs = [key for key in instance if isinstance(key, str) and len(key) > QUOTED]
    else:
        return message
    for text in longs:
        if len(text) > QUOTED:
            message = message.replace(repr(text), shown(text))
    return message


def _as_written(value: Any) -> str:
    """A value of the document as a message opens with it: as JSON writes it (``true``, ``null``,
    ``{"a": 1}``, not Python's ``True``, ``None``, ``{'a': 1}``), and a long one cut
    (``core.arguments.json_brief``: a number of 400 digits as its first and last digits), so that the
    rule broken, which follows it, is never cut off the message (``10000…`` of 200 digits was all
    ``/players/max: 10**400`` said of ``maximum``)."""
    return json_brief(value)


def _short(message: str, limit: int = 200) -> str:
    return message if len(message) <= limit else message[: limit - 1] + "…"
