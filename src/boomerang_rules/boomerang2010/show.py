"""Boomerang (2010) for a person at the prompt: ``repr(state)`` / ``str(state)`` with card ids."""

from __future__ import annotations

from typing import Any

from ..core.display import counted, escaped_name


def card_words(rules: Any, card_id: str) -> str:
    """A card in words, what captures it and how it scores, read off the ruleset: the terminal's
    ``cards`` and the replay page's tooltip, e.g. ``A1: an armadillo; lands: dunes, prairie — a
    token of dunes or prairie captures it; it counts towards the armadillo majority: at the end,
    whoever holds the most armadillo cards scores a point per armadillo card, tied leaders all``.
    ``KeyError`` for an unknown id."""
    card = rules.card(card_id)
    animal = card.animal.replace("_", " ")
    article = "an" if animal[:1] in "aeiou" else "a"
    lands = [land.replace("_", " ") for land in card.lands]
    return (f"{card.id}: {article} {animal}; lands: {', '.join(lands)} — a token of {' or '.join(lands)} captures "
            f"it; it counts towards the {animal} majority: at the end, whoever holds the most {animal} cards scores "
            f"a point per {animal} card, tied leaders all")


def _ids(t: Any, cards: Any) -> str:
    return " ".join(t.ids_of(tuple(cards))) or "-"


def state_repr(state: Any) -> str:
    """One line: the ruleset, the round and phase, the river, each seat's captures and boomerangs."""
    t = state.tables
    seats = "; ".join(f"{s}: captured {_ids(t, c)}, {counted(state.boomerangs[s], 'boomerang')}"
                      for s, c in enumerate(state.captured))
    return (f"<Boomerang (2010) {state.rules.id!r}, {counted(state.players, 'player')}, round {state.round + 1}, "
            f"{state.phase}; river {_ids(t, state.river)}; pot {state.pot}; {seats}>")


def state_text(state: Any) -> str:
    """Several lines: where the game is, the river, the pot, each seat's captures and boomerangs."""
    t = state.tables
    lines = [f"{escaped_name(state.rules.name)} [{state.rules.id}], {counted(state.players, 'player')}, "
             f"round {state.round + 1}, {state.phase}" + (f"; seed {state.seed}" if state.seed is not None else ""),
             f"  river: {_ids(t, state.river)}; deck: {counted(len(state.deck), 'card')}; "
             f"pot: {counted(state.pot, 'boomerang')}"]
    for s in range(state.players):
        lines.append(f"  seat {s}: captured {_ids(t, state.captured[s])}; {counted(state.boomerangs[s], 'boomerang')}")
    return "\n".join(lines)
