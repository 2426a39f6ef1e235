"""The documentation's Python examples run as written: the pages the README's examples moved to
(issue 28), each page on its own (a reader may open any page first), its blocks in reading order
sharing one namespace as a reader's session would."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = ("index.md", "python.md", "bots.md", "referee.md", "boomerang-2010.md", "sea-salt-paper.md")
"""The pages whose examples run, in the order a reader meets them (index.md: the README's copy)."""


def test_readme_python_examples_run(capsys: object) -> None:
    runnable = []
    for page in PAGES:
        blocks = re.findall(r"```python\n(.*?)```", (DOCS / page).read_text(encoding="utf-8"), re.S)
        runnable += [(page, b) for b in blocks if "import boomerang_rules as br" in b or "play_game" in b]
    assert len(runnable) >= 4
    namespaces: dict[str, dict[str, object]] = {page: {} for page in PAGES}
    for page, block in runnable:
        exec(compile(block, str(DOCS / page), "exec"), namespaces[page])



def test_every_python_example_of_the_pages_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Python block of the pages runs as written, in a checkout, the ones without an import
    of their own included (python.md and referee.md say every example runs): "Checking a game"
    gives the record it checks, where it used a name no block defines."""
    monkeypatch.chdir(DOCS.parent)
    for page in PAGES:
        namespace: dict[str, object] = {}
        for block in re.findall(r"```python\n(.*?)```", (DOCS / page).read_text(encoding="utf-8"), re.S):
            exec(compile(block, str(DOCS / page), "exec"), namespace)



def test_the_pages_score_commands_run_and_spell_a_player_as_score_help_does() -> None:
    """Every ``boomerang-rules score`` line of the pages runs (exit 0), with no ``--seat``: issue 28
    made it ``--player`` (``--seat`` is a seat number in ``play`` and ``replay``), which ``score
    --help`` shows, and Boomerang (2010)'s page still taught ``--seat CARDS:N``."""
    import shlex

    from click.testing import CliRunner

    from boomerang_rules.cli import cli

    lines = [line for page in sorted(DOCS.glob("*.md")) if page.name not in ("testing.md", "mutation-history.md")
             for block in re.findall(r"```sh\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
             for line in block.splitlines() if line.startswith("boomerang-rules score ")]
    assert len(lines) >= 3 and any("--player" in line for line in lines)
    for line in lines:
        args = shlex.split(re.sub(r"\[[^]]*\]", "", line.split("#")[0]))[1:]
        assert "--seat" not in args, line
        done = CliRunner().invoke(cli, args)
        assert done.exit_code == 0, (line, done.output)


def test_each_game_page_s_greedy_figures_are_what_its_tournament_prints() -> None:
    """"Over 200 four-player games against three random bots, greedy averages X points against the
    random bots' Y (R×) and wins W%": each page's figures are those of the command it names, as
    the bots run now (bots.md still gave 122.5, 96.4, 1.27× and 90.8% for 123.0, 96.0, 1.28× and
    94.0%)."""
    import json

    from click.testing import CliRunner

    from boomerang_rules.cli import cli

    claim = re.compile(r"greedy averages ([\d.]+) points against the\s+random bots' ([\d.]+) \(([\d.]+)×\) and "
                       r"wins\s+([\d.]+)% of (?:the )?games")
    pages = {"bots.md": "standard", "sea-salt-paper.md": "sea-salt-paper", "boomerang-2010.md": "boomerang-2010"}
    for page, rules in pages.items():
        claims = claim.findall((DOCS / page).read_text(encoding="utf-8"))
        assert claims, page
        done = CliRunner().invoke(cli, ["tournament", "--rules", rules, "--players", "4", "--bots",
                                        "greedy,random,random,random", "--games", "200", "--quiet", "--json"])
        assert done.exit_code == 0, done.output
        by_bot = json.loads(done.stdout)["by_bot"]
        greedy, random = by_bot["greedy"]["mean_total"], by_bot["random"]["mean_total"]
        wins = 100 * by_bot["greedy"]["win_rate"]
        for mean, others, ratio, won in claims:
            assert (mean, others, won) == (f"{greedy:.1f}", f"{random:.1f}", f"{wins:.1f}"), (page, mean, others, won)
            shown = len(ratio.partition(".")[2])  # the ratio to the digits it is given with
            assert abs(float(ratio) - greedy / random) <= 0.5 * 10 ** -shown + 1e-9, (page, ratio, greedy / random)


def test_api_md_says_where_each_game_keeps_the_seed_it_drew() -> None:
    """``br.new_game`` without a seed keeps the one it drew "so the game can be replayed": api.md
    names where for every game (it named only Boomerang: Australia's ``state.progress.seed``;
    the other two keep it in ``state.seed``), and that place holds the record's ``seed``."""
    import boomerang_rules as br

    text = (DOCS / "api.md").read_text(encoding="utf-8")
    sections = {"standard": "### Boomerang: Australia", "sea-salt-paper": "### Sea Salt & Paper",
                "boomerang-2010": "### Boomerang (2010)"}
    for rules, heading in sections.items():
        section = text.split(heading, 1)[1].split("\n### ", 1)[0]
        found = re.search(r"The seed is kept in `state\.([\w.]+)`", section)
        assert found, heading
        state = br.new_game(rules, 3)
        kept: object = state
        for name in found.group(1).split("."):
            kept = getattr(kept, name)
        assert isinstance(kept, int) and kept == br.record_of(state)["seed"], (rules, found.group(1))


def test_python_md_quotes_a_refusal_apply_gives() -> None:
    """The refusal python.md quotes for ``br.apply`` is one the engine gives: it quoted seat 2
    holding three cards "at pick 3", where a seat holds four (the Throw and two picks taken of 7);
    the quote is found by playing games of the lowest legal actions to its pick."""
    import boomerang_rules as br

    text = (DOCS / "python.md").read_text(encoding="utf-8")
    found = re.search(r"`(card '(\w)' is not in the hand seat (\d) holds at pick (\d) \(it holds ([^)]*)\))`", text)
    assert found, "python.md quotes no refusal of apply"
    quote, card, held = found.group(1), found.group(2), found.group(5)
    seat, pick = int(found.group(3)), int(found.group(4))
    for seed in range(100):
        state = br.new_game("standard", players=3, seed=seed)
        for _ in range(pick):  # the Throw and the picks before this one
            state = br.step(state, [br.legal_actions(state, s)[0] for s in br.to_act(state)])
        if ", ".join(br.legal_actions(state, seat)) == held:
            with pytest.raises(br.IllegalAction) as refused:
                br.apply(state, seat, card)
            assert str(refused.value) == quote
            return
    pytest.fail(f"no game of seeds 0-99 gives seat {seat} the hand {held} at pick {pick}")


def test_api_md_gives_each_openspiel_game_s_max_utility() -> None:
    """api.md says what bounds each OpenSpiel game's returns, with figures: Sea Salt & Paper's
    ``max_utility`` changed (it was twice the target, which final totals pass) and no page said it."""
    pyspiel = pytest.importorskip("pyspiel")
    import boomerang_rules.rl.openspiel  # noqa: F401  (registers the games)

    text = " ".join((DOCS / "api.md").read_text(encoding="utf-8").split())
    claims = {"boomerang_australia": r"Boomerang: Australia's `_max_total` \((\d+) in the standard game\)",
              "boomerang_2010": r"Boomerang \(2010\)'s the deck's size plus every boomerang "
                                r"\((\d+), (\d+) and (\d+) at 3, 4 and 5",
              "sea_salt_paper": r"Sea Salt & Paper's the target less one plus the most one round can score "
                                r"\((\d+), (\d+) and (\d+) at 2, 3 and 4"}
    counts = {"boomerang_australia": (2, 3, 4), "boomerang_2010": (3, 4, 5), "sea_salt_paper": (2, 3, 4)}
    for name, claim in claims.items():
        found = re.search(claim, text)
        assert found, name
        figures = [int(x) for x in found.groups()]
        given = [pyspiel.load_game(name, {"players": n}).max_utility() for n in counts[name]]
        assert all(pyspiel.load_game(name, {"players": n}).min_utility() == 0 for n in counts[name])
        expected = figures if len(figures) == len(given) else figures * len(given)  # one figure: every count's
        assert figures and [float(x) for x in expected] == given, (name, figures, given)


def test_rules_md_numbers_the_picks_as_validate_and_apply_do() -> None:
    """rules.md's "Numbering in messages" says how each layer counts the picks: a record's problems
    count the Throw as pick 1 (``/picks/2/3`` is pick 4), the game as played counts the picks after
    the Throw (that card is pick 3). It said the first for every message, which ``apply`` never did."""
    import json

    import boomerang_rules as br

    row = next(line for line in (DOCS / "rules.md").read_text(encoding="utf-8").splitlines()
               if line.startswith("| Numbering in messages"))
    found = re.search(r"`/picks/2/3` is pick (\d).*?\"pick (\d)\" there", row)
    assert found, row
    record_pick, game_pick = int(found.group(1)), int(found.group(2))
    record = json.loads((DOCS.parent / "examples" / "game-3p.json").read_text(encoding="utf-8"))
    record.pop("result")
    state = br.new_game(record["rules"], 3, deals=[record["rounds"][0]["hands"]])
    for k in range(3):  # the Throw and two picks: seat 2 now takes /picks/2/3
        state = br.step(state, [record["rounds"][0]["picks"][s][k] for s in br.to_act(state)])
    held = br.legal_actions(state, 2)
    stranger = next(c.id for c in state.rules.cards if c.id not in held)
    record["rounds"][0]["picks"][2][3] = stranger
    problems = [p for p in br.validate_record(record) if p.rule == "pick-in-hand"]
    assert problems and problems[0].pointer == "/rounds/0/picks/2/3"
    assert f"at pick {record_pick} " in problems[0].message, problems[0].message
    with pytest.raises(br.IllegalAction, match=f"at pick {game_pick} "):
        br.apply(state, 2, stranger)


def test_development_md_names_every_c_extension() -> None:
    """development.md says which C extensions carry the hot paths: it named four of the six
    (``core/_dispatch.c`` and ``rl/_encode.c`` were left out)."""
    package = DOCS.parent / "src" / "boomerang_rules"
    text = (DOCS / "development.md").read_text(encoding="utf-8")
    sources = sorted(path.relative_to(package).as_posix() for path in package.rglob("*.c"))
    assert len(sources) >= 6
    assert [name for name in sources if f"`{name}`" not in text] == []


def test_api_md_s_signatures_name_the_parameters_and_defaults_the_code_has() -> None:
    """Each signature api.md gives of the bots, the envs, the vector env and the modules' machinery names
    parameters the callable has, with its defaults: Sea Salt & Paper's and Boomerang (2010)'s ``IsmctsBot``
    lacked ``exploration``, the PettingZoo envs ``obs_key``, ``VectorEnv`` ``copy`` and ``max_steps``;
    ``tournament.run`` and ``simulate`` ``progress``, ``core.bots.play_game`` ``on_decision`` and ``view``,
    ``bench.run`` ``others``, Boomerang: Australia's ``new_game`` ``undealt_ok``, ``batch.bench_rates``
    ``players`` and ``games``."""
    import ast
    import importlib
    import inspect

    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    pytest.importorskip("numba")
    text = (DOCS / "api.md").read_text(encoding="utf-8")
    callables = {"`australia.ismcts`: `IsmctsBot": "boomerang_rules.australia.ismcts:IsmctsBot",
                 "`seasaltpaper.ismcts`: `IsmctsBot": "boomerang_rules.seasaltpaper.ismcts:IsmctsBot",
                 "`boomerang2010.ismcts`: `IsmctsBot": "boomerang_rules.boomerang2010.ismcts:IsmctsBot",
                 "`rl.pettingzoo`: `env": "boomerang_rules.rl.pettingzoo:env",
                 "`rl.vector.VectorEnv": "boomerang_rules.rl.vector:VectorEnv",
                 "`SingleAgentEnv": "boomerang_rules.rl.gym:SingleAgentEnv",
                 "`boomerang_rules.core.tournament` | `run": "boomerang_rules.core.tournament:run",
                 "`core.simulation.simulate": "boomerang_rules.core.simulation:simulate",
                 "`bot_seed`, `play_game": "boomerang_rules.core.bots:play_game",
                 "`boomerang-rules bench`: `run": "boomerang_rules.bench:run",
                 "`ordered_map": "boomerang_rules.core.parallel:ordered_map",
                 "`ordered_in_processes": "boomerang_rules.core.process_pool:ordered_in_processes",
                 "`checked": "boomerang_rules.core.differential:checked",
                 "| `new_game": "boomerang_rules.australia:new_game",
                 "`bench_rates": "boomerang_rules.batch:bench_rates"}
    for where, target in callables.items():
        module, _, name = target.partition(":")
        parameters = inspect.signature(getattr(importlib.import_module(module), name)).parameters
        found = re.search(re.escape(where) + r"\(([^`]*)\)`", text)
        assert found, where
        given = dict(part.strip().partition("=")[::2] for part in found.group(1).split(", "))
        given.pop("*", None)  # keyword-only from here: not a parameter
        for parameter, default in given.items():
            assert parameter in parameters, (where, parameter)
            if default and "/" not in default and not default.isupper() and default != "DEFAULT_MAX_DECISIONS":
                expected = parameters[parameter].default
                if expected is None and parameter == "playouts":
                    continue  # None: the game's own budget, which the page gives
                assert ast.literal_eval(default) == expected, (where, parameter, default, expected)
        unshown = set(parameters) - set(given) - {"game"}  # SingleAgentEnv's game: what each registered id passes
        assert not unshown, (where, unshown)


def test_every_pycon_session_of_the_pages_prints_what_it_shows() -> None:
    """The pages' ``pycon`` sessions (python.md's printed state and ``describe``) are doctests: no
    other test ran them."""
    import doctest

    import boomerang_rules as br

    sessions = 0
    for page in sorted(DOCS.glob("*.md")):
        for block in re.findall(r"```pycon\n(.*?)```", page.read_text(encoding="utf-8"), re.S):
            test = doctest.DocTestParser().get_doctest(block, {"br": br}, page.name, str(page), 0)
            runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
            runner.run(test)
            sessions += 1
            assert runner.summarize(verbose=False).failed == 0, page.name
    assert sessions >= 1


def test_referee_md_s_synopsis_names_every_option_of_every_command() -> None:
    """The command-line synopsis of referee.md names each command's options as ``--help`` gives them,
    none it lacks and none left out (``score``'s options are its game's, run by the test above): it
    left out ``simulate --bots``, ``tournament --seed``/``--rules``/``--json``, ``play --rules``,
    ``check-scorer --players``/``--timeout``/``--example-out``, ``bench --runs``/``--quick``/``--rl``."""
    import click

    from boomerang_rules.cli import cli

    text = (DOCS / "referee.md").read_text(encoding="utf-8")
    block = re.search(r"## Command line\n\n```sh\n(.*?)```", text, re.S)
    assert block, "referee.md has no synopsis"
    given: dict[str, set[str]] = {}
    for line in block.group(1).splitlines():
        words = line.split("#")[0].split()
        if len(words) > 1 and not words[1].startswith("-"):
            found = re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", " ".join(words[2:]))
            given.setdefault(words[1], set()).update(found)
    context = click.Context(cli)
    assert set(given) == set(cli.list_commands(context))
    for name, options in given.items():
        command = cli.get_command(context, name)
        assert command is not None
        spellings = [set(p.opts) | set(p.secondary_opts) for p in command.params
                     if isinstance(p, click.Option) and "--help" not in p.opts]
        if name != "score":
            assert options <= set().union(*spellings), (name, options - set().union(*spellings))
        left_out = [sorted(s) for s in spellings if not s & options]
        assert not left_out, (name, left_out)


def test_the_pages_invalid_record_is_one_a_reader_can_make_and_validate_prints_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """referee.md and python.md show ``validate`` refusing a pick: the record is made as the page
    says (``examples/game-3p.json`` with one pick changed) and ``validate`` prints the block's lines.
    The pages showed a hand (E, L, W, Y) of a game.json no reader had, so nobody could see it again."""
    import json

    from click.testing import CliRunner

    from boomerang_rules.cli import cli

    for page in ("referee.md", "python.md"):
        text = (DOCS / page).read_text(encoding="utf-8")
        made = re.search(r"a copy of `examples/(game-\dp\.json)` with `(/rounds/\d+/picks/\d+/\d+)` changed to "
                         r"`(\w)`:\n\n```console\n\$ boomerang-rules (validate \S+)\n(.*?)```", text, re.S)
        assert made, page
        source, pointer, card, command, shown = made.groups()
        record = json.loads((DOCS.parent / "examples" / source).read_text(encoding="utf-8"))
        *path, last = (int(part) if part.isdigit() else part for part in pointer.strip("/").split("/"))
        target = record
        for part in path:
            target = target[part]
        target[last] = card
        monkeypatch.chdir(tmp_path)
        Path(command.split()[1]).write_text(json.dumps(record), encoding="utf-8")
        done = CliRunner().invoke(cli, command.split())
        assert done.exit_code == 1 and done.output == shown, (page, done.output)


def test_gym_md_s_speed_is_the_run_rl_md_tabulates() -> None:
    """gym.md gives the gymnasium envs' speed and sends the reader to rl.md for "the table": both
    give one run's figures (gym.md kept an older run's 106,000 steps/s and 2.60×, which the table no
    longer held)."""
    gym = " ".join((DOCS / "gym.md").read_text(encoding="utf-8").split())
    rl = " ".join((DOCS / "rl.md").read_text(encoding="utf-8").split())
    said = re.search(r"`(python benchmarks/bench_pettingzoo_games\.py --rounds \d+)` on (\S+) gave about ([\d,]+) "
                     r"learner steps/s for Boomerang: Australia, ([\d,]+) for Sea Salt & Paper and ([\d,]+) for "
                     r"Boomerang \(2010\), or ([\d.]+)×, ([\d.]+)× and ([\d.]+)×", gym)
    assert said, "gym.md gives no speed"
    table = re.search(re.escape(f"`{said.group(1)}`, {said.group(2)} at") + r".*?learners ([\d,]+), ([\d,]+) and "
                      r"([\d,]+) steps/s", rl)
    assert table, ("rl.md tabulates no run of that command and day", said.group(1), said.group(2))
    assert table.groups() == said.groups()[2:5]
    page = (DOCS / "rl.md").read_text(encoding="utf-8")
    rows = page[page.index(f"`{said.group(1)}`, {said.group(2)}"):].split("\n\n")[1]  # the run's table
    ratios = re.findall(r"^\| (?:Boomerang: Australia|Sea Salt & Paper|Boomerang \(2010\)) \|.*\*\*([\d.]+)×\*\*",
                        rows, re.M)
    assert ratios == list(said.groups()[5:]), (ratios, said.groups()[5:])


def test_gym_md_names_every_option_of_the_rllib_example() -> None:
    """gym.md's list of ``examples/rllib_ppo.py``'s options is its ``--help``'s, defaults included:
    ``--rules`` and ``--iterations`` (10) were left out of it."""
    import subprocess
    import sys

    root = DOCS.parent
    shown = subprocess.run([sys.executable, str(root / "examples" / "rllib_ppo.py"), "--help"], capture_output=True,
                           text=True, check=True, cwd=root).stdout
    options = set(re.findall(r"(?<![\w-])(--[a-z][\w-]*)", shown)) - {"--help"}
    text = " ".join((DOCS / "gym.md").read_text(encoding="utf-8").split())
    listed = re.search(r"Options: (.*?)\. `pip install", text)
    assert listed, "gym.md lists no options"
    named = dict(re.findall(r"`(--[a-z][\w-]*)`(?: \((?:[^)]*?, )?([\d]+)(?:,[^)]*)?\))?", listed.group(1)))
    assert set(named) == options, (sorted(options - set(named)), sorted(set(named) - options))
    for option, default in named.items():
        if default:
            assert f"(default {default})" in shown or f"(default {default};" in shown, (option, default)


def test_testing_md_s_strategy_examples_pass_for_a_correct_implementation(tmp_path: Path) -> None:
    """Each hypothesis example of testing.md, its ``my_...`` stand-ins given by the library itself (a
    correct implementation), passes: the loader was handed ``rules.id``, which a drawn ruleset made by
    the strategy does not have (``generated``: no loader can read it), and Boomerang (2010)'s scorer
    was handed no ruleset, though ``b10_tables`` draws rulesets with other set sizes and decks."""
    import json
    from types import SimpleNamespace

    from hypothesis import HealthCheck, settings

    import boomerang_rules as br
    from boomerang_rules import boomerang2010 as b10

    def load(given: object) -> object:  # a loader reads an id or a ruleset's JSON, as a file would hold it
        if isinstance(given, dict):
            path = tmp_path / "rules.json"
            path.write_text(json.dumps(given), encoding="utf-8")
            return br.load_rules(path)
        return br.load_rules(str(given))

    def b10_totals(*given: object) -> list[int]:  # told the ruleset, or (told none) the shipped one
        rules, cards, boomerangs = given if len(given) == 3 else (br.load_rules("boomerang-2010"), *given)
        return [seat.total for seat in b10.final_scores(rules, cards, boomerangs)]

    def ssp_totals(record: dict[str, object]) -> list[int]:
        return [sheet.total for sheet in br.score_sheets(br.state_of(record))]

    mine = {"my_game": SimpleNamespace(load=load),
            "my_engine": SimpleNamespace(legal_moves=lambda seen: list(seen.legal_actions)),
            "my_score_sheets": lambda record: [sheet.as_dict() for sheet in br.score_sheets(br.state_of(record))],
            "my_validator": SimpleNamespace(is_valid=lambda record: not br.validate_record(record)),
            "my_round_score": lambda cards: br.score_round(br.load_rules(), cards, None).round_total}
    text = (DOCS / "testing.md").read_text(encoding="utf-8")
    namespace: dict[str, object] = {}
    ran = []
    for block in re.findall(r"```python\n(.*?)```", text.split("## Hostile input")[0], re.S):
        names = set(re.findall(r"def (test_\w+)", block))
        namespace.update(mine, my_totals=b10_totals if "b10_tables" in block else ssp_totals)
        exec(compile(block, str(DOCS / "testing.md"), "exec"), namespace)
        for name in sorted(names):
            test = settings(max_examples=15, deadline=None, database=None, derandomize=True,
                            suppress_health_check=list(HealthCheck))(namespace[name])
            test()  # type: ignore[operator]
            ran.append(name)
    assert len(ran) >= 7, ran


def test_the_readme_s_speed_table_is_a_run_performance_md_logs() -> None:
    """The README's table against hearts is one dated run of performance.md's log, each ratio the
    log's to the digits shown: the README headlined a run of 2026-12-06 20:46 UTC that the log never
    held, behind the log's later runs of 2026-12-07."""
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    speed = readme.split("## Speed", 1)[1]
    when = re.search(r"(\d{4}-\d\d-\d\d) (\d\d:\d\d)–\d\d:\d\d UTC", " ".join(speed.split("|", 1)[0].split()))
    assert when, "the README's speed table is not dated"
    log = (DOCS / "performance.md").read_text(encoding="utf-8")
    heading = re.search(rf"^###.*\({when.group(1)}, {when.group(2)}–.*$", log, re.M)
    assert heading, ("performance.md logs no run of", when.groups())
    section = log[heading.end():].split("\n### ", 1)[0]
    games = ("Boomerang: Australia", "Sea Salt & Paper", "Boomerang (2010)")
    for game in games:
        shown = re.search(rf"^\| {re.escape(game)} \|(.*)$", speed, re.M)
        logged = re.search(rf"^\| {re.escape(game)} \|(.*)$", section, re.M)
        assert shown and logged, game
        ratios = [float(r) for r in re.findall(r"([\d.]+)×", logged.group(1))]
        figures = re.findall(r"([\d.]+)×", shown.group(1))
        assert len(figures) == 4 and len(ratios) == 4, (game, figures, ratios)
        for figure, ratio in zip(figures, ratios):
            digits = len(figure.partition(".")[2])
            assert abs(float(figure) - ratio) <= 0.5 * 10 ** -digits + 1e-9, (game, figure, ratio)


def test_api_md_names_every_public_name_of_the_package_and_of_each_game() -> None:
    """Everything ``boomerang_rules.__all__`` and each game package's ``__all__`` export is named in
    api.md: ``BoomerangError`` (the base of the library's refusals) and ``STATE_METHODS`` (what
    ``core.games.register`` sets on a game's state classes) were exported and never documented."""
    import importlib

    import boomerang_rules as br

    text = (DOCS / "api.md").read_text(encoding="utf-8")
    modules = [br] + [importlib.import_module(f"boomerang_rules.{game}")
                      for game in ("australia", "seasaltpaper", "boomerang2010")]
    for module in modules:
        exported = set(module.__all__)
        assert len(exported) > 30, module.__name__
        unnamed = [name for name in exported if not re.search(rf"`[^`\n]*\b{name}\b[^`\n]*`", text)]
        assert sorted(unnamed) == [], module.__name__


def test_api_md_s_tables_give_the_parameters_and_defaults_of_the_top_level_functions() -> None:
    """Each ``name(parameters)`` of api.md's contract and rulesets tables is the top-level function's
    signature, parameter by parameter, defaults and ``**options`` included; each game's
    ``new_game(...)`` row is its package's (the test above reads only the first)."""
    import ast
    import importlib
    import inspect

    import boomerang_rules as br

    text = (DOCS / "api.md").read_text(encoding="utf-8")

    def same(given: str, function: object, where: str) -> None:
        parameters = list(inspect.signature(function).parameters.values())  # type: ignore[arg-type]
        parts = [part.strip() for part in re.split(r",(?![^(]*\))", given) if part.strip() not in ("", "*")]
        assert len(parts) == len(parameters), (where, parts, [p.name for p in parameters])
        for part, parameter in zip(parts, parameters):
            name, _, default = part.partition("=")
            if parameter.kind is inspect.Parameter.VAR_KEYWORD:
                assert name == "**" + parameter.name, (where, part)
                continue
            assert name == parameter.name, (where, name, parameter.name)
            assert (parameter.default is inspect.Parameter.empty) == (not default), (where, part)
            if default:
                assert ast.literal_eval(default) == parameter.default, (where, part, parameter.default)

    top = text.split("## Each game's additions", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)\(([^`)]*)\)(?: -> [^`]*)?`", top, re.M)
    assert len(rows) >= 20
    for name, given in rows:
        same(given, getattr(br, name), name)
    sections = {"australia": "### Boomerang: Australia", "seasaltpaper": "### Sea Salt & Paper",
                "boomerang2010": "### Boomerang (2010)"}
    for package, heading in sections.items():
        section = text.split(heading, 1)[1].split("\n### ", 1)[0]
        found = re.search(r"^\| `new_game\(([^`]*)\)` \|", section, re.M)
        assert found, heading
        same(found.group(1), importlib.import_module(f"boomerang_rules.{package}").new_game, package)
