"""``core.display.counted``: a count and its noun agreeing in number, as every text that counts writes them."""

from __future__ import annotations

import pytest

from boomerang_rules.core.display import counted


@pytest.mark.parametrize(("count", "said"), [(0, "0 cards"), (1, "1 card"), (2, "2 cards"), (-1, "-1 cards"),
                                             (10**20, "100000000000000000000 cards")])
def test_a_count_of_one_alone_takes_the_singular(count: int, said: str) -> None:
    assert counted(count, "card") == said


def test_a_noun_of_several_words_takes_its_s_at_the_end() -> None:
    assert counted(3, "bot name") == "3 bot names"
    assert counted(1, "bot name") == "1 bot name"
