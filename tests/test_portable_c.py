"""The C extensions mean the same on every platform: standard C with fixed-width integers, and
the fallbacks of core/_portable.h (what MSVC and 32-bit targets compile) equal to the plain code."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "boomerang_rules"
SOURCES = sorted(PACKAGE.rglob("*.c"))
COMMENT_OR_STRING = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"', re.S)

# GCC's and Clang's extensions, which MSVC lacks (and __int128 every 32-bit target), and a bare
# ``long``: 32 bits on Windows and 32-bit targets, 64 on 64-bit Linux and macOS.
NOT_PORTABLE = {
    "a compiler builtin": re.compile(r"\b__builtin_\w+"),
    "__int128": re.compile(r"\b__int128\b"),
    "a bare long (32 bits on Windows)": re.compile(r"\b(?<!unsigned )(?<!long )long\b(?! long)"),
    "a long constant": re.compile(r"\b\d+U?L\b", re.I),
    "a long conversion of the C API": re.compile(r"\bPyLong_(As|From)Long(AndOverflow)?\b(?!Long)"),
}


def code_of(path: Path) -> str:
    """The C source without its comments and string literals, where the words above are prose."""
    return COMMENT_OR_STRING.sub(" ", path.read_text("utf-8"))


@pytest.mark.skipif(not SOURCES, reason="not a source checkout")
@pytest.mark.parametrize("source", SOURCES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_the_c_sources_use_only_standard_c_of_fixed_width(source: Path) -> None:
    found = [f"line {code_of(source)[:match.start()].count(chr(10)) + 1}: {what} ({match.group()})"
             for what, pattern in NOT_PORTABLE.items() for match in pattern.finditer(code_of(source))]
    assert not found, f"{source.name}: use core/_portable.h and fixed-width types: {found}"


# The same games, shuffles and draws from the compiled code and the plain, at the seeds' edges.
PROBE = r"""
import hashlib, json, random, sys
import boomerang_rules as br
from boomerang_rules.core import rng
from boomerang_rules.australia import engine as australia
from boomerang_rules.boomerang2010 import engine as b2010
from boomerang_rules.seasaltpaper import hot_path
try:
    import numpy
    from boomerang_rules.rl import australia as observations
except ImportError:  # the observations need numpy (extra gym)
    observations = None

SEEDS = [0, 1, -1, 2**63 - 1, 2**63, 2**64 - 1, 2**64, -2**63, -2**64 - 5, 2**200 + 12345, -(3**150)]
out = {"compiled": [rng.COMPILED, australia.ACCELERATED, b2010.COMPILED is not None, hot_path.ACCELERATED,
                    observations is None or observations.COMPILED]}
for rules in ("standard", "sea-salt-paper", "boomerang-2010"):
    for players in (3, 4):
        for seed in SEEDS:
            state, choose = br.new_game(rules, players, seed), random.Random(seed)
            while not br.is_over(state):
                if observations is not None and rules == "standard":
                    seen = observations.encode(state)
                    out.setdefault(f"encode/{players}/{seed}", []).append(hashlib.sha256(b"".join(
                        numpy.ascontiguousarray(part).tobytes() for part in seen)).hexdigest())
                seat = br.to_act(state)[0]
                state = br.apply(state, seat, choose.choice(sorted(br.legal_actions(state, seat))))
            text = json.dumps(br.record_of(state), sort_keys=True)
            out[f"{rules}/{players}/{seed}"] = hashlib.sha256(text.encode()).hexdigest()
for seed in SEEDS:
    for n in (2, 54, 58, 64, 128, 129):
        items = list(range(n))
        out[f"shuffle/{seed}/{n}"] = [rng.shuffle(seed, items), items]
    for bound in (1, 3, 2**63, 2**64 - 1, 2**64):
        out[f"below/{seed}/{bound}"] = rng.below(seed, bound)
json.dump(out, sys.stdout)
"""


def probe(tree: Path, **env: str) -> dict[str, Any]:
    run = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=300, check=False,
                         env={**os.environ, "PYTHONPATH": str(tree / "src"), **env})
    assert run.returncode == 0, run.stderr
    return dict(json.loads(run.stdout))


COMPILER = shutil.which(str(sysconfig.get_config_var("CC") or "cc").split()[0])
# A plain char is unsigned on ARM Linux and signed on x86: built with GCC's or Clang's unsigned one.
UNSIGNED_CHAR = "-funsigned-char" if sys.platform != "win32" else ""


def _built_copy(tree: Path, cflags: str | None) -> subprocess.CompletedProcess[str]:
    """The checkout's package copied to ``tree`` and its extensions built there in place, with ``CFLAGS``
    (which replaces Python's own flags, ``-O3 -Wall`` with GCC) or, None, as ``pip install`` builds them;
    the build's output kept."""
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    for name in ("variants", "schemas"):
        (tree / name).symlink_to(ROOT / name)
    shutil.copytree(PACKAGE, tree / "src" / "boomerang_rules",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    build = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=tree, timeout=600,
                           capture_output=True, text=True, check=False,
                           env={**{k: v for k, v in os.environ.items() if k != "CFLAGS"},
                                **({} if cflags is None else {"CFLAGS": cflags})})
    assert build.returncode == 0, build.stderr
    return build


@pytest.mark.skipif(not (ROOT / "setup.py").is_file() or COMPILER is None, reason="no source checkout or no C compiler")
def test_every_extension_builds_without_a_warning(tmp_path: Path) -> None:
    """The extensions as ``pip install`` builds them (Python's compiler flags, ``-O3 -Wall`` with GCC): no
    warning. GCC 12 warned that ``seat_points`` of Sea Salt & Paper's might read its hand uninitialised;
    no path did (``hand_of`` writes the cards ``card_points`` reads), and it is zeroed for the compiler to
    see so, so that a warning that matters is not lost among one that does not (about 30 s)."""
    build = _built_copy(tmp_path, None)
    assert "-Wall" in build.stdout + build.stderr and "warning:" not in build.stderr, build.stderr
    assert len(list((tmp_path / "src").rglob("*.so"))) == 6, build.stderr


@pytest.mark.skipif(not (ROOT / "setup.py").is_file() or COMPILER is None, reason="no source checkout or no C compiler")
def test_the_fallbacks_of_compilers_without_builtins_give_the_plain_results(tmp_path: Path) -> None:
    """Every extension built as for MSVC or a 32-bit target (BOOMERANG_RULES_GENERIC_C: no
    builtin, no __int128) with ARM's unsigned char, then the same games as the plain code at edge
    seeds (about 40 s)."""
    build = _built_copy(tmp_path, f"-DBOOMERANG_RULES_GENERIC_C {UNSIGNED_CHAR}")
    assert "warning:" not in build.stderr, build.stderr
    assert len(list((tmp_path / "src").rglob("*.so"))) == 6, build.stderr
    compiled, plain = probe(tmp_path), probe(tmp_path, BOOMERANG_RULES_PURE="1")
    assert compiled.pop("compiled") == [True] * 5
    assert plain.pop("compiled")[:4] == [False] * 4
    assert compiled == plain
