"""The Keythedral game state and its rules flow.

The flow of a game is a stack of small immutable *frames* (tuples).  The
engine pops frames and runs them until one needs a decision; it then stores
the pending decision and waits for :meth:`apply`.  Nested moments of the rules
(a law card played in response to a purchase, inside a spending turn, inside
phase 3) are simply frames above frames, so every reaction window is an
ordinary decision and a clone copies one short list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Self

from keepers.core.errors import KeepersError, RuleError
from keepers.core.game import Decision, GameState, JsonDict
from keepers.core.i18n import t
from keepers.core.rng import Rng
from keepers.games.keythedral import laws, pricing
from keepers.games.keythedral.board import Edge, Pos, fmt, touching
from keepers.games.keythedral.data import COLOURS, RESOURCES, KeythedralData

Frame = tuple[Any, ...]
_ORDERS = {n: [tuple((start + i) % n for i in range(n)) for start in range(n)]
           for n in range(1, 9)}
Pending = tuple[str, int, Any]
"""(decision kind, deciding seat, data the legal decisions are computed from)."""

STORE = -1
ANY_CUBE, RESOURCE_CUBE = 0, 1
PHASE_WINDOWS = {1: "WS1", 2: "WS2", 3: "WS3", 4: "WS4", 5: "WS5"}
PUBLIC_KINDS = frozenset({
    "field", "cottage", "marker", "place", "crop", "turn", "pay", "add", "remove", "style",
    "as", "final", "relay", "bid", "first",
})

# Clause cited when a decision of this kind is refused.
KIND_CLAUSE = {
    "field": "KT-2.8", "cottage": "KT-2.9", "marker": "KT-5.2", "place": "KT-5.4",
    "crop": "KT-6.5", "turn": "KT-7.2", "pay": "KT-0.7", "add": "KT-10.4",
    "remove": "KT-10.4", "style": "KT-12.5", "as": "KT-12.5", "final": "KT-10.3",
    "relay": "KT-2.11", "bid": "KT-9.4", "first": "KT-9.7", "law": "KT-4.10", "veto": "KT-4.9",
}
VERB_CLAUSE = {
    "buy": "KT-10.3", "house": "KT-7.5", "fence": "KT-2.12", "unfence": "KT-7.8",
    "craft": "KT-7.9", "law": "KT-7.10", "trade": "KT-7.11", "deal": "KT-12.15",
    "play": "KT-12.0", "veto": "KT-12.10",
}


class KeythedralState(GameState):
    """A Keythedral position: board, stocks, mat, law cards and the pending decision."""

    __slots__ = (
        "data", "n", "options", "rng", "round", "phase", "first", "store", "craftsmen",
        "stocks", "fields", "field_ids", "tiles", "tile_slot", "fences", "fences_left",
        "workers", "markers", "deck", "law_spaces", "hands", "discard", "rows", "revealed",
        "price_cards", "unused", "owned", "stack", "drawn", "workorder", "trespass",
        "renumber", "crop_choice", "hard_worker", "bumper", "blight", "moratorium", "passes",
        "retired", "withdrawn", "purchase", "price", "frames", "pending", "over",
        "was_capped", "log", "exposed",
    )

    def __init__(self, data: KeythedralData, n: int, options: Mapping[str, Any]) -> None:
        super().__init__()
        self.data = data
        self.n = n
        self.options: dict[str, Any] = dict(options)
        self.rng = Rng(0)
        self.round = 0
        self.phase = 0
        self.first = 0
        self.store = list(data.supply[:5]) + [0, 0, 0]
        self.craftsmen = [0] * 5 + list(data.supply[5:])
        self.stocks = [[0] * 8 for _ in range(n)]
        self.fields: dict[Pos, int] = {}
        self.field_ids: dict[Pos, str] = {}
        self.tiles: dict[Pos, tuple[int, int, bool]] = {}
        self.tile_slot: list[list[Pos | None]] = [[None] * 5 for _ in range(n)]
        self.fences: dict[Edge, int] = {}
        self.fences_left = [data.fences] * n
        self.workers: dict[Pos, int] = {}
        self.markers: list[int] = []
        self.deck: list[str] = []
        self.law_spaces: list[str | None] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.discard: list[str] = []
        self.rows: list[list[str | None]] = []
        self.revealed = [False] * len(data.row_values)
        self.price_cards: dict[tuple[int, int], tuple[str, ...]] = {}
        self.unused: list[list[str]] = []
        self.owned: list[list[str]] = [[] for _ in range(n)]
        self.stack: list[str] = []
        self.drawn: str | None = None
        self.workorder: int | None = None
        self.trespass: frozenset[int] = frozenset()
        self.renumber: dict[tuple[int, int], int] = {}
        self.crop_choice: dict[int, int] = {}
        self.hard_worker: frozenset[int] = frozenset()
        self.bumper: frozenset[int] = frozenset()
        self.blight: frozenset[int] = frozenset()
        self.moratorium: int | None = None
        self.passes = 0
        self.retired = [False] * n
        self.withdrawn: tuple[tuple[int, int], ...] = ()
        self.purchase: tuple[int, int, int, bool, bool] | None = None
        self.price: tuple[int, ...] = ()
        self.frames: list[Frame] = []
        self.pending: Pending | None = None
        self.over = False
        self.was_capped = False
        self.log: tuple[Any, ...] | None = None
        self.exposed: frozenset[tuple[int, str]] = frozenset()

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, data: KeythedralData, n: int, seed: int, options: Mapping[str, Any]) -> Self:
        """Set up a game for ``n`` players (KT-3)."""
        if not data.min_players <= n <= data.max_players:
            raise KeepersError(f"KT-3.1: Keythedral is for {data.min_players} to "
                               f"{data.max_players} players, not {n}")
        length = options.get("length", "short")
        if length not in data.row_lengths:
            raise KeepersError(f"KT-15.3: length must be one of {sorted(data.row_lengths)}")
        for key, kind in (("face_up", bool), ("first", int), ("max_rounds", int)):
            value = options.get(key)
            if value is not None and (not isinstance(value, kind) or
                                      (kind is int and isinstance(value, bool))):
                raise KeepersError(f"KT-3.1: option {key} must be {kind.__name__}, "
                                   f"not {value!r}")
        state = cls(data, n, options)
        state.rng = Rng(seed)
        rng = state.rng
        first = options.get("first", -1)
        if isinstance(first, int) and not -1 <= first < n:
            raise KeepersError(f"KT-3.6: first player must be a seat 0-{n - 1} (or -1 to draw)")
        state.first = first if isinstance(first, int) and first >= 0 else rng.below(n)
        # KT-3.4 law cards
        state.deck = sorted(data.laws)
        rng.shuffle(state.deck)
        state.law_spaces = [state.deck.pop() for _ in range(data.law_spaces[n])]
        # KT-3.5 building tiles
        for value, length_ in zip(data.row_values, data.row_lengths[length], strict=True):
            pile = sorted(t.id for t in data.tiles.values() if t.value == value)
            rng.shuffle(pile)
            state.rows.append(list(pile[:length_]))
            state.unused.append(pile[length_:])
        # KT-3.7, KT-3.8, KT-3.9 fields
        initial = data.initial_fields[n]
        for tile_id, cell in initial:
            state._lay_field(tile_id, cell)
        backs = data.stack_backs[n]
        state.stack = sorted(f for f, b in data.field_back.items() if b in backs)
        rng.shuffle(state.stack)
        # KT-3.10 setup rounds, clockwise from F
        setup: list[Frame] = []
        for _ in range(5):
            for i in range(n):
                p = (state.first + i) % n
                setup += [("lay_field", p), ("lay_cottage", p)]
        state.frames = [("start",), *reversed(setup)]
        state._run()
        return state

    # --------------------------------------------------------------- GameState
    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self.n

    @property
    def round_number(self) -> int:
        """Current round; 0 during setup."""
        return self.round

    @property
    def capped(self) -> bool:
        """True when the safety cap on rounds stopped the game."""
        return self.was_capped

    def is_over(self) -> bool:
        """True once the last mat tile is bought (KT-14.1) or the cap is reached."""
        return self.over

    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over."""
        if self.pending is None:
            return None
        kind, player, _ = self.pending
        return Decision(player, kind, t(f"keythedral.prompt.{kind}"), kind in PUBLIC_KINDS)

    def to_move(self) -> int | None:
        """The seat that must decide now (None when the game is over)."""
        return None if self.pending is None else self.pending[1]

    def clone(self) -> Self:
        """Copy every mutable container; static data and immutable values are shared."""
        other = object.__new__(type(self))
        other._legal = self._legal  # an immutable tuple: safe to share
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
        other.stack = self.stack[:]
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
        other.frames = self.frames[:]
        other.pending = self.pending
        other.over = self.over
        other.was_capped = self.was_capped
        other.log = self.log
        other.exposed = self.exposed
        return other

    # ------------------------------------------------------------- the engine
    def _run(self) -> None:
        """Run frames until a decision is pending or the game is over."""
        handlers = _FRAME_HANDLERS
        frames = self.frames
        while self.pending is None and not self.over:
            if not frames:
                raise KeepersError("internal error: the rules flow ran out of frames")
            frame = frames.pop()
            handlers[frame[0]](self, *frame[1:])

    def _ask(self, kind: str, player: int, info: Any = None) -> None:
        self.pending = (kind, player, info)

    def _event(self, *event: Any) -> None:
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

    def _legal_actions(self) -> list[str]:
        assert self.pending is not None
        kind, player, info = self.pending
        return _LEGAL[kind](self, player, info)

    def _apply(self, action: str) -> None:
        assert self.pending is not None
        kind, player, info = self.pending
        self.pending = None
        _APPLY[kind](self, player, info, action.split())
        self._run()

    def _explain_illegal(self, action: str) -> RuleError:
        kind, player, _ = self.pending if self.pending else ("", -1, None)
        words = action.split()
        if not words:
            return RuleError(KIND_CLAUSE.get(kind, "ENGINE"), "empty decision")
        verb = words[0]
        clause = VERB_CLAUSE.get(verb, KIND_CLAUSE.get(kind, "ENGINE"))
        if verb == "play" and len(words) > 1 and words[1] in self.data.laws:
            clause = self.data.laws[words[1]].clause
        legal = self.legal_actions()
        verbs = sorted({a.split()[0] for a in legal})
        known = verb in _ALL_VERBS
        what = "is not legal now" if known else "is not a Keythedral decision"
        prompt = t(f"keythedral.prompt.{kind}")
        return RuleError(clause, f"{action!r} {what}; seat {player} must decide "
                         f"({prompt}); legal verbs: {', '.join(verbs)}")

    # ---------------------------------------------------------------- helpers
    def order_from(self, start: int) -> tuple[int, ...]:
        """Seats clockwise from ``start`` (KT-0.2)."""
        return _ORDERS[self.n][start % self.n]

    def _lay_field(self, tile_id: str, cell: Pos) -> None:
        self.fields[cell] = self.data.field_type_of[tile_id]
        self.field_ids[cell] = tile_id

    def has_access(self, slot: Pos, cell: Pos, player: int) -> bool:
        """KT-2.7: the tile at ``slot`` reaches ``cell`` (a field, not fenced off)."""
        if cell not in self.fields:
            return False
        return player in self.trespass or (slot, cell) not in self.fences

    def current_row(self) -> int | None:
        """KT-10.1: the lowest-value row still holding a tile."""
        for r, row in enumerate(self.rows):
            if any(row):
                return r
        return None

    def face_up(self, row: int) -> bool:
        """KT-10.2, KT-15.2: whether the tiles of a row show their costs."""
        return self.revealed[row] or bool(self.options.get("face_up"))

    def face_up_spaces(self) -> list[tuple[int, int]]:
        """Mat spaces holding a face-up tile."""
        return [(r, i) for r, row in enumerate(self.rows) if self.face_up(r)
                for i, t in enumerate(row) if t]

    def space_of(self, tile_id: str) -> tuple[int, int] | None:
        """The mat space holding ``tile_id``."""
        for r, row in enumerate(self.rows):
            if tile_id in row:
                return r, row.index(tile_id)
        return None

    def total_cubes(self, p: int) -> int:
        """Number of cubes in a player's stock, all colours."""
        return sum(self.stocks[p])

    def craft_available(self, colour: int) -> bool:
        """KT-7.9: a craft colour on its craftsman's space or in the store."""
        return self.craftsmen[colour] > 0 or self.store[colour] > 0

    def take_craft(self, p: int, colour: int) -> None:
        """KT-7.9 refill rule: refill the space from the store if empty, then take."""
        if self.craftsmen[colour] == 0:
            self.store[colour] -= 1
            self.craftsmen[colour] += 1
        self.craftsmen[colour] -= 1
        self.stocks[p][colour] += 1

    def pay(self, p: int, cost: tuple[int, ...] | list[int]) -> None:
        """Move exactly ``cost`` from a stock to the store (KT-0.5, KT-0.7)."""
        stock, store = self.stocks[p], self.store
        for c, k in enumerate(cost):
            if k:
                stock[c] -= k
                store[c] += k

    def gain(self, p: int, colour: int, k: int = 1) -> None:
        """Move ``k`` cubes of a colour from the store to a stock; the caller has checked
        that the store holds them (KT-6.4, KT-7.11)."""
        self.store[colour] -= k
        self.stocks[p][colour] += k

    def moratorium_blocks(self, p: int) -> bool:
        """KT-12.12: another player's Building Moratorium forbids ``p`` to build houses."""
        return self.moratorium is not None and self.moratorium != p

    def counts_as(self, p: int, number: int) -> int:
        """KT-12.6: the number a player's tile counts as this phase 1."""
        return self.renumber.get((p, number), number)

    def cottages(self, p: int) -> list[int]:
        """Numbers of a player's cottages (not houses) on the board."""
        out = []
        for number, slot in enumerate(self.tile_slot[p], start=1):
            if slot is not None and not self.tiles[slot][2]:
                out.append(number)
        return out

    def houses(self) -> list[Pos]:
        """Slots holding a house, any owner."""
        return [s for s, t in self.tiles.items() if t[2]]

    def set_house(self, slot: Pos, house: bool) -> None:
        """Turn a tile to its house or cottage face."""
        owner, number, _ = self.tiles[slot]
        self.tiles[slot] = (owner, number, house)
        self._event("house" if house else "collapse", owner, number)

    def remove_fence(self, edge: Edge) -> None:
        """A removed fence leaves the game (KT-7.7)."""
        owner = self.fences.pop(edge)
        self._event("unfence", owner, fmt(edge[0]), fmt(edge[1]))

    def discard_space_cards(self, space: tuple[int, int]) -> None:
        """KT-10.7: price cards attached to a space are discarded when its tile is bought."""
        self.discard.extend(self.price_cards.pop(space, ()))

    # ------------------------------------------------------------------ scores
    def scores(self) -> list[int]:
        """KT-14.3: tile values plus unspent cubes at their end values."""
        tiles = self.data.tiles
        points = self.data.points
        return [sum(tiles[t].value for t in self.owned[p])
                + sum(k * v for k, v in zip(self.stocks[p], points, strict=True))
                for p in range(self.n)]

    def ranking_key(self, p: int) -> tuple[int, int, int]:
        """KT-14.5: score, then tile total, then number of tiles."""
        tiles = self.data.tiles
        return (self.scores()[p], sum(tiles[t].value for t in self.owned[p]), len(self.owned[p]))

    def winners(self) -> list[int]:
        """KT-14.5: the best players after the tie-breaks (several share a victory)."""
        keys = [self.ranking_key(p) for p in range(self.n)]
        best = max(keys)
        return [p for p in range(self.n) if keys[p] == best]

    def stats(self) -> dict[str, float]:
        """Per-game figures for simulation reports."""
        return {
            "tiles_bought": float(sum(len(o) for o in self.owned)),
            "houses": float(len(self.houses())),
            "fences": float(len(self.fences)),
        }

    # ------------------------------------------------------------------- views
    def view(self, player: int | None) -> JsonDict:
        """What ``player`` may see (KT-13.5); ``None`` gives the public view."""
        from keepers.games.keythedral.views import build_view

        return build_view(self, player)

    def to_dict(self) -> JsonDict:
        """The full position, hidden items included (a position file)."""
        from keepers.games.keythedral.serial import state_to_dict

        return state_to_dict(self)


