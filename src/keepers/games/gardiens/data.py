"""Static data of Les Gardiens du Royaume, loaded once from the packaged TOML file.

Every designed number (cards, events, objectives, layouts, costs) comes from
``data/gardiens-data.toml``; nothing here hard-codes game content.  The loaded
objects are immutable and shared by every state (GR-0.3).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from operator import itemgetter
from pathlib import Path
from typing import Any

DATA_FILE = "gardiens-data.toml"


@dataclass(frozen=True, slots=True)
class HexInfo:
    """One hex of a layout (GR-2)."""

    index: int
    label: str
    q: int
    r: int
    kind: str  # citadel, source, territory, home
    resource: int  # index of the printed resource, -1 for none
    distance: int


@dataclass(frozen=True, slots=True)
class Layout:
    """The fixed board for one player count (GR-2.7)."""

    players: int
    hexes: tuple[HexInfo, ...]
    by_label: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    homes: tuple[int, ...]  # hex index of home slot H1..HN
    forward: tuple[int, ...]  # ring-1 hexes (GR-2.8)
    citadel: int
    origins: tuple[int, ...]  # Shadow origin hexes, SH1.. (GR-2.9)
    shadow_ids: tuple[str, ...]
    next_hex: tuple[int, ...]  # Shadow path rule (GR-25.8), -1 at the Citadel
    # Lookups derived once per map, so that legal decisions and objective tests
    # never format strings or scan every hex on the hot path.
    labels: tuple[str, ...]
    adjacent_labels: tuple[tuple[str, ...], ...]  # labels of each hex's neighbours (views)
    kind_hexes: dict[str, tuple[int, ...]]  # hexes of each kind
    printed_hexes: tuple[tuple[int, ...], ...]  # hexes printed with each resource
    home_areas: tuple[tuple[int, ...], ...]  # home slot Hk and its neighbours
    # pickers: ``pick(owner)`` is the tuple of the owners of those hexes, read in C
    kind_pick: dict[str, Picker]
    printed_pick: tuple[Picker, ...]
    home_pick: tuple[Picker, ...]
    cmds_most: int  # the rows of move_cmds and attack_cmds go up to this many guardians
    move_cmds: tuple[tuple[tuple[str, ...], ...], ...]  # [s][j][n-1]: "move S D n", D: neighbour j
    move_args: dict[str, tuple[int, int, int]]  # "move S D n" of move_cmds -> (S, D, n)
    attack_cmds: tuple[tuple[tuple[str, ...], ...], ...]  # [s][j][k-1]: "attack S T k", same
    build_cmds: tuple[tuple[str, ...], ...]  # [building][h]: "build KEY H"
    # [s][k]: for each neighbour d of s, (d, move_cmds[s][j][:k], attack_cmds[s][j][:k]),
    # k = 0..cmds_most: the MOVE and ATTACK commands of k guardians on s, ready to add.
    steps: tuple[tuple[Steps, ...], ...]


@dataclass(frozen=True, slots=True)
class CardDef:
    """An Action card (GR-22)."""

    id: str
    name: str
    category: str
    copies: int
    timing: str
    hostile: bool
    effect: tuple[dict[str, Any], ...]
    text: str

    def has_op(self, op: str) -> bool:
        """Return True when one of the card's operations is ``op``."""
        return any(part["op"] == op for part in self.effect)


@dataclass(frozen=True, slots=True)
class EventDef:
    """An Event card (GR-23)."""

    id: str
    name: str
    category: str
    copies: int
    duration: str
    effect: tuple[dict[str, Any], ...]
    coop_effect: tuple[dict[str, Any], ...]
    text: str


@dataclass(frozen=True, slots=True)
class ObjectiveDef:
    """A secret objective (GR-24)."""

    id: str
    name: str
    checkpoint: str
    condition: dict[str, Any]
    text: str


