"""check-scorer: the differential check of another scorer against ours."""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import boomerang_rules as br
from boomerang_rules.cli import cli

SCORERS = Path(__file__).resolve().parent / "scorers"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["check-scorer", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_correct_scorer_agrees() -> None:
    code, out, _ = run("--games", "12", "--", sys.executable, str(SCORERS / "library_scorer.py"))
    assert code == 0, out
    assert "all 12 games agree" in out


VARIANTS = Path(__file__).resolve().parents[1] / "variants"


@pytest.mark.parametrize("rules_id", [info.id for info in br.list_rules()])
def test_every_shipped_ruleset_is_checked_by_its_id_or_its_file(rules_id: str) -> None:
    """``--rules`` takes every shipped ruleset and variant, by id or by file, in every game: the
    library's own scorer agrees on each, told by the ruleset's id."""
    for given in (rules_id, str(VARIANTS / f"{rules_id}.json")):
        code, out, err = run("--rules", given, "--games", "4", "--seed", "2", "--", sys.executable,
                             str(SCORERS / "library_scorer.py"))
        assert (code, err) == (0, ""), out
        assert out.endswith(f"all 4 games agree with the rules ({rules_id}).\n"), out


def test_three_of_a_kind_bug_is_found_with_a_small_example(tmp_path: Path) -> None:
    example = tmp_path / "example.json"
    code, out, _ = run("--games", "30", "--seed", "3", "--example-out", str(example), "--",
                       sys.executable, str(SCORERS / "three_of_a_kind_scorer.py"))
    assert code == 1
    assert "rows that differ: animals" in out
    assert "shortest example: 2 players" in out
    assert "animals, round" in out and "the scorer says" in out
    record = json.loads(example.read_text(encoding="utf-8"))
    assert "result" not in record and len(record["players"]) == 2
    assert "simulate" not in out  # no command said to deal it again that would deal another game
    code, out, _ = run("--games", "30", "--seed", "3", "--", sys.executable, str(SCORERS / "three_of_a_kind_scorer.py"))
    assert code == 1 and "(--example-out FILE saves its record)" in out


def test_testing_md_s_example_is_what_check_scorer_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/testing.md's ``check-scorer`` example is run as written, from a checkout, and prints what
    the page shows: it said ``--games 200`` above the report of 30 games, cut before its last lines."""
    root = SCORERS.parents[1]
    page = (root / "docs" / "testing.md").read_text(encoding="utf-8")
    found = re.search(r"```console\n\$ boomerang-rules check-scorer (.*?)\n(.*?)```", page, re.S)
    assert found
    args = [sys.executable if a == "python" else a for a in found.group(1).split()]
    monkeypatch.chdir(root)
    code, out, _ = run(*args)
    assert code == 1 and out == found.group(2)


def test_an_example_out_named_jsonl_is_one_line_validate_reads(tmp_path: Path) -> None:
    """``--example-out`` follows the file name, as ``simulate --out`` and ``play --record`` do: a
    ``.jsonl`` example is one line, which ``validate`` reads (it was an indented document there,
    refused as "one JSON document spread over several lines"); a ``.json`` one stays indented."""
    for name, lines in (("example.jsonl", 1), ("example.json", None)):
        example = tmp_path / name
        code, out, _ = run("--games", "30", "--seed", "3", "--example-out", str(example), "--",
                           sys.executable, str(SCORERS / "three_of_a_kind_scorer.py"))
        assert code == 1 and _record_written(out) == str(example)
        written = example.read_text(encoding="utf-8").splitlines()
        assert len(written) == 1 if lines else len(written) > 3
    checked = CliRunner().invoke(cli, ["validate", str(tmp_path / "example.jsonl"), str(tmp_path / "example.json")])
    assert checked.exit_code == 0 and checked.stdout.splitlines()[-1] == "2 valid, 0 invalid", checked.stdout


def test_the_record_written_line_fits_80_columns_whatever_the_path(tmp_path: Path) -> None:
    """The last line of the report, "record written to PATH", was printed whole where every other line is
    fitted to 80 columns (``_say``): a path of 150 characters ran to 171. It is cut where its lines end,
    and the path read back whole from them."""
    folder = tmp_path / ("a-folder-with-a-long-name-" * 4)
    folder.mkdir()
    example = folder / "the-shortest-example-of-the-three-of-a-kind-scorer.json"
    assert len(str(example)) > 160
    code, out, _ = run("--games", "30", "--seed", "3", "--example-out", str(example), "--",
                       sys.executable, str(SCORERS / "three_of_a_kind_scorer.py"))
    assert code == 1 and example.exists()
    lines = out.splitlines()
    assert max(map(len, lines)) <= 80, [line for line in lines if len(line) > 80]
    assert _record_written(out) == str(example)


def _record_written(out: str) -> str:
    """The path the report's last line, "record written to PATH", names: read across the lines it is
    fitted to (a path without spaces is cut where each line ends)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("  record written to"))
    return (lines[start].removeprefix("  record written to") + "".join(line.strip() for line in lines[start + 1:])
            ).strip()


