"""The documented Viscounts position format (docs/positions.md): the committed JSON Schema
is the one generated from the typed models, and every position the game writes fits it
(VB-2, VK-2, VG-3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from keepers.core.bots import RandomBot
from keepers.games.viscounts import GAME
from keepers.games.viscounts.schema import PositionModel, schema_text

SCHEMA = Path(__file__).parents[2] / "docs" / "schemas" / "viscounts-position.json"


def test_committed_schema_is_the_generated_one() -> None:
    """Regenerate with ``python -m keepers.games.viscounts.schema`` after a format change."""
    assert SCHEMA.read_text(encoding="utf-8") == schema_text()


@pytest.mark.parametrize(("players", "config"), [(1, "keys,gates"), (3, "none"),
                                                 (4, "gates"), (2, "keys")])
def test_every_position_of_a_game_fits_the_schema_models(players: int, config: str) -> None:
    """Setup, every phase and the end: each position written fits the typed models."""
    state = GAME.new_state(players, 7, {"expansions": config})
    bots = [RandomBot(p, 7) for p in range(players)]
    checked = 0
    while True:
        if checked % 7 == 0 or state.is_over():
            PositionModel.model_validate(json.loads(json.dumps(state.to_dict())))
        checked += 1
        if state.is_over():
            break
        player = state.to_move()
        assert player is not None
        state.apply(bots[player].choose(None, state.legal_actions()))
    assert checked > 100


def test_the_models_refuse_what_the_format_forbids() -> None:
    """An unknown key, a marker off the track and a bad space do not fit."""
    data = json.loads(json.dumps(GAME.new_state(3, 1, {}).to_dict()))
    bad_player = {**data["players"][0], "virtue": 9}
    bad_node = {**data["players"][0], "node": "7.X"}
    for change in ({"colour": "red"}, {"players": [bad_player, *data["players"][1:]]},
                   {"players": [bad_node, *data["players"][1:]]}):
        try:
            PositionModel.model_validate({**data, **change})
        except ValueError:
            continue
        raise AssertionError(f"{change} fits the schema")
