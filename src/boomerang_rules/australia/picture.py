"""A record's score sheets drawn as SVG, in the layout of the paper score pad.

Each seat's sheet: the four round rows (Throw & Catch, Collections, Animals, Activity) by
round, the round totals; the map of regions with every site (card id) crossed off once
visited and the region bonuses won marked with a star; sites, regions and the total; the
winner's sheet framed. Text only from the record, escaped; no script, nothing fetched. A name (a
player's, a region's, a site's) is shown as ``replay`` shows it (``core.page.picture_names``).
"""

from __future__ import annotations

import math
from typing import Any

from ..core.display import escaped_name
from ..core.page import note_height, picture_names, sheet_note, svg_note, svg_sheet_frame, svg_start
from ..core.page import svg_text as _text
from ..core.textbox import text_width, wrap

ROWS = (("throw_catch", "Throw & Catch"), ("collections", "Collections"), ("animals", "Animals"),
        ("activity", "Activity"))
SHEET_W, ROW_H, PAD = 330, 20, 12
"""The narrowest a sheet is, the height of a row, the margin around the sheets."""
SITE_W = 28
"""The room of a site's box on the map (a box 22 wide, and the gap to the next)."""


def sheet_parts(state: Any, names: list[str]) -> list[dict[str, Any]]:
    """What each seat's sheet shows, as plain data (also what the HTML page draws)."""
    from .sheets import score_sheets, winners
    from .tables import bits
    from .view import view

    rules = state.rules
    sheets = score_sheets(state)
    best = set(winners(state)) if state.round >= rules.rounds else set()
    seen = view(state, 0)
    out = []
    for s, sheet in enumerate(sheets):
        visited = set(state.tables.ids_of(bits(state.progress.visited[s])))
        won = {region for past in seen.past_rounds for region in past.bonuses[s]}
        regions = [{"name": escaped_name(r.name), "won": r.id in won,
                    "sites": [(c.id, c.id in visited) for c in rules.cards if c.region == r.id]}
                   for r in rules.regions]
        out.append({"name": names[s], "rounds": {row: list(getattr(sheet, row)) for row, _ in ROWS},
                    "activities": [(past.activities[s] or "none").replace("_", " ") for past in seen.past_rounds],
                    "sites": sheet.sites, "regions_points": sheet.regions, "total": sheet.total,
                    "winner": s in best, "regions": regions})
    return out


def visited_sites(rules: Any, past_rounds: Any, seat: int) -> set[str]:
    """The sites (card ids) ``seat`` has crossed off in the finished rounds ``past_rounds``."""
    out: set[str] = set()
    for past in past_rounds:
        cards = past.drafts[seat] if rules.sites_include_throw else past.drafts[seat][1:]
        out.update(cards)
    return out


def completed(rules: Any, seen: Any, r: int, seat: int) -> list[tuple[Any, bool]]:
    """The regions ``seat`` completed in finished round ``r``, each with whether it won the bonus
    (a region completed after its bonus was taken scores nothing, but is still complete)."""
    before = visited_sites(rules, seen.past_rounds[:r], seat)
    after = visited_sites(rules, seen.past_rounds[:r + 1], seat)
    out = []
    for region in rules.regions:
        sites = {c.id for c in rules.cards if c.region == region.id}
        if sites <= after and not sites <= before:
            out.append((region, region.id in seen.past_rounds[r].bonuses[seat]))
    return out


def round_gains(rules: Any, seen: Any, r: int) -> list[tuple[int, int]]:
    """Each seat's points for the sites it crossed off in finished round ``r`` and for the region
    bonuses it won then: what the round adds to the total besides its four scored rows."""
    out = []
    for seat in range(len(seen.past_rounds[r].drafts)):
        new = visited_sites(rules, seen.past_rounds[:r + 1], seat) - visited_sites(rules, seen.past_rounds[:r], seat)
        out.append((len(new) * rules.scoring.site_points,
                    len(seen.past_rounds[r].bonuses[seat]) * rules.scoring.region_bonus))
    return out


def sheet_width(rules: Any) -> int:
    """How wide a sheet is: two columns of regions on the map, each as wide as the widest region's
    name (bold, starred) or its row of sites."""
    widest = max([text_width(escaped_name(r.name) + " ★", 11, True) + 12 for r in rules.regions]
                 + [4 + SITE_W * sum(1 for c in rules.cards if c.region == r.id) + 8 for r in rules.regions])
    return max(SHEET_W, math.ceil(20 + 2 * widest))


