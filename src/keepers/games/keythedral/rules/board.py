"""Board geometry (KT-2): fields and tiles, access, fences, enclosure and relay.

Cells (both coordinates even) hold octagonal fields; slots (both odd) hold
square tiles.  Positions are plain ``(x, y)`` tuples; their text form is ``x,y``.
Here: adjacency (KT-2.2, KT-2.3), access (KT-2.7), where a field or a cottage
may be laid (KT-2.8, KT-2.9), houses and cottages, fences (KT-7.7) and the
relay of an enclosed tile (KT-2.10, KT-2.11, the ``relay`` step).
"""

from __future__ import annotations

from typing import Any

from keepers.games.keythedral import flow
from keepers.games.keythedral.flow import Choice, Step, ask
from keepers.games.keythedral.state import Edge, Pos, Position

_DIAGONALS = ((-1, -1), (1, -1), (-1, 1), (1, 1))
_ORTHOGONALS = ((2, 0), (-2, 0), (0, 2), (0, -2))


def is_cell(pos: Pos) -> bool:
    """True for a field position (both coordinates even)."""
    return pos[0] % 2 == 0 and pos[1] % 2 == 0


def is_slot(pos: Pos) -> bool:
    """True for a square-tile position (both coordinates odd)."""
    return pos[0] % 2 == 1 and pos[1] % 2 == 1


def touching(pos: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    """The four slots touching a cell, or the four cells touching a slot (KT-2.3)."""
    x, y = pos
    return ((x - 1, y - 1), (x + 1, y - 1), (x - 1, y + 1), (x + 1, y + 1))


def neighbours(cell: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    """The four cells adjacent to a cell (KT-2.2)."""
    x, y = cell
    return ((x + 2, y), (x - 2, y), (x, y + 2), (x, y - 2))


def fmt(pos: Pos) -> str:
    """Text form of a position: ``x,y``."""
    return f"{pos[0]},{pos[1]}"


def parse_pos(text: str) -> Pos:
    """Parse ``x,y``; raises ValueError when malformed."""
    x, y = text.split(",")
    return int(x), int(y)


class Texts(dict[tuple[Any, ...], str]):
    """Option texts ``"<verb> <arg> <arg>"`` by their arguments (positions as ``x,y``),
    each built once (a missing one builds it).

    Options such as ``"fence 1,3 2,2"`` are listed for almost every decision of
    a spending turn or a placement, over a few dozen board positions: looking
    them up is cheaper than formatting them.
    """

    def __init__(self, verb: str) -> None:
        super().__init__()
        self.verb = verb

    def __missing__(self, args: tuple[Any, ...]) -> str:
        words = [fmt(a) if isinstance(a, tuple) else str(a) for a in args]
        text = self[args] = " ".join([self.verb, *words])
        return text


# ------------------------------------------------------------------ fields and tiles
def lay_field(position: Position, tile_id: str, cell: Pos) -> None:
    """Put a field tile on a cell."""
    position.fields[cell] = position.data.field_type_of[tile_id]
    position.field_ids[cell] = tile_id


def has_access(position: Position, slot: Pos, cell: Pos, player: int) -> bool:
    """KT-2.7: the tile at ``slot`` reaches ``cell`` (a field, not fenced off)."""
    if cell not in position.fields:
        return False
    return player in position.trespass or (slot, cell) not in position.fences


def legal_cells(position: Position) -> list[Pos]:
    """KT-2.8: empty cells, connected, not touching the Keythedral slot."""
    key = position.data.keythedral_slot
    found: set[Pos] = set()
    for cell in position.fields:
        found.update(neighbours(cell))
    for slot in position.tiles:
        found.update(touching(slot))
    return sorted(c for c in found if c not in position.fields and key not in touching(c))


def legal_slots(position: Position) -> list[Pos]:
    """KT-2.9: empty slots other than K touching at least one field."""
    key = position.data.keythedral_slot
    found: set[Pos] = set()
    for cell in position.fields:
        found.update(touching(cell))
    return sorted(x for x in found if x not in position.tiles and x != key)


def cottages(position: Position, p: int) -> list[int]:
    """Numbers of a player's cottages (not houses) on the board."""
    out = []
    for number, slot in enumerate(position.tile_slot[p], start=1):
        if slot is not None and not position.tiles[slot][2]:
            out.append(number)
    return out


def houses(position: Position) -> list[Pos]:
    """Slots holding a house, any owner."""
    return [s for s, t in position.tiles.items() if t[2]]


def set_house(position: Position, slot: Pos, house: bool) -> None:
    """Turn a tile to its house or cottage face."""
    owner, number, _ = position.tiles[slot]
    position.tiles[slot] = (owner, number, house)
    position.event("house" if house else "collapse", owner, number)


# ------------------------------------------------------------------ fences
def remove_fence(position: Position, edge: Edge) -> None:
    """A removed fence leaves the game (KT-7.7)."""
    owner = position.fences.pop(edge)
    position.event("unfence", owner, fmt(edge[0]), fmt(edge[1]))


def lift_if_enclosed(position: Position, slot: Pos) -> None:
    """KT-2.10: a tile fenced off from every field it touches is lifted to be relaid."""
    if all((slot, c) in position.fences for c in touching(slot) if c in position.fields):
        owner, number, house = position.tiles.pop(slot)
        position.tile_slot[owner][number - 1] = None
        position.event("enclosed", owner, number, fmt(slot))
        position.steps.append(("relay", owner, number, house))


# ------------------------------------------------------------------ relay (KT-2.11)
def relay_slots(position: Position) -> list[Pos]:
    """KT-2.11: empty slots (not K) reaching a field through an unfenced edge."""
    found: set[Pos] = set()
    key = position.data.keythedral_slot
    for cell in position.fields:
        for slot in touching(cell):
            if slot not in position.tiles and slot != key and (slot, cell) not in position.fences:
                found.add(slot)
    return sorted(found)


def step_relay(position: Position, step: Step) -> Choice | None:
    """KT-2.11: relay an enclosed tile, or remove it when no slot is relay-legal."""
    _, owner, number, house = step
    slots = relay_slots(position)
    if slots:
        return ask("relay", owner, ((number, house), slots))
    position.tile_slot[owner][number - 1] = None
    position.event("removed", owner, number)
    return None


def options_relay(position: Position, choice: Choice) -> list[str]:
    """The relay-legal slots found when the step asked."""
    _, slots = choice.info
    return [f"relay {fmt(x)}" for x in slots]


def answer_relay(position: Position, choice: Choice, option: str) -> None:
    """Lay the tile, same face up, on the chosen slot."""
    p = choice.player
    number, house = choice.info[0]
    where = option.split()[1]
    slot = parse_pos(where)
    position.tiles[slot] = (p, number, house)
    position.tile_slot[p][number - 1] = slot
    position.event("relay", p, number, where)


flow.register(steps={"relay": step_relay}, choices={"relay": (options_relay, answer_relay)})
