"""A Boomerang (2010) record as pictures: its score sheets as SVG, its game as a page to step through.

Each seat's sheet is the score the rules count at the end: for every animal the cards captured
and the points (the cards, where the seat has the most of that animal or ties for the most,
starred; else 0), the boomerangs still held and the sets of them that score, the total; the
winner's sheet framed, and a tie broken by boomerangs said so. Text only from the record,
escaped; no script, nothing fetched.
"""

from __future__ import annotations

import math
from typing import Any

from ..core.display import counted
from ..core.page import note_height, page_html, picture_names, sheet_note, svg_note, svg_sheet_frame, svg_start
from ..core.page import svg_text as _text
from ..core.textbox import text_width

SHEET_W, ROW_H, PAD = 300, 20, 12
"""The narrowest a sheet is, the height of a row, the margin around the sheets."""
CARDS_END = 170
"""Where the cards column ends (its numbers right-aligned) when the animals' names leave it there."""


def columns(parts: list[dict[str, Any]]) -> tuple[int, int]:
    """Where the cards column ends and how wide a sheet is: room for the widest animal's name (bold,
    starred), then the cards, "tied" and the points. An animal's id may have 64 characters, whose
    name ran over the numbers and out of a sheet laid out for the shipped animals."""
    rows = [row for part in parts for row in part["rows"]]
    animal_w = max([text_width("Animal", 11, True)] + [text_width(row["animal"] + " ★", 12, True) for row in rows])
    cards_w = max([text_width("Cards", 11, True)] + [text_width(str(row["cards"]), 12) for row in rows])
    points_w = max([text_width("Points", 11, True)] + [text_width(str(row["points"]), 12) for row in rows])
    cards_end = max(CARDS_END, math.ceil(10 + animal_w + 12 + cards_w))
    return cards_end, max(SHEET_W, math.ceil(cards_end + 10 + text_width("tied", 10) + 12 + points_w + 14))


def sheet_parts(state: Any, names: list[str]) -> list[dict[str, Any]]:
    """What each seat's sheet shows, as plain data."""
    from .engine import is_over
    from .sheets import score_sheets, winners

    rules = state.rules
    sheets = score_sheets(state)
    best = set(winners(state)) if is_over(state) else set()
    totals = [s.total for s in sheets]
    tie_broken = len(best) == 1 and totals.count(max(totals)) > 1
    out = []
    for s, sheet in enumerate(sheets):
        rows = []
        for animal in rules.animals:
            most = max(other.cards[animal] for other in sheets)
            tied = sum(1 for other in sheets if other.cards[animal] == most)
            leads = sheet.cards[animal] == most and most > 0
            rows.append({"animal": animal, "cards": sheet.cards[animal], "points": sheet.animals[animal],
                         "most": leads, "tied": leads and tied > 1})
        out.append({"name": names[s], "rows": rows, "boomerangs": sheet.boomerangs, "sets": sheet.sets,
                    "total": sheet.total, "winner": s in best, "tie_broken": tie_broken and s in best})
    return out


