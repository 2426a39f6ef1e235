"""Loading rulesets (core/loading): each refusal read whole, as a caller or a log sees it (issue 17).

The mutation run of docs/testing.md showed these messages asserted only in part.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from boomerang_rules.core.arguments import brief
from boomerang_rules.core.errors import Problem, RulesError
from boomerang_rules.core.games import GAMES, rules_module
from boomerang_rules.core.loading import load_rules, resolve_data, rules_data, rules_from_data, shipped_ids
from boomerang_rules.core.validation import validate_file

SHIPPED = ", ".join(shipped_ids())
GAME_NAMES = "boomerang-2010, boomerang-australia, sea-salt-paper"
NEITHER = f"is neither a shipped ruleset ({SHIPPED}), a game ({GAME_NAMES}) nor a file"
"""What ``extends`` naming no ruleset, game or file is told (the file's trouble after it, if any)."""


@pytest.mark.parametrize("data", [[1], "standard", None, 3])
@pytest.mark.parametrize("label", [None, "house.json"])
def test_a_ruleset_that_is_no_object_is_refused_in_its_file(data: Any, label: str | None) -> None:
    with pytest.raises(RulesError) as refused:
        rules_from_data(data, label)
    assert list(refused.value.problems) == [Problem("", "a ruleset or variant must be a JSON object", "schema:type",
                                                    label)]


@pytest.mark.parametrize(("name", "kind"), [(5, "int"), (b"standard", "bytes"), (None, "None"), (["standard"], "list")])
def test_load_rules_names_what_it_was_given_instead_of_a_name(name: Any, kind: str) -> None:
    with pytest.raises(TypeError) as refused:
        load_rules(name)
    assert str(refused.value) == ("name_or_path must be a shipped ruleset id or a file path (str or os.PathLike), "
                                  f"not {kind}: {name!r}")


class _BytesPath:
    """A path object whose ``__fspath__`` gives bytes: ``os.PathLike``, but no path of text."""

    def __fspath__(self) -> bytes:
        return b"house.json"


def test_load_rules_names_a_path_object_of_bytes_as_it_names_bytes() -> None:
    """pathlib's ``TypeError`` ("argument should be a str object or an os.PathLike object returning str")
    named no argument; ``load_rules`` names its own, as it does for bytes given bare."""
    with pytest.raises(TypeError) as refused:
        load_rules(_BytesPath())  # type: ignore[arg-type]
    assert str(refused.value) == ("name_or_path must be a file path of text (str or os.PathLike of str), not "
                                  "_BytesPath naming bytes: b'house.json'")


@pytest.mark.parametrize("name", ["nope", "variants/standard", "standard.json"])
def test_a_name_neither_shipped_nor_a_file_lists_the_shipped_ones(name: str, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for given in (name, Path(name)):
        with pytest.raises(RulesError) as refused:
            load_rules(given)
        assert list(refused.value.problems) == [Problem(
            "", f"no shipped ruleset is called {name!r} and no such file exists (shipped: {SHIPPED})", "io", name)]


def test_an_empty_name_is_no_ruleset_and_no_folder() -> None:
    """An empty name names no ruleset: it is refused as a name neither shipped nor a file (named
    ``''``, something to see), not read as the current folder (".: a folder, not a file")."""
    with pytest.raises(RulesError) as refused:
        load_rules("")
    assert list(refused.value.problems) == [Problem(
        "", f"no shipped ruleset is called '' and no such file exists (shipped: {SHIPPED})", "io", "''")]


def test_a_name_the_system_cannot_look_up_is_an_io_problem_naming_it(tmp_path: Path) -> None:
    """A name too long for the file system: ``Path.is_file`` raises ``OSError`` (it was the
    caller's, raw, and the command line's "I/O error: File name too long" naming no file)."""
    long = "x" * 5000
    with pytest.raises(RulesError) as refused:
        load_rules(long)
    assert list(refused.value.problems) == [Problem("", "cannot read the file: File name too long", "io", long)]
    house = tmp_path / "house.json"
    house.write_text(json.dumps(variant(long, {})))
    with pytest.raises(RulesError) as refused:
        load_rules(house)
    assert list(refused.value.problems) == [Problem(
        "/extends", f"{long[:27]!r}...{long[:28]!r} {NEITHER} (cannot "
        "read the file: File name too long)".replace("'...'", "..."), "extends", str(house))]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_symbolic_links_in_a_loop_are_named_as_such_not_as_no_file(tmp_path: Path) -> None:
    """``Path.is_file`` says False for links in a loop, so ``--rules`` said "no such file exists" where
    ``validate`` of the same name said "Too many levels of symbolic links"; both say why now."""
    os.symlink("b.json", tmp_path / "a.json")
    os.symlink("a.json", tmp_path / "b.json")
    why = f"cannot read the file: {os.strerror(errno.ELOOP)}"
    with pytest.raises(RulesError) as refused:
        load_rules(tmp_path / "a.json")
    assert list(refused.value.problems) == [Problem("", why, "io", str(tmp_path / "a.json"))]
    house = tmp_path / "house.json"
    house.write_text(json.dumps(variant("a.json", {})))
    with pytest.raises(RulesError) as refused:
        load_rules(house)
    assert list(refused.value.problems) == [Problem("/extends", f"'a.json' {NEITHER} ({why})", "extends", str(house))]


def variant(extends: str, changes: Any) -> dict[str, Any]:
    return {"format": "boomerang-rules/variant", "version": 1, "id": "house", "name": "House rules",
            "extends": extends, "changes": changes}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_folder_or_a_pipe_is_named_as_what_it_is_and_never_read(tmp_path: Path) -> None:
    """Something that is there but is no file: said so (it was "no such file exists"), and a pipe is
    never opened (its reading would wait for a writer for ever)."""
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    for given, why in ((tmp_path, "a folder, not a file"),
                       (pipe, "not a regular file (a device, a pipe or a socket)")):
        with pytest.raises(RulesError) as refused:
            load_rules(given)
        assert list(refused.value.problems) == [Problem("", why, "io", str(given))]
        house = tmp_path / "house.json"
        house.write_text(json.dumps(variant(str(given), {})))
        with pytest.raises(RulesError) as refused:
            load_rules(house)
        assert list(refused.value.problems) == [Problem(
            "/extends", f"{brief(str(given))} {NEITHER} ({why})", "extends",
            str(house))]


def test_a_variant_inline_may_extend_only_a_shipped_ruleset_and_the_problem_is_in_its_file() -> None:
    with pytest.raises(RulesError) as refused:
        rules_from_data(variant("mine.json", {}), "game.json", allow_paths=False)
    assert list(refused.value.problems) == [Problem(
        "/extends", f"'mine.json' is not a shipped ruleset; a variant given inline may extend only {SHIPPED} or a game "
        f"({GAME_NAMES})",
        "extends", "game.json")]


def test_a_variant_off_its_schema_is_refused_in_its_own_file(tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    path.write_text(json.dumps(variant("standard", 5)))
    with pytest.raises(RulesError) as refused:
        load_rules(path)
    assert [(p.pointer, p.rule, p.file) for p in refused.value.problems] == [("/changes", "schema:type", str(path))]


@pytest.mark.parametrize("key", ["format", "version"])
@pytest.mark.parametrize("parent", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_variant_changing_the_format_or_version_is_told_so_in_words(tmp_path: Path, key: str, parent: str) -> None:
    """The schema refuses a patch of ``format`` or ``version``; its message quoted the subschema
    (``{'version': 2} should not be valid under {'anyOf': [{'required': ['format']}, ...]}``), and a
    ``changes`` that was no object was refused twice, the second time in those words."""
    path = tmp_path / "house.json"
    path.write_text(json.dumps(variant(parent, {key: 2})))
    with pytest.raises(RulesError) as refused:
        load_rules(path)
    assert [str(p) for p in refused.value.problems] == [
        f"{path}:/changes/{key}: {key!r} is not allowed here (refused: 'format', 'version') [schema:not]"]


def test_resolve_data_follows_a_relative_extends_from_its_folder(tmp_path: Path) -> None:
    """By default a variant may extend a file: its path is read from the folder given."""
    (tmp_path / "base.json").write_text(json.dumps(variant("standard", {"rounds": 3,
                                                                        "pass_directions": ["left"] * 3})))
    merged = resolve_data(variant("base.json", {"hand_size": 7}), "house.json", tmp_path)
    assert (merged["rounds"], merged["pass_directions"], merged["id"]) == (3, ["left"] * 3, "house")


def test_a_ruleset_naming_its_schema_loads_as_the_same_ruleset() -> None:
    """``$schema`` lets an editor check the file; it is no rule, so the ruleset is the same."""
    data = rules_data(load_rules("standard"))
    assert rules_from_data({**data, "$schema": "https://example.org/ruleset.schema.json"}) == load_rules("standard")


def test_a_cycle_is_found_at_once_however_a_file_is_spelled(tmp_path: Path) -> None:
    """``b`` extends ``a`` as ``sub/../a.json``: the same file, so the cycle is ``a -> b -> a``."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.json").write_text(json.dumps(variant("b.json", {})))
    (tmp_path / "b.json").write_text(json.dumps(variant("sub/../a.json", {})))
    a, b = (str((tmp_path / name).resolve()) for name in ("a.json", "b.json"))
    with pytest.raises(RulesError) as refused:
        load_rules(tmp_path / "a.json")
    assert list(refused.value.problems) == [Problem(
        "/extends", f"variants extend each other in a cycle: {a} -> {b} -> {a}", "extends-cycle",
        str(tmp_path / "b.json"))]
    assert [p for report in validate_file(tmp_path / "a.json") for p in report.problems] == list(
        refused.value.problems)  # validate told it from b.json (b -> a -> b): it read a document, not a file


def test_a_parent_that_is_missing_or_no_object_is_named_in_the_right_file(tmp_path: Path) -> None:
    house, broken = tmp_path / "house.json", tmp_path / "broken.json"
    house.write_text(json.dumps(variant("missing.json", {})))
    with pytest.raises(RulesError) as refused:
        load_rules(house)
    assert list(refused.value.problems) == [Problem(
        "/extends", f"'missing.json' {NEITHER}", "extends", str(house))]
    broken.write_text("[1]")
    house.write_text(json.dumps(variant("broken.json", {})))
    with pytest.raises(RulesError) as refused:
        load_rules(house)
    assert list(refused.value.problems) == [Problem("", "a ruleset or variant must be a JSON object", "schema:type",
                                                    str(broken))]


KNOWN = "boomerang-2010, boomerang-australia, sea-salt-paper"


@pytest.mark.parametrize("game", ["chess", 7, None])
def test_a_ruleset_of_an_unknown_game_says_which_games_are_known(game: Any) -> None:
    data = {**rules_data(load_rules("standard")), "game": game}
    with pytest.raises(RulesError) as refused:
        rules_from_data(data, "house.json")
    assert list(refused.value.problems) == [Problem("/game", f"unknown game {game!r} (known: {KNOWN})", "game",
                                                    "house.json")]
    with pytest.raises(RulesError) as refused:
        rules_from_data(variant("standard", {"game": game}), "house.json")
    assert list(refused.value.problems) == [_game_changed("standard", "boomerang-australia")]


def _game_changed(parent: str, game: str) -> Problem:
    return Problem("/changes/game", f"a variant may not change the game: it extends {parent!r}, a ruleset for "
                   f"{game!r} (write a whole ruleset for another game)", "game", "house.json")


@pytest.mark.parametrize("parent", ["standard", "sea-salt-paper-extra-salt", "boomerang-2010"])
@pytest.mark.parametrize("game", ["boomerang-australia", "sea-salt-paper", "boomerang-2010"])
def test_a_variant_that_changes_its_game_is_told_so_once_in_every_game(parent: str, game: str) -> None:
    """A patch of ``game`` to another game's name broke that game's schema for every key it requires and
    every key it does not know (7 to 20 problems, none saying why); it is one problem at its place now,
    worded alike whichever game it leaves. Its own game again is no change."""
    own = load_rules(parent).game
    if game == own:
        assert rules_from_data(variant(parent, {"game": game}), "house.json").game == own
        return
    with pytest.raises(RulesError) as refused:
        rules_from_data(variant(parent, {"game": game}), "house.json")
    assert list(refused.value.problems) == [_game_changed(parent, own)]


def test_a_variant_s_own_id_name_and_description_replace_its_parent_s() -> None:
    merged = resolve_data({**variant("standard", {}), "description": "Ours"}, "house.json")
    assert (merged["id"], merged["name"], merged["description"]) == ("house", "House rules", "Ours")
    assert (merged["format"], merged["version"]) == ("boomerang-rules/ruleset", 1)


def test_a_ruleset_holding_a_string_that_is_not_text_is_refused_in_its_file() -> None:
    data = {**rules_data(load_rules("standard")), "name": "House \ud800"}
    with pytest.raises(RulesError) as refused:
        rules_from_data(data, "house.json")
    assert list(refused.value.problems) == [Problem(
        "/name", "the string 'House \\ud800' is not text (it holds a lone surrogate, which has no UTF-8 form)",
        "json-text", "house.json")]


def test_an_inline_ruleset_may_not_take_a_shipped_id_for_other_rules() -> None:
    """Inline in a record, a ruleset's id is all a reader sees: it must not lie."""
    data = rules_data(load_rules("standard"))
    assert rules_from_data(data, "game.json", allow_paths=False) == load_rules("standard")
    with pytest.raises(RulesError) as refused:
        rules_from_data({**data, "rounds": 3, "pass_directions": ["left"] * 3}, "game.json", allow_paths=False)
    assert list(refused.value.problems) == [Problem(
        "/id", "this ruleset is called 'standard', as a shipped one is, but differs from the shipped 'standard' in "
        "pass_directions, rounds; give it an id of its own", "rules-id", "game.json")]


@pytest.mark.parametrize("shipped", ["standard", "sea-salt-paper", "boomerang-2010", "reshuffle"])
def test_a_changed_copy_that_keeps_a_shipped_id_is_refused_wherever_it_is_loaded(tmp_path: Path,
                                                                                 shipped: str) -> None:
    """Issue 25: ``validate rs.json`` said "valid ruleset", ``simulate --rules rs.json`` wrote records,
    and ``validate`` refused those records (``rules-id``). Now the file itself is refused, the same way
    by every command; an unchanged copy, and the shipped file read by its path, still load."""
    import json

    from click.testing import CliRunner

    from boomerang_rules.cli import cli
    from boomerang_rules.core.resources import data_dir

    data = rules_data(load_rules(shipped))
    same = tmp_path / "same.json"
    same.write_text(json.dumps(data))
    assert load_rules(same) == load_rules(shipped) == load_rules(data_dir("variants") / f"{shipped}.json")
    data["description"] = "Ours"  # the description, though no rule, is in the digest a record names its rules by
    path = tmp_path / "rs.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RulesError) as refused:
        load_rules(path)
    assert [str(p) for p in refused.value.problems] == [  # it was "its rules differ", which they did not
        f"{path}:/id: this ruleset is called {shipped!r}, as a shipped one is, but differs from the shipped "
        f"{shipped!r} in description; give it an id of its own [rules-id]"]
    data["name"] = "Ours"
    data["players"]["max"] -= 1
    path.write_text(json.dumps(data))
    want = (f"{path}:/id: this ruleset is called {shipped!r}, as a shipped one is, but differs from the shipped "
            f"{shipped!r} in description, name, players; give it an id of its own [rules-id]")
    with pytest.raises(RulesError) as refused:
        load_rules(path)
    assert [str(p) for p in refused.value.problems] == [want]
    runner = CliRunner()
    validated = runner.invoke(cli, ["validate", str(path)])
    assert validated.exit_code == 1 and want in validated.stdout + validated.stderr
    out = tmp_path / "games.jsonl"
    simulated = runner.invoke(cli, ["simulate", "--rules", str(path), "--games", "1", "--out", str(out)])
    assert simulated.exit_code == 1 and want in simulated.stderr and not out.exists()
    other = "sea-salt-paper" if shipped != "sea-salt-paper" else "standard"
    path.write_text(json.dumps({**rules_data(load_rules(other)), "id": shipped}))
    with pytest.raises(RulesError) as refused:
        load_rules(path)
    assert [p.message for p in refused.value.problems] == [
        f"this ruleset is called {shipped!r}, as a shipped one is, but differs from the shipped {shipped!r} in game; "
        "give it an id of its own"]


SHOWN_TEXTS = {"standard": ["/name", "/description", "/regions/0/name", "/cards/0/site"],
               "sea-salt-paper": ["/name", "/description"], "boomerang-2010": ["/name", "/description"]}
"""Where each game's rulesets hold text players read (in play, replay and the pictures)."""


def unshown(value: str, char: str) -> str:
    """The words of ``schema:pattern`` for ``value``, whose first character no shown text may hold is ``char``."""
    return (f"{value[:30]!r}{'…' if len(value) > 30 else ''} holds U+{ord(char):04X} (character "
            f"{value.index(char) + 1}), which pictures and terminals cannot show: text players read may hold no "
            "control character but tab and newline, nor U+FFFE or U+FFFF")


@pytest.mark.parametrize(("rules_id", "where"), [(r, w) for r, places in SHOWN_TEXTS.items() for w in places])
# Ids in plain ASCII (`U+001B`): pytest escapes an `ascii` id's backslash once more when one process
# collects twice, as mutmut does (it lists the tests, then runs them by id), and then finds no such test.
@pytest.mark.parametrize("char", ["\x00", "\x1b", "\x9b", "\uffff"], ids=lambda c: f"U+{ord(c):04X}")
def test_a_ruleset_text_players_read_holding_a_control_character_is_refused_at_its_place(
        rules_id: str, where: str, char: str) -> None:
    data = {**json.loads(json.dumps(rules_data(load_rules(rules_id)))), "id": "house"}
    node: Any = data
    *parents, last = [int(p) if p.isdigit() else p for p in where.split("/")[1:]]
    for part in parents:
        node = node[part]
    node[last] = bad = f"{node[last]}{char}]0;title"
    with pytest.raises(RulesError) as refused:
        rules_from_data(data, "house.json")
    assert list(refused.value.problems) == [Problem(where, unshown(bad, char), "schema:pattern", "house.json")]
    node[last] = f"{node[last][:-len(char) - 8]}\tand\nmore"  # tab and newline are whitespace, shown as such
    assert rules_from_data(data, "house.json").id == "house"


@pytest.mark.parametrize("extends", sorted(SHOWN_TEXTS))
@pytest.mark.parametrize("field", ["name", "description"])
def test_a_variant_file_whose_name_holds_a_control_character_is_refused_by_every_command(
        tmp_path: Path, extends: str, field: str) -> None:
    from click.testing import CliRunner

    from boomerang_rules.cli import cli

    path = tmp_path / "house.json"
    bad = "House\x07 rules\x1b[2J"
    path.write_text(json.dumps({**variant(extends, {}), field: bad}))
    want = f"{path}:/{field}: {unshown(bad, chr(7))} [schema:pattern]"
    with pytest.raises(RulesError) as refused:
        load_rules(path)
    assert [str(p) for p in refused.value.problems] == [want]
    runner = CliRunner()
    validated = runner.invoke(cli, ["validate", str(path)])
    assert (validated.exit_code, validated.stdout.splitlines()[0]) == (1, want)
    out = tmp_path / "games.jsonl"
    for command in (["simulate", "--rules", str(path), "--out", str(out)], ["play", "--rules", str(path)],
                    ["score", "--rules", str(path), "A"]):
        result = runner.invoke(cli, command, input="")
        assert result.exit_code == 1 and want in result.stderr, command
        assert "\x07" not in result.stdout + result.stderr
    assert not out.exists()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_ruleset_may_not_take_a_games_name_for_its_id_in_any_game(tmp_path: Path, game: str) -> None:
    """``load_rules`` reads a game's name as the game's default ruleset, so a ruleset called by a game's
    name other than that ruleset lies as a changed copy keeping a shipped id does. Sea Salt & Paper's and
    Boomerang (2010)'s names are their default rulesets' ids, so theirs were refused (``rules-id``);
    a Boomerang: Australia ruleset of other rules called ``boomerang-australia`` loaded, and ``tournament``
    said "rules boomerang-australia" of a game that was not the standard one. Refused in every game now,
    a ruleset of another game called by this one's name too."""
    from click.testing import CliRunner

    from boomerang_rules.cli import cli

    for rules_id in (rules_module(game).DEFAULT_RULES, *(rules_module(g).DEFAULT_RULES for g in GAMES if g != game)):
        data = rules_data(load_rules(rules_id))
        data["id"] = game
        data["players"]["min"] += 1
        path = tmp_path / "rs.json"
        path.write_text(json.dumps(data))
        with pytest.raises(RulesError) as refused:
            load_rules(path)
        assert [(p.pointer, p.rule, p.file) for p in refused.value.problems] == [("/id", "rules-id", str(path))]
        said = refused.value.problems[0].message
        if game != rules_module(game).DEFAULT_RULES:  # a game's name that is no shipped id: what it reads as named
            assert said == (f"this ruleset is called {game!r}, a game's name, which load_rules reads as the shipped "
                            f"{rules_module(game).DEFAULT_RULES!r}; give it an id of its own")
        else:  # the default ruleset's own id
            assert said.startswith(f"this ruleset is called {game!r}, as a shipped one is, but differs")
        validated = CliRunner().invoke(cli, ["validate", str(path)])
        assert validated.exit_code == 1 and "[rules-id]" in validated.stdout
