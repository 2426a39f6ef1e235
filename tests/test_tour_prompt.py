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


def _scoring_words(rules: Any, card: Any) -> list[str]:
    """What a card's words must say of how it scores, read off its ruleset's data."""
    if rules.game == "boomerang-australia":
        said = [f"its site: {rules.scoring.site_points} point"]
        if card.collection:
            said.append(f"({rules.scoring.collections.values[card.collection]} point")
        if card.animal:
            said.append(f"({rules.scoring.animals.values[card.animal]} points a pair)")
        if card.activity:
            said.append("scores by its icons")
        return said
    if rules.game == "sea-salt-paper":
        kind = card.kind
        said = []
        for duo in rules.duos:
            if kind in duo.kinds:  # its partner named: "duo with a shark: 1 point"
                partner = (duo.kinds[1] if duo.kinds[0] == kind else duo.kinds[0]).replace("_", " ")
                said.append(f" {partner}: {duo.points} point")
        if kind in rules.collectors:
            said.append(f"score {', '.join(map(str, rules.collectors[kind]))} points")
        if kind in rules.multipliers:
            m = rules.multipliers[kind]
            said.append(f"{m.points} point{'s' if m.points != 1 else ''} per {m.kind.replace('_', ' ')}")
        if kind == rules.mermaids.kind:
            said.append("scores a point per card of your most common colour")
        if rules.trio is not None and kind == rules.trio.kind:
            said.append(f"a trio: {rules.trio.points} points")
        if rules.stand_in is not None and kind == rules.stand_in.kind:
            said.append("one more card of a collection you have begun")
        return said
    animal = card.animal.replace("_", " ")
    return [f"whoever holds the most {animal} cards scores a point per {animal} card",
            f"a token of {' or '.join(card.lands)} captures it"]


@pytest.mark.parametrize("rules_id", [info.id for info in br.list_rules()])
def test_every_card_of_every_game_says_what_it_is_and_how_it_scores(rules_id: str) -> None:
    """``rules.describe`` is what the terminal's ``cards`` and the replay page's tooltips show: in
    every game it says what the card is and how it scores, read off the ruleset (Sea Salt &
    Paper's and Boomerang (2010)'s tooltips said only a card's kind and colour, or its lands)."""
    from importlib import import_module

    from boomerang_rules.core.games import GAMES

    rules = br.load_rules(rules_id)
    faces = import_module(GAMES[rules.game] + ".picture").card_faces(rules)
    for card in rules.cards:
        words = rules.describe(card.id)
        assert words.startswith(card.id + ": ") and "point" in words
        for said in _scoring_words(rules, card):
            assert said in words, (said, words)
        assert faces[card.id]["title"] == words  # the page's tooltip
