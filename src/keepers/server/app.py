"""The application: migrations and the rebuild of live games at start, the request
size limit, and refusals as one JSON error each."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from keepers import __version__
from keepers.server import routes, sockets, web
from keepers.server.bots import BotPool
from keepers.server.hub import Hub
from keepers.server.protocol import MAX_BODY_BYTES, ErrorBody
from keepers.server.sessions import Refusal
from keepers.server.storage import Store

log = logging.getLogger("keepers.server")

STATUS = {"not_found": 404, "bad_token": 403, "not_finished": 409, "unavailable": 503,
          "too_large": 413, "no_open_seat": 409}
"""HTTP status of each refusal code (any other: 422)."""


class TooLarge(Exception):
    """A request body passed :data:`MAX_BODY_BYTES`."""


class BodyLimit:
    """Refuses a request body larger than :data:`MAX_BODY_BYTES` (a record to replay:
    :data:`web.MAX_REPLAY_BYTES`) before anything parses it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = web.MAX_REPLAY_BYTES if scope["path"] == web.REPLAY_PATH else MAX_BODY_BYTES
        declared = dict(scope.get("headers", [])).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > limit:
            await _too_large(scope, receive, send, limit)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                raise TooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except TooLarge:
            await _too_large(scope, receive, send, limit)


async def _too_large(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    body = ErrorBody(code="too_large", message=f"a request body holds at most "
                     f"{limit} bytes")
    await JSONResponse(body.model_dump(), status_code=413)(scope, receive, send)


def create_app(url: str) -> FastAPI:
    """The server over the database at ``url`` (migrated and its games rebuilt at start)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store.open(url)
        hub = Hub(store, BotPool())
        app.state.hub = hub
        rebuilt = await hub.start()
        log.info("%d live games rebuilt", rebuilt)
        try:
            yield
        finally:
            await hub.stop()
            store.close()

    app = FastAPI(title="keepers", version=__version__, lifespan=lifespan,
                  description="Play the games of keepers over the network "
                              "(the protocol: docs/protocol.md).")
    app.include_router(routes.router)
    app.include_router(sockets.router)
    app.include_router(web.router)
    app.mount("/static", web.static_files(), name="static")
    app.add_middleware(BodyLimit)
    app.add_exception_handler(Refusal, _refused)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _malformed)  # type: ignore[arg-type]
    return app


async def _refused(_request: Request, refusal: Refusal) -> JSONResponse:
    body = ErrorBody(code=refusal.code, message=refusal.message)
    return JSONResponse(body.model_dump(), status_code=STATUS.get(refusal.code, 422))


async def _malformed(_request: Request, error: RequestValidationError) -> JSONResponse:
    # One line naming the first fault; the input itself is never echoed (it may be a token).
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    body = ErrorBody(code="bad_request", message=f"{where}: {first['msg']}")
    return JSONResponse(body.model_dump(), status_code=422)
