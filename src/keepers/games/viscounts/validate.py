"""The checks of a Viscounts position read from a file: total, before anything plays it.

A position file comes from outside, so every field is checked for its type and range
(:func:`check_raw`, before the position is built), then the position as a whole
(:func:`check_position`): every component of the game in play exactly once across its
zones (VB-1, VK-1, VG-1: the townsfolk deck and starting decks, heroes, outsiders, king's
orders, manuscripts, chest tiles, 20 workers and 9 buildings per player), and the pending
steps must resume: the decision they ask is recomputed on a copy and each of its options
tried there.  A defect raises :class:`RecordError` with one line naming the field.

These checks run when a position is loaded, never during play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from typing import Any

from keepers.core.errors import KeepersError
from keepers.core.fields import FieldReader, short
from keepers.games.viscounts import flow
from keepers.games.viscounts.data import GameData
from keepers.games.viscounts.effects import BUILDING_TYPES, RESOURCES, RIBBONS, SIGNATURES
from keepers.games.viscounts.model import PLAYER_FIELDS, TRACK_MAX, TRACK_MIN
from keepers.games.viscounts.rules.concepts import card_sets, gates_on, keys_on
from keepers.games.viscounts.state import Position

READER = FieldReader("bad Viscounts position")
KEYS = ("start", "current", "round", "phase", "leader", "debt_above", "deed_above", "poverty",
        "prosperity", "last_round", "over", "tf_piles", "ms_piles", "spots", "castle", "cleric",
        "removed", "turn", "pairs", "ai", "seats", "capped", "geometry", "players", "stack",
        "rng", "log", "ext", "rules", "game")
"""Every key a position may hold (``serial.position_to_dict``; ``ext`` only with an
expansion; ``log`` is absent from files written before positions kept it; ``rules`` and
``game`` are added by the position file)."""
OPTIONAL = ("log", "ext", "rules", "game")
PHASES = ("setup", "manage", "move", "action", "recruit", "collision", "draw", "ai", "end",
          "over")
EXPANSIONS = ("keys", "gates", "keys,gates")
ROUND_LIMIT = 61                   # the round cap of the turn rules, plus the round it ends
AMOUNT_LIMIT = 999                 # silver and each resource: far above any real game
COUNT_LIMIT = 99                   # debts, deeds and cards in one zone of a player
STACK_LIMIT = 500
NODE_KINDS = ("L", "R", "I")
LOG_LIMIT = 20
"""Events a position keeps, oldest first: the last 20, as many as a copy keeps
(``Position.copy_into``); a view shows the last 8."""
EVENTS: dict[str, tuple[str, ...]] = {
    "ko": ("",), "collision": ("",), "outsiders_public": ("",), "reveal": ("PILE",),
    "play": ("CARD",), "hire": ("CARD",), "hero": ("HERO",), "welcome": ("OUTSIDER",),
    "refuse": ("OUTSIDER",), "builder": ("BUILDER",), "scheme": ("SCHEME",),
    "ai_chest": ("CHEST",), "chest": ("CHEST SPACE",), "public": ("PUBLIC SPOT",),
    "move": ("PRINTED",), "nothing": ("TERM",),
    "board": ("draw", "rearrange", "silver RESOURCE"),
    "action": ("trade NUMBER", "workers WORKERS", "build SLOT SPOT", "build BUILDING SPOT",
               "public PUBLIC SPOT", "transcribe MANUSCRIPT"),
}
"""The events of the log (``"<kind> <seat> <words...>"``, machine words as
``texts.describe_event`` reads them): each kind's possible words, a capitalised word
standing for any of a class of ids (:func:`event_classes`), any other for itself."""
TABLE_EVENTS = ("reveal", "outsiders_public")
"""Events of no player: their seat is -1."""
EVENT_LENGTH = 100                 # characters of one event: far above any the rules write
PILES = ("poverty", "prosperity")
TURN_KEYS = {"distance": int, "dismissed": bool, "extra": str, "transcribed": bool}


# ---------------------------------------------------------------------- the raw fields
def check_raw(data: GameData, raw: Any) -> None:
    """Refuse a position whose fields have the wrong type, size or range (before building)."""
    if not isinstance(raw, dict):
        READER.refuse("the position", "must be an object")
    present = [k for k in KEYS if k in raw or k not in OPTIONAL]
    READER.record({k: raw.get(k) for k in raw}, "the position", present)
    seats = READER.whole(raw["seats"], "seats", 1, 4)
    people = READER.array(raw["players"], "players", seats + (1 if seats == 1 else 0),
                          seats + (1 if seats == 1 else 0))
    n = len(people)
    for name in ("start", "current"):
        READER.whole(raw[name], name, 0, n - 1)
    READER.whole(raw["leader"], "leader", -1, n - 1)
    for name in ("round", "last_round"):
        READER.whole(raw[name], name, 0, ROUND_LIMIT)
    phase = READER.text(raw["phase"], "phase", PHASES)
    _check_phase(raw, phase, seats)
    for name in ("debt_above", "deed_above"):
        READER.whole(raw[name], name, 0, COUNT_LIMIT)
    for name in ("poverty", "prosperity", "over", "capped"):
        READER.flag(raw[name], name)
    READER.whole(raw["rng"], "rng", 0, (1 << 64) - 1)
    _check_geometry(raw["geometry"])
    _check_ai(data, raw["ai"], seats)
    ext = raw.get("ext", {})
    _check_ext(data, ext, n)
    for index, player in enumerate(people):
        is_ai = seats == 1 and index == 1            # the solo AI is the second player (VS-1)
        cards = set(data.schemes) if is_ai else set(data.cards)
        _check_player(data, player, f"players[{index}]", index, cards)
        if player["is_ai"] is not is_ai:
            READER.refuse(f"players[{index}].is_ai", f"must be {str(is_ai).lower()}")
    _check_piles(data, raw)
    _check_board(data, raw, n)
    _check_turn(raw["turn"])
    READER.array(raw["pairs"], "pairs", 0, 5)
    for i, pair in enumerate(raw["pairs"]):
        card, hero = READER.texts(pair, f"pairs[{i}]", high=2)
        READER.text(card, f"pairs[{i}][0]", data.player_cards)
        READER.text(hero, f"pairs[{i}][1]", data.heroes)
    _check_stack(raw["stack"], n)
    if "log" in raw:
        _check_log(data, raw["log"], n)


def _check_phase(raw: dict[str, Any], phase: str, seats: int) -> None:
    """The phase agrees with the round, the end of the game and whose turn it is."""
    if (phase == "setup") != (raw["round"] == 0):
        READER.refuse("phase", f"{phase!r} does not fit round {raw['round']}")
    if (phase == "over") != (raw["over"] is True):
        READER.refuse("phase", f"{phase!r} does not fit over={str(raw['over']).lower()}")
    ai_turn = seats == 1 and raw["current"] == 1
    if phase in ("manage", "move", "action", "recruit", "draw") and ai_turn:
        READER.refuse("phase", f"{phase!r} is a phase of a person's turn, not the AI's")
    if phase == "ai" and not ai_turn:
        READER.refuse("phase", "'ai' is the solo AI's turn only")
    if phase == "end" and "gates" not in str(raw.get("ext", {}).get("expansions", "")):
        READER.refuse("phase", "'end' exists only with Gates of Gold (VG-8.2)")


def _check_geometry(geometry: Any) -> None:
    READER.record(geometry, "geometry", ("arrangement", "rotation"))
    arrangement = READER.wholes(geometry["arrangement"], "geometry.arrangement", 5, 1, 5)
    READER.distinct(arrangement, "geometry.arrangement")
    READER.whole(geometry["rotation"], "geometry.rotation", 0, 4)


def _check_ai(data: GameData, ai: Any, seats: int) -> None:
    if not isinstance(ai, dict) or "board" not in ai:
        READER.refuse("ai", "must be an object naming the AI board")
    READER.text(ai["board"], "ai.board", data.ai_boards)
    unknown = sorted(set(ai) - {"board", "future"})
    if unknown:
        READER.refuse("ai", f"holds the unknown key {unknown[0]!r}")
    if "future" in ai:
        READER.texts(ai["future"], "ai.future", data.schemes, high=20)


def _check_player(data: GameData, player: Any, field: str, index: int, cards: set[str]) -> None:
    READER.record(player, field, PLAYER_FIELDS)
    READER.whole(player["seat"], f"{field}.seat", index, index)
    for key in ("silver", "ink", "gold", "stone"):
        READER.whole(player[key], f"{field}.{key}", 0, AMOUNT_LIMIT)
    corruption = READER.whole(player["corruption"], f"{field}.corruption", TRACK_MIN, TRACK_MAX)
    READER.whole(player["virtue"], f"{field}.virtue", corruption, TRACK_MAX)
    for zone in ("hand", "draw", "discard"):
        READER.texts(player[zone], f"{field}.{zone}", cards, high=200)
    spaces = READER.array(player["spaces"], f"{field}.spaces", 3, 3)
    for i, card in enumerate(spaces):
        if card is not None:
            READER.text(card, f"{field}.spaces[{i}]", cards)
    READER.flags(player["covered"], f"{field}.covered", len(data.player_board.slots))
    READER.whole(player["supply"], f"{field}.supply", 0, data.player_board.workers)
    READER.texts(player["manuscripts"], f"{field}.manuscripts", data.manuscripts, high=60)
    READER.distinct(player["manuscripts"], f"{field}.manuscripts")
    bonus = READER.texts(player["bonus"], f"{field}.bonus", RIBBONS, high=4)
    READER.distinct(bonus, f"{field}.bonus")
    for key in ("debts_unpaid", "debts_paid", "deeds_acquired", "deeds_approved"):
        READER.whole(player[key], f"{field}.{key}", 0, COUNT_LIMIT)
    node = READER.text(player["node"], f"{field}.node")
    if node and not _is_node(node):
        READER.refuse(f"{field}.node", f"must be a space such as '3.L', not {node!r}")
    READER.flag(player["is_ai"], f"{field}.is_ai")


def _is_node(node: str) -> bool:
    position, dot, kind = node.partition(".")
    return bool(dot) and position in ("0", "1", "2", "3", "4") and kind in NODE_KINDS


def _check_piles(data: GameData, raw: dict[str, Any]) -> None:
    READER.array(raw["tf_piles"], "tf_piles", 5, 5)
    for i, pile in enumerate(raw["tf_piles"]):
        READER.texts(pile, f"tf_piles[{i}]", data.townsfolk, high=200)
    READER.array(raw["ms_piles"], "ms_piles", 5, 5)
    for i, pile in enumerate(raw["ms_piles"]):
        READER.texts(pile, f"ms_piles[{i}]", data.manuscripts, high=60)
    known = set(data.cards) | set(data.chest_tiles) | set(data.schemes) | set(data.manuscripts)
    READER.texts(raw["removed"], "removed", known, high=1000)


def _check_board(data: GameData, raw: dict[str, Any], n: int) -> None:
    spots = raw["spots"]
    if not isinstance(spots, dict):
        READER.refuse("spots", "must be an object")
    ids = {s.id for seg in data.board.segments for side in seg.sides.values() for s in side.spots}
    kinds = {"workshop", "trading_post", "guildhall", *data.public_buildings}
    for spot, here in spots.items():
        READER.text(spot, "spots", ids)
        building = READER.array(here, f"spots.{spot}", 2, 2)
        READER.whole(building[0], f"spots.{spot}[0]", 0, n - 1)
        READER.text(building[1], f"spots.{spot}[1]", kinds)
    READER.array(raw["castle"], "castle", 5, 5)
    for s, section in enumerate(raw["castle"]):
        READER.array(section, f"castle[{s}]", 3, 3)
        for tier, counts in enumerate(section):
            READER.wholes(counts, f"castle[{s}][{tier}]", n, 0, data.player_board.workers)
    cleric = raw["cleric"]
    if not isinstance(cleric, dict):
        READER.refuse("cleric", "must be an object")
    for ribbon, seat in cleric.items():
        READER.text(ribbon, "cleric", RIBBONS)
        READER.whole(seat, f"cleric.{ribbon}", 0, n - 1)


def _check_turn(turn: Any) -> None:
    if not isinstance(turn, dict):
        READER.refuse("turn", "must be an object")
    for key, value in turn.items():
        kind = TURN_KEYS.get(key)
        if kind is None:
            READER.refuse("turn", f"holds the unknown key {key!r}")
        if kind is int:
            READER.whole(value, f"turn.{key}", 0, 12)
        elif kind is bool:
            READER.flag(value, f"turn.{key}")
        else:
            READER.text(value, f"turn.{key}")


def _check_stack(stack: Any, n: int) -> None:
    READER.array(stack, "stack", 0, STACK_LIMIT)
    for i, task in enumerate(stack):
        field = f"stack[{i}]"
        items = READER.array(task, field, 2, 8)
        READER.text(items[0], f"{field}[0]", flow.STEPS)
        READER.whole(items[1], f"{field}[1]", -1, n - 1)
        for j, arg in enumerate(items[2:], start=2):
            if not _plain_arg(arg):
                READER.refuse(f"{field}[{j}]", "must be a number, a text or a list of texts")


def _plain_arg(arg: Any) -> bool:
    if isinstance(arg, bool) or arg is None:
        return False
    if isinstance(arg, int):
        return -1 <= arg <= 1000
    if isinstance(arg, str):
        return len(arg) <= 200
    return isinstance(arg, list) and len(arg) <= 300 and all(
        isinstance(a, str) and len(a) <= 200 for a in arg)


def _check_log(data: GameData, log: Any, n: int) -> None:
    """Each event one the rules write: a known kind, its seat, and words it can hold."""
    classes = event_classes(data)
    for i, entry in enumerate(READER.texts(log, "log", high=LOG_LIMIT)):
        parts = entry.split(" ") if len(entry) <= EVENT_LENGTH else []
        if len(parts) < 2 or parts[0] not in EVENTS:
            READER.refuse(f"log[{i}]", f"must be an event such as 'play 0 TF-S-abbot', "
                                       f"not {short(entry)}")
        kind, seat, words = parts[0], parts[1], parts[2:]
        seats = ("-1",) if kind in TABLE_EVENTS else tuple(str(s) for s in range(n))
        if seat not in seats:
            READER.refuse(f"log[{i}]", f"names the seat {short(seat)}, not one of "
                                       f"{', '.join(seats)}")
        if not any(_fits(words, shape.split(), classes) for shape in EVENTS[kind]):
            READER.refuse(f"log[{i}]", f"holds words a {kind!r} event never has: "
                                       f"{short(' '.join(words))}")


def _fits(words: list[str], shape: list[str], classes: dict[str, Collection[str]]) -> bool:
    """True when each word is the shape's word, or one of the class it names."""
    return len(words) == len(shape) and all(
        word in classes[part] if part in classes else word == part
        for word, part in zip(words, shape, strict=True))


