"""The simulation tests check what SIGINT does to a run, in this process and in the commands it
starts: each starts from Python's own handler of SIGINT, whatever a test before it on the same
xdist worker left behind (a process that ignores SIGINT also makes every child it starts ignore
it, and a whole-suite run under xdist was seen to leave SIGINT ignored in its workers)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def default_sigint() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
