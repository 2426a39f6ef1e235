"""Boomerang (2010) at the command line: what ``replay``, ``play``, ``score`` and ``check-scorer``
need to know of this game (the commands themselves live in ``boomerang_rules.cli``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

import click

from ..core.arguments import brief
from ..core.display import clipped, counted
from ..core.seats import plays_for
from ..terminal.exits import EXIT_USAGE, fail, input_ended, is_option, refuse_input
from ..terminal.numbers import ascii_whole
from ..terminal.prompts import common_command, say
from ..terminal.wording import cast, clipped_to, columns, fitted, name_column, opening, says
from .picture import replay_html, sheet_svg
from .rules import PASS, THROW, Ruleset
from .scoring import SeatScore, tie_words

ANSWER_ROOM = 8
"""The columns at least a question leaves its answer (``terminal.prompts.written_back``): the five
shipped lands' question (70 columns) keeps its menu; a ruleset's longer lands (121 columns) put the
menu on lines of its own before a short question."""


def _card(rules: Ruleset, cid: str) -> str:
    card = rules.card(cid)
    return f"{cid}({card.animal} {'/'.join(card.lands)})"


NAMES_ROOM = 12
"""The fewest columns the score table leaves its names before it splits its columns over several tables."""

SPLIT_NAMES_ROOM = 20
"""The names' columns in a split score table (a ruleset of many or long animal names)."""


def score_table(rules: Ruleset, scores: Sequence[SeatScore], names: Sequence[str], indent: str = "  ") -> list[str]:
    """Each seat's cards and points per animal, boomerangs, sets and total, one line a seat, in 80
    columns: when a ruleset's animals are too many or too long for one table (a ruleset may name 32
    animals of 64 characters), the columns go on over as many tables as they need, each row still a
    line, an animal's name wider than a table clipped."""
    heads = [*rules.animals, "Boom", "Sets", "Total"]
    rows = [[*(f"{s.cards[a]}:{s.animals[a]}" for a in rules.animals), str(s.boomerangs), str(s.sets), str(s.total)]
            for s in scores]
    widths = [max(6, len(h) + 1, *(len(row[i]) + 1 for row in rows)) for i, h in enumerate(heads)]
    room = 80 - len(indent) - sum(widths)
    tables = [range(len(heads))]
    if room < NAMES_ROOM:
        room = SPLIT_NAMES_ROOM
        limit = 80 - len(indent) - room
        heads = [h if len(h) < limit else clipped_to(h, limit - 2) for h in heads]
        widths = [min(w, limit) for w in widths]
        tables = _spans(widths, limit)
    column = name_column(names, room)  # a long name clipped: a row stays a line
    out = []
    for table in tables:
        out.append(f"{indent}{'':<{columns(column[0])}}" + "".join(f"{heads[i]:>{widths[i]}}" for i in table))
        out += [f"{indent}{name}" + "".join(f"{row[i]:>{widths[i]}}" for i in table) for name, row in zip(column, rows)]
    out.append(f"{indent}(animal columns: cards:points, the most cards of an animal score, tied")
    out.append(f"{indent} leaders all; Boom: boomerangs held; Sets: a point per {rules.boomerangs_per_point} of them)")
    return out


def _spans(widths: Sequence[int], limit: int) -> list[range]:
    """The columns in runs, in order, each run's widths adding up to ``limit`` at most (each width is)."""
    spans, start, used = [], 0, 0
    for i, width in enumerate(widths):
        if used + width > limit:
            spans.append(range(start, i))
            start, used = i, 0
        used += width
    return [*spans, range(start, len(widths))]