# ====================================================================== frames
def _f_start(s: KeythedralState) -> None:
    """KT-3.12: turn the value-4 row face up and start round 1."""
    s.revealed[0] = True
    s.round = 1
    s._event("start", s.first)
    _push_round(s)


def _push_round(s: KeythedralState) -> None:
    """KT-4.1: the five phases of a round."""
    s.frames += [("end_round",), ("phase", 5), ("phase", 4), ("phase", 3), ("phase", 2),
                 ("phase", 1)]


def _f_lay_field(s: KeythedralState, p: int) -> None:
    """KT-3.10 step 1: draw the top field tile, then lay it."""
    if s.drawn is None:
        s.drawn = s.stack.pop()
    s._ask("field", p, s.drawn)


def _f_lay_cottage(s: KeythedralState, p: int) -> None:
    """KT-3.10 step 2: lay one of one's own cottages."""
    s._ask("cottage", p)


def _f_phase(s: KeythedralState, phase: int) -> None:
    s.phase = phase
    s.frames.append(("phase_body", phase))
    _open_window(s, PHASE_WINDOWS[phase], s.order_from(s.first))


def _f_phase_body(s: KeythedralState, phase: int) -> None:
    if phase == 1:
        s.frames.append(("marker", 1))
    elif phase == 2:
        for p in reversed(s.order_from(s.first)):
            s.frames.append(("collect_step", p))
    elif phase == 3:
        s.passes = 0
        s.retired = [False] * s.n
        s.withdrawn = ()
        s.frames.append(("turn", s.first))
    elif phase == 4:
        _return_phase(s)
    else:
        _start_bidding(s)