def event_classes(data: GameData) -> dict[str, Collection[str]]:
    """The ids each capitalised word of :data:`EVENTS` stands for."""
    board = data.board
    workers = max(w for _, w in data.player_board.noble_table + data.ai_common.noble_table)
    return {
        "CARD": data.cards, "HERO": data.heroes, "OUTSIDER": data.outsiders,
        "BUILDER": data.builder_cards, "SCHEME": data.schemes, "CHEST": data.chest_tiles,
        "PUBLIC": data.public_buildings, "SPACE": ("1", "2", "3"), "PILE": PILES,
        "RESOURCE": RESOURCES, "BUILDING": BUILDING_TYPES, "TERM": SIGNATURES,
        "NUMBER": [str(k) for k in range(100)],
        "WORKERS": [str(k) for k in range(1, workers + 1)],    # the AI places what it has
        "SLOT": [slot.id for slot in data.player_board.slots],
        "SPOT": {s.id for seg in board.segments for side in seg.sides.values()
                 for s in side.spots},
        "PRINTED": {number for seg in board.segments for number in seg.numbers.values()},
        "MANUSCRIPT": [*data.manuscripts, "printed"],
    }


def _check_ext(data: GameData, ext: Any, n: int) -> None:
    if not isinstance(ext, dict):
        READER.refuse("ext", "must be an object")
    if not ext:
        return
    expansions = READER.text(ext.get("expansions"), "ext.expansions", EXPANSIONS)
    keys = {"expansions"}
    if "keys" in expansions.split(","):
        keys |= {"owned", "chest_pile", "chest_row", "hero_deck", "hero_row", "chests"}
        keys |= {"late", "ai_chests"} & set(ext)
        _check_keys_ext(data, ext, n)
    if "gates" in expansions.split(","):
        keys |= {"ko_pile", "outsider_deck", "outsider_row", "leader_card", "builders",
                 "boards", "ribbon_choice"}
        _check_gates_ext(data, ext, n)
    READER.record(ext, "ext", keys)


