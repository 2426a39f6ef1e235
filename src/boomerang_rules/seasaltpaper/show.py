"""Sea Salt & Paper for a person at the prompt: ``repr(state)`` / ``str(state)`` with card ids."""

from __future__ import annotations

from typing import Any

from ..terminal.wording import article


def card_words(rules: Any, card_id: str) -> str:
    """A card in words, e.g. ``crab-3: a crab, light blue``. ``KeyError`` for an unknown id."""
    card = rules.card(card_id)
    return f"{card.id}: {article(card.kind.replace('_', ' '))}, {card.colour.replace('_', ' ')}"


def _ids(t: Any, cards: Any) -> str:
    return " ".join(t.ids_of(cards)) or "-"


def state_repr(state: Any) -> str:
    """One line: the ruleset, the round, the seat to act, the discard tops, each seat's hand (ids)."""
    t = state.tables
    tops = " / ".join(t.ids[p[-1]] if p else "-" for p in state.piles)
    hands = "; ".join(f"{s}: {_ids(t, h)}" for s, h in enumerate(state.hands))
    return (f"<Sea Salt & Paper {state.rules.id!r}, {state.players} players, round {state.round + 1}, "
            f"{state.phase}, to act: {state.turn}; discards {tops}; hands {hands}; totals {list(state.totals)}>")


def state_text(state: Any) -> str:
    """Several lines: where the game is, the deck and discards, each seat's hand, cards played, total."""
    t = state.tables
    lines = [f"{state.rules.name} [{state.rules.id}], {state.players} players, "
             f"round {state.round + 1}, {state.phase}" + (f", seat {state.turn} to act" if state.turn >= 0 else "")
             + (f"; seed {state.seed}" if state.seed is not None else ""),
             f"  deck: {len(state.deck)} cards; discard piles (top): "
             + " / ".join(t.ids[p[-1]] if p else "-" for p in state.piles)]
    for s in range(state.players):
        lines.append(f"  seat {s}: hand {_ids(t, state.hands[s])}; played {_ids(t, state.played[s])}; "
                     f"{state.totals[s]} points")
    return "\n".join(lines)