def _f_end_round(s: KeythedralState) -> None:
    """End of round: round effects lapse; the next round begins (KT-9.8)."""
    s.workorder = None
    s.trespass = frozenset()
    s.renumber = {}
    s.crop_choice = {}
    s.hard_worker = frozenset()
    s.bumper = frozenset()
    s.blight = frozenset()
    s.moratorium = None
    s.markers = []
    cap = int(s.options.get("max_rounds", 0) or 0)
    if cap and s.round >= cap:
        s.over = True
        s.was_capped = True
        return
    s.round += 1
    _push_round(s)


# ----------------------------------------------------------------- windows
def _open_window(s: KeythedralState, wid: str, order: tuple[int, ...], ctx: int = -1) -> None:
    """Push a law window (KT-4.2); skipped outright when nobody holds a card."""
    if any(s.hands):
        s.frames.append(("win", wid, order, 0, 0, ctx))


def _f_win(s: KeythedralState, wid: str, order: tuple[int, ...], idx: int, passes: int,
           ctx: int) -> None:
    """KT-4.10 polling; players with no playable card pass silently (KT-4.14)."""
    if wid in ("WB_OTHER", "WB_BUYER") and (s.purchase is None or s.purchase[4]):
        return  # KT-10.5: the purchase was voided; the rest of its windows is not held
    size = len(order)
    while passes < size:
        p = order[idx]
        plays = laws.card_plays(s, p, wid, ctx) if s.hands[p] else []
        if plays:
            s.frames.append(("win", wid, order, idx, passes, ctx))
            s._ask("law", p, (wid, plays))
            return
        passes += 1
        idx = (idx + 1) % size