def test_the_example_really_has_three_of_a_kind(tmp_path: Path) -> None:
    import boomerang_rules as br

    example = tmp_path / "example.json"
    run("--games", "30", "--example-out", str(example), "--", sys.executable,
        str(SCORERS / "three_of_a_kind_scorer.py"))
    record = json.loads(example.read_text(encoding="utf-8"))
    rules = br.load_rules()
    triples = [
        list(rnd["picks"][seat])
        for rnd in record["rounds"] for seat in range(len(record["players"]))
        if 3 in {sum(rules.card(c).animal == a for c in rnd["picks"][seat])
                 for a in rules.scoring.animals.values}
    ]
    assert triples


def test_protocol_breaks(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.py"
    garbage.write_text("import sys\nfor line in sys.stdin:\n    print('hello')\n", encoding="utf-8")
    code, out, _ = run("--games", "3", "--", sys.executable, str(garbage))
    assert code == 1 and "3 answers broke the protocol." in out
    code, out, _ = run("--games", "1", "--", sys.executable, str(garbage))
    assert code == 1 and "1 answer broke the protocol." in out
    short = tmp_path / "short.py"
    short.write_text("import sys\nsys.stdin.read()\nprint('[]')\n", encoding="utf-8")
    code, _, err = run("--games", "3", "--", sys.executable, str(short))
    assert code == 1 and "answered 1 line for 3 records" in err
    silent = tmp_path / "silent.py"
    silent.write_text("import sys\nsys.stdin.read()\n", encoding="utf-8")
    code, _, err = run("--games", "1", "--", sys.executable, str(silent))
    assert code == 1 and "answered 0 lines for 1 record" in err
    crash = tmp_path / "crash.py"
    crash.write_text("raise SystemExit(3)\n", encoding="utf-8")
    code, _, err = run("--games", "2", "--", sys.executable, str(crash))
    assert code == 1 and "status 3" in err


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="no signals to kill a process with here")
def test_a_scorer_killed_by_a_signal_is_said_so_naming_the_signal(tmp_path: Path) -> None:
    """A scorer a signal ends (a crash in native code: SIGSEGV) is told as such, the signal named: the
    report said "exited with status -11", Python's way of writing it, which names no signal."""
    killed = tmp_path / "killed.py"
    killed.write_text("import os, signal, sys\nsys.stdin.read()\nos.kill(os.getpid(), signal.SIGKILL)\n",
                      encoding="utf-8")
    code, out, err = run("--games", "2", "--", sys.executable, str(killed))
    assert (code, out) == (1, "")
    assert err == "boomerang-rules: the scorer was killed by signal 9 (SIGKILL)\n"


