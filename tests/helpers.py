"""Shared test helpers: driving games by policy, and reading the reference card table."""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs
from hypothesis import strategies as st

import boomerang_rules as br
from boomerang_rules import seasaltpaper as ssp
from boomerang_rules.australia.state import PENDING_BITS, Progress
from boomerang_rules.australia.view import held_hands
from boomerang_rules.boomerang2010 import rules as b10_rules

Policy = Callable[[br.GameState, int, tuple[str, ...]], str]


def rebound(state: Any, **changes: Any) -> Any:
    """``attrs.evolve(state, **changes)`` built by position, as the engines build their states:
    past the checks a state built through its class gets (``core.state_checks``), so that the
    tests of hostile input reach the compiled and plain code with what only code reaching past
    the API can make (``tuple.__new__``)."""
    values = [changes.pop(f.name, getattr(state, f.name)) for f in attrs.fields(type(state))]
    assert not changes, changes
    return built(type(state), *values)


def built(cls: type, *values: Any) -> Any:
    """An instance of the tuple-backed state class ``cls`` from ``values`` in field order,
    unchecked (see ``rebound``)."""
    return tuple.__new__(cls, values)


@contextlib.contextmanager
def unchecked_rulesets() -> Iterator[None]:
    """Rulesets built by hand inside it (``attrs.evolve(rules, ...)``, a subclass's constructor) skip the
    checks a caller's ruleset gets (``core.rulesets.settle``), as ``build`` does: what only code
    reaching past the API can make, for the tests of the engines' own refusals (their digest is
    still taken of what they hold)."""
    from boomerang_rules.core import rulesets

    token = rulesets._BUILDING.set(True)
    try:
        yield
    finally:
        rulesets._BUILDING.reset(token)


@attrs.frozen
class NearValues:
    """What ``near_value`` draws from: junk of another type (a ``junk_share`` of the draws), ints near
    an int (``ints(value, rng)``'s choices), strings, an empty tuple's replacements, and how often a
    tuple loses (``shorter``) or repeats (below ``longer``) its last entry."""

    junk: tuple[Any, ...]
    junk_share: float
    ints: Callable[[int, random.Random], list[int]]
    strings: tuple[str, ...]
    empties: tuple[Any, ...]
    shorter: float
    longer: float
    records: bool = False
    """Whether a tuple subclass (a state's record row) and an attrs record are changed inside too
    (a field of it, through ``attrs.evolve``; None when its class refuses it)."""


def near_value(value: Any, rng: random.Random, pool: NearValues) -> Any:
    """A value of ``value``'s type, or near it: one more or less, a tuple an entry short or long, an
    entry changed (with ``pool.records``, a field of a nested record); sometimes junk of another
    type: the field fuzzers of states and views built by a caller (``test_contract``,
    ``test_determinize``)."""
    if rng.random() < pool.junk_share:
        return rng.choice(pool.junk)
    if type(value) is bool:
        return not value
    if type(value) is int:
        return rng.choice(pool.ints(value, rng))
    if type(value) is str:
        return rng.choice(pool.strings)
    if type(value) is tuple or (pool.records and isinstance(value, tuple) and not attrs.has(type(value))):
        if not value:
            return rng.choice(pool.empties)
        roll = rng.random()
        if roll < pool.shorter:
            return value[:-1]
        if roll < pool.longer:
            return (*value, value[-1])
        i = rng.randrange(len(value))
        return (*value[:i], near_value(value[i], rng, pool), *value[i + 1:])
    if pool.records and attrs.has(type(value)):
        fields = [f for f in attrs.fields(type(value)) if f.name not in ("rules", "tables")]
        name = rng.choice(fields).name
        try:
            return attrs.evolve(value, **{name: near_value(getattr(value, name), rng, pool)})
        except (br.BoomerangError, TypeError):
            return None
    return value


def random_policy(rng: random.Random) -> Policy:
    def choose(state: br.GameState, seat: int, actions: tuple[str, ...]) -> str:
        return rng.choice(actions)

    return choose


