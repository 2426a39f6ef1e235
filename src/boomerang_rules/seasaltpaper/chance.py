"""Sea Salt & Paper's chance drawn from outside, one outcome at a time (OpenSpiel's explicit chance).

Three chance events, as the game has them:

- each round's shuffle: the deck's order drawn card by card, top first (outcomes are card
  indices in the ruleset's order, each card not yet drawn equally likely);
- after the first shuffle, the first round's first player (outcomes are seats, uniform);
- each steal (a swimmer + shark pair): the card taken from the victim's hand (outcomes are its
  cards, uniform), drawn after the thief names the victim (``holds``);
- Extra Salt: each lobster's shuffle, after the player names the card it keeps (``holds``): the
  new deck order drawn card by card, top first (outcomes: the deck's and the put-back cards).

A game made here has no generator: it waits at each round for its deck, and a steal waits for
its card. Before the first deck there is no state (``start`` gives None). A later round's deck
is given by replaying the game from its chance outcomes, as a record is replayed, so the
state is built by the engine's public constructor only.
"""

from __future__ import annotations

from collections import Counter

import attrs

from .engine import apply, deal_waiting, new_game
from .rules import Ruleset
from .state import GameState
from .tables import tables_for

Held = tuple[int, str] | None
"""A decision waiting for its chance outcome: the seat and its action (a steal)."""


def start(rules: Ruleset, players: int) -> GameState | None:
    """The state before any chance: none (the first deck and first player make the game)."""
    return None


def waiting(state: GameState | None) -> bool:
    """Whether ``state`` waits for a round's deck (none yet, or a round that has none)."""
    return state is None or state.phase == "deal"


def _steal_open(state: GameState) -> bool:
    """Whether the next steal's card is still to be drawn (no generator, no card given for it)."""
    chance = state.chance
    return chance.rng is None and chance.steals_used >= len(chance.steals)


def holds(state: GameState, seat: int, action: str) -> bool:
    """Whether ``action`` waits for a chance outcome before it is applied: a steal whose card
    nothing has drawn yet, or a lobster's keep that shuffles cards back (Extra Salt)."""
    if action.startswith("lobster:"):
        chance = state.chance
        return len(state.drawn) > 1 and chance.rng is None and chance.shuffles_used >= len(chance.shuffles)
    return action.startswith("steal:") and _steal_open(state)


def _to_shuffle(state: GameState, action: str) -> tuple[int, ...]:
    """The cards a lobster's keep shuffles: the deck and the cards put back."""
    kept = state.tables.index[action.partition(":")[2]]
    return (*state.deck, *(c for c in state.drawn if c != kept))


def outcomes(rules: Ruleset, players: int, state: GameState | None, drawn: tuple[int, ...],
             held: Held) -> list[tuple[int, float]]:
    """The next outcome of the chance event under way and its probability, for each it may be;
    [] when the event is complete (or none is under way)."""
    if held is not None and held[1].startswith("lobster:") and state is not None:
        remaining = Counter(_to_shuffle(state, held[1])) - Counter(drawn)
        return [(c, 1.0 / sum(remaining.values())) for c in sorted(remaining)] if remaining else []
    if held is not None:
        if drawn or state is None:
            return []
        hand = state.hands[int(held[1].partition(":")[2])]
        return [(c, 1.0 / len(hand)) for c in hand]
    if not waiting(state):
        return []
    size = tables_for(rules).deck_size
    if len(drawn) < size:
        gone = set(drawn)
        left = [c for c in range(size) if c not in gone]
        return [(c, 1.0 / len(left)) for c in left]
    if state is None and len(drawn) == size:
        return [(s, 1.0 / players) for s in range(players)]
    return []


def resolve(rules: Ruleset, players: int, state: GameState | None, drawn: tuple[int, ...],
            held: Held) -> GameState:
    """The state once the event's outcomes ``drawn`` are known."""
    t = tables_for(rules)
    if held is not None:
        assert state is not None
        seat, action = held
        if action.startswith("lobster:"):
            shuffled = attrs.evolve(state.chance, shuffles=(tuple(drawn),), shuffles_used=0)
            return apply(state.evolve(chance=shuffled), seat, action)
        given = attrs.evolve(state.chance, steals=tuple(drawn), steals_used=0)
        return apply(state.evolve(chance=given), seat, action)
    if state is None:
        return new_game(rules, players, decks=[t.ids_of(drawn[:-1])], first=drawn[-1])
    return deal_waiting(state, drawn)


def outcome_name(rules: Ruleset, players: int, state: GameState | None, drawn: tuple[int, ...],
                 held: Held, outcome: int) -> str:
    """A chance outcome in words."""
    t = tables_for(rules)
    if held is not None and held[1].startswith("lobster:"):
        return f"shuffled deck {len(drawn) + 1}: {t.ids[outcome]}"
    if held is not None:
        return f"steal takes {t.ids[outcome]}"
    if state is None and len(drawn) == t.deck_size:
        return f"first player: seat {outcome}"
    return f"deck {len(drawn) + 1}: {t.ids[outcome]}"
