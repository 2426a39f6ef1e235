"""Extra Salt through every command (issue 29): simulate, validate, replay, sheet, score, play and
tournament for 2 to 4 players, and records tampered by each of the expansion's rules refused with
their file, pointer and rule."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from boomerang_rules.cli import cli

RULES = "sea-salt-paper-extra-salt"


def run(*args: str, input: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.output


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_simulated_game_validates_replays_and_draws(players: int, tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    bots = ",".join(["greedy", "random", "ismcts:5", "greedy"][:players])
    code, out = run("simulate", "--rules", RULES, "--players", str(players), "--seed", "5", "--bots", bots,
                    "--out", str(record))
    assert code == 0, out
    data = json.loads(record.read_text())
    assert data["rules"] == RULES and len(data["rounds"][0]["deck"]) == 66
    code, out = run("validate", str(record))
    assert code == 0 and "valid game-record" in out
    code, told = run("replay", str(record))
    assert code == 0 and "Round 1" in told
    code, svg = run("sheet", str(record))
    assert code == 0 and svg.lstrip().startswith("<")
    page = tmp_path / "g.html"
    code, _ = run("replay", str(record), "--html", str(page))
    html = page.read_text()
    assert code == 0 and "starfish-" in html and "jellyfish-" in html  # the new cards on the page


def test_a_tampered_record_is_refused_with_pointer_and_rule(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    run("simulate", "--rules", RULES, "--players", "2", "--seed", "5", "--out", str(record))
    data = json.loads(record.read_text())
    data["rounds"][0]["deck"][1] = data["rounds"][0]["deck"][0]
    record.write_text(json.dumps(data))
    code, out = run("validate", str(record))
    assert code == 1 and "/rounds/0/deck/1" in out and "card-unique" in out


def test_score_takes_the_new_cards() -> None:
    code, out = run("score", "--rules", RULES, "--hand", "seahorse-1", "shell-1", "starfish-1", "crab-1", "crab-2",
                    "cast_of_crabs-1")  # in hand: a cast of crabs is never played (score refuses it in front)
    assert code == 0 and "Card points     7" in out  # trio 3, shells 2 with the seahorse, cast of crabs 2


def test_play_in_the_terminal_with_the_expansion(tmp_path: Path) -> None:
    record = tmp_path / "p.json"
    code, out = run("play", "--rules", RULES, "--seed", "3", "--record", str(record), input="help\n" + "1\n" * 3000)
    assert code == 0 and "Winner" in out
    assert "plays lobster:" not in out and "trio:" not in out.replace("[trio:", "")  # told in words
    code, _ = run("validate", str(record))
    assert code == 0


def _first(record: dict[str, Any], prefix: str) -> tuple[int, int]:
    """The round and index of the first action starting with ``prefix``."""
    return next((r, i) for r, rnd in enumerate(record["rounds"]) for i, (_, name, *_) in enumerate(rnd["actions"])
                if name.startswith(prefix))


def _lobster(record: dict[str, Any]) -> str:
    r, i = _first(record, "lobster:")
    record["rounds"][r]["actions"][i][1] = "lobster:" + record["rounds"][r]["deck"][-1]  # not among the five
    return f"/rounds/{r}/actions/{i}/1"


def _trio(record: dict[str, Any]) -> str:
    r, i = _first(record, "trio:")
    a, b, _ = record["rounds"][r]["actions"][i][1][5:].split("+")
    record["rounds"][r]["actions"][i][1] = f"trio:{a}+{b}+mermaid-1"
    return f"/rounds/{r}/actions/{i}/1"


def _jellyfish(record: dict[str, Any]) -> str:
    r, i = _first(record, "draw_one")
    record["rounds"][r]["actions"][i][1] = "draw"
    return f"/rounds/{r}/actions/{i}/1"


def _shuffle(record: dict[str, Any]) -> str:
    r, _ = _first(record, "lobster:")
    order = record["rounds"][r]["shuffles"][0]
    order[0] = order[1]
    return f"/rounds/{r}/shuffles/0"


def _shuffles(record: dict[str, Any]) -> str:
    r, _ = _first(record, "lobster:")
    record["rounds"][r]["shuffles"].append(record["rounds"][r]["shuffles"][0])
    return f"/rounds/{r}/shuffles/1"


def _result(record: dict[str, Any]) -> str:
    record["result"]["sheets"][0]["total"] += 1
    return "/result/sheets/0/total"


@pytest.mark.parametrize(("tamper", "rule"), [(_lobster, "lobster-card"), (_trio, "trio"), (_jellyfish, "jellyfish"),
                                              (_shuffle, "shuffle-cards"), (_shuffles, "shuffles-count"),
                                              (_result, "result-sheet")])
def test_each_expansion_rule_refuses_a_tampered_record_by_file_pointer_and_rule(
        tamper: Callable[[dict[str, Any]], str], rule: str, tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    code, _ = run("simulate", "--rules", RULES, "--players", "2", "--seed", "0", "--out", str(record))
    data = json.loads(record.read_text())  # seed 0: a lobster, a trio and a jellyfish's binding
    where = tamper(data)
    record.write_text(json.dumps(data))
    code, out = run("validate", str(record))
    assert code == 1 and f"{record}:{where}" in out and f"[{rule}]" in out, out
    code, out = run("replay", str(record))
    assert code == 1 and f"{record}:{where}" in out, out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_and_a_tournament_at_every_player_count(players: int, tmp_path: Path) -> None:
    record = tmp_path / "p.json"
    code, out = run("play", "--rules", RULES, "--players", str(players), "--seed", str(players),
                    "--record", str(record), input="1\n" * 4000)
    assert code == 0 and "Winner" in out, out[-500:]
    assert run("validate", str(record))[0] == 0
    code, out = run("tournament", "--rules", RULES, "--players", str(players), "--games", "2",
                    "--bots", ",".join(["greedy", "random", "random", "greedy"][:players]))
    assert code == 0 and f"2 games, {players} players, rules {RULES}" in out, out


@pytest.mark.parametrize(("look", "words"), [(3, "top three cards"), (1, "top card")])
def test_the_lobster_pair_says_the_number_of_cards_its_ruleset_looks_at(look: int, words: str) -> None:
    """The words of a ``look_at_top`` duo (the choice offered, what the others are told, ``cards``
    in ``play``) say the ruleset's own ``look``: a variant's lobster looking at 3 was told as five."""
    import boomerang_rules as br
    from boomerang_rules.core.loading import rules_from_data
    from boomerang_rules.seasaltpaper.cli import card_rules
    from boomerang_rules.seasaltpaper.tables import tables_for
    from boomerang_rules.seasaltpaper.telling import describe_action, told

    base = br.rules_data(br.load_rules(RULES))
    rules = rules_from_data({**base, "id": f"lobster-looks-at-{look}", "duos": [
        {**d, "look": look} if d["effect"] == "look_at_top" else d for d in base["duos"]]})
    t = tables_for(rules)
    assert f"look at the {words} of the deck, keep one" in describe_action(t, "duo:crab-1+lobster-1")
    assert told(t, "duo:crab-1+lobster-1", "Ana").endswith(f"as a duo: a look at the deck's {words}")
    assert f"look at the {words} of the deck" in card_rules(rules, "lobster-1")
    assert "look at the top five cards of the deck" in card_rules(br.load_rules(RULES), "lobster-1")  # the shipped


def test_cards_and_the_opening_say_what_the_starfish_and_the_seahorse_do() -> None:
    """``cards starfish-1`` and ``cards seahorse-1`` in ``play`` said only the card's kind and colour,
    and the opening's card points left both out: the trio and the stand-in are read off the ruleset."""
    import boomerang_rules as br
    from boomerang_rules.seasaltpaper.cli import card_rules, scoring_summary

    rules = br.load_rules(RULES)
    starfish, seahorse = card_rules(rules, "starfish-1"), card_rules(rules, "seahorse-1")
    assert "a trio: 3 points in place of the duo's, and no effect" in starfish
    assert "one more card of a collection you have begun (shells, octopuses, penguins, sailors)" in seahorse
    summary = scoring_summary(rules)
    assert "a starfish with a pair, a trio 3" in summary and "a seahorse, one more card of a collection" in summary
    base = br.load_rules("sea-salt-paper")
    assert "trio" not in scoring_summary(base) and "seahorse" not in scoring_summary(base)


