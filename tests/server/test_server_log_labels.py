"""The log of recent decisions in a state message is labelled in each connection's own
language, however many connections of other languages are served between them (the
server labels each logged decision once per language and reuses the label)."""

from __future__ import annotations

import json
import random
from typing import Any

from serverhelp import TIMEOUT, Client, ThreadServer, create, play_out
from websockets.sync.client import connect

from keepers.core.i18n import speaking
from keepers.core.registry import get_game


def _watch(server: ThreadServer, game_id: str, lang: str) -> dict[str, Any]:
    """The state message a spectator speaking ``lang`` receives first."""
    url = server.url.replace("http://", "ws://") + f"/api/games/{game_id}/ws"
    with connect(url, open_timeout=TIMEOUT) as ws:
        ws.send(json.dumps({"type": "hello", "lang": lang}))
        while (message := json.loads(ws.recv(TIMEOUT)))["type"] != "state":
            pass
    return message


def test_each_connection_reads_the_log_in_its_own_language(server: ThreadServer) -> None:
    created = create(server.url, "keythedral", ["human", "human"])
    game_id = created["game"]["id"]
    players = [Client(server.url, game_id, invitation["token"])
               for invitation in created["invitations"]]
    assert play_out(players, random.Random(5), limit=8) == 8
    game = get_game("keythedral")
    labels: dict[str, list[str]] = {}
    for lang in ("en", "fr", "ru", "en", "fr"):
        log = _watch(server, game_id, lang)["log"]
        assert [entry["state"] for entry in log] == list(range(1, 9))
        with speaking(lang):
            expected = [game.describe_action(entry["action"]) for entry in log]
        assert [entry["label"] for entry in log] == expected
        labels.setdefault(lang, [entry["label"] for entry in log])
    assert labels["en"] != labels["fr"] != labels["ru"]
    for player in players:
        player.close()
