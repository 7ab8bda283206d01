"""Secret objectives (GR-24): conditions read from the data file.

Each condition kind measures a number for the player, compared with the
condition's ``at_least`` (1 when absent); ``all`` combines sub-conditions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from keepers.games.gardiens.state import GardiensState

Measure = Callable[[GardiensState, int, dict[str, Any], list[int]], int]


def holds(st: GardiensState, p: int, cond: dict[str, Any], mine: list[int]) -> bool:
    """Evaluate a condition (GR-24.2).

    ``mine`` starts empty and is filled with the player's hexes when first needed,
    so that the conditions tested at one checkpoint share it.
    """
    kind = cond["kind"]
    if kind == "all":
        return all(holds(st, p, sub, mine) for sub in cond["of"])
    measure = _MEASURES.get(kind)
    if measure is None:
        raise ValueError(f"unknown objective condition {kind!r}")
    return measure(st, p, cond, mine) >= int(cond.get("at_least", 1))


def _hexes(st: GardiensState, p: int, mine: list[int]) -> list[int]:
    if not mine:
        mine.extend(st.controlled(p))
    return mine


def _hold(st: GardiensState, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    return st.cubes[p][st.data.res(cond["resource"])]


def _hand(st: GardiensState, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    return len(st.hands[p])


def _counter(st: GardiensState, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    name = cond["counter"]
    if name == "combats_won":
        return st.combats_won[p]
    if name == "building_types_built":
        return len(st.types_built[p])
    if name == "trade_actions":
        return st.trades[p]
    raise ValueError(f"unknown counter {name!r}")


def _on_map(st: GardiensState, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    return sum(st.count[h] for h in _hexes(st, p, mine))


def _building(st: GardiensState, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    want = st.data.building_index[cond["building"]]
    return sum(1 for h in _hexes(st, p, mine) if st.building[h] == want)


def _homeland(st: GardiensState, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    home = st.home(p)
    return int(all(st.owner[h] == p for h in (home, *st.layout.neighbours[home])))


def _citadel(st: GardiensState, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    return int(st.owner[st.layout.citadel] == p)


def _count(st: GardiensState, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    return len(_hexes(st, p, mine))


def _kind(st: GardiensState, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    hexes = st.layout.hexes
    return sum(1 for h in _hexes(st, p, mine) if hexes[h].kind == cond["hex_kind"])


def _printed(st: GardiensState, p: int, cond: dict[str, Any], mine: list[int]) -> int:
    res, hexes = st.data.res(cond["resource"]), st.layout.hexes
    return sum(1 for h in _hexes(st, p, mine) if hexes[h].resource == res)


_MEASURES: dict[str, Measure] = {
    "hold_resource": _hold, "hand_size": _hand, "counter": _counter,
    "guardians_on_map": _on_map, "control_building": _building,
    "home_and_neighbours": _homeland, "control_citadel": _citadel,
    "control_count": _count, "control_kind": _kind, "control_printed": _printed,
}