def play(state: br.GameState, policy: Policy, *, until: Callable[[br.GameState], bool] | None = None) -> br.GameState:
    """Drive ``state`` with ``policy`` until the game is over (or ``until`` holds)."""
    while not br.is_over(state) and br.to_act(state) and not (until and until(state)):
        for seat in br.to_act(state):
            state = br.apply(state, seat, policy(state, seat, br.legal_actions(state, seat)))
    return state


def random_states(rules: Any, players: int, seed: int) -> Iterator[Any]:
    """Every state of a seeded random game of any game, one decision at a time, through the public API."""
    state = br.new_game(rules, players, seed)
    rng = random.Random(seed)
    yield state
    while not br.is_over(state) and br.to_act(state):
        seat = br.to_act(state)[0]
        state = br.apply(state, seat, rng.choice(br.legal_actions(state, seat)))
        yield state


def random_game(players: int, seed: int, rules: br.Ruleset | None = None) -> br.GameState:
    rules = rules or br.load_rules()
    return play(br.new_game(rules, players, seed), random_policy(random.Random(seed)))


def preferring(wants: Sequence[Sequence[Sequence[str]]], avoid: Sequence[str] = (),
               activities: Sequence[Sequence[str]] = ()) -> Policy:
    """A policy taking, in round r, seat s's first wanted card in hand (``wants[r][s]``).

    Otherwise it takes the first card not in ``avoid``; activities come from
    ``activities[r][s]`` when given, else ``none``.
    """

    def choose(state: br.GameState, seat: int, actions: tuple[str, ...]) -> str:
        r = state.round
        if br.view(state, seat).phase == "activity":
            if r < len(activities) and activities[r][seat] in actions:
                return activities[r][seat]
            return br.NO_ACTIVITY
        for card in wants[r][seat] if r < len(wants) else ():
            if card in actions:
                return card
        for card in actions:
            if card not in avoid:
                return card
        return actions[0]

    return choose


def round_drafts(state: br.GameState, round_no: int) -> tuple[tuple[str, ...], ...]:
    drafts: tuple[tuple[str, ...], ...] = br.view(state, 0).past_rounds[round_no].drafts
    return drafts


def hidden_cards(s: br.GameState, seat: int) -> list[int]:
    """Cards ``seat`` cannot know now: others' Throws and hands it never held, and the undealt."""
    known = 0
    for m in (*held_hands(s, seat), s.hands[seat]):
        known |= m
    for x, cards in enumerate(s.drafted):
        for j, c in enumerate(cards):
            if j > 0 or x == seat:
                known |= 1 << c
    return [c for c in range(s.tables.deck_size) if not known >> c & 1]


def relabel(s: br.GameState, perm: dict[int, int]) -> br.GameState:
    """``s`` with this round's cards renamed by ``perm`` (cards not in it keep their name)."""
    def mask(m: int) -> int:
        return sum(1 << perm.get(c, c) for c in range(m.bit_length()) if m >> c & 1)

    picking = s.step < s.tables.activity_step
    pending = 0
    for seat in range(s.players):
        choice = s.choice(seat)
        if choice is not None:
            pending |= (perm.get(choice, choice) if picking else choice) + 2 << seat * PENDING_BITS
    progress: Progress = attrs.evolve(s.progress, leftover=tuple(perm.get(c, c) for c in s.progress.leftover))
    context = attrs.evolve(s.context, dealt=tuple(map(mask, s.dealt)), progress=progress)
    return attrs.evolve(
        s,
        context=context, hands=tuple(map(mask, s.hands)),
        taken=tuple(perm.get(c, c) for c in s.taken), pending=pending)


def australia_ids() -> tuple[str, ...]:
    """The shipped Boomerang: Australia rulesets and variants (other games ship their own)."""
    return tuple(i.id for i in br.list_rules() if i.game == "boomerang-australia")


