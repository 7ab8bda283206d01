"""`keepers serve`: the game server on this machine, over an embedded SQLite database."""

from __future__ import annotations

import socket
from typing import Annotated

import typer

from keepers.server.paths import database_url, describe

WS_MAX_BYTES = 65_536
"""Largest websocket frame the transport accepts at all (the protocol's own limit,
checked with a clear message, is lower)."""


def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="port to listen on")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="SQLite file or database URL (default: keepers.db in the user's data directory)"
    )] = None,
) -> None:
    """Run the game server: friends play together over the network, bots included."""
    import uvicorn

    from keepers.server.app import create_app

    url = database_url(db)
    typer.echo(f"keepers server: database {describe(url)}")
    typer.echo(f"keepers server: http://{host}:{port} (API at /docs)")
    config = uvicorn.Config(create_app(url), ws_max_size=WS_MAX_BYTES, log_level="info")
    uvicorn.Server(config).run(sockets=[listening_socket(host, port)])


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
