"""Finds games through the ``keepers.games`` entry-point group.

The core never imports a game by name: a game package declares itself in its
distribution metadata, and the registry loads it on demand.  A game that fails
to load is reported as a one-line :class:`KeepersError` and never prevents the
other games from being used.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from keepers.core.errors import KeepersError
from keepers.core.game import Game

GROUP = "keepers.games"
_extra: dict[str, Game] = {}


def register(game: Game) -> None:
    """Register a game object directly (used by tests and embedders)."""
    _extra[game.name] = game


def _entry_point_names() -> set[str]:
    return {ep.name for ep in entry_points(group=GROUP)}


@cache
def _load_entry_point(name: str) -> Game:
    # Remembered: reading the installed distributions' entry points takes milliseconds,
    # and a server or a search's worker asks for a game by name often.
    for ep in entry_points(group=GROUP, name=name):
        try:
            game = ep.load()
        except Exception as exc:  # any import failure of a game package
            raise KeepersError(f"game {name!r} cannot be loaded: {exc}") from None
        if not isinstance(game, Game):
            raise KeepersError(f"entry point {name!r} is not a keepers Game")
        return game
    raise KeepersError(f"unknown game {name!r}; known games: {', '.join(game_names())}")


def game_names() -> list[str]:
    """Return the names of every known game, without loading any of them."""
    return sorted(_entry_point_names() | set(_extra))


def games() -> dict[str, Game]:
    """Return every known game by name (loading them all)."""
    return {name: get_game(name) for name in game_names()}


def get_game(name: str) -> Game:
    """Return the game called ``name`` or raise a one-line error listing the known ones."""
    if name in _extra:
        return _extra[name]
    return _load_entry_point(name)
