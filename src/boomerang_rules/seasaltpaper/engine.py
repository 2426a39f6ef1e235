"""The pure transition functions of Sea Salt & Paper: start a game, ask who acts and what they may
do, apply it. One seat acts at a time; see ``state`` for the phases of a turn and the actions.

Chance (each round's shuffle, the first player, each steal's card) comes only from the game's
seeded generator (``core.rng``), or from outcomes a record gives.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

import attrs

from ..core import rng as rng_mod
from ..core.arguments import PLAIN_SEED_BITS, brief, optional_seed
from ..core.compiled import compiled
from ..core.display import escaped_name
from ..core.errors import IllegalAction, InvalidInput, Problem
from ..core.seats import check_players, check_seat, step_actions
from ..core.tuple_backed import NEW
from . import extra_salt
from .dealing import check_new_game, given_chances
from .rules import Ruleset
from .scoring import round_scores
from .state import FIELD, Chance, Entry, GameState, RoundResult, check_state
from .tables import COMPILED_CARDS, PILES, Tables, tables_for

_PILE = {name: i for i, name in enumerate(PILES)}
_TABLES, _TURN, _PHASE, _DECK, _PILES, _HANDS, _DRAWN, _CALLER, _LOG, _BOUND = (
    FIELD[name] for name in ("tables", "turn", "phase", "deck", "piles", "hands", "drawn", "caller", "log", "bound"))
_NEW = NEW
"""Positions in a state's tuple (``state.FIELD``) that the hot path reads."""


def new_game(rules: Ruleset, players: int, seed: int | None = None, *,
             decks: Sequence[Sequence[str]] | None = (), first: int | None = None,
             steals: Sequence[str] | None = (), shuffles: Sequence[Sequence[str]] | None = ()) -> GameState:
    """A new game for ``players`` seats, shuffled from a generator seeded by ``seed``.

    The same rules, player count and seed always give the same game, on every platform.
    ``decks`` (each round's deck order, card ids, top first), ``first`` (the first player) and
    ``steals`` (the cards the steals take, in order) give chance outcomes instead, as a game
    record does: each deck must hold every card once, ``first`` be a seat, each steal a card id
    (``TypeError``/``ValueError`` naming the parameter otherwise). Without a seed the game waits
    at a round it has no deck for. ``shuffles`` (Extra Salt): the deck order after each lobster
    shuffle, in game order (card ids, top first). None for any of them is none given, as
    Boomerang: Australia's ``deals`` and Boomerang (2010)'s ``deck`` take it.
    """
    if (rules.__class__ is Ruleset and seed.__class__ is int and decks is _NO_CHANCES and first is None
            and steals is _NO_CHANCES and shuffles is _NO_CHANCES and seed.bit_length() <= PLAIN_SEED_BITS):
        return _dealt(rules, players, seed)
    seed = optional_seed(seed)  # a numpy integer is the int it holds, as in every game
    if decks is None:  # none given
        decks = ()
    if steals is None:
        steals = ()
    if shuffles is None:
        shuffles = ()
    check_new_game(rules, seed, decks, first, steals)
    given_shuffles = extra_salt.given_shuffles(rules, shuffles)
    players = check_players(rules, players)
    if seed is None and not decks:
        raise InvalidInput([Problem("", "give a seed to shuffle from, or the decks", "deal-source")])
    t = tables_for(rules)
    given, first, stolen = given_chances(t, players, decks, first, steals)
    chance = Chance(None if seed is None else rng_mod.seed_state(seed), given, first, stolen, shuffles=given_shuffles)
    empty = tuple(() for _ in range(players))
    state = _NEW(GameState, (rules, t, players, 0, 0, -1, "deal", (), ((), ()), empty, empty, (), -1, -1, (), 0, 0,
                             (-1,) * players, (0,) * players, (), (), None, seed, (), chance, None, 0, ()))
    return _start_round(state, 0, None)


