"""HTTP: create a game, take a seat, list, spectate and download finished games."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request

from keepers.server.hub import Hub
from keepers.server.protocol import (
    CreatedGame,
    CreateGame,
    ErrorBody,
    GameList,
    GameSummary,
    Invitation,
    Joined,
    JoinGame,
    PublicView,
    TakeSeat,
)

router = APIRouter(prefix="/api", responses={
    403: {"model": ErrorBody, "description": "the seat token opens no seat"},
    404: {"model": ErrorBody, "description": "no such game"},
    409: {"model": ErrorBody, "description": "not possible in this state of the game"},
    422: {"model": ErrorBody, "description": "the request is malformed or breaks a limit"},
})


def hub_of(request: Request) -> Hub:
    """The hub the application serves."""
    hub: Hub = request.app.state.hub
    return hub


def invitation_link(request: Request, game_id: str, seat: int, token: str) -> str:
    """The link a person follows to play ``seat``: the token rides in the fragment,
    which a browser never sends to a server, so no access log can hold it."""
    return f"{request.base_url}play/{game_id}#seat={seat}&token={token}"


@router.post("/games", status_code=201, response_model=CreatedGame)
async def create_game(body: CreateGame, request: Request) -> CreatedGame:
    """Create a game; the answer holds one invitation link per human seat (shown once)."""
    session, invitations = await hub_of(request).create(body)
    return CreatedGame(game=session.summary(), invitations=[
        Invitation(seat=seat, token=token,
                   link=invitation_link(request, session.id, seat, token))
        for seat, token in invitations])


@router.get("/games", response_model=GameList)
async def list_games(
        request: Request,
        status: Annotated[Literal["open", "ongoing", "finished"] | None, Query()] = None,
        limit: Annotated[int, Query(ge=1, le=500)] = 100) -> GameList:
    """The newest games, all or those of one status (open: seats still free)."""
    statuses = ("open", "ongoing", "finished") if status is None else (status,)
    return GameList(games=await hub_of(request).listing(statuses, limit))


@router.get("/games/{game_id}", response_model=GameSummary)
async def get_game(game_id: str, request: Request) -> GameSummary:
    """One game: its seats, options, status and state number."""
    return (await hub_of(request).session(game_id)).summary()


@router.post("/games/{game_id}/join", response_model=Joined)
async def join_game(game_id: str, body: JoinGame, request: Request) -> Joined:
    """Take the seat a token opens (again: reconnecting is joining with the same token)."""
    hub = hub_of(request)
    session = await hub.session(game_id)
    seat = await hub.seat_for(session, body.token)
    await hub.claim(session, seat, body.name)
    return Joined(seat=seat, game=session.summary())


@router.post("/games/{game_id}/open-seats", status_code=201, response_model=Invitation)
async def take_open_seat(game_id: str, body: TakeSeat, request: Request) -> Invitation:
    """Take a free open seat: its token and link are made now, and shown once."""
    hub = hub_of(request)
    session = await hub.session(game_id)
    seat, token = await hub.take_open(session, body.seat, body.name)
    return Invitation(seat=seat, token=token,
                      link=invitation_link(request, session.id, seat, token))


@router.get("/games/{game_id}/view", response_model=PublicView)
async def spectate(game_id: str, request: Request) -> PublicView:
    """What a spectator sees now (the websocket pushes it after every decision)."""
    session = await hub_of(request).session(game_id)
    return PublicView(state=session.number, view=session.state.view(None),
                      over=session.over())


@router.get("/games/{game_id}/record")
async def download_record(game_id: str, request: Request) -> dict[str, Any]:
    """The keepers record of a finished game (`keepers replay` reads it); holds the seed."""
    return await hub_of(request).record(game_id)
