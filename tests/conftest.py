"""Shared by every test directory: ``tests/`` is on the import path, so helpers such as
:mod:`mutations` serve the tests of every game."""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = str(Path(__file__).parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)


@pytest.fixture(autouse=True)
def _signal_handlers_restored() -> Iterator[None]:
    """``keepers play`` run in this process (CLI tests) makes SIGTERM and SIGHUP raise
    KeyboardInterrupt, as a player's terminal needs; no later test should inherit that."""
    names = [name for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    saved = {name: signal.getsignal(getattr(signal, name)) for name in names}
    yield
    for name, handler in saved.items():
        signal.signal(getattr(signal, name), handler)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that start Ray in this process run last: after Ray, worker processes can no
    longer be forked here (keepers.core.workers), and the toy games that other tests
    register at run time reach only forked workers."""
    items.sort(key=lambda item: item.get_closest_marker("uses_ray") is not None)