@dataclass(frozen=True, slots=True)
class BuildingDef:
    """A building type (GR-7.3)."""

    key: str
    name: str
    copies: int
    cost: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameData:
    """Everything static about the game, shared by all states."""

    raw: dict[str, Any]
    resources: tuple[str, ...]
    directions: tuple[tuple[int, int], ...]
    rules: dict[str, Any]
    setup: dict[str, Any]
    supply: tuple[int, ...]
    guardians_per_player: int
    buildings: tuple[BuildingDef, ...]
    building_index: dict[str, int]
    cards: dict[str, CardDef]
    card_instances: tuple[str, ...]
    card_of: dict[str, CardDef]
    events: dict[str, EventDef]
    event_instances: tuple[str, ...]
    event_of: dict[str, EventDef]
    objectives: dict[str, ObjectiveDef]
    layouts: dict[int, Layout]
    dice_faces: tuple[str, ...]
    face_values: dict[str, int]
    coop: dict[str, Any]
    colours: tuple[str, ...]
    # Derived once at load time for the hot path (see GardiensState and the rules).
    res_index: dict[str, int]
    int_rules: dict[str, int]  # the integer entries of ``rules``
    recruit_cost: tuple[int, ...]  # GR-8.2 as a cube vector
    recruit_needs: tuple[tuple[int, int], ...]  # its (resource, n) with n > 0
    building_needs: tuple[tuple[tuple[int, int], ...], ...]  # (resource, n) of each cost, n > 0
    pay_costs: dict[str, tuple[int, ...]]  # card id -> its ``pay`` operations as a cube vector
    pay_needs: dict[str, tuple[tuple[int, int], ...]]  # card id -> (resource, n) of it, n > 0
    play_cmds: dict[str, str]  # card instance -> "play INSTANCE"
    source_cmds: tuple[str, ...]  # "source NAME" per resource
    give_cmds: tuple[str, ...]  # "give NAME" per resource (partner swap)
    get_cmds: tuple[str, ...]  # "get NAME" per resource (partner swap)
    propose_cmds: tuple[str, ...]  # "propose COLOUR" per colour (alliance step)
    # [colour][resource]: "give COLOUR NAME" (a gift to the ally, GR-29.5)
    gift_cmds: tuple[tuple[str, ...], ...]
    # [give]: (take, "exchange GIVE TAKE") for each other resource
    exchange_cmds: tuple[tuple[tuple[int, str], ...], ...]
    event_forbids: dict[str, frozenset[str]]  # event instance -> actions it forbids
    # VP per hex and per objective, Citadel VP (GR-18), asked at every checkpoint;
    # None when one is not an integer rule (``rule()`` then raises where it is read)
    vp_rules: tuple[int, int, int] | None
    vp_to_win: int | None  # VP of an immediate victory (GR-4.4); None: not an integer rule

    def res(self, name: str) -> int:
        """Return the index of a resource name (ValueError when unknown)."""
        index = self.res_index.get(name)
        if index is None:
            raise ValueError(f"{name!r} is not a resource")
        return index

    def rule(self, key: str) -> int:
        """Return an integer number of the ``[rules]`` table."""
        try:
            return self.int_rules[key]
        except KeyError:
            return int(self.rules[key])


def _cube_tuple(resources_order: tuple[str, ...], table: dict[str, Any]) -> tuple[int, ...]:
    return tuple(int(table.get(name, 0)) for name in resources_order)


Picker = Callable[[list[int]], tuple[int, ...]]
Steps = tuple[tuple[int, tuple[str, ...], tuple[str, ...]], ...]


def picker(hexes: tuple[int, ...]) -> Picker:
    """Return a function giving the entries of a per-hex list at ``hexes``, as a tuple."""
    if len(hexes) >= 2:
        return itemgetter(*hexes)
    if hexes:  # itemgetter of one index returns the item itself, not a tuple
        only = hexes[0]
        return lambda values: (values[only],)
    return lambda values: ()


def _build_layout(raw: dict[str, Any], resources_order: tuple[str, ...],
                  directions: tuple[tuple[int, int], ...], building_keys: tuple[str, ...],
                  max_per_hex: int) -> Layout:
    hexes: list[HexInfo] = []
    for index, item in enumerate(raw["hexes"]):
        q, r = int(item["q"]), int(item["r"])
        kind = str(item["kind"])
        label = str(item.get("tile") or item.get("slot") or item.get("id"))
        res_name = item.get("resource")
        resource = resources_order.index(res_name) if res_name else -1
        distance = max(abs(q), abs(r), abs(q + r))
        hexes.append(HexInfo(index, label, q, r, kind, resource, distance))
    by_coord = {(h.q, h.r): h.index for h in hexes}
    neighbours = tuple(
        tuple(by_coord[(h.q + dq, h.r + dr)] for dq, dr in directions
              if (h.q + dq, h.r + dr) in by_coord)
        for h in hexes
    )
    slots = {str(s["slot"]): by_coord[(int(s["q"]), int(s["r"]))] for s in raw["home_slots"]}
    homes = tuple(slots[f"H{k}"] for k in range(1, len(slots) + 1))
    origins = raw.get("shadow_origins", [])
    next_hex = tuple(_path_step(h, hexes, neighbours) for h in hexes)
    labels = tuple(h.label for h in hexes)
    kind_hexes = {kind: tuple(h.index for h in hexes if h.kind == kind)
                  for kind in sorted({h.kind for h in hexes})}
    printed_hexes = tuple(tuple(h.index for h in hexes if h.resource == r)
                          for r in range(len(resources_order)))
    home_areas = tuple((home, *neighbours[home]) for home in homes)
    move_cmds = _pair_cmds("move ", labels, neighbours, max_per_hex)
    attack_cmds = _pair_cmds("attack ", labels, neighbours, max_per_hex)
    return Layout(
        players=int(raw["players"]),
        hexes=tuple(hexes),
        by_label={h.label: h.index for h in hexes},
        neighbours=neighbours,
        homes=homes,
        forward=tuple(h.index for h in hexes if h.distance == 1),
        citadel=next(h.index for h in hexes if h.kind == "citadel"),
        origins=tuple(by_coord[(int(o["q"]), int(o["r"]))] for o in origins),
        shadow_ids=tuple(str(o["id"]) for o in origins),
        next_hex=next_hex,
        labels=labels,
        adjacent_labels=tuple(tuple(labels[n] for n in near) for near in neighbours),
        kind_hexes=kind_hexes,
        printed_hexes=printed_hexes,
        home_areas=home_areas,
        kind_pick={kind: picker(group) for kind, group in kind_hexes.items()},
        printed_pick=tuple(picker(group) for group in printed_hexes),
        home_pick=tuple(picker(group) for group in home_areas),
        cmds_most=max_per_hex,
        move_cmds=move_cmds,
        move_args={cmd: (s, d, k + 1) for s, rows in enumerate(move_cmds)
                   for d, row in zip(neighbours[s], rows, strict=True)
                   for k, cmd in enumerate(row)},
        attack_cmds=attack_cmds,
        build_cmds=tuple(tuple(f"build {key} {label}" for label in labels)
                         for key in building_keys),
        steps=tuple(tuple(steps_of(neighbours[s], move_cmds[s], attack_cmds[s], k)
                          for k in range(max_per_hex + 1))
                    for s in range(len(labels))),
    )


