"""The numpy primitives of ``boomerang_rules.rl``: observations, rewards, chance."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules.australia.tables import tables_for

from .helpers import australia_ids, random_states

np = pytest.importorskip("numpy")
rl = pytest.importorskip("boomerang_rules.rl")

RULESETS = australia_ids()


def _parts(state: br.GameState, seat: int) -> dict[str, Any]:
    """Australia's raw observation (totals in points) by slice."""
    spec = rl.observation_spec(state.rules, state.players)
    obs = rl.observe_seats(state)[seat]
    return {x.name: obs[x.start:x.stop].reshape(x.shape) for x in spec}


def _ids(t: Any, row: Any) -> tuple[str, ...]:
    return tuple(t.ids[i] for i in np.flatnonzero(row))


def _check_against_view(state: br.GameState, seat: int) -> None:
    """Every slice of the observation says what the seat's view says, relative to the seat."""
    t = tables_for(state.rules)
    n = state.players
    v = br.view(state, seat)
    p = _parts(state, seat)
    assert _ids(t, p["hand"]) == v.hand
    assert _ids(t, p["throw"]) == ((v.throw,) if v.throw else ())
    held = p["held"]
    for k in range(held.shape[0]):
        assert _ids(t, held[k]) == (tuple(sorted(v.held[k])) if k < len(v.held) else ())
    for j in range(n):
        other = (seat + j) % n
        assert _ids(t, p["face_up"][j]) == tuple(sorted(v.face_up[other]))
        assert p["scores"][j] == v.sheets[other].total
        used = tuple(k for k, b in zip(t.activity_kinds, p["activities_used"][j]) if b)
        assert used == v.activities_used[other]
        crossed = {t.ids[c] for r in v.past_rounds for c in range(t.deck_size)
                   if t.ids[c] in (r.drafts[other] if state.rules.sites_include_throw else r.drafts[other][1:])}
        assert set(_ids(t, p["sites"][j])) == crossed
    assert int(np.argmax(p["round"])) == v.round and p["round"].sum() == 1
    step = {"throw": 0, "pick": v.pick, "activity": t.activity_step, "over": 0, "deal": 0}[v.phase]
    assert int(np.argmax(p["step"])) == step and p["step"].sum() == 1
    taken = tuple(r.id for r, b in zip(state.rules.regions, p["regions_taken"]) if b)
    assert taken == v.regions_taken


@settings(max_examples=12)
@given(st.sampled_from(RULESETS), st.integers(2, 4), st.integers(0, 2**32))
def test_observation_says_what_the_view_says(rules_id: str, players: int, seed: int) -> None:
    rules = br.load_rules(rules_id)
    state = br.new_game(rules, players, seed)
    rng = random.Random(seed)
    size = rl.observation_size(rules, players)
    while True:
        everyone = rl.observe_seats(state)
        assert everyone.shape == (players, size) and everyone.dtype == np.float32
        for seat in range(players):
            # rl.observe is the raw encoding scaled by the field table's bounds (the totals' only)
            bounds = np.concatenate([np.full(x.stop - x.start, x.bound) for x in rl.observation_spec(rules, players)])
            assert np.array_equal(rl.observe(state, seat), (everyone[seat] / bounds).astype(np.float32))
            _check_against_view(state, seat)
        if br.is_over(state):
            break
        for seat in br.to_act(state):
            state = br.apply(state, seat, rng.choice(br.legal_actions(state, seat)))


@pytest.mark.parametrize("rules_id", RULESETS)
def test_words_kept_step_by_step_are_the_words_built_afresh(rules_id: str) -> None:
    for players in (2, 3, 4):
        state = br.new_game(br.load_rules(rules_id), players, seed=players)
        words = rl.static_words(state)
        rng = random.Random(players)
        while not br.is_over(state):
            before = state
            for seat in br.to_act(state):
                state = br.apply(state, seat, rng.choice(br.legal_actions(state, seat)))
            words = rl.advance_words(words, before, state)
            assert words == rl.static_words(state)
            obs, masks, ints = rl.encode(state, words)
            assert np.array_equal(obs, rl.observe_seats(state))
            assert ints == [br.legal_mask(state, s) for s in range(players)]
            assert np.array_equal(masks, rl.action_masks(state, range(players)))


