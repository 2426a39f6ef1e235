"""The batched Sea Salt & Paper engine (numba) against the pure engine: same shuffles, first
players and steals, same legal actions, same totals, on every shipped ruleset and player count.

Skipped when the optional extra ``batch`` (numba, numpy) is not installed.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("numba")

import attrs
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import batch
from boomerang_rules.batch import generic
from boomerang_rules.rl.seasaltpaper import action_names as rl_action_names
from boomerang_rules.seasaltpaper.rules import build, to_data
from boomerang_rules.seasaltpaper.tables import tables_for

from .helpers import unchecked_rulesets

SHIPPED = [info.id for info in br.list_rules() if info.game == "sea-salt-paper"]
REFUSED = [v for v in SHIPPED if tables_for(br.load_rules(v)).expansion]
"""Extra Salt and the online readings the kernels do not play: the plain engine's batch plays them."""
VARIANTS = [v for v in SHIPPED if v not in REFUSED]
PLAYERS = [2, 3, 4]


@pytest.mark.parametrize("variant", REFUSED)
def test_what_the_kernels_do_not_play_is_refused_by_name_and_played_plainly(variant: str) -> None:
    with pytest.raises(br.RulesError) as caught:
        batch.compile_rules(br.load_rules(variant))
    rule = caught.value.problems[0].rule
    assert rule in ("batch-extra-salt", "batch-deck-size") and "cannot run this ruleset" in str(caught.value)
    assert isinstance(batch.init(br.load_rules(variant), 2, 10, seed=1), generic.Batch)  # tests/test_batch_generic.py


def test_extra_salt_and_the_online_readings_are_refused() -> None:
    assert {"sea-salt-paper-extra-salt", "sea-salt-paper-boat-from-discards",
            "sea-salt-paper-mermaids-without-white"} <= set(REFUSED)


def replay(rules: Any, players: int, seed: int, actions: np.ndarray[Any, Any]) -> Any:
    """Play the recorded ids (-1: padding) through the pure engine's ``apply``, each by the seat to act."""
    names = rl_action_names(rules)
    s = br.new_game(rules, players, seed=seed)
    for a in actions:
        if a < 0:
            break
        (seat,) = br.to_act(s)
        s = br.apply(s, seat, names[a])
    assert br.is_over(s)
    return s


def test_every_ruleset_is_covered() -> None:
    assert "sea-salt-paper" in VARIANTS and len(VARIANTS) >= 4 and len(VARIANTS) + len(REFUSED) == len(SHIPPED)


@pytest.mark.parametrize("variant", ["sea-salt-paper", "sea-salt-paper-last-chance-deck"])
@pytest.mark.parametrize("seed", [8, 779, 1771])
def test_an_empty_deck_during_a_last_chance_is_played_as_the_pure_engine_plays_it(variant: str, seed: int) -> None:
    """The rule the two rulesets read apart (the rulebook: an empty deck at the end of a turn ends
    the round unscored, LAST CHANCE or not; the variant: not while a LAST CHANCE runs) is met by
    random playouts too seldom for the tests above (5 games in 3,000 at four players, none in 3,000
    at two): these seeds' games meet it (found by playing 3,000 and looking), and the replay checks
    that they still do, so that the kernels' reading of it is compared with the pure engine's."""
    rules = br.load_rules(variant)
    names = rl_action_names(rules)
    totals, actions = batch.playouts(rules, 4, 1, seed, return_actions=True)
    s = br.new_game(rules, 4, seed=seed)
    met = 0
    for a in actions[0]:
        if a < 0:
            break
        met += s.caller >= 0 and not s.deck
        (seat,) = br.to_act(s)
        s = br.apply(s, seat, names[a])
    assert met and br.is_over(s)
    assert list(s.totals) == totals[0].tolist()


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_playouts_replay_through_the_pure_engine(variant: str, players: int) -> None:
    rules = br.load_rules(variant)
    seed = 1000 * players + 11
    games = 8
    totals, actions = batch.playouts(rules, players, games, seed, return_actions=True)
    assert totals.shape == (games, players) and actions.dtype == np.int16
    for g in range(games):
        state = replay(rules, players, seed + g, actions[g])
        assert list(state.totals) == totals[g].tolist()
        assert [sheet.total for sheet in br.score_sheets(state)] == totals[g].tolist()
    assert (batch.playouts(rules, players, games, seed) == totals).all()  # the same games without recording


