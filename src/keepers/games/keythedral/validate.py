"""The checks of a Keythedral position read from a file: total, before anything plays it.

A position file comes from outside, so every field is checked for its type and
range (:func:`check_raw`, before the position is built), then the position as a
whole (:func:`check_position`): every id known, every reference pointing at
something that exists, and every component exactly once across its zones
(KT-1: 20 law cards, 34 building tiles, the field tiles of the player count,
the cubes of each colour, 10 workers and 3 fences per player).  The pending
decision must be one the rules could ask: its options are recomputed from the
position and each is tried on a copy.  A defect raises :class:`RecordError`
with one line naming the field.

These checks run when a position is loaded, never during play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from keepers.core.errors import KeepersError, RecordError
from keepers.core.fields import FieldReader, is_whole
from keepers.games.keythedral import flow
from keepers.games.keythedral.data import COLOURS, CRAFTS, FIELD_TYPES, RESOURCES, KeythedralData
from keepers.games.keythedral.rules import board, laws, placement, pricing
from keepers.games.keythedral.state import Position

READER = FieldReader("bad Keythedral position")
OPTION_NAMES = ("length", "face_up", "first", "max_rounds")
"""The options every position names (those of ``KeythedralGame.option_specs``)."""
ROUND_LIMIT = 10_000
"""The last round a position may be in when no round cap is set."""
BOARD_REACH = 64
"""No board coordinate goes further from the centre: 29 field tiles laid side by side
(two units each) reach 60 at most."""
CUBES_LIMIT = 130
"""Every cube of the game (KT-0.4): no payment, bid or price is larger."""
STACK_LIMIT = 500
"""Pending rules steps: a game never stacks more than a few dozen."""
LOG_LIMIT = 100_000
"""Public events: a capped game logs a few thousand."""
KEYS = ("players", "options", "rng", "round", "phase", "first", "store", "craftsmen",
        "stocks", "fences_left", "markers", "deck", "law_spaces", "hands", "discard", "rows",
        "revealed", "unused", "owned", "stack", "drawn", "workorder", "moratorium", "passes",
        "retired", "over", "was_capped", "trespass", "hard_worker", "bumper", "blight",
        "fields", "tiles", "tile_slot", "fences", "workers", "price_cards", "renumber",
        "crop_choice", "withdrawn", "purchase", "price", "frames", "pending", "exposed", "log")
"""Every key of a position (``serial.position_to_dict``)."""


# ---------------------------------------------------------------------- the raw fields
def check_raw(data: KeythedralData, raw: Any) -> None:
    """Refuse a position whose fields have the wrong type, size or range (before building)."""
    READER.record(raw, "the position", KEYS)
    n = READER.whole(raw["players"], "players", data.min_players, data.max_players)
    cap = _check_options(data, raw["options"], n)
    READER.whole(raw["rng"], "rng", 0, (1 << 64) - 1)
    READER.whole(raw["round"], "round", 0, cap or ROUND_LIMIT)
    READER.whole(raw["phase"], "phase", 0, 5)
    READER.whole(raw["first"], "first", 0, n - 1)
    READER.whole(raw["passes"], "passes", 0, n)
    for name in ("over", "was_capped"):
        READER.flag(raw[name], name)
    READER.flags(raw["retired"], "retired", n)
    for name in ("workorder", "moratorium"):
        _optional_seat(raw[name], name, n)
    _check_cubes(data, raw, n)
    _check_laws(data, raw, n)
    _check_mat(data, raw, n)
    _check_board(data, raw, n)
    _check_effects(raw, n)
    _check_flow(data, raw, n)


def _check_options(data: KeythedralData, options: Any, n: int) -> int:
    READER.record(options, "options", OPTION_NAMES)
    READER.text(options["length"], "options.length", data.row_lengths)
    READER.flag(options["face_up"], "options.face_up")
    READER.whole(options["first"], "options.first", -1, n - 1)
    return READER.whole(options["max_rounds"], "options.max_rounds", 0, ROUND_LIMIT)


def _optional_seat(value: Any, field: str, n: int) -> None:
    if value is not None:
        READER.whole(value, field, 0, n - 1)


def _check_cubes(data: KeythedralData, raw: dict[str, Any], n: int) -> None:
    """KT-0.4, KT-0.5, KT-0.7: cubes in the store, on the craftsmen and in the stocks."""
    READER.wholes(raw["store"], "store", 8, 0, CUBES_LIMIT)
    craftsmen = READER.wholes(raw["craftsmen"], "craftsmen", 8, 0, CUBES_LIMIT)
    if any(craftsmen[c] for c in RESOURCES):
        READER.refuse("craftsmen", "holds a resource cube (craftsmen hold craft cubes, KT-7.9)")
    stocks = READER.array(raw["stocks"], "stocks", n, n)
    for p, stock in enumerate(stocks):
        READER.wholes(stock, f"stocks[{p}]", 8, 0, CUBES_LIMIT)
    price = READER.array(raw["price"], "price", 0, 8)
    if price:
        READER.wholes(price, "price", 8, 0, CUBES_LIMIT)
    for c, colour in enumerate(COLOURS):
        total = raw["store"][c] + craftsmen[c] + sum(stock[c] for stock in stocks)
        if total != data.supply[c]:
            READER.refuse("store", f"with the craftsmen and the stocks holds {total} {colour} "
                                   f"cubes, not the {data.supply[c]} of the game (KT-0.4)")


def _check_laws(data: KeythedralData, raw: dict[str, Any], n: int) -> None:
    """KT-1.5: law card ids in the deck, on the spaces, in the hands and the discard."""
    READER.texts(raw["deck"], "deck", data.laws)
    spaces = READER.array(raw["law_spaces"], "law_spaces", data.law_spaces[n],
                          data.law_spaces[n])
    for i, card in enumerate(spaces):
        if card is not None:
            READER.text(card, f"law_spaces[{i}]", data.laws)
    for p, hand in enumerate(READER.array(raw["hands"], "hands", n, n)):
        READER.texts(hand, f"hands[{p}]", data.laws)
    READER.texts(raw["discard"], "discard", data.laws)
    exposed = READER.array(raw["exposed"], "exposed", 0, len(data.laws))
    for i, item in enumerate(exposed):
        READER.array(item, f"exposed[{i}]", 2, 2)
        seat = READER.whole(item[0], f"exposed[{i}][0]", 0, n - 1)
        if READER.text(item[1], f"exposed[{i}][1]", data.laws) not in raw["hands"][seat]:
            READER.refuse(f"exposed[{i}]", f"names {item[1]}, which seat {seat} does not hold")
    READER.distinct(exposed, "exposed")


def _check_mat(data: KeythedralData, raw: dict[str, Any], n: int) -> None:
    """KT-1.4, KT-3.5: the mat rows, the unused piles and the tiles owned."""
    lengths = data.row_lengths[raw["options"]["length"]]
    rows = READER.array(raw["rows"], "rows", len(lengths), len(lengths))
    unused = READER.array(raw["unused"], "unused", len(lengths), len(lengths))
    READER.flags(raw["revealed"], "revealed", len(lengths))
    for r, value in enumerate(data.row_values):
        of_value = {t for t, tile in data.tiles.items() if tile.value == value}
        row = READER.array(rows[r], f"rows[{r}]", lengths[r], lengths[r])
        for i, tile in enumerate(row):
            if tile is not None:
                READER.text(tile, f"rows[{r}][{i}]", of_value)
        READER.texts(unused[r], f"unused[{r}]", of_value)
    for p, owned in enumerate(READER.array(raw["owned"], "owned", n, n)):
        READER.texts(owned, f"owned[{p}]", data.tiles)
    spaces = READER.array(raw["price_cards"], "price_cards", 0, 20)
    for i, item in enumerate(spaces):
        where = f"price_cards[{i}]"
        READER.array(item, where, 3, 3)
        space = _space(raw, item[:2], where)
        if raw["rows"][space[0]][space[1]] is None:
            READER.refuse(where, "lies under an empty mat space (KT-10.6)")
        READER.texts(item[2], f"{where}[2]", laws.ATTACHED, 2)
    READER.distinct([item[:2] for item in spaces], "price_cards")
    withdrawn = READER.array(raw["withdrawn"], "withdrawn", 0, 50)
    for i, space in enumerate(withdrawn):
        _space(raw, space, f"withdrawn[{i}]")
    READER.distinct(withdrawn, "withdrawn")
    _check_purchase(raw, n)
    found = [tile for row in rows for tile in row if tile is not None]
    found += [tile for pile in unused for tile in pile]
    found += [tile for owned in raw["owned"] for tile in owned]
    _conserve("building tiles", found, list(data.tiles), "KT-1.4")


def _space(raw: dict[str, Any], space: Any, field: str) -> tuple[int, int]:
    """A mat space ``[row, index]``."""
    READER.array(space, field, 2, 2)
    row = READER.whole(space[0], f"{field}[0]", 0, len(raw["rows"]) - 1)
    return row, READER.whole(space[1], f"{field}[1]", 0, len(raw["rows"][row]) - 1)


def _check_purchase(raw: dict[str, Any], n: int) -> None:
    purchase = raw["purchase"]
    if purchase is None:
        return
    READER.array(purchase, "purchase", 5, 5)
    READER.whole(purchase[0], "purchase[0]", 0, n - 1)
    row, idx = _space(raw, purchase[1:3], "purchase")
    READER.flag(purchase[3], "purchase[3]")
    READER.flag(purchase[4], "purchase[4]")
    if raw["rows"][row][idx] is None:
        READER.refuse("purchase", "names an empty mat space")


def _check_board(data: KeythedralData, raw: dict[str, Any], n: int) -> None:
    """KT-2: fields on cells, tiles on slots, fences between them, workers on fields."""
    cells = _check_fields(data, raw)
    _check_tiles(data, raw, n)
    fences = READER.array(raw["fences"], "fences", 0, 3 * n)
    for i, fence in enumerate(fences):
        READER.array(fence, f"fences[{i}]", 5, 5)
        slot = _pos(fence[0:2], f"fences[{i}]", odd=True)
        cell = _pos(fence[2:4], f"fences[{i}]", odd=False)
        if cell not in cells or cell not in board.touching(slot):
            READER.refuse(f"fences[{i}]", "is not an edge between a slot and a field (KT-2.12)")
        READER.whole(fence[4], f"fences[{i}][4]", 0, n - 1)
    READER.distinct([fence[:4] for fence in fences], "fences")
    left = READER.wholes(raw["fences_left"], "fences_left", n, 0, data.fences)
    for p in range(n):
        if left[p] + sum(1 for fence in fences if fence[4] == p) > data.fences:
            READER.refuse(f"fences_left[{p}]", f"and the fences laid exceed {data.fences} (KT-1.6)")
    workers = READER.array(raw["workers"], "workers", 0, data.workers * n)
    for i, worker in enumerate(workers):
        READER.array(worker, f"workers[{i}]", 3, 3)
        if _pos(worker[0:2], f"workers[{i}]", odd=False) not in cells:
            READER.refuse(f"workers[{i}]", "stands on no field (KT-5.5)")
        READER.whole(worker[2], f"workers[{i}][2]", 0, n - 1)
    READER.distinct([worker[:2] for worker in workers], "workers")
    for p in range(n):
        if sum(1 for worker in workers if worker[2] == p) > data.workers:
            READER.refuse("workers", f"holds more than {data.workers} workers of seat {p}")


def _pos(value: list[Any], field: str, odd: bool) -> tuple[int, int]:
    """A board position: a slot (both odd) or a cell (both even), within reach (KT-2)."""
    x = READER.whole(value[0], field, -BOARD_REACH, BOARD_REACH)
    y = READER.whole(value[1], field, -BOARD_REACH, BOARD_REACH)
    if x % 2 != odd or y % 2 != odd:
        READER.refuse(field, f"{x},{y} is not a {'slot' if odd else 'cell'} (KT-2)")
    return x, y


def _check_fields(data: KeythedralData, raw: dict[str, Any]) -> set[tuple[int, int]]:
    """KT-1.3, KT-3.8: each field tile of the player count once, laid, drawn or stacked."""
    fields = READER.array(raw["fields"], "fields", 0, len(data.field_back))
    for i, item in enumerate(fields):
        READER.array(item, f"fields[{i}]", 4, 4)
        _pos(item[0:2], f"fields[{i}]", odd=False)
        tile = READER.text(item[3], f"fields[{i}][3]", data.field_back)
        if item[2] != data.field_type_of[tile]:
            READER.refuse(f"fields[{i}][2]", f"must be {data.field_type_of[tile]}, the type "
                                             f"of {tile}")
    READER.distinct([item[:2] for item in fields], "fields")
    stack = READER.texts(raw["stack"], "stack", data.field_back)
    drawn = [] if raw["drawn"] is None else [READER.text(raw["drawn"], "drawn", data.field_back)]
    n = raw["players"]
    used = [tile for tile, _ in data.initial_fields[n]]
    used += [tile for tile, back in data.field_back.items() if back in data.stack_backs[n]]
    _conserve("field tiles", [item[3] for item in fields] + stack + drawn, used, "KT-3.8")
    return {(item[0], item[1]) for item in fields}


def _check_tiles(data: KeythedralData, raw: dict[str, Any], n: int) -> None:
    """KT-1.2, KT-2.9: each player's five cottages, laid on a slot or not yet."""
    tiles = READER.array(raw["tiles"], "tiles", 0, 5 * n)
    laid: dict[tuple[int, int], tuple[int, int]] = {}
    for i, item in enumerate(tiles):
        READER.array(item, f"tiles[{i}]", 5, 5)
        slot = _pos(item[0:2], f"tiles[{i}]", odd=True)
        if slot == data.keythedral_slot:
            READER.refuse(f"tiles[{i}]", "lies on the Keythedral slot (KT-2.9)")
        owner = READER.whole(item[2], f"tiles[{i}][2]", 0, n - 1)
        number = READER.whole(item[3], f"tiles[{i}][3]", 1, 5)
        READER.flag(item[4], f"tiles[{i}][4]")
        if slot in laid or (owner, number) in laid.values():
            READER.refuse(f"tiles[{i}]", "names a slot or a cottage twice")
        laid[slot] = (owner, number)
    rows = READER.array(raw["tile_slot"], "tile_slot", n, n)
    for p, row in enumerate(rows):
        READER.array(row, f"tile_slot[{p}]", 5, 5)
        for number, slot in enumerate(row, start=1):
            field = f"tile_slot[{p}][{number - 1}]"
            if slot is None:
                continue
            READER.array(slot, field, 2, 2)
            if laid.get(_pos(slot, field, odd=True)) != (p, number):
                READER.refuse(field, f"does not match the tile laid at {slot[0]},{slot[1]}")
    if sum(slot is not None for row in rows for slot in row) != len(laid):
        READER.refuse("tiles", "and tile_slot do not name the same cottages")


