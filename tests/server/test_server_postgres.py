"""The store on PostgreSQL as on SQLite: migrations at start (an empty database, one of the
previous schema, several processes starting at once), and the uniqueness of a decision
number under simultaneous commits from two processes' stores."""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import postgres as pg
import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from postgres import Cluster
from serverhelp import Client, ThreadServer, create, free_port, play_out
from sqlalchemy import inspect, text

from keepers.server import migrate, notify
from keepers.server.models import Base
from keepers.server.storage import (
    Append,
    Conflict,
    GameEntry,
    SeatEntry,
    Store,
    now,
    open_engine,
)


def _entry(game_id: str) -> GameEntry:
    return GameEntry(id=game_id, game="keythedral", players=2, options={}, seed=7, rules=1,
                     bot_delay=0.0, status="ongoing", created_at=now(),
                     seats=[SeatEntry(0, "human", "a" * 64), SeatEntry(1, "human", "b" * 64)])


def test_an_empty_database_is_migrated_to_the_models(db_url: str) -> None:
    store = Store.open(db_url)
    with store.engine.connect() as connection:
        assert set(inspect(connection).get_table_names()) >= {"games", "seats", "decisions",
                                                               "snapshots"}
        version = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
        assert version == migrate.head()
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    store.close()
    Store.open(db_url).close()  # migrating again changes nothing


def test_a_database_of_the_previous_schema_is_upgraded_with_its_games(db_url: str) -> None:
    previous = ScriptDirectory.from_config(migrate.alembic_config()).get_revision(
        migrate.head()).down_revision
    assert isinstance(previous, str)
    engine = open_engine(db_url)
    config = migrate.alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, previous)
        connection.execute(text(
            "INSERT INTO games (id, game, players, options, seed, rules, bot_delay, status, "
            "created_at) VALUES ('old', 'viscounts', 1, '{}', 5, 2, 0, 'ongoing', "
            "'2026-01-01 00:00:00+00')"))
        connection.execute(text("INSERT INTO seats (game_id, seat, kind) "
                                "VALUES ('old', 0, 'greedy')"))
        connection.execute(text("INSERT INTO decisions (game_id, seq, seat, action, created_at) "
                                "VALUES ('old', 1, 0, 'pick 4', '2026-01-01 00:00:01+00')"))
    engine.dispose()
    store = Store.open(db_url)
    entry = store.game("old")
    assert entry is not None and entry.seed == 5 and entry.seats[0].kind == "greedy"
    assert entry.decisions == 1 and store.decisions("old") == ["pick 4"]
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    store.close()


def test_processes_starting_together_migrate_once(postgres: Cluster) -> None:
    url = postgres.database()
    with ThreadPoolExecutor(4) as pool:  # four processes' worth of engines, all at once
        stores = list(pool.map(lambda _: Store.open(url), range(4)))
    with stores[0].engine.connect() as connection:
        versions = connection.execute(text("SELECT version_num FROM alembic_version")).all()
        assert [row[0] for row in versions] == [migrate.head()]
    for store in stores:
        store.close()


def test_one_of_two_simultaneous_decisions_for_a_state_is_stored(postgres: Cluster) -> None:
    url = postgres.database()
    first, second = Store.open(url), Store.open(url)  # as two server processes hold them
    first.create_game(_entry("race"))
    barrier = threading.Barrier(2)

    def decide(store: Store, seq: int, action: str) -> Conflict | None:
        barrier.wait()
        return store.append_all([Append("race", seq, 0, action)])[0]

    with ThreadPoolExecutor(2) as pool:
        for seq in range(1, 21):
            futures = [pool.submit(decide, store, seq, f"{name} {seq}")
                       for store, name in ((first, "first"), (second, "second"))]
            outcomes = [future.result() for future in futures]
            assert sorted(outcome is None for outcome in outcomes) == [False, True]
            refused = next(outcome for outcome in outcomes if outcome is not None)
            assert f"decision {seq} of game race is already stored" in str(refused)
    stored = first.decisions("race")
    assert len(stored) == 20 and all(action.endswith(f" {seq}")
                                     for seq, action in enumerate(stored, 1))
    first.close()
    second.close()