_NO_CHANCES: Sequence[Any] = ()
"""``new_game``'s default for the chance outcomes (the empty tuple): none given, the seed deals."""

_last_tables: list[Any] = [None, None]
"""The last ruleset ``_dealt`` dealt and its tables (``tables_for`` hashes the whole ruleset)."""


def _dealt(rules: Ruleset, players: int, seed: int) -> GameState:
    """``new_game`` dealt from ``seed`` alone (no outcomes given), built in one go: what
    ``_start_round(state, 0, None)`` makes of the waiting state (tests compare the two)."""
    players = check_players(rules, players)
    if rules is _last_tables[0]:
        t: Tables = _last_tables[1]
    else:
        t = tables_for(rules)
        _last_tables[:] = [rules, t]
    rng, deck = _shuffled(rng_mod.seed_state(seed), t.deck_size)
    rng, first = rng_mod.below(rng, players)
    empty = ((),) * players
    last_turns = (-1,) * first + (0,) + (-1,) * (players - first - 1)
    return _NEW(GameState, (rules, t, players, 0, first, first, "draw", deck[2:], ((deck[0],), (deck[1],)), empty,
                            empty, (), -1, -1, (), 0, 1, last_turns, (0,) * players, (), deck, None, seed, (),
                            Chance(rng), None, 0, ()))


def _start_round(state: GameState, round_no: int, first: int | None) -> GameState:
    """Shuffle (or take the given deck), start both discard piles, and give the first seat its turn."""
    t = state.tables
    chance = state.chance
    rng = chance.rng
    if round_no < len(chance.decks):
        deck = chance.decks[round_no]
    elif rng is not None:
        rng, deck = _shuffled(rng, t.deck_size)
    else:
        empty = tuple(() for _ in range(state.players))
        return state.evolve(round=round_no, turn=-1, phase="deal", first=-1 if first is None else first,
                            deck=(), piles=((), ()), hands=empty, played=empty, caller=-1, final=(), protected=0,
                            deck0=(), log=None)
    if first is None:
        if chance.first is not None:
            first = chance.first
        elif rng is not None:
            rng, first = rng_mod.below(rng, state.players)
        else:
            first = 0
    if rng != chance.rng:
        chance = _with_rng(chance, rng)
    empty = tuple(() for _ in range(state.players))
    if t.expansion:
        state = state.evolve(bound=0, shuffles=())
    return state.evolve(round=round_no, first=first, turn=first, phase="draw", deck=deck[2:],
                        piles=((deck[0],), (deck[1],)), hands=empty, played=empty, drawn=(), crab_pile=-1,
                        caller=-1, final=(), protected=0, turn_no=1,
                        last_turns=tuple(0 if s == first else -1 for s in range(state.players)),
                        deck0=deck, log=None, chance=chance)


def deal_waiting(state: GameState, deck: Sequence[int]) -> GameState:
    """``state``, a game waiting for its round's deck (phase ``deal``: its outcomes given, none
    seeded), dealt ``deck`` (card indices, top first) as a deck given in advance is: the round
    starts, its first player the one the last round's end named. ``rl.chance`` deals each round so;
    it replayed the whole game from its first deck instead, each round, which made a game of a
    thousand rounds (a ruleset whose rounds seldom score) take hours."""
    chance = attrs.evolve(state.chance, decks=(*state.chance.decks[:state.round], tuple(deck)))
    return _start_round(state.evolve(chance=chance), state.round, state.first if state.first >= 0 else None)


def _with_rng(chance: Chance, rng: int | None) -> Chance:
    """``attrs.evolve(chance, rng=rng)``, built directly (``attrs.evolve`` reads the class's fields
    at every call, once a round)."""
    return Chance(rng, chance.decks, chance.first, chance.steals, chance.steals_used, chance.shuffles,
                  chance.shuffles_used)


def shuffled_plain(state: int, n: int) -> tuple[int, tuple[int, ...]]:
    """A round's deck: ``rng.shuffled`` of the card indices (the reference of ``_accel.shuffled``)."""
    return rng_mod.shuffled(state, range(n))


