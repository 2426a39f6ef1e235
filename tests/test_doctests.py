"""The examples in the installed package's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["boomerang_rules", "boomerang_rules.australia.scoring", "boomerang_rules.australia.loading",
           "boomerang_rules.boomerang2010.scoring", "boomerang_rules.boomerang2010.loading"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
