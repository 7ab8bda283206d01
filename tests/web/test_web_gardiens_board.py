"""The gardiens board module (static/games/gardiens.js) in chromium, without a game server:
its click paths cover the decisions of seeded games, every step of a legal decision's
path is an element of the board drawn from the decider's view, and every text it shows
comes from the catalogues in English, French and Russian.

The module is served by a throwaway HTTP server on a free port of 127.0.0.1 (ES modules
load only over HTTP) and driven through ``page.evaluate``; there is no Node here.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webhelp import STEP_MS, screenshot

from keepers.core.game import JsonDict
from keepers.core.i18n import catalogue, web_texts
from keepers.games.gardiens import GAME

STATIC = Path(__file__).resolve().parents[2] / "src" / "keepers" / "server" / "static"
PAGE = b"""<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { margin: 0 } svg { width: 100%; height: auto; display: block }</style></head>
<body><div id="board"></div><script type="module">
import * as game from "/games/gardiens.js";
const NS = "http://www.w3.org/2000/svg";
window.svg = (tag, attrs, ...children) => {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
};
window.asked = new Set();
window.texts = {};
window.context = (view, texts, layout, lang) => ({
  seat: view.you, lang, recent: [], players: view.players, layout, svg: window.svg,
  t: (key, params = {}) => {
    window.asked.add(key);
    const text = texts[key] ?? key;
    return text.replace(/\\{(\\w+)\\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  },
});
window.game = game;
window.ready = true;
</script></body></html>"""

TERMS_MODULE = STATIC / "games" / "gardiens" / "terms.js"
TERM_TABLES = ("name", "text", "colour", "resource", "building_name", "prompt")
"""The game's own words the board shows (``gardiens.<table>.*`` of the catalogues)."""


def terms_module() -> str:
    """The text of static/games/gardiens/terms.js: the names and texts of cards, events and
    objectives, colours, resources, buildings and prompts, in English, French and Russian,
    from the game's catalogues (the page's texts hold only the ``web.`` tables)."""
    tables = []
    for lang in ("en", "fr", "ru"):
        words = {key.removeprefix("gardiens."): text for key, text in catalogue(lang).items()
                 if key.split(".")[:2][-1] in TERM_TABLES and key.startswith("gardiens.")}
        lines = "".join(f"    {json.dumps(key)}: {json.dumps(text, ensure_ascii=False)},\n"
                        for key, text in sorted(words.items()))
        tables.append(f"  {lang}: {{\n{lines}  }},\n")
    return ("// Generated from the game's catalogues (locale/<lang>.toml, tables gardiens.name,\n"
            "// text, colour, resource, building_name and prompt) by\n"
            "// `python tests/web/test_web_gardiens_board.py` (a test keeps it identical).\n"
            f"export const TERMS = {{\n{''.join(tables)}}};\n")


def test_the_terms_table_is_the_catalogues() -> None:
    """The board's copy of the game's words is the catalogues' (regenerate it after an edit)."""
    assert TERMS_MODULE.read_text(encoding="utf-8") == terms_module(), (
        "run `python tests/web/test_web_gardiens_board.py` to regenerate it")


LIST_ONLY = {"discount"}
"""Decisions with nothing on the board to click (which cubes a cost is cut by): they are
made from the list."""


class _Static(http.server.SimpleHTTPRequestHandler):
    """The client's files, and the test page at /page."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, directory=str(STATIC), **kwargs)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        pass

    def guess_type(self, path: Any) -> str:
        return "text/javascript" if str(path).endswith(".js") else super().guess_type(path)

    def do_GET(self) -> None:  # noqa: N802 - the base's name
        if self.path != "/page":
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    """A page that has imported the gardiens module, served from 127.0.0.1."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Static)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(STEP_MS)
    opened = context.new_page()
    try:
        opened.goto(f"http://127.0.0.1:{server.server_address[1]}/page")
        opened.wait_for_function("window.ready === true")
        yield opened
    finally:
        context.close()
        server.shutdown()
        server.server_close()
        thread.join()


def texts(lang: str) -> dict[str, str]:
    """What the page's ctx.t knows: the web texts (the ``web.`` tables)."""
    return web_texts(lang)


@functools.cache
def decisions() -> list[tuple[JsonDict, list[str], str]]:
    """(decider's view, legal decisions, decision made) along seeded games: greedy bots at
    every player count and in one co-operative game, then random bots (who play the rarer
    cards and trades), capped at 12 rounds and 160 decisions each."""
    out = []
    for seed, players, coop, bot in (
            (1, 2, False, "greedy"), (2, 3, False, "greedy"), (3, 4, False, "greedy"),
            (4, 5, False, "greedy"), (5, 3, False, "greedy"), (6, 2, True, "greedy"),
            (7, 4, False, "greedy"), (8, 3, False, "random"), (9, 4, True, "random"),
            (10, 5, False, "random")):
        state = GAME.new_state(players, seed, {"coop": coop, "max_rounds": 12})
        bots = [GAME.bots()[bot](p, seed) for p in range(players)]
        for _ in range(160):
            if state.is_over():
                break
            decision = state.decision()
            assert decision is not None
            view, legal = state.view(decision.player), state.legal_actions()
            action = bots[decision.player].choose(view, legal)
            out.append((view, legal, action))
            state.apply(action)
    return out


_PATHS: dict[int, list[Any]] = {}


def all_paths(page: Any, samples: list[tuple[JsonDict, list[str], str]]) -> list[Any]:
    """paths() of every legal decision and of the decision made, computed in the page
    (once per page)."""
    if id(page) not in _PATHS:
        _PATHS[id(page)] = _computed_paths(page, samples)
    return _PATHS[id(page)]


def _computed_paths(page: Any, samples: list[tuple[JsonDict, list[str], str]]) -> list[Any]:
    return list(page.evaluate(
        """(text) => JSON.parse(text).map(([view, legal, made]) =>
             [legal.map((action) => window.game.paths(action, view)),
              window.game.paths(made, view)])""", json.dumps(samples)))


def test_paths_are_distinct_and_none_starts_another(page: Any) -> None:
    """The core sends a decision when the clicks equal its whole path: within one legal
    list, two decisions never share a path and no path begins another one's."""
    samples = decisions()
    for (view, _, _), (paths, _) in zip(samples, all_paths(page, samples), strict=True):
        clickable = sorted(tuple(path) for path in paths if path)
        # sorted, a path that begins others comes right before the first of them
        for path, following in zip(clickable, clickable[1:], strict=False):
            assert following[:len(path)] != path, (view["decision"], path, following)


def test_decisions_are_made_on_the_board(page: Any) -> None:
    """Every decision these games made has a board path (a piece, space, card or a token
    of the choice), except the cubes a cost is cut by (GR-21.2), made from the list."""
    samples = decisions()
    made: Counter[bool] = Counter()
    for (_, _, action), (_, path) in zip(samples, all_paths(page, samples), strict=True):
        made[bool(path)] += 1
        if not path:
            assert action.split()[0] in LIST_ONLY, action
    share = made[True] / len(samples)
    print(f"gardiens: {share:.1%} of {len(samples)} decisions made on the board")
    assert share >= 0.99, f"{share:.1%} of {len(samples)} decisions have a board path"


def draw_targets(page: Any, view: JsonDict, lang: str = "en", layout: str = "wide") -> list[str]:
    """Draw ``view`` and return the data-target keys of the board."""
    if not page.evaluate("(lang) => lang in window.texts", lang):
        page.evaluate("([lang, texts]) => { window.texts[lang] = texts; }", [lang, texts(lang)])
    return list(page.evaluate(
        """([view, lang, layout]) => {
             const ctx = window.context(view, window.texts[lang], layout, lang);
             const board = window.game.draw(view, ctx);
             document.getElementById("board").replaceChildren(board);
             return [...board.querySelectorAll("[data-target]")].map((e) => e.dataset.target);
           }""", [view, lang, layout]))


def test_every_step_of_a_legal_path_is_on_the_board(page: Any) -> None:
    """Each key of each legal decision's path is an element of the board drawn from the
    decider's own view (GR-20: nothing else is drawn), for every kind of decision met."""
    samples = decisions()
    seen_kinds: Counter[str] = Counter()
    for (view, legal, _), (paths, _) in zip(samples, all_paths(page, samples), strict=True):
        kind = view["decision"]["kind"]
        seen_kinds[kind] += 1
        if seen_kinds[kind] > 8:  # eight boards of each kind of decision are enough
            continue
        targets = set(draw_targets(page, view))
        for action, path in zip(legal, paths, strict=True):
            missing = [key for key in path if key not in targets]
            assert not missing, (kind, action, missing)
    assert {"action", "alliance", "collect", "forward", "recruit_draw", "place", "attack_card",
            "defend", "conquer", "trade", "transfer"} <= set(seen_kinds), seen_kinds


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_every_text_comes_from_the_catalogue_of_the_language(page: Any, lang: str) -> None:
    """The board asks only keys its language's catalogue holds, fills every placeholder,
    shows no machine word such as undefined or NaN, and names cards in the language."""
    page.evaluate("window.asked.clear()")
    samples = decisions()
    for view, _, _ in samples[::25]:
        draw_targets(page, view, lang)
        shown = page.evaluate(
            "[...document.querySelectorAll('#board text')].map((e) => e.textContent).join(' ')")
        for word in ("undefined", "NaN", "null", "{"):
            assert word not in shown, (word, view["decision"])
        for card in view["river"]:
            assert catalogue(lang)[f"gardiens.name.{card.split('#')[0]}"] in shown, card
    asked = set(page.evaluate("[...window.asked]"))
    own = catalogue(lang)
    assert {key for key in asked if key.startswith("web.gardiens.")}, "no board text asked"
    assert not sorted(key for key in asked if key not in own)


def test_the_board_at_a_desk_and_on_a_phone(page: Any) -> None:
    """A mid-game board as seat 1 sees it, drawn wide at 1280 px and in one column at
    390 px: one target per hex, the hand's cards clickable (screenshots in test-output)."""
    view = next(v for v, _, _ in decisions() if v["players"] == 4 and v["round"] >= 3)
    for width, layout in ((1280, "wide"), (390, "narrow")):
        page.set_viewport_size({"width": width, "height": 800})
        targets = draw_targets(page, view, "en", layout)
        hexes = [key for key in targets if key.startswith("hex:")]
        assert sorted(hexes) == sorted(f"hex:{h['hex']}" for h in view["board"])
        assert {f"card:{card}" for card in view["hand"]} <= set(targets)
        screenshot(page, f"gardiens-board-{width}")
    page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("layout", ["wide", "narrow"])
def test_a_spectator_board(page: Any, layout: str) -> None:
    """GR-20.8: drawn from the public view, the board shows every hex, the river and the
    players, and no hand (a spectator has none)."""
    state = GAME.new_state(3, 4, {})
    for _ in range(40):
        decision = state.decision()
        assert decision is not None
        state.apply(state.legal_actions()[0])
    view = state.view(None)
    targets = draw_targets(page, view, "fr", layout)
    assert {f"hex:{h['hex']}" for h in view["board"]} <= set(targets)
    assert {f"river:{card}" for card in view["river"]} <= set(targets)
    assert {f"seat:{seat['colour']}" for seat in view["seats"]} <= set(targets)
    assert not [key for key in targets if key.startswith(("card:", "recruit", "n:"))]


if __name__ == "__main__":
    TERMS_MODULE.write_text(terms_module(), encoding="utf-8")
