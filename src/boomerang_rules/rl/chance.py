"""Explicit chance for every game: a game that waits at each chance event, dealt from outside one
outcome at a time (pure functions over immutable nodes; neither pyspiel nor numpy).

A ``Node`` is where such a game is: the library's state (``state``; None before the first chance
event completes), the outcomes drawn so far of the chance event under way, and a decision that
waits for a chance outcome before it is applied (Sea Salt & Paper's steal waits for the card
taken). At a chance node ``outcomes(node)`` lists the next outcome's possible values with their
probabilities and ``resolve(node, outcome)`` draws one; at a decision node the game is played as
the top-level API plays it (``to_act``, ``legal_actions``, ``apply``, ``step``).

The layer is written once over the game contract: each game's chance, its ``ChanceModel``, is
the one its rl module's OpenSpiel descriptions give (``OPENSPIEL``, found through the registry as
every rl layer finds a game's module); no game is named here. ``rl.openspiel`` drives its states
through this module, so a game's chance is the same in both. The distribution is the game's own:
each event's outcomes are drawn as the game's dealer draws them (Boomerang: Australia's deal card
by card, set-aside cards on top; a shuffled deck's order card by card; Sea Salt & Paper's first
player, a steal's card, an Extra Salt lobster's shuffle).

A node's ``repr`` shows its state's (which hides what the engine hides, such as the deck's order)
and how far the event under way is, never its outcomes so far nor a waiting decision's action:
they are the undealt order and what its seat alone knows.
"""

from __future__ import annotations

from typing import Any, Protocol

import attrs

import boomerang_rules as br

from ..core.arguments import as_id, brief, in_range, not_a
from ..core.errors import IllegalAction
from ..core.loading import LOADED_RULESET, loaded, require_ruleset
from ..core.seats import check_players, step_actions


class ChanceModel(Protocol):
    """A game's chance, drawn from outside one outcome at a time (what ``Node`` drives).

    ``drawn`` is what the event under way has drawn so far; ``held`` a decision (seat, action
    string) that waits for a chance outcome before it is applied, or None.
    """

    def start(self, rules: Any, players: int) -> Any:
        """The state before any chance (None if the first chance event makes the game)."""

    def waiting(self, state: Any) -> bool:
        """Whether ``state`` waits for a chance event (a deal, a shuffle)."""

    def holds(self, state: Any, seat: int, action: str) -> bool:
        """Whether ``seat``'s legal ``action`` waits for a chance outcome before it is applied."""

    def outcomes(self, rules: Any, players: int, state: Any, drawn: tuple[int, ...],
                 held: Any) -> list[tuple[int, float]]:
        """The next outcome of the event under way, with its probability; [] when complete."""

    def resolve(self, rules: Any, players: int, state: Any, drawn: tuple[int, ...], held: Any) -> Any:
        """The state once the event's outcomes ``drawn`` are all known."""

    def outcome_name(self, rules: Any, players: int, state: Any, drawn: tuple[int, ...], held: Any,
                     outcome: int) -> str:
        """A chance outcome in words."""


_MODELS: dict[str, ChanceModel] = {}


def model(game: str) -> ChanceModel:
    """The chance model of ``game`` (a registered game's name): its rl module's OpenSpiel
    descriptions', which every description of the game shares. ``ValueError`` for another name."""
    if game.__class__ is not str:
        raise not_a(game, "game", "a registered game's name (str)")
    found = _MODELS.get(game)
    if found is None:
        from ..core.games import GAMES
        from .encoding import _rl_module

        if game not in GAMES:
            raise ValueError(f"game must be a registered game's name ({', '.join(GAMES)}), not {brief(game)}")
        descriptions = _rl_module(game).OPENSPIEL
        found = descriptions[0].chance
        assert all(d.chance is found for d in descriptions), f"{game}: its OpenSpiel games draw chance alike"
        _MODELS[game] = found
    return found


def _rules(value: object) -> Any:
    """``value`` as a loaded ruleset of a registered game (one, or an id, a game's name or a path)."""
    return require_ruleset(loaded(value), f"{LOADED_RULESET}, a shipped id or a path")


def _drawn(value: object) -> tuple[int, ...]:
    if not isinstance(value, tuple) or any(x.__class__ is not int for x in value):
        raise not_a(value, "drawn", "a tuple of chance outcomes (int)")
    return value


def _held(value: object) -> tuple[int, str] | None:
    if value is not None and not (isinstance(value, tuple) and len(value) == 2 and value[0].__class__ is int
                                  and value[1].__class__ is str):
        raise not_a(value, "held", "None or a (seat, action) pair waiting for a chance outcome")
    return value


