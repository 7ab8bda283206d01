"""Fixtures of the server tests: a server over a fresh SQLite file."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from serverhelp import ThreadServer  # noqa: E402

# The server and its clients share this process: hand the interpreter between their
# threads sooner than every 5 ms, or each message waits for a slice.
sys.setswitchinterval(0.0005)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ThreadServer]:
    """A running server on a free port of 127.0.0.1, stopped after the test."""
    with ThreadServer(tmp_path / "games.db") as running:
        yield running
