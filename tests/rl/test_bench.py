"""The interfaces' speed benchmark runs and refuses bad input in one line."""

from __future__ import annotations

import pytest
import rlhelp  # noqa: F401  (registers the toy race with codecs)

from keepers.rl.bench import main


def test_the_bench_reports_the_three_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["toyrace_rl", "--players", "3", "--seconds", "0.05"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:6] == ["game", "players", "engine/s", "observed/s",
                                    "pettingzoo/s", "openspiel/s"]
    assert lines[1].split()[:2] == ["toyrace_rl", "3"]


@pytest.mark.parametrize("argv", [["nogame"], ["toyrace_rl", "--seconds", "x"],
                                  ["toyrace_rl", "--players", "9"]])
def test_bad_input_is_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("python -m keepers.rl.bench: ")