def cell_width(parts: list[dict[str, Any]]) -> float:
    """The room of a round's column (and the sums'): its widest number, bold, and a gap. A ruleset's
    scoring tables reach sums of seven digits and 64 rounds, whose numbers a sheet of the narrowest
    width drew over each other."""
    numbers: list[int] = [0]
    for part in parts:
        rows = [part["rounds"][row] for row, _ in ROWS]
        numbers += [value for values in rows for value in values] + [sum(values) for values in rows]
        numbers += [sum(values[r] for values in rows if r < len(values)) for r in range(max(map(len, rows)))]
    return max(text_width(str(n), 12, True) for n in numbers) + 8


def activity_lines(part: dict[str, Any], width: float) -> list[str]:
    """The line "Activities: 1 swimming, 2 none, ..." broken to fit ``width`` (none for no round)."""
    if not part["activities"]:
        return []
    return wrap("Activities: " + ", ".join(f"{r + 1} {a}" for r, a in enumerate(part["activities"])), 10, width,
                sep=", ")


def sheet_svg(state: Any, names: list[str]) -> str:
    """The SVG document of every seat's score sheet, side by side."""
    names = picture_names(names)  # escaped as replay writes them (core.page)
    rules = state.rules
    parts = sheet_parts(state, names)
    rounds: int = rules.rounds
    label_w = max(text_width(label, 12) for _, label in ROWS + (("", "Round total"),))
    label_w = max(label_w, text_width("Round total", 12, True)) + 20
    sheet_w = max(sheet_width(rules), math.ceil(label_w + 10 + (rounds + 1) * cell_width(parts)))
    map_rows = (len(rules.regions) + 1) // 2
    from .sheets import score_sheets, tie_words
    over = state.round >= rules.rounds
    note, note_class = sheet_note(over, tie_words(score_sheets(state), rules.scoring.tie_breakers, names)
                                  if over else None)
    width = PAD + len(parts) * (sheet_w + PAD)
    note_h = note_height(width, note)
    lines = [activity_lines(part, sheet_w - 20) for part in parts]
    most_lines = max((len(ls) for ls in lines), default=0)
    height = (PAD * 2 + 30 + ROW_H * (len(ROWS) + 2) + 20 + map_rows * 44 + ROW_H * 3 + 14 * most_lines + 12
              + note_h)
    out = svg_start(width, height, rules.name, "#fffdf5")
    col_w = (sheet_w - label_w - 10) / float(rounds + 1)
    for s, part in enumerate(parts):
        x0 = PAD + s * (sheet_w + PAD)
        y = PAD
        out += svg_sheet_frame(s, x0, y, sheet_w, height - 2 * PAD - note_h, part["name"], part["winner"], "#c0392b")

        def col(r: float, x0: float = x0) -> float:
            return x0 + label_w + col_w * (r + 0.5)

        y += 30
        out.append(_text(x0 + 10, y + 14, "Round", 11, weight="bold"))
        for r in range(rounds):
            out.append(_text(col(r), y + 14, str(r + 1), 11, "middle", "bold"))
        out.append(_text(col(rounds), y + 14, "Sum", 11, "middle", "bold"))
        y += ROW_H
        for row, label in ROWS:
            values = part["rounds"][row]
            out.append(f'<line x1="{x0 + 6}" y1="{y + 4}" x2="{x0 + sheet_w - 6}" y2="{y + 4}" stroke="#ddd"/>')
            out.append(_text(x0 + 10, y + 18, label, 12))
            for r in range(rounds):
                shown = str(values[r]) if r < len(values) else ""
                out.append(_text(col(r), y + 18, shown, 12, "middle"))
            out.append(_text(col(rounds), y + 18, str(sum(values)), 12, "middle", "bold"))
            y += ROW_H
        out.append(_text(x0 + 10, y + 18, "Round total", 12, weight="bold"))
        for r in range(rounds):
            done = [part["rounds"][row][r] for row, _ in ROWS if r < len(part["rounds"][row])]
            out.append(_text(col(r), y + 18, str(sum(done)) if done else "", 12, "middle", "bold"))
        y += ROW_H + 14
        for i, region in enumerate(part["regions"]):
            rx = x0 + 10 + (i % 2) * (sheet_w - 20) / 2
            ry = y + (i // 2) * 44
            star = " ★" if region["won"] else ""
            out.append(_text(rx, ry + 12, region["name"] + star, 11, weight="bold" if region["won"] else "normal",
                             cls="region-won" if region["won"] else "region"))
            for k, (site, crossed) in enumerate(region["sites"]):
                cx = rx + 4 + k * SITE_W
                out.append(f'<rect x="{cx:.0f}" y="{ry + 18}" width="22" height="20" fill="none" stroke="#888"/>')
                out.append(_text(cx + 11, ry + 33, site, 12, "middle", cls="site"))
                if crossed:
                    out.append(f'<line class="crossed" x1="{cx:.0f}" y1="{ry + 38}" x2="{cx + 22:.0f}" y2="{ry + 18}" '
                               'stroke="#c0392b" stroke-width="2"/>')
        y += map_rows * 44 + 6
        for label, value in (("Sites", part["sites"]), ("Region bonuses", part["regions_points"]),
                             ("Total", part["total"])):
            bold = "bold" if label == "Total" else "normal"
            out.append(_text(x0 + 10, y + 16, label, 13, weight=bold))
            out.append(_text(x0 + sheet_w - 14, y + 16, str(value), 13, "end", bold,
                             cls="total" if label == "Total" else ""))
            y += ROW_H
        # The paper pad says which activity each round scored, not only its points: broken into lines
        # that fit the sheet, none squeezed or cut off.
        for k, line in enumerate(lines[s]):
            out.append(_text(x0 + 10, y + 10 + 14 * k, line, 10, cls="activities"))
        out.append("</g>")
    if note:
        out.append(svg_note(width, height, note, note_class))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def replay_frames(record: dict[str, Any], rules: Any, names: list[str],
                  seat: int | None = None) -> tuple[list[dict[str, Any]], Any]:
    """The game of a valid record as frames, one per pick of every seat (and per activity
    choice): each seat's hand, cards taken (face up; the Throw marked), running totals. ``seat``:
    only what that seat could see at each step (its ``view``), as ``replay --seat`` tells it: the
    others' hands by their number of cards, their Throws face down until the round ends."""
    from ..core.seats import check_seat
    from ..terminal.wording import says
    from .engine import apply, new_game
    from .sheets import score_sheets
    from .tables import bits
    from .view import view

    names = picture_names(names)  # escaped as replay writes them (core.page)

    n = len(names)
    seat = None if seat is None else check_seat(n, seat)  # as view checks it, before any frame is drawn
    rounds = record["rounds"]
    state = new_game(rules, n, deals=[r["hands"] for r in rounds], undealt_ok=True)
    t = state.tables
    frames: list[dict[str, Any]] = []

    def frame(title: str, note: str = "") -> None:
        if seat is not None:
            frames.append({"title": title, "note": note, "seats": seen_seats(view(state, seat), seat, names)})
            return
        totals = [sheet.total for sheet in score_sheets(state)]
        drafted = state.drafted if state.round < rules.rounds else ((),) * n
        frames.append({"title": title, "note": note, "seats": [
            {"name": names[s], "cells": [list(t.ids_of(bits(state.hands[s]))) if state.round < rules.rounds else [],
                                         list(t.ids_of(drafted[s]))], "total": totals[s]} for s in range(n)]})

    for r, rnd in enumerate(rounds):
        frame(f"Round {r + 1}: the deal", f"hands pass {rules.pass_directions[r]}")
        picks = rnd["picks"]
        steps = len(picks[0]) if picks else 0
        for k in range(min(steps, rules.hand_size - 1)):
            for s in range(n):
                state = apply(state, s, picks[s][k])
            label = "the Throw" if k == 0 else f"pick {k}"
            verb = "throws" if k == 0 else "takes"
            # a Throw lies face down until the round ends: a seat names only its own (as replay --seat)
            frame(f"Round {r + 1}: {label}", "; ".join(
                f"{says(names[s], verb)} {picks[s][k] if k or seat in (None, s) else 'a card face down'}"
                for s in range(n)))
        if not rnd.get("activities"):
            break
        chosen = ["none" if a is None else a for a in rnd["activities"]]
        catch = "; ".join(f"{says(names[s], 'catches')} {picks[s][-1]}" for s in range(n))
        for s in range(n):
            state = apply(state, s, chosen[s])
        seen = view(state, 0)
        done = [f"{says(names[s], 'completes')} {escaped_name(region.name)}"
                + (f" first (+{rules.scoring.region_bonus})" if first else " (the bonus already taken)")
                for s in range(n) for region, first in completed(rules, seen, r, s)]
        # the round's end reveals every seat's hand_size cards (the Throws turned over): the same to every seat
        frames.append({"title": f"Round {r + 1}: the Catch and the activities", "note": catch + ". Activities: "
                       + "; ".join(f"{names[s]} {chosen[s].replace('_', ' ')}" for s in range(n))
                       + "".join(f". {d}" for d in done),
                       "seats": [{"name": names[s], "cells": [[], list(picks[s])],
                                  "total": score_sheets(state)[s].total} for s in range(n)]})
    return frames, state


def seen_seats(seen: Any, seat: int, names: list[str]) -> list[dict[str, Any]]:
    """The seats' table as ``seat`` sees it (``seen``, its view): its own hand and Throw, the
    others' hands as a count of cards, their cards taken face up, a Throw made as a face-down card."""
    from ..core.page import FACE_DOWN, hidden_cards

    size = seen.rules.hand_size
    out = []
    for s in range(seen.players):
        if s == seat:
            hand: Any = list(seen.hand)
            throw = [seen.throw] if seen.throw else []
        else:
            hand = hidden_cards(seen.hand_sizes[s])
            throw = [FACE_DOWN] if seen.hand_sizes[s] + len(seen.face_up[s]) < size else []
        taken = [*throw, *seen.face_up[s]]
        if seen.round >= seen.rounds:  # the game over: nothing held, nothing taken this round
            hand, taken = [], []
        out.append({"name": names[s], "cells": [hand, taken], "total": seen.sheets[s].total})
    return out


EXPLAIN = ("Hand: the cards a seat holds at that moment; taken: its cards of the round, face up (the Throw "
           "first, face down until the round ends). The totals change only when a round ends: a round is scored "
           "from all {cards} of its cards (the Throw and the Catch, the sets, the activity chosen at the end), so "
           "nothing of it counts before the Catch.")
SEAT_EXPLAIN = ("Only what {name} could see at each moment: {name}'s own hand and Throw; of the others, how many "
                "cards each holds and the cards taken face up, a Throw shown face down until the round's end "
                "turns every Throw over. The totals change only when a round ends: a round is scored from all "
                "{cards} of its cards (the Throw and the Catch, the sets, the activity chosen at the end), so "
                "nothing of it counts before the Catch.")


def card_faces(rules: Any) -> dict[str, dict[str, str]]:
    """Every card as the page shows it: its letter and number, its icons, its region's colour, and
    the card in words (the terminal's) as its tooltip."""
    from ..core.page import PALETTE, card_face
    from .show import card_words

    colour = {r.id: PALETTE[i % len(PALETTE)] for i, r in enumerate(rules.regions)}
    out = {}
    for c in rules.cards:
        icons = [i.replace("_", " ") for i in (c.collection, c.animal, c.activity) if i]
        out[c.id] = card_face(f"{c.id} {c.number}", " · ".join(icons), colour.get(c.region, "#888"),
                              escaped_name(card_words(rules, c.id)))
    return out


def replay_html(record: dict[str, Any], rules: Any, names: list[str], seat: int | None = None) -> str:
    """One self-contained page (no network: a content security policy forbids any fetch) that
    steps through the game pick by pick, and shows the score sheets at the end; ``seat``: only what
    that seat could see (``replay --html --seat``), the sheets once the game is over (its end reveals them)."""
    from ..core.page import page_html, seen_by

    names = picture_names(names)  # escaped as replay writes them (core.page)

    frames, state = replay_frames(record, rules, names, seat)
    svg = sheet_svg(state, names) if state.round >= rules.rounds else None
    explain = EXPLAIN.format(cards=rules.hand_size) if seat is None else SEAT_EXPLAIN.format(
        name=names[seat], cards=rules.hand_size)  # a round scores the whole hand: the ruleset's size
    return page_html(seen_by(rules.name, names, seat), ["Player", "Hand", "Taken (Throw first)", "Total"],
                     frames, svg, explain, card_faces(rules))
