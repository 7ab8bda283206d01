"""The viscounts board module (static/games/viscounts.js) on its own, in the browser: the
board drawn from seeded games' views, in every configuration and language, and the click
paths of their decisions.

The module is served from the package's static directory by a throwaway HTTP server on
127.0.0.1 and driven through Playwright (no Node), with the catalogues' ``[web.viscounts]``
texts. What is checked: every step of every legal decision's path is an element drawn on
the board; no two decisions share a path or start one another's; at least 90 % of the
decisions taken in seeded games are made by clicks on the board (the rest, such as
"discard no more" or choosing an effect, from the decision list); and the board holds no
text key left untranslated.
"""

from __future__ import annotations

import functools
import json
import random
import re
import threading
import tomllib
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from keepers.core.game import GameState
from keepers.games.viscounts.bots import GreedyBot
from keepers.games.viscounts.game import ViscountsGame

STATIC = Path(str(files("keepers.server") / "static"))
CARDS_MODULE = STATIC / "games" / "viscounts" / "cards.js"
LOCALE = Path(str(files("keepers.games.viscounts") / "locale"))
GAME = ViscountsGame()
CONFIGS = [("none", 2), ("keys", 3), ("gates", 1), ("keys,gates", 2)]
MAX_DECISIONS = 260
"""Decisions taken per seeded game (its first rounds: setup, every phase, the expansions)."""

# Draws each view, then for every record checks that every path step is a drawn target,
# that paths are distinct and none starts another, and counts the chosen decisions with a
# non-empty path. (The records go over as one JSON text: far faster than as an argument.)
CHECK_PATHS = """
async ([recordsText, texts]) => {
  const records = JSON.parse(recordsText);
  const board = await import('/games/viscounts.js');
  const ctx = window.makeCtx(texts);
  const report = {decisions: 0, clicked: 0, bar: 0, missing: [], clashes: [], listOnly: {}};
  for (const {view, legal, chosen} of records) {
    const svg = board.draw(view, {...ctx, seat: view.viewer, players: view.players.length});
    const drawn = new Set([...svg.querySelectorAll('[data-target]')]
      .map((el) => el.getAttribute('data-target')));
    const seen = new Map();
    for (const action of legal) {
      const path = board.paths(action, view);
      for (const key of path) {
        if (!drawn.has(key)) report.missing.push(`${action}: ${key}`);
      }
      if (!path.length) continue;
      const text = path.join(' > ');
      for (const [other, otherText] of seen) {
        if (otherText === text || otherText.startsWith(text + ' > ')
            || text.startsWith(otherText + ' > ')) report.clashes.push(`${action} / ${other}`);
      }
      seen.set(action, text);
    }
    report.decisions += 1;
    const path = board.paths(chosen, view);
    if (path.length) {
      report.clicked += 1;
      if (path[0].startsWith('done:')) report.bar += 1;
    } else {
      const shape = chosen.split(' ').slice(0, 2).join(' ').replace(/[0-9]/g, 'N');
      report.listOnly[shape] = (report.listOnly[shape] || 0) + 1;
    }
  }
  return report;
}
"""

HARNESS = """
window.makeCtx = (texts) => {
  const NS = 'http://www.w3.org/2000/svg';
  const svg = (tag, attrs, ...children) => {
    const el = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v !== null && v !== undefined) el.setAttribute(k, v);
    }
    for (const c of children.flat()) {
      if (c !== null && c !== undefined) el.append(c instanceof Node ? c : String(c));
    }
    return el;
  };
  const t = (key, params) => (key in texts ? texts[key] : `??${key}`)
    .replace(/\\{(\\w+)\\}/g, (m, k) => (params && k in params ? String(params[k]) : m));
  return {seat: null, lang: 'en', t, svg, recent: [], players: 0};
};
window.drawBoard = async ([view, texts]) => {
  const board = await import('/games/viscounts.js');
  const ctx = {...window.makeCtx(texts), seat: view.viewer, players: view.players.length};
  const svg = board.draw(view, ctx);
  svg.setAttribute('width', '100%');
  document.body.replaceChildren(svg);
  return svg.outerHTML;
};
"""


