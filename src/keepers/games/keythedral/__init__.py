"""Keythedral (Richard Breese): the full game for 2 to 5 players."""

from keepers.games.keythedral.game import GAME, KeythedralGame
from keepers.games.keythedral.state import KeythedralState

__all__ = ["GAME", "KeythedralGame", "KeythedralState"]
