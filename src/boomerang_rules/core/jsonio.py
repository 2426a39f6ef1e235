"""Reading JSON that may be hostile: every failure becomes a Problem, never a traceback."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from .errors import Problem
from .limits import DEFAULT_MAX_BYTES


class _Reject(ValueError):
    pass


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Reject(f"the number {text[:40]} is too large for a float")
    return value


def _no_constant(text: str) -> Any:
    raise _Reject(f"{text} is not valid JSON")


def parse_json(text: str | bytes) -> tuple[Any, Problem | None]:
    """Parse JSON text; on failure return ``(None, problem)`` with the line and column."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            return None, Problem("", f"not UTF-8 text (byte {exc.start})", "json-syntax")
    try:
        return json.loads(text, parse_float=_finite_float, parse_constant=_no_constant), None
    except json.JSONDecodeError as exc:
        return None, Problem("", f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}",
                             "json-syntax")
    except _Reject as exc:
        return None, Problem("", str(exc), "json-syntax")
    except RecursionError:
        return None, Problem("", "JSON nested too deeply", "json-syntax")
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        return None, Problem("", f"unreadable JSON value: {exc}", "json-syntax")


def read_json_file(path: str | Path, max_bytes: int = DEFAULT_MAX_BYTES) -> tuple[Any, Problem | None]:
    """Read and parse a JSON file no larger than ``max_bytes``.

    Raises ``OSError`` when the file cannot be read (an I/O error, not invalid input).
    """
    p = Path(path)
    with p.open("rb") as f:
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:
        return None, Problem("", f"file larger than the limit of {max_bytes} bytes", "size-limit")
    return parse_json(data)


def dumps_pretty(value: Any, indent: int = 2) -> str:
    """JSON with nested objects indented but lists of plain values kept on one line.

    A game record's hands and picks then read one line per seat.
    """
    def render(v: Any, depth: int) -> str:
        pad, inner = " " * (indent * depth), " " * (indent * (depth + 1))
        if isinstance(v, dict) and v:
            items = [f"{inner}{json.dumps(k, ensure_ascii=False)}: {render(x, depth + 1)}" for k, x in v.items()]
            return "{\n" + ",\n".join(items) + "\n" + pad + "}"
        if isinstance(v, list) and any(isinstance(x, dict | list) for x in v):
            return "[\n" + ",\n".join(inner + render(x, depth + 1) for x in v) + "\n" + pad + "]"
        return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))

    return render(value, 0)
