"""Explicit chance for every game (``rl.chance``): the game's own distribution, drawn from outside
one outcome at a time, gives legal games, replays seeded games, and refuses what is not possible."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import boomerang_rules as br
from boomerang_rules.core.games import GAMES, rules_module
from boomerang_rules.rl import chance

EXTRA_SALT = "sea-salt-paper-extra-salt"
CASES = [(rules_id, n) for rules_id in [*sorted(GAMES), EXTRA_SALT]
         for n in range(br.load_rules(rules_id).players.min, br.load_rules(rules_id).players.max + 1)]
"""Every registered game (its standard rules) at every player count, and Sea Salt & Paper's Extra Salt."""
IDS = [f"{rules_id}-{n}" for rules_id, n in CASES]


def _decide(node: chance.Node, rng: random.Random) -> chance.Node:
    """One random decision: a step of every seat where all decide at once, else the one seat's action."""
    seats = chance.to_act(node)
    if chance.is_simultaneous(node):
        return chance.step(node, [rng.choice(chance.legal_actions(node, seat)) for seat in seats])
    return chance.apply(node, seats[0], rng.choice(chance.legal_actions(node, seats[0])))


def _random_game(rules: Any, players: int, seed: int) -> Iterator[chance.Node]:
    """Every node of one game whose chance and decisions are drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    node = chance.new_game(rules, players)
    yield node
    while not chance.is_over(node):
        if chance.is_chance(node):
            node = chance.resolve(node, rng.choice(chance.outcomes(node))[0])
        else:
            node = _decide(node, rng)
        yield node


@pytest.mark.parametrize(("rules_id", "players"), CASES, ids=IDS)
def test_a_game_drawn_at_random_is_legal_and_ends_with_the_engines_totals(rules_id: str, players: int) -> None:
    """A game made by chance outcomes drawn from a seeded ``random.Random`` is one the game could
    deal: its record is valid and replays to its totals, which are ``score_sheets``' of its state."""
    nodes = list(_random_game(rules_id, players, seed=players))
    end = nodes[-1]
    assert chance.is_over(end) and br.is_over(end.state)
    assert chance.to_act(end) == () and chance.outcomes(end) == [] and not chance.is_chance(end)
    record = br.record_of(end.state)
    assert br.validate_record(record) == []
    replayed = br.state_of(record)
    totals = [sheet.total for sheet in br.score_sheets(end.state)]
    assert [sheet.total for sheet in br.score_sheets(replayed)] == totals
    assert [sheet["total"] for sheet in record["result"]["sheets"]] == totals
    assert sum(chance.is_chance(n) for n in nodes) > 0 and any(n.state is not None for n in nodes)
    middle = nodes[len(nodes) // 2]
    assert pickle.loads(pickle.dumps(middle)) == middle and hash(copy.deepcopy(middle)) == hash(middle)  # data


@pytest.mark.parametrize(("rules_id", "players"), CASES, ids=IDS)
def test_outcomes_are_a_distribution_of_possible_outcomes(rules_id: str, players: int) -> None:
    """At every chance node the outcomes are distinct, each with a positive probability, summing to 1,
    and each can be drawn (``resolve`` takes it); the decision nodes have none."""
    checked = 0
    for i, node in enumerate(_random_game(rules_id, players, seed=11)):
        found = chance.outcomes(node)
        if not chance.is_chance(node):
            assert found == []
            continue
        assert found and len({o for o, _ in found}) == len(found)
        assert all(p > 0 for _, p in found) and sum(p for _, p in found) == pytest.approx(1.0)
        assert all(0 <= o < chance.max_outcomes(node.rules, players) for o, _ in found)
        if i % 5 == 0 or len(found) < 5:  # each of them drawn, at every fifth node and at each event's end
            for outcome, _ in found:
                after = chance.resolve(node, outcome)
                assert after.drawn == (*node.drawn, outcome) or (after.drawn == () and after.held is None)
            checked += 1
        assert chance.to_act(node) == () and chance.legal_actions(node, 0) == () and chance.legal_mask(node, 0) == 0
    assert checked > 3


def _deal_order(node: chance.Node, hands: list[list[str]]) -> list[int]:
    """Boomerang: Australia: the deal card by card (card ``p`` to seat ``p % players``, the deck's
    layers top first, ``rl.deck_layers``) that gives ``hands``."""
    from boomerang_rules import rl

    n = node.players
    left = [[br.action_id(node.rules, c) for c in hand] for hand in hands]
    layers = list(rl.deck_layers(node.state))
    order: list[int] = []
    for p in range(sum(map(len, left))):
        while not any(layers[0] >> c & 1 for hand in left for c in hand):
            layers.pop(0)
        card = next(c for c in left[p % n] if layers[0] >> c & 1)
        left[p % n].remove(card)
        layers[0] &= ~(1 << card)
        order.append(card)
    return order


def _australia(seeded: Any) -> Callable[[chance.Node], list[int]]:
    deals = [r["hands"] for r in br.record_of(seeded)["rounds"]]
    return lambda node: _deal_order(node, deals[node.state.round])


def _sea_salt_paper(seeded: Any) -> Callable[[chance.Node], list[int]]:
    rounds = seeded.history
    decks = [list(r.deck) for r in rounds]
    steals = [card for r in rounds for _, action, card in r.log if card >= 0 and action.startswith("steal:")]
    shuffles = [list(order) for r in rounds for order in r.shuffles]

    def read(node: chance.Node) -> list[int]:
        if node.held is not None:
            return [steals.pop(0)] if node.held[1].startswith("steal:") else shuffles.pop(0)
        return decks.pop(0) + ([rounds[0].first] if node.state is None else [])

    return read


def _boomerang_2010(seeded: Any) -> Callable[[chance.Node], list[int]]:
    ids = [card.id for card in seeded.rules.cards]
    deck = [ids.index(card) for card in br.record_of(seeded)["deck"]]
    return lambda node: deck


READERS: dict[str, Callable[[Any], Callable[[chance.Node], list[int]]]] = {
    "boomerang-australia": _australia, "sea-salt-paper": _sea_salt_paper, "boomerang-2010": _boomerang_2010}
"""How each game's chance outcomes are read off a seeded game (what its dealer drew): the reader of a
finished game gives, at each chance event, its outcomes in order."""


def test_every_game_has_a_reader_of_its_seeded_games() -> None:
    assert sorted(READERS) == sorted(GAMES)


def _seeded_play(rules: Any, players: int, seed: int) -> tuple[Any, list[tuple[int, ...]]]:
    """A seeded game played at random to its end, and its decisions in order."""
    rng = random.Random(seed)
    state = br.new_game(rules, players, seed)
    decisions = []
    while not br.is_over(state):
        seats = br.to_act(state)
        actions = tuple(br.action_id(rules, rng.choice(br.legal_actions(state, seat))) for seat in seats)
        decisions.append(actions)
        state = br.step(state, actions)
    return state, decisions


@pytest.mark.parametrize(("rules_id", "players"), CASES, ids=IDS)
def test_a_seeded_games_outcomes_replay_it_exactly(rules_id: str, players: int) -> None:
    """Given the outcomes a seeded game's dealer drew (deals, deck orders, first player, steals,
    lobster shuffles) and its decisions, the node is that game at every decision (every seat's
    view and actions) and ends with its record, but for the seed."""
    rules = br.load_rules(rules_id)
    end, decisions = _seeded_play(rules, players, seed=players + 20)
    replay = br.new_game(rules, players, players + 20)
    read = READERS[rules.game](end)
    node = chance.new_game(rules, players)
    events = 0
    for actions in [*decisions, None]:
        while chance.is_chance(node):
            for outcome in read(node):
                node = chance.resolve(node, outcome)
            events += 1
        if actions is None:
            break
        assert chance.to_act(node) == br.to_act(replay)
        for seat in range(players):
            assert br.view(node.state, seat) == br.view(replay, seat)
        node = chance.step(node, list(actions))
        replay = br.step(replay, actions)
    assert chance.is_over(node) and events > 0
    ours, theirs = br.record_of(node.state), br.record_of(end)
    assert ours.pop("seed", None) is None and theirs.pop("seed") == players + 20
    assert ours == theirs


@pytest.mark.parametrize("rules_id", [*sorted(GAMES), EXTRA_SALT])
def test_an_impossible_outcome_is_refused_naming_it(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    node = chance.new_game(rules, rules.players.min)
    for junk in (999, -1, chance.max_outcomes(rules, rules.players.min), 2**40):
        with pytest.raises(br.IllegalAction, match=rf"^chance outcome {junk} is not possible here: the next is one of"):
            chance.resolve(node, junk)
    first = chance.outcomes(node)[0][0]
    again = chance.resolve(node, first)
    with pytest.raises(ValueError, match=rf"^chance outcome {first} is not possible here: the next is one of "
                                         rf"{len(chance.outcomes(again))} outcomes \(outcomes\(node\) lists them\)$"):
        chance.resolve(again, first)  # a card already dealt
    assert first not in dict(chance.outcomes(again)) and node.drawn == () and again.drawn == (first,)
    for odd in (1.5, "3", None, True, [first]):
        with pytest.raises(TypeError, match=r"^outcome must be a chance outcome \(int\), not "):
            chance.resolve(node, odd)  # type: ignore[arg-type]


def _first_decision(rules_id: str, players: int) -> chance.Node:
    return next(n for n in _random_game(rules_id, players, seed=3) if chance.to_act(n))


@pytest.mark.parametrize("rules_id", sorted(GAMES))
def test_a_decision_at_a_chance_node_and_an_outcome_at_a_decision_node_are_refused(rules_id: str) -> None:
    rules = br.load_rules(rules_id)
    players = rules.players.min
    node = chance.new_game(rules, players)
    with pytest.raises(br.IllegalAction, match=r"^a chance event is under way: seat 0's action 0 waits for its "
                                               r"outcomes \(outcomes\(node\), resolve\(node, outcome\)\)$"):
        chance.apply(node, 0, 0)
    with pytest.raises(br.IllegalAction, match=r"^a chance event is under way: a step \(\[0, 0\]\) waits"):
        chance.step(node, [0, 0])
    deciding = _first_decision(rules_id, players)
    seats = chance.to_act(deciding)
    who = f"seat {seats[0]} decides" if len(seats) == 1 else f"seats {', '.join(map(str, seats))} decide"
    with pytest.raises(br.IllegalAction, match=rf"^no chance event is under way: {who} here, not "
                                               r"chance \(chance outcome 0\)$"):  # "seats 1 decide" in a game in turn
        chance.resolve(deciding, 0)
    end = list(_random_game(rules_id, players, seed=3))[-1]
    with pytest.raises(br.IllegalAction, match=r"^no chance event is under way: the game is over, not chance"):
        chance.resolve(end, 0)
    with pytest.raises(br.IllegalAction):
        chance.apply(end, 0, 0)


@pytest.mark.parametrize("rules_id", sorted(GAMES))
def test_decisions_are_checked_as_the_engine_checks_them(rules_id: str) -> None:
    """An illegal action, a seat the game does not have, a malformed step: refused in the engine's
    words (``br.apply``, ``br.step``), the node unchanged."""
    rules = br.load_rules(rules_id)
    node = _first_decision(rules_id, 3)
    seat = chance.to_act(node)[0]
    legal = chance.legal_actions(node, seat)
    illegal = next(a for a in range(br.num_actions(rules)) if br.action_of(rules, a) not in legal)
    for action in (illegal, br.action_of(rules, illegal), 10**6, -2):
        with pytest.raises(ValueError) as refused:
            chance.apply(node, seat, action)
        with pytest.raises(ValueError) as engine:
            br.apply(node.state, seat, action)
        assert str(refused.value) == str(engine.value)
    with pytest.raises(br.IllegalAction, match="seat 7 does not exist"):
        chance.apply(node, 7, legal[0])
    with pytest.raises(br.IllegalAction, match=r"^step needs "):
        chance.step(node, [legal[0]] * 5)
    by_id = chance.apply(node, seat, br.action_id(rules, legal[0]))
    assert by_id == chance.apply(node, seat, legal[0]) and by_id.state == br.apply(node.state, seat, legal[0])
    if len(chance.to_act(node)) == 1:
        assert chance.step(node, [legal[0]]) == by_id
    assert chance.legal_mask(node, seat) == br.legal_mask(node.state, seat)


@pytest.mark.parametrize("rules_id", sorted(GAMES))
def test_every_seat_at_once_is_simultaneous_and_one_seat_is_not(rules_id: str) -> None:
    """Where ``to_act`` lists every seat (Boomerang: Australia's steps, Boomerang (2010)'s land tokens)
    the node is simultaneous; a seat that decides alone (Sea Salt & Paper's, or the seats left of a
    step applied one at a time) is not."""
    node = _first_decision(rules_id, 3)
    one_seat = rules_module(br.load_rules(rules_id).game).ONE_SEAT
    assert chance.is_simultaneous(node) is (not one_seat)
    assert chance.to_act(node) == br.to_act(node.state)
    if not one_seat:
        seat = chance.to_act(node)[0]
        part = chance.apply(node, seat, chance.legal_actions(node, seat)[0])
        assert chance.to_act(part) == (1, 2) and not chance.is_simultaneous(part)
        assert chance.step(node, [chance.legal_actions(node, s)[0] for s in range(3)]).state == \
            br.step(node.state, [chance.legal_actions(node, s)[0] for s in range(3)])


@pytest.mark.parametrize(("rules_id", "words"), [
    ("sea-salt-paper", ("deck ", "first player: seat ", "steal takes ")),
    (EXTRA_SALT, ("deck ", "first player: seat ", "shuffled deck ")),
    ("boomerang-2010", ("deck ",)),
    ("standard", ("deal ",)),
])
def test_the_games_own_chance_events_are_chance_nodes(rules_id: str, words: tuple[str, ...]) -> None:
    """Each game's chance events as its dealer has them: a Sea Salt & Paper round's deck, the first
    player, each steal's card (the thief's decision waits for it) and Extra Salt's lobster shuffle."""
    seen: set[str] = set()
    held = 0
    for seed in range(30):
        for node in _random_game(rules_id, 3, seed):
            if chance.is_chance(node):
                outcome = chance.outcomes(node)[0][0]
                seen.update(w for w in words if chance.outcome_name(node, outcome).startswith(w))
                held += node.held is not None and node.drawn == ()
        if seen == set(words):
            break
    assert seen == set(words)
    assert (held > 0) is (len(words) == 3)


def test_a_steal_waits_for_its_card_from_the_victims_hand() -> None:
    for seed in range(40):
        node = next((n for n in _random_game("sea-salt-paper", 3, seed)
                     if n.held is not None and n.held[1].startswith("steal:")), None)
        if node is not None:
            break
    else:
        pytest.fail("no steal in 40 random games")
    thief, action = node.held  # type: ignore[misc]
    victim = int(action.partition(":")[2])
    hand = node.state.hands[victim]
    assert [c for c, _ in chance.outcomes(node)] == list(hand) and chance.to_act(node) == ()
    assert chance.outcome_name(node, hand[-1]).startswith("steal takes ")
    after = chance.resolve(node, hand[-1])
    assert after.held is None and hand[-1] in after.state.hands[thief] and hand[-1] not in after.state.hands[victim]


def test_an_impossible_outcome_is_refused_without_naming_the_possible_ones() -> None:
    """At a steal the possible outcomes are the victim's hand, and in a shuffle they tell which cards are
    drawn so far (the undealt order a node's repr hides): ``resolve``'s refusal listed a dozen of them by
    index and named one (``such as 'steal takes crab-3'``). It counts them now."""
    steal = next(n for seed in range(40) for n in _random_game("sea-salt-paper", 3, seed)
                 if n.held is not None and n.held[1].startswith("steal:"))
    hand = steal.state.hands[int(steal.held[1].partition(":")[2])]  # type: ignore[index]
    shuffle = chance.resolve(chance.resolve(chance.new_game("sea-salt-paper", 3), 0), 2)
    for node, hidden in ((steal, hand), (shuffle, (0, 2))):
        impossible = next(c for c in range(len(node.rules.cards)) if c not in dict(chance.outcomes(node)))
        with pytest.raises(br.IllegalAction) as refused:
            chance.resolve(node, impossible)
        words = str(refused.value)
        assert words == (f"chance outcome {impossible} is not possible here: the next is one of "
                         f"{len(chance.outcomes(node))} outcomes (outcomes(node) lists them)")
        assert not any(node.rules.cards[c].id in words for c in hidden)


@pytest.mark.parametrize(("rules_id", "players"), CASES, ids=IDS)
def test_a_nodes_repr_shows_neither_the_undealt_order_nor_a_waiting_decision(rules_id: str, players: int) -> None:
    """Nodes are data, but their repr is safe to show: it counts the outcomes drawn of the event under
    way, never which (the undealt order), and names a waiting decision's seat, not its action (a
    lobster's kept card is its seat's alone)."""
    def unchecked(node: chance.Node, drawn: tuple[int, ...], held: Any) -> chance.Node:
        return chance._made(node, node.state, drawn, held)  # other outcomes, a decision the game never held

    shown = 0
    for node in _random_game(rules_id, players, seed=5):
        if node.drawn:
            text = repr(node)
            assert f"{len(node.drawn)} outcome(s) drawn" in text
            assert repr(unchecked(node, node.drawn[::-1], node.held)) == text
            if len(node.drawn) > 1:
                assert repr(unchecked(node, node.drawn[1:], node.held)) != text
            shown += 1
        if node.held is not None:
            other = unchecked(node, node.drawn, (node.held[0], "something else"))
            assert repr(other) == repr(node) and node.held[1] not in repr(node)
    assert shown > 0
    start = repr(chance.new_game(rules_id, players))
    assert start.startswith(f"<chance.Node {br.load_rules(rules_id).id!r}, {players} players, chance, 0 outcome(s)")


def test_every_games_openspiel_descriptions_share_its_chance_model() -> None:
    """``rl.openspiel`` drives its states through this module, which finds a game's chance by its name:
    every OpenSpiel game of a game draws chance as that model does."""
    from boomerang_rules.rl.encoding import _rl_module

    for game in GAMES:
        assert all(d.chance is chance.model(game) for d in _rl_module(game).OPENSPIEL)
        assert chance.new_game(game, br.load_rules(game).players.min).rules.game == game
    with pytest.raises(ValueError, match=r"^game must be a registered game's name \(.*\), not 'chess'$"):
        chance.model("chess")


def test_a_node_of_a_seeded_state_draws_its_own_chance() -> None:
    for game in sorted(GAMES):
        state = br.new_game(game, 3, 1)
        node = chance.from_state(state)
        assert node.state is state and chance.to_act(node) == br.to_act(state) and not chance.is_chance(node)
    with pytest.raises(TypeError, match=r"^state must be a game state \(see new_game\), not None"):
        chance.from_state(None)


def test_bad_arguments_are_refused_naming_them() -> None:
    with pytest.raises(TypeError, match=r"^rules must be a loaded ruleset .*, not int"):
        chance.new_game(3, 3)
    with pytest.raises(br.RulesError, match="no shipped ruleset is called 'nope'"):
        chance.new_game("nope", 3)
    with pytest.raises(br.InvalidInput, match=r"'sea-salt-paper' is for 2 to 4 players, not 5"):
        chance.new_game("sea-salt-paper", 5)
    with pytest.raises(TypeError, match=r"^players must be an integer, not str"):
        chance.new_game("sea-salt-paper", "3")  # type: ignore[arg-type]
    calls: list[Callable[[Any], object]] = [
        chance.is_chance, chance.outcomes, chance.to_act, chance.is_over, lambda n: chance.resolve(n, 0),
        lambda n: chance.apply(n, 0, 0), lambda n: chance.outcome_name(n, 0)]
    for call in calls:
        with pytest.raises(TypeError, match=r"^node must be a chance node \(see rl.chance.new_game\), not "):
            call(br.new_game("standard", 3, 1))
    node = chance.new_game("sea-salt-paper", 3)
    for outcome in (-1, 58, "x"):
        with pytest.raises((TypeError, ValueError), match=r"^outcome must be "):
            chance.outcome_name(node, outcome)  # type: ignore[arg-type]
    rules = br.load_rules("sea-salt-paper")
    other = br.new_game("boomerang-2010", 3, 1)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"players": True}, "players must be"), ({"players": 3.0}, "players must be"),
        ({"drawn": [1]}, "drawn must be"), ({"drawn": (1.0,)}, "drawn must be"),
        ({"held": (0,)}, "held must be"), ({"held": ("0", "steal:1")}, "held must be"),
        ({"state": "x"}, "state must be"), ({"state": other}, "state must be a state of the node's game"),
        ({"rules": br.load_rules("standard")}, "state must be a game state of 'standard': its games have one")]
    for fields, message in cases:
        with pytest.raises((TypeError, ValueError), match=rf"^{message}"):
            chance.Node(**{"rules": rules, "players": 3, **fields})


