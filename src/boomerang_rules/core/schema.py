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


@cache
def _validator(name: str) -> Any:
    from jsonschema import Draft202012Validator

    with (data_dir("schemas") / f"{name}.schema.json").open(encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _leaf_errors(error: Any) -> list[Any]:
    """The most specific errors under ``error``: for anyOf/oneOf, the best branch's."""
    if not error.context:
        return [error]
    from jsonschema.exceptions import best_match

    best = best_match(error.context)
    return _leaf_errors(best) if best is not None else [error]


def schema_problems(instance: Any, name: str) -> list[Problem]:
    """Every place where ``instance`` breaks the shipped schema ``name`` (``"ruleset"``, ...)."""
    errors = sorted(_validator(name).iter_errors(instance), key=lambda e: list(map(str, e.absolute_path)))
    problems = []
    for error in errors:
        for leaf in _leaf_errors(error):
            where = pointer(*leaf.absolute_path)
            problems.append(Problem(where, _short(leaf.message), f"schema:{leaf.validator}"))
    return problems


def _short(message: str, limit: int = 200) -> str:
    return message if len(message) <= limit else message[: limit - 1] + "…"
