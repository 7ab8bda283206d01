"""The browser client: the single page, its static files, and its texts.

The page (``static/index.html``) is plain ES modules, no build step; invitation links
(``/play/<id>#seat=…&token=…``) open the same page, which reads the token from the
fragment.  The page's texts come from the same catalogues as the terminal's.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from keepers.core.i18n import languages, web_texts
from keepers.server.sessions import Refusal

STATIC = Path(__file__).parent / "static"
"""The client's files, shipped as package data."""
NO_CACHE = {"Cache-Control": "no-cache"}
"""The page and its modules are checked again on each load (a new version shows at once)."""

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
    if lang not in languages():
        raise Refusal("not_found", f"no language {lang[:10]!r}; known: {', '.join(languages())}")
    return web_texts(lang)
