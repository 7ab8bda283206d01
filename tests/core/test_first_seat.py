"""Every game reports who opened round 1 (`first_seat`), so `keepers simulate` can measure
the first player's advantage in each (KT-3.6, GR-3.1, VB-5.6)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from keepers.cli import app
from keepers.core.match import run_game
from keepers.core.registry import get_game

runner = CliRunner()


@pytest.mark.parametrize("name", ["keythedral", "gardiens", "viscounts"])
def test_every_game_reports_its_first_seat(name: str) -> None:
    """The statistic names an engine seat of the game."""
    result, _ = run_game(get_game(name), ["random"] * 3, 5, {})
    first = result.to_dict()["stats"]["first_seat"]
    assert first in (0.0, 1.0, 2.0)


@pytest.mark.parametrize("name", ["keythedral", "gardiens", "viscounts"])
def test_simulate_prints_the_first_player_advantage(name: str) -> None:
    """`keepers simulate` of every game prints the first-player line."""
    result = runner.invoke(app, ["simulate", name, "--games", "6", "--players", "3"])
    assert result.exit_code == 0, result.output
    assert "first player of round 1" in " ".join(result.output.split())
