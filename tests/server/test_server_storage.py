"""The database: migrations on an empty file, and every live game rebuilt at start."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from serverhelp import Client, ThreadServer, create, mover, play_out, wait_for
from sqlalchemy import inspect, text

from keepers.core.record import GameRecord
from keepers.server import hub, migrate
from keepers.server.models import Base
from keepers.server.storage import Store, open_engine


def test_an_empty_database_is_migrated_to_the_models(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'empty.db'}")
    with store.engine.connect() as connection:
        assert set(inspect(connection).get_table_names()) >= {"games", "seats", "decisions"}
        version = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
        assert version == migrate.head()
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    store.close()
    Store.open(f"sqlite:///{tmp_path / 'empty.db'}").close()  # migrating again changes nothing


def test_a_database_of_the_first_schema_is_upgraded_with_its_games(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'old.db'}")
    config = migrate.alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.execute(text(
            "INSERT INTO games (id, game, players, options, seed, rules, bot_delay, status, "
            "created_at) VALUES ('old', 'viscounts', 1, '{}', 5, 2, 0, 'ongoing', "
            "'2026-01-01 00:00:00')"))
        connection.execute(text("INSERT INTO seats (game_id, seat, kind) "
                                "VALUES ('old', 0, 'greedy')"))
    engine.dispose()
    store = Store.open(f"sqlite:///{tmp_path / 'old.db'}")
    entry = store.game("old")
    assert entry is not None and entry.seed == 5 and entry.seats[0].kind == "greedy"
    assert store.snapshot("old") is None
    store.close()


def test_games_are_rebuilt_from_their_decisions_at_start(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    with ThreadServer(db) as server:
        created = create(server.url, "viscounts", ["human", "greedy"])
        game_id = created["game"]["id"]
        token = created["invitations"][0]["token"]
        client = Client(server.url, game_id, token)
        play_out([client], random.Random(3), limit=25)
        assert mover([client]) is client  # the bot has moved: the person is asked
        before = client.last
        client.close()
        bots_only = create(server.url, "gardiens", ["greedy", "random"], bot_delay=0.01)
    with ThreadServer(db) as server:
        client = Client(server.url, game_id, token)
        assert client.last["state"] == before["state"]
        assert client.last["view"] == before["view"] and client.last["legal"] == before["legal"]
        assert client.last["log"] == before["log"] != []  # replayed, the log is the same
        play_out([client], random.Random(4))
        assert client.last["over"]
        record = httpx.get(f"{server.url}/api/games/{game_id}/record").json()
        assert len(record["actions"]) == client.last["state"]
        other = bots_only["game"]["id"]  # the bots of a game go on after a restart
        wait_for(lambda: httpx.get(f"{server.url}/api/games/{other}").json()["status"]
                 == "finished", "the bots' game to finish")


def test_a_long_game_is_rebuilt_from_its_last_snapshot(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "games.db"
    with ThreadServer(db) as server:
        server.hub.snapshot_every = 7
        created = create(server.url, "keythedral", ["human", "human"],
                         options={"max_rounds": 3})
        game_id = created["game"]["id"]
        tokens = [inv["token"] for inv in created["invitations"]]
        clients = [Client(server.url, game_id, token) for token in tokens]
        assert play_out(clients, random.Random(5), limit=30) == 30
        for client in clients:
            if client.last["state"] < 30:
                client.until(lambda m: m["type"] == "state" and m["state"] == 30)
        before = {client.seat: client.last for client in clients}
        snapshot = server.hub.store.snapshot(game_id)
        assert snapshot is not None and snapshot[0] == 28
    with monkeypatch.context() as patch:  # a replay from setup would fail: the snapshot serves
        patch.setattr(hub.GameRecord, "replay", _no_replay)
        with ThreadServer(db) as server:
            clients = [Client(server.url, game_id, token) for token in tokens]
            for client in clients:  # the log recalls the decisions replayed after the snapshot
                kept = before[client.seat]
                assert {**client.last, "log": []} == {**kept, "log": []}
                assert client.last["log"] == kept["log"][len(kept["log"]) - len(client.last["log"]):]
                assert [entry["state"] for entry in client.last["log"]] == [
                    entry["state"] for entry in kept["log"] if entry["state"] > 28]
    with ThreadServer(db) as server:
        clients = [Client(server.url, game_id, token) for token in tokens]
        play_out(clients, random.Random(6))
        record = GameRecord.from_dict(
            httpx.get(f"{server.url}/api/games/{game_id}/record").json())
        assert record.replay().scores() == clients[0].last["result"]["scores"]


def _no_replay(*_args: object, **_kwargs: object) -> None:
    raise AssertionError("replayed from setup")
