"""The browser client: the single page, its static files, its texts, the games one may
create, and the replay of a finished game's record.

The page (``static/index.html``) is plain ES modules, no build step; invitation links
(``/play/<id>#seat=…&token=…``) open the same page, which reads the token from the
fragment.  The page's texts come from the same catalogues as the terminal's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from keepers.core.errors import KeepersError
from keepers.core.game import Game
from keepers.core.i18n import languages, speaking, web_texts
from keepers.core.record import GameRecord
from keepers.core.registry import games
from keepers.server.protocol import Strict
from keepers.server.sessions import Refusal

STATIC = Path(__file__).parent / "static"
"""The client's files, shipped as package data."""
NO_CACHE = {"Cache-Control": "no-cache"}
"""The page and its modules are checked again on each load (a new version shows at once)."""
REPLAY_PATH = "/api/replay"
MAX_REPLAY_BYTES = 4_000_000
"""Largest record the replay viewer accepts (a long game's record is well under 1 MB)."""

router = APIRouter(include_in_schema=False)


def static_files() -> StaticFiles:
    """The client's modules, styles and pictures under ``/static``."""
    return StaticFiles(directory=STATIC)


@router.get("/")
async def page() -> FileResponse:
    """The single page: the lobby, a game, a replay (the fragment says which)."""
    return FileResponse(STATIC / "index.html", headers=NO_CACHE)


@router.get("/play/{game_id}")
async def invitation(game_id: str) -> FileResponse:
    """The page an invitation link opens (the seat token is in the link's fragment)."""
    return FileResponse(STATIC / "index.html", headers=NO_CACHE)


@router.get("/api/texts/{lang}")
async def texts(lang: str) -> dict[str, str]:
    """Every ``web.*`` text of ``lang`` (English where a text is missing)."""
    return web_texts(_language(lang))


def _language(lang: str | None) -> str:
    if lang is not None and lang not in languages():
        raise Refusal("bad_request", f"no language {lang[:10]!r}; known: "
                      f"{', '.join(languages())}")
    return lang or "en"


# -- the games one may create ---------------------------------------------------------
class OptionSpec(BaseModel):
    """A game option as a form shows it: its default and the values it allows."""

    name: str
    default: bool | int | str
    choices: list[str]
    minimum: int | None


class GameKind(BaseModel):
    """A game the server plays: its players, bots and options."""

    name: str
    title: str
    min_players: int
    max_players: int
    bots: list[str]
    options: list[OptionSpec]


@router.get("/api/catalog")
async def catalog() -> list[GameKind]:
    """Every game the server plays, for the lobby's form."""
    return [_kind(game) for _, game in sorted(games().items())]


def _kind(game: Game) -> GameKind:
    return GameKind(name=game.name, title=game.title, min_players=game.min_players,
                    max_players=game.max_players, bots=sorted(game.bots()),
                    options=[OptionSpec(name=o.name, default=o.default, choices=list(o.choices),
                                        minimum=o.minimum) for o in game.option_specs()])


# -- replays --------------------------------------------------------------------------
class ReplayAsk(Strict):
    """A step of a record to show: after decision ``upto``, as ``seat`` sees it (None:
    the public view), its texts in ``lang``."""

    record: dict[str, Any]
    upto: Annotated[int, Field(ge=0)] = 0
    seat: Annotated[int, Field(ge=0)] | None = None
    lang: Annotated[str, Field(max_length=10)] | None = None


class Taken(BaseModel):
    """A decision of a record: its number, who took it, its text and its label."""

    state: int
    seat: int
    action: str
    label: str


class ReplayStep(BaseModel):
    """One step of a replay: the view after ``state`` decisions of ``total``, and every
    decision of the record with who took it (secret ones included: the game is over)."""

    game: str
    players: int
    seats: list[str]
    total: int
    state: int
    view: dict[str, Any]
    decisions: list[Taken]
    over: bool
    scores: list[int] | None
    winners: list[int] | None


@router.post(REPLAY_PATH)
async def replay(ask: ReplayAsk) -> ReplayStep:
    """Replay a finished game's record up to a decision (the record file a player
    uploads, or the one `GET /api/games/{id}/record` gives)."""
    try:
        record = GameRecord.from_dict(ask.record)
    except KeepersError as exc:
        raise Refusal("bad_request", f"record: {exc}") from None
    if not 0 <= ask.upto <= len(record.actions):
        raise Refusal("bad_request", f"upto: the record holds {len(record.actions)} "
                      f"decisions, not {ask.upto}")
    if ask.seat is not None and ask.seat >= record.players:
        raise Refusal("bad_request", f"seat: the game has {record.players} seats")
    with speaking(_language(ask.lang)):
        return _replayed(record, ask.upto, ask.seat)


def _replayed(record: GameRecord, upto: int, seat: int | None) -> ReplayStep:
    """Replay the whole record (a decision's seat is known only by playing it), keeping
    the view after ``upto`` decisions."""
    game = games()[record.game]
    try:
        state = record.new_state()
        view = state.view(seat)
        decisions: list[Taken] = []
        for number, action in enumerate(record.actions, start=1):
            decision = state.decision()
            decisions.append(Taken(state=number, seat=-1 if decision is None else decision.player,
                                   action=action, label=game.describe_action(action)))
            state.apply(action)
            if number == upto:
                view = state.view(seat)
    except KeepersError as exc:
        raise Refusal("bad_request", f"record: decision {len(decisions)} does not replay: "
                      f"{exc}") from None
    return ReplayStep(game=record.game, players=record.players, seats=record.seats,
                      total=len(record.actions), state=upto, view=view, decisions=decisions,
                      over=state.is_over(), scores=state.scores() if state.is_over() else None,
                      winners=state.winners() if state.is_over() else None)