def deck_of(rules: br.Ruleset, size: int) -> br.Ruleset:
    """``rules`` with a deck of ``size`` cards, so that the engine's other paths are taken: more than
    the shipped cards (the deck repeated, each copy its own site in its card's region), or fewer
    (the first ``size`` cards, the regions left without a card dropped, and at most as many
    players as the deck deals a hand to)."""
    from boomerang_rules.core.loading import rules_from_data

    data = br.rules_data(rules)
    cards = data["cards"]
    if size <= len(cards):
        data["cards"] = cards = cards[:size]
        data["regions"] = [r for r in data["regions"] if any(c["region"] == r["id"] for c in cards)]
        data["players"]["max"] = min(data["players"]["max"], size // rules.hand_size)
    else:
        data["cards"] = [{**cards[i % len(cards)], "id": f"{cards[i % len(cards)]['id']}{i // len(cards) or ''}",
                          "site": f"{cards[i % len(cards)]['site']} {i // len(cards)}"} for i in range(size)]
        table = data["scoring"]["activities"]["table"]  # a hand may now hold more icons of a kind
        data["scoring"]["activities"]["table"] = [*table, *(table[-1] + 5 * k for k in range(
            1, rules.hand_size + 2 - len(table)))]
    data["id"] = f"{rules.id}-{size}"
    made = rules_from_data(data)
    assert isinstance(made, br.Ruleset)
    return made


def one_site_regions(rules: br.Ruleset) -> br.Ruleset:
    """``rules`` with every card a region of its own: each site crossed off completes a region, so
    that every region's bonus is gone after the first round of a game dealt the whole deck."""
    from boomerang_rules.core.loading import rules_from_data

    data = br.rules_data(rules)
    data["regions"] = [{"id": f"region_{i}", "name": card["site"]} for i, card in enumerate(data["cards"])]
    for i, card in enumerate(data["cards"]):
        card["region"] = f"region_{i}"
    data["id"] = f"{rules.id}-one-site-regions"
    made = rules_from_data(data)
    assert isinstance(made, br.Ruleset)
    return made


def kinds_swapped(rules: Any, one: str, other: str) -> Any:
    """Sea Salt & Paper's ``rules`` with the kinds ``one`` and ``other`` swapped wherever a kind is
    named (the cards, the duos, the collectors, the multipliers, the mermaids', trio's and stand-in's
    rules): the same game under other names, whose kinds sort (and so are numbered) otherwise."""
    from boomerang_rules.core.loading import rules_from_data

    swap = {one: other, other: one}

    def kind(name: str) -> str:
        return swap.get(name, name)

    data = br.rules_data(rules)
    data["cards"] = [{**c, "kind": kind(c["kind"])} for c in data["cards"]]
    data["duos"] = [{**d, "kinds": [kind(k) for k in d["kinds"]]} for d in data["duos"]]
    data["collectors"] = {kind(k): table for k, table in data["collectors"].items()}
    data["multipliers"] = {kind(k): {**m, "kind": kind(m["kind"])} for k, m in data["multipliers"].items()}
    for field in ("mermaids", "trio", "stand_in"):
        if field in data:
            data[field] = {**data[field], "kind": kind(data[field]["kind"])}
    data["id"] = f"{rules.id}-{one}-as-{other}"
    return rules_from_data(data)


def ssp_states() -> list[Any]:
    """Every state of three short random games (2-4 players)."""
    rules = br.load_rules("sea-salt-paper")
    states = []
    for players in (2, 3, 4):
        rng = random.Random(players)
        state = ssp.new_game(rules, players, seed=players)
        for _ in range(60):
            if ssp.is_over(state):
                break
            states.append(state)
            seat = ssp.to_act(state)[0]
            state = ssp.apply(state, seat, rng.choice(ssp.legal_actions(state, seat)))
        states.append(state)
    return states


def random_with(rng: random.Random, first_activities: dict[int, str] | None = None) -> Policy:
    """Uniform over the legal actions, except seat s's activity in round 1 (``first_activities[s]``)."""
    def choose(state: br.GameState, seat: int, actions: tuple[str, ...]) -> str:
        if first_activities and br.view(state, seat).phase == "activity" and state.round == 0:
            return first_activities[seat]
        return rng.choice(actions)

    return choose


def record_problems(record: Any) -> list[str]:
    return [str(p) for p in br.validate_record(record)]


def somewhere(rules: br.Ruleset, n: int, seed: int, data: st.DataObject) -> br.GameState:
    """A game with decisions owed, stopped at a step hypothesis picks."""
    stop = data.draw(st.integers(0, rules.rounds * (rules.hand_size + 1) - 1), label="decisions before")
    count = [0]

    def until(state: br.GameState) -> bool:
        count[0] += 1
        return count[0] > stop

    state = play(br.new_game(rules, n, seed), random_policy(random.Random(seed)), until=until)
    return state if br.to_act(state) else br.new_game(rules, n, seed)


def one_by_one(state: br.GameState, seats: tuple[int, ...], actions: list[str]) -> br.GameState:
    for seat, action in zip(seats, actions):
        state = br.apply(state, seat, action)
    return state


def b10_with_cards(*cards: tuple[str, str, str, str]) -> b10_rules.Ruleset:
    """Boomerang (2010)'s shipped ruleset with only these cards (id, animal, land, land) and only
    the lands and animals they show: a land or an animal that no card shows is refused (``land-in-deck``,
    ``animal-in-deck``)."""
    from boomerang_rules.core.loading import rules_from_data

    data = br.rules_data(br.load_rules("boomerang-2010"))
    data["id"] = "tiny-" + "-".join(c[0].lower() for c in cards)
    data["cards"] = [{"id": cid, "animal": animal, "lands": [a, b]} for cid, animal, a, b in cards]
    shown = {land for c in cards for land in c[2:]}
    data["lands"] = [land for land in data["lands"] if land in shown]
    data["animals"] = [animal for animal in data["animals"] if any(c[1] == animal for c in cards)]
    rules = rules_from_data(data)
    assert isinstance(rules, b10_rules.Ruleset)
    return rules


RULESETS = ("standard", "sea-salt-paper", "boomerang-2010")  # one ruleset of each game


def record_with_you(tmp_path: Path, rules: str, seed: int) -> Path:
    """A simulated 3-player game whose first player is named "You", as ``play`` names it."""
    from click.testing import CliRunner

    from boomerang_rules.cli import cli

    path = tmp_path / f"{rules}.json"
    result = CliRunner().invoke(cli, ["simulate", "--rules", rules, "--players", "3", "--seed", str(seed),
                                      "--out", str(path)])
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text())
    record["players"][0] = "You"
    path.write_text(json.dumps(record))
    return path


