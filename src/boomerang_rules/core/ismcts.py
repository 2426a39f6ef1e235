"""``ismcts``, written once for every game: single-observer information-set Monte Carlo tree search.

Each playout draws a full state from the seat's view (the game's determinization: the unseen
cards placed uniformly where they could be), walks a tree of the seat's *own* decisions by UCT,
and plays on with a fast rollout policy until the game's horizon (the end of the round, say),
where the game scores it. The other seats are not in the tree: at each of their decisions they
are drawn from the rollout policy, in the drawn state (open loop: a node is the seat's own
actions so far, whatever the others did). A node counts how often it was available (legal in
the drawn state) and UCT divides by that (availability counts), because an action the seat may
later have is not in every determinization.

What a game gives (``SearchGame``): its transition functions, a determinizer, the rollout
policy, the horizon and the reward. Each game's ``ismcts`` module fills one in; ``IsmctsBot``
is the same for every game. The budget is a number of playouts (deterministic: the same seed
makes the same play on any machine) or, optionally, seconds per decision. A game whose playouts
are long and slow also caps the work of a search (``SearchGame.simulated_per_playout``): counted
in simulated decisions, not seconds, so that it stays deterministic. The bot sees only its view.
"""

from __future__ import annotations

import math
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from decimal import Context
from functools import partial
from typing import Any, ClassVar, Protocol

from . import rng as rng_mod
from .arguments import as_id, brief, kind, real, require
from .bots import MAX_PLAYOUTS as MAX_PLAYOUTS  # its home is the bots' registry, which words a bad budget
from .bots import check_choice, check_listed, check_rules

DEFAULT_PLAYOUTS = 100
"""Playouts per decision when a game's search does not say."""

EXPLORATION = 0.7
"""UCT's exploration constant, for rewards scaled to about [-1, 1]."""

_LN: list[float] = [-math.inf]
"""``ln(n)`` at index ``n``, as far as a search has needed (``ln``)."""
_LN_DIGITS = Context(prec=30)
_LN_LOCK = threading.Lock()


def ln(n: int) -> float:
    """The double nearest ln(``n``), ``n`` from 1, the same on every platform: UCT's scores read it.

    ``math.log`` is C's ``log``, whose last bit C leaves to the library (glibc's ``log(9170)`` is one
    unit above the nearest double), so a tie between two actions' scores could be broken otherwise on
    another platform or C library, and a seeded search play another game. ``decimal`` computes the
    logarithm correctly rounded to 30 digits (libmpdec, the same everywhere), which ``float`` rounds to
    the nearest double. Kept in a table: a search needs ln of 1 up to its playouts, each once a process
    (35 µs a value, against a playout's simulated decisions)."""
    table = _LN
    if n >= len(table):
        with _LN_LOCK:  # searches in threads of their own: each value at its own index
            digits = _LN_DIGITS
            table.extend([float(digits.ln(k)) for k in range(len(table), n + 1)])
    return table[n]



def pick(gen: int, best: list[str]) -> tuple[int, str]:
    """One of ``best`` drawn by the generator (a rollout policy's tie-break), and the generator after."""
    if len(best) == 1:
        return gen, best[0]
    gen, i = rng_mod.below(gen, len(best))
    return gen, best[i]


class SearchGame(Protocol):
    """What the search needs of a game, for one ruleset (each game's ``ismcts`` module makes one)."""

    playouts: int
    """The default budget of playouts per decision (``ismcts`` without ``:N``)."""

    simulated_per_playout: int | None
    """The search's work budget, in simulated decisions (``apply`` calls) per playout of its budget,
    or None for no cap: a search of N playouts starts no new playout once its playouts have
    simulated ``N * simulated_per_playout`` decisions (the one under way finishes). A decision's
    time is then bounded where a round's first playouts are long and each simulated decision slow
    (Extra Salt's rules, on the plain engine), whatever the deal; it counts work, not seconds, so
    the same seed still makes the same play on any machine."""

    def sampler(self, seen: Any) -> Callable[[int], Any]:
        """From one view, a function drawing a full state consistent with it from a seed."""

    def to_act(self, state: Any) -> tuple[int, ...]: ...

    def legal_actions(self, state: Any, seat: int) -> tuple[str, ...]: ...

    def apply(self, state: Any, seat: int, action: str) -> Any: ...

    def done(self, start: Any, state: Any) -> bool:
        """Whether a playout from ``start`` (a drawn state) ends at ``state``: the game's horizon."""

    def rollout(self, state: Any, seat: int, gen: int) -> tuple[int, str]:
        """The generator after use and the rollout policy's action for ``seat`` in ``state``."""

    def reward(self, seen: Any, start: Any, end: Any) -> float:
        """The playout's worth to ``seen.seat``, scaled to about [-1, 1]."""


