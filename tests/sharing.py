"""What the tests share when the suite runs in parallel (``scripts/test`` runs pytest-xdist, one
worker per core):

- ``cores_per_test()``: the processes a test may run at once for its own work (a pool, child
  processes), so that the workers together do not run more than the machine has cores;
- ``once_per_run(...)``: costly work that tests of several workers need (the documentation site),
  done once for the whole run and shared by the workers.

Tests that share a module-scoped fixture, or that run in order on one state, are kept on one worker
by an ``xdist_group`` mark (``--dist loadgroup``)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest


def xdist_workers() -> int:
    """How many pytest-xdist workers run the suite (1 when it runs in one process)."""
    return int(os.environ.get("PYTEST_XDIST_WORKER_COUNT") or 1)


def cores_per_test() -> int:
    """The machine's cores shared by the xdist workers, each of which runs one test at a time:
    every core when the suite runs in one process, 1 with one worker per core (the work is then
    spread over the cores by xdist, as separate tests)."""
    return max(1, (os.cpu_count() or 1) // xdist_workers())


def once_per_run(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """A folder that ``make(folder)`` fills once for the whole run.

    Under xdist (pytest-xdist's documented recipe) the first worker to ask makes it under a file
    lock in the run's temporary folder, which is the parent of every worker's own; the others wait
    for the lock and then use the folder.  A ``make`` that failed is not tried again: the workers
    that ask later fail with its error.  In one process the folder is made in the session's
    temporary folder (call this from a session-scoped fixture, which keeps it for the session)."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        folder = tmp_path_factory.mktemp(name)
        make(folder)
        return folder
    from filelock import FileLock

    root = tmp_path_factory.getbasetemp().parent
    folder, done, failed = root / name, root / f"{name}.done", root / f"{name}.failed"
    with FileLock(str(root / f"{name}.lock")):
        if failed.exists():
            pytest.fail(f"making {name} failed in another worker: {failed.read_text(encoding='utf-8')}")
        if not done.exists():
            folder.mkdir(exist_ok=True)
            try:
                make(folder)
            except BaseException as error:
                failed.write_text(f"{type(error).__name__}: {error}", encoding="utf-8")
                raise
            done.touch()
    return folder