def _check_effects(raw: dict[str, Any], n: int) -> None:
    """KT-12: the round effects of played laws, and the work-order markers (KT-5.2)."""
    for name, high in (("trespass", n - 1), ("hard_worker", n - 1), ("bumper", 4),
                       ("blight", 4)):
        values = READER.array(raw[name], name, 0, high + 1)
        for i, value in enumerate(values):
            READER.whole(value, f"{name}[{i}]", 0, high)
        READER.distinct(values, name)
    markers = READER.array(raw["markers"], "markers", 0, 5)
    for i, marker in enumerate(markers):
        READER.whole(marker, f"markers[{i}]", 1, 5)
    READER.distinct(markers, "markers")
    renumber = READER.array(raw["renumber"], "renumber", 0, 5 * n)
    for i, item in enumerate(renumber):
        READER.array(item, f"renumber[{i}]", 3, 3)
        READER.whole(item[0], f"renumber[{i}][0]", 0, n - 1)
        READER.whole(item[1], f"renumber[{i}][1]", 1, 5)
        READER.whole(item[2], f"renumber[{i}][2]", 1, 5)
    READER.distinct([item[:2] for item in renumber], "renumber")
    crops = READER.array(raw["crop_choice"], "crop_choice", 0, n)
    for i, item in enumerate(crops):
        READER.array(item, f"crop_choice[{i}]", 2, 2)
        READER.whole(item[0], f"crop_choice[{i}][0]", 0, n - 1)
        READER.whole(item[1], f"crop_choice[{i}][1]", 0, len(FIELD_TYPES) - 1)
    READER.distinct([item[0] for item in crops], "crop_choice")