def test_an_observation_shows_no_choice_made_this_step() -> None:
    state = br.new_game(br.load_rules(), 4, seed=5)
    before = rl.observe_seats(state)
    after = br.apply(state, 0, br.legal_actions(state, 0)[0])
    assert np.array_equal(before, rl.observe_seats(after))


def test_the_spec_names_every_entry_once() -> None:
    rules = br.load_rules()
    spec = rl.observation_spec(rules, 3)
    assert [x.name for x in spec] == ["hand", "throw", "held", "face_up", "sites", "round", "step",
                                      "regions_taken", "activities_used", "scores"]
    assert spec[0].start == 0 and spec[-1].stop == rl.observation_size(rules, 3)
    for a, b in itertools.pairwise(spec):
        assert a.stop == b.start
        assert a.stop - a.start == int(np.prod(a.shape))
    assert spec[0].columns == tables_for(rules).ids
    assert spec[3].rows == ("+0", "+1", "+2")
    with pytest.raises(ValueError, match="2 to 4 players"):
        rl.observation_size(rules, 5)


def test_action_masks_are_the_legal_actions() -> None:
    rules = br.load_rules()
    state = br.new_game(rules, 3, seed=2)
    rng = random.Random(2)
    while not br.is_over(state):
        masks = rl.action_masks(state, range(3))
        assert masks.shape == (3, rl.num_actions(rules))
        for seat in range(3):
            legal = {rl.action_of(rules, int(i)) for i in np.flatnonzero(masks[seat])}
            assert legal == set(br.legal_actions(state, seat))
        seat = br.to_act(state)[0]
        state = br.apply(state, seat, rng.choice(br.legal_actions(state, seat)))


@settings(max_examples=8)
@given(st.sampled_from(RULESETS), st.integers(2, 4), st.integers(0, 2**32))
def test_round_rewards_sum_to_the_final_totals(rules_id: str, players: int, seed: int) -> None:
    state = br.new_game(br.load_rules(rules_id), players, seed)
    rng = random.Random(seed)
    summed = [0] * players
    while not br.is_over(state):
        before = state
        for seat in br.to_act(state):
            state = br.apply(state, seat, rng.choice(br.legal_actions(state, seat)))
        rewards = rl.round_rewards(before, state)
        if state.round == before.round:
            assert rewards == (0,) * players
        else:  # the totals the envs read at each round's end are the score sheets'
            assert rl.totals(state) == tuple(sheet.total for sheet in br.score_sheets(state))
        summed = [a + b for a, b in zip(summed, rewards)]
    assert tuple(summed) == tuple(sheet.total for sheet in br.score_sheets(state)) == rl.totals(state)
    assert sum(rl.win_rewards(state)) == len(br.winners(state))


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "sea-salt-paper-extra-salt", "boomerang-2010"])
def test_round_rewards_are_the_games_declared_ones_or_the_change_of_totals(rules_id: str) -> None:
    """The shared layer names no game: a game's rl module that defines ``round_rewards`` is read
    (Australia's: its rounds' ends; Boomerang (2010)'s: its starting totals paid with the first
    decision), any other gives the change of ``totals``, at every decision of a game."""
    import inspect

    from boomerang_rules.core.games import GAMES
    from boomerang_rules.rl.encoding import _rl_module

    source = inspect.getsource(rl.round_rewards)
    assert not [game for game in GAMES if game in source]
    rules = br.load_rules(rules_id)
    own = getattr(_rl_module(rules.game), "round_rewards", None)
    assert (own is not None) == (rules.game in ("boomerang-australia", "boomerang-2010"))
    state = br.new_game(rules, 3, 17)
    rng = random.Random(17)
    while not br.is_over(state):
        before = state
        state = br.step(state, [rng.choice(br.legal_actions(state, seat)) for seat in br.to_act(state)])
        totals = _rl_module(rules.game).totals
        expected = own(before, state) if own else tuple(a - b for a, b in zip(totals(state), totals(before)))
        assert rl.round_rewards(before, state) == expected


