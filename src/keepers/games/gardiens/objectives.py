"""Secret objectives (GR-24): conditions read from the data file.

Each condition kind measures a number for the player, compared with the
condition's ``at_least`` (1 when absent); ``all`` combines sub-conditions.

Objectives are tested at every checkpoint for every player, so each condition
is compiled once, when the data is loaded, into a small test ``(state, player)
-> bool`` with its names already resolved to indices.  A condition that does
not compile (unknown kind, resource or building) becomes a test that evaluates
it the slow way, so that it fails exactly when and how it always did.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the state module imports the data module, which imports this one
    from keepers.games.gardiens.state import GardiensState

Measure = Callable[["GardiensState", int, dict[str, Any], list[int]], int]
Check = Callable[["GardiensState", int], bool]

TIMED_CHECKPOINTS = ("snapshot", "own_end_of_turn")
"""Objective timings tested only at some checkpoints (GR-24.3); others: at every one."""

_CHEAP_KINDS = ("hold_resource", "hand_size", "counter")
"""Conditions read from one number: an ``all`` tests them first (the tests are pure,
so their order cannot change the result, only how soon a false one is found)."""


def holds(st: GardiensState, p: int, cond: dict[str, Any], mine: list[int]) -> bool:
    """Evaluate a condition (GR-24.2), without compiling it.

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


# -- compiled conditions (the hot path) --------------------------------------------
def compile_condition(cond: dict[str, Any], res_index: dict[str, int],
                      building_keys: tuple[str, ...]) -> Check:
    """Return a fast test equivalent to :func:`holds` for this condition."""
    try:
        return _compile(cond, res_index, building_keys)
    except (AttributeError, KeyError, TypeError, ValueError):
        return lambda st, p: holds(st, p, cond, [])


def _compile(cond: dict[str, Any], res_index: dict[str, int],
             building_keys: tuple[str, ...]) -> Check:
    kind = cond["kind"]
    if kind == "all":
        subs = sorted(cond["of"], key=lambda sub: sub.get("kind") not in _CHEAP_KINDS)
        return _all_of(tuple(_compile(sub, res_index, building_keys) for sub in subs))
    need = int(cond.get("at_least", 1))
    if kind == "hold_resource":
        r = res_index[cond["resource"]]
        return lambda st, p: st.cubes[p][r] >= need
    if kind == "hand_size":
        return lambda st, p: len(st.hands[p]) >= need
    if kind == "counter":
        return _compile_counter(str(cond["counter"]), need)
    if kind == "guardians_on_map":
        return lambda st, p: _on_board(st, p) >= need
    if kind == "control_building":
        return _compile_building(building_keys.index(cond["building"]), need)
    if kind == "home_and_neighbours":
        return lambda st, p: int(_owns_home_area(st, p)) >= need
    if kind == "control_citadel":
        return lambda st, p: int(st.owner[st.layout.citadel] == p) >= need
    if kind == "control_count":
        return lambda st, p: st.owner.count(p) >= need
    if kind == "control_kind":
        hex_kind = str(cond["hex_kind"])
        return lambda st, p: (hex_kind in st.layout.kind_pick
                              and st.layout.kind_pick[hex_kind](st.owner).count(p) >= need)
    if kind == "control_printed":
        r = res_index[cond["resource"]]
        return lambda st, p: st.layout.printed_pick[r](st.owner).count(p) >= need
    raise ValueError(kind)


def _all_of(subs: tuple[Check, ...]) -> Check:
    def check(st: GardiensState, p: int) -> bool:
        for sub in subs:
            if not sub(st, p):
                return False
        return True
    return check


def _on_board(st: GardiensState, p: int) -> int:
    """The player's guardians on the map (as ``GardiensState.controlled``, without a list)."""
    owner, count = st.owner, st.count
    total = 0
    h = -1
    for _ in range(owner.count(p)):
        h = owner.index(p, h + 1)
        total += count[h]
    return total


def _compile_counter(name: str, need: int) -> Check:
    if name == "combats_won":
        return lambda st, p: st.combats_won[p] >= need
    if name == "building_types_built":
        return lambda st, p: len(st.types_built[p]) >= need
    if name == "trade_actions":
        return lambda st, p: st.trades[p] >= need
    raise ValueError(name)


def _compile_building(want: int, need: int) -> Check:
    def check(st: GardiensState, p: int) -> bool:
        building = st.building
        if building.count(want) < need:  # buildings are rare: usually decided here
            return False
        owner = st.owner
        return sum(1 for h, b in enumerate(building) if b == want and owner[h] == p) >= need
    return check


def _owns_home_area(st: GardiensState, p: int) -> bool:
    """The player owns its home slot and every neighbour of it."""
    slot = (p - st.first) % st.n  # seat - 1
    owners = st.layout.home_pick[slot](st.owner)
    return owners.count(p) == len(owners)


# -- the reference measures (used by holds) ----------------------------------------
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
