"""The seed gives away no secret: bots get seeds derived one way, play does not print it."""

from __future__ import annotations

from pathlib import Path

import pytest
from toygame import GAME
from typer.testing import CliRunner

from keepers.cli import app
from keepers.core.game import Bot
from keepers.core.match import bot_seed, make_bots
from keepers.core.record import GameRecord
from keepers.core.terminal import play_terminal, seat_bots


@pytest.fixture
def seeds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seeds the toy game's bots are built with."""
    given: list[int] = []
    factories = GAME.bots()

    def recording(seat: int, seed: int) -> Bot:
        given.append(seed)
        return factories["greedy"](seat, seed)

    monkeypatch.setattr(GAME, "bots", lambda: {"greedy": recording})
    return given


@pytest.mark.parametrize("seed", [0, 1, 7, 2**31 - 1, 2**64 - 1])
def test_a_bot_seed_is_never_the_game_seed(seeds: list[int], seed: int) -> None:
    make_bots(GAME, ["greedy"] * 4, seed)
    seat_bots(GAME, ["human", "greedy", "greedy"], seed)
    assert seeds == [bot_seed(seed, s) for s in (0, 1, 2, 3, 1, 2)]
    assert seed not in seeds and len(set(seeds[:4])) == 4
    assert all(0 <= s < 2**64 for s in seeds)


def test_golden_tables_may_still_seed_bots_with_the_game_seed(seeds: list[int]) -> None:
    make_bots(GAME, ["greedy"] * 2, 5, game_seed=True)
    assert seeds == [5, 5]


def test_play_bots_get_derived_seeds(seeds: list[int]) -> None:
    record = GameRecord(game="toyrace", players=2, seed=11, seats=["greedy", "greedy"])
    assert play_terminal(GAME, record, read=lambda prompt: "") == 0
    assert seeds == [bot_seed(11, 0), bot_seed(11, 1)]


def test_play_does_not_print_the_seed_at_the_start(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    seed = "48151623"
    result = CliRunner().invoke(app, ["play", "toyrace", "--seats", "human,greedy",
                                      "--seed", seed, "--record", str(record)], input="")
    assert result.exit_code == 1, result.output
    assert seed not in result.output
    assert GameRecord.load(record).seed == int(seed)  # the record reveals it