def test_round_rewards_follow_a_games_declaration(monkeypatch: pytest.MonkeyPatch) -> None:
    """Declaring ``round_rewards`` in a game's rl module is all it takes for ``rl.round_rewards`` to use it."""
    from boomerang_rules.rl import seasaltpaper

    state = br.new_game(br.load_rules("sea-salt-paper"), 2, 1)
    monkeypatch.setattr(seasaltpaper, "round_rewards", lambda before, after: (7, 8), raising=False)
    assert rl.round_rewards(state, state) == (7, 8)
    monkeypatch.delattr(seasaltpaper, "round_rewards")
    assert rl.round_rewards(state, state) == (0, 0)
    with pytest.raises(ValueError, match="states of one game"):
        rl.round_rewards(state, br.new_game(br.load_rules("sea-salt-paper"), 3, 1))
    with pytest.raises(ValueError, match="states of one game"):
        rl.round_rewards(state, br.new_game(br.load_rules("boomerang-2010"), 3, 1))


def _deal_by_chance(state: br.GameState, rng: random.Random) -> br.GameState:
    cards: list[int] = []
    while True:
        outcomes = rl.chance_outcomes(state, cards)
        if not outcomes:
            dealt: br.GameState = rl.deal_in_order(state, cards)
            return dealt
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert not set(cards) & {c for c, _ in outcomes}
        cards.append(rng.choice(outcomes)[0])


