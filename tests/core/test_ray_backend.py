"""The Ray backend: the same games, seeds and results as worker processes.

One local Ray instance of 2 CPUs serves the whole module (it takes seconds to start);
the simulator finds it running and leaves it so.  Ray tasks run in processes of Ray's
own, which know the installed games only (not the toy game registered here).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_cli import _error_line
from typer.testing import CliRunner

from keepers.cli import app
from keepers.core.errors import KeepersError
from keepers.core.registry import get_game
from keepers.core.simulate import run_simulation

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.uses_ray   # run after every other test (tests/conftest.py)
runner = CliRunner()
SEATS = ["greedy", "random", "random"]


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    """A local Ray instance of 2 CPUs, quiet, for the module's tests."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level="ERROR")
    yield
    ray.shutdown()


def test_ray_plays_the_same_games_as_processes_for_a_seed() -> None:
    game = get_game("gardiens")
    on_ray = run_simulation(game, SEATS, 30, 41, jobs=2, rotate=True, backend="ray")
    in_processes = run_simulation(game, SEATS, 30, 41, jobs=2, rotate=True)
    assert [line["index"] for line in on_ray] == list(range(30))
    assert on_ray == in_processes


def test_simulate_with_the_ray_backend_streams_the_same_file(tmp_path: Path) -> None:
    files = {}
    for backend in ("ray", "processes"):
        files[backend] = tmp_path / f"{backend}.jsonl"
        result = runner.invoke(app, ["simulate", "gardiens", "--players", "2", "--games", "16",
                                     "--seats", "greedy,random", "--seed", "5", "--jobs", "2",
                                     "--backend", backend, "--out", str(files[backend])])
        assert result.exit_code == 0, result.output
    assert sorted(files["ray"].read_text().splitlines()) == \
        sorted(files["processes"].read_text().splitlines())
    assert ray.is_initialized()        # the module's instance, left running


def test_without_ray_installed_the_ray_backend_is_refused_in_one_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "ray" else real(name, *a))
    result = runner.invoke(app, ["simulate", "gardiens", "--games", "2", "--backend", "ray"])
    assert result.exit_code == 2 and "needs Ray" in _error_line(result.output)
    monkeypatch.setitem(sys.modules, "ray", None)   # import ray fails
    with pytest.raises(KeepersError, match="needs Ray"):
        run_simulation(get_game("gardiens"), ["random"] * 2, 2, backend="ray")


def test_a_sweep_on_ray_writes_the_cells_of_a_sweep_on_processes(tmp_path: Path) -> None:
    for backend in ("ray", "processes"):
        (tmp_path / backend).mkdir()
        result = runner.invoke(app, ["sweep", "gardiens", "--players", "2", "--games", "8",
                                     "--seats", "greedy,random", "--vary", "coop=true",
                                     "--jobs", "2", "--backend", backend,
                                     "--results", str(tmp_path / backend)])
        assert result.exit_code == 0, result.output
    names = sorted(path.name for path in (tmp_path / "ray").iterdir())
    assert len(names) == 2
    for name in names:
        assert sorted((tmp_path / "ray" / name).read_text().splitlines()) == \
            sorted((tmp_path / "processes" / name).read_text().splitlines())


def test_a_game_failing_on_ray_is_reported_as_on_processes() -> None:
    game = get_game("gardiens")
    messages = []
    for backend in ("ray", "processes"):
        with pytest.raises(KeepersError) as failure:
            run_simulation(game, ["nobody", "random"], 4, 3, jobs=2, backend=backend)
        messages.append(str(failure.value))
    for message in messages:  # the first game to fail: which one depends on timing
        assert message.startswith("game ") and "unknown bot 'nobody'" in message
        assert "\n" not in message and "Traceback" not in message


def test_worker_processes_are_not_forked_once_ray_ran_here(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A fork copies locks that Ray's threads (some outlive its shutdown) may hold at that
    moment: a worker forked then could wait on them forever, so once Ray has run in this
    process workers start from a fork server (and play the same games, as the first test
    shows)."""
    from keepers.core.workers import _start_method

    assert ray.is_initialized() and _start_method() != "fork"
    monkeypatch.setitem(sys.modules, "ray", None)      # a program that never used Ray
    assert _start_method() == "fork"                   # Linux: games registered at run time
