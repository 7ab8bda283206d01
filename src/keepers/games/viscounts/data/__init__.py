"""Typed, validated loaders for the Viscounts component data (this directory).

Every file is read by one loader that checks its columns, its values and every
effect string (through :mod:`keepers.games.viscounts.effects`).  Any defect
raises :class:`DataError` with a one-line message ``file: row N: reason``.
:func:`load_data` returns a :class:`GameData` with everything; :func:`check_data`
validates a directory and summarises it for ``keepers data check viscounts``.
"""

from __future__ import annotations

import csv
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from keepers.core.errors import KeepersError
from keepers.games.viscounts.effects import (
    ACTIONS,
    BUILDING_TYPES,
    ICONS,
    RESOURCES,
    RIBBONS,
    EffectSyntaxError,
    Term,
    parse_action_row,
    parse_ai,
    parse_effect,
    parse_icons,
    parse_ongoing,
    parse_scoring,
)

DATA_DIR = Path(__file__).resolve().parent


class DataError(KeepersError):
    """A data file is defective; the message names file, row and reason on one line."""

    def __init__(self, file: str, row: int | str, reason: str) -> None:
        super().__init__(f"{file}: row {row}: {reason}")
        self.file = file
        self.row = row
        self.reason = reason


# ============================================================================ typed records

@dataclass(frozen=True)
class CardDef:
    """A deck card: townsfolk, hero, outsider or king's order (spec VB-1.3)."""

    id: str
    name: str
    kind: str
    set: str
    copies: int
    silver: int
    icons: Mapping[str, int]
    instant: Term
    ongoing: Term
    dropoff: Term
    recruit: Term
    refuse: Term = Term("none")
    scoring: Term = Term("none")

    def icon_count(self, icon: str) -> int:
        """Printed icons of one kind."""
        return self.icons.get(icon, 0)


@dataclass(frozen=True)
class Manuscript:
    """A manuscript tile (VB-6.3.7); ``cost`` is the cleric icons required."""

    id: str
    set: str
    cost: int
    ribbon: str
    grey_backed: bool
    immediate: Term
    scoring: Term
    certainty: str


@dataclass(frozen=True)
class PlayerCard:
    """A starting player card (VB-5.7)."""

    id: str
    set: str
    start_space: str
    ink: int
    gold: int
    stone: int
    any_resource: int
    silver: int
    deeds: int
    debts: int
    extra: Term
    certainty: str


@dataclass(frozen=True)
class Spot:
    """A building spot on a segment side (VB-3.3.6)."""

    id: str
    group: str
    bonus: Term


@dataclass(frozen=True)
class Link:
    """A link between two spots; ``b == "NEXT"`` joins the next segment's first spot."""

    a: str
    b: str
    reward: Term


@dataclass(frozen=True)
class SegmentSide:
    """One side (``p12`` or ``p34``) of a segment."""

    spots: tuple[Spot, ...]
    links: tuple[Link, ...]


@dataclass(frozen=True)
class PrintedManuscript:
    """The manuscript printed under an empty pile (VB-3.3.3)."""

    cost: int
    immediate: Term


@dataclass(frozen=True)
class Segment:
    """A main-board segment (VB-3.1)."""

    id: int
    numbers: Mapping[str, str]
    trade: Mapping[str, str]
    printed_townsfolk: CardDef
    printed_manuscript: PrintedManuscript
    sides: Mapping[str, SegmentSide]


@dataclass(frozen=True)
class Exchange:
    """A trade exchange kind (VB-6.3.4)."""

    kind: str
    rate: int
    gives: Term


@dataclass(frozen=True)
class Board:
    """The main board: topology, exchanges and segments."""

    edges: tuple[tuple[str, str, bool], ...]
    exchanges: Mapping[str, Exchange]
    segments: tuple[Segment, ...]
    sides: Mapping[str, tuple[int, ...]]
    # Lookups that depend only on the topology (the arrows are the same for
    # every segment order), shared by every ring built on this board.
    memo: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def side_for(self, players: int) -> str:
        """Return the segment side used with ``players`` players (VB-3.1.1)."""
        for side, counts in self.sides.items():
            if players in counts:
                return side
        raise KeyError(players)


@dataclass(frozen=True)
class Leader:
    """A castle leader card (VB-4.2.3, VG-7)."""

    id: str
    set: str
    vp: int
    ability: Term
    certainty: str


@dataclass(frozen=True)
class Castle:
    """The castle (VB-4)."""

    sections: tuple[str, ...]
    tier_vp: tuple[int, ...]
    limit: int
    threshold: int
    tier2_reward: Mapping[str, Term]
    tier3_reward: Term
    bump_tier1: Term
    bump_tier2: Term
    leader: Leader


@dataclass(frozen=True)
class Slot:
    """A building slot of the player board (VB-2.4.1-2)."""

    id: str
    type: str
    ability: Term


@dataclass(frozen=True)
class TrackPosition:
    """One position of the virtue/corruption track (VB-2.4.6)."""

    pos: int
    upper: Term
    lower: Term
    lower_condition: str


@dataclass(frozen=True)
class PlayerBoard:
    """The player board (VB-2.4)."""

    hand_limit: int
    card_spaces: int
    noble_table: tuple[tuple[int, int], ...]
    starting_icons: Mapping[str, Mapping[str, int]]
    costs: Mapping[str, int]
    vp: Mapping[str, tuple[int, ...]]
    buildings_per_type: int
    workers: int
    slots: tuple[Slot, ...]
    track: tuple[TrackPosition, ...]
    chest_slots: int


