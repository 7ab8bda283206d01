"""Hidden information: every message a seat receives holds nothing that the engine's
view of that seat does not (no other hand, no deck order, no seed, no generator state)."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest
from serverhelp import Client, ThreadServer, create, play_out

from keepers.core.game import GameState
from keepers.core.record import GameRecord

OPTIONS = {"keythedral": {"max_rounds": 2}, "gardiens": {}, "viscounts": {}}
KEYS = {
    "welcome": {"type", "protocol", "game_id", "game", "players", "seat"},
    "state": {"type", "state", "status", "view", "log", "decision", "legal", "over", "result",
              "clock"},
    "accepted": {"type", "state", "action"},
    "error": {"type", "code", "message", "clause", "state"},
}


def positions(record: GameRecord) -> list[GameState]:
    """The state after each number of decisions, from 0 to the end."""
    state = record.new_state()
    states = [state.clone()]
    for action in record.actions:
        state.apply(action)
        states.append(state.clone())
    return states


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def check_message(message: dict[str, Any], seat: int | None, states: list[GameState],
                  secrets: list[str], own: set[str], actions: list[str]) -> None:
    """One message to ``seat`` against the engine's own answer for that seat."""
    assert set(message) == KEYS[message["type"]], message["type"]
    text = json.dumps(message)
    for secret in secrets:
        assert secret not in text
    if message["type"] == "accepted":
        assert message["action"] in own  # a seat is told only of its own decisions
    if message["type"] != "state":
        return
    state = states[message["state"]]
    assert message["view"] == plain(state.view(seat))
    decision = state.decision()
    mine = decision is not None and decision.player == seat
    if message["decision"] is not None:
        assert decision is not None and (decision.public or mine)
        assert message["decision"]["seat"] == decision.player
        assert message["decision"]["prompt"] == (decision.prompt if mine else None)
    expected = state.legal_actions() if mine and message["status"] == "ongoing" else []
    assert [item["action"] for item in message["legal"]] == expected
    for entry in message["log"]:  # the log names public decisions only, each as it was
        asked = states[entry["state"] - 1].decision()
        assert asked is not None and asked.public and asked.player == entry["seat"]
        assert entry["action"] == actions[entry["state"] - 1]


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_every_message_holds_only_the_seats_view(server: ThreadServer, name: str) -> None:
    created = create(server.url, name, ["human", "human", "greedy"], options=OPTIONS[name])
    game_id = created["game"]["id"]
    seats = [Client(server.url, game_id, inv["token"]) for inv in created["invitations"]]
    spectator = Client(server.url, game_id)
    for client in [*seats, spectator]:  # refusals are messages too
        for number in (client.last["state"], client.last["state"] + 1):
            assert client.decide("xyzzy 1", state=number)["type"] == "error"
    play_out(seats, random.Random(11))
    spectator.until(lambda m: m["type"] == "state" and m["over"])
    record = GameRecord.from_dict(httpx.get(f"{server.url}/api/games/{game_id}/record").json())
    states = positions(record)
    rng_states = {str(state.to_dict()["rng"]) for state in states}
    secrets = [str(record.seed), *sorted(r for r in rng_states if len(r) > 6)]
    for client in [*seats, spectator]:
        client.drain()
        own = {m["action"] for m in client.messages if m["type"] == "accepted"}
        numbers = [m["state"] for m in client.messages if m["type"] == "state"]
        assert numbers == sorted(numbers) and numbers[-1] == len(record.actions)
        assert sorted(set(numbers)) == list(range(numbers[0], numbers[-1] + 1))  # no gap
        for message in client.messages:
            check_message(message, client.seat, states, secrets, own, record.actions)
    public = httpx.get(f"{server.url}/api/games/{game_id}/view").json()
    assert public == {"state": len(record.actions), "view": plain(states[-1].view(None)),
                      "over": True}
    for path in ("", f"/{game_id}", f"/{game_id}/view"):
        text = httpx.get(f"{server.url}/api/games{path}").text
        assert all(secret not in text for secret in secrets[:1])
