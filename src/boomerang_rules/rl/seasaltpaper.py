"""Sea Salt & Paper for learning agents: a fixed action numbering and observations from the seat's view.

The game numbers no actions of its own, so this module does, per ruleset: ``draw``, ``pass``,
``end``, ``stop``, ``last_chance``, ``mermaids``, then ``take:CARD``, ``keep:CARD:PILE``,
``pile:PILE``, ``pick:CARD``, ``steal:SEAT`` and every ``duo:A+B`` the deck allows. Observations
are a table of fields (``fields``) read from the state as the seat's ``view`` shows it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from ..core.display import counted
from ..seasaltpaper import actions, chance
from ..seasaltpaper.hot_path import legal_actions, to_act
from ..seasaltpaper.rules import Ruleset
from ..seasaltpaper.state import GameState
from ..seasaltpaper.tables import PILES, tables_for
from .encoding import Encoder, Field, last_by_identity, mask_of, masks_by_legal
from .openspiel_games import GameDescription

PHASES = ("draw", "keep", "play", "crab_pile", "crab_card", "steal", "over")


def action_names(rules: Ruleset) -> tuple[str, ...]:
    """Every action a game under ``rules`` can offer, in a fixed order: action ``i`` is ``action_names[i]``."""
    return actions.action_names(rules)


@lru_cache(maxsize=32)
def action_index(rules: Ruleset) -> Mapping[str, int]:
    """Each action's number under ``rules`` (``action_names`` read backwards), made once a ruleset:
    ``legal_mask`` looks up every legal action of every decision in it. Read-only: the one cached
    mapping is every caller's, and a caller's write would renumber every later mask."""
    return MappingProxyType({name: i for i, name in enumerate(action_names(rules))})


def legal_mask(state: Any, seat: int) -> int:
    """``seat``'s legal actions as a bit mask over ``action_names``."""
    index = action_index(state.rules)
    mask = 0
    for action in legal_actions(state, seat):
        mask |= 1 << index[action]
    return mask


ROUNDS_CAP = 50
"""Where the ``round`` entry saturates (a game may go on for ever in principle: rounds the deck ends score nothing)."""


