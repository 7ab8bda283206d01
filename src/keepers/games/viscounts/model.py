"""Mutable containers of a Viscounts position and the board geometry.

Static component data (:class:`~keepers.games.viscounts.data.GameData`) is
shared; only the lists and counters here are copied when a state is cloned.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from keepers.games.viscounts.data import Board, GameData, Spot

RESOURCE_KEYS = ("silver", "ink", "gold", "stone")
TRACK_MIN, TRACK_MAX = 1, 7


PLAYER_FIELDS = ("seat", "silver", "ink", "gold", "stone", "corruption", "virtue", "hand",
                 "draw", "discard", "spaces", "covered", "supply", "manuscripts", "bonus",
                 "debts_unpaid", "debts_paid", "deeds_acquired", "deeds_approved", "node",
                 "is_ai")
"""A player's fields, in :meth:`Player.to_dict` order."""


class Player:
    """Everything one player owns (VB-2, VB-5.5)."""

    __slots__ = PLAYER_FIELDS

    def __init__(self, seat: int, slots: int = 9, workers: int = 20, is_ai: bool = False,
                 source: Player | None = None) -> None:
        """A new player; with ``source``, a copy of it instead (see :meth:`clone`)."""
        if source is not None:
            source._copy_into(self)
            return
        self.seat = seat
        self.silver = self.ink = self.gold = self.stone = 0
        self.corruption, self.virtue = TRACK_MIN, TRACK_MAX
        self.hand: list[str] = []
        self.draw: list[str] = []          # top of the pile is the end of the list
        self.discard: list[str] = []
        self.spaces: list[str | None] = [None, None, None]
        self.covered = [True] * slots
        self.supply = workers
        self.manuscripts: list[str] = []   # manuscript ids, "ribbon" via data
        self.bonus: list[str] = []         # ribbons of cleric bonus cards held
        self.debts_unpaid = self.debts_paid = self.deeds_acquired = self.deeds_approved = 0
        self.node = ""
        self.is_ai = is_ai

    def clone(self) -> Player:
        """Copy with independent containers."""
        return Player(self.seat, source=self)

    def _copy_into(self, other: Player) -> None:
        # Spelled out (clone() runs in every search); the constructor calls this
        # before setting anything, so each field is set once (the compiled engine
        # builds objects through their constructor only).
        other.seat, other.node, other.is_ai = self.seat, self.node, self.is_ai
        other.silver, other.ink, other.gold, other.stone = (
            self.silver, self.ink, self.gold, self.stone)
        other.corruption, other.virtue, other.supply = self.corruption, self.virtue, self.supply
        other.debts_unpaid, other.debts_paid = self.debts_unpaid, self.debts_paid
        other.deeds_acquired, other.deeds_approved = self.deeds_acquired, self.deeds_approved
        other.hand, other.draw, other.discard = self.hand[:], self.draw[:], self.discard[:]
        other.spaces, other.covered = self.spaces[:], self.covered[:]
        other.manuscripts, other.bonus = self.manuscripts[:], self.bonus[:]

    def get(self, key: str) -> int:
        """Return silver or a resource amount by name."""
        value = getattr(self, key)
        assert isinstance(value, int)
        return value

    def add(self, key: str, amount: int) -> None:
        """Add (or with a negative amount, pay) silver or a resource."""
        setattr(self, key, self.get(key) + amount)

    def resources(self) -> int:
        """Ink + gold + stone."""
        return self.ink + self.gold + self.stone

    def stuck(self) -> bool:
        """True when both markers share a position (VB-2.5.2)."""
        return self.corruption == self.virtue

    def cards_owned(self) -> list[str]:
        """Every card the player owns, in any zone (VB-2.2.3)."""
        return self.hand + self.draw + self.discard + [c for c in self.spaces if c]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        out: dict[str, Any] = {}
        for name in PLAYER_FIELDS:          # lists copied: the result shares nothing
            value = getattr(self, name)
            out[name] = value[:] if isinstance(value, list) else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Player:
        """Rebuild from :meth:`to_dict` output."""
        player = cls(int(data["seat"]))
        for name in PLAYER_FIELDS:
            value = data[name]
            setattr(player, name, list(value) if isinstance(value, list) else value)
        return player