def _check_keys_ext(data: GameData, ext: dict[str, Any], n: int) -> None:
    for key in ("owned", "chests"):
        READER.array(ext.get(key), f"ext.{key}", n, n)
    for seat in range(n):
        READER.texts(ext["owned"][seat], f"ext.owned[{seat}]", data.public_buildings, high=3)
        chests = READER.array(ext["chests"][seat], f"ext.chests[{seat}]", 3, 3)
        for i, tile in enumerate(chests):
            if tile is not None:
                READER.text(tile, f"ext.chests[{seat}][{i}]", data.chest_tiles)
    READER.texts(ext.get("chest_pile"), "ext.chest_pile", data.chest_tiles, high=18)
    READER.texts(ext.get("chest_row"), "ext.chest_row", data.chest_tiles, high=4)
    READER.texts(ext.get("hero_deck"), "ext.hero_deck", data.heroes, high=40)
    READER.texts(ext.get("hero_row"), "ext.hero_row", data.heroes, high=3)
    if "ai_chests" in ext:
        for i, chest in enumerate(READER.array(ext["ai_chests"], "ext.ai_chests", 3, 3)):
            item = READER.array(chest, f"ext.ai_chests[{i}]", 2, 2)
            READER.text(item[0], f"ext.ai_chests[{i}][0]", data.chest_tiles)
            READER.flag(item[1], f"ext.ai_chests[{i}][1]")
    if "late" in ext:
        READER.array(ext["late"], "ext.late", 0, 4)


