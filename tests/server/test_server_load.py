"""`keepers loadtest` plays games against a started server and reports sane figures
(no speed is asserted here: the figures live in docs/performance.md)."""

from __future__ import annotations

import asyncio
import gc
import json
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import uvicorn
from typer.testing import CliRunner
from websockets.sync.client import connect

from installed import installed_games
from keepers import cli
from keepers.server.app import create_app
from keepers.server.cli import (
    DEFLATE_WINDOW_BITS,
    GC_THRESHOLDS,
    listening_socket,
    quiet_collector,
    server_config,
)
from keepers.server.load import Pace, percentile


def test_a_tiny_load_runs_end_to_end_without_a_refusal() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "keepers", "loadtest", "--games", "3", "--seconds", "1.5",
         "--warmup", "0.3", "--processes", "1", "--rate", "300", "--json"],
        capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads(run.stdout)
    assert report["mix"] == {name: 1 for name in installed_games()}  # every game, in turn
    assert report["clients"] == sum(report["players"][name] for name in report["mix"])
    assert report["decisions"] > 0
    assert report["decisions_per_second"] == pytest.approx(report["decisions"] / 1.5, abs=0.1)
    assert report["refusals"] == 0, report["refusal_codes"]
    latency = report["latency_ms"]
    assert 0 < latency["p50"] <= latency["p90"] <= latency["p99"] <= latency["max"]
    assert report["clients_cpu_ms_per_decision"] > 0


@pytest.mark.parametrize(("args", "message"), [
    (["--games", "0"], "--games must be from 1 to 10000, not 0"),
    (["--seconds", "0"], "--seconds must be from 0.1 to 86400, not 0"),
    (["--rate", "-5"], "--rate must be from 0 to 1e+06, not -5"),
    (["--games", "2", "--processes", "3"], "--processes must be from 1 to 2, not 3"),
    (["--game", "chess"], "unknown game 'chess'"),
    (["--players", "9"], "players, not 9"),
    (["--url", "ws://127.0.0.1:1"], "--url must start with http://"),
    (["--url", "http://127.0.0.1:1", "--db", "x.db"], "--db and --url exclude each other"),
])
def test_bad_arguments_are_refused_in_one_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli.app, ["loadtest", *args])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output


def test_a_table_decides_at_the_rate_asked_for_on_average() -> None:
    """Each game's decisions are due at the moments of a Poisson process of its rate (a
    schedule long past here, so that no wait sleeps: the test takes no time)."""
    begin = time.monotonic() - 10_000
    pace = Pace(50.0, begin, random.Random(1))

    async def decide(times: int) -> None:
        for _ in range(times):
            await pace.wait()

    asyncio.run(decide(20_000))
    assert (pace.due - begin) / 20_000 == pytest.approx(1 / 50, rel=0.03)
    unpaced = Pace(0.0, begin, random.Random(1))
    asyncio.run(unpaced.wait())
    assert unpaced.due == begin  # rate 0: each decision at once


def test_percentiles_are_nearest_rank() -> None:
    values = [float(number) for number in range(1, 101)]
    assert [percentile(values, share) for share in (0.5, 0.9, 0.99, 1.0)] == [50, 90, 99, 100]
    assert percentile([], 0.5) == 0.0


def test_the_server_compresses_each_state_against_the_last(tmp_path: Path) -> None:
    """`keepers serve` compresses with a window that holds a whole state (the load's
    CPU and bytes per state drop three- and sixfold; docs/performance.md)."""
    sock = listening_socket("127.0.0.1", 0)
    server = uvicorn.Server(server_config(create_app(f"sqlite:///{tmp_path / 'g.db'}"),
                                          log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        while not server.started:
            assert thread.is_alive(), "the server did not start"
            thread.join(0.02)
        port = sock.getsockname()[1]
        with connect(f"ws://127.0.0.1:{port}/api/games/none/ws", open_timeout=60) as ws:
            negotiated = ws.response.headers["Sec-WebSocket-Extensions"]
            ws.send(json.dumps({"type": "hello"}))
            assert json.loads(ws.recv(60))["code"] == "not_found"
        assert f"server_max_window_bits={DEFLATE_WINDOW_BITS}" in negotiated
        assert DEFLATE_WINDOW_BITS == 14
    finally:
        server.should_exit = True
        thread.join(60)
        sock.close()


def test_the_server_keeps_the_garbage_collector_out_of_the_way() -> None:
    """`keepers serve` loads every game, freezes what lives as long as it does and
    collects less often (full passes had stopped it for 60-130 ms; docs/performance.md)."""
    before = gc.get_threshold()
    try:
        quiet_collector()
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 10_000  # the modules and the games' data
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
