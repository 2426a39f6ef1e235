"""A batch too large for the machine's memory is refused before any array is allocated, naming
``games`` and the most that fit (``batch.memory``), by every engine's ``init``, ``playouts`` and
``sampler`` and by the vector env; and each engine's measure of a game is its arrays'."""

from __future__ import annotations

import os
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import boomerang_rules as br

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from boomerang_rules import batch  # noqa: E402
from boomerang_rules.batch import australia, boomerang2010, generic, memory, seasaltpaper  # noqa: E402
from boomerang_rules.rl.vector import VectorEnv  # noqa: E402

ENGINES = {"standard": australia, "sea-salt-paper": seasaltpaper, "boomerang-2010": boomerang2010,
           "sea-salt-paper-extra-salt": generic}
"""A ruleset each engine serves (Extra Salt: no kernel plays it, so the plain engine does)."""

REFUSED = r"^games must be at most [\d,]+ here, not {}: "


@pytest.mark.parametrize("rules_id", ENGINES)
@pytest.mark.parametrize("games", [10**12, 2**40, 2**63])
def test_a_batch_too_large_for_memory_is_refused_naming_games(rules_id: str, games: int) -> None:
    """numpy's own error ("Unable to allocate 29.1 TiB", "array is too big") was what a count too large
    gave, or none: arrays each within the kernel's overcommit were allocated and then written."""
    rules = br.load_rules(rules_id)
    assert batch.serving(rules) is ENGINES[rules_id]
    calls: list[Callable[[], object]] = [
        lambda: batch.init(rules, 3, games, 1), lambda: batch.playouts(rules, 3, games, 1),
        lambda: batch.playouts(rules, 3, games, 1, return_actions=True), lambda: batch.sampler(games, 1),
        lambda: VectorEnv(rules, 3, games)]
    for call in calls:
        with pytest.raises(ValueError, match=REFUSED.format(f"{games:,}")):
            call()


