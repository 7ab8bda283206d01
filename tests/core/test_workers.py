"""Work spread over worker processes (keepers.core.workers): results as items finish, and
a failing item stops the run at once instead of leaving it waiting."""

from __future__ import annotations

import threading

import pytest

from keepers.core.workers import run_in_processes


def _square(item: int) -> int:
    return item * item


def _fail_on_first(item: int) -> int:
    if item == 0:
        raise ValueError("item 0 failed")
    return item


def test_every_item_comes_back_once_whatever_the_order() -> None:
    assert sorted(run_in_processes(_square, list(range(50)), jobs=2)) == [
        i * i for i in range(50)]


def test_a_failing_item_among_many_stops_the_run_and_its_workers() -> None:
    """A run of a thousand items whose first fails raises that error and returns: only a
    few items are handed out at a time, so stopping the pool never waits on a feeding
    thread stuck in a full pipe (a run once hung there)."""
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            list(run_in_processes(_fail_on_first, list(range(1000)), jobs=2))
        except ValueError as error:
            outcome.append(error)

    runner = threading.Thread(target=run, daemon=True)
    runner.start()
    runner.join(timeout=120)
    assert not runner.is_alive(), "the run did not stop"
    assert [str(e) for e in outcome] == ["item 0 failed"]


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_empty_run_yields_nothing(jobs: int) -> None:
    assert list(run_in_processes(_square, [], jobs=jobs)) == []
