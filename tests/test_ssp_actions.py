"""Sea Salt & Paper's integer actions: one fixed numbering per ruleset, masks and ids that agree
with the string API, and clear refusals."""

from __future__ import annotations

import random

import pytest

import boomerang_rules as br
from boomerang_rules.core.errors import IllegalAction
from boomerang_rules.seasaltpaper import actions

VARIANTS = [info.id for info in br.list_rules() if info.game == "sea-salt-paper"]


def test_every_variant_is_tried() -> None:
    assert "sea-salt-paper" in VARIANTS and len(VARIANTS) >= 2


@pytest.mark.parametrize("name", VARIANTS)
def test_every_action_round_trips(name: str) -> None:
    rules = br.load_rules(name)
    n = br.num_actions(rules)
    names = [br.action_of(rules, i) for i in range(n)]
    assert len(set(names)) == n
    for i, action in enumerate(names):
        assert br.action_id(rules, action) == i
        assert br.action_id(rules, i) == i
    assert names[:6] == ["draw", "pass", "end", "stop", "last_chance", "mermaids"]
    cards = [c.id for c in rules.cards]
    assert names[6:6 + len(cards)] == [f"take:{c}" for c in cards]
    assert [a for a in names if a.startswith("steal:")] == [f"steal:{s}" for s in range(rules.players.max)]
    duos = [a for a in names if a.startswith("duo:")]
    assert duos == sorted(duos) and duos


def test_the_rl_numbering_is_this_one() -> None:
    from boomerang_rules.rl import seasaltpaper as rl_ssp

    rules = br.load_rules("sea-salt-paper")
    assert rl_ssp.action_names(rules) == actions.action_names(rules)
    assert br.num_actions(rules) == len(rl_ssp.action_names(rules))


def _names(rules: object, mask: int) -> tuple[str, ...]:
    return tuple(sorted(br.action_of(rules, i) for i in range(mask.bit_length()) if mask >> i & 1))


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_mask_and_ids_agree_with_the_string_api(name: str, players: int) -> None:
    rules = br.load_rules(name)
    rng = random.Random(players)
    by_string = by_id = br.new_game(rules, players, seed=players)
    decisions = 0
    while not br.is_over(by_string) and decisions < 600:
        for seat in range(players):
            mask = br.legal_mask(by_string, seat)
            assert _names(rules, mask) == tuple(sorted(br.legal_actions(by_string, seat)))
        seat = br.to_act(by_string)[0]
        action = rng.choice(br.legal_actions(by_string, seat))
        number = br.action_id(rules, action)
        by_string = br.apply(by_string, seat, action)
        by_id = br.step(by_id, [number]) if decisions % 2 else br.apply(by_id, seat, number)
        assert by_id == by_string
        assert br.record_of(by_id) == br.record_of(by_string)
        decisions += 1
    assert decisions > 20


def test_no_decision_owed_is_an_empty_mask() -> None:
    state = br.new_game(br.load_rules("sea-salt-paper"), 3, seed=1)
    waiting = [s for s in range(3) if s not in br.to_act(state)]
    assert all(br.legal_mask(state, s) == 0 for s in waiting)


@pytest.mark.parametrize("junk", [-1, 10**6, 1.0, "1", None, True, [0]])
def test_action_of_quotes_what_it_refuses(junk: object) -> None:
    rules = br.load_rules("sea-salt-paper")
    with pytest.raises(ValueError, match=r" is not an action id of 'sea-salt-paper' \(ids are 0 to \d+\)$"):
        br.action_of(rules, junk)  # type: ignore[arg-type]


@pytest.mark.parametrize("junk", ["draw ", "take:nothing", "", -1, 10**6, 2.0, None, False])
def test_action_id_quotes_what_it_refuses(junk: object) -> None:
    rules = br.load_rules("sea-salt-paper")
    with pytest.raises(ValueError, match=r" is not an action of 'sea-salt-paper' \(draw, take:CARD, "):
        br.action_id(rules, junk)


def test_another_games_ruleset_is_refused() -> None:
    with pytest.raises(TypeError, match=r"^rules must be a Sea Salt & Paper Ruleset \(see load_rules\), not Ruleset"):
        actions.num_actions(br.load_rules("standard"))


@pytest.mark.parametrize("seat", [-1, 3, 1.0, "0", None, True])
def test_legal_mask_refuses_a_seat_the_game_has_not(seat: object) -> None:
    state = br.new_game(br.load_rules("sea-salt-paper"), 3, seed=1)
    with pytest.raises(IllegalAction, match="does not exist in a 3-player game"):
        br.legal_mask(state, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("junk", [10**6, -1, 2.0, True, None, "7"])
def test_apply_refuses_what_is_no_legal_id(junk: object) -> None:
    state = br.new_game(br.load_rules("sea-salt-paper"), 3, seed=1)
    seat = br.to_act(state)[0]
    with pytest.raises(IllegalAction, match=f"^seat {seat} may not .* now \\(draw phase\\); legal: "):
        br.apply(state, seat, junk)  # type: ignore[arg-type]


def test_a_legal_id_for_another_phase_is_refused_with_the_reason() -> None:
    rules = br.load_rules("sea-salt-paper")
    state = br.new_game(rules, 3, seed=1)
    seat = br.to_act(state)[0]
    with pytest.raises(IllegalAction, match="may not 'end' now"):
        br.apply(state, seat, br.action_id(rules, "end"))
    with pytest.raises(IllegalAction, match="it is seat"):
        br.apply(state, (seat + 1) % 3, br.action_id(rules, "draw"))
