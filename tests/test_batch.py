"""The batched engine (numba) against the pure engine: same deals, same rules, same totals.

Skipped when the optional extra ``batch`` (numba, numpy) is not installed.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("numba")

import attrs
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import batch
from boomerang_rules.australia.rules import build, to_data
from boomerang_rules.batch import generic
from boomerang_rules.core import rng as rng_mod

from .helpers import australia_ids, unchecked_rulesets

VARIANTS = australia_ids()


def replay(rules: br.Ruleset, players: int, seed: int, actions: np.ndarray[Any, Any]) -> br.GameState:
    """Play ``actions[seat, decision]`` (ids) through the pure engine's ``step``."""
    s: br.GameState = br.new_game(rules, players, seed=seed)
    for d in range(actions.shape[1]):
        s = br.step(s, [int(actions[seat, d]) for seat in br.to_act(s)])
    assert br.is_over(s)
    return s


def sheet_totals(state: br.GameState) -> list[int]:
    return [sheet.total for sheet in br.score_sheets(state)]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("policy", ["random", "lowest"])
def test_playouts_replay_through_the_pure_engine(variant: str, players: int, policy: str) -> None:
    rules = br.load_rules(variant)
    seed = 1000 * players + 7
    games = 12
    totals, actions = batch.playouts(rules, players, games, seed, policy=policy, return_actions=True)
    assert totals.shape == (games, players)
    assert actions.shape == (games, players, batch.decisions(rules))
    for g in range(games):
        assert sheet_totals(replay(rules, players, seed + g, actions[g])) == totals[g].tolist()
    # the same call without the actions plays the same games
    assert (batch.playouts(rules, players, games, seed, policy=policy) == totals).all()


def test_playouts_are_random_games() -> None:
    rules = br.load_rules()
    totals, actions = batch.playouts(rules, 4, 64, 5, return_actions=True)
    # different seeds give different games, and a random policy differs from the lowest action
    assert len({tuple(t) for t in totals.tolist()}) > 32
    _, lowest = batch.playouts(rules, 4, 64, 5, policy="lowest", return_actions=True)
    assert (actions != lowest).any()


@given(seed=st.integers(-(2 ** 70), 2 ** 70), players=st.sampled_from([2, 3, 4]),
       variant=st.sampled_from(VARIANTS))
def test_first_deal_is_new_games(seed: int, players: int, variant: str) -> None:
    rules = br.load_rules(variant)
    names = batch.action_names(rules)
    b = batch.init(rules, players, 3, seed)
    for g in range(3):
        state = br.new_game(rules, players, seed=seed + g)
        for seat in range(players):
            held = {names[i] for i in range(64) if int(b.hands[g, seat]) >> i & 1}
            assert held == set(br.legal_actions(state, seat))


_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX = (0xBF58476D1CE4E5B9, 0x94D049BB133111EB)


