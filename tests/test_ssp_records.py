"""Sea Salt & Paper: records and validate, properties of whole games, and the command line."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import seasaltpaper as ssp
from boomerang_rules import strategies as bst
from boomerang_rules.cli import cli
from boomerang_rules.core.playouts import random_game
from boomerang_rules.seasaltpaper.state import GameState

from .helpers import random_states

RULES = br.load_rules("sea-salt-paper")
EXAMPLES = Path(__file__).parent.parent / "examples"


def test_simulated_records_validate_and_round_trip() -> None:
    for players in (2, 3, 4):
        for seed in range(3):
            state = random_game(RULES, players, seed)
            record = br.record_of(state)
            assert record["game"] == "sea-salt-paper" and record["rules"] == "sea-salt-paper"
            assert br.validate_record(record) == []
            assert br.state_of(record) == state
            assert br.record_of(br.state_of(record)) == record


def test_shipped_examples_validate() -> None:
    found = sorted(EXAMPLES.glob("ssp-game-*p.json"))
    assert [p.name for p in found] == ["ssp-game-2p.json", "ssp-game-3p.json", "ssp-game-4p.json"]
    for path in found:
        record = json.loads(path.read_text())
        assert br.validate_record(record) == [], path


def test_cards_are_conserved_and_scores_never_negative() -> None:
    for players, seed in ((2, 11), (4, 12)):
        for s in random_states(RULES, players, seed):
            if s.phase in ("over", "deal"):
                continue
            places = [*s.deck, *s.piles[0], *s.piles[1], *s.drawn, *(c for h in s.hands for c in h),
                      *(c for p in s.played for c in p)]
            assert sorted(places) == list(range(58))
            assert all(x >= 0 for x in s.totals)
        assert all(x >= 0 for r in s.history for x in r.scores)


def test_the_same_seed_gives_the_same_game_and_apply_never_changes_its_input() -> None:
    a = list(random_states(RULES, 3, 5))
    assert a == list(random_states(RULES, 3, 5))
    assert a != list(random_states(RULES, 3, 6))
    for before in a[:200]:
        if br.is_over(before):
            continue
        copy = attrs.evolve(before)
        seat = br.to_act(before)[0]
        br.apply(before, seat, br.legal_actions(before, seat)[0])
        assert before == copy and before.hands == copy.hands and before.deck == copy.deck


def _reshuffle_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with everything ``seat`` cannot see dealt anew: the deck order and the other hands."""
    others = [s for s in range(state.players) if s != seat and not state.protected >> s & 1]
    hidden_drawn = state.turn != seat
    pool = [*state.deck, *(c for s in others for c in state.hands[s]), *(state.drawn if hidden_drawn else ())]
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        hands[s], pool = tuple(sorted(pool[:len(hands[s])])), pool[len(hands[s]):]
    drawn = state.drawn
    if hidden_drawn and drawn:
        drawn, pool = tuple(pool[:len(drawn)]), pool[len(drawn):]
    return attrs.evolve(state, deck=tuple(pool), hands=tuple(hands), drawn=drawn)


def test_a_view_never_depends_on_what_the_seat_cannot_know() -> None:
    rng = random.Random(3)
    for s in list(random_states(RULES, 4, 21))[::7]:
        if s.phase in ("over", "deal", "steal"):
            continue
        for seat in range(4):
            other = _reshuffle_hidden(s, seat, rng)
            assert br.view(other, seat) == br.view(s, seat)


@settings(max_examples=15, deadline=None)
@given(bst.records(rules=bst.rulesets(game="sea-salt-paper")))
def test_generated_records_validate(record: dict[str, Any]) -> None:
    assert br.validate_record(record) == []


@settings(max_examples=30, deadline=None)
@given(bst.invalid_records(rules="sea-salt-paper"))
def test_one_broken_rule_is_reported_at_its_place(case: tuple[dict[str, Any], str, str]) -> None:
    record, where, rule = case
    problems = br.validate_record(record)
    assert any(p.pointer == where and p.rule == rule for p in problems), (where, rule, problems)


@settings(max_examples=10, deadline=None)
@given(bst.games(rules="sea-salt-paper", finished=True), st.integers(0, 3))
def test_finished_games_have_winners(state: GameState, seat: int) -> None:
    assert br.is_over(state) and br.winners(state)
    assert state.rules.game == ssp.GAME


