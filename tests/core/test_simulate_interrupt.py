"""Ctrl-C stops `keepers simulate --jobs 2` at once, workers and all, keeping finished games."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

TIMEOUT = 30.0
GAMES = 200_000  # far more than can finish before the interrupt, on any machine
WORK = 3.0  # CPU seconds each worker has used before the interrupt


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(child) for child in (task / "children").read_text().split()}
    return found


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


def _cpu_seconds(pid: int) -> float:
    """CPU time a process has used (user and system), 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _busy_workers(pid: int) -> set[int]:
    """The run's workers once each has worked WORK seconds of CPU: a chunk of games takes
    about a second of it, so several are finished however loaded the machine is."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        workers = _children(pid)
        if len(workers) >= 2 and min(_cpu_seconds(w) for w in workers) >= WORK:
            return workers
        time.sleep(0.1)
    return _children(pid)


def _ctrl_c_heard() -> None:
    """In the run's process before it starts: Ctrl-C as a terminal delivers it.  Tests run
    as a background job (``pytest &``) ignore SIGINT, and a child inherits that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupt(command: list[str]) -> str:
    """Run ``keepers`` with ``command``, press Ctrl-C once its workers have worked a while
    and check the run stops at once with exit code 130, no traceback and no worker left;
    return its output."""
    process = subprocess.Popen([sys.executable, "-m", "keepers", *command],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "KEEPERS_LANG": "en"},
                               preexec_fn=_ctrl_c_heard)
    try:
        workers = _busy_workers(process.pid)  # a few chunks of games are done, others running
        assert process.poll() is None, "the run ended before it could be interrupted"
        assert len(workers) >= 2
        process.send_signal(signal.SIGINT)
        start = time.monotonic()
        output, _ = process.communicate(timeout=TIMEOUT)
        assert time.monotonic() - start < 3, "Ctrl-C did not stop the run at once"
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=TIMEOUT)
    assert process.returncode == 130 and "Traceback" not in output, output
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in workers), "worker processes were left running"
    return output


def test_ctrl_c_stops_the_workers_at_once_and_keeps_finished_games(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    output = _interrupt(["simulate", "keythedral", "--games", str(GAMES), "--jobs", "2",
                         "--seats", "greedy,random", "--out", str(out)])
    data = json.loads(out.read_text())
    finished = len(data["results"])
    assert data["interrupted"] is True and data["games"] == GAMES
    assert 0 < finished < GAMES and data["summary"]["games"] == finished
    assert f"Interrupted: {finished:,} of {GAMES:,} games" in " ".join(output.split()) \
        or f"Interrupted: {finished} of {GAMES} games" in " ".join(output.split())
    assert sorted(r["index"] for r in data["results"]) == [r["index"] for r in data["results"]]


def test_ctrl_c_stops_a_soak_at_once_and_its_ledger_keeps_finished_games(tmp_path: Path) -> None:
    ledger = tmp_path / "soak.json"
    _interrupt(["soak", "gardiens", "--games", str(GAMES), "--jobs", "2", "--ledger", str(ledger)])
    entry = json.loads(ledger.read_text())["games"]["gardiens"]
    assert 0 < entry["games"] < GAMES and entry["violations"] == 0
