"""The package's optional C extensions; everything else is declared in pyproject.toml.

Compiled hot paths: Boomerang: Australia's ``apply``, ``legal_actions``, ``step`` and a round's
scoring (``australia/_accel.c``), Sea Salt & Paper's common decisions
(``seasaltpaper/_accel.c``), the dealer's shuffle (``core/_rng.c``), the top-level
functions' method dispatch (``core/_dispatch.c``) and the learning
adapters' observations (``rl/_encode.c``). ``optional``:
where they cannot be built (no C compiler), the install goes on and the plain Python code
serves; ``BOOMERANG_RULES_PURE=1`` asks for it anyway.
"""

from setuptools import Extension, setup

# What every extension includes besides Python's headers: what GCC's and Clang's builtins do, in
# standard C for the compilers without them (MSVC, 32-bit targets).
PORTABLE = ["src/boomerang_rules/core/_portable.h"]


def extension(name: str) -> Extension:
    """The optional extension ``boomerang_rules.<name>``, from the .c file of that name."""
    return Extension(f"boomerang_rules.{name}", [f"src/boomerang_rules/{name.replace('.', '/')}.c"],
                     depends=PORTABLE, optional=True)


setup(
    ext_modules=[extension(name) for name in ("australia._accel", "seasaltpaper._accel", "boomerang2010._accel",
                                              "core._rng", "core._dispatch", "rl._encode")]
)
