"""Several server processes on one PostgreSQL database, serving the same games.

Each process LISTENs on the store's channel.  A decision committed by another process
arrives as ``<game id> <decision number>`` (a seat taken as ``<game id> seats``); the
hub then reads the decisions its copy lacks from the table and applies them.  The table
stays the only truth: a notice only says where to look, so a lost notice (the
connection dropped) costs a delay, never a fork, and after a reconnection every game
catches up.

The bots of a game are driven by exactly one process: the one holding the game's
PostgreSQL advisory lock, taken on a connection of its own and kept while the game
runs.  When that process dies its connection closes, the lock is freed, and another
process takes the game's bots over (see ``Hub._sweep``).  Even two drivers could not
fork a game: ``UNIQUE (game_id, seq)`` stores one of their decisions.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

import psycopg
from sqlalchemy.engine import make_url

from keepers.server.storage import CHANNEL, SEATS, Store

log = logging.getLogger("keepers.server")

LEAD_LOCKS = 0x6B6570
"""First key of the games' advisory locks (the second is the hash of the game's id)."""
RECONNECT_DELAY = 1.0
"""Seconds between two attempts to listen again after the connection dropped."""

Noticed = Callable[[str, int | None], None]
"""Called with a game's id and the number of a decision stored (None: a seat taken)."""


def parse(payload: str) -> tuple[str, int | None] | None:
    """The game id and decision number of a notice (None when it is not one of ours)."""
    game_id, _, what = payload.partition(" ")
    if not game_id or not what:
        return None
    if what == SEATS:
        return game_id, None
    return (game_id, int(what)) if what.isdigit() else None


def conninfo(url: str) -> str:
    """The libpq connection string of a SQLAlchemy URL (``postgresql+psycopg://...``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Peers:
    """This process's link to the others on the same database: their notices, and the
    locks that say which process drives which game's bots."""

    def __init__(self, url: str) -> None:
        self._conninfo = conninfo(url)
        self._listening: asyncio.Task[None] | None = None
        self._locks: psycopg.AsyncConnection | None = None
        self._locking = asyncio.Lock()
        self._held: set[str] = set()

    @classmethod
    def of(cls, store: Store) -> Peers | None:
        """The peers of a store shared between processes (None for a SQLite file)."""
        if not store.shared:
            return None
        return cls(store.engine.url.render_as_string(hide_password=False))

    async def start(self, noticed: Noticed, missed: Callable[[], None]) -> None:
        """Listen from now on (call it before reading the games, so that no commit falls
        between the read and the first notice); ``missed`` is called after a reconnection,
        when notices may have been lost."""
        connection = await self._listen()
        self._listening = asyncio.get_running_loop().create_task(
            self._follow(connection, noticed, missed))

    async def stop(self) -> None:
        """Stop listening and free every lock this process holds."""
        if self._listening is not None:
            self._listening.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listening
        if self._locks is not None:
            await self._locks.close()
        self._held.clear()

    async def _listen(self) -> psycopg.AsyncConnection:
        connection = await psycopg.AsyncConnection.connect(self._conninfo, autocommit=True)
        await connection.execute(f"LISTEN {CHANNEL}")
        return connection

    async def _follow(self, connection: psycopg.AsyncConnection, noticed: Noticed,
                      missed: Callable[[], None]) -> None:
        """Hand every notice to ``noticed``; listen again whenever the connection drops."""
        while True:
            try:
                async for notify in connection.notifies():
                    found = parse(notify.payload)
                    if found is None:
                        log.warning("unknown notice on %s: %.80r", CHANNEL, notify.payload)
                    else:
                        noticed(*found)
            except psycopg.Error as exc:
                log.warning("notices from the other processes lost (%s); listening again", exc)
            finally:
                await connection.close()
            connection = await self._listen_again()
            missed()

    async def _listen_again(self) -> psycopg.AsyncConnection:
        while True:
            await asyncio.sleep(RECONNECT_DELAY)
            try:
                return await self._listen()
            except psycopg.Error as exc:
                log.warning("cannot listen to the other processes yet (%s)", exc)

    def holds(self, game_id: str) -> bool:
        """True when this process holds the game's lock (as far as it knows)."""
        return game_id in self._held

    async def lead(self, game_id: str) -> bool:
        """True when this process drives the game's bots: it holds, or has just taken,
        the game's lock (held until :meth:`release` or the end of the process)."""
        if game_id in self._held:
            return True
        taken = await self._lock_call("SELECT pg_try_advisory_lock(%s, hashtext(%s))", game_id,
                                      unless_held=True)
        if taken:
            self._held.add(game_id)
        return taken

    async def release(self, game_id: str) -> None:
        """Let another process drive the game's bots (the game ended, or another process
        was found deciding for them)."""
        if game_id in self._held:
            self._held.discard(game_id)
            await self._lock_call("SELECT pg_advisory_unlock(%s, hashtext(%s))", game_id)

    async def _lock_call(self, query: str, game_id: str, unless_held: bool = False) -> bool:
        """Run a lock function on the locks' own connection; False when it failed (the
        connection is then dropped, and with it every lock: the others may take them).
        With ``unless_held``, True without asking when the lock was taken meanwhile (a
        lock taken twice would need two unlocks)."""
        async with self._locking:
            if unless_held and game_id in self._held:
                return True
            try:
                if self._locks is None or self._locks.closed:
                    self._held.clear()
                    self._locks = await psycopg.AsyncConnection.connect(self._conninfo,
                                                                        autocommit=True)
                cursor = await self._locks.execute(query, (LEAD_LOCKS, game_id))
                row = await cursor.fetchone()
            except psycopg.Error as exc:
                log.warning("the bots' locks are lost (%s)", exc)
                self._held.clear()
                if self._locks is not None:
                    await self._locks.close()
                self._locks = None
                return False
            return bool(row and row[0])
