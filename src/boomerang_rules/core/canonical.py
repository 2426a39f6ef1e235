"""Canonical JSON and digests: one byte string per value, whatever the key order or spacing."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(value: Any) -> bytes:
    """Sorted keys, no spaces, UTF-8: equal values give equal bytes."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def digest(value: Any) -> str:
    """The SHA-256 of ``value``'s canonical JSON, in hex."""
    return hashlib.sha256(canonical_json(value)).hexdigest()