@pytest.mark.parametrize("instead", ["end", "stop", "last_chance"])
def test_validate_refuses_a_turn_or_round_ended_holding_all_the_mermaids(instead: str) -> None:
    """Whoever holds all four mermaids wins at once: a record in which that seat ends its turn, or
    the round, instead of placing them breaks the ``mermaids`` rule, at that action. (Random game 103
    of two players ends with a seat placing its four mermaids in round 5.)"""
    record = br.record_of(random_game(RULES, 2, 103))
    last = record["rounds"][-1]["actions"]
    assert last[-1][1] == "mermaids" and record["result"]["winners"] == [last[-1][0]]
    bad = json.loads(json.dumps(record))
    bad["rounds"][-1]["actions"][-1][1] = instead
    del bad["result"]
    problems = br.validate_record(bad)
    r, i = len(record["rounds"]) - 1, len(last) - 1
    assert [(p.pointer, p.rule) for p in problems][:1] == [(f"/rounds/{r}/actions/{i}/1", "mermaids")]
    assert "holds all 4 mermaids" in problems[0].message


def test_validate_reports_a_steal_from_a_protected_hand_and_a_round_ended_too_soon() -> None:
    record = br.record_of(random_game(RULES, 3, 1))
    first = record["rounds"][0]["actions"]
    i = next(k for k, e in enumerate(first) if e[1] == "end")
    bad = json.loads(json.dumps(record))
    bad["rounds"][0]["actions"][i][1] = "last_chance"
    problems = br.validate_record(bad)
    assert problems and problems[0].pointer.startswith("/rounds/0/actions/")
    wrong_game = dict(record, rules="standard")
    assert [p.rule for p in br.validate_record(wrong_game)] == ["rules-game"]


