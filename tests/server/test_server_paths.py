"""Where the database lives, and what `serve` says at start."""

from __future__ import annotations

from pathlib import Path

import pytest
from serverhelp import free_port
from typer.testing import CliRunner

from keepers.server import cli, paths


def test_the_default_database_is_in_the_users_data_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    url = paths.database_url(None)
    assert url == f"sqlite:///{tmp_path / 'data' / 'keepers' / 'keepers.db'}"
    assert (tmp_path / "data" / "keepers").is_dir()
    assert paths.describe(url) == str(tmp_path / "data" / "keepers" / "keepers.db")


def test_db_takes_a_file_or_a_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert paths.database_url("games.db") == f"sqlite:///{tmp_path / 'games.db'}"
    url = "postgresql+psycopg://keepers:secret@db.example/keepers"
    assert paths.database_url(url) == url
    assert "secret" not in paths.describe(url)


def test_serve_prints_the_database_then_runs(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[object] = []
    monkeypatch.setattr("uvicorn.Server.run", lambda self, sockets: ran.append(sockets))
    port = str(free_port())
    result = CliRunner().invoke(_app(), ["--port", port, "--db", str(tmp_path / "g.db")])
    assert result.exit_code == 0, result.output
    assert f"database {tmp_path / 'g.db'}" in result.output
    assert f"http://127.0.0.1:{port}" in result.output
    assert len(ran) == 1


def _app() -> object:
    import typer

    app = typer.Typer()
    app.command()(cli.serve)
    return app


def test_a_database_file_in_a_missing_directory_is_refused(tmp_path: Path) -> None:
    """A mistyped --db path is refused in one line; no directory is made for it."""
    missing = tmp_path / "no" / "such"
    with pytest.raises(ValueError, match="there is no directory"):
        paths.database_url(str(missing / "games.db"))
    assert not (tmp_path / "no").exists()
