"""The game-agnostic engine core.

Nothing in this package knows the name of a game.  A game plugs in by
providing a :class:`~keepers.core.game.Game` object, registered under the
``keepers.games`` entry-point group.
"""

from keepers.core.errors import KeepersError, RecordError, RuleError
from keepers.core.game import Game, GameState
from keepers.core.rng import Rng

__all__ = ["Game", "GameState", "KeepersError", "RecordError", "Rng", "RuleError"]
