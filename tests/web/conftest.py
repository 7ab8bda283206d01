"""The browser tests' harness: a real `python -m keepers serve` on a free port of
127.0.0.1 over a temporary SQLite file, and Debian's chromium driven by Playwright.
The helpers (create a game over HTTP, open a seat's page in a context of its own, take a
screenshot) are in :mod:`webhelp`.

No test downloads a browser: without /usr/bin/chromium the browser tests are skipped,
saying why.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from webhelp import CHROMIUM, CHROMIUM_ARGS, TIMEOUT, WebServer, free_port, ready  # noqa: E402


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """`python -m keepers serve` on a free port of 127.0.0.1 with a fresh SQLite file, one
    per test module (a start costs seconds), stopped (SIGTERM, then SIGKILL) after it."""
    tmp_path = tmp_path_factory.mktemp("web")
    port = free_port()
    log = tmp_path / "server.log"
    with open(log, "ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "keepers", "serve", "--host", "127.0.0.1",
             "--port", str(port), "--db", str(tmp_path / "games.db")],
            stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    server = WebServer(f"http://127.0.0.1:{port}", process, log)
    try:
        deadline = time.monotonic() + TIMEOUT
        while not ready(server):
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        yield server
    finally:
        server.http.close()
        process.terminate()
        try:
            process.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(TIMEOUT)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium, headless, driven by Playwright (one per test module)."""
    if not CHROMIUM.exists():
        pytest.skip(f"the browser tests drive Debian's chromium at {CHROMIUM}, not installed "
                    "(apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="Playwright for Python is not installed")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                              args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


