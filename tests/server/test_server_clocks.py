"""Time controls: clocks run only for the seat that must decide, a timeout hands the seat
to a bot or ends the game without any client message, the clocks survive a restart, bad
time controls are refused, and the clocks tell nothing hidden."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
from alembic import command
from serverhelp import Client, ThreadServer, create, mover, play_out, wait_for
from sqlalchemy import text
from test_server_hidden import positions
from typer.testing import CliRunner

from keepers.cli import app
from keepers.core.game import Decision, GameState
from keepers.core.record import GameRecord
from keepers.server import clocks, migrate
from keepers.server.protocol import CorrespondenceClock, LiveClock
from keepers.server.storage import Store, open_engine

T0 = datetime(2026, 1, 1, tzinfo=UTC)
QUICK = 0.005
"""Minutes of a live clock that runs out in a test (0.3 s)."""


class Asked:
    """A stand-in state that only says who decides (all a clock reads of a state)."""

    def __init__(self, seat: int, public: bool = True) -> None:
        self.asked = Decision(player=seat, kind="move", prompt="", public=public)

    def decision(self) -> Decision:
        return self.asked


def asked(seat: int, public: bool = True) -> GameState:
    return cast(GameState, Asked(seat, public))


def live_clock(minutes: float = 1, increment: float = 0) -> clocks.Clock:
    control = LiveClock(mode="live", minutes=minutes, increment=increment)
    return clocks.Clock(control, T0, {0: 60_000, 1: 60_000}, {0, 1})


# -- the clock's arithmetic -----------------------------------------------------------
def test_a_live_clock_runs_only_for_the_seat_asked_and_adds_its_increment() -> None:
    clock = live_clock(increment=2)
    at = T0 + timedelta(seconds=10)
    assert clock.runner(asked(0), "ongoing") == 0
    assert [clock.left(seat, 0, at) for seat in (0, 1)] == [50_000, 60_000]
    since, time_left = clock.after(0, asked(0), "ongoing", at)
    assert (since, time_left) == (at, (0, 52_000))  # 10 s used, 2 s back
    clock.adopt(since, time_left)
    later = at + timedelta(seconds=5)
    assert [clock.left(seat, 1, later) for seat in (0, 1)] == [52_000, 55_000]
    view = clock.view(asked(1), "ongoing", 3, later)  # seat 2 is a bot: not timed
    assert [(s.remaining_ms, s.running) for s in view.seats] == [
        (52_000, False), (55_000, True), (None, False)]
    assert clock.run_out(asked(1), "ongoing", at + timedelta(seconds=65)) == 1


def test_a_correspondence_clock_gives_each_decision_its_hours() -> None:
    control = CorrespondenceClock(mode="correspondence", hours=1)
    clock = clocks.Clock(control, T0, {}, {0, 1})
    at = T0 + timedelta(minutes=30)
    assert [clock.left(seat, 1, at) for seat in (0, 1)] == [3_600_000, 1_800_000]
    assert clock.after(1, asked(1), "ongoing", at) == (at, None)
    clock.adopt(at, None)
    assert clock.left(1, 1, at) == 3_600_000  # the next decision has the whole hour again
    clock.time_out(0)
    shown = clock.view(asked(1), "ongoing", 2, at).seats
    assert [(seat.remaining_ms, seat.out_of_time) for seat in shown] == [(0, True),
                                                                          (3_600_000, False)]


def test_no_clock_runs_for_a_secret_decision_nor_before_the_start() -> None:
    clock = live_clock()
    at = T0 + timedelta(hours=2)  # long past any time left
    for state, status in ((asked(0, public=False), "ongoing"), (asked(0), "open")):
        assert clock.runner(state, status) is None
        assert clock.expires_in(state, status, at) is None
        assert clock.run_out(state, status, at) is None
        assert not any(seat.running for seat in clock.view(state, status, 2, at).seats)
    # A secret decision costs its decider nothing and gives no increment (the others
    # would see it): the time left stays as it was.
    assert clock.after(0, asked(0, public=False), "ongoing", at) == (at, None)


# -- refusals ---------------------------------------------------------------------------
BAD = [
    ({"mode": "live"}, "minutes"),
    ({"mode": "live", "minutes": 0}, "minutes"),
    ({"mode": "live", "minutes": -3}, "minutes"),
    ({"mode": "live", "minutes": "5"}, "minutes"),
    ({"mode": "live", "minutes": True}, "minutes"),
    ({"mode": "live", "minutes": 1e9}, "minutes"),
    ({"mode": "live", "minutes": 5, "increment": -1}, "increment"),
    ({"mode": "live", "minutes": 5, "hours": 2}, "hours"),
    ({"mode": "correspondence", "hours": 24, "increment": 5}, "increment"),
    ({"mode": "correspondence"}, "hours"),
    ({"mode": "none", "minutes": 5}, "minutes"),
    ({"mode": "blitz", "minutes": 5}, "time_control"),
    ({"minutes": 5}, "time_control"),
    ({"mode": "live", "minutes": 5, "on_timeout": "pause"}, "on_timeout"),
    ({"mode": "live", "minutes": 5, "on_timeout": "bot"}, "time_control.bot"),
    ({"mode": "live", "minutes": 5, "on_timeout": "bot", "bot": "deep"}, "time_control.bot"),
    ({"mode": "live", "minutes": 5, "bot": "greedy"}, "time_control.bot"),
    ({"mode": "live", "minutes": 5, "on_timeout": "bot", "bot": "mcts:depth=-1"},
     "time_control.bot: mcts: depth must be a whole number from 0 to 100000, not '-1'"),
]


def test_a_bad_time_control_is_refused_in_one_line(server: ThreadServer) -> None:
    for control, named in BAD:
        answer = httpx.post(f"{server.url}/api/games", json={
            "game": "gardiens", "seats": ["human", "greedy"], "time_control": control})
        assert answer.status_code == 422, control
        body = answer.json()
        assert body["code"] == "bad_request" and named in body["message"], (control, body)
        assert "\n" not in body["message"]
    assert httpx.get(f"{server.url}/api/games").json()["games"] == []  # nothing created


# -- timeouts ---------------------------------------------------------------------------
def clock_of(message: dict[str, Any], seat: int) -> dict[str, Any]:
    found: dict[str, Any] = message["clock"]["seats"][seat]
    return found


def test_time_out_to_a_bot_the_person_watches_on(server: ThreadServer) -> None:
    control = {"mode": "live", "minutes": QUICK, "on_timeout": "bot", "bot": "greedy"}
    created = create(server.url, "gardiens", ["human", "greedy"], options={"max_rounds": 2},
                     bot_delay=0.05, time_control=control)
    game_id = created["game"]["id"]
    assert created["game"]["time_control"] == {**control, "increment": 0.0, "mode": "live"}
    person = Client(server.url, game_id, created["invitations"][0]["token"])
    # Nobody sends anything: the timer fires, and a bot takes seat 0.
    timed_out = person.until(lambda m: m["type"] == "state" and m["clock"] is not None
                             and clock_of(m, 0)["out_of_time"])
    assert clock_of(timed_out, 0)["remaining_ms"] == 0 and not clock_of(timed_out, 0)["running"]
    assert timed_out["legal"] == [] and not timed_out["over"]
    refused = person.decide("pass", state=timed_out["state"])
    assert refused["code"] == "taken_over"
    summary = httpx.get(f"{server.url}/api/games/{game_id}").json()
    assert summary["seats"][0]["taken_over"] == "greedy"
    final = person.until(lambda m: m["type"] == "state" and m["over"])  # the bot plays on
    after = person.messages[person.messages.index(timed_out):]
    assert all(m["legal"] == [] for m in after if m["type"] == "state")
    result = final["result"]
    assert result["ended"] == "rules"
    assert result["timeouts"] == [{"seat": 0, "state": timed_out["state"], "outcome": "bot",
                                   "bot": "greedy"}]
    record = GameRecord.from_dict(httpx.get(f"{server.url}/api/games/{game_id}/record").json())
    replayed = record.replay()  # the bot's decisions are ordinary decisions of the record
    assert replayed.is_over() and replayed.scores() == result["scores"]
    assert record.ended_on_time() is None


def test_time_out_ends_the_game_and_the_record_says_so(tmp_path: Path, db_url: str) -> None:
    db = db_url
    with ThreadServer(db) as server:
        created = create(server.url, "gardiens", ["human", "human"],
                         time_control={"mode": "live", "minutes": QUICK, "on_timeout": "end"})
        game_id = created["game"]["id"]
        clients = [Client(server.url, game_id, inv["token"]) for inv in created["invitations"]]
        # Nobody decides: the first seat asked runs out of time, and the game ends.
        final = clients[0].until(lambda m: m["type"] == "state" and m["over"])
        result = final["result"]
        loser = result["timeouts"][0]["seat"]
        winner = 1 - loser
        assert result["ended"] == "time" and result["winners"] == [winner]
        assert result["timeouts"] == [{"seat": loser, "state": 0, "outcome": "end", "bot": None}]
        assert clock_of(final, loser)["out_of_time"] and final["legal"] == []
        assert not any(seat["running"] for seat in final["clock"]["seats"])
        assert clients[loser].decide("pass", state=0)["code"] == "game_over"
        assert httpx.get(f"{server.url}/api/games/{game_id}/view").json()["over"]
        record_json = httpx.get(f"{server.url}/api/games/{game_id}/record").json()
    record = GameRecord.from_dict(record_json)
    assert record.ended_on_time() == loser and record.actions == []
    start = record.replay()
    decision = start.decision()
    assert decision is not None and decision.player == loser  # the seat asked lost on time
    assert start.scores() == result["scores"]  # the engine's scores at that moment
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record_json))
    replayed = CliRunner().invoke(app, ["replay", str(path), "--lang", "en"])
    assert replayed.exit_code == 0, replayed.output
    assert f"Seat {loser + 1} ran out of time here" in replayed.output
    assert f"winners by the record: {winner + 1}" in replayed.output
    resumed = CliRunner().invoke(app, ["play", "--resume", str(path), "--lang", "en"])
    assert resumed.exit_code == 2 and "already over" in resumed.output
    with ThreadServer(db) as server:  # the outcome survives a restart
        summary = httpx.get(f"{server.url}/api/games/{game_id}").json()
        assert summary["status"] == "finished" and summary["result"] == result


def test_a_correspondence_decision_gets_the_whole_time_again(server: ThreadServer) -> None:
    hours = 0.001  # 3.6 s for each decision
    created = create(server.url, "gardiens", ["human", "human"],
                     time_control={"mode": "correspondence", "hours": hours})
    game_id = created["game"]["id"]
    clients = [Client(server.url, game_id, inv["token"]) for inv in created["invitations"]]
    first = mover(clients)
    assert first is not None
    assert first.decide(first.last["legal"][0]["action"])["type"] == "accepted"
    after = first.last
    runner = running(after)
    assert all(seat["remaining_ms"] == 3600 for seat in after["clock"]["seats"]
               if seat["seat"] != runner)  # a seat not asked has a whole decision's time
    assert 0 < clock_of(after, runner)["remaining_ms"] <= 3600
    final = first.until(lambda m: m["type"] == "state" and m["over"])
    assert final["result"]["ended"] == "time"
    assert final["result"]["timeouts"][0]["seat"] == runner


# -- restarts ---------------------------------------------------------------------------
def two_people(server: ThreadServer, control: dict[str, Any]) -> tuple[str, list[str]]:
    created = create(server.url, "gardiens", ["human", "human"], time_control=control)
    return created["game"]["id"], [inv["token"] for inv in created["invitations"]]


def times(message: dict[str, Any]) -> list[int]:
    return [seat["remaining_ms"] for seat in message["clock"]["seats"]]


def test_the_clocks_survive_a_restart(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    db = db_url
    start = datetime.now(UTC)
    with ThreadServer(db) as server:
        game_id, tokens = two_people(server, {"mode": "live", "minutes": 10, "increment": 3})
        clients = [Client(server.url, game_id, token) for token in tokens]
        first = mover(clients)
        assert first is not None and first.seat is not None
        assert first.decide(first.last["legal"][0]["action"])["type"] == "accepted"
        decided = times(first.last)
        assert 600_000 - since(start) < decided[first.seat] <= 603_000  # used, plus 3 s
        runner = running(first.last)
        for client in clients:
            client.close()
    with ThreadServer(db) as server:  # a quick restart: that time counts, nothing else moves
        again = Client(server.url, game_id, tokens[0])
        read = datetime.now(UTC)
        resumed = times(again.last)
        assert running(again.last) == runner
        assert resumed[1 - runner] == decided[1 - runner]  # a stopped clock keeps its time
        assert 600_000 - since(start) <= resumed[runner] <= decided[runner]
        again.close()
    # An outage: the next server starts an hour later, and that hour is charged to no one.
    monkeypatch.setattr(clocks, "wall", lambda: datetime.now(UTC) + timedelta(hours=1))
    with ThreadServer(db) as server:
        again = Client(server.url, game_id, tokens[0])
        assert not again.last["over"] and running(again.last) == runner
        assert resumed[runner] - since(read) <= times(again.last)[runner] <= resumed[runner]
        assert times(again.last)[1 - runner] == decided[1 - runner]


def since(moment: datetime) -> float:
    """Milliseconds from ``moment`` to now."""
    return (datetime.now(UTC) - moment) / timedelta(milliseconds=1)


def running(message: dict[str, Any]) -> int:
    seat: int = next(seat["seat"] for seat in message["clock"]["seats"] if seat["running"])
    return seat


def test_a_clock_that_runs_out_while_restarting_ends_the_game_on_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "games.db"
    with ThreadServer(db) as server:
        game_id, tokens = two_people(server, {"mode": "live", "minutes": 1})
        clients = [Client(server.url, game_id, token) for token in tokens]
        assert mover(clients) is not None
        # 59.8 s pass while the server runs (counted), then it stops.
        monkeypatch.setattr(clocks, "wall",
                            lambda: datetime.now(UTC) + timedelta(seconds=59.8))
        for client in clients:
            client.close()
    with ThreadServer(db) as server:  # the timer is set again at the rebuild, and rings
        wait_for(lambda: httpx.get(f"{server.url}/api/games/{game_id}").json()["status"]
                 == "finished", "the game to end on time")
        result = httpx.get(f"{server.url}/api/games/{game_id}").json()["result"]
        assert result["ended"] == "time" and result["decisions"] == 0


def test_two_servers_store_one_timeout_and_both_tell_it(pg_url: str) -> None:
    # Two servers on one PostgreSQL database (as two processes would be) both hold the
    # game and set its timer; one timeout is stored, and the other server follows it.
    with ThreadServer(pg_url) as one, ThreadServer(pg_url) as other:
        created = create(one.url, "gardiens", ["human", "human"],
                         time_control={"mode": "live", "minutes": 0.02, "on_timeout": "end"})
        game_id = created["game"]["id"]
        clients = [Client(server.url, game_id, invitation["token"])  # one seat on each
                   for server, invitation in zip((one, other), created["invitations"],
                                                 strict=True)]
        finals = [client.until(lambda m: m["type"] == "state" and m["over"]) for client in clients]
        assert finals[0]["result"] == finals[1]["result"]
        assert finals[0]["result"]["ended"] == "time"
        loser = finals[0]["result"]["timeouts"][0]["seat"]
        for final in finals:
            assert clock_of(final, loser) == {"seat": loser, "remaining_ms": 0,
                                              "running": False, "out_of_time": True}
        for client in clients:
            client.close()
    engine = open_engine(pg_url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM timeouts")).scalar() == 1
    engine.dispose()


# -- hidden information -------------------------------------------------------------
def test_the_clocks_tell_nothing_hidden(server: ThreadServer) -> None:
    control = {"mode": "live", "minutes": 30, "increment": 1}
    created = create(server.url, "keythedral", ["human", "human", "greedy"],
                     options={"max_rounds": 2}, time_control=control)
    game_id = created["game"]["id"]
    seats = [Client(server.url, game_id, inv["token"]) for inv in created["invitations"]]
    spectator = Client(server.url, game_id)
    play_out(seats, random.Random(12))
    spectator.until(lambda m: m["type"] == "state" and m["over"])
    record = GameRecord.from_dict(httpx.get(f"{server.url}/api/games/{game_id}/record").json())
    states = positions(record)
    clocks_seen: dict[tuple[int, str], list[dict[str, Any]]] = {}
    for client in [*seats, spectator]:
        client.drain()
        for message in client.messages:
            assert str(record.seed) not in json.dumps(message)
            if message["type"] != "state":
                continue
            decision = states[message["state"]].decision()
            timed = (message["status"] == "ongoing" and decision is not None
                     and decision.public and decision.player in (0, 1))
            running = [seat["seat"] for seat in message["clock"]["seats"] if seat["running"]]
            assert running == ([decision.player] if timed and decision else [])
            assert message["clock"]["seats"][2]["remaining_ms"] is None  # bots are not timed
            key = (message["state"], message["clock"]["at"])
            clocks_seen.setdefault(key, []).append(message["clock"])
    # Every viewer, seats and spectator alike, is sent the same clocks at the same instant.
    assert all(all(seen == same[0] for seen in same) for same in clocks_seen.values())
    assert any(len(same) == 3 for same in clocks_seen.values())


# -- the schema ---------------------------------------------------------------------------
def test_a_database_of_the_previous_schema_is_upgraded_with_its_games(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = open_engine(url)
    config = migrate.alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
        connection.execute(text(
            "INSERT INTO games (id, game, players, options, seed, rules, bot_delay, status, "
            "created_at) VALUES ('old', 'gardiens', 2, '{\"max_rounds\": 2}', 5, 2, 0, "
            "'ongoing', '2026-01-01 00:00:00')"))
        connection.execute(text("INSERT INTO seats (game_id, seat, kind) "
                                "VALUES ('old', 0, 'greedy'), ('old', 1, 'random')"))
    engine.dispose()
    store = Store.open(url)
    entry = store.game("old")
    assert entry is not None and entry.time_control is None and entry.timeouts == []
    assert clocks.Clock.of(entry) is None
    store.close()
    with ThreadServer(tmp_path / "old.db") as server:  # the old game plays on, untimed
        wait_for(lambda: httpx.get(f"{server.url}/api/games/old").json()["status"]
                 == "finished", "the old game to finish")
        summary = httpx.get(f"{server.url}/api/games/old").json()
        assert summary["time_control"] == {"mode": "none"}
        assert summary["result"]["ended"] == "rules"
    engine = open_engine(url)
    with engine.begin() as connection:  # and the migration goes back down cleanly
        config.attributes["connection"] = connection
        command.downgrade(config, "0002")
    engine.dispose()
