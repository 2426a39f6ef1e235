"""A library pleasant at the prompt (issue 16): entropy seeds kept, ruleset ids, readable states, cards in words."""

from __future__ import annotations

from typing import Any

import pytest

import boomerang_rules as br

GAMES = [("standard", 3), ("sea-salt-paper", 3), ("boomerang-2010", 3)]


def _seed_of(state: Any) -> Any:
    progress = getattr(state, "progress", None)
    return progress.seed if progress is not None else state.seed


@pytest.mark.parametrize(("rules", "players"), GAMES)
def test_without_a_seed_a_game_draws_one_and_keeps_it(rules: str, players: int) -> None:
    first, second = br.new_game(rules, players), br.new_game(rules, players)
    seed = _seed_of(first)
    assert isinstance(seed, int) and seed != _seed_of(second)  # 64 fresh bits each time
    assert br.new_game(rules, players, seed=seed) == first  # the seed kept replays the deal


@pytest.mark.parametrize(("rules", "players"), GAMES)
def test_states_read_with_card_ids(rules: str, players: int) -> None:
    state = br.new_game(rules, players, seed=5)
    for _ in range(4):
        seat = br.to_act(state)[0]
        state = br.apply(state, seat, br.legal_actions(state, seat)[0])
    ruleset = br.load_rules(rules)
    text, line = str(state), repr(state)
    assert "\n" not in line and line.startswith("<") and ruleset.id in line
    assert text.startswith(ruleset.name) and len(text.splitlines()) > players
    ids = {card.id for card in ruleset.cards}
    shown = {word.strip(";,") for word in text.split()} & ids
    assert len(shown) >= players  # the cards appear by their ids...
    assert "mask" not in text and not any(len(word) > 12 and word.isdigit() for word in line.split()[:-1])


def test_a_card_in_words_says_what_the_real_card_shows() -> None:
    rules = br.load_rules("standard")
    for card in rules.cards:
        words = rules.describe(card.id)
        assert words.startswith(card.id + ": " + card.site)
        assert f"number {card.number}" in words
        region = next(r.name for r in rules.regions if r.id == card.region)
        assert region in words
        for icon in (card.collection, card.animal, card.activity):
            if icon:
                assert icon.replace("_", " ") in words
    with pytest.raises(KeyError):
        rules.describe("nope")
    for other in ("sea-salt-paper", "boomerang-2010"):
        ruleset = br.load_rules(other)
        card = ruleset.cards[0]
        assert ruleset.describe(card.id).startswith(card.id + ": ")