def _mix(z: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """SplitMix64's output of the (already advanced) states ``z``, for a uint64 array."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(_MIX[0])
    z = (z ^ (z >> np.uint64(27))) * np.uint64(_MIX[1])
    out: np.ndarray[Any, Any] = z ^ (z >> np.uint64(31))
    return out


def _unshift(z: np.ndarray[Any, Any], k: int) -> np.ndarray[Any, Any]:
    """The x with ``x ^ (x >> k) == z``."""
    x = z.copy()
    for _ in range(64 // k):
        x = z ^ (x >> np.uint64(k))
    return x


def _inverse(z: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """``_mix`` undone: the advanced states whose outputs are ``z``."""
    x = _unshift(z, 31) * np.uint64(pow(_MIX[1], -1, 1 << 64))
    x = _unshift(x, 27) * np.uint64(pow(_MIX[0], -1, 1 << 64))
    return _unshift(x, 30)


def rejecting_states(n: int, count: int, seed: int) -> list[int]:
    """``count`` generator states whose first three draws for a shuffle of ``n`` are all rejected
    (``shuffle_plain``'s ``r >= n!``), found without the shuffle: a draw is surely rejected when
    its first (most significant) word, shifted as the shuffle shifts it, is above n!'s top word.
    The first draw's word is chosen so and its state solved for (``_inverse``); the next two are
    searched for among many such."""
    total = math.factorial(n)
    words = -(-total.bit_length() // 64)
    shift = np.uint64(64 * words - total.bit_length())
    top = total >> 64 * (words - 1)
    span = (1 << 64 - int(shift)) - 1 - top  # the shifted first words above n!'s top word
    gen = np.random.default_rng(seed)
    found: list[int] = []
    while len(found) < count:
        above = (gen.integers(0, span, 1 << 18, dtype=np.uint64, endpoint=False) + np.uint64(top + 1)) << shift
        first = _inverse(above | (gen.integers(0, 1 << 63, 1 << 18, dtype=np.uint64) & ((np.uint64(1) << shift)
                                                                                            - np.uint64(1))))
        ok = np.ones(first.shape, bool)
        for draw in (1, 2):
            word = _mix(first + np.uint64(draw * words * _GAMMA & _MASK)) >> shift
            ok &= word > np.uint64(top)
        found += [(int(x) - _GAMMA) & _MASK for x in first[ok][:count - len(found)]]
    return found


def leading_states(n: int) -> list[int]:
    """Generator states whose first draw for a shuffle of ``n`` is accepted with its top 64-bit limb
    one below, at and one above the first radix group's product (where n!'s top limb is above that):
    the edge of ``_kernels.shuffle``'s first step, which starts from the top limb's remainder when
    it is below the product (34 and 46 cards)."""
    from boomerang_rules.batch.common import radix_groups

    total = math.factorial(n)
    words = -(-total.bit_length() // 64)
    shift = 64 * words - total.bit_length()
    top = total >> 64 * (words - 1)
    d = radix_groups(n)[0][0]
    leads = [lead for lead in (d - 1, d, d + 1) if lead < top and words > 1]
    firsts = _inverse(np.array([lead << shift for lead in leads], np.uint64))
    return [(int(x) - _GAMMA) & _MASK for x in firsts]


def draws_of(n: int, before: int, after: int) -> int:
    """How many draws a shuffle of ``n`` took from ``before`` to ``after`` (each draw one
    generator step a 64-bit word)."""
    steps = (after - before) * pow(_GAMMA, -1, 1 << 64) & _MASK
    return steps // -(-math.factorial(n).bit_length() // 64)


@pytest.mark.parametrize("n", range(batch.MAX_DECK + 1))
def test_shuffle_is_the_pure_generators(n: int) -> None:
    """``_kernels.shuffle`` deals ``shuffle_plain``'s permutation and leaves its generator state,
    for every deck size and many states: edge ones, random ones, ones whose draws are rejected
    three times and more (``rejecting_states``) and ones drawing a top limb at the first group's
    product (``leading_states``)."""
    from boomerang_rules.batch import _SHUFFLE, _kernels

    gen = np.random.default_rng(n)
    states = [0, 1, 2 ** 63, 2 ** 64 - 1, *map(int, gen.integers(0, 2 ** 64, 60, dtype=np.uint64))]
    rejected = rejecting_states(n, 4, n) if n >= 2 else []
    for state in states + rejected + (leading_states(n) if n >= 2 else []):
        work = np.zeros(_kernels.W_SIZE, np.uint64)
        work[_kernels.W_DECK:] = np.arange(64, dtype=np.uint64)
        got = _kernels.shuffle(np.uint64(state), work, 0, n, _SHUFFLE)
        want = list(range(n))
        want_state = rng_mod.shuffle_plain(state, want)
        assert (int(got), work[_kernels.W_DECK:][:n].tolist()) == (want_state, want), (n, state)
        assert work[_kernels.W_DECK + n:].tolist() == list(range(n, 64))  # nothing past the deck touched
    for state in rejected:
        assert draws_of(n, state, rng_mod.shuffle_plain(state, list(range(n)))) >= 4, state


def test_the_kernels_digest_follows_every_kernel_file_and_no_other(tmp_path: Any) -> None:
    """``_cache.kernels_digest`` changes with any kernel file's text (a shared helper's change must
    recompile every game's kernels) and not with another file's (the Python side's)."""
    import shutil

    from boomerang_rules.batch import _cache

    for path in _cache.kernel_paths():
        shutil.copy(path, tmp_path)
    (tmp_path / "seasaltpaper.py").write_text("x = 1\n")
    names = sorted(p.name for p in tmp_path.glob("*.py") if p.name != "seasaltpaper.py")
    assert names == ["_b2010_kernels.py", "_kernels.py", "_ssp_kernels.py", "common.py"]
    before = _cache.kernels_digest(str(tmp_path))
    assert before == _cache.kernels_digest()
    (tmp_path / "seasaltpaper.py").write_text("x = 2\n")
    assert _cache.kernels_digest(str(tmp_path)) == before
    for name in names:
        path = tmp_path / name
        text = path.read_text()
        path.write_text(text + "# changed\n")
        assert _cache.kernels_digest(str(tmp_path)) != before, name
        path.write_text(text)
    assert _cache.kernels_digest(str(tmp_path)) == before


def test_the_kernels_digest_holds_every_module_the_kernels_import() -> None:
    """A kernel compiles in what it imports from this package (``common.MAX_DECK``, ``_kernels``'
    helpers and constants): each such module must be in the cache's digest, or a change to it would
    leave the cached code stale."""
    import ast
    import os

    from boomerang_rules.batch import _cache

    digested = {os.path.basename(p) for p in _cache.kernel_paths()}
    for path in _cache.kernel_paths():
        with open(path, encoding="utf-8") as source:
            tree = ast.parse(source.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                modules = [node.module] if node.module else [alias.name for alias in node.names]
                # _cache: the cache's own machinery; memory: common.sampler's count check, in Python. Neither
                # holds a constant or a function a kernel compiles in.
                for module in modules:
                    assert module in ("_cache", "memory") or f"{module}.py" in digested, (path, module)


def test_every_cached_kernel_is_keyed_on_every_kernel_file() -> None:
    """Every game's cached kernels carry the digest of all the kernel files in their cache stamp,
    not their own file's text alone (numba's key): ``_ssp_kernels``' cached code inlines
    ``_kernels``' shuffle, and once ran the old one over a changed table (a segmentation fault)."""
    from numba.core.registry import CPUDispatcher

    from boomerang_rules.batch import _b2010_kernels, _cache, _kernels, _ssp_kernels

    assert _cache.CACHE
    seen = 0
    for module in (_kernels, _ssp_kernels, _b2010_kernels):
        for name, value in vars(module).items():
            cached = getattr(value, "_cache", None)  # numba's own attribute: a Dispatcher's cache
            if isinstance(value, CPUDispatcher) and value.__module__ == module.__name__ and cached is not None:
                locator = cached._impl.locator
                stamp = locator.get_source_stamp()
                assert isinstance(stamp, tuple) and stamp[1] == _cache.kernels_digest(), (module.__name__, name)
                seen += 1
    assert seen >= 20


def test_numbas_own_locator_list_turns_the_kernels_cache_off() -> None:
    """``NUMBA_CACHE_LOCATOR_CLASSES`` replaces numba's locator list with the user's, which holds no
    kernels digest: a kernel cached through it could go stale, so the kernels are not cached then."""
    code = "from boomerang_rules.batch import _cache; print(_cache.CACHE)"
    env = dict(os.environ, NUMBA_CACHE_LOCATOR_CLASSES="numba.core.caching.UserWideCacheLocator")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False"]
    env.pop("NUMBA_CACHE_LOCATOR_CLASSES")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True"]


def test_shuffle_tables_bounds() -> None:
    """Every row of the shuffle's table holds what ``_kernels.shuffle`` relies on: n! in words, the
    radices n..2 in groups whose products are below 2**63 and normalized (top bit set, shift 1 or
    more), each reciprocal Moller and Granlund's, and each radix's product of its group's radices
    below it. ``divide_step`` gives the exact quotient and remainder of the largest dividends a
    group's division meets (remainder d - 1, every limb) and of exact multiples; ``fraction`` stays
    within its bounds, and the digits read off it are those of ``divmod``, for a group's largest
    and smallest remainders and others."""
    from boomerang_rules.batch import _SHUFFLE as shuf
    from boomerang_rules.batch import _kernels as k

    ones = (1 << 64) - 1
    gen = np.random.default_rng(27)
    for n in range(2, batch.MAX_DECK + 1):
        total = math.factorial(n)
        words = int(shuf[n, k.SH_WORDS])
        assert int(shuf[n, k.SH_WIDTH]) == total.bit_length() and words == -(-total.bit_length() // 64)
        assert sum(int(shuf[n, k.SH_FACT + j]) << 64 * j for j in range(words)) == total
        radix = n
        for g in range(int(shuf[n, k.SH_GROUPS])):
            count, norm = int(shuf[n, k.SH_LEN + g]), int(shuf[n, k.SH_NORM + g])
            radices = list(range(radix, radix - count, -1))
            d = math.prod(radices)
            assert count >= 1 and d < 2 ** 63 and norm >= 1, (n, g)
            assert int(shuf[n, k.SH_D + g]) == d << norm and (d << norm) >> 63 == 1, (n, g)
            recip = int(shuf[n, k.SH_RECIP + g])
            assert recip == ((1 << 128) - 1) // (d << norm) - (1 << 64), (n, g)
            assert [int(shuf[n, k.SH_PRE + r]) for r in radices] == [math.prod(range(radix - count + 1, r))
                                                                      for r in radices], (n, g)
            args = (np.uint64(d << norm), np.uint64(recip), np.uint64(norm), np.uint64(64 - norm))
            multiples = [int(q) * d for q in gen.integers(0, 2 ** 64, 100, dtype=np.uint64)]  # remainder 0:
            for value in [(d - 1) << 64 | ones, (d - 1) << 64, ones, d << 63 | 12345, *multiples]:  # ~1% need
                q, r = k.divide_step(np.uint64(value >> 64 << norm), np.uint64(value & ones), *args)  # both fixes
                assert (int(q), int(r) >> norm) == divmod(value, d), (n, g, value)
            for x in sorted({0, 1, 2, d // 3, d // 2, d - 2, d - 1} - {d}):  # every remainder below d
                f = k.fraction(np.uint64(x << norm), np.uint64(recip))
                assert x << 64 <= int(f) * d < (x + 1) << 64, (n, g, x)  # x / d <= f / 2**64 < (x + 1) / d
                digits, rest = [], x
                for r in radices:
                    rest, digit = divmod(rest, r)
                    digits.append(digit)
                got = [(int(f) * int(shuf[n, k.SH_PRE + r]) & ones) * r >> 64 for r in radices]
                assert got == digits, (n, g, x)
            radix -= count
        assert radix == 1, n  # the groups hold every radix from n down to 2


@pytest.mark.parametrize(("variant", "players"), [("standard", 4), ("direction", 3), ("reshuffle", 2),
                                                  ("sites-exclude-throw", 3), ("standard", 2)])
def test_step_api_matches_the_pure_engine(variant: str, players: int) -> None:
    rules = br.load_rules(variant)
    names = batch.action_names(rules)
    seed, games = 40, 6
    b = batch.init(rules, players, games, seed)
    states = [br.new_game(rules, players, seed=seed + g) for g in range(games)]
    earned = np.zeros((games, players), np.int64)
    while not b.over:
        masks = batch.legal_masks(b)
        assert masks.shape == (games, players, batch.num_actions(rules))
        for g, s in enumerate(states):
            for seat in range(players):
                assert {names[i] for i in np.flatnonzero(masks[g, seat])} == set(br.legal_actions(s, seat))
        actions = masks.argmax(axis=2)
        b, rewards = batch.step(b, actions)
        earned += rewards
        for g in range(games):
            for seat in range(players):
                states[g] = br.apply(states[g], seat, names[actions[g, seat]])
            if not br.is_over(states[g]) and states[g].step == 0:  # a round was just scored
                assert batch.totals(b)[g].tolist() == sheet_totals(states[g])
    assert not batch.legal_masks(b).any()
    assert all(br.is_over(s) for s in states)
    want = [sheet_totals(s) for s in states]
    assert batch.totals(b).tolist() == want == earned.tolist()
    lowest = batch.playouts(rules, players, games, seed, policy="lowest")
    assert lowest.tolist() == want


def other_numbers() -> br.Ruleset:
    """A ruleset with every number the engine reads changed (as a variant could)."""
    data = to_data(br.load_rules())
    data.update(rounds=3, hand_size=6, pass_directions=["right", "left", "right"], sites_include_throw=False)
    scoring = data["scoring"]
    scoring.update(site_points=2, region_bonus=5)
    scoring["collections"].update(double_limit=9, values={"leaves": 2, "wildflowers": 1, "shells": 4, "souvenirs": 6})
    scoring["animals"]["values"].update(emus=1, koalas=11)
    scoring["activities"].update(kinds=list(reversed(scoring["activities"]["kinds"])), table=[1, 2, 3, 5, 8, 13, 21])
    data["cards"] = list(reversed(data["cards"]))
    for i, card in enumerate(data["cards"]):
        card["number"] = (i * 7) % 10
    return build(data)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_numbers_come_from_the_ruleset(players: int) -> None:
    rules = other_numbers()
    totals, actions = batch.playouts(rules, players, 10, 3, return_actions=True)
    assert actions.shape[2] == 3 * 6
    for g in range(10):
        assert sheet_totals(replay(rules, players, 3 + g, actions[g])) == totals[g].tolist()


def test_action_ids_are_the_pure_engines() -> None:
    rules = br.load_rules()
    names = batch.action_names(rules)
    assert names == tuple(br.action_of(rules, i) for i in range(br.num_actions(rules)))
    assert batch.num_actions(rules) == len(names) == br.num_actions(rules)


def test_refuses_another_game() -> None:
    rules = br.load_rules()
    with unchecked_rulesets():  # a ruleset built by hand is checked (its game's schema): past that here
        mislabelled = attrs.evolve(rules, game="sea-salt-paper")
        # The other games have batched engines of their own now (tests/test_batch_<game>.py); a
        # ruleset whose game field says another game than its class is refused by its class's engine.
        other = attrs.evolve(br.load_rules("sea-salt-paper"), game="boomerang-australia")
    with pytest.raises(br.RulesError, match="only boomerang-australia rulesets"):
        batch.playouts(mislabelled, 4, 1, 0)
    with pytest.raises(br.RulesError, match="only sea-salt-paper rulesets here, not 'boomerang-australia'"):
        batch.playouts(other, 4, 1, 0)
    with pytest.raises(br.RulesError, match="only boomerang-australia, sea-salt-paper, boomerang-2010 rulesets, "
                                            "not 'dict'"):
        batch.init({"id": "standard"}, 4, 1, 0)


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010", "sea-salt-paper-extra-salt"])
def test_a_ruleset_is_taken_by_its_id_or_path_as_new_game_takes_it(rules_id: str, tmp_path: Any) -> None:
    """``playouts``, ``init``, ``num_actions``, ``action_names``, ``serving`` and ``engine_for`` take a
    shipped id or a file's path as ``new_game`` and the envs do (they refused a str as no ruleset);
    an id no ruleset has is the loader's ``RulesError``."""
    rules = br.load_rules(rules_id)
    path = tmp_path / "mine.json"
    path.write_text('{"format": "boomerang-rules/variant", "version": 1, "id": "mine", "name": "Mine", '
                    f'"extends": "{rules_id}", "changes": {{}}}}', encoding="utf-8")
    for named in (rules_id, str(path), path):
        assert np.array_equal(batch.playouts(named, 3, 4, 9), batch.playouts(rules, 3, 4, 9))
        assert np.array_equal(batch.legal_masks(batch.init(named, 3, 2, 9)),
                              batch.legal_masks(batch.init(rules, 3, 2, 9)))
        assert batch.num_actions(named) == batch.num_actions(rules)
        assert batch.action_names(named) == batch.action_names(rules)
        assert batch.serving(named) is batch.serving(rules)
        assert batch.engine_for(named) is batch.engine_for(rules)
    with pytest.raises(br.RulesError, match="no shipped ruleset is called 'nope'"):
        batch.init("nope", 3, 1, 0)


def test_a_deck_over_64_cards_is_refused_by_the_kernels_and_played_plainly() -> None:
    data = to_data(br.load_rules())
    base = data["cards"]
    data["cards"] = [dict(card, id=f"{card['id']}{k}") for k in range(3) for card in base]
    rules = build(data)
    with pytest.raises(br.RulesError, match=r"84 cards.*at most 64"):
        batch.compile_rules(rules)
    assert isinstance(batch.init(rules, 4, 1, 0), generic.Batch)  # the plain engine's batch


def test_refuses_bad_arguments() -> None:
    rules = br.load_rules()
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        batch.playouts(rules, 5, 1, 0)
    with pytest.raises(ValueError, match="unknown policy"):
        batch.playouts(rules, 4, 1, 0, policy="best")
    with pytest.raises(TypeError, match="seed"):
        batch.playouts(rules, 4, 1, 1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="0 or more"):
        batch.init(rules, 4, -1, 0)
    assert batch.playouts(rules, 4, 0, 0).shape == (0, 4)


def test_step_refuses_illegal_actions_and_applies_none() -> None:
    rules = br.load_rules()
    b = batch.init(rules, 3, 4, 9)
    before = b.hands.copy()
    actions = batch.legal_masks(b).argmax(axis=2)
    held = int(b.hands[2, 1])
    not_held = next(i for i in range(28) if not held >> i & 1)
    actions[2, 1] = not_held
    with pytest.raises(br.IllegalAction, match=r"game 2, seat 1: action \d+ \('.'\) is not legal"):
        batch.step(b, actions)
    assert (b.hands == before).all() and b.step == 0
    actions[2, 1] = 30  # an activity at a card step
    with pytest.raises(br.IllegalAction, match="game 2, seat 1"):
        batch.step(b, actions)
    actions[2, 1] = -1
    with pytest.raises(br.IllegalAction, match="no action"):
        batch.step(b, actions)
    with pytest.raises(ValueError, match="shape"):
        batch.step(b, actions[:2])
    with pytest.raises(TypeError, match="integer"):
        batch.step(b, actions.astype(float))
    while not b.over:
        b, _ = batch.step(b, batch.legal_masks(b).argmax(axis=2))
    with pytest.raises(br.IllegalAction, match="over"):
        batch.step(b, actions)


def test_step_refuses_a_used_activity() -> None:
    rules = br.load_rules()
    b = batch.init(rules, 2, 2, 1)
    for _ in range(batch.decisions(rules) // rules.rounds + rules.hand_size - 1):
        b, _ = batch.step(b, batch.legal_masks(b).argmax(axis=2))
    assert b.round == 1 and b.step == rules.hand_size - 1
    actions = batch.legal_masks(b).argmax(axis=2)
    actions[0, 0] = br.action_id(rules, rules.scoring.activities.kinds[0])  # scored in round 1 (lowest)
    with pytest.raises(br.IllegalAction, match="game 0, seat 0"):
        batch.step(b, actions)


def test_threads_and_bench_entry_points() -> None:
    assert batch.THREADS == 1
    assert batch.bench_playouts(0.01, games=64) > 0
    assert batch.bench_step_api(0.01, games=16) > 0


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", ["boomerang-australia", "sea-salt-paper", "boomerang-2010",
                                  "sea-salt-paper-extra-salt"])
def test_bench_rates_refuse_a_bad_duration_player_count_or_batch_alike_in_every_game(game: str) -> None:
    """Every engine's benches take ``seconds``, ``players`` and ``games`` as ``playouts`` takes its
    own, refused by name before any timing: a NaN or infinite ``seconds`` timed for ever (no elapsed
    time reaches it), and Sea Salt & Paper's and Boomerang (2010)'s benches built their arrays before
    checking the rest (``KeyError: '9'``, numpy's "negative dimensions are not allowed")."""
    for kind in ("playouts", "step_api"):
        for seconds in (float("nan"), float("inf"), -1.0):
            with pytest.raises(ValueError, match=r"^seconds must be a finite number of seconds, 0 or more, not "):
                batch.bench_rates(game, kind, seconds, games=4)
        for odd in ("1", None, True):
            with pytest.raises(TypeError, match=r"^seconds must be a number of seconds \(int or float\), not "):
                batch.bench_rates(game, kind, odd, games=4)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match=r" is for \d to \d players, not 9$"):
            batch.bench_rates(game, kind, 0.0, players=9, games=4)
        with pytest.raises(TypeError, match=r"^players must be an integer, not float$"):
            batch.bench_rates(game, kind, 0.0, players=3.0, games=4)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match=r"^games must be 0 or more, not -4$"):
            batch.bench_rates(game, kind, 0.0, players=3, games=-4)
        with pytest.raises(TypeError, match=r"^games must be an integer, not float$"):
            batch.bench_rates(game, kind, 0.0, players=3, games=4.0)  # type: ignore[arg-type]
        games_per_s, decisions_per_s = batch.bench_rates(game, kind, 0, players=3, games=4)
        assert games_per_s > 0 and decisions_per_s > games_per_s


def test_bench_command_reports_the_batched_engine() -> None:
    import json

    from click.testing import CliRunner

    from boomerang_rules.cli import cli

    result = CliRunner().invoke(cli, ["bench", "--quick", "--seconds", "0.02", "--runs", "1", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["batch"] == "australia, 1 thread(s)" and figures["batch_engine"] == "australia"
    assert figures["batch_playouts_games_per_s"] > 0 and figures["batch_step_api_games_per_s"] > 0
    text = CliRunner().invoke(cli, ["bench", "--quick", "--seconds", "0.02", "--runs", "1"]).stdout
    assert "batch.playouts" in text and "batch step API" in text


def test_docstring_examples() -> None:
    import doctest

    result = doctest.testmod(batch)
    assert result.attempted > 0 and result.failed == 0


def test_readme_batch_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "docs" / "rl.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "from boomerang_rules import batch" in b]
    assert len(blocks) == 1
    exec(compile(blocks[0].replace("100_000", "1_000"), "docs/rl.md", "exec"), {})
    assert capsys.readouterr().out.strip()
