"""OpenSpiel games for every game of the library (the extra ``openspiel``). Importing registers them.

- ``boomerang_australia``: Boomerang: Australia with simultaneous moves (every seat decides each
  step at once); ``boomerang_australia_turn_based``: the same game with the seats of a step
  deciding one after another, lowest seat first, none seeing the choices made before it in that
  step, for algorithms that need a sequential game (ISMCTS, MCCFR).
- ``sea_salt_paper``: Sea Salt & Paper, one seat at a time.
- ``boomerang_2010``: Boomerang (2010), one seat at a time (the land tokens of a round are
  chosen in seat order, none seeing another's); ``boomerang_2010_simultaneous``: the land tokens
  chosen at once (a simultaneous node), every other decision one seat's node. A game described
  as simultaneous has a simultaneous node exactly where ``br.to_act`` lists every seat.

All: explicit chance, imperfect information, general sum, terminal rewards (each seat's final
total). Parameters ``players`` and ``rules`` (a shipped ruleset id or a file path of that
game's rules). Chance is explicit for every shuffle and draw, one outcome at a time (each
game's chance model: ``australia.chance`` deals card by card, ``seasaltpaper.chance`` and
``boomerang2010.chance`` draw each deck order card by card; the outcomes are cards). A state
is a ``rl.chance`` node and its history: chance nodes, decisions waiting for their outcome and
the node rule (simultaneous where every seat owes a decision) are that module's, which needs
no pyspiel; this one wraps it for OpenSpiel.

The layer is written once over the game contract (``br.to_act``, ``br.legal_mask``,
``br.apply``, ``br.step``, ``br.view``, ``br.determinize``, ``rl.observe``), filled in by one
``GameDescription`` per game, which the game's own rl module gives (its ``OPENSPIEL``, see
``rl.openspiel_games``): a new game is registered here without a line of this module. Actions
are the game's integer actions; observation tensors are ``boomerang_rules.rl.observe``;
information-state strings are the seat's ``view`` (all it may know now), so that
``resample_from_infostate`` (``br.determinize``) keeps them.

States are serialized as the game's own text: a header line and every action since the
initial state (chance outcomes included), parsed strictly and replayed, every action checked;
anything else is refused with ``ValueError``. Nothing of this module unpickles data.
Pyspiel's own C++ ``serialize_game_and_state`` / ``deserialize_game_and_state`` still wrap a
Python game's state in a pickle (OpenSpiel 2.0.2: ``PyState::Serialize``); what that pickle
carries of these games is only a call to this module's parser with that text, but
``pyspiel.deserialize_game_and_state`` unpickles whatever it is given, before any code of
ours runs: never give it untrusted text. Use this module's ``deserialize_game_and_state`` or
``game.deserialize_state`` instead.

A state holds the engine's immutable state, so cloning shares it instead of copying it.
"""

from __future__ import annotations

import random
import re
from typing import Any

import attrs

from ..core.extras import missing

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as error:
    raise missing(error, "boomerang_rules.rl.openspiel", "openspiel") from None

import boomerang_rules as br

from ..core.arguments import brief, kind
from ..core.errors import IllegalAction
from ..core.loading import load_rules, reads_a_file, shipped_ids
from ..core.seats import check_players
from . import chance, observation_size, observation_spec, observe
from .chance import ChanceModel as ChanceModel  # the names a game's description is made of, kept here
from .encoding import _rl_module
from .openspiel_games import GameDescription


def _descriptions() -> tuple[GameDescription, ...]:
    """Every registered game's ``OPENSPIEL`` descriptions, in the registry's order: each game's rl
    module (``rl.<package>``, found as ``rl.encoding`` finds it) names its own, none is named here."""
    from ..core.games import GAMES

    return tuple(d for game in GAMES for d in _rl_module(game).OPENSPIEL)


DESCRIPTIONS: tuple[GameDescription, ...] = _descriptions()
"""Every game this module registers with OpenSpiel (each game's rl module's ``OPENSPIEL``)."""


def __getattr__(name: str) -> Any:
    """``SSP_MAX_ROUNDS``, kept importable here: it moved with the rest of Sea Salt & Paper's part
    to that game's rl module (``MAX_ROUNDS``)."""
    if name == "SSP_MAX_ROUNDS":
        from .seasaltpaper import MAX_ROUNDS

        return MAX_ROUNDS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


