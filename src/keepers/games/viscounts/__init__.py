"""Viscounts of the West Kingdom: the base game (1-4 players, solo against the AI).

``GAME`` is the :class:`~keepers.core.game.Game` object registered under the
``keepers.games`` entry point.  Component data lives in the ``data`` package
(:func:`keepers.games.viscounts.data.check_data` validates a data directory).
"""

from keepers.games.viscounts.game import ViscountsGame, ViscountsState

GAME = ViscountsGame()

__all__ = ["GAME", "ViscountsGame", "ViscountsState"]
