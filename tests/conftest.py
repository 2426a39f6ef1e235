"""Test settings: no per-example deadlines (CI machines vary), and a fixed example stream on CI.

``BOOMERANG_MUTATION=1`` (the mutation run of docs/testing.md) selects the ``mutation`` profile:
a fixed example stream, at most ``MUTATION_MAX_EXAMPLES`` examples per property (also where a
test asks for more) and no shrinking, so that a mutant which survives, and so runs every test
that reaches it, costs seconds rather than minutes.
"""

from __future__ import annotations

import os
import sys
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


def forget_made_rules() -> None:
    """Empty every ``functools`` cache of the library: shipped rulesets, game tables, listings.

    The library makes each ruleset and its tables once and shares them. mutmut forks every
    mutant from a process that has collected the tests, and collecting them loads the shipped
    rulesets, so without this a mutant in ruleset loading or table building would run against
    what the unmutated code made, and only the first test to build them would be counted as
    reaching that code.
    """
    for name, module in list(sys.modules.items()):
        if name == "boomerang_rules" or name.startswith("boomerang_rules."):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


@pytest.fixture(autouse=MUTATION)
def _rules_made_afresh() -> None:
    """Under the mutation profile, every test makes the rulesets and tables it uses itself."""
    forget_made_rules()
