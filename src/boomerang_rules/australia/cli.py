"""Boomerang: Australia at the command line: what ``replay``, ``play``, ``score`` and ``check-scorer``
need to know of this game (the commands themselves live in ``boomerang_rules.cli``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import click

from ..core.arguments import brief
from ..core.display import clipped, counted, escaped_name
from ..terminal.exits import EXIT_INVALID, EXIT_USAGE, fail, input_ended, is_option, refuse_input
from ..terminal.prompts import no_such_card, say
from ..terminal.wording import cast, columns, fit_line, fitted, name_column, opening
from ..terminal.wording import says as agree
from .picture import completed, replay_html, round_gains, sheet_svg
from .picture import visited_sites as _visited
from .sheets import ROW_WORDS, tie_words
from .sheets_text import round_table, totals_table


def narrate(record: dict[str, Any], rules: Any, names: list[str], seat: int | None) -> list[str]:
    """The lines of the story of a valid record, as ``seat`` (or everyone) saw it."""
    from .engine import apply, is_over, legal_actions, new_game
    from .sheets import score_sheets, winners
    from .view import view

    n = len(names)
    rounds = record["rounds"]

    def says(s: int, verb: str) -> str:
        return agree(names[s], verb)

    lines = [cast(rules, names)]
    if seat is not None:
        lines.append(f"As seen by {names[seat]} (seat {seat}).")
    state = new_game(rules, n, deals=[r["hands"] for r in rounds], undealt_ok=True)
    sees: Callable[[int], bool] = (lambda s: True) if seat is None else (lambda s: s == seat)
    for r, rnd in enumerate(rounds):
        direction = rules.pass_directions[r]
        lines += ["", f"Round {r + 1} (passing {direction})"]
        for s in range(n):
            if sees(s):
                lines.append(f"  {says(s, 'is')} dealt {' '.join(sorted(rnd['hands'][s]))}")
        picks = rnd["picks"]
        steps = len(picks[0]) if picks else 0
        for k in range(min(steps, rules.hand_size - 1)):
            if seat is not None:
                lines.append(f"    holding {' '.join(legal_actions(state, seat))}")
            if k == 0:
                shown = [f"{says(s, 'throws')} {picks[s][0] if sees(s) else 'a card face down'}" for s in range(n)]
                lines.append("  Throw: " + "; ".join(shown))
            else:
                lines.append(f"  Pick {k}: " + "; ".join(f"{says(s, 'takes')} {picks[s][k]}" for s in range(n)))
            for s in range(n):
                state = apply(state, s, picks[s][k])
            if k < rules.hand_size - 2:
                lines.append(f"    hands passed {direction}")
        if steps == rules.hand_size:
            lines.append("  Catch: " + "; ".join(f"{says(s, 'catches')} {picks[s][-1]}" for s in range(n)))
        if not rnd.get("activities"):  # absent or empty: none chosen yet
            break
        lines.append("  Throws revealed: " + "; ".join(f"{names[s]} {picks[s][0]}" for s in range(n)))
        chosen = ["none" if a is None else a for a in rnd["activities"]]
        lines.append("  Activities: " + "; ".join(f"{names[s]} {chosen[s].replace('_', ' ')}" for s in range(n)))
        for s in range(n):
            state = apply(state, s, chosen[s])
        lines += round_table(score_sheets(state), names, r, gains=round_gains(rules, view(state, 0), r))
    if is_over(state):
        lines += ["", "Final score sheets"]
        lines += totals_table(score_sheets(state), names)
        best = winners(state)
        label = "Winner" if len(best) == 1 else "Winners (shared)"
        lines.append(f"{label}: {', '.join(names[w] for w in best)}")
        tie = tie_words(score_sheets(state), rules.scoring.tie_breakers, names)
        if tie:
            lines += fitted(tie, keep=names)  # a name never split across lines, as replay keeps it
    else:
        lines += ["", "The game is unfinished."]
    return lines


def round_summary(record: dict[str, Any], r: int, seat: int) -> str:
    """One seat's cards and choices in round ``r`` of a record, for a person checking a scorer."""
    rnd = record["rounds"][r]
    activity = rnd["activities"][seat] or "none"
    return f"cards (Throw first, Catch last): {' '.join(rnd['picks'][seat])}; activity: {activity}"


