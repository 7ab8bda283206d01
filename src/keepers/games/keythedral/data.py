"""Keythedral component data, loaded once from ``data/keythedral.toml``.

The building-tile costs and the mat row lengths in that file are
reconstructed values (KT-10.8); they are read here and nowhere written in code,
so a file with the printed values can replace them.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from keepers.core.errors import KeepersError

COLOURS = ("black", "brown", "blue", "green", "red", "white", "purple", "yellow")
"""Cube colours in index order: five resources (0-4) then three crafts (5-7)."""
RESOURCES = range(5)
CRAFTS = range(5, 8)
COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}
FIELD_TYPES = ("quarry", "forest", "lake", "farm", "vineyard")
"""Field types in the order of the colour each produces (black, brown, blue, green, red)."""
FIELD_INDEX = {name: i for i, name in enumerate(FIELD_TYPES)}
Cost = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BuildingTile:
    """A building tile: id, points value and purchase cost (counts per colour index)."""

    id: str
    value: int
    cost: Cost


@dataclass(frozen=True, slots=True)
class LawCard:
    """A law card: id (C01-C20), name, clause and the windows it may be played in."""

    id: str
    name: str
    clause: str
    windows: frozenset[str]


@dataclass(frozen=True, slots=True)
class KeythedralData:
    """Every static fact of the game; shared by all states, never copied."""

    player_colours: tuple[str, ...]
    min_players: int
    max_players: int
    workers: int
    fences: int
    supply: Cost
    points: Cost
    field_type_of: dict[str, int]
    field_back: dict[str, int]
    initial_fields: dict[int, tuple[tuple[str, tuple[int, int]], ...]]
    stack_backs: dict[int, tuple[int, ...]]
    law_spaces: dict[int, int]
    row_values: tuple[int, ...]
    row_lengths: dict[str, tuple[int, ...]]
    tiles: dict[str, BuildingTile]
    laws: dict[str, LawCard]
    craft_price: dict[int, int]
    house_cost: Cost
    fence_cost: Cost
    fence_remove_cost: Cost
    trader_price: int
    law_price: int
    keythedral_slot: tuple[int, int]


def _cost(table: dict[str, int]) -> Cost:
    counts = [0] * len(COLOURS)
    for colour, n in table.items():
        if colour not in COLOUR_INDEX:
            raise KeepersError(f"keythedral data: unknown cube colour {colour!r}")
        if not isinstance(n, int) or n < 0:
            raise KeepersError(f"keythedral data: bad count {n!r} for {colour}")
        counts[COLOUR_INDEX[colour]] = n
    return tuple(counts)


def parse(raw: dict[str, Any]) -> KeythedralData:
    """Build and validate the static data from the parsed TOML file."""
    try:
        return _parse(raw)
    except (KeyError, TypeError, ValueError) as exc:
        raise KeepersError(f"keythedral data: missing or bad entry {exc}") from None


def _parse(raw: dict[str, Any]) -> KeythedralData:
    cubes = raw["cubes"]
    players = raw["players"]
    windows_any = frozenset(raw["windows"]["ANY"])
    laws: dict[str, LawCard] = {}
    for card in raw["law_card"]:
        wins: set[str] = set()
        for w in card["windows"]:
            wins |= windows_any if w == "ANY" else {w}
        laws[card["id"]] = LawCard(card["id"], card["name"], card["clause"], frozenset(wins))
    tiles = {t["id"]: BuildingTile(t["id"], int(t["value"]), _cost(t["cost"]))
             for t in raw["building_tile"]}
    counts = raw["building_tile_counts"]
    for value, count in counts.items():
        found = sum(1 for t in tiles.values() if t.value == int(value))
        if found != count:
            raise ValueError(f"{found} building tiles of value {value}, expected {count}")
    layout = raw["row_layout"]
    row_values = tuple(int(v) for v in layout["row_values"])
    row_lengths = {"short": tuple(layout["short"]), "full": tuple(layout["full"])}
    for lengths in row_lengths.values():
        for value, length in zip(row_values, lengths, strict=True):
            if length >= counts[str(value)]:
                raise ValueError(f"row {value} longer than its tiles allow")
    field_types = raw["field_types"]
    setups = {int(k[1:]): v for k, v in raw["setup"].items() if k.startswith("p")}
    crafts = {COLOUR_INDEX[c["cube"]]: int(c["price_any"]) for c in raw["craftsmen"].values()}
    prices = raw["prices"]
    return KeythedralData(
        player_colours=tuple(players["colours"]),
        min_players=int(players["min"]),
        max_players=int(players["max"]),
        workers=int(players["workers_per_player"]),
        fences=int(players["fences_per_player"]),
        supply=tuple(int(cubes[c]["supply"]) for c in COLOURS),
        points=tuple(int(cubes[c]["points"]) for c in COLOURS),
        field_type_of={f["id"]: COLOUR_INDEX[field_types[f["type"]]] for f in raw["field_tile"]},
        field_back={f["id"]: int(f["back"]) for f in raw["field_tile"]},
        initial_fields={n: tuple((f["tile"], (int(f["cell"][0]), int(f["cell"][1])))
                                 for f in s["initial_fields"]) for n, s in setups.items()},
        stack_backs={n: tuple(s["stack_backs"]) for n, s in setups.items()},
        law_spaces={n: int(s["law_spaces"]) for n, s in setups.items()},
        row_values=row_values,
        row_lengths=row_lengths,
        tiles=tiles,
        laws=laws,
        craft_price=crafts,
        house_cost=_cost(prices["house_upgrade"]),
        fence_cost=_cost(prices["fence_build"]),
        fence_remove_cost=_cost(prices["fence_remove"]),
        trader_price=int(prices["trader"]["any"]),
        law_price=int(prices["law_card"]["any"]),
        keythedral_slot=(int(raw["board"]["keythedral_slot"][0]),
                         int(raw["board"]["keythedral_slot"][1])),
    )


def load(path: str | Path | None = None) -> KeythedralData:
    """Load the data from ``path``, or the packaged file when ``path`` is None."""
    if path is None:
        return packaged()
    with open(path, "rb") as handle:
        return parse(tomllib.load(handle))


@cache
def packaged() -> KeythedralData:
    """Return the packaged data (loaded once per process)."""
    text = files("keepers.games.keythedral").joinpath("data/keythedral.toml").read_text("utf-8")
    return parse(tomllib.loads(text))
