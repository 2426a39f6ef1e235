"""Sea Salt & Paper's Extra Salt expansion (issue 29): the ruleset, its scoring by the rulebook's
examples and the online version's counting, its actions (the lobster, the jellyfish, the
starfish's trio), hidden information, records, and the three online readings as variants."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import seasaltpaper as ssp
from boomerang_rules.core import rng as rng_mod
from boomerang_rules.core.resources import data_dir
from boomerang_rules.seasaltpaper.determinize import determinize
from boomerang_rules.seasaltpaper.tables import tables_for
from boomerang_rules.strategies import games

from .helpers import kinds_swapped

EXTRA = "sea-salt-paper-extra-salt"
RULES = br.load_rules(EXTRA)
BASE = br.load_rules("sea-salt-paper")


def points(hand: list[str], played: list[str] = [], rules: Any = RULES) -> ssp.Points:  # noqa: B006
    return ssp.score_cards(rules, hand=hand, played=played)


# --- the ruleset -----------------------------------------------------------------------------

def test_the_expansion_adds_the_eight_cards_in_the_base_cards_shape() -> None:
    base = {c.id: c for c in BASE.cards}
    assert len(RULES.cards) == 66 and all(base[c.id] == c for c in RULES.cards if c.id in base)
    new = Counter((c.kind, c.colour) for c in RULES.cards if c.id not in base)
    assert new == Counter({("jellyfish", "purple"): 1, ("jellyfish", "pink"): 1, ("lobster", "black"): 1,
                           ("cast_of_crabs", "green"): 1, ("starfish", "dark_blue"): 1,
                           ("starfish", "light_blue"): 1, ("starfish", "yellow"): 1, ("seahorse", "white"): 1})
    assert RULES.multipliers["cast_of_crabs"] == ssp.rules.Multiplier("crab", 1)
    assert {tuple(d.kinds): d.effect for d in RULES.duos}[("crab", "lobster")] == "look_at_top"
    assert br.list_rules()[[i.id for i in br.list_rules()].index(EXTRA)].extends == "sea-salt-paper"


def test_the_expansion_changes_no_setup_threshold_target_or_tie_break_of_the_base_game() -> None:
    """Extra Salt adds its eight cards and their rules and nothing else (the reference lists no other
    change): 2 to 4 players, 7 card points to end a round, 40 / 35 / 30 points to end the game, ties
    to the most points in the last round, the four base duos, four mermaids to win. A new game
    shuffles all 66: one card on each discard pile, 64 in the deck, hands empty."""
    assert (RULES.players.min, RULES.players.max) == (BASE.players.min, BASE.players.max) == (2, 4)
    assert RULES.round_end == BASE.round_end and RULES.round_end.min_points == 7
    assert [RULES.target(n) for n in (2, 3, 4)] == [BASE.target(n) for n in (2, 3, 4)] == [40, 35, 30]
    assert RULES.tie_break == BASE.tie_break == "last-round-points"
    assert RULES.mermaids == BASE.mermaids and RULES.mermaids.win_with == 4
    assert RULES.duos[:4] == BASE.duos and RULES.collectors == BASE.collectors
    state = ssp.new_game(RULES, 3, 7)
    assert [len(p) for p in state.piles] == [1, 1] and len(state.deck) == 64 and state.hands == ((), (), ())
    assert sorted((*state.deck, *state.piles[0], *state.piles[1])) == list(range(66))


def test_the_base_rulesets_data_and_digest_are_unchanged_by_the_new_fields() -> None:
    data = br.rules_data(BASE)
    assert not {"trio", "stand_in"} & set(data) and "look" not in data["duos"][0]
    assert "empty_deck_extra_turn" not in data["round_end"] and "colour_bonus_own_colour" not in data["mermaids"]
    assert BASE.digest == "0caca00021a34bc4e37460a42ba83bad18b3a692eb0f637684f6f9dafb5e3bbc"


def test_a_variant_file_may_extend_the_expansion(tmp_path: Path) -> None:
    path = tmp_path / "es-tie.json"
    path.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "es-tie", "name": "ES tie",
                                "extends": EXTRA, "changes": {"tie_break": "ended-last-round"}}))
    rules = br.load_rules(path)
    assert len(rules.cards) == 66 and rules.tie_break == "ended-last-round" and rules.trio == RULES.trio


@pytest.mark.parametrize("variant", [i.id for i in br.list_rules()
                                     if i.game == "sea-salt-paper" and i.extends == "sea-salt-paper"
                                     and i.id != EXTRA])
def test_every_base_variant_combines_with_the_expansion(variant: str, tmp_path: Path) -> None:
    source = json.loads((data_dir("variants") / f"{variant}.json").read_text())
    source.update(id=f"{variant}-es", extends=EXTRA)
    path = tmp_path / "v.json"
    path.write_text(json.dumps(source))
    rules = br.load_rules(path)
    assert len(rules.cards) == 66
    state = ssp.play_game(rules, [ssp.BOTS["greedy"](rules, s) for s in range(3)], 4)
    assert ssp.is_over(state) and ssp.validate_record(json.loads(json.dumps(ssp.record_of(state)))) == []


# --- scoring -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "played", "want"), [
    (["cast_of_crabs-1", "crab-1", "crab-2", "lobster-1"], [], 1 + 2),  # one pair of three; the lobster no crab
    (["crab-1", "crab-2", "crab-3", "lobster-1"], [], 2),  # crab + crab and crab + lobster
    (["cast_of_crabs-1", "lobster-1"], [], 0),
    (["swimmer-1", "jellyfish-1", "shark-1"], [], 1),
    (["swimmer-1", "swimmer-2", "jellyfish-1", "shark-1"], [], 2),
    (["crab-1", "crab-2", "starfish-1"], [], 3),  # a trio in hand: 3 points
    (["crab-1", "crab-2", "starfish-1", "starfish-2"], [], 3),  # a starfish counts only up to the pairs held
    (["starfish-1"], [], 0),
    (["boat-1", "boat-2", "starfish-2"], ["crab-1", "crab-2", "starfish-1"], 6),  # a played trio and one in hand
    (["starfish-1"], ["crab-1", "crab-2"], 1),  # a starfish in hand never joins a played pair (online)
    (["starfish-1"], ["crab-1", "crab-2", "starfish-2"], 3),  # nor a played trio
    (["seahorse-1", "shell-1"], [], 2),  # one missing shell
    (["seahorse-1", "octopus-1", "octopus-2", "shell-1"], [], 6),  # where it scores most: a third octopus (+3, not +2)
    (["seahorse-1", "sailor-1", "sailor-2"], [], 5),  # never past the collection's maximum
    (["seahorse-1", "penguin-1", "penguin-2", "penguin-3"], [], 5),
    (["seahorse-1", "sailor-1", "captain-1"], [], 5 + 3),  # no sailor for the captain
    (["seahorse-1"], [], 0),  # no collection begun
    (["mermaid-1", "seahorse-1"], [], 2),  # the seahorse is a white card
    (["shell-1"], ["seahorse-1"], 0),  # in front (no game puts it there) it stands in for nothing: in hand only
    (["mermaid-1", "shell-1"], ["seahorse-1"], 2),  # but it is still a white card there
])
def test_the_expansion_scores_as_the_rulebook_and_the_online_version(hand: list[str], played: list[str],
                                                                      want: int) -> None:
    assert points(hand, played).card_points == want


def test_the_schema_says_what_a_starfish_in_hand_scores() -> None:
    """The ruleset schema's words on the trio are the rule ``score_cards`` plays: a starfish in hand
    joins a pair in hand, never a duo played without it (the schema still said "in hand or played",
    the online version's count its author replaced the next day)."""
    schema = json.loads((data_dir("schemas") / "sea-salt-paper-ruleset.schema.json").read_text(encoding="utf-8"))
    words = schema["properties"]["trio"]["description"]
    assert "in hand or played" not in words and "joins a pair in hand" in words
    assert points(["starfish-1"], ["crab-1", "crab-2"]).duos == 1  # the played duo alone: no trio
    assert points(["starfish-1", "crab-1", "crab-2"]).duos == 3  # a pair in hand: a trio


def test_round_points_take_the_expansion() -> None:
    cards: list[tuple[list[str], list[str]]] = [
        (["crab-1", "crab-2", "starfish-1", "seahorse-1", "shell-1", "shell-2"], []), (["lobster-1"], [])]
    assert ssp.round_points(RULES, cards, ender=0, call="stop") == (3 + 4, 0)


def test_a_last_chance_round_of_a_played_game_by_hand() -> None:
    """The first round of a three-player game played by hand (seed 13), worked out by hand: LAST
    CHANCE by seat 2.

    Seat 0: in front crab-1, crab-9, crab-7, lobster-1 and starfish-2 (a trio of crabs, 3, and
    crab + lobster, 1: 4); in hand crab-4, boat-7, fish-3, shell-2 (one shell, 0), cast of crabs
    (four crabs: 4): 8 card points. Colours: black 3 (crab-7, lobster, fish-3), light blue 3: bonus 3.
    Seat 1: in front boat-4, boat-5, starfish-3 (a trio, 3) and swimmer-3 + jellyfish-1 (1); in hand
    crab-2, boat-8, fish-2, swimmer-1, shell-3, no pair, one shell: 4 card points. Dark blue 3,
    black 3: bonus 3. Seat 2: in front two boats and swimmer + shark (2); in hand crab-3, shark-2
    (no partner: the jellyfish pairs with a swimmer only), two shells (2), an octopus (0), a penguin
    (1), a mermaid (light blue, its most common colour: boat-3, crab-3, shark-2, octopus-1, 4) and
    jellyfish-2: 9 card points, bonus 4. The caller's 9 is the most: 9 + 4 = 13; the others score
    their bonuses, 3 and 3."""
    cards: list[tuple[list[str], list[str]]] = [
        (["crab-4", "boat-7", "fish-3", "shell-2", "cast_of_crabs-1"],
         ["crab-1", "crab-9", "crab-7", "lobster-1", "starfish-2"]),
        (["crab-2", "boat-8", "fish-2", "swimmer-1", "shell-3"],
         ["boat-4", "boat-5", "starfish-3", "swimmer-3", "jellyfish-1"]),
        (["crab-3", "shark-2", "shell-1", "shell-6", "octopus-1", "penguin-1", "mermaid-4", "jellyfish-2"],
         ["boat-2", "boat-3", "swimmer-4", "shark-5"])]
    assert [(p.card_points, p.colour_bonus) for p in (points(h, f) for h, f in cards)] == [(8, 3), (4, 3), (9, 4)]
    assert ssp.round_points(RULES, cards, ender=2, call="last_chance") == (3, 3, 13)


hands: st.SearchStrategy[list[str]] = st.lists(st.sampled_from([c.id for c in RULES.cards]), unique=True, max_size=30)


@settings(max_examples=200, deadline=None)
@given(cards=hands, split=st.integers(0, 30))
def test_points_are_never_negative_and_the_packed_reading_agrees(cards: list[str], split: int) -> None:
    p = points(cards[split:], cards[:split])
    assert min(p.card_points, p.colour_bonus, p.duos, p.collectors, p.multipliers, p.mermaids) >= 0
    t = tables_for(RULES)
    assert t.card_points(tuple(t.index[c] for c in cards[split:]), tuple(t.index[c] for c in cards[:split])) \
        == p.card_points


EXTRA_DUOS = (("crab", "crab"), ("boat", "boat"), ("fish", "fish"), ("swimmer", "shark"), ("crab", "lobster"),
              ("swimmer", "jellyfish"))
EXTRA_COLLECTORS = {"shell": [0, 2, 4, 6, 8, 10], "octopus": [0, 3, 6, 9, 12], "penguin": [1, 3, 5], "sailor": [0, 5]}
EXTRA_MULTIPLIERS = {"lighthouse": ("boat", 1), "shoal_of_fish": ("fish", 1), "penguin_colony": ("penguin", 2),
                     "captain": ("sailor", 3), "cast_of_crabs": ("crab", 1)}


def most_pairs(kinds: Counter[str]) -> int:
    """The most duos some cards make, each card in one: a crab pairs with a crab or the lobster,
    a swimmer with a shark or a jellyfish; boats and fish with their own kind."""
    crabs = (kinds["crab"] + min(kinds["lobster"], kinds["crab"])) // 2 if kinds["crab"] else 0
    return (crabs + kinds["boat"] // 2 + kinds["fish"] // 2
            + min(kinds["swimmer"], kinds["shark"] + kinds["jellyfish"]))


def extra_reference_points(hand: list[str], played: list[str]) -> tuple[int, int, int, int, int]:
    """Duos, collectors, multipliers, mermaids and colour bonus under Extra Salt, from the
    reference's words and its numbers: duos as in the base game, the lobster and the jellyfish
    pairing too; a starfish makes a duo a trio worth 3 (played with it; in hand, up to the pairs in
    hand); the seahorse, in hand, one more card of a collection begun, short of its table's end,
    where it gains most; the cast of crabs 1 a crab; the seahorse and mermaids white."""
    card = {c.id: c for c in RULES.cards}
    in_hand = Counter(card[c].kind for c in hand)
    in_front = Counter(card[c].kind for c in played)
    every = in_hand + in_front
    pairs_in_hand, pairs_in_front = most_pairs(in_hand), most_pairs(in_front)
    duos = (pairs_in_hand + 2 * min(in_hand["starfish"], pairs_in_hand)
            + pairs_in_front + 2 * min(in_front["starfish"], pairs_in_front))
    collectors = sum(table[every[kind] - 1] for kind, table in EXTRA_COLLECTORS.items() if every[kind])
    gains = [table[every[kind]] - table[every[kind] - 1] for kind, table in EXTRA_COLLECTORS.items()
             if 0 < every[kind] < len(table)]
    if in_hand["seahorse"] and gains:
        collectors += max(0, max(gains))
    multipliers = sum(every[m] * every[kind] * each for m, (kind, each) in EXTRA_MULTIPLIERS.items())
    colours = Counter(card[c].colour for c in hand + played)
    mermaids = sum(sorted(colours.values(), reverse=True)[:every["mermaid"]])
    return duos, collectors, multipliers, mermaids, max(colours.values(), default=0)


@st.composite
def extra_hand_and_played(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """A hand of any cards, and played duos and trios (as a game plays them) out of the rest."""
    order = draw(st.permutations([c.id for c in RULES.cards]))
    k = draw(st.integers(0, 20))
    hand, rest = list(order[:k]), list(order[k:])
    kind = {c.id: c.kind for c in RULES.cards}
    played: list[str] = []
    for _ in range(draw(st.integers(0, 6))):
        a, b = draw(st.sampled_from(EXTRA_DUOS))
        firsts = [c for c in rest if kind[c] == a]
        seconds = [c for c in rest if kind[c] == b and c not in firsts[:1]]
        if not firsts or not seconds:
            continue
        duo = [firsts[0], seconds[0]]
        stars = [c for c in rest if kind[c] == "starfish"]
        trio: bool = draw(st.booleans())
        if stars and trio:
            duo.append(stars[0])
        played += duo
        rest = [c for c in rest if c not in duo]
    return hand, played


@settings(max_examples=300, deadline=None)
@given(extra_hand_and_played())
def test_card_points_match_the_reference_read_plainly(cards: tuple[list[str], list[str]]) -> None:
    hand, played = cards
    p = points(hand, played)
    assert (p.duos, p.collectors, p.multipliers, p.mermaids, p.colour_bonus) == extra_reference_points(hand, played)
    assert p.card_points == p.duos + p.collectors + p.multipliers + p.mermaids


def _all_cards(state: ssp.GameState) -> Counter[int]:
    return Counter([*state.deck, *state.drawn, *(c for p in state.piles for c in p),
                    *(c for h in state.hands for c in h), *(c for p in state.played for c in p)])


@settings(max_examples=25, deadline=None)
@given(state=games(rules=EXTRA, finished=None))
def test_cards_are_conserved_and_scores_never_negative(state: ssp.GameState) -> None:
    if state.phase not in ("over", "deal"):
        assert _all_cards(state) == Counter(range(66))
    assert min(state.totals) >= 0 and all(min(r.scores) >= 0 for r in state.history)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_same_seed_plays_the_same_game(players: int) -> None:
    def game() -> ssp.GameState:
        return ssp.play_game(RULES, [ssp.BOTS["random"](RULES, s) for s in range(players)], 21 + players)
    assert game() == game() and ssp.record_of(game()) == ssp.record_of(game())


# --- actions -----------------------------------------------------------------------------------

def _walk(rules: Any, players: int, seeds: range) -> Any:
    """Every state of random games, with the seat to act (the random bot's choices, seeded)."""
    for seed in seeds:
        state = ssp.new_game(rules, players, seed)
        gen = rng_mod.seed_state(seed)
        while not ssp.is_over(state):
            seat = ssp.to_act(state)[0]
            yield state, seat
            legal = ssp.legal_actions(state, seat)
            gen, k = rng_mod.below(gen, len(legal))
            state = ssp.apply(state, seat, legal[k])


def test_the_numbering_keeps_the_base_games_and_adds_the_expansions_at_the_end() -> None:
    names = ssp.actions.action_names(RULES)
    assert len(set(names)) == len(names) == ssp.num_actions(RULES)
    assert names.index("draw_one") > names.index(max(n for n in names if n.startswith("duo:")))
    assert sum(n.startswith("lobster:") for n in names) == 66 and sum(n.startswith("trio:") for n in names) > 0
    assert ssp.num_actions(BASE) == 354 and not any(n.startswith(("trio", "lobster", "draw_one"))
                                                     for n in ssp.actions.action_names(BASE))


def test_the_lobster_shows_its_five_cards_to_its_player_only_and_shuffles_the_rest_back_seeded() -> None:
    seen = 0
    for state, seat in _walk(RULES, 3, range(40)):
        if state.phase != "lobster":
            continue
        seen += 1
        legal = ssp.legal_actions(state, seat)
        assert 1 <= len(state.drawn) <= 5 and legal == tuple(sorted(f"lobster:{c}" for c in
                                                                    state.tables.ids_of(state.drawn)))
        assert ssp.view(state, seat).drawn == tuple(state.tables.ids_of(state.drawn))
        for other in range(3):
            if other != seat:
                v = ssp.view(state, other)
                assert v.drawn == () and v.drawn_size == len(state.drawn) and v.legal_actions == ()
        after = ssp.apply(state, seat, legal[0])
        assert after == ssp.apply(state, seat, legal[0])  # the shuffle comes from the game's seed
        kept = state.tables.index[legal[0][8:]]
        assert Counter(after.deck) == Counter(state.deck) + Counter(state.drawn) - Counter([kept])
        assert after.phase == "play" and kept in after.hands[seat]
    assert seen > 3


@pytest.mark.parametrize("other", ["starfish", "mermaid"])
def test_a_kinds_name_is_only_a_name_the_trio_or_mermaid_kind_sorting_first_too(tmp_path: Path, other: str) -> None:
    """The boat and ``other`` kinds' names swapped everywhere (the starfish cards now the trio kind,
    or the mermaids the mermaid kind, ``boat``, the first kind in name order; the boats a duo kind
    named ``other``, which the lighthouse multiplies): the same seeds deal and play the same games,
    with the same legal actions at every turn (the trios, STOP and LAST CHANCE among them) and the
    same scores. A kind at index 0 is a field at bit 0 of the packed counts: the trio's index and
    the mermaids' shift were once read as absent there."""
    swap = {"boat": other, other: "boat"}

    def renamed_kinds(value: Any) -> Any:
        """``value`` with each kind named ``boat`` or ``other`` (a string or a key) renamed."""
        if isinstance(value, dict):
            return {swap.get(k, k): renamed_kinds(v) for k, v in value.items()}
        if isinstance(value, list):
            return [renamed_kinds(v) for v in value]
        return swap.get(value, value) if isinstance(value, str) else value

    data = br.rules_data(RULES)
    parts = ("cards", "duos", "collectors", "multipliers", "mermaids", "trio", "stand_in")
    changes = {part: renamed_kinds(data[part]) for part in parts}
    assert (changes["trio"] if other == "starfish" else changes["mermaids"])["kind"] == "boat"
    assert changes["multipliers"]["lighthouse"]["kind"] == other  # the lighthouse still counts the boats
    path = tmp_path / "es-renamed.json"
    path.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "es-renamed",
                                "name": "Extra Salt, two kinds renamed", "extends": EXTRA, "changes": changes}))
    renamed = br.load_rules(path)
    field = "trio" if other == "starfish" else "mermaid"
    assert getattr(tables_for(renamed), field) == 0 < getattr(tables_for(RULES), field)
    trios = ends = 0
    for seed in range(6):
        state, twin = ssp.new_game(RULES, 3, seed), ssp.new_game(renamed, 3, seed)
        gen = rng_mod.seed_state(seed)
        while not ssp.is_over(state):
            seat = ssp.to_act(state)[0]
            legal = ssp.legal_actions(state, seat)
            assert ssp.to_act(twin) == (seat,) and ssp.legal_actions(twin, seat) == legal, (seed, state.phase)
            trios += any(a.startswith("trio:") for a in legal)
            ends += "stop" in legal
            gen, k = rng_mod.below(gen, len(legal))
            state, twin = ssp.apply(state, seat, legal[k]), ssp.apply(twin, seat, legal[k])
        assert ssp.is_over(twin) and twin.totals == state.totals and twin.history == state.history
    assert trios > 0 and ends > 0