class RoundSearch(ABC):
    """What every game's ``SearchGame`` shares: a playout ends with the round (or the game), the
    other seats and the seat past its tree play the game's rollout policy (``policy.choose``), and
    the reward is the seat's points gained in the playout less the other seats' mean gain, divided
    by ``reward_scale``. A game's subclass says how a view is sampled (``sampler``) and what a
    seat's points are in a state (``points``)."""

    reward_scale = 1.0
    """Points that make a reward of 1 (a good round beats the table's mean by about this much)."""

    def __init__(self, policy: Any, to_act: Callable[[Any], tuple[int, ...]],
                 legal_actions: Callable[[Any, int], tuple[str, ...]], apply: Callable[[Any, int, str], Any],
                 is_over: Callable[[Any], bool], playouts: int, simulated_per_playout: int | None = None) -> None:
        self.playouts = playouts
        self.simulated_per_playout = simulated_per_playout
        self._policy = policy
        self.to_act = to_act
        self.legal_actions = legal_actions
        self.apply = apply
        self._is_over = is_over

    @abstractmethod
    def sampler(self, seen: Any) -> Callable[[int], Any]:
        """From one view, a function drawing a full state consistent with it from a seed."""

    @abstractmethod
    def points(self, state: Any) -> Sequence[int]:
        """Every seat's points in ``state``, what a playout's gains are counted in."""

    def done(self, start: Any, state: Any) -> bool:
        return state.round != start.round or self._is_over(state)

    def rollout(self, state: Any, seat: int, gen: int) -> tuple[int, str]:
        chosen: tuple[int, str] = self._policy.choose(state, seat, gen)
        return chosen

    def reward(self, seen: Any, start: Any, end: Any) -> float:
        gains = [after - before for after, before in zip(self.points(end), self.points(start))]
        seat: int = seen.seat
        others = (sum(gains) - gains[seat]) / (len(gains) - 1) if len(gains) > 1 else 0.0
        return (gains[seat] - others) / self.reward_scale


def check_exploration(exploration: object) -> None:
    """Refuse an ``exploration`` constant UCT cannot use, naming it: a NaN made every score NaN, so
    the search tried each action once and then always the first; a negative one steered it away
    from the actions it knew least; a string failed inside the first search."""
    value = real(exploration, "exploration", "a number")
    if not (math.isfinite(value) and value >= 0):
        raise ValueError(f"exploration must be a finite number from 0, not {brief(exploration)}")


def check_playouts(playouts: object) -> int:
    """``playouts`` as an int from 1 to ``MAX_PLAYOUTS``: any integer (a numpy one too, as a seed is
    read), never a bool or a float (``TypeError`` naming ``playouts``); a ``ValueError`` for one out
    of range. ``np.int64(5)`` was refused as out of range, and ``2.0`` was a ``ValueError``."""
    number = as_id(playouts)  # an int or anything with __index__, never a bool
    if number is None:
        raise TypeError(f"playouts must be a whole number of playouts (int) or None, not {kind(playouts)}: "
                        f"{brief(playouts)}")
    if not 1 <= number <= MAX_PLAYOUTS:
        raise ValueError(f"ismcts takes 1 to {MAX_PLAYOUTS:,} playouts a decision, not {brief(playouts)}")
    return number