def narrate(record: dict[str, Any], rules: Any, names: list[str], seat: int | None) -> list[str]:
    """The lines of the story of a valid record, as ``seat`` (or everyone) saw it.

    A seat sees every card turned up, every hunt decision and every capture, but of a round's
    tokens only its own until the capture reveals them; never the deck's order.
    """
    from .engine import apply, is_over, new_game
    from .sheets import score_sheets, winners

    n = len(names)
    lines = [cast(rules, names)]
    if seat is not None:
        lines.append(f"As seen by {names[seat]} (seat {seat}).")
    state = new_game(rules, n, deck=record["deck"])
    for r, rnd in enumerate(record["rounds"]):
        lines += ["", f"Round {r + 1}: {says(names[state.first], 'opens')} the hunt"]
        turned = rnd["turned"]
        left = [c for c in state.tables.ids_of(state.river) if c not in turned]
        if left:  # 80 columns, a card never split (replay fits the other lines)
            lines += fitted(f"Left in the river: {' '.join(_cards_of(rules, left))}", indent="  ",
                            keep=_cards_of(rules, left))
        deck = counted(len(state.deck), "card")
        lines += fitted(f"Turned up: {' '.join(_cards_of(rules, turned)) or 'nothing'}; {deck} left in the deck",
                        indent="  ", keep=_cards_of(rules, turned))
        tokens = rnd.get("tokens")
        if tokens is None:
            break
        if seat is None:
            lines.append("  Tokens (secret): " + "; ".join(f"{names[s]} {tokens[s]}" for s in range(n)))
        else:
            lines.append(f"  Tokens: {says(names[seat], 'chooses')} {tokens[seat]}; the others choose face down")
        for s in range(n):
            state = apply(state, s, tokens[s])
        steps = []
        for action in rnd.get("hunt", []):
            s = state.active[0]
            if action == THROW:
                steps.append(f"{says(names[s], 'throws')} (pot {state.pot + 1})")
            else:
                steps.append(f"{says(names[s], 'passes')}, {'take' if names[s] == 'You' else 'takes'} {state.pot}")
            state = apply(state, s, action)
        if steps:
            lines.append("  Hunt: " + "; ".join(steps))
        if state.round == r:
            break
        log = state.history[r]
        last = names[log.stack[-1]]
        lines.append(f"  {last_hunter(last)}")
        caps = []
        for s, took in zip(reversed(log.stack), log.captures):
            land = state.tables.lands[log.tokens[s]]
            took_ids = " ".join(state.tables.ids_of(took)) or "nothing"
            caps.append(f"{names[s]} ({land}) {'take' if names[s] == 'You' else 'takes'} {took_ids}")
        lines.append("  Capture, top of the stack first: " + "; ".join(caps))
        lines.append("  Boomerangs: " + ", ".join(f"{names[s]} {state.boomerangs[s]}" for s in range(n)))
    if is_over(state):
        unhunted = len(state.river)
        lines += ["", f"The deck is empty: the game ends ({counted(unhunted, 'card')} left "
                      "unhunted).",
                  "Final scores"]
        lines += score_table(rules, score_sheets(state), names)
        best = winners(state)
        label = "Winner" if len(best) == 1 else "Winners (shared)"
        lines.append(f"{label}: {', '.join(names[w] for w in best)}")
        tie = tie_words(score_sheets(state), rules.tie_breakers, names)
        if tie:
            lines += fitted(tie, keep=names)  # a name never split across lines, as replay keeps it
    else:
        lines += ["", "The game is unfinished."]
    return lines


def last_hunter(name: str) -> str:
    """The round's last hunter, in the same words live and in the replay."""
    return (f"{says(name, 'is')} the last hunter left: {'your' if name == 'You' else 'their'} token goes on top of "
            "the stack, revealed first.")


def round_summary(record: dict[str, Any], r: int, seat: int) -> str:
    """One seat's token and captures in round ``r`` of a record, for a person checking a scorer."""
    rnd = record["rounds"][r]
    took = [c for cap in rnd.get("captures", []) if cap["seat"] == seat for c in cap["cards"]]
    token = rnd["tokens"][seat] if "tokens" in rnd else "-"
    return f"round {r + 1}: token {token}; captured {' '.join(took) or 'nothing'}"


def by_land(rules: Ruleset, river: Sequence[str]) -> list[str]:
    """For each land, the river cards that show it: what a token of that land would take if it
    were revealed first (a card shows two lands: the first token revealed of either takes it)."""
    out = []
    for land in rules.lands:
        cards = [c for c in river if land in rules.card(c).lands]
        out.append(f"{land:<10} {counted(len(cards), 'card')}: "
                   + (" ".join(_card(rules, c) for c in cards) or "-"))
    return out


def card_rules(rules: Ruleset, card_id: str) -> str:
    """A card in words, how it is captured and scored (``cards`` in ``play``): ``rules.describe``,
    which the replay page's tooltips show too (``show.card_words``)."""
    return rules.describe(card_id)


HELP_CHOICE = ("A choice: a land for your token, then throw or pass in the hunt: its number in\n"
               "the list, or a unique beginning of it.")


