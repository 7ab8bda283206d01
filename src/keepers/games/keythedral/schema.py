"""The Keythedral position format as typed models, and the JSON Schema made from them.

:class:`PositionModel` describes every field of a position file's ``state``
(:func:`~keepers.games.keythedral.serial.position_to_dict`) in the rules' terms;
``docs/positions.md`` explains them and ``docs/schemas/keythedral-position.json`` is
the schema generated from these models (a test keeps the two identical)::

    python -m keepers.games.keythedral.schema > docs/schemas/keythedral-position.json

The models state the shape of each field; the checks a position must pass when it is
loaded (every component exactly once, references that exist, the pending decision the
rules would ask) are those of :mod:`~keepers.games.keythedral.validate`.  Generating
the schema needs pydantic (a development tool); playing never imports this module.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Count = Annotated[int, Field(ge=0, le=130)]
Cubes = Annotated[list[Count], Field(min_length=8, max_length=8, description=(
    "cube counts by colour: black, brown, blue, green, red (resources), white, purple, "
    "yellow (crafts) (KT-0.4)"))]
Seat = Annotated[int, Field(ge=0, le=4, description="a seat, 0 to players - 1 (KT-0.2)")]
Coordinate = Annotated[int, Field(ge=-64, le=64)]
LawCard = Annotated[str, Field(pattern=r"^C(0[1-9]|1[0-9]|20)$",
                               description="a law card id, C01 to C20 (KT-1.5, KT-12)")]
BuildingTile = Annotated[str, Field(pattern=r"^B(04|06|08|10|12)-[1-8]$",
                                    description="a building tile id, B<value>-<n> (KT-1.4)")]
FieldTile = Annotated[str, Field(pattern=r"^(QUA|FOR|LAK|FAR|VIN)-[1-5][ab]?$",
                                 description="a field tile id (KT-1.3)")]
FieldType = Annotated[int, Field(ge=0, le=4, description=(
    "a field type: 0 quarry, 1 forest, 2 lake, 3 farm, 4 vineyard"))]


class Model(BaseModel):
    """Every model refuses keys it does not know."""

    model_config = ConfigDict(extra="forbid")


class OptionsModel(Model):
    """The options the game is played under (every one named, KT-3.1)."""

    length: Literal["short", "full"] = Field(description="mat length (KT-15.3)")
    face_up: bool = Field(description="every mat row face up from the start (KT-15.2)")
    first: int = Field(ge=-1, le=4, description="first seat, or -1 for a drawn one (KT-3.6)")
    max_rounds: int = Field(ge=0, le=10_000, description="round cap, 0 for none")


class PositionModel(Model):
    """A full Keythedral position, hidden items included (a position file's ``state``)."""

    model_config = ConfigDict(extra="forbid", title="Keythedral position")

    players: int = Field(ge=2, le=5, description="number of seats (KT-3.1)")
    options: OptionsModel
    rng: int = Field(ge=0, le=2**64 - 1, description="the generator's state (64 bits)")
    round: int = Field(ge=0, le=10_000, description="current round; 0 during setup")
    phase: int = Field(ge=0, le=5, description="current phase, 1 to 5 (KT-4.1)")
    first: Seat = Field(description="the first player this round (KT-0.3)")
    store: Cubes = Field(description="cubes in the store (KT-0.5)")
    craftsmen: Cubes = Field(description="craft cubes on the craftsmen's spaces (KT-7.9)")
    stocks: list[Cubes] = Field(description="each seat's cubes behind its screen (KT-0.6)")
    fences_left: list[Annotated[int, Field(ge=0, le=3)]] = Field(
        description="fences each seat may still build (KT-1.6, KT-7.7)")
    markers: list[Annotated[int, Field(ge=1, le=5)]] = Field(
        max_length=5, description="numbers of the work-order markers placed (KT-5.2)")
    deck: list[LawCard] = Field(description="the law deck, its top last (KT-3.4)")
    law_spaces: list[LawCard | None] = Field(
        description="the face-down law cards on the law spaces; null: empty (KT-7.10)")
    hands: list[list[LawCard]] = Field(description="each seat's law cards (secret)")
    discard: list[LawCard] = Field(description="the law discard, in order")
    rows: list[list[BuildingTile | None]] = Field(
        description="the mat, one row per value (4 to 12); null: a bought space (KT-10.1)")
    revealed: list[bool] = Field(description="which mat rows were turned face up (KT-10.2)")
    unused: list[list[BuildingTile]] = Field(
        description="per row, the tiles of its value not on the mat (KT-3.5, KT-12.13)")
    owned: list[list[BuildingTile]] = Field(description="each seat's tiles bought (KT-10.7)")
    stack: list[FieldTile] = Field(description="field tiles still to draw in setup (KT-3.10)")
    drawn: FieldTile | None = Field(description="the field tile drawn, being laid")
    workorder: Seat | None = Field(description="Work Order's player this round (KT-12.1)")
    moratorium: Seat | None = Field(description="Building Moratorium's player (KT-12.12)")
    passes: int = Field(ge=0, le=5, description="passes in a row in phase 3 (KT-7.3)")
    retired: list[bool] = Field(description="seats out of phase 3 (KT-7.3, KT-7.10)")
    over: bool = Field(description="the game has ended (KT-14.1)")
    was_capped: bool = Field(description="the round cap ended it")
    trespass: list[Seat] = Field(description="Trespass players this round (KT-12.9)")
    hard_worker: list[Seat] = Field(description="Hard Worker players this round (KT-12.14)")
    bumper: list[FieldType] = Field(description="Bumper Crop field types (KT-12.18)")
    blight: list[FieldType] = Field(description="Blight field types (KT-12.19)")
    fields: list[tuple[Coordinate, Coordinate, FieldType, FieldTile]] = Field(
        description="[x, y, type, tile] per laid field, on cells (both even, KT-2)")
    tiles: list[tuple[Coordinate, Coordinate, Seat, Annotated[int, Field(ge=1, le=5)], bool]] = (
        Field(description="[x, y, owner, number, house] per cottage on a slot (both odd)"))
    tile_slot: list[list[tuple[Coordinate, Coordinate] | None]] = Field(
        description="per seat, the slot of cottages 1 to 5; null: not laid (KT-2.9)")
    fences: list[tuple[Coordinate, Coordinate, Coordinate, Coordinate, Seat]] = Field(
        description="[slot x, slot y, cell x, cell y, owner] per fence (KT-2.12)")
    workers: list[tuple[Coordinate, Coordinate, Seat]] = Field(
        description="[x, y, owner] per worker on a field (KT-5.5)")
    price_cards: list[tuple[int, int, list[Literal["C02", "C03"]]]] = Field(
        description="[row, index, cards]: price cards under a mat space (KT-10.6)")
    renumber: list[tuple[Seat, int, int]] = Field(
        description="[seat, cottage number, counts as] by Renumbering (KT-12.6)")
    crop_choice: list[tuple[Seat, FieldType]] = Field(
        description="[seat, field type] by Crop Choice (KT-12.8)")
    withdrawn: list[tuple[int, int]] = Field(
        description="[row, index] of purchases withdrawn this turn (KT-7.14)")
    purchase: tuple[Seat, int, int, bool, bool] | None = Field(
        description="[buyer, row, index, Change of Style, void]: a purchase being settled")
    price: list[Count] = Field(max_length=8, description="the purchase's price by colour")
    frames: list[list[Any]] = Field(
        max_length=500, description="the pending rules steps, the next one last: [kind, ...]")
    pending: tuple[str, Seat, Any] | None = Field(
        description="the decision waited for: [kind, seat, info]; null when over")
    exposed: list[tuple[Seat, LawCard]] = Field(
        description="[seat, card]: a card shown that must be played (KT-12.10)")
    log: list[list[Any]] = Field(description="the public events, oldest first (KT-13.4)")


def position_schema() -> dict[str, Any]:
    """The JSON Schema of a Keythedral position file's ``state``."""
    return PositionModel.model_json_schema()


def schema_text() -> str:
    """The schema as committed in ``docs/schemas/keythedral-position.json``."""
    return json.dumps(position_schema(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