def _check_gates_ext(data: GameData, ext: dict[str, Any], n: int) -> None:
    READER.whole(ext.get("ko_pile"), "ext.ko_pile", 0, data.kings_order_count)
    READER.texts(ext.get("outsider_deck"), "ext.outsider_deck", data.outsiders, high=28)
    READER.texts(ext.get("outsider_row"), "ext.outsider_row", data.outsiders, high=3)
    READER.text(ext.get("leader_card"), "ext.leader_card",
                [c.id for c in data.leaders.values() if c.set == "Gates"])
    builders = READER.array(ext.get("builders"), "ext.builders", 2, 2)
    for i, item in enumerate(builders):
        card, owner = READER.array(item, f"ext.builders[{i}]", 2, 2)
        READER.text(card, f"ext.builders[{i}][0]", data.builder_cards)
        READER.whole(owner, f"ext.builders[{i}][1]", -1, n - 1)
    boards = READER.array(ext.get("boards"), "ext.boards", n, n)
    for seat, board in enumerate(boards):
        if board is not None:
            READER.text(board, f"ext.boards[{seat}]", data.manuscript_boards)
    for i, item in enumerate(READER.array(ext.get("ribbon_choice"), "ext.ribbon_choice", 0, 1)):
        ms, colour = READER.array(item, f"ext.ribbon_choice[{i}]", 2, 2)
        READER.text(ms, f"ext.ribbon_choice[{i}][0]",
                    [m.id for m in data.manuscripts.values() if m.ribbon == "any"])
        READER.text(colour, f"ext.ribbon_choice[{i}][1]", RIBBONS)