@pytest.mark.parametrize("rules_id", ENGINES)
def test_the_limit_is_the_memory_over_a_games_bytes(rules_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Exactly the games whose arrays fit are taken: with memory for ten games, ten and not eleven."""
    rules = br.load_rules(rules_id)
    engine = ENGINES[rules_id]
    monkeypatch.setattr(memory, "memory_bytes", lambda: 10 * engine.game_bytes(rules, 3) + 1)
    assert batch.init(rules, 3, 10, 1).games == 10
    each = f"{engine.game_bytes(rules, 3):,}"
    with pytest.raises(ValueError, match=REFUSED.format(11) + r"a batch of 11 games needs [\d.]+ KiB of arrays "
                                         rf"\({each} bytes a game\), more than this machine's"):
        batch.init(rules, 3, 11, 1)


def _bytes_a_game(rules: Any, reward: str, max_steps: int | None) -> int:
    """The bytes a game ``VectorEnv`` counts (its refusal of a batch no machine holds says them)."""
    with pytest.raises(ValueError, match=REFUSED.format(f"{2**62:,}")) as refused:
        VectorEnv(rules, 3, 2**62, reward=reward, max_steps=max_steps)
    return int(str(refused.value).split("(")[1].split(" bytes a game")[0].replace(",", ""))


@pytest.mark.parametrize("rules_id", ENGINES)
@pytest.mark.parametrize("max_steps", [40, None])
def test_the_vector_env_counts_the_actions_win_rewards_keep(rules_id: str, max_steps: int | None,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """``reward="win"`` on a compiled engine keeps every step's actions (2 bytes a seat) to replay a game
    whose totals do not name its winners; the memory check did not count them, so a batch they did
    not fit was allocated and ran out of memory as the episode went on. With memory for ten games
    of ``reward="round"``, ten are taken with it and refused with ``"win"`` (the plain engine keeps
    none: ten taken with both)."""
    rules = br.load_rules(rules_id)
    per_game = _bytes_a_game(rules, "round", max_steps)
    monkeypatch.setattr(memory, "memory_bytes", lambda: 10 * per_game + 1)
    assert VectorEnv(rules, 3, 10, reward="round", max_steps=max_steps).games == 10
    if ENGINES[rules_id] is generic:
        assert VectorEnv(rules, 3, 10, reward="win", max_steps=max_steps).games == 10
        return
    with pytest.raises(ValueError, match=REFUSED.format(10) + "a VectorEnv of 10 games"):
        VectorEnv(rules, 3, 10, reward="win", max_steps=max_steps)
    monkeypatch.undo()
    kept = _bytes_a_game(rules, "win", max_steps) - per_game
    longest = kept // (2 * 3)
    assert kept == 2 * 3 * longest and 0 < longest <= (max_steps or longest)
    env = VectorEnv(rules, 3, 4, reward="win", max_steps=max_steps)  # the actions kept over a whole episode
    env.reset(seed=1)
    done = False
    while not done:
        *_, done = env.step(env.sample_actions(seed=len(env._played)))
    assert 0 < sum(a.nbytes for a in env._played) <= 4 * kept


@pytest.mark.parametrize("max_steps", [10**400, 2**20_000], ids=["10**400", "2**20000"])
def test_a_bound_past_any_memory_is_refused_naming_games_in_words_that_print(max_steps: int) -> None:
    """``VectorEnv("sea-salt-paper", 3, 2, reward="win", max_steps=10**400)`` (a bound meaning "none",
    which ``"round"`` takes) raised ``OverflowError: int too large to convert to float`` from inside
    the memory check, and ``2**20000`` a ``ValueError`` about integer string conversion: the bytes the
    kept actions would need are past a float's range and past the digits Python writes. It is the
    refusal naming ``games`` that any batch too large gets."""
    rules = br.load_rules("sea-salt-paper")
    assert VectorEnv(rules, 3, 2, reward="round", max_steps=max_steps).games == 2
    with pytest.raises(ValueError, match=REFUSED.format(2) + "a VectorEnv of 2 games needs more than 1,024 EiB of "
                                         r"arrays \(more than 1,024 EiB a game\), more than this machine's memory"):
        VectorEnv(rules, 3, 2, reward="win", max_steps=max_steps)


def test_sizes_are_told_in_their_unit_up_to_a_thousand_and_twenty_four_exbibytes() -> None:
    assert [memory._size(n) for n in (0, 1023, 1024, 3 * 2**30 // 2, 2**60, 1023 * 2**60)] == [
        "0 bytes", "1023 bytes", "1.0 KiB", "1.5 GiB", "1.0 EiB", "1023.0 EiB"]
    assert memory._size(2**70) == memory._size(10**5000) == "more than 1,024 EiB"


def _measured(b: Any) -> int:
    """The bytes of a batch's arrays of one row a game, each buffer once (a view of another is not more)."""
    counted: list[Any] = []
    for name in type(b).__slots__:
        value = getattr(b, name, None)
        if isinstance(value, np.ndarray) and value.shape[:1] == (b.games,) and not any(
                np.shares_memory(value, other) for other in counted):
            counted.append(value)
    return sum(a.nbytes for a in counted)


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "boomerang-2010"])
def test_a_compiled_engines_game_bytes_are_its_batchs_arrays(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    engine = ENGINES[rules_id]
    for players in (rules.players.min, rules.players.max):
        b = engine.init(rules, players, 97, 1)
        assert _measured(b) == 97 * engine.game_bytes(rules, players), players


@pytest.mark.parametrize("rules_id", ["standard", "sea-salt-paper", "sea-salt-paper-extra-salt", "boomerang-2010"])
def test_the_plain_engines_state_bytes_are_below_every_games_state(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    for players in (rules.players.min, rules.players.max):
        br.new_game(rules, players, 0)
        tracemalloc.start()
        try:
            states = [br.new_game(rules, players, seed) for seed in range(200)]
            held = tracemalloc.get_traced_memory()[0] // len(states)
        finally:
            tracemalloc.stop()
        assert held > generic.STATE_BYTES, (players, held)


def test_where_the_memory_is_unknown_the_address_space_bounds_it(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    assert 0 < memory.memory_bytes() <= memory.ADDRESS_SPACE
    monkeypatch.setattr(memory, "CGROUP_TABLE", str(tmp_path / "none"))  # no control group's limit either
    monkeypatch.delattr(os, "sysconf")
    assert memory.memory_bytes() == memory.ADDRESS_SPACE
    most = f"{memory.ADDRESS_SPACE // 8:,}"  # the sampler's 8 bytes a game
    with pytest.raises(ValueError, match=rf"^games must be at most {most} here, not 100,000,000,000,000: a sampler "
                                         r".* than this machine's memory \(128\.0 TiB\)$"):
        batch.sampler(10**14, 1)


def _physical() -> int:
    return int(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))


def _groups(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: str, files: dict[str, str]) -> None:
    """A control group mount of ``files`` (path -> text) and a process table ``table``, read as the machine's."""
    for name, text in files.items():
        (tmp_path / "cgroup" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "cgroup" / name).write_text(text)
    (tmp_path / "table").write_text(table)
    monkeypatch.setattr(memory, "CGROUP_ROOT", str(tmp_path / "cgroup"), raising=False)
    monkeypatch.setattr(memory, "CGROUP_TABLE", str(tmp_path / "table"), raising=False)


@pytest.mark.skipif(not hasattr(os, "sysconf"), reason="the machine's memory is read by os.sysconf")
def test_a_containers_memory_limit_bounds_a_batch_below_the_machines(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A container given less memory than the machine has (cgroup v2's ``memory.max``, its own group
    mounted as the root while the process table names it by the host's path) is killed past it: the
    limit is that memory, not the machine's (a batch of 25 GiB passed in a container of 2 GiB)."""
    limit = min(2**31, _physical() // 2)
    _groups(tmp_path, monkeypatch, "0::/host/container-7\n", {"memory.max": f"{limit}\n"})
    assert memory.memory_bytes() == limit
    rules = br.load_rules("sea-salt-paper")
    each = seasaltpaper.game_bytes(rules, 3)
    most = limit // each
    with pytest.raises(ValueError, match=rf"^games must be at most {most:,} here, not {most + 1:,}: "):
        batch.init(rules, 3, most + 1, 1)


@pytest.mark.skipif(not hasattr(os, "sysconf"), reason="the machine's memory is read by os.sysconf")
@pytest.mark.parametrize(("table", "files", "expected"), [
    # cgroup v1: the group's own limit, below its parent's unlimited one
    ("4:memory:/a/b\n1:cpu:/\n", {"memory/memory.limit_in_bytes": "9223372036854771712",
                                   "memory/a/memory.limit_in_bytes": "1073741824"}, 2**30),
    # cgroup v2 beside v1 (systemd's hybrid layout): under "unified", an ancestor's the lowest
    ("0::/x/y\n", {"unified/x/memory.max": "1073741824", "unified/x/y/memory.max": "max"}, 2**30),
    # no limit set, none readable, a line not of the table's form: the machine's memory
    ("0::/\n", {"memory.max": "max"}, None), ("0::/\n", {"memory.max": "12 GiB"}, None),
    ("garbage\n", {"memory.max": "1073741824"}, None), ("", {}, None),
])
def test_the_control_groups_limit_is_read_from_either_hierarchy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                table: str, files: dict[str, str],
                                                                expected: int | None) -> None:
    _groups(tmp_path, monkeypatch, table, files)
    assert memory.cgroup_limit() == expected
    assert memory.memory_bytes() == (_physical() if expected is None else min(_physical(), expected))
