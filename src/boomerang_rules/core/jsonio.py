"""Reading JSON that may be hostile: every failure becomes a Problem, never a traceback.

Beyond what ``json`` checks, a document is refused when an object repeats a key (readers
disagree on which one counts), when a string is not text (a lone UTF-16 surrogate such as
``"\\ud800"`` cannot be written as UTF-8), and when it nests deeper than any document of
this library does (deep nesting would exhaust the stack of every recursive reader after us).
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import chain
from pathlib import Path
from typing import Any

from .display import escaped_name, is_text, shown, shown_name
from .errors import Problem
from .limits import DEFAULT_MAX_BYTES, MAX_DEPTH
from .pointer import pointer

CHUNK = 1 << 20
"""Bytes read at a time: a huge size limit must not be allocated up front."""

JSON_WHITESPACE = b" \t\r\n"
"""The only whitespace JSON knows (RFC 8259): a line of a vertical tab is not blank."""


class _Reject(ValueError):
    pass


class _Duplicates(dict):  # type: ignore[type-arg]
    """An object parsed from text that repeats keys; ``duplicates`` names them."""

    duplicates: tuple[str, ...] = ()


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Reject(f"the number {text[:40]} is too large for a float")
    return value


def _no_constant(text: str) -> Any:
    raise _Reject(f"{text} is not valid JSON")


def _objects(repeated: list[None]) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """The parse's maker of objects: each remembers its repeated keys (the walk after parsing
    reports them), and ``repeated`` gets an item for each object that has some."""
    def make(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(pairs)
        if len(result) == len(pairs):
            return result
        repeated.append(None)
        return _marked(result, pairs)

    return make


def _marked(result: dict[str, Any], pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    marked = _Duplicates(result)
    seen: set[str] = set()
    repeated = []
    for key, _ in pairs:
        if key in seen and key not in repeated:
            repeated.append(key)
        seen.add(key)
    marked.duplicates = tuple(repeated)
    return marked


def printable(name: str) -> str:
    """A file name as messages show it, on one line and safe for a terminal: a control character
    (an escape, a newline) and a byte no encoding decodes (kept as a lone surrogate by the file
    system's decoding) shown as its escape (``core.display.escaped_name``)."""
    return escaped_name(name)


def _part(key: object) -> str | int:
    if isinstance(key, str):
        return key if is_text(key) else key.encode("utf-8", "backslashreplace").decode("utf-8")
    return key if isinstance(key, int) else str(key)


def _children(node: Any) -> Iterator[tuple[object, Any]]:
    if isinstance(node, dict):
        return iter(node.items())
    return enumerate(node)


def json_problems(value: Any, max_depth: int = MAX_DEPTH, limit: int = 20) -> list[Problem]:
    """What makes a parsed (or in-memory) JSON value unfit to read, at most ``limit`` problems.

    Repeated keys (only a parse can see them), strings that are not text (keys included), and
    nesting deeper than ``max_depth``. A value of plain JSON types is first told fit or not by the
    C encoder (``_fit``); only one that may hold a problem is walked node by node (``_walk``).
    """
    if value is _VOUCHED.get() and max_depth >= MAX_DEPTH:
        return []
    if _fit(value, max_depth):
        return []
    return _walk(value, max_depth, limit)


_VOUCHED: ContextVar[Any] = ContextVar("vouched", default=None)
"""The one value ``json_problems`` is known to find fit, while ``vouched_fit`` says so."""


@contextmanager
def vouched_fit(value: Any) -> Iterator[None]:
    """While in this block, ``json_problems(value)`` (at ``MAX_DEPTH`` or deeper) answers ``[]``
    without encoding ``value`` again: the caller has found it fit (``parse_json`` returned it, or
    ``json_problems`` found nothing) and holds it unchanged for the block.

    A record was encoded twice more after its parse, once by ``validate_data`` and once by its
    game's ``document_problems``: a fifth of a Sea Salt & Paper record's validation (issue 27).
    The value is told by identity, in a context variable (so no other thread sees it)."""
    token = _VOUCHED.set(value)
    try:
        yield
    finally:
        _VOUCHED.reset(token)


_ENCODE = json.JSONEncoder(ensure_ascii=False, allow_nan=True, separators=(",", ":")).encode
_ALL_BUT_BRACKETS_AND_QUOTES = bytes(set(range(256)) - set(b'[]{}"'))
_SQUARE = bytes.maketrans(b"{}", b"[]")


def _nesting_fits(text: bytes, max_depth: int) -> bool:
    """Whether the JSON ``text``, which holds no backslash (so no string holds a quote), nests no
    deeper than ``max_depth`` containers (the outermost counts as one).

    Only the brackets outside strings are kept (a string is what lies between two quotes), then
    the innermost pairs are taken out, one level a pass: the passes are the depth.
    """
    kept = text.translate(None, _ALL_BUT_BRACKETS_AND_QUOTES)
    # A string without brackets is now two quotes side by side: one pass takes them all out, and
    # takes out only those (a string with a bracket keeps its opening quote, which no pair can
    # take: the quote before it went with its own). Any quote left: cut the strings out by position.
    fewer = kept.replace(b'""', b"")
    kept = fewer if b'"' not in fewer else b"".join(kept.split(b'"')[::2])
    kept = kept.translate(_SQUARE)
    for _ in range(max_depth):
        if not kept:
            return True
        kept = kept.replace(b"[]", b"")
    return not kept


def _fit(value: Any, max_depth: int) -> bool:
    """True only when ``_walk`` would find no problem in ``value``: its JSON text is UTF-8 (so no
    string or key holds a lone surrogate), holds no escape, and nests no deeper than ``max_depth``.
    False says only "walk it": a value of other types, with escapes, too deep, or not text.

    It cannot see repeated keys, which only ``parse_json`` makes (``_Duplicates``) and never returns
    (it refuses the document); so the parse looks for them itself (``_parse``).
    """
    if isinstance(value, str):
        return is_text(value)
    try:
        text = _ENCODE(value).encode("utf-8")
    except (TypeError, ValueError, RecursionError):  # not JSON types, circular, a lone surrogate
        return False
    return b"\\" not in text and _nesting_fits(text, max_depth)


def _walk(value: Any, max_depth: int, limit: int) -> list[Problem]:
    """``json_problems`` by a walk of every node: the reference, and the words of every problem.
    It uses no recursion, so any depth is safe."""
    problems: list[Problem] = []
    if isinstance(value, str):
        return [] if is_text(value) else [_not_text(value, ())]
    if _unprintable(value):
        return [_too_long(())]
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack and len(problems) < limit:
        node, path = stack.pop()
        if not isinstance(node, dict | list | tuple):
            continue
        if len(path) >= max_depth:
            problems.append(Problem(pointer(*path), f"nested more than {max_depth} levels deep", "json-depth"))
            continue
        for key in getattr(node, "duplicates", ()):
            problems.append(Problem(pointer(*path, _part(key)), f"the key {shown(key)} appears more than once in "
                                    "this object", "json-duplicate-key"))
        children = []
        for key, child in _children(node):
            if isinstance(key, str) and not is_text(key):
                problems.append(Problem(pointer(*path), f"the key {shown(key)} is not text (it holds a lone "
                                        "surrogate)", "json-text"))
            if isinstance(child, str):
                if not is_text(child):
                    problems.append(_not_text(child, (*path, _part(key))))
            elif _unprintable(child):
                problems.append(_too_long((*path, _part(key))))
            elif isinstance(child, dict | list | tuple):
                children.append((child, (*path, _part(key))))
        stack.extend(reversed(children))
    return problems[:limit]


def _too_long(path: tuple[str | int, ...]) -> Problem:
    return Problem(pointer(*path), f"a number of more than {sys.get_int_max_str_digits()} digits: too long to read",
                   "json-number")


def _unprintable(value: Any) -> bool:
    """Whether ``value`` is an integer of more digits than Python prints (``sys.get_int_max_str_digits``):
    every message quoting it, the schema's among them, would raise instead."""
    limit = sys.get_int_max_str_digits()
    return isinstance(value, int) and not isinstance(value, bool) and limit > 0 and abs(value) >= 10 ** limit


def _not_text(value: str, path: tuple[str | int, ...]) -> Problem:
    return Problem(pointer(*path), f"the string {shown(value)} is not text (it holds a lone surrogate, which "
                   "has no UTF-8 form)", "json-text")


def parse_json(text: str | bytes) -> tuple[Any, Problem | None]:
    """Parse JSON text; on failure return ``(None, problem)`` with the line and column or pointer.

    One byte-order mark (U+FEFF) may begin the text, bytes or ``str`` alike, and is read past, as a
    file's is: a ``str`` with one got ``json``'s advice to its programmer ("decode using
    utf-8-sig") where the same document read from a file was valid. A second mark is a problem in
    words (``json`` gave that advice for it too)."""
    raw: bytes | None = None
    if isinstance(text, bytes):
        raw = text
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            return None, Problem("", f"not UTF-8 text (byte {exc.start})", "json-syntax")
    elif text.startswith(BOM_TEXT):
        text = text[1:]
    if text.startswith(BOM_TEXT):
        return None, Problem("", "the text begins with two byte-order marks (U+FEFF): a document may begin with "
                             "one only", "json-syntax")
    repeated: list[None] = []
    try:
        value = json.loads(text, parse_float=_finite_float, parse_constant=_no_constant,
                           object_pairs_hook=_objects(repeated))
    except json.JSONDecodeError as exc:
        if not text.strip(JSON_WHITESPACE.decode("ascii")):
            return None, Problem("", "empty: no JSON document in it", "json-syntax")
        line, column = _where(text, exc)
        return None, Problem("", f"invalid JSON at line {line}, column {column}: {exc.msg}", "json-syntax")
    except _Reject as exc:
        return None, _refused_number(text) or Problem("", str(exc), "json-syntax")
    except RecursionError:
        return None, _too_deep(text)
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        if "sys.set_int_max_str_digits" in str(exc):  # its advice is for a programmer, not a reader
            return None, _refused_number(text) or _too_long(())
        return None, Problem("", f"unreadable JSON value: {str(exc)[:200]}", "json-syntax")
    if repeated:  # only the walk sees repeated keys
        problems = _walk(value, MAX_DEPTH, 1)
    elif _text_fits(text, raw):
        return value, None
    else:
        problems = json_problems(value, limit=1)
    if problems:
        return None, problems[0]
    return value, None


_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[][{}:,]', re.DOTALL)
"""What ``_too_deep`` reads of a JSON text: its strings whole, and the characters that nest or
separate (numbers, ``true``, white space are skipped)."""


def _too_deep(text: str, max_depth: int = MAX_DEPTH) -> Problem:
    """The problem of ``text``, which ``json`` could not parse for its nesting (a thousand levels exhaust
    its recursion), at the pointer of its first container nested deeper than ``max_depth``: the one
    ``_walk`` names in a document it could parse (``/rounds/0/0/…``, ``max_depth`` keys at most, each long
    one cut where a problem is shown, ``core.display.shown_pointer``). The text is read once, with no
    recursion: a stack of the keys (and indexes) that lead to where the reading is."""
    path: list[str | int] = []  # the key or index of each open container's current value
    kinds: list[str] = []
    key: str | int = ""
    for found in _TOKENS.finditer(text):
        token = found.group()
        if token in "[{":
            if len(kinds) == max_depth:
                return Problem(pointer(*path), f"nested more than {max_depth} levels deep", "json-depth")
            kinds.append(token)
            path.append(0)  # an array's first index; an object's key replaces it at its colon
        elif token in "]}":
            if not kinds:
                break
            kinds.pop()
            path.pop()
        elif token == ",":
            if kinds and kinds[-1] == "[" and isinstance(path[-1], int):
                path[-1] += 1
        elif token == ":":
            if kinds and kinds[-1] == "{":
                path[-1] = key
        else:  # a string (valid: ``json`` read past it before its recursion ran out): the key of a colon next
            key = _part(json.loads(token))
    return Problem("", f"nested more than {max_depth} levels deep", "json-depth")  # not found: no pointer to give


class _Refused:
    """A number or constant ``json`` reads but a document may not hold, kept in its place by the
    second parse of ``_refused_number`` as the problem it is."""

    __slots__ = ("problem",)

    def __init__(self, problem: Problem) -> None:
        self.problem = problem


class _Pairs(list):  # type: ignore[type-arg]
    """An object of the second parse as its key-value pairs, in the document's order."""


def _refused_number(text: str) -> Problem | None:
    """The problem of the first number or constant of ``text`` no document may hold (``NaN``,
    ``Infinity``, ``1e400``, an integer of more than 4,300 digits), at its JSON pointer; None when
    ``text`` holds none or is no JSON at all.

    The parse stops at such a value without saying where it is (``/seed: NaN is not valid JSON``
    was ``NaN is not valid JSON``, for a whole record); so, on that error only, the text is parsed
    again with each such value kept as its problem, and the first one in the document's order is
    found by a walk (no recursion: the parse itself refuses what nests too deeply)."""
    def constant(word: str) -> _Refused:
        return _Refused(Problem("", f"{word} is not valid JSON", "json-syntax"))

    def floating(number: str) -> float | _Refused:
        value = float(number)
        if math.isfinite(value):
            return value
        return _Refused(Problem("", f"the number {number[:40]} is too large for a float", "json-syntax"))

    def integer(number: str) -> int | _Refused:
        try:
            return int(number)
        except ValueError:
            return _Refused(_too_long(()))

    try:
        value = json.loads(text, parse_float=floating, parse_constant=constant, parse_int=integer,
                           object_pairs_hook=_Pairs)
    except (ValueError, RecursionError):
        return None
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, _Refused):
            return Problem(pointer(*path), node.problem.message, node.problem.rule)
        children: list[tuple[str | int, Any]] = (
            [(_part(key), child) for key, child in node] if isinstance(node, _Pairs)
            else list(enumerate(node)) if isinstance(node, list) else [])
        stack.extend((child, (*path, key)) for key, child in reversed(children))
    return None


