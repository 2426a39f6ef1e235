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

setup(
    ext_modules=[
        Extension("boomerang_rules.australia._accel", ["src/boomerang_rules/australia/_accel.c"], optional=True),
        Extension("boomerang_rules.seasaltpaper._accel", ["src/boomerang_rules/seasaltpaper/_accel.c"], optional=True),
        Extension("boomerang_rules.boomerang2010._accel", ["src/boomerang_rules/boomerang2010/_accel.c"], optional=True),
        Extension("boomerang_rules.core._rng", ["src/boomerang_rules/core/_rng.c"], optional=True),
        Extension("boomerang_rules.core._dispatch", ["src/boomerang_rules/core/_dispatch.c"], optional=True),
        Extension("boomerang_rules.rl._encode", ["src/boomerang_rules/rl/_encode.c"], optional=True),
    ]
)