HELP = """Commands (type them instead of a choice):
  help            this list
  cards [ID...]   your hand and face-up cards in words, or the cards named
                  (e.g. cards B @): each icon's kind and points
  map             the sites you have crossed off, and what each region lacks
  sheet           the score sheets so far
A choice: a card id (any case) for the Throw and the picks; for the activity
its number in the list, its name (spaces or underscores), a unique beginning
of it, or none."""


def card_line(rules: Any, card_id: str, points: bool = False) -> str:
    """A card in one line, as the real card shows it: id, number, site, region and icons
    (``points``: each icon with its kind and what it scores, as ``cards`` tells them; without,
    the icons' names alone, which say their kind: "leaves", "kangaroos", "swimming")."""
    return f"{_card_head(rules, card_id)}  [{_icons(rules, card_id, points)}]"


def _card_head(rules: Any, card_id: str) -> str:
    card = rules.card(card_id)
    region = next((r.name for r in rules.regions if r.id == card.region), card.region)
    return f"{card.id}  {card.number}  {escaped_name(card.site)}, {escaped_name(region)}"


def _icons(rules: Any, card_id: str, points: bool) -> str:
    card = rules.card(card_id)
    values = rules.scoring
    icons = []
    if card.collection:
        n = values.collections.values.get(card.collection, 0)
        icons.append(f"collection: {card.collection} ({counted(n, 'point')})" if points
                     else card.collection)
    if card.animal:
        pair = counted(values.animals.values.get(card.animal, 0), "point")
        icons.append(f"animal: {card.animal} ({pair} a pair)" if points else card.animal)
    if card.activity:
        icons.append(("activity: " if points else "") + card.activity.replace("_", " "))
    return "; ".join(icons) or "no icons"


def hand_lines(rules: Any, ids: Any, indent: str = "    ", width: int = 80) -> list[str]:
    """The cards ``ids``, one a line, their icons in a column where they fit ``width`` columns
    (a line too long for the column has its icons closer; one too long for the width wraps)."""
    heads = [_card_head(rules, c) for c in ids]
    icons = [f"[{_icons(rules, c, False)}]" for c in ids]
    # in columns, not characters: a site named in wide characters ("東京", two columns each) ran past 80
    room = width - columns(indent) - max(map(columns, icons), default=0) - 2
    column = min(max(map(columns, heads), default=0), room) + 2
    lines = []
    for head, shown in zip(heads, icons):
        line = head + " " * max(column - columns(head), 2) + shown
        lines += fitted(line, width, indent=indent) if columns(indent + line) > width else [indent + line]
    return lines


def card_ids(rules: Any) -> str:
    """The ruleset's card ids in words, a run of consecutive letters as one ("A to Z, @ and #" for the
    shipped deck), cut as messages cut what they quote: what ``cards`` says of an id it does not know."""
    parts: list[str] = []
    run: list[str] = []
    for card_id in [*(c.id for c in rules.cards), ""]:
        if run and len(card_id) == 1 and card_id.isalpha() and ord(card_id) == ord(run[-1]) + 1:
            run.append(card_id)
            continue
        if run:
            parts.extend([f"{run[0]} to {run[-1]}"] if len(run) > 2 else run)
        run = [card_id] if len(card_id) == 1 and card_id.isalpha() else []
        if card_id and not run:
            parts.append(card_id)
    text = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)
    return clipped(text)


def card_lines(rules: Any, card_id: str, indent: str = "  ") -> list[str]:
    """A card as ``cards`` tells it: id, number, site and region, then its icons with their kinds
    and points on the next line (each within 80 columns)."""
    return [*fitted(_card_head(rules, card_id), indent=indent),  # a site's name may be 200 characters
            *fitted(_icons(rules, card_id, True), indent=indent + "     ")]