def sheet_svg(state: Any, names: list[str]) -> str:
    """The SVG document of every seat's score sheet, side by side."""
    names = picture_names(names)  # escaped as replay writes them (core.page)
    rules = state.rules
    parts = sheet_parts(state, names)
    from .engine import is_over
    from .scoring import tie_words
    from .sheets import score_sheets
    over = is_over(state)
    note, note_class = sheet_note(over, tie_words(score_sheets(state), rules.tie_breakers, names) if over else None)
    cards_end, sheet_w = columns(parts)
    width = PAD + len(parts) * (sheet_w + PAD)
    note_h = note_height(width, note)
    height = PAD * 2 + 30 + ROW_H * (len(rules.animals) + 1) + 10 + ROW_H * 4 + note_h
    out = svg_start(width, height, rules.name, "#fbf6ec")
    for s, part in enumerate(parts):
        x0 = PAD + s * (sheet_w + PAD)
        y = PAD
        out += svg_sheet_frame(s, x0, y, sheet_w, height - 2 * PAD - note_h, part["name"], part["winner"], "#a0522d")
        y += 30
        out.append(_text(x0 + 10, y + 14, "Animal", 11, weight="bold"))
        out.append(_text(x0 + cards_end, y + 14, "Cards", 11, "end", "bold"))
        out.append(_text(x0 + sheet_w - 14, y + 14, "Points", 11, "end", "bold"))
        y += ROW_H
        for row in part["rows"]:
            out.append(f'<line x1="{x0 + 6}" y1="{y + 4}" x2="{x0 + sheet_w - 6}" y2="{y + 4}" stroke="#ddd"/>')
            mark = " ★" if row["most"] else ""
            out.append(_text(x0 + 10, y + 18, row["animal"] + mark, 12, weight="bold" if row["most"] else "normal",
                             cls="animal-most" if row["most"] else "animal"))
            out.append(_text(x0 + cards_end, y + 18, str(row["cards"]), 12, "end", cls="cards"))
            if row["tied"]:
                out.append(_text(x0 + cards_end + 10, y + 18, "tied", 10))
            out.append(_text(x0 + sheet_w - 14, y + 18, str(row["points"]), 12, "end", cls="points"))
            y += ROW_H
        y += 10
        per = rules.boomerangs_per_point
        for label, value, cls in ((f"Boomerangs held: {part['boomerangs']}", "", ""),
                                  (f"Sets of {counted(per, 'boomerang')}", str(part["sets"]), "sets"),
                                  ("Total", str(part["total"]), "total")):
            bold = "bold" if label == "Total" else "normal"
            out.append(_text(x0 + 10, y + 16, label, 13, weight=bold))
            out.append(_text(x0 + sheet_w - 14, y + 16, value, 13, "end", bold, cls=cls))
            y += ROW_H
        if part["tie_broken"]:
            out.append(_text(x0 + 10, y + 14, "tied on points: most boomerangs wins", 11))
        out.append("</g>")
    if note:
        out.append(svg_note(width, height, note, note_class))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def card_faces(rules: Any) -> dict[str, dict[str, str]]:
    """Every card as the page shows it: its animal, its id and lands, a colour an animal, and the
    card in words (the terminal's) as its tooltip."""
    from ..core.page import PALETTE, card_face
    from .show import card_words

    colour = {a: PALETTE[i % len(PALETTE)] for i, a in enumerate(rules.animals)}
    return {c.id: card_face(c.animal.replace("_", " "), f"{c.id} · {'/'.join(c.lands)}".replace("_", " "),
                            colour.get(c.animal, "#888"), card_words(rules, c.id)) for c in rules.cards}


