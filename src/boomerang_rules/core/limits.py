"""Limits on input, in a module of their own so the command line can show them cheaply."""

DEFAULT_MAX_BYTES = 4 * 1024 * 1024
"""Files larger than this are refused unless asked otherwise (``--max-bytes``)."""

MAX_DEPTH = 64
"""The deepest nesting of arrays and objects read; the library's own documents need under ten."""

MAX_JOBS = 1024
"""The most processes ``--jobs`` (``simulate``, ``tournament``) may ask for: past it, a usage error."""

PROCESSES_PER_CPU = 4
"""The processes started are at most this many for each CPU (``os.cpu_count()``), whatever ``jobs``
asks: the games use the CPU alone, so more would only wait their turn, each a Python interpreter in
memory (``core.parallel.processes``)."""

MAX_GAMES = 2**31
"""The most games ``--games`` (``simulate``, ``tournament``, ``check-scorer``) may ask for: past it, a
usage error (``tournament`` ended in a traceback, ``simulate`` in an ``OverflowError``)."""