def test_a_group_commit_refuses_only_the_conflicting_decision(pg_url: str) -> None:
    store = Store.open(pg_url)
    for game_id in ("a", "b", "c"):
        store.create_game(_entry(game_id))
    store.append("b", 1, 0, "taken")
    outcomes = store.append_all([Append("a", 1, 0, "x"), Append("b", 1, 0, "y"),
                                 Append("c", 1, 0, "z")])
    assert [type(outcome).__name__ for outcome in outcomes] == ["NoneType", "Conflict",
                                                                 "NoneType"]
    assert (store.decisions("a"), store.decisions("b"), store.decisions("c")) == (
        ["x"], ["taken"], ["z"])
    store.close()


def test_a_game_is_played_and_rebuilt_on_postgresql(pg_url: str) -> None:
    with ThreadServer(pg_url) as server:
        created = create(server.url, "keythedral", ["human", "human"],
                         options={"max_rounds": 2})
        game_id = created["game"]["id"]
        tokens = [inv["token"] for inv in created["invitations"]]
        clients = [Client(server.url, game_id, token) for token in tokens]
        play_out(clients, random.Random(8), limit=40)
        before = max(client.last["state"] for client in clients)
    with ThreadServer(pg_url) as server:
        clients = [Client(server.url, game_id, token) for token in tokens]
        assert clients[0].last["state"] == before
        play_out(clients, random.Random(9))
        assert clients[0].last["over"]


def test_the_cluster_is_found_and_listens_on_127_0_0_1_only(postgres: Cluster) -> None:
    engine = open_engine(postgres.server_url)
    with engine.connect() as connection:
        assert connection.execute(text("SHOW listen_addresses")).scalar() == "127.0.0.1"
        assert connection.execute(text("SHOW port")).scalar() == str(postgres.port)
    engine.dispose()


def test_without_postgresql_its_tests_say_why_they_are_skipped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(pg, "DEBIAN_ROOT", tmp_path / "none")
    assert pg.binaries() is None
    assert "PostgreSQL is not installed" in str(pg.missing_reason())
    skipped: list[str] = []
    with pytest.raises(AssertionError):  # a cluster is never started without its binaries
        pg.make_cluster(skipped.append)
    assert skipped and "initdb" in skipped[0]


def test_notices_are_read_strictly() -> None:
    assert notify.parse("5f0c1d2e3a4b5c6d 12") == ("5f0c1d2e3a4b5c6d", 12)
    assert notify.parse("5f0c1d2e3a4b5c6d seats") == ("5f0c1d2e3a4b5c6d", None)
    for junk in ("", "5f0c", "5f0c -1", "5f0c 1.5", "5f0c twelve", " 12"):
        assert notify.parse(junk) is None, junk
    assert notify.conninfo("postgresql+psycopg://u:p@h:5433/d") == "postgresql://u:p@h:5433/d"


@pytest.mark.parametrize(("db", "said"), [
    ("postgresql+psycopg://keepers@127.0.0.1:{port}/keepers", "cannot open the database"),
    ("postgresql://keepers@127.0.0.1/keepers", "not a postgresql:// URL"),
    ("mysql://keepers@127.0.0.1/keepers", "not a mysql:// URL"),
])
def test_serve_refuses_a_database_it_cannot_use_in_one_line(db: str, said: str) -> None:
    from typer.testing import CliRunner

    from keepers import cli

    result = CliRunner().invoke(cli.app, ["serve", "--port", str(free_port()),
                                          "--db", db.format(port=free_port())])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and said in lines[0], result.output
    assert "keepers server: http" not in result.output  # nothing served
