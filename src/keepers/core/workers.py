"""Work spread over processes, stopped at once by Ctrl-C with what is finished kept.

:func:`run_in_processes` serves the simulator and the soak run: a list of work items,
each handed to ``task`` in a worker process (or in this one for ``jobs`` 1), and the
results handed back as each item finishes.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Generator, Sequence
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


def _leave_interrupt_to_parent() -> None:
    """A worker ignores Ctrl-C: the parent stops every worker at once when it comes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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
    methods = multiprocessing.get_all_start_methods()
    # fork keeps games registered at run time (not only entry points) visible
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = context.Pool(jobs, initializer=_leave_interrupt_to_parent)
    try:
        yield from pool.imap_unordered(task, work)
    finally:
        pool.terminate()
        pool.join()