@pytest.mark.parametrize("rules_id", RULESETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_dealt_from_outside_plays_to_the_end(rules_id: str, players: int) -> None:
    rules = br.load_rules(rules_id)
    t = tables_for(rules)
    state = rl.new_undealt_game(rules, players)
    rng = random.Random(players)
    while not br.is_over(state):
        assert rl.waiting_for_deal(state) and not br.to_act(state)
        layers = rl.deck_layers(state)
        state = _deal_by_chance(state, rng)
        assert br.to_act(state) == tuple(range(players))
        dealt = state.hands
        # the cards on top (set aside last round) go round-robin from seat 0
        top = layers[0]
        for seat in range(players):
            expected = min(len(range(seat, bin(top).count("1"), players)), t.hand_size)
            assert bin(dealt[seat] & top).count("1") == expected
        while br.to_act(state):
            for seat in br.to_act(state):
                state = br.apply(state, seat, rng.choice(br.legal_actions(state, seat)))
    assert rl.chance_outcomes(state) == []


def test_the_dealer_deals_what_the_chance_model_allows() -> None:
    """A seeded game's deals have the shape the chance outcomes describe (set-aside cards first)."""
    rules = br.load_rules()
    for seed in range(5):
        state = br.new_game(rules, 3, seed)
        rng = random.Random(seed)
        while not br.is_over(state):
            for seat in br.to_act(state):
                state = br.apply(state, seat, rng.choice(br.legal_actions(state, seat)))
        for r, result in enumerate(state.progress.rounds[1:], start=1):
            used = 0
            for mask in state.progress.rounds[r - 1].dealt:
                used |= mask
            top = ((1 << 28) - 1) & ~used
            assert [bin(m & top).count("1") for m in result.dealt] == [3, 2, 2]


def test_dealing_refuses_a_game_not_waiting_and_a_flawed_deal() -> None:
    rules = br.load_rules()
    with pytest.raises(br.IllegalAction, match="not waiting for a deal"):
        rl.deal(br.new_game(rules, 2, seed=1), [["A"] * 7, ["B"] * 7])
    waiting = rl.new_undealt_game(rules, 2)
    with pytest.raises(br.InvalidInput, match="dealt twice"):
        rl.deal(waiting, [list("ABCDEFG"), list("AHIJKLM")])
    dealt = rl.deal(waiting, [list("ABCDEFG"), [rl.action_id(rules, c) for c in "HIJKLMN"]])
    assert br.legal_actions(dealt, 1) == tuple("HIJKLMN")


@settings(max_examples=8)
@given(st.integers(3, 5), st.integers(0, 2**32))
def test_a_boomerang_2010_observation_says_what_the_view_says(players: int, seed: int) -> None:
    rules = br.load_rules("boomerang-2010")
    state = br.new_game(rules, players, seed)
    rng = random.Random(seed)
    cards = [c.id for c in rules.cards]
    while True:
        for seat in range(players):
            v = br.view(state, seat)
            obs = rl.observe(state, seat)
            p = {x.name: np.rint(obs[x.start:x.stop].astype(np.float64) * x.bound).reshape(x.shape)
                 for x in rl.observation_spec(rules, players)}  # each entry back in its own units
            order = [(seat + j) % players for j in range(players)]
            assert [rules.lands[i] for i in np.flatnonzero(p["token"])] == ([v.token] if v.token else [])
            assert list(p["chosen"]) == [v.chosen[s] for s in order]
            assert {cards[i] for i in np.flatnonzero(p["river"])} == set(v.river)
            for j, s in enumerate(order):
                assert {cards[i] for i in np.flatnonzero(p["captured"][j])} == set(v.captured[s])
            assert list(p["boomerangs"]) == [v.boomerangs[s] for s in order]
            assert p["pot"][0] == v.pot and p["deck"][0] == v.deck_size
            assert list(p["scores"]) == [v.scores[s].total for s in order]
            assert {order[j] for j in np.flatnonzero(p["active"])} == set(v.active)
        if br.is_over(state):
            break
        seat = br.to_act(state)[0]
        state = br.apply(state, seat, rng.choice(br.legal_actions(state, seat)))


def test_sea_salt_paper_action_index_is_the_numbering_read_backwards_and_read_only() -> None:
    """The index is cached, one mapping a ruleset for every caller: a write through one caller's copy
    would renumber every later legal mask, so it refuses writes."""
    from boomerang_rules.rl import seasaltpaper as ssp

    rules = br.load_rules("sea-salt-paper")
    index = ssp.action_index(rules)
    assert dict(index) == {name: i for i, name in enumerate(ssp.action_names(rules))}
    with pytest.raises(TypeError):
        index["draw"] = 5  # type: ignore[index]
    assert ssp.action_index(rules)["draw"] == ssp.action_names(rules).index("draw")


def test_sea_salt_paper_actions_are_numbered_and_observed() -> None:
    from boomerang_rules.rl import seasaltpaper as ssp

    rules = br.load_rules("sea-salt-paper")
    names = ssp.action_names(rules)
    assert len(set(names)) == len(names)
    for players in (2, 4):
        state = br.new_game(rules, players, seed=players)
        rng = random.Random(players)
        size = rl.observation_size(rules, players)
        while not br.is_over(state) and br.to_act(state):
            seat = br.to_act(state)[0]
            legal = br.legal_actions(state, seat)
            mask = ssp.legal_mask(state, seat)
            assert {names[i] for i in range(len(names)) if mask >> i & 1} == set(legal)
            obs = rl.observe(state, seat)
            assert obs.shape == (size,) and obs.dtype == np.float32
            hand = rl.observation_spec(rules, players)[0]
            assert hand.name == "hand" and obs[hand.start:hand.stop].sum() == len(br.view(state, seat).hand)
            state = br.apply(state, seat, rng.choice(legal))


SEA_SALT_PAPER = tuple(r.id for r in br.list_rules() if r.game == "sea-salt-paper")


@pytest.mark.parametrize("rules_id", SEA_SALT_PAPER)
def test_a_sea_salt_paper_observation_alone_names_each_steals_victim(rules_id: str) -> None:
    """``steal:SEAT`` names the victim by its seat number, while the observation's seat rows are turned
    to the observer: the observation's ``seat`` slice (the observer's own number, one-hot) is what lets a
    policy playing several seats read ``+k`` as ``steal:{(seat + k) % players}``. Every victim a steal
    offers, so read, is a seat the observation shows holding cards and not protected."""
    rules = br.load_rules(rules_id)
    steals = 0
    for players in range(rules.players.min, rules.players.max + 1):
        spec = {x.name: x for x in rl.observation_spec(rules, players)}
        at = spec["seat"]
        assert at.shape == (players,) and at.columns == tuple(str(k) for k in range(players))
        for seed in range(6):
            for state in random_states(rules, players, seed):
                for seat in br.to_act(state):
                    obs = rl.observe(state, seat)
                    own = obs[at.start:at.stop]
                    assert own.sum() == 1 and int(np.argmax(own)) == seat
                    for action in br.legal_actions(state, seat):
                        if not action.startswith("steal:"):
                            continue
                        steals += 1
                        k = (int(action.split(":")[1]) - int(np.argmax(own))) % players
                        sizes, shown = spec["hand_sizes"], spec["protected"]
                        assert k != 0 and obs[sizes.start + k] > 0 and obs[shown.start + k] == 0
    assert steals  # the games offered steals


# --- the one encoder over each game's table of fields ---------------------------------------

GAMES = ["standard", "sea-salt-paper", "boomerang-2010"]


def test_australias_compiled_encoder_is_its_table_read_plainly() -> None:
    """The compiled encoder (scaled) gives exactly what the field table gives, on every shipped ruleset."""
    from boomerang_rules.rl import australia as au

    for rules_id in RULESETS:
        rules = br.load_rules(rules_id)
        for players in (2, 3, 4):
            encoder = rl.encoder_for(rules, players)
            if au.COMPILED:
                assert encoder.fast is not None
            bounds = np.array([x.bound for x in encoder.spec for _ in range(x.stop - x.start)])
            for state in random_states(rules, players, players):
                plain = encoder.encode_plain(state)
                fast = encoder.encode(state)
                raw = au.encode_plain(state)
                assert np.array_equal(plain[0], fast[0]) and np.array_equal(plain[1], fast[1])
                assert plain[2] == fast[2] == raw[2] and np.array_equal(plain[1], raw[1])
                assert np.array_equal(plain[0], (raw[0] / bounds).astype(np.float32))


@pytest.mark.parametrize("rules_id", GAMES)
def test_the_adapters_remembered_totals_are_the_games(rules_id: str) -> None:
    """``GameAdapter.totals`` (kept while ``totals_source`` is the same object) is the game's own
    ``totals`` at every state of a random game, rounds' ends included."""
    from boomerang_rules.rl.adapters import adapter_for

    rules = br.load_rules(rules_id)
    adapter = adapter_for(rules, 3)
    module = rl.encoding._rl_module(rules.game)
    for state in random_states(rules, 3, 5):
        assert adapter.totals(state) == module.totals(state)


@pytest.mark.parametrize("rules_id", GAMES)
def test_the_encoder_api(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    for players in range(rules.players.min, rules.players.max + 1):
        encoder = rl.encoder_for(rules_id, players)
        assert encoder is rl.encoder_for(rules, players)
        assert encoder.spec == rl.observation_spec(rules, players)
        assert encoder.size == rl.observation_size(rules, players) == encoder.spec[-1].stop
        assert [x.name for x in encoder.spec] == [f.name for f in encoder.fields]
        assert len({x.name for x in encoder.spec}) == len(encoder.spec) and encoder.spec[0].start == 0
        for a, b in itertools.pairwise(encoder.spec):
            assert a.stop == b.start and a.stop - a.start == int(np.prod(a.shape))
        state = br.new_game(rules, players, seed=players)
        everyone, masks, ints = encoder.encode(state)
        assert everyone.shape == (players, encoder.size) and everyone.dtype == np.float32
        assert masks.shape == (players, encoder.num_actions) and masks.dtype == np.int8
        for seat in range(players):
            assert np.array_equal(encoder.observe(state, seat), everyone[seat])
            assert np.array_equal(rl.observe(state, seat), everyone[seat])
            assert ints[seat] == (br.legal_mask(state, seat) if rules_id != "sea-salt-paper"
                                  else rl.seasaltpaper.legal_mask(state, seat))
            assert list(np.flatnonzero(masks[seat])) == [i for i in range(encoder.num_actions) if ints[seat] >> i & 1]
    with pytest.raises(ValueError, match="players"):
        rl.encoder_for(rules, rules.players.max + 1)


@pytest.mark.parametrize("rules_id", GAMES)
def test_an_encoder_refuses_a_state_of_other_rules_or_players(rules_id: str) -> None:
    """``encoder_for(rules, players)`` reads only states of those rules and that player count, in
    every game: another game's, another ruleset's (Extra Salt's through the base table) or another
    player count's state gave an observation of the wrong size, a mask cut short or an
    ``IndexError``; ``None`` an ``AttributeError``."""
    rules = br.load_rules(rules_id)
    encoder = rl.encoder_for(rules, 3)
    others = [br.new_game(rules, 4, seed=1), *(br.new_game(g, 3, seed=1) for g in GAMES if g != rules_id),
              br.new_game("sea-salt-paper-extra-salt" if rules_id != "sea-salt-paper-extra-salt" else "sea-salt-paper",
                          3, seed=1)]
    reads: list[Callable[[Any], object]] = [lambda s: encoder.observe(s, 0), encoder.encode, encoder.observe_all,
                                             encoder.action_masks]
    for state in others:
        for read in reads:
            with pytest.raises(ValueError, match=rf"^state is a {state.players}-player game of {state.rules.id!r}, "
                                                 rf"this encoder reads 3-player games of {rules.id!r}"):
                read(state)
    for bad in (None, br.view(br.new_game(rules, 3, seed=1), 0)):
        with pytest.raises(TypeError, match=r"^state must be a .*(game state|GameState) \(see new_game\), not"):
            encoder.encode(bad)
    assert encoder.observe(br.new_game(rules, 3, seed=1), 0).shape == (encoder.size,)


@pytest.mark.parametrize("bad", [None, 3, "x", object()])
def test_observe_names_what_it_takes(bad: Any) -> None:
    with pytest.raises(TypeError, match="state must be a game state"):  # a wrong type: TypeError, as everywhere
        rl.observe(bad, 0)
    with pytest.raises(TypeError, match="rules must be a"):
        rl.observation_spec(bad if bad != "x" else 3, 2)
    state = br.new_game(br.load_rules("sea-salt-paper"), 2, seed=1)
    with pytest.raises((TypeError, ValueError), match="seat"):
        rl.observe(state, bad if bad is not None else 2)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32), st.data())