def _f_wx(s: KeythedralState, p: int, play: str) -> None:
    """KT-4.9: before a card resolves, the other players may Veto it."""
    for q in s.order_from(p + 1)[:-1]:
        if "C10" in s.hands[q]:
            s._ask("veto", q, play)
            return


def _f_resolve(s: KeythedralState, p: int, play: str) -> None:
    laws.resolve(s, p, play.split())


# ------------------------------------------------------------------ phase 1
def _f_marker(s: KeythedralState, k: int) -> None:
    """KT-5.2: marker k is placed by its chooser (or by Work Order's player)."""
    chooser = (s.first + k - 1) % s.n
    free = [m for m in range(1, 6) if m not in s.markers]
    if len(free) == 1:
        _place_marker(s, k, free[0])
    else:
        decider = s.workorder if s.workorder is not None else chooser
        s._ask("marker", decider, k)


def _place_marker(s: KeythedralState, k: int, number: int) -> None:
    """KT-5.3: after the marker, WM and then one placement step per player."""
    chooser = (s.first + k - 1) % s.n
    s.markers.append(number)
    s._event("marker", k, number, chooser)
    if k < 5:
        s.frames.append(("marker", k + 1))
    order = s.order_from(chooser)
    for p in reversed(order):
        s.frames.append(("place_step", p, number))
    _open_window(s, "WM", order, number)


