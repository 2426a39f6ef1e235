"""JSON Schema checks of the shipped schemas, reported as Problems with JSON pointers.

jsonschema is imported on first use only, so that playing games never pays for it.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from .errors import Problem
from .pointer import pointer
from .resources import data_dir


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
    return inlined


@cache
def _validator(name: str) -> Any:
    """The jsonschema validator: slow, but it explains every error with its place."""
    from jsonschema import Draft202012Validator

    schema = _schema(name)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


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
    """The most specific errors under ``error``: for anyOf/oneOf, the best branch's."""
    if not error.context:
        return [error]
    from jsonschema.exceptions import best_match

    best = best_match(error.context)
    return _leaf_errors(best) if best is not None else [error]


def schema_problems(instance: Any, name: str) -> list[Problem]:
    """Every place where ``instance`` breaks the shipped schema ``name`` (``"ruleset"``, ...)."""
    try:
        _fast_check(name)(instance)
        return []
    except Exception:  # any failure of the fast path: let jsonschema judge and explain
        pass
    try:
        errors = sorted(_validator(name).iter_errors(instance), key=lambda e: list(map(str, e.absolute_path)))
    except RecursionError:
        return [Problem("", "the document is nested too deeply to check", "schema:depth")]
    problems = []
    for error in errors:
        for leaf in _leaf_errors(error):
            where = pointer(*leaf.absolute_path)
            problems.append(Problem(where, _short(leaf.message), f"schema:{leaf.validator}"))
    return problems


def _short(message: str, limit: int = 200) -> str:
    return message if len(message) <= limit else message[: limit - 1] + "…"