def rules_summary(rules: Any) -> list[str]:
    """The rules in a few lines, read off the ruleset, for the opening of ``play``."""
    sc = rules.scoring
    picks = rules.hand_size - 2
    collections = ", ".join(f"{k} {v}" for k, v in sc.collections.values.items())
    animals = ", ".join(f"{k} {v}" for k, v in sc.animals.values.items())
    table = ", ".join(f"{counted(n, 'icon')} {p}" for n, p in enumerate(sc.activities.table) if n >= 1)
    throw = "counts" if rules.sites_include_throw else "does not count"
    tie = ", then ".join(f"the most {ROW_WORDS.get(row, row.replace('_', ' '))} points" for row in sc.tie_breakers)
    text = [
        f"Each of {rules.rounds} rounds: you are dealt {rules.hand_size} cards. First the Throw: one card "
        "kept face down until the round ends. Then the hands pass on and you pick one card face up from the "
        f"hand you are passed, {picks} times; the last card passed to you is the Catch.",
        f"A round scores, with your {rules.hand_size} cards: Throw & Catch, the difference of their numbers; "
        "collections, the "
        f"sum of their points ({collections}), doubled when {sc.collections.double_limit} or less; animals, "
        f"each pair's points ({animals}); one activity you choose, by its icons among your cards "
        f"({table}). Each activity scores once a game: choose none to keep it for later.",
        f"Every site you cross off (a card's letter; the Throw {throw}) is {sc.site_points} point once a game; "
        f"the first to complete a region gets {sc.region_bonus} more, and so does everyone who completes it in the "
        "same round. Highest total wins"
        + (f"; a tie goes to {tie}, and a tie that remains is shared." if tie
           else "; a tie is shared."),
    ]
    return [line for paragraph in text for line in fitted(paragraph, indent="")]


def activity_choices(legal: Any) -> list[str]:
    """The activity menu in the order it is shown and numbered: the activities, then none."""
    return [k for k in legal if k != "none"] + (["none"] if "none" in legal else [])


def echo_fitted(line: str, keep: Sequence[str] = (), first: Callable[[str], str] | None = None) -> None:
    """Write ``line`` within 80 columns (``fit_line``: as it is when it fits, a player's name never
    split); ``first`` styles the first line. A ruleset of more seats or bigger regions made the map's
    regions, the totals and the Throws revealed run past 80 columns."""
    for k, part in enumerate(fit_line(line, keep=keep)):
        click.echo(first(part) if first is not None and k == 0 else part)