HEADER = "boomerang-rules openspiel state 1"
"""The first line of every serialized state; the second lists every action since the initial state."""

_UNWRITTEN = re.compile(r"[(),=\x00-\x1f\x7f]")
"""What a ``rules`` parameter may not hold: the characters OpenSpiel's game strings are parsed by
(``pyspiel.load_game("name(players=3,rules=a,b.json)")`` reads a parameter ``b.json``), and the
control characters, a newline among them, which would break ``serialize_game_and_state``'s lines."""

_MAX_TEXT = 1 << 22
_NUMBER = re.compile(r"(?:0|[1-9][0-9]{0,9})\Z", re.ASCII)


@attrs.frozen(eq=False)
class _Position:
    """Where a game is: immutable, so clones share it (``copy.deepcopy`` returns it). Compared by
    identity: states compare through their engine states and histories."""

    game: BoomerangGame
    node: chance.Node
    """The game dealt from outside (``rl.chance``): the library's state, the chance event under way,
    a decision waiting for its outcome."""
    history: tuple[int, Any] | None = attrs.field(default=None, repr=False)
    """Every action since the initial state, newest first, as a linked list ``(action, earlier)``."""
    sampled: bool = False
    """Drawn by ``resample_from_infostate``: no history leads to it."""
    player: int | None = attrs.field(default=None, init=False, repr=False)
    """Its OpenSpiel player once asked (``BoomerangState._node``): asked many times a node."""

    @property
    def engine(self) -> Any:
        """The library's state; None before the chance event that makes the game."""
        return self.node.state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pyspiel's C++ serialization pickles a Python state's attributes: this one pickles as a
        call to this module's strict parser with the game and the state's text."""
        return (_position_from_text, (str(self.game), serialize_position(self)))

    def actions(self) -> list[int]:
        out = []
        node = self.history
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out


def serialize_position(position: _Position) -> str:
    """A position as the header and its actions from the initial state: a state is its history, so
    the text holds no hidden card that the replay of its actions does not deal again."""
    if position.sampled:
        raise ValueError("a state drawn by resample_from_infostate has no history from the initial state: "
                         "it cannot be serialized")
    return HEADER + "\n" + " ".join(map(str, position.actions()))


def _position_from_text(game_string: object, text: object) -> _Position:
    """A pickled position loaded again. Its game's ruleset file is read: whoever unpickles trusts the
    pickle already (a pickle can run anything), and a game made from a file pickles its path."""
    _, state = deserialize_game_and_state(f"{game_string}\n{text}" if isinstance(game_string, str)
                                             and isinstance(text, str) else None, ruleset_files=True)
    position: _Position = state._position
    return position


def parse_actions(text: object, what: str) -> list[int]:
    """The actions of a serialized state (``HEADER``, then action ids separated by single spaces);
    ``ValueError`` saying what is wrong for anything else."""
    if not isinstance(text, str):
        raise TypeError(f"a serialized state of {what} must be a str, not {kind(text)}")
    if len(text) > _MAX_TEXT:
        raise ValueError(f"not a serialized state of {what}: {len(text)} characters (at most {_MAX_TEXT})")
    header, newline, body = text.partition("\n")
    if header != HEADER or not newline:
        raise ValueError(f"not a serialized state of {what}: the first line must be {HEADER!r}, "
                         f"not {brief(header)}")
    if not body:
        return []
    actions = []
    for i, token in enumerate(body.split(" ")):
        if not _NUMBER.match(token) or int(token) >= 2**31:
            raise ValueError(f"not a serialized state of {what}: action {i} is {brief(token)}, not an action id "
                             "(decimal digits, the actions separated by single spaces)")
        actions.append(int(token))
    return actions


def _mask_ids(mask: int) -> list[int]:
    """The action ids a legal mask holds, ascending."""
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


class BoomerangGame(pyspiel.Game):  # type: ignore[misc]
    """One of the library's games for OpenSpiel (its ``GameDescription`` says which)."""

    description: GameDescription = DESCRIPTIONS[0]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        d = self.description
        params = {"players": d.players, "rules": d.rules, **(params or {})}
        name = params["rules"]
        if not isinstance(name, str):
            raise TypeError(f"{d.short_name}: rules must be a ruleset id or a file path (str), not {kind(name)}")
        if _UNWRITTEN.search(name):
            raise ValueError(f"{d.short_name}: rules={brief(name)} cannot stand in an OpenSpiel game string, which "
                             "separates its parameters with '(', ')', ',' and '=' and cannot escape them (and a "
                             "control character would break its line): the game could be neither pickled nor "
                             "loaded again from its string. Give a ruleset file whose path holds none of them "
                             "(a copy or a link)")
        rules = load_rules(name)
        if rules.game != d.game:
            shipped = ", ".join(info.id for info in br.list_rules() if info.game == d.game)
            raise ValueError(f"{d.short_name}: rules={name!r} is a ruleset of {rules.game!r}, not of {d.game!r} "
                             f"(shipped rulesets of {d.game!r}: {shipped})")
        try:
            players = check_players(rules, params["players"])
        except (TypeError, ValueError) as e:
            raise ValueError(f"{d.short_name}: players={brief(params['players'])}: {e}") from None
        info = pyspiel.GameInfo(num_distinct_actions=br.num_actions(rules),
                                max_chance_outcomes=chance.max_outcomes(rules, players),
                                num_players=players, min_utility=0.0, max_utility=d.max_utility(rules, players),
                                utility_sum=None, max_game_length=d.max_game_length(rules, players))
        super().__init__(_TYPES[d.short_name], info, params)
        self.rules = rules
        self.players = players
        self.size = observation_size(rules, players)
        self.initial = _Position(self, chance.new_game(rules, players))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its name and parameters, loaded again by ``pyspiel.load_game`` (pybind's own pickle of
        a game would make one without ``__init__``, and the class, made by ``type``, is found by no name)."""
        return (_load_game, (self.description.short_name, self.get_parameters()))

    def new_initial_state(self) -> BoomerangState:
        return BoomerangState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BoomerangObserver:
        return BoomerangObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def observation_tensor_shape(self) -> list[int]:
        return [self.size]

    def deserialize_state(self, text: str) -> BoomerangState:
        """The state ``serialize`` wrote: its actions replayed from the initial state, each checked;
        ``ValueError`` naming the first that is wrong (or anything that is not such a text)."""
        what = self.description.short_name
        actions = parse_actions(text, what)
        state = BoomerangState(self)
        i = 0
        while i < len(actions):
            try:
                if state.is_terminal():
                    raise IllegalAction("the game is over")
                if state.is_simultaneous_node():
                    if i + self.players > len(actions):
                        raise IllegalAction(f"a simultaneous node takes {self.players} actions, "
                                            f"{len(actions) - i} are left")
                    state.apply_actions(actions[i:i + self.players])
                    i += self.players
                    continue
                state.apply_action(actions[i])
            except (IllegalAction, ValueError) as e:
                raise ValueError(f"not a serialized state of {what}: action {i} ({actions[i]}) cannot be applied: "
                                 f"{e}") from None
            i += 1
        return state


class BoomerangState(pyspiel.State):  # type: ignore[misc]
    """A position (``_Position``): a ``rl.chance`` node (the engine's immutable state, and the chance
    event under way) and the actions that led to it."""

    def __init__(self, game: BoomerangGame, position: _Position | None = None) -> None:
        super().__init__(game)
        self._position = position or game.initial

    @property
    def engine_state(self) -> Any:
        """The library's own state of this position (None before the first chance event completes)."""
        return self._position.engine

    def _node(self) -> int:
        """The node's OpenSpiel player: chance, terminal (the game over, or cut off where its
        description's ``cut_off`` says: its ``max_game_length`` reached), simultaneous where a game
        described ``simultaneous`` has every seat owing a decision at once (``chance.is_simultaneous``),
        else the one seat to act (the lowest of those owing one)."""
        p = self._position
        player = p.player
        if player is None:
            node = p.node
            cut_off = p.game.description.cut_off
            if cut_off is not None and node.state is not None and cut_off(p.game.rules, p.game.players, node.state):
                player = int(pyspiel.PlayerId.TERMINAL)  # a game past its bound ends, scored as it stands
            elif chance.is_chance(node):
                player = int(pyspiel.PlayerId.CHANCE)
            elif chance.is_over(node):
                player = int(pyspiel.PlayerId.TERMINAL)
            elif p.game.description.simultaneous and chance.is_simultaneous(node):
                player = int(pyspiel.PlayerId.SIMULTANEOUS)
            else:
                player = int(chance.to_act(node)[0])  # one seat's node, in a simultaneous game too
            object.__setattr__(p, "player", player)
        return player

    def current_player(self) -> int:
        return self._node()

    def _legal_actions(self, player: int) -> list[int]:
        """``player``'s legal actions. ``legal_actions()`` at a simultaneous node asks for the node's
        player (-2): OpenSpiel's flat joint actions, not offered (as many as every seat's choices
        multiplied); it said "seat -2 does not exist" and is refused saying what to ask instead."""
        node = self._node()
        if node < 0 and node != pyspiel.PlayerId.SIMULTANEOUS:
            return []
        if node == pyspiel.PlayerId.SIMULTANEOUS and player < 0:
            raise IllegalAction("every seat decides at once here: legal_actions(player) gives each seat's actions, "
                                "and apply_actions takes one per seat (joint actions as flat integers are not "
                                "offered)")
        if node >= 0 and player != node:
            return []
        return _mask_ids(chance.legal_mask(self._position.node, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return chance.outcomes(self._position.node)

    def _apply_action(self, action: int) -> None:
        p = self._position
        node = self._node()
        if node == pyspiel.PlayerId.TERMINAL:
            raise IllegalAction(f"the game is over: no action can be applied (not {brief(action)})")
        if node == pyspiel.PlayerId.SIMULTANEOUS:
            raise IllegalAction("every seat decides at once here: apply_actions takes one action per seat")
        if node == pyspiel.PlayerId.CHANCE:
            after = chance.resolve(p.node, action)
        else:
            after = chance.apply(p.node, node, action)
        self._position = attrs.evolve(p, node=after, history=(action, p.history))

    def _apply_actions(self, actions: list[int]) -> None:
        """A joint action: one action per seat. At one seat's node of a game described simultaneous,
        that seat's action, every other seat giving 0 (OpenSpiel's rule for a seat with no legal
        action): ``rl_environment.Environment`` steps a simultaneous game so at every node, and
        failed at the first such node ("this is not a simultaneous node")."""
        p = self._position
        node = self._node()
        if node == pyspiel.PlayerId.TERMINAL:
            raise IllegalAction("the game is over: no action can be applied")
        if node >= 0 and p.game.description.simultaneous:
            self._apply_action(_one_seats_action(node, p.game.players, actions))
            return
        if node != pyspiel.PlayerId.SIMULTANEOUS:
            raise IllegalAction("this is not a simultaneous node: apply_action takes one action")
        after = chance.step(p.node, [int(a) for a in actions])
        history = p.history
        for a in actions:
            history = (int(a), history)
        self._position = attrs.evolve(p, node=after, history=history)

    def _action_to_string(self, player: int, action: int) -> str:
        p = self._position
        g = p.game
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < chance.max_outcomes(g.rules, g.players):
                raise ValueError(f"action {brief(action)} is no chance outcome of {g.description.short_name}")
            return chance.outcome_name(p.node, action)
        return br.action_of(g.rules, action)

    def is_terminal(self) -> bool:
        return self._node() == int(pyspiel.PlayerId.TERMINAL)

    def returns(self) -> list[float]:
        p = self._position
        if not self.is_terminal():
            return [0.0] * p.game.players
        return [float(sheet.total) for sheet in br.score_sheets(p.engine)]

    def rewards(self) -> list[float]:
        return self.returns()

    def serialize(self) -> str:
        """The game's own text of this state: ``HEADER``, then every action since the initial state."""
        return serialize_position(self._position)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BoomerangState:
        """A state drawn from ``player_id``'s information set (``br.determinize``), as ISMCTS asks.

        Seats that have already decided this step (in turn order) decide again at random in the
        sample: their choices are hidden. The sample draws its own chance from then on (no chance
        nodes), and has no history (it cannot be serialized). At a chance or terminal node too it is
        drawn from the seat's view: a clone was the true state, every hand and the outcomes the chance
        event under way had drawn (the next round's deck, the card a steal takes) in it. Before the
        first chance event completes the sample is the initial state: the seat has seen nothing, and
        the outcomes drawn so far are the deck's first cards.
        """
        p = self._position
        g = p.game
        seat = check_seat(g.players, player_id)
        if p.engine is None:
            return BoomerangState(g)
        rng = random.Random(int(probability_sampler() * 2**53))
        sample = br.determinize(br.view(p.engine, seat), rng)
        owing = set(br.to_act(p.engine))
        for other in br.to_act(sample):
            if other not in owing:
                sample = br.apply(sample, other, rng.choice(br.legal_actions(sample, other)))
        return BoomerangState(g, _Position(g, chance.from_state(sample), sampled=True))

    def __str__(self) -> str:
        p = self._position
        t = p.game
        lines = [str(p.engine) if p.engine is not None else f"{t.description.long_name}: before the shuffle"]
        drawn, held = p.node.drawn, p.node.held
        if drawn or held:
            lines.append(f"chance under way: {' '.join(map(str, drawn)) or '-'}"
                         + (f" for seat {held[0]}'s {held[1]}" if held else ""))
        return "\n".join(lines)


def _one_seats_action(seat: int, players: int, actions: list[int]) -> int:
    """``seat``'s action of a joint action at its node, where only it decides: ``IllegalAction``
    unless there is one action per seat and every other seat's is 0."""
    if len(actions) != players or any(a != 0 for s, a in enumerate(actions) if s != seat):
        raise IllegalAction(f"only seat {seat} decides here: apply_actions takes one action per seat, 0 for each "
                            f"other seat (or apply_action takes seat {seat}'s), not {brief(actions)}")
    return int(actions[seat])


def check_seat(players: int, player: object) -> int:
    """``player`` as a seat of the game; ``ValueError`` naming it otherwise."""
    if isinstance(player, bool) or not isinstance(player, int | np.integer) or not 0 <= player < players:
        raise ValueError(f"player_id must be a seat of this {players}-player game (0 to {players - 1}), "
                         f"not {brief(player)}")
    return int(player)


class BoomerangObserver:
    """Observations (``rl.observe``) and information states (the seat's ``view``), per OpenSpiel's PyObserver.

    Information states are for one seat's own information (``private_info`` SINGLE_PLAYER);
    observations may leave out the seat's private part, or everything public.
    """

    def __init__(self, game: BoomerangGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {brief(params)}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("observations of every seat's private information at once are not supported "
                             "(private_info ALL_PLAYERS): observe one seat at a time")
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        if self.perfect_recall and not (self.private and self.public):
            raise ValueError("information states are one seat's whole view: perfect_recall needs "
                             "private_info SINGLE_PLAYER and public_info")
        self.dict: dict[str, np.ndarray] = {}
        self.tensor: np.ndarray | None = None
        self._game = game
        if not self.perfect_recall:
            self.spec = observation_spec(game.rules, game.players)
            self.tensor = np.zeros(game.size, np.float32)
            for x in self.spec:
                self.dict[x.name] = self.tensor[x.start:x.stop].reshape(x.shape)

    def set_from(self, state: BoomerangState, player: int) -> None:
        if self.tensor is None:
            return
        engine = state.engine_state
        self.tensor[:] = 0 if engine is None else observe(engine, check_seat(self._game.players, player))
        private = self._game.description.private
        for name, part in self.dict.items():
            if not (self.private if name in private else self.public):
                part[...] = 0

    def string_from(self, state: BoomerangState, player: int) -> str:
        seat = check_seat(self._game.players, player)
        engine = state.engine_state
        if engine is None:
            return f"seat {seat}: before the shuffle"
        if self.perfect_recall:
            return repr(br.view(engine, seat))
        self.set_from(state, seat)
        parts = []
        for x in self.spec:
            values = self.dict[x.name]
            if x.rows:
                entries = [f"{r}:{c}" + ("" if v == 1 else f"={v:g}") for r, row in zip(x.rows, values)
                           for c, v in zip(x.columns, row) if v]
            else:
                entries = [c + ("" if v == 1 else f"={v:g}") for c, v in zip(x.columns, values) if v]
            if entries:
                parts.append(f"{x.name} {' '.join(entries)}")
        return f"seat {seat}; " + "; ".join(parts)


def deserialize_game_and_state(text: object, *, ruleset_files: bool = False) -> tuple[BoomerangGame, BoomerangState]:
    """The game and state of ``serialize_game_and_state``'s text (its game string on the first
    line, then the state's text); ``ValueError`` for anything else. Unlike pyspiel's function
    of that name it unpickles nothing.

    A game string whose ``rules`` is a file path (a game made from a ruleset file of your own) is
    refused unless ``ruleset_files`` is true: the text would choose a file of this machine to read,
    and what is read and refused answers whether it exists. Pass ``ruleset_files=True`` only for
    text you trust."""
    if not isinstance(text, str):
        raise TypeError(f"a serialized game and state must be a str, not {kind(text)}")
    game_string, newline, state_text = text.partition("\n")
    match = re.fullmatch(r"([a-z0-9_]+)\((.*)\)", game_string, re.ASCII)
    if not newline or match is None or match.group(1) not in _TYPES or "(" in match.group(2) or ")" in match.group(2):
        raise ValueError(f"not a serialized game and state of this library: the first line must name one of its "
                         f"games ({', '.join(_TYPES)}) with its parameters, not {brief(game_string)}")
    short_name = match.group(1)
    params = _game_parameters(short_name, match.group(2))
    rules = params.get("rules")
    if not ruleset_files and isinstance(rules, str) and reads_a_file(rules):
        raise ValueError(f"the game string names the ruleset file {brief(rules)}, not a shipped ruleset "
                         f"({', '.join(shipped_ids())}): pass ruleset_files=True to read the files of a "
                         f"text you trust")
    game = pyspiel.load_game(short_name, params)
    if not isinstance(game, BoomerangGame):
        raise ValueError(f"not a game of this library: {brief(game_string)}")
    return game, game.deserialize_state(state_text)


def _game_parameters(short_name: str, text: str) -> dict[str, Any]:
    """The parameters of a game string (``players=3,rules=standard``), read here, not by pyspiel's
    parser: that one printed its failures to standard error and raised ``pyspiel.SpielError``
    (``rules=.``, ``rules=1``, ``players=99999999999999999999``, ``rules=a=b``, an unknown or a
    repeated parameter), and read a number where a ruleset's name was meant. Each parameter once,
    ``players`` a whole number of at most 3 digits, ``rules`` the rest of its item."""
    known = _TYPES[short_name].parameter_specification
    params: dict[str, Any] = {}
    for item in text.split(",") if text else ():
        key, equals, value = item.partition("=")
        if not equals or key not in known or key in params:
            why = "repeated" if key in params else "unknown" if equals else "not NAME=VALUE"
            raise ValueError(f"not a serialized game and state of this library: parameter {brief(item)} of "
                             f"{short_name} is {why} (its parameters: {', '.join(known)})")
        if key == "players":
            if re.fullmatch(r"[0-9]{1,3}", value, re.ASCII) is None:
                raise ValueError(f"not a serialized game and state of this library: players must be a whole "
                                 f"number, not {brief(value)}")
            params[key] = int(value)
        else:
            params[key] = value
    return params


def _load_game(short_name: str, params: dict[str, Any]) -> BoomerangGame:
    """A pickled game (``BoomerangGame.__reduce__``) loaded again: one of this module's games only."""
    if short_name not in _TYPES:
        raise ValueError(f"not a game of this library: {brief(short_name)}")
    game: BoomerangGame = pyspiel.load_game(short_name, params)
    return game


def serialize_game_and_state(game: BoomerangGame, state: BoomerangState) -> str:
    """The game string and the state's own text, for ``deserialize_game_and_state``."""
    return f"{game}\n{state.serialize()}"


def _game_class(description: GameDescription) -> type[BoomerangGame]:
    name = "".join(part.title() for part in description.short_name.split("_")) + "Game"
    return type(name, (BoomerangGame,), {"description": description, "__doc__": description.long_name})


_TYPES: dict[str, pyspiel.GameType] = {d.short_name: d.game_type() for d in DESCRIPTIONS}
GAME_CLASSES: dict[str, type[BoomerangGame]] = {d.short_name: _game_class(d) for d in DESCRIPTIONS}
BoomerangTurnBasedGame = GAME_CLASSES["boomerang_australia_turn_based"]

for _d in DESCRIPTIONS:
    pyspiel.register_game(_TYPES[_d.short_name], GAME_CLASSES[_d.short_name])