def steps_of(near: tuple[int, ...], move_rows: tuple[tuple[str, ...], ...],
             attack_rows: tuple[tuple[str, ...], ...], engaged: int) -> Steps:
    """``(d, moves, attacks)`` for each neighbour d: the commands of ``engaged`` guardians."""
    return tuple((d, move_rows[j][:engaged], attack_rows[j][:engaged])
                 for j, d in enumerate(near))


def _pair_cmds(verb: str, labels: tuple[str, ...], neighbours: tuple[tuple[int, ...], ...],
               most: int) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """``verb S D n`` for each hex S, each neighbour D (in neighbour order), n = 1..most."""
    return tuple(
        tuple(tuple(f"{verb}{labels[s]} {labels[d]} {n}" for n in range(1, most + 1))
              for d in neighbours[s])
        for s in range(len(labels))
    )


def _path_step(hex_: HexInfo, hexes: list[HexInfo],
               neighbours: tuple[tuple[int, ...], ...]) -> int:
    """GR-25.8: first neighbour (direction order) one step closer to the Citadel."""
    if hex_.distance == 0:
        return -1
    for n in neighbours[hex_.index]:
        if hexes[n].distance == hex_.distance - 1:
            return n
    return -1


def _effects(raw: Any) -> tuple[dict[str, Any], ...]:
    return tuple(dict(part) for part in (raw or []))


def _instances(defs: dict[str, Any]) -> tuple[str, ...]:
    return tuple(f"{d.id}#{c}" for d in defs.values() for c in range(1, d.copies + 1))


def _int_entries(table: dict[str, Any]) -> dict[str, int]:
    """The entries of a table that ``int()`` accepts, converted."""
    out = {}
    for key, value in table.items():
        try:
            out[key] = int(value)
        except (TypeError, ValueError):
            continue
    return out


def _forbids(event: EventDef) -> frozenset[str]:
    """What a "next round" event forbids while in force (GR-23.1)."""
    return frozenset(str(op.get("action")) for op in event.effect if op.get("op") == "forbid")