@attrs.frozen(repr=False)
class Node:
    """Where a game dealt from outside is: immutable data (``new_game``, ``resolve``, ``apply``).

    Checked where it is made by hand (``Node(...)``, ``attrs.evolve``): its fields' types, and that
    they are a place the game can reach: ``held`` a legal decision that waits for a chance outcome
    (else a steal of a seat with no such card failed with an ``IndexError`` in ``resolve``), and
    ``drawn`` outcomes the event under way could draw in that order, the event not yet complete
    (else ``outcomes`` went on as if the impossible ones had not been drawn). A node this module's
    functions make is not checked again.

    Nodes compare as their fields do, the state by its own equality: the position and the seed, not
    where the chance still to come will be drawn from, by which ``state_of(record_of(s)) == s``. So
    ``from_state(s)`` of a seeded ``s`` equals ``from_state(state_of(record_of(s)))``, though in a game
    with chance after its first deal the first draws it from its seed and the second, at the end of the
    record's last round, waits for it (``is_chance``): equal nodes are one position, and may go on
    differently once chance comes.
    """

    rules: Any = attrs.field(converter=_rules)
    """The game's ruleset."""
    players: int = attrs.field()
    state: Any = attrs.field(default=None)
    """The library's state (``br``'s functions take it); None before the first chance event completes."""
    drawn: tuple[int, ...] = attrs.field(default=(), converter=_drawn)
    """The outcomes of the chance event under way so far (hidden: the undealt order)."""
    held: tuple[int, str] | None = attrs.field(default=None, converter=_held)
    """A decision waiting for its chance outcome: (seat, action), or None."""
    _waits: bool | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """Whether the node waits for chance, once asked (``is_chance``): the fields never change."""

    @players.validator
    def _check_players(self, attribute: Any, value: object) -> None:
        if check_players(self.rules, value) != value or value.__class__ is not int:
            raise not_a(value, "players", "a player count (int)")

    @state.validator
    def _check_state(self, attribute: Any, value: object) -> None:
        from ..core.games import DISPATCH

        if value is None:
            if model(self.rules.game).start(self.rules, self.players) is not None:
                raise ValueError(f"state must be a game state of {self.rules.id!r}: its games have one before any "
                                 "chance (see rl.chance.new_game), not None")
            return
        if value.__class__ not in DISPATCH["to_act"]:
            raise not_a(value, "state", "None or a game state (see new_game)")
        if value.rules != self.rules or value.players != self.players:  # type: ignore[attr-defined]
            raise ValueError(f"state must be a state of the node's game ({self.rules.id!r}, {self.players} "
                             f"players), not of {value.rules.id!r} at {value.players}")  # type: ignore[attr-defined]

    def __attrs_post_init__(self) -> None:
        if self.held is not None:
            _check_held(self, self.held)
        if self.drawn:
            _check_drawn(self, self.drawn)

    def __repr__(self) -> str:
        if self.held is not None:
            where = f"seat {self.held[0]}'s decision waits for chance, {len(self.drawn)} outcome(s) drawn"
        elif is_chance(self):
            where = f"chance, {len(self.drawn)} outcome(s) drawn"
        else:
            where = "over" if is_over(self) else f"to act: {', '.join(map(str, to_act(self)))}"
        state = "no state yet (the first chance event makes it)" if self.state is None else repr(self.state)
        return f"<chance.Node {self.rules.id!r}, {self.players} players, {where}; {state}>"


def _check_held(node: Node, held: tuple[int, str]) -> None:
    """``ValueError`` naming ``held`` unless it is a decision of ``node``'s state that waits for a chance
    outcome: one of the seat's legal actions now, which the game's chance model holds."""
    seat, action = held
    state = node.state
    if (state is None or seat not in br.to_act(state) or action not in br.legal_actions(state, seat)
            or not model(node.rules.game).holds(state, seat, action)):
        raise ValueError(f"held must be None or a decision that waits for a chance outcome (seat, action): a "
                         f"legal action of a seat to act that the game holds for one (such as a steal whose card "
                         f"is not drawn yet), not {brief(held)}")


def _check_drawn(node: Node, drawn: tuple[int, ...]) -> None:
    """``ValueError`` naming ``drawn`` unless the chance event under way at ``node`` could draw its
    outcomes in that order and is not complete with them (a complete event makes its state)."""
    game = model(node.rules.game)
    rules, players, state, held = node.rules, node.players, node.state, node.held
    if held is None and not game.waiting(state):
        raise ValueError(f"drawn must be () where no chance event is under way, not {brief(drawn)}")
    for i, outcome in enumerate(drawn):
        if not any(outcome == o for o, _ in game.outcomes(rules, players, state, drawn[:i], held)):
            raise ValueError(f"drawn must be outcomes the chance event under way could draw in that order: "
                             f"drawn[{i}] is not one after the ones before it, in {brief(drawn)}")
    if not game.outcomes(rules, players, state, drawn, held):
        raise ValueError(f"drawn must leave the chance event under way incomplete (the last outcome makes its "
                         f"state: see resolve), not {brief(drawn)}")