@pytest.mark.parametrize("points", [1, 3, 4])
def test_a_trio_is_offered_at_the_ruleset_s_worth(points: int) -> None:
    """``play`` offered a trio as "3 points" whatever the ruleset's ``trio.points``: the choice now
    says the worth the scorer gives it."""
    import boomerang_rules as br
    from boomerang_rules.core.loading import rules_from_data
    from boomerang_rules.seasaltpaper import score_cards
    from boomerang_rules.seasaltpaper.tables import tables_for
    from boomerang_rules.seasaltpaper.telling import describe_action

    base = br.rules_data(br.load_rules(RULES))
    rules = rules_from_data({**base, "id": f"trio-{points}", "trio": {**base["trio"], "points": points}}, "t.json")
    trio = ["crab-1", "crab-2", "starfish-1"]
    assert score_cards(rules, hand=trio).duos == points
    words = describe_action(tables_for(rules), "trio:" + "+".join(trio))
    assert words.endswith(f"as a trio: {points} point{'s' if points != 1 else ''}, no effect")


def test_play_says_the_card_a_drawing_duo_gave_when_its_kind_is_in_two_duos(capsys: pytest.CaptureFixture[str]) -> None:
    """``play`` tells its player the card a ``draw`` duo took from the deck: it looked up the effect
    of the first card's kind alone, the last duo naming it, so a fish pair in a ruleset where the
    fish also pairs with the lobster said nothing."""
    import boomerang_rules as br
    from boomerang_rules.core.loading import rules_from_data
    from boomerang_rules.seasaltpaper.cli import Session

    base = br.rules_data(br.load_rules(RULES))
    rules = rules_from_data({**base, "id": "fish-and-lobster", "duos": [
        *base["duos"], {"kinds": ["fish", "lobster"], "points": 1, "effect": "look_at_top", "look": 2}]})
    session = Session(rules, 2, 0, 1, ["You", "greedy 1"])
    t = session.t
    before = (t.index["fish-1"], t.index["fish-2"], t.index["shell-1"])
    session.drew("duo:fish-1+fish-2", before, (t.index["shell-1"], t.index["octopus-1"]))
    assert "You draw octopus-1 (octopus, light blue) from the deck" in capsys.readouterr().out
    session.drew("duo:fish-1+lobster-1", before, (t.index["shell-1"], t.index["octopus-1"]))
    assert capsys.readouterr().out == ""  # a look at the deck, not a draw: the lobster's own words say it


def test_play_says_the_card_a_jellyfish_let_its_player_draw() -> None:
    """A seat a jellyfish binds takes the deck's top card (``draw_one``), unseen until it is in hand:
    ``play`` said only "You have nothing more to play", so its player learnt the card at the next
    turn, or at the round's end. It is named as the fish duo's card is."""
    code, out = run("play", "--rules", RULES, "--players", "4", "--seed", "3", "--bots", "random", input="1\n" * 3000)
    assert code == 0, out[-500:]
    lines = out.splitlines()
    bound = [i for i, line in enumerate(lines) if "(a jellyfish binds you)" in line]
    assert bound  # seed 3: the player is bound once
    for i in bound:
        assert lines[i + 2].startswith("  You draw ") and lines[i + 2].endswith(" from the deck"), lines[i:i + 4]
