"""Les Gardiens du Royaume (rules v2.1): a game for the keepers engine.

Rules contract: ``docs/rules/gardiens.md`` (clause ids GR-...); game content in
``data/gardiens-data.toml``.
"""

from keepers.games.gardiens.game import GAME, GardiensGame

__all__ = ["GAME", "GardiensGame"]
