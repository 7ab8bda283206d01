"""A command line Click cannot read is refused in one line on stderr, exit code 2."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from keepers.cli import app

runner = CliRunner()


@pytest.mark.parametrize(("args", "expected"), [
    (["play", "toyrace", "--bogus"], "error: no option --bogus (see keepers play --help)"),
    (["play"], "error: GAME is missing: name a game (see `keepers games`) or --resume a record"),
    (["replay"], "error: FILE is missing (see keepers replay --help)"),
    (["plya", "toyrace"], "error: no command 'plya'; the commands are games, play, replay"),
    (["data", "chek"], "error: no command 'chek'; the commands are check"),
    (["simulate", "toyrace", "--games", "x"],
     "error: --games must be a whole number (see keepers simulate --help)"),
    (["play", "toyrace", "--players=2.5"], "error: --players must be a whole number"),
    (["bench", "toyrace", "--seconds", "abc"], "error: --seconds must be a number"),
    (["play", "toyrace", "--seed"], "error: --seed needs a value"),
    (["play", "toyrace", "extra", "words"],
     "error: too many arguments: nothing takes 'extra words' (see keepers play --help)"),
    (["games", "x"], "error: too many arguments: nothing takes 'x'"),
    (["data", "check", "toyrace", "--nope"], "error: no option --nope (see keepers data check"),
])
def test_a_line_click_cannot_read_is_one_error_line(args: list[str], expected: str) -> None:
    result = runner.invoke(app, args, prog_name="keepers")
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(expected), lines
    assert "Traceback" not in result.output and "╭" not in result.output


def test_the_error_line_speaks_the_language_asked_for() -> None:
    result = runner.invoke(app, ["play", "toyrace", "--lang", "fr", "--bogus"],
                           prog_name="keepers")
    assert result.exit_code == 2
    assert result.stderr.strip() == "erreur : pas d'option --bogus (voir keepers play --help)"
    result = runner.invoke(app, ["play", "toyrace", "--lang=ru", "--seed", "x"])
    assert result.stderr.strip().startswith("ошибка: --seed должен быть целым числом")
    result = runner.invoke(app, ["play", "toyrace", "more", "--lang", "fr"])
    assert result.stderr.strip().startswith("erreur : trop d'arguments : rien n'attend 'more'")


def test_help_is_still_help() -> None:
    result = runner.invoke(app, ["play", "--help"], prog_name="keepers")
    assert result.exit_code == 0 and "--seats" in result.stdout
    bare = runner.invoke(app, [], prog_name="keepers")
    assert "Usage: keepers" in bare.output and "error:" not in bare.output


def test_the_installed_command_refuses_an_unknown_flag_in_one_line() -> None:
    """The real process: one line on stderr, nothing on stdout, exit code 2."""
    done = subprocess.run([sys.executable, "-m", "keepers", "play", "keythedral", "--bogus"],
                          capture_output=True, text=True, timeout=60,
                          env={"KEEPERS_LANG": "en", "PATH": ""})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "error: no option --bogus (see python -m keepers play --help)"]
