"""``tractor-rules balance``: the same deals under each ruleset given, side by side, as text,
JSON or an HTML page with plots (``--html FILE``, written whole or not at all); on local workers
or a Ray cluster, with a progress bar; Ctrl-C keeps the report of the hands played so far (exit
status 130)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..engine.errors import EngineError
from ..engine.kinds import seat_kinds
from ..errors import RulesetError, terminal_safe
from ..language.suggest import quoted
from ..rules import Rules
from .balance import BalanceReport, play_balance
from .parallel import prepare_rules, settle_heap
from .runs import Progress, check_hands, start_backend, stop_backend

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    from ..cli import EXIT_INPUT, EXIT_OK, EXIT_USAGE, _load, _output_target, _report, _Terminated, _write_output

    prog = "tractor-rules balance"
    rulesets: list[tuple[str, Rules]] = []
    status = EXIT_OK
    for target in args.rulesets:
        try:
            rulesets.append((terminal_safe(target), _load(args, target)))
        except RulesetError as error:
            status = _report(error)
    if status != EXIT_OK:
        return status
    problem = check_hands(prog, args.hands)
    if problem is not None:
        print(problem, file=sys.stderr)
        return EXIT_USAGE
    if args.plots is not None and not Path(args.plots).is_dir():
        print(f"{prog}: --plots {quoted(args.plots)} is not a folder", file=sys.stderr)
        return EXIT_USAGE
    if args.html is not None or args.plots is not None:
        try:
            from .plots import load_pyplot

            load_pyplot()
        except ImportError as exc:
            print(f"{prog}: {exc}", file=sys.stderr)
            return EXIT_USAGE
    if args.html is not None:
        _output_target(args.html)  # a place that cannot be written is refused before the run
    try:
        backend = start_backend(args, args.hands)
    except (ValueError, ImportError) as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    report = BalanceReport(args.seed, args.players, args.hands)
    progress = Progress(args.hands * len(rulesets), "playing", shown=not args.json and sys.stderr.isatty())
    status = EXIT_OK
    playing = ""
    try:
        for name, rules in rulesets:
            playing = name
            prepare_rules(rules)  # each ruleset's card orders built and set aside before its hands
            settle_heap()
            play_balance([(name, rules)], lambda r: tuple(seat_kinds(args.players, r.table.players)), args.players,
                         args.hands, args.seed, backend, report, on_hand=progress.update)
    except KeyboardInterrupt:
        report.interrupted, status = True, 130
    except _Terminated as stop:
        report.interrupted, status = True, 128 + stop.signum
    except EngineError as error:
        print(f"{playing}: the engine cannot play this ruleset: {error}", file=sys.stderr)
        return EXIT_INPUT
    finally:
        progress.close()
        stop_backend(backend)
    if args.html is not None or args.plots is not None:
        from .plots import file_name, html_page, plots

        pictures = plots(report)
        if args.html is not None:
            _write_output(html_page(report, pictures), args.html)
        if args.plots is not None:
            for title, svg in pictures.items():
                _write_output(svg, str(Path(args.plots) / file_name(title)))
    if args.json:
        _write_output(json.dumps(report.to_dict(), indent=2, ensure_ascii=False) + "\n", None)
    else:
        _write_output(report.to_text(), None)
    return status
