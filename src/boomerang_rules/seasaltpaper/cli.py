"""Sea Salt & Paper at the command line: what ``replay``, ``play``, ``score`` and ``check-scorer``
need to know of this game (the commands themselves live in ``boomerang_rules.cli``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import click

from ..core.arguments import brief
from ..core.display import clipped, counted
from ..terminal.exits import EXIT_USAGE, fail, input_ended, is_option, refuse_input
from ..terminal.prompts import common_command
from ..terminal.wording import cast, columns, fit_line, fitted, name_column, opening, plural, says
from .picture import replay_html, sheet_svg
from .sheets import tie_words
from .tables import PILES, tables_for
from .telling import describe_action, draws_unseen, in_words, told, winning_mermaids, winning_them


def narrate(record: dict[str, Any], rules: Any, names: list[str], seat: int | None) -> list[str]:
    """The lines of the story of a valid record, as ``seat`` (or everyone) saw it.

    The game is played along, so that what lies face up is told as everyone saw it: the card a keep
    discards (the new top of its pile) and the pile a card is taken from, as ``play`` tells them.
    Each round's end and the winners are read off that same walk: the record is replayed once,
    whatever its length (replaying it again up to each round made a record of 400 rounds take 30 s).
    """
    t = tables_for(rules)
    n = len(names)
    lines = [cast(rules, names)]
    if seat is not None:
        lines.append(f"As seen by {names[seat]} (seat {seat}).")
    from .engine import apply, new_game

    rounds = record["rounds"]
    walked = new_game(rules, n, decks=[rnd["deck"] for rnd in rounds], first=rounds[0]["first"] if rounds else None,
                      steals=[e[2] for rnd in rounds for e in rnd["actions"] if len(e) == 3],
                      shuffles=[order for rnd in rounds for order in rnd.get("shuffles", [])])
    totals = [0] * n
    column = name_column(names, 80 - 4 - 51, least=12)  # the rows of a round's scores: one line of 80 each
    for r, rnd in enumerate(rounds):
        deck = rnd["deck"]
        lines += ["", f"Round {r + 1}: the discard piles start with {in_words(t, deck[0])} (left) and "
                      f"{in_words(t, deck[1])} (right); {says(names[rnd['first']], 'begins')}"]
        for entry in rnd["actions"]:
            s, action = entry[0], entry[1]
            mine = seat is None or seat == s
            deck = len(walked.deck)
            text = told(t, action, names[s], mine, tops=[t.ids[p[-1]] if p else None for p in walked.piles],
                        names=names, deck=deck)
            before = walked.hands[s]
            walked = apply(walked, s, action)
            if mine and draws_unseen(t, action, deck) and walked.round == r:  # the card drawn, as play names it
                drawn = [c for c in walked.hands[s] if c not in before]
                if drawn:
                    text += f", {in_words(t, t.ids[drawn[0]])}"
            if action.startswith("keep:") and walked.round == r:  # the discard lies face up on its pile
                pile = walked.piles[PILES.index(action.rsplit(":", 1)[1])]
                text = text.replace(" the other onto ", f" {in_words(t, t.ids[pile[-1]])} onto ")
            if action.startswith("steal:"):
                seen = seat is None or seat in (s, int(action[6:]))
                text += f": {in_words(t, entry[2]) if seen else 'a card'}"
            lines += fitted(text, indent="  ")
        if len(walked.history) > r:
            result = walked.history[r]
            ends = {"stop": "STOP", "last_chance": "LAST CHANCE", "empty_deck": "the deck ran out: nobody scores",
                    "mermaids": winning_mermaids(rules)}
            lines.append(f"  Round {r + 1} ends: {ends[result.end]} ({names[result.ender]})")
            for s in range(n):
                totals[s] += result.scores[s]
                if result.end in ("stop", "last_chance"):
                    lines.append(f"    {column[s]} cards {result.card_points[s]:>3}  colour bonus "
                                 f"{result.bonuses[s]:>3}  scores {result.scores[s]:>3}  total {totals[s]:>3}")
    if walked.phase == "over":
        best = walked.winners_
        label = "Winner" if len(best) == 1 else "Winners (shared)"
        lines += ["", f"{label}: {', '.join(names[w] for w in best)} "
                      f"(totals: {', '.join(str(x) for x in walked.totals)})"]
        tie = tie_words(rules, walked.totals, walked.history, names)
        if tie:
            lines += fitted(tie, keep=names)  # a name never split across lines, as replay keeps it
    else:
        lines += ["", "The game is unfinished."]
    return lines


def round_summary(record: dict[str, Any], r: int, seat: int) -> str:
    """One seat's decisions in round ``r`` of a record, for a person checking a scorer."""
    actions = [e[1] for e in record["rounds"][r]["actions"] if e[0] == seat]
    return f"seat {seat}'s actions: {' '.join(actions) or 'none'}"


