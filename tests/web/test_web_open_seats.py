"""Open seats in Debian's chromium: one person creates a game with a seat open to anyone
and a bot; another, in a browser of their own, sits down from the lobby's list of games
waiting for players, and both reach the board."""

from __future__ import annotations

from typing import Any

from webhelp import WebServer, open_page


def test_a_person_sits_down_at_an_open_seat_from_the_lobby(
        web_server: WebServer, browser: Any) -> None:
    creator = open_page(browser, web_server.url + "/")
    creator.select_option("#game", "keythedral")
    creator.select_option("#players", "3")
    creator.select_option('#seats select[data-seat="0"]', "human")
    creator.select_option('#seats select[data-seat="1"]', "open")
    creator.select_option('#seats select[data-seat="2"]', "greedy")
    creator.fill('[data-option="max_rounds"]', "1")
    creator.fill("#bot-delay", "0")
    creator.click("#create-game")
    creator.locator("#invitations input.link").first.wait_for()
    assert creator.locator("#invitations input.link").count() == 1  # none for the open seat
    game_id = creator.get_attribute("#invitations ol", "data-game")
    assert [s["open"] for s in web_server.summary(game_id)["seats"]] == [False, True, False]
    creator.click('#invitations a.play-here[data-seat="0"]')
    creator.wait_for_selector("main[data-state]")

    guest = open_page(browser, web_server.url + "/")
    row = f'#games-open li[data-game="{game_id}"]'
    guest.wait_for_selector(f'{row} a[href="#/game/{game_id}"]')  # still a watch link
    guest.click(f'{row} button.sit-down[data-seat="1"]')
    guest.wait_for_selector("main[data-state]")
    assert "#/game/" + game_id in guest.url and "token" not in guest.url
    summary = web_server.summary(game_id)
    assert summary["status"] == "ongoing" and summary["seats"][1]["open"] is False
    for page in (creator, guest):  # both at the board of the started game
        page.wait_for_selector("#board")
        page.wait_for_function("() => !document.querySelector('#status')"
                               "?.textContent.includes('…')")
    deciding = "#decisions button[data-action]"
    for _ in range(300):  # a person decides first, or after the bot: one of them gets to
        if creator.locator(deciding).count() or guest.locator(deciding).count():
            break
        creator.wait_for_timeout(100)
    else:
        raise AssertionError("no one was asked to decide")
    guest.goto(web_server.url + "/")  # the seat is no longer offered
    guest.wait_for_selector(f'#games-ongoing li[data-game="{game_id}"]')
    assert guest.locator(f"{row} button.sit-down").count() == 0
    creator.context.close()
    guest.context.close()
