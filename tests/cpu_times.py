"""``--cpu-times``: the CPU seconds each part of the suite takes, printed at the end of the run.

On a shared machine wall time says as much about the other people's work as about the tests; the
CPU time of a test (user and system, of the process that runs it and of the child processes it
waited for: ``getrusage``) does not, so it is what docs/contributing.md's table of the suite's time
compares.  Each test's time runs from its setup to its teardown, so a fixture shared by several
tests counts in the first test that asked for it.  Under xdist each worker measures its own tests
and sends the figure with the test's report; the run's process adds them up by part (a folder of
tests/, or a test module directly in it) and prints the parts and the costliest modules."""

from __future__ import annotations

import resource
import time
from collections import defaultdict
from collections.abc import Generator
from pathlib import PurePosixPath

import pytest

#: a key of a test report's user_properties: the test's CPU seconds
KEY = "cpu_seconds"
_START = pytest.StashKey[float]()
#: CPU seconds by test module, added up in the run's process
_RUN_TOTALS: dict[str, float] = defaultdict(float)
#: the costliest test modules printed below the parts
MODULES_SHOWN = 15


def cpu_seconds() -> float:
    """User and system time of this process and of the child processes it waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--cpu-times", action="store_true",
                     help="print the CPU seconds of each part of the suite at the end (tests/cpu_times.py)")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    if item.config.getoption("--cpu-times"):
        item.stash[_START] = cpu_seconds()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Generator[None, None, None]:
    # before the teardown's report is made, so that the figure travels with it (to xdist's
    # controller too)
    if call.when == "teardown" and _START in item.stash:
        item.user_properties.append((KEY, cpu_seconds() - item.stash[_START]))
    yield


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when != "teardown":
        return
    seconds = next((value for key, value in report.user_properties if key == KEY), None)
    if seconds is not None:
        _RUN_TOTALS[report.nodeid.split("::")[0]] += float(seconds)


def part_of(module: str) -> str:
    """tests/engine/test_x.py -> tests/engine; tests/test_gallery.py stays itself."""
    parts = PurePosixPath(module).parts
    return str(PurePosixPath(*parts[:2])) if len(parts) > 2 else module


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    if not config.getoption("--cpu-times") or not _RUN_TOTALS:
        return
    parts: dict[str, float] = defaultdict(float)
    for module, seconds in _RUN_TOTALS.items():
        parts[part_of(module)] += seconds
    write = terminalreporter.write_line
    terminalreporter.section("CPU seconds by part (tests/cpu_times.py)")
    for part, seconds in sorted(parts.items(), key=lambda item: -item[1]):
        write(f"{seconds:8.1f}  {part}")
    write(f"{sum(parts.values()):8.1f}  all tests (start-up and collection not counted)")
    write("costliest modules:")
    for module, seconds in sorted(_RUN_TOTALS.items(), key=lambda item: -item[1])[:MODULES_SHOWN]:
        write(f"{seconds:8.1f}  {module}")
    write(f"(measured at {time.strftime('%Y-%m-%d %H:%M')})")
