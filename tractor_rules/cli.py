"""The ``tractor-rules`` command line: builds the parser from the commands' own definitions
(``tractor_rules.commands``) and runs the command asked for (``main``, the entry point).

Exit codes: 0 success; 1 the input is wrong (a ruleset that does not compile, a file that is not
formatted under ``fmt --check``); 2 the command itself is wrong (unknown option, missing argument).
"""

from __future__ import annotations

import argparse
import difflib
import io
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any, NoReturn

from . import __version__
from .commands import COMMANDS
from .commands.common import (EPILOG, EXIT_EPILOG, EXIT_INPUT, EXIT_OK, EXIT_USAGE, Terminated, takes_rulesets,
                              terminating_signals)
from .outputs import OutputError
from .resources import build_description
from .sim.backends import WorkerLost

__all__ = ["StandardOutputError", "build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    #: more of the help, before the epilog, made when the help is printed (``Command.more_help``)
    more_help: Callable[[], str] | None = None

    def format_help(self) -> str:
        if self.more_help is None:
            return super().format_help()
        epilog = self.epilog
        self.epilog = f"{self.more_help().rstrip()}\n\n{epilog or ''}"
        try:
            return super().format_help()
        finally:
            self.epilog = epilog

    def error(self, message: str) -> NoReturn:  # argparse's own exits with 2 too; keep its format
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        """What argparse parses, but an argument this parser does not know is an error here, with
        this parser's usage and the option meant: argparse hands a subcommand's unknown arguments
        back to the main parser, whose usage and error never name the subcommand or its options."""
        parsed, unknown = super().parse_known_args(args, namespace)
        if unknown:
            self.error(self._unknown_arguments(unknown))
        return parsed, unknown

    def _unknown_arguments(self, unknown: list[str]) -> str:
        """The error for arguments this parser does not take: each unknown option with the option
        spelt closest to it ("did you mean '--hands'?"), then any other argument left over."""
        options = [o for action in self._actions for o in action.option_strings]
        said = []
        for argument in (a for a in unknown if a.startswith("-") and a != "-"):
            name = argument.split("=", 1)[0]
            close = difflib.get_close_matches(name, options, n=1, cutoff=0.6)
            meant = f": did you mean '{close[0]}'?" if close else ""
            said.append(f"unknown option '{name}'{meant}")
        rest = [a for a in unknown if not a.startswith("-") or a == "-"]
        if rest:
            said.append("unrecognized arguments: " + " ".join(rest))
        return "; ".join(said)


class _Version(argparse._VersionAction):
    """``--version``: the version and how the installation runs (``build_description``), looked up
    only when asked for."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        self.version = f"%(prog)s {__version__} ({build_description()})"
        super().__call__(parser, namespace, values, option_string)


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``tractor-rules``: one subcommand for each of ``COMMANDS``, in their order."""
    parser = _Parser(
        prog="tractor-rules",
        description="Compile, check and format rulesets for Tractor / Upgrade (升级, 拖拉机).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=_Version,
                        help="show the version, whether the engine is compiled or pure Python, and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for command in COMMANDS:
        sub = subparsers.add_parser(command.name, help=command.help, description=command.help,
                                    formatter_class=argparse.RawDescriptionHelpFormatter)
        sub.set_defaults(run=command.run)
        command.add_arguments(sub)
        # what a RULESET is, only for the commands that take one
        sub.epilog = EPILOG if takes_rulesets(sub) else EXIT_EPILOG
        sub.more_help = command.more_help
    return parser


@cache
def _the_parser() -> argparse.ArgumentParser:
    """``build_parser()``, built once per process: building it costs more than most commands' own
    work (a process, a test's worker or the hostile suite's, runs the command line thousands of
    times).  Parsing leaves it as it was: each call parses into a new namespace, the defaults are
    constants, ``--version`` and ``format_help`` set what they change again (or back) each time,
    and nothing of the parser depends on the environment of the call (standard output and the
    terminal's width are looked up when the help is printed)."""
    return build_parser()


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``tractor-rules`` with ``argv`` (default: the process's arguments); the exit status."""
    parser = _the_parser()
    with _guarded_output() as output:
        try:
            args = parser.parse_args(argv)  # --help and --version write to standard output
        except SystemExit:
            # argparse drops the write errors of --help and --version, and exits 0
            if output.failure is not None:
                return _cannot_write(parser.prog, output.failure)
            raise
        if args.command is None:
            parser.print_help(sys.stderr)
            return EXIT_USAGE
        with terminating_signals():
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
            except StandardOutputError as error:  # `tractor-rules list > /dev/full`
                return _cannot_write(f"tractor-rules {args.command}", error)
            except KeyboardInterrupt:
                return 130
            except Terminated as stop:
                return 128 + stop.signum


def _cannot_write(prog: str, error: OSError) -> int:
    """Standard output failed: one line on standard error, whichever command it was; exit 1."""
    _silence_output()
    print(f"{prog}: cannot write to standard output: {error.strerror or error}", file=sys.stderr)
    return EXIT_INPUT


class StandardOutputError(OSError):
    """Writing to standard output failed (a full disk, ``> /dev/full``, an I/O error)."""


class _GuardedOutput:
    """Standard output (text, or its ``buffer`` of bytes) for the duration of a command: a write that
    fails raises ``StandardOutputError``, so that the command line can tell it from the errors of
    the files a command reads.  A broken pipe stays a ``BrokenPipeError`` (``| head`` is no error).
    Everything else is the stream's own."""

    def __init__(self, stream: Any):
        self._stream = stream
        self._buffer: _GuardedOutput | None = None
        #: the first write that failed (a caller may have dropped the error: argparse does)
        self.failure: StandardOutputError | None = None

    def write(self, data: Any) -> Any:
        return self._guard(self._stream.write, data)

    def writelines(self, lines: Any) -> Any:
        return self._guard(self._stream.writelines, lines)

    def flush(self) -> Any:
        return self._guard(self._stream.flush)

    @property
    def buffer(self) -> "_GuardedOutput":
        if self._buffer is None:
            self._buffer = _GuardedOutput(self._stream.buffer)
            self._buffer.failure = self.failure
        return self._buffer

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)

    def _guard(self, call: Callable[..., Any], *args: Any) -> Any:
        try:
            return call(*args)
        except BrokenPipeError:
            raise
        except OSError as error:
            failure = StandardOutputError(error.errno, error.strerror)
            if self.failure is None:
                self.failure = failure
            raise failure from error


@contextmanager
def _guarded_output() -> Iterator[_GuardedOutput]:
    real = sys.stdout
    guarded = _GuardedOutput(real)
    sys.stdout = guarded
    try:
        yield guarded
    finally:
        sys.stdout = real


def _silence_output() -> None:
    """Point standard output at the null device, so that the flush at the interpreter's exit does
    not fail again, with a message of its own, on what could not be written."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, sys.stdout.fileno())
        finally:
            os.close(null)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass  # not a file of the system (a test's capture): nothing is flushed at exit


if __name__ == "__main__":
    sys.exit(main())
