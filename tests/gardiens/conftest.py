"""Registers the game for tests that go through the registry (records, positions)."""

from keepers.core.registry import register
from keepers.games.gardiens import GAME

register(GAME)
