"""The command line with the expansions: `keepers simulate` runs every configuration for
1-4 players, and `keepers games` lists the option's values (VK-2, VG-3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from keepers.cli import app

runner = CliRunner()


@pytest.mark.parametrize("config", ["keys", "gates", "keys,gates"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_simulate_runs_every_configuration(tmp_path: Path, config: str, players: int) -> None:
    """VG-3 / VK-2: `keepers simulate viscounts --option expansions=...` plays its games to
    the end for every player count (solo against the AI included) and writes its results."""
    out = tmp_path / "results.json"
    result = runner.invoke(app, ["simulate", "viscounts", "--games", "2", "--players",
                                 str(players), "--option", f"expansions={config}",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["summary"]["games"] == 2 and len(data["results"]) == 2
    assert all(len(r["scores"]) == players for r in data["results"])


def test_games_lists_the_expansions_option() -> None:
    """VG-3: `keepers games` names the four values of `expansions`."""
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "keys,gates" in text and "gates" in text
