"""The ``tractor-rules`` command line.

Exit codes: 0 success; 1 the input is wrong (a ruleset that does not compile, a file that is not
formatted under ``fmt --check``); 2 the command itself is wrong (unknown option, missing argument).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from . import __version__
from .api import builtin_names, load, load_resolved, schema
from .errors import RulesetError, terminal_safe
from .language.resolve import read_ruleset_bytes
from .language.suggest import quoted
from .resources import builtin_path
from .sim.backends import WorkerLost, add_run_options

DEFAULT_RULESET = "two-decks"
#: what ``render --kind`` prints; the renderer's registry (render/kinds.py) is the authority, and
#: a test keeps this list equal to it (importing the renderer here would slow every command)
RENDER_KINDS = ("sheet", "card", "tracker")
EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2

EPILOG = """\
A RULESET is the name of a shipped ruleset (see 'tractor-rules list') or the path of a .tractor
file.  Without one, commands use the default ruleset, "two-decks".

exit status:
  0  success
  1  the input is wrong: a ruleset that does not compile, a file that fmt --check would change,
     a warning of lint
  2  the command is wrong: unknown command or option, missing argument
"""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse's own exits with 2 too; keep its format
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


class OutputError(Exception):
    """An output file that cannot be written; its message is the one line the user sees."""


#: the most hands one simulation run plays (its report does not grow with it; a log does, by
#: about 2 KB a hand)
MAX_HANDS = 10_000_000


def _output_target(out: str) -> tuple[Path, int]:
    """The file to replace for output ``out`` and the permissions to give it.  A symbolic link is
    followed (its target is written; the link stays); only a regular file, or a name that does not
    exist yet, is replaced; a replaced file keeps its permissions, a new one gets the umask's."""
    if out == "":
        raise OutputError("cannot write to '': the file name is empty")
    shown = quoted(out)
    try:
        real = Path(os.path.realpath(out))
        info = os.stat(real)
    except FileNotFoundError:
        info = None
    except (OSError, ValueError) as exc:
        raise OutputError(f"cannot write to {shown}: {_why(exc)}") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise OutputError(f"cannot write to {shown}: it is a folder")
        if not stat.S_ISREG(info.st_mode):
            raise OutputError(f"cannot write to {shown}: it is not a regular file (a device, a pipe or a "
                              "socket), and only files are written; use '-' for standard output")
        return real, stat.S_IMODE(info.st_mode)
    if not real.parent.is_dir():
        raise OutputError(f"cannot write to {shown}: there is no folder {quoted(str(real.parent))}")
    umask = os.umask(0)
    os.umask(umask)
    return real, 0o666 & ~umask


def _why(exc: BaseException) -> str:
    if isinstance(exc, ValueError):
        return "the name holds a NUL character"
    return str(getattr(exc, "strerror", None) or exc)


def _temporary_beside(real: Path, shown: str) -> tuple[int, str]:
    """A new hidden file in the target's folder (so that renaming it over the target is atomic)."""
    try:
        return tempfile.mkstemp(prefix=".tractor-rules-", suffix=".tmp", dir=real.parent)
    except OSError as exc:
        raise OutputError(f"cannot write to {shown}: {_why(exc)}") from None


def _write_output(text: str, out: str | None) -> None:
    """Write to ``out`` whole or not at all (a failure never leaves a partial file), or to stdout.
    See docs/security.md: only regular files are replaced, links are followed, modes are kept."""
    if out is None or out == "-":
        sys.stdout.write(text)
        return
    real, mode = _output_target(out)
    fd, tmp = _temporary_beside(real, quoted(out))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fchmod(handle.fileno(), mode)
        os.replace(tmp, real)
        tmp = ""
    except OSError as exc:
        raise OutputError(f"cannot write to {quoted(out)}: {_why(exc)}") from None
    finally:
        if tmp:
            Path(tmp).unlink(missing_ok=True)


def _report(error: RulesetError) -> int:
    print(error.render(), file=sys.stderr)
    count = len(error.diagnostics)
    if count > 1:
        print(f"{count} errors", file=sys.stderr)
    return EXIT_INPUT


def _load(args: argparse.Namespace, target: str):
    """``load(target)`` with the folders ``--allow-root`` names: besides them, a file's parents may
    come from the folder of the file named on the command line (docs/security.md)."""
    return load(target, allowed_roots=_roots(args, target))


def _load_resolved(args: argparse.Namespace, target: str):
    """``load_resolved(target)``, with the folders of ``_load``."""
    return load_resolved(target, allowed_roots=_roots(args, target))


