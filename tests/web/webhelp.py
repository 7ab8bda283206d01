"""Helpers of the browser tests: the server under test and its HTTP calls, pages opened
in browser contexts of their own, screenshots in ``test-output/web/`` (kept out of git)."""

from __future__ import annotations

import json
import socket
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output" / "web"
TIMEOUT = 60.0
"""Seconds any wait may take before a test fails (a loaded machine is slow, not stuck)."""
STEP_MS = 15_000
"""Milliseconds the browser may take for one expected change of a page."""


def free_port() -> int:
    """A port of 127.0.0.1 free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class WebServer:
    """A running `keepers serve` and the HTTP calls the tests make to it."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path
    http: httpx.Client = field(init=False)

    def __post_init__(self) -> None:
        self.http = httpx.Client(base_url=self.url, timeout=TIMEOUT)

    def create(self, game: str, seats: list[str], options: dict[str, Any] | None = None,
               bot_delay: float = 0.0) -> dict[str, Any]:
        """Create a game over HTTP; the answer holds its summary and the invitations."""
        answer = self.http.post("/api/games", json={
            "game": game, "seats": seats, "options": options or {}, "bot_delay": bot_delay})
        assert answer.status_code == 201, answer.text
        created: dict[str, Any] = answer.json()
        return created

    def summary(self, game_id: str) -> dict[str, Any]:
        answer = self.http.get(f"/api/games/{game_id}")
        assert answer.status_code == 200, answer.text
        summary: dict[str, Any] = answer.json()
        return summary


def ready(server: WebServer) -> bool:
    """True once the server answers; fails at once if its process has exited."""
    if server.process.poll() is not None:
        raise AssertionError(f"the server exited: {server.log.read_text()[-2000:]}")
    try:
        return server.http.get("/api/games?limit=1", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def seat_message(server: WebServer, game_id: str, token: str | None) -> dict[str, Any]:
    """What the server sends this seat (None: a spectator) now, over the websocket: its own
    view and legal list."""
    url = server.url.replace("http", "ws") + f"/api/games/{game_id}/ws"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            message: dict[str, Any] = json.loads(ws.recv(TIMEOUT))
            if message["type"] == "state":
                return message


def open_page(browser: Any, url: str, *, lang: str = "en", width: int = 1280,
              height: int = 800) -> Any:
    """A new page in a browser context of its own (its own storage, as another person's
    browser would be), opened at ``url``, with ``lang`` as the browser's language."""
    context = browser.new_context(locale=lang, viewport={"width": width, "height": height})
    context.set_default_timeout(STEP_MS)
    page = context.new_page()
    page.goto(url)
    return page


def open_seat(browser: Any, invitation: dict[str, Any], **kwargs: Any) -> Any:
    """A seat's page, opened from its invitation link (a context of its own)."""
    return open_page(browser, invitation["link"], **kwargs)


def screenshot(page: Any, name: str) -> Path:
    """Save a screenshot of ``page`` as test-output/web/<name>.png (rewritten each run)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# -- playing through the page ---------------------------------------------------------
WATCH_SCRIPT = """
window.__seen = {};
const watchState = () => {
  const main = document.querySelector("main");
  const note = () => {
    const state = main.dataset.state;
    if (state !== undefined && !(state in window.__seen)) {
      window.__seen[state] = performance.timeOrigin + performance.now();
    }
  };
  new MutationObserver(note).observe(main, { attributes: true, attributeFilter: ["data-state"] });
  note();
};
document.addEventListener("click", () => {
  window.__clickAt = performance.timeOrigin + performance.now();
}, true);
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watchState);
else watchState();
"""
"""Injected into every page a test plays: when each state number was first drawn, and
when the last click happened (both on the machine's clock, comparable across pages)."""


def watch_timing(page: Any) -> None:
    """Note the drawing time of every state on this page (survives reloads)."""
    page.context.add_init_script(WATCH_SCRIPT)


def state_of(page: Any) -> int:
    """The state number the page shows (-1 before the first)."""
    value = page.evaluate("() => document.querySelector('main').dataset.state ?? null")
    return -1 if value is None else int(value)


def legal_targets(page: Any) -> list[str]:
    """The board targets the page highlights as the next step of a legal decision."""
    keys: list[str] = page.eval_on_selector_all(
        "#board [data-target].legal", "els => els.map(e => e.dataset.target)")
    return sorted(set(keys))


def listed_actions(page: Any) -> list[str]:
    """The decisions in the page's list (empty when it is not this seat's decision)."""
    actions: list[str] = page.eval_on_selector_all(
        "#decisions button[data-action]", "els => els.map(e => e.dataset.action)")
    return actions


def click_target(page: Any, key: str) -> None:
    """Click the board element whose target key is ``key`` (the first, if several), on its
    first shape (a group's centre may fall between its shapes, on nothing)."""
    target = page.locator(f'#board [data-target="{key}"]').first
    shapes = target.locator(":scope > :is(rect, circle, polygon, path, ellipse)")
    (shapes.first if shapes.count() else target).click(force=True)
