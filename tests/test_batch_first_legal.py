"""``batch.first_legal``, the benches' policy: numpy's ``argmax`` of the masks over the last axis,
compiled (a word at a time), on any shape, on every game's masks, and what ``step`` takes.

Skipped when the optional extra ``batch`` (numba, numpy) is not installed.
"""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

import numpy as np

import boomerang_rules as br
from boomerang_rules import batch
from boomerang_rules.batch import _kernels


@pytest.mark.parametrize("actions", [*range(1, 18), 33, 354])
@pytest.mark.parametrize("rows", [0, 1, 2, 3, 7, 9, 64])
def test_first_legal_is_argmax(actions: int, rows: int) -> None:
    rng = np.random.default_rng(actions * 100 + rows)
    for density in (0.0, 0.05, 0.3, 1.0):
        masks = rng.random((rows, actions)) < density
        want = masks.argmax(axis=-1) if rows else np.zeros(0, np.int64)
        got = batch.first_legal(masks)
        assert got.dtype == np.int64 and got.shape == (rows,)
        assert np.array_equal(got, want)
        bytewise = np.empty(rows, np.int64)  # the path of a big-endian machine
        _kernels.first_legal(masks.reshape(-1), actions, False, bytewise)
        assert np.array_equal(bytewise, want)


def test_first_legal_shapes_and_views() -> None:
    rng = np.random.default_rng(5)
    masks = rng.random((6, 4, 7)) < 0.2
    assert np.array_equal(batch.first_legal(masks), masks.argmax(axis=2))
    assert np.array_equal(batch.first_legal(masks[:, ::2, 1:]), masks[:, ::2, 1:].argmax(axis=2))
    assert np.array_equal(batch.first_legal(masks.tolist()), masks.argmax(axis=2))
    assert batch.first_legal(np.array([False, False, True])).shape == ()
    assert int(batch.first_legal(np.array([False, False, True]))) == 2


def test_first_legal_refuses_what_is_not_masks() -> None:
    with pytest.raises(TypeError, match="bools"):
        batch.first_legal(np.zeros((3, 4), np.int64))
    with pytest.raises(ValueError, match="last axis"):
        batch.first_legal(np.zeros((3, 0), np.bool_))
    with pytest.raises(ValueError, match="last axis"):
        batch.first_legal(np.bool_(True))


@pytest.mark.parametrize("game", ["boomerang-australia", "boomerang-2010"])
def test_first_legal_plays_the_lowest_legal_action(game: str) -> None:
    """Every step of a batch: the same actions as ``argmax``, each legal, and ``step`` takes them."""
    rules = br.load_rules(game)
    b = batch.init(rules, 4, 33, 11)
    steps = 0
    while not b.over:
        masks = batch.legal_masks(b)
        actions = batch.first_legal(masks)
        assert np.array_equal(actions, masks.argmax(axis=2))
        owing = masks.any(axis=2)
        assert np.take_along_axis(masks, actions[..., None], axis=2)[..., 0][owing].all()
        b, _ = batch.step(b, actions)
        steps += 1
    assert steps > 0


def test_first_legal_hands_its_kernel_one_array_type_for_writeable_and_read_only_masks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """numba compiles a kernel apart for a read-only array (``legal_masks``' are) and a writeable one
    (a user's own): ``first_legal`` hands it a read-only view of either, so it compiles once."""
    seen: list[bool] = []
    kernel = _kernels.first_legal

    def spy(flat: np.ndarray, na: int, words: bool, out: np.ndarray) -> None:
        seen.append(flat.flags.writeable)
        kernel(flat, na, words, out)

    monkeypatch.setattr(_kernels, "first_legal", spy)
    masks = np.zeros((3, 5), bool)
    masks[:, 2] = True
    frozen = masks.copy()
    frozen.flags.writeable = False
    assert batch.first_legal(masks).tolist() == batch.first_legal(frozen).tolist() == [2, 2, 2]
    assert seen == [False, False]
    assert masks.flags.writeable  # the caller's array stays as it was