_shuffled: Any = shuffled_plain
_round_points: Any = Tables.round_points
_entries: Any = GameState.entries
"""What a round's start and end use: the plain functions, or their compiled twins (``hot_path``
sets them where ``_accel`` serves; tests compare)."""


def to_act(state: GameState) -> tuple[int, ...]:
    """The seat that owes a decision now, as a 1-tuple; empty when the game is over."""
    if state.__class__ is not GameState:
        check_state(state)
    return (state.turn,) if state.turn >= 0 else ()


def is_over(state: GameState) -> bool:
    """Whether the game has ended (a target reached, or all mermaids placed)."""
    if state.__class__ is not GameState:
        check_state(state)
    return state.phase == "over"


def card_points(state: GameState, seat: int) -> int:
    """``seat``'s card points now (hand and played cards; no colour bonus)."""
    return state.tables.card_points(state.hands[seat], state.played[seat])


def hand_points(t: Tables, hand: tuple[int, ...], played: tuple[int, ...]) -> int:
    """The card points of ``hand`` (card indices, ascending, as the engine keeps hands) with
    ``played`` in front: ``Tables.card_points``, by its compiled twin where that serves (a bot
    weighing each card it may take asks many times a decision)."""
    points: int = _round_points(t, hand, played)[0]
    return points


def _duo_pairs(t: Tables, hand: tuple[int, ...]) -> list[tuple[int, int]]:
    pairs = []
    kind = t.kind
    for i, a in enumerate(hand):
        for b in hand[i + 1:]:
            ka, kb = kind[a], kind[b]
            for x, y, _, _ in t.duos:
                if (ka == x and kb == y) or (ka == y and kb == x):
                    pairs.append((a, b))
                    break
    return pairs


def duo_action(t: Tables, a: int, b: int) -> str:
    """The action that plays cards ``a`` and ``b`` as a duo (ids in deck order)."""
    if b < a:
        a, b = b, a
    return f"duo:{t.ids[a]}+{t.ids[b]}"


def _victims(state: GameState, seat: int) -> list[int]:
    return [s for s in range(state.players)
            if s != seat and state.hands[s] and not state.protected >> s & 1]


def _mermaids_in(t: Tables, hand: tuple[int, ...]) -> list[int]:
    return [c for c in hand if t.kind[c] == t.mermaid]


_LAST: list[tuple[object, tuple[str, ...]]] = [(None, ())]
"""The last state whose legal actions were made, and them: ``apply`` right after ``legal_actions``
(the common order) checks its action against them instead of making them again. One entry, one
rebinding at a time: threads sharing it at worst make them again."""


def legal_actions(state: GameState, seat: int) -> tuple[str, ...]:
    """What ``seat`` may do now, sorted; empty when it is not that seat's turn."""
    if state.__class__ is not GameState:
        check_state(state)
    if seat.__class__ is not int:
        seat = check_seat(state.players, seat)
    if seat != state[_TURN]:
        check_seat(state.players, seat)
        return ()
    last = _LAST[0]
    if last[0] is state:
        return last[1]
    legal = _legal(state, seat)
    _LAST[0] = (state, legal)
    return legal


