"""Terminal rendering."""

from __future__ import annotations

from typing import Any

from keepers.core.game import JsonDict
from keepers.games.gardiens.data import GameData


def render_view(view: JsonDict) -> Any:
    """Render a view."""
    return str(view)


def describe(action: str, data: GameData) -> str:
    """Describe an action."""
    return action
