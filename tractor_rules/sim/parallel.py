"""Running games on several workers: local processes or a Ray cluster, from one registry of
backends, with results identical to a serial run.

A run is a stream of games (``engine.simulate.play_game``): game ``g`` is the same wherever it
is played, because its seeds come from ``(seed, g)`` and not from the worker.  ``run_hands``
hands out games ``first_game, first_game + 1, ...`` to the workers, a few ahead of the one it
waits for, and yields their hands in game order until it has yielded the hands asked for; the
games that were started beyond that are cancelled.  Memory holds only the games in flight.

With one local worker no process is started: the games are played in this process, hand by hand.
Worker processes ignore Ctrl-C (the parent decides: it stops the pool and keeps what it has);
an error raised in a worker (an ``EngineError`` for rules the engine cannot play) reaches the
parent whole, because every error of the package survives pickling.
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
from typing import Any, Protocol

from ..engine.deal import declare_table
from ..engine.errors import EngineError
from ..engine.scoring import beyond_level, level_ladder
from ..engine.simulate import HandResult, play_game, play_games
from ..engine.units import make_set_units
from ..rules import SUITS, Rules
from .backends import BACKENDS

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


def settle_heap() -> None:
    """Collect, then move everything this process holds so far (the modules, the compiler and its
    grammar, the rules loaded) out of the cyclic collector's sight (``gc.freeze``): a run makes
    millions of short-lived objects, and each of the collector's full passes would otherwise walk
    all of that again, a pause of tens of milliseconds in the middle of some hand.  Called once a
    run's rules are loaded, by the commands (``unsettle_heap`` when the run ends) and by each
    worker process when it starts."""
    gc.collect()
    gc.freeze()


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
    its run, such as one running the commands in turn, collects it again)."""
    gc.unfreeze()


def _start_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when a run stops
    settle_heap()


class _LocalPending:
    __slots__ = ("async_result",)

    def __init__(self, async_result: Any):
        self.async_result = async_result

    def result(self) -> list[HandResult]:
        return list(self.async_result.get())


class ProcessBackend:
    """A pool of local worker processes."""

    name = "local"
    inline = False

    def __init__(self, workers: int):
        self.workers = workers
        methods = multiprocessing.get_all_start_methods()
        # forkserver: workers start from a clean process, not a copy of this one with its threads
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        self.pool = context.Pool(workers, initializer=_start_worker)
        #: the job submitted last, pickled once: the pool would pickle it, rules and all, with
        #: every game (the parent's threads share the cores with the workers)
        self._packed: tuple[GameJob, bytes] | None = None

    def submit(self, job: GameJob, game: int, limit: int) -> Pending:
        packed = self._packed
        if packed is None or packed[0] is not job:
            packed = self._packed = (job, pickle.dumps(job, pickle.HIGHEST_PROTOCOL))
        return _LocalPending(self.pool.apply_async(play_packed_task, (packed[1], game, limit)))

    def close(self) -> None:
        self.pool.terminate()
        self.pool.join()


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
    ahead = 2 * backend.workers
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