def test_every_observation_lies_in_zero_to_one(rules_id: str, seed: int, data: st.DataObject) -> None:
    """The bounds are true: no entry of any observation leaves [0, 1] (property test over random games)."""
    rules = br.load_rules(rules_id)
    players = data.draw(st.integers(rules.players.min, rules.players.max))
    encoder = rl.encoder_for(rules, players)
    for state in random_states(rules, players, seed):
        obs = encoder.encode(state)[0]
        assert obs.min() >= 0.0 and obs.max() <= 1.0


@pytest.mark.parametrize("rules_id", [r.id for r in br.list_rules()])
def test_every_observation_lies_in_zero_to_one_on_every_ruleset_under_random_and_greedy_play(rules_id: str) -> None:
    """The bounds hold at the extremes of every shipped ruleset: its fewest and most players, a random game
    and one of ``greedy`` bots (longer hoards, higher totals), every state: each slice's entries in [0, 1]."""
    from boomerang_rules.core.games import game_module

    rules = br.load_rules(rules_id)
    for players in (rules.players.min, rules.players.max):
        encoder = rl.encoder_for(rules, players)
        greedy = [game_module(rules.game).BOTS["greedy"](rules, seat) for seat in range(players)]
        for play in ("random", "greedy"):
            state, rng = br.new_game(rules, players, players), random.Random(players)
            while True:
                obs = encoder.encode(state)[0]
                out = [x.name for x in encoder.spec
                       if obs[:, x.start:x.stop].min() < 0 or obs[:, x.start:x.stop].max() > 1]
                assert not out, (play, players, out)
                if br.is_over(state) or not br.to_act(state):
                    break
                seat = br.to_act(state)[0]
                legal = br.legal_actions(state, seat)
                action = rng.choice(legal) if play == "random" else greedy[seat].choose(br.view(state, seat), legal)
                state = br.apply(state, seat, action)


