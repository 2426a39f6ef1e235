"""``python -m boomerang_rules``: the command line, as the ``boomerang-rules`` command runs it."""

from . import _console_script

_console_script()
