"""`keepers data check`: validating the packaged data and replacement directories."""

from __future__ import annotations

import shutil
from importlib.resources import files
from pathlib import Path

from typer.testing import CliRunner

from keepers.cli import app

runner = CliRunner()


def test_packaged_data_checks_out() -> None:
    """Both games' packaged data validate and report what is reconstructed (KT-10.8)."""
    for game in ("keythedral", "viscounts"):
        result = runner.invoke(app, ["data", "check", game])
        assert result.exit_code == 0, result.output
        assert "OK" in result.output and "reconstructed" in result.output


def test_unknown_effect_term_is_refused_with_file_and_row(tmp_path: Path) -> None:
    """A data directory with an unknown effect term is refused: file, row and reason."""
    source = Path(str(files("keepers.games.viscounts") / "data"))
    for item in source.iterdir():
        if item.is_file():
            shutil.copy(item, tmp_path / item.name)
    csv = tmp_path / "townsfolk.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace(
        '"all_of(discard(1), gain(silver=2))"', '"all_of(discard(1), teleport(silver=2))"', 1),
        encoding="utf-8")
    result = runner.invoke(app, ["data", "check", "viscounts", str(tmp_path)])
    assert result.exit_code == 1
    assert "townsfolk.csv" in result.output and "teleport" in result.output
    assert "row" in result.output


def test_broken_keythedral_data_is_refused(tmp_path: Path) -> None:
    """KT-1.4: a tile count that does not match the printed counts is refused."""
    text = (files("keepers.games.keythedral") / "data" / "keythedral.toml").read_text("utf-8")
    (tmp_path / "keythedral.toml").write_text(text.replace('"4" = 6', '"4" = 7'), "utf-8")
    result = runner.invoke(app, ["data", "check", "keythedral", str(tmp_path)])
    assert result.exit_code == 1 and "value 4" in result.output
