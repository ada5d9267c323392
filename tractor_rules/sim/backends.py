"""The registry of backends, the places where a run's games can be played (``--backend``), and
the command-line options that choose one.  This module is light on purpose: the command line
builds its options from it without importing the engine."""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass

__all__ = ["BACKENDS", "BackendKind", "WorkerLost", "add_run_options", "default_workers"]

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


#: where a run's games can be played, by name
BACKENDS: dict[str, BackendKind] = {
    "local": BackendKind("local", "processes on this machine (the default)", "tractor_rules.sim.parallel:open_local"),
    "ray": BackendKind("ray", "a Ray cluster, or a local Ray instance started for the run (needs tractor-rules[ray])",
                       "tractor_rules.sim.ray_backend:open_ray"),
}


def default_workers(hands: int) -> int:
    """One worker per core, but no more than one per ``HANDS_PER_WORKER`` hands."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(cores, hands // HANDS_PER_WORKER))


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """``--workers``, ``--backend`` and ``--address``."""
    parser.add_argument("--workers", type=int, metavar="N",
                        help=f"workers (default: one per core, at most one per {HANDS_PER_WORKER} hands); "
                             "the results do not depend on it")
    parser.add_argument("--backend", choices=tuple(BACKENDS), default="local",
                        help="; ".join(f"{k.name}: {k.summary}" for k in BACKENDS.values()))
    parser.add_argument("--address", metavar="ADDRESS",
                        help="with --backend ray: the address of the cluster to join "
                             "(default: start a local Ray instance)")