def frame_texts(page: str) -> list[str]:
    """Each frame's title and note in an HTML replay (``replay --html``)."""
    found = re.search(r'<script id="frames" type="application/json">(.*?)</script>', page, re.S)
    assert found
    return [f"{frame['title']} {frame['note']}" for frame in json.loads(found.group(1))]


def big_deck(hand: int = 2, cards: int = 56, players: tuple[int, int] = (1, 3), rounds: int = 4) -> br.Ruleset:
    """Boomerang: Australia's standard deck repeated to ``cards`` cards, dealt ``hand`` a seat: a deck
    more than twice what a deal takes, so deals leave cards over."""
    from boomerang_rules.core.loading import rules_data, rules_from_data

    data = rules_data(br.load_rules())
    base = data["cards"]
    data["cards"] = [{**base[i % 28], "id": base[i % 28]["id"] + (str(i // 28) if i >= 28 else ""),
                      "site": f"{base[i % 28]['site']} {i // 28}"} for i in range(cards)]
    data["scoring"]["activities"]["table"] = [0, 0, 2, 4, 7, 10, 15, 20]
    data.update(id="big", hand_size=hand, players={"min": players[0], "max": players[1]}, rounds=rounds,
                pass_directions=["left"] * rounds)
    rules: br.Ruleset = rules_from_data(data)
    return rules


Refusal = list[tuple[str, str, str]]
"""What a state built by hand is refused for: (pointer, rule, message) a problem; [] when accepted."""


def refusal_of(state: Any, **fields: Any) -> Refusal:
    """What rebuilding ``state`` through its class with ``fields`` replaced (``attrs.evolve``) is refused for."""
    try:
        attrs.evolve(state, **fields)
    except br.InvalidInput as refused:
        return [(p.pointer, p.rule, p.message) for p in refused.problems]
    return []


def refused_alone(problems: Refusal, pointer: str, words: str) -> None:
    """One problem, at ``pointer``, its rule ``state-`` and the top field's name, its message holding
    ``words`` and ending as every refusal of a hand-built state does."""
    assert [p[0] for p in problems] == [pointer], problems
    assert problems[0][1] == f"state-{pointer.split('/')[1]}"
    assert words in problems[0][2], problems[0][2]
    assert problems[0][2].endswith(": not a state the engine made")


def replaced_at(row: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``row`` with its item ``i`` replaced by ``value``."""
    return (*row[:i], value, *row[i + 1:])


def drawn_hands(deck_size: int, seed: str, count: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """``count`` (hand, played) pairs of card indices drawn from a deck of ``deck_size`` (up to half of
    it, the hand sorted, the played cards in the order drawn), the same for the same ``seed``: what
    Sea Salt & Paper's scorers and their compiled twins are compared on."""
    choose = random.Random(seed)
    for _ in range(count):
        cards = choose.sample(range(deck_size), choose.randrange(deck_size // 2))
        cut = choose.randrange(len(cards) + 1)
        yield tuple(sorted(cards[:cut])), tuple(cards[cut:])


def ssp_to_1000(directory: Path) -> str:
    """A variant file of Sea Salt & Paper played to the schema's highest target, 1,000 points at every
    count (the longest games a ruleset can ask for: the RL envs' default bounds grow with them)."""
    path = directory / "ssp-1000.json"
    path.write_text(json.dumps({"format": "boomerang-rules/variant", "version": 1, "id": "ssp-1000",
                                "name": "To 1,000", "description": "The schema's highest target.",
                                "extends": "sea-salt-paper",
                                "changes": {"end_targets": {"2": 1000, "3": 1000, "4": 1000}}}), encoding="utf-8")
    return str(path)


def waiting_in_pipe(fd: int) -> int:
    """How many bytes wait in the pipe ``fd`` reads (``FIONREAD``; POSIX): a reader that lags on purpose
    learns when the writer's pipe is full."""
    import array
    import fcntl
    import termios

    count = array.array("i", [0])
    fcntl.ioctl(fd, termios.FIONREAD, count)
    return count[0]


def stopped_with_the_pipe_full(args: list[str], signum: int, preexec_fn: Any, cwd: Any = None
                               ) -> tuple[bytes, str, int]:
    """Run ``args`` writing into a 4,096-byte pipe nobody reads until it is full and the writer waits in
    it halfway through a line, then send ``signum`` to its process group: what it wrote, its standard
    error and its exit code. (Linux: a pipe of a chosen size.)"""
    import fcntl
    import os
    import subprocess
    import time

    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)  # less than a line: its write waits halfway
    process = subprocess.Popen(args, cwd=cwd, stdout=write_end, stderr=subprocess.PIPE, start_new_session=True,
                               preexec_fn=preexec_fn)
    os.close(write_end)
    assert process.stderr is not None
    deadline = time.monotonic() + 60
    while waiting_in_pipe(read_end) < 4096 and time.monotonic() < deadline:  # the pipe full
        time.sleep(0.05)
    time.sleep(0.1)  # and the writer waiting in it
    os.killpg(process.pid, signum)
    with os.fdopen(read_end, "rb") as reader:
        out = reader.read()
    return out, process.stderr.read().decode(), process.wait(timeout=60)
