"""Gymnasium single-agent environments: one seat learns, the library's bots play the others.

Importing this module registers one environment per registered game (``core.games.GAMES``), its
id made from the game's name (``boomerang-australia`` -> ``boomerang_rules/BoomerangAustralia-v0``,
``sea-salt-paper`` -> ``boomerang_rules/SeaSaltPaper-v0``, ``boomerang-2010`` ->
``boomerang_rules/Boomerang2010-v0``). The env is written once over the game contract and the
game's rl module (its encoder and totals), so a new game needs nothing here. In another
process (a Ray worker), ``gymnasium.make("boomerang_rules.rl.gym:boomerang_rules/SeaSaltPaper-v0")``
imports this module first.

- **Observation**: ``{"observations": Box(0, 1, (size,), float32), "action_mask": Box(0, 1,
  (num_actions,), float32)}``: the learning seat's observation (``rl.observe``: what that seat may
  know, every entry in [0, 1], named by ``rl.observation_spec``) and its legal actions as 0.0/1.0,
  the keys RLlib's action-masking module reads. The mask is also ``info["action_mask"]`` (int8)
  and ``action_masks()`` (bool, sb3-contrib's convention). Once the episode is over the mask is
  all 0.
- **Actions**: ``Discrete(num_actions)``, the game's integer actions (``br.action_of``). The
  space's ``sample()`` without a mask draws one of the legal actions now.
- **Opponents**: a bot name of the game's ``BOTS`` (``random``, ``greedy``, ``ismcts``,
  ``ismcts:N``) for every other seat, or a list of one per other seat in seat order. Each bot sees
  only its view, and is seeded from the game's seed and its seat (``core.bots.bot_seed``, one-way:
  no bot can work back to the deal).
- **Seeds**: ``reset(seed=s)`` deals the game of a SplitMix64 stream seeded by ``s``
  (``core.rng``) and seeds ``np_random`` with ``s``; an unseeded ``reset()`` seeds that stream from
  one 64-bit word of ``np_random``. So ``reset(seed=s)`` gives the same game, the same bots and, for
  the same actions, the same episode, and the games after it follow from ``s``. A game the bots end
  before the seat's first decision (a variant's short game) is dealt again from the stream
  (``MAX_DEALS``): every episode hands the seat a decision. ``np_random`` is
  made when first read (gymnasium's own ``reset`` makes it at once, ~8 µs, a tenth of a game of
  Boomerang (2010)'s engine time): a training loop seeding every reset does not pay for a generator
  it never reads.
- **Reward** (``reward``): ``"win"`` (default) 1.0 at the end when the seat is among the winners
  (a shared win too), else 0.0; ``"margin"`` at the end its total minus the best other seat's;
  ``"final"`` its total at the end; ``"round"`` the points it scores, as they are scored (summing
  to its final total).
- **Truncation**: after ``max_decisions`` decisions of the learning seat (default
  ``DEFAULT_MAX_DECISIONS``, far beyond any game played to its end, grown with a ruleset of longer
  games: ``rl.truncation``; ``None`` for no bound) the
  episode is truncated, with no end reward (Sea Salt & Paper's rounds can go on while nobody ends
  them).
- **Illegal actions**: an integer outside the action space, or not an integer, is a
  ``ValueError``. A legal-looking id the rules do not allow now, with ``illegal="lose"`` (default,
  as PettingZoo's classic games), ends the episode (terminated) with ``illegal_reward`` (-1.0) and
  ``info["illegal"] = True``; with ``illegal="raise"`` it is ``IllegalAction`` saying which
  actions are legal, the env unchanged. With a reward other than ``"win"``, set ``illegal_reward``
  below the worst outcome, or mask the actions.
"""

from __future__ import annotations

import copy
import functools
import math
import sys
import weakref
from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.extras import missing

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium.utils import seeding
except ModuleNotFoundError as error:
    raise missing(error, "boomerang_rules.rl.gym", "gym") from None

import boomerang_rules as br

