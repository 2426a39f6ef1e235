"""What a game's rl module gives ``rl.openspiel``: its ``GameDescription`` (the extra ``openspiel``
is not needed to make one).

Each game's rl module (``rl.<package>``, found through the registry as every rl layer finds it)
names its OpenSpiel games in ``OPENSPIEL``, a tuple of ``GameDescription``; ``rl.openspiel``
registers them all and names no game itself. Kept apart from ``rl.openspiel`` so that a game's
rl module builds its descriptions without importing pyspiel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from .chance import ChanceModel
from .encoding import encoder_for

if TYPE_CHECKING:
    import pyspiel


def scores_bound(rules: Any, players: int) -> float:
    """The highest final total the game's observation bounds allow (its ``scores`` slice): a
    ``max_utility`` for a game whose ``scores`` never saturate (Sea Salt & Paper's do: it has its own)."""
    x = next(x for x in encoder_for(rules, players).spec if x.name == "scores")
    return float(x.bound)


@attrs.frozen
class GameDescription:
    """One game as OpenSpiel sees it: what differs between games, and nothing else."""

    short_name: str
    long_name: str
    game: str
    """The library's name of the game (a ruleset's ``game``)."""
    rules: str
    """The default ruleset id; its player range is the game type's."""
    players: int
    """The default player count: 4 in every game (each allows it), as the other envs of ``rl`` default."""
    simultaneous: bool
    """Whether the seats of a step decide at once (one OpenSpiel simultaneous node)."""
    chance: ChanceModel
    """The game's chance, drawn one outcome at a time (``rl.chance`` drives it, for OpenSpiel too):
    every description of one game gives the same."""
    private: tuple[str, ...]
    """The observation slices only the observing seat sees."""
    max_utility: Callable[[Any, int], float]
    max_game_length: Callable[[Any, int], int]
    """A true bound on a game's history (chance outcomes counted), which OpenSpiel's algorithms may
    allocate by: of a game that ends by its rules, or else of one ``cut_off`` ends."""
    cut_off: Callable[[Any, int, Any], bool] | None = None
    """For a game without a bound of its own: whether the OpenSpiel game ends (terminal, each seat's
    return its total so far) at this state of the library's though its rules go on, as OpenSpiel's
    own Go ends at its ``max_game_length`` and is scored as usual; None for a game whose rules end it
    within ``max_game_length``."""

    def game_type(self) -> pyspiel.GameType:
        import pyspiel

        from ..core.loading import load_rules

        standard = load_rules(self.rules)
        return pyspiel.GameType(
            short_name=self.short_name,
            long_name=self.long_name,
            dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if self.simultaneous
                      else pyspiel.GameType.Dynamics.SEQUENTIAL),
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=standard.players.max,
            min_num_players=standard.players.min,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            provides_factored_observation_string=False,
            parameter_specification={"players": self.players, "rules": self.rules},
        )


__all__ = ["ChanceModel", "GameDescription", "scores_bound"]
