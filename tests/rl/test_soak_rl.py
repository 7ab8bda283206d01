"""Long checks of the learning interfaces, excluded from the default run
(``python -m pytest -m soak tests/rl``): the libraries' own test suites on whole games at
every player count, without the caps the default run uses, and the worked example (about
17 minutes on two shared cores, most of it OpenSpiel's random_sim_test on Keythedral)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from rlhelp import spaces_or_skip

import keepers.rl.openspiel  # noqa: F401  (registers the games)
from keepers.core.registry import get_game
from keepers.rl.gymnasium import KeepersEnv
from keepers.rl.pettingzoo import env

pytestmark = [pytest.mark.soak, pytest.mark.filterwarnings("ignore::UserWarning")]

EVERY = [(name, players) for name in ("keythedral", "gardiens", "viscounts")
         for players in range(get_game(name).min_players, get_game(name).max_players + 1)]


@pytest.mark.parametrize(("game", "players"), EVERY)
def test_pettingzoo_suites_on_whole_games(game: str, players: int) -> None:
    spaces_or_skip(game, players, {})
    api_test(env(game, players=players, render_mode="ansi"), num_cycles=2000)
    seed_test(lambda: env(game, players=players), num_cycles=500)


@pytest.mark.parametrize(("game", "players"), EVERY)
def test_check_env_and_random_sim_test_on_whole_games(game: str, players: int) -> None:
    spaces_or_skip(game, players, {})
    check_env(KeepersEnv(game, players=players, illegal="lose", opponents="greedy"),
              skip_render_check=True)
    spiel = pyspiel.load_game(f"keepers_{game}", {"players": players, "seed": 1})
    pyspiel.random_sim_test(spiel, num_sims=3, serialize=False, verbose=False)


def test_the_worked_example_trains_and_reports() -> None:
    spaces_or_skip("gardiens", 2, {})
    script = Path(__file__).parents[2] / "examples" / "train_masked_policy.py"
    done = subprocess.run([sys.executable, str(script), "gardiens", "--episodes", "4",
                           "--eval", "4"], capture_output=True, text=True, timeout=600,
                          check=True)
    assert "trained on 4 games" in done.stdout
    assert done.stdout.count("win share") == 3