@pytest.mark.parametrize("variant", VARIANTS)
def test_playouts_take_the_policys_choice_among_the_listed_actions(variant: str) -> None:
    """Every action ``playouts`` records is its policy's: game g's own SplitMix64 stream (from
    ``seed + g`` and the policy's salt), one 32-bit half of an output (low first) a choice among
    m > 1 legal actions, ``(u * m) >> 32`` indexing the list the step API keeps. The replays above
    check only that the actions are legal and score as recorded: a playout kernel that chose
    otherwise (another stream, order or list) would pass them."""
    from boomerang_rules.batch import _ssp_kernels as k
    from boomerang_rules.core.rng import next_u64

    rules = br.load_rules(variant)
    for players in PLAYERS:
        seed, games = 40 + players, 6
        _, recorded = batch.playouts(rules, players, games, seed, return_actions=True)
        b = batch.init(rules, players, games, seed)
        states = [next_u64((seed + g) ^ int(k._POLICY_SALT))[1] for g in range(games)]
        halves: list[list[int]] = [[] for _ in range(games)]
        t = 0
        while not b.over:
            actions = np.full(games, -1, np.int64)
            for g in range(games):
                m = int(b.nlegal[g])
                if m == 0:  # over: padding from here on
                    continue
                j = 0
                if m > 1:
                    if not halves[g]:
                        states[g], word = next_u64(states[g])
                        halves[g] = [word & 0xFFFFFFFF, word >> 32]
                    j = (halves[g].pop(0) * m) >> 32
                actions[g] = b.legal[g, j]
            assert recorded[:, t].tolist() == actions.tolist()
            b, _ = batch.step(b, actions)
            t += 1
        assert t == recorded.shape[1]


def _three_mermaids_win() -> Any:
    """The base game with 3 of its 4 mermaids winning (``mermaids.win_with``)."""
    from boomerang_rules.core.loading import rules_data, rules_from_data

    base = rules_data(br.load_rules("sea-salt-paper"))
    return rules_from_data({**base, "id": "three-win", "mermaids": {**base["mermaids"], "win_with": 3}}, "c.json")


@pytest.mark.parametrize(("rules", "players", "seed"), [
    ("sea-salt-paper", 2, 54), ("sea-salt-paper", 3, 272), ("sea-salt-paper", 4, 195),
    ("three-win", 2, 9), ("three-win", 3, 5), ("three-win", 4, 5)])
def test_a_seat_holding_all_the_mermaids_places_them_at_once_in_the_kernels(rules: str, players: int,
                                                                            seed: int) -> None:
    """Whoever holds all four mermaids wins at once: in its play phase placing them is the only
    legal action, in the kernels as in the pure engine. Each seed's random playout (the first
    among seeds 0-2999 of its player count; 0-399 where 3 win) brings a seat the mermaids: the playout
    places them at once, the pure engine replays it, and the step API lists ``mermaids`` alone there.
    A ruleset where 3 win (``win_with``) is read so by the kernels too: they place 3."""
    ruleset = _three_mermaids_win() if rules == "three-win" else br.load_rules(rules)
    names = rl_action_names(ruleset)
    _, actions = batch.playouts(ruleset, players, 1, seed, return_actions=True)
    state = replay(ruleset, players, seed, actions[0])
    assert state.history[-1].end == "mermaids" and br.winners(state) == (state.history[-1].ender,)
    t, ended = state.tables, state.history[-1]
    assert sum(t.kind[c] == t.mermaid for c in ended.played[ended.ender]) == ruleset.mermaids.win_with
    b = batch.init(ruleset, players, 1, seed)
    placed = 0
    for a in actions[0][actions[0] >= 0]:
        if names[a] == "mermaids":
            assert int(b.nlegal[0]) == 1 and int(b.legal[0, 0]) == a
            placed += 1
        b, _ = batch.step(b, np.array([a], np.int64))
    assert placed == 1 and b.over