def _roots(args: argparse.Namespace, target: str) -> list[str | Path] | None:
    roots = getattr(args, "allow_root", None)
    if not roots:
        return None
    own = Path(target).parent if builtin_path(target) is None or os.path.lexists(target) else None
    return [*roots, *([own] if own is not None else [])]


def _cmd_list(args: argparse.Namespace) -> int:
    for name in builtin_names():
        try:
            title = terminal_safe(load(name).name)
        except RulesetError:  # a broken shipped file still gets listed; 'check' tells why
            title = "(does not compile)"
        print(f"{name:<28} {title}")
    return EXIT_OK


def _cmd_players(args: argparse.Namespace) -> int:
    from .engine.kinds import player_kinds

    for kind in player_kinds().values():
        name = kind.name if kind.budget is None else f"{kind.name}[:N]"
        budget = "" if kind.budget is None else f"; {kind.name}:N sets N {kind.budget}"
        print(f"{name:<12} {kind.summary}{budget}")
    return EXIT_OK


def _cmd_check(args: argparse.Namespace) -> int:
    from .language.compiler import compile_resolved
    from .language.lint import compile_warnings

    status = EXIT_OK
    for target in args.rulesets or [DEFAULT_RULESET]:
        try:
            resolved = _load_resolved(args, target)
            rules = compile_resolved(resolved)
        except RulesetError as error:
            status = _report(error)
            continue
        for warning in compile_warnings(resolved, rules):  # a warning does not fail the check
            print(warning.render(), file=sys.stderr)
        if not args.quiet:
            print(f"{terminal_safe(target)}: ok ({terminal_safe(rules.name)})")
    return status


def _cmd_lint(args: argparse.Namespace) -> int:
    from . import lint_command

    return lint_command.run(args, _load_resolved, DEFAULT_RULESET)


def _cmd_compile(args: argparse.Namespace) -> int:
    try:
        rules = _load(args, args.ruleset or DEFAULT_RULESET)
    except RulesetError as error:
        return _report(error)
    text = json.dumps(rules.to_dict(), indent=None if args.compact else 2, ensure_ascii=False)
    _write_output(text + "\n", args.output)
    return EXIT_OK


def _cmd_schema(args: argparse.Namespace) -> int:
    _write_output(json.dumps(schema(), indent=2, ensure_ascii=False) + "\n", args.output)
    return EXIT_OK


def _cmd_render(args: argparse.Namespace) -> int:
    from .render import render_sheet

    try:
        rules = _load(args, args.ruleset or DEFAULT_RULESET)
    except RulesetError as error:
        return _report(error)
    try:
        text = render_sheet(rules, format=args.format, lang=args.lang, kind=args.kind)
    except ValueError as exc:  # a kind not written in the format asked for
        print(f"tractor-rules render: {exc}", file=sys.stderr)
        return EXIT_USAGE
    _write_output(text, args.output)
    return EXIT_OK


def _cmd_diff(args: argparse.Namespace) -> int:
    from .render import render_diff

    try:
        first, second = _load(args, args.first), _load(args, args.second)
    except RulesetError as error:
        return _report(error)
    _write_output(render_diff(first, second, format=args.format, lang=args.lang), args.output)
    return EXIT_OK