@dataclass(frozen=True)
class ClericBonus:
    """A cleric bonus card (VB-6.3.7 step 4)."""

    id: str
    ribbon: str
    vp: int
    ability: Term
    certainty: str


@dataclass(frozen=True)
class PovertyProsperity:
    """Pile sizes above the poverty/prosperity cards and their rewards (VB-5.8, VB-9.5)."""

    debts_on_poverty: Mapping[int, int]
    deeds_on_prosperity: Mapping[int, int]
    rewards: tuple[int, ...]
    rewards_small: tuple[int, ...]


@dataclass(frozen=True)
class Scheme:
    """A solo scheme card (VS-2)."""

    id: str
    deck: str
    set: str
    header_icons: Mapping[str, int]
    row1: Term
    row2: Term
    move: int
    action_row: tuple[Term, ...]
    certainty: str


@dataclass(frozen=True)
class AIBoard:
    """A solo AI board (VS-1.2, VS-4)."""

    id: str
    name: str
    focus: str
    resource_priority: tuple[tuple[str, int | None], ...]
    single_resource_kind: bool
    start: Mapping[str, int]
    start_effect: Term
    starting_icons: Mapping[str, Mapping[str, int]]
    remove_starting_schemes: tuple[str, ...]
    building_order: tuple[str, ...]
    slot_abilities: tuple[Term, ...]
    certainty: str


@dataclass(frozen=True)
class AICommon:
    """Values shared by every AI board."""

    noble_table: tuple[tuple[int, int], ...]
    end_vp_per_resource: int
    track_upper: tuple[Term, ...]
    reference_card: Mapping[str, str]


@dataclass(frozen=True)
class BuilderCard:
    """A Gates of Gold builder bonus card (VG-6)."""

    id: str
    kind: str
    vp: int
    ability: Term


@dataclass(frozen=True)
class ChestTile:
    """A Keeper of Keys chest tile (VK-4)."""

    id: str
    set: str
    kind: str
    timing: str
    effect: Term
    certainty: str


@dataclass(frozen=True)
class ManuscriptBoard:
    """A Gates of Gold manuscript board (VG-2)."""

    id: str
    colours: tuple[str, ...]
    starting_ribbon: str
    starting_immediate: Term
    certainty: str


@dataclass(frozen=True)
class PublicBuilding:
    """A Keeper of Keys public building (VK-5)."""

    id: str
    replaces: str
    cost: int
    vp: int
    immediate: Term
    ongoing: Term


@dataclass(frozen=True)
class GameData:
    """Every component of every set, loaded and validated."""

    townsfolk: Mapping[str, CardDef]
    heroes: Mapping[str, CardDef]
    outsiders: Mapping[str, CardDef]
    kings_order: CardDef
    kings_order_count: int
    manuscripts: Mapping[str, Manuscript]
    player_cards: Mapping[str, PlayerCard]
    board: Board
    castle: Castle
    leaders: Mapping[str, Leader]
    player_board: PlayerBoard
    cleric_bonus: Mapping[str, ClericBonus]
    poverty_prosperity: PovertyProsperity
    schemes: Mapping[str, Scheme]
    ai_boards: Mapping[str, AIBoard]
    ai_common: AICommon
    builder_cards: Mapping[str, BuilderCard]
    chest_tiles: Mapping[str, ChestTile]
    manuscript_boards: Mapping[str, ManuscriptBoard]
    manuscript_columns: tuple[Term, ...]
    public_buildings: Mapping[str, PublicBuilding]
    printed_townsfolk: Mapping[str, CardDef] = field(default_factory=dict)
    # Lookups derived from the fields above.  ``cards`` indexes every deck card
    # (card() runs on every decision); ``memo`` holds lazily computed values that
    # depend only on this data (shared by every state, never copied).
    cards: Mapping[str, CardDef] = field(init=False, repr=False, compare=False)
    memo: dict[Any, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards: dict[str, CardDef] = {self.kings_order.id: self.kings_order}
        # Later tables win, so the update order is the reverse of the lookup priority.
        for table in (self.printed_townsfolk, self.outsiders, self.heroes, self.townsfolk):
            cards.update(table)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "memo", {})

    def card(self, card_id: str) -> CardDef:
        """Return any deck card by id (townsfolk, hero, outsider, king's order, printed)."""
        return self.cards[card_id]


# ============================================================================ file readers

CSV_COLUMNS: dict[str, tuple[str, ...]] = {
    "townsfolk.csv": ("id", "name", "set", "copies", "silver", "icons", "instant", "ongoing",
                      "dropoff", "recruit_effect", "notes"),
    "heroes.csv": ("id", "name", "set", "copies", "silver", "icons", "instant", "ongoing",
                   "dropoff", "recruit_effect", "notes"),
    "outsiders.csv": ("id", "name", "set", "silver", "icons", "refuse_effect", "scoring",
                      "notes"),
    "manuscripts.csv": ("id", "set", "cost", "ribbon", "grey_backed", "immediate", "scoring",
                        "certainty", "notes"),
    "player_cards.csv": ("id", "set", "start_space", "ink", "gold", "stone", "any_resource",
                         "silver", "deeds", "debts", "extra", "certainty", "notes"),
    "schemes.csv": ("id", "deck", "set", "header_icons", "row1", "row2", "move", "action_row",
                    "certainty", "notes"),
    "castle_leaders.csv": ("id", "set", "vp", "ability", "certainty", "notes"),
    "cleric_bonus_cards.csv": ("id", "ribbon", "vp", "ability", "certainty"),
    "builder_cards.csv": ("id", "kind", "vp", "ability", "notes"),
    "chest_tiles.csv": ("id", "set", "kind", "timing", "effect", "certainty"),
}
TOML_FILES = ("board.toml", "castle.toml", "player_board.toml", "poverty_prosperity.toml",
              "ai_boards.toml", "kings_orders.toml", "manuscript_boards.toml",
              "public_buildings.toml")