def rules_summary(rules: Ruleset) -> list[str]:
    """The rules in a few sentences, read off the ruleset, for the opening of ``play``."""
    tie = " then ".join(f"the most {row}" for row in rules.tie_breakers)
    return [
        f"You start with {counted(rules.boomerangs_each, 'boomerang')} and a token for each land. Each round, "
        "cards are turned up into the river (cards left from earlier rounds stay) until it shows every land or the "
        "deck runs out. Choose a land in secret (your token); then, in turn, throw a boomerang into the pot or pass: "
        "passing takes the pot and leaves the hunt (with no boomerang left you must pass). The last hunter left "
        "captures first, then the passers, latest first: each takes every river card showing the land of its "
        "token.",
        "Scores: for each animal, whoever has the most cards of it scores a point a card (tied leaders all "
        f"score); a point per {counted(rules.boomerangs_per_point, 'boomerang')} held. The game ends when a round "
        "would start with an empty deck; highest total wins"
        + (f", a tie goes to {tie}, and a tie that remains is shared." if tie else ", and a tie is shared."),
    ]


def land_lines(rules: Ruleset, river: Sequence[str], indent: str) -> list[str]:
    """``by_land`` in lines of at most 80 columns, the cards of a long land wrapped under its first card."""
    out = []
    for line in by_land(rules, river):
        head, _, cards = line.partition(": ")
        out += fitted(f"{head}: {cards}", indent=indent, keep=_cards_of(rules, river),
                      hang=" " * len(f"{indent}{head}: "))
    return out


def _cards_of(rules: Ruleset, ids: Sequence[str]) -> list[str]:
    """The cards ``ids`` in words (``_card``): phrases a wrapped line never splits."""
    return [_card(rules, c) for c in ids]