def test_cli_simulate_validate_replay(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "g.json"
    done = runner.invoke(cli, ["simulate", "--rules", "sea-salt-paper", "--players", "3", "--seed", "1",
                               "--out", str(out)])
    assert done.exit_code == 0, done.output
    checked = runner.invoke(cli, ["validate", str(out)])
    assert checked.exit_code == 0 and "valid game-record" in checked.output
    told = runner.invoke(cli, ["replay", str(out)])
    assert told.exit_code == 0 and "Winner" in told.output
    hidden = runner.invoke(cli, ["replay", str(out), "--seat", "0"])
    assert hidden.exit_code == 0 and "As seen by" in hidden.output
    record = json.loads(out.read_text())
    record["rounds"][0]["deck"][5] = record["rounds"][0]["deck"][4]
    out.write_text(json.dumps(record))
    broken = runner.invoke(cli, ["validate", str(out)])
    assert broken.exit_code == 1 and "/rounds/0/deck/5" in broken.output and "[card-unique]" in broken.output


def test_cli_score_and_variants() -> None:
    runner = CliRunner()
    done = runner.invoke(cli, ["score", "--rules", "sea-salt-paper", "--hand", "crab-1", "crab-2", "shell-1",
                               "--played", "boat-1", "boat-2", "--json"])
    assert done.exit_code == 0, done.output
    expected = ssp.score_cards(RULES, ["crab-1", "crab-2", "shell-1"], ["boat-1", "boat-2"])
    assert json.loads(done.output) == attrs.asdict(expected)
    assert runner.invoke(cli, ["score", "--rules", "sea-salt-paper", "--hand", "nope"]).exit_code == 1
    assert runner.invoke(cli, ["score", "--rules", "sea-salt-paper", "crab-1"]).exit_code == 2
    listed = runner.invoke(cli, ["variants"])
    assert listed.exit_code == 0 and re.search(r"^sea-salt-paper-tie-ender +sea-salt-paper$", listed.output, re.M)


def test_cli_tournament_and_play_from_a_pipe(tmp_path: Path) -> None:
    runner = CliRunner()
    done = runner.invoke(cli, ["tournament", "--rules", "sea-salt-paper", "--players", "2", "--games", "3",
                               "--bots", "greedy,random", "--json"])
    assert done.exit_code == 0, done.output
    assert [s["bot"] for s in json.loads(done.output)["seats"]] == ["greedy", "random"]
    record = tmp_path / "mine.json"
    played = runner.invoke(cli, ["play", "--rules", "sea-salt-paper", "--players", "2", "--seed", "4",
                                 "--record", str(record)], input="1\n" * 3000)
    assert played.exit_code == 0, played.output[-500:]
    assert "Your hand" in played.output and "Winner" in played.output
    assert br.validate_record(json.loads(record.read_text())) == []


def test_play_tells_a_player_holding_all_the_mermaids_why_placing_them_is_the_only_choice(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Four mermaids in hand leave ``mermaids`` the only legal action: ``play`` offered it alone, and
    answered "end" or "stop" with "'end' is not one of the choices", never saying why a player with a
    pair and points enough may neither play it nor end the round."""
    import io

    from boomerang_rules.seasaltpaper.cli import Session

    from .test_ssp_engine import MERMAIDS, game, holding

    state = holding(game(), 0, [*MERMAIDS, "crab-1", "crab-2"])
    monkeypatch.setattr("sys.stdin", io.StringIO("end\n1\n"))
    assert Session(RULES, 3, 0, 1, ["You", "greedy 1", "greedy 2"]).ask(ssp.view(state, 0)) == "mermaids"
    out = " ".join(capsys.readouterr().out.split())  # as said, wrapped to the terminal
    assert "You hold all 4 mermaids: whoever holds them wins at once, so placing them is your only move." in out
    assert out.index("your only move") < out.index("1. place all 4 mermaids in front of you")


def test_cli_check_scorer_agrees_with_the_library(tmp_path: Path) -> None:
    scorer = tmp_path / "scorer.py"
    scorer.write_text("import json, sys\nimport boomerang_rules as br\n"
                      "for line in sys.stdin:\n"
                      "    s = br.state_of(json.loads(line))\n"
                      "    print(json.dumps([x.as_dict() for x in br.score_sheets(s)]))\n")
    done = CliRunner().invoke(cli, ["check-scorer", "--rules", "sea-salt-paper", "--games", "4", "--",
                                    sys.executable, str(scorer)])
    assert done.exit_code == 0, done.output
    assert "all 4 games agree" in done.output


@settings(max_examples=5, deadline=None)
@given(bst.ssp_records(finished=True, with_result=True), bst.ssp_invalid_records(players=2))
def test_prefixed_strategies(record: dict[str, Any], case: tuple[dict[str, Any], str, str]) -> None:
    assert "result" in record and br.validate_record(record) == []
    broken, where, rule = case
    assert any(p.pointer == where and p.rule == rule for p in br.validate_record(broken))


def test_replay_for_one_seat_hides_what_it_could_not_see(tmp_path: Path) -> None:
    state = random_game(RULES, 3, 4)
    record = br.record_of(state)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record))
    told = CliRunner().invoke(cli, ["replay", str(path), "--seat", "0"]).output.splitlines()
    names = record["players"]
    kept_by_others = [line for line in told if line.startswith(f"  {names[1]} keeps ")]
    assert kept_by_others and all(line.startswith(f"  {names[1]} keeps one and") for line in kept_by_others)
    mine = [line for line in told if line.startswith(f"  {names[0]} keeps ")]
    assert mine and not any(" keeps one and" in line for line in mine)


@pytest.mark.parametrize("seat", [None, 0])
def test_replay_tells_the_face_up_discards_as_play_does(seat: int | None, tmp_path: Path) -> None:
    """The card a keep discards lies face up on its pile, and which pile a card is taken from is
    seen by all: replay names both, for every seat, as play tells them (never "the other")."""
    state = random_game(RULES, 3, 4)
    record = br.record_of(state)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record))
    told = CliRunner().invoke(cli, ["replay", str(path), *(["--seat", str(seat)] if seat is not None else [])])
    assert told.exit_code == 0, told.output
    text = " ".join(told.output.split())  # the story's lines are wrapped at 80 columns
    keeps = [e for rnd in record["rounds"] for e in rnd["actions"] if e[1].startswith("keep:")]
    takes = [e for rnd in record["rounds"] for e in rnd["actions"] if e[1].startswith("take:")]
    assert keeps and takes
    assert "the other onto" not in text and "from the top of a discard pile" not in text
    assert len(re.findall(r" discards \w[\w-]* \([^)]*\) onto the (?:left|right) pile", text)) == len(keeps)
    assert len(re.findall(r" from the top of the (?:left|right) pile", text)) == len(takes)


SSP_SHIPPED = [r for r in br.shipped_ids() if br.load_rules(r).game == "sea-salt-paper"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SSP_SHIPPED), st.integers(2, 4), st.integers(0, 2**32), st.data())
def test_a_record_replays_through_the_compiled_path_as_through_the_plain_code(
        rules_id: str, players: int, seed: int, data: st.DataObject) -> None:
    """``validate`` replays through the compiled hot path (issue 27); a record broken anywhere (an
    action swapped for another of the game, a seat changed, a steal's card) gets the plain code's
    problems, word for word, and a whole one the same state."""
    from boomerang_rules.seasaltpaper import hot_path, record_checks

    rules = br.load_rules(rules_id)
    record = br.record_of(random_game(rules, players, seed))
    actions = [a for rnd in record["rounds"] for a in rnd["actions"]]
    r = data.draw(st.integers(0, len(record["rounds"]) - 1), label="round")
    rnd = record["rounds"][r]["actions"]
    i = data.draw(st.integers(0, len(rnd) - 1), label="action")
    how = data.draw(st.sampled_from(["action", "seat", "card", "none"]), label="how")
    if how == "action":
        rnd[i] = [rnd[i][0], data.draw(st.sampled_from(sorted({a[1] for a in actions})), label="instead")]
    elif how == "seat":
        rnd[i] = [(rnd[i][0] + 1) % players, *rnd[i][1:]]
    elif how == "card":  # a steal's card when the round has a steal
        i = next((j for j, a in enumerate(rnd) if len(a) == 3 and j >= i), i)
        rnd[i] = [*rnd[i][:2], data.draw(st.sampled_from(sorted(set(rules_cards(rules)))), label="card")]

    def replayed() -> tuple[Any, list[str]]:
        checked = record_checks.check_record(record)
        return checked.state, [str(p) for p in checked.problems]

    compiled = replayed()
    plain = {"apply": hot_path.apply_plain, "is_over": hot_path.is_over_plain,
             "legal_actions": hot_path.legal_actions_plain}
    saved = {name: getattr(record_checks, name) for name in plain}
    for name, function in plain.items():
        setattr(record_checks, name, function)
    try:
        assert replayed() == compiled
    finally:
        for name, function in saved.items():
            setattr(record_checks, name, function)

def rules_cards(rules: Any) -> list[str]:
    return [c.id for c in rules.cards]


def test_the_schema_says_of_an_action_what_the_fast_check_knows() -> None:
    from boomerang_rules.core.schema import _schema
    from boomerang_rules.seasaltpaper import record_checks

    actions = _schema(record_checks.RECORD_SCHEMA)["properties"]["rounds"]["items"]["properties"]["actions"]
    assert {k: v for k, v in actions.items() if k != "description"} == {
        "type": "array", "maxItems": record_checks.MAX_ACTIONS, "items": record_checks.ACTION_SCHEMA}


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_schema_shown_a_record_less_its_fitting_actions_finds_what_it_finds_in_the_whole(
        data: st.DataObject) -> None:
    """``check_record`` shows the schema each round without its actions when every one fits
    (issue 27); the problems are those of the whole record, whatever is broken in it."""
    from boomerang_rules.core.schema import schema_problems
    from boomerang_rules.seasaltpaper import record_checks

    record = br.record_of(random_game(RULES, 2, data.draw(st.integers(0, 50), label="seed")))
    junk = st.one_of(st.none(), st.booleans(), st.integers(-2, 70), st.floats(allow_nan=False), st.text(max_size=90),
                     st.lists(st.integers(0, 3), max_size=4), st.just({}))
    rounds = record["rounds"]
    for _ in range(data.draw(st.integers(0, 3), label="breaks")):
        rnd = data.draw(st.sampled_from(rounds), label="round")
        where = data.draw(st.sampled_from(["action", "item", "actions", "deck", "round", "top"]), label="where")
        if where in ("action", "item") and not (isinstance(rnd["actions"], list) and rnd["actions"]
                                                and all(isinstance(a, list) and a for a in rnd["actions"])):
            continue
        if where == "action":
            i = data.draw(st.integers(0, len(rnd["actions"]) - 1))
            rnd["actions"][i] = data.draw(junk | st.lists(junk, max_size=4), label="action")
        elif where == "item":
            action = rnd["actions"][data.draw(st.integers(0, len(rnd["actions"]) - 1))]
            action[data.draw(st.integers(0, len(action) - 1))] = data.draw(junk, label="item")
        elif where == "actions":
            rnd["actions"] = data.draw(junk, label="actions")
        elif where == "deck":
            rnd["deck"] = data.draw(junk, label="deck")
        elif where == "round":
            rnd[data.draw(st.sampled_from(["first", "other"]))] = data.draw(junk, label="value")
        else:
            record[data.draw(st.sampled_from(["rounds", "players", "seed"]))] = data.draw(junk, label="value")
    whole = schema_problems(record, record_checks.RECORD_SCHEMA)
    assert schema_problems(record_checks._for_the_schema(record), record_checks.RECORD_SCHEMA) == whole


FITTING_BREAKS: dict[str, Any] = {
    "the actions a number": lambda actions: 5,
    "an action a number": lambda actions: [*actions[:1], 5, *actions[1:]],
    "an action's verb a number": lambda actions: [[actions[0][0], 5], *actions[1:]],
    "an action of four items": lambda actions: [[*actions[0][:2], "crab-1", "crab-2"], *(a[:2] for a in actions[1:])],
    "a steal's card a number": lambda actions: [[*a[:2], 5] if len(a) == 3 else a for a in actions],
    "a steal's card 81 characters long": lambda actions: [[*a[:2], "c" * 81] if len(a) == 3 else a for a in actions],
    "a seat -1": lambda actions: [[-1, actions[0][1]], *actions[1:]],
    "a seat 64": lambda actions: [[64, actions[0][1]], *actions[1:]],
    "a seat a string": lambda actions: [["0", actions[0][1]], *actions[1:]],
    "an action 81 characters long": lambda actions: [[actions[0][0], "d" * 81], *actions[1:]],
    "an action 80 characters long": lambda actions: [[actions[0][0], "d" * 80], *actions[1:]],
}


@pytest.mark.parametrize("case", sorted(FITTING_BREAKS))
def test_the_schema_shown_a_record_less_its_fitting_actions_sees_each_break_of_an_action(case: str) -> None:
    """The cases the property above may not draw in a few examples: the schema's problems are the
    whole record's (an action or card may be an id, of at most 80 characters when a string; a seat a
    string)."""
    from boomerang_rules.core.schema import schema_problems
    from boomerang_rules.seasaltpaper import record_checks

    whole_game = json.loads(json.dumps(br.record_of(random_game(RULES, 2, 3))))
    assert {len(a) for a in whole_game["rounds"][0]["actions"]} == {2, 3}  # a steal among them
    steal = next(i for i, a in enumerate(whole_game["rounds"][0]["actions"]) if len(a) == 3)
    # the game up to that steal: one round, whose every decision the schema sees the same
    record = {**whole_game, "rounds": [{**whole_game["rounds"][0],
                                        "actions": whole_game["rounds"][0]["actions"][:steal + 1]}]}
    record.pop("result", None)
    for rnd in record["rounds"]:  # every round broken: else the whole record is shown, each fitting or not
        rnd["actions"] = FITTING_BREAKS[case](rnd["actions"])
    whole = schema_problems(record, record_checks.RECORD_SCHEMA)
    assert schema_problems(record_checks._for_the_schema(record), record_checks.RECORD_SCHEMA) == whole
    schema_clean = ("an action 80 characters long", "an action's verb a number", "a seat a string",
                    "a steal's card a number")  # an action's or a card's id, a seat's name
    assert (whole == []) == (case in schema_clean)
    assert whole == [] or ssp.validate_record(record) != []


@pytest.mark.parametrize("document", [[], "a record", 5, None, [{"rounds": []}]])
def test_a_document_that_is_not_a_json_object_gets_the_schema_s_refusal_at_its_root(document: Any) -> None:
    """A record is a JSON object: any other document (a list, a string, a number, null) is refused
    by the schema at the root, and nothing is replayed, rather than raising while the record less
    its fitting actions is made for the schema (issue 27)."""
    from boomerang_rules.seasaltpaper import record_checks

    checked = record_checks.check_record(document)
    assert checked.state is None
    assert [(p.pointer, p.rule) for p in checked.problems] == [("", "schema:type")]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SSP_SHIPPED), st.integers(2, 4), st.integers(0, 2**32), st.data())
def test_a_record_line_is_the_record_encoded(rules_id: str, players: int, seed: int, data: st.DataObject) -> None:
    """``record_line``, ``simulate``'s faster writing (issue 27), is the text of ``record_of`` encoded
    as a line, on every shipped ruleset, at any point of a game (a round under way, between rounds,
    over), whatever the players' names."""
    from boomerang_rules.core.simulation import _one_line
    from boomerang_rules.seasaltpaper import records as ssp_records

    rules = br.load_rules(rules_id)
    names = data.draw(st.none() | st.lists(st.text(max_size=6), min_size=players, max_size=players), label="names")
    states = list(random_states(rules, players, seed))
    for state in [states[0], states[-1], *data.draw(st.lists(st.sampled_from(states), max_size=5), label="states")]:
        try:
            record = ssp_records.record_of(state, names)
        except br.InvalidInput:  # a name no record holds (a control character): refused alike
            with pytest.raises(br.InvalidInput):
                ssp_records.record_line(state, names)
            continue
        assert ssp_records.record_line(state, names) == _one_line(record)


def test_a_record_line_refuses_what_record_of_refuses() -> None:
    from boomerang_rules.seasaltpaper import records as ssp_records

    state = br.new_game(RULES, 2, 1)
    seen = br.view(state, 0)
    drawn = ssp.determinize(seen, 3)
    with pytest.raises(ValueError, match="no game record"):
        ssp_records.record_line(drawn)
    with pytest.raises(TypeError):
        ssp_records.record_line("a state")  # type: ignore[arg-type]


def test_record_of_refuses_a_determinized_state_saying_why_and_where_the_decision_is_written() -> None:
    """A state ``determinize`` drew has no record (docs/sea-salt-paper.md): ``record_of`` and
    ``record_line`` refuse it with the same words, which name the view's missing deck order and
    decisions and the page that records the decision."""
    from boomerang_rules.seasaltpaper import records as ssp_records

    drawn = ssp.determinize(br.view(br.new_game(RULES, 3, 2), 1), 5)
    why = ("state has no game record: it was drawn by determinize, whose view holds neither the round's deck "
           "order nor its decisions (a determinization plays on, but no record replays to it; "
           "docs/sea-salt-paper.md)")
    for write in (ssp_records.record_of, ssp_records.record_line):
        with pytest.raises(ValueError) as refused:
            write(drawn)
        assert str(refused.value) == why


def test_the_record_line_s_texts_are_kept_for_a_bounded_number_of_rulesets() -> None:
    """``record_line`` keeps each ruleset's card and decision texts (issue 27): the next record of
    the ruleset finds them made, for at most ``_MAX_TEXTS`` rulesets at once (then drops them all),
    so a program writing the records of many rulesets' games holds a bounded memo. Each ruleset's
    texts are its cards' ids as JSON."""
    from types import SimpleNamespace

    from boomerang_rules.seasaltpaper import records as ssp_records

    try:
        for i in range(3 * ssp_records._MAX_TEXTS):
            ids = (f"card-{i}", "shell-1")
            texts = ssp_records._texts_of(SimpleNamespace(ids=ids))  # type: ignore[arg-type]
            assert texts.cards == (f'"card-{i}"', '"shell-1"')
            assert ssp_records._texts_of(SimpleNamespace(ids=ids)) is texts  # type: ignore[arg-type]
            assert 0 < len(ssp_records._TEXTS) <= ssp_records._MAX_TEXTS
    finally:
        ssp_records._TEXTS.clear()


class _Seat(int):
    """A seat number as another JSON reader may give it: an ``int`` subclass."""


class _Action(str):
    """An action as another JSON reader may give it: a ``str`` subclass."""


def test_a_record_whose_seats_and_actions_are_int_and_str_subclasses_replays_the_same() -> None:
    """A decision is a seat number and a string (``action-shape``): of ``int`` and ``str`` or a
    subclass (not ``bool``), as the schema reads them, not only the exact types ``json`` makes."""
    state = ssp.play_game(RULES, [ssp.BOTS["random"](RULES, s) for s in range(3)], 4)
    record = json.loads(json.dumps(ssp.record_of(state)))
    for rnd in record["rounds"]:
        rnd["actions"] = [[_Seat(seat), _Action(action), *rest] for seat, action, *rest in rnd["actions"]]
    assert ssp.validate_record(record) == []
    record["rounds"][0]["actions"][0][0] = True
    [problem] = ssp.validate_record(record)  # a bool is no seat number
    assert (problem.pointer, problem.rule) == ("/rounds/0/actions/0/0", "schema:type")


@pytest.mark.parametrize("seat", [None, 0, 1])
@pytest.mark.parametrize("rules_id", ["sea-salt-paper", "sea-salt-paper-extra-salt"])
def test_replay_names_a_card_drawn_unseen_to_whoever_saw_it(rules_id: str, seat: int | None, tmp_path: Path) -> None:
    """The card a fish duo draws, or the top card a jellyfish lets a bound seat take (``draw_one``),
    is seen by its player: ``play`` names it to them, and replay (the whole table's, or that
    seat's) names it too; it said only "the deck's top card", even to the player who drew it."""
    from boomerang_rules.seasaltpaper.telling import draws_unseen

    rules = br.load_rules(rules_id)
    record = br.record_of(random_game(rules, 3, 11))
    rounds = record["rounds"]
    walked = ssp.new_game(rules, 3, decks=[r["deck"] for r in rounds], first=rounds[0]["first"],
                          steals=[e[2] for r in rounds for e in r["actions"] if len(e) == 3],
                          shuffles=[o for r in rounds for o in r.get("shuffles", [])])
    t = walked.tables
    drawn: list[tuple[int, str]] = []  # (seat, card) of every unseen draw that drew a card
    kinds = set()
    for rnd in rounds:
        for entry in rnd["actions"]:
            before = walked.hands[entry[0]]
            walked = br.apply(walked, entry[0], entry[1])
            new = [c for c in walked.hands[entry[0]] if c not in before]
            if draws_unseen(t, entry[1]) and new and walked.round == rounds.index(rnd):
                drawn.append((entry[0], t.ids[new[0]]))
                kinds.add(entry[1][:4])
    assert {s for s, _ in drawn} >= {0, 1}  # seed 11: both seats draw so, in both rulesets
    assert kinds == ({"duo:", "draw"} if rules.trio else {"duo:"})  # Extra Salt's draw_one too
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record))
    told = CliRunner().invoke(cli, ["replay", str(path), *(["--seat", str(seat)] if seat is not None else [])])
    assert told.exit_code == 0, told.output
    text = " ".join(told.output.split())
    named = re.findall(r"(?:the deck's top card|takes the top card of the deck), ([\w-]+) \(", text)
    assert named == [card for s, card in drawn if seat in (None, s)]


