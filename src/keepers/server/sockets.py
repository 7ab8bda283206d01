"""One websocket per connection: a seat (or a spectator) receives its own view after
every decision and sends decisions, each answering a state number."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from keepers.core.i18n import languages
from keepers.server.hub import Hub
from keepers.server.protocol import (
    CLIENT_MESSAGE,
    MAX_MESSAGE_CHARS,
    Decide,
    ErrorMessage,
    Hello,
    Info,
    Sync,
    Welcome,
)
from keepers.server.sessions import GameSession, Refusal, Watcher

router = APIRouter()
HELLO_TIMEOUT = 30.0
"""Seconds a new connection has to say hello."""
POLICY_VIOLATION = 1008
TRY_AGAIN_LATER = 1013


class Closed(Exception):
    """The client went away."""


async def _receive(socket: WebSocket) -> Hello | Decide | Sync | Info:
    """The next client message, checked for size before it is parsed, then validated."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise Closed
    text = message.get("text")
    if text is None:
        raise Refusal("bad_message", "messages are JSON text frames")
    if len(text) > MAX_MESSAGE_CHARS:
        raise Refusal("too_large", f"a message holds at most {MAX_MESSAGE_CHARS} characters")
    try:
        return CLIENT_MESSAGE.validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "message"
        raise Refusal("bad_message", f"{where}: {first['msg']}") from None


def _error(refusal: Refusal) -> str:
    return ErrorMessage(code=refusal.code, message=refusal.message, clause=refusal.clause,
                        state=refusal.state).model_dump_json()


async def _pump(socket: WebSocket, watcher: Watcher) -> None:
    """Send the watcher's queued messages, in order; close a connection left behind."""
    while (text := await watcher.outbox.get()) is not None:
        await socket.send_text(text)
    await socket.close(TRY_AGAIN_LATER)


@router.websocket("/api/games/{game_id}/ws")
async def game_socket(socket: WebSocket, game_id: str) -> None:
    """Say hello (with a seat token to play), then receive states and send decisions."""
    await socket.accept()
    hub: Hub = socket.app.state.hub
    try:
        session, watcher = await _greet(socket, hub, game_id)
    except Refusal as refusal:
        await socket.send_text(_error(refusal))
        await socket.close(POLICY_VIOLATION)
        return
    except (Closed, WebSocketDisconnect, TimeoutError):
        return
    pump = asyncio.create_task(_pump(socket, watcher))
    try:
        await _serve(socket, hub, session, watcher)
    except (Closed, WebSocketDisconnect):
        pass
    finally:
        hub.unwatch(session, watcher)
        pump.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await pump


async def _greet(socket: WebSocket, hub: Hub, game_id: str) -> tuple[GameSession, Watcher]:
    """Read the hello, find the game and the seat, and send the welcome and the state."""
    hello = await asyncio.wait_for(_receive(socket), HELLO_TIMEOUT)
    if not isinstance(hello, Hello):
        raise Refusal("bad_message", "the first message must be a hello")
    if hello.lang is not None and hello.lang not in languages():
        raise Refusal("bad_message", f"lang: no language {hello.lang[:10]!r}; known: "
                      f"{', '.join(languages())}")
    session = await hub.session(game_id)
    seat = None if hello.token is None else await hub.seat_for(session, hello.token)
    if seat is not None:
        await hub.claim(session, seat, None)
    watcher = Watcher(seat, hello.lang)
    watcher.send(Welcome(game_id=session.id, game=session.entry.game,
                         players=session.entry.players, seat=seat))
    await hub.watch(session, watcher)
    return session, watcher


async def _serve(socket: WebSocket, hub: Hub, session: GameSession, watcher: Watcher) -> None:
    """Answer the client's messages until it leaves."""
    while True:
        try:
            message = await _receive(socket)
            if isinstance(message, Decide):
                await hub.decide(session, watcher.seat, message.state, message.action, watcher)
            elif isinstance(message, Sync):
                watcher.send(session.message_to(watcher))
            elif isinstance(message, Info):
                watcher.send(session.info(watcher.seat, message.name, watcher.lang))
            else:
                raise Refusal("bad_message", "hello is sent once, first")
        except Refusal as refusal:
            watcher.push(_error(refusal))