def test_random_games_reach_every_kind_of_action() -> None:
    """The replays above cover steals, crabs, LAST CHANCE, empty decks and several rounds."""
    rules = br.load_rules("sea-salt-paper")
    names = rl_action_names(rules)
    _, actions = batch.playouts(rules, 4, 200, 3, return_actions=True)
    used = {names[a].split(":")[0] for a in np.unique(actions) if a >= 0}
    assert {"draw", "take", "keep", "pile", "pick", "steal", "duo", "stop", "last_chance", "end"} <= used
    states = [replay(rules, 4, 3 + g, actions[g]) for g in range(200)]
    assert max(len(s.history) for s in states) >= 4
    assert {r.end for s in states for r in s.history} >= {"stop", "last_chance", "empty_deck"}


@settings(max_examples=12)
@given(seed=st.integers(-(2 ** 70), 2 ** 70), players=st.sampled_from(PLAYERS), variant=st.sampled_from(VARIANTS))
def test_any_seed_plays_the_pure_engines_game(seed: int, players: int, variant: str) -> None:
    rules = br.load_rules(variant)
    totals, actions = batch.playouts(rules, players, 2, seed, return_actions=True)
    for g in range(2):
        assert list(replay(rules, players, seed + g, actions[g]).totals) == totals[g].tolist()


