"""Sea Salt & Paper for a person at the prompt: ``repr(state)`` / ``str(state)`` with card ids."""

from __future__ import annotations

from typing import Any

from ..core.display import counted, escaped_name
from ..terminal.wording import article, plural


def card_words(rules: Any, card_id: str) -> str:
    """A card in words and what it scores or does, read off the ruleset (variants and Extra Salt's
    cards included): the terminal's ``cards`` and the replay page's tooltip, e.g. ``captain-1: a
    captain, light orange — 3 points per sailor``. ``KeyError`` for an unknown id."""
    from .telling import effect_words, winning_mermaids

    card = rules.card(card_id)
    kind = card.kind
    said = []
    for duo in rules.duos:
        if kind in duo.kinds:
            other = duo.kinds[1] if duo.kinds[0] == kind else duo.kinds[0]
            said.append(f"duo with {article(other.replace('_', ' '))}: {counted(duo.points, 'point')}, played for its "
                        f"effect: {effect_words(duo.effect, duo.look)}")
    if kind in rules.collectors:
        table = rules.collectors[kind]
        said.append(f"collector: 1 to {len(table)} of them score {', '.join(map(str, table))} points")
    if kind in rules.multipliers:
        m = rules.multipliers[kind]
        said.append(f"{counted(m.points, 'point')} per {m.kind.replace('_', ' ')}")
    if kind == rules.mermaids.kind:
        own = " and ".join(sorted({c.colour.replace("_", " ") for c in rules.cards if c.kind == kind}))
        own = (f"the mermaids' own {own} counts as a colour" if rules.mermaids.count_own_colour
               else f"not counting the mermaids' own {own}")
        said.append("the first mermaid scores a point per card of your most common colour, the next your second "
                    f"colour, and so on ({own}); {winning_mermaids(rules)} in front of you "
                    f"{'wins' if rules.mermaids.win_with == 1 else 'win'} the game at once")
    said += _expansion_rules(rules, kind)
    words = f"{card.id}: {article(kind.replace('_', ' '))}, {card.colour.replace('_', ' ')}"
    return words + (" — " + "; ".join(said) if said else "")



def _expansion_rules(rules: Any, kind: str) -> list[str]:
    """What the trio card (Extra Salt's starfish) or the stand-in (its seahorse) of ``kind`` does, in
    words from the ruleset; [] for any other kind."""
    if rules.trio is not None and kind == rules.trio.kind:
        return [f"played with a duo from your hand, a trio: {counted(rules.trio.points, 'point')} in place of the "
                "duo's, and no effect; in your hand, it makes one pair in your hand a trio"]
    if rules.stand_in is not None and kind == rules.stand_in.kind:
        begun = ", ".join(plural(k.replace("_", " ")) for k in rules.collectors)
        return [f"in your hand, one more card of a collection you have begun ({begun}), where it scores the most "
                "points, never past the collection's maximum"]
    return []


def _ids(t: Any, cards: Any) -> str:
    return " ".join(t.ids_of(cards)) or "-"


def state_repr(state: Any) -> str:
    """One line: the ruleset, the round, the seat to act, the discard tops, each seat's hand (ids)."""
    t = state.tables
    tops = " / ".join(t.ids[p[-1]] if p else "-" for p in state.piles)
    hands = "; ".join(f"{s}: {_ids(t, h)}" for s, h in enumerate(state.hands))
    return (f"<Sea Salt & Paper {state.rules.id!r}, {counted(state.players, 'player')}, round {state.round + 1}, "
            f"{state.phase}, to act: {state.turn}; discards {tops}; hands {hands}; totals {list(state.totals)}>")


def state_text(state: Any) -> str:
    """Several lines: where the game is, the deck and discards, each seat's hand, cards played, total."""
    t = state.tables
    lines = [f"{escaped_name(state.rules.name)} [{state.rules.id}], {counted(state.players, 'player')}, "
             f"round {state.round + 1}, {state.phase}" + (f", seat {state.turn} to act" if state.turn >= 0 else "")
             + (f"; seed {state.seed}" if state.seed is not None else ""),
             f"  deck: {counted(len(state.deck), 'card')}; discard piles (top): "
             + " / ".join(t.ids[p[-1]] if p else "-" for p in state.piles)]
    for s in range(state.players):
        lines.append(f"  seat {s}: hand {_ids(t, state.hands[s])}; played {_ids(t, state.played[s])}; "
                     f"{counted(state.totals[s], 'point')}")
    return "\n".join(lines)
