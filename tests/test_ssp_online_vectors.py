"""Extra Salt's scoring against the online version's own code, on 100,000 saved end-of-round situations.

``data/ssp-online-extra-salt.jsonl.gz`` holds, for each seed 0..99,999 of
``ssp_situations.situation`` (2-4 seats' hands and played duos and trios, who ended the round
and how), what the online version's code scored: each seat's mermaids, duos (trios included),
collectors, multipliers, colour bonus and round points. They were made by running that code
unchanged (``docs/sea-salt-paper.md``, "Checked against the online version's code", says
which files, which commit and how); its code is not in this repository, only its answers.

By default every 100th situation is checked (1,000); ``SSP_ONLINE_VECTORS=all`` checks all of them.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import boomerang_rules as br
from boomerang_rules import seasaltpaper as ssp

from .ssp_situations import situation

VECTORS = Path(__file__).parent / "data" / "ssp-online-extra-salt.jsonl.gz"
STRIDE = 1 if os.environ.get("SSP_ONLINE_VECTORS") == "all" else 100


def _read() -> tuple[dict[str, Any], list[list[Any]]]:
    with gzip.open(VECTORS, "rt") as f:
        header = json.loads(f.readline())
        return header, [json.loads(line) for line in f]


HEADER, ROWS = _read()
RULES = br.load_rules(HEADER["rules"])


def _ours(s: dict[str, Any]) -> list[list[int]]:
    cards = [(seat["hand"], seat["played"]) for seat in s["seats"]]
    rounds = ssp.round_points(RULES, cards, s["ender"], s["call"])
    points = [ssp.score_cards(RULES, hand, played) for hand, played in cards]
    return [[p.mermaids, p.duos, p.collectors, p.multipliers, p.colour_bonus, r] for p, r in zip(points, rounds)]


def test_the_vectors_are_100000_situations_in_seed_order() -> None:
    assert HEADER["rules"] == "sea-salt-paper-extra-salt"
    assert HEADER["columns"] == ["mermaids", "duos", "collectors", "multipliers", "colour_bonus", "round_points"]
    assert [row[0] for row in ROWS] == list(range(100_000))


def test_the_situations_are_still_those_the_vectors_were_made_from() -> None:
    """A change to ``ssp_situations`` (or to the ruleset's deck) would compare other hands: refused here."""
    for seed, digest, _ in ROWS[::STRIDE * 2]:
        s = situation(RULES, seed)
        assert hashlib.sha256(json.dumps(s, sort_keys=True).encode()).hexdigest()[:4] == digest, seed


def test_the_sample_meets_every_expansion_card_in_hand_and_in_front() -> None:
    met: Counter[str] = Counter()
    for seed, _, _ in ROWS[::STRIDE * 2]:
        for seat in situation(RULES, seed)["seats"]:
            kinds = [RULES.card(c).kind for c in seat["hand"]]
            met.update(f"hand:{k}" for k in set(kinds))
            met.update(f"played:{RULES.card(c).kind}" for c in seat["played"])
            if "starfish" in kinds and seat["played"]:
                met["starfish in hand beside a played duo"] += 1
    for want in ("hand:starfish", "hand:seahorse", "hand:lobster", "hand:jellyfish", "hand:cast_of_crabs",
                 "played:starfish", "played:lobster", "played:jellyfish", "starfish in hand beside a played duo"):
        assert met[want] >= 20, (want, met[want])


@pytest.mark.parametrize("part", range(10))
def test_scoring_agrees_with_the_online_version(part: int) -> None:
    rows = ROWS[part::10][::STRIDE // 10 or 1]
    wrong = []
    for seed, _, theirs in rows:
        ours = _ours(situation(RULES, seed))
        if ours != theirs:
            wrong.append((seed, ours, theirs))
    assert wrong[:5] == [], f"{len(wrong)} of {len(rows)} situations differ (seed, ours, online)"
