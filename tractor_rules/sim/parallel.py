"""Running games on several workers: local processes or a Ray cluster, from one registry of
backends, with results identical to a serial run.

A run is a stream of games (``engine.records.simulate.play_game``): game ``g`` is the same wherever it
is played, because its seeds come from ``(seed, g)`` and not from the worker.  ``run_hands``
hands out games ``first_game, first_game + 1, ...`` to the workers, a few ahead of the one it
waits for, and yields their hands in game order until it has yielded the hands asked for; the
games that were started beyond that are cancelled.  Memory holds only the games in flight.

With one local worker no process is started: the games are played in this process, hand by hand.
Worker processes ignore Ctrl-C (the parent decides: it stops the workers and keeps what it has);
an error raised in a worker (an ``EngineError`` for rules the engine cannot play) reaches the
parent whole, because every error of the package survives pickling.  A worker process that dies
(killed, out of memory) stops the run with ``WorkerLost`` rather than leaving it waiting.
"""

from __future__ import annotations

import gc
import importlib
import multiprocessing
import pickle
import signal
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Protocol

from ..engine.flow.deal import declare_table
from ..engine.errors import EngineError
from ..engine.rulings.scoring import beyond_level, level_ladder
from ..engine.records.simulate import HandResult, play_game, play_games
from ..engine.deck.units import make_set_units
from ..rules import SUITS, Rules
from .backends import BACKENDS, WorkerLost

__all__ = ["Backend", "GameJob", "open_backend", "prepare_rules", "run_hands", "settle_heap", "unsettle_heap"]

@dataclass(frozen=True, slots=True)
class GameJob:
    """What every game of a run shares: the rules, the kind of player at each seat, the seed, and
    whether to keep each hand's game log line."""

    rules: Rules
    kinds: tuple[str, ...]
    seed: int
    log: bool = False


#: the rules of the last task this process played.  Each task brings its own copy of the rules
#: (pickled with the task), and the card orders and caches of a hand are kept per rules object: a
#: worker that took every copy as new rules would build them all again for every game.
_settled_rules: Rules | None = None


def _settled(rules: Rules) -> Rules:
    """``rules``, or the equal rules object this process already plays with."""
    global _settled_rules
    if _settled_rules is None or _settled_rules != rules:
        _settled_rules = rules
    return _settled_rules


def play_games_task(job: GameJob, game: int, limit: int) -> list[HandResult]:
    """A worker's task: game ``game`` of ``job``, at most ``limit`` hands of it."""
    return list(play_game(_settled(job.rules), job.kinds, job.seed, game, hands=limit, log=job.log))


#: the job of the last packed task this process played, with its pickled form
_unpacked: tuple[bytes, GameJob] | None = None


def play_packed_task(packed: bytes, game: int, limit: int) -> list[HandResult]:
    """``play_games_task`` for a job sent pickled (``ProcessBackend``): a run sends the same bytes
    with every game, and a worker reads them once rather than the rules again for every game."""
    global _unpacked
    if _unpacked is None or _unpacked[0] != packed:
        job = pickle.loads(packed)
        if _settled(job.rules) is job.rules:
            # a worker process meeting rules it has not played: their card orders built and set
            # aside, as the parent's are, before the first game
            prepare_rules(job.rules)
            settle_heap()
        _unpacked = (packed, job)
    return play_games_task(_unpacked[1], game, limit)


class Pending(Protocol):
    def result(self) -> list[HandResult]: ...


class Backend(Protocol):
    """Where games are played.  ``inline`` backends play them in this process, hand by hand."""

    name: str
    workers: int
    inline: bool

    def submit(self, job: GameJob, game: int, limit: int) -> Pending: ...

    def close(self) -> None:
        """Stop the workers; tasks not finished are dropped."""


class _Done:
    __slots__ = ("value",)

    def __init__(self, value: list[HandResult]):
        self.value = value

    def result(self) -> list[HandResult]:
        return self.value