def _conserve(what: str, found: list[str], expected: list[str], clause: str) -> None:
    """Refuse unless ``found`` holds each of ``expected`` exactly once."""
    have, want = Counter(found), Counter(expected)
    if have == want:
        return
    extra = sorted((have - want).elements())
    lost = sorted((want - have).elements())
    detail = f"{extra[0]} is found twice or does not belong" if extra else f"{lost[0]} is lost"
    READER.refuse(what, f"do not add up ({detail}; {clause})")


# ---------------------------------------------------------------------- the rules flow
def _check_flow(data: KeythedralData, raw: dict[str, Any], n: int) -> None:
    """The pending steps (``frames``), the pending decision and the public log."""
    frames = READER.array(raw["frames"], "frames", 0, STACK_LIMIT)
    for i, frame in enumerate(frames):
        READER.array(frame, f"frames[{i}]", 1, 6)
        kind = READER.text(frame[0], f"frames[{i}][0]", STEP_ARGS)
        _args(data, raw, frame[1:], STEP_ARGS[kind], f"frames[{i}]")
    pending = raw["pending"]
    if pending is not None:
        READER.array(pending, "pending", 3, 3)
        kind = READER.text(pending[0], "pending[0]", CHOICE_INFO)
        READER.whole(pending[1], "pending[1]", 0, n - 1)
        _args(data, raw, [pending[2]], (CHOICE_INFO[kind],), "pending[2]")
    if (pending is None) != raw["over"]:
        READER.refuse("pending", "must name a decision exactly while the game is not over")
    if raw["was_capped"] and not raw["over"]:
        READER.refuse("was_capped", "is true in a game that is not over")
    _check_laws_in_play(data, raw)
    for i, event in enumerate(READER.array(raw["log"], "log", 0, LOG_LIMIT)):
        _check_event(event, f"log[{i}]")


