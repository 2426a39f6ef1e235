"""``boomerang-rules replay``: a recorded game told step by step, for a person."""

from __future__ import annotations

import click

from ..core.display import QUOTED, escaped_name
from ..core.jsonio import printable
from ..terminal.problems import listed
from ..terminal.wording import fit_line, told_apart
from .common import (
    EXIT_INVALID,
    EXIT_USAGE,
    INT,
    fail,
    game_cli,
    game_number_option,
    load_rules_or_exit,
    max_bytes_option,
    read_one_game,
)
from .files import STDIO, named, refuse_to_overwrite, rules_read, write_text


@click.command(short_help="Tell a recorded game step by step.")
@click.argument("file", type=click.Path(allow_dash=True), callback=named)
@game_number_option
@click.option("--seat", "-k", type=INT, default=None,
              help="Show only what this seat (counted from 0) could see at each moment, as play --seat plays it "
              "(with --html, the page too).")
@click.option("--rules", "rules_name", default=None, metavar="ID|PATH",
              help="Replay under this ruleset or variant instead of the one the record names: a shipped ruleset "
                   "or variant id, or the path of a ruleset or variant JSON file.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, allow_dash=True), default=None, callback=named,
              metavar="PAGE.html", help="Write the game as one self-contained web page to step through ('-': "
              "standard output).")
@max_bytes_option
def replay(file: str, seat: int | None, rules_name: str | None, game_number: int | None,
           html_path: str | None, max_bytes: int) -> None:
    """Print a recorded game (of any game) step by step: deals, every decision, scores, winner.

    FILE is what simulate or play --record wrote: one record (*.json), or several, one a
    line (*.jsonl: choose one with --game N); "-" reads standard input. Every line fits 80
    columns, in every game: a player's name is never split across lines, and one wider than
    60 columns (a wide character such as 田 takes two) is clipped ("Alexandra Alexandra…");
    players whose names read alike (once clipped, or given alike) are told apart by their seats
    ("Bob #2"); --html shows every name whole, escaped as here.
    With --seat N, --html's page holds only what seat N could see at each step, in every game: the
    others' hands as their number of cards, a card or a choice laid face down (a Throw, a land
    token) shown face down until it is revealed, a card another seat keeps, picks, draws or steals
    unnamed; the score sheets once the game is over, as every seat sees them then.
    The record is checked first; an invalid one is refused with its problems (exit 1), the
    first of each rule, then the earliest others (20 in all), then one line counting the rest by rule.

    Exit status: 0 told, 1 the record is invalid, 2 usage or I/O error.

    \b
    Examples:
      boomerang-rules replay game.json --seat 0
      boomerang-rules replay games.jsonl --game 3 --html game3.html
      boomerang-rules replay game.json --seat 1 --html seat1.html
    """
    from .. import check_record
    from ..core.display import displayable
    from ..core.errors import InvalidInput

    label, data = read_one_game(file, game_number, max_bytes)
    rules = load_rules_or_exit(rules_name) if rules_name else None
    refuse_to_overwrite("--html", html_path, [("the record being read", file), *rules_read(rules_name)])
    try:
        checked = check_record(data, rules)
    except InvalidInput as exc:  # --rules of another game than the record's, or a record the checks refuse so
        hint = (f"\n(leave out --rules {printable(rules_name)}: a record names its own ruleset; --rules is for a "
                "variant of the same game)" if rules_name else "")
        fail("\n".join(listed([p.in_file(label) for p in exc.problems])) + hint, EXIT_INVALID)
    if checked.problems or checked.state is None:
        fail("not a valid game record:\n" + "\n".join(f"  {line}" for line in listed(
            [p.in_file(label) for p in checked.problems])))
    names = list(data["players"])
    if seat is not None and not 0 <= seat < len(names):
        fail(f"--seat {seat}: the game has seats 0 to {len(names) - 1}", EXIT_USAGE)
    if html_path is not None:
        _write_html(data, checked.state.rules, names, html_path, seat)
        return
    # a name may hold a newline or a tab (the schema allows them): written escaped, on one line, it
    # cannot start a line of the story (a forged "Winner: ..."), as a file's name cannot in a message;
    # one wider than QUOTED (60) columns, escaped (the schema takes 200 characters), is clipped as
    # messages clip what they quote ("Alexandra Alexandra…"), so that "NAME (seat 31)," fits a line whole
    told = told_apart([escaped_name(str(name)) for name in names], QUOTED + 1)  # alike once clipped: "NAME #2"
    whole = [*(f"{name} (seat {i})" for i, name in enumerate(told)), *told]  # never split across lines
    for line in game_cli(checked.state.rules).narrate(data, checked.state.rules, told, seat):
        for part in fit_line(line, keep=whole):  # 80 columns in every game, as play fits them (issue 28)
            click.echo(displayable(part))  # a checked record holds no control character; nor does the output


def _write_html(record: dict[str, object], rules: object, names: list[str], path: str, seat: int | None) -> None:
    """``replay --html``: the page of a checked record, drawn by its game (``seat``: as that seat saw it)."""
    page = game_cli(rules).replay_html(record, rules, [str(n) for n in names], seat)
    if path == STDIO:  # as sheet --out - and simulate --out - write theirs
        click.echo(page, nl=False)
        return
    write_text(path, page, "--html")
    click.echo(f"Page written to {printable(path)}")