def test_a_jellyfish_binds_each_opponent_for_one_turn_in_its_legal_actions() -> None:
    checked = 0
    for state, seat in _walk(RULES, 3, range(60)):
        if state.bound >> seat & 1 and state.phase in ("draw", "play"):
            want = (("draw_one",) if state.deck else ("pass",)) if state.phase == "draw" else ("end",)
            assert ssp.legal_actions(state, seat) == want and ssp.view(state, seat).bound
            checked += 1
            if state.phase == "play":
                after = ssp.apply(state, seat, "end")
                assert not after.bound >> seat & 1 or after.round != state.round
    assert checked > 10


def test_a_bound_seat_is_refused_in_the_jellyfish_words_and_no_other_seat_is() -> None:
    """A seat a jellyfish binds is told why at its draw and at its play, whichever seat it is; an
    unbound seat of the same game gets the general refusal."""
    seen = set()
    for state, seat in _walk(RULES, 3, range(20)):
        if state.phase not in ("draw", "play"):
            continue
        bound = state.bound >> seat & 1
        legal = ssp.legal_actions(state, seat)
        with pytest.raises(br.IllegalAction) as info:
            ssp.apply(state, seat, "keep:nope")
        if bound:
            assert str(info.value) == (f"a jellyfish pair binds seat {seat} this turn: it may only take the deck's top "
                                       f"card (draw_one), then end its turn; legal: {', '.join(legal)}")
        else:
            assert str(info.value).startswith(f"seat {seat} may not 'keep:nope' now ({state.phase} phase); legal: ")
        seen.add((bound, state.phase, seat > 0))
    assert seen == {(b, p, s) for b in (0, 1) for p in ("draw", "play") for s in (False, True)}