class _Node:
    """A node of the seat's own decisions: visits, summed reward, availability, children by action."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[str, _Node] = {}


class IsmctsBot:
    """Information-set MCTS from the seat's view over ``game``; see the module's docstring.

    ``playouts`` per decision (deterministic), or ``seconds`` per decision when given (then the
    play depends on the machine's speed). With ``playouts``, a game's ``simulated_per_playout``
    also stops the search once its playouts have simulated ``playouts`` times that many decisions
    (``max_simulated``); ``seconds`` bound the time themselves. ``exploration``: UCT's constant, a
    finite number from 0. A decision with one legal action is not searched.
    """

    name = "ismcts"

    def __init__(self, game: SearchGame, seed: int, playouts: int | None = None, seconds: float | None = None,
                 exploration: float = EXPLORATION) -> None:
        playouts = check_playouts(game.playouts if playouts is None else playouts)
        if seconds is not None:  # a NaN deadline is never past: the search ran for ever
            budget = real(seconds, "seconds", "a number of seconds or None")
            if not (math.isfinite(budget) and budget > 0):
                raise ValueError(f"seconds must be a finite number of seconds above 0 or None, not {brief(seconds)}")
            seconds = budget
        check_exploration(exploration)
        self._game = game
        self.rules: Any = None
        """The ruleset the search plays (a ``GameBot``'s), whose views alone it takes; None: any."""
        self._gen = rng_mod.seed_state(seed)
        self._playouts = playouts
        self._seconds = seconds
        self._c = float(exploration)
        per_playout = game.simulated_per_playout
        if per_playout is not None and (isinstance(per_playout, bool) or not isinstance(per_playout, int)
                                        or per_playout < 1):  # a game's mistake: no playout would start
            raise ValueError(f"a search's simulated_per_playout must be a whole number from 1 or None, "
                             f"not {brief(per_playout)}")
        self.max_simulated: int | None = None if per_playout is None or seconds is not None else playouts * per_playout
        """The simulated decisions past which a search starts no new playout (None: no cap): the
        game's ``simulated_per_playout`` scaled by the budget, so that ``ismcts:N`` still means N
        playouts of a bounded mean length."""

    def choose(self, seen: Any, actions: tuple[str, ...]) -> str:
        check_choice(actions)
        if isinstance(getattr(seen, "legal_actions", None), tuple):  # anything else: search's TypeError
            if self.rules is not None:
                check_rules(seen, self.rules)
            check_listed(seen, actions)
        if len(actions) == 1:
            return actions[0]
        root = self.search(seen)
        visited = [(root.children[a].visits, root.children[a].total, a) for a in actions if a in root.children]
        if not visited:
            return actions[0]
        return max(visited, key=lambda v: (v[0], v[1] / max(v[0], 1)))[2]

    def search(self, seen: Any) -> _Node:
        """The tree of one decision's playouts (its root)."""
        sample = self._game.sampler(seen)
        root = _Node()
        deadline = None if self._seconds is None else time.perf_counter() + self._seconds
        cap = self.max_simulated
        done = simulated = 0
        while True:
            if deadline is None:
                if done >= self._playouts or (cap is not None and simulated >= cap):
                    break
            elif done and time.perf_counter() >= deadline:
                break
            done += 1
            self._gen, sample_seed = rng_mod.next_u64(self._gen)
            simulated += self._playout(seen, sample(sample_seed), root)
        return root

    def _playout(self, seen: Any, start: Any, root: _Node) -> int:
        """One playout from ``start`` down the tree from ``root``; the decisions it simulated."""
        game = self._game
        seat = seen.seat
        to_act, legal_actions, apply, rollout, horizon = (game.to_act, game.legal_actions, game.apply, game.rollout,
                                                          game.done)
        node = root
        path = [root]
        gen = self._gen
        c = self._c
        logs = _LN
        in_tree = True
        state = start
        steps = 0
        while not horizon(start, state):
            for x in to_act(state):
                if x == seat and in_tree:
                    legal = legal_actions(state, seat)
                    children = node.children
                    untried = [a for a in legal if a not in children]
                    for a in legal:
                        child = children.get(a)
                        if child is not None:
                            child.avail += 1
                    if untried:
                        gen, i = rng_mod.below(gen, len(untried))
                        action = untried[i]
                        child = children[action] = _Node()
                        child.avail = 1
                        in_tree = False
                    else:
                        best = -math.inf
                        action = legal[0]
                        for a in legal:
                            ch = children[a]
                            avail = ch.avail
                            log = logs[avail] if avail < len(logs) else ln(avail)
                            score = ch.total / ch.visits + c * math.sqrt(log / ch.visits)
                            if score > best:
                                best, action = score, a
                        child = children[action]
                    node = child
                    path.append(node)
                else:
                    gen, action = rollout(state, x, gen)
                state = apply(state, x, action)
                steps += 1
        self._gen = gen
        reward = game.reward(seen, start, state)
        for n in path:
            n.visits += 1
            n.total += reward
        return steps


class GameBot(IsmctsBot):
    """A game's search bot made from its ruleset, alike in every game:
    ``IsmctsBot(rules, seed, playouts=None, seconds=None)`` (``playouts`` None: the game's default),
    what ``BOTS["ismcts"]`` makes. A game's subclass names its ``search_of`` (its ``SearchGame``, made
    from the rules and the budget) and the ruleset class it plays: another game's ruleset, or None,
    is a ``TypeError`` naming ``rules``, as for every bot, not an ``AttributeError`` from inside."""

    search_of: ClassVar[Callable[..., SearchGame]]
    """The game's search, made as ``search_of(rules, playouts)``."""
    ruleset: ClassVar[type]
    rules_what: ClassVar[str]
    """The ruleset in words, for the refusal (``"a Sea Salt & Paper Ruleset (see load_rules)"``)."""
    default_playouts: ClassVar[int] = DEFAULT_PLAYOUTS

    def __init__(self, rules: Any, seed: int, playouts: int | None = None, seconds: float | None = None,
                 exploration: float = EXPLORATION) -> None:
        require(rules, self.ruleset, "rules", self.rules_what)
        budget = self.default_playouts if playouts is None else check_playouts(playouts)  # 0 refused, not the default
        super().__init__(type(self).search_of(rules, budget), seed, budget, seconds, exploration)
        self.rules = rules


def budgeted_bots(bots: Mapping[str, Callable[[Any, int], Any]],
                  search: Callable[..., Any]) -> dict[str, Callable[[Any, int], Any]]:
    """A game's bot registry: ``bots``, ``ismcts`` (``search(rules, seed)``) and ``ismcts:N`` for N
    playouts a decision (``search(rules, seed, playouts=N)``)."""
    return _Registry(bots, ismcts=search)


class _Registry(dict[str, Callable[[Any, int], Any]]):
    """The bots by name; ``ismcts:N`` also names the search bot with a budget of N playouts (1 to
    ``MAX_PLAYOUTS``)."""

    def _budgeted(self, key: object) -> Callable[[Any, int], Any] | None:
        if not isinstance(key, str) or not key.startswith("ismcts:"):
            return None
        playouts = key.partition(":")[2]
        if not playouts.isdigit() or not playouts.isascii() or len(playouts) > 7 \
                or not 1 <= int(playouts) <= MAX_PLAYOUTS:
            return None
        search: Callable[..., Any] = self["ismcts"]
        return partial(search, playouts=int(playouts))

    def __contains__(self, key: object) -> bool:
        return super().__contains__(key) or self._budgeted(key) is not None

    def __missing__(self, key: str) -> Callable[[Any, int], Any]:
        made = self._budgeted(key)
        if made is None:
            raise KeyError(key)
        return made

    def get(self, key: str, default: Any = None) -> Any:
        """The bot of ``key`` as ``self[key]`` gives it, ``ismcts:N`` too (``dict.get`` never calls
        ``__missing__``: it answered None for a name ``in`` says is here); else ``default``."""
        return self[key] if key in self else default  # noqa: SIM401 (self.get is this method)
