"""The replay viewer: step forward and back through a finished game, from the lobby's
list of finished games and from an uploaded keepers record file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from webhelp import WebServer, open_page, screenshot


def finished_game(server: WebServer, page: Any) -> str:
    """A Keythedral game of two bots, played out (max_rounds=1: a short one)."""
    created = server.create("keythedral", ["greedy", "greedy"], {"max_rounds": 1})
    game_id: str = created["game"]["id"]
    page.wait_for_timeout(50)
    for _ in range(200):
        if server.summary(game_id)["status"] == "finished":
            return game_id
        page.wait_for_timeout(50)
    raise AssertionError("the bots' game did not finish")


def step(page: Any, button: str) -> int:
    """Click a replay button; returns the decision number the viewer then shows."""
    before = page.get_attribute("#replay", "data-state")
    page.click(button)
    page.wait_for_function(f"() => document.querySelector('#replay').dataset.state !== '{before}'")
    return int(page.get_attribute("#replay", "data-state"))


def test_a_finished_game_replays_forward_and_back_from_the_lobby(
        web_server: WebServer, browser: Any) -> None:
    page = open_page(browser, web_server.url + "/")
    game_id = finished_game(web_server, page)
    total = web_server.summary(game_id)["state"]
    page.reload()
    page.click(f'#games-finished li[data-game="{game_id}"] a')
    page.wait_for_selector("#replay[data-state='0']")
    assert step(page, "#replay-forward") == 1
    assert step(page, "#replay-forward") == 2
    assert step(page, "#replay-back") == 1
    first = page.inner_text("#replay-last")
    assert first.startswith("Seat ")
    assert step(page, "#replay-end") == total
    assert page.locator("table.scores").is_visible()
    screenshot(page, "keythedral-replay")
    assert step(page, "#replay-start") == 0
    page.context.close()


def test_an_uploaded_record_replays(web_server: WebServer, browser: Any, tmp_path: Path) -> None:
    page = open_page(browser, web_server.url + "/#/replay")
    game_id = finished_game(web_server, page)
    record = web_server.http.get(f"/api/games/{game_id}/record").json()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    page.wait_for_selector("#record-file")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#replay[data-state='0']")
    assert step(page, "#replay-forward") == 1
    assert step(page, "#replay-end") == len(record["actions"])
    assert step(page, "#replay-back") == len(record["actions"]) - 1
    page.context.close()


def test_a_file_that_is_no_record_is_refused_in_one_line(
        web_server: WebServer, browser: Any, tmp_path: Path) -> None:
    page = open_page(browser, web_server.url + "/#/replay")
    path = tmp_path / "note.json"
    path.write_text(json.dumps({"hello": 1}))
    page.wait_for_selector("#record-file")
    page.set_input_files("#record-file", str(path))
    page.wait_for_function("() => document.querySelector('#replay-error').textContent !== ''")
    assert "not a keepers game record" in page.inner_text("#replay-error")
    assert "\n" not in page.inner_text("#replay-error")
    page.context.close()
