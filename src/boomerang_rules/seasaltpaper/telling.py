"""Sea Salt & Paper's actions in words: to the player choosing one (``describe_action``) and of
whoever took one (``told``), shared by the command line's story and prompts and by the replay page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.display import counted
from ..terminal.wording import says, verb_for
from .tables import PILES, Tables

EFFECTS = {"take_from_discard": "look through a discard pile of your choice and take any card",
           "extra_turn": "take another turn at once", "draw": "take the top card of the deck",
           "steal": "take a random card from another player's hand", "none": "no effect",
           "look_at_top": "look at the {top} of the deck, keep one, shuffle the rest back",
           "restrict_opponents": "on their next turn the others may only take the deck's top card, and may not "
                                 "play cards or end the round"}
"""Each duo effect in words, to the player; ``effect_words`` fills in a ``look_at_top`` duo's number."""

_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _top(look: int) -> str:
    """``top N cards`` in words (``top card`` for one)."""
    return "top card" if look == 1 else f"top {_COUNTS[look] if look < len(_COUNTS) else look} cards"


def effect_words(effect: str, look: int | None = None, gains: bool = False) -> str:
    """A duo's effect in words: to its player, or (``gains``) what it gave, told of whoever played it.
    A ``look_at_top`` duo says its own ``look`` (a ruleset sets it; the expansion's lobster: five)."""
    words = (_GAINS.get(effect, ": " + effect) if gains else EFFECTS.get(effect, effect))
    return words.format(top=_top(5 if look is None else look))


def winning_mermaids(rules: Any) -> str:
    """The mermaids whose placing wins, in words, from the ruleset (``mermaids.win_with``): ``all 4
    mermaids`` when they are every mermaid of the deck (the rulebook's four), else ``3 mermaids``, which
    are not all; the number in figures, as every text of the mermaids' count writes it."""
    return f"{'all ' if _every_mermaid(rules) else ''}{counted(rules.mermaids.win_with, 'mermaid')}"


def winning_them(rules: Any) -> str:
    """The pronoun of the winning mermaids, ``them`` or ``it`` (where one mermaid wins: ``whoever holds
    it``), so that a text agrees in number with ``winning_mermaids``."""
    return "it" if rules.mermaids.win_with == 1 else "them"


def winning_count(rules: Any) -> str:
    """The number of mermaids whose placing wins, ``all 4`` or ``3`` (``winning_mermaids`` without its
    noun, for a text that names the mermaids already)."""
    return f"{'all ' if _every_mermaid(rules) else ''}{rules.mermaids.win_with}"


def _every_mermaid(rules: Any) -> bool:
    """Whether the mermaids that win are every mermaid of the deck (then the texts say "all")."""
    return bool(rules.mermaids.win_with == sum(card.kind == rules.mermaids.kind for card in rules.cards))


def in_words(t: Tables, card_id: str) -> str:
    """A card in words for a person (its id back when the game has no such card)."""
    return t.describe(t.index[card_id]) if card_id in t.index else card_id


def describe_action(t: Tables, action: str, mine: bool = True, tops: Any = None,
                    names: Sequence[str] | None = None, deck: int | None = None) -> str:
    """An action in words, for a person (``mine``: as its player sees it; ``tops``: the discard
    piles' top cards, to name the pile a card is taken from; ``names``: the players' names, for
    the one a steal takes from, else "seat N"; ``deck``: the cards in the deck before it, for a
    ``draw`` of its last card, which is kept and discards nothing)."""
    verb, _, rest = action.partition(":")
    extra = _extra_salt(t, action if action == "draw_one" else verb, rest, mine)
    if extra is not None:
        return extra[0]
    if verb == "draw":
        if deck == 1:
            return "take the last card of the deck (nothing to discard)"
        return "draw the top two cards of the deck, keep one, discard the other"
    if verb == "take":
        return f"take {in_words(t, rest)} from the top of {_pile_of(rest, tops)}"
    if verb == "keep":
        card, _, pile = rest.partition(":")
        return f"keep {in_words(t, card) if mine else 'a card'}, discard the other onto the {pile} pile"
    if verb == "duo":
        a, _, b = rest.partition("+")
        effect, look = _effect(t, a, b)
        return f"play {in_words(t, a)} + {in_words(t, b)} as a duo: {effect_words(effect, look)}"
    if verb == "pile":
        return f"look through the {rest} discard pile"
    if verb == "pick":  # the card taken goes to a hand: the others do not see which one
        return f"take {in_words(t, rest) if mine else 'a card'} from that pile"
    if verb == "steal":
        return f"steal a random card from {victim(rest, names)}"
    if action == "last_chance" and not mine:
        return "LAST CHANCE: ends the round; the others take a last turn; bets on having the most card points"
    return {"mermaids": f"place {winning_mermaids(t.rules)} in front of you and win the game",
            "stop": "STOP: end the round, everyone scores their cards",
            "last_chance": "LAST CHANCE: end the round; the others take a last turn; bet you will have the most",
            "end": "end your turn", "pass": "nothing to take: pass"}.get(action, action)


_GAINS = {"take_from_discard": ": a look through a discard pile", "extra_turn": ": another turn",
          "draw": ": the deck's top card", "steal": ": a card stolen from another hand", "none": "",
          "look_at_top": ": a look at the deck's {top}", "restrict_opponents": ": the others' next turn bound"}
