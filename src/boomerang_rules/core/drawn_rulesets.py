"""A game's rulesets for a test strategy, for a player count when one is asked (needs hypothesis).

Written once for every game's ``rulesets``: the shipped rulesets that admit the count, and the
game's generated ones made for it (each game's ``generated_rulesets(players)`` draws a player
range holding it). Filtering every drawn ruleset instead made hypothesis throw most draws away
where few admit the count (one player, or 32, in the first game; two in the hunting game): its
health check failed the tester's test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from .arguments import as_id, not_a
from .loading import game_ruleset_argument, list_rules, load_rules
from .seats import admits


def rulesets_for(game: str, players: object, generated: Callable[[int | None], st.SearchStrategy[Any]] | None,
                 generated_players: range) -> st.SearchStrategy[Any]:
    """``game``'s shipped rulesets that admit ``players`` (every one when it is not an integer,
    which the game's own check refuses later in its own words), and ``generated(players)`` when
    ``generated`` is given and ``players`` is in ``generated_players``, the counts its rulesets
    can be made for; ``ValueError`` when no ruleset of the game can be for ``players``. A numpy
    integer is the count it holds, as ``check_players`` takes it: read as no count, it drew rulesets
    for any number of players, and ``games(players=np.int64(3))`` failed inside. Anything else but None
    is a ``TypeError`` naming ``players``: ``rulesets(players="3")`` drew rulesets for any count."""
    count = as_id(players)
    if count is None and players is not None:
        raise not_a(players, "players", "a player count (int) or None")
    shipped = [i.id for i in list_rules() if i.game == game and admits(load_rules(i.id), count)]
    parts = [st.sampled_from(shipped).map(load_rules)] if shipped else []
    if generated is not None and (count is None or count in generated_players):
        parts.append(generated(count))
    if not parts:
        seats = f"{count} player" + ("" if count == 1 else "s")
        raise ValueError(f"players={count}: no ruleset of {game!r} is for {seats}: its shipped rulesets "
                         f"are for {', '.join(sorted({_range_of(i.id) for i in list_rules() if i.game == game}))}"
                         + (f", its generated ones for {generated_players.start} to {generated_players.stop - 1}"
                            if generated is not None else "") + f"; give rules= a ruleset for {seats}")
    return st.one_of(parts)


def game_ruleset_drawn(draw: st.DrawFn, rules: object, players: object,
                       rulesets: Callable[..., st.SearchStrategy[Any]], cls: type, title: str) -> Any:
    """The ruleset one game's own strategies play: ``rules`` None, one of ``rulesets(players=players)``;
    else an id, a path, a ruleset or a strategy of them, another game's refused in the words of the
    game's ``load_rules`` (``core.loading.game_ruleset_argument``, which names a drawn one so)."""
    if rules is None:
        return draw(rulesets(players=players))
    given: object = draw(rules) if isinstance(rules, st.SearchStrategy) else rules
    return game_ruleset_argument(given, cls, title, " (drawn by the strategy given)" if given is not rules else "")


def _range_of(rules_id: str) -> str:
    found = load_rules(rules_id).players
    return f"{found.min} to {found.max}"