def _f_place_step(s: KeythedralState, p: int, number: int) -> None:
    """KT-5.4: the step opens with WP for that player."""
    s.frames.append(("place", p, number, ()))
    _open_window(s, "WP", (p,), number)


def placement_options(s: KeythedralState, p: int, number: int,
                      placed: tuple[int, ...]) -> list[tuple[int, Pos]]:
    """KT-5.4 to KT-5.7: (tile number, field) pairs where a worker may go now."""
    out: list[tuple[int, Pos]] = []
    workers = s.workers
    renumber = s.renumber
    for tile_number, slot in enumerate(s.tile_slot[p], start=1):
        if slot is None:
            continue
        if (renumber.get((p, tile_number), tile_number) if renumber else tile_number) != number:
            continue
        capacity = 2 if s.tiles[slot][2] else 1
        if placed.count(tile_number) >= capacity:
            continue
        for cell in touching(slot):
            if cell not in workers and s.has_access(slot, cell, p):
                out.append((tile_number, cell))
    return out


def _f_place(s: KeythedralState, p: int, number: int, placed: tuple[int, ...]) -> None:
    options = placement_options(s, p, number, placed)
    if options:
        s._ask("place", p, (number, placed, options))


# ------------------------------------------------------------------ phase 2
def _f_collect_step(s: KeythedralState, p: int) -> None:
    """KT-6.2: each collection step opens with WC."""
    s.frames.append(("collect", p))
    _open_window(s, "WC", (p,))


