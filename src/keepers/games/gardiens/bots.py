"""Bots for Les Gardiens du Royaume."""

from __future__ import annotations

from keepers.core.bots import RandomBot
from keepers.core.game import JsonDict


class GreedyBot(RandomBot):
    """Placeholder: replaced below."""

    needs_view = True

    def choose(self, view: JsonDict | None, legal: list[str]) -> str:
        """Pick a decision."""
        return legal[0]