from ..core import rng as rng_mod
from ..core.arguments import brief, in_range, integer, kind, one_of, seat_of
from ..core.bots import MAX_PLAYOUTS, RandomBot, bot_seed, no_such_bot
from ..core.errors import IllegalAction
from ..core.games import GAMES, game_module
from ..core.loading import require_ruleset
from .adapters import GameAdapter, action_id, adapter_for, load, set_attributes
from .encoding import FLOAT32
from .seeds import check_seed
from .truncation import Scaled, bound

NAMESPACE = "boomerang_rules"
REWARDS = ("win", "margin", "final", "round")
ILLEGAL = ("lose", "raise")

DEFAULT_MAX_DECISIONS = Scaled(2_000)
"""The default bound on the learning seat's decisions in an episode: no game of a shipped ruleset played to
its end comes near it (the most in 300 games of random play at every player count: 28 in Boomerang:
Australia, 199 in Sea Salt & Paper, 43 in Boomerang (2010)); a ruleset of longer games has it
multiplied by ``rl.truncation.length_scale`` (Sea Salt & Paper to 1,000 points: 10)."""

MAX_DEALS = 1_000
"""The games ``reset`` deals, one after another from its stream, to find one in which the learning seat
owes a decision before the game ends (a variant's game may end before: a target of 1 point); past
it, a ``RuntimeError`` saying so."""

DEFAULT_PLAYERS = 4
"""The player count when none is given (within the ruleset's range: its nearest count)."""


VIEWLESS: tuple[type, ...] = (RandomBot,)
"""Bots that never read their view (``core.bots.RandomBot``): their ``draw`` is handed the legal actions
alone, the same ones as ``view(state, seat).legal_actions``, without the view's cost (most of a step's)
or ``choose``'s check of what it is handed (an engine's legal actions always pass it)."""


def env_name(game: str) -> str:
    """The env's name for ``game``: its words capitalised and joined (``sea-salt-paper`` -> ``SeaSaltPaper``)."""
    return "".join(word[:1].upper() + word[1:] for word in game.split("-"))


def env_id(game: str) -> str:
    """The gymnasium id registered for ``game`` (``boomerang_rules/SeaSaltPaper-v0``)."""
    return f"{NAMESPACE}/{env_name(game)}-v0"


class LegalActions(gymnasium.spaces.Discrete):  # type: ignore[misc,unused-ignore]
    """The game's integer actions; ``sample()`` with no mask draws a legal one (while tied to its env)."""

    def __init__(self, n: int, env: SingleAgentEnv | None = None) -> None:
        super().__init__(n)
        self._env = None if env is None else weakref.ref(env)

    def sample(self, mask: Any = None, probability: Any = None) -> Any:
        if mask is None and probability is None and self._env is not None:
            env = self._env()
            if env is not None and env._legal_bits:
                mask = env._legal_row()
        return super().sample(mask=mask, probability=probability)

    def __getstate__(self) -> dict[str, Any]:
        """A copy is detached from its env (a weak reference does not pickle); the env ties its own again."""
        state = dict(self.__dict__)
        state["_env"] = None
        return state


def _rules_for(game: str | None, rules: Any) -> Any:
    """The ruleset: ``rules`` (a ruleset, an id or a path) or ``game``'s own; one of ``game`` when both are given."""
    if game is not None and (not isinstance(game, str) or game not in GAMES):
        raise ValueError(f"game must be one of {', '.join(map(repr, GAMES))}, not {brief(game)}")
    if rules is None:
        if game is None:
            raise ValueError("rules must be given (a ruleset, a ruleset id or a path) when game is not")
        rules = game
    loaded = load(rules)
    require_ruleset(loaded)
    if game is not None and loaded.game != game:
        raise ValueError(f"rules must be a ruleset of {game}, not {loaded.id!r}, a ruleset of {loaded.game} "
                         f"(its env is {env_id(loaded.game)})")
    return loaded


