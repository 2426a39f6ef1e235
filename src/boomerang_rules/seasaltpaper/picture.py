"""A Sea Salt & Paper record as pictures: its score sheets as SVG, its game as a page to step through.

Each seat's sheet is the round-by-round table a table keeps on paper: how each round ended
(STOP, LAST CHANCE and whether the caller's bet was won, the deck running out, the mermaids placed),
the seat's card points (the mermaids' share beside them), its colour bonus where a LAST CHANCE
counts it, what it scored and the running total towards the target; the winner's sheet framed.
Text only from the record, escaped; no script, nothing fetched.
"""

from __future__ import annotations

import math
from typing import Any

from ..core.display import counted
from ..core.page import note_height, page_html, picture_names, sheet_note, svg_note, svg_sheet_frame, svg_start
from ..core.page import svg_text as _text
from ..core.textbox import text_width

ROW_H, PAD, GAP = 20, 12, 10
COLUMNS = (("Cards", "cards"), ("Mermaids", "mermaids"), ("Bonus", "bonus"), ("Scored", "scored"),
           ("Total", "total"))
"""The number columns of a sheet, right-aligned after "Round" and "How it ended": label and row key."""
ENDED_MAX = 250
"""The widest the "How it ended" column grows; a longer end (a long name) is cut with "…", whole in
its tooltip."""


def columns(parts: list[dict[str, Any]]) -> tuple[int, list[tuple[str, str, float, str]], float]:
    """The sheet's width, its columns each (label, row key, x of its anchor from the sheet's
    left, anchor), and the room of "How it ended", from the widths of the texts they hold: nothing
    overlaps in any renderer."""
    rounds = max((len(p["rows"]) for p in parts), default=0)
    x = 10.0
    round_w = max(text_width("Round", 11, True), text_width(str(max(rounds, 1)), 12))
    out = [("Round", "round", x + round_w / 2, "middle")]
    x += round_w + GAP
    ended_w = max([text_width("How it ended", 11, True)]
                  + [text_width(row["ended"], 11) for p in parts for row in p["rows"]])
    ended_w = min(ended_w, ENDED_MAX)
    out.append(("How it ended", "ended", x, "start"))
    x += ended_w
    for label, key in COLUMNS:
        values = [str(row[key]) for p in parts for row in p["rows"] if row[key] is not None] + ["999"]
        x += GAP + max([text_width(label, 11, True)] + [text_width(v, 12, key == "total") for v in values])
        out.append((label, key, x, "end"))
    return math.ceil(x + 10), out, ended_w


def bet_won(result: Any) -> bool:
    """Whether a LAST CHANCE caller's bet held: its card points at least everyone else's."""
    mine = result.card_points[result.ender]
    return all(mine >= p for s, p in enumerate(result.card_points) if s != result.ender)


def how_it_ended(result: Any, names: list[str], rules: Any) -> str:
    """A finished round's end in a few words, e.g. ``LAST CHANCE by Ana: bet lost`` (the mermaids
    placed: as many as the ruleset's ``win_with``)."""
    who = names[result.ender]
    if result.end == "stop":
        return f"STOP by {who}"
    if result.end == "last_chance":
        return f"LAST CHANCE by {who}: bet {'won' if bet_won(result) else 'lost'}"
    if result.end == "mermaids":
        win_with = rules.mermaids.win_with
        return f"{who}: {counted(win_with, 'mermaid')}, wins"
    return "the deck ran out: no score"


def sheet_parts(state: Any, names: list[str]) -> list[dict[str, Any]]:
    """What each seat's sheet shows, as plain data: one row a finished round."""
    from .scoring import points_of

    t = state.tables
    n = state.players
    over = state.phase == "over"
    totals = [0] * n
    rows: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    for result in state.history:
        scored = result.end in ("stop", "last_chance")
        ended = how_it_ended(result, names, state.rules)
        for s in range(n):
            totals[s] += result.scores[s]
            points = points_of(t, result.hands[s], result.played[s])
            rows[s].append({"ended": ended, "cards": result.card_points[s] if scored else None,
                            "mermaids": points.mermaids if scored else None,
                            "bonus": result.bonuses[s] if result.end == "last_chance" else None,
                            "scored": result.scores[s], "total": totals[s]})
    best = set(state.winners_) if over else set()
    return [{"name": names[s], "rows": rows[s], "total": state.totals[s], "winner": s in best} for s in range(n)]