@given(seed=st.integers(-(2 ** 70), 2 ** 70), players=st.sampled_from(PLAYERS))
def test_first_deal_is_new_games(seed: int, players: int) -> None:
    rules = br.load_rules("sea-salt-paper")
    b = batch.init(rules, players, 3, seed)
    for g in range(3):
        state = br.new_game(rules, players, seed=seed + g)
        assert tuple(b.deck[g, :len(state.deck0)].tolist()) == state.deck0
        assert batch.to_act(b)[g] == state.turn
        assert (b.piles[g, 0, 0], b.piles[g, 1, 0]) == (state.piles[0][0], state.piles[1][0])


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_step_api_matches_the_pure_engine(variant: str, players: int) -> None:
    """Every step: the legal masks are the pure engine's legal actions, the totals its totals, the
    rewards what the totals gained; finished games wait with empty masks while others play on."""
    rules = br.load_rules(variant)
    names = batch.action_names(rules)
    seed, games = 70, 4
    b = batch.init(rules, players, games, seed)
    states = [br.new_game(rules, players, seed=seed + g) for g in range(games)]
    states_seen_over = 0
    sampler = batch.sampler(games, 5)
    earned = np.zeros((games, players), np.int64)
    while not b.over:
        masks = batch.legal_masks(b)
        assert masks.shape == (games, batch.num_actions(rules))
        for g, s in enumerate(states):
            legal = set(br.legal_actions(s, s.turn)) if not br.is_over(s) else set()
            assert {names[i] for i in np.flatnonzero(masks[g])} == legal
            assert batch.to_act(b)[g] == (s.turn if not br.is_over(s) else -1)
            states_seen_over += br.is_over(s)
        actions = batch.sample_actions(b, sampler)
        assert all(masks[g, a] for g, a in enumerate(actions) if a >= 0)
        before = batch.totals(b)
        b, rewards = batch.step(b, actions)
        assert (rewards == batch.totals(b) - before).all()  # a finished game's too: 0
        earned += rewards
        for g in range(games):
            if not br.is_over(states[g]):
                states[g] = br.apply(states[g], states[g].turn, names[actions[g]])
        assert batch.totals(b).tolist() == [list(s.totals) for s in states]
        assert b.live == sum(not br.is_over(s) for s in states) == int((~b.ended).sum())
        assert b.order[:b.live].tolist() == np.flatnonzero(~b.ended).tolist()  # what the kernels visit
    assert all(br.is_over(s) for s in states) and states_seen_over > 0
    assert not batch.legal_masks(b).any() and b.ended.all()
    assert earned.tolist() == batch.totals(b).tolist()


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_duo_pairs_kept_are_the_duos_listed(variant: str) -> None:
    """The duo pairs the kernels keep up for each seat (what a playout's play decision reads
    instead of counting them afresh) are the duo actions listed, at every play decision."""
    from boomerang_rules.batch import _ssp_kernels as k

    rules = br.load_rules(variant)
    names = batch.action_names(rules)
    games = 64
    b = batch.init(rules, 4, games, 11)
    sampler = batch.sampler(games, 3)
    checked = 0
    while not b.over:
        for g in np.flatnonzero(b.gi[:, k.G_PHASE] == k.P_PLAY):
            listed = sum(names[a].startswith("duo:") for a in b.legal[g, :b.nlegal[g]])
            assert b.points[g, b.gi[g, k.G_TURN], k.PV_PAIRS] == listed
            checked += listed > 0
        b, _ = batch.step(b, batch.sample_actions(b, sampler))
    assert checked > 100


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_kernels_mermaids_and_colour_bonus_are_the_pure_scoring_s(variant: str) -> None:
    """The kernels count the colours in one place (``stop_colours``: the STOP check, a round's
    mermaids' points and its colour bonus): for cards holding none to every mermaid, their points
    and bonus are ``scoring.points_of``'s. A round's score reads them only at its end, where a
    playout seldom holds two mermaids: the replays above met few such hands."""
    import random

    from boomerang_rules.batch import _ssp_kernels as k
    from boomerang_rules.seasaltpaper.scoring import points_of

    rules = br.load_rules(variant)
    t = tables_for(rules)
    compiled = batch.compile_rules(rules)
    mermaids = [c for c in range(t.deck_size) if t.kind[c] == t.mermaid]
    others = [c for c in range(t.deck_size) if t.kind[c] != t.mermaid]
    rng = random.Random(5)
    for _ in range(400):
        cards = rng.sample(mermaids, rng.randint(0, len(mermaids))) + rng.sample(others, rng.randint(0, 20))
        both = np.uint64(sum(1 << c for c in cards))
        pure = points_of(t, cards, ())
        assert k.mermaid_points(both, compiled._ti, compiled._tm) == pure.mermaids, cards
        assert k.colour_bonus(both, np.uint64(0), compiled._ti, compiled._tm) == pure.colour_bonus, cards


def test_legal_masks_into_out_are_the_fresh_ones() -> None:
    """``legal_masks(batch, out=)`` writes every entry of ``out`` (whatever it held) as a fresh
    call's masks, returns it, and refuses an array of another shape, dtype or layout."""
    from boomerang_rules.batch import seasaltpaper as ssp

    rules = br.load_rules("sea-salt-paper")
    games = 32
    b = batch.init(rules, 3, games, 5)
    sampler = batch.sampler(games, 9)
    out = np.ones((games, batch.num_actions(rules)), np.bool_)  # garbage: every entry must be written
    while not b.over:
        fresh = batch.legal_masks(b)
        assert ssp.legal_masks(b, out=out) is out
        assert (out == fresh).all()
        b, _ = batch.step(b, batch.sample_actions(b, sampler))
    assert not ssp.legal_masks(b, out=out).any()
    bads: list[Any] = [np.zeros((games, 3), np.bool_), np.zeros(out.shape, np.int8),
                       np.zeros(out.shape[::-1], np.bool_).T]
    for bad in bads:
        with pytest.raises(ValueError, match="out must be"):
            ssp.legal_masks(b, out=bad)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", PLAYERS)
