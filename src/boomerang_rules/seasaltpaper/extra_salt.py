"""Extra Salt's turn rules: the jellyfish's restriction, the lobster's look at the deck, the
starfish's trio, and the boat pair's extra turn on an empty deck (the online version's reading).

The engine (``engine``, which imports this module, not the other way round) hands these over
only when the ruleset uses them (``Tables.expansion``),
so the base game's code is the same as before. Each function returns the new state (or the
legal actions), or None when the base game's rule applies.

- A jellyfish + swimmer pair binds every opponent for their next turn (``GameState.bound``):
  in its draw phase a bound seat may only take the deck's top card (``draw_one``; ``pass`` with
  an empty deck), then only ``end``: no duo, no trio, no mermaids, no STOP or LAST CHANCE.
- A lobster + crab pair takes the deck's top ``look`` cards (fewer if the deck has fewer; none:
  no effect); the player keeps one (``lobster:ID``) and the rest go back into the deck, which is
  shuffled (chance: the record's shuffle, else the game's generator).
- ``trio:A+B+S`` plays the duo ``A`` + ``B`` with the starfish ``S``: three points, no effect.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from ..core import rng as rng_mod
from ..core.arguments import brief, list_of, string_list
from ..core.errors import IllegalAction, InvalidInput, Problem
from ..core.pointer import pointer
from .rules import Ruleset
from .state import GameState
from .tables import Tables, tables_for

EFFECTS = ("look_at_top", "restrict_opponents")


def given_shuffles(rules: Ruleset, shuffles: object) -> tuple[tuple[int, ...], ...]:
    """``new_game``'s ``shuffles`` as card indices; ``TypeError``/``ValueError`` naming the parameter.
    Shuffles for rules that never shuffle mid-round (no duo looks at the deck's top, as Extra Salt's
    lobster does) are refused: they were taken and never used, a typo in ``rules`` unseen."""
    t = tables_for(rules)
    out = []
    problems = []
    given = list_of(shuffles, "shuffles", "deck orders, each a list of card ids (str), top first")
    if given and not any(effect == "look_at_top" for *_, effect in t.duos):
        raise ValueError(f"shuffles must be () for a game of {t.rules.id!r}: no duo of its rules shuffles the deck "
                         f"(Extra Salt's lobster does), not {brief(shuffles)}")
    for r, order in enumerate(given):
        string_list(order, f"shuffles[{r}]", "card ids")
        for i, card in enumerate(order):
            if card not in t.index:
                problems.append(Problem(pointer("shuffles", r, i), f"unknown card {brief(card)}", "card-known"))
        out.append(tuple(t.index[c] for c in order if c in t.index))
    if problems:
        raise InvalidInput(problems, f"shuffles: not what a game of {t.rules.id!r} is dealt:")
    return tuple(out)


def trios(t: Tables, hand: tuple[int, ...]) -> list[str]:
    """The ``trio:A+B+S`` actions ``hand`` (ascending, as the engine keeps hands) can make: each
    of its duos ``A`` < ``B`` (``Tables.duo_actions``) with each of its starfish ``S`` (the keys of
    ``Tables.trio_actions`` that ``hand`` holds; a starfish is never a duo's card: ``rules.check``)."""
    starfish = [f"+{t.ids[c]}" for c in hand if t.kind[c] == t.trio]
    if not starfish:
        return []
    duo_actions = t.duo_actions
    return [f"trio{duo[3:]}{s}" for i, a in enumerate(hand) for b in hand[i + 1:]
            if (duo := duo_actions[a][b]) is not None for s in starfish]


def legal(state: GameState, seat: int) -> tuple[str, ...] | None:
    """The legal actions of a bound seat, or of the lobster's choice; None: the base game's."""
    phase = state.phase
    if phase == "lobster":
        return tuple(sorted({f"lobster:{state.tables.ids[c]}" for c in state.drawn}))
    if state.bound >> seat & 1:
        if phase == "draw":
            return ("draw_one",) if state.deck else ("pass",)
        if phase == "play":
            return ("end",)
    return None


def handles(phase: str, action: str) -> bool:
    """Whether ``action`` is one of Extra Salt's (``apply`` makes it)."""
    return action == "draw_one" or phase == "lobster" or action.startswith("trio:")


def apply(state: GameState, seat: int, action: str, derived: Callable[[GameState], int]) -> GameState:
    """The state after ``seat`` takes one of Extra Salt's actions (legal: the engine has checked);
    ``derived``: the engine's generator seed for a game with none (from the game so far)."""
    t = state.tables
    hands = list(state.hands)
    log = ((seat, action, -1), state.log)
    if action == "draw_one":
        hands[seat] = tuple(sorted((*hands[seat], state.deck[0])))
        return state.evolve(phase="play", hands=tuple(hands), deck=state.deck[1:], log=log)
    if action.startswith("trio:"):
        a, b, s = t.trio_actions[action]
        hands[seat] = tuple(c for c in hands[seat] if c not in (a, b, s))
        played = list(state.played)
        played[seat] = (*played[seat], a, b, s)
        return state.evolve(hands=tuple(hands), played=tuple(played), log=log)
    kept = t.index[action.partition(":")[2]]
    rest = tuple(c for c in state.drawn if c != kept)
    hands[seat] = tuple(sorted((*hands[seat], kept)))
    state = state.evolve(phase="play", hands=tuple(hands), drawn=(), log=log)
    if not rest:
        return state
    deck, chance = _shuffle(state, (*state.deck, *rest), derived)
    return state.evolve(deck=deck, chance=chance, shuffles=(*state.shuffles, deck))


def _shuffle(state: GameState, cards: tuple[int, ...],
             derived: Callable[[GameState], int]) -> tuple[tuple[int, ...], Any]:
    """The deck order after a lobster's shuffle of ``cards``: the given one, else the generator's."""
    chance = state.chance
    if chance.shuffles_used < len(chance.shuffles):
        order = chance.shuffles[chance.shuffles_used]
        if Counter(order) != Counter(cards):
            t = state.tables
            raise IllegalAction(f"the record's shuffle is not an order of the {len(cards)} cards being shuffled "
                                f"(the deck and the cards the lobster put back: {', '.join(sorted(t.ids_of(cards)))})")
        return order, attrs.evolve(chance, shuffles_used=chance.shuffles_used + 1)
    if chance.rng is not None:
        rng, order = rng_mod.shuffled(chance.rng, cards)
        return tuple(order), attrs.evolve(chance, rng=rng)
    _, order = rng_mod.shuffled(derived(state), cards)  # no seed: from the game so far
    return tuple(order), chance


def effect(state: GameState, seat: int, effect: str, look: int) -> GameState | None:
    """A duo's Extra Salt effect (or the boat pair's on an empty deck); None: the base game's.
    ``look``: the played duo's own ``look`` (two ``look_at_top`` duos may differ; the other effects ignore it)."""
    t = state.tables
    if effect == "look_at_top":
        if not state.deck:
            return state
        return state.evolve(phase="lobster", drawn=state.deck[:look], deck=state.deck[look:])
    if effect == "restrict_opponents":
        everyone = (1 << state.players) - 1
        return state.evolve(bound=state.bound | (everyone & ~(1 << seat)))
    if effect == "extra_turn" and not state.deck and t.extra_turn_on_empty:
        if not any(state.piles):
            return state  # nothing to take a turn with: no effect
        turn_no = state.turn_no + 1
        last = list(state.last_turns)
        last[seat] = turn_no
        return state.evolve(phase="draw", turn_no=turn_no, last_turns=tuple(last))
    return None


def shuffle_problems(t: Tables, shuffles: Sequence[object], where: tuple[str | int, ...]) -> list[Problem]:
    """Why a record round's ``shuffles`` are not deck orders of card ids (pointers under ``where``)."""
    problems = []
    for k, order in enumerate(shuffles):
        if not isinstance(order, list):
            problems.append(Problem(pointer(*where, k), "a shuffle is a list of card ids, top first", "shuffle-cards"))
            continue
        for i, card in enumerate(order):
            if not isinstance(card, str) or card not in t.index:
                problems.append(Problem(pointer(*where, k, i), f"unknown card {brief(card)}", "card-known"))
    return problems
