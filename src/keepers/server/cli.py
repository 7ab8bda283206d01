"""`keepers serve`: the game server, over an embedded SQLite file or a PostgreSQL database
(which several server processes may share: docs/deployment.md)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import socket
from typing import TYPE_CHECKING, Annotated, Any

import typer

from keepers.server.paths import database_url, describe

if TYPE_CHECKING:
    import uvicorn

WS_MAX_BYTES = 65_536
"""Largest websocket frame the transport accepts at all (the protocol's own limit,
checked with a clear message, is lower)."""
DEFLATE_WINDOW_BITS = 14
"""The compression window of the messages the server sends: 16 KiB, so that a state (4
to 8 KiB of JSON) is compressed against the previous one.  uvicorn's 4 KiB window cannot
hold one: a state then compresses to about 1 KiB at 90 to 125 µs, against 0.15 KiB at 25
to 37 µs here.  A connection's compressor takes 80 KiB instead of 32 KiB."""
GC_THRESHOLDS = (10_000, 50, 100)
"""The garbage collector's thresholds while serving (Python's: 700, 10, 10).  Each
decision allocates thousands of short-lived objects; with the default thresholds the
collector ran about 25 times a second at 100 games and its full passes stopped the
server for 60 to 130 ms of CPU, several times a minute (9 % of the server's CPU in all)."""


def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="port to listen on")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="SQLite file, or a PostgreSQL URL such as postgresql+psycopg://user@host:5432/keepers "
             "(default: keepers.db in the user's data directory)"
    )] = None,
) -> None:
    """Run the game server: friends play together over the network, bots included."""
    import uvicorn

    from keepers.server.app import create_app

    try:
        url = database_url(db)
    except (ValueError, OSError) as exc:
        raise typer.BadParameter(str(exc)) from None
    check_database(url)
    typer.echo(f"keepers server: database {describe(url)}")
    typer.echo(f"keepers server: http://{host}:{port} (API at /docs)")
    app = create_app(url)
    quiet_collector()
    uvicorn.Server(server_config(app)).run(sockets=[listening_socket(host, port)])


DRIVERS = ("sqlite", "postgresql+psycopg")
"""The databases the server runs on (as SQLAlchemy names them)."""


def check_database(url: str) -> None:
    """Open the database once, migrating it, before serving: a URL of another kind, or a
    database that cannot be opened, is refused in one line instead of failing the start."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from keepers.server.storage import Store

    try:
        driver = make_url(url).drivername
    except ArgumentError:
        raise typer.BadParameter("--db: not a file path nor a database URL") from None
    if driver not in DRIVERS:
        raise typer.BadParameter(f"--db: a SQLite file or a postgresql+psycopg:// URL, "
                                 f"not a {driver}:// URL")
    try:
        Store.open(url).close()
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        raise typer.BadParameter(f"cannot open the database {describe(url)}: {reason}") from None


def quiet_collector() -> None:
    """Keep the garbage collector's pauses short: what lives as long as the server (its
    modules, every game's static data, loaded now) is taken out of the collector's
    passes, and the collector runs less often (:data:`GC_THRESHOLDS`)."""
    from keepers.core.errors import KeepersError
    from keepers.core.registry import game_names, get_game

    for name in game_names():
        with contextlib.suppress(KeepersError):  # a game that cannot load is refused later
            get_game(name)
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def server_config(app: Any, log_level: str = "info") -> uvicorn.Config:
    """uvicorn's settings for the server: the frame size limit and the compression window."""
    import uvicorn

    return uvicorn.Config(app, ws=websocket_protocol(), ws_max_size=WS_MAX_BYTES,
                          log_level=log_level)


def websocket_protocol() -> type[asyncio.Protocol] | str:
    """uvicorn's websocket protocol, compressing with a window of
    :data:`DEFLATE_WINDOW_BITS` (uvicorn's own choice where that protocol is not found)."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
        from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
        from websockets.server import ServerProtocol
    except ImportError:
        return "auto"

    class WideWindowProtocol(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if self.config.ws_per_message_deflate:
                deflate = ServerPerMessageDeflateFactory(
                    server_max_window_bits=DEFLATE_WINDOW_BITS, client_max_window_bits=12,
                    compress_settings={"memLevel": 5})
                self.conn = ServerProtocol(extensions=[deflate],
                                           max_size=self.config.ws_max_size,
                                           logger=self.conn.logger)

    return WideWindowProtocol


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` whose connections send small messages at once
    (TCP_NODELAY: an acknowledgement followed by a state would otherwise wait ~40 ms)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise typer.BadParameter(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    return sock


def main() -> None:
    """Run `serve` as a program of its own (``python -m keepers.server``)."""
    typer.run(serve)
