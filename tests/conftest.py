"""Test settings: no per-example deadlines (CI machines vary), and a fixed example stream on CI.

``BOOMERANG_MUTATION=1`` (the mutation run of docs/testing.md) selects the ``mutation`` profile:
a fixed example stream, at most ``MUTATION_MAX_EXAMPLES`` examples per property (also where a
test asks for more) and no shrinking, so that a mutant which survives, and so runs every test
that reaches it, costs seconds rather than minutes.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings

MUTATION = bool(os.environ.get("BOOMERANG_MUTATION"))
MUTATION_MAX_EXAMPLES = 10

settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("mutation", deadline=None, derandomize=True, database=None,
                          max_examples=MUTATION_MAX_EXAMPLES, phases=[Phase.explicit, Phase.generate],
                          suppress_health_check=list(HealthCheck))
settings.load_profile("mutation" if MUTATION else "ci" if os.environ.get("CI") else "dev")


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Under the mutation profile, cap the examples of properties that set their own count."""
    if not MUTATION:
        return
    for item in items:
        test = getattr(getattr(item, "obj", None), "hypothesis", None)
        inner = getattr(item, "obj", None)
        own = getattr(inner, "_hypothesis_internal_use_settings", None)
        if test is None or own is None:
            continue
        inner._hypothesis_internal_use_settings = settings(  # type: ignore[union-attr]
            own, max_examples=min(own.max_examples, MUTATION_MAX_EXAMPLES),
            phases=[Phase.explicit, Phase.generate], database=None, derandomize=True)


def mutated_modules() -> frozenset[str]:
    """The modules mutmut mutates: its ``only_mutate`` files in pyproject.toml, as module names."""
    with (Path(__file__).resolve().parents[1] / "pyproject.toml").open("rb") as f:
        files = tomllib.load(f)["tool"]["mutmut"]["only_mutate"]
    return frozenset(name.removeprefix("src/").removesuffix(".py").replace("/", ".") for name in files)


MEMOS: dict[str, tuple[str, ...]] = {
    "boomerang_rules.seasaltpaper.records": ("_TEXTS", "_KEYS"),
    "boomerang_rules.seasaltpaper.tables": ("_COMPILED",),
    "boomerang_rules.seasaltpaper.view": ("_KNOWN", "_PAST"),
    "boomerang_rules.boomerang2010.view": ("_PAST",),
    "boomerang_rules.australia.view": ("_PAST",),
}
"""The mutated modules' own memo dicts (not ``functools`` caches), emptied with them: a record's
texts, a view's knowledge and past rounds, made once and looked up after."""


def forget_made_rules(modules: frozenset[str]) -> None:
    """Empty the ``functools`` caches of ``modules``: shipped rulesets, game tables, listings; and
    the memo dicts ``MEMOS`` names (a record's texts, a view's past rounds).

    The library makes each ruleset and its tables once and shares them. mutmut forks every
    mutant from a process that has collected the tests, and collecting them loads the shipped
    rulesets, so without this a mutant in ruleset loading or table building would run against
    what the unmutated code made, and only the first test to build them would be counted as
    reaching that code. Only the mutated modules' caches need emptying: a cache elsewhere (the
    compiled schemas, the shuffles) holds what unmutated code made, the same under every
    mutant, and making those again costs more than the rest of the reset (the selected tests
    take 47 s with every cache emptied, 33 s with these only, 24 s with none).
    """
    for name in modules:
        module = sys.modules.get(name)
        if module is None:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()
        for memo in MEMOS.get(name, ()):
            getattr(module, memo).clear()


_MUTATED = mutated_modules() if MUTATION else frozenset()


@pytest.fixture(autouse=MUTATION)
def _rules_made_afresh() -> None:
    """Under the mutation profile, every test makes the rulesets and tables it uses itself."""
    forget_made_rules(_MUTATED)