class Session:
    """The conversation with the person at ``seat``."""

    def __init__(self, rules: Any, players: int, seat: int, seed: int, labels: list[str]) -> None:
        self.rules, self.players, self.seat, self.seed, self.labels = rules, players, seat, seed, labels
        self.column = name_column(labels, 24, least=10)
        """The labels padded alike, the first column of the seats' lines (an ``ismcts:1000 1`` put its line
        out of step with the others)."""
        self.regions_seen: tuple[str, ...] = ()

    def run(self, bots: list[Any]) -> Any:
        from ..terminal.colour import title
        from .engine import apply, is_over, new_game, to_act
        from .view import view

        state = new_game(self.rules, self.players, self.seed)
        # No seed yet: it recreates every hand (new_game), so it is shown once the game is over.
        for line in opening(self.rules.name, self.players, self.seat, title):
            click.echo(line)
        for line in rules_summary(self.rules):
            click.echo(line)
        finished = 0
        while not is_over(state):
            for s in to_act(state):
                if s == self.seat:
                    action = self.ask(view(state, s))
                else:
                    seen = view(state, s)
                    action = bots[s].choose(seen, seen.legal_actions)
                state = apply(state, s, action)
            if len(state.progress.rounds) > finished:
                self.round_end(view(state, self.seat), finished)
                finished += 1
        self.game_end(state)
        return state

    def command(self, answer: str, seen: Any) -> bool:
        """Carry out a command typed instead of a choice; whether it was one."""
        from ..terminal.prompts import takes_nothing

        words = answer.split()
        head = words[0].lower() if words else ""
        if takes_nothing(words, ("help", "?", "map", "sheet")):  # "map x" was map: refused as every game refuses it
            return True
        if head in ("help", "?"):
            click.echo(HELP)
        elif head in ("cards", "card"):
            ids = [w.upper() for w in words[1:]] or [*seen.hand, *([seen.throw] if seen.throw else []),
                                                     *seen.face_up[self.seat]]
            for card_id in ids:
                try:
                    lines = card_lines(self.rules, card_id)
                except KeyError:
                    no_such_card(card_id, card_ids(self.rules))
                    continue
                for line in lines:
                    click.echo(line)
            if (any(i in ("@", "#") for i in ids) or not words[1:]) and any(c.id in ("@", "#")
                                                                            for c in self.rules.cards):
                click.echo("  (@ and # are the ids of the two cards past Z, both in Tasmania)")
        elif head == "map":
            self.show_map(seen)
        elif head == "sheet":
            if not seen.past_rounds:  # an all-zero table says nothing
                click.echo("  No round has been scored yet: a round scores when its activities are chosen.")
                return True
            for line in totals_table(seen.sheets, self.labels, indent="  "):
                click.echo(line)
        else:
            return False
        return True

    def show_map(self, seen: Any) -> None:
        visited = _visited(self.rules, seen.past_rounds, self.seat)
        echo_fitted(f"  Sites you have crossed off: {' '.join(sorted(visited)) or 'none yet'}")
        for region in self.rules.regions:
            sites = [c.id for c in self.rules.cards if c.region == region.id]
            left = [c for c in sites if c not in visited]
            state = ("complete" if not left else f"{len(left)} of {len(sites)} to go: {' '.join(left)}")
            taken = " (bonus already taken)" if region.id in seen.regions_taken and left else ""
            echo_fitted(f"  {escaped_name(region.name):<20} {state}{taken}")

    def ask(self, seen: Any) -> str:
        from ..terminal.prompts import not_a_choice, pick_from, read_answer

        self.show(seen)
        legal = list(seen.legal_actions)
        if seen.phase == "activity":
            choices = activity_choices(legal)
            question = f"Your activity (its number 1 to {len(choices)}, or its name): "
        elif seen.phase == "throw":
            question = "Your Throw (a card id): "
        else:
            question = f"Your pick {seen.pick} (a card id): "
        while True:
            answer = read_answer(question)
            if answer is None:
                input_ended()
            if seen.phase == "activity":
                choice = pick_from(answer, choices)
            else:
                choice = answer.upper() if answer.upper() in legal else None
            if choice is not None:
                return str(choice)
            if not answer:
                click.echo("Please type your choice (or help).")
            elif self.command(answer, seen):
                continue
            elif seen.phase == "activity":
                say(not_a_choice(answer, choices))
            else:
                say(f"{brief(answer)} is not a card in your hand; choose one of {' '.join(legal)} (or help).")

    def show(self, seen: Any) -> None:
        from ..terminal.colour import note, title
        from .tables import tables_for

        t = tables_for(self.rules)
        step = {"throw": "the Throw", "pick": f"pick {seen.pick}", "activity": "the activity choice"}[seen.phase]
        passing = f" (hands pass {seen.direction})" if seen.phase == "pick" else ""
        click.echo("")
        click.echo(title(f"Round {seen.round + 1} of {seen.rounds}, {step}{passing}"))
        if seen.phase == "throw" and seen.round > 0 and any(sheet.total for sheet in seen.sheets):
            echo_fitted("  Totals so far: " + ", ".join(f"{self.labels[s]} {sheet.total}"
                                                        for s, sheet in enumerate(seen.sheets)), self.labels)
        for s in range(self.players):
            throw = (seen.throw or "-") if s == self.seat else ("hidden" if seen.throw else "-")
            up = " ".join(seen.face_up[s]) or "-"
            echo_fitted(f"  {self.column[s]} throw: {throw:<7} face up: {up}")  # "hidden  face up", apart
        if seen.phase == "activity":
            mine = seen.face_up[self.seat]
            if mine:
                for line in fitted("The Catch: " + card_line(self.rules, mine[-1]), indent="  "):
                    click.echo(note(line))
            cards = [t.index[c] for c in [seen.throw, *mine] if c]
            counts = t.activity_counts(cards)
            if len(cards) == self.rules.hand_size:
                throw_catch, collections, animals, _ = t.score(cards, -1)
                say(f"Your cards score Throw & Catch {throw_catch}, collections {collections}, animals "
                    f"{animals}, plus the activity you choose:", indent="  ")
            for number, kind in enumerate(activity_choices(seen.legal_actions), 1):
                if kind == "none":
                    click.echo(f"  {number}. none: score no activity this round")
                    continue
                icons = counts[t.activity_index[kind]]
                points = t.activity_table[icons]
                echo_fitted(f"  {number}. {kind.replace('_', ' ')}: {counted(icons, 'icon')}, "
                            f"{counted(points, 'point')}")  # an id may be 64 characters
            used = seen.activities_used[self.seat]
            if used:
                echo_fitted(f"  (already scored: {', '.join(k.replace('_', ' ') for k in used)})")
            return
        mine = [c for c in [seen.throw, *seen.face_up[self.seat]] if c]
        if mine:  # what the cards kept so far are worth: the choice of the next one weighs on it
            _, collections, animals, _ = t.score([t.index[c] for c in mine], -1)
            counts = t.activity_counts([t.index[c] for c in mine])
            held = ", ".join(f"{k.replace('_', ' ')} {counts[i]}" for k, i in t.activity_index.items()
                             if i >= 0 and counts[i])
            say(f"So far this round ({' '.join(mine)}): collections {collections}, animals {animals}"
                + (f"; activity icons: {held}" if held else ""), indent="  ")
        click.echo("  Your hand:   (id  number  site, region  [icons])")
        for line in hand_lines(self.rules, seen.hand):
            click.echo(line)
        seen_cards: set[str] = set()
        for held_at, hand in enumerate(seen.held):  # the hand held at a step is back every ``players`` steps,
            wait = (held_at - seen.pick) % self.players  # next at pick + wait: a pick, or the Catch at the
            if wait and seen.pick + wait <= self.rules.hand_size - 1:  # last step; never after that
                seen_cards |= set(hand)
        gone = {c for row in seen.face_up for c in row} | set(seen.hand) | {seen.throw}
        coming = sorted(seen_cards - gone)
        if coming:
            for line in fitted(f"Seen in earlier hands, not taken yet (may come back to you): {' '.join(coming)}",
                               indent="  "):
                click.echo(line)

    def round_end(self, seen: Any, r: int) -> None:
        from ..terminal.colour import note, title

        past = seen.past_rounds[r]
        click.echo("")
        heading = f"Round {r + 1} ends."
        echo_fitted(f"{heading} Throws revealed: "
                    + ", ".join(f"{self.labels[s]} {past.drafts[s][0]}" for s in range(self.players)),
                    self.labels, lambda line: title(heading) + line[len(heading):])
        firsts: dict[str, list[int]] = {}
        for s in range(self.players):
            for region, first in completed(self.rules, seen, r, s):
                who = "You complete" if s == self.seat else f"{self.labels[s]} completes"
                if first:
                    firsts.setdefault(escaped_name(region.name), []).append(s)
                else:
                    say(f"  {who} {escaped_name(region.name)} (its bonus was already taken: no points)")
        bonus_points = counted(self.rules.scoring.region_bonus, "point")
        for name, seats in firsts.items():  # several in one round all get the bonus
            who = " and ".join(self.labels[s] for s in seats)
            verb = "complete" if len(seats) > 1 or seats[0] == self.seat else "completes"
            said = (f"{who} {verb} {name} first: +{bonus_points}" if len(seats) == 1 else
                    f"{who} {verb} {name} first, in the same round: +{bonus_points} each")
            for line in fitted(said, indent="  "):
                click.echo(note(line))
        notes = [(past.activities[s] or "none").replace("_", " ") for s in range(self.players)]
        for line in round_table(seen.sheets, self.labels, r, notes, gains=round_gains(self.rules, seen, r)):
            click.echo(line)
        if r == 0:  # the columns once, the first time the table is shown
            say("  (T&C: Throw & Catch; Coll: collections; Anim: animals; Act: the activity, named after the "
                "row; Sites: sites crossed off this round; Regns: region bonuses)")
        mine = past.drafts[self.seat]
        skip = 0 if self.rules.sites_include_throw else 1
        before: set[str] = set()
        for earlier in seen.past_rounds[:r]:
            before.update(earlier.drafts[self.seat][skip:])
        sited = mine[skip:]  # the cards whose sites count
        gained = [c for c in sited if c not in before]
        echo_fitted(f"  Your cards: {' '.join(mine)} (Throw {mine[0]}, Catch {mine[-1]}); "
                    f"sites gained: {' '.join(gained) or 'none'}")

    def game_end(self, state: Any) -> None:
        from ..terminal.colour import title
        from .sheets import score_sheets, winners

        click.echo("")
        click.echo(title("Final score sheets"))
        for line in totals_table(score_sheets(state), self.labels):
            click.echo(line)
        best = winners(state)
        click.echo(title(("Winner: " if len(best) == 1 else "Winners (shared): ")
                         + ", ".join(self.labels[w] for w in best)))  # in bold, as every game's
        tie = tie_words(score_sheets(state), self.rules.scoring.tie_breakers, self.labels)
        if tie:
            for line in fitted(tie, keep=self.labels):
                click.echo(line)
        click.echo(f"The game was dealt from seed {self.seed} (--seed {self.seed} plays it again).")


