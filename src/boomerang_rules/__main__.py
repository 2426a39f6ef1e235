"""``python -m boomerang_rules``: the command line."""

from .cli import main

main()