def test_a_starfish_cancels_the_duos_effect() -> None:
    checked = 0
    for state, seat in _walk(RULES, 2, range(60)):
        for action in ssp.legal_actions(state, seat):
            if action.startswith("trio:"):
                after = ssp.apply(state, seat, action)
                assert after.phase == "play" and after.turn == seat and after.turn_no == state.turn_no
                assert after.bound == state.bound and after.deck == state.deck and after.piles == state.piles
                assert after.played[seat][-3:] == tuple(state.tables.index[c] for c in action[5:].split("+"))
                checked += 1
    assert checked > 5


def test_views_stay_blind_and_determinize_takes_the_expansion() -> None:
    for i, (state, _) in enumerate(_walk(RULES, 3, range(6))):
        for seat in range(3):
            seen = ssp.view(state, seat)
            assert ssp.view(determinize(seen, i * 3 + seat), seat) == seen


# --- records -----------------------------------------------------------------------------------

def _record_with_shuffle() -> dict[str, Any]:
    for seed in range(100):
        state = ssp.play_game(RULES, [ssp.BOTS["random"](RULES, seed + s) for s in range(2)], seed)
        record: dict[str, Any] = json.loads(json.dumps(ssp.record_of(state)))
        if any("shuffles" in r for r in record["rounds"]):
            return record
    raise AssertionError("no game with a lobster shuffle")


