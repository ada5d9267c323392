"""``tractor-rules tournament``: every pair of player kinds as teams against each other, on
local workers or a Ray cluster, with a progress bar; Ctrl-C keeps the report of the hands played
so far (exit status 130)."""

from __future__ import annotations

import argparse
import json
import sys

from ..engine.errors import EngineError
from ..engine.kinds import parse_players
from ..errors import RulesetError, terminal_safe
from .runs import Progress, check_hands, start_backend, stop_backend
from .tournament import TournamentError, TournamentReport, check_tournament, pairings, play_tournament

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    from ..cli import DEFAULT_RULESET, EXIT_INPUT, EXIT_OK, EXIT_USAGE, _load, _report, _Terminated, _write_output

    prog = "tractor-rules tournament"
    target = args.ruleset or DEFAULT_RULESET
    try:
        rules = _load(args, target)
    except RulesetError as error:
        return _report(error)
    problem = check_hands(prog, args.hands)
    if problem is not None:
        print(problem, file=sys.stderr)
        return EXIT_USAGE
    kinds = parse_players(args.players)
    try:
        matches = pairings(kinds)
    except TournamentError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    try:
        check_tournament(rules)
    except TournamentError as exc:
        print(f"{terminal_safe(target)}: {exc}", file=sys.stderr)
        return EXIT_INPUT
    try:
        backend = start_backend(args, args.hands, rules)
    except (ValueError, ImportError) as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    report = TournamentReport(rules.name, args.seed, args.hands, list(dict.fromkeys(kinds)))
    progress = Progress(args.hands * len(matches), "playing", shown=not args.json and sys.stderr.isatty())
    status = EXIT_OK
    try:
        play_tournament(rules, kinds, args.hands, args.seed, backend, report, on_hand=progress.update)
    except KeyboardInterrupt:
        report.interrupted, status = True, 130
    except _Terminated as stop:
        report.interrupted, status = True, 128 + stop.signum
    except EngineError as error:
        print(f"{terminal_safe(target)}: the engine cannot play this ruleset: {error}", file=sys.stderr)
        return EXIT_INPUT
    finally:
        progress.close()
        stop_backend(backend)
    if args.json:
        _write_output(json.dumps(report.to_dict(), indent=2, ensure_ascii=False) + "\n", None)
    else:
        _write_output(report.to_text(), None)
    return status
