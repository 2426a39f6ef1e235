"""The shipped schemas as ``core.schema`` reads them: each reads nothing outside itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boomerang_rules.core import schema
from boomerang_rules.core.resources import data_dir


@pytest.mark.parametrize("name", sorted(p.name.removesuffix(".schema.json") for p in data_dir("schemas").iterdir()))
def test_every_shipped_schema_is_read_whole_with_no_reference_left(name: str) -> None:
    read = schema._schema(name)
    assert schema._refs(read) == [] and "$defs" not in read
    assert schema.schema_problems({}, name)  # and it is the schema judged by: {} is no document of any


@pytest.mark.parametrize("ref", ["https://example.org/s.json", "other.schema.json#/$defs/id", "/etc/passwd",
                                 "#/properties/a"])
def test_a_schema_whose_ref_is_not_one_of_its_own_definitions_is_refused(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch,
                                                                         ref: str) -> None:
    """A ``$ref`` other than ``#/$defs/NAME`` was left as it was, for jsonschema and fastjsonschema to
    resolve, and fastjsonschema fetches a URL: no shipped schema has one, and none may (a schema, like
    the data it checks, reads nothing outside the package)."""
    folder = tmp_path / "schemas"
    folder.mkdir()
    (folder / "odd.schema.json").write_text(json.dumps({
        "type": "object", "properties": {"a": {"$ref": "#/$defs/id"}, "b": {"items": [{"$ref": ref}]}},
        "$defs": {"id": {"type": "string"}}}), encoding="utf-8")
    monkeypatch.setattr(schema, "data_dir", lambda kind: tmp_path / kind)
    with pytest.raises(ValueError, match="is not one of its own definitions"):
        schema._schema.__wrapped__("odd")