def _f_collect(s: KeythedralState, p: int) -> None:
    """KT-6.3 to KT-6.5: collect for every worker of ``p``."""
    free_type = s.crop_choice.get(p)
    # KT-12.14, KT-16.18: Hard Worker doubles every cube, after Bumper Crop.
    factor = 2 if p in s.hard_worker else 1
    gained = [0] * 8
    wanted = [0] * 8
    free = 0
    for cell, owner in s.workers.items():
        if owner != p:
            continue
        ftype = s.fields[cell]
        amount = 0 if ftype in s.blight else (2 if ftype in s.bumper else 1)
        if ftype == free_type:
            free += amount * factor
        else:
            wanted[ftype] += amount * factor
    for colour, amount in enumerate(wanted):
        # KT-6.4, KT-16.9: all or nothing per colour; a shortfall leaves the store untouched
        # for the players after, and for this player's own Crop Choice cubes (KT-6.5).
        if amount and s.store[colour] >= amount:
            s.gain(p, colour, amount)
            gained[colour] = amount
    s._event("harvest", p, tuple(gained), tuple(wanted))
    if free:
        s.frames.append(("crop", p, free))


def _f_crop(s: KeythedralState, p: int, left: int) -> None:
    """KT-6.5: free-colour cubes are taken one at a time; lost if the store has none."""
    if any(s.store[c] for c in RESOURCES):
        s._ask("crop", p, left)
    else:
        s._event("harvest_lost", p, left)