@dataclass(frozen=True)
class Geometry:
    """The ring built at setup: segment order, castle rotation, spots and links (VB-3, VB-4.1).

    A geometry is immutable and shared by every state of every game with the
    same ring; its lookups (printed numbers, arrows, reachable sets, spot
    groups, links) are computed once and memoised here.  Public methods return
    fresh containers; the ``_``-prefixed tables are for the engine's hot path
    and must not be mutated.
    """

    arrangement: tuple[int, ...]
    rotation: int
    side: str
    board: Board
    _printed: dict[str, str] = field(init=False, repr=False, compare=False)
    _node_of: dict[str, str] = field(init=False, repr=False, compare=False)
    _next: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    # Position of each node when ordered by printed number (for sorting options).
    rank: dict[str, int] = field(init=False, repr=False, compare=False)
    memo: dict[Any, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        printed: dict[str, str] = {}
        node_of: dict[str, str] = {}
        for position in range(5):
            numbers = self.board.segments[self.segment_at(position) - 1].numbers
            for kind in ("L", "R", "I"):
                node = f"{position}.{kind}"
                printed[node] = numbers[kind]
                node_of.setdefault(numbers[kind], node)      # the first node wins, as before
        nxt = {node: tuple(self._neighbours(node)) for node in printed}
        by_number = sorted(printed, key=lambda n: float(printed[n]))
        rank = {node: index for index, node in enumerate(by_number)}
        for name, value in (("_printed", printed), ("_node_of", node_of), ("_next", nxt),
                            ("rank", rank), ("memo", {})):
            object.__setattr__(self, name, value)

    def segment_at(self, position: int) -> int:
        """Segment id at a ring position."""
        return self.arrangement[position % 5]

    def section_at(self, position: int) -> int:
        """Castle section index (0=A) adjacent to a ring position (VB-4.1.2)."""
        return (position + self.rotation) % 5

    def position_of_section(self, section: int) -> int:
        """Ring position adjacent to a castle section."""
        return (section - self.rotation) % 5

    def printed(self, node: str) -> str:
        """Printed space number of a node ``"<position>.<L|R|I>"`` (VB-3.1.3)."""
        number = self._printed.get(node)
        if number is None:
            position, kind = node.split(".")
            return self.board.segments[self.segment_at(int(position)) - 1].numbers[kind]
        return number

    def node_of(self, printed: str) -> str:
        """Node id of a printed space number."""
        return self._node_of[printed]

    def neighbours(self, node: str) -> list[str]:
        """Nodes one step away along the arrows (VB-3.2.1)."""
        known = self._next.get(node)
        return list(known) if known is not None else self._neighbours(node)

    def _neighbours(self, node: str) -> list[str]:
        position, kind = node.split(".")
        out = []
        for source, target, nxt in self.board.edges:
            if source == kind:
                out.append(f"{(int(position) + (1 if nxt else 0)) % 5}.{target}")
        return out

    def reachable(self, node: str, steps: int) -> set[str]:
        """Nodes reachable in exactly ``steps`` steps."""
        return set(self.reach(node, steps))

    def reach(self, node: str, steps: int) -> frozenset[str]:
        """:meth:`reachable` as a shared, memoised frozenset (hot path; do not copy).

        Node ids name ring positions and the arrows are the same for every
        segment order, so the memo lives on the board, shared by every ring.
        """
        key = ("reach", node, steps)
        memo = self.board.memo
        found: frozenset[str] | None = memo.get(key)
        if found is None:
            if steps == 0:
                found = frozenset({node})
            else:
                found = frozenset(n for f in self.reach(node, steps - 1)
                                  for n in self.neighbours(f))
            memo[key] = found
        return found

    def spots(self, position: int) -> tuple[Spot, ...]:
        """Building spots of the segment at a ring position."""
        return self.board.segments[self.segment_at(position) - 1].sides[self.side].spots

    def all_spots(self) -> list[Spot]:
        """Every spot, clockwise from position 0."""
        return [s for p in range(5) for s in self.spots(p)]

    def spot_position(self, spot_id: str) -> int:
        """Ring position of the segment holding a spot."""
        return self.arrangement.index(int(spot_id[0]))

    def spot(self, spot_id: str) -> Spot:
        """A spot by id."""
        for s in self.spots(self.spot_position(spot_id)):
            if s.id == spot_id:
                return s
        raise KeyError(spot_id)

    def links(self) -> list[tuple[str, str, str]]:
        """Every link as (spot a, spot b, reward text), NEXT resolved (VB-3.3.7)."""
        return list(self.link_table())

    def link_table(self) -> tuple[tuple[str, str, str], ...]:
        """:meth:`links` as a shared, memoised tuple (hot path)."""
        found: tuple[tuple[str, str, str], ...] | None = self.memo.get("links")
        if found is None:
            out = []
            for position in range(5):
                seg = self.board.segments[self.segment_at(position) - 1].sides[self.side]
                for link in seg.links:
                    b = self.spots(position + 1)[0].id if link.b == "NEXT" else link.b
                    out.append((link.a, b, str(link.reward)))
            found = self.memo["links"] = tuple(out)
        return found

    def group_spots(self, node: str) -> list[str]:
        """Spot ids of the river group served by an outside node (none for inside)."""
        return list(self.group(node))

    def group(self, node: str) -> tuple[str, ...]:
        """:meth:`group_spots` as a shared, memoised tuple (hot path)."""
        key = ("group", node)
        found: tuple[str, ...] | None = self.memo.get(key)
        if found is None:
            position, kind = node.split(".")
            if kind == "I":
                found = ()
            else:
                group = "left" if kind == "L" else "right"
                found = tuple(s.id for s in self.spots(int(position)) if s.group == group)
            self.memo[key] = found
        return found

    def trade_kind(self, node: str) -> str:
        """Exchange printed at an outside node."""
        position, kind = node.split(".")
        return self.board.segments[self.segment_at(int(position)) - 1].trade[kind]


def new_geometry(data: GameData, arrangement: list[int], rotation: int, players: int) -> Geometry:
    """Build the ring for a player count (side p12 / p34, VB-3.1.1).

    Geometries are immutable, so one instance per ring is shared (memoised in
    ``data.memo``) together with its lookup tables.
    """
    side = data.board.side_for(players)
    key = ("geometry", tuple(arrangement), rotation, side)
    geo: Geometry | None = data.memo.get(key)
    if geo is None:
        geo = data.memo[key] = Geometry(tuple(arrangement), rotation, side, data.board)
    return geo
