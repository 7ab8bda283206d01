"""Bots move on the server, off the event loop, at the pace a game asks for."""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from typing import Any

import httpx
import pytest
from serverhelp import Client, ThreadServer, create, mover, wait_for

from keepers.core import registry
from keepers.core.game import Bot, BotFactory, Game, GameState, JsonDict
from keepers.core.registry import get_game

RELEASE = threading.Event()


class StuckBot:
    """A bot that thinks until the test lets it go."""

    needs_view = False

    def choose(self, view: JsonDict | None, legal: list[str]) -> str:
        assert RELEASE.wait(60)
        return legal[0]


class SlowViscounts(Game):
    """Viscounts with a bot that takes its time."""

    name = "slow-viscounts"
    title = "Viscounts, slowly"
    min_players = 1
    max_players = 4

    def __init__(self) -> None:
        self.inner = get_game("viscounts")
        self.rules_version = self.inner.rules_version
        self.options = self.inner.option_specs()

    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> GameState:
        return self.inner.new_state(players, seed, options)

    def state_from_dict(self, data: JsonDict) -> GameState:
        return self.inner.state_from_dict(data)

    def bots(self) -> dict[str, BotFactory]:
        def stuck(_seat: int, _seed: int) -> Bot:
            return StuckBot()

        return {"stuck": stuck}


@pytest.fixture
def slow_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The slow game, known to the registry for one test only (other tests count games)."""
    game = SlowViscounts()
    monkeypatch.setitem(registry._extra, game.name, game)


@pytest.mark.usefixtures("slow_game")
def test_a_thinking_bot_holds_up_no_other_game(server: ThreadServer) -> None:
    RELEASE.clear()
    slow = create(server.url, "slow-viscounts", ["stuck", "stuck"])["game"]["id"]
    started = time.monotonic()
    other = create(server.url, "gardiens", ["human", "greedy"])
    player = Client(server.url, other["game"]["id"], other["invitations"][0]["token"])
    client = mover([player])
    assert client is not None
    assert client.decide(client.last["legal"][0]["action"])["type"] == "accepted"
    assert httpx.get(f"{server.url}/api/games/{slow}").json()["state"] == 0
    RELEASE.set()
    wait_for(lambda: httpx.get(f"{server.url}/api/games/{slow}").json()["state"] > 0,
             "the stuck bots to move once released")
    assert time.monotonic() - started < 60


def test_bots_wait_the_games_delay(server: ThreadServer) -> None:
    created = create(server.url, "viscounts", ["human", "greedy"], bot_delay=0.3)
    player = Client(server.url, created["game"]["id"], created["invitations"][0]["token"])
    timed = 0
    while timed < 2 and (client := mover([player])) is not None:
        decided = time.monotonic()
        answer = client.decide(client.last["legal"][0]["action"])
        if (player.last["decision"] or {}).get("seat") == 1:  # the bot's turn now
            number = answer["state"]
            player.until(lambda m: m["type"] == "state" and m["state"] > number)  # noqa: B023
            assert time.monotonic() - decided >= 0.3
            timed += 1
    assert timed == 2


@pytest.mark.parametrize("game", ["keythedral", "viscounts"])
def test_a_search_bot_takes_a_seat(server: ThreadServer, game: str) -> None:
    """``mcts`` with settings seats like any bot (issue: usable wherever a bot is); it
    decides from its own seat, and the game goes on past its decisions."""
    created = create(server.url, game, ["human", "mcts:iters=10"])
    seats = {seat["seat"]: seat for seat in created["game"]["seats"]}
    assert seats[1]["kind"] == "bot" and seats[1]["bot"] == "mcts:iters=10"
    player = Client(server.url, created["game"]["id"], created["invitations"][0]["token"])
    bot_moved = 0
    while bot_moved < 3 and (client := mover([player])) is not None:
        answer = client.decide(client.last["legal"][0]["action"])
        assert answer["type"] == "accepted"
        if (player.last["decision"] or {}).get("seat") == 1:   # the search bot's turn
            number = answer["state"]
            player.until(lambda m: m["type"] == "state" and m["state"] > number)  # noqa: B023
            bot_moved += 1
    assert bot_moved == 3


def test_a_search_bot_with_bad_settings_is_refused(server: ThreadServer) -> None:
    answer = httpx.post(f"{server.url}/api/games", json={
        "game": "keythedral", "seats": ["human", "mcts:iters=0"]}, timeout=30)
    assert answer.status_code == 422
    assert answer.json()["message"] == ("seat 'mcts:iters=0': mcts: iters must be a whole "
                                         "number from 1 to 10000000, not '0'")
