"""The soak run (`keepers soak`): random games with every invariant checked after every
decision, counts kept in a ledger that later runs continue."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from toygame import RaceGame, RaceState
from typer.testing import CliRunner

from keepers.cli import app
from keepers.core.game import GameState
from keepers.core.registry import get_game, register
from keepers.core.soak import Ledger, run_soak, soak_one, soak_setup

runner = CliRunner()


class BrokenRace(RaceGame):
    """The toy race with an invariant its rules break: no runner may pass square 12."""

    name = "brokenrace"
    title = "Broken race"

    def invariant_violations(self, state: GameState) -> list[str]:
        assert isinstance(state, RaceState)
        return [f"TOY-1: a runner passed square 12 ({max(state.positions)})"
                ] if max(state.positions) > 12 else []


register(BrokenRace())


@pytest.mark.parametrize("name", ["keythedral", "gardiens", "viscounts"])
def test_random_games_keep_every_invariant(name: str) -> None:
    """KT-0.4 GR-1.4 VB-2.2: seeded random games of every game end with every invariant
    held after every decision, positions read back unchanged, game 0 replayed."""
    game = get_game(name)
    tally = run_soak(game, 4, base=7)
    assert (tally.games, tally.violations, tally.found) == (4, 0, [])
    assert tally.decisions > 4 * 20


def test_setups_vary_players_and_options() -> None:
    """Soaked games cover the player counts and the listed options, each drawn from the
    game's seed (so a game of the soak is replayed from its index)."""
    game = get_game("viscounts")
    setups = [soak_setup(game, seed) for seed in range(60)]
    assert {players for players, _ in setups} == {1, 2, 3, 4}
    assert {options["expansions"] for _, options in setups} == {"none", "keys", "gates",
                                                                 "keys,gates"}
    assert setups == [soak_setup(game, seed) for seed in range(60)]


def test_each_game_names_what_a_corrupt_position_breaks() -> None:
    """The invariants cite their clause: a cube too many in Keythedral's store (KT-0.4),
    a Gardiens supply that does not add up (GR-1.4), negative silver in Viscounts (VB-1.6)."""
    cases = {"keythedral": ("KT-0.4", lambda s: s.position.store.__setitem__(0, 99)),
             "gardiens": ("GR-1.4", lambda s: s.supply.__setitem__(0, s.supply[0] + 1)),
             "viscounts": ("VB-1.6", lambda s: setattr(s.position.players[0], "silver", -1))}
    for name, (clause, corrupt) in cases.items():
        game = get_game(name)
        state = game.new_state(2, 3, game.default_options())
        assert game.invariant_violations(state) == []
        corrupt(state)
        found = game.invariant_violations(state)
        assert found and found[0].startswith(clause), (name, found)


def test_a_violation_is_reported_with_what_replays_it() -> None:
    game = get_game("brokenrace")
    played = next(soak_one(game, i, 0) for i in range(50)
                  if soak_one(game, i, 0).violation is not None)
    assert played.violation is not None and played.violation.startswith("TOY-1")
    assert played.at is not None and played.at <= played.decisions
    again = soak_one(game, played.index, 0)
    assert vars(again) == vars(played)


def test_the_ledger_adds_runs_up_and_continues(tmp_path: Path) -> None:
    ledger = tmp_path / "soak.json"
    for _ in range(2):
        result = runner.invoke(app, ["soak", "toyrace", "--games", "30", "--seed", "5",
                                     "--ledger", str(ledger)])
        assert result.exit_code == 0, result.output
    entry = json.loads(ledger.read_text())["games"]["toyrace"]
    assert (entry["games"], entry["next"], entry["violations"]) == (60, 60, 0)
    assert [run["games"] for run in entry["runs"]] == [30, 30]
    assert "60 / 0" in " ".join(result.output.split())


def test_violations_fail_the_run_and_are_kept(tmp_path: Path) -> None:
    ledger = tmp_path / "soak.json"
    result = runner.invoke(app, ["soak", "brokenrace", "--games", "20", "--ledger", str(ledger)])
    assert result.exit_code == 1
    assert "TOY-1: a runner passed square 12" in " ".join(result.output.split())
    entry = json.loads(ledger.read_text())["games"]["brokenrace"]
    assert entry["violations"] > 0 and entry["found"][0]["violation"].startswith("TOY-1")
    assert set(entry["found"][0]) >= {"index", "seed", "players", "options", "at"}


def test_bad_ledgers_and_arguments_are_refused_in_one_line(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text('{"format": "something else"}')
    ledger = tmp_path / "soak.json"
    runner.invoke(app, ["soak", "toyrace", "--games", "2", "--seed", "1", "--ledger", str(ledger)])
    for args, words in [
        (["--ledger", str(other)], "not a keepers soak ledger"),
        (["--ledger", str(ledger), "--seed", "2"], "with seed 1, not 2"),
        (["--games", "0"], "--games"),
        (["--ledger", str(tmp_path / "no" / "l.json")], "--ledger"),
    ]:
        result = runner.invoke(app, ["soak", "toyrace", *args])
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert result.exit_code == 2 and len(lines) == 1 and words in lines[0], result.output
    assert json.loads(ledger.read_text())["games"]["toyrace"]["games"] == 2


def test_ledger_written_atomically_after_each_chunk(tmp_path: Path) -> None:
    ledger = Ledger.open(tmp_path / "soak.json")
    game = get_game("toyrace")
    run_soak(game, 60, base=0, progress=lambda chunk: ledger.count(game.name, 0, chunk))
    on_disk = json.loads((tmp_path / "soak.json").read_text())
    assert on_disk["games"]["toyrace"]["games"] == 60
    assert list(tmp_path.iterdir()) == [tmp_path / "soak.json"]