@pytest.mark.parametrize("rules", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_example_out_refuses_a_file_that_exists_unless_forced(tmp_path: Path, rules: str) -> None:
    """--example-out is checked before any game is dealt: a file that exists is refused (exit 2,
    left as it was), as play --record refuses one, unless --force (issue: it was replaced)."""
    example = tmp_path / "example.json"
    example.write_text("mine\n", encoding="utf-8")
    code, out, err = run("--rules", rules, "--games", "2", "--example-out", str(example), "--",
                         "no-such-scorer-program")  # refused before the scorer is run
    assert (code, out) == (2, "")
    assert err == f"boomerang-rules: --example-out {example}: the file exists; choose another name, or add --force " \
                  "to replace it\n"
    assert example.read_text(encoding="utf-8") == "mine\n"
    wrong = tmp_path / "wrong.py"
    wrong.write_text("import sys\nfor line in sys.stdin:\n    print('[]')\n", encoding="utf-8")
    code, out, _ = run("--rules", rules, "--games", "2", "--example-out", str(example), "--force", "--",
                       sys.executable, str(wrong))
    assert code == 1 and _record_written(out) == str(example)
    assert "result" not in json.loads(example.read_text(encoding="utf-8"))
    assert "--force" in " ".join(CliRunner().invoke(cli, ["check-scorer", "--help"]).stdout.split())


def test_missing_program_is_a_usage_error() -> None:
    code, _, err = run("--games", "2", "--", "no-such-scorer-program")
    assert code == 2 and "cannot run" in err


def test_a_script_the_interpreter_cannot_open_is_an_io_error(tmp_path: Path) -> None:
    """``-- python missing.py``: Python starts, cannot read the script and exits 2 having answered
    nothing. That is the scorer not run (exit 2, as for a missing record file in ``validate``), not
    a scorer that broke the protocol (1)."""
    missing = tmp_path / "missing.py"
    code, out, err = run("--games", "2", "--", sys.executable, str(missing))
    assert (code, out) == (2, "")
    assert err.startswith("boomerang-rules: cannot run the scorer: it exited with status 2 (a usage or I/O error) "
                          "before answering any record: "), err
    assert "missing.py" in err
    for status, why in ((127, "a command not found"), (126, "a command found but not executable")):
        code, _, err = run("--games", "2", "--", sys.executable, "-c", f"raise SystemExit({status})")
        assert code == 2 and f"status {status} ({why})" in err, err


def test_a_scorer_that_answers_and_then_exits_2_broke_the_protocol(tmp_path: Path) -> None:
    """Exit 2 after an answer is the scorer failing, not unable to run: it ran."""
    answered = tmp_path / "answered.py"
    answered.write_text("import sys\nsys.stdin.read()\nprint('[]')\nraise SystemExit(2)\n", encoding="utf-8")
    code, _, err = run("--games", "2", "--", sys.executable, str(answered))
    assert code == 1 and "the scorer exited with status 2" in err


def test_needs_a_command() -> None:
    code, _, _ = run("--games", "2")
    assert code == 2


# --- a scorer misbehaving ---------------------------------------------------------------------

SCORER_FAULTS = {
    "invalid UTF-8": "import sys\nn = sum(1 for _ in sys.stdin)\nsys.stdout.buffer.write(b'\\xff[]\\n' * n)\n",
    "deep JSON": "import sys\nn = sum(1 for _ in sys.stdin)\n"
                 "sys.stdout.write(('[' * 30000 + ']' * 30000 + '\\n') * n)\n",
    "unbounded output": "import sys\nsys.stdin.read()\nwhile True:\n    sys.stdout.write('x' * 65536)\n",
    "stderr mimicking a start failure": "import sys\nsys.stdin.read()\nsys.stderr.write('cannot run it')\n"
                                        "raise SystemExit(3)\n",
}


@pytest.mark.parametrize("fault", list(SCORER_FAULTS))
def test_check_scorer_reports_a_misbehaving_scorer(tmp_path: Path, fault: str) -> None:
    script = tmp_path / "scorer.py"
    script.write_text(SCORER_FAULTS[fault], encoding="utf-8")
    code, out, err = run("--games", "2", "--", sys.executable, str(script))
    assert code == 1, (out, err)


def test_the_scorer_s_standard_error_is_quoted_with_its_controls_escaped(tmp_path: Path) -> None:
    """The last lines of a failing scorer's standard error end the message: a bidirectional control in
    them (U+202E) reached the terminal as it was, turning the rest of the line around, where every
    other text a message quotes shows it as its escape; an escape sequence was a bare U+FFFD. Both are
    shown as their escapes now, the line kept whole."""
    script = tmp_path / "scorer.py"
    script.write_text("import sys\nsys.stdin.read()\n"
                      "sys.stderr.write('boom \\x1b[2J \\u202e evil\\n')\nraise SystemExit(3)\n", encoding="utf-8")
    code, out, err = run("--games", "1", "--", sys.executable, str(script))
    assert code == 1, (out, err)
    assert err == "boomerang-rules: the scorer exited with status 3: boom \\x1b[2J \\u202e evil\n"


def test_check_scorer_on_a_script_without_a_shebang(tmp_path: Path) -> None:
    script = tmp_path / "scorer.py"
    script.write_text("print('[]')\n", encoding="utf-8")
    script.chmod(0o755)
    code, _, err = run("--games", "2", "--", str(script))
    assert code == 2 and "'#!'" in err


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="no process groups here")
def test_check_scorer_timeout_ends_the_scorer_s_children(tmp_path: Path) -> None:

    marker = tmp_path / "child.pid"
    script = tmp_path / "scorer.py"
    script.write_text("import subprocess, sys, time\n"
                      f"child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)'])\n"
                      f"open({str(marker)!r}, 'w').write(str(child.pid))\n"
                      "sys.stdin.read()\ntime.sleep(300)\n", encoding="utf-8")
    code, _, err = run("--games", "1", "--timeout", "2", "--", sys.executable, str(script))
    assert code == 1 and "did not finish" in err
    _assert_gone(int(marker.read_text()), "the scorer's child outlived the timeout")


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="no process groups here")
@pytest.mark.parametrize("answers", [True, False], ids=["answering", "hanging"])
def test_a_process_that_leaves_the_scorer_s_session_holding_its_pipes_is_no_hang(tmp_path: Path,
                                                                                   answers: bool) -> None:
    """A scorer's child that leaves its session (``setsid``, a build tool's daemon) escapes the group a
    timeout ends, and kept the scorer's standard output open: check-scorer read it to its end, so it
    waited as long as that child lived, past ``--timeout`` (``setsid sleep 60 & sleep 100`` with
    ``--timeout 2`` took 61 s), and a scorer that answered every record and exited was not reported
    until then either. It now reads what the scorer wrote until the scorer has ended, and no more."""
    marker = tmp_path / "daemon.pid"
    script = tmp_path / "scorer.py"
    script.write_text("import runpy, subprocess, sys, time\n"
                      "daemon = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)'], "
                      "start_new_session=True)\n"
                      f"open({str(marker)!r}, 'w').write(str(daemon.pid))\n"
                      + (f"runpy.run_path({str(SCORERS / 'library_scorer.py')!r}, run_name='__main__')\n" if answers
                         else "sys.stdin.read()\ntime.sleep(300)\n"), encoding="utf-8")
    began = time.monotonic()
    try:
        code, out, err = run("--games", "2", "--timeout", "5", "--", sys.executable, str(script))
        took = time.monotonic() - began
    finally:
        if marker.exists() and marker.read_text().strip():
            os.kill(int(marker.read_text()), 9)
    if answers:
        assert code == 0 and "all 2 games agree" in out, (out, err)
    else:
        assert code == 1 and "did not finish within 5 s" in err, (out, err)
    assert took < 60, f"check-scorer took {took:.0f} s"


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="no process groups here")
def test_check_scorer_ended_by_a_signal_ends_the_scorer_with_it(tmp_path: Path) -> None:
    """check-scorer ended while its scorer runs (SIGTERM; Ctrl-C alike) ends the scorer's whole group as
    a timeout does: the scorer runs in a session of its own, which a terminal's Ctrl-C never reaches, and
    was left running, a hanging one for ever, after check-scorer had exited 143."""
    import signal
    import subprocess

    marker = tmp_path / "scorer.pid"
    script = tmp_path / "scorer.py"
    script.write_text("import os, sys, time\n"
                      f"open({str(marker)!r}, 'w').write(str(os.getpid()))\n"
                      "sys.stdin.read()\ntime.sleep(300)\n", encoding="utf-8")
    checker = subprocess.Popen([sys.executable, "-m", "boomerang_rules", "check-scorer", "--games", "1", "--timeout",
                                "300", "--", sys.executable, str(script)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):  # the scorer started (its pid written whole)
            if marker.exists() and marker.read_text().strip():
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the scorer never started")
        pid = int(marker.read_text())
        checker.send_signal(signal.SIGTERM)
        assert checker.wait(timeout=60) == 128 + signal.SIGTERM
    finally:
        checker.kill()
    _assert_gone(pid, "the scorer outlived check-scorer")


def test_example_out_dash_is_refused_as_play_refuses_record_dash(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The report is on standard output, so the example record needs a file: ``--example-out -`` is a
    usage error before any game is dealt, as ``play --record -`` is (a file named "-" was written)."""
    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(cli, ["check-scorer", "--games", "1", "--example-out", "-", "--", "cat"])
    assert done.exit_code == 2 and "--example-out -: " in done.stderr and done.stdout == ""
    assert not Path("-").exists()


def _retyped(value: object, how: Any) -> object:
    """``value`` with every int ``how`` gives another value for rewritten (lists and objects through)."""
    if isinstance(value, list):
        return [_retyped(v, how) for v in value]
    if isinstance(value, dict):
        return {k: _retyped(v, how) for k, v in value.items()}
    return how(value) if value.__class__ is int else value


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_boolean_is_no_number_of_a_sheet(rules_id: str) -> None:
    """A scorer answering ``true`` or ``false`` for a 1 or a 0 disagrees (Python's ``True == 1`` let it
    agree); a number written with a point (``95.0``) disagrees too, for that reason alone
    (``Difference.pointed``): a score is an integer."""
    import random

    import boomerang_rules as br
    from boomerang_rules.core.differential import compare

    for seed in range(200):  # the first game with a 0 or a 1 on a sheet
        state = br.new_game(rules_id, 2 if rules_id == "sea-salt-paper" else 3, seed)
        rng = random.Random(seed)
        while not br.is_over(state):
            state = br.step(state, [rng.choice(br.legal_actions(state, s)) for s in br.to_act(state)])
        ours = [sheet.as_dict() for sheet in br.score_sheets(state)]
        answer = _retyped(ours, lambda v: bool(v) if v in (0, 1) else v)
        if answer != _retyped(ours, lambda v: v) or "true" in json.dumps(answer) or "false" in json.dumps(answer):
            break
    assert "true" in json.dumps(answer) or "false" in json.dumps(answer)
    assert compare(json.dumps(ours), state) == ((), None)
    floats, problem = compare(json.dumps(_retyped(ours, float)), state)
    assert problem is None and floats and all(d.pointed for d in floats)
    assert {(d.seat, d.row) for d in floats} >= {(seat, "total") for seat in range(len(ours))}
    differences, problem = compare(json.dumps(answer), state)
    assert problem is None and differences
    assert all(isinstance(d.theirs, bool | list | dict) for d in differences)
    assert not any(d.pointed for d in differences)  # true is no 1.0: only a point is said to be one


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_row_the_sheets_do_not_have_disagrees(rules_id: str) -> None:
    """A sheet holds the rows of ``score_sheets`` and no other: an answer with one more key (a misspelt
    ``totl`` beside a right ``total``) was taken as agreeing, the key never read."""
    import random

    import boomerang_rules as br
    from boomerang_rules.core.differential import compare

    rng = random.Random(4)
    state = br.new_game(rules_id, 3, 4)
    while not br.is_over(state):  # random: Sea Salt & Paper's first legal action never ends a round
        state = br.step(state, [rng.choice(br.legal_actions(state, s)) for s in br.to_act(state)])
    ours = [sheet.as_dict() for sheet in br.score_sheets(state)]
    answer = [dict(sheet) for sheet in ours]
    answer[1]["totl"] = 7
    differences, problem = compare(json.dumps(answer), state)
    assert problem is None
    assert [(d.seat, d.row, d.theirs, d.stray) for d in differences] == [(1, "totl", 7, True)]
    assert differences[0].describe() == "seat 1, 'totl': the scorer writes 7; the sheets have no such row"


def test_a_row_the_sheets_do_not_have_is_quoted_where_it_is_counted() -> None:
    """The scorer's own key is input: counted raw under "rows that differ", a key holding a newline
    forged a line of the report (``all 9 games agree``), an escape reached the terminal, ``'total '``
    read as ``total``, and a key of a megabyte was printed whole."""
    import random

    import boomerang_rules as br
    from boomerang_rules.core.differential import Findings, Game, compare

    rng = random.Random(4)
    state = br.new_game("standard", 2, 4)
    while not br.is_over(state):
        state = br.step(state, [rng.choice(br.legal_actions(state, s)) for s in br.to_act(state)])
    answer = [sheet.as_dict() for sheet in br.score_sheets(state)]
    forged, spaced, long = "x\nall 9 games agree\x1b[2J", "total ", "k" * 10_000
    answer[0].update({forged: 1, spaced: 2, long: "v" * 10_000})
    differences, _ = compare(json.dumps(answer), state)
    assert [d.named for d in differences] == ["'x\\nall 9 games agree\\x1b[2J'", "'total '",
                                             f"'{'k' * 60}'… (10,000 characters)"]
    assert all(len(d.describe()) <= 200 and "\n" not in d.describe() for d in differences)
    findings = Findings()
    findings.add(Game(4, 2, {}, differences))
    assert list(findings.rows) == [d.named for d in differences]


def _edited_library_scorer(tmp_path: Path, edit: str) -> Path:
    """A scorer that answers as ``scorers/library_scorer.py`` does, each answer's sheets then changed
    by ``edit`` (a Python statement over ``sheets``)."""
    script = tmp_path / "edited.py"
    script.write_text("import io, json, runpy, sys\n"
                      "out, sys.stdout = sys.stdout, io.StringIO()\n"
                      f"runpy.run_path({str(SCORERS / 'library_scorer.py')!r}, run_name='__main__')\n"
                      "text, sys.stdout = sys.stdout.getvalue(), out\n"
                      "for line in text.splitlines():\n"
                      "    sheets = json.loads(line)\n"
                      f"    {edit}\n"
                      "    print(json.dumps(sheets))\n", encoding="utf-8")
    return script


def test_check_scorer_reports_a_row_the_sheets_do_not_have(tmp_path: Path) -> None:
    script = _edited_library_scorer(tmp_path, "sheets[0]['note'] = 'x'")
    code, out, _ = run("--games", "3", "--", sys.executable, str(script))
    assert code == 1, out
    assert "rows that differ: 'note' (3×)" in out
    assert "seat 0, 'note': the scorer writes \"x\"; the sheets have no such row" in out


def test_the_scorer_s_values_are_shown_as_the_json_it_wrote() -> None:
    """The answer is JSON: its ``null``, ``true`` and ``"7"`` were shown as Python's ``None``, ``True``
    and ``'7'``, the rules' rows by animal as a Python dict, and a value of ten thousand characters
    whole; every value is its JSON now, cut short, and nothing but ASCII reaches the terminal."""
    import boomerang_rules as br
    from boomerang_rules.core.differential import Difference, compare

    state = br.new_game("boomerang-2010", 3, 4)
    answer = [sheet.as_dict() for sheet in br.score_sheets(state)]
    answer[0]["total"], answer[1]["total"], answer[2]["total"] = None, True, "7\u202e"
    answer[0]["cards"], answer[1]["boomerangs"] = "v" * 10_000, 12.0
    differences, problem = compare(json.dumps(answer), state)
    assert problem is None
    said = {(d.seat, d.row): d.describe() for d in differences}
    ours = {(seat, row): sheet.as_dict()[row] for seat, sheet in enumerate(br.score_sheets(state))
            for row in ("total", "cards")}
    assert said[0, "total"] == f"seat 0, total: the scorer says null, the rules give {ours[0, 'total']}"
    assert said[1, "total"] == f"seat 1, total: the scorer says true, the rules give {ours[1, 'total']}"
    assert said[2, "total"] == f'seat 2, total: the scorer says "7\\u202e", the rules give {ours[2, "total"]}'
    assert said[0, "cards"] == (f'seat 0, cards: the scorer says "{"v" * 58}…, the rules give '
                                f"{json.dumps(ours[0, 'cards'])}")
    assert said[1, "boomerangs"].endswith(": the scorer says 12.0, the rules give 12 (written with a point: a score is "
                                          "an integer)")
    made_by_hand = Difference(0, "total", None, {1, 2}, 3)
    assert made_by_hand.describe() == "seat 0, total: the scorer says {1, 2}, the rules give 3"


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_row_or_an_entry_the_scorer_leaves_out_is_said_to_be_missing(rules_id: str) -> None:
    """A row the scorer's sheet lacks was "the scorer says null", as if it had written null; and a row by
    animal lacking one animal (or naming one more) was shown whole, cut at 60 characters, so that the
    animal that differs could be cut off. Each is said entry by entry now, in every game."""
    import boomerang_rules as br
    from boomerang_rules.core.differential import compare

    state = br.new_game(rules_id, 3, 4)
    answer = [sheet.as_dict() for sheet in br.score_sheets(state)]
    ours = [dict(sheet) for sheet in answer]
    del answer[0]["total"]
    answer[1]["total"] = None
    differences, problem = compare(json.dumps(answer), state)
    assert problem is None
    assert [d.describe() for d in differences] == [
        f"seat 0, total: the scorer's sheet lacks it; the rules give {ours[0]['total']}",
        f"seat 1, total: the scorer says null, the rules give {ours[1]['total']}"]
    if rules_id == "boomerang-2010":
        answer = [sheet.as_dict() for sheet in br.score_sheets(state)]
        del answer[2]["cards"]["turtle"]
        answer[2]["animals"]["dragon"] = 0
        differences, _ = compare(json.dumps(answer), state)
        assert [d.describe() for d in differences] == [
            f"seat 2, cards, turtle: the scorer's sheet lacks it; the rules give {ours[2]['cards']['turtle']}",
            "seat 2, animals, 'dragon': the scorer writes 0; the rules' animals have no such entry"]
        assert [d.named for d in differences] == ["cards", "animals"]


def test_check_scorer_shows_a_null_answer_as_null(tmp_path: Path) -> None:
    script = _edited_library_scorer(tmp_path, "sheets[0]['total'] = None")
    code, out, _ = run("--games", "1", "--", sys.executable, str(script))
    assert code == 1, out
    assert re.search(r"^  seat 0, total: the scorer says null, the rules give \d+$", out, re.M), out


# --- many games: batches, and findings folded -------------------------------------------------

def _counting_scorer(tmp_path: Path, fail_on_run: int | None = None) -> tuple[Path, Path]:
    """The three-of-a-kind scorer, run through a script that appends a line to a log at each run
    (and, on run ``fail_on_run``, exits 4 after reading its records)."""
    log = tmp_path / "runs.log"
    script = tmp_path / "counting.py"
    failing = "" if fail_on_run is None else (
        f"if len(open({str(log)!r}).read().splitlines()) == {fail_on_run}:\n"
        "    sys.stdin.read()\n    raise SystemExit(4)\n")
    script.write_text("import runpy, sys\n"
                      f"with open({str(log)!r}, 'a') as log:\n    log.write('run\\n')\n" + failing
                      + f"runpy.run_path({str(SCORERS / 'three_of_a_kind_scorer.py')!r}, run_name='__main__')\n",
                      encoding="utf-8")
    return script, log


def test_the_games_go_in_batches_and_the_report_is_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game's record went to the scorer in one run and every game was held to the end (20,000
    games: 350 MiB); now ``BATCH`` games a run, the findings folded as each run answers. The report,
    the exit status and the example written are those of one run."""
    from boomerang_rules.core import differential

    script, log = _counting_scorer(tmp_path)
    one = tmp_path / "one.json"
    code, out, _ = run("--games", "30", "--seed", "3", "--example-out", str(one), "--", sys.executable, str(script))
    assert code == 1 and log.read_text().count("run") == 1
    monkeypatch.setattr(differential, "BATCH", 7)
    log.unlink()
    batched = tmp_path / "batched.json"
    code7, out7, _ = run("--games", "30", "--seed", "3", "--example-out", str(batched), "--", sys.executable,
                         str(script))
    assert log.read_text().count("run") == 5  # 7, 7, 7, 7 and 2 games
    assert code7 == code and out7.replace("batched.json", "one.json") == out
    assert batched.read_bytes() == one.read_bytes()


def test_a_failing_run_among_many_says_which_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from boomerang_rules.core import differential

    script, _ = _counting_scorer(tmp_path, fail_on_run=2)
    monkeypatch.setattr(differential, "BATCH", 4)
    code, out, err = run("--games", "10", "--", sys.executable, str(script))
    assert (code, out) == (1, "")
    assert err.endswith("the scorer exited with status 4 (its run on games 5 to 8 of 10, 4 a run)\n"), err


def test_the_findings_are_those_of_every_game_and_hold_one_example() -> None:
    """``Findings`` folds the games in order: the counts, the rows' order of ``most_common`` and the
    shortest example are those of every game held; it keeps one game, however many it has seen."""
    from collections import Counter

    import boomerang_rules as br
    from boomerang_rules.core import differential
    from boomerang_rules.core.games import game_module

    rules = br.load_rules()
    games = differential.check([sys.executable, str(SCORERS / "three_of_a_kind_scorer.py")], rules, [2, 3, 4], 3,
                               40, 120.0, batch=16)
    failing = [g for g in games if not g.agrees]
    assert failing and len(failing) < len(games)
    findings = differential.Findings.of(games)
    assert (findings.games, findings.failing, findings.protocol) == (40, len(failing), 0)
    assert findings.rows.most_common() == Counter(d.row for g in failing for d in g.differences).most_common()
    assert findings.example is differential.shortest(failing)
    held = differential.Findings()
    for game in failing * 50:  # as many games again, and again: still one held
        held.add(game)
    assert held.example is findings.example and held.games == 50 * len(failing)
    assert set(held.rows) <= set(game_module(rules.game).ROWS)  # a count a row, whatever the games
    assert held.rows == Counter({row: 50 * n for row, n in findings.rows.items()})


OFF_BY_TWO = '''
import json, sys
import boomerang_rules as br
for line in sys.stdin:
    sheets = [s.as_dict() for s in br.score_sheets(br.state_of(json.loads(line)))]
    for row, value in sheets[1].items():
        if isinstance(value, list) and value:
            value[0] += 2
        elif isinstance(value, dict):
            first = next(iter(value))
            value[first] += 2
    print(json.dumps(sheets))
'''


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_difference_is_named_to_its_entry_in_80_columns_in_every_game(tmp_path: Path, rules_id: str) -> None:
    """Every difference is one number against another, placed by its round (a row of rounds) or its
    name (a row by animal: Boomerang (2010)'s ``cards`` and ``animals`` were quoted whole, two Python
    dicts on a line of 200 columns), and what the round held is told in 80 columns (Sea Salt &
    Paper's seat's actions ran to 250)."""
    scorer = tmp_path / "off_by_two.py"
    scorer.write_text(OFF_BY_TWO, encoding="utf-8")
    code, out, _ = run("--rules", rules_id, "--games", "2", "--players", "3", "--", sys.executable, str(scorer))
    assert code == 1, out
    said = [line for line in out.splitlines() if "the scorer says" in line]
    assert said and all(re.fullmatch(r"  seat 1, \w+, (round \d+|[a-z_]+): the scorer says (\d+), the rules give \d+",
                                     line) for line in said), said
    if rules_id == "boomerang-2010":
        assert {line.split(",")[1].strip() for line in said} == {"cards", "animals"}
    assert max((len(line) for line in out.splitlines() if line.startswith("    ")), default=0) <= 80, out


@pytest.mark.parametrize(("change", "error", "message"), [
    ({"command": []}, ValueError, r"^command must name the program to run, then its arguments, not \[\]$"),
    ({"command": None}, TypeError, r"^command must be a list of a program's arguments \(str\), not None$"),
    ({"command": "cat"}, TypeError, r"^command must be a list of a program's arguments \(str\), not str$"),
    ({"rules": "standard"}, TypeError, r"^rules must be a loaded ruleset \(see load_rules\), not str: 'standard'$"),
    ({"players": []}, ValueError, r"^players must hold at least one player count, not \[\]$"),
    ({"players": 3}, TypeError, r"^players must be a list of player counts, not int: 3$"),
    ({"players": [3, "4"]}, TypeError, r"^players\[1\] must be a player count \(int\), not str: '4'$"),
    ({"seed": "x"}, TypeError, r"^seed must be an integer seed \(int\), not str: 'x'$"),
    ({"count": -1}, ValueError, r"^count must be a number of games from 0 to "),
    ({"batch": 0}, ValueError, r"^batch must be a number of games a run from 1 to "),
    ({"timeout": -1}, ValueError, r"^timeout must be a positive number of seconds, not -1$"),
    ({"timeout": "5"}, TypeError, r"^timeout must be a number of seconds \(int or float\), not str: '5'$"),
    ({"timeout": 10**400}, ValueError, r"^timeout must be a positive number of seconds, not 1000"),
])
def test_the_api_names_its_bad_argument_before_any_game_is_made(change: dict[str, Any], error: type[Exception],
                                                                 message: str) -> None:
    """``core.differential.check`` (api.md: the ``check-scorer`` machinery) failed inside on a bad
    argument: ``command=[]`` an ``IndexError``, ``players=[]`` a ``ZeroDivisionError``, ``rules`` as
    an id an ``AttributeError``, a negative timeout reported as the scorer's own slowness. Each is a
    ``TypeError`` or ``ValueError`` naming it now, raised by ``checked`` itself, not at its first game."""
    from boomerang_rules import load_rules
    from boomerang_rules.core import differential

    given: dict[str, Any] = {"command": ["cat"], "rules": load_rules("sea-salt-paper"), "players": [3],
                             "seed": 0, "count": 1, "timeout": 5.0}
    with pytest.raises(error, match=message):
        differential.checked(**{**given, **change})


def _assert_gone(pid: int, said: str) -> None:
    """Wait a moment for process ``pid`` to end (a zombie left to init counts as ended), else kill it
    and fail with ``said``."""
    for _ in range(50):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        try:  # a zombie child of an already dead parent is reaped by init, not us
            if Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z":
                return
        except OSError:
            return
        time.sleep(0.1)
    os.kill(pid, 9)
    raise AssertionError(said)


def test_the_report_fits_80_columns_and_counts_one_player_in_the_singular(tmp_path: Path) -> None:
    """The shortest example's line fits 80 columns whatever the seed (a seed of 16 digits ran it to
    90), and a ruleset of one player is told "1 player", not "1 players"."""
    scorer = tmp_path / "off_by_two.py"
    scorer.write_text(OFF_BY_TWO.replace("sheets[1]", "sheets[0]"), encoding="utf-8")
    solo = tmp_path / "solo.json"
    solo.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "solo", "name": "Solo",
                                "extends": "standard",
                                "changes": {"players": {"min": 1, "max": 1}}}), encoding="utf-8")
    for rules in ("standard", str(solo)):
        code, out, _ = run("--rules", rules, "--games", "2", "--seed", str(10**15), "--", sys.executable, str(scorer))
        assert code == 1, out
        assert max(len(line) for line in out.splitlines()) <= 80, out
        assert "(--example-out FILE saves its record)" in " ".join(out.split())
    assert "shortest example: 1 player, seed" in out and "1 players" not in out


