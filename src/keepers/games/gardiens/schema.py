"""The Gardiens position format as typed models, and the JSON Schema made from them.

:class:`PositionModel` describes every field of a position file's ``state``
(:func:`~keepers.games.gardiens.serial.position_to_dict`) in the rules' terms;
``docs/positions.md`` explains them and ``docs/schemas/gardiens-position.json`` is
the schema generated from these models (a test keeps the two identical)::

    python -m keepers.games.gardiens.schema > docs/schemas/gardiens-position.json

The models state the shape of each field; the checks a position must pass when it is
loaded (every component exactly once, the pending decision playable) are those of
:mod:`~keepers.games.gardiens.validate`.  Generating the schema needs pydantic (a
development tool); playing never imports this module.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Player = Annotated[int, Field(ge=0, le=4, description="a player index, 0 to players - 1")]
PlayerOrNone = Annotated[int, Field(ge=-1, le=4, description="a player index, or -1: none")]
Count = Annotated[int, Field(ge=0, le=10_000)]
HexList = Annotated[list[int], Field(min_length=24, max_length=37, description=(
    "one entry per hex of the player count's board, in the layout's order (GR-2.7)"))]
ActionCard = Annotated[str, Field(pattern=r"^AC[0-9]{2}#[0-9]$",
                                  description="an Action card copy, AC<id>#<copy> (GR-22)")]
EventCard = Annotated[str, Field(pattern=r"^EV[0-9]{2}#[0-9]$",
                                 description="an Event card copy, EV<id>#<copy> (GR-23)")]
Objective = Annotated[str, Field(pattern=r"^OB[0-9]{2}$",
                                 description="a secret objective card (GR-24)")]
Building = Literal["warehouse", "fortress", "market", "watchtower", "temple"]
Resources = Annotated[list[Count], Field(min_length=5, max_length=5, description=(
    "cube counts by resource: wood, stone, gold, food, magic"))]
CtxValue = int | str | bool | None | list[int | str | bool]


class Model(BaseModel):
    """Every model refuses keys it does not know."""

    model_config = ConfigDict(extra="forbid")


class OptionsModel(Model):
    """The options the game is played under (every one named, GR-25, GR-29)."""

    coop: bool = Field(description="the co-operative variant (GR-25)")
    max_rounds: int = Field(ge=1, le=10_000, description="round cap (GR-17.7)")
    first_player: Literal["rotate", "fixed"] = Field(description="GR-29.1")
    territory_points: Literal["snapshot", "accumulate"] = Field(description="GR-29.2")
    bank_trade: bool = Field(description="GR-29.3")
    watchtower: Literal["all", "adjacent"] = Field(description="GR-29.4")
    alliance_sharing: Literal["gift", "swap"] = Field(description="GR-29.5")
    shadows: Literal["block", "advance"] = Field(description="GR-29.6")


class CombatModel(Model):
    """The last combat, shown to every player (GR-10, GR-20.1)."""

    attacker: str
    defender: str
    from_: str = Field(alias="from")
    to: str
    engaged: Count
    attack_card: str
    defence_card: str
    magic: Count
    attack_dice: list[str]
    defence_dice: list[str]
    attack_total: Count
    defence_total: Count
    outcome: str


class PositionModel(Model):
    """A full Gardiens position, hidden items included (a position file's ``state``)."""

    model_config = ConfigDict(extra="forbid", title="Gardiens position")

    players: int = Field(ge=2, le=5, description="number of players (GR-3)")
    rng: int = Field(ge=0, le=2**64 - 1, description="the generator's state (64 bits)")
    options: OptionsModel
    n: int = Field(ge=2, le=5, description="number of players again (the same)")
    first: Player = Field(description="the player of seat 1 (GR-3.1)")
    snap_citadel: PlayerOrNone = Field(description="who held the Citadel at the last "
                                                   "territory snapshot (GR-18)")
    round: int = Field(ge=0, le=10_001, description="current round; 0 during setup")
    turn_in_round: int = Field(ge=0, le=5, description="turns played this round (GR-4)")
    active: Player = Field(description="the player whose turn it is (GR-4.2)")
    actions_taken: int = Field(ge=0, le=2, description="actions taken this turn (GR-6.1)")
    partner_refused: bool = Field(description="an alliance was refused this turn (GR-15.2)")
    round_effect: EventCard | Literal[""] = Field(description="the event in force (GR-23)")
    phase: str = Field(description="the kind of the pending decision, or \"over\"")
    decider: Player = Field(description="who decides the pending decision")
    over: bool = Field(description="the game has ended (GR-19)")
    end_reason: Literal["", "victory_points", "events_exhausted", "round_cap",
                        "shadows_defeated", "citadel_fell"]
    capped_flag: bool = Field(description="the round cap ended it (GR-17.7)")
    owner: HexList = Field(description="who has guardians on each hex; -1: nobody (GR-14.1)")
    count: HexList = Field(description="guardians on each hex, 0 to 5 (GR-14.4)")
    building: HexList = Field(description="building on each hex by index in the order "
                                          "warehouse, fortress, market, watchtower, temple; "
                                          "-1: none (GR-7)")
    protect: HexList = Field(description="the player a hex is protected for; -1: none")
    shadow_pos: list[int] = Field(max_length=4, description="each Shadow's hex; -1: banished "
                                                            "(co-op, GR-25.9)")
    shadow_delayed: list[bool] = Field(description="each Shadow's delay (co-op, GR-25)")
    reserve: list[Annotated[int, Field(ge=0, le=10)]] = Field(
        description="each player's guardians off the board (GR-14.3)")
    banked_build: list[Count] = Field(description="VP banked from buildings (GR-18.2)")
    banked_combat: list[Count] = Field(description="VP banked from combats (GR-18)")
    snap_hexes: list[Count] = Field(description="territory VP at the last snapshot (GR-18)")
    combats_won: list[Count] = Field(description="combats won by each player")
    trades: list[Count] = Field(description="trade actions taken by each player (GR-11)")
    ally: list[PlayerOrNone] = Field(description="each player's ally; -1: none (GR-15.1)")
    supply: Resources = Field(description="cubes in the supply (GR-1.4)")
    bsupply: list[Annotated[int, Field(ge=0, le=4)]] = Field(
        description="building tiles not built, by building (GR-1.4)")
    deck: list[ActionCard] = Field(description="the Action deck, its top last (GR-12.8)")
    river: list[ActionCard] = Field(description="the face-up Action cards (GR-12)")
    discard: list[ActionCard] = Field(description="the Action discard")
    events: list[EventCard] = Field(description="the Event deck, its top last (GR-17)")
    event_discard: list[EventCard] = Field(description="the Events drawn")
    forced_dice: list[str] = Field(description="dice faces to roll next (tests, GR-28.2)")
    winners_list: list[Player] = Field(description="the winners, once over (GR-19)")
    cubes: list[Resources] = Field(description="each player's cubes")
    hands: list[list[ActionCard]] = Field(description="each player's Action cards (GR-20.2)")
    objectives: list[list[Objective]] = Field(description="each player's objective cards")
    achieved: list[list[bool]] = Field(description="which of them are achieved (GR-24)")
    types_built: list[list[Building]] = Field(description="building kinds each has built")
    ctx: dict[str, CtxValue] = Field(description="the arguments of the pending decision "
                                                 "(hexes by index, cards, counts)")
    last_combat: CombatModel | None


def position_schema() -> dict[str, Any]:
    """The JSON Schema of a Gardiens position file's ``state``."""
    return PositionModel.model_json_schema(by_alias=True)


def schema_text() -> str:
    """The schema as committed in ``docs/schemas/gardiens-position.json``."""
    return json.dumps(position_schema(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
