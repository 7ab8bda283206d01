"""The command line, through Typer's test runner (no real terminal, no stdin)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from toygame import GAME
from typer.testing import CliRunner

from keepers.cli import app
from keepers.core.match import run_game
from keepers.core.record import load_position, save_position

runner = CliRunner()


def _error_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert lines[0].startswith("error:") and "Traceback" not in output
    return lines[0]


def test_games_lists_the_toy_game() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0 and "toyrace" in result.output


def test_simulate_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    result = runner.invoke(app, ["simulate", "toyrace", "--games", "12", "--players", "3",
                                 "--seats", "greedy,random", "--jobs", "2", "--seed", "1",
                                 "--out", str(out), "--option", "target=10",
                                 "--max-rounds", "3"])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["seats"] == ["greedy", "random", "greedy"]
    assert data["options"]["target"] == 10 and data["options"]["max_rounds"] == 3
    assert len(data["results"]) == 12 and data["summary"]["games"] == 12
    assert "first_seat_outright" in data["game_summary"]
    assert "Results by seat" in result.output
    assert "1: greedy" in result.output and "Seat k is the k-th name of" in result.output
    assert "First-player advantage: the first player of round 1 won" in result.output
    assert data["summary"]["first_player"]["fair_share"] == pytest.approx(1 / 3)
    assert data["summary"]["per_seat"][0]["seat"] == 0 and data["version"] == 1


def test_errors_are_one_red_line_with_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    cases = [
        ["replay", str(bad)],
        ["replay", str(tmp_path / "missing.json")],
        ["position", str(bad)],
        ["simulate", "nosuchgame"],
        ["simulate", "toyrace", "--seats", "greedy,wizard"],
        ["simulate", "toyrace", "--option", "speed=3"],
        ["simulate", "toyrace", "--option", "target"],
        ["play", "toyrace", "--players", "7"],
        ["bench", "toyrace", "--players", "1"],
    ]
    for args in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        _error_line(result.output)


def test_replay_and_position(tmp_path: Path) -> None:
    _, record = run_game(GAME, ["greedy", "random"], 5, keep_record=True)
    assert record is not None
    path = tmp_path / "game.json"
    record.save(path)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0 and "Final scores" in result.output
    result = runner.invoke(app, ["replay", str(path), "--upto", "1", "--as-seat", "2"])
    assert result.exit_code == 0 and "Waiting for seat 2" in result.output  # counted from 1
    hand = record.replay(upto=1).to_dict()["hands"][1]
    assert str(sorted(hand)) in result.output  # the second seat's own view
    assert "Position after 1 of" in result.output
    _error_line(runner.invoke(app, ["replay", str(path), "--upto", "999"]).output)
    _error_line(runner.invoke(app, ["replay", str(path), "--as-seat", "5"]).output)
    pos = tmp_path / "pos.json"
    save_position(record.replay(upto=2), "toyrace", pos)
    result = runner.invoke(app, ["position", str(pos)])
    assert result.exit_code == 0 and "Race, round" in result.output


def test_play_human_and_bots(tmp_path: Path) -> None:
    rec = tmp_path / "rec.json"
    result = runner.invoke(app, ["play", "toyrace", "--seed", "2", "--record", str(rec),
                                 "--lang", "fr"], input="1\n2\n")
    assert result.exit_code == 1 and "Partie interrompue" in result.output
    assert json.loads(rec.read_text())["seats"] == ["human", "greedy"]
    result = runner.invoke(app, ["play", "toyrace", "--seats", "random,greedy,greedy"])
    assert result.exit_code == 0 and "Winner(s)" in result.output


def test_play_solo_gives_the_one_seat_to_the_person(tmp_path: Path) -> None:
    """`keepers play viscounts --players 1` (README): one human seat against the rules' AI."""
    rec = tmp_path / "solo.json"
    result = runner.invoke(app, ["play", "viscounts", "--players", "1", "--seed", "3",
                                 "--record", str(rec)], input="1\n" * 40)
    assert "seats given" not in result.output
    assert result.exit_code == 1 and "interrupted" in result.output.lower()
    record = json.loads(rec.read_text())
    assert record["seats"] == ["human"] and len(record["actions"]) == 40


def test_bench_command() -> None:
    result = runner.invoke(app, ["bench", "toyrace", "--games", "3", "--players", "2"])
    assert result.exit_code == 0 and "Decisions per second" in result.output


def test_resume_a_recorded_game(tmp_path: Path) -> None:
    """`play --resume`: the record's seats, seed and options; saved back to the same file."""
    rec = tmp_path / "rec.json"
    result = runner.invoke(app, ["play", "toyrace", "--seed", "2", "--seats", "human,greedy",
                                 "--record", str(rec)], input="1\n")
    assert result.exit_code == 1
    first = json.loads(rec.read_text())
    result = runner.invoke(app, ["play", "toyrace", "--resume", str(rec)], input="1\n" * 60)
    assert result.exit_code == 0, result.output
    assert f"Resumed after {len(first['actions'])} recorded decisions" in result.output
    resumed = json.loads(rec.read_text())
    assert resumed["actions"][:len(first["actions"])] == first["actions"]
    assert resumed["seats"] == ["human", "greedy"] and resumed["seed"] == 2
    assert resumed["result"] is not None
    assert "already over" in _error_line(
        runner.invoke(app, ["play", "toyrace", "--resume", str(rec)]).output)
    assert "--seats" in _error_line(runner.invoke(
        app, ["play", "toyrace", "--resume", str(rec), "--seats", "greedy,greedy"]).output)
    assert "record of toyrace" in _error_line(
        runner.invoke(app, ["play", "keythedral", "--resume", str(rec)]).output)
    _error_line(runner.invoke(app, ["play", "toyrace", "--resume", str(tmp_path / "no")]).output)


def test_resume_names_its_game(tmp_path: Path) -> None:
    """`play --resume FILE` needs no game name: the record names it; play with neither
    a game nor --resume is refused in one line."""
    rec = tmp_path / "rec.json"
    runner.invoke(app, ["play", "toyrace", "--seed", "3", "--seats", "human,greedy",
                        "--record", str(rec)], input="1\n")
    result = runner.invoke(app, ["play", "--resume", str(rec)], input="1\n" * 60)
    assert result.exit_code == 0, result.output
    assert "Resumed after" in result.output
    assert json.loads(rec.read_text())["result"] is not None
    assert "GAME is missing" in _error_line(runner.invoke(app, ["play"]).output)


def test_replay_saves_a_position(tmp_path: Path) -> None:
    _, record = run_game(GAME, ["greedy", "random"], 5, keep_record=True)
    assert record is not None
    path, pos = tmp_path / "game.json", tmp_path / "pos.json"
    record.save(path)
    result = runner.invoke(app, ["replay", str(path), "--upto", "3", "--save-position", str(pos)])
    assert result.exit_code == 0 and "Position saved to" in result.output
    name, state = load_position(pos)
    assert name == "toyrace" and state.to_dict() == record.replay(upto=3).to_dict()
    assert "--save-position" in _error_line(runner.invoke(
        app, ["replay", str(path), "--save-position", str(tmp_path / "no" / "p.json")]).output)