def _node(value: object) -> Node:
    if value.__class__ is not Node:
        raise not_a(value, "node", "a chance node (see rl.chance.new_game)")
    return value


def _made(node: Node, state: Any, drawn: tuple[int, ...], held: tuple[int, str] | None) -> Node:
    """The node this module's functions move ``node`` to: made by position, its fields unchecked, as
    the engines make their states (what they hold is what the game's functions gave), so that a game
    driven through here (OpenSpiel's) pays no check a decision."""
    made = object.__new__(Node)
    for name, value in (("rules", node.rules), ("players", node.players), ("state", state), ("drawn", drawn),
                        ("held", held), ("_waits", None)):
        object.__setattr__(made, name, value)
    return made


def new_game(rules: Any, players: int) -> Node:
    """A game of ``rules`` for ``players`` seats that waits for its first chance event (``rules``: a
    loaded ruleset, a shipped id, a game's name or a path)."""
    rules = _rules(rules)
    players = check_players(rules, players)
    return Node(rules, players, model(rules.game).start(rules, players))


def from_state(state: object) -> Node:
    """A node at the library's ``state``, no chance event under way. A game dealt from a seed
    (``br.new_game``, a ``br.determinize`` sample) draws its own chance from then on, so no chance
    node follows (what ``rl.openspiel``'s ``resample_from_infostate`` gives); a state of a game
    dealt from outside (a node's) waits for its next chance event as its node did."""
    from ..core.games import DISPATCH

    if state.__class__ not in DISPATCH["to_act"]:
        raise not_a(state, "state", "a game state (see new_game)")
    return Node(state.rules, state.players, state)  # type: ignore[attr-defined]


def max_outcomes(rules: Any, players: int) -> int:
    """How many chance outcomes the game may have: every outcome is an int below it (a card's index,
    or a seat: OpenSpiel's ``max_chance_outcomes``)."""
    rules = _rules(rules)
    return max(len(rules.cards), check_players(rules, players))


def is_chance(node: Node) -> bool:
    """Whether ``node`` waits for a chance outcome (``outcomes``, ``resolve``)."""
    waits = _node(node)._waits
    if waits is None:
        waits = node.held is not None or bool(model(node.rules.game).waiting(node.state))
        object.__setattr__(node, "_waits", waits)
    return waits


def is_over(node: Node) -> bool:
    """Whether the game has ended (``br.is_over`` of its state)."""
    return not is_chance(node) and br.is_over(node.state)


def to_act(node: Node) -> tuple[int, ...]:
    """The seats that owe a decision now, as ``br.to_act`` (``()`` at a chance node and once over)."""
    if is_chance(node):
        return ()
    seats: tuple[int, ...] = br.to_act(node.state)
    return seats


def is_simultaneous(node: Node) -> bool:
    """Whether every seat owes a decision at once here (``to_act`` lists every seat): a game described
    ``simultaneous`` for OpenSpiel has its simultaneous node there, and a single seat's node elsewhere."""
    return len(to_act(node)) == node.players > 1


def legal_actions(node: Node, seat: int) -> tuple[str, ...]:
    """What ``seat`` may do now, as ``br.legal_actions`` (``()`` at a chance node)."""
    if is_chance(node):
        return ()
    actions: tuple[str, ...] = br.legal_actions(node.state, seat)
    return actions


def legal_mask(node: Node, seat: int) -> int:
    """The legal actions as a bit mask, as ``br.legal_mask`` (``0`` at a chance node)."""
    if is_chance(node):
        return 0
    mask: int = br.legal_mask(node.state, seat)
    return mask


def outcomes(node: Node) -> list[tuple[int, float]]:
    """The next chance outcome's possible values with their probabilities (summing to 1), each
    possible; ``[]`` at a decision node and once over."""
    if not is_chance(node):
        return []
    return model(node.rules.game).outcomes(node.rules, node.players, node.state, node.drawn, node.held)


def _chance_refusal(node: Node, what: str) -> IllegalAction:
    return IllegalAction(f"a chance event is under way: {what} waits for its outcomes "
                         "(outcomes(node), resolve(node, outcome))")