def fields(rules: Ruleset, players: int) -> tuple[Field, ...]:
    """Sea Salt & Paper's observation as a table of fields (``encoding.Encoder`` reads it).

    Read from the state, each field as the seat's ``view`` shows it: the drawn cards and a crab
    duo's pile only to the seat at its turn, a hand only to its holder until a LAST CHANCE
    reveals it.
    """
    t = tables_for(rules)
    n = players
    seats = range(n)
    ids = t.ids
    deck = len(ids)
    cap = 2 * rules.target(players)

    nothing = (0,) * n  # a seat's row of no cards, shared (read, never written)
    own_seats = tuple(1 << k for k in seats)  # each seat's own number, one-hot (the ``seat`` field)

    holding = ("keep", "lobster")  # the phases holding drawn cards: most steps hold none

    def drawn(s: Any) -> Sequence[int]:
        if s.phase not in holding:
            return nothing
        return [mask_of(s.drawn) if k == s.turn else 0 for k in seats]

    phases = (*PHASES, "lobster") if any(d.effect == "look_at_top" for d in rules.duos) else PHASES

    def pile_tops(s: Any) -> Sequence[int]:
        return [1 << p[-1] if p else 0 for p in s.piles]

    def chosen_pile(s: Any) -> Sequence[int]:
        if s.phase != "crab_card":
            return nothing
        return [mask_of(s.piles[s.crab_pile]) if k == s.turn else 0 for k in seats]

    def revealed(s: Any) -> Sequence[int]:
        if s.phase == "over" or not s.protected:
            return nothing
        return [mask if s.protected >> k & 1 else 0 for k, mask in enumerate(card_masks(s.hands))]

    one_hot = [[int(k == j) for k in seats] for j in range(n)]
    nobody = [0] * n
    card_masks = last_by_identity(lambda groups: [mask_of(c) for c in groups])
    played_masks = last_by_identity(lambda groups: [mask_of(c) for c in groups])
    protected = last_by_identity(lambda bits: [bits >> k & 1 for k in seats])
    sizes = last_by_identity(lambda groups: [len(c) for c in groups])
    pile_sizes = last_by_identity(lambda piles: [len(p) for p in piles])

    def flag(attribute: str) -> Callable[[Any], Sequence[int]]:
        def read(s: Any) -> Sequence[int]:
            at = getattr(s, attribute)
            return one_hot[at] if at >= 0 else nobody
        return read

    return (
        Field("hand", "own", ids, lambda s: card_masks(s.hands), "the observer's hand",
              op=("masks", "hands", None)),
        Field("drawn", "own", ids, drawn, "the two cards it has just drawn (while keeping one)",
              op=("turn_mask", "drawn", (n, holding, None))),
        Field("pile_tops", "shared", ids, pile_tops, "the top card of each discard pile", rows=PILES,
              op=("tops", "piles", None)),
        Field("chosen_pile", "own", ids, chosen_pile, "the whole pile it chooses a card from after a crab duo",
              op=("turn_mask", "piles", (n, ("crab_card",), "crab_pile"))),
        Field("played", "seat", ids, lambda s: played_masks(s.played),
              "the cards each seat has placed in front of it", op=("masks", "played", None)),
        Field("revealed", "seat", ids, revealed, "hands revealed by a LAST CHANCE",
              op=("bit_masks", "hands", (n, "protected", ("over",)))),
        Field("pile_sizes", "shared", PILES, lambda s: pile_sizes(s.piles),
              "cards in each discard pile, divided by the deck's size", bound=deck, op=("lens", "piles", None)),
        Field("deck", "shared", ("deck",), lambda s: (len(s.deck),), "cards left in the deck, divided by its size",
              bound=deck, op=("len", "deck", None)),
        Field("hand_sizes", "seat", ("cards",), lambda s: sizes(s.hands),
              "cards in each seat's hand, divided by the deck's size", bound=deck, op=("lens", "hands", None)),
        Field("turn", "seat", ("turn",), flag("turn"), "the seat whose turn it is (one-hot)",
              op=("one_hot", "turn", n)),
        Field("caller", "seat", ("caller",), flag("caller"), "the seat that called LAST CHANCE this round (one-hot)",
              op=("one_hot", "caller", n)),
        Field("protected", "seat", ("protected",), lambda s: protected(s.protected),
              "seats whose revealed hands may not be stolen from", op=("bits", "protected", n)),
        Field("phase", "shared", phases, lambda s: (1 << phases.index(s.phase) if s.phase in phases else 0,),
              "the phase of the turn (one-hot; Extra Salt's lobster choice last)", op=("index", "phase", phases)),
        Field("round", "shared", ("round",), lambda s: (min(s.round, ROUNDS_CAP),),
              f"rounds played before this one, divided by {ROUNDS_CAP} (saturating there)", bound=ROUNDS_CAP,
              op=("int", "round", ROUNDS_CAP)),
        Field("scores", "seat", ("total",), lambda s: [min(x, cap) for x in s.totals],
              "each seat's game total, divided by twice the game's target (saturating there)", bound=cap,
              op=("ints", "totals", cap)),
    ) + ((Field("bound", "seat", ("bound",), lambda s: protected(s.bound),
                "Extra Salt: the seats a jellyfish pair binds for their next turn", op=("bits", "bound", n)),)
         if any(d.effect == "restrict_opponents" for d in rules.duos) else ()) + (
        Field("seat", "own", tuple(str(k) for k in seats), lambda s: own_seats,
              "the observer's own seat number (one-hot), which `steal:SEAT` actions name: row `+k` of a "
              "per-seat slice is seat (seat + k) % players", op=("seat_bits", "players", n)),
    )


def totals(state: Any) -> tuple[int, ...]:
    """Each seat's game total (the finished rounds')."""
    found: tuple[int, ...] = state.totals
    return found


def describe(state: GameState) -> str:
    """The public table, the envs' ``render``: round and phase, the deck and the discard piles' tops,
    each seat's total, hand size and cards played (no hidden card: never a hand nor a drawn pair).
    Who acts is said after it, in every game alike (``GameAdapter.describe``)."""
    def cards(n: int) -> str:
        return counted(n, "card")

    t = state.tables
    over = state.phase == "over"
    lines = [f"round {state.round if over else state.round + 1}, "
             + ("game over" if over else state.phase)]
    piles = "; ".join(f"{PILES[p]} {t.ids[pile[-1]]} ({cards(len(pile))})" if pile else f"{PILES[p]} empty"
                      for p, pile in enumerate(state.piles))
    lines.append(f"  deck: {cards(len(state.deck))}; discard piles: {piles}")
    for seat, (hand, played) in enumerate(zip(state.hands, state.played)):
        lines.append(f"  player_{seat}: {counted(state.totals[seat], 'point'):>10}  hand: {cards(len(hand))}  played: "
                     f"{' '.join(t.ids_of(played)) or '-'}")
    return "\n".join(lines)


def encoder(rules: Ruleset, players: int) -> Encoder:
    """Sea Salt & Paper's ``Encoder``: its field table, read plainly, over ``action_names``."""
    return Encoder(rules, players, fields(rules, players), len(action_names(rules)),
                   masks_by_legal(legal_actions, legal_mask), to_act, state_type=GameState)