def _legal(state: GameState, seat: int) -> tuple[str, ...]:
    """``legal_plain`` from the action tables (``Tables.duo_actions`` and the like; tests compare),
    Extra Salt's too: a bound seat's or the lobster's actions, and the trios beside the duos."""
    t = state[_TABLES]
    phase = state[_PHASE]
    if t.expansion and (state[_BOUND] or phase == "lobster"):  # else extra_salt.legal has nothing to say
        restricted = extra_salt.legal(state, seat)
        if restricted is not None:
            return restricted
    if phase == "play":
        hand = state[_HANDS][seat]
        held = sum(map(t.card_bit.__getitem__, hand))
        if (held & t.mermaid_cards).bit_count() >= t.win_with:
            return _MERMAIDS_ONLY  # whoever holds all the mermaids wins at once: nothing else to do
        duos = t.duo_actions
        partners = t.duo_partners
        out = []
        for a in hand:  # each card's partners in the hand, from bit masks (most cards have none)
            m = partners[a] & held
            while m:
                low = m & -m
                out.append(duos[a][low.bit_length() - 1])
                m ^= low
        if state[_CALLER] < 0 and card_points(state, seat) >= t.min_points:
            out += _CALLS
        out.append("end")
        if t.trio >= 0:
            out += extra_salt.trios(t, hand)
        out.sort()
        return tuple(out)
    if phase == "draw":
        take = t.take_actions
        out = [take[pile[-1]] for pile in state[_PILES] if pile]
        if state[_DECK]:
            out.append("draw")
        elif not out:
            return _PASS_ONLY
        out.sort()
        return tuple(out)
    if phase == "keep":
        keep = t.keep_actions
        empty = [p for p, pile in enumerate(state[_PILES]) if not pile]
        if len(empty) == 1:
            p = empty[0]
            out = [keep[c][p] for c in state[_DRAWN]]
        else:
            out = [action for c in state[_DRAWN] for action in keep[c]]
        out.sort()
        return tuple(out)
    return legal_plain(state, seat)


_CALLS = ("last_chance", "stop")
_PASS_ONLY = ("pass",)
_MERMAIDS_ONLY = ("mermaids",)


def legal_plain(state: GameState, seat: int) -> tuple[str, ...]:
    """The legal actions of ``seat`` (whose turn it is), read plainly: the reference ``_legal`` is
    tested against, and its stand-in for the rarer phases."""
    t = state.tables
    ids = t.ids
    phase = state.phase
    if t.expansion:
        restricted = extra_salt.legal(state, seat)
        if restricted is not None:
            return restricted
    if phase == "draw":
        out = ["draw"] if state.deck else []
        out += [f"take:{ids[pile[-1]]}" for pile in state.piles if pile]
        return tuple(sorted(out)) if out else ("pass",)
    if phase == "keep":
        empty = [p for p, pile in enumerate(state.piles) if not pile]
        piles = empty if len(empty) == 1 else range(len(PILES))
        return tuple(sorted(f"keep:{ids[c]}:{PILES[p]}" for c in state.drawn for p in piles))
    if phase == "play":
        hand = state.hands[seat]
        if len(_mermaids_in(t, hand)) >= t.win_with:  # the seed: whoever holds them all wins at once
            return ("mermaids",)
        out = sorted({duo_action(t, a, b) for a, b in _duo_pairs(t, hand)})
        if state.caller < 0 and card_points(state, seat) >= t.min_points:
            out += ["last_chance", "stop"]
        out.append("end")
        if t.trio >= 0:
            out += extra_salt.trios(t, hand)
        return tuple(sorted(out))
    if phase == "crab_pile":
        return tuple(sorted(f"pile:{PILES[p]}" for p, pile in enumerate(state.piles) if pile))
    if phase == "crab_card":
        return tuple(sorted({f"pick:{ids[c]}" for c in state.piles[state.crab_pile]}))
    if phase == "steal":
        return tuple(f"steal:{s}" for s in _victims(state, seat))
    return ()


def _log(state: GameState, seat: int, action: str, card: int = -1) -> object:
    entry: Entry = (seat, action, card)
    return (entry, state.log)