def sheet_svg(state: Any, names: list[str]) -> str:
    """The SVG document of every seat's score sheet, side by side."""
    names = picture_names(names)  # escaped as replay writes them (core.page)
    rules = state.rules
    target = rules.target(state.players)
    parts = sheet_parts(state, names)
    sheet_w, cols, ended_room = columns(parts)
    rounds = len(state.history)
    from .sheets import tie_words
    over = state.phase == "over"
    note, note_class = sheet_note(over, tie_words(rules, state.totals, state.history, names) if over else None)
    width = PAD + len(parts) * (sheet_w + PAD)
    note_h = note_height(width, note)
    height = PAD * 2 + 30 + ROW_H * (rounds + 1) + 14 + ROW_H * 3 + note_h
    out = svg_start(width, height, rules.name, "#f4f8fb")
    for s, part in enumerate(parts):
        x0 = PAD + s * (sheet_w + PAD)
        y = PAD
        out += svg_sheet_frame(s, x0, y, sheet_w, height - 2 * PAD - note_h, part["name"], part["winner"], "#1f5f8b")
        y += 30
        for label, _key, x, anchor in cols:
            out.append(_text(x0 + x, y + 14, label, 11, anchor, "bold"))
        y += ROW_H
        for r, row in enumerate(part["rows"]):
            out.append(f'<line x1="{x0 + 6}" y1="{y + 4}" x2="{x0 + sheet_w - 6}" y2="{y + 4}" stroke="#ddd"/>')
            out.append(f'<g class="round" data-round="{r + 1}">')
            for _label, key, x, anchor in cols:
                if key == "round":
                    out.append(_text(x0 + x, y + 18, str(r + 1), 12, anchor))
                elif key == "ended":
                    out.append(_text(x0 + x, y + 18, row["ended"], 11, anchor, cls="ended", fit=ended_room))
                else:
                    value = row[key]
                    shown = "" if value is None or (key == "mermaids" and value == 0) else str(value)
                    out.append(_text(x0 + x, y + 18, shown, 12, anchor, "bold" if key == "total" else "normal",
                                     cls=key))
            out.append("</g>")
            y += ROW_H
        y += 14
        reached = part["total"] >= target
        out.append(_text(x0 + 10, y + 16, f"Target: {target} points", 13))
        out.append(_text(x0 + sheet_w - 10, y + 16, "reached" if reached else f"{target - part['total']} to go",
                         13, "end"))
        y += ROW_H
        out.append(_text(x0 + 10, y + 16, "Total", 13, weight="bold"))
        out.append(_text(x0 + sheet_w - 10, y + 16, str(part["total"]), 13, "end", "bold", cls="total"))
        out.append("</g>")
    if note:
        out.append(svg_note(width, height, note, note_class))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def replay_frames(record: dict[str, Any], rules: Any, names: list[str],
                  seat: int | None = None) -> tuple[list[dict[str, Any]], Any]:
    """The game of a valid record as frames, one per turn (and one per round's end): the discard
    piles and the deck, each seat's hand, cards played, card points now and total. ``seat``: only
    what that seat could see (its ``view``), each turn told as ``replay --seat`` tells it: the
    others' hands by their number of cards (a hand shown to all, as a LAST CHANCE caller's, and the
    hands a scored round's end reveals, whole), their card points hidden with them."""
    from ..core.seats import check_seat
    from ..terminal.wording import says
    from .engine import apply, new_game
    from .scoring import points_of
    from .tables import PILES
    from .telling import draws_unseen, in_words, told

    names = picture_names(names)  # escaped as replay writes them (core.page)

    n = len(names)
    seat = None if seat is None else check_seat(n, seat)  # as view checks it, before any frame is drawn
    rounds = record["rounds"]
    steals = [e[2] for rnd in rounds for e in rnd["actions"] if len(e) == 3]
    shuffles = [order for rnd in rounds for order in rnd.get("shuffles", [])]  # Extra Salt's lobster
    state = new_game(rules, n, decks=[rnd["deck"] for rnd in rounds], first=rounds[0]["first"], steals=steals,
                     shuffles=shuffles)
    t = state.tables
    frames: list[dict[str, Any]] = []

    def board(st: Any) -> list[Any]:
        out: list[Any] = [f"Deck: {counted(len(st.deck), 'card')}."]
        for p, pile in enumerate(st.piles):
            size = counted(len(pile), "card")
            out += [f"{PILES[p].capitalize()} discard pile ({size}), top:", [t.ids[pile[-1]]] if pile else "empty"]
        return out

    def frame(title: str, note: str, st: Any, hands: Any = None, played: Any = None, brd: Any = None) -> None:
        if seat is not None:
            frames.append(seen_frame(title, note, st, seat, names, None if hands is None else state, brd))
            return
        hands = st.hands if hands is None else hands
        played = st.played if played is None else played
        frames.append({"title": title, "note": note, "board": board(st) if brd is None else brd, "seats": [
            {"name": names[s], "cells": [list(t.ids_of(hands[s])), list(t.ids_of(played[s])),
                                         str(points_of(t, hands[s], played[s]).card_points)],
             "total": st.totals[s]} for s in range(n)]})

    for r, rnd in enumerate(rounds):
        frame(f"Round {r + 1}: the deal", f"{says(names[state.first], 'begins')}; hands start empty", state)
        said: list[str] = []
        turn = 0
        for s, action, *rest in rnd["actions"]:
            before = state
            mine = seat is None or seat == s  # what the others do not see: a card kept, picked or drawn
            tops = [t.ids[p[-1]] if p else None for p in state.piles]
            if seat is None:
                text = told(t, action, names[s], tops=tops, first=not said, deck=len(state.deck))
                if action.startswith("steal:"):
                    victim = names[int(action[6:])]
                    text = text.replace(f"from seat {action[6:]}", f"from {'you' if victim == 'You' else victim}")
                if rest:
                    text += f": {t.describe(t.index[rest[0]])}"
            else:  # as replay --seat tells it
                text = told(t, action, names[s], mine, tops=tops, first=not said, names=names,
                            deck=len(state.deck))
                if rest:  # a steal's card: seen by the thief and the one stolen from
                    text += f": {in_words(t, rest[0]) if seat in (s, int(action[6:])) else 'a card'}"
            said.append(text)
            state = apply(state, s, action)
            if seat is not None and mine and draws_unseen(t, action, len(before.deck)) and state.round == r:
                drawn = [c for c in state.hands[s] if c not in before.hands[s]]
                if drawn:  # the card drawn, named to its player as play names it
                    said[-1] += f", {in_words(t, t.ids[drawn[0]])}"
            if state.round != r or state.phase == "over":
                turn += 1
                result = state.history[r]
                frame(f"Round {r + 1}, turn {turn}: {names[s]}", "; ".join(said), before, result.hands,
                      result.played)
                frame(f"Round {r + 1} ends: {how_it_ended(result, names, rules)}", _round_note(result, names, rules),
                      state, result.hands, result.played, brd=[])
                break
            if state.turn != s or action == "end":
                turn += 1
                frame(f"Round {r + 1}, turn {turn}: {names[s]}", "; ".join(said), state)
                said = []
        else:
            if said:  # an unfinished game stops in the middle of a turn
                frame(f"Round {r + 1}, turn {turn + 1}: {names[state.turn]} (unfinished)", "; ".join(said), state)
    return frames, state


