"""Refusals: stale, out-of-turn, illegal and malformed decisions and requests change
nothing and say why in one message."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import httpx
import pytest
from serverhelp import Client, ThreadServer, create, mover

from keepers.server.sessions import MAX_BACKLOG, Watcher
from keepers.server.storage import Append, Conflict, GameEntry, SeatEntry, Store, now


def two_seat_game(server: ThreadServer, name: str = "viscounts") -> tuple[str, list[Client]]:
    created = create(server.url, name, ["human", "human"])
    game_id = created["game"]["id"]
    clients = [Client(server.url, game_id, inv["token"]) for inv in created["invitations"]]
    return game_id, clients


def state_of(server: ThreadServer, game_id: str) -> int:
    state: int = httpx.get(f"{server.url}/api/games/{game_id}").json()["state"]
    return state


def test_stale_out_of_turn_and_illegal_decisions_are_refused(server: ThreadServer) -> None:
    game_id, clients = two_seat_game(server)
    first = mover(clients)
    assert first is not None
    other = clients[1 - clients.index(first)]
    assert first.decide(first.last["legal"][0]["action"])["type"] == "accepted"
    now_moving = mover(clients)
    assert now_moving is not None
    number = now_moving.last["state"]
    legal = now_moving.last["legal"][0]["action"]

    stale = now_moving.decide(legal, state=number - 1)
    assert (stale["code"], stale["state"]) == ("stale", number)
    ahead = now_moving.decide(legal, state=number + 5)
    assert ahead["code"] == "stale"
    idle = other if now_moving is first else first
    out_of_turn = idle.decide(legal, state=number)
    assert out_of_turn["code"] == "not_your_turn"
    illegal = now_moving.decide("conjure a castle", state=number)
    assert illegal["code"] == "illegal" and illegal["clause"]
    assert illegal["message"] and illegal["state"] == number
    assert state_of(server, game_id) == number
    assert now_moving.decide(legal, state=number)["type"] == "accepted"


def test_a_spectator_cannot_decide_and_an_open_game_waits(server: ThreadServer) -> None:
    created = create(server.url, "gardiens", ["human", "human"])
    game_id = created["game"]["id"]
    first = Client(server.url, game_id, created["invitations"][0]["token"])
    assert first.last["status"] == "open" and first.last["legal"] == []
    refused = first.decide("pass", state=0)
    assert refused["code"] == "not_started"
    watcher = Client(server.url, game_id)
    assert watcher.seat is None
    assert watcher.decide("pass", state=0)["code"] == "spectator"
    assert state_of(server, game_id) == 0


def test_malformed_and_oversized_messages_are_refused_before_parsing(
        server: ThreadServer) -> None:
    _game_id, clients = two_seat_game(server)
    client = clients[0]
    before = len(client.messages)
    client.ws.send("{not json")
    assert client.until(lambda m: m["type"] == "error")["code"] == "bad_message"
    client.ws.send("x" * 5000)
    assert client.until(lambda m: m["type"] == "error")["code"] == "too_large"
    client.ws.send(b"\x00\x01")
    assert client.until(lambda m: m["type"] == "error")["code"] == "bad_message"
    client.send({"type": "decide", "state": 0, "action": "a" * 101})
    assert client.until(lambda m: m["type"] == "error")["code"] == "bad_message"
    client.send({"type": "decide", "state": -1, "action": "pass", "extra": 1})
    assert client.until(lambda m: m["type"] == "error")["code"] == "bad_message"
    client.send({"type": "sync"})
    assert client.until(lambda m: m["type"] == "state")["state"] == 0
    assert all(m["type"] in ("error", "state") for m in client.messages[before:])


def test_a_socket_to_no_game_is_refused_and_closed(server: ThreadServer) -> None:
    with pytest.raises(AssertionError, match="not_found"):
        try:
            Client(server.url, "nosuchgame")
        except Exception as exc:
            raise AssertionError(str(exc)) from None


def test_a_wrong_token_is_refused_and_the_socket_closed(server: ThreadServer) -> None:
    created = create(server.url, "viscounts", ["human"])
    game_id = created["game"]["id"]
    with pytest.raises(AssertionError, match="bad_token"):
        try:
            Client(server.url, game_id, "x" * 43)
        except Exception as exc:  # the welcome never comes: the error does, then the close
            raise AssertionError(str(exc)) from None
    answer = httpx.post(f"{server.url}/api/games/{game_id}/join", json={"token": "y" * 43})
    assert answer.status_code == 403 and answer.json()["code"] == "bad_token"
    assert "y" * 43 not in answer.text


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "chess", "seats": ["human"]}, "unknown game"),
    ({"game": "viscounts", "seats": ["human", "wizard"]}, "wizard"),
    ({"game": "viscounts", "seats": ["human"] * 5}, "1 to 4 players"),
    ({"game": "viscounts", "seats": ["human"], "options": {"ai": "dragon"}}, "option ai"),
    ({"game": "viscounts", "seats": ["human"], "options": {"colour": "red"}}, "unknown option"),
    ({"game": "viscounts", "seats": []}, "seats"),
    ({"game": "viscounts", "seats": ["human"], "bot_delay": 99}, "bot_delay"),
    ({"game": "viscounts", "seats": ["human"], "seed": 7}, "seed"),
])
def test_bad_games_are_refused_in_one_line_and_nothing_is_stored(
        server: ThreadServer, body: dict[str, object], words: str) -> None:
    answer = httpx.post(f"{server.url}/api/games", json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "bad_request" and words in answer.json()["message"]
    assert httpx.get(f"{server.url}/api/games").json()["games"] == []


def test_http_refusals(server: ThreadServer) -> None:
    huge = json.dumps({"game": "viscounts", "seats": ["human"], "pad": "x" * 20_000})
    answer = httpx.post(f"{server.url}/api/games", content=huge,
                        headers={"content-type": "application/json"})
    assert answer.status_code == 413 and answer.json()["code"] == "too_large"
    assert httpx.get(f"{server.url}/api/games/nosuchgame").json()["code"] == "not_found"
    created = create(server.url, "viscounts", ["human"])
    record = httpx.get(f"{server.url}/api/games/{created['game']['id']}/record")
    assert record.status_code == 409 and record.json()["code"] == "not_finished"
    assert "seed" not in httpx.get(f"{server.url}/api/games").text


def test_two_simultaneous_decisions_for_one_state_one_is_accepted(
        server: ThreadServer) -> None:
    created = create(server.url, "keythedral", ["human", "human"])
    game_id = created["game"]["id"]
    tokens = [inv["token"] for inv in created["invitations"]]
    clients = [Client(server.url, game_id, token) for token in tokens]
    for _round in range(5):
        first = mover(clients)
        assert first is not None
        twin = Client(server.url, game_id, tokens[first.seat or 0])  # the same seat, again
        legal = [item["action"] for item in first.last["legal"]]
        number = first.last["state"]
        for client, action in ((first, legal[0]), (twin, legal[-1])):
            client.send({"type": "decide", "state": number, "action": action})
        answers = [c.until(lambda m: m["type"] in ("accepted", "error")) for c in (first, twin)]
        assert sorted(a["type"] for a in answers) == ["accepted", "error"]
        assert [a["code"] for a in answers if a["type"] == "error"] == ["stale"]
        assert state_of(server, game_id) == number + 1
        twin.close()


def test_the_unique_constraint_decides_between_two_writers(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'race.db'}"
    stores = [Store.open(url), Store.open(url)]
    stores[0].create_game(GameEntry(id="g", game="viscounts", players=1, options={}, seed=1,
                                    rules=1, bot_delay=0.0, status="ongoing",
                                    created_at=now(), seats=[SeatEntry(0, "human")]))
    def write(store: Store, seq: int, action: str, barrier: threading.Barrier,
              outcomes: list[str]) -> None:
        barrier.wait()
        try:
            store.append("g", seq, 0, action)
            outcomes.append("stored")
        except Conflict:
            outcomes.append("conflict")

    for seq in range(1, 21):
        outcomes: list[str] = []
        barrier = threading.Barrier(2)
        threads = [threading.Thread(target=write, args=(store, seq, f"a{i}", barrier, outcomes))
                   for i, store in enumerate(stores)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert sorted(outcomes) == ["conflict", "stored"]
    assert len(stores[0].decisions("g")) == 20
    for store in stores:
        store.close()


def test_invitations_carry_the_token_in_the_link_fragment(server: ThreadServer) -> None:
    created = create(server.url, "gardiens", ["human", "random", "human"])
    invitations = created["invitations"]
    assert [inv["seat"] for inv in invitations] == [0, 2]
    tokens = {inv["token"] for inv in invitations}
    assert len(tokens) == 2 and all(len(token) >= 43 for token in tokens)
    for inv in invitations:
        path, fragment = inv["link"].split("#")
        assert inv["token"] not in path and fragment.endswith(inv["token"])


def test_a_connection_that_stops_reading_is_cut_off() -> None:
    watcher = Watcher(0)
    for number in range(MAX_BACKLOG + 50):
        watcher.push(f'{{"n": {number}}}')
    assert watcher.lagging and watcher.outbox.qsize() == MAX_BACKLOG + 1
    queued = [watcher.outbox.get_nowait() for _ in range(MAX_BACKLOG + 1)]
    assert queued[-1] is None and None not in queued[:-1]


def test_a_group_commit_refuses_only_its_conflicting_decision(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'group.db'}")
    for game_id in ("a", "b", "c"):
        store.create_game(GameEntry(id=game_id, game="viscounts", players=1, options={},
                                    seed=1, rules=1, bot_delay=0.0, status="ongoing",
                                    created_at=now(), seats=[SeatEntry(0, "human")]))
    store.append("b", 1, 0, "first")
    outcomes = store.append_all([Append("a", 1, 0, "x"), Append("b", 1, 0, "late"),
                                 Append("c", 1, 0, "z")])
    assert outcomes[0] is None and isinstance(outcomes[1], Conflict) and outcomes[2] is None
    assert [store.decisions(g) for g in ("a", "b", "c")] == [["x"], ["first"], ["z"]]
    store.close()