def _refuse(state: GameState, seat: object, action: object) -> IllegalAction:
    """Why ``action`` is not legal for ``seat`` now, in words."""
    if is_over(state):
        return IllegalAction("the game is over: no decisions are owed")
    number = check_seat(state.players, seat)
    if state.turn < 0:
        return IllegalAction(f"round {state.round + 1} has no deck yet: no decisions are owed")
    if number != state.turn:
        return IllegalAction(f"it is seat {state.turn}'s turn, not seat {number}'s")
    legal = legal_actions(state, number)
    t = state.tables
    text = action if isinstance(action, str) else ""  # not a string: no verb, the general refusal
    verb, _, rest = text.partition(":")
    if t.expansion and state.bound >> number & 1 and state.phase in ("draw", "play"):
        return IllegalAction(f"a jellyfish pair binds seat {number} this turn: it may only take the deck's top card "
                             f"(draw_one), then end its turn; legal: {', '.join(legal)}")
    if state.phase == "play" and legal == _MERMAIDS_ONLY:  # any other move: placing them would have been legal
        from .telling import winning_mermaids, winning_them

        them = winning_them(t.rules)
        return IllegalAction(f"seat {number} holds {winning_mermaids(t.rules)}: whoever holds {them} wins at once, so "
                             f"placing {them} (mermaids) is its only move")
    if state.phase == "play" and text in ("stop", "last_chance"):
        if state.caller >= 0:
            return IllegalAction(f"seat {state.caller} has called LAST CHANCE: nobody may end the round now")
        return IllegalAction(f"seat {number} has {card_points(state, number)} card points; ending the round "
                             f"takes {t.min_points}")
    if state.phase == "play" and verb == "duo":
        cards = rest.split("+")
        missing = [c for c in cards if c not in t.index or t.index[c] not in state.hands[number]]
        if missing:
            return IllegalAction(f"card {brief(missing[0])} is not in seat {number}'s hand")
        return IllegalAction(f"{' and '.join(cards)} are not a duo")
    if state.phase == "draw" and verb == "take":
        tops = ", ".join(t.ids[p[-1]] for p in state.piles if p) or "none: both piles are empty"
        return IllegalAction(f"card {brief(rest)} is not on top of a discard pile (tops: {tops})")
    if state.phase == "steal" and verb == "steal":
        # the seat as the action wrote it, escaped as a name a message quotes (a record's text)
        return IllegalAction(f"seat {escaped_name(rest)} cannot be stolen from: a revealed hand is protected, "
                             f"an empty hand has nothing, and a player cannot steal from themself (victims: "
                             f"{', '.join(a[6:] for a in legal)})")
    return IllegalAction(f"seat {number} may not {brief(action)} now ({state.phase} phase); legal: "
                         f"{', '.join(legal)}")