def seen_frame(title: str, note: str, st: Any, seat: int, names: list[str], ended: Any = None,
               brd: Any = None) -> dict[str, Any]:
    """One frame as ``seat`` sees the table of ``st`` (its view): the board, its own hand and card
    points, the others' as their number of cards and "hidden" (whole where their hand lies face up);
    ``ended``: a state past a round's end, whose last finished round the frame shows instead (the
    hands a scored end reveals; an unscored end reveals none)."""
    from ..core.page import hidden_cards
    from .scoring import points_of
    from .tables import PILES
    from .view import view

    t = st.tables
    seen = view(st, seat)
    if brd is None:
        brd = [f"Deck: {counted(seen.deck_size, 'card')}."]
        for p, (top, size) in enumerate(zip(seen.pile_tops, seen.pile_sizes)):
            brd += [f"{PILES[p].capitalize()} discard pile ({counted(size, 'card')}), top:",
                    [top] if top is not None else "empty"]
    if ended is None:
        hands = [seen.hand if s == seat else seen.revealed[s] for s in range(seen.players)]
        sizes, played = seen.hand_sizes, seen.played
    else:
        past = view(ended, seat).past_rounds[-1]
        mine = ended.history[-1].hands[seat]  # the seat's own hand at its round's end
        hands = [t.ids_of(mine) if s == seat else past.hands[s] if past.hands is not None else None
                 for s in range(seen.players)]
        sizes, played = tuple(len(h) for h in ended.history[-1].hands), past.played
    cells: list[list[Any]] = []
    for s in range(seen.players):
        held = hands[s]
        if held is None:
            cells.append([hidden_cards(sizes[s]), list(played[s]), "hidden"])
            continue
        points = points_of(t, tuple(t.index[c] for c in held), tuple(t.index[c] for c in played[s]))
        cells.append([list(held), list(played[s]), str(points.card_points)])
    return {"title": title, "note": note, "board": brd,
            "seats": [{"name": names[s], "cells": cells[s], "total": seen.totals[s]} for s in range(seen.players)]}


