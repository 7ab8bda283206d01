"""The Keythedral position: every field of one game, and its copy; no rules.

:class:`Position` holds everything that changes during a game: the board, the
cubes, the mat of building tiles, the law cards, the round effects of played
laws, the stack of pending rules steps (``steps``) and the decision the game
waits for (``pending``).  The rules are functions over a position in
:mod:`keepers.games.keythedral.rules`, driven by
:mod:`keepers.games.keythedral.flow`.

The position is copied once per clone by a bot's look-ahead, so it keeps
``__slots__`` and immutable values (tuples, frozensets) wherever the rules
allow: a copy then copies only the lists and dicts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from keepers.core.rng import Rng
from keepers.games.keythedral.data import KeythedralData

Pos = tuple[int, int]
"""A board position on doubled coordinates: a cell (both even) or a slot (both odd), KT-2."""
Edge = tuple[Pos, Pos]
"""A fence edge: (slot, cell)."""
Step = tuple[Any, ...]
"""A pending rules step: ``(kind, *args)``, immutable and JSON-ready (see the flow module)."""


class Choice(NamedTuple):
    """A decision the game waits for: its ``kind``, the deciding ``player`` and the
    ``info`` its options are computed from.

    It is the position's ``pending`` field, saved in position files as
    ``[kind, player, info]``; so it holds no options (they are computed on demand).
    """

    kind: str
    player: int
    info: Any


class Position:
    """One Keythedral game: plain data fields and :meth:`copy`."""

    __slots__ = (
        "data", "n", "options", "rng", "round", "phase", "first", "store", "craftsmen",
        "stocks", "fields", "field_ids", "tiles", "tile_slot", "fences", "fences_left",
        "workers", "markers", "deck", "law_spaces", "hands", "discard", "rows", "revealed",
        "price_cards", "unused", "owned", "field_stack", "drawn", "workorder", "trespass",
        "renumber", "crop_choice", "hard_worker", "bumper", "blight", "moratorium", "passes",
        "retired", "withdrawn", "purchase", "price", "steps", "pending", "over",
        "was_capped", "log", "exposed",
    )

    def __init__(self, data: KeythedralData, n: int, options: Mapping[str, Any],
                 source: Position | None = None) -> None:
        """A position before setup; with ``source``, a copy of that position instead (the
        compiled engine builds objects through their constructor only; see
        :meth:`copy`)."""
        if source is not None:
            source.copy_into(self)
            return
        self.data = data
        self.n = n
        self.options: dict[str, Any] = dict(options)
        self.rng = Rng(0)
        self.round = 0
        self.phase = 0
        self.first = 0
        # Cubes by colour index (five resources, then three crafts).
        self.store = list(data.supply[:5]) + [0, 0, 0]
        self.craftsmen = [0] * 5 + list(data.supply[5:])
        self.stocks = [[0] * 8 for _ in range(n)]
        # The board: field type and tile id by cell; (owner, number, house) by slot.
        self.fields: dict[Pos, int] = {}
        self.field_ids: dict[Pos, str] = {}
        self.tiles: dict[Pos, tuple[int, int, bool]] = {}
        self.tile_slot: list[list[Pos | None]] = [[None] * 5 for _ in range(n)]
        self.fences: dict[Edge, int] = {}
        self.fences_left = [data.fences] * n
        self.workers: dict[Pos, int] = {}
        self.markers: list[int] = []
        # Law cards.
        self.deck: list[str] = []
        self.law_spaces: list[str | None] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.discard: list[str] = []
        # The mat of building tiles, by row; the price cards under its spaces.
        self.rows: list[list[str | None]] = []
        self.revealed = [False] * len(data.row_values)
        self.price_cards: dict[tuple[int, int], tuple[str, ...]] = {}
        self.unused: list[list[str]] = []
        self.owned: list[list[str]] = [[] for _ in range(n)]
        # Field tiles still to lay in setup, and the one drawn.
        self.field_stack: list[str] = []
        self.drawn: str | None = None
        # Round effects of played law cards (they lapse at the end of the round).
        self.workorder: int | None = None
        self.trespass: frozenset[int] = frozenset()
        self.renumber: dict[tuple[int, int], int] = {}
        self.crop_choice: dict[int, int] = {}
        self.hard_worker: frozenset[int] = frozenset()
        self.bumper: frozenset[int] = frozenset()
        self.blight: frozenset[int] = frozenset()
        self.moratorium: int | None = None
        # Phase 3: passes in a row, retired players, tiles withdrawn from this turn.
        self.passes = 0
        self.retired = [False] * n
        self.withdrawn: tuple[tuple[int, int], ...] = ()
        # A purchase in progress: (buyer, row, index, with Change of Style, void); its price.
        self.purchase: tuple[int, int, int, bool, bool] | None = None
        self.price: tuple[int, ...] = ()
        # The rules flow.
        self.steps: list[Step] = []
        self.pending: Choice | None = None
        self.over = False
        self.was_capped = False
        # The public event log, newest first, as a linked list (event, older) shared by copies.
        self.log: tuple[Any, ...] | None = None
        self.exposed: frozenset[tuple[int, str]] = frozenset()

    def copy(self) -> Position:
        """Copy every mutable container; static data and immutable values are shared."""
        return Position(self.data, self.n, self.options, self)

    def copy_into(self, other: Position) -> None:
        """Set each of ``other``'s fields, once, from this position (see :meth:`copy`)."""
        other.data = self.data
        other.n = self.n
        other.options = self.options
        other.rng = Rng(self.rng.state)
        other.round = self.round
        other.phase = self.phase
        other.first = self.first
        other.store = self.store[:]
        other.craftsmen = self.craftsmen[:]
        other.stocks = [s[:] for s in self.stocks]
        other.fields = self.fields.copy()
        other.field_ids = self.field_ids.copy()
        other.tiles = self.tiles.copy()
        other.tile_slot = [s[:] for s in self.tile_slot]
        other.fences = self.fences.copy()
        other.fences_left = self.fences_left[:]
        other.workers = self.workers.copy()
        other.markers = self.markers[:]
        other.deck = self.deck[:]
        other.law_spaces = self.law_spaces[:]
        other.hands = [h[:] for h in self.hands]
        other.discard = self.discard[:]
        other.rows = [r[:] for r in self.rows]
        other.revealed = self.revealed[:]
        other.price_cards = self.price_cards.copy()
        other.unused = [u[:] for u in self.unused]
        other.owned = [o[:] for o in self.owned]
        other.field_stack = self.field_stack[:]
        other.drawn = self.drawn
        other.workorder = self.workorder
        other.trespass = self.trespass
        other.renumber = self.renumber.copy()
        other.crop_choice = self.crop_choice.copy()
        other.hard_worker = self.hard_worker
        other.bumper = self.bumper
        other.blight = self.blight
        other.moratorium = self.moratorium
        other.passes = self.passes
        other.retired = self.retired[:]
        other.withdrawn = self.withdrawn
        other.purchase = self.purchase
        other.price = self.price
        other.steps = self.steps[:]
        other.pending = self.pending
        other.over = self.over
        other.was_capped = self.was_capped
        other.log = self.log
        other.exposed = self.exposed

    # ------------------------------------------------------------------ event log
    def event(self, *event: Any) -> None:
        """Add an event to the public log (KT-13.4)."""
        self.log = (event, self.log)

    def events(self, last: int | None = None) -> list[tuple[Any, ...]]:
        """The public event log, oldest first (KT-13.4); only the ``last`` ones if given."""
        out: list[tuple[Any, ...]] = []
        node = self.log
        while node is not None and (last is None or len(out) < last):
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out
