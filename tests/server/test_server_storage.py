"""The database: migrations on an empty file, and every live game rebuilt at start."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from serverhelp import Client, ThreadServer, create, mover, play_out, wait_for
from sqlalchemy import inspect, text

from keepers.server import migrate
from keepers.server.models import Base
from keepers.server.storage import Store


def test_an_empty_database_is_migrated_to_the_models(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'empty.db'}")
    with store.engine.connect() as connection:
        assert set(inspect(connection).get_table_names()) >= {"games", "seats", "decisions"}
        version = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
        assert version == migrate.head()
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    store.close()
    Store.open(f"sqlite:///{tmp_path / 'empty.db'}").close()  # migrating again changes nothing


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
        play_out([client], random.Random(4))
        assert client.last["over"]
        record = httpx.get(f"{server.url}/api/games/{game_id}/record").json()
        assert len(record["actions"]) == client.last["state"]
        other = bots_only["game"]["id"]  # the bots of a game go on after a restart
        wait_for(lambda: httpx.get(f"{server.url}/api/games/{other}").json()["status"]
                 == "finished", "the bots' game to finish")
