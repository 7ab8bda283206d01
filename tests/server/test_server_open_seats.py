"""Open seats: a seat anyone may take from the list of games, without an invitation link.

Taking one makes its token there and then (shown once, stored hashed); two takers never
get the same seat, on SQLite and on PostgreSQL alike; the game starts once every human
and open seat is taken; no listing ever shows a token."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
from serverhelp import Client, ThreadServer, create, wait_for

from keepers.server import tokens
from keepers.server.storage import Store

TAKERS = 8


def take(url: str, game_id: str, **body: Any) -> httpx.Response:
    return httpx.post(f"{url}/api/games/{game_id}/open-seats", json=body, timeout=60)


def seats(url: str, game_id: str) -> list[dict[str, Any]]:
    summary: list[dict[str, Any]] = httpx.get(f"{url}/api/games/{game_id}").json()["seats"]
    return summary


def test_an_open_seat_is_listed_free_until_taken_and_the_game_starts_when_full(
        server: ThreadServer) -> None:
    created = create(server.url, "keythedral", ["human", "open", "greedy"])
    game_id = created["game"]["id"]
    assert [inv["seat"] for inv in created["invitations"]] == [0]  # no link for an open seat
    listed = httpx.get(f"{server.url}/api/games", params={"status": "open"}).json()["games"]
    assert [s["open"] for s in listed[0]["seats"]] == [False, True, False]
    taken = take(server.url, game_id, name="Ada")
    assert taken.status_code == 201, taken.text
    answer = taken.json()
    assert answer["seat"] == 1 and len(answer["token"]) == 43  # 256 bits, like an invitation
    assert answer["link"].endswith(f"/play/{game_id}#seat=1&token={answer['token']}")
    after = seats(server.url, game_id)
    assert after[1] == {"seat": 1, "kind": "human", "bot": None, "claimed": True,
                        "name": "Ada", "taken_over": None, "open": False}
    assert httpx.get(f"{server.url}/api/games/{game_id}").json()["status"] == "open"
    player = Client(server.url, game_id, answer["token"])  # the token opens the seat
    assert player.seat == 1
    inviter = httpx.post(f"{server.url}/api/games/{game_id}/join",
                         json={"token": created["invitations"][0]["token"]})
    assert inviter.json()["game"]["status"] == "ongoing"
    player.close()


def test_only_open_seats_start_when_all_are_taken(server: ThreadServer) -> None:
    game_id = create(server.url, "gardiens", ["open", "open"])["game"]["id"]
    first = take(server.url, game_id, seat=1).json()
    assert first["seat"] == 1
    assert httpx.get(f"{server.url}/api/games/{game_id}").json()["status"] == "open"
    assert take(server.url, game_id).json()["seat"] == 0
    assert httpx.get(f"{server.url}/api/games/{game_id}").json()["status"] == "ongoing"


def test_a_taken_or_unknown_seat_is_refused_in_one_line(server: ThreadServer) -> None:
    game_id = create(server.url, "keythedral", ["open", "human", "greedy"])["game"]["id"]
    before = seats(server.url, game_id)
    for body, status, code in [({"seat": 1}, 409, "no_open_seat"),  # invited, not open
                               ({"seat": 2}, 409, "no_open_seat"),  # a bot
                               ({"seat": 9}, 409, "no_open_seat"),
                               ({"seat": -1}, 422, "bad_request"),
                               ({"seat": "0"}, 422, "bad_request"),
                               ({"token": "x"}, 422, "bad_request"),
                               ({"name": ""}, 422, "bad_request")]:
        refused = take(server.url, game_id, **body)
        assert refused.status_code == status, (body, refused.text)
        assert refused.json()["code"] == code and "\n" not in refused.json()["message"]
    assert seats(server.url, game_id) == before  # nothing changed
    assert take(server.url, game_id).status_code == 201
    again = take(server.url, game_id)
    assert again.status_code == 409 and again.json()["code"] == "no_open_seat"
    missing = take(server.url, "0123456789abcdef")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


def test_a_bot_cannot_be_named_open_and_a_kind_must_be_known(server: ThreadServer) -> None:
    refused = httpx.post(f"{server.url}/api/games",
                         json={"game": "keythedral", "seats": ["open", "opened", "greedy"]})
    assert refused.status_code == 422 and "'open'" in refused.json()["message"]


def test_concurrent_takers_get_distinct_seats(server: ThreadServer) -> None:
    game_id = create(server.url, "keythedral", ["open", "open", "greedy"])["game"]["id"]
    with ThreadPoolExecutor(TAKERS) as pool:
        answers = list(pool.map(lambda n: take(server.url, game_id, name=f"p{n}"),
                                range(TAKERS)))
    won = [a.json() for a in answers if a.status_code == 201]
    assert sorted(w["seat"] for w in won) == [0, 1]
    assert all(a.json()["code"] == "no_open_seat" for a in answers if a.status_code != 201)
    summary = httpx.get(f"{server.url}/api/games/{game_id}").json()
    assert summary["status"] == "ongoing"
    for taker in won:  # each token opens exactly the seat it was given
        joined = httpx.post(f"{server.url}/api/games/{game_id}/join",
                            json={"token": taker["token"]})
        assert joined.json()["seat"] == taker["seat"]


def test_the_store_settles_simultaneous_takes(db_url: str) -> None:
    """Two stores (two connections, as two server processes have) race for each seat; the
    database gives each seat to exactly one of them."""
    server_url = db_url
    with ThreadServer(server_url) as running:
        game_id = create(running.url, "keythedral", ["open", "open", "open"])["game"]["id"]
    stores = [Store.open(server_url) for _ in range(2)]
    try:
        hashes = [tokens.token_hash(tokens.new_token()) for _ in range(TAKERS)]
        with ThreadPoolExecutor(TAKERS) as pool:
            results = list(pool.map(
                lambda n: stores[n % 2].take_open_seat(game_id, None, hashes[n], None),
                range(TAKERS)))
        won = [result for result in results if result is not None]
        assert sorted(seat for seat, _ in won) == [0, 1, 2]
        entry = stores[0].game(game_id)
        assert entry is not None and entry.status == "ongoing"
        assert {seat.token_hash for seat in entry.seats} <= set(hashes)
        assert len({seat.token_hash for seat in entry.seats}) == 3
    finally:
        for store in stores:
            store.close()


def test_no_listing_shows_a_token(server: ThreadServer) -> None:
    game_id = create(server.url, "gardiens", ["open", "greedy"])["game"]["id"]
    watcher = Client(server.url, game_id)
    token = take(server.url, game_id, name="Ada").json()["token"]
    hashed = tokens.token_hash(token)
    wait_for(lambda: watcher.drain() or watcher.last.get("status") == "ongoing", "the start")
    texts = [httpx.get(f"{server.url}{path}").text
             for path in ("/api/games", "/api/games?status=ongoing", f"/api/games/{game_id}",
                          f"/api/games/{game_id}/view", "/")]
    texts += [str(message) for message in watcher.messages]
    for text in texts:
        assert token not in text and hashed not in text
    watcher.close()


def test_another_server_learns_the_seat_was_taken(pg_url: str) -> None:
    """Two servers on one PostgreSQL database: a seat taken on one is taken on the other
    too (its notice), and the new token opens it there."""
    with ThreadServer(pg_url) as first, ThreadServer(pg_url) as second:
        game_id = create(first.url, "gardiens", ["open", "greedy"])["game"]["id"]
        assert seats(second.url, game_id)[0]["open"] is True  # the second holds it too
        token = take(first.url, game_id, name="Ada").json()["token"]
        wait_for(lambda: httpx.get(f"{second.url}/api/games/{game_id}").json()["status"]
                 == "ongoing", "the second server to learn of the taken seat")
        assert seats(second.url, game_id)[0]["name"] == "Ada"
        player = Client(second.url, game_id, token)
        assert player.seat == 0
        player.close()
        refused = take(second.url, game_id)
        assert refused.status_code == 409 and refused.json()["code"] == "no_open_seat"
