"""The command line's entry: ``python -m boomerang_rules`` and the ``boomerang-rules`` command
(``console``)."""

import sys


def console() -> None:
    """The command line, read once its modules are imported. A Ctrl-C while they are (click's and
    the commands': most of the half second before a command runs) came before the command line's own
    handling of it: a traceback. It exits 130 with the words of any Ctrl-C
    (``cli.stopping.interrupted``'s), written with nothing more imported. Here, not in the package's
    ``__init__``: the package never imports the command line, and its import stays as fast."""
    try:
        from .cli import main
    except KeyboardInterrupt:
        sys.stderr.write("boomerang-rules: interrupted (Ctrl-C)\n")
        raise SystemExit(130) from None
    main()


if __name__ == "__main__":
    console()