def _where(text: str, exc: json.JSONDecodeError) -> tuple[int, int]:
    """The line and column of a syntax error: ``json``'s, but an error met at the end of the text
    (a document cut short) is placed just after its last character that is not white space, where
    the missing ``}`` or ``,`` belongs, not after the file's closing newline: ``{"a": 1`` and the
    same with a newline were told line 1, column 8 and line 2, column 1, depending on whether the
    text was read as a file or as a line of one (``validate``'s records, a ruleset's file). Only
    JSON's white space (space, tab, CR, LF) is passed over: a no-break space or a form feed at the
    end is the error itself, on its own line."""
    end = len(text.rstrip(JSON_WHITESPACE.decode("ascii")))  # str.rstrip() would pass a no-break space
    if exc.pos < end:
        return exc.lineno, exc.colno
    line = text.count("\n", 0, end) + 1
    return line, end - (text.rfind("\n", 0, end) + 1) + 1


def _text_fits(text: str, raw: bytes | None) -> bool:
    """Whether a document parsed from ``text`` (decoded from ``raw``) is fit by its text alone: UTF-8
    (strictly decoded bytes hold no lone surrogate) with no escape (so no string gets one from a
    ``\\u`` escape), and nested no deeper than ``MAX_DEPTH`` (``_nesting_fits``)."""
    if raw is None:
        try:
            raw = text.encode("utf-8")
        except UnicodeEncodeError:
            return False
    return b"\\" not in raw and _nesting_fits(raw, MAX_DEPTH)