_LABELS = {"throw_catch": "Throw & Catch", "collections": "Collections", "animals": "Animals",
           "activity": "Activity", "round_total": "Round total"}


def _activity_option(args: tuple[str, ...]) -> tuple[tuple[str, ...], str | None]:
    """The card ids and the ``--activity NAME`` (or ``--activity=NAME``) among ``score``'s arguments."""
    cards: list[str] = []
    activity: str | None = None
    rest = iter(args)
    for arg in rest:
        option, equals, value = arg.partition("=")
        if option != "--activity":
            cards.append(arg)
            continue
        if activity is not None:
            fail("--activity given twice: a round scores one activity", EXIT_USAGE)
        activity = value if equals else next(rest, None)
        if not activity or activity.startswith("--"):
            fail("--activity needs the name of an activity (e.g. --activity swimming), or 'none'", EXIT_USAGE)
    return tuple(cards), activity


def _activity_named(rules: Any, given: str) -> str:
    """The activity ``--activity`` names, read as ``play`` reads it (its name with spaces or
    underscores, any case, or a unique beginning); exits 1 when it could be several. A name that
    matches none is given back, for the scorer to refuse as unknown (exit 1, as before)."""
    from ..terminal.prompts import matches

    kinds = [*rules.scoring.activities.kinds, "none"]
    found = [] if given.strip().isdigit() else matches(given, kinds)  # no menu shown here: no numbers
    if len(found) > 1:
        fail(f"--activity {given!r} could be {' or '.join(k.replace('_', ' ') for k in found)} (activities: "
             f"{', '.join(k.replace('_', ' ') for k in kinds)}) [activity-known]", EXIT_INVALID)
    return found[0] if found else given