ROW_CERTAINTY = ("printed", "printed-lowres", "reconstructed", "certain")
START_SPACES = tuple(str(n) for n in range(1, 11)) + ("1.5", "3.5", "5.5", "7.5", "9.5")


class _Row:
    """One CSV row with typed accessors that raise DataError naming file and line."""

    def __init__(self, file: str, line: int, values: dict[str, str]) -> None:
        self.file, self.line, self.values = file, line, values

    def fail(self, reason: str) -> DataError:
        """Build the error for this row."""
        return DataError(self.file, self.line, reason)

    def text(self, column: str, allowed: tuple[str, ...] | None = None) -> str:
        """Return a text cell, optionally restricted to ``allowed`` values."""
        value = self.values[column].strip()
        if allowed is not None and value not in allowed:
            raise self.fail(f"column {column!r}: {value!r} is not one of {', '.join(allowed)}")
        return value

    def integer(self, column: str, low: int = 0, high: int = 99) -> int:
        """Return an integer cell within ``low..high``."""
        value = self.values[column].strip()
        try:
            number = int(value)
        except ValueError:
            raise self.fail(f"column {column!r}: {value!r} is not an integer") from None
        if not low <= number <= high:
            raise self.fail(f"column {column!r}: {number} is outside {low}..{high}")
        return number

    def term(self, column: str, parser: Callable[[str], Term]) -> Term:
        """Parse an effect cell with ``parser``."""
        return _term(self.file, self.line, column, self.values[column], parser)

    def icons(self, column: str) -> dict[str, int]:
        """Parse an icon-expression cell."""
        try:
            return parse_icons(self.values[column])
        except EffectSyntaxError as exc:
            raise self.fail(f"column {column!r}: {exc}") from None


def _term(file: str, row: int | str, column: str, text: str,
          parser: Callable[[str], Term]) -> Term:
    try:
        return parser(text)
    except EffectSyntaxError as exc:
        raise DataError(file, row, f"{column}: {exc}") from None