def test_boomerang_2010_totals_are_the_score_sheets() -> None:
    """The observation's scores (counts kept while the captures stay) are the score sheets' totals."""
    from boomerang_rules.rl import boomerang2010 as b10

    rules = br.load_rules("boomerang-2010")
    for players in (3, 4, 5):
        for seed in range(3):
            for state in random_states(rules, players, seed):
                assert b10.totals(state) == tuple(sheet.total for sheet in br.score_sheets(state))


def test_boomerang_2010_totals_of_no_state_is_refused_before_any_is_read() -> None:
    """The last-read cache started as ``[None, ()]``: ``totals(None)`` answered ``()`` (it must fail, as for
    any other non-state) until a first state was read."""
    import subprocess
    import sys

    code = "from boomerang_rules.rl import boomerang2010 as b10\nprint(b10.totals(None))"  # a fresh cache
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "AttributeError" in done.stderr, done.stdout


def _twins(state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with what ``seat`` cannot see redealt: other seats' hidden cards or tokens, and the deck."""
    import attrs

    if state.rules.game == "sea-salt-paper":
        hidden = [s for s in range(state.players) if s != seat and not state.protected >> s & 1]
        pool = list(state.deck) + [c for s in hidden for c in state.hands[s]]
        rng.shuffle(pool)
        hands = list(state.hands)
        for s in hidden:
            hands[s], pool = tuple(sorted(pool[:len(hands[s])])), pool[len(hands[s]):]
        return state.evolve(hands=tuple(hands), deck=tuple(pool))
    tokens = tuple(t if s == seat or t < 0 else rng.randrange(len(state.rules.lands))
                   for s, t in enumerate(state.tokens))
    deck = list(state.deck)
    rng.shuffle(deck)
    return attrs.evolve(state, tokens=tokens, deck=tuple(deck))


@pytest.mark.parametrize("rules_id", ["sea-salt-paper", "boomerang-2010"])
def test_an_observation_hides_what_the_seat_cannot_see(rules_id: str) -> None:
    """Twin states that differ only in what a seat cannot see give that seat the same observation."""
    rules = br.load_rules(rules_id)
    rng = random.Random(7)
    changed = 0
    for players in (rules.players.min, rules.players.max):
        for state in random_states(rules, players, players):
            for seat in range(players):
                twin = _twins(state, seat, rng)
                assert br.view(twin, seat) == br.view(state, seat) or rules_id == "sea-salt-paper"
                assert np.array_equal(rl.observe(twin, seat), rl.observe(state, seat))
                changed += twin != state
    assert changed  # the twins differed


@pytest.mark.parametrize("rules_id", [r.id for r in br.list_rules()])
def test_every_encoding_path_gives_a_seat_the_same_observation_of_states_it_cannot_tell_apart(rules_id: str) -> None:
    """Twin states drawn by ``br.determinize`` from a seat's view (every shipped ruleset of every game;
    mid-step too, where other seats' choices are made and hidden) give that seat the same observation and
    action mask through each path an env reads it by: ``rl.observe``, the single-agent env's
    ``encode_seat``, the AEC env's ``reading`` and, where compiled, the parallel env's ``seat_dicts``
    (``VectorEnv``'s arrays are ``rl.observe``'s at every step, ``test_rl_vector``; OpenSpiel's
    ``observation_tensor`` is ``rl.observe``, its slices zeroed by the observation type)."""
    from boomerang_rules.rl.adapters import adapter_for

    rules = br.load_rules(rules_id)
    rng = random.Random(11)
    twins = 0
    for players in (rules.players.min, rules.players.max):
        adapter = adapter_for(rules, players)
        encoder = adapter.encoder
        names = tuple(f"player_{i}" for i in range(players))
        zeros = np.zeros(adapter.num_actions, np.int8)
        for at, state in enumerate(random_states(rules, players, players)):
            if at % 3:
                continue
            for seat in range(players):
                twin = br.determinize(br.view(state, seat), rng.randrange(2**32))
                if twin == state:
                    continue
                twins += 1
                seen = rl.observe(state, seat)
                mask = adapter.encode_seat(state, seat)[1]
                for one in (state, twin):
                    assert np.array_equal(rl.observe(one, seat), seen)
                    observation, row, _ = adapter.encode_seat(one, seat)
                    assert np.array_equal(observation, seen) and np.array_equal(row, mask)
                    assert np.array_equal(encoder.reading(one).observation(seat), seen)
                    if encoder.dicts_compiled:
                        dicts = encoder.seat_dicts(one, names, "observation", zeros)[0]
                        assert np.array_equal(dicts[names[seat]]["observation"], seen)
                        assert np.array_equal(dicts[names[seat]]["action_mask"], mask)
    assert twins > 50


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "sea-salt-paper-extra-salt", "boomerang-2010"])
def test_totals_win_rewards_and_action_masks_serve_every_game(rules_id: str) -> None:
    """``rl.totals``, ``rl.win_rewards`` and ``rl.action_masks`` read a state of any game, as
    ``rl.observe`` and ``rl.round_rewards`` do: they refused every game but Boomerang: Australia
    ("state must be a Boomerang: Australia GameState")."""
    rules = br.load_rules(rules_id)
    players = rules.players.min + 1
    state = br.new_game(rules, players, 5)
    rng = random.Random(5)
    seats = list(range(players))
    while True:
        assert rl.totals(state) == tuple(sheet.total for sheet in br.score_sheets(state))
        masks = rl.action_masks(state, seats)
        assert masks.shape == (players, br.num_actions(rules)) and masks.dtype == np.int8
        for seat in seats:
            assert {br.action_of(rules, int(i)) for i in np.flatnonzero(masks[seat])} == set(
                br.legal_actions(state, seat))
        if br.is_over(state):
            break
        assert rl.win_rewards(state) == (0,) * players
        seat = br.to_act(state)[0]
        state = br.apply(state, seat, rng.choice(br.legal_actions(state, seat)))
    assert rl.win_rewards(state) == tuple(int(seat in br.winners(state)) for seat in seats) != (0,) * players
    with pytest.raises(ValueError, match=r"seats\[0\]"):
        rl.action_masks(state, [players])
    for function in (rl.totals, rl.win_rewards):
        with pytest.raises(TypeError, match=r"^state must be a game state"):
            function(rules)