# ---------------------------------------------------------------------- the whole position
def check_position(pos: Position) -> None:
    """Refuse a position whose components are not each in one place, or whose pending steps
    do not resume (the caller has checked the raw fields)."""
    check_components(pos)
    _check_steps(pos)
    _check_resumes(pos)


def check_components(pos: Position) -> None:
    """Refuse a position in which a card, manuscript, scheme, worker, building or chest tile
    is not in exactly one place; the soak run checks this after every decision."""
    _check_cards(pos)
    _check_manuscripts(pos)
    _check_schemes(pos)
    _check_workers_and_buildings(pos)
    if keys_on(pos):
        _check_tiles(pos)


def _expected_cards(pos: Position) -> Counter[str]:
    """Every deck card of the game in play (VB-1.2, VK-1, VG-1.1)."""
    data = pos.data
    sets = card_sets(pos)
    cards: Counter[str] = Counter({c.id: c.copies for c in data.townsfolk.values()
                                   if c.set in sets})
    starters = [c for c in data.townsfolk.values() if c.set == "Starter"]
    if keys_on(pos):
        new = {c.name: c for c in data.townsfolk.values() if c.set == "KeysStarter"}
        starters = [new.get(c.name, c) for c in starters]
    # During setup only the players who picked a pair hold their starting deck (VB-5.7).
    picked = [p for p in pos.players if not p.is_ai
              and (pos.phase != "setup" or p.cards_owned())]
    for _ in picked:
        cards.update(c.id for c in starters)
    if gates_on(pos):
        cards.update(o.id for o in data.outsiders.values() if o.set == "Gates")
    return cards


