"""Views and positions share nothing mutable with the state they come from.

A bot that edits its view, or a caller that edits ``to_dict()``, must not edit the
game; two states loaded from one dict must be independent.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from keepers.core.game import GameState
from keepers.core.registry import get_game

GAMES = ["keythedral", "gardiens", "viscounts"]


def _scribble(data: Any) -> None:
    """Change every list and dict inside ``data``, in place."""
    if isinstance(data, dict):
        for value in data.values():
            _scribble(value)
        data["scribbled"] = True
    elif isinstance(data, list):
        for value in data:
            _scribble(value)
        data.append("scribbled")


def _positions(name: str) -> list[GameState]:
    game, states = get_game(name), []
    for seed in range(12):
        state, rng = game.new_state(3, seed, {}), random.Random(seed)
        for _ in range(rng.randrange(10, 250)):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def _snapshot(state: GameState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


@pytest.mark.parametrize("name", GAMES)
def test_editing_a_view_leaves_the_state_unchanged(name: str) -> None:
    for state in _positions(name):
        before = _snapshot(state)
        for seat in [None, *range(state.num_players)]:
            _scribble(state.view(seat))
        assert _snapshot(state) == before


@pytest.mark.parametrize("name", GAMES)
def test_editing_to_dict_leaves_the_state_unchanged(name: str) -> None:
    for state in _positions(name):
        before = _snapshot(state)
        _scribble(state.to_dict())
        assert _snapshot(state) == before


@pytest.mark.parametrize("name", GAMES)
def test_states_loaded_from_one_dict_are_independent(name: str) -> None:
    game = get_game(name)
    for state in _positions(name)[:4]:
        if state.is_over():
            continue
        data = state.to_dict()
        first, second = game.state_from_dict(data), game.state_from_dict(data)
        before = _snapshot(second)
        first.apply(first.legal_actions()[0])
        _scribble(data)
        assert _snapshot(second) == before
