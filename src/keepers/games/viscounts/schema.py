"""The Viscounts position format as typed models, and the JSON Schema made from them.

:class:`PositionModel` describes every field of a position file's ``state``
(:func:`~keepers.games.viscounts.serial.position_to_dict`) in the rules' terms;
``docs/positions.md`` explains them and ``docs/schemas/viscounts-position.json`` is the
schema generated from these models (a test keeps the two identical)::

    python -m keepers.games.viscounts.schema > docs/schemas/viscounts-position.json

The models state the shape of each field; the checks a position must pass when it is
loaded (every component exactly once, the pending steps resuming) are those of
:mod:`~keepers.games.viscounts.validate`.  Playing never imports this module.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Amount = Annotated[int, Field(ge=0, le=999)]
Count = Annotated[int, Field(ge=0, le=99)]
Seat = Annotated[int, Field(ge=0, le=3, description="a player, 0 to players - 1 (VB-0.5)")]
Marker = Annotated[int, Field(ge=1, le=7, description="a track position (VB-2.5)")]
CardId = Annotated[str, Field(max_length=40, description=(
    "a deck card id: TF-… townsfolk, H-… hero, O-… outsider, KO a king's order; the solo "
    "AI's zones hold scheme ids SS…/FS…/SK…"))]
ManuscriptId = Annotated[str, Field(max_length=10, description=(
    "a manuscript id: M01–M35, MK1–MK5, MG1–MG5, or a board's starting one MB1-S…"))]
Node = Annotated[str, Field(pattern=r"^([0-4]\.[LRI])?$", description=(
    "a space of the ring: '<position 0-4>.<L|R|I>' (outside left/right, inside)"))]
Ribbon = Literal["grey", "black", "yellow", "blue"]
Event = Annotated[str, Field(max_length=100, pattern=r"^[a-z_]+ -?[0-9]( [A-Za-z0-9_.-]+)*$",
                             description=(
    "one event in machine words, '<kind> <player> <words...>' (player -1: the table's own): "
    "play, move, action, hire, hero, chest, public, welcome, refuse, builder, board, ko, "
    "collision, scheme, ai_chest, reveal, outsiders_public, nothing"))]


class Model(BaseModel):
    """Every model refuses keys it does not know."""

    model_config = ConfigDict(extra="forbid")


class PlayerModel(Model):
    """One player's board and cards (VB-2)."""

    seat: Seat
    silver: Amount
    ink: Amount
    gold: Amount
    stone: Amount
    corruption: Marker = Field(description="the corruption marker, at most the virtue one")
    virtue: Marker
    hand: list[CardId] = Field(description="the hand (secret to the others)")
    draw: list[CardId] = Field(description="the draw pile, its top last (secret)")
    discard: list[CardId] = Field(description="the discard pile, face up, its top last")
    spaces: list[CardId | None] = Field(min_length=3, max_length=3,
                                        description="card spaces 1, 2, 3 (VB-2.4)")
    covered: list[bool] = Field(min_length=9, max_length=9,
                                description="each player-board slot still holding its building")
    supply: Annotated[int, Field(ge=0, le=20, description="workers not in the castle")]
    manuscripts: list[ManuscriptId]
    bonus: list[Ribbon] = Field(description="cleric bonus cards held, by ribbon (VB-6.3.7)")
    debts_unpaid: Count
    debts_paid: Count
    deeds_acquired: Count
    deeds_approved: Count
    node: Node = Field(description="where the Viscount stands ('' before setup)")
    is_ai: bool = Field(description="the solo AI (player 1 of a solo game, VS-1)")


class GeometryModel(Model):
    """The ring drawn at setup (VB-3.1)."""

    arrangement: list[Annotated[int, Field(ge=1, le=5)]] = Field(
        min_length=5, max_length=5, description="the segment at each ring position")
    rotation: Annotated[int, Field(ge=0, le=4, description="the castle's turn")]


class AIModel(Model):
    """The solo AI's board and future schemes (VS-1)."""

    board: Literal["cleric", "builder", "noble", "merchant"]
    future: list[str] | None = Field(default=None, description="future schemes, top last")


class PositionModel(Model):
    """A Viscounts position: ``GameState.to_dict()`` and a position file's ``state``."""

    seats: Annotated[int, Field(ge=1, le=4, description="deciding seats; 1 is solo")]
    players: list[PlayerModel] = Field(min_length=2, max_length=4, description=(
        "every player; in solo the AI is the second"))
    geometry: GeometryModel
    start: Seat = Field(description="the start player (VB-5.6)")
    current: Seat = Field(description="whose turn it is")
    round: Annotated[int, Field(ge=0, le=61, description="0 during setup")]
    phase: Literal["setup", "manage", "move", "action", "recruit", "collision", "draw",
                   "ai", "end", "over"]
    leader: Annotated[int, Field(ge=-1, le=3, description="the castle leader, -1: none")]
    debt_above: Count = Field(description="debts above the poverty card (VB-8.1)")
    deed_above: Count = Field(description="deeds above the prosperity card (VB-8.1)")
    poverty: bool
    prosperity: bool
    last_round: Annotated[int, Field(ge=0, le=61, description="0 until the end is triggered")]
    over: bool
    capped: bool = Field(description="ended by the round cap")
    tf_piles: list[list[CardId]] = Field(min_length=5, max_length=5,
                                         description="the townsfolk piles, tops last")
    ms_piles: list[list[ManuscriptId]] = Field(min_length=5, max_length=5,
                                               description="the manuscript piles, tops last")
    spots: dict[str, tuple[Seat, str]] = Field(
        description="building spot → [owner, building type or public building]")
    castle: list[list[list[Annotated[int, Field(ge=0, le=20)]]]] = Field(
        min_length=5, max_length=5, description="workers by section, tier and player (VB-4)")
    cleric: dict[Ribbon, Seat] = Field(description="cleric bonus cards claimed, by ribbon")
    removed: list[str] = Field(description="cards and tiles out of the game")
    turn: dict[str, Any] = Field(description="this turn's facts: distance, dismissed, extra, "
                                             "transcribed")
    pairs: list[tuple[str, str]] = Field(description="[player card, hero] pairs still to pick")
    ai: AIModel
    stack: list[list[Any]] = Field(max_length=500, description=(
        "the pending rules steps, the next one last: [kind, player, arguments...]"))
    rng: Annotated[int, Field(ge=0, le=(1 << 64) - 1, description="the generator's state")]
    log: list[Event] = Field(default_factory=list, max_length=20, description=(
        "the last public events, oldest first, as the views show them (absent from files "
        "written before positions kept them)"))
    ext: dict[str, Any] | None = Field(default=None, description=(
        "the expansions in play and their components (docs/rules/viscounts.md §12-13)"))


def position_schema() -> dict[str, Any]:
    """The JSON Schema of a Viscounts position file's ``state``."""
    return PositionModel.model_json_schema()


def schema_text() -> str:
    """The schema as committed in ``docs/schemas/viscounts-position.json``."""
    return json.dumps(position_schema(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