def _open_regular(path: str | Path) -> int:
    """A descriptor of the regular file ``path``, opened without blocking (a FIFO without a writer
    would wait forever) and then set to block; ``OSError`` for what is not a regular file."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(21, "is a directory", str(path))
        if not stat.S_ISREG(mode):
            raise OSError(0, "not a regular file", str(path))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_limited(path: str | Path, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes + 1`` of them.

    Reads in chunks, so that a huge limit allocates nothing up front. Opens without blocking
    and refuses what is not a regular file (a FIFO without a writer would wait forever).
    Raises ``OSError`` when the file cannot be read (an I/O error, not invalid input).
    """
    fd = _open_regular(path)
    try:
        chunks = []
        left = max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def too_large(max_bytes: int) -> Problem:
    """The problem of an input over the size limit."""
    return Problem("", f"file larger than the limit of {max_bytes} bytes (raise it with --max-bytes)", "size-limit")


def read_json_file(path: str | Path, max_bytes: int = DEFAULT_MAX_BYTES) -> tuple[Any, Problem | None]:
    """Read and parse a JSON file no larger than ``max_bytes``.

    Raises ``OSError`` when the file cannot be read (an I/O error, not invalid input).
    """
    data = read_limited(path, max_bytes)
    if len(data) > max_bytes:
        return None, too_large(max_bytes)
    return parse_json(data)


