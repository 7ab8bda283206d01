"""The server's calls for the browser client, without a browser: the page and its files,
the texts of each language from the catalogues, the games one may create, a connection's
language, info from the seat's own view, the log of public decisions, and the replay of
a record; each bad request refused in one line, changing nothing."""

from __future__ import annotations

import json
import time
import tomllib
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from webhelp import TIMEOUT, WebServer
from websockets.sync.client import ClientConnection, connect

from installed import installed_games

LOCALES = Path(__file__).resolve().parents[2] / "src" / "keepers"


def hello(stack: ExitStack, server: WebServer, game_id: str,
          **fields: Any) -> tuple[ClientConnection, list[dict[str, Any]]]:
    """A websocket (closed with ``stack``) that said hello; the messages up to the first
    state (or refusal)."""
    ws = stack.enter_context(connect(server.url.replace("http", "ws") + f"/api/games/{game_id}/ws"))
    ws.send(json.dumps({"type": "hello", **fields}))
    messages = [json.loads(ws.recv(TIMEOUT))]
    while messages[-1]["type"] not in ("state", "error"):
        messages.append(json.loads(ws.recv(TIMEOUT)))
    return ws, messages


def web_keys(path: Path) -> set[str]:
    def flat(table: dict[str, Any], prefix: str) -> set[str]:
        keys = set()
        for key, value in table.items():
            keys |= flat(value, f"{prefix}{key}.") if isinstance(value, dict) else {prefix + key}
        return keys
    return {key for key in flat(tomllib.loads(path.read_text()), "") if key.startswith("web.")}


def test_the_page_its_files_and_an_invitation_link_are_served(web_server: WebServer) -> None:
    for path in ("/", "/play/0123456789abcdef"):
        answer = web_server.http.get(path)
        assert answer.status_code == 200 and '<script type="module" src="/static/app.js">' in answer.text
    for name in ("app.js", "board.js", "play.js", "lobby.js", "replay.js", "net.js", "i18n.js",
                 "style.css", "games/keythedral.js"):
        assert web_server.http.get(f"/static/{name}").status_code == 200, name


def test_every_web_text_is_in_english_french_and_russian(web_server: WebServer) -> None:
    catalogues = [LOCALES / "locale", *[LOCALES / "games" / name / "locale" for name in installed_games()]]
    for folder in catalogues:
        english = web_keys(folder / "en.toml")
        for lang in ("fr", "ru"):
            assert web_keys(folder / f"{lang}.toml") == english, (folder, lang)
    texts = {lang: web_server.http.get(f"/api/texts/{lang}").json() for lang in ("en", "fr", "ru")}
    assert set(texts["en"]) == set(texts["fr"]) == set(texts["ru"])
    assert texts["fr"]["web.lobby.title"] == "Jouer à keepers"
    assert texts["ru"]["web.keythedral.store"] == "Склад"
    refused = web_server.http.get("/api/texts/xx")
    assert refused.status_code == 422 and refused.json()["code"] == "bad_request"


def test_the_catalog_lists_every_game_with_its_bots_and_options(web_server: WebServer) -> None:
    catalog = {kind["name"]: kind for kind in web_server.http.get("/api/catalog").json()}
    assert set(catalog) == set(installed_games())
    keythedral = catalog["keythedral"]
    assert (keythedral["min_players"], keythedral["max_players"]) == (2, 5)
    assert {"random", "greedy"} <= set(keythedral["bots"])
    length = next(o for o in keythedral["options"] if o["name"] == "length")
    assert length == {"name": "length", "default": "short", "choices": ["short", "full"],
                      "minimum": None}
    expansions = next(o for o in catalog["viscounts"]["options"] if o["name"] == "expansions")
    assert "keys,gates" in expansions["choices"]