def _round_note(result: Any, names: list[str], rules: Any) -> str:
    """What each seat scored in a finished round, and why (the mermaids placed: the ruleset's number)."""
    from .telling import winning_mermaids

    if result.end == "empty_deck":
        return "The deck ran out at the end of a turn: the round ends and nobody scores."
    if result.end == "mermaids":
        return f"{names[result.ender]} has placed {winning_mermaids(rules)} and wins the game at once."
    parts = [f"{names[s]} {result.scores[s]}" for s in range(len(names))]
    if result.end == "stop":
        return "Everyone scores their card points: " + ", ".join(parts) + "."
    how = ("the caller has at least everyone's card points: card points and colour bonus for the caller, the "
           "colour bonus for the others" if bet_won(result) else
           "someone has more card points than the caller: the caller scores only the colour bonus, the others "
           "their card points")
    return f"LAST CHANCE: {how}. Scored: " + ", ".join(parts) + "."


EXPLAIN = ("Each step is one turn: what the player did, then the table after it. Card points are what the hand "
           "and the cards played would score if the round ended now (no colour bonus); the total changes when a "
           "round ends, by what the round's end gives (STOP: card points; LAST CHANCE: the bet).")


COLOURS = {"black": "#222222", "dark_blue": "#1f3a93", "green": "#27ae60", "grey": "#95a5a6",
           "light_blue": "#5dade2", "light_orange": "#f5b041", "orange": "#e67e22", "pink": "#f19cbb",
           "purple": "#8e44ad", "white": "#dddddd", "yellow": "#f4d03f"}
"""The cards' colours on the page (white drawn light grey, to show on a white card)."""


def card_faces(rules: Any) -> dict[str, dict[str, str]]:
    """Every card as the page shows it: its kind, its colour named and as a band, and the card in
    words (the terminal's) as its tooltip."""
    from ..core.page import PALETTE, card_face
    from .show import card_words

    out = {}
    for i, c in enumerate(rules.cards):
        colour = COLOURS.get(c.colour, PALETTE[i % len(PALETTE)])
        out[c.id] = card_face(c.kind.replace("_", " "), c.colour.replace("_", " "), colour, card_words(rules, c.id))
    return out


SEAT_EXPLAIN = ("Only what {name} could see at each moment: each turn told as {name} saw it (a card another player "
                "keeps, picks from a pile, draws or steals stays hidden), {name}'s own hand and card points, the "
                "others' hands by their number of cards (whole when laid face up: a LAST CHANCE caller's, and "
                "everyone's at a scored round's end). Card points are what the hand and the cards played would "
                "score if the round ended now (no colour bonus); the total changes when a round ends.")


def replay_html(record: dict[str, Any], rules: Any, names: list[str], seat: int | None = None) -> str:
    """One self-contained page that steps through the game turn by turn, the sheets at the end;
    ``seat``: only what that seat could see (``replay --html --seat``)."""
    from ..core.page import seen_by

    names = picture_names(names)  # escaped as replay writes them (core.page)
    frames, state = replay_frames(record, rules, names, seat)
    svg = sheet_svg(state, names) if state.phase == "over" else None
    explain = EXPLAIN if seat is None else SEAT_EXPLAIN.format(name=names[seat])
    return page_html(seen_by(rules.name, names, seat), ["Player", "Hand", "Played", "Card points now", "Total"],
                     frames, svg, explain, card_faces(rules))