def is_blank(line: bytes) -> bool:
    """Whether a line of JSON Lines holds only JSON whitespace."""
    return not line.strip(JSON_WHITESPACE)


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


JSON_LINES_SUFFIXES = (".jsonl", ".ndjson")
"""File names that hold JSON Lines (one document a line); any other name holds one JSON document."""

STDIN = "-"
"""The file name that means standard input (or standard output, for a command that writes)."""


def is_json_lines_name(name: str | Path) -> bool:
    """Whether a file called ``name`` holds JSON Lines: the format follows the file name."""
    return Path(str(name)).suffix.lower() in JSON_LINES_SUFFIXES


def document_text(value: Any, name: str | Path, pretty: Callable[[Any], str] | None = None) -> str:
    """``value`` as the whole text of a file called ``name``, ending in a newline: one line for a
    JSON Lines name (``*.jsonl``, ``*.ndjson``), else indented (``pretty``, default
    ``dumps_pretty``). The format follows the file name, so that what a command writes (``play
    --record``, ``check-scorer --example-out``) ``validate`` and ``replay`` read back, whatever
    the file is called, as ``simulate --out`` does."""
    if is_json_lines_name(name):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n"
    return (pretty or dumps_pretty)(value) + "\n"


def label_of(name: str | Path) -> str:
    """How messages name a file: ``<stdin>`` for ``-``; a name no file can have (longer than
    ``core.display.MAX_PATH``) cut (``core.display.shown_name``)."""
    return "<stdin>" if str(name) == STDIN else shown_name(str(name))


