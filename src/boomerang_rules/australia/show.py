"""Boomerang: Australia for a person at the prompt: a card in words, a state that reads.

``repr(state)`` and ``str(state)`` come from here: card ids and seat numbers, never bit masks.
A state is omniscient (every hand shows); a seat's view is ``br.view(state, seat)``.
"""

from __future__ import annotations

from typing import Any

from ..core.display import counted, escaped_name
from .tables import bits


def _words(value: str | None) -> str:
    return value.replace("_", " ") if value else "none"


def card_words(rules: Any, card_id: str) -> str:
    """What a player reads on the real card and what it scores, e.g. ``A: The Bungle Bungles
    (Western Australia), number 1; collection: leaves (1 point), animal: none, activity:
    indigenous culture (an icon; the activity you choose scores by its icons); its site: 1 point
    when you first cross it off``.
    ``KeyError`` for an id the ruleset has no card for."""
    card = rules.card(card_id)
    region = next((r.name for r in rules.regions if r.id == card.region), _words(card.region))
    collection = _words(card.collection)
    if card.collection:
        value = rules.scoring.collections.values.get(card.collection, 0)
        collection += f" ({counted(value, 'point')})"
    animal = _words(card.animal)
    if card.animal:
        animal += f" ({rules.scoring.animals.values.get(card.animal, 0)} points a pair)"
    activity = _words(card.activity) + (" (an icon; the activity you choose scores by its icons)" if card.activity
                                        else "")
    site = rules.scoring.site_points
    return (f"{card.id}: {escaped_name(card.site)} ({escaped_name(region)}), number {card.number}; "
            f"collection: {collection}, "
            f"animal: {animal}, activity: {activity}; its site: {counted(site, 'point')} when you first "
            "cross it off")


def _hand(t: Any, mask: int) -> str:
    return " ".join(t.ids_of(bits(mask))) or "-"


def _where(state: Any) -> str:
    rules = state.rules
    if state.round >= rules.rounds:
        return "game over"
    step = state.step
    picks = rules.hand_size - 2  # the Throw, these picks, then the Catch, which is no decision
    at = "the Throw" if step == 0 else ("the activity choice" if step > picks else f"pick {step} of {picks}")
    return f"round {state.round + 1} of {rules.rounds}, {at}"


def state_repr(state: Any) -> str:
    """One line: the ruleset, where the game is, each seat's hand and cards taken (ids)."""
    t = state.tables
    seats = "; ".join(f"{s}: hand {_hand(t, state.hands[s])} taken {' '.join(t.ids_of(d)) or '-'}"
                      for s, d in enumerate(state.drafted))
    return f"<Boomerang: Australia {state.rules.id!r}, {counted(state.players, 'player')}, {_where(state)}; {seats}>"


def state_text(state: Any) -> str:
    """Several lines: where the game is, and per seat its hand, its cards taken this round,
    its sites crossed off and its total so far."""
    from ..core.games import game_module

    t = state.tables
    totals = [sheet.total for sheet in game_module("boomerang-australia").score_sheets(state)]
    lines = [f"{escaped_name(state.rules.name)} [{state.rules.id}], {counted(state.players, 'player')}, "
             f"{_where(state)}" + (f"; seed {state.progress.seed}" if state.progress.seed is not None else "")]
    waiting = [s for s in range(state.players) if state[5] >> s & 1]
    for s in range(state.players):
        sites = len(bits(state.progress.visited[s]))
        taken = " ".join(t.ids_of(state.drafted[s])) or "-"
        lines.append(f"  seat {s}: hand {_hand(t, state.hands[s])}; taken {taken}; {counted(sites, 'site')}; "
                     f"{counted(totals[s], 'point')}")
    if waiting and state.round < state.rules.rounds:
        lines.append("  to act: " + ", ".join(map(str, waiting)))
    return "\n".join(lines)