MAX_ROUNDS = 100
"""The fewest rounds the OpenSpiel game plays before it is cut off (``max_rounds``)."""


def max_rounds(rules: Ruleset, players: int) -> int:
    """The rounds the OpenSpiel game plays at most: Sea Salt & Paper has no bound of its own (a round
    the deck ends scores nothing, and any number of them may follow), so, as OpenSpiel's own Go, the
    game is cut off there (``cut_off``) and scored as it stands. The larger of ``MAX_ROUNDS`` and the
    target: random play's longest games took 7 rounds to the rulebook's targets (300 games of each
    player count) and 154, 180 and 210 to the schema's highest, 1,000 (2, 3 and 4 players, 12 each), so
    only a game whose seats keep rounds from scoring is cut."""
    return max(MAX_ROUNDS, int(rules.target(players)))


def _cut_off(rules: Ruleset, players: int, state: GameState) -> bool:
    """Whether the OpenSpiel game ends here: ``max_rounds`` rounds played and the game not over."""
    return len(state.history) >= max_rounds(rules, players)


def _max_game_length(rules: Ruleset, players: int) -> int:
    """``max_rounds`` rounds, each at most: the deck order, the first player, at most ``deck + 3`` turns
    (each takes a card, and the piles only grow by the draws' discards) of draw, keep and end, at
    most ``deck / 2`` duos with two effect decisions and a steal each, and a new deck order for each
    ``look_at_top`` duo (Extra Salt's lobster shuffles the deck back: up to a deck of outcomes)."""
    deck = len(rules.cards)
    kinds = Counter(card.kind for card in rules.cards)
    looks = min(sum(kinds[a] // 2 if a == b else min(kinds[a], kinds[b]) for a, b in
                    (duo.kinds for duo in rules.duos if duo.effect == "look_at_top")), deck // 2)
    return max_rounds(rules, players) * (deck + 1 + 3 * (deck + 3) + 4 * (deck // 2 + 1) + looks * deck)


def round_points_bound(rules: Ruleset) -> int:
    """More than one seat can score in a round: each part of the card points at its most over the whole
    deck (every duo its most pairs, each trio's gain, every collection complete, every multiplier over
    all its cards, each mermaid over the commonest colours) plus the colour bonus over the whole deck.
    A round's points are at most the card points and the colour bonus (a LAST CHANCE caller's)."""
    t = tables_for(rules)
    kinds = [t.kind.count(k) for k in range(len(t.kinds))]
    ranked = sorted((t.colour.count(c) for c in range(len(t.colours))), reverse=True)
    pairs = [kinds[a] // 2 if a == b else min(kinds[a], kinds[b]) for a, b, _, _ in t.duos]
    duos = sum(points * n for (_, _, points, _), n in zip(t.duos, pairs))
    if t.trio >= 0:
        duos += max(t.trio_gain, 0) * min(kinds[t.trio], sum(pairs))
    collectors = sum(max(table, default=0) for _, table in t.collectors)
    multipliers = sum(kinds[k] * kinds[m] * points for k, m, points in t.multipliers)
    mermaids = sum(ranked[:kinds[t.mermaid]]) if t.mermaid >= 0 else 0
    return duos + collectors + multipliers + mermaids + (ranked[0] if ranked else 0)


def max_total(rules: Ruleset, players: int) -> float:
    """OpenSpiel's ``max_utility``: the highest final total. A seat ends the game's last round below the
    target (else the game was over) and scores at most ``round_points_bound`` in it; twice the target,
    where the observation's ``scores`` saturate, is no bound (a seat one short of the target that hoards
    for a round ends far past it)."""
    return float(rules.target(players) - 1 + round_points_bound(rules))


OPENSPIEL: tuple[GameDescription, ...] = (
    GameDescription("sea_salt_paper", "Sea Salt & Paper", "sea-salt-paper", "sea-salt-paper", 4, False, chance,
                    ("hand", "drawn", "chosen_pile"), max_total, _max_game_length, _cut_off),
)
"""The game's OpenSpiel game (``rl.openspiel`` registers it): one seat at a time, each deck order drawn
card by card (``seasaltpaper.chance``); 4 players by default, as every game's OpenSpiel game and every
env of ``rl`` (``gym.DEFAULT_PLAYERS``, ``pettingzoo.env``, ``vector.VectorEnv``)."""


def top_total_wins(rules: Any, players: int, top: int) -> bool:
    """Whether a finished game's one seat of the highest total is its winner (``rl.vector``'s
    ``"win"`` reads the batch's totals, and replays a game only where this is False): once that total
    reached the target; below it, four mermaids ended the game and their holder won, whatever the totals."""
    return top >= int(rules.target(players))
