"""Keythedral (Richard Breese): the full game for 2 to 5 players."""

from keepers.games.keythedral.game import GAME, KeythedralGame, KeythedralState

__all__ = ["GAME", "KeythedralGame", "KeythedralState"]