@pytest.mark.parametrize(("rules_id", "players"), [("standard", 3), ("sea-salt-paper", 3), (EXTRA_SALT, 4),
                                                   ("boomerang-2010", 3)])
def test_a_node_made_by_hand_is_a_place_the_game_can_reach(rules_id: str, players: int) -> None:
    """``Node(...)`` (and ``attrs.evolve``) checked its fields' types only: a seeded state with a
    ``held`` steal was a chance node with no outcomes whose ``resolve`` failed with an ``IndexError``,
    and ``drawn=(999,)`` or a card drawn twice went on as if they had not been drawn. Every node of a
    game made by hand again is that node; impossible ``held`` and ``drawn`` are refused naming them."""
    rebuilt = 0
    for node in _random_game(rules_id, players, seed=3):
        if node.drawn or node.held is not None:
            assert chance.Node(node.rules, node.players, node.state, node.drawn, node.held) == node
            assert attrs.evolve(node) == node
            rebuilt += 1
    assert rebuilt > 0
    first = chance.new_game(rules_id, players)
    card = chance.outcomes(first)[0][0]
    for drawn in [(999,), (-1,), (card, card)]:
        with pytest.raises(ValueError, match=r"^drawn must be outcomes the chance event under way could draw in "
                                             rf"that order: drawn\[{len(drawn) - 1}\] is not one"):
            attrs.evolve(first, drawn=drawn)
    seeded = chance.from_state(br.new_game(rules_id, players, 1))
    with pytest.raises(ValueError, match=r"^drawn must be \(\) where no chance event is under way, not \(0,\)"):
        attrs.evolve(seeded, drawn=(0,))
    seat = chance.to_act(seeded)[0]
    for held in [(seat, "steal:1"), (seat, chance.legal_actions(seeded, seat)[0]), (99, "steal:1")]:
        with pytest.raises(ValueError, match=r"^held must be None or a decision that waits for a chance outcome"):
            attrs.evolve(seeded, held=held)
    game = chance.model(first.rules.game)
    complete: tuple[int, ...] = ()
    while more := game.outcomes(first.rules, players, first.state, complete, None):
        complete = (*complete, more[0][0])
    with pytest.raises(ValueError, match=r"^drawn must leave the chance event under way incomplete"):
        attrs.evolve(first, drawn=complete)  # its last outcome makes the state