@pytest.mark.parametrize("answer", [
    '"{\\"sheets\\": \\"none here, but a long sentence of the scorer\'s own, on and on and on and on\\"}"',
    '"not JSON at all, a long sentence of the scorer\'s own that goes on and on and on and on and on"',
    'json.dumps([{"a_stray_row_of_the_scorer_s_own_" * 3: 12345678901234567890123456789} for _ in sheets])'])
def test_the_report_fits_80_columns_whatever_the_scorer_answers(answer: str, tmp_path: Path) -> None:
    """The protocol's problem and each difference were printed unfitted: an answer that is no array of
    sheets ran its line to 133 columns (the answer's first 80 characters quoted), one that is no JSON
    to 155, a stray row of a long name to 154."""
    scorer = tmp_path / "talkative.py"
    scorer.write_text("import json, sys\nfor line in sys.stdin:\n    sheets = json.loads(line)['players']\n"
                      f"    print({answer}, flush=True)\n", encoding="utf-8")
    code, out, _ = run("--games", "2", "--players", "3", "--", sys.executable, str(scorer))
    assert code == 1 and ("sheets (objects)" in out or "not a JSON answer" in out or "no such row" in out), out
    assert max(len(line) for line in out.splitlines()) <= 80, out


def test_the_api_takes_a_numpy_timeout() -> None:
    """A timeout read off numpy is a number of seconds, as a numpy seed is a seed: ``np.int64(30)`` was
    refused as no number (its float taken), and an int past a float's range (``10**400``) passed the
    check to fail inside with an ``OverflowError`` (the parametrized test above)."""
    import numpy as np

    import boomerang_rules as br
    from boomerang_rules.core.differential import check

    timeout: Any = np.int64(30)
    games = check([sys.executable, str(SCORERS / "library_scorer.py")], br.load_rules(), [2], 0, 1, timeout)
    assert len(games) == 1 and games[0].agrees