def _check_cards(pos: Position) -> None:
    """Each deck card exactly once across the piles, rows, decks and the box (VB-2.2)."""
    data = pos.data
    found: Counter[str] = Counter()
    for player in pos.players:
        if not player.is_ai:
            found.update(player.cards_owned())
    for pile in pos.tf_piles:
        found.update(pile)
    for key in ("hero_row", "hero_deck", "outsider_row", "outsider_deck"):
        found.update(pos.ext.get(key, ()))
    found.update(c for c in pos.removed if c in data.cards)
    found.update(hero for _, hero in pos.pairs)              # pairs not yet picked
    orders = found.pop("KO", 0)
    heroes = Counter({c: k for c, k in found.items() if c in data.heroes})
    found -= heroes
    expected = _expected_cards(pos)
    if found != expected:
        extra = sorted((found - expected).elements())
        missing = sorted((expected - found).elements())
        what = f"holds {extra[0]} once too often" if extra else f"lacks {missing[0]}"
        READER.refuse("the cards", f"{what} (every card in exactly one place, VB-2.2)")
    twice = [h for h, k in heroes.items() if k > 1]
    if twice:
        READER.refuse("the cards", f"hold the hero {twice[0]} twice")
    if keys_on(pos) and pos.phase != "setup":                 # the hero deck is built last
        sets = card_sets(pos)
        missing_heroes = sorted(h.id for h in data.heroes.values()
                                if h.set in sets and h.id not in heroes)
        if missing_heroes:
            READER.refuse("the cards", f"lack the hero {missing_heroes[0]} (VK-2.7)")
    if gates_on(pos) and orders + pos.ext["ko_pile"] != data.kings_order_count:
        READER.refuse("the king's orders", f"number {orders + pos.ext['ko_pile']}, not "
                      f"{data.kings_order_count} (VG-1.1)")
    if not gates_on(pos) and orders:
        READER.refuse("the cards", "hold a king's order in a game without Gates of Gold")


def _check_manuscripts(pos: Position) -> None:
    """Each manuscript of the sets in play exactly once; starting ones with their board."""
    data = pos.data
    sets = card_sets(pos)
    found: Counter[str] = Counter(m for pile in pos.ms_piles for m in pile)
    for player in pos.players:
        found.update(player.manuscripts)
    boards: list[str | None] = pos.ext.get("boards", [])
    expected = Counter(m.id for m in data.manuscripts.values() if m.set in sets)
    expected.update(f"{b}-S" for b in boards if b)
    if found != expected:
        extra = sorted((found - expected).elements())
        missing = sorted((expected - found).elements())
        what = f"hold {extra[0]} once too often" if extra else f"lack {missing[0]}"
        READER.refuse("the manuscripts", f"{what} (VB-1.2)")


def _check_schemes(pos: Position) -> None:
    """The solo AI's schemes: each at most once across its zones and the future pile."""
    if pos.seats != 1:
        return
    ai = pos.players[1]
    schemes = ai.cards_owned() + list(pos.ai.get("future", [])) + \
        [c for c in pos.removed if c in pos.data.schemes]
    READER.distinct(schemes, "the AI's schemes")