def test_a_sea_salt_paper_rounds_deck_is_dealt_to_the_game_as_it_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each round's deck was dealt by replaying the whole game from its first deck, every decision
    again (``new_game`` with every deck and steal so far, then ``apply`` on each): a round cost as much
    as the game before it, and a game of a thousand rounds (a ruleset whose rounds seldom score, which
    OpenSpiel plays through ``rl.chance``) took hours. The waiting state is dealt the deck itself now
    (``engine.deal_waiting``): neither is called, and the game is the one the seeded engine plays
    (``test_a_seeded_games_outcomes_replay_it_exactly``)."""
    from boomerang_rules.seasaltpaper import chance as ssp_chance

    rng = random.Random(7)
    node = chance.new_game("sea-salt-paper", 2)
    rounds = 0
    while rounds < 4 and not chance.is_over(node):
        if chance.is_chance(node) and node.state is not None and node.held is None:
            while len(chance.outcomes(node)) > 1:  # the deck's order but its last card
                node = chance.resolve(node, rng.choice(chance.outcomes(node))[0])
            with monkeypatch.context() as patched:
                for name in ("apply", "new_game"):
                    patched.setattr(ssp_chance, name, lambda *a, name=name, **k: pytest.fail(f"{name} called"))
                node = chance.resolve(node, chance.outcomes(node)[0][0])
            rounds += 1
            assert node.state.round == rounds and node.state.phase == "draw"
        elif chance.is_chance(node):
            node = chance.resolve(node, rng.choice(chance.outcomes(node))[0])
        else:
            node = _decide(node, rng)
    assert rounds == 4
