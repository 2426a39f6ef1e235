"""The files commands write: never over a file the command reads (the same path, another spelling,
a symbolic link, a hard link), and never half-written (issue 25: ``simulate --rules F --out F`` and
``replay G --rules F --html F`` replaced the user's ruleset and exited 0; ``simulate --out`` emptied
its target before playing)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import stat
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

import boomerang_rules as br
from boomerang_rules.cli import cli
from boomerang_rules.core.games import GAMES

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str, stdin: str = "") -> Any:
    return CliRunner().invoke(cli, list(args), input=stdin)


@pytest.fixture
def inputs(tmp_path: Path) -> dict[str, Path]:
    """A ruleset of its own, a variant extending it, and a record played under it."""
    data = br.rules_data(br.load_rules("sea-salt-paper"))
    data["id"] = "ours"
    rules = tmp_path / "ours.json"
    rules.write_text(json.dumps(data))
    variant = tmp_path / "variant.json"
    variant.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "our-variant",
                                   "name": "Ours, 3 players", "extends": "ours.json",
                                   "changes": {"players": {"min": 3, "max": 3}}}))
    record = tmp_path / "game.json"
    assert _run("simulate", "--rules", str(rules), "--players", "2", "--out", str(record)).exit_code == 0
    return {"rules": rules, "variant": variant, "record": record}


Args = Callable[[dict[str, Path], str], list[str]]

WRITERS: dict[str, tuple[Args, str]] = {
    "simulate --out": (lambda f, out: ["simulate", "--rules", str(f["rules"]), "--players", "2", "--out", out],
                       "--out"),
    "replay --html": (lambda f, out: ["replay", str(f["record"]), "--rules", str(f["rules"]), "--html", out],
                      "--html"),
    "sheet --out": (lambda f, out: ["sheet", str(f["record"]), "--out", out], "--out"),
    "check-scorer --example-out": (lambda f, out: ["check-scorer", "--rules", str(f["rules"]), "--games", "1",
                                                   "--example-out", out, "--", "python", "-c", "pass"],
                                   "--example-out"),
    "play --record": (lambda f, out: ["play", "--rules", str(f["rules"]), "--players", "2", "--record", out,
                                      "--force"], "--record"),
}
READS = {"simulate --out": ["rules"], "replay --html": ["record", "rules"], "sheet --out": ["record"],
         "check-scorer --example-out": ["rules"], "play --record": ["rules"]}
WHAT = {"rules": "the ruleset being read (--rules ", "record": "the record being read"}


def _spellings(path: Path) -> dict[str, str]:
    """Names of ``path``: itself, another spelling of it, a symbolic link and a hard link to it."""
    link = path.with_name("link-" + path.name)
    link.symlink_to(path.name)
    hard = path.with_name("hard-" + path.name)
    os.link(path, hard)
    return {"itself": str(path), "another spelling": str(path.parent / "." / ".." / path.parent.name / path.name),
            "a symbolic link": str(link), "a hard link": str(hard)}


@pytest.mark.parametrize("spelling", ["itself", "another spelling", "a symbolic link", "a hard link"])
@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_no_command_writes_over_a_file_it_reads(inputs: dict[str, Path], writer: str, spelling: str) -> None:
    args, option = WRITERS[writer]
    for read in READS[writer]:
        before = inputs[read].read_bytes()
        out = _spellings(inputs[read])[spelling]
        result = _run(*args(inputs, out))
        assert result.exit_code == 2, result.output
        assert f"{option} {out}: that is {WHAT[read]}" in result.output
        assert "writing there would destroy it (choose another name)" in result.output
        assert inputs[read].read_bytes() == before
        for name in ("link-", "hard-"):
            (inputs[read].parent / (name + inputs[read].name)).unlink()


@pytest.mark.parametrize("writer", ["simulate --out", "play --record"])
def test_nor_a_file_the_variant_it_reads_extends(inputs: dict[str, Path], writer: str) -> None:
    args, option = WRITERS[writer]
    before = inputs["rules"].read_bytes()
    variant = {**inputs, "rules": inputs["variant"]}
    command = [a if a != "2" else "3" for a in args(variant, str(inputs["rules"]))]  # the variant is for 3
    result = _run(*command)
    assert result.exit_code == 2
    assert (f"{option} {inputs['rules']}: that is a ruleset that --rules {inputs['variant']} extends; writing there "
            "would destroy it") in result.output
    assert inputs["rules"].read_bytes() == before


def test_nor_the_shipped_ruleset_it_reads(tmp_path: Path) -> None:
    from boomerang_rules.core.resources import data_dir

    shipped = data_dir("variants") / "sea-salt-paper.json"
    link = tmp_path / "shipped.json"
    link.symlink_to(shipped)
    before = shipped.read_bytes()
    result = _run("simulate", "--rules", "sea-salt-paper", "--players", "2", "--out", str(link))
    assert result.exit_code == 2 and "that is the ruleset being read (--rules sea-salt-paper)" in result.output
    assert shipped.read_bytes() == before


@pytest.mark.parametrize("game", sorted(GAMES))
def test_nor_the_shipped_ruleset_a_game_s_name_reads(tmp_path: Path, game: str) -> None:
    """``--rules boomerang-australia`` reads ``standard.json`` (a game's name loads its own ruleset),
    so that file is guarded as ``--rules standard`` guards it: it was written over, exit 0."""
    from boomerang_rules.core.games import rules_module
    from boomerang_rules.core.resources import data_dir

    shipped = data_dir("variants") / f"{rules_module(game).DEFAULT_RULES}.json"
    link = tmp_path / "shipped.json"
    link.symlink_to(shipped)
    before = shipped.read_bytes()
    try:
        result = _run("simulate", "--rules", game, "--players", "3", "--out", str(link))
        assert result.exit_code == 2 and f"that is the ruleset being read (--rules {game})" in result.output
        assert shipped.read_bytes() == before
    finally:  # a failure leaves the package's own ruleset as it found it
        if shipped.read_bytes() != before:
            shipped.write_bytes(before)


def test_nor_the_scorer_s_own_script(tmp_path: Path) -> None:
    script = tmp_path / "scorer.py"
    script.write_text("import sys\n")
    result = _run("check-scorer", "--games", "1", "--example-out", str(script), "--", "python", str(script))
    assert result.exit_code == 2 and "that is a file of the scorer's command" in result.output
    assert script.read_text() == "import sys\n"


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


@pytest.mark.parametrize("failure", [KeyboardInterrupt, RuntimeError])
def test_an_interrupted_simulate_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     failure: type[BaseException]) -> None:
    """The records go to a temporary file beside the target, renamed into place only when all are written."""
    from boomerang_rules.core import bots

    out = tmp_path / "games.jsonl"
    out.write_text("the old games\n")
    played = bots.bot_game
    calls = []

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:
            raise failure()
        return played(*args, **kwargs)

    monkeypatch.setattr(bots, "bot_game", interrupted)
    result = _run("simulate", "--games", "5", "--out", str(out))
    assert result.exit_code != 0 and len(calls) == 3
    assert out.read_text() == "the old games\n"
    assert _leftovers(tmp_path) == []


def test_a_finished_write_replaces_the_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text("old\n")
    out.chmod(0o640)
    assert _run("simulate", "--games", "2", "--out", str(out)).exit_code == 0
    assert len(out.read_text().splitlines()) == 2 and stat.S_IMODE(out.stat().st_mode) == 0o640
    assert _leftovers(tmp_path) == []


def test_a_symbolic_link_is_written_through_and_a_device_in_place(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_text("old\n")
    link = tmp_path / "game.json"
    link.symlink_to(target.name)
    assert _run("simulate", "--out", str(link)).exit_code == 0
    assert link.is_symlink() and json.loads(target.read_text())["format"] == "boomerang-rules/game-record"
    assert _run("simulate", "--out", os.devnull).exit_code == 0
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_an_unwritable_place_is_an_io_error(tmp_path: Path) -> None:
    result = _run("simulate", "--out", str(tmp_path / "no-such-folder" / "game.json"))
    assert result.exit_code == 2


# --- files that are not files; output that cannot be written ----------------------------------

def _cli(*args: str, **kwargs: Any) -> Any:
    """The command line in a child process (a FIFO, /dev/full, a closed pipe as its files)."""
    import sys

    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "boomerang_rules", *args], stderr=subprocess.PIPE, timeout=120,
                          check=False, **kwargs)


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("command", ["validate", "replay"])
def test_a_fifo_without_a_writer_is_refused_not_waited_on(tmp_path: Path, command: str) -> None:
    import os

    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    done = _cli(command, str(fifo))
    assert done.returncode == 2 and b"not a regular file" in done.stderr and b"Traceback" not in done.stderr


STDIN_WRITERS = {"sheet --out": (["sheet", "-", "--out"], "the record being read"),
                 "replay --html": (["replay", "-", "--html"], "the record being read"),
                 "play --record": (["play", "--rules", "sea-salt-paper", "--players", "2", "--force", "--record"],
                                   "the answers being read")}


@pytest.mark.parametrize("writer", sorted(STDIN_WRITERS))
def test_nor_the_file_its_standard_input_reads(inputs: dict[str, Path], writer: str) -> None:
    """Standard input redirected from a file is a file the command reads: ``sheet - -o g.json <
    g.json`` wrote the SVG over the record it had read, exit 0 (the guard compared names only)."""
    args, what = STDIN_WRITERS[writer]
    record = inputs["record"]
    before = record.read_bytes()
    with record.open("rb") as stdin:
        done = _cli(*args, str(record), stdin=stdin)
    assert done.returncode == 2, done.stderr
    assert f"that is {what} (standard input); writing there would destroy it".encode() in done.stderr
    assert record.read_bytes() == before


@pytest.mark.parametrize("command", ["validate", "replay", "sheet"])
@pytest.mark.parametrize("what", ["folder", "missing"])
def test_a_folder_or_a_missing_file_is_named_in_the_same_words_by_every_record_reader(
        tmp_path: Path, command: str, what: str) -> None:
    """A folder given for a record was ``adir: cannot read: is a directory`` to ``validate`` and click's
    usage text (``Error: Invalid value for 'FILE': File 'adir' is a directory.``) to ``replay`` and
    ``sheet``, which word a missing file as ``validate`` does: one line, in the same words, exit 2."""
    place = tmp_path / "games"
    if what == "folder":
        place.mkdir()
    result = _run(command, str(place), *RECORD_READERS[command])
    why = "is a directory" if what == "folder" else "No such file or directory"
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == f"boomerang-rules: {place}: cannot read: {why}"


@pytest.mark.parametrize(("args", "option"), [
    (["play", "--rules", "boomerang-2010", "--seed", "4", "--record", ""], "'--record'"),
    (["check-scorer", "--games", "2", "--example-out", "", "--", "python", "-c", "print('[]')"], "'--example-out'"),
    (["simulate", "--out", ""], "'--out' / '-o'"),
    (["sheet", str(ROOT / "examples" / "game-2p.json"), "--out", ""], "'--out' / '-o'"),
    (["replay", str(ROOT / "examples" / "game-2p.json"), "--html", ""], "'--html'"),
    (["replay", ""], "'FILE'"),
    (["sheet", "", "--out", "-"], "'FILE'"),
    (["validate", str(ROOT / "examples" / "game-2p.json"), ""], "'FILE...'"),
])
def test_an_empty_file_name_is_a_usage_error_naming_its_option(args: list[str], option: str) -> None:
    """``play --record ''`` played the whole game and saved nothing (exit 0), ``check-scorer
    --example-out ''`` kept no example (exit 1, its disagreements only), ``simulate --out ''`` said
    "cannot write  (--out): Is a directory" and ``validate ''`` ": cannot read". Every option and
    argument naming a file refuses an empty name before anything is played or read."""
    result = _run(*args, stdin="1\n" * 3000)
    assert (result.exit_code, result.stdout) == (2, "")
    assert f"Invalid value for {option}: an empty file name names no file" in result.stderr


@pytest.mark.parametrize("limit", ["9223372036854775807", "40000000000", "1"])
def test_a_huge_size_limit_allocates_nothing(limit: str) -> None:
    result = _run("validate", "--max-bytes", limit, str(ROOT / "examples" / "game-2p.json"))
    assert (result.exit_code, ": valid " in result.stdout) == ((0, True) if limit != "1" else (1, False))


RECORDS = {"standard": "game-2p.json", "sea-salt-paper": "ssp-game-2p.json", "boomerang-2010": "boomerang-2010-3p.json"}
RECORD_READERS = {"validate": [], "replay": [], "sheet": ["--out", "-"]}
"""Every command that reads records, and what it needs besides the record to print it."""


def test_every_command_that_reads_a_file_is_a_record_reader_here() -> None:
    """A command with a FILE argument reads records: it is among ``RECORD_READERS`` (so the test
    below gives it a record over its limit)."""
    readers = {name for name, command in cli.commands.items()
               if any(isinstance(p, click.Argument) and p.name in ("file", "files") for p in command.params)}
    assert readers == set(RECORD_READERS)


@pytest.mark.parametrize("rules", sorted(RECORDS))
@pytest.mark.parametrize("command", sorted(RECORD_READERS))
@pytest.mark.parametrize("lines", [False, True], ids=["json", "jsonl"])
def test_every_command_that_reads_records_takes_the_max_bytes_it_suggests(tmp_path: Path, command: str, rules: str,
                                                                         lines: bool) -> None:
    """A record over the size limit is refused with "raise it with --max-bytes": every command
    that says so takes the option (issue: replay and sheet said it, then refused the option)."""
    record = json.loads((ROOT / "examples" / RECORDS[rules]).read_text(encoding="utf-8"))
    path = tmp_path / ("games.jsonl" if lines else "game.json")
    path.write_text(json.dumps(record) + "\n" if lines else json.dumps(record, indent=2), encoding="utf-8")
    size = len(path.read_bytes()) - lines  # a JSON Lines file's limit is a line's, its newline left out
    args = [command, str(path), *RECORD_READERS[command]]
    refused = _run(*args, "--max-bytes", str(size - 1))
    assert refused.exit_code == 1, refused.output
    assert f"larger than the limit of {size - 1} bytes (raise it with --max-bytes" in refused.stdout + refused.stderr
    read = _run(*args, "--max-bytes", str(size))
    assert read.exit_code == 0, read.output
    assert "--max-bytes N" in " ".join(_run(command, "--help").stdout.split())


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("args", [["validate", str(ROOT / "examples" / "game-2p.json")],
                                  ["variants", "show", "standard"], ["simulate"], ["--help"]])
def test_a_full_disk_is_an_io_error(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = _cli(*args, stdout=full)
    assert done.returncode == 2 and b"No space left" in done.stderr and b"Traceback" not in done.stderr


@pytest.mark.parametrize("args", [["simulate", "--games", "400"], ["simulate", "--games", "400", "--jobs", "2"],
                                  ["validate", *[str(ROOT / "examples" / "game-2p.json")] * 3000]],
                         ids=["simulate", "simulate-jobs", "validate"])
def test_a_closed_pipe_is_an_io_error(args: list[str]) -> None:
    """``simulate | head -1``: the reader going away is an I/O error (issue 10), exit 2 with a message
    and no traceback, and the command's ``--jobs`` workers end with it."""
    import sys

    process = subprocess.Popen([sys.executable, "-m", "boomerang_rules", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read(100)
    workers = [Path(f"/proc/{pid}/stat") for pid in  # Linux: the workers started by then
               subprocess.run(["ps", "-o", "pid=", "--ppid", str(process.pid)], capture_output=True, text=True,
                              check=False).stdout.split()] if Path("/proc/self/stat").exists() else []
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=120) == 2
    assert b"the output was closed" in err and b"Traceback" not in err
    for worker in workers:  # gone, or a zombie its new parent has yet to reap
        with contextlib.suppress(FileNotFoundError):
            assert worker.read_text().rsplit(")", 1)[1].split()[0] == "Z", worker


# --- file names with control characters -----------------------------------------------------------

ODD_NAME = "a\x1b[31mb\x07\nc.json"
"""A file name holding an escape sequence, a bell and a newline (``$'a\\x1b[31mb\\x07\\nc.json'``)."""

ODD_SHOWN = "a\\x1b[31mb\\x07\\nc.json"
"""How every message shows it: one line, each control character as its escape."""


def _odd_cases(tmp_path: Path) -> list[list[str]]:
    """Commands whose messages name a file called ``ODD_NAME``: missing, invalid, existing, written."""
    missing = str(tmp_path / "missing" / ODD_NAME)
    invalid = tmp_path / ODD_NAME
    invalid.write_text("{}")
    record = tmp_path / ("rec" + ODD_NAME)
    assert _run("simulate", "--rules", "sea-salt-paper", "--out", str(record)).exit_code == 0
    return [
        ["validate", missing], ["validate", str(invalid)], ["replay", missing], ["replay", str(invalid)],
        ["sheet", missing], ["sheet", str(invalid)], ["sheet", str(record), "--out", str(tmp_path / ("s" + ODD_NAME))],
        ["score", "--rules", missing, "--hand", "x"], ["simulate", "--rules", str(invalid)],
        ["tournament", "--rules", missing], ["variants", "show", str(invalid)],
        ["simulate", "--games", "2", "--out", str(invalid)], ["simulate", "--out", str(tmp_path / "no" / ODD_NAME)],
        ["simulate", "--rules", str(record), "--out", str(record)],
        ["play", "--rules", "boomerang-2010", "--record", str(invalid)],
        ["replay", str(record), "--rules", "standard"],
        ["check-scorer", "--rules", "boomerang-2010", "--games", "1", "--example-out", str(invalid), "--", "true"],
    ]


def test_a_file_name_with_control_characters_is_shown_escaped_on_one_line(tmp_path: Path) -> None:
    """Every message that names a file shows its name escaped (``core.display.escaped_name``): an
    escape sequence, a bell or a newline in a name never reaches the terminal, nor breaks a line."""
    for args in _odd_cases(tmp_path):
        done = _cli(*args, stdin=subprocess.DEVNULL)
        said = (done.stdout + done.stderr).decode("utf-8")
        assert "Traceback" not in said, args
        assert ODD_SHOWN.split("[")[1] in said, (args, said)  # the name is there...
        assert "\x1b" not in said and "\x07" not in said and "b\x07\nc.json" not in said, (args, said)  # ...escaped
        assert "\nc.json" not in said, (args, said)
        assert done.returncode in (0, 1, 2), args


def test_a_ruleset_or_output_named_dash_is_named_as_given() -> None:
    """``-`` is standard input only where a command reads a record: a ruleset called ``-`` is no
    such thing, and its refusal names it ``-`` (never ``<stdin>``)."""
    done = _run("variants", "show", "-", stdin="{}")
    assert done.exit_code == 2 and "cannot show -:" in done.output and "<stdin>" not in done.output


def test_replay_blames_rules_only_when_it_was_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A record the checks refuse by raising (as a seed of 7.0 once did) is reported with its
    problems; "leave out --rules" is said only to whoever gave --rules."""
    from boomerang_rules.core.errors import InvalidInput, Problem

    path = tmp_path / "g.json"
    path.write_text(json.dumps(br.record_of(br.new_game("standard", 2, 1))))

    def refuse(record: Any, rules: Any = None) -> Any:
        raise InvalidInput([Problem("/seed", "a seed is an integer, not 7.0", "seed-integer")])

    monkeypatch.setattr(br, "check_record", refuse)
    plain = CliRunner().invoke(cli, ["replay", str(path)])
    assert plain.exit_code == 1 and "/seed: a seed is an integer" in plain.output and "--rules" not in plain.output
    given = CliRunner().invoke(cli, ["replay", str(path), "--rules", "direction"])
    assert given.exit_code == 1 and "leave out --rules direction" in given.output


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_replay_html_dash_is_standard_output_as_every_other_output_dash_is(
        rules: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--html -`` writes the page to standard output, as ``sheet --out -`` and ``simulate --out -``
    do: no file named "-" is made (it was, with "Page written to -")."""
    monkeypatch.chdir(tmp_path)
    Path("g.json").write_text(json.dumps(br.record_of(br.new_game(rules, 3, 2))), encoding="utf-8")
    done = CliRunner().invoke(cli, ["replay", "g.json", "--html", "-"])
    assert done.exit_code == 0, done.output
    assert done.stdout.startswith("<!DOCTYPE html>") and "Page written" not in done.stdout
    assert not Path("-").exists()


def test_a_second_stop_while_the_temporary_file_is_removed_still_removes_it(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A second signal (SIGTERM 2 ms after a Ctrl-C) met the first's removal of the temporary file
    before ``os.unlink`` ran: the stop was told, the old file left, and ``.games.jsonl.*.part`` left
    beside it (1 in 32 double signals to ``simulate --out``). The removal is retried, and the first
    stop is the one told."""
    from boomerang_rules.cli import files

    out = tmp_path / "games.jsonl"
    out.write_text("the old games\n")
    unlink = os.unlink
    calls = []

    def second_stop(path: Any) -> None:  # the second signal's handler runs as the removal is called
        calls.append(path)
        if len(calls) == 1:
            raise KeyboardInterrupt
        unlink(path)

    def first_stop(stream: Any) -> None:
        stream.write("half a record")
        raise RuntimeError("the first stop")

    monkeypatch.setattr("boomerang_rules.cli.files.os.unlink", second_stop)
    raised: BaseException | None = None
    try:
        files.write_text_file(str(out), first_stop, "--out")
    except BaseException as exc:  # the second stop, a KeyboardInterrupt, is a failure here
        raised = exc
    assert isinstance(raised, RuntimeError) and str(raised) == "the first stop"
    assert out.read_text() == "the old games\n" and len(calls) == 2
    assert _leftovers(tmp_path) == []


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="signal masks: POSIX")
def test_a_stop_as_the_temporary_file_is_made_leaves_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C arriving as ``mkstemp`` made the temporary file, before its name was kept, left it
    (0 bytes): the signals are held until the name is kept, and the file removed as after any stop."""
    from boomerang_rules.cli import files

    out = tmp_path / "games.jsonl"
    made = tempfile.mkstemp

    def interrupted(*args: Any, **kwargs: Any) -> tuple[int, str]:
        found = made(*args, **kwargs)
        signal.raise_signal(signal.SIGINT)  # the handler runs when Python next looks: on returning
        return found

    monkeypatch.setattr("boomerang_rules.cli.files.tempfile.mkstemp", interrupted)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            files.write_text_file(str(out), lambda stream: stream.write("{}\n"), "--out")
    finally:
        signal.signal(signal.SIGINT, previous)
    assert not out.exists() and _leftovers(tmp_path) == []