def test_a_record_keeps_the_lobsters_shuffles_and_replays() -> None:
    record = _record_with_shuffle()
    assert ssp.validate_record(record) == []
    assert ssp.record_of(ssp.state_of(record)) == record


def test_a_game_stopped_after_a_lobster_s_shuffle_records_the_shuffles_of_the_round_under_way() -> None:
    """The record of a game stopped mid-round, after a lobster shuffled the deck, gives that round's
    shuffles too (the round under way's, not only the finished rounds'), and replays to the very
    state."""
    whole = _record_with_shuffle()
    r = next(k for k, rnd in enumerate(whole["rounds"]) if "shuffles" in rnd)
    actions = whole["rounds"][r]["actions"]
    i = max(k for k, a in enumerate(actions) if a[1].startswith("lobster:"))
    assert i < len(actions) - 1  # the lobster's player has its turn to end: the round goes on
    cut = {**whole, "rounds": [*whole["rounds"][:r], {**whole["rounds"][r], "actions": actions[:i + 1]}]}
    cut.pop("result")
    state = ssp.state_of(cut)
    assert state.round == r and not ssp.is_over(state) and state.shuffles
    assert ssp.record_of(state) == cut
    assert ssp.validate_record(ssp.record_of(state)) == []


@pytest.mark.parametrize("look", [1, 2])
def test_a_lobster_that_puts_a_card_back_needs_a_shuffle_and_one_that_puts_none_back_has_none(look: int) -> None:
    """A lobster looking at ``look`` cards keeps one: with one card looked at, none goes back, so
    the round holds no shuffle and needs none; with two, the card put back is a shuffle the round
    must give (``shuffles-count`` without it)."""
    from boomerang_rules.core.loading import rules_from_data

    base = br.rules_data(RULES)
    rules = rules_from_data({**base, "id": f"lobster-looks-at-{look}", "duos": [
        {**d, "look": look} if d["effect"] == "look_at_top" else d for d in base["duos"]]})
    state = ssp.play_game(rules, [ssp.BOTS["random"](rules, 2 + s) for s in range(2)], 2)
    record = json.loads(json.dumps(ssp.record_of(state)))
    r, i = next((r, i) for r, rnd in enumerate(record["rounds"]) for i, a in enumerate(rnd["actions"])
                if a[1].startswith("lobster:"))
    assert ssp.validate_record(record) == []
    assert ("shuffles" in record["rounds"][r]) == (look == 2)
    record["rounds"][r].pop("shuffles", None)
    expected = [] if look == 1 else [(f"/rounds/{r}/shuffles", "shuffles-count")]
    assert [(p.pointer, p.rule) for p in ssp.validate_record(record)] == expected, i


