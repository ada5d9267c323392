"""The commands that play hands with computer players: ``players`` lists their kinds,
``simulate`` plays a ruleset and prints its statistics, ``tournament`` pairs player kinds against
each other, and ``balance`` compares rulesets on the same deals.

A run plays on local workers or a Ray cluster (``--workers``, ``--backend``, from
``sim/backends.py``), with a progress bar on a terminal.  Ctrl-C (or SIGTERM, SIGHUP) stops it
cleanly: the report of the hands played so far (and ``simulate``'s log of them) is kept, marked
interrupted, and the exit status is 130 (128 + the signal's number).  The engine, the workers and
the progress bar are imported by the run functions, when a run starts, not for every command."""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import ExitStack
from pathlib import Path

from ..errors import RulesetError, terminal_safe
from ..language.suggest import quoted
from ..outputs import output_target, write_output
from ..rules import Rules
from ..sim.backends import add_run_options
from .common import (DEFAULT_RULESET, EXIT_INPUT, EXIT_OK, EXIT_USAGE, Command, Terminated, add_allow_root,
                     load_ruleset, no_arguments, report)

__all__ = ["BALANCE", "PLAYERS", "SIMULATE", "TOURNAMENT"]


def run_players(args: argparse.Namespace) -> int:
    from ..engine.players.kinds import player_kinds  # the engine is loaded only by the commands that play

    for kind in player_kinds().values():
        name = kind.name if kind.budget is None else f"{kind.name}[:N]"
        budget = "" if kind.budget is None else f"; {kind.name}:N sets N {kind.budget}"
        print(f"{name:<12} {kind.summary}{budget}")
    return EXIT_OK


def player_kinds_option(text: str) -> str:
    """The type of a ``--players`` option: ``text`` if it names player kinds, else a usage error."""
    from ..engine.players.kinds import parse_players  # the engine is loaded only by the commands that play

    try:
        parse_players(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def simulate_arguments(parser: argparse.ArgumentParser) -> None:
    add_allow_root(parser)
    parser.add_argument("ruleset", nargs="?", metavar="RULESET")
    parser.add_argument("--hands", type=int, default=100, metavar="N", help="hands to play (default 100)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="random seed (default 0); the same seed plays the same games")
    parser.add_argument("--players", default="random", metavar="KIND", type=player_kinds_option,
                        help="a player kind, or one kind per seat separated by commas (default random); "
                             "'tractor-rules players' lists the kinds")
    parser.add_argument("--log", metavar="FILE.jsonl", help="write every hand as one JSON line (see the docs)")
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")
    add_run_options(parser)


def run_simulate(args: argparse.Namespace) -> int:
    """Play hands of a ruleset, stream the game log to disk, draw the progress bar, and print the
    statistics."""
    # the engine, the workers and the progress bar are loaded only by the commands that play
    from ..engine.errors import EngineError
    from ..engine.players.kinds import seat_kinds
    from ..engine.records.simulate import SimulationReport
    from ..sim.parallel import GameJob, run_hands
    from ..sim.runs import LogFile, Progress, check_hands, held_for_run, start_backend, stop_backend, whole

    target = args.ruleset or DEFAULT_RULESET
    try:
        rules = load_ruleset(args, target)
    except RulesetError as error:
        return report(error)
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
    result_report = SimulationReport(rules.name, args.seed, args.players, requested=args.hands,
                                     workers=backend.workers)
    status = EXIT_OK
    with ExitStack() as stack:
        log = stack.enter_context(LogFile(args.log)) if args.log is not None else None
        progress = Progress(args.hands, "simulating", shown=not args.json and sys.stderr.isatty())
        try:
            with held_for_run():
                for result in run_hands(GameJob(rules, kinds, args.seed, log=log is not None), args.hands, backend):
                    with whole():
                        result_report.add(result)
                        if log is not None and result.log_line is not None:
                            log.write(result.log_line)
                    progress.update()
        except KeyboardInterrupt:
            result_report.interrupted, status = True, 130
        except Terminated as stop:
            result_report.interrupted, status = True, 128 + stop.signum
        except EngineError as error:  # a ruleset the engine cannot play, e.g. links that branch
            print(f"{terminal_safe(target)}: the engine cannot play this ruleset: {error}", file=sys.stderr)
            return EXIT_INPUT
        finally:
            progress.close()
            stop_backend(backend)
        if log is not None:
            log.keep()
            result_report.log_path = args.log
    if args.json:
        write_output(json.dumps(result_report.to_dict(), indent=2, ensure_ascii=False) + "\n", None)
    else:
        write_output(result_report.to_text(), None)
    return status


def tournament_arguments(parser: argparse.ArgumentParser) -> None:
    add_allow_root(parser)
    parser.add_argument("ruleset", nargs="?", metavar="RULESET")
    parser.add_argument("--players", default="random,greedy,heuristic", metavar="KINDS", type=player_kinds_option,
                        help="the kinds to pair, separated by commas (default random,greedy,heuristic); "
                             "'tractor-rules players' lists the kinds")
    parser.add_argument("--hands", type=int, default=200, metavar="N",
                        help="hands each pairing plays, half with each seating (default 200)")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="random seed (default 0); the same seed plays the same games")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    add_run_options(parser)


def run_tournament(args: argparse.Namespace) -> int:
    """Play every pair of player kinds as teams against each other and print the report."""
    # the engine, the workers and the progress bar are loaded only by the commands that play
    from ..engine.errors import EngineError
    from ..engine.players.kinds import parse_players
    from ..sim.runs import Progress, check_hands, start_backend, stop_backend
    from ..sim.tournament import TournamentError, TournamentReport, check_tournament, pairings, play_tournament

    prog = "tractor-rules tournament"
    target = args.ruleset or DEFAULT_RULESET
    try:
        rules = load_ruleset(args, target)
    except RulesetError as error:
        return report(error)
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
    result_report = TournamentReport(rules.name, args.seed, args.hands, list(dict.fromkeys(kinds)))
    progress = Progress(args.hands * len(matches), "playing", shown=not args.json and sys.stderr.isatty())
    status = EXIT_OK
    try:
        play_tournament(rules, kinds, args.hands, args.seed, backend, result_report, on_hand=progress.update)
    except KeyboardInterrupt:
        result_report.interrupted, status = True, 130
    except Terminated as stop:
        result_report.interrupted, status = True, 128 + stop.signum
    except EngineError as error:
        print(f"{terminal_safe(target)}: the engine cannot play this ruleset: {error}", file=sys.stderr)
        return EXIT_INPUT
    finally:
        progress.close()
        stop_backend(backend)
    if args.json:
        write_output(json.dumps(result_report.to_dict(), indent=2, ensure_ascii=False) + "\n", None)
    else:
        write_output(result_report.to_text(), None)
    return status


def balance_arguments(parser: argparse.ArgumentParser) -> None:
    add_allow_root(parser)
    parser.add_argument("rulesets", nargs="+", metavar="RULESET")
    parser.add_argument("--hands", type=int, default=1000, metavar="N", help="hands of each ruleset (default 1000)")
    parser.add_argument("--players", default="heuristic", metavar="KIND", type=player_kinds_option,
                        help="a player kind, or one kind per seat separated by commas (default heuristic); "
                             "'tractor-rules players' lists the kinds")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="random seed (default 0); the same seed plays the same deals")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--html", metavar="FILE", help="also write the report as an HTML page with plots "
                                                       "(needs tractor-rules[balance])")
    parser.add_argument("--plots", metavar="DIR", help="also write each plot as an SVG file into the folder DIR "
                                                       "(needs tractor-rules[balance])")
    add_run_options(parser)


