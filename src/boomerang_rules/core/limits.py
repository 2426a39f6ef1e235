"""Limits on input, in a module of their own so the command line can show them cheaply."""

DEFAULT_MAX_BYTES = 4 * 1024 * 1024
"""Files larger than this are refused unless asked otherwise (``--max-bytes``)."""

MAX_DEPTH = 64
"""The deepest nesting of arrays and objects read; the library's own documents need under ten."""