def test_a_tampered_shuffle_is_refused_with_its_pointer_and_rule() -> None:
    record = _record_with_shuffle()
    r = next(i for i, rnd in enumerate(record["rounds"]) if "shuffles" in rnd)
    bad = copy.deepcopy(record)
    bad["rounds"][r]["shuffles"][0][0] = bad["rounds"][r]["shuffles"][0][1]
    [problem] = ssp.validate_record(bad)
    assert (problem.pointer, problem.rule) == (f"/rounds/{r}/shuffles/0", "shuffle-cards")
    cards = len(record["rounds"][r]["shuffles"][0])
    assert problem.message.startswith(f"the record's shuffle is not an order of the {cards} cards being shuffled "
                                      "(the deck and the cards the lobster put back: ")
    missing = copy.deepcopy(record)
    del missing["rounds"][r]["shuffles"]
    [problem] = ssp.validate_record(missing)
    assert (problem.pointer, problem.rule) == (f"/rounds/{r}/shuffles", "shuffles-count")
    i = next(i for i, a in enumerate(record["rounds"][r]["actions"]) if a[1].startswith("lobster:"))
    assert problem.message == f"the lobster at actions/{i} shuffles the deck, but the round gives 0 shuffle(s) for 1"
    extra = copy.deepcopy(record)
    extra["rounds"][r]["shuffles"].append(extra["rounds"][r]["shuffles"][0])
    [problem] = ssp.validate_record(extra)
    used = len(record["rounds"][r]["shuffles"])
    assert (problem.pointer, problem.rule) == (f"/rounds/{r}/shuffles/{used}", "shuffles-count")
    assert problem.message == (f"round {r + 1} shuffles the deck {used} time(s), but the record gives {used + 1} "
                               "shuffles")


