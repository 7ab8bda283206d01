"""Keythedral for learning agents: a fixed action space and a fixed-shape observation.

**Actions** (:func:`action_codec`).  The catalogue lists every decision the rules can
offer at a player count, enumerated from the rules data and the decision grammar of the
rules modules, never from sampled games.  Most decisions are catalogued as their text
(``buy B04-3``, ``pay red``, ``play C07 red yellow``).  The board is unbounded (KT-2.8:
fields are laid wherever they connect), so decisions that name a board position are
catalogued relative to the public board of the moment (KT-13.3: every field and tile is
public), and decisions that name a seat relative to the deciding seat:

* ``field ~j``: the ``j``-th cell of the *frontier* (cells next to a field, KT-2.8);
* ``cottage N ~j``, ``relay ~j``: the ``j``-th *slot* touching a field (KT-2.9, KT-2.11);
* ``place N @i``: the ``i``-th field (KT-5.4);
* ``fence @i k``, ``unfence @i k``, ``play C11 @i k``: the edge between field ``i`` and
  its corner slot ``k`` (0 upper left, 1 upper right, 2 lower left, 3 lower right, KT-7.6);
* ``first +r``, ``play C20 +r``: the seat ``r`` places after the decider (KT-9.7, KT-12.20);
* ``play C17 +r N``: the house ``N`` of that seat (KT-12.17).

Fields, slots and frontier cells are numbered in the order of their ``(x, y)``.
The bounds of those numberings follow from KT-2.8 to KT-2.11: every field laid in setup
shares a slot with an earlier field (it is next to one, or touches a tile that touches
one), so each adds at most 3 slots and at most 4 frontier cells.

**Observations** (:func:`observation_codec`): one seat's view as numbers in named fields;
seats relative to the observing seat (itself first).  ``docs/rl/keythedral.md`` lists them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, NamedTuple

from keepers.core.encoding import ActionCodec, GameState, JsonDict, Layout, ObservationCodec
from keepers.core.errors import KeepersError
from keepers.games.keythedral.data import (
    COLOUR_INDEX,
    COLOURS,
    CRAFTS,
    FIELD_INDEX,
    FIELD_TYPES,
    RESOURCES,
    KeythedralData,
    packaged,
)
from keepers.games.keythedral.rules.board import fmt, parse_pos, touching
from keepers.games.keythedral.state import Pos, Position

TILE_NUMBERS = range(1, 6)
"""KT-1.2: each player's five tiles (cottage or house) are numbered 1 to 5; so are the
work-order markers (KT-5.2)."""
KINDS = ("field", "cottage", "marker", "place", "crop", "turn", "pay", "add", "remove",
         "style", "as", "final", "relay", "bid", "first", "law", "veto")
"""Every decision kind (the ``kind`` of ``state.decision()``), in observation order."""
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}
COORDINATE_SCALE = 0.1
"""Board coordinates (doubled, KT-2) are scaled to stay within a few units of 0."""
ROUND_SCALE = 0.1
SCORE_SCALE = 0.01
BID_SCALE = 0.1

_OFFSETS = ((-2, -2), (0, -2), (2, -2), (-2, 0), (2, 0), (-2, 2), (0, 2), (2, 2))


# ------------------------------------------------------------------ the board's numbering
class Geometry(NamedTuple):
    """The numbering of one board: its fields, the slots touching them (not the
    Keythedral's) and the frontier cells (next to a field, not touching the Keythedral)."""

    fields: tuple[Pos, ...]
    slots: tuple[Pos, ...]
    frontier: tuple[Pos, ...]
    field_index: dict[Pos, int]
    slot_index: dict[Pos, int]
    frontier_index: dict[Pos, int]


@lru_cache(maxsize=2048)
def geometry(cells: tuple[Pos, ...], keythedral: Pos) -> Geometry:
    """The numbering of the board whose fields are ``cells`` (sorted)."""
    field_set = set(cells)
    slots = sorted({s for c in cells for s in touching(c) if s != keythedral})
    frontier = sorted({(x + dx, y + dy) for x, y in cells for dx, dy in _OFFSETS}
                      - field_set - set(touching(keythedral)))
    return Geometry(cells, tuple(slots), tuple(frontier),
                    {c: i for i, c in enumerate(cells)}, {s: j for j, s in enumerate(slots)},
                    {c: j for j, c in enumerate(frontier)})


def corner(slot: Pos, cell: Pos) -> int:
    """Which corner of ``cell`` the ``slot`` is, in the order of ``touching(cell)``."""
    return (slot[1] - cell[1] + 1) + (slot[0] - cell[0] + 1) // 2


class Bounds(NamedTuple):
    """How many fields, slots and frontier cells a board can have at a player count."""

    fields: int
    slots: int
    frontier: int


def bounds(data: KeythedralData, players: int) -> Bounds:
    """KT-3.7 to KT-3.10, KT-2.8: the initial fields plus one per stacked field tile; each
    laid field adds at most 3 slots and 4 frontier cells (see the module docstring), and
    the last is laid with at most ``stack - 1`` before it."""
    stack = sum(1 for back in data.field_back.values() if back in data.stack_backs[players])
    start = geometry(tuple(sorted(cell for _, cell in data.initial_fields[players])),
                     data.keythedral_slot)
    return Bounds(len(start.fields) + stack, len(start.slots) + 3 * stack,
                  len(start.frontier) + 4 * (stack - 1))


# ------------------------------------------------------------------ the catalogue
def _law_arguments(data: KeythedralData, players: int, size: Bounds) -> dict[str, list[str]]:
    """KT-12: every argument list each law card may be played with (catalogue forms);
    Veto (C10) answers a ``veto`` decision and Good Deal and Craftsman's Discount (C15,
    C16) are announced with their action (``deal``, ``craft ... discount``), never played."""
    tiles = sorted(data.tiles)
    numbers = [str(n) for n in TILE_NUMBERS]
    edges = [f"@{i} {k}" for i in range(size.fields) for k in range(4)]
    seats = [f"+{r}" for r in range(players)]
    return {
        "C01": [""], "C02": [""], "C03": tiles, "C04": numbers, "C05": [""], "C06": numbers,
        "C07": [f"{COLOURS[r]} {COLOURS[c]}" for r in RESOURCES for c in CRAFTS],
        "C08": list(FIELD_TYPES), "C09": [""], "C10": [], "C11": edges, "C12": [""],
        "C13": tiles, "C14": [""], "C15": [], "C16": [],
        "C17": [f"+{r} {n}" for r in range(players) for n in TILE_NUMBERS],
        "C18": list(FIELD_TYPES), "C19": list(FIELD_TYPES), "C20": seats,
    }


def catalogue(data: KeythedralData, players: int) -> list[str]:
    """Every decision at ``players`` seats, in catalogue forms, grouped by decision kind."""
    size = bounds(data, players)
    colours = range(len(COLOURS))
    printed = sorted({c for tile in data.tiles.values() for c, k in enumerate(tile.cost) if k})
    fields = range(size.fields)
    edges = [f"@{i} {k}" for i in fields for k in range(4)]
    total_cubes = sum(data.supply)
    out = [f"field ~{j}" for j in range(size.frontier)]                          # KT-2.8
    out += [f"cottage {n} ~{j}" for n in TILE_NUMBERS for j in range(size.slots)]  # KT-2.9
    out += [f"mark {m}" for m in TILE_NUMBERS]                                   # KT-5.2
    out += [f"place {n} @{i}" for n in TILE_NUMBERS for i in fields] + ["done"]  # KT-5.4
    out += [f"take {COLOURS[c]}" for c in RESOURCES]                             # KT-6.5
    out += [f"buy {tile}" for tile in sorted(data.tiles)]                        # KT-7.4
    out += [f"house {n}" for n in TILE_NUMBERS]                                  # KT-7.5
    out += [f"fence {e}" for e in edges] + [f"unfence {e}" for e in edges]       # KT-7.6, 7.7
    for colour, price in sorted(data.craft_price.items()):                      # KT-7.9
        out.append(f"craft {COLOURS[colour]}")
        if price > 2:                                                            # KT-12.16
            out.append(f"craft {COLOURS[colour]} discount")
    out += [f"law {i}" for i in range(1, data.law_spaces[players] + 1)]          # KT-7.10
    out += [f"trade {COLOURS[c]}" for c in RESOURCES]                            # KT-7.11
    out += [f"deal {COLOURS[a]} {COLOURS[b]}" for a in RESOURCES for b in RESOURCES
            if a <= b]                                                           # KT-12.15
    out.append("pass")                                                           # KT-7.3
    out += [f"pay {COLOURS[c]}" for c in colours]                                # KT-0.7
    out += [f"add {COLOURS[c]}" for c in printed]                                # KT-10.4
    out += [f"remove {COLOURS[c]}" for c in printed if COLOURS[c] != "yellow"]
    out += ["style keep", "style resources"] + [                                 # KT-12.5
        f"style {COLOURS[a]} {COLOURS[b]}" for a in CRAFTS for b in CRAFTS if a != b]
    out += [f"as {COLOURS[c]}" for c in RESOURCES]
    out += ["pay", "withdraw"]                                                   # KT-10.3
    out += [f"relay ~{j}" for j in range(size.slots)]                            # KT-2.11
    out += [f"bid {k}" for k in range(1, total_cubes + 1)]                       # KT-9.4
    out += [f"first +{r}" for r in range(players)]                               # KT-9.7
    for card, arguments in _law_arguments(data, players, size).items():          # KT-12
        out += [f"play {card} {a}".rstrip() for a in arguments]
    out.append("veto")                                                           # KT-4.9
    return out


class _Context(NamedTuple):
    """What a rewrite reads of a state: the board's numbering, the decider and the tiles
    (all public, KT-13.3)."""

    board: Geometry
    seat: int
    players: int
    position: Position


class KeythedralActionCodec(ActionCodec):
    """The catalogue of :func:`catalogue`, rewriting board positions and seats between
    the decision texts and their relative catalogue forms."""

    def __init__(self, data: KeythedralData, players: int) -> None:
        super().__init__(catalogue(data, players))
        self.players = players
        # The entries that are decision texts themselves (the others name the board or
        # a seat relative to the moment, and are never texts).
        self._texts = {entry: i for entry, i in self._index.items()
                       if _rewrite_key(entry.split()) not in _TO_TEXT}
        self.keythedral = data.keythedral_slot

    # -- reading the state (public items only) ----------------------------
    def _context(self, state: GameState) -> _Context:
        position = getattr(state, "position", None)
        if not isinstance(position, Position):
            raise ValueError(f"a Keythedral action codec needs a Keythedral state, "
                             f"not {type(state).__name__}")
        if position.n != self.players:
            raise ValueError(f"a {self.players}-seat action codec cannot number a "
                             f"{position.n}-seat game")
        if position.pending is None:
            raise ValueError("the game is over: no decision to number")
        board = geometry(tuple(sorted(position.fields)), self.keythedral)
        return _Context(board, position.pending.player, position.n, position)

    # -- text -> entry ----------------------------------------------------
    def entry(self, state: GameState, action: str) -> str:
        """The catalogue form of ``action``: itself, or its board/seat-relative form;
        ValueError when it is no decision of the game (a relative form is none)."""
        if action in self._texts:
            return action
        return self._relative(self._context(state), action)

    def _relative(self, ctx: _Context, action: str) -> str:
        words = action.split()
        rewrite = _TO_ENTRY.get(_rewrite_key(words))
        try:
            if rewrite is None:
                raise ValueError(action)
            return rewrite(ctx, words)
        except (KeyError, ValueError, IndexError):
            raise ValueError(f"no action number for {action[:60]!r}") from None

    def legal_indices(self, state: GameState) -> list[int]:
        """The numbers of the legal decisions; the board is numbered once per call."""
        index = self._texts
        ctx: _Context | None = None
        out = []
        for action in state.legal_actions():
            number = index.get(action)
            if number is None:
                if ctx is None:
                    ctx = self._context(state)
                number = self._index[self._relative(ctx, action)]
            out.append(number)
        out.sort()
        return out

    # -- entry -> text ----------------------------------------------------
    def text(self, state: GameState, entry: str) -> str:
        """The decision text of ``entry``; ValueError when it names a board position or
        a house the board does not have now."""
        words = entry.split()
        rewrite = _TO_TEXT.get(_rewrite_key(words))
        if rewrite is None:
            return entry
        return rewrite(self._context(state), words)


def _rewrite_key(words: list[str]) -> str:
    """The key of a text's or an entry's rewrite: its verb, or ``play <card>``."""
    return " ".join(words[:2]) if words[:1] == ["play"] else (words[0] if words else "")


_NUMBER = r"(?:0|-?[1-9][0-9]*)"
_POSITION = re.compile(f"{_NUMBER},{_NUMBER}")
_SEAT = re.compile(r"0|[1-9][0-9]*")
"""Numbers as the rules write them: no sign but a minus, no leading zero."""


def _pos(word: str) -> Pos:
    """A board position ``x,y`` written exactly as the rules write it."""
    if not _POSITION.fullmatch(word):
        raise ValueError(word)
    return parse_pos(word)


def _words(words: list[str], count: int) -> list[str]:
    if len(words) != count:
        raise ValueError(" ".join(words))
    return words


# Rewrites text -> entry, by verb (or "play <card>"); ValueError, KeyError or IndexError
# when the text is no decision.
def _cell_entry(ctx: _Context, words: list[str]) -> str:
    _, cell = _words(words, 2)
    return f"field ~{ctx.board.frontier_index[_pos(cell)]}"


def _cottage_entry(ctx: _Context, words: list[str]) -> str:
    _, number, slot = _words(words, 3)
    return f"cottage {number} ~{ctx.board.slot_index[_pos(slot)]}"


def _relay_entry(ctx: _Context, words: list[str]) -> str:
    _, slot = _words(words, 2)
    return f"relay ~{ctx.board.slot_index[_pos(slot)]}"


def _place_entry(ctx: _Context, words: list[str]) -> str:
    _, number, cell = _words(words, 3)
    return f"place {number} @{ctx.board.field_index[_pos(cell)]}"


def _edge_entry(ctx: _Context, words: list[str]) -> str:
    *head, slot_word, cell_word = _words(words, 4 if words[0] == "play" else 3)
    slot, cell = _pos(slot_word), _pos(cell_word)
    if slot not in touching(cell):
        raise ValueError("not an edge")
    return " ".join(head) + f" @{ctx.board.field_index[cell]} {corner(slot, cell)}"


def _seat_entry(ctx: _Context, words: list[str]) -> str:
    *head, seat_word = _words(words, 3 if words[0] == "play" else 2)
    if not _SEAT.fullmatch(seat_word) or int(seat_word) >= ctx.players:
        raise ValueError("no such seat")
    return " ".join(head) + f" +{(int(seat_word) - ctx.seat) % ctx.players}"


def _house_entry(ctx: _Context, words: list[str]) -> str:
    _, _, slot = _words(words, 3)
    owner, number, _ = ctx.position.tiles[_pos(slot)]
    return f"play C17 +{(owner - ctx.seat) % ctx.players} {number}"


_TO_ENTRY: dict[str, Callable[[_Context, list[str]], str]] = {
    "field": _cell_entry, "cottage": _cottage_entry, "relay": _relay_entry,
    "place": _place_entry, "fence": _edge_entry, "unfence": _edge_entry,
    "play C11": _edge_entry, "first": _seat_entry, "play C20": _seat_entry,
    "play C17": _house_entry,
}


# Rewrites entry -> text, by verb (or "play <card>").
def _numbered(table: Sequence[Pos], word: str, what: str) -> Pos:
    number = int(word[1:])
    if number >= len(table):
        raise ValueError(f"the board has no {what} {word} now (it has {len(table)})")
    return table[number]


def _cell_text(ctx: _Context, words: list[str]) -> str:
    return f"field {fmt(_numbered(ctx.board.frontier, words[1], 'frontier cell'))}"


def _cottage_text(ctx: _Context, words: list[str]) -> str:
    return f"cottage {words[1]} {fmt(_numbered(ctx.board.slots, words[2], 'slot'))}"


def _relay_text(ctx: _Context, words: list[str]) -> str:
    return f"relay {fmt(_numbered(ctx.board.slots, words[1], 'slot'))}"


def _place_text(ctx: _Context, words: list[str]) -> str:
    return f"place {words[1]} {fmt(_numbered(ctx.board.fields, words[2], 'field'))}"


def _edge_text(ctx: _Context, words: list[str]) -> str:
    cell = _numbered(ctx.board.fields, words[-2], "field")
    slot = touching(cell)[int(words[-1])]
    return " ".join(words[:-2]) + f" {fmt(slot)} {fmt(cell)}"


def _seat_text(ctx: _Context, words: list[str]) -> str:
    return " ".join(words[:-1]) + f" {(ctx.seat + int(words[-1][1:])) % ctx.players}"


def _house_text(ctx: _Context, words: list[str]) -> str:
    owner = (ctx.seat + int(words[2][1:])) % ctx.players
    slot = ctx.position.tile_slot[owner][int(words[3]) - 1]
    if slot is None:
        raise ValueError(f"seat {owner} has no tile {words[3]} on the board now")
    return f"play C17 {fmt(slot)}"


_TO_TEXT: dict[str, Callable[[_Context, list[str]], str]] = {
    "field": _cell_text, "cottage": _cottage_text, "relay": _relay_text,
    "place": _place_text, "fence": _edge_text, "unfence": _edge_text,
    "play C11": _edge_text, "first": _seat_text, "play C20": _seat_text,
    "play C17": _house_text,
}


@cache
def _action_codec(players: int) -> KeythedralActionCodec:
    return KeythedralActionCodec(packaged(), players)


def _check_players(players: int) -> None:
    data = packaged()
    if not data.min_players <= players <= data.max_players:
        raise KeepersError(f"KT-3.1: Keythedral is for {data.min_players} to "
                           f"{data.max_players} players, not {players}")


def action_codec(players: int, options: Mapping[str, Any]) -> KeythedralActionCodec:
    """The action codec at ``players`` seats (built once; no option changes it)."""
    _check_players(players)
    return _action_codec(players)


# ------------------------------------------------------------------ observations
class Board(NamedTuple):
    """An observation's numbers for one board: those fixed by the fields alone (from
    ``board_fields`` to the end of ``board_frontier``), and where a worker's owner, a
    fence and a tile's owner go (absolute positions)."""

    values: list[float]
    worker_at: dict[Pos, int]
    fence_at: dict[tuple[Pos, Pos], int]
    tile_at: dict[Pos, int]


class KeythedralObservationCodec(ObservationCodec):
    """A seat's view (KT-13.5) as numbers; seats relative to the observing seat."""

    def __init__(self, data: KeythedralData, players: int, length: str) -> None:
        n = self.players = players
        size = self.bounds = bounds(data, players)
        self.tile_ids = sorted(data.tiles)
        self.card_ids = sorted(data.laws)
        self._tile = {tile: i for i, tile in enumerate(self.tile_ids)}
        self._card = {card: i for i, card in enumerate(self.card_ids)}
        self._row_lengths = data.row_lengths[length]
        self._rel = [[(q - seat) % n for q in range(n)] for seat in range(n)]
        self._boards: dict[tuple[Any, ...], Board] = {}
        self.keythedral = data.keythedral_slot
        self.field_stride, self.slot_stride = 8 + n, 9 + n
        tiles, cards = len(self.tile_ids), len(self.card_ids)
        layout = Layout()
        add = layout.add
        self.at = {field.name: field.start for field in (
            add("decision_kind", len(KINDS), "the pending decision's kind, one-hot in the "
                "order of KINDS; none while no decision is shown (KT-13.3)"),
            add("decider", n, "the deciding seat, one-hot"),
            add("over", 1, "1 once the game is over"),
            add("round", 1, f"the round times {ROUND_SCALE} (0 in setup)"),
            add("phase", 6, "the phase 0 (setup) to 5, one-hot"),
            add("first", n, "the first player, one-hot"),
            add("markers", 25, "work-order marker k (in the order placed) on number m: "
                "position 5(k-1)+(m-1)"),
            add("store", 8, "cubes in the store, by colour (black brown blue green red "
                "white purple yellow)"),
            add("craftsmen", 3, "craft cubes on the craftsmen's spaces (white purple yellow)"),
            add("own_cubes", 8, "the seat's cubes, by colour"),
            add("own_workers", 1, "the seat's workers not on the board"),
            add("own_hand", cards, "the seat's law cards, multi-hot C01..C20"),
            add("own_tiles", tiles, "the building tiles the seat owns, multi-hot by tile id"),
            add("cards_held", n, "how many law cards each seat holds"),
            add("fences_left", n, "fences each seat may still build"),
            add("cottages_unlaid", n, "each seat's tiles not on the board"),
            add("law_deck", 1, "law cards left in the deck"),
            add("law_spaces", data.law_spaces[players], "1 where a law space holds a card"),
            add("discard", cards, "law cards in the discard pile, multi-hot"),
            add("field_stack", 1, "field tiles left to draw in setup"),
            add("drawn_field", len(FIELD_TYPES), "the type of the field tile drawn, one-hot "
                "(quarry forest lake farm vineyard)"),
            add("mat_rows", 2 * len(self._row_lengths), "per mat row (values 4 to 12): "
                "face up, tiles left in its unused pile"),
            add("mat_spaces", 4 * sum(self._row_lengths), "per mat space, row by row: holds "
                "a tile, the tile is face down, Price Increases (C02), Price Decreases (C03)"),
            add("mat_tiles", tiles, "1 for each tile face up on the mat, by tile id"),
            add("purchase", 1, "1 while a purchase is in progress (KT-10.3)"),
            add("purchase_buyer", n, "its buyer, one-hot"),
            add("purchase_tile", tiles, "its tile, one-hot by tile id"),
            add("purchase_style", 1, "1 when Change of Style (C05) was played on it"),
            add("purchase_price", 8, "its price once set, by colour"),
            add("work_order", n, "the seat that played Work Order (C01) this round"),
            add("moratorium", n, "the seat that played Building Moratorium (C12)"),
            add("trespass", n, "seats that played Trespass (C09)"),
            add("hard_worker", n, "seats that played Hard Worker (C14)"),
            add("renumber", 5 * n, "Renumbering (C06): per seat, per tile number 1-5, the "
                "number it counts as, divided by 5"),
            add("crop_choice", len(FIELD_TYPES) * n, "Crop Choice (C08): per seat, the field "
                "type chosen, one-hot"),
            add("bumper_crop", len(FIELD_TYPES), "field types under Bumper Crop (C18)"),
            add("blight", len(FIELD_TYPES), "field types under Blight (C19)"),
            add("board_fields", size.fields * self.field_stride, "per field in (x, y) order, "
                f"F places: present, x and y times {COORDINATE_SCALE}, type "
                "one-hot (5), the owner of a worker on it one-hot (seats)"),
            add("board_fences", 4 * size.fields, "per field, per corner slot (upper left, "
                "upper right, lower left, lower right): 1 when a fence closes that edge"),
            add("board_slots", size.slots * self.slot_stride, "per slot touching a field, in "
                "(x, y) order, S places: present, x and y times "
                f"{COORDINATE_SCALE}, the tile's owner one-hot (seats), its number one-hot "
                "(5), 1 when it is a house"),
            add("board_frontier", size.frontier * 3, "per frontier cell (next to a field, "
                "where setup may lay one) in (x, y) order, C places: present, "
                f"x and y times {COORDINATE_SCALE}"),
            add("bid_high", 1, f"while bids are asked (KT-9.4): the highest bid so far "
                f"times {BID_SCALE}, read from the view's recent events"),
            add("bid_high_by", n, "who made it, one-hot"),
            add("scores", n, f"the final scores times {SCORE_SCALE}, once over"),
            add("winners", n, "1 for each winner, once over"),
        )}
        super().__init__(layout.fields)   # the layout: docs/rl/keythedral.md
        self._board_start = self.at["board_fields"]
        self._board_end = self.at["board_frontier"] + size.frontier * 3
        self._last_board: tuple[list[list[Any]], Board] | None = None
        self._memo: list[tuple[list[list[Any]], list[list[Any]], list[float]] | None] = (
            [None] * players)
        self._index_maps()

    def _index_maps(self) -> None:
        """Where each name goes in an observation: absolute positions, so that encoding
        a view is one dictionary look-up per item it shows."""
        at = self.at
        colour_of = COLOUR_INDEX.items()
        self._kind_at = {kind: at["decision_kind"] + i for i, kind in enumerate(KINDS)}
        self._store_at = {name: at["store"] + c for name, c in colour_of}
        self._craft_at = {name: at["craftsmen"] + c - CRAFTS.start for name, c in colour_of
                          if c in CRAFTS}
        self._cubes_at = {name: at["own_cubes"] + c for name, c in colour_of}
        self._price_at = {name: at["purchase_price"] + c for name, c in colour_of}
        self._hand_at = {card: at["own_hand"] + i for card, i in self._card.items()}
        self._discard_at = {card: at["discard"] + i for card, i in self._card.items()}
        self._owned_at = {tile: at["own_tiles"] + i for tile, i in self._tile.items()}
        self._mat_tile_at = {tile: at["mat_tiles"] + i for tile, i in self._tile.items()}
        self._bought_at = {tile: at["purchase_tile"] + i for tile, i in self._tile.items()}
        self._drawn_at = {kind: at["drawn_field"] + i for kind, i in FIELD_INDEX.items()}
        self._seat_counts = tuple((name, at[name]) for name in
                                  ("cards_held", "fences_left", "cottages_unlaid"))

    def _board(self, cells: list[list[Any]]) -> Board:
        """The numbering of the view's board and the numbers that depend on it alone;
        the board changes only in setup, so the last one is kept at hand."""
        last = self._last_board
        if last is not None and last[0] == cells:
            return last[1]
        key = tuple(map(tuple, cells))
        found = self._boards.get(key)
        if found is None:
            found = self._new_board(cells)
            if len(self._boards) > 4096:
                self._boards.clear()
            self._boards[key] = found
        self._last_board = [cell[:] for cell in cells], found
        return found

    def _new_board(self, cells: list[list[Any]]) -> Board:
        board = geometry(tuple((x, y) for x, y, _ in cells), self.keythedral)
        size = self.bounds
        if len(board.fields) > size.fields or len(board.slots) > size.slots:
            raise ValueError(f"a board of {len(board.fields)} fields and {len(board.slots)} "
                             f"slots exceeds this codec's {size.fields} and {size.slots}")
        values = [0.0] * (self._board_end - self._board_start)
        fields_at = self.at["board_fields"]
        slots_at = self.at["board_slots"]
        frontier_at = self.at["board_frontier"] - self._board_start
        for i, (x, y, kind) in enumerate(cells):
            at = i * self.field_stride
            values[at:at + 3] = (1.0, x * COORDINATE_SCALE, y * COORDINATE_SCALE)
            values[at + 3 + FIELD_INDEX[kind]] = 1.0
        for j, (x, y) in enumerate(board.slots):
            at = slots_at - self._board_start + j * self.slot_stride
            values[at:at + 3] = (1.0, x * COORDINATE_SCALE, y * COORDINATE_SCALE)
        # After setup the frontier may outgrow its bound; it then serves no decision.
        for j, (x, y) in enumerate(board.frontier[:size.frontier]):
            at = frontier_at + 3 * j
            values[at:at + 3] = (1.0, x * COORDINATE_SCALE, y * COORDINATE_SCALE)
        fences_at = self.at["board_fences"]
        return Board(
            values,
            {cell: fields_at + i * self.field_stride + 8 for i, cell in enumerate(board.fields)},
            {(slot, cell): fences_at + 4 * i + k for i, cell in enumerate(board.fields)
             for k, slot in enumerate(touching(cell))},
            {slot: slots_at + j * self.slot_stride + 3 for j, slot in enumerate(board.slots)})

    def encode(self, view: JsonDict, seat: int) -> list[float]:
        """``seat``'s view as :attr:`size` numbers (from the view alone, KT-13.5)."""
        if view.get("viewer") != seat or not 0 <= seat < self.players:
            raise ValueError(f"this is not seat {seat}'s view of a {self.players}-seat game")
        out = self._start(view, seat)
        at, rel = self.at, self._rel[seat]
        decision = view["decision"]
        if decision is not None:
            out[self._kind_at[decision["kind"]]] = 1.0
            out[at["decider"] + rel[decision["player"]]] = 1.0
            if decision["kind"] == "bid":
                self._bidding(out, view["events"], rel)
        if view["over"]:
            out[at["over"]] = 1.0
            for q, score in enumerate(view["scores"]):
                out[at["scores"] + rel[q]] = score * SCORE_SCALE
            for q in view["winners"]:
                out[at["winners"] + rel[q]] = 1.0
        out[at["round"]] = view["round"] * ROUND_SCALE
        out[at["phase"] + view["phase"]] = 1.0
        out[at["first"] + rel[view["first"]]] = 1.0
        markers = at["markers"] - 1
        for number in view["markers"]:
            out[markers + number] = 1.0
            markers += 5
        self._cubes(out, view, rel)
        self._mat(out, view)
        if view["effects"]:
            self._effects(out, view["effects"], rel)
        self._board_numbers(out, view, rel)
        return out

    def _bidding(self, out: list[float], events: list[list[Any]], rel: list[int]) -> None:
        """KT-9.3, KT-9.4: the highest bid since the marker was passed, and its bidder."""
        high, bidder = 0, -1
        for event in reversed(events):
            if event[0] == "marker_passed":
                break
            if event[0] == "bid" and event[2] > high:
                high, bidder = event[2], event[1]
        if bidder >= 0:
            out[self.at["bid_high"]] = high * BID_SCALE
            out[self.at["bid_high_by"] + rel[bidder]] = 1.0

    def _cubes(self, out: list[float], view: JsonDict, rel: list[int]) -> None:
        """Cubes, law cards, counts per seat, the setup stack and the purchase."""
        at = self.at
        store_at, cubes_at = self._store_at, self._cubes_at
        for colour, count in view["store"].items():
            out[store_at[colour]] = count
        craft_at = self._craft_at
        for colour, count in view["craftsmen"].items():
            out[craft_at[colour]] = count
        you = view["you"]
        for colour, count in you["cubes"].items():
            out[cubes_at[colour]] = count
        out[at["own_workers"]] = you["workers"]
        hand_at = self._hand_at
        for card in you["hand"]:
            out[hand_at[card]] += 1.0
        owned_at = self._owned_at
        for tile in you["tiles"]:
            out[owned_at[tile]] = 1.0
        for name, start in self._seat_counts:
            for q, count in enumerate(view[name]):
                out[start + rel[q]] = count
        out[at["law_deck"]] = view["law_deck"]
        spaces = at["law_spaces"]
        for i, held in enumerate(view["law_spaces"]):
            if held:
                out[spaces + i] = 1.0
        discard_at = self._discard_at
        for card in view["discard"]:
            out[discard_at[card]] += 1.0
        out[at["field_stack"]] = view["field_stack"]
        if view["drawn_field"] is not None:
            out[self._drawn_at[view["drawn_field"]]] = 1.0
        purchase = view["purchase"]
        if purchase is not None:
            out[at["purchase"]] = 1.0
            out[at["purchase_buyer"] + rel[purchase["buyer"]]] = 1.0
            out[self._bought_at[purchase["tile"]]] = 1.0
            out[at["purchase_style"]] = 1.0 if purchase["style"] else 0.0
            price_at = self._price_at
            for colour, count in (purchase["price"] or {}).items():
                out[price_at[colour]] = count

    def _mat(self, out: list[float], view: JsonDict) -> None:
        """KT-10.1, KT-13.1: the mat; a face-down tile is only 'a tile'."""
        rows, space_at = self.at["mat_rows"], self.at["mat_spaces"]
        tile_at, lengths = self._mat_tile_at, self._row_lengths
        for r, row in enumerate(view["mat"]):
            if row["face_up"]:
                out[rows] = 1.0
            out[rows + 1] = row["unused"]
            rows += 2
            spaces = row["spaces"]
            if len(spaces) != lengths[r]:
                raise ValueError(f"mat row {r} has {len(spaces)} spaces, this codec "
                                 f"{lengths[r]} (another length option)")
            for space in spaces:
                tile = space["tile"]
                if tile is not None:
                    out[space_at] = 1.0
                    if tile == "?":
                        out[space_at + 1] = 1.0
                    else:
                        out[tile_at[tile]] = 1.0
                    for card in space["price_cards"]:
                        out[space_at + (2 if card == "C02" else 3)] += 1.0
                space_at += 4

    def _effects(self, out: list[float], effects: JsonDict, rel: list[int]) -> None:
        """KT-12: the round effects of law cards played (public, KT-13.3)."""
        at = self.at
        for name in ("work_order", "moratorium"):
            if name in effects:
                out[at[name] + rel[effects[name]]] = 1.0
        for name in ("trespass", "hard_worker"):
            for q in effects.get(name, ()):
                out[at[name] + rel[q]] = 1.0
        for q, tile_number, number in effects.get("renumber", ()):
            out[at["renumber"] + 5 * rel[q] + tile_number - 1] = number / 5
        for q, kind in effects.get("crop_choice", {}).items():
            out[at["crop_choice"] + 5 * rel[int(q)] + FIELD_INDEX[kind]] = 1.0
        for kind in effects.get("bumper_crop", ()):
            out[at["bumper_crop"] + FIELD_INDEX[kind]] = 1.0
        for kind in effects.get("blight", ()):
            out[at["blight"] + FIELD_INDEX[kind]] = 1.0

    def _start(self, view: JsonDict, seat: int) -> list[float]:
        """A fresh observation holding the board: fields, slots and frontier (fixed per
        board) and the tiles on it (they change seldom: kept per seat, a copy of the
        last fields and tiles telling when to make it anew)."""
        fields, tiles = view["fields"], view["tiles"]
        memo = self._memo[seat]
        if memo is not None and memo[0] == fields and memo[1] == tiles:
            return memo[2][:]
        board = self._board(fields)
        out = [0.0] * self.size
        out[self._board_start:self._board_end] = board.values
        rel, n, tile_at = self._rel[seat], self.players, board.tile_at
        for x, y, owner, number, house in tiles:
            start = tile_at[x, y]
            out[start + rel[owner]] = 1.0
            out[start + n + number - 1] = 1.0
            if house:
                out[start + n + 5] = 1.0
        self._memo[seat] = ([cell[:] for cell in fields], [tile[:] for tile in tiles], out)
        return out[:]

    def _board_numbers(self, out: list[float], view: JsonDict, rel: list[int]) -> None:
        """KT-2: workers and fences, numbered as the action codec numbers the board."""
        board = self._board(view["fields"])
        worker_at, fence_at = board.worker_at, board.fence_at
        for x, y, owner in view["workers"]:
            out[worker_at[x, y] + rel[owner]] = 1.0
        for sx, sy, cx, cy, _ in view["fences"]:
            out[fence_at[(sx, sy), (cx, cy)]] = 1.0


@cache
def _observation_codec(players: int, length: str) -> KeythedralObservationCodec:
    return KeythedralObservationCodec(packaged(), players, length)


def observation_codec(players: int, options: Mapping[str, Any]) -> KeythedralObservationCodec:
    """The observation codec at ``players`` seats for the mat ``length`` of ``options``
    (KT-15.3; built once per pair)."""
    _check_players(players)
    length = options.get("length", "short")
    if length not in packaged().row_lengths:
        raise KeepersError(f"KT-15.3: length must be one of {sorted(packaged().row_lengths)}")
    return _observation_codec(players, str(length))