"""What a duo's effect gives, told of whoever played it (``EFFECTS`` says it to the player)."""


def _effect(t: Tables, a: str, b: str) -> tuple[str, int]:
    """The effect of the duo ``a`` + ``b`` (card ids), "none" if they are none, and its ``look``."""
    if a not in t.index or b not in t.index:
        return "none", 0
    n, effect = t.duo_of_pair.get((t.kind[t.index[a]], t.kind[t.index[b]]), (-1, "none"))
    return effect, t.duo_looks[n] if n >= 0 else 0


def draws_unseen(t: Tables, action: str, deck: int | None = None) -> bool:
    """Whether ``action`` takes a card from the deck that only its player sees: a duo whose effect
    draws (the fish duo), the top card a jellyfish lets a bound seat take (``draw_one``), or a
    ``draw`` of the deck's last card (``deck``: the cards in the deck before it), kept with no
    choice to name it. ``play`` and ``replay`` name that card to its player (and the whole table's
    replay to all)."""
    if action == "draw_one":
        return True
    if action == "draw":
        return deck == 1
    verb, _, rest = action.partition(":")
    a, _, b = rest.partition("+")
    return verb == "duo" and _effect(t, a, b)[0] == "draw"


def _extra_salt(t: Tables, verb: str, rest: str, mine: bool) -> tuple[str, str, str] | None:
    """Extra Salt's actions: (as its player is told, verb, as the others are told); None for others."""
    if verb == "draw_one":
        return "take the top card of the deck (a jellyfish binds you)", "takes", "the top card of the deck"
    if verb == "lobster":  # the card kept goes to a hand: the others do not see which one
        kept = in_words(t, rest) if mine else "one of the cards"
        return f"keep {kept}, shuffle the rest back into the deck", "keeps", f"{kept} and shuffles the rest back"
    if verb == "trio":
        a, b, c = rest.split("+")
        cards = f"{in_words(t, a)} + {in_words(t, b)} + {in_words(t, c)}"
        points = t.rules.trio.points if t.rules.trio is not None else 0  # the ruleset's worth (Extra Salt's: 3)
        return (f"play {cards} as a trio: {counted(points, 'point')}, no effect", "plays",
                f"{cards} as a trio (no effect)")
    return None


def _pile_of(card: str, tops: Any) -> str:
    """Which discard pile ``card`` tops, in words ("the left pile"), or "a discard pile" unknown."""
    names = [PILES[p] for p, top in enumerate(tops or ()) if top == card]
    return f"the {names[0]} pile" if len(names) == 1 else "a discard pile"


def victim(seat: str, names: Sequence[str] | None) -> str:
    """The player a steal takes from: by name ("you" for "You"), or "seat N" without names."""
    if names is None or not seat.isdigit() or int(seat) >= len(names):
        return f"seat {seat}"
    name = names[int(seat)]
    return "you" if name == "You" else name


def told(t: Tables, action: str, name: str, mine: bool = True, tops: Any = None, first: bool = True,
         names: Sequence[str] | None = None, deck: int | None = None) -> str:
    """What ``name`` did, told in the third person ("Ana keeps ...", "You keep ..."); ``mine``: as
    its player saw it (else a card kept or taken into the hand stays hidden); ``tops``: the discard
    piles' top cards before the action, to name the pile a card was taken from; ``first``: with the
    name (else the verb alone, for a clause after an earlier one); ``deck``: the cards in the deck
    before the action (a ``draw`` of the last one takes it alone)."""
    verb, _, rest = action.partition(":")
    extra = _extra_salt(t, action if action == "draw_one" else verb, rest, mine)
    if verb == "draw" and extra is None:
        said = ("takes", "the last card of the deck") if deck == 1 else ("draws", "the top two cards of the deck")
    elif extra is not None:
        said = (extra[1], extra[2])
    elif verb == "take":
        said = ("takes", f"{in_words(t, rest)} from the top of {_pile_of(rest, tops)}")
    elif verb == "keep":
        card, _, pile = rest.partition(":")
        kept = in_words(t, card) if mine else "one"
        said = ("keeps", f"{kept} and {verb_for(name, 'discards')} the other onto the {pile} pile")
    elif verb == "duo":
        a, _, b = rest.partition("+")
        effect, look = _effect(t, a, b)
        said = ("plays", f"{in_words(t, a)} + {in_words(t, b)} as a duo{effect_words(effect, look, gains=True)}")
    elif verb == "pile":
        said = ("looks", f"through the {rest} discard pile")
    elif verb == "pick":
        said = ("takes", f"{in_words(t, rest) if mine else 'a card'} from that pile")
    elif verb == "steal":
        said = ("steals", f"a random card from {victim(rest, names)}")
    else:
        said = {"mermaids": ("wins", f"the game: {winning_mermaids(t.rules)} placed"),
                "stop": ("calls", "STOP: the round ends, everyone scores their cards"),
                "last_chance": ("calls", "LAST CHANCE: the round ends after the others' last turn; a bet on "
                                                "having the most card points"),
                "end": ("ends", "the turn"), "pass": ("passes", "(nothing to take)")}.get(action, ("plays", action))
    return f"{says(name, said[0]) if first else verb_for(name, said[0])} {said[1]}"