def _open_binary(path: str | Path) -> Any:
    """A binary stream of ``path`` (standard input for ``-``), opened as ``read_limited`` does:
    without blocking on a FIFO, refusing what is not a regular file. ``OSError`` when unreadable."""
    import sys

    if str(path) == STDIN:
        if sys.stdin is None:  # started with it closed (``<&-``): Python gives no stream at all
            raise OSError(errno.EBADF, "standard input is closed")
        return sys.stdin.buffer
    return os.fdopen(_open_regular(path), "rb")


def _lines(stream: Any, max_bytes: int) -> Iterator[tuple[int, bytes | None]]:
    """Numbered lines of ``stream`` (1-based), ``None`` for a line over ``max_bytes``."""
    number = 0
    limit = min(max_bytes + 1, 1 << 62)  # readline takes an index-sized count; it allocates as it reads
    while True:
        line = stream.readline(limit)
        if not line:
            return
        number += 1
        if line.endswith(b"\n"):
            yield number, line[:-1]
            continue
        if len(line) <= max_bytes or len(line) < limit:
            yield number, line  # the last line, without a newline
            continue
        # max_bytes + 1 bytes and no newline: over the limit; skip the rest of the line
        rest = line
        while rest and not rest.endswith(b"\n"):
            rest = stream.readline(CHUNK)
        yield number, None


BOM = b"\xef\xbb\xbf"
"""UTF-8's byte-order mark (U+FEFF): a file may begin with one (``parse_json`` reads past it), no
later line of a JSON Lines file."""
BOM_TEXT = "\ufeff"
"""The byte-order mark as a character: what ``BOM`` decodes to, and may begin a ``str`` given to
``parse_json`` as it may a file."""


def late_bom() -> Problem:
    """The problem of a line of a JSON Lines file, not its first, that begins with a byte-order mark:
    only the file's start may hold one, and a line is no file of its own (each line was read past
    its mark as if it were, so files joined with ``cat`` passed as one)."""
    return Problem("", "this line begins with a byte-order mark (U+FEFF): only a file's first line may (a "
                   "file joined from others keeps each one's mark: remove them)", "json-syntax")


