"""The shipped schemas as ``core.schema`` reads them: each reads nothing outside itself."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import boomerang_rules as br
from boomerang_rules.cli import cli
from boomerang_rules.core import schema
from boomerang_rules.core.loading import rules_from_data
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


GAMES_RULES = ("standard", "sea-salt-paper", "boomerang-2010")
RECORDS = {"standard": "game-3p", "sea-salt-paper": "ssp-game-3p", "boomerang-2010": "boomerang-2010-3p"}
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
ODD = "a/b~c"
"""An unexpected key whose pointer escapes both characters RFC 6901 escapes: ``a~1b~0c``."""


def _unexpected(problems: list[Any]) -> list[tuple[str, str]]:
    return [(p.pointer, p.rule) for p in problems]


@pytest.mark.parametrize("rules", GAMES_RULES)
def test_an_unexpected_key_of_a_record_is_pointed_at_itself(rules: str) -> None:
    """An ``additionalProperties: false`` problem was placed at the object (``/rounds/0``), one problem for
    all its unexpected keys: it is placed at each key (``/rounds/0/extra``), the rule kept."""
    record = json.loads((EXAMPLES / f"{RECORDS[rules]}.json").read_text(encoding="utf-8"))
    record["rounds"][0].update({"extra": 1, ODD: 2})
    record["zz"] = 3
    problems = br.validate_record(record)
    assert _unexpected(problems) == [("/rounds/0/a~1b~0c", "schema:additionalProperties"),
                                     ("/rounds/0/extra", "schema:additionalProperties"),
                                     ("/zz", "schema:additionalProperties")]
    assert problems[1].message == "Additional properties are not allowed ('extra' was unexpected)"


@pytest.mark.parametrize("rules", GAMES_RULES)
def test_an_unexpected_key_of_a_ruleset_file_is_pointed_at_itself(rules: str, tmp_path: Path) -> None:
    """``load_rules`` of a file, and ``--rules FILE`` and ``variants show`` which load through it."""
    data = br.rules_data(br.load_rules(rules))
    data[ODD] = 1
    path = tmp_path / "house.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(br.RulesError) as refused:
        br.load_rules(path)
    assert _unexpected(list(refused.value.problems)) == [("/a~1b~0c", "schema:additionalProperties")]
    shown = CliRunner().invoke(cli, ["variants", "show", str(path)])
    assert shown.exit_code == 1 and f"{path}:/a~1b~0c: Additional properties" in shown.output
    played = CliRunner().invoke(cli, ["simulate", "--rules", str(path), "--games", "1"])
    assert played.exit_code == 1 and f"{path}:/a~1b~0c: Additional properties" in played.output


@pytest.mark.parametrize("rules", GAMES_RULES)
def test_an_unexpected_key_of_a_variant_or_its_merge_patch_is_pointed_at_itself(rules: str, tmp_path: Path) -> None:
    """A variant's own key and a key its ``changes`` adds to the ruleset (placed in the patch, where it
    was written), in a file and inline in a record."""
    variant = {"format": "boomerang-rules/variant", "version": 1, "id": "house", "name": "House",
               "extends": rules, "changes": {ODD: 1}}
    path = tmp_path / "house.json"
    for data, expected in ((variant, "/changes/a~1b~0c"), ({**variant, "changes": {}, ODD: 1}, "/a~1b~0c")):
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(br.RulesError) as refused:
            br.load_rules(path)
        assert _unexpected(list(refused.value.problems)) == [(expected, "schema:additionalProperties")]
        record = json.loads((EXAMPLES / f"{RECORDS[rules]}.json").read_text(encoding="utf-8"))
        record["rules"] = data
        assert _unexpected(br.validate_record(record)) == [("/rules" + expected, "schema:additionalProperties")]


def test_a_key_of_a_wrong_name_is_pointed_at_itself() -> None:
    """``propertyNames`` alike: Sea Salt & Paper's ``end_targets`` keyed by a count of players out of range."""
    data = br.rules_data(br.load_rules("sea-salt-paper"))
    data["end_targets"]["9"] = 20
    with pytest.raises(br.RulesError) as refused:
        rules_from_data(data)
    assert _unexpected(list(refused.value.problems)) == [("/end_targets/9", "schema:pattern")]