def test_a_bound_seat_that_plays_a_duo_is_refused_by_the_jellyfish_rule() -> None:
    for seed in range(100):
        state = ssp.play_game(RULES, [ssp.BOTS["greedy"](RULES, seed + s) for s in range(2)], seed)
        record = json.loads(json.dumps(ssp.record_of(state)))
        for r, rnd in enumerate(record["rounds"]):
            for i, (_, action, *_) in enumerate(rnd["actions"]):
                if action == "draw_one":
                    bad = copy.deepcopy(record)
                    bad["rounds"][r]["actions"][i][1] = "draw"
                    [problem] = ssp.validate_record(bad)
                    assert (problem.pointer, problem.rule) == (f"/rounds/{r}/actions/{i}/1", "jellyfish")
                    # the same seat, bound, then plays a duo in its play phase: the jellyfish's rule too
                    assert rnd["actions"][i + 1][0] == rnd["actions"][i][0]
                    bad = copy.deepcopy(record)
                    bad["rounds"][r]["actions"][i + 1][1] = "duo:crab-1+crab-2"
                    [problem] = ssp.validate_record(bad)
                    assert (problem.pointer, problem.rule) == (f"/rounds/{r}/actions/{i + 1}/1", "jellyfish")
                    return
    raise AssertionError("no jellyfish in 100 games")


# --- the online readings as variants --------------------------------------------------------

def _boats_on_an_empty_deck(rules_id: str) -> tuple[ssp.GameState, int]:
    rules = br.load_rules(rules_id)
    state = ssp.new_game(rules, 2, 3)
    seat = state.turn
    state = ssp.apply(state, seat, ssp.legal_actions(state, seat)[0])
    while state.phase != "play":
        state = ssp.apply(state, seat, ssp.legal_actions(state, seat)[0])
    t = state.tables
    boats = (t.index["boat-1"], t.index["boat-2"])
    rest = [c for c in state.deck if c not in boats]
    piles = tuple(tuple(c for c in p if c not in boats) for p in state.piles)
    hands = list(state.hands)
    hands[seat] = tuple(sorted((*hands[seat], *boats)))
    return state.evolve(deck=(), piles=(piles[0] + tuple(rest[:3]), piles[1]), hands=tuple(hands)), seat