def record_too_large(max_bytes: int) -> Problem:
    """The problem of one JSON Lines record over the size limit."""
    return Problem("", f"record larger than the limit of {max_bytes} bytes (raise it with --max-bytes; in a "
                   "JSON Lines file the limit applies to each line)", "size-limit")


def read_documents(path: str | Path, max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[tuple[str, Any, Problem | None]]:
    """Every JSON document of a file, as ``(where, value, problem)``; ``problem`` is ``None`` for a
    document that parsed.

    The format follows the file name: ``*.jsonl`` / ``*.ndjson`` hold JSON Lines (``where`` is
    ``FILE:LINE``, and ``max_bytes`` limits each line), any other name one JSON document (``where``
    is ``FILE``, and ``max_bytes`` limits the file). Standard input (``-``) has no name: it is
    JSON Lines when its first non-blank line is a JSON document by itself, else one document.
    A file in the other format than its name says is reported as such, not misparsed line by
    line. Raises ``OSError`` when the file cannot be read.
    """
    label = label_of(path)
    stream = _open_binary(path)
    try:
        lines = _lines(stream, max_bytes)
        head: list[tuple[int, bytes | None]] = []
        first: tuple[int, bytes | None] | None = None
        for number, line in lines:
            head.append((number, line))
            if line is None or not is_blank(line):
                first = (number, line)
                break
        first_alone = first is not None and first[1] is not None and parse_json(first[1])[1] is None
        as_lines = first_alone if str(path) == STDIN else is_json_lines_name(path)
        if as_lines:
            if first is not None and first[1] is not None and not first_alone and not is_blank(first[1]):
                # a JSON Lines name whose first line is no document: one indented document?
                rest = [line for _, line in head] + [line for _, line in lines]
                if None not in rest:
                    whole = b"\n".join(line for line in rest if line is not None)
                    if len(whole) <= max_bytes and parse_json(whole)[1] is None:
                        yield label, None, Problem(
                            "", "this file holds one JSON document spread over several lines, but its name "
                            "ends in .jsonl, which means one document a line: rename it to .json, or write "
                            "it with one document a line", "json-lines").in_file(label)
                        return
                head, lines = [(i + 1, line) for i, line in enumerate(rest)], iter(())
            found = False
            for number, line in chain(head, lines):  # one line at a time: a file of any length, never held whole
                if line is not None and is_blank(line):
                    continue
                found = True
                where = f"{label}:{number}"
                if line is None:
                    yield where, None, record_too_large(max_bytes).in_file(where)
                    continue
                if number > 1 and line.startswith(BOM):
                    yield where, None, late_bom().in_file(where)
                    continue
                value, problem = parse_json(line)
                yield where, value, None if problem is None else problem.in_file(where)
            if not found:
                yield label, None, Problem("", "no JSON documents in this file", "json-syntax", label)
            return
        # one JSON document
        chunks = [line for _, line in head]
        size = sum(len(c) + 1 for c in chunks if c is not None)
        over = any(c is None for c in chunks)
        documents_a_line = 0 if over else (1 if first_alone else 0)
        for _, line in lines:
            if line is None or over or size > max_bytes + 1:
                over = True
                break
            chunks.append(line)
            size += len(line) + 1
            if documents_a_line and not is_blank(line) and documents_a_line < 3:
                documents_a_line = documents_a_line + 1 if parse_json(line)[1] is None else 0
        if over or size - 1 > max_bytes:
            problem = too_large(max_bytes)
            if first_alone and not is_json_lines_name(path):
                problem = Problem("", problem.message + "; its first line is a JSON document by itself: if it "
                                  "holds one document a line, name it .jsonl, where the limit applies to each line",
                                  "size-limit")
            yield label, None, problem.in_file(label)
            return
        value, problem = parse_json(b"\n".join(c for c in chunks if c is not None))
        if problem is not None and documents_a_line >= 2:
            problem = Problem("", "this file holds JSON Lines (one document a line), but its name does not end "
                              "in .jsonl: rename it to .jsonl (or read it as standard input, whose format is "
                              "told from its content)", "json-lines")
        yield label, value, None if problem is None else problem.in_file(label)
    finally:
        if stream is not getattr(__import__("sys").stdin, "buffer", None):
            stream.close()
