"""Every command-line input is checked and nothing is coerced.

A refused input exits with code 2 and one line naming the argument and what it
allows, before any work starts.  The cases run for every real game (and the
toy game); the option cases iterate over each game's declared options, so a
new option is covered as soon as it is declared.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from keepers.cli import app
from keepers.core.game import Option
from keepers.core.registry import get_game

runner = CliRunner()
GAMES = ["keythedral", "gardiens", "viscounts", "toyrace"]


def _refused(args: list[str], *named: str) -> str:
    """Run ``args``; assert one error line, exit code 2, naming each of ``named``."""
    result = runner.invoke(app, args)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2, (args, result.output)
    assert len(lines) == 1 and lines[0].startswith("error:"), (args, result.output)
    assert "Traceback" not in result.output
    for name in named:
        assert name in lines[0], (args, lines[0])
    return lines[0]


def _input_cases(game: str, tmp_path: Path) -> list[tuple[list[str], tuple[str, ...]]]:
    """(arguments, words the refusal must contain) for one game."""
    spec = get_game(game)
    nowhere = str(tmp_path / "no" / "such" / "r.json")
    return [
        (["play", game, "--players", "0"], ("--players", str(spec.min_players))),
        (["play", game, "--players", str(spec.max_players + 1)], ("--players",)),
        (["simulate", game, "--players", "-1"], ("--players",)),
        (["simulate", game, "--players", "10" * 20], ("--players",)),
        (["play", game, "--seats", "greedy,,random"], ("--seats", "empty")),
        (["simulate", game, "--seats", ""], ("--seats", "empty")),
        (["simulate", game, "--seats", "greedy,wizard"], ("--seats", "wizard")),
        (["play", game, "--seats", "human,wizard"], ("--seats", "wizard")),
        (["sweep", game, "--vary", "no_such_option=1"], ("--vary", "no_such_option")),
        (["play", game, "--lang", "de"], ("--lang", "en, fr, ru")),
        (["simulate", game, "--games", "0"], ("--games", ">= 1")),
        (["simulate", game, "--games", "many"], ("--games",)),
        (["simulate", game, "--seed", "-1"], ("--seed", "from 0")),
        (["play", game, "--seed", "-5"], ("--seed",)),
        (["simulate", game, "--jobs", "0"], ("--jobs", "from 1")),
        (["sweep", game, "--jobs", "0"], ("--jobs",)),
        (["sweep", game, "--games", "0"], ("--games",)),
        (["bench", game, "--games", "0"], ("--games",)),
        (["bench", game, "--seconds", "0"], ("--seconds",)),
        (["bench", game, "--seconds", "nan"], ("--seconds",)),
        (["simulate", game, "--out", nowhere], ("--out", "no directory")),
        (["simulate", game, "--out", str(tmp_path)], ("--out", "directory")),
        (["bench", game, "--out", nowhere], ("--out",)),
        (["sweep", game, "--out", nowhere], ("--out",)),
        (["sweep", game, "--out", str(tmp_path / "sweep.json")], ("--out", ".json")),
        (["play", game, "--record", nowhere], ("--record",)),
        (["play", game, "--record", str(tmp_path)], ("--record", "directory")),
    ]


@pytest.mark.parametrize("game", GAMES)
def test_bad_inputs_are_refused_in_one_line(game: str, tmp_path: Path) -> None:
    for args, named in _input_cases(game, tmp_path):
        _refused(args, *named)


@pytest.mark.parametrize("game", ["keythedral", "gardiens", "viscounts"])
def test_a_search_bots_bad_settings_are_named(game: str) -> None:
    _refused(["simulate", game, "--seats", "mcts:iters=0,greedy"],
             "--seats: mcts: iters must be a whole number from 1 to 10000000, not '0'")
    _refused(["play", game, "--seats", "human,mcts:speed=1"],
             "--seats: mcts: unknown setting 'speed'; known: iters, time")


@pytest.mark.parametrize("game", GAMES)
def test_bad_language_variable_is_refused(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEEPERS_LANG", "de")
    _refused(["simulate", game, "--games", "1"], "KEEPERS_LANG", "en, fr, ru")
    monkeypatch.setenv("KEEPERS_LANG", "fr_FR.UTF-8")
    assert runner.invoke(app, ["play", game], input="").exit_code == 1  # set up, then no input


def _allowed(option: Option) -> str:
    """A value the option allows, other than its default when there is one."""
    if isinstance(option.default, bool):
        return str(not option.default).lower()
    if isinstance(option.default, int):
        low = option.minimum
        return str(low if low is not None and low != option.default else option.default + 1)
    others = [choice for choice in option.choices if choice != option.default]
    return (others or [str(option.default)])[0]


def _refusable(option: Option) -> list[str]:
    """Values the option refuses."""
    if isinstance(option.default, bool):
        return ["maybe", "1"]
    if isinstance(option.default, int):
        return ["many", "1.5"] + ([] if option.minimum is None else [str(option.minimum - 1)])
    return ["no-such-value"] if option.choices else []


def _options() -> list[tuple[str, Option]]:
    return [(game, option) for game in GAMES for option in get_game(game).option_specs()]


@pytest.mark.parametrize(("game", "option"), _options(),
                         ids=lambda v: v.name if isinstance(v, Option) else v)
def test_every_declared_option(game: str, option: Option) -> None:
    """Each option: one allowed value sets up a game; each bad value is refused by name."""
    value = _allowed(option)
    result = runner.invoke(app, ["play", game, "--option", f"{option.name}={value}"], input="")
    assert result.exit_code == 1 and "error" not in result.output, (option, result.output)
    for bad in _refusable(option):
        _refused(["play", game, "--option", f"{option.name}={bad}"], option.name)
        if option.name == "max_rounds" and bad.lstrip("-").isdigit():
            _refused(["simulate", game, "--max-rounds", bad], "--max-rounds", "max_rounds")


def test_max_rounds_only_for_games_that_have_it() -> None:
    for game in GAMES:
        names = {option.name for option in get_game(game).option_specs()}
        if "max_rounds" not in names:
            _refused(["simulate", game, "--max-rounds", "5"], "--max-rounds", game)


def test_nothing_is_written_when_a_later_path_is_bad(tmp_path: Path) -> None:
    """The checks come before the work: no game is played for a run that cannot be saved."""
    result = runner.invoke(app, ["simulate", "toyrace", "--games", "3",
                                 "--out", str(tmp_path / "missing" / "r.json")])
    assert result.exit_code == 2 and "Results by seat" not in result.output


def test_an_option_the_player_count_rules_out_is_refused_before_play() -> None:
    """KT-3.6: the first player must be a seat of this game; refused before any output."""
    for command in ("play", "simulate", "bench"):
        _refused([command, "keythedral", "--players", "2", "--option", "first=4"],
                 "--option", "KT-3.6")
    _refused(["sweep", "keythedral", "--players", "2,3", "--vary", "first=2"], "--vary", "KT-3.6")


def test_max_rounds_given_twice_is_refused() -> None:
    _refused(["simulate", "gardiens", "--option", "max_rounds=5", "--max-rounds", "7"],
             "--max-rounds", "max_rounds")


def test_as_seat_outside_the_game_is_refused(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert runner.invoke(app, ["play", "toyrace", "--seats", "greedy,random",
                               "--record", str(record)]).exit_code == 0
    _refused(["replay", str(record), "--as-seat", "3"], "--as-seat", "1 to 2")
    _refused(["replay", str(record), "--as-seat", "0"], "--as-seat", "1 to 2")
    _refused(["replay", str(record), "--upto", "-1"], "--upto")