class InlineBackend:
    """This process, one game at a time."""

    name = "local"
    inline = True
    workers = 1

    def submit(self, job: GameJob, game: int, limit: int) -> Pending:
        return _Done(play_games_task(job, game, limit))

    def close(self) -> None:
        pass


#: the middle passes of the collector between two full ones while a run plays: 1,000 instead of
#: Python's 10.  What a run holds once settled is out of the full passes' sight, but what it
#: builds as it plays (the hands' records, the oracle's and the players' caches) is walked by each
#: full pass again; the benchmark took 4.8 % less CPU (docs/contributing.md, "The suite's time").
RUN_MIDDLE_PASSES_PER_FULL = 1_000

#: Python's thresholds as they were when the process was first settled, given back by
#: ``unsettle_heap``
_thresholds_before: tuple[int, int, int] | None = None


def settle_heap() -> None:
    """Collect, then move everything this process holds so far (the modules, the compiler and its
    grammar, the rules loaded) out of the cyclic collector's sight (``gc.freeze``): a run makes
    millions of short-lived objects, and each of the collector's full passes would otherwise walk
    all of that again, a pause of tens of milliseconds in the middle of some hand.  While the run
    plays, a full pass comes after ``RUN_MIDDLE_PASSES_PER_FULL`` middle ones.  Called once a
    run's rules are loaded, by the commands (``unsettle_heap`` when the run ends) and by each
    worker process when it starts."""
    global _thresholds_before
    gc.collect()
    gc.freeze()
    if _thresholds_before is None:  # settled again before unsettling: keep what came first
        _thresholds_before = gc.get_threshold()
    young, middle, _ = _thresholds_before
    gc.set_threshold(young, middle, RUN_MIDDLE_PASSES_PER_FULL)


def prepare_rules(rules: Rules) -> None:
    """Build what a game of ``rules`` keeps per level and trump: the card order of every hand it
    can play (each level of the ladder with each trump, and no-trump; the extra level beyond the
    last where the game has one), each order's sets as units, and each level's table of
    declarations.  Called before a process is settled for a run, so that these (65 orders for a
    two-deck game, some tens of thousands of objects the collector tracks) are built once and set
    aside with the rest; built during the run instead, as its first hands meet each level and
    trump, they cost those hands the building, and each new object is walked by the collector's
    next passes, a pause of several hands in the middle of one."""
    try:
        levels: list[str | None] = list(level_ladder(rules))
        hands = [(level, trump) for level in levels for trump in (*SUITS, None)]
        if rules.levels.game_end == "beyond-last":
            levels.append(beyond_level(rules))
            hands.append((levels[-1], None))
        for level, trump in hands:
            make_set_units(rules.context(level, trump).order)
        for level in levels:
            declare_table(rules, level)
    except EngineError:
        return  # rules the engine cannot play: the run's first hand says so, where it always has


def unsettle_heap() -> None:
    """Give what ``settle_heap`` set aside back to the collector (a process that goes on after
    its run, such as one running the commands in turn, collects it again), and the collector its
    thresholds as they were."""
    global _thresholds_before
    gc.unfreeze()
    if _thresholds_before is not None:
        gc.set_threshold(*_thresholds_before)
        _thresholds_before = None


def _start_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when a run stops
    settle_heap()


#: games sent to a worker ahead of the one it plays: one waits in its pipe, so that it starts the
#: next game the moment it sends a result, without waiting for this process to answer
GAMES_PER_WORKER = 2


class _LocalPending:
    """A game submitted to a ``ProcessBackend``: waiting to be sent, sent to a worker, or done."""

    __slots__ = ("backend", "packed", "game", "limit", "done", "value", "error", "cancelled")

    def __init__(self, backend: ProcessBackend, packed: bytes, game: int, limit: int):
        self.backend, self.packed, self.game, self.limit = backend, packed, game, limit
        self.done, self.cancelled = False, False
        self.value: list[HandResult] = []
        self.error: BaseException | None = None

    def result(self) -> list[HandResult]:
        while not self.done:
            self.backend._receive()
        if self.error is not None:
            raise self.error
        return self.value

    def cancel(self) -> None:
        """Nobody will read this game: it is not sent, or its hands are dropped when they come."""
        self.cancelled = True


