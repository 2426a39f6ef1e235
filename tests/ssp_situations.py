"""End-of-round situations of Sea Salt & Paper, drawn by seed, for checking the scoring against
another implementation's (the online version's, ``tests/test_ssp_online_vectors.py``).

A situation is what a round's end can show: 2-4 seats, each with duos (and, with Extra Salt,
trios) played in front and a hand, every card once; who ended the round and how. Duos are
played as they are in a game (two cards of one of the ruleset's duos, a starfish joined to some),
hands are any cards left, with the expansion's cards pushed in often enough to meet each other.

``python tests/ssp_situations.py RULES SEED COUNT`` writes them as JSON lines (card ids), the
input the saved vectors were made from.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import boomerang_rules as br
from boomerang_rules.seasaltpaper.rules import Ruleset


def situation(rules: Ruleset, seed: int) -> dict[str, Any]:
    """One end-of-round situation, the same for the same ruleset and seed."""
    rng = random.Random(seed)
    kind = {c.id: c.kind for c in rules.cards}
    deck = [c.id for c in rules.cards]
    rng.shuffle(deck)
    players = rng.randint(rules.players.min, rules.players.max)
    trio = rules.trio.kind if rules.trio is not None else None
    seats = []
    for _ in range(players):
        played: list[str] = []
        for _ in range(rng.choice((0, 0, 1, 1, 2, 2, 3, 4))):
            a, b = rng.choice(rules.duos).kinds
            first = next((c for c in deck if kind[c] == a), None)
            second = next((c for c in deck if kind[c] == b and c != first), None)
            if first is None or second is None:
                continue
            group = [first, second]
            star = next((c for c in deck if kind[c] == trio), None) if trio else None
            if star is not None and rng.random() < 0.3:
                group.append(star)
            for c in group:
                deck.remove(c)
            played += group
        size = min(len(deck), rng.randint(0, 13))
        hand = deck[:size]
        del deck[:size]
        seats.append({"hand": hand, "played": played})
    extras = [c for c in deck if kind[c] in {"starfish", "seahorse", "lobster", "jellyfish", "cast_of_crabs"}]
    for c in extras:
        if rng.random() < 0.35:
            seats[rng.randrange(players)]["hand"].append(c)
            deck.remove(c)
    return {"seed": seed, "seats": seats, "ender": rng.randrange(players),
            "call": rng.choice(("stop", "last_chance"))}


def main(argv: list[str]) -> None:
    rules = br.load_rules(argv[0])
    assert isinstance(rules, Ruleset), "a Sea Salt & Paper ruleset"
    start, count = int(argv[1]), int(argv[2])
    for seed in range(start, start + count):
        print(json.dumps(situation(rules, seed)))


if __name__ == "__main__":
    main(sys.argv[1:])
