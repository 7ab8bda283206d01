"""Positions to and from JSON-ready dicts (full information: position files, records)."""

from __future__ import annotations

from typing import Any

from keepers.core.errors import RecordError
from keepers.core.game import JsonDict
from keepers.core.rng import Rng
from keepers.games.viscounts.data import GameData
from keepers.games.viscounts.model import Player, new_geometry
from keepers.games.viscounts.state import Position, new_position
from keepers.games.viscounts.validate import LOG_LIMIT, check_position, check_raw

_CORE_FIELDS = ("start", "current", "round", "phase", "leader", "debt_above", "deed_above",
                "poverty", "prosperity", "last_round", "over", "tf_piles", "ms_piles", "spots",
                "castle", "cleric", "removed", "turn", "pairs", "ai", "seats")


def position_to_dict(pos: Position) -> JsonDict:
    """Full position: geometry, players, piles, stack, generator, the recent events."""
    data: JsonDict = {name: _plain(getattr(pos, name)) for name in _CORE_FIELDS}
    data["capped"] = pos.capped
    data["geometry"] = {"arrangement": list(pos.geo.arrangement),
                        "rotation": pos.geo.rotation}
    data["players"] = [p.to_dict() for p in pos.players]
    data["stack"] = [_plain(t) for t in pos.stack]     # tuples in a step become lists
    data["rng"] = pos.rng.state
    data["log"] = pos.log[-LOG_LIMIT:]     # what a copy keeps, so views are the same
    if pos.ext:                       # expansions (VK-2): absent from base-game positions
        data["ext"] = _plain(pos.ext)     # detached: editing the dict leaves the game alone
    return data


def _task(item: Any) -> tuple[object, ...]:
    return tuple(tuple(x) if isinstance(x, list) else x for x in item)


def position_from_dict(data: GameData, raw: JsonDict) -> Position:
    """Rebuild a position from :func:`position_to_dict` output, checked in full first
    (:mod:`~keepers.games.viscounts.validate`): a defect is refused in one line."""
    check_raw(data, raw)
    try:
        pos = _build(data, raw)
    except (KeyError, TypeError, ValueError, IndexError) as exc:     # check_raw missed it
        raise RecordError(f"bad Viscounts position: {type(exc).__name__}") from None
    check_position(pos)
    return pos


def _build(data: GameData, raw: JsonDict) -> Position:
    seats = int(raw["seats"])
    pos = new_position(data, seats, 0, str(raw["ai"].get("board", "cleric")))
    geometry = raw["geometry"]
    pos.geo = new_geometry(data, list(geometry["arrangement"]), int(geometry["rotation"]),
                           seats)
    for name in _CORE_FIELDS:
        setattr(pos, name, _plain(raw[name]))      # detached from the caller's dict
    pos.capped = bool(raw.get("capped", False))
    pos.players = [Player.from_dict(p) for p in raw["players"]]
    pos.stack = [_task(t) for t in raw["stack"]]
    pos.rng = Rng(int(raw["rng"]))
    pos.log = list(raw.get("log", []))
    pos.ext = _plain(raw.get("ext", {}))
    return pos


def _plain(value: Any) -> Any:
    """A fresh copy of JSON-ready lists and dicts (tuples read back as lists)."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