def apply(state: GameState, seat: int, action: str) -> GameState:
    """The state after ``seat`` takes ``action``. ``state`` itself is never changed.

    Raises ``IllegalAction`` (a ``ValueError``) saying why when the action is not legal.
    """
    if state.__class__ is not GameState:
        check_state(state)
    last = _LAST[0]  # legal_actions' own cache, read in place (the bench's order: legal_actions, then apply)
    if last[0] is not state or seat.__class__ is not int or seat != state[_TURN]:
        last = (state, legal_actions(state, seat))
    if (action.__class__ is not str and not isinstance(action, str)) or action not in last[1]:
        raise _refuse(state, seat, action)
    if seat.__class__ is not int or action.__class__ is not str:  # the int and the text they stand for, kept in
        seat, action = operator.index(seat), last[1][last[1].index(action)]  # the state and its record (JSON)
    phase = state[_PHASE]
    if action == "end":
        return _end_turn(state, seat, False, {"log": ((seat, action, -1), state[_LOG])})
    t = state[_TABLES]
    if t.expansion and extra_salt.handles(phase, action):
        return extra_salt.apply(state, seat, action, _derived_seed)
    if phase == "draw" or phase == "keep":  # the most played (with "end"): the new state built in place
        values = list(state)
        values[_LOG] = ((seat, action, -1), state[_LOG])
        values[_PHASE] = "play"
        hands = values[_HANDS]
        if action == "draw":
            deck = values[_DECK]
            if len(deck) >= 2:
                values[_PHASE] = "keep"
                values[_DRAWN] = deck[:2]
                values[_DECK] = deck[2:]
                return _NEW(GameState, values)
            values[_DECK] = ()
            card = deck[0]
        elif action == "pass":
            return _NEW(GameState, values)
        else:
            card, p = t.action_cards[action]
            piles = values[_PILES]
            if phase == "draw":  # take: the top card of a pile
                p = 0 if piles[0] and piles[0][-1] == card else 1
                piles = (piles[0][:-1], piles[1]) if p == 0 else (piles[0], piles[1][:-1])
            else:  # keep: the other card drawn goes on pile p
                drawn = values[_DRAWN]
                other = drawn[1] if drawn[0] == card else drawn[0]
                piles = ((*piles[0], other), piles[1]) if p == 0 else (piles[0], (*piles[1], other))
                values[_DRAWN] = ()
            values[_PILES] = piles
        hand = [*hands[seat], card]
        hand.sort()
        values[_HANDS] = hands[:seat] + (tuple(hand),) + hands[seat + 1:]
        return _NEW(GameState, values)
    verb, _, rest = action.partition(":")
    hands = list(state.hands)
    if phase == "crab_pile":
        return state.evolve(phase="crab_card", crab_pile=_PILE[rest], log=_log(state, seat, action))
    if phase == "crab_card":
        card = t.index[rest]
        piles = list(state.piles)
        pile = piles[state.crab_pile]
        at = pile.index(card)
        piles[state.crab_pile] = pile[:at] + pile[at + 1:]
        hands[seat] = tuple(sorted((*hands[seat], card)))
        # The pile's top taken (a one-card pile's included) changes the top every seat sees: the
        # card is then known to be in this hand, and the log says so (view._learn); any other is not.
        seen = card if at == len(pile) - 1 else -1
        return state.evolve(phase="play", crab_pile=-1, piles=(piles[0], piles[1]), hands=tuple(hands),
                            log=_log(state, seat, action, seen))
    if phase == "steal":
        return _steal(state, seat, int(rest), action)
    # the play phase
    if verb == "duo":
        return _play_duo(state, seat, action, [t.index[c] for c in rest.split("+")])
    if action == "mermaids":
        mermaids = _mermaids_in(t, hands[seat])[:t.win_with]
        hands[seat] = tuple(c for c in hands[seat] if c not in mermaids)
        played = list(state.played)
        played[seat] = (*played[seat], *mermaids)
        state = state.evolve(hands=tuple(hands), played=tuple(played), log=_log(state, seat, action))
        return _finish_round(state, "mermaids", seat)
    if action == "stop":
        return _finish_round(state.evolve(log=_log(state, seat, action)), "stop", seat)
    if action == "last_chance":
        n = state.players
        final = tuple((seat + k) % n for k in range(1, n))
        state = state.evolve(caller=seat, final=final, protected=state.protected | 1 << seat,
                             log=_log(state, seat, action))
        return _end_turn(state, seat, False, {})
    raise AssertionError(f"{action!r} is legal but not applied")  # every legal action is handled above


def step(state: GameState, actions: Sequence[str]) -> GameState:
    """The state after the seat to act takes ``actions[0]``: a step is one decision (one seat acts
    at a time). ``IllegalAction`` for anything but one action, or an illegal one."""
    if state.__class__ is not GameState:
        check_state(state)
    turn = state[_TURN]
    if (actions.__class__ is list or actions.__class__ is tuple) and len(actions) == 1 and turn >= 0:
        return apply(state, turn, actions[0])
    seats = to_act(state)
    if not seats:
        raise _refuse(state, 0, None)  # the game is over, or the round has no deck yet
    (action,) = step_actions(seats, actions)
    return apply(state, seats[0], action)  # type: ignore[arg-type]