class _Worker:
    __slots__ = ("process", "conn", "sent", "packed")

    def __init__(self, process: Any, conn: Connection):
        self.process, self.conn = process, conn
        #: the games sent and not yet answered, in the order sent (a worker answers in that order)
        self.sent: deque[_LocalPending] = deque()
        #: the job this worker has been sent last (a game's message carries its job only when it
        #: changes)
        self.packed = b""

    def lost(self) -> WorkerLost:
        """The error for this worker's pipe found closed, saying how its process ended."""
        self.process.join(1.0)
        code = self.process.exitcode
        if code is None:
            how = "its connection closed"
        elif code < 0:
            try:
                how = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"killed by signal {-code}"
        else:
            how = f"exit status {code}"
        return WorkerLost(f"a worker process stopped ({how})")


def _serve(conn: Connection) -> None:
    """A worker process: play the games the parent sends, in turn, and send back each game's hands
    or the error that stopped it."""
    _start_worker()
    packed = b""
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return  # the parent has gone
        job, game, limit = task
        if job is not None:
            packed = job
        try:
            reply: tuple[bool, Any] = (True, play_packed_task(packed, game, limit))
        except Exception as exc:
            reply = (False, _portable(exc))
        try:
            conn.send(reply)
        except OSError:
            return  # the parent has gone


def _portable(error: Exception) -> Exception:
    """``error``, or the same words in a RuntimeError when it cannot be pickled (every error of the
    package can; another library's might not)."""
    try:
        pickle.dumps(error)
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


class ProcessBackend:
    """Local worker processes, each fed its games through its own pipe.

    This process hands out the games and reads the hands in its one thread, when it waits for a
    result: nothing else runs beside the workers.  (A ``multiprocessing.Pool`` keeps three threads
    in the parent, one of which wakes at every result and polls every worker; on a machine with as
    many cores as workers, that took a tenth of a core from them.)  A game goes to the worker with
    the fewest games sent, at most ``GAMES_PER_WORKER`` each, so a slow game does not hold up the
    others for long."""

    name = "local"
    inline = False

    def __init__(self, workers: int):
        self.workers = workers
        methods = multiprocessing.get_all_start_methods()
        # forkserver: workers start from a clean process, not a copy of this one with its threads
        context: Any = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        self._workers: list[_Worker] = []
        #: games submitted and not yet sent
        self._waiting: deque[_LocalPending] = deque()
        #: the job submitted last, pickled once for all its games
        self._packed: tuple[GameJob, bytes] | None = None
        try:
            for _ in range(workers):
                ours, theirs = context.Pipe()
                process = context.Process(target=_serve, args=(theirs,), daemon=True,
                                          name=f"tractor-rules worker {len(self._workers) + 1}")
                process.start()
                theirs.close()  # only the worker holds its end: its end closing tells us it stopped
                self._workers.append(_Worker(process, ours))
        except BaseException:
            self.close()
            raise

    def submit(self, job: GameJob, game: int, limit: int) -> Pending:
        if not self._workers:
            raise RuntimeError("the workers are stopped: this backend was closed")
        packed = self._packed
        if packed is None or packed[0] is not job:
            packed = self._packed = (job, pickle.dumps(job, pickle.HIGHEST_PROTOCOL))
        pending = _LocalPending(self, packed[1], game, limit)
        self._waiting.append(pending)
        self._send()
        return pending

    def _send(self) -> None:
        """Send waiting games to the workers that have room for them."""
        waiting = self._waiting
        while waiting:
            pending = waiting[0]
            if pending.cancelled:
                waiting.popleft()
                continue
            worker = min(self._workers, key=lambda w: len(w.sent))
            if len(worker.sent) >= GAMES_PER_WORKER:
                return
            job = None
            if worker.packed is not pending.packed:
                # a new job (its rules, some kilobytes) goes only to a worker that is reading its
                # pipe, never to one that may be blocked sending us a result meanwhile
                if worker.sent:
                    return
                job = worker.packed = pending.packed
            waiting.popleft()
            self._tell(worker, (job, pending.game, pending.limit))
            worker.sent.append(pending)

    def _tell(self, worker: _Worker, message: Any) -> None:
        try:
            worker.conn.send(message)
        except OSError:
            raise worker.lost() from None

    def _receive(self) -> None:
        """Wait for the next results, keep them, and send the workers that answered more games."""
        busy = {worker.conn: worker for worker in self._workers if worker.sent}
        if not busy:
            raise RuntimeError("waiting for a game that was never sent")
        for conn in wait(list(busy)):
            worker = busy[conn]  # type: ignore[index]
            try:
                ok, value = worker.conn.recv()
            except (EOFError, OSError):
                raise worker.lost() from None
            pending = worker.sent.popleft()
            pending.done = True
            if pending.cancelled:
                continue
            if ok:
                pending.value = value
            else:
                pending.error = value
        self._send()

    def drain(self) -> None:
        """Wait until the workers have played every game submitted, the games a run left over
        included (their hands are dropped): nothing plays beside what comes next."""
        self._send()  # the cancelled games not sent yet go
        while any(worker.sent for worker in self._workers):
            self._receive()

    def close(self) -> None:
        """Stop the workers at once (a game in play is dropped)."""
        for worker in self._workers:
            if worker.process.is_alive():
                worker.process.terminate()
        for worker in self._workers:
            worker.process.join()
            worker.conn.close()
        self._workers = []
        self._waiting.clear()


