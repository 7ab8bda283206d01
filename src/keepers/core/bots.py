"""Game-agnostic bots."""

from __future__ import annotations

from collections.abc import Sequence

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


def best_valued(legal: list[str], values: Sequence[float], rng: Rng) -> str:
    """The decision of ``legal`` with the highest of ``values`` (one each), drawn with
    ``rng`` among equals.  The generator is asked only when several share the best: a
    draw for every decision valued cost a heuristic bot a tenth of its time."""
    best = max(values)
    ties = [action for action, value in zip(legal, values, strict=True) if value == best]
    return ties[0] if len(ties) == 1 else ties[rng.below(len(ties))]
