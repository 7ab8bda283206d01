"""The game-agnostic bots' helpers."""

from __future__ import annotations

from keepers.core.bots import best_valued
from keepers.core.game import BotMenu, settings_problem
from keepers.core.registry import get_game
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


def test_settings_problem_names_only_a_known_bots_bad_settings() -> None:
    menu = get_game("keythedral").bots()
    assert isinstance(menu, BotMenu)
    assert settings_problem(menu, "mcts:iters=0") == (
        "mcts: iters must be a whole number from 1 to 10000000, not '0'")
    assert settings_problem(menu, "mcts:iters=10") is None        # fine settings
    assert settings_problem(menu, "mcts") is None                  # no settings
    assert settings_problem(menu, "deep:iters=10") is None         # no such bot
    assert settings_problem(menu, "greedy:x=1") == "bot 'greedy' takes no settings, not 'x=1'"
    assert settings_problem(dict(menu), "mcts:iters=0") is None   # a plain menu: no settings
