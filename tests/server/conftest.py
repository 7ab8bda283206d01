"""Fixtures of the server tests: a server over a fresh SQLite file, and a PostgreSQL
cluster of the test run's own (started once, stopped at the end)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from postgres import Cluster, make_cluster  # noqa: E402
from serverhelp import ThreadServer  # noqa: E402

# The server and its clients share this process: hand the interpreter between their
# threads sooner than every 5 ms, or each message waits for a slice.
sys.setswitchinterval(0.0005)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ThreadServer]:
    """A running server on a free port of 127.0.0.1, stopped after the test."""
    with ThreadServer(tmp_path / "games.db") as running:
        yield running


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """The test run's PostgreSQL cluster (the tests using it are skipped, with the reason,
    where PostgreSQL is not installed)."""
    cluster = make_cluster(pytest.skip)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(postgres: Cluster) -> str:
    """The URL of a new empty PostgreSQL database."""
    return postgres.database()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of a new empty database, once of each kind the server supports."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.database()
