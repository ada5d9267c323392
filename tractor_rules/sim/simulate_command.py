"""``tractor-rules simulate``: play hands of a ruleset on local workers or a Ray cluster, stream
the game log to disk, draw the progress bar, and print the statistics.  Ctrl-C (or SIGTERM) stops
the run cleanly: the report and the log of the hands played so far are kept, marked interrupted,
and the exit status is 130 (128 + the signal's number)."""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import ExitStack

from ..engine.errors import EngineError
from ..engine.kinds import seat_kinds
from ..engine.simulate import SimulationReport
from ..errors import RulesetError, terminal_safe
from .parallel import GameJob, run_hands
from .runs import LogFile, Progress, check_hands, held_for_run, start_backend, stop_backend, whole

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    from ..cli import DEFAULT_RULESET, EXIT_INPUT, EXIT_OK, EXIT_USAGE, _load, _report, _Terminated, _write_output

    target = args.ruleset or DEFAULT_RULESET
    try:
        rules = _load(args, target)
    except RulesetError as error:
        return _report(error)
    problem = check_hands("tractor-rules simulate", args.hands)
    if problem is not None:
        print(problem, file=sys.stderr)
        return EXIT_USAGE
    kinds = tuple(seat_kinds(args.players, rules.table.players))
    try:
        backend = start_backend(args, args.hands, rules)
    except (ValueError, ImportError) as exc:
        print(f"tractor-rules simulate: {exc}", file=sys.stderr)
        return EXIT_USAGE
    report = SimulationReport(rules.name, args.seed, args.players, requested=args.hands, workers=backend.workers)
    status = EXIT_OK
    with ExitStack() as stack:
        log = stack.enter_context(LogFile(args.log)) if args.log is not None else None
        progress = Progress(args.hands, "simulating", shown=not args.json and sys.stderr.isatty())
        try:
            with held_for_run():
                for result in run_hands(GameJob(rules, kinds, args.seed, log=log is not None), args.hands, backend):
                    with whole():
                        report.add(result)
                        if log is not None and result.log_line is not None:
                            log.write(result.log_line)
                    progress.update()
        except KeyboardInterrupt:
            report.interrupted, status = True, 130
        except _Terminated as stop:
            report.interrupted, status = True, 128 + stop.signum
        except EngineError as error:  # a ruleset the engine cannot play, e.g. links that branch
            print(f"{terminal_safe(target)}: the engine cannot play this ruleset: {error}", file=sys.stderr)
            return EXIT_INPUT
        finally:
            progress.close()
            stop_backend(backend)
        if log is not None:
            log.keep()
            report.log_path = args.log
    if args.json:
        _write_output(json.dumps(report.to_dict(), indent=2, ensure_ascii=False) + "\n", None)
    else:
        _write_output(report.to_text(), None)
    return status
