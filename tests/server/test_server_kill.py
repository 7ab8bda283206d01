"""Nothing acknowledged is lost: the server process is killed with SIGKILL at random
moments while clients play, restarted, and every acknowledged decision is found again,
on SQLite and on PostgreSQL."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from postgres import Cluster
from serverhelp import Client, ProcessServer, create, mover
from sqlalchemy import create_engine, text

from keepers.core.record import GameRecord

GAMES = ("keythedral", "gardiens", "viscounts")


@dataclass
class Table:
    """One game under test: its seat tokens and the decisions acknowledged to its clients."""

    game_id: str
    name: str
    tokens: list[str]
    acknowledged: dict[int, str] = field(default_factory=dict)
    finished: bool = False


def new_table(server: ProcessServer, name: str) -> Table:
    created = create(server.url, name, ["human", "human"])
    return Table(created["game"]["id"], name, [inv["token"] for inv in created["invitations"]])


def stored(url: str, game_id: str) -> list[tuple[int, str]]:
    engine = create_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT seq, action FROM decisions WHERE game_id = :id "
                                       "ORDER BY seq"), {"id": game_id}).all()
    engine.dispose()
    return [(int(seq), str(action)) for seq, action in rows]


def check_table(server: ProcessServer, db: str, table: Table) -> None:
    """Every acknowledged decision is stored under its number; the numbers have no gap,
    and the restarted server stands at the last one."""
    rows = stored(db, table.game_id)
    assert [seq for seq, _ in rows] == list(range(1, len(rows) + 1))
    actions = dict(rows)
    for seq, action in table.acknowledged.items():
        assert actions.get(seq) == action, f"decision {seq} of {table.name} was lost"
    summary = httpx.get(f"{server.url}/api/games/{table.game_id}").json()
    assert summary["state"] == len(rows)
    if summary["status"] == "finished":
        record = GameRecord.from_dict(
            httpx.get(f"{server.url}/api/games/{table.game_id}/record").json())
        assert record.actions == [action for _, action in rows]
        assert record.replay().is_over()
        table.finished = True


def play_until_killed(server: ProcessServer, tables: list[Table], rng: random.Random,
                      decisions: int) -> int:
    """Make ``decisions`` acknowledged decisions over the tables, then send one more and
    kill the server before (or while, or just after) it is stored; returns the count made."""
    clients = {t.game_id: [Client(server.url, t.game_id, token) for token in t.tokens]
               for t in tables}
    made = 0
    while made <= decisions:
        playing = [t for t in tables if not t.finished]
        if not playing:
            break
        table = rng.choice(playing)
        client = mover(clients[table.game_id])
        if client is None:
            table.finished = True
            continue
        action = rng.choice(client.last["legal"])["action"]
        if made == decisions:  # the last one: in flight when the kill lands
            client.send({"type": "decide", "state": client.last["state"], "action": action})
            if rng.random() < 0.5:
                client.until(lambda m: m["type"] in ("accepted", "error"))
            break
        answer = client.decide(action)
        assert answer["type"] == "accepted", answer
        table.acknowledged[answer["state"]] = action
        made += 1
    server.kill()
    for table_clients in clients.values():
        for client in table_clients:
            client.close()
    return made


def kill_loop(tmp_path: Path, kills: int, decisions: int, seed: int,
              url: str | None = None) -> None:
    """Kill the server ``kills`` times over ``decisions`` decisions of the three games, on
    the database at ``url`` (default: a SQLite file)."""
    rng = random.Random(seed)
    db = url or f"sqlite:///{tmp_path / 'games.db'}"
    server = ProcessServer(url or tmp_path / "games.db", tmp_path / "server.log")
    server.start()
    every: list[Table] = []
    try:
        tables = [new_table(server, name) for name in GAMES]
        every.extend(tables)
        made = 0
        for kill in range(kills):
            share = (decisions - made) // (kills - kill)
            count = decisions - made if kill == kills - 1 else rng.randint(0, 2 * share)
            made += play_until_killed(server, tables, rng, count)
            server.start()
            for table in tables:
                check_table(server, db, table)
            tables = [t if not t.finished else new_table(server, t.name) for t in tables]
            every.extend(t for t in tables if t not in every)
        assert made == decisions
        for table in tables:  # and the games go on
            clients = [Client(server.url, table.game_id, token) for token in table.tokens]
            client = mover(clients)
            assert client is None or client.decide(client.last["legal"][0]["action"])[
                "type"] == "accepted"
    finally:
        server.stop()
    log = (tmp_path / "server.log").read_text()
    assert "keepers server: database" in log
    assert not any(token in log for table in every for token in table.tokens)


def test_sigkill_loses_no_acknowledged_decision(tmp_path: Path) -> None:
    kill_loop(tmp_path, kills=10, decisions=150, seed=1)


def test_sigkill_loses_no_acknowledged_decision_on_postgresql(tmp_path: Path,
                                                               postgres: Cluster) -> None:
    kill_loop(tmp_path, kills=3, decisions=45, seed=3, url=postgres.database())


@pytest.mark.soak
def test_sigkill_soak(tmp_path: Path) -> None:
    kill_loop(tmp_path, kills=60, decisions=1200, seed=2)


@pytest.mark.soak
def test_sigkill_soak_on_postgresql(tmp_path: Path, postgres: Cluster) -> None:
    kill_loop(tmp_path, kills=60, decisions=1200, seed=4, url=postgres.database())
