"""Seats are counted from 1 wherever a player reads or types them (seat 1 is the first
seat); records, positions and bots count from 0."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console
from toygame import GAME
from typer.testing import CliRunner

from keepers.cli import app
from keepers.core.terminal import seat_number, show_result

runner = CliRunner()


def test_seat_number_counts_from_one() -> None:
    assert [seat_number(seat) for seat in range(3)] == [1, 2, 3]


def test_the_result_table_counts_seats_from_one() -> None:
    state = GAME.new_state(3, 4, GAME.default_options())
    state.positions[:] = [5, 12, 7]  # the second seat has won
    out = io.StringIO()
    show_result(Console(file=out, width=80), state, ["greedy", "random", "human"])
    rows = [line for line in out.getvalue().splitlines() if "│" in line]
    assert [row.split("│")[1].strip() for row in rows] == ["1", "2", "3"]
    assert "12 *" in rows[1] and "Winner(s): Seat 2 (random)" in out.getvalue()


def test_play_names_each_seat_with_its_number(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "toyrace", "--seats", "human,greedy,random",
                                 "--record", str(record)], input="1\n")
    assert "seats: 1 human, 2 greedy, 3 random" in result.output
    assert "you are seat 1 (human)" in result.output
    assert "Seat 2 (greedy): " in result.output and "Seat 3 (random): " in result.output
    assert json.loads(record.read_text())["seats"] == ["human", "greedy", "random"]
