"""The wire: every HTTP body and websocket message, validated by pydantic.

docs/protocol.md describes the same messages for people writing other clients.
A client message larger than :data:`MAX_MESSAGE_CHARS` is refused before parsing.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, TypeAdapter

from keepers.core.game import MAX_DECISION_LENGTH
from keepers.server.tokens import MAX_TOKEN_CHARS

PROTOCOL_VERSION = 1
MAX_MESSAGE_CHARS = 4096
"""Longest websocket message a client may send (a decision needs about 150)."""
MAX_BODY_BYTES = 16_384
"""Longest HTTP request body."""
MAX_SEATS = 16
MAX_BOT_DELAY = 10.0

Name = Annotated[str, Field(min_length=1, max_length=40)]
OptionValue = StrictBool | StrictInt | Annotated[StrictStr, Field(max_length=100)]
Status = Literal["open", "ongoing", "finished"]


class Strict(BaseModel):
    """A message that refuses unknown fields."""

    model_config = ConfigDict(extra="forbid")


# -- HTTP -----------------------------------------------------------------------
class CreateGame(Strict):
    """Ask for a new game: one entry per seat, ``human`` or a bot of the game."""

    game: Name
    seats: list[Name] = Field(min_length=1, max_length=MAX_SEATS)
    options: dict[Annotated[str, Field(max_length=40)], OptionValue] = Field(
        default_factory=dict, max_length=32)
    bot_delay: float = Field(default=0.0, ge=0.0, le=MAX_BOT_DELAY,
                             description="seconds a bot waits before deciding")


class SeatInfo(BaseModel):
    """A seat as everyone may see it."""

    seat: int
    kind: Literal["human", "bot"]
    bot: str | None = None
    claimed: bool = False
    name: str | None = None


class Result(BaseModel):
    """The outcome of a finished game."""

    scores: list[int]
    winners: list[int]
    decisions: int
    capped: bool = False


class GameSummary(BaseModel):
    """A game as listed: never its seed."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    rules: int
    bot_delay: float
    seats: list[SeatInfo]
    status: Status
    state: int
    created_at: datetime
    result: Result | None = None


class Invitation(BaseModel):
    """The link to hand to the person who will play ``seat``: it carries the seat token
    (in the fragment, which browsers never send to a server)."""

    seat: int
    token: str
    link: str


class CreatedGame(BaseModel):
    """A new game and one invitation per human seat."""

    game: GameSummary
    invitations: list[Invitation]


class GameList(BaseModel):
    """Games, newest first."""

    games: list[GameSummary]


class JoinGame(Strict):
    """Take a seat with its token; ``name`` is shown to the others."""

    token: Annotated[str, Field(min_length=1, max_length=MAX_TOKEN_CHARS)]
    name: Name | None = None


class Joined(BaseModel):
    """The seat the token opens."""

    seat: int
    game: GameSummary


class PublicView(BaseModel):
    """What a spectator sees now."""

    state: int
    view: dict[str, Any]
    over: bool


class ErrorBody(BaseModel):
    """Every HTTP refusal: a code for programs and a message for people."""

    code: str
    message: str


# -- websocket: client to server ---------------------------------------------
class Hello(Strict):
    """The first message: a seat token to play, none to watch."""

    type: Literal["hello"]
    token: Annotated[str, Field(min_length=1, max_length=MAX_TOKEN_CHARS)] | None = None


class Decide(Strict):
    """A decision answering state number ``state``."""

    type: Literal["decide"]
    state: int = Field(ge=0)
    action: Annotated[str, Field(min_length=1, max_length=MAX_DECISION_LENGTH)]


class Sync(Strict):
    """Ask for the current state again."""

    type: Literal["sync"]


ClientMessage = Annotated[Hello | Decide | Sync, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Hello | Decide | Sync] = TypeAdapter(ClientMessage)


# -- websocket: server to client -----------------------------------------------
class Welcome(BaseModel):
    """Sent once after hello: who you are in which game."""

    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL_VERSION
    game_id: str
    game: str
    players: int
    seat: int | None


class Pending(BaseModel):
    """Who decides now and what kind of decision (shown only when public or yours); the
    prompt, which may name what only the decider knows, only to the decider."""

    seat: int
    kind: str
    prompt: str | None = None


class Legal(BaseModel):
    """One legal decision: ``action`` is what to send, ``label`` what to show."""

    action: str
    label: str


class StateMessage(BaseModel):
    """The position after decision number ``state``, as the receiver may see it."""

    type: Literal["state"] = "state"
    state: int
    status: Status
    view: dict[str, Any]
    decision: Pending | None
    legal: list[Legal]
    over: bool
    result: Result | None = None


class Accepted(BaseModel):
    """Your decision is stored as number ``state``."""

    type: Literal["accepted"] = "accepted"
    state: int
    action: str


class ErrorMessage(BaseModel):
    """A refusal; nothing changed.  ``clause`` names the rule for an illegal decision."""

    type: Literal["error"] = "error"
    code: str
    message: str
    clause: str | None = None
    state: int | None = None