class Session:
    """The conversation with the person at ``seat``."""

    def __init__(self, rules: Any, players: int, seat: int, seed: int, labels: list[str]) -> None:
        self.rules, self.players, self.seat, self.seed, self.labels = rules, players, seat, seed, labels

    def run(self, bots: list[Any]) -> Any:
        from ..terminal.colour import title
        from .engine import apply, is_over, new_game, to_act
        from .view import view

        state = new_game(self.rules, self.players, self.seed)
        # No seed yet: it recreates the deck's order (new_game), so it is shown once the game is over.
        for line in opening(self.rules.name, self.players, self.seat, title):
            click.echo(line)
        for paragraph in rules_summary(self.rules):
            say(paragraph)
        finished = 0
        while not is_over(state):
            for s in to_act(state):
                seen = view(state, s)
                action = self.ask(seen) if s == self.seat else bots[s].choose(seen, seen.legal_actions)
                if s != self.seat and seen.phase == "hunt":
                    say(f"  {self.labels[s]} " + ("throws a boomerang (pot " + str(seen.pot + 1) + ")"
                                                  if action == THROW else f"passes and takes the pot ({seen.pot})"))
                state = apply(state, s, action)
            while len(state.history) > finished:
                self.round_end(view(state, self.seat), finished)
                finished += 1
        self.game_end(state)
        return state

    def commands(self, seen: Any) -> dict[str, tuple[str, Any]]:
        """This game's commands besides ``help`` and ``cards``."""
        def river() -> None:
            for line in land_lines(self.rules, seen.river, "  "):
                click.echo(line)

        def sheet() -> None:
            for line in score_table(self.rules, seen.sheets, self.labels):
                click.echo(line)

        return {"lands": ("the river's cards by land: what each token would take", river),
                "sheet": ("everyone's captures, boomerangs and score now", sheet)}

    def ask(self, seen: Any) -> str:
        from ..terminal.prompts import menu, not_a_choice, pick_from, read_answer

        self.show(seen)
        legal = list(seen.legal_actions)
        if seen.phase == "tokens":
            choices = legal
            question = f"Your land ({menu(choices)}): "
            if columns(question) + ANSWER_ROOM > 80:  # a ruleset's longer lands: the menu on lines of its own
                say(f"  Lands: {menu(choices)}")
                question = "Your land (its number or name): "
        else:  # shown throw first, as the question asks it; a number means the choice shown with it
            choices = [a for a in (THROW, PASS) if a in legal]
            question = (f"Throw a boomerang, or pass and take the pot ({seen.pot})? [{menu(choices)}]: "
                        if THROW in legal else f"You have no boomerangs left: you must pass [{menu(choices)}]: ")
        while True:
            answer = read_answer(question)
            if answer is None:
                input_ended()
            choice = pick_from(answer, choices)
            if choice is not None:
                return choice
            mine = tuple(seen.captured[seen.seat]) or tuple(seen.river)
            if answer.lower() in ("cards", "card") and not seen.captured[seen.seat]:  # not "your cards": the river's
                say("  You have captured no cards yet; the river's cards:")
            if common_command(answer, self.rules, HELP_CHOICE, mine, self.commands(seen),
                              lambda c: card_rules(self.rules, c)):
                continue
            say(not_a_choice(answer, choices) if answer else "Please type your choice (or help).")

    def show(self, seen: Any) -> None:
        from ..terminal.colour import title

        click.echo("")
        if seen.phase == "tokens":
            click.echo(title(f"Round {seen.round + 1}") + f": {says(self.labels[seen.first], 'opens')} the hunt; "
                       f"{counted(seen.deck_size, 'card')} left in the deck")
            click.echo("  The river, by land (a token revealed first takes every card of its land):")
            for line in land_lines(self.rules, seen.river, "    "):
                click.echo(line)
            say("  Boomerangs: " + ", ".join(f"{self.labels[s]} {b}" for s, b in enumerate(seen.boomerangs)))
            if any(seen.captured):  # the table is there on demand: each round's end told what changed
                counts = ", ".join(f"{self.labels[s]} {len(c)}" for s, c in enumerate(seen.captured))
                for line in fitted(f"Captured so far (cards): {counts} (type sheet for the whole table)",
                                   indent="  "):
                    click.echo(line)
            return
        hunting = ", ".join(f"{self.labels[s]} {seen.boomerangs[s]}" for s in seen.active)
        say(f"Your token: {seen.token}. Still hunting, with their boomerangs: {hunting}.")

    def round_end(self, seen: Any, r: int) -> None:
        from ..terminal.colour import note, title

        past = seen.past_rounds[r]
        click.echo("")
        head = f"Round {r + 1} ends."
        lines = fitted(f"{head} Tokens revealed: "
                       + ", ".join(f"{self.labels[s]} {past.tokens[s]}" for s in range(self.players)))
        lines[0] = title(head) + lines[0][len(head):]
        for line in lines:
            click.echo(line)
        last = self.labels[past.stack[-1]]
        say(f"  {last_hunter(last)}")
        for s in reversed(past.stack):
            took = past.captures[s]
            line = (f"  {says(self.labels[s], 'takes')} {' '.join(_card(self.rules, c) for c in took)}" if took
                    else f"  {says(self.labels[s], 'takes')} nothing")
            for part in fitted(line.strip(), indent="  "):
                click.echo(note(part) if took and s == self.seat else part)
        say("  Scores if the game ended now: "
            + ", ".join(f"{self.labels[s]} {score.total}" for s, score in enumerate(seen.sheets))
            + " (type sheet for the whole table)")

    def game_end(self, state: Any) -> None:
        from ..terminal.colour import title
        from .sheets import score_sheets, winners

        click.echo("")
        click.echo(title("Final scores"))
        for line in score_table(self.rules, score_sheets(state), self.labels):
            click.echo(line)
        best = winners(state)
        click.echo(title(("Winner: " if len(best) == 1 else "Winners (shared): ")
                         + ", ".join(self.labels[w] for w in best)))
        tie = tie_words(score_sheets(state), self.rules.tie_breakers, self.labels)
        if tie:
            for line in fitted(tie, keep=self.labels):
                click.echo(line)
        say(f"The deck was shuffled from seed {self.seed} (--seed {self.seed} plays it again).")


GAME_NAME = "Boomerang (2010)"
SEAT_HELP = ("--player CARD,CARD,...:BOOMERANGS (or --seat, its older spelling), once per player in seat order (an "
             "empty card list is allowed)")