def _args(data: KeythedralData, raw: dict[str, Any], values: list[Any],
          kinds: tuple[str, ...], field: str) -> None:
    if len(values) != len(kinds):
        READER.refuse(field, f"must hold {len(kinds)} arguments, not {len(values)}")
    for i, (value, kind) in enumerate(zip(values, kinds, strict=True)):
        ARG_CHECKS[kind](data, raw, value, f"{field}[{i + 1}]")


ArgCheck = Callable[[KeythedralData, dict[str, Any], Any, str], None]


def _seat(data: KeythedralData, raw: dict[str, Any], value: Any, field: str) -> None:
    READER.whole(value, field, 0, raw["players"] - 1)


def _payee(data: KeythedralData, raw: dict[str, Any], value: Any, field: str) -> None:
    READER.whole(value, field, -1, raw["players"] - 1)  # -1: the store


def _seats(data: KeythedralData, raw: dict[str, Any], value: Any, field: str) -> None:
    order = READER.array(value, field, 1, raw["players"])
    for i, seat in enumerate(order):
        READER.whole(seat, f"{field}[{i}]", 0, raw["players"] - 1)
    READER.distinct(order, field)


def _whole(low: int, high: int) -> ArgCheck:
    def check(data: KeythedralData, raw: dict[str, Any], value: Any, field: str) -> None:
        READER.whole(value, field, low, high)
    return check


