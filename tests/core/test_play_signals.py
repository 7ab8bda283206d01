"""`keepers play --record` in a real process: a signal or a kill leaves a record that replays."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from keepers.core.errors import RecordError
from keepers.core.record import GameRecord

TIMEOUT = 20.0
ANSWERS = 4


def _start(record: Path, answers: str) -> subprocess.Popen[str]:
    """A keythedral game, a person (fed by a pipe) against a bot, recorded to ``record``."""
    command = [sys.executable, "-m", "keepers", "play", "keythedral", "--seats",
               "human,greedy", "--seed", "5", "--record", str(record)]
    env = {**os.environ, "KEEPERS_LANG": "en"}
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, env=env)
    assert process.stdin is not None
    process.stdin.write(answers)
    process.stdin.flush()
    return process


def _recorded(record: Path) -> int:
    try:
        return len(GameRecord.load(record).actions)
    except RecordError:
        return -1


@pytest.fixture
def game(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], Path]]:
    """A game waiting for its person's answer after ``ANSWERS`` answered decisions."""
    record = tmp_path / "game.json"
    process = _start(record, "1\n" * ANSWERS)
    try:
        deadline = time.monotonic() + TIMEOUT
        while _recorded(record) < ANSWERS and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)  # blocked on the next answer
        yield process, record
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=TIMEOUT)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL],
                         ids=["SIGTERM", "SIGHUP", "SIGKILL"])
def test_a_signal_leaves_a_record_up_to_the_last_decision(
        game: tuple[subprocess.Popen[str], Path], signum: int) -> None:
    process, record = game
    assert process.poll() is None
    process.send_signal(signum)
    output, _ = process.communicate(timeout=TIMEOUT)
    rec = GameRecord.load(record)
    assert len(rec.actions) >= ANSWERS and rec.seed == 5
    assert not rec.replay().is_over()
    if signum == signal.SIGKILL:
        assert process.returncode == -signal.SIGKILL
    else:
        assert process.returncode == 1, output
        assert "Game interrupted after" in output and "Record saved" in output
    assert "Traceback" not in output
    assert sorted(p.name for p in record.parent.iterdir()) == ["game.json"]


@pytest.mark.parametrize("entry", ["²", "9" * 5000, "٣٣٣"])
def test_strange_digits_at_the_prompt_are_refused_not_a_crash(tmp_path: Path,
                                                              entry: str) -> None:
    record = tmp_path / "game.json"
    process = _start(record, "")
    output, _ = process.communicate(f"1\n{entry}\n1\n", timeout=TIMEOUT)
    assert process.returncode == 1 and "Traceback" not in output, output
    assert "Game interrupted after" in output
    rec = GameRecord.load(record)
    assert len(rec.actions) >= 2
    rec.replay()
