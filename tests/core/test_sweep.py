"""Option sweeps: same seeds in every cell, the defaults first, one table per player count."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli import _error_line
from toygame import GAME
from typer.testing import CliRunner

from keepers.cli import app
from keepers.core.simulate import run_simulation, summarize
from keepers.core.sweep import parse_variant, run_sweep, sweep_markdown

runner = CliRunner()


def test_cells_are_the_defaults_then_each_reading_per_player_count() -> None:
    cells = run_sweep(GAME, [2, 3], [["greedy", "random"]], 20, 5, {}, [{"target": 8}])
    assert [(c.players, c.label) for c in cells] == [
        (2, "defaults"), (2, "target=8"), (3, "defaults"), (3, "target=8")]
    assert cells[1].options == {"target": 8, "max_rounds": 30, "hand": 3}
    assert all(cell.summary["games"] == 20 for cell in cells)


def test_a_cell_plays_the_same_seeded_games_as_simulate() -> None:
    cell = run_sweep(GAME, [2], [["greedy", "random"]], 15, 9, {"hand": 4}, [])[0]
    results = run_simulation(GAME, ["greedy", "random"], 15, 9, {"hand": 4})
    assert cell.summary == summarize(results)


def test_markdown_has_a_column_per_reading_and_a_row_per_measure() -> None:
    cells = run_sweep(GAME, [2], [["greedy", "random"]], 10, 1, {}, [{"target": 6}])
    text = sweep_markdown(cells)
    assert "### 2 players" in text
    assert "| measure | defaults | target=6 |" in text
    assert "| first_seat_outright |" in text and "win share, seat 2 (engine seat 1) (95 % CI)" in text
    assert "win share, first player of round 1 (95 % CI)" in text


@pytest.mark.parametrize("text", ["target", "target=x", "speed=3", "=3", "target=5,"])
def test_a_bad_reading_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_variant(GAME, text)


def test_sweep_command_writes_markdown_and_json(tmp_path: Path) -> None:
    out = tmp_path / "sweep.md"
    result = runner.invoke(app, ["sweep", "toyrace", "--games", "8", "--players", "2,3",
                                 "--seats", "greedy,random", "--vary", "target=6",
                                 "--vary", "hand=2,target=9", "--option", "max_rounds=20",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "| measure | defaults | target=6 | hand=2, target=9 |" in out.read_text()
    data = json.loads(out.with_suffix(".json").read_text())
    assert len(data) == 6 and all(cell["options"]["max_rounds"] == 20 for cell in data)


@pytest.mark.parametrize("args", [
    ["--vary", "speed=3"], ["--vary", "target"], ["--players", "2,x"], ["--players", "9"],
    ["--seats", "wizard"], ["--out", "/no/such/dir/sweep.md"], ["--option", "hand=lots"],
])
def test_sweep_refuses_bad_arguments_with_one_line(args: list[str]) -> None:
    result = runner.invoke(app, ["sweep", "toyrace", "--games", "2", *args])
    assert result.exit_code == 2, result.output
    _error_line(result.output)


def test_each_seat_line_up_is_a_cell_of_its_own() -> None:
    cells = run_sweep(GAME, [3], [["greedy"], ["greedy", "random"]], 10, 2, {}, [])
    assert [(c.label, c.seats) for c in cells] == [
        ("defaults · greedy", ["greedy"] * 3),
        ("defaults · greedy,random", ["greedy", "random", "greedy"])]
    lone = run_simulation(GAME, ["greedy", "random", "greedy"], 10, 2)
    assert cells[1].summary == summarize(lone)


def _sweep(folder: Path, games: int, *more: str) -> None:
    result = runner.invoke(app, ["sweep", "toyrace", "--games", str(games), "--players", "2,3",
                                 "--seats", "greedy", "--seats", "greedy,random",
                                 "--vary", "target=6", "--rotate", "--results", str(folder),
                                 *more])
    assert result.exit_code == 0, result.output


def test_sweep_streams_each_cell_to_its_file_and_resumes_them(tmp_path: Path) -> None:
    whole, resumed = tmp_path / "whole", tmp_path / "resumed"
    whole.mkdir()
    resumed.mkdir()
    _sweep(whole, 12)
    _sweep(resumed, 5)
    _sweep(resumed, 12, "--resume")
    names = sorted(path.name for path in whole.iterdir())
    assert len(names) == 2 * 2 * 2 and "3p_target=6_greedy,random.jsonl" in names
    assert names == sorted(path.name for path in resumed.iterdir())
    for name in names:
        assert sorted((resumed / name).read_text().splitlines()) == \
            sorted((whole / name).read_text().splitlines())
        assert len((whole / name).read_text().splitlines()) == 12


@pytest.mark.parametrize(("args", "message"), [
    (["--resume"], "--resume continues the cells' results files"),
    (["--results", "nowhere"], "is not a directory"),
    (["--players", "2", "--seats", "greedy,random,greedy"], "3 seats given for 2 players"),
])
def test_sweep_refuses_bad_streaming_arguments_in_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["sweep", "toyrace", "--games", "2", *args])
    assert result.exit_code == 2 and message in _error_line(result.output)
