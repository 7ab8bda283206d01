"""Work spread over processes, stopped at once by Ctrl-C with what is finished kept.

:func:`run_in_processes` serves the simulator and the soak run: a list of work items,
each handed to ``task`` in a worker process (or in this one for ``jobs`` 1), and the
results handed back as each item finishes.  :func:`run_on_ray` does the same with Ray
tasks, on a local Ray instance or a cluster (Ray is optional: imported only then).
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import queue
import signal
import socket
import sys
from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar

from keepers.core.errors import KeepersError
from keepers.core.i18n import t

Item = TypeVar("Item")
Result = TypeVar("Result")


def _leave_interrupt_to_parent() -> None:
    """A worker ignores Ctrl-C: the parent stops every worker at once when it comes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


_ray_started = False
"""Whether this process has started or joined Ray (:func:`run_on_ray`)."""


def _start_method() -> str | None:
    """How worker processes start: ``fork`` where there is one, which keeps games registered
    at run time (not only entry points) visible to the workers; but not in a process that
    has run Ray (a run on Ray earlier in the same program): Ray's threads, some still
    running after it shuts down, may hold locks at the moment of the fork that a forked
    worker would then wait on forever.  Workers start from a fork server then."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and not _ray_used():
        return "fork"
    return "forkserver" if "forkserver" in methods else None


def _ray_used() -> bool:
    ray = sys.modules.get("ray")
    return ray is not None and (_ray_started or bool(ray.is_initialized()))


def run_in_processes(task: Callable[[Item], Result], work: Sequence[Item],
                     jobs: int) -> Generator[Result, None, None]:
    """Yield ``task(item)`` for every item, in the order they finish, on ``jobs`` processes.

    ``task`` must be a module-level function (it is sent to the workers by name).  When
    Ctrl-C raises KeyboardInterrupt, or the caller closes the iterator (use it in
    ``contextlib.closing``), every worker is terminated at once; the results already
    yielded are the caller's to keep.
    """
    if jobs <= 1:
        for item in work:
            yield task(item)
        return
    context = multiprocessing.get_context(_start_method())
    pool = context.Pool(jobs, initializer=_leave_interrupt_to_parent)
    finished: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()
    items = iter(work)

    def hand_out() -> int:
        """Send the next item to the workers (1), or nothing is left (0)."""
        for item in items:
            pool.apply_async(task, (item,), callback=lambda result: finished.put((True, result)),
                             error_callback=lambda error: finished.put((False, error)))
            return 1
        return 0

    # Two items a worker at most are handed out at a time: the pool's feeding thread
    # then never sits in a write to a full pipe, where stopping the pool (an error,
    # Ctrl-C) could leave it waiting forever.
    try:
        in_flight = sum(hand_out() for _ in range(2 * jobs))
        while in_flight:
            succeeded, value = _next(finished)
            if not succeeded:
                raise value
            in_flight += hand_out() - 1
            yield value
    finally:
        pool.terminate()
        pool.join()


def _next(finished: queue.SimpleQueue[tuple[bool, Any]]) -> tuple[bool, Any]:
    """The next finished item; waits in short steps, so that Ctrl-C is heard at once."""
    while True:
        try:
            return finished.get(timeout=0.2)
        except queue.Empty:
            continue


class RayMissing(RuntimeError):
    """``--backend ray`` was asked for but Ray is not installed."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RayMissing() from None
    return ray


def run_on_ray(task: Callable[[Item], Result], work: Sequence[Item], jobs: int,
               address: str | None = None) -> Generator[Result, None, None]:
    """Yield ``task(item)`` for every item, in the order they finish, as Ray tasks.

    With no ``address`` a local Ray instance of ``jobs`` CPUs is started (quiet: no
    dashboard, workers' output kept from this terminal) and shut down at the end;
    ``auto`` or ``ray://host:port`` joins a running cluster instead.  A Ray instance
    already started in this process (a test's) is used as it is and left running.
    At most two items per CPU are in flight, so a long run holds little in memory;
    Ctrl-C, or closing the iterator, cancels what is in flight.
    """
    global _ray_started
    ray = _ray()
    started = not ray.is_initialized()
    if started and address is not None:
        _reachable(address)
    _ray_started = True
    if started and address is None:
        # Ray lowers its workers' priority (nice 15) by default; here the games are the
        # work, and they get the priority worker processes get.
        ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False,
                 logging_level=logging.ERROR, _system_config={"worker_niceness": 0})
    elif started:
        ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
    remote = ray.remote(num_cpus=1, max_retries=0)(task)
    width = 2 * max(1, int(ray.cluster_resources().get("CPU", jobs)))
    items = iter(work)
    pending: list[Any] = []
    try:
        for item in itertools.islice(items, width):
            pending.append(remote.remote(item))
        while pending:
            # A short timeout: Ray waits in C++, where Ctrl-C is not seen until it returns.
            done, pending = ray.wait(pending, num_returns=1, timeout=0.2)
            pending += [remote.remote(item) for item in itertools.islice(items, len(done))]
            for ref in done:
                yield _result(ray, ref)
    finally:
        for ref in pending:
            ray.cancel(ref)
        if started:
            ray.shutdown()


def _reachable(address: str) -> None:
    """Refuse a cluster address nothing answers at (Ray itself would retry for minutes)."""
    if address == "auto":                  # Ray finds the cluster, or says it found none
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except (OSError, ValueError) as exc:
        raise KeepersError(t("sim.ray_unreachable", address=address, reason=exc)) from None


def _result(ray: Any, ref: Any) -> Any:
    """A finished task's result; its error raised as the task raised it (as a worker
    process hands it back), not wrapped in Ray's error with the worker's traceback."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        if isinstance(exc.cause, Exception):
            raise exc.cause from None
        raise
