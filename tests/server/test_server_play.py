"""Whole games over HTTP and websockets, for every game."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import httpx
import pytest
from serverhelp import Client, ThreadServer, create, play_out
from typer.testing import CliRunner

from keepers import cli
from keepers.core.record import GameRecord

GAMES = {
    "keythedral": {"length": "short", "max_rounds": 2},
    "gardiens": {},
    "viscounts": {},
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_whole_game_with_two_people_and_a_bot(server: ThreadServer, name: str,
                                                tmp_path: Path) -> None:
    created = create(server.url, name, ["human", "human", "greedy"], options=GAMES[name])
    game_id = created["game"]["id"]
    tokens = {inv["seat"]: inv["token"] for inv in created["invitations"]}
    assert sorted(tokens) == [0, 1]
    joined = httpx.post(f"{server.url}/api/games/{game_id}/join",
                        json={"token": tokens[1], "name": "Ada"}).json()
    assert joined["seat"] == 1 and joined["game"]["status"] == "open"
    players = [Client(server.url, game_id, tokens[seat]) for seat in (0, 1)]
    assert [p.seat for p in players] == [0, 1]
    started = time.monotonic()
    made = play_out(players, random.Random(7))
    assert made > 0
    finished = httpx.get(f"{server.url}/api/games/{game_id}").json()
    assert finished["status"] == "finished"
    record = GameRecord.from_dict(httpx.get(f"{server.url}/api/games/{game_id}/record").json())
    assert record.seats == ["human", "human", "greedy"]
    state = record.replay()
    assert state.is_over() and state.scores() == finished["result"]["scores"]
    assert len(record.actions) == finished["state"] == players[0].last["state"]
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(record.to_dict()))
    replayed = CliRunner().invoke(cli.app, ["replay", str(saved)])
    assert replayed.exit_code == 0, replayed.output  # `keepers replay` reads the download
    for player in players:
        player.close()
    print(f"{name}: {len(record.actions)} decisions in {time.monotonic() - started:.1f}s")


def test_the_api_is_described_at_docs(server: ThreadServer) -> None:
    schema = httpx.get(f"{server.url}/openapi.json").json()
    assert {"/api/games", "/api/games/{game_id}/join", "/api/games/{game_id}/record"} <= set(
        schema["paths"])
    assert httpx.get(f"{server.url}/docs").status_code == 200