def test_the_masks_kept_by_step_are_the_fresh_ones(variant: str, players: int) -> None:
    """``masks_view`` (the masks the kernels keep up) is ``legal_masks`` at every step, from the
    first to the last (all False), read-only, and refused steps leave it as it was."""
    from boomerang_rules.batch import _ssp_kernels as k
    from boomerang_rules.batch import seasaltpaper as ssp

    rules = br.load_rules(variant)
    games = 24
    b = batch.init(rules, players, games, 31)
    sampler = batch.sampler(games, 2)
    long_lists = 0  # lists the kernels write and clear by a loop, not as SHORT stores
    while not b.over:
        view = ssp.masks_view(b)
        assert (view == batch.legal_masks(b)).all()
        long_lists += int((b.nlegal > k.SHORT).sum())
        with pytest.raises(ValueError):
            view[0, 0] = True
        actions = batch.sample_actions(b, sampler)
        illegal = actions.copy()
        live = np.flatnonzero(actions >= 0)
        illegal[live[0]] = int(np.flatnonzero(~view[live[0]])[0])
        with pytest.raises(br.IllegalAction):
            batch.step(b, illegal)
        assert (ssp.masks_view(b) == batch.legal_masks(b)).all()
        b, _ = batch.step(b, actions)
    assert not ssp.masks_view(b).any() and long_lists > 0


def test_masks_view_cannot_be_made_writeable_again() -> None:
    """``step`` checks each action against the kept masks alone, so ``masks_view`` must not let
    them be written: numpy lets a read-only view of a writeable array be made writeable again, and
    an entry set through it let the kernels apply an action no rule allows (a duo's id in the draw
    phase taken as a card index far past the deck's)."""
    from boomerang_rules.batch import seasaltpaper as ssp

    b = batch.init(br.load_rules("sea-salt-paper"), 2, 2, 0)
    view: Any = ssp.masks_view(b)
    while isinstance(view, np.ndarray):  # the view and every array it is a view of
        with pytest.raises(ValueError, match="WRITEABLE"):
            view.flags.writeable = True
        view = view.base
    before = ssp.masks_view(b).copy()
    b, _ = batch.step(b, batch.sample_actions(b, batch.sampler(2, 1)))
    assert (ssp.masks_view(b) == batch.legal_masks(b)).all() and not (ssp.masks_view(b) == before).all()


def test_step_applies_the_actions_it_checked_even_through_a_view_of_the_batch() -> None:
    """``step`` checks every game's action, then applies them game by game, writing the batch's
    arrays: actions given as a view of those (here each seat's points, flat) must be read as they
    were checked. Read uncopied, game 0's take of a crab raised its seat's pair count, which game 1
    read as its action: ``pass`` (1), never checked and not legal, instead of ``draw`` (0)."""
    import copy

    from boomerang_rules.batch import _ssp_kernels as k
    from boomerang_rules.batch import seasaltpaper as ssp

    rules = br.load_rules("sea-salt-paper")
    b = batch.init(rules, 2, 2, 116)
    sampler = batch.sampler(2, 116)
    names = batch.action_names(rules)
    while True:  # to the state where the points read as actions are legal in both games, game 0's a take
        view = b.points.reshape(-1)[:2]
        if ssp.masks_view(b)[0, view[0]] and ssp.masks_view(b)[1, view[1]] and names[view[0]].startswith("take"):
            break
        b, _ = batch.step(b, batch.sample_actions(b, sampler))
    assert [names[a] for a in view] == ["take:crab-1", "draw"]
    given = copy.deepcopy(b)
    batch.step(given, view.copy())
    batch.step(b, view)
    assert int(b.gi[1, k.G_PHASE]) == k.P_KEEP  # game 1 drew two: draw, as checked
    assert all((x == y).all() for x, y in zip(b.state_arrays(), given.state_arrays(), strict=True))


