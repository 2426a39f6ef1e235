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
"""The most games ``--games`` (``simulate``, ``tournament``) may ask for: past it, a usage error
(``tournament`` ended in a traceback, ``simulate`` in an ``OverflowError``)."""

MAX_CHECKED_GAMES = 50_000
"""The most games ``check-scorer --games`` may ask for: it holds every game, its record and the
scorer's answer at once (about 80 KB a Sea Salt & Paper game, 4 GB at this bound), so past it, a
usage error (``--games 2147483648`` ran out of memory, a ``MemoryError``'s traceback)."""