def _play_duo(state: GameState, seat: int, action: str, cards: list[int]) -> GameState:
    t = state.tables
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c not in cards)
    played = list(state.played)
    played[seat] = (*played[seat], *sorted(cards))
    n, effect = t.duo_of_pair[(t.kind[cards[0]], t.kind[cards[1]])]
    state = state.evolve(hands=tuple(hands), played=tuple(played), log=_log(state, seat, action))
    if t.expansion:
        done = extra_salt.effect(state, seat, effect, t.duo_looks[n])
        if done is not None:
            return done
    if effect == "take_from_discard" and any(state.piles):
        return state.evolve(phase="crab_pile")
    if effect == "draw" and state.deck:
        hands[seat] = tuple(sorted((*hands[seat], state.deck[0])))
        return state.evolve(hands=tuple(hands), deck=state.deck[1:])
    if effect == "steal" and _victims(state, seat):
        return state.evolve(phase="steal")
    if effect == "extra_turn":
        return _end_turn(state, seat, True, {})
    return state  # no effect, or one that cannot happen: the pair is played all the same


def _steal(state: GameState, seat: int, victim: int, action: str) -> GameState:
    """Take a random card from ``victim``'s hand: the given one, or one drawn by the generator."""
    chance = state.chance
    hand = state.hands[victim]
    if chance.steals_used < len(chance.steals):
        card = chance.steals[chance.steals_used]
        if card not in hand:
            raise IllegalAction(f"the record says the steal took {state.tables.ids[card]!r}, which seat {victim} "
                                "does not hold")
        chance = attrs.evolve(chance, steals_used=chance.steals_used + 1)
    elif chance.rng is not None:
        rng, k = rng_mod.below(chance.rng, len(hand))
        card = hand[k]
        chance = attrs.evolve(chance, rng=rng)
    else:  # no seed: this draw from the game so far, and no dealer made of it (rounds still wait for decks)
        card = hand[rng_mod.below(_derived_seed(state), len(hand))[1]]
    hands = list(state.hands)
    hands[victim] = tuple(c for c in hand if c != card)
    hands[seat] = tuple(sorted((*hands[seat], card)))
    return state.evolve(phase="play", hands=tuple(hands), chance=chance,
                        log=_log(state, seat, action, card))


