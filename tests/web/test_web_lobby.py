"""The browser client's lobby and pages, in Debian's chromium: a game created from the
lobby's form, its invitation links, the lists of games, the three languages, and the
page at a phone's width."""

from __future__ import annotations

from typing import Any

from webhelp import WebServer, open_page, screenshot, state_of


def test_the_lobby_page_loads_with_its_title(web_server: WebServer, browser: Any) -> None:
    page = open_page(browser, web_server.url + "/")
    page.wait_for_selector("h1")
    assert page.inner_text("h1") == "Play keepers"
    page.context.close()


def test_the_lobby_creates_a_game_and_its_invitation_opens_the_seat(
        web_server: WebServer, browser: Any) -> None:
    page = open_page(browser, web_server.url + "/")
    page.select_option("#game", "keythedral")
    page.select_option("#players", "2")
    page.select_option('#seats select[data-seat="1"]', "greedy")
    page.fill('[data-option="max_rounds"]', "1")
    page.check('[data-option="face_up"]')
    page.fill("#bot-delay", "0")
    page.select_option("#clock-mode", "live")
    page.fill("#clock-minutes", "5")
    page.fill("#clock-increment", "2")
    page.click("#create-game")
    links = page.locator("#invitations input.link")
    links.first.wait_for()
    assert links.count() == 1                        # one person, one bot: one invitation
    game_id = page.get_attribute("#invitations ol", "data-game")
    summary = web_server.summary(game_id)
    assert summary["options"]["max_rounds"] == 1 and summary["options"]["face_up"] is True
    assert [seat["kind"] for seat in summary["seats"]] == ["human", "bot"]
    assert summary["status"] == "open"
    assert summary["time_control"] == {"mode": "live", "minutes": 5.0, "increment": 2.0,
                                       "on_timeout": "end", "bot": None}
    screenshot(page, "lobby-created")
    page.click('#invitations a.play-here[data-seat="0"]')
    page.wait_for_selector("main[data-state]")
    assert "#/game/" + game_id in page.url and "token" not in page.url
    page.wait_for_selector("#decisions button[data-action]")  # the game started: seat 1 decides
    assert page.inner_text("#clocks .running").startswith("Seat 1")  # its clock runs
    page.click("#board [data-target].legal >> nth=0")  # a field tile laid...
    page.wait_for_function("() => document.querySelector('main').dataset.chosen === '1'"
                           " || document.querySelector('main').dataset.state !== '0'")
    assert web_server.summary(game_id)["status"] == "ongoing"
    page.goto(web_server.url + "/")                 # the lobby lists it among live games
    page.wait_for_selector(f'#games-ongoing li[data-game="{game_id}"]')
    page.context.close()


def test_the_page_speaks_the_browsers_language_and_switches(
        web_server: WebServer, browser: Any) -> None:
    created = web_server.create("keythedral", ["human", "greedy"], {"max_rounds": 1})
    link = created["invitations"][0]["link"]
    page = open_page(browser, link, lang="fr-FR")
    page.wait_for_selector("#decisions button[data-action]")
    assert page.inner_text("#status").startswith("À vous de décider")
    french = page.inner_text("#decisions")
    assert "champ" in french                         # the engine's labels, in French
    page.select_option("#lang", "ru")
    page.wait_for_function("() => document.querySelector('#status')?.textContent.startsWith('Ваше решение')")
    page.wait_for_selector("#decisions button[data-action]")
    assert page.inner_text("#decisions") != french
    assert page.inner_text("h1") == "Keythedral"
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.querySelector('#status')?.textContent.startsWith('Your decision')")
    page.reload()                                    # the choice is remembered
    page.wait_for_selector("#decisions button[data-action]")
    assert page.inner_text("#status").startswith("Your decision")
    page.context.close()


def test_a_spectator_sees_the_board_and_no_decisions(web_server: WebServer, browser: Any) -> None:
    created = web_server.create("keythedral", ["greedy", "greedy"], {"max_rounds": 1})
    game_id = created["game"]["id"]
    page = open_page(browser, f"{web_server.url}/#/game/{game_id}", width=390, height=844)
    page.wait_for_selector('main[data-over="true"]')
    assert state_of(page) > 0
    assert page.locator("#decisions button[data-action]").count() == 0
    assert page.locator("table.scores").is_visible()
    page.locator('#board [data-info="0,0"]').first.click(force=True)   # a tap shows the text
    page.wait_for_function("() => document.querySelector('#info').textContent.includes('0,0')")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390                              # usable at a phone's width: no sideways scroll
    screenshot(page, "keythedral-390")
    page.context.close()
