"""What the simulation commands (``simulate``, ``tournament``, ``balance``, in
``commands/play.py``) share: the bound on a run's hands, starting and stopping its backend, the
progress bar, and the game log streamed to disk.

The engine yields results; this module draws and writes them.  A log is written line by line to
a hidden file beside its target, so that a long run never holds its hands in memory; it is renamed
into place when the run ends, or when it is interrupted (then it holds the hands played so far,
each line whole), and removed when the run fails.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType, TracebackType
from typing import IO, Any

from tqdm import tqdm

from ..language.suggest import quoted
from ..outputs import OutputError, output_target, reason, temporary_beside
from ..rules import Rules
from .backends import run_workers
from .parallel import Backend, open_backend, prepare_rules, settle_heap, unsettle_heap

__all__ = ["MAX_HANDS", "LogFile", "Progress", "check_hands", "held_for_run", "start_backend", "stop_backend",
           "whole"]

#: the most hands one simulation run plays (its report does not grow with it; a log does, by
#: about 2 KB a hand)
MAX_HANDS = 10_000_000


def check_hands(prog: str, hands: int) -> str | None:
    """The usage error for a number of hands, or None.  No hands is refused too: a report of none
    holds nothing but zeros and empty rates."""
    if hands < 1:
        return f"{prog}: --hands is at least 1, not {hands}"
    if hands > MAX_HANDS:
        return f"{prog}: --hands is at most {MAX_HANDS:,}; run several seeds for more"
    return None


def start_backend(args: argparse.Namespace, hands: int, rules: Rules | None = None) -> Backend:
    """The backend the options ask for (ValueError, or ImportError for a missing extra).  Called
    once the run's rules are loaded: their card orders are built (``prepare_rules``) and what this
    process holds then is settled (``settle_heap``)."""
    workers = run_workers(args.workers, hands, args.backend)
    backend = open_backend(args.backend, workers, args.address)
    if rules is not None:
        prepare_rules(rules)
    settle_heap()
    return backend


def stop_backend(backend: Backend) -> None:
    """Close what ``start_backend`` started."""
    backend.close()
    unsettle_heap()


#: the signals that stop a run (Ctrl-C, and the ones the command line turns into a clean exit)
_STOPPING = frozenset(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


class _Stops:
    """The stopping signals' handlers while a run holds them: a signal that comes inside a
    ``whole()`` section waits for the section's end, one that comes outside is acted on at once,
    as the handler it replaced would have.

    Handlers are swapped rather than the signals blocked: a backend's threads, such as Ray's,
    would take a blocked signal in the main thread's place.  They are swapped once for a run
    (``held_for_run``), not for each hand: six ``signal.signal`` calls cost 73 µs, more than
    everything else the run's process does with a hand while its workers play."""

    def __init__(self) -> None:
        #: the handlers replaced, by signal; empty while nothing is held
        self.previous: dict[int, Any] = {}
        #: ``whole()`` sections entered and not yet left
        self.depth = 0
        self.caught: list[tuple[int, FrameType | None]] = []
        #: whether the outermost section now open took the signals itself
        self.held_here = False

    def hold(self) -> bool:
        """Take the stopping signals, if they are not taken yet and this is the main thread
        (handlers can be set there only); whether this call took them."""
        if self.previous or threading.current_thread() is not threading.main_thread():
            return False
        self.previous = {sig: signal.signal(sig, self.arrived) for sig in _STOPPING}
        return True

    def release(self) -> None:
        """Give the stopping signals their handlers back."""
        previous, self.previous = self.previous, {}
        for sig, handler in previous.items():
            signal.signal(sig, handler)

    def arrived(self, signum: int, frame: FrameType | None) -> None:
        if self.depth:
            self.caught.append((signum, frame))
        else:
            self.act(signum, frame)

    def act(self, signum: int, frame: FrameType | None) -> None:
        """Do what the handler replaced would have done with the signal."""
        handler = self.previous[signum]
        if callable(handler):
            handler(signum, frame)
        elif handler == signal.SIG_DFL:
            self.release()
            os.kill(os.getpid(), signum)

    def __enter__(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return  # signals are handled in the main thread only: another's section holds nothing
        if self.depth == 0 and not self.previous:
            # a section outside any run that holds the signals: it takes them itself
            self.held_here = self.hold()
        self.depth += 1

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        self.depth -= 1
        if self.depth:
            return
        caught, self.caught = self.caught, []
        held_here, self.held_here = self.held_here, False
        try:
            for signum, frame in caught:
                self.act(signum, frame)
        finally:
            if held_here:
                self.release()


_stops = _Stops()


@contextmanager
def held_for_run() -> Iterator[None]:
    """For the duration of a run: the stopping signals taken once, so that each ``whole()``
    section inside costs a counter, not a swap of their handlers."""
    taken = _stops.hold()
    try:
        yield
    finally:
        if taken:
            _stops.release()


def whole() -> _Stops:
    """Hold back Ctrl-C and the other stopping signals for the duration, then act on them: a hand
    is added to the report and to the log together, or not at all, so an interrupted run's report
    counts exactly the hands its log holds.  Cheap inside ``held_for_run``; outside one, each
    section takes the signals and gives them back itself."""
    return _stops


class Progress:
    """A progress bar on standard error, drawn only when it is a terminal (and not asked away)."""

    def __init__(self, total: int, what: str, shown: bool):
        # tqdm draws the bar only on a terminal (disable=None)
        self.bar = tqdm(total=total, unit="hand", desc=what, disable=None if shown else True,
                        file=sys.stderr, leave=False)

    def update(self, count: int = 1) -> None:
        self.bar.update(count)

    def close(self) -> None:
        self.bar.close()


class LogFile:
    """A game log written line by line beside ``target`` and renamed into place by ``keep()``."""

    def __init__(self, target: str):
        self.shown = quoted(target)
        self.target = target
        self.real, self.mode = output_target(target)
        fd, self.tmp = temporary_beside(self.real, self.shown)
        self.handle: IO[str] | None = os.fdopen(fd, "w", encoding="utf-8", newline="\n")

    def write(self, line: str) -> None:
        """Write one line (``HandResult.log_line``)."""
        assert self.handle is not None
        try:
            self.handle.write(line + "\n")
        except OSError as exc:
            raise OutputError(f"cannot write to {self.shown}: {reason(exc)}") from None

    def keep(self) -> None:
        """Close the log and put it in place."""
        assert self.handle is not None
        try:
            self.handle.close()
            self.handle = None
            os.chmod(self.tmp, self.mode)
            os.replace(self.tmp, self.real)
            self.tmp = ""
        except OSError as exc:
            raise OutputError(f"cannot write to {self.shown}: {reason(exc)}") from None

    def __enter__(self) -> LogFile:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.handle is not None:
            self.handle.close()
        if self.tmp:
            Path(self.tmp).unlink(missing_ok=True)
