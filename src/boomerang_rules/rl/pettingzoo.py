"""PettingZoo environments for the library's games (the extra ``pettingzoo``).

``env()`` is the AEC form: within a simultaneous step the seats act one after another, and
none sees anything of the choices made before it in that step. ``parallel_env()`` takes every
seat's action at once. Observations are ``{"observation": Box, "action_mask": Box}`` (with
``obs_key="observations"``, ``{"observations": ...}``: the key RLlib's action-masking module reads,
so that ``PettingZooEnv(env(..., obs_key="observations"))`` feeds it unchanged); actions are the
game's integer actions. Every array an agent is handed is its own (no view of a buffer holding
another seat's observation or mask), but the all-zero mask of a seat owing nothing: one read-only
array, shared by every such seat. As in PettingZoo's classic games, an illegal action ends the
game with -1 for the seat that made it and 0 for the others. Once an episode is over (the game's
end, ``max_cycles``, an illegal action) every seat's mask is all 0, in both envs.

``action_space(agent).sample()`` with no mask draws one of that seat's legal actions (the
space knows its seat's mask), so a policy that ignores masks still plays a legal game; pass
a mask or a probability and it behaves as any ``Discrete``.

Every observation entry lies in [0, 1] (``boomerang_rules.rl.encoding``: one encoder over each
game's table of fields; the Box says so).

A cycle is, as PettingZoo defines it, every live agent stepping once, and it is one step of
the game in both envs: in the parallel env a ``step`` (every agent submits an action; the
seats owing no decision there have an all-zero mask, and their action is not read); in the AEC
env every live agent is selected once, the seats owing a decision first (in ``to_act`` order),
then the others in seat order, whose mask holds action 0 alone (a forced pass: every selected
agent has a legal action, as PettingZoo's ``performance_benchmark`` needs) and whose action (any
action id, or None) is not read; an agent observed while another is selected has an all-zero
mask. So the AEC env is the parallel env played a seat at a time, in the games of turns too,
where one seat may decide several times in a row (Sea Salt & Paper, Boomerang (2010)): each of
those decisions is a cycle of its own. Within a cycle every seat observes the
state at the cycle's start. Unlike the AEC env PettingZoo's ``parallel_to_aec`` makes, it selects
the seats owing a decision first and gives a seat its mask only while it is selected (as
PettingZoo's classic games do), so PettingZoo's ``aec_to_parallel``, which expects the agents in
seat order and every owing seat's mask at the cycle's start, cannot turn it back into a parallel
env (it played illegal actions from all-zero masks): its metadata says ``is_parallelizable:
False``, and that conversion is refused. ``parallel_env()`` is the same game in parallel.

``max_cycles`` (default ``DEFAULT_MAX_CYCLES``; ``None`` for no bound) truncates an episode
after that many cycles, so with ``max_cycles=k`` every agent is selected exactly k times
(PettingZoo's ``max_cycles_test``). The default is far beyond any game played to its end (grown
with a ruleset of longer games: ``rl.truncation``), so it only stops a policy that never ends one (in
Sea Salt & Paper a round may go on while nobody ends it).

Bad input is refused with a ``ValueError`` naming it: a seed that is not a non-negative integer
(numpy integers are; as gymnasium's seeds, and a seed past 64 bits has its higher words folded in,
so ``2**64 + 7`` deals another game than ``7``), an action that is not an integer action id of the
game's numbering.

Spaces and envs pickle (for multiprocess vector envs and Ray): an env pickles as its
arguments and where its game is, a space as a plain ``Discrete`` copy (detached from its env,
its ``sample()`` then draws from every action).

``reward``: ``"round"`` the points each seat scores at the end of each round
(summing to its final total), ``"final"`` each seat's total at the end, ``"win"`` 1 at the end
to every winning seat (a shared win too), 0 to the others.
"""

from __future__ import annotations

from ..core.extras import missing

try:  # the extra named when it is missing, before any of the envs' modules reads it
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ModuleNotFoundError as error:
    raise missing(error, "boomerang_rules.rl.pettingzoo", "pettingzoo") from None

from .encoding import seat_rows_plain as seat_rows_plain  # re-exported: the compiled seat_rows' reference
from .pettingzoo_aec import BoomerangEnv as BoomerangEnv
from .pettingzoo_aec import RawEnv as RawEnv
from .pettingzoo_aec import env as env
from .pettingzoo_aec import raw_env as raw_env
from .pettingzoo_common import DEFAULT_MAX_CYCLES as DEFAULT_MAX_CYCLES
from .pettingzoo_common import GAME_OVER as GAME_OVER
from .pettingzoo_common import NOT_RESET as NOT_RESET
from .pettingzoo_common import OBS_KEYS as OBS_KEYS
from .pettingzoo_common import REWARDS as REWARDS
from .pettingzoo_common import SeatActions as SeatActions
from .pettingzoo_common import _Common as _Common
from .pettingzoo_common import _Seeds as _Seeds
from .pettingzoo_common import check_action as check_action
from .pettingzoo_common import check_seed as check_seed
from .pettingzoo_parallel import ParallelBoomerang as ParallelBoomerang
from .pettingzoo_parallel import parallel_env as parallel_env
from .pettingzoo_parallel import seat_rows as seat_rows
from .pettingzoo_parallel import step_dicts as step_dicts
from .pettingzoo_parallel import step_dicts_plain as step_dicts_plain
