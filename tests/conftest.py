"""Shared test configuration: every hypothesis test runs derandomized, so a run is reproducible and a
failure found once is found again on every machine; the documentation site is built once for the
whole run, however many xdist workers run the suite (tests/sharing.py)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from sharing import once_per_run

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    database=None,
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("ci")


def pytest_configure(config: pytest.Config) -> None:
    """The cyclic collector's full passes are made rarer in the test processes: with Python's
    thresholds (a young pass every 700 new objects, a middle one every 10 of those, a full one
    every 10 of those while the heap has grown by a quarter since the last) each of the two
    workers made about 50 full passes over tests/engine, tests/render and the gallery, each walking
    the whole suite's collected tests and the rules, orders and sheets the tests built (a million
    objects and more), a quarter of a CPU second or more each: 39 of the workers' 236 CPU seconds
    went to the collector.  A full pass after 1,000 middle ones leaves it 12 (the tests 208; the
    young and middle passes as before).  When a pass runs changes no outcome: the collector frees
    only what nothing can reach any more.  The commands that play make their full passes as rare
    while they play (``settle_heap``, sim/parallel.py), where what the process held before is set
    aside too."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 1_000)


# --- shared by several modules ---------------------------------------------------------------------

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documentation site as CI builds it (`mkdocs build --strict`, the playground with it),
    built once for the whole run: the site's tests (tests/site) and the playground's
    (tests/playground) read the same build."""

    def build(folder: Path) -> None:
        done = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(folder)],
            cwd=REPO, capture_output=True, text=True, timeout=600,
        )
        assert done.returncode == 0, done.stderr[-3000:]

    return once_per_run(tmp_path_factory, "site", build)


@pytest.fixture
def unsettled(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands that play (``simulate``, ``tournament``, ``balance``, the soak script) run in
    the test process without settling it (``settle_heap`` and ``unsettle_heap``, sim/parallel.py):
    settling is a full pass of the garbage collector over everything the process holds, then
    ``gc.freeze``, which a command's own small process does in milliseconds; the test process
    holds the whole suite's collected tests (1.4 million objects), where each pass takes 0.2 CPU
    seconds, more than the rest of many of these tests.  Settling changes no hand.  It stays
    tested where it is the subject, in tests/sim/test_parallel.py, without this fixture:
    ``test_settling_sets_what_is_held_aside_until_unsettled``, and
    ``test_a_command_settles_its_process_for_the_run_and_unsettles_it_after``, which runs each of
    the three commands end to end in the test process, settled as in their own.  Worker processes
    (forkserver or spawn: never copies of this one) settle their own heaps as ever."""
    from tractor_rules.sim import parallel, runs

    for module in (parallel, runs):  # runs holds the two under its own names (imported from parallel)
        monkeypatch.setattr(module, "settle_heap", lambda: None)
        monkeypatch.setattr(module, "unsettle_heap", lambda: None)


#: set on a test whose xdist_group pytest-xdist could not keep on one worker
_GROUP_LOST = pytest.StashKey[bool]()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under xdist:

    - the modules that hold a test marked ``slow`` come first (whole, in their order, so that
      their module fixtures are made once), so that the workers start them early and the run
      does not end with one worker on a long test while the others wait;
    - under ``--dist loadgroup`` pytest-xdist keeps the tests of an ``xdist_group`` on one worker
      by the "@group" it appends to their node ids as each worker collects them.  Where it cannot
      (a pytest whose node ids it does not know how to change), the groups would be spread over
      the workers without a word, and tests that share one state would fail at random, or do
      costly work twice: each such test fails instead, saying why (``pytest_runtest_setup``)."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        return
    slow = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow)  # a stable sort: every worker gets the same order
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        if item.get_closest_marker("xdist_group") and "@" not in item.nodeid:
            item.stash[_GROUP_LOST] = True


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.stash.get(_GROUP_LOST, False):
        pytest.fail("pytest-xdist could not keep this test's xdist_group on one worker: --dist loadgroup does "
                    f"not work with pytest {pytest.__version__} (pytest-xdist issue 1386). Install the pytest "
                    "that pyproject.toml's test extra asks for, or run the suite in one process (-n 0).",
                    pytrace=False)


# --- the CPU seconds of each part of the suite (--cpu-times) -----------------------------------------
from cpu_times import (  # noqa: E402,F401  (hooks: pytest finds them in this module)
    pytest_addoption,
    pytest_runtest_logreport,
    pytest_runtest_makereport,
    pytest_runtest_protocol,
    pytest_terminal_summary,
)
