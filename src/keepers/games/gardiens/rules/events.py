"""Event cards (GR-23): drawing, resolving, and the "next round" effect in force
(GR-17.2, GR-25.14 in co-op)."""

from __future__ import annotations

from typing import Any

from keepers.games.gardiens.rules import board, components
from keepers.games.gardiens.rules.seats import turn_order
from keepers.games.gardiens.state import NONE, Position


def round_ops(st: Position) -> tuple[dict[str, Any], ...]:
    """Return the operations of the "next round" event in force (GR-23.1)."""
    if not st.round_effect:
        return ()
    return st.data.event_of[st.round_effect].effect


def forbidden(st: Position, what: str) -> bool:
    """True when a ``forbid`` effect in force names ``what`` (trade, move, attack_player)."""
    return bool(st.round_effect) and what in st.data.event_forbids[st.round_effect]


def round_value(st: Position, name: str) -> int:
    """Sum of the ``n`` of the operations called ``name`` in force."""
    return sum(int(op["n"]) for op in round_ops(st) if op["op"] == name)


def adjust_printed(st: Position, resource: int, base: int) -> int:
    """GR-5.2 step 3: event modifiers of a hex's printed-resource yield."""
    amount = base
    for op in round_ops(st):
        printed = op.get("printed")
        if printed is None or st.data.res(printed) != resource:
            continue
        if op["op"] == "production_zero":
            return 0
        if op["op"] == "production_delta":
            amount += int(op["n"])
    return amount


def reveal(st: Position) -> None:
    """GR-17.2: reveal the top Event card and resolve it."""
    instance = st.events.pop()
    event = st.data.event_of[instance]
    for op in event.effect:
        resolve_op(st, op)
    if event.duration == "next_round":
        st.round_effect = instance
    st.event_discard.append(instance)


def reveal_coop(st: Position) -> tuple[list[str], bool]:
    """GR-25.14: the co-op effect at once when the card has one; returns (steps, hold)."""
    instance = st.events.pop()
    event = st.data.event_of[instance]
    st.event_discard.append(instance)
    if not event.coop_effect:
        for op in event.effect:
            resolve_op(st, op)
        if event.duration == "next_round":
            st.round_effect = instance
        return [], False
    steps: list[str] = []
    hold = False
    for op in event.coop_effect:
        if op["op"] == "shadow_extra_step":
            steps += [f"advance {i}" for i in range(len(st.shadow_pos))]
        elif op["op"] == "shadows_hold":
            hold = True
    return steps, hold


def resolve_op(st: Position, op: dict[str, Any]) -> None:
    """Apply one immediate event operation (GR-23.2)."""
    name = op["op"]
    if name == "remove_guardians":
        remove_guardians(st, op["where"], int(op["n"]))
    elif name == "lose_half":
        res = st.data.res(op["resource"])
        for p in range(st.n):
            components.pay(st, p, res, st.cubes[p][res] // 2)
    elif name == "destroy_buildings":
        destroy_buildings(st, str(op["building"]))
    elif name == "raid":
        raid(st, int(op["min_total"]), int(op["n"]))
    elif name == "all_gain":
        all_gain(st, op)
    elif name == "all_draw":
        for p in turn_order(st):
            components.draw_to_hand(st, p, int(op["n"]))
    elif name == "home_reinforce":
        for p in turn_order(st):
            home = st.home(p)
            if st.owner[home] == p and home not in st.shadow_pos:  # GR-25.3 (GR-29.6)
                board.place(st, p, home, int(op["n"]))


def matches(st: Position, h: int, where: dict[str, Any]) -> bool:
    """True when hex ``h`` matches every field of an event's ``where`` (GR-23.2)."""
    info = st.layout.hexes[h]
    count = st.count[h]
    if count == 0:
        return False
    if "kind" in where and info.kind != where["kind"]:
        return False
    if "printed" in where and info.resource != st.data.res(where["printed"]):
        return False
    if count < int(where.get("min_guardians", 0)):
        return False
    if "exactly" in where and count != int(where["exactly"]):
        return False
    return not (where.get("no_fortress") and st.hex_building(h) == "fortress")


def remove_guardians(st: Position, where: dict[str, Any], n: int) -> None:
    """All matching hexes are found first, then the removals happen (GR-23.2)."""
    hits = [h for h, count in enumerate(st.count) if count and matches(st, h, where)]
    for h in hits:
        board.remove(st, h, n)


def destroy_buildings(st: Position, key: str) -> None:
    """Every building of a type returns to the supply (GR-7.5)."""
    index = st.data.building_index[key]
    for h, b in enumerate(st.building):
        if b == index:
            st.building[h] = NONE
            st.bsupply[index] += 1


def raid(st: Position, min_total: int, n: int) -> None:
    """Players holding at least ``min_total`` cubes lose n of their largest type."""
    for p in turn_order(st):
        cubes = st.cubes[p]
        if sum(cubes) >= min_total:
            most = max(range(len(cubes)), key=lambda r: (cubes[r], -r))
            components.pay(st, p, most, min(n, cubes[most]))


def all_gain(st: Position, op: dict[str, Any]) -> None:
    """Every player (meeting the condition) takes cubes, in turn order."""
    res = st.data.res(op["resource"])
    for p in turn_order(st):
        needs_temple = op.get("condition") == "controls_temple"
        if needs_temple and not board.controls_building(st, p, "temple"):
            continue
        components.gain(st, p, res, int(op["n"]))
