"""The build's own declarations: every package of the source tree is shipped."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src"


@pytest.mark.skipif(not (ROOT / "pyproject.toml").is_file() or not SOURCE.is_dir(), reason="not a source checkout")
def test_every_package_of_the_source_tree_is_listed_for_the_wheel() -> None:
    """pyproject lists the packages by name (the data folders join them under ``_data``), so a
    new package folder must be added there or the wheel would go without it."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(SOURCE).parts) for init in SOURCE.rglob("__init__.py")}
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
    assert {"boomerang_rules._data.variants", "boomerang_rules._data.schemas"} <= listed


@pytest.mark.skipif(not (ROOT / "pyproject.toml").is_file() or not SOURCE.is_dir(), reason="not a source checkout")
def test_the_wheel_leaves_out_the_c_sources_it_was_built_from() -> None:
    """The sdist carries the C sources and headers (setup.py, MANIFEST.in); the wheel carries what
    they built, not them: every suffix of a C file in the package is excluded from its data."""
    excluded = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["exclude-package-data"]
    c_files = {f"*{path.suffix}" for path in (SOURCE / "boomerang_rules").rglob("*") if path.suffix in (".c", ".h")}
    assert c_files == {"*.c", "*.h"}
    assert c_files <= set(excluded["*"]), f"add to [tool.setuptools.exclude-package-data]: {sorted(c_files)}"


@pytest.mark.skipif(not (ROOT / "pyproject.toml").is_file() or not SOURCE.is_dir(), reason="not a source checkout")
def test_the_declared_license_ships_its_text() -> None:
    """pyproject declares the MIT license; its text is the file every built distribution carries
    (``license-files``), and that file exists, so no build goes out naming a license it lacks."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text("utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text