# ------------------------------------------------------------------ phase 3
def _f_turn(s: KeythedralState, p: int) -> None:
    """KT-7.2: a spending turn opens with WT, then one action or a pass."""
    s.frames.append(("act", p))
    _open_window(s, "WT", (p,))


def _f_act(s: KeythedralState, p: int) -> None:
    s._ask("turn", p)


def _f_next_turn(s: KeythedralState, p: int) -> None:
    """KT-7.3: phase 3 ends when all retired or passes equal the active players."""
    s.withdrawn = ()
    active = s.n - sum(s.retired)
    if active == 0 or s.passes >= active:
        return
    for q in s.order_from(p + 1):
        if not s.retired[q]:
            s.frames.append(("turn", q))
            return


def _f_pay(s: KeythedralState, p: int, left: int, mode: int, to: int) -> None:
    """Pay cubes one at a time (a compound payment broken into decisions)."""
    s._ask("pay", p, (left, mode, to))


def _f_give_craft(s: KeythedralState, p: int, colour: int) -> None:
    s.take_craft(p, colour)
    s._event("craft", p, COLOURS[colour])


def _f_gain(s: KeythedralState, p: int, colours: tuple[int, ...]) -> None:
    for colour in colours:
        s.gain(p, colour)
    s._event("trade", p, tuple(COLOURS[c] for c in colours))


def _f_take_law(s: KeythedralState, p: int, space: int) -> None:
    """KT-7.10: take the card blind; the player retires from phase 3."""
    card = s.law_spaces[space]
    assert card is not None
    s.law_spaces[space] = None
    s.hands[p].append(card)
    s.retired[p] = True
    s._event("law", p, space + 1)


def _f_purchase_end(s: KeythedralState) -> None:
    """KT-10.3 step 4 (or KT-10.5 when void): price choices, then pay or withdraw."""
    assert s.purchase is not None
    buyer, row, idx, style, void = s.purchase
    if void:
        s.purchase = None
        if style:
            s.discard.append("C05")
        s.frames.append(("turn", buyer))
        return
    tile = s.rows[row][idx]
    assert tile is not None
    s.price = s.data.tiles[tile].cost
    cards = s.price_cards.get((row, idx), ())
    s.frames.append(("final", buyer))
    if style:
        s.frames.append(("style", buyer))
    s.frames.extend(("remove", buyer) for c in cards if c == "C03")
    s.frames.extend(("add", buyer) for c in cards if c == "C02")


def _f_add(s: KeythedralState, p: int) -> None:
    assert s.purchase is not None
    _, row, idx, _, _ = s.purchase
    tile = s.rows[row][idx]
    assert tile is not None
    s._ask("add", p, pricing.increase_choices(s.data.tiles[tile].cost))