@pytest.mark.skipif(not hasattr(__import__("select"), "poll"), reason="the pipes are polled on POSIX only")
def test_a_scorer_s_pipes_are_each_polled_through_one_poll_object(monkeypatch: pytest.MonkeyPatch) -> None:
    """``differential._ready`` made a ``select.poll`` object each 50 ms wait: a scorer taking half a
    second made some thirty. One serves each pipe's whole read or write (``_readiness``)."""
    import select

    from boomerang_rules.core import differential

    made: list[Any] = []
    real_poll = select.poll

    def counted_poll() -> Any:
        made.append(None)
        return real_poll()

    monkeypatch.setattr(select, "poll", counted_poll)
    command = [sys.executable, "-c", "import sys, time; sys.stdin.read(); time.sleep(0.5); print('[]')"]
    assert differential.run_scorer(command, [{"a": 1}], timeout=30) == [b"[]"]
    assert len(made) == 3  # standard input, output and error


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
@pytest.mark.parametrize(("value", "place", "said"), [
    ("1e400", "/2/total/1", "the number 1e400 is too large for a float"),
    ("NaN", "/2/total/1", "NaN is not valid JSON"),
    ("9" * 5000, "/2/total/1", "a number of more than"),
    ('{"a": 1, "a": 2}', "/2/total/1/a", "the key 'a' appears more")],
    ids=["1e400", "NaN", "5000 digits", "a repeated key"])
def test_an_answer_no_json_may_hold_is_refused_at_its_place(rules_id: str, value: str, place: str, said: str) -> None:
    """A scorer's answer holding ``1e400`` (a scorer computing in floats), ``NaN`` or a repeated key was
    told "not a JSON answer (the number 1e400 is too large for a float)", with no place, though the
    parse had found it (``/2/total/1``), as a record's or a ruleset's problem is placed."""
    import boomerang_rules as br
    from boomerang_rules.core.differential import compare

    state = br.new_game(rules_id, 3, 4)
    answer = json.dumps([sheet.as_dict() for sheet in br.score_sheets(state)])
    answer = answer[:answer.rindex('"total": ')] + f'"total": [0, {value}]}}]'
    differences, problem = compare(answer, state)
    assert differences == () and problem is not None
    assert problem.startswith(f"not a JSON answer (at {place}: {said}"), problem