def parse(raw: dict[str, Any]) -> GameData:
    """Build the immutable :class:`GameData` from the parsed TOML tables."""
    meta = raw["meta"]
    order = tuple(str(x) for x in meta["resource_order"])
    directions = tuple((int(v[0]), int(v[1])) for v in meta["direction_vectors"])
    buildings = tuple(
        BuildingDef(key, str(b["name"]), int(b["copies"]), _cube_tuple(order, b["cost"]))
        for key, b in raw["buildings"].items()
    )
    cards = {
        str(c["id"]): CardDef(str(c["id"]), str(c["name"]), str(c["category"]), int(c["copies"]),
                              str(c["timing"]), bool(c.get("hostile", False)),
                              _effects(c["effect"]), str(c.get("text", "")))
        for c in raw["action_cards"]
    }
    events = {
        str(e["id"]): EventDef(str(e["id"]), str(e["name"]), str(e["category"]), int(e["copies"]),
                               str(e["duration"]), _effects(e["effect"]),
                               _effects(e.get("coop_effect")), str(e.get("text", "")))
        for e in raw["event_cards"]
    }
    objectives = {
        str(o["id"]): ObjectiveDef(str(o["id"]), str(o["name"]), str(o["checkpoint"]),
                                   dict(o["condition"]), str(o.get("text", "")))
        for o in raw["objectives"]
    }
    card_instances = _instances(cards)
    event_instances = _instances(events)
    rules = dict(raw["rules"])
    res_index = {name: i for i, name in enumerate(order)}
    building_keys = tuple(b.key for b in buildings)
    max_per_hex = int(rules["max_guardians_per_hex"])
    recruit_cost = _recruit_cost(rules, res_index, len(order))
    int_rules = _int_entries(rules)
    pay_costs = {cid: pay_vector(c.effect, res_index) for cid, c in cards.items()}
    return GameData(
        raw=raw,
        resources=order,
        directions=directions,
        rules=rules,
        setup=dict(raw["setup"]),
        supply=_cube_tuple(order, raw["components"]["supply"]),
        guardians_per_player=int(raw["components"]["guardians_per_player"]),
        buildings=buildings,
        building_index={b.key: i for i, b in enumerate(buildings)},
        cards=cards,
        card_instances=card_instances,
        card_of={i: cards[i.split("#")[0]] for i in card_instances},
        events=events,
        event_instances=event_instances,
        event_of={i: events[i.split("#")[0]] for i in event_instances},
        objectives=objectives,
        layouts={int(lay["players"]): _build_layout(lay, order, directions, building_keys,
                                                    max_per_hex)
                 for lay in raw["layouts"]},
        dice_faces=tuple(str(f) for f in raw["dice"]["faces"]),
        face_values={str(k): int(v) for k, v in raw["dice"]["values"].items()},
        coop=dict(raw["coop"]),
        colours=tuple(str(c) for c in raw["components"]["colours"]),
        res_index=res_index,
        int_rules=int_rules,
        recruit_cost=recruit_cost,
        recruit_needs=needs_of(recruit_cost),
        building_needs=tuple(needs_of(b.cost) for b in buildings),
        pay_costs=pay_costs,
        pay_needs={cid: needs_of(cost) for cid, cost in pay_costs.items()},
        play_cmds={i: f"play {i}" for i in card_instances},
        source_cmds=tuple(f"source {name}" for name in order),
        give_cmds=tuple(f"give {name}" for name in order),
        get_cmds=tuple(f"get {name}" for name in order),
        propose_cmds=tuple(f"propose {c}" for c in raw["components"]["colours"]),
        gift_cmds=tuple(tuple(f"give {c} {name}" for name in order)
                        for c in raw["components"]["colours"]),
        exchange_cmds=tuple(tuple((j, f"exchange {a} {b}") for j, b in enumerate(order) if j != i)
                            for i, a in enumerate(order)),
        event_forbids={i: _forbids(events[i.split("#")[0]]) for i in event_instances},
        vp_rules=_vp_rules(int_rules),
        vp_to_win=int_rules.get("victory_points_to_win"),
    )


def _vp_rules(int_rules: dict[str, int]) -> tuple[int, int, int] | None:
    keys = ("vp_per_hex_at_snapshot", "vp_per_objective", "vp_citadel_at_snapshot")
    if any(key not in int_rules for key in keys):
        return None
    per_hex, per_objective, citadel = (int_rules[key] for key in keys)
    return per_hex, per_objective, citadel


def pay_vector(ops: tuple[dict[str, Any], ...] | list[dict[str, Any]],
               res_index: dict[str, int]) -> tuple[int, ...]:
    """The ``pay`` operations of a card as a cube vector."""
    cost = [0] * len(res_index)
    for op in ops:
        if op["op"] == "pay":
            cost[res_index[op["resource"]]] += int(op["n"])
    return tuple(cost)


def covers(have: tuple[int, ...] | list[int], needs: tuple[tuple[int, int], ...]) -> bool:
    """True when ``have`` holds every ``(resource, n)`` of ``needs``."""
    for resource, n in needs:
        if have[resource] < n:
            return False
    return True


def needs_of(cost: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The ``(resource, n)`` of a cube vector with n > 0: what paying it needs."""
    return tuple((r, n) for r, n in enumerate(cost) if n > 0)


def _recruit_cost(rules: dict[str, Any], res_index: dict[str, int],
                  size: int) -> tuple[int, ...]:
    cost = [0] * size
    for name, amount in rules["recruit_cost"].items():
        cost[res_index[name]] = int(amount)
    return tuple(cost)


def load_path(path: str | Path) -> GameData:
    """Load game data from a TOML file (e.g. a designer's modified copy)."""
    with open(path, "rb") as handle:
        return parse(tomllib.load(handle))


@cache
def load() -> GameData:
    """Load the packaged (standard) game data, once."""
    text = resources.files("keepers.games.gardiens").joinpath("data", DATA_FILE).read_bytes()
    return parse(tomllib.loads(text.decode("utf-8")))
