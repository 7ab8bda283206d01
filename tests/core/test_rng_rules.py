"""Seeded randomness, rule refusals and hidden information, on the toy game."""

from __future__ import annotations

import pytest
from toygame import GAME

from keepers.core.errors import RuleError
from keepers.core.rng import Rng


def test_rng_is_deterministic() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    assert Rng(1).next64() != Rng(2).next64()


def test_rng_below_and_copy() -> None:
    rng = Rng(7)
    assert all(0 <= rng.below(3) < 3 for _ in range(200))
    assert {rng.below(3) for _ in range(200)} == {0, 1, 2}
    twin = rng.copy()
    assert rng.next64() == twin.next64()
    with pytest.raises(ValueError):
        rng.below(0)


def test_shuffle_is_a_seeded_permutation() -> None:
    items, again = list(range(20)), list(range(20))
    Rng(5).shuffle(items)
    Rng(5).shuffle(again)
    assert items == again and sorted(items) == list(range(20)) and items != list(range(20))


def test_rule_error_leaves_state_unchanged() -> None:
    state = GAME.new_state(3, 1, {})
    before = state.to_dict()
    legal = list(state.legal_actions())
    for bad in ("play 9", "jump", ""):
        with pytest.raises(RuleError) as info:
            state.apply(bad)
        assert info.value.clause.startswith("RACE-")
    with pytest.raises(RuleError):
        state.apply_as(2, legal[0])
    assert state.to_dict() == before and state.legal_actions() == legal


def test_views_hide_other_hands() -> None:
    state = GAME.new_state(3, 1, {})
    assert "hand" not in state.view(None)
    mine = state.view(1)
    assert mine["hand"] == sorted(state.hands[1]) and "hands" not in mine


def test_clone_is_independent_and_same_seed_same_game() -> None:
    state = GAME.new_state(2, 9, {})
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert state.to_dict() != copy.to_dict()
    assert GAME.new_state(2, 9, {}).to_dict() == state.to_dict()