def cards_module() -> str:
    """The text of static/games/viscounts/cards.js: each deck card's name, silver value and
    icons as printed (the component data; no hidden information)."""
    cards = {card.id: [card.name, card.silver, {k: n for k, n in card.icons.items() if n}]
             for card in GAME.data.cards.values() if card.kind != "printed"}
    lines = ",\n".join(f"  {json.dumps(id_)}: {json.dumps(row, ensure_ascii=False)}"
                       for id_, row in sorted(cards.items()))
    return ("// Generated from the Viscounts component data by\n"
            "// `python tests/web/test_web_viscounts_board.py` (a test keeps it identical):\n"
            "// each deck card's printed name, silver value and icons.\n"
            f"export const CARDS = {{\n{lines},\n}};\n")


def test_card_table_matches_the_component_data() -> None:
    """The board's card table is the data's (regenerate it after a data change)."""
    assert CARDS_MODULE.read_text(encoding="utf-8") == cards_module(), (
        "run `python tests/web/test_web_viscounts_board.py` to regenerate it")


def web_texts(lang: str) -> dict[str, str]:
    """The game's ``[web.viscounts]`` texts of ``lang``, keyed as ``ctx.t`` asks for them."""
    table = tomllib.loads((LOCALE / f"{lang}.toml").read_text(encoding="utf-8"))
    out: dict[str, str] = {}

    def flatten(node: dict[str, Any], prefix: str) -> None:
        for key, value in node.items():
            if isinstance(value, dict):
                flatten(value, f"{prefix}{key}.")
            else:
                out[f"{prefix}{key}"] = value

    flatten(table["web"], "web.")
    return out


def seeded_records(expansions: str, players: int, seed: int) -> list[dict[str, Any]]:
    """The decider's view, the legal decisions and the one taken, for the first decisions
    of a game played by greedy bots (a random one every fourth decision, for variety)."""
    state: GameState = GAME.new_state(players, seed, {"expansions": expansions})
    bots = [GreedyBot(seat, seed) for seat in range(players)]
    rng = random.Random(seed)
    records = []
    for _ in range(MAX_DECISIONS):
        decision = state.decision()
        if decision is None:
            break
        legal = list(state.legal_actions())
        view = state.view(decision.player)
        chosen = (rng.choice(legal) if rng.random() < 0.25
                  else bots[decision.player].choose(view, legal))
        records.append({"view": view, "legal": legal, "chosen": chosen})
        state.apply(chosen)
    return records


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        """No access log on the test's output."""


@pytest.fixture(scope="module")
def static_url() -> Iterator[str]:
    """The package's static files over HTTP on a free port of 127.0.0.1 (modules are not
    loaded from file: URLs), stopped after the module."""
    handler = functools.partial(_Quiet, directory=str(STATIC))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def page(browser: Any, static_url: str) -> Iterator[Any]:
    """A page of the static server with the harness (ctx.svg, ctx.t) loaded."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(static_url)
    page.add_script_tag(content=HARNESS)
    yield page
    context.close()
    assert not errors, errors


def test_paths_are_drawn_distinct_and_cover_the_decisions(page: Any) -> None:
    """Every path step is a board element, paths never clash, and at least 90 % of the
    decisions of seeded games in all four configurations are made on the board."""
    texts = web_texts("en")
    decisions = clicked = bar = 0
    list_only: dict[str, int] = {}
    for seed, (expansions, players) in enumerate(CONFIGS):
        records = seeded_records(expansions, players, seed)
        report = page.evaluate(CHECK_PATHS, [json.dumps(records), texts])
        assert not report["missing"], report["missing"][:10]
        assert not report["clashes"], report["clashes"][:10]
        decisions += report["decisions"]
        clicked += report["clicked"]
        bar += report["bar"]
        for shape, n in report["listOnly"].items():
            list_only[shape] = list_only.get(shape, 0) + n
    share = clicked / decisions
    print(f"\nviscounts decisions made on the board: {clicked}/{decisions} = {share:.1%}"
          f" ({bar} of them with the bar's no-more/turn buttons);"
          f" from the list: {json.dumps(list_only, sort_keys=True)}")
    assert share >= 0.9, (share, list_only)


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_board_is_translated_and_shows_only_the_view(page: Any, lang: str) -> None:
    """The board of a game with both expansions, mid-game, in each language: every text
    comes from the catalogue (no key is missing), and the viewer's hand is drawn while the
    other seat's hand is not (the view holds only its size)."""
    records = seeded_records("keys,gates", 2, 11)
    view = records[-1]["view"]
    markup = page.evaluate("(args) => window.drawBoard(args)", [view, web_texts(lang)])
    assert "??web." not in markup
    me = view["viewer"]
    for card in view["players"][me]["hand"]:
        assert f'data-target="hand:{card}"' in markup
    other = view["players"][1 - me]
    assert isinstance(other["hand"], int)       # hidden in the view (counted only) ...
    assert markup.count('data-target="hand:') == len(view["players"][me]["hand"])  # ... and drawn so