def _wholes(low: int, high: int, most: int) -> ArgCheck:
    def check(data: KeythedralData, raw: dict[str, Any], value: Any, field: str) -> None:
        for i, item in enumerate(READER.array(value, field, 0, most)):
            READER.whole(item, f"{field}[{i}]", low, high)
    return check


def _nothing(data: KeythedralData, raw: dict[str, Any], value: Any, field: str) -> None:
    if value is not None:
        READER.refuse(field, "must be null")


def _flag(data: KeythedralData, raw: dict[str, Any], value: Any, field: str) -> None:
    READER.flag(value, field)


def _window(data: KeythedralData, raw: dict[str, Any], value: Any, field: str) -> None:
    READER.text(value, field, {w for law in data.laws.values() for w in law.windows})


def _drawn(data: KeythedralData, raw: dict[str, Any], value: Any, field: str) -> None:
    if value is None or value != raw["drawn"]:
        READER.refuse(field, "must be the field tile drawn (drawn)")


def _play(data: KeythedralData, raw: dict[str, Any], value: Any, field: str) -> None:
    """A law card play (``play C06 2``) or an action modifier (``deal red blue``)."""
    words = READER.text(value, field).split()
    if not words or words[0] not in PLAY_ARGS and (
            words[0] != "play" or len(words) < 2 or words[1] not in data.laws):
        READER.refuse(field, f"is not a law card play: {value!r}")
    kinds = PLAY_ARGS[words[0]] if words[0] in PLAY_ARGS else CARD_ARGS.get(words[1], ())
    rest = words[1:] if words[0] in PLAY_ARGS else words[2:]
    if len(rest) != len(kinds) or not all(
            WORD_CHECKS[kind](raw, word) for kind, word in zip(kinds, rest, strict=True)):
        READER.refuse(field, f"is not a well-formed play: {value!r}")


def _is_pos(word: str, odd: bool) -> bool:
    parts = word.split(",")
    if len(parts) != 2 or not all(part.lstrip("-").isdigit() and len(part) < 4
                                  for part in parts):
        return False
    x, y = int(parts[0]), int(parts[1])
    return abs(x) <= BOARD_REACH and abs(y) <= BOARD_REACH and x % 2 == y % 2 == odd


WORD_CHECKS: dict[str, Callable[[dict[str, Any], str], bool]] = {
    "tile": lambda raw, w: w.startswith("B") and any(w in row for row in raw["rows"]),
    "number": lambda raw, w: w in ("1", "2", "3", "4", "5"),
    "resource": lambda raw, w: w in COLOURS[:5],
    "craft": lambda raw, w: w in (COLOURS[c] for c in CRAFTS),
    "field": lambda raw, w: w in FIELD_TYPES,
    "slot": lambda raw, w: _is_pos(w, odd=True),
    "cell": lambda raw, w: _is_pos(w, odd=False),
    "seat": lambda raw, w: w.isdigit() and int(w) < raw["players"],
    "discount": lambda raw, w: w == "discount",
}
"""What each word of a play may be."""
CARD_ARGS = {"C03": ("tile",), "C04": ("number",), "C06": ("number",),
             "C07": ("resource", "craft"), "C08": ("field",), "C11": ("slot", "cell"),
             "C13": ("tile",), "C17": ("slot",), "C18": ("field",), "C19": ("field",),
             "C20": ("seat",)}
"""The words after ``play Cxx`` (KT-12); other cards take none."""
PLAY_ARGS = {"deal": ("resource", "resource"), "craft": ("craft", "discount")}
"""Action modifiers (KT-12.15 Good Deal, KT-12.16 Craftsman's Discount)."""