def parse_seats(args: Sequence[str]) -> tuple[list[list[str]], list[int]]:
    """The ``--player`` options of ``boomerang-rules score``: each seat's card ids and boomerangs.
    ``--seat`` is its older spelling, still read (elsewhere ``--seat`` is a seat number).

    Exits with a usage error (2) naming the argument that is not ``CARD,...:BOOMERANGS``.
    """
    cards: list[list[str]] = []
    boomerangs: list[int] = []
    i = 0
    while i < len(args):
        arg = args[i]
        option, equals, value = arg.partition("=")
        if option in ("--player", "--seat") and not equals and i + 1 < len(args):
            spec, i = args[i + 1], i + 2
        elif option in ("--player", "--seat") and equals:
            spec, i = value, i + 1
        elif option in ("--player", "--seat"):  # the last argument, its value left out
            fail(f"{option} needs CARD,CARD,...:BOOMERANGS (e.g. {option} A1,K3,F2:11, or {option} :7 for no "
                 "cards)", EXIT_USAGE)
        elif is_option(arg) and option not in ("--player", "--seat"):  # worded as the other games word it (-q too)
            fail(f"no such option for {GAME_NAME}: {clipped(arg)} (give {SEAT_HELP})", EXIT_USAGE)
        else:
            fail(f"unexpected argument {brief(arg)} for {GAME_NAME}: give {SEAT_HELP}", EXIT_USAGE)
        ids, sep, count = spec.rpartition(":")
        listed = [c.strip().upper() for c in ids.split(",")] if ids.strip() else []  # ":7": no cards
        # str.isdigit takes '²' and '١', int() then fails or reads them; a stray comma is no card
        if not sep or not ascii_whole(count.strip()) or "" in listed:
            fail(f"{option} {brief(spec)}: expected CARD,CARD,...:BOOMERANGS (e.g. A1,K3,F2:11)", EXIT_USAGE)
        digits, most = len(count.strip()), sys.get_int_max_str_digits()  # 0: no limit
        if most and digits > most:  # int() refuses it: a usage error, as in every numeric option (a traceback)
            fail(f"{option} {brief(spec)}: a number of {digits} digits: too long (at most {most})", EXIT_USAGE)
        cards.append(listed)
        boomerangs.append(int(count))
    if not cards:
        fail(f"nothing to score: give {SEAT_HELP}", EXIT_USAGE)  # a usage error in every game
    return cards, boomerangs



def score(rules: Any, args: tuple[str, ...], as_json: bool) -> None:
    """``boomerang-rules score`` for this game: every seat's final score from its cards and boomerangs."""
    from ..core.errors import InvalidInput, Problem
    from .scoring import best_seats, final_scores

    cards, boomerangs = parse_seats(args)

    def where(p: Any) -> str:  # "/cards/1/0": --player 2 (seat 1)
        parts = p.pointer.split("/")
        return f"--player {int(parts[2]) + 1} (seat {parts[2]})" if len(parts) > 2 else f"--player ({len(cards)} given)"

    try:
        scores = final_scores(rules, cards, boomerangs)
    except InvalidInput as exc:
        refuse_input(exc.problems, where)
    low, high = rules.players.min, rules.players.max
    if not low <= len(cards) <= high:  # majorities are between every player of a game, and it has low to high
        refuse_input([Problem("", f"{plays_for(rules)}, one --player each",
                              "players-count")], where)
    in_play = rules.boomerangs_each * len(cards)
    if sum(boomerangs) != in_play:  # the last passer empties the pot, so every boomerang is held at the end
        refuse_input([Problem("", f"the seats hold {brief(sum(boomerangs))} boomerangs in all; a game of {len(cards)} "
                              f"players has {in_play} ({rules.boomerangs_each} each), every one held by a player "
                              "when it ends", "boomerangs-total")], where)
    best = best_seats(scores, rules.tie_breakers)
    if as_json:
        click.echo(json.dumps({"seats": [s.as_dict() for s in scores], "winners": list(best)}))
        return
    for line in score_table(rules, scores, [f"Seat {s}" for s in range(len(scores))], indent=""):
        click.echo(line)
    label = "Winner" if len(best) == 1 else "Winners (shared)"
    click.echo(f"{label}: {', '.join(f'Seat {w}' for w in best)}")
    seats = [f"Seat {s}" for s in range(len(scores))]
    tie = tie_words(scores, rules.tie_breakers, seats)
    if tie:
        for line in fitted(tie, keep=seats):
            click.echo(line)


__all__ = ["PASS", "THROW", "Session", "narrate", "parse_seats", "replay_html", "round_summary", "score",
           "score_table", "sheet_svg"]
