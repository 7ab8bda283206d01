"""The documented position format (docs/positions.md): the committed JSON Schema is the one
generated from the typed models, and every position the game writes fits it (GR-28.3)."""

from __future__ import annotations

import json
from pathlib import Path

from keepers.core.bots import RandomBot
from keepers.games.gardiens import GAME
from keepers.games.gardiens.schema import PositionModel, schema_text

SCHEMA = Path(__file__).parents[2] / "docs" / "schemas" / "gardiens-position.json"


def test_committed_schema_is_the_generated_one() -> None:
    """Regenerate with ``python -m keepers.games.gardiens.schema`` after a format change."""
    assert SCHEMA.read_text(encoding="utf-8") == schema_text()


def test_every_position_of_a_game_fits_the_schema_models() -> None:
    """GR-28.3: competitive and co-operative positions, to the end, fit the typed models."""
    checked = 0
    for seed, players, coop in ((1, 2, False), (2, 4, True)):
        state = GAME.new_state(players, seed, {"coop": coop})
        bots = [RandomBot(p, seed) for p in range(players)]
        while True:
            PositionModel.model_validate(json.loads(json.dumps(state.to_dict())))
            checked += 1
            if state.is_over():
                break
            player = state.to_move()
            assert player is not None
            state.apply(bots[player].choose(None, state.legal_actions()))
    assert checked > 100


def test_the_models_refuse_what_the_format_forbids() -> None:
    """An unknown key, an unknown building kind and a negative count do not fit."""
    data = json.loads(json.dumps(GAME.new_state(3, 1, {}).to_dict()))
    for change in ({"colour": "red"}, {"types_built": [["castle"], [], []]},
                   {"supply": [-1] * 5}):
        try:
            PositionModel.model_validate({**data, **change})
        except ValueError:
            continue
        raise AssertionError(f"{change} fits the schema")