def _f_remove(s: KeythedralState, p: int) -> None:
    choices = pricing.decrease_choices(s.price)
    if choices:
        s._ask("remove", p, choices)


def _f_style(s: KeythedralState, p: int) -> None:
    s._ask("style", p)


def _f_as(s: KeythedralState, p: int, left: int) -> None:
    s._ask("as", p, left)


def _f_final(s: KeythedralState, p: int) -> None:
    s._ask("final", p)


def _f_relay(s: KeythedralState, owner: int, number: int, house: bool) -> None:
    """KT-2.11: relay an enclosed tile, or remove it when no slot is relay-legal."""
    slots = relay_slots(s)
    if slots:
        s._ask("relay", owner, ((number, house), slots))
    else:
        s.tile_slot[owner][number - 1] = None
        s._event("removed", owner, number)


def relay_slots(s: KeythedralState) -> list[Pos]:
    """KT-2.11: empty slots (not K) reaching a field through an unfenced edge."""
    found: set[Pos] = set()
    key = s.data.keythedral_slot
    for cell in s.fields:
        for slot in touching(cell):
            if slot not in s.tiles and slot != key and (slot, cell) not in s.fences:
                found.add(slot)
    return sorted(found)


# ------------------------------------------------------------------ phase 4
def _return_phase(s: KeythedralState) -> None:
    """KT-8.2 to KT-8.4: workers home, markers off, new laws dealt face down."""
    s.workers = {}
    s.markers = []
    for i, card in enumerate(s.law_spaces):
        if card is None and s.deck:
            s.law_spaces[i] = s.deck.pop()


# ------------------------------------------------------------------ phase 5
def _start_bidding(s: KeythedralState) -> None:
    """KT-9.2, KT-9.3: A hands the marker to B; bids from C round to A, then B."""
    a = s.first
    b = (a + 1) % s.n
    order = tuple((b + 1 + i) % s.n for i in range(s.n - 1)) + (b,)
    s._event("marker_passed", a, b)
    s.frames.append(("bid", order, 0, 0, -1, 0))


def _f_bid(s: KeythedralState, order: tuple[int, ...], idx: int, high: int, high_by: int,
           b_bid: int) -> None:
    if idx < len(order):
        s._ask("bid", order[idx], (order, idx, high, high_by))
        return
    b = order[-1]
    if b_bid:
        winner, amount, to = b, b_bid, high_by
    elif high_by >= 0:
        winner, amount, to = high_by, high, b
    else:
        winner, amount, to = b, 0, -1
    s._event("bid_won", winner, amount, to)
    s.frames.append(("first", winner))
    if amount:
        s.frames.append(("pay", winner, amount, ANY_CUBE, to))


def _f_first(s: KeythedralState, p: int) -> None:
    s._ask("first", p)


_FRAME_HANDLERS: dict[str, Callable[..., None]] = {
    "start": _f_start, "lay_field": _f_lay_field, "lay_cottage": _f_lay_cottage,
    "phase": _f_phase, "phase_body": _f_phase_body, "end_round": _f_end_round,
    "win": _f_win, "wx": _f_wx, "resolve": _f_resolve, "marker": _f_marker,
    "place_step": _f_place_step, "place": _f_place, "collect_step": _f_collect_step,
    "collect": _f_collect, "crop": _f_crop, "turn": _f_turn, "act": _f_act,
    "next_turn": _f_next_turn, "pay": _f_pay, "give_craft": _f_give_craft, "gain": _f_gain,
    "take_law": _f_take_law, "purchase_end": _f_purchase_end, "add": _f_add,
    "remove": _f_remove, "style": _f_style, "as": _f_as, "final": _f_final,
    "relay": _f_relay, "bid": _f_bid, "first": _f_first,
}

# Imported late: decisions.py needs the frame helpers above.
from keepers.games.keythedral.decisions import _ALL_VERBS, _APPLY, _LEGAL  # noqa: E402
