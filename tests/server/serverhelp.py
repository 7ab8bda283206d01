"""Servers and clients for the server tests: a real uvicorn on a free port of 127.0.0.1
(in a thread, or as a process that can be killed), and websocket players."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from keepers.server.app import create_app
from keepers.server.cli import WS_MAX_BYTES, listening_socket
from keepers.server.hub import Hub

TIMEOUT = 60.0
"""Seconds any wait may take before a test fails (a loaded machine is slow, not stuck)."""


def wait_for(check: Callable[[], Any], what: str, timeout: float = TIMEOUT) -> Any:
    """Poll ``check`` until it returns something true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


def free_port() -> int:
    """A port of 127.0.0.1 free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ThreadServer:
    """The application under uvicorn in a thread of the test process."""

    def __init__(self, db: Path | str) -> None:
        """Serve the SQLite file ``db``, or the database a URL names."""
        self.app = create_app(db if isinstance(db, str) else f"sqlite:///{db}")
        self.sock = listening_socket("127.0.0.1", 0)
        self.port = self.sock.getsockname()[1]
        config = uvicorn.Config(self.app, log_level="warning", ws_max_size=WS_MAX_BYTES)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]},
                                       daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def hub(self) -> Hub:
        hub: Hub = self.app.state.hub
        return hub

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        wait_for(lambda: self.server.started or not self.thread.is_alive(), "the server")
        assert self.server.started, "the server did not start"
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(TIMEOUT)
        self.sock.close()


class ProcessServer:
    """``python -m keepers.server`` as a child process, to be stopped or killed."""

    def __init__(self, db: Path | str, log: Path) -> None:
        self.db = db
        self.log = log
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "keepers", "serve", "--host", "127.0.0.1",
                 "--port", str(self.port), "--db", str(self.db)],
                stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        wait_for(self._ready, "the server process")

    def _ready(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"the server exited: {self.log.read_text()[-2000:]}")
        try:
            return httpx.get(f"{self.url}/api/games?limit=1", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self) -> None:
        """SIGKILL: no chance to flush or close anything."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(TIMEOUT)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it lingers."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(TIMEOUT)
            except subprocess.TimeoutExpired:
                self.kill()


def create(url: str, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    """Create a game over HTTP; returns the answer (game and invitations)."""
    answer = httpx.post(f"{url}/api/games", json={"game": game, "seats": seats, **extra},
                        timeout=TIMEOUT)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


class Client:
    """One websocket connection: a seat (with its token) or a spectator."""

    def __init__(self, url: str, game_id: str, token: str | None = None) -> None:
        ws_url = url.replace("http://", "ws://") + f"/api/games/{game_id}/ws"
        self.ws: ClientConnection = connect(ws_url, max_size=2**24,
                                            open_timeout=TIMEOUT).__enter__()
        self.messages: list[dict[str, Any]] = []
        self.last: dict[str, Any] = {}
        self.send({"type": "hello", "token": token} if token else {"type": "hello"})
        self.welcome = self.recv()
        assert self.welcome["type"] == "welcome", self.welcome
        self.seat: int | None = self.welcome["seat"]
        self.until(lambda m: m["type"] == "state")

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout))
        self.messages.append(message)
        if message["type"] == "state":
            self.last = message
        return message

    def drain(self) -> None:
        """Read every message already here."""
        while True:
            try:
                self.recv(timeout=0)
            except TimeoutError:
                return

    def until(self, check: Callable[[dict[str, Any]], bool],
              timeout: float = TIMEOUT) -> dict[str, Any]:
        """Read until a message passes ``check``; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.0, deadline - time.monotonic()))
            if check(message):
                return message

    def decide(self, action: str, state: int | None = None) -> dict[str, Any]:
        """Send a decision (answering the last state seen) and return the answer to it."""
        number = self.last["state"] if state is None else state
        self.send({"type": "decide", "state": number, "action": action})
        answer = self.until(lambda m: m["type"] in ("accepted", "error"))
        if answer["type"] == "accepted":  # the new state follows its acknowledgement
            self.until(lambda m: m["type"] == "state" and m["state"] >= answer["state"])
        return answer

    def close(self) -> None:
        self.ws.close()


def mover(clients: list[Client], timeout: float = TIMEOUT) -> Client | None:
    """The client asked to decide now (None once the game is over and all were told)."""
    deadline = time.monotonic() + timeout
    while True:
        for client in clients:
            client.drain()
        if any(client.last.get("over") for client in clients):
            for client in clients:  # every seat is told the end
                if not client.last.get("over"):
                    client.until(lambda m: m["type"] == "state" and m["over"])
            return None
        newest = max(client.last.get("state", -1) for client in clients)
        for client in clients:
            if client.last.get("state") == newest and client.last["legal"]:
                return client
        assert time.monotonic() < deadline, "no seat was asked to decide"
        time.sleep(0.002)


def play_out(clients: Iterable[Client], rng: random.Random, limit: int = 100_000) -> int:
    """Let the seats' clients pick random legal decisions until the game is over
    (or ``limit`` decisions); returns how many decisions they made."""
    clients = list(clients)
    made = 0
    while made < limit and (client := mover(clients)) is not None:
        answer = client.decide(rng.choice(client.last["legal"])["action"])
        assert answer["type"] == "accepted", answer
        made += 1
    return made
