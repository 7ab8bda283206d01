"""Simulation summary math, a parallel run, and the benchmark."""

from __future__ import annotations

import gc
import io

import pytest
from rich.console import Console
from toygame import GAME

from keepers.core.bench import bench, freeze_heap, machine_info
from keepers.core.simulate import (
    describe,
    game_seed,
    game_summary,
    print_summary,
    run_simulation,
    seats_for,
    several_seats,
    summarize,
    wilson,
    win_shares,
)


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_shared_wins_and_describe() -> None:
    assert win_shares([1, 3], 4) == [0.0, 0.5, 0.0, 0.5]
    d = describe([2.0, 4.0, 6.0])
    assert d == {"mean": 4.0, "sd": 2.0, "min": 2.0, "max": 6.0}
    assert describe([]) == {"mean": 0.0, "sd": 0.0, "min": 0.0, "max": 0.0}


def test_summarize_by_seat_and_bot() -> None:
    results = [
        {"scores": [3, 1], "winners": [0], "rounds": 2, "decisions": 10, "capped": False,
         "seats": ["a", "b"], "stats": {"x": 1}},
        {"scores": [2, 2], "winners": [0, 1], "rounds": 4, "decisions": 20, "capped": True,
         "seats": ["a", "b"], "stats": {"x": 3}},
        {"scores": [0, 5], "winners": [1], "rounds": 3, "decisions": 15, "capped": False,
         "seats": ["b", "b"]},
    ]
    summary = summarize(results)
    seat0, seat1 = summary["per_seat"]
    assert seat0["wins"] == 1.5 and seat0["win_share"] == 0.5 and seat0["bot"] == "a/b"
    assert seat1["wins"] == 1.5 and seat1["score_mean"] == pytest.approx(8 / 3)
    assert summary["per_bot"]["a"]["games"] == 2 and summary["per_bot"]["a"]["wins"] == 1.5
    assert summary["per_bot"]["b"]["games"] == 4 and summary["per_bot"]["b"]["wins"] == 1.5
    # b sat in all three games (both seats of the third): its seats won 1.5 of them
    b = summary["per_bot"]["b"]
    assert b["games_in"] == 3 and b["game_share"] == 0.5 and b["game_ci_low"] < 0.5
    assert summary["per_bot"]["a"]["games_in"] == 2 and several_seats(summary)
    assert not several_seats(summarize(results[:2]))
    assert summary["rounds"]["mean"] == 3.0 and summary["decisions"]["max"] == 20.0
    assert summary["capped"] == 1 and summary["stats"] == {"x": 2.0}
    assert sum(s["wins"] for s in summary["per_seat"]) == len(results)
    assert "first_player" not in summary  # not every game says who went first


def test_first_player_advantage_when_the_game_reports_it() -> None:
    results = [
        {"scores": [3, 1], "winners": [0], "rounds": 2, "decisions": 10, "capped": False,
         "seats": ["a", "b"], "stats": {"first_seat": 1}},
        {"scores": [2, 2], "winners": [0, 1], "rounds": 4, "decisions": 20, "capped": False,
         "seats": ["a", "b"], "stats": {"first_seat": 0}},
    ]
    summary = summarize(results)
    first = summary["first_player"]
    assert first["games"] == 2 and first["wins"] == 0.5 and first["fair_share"] == 0.5
    assert first["score_mean"] == 1.5 and "first_seat" not in summary["stats"]
    out = io.StringIO()
    print_summary(Console(file=out, width=200), summary)
    text = out.getvalue()
    assert "1: a" in text and "2: b" in text
    assert "Seat k is the k-th name of --seats" in text
    assert "the first player of round 1 won 25.0% of the games" in text


def test_seeds_and_rotation() -> None:
    assert game_seed(1, 5) == game_seed(1, 5) != game_seed(1, 6) != game_seed(2, 6)
    assert seats_for(["a", "b", "c"], 4, rotate=False) == ["a", "b", "c"]
    assert seats_for(["a", "b", "c"], 4, rotate=True) == ["b", "c", "a"]


def test_parallel_run_matches_serial_run() -> None:
    seats = ["greedy", "random", "random"]
    serial = run_simulation(GAME, seats, 30, seed=4, jobs=1)
    seen: list[int] = []
    parallel = run_simulation(GAME, seats, 30, seed=4, jobs=2, progress=seen.append)
    assert serial == parallel and sum(seen) == 30
    assert [r["index"] for r in serial] == list(range(30))
    assert all(r["stats"]["cards_played"] >= 1 for r in serial)
    report = game_summary(GAME, serial)
    assert report is not None and 0 <= report["first_seat_outright"] <= 1


def test_bench_reports_speed_and_costs() -> None:
    report = bench(GAME, 3, games=5, samples=3)
    assert report["games"] == 5 and report["decisions"] > 0
    assert report["decisions_per_second"] > 0 and report["samples"] >= 1
    assert report["clone_us"] > 0 and report["view_us"] > 0
    assert {"platform", "python", "cpu", "engine"} <= set(machine_info())
    timed = bench(GAME, 2, seconds=0.05, samples=1)
    assert timed["games"] >= 1


def test_freeze_heap_takes_live_objects_out_of_the_collector() -> None:
    keep = [[n] for n in range(1000)]              # live objects to freeze
    freeze_heap()
    assert gc.get_freeze_count() >= len(keep)
    gc.unfreeze()