def test_standard_a_boat_pair_on_an_empty_deck_ends_the_round_unscored() -> None:
    state, seat = _boats_on_an_empty_deck("sea-salt-paper")
    after = ssp.apply(state, seat, "duo:boat-1+boat-2")
    assert after.history[-1].end == "empty_deck" and after.history[-1].scores == (0, 0)


def test_online_a_boat_pair_on_an_empty_deck_gives_its_turn_from_the_discard_piles() -> None:
    state, seat = _boats_on_an_empty_deck("sea-salt-paper-boat-from-discards")
    after = ssp.apply(state, seat, "duo:boat-1+boat-2")
    assert after.round == state.round and after.turn == seat and after.phase == "draw"
    assert ssp.legal_actions(after, seat) and all(a.startswith("take:") for a in ssp.legal_actions(after, seat))
    taken = ssp.apply(after, seat, ssp.legal_actions(after, seat)[0])
    assert taken.phase == "play" and "end" in ssp.legal_actions(taken, seat)
    rich = taken.evolve(hands=tuple(h + tuple(taken.tables.index[f"octopus-{k}"] for k in range(1, 4))
                                    if s == seat else h for s, h in enumerate(taken.hands)))
    assert {"stop", "last_chance"} <= set(ssp.legal_actions(rich, seat))  # the player may still end the round


def test_mermaids_without_white_keep_white_in_the_colour_bonus() -> None:
    rules = br.load_rules("sea-salt-paper-mermaids-without-white")
    p = points(["mermaid-1", "mermaid-2", "crab-1"], rules=rules)
    assert (p.mermaids, p.colour_bonus) == (1, 2)  # the mermaids score dark blue only; white 2 is the bonus
    q = points(["mermaid-1", "mermaid-2", "crab-1"], rules=BASE)
    assert (q.mermaids, q.colour_bonus) == (3, 2)
    assert "colour bonus still counts it" in rules.description


def test_extra_salt_with_the_mermaids_white_out_of_the_mermaids_and_the_bonus_alike() -> None:
    """Extra Salt with the mermaids' white left out of both the mermaids' count and the colour bonus
    (no shipped ruleset has it): a round's end scores two mermaids and a dark blue crab as 1 card
    point (the crab's colour) and a colour bonus of 1 (the crab; the mermaids' white 2 not counted)."""
    from boomerang_rules.core.loading import rules_from_data

    data = br.rules_data(RULES)
    rules = rules_from_data({**data, "id": "extra-salt-no-white-at-all", "mermaids": {
        **data["mermaids"], "count_own_colour": False, "colour_bonus_own_colour": False}})
    t = tables_for(rules)
    hand = ["mermaid-1", "mermaid-2", "crab-1"]
    p = points(hand, rules=rules)
    assert (p.card_points, p.mermaids, p.colour_bonus) == (1, 1, 1)
    assert t.round_points(tuple(sorted(t.index[c] for c in hand)), ()) == (1, 1)
    assert t.round_points((), tuple(t.index[c] for c in hand)) == (1, 1)


def _base_and(name: str, cards: list[str], duos: list[dict[str, Any]] = [], **fields: Any) -> Any:  # noqa: B006
    """The base game with one of Extra Salt's rules added alone: ``cards`` (``kind-n``, black) and
    ``duos`` added, and the rule's own ``fields`` (``trio``, ``stand_in``)."""
    from boomerang_rules.core.loading import rules_from_data

    data = br.rules_data(BASE)
    data["cards"] = [*data["cards"], *({"id": c, "kind": c.rpartition("-")[0], "colour": "black"} for c in cards)]
    data["duos"] = [*data["duos"], *duos]
    return rules_from_data({**data, **fields, "id": f"sea-salt-paper-and-{name}"})


def _to_play(rules: Any, cards: list[str]) -> ssp.GameState:
    """A 3-player game of ``rules`` with seat 0 to play, holding ``cards``."""
    s = ssp.new_game(rules, 3, 1)
    held = {s.tables.index[c] for c in cards}
    return s.evolve(hands=(tuple(sorted(held)), *s.hands[1:]), turn=0, phase="play",
                    piles=tuple(tuple(c for c in pile if c not in held) for pile in s.piles),
                    deck=tuple(c for c in s.deck if c not in held))