def test_replay_tells_a_long_record_replaying_each_decision_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game of many rounds (each ending with an empty deck, as nobody calls) is told in time linear in
    its length: replay's story applied every decision once for itself, then once more for each round
    still to come (a check of the record cut after each round), so that a record of 400 rounds took
    30 s to tell where validate took 1 s, and one of the 4 MB replay reads, some 1,900 rounds, ten
    minutes."""
    from boomerang_rules.cli.common import game_cli
    from boomerang_rules.seasaltpaper import engine, record_checks

    state = br.new_game(RULES, 2, 1)
    while state.round < 12:  # draw, keep, end: the deck runs out every round, the game never ends
        seat = br.to_act(state)[0]
        legal = br.legal_actions(state, seat)
        state = br.apply(state, seat, next(a for p in ("draw", "keep:", "end") for a in legal if a.startswith(p)))
    record = json.loads(json.dumps(br.record_of(state)))
    decisions = sum(len(r["actions"]) for r in record["rounds"])
    applied = 0

    def counted(apply: Any) -> Any:
        def counting(*args: Any) -> Any:
            nonlocal applied
            applied += 1
            return apply(*args)
        return counting

    monkeypatch.setattr(engine, "apply", counted(engine.apply))
    monkeypatch.setattr(record_checks, "apply", counted(vars(record_checks)["apply"]))  # the check's replay
    lines = game_cli(RULES).narrate(record, RULES, ["Ana", "Ben"], 0)
    assert lines[-1] == "The game is unfinished." and sum("the deck ran out" in line for line in lines) == 12
    assert decisions <= applied <= 2 * decisions