def _check_workers_and_buildings(pos: Position) -> None:
    """20 workers and 9 buildings per player: supply + castle, covered slots + board."""
    workers = pos.data.player_board.workers
    for seat, player in enumerate(pos.players):
        castle = sum(pos.castle[s][t][seat] for s in range(5) for t in range(3))
        if player.supply + castle != workers:
            READER.refuse(f"players[{seat}]", f"has {player.supply + castle} workers, not "
                          f"{workers} (supply and castle)")
        standard = sum(1 for owner, kind in pos.spots.values()
                       if owner == seat and kind not in pos.data.public_buildings)
        empty = sum(1 for covered in player.covered if not covered)
        # a building taken off the board and not yet back on its slot (VK-R10)
        returning = sum(1 for task in pos.stack if task[0] == "return_building"
                        and task[1] == seat)
        if standard + returning != empty:
            READER.refuse(f"players[{seat}]", f"has {standard} buildings on the board but "
                          f"{empty} empty slots")


def _check_tiles(pos: Position) -> None:
    """Each Keys chest tile exactly once (VK-1)."""
    data = pos.data
    found: Counter[str] = Counter(pos.ext["chest_pile"] + pos.ext["chest_row"])
    for chests in pos.ext["chests"]:
        found.update(c for c in chests if c)
    found.update(c for c in pos.removed if c in data.chest_tiles)
    expected = Counter(t.id for t in data.chest_tiles.values() if t.set == "Keys")
    if pos.phase != "setup" and found != expected:
        READER.refuse("the chest tiles", "must each be in exactly one place (VK-1)")


ONCE = frozenset({"setup_pick", "setup_finish", "setup_discard", "ai_setup", "keys_rows",
                  "begin_manage", "game_over", "ai_turn", "ai_move", "ai_row", "col1", "col2",
                  "col3", "col4", "col5", "castle", "window", "play", "move", "action",
                  "recruit", "act", "act_target", "act_pay"})
"""Steps a player never has twice pending at once (a phase, an action, a setup pick); not
the cleric bonus check, pending once per manuscript taken: a manuscript's own effect may
take another (VB-7.14) before the first check runs (VB-6.3.7)."""
SETUP_ONLY = frozenset({"setup_pick", "setup_finish", "setup_discard", "ai_setup",
                        "keys_rows"})


def _check_steps(pos: Position) -> None:
    """The pending steps fit the phase: setup steps only in setup, a pick only for a player
    who has none yet, no phase step twice for one player."""
    seen: set[tuple[str, int]] = set()
    for index, task in enumerate(pos.stack):
        kind, seat = str(task[0]), int(task[1])
        field = f"stack[{index}]"
        if kind in SETUP_ONLY and pos.phase != "setup":
            READER.refuse(field, f"is the setup step {kind!r} outside setup")
        if kind in ONCE and (kind, seat) in seen:
            READER.refuse(field, f"repeats the step {kind!r} of seat {seat}")
        seen.add((kind, seat))
        if seat >= 0 and kind == "setup_pick" and pos.players[seat].cards_owned():
            READER.refuse(field, f"asks seat {seat} to pick a second pair")
        if seat >= 0 and kind == "setup_finish" and not pos.players[seat].cards_owned():
            READER.refuse(field, f"finishes the setup of seat {seat}, who has no cards")


def _check_resumes(pos: Position) -> None:
    """The pending steps settle to a decision, and each of its options plays, on copies."""
    if pos.over:
        return
    trial = pos.copy()
    try:
        choice = flow.settle(trial)
    except (KeepersError, KeyError, TypeError, ValueError, IndexError, RuntimeError,
            AttributeError, AssertionError, ZeroDivisionError) as exc:
        READER.refuse("stack", f"does not resume ({type(exc).__name__})")
    if choice is None:
        return
    for option in choice.options[:200]:
        copy = trial.copy()
        try:
            flow.play(copy, option)
        except (KeepersError, KeyError, TypeError, ValueError, IndexError, RuntimeError,
                AttributeError, AssertionError, ZeroDivisionError) as exc:
            READER.refuse("stack", f"asks {option!r}, which does not play "
                          f"({type(exc).__name__})")