def resolve(node: Node, outcome: int) -> Node:
    """``node`` after its chance event draws ``outcome`` (one of ``outcomes(node)``): the event's
    next outcome, or its last, which gives the state the event makes. ``IllegalAction`` (a
    ``ValueError``) naming an outcome not possible here, and at a decision node. The refusal counts
    the possible outcomes, never lists them: at a steal they are the victim's hand, in a shuffle they
    tell which cards are drawn (the undealt order ``repr`` hides); it listed a dozen and named one."""
    if not is_chance(node):
        seats = to_act(node)
        here = ("the game is over" if is_over(node) else f"seat {seats[0]} decides here" if len(seats) == 1
                else f"seats {', '.join(map(str, seats))} decide here")
        raise IllegalAction(f"no chance event is under way: {here}, not chance (chance outcome {brief(outcome)})")
    if outcome.__class__ is not int:
        if isinstance(outcome, bool) or not hasattr(outcome, "__index__"):
            raise not_a(outcome, "outcome", "a chance outcome (int)")
        outcome = outcome.__index__()
    game = model(node.rules.game)
    rules, players, state, drawn, held = node.rules, node.players, node.state, node.drawn, node.held
    possible = game.outcomes(rules, players, state, drawn, held)
    if not any(outcome == o for o, _ in possible):  # not which: a victim's hand, or the cards drawn so far
        raise IllegalAction(f"chance outcome {brief(outcome)} is not possible here: the next is one of "
                            f"{len(possible)} outcomes (outcomes(node) lists them)")
    drawn = (*drawn, outcome)
    if game.outcomes(rules, players, state, drawn, held):
        return _made(node, state, drawn, held)
    return _made(node, game.resolve(rules, players, state, drawn, held), (), None)


def outcome_name(node: Node, outcome: int) -> str:
    """A chance outcome in words, as the event under way at ``node`` would draw it (``"deal dog"``,
    ``"deck 3: shell-1"``, ``"first player: seat 2"``)."""
    node = _node(node)
    outcome = in_range(outcome, 0, max_outcomes(node.rules, node.players) - 1, "outcome",
                       f"a chance outcome of {node.rules.id!r}")
    return model(node.rules.game).outcome_name(node.rules, node.players, node.state, node.drawn, node.held,
                                               outcome)


def _legal_name(state: Any, seat: int, action: object) -> str | None:
    """``action``'s string if it is legal for ``seat`` now (an id or a string), else None."""
    if isinstance(action, str):  # IllegalAction below for a seat the game does not have
        return str(action) if action in br.legal_actions(state, seat) else None
    i = as_id(action)
    if i is None or i < 0 or not br.legal_mask(state, seat) >> i & 1:
        return None
    name: str = br.action_of(state.rules, i)
    return name


def apply(node: Node, seat: int, action: str | int) -> Node:
    """``node`` after ``seat`` takes ``action`` (its string or its id), checked as ``br.apply`` checks
    it; a decision that waits for a chance outcome (a steal's card) makes a chance node.
    ``IllegalAction`` saying why at a chance node."""
    if is_chance(node):
        raise _chance_refusal(node, f"seat {brief(seat)}'s action {brief(action)}")
    state = node.state
    name = _legal_name(state, seat, action)
    if name is None:
        br.apply(state, seat, action)  # raises IllegalAction (or TypeError) saying why
        raise IllegalAction(f"seat {brief(seat)} may not take action {brief(action)} now")
    if model(node.rules.game).holds(state, seat, name):
        return _made(node, state, (), (int(seat), name))
    return _made(node, br.apply(state, seat, action), (), None)


def step(node: Node, actions: Any) -> Node:
    """``node`` after one action for each seat of ``to_act(node)``, in that order, as ``br.step``
    (nothing applied if one is illegal); ``IllegalAction`` saying why at a chance node."""
    if is_chance(node):
        raise _chance_refusal(node, f"a step ({brief(actions)})")
    state = node.state
    seats = br.to_act(state)
    if len(seats) == 1:
        only: Any = step_actions(seats, actions)[0]
        return apply(node, seats[0], only)
    if seats:
        game = model(node.rules.game)
        for seat, action in zip(seats, step_actions(seats, actions), strict=True):
            name = _legal_name(state, seat, action)
            if name is not None and game.holds(state, seat, name):
                raise IllegalAction(f"seat {seat}'s {name!r} waits for a chance outcome: apply it alone, "
                                    "each seat's action in turn")
    return _made(node, br.step(state, actions), (), None)


__all__ = [
    "ChanceModel",
    "Node",
    "apply",
    "from_state",
    "is_chance",
    "is_over",
    "is_simultaneous",
    "legal_actions",
    "legal_mask",
    "max_outcomes",
    "model",
    "new_game",
    "outcome_name",
    "outcomes",
    "resolve",
    "step",
    "to_act",
]
