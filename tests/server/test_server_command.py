"""`keepers serve` is a command of the keepers command line."""

from __future__ import annotations

from typer.testing import CliRunner

from keepers import cli


def test_keepers_serve_is_a_command() -> None:
    result = CliRunner().invoke(cli.app, ["serve", "--help"])
    assert result.exit_code == 0, result.output
    assert "--db" in result.output and "--port" in result.output
