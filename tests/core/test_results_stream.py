"""Results streamed to a JSON Lines file: one line per finished game, kept through Ctrl-C
and kill -9, continued by --resume to exactly the file an uninterrupted run writes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_cli import _error_line
from typer.testing import CliRunner

from keepers.cli import app
from keepers.core.errors import KeepersError
from keepers.core.registry import get_game
from keepers.core.results import read_results, run_streamed, slim
from keepers.core.simulate import game_seed, run_simulation

runner = CliRunner()
TOY = ["simulate", "toyrace", "--players", "3", "--seats", "greedy,random", "--seed", "7",
       "--rotate"]


def _sorted_lines(path: Path) -> list[str]:
    return sorted(path.read_text().splitlines(), key=lambda line: json.loads(line)["index"])


def _simulate(*args: str) -> str:
    result = runner.invoke(app, [*TOY, *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_each_line_is_one_game_with_seats_options_result_and_facts(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    _simulate("--games", "12", "--out", str(out))
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(line["index"] for line in lines) == list(range(12))
    first = min(lines, key=lambda line: line["index"])
    assert first["game"] == "toyrace" and first["players"] == 3
    assert first["seed"] == game_seed(7, 0) and first["seats"] == ["greedy", "random", "greedy"]
    assert set(first) >= {"options", "scores", "winners", "decisions", "rounds", "stats", "facts"}
    rotated = next(line for line in lines if line["index"] == 1)
    assert rotated["seats"] == ["random", "greedy", "greedy"]     # --rotate, game by game


def test_half_a_run_then_resume_gives_the_uninterrupted_file(tmp_path: Path) -> None:
    whole, halves = tmp_path / "whole.jsonl", tmp_path / "halves.jsonl"
    _simulate("--games", "30", "--out", str(whole))
    _simulate("--games", "15", "--out", str(halves))
    output = _simulate("--games", "30", "--out", str(halves), "--resume")
    assert "15 of 30 games are there already" in " ".join(output.split())
    assert _sorted_lines(halves) == _sorted_lines(whole)


def test_a_torn_last_line_is_dropped_with_a_warning_and_its_game_played_again(
        tmp_path: Path) -> None:
    whole, torn = tmp_path / "whole.jsonl", tmp_path / "torn.jsonl"
    _simulate("--games", "20", "--out", str(whole))
    lines = whole.read_text().splitlines(keepends=True)
    torn.write_text("".join(lines[:9]) + lines[9][: len(lines[9]) // 2])  # cut mid-write
    assert read_results(torn).torn and len(read_results(torn).lines) == 9
    output = _simulate("--games", "20", "--out", str(torn), "--resume")
    assert "ended in the middle of a line" in " ".join(output.split())
    assert _sorted_lines(torn) == _sorted_lines(whole)


def test_kill_9_loses_only_the_games_in_flight_and_resume_completes_the_run(
        tmp_path: Path) -> None:
    out, games = tmp_path / "killed.jsonl", 120
    command = [sys.executable, "-m", "keepers", "simulate", "gardiens", "--players", "2",
               "--seats", "random", "--seed", "3", "--games", str(games), "--out", str(out)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while (not out.exists() or out.stat().st_size == 0) and time.monotonic() < deadline:
            time.sleep(0.05)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait(timeout=30)
    kept = read_results(out)
    assert 0 < len(kept.lines) < games
    game = get_game("gardiens")
    resumed = run_streamed(game, ["random", "random"], games, 3, game.default_options(), out,
                           resume=True)
    expected = run_simulation(game, ["random", "random"], games, 3)
    assert resumed == [slim(line) for line in expected]             # what the summary reads
    assert [json.loads(line) for line in _sorted_lines(out)] == expected


def test_an_existing_results_file_is_not_overwritten_without_resume(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    _simulate("--games", "5", "--out", str(out))
    before = out.read_bytes()
    result = runner.invoke(app, [*TOY, "--games", "5", "--out", str(out)])
    assert result.exit_code == 2 and "already holds results" in _error_line(result.output)
    assert out.read_bytes() == before


@pytest.mark.parametrize(("change", "what"), [
    (["--seed", "8"], "seed"), (["--seats", "random,greedy"], "seats"),
    (["--option", "target=8"], "options")])
def test_resume_refuses_a_file_of_another_run(tmp_path: Path, change: list[str],
                                              what: str) -> None:
    out = tmp_path / "run.jsonl"
    _simulate("--games", "5", "--out", str(out))
    before = out.read_bytes()
    result = runner.invoke(app, [*TOY, *change, "--games", "9", "--out", str(out), "--resume"])
    line = _error_line(result.output)
    assert result.exit_code == 2 and "another run" in line and what in line
    assert out.read_bytes() == before


def test_a_line_that_is_no_result_is_refused_in_one_line(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    out.write_text('{"index": 0, "scores": [1, 2], "winners": [1], "seats": ["a", "b"]}\n'
                   "not json\n")
    with pytest.raises(KeepersError, match="line 2 is not a game's result"):
        read_results(out)


@pytest.mark.parametrize(("args", "message"), [
    (["--resume"], "--resume continues a results file"),
    (["--resume", "--out", "x.json"], "--resume continues a results file"),
    (["--backend", "dask"], "--backend must be one of processes, ray"),
    (["--address", "auto"], "--address names a Ray cluster"),
    (["--backend", "ray", "--address", "nowhere"], "--address must be auto"),
    (["--backend", "ray", "--address", "127.0.0.1:1"], "no Ray cluster answers there"),
])
def test_bad_arguments_are_refused_in_one_line(tmp_path: Path, args: list[str],
                                               message: str) -> None:
    args = [str(tmp_path / a) if a.endswith(".json") else a for a in args]
    result = runner.invoke(app, [*TOY, "--games", "3", *args])
    assert result.exit_code == 2 and message in _error_line(result.output)


def test_ctrl_c_leaves_only_whole_lines_and_says_how_to_continue(tmp_path: Path) -> None:
    from test_simulate_interrupt import GAMES, _interrupt

    out = tmp_path / "run.jsonl"
    output = _interrupt(["simulate", "gardiens", "--games", str(GAMES), "--jobs", "2",
                         "--seats", "random,random", "--out", str(out)])
    contents = read_results(out)
    assert not contents.torn and 0 < len(contents.lines) < GAMES
    assert "continue the run with the same command and --resume" in " ".join(output.split())


def test_a_run_with_a_searching_bot_streams_each_game_as_it_ends() -> None:
    """Games with an ``mcts`` seat take seconds to minutes each: they are handed back one
    by one, so a stopped run loses only the games being played; others go by chunks."""
    from keepers.core import simulate

    game = get_game("gardiens")
    handed: list[int] = []
    run_simulation(game, ["mcts:iters=2,depth=2", "random"], 3, seed=4,
                   options={"max_rounds": 1}, sink=lambda lines: handed.append(len(lines)))
    assert handed == [1, 1, 1]
    assert simulate._searches(game, "mcts") and not simulate._searches(game, "greedy")
    assert not simulate._searches(game, "human")


@pytest.mark.skipif(sys.platform == "win32", reason="no flock: runs are not kept apart")
def test_a_file_another_run_is_writing_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    """Two runs given one file would play the same missing games into it: the second is
    refused in one line, the file untouched (and a file it would have made is not left)."""
    import fcntl

    out = tmp_path / "run.jsonl"
    _simulate("--games", "4", "--out", str(out))
    before = out.read_bytes()
    with open(out, "ab") as other_run:
        fcntl.flock(other_run.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        result = runner.invoke(app, [*TOY, "--games", "8", "--out", str(out), "--resume"])
        assert result.exit_code == 2
        assert "is being written by another run" in _error_line(result.output)
        assert out.read_bytes() == before
    _simulate("--games", "8", "--out", str(out), "--resume")   # free again: it continues
    assert len(read_results(out).lines) == 8
