"""Viscounts in the browser, against a real ``keepers serve``: two people (each in a
browser context of their own) and a greedy bot play by clicks on the board (the decision
list only when no board element concerns any legal decision), a page reloaded mid-game
resumes, and no page ever holds a card of another seat's hand, nor a spectator's page a card
of any hand (VB-2.2.1: a hand is its owner's zone; other views hold only its size).

The default run plays the setup and the first rounds of a game with both expansions
(about a minute); the soak run plays a whole game to its end (VB-8).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from webhelp import (
    TIMEOUT,
    WebServer,
    legal_targets,
    listed_actions,
    open_page,
    open_seat,
    screenshot,
    seat_message,
    state_of,
)

OPTIONS = {"expansions": "keys,gates"}
LIST_SHARE = 0.1
"""How often a person picks from the list although the board offers targets."""


def hidden_cards(mine: dict[str, Any], other: dict[str, Any]) -> set[str]:
    """The cards in the other seat's hand that neither this seat's view nor the public log
    it was sent mentions (a card hired in the open is public; the king's order, KO, is
    left out: every Gates of Gold board names its public pile)."""
    text = json.dumps([mine["view"], mine.get("log", [])])
    seat = other["view"]["viewer"]
    return {card for card in other["view"]["players"][seat]["hand"]
            if card not in text and card != "KO"}


def check_hands_hidden(server: WebServer, game_id: str, pages: list[Any],
                       tokens: list[str | None]) -> int:
    """No page's DOM names a card only another seat's hand holds (VB-2.2.1), a spectator's
    page (token None) no card of any hand; returns how many hidden cards were looked for."""
    messages = [seat_message(server, game_id, token) for token in tokens]
    looked = 0
    for seat, page in enumerate(pages):
        dom = page.content()
        for other, message in enumerate(messages):
            if other != seat and tokens[other] is not None:
                hidden = hidden_cards(messages[seat], message)
                looked += len(hidden)
                assert not [card for card in hidden if card in dom], (seat, other, hidden)
    return looked


def mover(pages: list[Any]) -> Any | None:
    """The page asked to decide, once all pages show the same state (None: game over)."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        overs = [page.evaluate("() => document.querySelector('main').dataset.over")
                 for page in pages]
        if all(over == "true" for over in overs):
            return None
        if len({state_of(page) for page in pages}) == 1:
            for page in pages:
                if listed_actions(page):
                    return page
        time.sleep(0.02)
    raise AssertionError("no page was asked to decide")


def click(page: Any, key: str, before: int) -> None:
    """Click the board element of ``key`` (the event sent to the element itself: the middle
    of an arc's box may be a neighbour's), then wait until the page took it: a new state,
    one more step chosen, or a choice offered (nothing, if the board was drawn again)."""
    chosen = page.locator("#board [data-target].chosen").count()
    try:
        page.locator(f'#board [data-target="{key}"]').first.dispatch_event("click", timeout=2000)
        page.wait_for_function(
            f"""() => Number(document.querySelector('main').dataset.state) > {before}
                || document.querySelectorAll('#board [data-target].chosen').length !== {chosen}
                || document.querySelector('#steps button.choice') !== null
                || document.querySelector('#error').textContent !== ''""", timeout=5000)
    except PlaywrightTimeout:
        pass                      # the state moved on: the caller looks again


def decide_by_clicks(page: Any, rng: random.Random) -> bool | None:
    """Make one decision by clicking board targets step by step (a choice among decisions
    sharing the clicked path when the board cannot tell them apart), or from the list when
    the board offers nothing; True when the board was used, None when the page was being
    drawn again (nothing to decide on it at that moment)."""
    before = state_of(page)
    targets = legal_targets(page)
    listed = listed_actions(page)
    if not listed:
        return None
    on_board = bool(targets) and rng.random() >= LIST_SHARE
    if not on_board:
        page.locator(f'#decisions button[data-action="{rng.choice(listed)}"]').click()
    deadline = time.monotonic() + TIMEOUT
    while on_board and state_of(page) == before:
        assert time.monotonic() < deadline, "the clicks made no decision"
        choices = page.eval_on_selector_all("#steps button.choice",
                                            "els => els.map(e => e.dataset.action)")
        if choices:
            page.locator(f'#steps button.choice[data-action="{rng.choice(choices)}"]').click()
            break
        targets = legal_targets(page)
        if not targets:
            break
        click(page, rng.choice(targets), before)
    page.wait_for_function(
        f"() => Number(document.querySelector('main').dataset.state) > {before}"
        " || document.querySelector('#error').textContent !== ''")
    assert page.inner_text("#error") == "", page.inner_text("#error")
    return on_board


def play(server: WebServer, browser: Any, limit: int | None, name: str,
         reload_at: int) -> dict[str, Any]:
    """Two people and a greedy bot play by clicks (up to ``limit`` decisions of the
    people, None: to the end); returns what was seen."""
    created = server.create("viscounts", ["human", "human", "greedy"], OPTIONS)
    game_id = created["game"]["id"]
    tokens: list[str | None] = [invitation["token"]
                                for invitation in created["invitations"][:2]]
    pages = [open_seat(browser, invitation) for invitation in created["invitations"][:2]]
    watcher = open_page(browser, f"{server.url}/#/game/{game_id}")      # a spectator
    for page in [*pages, watcher]:
        page.wait_for_selector("main[data-state]")
    rng = random.Random(5)
    decisions = on_board = looked = 0
    while (limit is None or decisions < limit) and (page := mover(pages)) is not None:
        made = decide_by_clicks(page, rng)
        if made is None:
            continue
        on_board += made
        decisions += 1
        if decisions == reload_at:
            state = state_of(page)
            page.reload()                 # mid-game: the page resumes with its seat token
            page.wait_for_selector("main[data-state]")
            assert state_of(page) >= state
            assert page.locator("#board svg.viscounts").count() == 1
        if decisions % 15 == 7:
            looked += check_hands_hidden(server, game_id, [*pages, watcher], [*tokens, None])
    looked += check_hands_hidden(server, game_id, [*pages, watcher], [*tokens, None])
    screenshot(pages[0], name)
    summary = server.summary(game_id)
    for page in [*pages, watcher]:
        page.context.close()
    return {"decisions": decisions, "on_board": on_board, "looked": looked,
            "summary": summary}


def test_two_people_and_a_bot_play_the_first_rounds_by_clicks(
        web_server: WebServer, browser: Any) -> None:
    """Setup (VB-5.7, VK-2.8) and the first turns of a Keeper of Keys + Gates of Gold
    game, a reload in the middle; both hands stay hidden from the other page."""
    result = play(web_server, browser, 26, "viscounts", reload_at=12)
    assert result["decisions"] == 26
    assert result["on_board"] >= 0.8 * result["decisions"]
    assert result["looked"] > 0
    assert result["summary"]["status"] == "ongoing"
    print(f"\nviscounts in the browser: {result['on_board']}/{result['decisions']} decisions"
          f" on the board, {result['looked']} hidden cards looked for")


@pytest.mark.soak
def test_two_people_and_a_bot_play_a_whole_game_by_clicks(
        web_server: WebServer, browser: Any) -> None:
    """A whole game with both expansions to its end (VB-8) by clicks."""
    result = play(web_server, browser, None, "viscounts-whole", reload_at=60)
    assert result["summary"]["status"] == "finished"
    assert result["on_board"] >= 0.8 * result["decisions"]