ARG_CHECKS: dict[str, ArgCheck] = {
    "seat": _seat, "payee": _payee, "seats": _seats, "none": _nothing, "flag": _flag,
    "window": _window, "drawn": _drawn, "play": _play,
    "phase": _whole(1, 5), "number": _whole(1, 5), "numbers": _wholes(1, 5, 10),
    "cubes": _whole(1, CUBES_LIMIT), "bid": _whole(0, CUBES_LIMIT), "mode": _whole(0, 1),
    "resources": _wholes(0, 4, 2), "craft": _whole(5, 7), "index": _whole(0, 5),
    "context": _whole(-1, 5), "space": _whole(0, 4), "any": lambda *_: None,
    "colours": _wholes(0, 7, 8),
}
STEP_ARGS: dict[str, tuple[str, ...]] = {
    "start": (), "end_round": (), "purchase_end": (),
    **{kind: ("seat",) for kind in ("lay_field", "lay_cottage", "act", "collect_step",
                                    "collect", "final", "first", "remove", "add", "style",
                                    "next_turn", "turn")},
    "phase": ("phase",), "phase_body": ("phase",), "marker": ("number",),
    "place_step": ("seat", "number"), "place": ("seat", "number", "numbers"),
    "gain": ("seat", "resources"), "give_craft": ("seat", "craft"),
    "take_law": ("seat", "space"), "pay": ("seat", "cubes", "mode", "payee"),
    "as": ("seat", "cubes"), "crop": ("seat", "cubes"), "relay": ("seat", "number", "flag"),
    "bid": ("seats", "index", "bid", "payee", "bid"),
    "win": ("window", "seats", "index", "index", "context"),
    "wx": ("seat", "play"), "resolve": ("seat", "play"),
}
"""The arguments of each step kind (see the ``step_<kind>`` handlers)."""
CHOICE_INFO: dict[str, str] = {
    "field": "drawn", "cottage": "none", "final": "none", "first": "none", "style": "none",
    "turn": "none", "marker": "number", "crop": "cubes", "as": "cubes", "add": "colours",
    "remove": "colours", "veto": "play", "pay": "any", "place": "any", "relay": "any",
    "bid": "any", "law": "any",
}
"""What the ``info`` of each pending decision kind is; ``any``: recomputed and compared
by :func:`check_position`."""


def _check_laws_in_play(data: KeythedralData, raw: dict[str, Any]) -> None:
    """KT-1.5: each of the 20 law cards exactly once: in the deck, on a space, in a hand,
    in the discard, under a mat space, held by Change of Style or announced (KT-4.11)."""
    found = [*raw["deck"], *(c for c in raw["law_spaces"] if c is not None), *raw["discard"]]
    found += [card for hand in raw["hands"] for card in hand]
    found += [card for item in raw["price_cards"] for card in item[2]]
    purchase = raw["purchase"]
    if purchase is not None and purchase[3]:
        found.append("C05")
    for frame in raw["frames"]:
        if frame[0] == "resolve":
            found.append(_card_of(frame[2]))
    _conserve("law cards", found, list(data.laws), "KT-1.5")


def _card_of(play: str) -> str:
    words = play.split()
    return {"deal": "C15", "craft": "C16"}.get(words[0]) or words[1]


def _check_event(event: Any, field: str) -> None:
    """A public event: a known kind and its arguments, each of its type (KT-13.4)."""
    READER.array(event, field, 1, 4)
    types = EVENT_ARGS[READER.text(event[0], f"{field}[0]", EVENT_ARGS)]
    if len(event) - 1 != len(types):
        READER.refuse(field, f"must hold {len(types)} arguments, not {len(event) - 1}")
    for i, (value, kind) in enumerate(zip(event[1:], types, strict=True), start=1):
        if not _EVENT_VALUE[kind](value):
            READER.refuse(f"{field}[{i}]", f"must be {_EVENT_WORDS[kind]}, not {value!r:.40}")


