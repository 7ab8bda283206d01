"""Game-agnostic bots."""

from __future__ import annotations

from keepers.core.game import JsonDict
from keepers.core.rng import Rng


class RandomBot:
    """Chooses uniformly among the legal decisions, with its own seeded generator."""

    needs_view = False

    def __init__(self, seat: int, seed: int) -> None:
        self.rng = Rng(seed * 1_000_003 + seat)

    def choose(self, view: JsonDict | None, legal: list[str]) -> str:
        """Return one legal decision, uniformly at random."""
        return legal[self.rng.below(len(legal))]
