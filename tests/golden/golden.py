"""Golden games: seeded bot games whose decisions, scores and final state are recorded.

A refactor that changes no rule must reproduce every row of a game's table exactly:
the hash of the decision sequence, the final scores and the hash of the final
position.  Run ``python tests/golden/golden.py GAME`` to write a table anew
(only when a rules change is meant to change games; say so in the commit).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from itertools import product
from pathlib import Path
from typing import Any

from keepers.core.match import make_bots, play_bots
from keepers.core.registry import get_game

HERE = Path(__file__).parent
GAMES_PER_COUNT = 200
BOT_MIXES = (("greedy", "random"), ("random", "greedy"), ("greedy", "greedy"))


def variants(game: str) -> list[dict[str, Any]]:
    """The option sets the table cycles through (each seed takes the next one)."""
    if game == "keythedral":
        return [{"length": length, "face_up": face_up}
                for length, face_up in product(("short", "full"), (False, True))]
    if game == "gardiens":
        readings = [{"first_player": "fixed"}, {"territory_points": "accumulate"},
                    {"bank_trade": True}, {"watchtower": "adjacent"},
                    {"alliance_sharing": "swap"}]
        return [{}, {"coop": True}, *readings, {"coop": True, "shadows": "advance"}]
    if game == "viscounts":
        return [{"ai": ai, "expansions": expansions}
                for expansions in ("none", "keys", "gates", "keys,gates")
                for ai in ("cleric", "builder", "noble", "merchant")]
    raise ValueError(f"no golden variants for {game}")


def cases(game: str) -> Iterator[dict[str, Any]]:
    """Every (players, options, seed, bots) of the table, in a fixed order."""
    spec = get_game(game)
    options = variants(game)
    for players in range(spec.min_players, spec.max_players + 1):
        for seed in range(GAMES_PER_COUNT):
            mix = BOT_MIXES[seed % len(BOT_MIXES)]
            bots = [mix[seat % 2] for seat in range(players)]
            yield {"players": players, "options": options[seed % len(options)],
                   "seed": seed, "bots": bots}


def digest(data: Any) -> str:
    """A short hash of JSON-ready data."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def play(game: str, case: dict[str, Any]) -> dict[str, Any]:
    """Play one case and return its row: the case plus decisions, scores and final hashes."""
    spec = get_game(game)
    state = spec.new_state(case["players"], case["seed"], case["options"])
    actions: list[str] = []
    play_bots(state, make_bots(spec, case["bots"], case["seed"], game_seed=True), record=actions)
    return {**case, "decisions": digest(actions), "count": len(actions),
            "scores": state.scores(), "final": digest(state.to_dict())}


def table_path(game: str) -> Path:
    return HERE / f"{game}.jsonl"


def load(game: str) -> list[dict[str, Any]]:
    """The recorded rows of a game's table."""
    lines = table_path(game).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line]


def write(game: str) -> None:
    """Play every case of ``game`` and write its table."""
    rows = [json.dumps(play(game, case), sort_keys=True) for case in cases(game)]
    table_path(game).write_text("\n".join(rows) + "\n", encoding="utf-8")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        write(name)