KEY_FAMILIES = {
    "phase": ("setup", "manage", "move", "action", "recruit", "collision", "draw", "ai", "end",
              "over"),
    "action": ("trade", "build", "workers", "transcribe", "pass"),
    "exchange": ("silver", "ink", "gold", "stone", "destroy", "flip"),
    "resource": ("silver", "ink", "gold", "stone"),
    "building_short": ("workshop", "trading_post", "guildhall"),
    "column": ("1", "2", "3", "4"),
    "done": ("discard_done", "destroy_done", "dismiss_none", "recruit_pass", "hire_none",
             "chest_none", "shift_done", "pick_none", "pay_none", "turn_begin", "turn_end",
             "other"),
}
"""The texts the board asks for by a computed name: every member of each family."""


def test_every_text_the_board_asks_for_is_in_the_catalogues() -> None:
    """Each literal ``say(ctx, "key")`` of the module and each member of the computed
    families is a ``[web.viscounts]`` text in English, French and Russian."""
    sources = [STATIC / "games" / "viscounts.js",
               *sorted((STATIC / "games" / "viscounts").glob("*.js"))]
    literal = {key for path in sources
               for key in re.findall(r'say\(ctx, "([a-z_]+)"', path.read_text(encoding="utf-8"))}
    assert len(literal) > 20                    # the module's texts were found
    computed = {f"{family}.{member}" for family, members in KEY_FAMILIES.items()
                for member in members}
    computed |= {f"{kind}{suffix}" for kind in ("debt", "deed")
                 for suffix in ("s", "_open", "_flipped")}
    for lang in ("en", "fr", "ru"):
        texts = web_texts(lang)
        missing = sorted(key for key in literal | computed if f"web.viscounts.{key}" not in texts)
        assert not missing, (lang, missing)


def test_spectator_and_final_boards(page: Any) -> None:
    """A spectator's board (the public view: no hand is drawn) and
    the board of a finished game (VB-9: no decision pending) draw without errors."""
    state = GAME.new_state(2, 3, {"expansions": "keys"})
    rng = random.Random(3)
    spectated = None
    while not state.is_over():
        state.apply(rng.choice(list(state.legal_actions())))
        if spectated is None and state.round_number == 3:
            spectated = state.view(None)
    texts = web_texts("en")
    markup = page.evaluate("(args) => window.drawBoard(args)", [spectated, texts])
    assert "data-target=\"hand:" not in markup and "??web." not in markup
    final = state.view(0)
    assert final["decision"] is None
    markup = page.evaluate("(args) => window.drawBoard(args)", [final, texts])
    assert "??web." not in markup and "<svg" in markup


if __name__ == "__main__":
    CARDS_MODULE.write_text(cards_module(), encoding="utf-8")
