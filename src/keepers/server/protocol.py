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
MAX_LIVE_MINUTES = 1440.0
"""Longest live time control: a day per player for the whole game."""
MAX_INCREMENT_SECONDS = 3600.0
MAX_CORRESPONDENCE_HOURS = 1440.0
"""Longest correspondence time control: sixty days per decision."""

Name = Annotated[str, Field(min_length=1, max_length=40)]
OptionValue = StrictBool | StrictInt | Annotated[StrictStr, Field(max_length=100)]
Status = Literal["open", "ongoing", "finished"]


class Strict(BaseModel):
    """A message that refuses unknown fields."""

    model_config = ConfigDict(extra="forbid")


# -- time controls --------------------------------------------------------------
def _amount(low: float, high: float) -> Any:
    """A number of minutes, seconds or hours: a JSON number (never text or true), finite."""
    return Field(strict=True, gt=low, le=high, allow_inf_nan=False)


class NoClock(Strict):
    """No time limit (the default)."""

    mode: Literal["none"] = "none"


class Timed(Strict):
    """What happens when a seat's time runs out: ``end`` (the game ends, that seat loses)
    or ``bot`` (the bot named ``bot`` takes the seat for the rest of the game)."""

    on_timeout: Literal["end", "bot"] = "end"
    bot: Name | None = None


class LiveClock(Timed):
    """``minutes`` per player for the whole game, plus ``increment`` seconds after each of
    the player's decisions."""

    mode: Literal["live"]
    minutes: Annotated[float, _amount(0, MAX_LIVE_MINUTES)]
    increment: Annotated[float, Field(strict=True, ge=0, le=MAX_INCREMENT_SECONDS,
                                      allow_inf_nan=False)] = 0.0


class CorrespondenceClock(Timed):
    """``hours`` for each decision (a new decision starts with the whole amount again)."""

    mode: Literal["correspondence"]
    hours: Annotated[float, _amount(0, MAX_CORRESPONDENCE_HOURS)]


Clocked = LiveClock | CorrespondenceClock
TimeControl = Annotated[NoClock | LiveClock | CorrespondenceClock, Field(discriminator="mode")]


# -- HTTP -----------------------------------------------------------------------
class CreateGame(Strict):
    """Ask for a new game: one entry per seat, ``human`` (a person invited by link),
    ``open`` (anyone may take it from the list of games) or a bot of the game."""

    game: Name
    seats: list[Name] = Field(min_length=1, max_length=MAX_SEATS)
    options: dict[Annotated[str, Field(max_length=40)], OptionValue] = Field(
        default_factory=dict, max_length=32)
    bot_delay: float = Field(default=0.0, ge=0.0, le=MAX_BOT_DELAY,
                             description="seconds a bot waits before deciding")
    time_control: TimeControl = Field(default_factory=NoClock)


class SeatInfo(BaseModel):
    """A seat as everyone may see it."""

    seat: int
    kind: Literal["human", "bot"]
    bot: str | None = None
    claimed: bool = False
    name: str | None = None
    taken_over: str | None = None
    """The bot that took this human seat when its time ran out."""
    open: bool = False
    """A seat anyone may still take (``POST /api/games/{id}/open-seats``)."""


class TimeoutNote(BaseModel):
    """A seat's time ran out with ``state`` decisions made: the game ended (``end``) or
    the bot ``bot`` took the seat (``bot``)."""

    seat: int
    state: int
    outcome: Literal["end", "bot"]
    bot: str | None = None


class Result(BaseModel):
    """The outcome of a finished game: ``ended`` is ``time`` when a seat's time ran out
    and ended it (``scores`` are then the engine's at that moment)."""

    scores: list[int]
    winners: list[int]
    decisions: int
    capped: bool = False
    ended: Literal["rules", "time"] = "rules"
    timeouts: list[TimeoutNote] = Field(default_factory=list)


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
    time_control: TimeControl = Field(default_factory=NoClock)


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


class TakeSeat(Strict):
    """Take a free open seat: ``seat`` if given (else the first free one); ``name`` is shown
    to the others."""

    seat: Annotated[int, Field(strict=True, ge=0, lt=MAX_SEATS)] | None = None
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
    """The first message: a seat token to play, none to watch; ``lang`` the language of
    the labels, prompts and log this connection receives (default English)."""

    type: Literal["hello"]
    token: Annotated[str, Field(min_length=1, max_length=MAX_TOKEN_CHARS)] | None = None
    lang: Annotated[str, Field(min_length=2, max_length=10)] | None = None


class Decide(Strict):
    """A decision answering state number ``state``."""

    type: Literal["decide"]
    state: int = Field(ge=0)
    action: Annotated[str, Field(min_length=1, max_length=MAX_DECISION_LENGTH)]


class Sync(Strict):
    """Ask for the current state again."""

    type: Literal["sync"]


class Info(Strict):
    """Ask what the card, tile or space ``name`` does (the terminal's ``info <name>``)."""

    type: Literal["info"]
    name: Annotated[str, Field(min_length=1, max_length=100)]


ClientMessage = Annotated[Hello | Decide | Sync | Info, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Hello | Decide | Sync | Info] = TypeAdapter(ClientMessage)


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


class Logged(BaseModel):
    """A public decision taken: its number, who took it, its text and its label."""

    state: int
    seat: int
    action: str
    label: str


class Legal(BaseModel):
    """One legal decision: ``action`` is what to send, ``label`` what to show."""

    action: str
    label: str


class SeatClock(BaseModel):
    """One seat's time: ``remaining_ms`` at the message's instant (None: the seat is not
    timed, a bot plays it); ``running`` while the seat must decide."""

    seat: int
    remaining_ms: int | None
    running: bool
    out_of_time: bool = False


class ClockView(BaseModel):
    """Every seat's time, measured at ``at`` (the server's time): public information."""

    mode: Literal["live", "correspondence"]
    at: datetime
    seats: list[SeatClock]


class StateMessage(BaseModel):
    """The position after decision number ``state``, as the receiver may see it."""

    type: Literal["state"] = "state"
    state: int
    status: Status
    view: dict[str, Any]
    log: list[Logged] = Field(default_factory=list, description="the last public decisions")
    decision: Pending | None
    legal: list[Legal]
    over: bool
    result: Result | None = None
    clock: ClockView | None = None


class Accepted(BaseModel):
    """Your decision is stored as number ``state``."""

    type: Literal["accepted"] = "accepted"
    state: int
    action: str


class InfoText(BaseModel):
    """The answer to an info request, in the connection's language (``text`` None: the
    game knows no such name)."""

    type: Literal["info"] = "info"
    name: str
    text: str | None


class ErrorMessage(BaseModel):
    """A refusal; nothing changed.  ``clause`` names the rule for an illegal decision."""

    type: Literal["error"] = "error"
    code: str
    message: str
    clause: str | None = None
    state: int | None = None
