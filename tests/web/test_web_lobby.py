"""The browser client's lobby, in Debian's chromium."""

from __future__ import annotations

from typing import Any

from webhelp import WebServer, open_page


def test_the_lobby_page_loads_with_its_title(web_server: WebServer, browser: Any) -> None:
    page = open_page(browser, web_server.url + "/")
    page.wait_for_selector("h1")
    assert page.inner_text("h1") == "Play keepers"
    page.context.close()
