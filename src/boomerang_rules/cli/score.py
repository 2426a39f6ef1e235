"""``boomerang-rules score``: cards scored as the game of ``--rules`` counts them (one player's, or a final table)."""

from __future__ import annotations

import click

from .common import game_cli, load_rules_or_exit, rules_option


@click.command(short_help="Score one player's cards, or a final table.",
               context_settings={"ignore_unknown_options": True})
@click.argument("cards", nargs=-1, metavar="CARD...", type=click.UNPROCESSED)
@rules_option
@click.option("--json", "as_json", is_flag=True, help="Print the breakdown as a JSON object.")
def score(cards: tuple[str, ...], rules_name: str, as_json: bool) -> None:
    """Score cards by the rules of the game --rules names: one player's (Boomerang: Australia, Sea
    Salt & Paper) or every player's final score (Boomerang (2010)).

    Boomerang: Australia: the card ids drafted in a round, Throw first and Catch last (site
    letters A-Z, @ and #; quote them in a shell: '#' starts a comment), and --activity NAME
    for the activity scored that round (as play takes it: the name, with spaces or
    underscores, or a unique beginning; omit it, or give 'none', for none).
    Sea Salt & Paper: --hand ID... --played ID... (the cards in hand and those played in front).
    Boomerang (2010): every player's final score, one --player CARD,CARD,...:BOOMERANGS per
    player in seat order (--player :7 for no cards), and the winners. (--seat, its older
    spelling, still works; in play and replay --seat is a seat number.)

    Giving nothing to score is a usage error (exit 2) in every game; cards the game refuses (a
    count a round or game cannot have, an unknown or repeated id, Sea Salt & Paper cards in front
    that are no duos) are invalid input (exit 1), each named with its argument and rule: the first
    20, then one line counting the rest by rule (5,000 unknown cards make 21 lines). A
    Sea Salt & Paper player may hold no card (all played as duos, or the last one stolen): score
    an empty hand with --hand alone, as --player :7 is a Boomerang (2010) player without cards.

    score has no -q/--quiet: it shows no progress to silence, and no one number could stand for
    every game's breakdown (Sea Salt & Paper's card points and colour bonus count apart). In every
    game -q, --quiet or any option the game does not take is a usage error (exit 2), wherever it
    stands: "no such option for GAME". --json is the breakdown for a program.

    Exit status: 0 scored, 1 cards the game refuses (or an invalid --rules file), 2 usage error.

    \b
    Examples:
      boomerang-rules score E A V W X J B --activity indigenous
      boomerang-rules score --rules sea-salt-paper \\
        --hand crab-1 crab-2 shell-1 --played boat-1 boat-2
      boomerang-rules score --rules boomerang-2010 \\
        --player A1,A2,B1:11 --player A3,B2:20 --player :5
    """
    rules = load_rules_or_exit(rules_name)
    game_cli(rules).score(rules, cards, as_json)