def open_local(workers: int, address: str | None) -> Backend:
    if address is not None:
        raise ValueError("--address is for the ray backend; local workers run on this machine")
    return InlineBackend() if workers <= 1 else ProcessBackend(workers)


def open_backend(name: str, workers: int, address: str | None = None) -> Backend:
    """Start the backend ``name`` (``backends.BACKENDS``) with ``workers`` workers (``address``:
    a Ray cluster's).  ValueError for a bad request; ImportError when its extra is missing."""
    if workers < 1:
        raise ValueError("--workers must be at least 1")
    kind = BACKENDS.get(name)
    if kind is None:
        raise ValueError(f"unknown backend {name!r}: use {' or '.join(BACKENDS)}")
    module, function = kind.opener.split(":")
    opener: Callable[[int, str | None], Backend] = getattr(importlib.import_module(module), function)
    return opener(workers, address)


#: games in flight per worker (submitted, played or waiting to be read), counted from the one
#: being waited for: a worker that has played its games takes the next ones while a long game
#: holds up the reading.  With two per worker, a worker sat idle a few times a run, for up to a
#: twelfth of it (0.15 s of a 1.9 s run), until the other worker's game that came first in order
#: ended.  Games beyond the run's hands are dropped unsent, or played and dropped (at most
#: ``GAMES_PER_WORKER`` per worker).
GAMES_AHEAD = 4


def run_hands(job: GameJob, hands: int, backend: Backend, *, first_game: int = 0) -> Iterator[HandResult]:
    """``hands`` hands of ``job``, in game order, played on ``backend``: the same hands as a
    serial run of the same job whatever the backend and its workers."""
    if hands <= 0:
        return
    if backend.inline:
        yield from play_games(job.rules, job.kinds, job.seed, hands, first_game=first_game, log=job.log)
        return
    window: deque[Pending] = deque()
    game = first_game
    played = 0
    ahead = GAMES_AHEAD * backend.workers
    try:
        while played < hands:
            while len(window) < ahead:
                window.append(backend.submit(job, game, hands - played))
                game += 1
            for result in window.popleft().result():
                if played == hands:
                    break
                yield result
                played += 1
    finally:
        for pending in window:  # games nobody will read: let them go
            cancel = getattr(pending, "cancel", None)
            if cancel is not None:
                cancel()