def replay_frames(record: dict[str, Any], rules: Any, names: list[str],
                  seat: int | None = None) -> tuple[list[dict[str, Any]], Any]:
    """The game of a valid record as frames: each round's river, the tokens, every hunt decision and
    the capture; each seat's token, captured cards, boomerangs and score if the game ended then.
    ``seat``: only what that seat could see (its ``view``), as ``replay --seat`` tells it: of a
    round's tokens its own, the others' face down until the capture reveals them."""
    from ..core.seats import check_seat
    from ..terminal.wording import says, verb_for, whose
    from .engine import apply, new_game
    from .rules import THROW
    from .sheets import score_sheets
    from .view import view

    names = picture_names(names)  # escaped as replay writes them (core.page)

    n = len(names)
    seat = None if seat is None else check_seat(n, seat)  # as view checks it, before any frame is drawn
    state = new_game(rules, n, deck=record["deck"])
    t = state.tables
    frames: list[dict[str, Any]] = []

    def frame(title: str, note: str, st: Any, tokens: Any = None, between: bool = False,
              revealed: bool = False) -> None:
        """``between``: ``st`` has already turned up the next round's river; show the one before;
        ``revealed``: the capture has turned the tokens over."""
        if seat is not None and tokens is not None and not revealed:  # before the capture: the seat's token alone
            tokens = seen_tokens(view(st, seat))
        sheets = score_sheets(st)
        river = st.river[:len(st.river) - len(st.turned)] if between else st.river
        deck = len(st.deck) + (len(st.turned) if between else 0)
        board: list[Any] = [f"Deck: {counted(deck, 'card')}. River:",
                            list(t.ids_of(river)) or "empty"]
        if st.phase == "hunt":
            board.append(f"Pot: {counted(st.pot, 'boomerang')}.")
        frames.append({"title": title, "note": note, "board": board, "seats": [
            {"name": names[s], "cells": [tokens[s] if tokens else "-", list(t.ids_of(st.captured[s])),
                                         ", ".join(f"{a} {k}" for a, k in sheets[s].cards.items() if k) or "-",
                                         str(st.boomerangs[s])],
             "total": sheets[s].total} for s in range(n)]})

    for r, rnd in enumerate(record["rounds"]):
        turned = " ".join(rnd["turned"]) or "nothing"
        frame(f"Round {r + 1}: the river", f"{says(names[state.first], 'opens')} the hunt; turned up: {turned}", state)
        tokens = rnd.get("tokens")
        if tokens is None:
            break
        for s in range(n):
            state = apply(state, s, tokens[s])
        frame(f"Round {r + 1}: the hunting grounds", "Each player has chosen a land, face down (shown here)."
              if seat is None else f"Each player has chosen a land, face down: {says(names[seat], 'chooses')} "
              f"{tokens[seat]}; the others' are revealed at the capture.", state, tokens)
        for k, action in enumerate(rnd.get("hunt", [])):
            s = state.active[0]
            if action == THROW:
                note = f"{says(names[s], 'throws')} a boomerang into the pot (pot {state.pot + 1})"
            else:
                note = (f"{says(names[s], 'passes')} and {verb_for(names[s], 'takes')} the pot ({state.pot}); "
                        f"{whose(names[s])} token goes on the stack")
            before = state
            state = apply(state, s, action)
            if state.round != r:
                frame(f"Round {r + 1}, hunt {k + 1}: {names[s]}", note, before, tokens)
                log = state.history[r]
                caps = [f"{names[w]} ({t.lands[log.tokens[w]]}) {verb_for(names[w], 'takes')} "
                        f"{' '.join(t.ids_of(took)) or 'nothing'}"
                        for w, took in zip(reversed(log.stack), log.captures)]
                last = says(names[log.stack[-1]], "is")
                frame(f"Round {r + 1}: the capture", f"{last} the last hunter left. Top of the stack first: "
                      + "; ".join(caps), state, tokens, between=state.phase != "over", revealed=True)
            else:
                frame(f"Round {r + 1}, hunt {k + 1}: {names[s]}", note, state, tokens)
    if state.phase == "over":
        left = len(state.river)
        frames.append(dict(frames[-1], title="The game ends",
                           note=f"The deck is empty: the game ends ({counted(left, 'card')} left "
                                "unhunted). The totals are the final scores."))
    return frames, state


def seen_tokens(seen: Any) -> list[str]:
    """The round's tokens as one seat sees them before the capture (``seen``, its view): its own land,
    each other seat's chosen one face down, "-" for one not chosen yet."""
    from ..core.page import FACE_DOWN

    return [(seen.token or "-") if s == seen.seat else FACE_DOWN if seen.chosen[s] else "-"
            for s in range(seen.players)]


EXPLAIN = ("Token: the land each player chose for the round (secret until the capture). Total: what the seat would "
           "score if the game ended at that step: for each animal its cards where it has the most of them (ties "
           "all score), and a point per {per} held; it changes with every capture and every boomerang "
           "thrown or taken back.")


SEAT_EXPLAIN = ("Only what {name} could see at each moment: the river, every hunt decision and every capture are "
                "seen by all; of a round's tokens, {name}'s own, the others' face down until the capture reveals "
                "them. Total: what the seat would score if the game ended at that step: for each animal its "
                "cards where it has the most of them (ties all score), and a point per {per} held; it "
                "changes with every capture and every boomerang thrown or taken back.")


def replay_html(record: dict[str, Any], rules: Any, names: list[str], seat: int | None = None) -> str:
    """One self-contained page that steps through the game decision by decision, the sheets at the end;
    ``seat``: only what that seat could see (``replay --html --seat``)."""
    from ..core.page import seen_by

    names = picture_names(names)  # escaped as replay writes them (core.page)
    frames, state = replay_frames(record, rules, names, seat)
    svg = sheet_svg(state, names) if state.phase == "over" else None
    per = counted(rules.boomerangs_per_point, "boomerang")  # the ruleset's set size, as the sheets count it
    explain = EXPLAIN.format(per=per) if seat is None else SEAT_EXPLAIN.format(name=names[seat], per=per)
    return page_html(seen_by(rules.name, names, seat),
                     ["Player", "Token", "Captured", "By animal", "Boomerangs", "Total"], frames, svg, explain,
                     card_faces(rules))