def run_balance(args: argparse.Namespace) -> int:
    """Play the same deals under each ruleset and print them side by side, as text, JSON or an
    HTML page with plots (``--html FILE``, written whole or not at all)."""
    # the engine, the workers and the progress bar are loaded only by the commands that play
    from ..engine.errors import EngineError
    from ..engine.players.kinds import seat_kinds
    from ..sim.balance import BalanceReport, play_balance
    from ..sim.parallel import prepare_rules, settle_heap
    from ..sim.runs import Progress, check_hands, start_backend, stop_backend

    prog = "tractor-rules balance"
    rulesets: list[tuple[str, Rules]] = []
    status = EXIT_OK
    for target in args.rulesets:
        try:
            rulesets.append((terminal_safe(target), load_ruleset(args, target)))
        except RulesetError as error:
            status = report(error)
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
            from ..sim.plots import load_pyplot  # matplotlib, an optional extra, only when plots are asked for

            load_pyplot()
        except ImportError as exc:
            print(f"{prog}: {exc}", file=sys.stderr)
            return EXIT_USAGE
    if args.html is not None:
        output_target(args.html)  # a place that cannot be written is refused before the run
    try:
        backend = start_backend(args, args.hands)
    except (ValueError, ImportError) as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    result_report = BalanceReport(args.seed, args.players, args.hands)
    progress = Progress(args.hands * len(rulesets), "playing", shown=not args.json and sys.stderr.isatty())
    status = EXIT_OK
    playing = ""
    try:
        for name, rules in rulesets:
            playing = name
            prepare_rules(rules)  # each ruleset's card orders built and set aside before its hands
            settle_heap()
            play_balance([(name, rules)], lambda r: tuple(seat_kinds(args.players, r.table.players)), args.players,
                         args.hands, args.seed, backend, result_report, on_hand=progress.update)
    except KeyboardInterrupt:
        result_report.interrupted, status = True, 130
    except Terminated as stop:
        result_report.interrupted, status = True, 128 + stop.signum
    except EngineError as error:
        print(f"{playing}: the engine cannot play this ruleset: {error}", file=sys.stderr)
        return EXIT_INPUT
    finally:
        progress.close()
        stop_backend(backend)
    if args.html is not None or args.plots is not None:
        from ..sim.plots import file_name, html_page, plots

        pictures = plots(result_report)
        if args.html is not None:
            write_output(html_page(result_report, pictures), args.html)
        if args.plots is not None:
            for title, svg in pictures.items():
                write_output(svg, str(Path(args.plots) / file_name(title)))
    if args.json:
        write_output(json.dumps(result_report.to_dict(), indent=2, ensure_ascii=False) + "\n", None)
    else:
        write_output(result_report.to_text(), None)
    return status


PLAYERS = Command("players", "list the kinds of computer player", no_arguments, run_players)
SIMULATE = Command("simulate", "play hands with computer players and print statistics", simulate_arguments,
                   run_simulate)
TOURNAMENT = Command("tournament", "play each pair of player kinds as teams against each other and compare them",
                     tournament_arguments, run_tournament)
BALANCE = Command("balance", "play the same deals under several rulesets and compare them, with confidence "
                  "intervals", balance_arguments, run_balance)