@pytest.mark.parametrize("first", [False, True], ids=["named-as-shipped", "kind-sorting-first"])
def test_each_extra_salt_rule_alone_is_played_by_its_rule(first: bool) -> None:
    """Any one of Extra Salt's rules added alone to the base game is played as the expansion plays
    it, whichever kind it names, the one that sorts first (``boat``'s place) too: a starfish
    makes a duo a trio (3 points, offered as an action), a seahorse stands in for a card of a
    collection, a lobster pair shows the top five cards of the deck, a jellyfish pair binds each
    opponent to the deck's top card for a turn."""
    def alone(kind: str, rules: Any) -> Any:
        return kinds_swapped(rules, kind, "boat") if first else rules

    starfish = alone("starfish", _base_and("starfish", ["starfish-1"], trio={"kind": "starfish", "points": 3}))
    assert points(["crab-1", "crab-2", "starfish-1"], rules=starfish).card_points == 3
    trio = _to_play(starfish, ["crab-1", "crab-2", "starfish-1"])
    assert "trio:crab-1+crab-2+starfish-1" in ssp.legal_actions(trio, 0)
    seahorse = alone("seahorse", _base_and("seahorse", ["seahorse-1"], stand_in={"kind": "seahorse"}))
    assert points(["shell-1", "seahorse-1"], rules=seahorse).collectors == 2
    lobster = alone("lobster", _base_and("lobster", ["lobster-1", "lobster-2"], [
        {"kinds": ["lobster", "lobster"], "points": 1, "effect": "look_at_top", "look": 5}]))
    shown = ssp.apply(_to_play(lobster, ["lobster-1", "lobster-2"]), 0, "duo:lobster-1+lobster-2")
    assert shown.phase == "lobster" and len(shown.drawn) == 5
    jellyfish = alone("jellyfish", _base_and("jellyfish", ["jellyfish-1", "jellyfish-2"], [
        {"kinds": ["jellyfish", "jellyfish"], "points": 1, "effect": "restrict_opponents"}]))
    bound = ssp.apply(ssp.apply(_to_play(jellyfish, ["jellyfish-1", "jellyfish-2"]), 0, "duo:jellyfish-1+jellyfish-2"),
                      0, "end")
    assert bound.turn == 1 and ssp.legal_actions(bound, 1) == ("draw_one",)


def test_openspiel_plays_the_expansion_with_the_lobsters_shuffle_as_chance_nodes() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import random

    import boomerang_rules.rl.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("sea_salt_paper", {"players": 2, "rules": EXTRA})
    held = 0
    for seed in range(8):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                state.apply_action(rng.choice(outcomes)[0])
            else:
                action = rng.choice(state.legal_actions())
                kept = state.action_to_string(state.current_player(), action).startswith("lobster:")
                state.apply_action(action)
                held += kept and state.is_chance_node()
    assert held > 0  # a lobster's shuffle is drawn by chance nodes


def test_greedy_plays_a_trio_while_it_holds_a_starfish() -> None:
    """A starfish in hand scores only beside a pair in hand, and greedy plays every pair: as a trio."""
    from boomerang_rules.seasaltpaper.bots import GreedyBot

    s = br.new_game(RULES, 2, seed=3)
    seat = br.to_act(s)[0]
    hand = ("crab-1", "crab-2", "starfish-1")
    actions = ("duo:crab-1+crab-2", "trio:crab-1+crab-2+starfish-1", "end")
    seen = attrs.evolve(br.view(s, seat), hand=hand, phase="play", legal_actions=actions)
    assert GreedyBot(RULES, 0).choose(seen, actions) == "trio:crab-1+crab-2+starfish-1"
    assert GreedyBot(RULES, 0).choose(seen, ("duo:crab-1+crab-2", "end")) == "duo:crab-1+crab-2"


@pytest.mark.parametrize("rules_id", ["sea-salt-paper", "sea-salt-paper-extra-salt"])
def test_a_determinized_state_has_no_record_rather_than_an_invalid_one(rules_id: str) -> None:
    """Its view holds no deck order nor hidden decisions: ``record_of`` says so, before and after play on."""
    rules = br.load_rules(rules_id)
    s = br.new_game(rules, 3, 5)
    for k in range(150):
        s = br.step(s, [br.legal_actions(s, seat)[k % len(br.legal_actions(s, seat))] for seat in br.to_act(s)])
    assert br.validate_record(br.record_of(s)) == []
    guess = br.determinize(br.view(s, br.to_act(s)[0]), 3)
    with pytest.raises(ValueError, match="drawn by determinize"):
        br.record_of(guess)
    on = br.step(guess, [br.legal_actions(guess, seat)[0] for seat in br.to_act(guess)])
    with pytest.raises(ValueError, match="drawn by determinize"):
        br.record_of(on)


def test_the_strategies_replay_a_round_cut_before_its_lobster_shuffle() -> None:
    """``invalid_records`` replays a record's prefix: a shuffle still to come is not kept in it."""
    from boomerang_rules.seasaltpaper.bots import RandomBot
    from boomerang_rules.seasaltpaper.strategies import _replay

    def lobsters(record: dict[str, Any]) -> list[tuple[int, int]]:
        return [(r, i) for r, rnd in enumerate(record["rounds"]) for i, e in enumerate(rnd["actions"])
                if e[1].startswith("lobster:")]

    games = (br.record_of(ssp.play_game(RULES, [RandomBot(RULES, 0), RandomBot(RULES, 1)], seed)) for seed in range(40))
    record = next(g for g in games if lobsters(g))
    r, i = lobsters(record)[0]
    assert record["rounds"][r]["shuffles"]
    assert _replay(record, RULES, r, i).phase == "lobster"
    assert _replay(record, RULES, r, i + 1).phase != "lobster"