def _derived_seed(state: GameState) -> int:
    """A generator for a game with no seed (replayed from a record, then played on): seeded from
    the game so far, so that the same game always draws the same card."""
    import hashlib

    text = repr((state.round, state.deck0, state.entries(), state.totals)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def _end_turn(state: GameState, seat: int, extra: bool, changes: dict[str, Any]) -> GameState:
    """The end of ``seat``'s turn: the empty-deck check, LAST CHANCE's progress, the next turn.
    ``changes`` (fields of ``state``) are made with it, in the same new state."""
    t = state.tables
    final = state.final
    protected = state.protected
    caller = state.caller
    if caller >= 0 and not extra and final and final[0] == seat:
        final = final[1:]
        protected |= 1 << seat
    if t.expansion and state.bound >> seat & 1:
        changes = {**changes, "bound": state.bound & ~(1 << seat)}  # a jellyfish binds one turn
    if not state.deck and (caller < 0 or t.deck_ends_last_chance):
        return _finish_round(state.evolve(final=final, protected=protected, **changes), "empty_deck", seat)
    if caller >= 0 and not final:
        return _finish_round(state.evolve(final=final, protected=protected, **changes), "last_chance", caller)
    if extra:
        nxt = seat
    elif caller >= 0:
        nxt = final[0]
    else:
        nxt = (seat + 1) % state.players
    turn_no = state.turn_no + 1
    last = list(state.last_turns)
    last[nxt] = turn_no
    return state.evolve(turn=nxt, phase="draw", final=final, protected=protected, turn_no=turn_no,
                        last_turns=tuple(last), **changes)


def _finish_round(state: GameState, end: str, ender: int) -> GameState:
    """Score the round (unless the deck ran out), then start the next one or end the game."""
    t = state.tables
    n = state.players
    # the packed counts of the tables (Extra Salt's remembered), or their compiled twin, which scores the base
    # game's tables and hands any other to them (a round's end was a third of a random game's time; tests
    # compare both with points_of)
    scored = [_round_points(t, hand, played) for hand, played in zip(state.hands, state.played)]
    cards = tuple(p[0] for p in scored)
    bonuses = tuple(p[1] for p in scored)
    if end in ("stop", "last_chance"):
        scores = round_scores(cards, bonuses, ender, "stop" if end == "stop" else "last_chance")
    else:
        scores = (0,) * n
    result = RoundResult(state.deck0, state.first, _entries(state), end, ender, state.hands, state.played,
                         cards, bonuses, scores, state.last_turns, state.shuffles if t.expansion else ())
    totals = tuple(a + b for a, b in zip(state.totals, scores))
    history = (*state.history, result)
    state = state.evolve(totals=totals, history=history, turn=-1, drawn=(), crab_pile=-1)
    # once over, round is the number of rounds played (docs/api.md), as in every game
    if end == "mermaids":
        return state.evolve(phase="over", round=state.round + 1, winners_=(ender,))
    if max(totals) >= _target(t, n):
        return state.evolve(phase="over", round=state.round + 1, winners_=_winners(t, totals, result))
    return _start_round(state, state.round + 1, (ender + 1) % n)


def _target(t: Tables, players: int) -> int:
    """The points that end the game (the compiled round's end calls this too)."""
    target: int = t.rules.target(players)
    return target


def _winners(t: Tables, totals: tuple[int, ...], last: RoundResult) -> tuple[int, ...]:
    """The seats with the most points, the tie broken by the ruleset's tie-break (else shared)."""
    best = max(totals)
    tied = [s for s, total in enumerate(totals) if total == best]
    if len(tied) == 1:
        return tuple(tied)
    rule = t.rules.tie_break
    if rule == "last-round-points":
        key = [last.scores[s] for s in tied]
    elif rule == "ended-last-round":
        key = [1 if s == last.ender else 0 for s in tied]
    else:
        key = [last.last_turns[s] for s in tied]
    top = max(key)
    return tuple(s for s, k in zip(tied, key) if k == top)


def winners(state: GameState) -> tuple[int, ...]:
    """The winning seats (several for a shared win); ``()`` before the end."""
    if state.__class__ is not GameState:
        check_state(state)
    return state.winners_


COMPILED: Any = compiled(__package__)
"""The compiled hot path (``_accel``; ``hot_path`` sets it up and picks it), or None where it is
not built or ``BOOMERANG_RULES_PURE`` asks for the plain code (``core.compiled``, as every game)."""

ENGINE = ("compiled hot path (seasaltpaper/_accel)" if COMPILED is not None
          else "plain Python (seasaltpaper/_accel not built, or BOOMERANG_RULES_PURE set)")
"""Which engine serves the package's ``apply`` and ``legal_actions`` for the rulesets it compiles
(``serving`` says for a given ruleset)."""


def serving(rules: Ruleset) -> str:
    """Which engine serves ``apply``, ``legal_actions`` and ``step`` for ``rules`` (``bench`` prints
    it): ``ENGINE``, unless the compiled path takes none of this ruleset's decisions: its tables
    hold no ``compiled`` tuple, so the compiled ``apply``, ``legal_actions`` and ``step`` hand every
    decision to the plain functions; the line then names what of the ruleset they do not play
    (``plain_reasons``)."""
    tables = tables_for(rules)
    if COMPILED is not None and tables.compiled is None:
        return ("plain Python (seasaltpaper/_accel is built, but its apply, legal_actions and step hand every "
                f"decision of this ruleset to the plain functions: {', '.join(plain_reasons(tables))})")
    return ENGINE


def plain_reasons(tables: Tables) -> tuple[str, ...]:
    """What of a ruleset (its ``tables_for``) the compiled path does not play, in words: why its
    tables hold no ``compiled`` tuple (``()`` when they do)."""
    too_many = ((f"a deck of {tables.deck_size} cards, more than {COMPILED_CARDS}",)
                if tables.deck_size > COMPILED_CARDS else ())
    return tables.expansion_reasons + too_many
