"""The registry of backends, the places where a run's games can be played (``--backend``), and
the command-line options that choose one.  This module is light on purpose: the command line
builds its options from it without importing the engine."""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass

__all__ = ["BACKENDS", "BackendKind", "WorkerLost", "add_run_options", "default_workers", "run_workers"]

#: below this many hands a run is not worth a second worker (starting one takes a moment)
HANDS_PER_WORKER = 100


class WorkerLost(RuntimeError):
    """A worker process stopped in the middle of a run (killed, or out of memory): the run cannot
    go on, and its games in flight are lost."""


@dataclass(frozen=True, slots=True)
class BackendKind:
    """A backend: its name, what it is in a line, and the function that starts it
    ("module:function", called with the workers and the cluster address)."""

    name: str
    summary: str
    opener: str
    #: the most workers a run starts there, whatever ``--workers`` asks: each local worker is a
    #: process of its own (about 100 MB), a Ray worker a task in flight on the cluster
    max_workers: int


#: where a run's games can be played, by name
BACKENDS: dict[str, BackendKind] = {
    "local": BackendKind("local", "processes on this machine (the default)", "tractor_rules.sim.parallel:open_local",
                         64),
    "ray": BackendKind("ray", "a Ray cluster, or a local Ray instance started for the run (needs tractor-rules[ray])",
                       "tractor_rules.sim.ray_backend:open_ray", 1024),
}


def default_workers(hands: int) -> int:
    """One worker per core, but no more than one per ``HANDS_PER_WORKER`` hands."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cores, hands // HANDS_PER_WORKER))


def run_workers(requested: int | None, hands: int, backend: str) -> int:
    """The workers a run of ``hands`` hands starts: ``requested`` (else ``default_workers``), but
    never more than the hands (a worker without a game to play is a process for nothing) nor the
    backend's ``max_workers``.  A request below 1 is left for the backend to refuse."""
    if requested is None:
        return default_workers(hands)
    if requested < 1:
        return requested
    kind = BACKENDS.get(backend)
    most = kind.max_workers if kind is not None else 1
    return max(1, min(requested, hands, most))


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """``--workers``, ``--backend`` and ``--address``."""
    parser.add_argument("--workers", type=int, metavar="N",
                        help=f"workers (default: one per core, at most one per {HANDS_PER_WORKER} hands; "
                             "never more than the hands to play, and at most "
                             + " or ".join(f"{k.max_workers} ({k.name})" for k in BACKENDS.values())
                             + "); the results do not depend on it")
    parser.add_argument("--backend", choices=tuple(BACKENDS), default="local",
                        help="; ".join(f"{k.name}: {k.summary}" for k in BACKENDS.values()))
    parser.add_argument("--address", metavar="ADDRESS",
                        help="with --backend ray: the address of the cluster to join "
                             "(default: start a local Ray instance)")