def test_a_connection_speaks_its_language_and_reads_info_from_its_own_view(
        web_server: WebServer) -> None:
    created = web_server.create("keythedral", ["human", "human"], {"max_rounds": 1})
    game_id = created["game"]["id"]
    tokens = [invitation["token"] for invitation in created["invitations"]]
    with ExitStack() as stack:
        check_languages_and_info(stack, web_server, game_id, tokens)
    with ExitStack() as stack:
        _, refused = hello(stack, web_server, game_id, lang="xx")
    assert refused[-1]["type"] == "error" and refused[-1]["code"] == "bad_message"
    assert "lang" in refused[-1]["message"] and "\n" not in refused[-1]["message"]


def check_languages_and_info(stack: ExitStack, web_server: WebServer, game_id: str,
                             tokens: list[str]) -> None:
    french, _ = hello(stack, web_server, game_id, token=tokens[0], lang="fr")
    russian, _ = hello(stack, web_server, game_id, token=tokens[1], lang="ru")
    states = []
    for ws in (french, russian):  # the game has started: the current state again
        ws.send(json.dumps({"type": "sync"}))
        while (message := json.loads(ws.recv(TIMEOUT)))["type"] != "state" \
                or message["status"] != "ongoing":
            pass
        states.append(message)
    message = next(state for state in states if state["legal"])
    deciding = (french, russian)[states.index(message)]
    action = message["legal"][0]["action"]
    assert message["legal"][0]["label"] != action       # labelled in words
    deciding.send(json.dumps({"type": "decide", "state": message["state"], "action": action}))
    logs = []
    for ws in (french, russian):
        while True:
            message = json.loads(ws.recv(TIMEOUT))
            if message["type"] == "state" and message["state"] == 1:
                logs.append(message["log"])
                break
    assert [entry["action"] for entry in logs[0]] == [action] == [e["action"] for e in logs[1]]
    assert logs[0][0]["label"] != logs[1][0]["label"]   # each in its connection's language
    french.send(json.dumps({"type": "info", "name": "0,0"}))
    while (message := json.loads(french.recv(TIMEOUT)))["type"] != "info":
        pass
    assert message["name"] == "0,0" and "0,0" in message["text"]
    french.send(json.dumps({"type": "info", "name": "nothing-called-so"}))
    while (message := json.loads(french.recv(TIMEOUT)))["type"] != "info":
        pass
    assert message["text"] is None


def test_a_record_is_replayed_to_any_decision_and_bad_asks_are_refused(
        web_server: WebServer) -> None:
    created = web_server.create("keythedral", ["greedy", "greedy"], {"max_rounds": 1})
    game_id = created["game"]["id"]
    for _ in range(400):
        if web_server.summary(game_id)["status"] == "finished":
            break
        time.sleep(0.05)
    text = web_server.http.get(f"/api/games/{game_id}/record").text
    record = json.loads(text)
    total = len(record["actions"])
    body = f'{{"record": {text}, "upto": 2, "seat": 1, "lang": "fr"}}'
    step = web_server.http.post("/api/replay", content=body,
                                headers={"Content-Type": "application/json"}).json()
    assert (step["state"], step["total"], step["view"]["viewer"]) == (2, total, 1)
    assert [entry["action"] for entry in step["decisions"]] == record["actions"]
    assert step["scores"] == record["result"]["scores"]
    assert step["winners"] == record["result"]["winners"]
    for ask, words in [({"upto": total + 1}, "upto"), ({"seat": 5}, "seat"),
                       ({"lang": "xx"}, "language")]:
        answer = web_server.http.post("/api/replay", json={"record": record, **ask})
        assert answer.status_code == 422 and words in answer.json()["message"], ask
    forged = {**record, "actions": [*record["actions"][:3], "fly away"]}
    answer = web_server.http.post("/api/replay", json={"record": forged})
    assert answer.status_code == 422 and "decision 4 does not replay" in answer.json()["message"]
    huge = web_server.http.post("/api/replay", content=b"{" + b" " * 5_000_000 + b"}",
                                headers={"Content-Type": "application/json"})
    assert huge.status_code == 413