def test_each_games_scalars_are_two_whole_cache_lines() -> None:
    """``run`` finds a game's scalars at ``g * G_SIZE`` of ``gi`` flat: a 128-byte row, so ``gi``
    starts on a 64-byte boundary (numpy's own start is 16 bytes past one: three lines a row)."""
    from boomerang_rules.batch import _ssp_kernels as k

    b = batch.init(br.load_rules("sea-salt-paper"), 4, 4096, 3)
    assert b.gi.shape == (4096, k.G_SIZE) and k.G_SIZE * b.gi.itemsize == 128 and b.gi.flags.c_contiguous
    assert b.gi.ctypes.data % 64 == 0


def test_a_pickled_or_copied_batch_keeps_its_scalars_aligned_and_plays_on_alike() -> None:
    """An unpickled (or deep-copied) batch lays ``gi`` on a 64-byte boundary again, as ``init`` does,
    and plays on as the original: same masks, rewards and totals at every step."""
    import copy
    import pickle

    b = batch.init(br.load_rules("sea-salt-paper"), 3, 64, 5)
    states = batch.sampler(b.games, 1)
    b, _ = batch.step(b, batch.sample_actions(b, states))
    for twin in (pickle.loads(pickle.dumps(b)), copy.deepcopy(b)):
        assert twin.gi.ctypes.data % 64 == 0 and twin.gi.flags.c_contiguous
        np.testing.assert_array_equal(twin.gi, b.gi)
    twin = pickle.loads(pickle.dumps(b))
    s1, s2 = states.copy(), states.copy()
    while not b.over:
        np.testing.assert_array_equal(batch.legal_masks(twin), batch.legal_masks(b))
        b, r1 = batch.step(b, batch.sample_actions(b, s1))
        twin, r2 = batch.step(twin, batch.sample_actions(twin, s2))
        np.testing.assert_array_equal(r1, r2)
    assert twin.over
    np.testing.assert_array_equal(batch.totals(twin), batch.totals(b))


def test_step_refuses_illegal_actions_and_applies_none() -> None:
    rules = br.load_rules("sea-salt-paper")
    b = batch.init(rules, 3, 4, 9)
    before = (b.gi.copy(), b.hands.copy(), b.rng.copy())
    actions = batch.legal_masks(b).argmax(axis=1)
    actions[2] = batch.action_names(rules).index("end")  # the draw phase: draw or take first
    with pytest.raises(br.IllegalAction, match=r"game 2, seat \d: action \d+ \('end'\) is not legal in the draw "
                                               r"phase; legal: draw, take:"):
        batch.step(b, actions)
    assert (b.gi == before[0]).all() and (b.hands == before[1]).all() and (b.rng == before[2]).all()
    for outside in (10_000, -1, len(batch.action_names(rules)), -2**63):  # read from the kept masks: bounded first
        actions[2] = outside
        with pytest.raises(br.IllegalAction, match=rf"game 2, seat \d: action {outside} \(no action\)"):
            batch.step(b, actions)
    assert (b.gi == before[0]).all() and (b.hands == before[1]).all() and (b.rng == before[2]).all()
    with pytest.raises(ValueError, match=r"shape \(4,\) \(one per game\)"):
        batch.step(b, np.zeros((4, 3), np.int64))
    with pytest.raises(TypeError, match="integer action ids"):
        batch.step(b, np.zeros(4))


