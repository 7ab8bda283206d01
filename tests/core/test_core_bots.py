"""The game-agnostic bots' helpers."""

from __future__ import annotations

from keepers.core.bots import best_valued
from keepers.core.rng import Rng


def test_best_valued_draws_only_among_equals() -> None:
    """A single best decision is taken without a draw (the generator stays where it was);
    equals are drawn from the generator, reproducibly."""
    rng = Rng(7)
    assert best_valued(["a", "b", "c"], [1, 3, 2], rng) == "b"
    assert rng.state == Rng(7).state
    picks = {best_valued(["a", "b", "c"], [2, 2, 1], Rng(seed)) for seed in range(40)}
    assert picks == {"a", "b"}
    assert best_valued(["a", "b", "c"], [2, 2, 1], Rng(3)) == best_valued(
        ["a", "b", "c"], [2, 2, 1], Rng(3))
