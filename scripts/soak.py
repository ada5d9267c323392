"""Soak runs: many hands of every ruleset file by each kind of player, every hand replayed.

For each ruleset file (default: every ``examples/house-rules/*.tractor`` and ``rulesets/*.tractor``)
and each players spec (default ``random`` and ``greedy``), play ``--hands`` hands with a fixed seed
exactly as ``tractor-rules simulate FILE --seed S --hands N --players SPEC --log LOG`` plays them
(the same games, the same seeds: ``sim.parallel.run_hands`` on one worker), and replay every hand's
log line through the independent checker (``engine.records.replay.replay_hand``).  One JSON report
goes to standard output: per file and spec, the hands played, the games started and finished, the
problems (the hand's number in the run, which is its line in ``simulate``'s log, its game and
hand in that game, and the checker's words, or the error that stopped the play) and the CPU
seconds; then a summary per spec.  The exit status is 1 when any run has a problem, 0 otherwise,
2 for a usage error; Ctrl-C or SIGTERM stops the soak with the report of the runs finished so far
(``"interrupted": true``) and exit status 130.  A progress line per finished run goes to standard
error.

The runs are spread over ``--workers`` processes (default one per core), a run (one file, one spec)
at a time in each; with one worker they are played in this process.

    python scripts/soak.py                                      # the gallery and the shipped rulesets
    python scripts/soak.py examples/house-rules/A01-*.tractor --players heuristic search:8 --hands 50
    python scripts/soak.py FILE --players search,heuristic,heuristic,heuristic   # one search seat

A spec is what ``simulate --players`` takes: a kind, or a kind per seat separated by commas; the
specs of one run of this script are separated by spaces.  No time limit is asserted anywhere: the
CPU seconds are reported, not judged.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: the files a soak run plays when none are given
DEFAULT_GLOBS = ("examples/house-rules/*.tractor", "rulesets/*.tractor")
#: the players specs a soak run seats when none are given
DEFAULT_PLAYERS = ("random", "greedy")
DEFAULT_HANDS = 200
DEFAULT_SEED = 0
#: the longest text kept of an error that stopped a run's play
MAX_ERROR = 2000


def default_files() -> list[str]:
    return [str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
            for pattern in DEFAULT_GLOBS for path in sorted(ROOT.glob(pattern))]


def _problem(number: int, result: Any, words: Sequence[str]) -> dict[str, Any]:
    found: dict[str, Any] = {"hand": number}
    if result is not None:
        found["game"], found["hand_in_game"] = result.game, result.hand
    found["problems"] = list(words)
    return found


def soak_one(path: str, players: str, hands: int, seed: int) -> dict[str, Any]:
    """Play ``hands`` hands of the ruleset file ``path`` with ``players`` as ``simulate`` does on one
    worker, replay each hand's log line, and say what was found."""
    import tractor_rules as tr
    from tractor_rules.engine.players.kinds import seat_kinds
    from tractor_rules.engine.records.replay import replay_hand
    from tractor_rules.engine.records.simulate import SimulationReport
    from tractor_rules.errors import RulesetError
    from tractor_rules.sim.parallel import GameJob, InlineBackend, prepare_rules, run_hands, settle_heap, unsettle_heap

    start = time.process_time()
    run: dict[str, Any] = {"file": path, "players": players, "hands": 0, "games_started": 0, "games_finished": 0,
                           "games_unfinished": 0, "problems": []}
    try:
        rules = tr.load(path)
        kinds = tuple(seat_kinds(players, rules.table.players))
    except (RulesetError, ValueError, OSError) as error:
        run["problems"].append({"hand": None, "problems": [f"cannot be played: {error}"[:MAX_ERROR]]})
        run["cpu_seconds"] = round(time.process_time() - start, 2)
        return run
    # what ``simulate`` does before its hands (``sim.runs.start_backend``): the card orders built and
    # set aside with the rest of the process
    prepare_rules(rules)
    settle_heap()
    report = SimulationReport(rules.name, seed, players, requested=hands)
    result = None
    try:
        for result in run_hands(GameJob(rules, kinds, seed, log=True), hands, InlineBackend()):
            report.add(result)
            found = replay_hand(result.log_line or "", rules)
            if found:
                run["problems"].append(_problem(report.hands, result, found))
    except Exception as error:  # whatever stops the play is a finding, named by the hand it stopped
        words = f"the play stopped: {type(error).__name__}: {error}"[:MAX_ERROR]
        stopped = _problem(report.hands + 1, None, [words])
        if result is not None:
            stopped["after_game"], stopped["after_hand_in_game"] = result.game, result.hand
        run["problems"].append(stopped)
    finally:
        unsettle_heap()
    run["hands"] = report.hands
    run["games_started"] = report.matches_started
    run["games_finished"] = report.matches_won + report.matches_drawn
    run["games_unfinished"] = report.matches_unfinished
    run["cpu_seconds"] = round(time.process_time() - start, 2)
    return run