def test_australias_score_bound_holds_where_doubled_collections_beat_the_best_cards(tmp_path: Any) -> None:
    """The observation's ``scores`` divide by a bound of a game total (OpenSpiel's ``max_utility`` too), whose
    collections per round were the best hand's values doubled only if that sum was within ``double_limit``: with
    the limit at 15 the best cards sum to 20, undoubled, yet 15 doubled is 30. Under a ruleset scoring
    collections alone, a seat keeping its sum near the limit passed the bound (84 of 80: an observation above 1)."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).resolve().parent.parent / "variants" / "standard.json").read_text())
    scoring = data["scoring"]
    scoring["collections"]["double_limit"] = 15
    scoring["animals"]["values"] = dict.fromkeys(scoring["animals"]["values"], 0)
    scoring["activities"]["table"] = [0] * len(scoring["activities"]["table"])
    scoring["site_points"] = scoring["region_bonus"] = 0
    for card in data["cards"]:
        card["number"] = 1
    path = tmp_path / "collections-only.json"
    path.write_text(json.dumps({**data, "id": "collections-only"}))
    rules = br.load_rules(str(path))
    values = {c.id: rules.scoring.collections.values.get(c.collection, 0) if c.collection else 0 for c in rules.cards}
    limit = rules.scoring.collections.double_limit

    def collected(kept: int, card: str) -> int:
        """The collections score of the cards kept with ``card`` (an activity: no card)."""
        total = kept + values.get(card, 0)
        return 2 * total if total <= limit else total

    bound = rl.australia.OPENSPIEL[0].max_utility(rules, 2)
    best = 0
    for seed in range(8):
        state, rng = br.new_game(rules, 2, seed), random.Random(seed)
        while not br.is_over(state):
            seen = br.view(state, 0)
            kept = sum(values[c] for c in seen.face_up[0]) + (values[seen.throw] if seen.throw else 0)
            scores = {a: (collected(kept, a), rng.random()) for a in seen.legal_actions}
            mine = max(scores, key=scores.__getitem__)
            state = br.step(state, [mine, rng.choice(br.legal_actions(state, 1))])
        totals = [sheet.total for sheet in br.score_sheets(state)]
        assert max(totals) <= bound and rl.observe(state, 0).max() <= 1.0, (seed, totals, bound)
        best = max(best, *totals)
    assert best > rules.rounds * sum(sorted(values.values())[-rules.hand_size:])  # past the best cards undoubled