def test_refuses_bad_arguments_and_rulesets() -> None:
    rules = br.load_rules("sea-salt-paper")
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        batch.playouts(rules, 5, 1, 0)
    with pytest.raises(TypeError, match="players must be an integer"):
        batch.init(rules, "4", 1, 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"unknown policy 'lowest'.*never ends a game"):
        batch.playouts(rules, 4, 1, 0, policy="lowest")
    with pytest.raises(TypeError, match="seed"):
        batch.playouts(rules, 4, 1, 1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="games must be 0 or more"):
        batch.init(rules, 4, -1, 0)
    with pytest.raises(TypeError, match="batch must be a Batch"):
        batch.legal_masks(object())
    assert batch.playouts(rules, 4, 0, 0).shape == (0, 4)
    data = to_data(rules)
    data["cards"] = data["cards"] + [dict(card, id=f"{card['id']}x") for card in data["cards"][:10]]
    with pytest.raises(br.RulesError, match=r"68 cards.*at most 64"):
        batch.compile_rules(build(data))
    assert isinstance(batch.init(build(data), 4, 1, 0), generic.Batch)  # played by the plain engine
    with unchecked_rulesets():  # a ruleset built by hand is checked (its game's schema): past that here
        mislabelled = attrs.evolve(rules, game="boomerang-2010")
    with pytest.raises(br.RulesError, match="only sea-salt-paper rulesets here, not 'boomerang-2010'"):
        batch.init(mislabelled, 4, 1, 0)


def test_refuses_cards_effects_and_rules_it_does_not_know() -> None:
    """An expansion's new card kinds, duo effects or rule fields are refused by the kernels, never
    played as the base game (``batch.playouts`` and ``init`` hand them to the plain engine)."""
    rules = br.load_rules("sea-salt-paper")
    with unchecked_rulesets():  # rulesets no loader makes (a ruleset built by hand is checked): past that
        starfish = attrs.evolve(rules, cards=(attrs.evolve(rules.cards[0], kind="starfish"), *rules.cards[1:]))
    with pytest.raises(br.RulesError, match=r"'sea-salt-paper' has the card kind\(s\) starfish") as error:
        batch.compile_rules(starfish)
    assert error.value.problems[0].rule == "batch-card-kind"
    assert isinstance(batch.init(starfish, 4, 1, 0), generic.Batch)
    with unchecked_rulesets():
        odd = attrs.evolve(rules, duos=(attrs.evolve(rules.duos[0], effect="swap"), *rules.duos[1:]))
    with pytest.raises(br.RulesError, match="'sea-salt-paper' gives crab\\+crab the duo effect 'swap'"):
        batch.compile_rules(odd)

    @attrs.frozen(eq=False)
    class Expansion(type(rules)):  # type: ignore[misc]
        trios: tuple[str, ...] = attrs.field(default=(), eq=False)

    fields = {f.name: getattr(rules, f.name) for f in attrs.fields(type(rules)) if f.init}
    with unchecked_rulesets():
        base, trios = Expansion(**fields), Expansion(**fields, trios=("starfish",))
    assert batch.playouts(base, 2, 1, 0).shape == (1, 2)  # the field at its default: base rules
    with pytest.raises(br.RulesError, match="'sea-salt-paper' sets the rule field 'trios'"):
        batch.compile_rules(trios)


def test_a_game_over_batch_refuses_steps() -> None:
    rules = br.load_rules("sea-salt-paper")
    b = batch.init(rules, 2, 2, 1)
    sampler = batch.sampler(2, 1)
    while not b.over:
        batch.step(b, batch.sample_actions(b, sampler))
    with pytest.raises(br.IllegalAction, match="over"):
        batch.step(b, np.zeros(2, np.int64))
    with pytest.raises(br.IllegalAction, match="over"):
        batch.sample_actions(b, sampler)


def test_action_names_are_the_rl_numbering() -> None:
    for variant in VARIANTS:
        rules = br.load_rules(variant)
        assert batch.action_names(rules) == rl_action_names(rules)
        assert batch.num_actions(rules) == len(rl_action_names(rules))


def test_bench_entry_points() -> None:
    games_per_s, decisions_per_s = batch.bench_rates("sea-salt-paper", "playouts", seconds=0.01, games=8)
    assert games_per_s > 0 and decisions_per_s > 100 * games_per_s
    games_per_s, decisions_per_s = batch.bench_rates("sea-salt-paper", "step_api", seconds=0.01, games=8)
    assert games_per_s > 0 and decisions_per_s > 100 * games_per_s