def _soak_task(task: tuple[str, str, int, int]) -> dict[str, Any]:
    return soak_one(*task)


def _start_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to act on
    # the engine imported once, before the first run's CPU seconds are counted
    import tractor_rules.engine.players.kinds as kinds
    import tractor_rules.engine.records.replay  # noqa: F401
    import tractor_rules.sim.parallel  # noqa: F401

    kinds.player_kinds()


def _runs(tasks: list[tuple[str, str, int, int]], workers: int) -> Iterator[dict[str, Any]]:
    """Each task's run, as they finish: in this process with one worker, else in a pool of worker
    processes started as ``simulate``'s are (forkserver: each from a clean process)."""
    if workers <= 1:
        for task in tasks:
            yield _soak_task(task)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    with context.Pool(workers, initializer=_start_worker, maxtasksperchild=None) as pool:
        yield from pool.imap_unordered(_soak_task, tasks, chunksize=1)


def summary(runs: list[dict[str, Any]], specs: Sequence[str]) -> dict[str, Any]:
    """Per players spec: the files, hands, games, runs with problems, problems and CPU seconds."""
    out: dict[str, Any] = {}
    for spec in specs:
        mine = [run for run in runs if run["players"] == spec]
        out[spec] = {
            "files": len(mine),
            "hands": sum(run["hands"] for run in mine),
            "games_finished": sum(run["games_finished"] for run in mine),
            "files_with_problems": sum(1 for run in mine if run["problems"]),
            "problems": sum(len(run["problems"]) for run in mine),
            "cpu_seconds": round(sum(run["cpu_seconds"] for run in mine), 1),
        }
    return out


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python scripts/soak.py",
        description="Play many hands of each ruleset file by each kind of player, as 'tractor-rules simulate' "
                    "plays them, replay every hand through the independent checker, and print one JSON report. "
                    "Exit status 1 when a hand does not replay clean or the play stops with an error.")
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="ruleset files (default: " + " and ".join(DEFAULT_GLOBS) + ")")
    parser.add_argument("--players", nargs="+", default=list(DEFAULT_PLAYERS), metavar="SPEC",
                        help="players specs, separated by spaces, each as 'simulate --players' takes it: a kind, "
                             "or one kind per seat separated by commas (default: random greedy)")
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS, metavar="N",
                        help=f"hands of each file by each spec (default {DEFAULT_HANDS})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, metavar="S",
                        help=f"the runs' seed, as simulate's --seed (default {DEFAULT_SEED})")
    parser.add_argument("--workers", type=int, metavar="N",
                        help="processes playing runs side by side (default: one per core)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on standard error")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from tractor_rules.engine.players.kinds import parse_players
    from tractor_rules.sim.backends import HANDS_PER_WORKER, default_workers, run_workers

    parser = arguments()
    args = parser.parse_args(argv)
    specs = list(dict.fromkeys(args.players))
    for spec in specs:
        try:
            parse_players(spec)
        except ValueError as exc:
            parser.error(f"--players {spec!r}: {exc}")
    if args.hands < 1:
        parser.error(f"--hands is at least 1, not {args.hands}")
    if args.workers is not None and args.workers < 1:
        parser.error(f"--workers is at least 1, not {args.workers}")
    files = list(args.files) or default_files()
    if not files:
        parser.error("no ruleset files given or found")
    tasks = [(path, spec, args.hands, args.seed) for spec in specs for path in files]
    # simulate's choice of workers, a run of a file counting as a worker's worth of hands: one per
    # core, never more than the runs
    workers = (default_workers(len(tasks) * HANDS_PER_WORKER) if args.workers is None
               else run_workers(args.workers, len(tasks), "local"))
    started = time.monotonic()
    runs: list[dict[str, Any]] = []
    interrupted = False
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        for run in _runs(tasks, workers):
            runs.append(run)
            if not args.quiet:
                said = f"{len(run['problems'])} PROBLEMS" if run["problems"] else "clean"
                print(f"soak [{len(runs)}/{len(tasks)}] {run['file']} {run['players']}: {run['hands']} hands, "
                      f"{said}, {run['cpu_seconds']} CPU s", file=sys.stderr, flush=True)
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: the report of the runs finished so far
        interrupted = True
    finally:
        signal.signal(signal.SIGTERM, previous)
    order = {(path, spec): i for i, (path, spec, _, _) in enumerate(tasks)}
    runs.sort(key=lambda run: order[(run["file"], run["players"])])
    report = {
        "seed": args.seed,
        "hands_each": args.hands,
        "players": specs,
        "files": len(files),
        "workers": workers,
        "wall_seconds": round(time.monotonic() - started, 1),
        "runs_finished": len(runs),
        "runs_asked": len(tasks),
        "interrupted": interrupted,
        "summary": summary(runs, specs),
        "problems": sum(len(run["problems"]) for run in runs),
        "runs": runs,
    }
    print(json.dumps(report, indent=2, ensure_ascii=False))
    if interrupted:
        return 130
    return 1 if report["problems"] else 0


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main())