_LABELS = {"duos": "Duos", "collectors": "Collectors", "multipliers": "Multipliers", "mermaids": "Mermaids",
           "card_points": "Card points", "colour_bonus": "Colour bonus"}


def _split(args: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The cards of ``--hand ID...`` and ``--played ID...`` (in any case; ``--hand=ID`` gives the first
    of them); exits 2 when neither is given (nothing to score: an empty hand is ``--hand`` alone)."""
    where: list[str] | None = None
    hand: list[str] = []
    played: list[str] = []
    if not args:  # a usage error in every game (cards the game refuses are invalid input)
        fail("nothing to score: give --hand ID... and --played ID... (the cards in hand and those played in front; "
             "--hand alone for an empty hand)", EXIT_USAGE)
    for arg in args:
        option, equals, value = arg.partition("=")  # --hand=ID, as --activity=NAME and --player=SPEC read
        if option in ("--hand", "--played"):
            where = hand if option == "--hand" else played
            if equals and not value:  # a usage error, as --activity= and --player= are
                fail(f"{option}= needs a card id after '=' (e.g. {option}=crab-1), or {option} alone for none",
                     EXIT_USAGE)
            if equals:
                where.append(value.lower())
        elif is_option(arg):  # -q too: score has no --quiet
            fail(f"no such option for Sea Salt & Paper: {clipped(arg)} (give --hand ID... and --played ID...)",
                 EXIT_USAGE)
        elif where is None:
            fail(f"{brief(arg)}: say whether cards are in hand or played: --hand ID... --played ID...", EXIT_USAGE)
        else:  # its ids are lower-case (the schema's pattern), as the other games' are upper-case: any case reads
            where.append(arg.lower())
    return hand, played


def score(rules: Any, args: tuple[str, ...], as_json: bool) -> None:
    """``boomerang-rules score --rules sea-salt-paper --hand ID... --played ID...``."""
    import attrs

    from ..core.errors import InvalidInput
    from .scoring import played_problems, score_cards

    hand, played = _split(args)

    def where(p: Any) -> str:  # "/played/0": --played card 1 ('crab-1')
        _, part, *at = p.pointer.split("/")
        given = hand if part == "hand" else played
        return f"--{part} card {int(at[0]) + 1} ({brief(given[int(at[0])])})" if at else f"--{part}"

    try:
        points = score_cards(rules, hand, played)
    except InvalidInput as exc:
        refuse_input(exc.problems, where)
    impossible = played_problems(rules, played)  # the library scores any set; a player's table holds duos
    if impossible:
        refuse_input(impossible, where)
    if as_json:
        click.echo(json.dumps(attrs.asdict(points)))
        return
    width = max(map(len, _LABELS.values()))
    for field, label in _LABELS.items():
        click.echo(f"{label:<{width}}  {getattr(points, field):>3}")
    t = tables_for(rules)
    if t.mermaid >= 0 and sum(1 for c in played if t.kind[t.index[c]] == t.mermaid) == t.win_with:
        # the points stand for a tester's position, but a table with them all in front has no round scored
        click.echo(f"({winning_mermaids(rules)} in front {'wins' if t.win_with == 1 else 'win'} the game at once: "
                   "the round is not scored)")


def card_rules(rules: Any, card_id: str) -> str:
    """A card in words and what it scores or does (``cards`` in ``play``): ``rules.describe``, which
    the replay page's tooltips show too (``show.card_words``)."""
    return rules.describe(card_id)  # type: ignore[no-any-return]


def scoring_summary(rules: Any) -> str:
    """What card points come from, in one paragraph read off the ruleset, for the opening of ``play``."""
    def words(kind: str) -> str:
        return kind.replace("_", " ")

    duos = ", ".join((plural(words(d.kinds[0])) if d.kinds[0] == d.kinds[1] else
                      f"{words(d.kinds[0])} + {words(d.kinds[1])}") + f" {d.points}" for d in rules.duos)
    collectors = ", ".join(f"{plural(words(k))} {'/'.join(map(str, v))}" for k, v in rules.collectors.items())
    multipliers = ", ".join(f"{words(k)} {m.points} per {words(m.kind)}" for k, m in rules.multipliers.items())
    extra = (f"a {words(rules.trio.kind)} with a pair, a trio {rules.trio.points}; " if rules.trio is not None else "")
    extra += (f"a {words(rules.stand_in.kind)}, one more card of a collection begun; "
              if rules.stand_in is not None else "")
    return (f"Card points: each duo, a pair played or still in hand ({duos}); collections, by how many you hold "
            f"({collectors}); {multipliers}; {extra}each mermaid, the cards of one of your colours. Type cards ID "
            "to read a card.")


TIE_WORDS = {"last-round-points": "the most points in the last round",
             "ended-last-round": "whoever ended the last round",
             "went-last": "whoever took the latest turn in the last round"}
"""A ruleset's ``tie_break`` as the opening of ``play`` says it."""


def round_end_words(rules: Any) -> str:
    """STOP and LAST CHANCE as the opening of ``play`` says them: what each scores, the bet in full
    (the caller wins it on a tie) and the colour bonus as the ruleset counts it."""
    own = "" if rules.mermaids.bonus_own_colour else ", the mermaids' own white not counted"
    return ("STOP (everyone scores their card points) or LAST CHANCE (the others play one more turn; you bet "
            "nobody will have more card points than you: if so, you score your card points plus your colour "
            f"bonus (the number of your cards of your most common colour{own}) and the others only their colour "
            "bonus; if not, you score only your colour bonus and the others their card points).")


def discard_words(rules: Any) -> str:
    """Why the discard piles matter, naming the duos that take from one (``take_from_discard``), if any."""
    takers = [d.kinds[0].replace("_", " ") if d.kinds[0] == d.kinds[1] else
              f"{d.kinds[0].replace('_', ' ')} + {d.kinds[1].replace('_', ' ')}"
              for d in rules.duos if d.effect == "take_from_discard"]
    return ("The discard piles matter: their top cards are there for anyone to take instead of drawing, so what "
            "you discard may help the next player"
            + (f", and a {' or '.join(takers)} duo lets you take any card from a pile." if takers else "."))


def empty_deck_words(rules: Any) -> str:
    """The empty-deck end of a round as the opening of ``play`` says it, with the exceptions the
    ruleset's ``round_end`` makes."""
    but = []
    if rules.round_end.empty_deck_during_last_chance == "continues":
        but.append("not during LAST CHANCE's final turns")
    if rules.round_end.empty_deck_extra_turn == "from-discard-piles":
        but.append("but a boat pair's extra turn is still played, from the discard piles")
    return "A turn that ends with the deck empty ends the round, unscored" + (f" ({'; '.join(but)})." if but else ".")


def _parts(p: Any) -> str:
    """The parts of card points that are not 0: "duos 2, collectors 3"."""
    named = (("duos", p.duos), ("collectors", p.collectors), ("multipliers", p.multipliers),
             ("mermaids", p.mermaids))
    return ", ".join(f"{name} {n}" for name, n in named if n) or "0"


def _turn_starts(legal: Any) -> bool:
    """Whether these are the first choices of a turn (take a card: the deck or a pile's top)."""
    return any(a in ("draw", "draw_one", "pass") or a.startswith("take:") for a in legal)



HELP_CHOICE = ("A choice: its number in the list, the action in brackets, or a unique beginning\n"
               "of it (draw, stop, last chance ...).")


def say(text: str, style: Callable[[str], str] | None = None) -> None:
    """Print ``text`` in lines of at most 80 columns, the lines after the first indented two more
    than its own indent; ``style`` (``title``, ``note``) colours each line on a terminal."""
    for line in fit_line(text):
        click.echo(style(line) if style else line)


class Session:
    """The conversation with the person at ``seat``. Every line it prints fits 80 columns."""

    def __init__(self, rules: Any, players: int, seat: int, seed: int, labels: list[str]) -> None:
        self.rules, self.players, self.seat, self.seed, self.labels = rules, players, seat, seed, labels
        self.column = name_column(labels, 24, least=10)
        """The labels padded alike, the first column of the seats' lines (an ``ismcts:1000 1`` put its line
        out of step with the others)."""
        self.t = tables_for(rules)

    def run(self, bots: list[Any]) -> Any:
        from ..terminal.colour import note, title
        from .engine import apply, is_over, new_game, to_act
        from .view import view

        state = new_game(self.rules, self.players, self.seed)
        target = self.rules.target(self.players)
        # No seed yet: it recreates every deck order, so it is shown once the game is over.
        for line in opening(self.rules.name, self.players, self.seat, title):
            click.echo(line)
        say(f"A round that leaves someone with {target} points or more ends the game: the highest total wins, a "
            f"tie going to {TIE_WORDS[self.rules.tie_break]}, and a tie that remains is shared; placing "
            f"{winning_mermaids(self.rules)} in front of you wins at once. On your turn: take a card, "
            "either the top two of the deck (keep one, discard the other) or the top card of a discard pile; then "
            f"play duos for their effects, and with {self.rules.round_end.min_points}+ card points you may end the "
            f"round: {round_end_words(self.rules)} {empty_deck_words(self.rules)}")
        say(scoring_summary(self.rules))
        say(discard_words(self.rules))
        rounds = 0
        announced = -1
        while not is_over(state):
            if state.round != announced:  # before anyone's move: the bots may play first
                announced = state.round
                click.echo("")
                say(f"Round {state.round + 1} begins: {says(self.labels[state.first], 'plays')} first.", title)
            for s in to_act(state):
                seen = view(state, s)
                before = state.hands[s]
                action = self.ask(seen) if s == self.seat else bots[s].choose(seen, seen.legal_actions)
                state = apply(state, s, action)
                if s != self.seat:
                    line = "  " + told(self.t, action, self.labels[s], mine=False, tops=seen.pile_tops,
                                       names=self.labels, deck=seen.deck_size)
                    if action.startswith("keep:") and len(state.history) == rounds:  # the discard is face up
                        pile = PILES.index(action.rsplit(":", 1)[1])
                        top = view(state, self.seat).pile_tops[pile]
                        if top:
                            line = line.replace(" the other onto ", f" {in_words(self.t, top)} onto ")
                    loud = action in ("stop", "last_chance", "mermaids") or action.startswith("steal:")
                    say(line, note if loud else None)
                if s == self.seat and draws_unseen(self.t, action, seen.deck_size) and len(state.history) == rounds:
                    self.drew(action, before, state.hands[s], seen.deck_size)
                took = state.entries()[-1] if state.entries() and len(state.history) == rounds else None
                if took is not None and took[1].startswith("steal:") and took[2] >= 0:
                    victim = int(took[1][6:])
                    if self.seat in (s, victim):
                        who = "You take" if s == self.seat else f"{self.labels[s]} takes"
                        say(f"  {who} {in_words(self.t, self.t.ids[took[2]])}"
                            + (" from your hand" if victim == self.seat else ""), note)
            if len(state.history) > rounds:
                self.round_end(state.history[rounds], state.totals)
                rounds += 1
        best = state.winners_
        click.echo("")
        say("Final totals: " + ", ".join(f"{self.labels[s]} {state.totals[s]}" for s in range(self.players)), title)
        say(("Winner: " if len(best) == 1 else "Winners (shared): ") + ", ".join(self.labels[w] for w in best), title)
        tie = tie_words(self.rules, state.totals, state.history, self.labels)
        if tie:
            for line in fitted(tie, keep=self.labels):  # a name never split across lines
                click.echo(line)
        say(f"The game was shuffled from seed {self.seed} (--seed {self.seed} plays it again).")
        return state

    def drew(self, action: str, before: Any, after: Any, deck: int | None = None) -> None:
        """Say which card a draw the player does not see made gave the player: a duo that draws from
        the deck (the fish duo), the top card a jellyfish lets a bound seat take (``draw_one``), or
        the deck's last card (``deck``: the cards in it before the action)."""
        from ..terminal.colour import note

        t = self.t
        if not draws_unseen(t, action, deck):  # the pair's own effect: a kind may be in two duos (Extra Salt's crab)
            return
        new = [c for c in after if c not in before]
        if new:
            say(f"  You draw {in_words(t, t.ids[new[0]])} from the deck", note)

    def round_end(self, result: Any, totals: tuple[int, ...]) -> None:
        from ..terminal.colour import note, title
        from .picture import bet_won

        t = self.t
        click.echo("")
        ends = {"stop": "STOP", "last_chance": "LAST CHANCE", "empty_deck": "the deck ran out: nobody scores",
                "mermaids": f"{winning_mermaids(self.rules)}: the game ends"}
        say(f"The round ends: {ends[result.end]} ({self.labels[result.ender]}).", title)
        if result.end == "last_chance":
            who = "your" if result.ender == self.seat else f"{self.labels[result.ender]}'s"
            say(f"  LAST CHANCE: {who} bet is " + ("won: the most card points, plus the colour bonus; the others "
                                                   "score only their colour bonus." if bet_won(result) else
                                                   "lost: only the colour bonus; the others score their card "
                                                   "points."), note)
        if result.end in ("stop", "last_chance"):
            for s in range(self.players):
                hand = ", ".join(t.describe(c) for c in result.hands[s]) or "-"
                played = ", ".join(t.describe(c) for c in result.played[s])
                say(f"  {self.column[s]} hand: {hand}" + (f"; played: {played}" if played else ""))
                parts = self.breakdown(result.hands[s], result.played[s], result.card_points[s])
                if result.end == "last_chance":
                    said = (f"card points {result.card_points[s]}{parts}, colour bonus {result.bonuses[s]}: "
                            f"scores {result.scores[s]}")
                else:
                    said = f"scores {result.scores[s]}{parts}"
                say(f"  {' ' * columns(self.column[s])} {said}; total {totals[s]}")

    def breakdown(self, hand: Any, played: Any, total: int) -> str:
        """Where a seat's card points come from, the parts that are not 0: " (duos 2, collectors 3)";
        nothing for 0 points, or when the rules score cards otherwise (an expansion's)."""
        from ..core.errors import InvalidInput
        from .scoring import score_cards

        if not total:
            return ""
        try:
            p = score_cards(self.rules, [self.t.ids[c] for c in hand], [self.t.ids[c] for c in played])
        except InvalidInput:  # an expansion's card the plain scoring does not know: the total says it all
            return ""
        if p.card_points != total:
            return ""
        return " (" + _parts(p) + ")"

    def show(self, seen: Any) -> None:
        from ..terminal.colour import note, title

        t = self.t
        click.echo("")
        if not _turn_starts(seen.legal_actions):  # later in the turn: what changed, not the whole table
            self.own_cards(seen)
            return
        say(f"Your turn (round {seen.round + 1}). Deck: {counted(seen.deck_size, 'card')}.", title)
        for p, c in enumerate(seen.pile_tops):
            say(f"  {PILES[p].capitalize()} discard pile ({counted(seen.pile_sizes[p], 'card')}), top: "
                + (in_words(t, c) if c else "empty"))
        for s in range(self.players):
            played = ", ".join(in_words(t, c) for c in seen.played[s]) or "-"
            extra = " (LAST CHANCE caller)" if s == seen.caller else ""
            revealed = seen.revealed[s]
            shown = f"; revealed hand: {', '.join(revealed) or '-'}" if revealed is not None and s != self.seat else ""
            say(f"  {self.column[s]} total {seen.totals[s]:>2}, {counted(seen.hand_sizes[s], 'card')} in hand, "
                f"played: {played}{extra}{shown}")
        if seen.caller >= 0 and seen.caller != self.seat:
            say(f"  Your last turn: {self.labels[seen.caller]} called LAST CHANCE (you may not end the round; "
                "your hand is then revealed and safe from steals)", note)
        self.own_cards(seen)

    def own_cards(self, seen: Any) -> None:
        """The seat's hand, its points, and what it drew or the pile it looks through: shown at the
        start of a turn with the table, and alone later in the turn, where only they change."""
        t = self.t
        say("  Your hand: " + (", ".join(in_words(t, c) for c in seen.hand) or "empty"))
        self.points(seen)
        if seen.drawn:
            say("  You drew: " + ", ".join(in_words(t, c) for c in seen.drawn))
        if seen.chosen_pile is not None:
            say("  The pile holds: " + ", ".join(in_words(t, c) for c in seen.chosen_pile))

    def points(self, seen: Any) -> None:
        p = seen.points
        parts = f" ({_parts(p)})" if p.card_points else ""
        need = self.rules.round_end.min_points
        may = f"; {need} needed to end the round" if p.card_points < need else ""
        say(f"  Your card points now: {p.card_points}{parts}, colour bonus {p.colour_bonus}{may}")

    def commands(self, seen: Any) -> dict[str, tuple[str, Any]]:
        """This game's commands besides ``help`` and ``cards``."""
        def sheet() -> None:
            ends = {"stop": "STOP", "last_chance": "LAST CHANCE", "empty_deck": "deck ran out",
                    "mermaids": "mermaids"}
            if not seen.past_rounds:
                say("  No round has ended yet.")
            for r, past in enumerate(seen.past_rounds):
                scores = ", ".join(f"{self.labels[s]} {past.scores[s]}" for s in range(self.players))
                say(f"  Round {r + 1} ({ends[past.end]}, {self.labels[past.ender]}): {scores}")
            say("  Totals: " + ", ".join(f"{self.labels[s]} {seen.totals[s]}" for s in range(self.players))
                + f" (a round that leaves someone with {self.rules.target(self.players)} or more ends the game;"
                " the highest total wins)")  # not "first to N wins": two may pass it in one round

        return {"sheet": ("each round's scores and the totals so far", sheet)}

    def choice_words(self, seen: Any, action: str) -> str:
        """An action of the menu in words: a keep names both drawn cards, which "You drew" has told."""
        if action.startswith("keep:") and len(seen.drawn) == 2:
            card, _, pile = action[5:].partition(":")
            other = next((c for c in seen.drawn if c != card), None)
            if other is not None and action.count(":") == 2:
                return f"keep {card}, discard {other} onto the {pile} pile"
        if action.startswith("take:"):
            said = describe_action(self.t, action, tops=seen.pile_tops, names=self.labels)
            return said.replace(" from the top of the ", " from the ")
        return describe_action(self.t, action, tops=seen.pile_tops, names=self.labels, deck=seen.deck_size)

    def ask(self, seen: Any) -> str:
        from ..terminal.prompts import could_be, pick_from, read_answer

        legal = list(seen.legal_actions)
        if legal == ["end"]:  # nothing left to choose: no prompt for it
            say("  You have nothing more to play: your turn ends.")
            return "end"
        self.show(seen)
        if legal == ["mermaids"]:  # the seed: whoever holds them all wins at once (engine._legal)
            them = winning_them(self.rules)
            say(f"  You hold {winning_mermaids(self.rules)}: whoever holds {them} wins at once, so "
                f"placing {them} is your only move.")
        for i, action in enumerate(legal, 1):
            say(f"  {i:>2}. {self.choice_words(seen, action)}   [{action}]")
        while True:
            answer = read_answer("Your choice (a number or an action): ")
            if answer is None:
                input_ended()
            choice = pick_from(answer, legal)
            if choice is not None:
                return str(choice)
            if not answer:
                say("Please type your choice (or help).")
                continue
            if common_command(answer, self.rules, HELP_CHOICE, tuple(seen.hand), self.commands(seen),
                              lambda c: card_rules(self.rules, c)):
                continue
            say(could_be(answer, legal)
                or f"{brief(answer)} is not one of the choices; type a number from 1 to {len(legal)} (or help).")


__all__ = ["Session", "describe_action", "narrate", "replay_html", "round_summary", "score", "sheet_svg", "told"]