def score(rules: Any, args: tuple[str, ...], as_json: bool) -> None:
    """``boomerang-rules score`` for this game: one player's round from its cards in draft order
    and ``--activity NAME``."""
    import attrs

    from ..core.errors import InvalidInput
    from .scoring import score_round

    cards, activity = _activity_option(args)
    flags = [c for c in cards if is_option(c)]  # -q too: score has no --quiet
    if flags:
        fail(f"no such option for Boomerang: Australia: {clipped(flags[0])} (give the card ids and --activity NAME)",
             EXIT_USAGE)  # the game's name, as the other games say theirs (a ruleset's own name may be anything)
    if not cards:  # a usage error in every game (a wrong count of cards is invalid input)
        fail(f"nothing to score: give the {rules.hand_size} card ids of one round, Throw first and Catch last, and "
             "--activity NAME for its activity", EXIT_USAGE)
    ids = [c.upper() for c in cards]
    if activity is not None:
        activity = _activity_named(rules, activity)
    try:
        result = score_round(rules, ids, activity)
    except InvalidInput as exc:
        def where(p: Any) -> str:  # a card by its place among the card ids: "argument 3 ('A')"
            if p.pointer:
                return f"argument {int(p.pointer[1:]) + 1} ({brief(cards[int(p.pointer[1:])])})"
            if p.rule == "activity-known":
                return f"--activity {brief(activity)}"
            return f"the card ids ({len(cards)} given)"

        refuse_input(exc.problems, where)
    if as_json:
        click.echo(json.dumps(attrs.asdict(result)))
        return
    width = max(map(len, _LABELS.values()))
    for field, label in _LABELS.items():
        value = getattr(result, field)
        note = f"  ({activity})" if field == "activity" and activity not in (None, "none") else ""
        click.echo(f"{label:<{width}}  {value:>3}{note}")


__all__ = ["HELP", "Session", "card_line", "narrate", "replay_html", "round_summary", "score", "sheet_svg"]
