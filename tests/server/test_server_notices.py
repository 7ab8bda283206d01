"""On PostgreSQL, a group commit tells the other server processes of every decision it
stores, in order (one statement for all of them), and of none it refused."""

from __future__ import annotations

import psycopg
from sqlalchemy.engine import make_url

from keepers.server.storage import CHANNEL, Append, GameEntry, SeatEntry, Store, notice, now


def _entry(game_id: str) -> GameEntry:
    return GameEntry(id=game_id, game="keythedral", players=2, options={}, seed=7, rules=1,
                     bot_delay=0.0, status="ongoing", created_at=now(),
                     seats=[SeatEntry(0, "human", "a" * 64), SeatEntry(1, "human", "b" * 64)])


def test_a_group_commit_notifies_each_stored_decision_in_order(pg_url: str) -> None:
    store = Store.open(pg_url)
    for game_id in ("a", "b", "c"):
        store.create_game(_entry(game_id))
    store.append("b", 1, 0, "taken")
    url = make_url(pg_url)
    with psycopg.connect(host=url.host, port=url.port, user=url.username,
                         dbname=url.database, autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        outcomes = store.append_all([Append("a", 1, 0, "x"), Append("c", 1, 0, "z"),
                                     Append("a", 2, 1, "y")])
        assert outcomes == [None, None, None]
        store.append_all([Append("b", 1, 0, "refused"), Append("c", 2, 1, "w")])
        heard = [note.payload for note in listener.notifies(timeout=5, stop_after=4)]
    assert heard == [notice("a", 1), notice("c", 1), notice("a", 2), notice("c", 2)]
    store.close()
