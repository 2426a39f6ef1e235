"""The envs' default bound on an episode, grown with the ruleset's longest game.

Each env bounds an episode (the gymnasium env's ``max_decisions``, the PettingZoo envs' ``max_cycles``,
``VectorEnv``'s ``max_steps``) so that a policy that never ends a game (a Sea Salt & Paper round the
deck ends scores nothing, and the next begins) is truncated. A fixed default sized for the shipped
rulesets truncated every game of a ruleset that plays longer: random play to Sea Salt & Paper's
highest target the schema allows (1,000) took 3,691 to 4,706 decisions a seat and 7,474 to 18,682
steps (12 games at each of 2, 3 and 4 players), past the defaults of 2,000 and 5,000. So a default
left as it is (``Scaled``, the type of each ``DEFAULT_MAX_...``) is multiplied by ``length_scale``:
how many times the ruleset's longest game is its game's standard ruleset's, as each game's OpenSpiel
description bounds them (``max_game_length``, in every game's rl module), 1 for the shipped rulesets.
A bound given as a plain number is kept as given.
"""

from __future__ import annotations

from typing import Any


class Scaled(int):
    """An env's default bound (``DEFAULT_MAX_DECISIONS``, ``DEFAULT_MAX_CYCLES``, ``DEFAULT_MAX_STEPS``):
    the int it is for the shipped rulesets, multiplied by ``length_scale`` for a ruleset of longer games
    (an int subclass, so the signatures and the docs keep the number, and a plain int given is kept)."""

    __slots__ = ()


def length_scale(rules: Any, players: int) -> int:
    """How many times the longest game of ``rules`` at ``players`` is its game's standard ruleset's (at
    the count nearest ``players`` that ruleset allows), to the nearest whole, at least 1: the OpenSpiel
    description's ``max_game_length`` of each (Sea Salt & Paper's grows with the target, 10 at 1,000)."""
    from ..core.loading import load_rules
    from .encoding import _rl_module, encoder_for

    encoder_for(rules, players)  # a player count the ruleset has (its ValueError), before any bound reads it
    description = _rl_module(rules.game).OPENSPIEL[0]
    standard = load_rules(description.rules)
    count = min(max(players, standard.players.min), standard.players.max)
    ratio: float = description.max_game_length(rules, players) / description.max_game_length(standard, count)
    return max(1, round(ratio))


def bound(given: int | None, rules: Any, players: int) -> int | None:
    """The episode's bound: ``given`` as it is (None: no bound), or, for a default (``Scaled``), the
    default times ``length_scale(rules, players)``."""
    if isinstance(given, Scaled):
        return int(given) * length_scale(rules, players)
    return given


__all__ = ["Scaled", "bound", "length_scale"]