def _player_kinds(text: str) -> str:
    from .engine.kinds import parse_players

    try:
        parse_players(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _run_in(module: str) -> Callable[[argparse.Namespace], int]:
    """A command whose logic lives in ``module`` (its ``run(args)``), imported only when run."""

    def run(args: argparse.Namespace) -> int:
        from importlib import import_module

        command: Callable[[argparse.Namespace], int] = import_module(module).run
        return command(args)

    return run


def _ruleset_file(target: str) -> Path:
    path = builtin_path(target)
    return path if path is not None and not os.path.lexists(target) else Path(target)


def _cmd_fmt(args: argparse.Namespace) -> int:
    from .language.format import format_text

    if args.write:
        shipped = [t for t in args.rulesets if not os.path.lexists(t) and builtin_path(t) is not None]
        if not args.rulesets or shipped:
            print("tractor-rules fmt: --write rewrites files: give their paths "
                  f"({'not the shipped ruleset ' + repr(shipped[0]) if shipped else 'none given'})", file=sys.stderr)
            return EXIT_USAGE
    status = EXIT_OK
    for target in args.rulesets or [DEFAULT_RULESET]:
        path = _ruleset_file(target)
        try:
            text = read_ruleset_bytes(path, quoted(target)).decode("utf-8")
        except RulesetError as error:
            status = _report(error)
            continue
        except UnicodeDecodeError as exc:
            print(f"{quoted(target)}: cannot read: {exc}", file=sys.stderr)
            status = EXIT_INPUT
            continue
        try:
            formatted = format_text(text, target)
        except RulesetError as error:
            status = _report(error)
            continue
        if args.check:
            if formatted != text:
                print(f"{target}: would be reformatted", file=sys.stderr)
                status = EXIT_INPUT
        elif args.write:
            if formatted != text:
                _write_output(formatted, str(path))
                print(f"{target}: reformatted", file=sys.stderr)
        else:
            sys.stdout.write(formatted)
    return status


def _cmd_lsp(args: argparse.Namespace) -> int:
    import importlib.util

    if importlib.util.find_spec("pygls") is None:
        print("tractor-rules lsp: the language server needs pygls: pip install 'tractor-rules[lsp]'",
              file=sys.stderr)
        return EXIT_INPUT
    from .lsp.server import run

    return run(args)


def _cmd_vectors(args: argparse.Namespace) -> int:
    from .interop.commands import run_vectors

    return run_vectors(args)


def _cmd_verify(args: argparse.Namespace) -> int:
    from .interop.commands import run_verify

    return run_verify(args)


def _cmd_serve(args: argparse.Namespace) -> int:
    from .interop.commands import run_serve

    return run_serve(args)


def _cmd_export(args: argparse.Namespace) -> int:
    from .interop.commands import run_export

    return run_export(args)


def _cmd_import(args: argparse.Namespace) -> int:
    from .interop.commands import run_import

    return run_import(args)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tractor-rules",
        description="Compile, check and format rulesets for Tractor / Upgrade (升级, 拖拉机).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def command(name: str, help_text: str, run: Callable[[argparse.Namespace], int],
                loads: bool = False) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text, epilog=EPILOG,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
        sub.set_defaults(run=run)
        if loads:
            sub.add_argument("--allow-root", action="append", metavar="DIR",
                             help="let 'extends' also read .tractor files under DIR (repeatable; "
                                  "see docs/security.md)")
        return sub

    command("list", "list the shipped rulesets", _cmd_list)
    command("players", "list the kinds of computer player", _cmd_players)

    check = command("check", "compile rulesets and report every error", _cmd_check, loads=True)
    check.add_argument("rulesets", nargs="*", metavar="RULESET")
    check.add_argument("-q", "--quiet", action="store_true", help="print nothing for rulesets that compile")

    comp = command("compile", "print a ruleset's compiled rules as JSON", _cmd_compile, loads=True)
    comp.add_argument("ruleset", nargs="?", metavar="RULESET")
    comp.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    comp.add_argument("--compact", action="store_true", help="one line, no indentation")

    sch = command("schema", "print the JSON Schema of the compiled rules", _cmd_schema)
    sch.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")

    render = command("render", "print a ruleset's rule sheet, quick reference card or score tracker "
                     "(Markdown, HTML or plain text; English or Chinese)", _cmd_render, loads=True)
    render.add_argument("ruleset", nargs="?", metavar="RULESET")
    render.add_argument("--kind", choices=RENDER_KINDS, default="sheet",
                        help="sheet: every rule with examples (default); card: a one-page quick reference; "
                             "tracker: a page to note each hand's score and levels")
    render.add_argument("--format", choices=("md", "html", "txt"),
                        help="default: md for the sheet, html for the card and the tracker (which is html only)")
    render.add_argument("--lang", choices=("en", "zh"), default="en", help="default: en")
    render.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")

    diff = command("diff", "print the differences between two rulesets as rule sentences", _cmd_diff, loads=True)
    diff.add_argument("first", metavar="RULESET_A")
    diff.add_argument("second", metavar="RULESET_B")
    diff.add_argument("--format", choices=("txt", "md"), default="txt", help="default: txt")
    diff.add_argument("--lang", choices=("en", "zh"), default="en", help="default: en")
    diff.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")

    sim = command("simulate", "play hands with computer players and print statistics",
                  _run_in("tractor_rules.sim.simulate_command"), loads=True)
    sim.add_argument("ruleset", nargs="?", metavar="RULESET")
    sim.add_argument("--hands", type=int, default=100, metavar="N", help="hands to play (default 100)")
    sim.add_argument("--seed", type=int, default=0, metavar="S", help="random seed; the same seed plays the same games")
    sim.add_argument("--players", default="random", metavar="KIND", type=_player_kinds,
                     help="a player kind, or one kind per seat separated by commas (default random); "
                          "'tractor-rules players' lists the kinds")
    sim.add_argument("--log", metavar="FILE.jsonl", help="write every hand as one JSON line (see the docs)")
    sim.add_argument("--json", action="store_true", help="print the statistics as JSON")
    add_run_options(sim)

    tour = command("tournament", "play each pair of player kinds as teams against each other and compare them",
                   _run_in("tractor_rules.sim.tournament_command"), loads=True)
    tour.add_argument("ruleset", nargs="?", metavar="RULESET")
    tour.add_argument("--players", default="random,greedy,heuristic", metavar="KINDS", type=_player_kinds,
                      help="the kinds to pair, separated by commas (default random,greedy,heuristic); "
                           "'tractor-rules players' lists the kinds")
    tour.add_argument("--hands", type=int, default=200, metavar="N",
                      help="hands each pairing plays, half with each seating (default 200)")
    tour.add_argument("--seed", type=int, default=0, metavar="S", help="random seed; the same seed plays the same games")
    tour.add_argument("--json", action="store_true", help="print the report as JSON")
    add_run_options(tour)

    bal = command("balance", "play the same deals under several rulesets and compare them, with confidence intervals",
                  _run_in("tractor_rules.sim.balance_command"), loads=True)
    bal.add_argument("rulesets", nargs="+", metavar="RULESET")
    bal.add_argument("--hands", type=int, default=1000, metavar="N", help="hands of each ruleset (default 1000)")
    bal.add_argument("--players", default="heuristic", metavar="KIND", type=_player_kinds,
                     help="a player kind, or one kind per seat separated by commas (default heuristic); "
                          "'tractor-rules players' lists the kinds")
    bal.add_argument("--seed", type=int, default=0, metavar="S", help="random seed; the same seed plays the same deals")
    bal.add_argument("--json", action="store_true", help="print the report as JSON")
    bal.add_argument("--html", metavar="FILE", help="also write the report as an HTML page with plots "
                                                    "(needs tractor-rules[balance])")
    bal.add_argument("--plots", metavar="DIR", help="also write each plot as an SVG file into the folder DIR "
                                                    "(needs tractor-rules[balance])")
    add_run_options(bal)

    from . import lint_command

    lint = command("lint", "warn about rules that compile but are probably not what was meant", _cmd_lint,
                   loads=True)
    lint_command.add_arguments(lint)

    from .interop.commands import (add_export_arguments, add_import_arguments, add_serve_arguments,
                                   add_verify_arguments, add_vectors_arguments)

    add_vectors_arguments(command("vectors", "write conformance test cases (JSON Lines) that another engine can "
                                  "run to prove it plays a ruleset", _cmd_vectors, loads=True))
    add_verify_arguments(command("verify", "check this package's engine against a vector file", _cmd_verify,
                                 loads=True))
    add_serve_arguments(command("serve", "answer the rules oracle's questions as JSON-RPC 2.0 over standard "
                                "input and output (one message per line) or HTTP", _cmd_serve, loads=True))
    add_export_arguments(command("export", "write another engine's settings for a ruleset, and what it cannot play",
                                 _cmd_export, loads=True))
    add_import_arguments(command("import", "write a ruleset from another engine's settings", _cmd_import))

    fmt = command("fmt", "print rulesets in canonical form", _cmd_fmt)
    fmt.add_argument("rulesets", nargs="*", metavar="RULESET")
    mode = fmt.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="exit 1 if a file is not in canonical form")
    mode.add_argument("--write", action="store_true", help="rewrite files in place")

    lsp = command("lsp", "run the language server for editors (LSP over standard input and output)", _cmd_lsp)
    # editors start servers with "--stdio"; it is the only transport, so the option changes nothing
    lsp.add_argument("--stdio", action="store_true", help="talk over standard input and output (the default)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    previous = {}
    if threading.current_thread() is threading.main_thread():  # handlers can be set there only
        previous = {sig: signal.signal(sig, _terminated) for sig in _CLEAN_EXIT_SIGNALS}
    try:
        return args.run(args)
    except OutputError as error:
        print(f"tractor-rules {args.command}: {error}", file=sys.stderr)
        return EXIT_INPUT
    except WorkerLost as error:  # a run's output files are removed as the error unwinds
        print(f"tractor-rules {args.command}: {error}; the run is abandoned", file=sys.stderr)
        return EXIT_INPUT
    except BrokenPipeError:  # `tractor-rules compile | head`
        sys.stderr.close()
        return EXIT_OK
    except KeyboardInterrupt:
        return 130
    except _Terminated as stop:
        return 128 + stop.signum
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


class _Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: unwinds like Ctrl-C does, so that every ``finally`` removes its
    temporary file."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _terminated(signum: int, frame: object) -> None:
    raise _Terminated(signum)


_CLEAN_EXIT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


if __name__ == "__main__":
    # run the package's own copy of this module, so that the commands' modules, which import it,
    # see the same classes (an exception raised here is caught there)
    from tractor_rules.cli import main as package_main

    sys.exit(package_main())