def _opponents(opponents: Any, bots: Any, others: int) -> tuple[str, ...]:
    """One bot name per other seat, each known to the game's ``bots``."""
    if isinstance(opponents, str):
        names: tuple[str, ...] = (opponents,) * others
    elif isinstance(opponents, list | tuple):
        if len(opponents) != others:
            raise ValueError(f"opponents must be a bot name or a list of {others} (one per other seat), "
                             f"not {len(opponents)}: {brief(opponents)}")
        for i, name in enumerate(opponents):
            if not isinstance(name, str):
                raise TypeError(f"opponents[{i}] must be a bot name (str), not {kind(name)}: {brief(name)}")
        names = tuple(opponents)
    else:
        raise TypeError(f"opponents must be a bot name or a list of them, not {kind(opponents)}: {brief(opponents)}")
    for name in names:
        if name not in bots:
            why = no_such_bot(name, bots)  # a search bot's bad budget told as make_bots and --bots tell it
            if why.startswith("unknown bot"):
                why = (f"unknown bot {brief(name)} (bots: {', '.join(bots)}, ismcts:N for N playouts a decision, "
                       f"1 to {MAX_PLAYOUTS:,})")
            raise ValueError(f"opponents: {why}")
    return names


class SingleAgentEnv(gymnasium.Env):  # type: ignore[misc]
    """One seat of a game of ``rules`` at ``players``, the other seats played by the library's bots.

    ``game``: the game (registered envs pass it; a ruleset of another game is refused); ``rules``:
    a ruleset, a shipped ruleset or variant id or a path (default: the game's own standard
    ruleset); ``players``: default ``DEFAULT_PLAYERS`` within the ruleset's range; ``seat``: the
    learning seat, or None for one drawn at each reset. The rest: see the module's docstring.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, rules: Any = None, players: int | None = None, opponents: str | Sequence[str] = "random",
                 seat: int | None = 0, reward: str = "win", max_decisions: int | None = DEFAULT_MAX_DECISIONS,
                 illegal: str = "lose", illegal_reward: float = -1.0, render_mode: str | None = None,
                 game: str | None = None) -> None:
        self._np_random_made: np.random.Generator | None = None
        """gymnasium's generator once made (see ``_np_random``)."""
        self._np_random_pending: int | None = None
        """The seed it is to be made from when first read (None: made, or never seeded)."""
        loaded = _rules_for(game, rules)
        low, high = loaded.players.min, loaded.players.max
        if players is None:
            players = min(max(DEFAULT_PLAYERS, low), high)
        players = in_range(players, low, high, "players", f"a player count of {loaded.id!r}")
        self.players = players
        self.seat = None if seat is None else seat_of(seat, players)
        self.reward = one_of(reward, REWARDS, "reward")
        self.illegal = one_of(illegal, ILLEGAL, "illegal")
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, int | float | np.floating | np.integer):
            raise TypeError(f"illegal_reward must be a number, not {kind(illegal_reward)}: {brief(illegal_reward)}")
        self.illegal_reward = float(illegal_reward)
        if not math.isfinite(self.illegal_reward):  # a NaN or infinite reward poisons every return it enters
            raise ValueError(f"illegal_reward must be a finite number, not {brief(self.illegal_reward)}")
        max_decisions = bound(max_decisions, loaded, players)  # the default grown with the ruleset's games
        if max_decisions is not None:
            max_decisions = integer(max_decisions, "max_decisions", "a positive integer or None")
            if max_decisions < 1:
                raise ValueError(f"max_decisions must be a positive integer or None, not {max_decisions}")
        self.max_decisions = max_decisions
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {brief(render_mode)}")
        self.render_mode = render_mode
        self.rules = loaded
        self.game: str = loaded.game
        module = game_module(self.game)
        self.opponents = _opponents(opponents, module.BOTS, players - 1)
        self._adapter: GameAdapter = adapter_for(loaded, players)
        self._engine_actions = self._adapter.engine_actions
        """What the engine is handed for each action id (None: the id itself)."""
        n = self._adapter.num_actions
        self.observation_space = gymnasium.spaces.Dict({
            "observations": gymnasium.spaces.Box(0.0, 1.0, (self._adapter.observation_size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0.0, 1.0, (n,), np.float32),
        })
        self.action_space = LegalActions(n, self)
        self._state: Any = None
        self._me = 0
        self._bots: list[Any] = []
        self._viewless: list[bool] = []
        """Whether each seat's bot reads no view (``VIEWLESS``): handed its legal actions alone."""
        self._legal_bits = 0
        self._decisions = 0
        self._credited = 0
        self._done = False

    # -- the game -------------------------------------------------------------------------------

    def _play_until_mine(self, state: Any, mine: Any = None) -> Any:
        """The decisions from ``state`` until the learning seat owes one (``mine``, when given, is its
        action in ``state``, played first with the bots owing one there), or the game is over: the
        state then.

        The engine's functions are called as the state's methods (``core.games.METHOD``: what
        ``br.to_act``, ``br.step``, ``br.apply`` and ``br.legal_actions`` call), saving their frame a
        call, and a seat acting alone has its action applied (no list of one made for ``step``); a bot
        that reads no view (``_viewless``) draws from its legal actions (``draw``: no check of them, three
        calls of Python a decision less, a fifth of a Sea Salt & Paper episode's loop), and the seats' actions
        are gathered by a plain loop (a comprehension is a call of its own on Python 3.11): the bots
        play most of a game's decisions, each paying this loop."""
        me = self._me
        bots = self._bots
        viewless = self._viewless
        while True:
            owing = state._br_to_act()
            if not owing:
                return state
            if len(owing) == 1:  # a game of turns (most of its decisions): one seat's action, applied
                seat = owing[0]
                if seat == me:
                    if mine is None:
                        return state
                    state = state._br_apply(seat, mine)
                    mine = None
                    continue
                if viewless[seat]:
                    state = state._br_apply(seat, bots[seat].draw(state._br_legal_actions(seat)))
                    continue
            elif me in owing and mine is None:
                return state
            actions = []
            for s in owing:
                if s == me:
                    actions.append(mine)
                elif viewless[s]:
                    actions.append(bots[s].draw(state._br_legal_actions(s)))
                else:
                    seen = br.view(state, s)
                    actions.append(bots[s].choose(seen, seen.legal_actions))
            mine = None
            state = state._br_step(actions)

    def _observe(self, illegal: bool = False) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """The learning seat's observation of the state now and the step's info (``illegal``: marked so),
        the legal mask remembered as an integer.

        Every array is fresh (no other seat's observation beside it): the mask row the encoder
        made is the info's own, the observation's a float copy of it; the env keeps only the
        integer (``_legal_row`` makes an array of it when one is asked for). ``step`` makes the same
        inline. A plain argument, not ``**more``: a function taking ``**`` makes a dict at every call."""
        observation, row, self._legal_bits = self._adapter.encode_seat(self._state, self._me)
        info: dict[str, Any] = {"action_mask": row, "seat": self._me}
        if self._done:
            info["totals"] = tuple(int(x) for x in self._adapter.totals(self._state))
            if illegal:
                info["illegal"] = True
        return {"observations": observation, "action_mask": row.astype(FLOAT32)}, info

    def _legal_row(self) -> npt.NDArray[np.int8]:
        """The learning seat's legal actions now as a fresh 0/1 row (all 0 once the episode is over)."""
        n = self._adapter.num_actions
        bits = np.frombuffer(self._legal_bits.to_bytes((n + 7) // 8, "little"), np.uint8)
        row: npt.NDArray[np.int8] = np.unpackbits(bits, count=n, bitorder="little").view(np.int8)
        return row

    # -- gymnasium ------------------------------------------------------------------------------

    @property
    def _np_random(self) -> np.random.Generator | None:
        """gymnasium's generator, made from the last ``reset(seed=s)``'s ``s`` when first read (``Env.np_random``
        and gymnasium's env checker read it here). Kept in plain attributes set in ``__init__``: touching
        ``self.__dict__`` would give the env a real dict, and every attribute read of its step a dict lookup
        (5 k instructions a learner step in Boomerang (2010))."""
        made = self._np_random_made
        if made is None:
            seed = self._np_random_pending
            if seed is not None:
                made, _ = seeding.np_random(seed)
                self._np_random_made = made
                self._np_random_pending = None
        return made

    @_np_random.setter
    def _np_random(self, value: np.random.Generator | None) -> None:
        self._np_random_made = value
        self._np_random_pending = None

    def _seed_stream(self, seed: int | None) -> int:
        """The SplitMix64 state this game is drawn from: ``seed``'s (``np_random`` then seeded by it, when
        first read), or one word of ``np_random``'s."""
        if seed is None:
            return int(self.np_random.bit_generator.random_raw())
        self._np_random_made = None
        self._np_random_pending = seed
        self._np_random_seed = seed
        return rng_mod.folded_state(seed)  # a seed past 64 bits: its every word counts

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """A new game dealt from a seed drawn from the stream of ``seed`` (or of ``np_random``), played to
        the seat's first decision. ``Env.reset`` is not called: all it does is make ``np_random``, made
        here when first read."""
        seed = check_seed(seed)
        stream, game_seed = rng_mod.next_u64(self._seed_stream(seed))
        for _ in range(MAX_DEALS):
            game_seed >>= 1  # below 2**63, as every seed the engines take
            stream, drawn = rng_mod.below(stream, self.players)
            self._me = drawn if self.seat is None else self.seat
            bots = game_module(self.game).BOTS
            others = iter(self.opponents)
            self._bots = [None if s == self._me else bots[next(others)](self.rules, bot_seed(game_seed, s))
                          for s in range(self.players)]
            self._viewless = [bot.__class__ in VIEWLESS for bot in self._bots]
            self._decisions = 0
            self._credited = 0
            self._done = False
            self._state = self._play_until_mine(self._adapter.new_state(game_seed))
            if not self._adapter.is_over(self._state):
                if self.render_mode == "human":  # gymnasium's convention: the table shown at reset as at step
                    self.render()
                return self._observe()
            # the bots ended this game before the seat's first decision (a variant's short game): no episode
            stream, game_seed = rng_mod.next_u64(stream)
        self._done = True  # no episode to step in
        raise RuntimeError(f"{MAX_DEALS} games of {self.rules.id!r} at {self.players} players in a row ended before "
                           f"seat {self._me}'s first decision: the ruleset leaves the learning seat no episode")

    def step(self, action: Any) -> tuple[dict[str, npt.NDArray[Any]], float, bool, bool, dict[str, Any]]:
        state = self._state
        if state is None:
            raise RuntimeError("call reset() before step()")
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        # a plain int whose bit is set is a legal action id (the mask holds no bit beyond the actions)
        if not (action.__class__ is int and action >= 0 and self._legal_bits >> action & 1):
            action = self._action_id(action)
            if not self._legal_bits >> action & 1:
                return self._illegal_action(action)
        me = self._me
        names = self._engine_actions
        mine = action if names is None else names[action]  # the form the engine takes fastest
        self._decisions = decisions = self._decisions + 1
        self._state = state = self._play_until_mine(state, mine)
        # _observe(), inline (a Python call costs about 1% of a learner's step, which this is taken at);
        # the learner's mask says whether the game is over: _play_until_mine stops where the learner owes a
        # decision (a seat that owes one has a legal action) or where no seat owes one, which is the
        # game's end (the contract, tests/test_contract.py), so no is_over call is needed
        seen, row, self._legal_bits = self._adapter.encode_seat(state, me)
        over = not self._legal_bits
        reward = 0.0
        if self.reward == "round":
            total = self._adapter.totals(state)[me]
            reward = float(total - self._credited)
            self._credited = total
        elif over:
            reward = self._end_reward()
        truncated = not over and self.max_decisions is not None and decisions >= self.max_decisions
        self._done = done = over or truncated
        info: dict[str, Any] = {"action_mask": row, "seat": me}
        if done:
            info["totals"] = tuple(int(x) for x in self._adapter.totals(state))
        observation = {"observations": seen, "action_mask": row.astype(FLOAT32)}
        if truncated:  # the game goes on, but not for this episode: nothing more to decide in it
            self._decide_nothing(observation, info)
        if self.render_mode == "human":
            self.render()
        return observation, reward, over, truncated, info

    def _action_id(self, action: Any) -> int:
        """``action`` as an int action id of the space; a ``ValueError`` for anything else."""
        return action_id(action, self._adapter.num_actions)

    def _end_reward(self) -> float:
        adapter = self._adapter
        me = self._me
        if self.reward == "win":
            return 1.0 if me in adapter.winners(self._state) else 0.0
        totals = adapter.totals(self._state)
        if self.reward == "final":
            return float(totals[me])
        return float(totals[me] - max(t for s, t in enumerate(totals) if s != me))

    def _illegal_action(self, action: int) -> tuple[dict[str, npt.NDArray[Any]], float, bool, bool, dict[str, Any]]:
        """An action the rules do not allow now: raised, or the episode lost (``illegal``)."""
        if self.illegal == "raise":
            legal = ", ".join(f"{i} ({br.action_of(self.rules, int(i))})" for i in np.flatnonzero(self._legal_row()))
            raise IllegalAction(f"action {action} ({br.action_of(self.rules, action)}) is not legal for seat "
                                f"{self._me} now; legal: {legal}")
        self._done = True
        observation, info = self._observe(True)
        self._decide_nothing(observation, info)
        return observation, self.illegal_reward, True, False, info

    def _decide_nothing(self, observation: dict[str, npt.NDArray[Any]], info: dict[str, Any]) -> None:
        """The episode is over with the game not (truncated, or lost by an illegal action): every
        mask all 0, as at the game's end (``info``'s, the observation's and ``action_masks()``)."""
        info["action_mask"][:] = 0
        observation["action_mask"][:] = 0.0
        self._legal_bits = 0

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learning seat's legal actions now, as bools (sb3-contrib's ``MaskablePPO`` calls it)."""
        return self._legal_row().astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = "(not reset)" if self._state is None else \
            f"{self._adapter.describe(self._state)}\n  (learning seat: player_{self._me})"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def __copy__(self) -> SingleAgentEnv:
        """A whole copy, as ``copy.deepcopy`` makes (and ``VectorEnv``'s): a shallow one shared the bots and
        their generators, and tied the shared action space to the copy, so the original's ``sample()`` drew
        from the copy's mask."""
        return copy.deepcopy(self)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickled (or deep-copied): its action space tied to it again (a generator pickled by a version
        that kept it as gymnasium does, in ``_np_random``, taken as made)."""
        if "_np_random" in state:
            state = dict(state)
            state["_np_random_made"] = state.pop("_np_random")
            state.setdefault("_np_random_pending", None)
        set_attributes(self, state)
        self.action_space._env = weakref.ref(self)


def registered_env(game: str, /, **kwargs: Any) -> SingleAgentEnv:
    """The env ``gymnasium.make(env_id(game), **kwargs)`` makes: ``SingleAgentEnv(game=game, **kwargs)``.
    An id stays its game's: a ``game`` of ``kwargs`` naming another is refused (a ``rules`` of
    another game already was)."""
    other = kwargs.pop("game", game)
    if other != game:
        raise ValueError(f"{env_id(game)} is the env of {game}: its game cannot be {brief(other)}"
                         + (f" (that game's env is {env_id(other)})" if isinstance(other, str) and other in GAMES
                            else ""))
    return SingleAgentEnv(game=game, **kwargs)


def register() -> None:
    """Register every game's env with gymnasium (again: a no-op). Each id's entry point is this
    module's ``entry_<EnvName>`` (``registered_env`` with its game bound), named by a string, so that
    the spec serializes (``EnvSpec.to_json``) and pickles; its kwargs hold the game, as the env's."""
    module = sys.modules[__name__]
    for game in GAMES:
        name = env_id(game)
        entry = f"entry_{env_name(game)}"
        setattr(module, entry, functools.partial(registered_env, game))
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point=f"{__name__}:{entry}", kwargs={"game": game})


register()

__all__ = ["DEFAULT_MAX_DECISIONS", "DEFAULT_PLAYERS", "ILLEGAL", "MAX_DEALS", "REWARDS", "LegalActions",
           "SingleAgentEnv", "env_id", "env_name", "register", "registered_env"]
