"""Sea Salt & Paper's ruleset checks, one broken rule at a time, each message whole (issue 17:
the mutation run found these checks reached by one test that looked at three of them)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import boomerang_rules as br
from boomerang_rules.core.errors import RulesError
from boomerang_rules.core.loading import rules_from_data

Change = Callable[[dict[str, Any]], object]


def _problems(change: Change) -> list[str]:
    data = br.rules_data(br.load_rules("sea-salt-paper"))
    change(data)
    with pytest.raises(RulesError) as info:
        rules_from_data(data)
    return [f"{p.pointer}: {p.message} [{p.rule}]" for p in info.value.problems]


def _tiny_deck(data: dict[str, Any]) -> None:
    """One card of each kind (two of each pair's), one mermaid to win, for up to 8 players."""
    seen: dict[str, int] = {}
    keep = []
    for card in data["cards"]:
        if seen.get(card["kind"], 0) < (2 if card["kind"] in ("crab", "boat", "fish") else 1):
            keep.append(card)
            seen[card["kind"]] = seen.get(card["kind"], 0) + 1
    data["cards"] = keep
    data["mermaids"]["win_with"] = 1
    data["players"] = {"min": 2, "max": 8}
    data["end_targets"] = {str(n): 30 for n in range(2, 9)}


def _keep_one(kind: str) -> Change:
    def change(data: dict[str, Any]) -> None:
        of_kind = [c for c in data["cards"] if c["kind"] == kind]
        data["cards"] = [c for c in data["cards"] if c["kind"] != kind] + of_kind[:1]

    return change


def _worthless_but(field: str, value: dict[str, Any] | list[Any], min_points: int) -> Change:
    """No duo, collector or multiplier scoring but ``value`` in ``field`` (the mermaids' 34 points stay),
    and the given round end."""
    def change(data: dict[str, Any]) -> None:
        for duo in data["duos"]:
            duo["points"] = 0
        data["collectors"] = {k: [0] * len(v) for k, v in data["collectors"].items()}
        for mult in data["multipliers"].values():
            mult["points"] = 0
        data[field] = data[field] | value if isinstance(value, dict) else value
        data["round_end"]["min_points"] = min_points

    return change


def _only_uncounted_mermaids(data: dict[str, Any]) -> None:
    """A deck of mermaids alone, their white not counted: nothing ever scores, bonus included."""
    data["cards"] = [{"id": f"mermaid-{i}", "kind": "mermaid", "colour": "white"} for i in range(1, 11)]
    data.update(duos=[], collectors={}, multipliers={})
    data["mermaids"].update(count_own_colour=False, win_with=1)
    data["round_end"]["min_points"] = 0


def _counted_mermaids_needing(min_points: int) -> Change:
    """A deck of ten white mermaids that count their own white: a hand scores at most 10."""
    def change(data: dict[str, Any]) -> None:
        _only_uncounted_mermaids(data)
        data["mermaids"]["count_own_colour"] = True
        data["round_end"]["min_points"] = min_points

    return change


CASES: dict[str, tuple[Change, list[str]]] = {
    "a duo kind also a collector": (
        lambda d: d["collectors"].update(crab=[0, 1]),
        ["/collectors/crab: kind 'crab' is both a duo card and a collector; give each kind one role [kind-role]"]),
    "a kind in two duos is allowed (Extra Salt's crab), but not with a collector's kind": (
        lambda d: d["duos"].append({"kinds": ["shark", "octopus"], "points": 1, "effect": "draw"}),
        ["/collectors/octopus: kind 'octopus' is both a duo card and a collector; give each kind one role "
         "[kind-role]"]),
    "the same pair in two duos": (
        lambda d: d["duos"].append({"kinds": ["shark", "swimmer"], "points": 1, "effect": "draw"}),
        ["/duos/3/kinds: the pair swimmer + shark is in more than one duo [duo-kinds]",
         "/duos/4/kinds: the pair shark + swimmer is in more than one duo [duo-kinds]"]),
    "a look_at_top duo without its look": (
        lambda d: d["duos"][0].update(effect="look_at_top"),
        ["/duos/0/look: a look_at_top duo says how many cards it looks at (look), and only it does [duo-look]"]),
    "a trio with duos of two worths": (
        lambda d: (d.update(trio={"kind": "shell", "points": 3}), d["duos"][0].update(points=2)),
        ["/trio/kind: kind 'shell' is both a collector and the trio card; give each kind one role [kind-role]",
         "/trio: a trio takes duos of one worth, but the duos score 1, 2 [trio-duos]"]),
    "a look on a duo that does not look": (
        lambda d: d["duos"][0].update(look=5),
        ["/duos/0/look: a look_at_top duo says how many cards it looks at (look), and only it does [duo-look]"]),
    "a multiplier of its own kind": (
        lambda d: d["multipliers"]["captain"].update(kind="captain"),
        ["/multipliers/captain/kind: multiplier 'captain' multiplies its own kind [multiplier-kind]"]),
    "a kind no rule scores": (
        lambda d: d["multipliers"].pop("captain"),
        ["/cards/53/kind: card 'captain-1' is a 'captain', which no duo, collector, multiplier or mermaid rule "
         "scores [kind-known]"]),
    "a scored kind with no card": (  # the captain multiplies sailors: it could never score either
        lambda d: d.update(cards=[c for c in d["cards"] if c["kind"] != "sailor"]),
        ["/multipliers/captain/kind: the deck has no 'sailor' card, so multiplier 'captain' could never score "
         "[kind-in-deck]",
         "/collectors/sailor: the deck has no 'sailor' card [kind-in-deck]"]),
    "a pair of a kind the deck has once": (
        _keep_one("fish"), ["/duos/2/kinds: the deck has one 'fish': never a pair [kind-in-deck]"]),
    "more mermaids to win than the deck has": (
        lambda d: d["mermaids"].update(win_with=5),
        ["/mermaids/win_with: 5 mermaids win, but the deck has 4 [mermaid-count]"]),
    "player counts without a target": (
        lambda d: (d["end_targets"].pop("2"), d["end_targets"].pop("4")),
        ["/end_targets: no target for 2 players [end-targets]", "/end_targets: no target for 4 players [end-targets]"]),
    "too few cards for the most players": (_tiny_deck, ["/cards: 17 cards are too few for 8 players [deck-size]"]),
    "a player range upside down": (
        lambda d: d.update(players={"min": 4, "max": 3}),
        ["/players/min: the minimum (4) is above the maximum (3) [players-range]"]),
    "a duo kind with no card": (
        lambda d: d.update(cards=[c for c in d["cards"] if c["kind"] != "shark"]),
        ["/duos/3/kinds: the deck has no 'shark' card [kind-in-deck]"]),
    "a multiplier also a collector": (
        lambda d: d["collectors"].update(lighthouse=[0, 1]),
        ["/multipliers/lighthouse: kind 'lighthouse' is both a collector and a multiplier; give each kind one "
         "role [kind-role]"]),
    "a multiplier with no card": (
        lambda d: d.update(cards=[c for c in d["cards"] if c["kind"] != "lighthouse"]),
        ["/multipliers/lighthouse: the deck has no 'lighthouse' card [kind-in-deck]"]),
    "the mermaid a duo kind": (
        lambda d: d["mermaids"].update(kind="crab"),
        ["/mermaids/kind: kind 'crab' is both a duo card and the mermaid; give each kind one role [kind-role]",
         *(f"/cards/{53 + i}/kind: card 'mermaid-{i}' is a 'mermaid', which no duo, collector, multiplier or "
           "mermaid rule scores [kind-known]" for i in range(1, 5))]),
    "no mermaid card": (
        lambda d: d.update(cards=[c for c in d["cards"] if c["kind"] != "mermaid"]),
        ["/mermaids/kind: the deck has no 'mermaid' card [kind-in-deck]",
         "/mermaids/win_with: 4 mermaids win, but the deck has 0 [mermaid-count]"]),
    "no mermaid card, where one wins": (  # told in the singular ("1 mermaids win" before)
        lambda d: (d.update(cards=[c for c in d["cards"] if c["kind"] != "mermaid"]), d["mermaids"].update(win_with=1)),
        ["/mermaids/kind: the deck has no 'mermaid' card [kind-in-deck]",
         "/mermaids/win_with: 1 mermaid wins, but the deck has 0 [mermaid-count]"]),
    "a round end no hand reaches": (
        lambda d: d["round_end"].update(min_points=110),
        ["/round_end/min_points: ending a round takes 110 card points, but no hand of this deck can score more "
         "than 109: no round could ever be scored, and no target reached [round-end-reachable]"]),
    "a round end past every hand, mermaids or not": (
        lambda d: (d["round_end"].update(min_points=1000), d["mermaids"].update(win_with=1)),
        ["/round_end/min_points: ending a round takes 1000 card points, but no hand of this deck can score more "
         "than 109: no round could ever be scored, and no target reached [round-end-reachable]"]),
    "a round end past every hand, a collector without cards": (  # the collector adds nothing to the bound
        lambda d: (d.update(cards=[c for c in d["cards"] if c["kind"] != "sailor"]),
                   d["round_end"].update(min_points=1000)),
        ["/multipliers/captain/kind: the deck has no 'sailor' card, so multiplier 'captain' could never score "
         "[kind-in-deck]",
         "/collectors/sailor: the deck has no 'sailor' card [kind-in-deck]",
         "/round_end/min_points: ending a round takes 1000 card points, but no hand of this deck can score more "
         "than 98: no round could ever be scored, and no target reached [round-end-reachable]"]),
    "a round end past mermaids that count their own white": (
        _counted_mermaids_needing(11),
        ["/round_end/min_points: ending a round takes 11 card points, but no hand of this deck can score more "
         "than 10: no round could ever be scored, and no target reached [round-end-reachable]"]),
    "a round end past tables that fall": (
        _worthless_but("collectors", {"shell": [9, 1, 0, 0, 0, 0], "sailor": [0, 0, 4]}, min_points=44),
        ["/round_end/min_points: ending a round takes 44 card points, but no hand of this deck can score more "
         "than 43: no round could ever be scored, and no target reached [round-end-reachable]"]),
    "a round end past the pairs the deck holds": (
        _worthless_but("duos", [{"kinds": ["crab", "crab"], "points": 2, "effect": "take_from_discard"},
                                {"kinds": ["boat", "boat"], "points": 0, "effect": "extra_turn"},
                                {"kinds": ["fish", "fish"], "points": 0, "effect": "draw"},
                                {"kinds": ["swimmer", "shark"], "points": 3, "effect": "steal"}], min_points=58),
        ["/round_end/min_points: ending a round takes 58 card points, but no hand of this deck can score more "
         "than 57: no round could ever be scored, and no target reached [round-end-reachable]"]),
    "a round end past the multipliers": (
        _worthless_but("multipliers", {"captain": {"kind": "sailor", "points": 3}}, min_points=41),
        ["/round_end/min_points: ending a round takes 41 card points, but no hand of this deck can score more "
         "than 40: no round could ever be scored, and no target reached [round-end-reachable]"]),
    "a round end past the mermaids": (
        _worthless_but("collectors", {}, min_points=35),
        ["/round_end/min_points: ending a round takes 35 card points, but no hand of this deck can score more "
         "than 34: no round could ever be scored, and no target reached [round-end-reachable]"]),
    "no card scoring anything": (
        _only_uncounted_mermaids,
        ["/end_targets: no card scores a point (neither card points nor a colour bonus): no target could ever be "
         "reached [end-targets-reachable]"]),
    "a card id twice": (
        lambda d: d["cards"][1].update(id=d["cards"][0]["id"]),
        ["/cards/0/id: card id 'crab-1' is used 2 times [unique-card-ids]",
         "/cards/1/id: card id 'crab-1' is used 2 times [unique-card-ids]"]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_broken_rule_is_named_where_it_is(case: str) -> None:
    change, want = CASES[case]
    assert _problems(change) == want


def test_the_smallest_deck_and_one_player_count_pass() -> None:
    data = br.rules_data(br.load_rules("sea-salt-paper"))
    _tiny_deck(data)
    data["id"] = "tiny"  # a shipped id must name the shipped rules
    data["cards"].append({**next(c for c in data["cards"] if c["kind"] == "shell"), "id": "shell-99"})
    rules = rules_from_data(data)  # 18 cards: 2 for the discard piles and 2 a player, 8 players
    assert rules.players.max == 8 and len(rules.cards) == 18
    data = br.rules_data(br.load_rules("sea-salt-paper"))
    data["players"] = {"min": 3, "max": 3}
    data["end_targets"] = {"3": 35}
    data["id"] = "three-players"
    assert rules_from_data(data).players.min == 3


def test_round_points_names_every_flaw_of_the_cards_given() -> None:
    from boomerang_rules import seasaltpaper as ssp

    rules = br.load_rules("sea-salt-paper")
    ids = [c.id for c in rules.cards]
    two: list[Any] = [(ids[0:3], []), (ids[3:5], [])]
    assert ssp.round_points(rules, two, 1, "stop") == ssp.round_points(rules, two, 0, "stop")
    with pytest.raises(ValueError, match=r"^ender 2 is not a seat of a 2-player round$"):
        ssp.round_points(rules, two, 2, "stop")
    with pytest.raises(ValueError, match=r"^ender -1 is not a seat of a 2-player round$"):
        ssp.round_points(rules, two, -1, "stop")
    with pytest.raises(ValueError, match=r"^call must be 'stop' or 'last_chance', not 'go'$"):
        ssp.round_points(rules, two, 0, "go")  # type: ignore[arg-type]
    flawed: list[Any] = [([ids[0], "zz"], "ab"), ([ids[0]], [ids[1]]), ([ids[5]], [ids[1]]), ([ids[0]], [])]
    with pytest.raises(br.InvalidInput, match=r"^cannot score these cards:") as info:
        ssp.round_points(rules, flawed, 0, "stop")
    assert [str(p) for p in info.value.problems] == [
        "/cards/0/hand/1: 'zz' is not a card of 'sea-salt-paper' [card-known]",
        "/cards/0/played: played must be a list of card ids, not one string [card-list]",
        f"/cards/1/hand/0: card '{ids[0]}' is given twice (also in seat 0's hand) [card-once]",
        f"/cards/2/played/0: card '{ids[1]}' is given twice (also in seat 1's played) [card-once]",
        f"/cards/3/hand/0: card '{ids[0]}' is given twice (also in seat 0's hand) [card-once]"]
    with pytest.raises(br.InvalidInput, match=r"^cannot score these cards:") as info:
        ssp.score_cards(rules, hand=[ids[0], ids[0]], played=[ids[0]])
    assert [str(p) for p in info.value.problems] == [
        f"/hand/1: card '{ids[0]}' is given twice (also in hand) [card-once]",
        f"/played/0: card '{ids[0]}' is given twice (also in hand) [card-once]"]
    with pytest.raises(br.InvalidInput) as info:
        ssp.score_cards(rules, hand=ids[0])
    assert [str(p) for p in info.value.problems] == [
        "/hand: hand must be a list of card ids, not one string [card-list]"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_copy_of_the_ruleset_under_another_id_plays_the_same_game(players: int) -> None:
    """A ruleset read from data gets tables of its own: the game must not depend on which."""
    import random

    from boomerang_rules import seasaltpaper as ssp

    shipped = br.load_rules("sea-salt-paper")
    data = br.rules_data(shipped)
    data["id"] = "my-copy"
    copy = rules_from_data(data)
    assert copy.digest != shipped.digest

    def play(rules: Any) -> tuple[Any, list[Any]]:
        state = ssp.new_game(rules, players, seed=players)
        rng = random.Random(players)
        views = []
        while not ssp.is_over(state):
            seat = ssp.to_act(state)[0]
            views.append(ssp.view(state, seat))
            state = ssp.apply(state, seat, rng.choice(ssp.legal_actions(state, seat)))
        return state, views

    (mine, my_views), (theirs, their_views) = play(copy), play(shipped)
    # every field alike but the ruleset, which a view compares (its digest): views of another ruleset differ
    assert [attrs.evolve(v, rules=None) for v in my_views] == [attrs.evolve(v, rules=None) for v in their_views]
    assert all(v.rules is copy for v in my_views) and my_views[0] != their_views[0]
    differ = {k for k, v in ssp.record_of(mine).items() if ssp.record_of(theirs)[k] != v}
    assert differ == {"rules", "rules_digest"}


_FRESH = itertools.count()


@pytest.mark.parametrize("rules_id", ["sea-salt-paper", "sea-salt-paper-mermaids-without-white",
                                      "sea-salt-paper-last-chance-deck"])
def test_the_tables_restate_the_ruleset(rules_id: str) -> None:
    """The indexed form the engine, scoring, bots and CLI read, made afresh from a copy of the ruleset."""
    from boomerang_rules.seasaltpaper.tables import tables_for

    data = br.rules_data(br.load_rules(rules_id))
    data["id"] = f"fresh-{next(_FRESH)}"  # a ruleset no cache has seen: its tables are made here
    rules = rules_from_data(data)
    t = tables_for(rules)
    cards = rules.cards
    assert t.rules == rules
    assert t.ids == tuple(c.id for c in cards) and t.deck_size == len(cards)
    assert all(t.index[c.id] == i for i, c in enumerate(cards)) and len(t.index) == len(cards)
    assert t.kinds == tuple(sorted({c.kind for c in cards}))
    assert t.colours == tuple(sorted({c.colour for c in cards}))
    assert all(t.kinds[t.kind[i]] == c.kind and t.colours[t.colour[i]] == c.colour for i, c in enumerate(cards))
    assert t.kind_index == {k: i for i, k in enumerate(t.kinds)}
    assert [(t.kinds[a], t.kinds[b], p, e) for a, b, p, e in t.duos] == [
        (d.kinds[0], d.kinds[1], d.points, d.effect) for d in rules.duos]
    assert [(t.kinds[k], table) for k, table in t.collectors] == list(rules.collectors.items())
    assert [(t.kinds[k], t.kinds[m], p) for k, m, p in t.multipliers] == [
        (k, m.kind, m.points) for k, m in rules.multipliers.items()]
    assert t.kinds[t.mermaid] == rules.mermaids.kind
    assert (t.count_own_colour, t.win_with) == (rules.mermaids.count_own_colour, rules.mermaids.win_with)
    assert t.min_points == rules.round_end.min_points
    assert t.deck_ends_last_chance == (rules.round_end.empty_deck_during_last_chance == "ends-round")
    for n, d in enumerate(rules.duos):
        for kind in d.kinds:
            assert t.duo_of_kind[t.kind_index[kind]] == (n, d.effect)
    assert len(t.duo_of_kind) == len({k for d in rules.duos for k in d.kinds})


def test_the_bound_is_what_the_whole_deck_scores() -> None:
    """The bound is met: the standard deck held whole scores 109, and a round end of 109 loads."""
    from boomerang_rules import seasaltpaper as ssp

    rules = br.load_rules("sea-salt-paper")
    assert ssp.score_cards(rules, hand=[c.id for c in rules.cards]).card_points == 109
    data = br.rules_data(rules)
    data["id"] = "hard-to-end"
    data["round_end"]["min_points"] = 109
    assert rules_from_data(data).round_end.min_points == 109


def _endless_file(tmp_path: Any, variant: bool) -> tuple[str, str]:
    import json

    if variant:
        doc: dict[str, Any] = {"format": "boomerang-rules/variant", "version": 1, "id": "endless",
                               "name": "Endless", "extends": "sea-salt-paper",
                               "changes": {"round_end": {"min_points": 1000}, "mermaids": {"win_with": 3}}}
        where = "/changes/round_end/min_points"
    else:
        doc = br.rules_data(br.load_rules("sea-salt-paper"))
        doc.update(id="endless")
        doc["round_end"]["min_points"] = 1000
        where = "/round_end/min_points"
    path = tmp_path / "endless.json"
    path.write_text(json.dumps(doc))
    return str(path), where


@pytest.mark.parametrize("variant", [False, True], ids=["ruleset", "variant"])
@pytest.mark.parametrize("command", [
    ["validate", "{f}"], ["simulate", "--rules", "{f}", "--games", "1", "--out", "{out}"],
    ["tournament", "--rules", "{f}", "--games", "1"], ["play", "--rules", "{f}"],
    ["check-scorer", "--rules", "{f}", "--games", "1", "--", "python", "-c", "pass"]])
def test_every_command_refuses_a_game_that_cannot_end(tmp_path: Any, variant: bool, command: list[str]) -> None:
    """Before this check, these commands played forever (issue 25); now each refuses at once."""
    from click.testing import CliRunner

    from boomerang_rules.cli import cli

    path, where = _endless_file(tmp_path, variant)
    out = tmp_path / "out.jsonl"
    args = [a.format(f=path, out=out) for a in command]
    result = CliRunner().invoke(cli, args, input="")
    assert result.exit_code == 1
    text = result.stdout + result.stderr
    assert f"{path}:{where}: ending a round takes 1000 card points" in text and "[round-end-reachable]" in text
    assert not out.exists()


def test_a_colour_bonus_alone_lets_a_game_end() -> None:
    """The mermaids' white left out of their count but kept in the colour bonus: the bonus still
    scores, so the ruleset is no game that cannot end (the check reads the bonus's own rule)."""
    data = br.rules_data(br.load_rules("sea-salt-paper"))
    _only_uncounted_mermaids(data)
    data["mermaids"]["colour_bonus_own_colour"] = True
    data["id"] = "bonus-only"
    rules = rules_from_data(data)
    assert rules.mermaids.bonus_own_colour and not rules.mermaids.count_own_colour


def _extra_salt_problems(change: Change) -> list[str]:
    data = br.rules_data(br.load_rules("sea-salt-paper-extra-salt"))
    data["id"] = "my-extra-salt"
    change(data)
    with pytest.raises(RulesError) as info:
        rules_from_data(data)
    return [f"{p.pointer}: {p.message} [{p.rule}]" for p in info.value.problems]


def test_extra_salt_s_trio_and_stand_in_each_take_one_role() -> None:
    """The starfish's and the seahorse's kinds are checked as every other kind's: one role each,
    a card in the deck, each refusal at the field that names the kind."""
    assert _extra_salt_problems(lambda d: d["stand_in"].update(kind="shell")) == [
        "/stand_in/kind: kind 'shell' is both a collector and the stand-in; give each kind one role [kind-role]",
        "/cards/65/kind: card 'seahorse-1' is a 'seahorse', which no duo, collector, multiplier or mermaid "
        "rule scores [kind-known]"]
    assert _extra_salt_problems(lambda d: d.update(cards=[c for c in d["cards"] if c["kind"] != "seahorse"])) == [
        "/stand_in/kind: the deck has no 'seahorse' card [kind-in-deck]"]


def test_a_trio_with_duos_of_one_worth_loads() -> None:
    """Extra Salt's duos all score 1, so its trio is accepted: only duos of two worths are refused."""
    data = br.rules_data(br.load_rules("sea-salt-paper-extra-salt"))
    data["id"] = "my-extra-salt"
    rules = rules_from_data(data)
    assert rules.trio is not None and {d.points for d in rules.duos} == {1}


@pytest.mark.parametrize("rules_id", [i for i in br.shipped_ids() if i.startswith("sea-salt-paper")])
def test_a_ruleset_s_data_is_its_file_and_loads_back(rules_id: str) -> None:
    """``rules_data`` writes a ruleset as its file does (JSON lists; Extra Salt's fields only where
    used, so the base rulesets' digests stay), and that data loads back to the same ruleset."""
    import json

    from boomerang_rules.core.resources import data_dir

    rules = br.load_rules(rules_id)
    data = br.rules_data(rules)
    file = json.loads((data_dir("variants") / f"{rules_id}.json").read_text(encoding="utf-8"))
    if file["format"] == "boomerang-rules/ruleset":
        assert data == {k: v for k, v in file.items() if k != "$schema"}
    assert all(isinstance(duo["kinds"], list) for duo in data["duos"])
    assert all(isinstance(table, list) for table in data["collectors"].values())
    assert all(v is not None for part in (data, data["mermaids"], data["round_end"], *data["duos"])
               for v in part.values())
    data["id"] = f"copy-of-{rules_id}"
    copy = rules_from_data(data)
    assert br.rules_data(copy) == data
    fields = [f.name for f in attrs.fields(type(rules)) if f.name not in ("id", "digest")]
    assert [getattr(copy, f) for f in fields] == [getattr(rules, f) for f in fields]


def test_the_bound_counts_extra_salt_s_trios_and_stand_ins() -> None:
    """Each starfish may make a trio (3 points) and each seahorse stand in for the best collector
    entry (12): the bound a round end is checked against is 125 + 3 x 3 + 1 x 12."""
    assert _extra_salt_problems(lambda d: d["round_end"].update(min_points=1000)) == [
        "/round_end/min_points: ending a round takes 1000 card points, but no hand of this deck can score more "
        "than 146: no round could ever be scored, and no target reached [round-end-reachable]"]


def test_a_stand_in_without_collectors_adds_nothing_to_the_bound() -> None:
    """A seahorse with no collection to stand in for scores nothing: the bound (102) is the same
    without the stand-in (the collectors' cards then score by no rule, each named)."""
    problems = _extra_salt_problems(lambda d: (d.update(collectors={}), d["round_end"].update(min_points=1000)))
    assert len(problems) == 17 and all(p.endswith("[kind-known]") for p in problems[:-1])
    assert problems[-1] == (
        "/round_end/min_points: ending a round takes 1000 card points, but no hand of this deck can score more "
        "than 102: no round could ever be scored, and no target reached [round-end-reachable]")


def _more_cards(data: dict[str, Any], kind: str, total: int) -> None:
    """``total`` cards of ``kind`` in the deck: copies of its first card under new ids."""
    first = next(c for c in data["cards"] if c["kind"] == kind)
    data["cards"] = [c for c in data["cards"] if c["kind"] != kind] + [
        {**first, "id": f"{kind}-{i + 1}"} for i in range(total)]


def test_duos_that_share_a_kind_are_refused_when_their_splits_are_too_many() -> None:
    """A valid ruleset of many shared duos over many cards took minutes to score one table (scoring
    tries every split of the cards among them): the product of each shared duo's pairs from none to
    the deck's most is bounded. 60 crabs, 40 lobsters, 30 swimmers and sharks: 31 x 41 x 31 x 3."""
    def change(data: dict[str, Any]) -> None:
        for kind, total in (("crab", 60), ("lobster", 40), ("swimmer", 30), ("shark", 30)):
            _more_cards(data, kind, total)

    assert _extra_salt_problems(change) == [
        "/duos: the duos that share a kind (crab + crab, swimmer + shark, crab + lobster, swimmer + jellyfish) can "
        "split one player's cards 118,203 ways, each of which scoring tries: at most 16,384 (fewer duos sharing a "
        "kind, or fewer cards of their kinds) [duo-splits]"]


def test_extra_salt_s_deck_three_times_over_still_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound leaves room: Extra Salt's own duos make 180 splits of its deck, 6,272 of a deck three
    times as large (every card three times)."""
    from boomerang_rules.seasaltpaper import rules as ssp_rules
    from boomerang_rules.seasaltpaper.rules import MAX_DUO_SPLITS

    data = br.rules_data(br.load_rules("sea-salt-paper-extra-salt"))
    data["id"] = "triple-extra-salt"
    seen: Counter[str] = Counter()
    cards = []
    for card in data["cards"] * 3:
        seen[card["kind"]] += 1
        cards.append({**card, "id": f"{card['kind']}-{seen[card['kind']]}"})
    data["cards"] = cards
    assert rules_from_data(data).id == "triple-extra-salt" and MAX_DUO_SPLITS > 6_272
    monkeypatch.setattr(ssp_rules, "MAX_DUO_SPLITS", 179)
    assert "180 ways" in _extra_salt_problems(lambda d: None)[0]
    monkeypatch.setattr(ssp_rules, "MAX_DUO_SPLITS", 6_271)
    with pytest.raises(RulesError, match="6,272 ways"):
        rules_from_data(data)


@pytest.mark.parametrize("pair", [["a", "b"], ["b", "a"]])
@pytest.mark.parametrize(("others", "refused"), [(127, False), (128, True)])
def test_the_bound_on_splits_is_met_exactly_and_counts_only_shared_duos(others: int, refused: bool,
                                                                       pair: list[str]) -> None:
    """A + A (255 cards: at most 127 pairs) and A + B (``others`` B: at most 127 or 128; its shared kind
    written first or second) make 128 x 128 = 16,384 splits, the bound, or 128 x 129, past it; a duo
    sharing no kind (C + D, 500 each) never splits, whatever its cards."""
    from boomerang_rules.seasaltpaper.rules import MAX_DUO_SPLITS, duo_split_problems

    duos = [{"kinds": ["a", "a"]}, {"kinds": pair}, {"kinds": ["c", "d"]}]
    kinds = Counter({"a": 255, "b": others, "c": 500, "d": 500})
    problems = duo_split_problems(duos, kinds)
    assert MAX_DUO_SPLITS == 16_384
    assert [(p.pointer, p.rule) for p in problems] == ([("/duos", "duo-splits")] if refused else [])
    if refused:
        assert f"(a + a, {' + '.join(pair)}) can split one player's cards 16,512 ways" in problems[0].message
    assert duo_split_problems(duos[1:], Counter({"a": 1, "b": 1000, "c": 10**6, "d": 10**6})) == []


@pytest.mark.parametrize("variant", [False, True], ids=["ruleset", "variant"])
def test_a_target_past_a_thousand_points_is_refused_naming_the_file_and_place(tmp_path: Any, variant: bool) -> None:
    """A target of 10**9 (or 100,000) passed the schema's old bound of 100,000 or came near it: a game to
    100,000 points took 15,488 rounds of random play, its record past the 10,000 rounds a record holds."""
    import json

    if variant:
        doc: dict[str, Any] = {"format": "boomerang-rules/variant", "version": 1, "id": "far", "name": "Far",
                               "extends": "sea-salt-paper", "changes": {"end_targets": {"4": 1001}}}
        where = "/changes/end_targets/4"
    else:
        doc = br.rules_data(br.load_rules("sea-salt-paper"))
        doc.update(id="far")
        doc["end_targets"]["4"] = 1001
        where = "/end_targets/4"
    path = tmp_path / "far.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(RulesError) as refused:
        br.load_rules(str(path))
    assert [(p.file, p.pointer, p.message, p.rule) for p in refused.value.problems] == [
        (str(path), where, "1001 is greater than the maximum of 1000", "schema:maximum")]
    (doc["changes"] if variant else doc)["end_targets"]["4"] = 1000
    path.write_text(json.dumps(doc))
    assert br.load_rules(str(path)).target(4) == 1000


def test_a_game_to_the_highest_target_ends_and_its_record_holds_it() -> None:
    """With the mermaids' win all but out of reach (eight of eight), random play reaches a target of 1,000
    within the rounds a game record holds, and the record validates."""
    import json
    import random
    from pathlib import Path

    data = br.rules_data(br.load_rules("sea-salt-paper"))
    data["cards"] += [{"id": f"mermaid-{i}", "kind": "mermaid", "colour": "white"} for i in range(5, 9)]
    data["mermaids"]["win_with"] = 8
    data.update(id="far", end_targets={"2": 1000, "3": 1000, "4": 1000})
    rules = rules_from_data(data)
    schema = json.loads((Path(__file__).parent.parent / "schemas" / "sea-salt-paper-game-record.schema.json")
                        .read_text(encoding="utf-8"))
    held = schema["properties"]["rounds"]["maxItems"]
    state = br.new_game(rules, 2, 1)
    rng = random.Random(1)
    while not br.is_over(state):
        seat = br.to_act(state)[0]
        state = br.apply(state, seat, rng.choice(br.legal_actions(state, seat)))
    assert max(sheet.total for sheet in br.score_sheets(state)) >= 1000
    assert state.round < held // 20
    assert br.validate_record(br.record_of(state)) == []
