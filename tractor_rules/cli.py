"""The ``tractor-rules`` command line: builds the parser from the commands' own definitions
(``tractor_rules.commands``) and runs the command asked for (``main``, the entry point).

Exit codes: 0 success; 1 the input is wrong (a ruleset that does not compile, a file that is not
formatted under ``fmt --check``); 2 the command itself is wrong (unknown option, missing argument).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from . import __version__
from .commands import COMMANDS
from .commands.common import EPILOG, EXIT_INPUT, EXIT_OK, EXIT_USAGE, Terminated, terminating_signals
from .outputs import OutputError
from .sim.backends import WorkerLost

__all__ = ["build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse's own exits with 2 too; keep its format
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``tractor-rules``: one subcommand for each of ``COMMANDS``, in their order."""
    parser = _Parser(
        prog="tractor-rules",
        description="Compile, check and format rulesets for Tractor / Upgrade (升级, 拖拉机).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for command in COMMANDS:
        sub = subparsers.add_parser(command.name, help=command.help, description=command.help, epilog=EPILOG,
                                    formatter_class=argparse.RawDescriptionHelpFormatter)
        sub.set_defaults(run=command.run)
        command.add_arguments(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``tractor-rules`` with ``argv`` (default: the process's arguments); the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
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
        except KeyboardInterrupt:
            return 130
        except Terminated as stop:
            return 128 + stop.signum


if __name__ == "__main__":
    sys.exit(main())
