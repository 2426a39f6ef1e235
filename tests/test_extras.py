"""An optional part imported without its extra says which ``pip install`` brings what it lacks."""

from __future__ import annotations

import subprocess
import sys

import pytest

from boomerang_rules.core.extras import missing

# (part imported, module missing, the extra named): numpy is all the primitives need, and the
# smallest extra with it is ``gym``; each adapter asks for its framework, the batches for numba.
CASES = [
    ("boomerang_rules.rl", "numpy", "boomerang_rules.rl needs numpy", "gym"),
    ("boomerang_rules.rl.vector", "numpy", "boomerang_rules.rl needs numpy", "gym"),
    ("boomerang_rules.batch", "numpy", "boomerang_rules.batch needs numpy", "batch"),
    ("boomerang_rules.batch", "numba", "boomerang_rules.batch needs numba", "batch"),
    ("boomerang_rules.rl.gym", "gymnasium", "boomerang_rules.rl.gym needs gymnasium", "gym"),
    ("boomerang_rules.rl.pettingzoo", "pettingzoo", "boomerang_rules.rl.pettingzoo needs pettingzoo", "pettingzoo"),
    ("boomerang_rules.rl.openspiel", "pyspiel", "boomerang_rules.rl.openspiel needs pyspiel", "openspiel"),
]

# Python with ``absent`` unimportable (as if not installed), importing ``part``: what it raised.
PROBE = """
import sys
sys.modules[sys.argv[1]] = None
try:
    __import__(sys.argv[2])
except ImportError as error:
    print(type(error).__name__, error.name, error, sep="|")
"""


@pytest.mark.parametrize(("part", "absent", "said", "extra"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_an_optional_part_without_its_extra_names_the_extra(part: str, absent: str, said: str, extra: str) -> None:
    run = subprocess.run([sys.executable, "-c", PROBE, absent, part], capture_output=True, text=True, timeout=120,
                         check=False)
    assert run.returncode == 0, run.stderr
    kind, name, message = run.stdout.strip().split("|")
    assert (kind, name) == ("ModuleNotFoundError", absent)
    assert message == f"{said}, which is not installed: pip install 'boomerang-rules[{extra}]'"


def test_a_module_of_the_library_itself_missing_is_not_blamed_on_an_extra() -> None:
    error = ModuleNotFoundError("No module named 'boomerang_rules.rl.nothing'", name="boomerang_rules.rl.nothing")
    assert missing(error, "boomerang_rules.rl", "gym") is error
    assert "pip install 'boomerang-rules[gym]'" in str(missing(ModuleNotFoundError("x", name="numpy.linalg"),
                                                               "boomerang_rules.rl", "gym"))