def _read_csv(directory: Path, name: str) -> Iterator[_Row]:
    path = directory / name
    expected = CSV_COLUMNS[name]
    header: list[str] | None = None
    seen: set[str] = set()
    for number, line in enumerate(_read_text(path, name).splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = next(csv.reader([line]))
        if header is None:
            header = [c.strip() for c in cells]
            if tuple(header) != expected:
                raise DataError(name, number, f"header {header} differs from the expected "
                                              f"columns {list(expected)}")
            continue
        if len(cells) != len(header):
            raise DataError(name, number, f"{len(cells)} cells for {len(header)} columns")
        row = _Row(name, number, dict(zip(header, cells, strict=True)))
        row_id = row.text("id")
        if not row_id or row_id in seen:
            raise row.fail(f"missing or duplicate id {row_id!r}")
        seen.add(row_id)
        yield row
    if header is None:
        raise DataError(name, "header", "no header line")


def _read_text(path: Path, name: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(name, "-", f"cannot read: {exc.strerror or exc}") from None


def _read_toml(directory: Path, name: str) -> dict[str, Any]:
    try:
        data = tomllib.loads(_read_text(directory / name, name))
    except tomllib.TOMLDecodeError as exc:
        raise DataError(name, "-", f"invalid TOML: {exc}") from None
    if data.get("schema") != 1:
        raise DataError(name, "schema", "schema must be 1")
    return data


class _Table:
    """A TOML table with typed accessors that raise DataError naming file and key path."""

    def __init__(self, file: str, where: str, data: Any) -> None:
        if not isinstance(data, dict):
            raise DataError(file, where, "expected a table")
        self.file, self.where, self.data = file, where, data

    def fail(self, reason: str) -> DataError:
        """Build the error for this table."""
        return DataError(self.file, self.where, reason)

    def get(self, key: str) -> Any:
        """Return a required value."""
        if key not in self.data:
            raise self.fail(f"missing key {key!r}")
        return self.data[key]

    def table(self, key: str) -> _Table:
        """Return a required sub-table."""
        return _Table(self.file, f"{self.where}.{key}" if self.where else key, self.get(key))

    def tables(self, key: str) -> list[_Table]:
        """Return a required array of tables."""
        items = self.get(key)
        if not isinstance(items, list) or not items:
            raise self.fail(f"{key!r} must be a non-empty array of tables")
        prefix = f"{self.where}.{key}" if self.where else key
        return [_Table(self.file, f"{prefix}[{i}]", item) for i, item in enumerate(items)]

    def integer(self, key: str, low: int = 0, high: int = 99) -> int:
        """Return an integer value within ``low..high``."""
        value = self.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(f"{key!r}: {value!r} is not an integer in {low}..{high}")
        return value

    def string(self, key: str, allowed: tuple[str, ...] | None = None) -> str:
        """Return a string value, optionally restricted to ``allowed``."""
        value = self.get(key)
        if not isinstance(value, str) or (allowed is not None and value not in allowed):
            raise self.fail(f"{key!r}: {value!r} is not a valid value")
        return value

    def ints(self, key: str, length: int | None = None, low: int = 0) -> tuple[int, ...]:
        """Return a list of integers (all >= ``low``)."""
        value = self.get(key)
        if not isinstance(value, list) or not all(
                isinstance(v, int) and v >= low for v in value):
            raise self.fail(f"{key!r}: expected a list of integers >= {low}")
        if length is not None and len(value) != length:
            raise self.fail(f"{key!r}: expected {length} values, got {len(value)}")
        return tuple(value)

    def strs(self, key: str, allowed: tuple[str, ...] | None = None) -> tuple[str, ...]:
        """Return a list of strings."""
        value = self.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(f"{key!r}: expected a list of strings")
        for item in value:
            if allowed is not None and item not in allowed:
                raise self.fail(f"{key!r}: {item!r} is not one of {', '.join(allowed)}")
        return tuple(value)

    def term(self, key: str, parser: Callable[[str], Term] = parse_effect) -> Term:
        """Parse an effect string value."""
        return _term(self.file, self.where, key, self.string(key), parser)

    def icons(self, key: str) -> dict[str, int]:
        """Parse an icon expression value."""
        try:
            return parse_icons(self.string(key))
        except EffectSyntaxError as exc:
            raise self.fail(f"{key!r}: {exc}") from None


# ============================================================================ loaders

DECK_SETS = ("Starter", "KeysStarter", "Base", "Keys", "Gates", "Promo", "PromoTownsfolk",
             "DiceTower2022", "CollectorsBox")


def _card_row(row: _Row, kind: str) -> CardDef:
    card = CardDef(
        id=row.text("id"), name=row.text("name"), kind=kind,
        set=row.text("set", DECK_SETS), copies=row.integer("copies", 1, 4),
        silver=row.integer("silver", 0, 6), icons=row.icons("icons"),
        instant=row.term("instant", parse_effect), ongoing=row.term("ongoing", parse_ongoing),
        dropoff=row.term("dropoff", parse_effect),
        recruit=row.term("recruit_effect", parse_effect))
    if not row.text("name"):
        raise row.fail("empty name")
    if sum(card.icons.values()) == 0:
        raise row.fail("a townsfolk card needs at least one icon")
    return card


def load_townsfolk(directory: Path = DATA_DIR) -> dict[str, CardDef]:
    """Load ``townsfolk.csv``."""
    return {row.text("id"): _card_row(row, "townsfolk")
            for row in _read_csv(directory, "townsfolk.csv")}


def load_heroes(directory: Path = DATA_DIR) -> dict[str, CardDef]:
    """Load ``heroes.csv`` (heroes have no hire/dismiss effect)."""
    heroes: dict[str, CardDef] = {}
    for row in _read_csv(directory, "heroes.csv"):
        card = _card_row(row, "hero")
        if card.recruit.name != "none":
            raise row.fail("a hero has no recruit_effect")
        heroes[card.id] = card
    return heroes


def load_outsiders(directory: Path = DATA_DIR) -> dict[str, CardDef]:
    """Load ``outsiders.csv``."""
    out: dict[str, CardDef] = {}
    for row in _read_csv(directory, "outsiders.csv"):
        none = Term("none")
        out[row.text("id")] = CardDef(
            id=row.text("id"), name=row.text("name"), kind="outsider",
            set=row.text("set", ("Gates", "CollectorsBox")), copies=1,
            silver=row.integer("silver", 0, 6), icons=row.icons("icons"), instant=none,
            ongoing=none, dropoff=none, recruit=none,
            refuse=row.term("refuse_effect", parse_effect),
            scoring=row.term("scoring", parse_scoring))
    return out


def load_manuscripts(directory: Path = DATA_DIR) -> dict[str, Manuscript]:
    """Load ``manuscripts.csv``."""
    out: dict[str, Manuscript] = {}
    for row in _read_csv(directory, "manuscripts.csv"):
        out[row.text("id")] = Manuscript(
            id=row.text("id"), set=row.text("set", ("Base", "Keys", "Gates")),
            cost=row.integer("cost", 1, 9), ribbon=row.text("ribbon", RIBBONS + ("any",)),
            grey_backed=row.text("grey_backed", ("yes", "no")) == "yes",
            immediate=row.term("immediate", parse_effect),
            scoring=row.term("scoring", parse_scoring),
            certainty=row.text("certainty", ROW_CERTAINTY))
    base = [m for m in out.values() if m.set == "Base"]
    if sum(m.grey_backed for m in base) != 5:
        raise DataError("manuscripts.csv", "-", "the base set needs exactly 5 grey-backed rows")
    return out


def load_player_cards(directory: Path = DATA_DIR) -> dict[str, PlayerCard]:
    """Load ``player_cards.csv``."""
    out: dict[str, PlayerCard] = {}
    for row in _read_csv(directory, "player_cards.csv"):
        out[row.text("id")] = PlayerCard(
            id=row.text("id"), set=row.text("set", ("Base", "Keys")),
            start_space=row.text("start_space", START_SPACES),
            ink=row.integer("ink", 0, 5), gold=row.integer("gold", 0, 5),
            stone=row.integer("stone", 0, 5),
            any_resource=row.integer("any_resource", 0, 5), silver=row.integer("silver", 0, 20),
            deeds=row.integer("deeds", 0, 5), debts=row.integer("debts", 0, 5),
            extra=row.term("extra", parse_effect),
            certainty=row.text("certainty", ROW_CERTAINTY))
    return out


def load_schemes(directory: Path = DATA_DIR) -> dict[str, Scheme]:
    """Load ``schemes.csv`` (solo)."""
    out: dict[str, Scheme] = {}
    for row in _read_csv(directory, "schemes.csv"):
        text = row.values["action_row"]
        try:
            options = parse_action_row(text)
        except EffectSyntaxError as exc:
            raise row.fail(f"action_row: {exc}") from None
        out[row.text("id")] = Scheme(
            id=row.text("id"), deck=row.text("deck", ("starting", "future")),
            set=row.text("set", ("Base", "Keys", "Gates")),
            header_icons=row.icons("header_icons"), row1=row.term("row1", parse_ai),
            row2=row.term("row2", parse_ai), move=row.integer("move", 0, 6), action_row=options,
            certainty=row.text("certainty", ROW_CERTAINTY))
    return out


def load_leaders(directory: Path = DATA_DIR) -> dict[str, Leader]:
    """Load ``castle_leaders.csv``."""
    return {row.text("id"): Leader(
        id=row.text("id"), set=row.text("set", ("Base", "Gates")), vp=row.integer("vp", 0, 20),
        ability=row.term("ability", parse_ongoing),
        certainty=row.text("certainty", ROW_CERTAINTY))
        for row in _read_csv(directory, "castle_leaders.csv")}


def load_cleric_bonus(directory: Path = DATA_DIR) -> dict[str, ClericBonus]:
    """Load ``cleric_bonus_cards.csv`` (one card per ribbon, keyed by ribbon)."""
    out: dict[str, ClericBonus] = {}
    for row in _read_csv(directory, "cleric_bonus_cards.csv"):
        card = ClericBonus(id=row.text("id"), ribbon=row.text("ribbon", RIBBONS),
                           vp=row.integer("vp", 0, 20), ability=row.term("ability", parse_ongoing),
                           certainty=row.text("certainty", ROW_CERTAINTY))
        if card.ribbon in out:
            raise row.fail(f"second card for ribbon {card.ribbon}")
        out[card.ribbon] = card
    return out


def load_builder_cards(directory: Path = DATA_DIR) -> dict[str, BuilderCard]:
    """Load ``builder_cards.csv`` (Gates of Gold)."""
    return {row.text("id"): BuilderCard(
        id=row.text("id"), kind=row.text("kind", ("diversified", "specialized")),
        vp=row.integer("vp", 0, 20), ability=row.term("ability", parse_ongoing))
        for row in _read_csv(directory, "builder_cards.csv")}


def load_chest_tiles(directory: Path = DATA_DIR) -> dict[str, ChestTile]:
    """Load ``chest_tiles.csv`` (Keeper of Keys)."""
    out: dict[str, ChestTile] = {}
    for row in _read_csv(directory, "chest_tiles.csv"):
        tile = ChestTile(id=row.text("id"), set=row.text("set", ("Keys", "KeysAI")),
                         kind=row.text("kind"), timing=row.text("timing", ("ongoing", "entry")),
                         effect=row.term("effect", parse_ongoing),
                         certainty=row.text("certainty", ROW_CERTAINTY))
        expected = "chest_convert" if tile.timing == "ongoing" else "chest_reward"
        if tile.effect.name != expected:
            raise row.fail(f"timing {tile.timing} needs a {expected} effect")
        out[tile.id] = tile
    return out


def _segment(table: _Table, board_file: str) -> Segment:
    seg_id = table.integer("id", 1, 5)
    numbers = table.table("numbers")
    nums = {k: numbers.string(k) for k in ("L", "R", "I")}
    if nums != {"L": str(2 * seg_id - 1), "R": str(2 * seg_id), "I": f"{2 * seg_id - 1}.5"}:
        raise table.fail(f"segment {seg_id} numbers {nums} break VB-3.1.3")
    trade = table.table("trade")
    pt = table.table("printed_townsfolk")
    printed = CardDef(
        id=f"PRINTED-{seg_id}", name=f"Printed townsfolk {seg_id}", kind="printed", set="Base",
        copies=1, silver=pt.integer("silver", 0, 6), icons=pt.icons("icons"), instant=Term("none"),
        ongoing=Term("none"), dropoff=Term("none"), recruit=pt.term("recruit_effect"))
    pm = table.table("printed_manuscript")
    sides = {side: _side(table.table(side)) for side in ("p12", "p34")}
    return Segment(id=seg_id, numbers=nums,
                   trade={k: trade.string(k, ("silver", "ink", "gold", "stone", "destroy", "flip"))
                          for k in ("L", "R")},
                   printed_townsfolk=printed,
                   printed_manuscript=PrintedManuscript(pm.integer("cost", 1, 9),
                                                        pm.term("immediate")),
                   sides=sides)


def _side(table: _Table) -> SegmentSide:
    spots = tuple(Spot(t.string("id"), t.string("group", ("left", "right")), t.term("bonus"))
                  for t in table.tables("spots"))
    ids = [s.id for s in spots]
    if len(set(ids)) != len(ids):
        raise table.fail("duplicate spot id")
    groups = [s.group for s in spots]
    if groups != sorted(groups) or set(groups) != {"left", "right"}:
        raise table.fail("spots must list the left group, then the right group (both present)")
    links = tuple(Link(t.string("a"), t.string("b"), t.term("reward"))
                  for t in table.tables("links"))
    for link in links:
        if link.a not in ids or (link.b not in ids and link.b != "NEXT"):
            raise table.fail(f"link {link.a}-{link.b} names an unknown spot")
    if sum(link.b == "NEXT" for link in links) != 1 or links[-1].a != ids[-1]:
        raise table.fail("exactly one NEXT link, from the last spot, is required")
    return SegmentSide(spots, links)


def load_board(directory: Path = DATA_DIR) -> Board:
    """Load ``board.toml``."""
    name = "board.toml"
    root = _Table(name, "", _read_toml(directory, name))
    topo = root.table("topology")
    edges = tuple((e.string("from", ("L", "R", "I")), e.string("to", ("L", "R", "I")),
                   bool(e.get("next"))) for e in topo.tables("edges"))
    sides_t = topo.table("sides")
    sides = {side: sides_t.ints(side, low=1) for side in ("p12", "p34")}
    kinds = root.table("trade_exchange_kinds")
    exchanges = {k: Exchange(k, kinds.table(k).integer("rate", 1, 9), kinds.table(k).term("gives"))
                 for k in ("silver", "ink", "gold", "stone", "destroy", "flip")}
    segments = tuple(_segment(t, name) for t in root.tables("segments"))
    if sorted(s.id for s in segments) != [1, 2, 3, 4, 5]:
        raise root.fail("segments must be exactly ids 1-5")
    return Board(edges, exchanges, segments, sides)


def load_castle(directory: Path = DATA_DIR) -> Castle:
    """Load ``castle.toml``."""
    name = "castle.toml"
    root = _Table(name, "", _read_toml(directory, name))
    sections = root.strs("sections")
    if len(sections) != 5:
        raise root.fail("the castle has 5 sections")
    tier2 = root.table("tier2_reward")
    leader = root.table("leader")
    bump = root.table("bump_reward")
    return Castle(
        sections=sections, tier_vp=root.ints("tier_vp", 3),
        limit=root.integer("section_limit_tiers_1_2", 1, 9),
        threshold=root.integer("triple_threshold", 1, 9),
        tier2_reward={s: tier2.term(s) for s in sections},
        tier3_reward=root.table("tier3_reward").term("each_worker"),
        bump_tier1=bump.term("tier1"), bump_tier2=bump.term("tier2"),
        leader=Leader(leader.string("id"), "Base", leader.integer("vp", 0, 20),
                      leader.term("ability", parse_ongoing), "certain"))


def load_player_board(directory: Path = DATA_DIR) -> PlayerBoard:
    """Load ``player_board.toml``."""
    name = "player_board.toml"
    root = _Table(name, "", _read_toml(directory, name))
    base = root.table("base")
    noble = tuple((t.integer("icons", 1, 20), t.integer("workers", 1, 20))
                  for t in base.tables("noble_table"))
    starting = base.table("starting_icons")
    costs = base.table("costs")
    vp = base.table("vp")
    per_type = base.integer("buildings_per_type", 1, 5)
    slots = tuple(Slot(t.string("id"), t.string("type", BUILDING_TYPES),
                       t.term("ability", parse_ongoing)) for t in base.tables("slots"))
    for kind in BUILDING_TYPES:
        if sum(s.type == kind for s in slots) != per_type:
            raise base.fail(f"need {per_type} slots of type {kind}")
    track = tuple(TrackPosition(t.integer("pos", 1, 7), t.term("upper"), t.term("lower"),
                                t.string("lower_condition", ("always", "criminals>=1",
                                                          "criminals==0")))
                  for t in base.tables("track"))
    if [p.pos for p in track] != list(range(1, 8)):
        raise base.fail("track positions must be 1..7 in order")
    return PlayerBoard(
        hand_limit=base.integer("hand_limit", 1, 9), card_spaces=base.integer("card_spaces", 3, 3),
        noble_table=noble,
        starting_icons={k: starting.icons(k) for k in ("space2", "space3")},
        costs={k: costs.integer(k, 1, 20) for k in BUILDING_TYPES},
        vp={k: vp.ints(k, per_type) for k in BUILDING_TYPES},
        buildings_per_type=per_type, workers=base.integer("workers", 1, 40), slots=slots,
        track=track, chest_slots=root.table("keys").integer("chest_slots", 0, 3))


def load_poverty_prosperity(directory: Path = DATA_DIR) -> PovertyProsperity:
    """Load ``poverty_prosperity.toml``."""
    name = "poverty_prosperity.toml"
    root = _Table(name, "", _read_toml(directory, name))

    def by_players(key: str) -> dict[int, int]:
        table = root.table(key)
        top = root.integer("total_debts", 1, 99)
        return {n: table.integer(str(n), 1, top) for n in (1, 2, 3, 4)}

    poverty = root.table("poverty")
    return PovertyProsperity(by_players("debts_on_poverty"), by_players("deeds_on_prosperity"),
                             poverty.ints("rewards"), poverty.ints("rewards_fewer_than_3_players"))


def load_ai(directory: Path = DATA_DIR) -> tuple[dict[str, AIBoard], AICommon]:
    """Load ``ai_boards.toml`` (solo)."""
    name = "ai_boards.toml"
    root = _Table(name, "", _read_toml(directory, name))
    common = root.table("common")
    ref = common.table("reference_card")
    literal = {"flip_choice", "gates_rearrange_welcome_refuse"}
    for key in ref.data:
        if key not in literal:
            ref.term(key, parse_ai)
    track = tuple(_term(name, "common", "track_upper", t, parse_effect)
                  for t in common.strs("track_upper"))
    if len(track) != 7:
        raise common.fail("track_upper needs 7 entries")
    noble = tuple((t.integer("icons", 1, 20), t.integer("workers", 1, 20))
                  for t in common.tables("noble_table"))
    boards = {}
    for t in root.tables("ai"):
        board = _ai_board(t)
        boards[board.id] = board
    return boards, AICommon(noble, common.integer("end_vp_per_resource", 0, 9), track,
                            {k: str(v) for k, v in ref.data.items()})


def _ai_board(t: _Table) -> AIBoard:
    start = t.table("start")
    allowed_start = RESOURCES + ("any_resource", "deeds", "debts")
    for key in start.data:
        if key not in allowed_start:
            raise start.fail(f"unknown starting item {key!r}")
    icons = t.table("starting_icons")
    slot_abilities = tuple(_term(t.file, t.where, "slot_abilities", s, parse_ongoing)
                           for s in t.strs("slot_abilities"))
    order = t.strs("building_order", BUILDING_TYPES)
    if len(order) != 9 or len(slot_abilities) != 9:
        raise t.fail("an AI board has 9 building slots")
    priority: list[tuple[str, int | None]] = []
    for item in t.get("resource_priority"):
        entry = _Table(t.file, t.where, item)
        below = entry.integer("below", 1, 99) if "below" in entry.data else None
        priority.append((entry.string("resource", RESOURCES), below))
    return AIBoard(
        id=t.string("id"), name=t.string("name"), focus=t.string("focus", ACTIONS),
        resource_priority=tuple(priority), single_resource_kind=bool(
            t.get("single_resource_kind")),
        start={k: start.integer(k, 0, 9) for k in start.data},
        start_effect=t.term("start_effect"),
        starting_icons={k: icons.icons(k) for k in ("space2", "space3")},
        remove_starting_schemes=t.strs("remove_starting_schemes"),
        building_order=order, slot_abilities=slot_abilities, certainty=t.string("certainty"))


def load_kings_order(directory: Path = DATA_DIR) -> tuple[CardDef, int]:
    """Load ``kings_orders.toml`` as a deck card plus its number of copies."""
    name = "kings_orders.toml"
    t = _Table(name, "", _read_toml(directory, name)).table("kings_order")
    none = Term("none")
    card = CardDef(id="KO", name="King's Order", kind="kings_order", set="Gates", copies=1,
                   silver=t.integer("silver", 0, 9), icons=t.icons("icons"), instant=none,
                   ongoing=none, dropoff=t.term("dropoff"), recruit=none,
                   refuse=t.term("on_destroyed"))
    t.term("on_gain")
    return card, t.integer("count", 1, 99)


def load_manuscript_boards(directory: Path = DATA_DIR) -> tuple[dict[str, ManuscriptBoard],
                                                                tuple[Term, ...]]:
    """Load ``manuscript_boards.toml`` (Gates of Gold)."""
    name = "manuscript_boards.toml"
    root = _Table(name, "", _read_toml(directory, name))
    cols = root.table("columns")
    columns = tuple(cols.term(str(i), parse_ongoing) for i in (1, 2, 3, 4))
    boards = {}
    for t in root.tables("boards"):
        colours = t.strs("colours", RIBBONS)
        if sorted(colours) != sorted(RIBBONS):
            raise t.fail("colours must be the 4 ribbons once each")
        start = t.table("starting_manuscript")
        boards[t.string("id")] = ManuscriptBoard(
            t.string("id"), colours, start.string("ribbon", RIBBONS), start.term("immediate"),
            t.string("certainty"))
    return boards, columns


def starting_manuscripts(boards: Mapping[str, ManuscriptBoard]) -> dict[str, Manuscript]:
    """The printed starting manuscript of each manuscript board as a full manuscript (VG-2.1,
    VG-R04), id ``<board>-S``; its set ``GatesBoard`` keeps it out of the piles."""
    return {f"{b.id}-S": Manuscript(f"{b.id}-S", "GatesBoard", 0, b.starting_ribbon, False,
                                    b.starting_immediate, Term("none"), b.certainty)
            for b in boards.values()}


def load_public_buildings(directory: Path = DATA_DIR) -> dict[str, PublicBuilding]:
    """Load ``public_buildings.toml`` (Keeper of Keys)."""
    name = "public_buildings.toml"
    root = _Table(name, "", _read_toml(directory, name))
    return {t.string("id"): PublicBuilding(t.string("id"), t.string("replaces", BUILDING_TYPES),
                                        t.integer("cost_builder", 1, 20), t.integer("vp", 0, 30),
                                        t.term("immediate"), t.term("ongoing", parse_ongoing))
            for t in root.tables("public_buildings")}


def load_data(directory: str | Path | None = None) -> GameData:
    """Load and validate every data file of ``directory`` (the packaged data by default)."""
    path = Path(directory) if directory is not None else DATA_DIR
    if path == DATA_DIR:
        return _packaged()
    return _load(path)


@cache
def _packaged() -> GameData:
    return _load(DATA_DIR)


def _load(path: Path) -> GameData:
    board = load_board(path)
    kings_order, ko_count = load_kings_order(path)
    ai_boards, ai_common = load_ai(path)
    ms_boards, ms_columns = load_manuscript_boards(path)
    manuscripts = load_manuscripts(path)
    manuscripts.update(starting_manuscripts(ms_boards))
    data = GameData(
        townsfolk=load_townsfolk(path), heroes=load_heroes(path),
        outsiders=load_outsiders(path), kings_order=kings_order, kings_order_count=ko_count,
        manuscripts=manuscripts, player_cards=load_player_cards(path), board=board,
        castle=load_castle(path), leaders=load_leaders(path),
        player_board=load_player_board(path), cleric_bonus=load_cleric_bonus(path),
        poverty_prosperity=load_poverty_prosperity(path), schemes=load_schemes(path),
        ai_boards=ai_boards, ai_common=ai_common, builder_cards=load_builder_cards(path),
        chest_tiles=load_chest_tiles(path), manuscript_boards=ms_boards,
        manuscript_columns=ms_columns, public_buildings=load_public_buildings(path),
        printed_townsfolk={s.printed_townsfolk.id: s.printed_townsfolk for s in board.segments})
    _cross_check(data)
    return data


def _cross_check(data: GameData) -> None:
    for board in data.ai_boards.values():
        for scheme in board.remove_starting_schemes:
            if scheme not in data.schemes or data.schemes[scheme].deck != "starting":
                raise DataError("ai_boards.toml", board.id, f"unknown starting scheme {scheme}")
    if set(data.cleric_bonus) != set(RIBBONS):
        raise DataError("cleric_bonus_cards.csv", "-", "one card per ribbon is required")
    for icon in ICONS:
        assert icon  # icons are validated by the parser


# ============================================================================ check_data

@dataclass
class FileSummary:
    """What one data file holds and how certain it is."""

    name: str
    rows: int
    certainty: str
    row_certainty: dict[str, int] = field(default_factory=dict)

    def line(self) -> str:
        """Return a one-line summary."""
        extra = ", ".join(f"{k} {v}" for k, v in sorted(self.row_certainty.items()))
        return f"{self.name}: {self.rows} entries, {self.certainty}" + (
            f" ({extra})" if extra else "")


@dataclass
class DataReport:
    """The result of :func:`check_data`."""

    directory: str
    ok: bool
    files: list[FileSummary]
    errors: list[str]

    def lines(self) -> list[str]:
        """Return the report as printable lines."""
        head = f"viscounts data in {self.directory}: " + ("OK" if self.ok else "INVALID")
        return [head] + [f"  {f.line()}" for f in self.files] + [
            f"  ERROR {e}" for e in self.errors]

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-ready form."""
        return {"directory": self.directory, "ok": self.ok, "errors": self.errors,
                "files": [{"name": f.name, "rows": f.rows, "certainty": f.certainty,
                           "row_certainty": f.row_certainty} for f in self.files]}


def file_certainty(text: str) -> str:
    """Classify a file from its header comment: certain, reconstructed or picture-read."""
    head = text.lstrip().splitlines()[0] if text.strip() else ""
    if "RECONSTRUCTED DATA" in head:
        return "reconstructed"
    if "RECONSTRUCTED-FAMILY" in head:
        return "read from illustrations (picture-only component)"
    return "certain (printed card lists)"


_ROW_COUNTERS: dict[str, Callable[[GameData], int]] = {
    "townsfolk.csv": lambda d: len(d.townsfolk),
    "heroes.csv": lambda d: len(d.heroes),
    "outsiders.csv": lambda d: len(d.outsiders),
    "manuscripts.csv": lambda d: sum(1 for m in d.manuscripts.values() if m.set != "GatesBoard"),
    "player_cards.csv": lambda d: len(d.player_cards),
    "schemes.csv": lambda d: len(d.schemes),
    "castle_leaders.csv": lambda d: len(d.leaders),
    "cleric_bonus_cards.csv": lambda d: len(d.cleric_bonus),
    "builder_cards.csv": lambda d: len(d.builder_cards),
    "chest_tiles.csv": lambda d: len(d.chest_tiles),
    "board.toml": lambda d: len(d.board.segments),
    "castle.toml": lambda d: len(d.castle.sections),
    "player_board.toml": lambda d: len(d.player_board.slots),
    "poverty_prosperity.toml": lambda d: len(d.poverty_prosperity.debts_on_poverty),
    "ai_boards.toml": lambda d: len(d.ai_boards),
    "kings_orders.toml": lambda d: d.kings_order_count,
    "manuscript_boards.toml": lambda d: len(d.manuscript_boards),
    "public_buildings.toml": lambda d: len(d.public_buildings),
}


def _row_certainty(directory: Path, name: str) -> dict[str, int]:
    if not name.endswith(".csv") or "certainty" not in CSV_COLUMNS[name]:
        return {}
    counts: dict[str, int] = {}
    for row in _read_csv(directory, name):
        key = row.text("certainty")
        counts[key] = counts.get(key, 0) + 1
    return counts


def check_data(directory: str | Path | None = None) -> DataReport:
    """Validate a Viscounts data directory and summarise what it contains.

    Never raises for a defective file: the defect is reported in ``errors``
    (one line naming file, row and reason) and ``ok`` is False.
    """
    path = Path(directory) if directory is not None else DATA_DIR
    errors: list[str] = []
    try:
        data: GameData | None = _load(path)
    except DataError as exc:
        errors.append(str(exc))
        data = None
    files: list[FileSummary] = []
    for name in list(CSV_COLUMNS) + list(TOML_FILES):
        try:
            text = (path / name).read_text(encoding="utf-8")
        except OSError:
            files.append(FileSummary(name, 0, "missing"))
            if data is not None:
                errors.append(f"{name}: row -: missing file")
            continue
        rows = _ROW_COUNTERS[name](data) if data is not None else 0
        try:
            detail = _row_certainty(path, name) if data is not None else {}
        except DataError:
            detail = {}
        files.append(FileSummary(name, rows, file_certainty(text), detail))
    return DataReport(str(path), not errors, files, errors)