def _short_text(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= 40


_EVENT_VALUE: dict[str, Callable[[Any], bool]] = {
    "i": lambda v: is_whole(v) and -1 <= v <= 1000,
    "s": _short_text,
    "I": lambda v: isinstance(v, list | tuple) and len(v) <= 8 and all(
        is_whole(x) and 0 <= x <= CUBES_LIMIT for x in v),
    "S": lambda v: isinstance(v, list | tuple) and len(v) <= 8 and all(
        _short_text(x) for x in v),
}
_EVENT_WORDS = {"i": "a small whole number", "s": "a short text",
                "I": "a short list of counts", "S": "a short list of texts"}
EVENT_ARGS = {
    "bid": "ii", "bid_pass": "i", "bid_won": "iii", "buy": "isI", "change_of_plan": "ss",
    "collapse": "ii", "cottage": "iis", "craft": "is", "crop": "is", "declare": "is",
    "enclosed": "iis", "fence": "iss", "field": "iss", "first": "i", "harvest": "iII",
    "harvest_lost": "ii", "house": "ii", "law": "ii", "marker": "iii", "marker_passed": "ii",
    "paid": "isi", "pass": "i", "play": "is", "relay": "iis", "removed": "ii", "start": "i",
    "trade": "iS", "unfence": "iss", "veto": "is", "withdraw": "i", "worker": "iis",
}
"""The arguments of each kind of public event: i a number, s a text, I a list of
counts, S a list of texts."""


# ---------------------------------------------------------------------- the built position
def check_position(position: Position) -> None:
    """Refuse a built position whose pending decision the rules could not have asked,
    or whose steps name what is not there; then try each option of the decision."""
    if not position.over:
        _check_round_steps(position)
    _check_references(position)
    _check_markers(position)
    _check_pending_info(position)
    _check_payments(position)
    if position.pending is not None:
        _try_options(position)


def _check_round_steps(position: Position) -> None:
    """The bottom of the step stack is the rest of the round (KT-4.1): in setup, the
    setup steps still to come (KT-3.10); in a round, its end and the phases after the
    current one."""
    steps = position.steps
    if position.round == 0:
        _check_setup_steps(position)
        return
    later = [("end_round",)] + [("phase", k) for k in range(5, position.phase, -1)]
    if steps[:len(later)] != later or any(s[0] == "phase" for s in steps[len(later):]):
        READER.refuse("frames", f"do not hold the rest of round {position.round} after "
                                f"phase {position.phase} (KT-4.1)")
    if any(s[0] in SETUP_STEPS for s in steps):
        READER.refuse("frames", "hold a setup step after setup (KT-3.10)")


SETUP_STEPS = frozenset({"start", "lay_field", "lay_cottage"})


def _check_setup_steps(position: Position) -> None:
    """KT-3.10: five setup rounds, each player laying a field then a cottage, clockwise
    from the first player; one field tile in the stack for each field still to lay."""
    n, first = position.n, position.first
    order = [(kind, (first + i) % n) for _ in range(5) for i in range(n)
             for kind in ("lay_field", "lay_cottage")]
    remaining = list(reversed(position.steps[1:]))
    done = len(order) - len(remaining)
    pending = position.pending
    asked = {"field": "lay_field", "cottage": "lay_cottage"}.get(pending.kind if pending else "")
    if (position.steps[:1] != [("start",)] or done < 1 or order[done:] != remaining
            or pending is None or order[done - 1] != (asked, pending.player)):
        READER.refuse("frames", "are not the setup rounds still to play (KT-3.10)")
    if len(position.field_stack) != sum(kind == "lay_field" for kind, _ in remaining):
        READER.refuse("stack", "does not hold one field tile per field still to lay (KT-3.10)")


def _check_references(position: Position) -> None:
    kinds = {step[0] for step in position.steps}
    if position.pending is not None:
        kinds.add(position.pending.kind)
    if kinds & {"purchase_end", "add", "final", "style", "remove"} and position.purchase is None:
        READER.refuse("purchase", "is null while a purchase is being settled (KT-10.3)")
    if kinds & {"add", "final", "style", "remove", "as"} and len(position.price) != 8:
        READER.refuse("price", "must name the eight colours while a price is settled (KT-10.4)")
    for step in position.steps:
        if step[0] == "win" and not (step[3] < len(step[2]) and step[4] <= len(step[2])):
            READER.refuse("frames", f"poll window {step[1]} past its players (KT-4.10)")
        if step[0] == "bid" and (len(step[1]) != position.n or step[2] > position.n):
            READER.refuse("frames", "hold bidding that is not one round of every seat (KT-9.3)")
        if step[0] == "take_law" and position.law_spaces[step[2]] is None:
            READER.refuse("frames", f"take a law card from the empty space {step[2] + 1}")
        if step[0] == "resolve":
            _check_resolvable(position, step[1], step[2].split())
    if position.drawn is not None and (position.pending is None
                                       or position.pending.kind != "field"):
        READER.refuse("drawn", "names a field tile while no field is being laid (KT-3.10)")


def _check_resolvable(position: Position, p: int, words: list[str]) -> None:
    """A play announced and not resolved yet must still be able to take effect (KT-4.11)."""
    card = words[1] if words[0] == "play" else ""
    if card == "C02" and position.purchase is None:
        READER.refuse("frames", "resolve a Price Increase with no purchase (KT-12.2)")
    if card == "C06" and not position.markers:
        READER.refuse("frames", "resolve a Renumbering with no marker placed (KT-12.6)")
    if card == "C13":
        value = position.data.tiles[words[2]].value
        if not position.unused[position.data.row_values.index(value)]:
            READER.refuse("frames", "resolve a Change of Plan with no tile to draw (KT-12.13)")


def _check_payments(position: Position) -> None:
    """KT-0.7: a payment under way never asks for more cubes than the payer holds (the
    rules start only payments the payer can make), and a bid was one the bidder could
    pay (KT-9.4)."""
    payments = [step[1:] for step in position.steps if step[0] == "pay"]
    pending = position.pending
    if pending is not None and pending.kind == "pay":
        payments.append((pending.player, *pending.info))
    for payer, left, mode, _ in payments:
        stock = position.stocks[payer]
        held = sum(stock[c] for c in RESOURCES) if mode == 1 else sum(stock)
        if left > held:
            READER.refuse("frames", f"ask seat {payer} to pay {left} cubes of {held} (KT-0.7)")
    bids = [step[1:5] for step in position.steps if step[0] == "bid"]
    if pending is not None and pending.kind == "bid":
        bids.append(pending.info)
    for _, _, high, high_by in bids:
        if (high_by < 0) != (high == 0) or (
                high_by >= 0 and high > sum(position.stocks[high_by])):
            READER.refuse("frames", f"hold a bid of {high} that seat {high_by} cannot pay "
                                    f"(KT-9.4)")


def _check_markers(position: Position) -> None:
    """KT-5.2: work-order marker k is placed when k - 1 are down, by its chooser (the
    k-th player from F) or by Work Order's player."""
    next_marker = len(position.markers) + 1
    if any(step[0] == "marker" and step[1] != next_marker for step in position.steps):
        READER.refuse("frames", f"place a marker other than number {next_marker} (KT-5.2)")
    pending = position.pending
    if pending is None or pending.kind != "marker":
        return
    chooser = (position.first + next_marker - 1) % position.n
    decider = chooser if position.workorder is None else position.workorder
    if pending.info != next_marker or pending.player != decider:
        READER.refuse("pending", f"must ask seat {decider} for marker {next_marker} (KT-5.2)")


def _check_pending_info(position: Position) -> None:
    """The info of decisions whose options the asking step computed is recomputed."""
    pending = position.pending
    if pending is None:
        return
    kind, p, info = pending
    expected = _EXPECTED_INFO.get(kind)
    if expected is not None and _frozen(info) != _frozen(expected(position, p, _frozen(info))):
        READER.refuse("pending", f"is not the {kind!r} decision the rules would ask now")


def _frozen(value: Any) -> Any:
    """Lists as tuples, at every depth (a position read from JSON holds tuples only)."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return value


def _law_info(position: Position, p: int, info: Any) -> Any:
    top = position.steps[-1] if position.steps else ()
    if len(top) != 6 or top[0] != "win" or top[2][top[3] % len(top[2])] != p:
        return None  # the window that asks must wait under the decision
    return (top[1], tuple(laws.card_plays(position, p, top[1], top[5])))


def _place_info(position: Position, p: int, info: Any) -> Any:
    if not (isinstance(info, tuple) and len(info) == 3 and info[0] in range(1, 6)
            and isinstance(info[1], tuple) and all(x in range(1, 6) for x in info[1])):
        return None
    options = placement.placement_options(position, p, info[0], info[1])
    return (info[0], info[1], tuple(options))


def _relay_info(position: Position, p: int, info: Any) -> Any:
    if not (isinstance(info, tuple) and len(info) == 2 and isinstance(info[0], tuple)
            and len(info[0]) == 2 and info[0][0] in range(1, 6)
            and isinstance(info[0][1], bool)
            and position.tile_slot[p][info[0][0] - 1] is None):
        return None
    return (info[0], tuple(board.relay_slots(position)))


def _add_info(position: Position, p: int, info: Any) -> Any:
    assert position.purchase is not None  # checked by _check_references
    tile = position.rows[position.purchase[1]][position.purchase[2]]
    assert tile is not None
    return tuple(pricing.increase_choices(position.data.tiles[tile].cost))


def _remove_info(position: Position, p: int, info: Any) -> Any:
    choices = tuple(pricing.decrease_choices(position.price))
    return choices or None


def _pay_info(position: Position, p: int, info: Any) -> Any:
    if not (isinstance(info, tuple) and len(info) == 3 and is_whole(info[0])
            and 1 <= info[0] <= CUBES_LIMIT and info[1] in (0, 1) and is_whole(info[2])
            and -1 <= info[2] < position.n and info[2] != p):
        return None
    return info


def _bid_info(position: Position, p: int, info: Any) -> Any:
    n = position.n
    if not (isinstance(info, tuple) and len(info) == 4 and isinstance(info[0], tuple)
            and sorted(info[0]) == list(range(n)) and is_whole(info[1])
            and 0 <= info[1] < n and info[0][info[1]] == p and is_whole(info[2])
            and 0 <= info[2] <= CUBES_LIMIT and info[3] in range(-1, n)):
        return None
    return info


def _veto_info(position: Position, p: int, info: Any) -> Any:
    top = position.steps[-1] if position.steps else ()
    if top[:1] != ("resolve",) or top[2] != info or "C10" not in position.hands[p]:
        return None
    return info


_EXPECTED_INFO: dict[str, Callable[[Position, int, Any], Any]] = {
    "law": _law_info, "place": _place_info, "relay": _relay_info, "add": _add_info,
    "remove": _remove_info, "pay": _pay_info, "bid": _bid_info, "veto": _veto_info,
}


def _try_options(position: Position) -> None:
    """Each option of the pending decision plays on a copy (the position is untouched)."""
    try:
        options = flow.options(position)
        if not options:
            READER.refuse("pending", "offers no option")
        for option in options:
            flow.play(position.copy(), option)
    except RecordError:
        raise
    except (KeepersError, KeyError, IndexError, TypeError, ValueError, AttributeError,
            AssertionError, ZeroDivisionError) as exc:
        READER.refuse("pending", f"cannot be played out ({type(exc).__name__}: {exc})")
